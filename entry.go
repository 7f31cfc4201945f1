package feedspec

import (
	"encoding/json"
	"time"
	"unsafe"

	"github.com/feedspec/feedspec/xml5"
)

// An Entry is an entry (an Atom entry, an RSS item) of a feed.
//
// The fields from Title to Enclosures are the specification's model, filled
// by its steps; the first element that gives a value wins. Null is nil for
// texts, images, durations and dates, and "" for PageURL (a serialized URL
// is never empty). Authors, Categories and Enclosures are empty (nil) when
// the spec's lists are empty.
type Entry struct {
	// Feed is the feed the entry belongs to (not in the JSON).
	Feed *Feed `json:"-"`

	// Title is the Atom title (Atom 0.3 title), the RSS item's title, or a
	// media:title in an Atom entry's media:group. An RSS title is a
	// string even when it holds markup: show it with DisplayText.
	Title *Text `json:"title,omitempty"`
	// Subtitle is the RSS item's itunes:subtitle, else its itunes:summary;
	// null when its text content is the title's.
	Subtitle *Text `json:"subtitle,omitempty"`
	// Summary is the Atom summary (Atom 0.3 summary), the RSS item's
	// description (parsed as escaped HTML), or a media:description in an
	// Atom entry's media:group; null when its text content is the title's.
	Summary *Text `json:"summary,omitempty"`
	// Content is the Atom content (Atom 0.3 content) or the RSS item's
	// content:encoded (parsed as escaped HTML); null when its text content
	// is the summary's.
	Content *Text `json:"content,omitempty"`

	// PageURL is the entry's web page: the href of the first Atom link
	// with rel "alternate" (or no rel), or the RSS item's link; null when
	// it is the URL of one of the entry's enclosures.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	PageURL string `json:"page_url,omitempty"`
	// Thumbnail is a media:thumbnail (of the item, or of an Atom entry's
	// media:group), the RSS item's itunes:image, or an RSS 1.0 item's
	// hatena:imageurl; else, when the entry has a page URL, its first
	// image enclosure (type image/*, or no type and a URL ending in .jpg,
	// .jpeg or .png), which is then removed from Enclosures. Entry.Image
	// gives the episode's own image first.
	Thumbnail *Image `json:"thumbnail,omitempty"`
	// Duration is the RSS item's itunes:duration ("S", "M:S" or "H:M:S"),
	// in whole seconds.
	Duration *time.Duration `json:"duration,omitempty,format:wholesec"`
	// Published is the Atom published (Atom 0.3 created) or the RSS
	// item's pubDate.
	Published *time.Time `json:"published,omitempty"`
	// Updated is the Atom updated (Atom 0.3 modified), an atom:updated in
	// an RSS item, or the RSS 1.0 item's dc:date.
	Updated *time.Time `json:"updated,omitempty"`

	// Authors are the entry's Atom authors, RSS author ("email (name)" or
	// a name), dc:creator and itunes:author names, in document order, a
	// name already listed without an email not repeated. ComputedAuthors
	// falls back to the feed's.
	Authors []*Person `json:"authors,omitempty" jsongen:"maxperentry"`
	// Categories are the terms of the Atom categories, RSS categories and
	// dc:subject elements (of Atom entries and RSS 1.0 items; an RSS 2.0
	// item's are in CategoryDetails only): a set, in first-seen order, no
	// repeats.
	Categories []string `json:"categories,omitempty" jsongen:"maxperentry"`
	// Enclosures are the media files: RSS enclosures, Atom links with rel
	// "enclosure", and Media RSS content elements (in the item or in a
	// media:group), in document order, each with a URL that parsed.
	// AudioEnclosure picks the audio file.
	Enclosures []*Enclosure `json:"enclosures,omitempty" jsongen:"maxperentry"`

	// The fields below are additions: the specification's model does not
	// have them (see Feed). Strings are "" when null.

	// PublishedInfo and UpdatedInfo flag an uncertain Published or
	// Updated: nil when the specification's date algorithm read the date
	// with the zone it wrote; otherwise how the date was read, with
	// DateInfo.Lenient set when the algorithm rejected it and ParseDate's
	// rules read it (WithLenientDates, WithRecovery), and
	// DateInfo.ZoneAssumed when it gave no usable zone and was read as UTC
	// (a W3C-DTF or Atom 0.3 date without a time, an RSS date whose zone
	// name the specification's table has no offset for). Not in the
	// canonical JSON: nil in a Feed read back with json.Unmarshal.
	PublishedInfo *DateInfo `json:"-"`
	UpdatedInfo   *DateInfo `json:"-"`

	// ID is the Atom id, the RSS guid or the RSS 1.0 item's rdf:about
	// (the first; process a string element, not trimmed).
	ID string `json:"id,omitempty"`
	// IDIsPermalink is set for an RSS guid only: true unless its
	// isPermaLink attribute is "false" (RSS 2.0: the default is true).
	IDIsPermalink *bool `json:"id_is_permalink,omitempty"`
	// Language is the first dc:language element's text, else the entry
	// element's xml:lang. When it is "", the feed's Language applies.
	Language string `json:"language,omitempty"`
	// Rights is the Atom rights (an Atom text) or dc:rights.
	Rights *Text `json:"rights,omitempty"`
	// CommentsURL is the RSS comments URL, else the wfw:commentRss URL,
	// else the href of an Atom link rel="replies" (one of type text/html
	// first).
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	CommentsURL string `json:"comments_url,omitempty"`
	// CommentCount is slash:comments or thr:total.
	CommentCount *int `json:"comment_count,omitempty"`
	// Source is the feed the entry was copied from: RSS source, Atom
	// source.
	Source *Source `json:"source,omitempty"`
	// Contributors are the Atom contributors and dc:contributor names.
	Contributors []*Person `json:"contributors,omitempty" jsongen:"maxperentry"`
	// CategoryDetails lists every category element in document order,
	// repeats kept: Atom categories with a non-empty term, RSS categories,
	// dc:subject elements (of Atom, RSS 2.0 and RSS 1.0 entries; in RSS 2.0
	// only here, not in Categories), media:category elements (of the item,
	// of its media:content and media:group elements, and of a group's
	// media:content; Scheme defaults to MediaCategoryScheme) and the topics of an RSS 1.0 item's taxo:topics
	// (Term the rdf:li's resource as written, Scheme TaxonomyScheme). Only
	// the first three give Categories, as the specification says.
	CategoryDetails []Category `json:"category_details,omitempty" jsongen:"maxperentry"`
	// ContentSrc and ContentType describe Atom out-of-line content: the
	// first content element with a src attribute gives its URL and its
	// type attribute as written.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	ContentSrc  string `json:"content_src,omitempty"`
	ContentType string `json:"content_type,omitempty"`
	// Links lists every Atom link element of the entry (also atom:link in
	// an RSS item) whose href parsed, in document order.
	Links []Link `json:"links,omitempty" jsongen:"maxperentry"`
	// ITunes holds the episode-level iTunes elements; nil when there are
	// none.
	ITunes *EntryITunes `json:"itunes,omitempty"`
	// Podcast holds the item-level Podcasting 2.0 elements (podcast:
	// namespace, either URI); nil when there are none.
	Podcast *EntryPodcast `json:"podcast,omitempty"`
	// CommentsFeedURL is the URL of the entry's comment feed: the first
	// wfw:commentRss element (of an RSS 2.0, RSS 1.0 or Atom entry) whose
	// text parses as a URL, read whether or not CommentsURL took it (an
	// RSS comments element wins there).
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	CommentsFeedURL string `json:"comments_feed_url,omitempty"`
	// ContentXML is the content of an Atom 1.0 content element whose type
	// is an XML media type (RFC 4287 4.1.3.3, rule 4: "application/xml",
	// "text/xml", a type ending in "/xml" or "+xml", parameters ignored,
	// ASCII case-insensitive; not "xhtml", which is Content's) and which
	// has no src attribute: its children serialized as XML, of the first
	// such element that has children. The specification's Content is null
	// for such content unless it holds text. Every element is written with
	// a start and an end tag and with the namespace declarations it needs
	// (an element at the top declares its namespace); attribute values and
	// text are escaped; comments and processing instructions are kept. ""
	// when there is none, or when the serialization would pass its budget
	// (four times the bytes the element spans in the document, plus 512,
	// room for the declarations it repeats; a DiagnosticLimit says so).
	// Untrusted: the feed's markup, never sanitized; parse it as XML,
	// never write it into a page.
	ContentXML string `json:"content_xml,omitempty"`
	// MediaRSS lists the entry's Media RSS objects: the media:content
	// elements of the item (Atom entry) and of its media:group elements,
	// each with the optional elements (title, description, thumbnails,
	// credits...) of the content, else of its group, else of the item
	// (see MediaObject; mediarss.go). An item with optional elements but
	// no content has one object without URL holding them. Enclosures keep
	// the specification's reading of the same elements.
	MediaRSS []MediaObject `json:"media_rss,omitempty" jsongen:"maxperentry"`
	// Geo is the entry's location: the first georss:point,
	// georss:where/gml:Point/gml:pos, or geo:lat and geo:long pair (W3C
	// Basic Geo, also inside a geo:Point) of the entry that gives a valid
	// point (geo.go).
	Geo *Geo `json:"geo,omitempty"`
	// License lists the URLs of the entry's licences: cc:license (its
	// rdf:resource) and creativeCommons:license (its text), in document
	// order, repeats kept (license.go).
	License []string `json:"license,omitempty" jsongen:"maxperentry"`
	// Chapters are the chapters of the entry's first psc:chapters element
	// (Podlove Simple Chapters) that has any, in document order
	// (chapters.go).
	Chapters []Chapter `json:"chapters,omitempty" jsongen:"maxperentry"`
	// InReplyTo lists the entry's thr:in-reply-to elements (RFC 4685):
	// the entries it answers (threading.go).
	InReplyTo []InReplyTo `json:"in_reply_to,omitempty" jsongen:"maxperentry"`

	// priv holds the entry's state that is not in its model, nil when it
	// has none: behind one pointer, so that an Entry fits the runtime's
	// 416-byte size class, which a feed parsed WithoutDocument keeps for
	// each entry (docs/performance.md#retained).
	priv *entryPrivate
}

// Element returns the element the entry was read from (an Atom entry, an
// RSS item), or nil for an Entry the parser did not make (an entry of a
// JSON Feed, one read with json.Unmarshal, or parsed WithoutDocument, as a
// Fetcher parses unless KeepDocument). Its
// children keep their namespaces, attributes and order: use it to read any
// extension the model does not map. The whole document stays reachable from
// it.
func (e *Entry) Element() *xml5.Node { return e.element() }

// An entryPrivate is the state of an Entry that is not in its model.
type entryPrivate struct {
	// el is the element the entry was read from (see Element).
	el *xml5.Node
	// object is the JSON Feed item the entry was read from (see
	// JSONObject).
	object map[string]json.RawMessage
	// ownImage is the episode's own itunes:image, which Image reads from
	// el: kept here when the document is let go (WithoutDocument) and it
	// is not the Thumbnail.
	ownImage *Image
	// permalink holds the value IDIsPermalink points to, so that setting
	// it allocates nothing (in a feed parsed WithoutDocument, the value is
	// moved into the feed's block of strings: detachFeed).
	permalink bool
	// base64Content is set when Content was read from an Atom content
	// element whose type is a media type of rule 6 of RFC 4287 4.1.3.3
	// (neither text nor XML: Base64); see ContentBytes.
	base64Content bool
	// dcUpdated is set when Updated is the entry's first dc:date that
	// gave a date, and dates holds what else Normalized reads of the
	// entry's dates (normalize_dates.go); nil when there is nothing.
	dcUpdated bool
	dates     *entryDates
}

// An entryWithPrivate is an Entry and its private state, allocated
// together (newEntry).
type entryWithPrivate struct {
	e Entry
	p entryPrivate
}

// newEntry returns a new Entry read from el, with its private state. The
// Entry is taken from a block of the parse (p.entryBlock, or when parsed
// WithoutDocument p.detachedEntries), allocated for el and the elements
// after it with its name (entryBlockSize), so that a feed's entries take a
// few allocations rather than one each; every entry of a block is one of
// the Feed's. Parsed WithoutDocument, the state is taken from the parse's
// block of states (p.entryStates), which detachFeed lets go; otherwise the
// Entry and its state are allocated together.
func (p *processor) newEntry(el *xml5.Node) *Entry {
	if !p.withoutDocument {
		if len(p.entryBlock) == 0 {
			p.entryBlock = make([]entryWithPrivate, p.entryBlockSize(el, int(unsafe.Sizeof(entryWithPrivate{}))))
		}
		a := &p.entryBlock[0]
		p.entryBlock = p.entryBlock[1:]
		a.p.el = el
		a.e.priv = &a.p
		return &a.e
	}
	if len(p.entryStates) == cap(p.entryStates) {
		p.entryStates = make([]entryPrivate, 0, min(max(2*cap(p.entryStates), 4), maxEntryStateBlock))
	}
	p.entryStates = append(p.entryStates, entryPrivate{el: el})
	if len(p.detachedEntries) == 0 {
		p.detachedEntries = make([]Entry, p.entryBlockSize(el, int(unsafe.Sizeof(Entry{}))))
	}
	e := &p.detachedEntries[0]
	p.detachedEntries = p.detachedEntries[1:]
	e.priv = &p.entryStates[len(p.entryStates)-1]
	return e
}

// entryBlockSize is the number of entries, of size bytes each, a block
// taken for el holds: el and the elements after it with its name
// (entryCapacity, the entries the feed's list is sized for), no more than
// the feed may still hold, each of them processed next as an entry of the
// feed. So that a block wastes no more of its size class than the entries
// allocated one by one would (their sizes are size classes), a block the
// allocator would round up by more than a little holds the entries that
// fill the size class below, and the next block the rest.
func (p *processor) entryBlockSize(el *xml5.Node, size int) int {
	n := p.entryCapacity(el)
	if p.maxEntries >= 0 {
		n = min(n, p.maxEntries-p.entriesDone)
	}
	if n <= 1 {
		return 1
	}
	if total := n * size; roundSize(total)-total > max(64, total/32) {
		n = max(floorSize(total)/size, 1)
	}
	return n
}

// maxEntryStateBlock is the most entry states a block of p.entryStates
// holds.
const maxEntryStateBlock = 64

// private returns e's private state, made when it has none.
func (e *Entry) private() *entryPrivate {
	if e.priv == nil {
		e.priv = new(entryPrivate)
	}
	return e.priv
}

// element returns the element e was read from, nil when none.
func (e *Entry) element() *xml5.Node {
	if e.priv == nil {
		return nil
	}
	return e.priv.el
}

// ComputedAuthors returns the entry's "computed authors": its own authors,
// or else the authors of its Source (an Atom source element's, RFC 4287
// 4.2.1: an entry copied from another feed keeps that feed's authors), or
// else its feed's, or else nil. The source's step is an addition to the
// specification's [81]–[84], which go from the entry to the feed; no value
// of the canonical JSON is computed from it.
func (e *Entry) ComputedAuthors() []*Person { // [81]
	if len(e.Authors) != 0 { // [82]
		return e.Authors
	}
	if e.Source != nil && len(e.Source.Authors) != 0 { // RFC 4287 4.2.1
		return e.Source.Authors
	}
	if e.Feed != nil { // [83]
		return e.Feed.Authors
	}
	return nil // [84]
}

// ComputedRights returns the rights in effect for the entry (RFC 4287
// 4.2.10): its own Rights, or else its Source's (an Atom source element's
// rights), or else its feed's Rights, or else nil. Like Rights, an
// addition: the specification's model has no rights.
func (e *Entry) ComputedRights() *Text {
	if e.Rights != nil {
		return e.Rights
	}
	if e.Source != nil && e.Source.Rights != nil {
		return e.Source.Rights
	}
	if e.Feed != nil {
		return e.Feed.Rights
	}
	return nil
}

// ComputedLanguage returns the entry's language, or else its feed's (an
// addition, like Language), or else "".
func (e *Entry) ComputedLanguage() string {
	if e.Language != "" {
		return e.Language
	}
	if e.Feed != nil {
		return e.Feed.Language
	}
	return ""
}

// ComputedUpdated returns the entry's "computed updated": its updated date,
// or else its published date, or else its feed's updated date, or else the
// current time.
func (e *Entry) ComputedUpdated() time.Time { // [93]
	if e.Updated != nil { // [94]
		return *e.Updated
	}
	if e.Published != nil { // [97]
		return *e.Published
	}
	if e.Feed != nil && e.Feed.Updated != nil { // [95]
		return *e.Feed.Updated
	}
	return time.Now() // [96]
}

// categoryMapThreshold is the size from which an entry's category set is
// indexed by a map instead of being searched linearly.
const categoryMapThreshold = 16

// addCategory adds term to the current entry's categories, a set kept in
// first-seen order, collected in p.entryTerms until finishEntry gives them to
// the entry. Long sets are indexed in p.categories, which startEntry empties
// for every entry (keeping its room: an entry after another with many
// categories does not grow it again).
func (p *processor) addCategory(term string) {
	if !p.categoriesIndexed {
		for _, c := range p.entryTerms {
			if c == term {
				return
			}
		}
		p.entryTerms = append(p.entryTerms, term)
		if len(p.entryTerms) >= categoryMapThreshold {
			p.categoriesIndexed = true
			if p.categories == nil {
				p.categories = make(map[string]struct{}, 2*len(p.entryTerms))
			}
			for _, c := range p.entryTerms {
				p.categories[c] = struct{}{}
			}
		}
		return
	}
	if _, ok := p.categories[term]; ok {
		return
	}
	p.categories[term] = struct{}{}
	p.entryTerms = append(p.entryTerms, term)
}

// cleanupEntry is "cleanup entry" [262].
func cleanupEntry(e *Entry) {
	if e.PageURL != "" { // [263]
		for _, enc := range e.Enclosures {
			if enc.URL == e.PageURL {
				e.PageURL = "" // [264]
				break
			}
		}
	}
	if e.PageURL != "" && e.Thumbnail == nil { // [332]
		for i, enc := range e.Enclosures {
			if isImageEnclosure(enc) {
				// [334] the first such enclosure
				e.Thumbnail = &Image{URL: enc.URL}                        // [333]; stored as the thumbnail (docs/decisions.md#image-enclosure-thumbnail)
				rest := append(e.Enclosures[:i:i], e.Enclosures[i+1:]...) // [335]
				// The list's first element may be a slot of a block the
				// feed keeps (appendEnclosure): it must not keep the
				// enclosure the entry left.
				e.Enclosures[i] = nil
				e.Enclosures = rest
				if len(e.Enclosures) == 0 {
					e.Enclosures = nil
				}
				break
			}
		}
	}
	if e.Title != nil && e.Subtitle != nil && sameTextContent(e.Title, e.Subtitle) { // [265]
		e.Subtitle = nil
	}
	if e.Title != nil && e.Summary != nil && sameTextContent(e.Title, e.Summary) { // [266]
		e.Summary = nil
	}
	if e.Summary != nil && e.Content != nil && sameTextContent(e.Summary, e.Content) { // [291]
		e.Content = nil
	}
}

// isImageEnclosure reports whether enc is an image for [332]: its type starts
// with "image/" (ASCII case-insensitive), or it has no type and its URL ends
// with ".jpeg", ".jpg" or ".png" (case-sensitive).
func isImageEnclosure(enc *Enclosure) bool {
	if enc.MIMEType != nil {
		return asciiHasPrefixFold(*enc.MIMEType, "image/")
	}
	u := enc.URL
	return hasSuffix(u, ".jpeg") || hasSuffix(u, ".jpg") || hasSuffix(u, ".png")
}

// hasSuffix reports whether s ends with suffix.
func hasSuffix(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix
}

// asciiHasPrefixFold reports whether s starts with prefix, comparing ASCII
// letters case-insensitively (prefix must be lower case).
func asciiHasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	return asciiEqualFold(s[:len(prefix)], prefix)
}

// asciiEqualFold reports whether s equals lower, a lower-case string,
// comparing ASCII letters case-insensitively ("ASCII case-insensitive").
func asciiEqualFold(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

package feedspec

import (
	"encoding/json"
	"errors"
	"io"
	"time"

	"github.com/feedspec/feedspec/internal/docmem"
	"github.com/feedspec/feedspec/xml5"
)

// ErrNotFeed is wrapped by the error ParseDocument and ParseResponse return
// when the document was read and is not a feed: its root element is not a
// feed's, or (ParseResponse) its computed MIME type is not an XML type (a
// *MIMETypeError) or it is an HTML page (a *HTMLPageError). A response
// whose status is not 200 matches ErrStatus instead: its body was not read.
var ErrNotFeed = errors.New("feedspec: not a feed")

// A Feed is a parsed feed.
//
// The fields up to Entries are the specification's model, filled by its
// steps. Null fields are nil (texts, images, dates) or "" (URLs: a
// serialized URL is never empty). Authors and Entries are nil when empty.
// Where several elements can fill a field, the first one in document order
// that gives a value wins. Texts read from RSS elements are strings (the
// specification does not parse them as HTML even when a publisher put
// markup in them): show them with DisplayText.
type Feed struct {
	// Title is the Atom title (Atom 0.3 title), the RSS channel's title
	// or the RSS 1.0 channel's title.
	Title *Text `json:"title,omitempty"`
	// Subtitle is the Atom subtitle (Atom 0.3 tagline) or an RSS
	// channel's itunes:subtitle.
	Subtitle *Text `json:"subtitle,omitempty"`
	// Description is the RSS channel's description, else its
	// itunes:summary, or the RSS 1.0 channel's description.
	Description *Text `json:"description,omitempty"`

	// PageURL is the URL of the site the feed belongs to: the href of the
	// first Atom link with rel "alternate" (or no rel), the RSS channel's
	// link, or the RSS 1.0 channel's link.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	PageURL string `json:"page_url,omitempty"`
	// FeedURL is the feed's own URL as it states it: the href of the
	// first Atom link with rel "self" (also an atom:link in an RSS
	// channel).
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	FeedURL string `json:"feed_url,omitempty"`
	// PreviousFeedURL and NextFeedURL are the hrefs of the first Atom
	// links with rel "prev" or "previous" and rel "next" (paged or
	// archived feeds, RFC 5005).
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	PreviousFeedURL string `json:"previous_feed_url,omitempty"`
	NextFeedURL     string `json:"next_feed_url,omitempty"`
	// Icon is the Atom icon, or the RSS channel's first itunes:image; it
	// is dropped when the logo has the same URL.
	Icon *Image `json:"icon,omitempty"`
	// Logo is the Atom logo, the RSS channel's image url, or the RSS 1.0
	// image's url.
	Logo *Image `json:"logo,omitempty"`
	// Updated is the Atom updated (Atom 0.3 modified), the RSS channel's
	// first pubDate or lastBuildDate, or the RSS 1.0 channel's dc:date.
	Updated *time.Time `json:"updated,omitempty"`

	// Authors are the feed's Atom authors, RSS managingEditor ("email
	// (name)" or a name), dc:creator and itunes:author names, in document
	// order, a name already listed without an email not repeated.
	Authors []*Person `json:"authors,omitempty" jsongen:"maxperfeed"`
	// Entries are the Atom entries, or the RSS items (of the channel and
	// directly under rss), or the RSS 1.0 items, in document order.
	Entries []*Entry `json:"entries,omitempty" jsongen:"stream,maxitems"`

	// The fields below are additions: the specification's model does not
	// have them. They are read from the format specifications (RSS 2.0,
	// Atom, the Dublin Core, syndication and iTunes modules) and come after
	// the spec's fields in the canonical JSON, each omitted when null or
	// empty. Strings are "" when null.

	// UpdatedInfo flags an uncertain Updated, as Entry.PublishedInfo does
	// (not in the canonical JSON).
	UpdatedInfo *DateInfo `json:"-"`

	// ID is the Atom id (process a string element; not trimmed), or an RSS
	// 1.0 channel's rdf:about.
	ID string `json:"id,omitempty"`
	// Language is the first RSS language or dc:language element's text,
	// else the xml:lang of the RSS channel or of the root element (for Atom,
	// of the feed element).
	Language string `json:"language,omitempty"`
	// Rights is the first Atom rights (an Atom text), RSS copyright, Atom
	// 0.3 copyright or dc:rights.
	Rights *Text `json:"rights,omitempty"`
	// Generator is the first Atom or RSS generator element (or RSS 1.0
	// admin:generatorAgent).
	Generator *Generator `json:"generator,omitempty"`
	// CategoryDetails lists every category of the feed, in document order
	// (repeats kept): Atom categories with a non-empty term, RSS channel
	// categories, iTunes categories with their subcategories, RSS channel
	// media:category elements (Scheme defaulting to MediaCategoryScheme)
	// and the topics of an RSS 1.0 channel's taxo:topics (Scheme
	// TaxonomyScheme).
	CategoryDetails []Category `json:"category_details,omitempty" jsongen:"maxperfeed"`
	// TTL is the RSS ttl, in minutes.
	TTL *int `json:"ttl,omitempty"`
	// SkipHours are the RSS skipHours hours (0–23, GMT), a set in document
	// order.
	SkipHours []int `json:"skip_hours,omitempty"`
	// SkipDays are the RSS skipDays days ("Monday"…"Sunday", spelled so
	// whatever the case written), a set in document order.
	SkipDays []string `json:"skip_days,omitempty"`
	// UpdatePeriod ("hourly", "daily", "weekly", "monthly" or "yearly")
	// and UpdateFrequency (a positive count per period) come from the
	// syndication module (sy:updatePeriod, sy:updateFrequency).
	UpdatePeriod    string `json:"update_period,omitempty"`
	UpdateFrequency *int   `json:"update_frequency,omitempty"`
	// Links lists every Atom link element of the feed (also atom:link in an
	// RSS channel) whose href parsed, in document order.
	Links []Link `json:"links,omitempty" jsongen:"maxperfeed"`
	// Contributors are the Atom contributors and dc:contributor names.
	Contributors []*Person `json:"contributors,omitempty" jsongen:"maxperfeed"`
	// ITunes holds the podcast-level iTunes elements; nil when there are
	// none.
	ITunes *FeedITunes `json:"itunes,omitempty"`
	// Expired is a JSON Feed's "expired": true, which says the feed will
	// never update again; false otherwise (and for XML feeds).
	Expired bool `json:"expired,omitempty"`
	// Podcast holds the channel-level Podcasting 2.0 elements (podcast:
	// namespace, either URI); nil when there are none.
	Podcast *FeedPodcast `json:"podcast,omitempty"`

	// Format is the format and version the feed was written in (see
	// Format for what decides each); set for every feed the parser
	// returns.
	Format Format `json:"format,omitempty"`
	// Version is the version the document writes, as written: the rss
	// element's version attribute, the Atom feed element's version
	// attribute (Atom 0.3 has one; Atom 1.0 none), a JSON Feed's version
	// URL. "" when the document writes none (RSS 1.0 and 0.90 never do).
	Version string `json:"version,omitempty"`
	// ChannelImage is the RSS channel's image element whole: its url,
	// title, link, width, height and description; Logo keeps only the
	// url. It is the image Logo was read from (its URL is Logo's), or,
	// when no image gives a logo, the first image element that gives a
	// value. In RSS 1.0 (and RSS 0.90, read in recovery mode) the image
	// elements are the channel's siblings, children of the rdf:RDF root.
	ChannelImage *ChannelImage `json:"channel_image,omitempty"`
	// Cloud is the RSS channel's first cloud element with an attribute
	// that gives a value (rssCloud).
	Cloud *Cloud `json:"cloud,omitempty"`
	// TextInput is the RSS channel's first textInput (or, as RSS 0.91
	// spells it, textinput) element with a child that gives a value; in
	// RSS 1.0 (and RSS 0.90, read in recovery mode), the first textinput
	// element beside the channel.
	TextInput *TextInput `json:"text_input,omitempty"`
	// Rating is the RSS channel's first rating (a PICS label), as
	// written, when it has a non-space character.
	Rating string `json:"rating,omitempty"`
	// Docs is the RSS channel's first docs element, parsed as a URL: the
	// documentation of the format.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	Docs string `json:"docs,omitempty"`
	// WebMaster is the RSS channel's first webMaster, read as the
	// specification reads managingEditor ("email (name)" or a name): the
	// person responsible for technical issues. It is not one of Authors.
	WebMaster *Person `json:"web_master,omitempty"`
	// Published and LastBuildDate are the RSS channel's first pubDate and
	// first lastBuildDate that give a date (read as RSS 2.0 dates), kept
	// apart: Updated is the first of either in document order that gives
	// a date (the specification's rule), so it equals one of them. Each
	// field holds its own time.Time.
	Published     *time.Time `json:"published,omitempty"`
	LastBuildDate *time.Time `json:"last_build_date,omitempty"`
	// UpdateBase is the syndication module's updateBase (sy:updateBase),
	// a W3C date-time: the base from which UpdatePeriod and
	// UpdateFrequency count.
	UpdateBase *time.Time `json:"update_base,omitempty"`
	// MediaRSS lists the channel's (an Atom feed's) Media RSS objects:
	// its media:content elements and those of its media:group elements,
	// each with the optional elements that apply to it, in document order
	// (see MediaObject; mediarss.go). They are the channel's own media
	// (a podcast's trailer, a site's video); the optional elements of the
	// channel apply to them, not to the items' objects.
	MediaRSS []MediaObject `json:"media_rss,omitempty" jsongen:"maxperfeed"`
	// Geo is the feed's location: the first georss:point,
	// georss:where/gml:Point/gml:pos, or geo:lat and geo:long pair (W3C
	// Basic Geo, also inside a geo:Point) of the channel (Atom feed) that
	// gives a valid point (geo.go).
	Geo *Geo `json:"geo,omitempty"`
	// License lists the URLs of the channel's (Atom feed's) licences:
	// cc:license (its rdf:resource) and creativeCommons:license (its
	// text), in document order, repeats kept (license.go).
	License []string `json:"license,omitempty" jsongen:"maxperfeed"`
	// DeletedEntries lists the Atom feed's at:deleted-entry elements
	// (RFC 6721): the entries the publisher deleted, which a reader that
	// keeps entries drops (tombstone.go).
	DeletedEntries []DeletedEntry `json:"deleted_entries,omitempty" jsongen:"maxperfeed"`
	// Complete is true when the feed (Atom feed or RSS channel) has an
	// fh:complete element (RFC 5005 §2): the document lists every entry
	// of the feed, so an entry it no longer lists was removed.
	Complete bool `json:"complete,omitempty"`
	// Archive is true when the feed has an fh:archive element (RFC 5005
	// §4): the document is an archive page, whose entries will not
	// change. Its prev-archive, next-archive and current links are in
	// Links.
	Archive bool `json:"archive,omitempty"`

	// doc is the parsed document and el the element the feed was read
	// from (see Document and Element).
	doc *xml5.Document
	el  *xml5.Node
	// object is the top-level object of a JSON Feed (see JSONObject).
	object map[string]json.RawMessage
	// xmlBase records WithXMLBase, for ResolveURL.
	xmlBase bool
	// docURL is the document's URL (WithURL), kept for
	// Entry.NormalizedWith when the document is let go.
	docURL string
	// bodyEls maps, with WithXMLBase, each entry whose body (Content, else
	// Summary) was read from an element of its own to that element: the
	// xml:base in scope there is its HTML's base (Entry.bodyBase). When
	// the document is let go, bodyBases holds that base instead, for the
	// entries where it is not the document's URL, sorted by entry
	// (keepBodyBases). Both are nil otherwise,
	// so that an entry carries no room for them.
	bodyEls   map[*Entry]*xml5.Node
	bodyBases []entryBase
}

// ParseDocument parses r as XML (XML5: it never fails on broken XML) and runs
// "process a feed document" on it.
//
// When the document is not a feed (its root element is not an Atom feed, an
// rss element or an RDF element) it returns a nil Feed and an error wrapping
// ErrNotFeed that names the root element.
//
// When reading r fails, ParseDocument still processes what was read: it
// returns the feed parsed from it (nil if that is not a feed) together with
// an error wrapping the read error. A non-nil Feed with a non-nil error is
// therefore a feed cut short by the reader, holding every entry before the
// cut.
//
// When the input reaches one of the Limits (see WithLimits), ParseDocument
// returns the feed parsed from the part before that point (nil if that is not
// a feed) with an error wrapping ErrLimit.
//
// With WithJSONFeed, a document whose first character is "{" is read as a
// JSON Feed instead (see WithJSONFeed).
//
// Relative URLs need WithURL. It gives the document's URL, against which
// relative URLs are parsed; without it a relative URL fails to parse and its
// field stays null, as the specification says: an enclosure written "/a.mp3"
// gives an entry with no enclosure, a link "/post/1" an entry with no page
// URL. Each URL dropped so is reported by a Diagnostic of kind "url"
// (DiagnosticURL) when WithDiagnostics is given. ParseResponse passes the
// response's URL itself.
// WithCharset gives the transport's encoding label. WithDiagnostics collects
// what went wrong; WithXMLBase, WithLenientDates and WithRecovery depart from
// the specification (all are off by default).
func ParseDocument(r io.Reader, opts ...Option) (*Feed, error) { // [10]
	scratch := getParseScratch() // the options and the processor (processor.go)
	defer putParseScratch(scratch)
	c := &scratch.c
	c.apply(opts)
	if c.jsonFeed { // WithJSONFeed (jsonfeed.go)
		var isJSON bool
		if r, isJSON, _ = sniffJSON(r); isJSON {
			return readJSONFeed(r, c)
		}
	}
	xopts := make([]xml5.Option, 0, 4)
	xopts = append(xopts, xml5LimitsOption(c)) // WithLimits (limits.go)
	if c.diagnostics != nil {
		xopts = append(xopts, xml5.WithErrors())
	}
	if c.charset != "" {
		xopts = append(xopts, xml5.WithCharset(c.charset))
	}
	if c.recovery {
		xopts = append(xopts, xml5.WithRecovery()) // repairs 3, 4, 7, 9 (recovery.go)
	}
	// A document let go after the parse gives its memory back for the
	// parses that follow (releaseDocument). Diagnostics point into it, so
	// a parse that collects them keeps it to itself.
	reuse := c.withoutDocument && c.diagnostics == nil
	if reuse {
		xopts = append(xopts, docmem.ReuseOption.(xml5.Option))
	}
	doc, readErr := xml5.Parse(r, xopts...)
	if doc == nil {
		if readErr == nil {
			readErr = errors.New("the XML parser returned no document")
		}
		return nil, wrap("reading the document", readErr)
	}
	doc.URL = c.url // as xml5.WithURL would, without allocating an option
	if c.diagnostics != nil {
		xmlDiagnostics(c.diagnostics, doc)
		repairDiagnostics(c.diagnostics, doc) // recovery.go
	}
	feed, err := processDocument(doc, c, &scratch.p)
	if feed != nil && c.withoutDocument {
		scratch.p.keepBodyBases(feed) // WithXMLBase (normalize.go)
		kept := detachFeed(feed)      // WithoutDocument (detach.go)
		scratch.p.dropUnheldTexts(kept)
		if reuse {
			// Nothing references the document any more: the feed
			// holds copies of its strings (moveStrings), and the
			// error, if any, holds none of them.
			docmem.Release(doc)
		}
	}
	if readErr != nil {
		if err != nil && feed == nil {
			return nil, &wrapError{
				msg:  errPrefix + "reading the document: " + innerMessage(readErr) + "; what was read is " + innerMessage(err),
				errs: []error{readErr, err},
			}
		}
		return feed, wrap("reading the document", readErr)
	}
	return feed, err
}

// processDocument is "process a feed document" [10] with the settings of c
// (nil for the defaults), run by p, a zero processor. When the answer is
// null it returns a nil Feed and an error wrapping ErrNotFeed.
func processDocument(doc *xml5.Document, c *config, p *processor) (*Feed, error) {
	root := doc.Root() // [12]
	if root == nil {
		return nil, &rootError{none: true}
	}
	// Read before recovery mode renames any namespace (format.go).
	format, version := rootFormat(root)
	p.init(doc, c)
	if c != nil && c.recovery {
		p.recovery = true
		p.recoverTree(root) // repairs 1, 5, 13 and 14 (recovery.go)
	}
	var feed *Feed
	switch root.Namespace { // [17]
	case nsAtom, nsAtom03:
		if root.Local == "feed" { // [16]
			feed = p.processAtomFeed(root)
		}
	case "":
		if root.Local == "rss" { // [19]
			feed = p.processRSS(root)
		}
	case nsRDF:
		if root.Local == "RDF" { // [18]
			feed = p.processRDF(root)
		}
	}
	if feed == nil && p.recovery {
		feed = p.recoverEntryDocument(root) // repair 15 (recovery.go)
	}
	if feed == nil {
		return nil, &rootError{local: root.Local, namespace: root.Namespace}
	}
	if p.recovery {
		p.recoverFeed(feed, root) // repair 6 (recovery.go)
	}
	feed.Format, feed.Version = format, version // an addition
	feed.doc = doc
	feed.xmlBase = p.xmlBase
	feed.docURL = doc.URL
	feed.UpdatedInfo = p.takeDateInfo(feed.Updated) // dateinfo.go
	if feed.el == nil {
		feed.el = root
	}
	cleanupFeed(feed) // [350]
	if p.recovery {
		p.recoverMojibake(feed) // repair 12 (recovery_mojibake.go)
	}
	return feed, p.entryLimit // [13] (nil unless MaxItems was reached)
}

// Document returns the XML5 document the feed was parsed from, or nil for a
// Feed the parser did not make: one read from a JSON Feed, from its
// canonical JSON (json.Unmarshal: the JSON does not hold the document), or
// parsed WithoutDocument (as a Fetcher parses unless KeepDocument). It
// gives the root element (Document().Root()), the encoding, and the XML
// declaration's values; with WithDiagnostics its Errors hold the recovered
// parse errors.
//
// The document stays in memory as long as the Feed or one of its entries is
// reachable.
func (f *Feed) Document() *xml5.Document { return f.doc }

// Element returns the element the feed's metadata was read from: the Atom
// feed element, the first RSS channel element (the rss element when there is
// no channel), the first RSS 1.0 channel element (the rdf:RDF element
// when there is none), or the entry element of an Atom Entry Document read
// in recovery mode (WithRecovery); nil for a Feed the parser did not make, a
// JSON Feed (see JSONObject), one read with json.Unmarshal or parsed
// WithoutDocument (as a Fetcher parses unless KeepDocument).
//
// Use it to read what the model does not map (Podcasting 2.0, GeoRSS, any
// namespace): the element's children keep their namespaces, prefixes,
// attributes and order, repeated elements included.
func (f *Feed) Element() *xml5.Node { return f.el }

// Position returns the 1-based line and column (counted in characters, as
// Diagnostic's are) where n, a node of the feed's document, starts: the
// start tag of an element. Every value of the model read from an element
// has its position there: the feed's metadata at Element, an entry at
// Entry.Element, and an entry's title, date or enclosure at the child of
// that element it was read from (walk it with FirstElementChild and
// NextElementSibling). n must come from the feed's document: the position
// of a node of another document is read in this one's text. It returns
// 0, 0 when n is nil and when the feed has no document (a JSON Feed, a
// feed read with json.Unmarshal, or one parsed WithoutDocument, as a
// Fetcher parses unless KeepDocument; Entry.Element is nil then).
//
// It is f.Document().Position(n.Offset): it costs the length of the text
// between the last position asked and n, so positions asked in document
// order cost, all together, the length of the document.
func (f *Feed) Position(n *xml5.Node) (line, col int) {
	if f == nil || f.doc == nil || n == nil {
		return 0, 0
	}
	return f.doc.Position(n.Offset)
}

// cleanupFeed is "cleanup feed" [351]: an icon with the same URL as the logo
// is dropped.
func cleanupFeed(feed *Feed) {
	if feed.Logo != nil && feed.Icon != nil && feed.Logo.URL == feed.Icon.URL { // [352]
		feed.Icon = nil // [353]
	}
}

// addEntry processes el, an entry child of the feed, with process, fills
// the entry's dates in recovery mode (repair 6, after the processor, before
// finishEntry takes the dates' DateInfo), gives it what the processor
// collected (finishEntry) and adds the entry to feed (see addEntry), unless
// the feed already holds the most entries its limits allow: el is then left
// out and the limit error recorded (limits.go).
func (p *processor) addEntry(feed *Feed, el *xml5.Node, process func(*xml5.Node) *Entry) {
	if p.maxEntries >= 0 && len(feed.Entries)+p.liveItems >= p.maxEntries { // live items count too (podcast_tags.go)
		if p.entryLimit == nil {
			line, _ := p.doc.Position(el.Offset)
			p.entryLimit = limitError("MaxItems", p.maxEntries, line, el.Offset) // limits.go
		}
		return
	}
	entry := process(el)
	if p.recovery {
		p.recoverEntryDates(entry, el) // repair 6 (recovery_dates.go)
	}
	p.noteEntryDates(entry, el) // for Normalized (normalize_dates.go)
	p.finishEntry(entry)
	if feed.Entries == nil {
		feed.Entries = make([]*Entry, 0, p.entryCapacity(el)) // processor.go
	}
	addEntry(feed, entry)
	p.finishBody(feed, entry)       // an addition, with WithXMLBase (normalize.go)
	p.countEntry(cap(feed.Entries)) // textblock.go
}

// addEntry runs the steps shared by every entry child of a feed: set the
// entry's feed ([85] [243] [148]), cleanup entry ([258] [259] [261]) and
// append it to the feed's entries ([87] [244] [149]).
func addEntry(feed *Feed, entry *Entry) {
	entry.Feed = feed
	cleanupEntry(entry)
	feed.Entries = append(feed.Entries, entry)
}

package feedspec

import (
	"encoding/json"
	"time"

	"github.com/feedspec/feedspec/xml5"
)

// An Entry is an entry (an Atom entry, an RSS item) of a feed.
//
// Null is nil for texts, images, durations and dates, and "" for PageURL (a
// serialized URL is never empty). Authors, Categories and Enclosures are
// empty (nil) when the spec's lists are empty.
type Entry struct {
	// Feed is the feed the entry belongs to (not in the JSON) [88].
	Feed *Feed

	Title    *Text // [227]
	Subtitle *Text // set by itunes:subtitle and itunes:summary [249]
	Summary  *Text
	Content  *Text

	PageURL   string         // [88]; "" is null
	Thumbnail *Image         // nil is null
	Duration  *time.Duration // whole seconds; nil is null
	Published *time.Time     // nil is null
	Updated   *time.Time     // nil is null

	Authors    []*Person // [28]
	Categories []string  // a set: first-seen order, no repeats
	Enclosures []*Enclosure

	// The fields below are additions: the specification's model does not
	// have them (see Feed). Strings are "" when null.

	// ID is the Atom id, the RSS guid or the RSS 1.0 item's rdf:about
	// (the first; process a string element, not trimmed).
	ID string
	// IDIsPermalink is set for an RSS guid only: true unless its
	// isPermaLink attribute is "false" (RSS 2.0: the default is true).
	IDIsPermalink *bool
	// Language is the first dc:language element's text, else the entry
	// element's xml:lang. When it is "", the feed's Language applies.
	Language string
	// Rights is the Atom rights (an Atom text) or dc:rights.
	Rights *Text
	// CommentsURL is the RSS comments URL, else the wfw:commentRss URL,
	// else the href of an Atom link rel="replies" (one of type text/html
	// first).
	CommentsURL string
	// CommentCount is slash:comments or thr:total.
	CommentCount *int
	// Source is the feed the entry was copied from: RSS source, Atom
	// source.
	Source *Source
	// Contributors are the Atom contributors and dc:contributor names.
	Contributors []*Person
	// CategoryDetails lists every category element (Atom category with a
	// non-empty term, RSS category, dc:subject) in document order, repeats
	// kept.
	CategoryDetails []Category
	// ContentSrc and ContentType describe Atom out-of-line content: the
	// first content element with a src attribute gives its URL and its
	// type attribute as written.
	ContentSrc  string
	ContentType string
	// Links lists every Atom link element of the entry (also atom:link in
	// an RSS item) whose href parsed, in document order.
	Links []Link
	// ITunes holds the episode-level iTunes elements; nil when there are
	// none.
	ITunes *EntryITunes
	// Podcast holds the item-level Podcasting 2.0 elements (podcast:
	// namespace, either URI); nil when there are none.
	Podcast *EntryPodcast

	// el is the element the entry was read from (see Element).
	el *xml5.Node
	// object is the JSON Feed item the entry was read from (see
	// JSONObject).
	object map[string]json.RawMessage
	// permalink holds the value IDIsPermalink points to, so that setting
	// it allocates nothing.
	permalink bool
}

// Element returns the element the entry was read from (an Atom entry, an
// RSS item), or nil for an Entry the parser did not make. Its children keep
// their namespaces, attributes and order: use it to read any extension the
// model does not map. The whole document stays reachable from it.
func (e *Entry) Element() *xml5.Node { return e.el }

// ComputedAuthors returns the entry's "computed authors" [81]: its own
// authors, or else its feed's, or else nil.
func (e *Entry) ComputedAuthors() []*Person {
	if len(e.Authors) != 0 { // [82]
		return e.Authors
	}
	if e.Feed != nil { // [83]
		return e.Feed.Authors
	}
	return nil // [84]
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

// ComputedUpdated returns the entry's "computed updated" [93]: its updated
// date, or else its published date, or else its feed's updated date, or else
// the current time.
func (e *Entry) ComputedUpdated() time.Time {
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
// the entry. Long sets are indexed in p.categories, which startEntry resets
// for every entry.
func (p *processor) addCategory(term string) {
	if p.categories == nil {
		for _, c := range p.entryTerms {
			if c == term {
				return
			}
		}
		p.entryTerms = append(p.entryTerms, term)
		if len(p.entryTerms) >= categoryMapThreshold {
			p.categories = make(map[string]struct{}, 2*len(p.entryTerms))
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

// cleanupEntry is "cleanup entry" [262] (SUPPLEMENT §7.2).
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
				e.Thumbnail = &Image{URL: enc.URL}                               // [333]; stored as the thumbnail (DEVIATIONS E2)
				e.Enclosures = append(e.Enclosures[:i:i], e.Enclosures[i+1:]...) // [335]
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

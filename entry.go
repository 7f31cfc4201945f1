package feedspec

import "time"

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
}

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

// addCategory adds term to entry's categories, a set kept in first-seen
// order. Long sets are indexed in p.categories, which the entry processors
// reset for every entry.
func (p *processor) addCategory(e *Entry, term string) {
	if p.categories == nil {
		for _, c := range e.Categories {
			if c == term {
				return
			}
		}
		e.Categories = append(e.Categories, term)
		if len(e.Categories) >= categoryMapThreshold {
			p.categories = make(map[string]struct{}, 2*len(e.Categories))
			for _, c := range e.Categories {
				p.categories[c] = struct{}{}
			}
		}
		return
	}
	if _, ok := p.categories[term]; ok {
		return
	}
	p.categories[term] = struct{}{}
	e.Categories = append(e.Categories, term)
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

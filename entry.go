package feedspec

import "time"

// An Entry is an entry (an Atom entry, an RSS item) of a feed.
type Entry struct {
	// Feed is the feed the entry belongs to (not in the JSON).
	Feed *Feed

	Title    *Text // [227]
	Subtitle *Text
	Summary  *Text
	Content  *Text

	PageURL   string // [88]; "" is null
	Thumbnail *Image
	Duration  *time.Duration // whole seconds
	Published *time.Time
	Updated   *time.Time

	Authors    []*Person // [28]
	Categories []string  // a set: first-seen order, no repeats
	Enclosures []*Enclosure
}

package feedspec

import (
	"errors"
	"io"
	"time"
)

// ErrNotFeed is wrapped by the error ParseDocument and ParseResponse return
// when the specification's answer is null: the document is not a feed.
var ErrNotFeed = errors.New("feedspec: not a feed")

// A Feed is a parsed feed. Null fields are nil (texts, images, dates) or ""
// (URLs: a parsed URL is never empty).
type Feed struct {
	Title       *Text // [226]
	Subtitle    *Text
	Description *Text

	PageURL         string // [39]
	FeedURL         string
	PreviousFeedURL string
	NextFeedURL     string
	Icon            *Image
	Logo            *Image
	Updated         *time.Time

	Authors []*Person // [15]
	Entries []*Entry
}

// ParseDocument parses r as XML (XML5: it never fails on broken XML) and runs
// "process a feed document" on it. When the document is not a feed it returns
// a nil Feed and an error wrapping ErrNotFeed.
func ParseDocument(r io.Reader, opts ...Option) (*Feed, error) {
	_ = newConfig(opts)
	return nil, ErrNotFeed // TEMPORARY until the processors land
}

package feedspec

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/feedspec/feedspec/xml5"
)

// ErrNotFeed is wrapped by the error ParseDocument and ParseResponse return
// when the specification's answer is null: the document is not a feed.
var ErrNotFeed = errors.New("feedspec: not a feed")

// A Feed is a parsed feed.
//
// Null fields are nil (texts, images, dates) or "" (URLs: a serialized URL
// is never empty). Authors and Entries are nil when empty.
type Feed struct {
	Title       *Text // [226]
	Subtitle    *Text
	Description *Text

	PageURL         string     // [39]; "" is null
	FeedURL         string     // "" is null
	PreviousFeedURL string     // "" is null
	NextFeedURL     string     // "" is null
	Icon            *Image     // nil is null
	Logo            *Image     // nil is null
	Updated         *time.Time // nil is null

	Authors []*Person // [15]
	Entries []*Entry
}

// ParseDocument parses r as XML (XML5: it never fails on broken XML) and runs
// "process a feed document" [10] on it.
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
// WithURL gives the document's URL, against which relative URLs are parsed;
// without it relative URLs fail to parse and their fields stay null.
// WithCharset gives the transport's encoding label.
func ParseDocument(r io.Reader, opts ...Option) (*Feed, error) {
	c := newConfig(opts)
	xopts := make([]xml5.Option, 0, 2)
	if c.url != "" {
		xopts = append(xopts, xml5.WithURL(c.url))
	}
	if c.charset != "" {
		xopts = append(xopts, xml5.WithCharset(c.charset))
	}
	doc, readErr := xml5.Parse(r, xopts...)
	if doc == nil {
		if readErr == nil {
			readErr = errors.New("the XML parser returned no document")
		}
		return nil, fmt.Errorf("feedspec: reading the document: %w", readErr)
	}
	feed, err := processFeedDocument(doc)
	if readErr != nil {
		if err != nil {
			return nil, fmt.Errorf("feedspec: reading the document: %w (%w)", readErr, err)
		}
		return feed, fmt.Errorf("feedspec: reading the document: %w", readErr)
	}
	return feed, err
}

// processFeedDocument is "process a feed document" [10]. When the answer is
// null it returns a nil Feed and an error wrapping ErrNotFeed.
func processFeedDocument(doc *xml5.Document) (*Feed, error) {
	root := doc.Root() // [12]
	if root == nil {
		return nil, fmt.Errorf("%w: the document has no root element", ErrNotFeed)
	}
	p := newProcessor(doc)
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
	if feed == nil {
		if root.Namespace == "" {
			return nil, fmt.Errorf("%w: the root element is <%s> in no namespace", ErrNotFeed, root.Local)
		}
		return nil, fmt.Errorf("%w: the root element is <%s> in namespace %s", ErrNotFeed, root.Local, root.Namespace)
	}
	cleanupFeed(feed) // [350]
	return feed, nil  // [13]
}

// cleanupFeed is "cleanup feed" [351]: an icon with the same URL as the logo
// is dropped.
func cleanupFeed(feed *Feed) {
	if feed.Logo != nil && feed.Icon != nil && feed.Logo.URL == feed.Icon.URL { // [352]
		feed.Icon = nil // [353]
	}
}

// addEntry runs the steps shared by every entry child of a feed: set the
// entry's feed ([85] [243] [148]), cleanup entry ([258] [259] [261]) and
// append it to the feed's entries ([87] [244] [149]).
func addEntry(feed *Feed, entry *Entry) {
	entry.Feed = feed
	cleanupEntry(entry)
	feed.Entries = append(feed.Entries, entry)
}

package main

import (
	"flag"
	"io"

	"github.com/feedspec/feedspec"
)

// convertFlags are the flags that write the feed in another format: -rss,
// -atom and -jsonfeed (at most one).
type convertFlags struct {
	rss, atom, jsonFeed *bool
}

// addConvertFlags defines -rss, -atom and -jsonfeed on fs.
func addConvertFlags(fs *flag.FlagSet) *convertFlags {
	return &convertFlags{
		rss:      fs.Bool("rss", false, "write the feed as RSS 2.0 (Feed.WriteRSS)"),
		atom:     fs.Bool("atom", false, "write the feed as Atom 1.0 (Feed.WriteAtom)"),
		jsonFeed: fs.Bool("jsonfeed", false, "write the feed as JSON Feed 1.1 (Feed.WriteJSONFeed)"),
	}
}

// format returns the format asked for: "rss", "atom", "jsonfeed" or "".
func (c *convertFlags) format() string {
	switch {
	case *c.rss:
		return "rss"
	case *c.atom:
		return "atom"
	case *c.jsonFeed:
		return "jsonfeed"
	}
	return ""
}

// conflicts reports whether the flags ask for more than one output: two
// formats, or one with another mode (other).
func (c *convertFlags) conflicts(other bool) bool {
	n := 0
	for _, b := range []*bool{c.rss, c.atom, c.jsonFeed} {
		if *b {
			n++
		}
	}
	return n > 1 || n == 1 && other
}

// writeConverted writes feed to w in format.
func writeConverted(w io.Writer, feed *feedspec.Feed, format string) error {
	switch format {
	case "rss":
		return feed.WriteRSS(w)
	case "atom":
		return feed.WriteAtom(w)
	}
	return feed.WriteJSONFeed(w)
}

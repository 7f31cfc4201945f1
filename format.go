package feedspec

import (
	"strings"

	"github.com/feedspec/feedspec/xml5"
)

// A Format is the format and version a feed was written in (Feed.Format),
// decided from the document's root element, its namespace and its version
// attribute (for JSON Feed, from the version URL). It is an addition: the
// specification's model does not have it.
//
// A parsed Feed always has one of the constants below; the empty Format is
// only in a Feed that was not parsed (made by hand, or read with
// json.Unmarshal from JSON that has no "format").
type Format string

// The formats. For RSS 2.0 and 0.9x, the rss element's version attribute
// decides (compared without the space characters around it); Feed.Version
// keeps it as written.
const (
	// FormatRSS090 is RSS 0.90: an rdf:RDF root whose channel and items
	// are in the RSS 0.90 namespace (http://my.netscape.com/rdf/simple/0.9/,
	// with or without the final slash, or the same path at
	// channel.netscape.com) and none in the RSS 1.0 namespace. The
	// specification reads no channel or item from it (an empty feed);
	// WithRecovery reads it as RSS 1.0 (docs/recovery.md), and its Format
	// stays RSS 0.90.
	FormatRSS090 Format = "rss-0.90"
	// FormatRSS091 is an rss root with version "0.91" (Netscape's or
	// UserLand's RSS 0.91).
	FormatRSS091 Format = "rss-0.91"
	// FormatRSS092 is an rss root with version "0.92".
	FormatRSS092 Format = "rss-0.92"
	// FormatRSS20 is an rss root with version "2.0" (RSS 2.0 and its
	// revision 2.0.1, which keeps the version "2.0").
	FormatRSS20 Format = "rss-2.0"
	// FormatRSS is an rss root with no version attribute, or with a
	// version other than those above ("0.93", "0.94", "2.00", "").
	FormatRSS Format = "rss"
	// FormatRSS10 is RSS 1.0: an rdf:RDF root that is not RSS 0.90 (its
	// channel and items in the RSS 1.0 namespace, or, read by
	// WithRecovery, in a misspelled one or none).
	FormatRSS10 Format = "rss-1.0"
	// FormatAtom03 is Atom 0.3: a feed root in the Atom 0.3 namespace
	// (http://purl.org/atom/ns#), or, read by WithRecovery, a feed root
	// in another namespace or none with version "0.3".
	FormatAtom03 Format = "atom-0.3"
	// FormatAtom10 is Atom 1.0: a feed root in the Atom namespace
	// (http://www.w3.org/2005/Atom), or, read by WithRecovery, a feed
	// root in another namespace or none without version "0.3".
	FormatAtom10 Format = "atom-1.0"
	// FormatJSONFeed10 is JSON Feed 1.0 (WithJSONFeed): a version URL
	// ending in "jsonfeed.org/version/1" (or "/1.0", a final slash
	// ignored).
	FormatJSONFeed10 Format = "json-feed-1.0"
	// FormatJSONFeed11 is JSON Feed 1.1 (WithJSONFeed): a version URL
	// ending in "jsonfeed.org/version/1.1" (a final slash ignored).
	FormatJSONFeed11 Format = "json-feed-1.1"
	// FormatJSONFeed is a JSON Feed (WithJSONFeed) whose version URL
	// names neither 1.0 nor 1.1 (such as "https://jsonfeed.org/version/2").
	FormatJSONFeed Format = "json-feed"
)

// Namespaces of RSS 0.90's channel and items, besides nsRSS090 and
// nsRSS090Short: the same path at another Netscape host, which some
// feeds write.
const (
	nsRSS090Channel      = "http://channel.netscape.com/rdf/simple/0.9/"
	nsRSS090ChannelShort = "http://channel.netscape.com/rdf/simple/0.9"
)

// rootFormat returns the Format and Version of a feed whose root element is
// root, looked at before recovery mode renames any namespace (so that RSS
// 0.90 read as RSS 1.0 stays RSS 0.90). It answers for the roots the
// processors, in either mode, make a feed of; for any other root the answer
// is not used.
func rootFormat(root *xml5.Node) (Format, string) {
	version, _ := root.AttrValue("", "version")
	switch root.Local {
	case "rss":
		switch trimSpaceCharacters(version) {
		case "0.91":
			return FormatRSS091, version
		case "0.92":
			return FormatRSS092, version
		case "2.0":
			return FormatRSS20, version
		}
		return FormatRSS, version
	case "RDF":
		if isRSS090(root) {
			return FormatRSS090, ""
		}
		return FormatRSS10, ""
	}
	// An Atom feed (or entry) root.
	switch {
	case root.Namespace == nsAtom03:
		return FormatAtom03, version
	case root.Namespace != nsAtom && version == "0.3": // read by recovery mode
		return FormatAtom03, version
	}
	return FormatAtom10, version
}

// isRSS090 reports whether an RDF root is RSS 0.90: no child in the RSS 1.0
// namespace, and its first channel or item child in an RSS 0.90 namespace.
func isRSS090(root *xml5.Node) bool {
	first, found := "", false // the first channel or item child's namespace
	for c := root.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Namespace == nsRSS10 {
			return false
		}
		if !found && (c.Local == "channel" || c.Local == "item") {
			first, found = c.Namespace, true
		}
	}
	switch first {
	case nsRSS090, nsRSS090Short, nsRSS090Channel, nsRSS090ChannelShort:
		return found
	}
	return false
}

// jsonFeedFormat returns the Format of a JSON Feed whose version string
// (which contains jsonFeedVersionPrefix) is v.
func jsonFeedFormat(v string) Format {
	rest := v[strings.LastIndex(v, jsonFeedVersionPrefix)+len(jsonFeedVersionPrefix):]
	switch strings.TrimSuffix(trimSpaceCharacters(rest), "/") {
	case "1", "1.0":
		return FormatJSONFeed10
	case "1.1":
		return FormatJSONFeed11
	}
	return FormatJSONFeed
}

package feedspec

import (
	"github.com/feedspec/feedspec/xml5"
	whatwgurl "github.com/nlnwa/whatwg-url/url"
)

// urlParser is the WHATWG URL parser ("parse a URL" of the URL Standard),
// shared by every document; it keeps no per-call state.
var urlParser = whatwgurl.NewParser()

// Namespaces, compared as exact strings (SUPPLEMENT §0.1).
const (
	nsAtom       = "http://www.w3.org/2005/Atom"
	nsAtom03     = "http://purl.org/atom/ns#"
	nsRDF        = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
	nsRSS10      = "http://purl.org/rss/1.0/"
	nsRSSContent = "http://purl.org/rss/1.0/modules/content/"
	nsDC         = "http://purl.org/dc/elements/1.1/"
	nsGData      = "http://schemas.google.com/g/2005"
	nsITunes     = "http://www.itunes.com/dtds/podcast-1.0.dtd"
	nsITunesAlt  = "http://www.itunes.com/DTDs/Podcast-1.0.dtd"
	nsMedia      = "http://search.yahoo.com/mrss/"
	nsMediaAlt   = "http://search.yahoo.com/mrss"
	nsHatena     = "http://www.hatena.ne.jp/info/xmlns#"
	nsXHTML      = "http://www.w3.org/1999/xhtml"
)

// isITunes reports whether ns is one of the two iTunes namespace spellings.
func isITunes(ns string) bool { return ns == nsITunes || ns == nsITunesAlt }

// isMedia reports whether ns is one of the two Media RSS namespace spellings.
func isMedia(ns string) bool { return ns == nsMedia || ns == nsMediaAlt }

// A processor runs the specification's algorithms over one document. It holds
// what "the element's node document" gives the steps: the document's URL,
// already parsed, against which relative URLs are resolved.
type processor struct {
	base *whatwgurl.Url // nil when the document has no URL or it failed to parse

	// categories indexes the current entry's category set once it is long
	// (see addCategory); nil otherwise.
	categories map[string]struct{}
}

// newProcessor prepares the processing of doc.
func newProcessor(doc *xml5.Document) *processor {
	p := &processor{}
	if doc != nil && doc.URL != "" {
		if u, err := urlParser.Parse(doc.URL); err == nil {
			p.base = u
		}
	}
	return p
}

// parseURL parses text relative to the document ("parse a URL" with the
// document's base URL) and returns the resulting URL string, or "" when
// parsing failed. A serialized URL is never empty, so "" stands for failure.
//
// The document's character encoding is not used for the query: every URL is
// encoded as UTF-8 (the whatwg-url package offers no per-component encoding).
func (p *processor) parseURL(text string) string {
	var (
		u   *whatwgurl.Url
		err error
	)
	if p.base != nil {
		u, err = urlParser.BasicParser(text, p.base, nil, whatwgurl.NoState)
	} else {
		u, err = urlParser.Parse(text)
	}
	if err != nil || u == nil {
		return ""
	}
	return u.Href(false)
}

// processURLElement is "process a URL element" [372]; "" is null.
func (p *processor) processURLElement(el *xml5.Node) string {
	text := el.ChildTextContent() // [35]
	if text == "" {               // [196]
		return ""
	}
	return p.parseURL(text) // [36] [38] [373]
}

// hrefURL is "the href URL" of an Atom link element [140]; "" is null.
func (p *processor) hrefURL(el *xml5.Node) string {
	text, _ := el.AttrValue("", "href") // [141]
	return p.parseURL(text)             // [142] [143] [144]
}

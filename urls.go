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

	// Namespaces of the additions (not in the specification).
	nsSy    = "http://purl.org/rss/1.0/modules/syndication/"
	nsSlash = "http://purl.org/rss/1.0/modules/slash/"
	nsWfw   = "http://wellformedweb.org/CommentAPI/"
	nsThr   = "http://purl.org/syndication/thread/1.0"
	nsAdmin = "http://webns.net/mvcb/"
)

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

	// diags receives the rejected values (WithDiagnostics); nil when not
	// asked for.
	diags *[]Diagnostic
	// xmlBase: resolve URLs against the xml:base in scope (WithXMLBase);
	// bases caches the base of each element carrying xml:base.
	xmlBase bool
	bases   map[*xml5.Node]*whatwgurl.Url
	// lenientDates: read dates the spec rejects with ParseDate.
	lenientDates bool
	// rec holds recovery mode's state (WithRecovery, recovery.go); nil when
	// it is off.
	rec *recovery

	// commentsPrimary is set, for the current entry, once its comments URL
	// comes from the preferred source (an RSS comments element, an Atom
	// replies link of type text/html).
	commentsPrimary bool

	// entryLinks and entryCats collect the current entry's Links and
	// CategoryDetails; finishEntry copies them to the entry in one
	// allocation each, and the buffers are reused by the next entry.
	entryLinks []Link
	entryCats  []Category
	// entryTerms collects the current entry's Categories (see addCategory).
	entryTerms []string
}

// startEntry resets the per-entry state before an entry is processed.
func (p *processor) startEntry() {
	p.categories = nil
	p.commentsPrimary = false
	p.entryLinks = p.entryLinks[:0]
	p.entryCats = p.entryCats[:0]
	p.entryTerms = p.entryTerms[:0]
}

// finishEntry gives entry the categories, links and category details
// collected while it was processed.
func (p *processor) finishEntry(entry *Entry) {
	if len(p.entryTerms) > 0 {
		entry.Categories = append([]string(nil), p.entryTerms...)
	}
	if len(p.entryLinks) > 0 {
		entry.Links = append([]Link(nil), p.entryLinks...)
	}
	if len(p.entryCats) > 0 {
		entry.CategoryDetails = append([]Category(nil), p.entryCats...)
	}
}

// newProcessor prepares the processing of doc with the settings of c (nil
// for the defaults).
func newProcessor(doc *xml5.Document, c *config) *processor {
	p := &processor{}
	if doc != nil && doc.URL != "" {
		if u, err := urlParser.Parse(doc.URL); err == nil {
			p.base = u
		}
	}
	if c != nil {
		p.diags = c.diagnostics
		p.xmlBase = c.xmlBase
		p.lenientDates = c.lenientDates
	}
	return p
}

// parseURL parses text relative to the document ("parse a URL" with the
// document's base URL) and returns the resulting URL string, or "" when
// parsing failed. A serialized URL is never empty, so "" stands for failure.
// el is the element the text comes from and attr the attribute ("" for the
// element's text): they name the value in a Diagnostic and, with
// WithXMLBase, give the xml:base in scope.
//
// The document's character encoding is not used for the query: every URL is
// encoded as UTF-8 (the whatwg-url package offers no per-component encoding).
func (p *processor) parseURL(el *xml5.Node, attr, text string) string {
	if u, ok := simpleHTTPURL(text); ok {
		return u
	}
	base := p.base
	if p.xmlBase {
		base = p.baseFor(el)
	}
	var (
		u   *whatwgurl.Url
		err error
	)
	if base != nil {
		u, err = urlParser.BasicParser(text, base, nil, whatwgurl.NoState)
	} else {
		u, err = urlParser.Parse(text)
	}
	if err != nil || u == nil {
		if p.diags != nil {
			p.rejectURL(el, attr, text, base)
		}
		return ""
	}
	return u.Href(false)
}

// rejectURL records a URL that failed to parse against base.
func (p *processor) rejectURL(el *xml5.Node, attr, text string, base *whatwgurl.Url) {
	switch {
	case base == nil:
		p.reject(DiagnosticURL, el, attr, text, "not an absolute URL, and there is no base URL to resolve it against")
	case p.xmlBase:
		p.reject(DiagnosticURL, el, attr, text, "not a URL (resolved against "+base.Href(false)+", the xml:base in scope)")
	default:
		p.reject(DiagnosticURL, el, attr, text, "not a URL (resolved against the document's URL)")
	}
}

// baseFor returns the base URL in scope at el for WithXMLBase: el's own
// xml:base or its nearest ancestor's, resolved against the base above it;
// the document's URL when there is none.
func (p *processor) baseFor(el *xml5.Node) *whatwgurl.Url {
	for n := el; n != nil && n.Type == xml5.ElementNode; n = n.Parent {
		v, ok := n.AttrValue(xml5.XMLNamespace, "base")
		if !ok {
			continue
		}
		if u, ok := p.bases[n]; ok {
			return u
		}
		parent := p.baseFor(n.Parent)
		var (
			u   *whatwgurl.Url
			err error
		)
		if parent != nil {
			u, err = urlParser.BasicParser(v, parent, nil, whatwgurl.NoState)
		} else {
			u, err = urlParser.Parse(v)
		}
		if err != nil || u == nil {
			p.reject(DiagnosticURL, n, "xml:base", v, "xml:base is not a URL; ignored")
			u = parent
		}
		if p.bases == nil {
			p.bases = make(map[*xml5.Node]*whatwgurl.Url)
		}
		p.bases[n] = u
		return u
	}
	return p.base
}

// processURLElement is "process a URL element" [372]; "" is null.
func (p *processor) processURLElement(el *xml5.Node) string {
	text := el.ChildTextContent() // [35]
	if text == "" {               // [196]
		return ""
	}
	return p.parseURL(el, "", text) // [36] [38] [373]
}

// hrefURL is "the href URL" of an Atom link element [140]; "" is null.
func (p *processor) hrefURL(el *xml5.Node) string {
	text, _ := el.AttrValue("", "href") // [141]
	return p.parseURL(el, "href", text) // [142] [143] [144]
}

// urlChars marks the ASCII bytes that simpleHTTPURL accepts unchanged in a
// path, query or fragment: letters, digits and - . _ ~ ! $ & ( ) * + , ; = :
// @ / ? # %. None of them is percent-encoded by the URL parser in an http(s)
// URL's path, query or fragment.
var urlChars = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for _, c := range "-._~!$&()*+,;=:@/?#%" {
		t[c] = true
	}
	return t
}()

// simpleHTTPURL is a fast path for "parse a URL": it recognizes the common
// absolute URLs whose serialization is the input itself (or the input with
// "/" added as the empty path) and returns that serialization. For anything
// else — another scheme, upper case in the scheme or host, a port, user
// info, a host that is not plain lower-case ASCII labels (IDNA, IPv4, IPv6),
// dot segments, percent-encoded dots, a character the parser would encode or
// strip — it returns false and the caller runs the full WHATWG parser.
// TestSimpleHTTPURLAgreesWithParser checks that both always agree.
func simpleHTTPURL(s string) (string, bool) {
	var i int
	switch {
	case len(s) > 8 && s[:8] == "https://":
		i = 8
	case len(s) > 7 && s[:7] == "http://":
		i = 7
	default:
		return "", false
	}
	// The host: labels of [a-z0-9-], none empty, none "xn--…"; the last
	// label starts with a letter (else it could be read as an IPv4 number:
	// the parser takes "-0" for one).
	labelStart := i
	for ; i < len(s); i++ {
		c := s[i]
		if c == '/' || c == '?' || c == '#' {
			break
		}
		if c == '.' {
			if !plainLabel(s[labelStart:i]) {
				return "", false
			}
			labelStart = i + 1
			continue
		}
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return "", false
		}
	}
	last := s[labelStart:i]
	if !plainLabel(last) || last[0] < 'a' || last[0] > 'z' {
		return "", false
	}
	hostEnd := i
	// The path, query and fragment: only urlChars; "%" followed by two hex
	// digits and not an encoded dot; no "." or ".." path segment.
	inPath := true
	for ; i < len(s); i++ {
		c := s[i]
		if !urlChars[c] {
			return "", false
		}
		switch c {
		case '?', '#':
			inPath = false
		case '%':
			if i+2 >= len(s) || !isHexDigit(s[i+1]) || !isHexDigit(s[i+2]) {
				return "", false
			}
			if s[i+1] == '2' && (s[i+2] == 'e' || s[i+2] == 'E') {
				return "", false
			}
		case '.':
			if inPath && s[i-1] == '/' {
				// A segment starting with "." must not be "." or "..".
				j := i + 1
				if j < len(s) && s[j] == '.' {
					j++
				}
				if j == len(s) || s[j] == '/' || s[j] == '?' || s[j] == '#' {
					return "", false
				}
			}
		}
	}
	if hostEnd == len(s) {
		return s + "/", true
	}
	if s[hostEnd] != '/' {
		return s[:hostEnd] + "/" + s[hostEnd:], true
	}
	return s, true
}

// plainLabel reports whether a host label is non-empty and not an IDNA
// "xn--" label (its characters were checked by the caller).
func plainLabel(l string) bool {
	return l != "" && !(len(l) >= 4 && l[:4] == "xn--")
}

// isHexDigit reports whether c is an ASCII hex digit.
func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

package feedspec

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"

	"github.com/feedspec/feedspec/internal/weburl"
	"github.com/feedspec/feedspec/xml5"
)

// Namespaces, compared as exact strings (docs/decisions.md#namespaces).
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

// parseURL parses text relative to the document ("parse a URL" with the
// document's base URL) and returns the resulting URL string, or "" when
// parsing failed. A serialized URL is never empty, so "" stands for failure.
// el is the element the text comes from and attr the attribute ("" for the
// element's text): they name the value in a Diagnostic and, with
// WithXMLBase, give the xml:base in scope.
//
// As the HTML Standard's "parse a URL" says, the URL parser's encoding is
// the document's character encoding: the query of an http, https, ftp or
// file URL is percent-encoded in it (see parseWithBase).
func (p *processor) parseURL(el *xml5.Node, attr, text string) string {
	// A URL the document repeats (an enclosure's as its media:content's,
	// an entry's link as its comments' base...) is parsed once: against
	// the document's URL the result depends on text alone. WithXMLBase (the
	// Fetcher's), so it does for an element with no xml:base in scope:
	// there, each repetition allocated the URL again (4 for an item of a
	// media:group of two contents, about 0.5 bytes a byte as the Fetcher).
	var seen *parsedURL
	var b *baseURL
	if p.xmlBase {
		b = p.baseFor(el)
	}
	if b == nil && len(text) > 0 {
		seen = &p.urls[(len(text)*31+int(text[len(text)-1])*7+int(text[len(text)/2]))%len(p.urls)]
		if seen.text == text {
			return seen.u
		}
	}
	if p.urlBytes.spent() && weburl.ReadsBase(text) {
		p.urlBudgetReached(el, attr, text)
		return ""
	}
	u := p.parseURLOnce(el, attr, text, b)
	if len(u) > len(text) && weburl.ReadsBase(text) && !p.urlBytes.take(len(u)-len(text)) {
		p.urlBudgetReached(el, attr, text)
		return ""
	}
	if seen != nil && u != "" {
		seen.text, seen.u = text, u
	}
	return u
}

// A urlBudget bounds the bytes resolving a document's URLs against their
// base adds to them: a relative reference becomes its base URL's origin
// and path followed by its own bytes, so that short references against a
// long base (a long document URL, the final URL of a redirect; a long
// xml:base) would make the model as many times the base's size, and cost
// as much to build. The bytes a URL read against its base
// (weburl.ReadsBase) has beyond its text (a repeated text, resolved once, counts once) sum to at
// most max(1 MiB, the document's size); past it such a URL is left out,
// and once the budget is spent every URL read against its base is, without
// being resolved, as one that did not parse, with a DiagnosticLimit. URLs
// with a scheme of their own are not counted. Over the corpus of real
// feeds the sum is at most 0.21 times a feed's size, and 400 bytes.
type urlBudget struct {
	used, max int // max 0: no budget (a processor made for one reference)
	reported  bool
}

// spent reports whether the budget has been spent: a URL read against its
// base, which adds bytes, is left out without being resolved.
func (b *urlBudget) spent() bool { return b.max > 0 && b.used > b.max }

// newURLBudget returns the budget of a document of size bytes.
func newURLBudget(size int) urlBudget { return urlBudget{max: max(1<<20, size)} }

// take counts n bytes added by resolving a URL and reports whether they
// are within the budget.
func (b *urlBudget) take(n int) bool {
	if b.max <= 0 {
		return true
	}
	b.used += n
	return b.used <= b.max
}

// urlBudgetMessage is the DiagnosticLimit's message for the first URL
// left out by the budget.
func (b *urlBudget) message() string {
	return "resolving the document's URLs added more than " + strconv.Itoa(b.max) +
		" bytes to them (max(1 MiB, the document's size)): this URL and the further ones that add bytes are left out"
}

// urlBudgetReached records, once per document, the first URL the budget
// left out.
func (p *processor) urlBudgetReached(el *xml5.Node, attr, text string) {
	if p.urlBytes.reported || p.diags == nil {
		return
	}
	p.urlBytes.reported = true
	line := 0
	if el != nil {
		line, _ = p.doc.Position(el.Offset)
	}
	offset := 0
	if el != nil {
		offset = el.Offset
	}
	if p.reject(DiagnosticLimit, el, attr, text, p.urlBytes.message()) {
		(*p.diags)[len(*p.diags)-1].Err = limitError("URLExpansion", p.urlBytes.max, line, offset)
	}
}

// A parsedURL is a text parseURL parsed and the URL it gave.
type parsedURL struct{ text, u string }

// parseURLOnce is parseURL, for a text not parsed before; b is the
// xml:base in scope at el WithXMLBase (baseFor), nil for none.
//
// Most URLs of feeds take one of the fast paths, which allocate nothing but
// the result: an absolute http(s) URL already in its serialized form
// (simpleHTTPURL), a path-absolute reference ("/a/b") or a relative path
// ("a/b") whose result is the base's origin or directory followed by it,
// in serialized form (pathAbsoluteFromOrigin, relativeFromDir). The others
// run the URL Standard's parser, which allocates about a kilobyte a call,
// within the document's budget of such parses (urlParseBudget).
func (p *processor) parseURLOnce(el *xml5.Node, attr, text string, b *baseURL) string {
	if u, ok := simpleHTTPURL(text); ok {
		return u
	}
	if b != nil {
		return p.parseAgainst(el, attr, text, b)
	}
	if u, ok := pathAbsoluteFromOrigin(text, p.baseOrigin, p.baseRoot); ok {
		return u
	}
	if u, ok := relativeFromDir(text, p.baseDir); ok {
		return u
	}
	return p.parseSlow(el, attr, text, p.base, nil)
}

// parseAgainst is parseURLOnce for a text whose base is the xml:base b.
func (p *processor) parseAgainst(el *xml5.Node, attr, text string, b *baseURL) string {
	if u, ok := pathAbsoluteFromOrigin(text, b.origin(), b.root()); ok {
		return u
	}
	if u, ok := relativeFromDir(text, b.dir()); ok {
		return u
	}
	u := b.u
	if u == nil && !b.overBudget {
		// A base resolved by the fast paths, parsed when first needed.
		if u = p.parseBaseHref(b); u == nil {
			b.overBudget = true
		}
	}
	if b.overBudget {
		p.urlParseLimit(el)
		return ""
	}
	return p.parseSlow(el, attr, text, u, b)
}

// parseSlow runs the URL parser on text against base (nil: the document has
// no URL), the xml:base b when not nil; "" when the text is not a URL, or
// when the document's budget of parses is spent (urlParseBudget).
func (p *processor) parseSlow(el *xml5.Node, attr, text string, base *weburl.URL, b *baseURL) string {
	var u *weburl.URL
	var err error
	if base != nil || hasScheme(text) {
		if !p.spendURLParse() {
			p.urlParseLimit(el)
			return ""
		}
		u, err = p.parseWithBase(text, base)
	} // else the parser fails: with no base, a URL needs a scheme
	if err != nil || u == nil {
		if p.diags != nil {
			p.rejectURL(el, attr, text, base, b, err)
		}
		return ""
	}
	return u.Href()
}

// hasScheme reports whether the URL parser may read a scheme from s: once
// leading and trailing C0 controls and spaces are stripped and tabs and
// newlines removed, s starts with an ASCII letter followed by letters,
// digits, '+', '-' or '.' up to a ':'. Without one the parser goes to the
// no scheme state, which fails when there is no base URL.
func hasScheme(s string) bool {
	s = weburl.TrimC0Space(s)
	if s == "" || !isASCIILetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == ':':
			return true
		case isASCIILetter(c) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.',
			c == '\t' || c == '\n' || c == '\r':
		default:
			return false
		}
	}
	return false
}

// isASCIILetter reports whether c is an ASCII letter.
func isASCIILetter(c byte) bool {
	return 'a' <= c|0x20 && c|0x20 <= 'z'
}

// rejectURL records a URL that failed to parse against base, the xml:base
// b when not nil, with err (a weburl.LimitError names the limit it reached).
func (p *processor) rejectURL(el *xml5.Node, attr, text string, base *weburl.URL, b *baseURL, err error) {
	var le *weburl.LimitError
	switch {
	case errors.As(err, &le):
		p.reject(DiagnosticURL, el, attr, text, "not parsed: "+urlLimitReason(le))
	case base == nil:
		p.reject(DiagnosticURL, el, attr, text, "not an absolute URL, and there is no base URL to resolve it against")
	case p.xmlBase:
		href := ""
		if b != nil {
			href = b.href
		} else {
			href = base.Href()
		}
		p.reject(DiagnosticURL, el, attr, text, "not a URL (resolved against "+href+", the xml:base in scope)")
	default:
		p.reject(DiagnosticURL, el, attr, text, "not a URL (resolved against the document's URL)")
	}
}

// A baseURL is the base URL an element's xml:base sets (WithXMLBase): its
// serialization, and what the fast paths of the references resolved
// against it need. Its parsed URL is made only for a reference that no
// fast path reads.
type baseURL struct {
	href string
	// u is the parsed URL, nil until a reference needs it (parseBaseHref)
	// when href was resolved by a fast path.
	u *weburl.URL
	// originEnd and dirEnd end href's origin ("https://host", followed
	// by "/" in href) and its directory (up to the last "/" of its path)
	// when href is an http(s) URL in the form simpleHTTPURL keeps as it
	// is; else 0 (see simpleBaseParts). Offsets, not strings: a feed may
	// have a base for each entry.
	originEnd, dirEnd int32
	// overBudget: parsing href was refused (urlParseBudget), so that the
	// references that need it give "".
	overBudget bool
}

// newBaseURL returns the baseURL of the serialized URL href (u, when not
// nil, is href parsed).
func newBaseURL(href string, u *weburl.URL) *baseURL {
	b := &baseURL{href: href, u: u}
	if origin, _, dir := simpleBaseParts(href); origin != "" && len(href) < 1<<31 {
		b.originEnd, b.dirEnd = int32(len(origin)), int32(len(dir))
	}
	return b
}

// origin, root and dir are b's origin, the origin followed by "/", and
// its directory (see simpleBaseParts), "" when the fast paths do not apply.
func (b *baseURL) origin() string { return b.href[:b.originEnd] }
func (b *baseURL) root() string {
	if b.originEnd == 0 {
		return ""
	}
	return b.href[:b.originEnd+1]
}
func (b *baseURL) dir() string { return b.href[:b.dirEnd] }

// simpleBaseParts returns the origin ("https://host"), the root (the
// origin followed by "/") and the directory (up to and including the last
// "/" of the path) of href when it is an http(s) URL that simpleHTTPURL
// keeps as it is (no port, no user info, a plain host, nothing the parser
// would change); else "", "", "".
func simpleBaseParts(href string) (origin, root, dir string) {
	if r, ok := simpleHTTPURL(href); !ok || r != href {
		return "", "", ""
	}
	hostStart := strings.Index(href, "://") + 3
	pathStart := hostStart + strings.IndexByte(href[hostStart:], '/') // simpleHTTPURL's form has one
	pathEnd := len(href)
	if i := strings.IndexAny(href[pathStart:], "?#"); i >= 0 {
		pathEnd = pathStart + i
	}
	return href[:pathStart], href[:pathStart+1], href[:strings.LastIndexByte(href[:pathEnd], '/')+1]
}

// baseFor returns the base URL in scope at el for WithXMLBase: el's own
// xml:base or its nearest ancestor's, resolved against the base above it;
// nil when there is none (the document's URL is the base). The elements
// resolved last are remembered (p.baseNodes): the processors read an
// element's URLs together, in document order.
func (p *processor) baseFor(el *xml5.Node) *baseURL {
	for n := el; n != nil && n.Type == xml5.ElementNode; n = n.Parent {
		v, ok := n.AttrValue(xml5.XMLNamespace, "base")
		if !ok {
			continue
		}
		slot := &p.baseNodes[(uintptr(unsafe.Pointer(n))>>4)%uintptr(len(p.baseNodes))]
		if slot.n == n {
			return slot.b
		}
		b := p.resolveBase(n, v, p.baseFor(n.Parent))
		slot.n, slot.b = n, b
		return b
	}
	return nil
}

// A baseNode is an element carrying xml:base and its base (baseFor).
type baseNode struct {
	n *xml5.Node
	b *baseURL
}

// A cachedBase is an xml:base value resolved against a parent base (nil
// for the document's URL), and what it gave (failed: it is not a URL, and
// the parent stays the base; limit, when not nil, is the limit of the URL
// parser it reached).
type cachedBase struct {
	parent      *baseURL
	v           string
	b           *baseURL
	limit       *weburl.LimitError
	failed, set bool
}

// resolveBase resolves v, the xml:base of element n, against parent (nil:
// the document's URL). Elements carrying the same value under the same
// base share the result (p.baseCache): a feed that repeats its xml:base on
// every entry resolves it once. A value that is not a URL is recorded as a
// DiagnosticURL for each element carrying it, and the parent stays the
// base.
func (p *processor) resolveBase(n *xml5.Node, v string, parent *baseURL) *baseURL {
	h := len(v) * 31
	if v != "" {
		h += int(v[len(v)-1])*7 + int(v[len(v)/2])
	}
	h ^= int(uintptr(unsafe.Pointer(parent)) >> 4)
	slot := &p.baseCache[uint(h)%uint(len(p.baseCache))]
	if !slot.set || slot.v != v || slot.parent != parent {
		*slot = cachedBase{parent: parent, v: v, set: true}
		slot.b, slot.failed, slot.limit = p.resolveBaseOnce(v, parent)
	}
	if slot.failed && p.diags != nil {
		// Once per element, however often it is resolved again.
		if _, seen := p.badBases[n]; !seen {
			if p.badBases == nil {
				p.badBases = make(map[*xml5.Node]struct{})
			}
			p.badBases[n] = struct{}{}
			if slot.limit != nil {
				p.reject(DiagnosticURL, n, "xml:base", v, "xml:base not parsed: "+urlLimitReason(slot.limit)+"; ignored")
			} else {
				p.reject(DiagnosticURL, n, "xml:base", v, "xml:base is not a URL; ignored")
			}
		}
	}
	return slot.b
}

// resolveBaseOnce is resolveBase for a value and parent not seen before;
// failed tells that v is not a URL (b is then parent), limit the limit
// of the URL parser it reached if that is why (weburl.LimitError). A value that needs
// the URL parser when the document's budget of parses is spent gives a
// base that is over budget (b.overBudget), so that the references resolved
// against it give "", never a URL resolved against another base.
func (p *processor) resolveBaseOnce(v string, parent *baseURL) (b *baseURL, failed bool, limit *weburl.LimitError) {
	if u, ok := simpleHTTPURL(v); ok {
		return newBaseURL(u, nil), false, nil
	}
	origin, root, dir, base := p.baseOrigin, p.baseRoot, p.baseDir, p.base
	if parent != nil {
		origin, root, dir, base = parent.origin(), parent.root(), parent.dir(), parent.u
		if parent.overBudget {
			return &baseURL{overBudget: true}, false, nil
		}
	}
	if u, ok := pathAbsoluteFromOrigin(v, origin, root); ok {
		return newBaseURL(u, nil), false, nil
	}
	if u, ok := relativeFromDir(v, dir); ok {
		return newBaseURL(u, nil), false, nil
	}
	if parent != nil && base == nil {
		if base = p.parseBaseHref(parent); base == nil {
			return &baseURL{overBudget: true}, false, nil
		}
	}
	if base == nil && !hasScheme(v) {
		// No base and no scheme: the parser fails.
		return parent, true, nil
	}
	if !p.spendURLParse() {
		return &baseURL{overBudget: true}, false, nil
	}
	u, err := p.parseWithBase(v, base)
	if err != nil || u == nil {
		errors.As(err, &limit)
		return parent, true, limit
	}
	return newBaseURL(u.Href(), u), false, nil
}

// parseBaseHref returns b's parsed URL, parsing b.href the first time
// (within the document's budget of parses); nil when the budget is spent.
func (p *processor) parseBaseHref(b *baseURL) *weburl.URL {
	if b.u == nil && !b.overBudget && p.spendURLParse() {
		// href is a serialized URL: it parses (to itself).
		b.u, _ = weburl.Parse(b.href, nil)
	}
	return b.u
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
// @ / ? # % [ ]. None of them is percent-encoded by the URL parser in an
// http(s) URL's path, query or fragment (the brackets are in none of the
// URL Standard's percent-encode sets but the userinfo one).
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
	for _, c := range "-._~!$&()*+,;=:@/?#%[]" {
		t[c] = true
	}
	return t
}()

// urlPlainChars are the urlChars simpleURLRest has nothing more to check
// for: all but ? # % and the dot.
var urlPlainChars = func() (t [256]bool) {
	t = urlChars
	t['?'], t['#'], t['%'], t['.'] = false, false, false, false
	return t
}()

// Classes of the bytes of a host simpleHTTPURL reads (hostClass): a label's
// lower-case letters, digits and '-' (hostPlain), upper-case letters, the
// dot between labels, the end of the host ('/', '?' or '#'), and every
// other byte, for which it gives up (0).
const (
	hostOther = iota
	hostPlain
	hostUpper
	hostDot
	hostEnd
)

var hostClass = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = hostPlain
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = hostPlain
	}
	t['-'] = hostPlain
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = hostUpper
	}
	t['.'] = hostDot
	t['/'], t['?'], t['#'] = hostEnd, hostEnd, hostEnd
	return t
}()

// simpleHTTPURL is a fast path for "parse a URL": it recognizes the common
// absolute URLs whose serialization is the input itself (or the input with
// "/" added as the empty path, leading and trailing C0 controls and spaces
// stripped, upper-case ASCII letters of the host lowercased) and returns
// that serialization. For anything else — another scheme, upper case in the
// scheme, a port, user info, a host that is not plain ASCII labels (IDNA,
// IPv4, IPv6),
// dot segments, percent-encoded dots, a character the parser would encode or
// strip — it returns false and the caller runs the full WHATWG parser.
// TestSimpleHTTPURLAgreesWithParser checks that both always agree.
func simpleHTTPURL(s string) (string, bool) {
	if s != "" && (s[0] <= ' ' || s[len(s)-1] <= ' ') {
		// The parser first strips leading and trailing C0 controls and
		// spaces (URLs in feeds are often indented): what is left
		// serializes the same. Controls inside are left to it.
		s = weburl.TrimC0Space(s)
	}
	var i int
	switch {
	case len(s) > 8 && s[:8] == "https://":
		i = 8
	case len(s) > 7 && s[:7] == "http://":
		i = 7
	default:
		return "", false
	}
	// The host: labels of [a-z0-9-] (A-Z too, which the host parser
	// lowercases), none empty, none "xn--…"; the last label starts with a
	// letter (else it could be read as an IPv4 number: the parser takes
	// "-0" for one).
	hostStart := i
	labelStart := i
	upper := false
host:
	for ; i < len(s); i++ {
		switch k := hostClass[s[i]]; {
		case k == hostPlain:
		case k == hostDot:
			if !plainLabel(s[labelStart:i]) {
				return "", false
			}
			labelStart = i + 1
		case k == hostEnd:
			break host
		case k == hostUpper:
			upper = true
		default:
			return "", false
		}
	}
	last := s[labelStart:i]
	if !plainLabel(last) || last[0]|0x20 < 'a' || last[0]|0x20 > 'z' {
		return "", false
	}
	hostEnd := i
	if !simpleURLRest(s, i) {
		return "", false
	}
	if upper {
		// The host lowercased, and "/" as the empty path.
		b := make([]byte, 0, len(s)+1)
		b = append(b, s[:hostStart]...)
		for _, c := range []byte(s[hostStart:hostEnd]) {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b = append(b, c)
		}
		if hostEnd == len(s) || s[hostEnd] != '/' {
			b = append(b, '/')
		}
		b = append(b, s[hostEnd:]...)
		return string(b), true
	}
	if hostEnd == len(s) {
		return s + "/", true
	}
	if s[hostEnd] != '/' {
		return s[:hostEnd] + "/" + s[hostEnd:], true
	}
	return s, true
}

// simpleURLRest reports whether s[start:], the path, query and fragment of
// an http(s) URL that simpleHTTPURL reads (starting with "/", "?" or "#",
// or empty), is already canonical: only urlChars; "%" followed by two hex
// digits and not an encoded dot; no "." or ".." path segment. A path
// segment may start at start itself (relativeSimple: s follows a "/").
func simpleURLRest(s string, start int) bool {
	inPath := true
	for j, c := range []byte(s[start:]) {
		if urlPlainChars[c] {
			continue
		}
		i := start + j
		if !urlChars[c] {
			return false
		}
		switch c {
		case '?', '#':
			inPath = false
		case '%':
			if i+2 >= len(s) || !isHexDigit(s[i+1]) || !isHexDigit(s[i+2]) {
				return false
			}
			if s[i+1] == '2' && (s[i+2] == 'e' || s[i+2] == 'E') {
				return false
			}
		case '.':
			if inPath && (i == start || s[i-1] == '/') {
				// A segment starting with "." must not be "." or "..".
				j := i + 1
				if j < len(s) && s[j] == '.' {
					j++
				}
				if j == len(s) || s[j] == '/' || s[j] == '?' || s[j] == '#' {
					return false
				}
			}
		}
	}
	return true
}

// pathAbsoluteFromOrigin is the fast path for a path-absolute reference
// ("/a/b", not "//host") against an http(s) base with no user info and no
// port whose origin ("https://host") and root (the origin and "/") are
// given (computed once, by the document URL cache, urlcache.go, or
// newBaseURL): the URL Standard's parser takes the base's scheme and host
// and parses the path, query and fragment as it does after an absolute
// URL's host (the relative slash state), so the result is the origin
// followed by text when that string is already canonical. origin is ""
// when this does not apply to the base. TestPathAbsoluteURLAgreesWithParser
// checks it against the parser. A reference "/"
// gives root itself, without building a string.
func pathAbsoluteFromOrigin(text, origin, root string) (string, bool) {
	if !pathAbsoluteSimple(text, origin) {
		return "", false
	}
	if len(text) == 1 {
		return root, true
	}
	// origin + text, built directly: the general concatenation costs a
	// small feed more than the copies.
	b := make([]byte, len(origin)+len(text))
	copy(b[copy(b, origin):], text)
	return unsafe.String(unsafe.SliceData(b), len(b)), true
}

// pathAbsoluteSimple reports whether pathAbsoluteFromOrigin applies to
// text and origin: its result is then origin followed by text.
func pathAbsoluteSimple(text, origin string) bool {
	if origin == "" || len(text) == 0 || text[0] != '/' || len(text) > 1 && (text[1] == '/' || text[1] == '\\') {
		return false
	}
	return simpleURLRest(text, 0)
}

// relativeFromDir is the fast path for a relative path reference ("a/b",
// "a?q#f": no scheme, not starting with "/", "\\", "?" or "#") against an
// http(s) base whose directory, the base serialized up to the last "/" of
// its path, is dir (see simpleBaseParts; "" when this does not apply): the
// URL Standard's parser takes the base's path without its last segment and
// parses the reference as a path from there, so the result is dir followed
// by the reference when that string is in the form simpleHTTPURL keeps as
// it is (no "." or ".." segment, nothing to encode). It returns false for
// anything else. TestRelativeFromDirAgreesWithParser checks it against the
// parser.
func relativeFromDir(text, dir string) (string, bool) {
	if !relativeSimple(text, dir) {
		return "", false
	}
	return dir + text, true
}

// relativeSimple reports whether relativeFromDir applies to text and dir:
// its result is then dir followed by text.
func relativeSimple(text, dir string) bool {
	if dir == "" || text == "" {
		return false
	}
	switch c := text[0]; {
	case c <= ' ', c == '/', c == '\\', c == '?', c == '#':
		// Leading C0 controls and spaces are stripped first (an
		// empty reference gives the base itself).
		return false
	}
	// dir ends with "/": text is checked as the segments that follow it.
	return !hasScheme(text) && simpleURLRest(text, 0)
}

// plainLabel reports whether a host label is non-empty and not an IDNA
// "xn--" label, in any case (its characters were checked by the caller).
func plainLabel(l string) bool {
	return l != "" && !(len(l) >= 4 && l[0]|0x20 == 'x' && l[1]|0x20 == 'n' && l[2:4] == "--")
}

// isHexDigit reports whether c is an ASCII hex digit.
func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// parseWithBase runs the URL parser (internal/weburl, the WHATWG URL
// parser's result in linear time) on text with base (nil for none) and
// the document's encoding ("parse a URL"). The parser encodes
// the query as UTF-8 (whatwg-url's encoding override takes single-byte
// charmaps only and applies them to every component), so when the
// document's encoding is another one and text's query holds non-ASCII
// characters, the query is percent-encoded in that encoding first
// (encodeQuery), the parser leaving percent-encoded bytes as they are. The
// URL Standard encodes the query as UTF-8 whatever the encoding for a URL
// that is not special and for ws and wss: such a URL is parsed from text
// as it is.
func (p *processor) parseWithBase(text string, base *weburl.URL) (*weburl.URL, error) {
	if p.queryEnc != nil {
		if encoded, ok := encodeQuery(text, p.queryEnc); ok {
			u, err := weburl.Parse(encoded, base)
			if err == nil && u != nil {
				switch u.Scheme() {
				case "http", "https", "ftp", "file":
					return u, nil
				}
			}
		}
	}
	return weburl.Parse(text, base)
}

// urlLimitReason says why a URL was not parsed: it reached weburl's limit
// (a file: URL, which the WHATWG library parses, with more path segments
// than its serialization can afford).
func urlLimitReason(le *weburl.LimitError) string {
	return "it has " + strconv.Itoa(le.N) + " " + le.What + ", more than " + strconv.Itoa(weburl.MaxSegments) +
		" (a limit on file: URLs: SECURITY.md)"
}

// queryEncoding returns the encoding the URL parser percent-encodes queries
// in for a document decoded with the encoding named name: the output
// encoding of the document's character encoding (the Encoding Standard's
// "get an output encoding"). It returns nil for UTF-8, which the parser
// uses by itself: for UTF-8, UTF-16BE, UTF-16LE and replacement, and for
// the names the Encoding Standard lacks (UTF-32, which xml5 also reads).
func queryEncoding(name string) encoding.Encoding {
	switch name {
	case "", "UTF-8", "UTF-16BE", "UTF-16LE", "replacement":
		return nil
	}
	e, err := htmlindex.Get(name)
	if err != nil {
		return nil
	}
	return e
}

// encodeQuery returns text with each non-ASCII character of its query (what
// follows the first '?', up to a '#', when no '#' comes before the '?')
// "percent-encoded after encoding" with enc, as the URL parser's query
// state does for an encoding other than UTF-8: the character's bytes in
// enc, each byte outside '!'–'~' or equal to '#' as "%XX" (the parser
// percent-encodes the other bytes of the query percent-encode set itself),
// and a character enc cannot encode as "%26%23" (&#), its code point in
// decimal, and "%3B" (;). ASCII characters are left to the parser. It
// reports false, and returns "", when the query has no non-ASCII character.
func encodeQuery(text string, enc encoding.Encoding) (string, bool) {
	q := strings.IndexByte(text, '?')
	if q < 0 || strings.IndexByte(text[:q], '#') >= 0 {
		return "", false
	}
	end := len(text)
	if h := strings.IndexByte(text[q:], '#'); h >= 0 {
		end = q + h
	}
	query := text[q+1 : end]
	i := 0
	for i < len(query) && query[i] < utf8.RuneSelf {
		i++
	}
	if i == len(query) {
		return "", false
	}
	b := make([]byte, 0, len(text)+2*(len(query)-i))
	b = append(b, text[:q+1+i]...)
	for i < len(query) {
		if query[i] < utf8.RuneSelf {
			b = append(b, query[i])
			i++
			continue
		}
		j := i + 1
		for j < len(query) && query[j] >= utf8.RuneSelf {
			j++
		}
		b = appendEncodedQueryRun(b, query[i:j], enc)
		i = j
	}
	b = append(b, text[end:]...)
	return string(b), true
}

// appendEncodedQueryRun appends run, non-ASCII characters, encoded for a
// query as encodeQuery says. Each stretch of characters enc encodes is
// encoded with a new encoder, so a stateful encoding (ISO-2022-JP) returns
// to ASCII at its end, as the Encoding Standard's "encode or fail" leaves
// it before the ASCII or the "&#...;" that follows.
func appendEncodedQueryRun(b []byte, run string, enc encoding.Encoding) []byte {
	const hex = "0123456789ABCDEF"
	flush := func(s string) {
		if s == "" {
			return
		}
		out, err := enc.NewEncoder().String(s)
		if err != nil {
			// Every character of s was encoded alone; not reached.
			out = s
		}
		for k := 0; k < len(out); k++ {
			c := out[k]
			if c <= ' ' || c > '~' || c == '#' {
				b = append(b, '%', hex[c>>4], hex[c&0xF])
			} else {
				b = append(b, c)
			}
		}
	}
	start := 0
	for k := 0; k < len(run); {
		r, size := utf8.DecodeRuneInString(run[k:])
		if _, err := enc.NewEncoder().String(run[k : k+size]); err != nil {
			flush(run[start:k])
			b = append(b, "%26%23"...)
			b = strconv.AppendInt(b, int64(r), 10)
			b = append(b, "%3B"...)
			start = k + size
		}
		k += size
	}
	flush(run[start:])
	return b
}

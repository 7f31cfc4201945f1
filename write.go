package feedspec

import (
	"errors"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/html"

	"github.com/feedspec/feedspec/internal/htmltoken"
	"github.com/feedspec/feedspec/internal/jsonstr"
)

// The writers (WriteRSS, WriteAtom, WriteJSONFeed; docs/writing.md) share
// this streaming writer: the document is appended to a buffer of
// writeBufferSize bytes, which is handed to the io.Writer each time it
// fills up; a string longer than the buffer goes to the io.Writer without
// being copied. Nothing of the output is kept once written, so a writer
// holds the buffer and, while one HTML text is written, that text's
// serialization (scratch), beyond the model.
//
// An XML document declares its namespaces once, on its root element: only
// the ones it uses. A writer runs twice over the model: a dry run, in which
// every element and attribute name written with a prefix records its
// namespace (and nothing is escaped or written), then the real run, which
// declares the recorded namespaces on the root. So adding an element to a
// writer is one case in one place: its prefix declares its namespace.
//
// Text the XML 1.0 Char production does not allow is never written: C0
// controls other than tab, line feed and carriage return are dropped, and so
// are U+FFFE and U+FFFF; a byte that is not part of valid UTF-8 becomes
// U+FFFD. A carriage return is written as &#13; (in attributes tab and line
// feed as &#9; and &#10; too), so that XML's end-of-line and attribute
// normalization give back the string written. Element and attribute names
// are the writers' own constants: no value of the model becomes a name.

// writeBufferSize is the size of the buffer a writer fills before handing
// it to the io.Writer.
const writeBufferSize = 8 << 10

// maxKeptScratch is the largest scratch buffer (an HTML text's
// serialization) a writer keeps for the next text.
const maxKeptScratch = 64 << 10

// The namespaces the XML writers declare, by prefix, in the order they are
// declared on the root.
const (
	wnsAtom = iota
	wnsContent
	wnsDC
	wnsITunes
	wnsPodcast
	wnsMedia
	wnsSy
	wnsSlash
	wnsWfw
	wnsThr
	wnsGData
	wnsGeoRSS
	wnsGML
	wnsCC
	wnsPSC
	wnsFH
	wnsAt
	wnsCount
)

// writeNamespaces are the prefixes and namespace names of the wns
// constants.
var writeNamespaces = [wnsCount]struct{ prefix, uri string }{
	wnsAtom:    {"atom", nsAtom},
	wnsContent: {"content", nsRSSContent},
	wnsDC:      {"dc", nsDC},
	wnsITunes:  {"itunes", nsITunes},
	wnsPodcast: {"podcast", nsPodcast},
	wnsMedia:   {"media", nsMedia},
	wnsSy:      {"sy", nsSy},
	wnsSlash:   {"slash", nsSlash},
	wnsWfw:     {"wfw", nsWfw},
	wnsThr:     {"thr", nsThr},
	wnsGData:   {"gd", nsGData},
	wnsGeoRSS:  {"georss", nsGeoRSS},
	wnsGML:     {"gml", nsGML},
	wnsCC:      {"creativeCommons", nsCreativeCommons},
	wnsPSC:     {"psc", nsPSC},
	wnsFH:      {"fh", nsFeedHistory},
	wnsAt:      {"at", nsTombstones},
}

// prefixNamespace returns the wns constant of prefix, or -1 (xml, whose
// namespace is bound by XML itself, and any other).
func prefixNamespace(prefix string) int {
	for i := range writeNamespaces {
		if writeNamespaces[i].prefix == prefix {
			return i
		}
	}
	return -1
}

// An feedWriter writes a document to w through its buffer (see above). The
// first error w returns is kept in err; every method does nothing after it.
type feedWriter struct {
	w   io.Writer
	buf []byte
	err error
	// dry is set for the dry run: names record their namespaces in used,
	// and nothing is written.
	dry  bool
	used uint32
	// scratch holds an HTML text's serialization while it is written.
	scratch []byte
	// scopeThumb is, while an Atom entry is written, the thumbnail
	// written as the entry's media:thumbnail, which its Media RSS objects
	// inherit (write_media.go).
	scopeThumb *Image
	// bareContent is set, while an RSS item is written, when one of its
	// enclosures may be written as a media:content without metadata.
	bareContent bool
}

// newFeedWriter returns a writer for w, in its dry run.
func newFeedWriter(w io.Writer) *feedWriter {
	return &feedWriter{w: w, dry: true}
}

// run calls write twice, for the dry run and then for the document, and
// flushes the buffer. format names the format in errors.
func (x *feedWriter) run(format string, write func(*feedWriter)) error {
	write(x)
	x.dry = false
	x.buf = make([]byte, 0, writeBufferSize)
	write(x)
	x.flush()
	x.buf, x.scratch = nil, nil
	if x.err != nil {
		return wrap("writing "+format, x.err)
	}
	return nil
}

// unsafeString returns b's bytes as a string, without copying: b must not
// change while the string is used.
func unsafeString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// flush hands the buffer to w.
func (x *feedWriter) flush() {
	if len(x.buf) > 0 && x.err == nil {
		_, x.err = x.w.Write(x.buf)
	}
	x.buf = x.buf[:0]
}

// failed reports whether writing has stopped (an error), so that loops over
// the model end early.
func (x *feedWriter) failed() bool { return x.err != nil }

// raw writes s as it is.
func (x *feedWriter) raw(s string) {
	if x.dry {
		return
	}
	if len(s) <= cap(x.buf)-len(x.buf) {
		x.buf = append(x.buf, s...)
		return
	}
	x.flush()
	if len(s) >= cap(x.buf) {
		if x.err == nil {
			_, x.err = io.WriteString(x.w, s)
		}
		return
	}
	x.buf = append(x.buf, s...)
}

// room makes room for n bytes (n no more than writeBufferSize) in the
// buffer.
func (x *feedWriter) room(n int) {
	if cap(x.buf)-len(x.buf) < n {
		x.flush()
	}
}

// name records the namespace of name's prefix in the dry run.
func (x *feedWriter) name(name string) {
	if i := strings.IndexByte(name, ':'); i > 0 {
		if ns := prefixNamespace(name[:i]); ns >= 0 {
			x.used |= 1 << ns
		}
	}
}

// start writes the start of an element's start tag, "<name"; attributes
// and then startEnd or selfClose follow.
func (x *feedWriter) start(name string) {
	if x.dry {
		x.name(name)
		return
	}
	x.room(len(name) + 1)
	x.buf = append(x.buf, '<')
	x.buf = append(x.buf, name...)
}

// startEnd ends a start tag.
func (x *feedWriter) startEnd() {
	if x.dry {
		return
	}
	x.room(1)
	x.buf = append(x.buf, '>')
}

// selfClose ends an element that has no content: "/>".
func (x *feedWriter) selfClose() {
	if x.dry {
		return
	}
	x.room(2)
	x.buf = append(x.buf, '/', '>')
}

// end writes an end tag.
func (x *feedWriter) end(name string) {
	if x.dry {
		return
	}
	x.room(len(name) + 3)
	x.buf = append(x.buf, '<', '/')
	x.buf = append(x.buf, name...)
	x.buf = append(x.buf, '>')
}

// open writes a start tag without attributes.
func (x *feedWriter) open(name string) {
	x.start(name)
	x.startEnd()
}

// attr writes the attribute name="value", value escaped. It writes
// nothing when value is "".
func (x *feedWriter) attr(name, value string) {
	if value == "" {
		return
	}
	x.attrAlways(name, value)
}

// attrAlways writes the attribute name="value", even when value is "".
func (x *feedWriter) attrAlways(name, value string) {
	if x.dry {
		x.name(name)
		return
	}
	x.room(len(name) + 3)
	x.buf = append(x.buf, ' ')
	x.buf = append(x.buf, name...)
	x.buf = append(x.buf, '=', '"')
	x.escape(value, escAttr)
	x.room(1)
	x.buf = append(x.buf, '"')
}

// attrInt writes the attribute name with the decimal value n.
func (x *feedWriter) attrInt(name string, n int64) {
	if x.dry {
		x.name(name)
		return
	}
	x.room(len(name) + 24)
	x.buf = append(x.buf, ' ')
	x.buf = append(x.buf, name...)
	x.buf = append(x.buf, '=', '"')
	x.buf = strconv.AppendInt(x.buf, n, 10)
	x.buf = append(x.buf, '"')
}

// attrFloat writes the attribute name with the number f, in the shortest
// decimal form that reads back as f (no exponent below 1e21).
func (x *feedWriter) attrFloat(name string, f float64) {
	if x.dry {
		x.name(name)
		return
	}
	x.room(len(name) + 32)
	x.buf = append(x.buf, ' ')
	x.buf = append(x.buf, name...)
	x.buf = append(x.buf, '=', '"')
	x.buf = strconv.AppendFloat(x.buf, f, 'f', -1, 64)
	x.buf = append(x.buf, '"')
}

// text writes s as character data, escaped.
func (x *feedWriter) text(s string) {
	if x.dry {
		return
	}
	x.escape(s, escText)
}

// element writes <name>s</name>, s escaped; nothing when s is "" (or
// holds only characters XML cannot carry).
func (x *feedWriter) element(name, s string) {
	if s = xmlCarried(s); s == "" {
		return
	}
	x.elementAlways(name, s)
}

// elementAlways writes <name>s</name>, or <name/> when s is "" (or holds
// only characters XML cannot carry).
func (x *feedWriter) elementAlways(name, s string) {
	s = xmlCarried(s)
	x.start(name)
	if s == "" {
		x.selfClose()
		return
	}
	x.startEnd()
	x.text(s)
	x.end(name)
}

// intElement writes <name>n</name>.
func (x *feedWriter) intElement(name string, n int64) {
	x.open(name)
	if !x.dry {
		x.room(20)
		x.buf = strconv.AppendInt(x.buf, n, 10)
	}
	x.end(name)
}

// dateElement writes <name>t</name>, t formatted by appendDate (RFC 3339
// or RFC 822: see writableDate). It writes nothing when t cannot be
// written.
func (x *feedWriter) dateElement(name string, t *time.Time, rfc822 bool) {
	if !writableDate(t) || rfc822 && t.UTC().Year() < 1000 {
		return // RSS readers read a year below 1000 as two or three digits
	}
	x.open(name)
	if !x.dry {
		x.room(40)
		x.buf = appendWriteDate(x.buf, *t, rfc822)
	}
	x.end(name)
}

// writableDate reports whether t is a date the writers write: not nil, in
// the years 0001 to 9999, which both RFC 3339 and RFC 822 can say. A date
// outside them is left out (a program made it: no parser gives one).
func writableDate(t *time.Time) bool {
	if t == nil {
		return false
	}
	y := t.UTC().Year()
	return y >= 1 && y <= 9999
}

// appendWriteDate appends t as an RFC 3339 date (Atom, JSON Feed), with its
// fraction of a second when it has one, or as an RFC 822 date with a
// four-digit year and a numeric zone (RSS: whole seconds, the fraction
// dropped), both in t's own offset from UTC when that offset is whole
// minutes and less than a day (else in UTC: neither form can write
// seconds of offset, nor an offset of a day). The
// instant is the same (to the second in RFC 822).
func appendWriteDate(b []byte, t time.Time, rfc822 bool) []byte {
	if _, off := t.Zone(); off%60 != 0 || off <= -24*3600 || off >= 24*3600 {
		t = t.UTC()
	}
	if rfc822 {
		return t.AppendFormat(b, time.RFC1123Z)
	}
	return t.AppendFormat(b, time.RFC3339Nano)
}

// The escaping tables: the class of each byte in a context (see escape).
const (
	escCopy  = 0 // written as it is
	escOwn   = 1 // escaped (text: & < > CR; attributes: also " TAB LF; CDATA: ']' and CR)
	escDrop  = 2 // dropped: a C0 control XML 1.0 does not allow
	escMulti = 3 // starts a UTF-8 sequence to check
)

// An escTable is the class of every byte in one context.
type escTable = [256]uint8

// The contexts escape writes in.
var (
	escText  = makeEscTable("&<>\r", false)
	escAttr  = makeEscTable("&<>\"\r\t\n", false)
	escCDATA = makeEscTable("]\r", false)
	// The same for a string known to be valid UTF-8: only 0xEF (which
	// starts U+FFFE and U+FFFF) of the bytes from 0x80 is checked.
	escTextValid  = makeEscTable("&<>\r", true)
	escAttrValid  = makeEscTable("&<>\"\r\t\n", true)
	escCDATAValid = makeEscTable("]\r", true)
)

func makeEscTable(own string, valid bool) *escTable {
	var t escTable
	for c := 0; c < 0x20; c++ {
		t[c] = escDrop
	}
	t['\t'], t['\n'], t['\r'] = escCopy, escCopy, escCopy
	for i := 0; i < len(own); i++ {
		t[own[i]] = escOwn
	}
	for c := 0x80; c < 0x100; c++ {
		if !valid || c == 0xEF {
			t[c] = escMulti
		}
	}
	return &t
}

// validTable returns the table of valid UTF-8 for the table t.
func validTable(t *escTable) *escTable {
	switch t {
	case escText:
		return escTextValid
	case escAttr:
		return escAttrValid
	case escCDATA:
		return escCDATAValid
	}
	return t
}

// replacementChar is U+FFFD in UTF-8.
const replacementChar = "\uFFFD"

// escape writes s in the context t (escText, escAttr or escCDATA), in one
// pass: runs of bytes to copy are written as they are, each other byte as
// its class says.
func (x *feedWriter) escape(s string, t *escTable) {
	if utf8.ValidString(s) {
		t = validTable(t)
	}
	for len(s) > 0 {
		i := jsonstr.SkipSafe(s, 0, t)
		if i > 0 {
			x.raw(s[:i])
			if i == len(s) {
				return
			}
			s = s[i:]
		}
		c := s[0]
		switch t[c] {
		case escOwn:
			n := 1
			switch {
			case (t == escCDATA || t == escCDATAValid) && c == '\r':
				// A CDATA section cannot hold a carriage return (XML reads
				// CR LF and CR as LF): it is written as XML reads it.
				if len(s) < 2 || s[1] != '\n' {
					x.raw("\n")
				}
			case t == escCDATA || t == escCDATAValid: // ']'
				if strings.HasPrefix(s, "]]>") {
					x.raw("]]]]><![CDATA[>")
					n = 3
				} else {
					x.raw("]")
				}
			default:
				x.raw(xmlEscapes[c])
			}
			s = s[n:]
		case escDrop:
			s = s[1:]
		default: // escMulti
			r, n := utf8.DecodeRuneInString(s)
			switch {
			case r == utf8.RuneError && n == 1:
				x.raw(replacementChar)
			case r == 0xFFFE || r == 0xFFFF:
			default:
				x.raw(s[:n])
			}
			s = s[n:]
		}
	}
}

// xmlEscapes are the escapes of the bytes of class escOwn in text and
// attributes.
var xmlEscapes = [256]string{
	'&':  "&amp;",
	'<':  "&lt;",
	'>':  "&gt;",
	'"':  "&quot;",
	'\r': "&#13;",
	'\t': "&#9;",
	'\n': "&#10;",
}

// cdata writes s as a CDATA section: "]]>" in s is split across two
// sections, CR LF and CR are written LF (as XML reads them), and the
// characters XML cannot carry are dropped or replaced as escape does.
func (x *feedWriter) cdata(s string) {
	if x.dry {
		return
	}
	x.raw("<![CDATA[")
	x.escape(s, escCDATA)
	x.raw("]]>")
}

// htmlElement writes <name>t</name> where the element's text is read as
// HTML (an RSS description, content:encoded): t's HTML (htmlValue), as a
// CDATA section when it has a "<" or "&", else as text, so that the bytes
// written depend on the HTML only.
func (x *feedWriter) htmlElement(name string, t *Text) {
	x.start(name)
	x.htmlContent(name, t)
}

// htmlContent ends a start tag begun with start and writes t's HTML as
// htmlElement does, and the end tag.
func (x *feedWriter) htmlContent(name string, t *Text) {
	x.startEnd()
	if !x.dry {
		h, _ := x.htmlValue(t)
		if strings.ContainsAny(h, "<&") {
			x.cdata(h)
		} else {
			x.text(h)
		}
		x.releaseScratch()
	}
	x.end(name)
}

// htmlValue returns t's HTML (valid until the next call) and whether it
// holds markup (a "<": an element, a comment...). A Node value parsed from
// escaped HTML gives that source, which the reader parses into the same
// fragment (so nothing is serialized); a string value, its escaping
// (appendTextHTML); any other Node value (Atom XHTML content, a tree a
// program built, a serialization read back from the canonical JSON) is
// serialized, then parsed as the reader will parse it and serialized
// again, so that writing what is read back gives the same bytes (the HTML
// parser does not keep every tree: a p in a p, for one).
func (x *feedWriter) htmlValue(t *Text) (string, bool) {
	if l := t.lazy; l != nil && l.escapedSource() {
		// The escaped HTML the Node was parsed from: the reader parses it
		// into the same fragment, so it is written as it is, without
		// serializing the fragment. It holds markup: a source of text
		// alone would have given a string value ([339]).
		return t.source(l), true
	}
	x.scratch = appendTextHTML(x.scratch[:0], t)
	if t.isNode() && (t.lazy == nil || !t.lazy.escapedSource()) {
		n := len(x.scratch)
		if b, ok := htmltoken.AppendHTML(x.scratch, unsafeString(x.scratch), htmltoken.DropOneByOneImages); ok {
			x.scratch = b
		} else {
			frag := parseRenderedHTML(unsafeString(x.scratch))
			sanitize(frag)
			w := appendWriter{b: x.scratch}
			if err := html.Render(&w, frag); err != nil {
				w.b = w.b[:n]
				_ = html.Render(&w, cloneWithoutVoidChildren(frag))
			}
			x.scratch = w.b
		}
		h := x.scratch[n:]
		return unsafeString(h), strings.IndexByte(unsafeString(h), '<') >= 0
	}
	return unsafeString(x.scratch), t.isNode() && strings.IndexByte(unsafeString(x.scratch), '<') >= 0
}

// releaseScratch lets the scratch buffer go when it grew large.
func (x *feedWriter) releaseScratch() {
	if cap(x.scratch) > maxKeptScratch {
		x.scratch = nil
	}
}

// plainValue returns t as text with no markup, for a format's text
// element (an Atom text of type text, JSON Feed's content_text) when t is
// a string value or a Node value whose HTML has no markup (h, from
// htmlValue): the string, or the HTML's text.
func plainValue(t *Text, h string) string {
	if !t.isNode() {
		return t.str
	}
	return html.UnescapeString(h)
}

// appendTextHTML appends t's HTML to dst: what Text.HTML returns, a string
// value escaped as html.EscapeString escapes it, carriage returns as
// &#13; too (the HTML parser would turn a raw one into a line feed).
func appendTextHTML(dst []byte, t *Text) []byte {
	if t == nil {
		return dst
	}
	if !t.isNode() {
		return appendHTMLEscaped(dst, t.str)
	}
	if l := t.lazy; l != nil && l.rendered {
		return append(dst, t.source(l)...)
	}
	if l := t.lazy; l != nil && l.escapedSource() {
		mode := htmltoken.DropOneByOneImages
		if l.validUTF8 {
			mode |= htmltoken.ValidUTF8
		}
		n := len(dst)
		if b, ok := htmltoken.AppendHTML(dst, t.source(l), mode); ok {
			return b
		}
		dst = dst[:n]
	}
	frag := t.readNode()
	if frag == nil {
		return dst
	}
	n := len(dst)
	w := appendWriter{b: dst}
	if err := html.Render(&w, frag); err == nil {
		return w.b
	}
	w.b = w.b[:n]
	_ = html.Render(&w, cloneWithoutVoidChildren(frag)) // as renderHTML
	return w.b
}

// appendHTMLEscaped appends s with &, <, >, ", ' and carriage returns
// escaped as HTML character references.
func appendHTMLEscaped(dst []byte, s string) []byte {
	for {
		i := strings.IndexAny(s, "&<>\"'\r")
		if i < 0 {
			return append(dst, s...)
		}
		dst = append(dst, s[:i]...)
		switch s[i] {
		case '&':
			dst = append(dst, "&amp;"...)
		case '<':
			dst = append(dst, "&lt;"...)
		case '>':
			dst = append(dst, "&gt;"...)
		case '"':
			dst = append(dst, "&#34;"...)
		case '\'':
			dst = append(dst, "&#39;"...)
		case '\r':
			dst = append(dst, "&#13;"...)
		}
		s = s[i+1:]
	}
}

// An appendWriter appends what is written to b (html.Render writes to it).
type appendWriter struct{ b []byte }

func (w *appendWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

func (w *appendWriter) WriteString(s string) (int, error) {
	w.b = append(w.b, s...)
	return len(s), nil
}

func (w *appendWriter) WriteByte(c byte) error {
	w.b = append(w.b, c)
	return nil
}

// errNilFeed is returned by the writers for a nil Feed.
var errNilFeed = errors.New(errPrefix + "writing a nil Feed")

// xmlCarried returns s without the characters XML cannot carry (which
// escape drops), so that an element whose text holds nothing else is
// written empty; s itself (no copy) when it has none of them, as almost
// every string.
func xmlCarried(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0xEF {
			if s = xmlCharsOf(s); !hasNonSpaceChar(s) {
				return "" // only spaces were carried: what a string element reads as null
			}
			return s
		}
	}
	return s
}

// xmlCharsOf returns s without C0 controls other than tab, line feed and
// carriage return, U+FFFE and U+FFFF.
func xmlCharsOf(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			return -1
		}
		return r
	}, s)
}

// stringValue returns s, or "" when it has only space characters (a
// string element holding them is null to the reader).
func stringValue(s string) string {
	if !hasNonSpaceChar(s) {
		return ""
	}
	return s
}

// textString returns t as a plain string for an element that holds text
// only (an RSS title, a JSON Feed title): a string value itself, a Node
// value's text content; "" when that has only space characters (a string
// element holding them is null to the reader).
func textString(t *Text) string {
	if t == nil {
		return ""
	}
	s := t.str
	if t.isNode() {
		s = t.TextContent()
	}
	if !hasNonSpaceChar(s) {
		return ""
	}
	return s
}

// isFullURI reports whether s is an absolute URI as the W3C feed
// validator checks one: a scheme (a letter, then letters, digits, "+",
// "-" or "."), ":", and one or more of the URI characters (letters,
// digits and ;/?:@&=+$.-_!~*'()%,#), nothing else.
func isFullURI(s string) bool {
	i := strings.IndexByte(s, ':')
	if i <= 0 || i == len(s)-1 || !isASCIILetter(s[0]) {
		return false
	}
	for j := 1; j < i; j++ {
		if c := s[j]; !isASCIILetter(c) && !isASCIIDigit(c) && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	for j := i + 1; j < len(s); j++ {
		if !isURIChar(s[j]) {
			return false
		}
	}
	return true
}

func isASCIIDigit(c byte) bool { return '0' <= c && c <= '9' }

// isURIChar reports whether c is one of the characters isFullURI allows
// after the scheme.
func isURIChar(c byte) bool {
	return isASCIILetter(c) || isASCIIDigit(c) || strings.IndexByte(";/?:@&=+$.-_!~*'()%,#", c) >= 0
}

// uriID returns id when it is an absolute URI (isFullURI), else the URN
// "urn:guid:" followed by id with every byte isURIChar does not allow (and
// "%", "/", "?" and "#") percent-encoded: an identifier Atom accepts, from
// which id can be read back.
func uriID(id string) string {
	if isFullURI(id) {
		return id
	}
	const hexDigits = "0123456789ABCDEF"
	b := make([]byte, 0, len("urn:guid:")+len(id)+8)
	b = append(b, "urn:guid:"...)
	for i := 0; i < len(id); i++ {
		c := id[i]
		if isURIChar(c) && c != '%' && c != '/' && c != '?' && c != '#' && c != '&' && c != '~' {
			b = append(b, c)
			continue
		}
		b = append(b, '%', hexDigits[c>>4], hexDigits[c&15])
	}
	return string(b)
}

// isMIMEType reports whether s is a MIME type as the W3C feed validator
// checks one: type "/" subtype, each one or more characters that are not
// space, control or tspecials, then parameters.
func isMIMEType(s string) bool {
	i := 0
	token := func() bool {
		start := i
		for i < len(s) && s[i] > ' ' && s[i] < 0x7F && strings.IndexByte("()<>@,;:\\\"/[]?=", s[i]) < 0 {
			i++
		}
		return i > start
	}
	if !token() || i == len(s) || s[i] != '/' {
		return false
	}
	i++
	if !token() {
		return false
	}
	for i < len(s) {
		for i < len(s) && isSpaceCharacter(s[i]) {
			i++
		}
		if i == len(s) || s[i] != ';' {
			return false
		}
		i++
		for i < len(s) && isSpaceCharacter(s[i]) {
			i++
		}
		if !token() || i == len(s) || s[i] != '=' {
			return false
		}
		i++
		if i < len(s) && s[i] == '"' {
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				return false
			}
			i += j + 2
		} else if !token() {
			return false
		}
	}
	return true
}

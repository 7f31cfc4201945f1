package feedspec

import (
	"hash/maphash"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/feedspec/feedspec/internal/htmltoken"
	"github.com/feedspec/feedspec/internal/jsonstr"
	"github.com/feedspec/feedspec/xml5"
)

// NoNamespace is the html.Node Namespace of an element that is in no
// namespace. Such elements come only from Atom XHTML content (an element
// written with xmlns="" or with an undeclared prefix); golang.org/x/net/html
// itself uses Namespace "" for the HTML namespace, so "no namespace" needs a
// value of its own. NoNamespace holds a NUL character, which no XML namespace
// name can contain.
const NoNamespace = "\x00"

// A Text is the value of a field that the specification says is "null, a
// string, or a Node" (titles, subtitles, summaries, content). A nil *Text is
// null.
//
// A Node value is a DocumentFragment, represented as a golang.org/x/net/html
// node of type html.DocumentNode whose children are the fragment's nodes
// (Node returns it). Content parsed from escaped HTML is exactly what
// x/net/html's fragment parser builds, except that the parser reads only
// as much of hostile markup as keeps the tree within its budget (16 bytes
// a byte of the HTML, and as much again up to 256 KiB; past it, the
// longest prefix within it: docs/toolkit.md). Content taken from Atom XHTML (XML) is
// converted with these conventions, so that it can be walked and rendered
// like parsed HTML:
//
//   - Element namespaces: "" for the XHTML namespace, "svg" for SVG, "math"
//     for MathML (as x/net/html does), NoNamespace for no namespace, and the
//     namespace URL itself for any other namespace. An element in an XHTML,
//     SVG or MathML namespace has its local name as Data (a prefix it was
//     written with is dropped); an element in any other namespace has its
//     qualified name ("prefix:local", or the local name) as Data, which is
//     also what the HTML serialization writes for it.
//   - Attribute namespaces: "" for no namespace (Key is the name as written,
//     an undeclared prefix included), "xml", "xlink" and "xmlns" for the XML,
//     XLink and XMLNS namespaces with the local name as Key (as x/net/html
//     does for foreign attributes), except that a default namespace
//     declaration is Namespace "" and Key "xmlns"; any other namespace is its
//     namespace URL with the qualified name ("prefix:local") as Key.
//   - Text and comments become html.TextNode and html.CommentNode; a
//     processing instruction becomes an html.RawNode whose Data is its HTML
//     serialization, "<?target data>".
//
// The zero Text is the empty string.
//
// A Node parsed from escaped HTML is usually built on first use (Node, HTML,
// String, TextContent, MarshalJSON): parsing decides with the HTML tokenizer
// alone whether the content is significant and whether it is a string, and
// keeps the source. In a feed parsed WithoutDocument (a Fetcher's default)
// a Text keeps no tree at all: a Node value keeps its source (escaped HTML)
// or a compact copy of its tree (Atom XHTML content), and builds the tree
// anew each time one is needed, for the call only (see Node). A Text is
// safe for concurrent use by readers.
type Text struct {
	// str is the string value (a Text has a Node value when frag or lazy
	// is not nil: isNode). Text has no field that says which, so that it
	// fits the runtime's 32-byte size class (TestTextSize).
	str string
	// frag is the Node value. Only fragment reads it, so that it can be
	// built on first use.
	frag *html.Node
	// lazy, when not nil, builds frag on first use.
	lazy *lazyFragment
}

// A lazyFragment is what a Node value parsed from escaped HTML keeps until
// its fragment is first needed. Its fields are ordered so that it fits the
// runtime's 64-byte size class: every Node text of a parsed feed has one
// (TestLazyFragmentSize).
type lazyFragment struct {
	once sync.Once
	// built is set once frag was built (after it was), for readNode.
	built atomic.Bool
	// src is the HTML source ([178]'s text) when xhtml is nil and packed
	// is false, the fragment's serialization when rendered, and the
	// packed fragment (packTree) when packed.
	src string
	// xhtml, when not nil, is the div of Atom XHTML content whose
	// children make the fragment ([66]–[69]).
	xhtml *xml5.Node
	// sig summarizes the fragment's text content, when sig.ok, so that
	// "same text content" can tell most different fragments apart without
	// building them; sigLater tells that it is computed from src when
	// first asked (signature, escapedhtml.go).
	sig textSignature
	// rendered tells that src is the fragment's serialization (HTML
	// returns it as it is), as read from the canonical JSON
	// (UnmarshalJSON) or recovered from mojibake.
	rendered bool
	// packed tells that src is the fragment of Atom XHTML content packed
	// (packTree) when the document was let go (WithoutDocument).
	packed bool
	// transient, set when the document was let go (WithoutDocument),
	// says that the fragment is built for each use and never kept, and
	// that the source is the Text's str, not src: the lazyFragment is
	// then one of detachedFragments, shared and never written.
	transient bool
	sigLater  bool
	// validUTF8 tells that src is known to be valid UTF-8 (text of an
	// xml5 document, see escapedHTMLTextOf), so that AppendHTML need not
	// check it again.
	validUTF8 bool
}

// detachedFragments are the lazyFragments of the Node texts of a feed
// parsed WithoutDocument (detachText), one for each way of reading the
// source, which the Text's str holds: so such a Text keeps no
// lazyFragment of its own (64 bytes). Nothing writes them: a transient
// fragment is built for each use, and the signature and sync fields are
// read only while parsing, before detachText.
var detachedFragments = [...]lazyFragment{
	{transient: true},                  // escaped HTML source
	{transient: true, validUTF8: true}, // escaped HTML source, valid UTF-8
	{transient: true, packed: true},    // packed Atom XHTML content (packTree)
	{transient: true, rendered: true},  // a serialization
}

// detachedFragment returns the element of detachedFragments for a source
// read as l reads its own (l not transient) or, when packed, for a packed
// fragment.
func detachedFragment(l *lazyFragment, packed bool) *lazyFragment {
	switch {
	case packed:
		return &detachedFragments[2]
	case l.rendered:
		return &detachedFragments[3]
	case l.validUTF8:
		return &detachedFragments[1]
	}
	return &detachedFragments[0]
}

// source returns the source of t's lazy fragment l (t.lazy): l.src, or
// the Text's str when l is transient (detachedFragments).
func (t *Text) source(l *lazyFragment) string {
	if l.transient {
		return t.str
	}
	return l.src
}

// A textSignature is the length and hash (hash/maphash, seeded once per
// process) of a text content.
type textSignature struct {
	hash uint64
	// n is the length, modulo 2^32: signatures that differ tell texts
	// apart, equal ones are only a hint (sameTextContent compares the
	// trees then).
	n  uint32
	ok bool
}

// signatureSeed seeds the hash of every textSignature, so that signatures
// made in one process compare.
var signatureSeed = maphash.MakeSeed()

// A textSigner computes a textSignature from the text content given in
// pieces (the hash depends only on the concatenation).
type textSigner struct {
	h maphash.Hash
	n int
}

func (s *textSigner) add(b []byte) {
	if s.n == 0 {
		s.h.SetSeed(signatureSeed)
	}
	s.h.Write(b)
	s.n += len(b)
}

// signature returns the signature of what was added.
func (s *textSigner) signature() textSignature {
	if s.n == 0 {
		s.h.SetSeed(signatureSeed)
	}
	return textSignature{ok: true, n: uint32(s.n), hash: s.h.Sum64()}
}

// isNode reports whether t has a Node value: one whose fragment is lazy
// (built on first use) or, when lazy is nil, was given (nodeText). lazy is
// read first: a lazy Text's frag is written when it is built, which may be
// in another goroutine.
func (t *Text) isNode() bool {
	return t.lazy != nil || t.frag != nil
}

// stringText returns a Text whose value is the string s.
func stringText(s string) *Text {
	return &Text{str: s}
}

// nodeText returns a Text whose value is the Node frag, a DocumentNode.
func nodeText(frag *html.Node) *Text {
	return &Text{frag: frag}
}

// lazyNodeText returns a Node value that parses src ([178]) on first use.
// The caller has established that src gives a significant fragment that is
// not a single Text node.
func lazyNodeText(src string, sig textSignature) *Text {
	return &Text{lazy: &lazyFragment{src: src, sig: sig}}
}

// sourcedNodeText returns a Node value whose fragment frag was built from
// src ([178]) now. frag is the value; src is kept so that a feed parsed
// WithoutDocument can let frag go (detachFeed) and parse src again when
// the fragment is needed.
func sourcedNodeText(src string, frag *html.Node) *Text {
	t := &Text{lazy: &lazyFragment{src: src}}
	t.lazy.once.Do(func() {
		t.frag = frag
		t.lazy.built.Store(true)
	})
	return t
}

// renderedNodeText returns a Node value whose HTML serialization is src
// (what Text.HTML gave for it); its fragment is parsed from src on first
// use.
func renderedNodeText(src string) *Text {
	return &Text{lazy: &lazyFragment{src: src, rendered: true}}
}

// parseRenderedHTML parses src, a fragment's serialization, with the HTML
// fragment parser in a div context (as [178] does, without sanitizing
// again), within the budget of its tree (fitHTML).
func parseRenderedHTML(src string) *html.Node {
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	frag := &html.Node{Type: html.DocumentNode}
	nodes, _ := html.ParseFragmentWithOptions(strings.NewReader(fitHTML(src, false)), ctx, html.ParseOptionEnableScripting(false))
	for _, n := range nodes {
		frag.AppendChild(n)
	}
	return frag
}

// fragment returns the Node value (nil for a string value), building it on
// first use. Every method reads the node through it.
func (t *Text) fragment() *html.Node {
	if t == nil || !t.isNode() {
		return nil
	}
	if l := t.lazy; l != nil {
		if l.transient {
			return t.build(l)
		}
		l.once.Do(func() {
			t.frag = t.build(l)
			l.built.Store(true)
		})
	}
	return t.frag
}

// build builds the fragment l, t's lazy fragment, stands for, a new tree
// on every call.
func (t *Text) build(l *lazyFragment) *html.Node {
	switch {
	case l.packed:
		return unpackTree(t.source(l))
	case l.xhtml != nil:
		frag, _ := xhtmlFragment(l.xhtml)
		return frag
	case l.rendered:
		return parseRenderedHTML(t.source(l))
	}
	frag, _ := parseHTMLFragment(t.source(l))
	return frag
}

// escapedSource reports whether l keeps the escaped HTML source of its
// fragment (src, parsed by [178]): not Atom XHTML content, not a
// serialization.
func (l *lazyFragment) escapedSource() bool {
	return l.xhtml == nil && !l.packed && !l.rendered
}

// IsNode reports whether t's value is a Node (a DocumentFragment) rather
// than a string. It is false for a nil Text.
func (t *Text) IsNode() bool {
	return t != nil && t.isNode()
}

// String returns the string value, or for a Node value its HTML
// serialization (as HTML does). It returns "" for a nil Text.
//
// String is the specification's value, for storing and comparing; it is
// not for display: a Node gives HTML, and a string title may hold markup
// its publisher put there ("<b>new</b>"). Show DisplayText to people.
func (t *Text) String() string {
	if t == nil {
		return ""
	}
	if t.isNode() {
		return t.HTML()
	}
	return t.str
}

// HTML returns t as HTML: a string value HTML-escaped, a Node value's
// children rendered with golang.org/x/net/html's Render. It returns "" for a
// nil Text.
//
// Untrusted: a Node value's HTML is the publisher's markup, unsanitized
// (scripts, event handlers and javascript: links included); display it
// through SafeHTML.
func (t *Text) HTML() string {
	if t == nil {
		return ""
	}
	if !t.isNode() {
		return html.EscapeString(t.str)
	}
	if l := t.lazy; l != nil && l.rendered {
		return t.source(l)
	}
	if l := t.lazy; l != nil && l.escapedSource() {
		if b, ok := htmltoken.AppendHTML(nil, t.source(l), htmltoken.DropOneByOneImages); ok {
			return string(b)
		}
	}
	return renderHTML(t.fragment())
}

// Node returns the Node value: an html.Node of type html.DocumentNode whose
// children are the DocumentFragment's nodes. It returns nil for a string
// value and for a nil Text. The node is shared: callers must not modify it.
//
// In a feed parsed WithoutDocument (a Fetcher's default, unless
// KeepDocument), the Text keeps no tree: each call builds a new one (from
// the escaped HTML source, or from the compact copy of Atom XHTML content),
// equal to the one the feed would otherwise keep, and the caller may keep
// or modify it. A program that walks the tree more than once should keep
// what Node returned rather than call it again.
//
// Untrusted: the tree is the publisher's markup, unsanitized; display it
// through SafeHTML.
func (t *Text) Node() *html.Node {
	return t.fragment()
}

// TextContent returns t as plain text: a string value itself; for a Node
// value the data of its descendant text nodes, concatenated in document
// order (the DOM's textContent; template contents are not descendants). It
// returns "" for a nil Text.
//
// TextContent is the DOM's raw text, the one the specification compares
// ("same text content"): white space kept as written, script and style text
// included, no line breaks between paragraphs. For indexing use PlainText;
// for display, DisplayText.
func (t *Text) TextContent() string {
	if t == nil {
		return ""
	}
	if !t.isNode() {
		return t.str
	}
	var b strings.Builder
	appendTextContent(&b, t.fragment())
	return b.String()
}

// MarshalJSON encodes a string value as a JSON string and a Node value as
// {"html":"..."}, the children serialized by golang.org/x/net/html. A nil
// Text is null. Strings are escaped as encoding/json escapes them with HTML
// escaping off.
func (t *Text) MarshalJSON() ([]byte, error) {
	return t.appendJSON(nil, jsonEnc{}), nil
}

// appendJSON appends what MarshalJSON returns to dst. A lazy Node whose
// tokens nest as its tree does is serialized from its tokens, without
// building the fragment.
func (t *Text) appendJSON(dst []byte, w jsonEnc) []byte {
	if t == nil {
		return append(dst, "null"...)
	}
	if !t.isNode() {
		return appendJSONText(dst, t.str, w.html)
	}
	if l := t.lazy; l != nil && l.rendered {
		dst = append(dst, `{"html":`...)
		dst = appendJSONText(dst, t.source(l), w.html)
		return append(dst, '}')
	}
	dst = append(dst, `{"html":"`...)
	sized := false
	if l := t.lazy; l != nil && l.escapedSource() {
		src := t.source(l)
		// A long text's JSON written from its tree is sized first
		// (fragmentJSONSize).
		sized = len(src) >= sizedFragment
		n := len(dst)
		mode := htmltoken.DropOneByOneImages | htmltoken.JSONString
		if l.validUTF8 {
			mode |= htmltoken.ValidUTF8
		}
		if w.html {
			mode |= htmltoken.JSONStringEscapeHTML
		}
		// From the tokens, while the tree is within its budget: a long
		// text is probed (AppendHTMLWithin), so that when it passes the
		// budget (a hostile one) little is written before its tree, of the
		// prefix fitHTML keeps, is written sized.
		budget := htmltoken.TreeBudget(len(src))
		out, ok, over := htmltoken.AppendHTMLWithin(dst, src, mode, budget, sized)
		if !ok && over && sized && len(fitHTML(src, false)) == len(src) {
			// Dense at its start only.
			out, ok, _ = htmltoken.AppendHTMLWithin(dst[:n], src, mode, budget, false)
		}
		if ok {
			return append(out, '"', '}')
		}
		dst = out[:n]
	}
	frag := t.fragment()
	if frag != nil {
		if sized {
			// A long fragment's JSON, written in many short appends,
			// would grow dst by a quarter at a time, the arrays left
			// behind adding up to four times the JSON: sized first.
			if size, ok := fragmentJSONSize(frag, w.html, new(jsonSizer)); ok && cap(dst)-len(dst) < size+2 {
				dst = slices.Grow(dst, size+2)
			}
		}
		if out, ok := appendFragmentJSON(dst, frag, w.html); ok {
			return append(out, '"', '}')
		}
	}
	return append(appendRenderedJSON(dst, frag, w.html), '"', '}')
}

// A fragmentMarkup is the markup appendFragmentJSON writes, escaped for a
// JSON string.
type fragmentMarkup struct {
	lt, gt, endTagStart, selfClose, valueStart, quote, newline string
}

// fragmentMarkups are the fragmentMarkup without and with HTML escaping.
var fragmentMarkups = func() (m [2]fragmentMarkup) {
	for k := range m {
		esc := func(s string) string { return string(jsonstr.AppendString(nil, s, k == 1)) }
		m[k] = fragmentMarkup{lt: esc("<"), gt: esc(">"), endTagStart: esc("</"), selfClose: esc("/>"),
			valueStart: esc(`="`), quote: esc(`"`), newline: esc("\n")}
	}
	return m
}()

// appendFragmentJSON appends what html.Render writes for n, escaped for a
// JSON string, as appendRenderedJSON does, but in one pass over the tree
// without Render's writer calls (texts and attribute values are escaped
// for HTML and for the JSON string at once, jsonstr.AppendHTMLText). It
// writes document, element and text nodes, and comments through
// html.Render; for any other node, a void
// element with children (which Render refuses) or an element whose text
// Render writes as it is (script, style...), it returns false, and
// appendRenderedJSON writes the fragment. Atom XHTML content is written
// here.
func appendFragmentJSON(dst []byte, n *html.Node, escapeHTML bool) ([]byte, bool) {
	switch n.Type {
	case html.TextNode:
		return jsonstr.AppendHTMLText(dst, n.Data, escapeHTML), true
	case html.DocumentNode:
		return appendChildrenJSON(dst, n, escapeHTML)
	case html.CommentNode:
		// Render writes a comment alone, whatever holds it (and never
		// fails on one): its escaping is Render's own.
		return appendRenderedJSON(dst, n, escapeHTML), true
	case html.ElementNode:
	default:
		return dst, false
	}
	switch n.Data {
	case "iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "xmp":
		return dst, false
	}
	m := &fragmentMarkups[0]
	if escapeHTML {
		m = &fragmentMarkups[1]
	}
	dst = append(dst, m.lt...)
	dst = jsonstr.AppendString(dst, n.Data, escapeHTML)
	for _, a := range n.Attr {
		dst = append(dst, ' ')
		if a.Namespace != "" {
			dst = jsonstr.AppendString(dst, a.Namespace, escapeHTML)
			dst = append(dst, ':')
		}
		dst = jsonstr.AppendString(dst, a.Key, escapeHTML)
		dst = append(dst, m.valueStart...)
		dst = jsonstr.AppendHTMLText(dst, a.Val, escapeHTML)
		dst = append(dst, m.quote...)
	}
	if isVoidElement(n.Data) {
		if n.FirstChild != nil {
			return dst, false
		}
		return append(dst, m.selfClose...), true
	}
	dst = append(dst, m.gt...)
	if c := n.FirstChild; c != nil && c.Type == html.TextNode && strings.HasPrefix(c.Data, "\n") {
		switch n.Data {
		case "pre", "listing", "textarea":
			dst = append(dst, m.newline...)
		}
	}
	dst, ok := appendChildrenJSON(dst, n, escapeHTML)
	if !ok {
		return dst, false
	}
	dst = append(dst, m.endTagStart...)
	dst = jsonstr.AppendString(dst, n.Data, escapeHTML)
	return append(dst, m.gt...), true
}

// sizedFragment is the length of escaped HTML from which appendJSON sizes
// the fragment's JSON before writing it, when it writes it from the tree.
const sizedFragment = 16 << 10

// fragmentJSONSize returns the length of what appendFragmentJSON appends
// for n, and false where it reports false.
func fragmentJSONSize(n *html.Node, escapeHTML bool, z *jsonSizer) (int, bool) {
	switch n.Type {
	case html.TextNode:
		return z.len(n.Data, escapeHTML, true), true
	case html.DocumentNode:
		return childrenJSONSize(n, escapeHTML, z)
	case html.CommentNode:
		var b strings.Builder
		if html.Render(&b, n) != nil {
			return 0, false
		}
		return z.len(b.String(), escapeHTML, false), true
	case html.ElementNode:
	default:
		return 0, false
	}
	switch n.Data {
	case "iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "xmp":
		return 0, false
	}
	m := &fragmentMarkups[0]
	if escapeHTML {
		m = &fragmentMarkups[1]
	}
	size := len(m.lt) + z.len(n.Data, escapeHTML, false)
	for _, a := range n.Attr {
		size++
		if a.Namespace != "" {
			size += z.len(a.Namespace, escapeHTML, false) + 1
		}
		size += z.len(a.Key, escapeHTML, false) + len(m.valueStart) +
			z.len(a.Val, escapeHTML, true) + len(m.quote)
	}
	if isVoidElement(n.Data) {
		if n.FirstChild != nil {
			return 0, false
		}
		return size + len(m.selfClose), true
	}
	size += len(m.gt)
	if c := n.FirstChild; c != nil && c.Type == html.TextNode && strings.HasPrefix(c.Data, "\n") {
		switch n.Data {
		case "pre", "listing", "textarea":
			size += len(m.newline)
		}
	}
	k, ok := childrenJSONSize(n, escapeHTML, z)
	if !ok {
		return 0, false
	}
	return size + k + len(m.endTagStart) + z.len(n.Data, escapeHTML, false) + len(m.gt), true
}

// childrenJSONSize is fragmentJSONSize of n's children.
func childrenJSONSize(n *html.Node, escapeHTML bool, z *jsonSizer) (int, bool) {
	size := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		k, ok := fragmentJSONSize(c, escapeHTML, z)
		if !ok {
			return 0, false
		}
		size += k
	}
	return size, true
}

// A jsonSizer measures what jsonstr appends, in a buffer of its own.
type jsonSizer struct {
	buf [10 * (jsonPiece + utf8.UTFMax)]byte
}

// jsonPiece is how many bytes of a string a jsonSizer escapes at a time.
const jsonPiece = 256

// len returns the length of what jsonstr.AppendString (when text,
// AppendHTMLText) appends for s, writing it a piece at a time into the
// sizer's buffer: pieces cut where a UTF-8 sequence starts (so that no
// sequence, valid or not, is cut), each escaped as it is in the whole
// (at most 10 bytes a byte: &#34; for a quote, then \u0026 for its &).
func (z *jsonSizer) len(s string, escapeHTML, text bool) int {
	n := 0
	for len(s) > 0 {
		k := min(len(s), jsonPiece)
		for k < len(s) && !utf8.RuneStart(s[k]) {
			k++
		}
		if text {
			n += len(jsonstr.AppendHTMLText(z.buf[:0], s[:k], escapeHTML))
		} else {
			n += len(jsonstr.AppendString(z.buf[:0], s[:k], escapeHTML))
		}
		s = s[k:]
	}
	return n
}

// isVoidElement reports whether name is a void element: one that
// golang.org/x/net/html's Render refuses to render with children.
func isVoidElement(name string) bool {
	switch name {
	case "area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link",
		"meta", "param", "source", "track", "wbr":
		return true
	}
	return false
}

// appendChildrenJSON appends n's children with appendFragmentJSON.
func appendChildrenJSON(dst []byte, n *html.Node, escapeHTML bool) ([]byte, bool) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		var ok bool
		if dst, ok = appendFragmentJSON(dst, c, escapeHTML); !ok {
			return dst, false
		}
	}
	return dst, true
}

// appendRenderedJSON appends what renderHTML returns for frag, escaped for
// a JSON string (appendJSONChars), rendering straight into dst.
func appendRenderedJSON(dst []byte, frag *html.Node, escapeHTML bool) []byte {
	if frag == nil {
		return dst
	}
	n := len(dst)
	jw := jsonStringWriter{b: dst, html: escapeHTML}
	if err := html.Render(&jw, frag); err == nil {
		return jw.b
	}
	jw.b = jw.b[:n]
	// As in renderHTML.
	_ = html.Render(&jw, cloneWithoutVoidChildren(frag))
	return jw.b
}

// A jsonStringWriter appends what is written to b, escaped for a JSON
// string. html.Render writes to it directly (it has WriteString and
// WriteByte), in pieces that never split a UTF-8 sequence (it cuts text
// only at the ASCII characters it escapes).
type jsonStringWriter struct {
	b    []byte
	html bool
}

func (w *jsonStringWriter) Write(p []byte) (int, error) {
	w.b = appendJSONChars(w.b, p, w.html)
	return len(p), nil
}

func (w *jsonStringWriter) WriteString(s string) (int, error) {
	w.b = jsonstr.AppendString(w.b, s, w.html)
	return len(s), nil
}

func (w *jsonStringWriter) WriteByte(c byte) error {
	switch jsonstr.Classes(w.html)[c] {
	case 0:
		w.b = append(w.b, c)
	case jsonstr.Escape: // < and > with html, mostly
		w.b = jsonstr.AppendEscape(w.b, c)
	default:
		w.b = appendJSONChars(w.b, []byte{c}, w.html)
	}
	return nil
}

func appendTextContent(b *strings.Builder, n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			b.WriteString(c.Data)
		case html.ElementNode:
			if isTemplate(c) {
				continue
			}
			appendTextContent(b, c)
		}
	}
}

// isTemplate reports whether n is an HTML template element. Its children in
// an x/net/html tree are the DOM's template contents, which are not children
// in the DOM.
func isTemplate(n *html.Node) bool {
	return n.Type == html.ElementNode && n.Namespace == "" && n.DataAtom == atom.Template
}

// renderHTML renders the children of frag with html.Render. XHTML content can
// give a void element children, which Render rejects; such a tree is rendered
// without those children, as the HTML serialization algorithm does.
func renderHTML(frag *html.Node) string {
	if frag == nil {
		return ""
	}
	var b strings.Builder
	if err := html.Render(&b, frag); err == nil {
		return b.String()
	}
	b.Reset()
	// Render fails only on void elements with children and on ErrorNodes,
	// neither of which the clone has.
	_ = html.Render(&b, cloneWithoutVoidChildren(frag))
	return b.String()
}

func cloneWithoutVoidChildren(n *html.Node) *html.Node {
	c := &html.Node{
		Type:      n.Type,
		DataAtom:  n.DataAtom,
		Data:      n.Data,
		Namespace: n.Namespace,
		Attr:      n.Attr,
	}
	if n.Type == html.ElementNode && isVoidElement(n.Data) {
		return c
	}
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		if k.Type == html.ErrorNode {
			continue
		}
		c.AppendChild(cloneWithoutVoidChildren(k))
	}
	return c
}

// readNode returns the Node value for a reader that walks it once
// (SafeHTML, PlainText, "same text content"): the fragment when it was
// built, else, for a Node parsed from escaped HTML and not built yet (or
// any Node of a feed parsed WithoutDocument), a fragment built for this
// call only and not kept. A feed read entry by entry then holds one entry's
// tree at a time, not every entry's: a tree costs about 12 bytes of heap
// per byte of escaped HTML.
func (t *Text) readNode() *html.Node {
	if t == nil || !t.isNode() {
		return nil
	}
	l := t.lazy
	if l == nil || l.xhtml != nil || l.built.Load() {
		return t.fragment()
	}
	return t.build(l)
}

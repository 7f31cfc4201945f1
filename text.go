package feedspec

import (
	"bytes"
	"errors"
	"hash/maphash"
	"io"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/feedspec/feedspec/xml5"
)

// Namespace URLs of the markup languages that feed content can hold
// (SUPPLEMENT §0.1, §4.1).
const (
	htmlNamespaceURL   = "http://www.w3.org/1999/xhtml"
	svgNamespaceURL    = "http://www.w3.org/2000/svg"
	mathMLNamespaceURL = "http://www.w3.org/1998/Math/MathML"
	xlinkNamespaceURL  = "http://www.w3.org/1999/xlink"
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
// x/net/html's fragment parser builds. Content taken from Atom XHTML (XML) is
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
// keeps the source. A Text is safe for concurrent use by readers.
type Text struct {
	// isNode tells a Node value from a string value.
	isNode bool
	// str is the string value.
	str string
	// frag is the Node value. Only fragment reads it, so that it can be
	// built on first use.
	frag *html.Node
	// lazy, when not nil, builds frag on first use.
	lazy *lazyFragment
}

// A lazyFragment is what a Node value parsed from escaped HTML keeps until
// its fragment is first needed.
type lazyFragment struct {
	once sync.Once
	// src is the HTML source ([178]'s text), when xhtml is nil.
	src string
	// xhtml, when not nil, is the div of Atom XHTML content whose
	// children make the fragment ([66]–[69]).
	xhtml *xml5.Node
	// sig summarizes the fragment's text content, when sig.ok, so that
	// "same text content" can tell most different fragments apart without
	// building them.
	sig textSignature
}

// A textSignature is the length and hash (hash/maphash, seeded once per
// process) of a text content.
type textSignature struct {
	ok   bool
	n    int
	hash uint64
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
	return textSignature{ok: true, n: s.n, hash: s.h.Sum64()}
}

// stringText returns a Text whose value is the string s.
func stringText(s string) *Text {
	return &Text{str: s}
}

// nodeText returns a Text whose value is the Node frag, a DocumentNode.
func nodeText(frag *html.Node) *Text {
	return &Text{isNode: true, frag: frag}
}

// lazyNodeText returns a Node value that parses src ([178]) on first use.
// The caller has established that src gives a significant fragment that is
// not a single Text node.
func lazyNodeText(src string, sig textSignature) *Text {
	return &Text{isNode: true, lazy: &lazyFragment{src: src, sig: sig}}
}

// fragment returns the Node value (nil for a string value), building it on
// first use. Every method reads the node through it.
func (t *Text) fragment() *html.Node {
	if t == nil || !t.isNode {
		return nil
	}
	if l := t.lazy; l != nil {
		l.once.Do(func() {
			if l.xhtml != nil {
				t.frag, _ = xhtmlFragment(l.xhtml)
			} else {
				t.frag, _ = parseHTMLFragment(l.src)
			}
		})
	}
	return t.frag
}

// IsNode reports whether t's value is a Node (a DocumentFragment) rather
// than a string. It is false for a nil Text.
func (t *Text) IsNode() bool {
	return t != nil && t.isNode
}

// String returns the string value, or for a Node value its HTML
// serialization (as HTML does). It returns "" for a nil Text.
func (t *Text) String() string {
	if t == nil {
		return ""
	}
	if t.isNode {
		return t.HTML()
	}
	return t.str
}

// HTML returns t as HTML: a string value HTML-escaped, a Node value's
// children rendered with golang.org/x/net/html's Render. It returns "" for a
// nil Text.
func (t *Text) HTML() string {
	if t == nil {
		return ""
	}
	if !t.isNode {
		return html.EscapeString(t.str)
	}
	if l := t.lazy; l != nil && l.xhtml == nil {
		if b, ok := appendTokenHTML(nil, l.src); ok {
			return string(b)
		}
	}
	return renderHTML(t.fragment())
}

// Node returns the Node value: an html.Node of type html.DocumentNode whose
// children are the DocumentFragment's nodes. It returns nil for a string
// value and for a nil Text. The node is shared: callers must not modify it.
func (t *Text) Node() *html.Node {
	return t.fragment()
}

// TextContent returns t as plain text: a string value itself; for a Node
// value the data of its descendant text nodes, concatenated in document
// order (the DOM's textContent; template contents are not descendants). It
// returns "" for a nil Text.
func (t *Text) TextContent() string {
	if t == nil {
		return ""
	}
	if !t.isNode {
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
	return t.appendJSON(nil), nil
}

// appendJSON appends what MarshalJSON returns to dst. A lazy Node whose
// tokens nest as its tree does is serialized from its tokens, without
// building the fragment.
func (t *Text) appendJSON(dst []byte) []byte {
	if t == nil {
		return append(dst, "null"...)
	}
	if !t.isNode {
		return appendJSONText(dst, t.str)
	}
	dst = append(dst, `{"html":"`...)
	if l := t.lazy; l != nil && l.xhtml == nil {
		n := len(dst)
		if out, ok := appendTokenOutput(dst, l.src, true); ok {
			return append(out, '"', '}')
		}
		dst = dst[:n]
	}
	dst = dst[:len(dst)-1]
	dst = appendJSONText(dst, renderHTML(t.fragment()))
	return append(dst, '}')
}

// appendJSONText appends s as a JSON string escaped as encoding/json does
// without HTML escaping: quotes, backslashes and control characters (\b,
// \f, \n, \r, \t by name), U+2028 and U+2029; invalid UTF-8 becomes
// \ufffd.
func appendJSONText[S []byte | string](dst []byte, s S) []byte {
	dst = append(dst, '"')
	dst = appendJSONChars(dst, s)
	return append(dst, '"')
}

// appendJSONChars is appendJSONText without the quotes. s may be a part of
// a longer string cut before an ASCII byte: no UTF-8 sequence is cut.
func appendJSONChars[S []byte | string](dst []byte, s S) []byte {
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		var buf [utf8.UTFMax]byte
		n := copy(buf[:], s[i:min(len(s), i+utf8.UTFMax)])
		r, size := utf8.DecodeRune(buf[:n])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(dst, s[start:]...)
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

// voidElements are the element names golang.org/x/net/html's Render refuses
// to render with children.
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true,
	"hr": true, "img": true, "input": true, "keygen": true, "link": true,
	"meta": true, "param": true, "source": true, "track": true, "wbr": true,
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
	if n.Type == html.ElementNode && voidElements[n.Data] {
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

// parseEscapedHTML parses escaped HTML content of el [178] (SUPPLEMENT §4.1).
// It returns nil when the fragment has no significant content, a string
// value when the sanitized fragment is exactly one Text node, and otherwise
// the fragment.
func parseEscapedHTML(el *xml5.Node) *Text {
	return escapedHTMLText(el.ChildTextContent()) // [101]
}

// escapedHTMLText is [178] from [73] on, for the text [101] gave. When the
// HTML tokenizer alone decides the result (analyzeHTML), a Node value keeps
// the source and builds its fragment on first use; otherwise the fragment is
// built now (parseHTMLText, the eager path, which tests compare against).
func escapedHTMLText(text string) *Text {
	// Text without markup, character references, carriage returns or NULs
	// parses to one Text node holding the same string (or to no node at all
	// when it is empty), so the parser can be skipped.
	if !strings.ContainsAny(text, "<&\r\x00") {
		if !textHasNonSpace(text) { // [109]
			return nil // [111]
		}
		return stringText(text) // [339] [340]
	}
	if sum, exact := analyzeHTML(text); exact {
		switch {
		case !sum.significant: // [109]
			return nil // [111]
		case sum.isString: // [339]
			return stringText(sum.text) // [340]
		}
		return lazyNodeText(text, sum.sig) // [72]
	}
	return parseHTMLText(text)
}

// parseHTMLText is [178] from [73] on, always running the HTML fragment
// parser and building the fragment now.
func parseHTMLText(text string) *Text {
	frag, significant := parseHTMLFragment(text)
	// [109]
	if !significant {
		return nil // [111]
	}
	// [339]: exactly one child node, and it is a Text node (SUPPLEMENT §4.1,
	// DEVIATIONS E5).
	if c := frag.FirstChild; c != nil && c == frag.LastChild && c.Type == html.TextNode {
		return stringText(c.Data) // [340]
	}
	return nodeText(frag) // [72]
}

// parseHTMLFragment runs [73]–[108]: it parses text with the HTML fragment
// parser into a fragment (a DocumentNode) and sanitizes it, and reports
// whether the fragment has significant content.
func parseHTMLFragment(text string) (*html.Node, bool) {
	// [73] [70]: a div context in a fresh no-quirks document, scripting
	// disabled (so noscript content is markup).
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	// [74]
	frag := &html.Node{Type: html.DocumentNode}
	nodes, err := html.ParseFragmentWithOptions(strings.NewReader(text), ctx,
		html.ParseOptionEnableScripting(false))
	if err != nil {
		// A strings.Reader does not fail; nothing was parsed.
		return frag, false
	}
	// [71]
	for _, n := range nodes {
		frag.AppendChild(n)
	}
	// [108]
	return frag, sanitize(frag)
}

// An htmlSummary is what [178] needs to know about a fragment, decided from
// its tokens.
type htmlSummary struct {
	// significant is [109]'s "has significant content" after [108].
	significant bool
	// isString tells that the sanitized fragment is exactly one Text node
	// [339], whose data is text.
	isString bool
	text     string
	// sig summarizes the fragment's text content.
	sig textSignature
}

// analyzeHTML decides, with the HTML tokenizer alone, what parsing and
// sanitizing src in a div context gives ([70]–[109], SUPPLEMENT §3, §4.1):
// whether the fragment has significant content and whether it is a single
// Text node. exact is false when the tokens alone cannot tell and the
// fragment must be built: when a start tag has a hidden attribute (its
// subtree is hidden), for template, svg, math and select (their contents
// are parsed differently or not part of the tree), for a NUL in text (the
// tree builder drops it) and for an end tag right after a pre, listing or
// textarea start tag (which may change where a leading newline is dropped).
//
// Elsewhere the tree builder keeps every text token's data (dropping only a
// newline at the start of pre, listing and textarea) and every element of a
// start tag, except html, head, body, frameset, frame and the table-part tags
// outside a table; an end tag with no open element makes an element only for
// p and br; script and style text is hidden; and every HTML img whose width
// and height are "1" is removed.
func analyzeHTML(src string) (sum htmlSummary, exact bool) {
	fz := newFastTokenizer(src)
	if sum, exact := analyzeTokens(fz); fz.err != errGaveUp {
		return sum, exact
	}
	return analyzeTokens(html.NewTokenizerFragment(strings.NewReader(src), "div"))
}

// analyzeTokens is analyzeHTML reading the tokens from z.
func analyzeTokens(z htmlTokenizer) (sum htmlSummary, exact bool) {
	var (
		// node: the fragment has a child that is not a Text node, or two
		// Text nodes.
		node bool
		// first is the data of the first top-level Text node, once another
		// node follows it; cur is the data of the Text node being built.
		first, cur []byte
		haveFirst  bool
		// hiddenText: the text tokens that follow are script or style text.
		hiddenText bool
		// leadingNewline: a pre, listing or textarea start tag has no child
		// yet, so a newline at the start of the next text is dropped.
		leadingNewline bool
		nameBuf        [maxAnalyzedTagName]byte
	)
	var signer textSigner
	sigOK := true
	for {
		switch z.Next() {
		case html.ErrorToken:
			if z.Err() != io.EOF {
				return sum, false
			}
			if len(cur) > 0 {
				if haveFirst {
					node = true
				} else {
					first, haveFirst = cur, true
				}
			}
			if !node && haveFirst {
				sum.isString = true
				sum.text = string(first)
			}
			sum.sig = signer.signature()
			sum.sig.ok = sigOK
			return sum, true

		case html.TextToken:
			d := z.Text()
			if leadingNewline {
				if len(d) > 0 && d[0] == '\n' {
					d = d[1:]
				}
				if len(d) == 0 {
					continue
				}
				leadingNewline = false
			}
			if bytes.IndexByte(d, 0) >= 0 {
				// Text outside raw text elements: the tree builder drops
				// NULs.
				return sum, false
			}
			signer.add(d)
			if !hiddenText && !sum.significant && bytesHaveNonSpace(d) {
				sum.significant = true
			}
			if !node {
				cur = append(cur, d...)
			}

		case html.StartTagToken, html.SelfClosingTagToken:
			leadingNewline = false
			raw := z.Raw()
			tag := rawTagAtom(raw, &nameBuf)
			width1, height1, controls := false, false, false
			// Reading attributes allocates: read them only for the
			// elements that need their values, and where the raw tag may
			// hold a hidden attribute.
			if tag == atom.Img || tag == atom.Image || tag == atom.Audio || containsFoldHidden(raw) {
				for more := true; more; {
					var key, val []byte
					key, val, more = z.TagAttr()
					switch string(key) {
					case "hidden":
						return sum, false
					case "width":
						width1 = string(val) == "1"
					case "height":
						height1 = string(val) == "1"
					case "controls":
						controls = true
					}
				}
			}
			switch tag {
			case atom.Template, atom.Svg, atom.Math, atom.Select:
				return sum, false
			case atom.Html, atom.Head, atom.Body, atom.Frameset, atom.Frame:
				// Ignored in a div context.
				continue
			case atom.Caption, atom.Col, atom.Colgroup, atom.Tbody, atom.Td,
				atom.Tfoot, atom.Th, atom.Thead, atom.Tr:
				// Ignored outside a table; inside one (already a Node) text
				// may be moved before the table.
				sigOK = false
				continue
			case atom.Img, atom.Image:
				if width1 && height1 {
					// [113]: removed; the Text nodes on both sides stay
					// apart.
					if !node && len(cur) > 0 {
						if haveFirst {
							node = true
						} else {
							first, haveFirst, cur = cur, true, nil
						}
					}
					continue
				}
				sum.significant = true
			case atom.Canvas, atom.Embed, atom.Iframe, atom.Object, atom.Video:
				sum.significant = true
			case atom.Audio:
				if controls {
					sum.significant = true
				}
			case atom.Table:
				sigOK = false
			case atom.Noscript:
				// Scripting is disabled: noscript content is markup.
				z.NextIsNotRawText()
			case atom.Script, atom.Style:
				hiddenText = true
			case atom.Pre, atom.Listing, atom.Textarea:
				leadingNewline = true
			}
			node = true

		case html.EndTagToken:
			if leadingNewline {
				return sum, false
			}
			hiddenText = false
			if !node {
				// With no element open, only </p> and </br> make an
				// element; other end tags are ignored.
				if tag := rawTagAtom(z.Raw(), &nameBuf); tag == atom.P || tag == atom.Br {
					node = true
				}
			}

		case html.CommentToken:
			leadingNewline = false
			node = true
		}
	}
}

// maxAnalyzedTagName is the length of the longest tag name analyzeHTML
// treats specially ("colgroup", "frameset", "noscript", "template",
// "textarea").
const maxAnalyzedTagName = 8

// rawTagAtom returns the atom of the tag name of raw, a start or end tag as
// written ("<IMG src=a>", "</p >"), lower-cased as the tokenizer does, or 0
// when the name is not one of at most maxAnalyzedTagName bytes. It reads
// the raw bytes because the tokenizer's TagName allocates.
func rawTagAtom(raw []byte, buf *[maxAnalyzedTagName]byte) atom.Atom {
	i := 1
	if len(raw) > 1 && raw[1] == '/' {
		i = 2
	}
	n := 0
	for ; i < len(raw); i++ {
		c := raw[i]
		switch c {
		case ' ', '\t', '\n', '\f', '\r', '/', '>':
			return atom.Lookup(buf[:n])
		}
		if n == len(buf) {
			return 0
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[n] = c
		n++
	}
	return atom.Lookup(buf[:n])
}

// containsFoldHidden reports whether raw contains "hidden" in any ASCII case.
func containsFoldHidden(raw []byte) bool {
	for i := 0; i+6 <= len(raw); i++ {
		if raw[i]|0x20 == 'h' && raw[i+1]|0x20 == 'i' && raw[i+2]|0x20 == 'd' &&
			raw[i+3]|0x20 == 'd' && raw[i+4]|0x20 == 'e' && raw[i+5]|0x20 == 'n' {
			return true
		}
	}
	return false
}

// bytesHaveNonSpace is textHasNonSpace for a byte slice.
func bytesHaveNonSpace(b []byte) bool {
	for _, c := range b {
		switch c {
		case '\t', '\n', '\f', '\r', ' ':
		default:
			return true
		}
	}
	return false
}

// xhtmlText returns the content of an Atom XHTML text construct whose first
// HTML div child is div ([66]–[69], [104]–[107], SUPPLEMENT §4.2): the
// div's children cloned into a fragment and sanitized; nil when it has no
// significant content, otherwise always a Node value. The significance is
// decided on div's tree (xhtmlSignificance); the fragment is built on first
// use.
func xhtmlText(div *xml5.Node) *Text {
	if div == nil {
		return nil
	}
	var signer textSigner
	if !xhtmlSignificance(div, false, &signer) {
		return nil // [107]
	}
	return &Text{isNode: true, lazy: &lazyFragment{xhtml: div, sig: signer.signature()}} // [69]
}

// xhtmlTextEager is xhtmlText building the fragment at once: the eager path
// tests compare xhtmlText against.
func xhtmlTextEager(div *xml5.Node) *Text {
	if div == nil {
		return nil
	}
	frag, significant := xhtmlFragment(div)
	if !significant {
		return nil // [107]
	}
	return nodeText(frag) // [69]
}

// xhtmlFragment clones div's children into a fragment ([66]–[68]) and
// sanitizes it ([104] [105]), reporting whether it has significant content.
func xhtmlFragment(div *xml5.Node) (*html.Node, bool) {
	frag := &html.Node{Type: html.DocumentNode}
	for c := div.FirstChild; c != nil; c = c.NextSibling {
		if n := convertXMLNode(c); n != nil {
			frag.AppendChild(n)
		}
	}
	return frag, sanitize(frag)
}

// xhtmlSignificance is sanitize's significance test ([112]–[114],
// SUPPLEMENT §3) run on the children of the XML element n, as they would
// be once converted (convertXMLNode): 1×1 HTML images skipped, HTML
// template contents not visited, HTML and SVG script and style and elements
// with a hidden attribute hiding their subtree. It also adds to sig the
// text content the fragment would have.
func xhtmlSignificance(n *xml5.Node, hidden bool, sig *textSigner) bool {
	significant := false
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case xml5.TextNode:
			sig.add(unsafe.Slice(unsafe.StringData(c.Data), len(c.Data)))
			if !hidden && !significant && textHasNonSpace(c.Data) {
				significant = true
			}
		case xml5.ElementNode:
			switch c.Namespace {
			case htmlNamespaceURL:
				if c.Local == "img" && xmlOneByOne(c) { // [113]
					continue
				}
				if c.Local == "template" {
					continue
				}
			}
			h := hidden || xmlHides(c)
			if !h && !significant && xmlSignificantElement(c) {
				significant = true
			}
			if c.FirstChild != nil && xhtmlSignificance(c, h, sig) {
				significant = true
			}
		}
	}
	return significant
}

// xmlHTMLAttr calls f with the key and value of every attribute of the XML
// element n that converts to an attribute in no namespace.
func xmlHTMLAttr(n *xml5.Node, f func(key, val string)) {
	for i := range n.Attr {
		a := &n.Attr[i]
		if a.Namespace == "" || a.Namespace == xml5.XMLNSNamespace && a.Prefix == "" {
			f(a.Local, a.Value)
		}
	}
}

// xmlOneByOne is isOneByOneImage for an XML img element.
func xmlOneByOne(n *xml5.Node) bool {
	width, height := false, false
	xmlHTMLAttr(n, func(key, val string) {
		switch key {
		case "width":
			width = val == "1"
		case "height":
			height = val == "1"
		}
	})
	return width && height
}

// xmlHasAttr is hasAttr for an XML element.
func xmlHasAttr(n *xml5.Node, key string) bool {
	found := false
	xmlHTMLAttr(n, func(k, _ string) {
		if k == key {
			found = true
		}
	})
	return found
}

// xmlHides is hides for an XML element.
func xmlHides(n *xml5.Node) bool {
	if n.Namespace == htmlNamespaceURL || n.Namespace == svgNamespaceURL {
		if n.Local == "script" || n.Local == "style" {
			return true
		}
	}
	return xmlHasAttr(n, "hidden")
}

// xmlSignificantElement is isSignificantElement for an XML element.
func xmlSignificantElement(n *xml5.Node) bool {
	switch n.Namespace {
	case htmlNamespaceURL:
		switch n.Local {
		case "canvas", "embed", "iframe", "img", "object", "video":
			return true
		case "audio":
			return xmlHasAttr(n, "controls")
		}
	case svgNamespaceURL:
		return n.Local == "svg"
	case mathMLNamespaceURL:
		return n.Local == "math"
	}
	return false
}

// convertXMLNode deep-copies an xml5 node into an x/net/html node, following
// the conventions documented on Text. It returns nil for nodes that cannot
// occur in element content (documents, doctypes).
func convertXMLNode(x *xml5.Node) *html.Node {
	switch x.Type {
	case xml5.TextNode:
		return &html.Node{Type: html.TextNode, Data: x.Data}
	case xml5.CommentNode:
		return &html.Node{Type: html.CommentNode, Data: x.Data}
	case xml5.ProcessingInstructionNode:
		return &html.Node{Type: html.RawNode, Data: "<?" + x.Local + " " + x.Data + ">"}
	case xml5.ElementNode:
	default:
		return nil
	}
	n := &html.Node{Type: html.ElementNode}
	switch x.Namespace {
	case htmlNamespaceURL:
		n.Data = x.Local
	case svgNamespaceURL:
		n.Namespace = "svg"
		n.Data = x.Local
	case mathMLNamespaceURL:
		n.Namespace = "math"
		n.Data = x.Local
	case "":
		n.Namespace = NoNamespace
		n.Data = x.Local
	default:
		n.Namespace = x.Namespace
		n.Data = x.QualifiedName()
	}
	switch n.Namespace {
	case "", "svg", "math":
		n.DataAtom = atom.Lookup([]byte(n.Data))
	}
	if len(x.Attr) > 0 {
		n.Attr = make([]html.Attribute, len(x.Attr))
		for i := range x.Attr {
			n.Attr[i] = convertXMLAttr(&x.Attr[i])
		}
	}
	for c := x.FirstChild; c != nil; c = c.NextSibling {
		if k := convertXMLNode(c); k != nil {
			n.AppendChild(k)
		}
	}
	return n
}

func convertXMLAttr(a *xml5.Attr) html.Attribute {
	switch a.Namespace {
	case "":
		return html.Attribute{Key: a.Local, Val: a.Value}
	case xml5.XMLNamespace:
		return html.Attribute{Namespace: "xml", Key: a.Local, Val: a.Value}
	case xlinkNamespaceURL:
		return html.Attribute{Namespace: "xlink", Key: a.Local, Val: a.Value}
	case xml5.XMLNSNamespace:
		if a.Prefix == "" {
			return html.Attribute{Key: a.Local, Val: a.Value}
		}
		return html.Attribute{Namespace: "xmlns", Key: a.Local, Val: a.Value}
	}
	return html.Attribute{Namespace: a.Namespace, Key: a.Name(), Val: a.Value}
}

// A tokenElement is an element open while appendTokenHTML serializes: its
// atom, and its name when the atom is 0.
type tokenElement struct {
	atom atom.Atom
	name string
}

// appendTokenHTML appends to dst the HTML serialization (as renderHTML
// writes it) of the sanitized fragment that src parses to in a div context,
// from the tokens alone. It reports false, and the caller must build the
// fragment, unless it can tell the tree the tree builder makes from the
// tokens: each element contains what its tokens nest, except for the
// implied closings it follows — a p, li, dd, dt or heading closed by a start
// tag when it is the current element, "</p>" and "</br>" making elements,
// end tags of elements not open being ignored, the newline dropped at the
// start of pre, listing and textarea. It gives up on whatever else makes
// the tree differ from the nesting (an end tag for an element open below
// the current one, a inside a, implied closings of other elements), on
// elements with insertion rules of their own (tables, forms, select,
// object, template, foreign content, noscript, plaintext...), and on NUL.
// Elements open at the end of src are closed, as serializing the tree does.
//
// As x/net/html does, the attributes of formatting elements are sorted (by
// name, then value), raw text elements' text is written as it is, and a
// newline is added after a pre, listing or textarea start tag whose text
// starts with one; as sanitize does [113], an HTML img whose width and
// height are "1" is left out.
func appendTokenHTML(dst []byte, src string) ([]byte, bool) {
	return appendTokenOutput(dst, src, false)
}

// appendTokenOutput is appendTokenHTML, the HTML escaped for a JSON string
// (without its quotes) when asJSON.
func appendTokenOutput(dst []byte, src string, asJSON bool) ([]byte, bool) {
	n := len(dst)
	fz := newFastTokenizer(src)
	if out, ok := appendTokens(dst, fz, asJSON); fz.err != errGaveUp {
		return out, ok
	}
	return appendTokens(dst[:n], html.NewTokenizerFragment(strings.NewReader(src), "div"), asJSON)
}

// appendTokens is appendTokenOutput reading the tokens from z.
func appendTokens(dst []byte, z htmlTokenizer, asJSON bool) ([]byte, bool) {
	var (
		stackBuf [24]tokenElement
		stack    = stackBuf[:0]
		attrBuf  [8][2][]byte
		// openP and openA count the open p and a elements.
		openP, openA int
		// fresh: the current element is a pre, listing or textarea with no
		// child yet.
		fresh bool
	)
	top := func() atom.Atom {
		if len(stack) == 0 {
			return 0
		}
		return stack[len(stack)-1].atom
	}
	pop := func() {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		dst = appendEndTag(dst, e, asJSON)
		switch e.atom {
		case atom.P:
			openP--
		case atom.A:
			openA--
		}
	}
	// closeP closes the open p, which must be the current element, as a
	// start tag that closes a p element does.
	closeP := func() bool {
		if openP == 0 {
			return true
		}
		if top() != atom.P {
			return false
		}
		pop()
		return true
	}
	for {
		switch z.Next() {
		case html.ErrorToken:
			if z.Err() != io.EOF {
				return dst, false
			}
			for len(stack) > 0 {
				pop()
			}
			return dst, true

		case html.TextToken:
			d := z.Text()
			if bytes.IndexByte(d, 0) >= 0 {
				return dst, false
			}
			switch top() {
			case atom.Script, atom.Style, atom.Iframe, atom.Noembed, atom.Noframes, atom.Xmp:
				dst = appendOutput(dst, d, asJSON)
				continue
			}
			if fresh {
				if d[0] == '\n' {
					d = d[1:]
				}
				if len(d) == 0 {
					continue
				}
				fresh = false
				if d[0] == '\n' {
					dst = appendOutput(dst, "\n", asJSON)
				}
			}
			dst = appendEscapedHTML(dst, d, asJSON)

		case html.CommentToken:
			fresh = false
			var b strings.Builder
			if html.Render(&b, &html.Node{Type: html.CommentNode, Data: string(z.Text())}) != nil {
				return dst, false
			}
			dst = appendOutput(dst, b.String(), asJSON)

		case html.DoctypeToken:
			// Ignored in body.

		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			tag := atom.Lookup(name)
			void, formatting := false, false
			switch tag {
			case atom.Html, atom.Head, atom.Body, atom.Frameset, atom.Frame,
				atom.Caption, atom.Col, atom.Colgroup, atom.Tbody, atom.Td,
				atom.Tfoot, atom.Th, atom.Thead, atom.Tr:
				// Ignored in a div context, outside a table.
				continue
			case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center,
				atom.Details, atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Fieldset,
				atom.Figcaption, atom.Figure, atom.Footer, atom.Header, atom.Hgroup,
				atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.P, atom.Search,
				atom.Section, atom.Summary, atom.Ul, atom.Pre, atom.Listing:
				if !closeP() {
					return dst, false
				}
			case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				if !closeP() {
					return dst, false
				}
				if isHeading(top()) {
					pop()
				}
			case atom.Li, atom.Dd, atom.Dt:
				if closesListItem(stack, tag) {
					if t := top(); t != atom.Li && t != atom.Dd && t != atom.Dt {
						return dst, false
					}
					pop()
				}
				if !closeP() {
					return dst, false
				}
			case atom.A:
				if openA > 0 {
					return dst, false
				}
				formatting = true
			case atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.S,
				atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U:
				formatting = true
			case atom.Hr:
				if !closeP() {
					return dst, false
				}
				void = true
			case atom.Area, atom.Br, atom.Embed, atom.Img, atom.Keygen, atom.Wbr,
				atom.Param, atom.Source, atom.Track:
				void = true
			case atom.Script, atom.Style, atom.Iframe, atom.Title, atom.Textarea:
				// Raw text and escapable raw text: the tokenizer reads
				// their text up to their end tag.
			case atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta,
				atom.Noframes, atom.Template, atom.Form, atom.Plaintext, atom.Button,
				atom.Nobr, atom.Applet, atom.Marquee, atom.Object, atom.Table,
				atom.Input, atom.Image, atom.Xmp, atom.Noembed, atom.Noscript,
				atom.Select, atom.Option, atom.Optgroup,
				atom.Rb, atom.Rtc, atom.Rp, atom.Rt, atom.Math, atom.Svg:
				return dst, false
			}
			attrs := attrBuf[:0]
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				attrs = append(attrs, [2][]byte{k, v})
			}
			if tag == atom.Img && isOneByOneTokenImage(attrs) {
				continue // [113]
			}
			fresh = false
			if formatting {
				slices.SortFunc(attrs, func(x, y [2][]byte) int {
					if c := bytes.Compare(x[0], y[0]); c != 0 {
						return c
					}
					return bytes.Compare(x[1], y[1])
				})
			}
			dst = append(dst, '<')
			dst = appendOutput(dst, name, asJSON)
			for _, a := range attrs {
				dst = append(dst, ' ')
				dst = appendOutput(dst, a[0], asJSON)
				dst = appendOutput(dst, `="`, asJSON)
				dst = appendEscapedHTML(dst, a[1], asJSON)
				dst = appendOutput(dst, `"`, asJSON)
			}
			if void {
				dst = append(dst, '/', '>')
				continue
			}
			dst = append(dst, '>')
			e := tokenElement{atom: tag}
			if tag == 0 {
				e.name = string(name)
			}
			stack = append(stack, e)
			switch tag {
			case atom.P:
				openP++
			case atom.A:
				openA++
			case atom.Pre, atom.Listing, atom.Textarea:
				fresh = true
			}

		case html.EndTagToken:
			name, hasAttr := z.TagName()
			tag := atom.Lookup(name)
			if len(stack) > 0 {
				if e := stack[len(stack)-1]; tag == e.atom && (tag != 0 || string(name) == e.name) {
					fresh = false
					pop()
					continue
				}
			}
			switch {
			case tag == atom.Br:
				// "</br>" is a br start tag.
				if hasAttr {
					return dst, false
				}
				fresh = false
				dst = append(dst, "<br/>"...)
			case tag == atom.P && openP == 0:
				// "</p>" with no p open makes an empty p.
				fresh = false
				dst = append(dst, "<p></p>"...)
			case isOpen(stack, tag, name):
				// It closes an element below the current one: exact when
				// the tree builder pops the elements above it and none of
				// them is a formatting element (which it would reopen).
				i := impliedCloseTarget(stack, tag)
				if i < 0 {
					return dst, false
				}
				if i < len(stack) {
					fresh = false
					for len(stack) > i {
						pop()
					}
				}
			}
			// Otherwise no element it could close is open: ignored.
		}
	}
}

// impliedCloseTarget returns, for an end tag tag that does not close the
// current element, the index in stack of the element it closes when the
// tree builder pops it with every element above it (block, li, dd, dt,
// heading and p end tags), len(stack) when the end tag is ignored (a li
// with a list in between), and -1 when the tokens cannot tell the tree
// (another end tag, or a formatting element above the target).
func impliedCloseTarget(stack []tokenElement, tag atom.Atom) int {
	switch tag {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center,
		atom.Details, atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Fieldset,
		atom.Figcaption, atom.Figure, atom.Footer, atom.Header, atom.Hgroup,
		atom.Listing, atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.Pre,
		atom.Search, atom.Section, atom.Summary, atom.Ul,
		atom.Li, atom.Dd, atom.Dt, atom.P,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
	default:
		return -1
	}
	for i := len(stack) - 1; i >= 0; i-- {
		a := stack[i].atom
		if a == tag || isHeading(tag) && isHeading(a) {
			return i
		}
		if tag == atom.Li && (a == atom.Ol || a == atom.Ul) {
			// No li in list item scope.
			return len(stack)
		}
		if isFormatting(a) {
			return -1
		}
	}
	return -1
}

// isFormatting reports whether a is a formatting element.
func isFormatting(a atom.Atom) bool {
	switch a {
	case atom.A, atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.Nobr,
		atom.S, atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U:
		return true
	}
	return false
}

// isOpen reports whether an element the end tag for tag (name when tag is
// 0) could close is on the stack (any heading for a heading).
func isOpen(stack []tokenElement, tag atom.Atom, name []byte) bool {
	for _, e := range stack {
		switch {
		case e.atom != tag:
			if isHeading(tag) && isHeading(e.atom) {
				return true
			}
		case tag != 0 || e.name == string(name):
			return true
		}
	}
	return false
}

func appendEndTag(dst []byte, e tokenElement, asJSON bool) []byte {
	dst = append(dst, '<', '/')
	if e.atom != 0 {
		dst = append(dst, e.atom.String()...)
	} else {
		dst = appendOutput(dst, e.name, asJSON)
	}
	return append(dst, '>')
}

// appendOutput appends b, escaped for a JSON string when asJSON.
func appendOutput[S []byte | string](dst []byte, b S, asJSON bool) []byte {
	if asJSON {
		return appendJSONChars(dst, b)
	}
	return append(dst, b...)
}

func isHeading(a atom.Atom) bool {
	switch a {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// closesListItem reports whether a li (dd, dt) start tag would close an
// open li (dd or dt): one is open with only address, div, p or elements
// that are not special between it and the current node.
func closesListItem(stack []tokenElement, tag atom.Atom) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		a := stack[i].atom
		switch a {
		case atom.Li:
			if tag == atom.Li {
				return true
			}
		case atom.Dd, atom.Dt:
			if tag != atom.Li {
				return true
			}
		case atom.Address, atom.Div, atom.P:
			continue
		}
		if isSpecialTokenElement(a) {
			return false
		}
	}
	return false
}

// isSpecialTokenElement reports whether a, an element appendTokenHTML keeps
// open, is in the HTML "special" category.
func isSpecialTokenElement(a atom.Atom) bool {
	switch a {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center,
		atom.Details, atom.Dir, atom.Div, atom.Dl, atom.Dd, atom.Dt, atom.Fieldset,
		atom.Figcaption, atom.Figure, atom.Footer, atom.H1, atom.H2, atom.H3,
		atom.H4, atom.H5, atom.H6, atom.Header, atom.Hgroup, atom.Li, atom.Main,
		atom.Menu, atom.Nav, atom.Ol, atom.P, atom.Section, atom.Summary, atom.Ul,
		atom.Pre, atom.Listing, atom.Script, atom.Style, atom.Iframe, atom.Title,
		atom.Textarea:
		return true
	}
	return false
}

// isOneByOneTokenImage is isOneByOneImage for the attributes of an img tag.
func isOneByOneTokenImage(attrs [][2][]byte) bool {
	width, height := false, false
	for _, a := range attrs {
		switch string(a[0]) {
		case "width":
			width = string(a[1]) == "1"
		case "height":
			height = string(a[1]) == "1"
		}
	}
	return width && height
}

// appendEscapedHTML appends b escaped as x/net/html's Render escapes text
// and attribute values.
func appendEscapedHTML(dst, b []byte, asJSON bool) []byte {
	start := 0
	for i, c := range b {
		var esc string
		switch c {
		case '&':
			esc = "&amp;"
		case '\'':
			esc = "&#39;"
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '"':
			esc = "&#34;"
		case '\r':
			esc = "&#13;"
		default:
			continue
		}
		dst = appendOutput(dst, b[start:i], asJSON)
		dst = append(dst, esc...)
		start = i + 1
	}
	return appendOutput(dst, b[start:], asJSON)
}

// An htmlTokenizer is what analyzeHTML and appendTokenHTML read tokens
// from: a golang.org/x/net/html Tokenizer in a div context, or a
// fastTokenizer, which gives the same tokens for the HTML feeds usually
// hold and gives up on the rest.
type htmlTokenizer interface {
	Next() html.TokenType
	Err() error
	Text() []byte
	Raw() []byte
	TagName() ([]byte, bool)
	TagAttr() ([]byte, []byte, bool)
	NextIsNotRawText()
}

// errGaveUp is the Err of a fastTokenizer that met what it does not read.
var errGaveUp = errors.New("feedspec: the fast HTML tokenizer gave up")

// A fastTokenizer tokenizes HTML in the data state as x/net/html's
// Tokenizer does, without copying the source or allocating per token, for
// the subset that feeds' HTML is made of: text with character references
// (appendUnescaped), start and end tags with attributes, plain comments. On
// anything else — other comments, doctypes, "</" not followed by a letter,
// references appendUnescaped does not decide, raw text and RCDATA elements
// (script, style, textarea, title, iframe, noembed, noframes, noscript,
// plaintext, xmp), a tag cut by the end of the input, a carriage return or
// a NUL — its Next returns html.ErrorToken and Err returns errGaveUp, and
// the caller starts again with x/net/html.
type fastTokenizer struct {
	src []byte
	pos int
	err error
	tt  html.TokenType
	// raw is the current token's source; text its data (text tokens),
	// name its lower-cased tag name.
	raw, text, name []byte
	// attrs are the current tag's attributes, as [key start, key end,
	// value start, value end] offsets in src; next is the next one TagAttr
	// returns.
	attrs   [][4]int32
	next    int
	attrBuf [8][4]int32
	nameBuf [16]byte
	textBuf []byte
	// arena holds the current tag's keys and unescaped values.
	arena []byte
}

func newFastTokenizer(src string) *fastTokenizer {
	z := &fastTokenizer{src: unsafe.Slice(unsafe.StringData(src), len(src))}
	if len(src) > math.MaxInt32 || strings.IndexByte(src, '\r') >= 0 || strings.IndexByte(src, 0) >= 0 {
		z.err = errGaveUp
	}
	return z
}

func (z *fastTokenizer) giveUp() html.TokenType {
	z.err = errGaveUp
	z.tt = html.ErrorToken
	return z.tt
}

// Err returns io.EOF at the end of the input, errGaveUp when z gave up.
func (z *fastTokenizer) Err() error { return z.err }

// Raw returns the current token's source.
func (z *fastTokenizer) Raw() []byte { return z.raw }

// Text returns a text token's data, character references replaced.
func (z *fastTokenizer) Text() []byte { return z.text }

// NextIsNotRawText does nothing: z gives up on raw text elements.
func (z *fastTokenizer) NextIsNotRawText() {}

// TagName returns the lower-cased tag name and whether the tag has
// attributes.
func (z *fastTokenizer) TagName() ([]byte, bool) { return z.name, len(z.attrs) > 0 }

// TagAttr returns the next attribute's lower-cased key and its value with
// character references replaced, and whether another follows. A value with
// a reference z does not read makes it give up (the caller sees that at the
// next Next).
func (z *fastTokenizer) TagAttr() (key, val []byte, more bool) {
	if z.next >= len(z.attrs) {
		return nil, nil, false
	}
	a := z.attrs[z.next]
	z.next++
	// Keys and values are appended to the arena, so that those returned
	// earlier for the same tag stay as they are.
	n := len(z.arena)
	z.arena = lowerASCII(z.arena, z.src[a[0]:a[1]])
	key = z.arena[n:len(z.arena):len(z.arena)]
	val = z.src[a[2]:a[3]]
	if bytes.IndexByte(val, '&') >= 0 {
		n := len(z.arena)
		var ok bool
		z.arena, ok = appendUnescaped(z.arena, val, true)
		if !ok {
			z.err = errGaveUp
			return key, nil, false
		}
		val = z.arena[n:len(z.arena):len(z.arena)]
	}
	return key, val, z.next < len(z.attrs)
}

func lowerASCII(dst, b []byte) []byte {
	for _, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isHTMLSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\f' || c == '\r'
}

// Next scans the next token.
func (z *fastTokenizer) Next() html.TokenType {
	z.raw, z.text, z.name = nil, nil, nil
	z.attrs, z.arena = nil, z.arena[:0]
	if z.err != nil {
		z.tt = html.ErrorToken
		return z.tt
	}
	s := z.src
	start := z.pos
	if start >= len(s) {
		z.err = io.EOF
		z.tt = html.ErrorToken
		return z.tt
	}
	// Text runs to the next '<' that starts a tag or markup.
	i := start
	for {
		j := bytes.IndexByte(s[i:], '<')
		if j < 0 {
			i = len(s)
			break
		}
		i += j
		if i+1 < len(s) {
			if c := s[i+1]; isASCIILetter(c) || c == '/' || c == '!' || c == '?' {
				break
			}
		}
		i++
	}
	if i > start {
		z.pos = i
		z.raw = s[start:i]
		z.text = z.raw
		if bytes.IndexByte(z.raw, '&') >= 0 {
			var ok bool
			z.textBuf, ok = appendUnescaped(z.textBuf[:0], z.raw, false)
			if !ok {
				return z.giveUp()
			}
			z.text = z.textBuf
		}
		z.tt = html.TextToken
		return z.tt
	}
	if s[i+1] == '!' {
		return z.comment(i)
	}
	// A tag at i.
	end := s[i+1] == '/'
	nameStart := i + 1
	if end {
		nameStart++
		if nameStart >= len(s) || !isASCIILetter(s[nameStart]) {
			return z.giveUp()
		}
	} else if !isASCIILetter(s[i+1]) {
		return z.giveUp()
	}
	// readTagName
	k := nameStart
	for k < len(s) && !isHTMLSpace(s[k]) && s[k] != '/' && s[k] != '>' {
		k++
	}
	if k >= len(s) {
		return z.giveUp()
	}
	if k-nameStart > len(z.nameBuf) {
		z.name = lowerASCII(nil, s[nameStart:k])
	} else {
		z.name = lowerASCII(z.nameBuf[:0], s[nameStart:k])
	}
	z.attrs = z.attrBuf[:0]
	z.next = 0
	// readTag's attribute loop.
	for {
		for k < len(s) && isHTMLSpace(s[k]) {
			k++
		}
		if k >= len(s) {
			return z.giveUp()
		}
		if s[k] == '>' {
			k++
			break
		}
		// readTagAttrKey
		keyStart := k
		for k < len(s) {
			c := s[k]
			if c == '=' && k == keyStart {
				k++
				continue
			}
			if c == '=' || isHTMLSpace(c) || c == '/' || c == '>' {
				break
			}
			k++
		}
		if k >= len(s) {
			return z.giveUp()
		}
		keyEnd := k
		// readTagAttrVal
		valStart, valEnd := k, k
		for k < len(s) && isHTMLSpace(s[k]) {
			k++
		}
		if k >= len(s) {
			return z.giveUp()
		}
		switch s[k] {
		case '/':
			k++
		case '=':
			k++
			for k < len(s) && isHTMLSpace(s[k]) {
				k++
			}
			if k >= len(s) {
				return z.giveUp()
			}
			switch q := s[k]; q {
			case '>':
				valStart, valEnd = k, k
			case '\'', '"':
				e := bytes.IndexByte(s[k+1:], q)
				if e < 0 {
					return z.giveUp()
				}
				valStart, valEnd = k+1, k+1+e
				k = valEnd + 1
			default:
				valStart = k
				for k < len(s) && !isHTMLSpace(s[k]) && s[k] != '>' {
					k++
				}
				if k >= len(s) {
					return z.giveUp()
				}
				valEnd = k
				if s[k] != '>' {
					k++
				}
			}
		}
		if keyEnd > keyStart && !end && !z.seenKey(s[keyStart:keyEnd]) {
			z.attrs = append(z.attrs, [4]int32{int32(keyStart), int32(keyEnd), int32(valStart), int32(valEnd)})
		}
	}
	z.raw = s[i:k]
	z.pos = k
	if end {
		z.tt = html.EndTagToken
		return z.tt
	}
	switch string(z.name) {
	case "iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style",
		"textarea", "title", "xmp":
		return z.giveUp()
	}
	// As x/net/html decides: the byte before '>' is a slash that does not
	// end the last attribute's value.
	if n := len(z.attrs); k-2 > i && s[k-2] == '/' && (n == 0 || k-2 != int(z.attrs[n-1][3])-1) {
		z.tt = html.SelfClosingTagToken
	} else {
		z.tt = html.StartTagToken
	}
	return z.tt
}

// comment reads a comment at i ("<!"): only the plain form, "<!--" data
// "-->" where data neither starts with ">" or "->" nor holds "--!"; it
// gives up on any other markup declaration.
func (z *fastTokenizer) comment(i int) html.TokenType {
	s := z.src
	if !bytes.HasPrefix(s[i:], []byte("<!--")) {
		return z.giveUp()
	}
	a := i + 4
	if a < len(s) && (s[a] == '>' || s[a] == '-' && a+1 < len(s) && s[a+1] == '>') {
		return z.giveUp()
	}
	e := bytes.Index(s[a:], []byte("-->"))
	if e < 0 || bytes.Contains(s[a:a+e+2], []byte("--!")) {
		return z.giveUp()
	}
	z.raw = s[i : a+e+3]
	z.pos = a + e + 3
	z.text = s[a : a+e]
	if bytes.IndexByte(z.text, '&') >= 0 {
		// x/net/html replaces references in comments too.
		var ok bool
		z.textBuf, ok = appendUnescaped(z.textBuf[:0], z.text, false)
		if !ok {
			return z.giveUp()
		}
		z.text = z.textBuf
	}
	z.tt = html.CommentToken
	return z.tt
}

// seenKey reports whether the current tag already has an attribute named
// key (in any ASCII case): x/net/html keeps the first.
func (z *fastTokenizer) seenKey(key []byte) bool {
	for _, a := range z.attrs {
		if bytes.EqualFold(z.src[a[0]:a[1]], key) {
			return true
		}
	}
	return false
}

// commonEntities maps the names of the character references feeds use most
// (without '&' and ';') to their characters.
var commonEntities = func() map[string]string {
	m := make(map[string]string)
	for _, name := range strings.Fields(`amp lt gt quot apos nbsp eacute egrave ecirc euml
		agrave aacute acirc auml atilde aring ccedil iacute igrave icirc iuml oacute ograve
		ocirc ouml otilde uacute ugrave ucirc uuml ntilde szlig Eacute Egrave Agrave Ccedil
		Auml Ouml Uuml rsquo lsquo ldquo rdquo sbquo bdquo laquo raquo mdash ndash hellip
		bull middot copy reg trade euro pound yen cent deg plusmn times divide frac12 para
		sect shy iexcl iquest prime Prime larr rarr uarr darr harr`) {
		m[name] = html.UnescapeString("&" + name + ";")
	}
	return m
}()

// appendUnescaped appends b with its character references replaced as
// x/net/html's tokenizer replaces them in text (attr false) or in an
// attribute value (attr true), or reports false for the references it does
// not decide: numeric ones without ';' or to a character that x/net/html
// replaces (NUL, CR, U+0080–U+009F, surrogates), named ones that are not
// exactly a reference's name, and in attribute values named ones without
// ';' that a prefix of would match.
func appendUnescaped(dst, b []byte, attr bool) ([]byte, bool) {
	for {
		i := bytes.IndexByte(b, '&')
		if i < 0 {
			return append(dst, b...), true
		}
		dst = append(dst, b[:i]...)
		b = b[i:]
		if len(b) == 1 || !(isASCIILetter(b[1]) || '0' <= b[1] && b[1] <= '9' || b[1] == '#') {
			dst = append(dst, '&')
			b = b[1:]
			continue
		}
		if b[1] != '#' {
			// The longest run of letters and digits, as x/net/html reads.
			k := 1
			for k < len(b) && (isASCIILetter(b[k]) || '0' <= b[k] && b[k] <= '9') {
				k++
			}
			name := b[1:k]
			if k < len(b) && b[k] == ';' {
				if v, ok := commonEntities[string(name)]; ok {
					dst = append(dst, v...)
					b = b[k+1:]
					continue
				}
				ref := string(b[:k+1])
				v := html.UnescapeString(ref)
				if v == ref || strings.HasSuffix(v, ";") {
					// Not a reference's name (or one only a prefix of
					// names): leave it to x/net/html.
					return dst, false
				}
				dst = append(dst, v...)
				b = b[k+1:]
				continue
			}
			ref := string(b[:k])
			if v := html.UnescapeString(ref); v != ref {
				// A legacy reference without ';' (or a prefix of one).
				if attr {
					return dst, false
				}
				dst = append(dst, v...)
			} else {
				dst = append(dst, ref...)
			}
			b = b[k:]
			continue
		}
		semi := bytes.IndexByte(b[:min(len(b), 12)], ';')
		if semi < 0 {
			return dst, false
		}
		digits, base := b[2:semi], rune(10)
		b = b[semi+1:]
		if len(digits) > 0 && digits[0]|0x20 == 'x' {
			digits, base = digits[1:], 16
		}
		if len(digits) == 0 || len(digits) > 6 {
			return dst, false
		}
		var r rune
		for _, c := range digits {
			var d rune
			switch {
			case '0' <= c && c <= '9':
				d = rune(c - '0')
			case base == 16 && 'a' <= c|0x20 && c|0x20 <= 'f':
				d = rune(c|0x20-'a') + 10
			default:
				return dst, false
			}
			r = r*base + d
		}
		if r == 0 || r == '\r' || 0x80 <= r && r <= 0x9F || 0xD800 <= r && r <= 0xDFFF || r > 0x10FFFF {
			return dst, false
		}
		dst = utf8.AppendRune(dst, r)
	}
}

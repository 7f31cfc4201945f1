package feedspec

import (
	"bytes"
	"encoding/json"
	"strings"

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
type Text struct {
	// isNode tells a Node value from a string value.
	isNode bool
	// str is the string value.
	str string
	// frag is the Node value. Only fragment reads it, so that it can later
	// be built on first use.
	frag *html.Node
}

// stringText returns a Text whose value is the string s.
func stringText(s string) *Text {
	return &Text{str: s}
}

// nodeText returns a Text whose value is the Node frag, a DocumentNode.
func nodeText(frag *html.Node) *Text {
	return &Text{isNode: true, frag: frag}
}

// fragment returns the Node value (nil for a string value). Every method
// reads the node through it.
func (t *Text) fragment() *html.Node {
	if t == nil || !t.isNode {
		return nil
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
// Text is null.
func (t *Text) MarshalJSON() ([]byte, error) {
	if t == nil {
		return []byte("null"), nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	var err error
	if t.isNode {
		err = enc.Encode(struct {
			HTML string `json:"html"`
		}{t.HTML()})
	} else {
		err = enc.Encode(t.str)
	}
	if err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
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

// escapedHTMLText is [178] from [73] on, for the text [101] gave.
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
	return parseHTMLText(text)
}

// parseHTMLText is [178] from [73] on, always running the HTML fragment
// parser.
func parseHTMLText(text string) *Text {
	// [73] [70]: a div context in a fresh no-quirks document, scripting
	// disabled (so noscript content is markup).
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := html.ParseFragmentWithOptions(strings.NewReader(text), ctx,
		html.ParseOptionEnableScripting(false))
	if err != nil {
		// A strings.Reader does not fail; nothing was parsed.
		return nil
	}
	// [74] [71]
	frag := &html.Node{Type: html.DocumentNode}
	for _, n := range nodes {
		frag.AppendChild(n)
	}
	// [108] [109]
	if !sanitize(frag) {
		return nil // [111]
	}
	// [339]: exactly one child node, and it is a Text node (SUPPLEMENT §4.1,
	// DEVIATIONS E5).
	if c := frag.FirstChild; c != nil && c == frag.LastChild && c.Type == html.TextNode {
		return stringText(c.Data) // [340]
	}
	return nodeText(frag) // [72]
}

// xhtmlText returns the content of an Atom XHTML text construct whose first
// HTML div child is div ([66]–[69], [104]–[107], SUPPLEMENT §4.2): the
// div's children cloned into a fragment and sanitized; nil when it has no
// significant content, otherwise always a Node value.
func xhtmlText(div *xml5.Node) *Text {
	if div == nil {
		return nil
	}
	// [66] [67] [68]
	frag := &html.Node{Type: html.DocumentNode}
	for c := div.FirstChild; c != nil; c = c.NextSibling {
		if n := convertXMLNode(c); n != nil {
			frag.AppendChild(n)
		}
	}
	// [104] [105]
	if !sanitize(frag) {
		return nil // [107]
	}
	return nodeText(frag) // [69]
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

package feedspec

import (
	"unsafe"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/feedspec/feedspec/xml5"
)

// Namespace URLs of the markup languages that feed content can hold
// (docs/decisions.md#namespaces).
const (
	htmlNamespaceURL   = "http://www.w3.org/1999/xhtml"
	svgNamespaceURL    = "http://www.w3.org/2000/svg"
	mathMLNamespaceURL = "http://www.w3.org/1998/Math/MathML"
	xlinkNamespaceURL  = "http://www.w3.org/1999/xlink"
)

// xhtmlText returns the content of an Atom XHTML text construct whose first
// HTML div child is div ([66]–[69], [104]–[107]): the
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
	return &Text{lazy: &lazyFragment{xhtml: div, sig: signer.signature()}} // [69]
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
// docs/decisions.md#significant-content) run on the children of the XML element
// n, as they would be once converted (convertXMLNode): 1×1 HTML images skipped,
// HTML template contents not visited, HTML and SVG script and style and
// elements with a hidden attribute hiding their subtree. It also adds to sig
// the text content the fragment would have.
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

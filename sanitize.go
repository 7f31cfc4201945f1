package feedspec

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/feedspec/feedspec/internal/htmltoken"
)

// sanitize runs "sanitize" [112] on the fragment frag and reports whether it
// "has significant content" [114] (docs/decisions.md#significant-content), in
// one depth-first pass:
//
//   - [113] every HTML img whose width and height attribute values are exactly
//     "1" is removed from its parent, at any depth, inside hiding elements too
//     (the specification's rule: docs/decisions.md#tracking-pixels), but not
//     inside template contents, which are not part of the tree in the DOM;
//   - [114] an element with a hidden attribute, or an HTML or SVG script or
//     style element, hides itself and its subtree from the significance test;
//   - [129] significant are Text nodes with a non-space character and the
//     elements of docs/decisions.md#input-not-significant (not input).
//
// Template contents are never visited. Element namespaces follow the
// conventions documented on Text ("" is HTML, "svg", "math").
func sanitize(frag *html.Node) bool {
	if frag == nil {
		return false
	}
	return sanitizeChildren(frag, false)
}

// sanitizeChildren runs the pass over n's children; hidden tells whether n is
// inside a hiding element. It reports whether a significant node was seen.
func sanitizeChildren(n *html.Node, hidden bool) bool {
	significant := false
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		switch c.Type {
		case html.TextNode:
			if !hidden && !significant && textHasNonSpace(c.Data) {
				significant = true
			}
		case html.ElementNode:
			if isOneByOneImage(c) { // [113]
				n.RemoveChild(c)
				break
			}
			if c.Namespace == "" && c.DataAtom == atom.Template {
				// Template contents are not children in the DOM.
				break
			}
			h := hidden || hides(c)
			if !h && !significant && isSignificantElement(c) {
				significant = true
			}
			if c.FirstChild != nil && sanitizeChildren(c, h) {
				significant = true
			}
		}
		c = next
	}
	return significant
}

// isOneByOneImage reports whether n is an HTML img whose width and height
// attribute values are both exactly "1" [113] (no trimming: " 1" and "01"
// do not match).
func isOneByOneImage(n *html.Node) bool {
	if n.Namespace != "" || n.DataAtom != atom.Img || n.Data != "img" {
		return false
	}
	width, height := false, false
	for _, a := range n.Attr {
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "width":
			width = a.Val == "1"
		case "height":
			height = a.Val == "1"
		}
	}
	return width && height
}

// hides reports whether n hides itself and its subtree from the significance
// test (docs/decisions.md#significant-content): it has an attribute whose
// qualified name is exactly "hidden", or it is a script or style element in the
// HTML or SVG namespace.
func hides(n *html.Node) bool {
	if n.Namespace == "" || n.Namespace == "svg" {
		if n.Data == "script" || n.Data == "style" {
			return true
		}
	}
	return hasAttr(n, "hidden")
}

// hasAttr reports whether n has an attribute in no namespace named key.
func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return true
		}
	}
	return false
}

// isSignificantElement reports whether the element n is "feed significant
// content" [129] (docs/decisions.md#input-not-significant): HTML canvas, embed,
// iframe, img, object, video, audio with a controls attribute, MathML math, SVG
// svg.
func isSignificantElement(n *html.Node) bool {
	switch n.Namespace {
	case "":
		switch n.Data {
		case "canvas", "embed", "iframe", "img", "object", "video":
			return true
		case "audio":
			return hasAttr(n, "controls")
		}
	case "svg":
		return n.Data == "svg"
	case "math":
		return n.Data == "math"
	}
	return false
}

// textHasNonSpace reports whether s contains a character other than the
// space characters U+0009, U+000A, U+000C, U+000D and U+0020
// (docs/decisions.md#significant-content).
func textHasNonSpace(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\t', '\n', '\f', '\r', ' ':
		default:
			return true
		}
	}
	return false
}

// sameTextContent reports whether a and b are "same text content" [362]
// (docs/decisions.md#null-values): both strings and equal, or both Nodes and
// equal as the DOM's isEqualNode says. A string is never the same as a Node,
// and null is never the same as anything.
func sameTextContent(a, b *Text) bool {
	if a == nil || b == nil || a.IsNode() != b.IsNode() {
		return false
	}
	if !a.IsNode() {
		return a.str == b.str
	}
	if la, lb := a.lazy, b.lazy; la != nil && lb != nil {
		// The same source parses to equal fragments; fragments whose text
		// contents differ are not equal. Neither needs building them.
		if la.escapedSource() && lb.escapedSource() && la.src == lb.src {
			return true
		}
		if textLengthsDiffer(la, lb) {
			return false
		}
		if sa := la.signature(); sa.ok {
			if sb := lb.signature(); sb.ok && (sa.n != sb.n || sa.hash != sb.hash) {
				return false
			}
		}
		if la.escapedSource() && lb.escapedSource() {
			if equal, ok := sameSerialization(la.src, lb.src); ok {
				return equal
			}
		}
	}
	// readNode: a tree built only for the comparison is not kept.
	return equalChildren(a.readNode(), b.readNode())
}

// textLengthsDiffer reports whether the text contents of la and lb, two
// fragments of escaped HTML sources, are known to differ in length, reading
// the tokens of the longer source only as far as it takes: its text
// content is known to be longer once what it read passes the length of the
// other's (textLongerThan). It reports false when it cannot tell.
func textLengthsDiffer(la, lb *lazyFragment) bool {
	if !la.escapedSource() || !lb.escapedSource() {
		return false
	}
	if len(la.src) > len(lb.src) {
		la, lb = lb, la
	}
	// A text content is at most three bytes for each byte of its source
	// (a NUL in script text becomes U+FFFD): below this, the lengths
	// signatures keep modulo 2^32 are the lengths.
	const maxSource = (1<<32 - 1) / 3
	if len(lb.src) > maxSource {
		return false
	}
	sa := la.signature()
	return sa.ok && lb.textLongerThan(sa.n)
}

// sameSerialization compares the sanitized fragments of the escaped HTML
// sources a and b without building them: their serializations from the
// tokens (htmltoken.AppendHTML, 1×1 images left out as [113] removes them)
// with every element's attributes sorted are equal exactly when the
// fragments are (equalChildren: attributes compare as sets). It reports
// false when the tokens of either cannot tell its tree.
func sameSerialization(a, b string) (equal, ok bool) {
	const mode = htmltoken.DropOneByOneImages | htmltoken.SortAttributes
	x, ok := htmltoken.AppendHTML(make([]byte, 0, 2*(len(a)+len(b))), a, mode)
	if !ok {
		return false, false
	}
	n := len(x)
	x, ok = htmltoken.AppendHTML(x, b, mode)
	if !ok {
		return false, false
	}
	return string(x[:n]) == string(x[n:]), true
}

// equalChildren reports whether a's and b's child lists are equal node by
// node (isEqualNode).
func equalChildren(a, b *html.Node) bool {
	if a == nil || b == nil {
		return a == b
	}
	ca, cb := a.FirstChild, b.FirstChild
	for ca != nil && cb != nil {
		if !equalNode(ca, cb) {
			return false
		}
		ca, cb = ca.NextSibling, cb.NextSibling
	}
	return ca == nil && cb == nil
}

// equalNode is the DOM's isEqualNode for nodes under the conventions of Text:
// same type; for elements the same namespace and name, the same attributes
// as a set and equal children (template contents are not children); for
// other nodes the same data.
func equalNode(a, b *html.Node) bool {
	if a.Type != b.Type || a.Data != b.Data {
		return false
	}
	if a.Type != html.ElementNode {
		return a.Type != html.DocumentNode || equalChildren(a, b)
	}
	if a.Namespace != b.Namespace || len(a.Attr) != len(b.Attr) {
		return false
	}
	for _, x := range a.Attr {
		found := false
		for _, y := range b.Attr {
			if x.Namespace == y.Namespace && x.Key == y.Key {
				found = x.Val == y.Val
				break
			}
		}
		if !found {
			return false
		}
	}
	if isTemplate(a) {
		return true
	}
	return equalChildren(a, b)
}

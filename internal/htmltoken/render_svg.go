package htmltoken

import (
	"golang.org/x/net/html/atom"
)

// SVG content, the part the serializer follows: an svg element and, inside
// it, the plain shape and structure elements of svgElementName with the
// attributes of svgAttributeKey, text, and nothing else. The tree builder
// reads what is inside an svg element by the rules for foreign content:
// start tags make elements in the SVG namespace (a self-closing one is
// closed at once), an end tag closes the current element when it has its
// name, text is inserted as it is; html.Render writes them as it writes HTML
// elements (an element without children gets its end tag). The serializer
// gives up on whatever else may differ from that: other element names (the
// HTML elements that break out of foreign content, the names the tree
// builder changes the case of, the integration points foreignObject, desc
// and title, style and script), other attribute names (the tree builder
// changes the case of some), an end tag for another element, and comments
// (where the tokenizer reads CDATA sections in foreign content).

// svgElementName returns the name the tree builder gives an element of SVG
// content whose lower-case tag name is name, when the serializer follows
// it: those whose name it leaves as it is, and three it writes in camel
// case.
func svgElementName(name []byte) (string, bool) {
	switch string(name) {
	case "svg":
		return "svg", true
	case "g":
		return "g", true
	case "path":
		return "path", true
	case "circle":
		return "circle", true
	case "rect":
		return "rect", true
	case "line":
		return "line", true
	case "polyline":
		return "polyline", true
	case "polygon":
		return "polygon", true
	case "ellipse":
		return "ellipse", true
	case "defs":
		return "defs", true
	case "use":
		return "use", true
	case "symbol":
		return "symbol", true
	case "stop":
		return "stop", true
	case "text":
		return "text", true
	case "tspan":
		return "tspan", true
	case "mask":
		return "mask", true
	case "pattern":
		return "pattern", true
	case "marker":
		return "marker", true
	// Names the tree builder changes the case of.
	case "clippath":
		return "clipPath", true
	case "lineargradient":
		return "linearGradient", true
	case "radialgradient":
		return "radialGradient", true
	}
	return "", false
}

// svgAttributeKey returns the key html.Render writes for the lower-case
// attribute key k of an SVG element, when the serializer knows it: the
// two camel-case keys of the tree builder's SVG attribute adjustments that
// icons use (viewBox, preserveAspectRatio), and keys it leaves as they are
// (xlink:href and the other prefixed keys are written back with their
// prefix).
func svgAttributeKey(k []byte) (string, bool) {
	switch string(k) {
	case "viewbox":
		return "viewBox", true
	case "preserveaspectratio":
		return "preserveAspectRatio", true
	case "d", "width", "height", "x", "y", "cx", "cy", "r", "rx", "ry",
		"x1", "y1", "x2", "y2", "dx", "dy", "points", "transform", "class",
		"id", "style", "xmlns", "xmlns:xlink", "xlink:href", "xml:space",
		"href", "version", "role", "focusable", "aria-hidden", "aria-label",
		"fill", "fill-rule", "fill-opacity", "clip-rule", "clip-path",
		"stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
		"stroke-miterlimit", "stroke-opacity", "stroke-dasharray",
		"stroke-dashoffset", "opacity", "offset", "stop-color",
		"stop-opacity", "color", "font-size", "font-family",
		"font-weight", "text-anchor", "mask", "overflow", "display",
		"visibility":
		return "", true
	}
	return "", false
}

// svgTag writes the start tag of an SVG element (the svg element itself
// or one inside it) named name with the attributes z has left, and opens
// it, or closes it at once when selfClosing.
func (r *renderer) svgTag(dst []byte, z Tokenizer, name string, tag atom.Atom, hasAttr, selfClosing bool) ([]byte, bool) {
	if hasAttr && r.mode&SortAttributes != 0 {
		return dst, false
	}
	r.fresh = false
	start := len(dst)
	dst = append(dst, r.out.lt...)
	dst = append(dst, name...) // ASCII letters
	for hasAttr {
		var k, v []byte
		k, v, hasAttr = z.TagAttr()
		r.cost += CostAttr
		key, ok := svgAttributeKey(k)
		if !ok {
			return dst, false
		}
		dst = append(dst, ' ')
		if key != "" {
			dst = append(dst, key...)
		} else {
			dst = append(dst, k...) // lower-case ASCII letters, digits, '-' and ':'
		}
		dst = append(dst, r.out.valueStart...)
		dst = appendEscapedHTML(dst, v, r.mode)
		dst = append(dst, r.out.valueEnd...)
	}
	dst = append(dst, r.out.gt...)
	r.push(tokenElement{atom: tag, name: name, start: start, end: len(dst)})
	if r.svg == 0 {
		r.svg = len(r.stack)
	}
	if selfClosing {
		dst = r.svgPop(dst)
	}
	return dst, true
}

// svgStartTag applies a start tag in SVG content.
func (r *renderer) svgStartTag(dst []byte, z Tokenizer, selfClosing bool) ([]byte, bool) {
	n, hasAttr := z.TagName()
	name, ok := svgElementName(n)
	if !ok {
		return dst, false
	}
	r.cost += CostNode
	return r.svgTag(dst, z, name, 0, hasAttr, selfClosing)
}

// svgEndTag applies an end tag in SVG content: it closes the current
// element when it has its name.
func (r *renderer) svgEndTag(dst []byte, z Tokenizer) ([]byte, bool) {
	name, _ := z.TagName()
	if e := r.stack[len(r.stack)-1]; len(name) != len(e.name) || !equalFoldASCII(name, []byte(e.name)) {
		return dst, false
	}
	return r.svgPop(dst), true
}

// svgPop closes the current element of SVG content, and the SVG content
// with the svg element that opened it.
func (r *renderer) svgPop(dst []byte) []byte {
	if len(r.stack) == r.svg {
		r.svg = 0
	}
	return r.pop(dst)
}

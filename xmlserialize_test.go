package feedspec

import (
	"strings"

	"golang.org/x/net/html"

	"github.com/feedspec/feedspec/xml5"
)

// xmlSerialize returns the conformance harness's printed form of a text value
// (SUPPLEMENT §4.3): a string value as it is, a Node value as the XML
// serialization of the fragment's children. It returns "" for nil.
//
// The serialization writes every element with a start and an end tag (never
// self-closing); a top-level element always declares its namespace with
// xmlns="..." (xmlns="" for no namespace) and a descendant does when its
// namespace differs from its parent's; a prefixed element or attribute name
// gets xmlns:p="..." when p is not yet bound to its namespace (for an
// attribute, right after it); namespace declarations present in the tree stay
// where they are. Attribute values escape & " < >, text escapes & < > ", and a
// template element's contents are written as its children.
func xmlSerialize(t *Text) string {
	if t == nil {
		return ""
	}
	if !t.IsNode() {
		return t.str
	}
	var b strings.Builder
	s := xmlSerializer{b: &b}
	for c := t.Node().FirstChild; c != nil; c = c.NextSibling {
		s.node(c, xmlContext{unknown: true})
	}
	return b.String()
}

// xmlContext is what an element inherits from its ancestors: the default
// namespace in effect (unknown at the top level, so that every top-level
// element declares its own) and the prefixes bound so far.
type xmlContext struct {
	unknown   bool
	defaultNS string
	prefixes  map[string]string
}

func (c xmlContext) bind(prefix, ns string) xmlContext {
	m := make(map[string]string, len(c.prefixes)+1)
	for k, v := range c.prefixes {
		m[k] = v
	}
	m[prefix] = ns
	c.prefixes = m
	return c
}

func (c xmlContext) bound(prefix, ns string) bool {
	if prefix == "xml" {
		return ns == xml5.XMLNamespace
	}
	v, ok := c.prefixes[prefix]
	return ok && v == ns
}

type xmlSerializer struct {
	b *strings.Builder
}

// elementName returns an x/net/html element's namespace URL ("" for none),
// prefix and local name under the conventions documented on Text.
func elementName(n *html.Node) (ns, prefix, local string) {
	switch n.Namespace {
	case "":
		return htmlNamespaceURL, "", n.Data
	case "svg":
		return svgNamespaceURL, "", n.Data
	case "math":
		return mathMLNamespaceURL, "", n.Data
	case NoNamespace:
		return "", "", n.Data
	}
	if i := strings.IndexByte(n.Data, ':'); i >= 0 {
		return n.Namespace, n.Data[:i], n.Data[i+1:]
	}
	return n.Namespace, "", n.Data
}

// attrName returns an attribute's namespace URL ("" for none), prefix and
// local name under the conventions documented on Text.
func attrName(a html.Attribute) (ns, prefix, local string) {
	switch a.Namespace {
	case "":
		return "", "", a.Key
	case "xml":
		return xml5.XMLNamespace, "xml", a.Key
	case "xlink":
		return xlinkNamespaceURL, "xlink", a.Key
	case "xmlns":
		return xml5.XMLNSNamespace, "xmlns", a.Key
	}
	if i := strings.IndexByte(a.Key, ':'); i >= 0 {
		return a.Namespace, a.Key[:i], a.Key[i+1:]
	}
	return a.Namespace, "", a.Key
}

func (s xmlSerializer) node(n *html.Node, ctx xmlContext) {
	switch n.Type {
	case html.TextNode:
		s.escape(n.Data)
	case html.CommentNode:
		s.b.WriteString("<!--")
		s.b.WriteString(n.Data)
		s.b.WriteString("-->")
	case html.RawNode:
		// A processing instruction, kept as "<?target data>".
		s.b.WriteString(strings.TrimSuffix(n.Data, ">"))
		s.b.WriteString("?>")
	case html.ElementNode:
		s.element(n, ctx)
	case html.DocumentNode:
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			s.node(c, ctx)
		}
	}
}

func (s xmlSerializer) element(n *html.Node, ctx xmlContext) {
	ns, prefix, local := elementName(n)
	// The element's own namespace declarations apply to itself.
	ownDefault, hasOwnDefault := "", false
	for _, a := range n.Attr {
		switch {
		case a.Namespace == "" && a.Key == "xmlns":
			ownDefault, hasOwnDefault = a.Val, true
		case a.Namespace == "xmlns":
			ctx = ctx.bind(a.Key, a.Val)
		}
	}
	name := local
	if prefix != "" {
		name = prefix + ":" + local
	}
	s.b.WriteByte('<')
	s.b.WriteString(name)
	keepOwnDefault := hasOwnDefault
	if prefix == "" {
		switch {
		case !ctx.unknown && ctx.defaultNS == ns:
			keepOwnDefault = hasOwnDefault && ownDefault == ns
		case hasOwnDefault && ownDefault == ns:
		default:
			s.b.WriteString(` xmlns="`)
			s.escape(ns)
			s.b.WriteByte('"')
			keepOwnDefault = false
		}
		ctx.unknown, ctx.defaultNS = false, ns
	} else {
		if !ctx.bound(prefix, ns) {
			s.b.WriteString(" xmlns:")
			s.b.WriteString(prefix)
			s.b.WriteString(`="`)
			s.escape(ns)
			s.b.WriteByte('"')
			ctx = ctx.bind(prefix, ns)
		}
		if hasOwnDefault {
			ctx.unknown, ctx.defaultNS = false, ownDefault
		}
	}
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == "xmlns" && !keepOwnDefault {
			continue
		}
		ans, aprefix, alocal := attrName(a)
		s.b.WriteByte(' ')
		if aprefix != "" {
			s.b.WriteString(aprefix)
			s.b.WriteByte(':')
		}
		s.b.WriteString(alocal)
		s.b.WriteString(`="`)
		s.escape(a.Val)
		s.b.WriteByte('"')
		if aprefix != "" && aprefix != "xmlns" && !ctx.bound(aprefix, ans) {
			s.b.WriteString(" xmlns:")
			s.b.WriteString(aprefix)
			s.b.WriteString(`="`)
			s.escape(ans)
			s.b.WriteByte('"')
			ctx = ctx.bind(aprefix, ans)
		}
	}
	s.b.WriteByte('>')
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		s.node(c, ctx)
	}
	s.b.WriteString("</")
	s.b.WriteString(name)
	s.b.WriteByte('>')
}

// escape writes v with & < > " escaped (both in text and in attribute values,
// SUPPLEMENT §4.3).
func (s xmlSerializer) escape(v string) {
	for i := 0; i < len(v); i++ {
		switch c := v[i]; c {
		case '&':
			s.b.WriteString("&amp;")
		case '<':
			s.b.WriteString("&lt;")
		case '>':
			s.b.WriteString("&gt;")
		case '"':
			s.b.WriteString("&quot;")
		default:
			s.b.WriteByte(c)
		}
	}
}

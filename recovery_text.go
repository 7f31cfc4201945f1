package feedspec

import (
	"strings"

	"golang.org/x/net/html"

	"github.com/feedspec/feedspec/xml5"
)

// escapedHTML is parseEscapedHTML [178] for the processors. In recovery mode
// (repair 8), an element holding markup (an RSS description with
// <p>Hi <b>there</b></p> written unescaped, an Atom type="html" element
// with child elements) is read as the HTML it is: its child elements are
// written back as HTML tags around the text, which the specification reads
// as HTML source; what the specification's reading loses is kept.
func (p *processor) escapedHTML(el *xml5.Node) *Text {
	t := p.escapedHTMLRecovered(el)
	if p.diags != nil {
		if msg, budget, over := htmlBudgetError(t); over {
			p.reject(DiagnosticLimit, el, "", "", msg)
			line, _ := p.doc.Position(el.Offset)
			(*p.diags)[len(*p.diags)-1].Err = limitError("HTMLTree", int(budget), line, el.Offset)
		}
	}
	return t
}

// escapedHTMLRecovered is escapedHTML but for the diagnostic of a tree past
// its budget.
func (p *processor) escapedHTMLRecovered(el *xml5.Node) *Text {
	if !p.recovery {
		return p.parseEscapedHTML(el)
	}
	spec := p.parseEscapedHTML(el)
	if el.FirstElementChild() == nil {
		return spec
	}
	rec := escapedHTMLText(markupSource(el, true))
	if sameText(spec, rec) {
		return spec
	}
	p.recovered(el, "markup inside <"+el.QualifiedName()+"> read as HTML")
	return rec
}

// recoverXMLMode is repair 8 for an Atom 0.3 content element in XML mode,
// whose content the specification reads as text [175]: an XHTML div child is
// read as Atom 1.0 reads XHTML content, other child elements as HTML
// markup. It is the Atom 0.3 processor's hook: ok is false outside recovery
// mode and when the element has no child element.
func (p *processor) recoverXMLMode(el *xml5.Node) (t *Text, ok bool) {
	if !p.recovery || el.FirstElementChild() == nil {
		return nil, false
	}
	spec := p.textOrNull(processStringElement(el))
	var rec *Text
	if div := firstChildElement(el, nsXHTML, "div"); div != nil {
		rec = xhtmlText(div)
	} else {
		rec = escapedHTMLText(markupSource(el, false))
	}
	if sameText(spec, rec) {
		return spec, true
	}
	p.recovered(el, "Atom 0.3 XML-mode content of <"+el.QualifiedName()+"> read as XHTML")
	return rec, true
}

// sameText reports whether a and b are the same value (nil is null).
func sameText(a, b *Text) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.IsNode() == b.IsNode() && a.HTML() == b.HTML()
}

// markupSource writes el's content as HTML source: child elements as tags
// (by local name for HTML and unprefixed elements), their attributes and
// text escaped. rawText says whether el's own text children are written as
// they are (they are HTML source already, as the specification reads them)
// or escaped.
func markupSource(el *xml5.Node, rawText bool) string {
	var b strings.Builder
	for c := el.FirstChild; c != nil; c = c.NextSibling {
		writeMarkup(&b, c, rawText)
	}
	return b.String()
}

func writeMarkup(b *strings.Builder, n *xml5.Node, rawText bool) {
	switch n.Type {
	case xml5.TextNode:
		if rawText {
			b.WriteString(n.Data)
		} else {
			b.WriteString(html.EscapeString(n.Data))
		}
	case xml5.CommentNode:
		b.WriteString("<!--")
		b.WriteString(strings.ReplaceAll(n.Data, "-->", "--&gt;"))
		b.WriteString("-->")
	case xml5.ElementNode:
		name := n.Local
		switch n.Namespace {
		case "", nsXHTML, svgNamespaceURL, mathMLNamespaceURL:
		default:
			name = n.QualifiedName()
		}
		b.WriteByte('<')
		b.WriteString(name)
		for i := range n.Attr {
			a := &n.Attr[i]
			if a.Namespace == xml5.XMLNSNamespace {
				continue // namespace declarations
			}
			b.WriteByte(' ')
			b.WriteString(a.Name())
			b.WriteString(`="`)
			b.WriteString(html.EscapeString(a.Value))
			b.WriteByte('"')
		}
		b.WriteByte('>')
		if n.FirstChild == nil && voidElement(name) {
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			writeMarkup(b, c, false)
		}
		b.WriteString("</")
		b.WriteString(name)
		b.WriteByte('>')
	}
}

// voidElement reports whether name is an HTML element without an end tag.
func voidElement(name string) bool {
	switch strings.ToLower(name) {
	case "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr":
		return true
	}
	return false
}

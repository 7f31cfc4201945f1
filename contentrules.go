package feedspec

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"github.com/feedspec/feedspec/xml5"
)

// Rules 4 and 6 of the Atom content model (RFC 4287 4.1.3.3), as additions
// (issue 24): the specification reads every content element that is not
// text, HTML or XHTML as text ([64] [65]), which is null for XML content
// made of elements and the Base64 text for binary content. Entry.ContentXML
// keeps the XML, Entry.ContentBytes decodes the Base64; Content stays the
// specification's.

// ErrBase64Content is wrapped by the error Entry.ContentBytes returns when
// the entry's Base64 content (RFC 4287 4.1.3.3, rule 6) does not decode.
var ErrBase64Content = errors.New("feedspec: content is not valid Base64")

// Content kinds of an Atom content element's type attribute, for the rules
// beyond the specification's.
const (
	contentOther  = iota // no type, text, html, xhtml, text/* (rules 1, 2, 3, 5), or not a media type
	contentXML           // an XML media type (rule 4)
	contentBase64        // any other media type (rule 6)
)

// atomContentKind classifies the type attribute of an Atom content element
// (RFC 4287 4.1.3.3): an XML media type (RFC 3023's, or one whose subtype
// ends in "+xml" or whose type ends in "/xml"), a text/* type, or another
// media type (Base64). Parameters after ";" are ignored, case too. A value
// without "/" is not a media type: "text", "html", "xhtml" and the unknown
// ones the specification reads as text.
func atomContentKind(typ string) int {
	if i := strings.IndexByte(typ, ';'); i >= 0 {
		typ = typ[:i]
	}
	typ = trimSpaceCharacters(typ)
	slash := strings.IndexByte(typ, '/')
	if slash <= 0 || slash == len(typ)-1 {
		return contentOther
	}
	lower := strings.ToLower(typ)
	switch {
	case strings.HasSuffix(lower, "/xml"), strings.HasSuffix(lower, "+xml"),
		lower == "text/xml-external-parsed-entity", lower == "application/xml-external-parsed-entity",
		lower == "application/xml-dtd":
		return contentXML
	case strings.HasPrefix(lower, "text/"):
		return contentOther
	}
	return contentBase64
}

// processContentRules runs the additions for an Atom content element el:
// its kind decides whether the Content just read from it (when it gave
// Content: gave) is Base64, and whether its children are serialized into
// ContentXML. Content with a src attribute is out of line (rule 7 of RFC
// 4287 4.1.3.3's model reads it as empty): neither.
func (p *processor) processContentRules(entry *Entry, el *xml5.Node, gave bool) {
	typ, ok := el.AttrValue("", "type")
	if !ok {
		return
	}
	if _, src := el.AttrValue("", "src"); src {
		return
	}
	switch atomContentKind(typ) {
	case contentBase64:
		if gave {
			entry.private().base64Content = true
		}
	case contentXML:
		if entry.ContentXML == "" {
			entry.ContentXML = p.serializeChildren(el)
		}
	}
}

// contentXMLBudget is what serializing an element whose subtree spans span
// bytes of the document may write: four times the span, plus 512 bytes for
// the namespace declarations the fragment repeats. Summed over the entries
// of a document (whose number MaxItems bounds by the input's size), it is
// linear in the document's size.
func contentXMLBudget(span int) int { return 4*span + 512 }

// subtreeSpan returns how many bytes of the decoded document el's subtree
// spans: from el's offset to the next node after its subtree (or the end
// of the document).
func (p *processor) subtreeSpan(el *xml5.Node) int {
	end := p.doc.Size()
	for n := el; n != nil; n = n.Parent {
		if n.NextSibling != nil {
			end = n.NextSibling.Offset
			break
		}
	}
	return max(end-el.Offset, 0)
}

// serializeChildren returns el's children serialized as XML (see
// Entry.ContentXML), or "" with a DiagnosticLimit when the serialization
// would pass contentXMLBudget.
func (p *processor) serializeChildren(el *xml5.Node) string {
	w := xmlWriter{budget: contentXMLBudget(p.subtreeSpan(el))}
	for c := el.FirstChild; c != nil && !w.over; c = c.NextSibling {
		w.node(c, false, "")
	}
	if w.over {
		if p.diags != nil {
			recorded := p.reject(DiagnosticLimit, el, "", "", fmt.Sprintf("the XML content's serialization passes %d bytes (four times its %d bytes in the document, plus 512); Entry.ContentXML is left empty", w.budget, p.subtreeSpan(el)))
			line, _ := p.doc.Position(el.Offset)
			if recorded {
				(*p.diags)[len(*p.diags)-1].Err = limitError("ContentXML", w.budget, line, el.Offset)
			}
		}
		return ""
	}
	return string(w.b)
}

// An xmlWriter serializes a fragment of an xml5 tree: every element with a
// start and an end tag; an element declares its namespace (xmlns="..."
// for no prefix, xmlns="" for none) when it is not the default namespace
// in effect in the output (unknown at the top), and a prefixed element or
// attribute name its prefix when it is not bound to its namespace in the
// output; the declarations of the tree are written as they are. Attribute
// values escape & < > " and tab, newline and carriage return; text
// escapes & < > and carriage return.
type xmlWriter struct {
	b      []byte
	budget int
	over   bool
	// prefixes holds, for each prefix, the namespaces bound to it in the
	// output, innermost last.
	prefixes map[string][]string
}

// write appends s, unless the budget would be passed.
func (w *xmlWriter) write(s string) {
	if w.over || len(w.b)+len(s) > w.budget {
		w.over = true
		return
	}
	w.b = append(w.b, s...)
}

// escape appends s with the characters of its kind escaped.
func (w *xmlWriter) escape(s string, attr bool) {
	start := 0
	for i := 0; i < len(s); i++ {
		var ref string
		switch s[i] {
		case '&':
			ref = "&amp;"
		case '<':
			ref = "&lt;"
		case '>':
			ref = "&gt;"
		case '\r':
			ref = "&#13;"
		case '"':
			if attr {
				ref = "&quot;"
			}
		case '\n':
			if attr {
				ref = "&#10;"
			}
		case '\t':
			if attr {
				ref = "&#9;"
			}
		}
		if ref != "" {
			w.write(s[start:i])
			w.write(ref)
			start = i + 1
		}
	}
	w.write(s[start:])
}

// bound reports whether prefix is bound to ns in the output.
func (w *xmlWriter) bound(prefix, ns string) bool {
	if prefix == "xml" {
		return ns == xml5.XMLNamespace
	}
	l := w.prefixes[prefix]
	return len(l) > 0 && l[len(l)-1] == ns
}

// bind binds prefix to ns in the output until unbind.
func (w *xmlWriter) bind(prefix, ns string) {
	if w.prefixes == nil {
		w.prefixes = make(map[string][]string)
	}
	w.prefixes[prefix] = append(w.prefixes[prefix], ns)
}

// unbind undoes the innermost bind of prefix.
func (w *xmlWriter) unbind(prefix string) {
	l := w.prefixes[prefix]
	w.prefixes[prefix] = l[:len(l)-1]
}

// declare writes the declaration of prefix ("" for the default namespace)
// as ns.
func (w *xmlWriter) declare(prefix, ns string) {
	if prefix == "" {
		w.write(` xmlns="`)
	} else {
		w.write(" xmlns:")
		w.write(prefix)
		w.write(`="`)
	}
	w.escape(ns, true)
	w.write(`"`)
}

// node writes n; known says whether a default namespace is in effect in
// the output, and def is it.
func (w *xmlWriter) node(n *xml5.Node, known bool, def string) {
	switch n.Type {
	case xml5.TextNode:
		w.escape(n.Data, false)
	case xml5.CommentNode:
		w.write("<!--")
		w.write(n.Data)
		w.write("-->")
	case xml5.ProcessingInstructionNode:
		w.write("<?")
		w.write(n.Local)
		if n.Data != "" {
			w.write(" ")
			w.write(n.Data)
		}
		w.write("?>")
	case xml5.ElementNode:
		w.element(n, known, def)
	}
}

// element writes the element n and its subtree (see node).
func (w *xmlWriter) element(n *xml5.Node, known bool, def string) {
	var pushed []string // the prefixes bound by this element
	ownDefault := false
	for i := range n.Attr {
		a := &n.Attr[i]
		if a.Namespace != xml5.XMLNSNamespace {
			continue
		}
		switch {
		case a.Prefix == "" && a.Local == "xmlns":
			ownDefault = true
			known, def = true, a.Value
		case a.Prefix == "xmlns":
			w.bind(a.Local, a.Value)
			pushed = append(pushed, a.Local)
		}
	}
	w.write("<")
	if n.Prefix != "" {
		w.write(n.Prefix)
		w.write(":")
	}
	w.write(n.Local)
	for i := range n.Attr {
		a := &n.Attr[i]
		w.write(" ")
		if a.Prefix != "" {
			w.write(a.Prefix)
			w.write(":")
		}
		w.write(a.Local)
		w.write(`="`)
		w.escape(a.Value, true)
		w.write(`"`)
	}
	if n.Prefix == "" {
		if !ownDefault && (!known || def != n.Namespace) {
			w.declare("", n.Namespace)
		}
		known, def = true, n.Namespace
	} else if !w.bound(n.Prefix, n.Namespace) {
		w.declare(n.Prefix, n.Namespace)
		w.bind(n.Prefix, n.Namespace)
		pushed = append(pushed, n.Prefix)
	}
	for i := range n.Attr {
		a := &n.Attr[i]
		if a.Prefix != "" && a.Prefix != "xmlns" && !w.bound(a.Prefix, a.Namespace) {
			w.declare(a.Prefix, a.Namespace)
			w.bind(a.Prefix, a.Namespace)
			pushed = append(pushed, a.Prefix)
		}
	}
	w.write(">")
	for c := n.FirstChild; c != nil && !w.over; c = c.NextSibling {
		w.node(c, known, def)
	}
	w.write("</")
	if n.Prefix != "" {
		w.write(n.Prefix)
		w.write(":")
	}
	w.write(n.Local)
	w.write(">")
	for _, prefix := range pushed {
		w.unbind(prefix)
	}
}

// ContentBytes returns the entry's content decoded from Base64, for an Atom
// content element whose type is a media type neither textual nor XML (RFC
// 4287 4.1.3.3, rule 6: "image/png", "application/pdf"...), which the
// specification's Content holds as the Base64 text. Space characters in
// the text are ignored, and the padding may be left out. The result is
// never longer than the text.
//
// It returns nil and no error when the entry has no such content (no
// content, or text, HTML, XHTML, text/* or XML content, or content read
// with json.Unmarshal, which does not keep the content's type), and nil
// and an error wrapping ErrBase64Content when the text is not Base64.
func (e *Entry) ContentBytes() ([]byte, error) {
	if e.priv == nil || !e.priv.base64Content || e.Content == nil {
		return nil, nil
	}
	return decodeBase64Content(e.Content.String())
}

// decodeBase64Content decodes s, Base64 with space characters anywhere
// and its padding optional.
func decodeBase64Content(s string) ([]byte, error) {
	clean := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t', '\n', '\r', '\f':
		default:
			clean = append(clean, c)
		}
	}
	enc := base64.StdEncoding
	if len(clean)%4 != 0 {
		enc = base64.RawStdEncoding
	}
	out := make([]byte, enc.DecodedLen(len(clean)))
	n, err := enc.Decode(out, clean)
	if err != nil {
		var ce base64.CorruptInputError
		if errors.As(err, &ce) {
			return nil, fmt.Errorf("%w: byte %d of the text (spaces left out) is not part of valid Base64", ErrBase64Content, int64(ce))
		}
		return nil, fmt.Errorf("%w: %v", ErrBase64Content, err)
	}
	return out[:n], nil
}

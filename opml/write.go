package opml

import (
	"bufio"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/feedspec/feedspec/xml5"
)

// maxIndent is the deepest level Write indents: deeper outlines are
// written at that indentation, so that the output stays linear in the
// document's size however deep it nests.
const maxIndent = 32

// Write writes d as an OPML 2.0 document, streamed to w through a buffer
// (nothing is built in memory but the buffer and a stack as deep as the
// outlines nest). The document is declared UTF-8 and written in ASCII:
// every other character is a character reference (&#233; for é), so that
// no wrong charset label (a server's text/xml; charset=ISO-8859-1, a mail
// attachment's) and no encoding guess (Parse's own repairs of double-encoded
// UTF-8 included) can misread it; but the C1 controls (U+0080 to U+009F),
// which a reference would not give back (readers take &#150; for
// windows-1252's en dash, as HTML does), are written in UTF-8.
//
// Every outline is written with a text attribute, then title, type,
// xmlUrl, htmlUrl, description, language and version when not empty, then
// Attrs in order; the head with title, dateCreated, dateModified, ownerName
// and ownerEmail when not empty, then the elements of Head. Namespace
// declarations are written where the names need them. A string that holds
// bytes that are not UTF-8, or characters XML does not allow, is written
// with U+FFFD (&#65533;) in their place; tabs, newlines and carriage returns in
// attribute values are written as character references, so that they read
// back as they are.
//
// Parsing what Write wrote gives d again, for every Document Parse returns
// (with the same WithURL). Write returns an error wrapping
// ErrInvalidDocument for a Document it cannot write (a name that is not an
// XML name, an attribute given twice...), having written part of it; any
// error of w is returned too.
func (d *Document) Write(w io.Writer) error {
	if d == nil {
		return &wrapError{msg: errPrefix + "Write of a nil Document", errs: []error{ErrInvalidDocument}}
	}
	wr := &writer{
		w:     bufio.NewWriterSize(w, 16<<10),
		scope: map[string][]string{"xml": {xml5.XMLNamespace}},
	}
	wr.document(d)
	if wr.err == nil {
		wr.err = wr.w.Flush()
		if wr.err != nil {
			wr.err = wrap("writing", wr.err)
		}
	}
	return wr.err
}

// A writer writes a Document.
type writer struct {
	w   *bufio.Writer
	err error // the first error

	// scope maps each prefix ("" for the default namespace) to the
	// namespaces it is bound to by the open elements, the innermost last;
	// declared lists the prefixes they declared, in order, so that an
	// element's end undoes its own.
	scope    map[string][]string
	declared []string

	// Scratch for one start tag.
	decls []binding
	names []string
	seen  map[string]bool
}

// A binding is a namespace declaration a start tag writes.
type binding struct{ prefix, uri string }

// A pair is an attribute the writer has a field for: no namespace.
type pair struct{ name, value string }

// fail records an ErrInvalidDocument error.
func (w *writer) fail(msg string) {
	if w.err == nil {
		w.err = &wrapError{msg: errPrefix + "cannot write the document: " + msg, errs: []error{ErrInvalidDocument}}
	}
}

// str writes s as it is, unless an error came before.
func (w *writer) str(s string) {
	if w.err != nil {
		return
	}
	if _, err := w.w.WriteString(s); err != nil {
		w.err = wrap("writing", err)
	}
}

// indent starts a line at the given level.
func (w *writer) indent(level int) {
	const spaces = "                                                                " // 2*maxIndent
	w.str(spaces[:2*min(level, maxIndent)])
}

func (w *writer) document(d *Document) {
	w.str(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	rootDecls := w.start("opml", "", []pair{{"version", "2.0"}}, d.Attrs)
	w.str(">\n")

	w.indent(1)
	fields := [...]pair{{"title", d.Title}, {"dateCreated", d.DateCreated}, {"dateModified", d.DateModified},
		{"ownerName", d.OwnerName}, {"ownerEmail", d.OwnerEmail}}
	empty := len(d.Head) == 0
	for _, f := range fields {
		empty = empty && f.value == ""
	}
	if empty {
		w.str("<head/>\n")
	} else {
		w.str("<head>\n")
		for _, f := range fields {
			if f.value != "" {
				w.indent(2)
				w.str("<")
				w.str(f.name)
				w.str(">")
				w.text(f.value)
				w.str("</")
				w.str(f.name)
				w.str(">\n")
			}
		}
		for _, e := range d.Head {
			if e != nil && w.err == nil {
				w.indent(2)
				w.element(e)
				w.str("\n")
			}
		}
		w.indent(1)
		w.str("</head>\n")
	}

	w.indent(1)
	if len(d.Outlines) == 0 {
		w.str("<body/>\n")
	} else {
		w.str("<body>\n")
		w.outlines(d.Outlines)
		w.indent(1)
		w.str("</body>\n")
	}
	w.str("</opml>\n")
	w.pop(rootDecls)
}

// outlines writes the outlines of list and their descendants, one a line.
func (w *writer) outlines(list []*Outline) {
	var attrs [len(fieldNames)]pair
	var decls stack[int] // the declarations of each open outline
	walk(list, func(o *Outline, depth int) {
		a := attrs[:0]
		for f, name := range fieldNames {
			if v := *o.field(f); v != "" || f == 0 {
				a = append(a, pair{name, v})
			}
		}
		w.indent(depth + 2)
		n := w.start("outline", "", a, o.Attrs)
		if len(o.Children) == 0 {
			w.str("/>\n")
			w.pop(n)
			return
		}
		w.str(">\n")
		decls.push(n)
	}, func(o *Outline, depth int) {
		w.indent(depth + 2)
		w.str("</outline>\n")
		w.pop(*decls.top())
		decls.pop()
	})
}

// element writes e and its content on one line.
func (w *writer) element(e *Element) {
	type frame struct {
		e     *Element
		i     int
		decls int
	}
	var st stack[frame]
	open := func(e *Element) {
		n := w.start(e.Name, e.Namespace, nil, e.Attrs)
		if e.Text == "" && len(e.Children) == 0 {
			w.str("/>")
			w.pop(n)
			return
		}
		w.str(">")
		w.text(e.Text)
		st.push(frame{e: e, decls: n})
	}
	open(e)
	for st.len() > 0 && w.err == nil {
		top := st.top()
		if top.i >= len(top.e.Children) {
			w.str("</")
			w.str(top.e.Name)
			w.str(">")
			w.pop(top.decls)
			st.pop()
			continue
		}
		c := top.e.Children[top.i]
		top.i++
		if c != nil {
			open(c)
		}
	}
}

// lookup returns the namespace prefix is bound to in scope ("" for none).
func (w *writer) lookup(prefix string) string {
	if s := w.scope[prefix]; len(s) > 0 {
		return s[len(s)-1]
	}
	return ""
}

// pop undoes the last n declarations.
func (w *writer) pop(n int) {
	for ; n > 0; n-- {
		p := w.declared[len(w.declared)-1]
		w.declared = w.declared[:len(w.declared)-1]
		s := w.scope[p]
		w.scope[p] = s[:len(s)-1]
	}
}

// need makes sure prefix is bound to uri for the start tag being written:
// in scope already, or declared by it. It fails when the tag binds prefix
// to another namespace already.
func (w *writer) need(prefix, uri, name string) {
	for _, b := range w.decls {
		if b.prefix == prefix {
			if b.uri != uri {
				w.fail("the prefix of " + quoteCut(name) + " is bound to two namespaces in one element")
			}
			return
		}
	}
	if w.lookup(prefix) != uri {
		w.decls = append(w.decls, binding{prefix, uri})
	}
}

// start writes a start tag without its end ("/>" or ">"): the element's
// name in namespace ns, the declarations its names need, the attributes
// fixed (in no namespace) and attrs. It returns how many declarations it
// pushed on the scope, for pop.
func (w *writer) start(name, ns string, fixed []pair, attrs []Attr) int {
	if w.err != nil {
		return 0
	}
	w.decls = w.decls[:0]
	if p := nameProblem(name, ns, false); p != "" {
		w.fail("the element name " + quoteCut(name) + " " + p)
		return 0
	}
	prefix, _, _ := splitQName(name)
	switch {
	case prefix == "":
		if w.lookup("") != ns {
			w.decls = append(w.decls, binding{"", ns})
		}
	case prefix != "xml" && ns != "":
		w.need(prefix, ns, name)
	}

	w.names = w.names[:0]
	for _, f := range fixed {
		w.names = append(w.names, f.name)
	}
	for i := range attrs {
		a := &attrs[i]
		if p := nameProblem(a.Name, a.Namespace, true); p != "" {
			w.fail("the attribute name " + quoteCut(a.Name) + " " + p + " (Write writes the declarations)")
		} else if p, _, _ := splitQName(a.Name); p != "" && p != "xml" && a.Namespace != "" {
			w.need(p, a.Namespace, a.Name)
		}
		w.names = append(w.names, a.Name)
	}
	if w.err == nil && w.duplicate() {
		return 0
	}
	if w.err != nil {
		return 0
	}

	w.str("<")
	w.str(name)
	for _, b := range w.decls {
		if b.prefix == "" {
			w.attr("xmlns", "", b.uri)
		} else {
			w.attr("xmlns:", b.prefix, b.uri)
		}
		w.scope[b.prefix] = push(w.scope[b.prefix], b.uri)
		w.declared = push(w.declared, b.prefix)
	}
	for _, f := range fixed {
		w.attr(f.name, "", f.value)
	}
	for i := range attrs {
		w.attr(attrs[i].Name, "", attrs[i].Value)
	}
	return len(w.decls)
}

// attr writes ` name="value"`, name being qual followed by local.
func (w *writer) attr(qual, local, value string) {
	w.str(" ")
	w.str(qual)
	w.str(local)
	w.str(`="`)
	w.attrValue(value)
	w.str(`"`)
}

// duplicate reports (and fails on) a name given twice in w.names.
func (w *writer) duplicate() bool {
	names := w.names
	if len(names) <= 16 {
		for i := 1; i < len(names); i++ {
			for j := 0; j < i; j++ {
				if names[i] == names[j] {
					w.fail("the attribute " + quoteCut(names[i]) + " is given twice")
					return true
				}
			}
		}
		return false
	}
	if w.seen == nil {
		w.seen = map[string]bool{}
	}
	clear(w.seen)
	for _, n := range names {
		if w.seen[n] {
			w.fail("the attribute " + quoteCut(n) + " is given twice")
			return true
		}
		w.seen[n] = true
	}
	return false
}

// attrValue writes s escaped for an attribute value in double quotes.
func (w *writer) attrValue(s string) { w.escape(s, true) }

// text writes s escaped for character data.
func (w *writer) text(s string) { w.escape(s, false) }

// escape writes s with the markup characters escaped (and, in an
// attribute, the white space that attribute-value normalization would
// turn into spaces), every other character than ASCII as a character
// reference, and invalid UTF-8 and characters XML does not allow as
// U+FFFD's.
func (w *writer) escape(s string, attr bool) {
	last := 0
	for i := 0; i < len(s); {
		c := s[i]
		var rep string
		n := 1
		switch {
		case c >= 0x80:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r <= 0x9F {
				// A C1 control, written as it is: a reader takes
				// &#150; for windows-1252's en dash, as HTML does
				// (Parse too). Alone, its bytes never look like
				// UTF-8 encoded twice.
				i += size
				continue
			}
			if r == utf8.RuneError && size == 1 || !isXMLChar(r) {
				r = utf8.RuneError
			}
			w.str(s[last:i])
			w.charRef(r)
			i += size
			last = i
			continue
		case c == '&':
			rep = "&amp;"
		case c == '<':
			rep = "&lt;"
		case c == '>':
			rep = "&gt;"
		case c == '"' && attr:
			rep = "&quot;"
		case c == '\r':
			rep = "&#13;"
		case c == '\n' && attr:
			rep = "&#10;"
		case c == '\t' && attr:
			rep = "&#9;"
		case c < 0x20 && c != '\n' && c != '\t':
			rep = "&#65533;"
		}
		if rep != "" {
			w.str(s[last:i])
			w.str(rep)
			last = i + n
		}
		i += n
	}
	w.str(s[last:])
}

// charRef writes r as a decimal character reference.
func (w *writer) charRef(r rune) {
	var b [16]byte
	out := append(strconv.AppendInt(append(b[:0], "&#"...), int64(r), 10), ';')
	if w.err != nil {
		return
	}
	if _, err := w.w.Write(out); err != nil {
		w.err = wrap("writing", err)
	}
}

// push appends v to the stack s, doubling its capacity when full (append
// grows a large slice by a quarter: the copies would then add up to four
// times the deepest stack instead of once).
func push[T any](s []T, v T) []T {
	if len(s) == cap(s) {
		t := make([]T, len(s), 2*cap(s)+8)
		copy(t, s)
		s = t
	}
	return append(s, v)
}

package opml

import (
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/xml5"
)

// Parse reads an OPML 1.0 or 2.0 document (see the package documentation
// for what it accepts beyond the specification).
//
// The document is parsed through xml5, so broken XML is never an error.
// Parse returns an error wrapping ErrNotOPML, and no Document, when the
// root element is not opml. It returns the Document read so far together
// with an error when reading r fails, or when the input reaches one of the
// limits (WithLimits): that error wraps feedspec.ErrLimit.
func Parse(r io.Reader, opts ...Option) (*Document, error) {
	var c config
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	xopts := []xml5.Option{xml5.WithLimits(xml5Limits(c.limits)), xml5.WithRecovery()}
	if c.url != "" {
		xopts = append(xopts, xml5.WithURL(c.url))
	}
	if c.diags != nil {
		xopts = append(xopts, xml5.WithErrors())
	}
	xd, err := xml5.Parse(r, xopts...)
	if err != nil {
		if errors.Is(err, xml5.ErrLimit) {
			err = wrap("", err)
		} else {
			err = wrap("reading the document", err)
		}
	}
	root := xd.Root()
	if root == nil || !strings.EqualFold(root.Local, "opml") {
		nerr := notOPML(root)
		if err != nil {
			return nil, &wrapError{msg: nerr.Error() + " (" + strings.TrimPrefix(err.Error(), errPrefix) + ")", errs: []error{ErrNotOPML, err}}
		}
		return nil, nerr
	}
	b := &builder{xd: xd, ns: root.Namespace, diags: c.diags}
	if c.diags != nil {
		b.res = newResolver(c.url)
		for _, e := range xd.Errors {
			*c.diags = append(*c.diags, feedspec.Diagnostic{Kind: feedspec.DiagnosticXML,
				Line: e.Line, Column: e.Column, Offset: e.Offset, Message: e.Code})
		}
		for _, r := range xd.Repairs {
			*c.diags = append(*c.diags, feedspec.Diagnostic{Kind: feedspec.DiagnosticRecovered,
				Line: r.Line, Column: r.Column, Offset: r.Offset, Message: r.Message})
		}
	}
	return b.document(root), err
}

// notOPML returns the error of a document whose root element is root (nil
// for none).
func notOPML(root *xml5.Node) error {
	what := "the document has no root element"
	if root != nil {
		what = "the root element is " + quoteCut(root.QualifiedName())
	}
	return &wrapError{msg: ErrNotOPML.Error() + ": " + what, errs: []error{ErrNotOPML}}
}

// fieldNames are the attributes an Outline has fields for, as the OPML
// specification spells them, in the order of the fields (field).
var fieldNames = [...]string{"text", "title", "type", "xmlUrl", "htmlUrl", "description", "language", "version"}

// field returns the field of o for fieldNames[i].
func (o *Outline) field(i int) *string {
	switch i {
	case 0:
		return &o.Text
	case 1:
		return &o.Title
	case 2:
		return &o.Type
	case 3:
		return &o.XMLURL
	case 4:
		return &o.HTMLURL
	case 5:
		return &o.Description
	case 6:
		return &o.Language
	}
	return &o.Version
}

// headFields returns the field of d a head element of the given local name
// fills, or nil.
func headField(d *Document, local string) *string {
	switch {
	case strings.EqualFold(local, "title"):
		return &d.Title
	case strings.EqualFold(local, "dateCreated"):
		return &d.DateCreated
	case strings.EqualFold(local, "dateModified"):
		return &d.DateModified
	case strings.EqualFold(local, "ownerName"):
		return &d.OwnerName
	case strings.EqualFold(local, "ownerEmail"):
		return &d.OwnerEmail
	}
	return nil
}

// A builder turns an xml5 tree into a Document. The outlines, their
// children's slices and their attributes are cut from blocks it allocates
// (a few allocations for the whole document), and it walks the tree with
// explicit stacks, never recursing with the depth of the document.
type builder struct {
	xd    *xml5.Document
	ns    string // the root element's namespace: OPML's in this document
	diags *[]feedspec.Diagnostic
	res   *resolver // with diagnostics: checks each outline's URLs

	slab  []Outline  // outlines not yet handed out
	kids  []*Outline // room for children slices
	attrs []Attr     // room for attribute slices

	ostack stack[outlineFrame]
	deep   bool // a feed deeper than maxFolders was reported
}

// An outlineFrame is an outline being read: the next child node to look
// at.
type outlineFrame struct {
	next *xml5.Node
	o    *Outline
}

// is reports whether n is the OPML element of the given name (compared
// without regard to case), in the root's namespace or in none.
func (b *builder) is(n *xml5.Node, local string) bool {
	return n.Type == xml5.ElementNode && (n.Namespace == b.ns || n.Namespace == "") &&
		len(n.Local) == len(local) && strings.EqualFold(n.Local, local)
}

// document reads the document whose root element is root.
func (b *builder) document(root *xml5.Node) *Document {
	d := &Document{URL: b.xd.URL}
	d.Attrs = b.attrList(root, true)
	// Room for the top-level outlines and the head's elements, counted
	// first: a slice grown by append would take up to twice the room.
	tops, heads := 0, 0
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case b.is(c, "head"):
			for h := c.FirstChild; h != nil; h = h.NextSibling {
				if h.Type == xml5.ElementNode {
					heads++
				}
			}
		case b.is(c, "body"):
			for o := c.FirstChild; o != nil; o = o.NextSibling {
				if b.is(o, "outline") {
					tops++
				}
			}
		case b.is(c, "outline"):
			tops++
		}
	}
	if tops > 0 {
		d.Outlines = make([]*Outline, 0, tops)
	}
	if heads > 0 {
		d.Head = make([]*Element, 0, heads)
	}
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != xml5.ElementNode {
			continue
		}
		switch {
		case b.is(c, "head"):
			b.head(d, c)
		case b.is(c, "body"):
			for o := c.FirstChild; o != nil; o = o.NextSibling {
				if o.Type != xml5.ElementNode {
					continue
				}
				if !b.is(o, "outline") {
					b.leftOut(o, "the body")
					continue
				}
				if t := b.tree(o); t != nil {
					d.Outlines = append(d.Outlines, t)
				}
			}
		case b.is(c, "outline"):
			b.diag(feedspec.DiagnosticRecovered, c, "", "", "an outline outside the body: read as the body's")
			if t := b.tree(c); t != nil {
				d.Outlines = append(d.Outlines, t)
			}
		default:
			b.leftOut(c, "the opml element")
		}
	}
	if len(d.Head) == 0 {
		d.Head = nil // nil when empty, whatever the head held
	}
	if len(d.Outlines) == 0 {
		d.Outlines = nil
	}
	return d
}

// head reads the elements of a head element into d.
func (b *builder) head(d *Document, h *xml5.Node) {
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != xml5.ElementNode {
			continue
		}
		if c.Namespace == b.ns || c.Namespace == "" {
			if f := headField(d, c.Local); f != nil && *f == "" {
				*f = b.clean(c, "", c.ChildTextContent())
				continue
			}
		}
		if e := b.element(c); e != nil {
			d.Head = append(d.Head, e)
		}
	}
}

// leftOut reports an element that is not read, in where.
func (b *builder) leftOut(n *xml5.Node, where string) {
	b.diag(feedspec.DiagnosticValue, n, "", "", "not an outline, in "+where+": left out with its content")
}

// diag records a diagnostic about the element n, when asked for.
func (b *builder) diag(kind feedspec.DiagnosticKind, n *xml5.Node, attr, value, msg string) {
	if b.diags == nil {
		return
	}
	line, col := b.xd.Position(n.Offset)
	*b.diags = append(*b.diags, feedspec.Diagnostic{Kind: kind, Line: line, Column: col, Offset: n.Offset,
		Element: n.QualifiedName(), Attr: attr, Value: value, Message: msg})
}

// clean returns s with the characters XML does not allow replaced
// (cleanText), reporting a change as a diagnostic about n's attribute attr
// ("" for its text).
func (b *builder) clean(n *xml5.Node, attr, s string) string {
	c, changed := cleanText(s)
	if changed {
		b.diag(feedspec.DiagnosticValue, n, attr, s, "characters XML does not allow: read as U+FFFD")
	}
	return c
}

// isDeclaration reports whether a is a namespace declaration (one xml5
// read as such; "xmlns:xmlns" is not one, and nameProblem refuses it).
func isDeclaration(a *xml5.Attr) bool {
	return a.Namespace == xml5.XMLNSNamespace || a.Prefix == "" && a.Local == "xmlns"
}

// attrList returns n's attributes but the namespace declarations (and,
// for the root, version in any case: Write writes its own), leaving out
// those whose name is not an XML name.
func (b *builder) attrList(n *xml5.Node, root bool) []Attr {
	count := 0
	for i := range n.Attr {
		if !isDeclaration(&n.Attr[i]) {
			count++
		}
	}
	if count == 0 {
		return nil
	}
	out := b.attrSlice(count)
	for i := range n.Attr {
		a := &n.Attr[i]
		if isDeclaration(a) || root && a.Prefix == "" && a.Namespace == "" && strings.EqualFold(a.Local, "version") {
			continue
		}
		out = b.appendAttr(out, n, a)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// appendAttr appends a, an attribute of n, to out, unless its name is not
// an XML name.
func (b *builder) appendAttr(out []Attr, n *xml5.Node, a *xml5.Attr) []Attr {
	name := a.Name()
	if p := nameProblem(name, a.Namespace, true); p != "" {
		b.diag(feedspec.DiagnosticValue, n, name, a.Value, "an attribute whose name "+p+": left out")
		return out
	}
	return append(out, Attr{Name: name, Namespace: a.Namespace, Value: b.clean(n, name, a.Value)})
}

// attrSlice returns an empty slice of capacity n cut from the builder's
// block of attributes.
func (b *builder) attrSlice(n int) []Attr {
	if n > cap(b.attrs)-len(b.attrs) {
		b.attrs = make([]Attr, 0, max(n, min(2*cap(b.attrs), 4096), 64))
	}
	s := b.attrs[len(b.attrs) : len(b.attrs) : len(b.attrs)+n]
	b.attrs = b.attrs[:len(b.attrs)+n]
	return s
}

// kidSlice returns an empty slice of capacity n cut from the builder's
// block of outline pointers.
func (b *builder) kidSlice(n int) []*Outline {
	if n > cap(b.kids)-len(b.kids) {
		b.kids = make([]*Outline, 0, max(n, min(2*cap(b.kids), 8192), 64))
	}
	s := b.kids[len(b.kids) : len(b.kids) : len(b.kids)+n]
	b.kids = b.kids[:len(b.kids)+n]
	return s
}

// newOutline returns a new Outline, cut from the builder's block.
func (b *builder) newOutline() *Outline {
	if len(b.slab) == 0 {
		b.slab = make([]Outline, 256)
	}
	o := &b.slab[0]
	b.slab = b.slab[1:]
	return o
}

// tree reads the outline element n and every outline inside it. The
// outline's depth is the number of outlines it is in.
func (b *builder) tree(n *xml5.Node) *Outline {
	root := b.outline(n, 0)
	st := &b.ostack
	st.push(outlineFrame{next: n.FirstChild, o: root})
	for st.len() > 0 {
		top := st.top()
		c := top.next
		if c == nil {
			st.pop()
			continue
		}
		top.next = c.NextSibling
		if c.Type != xml5.ElementNode {
			continue
		}
		if !b.is(c, "outline") {
			b.leftOut(c, "an outline")
			continue
		}
		o := b.outline(c, st.len())
		top.o.Children = append(top.o.Children, o)
		if c.FirstChild != nil {
			st.push(outlineFrame{next: c.FirstChild, o: o})
		}
	}
	return root
}

// outline reads the outline element n, without its children (its
// Children slice is made room for), at the given depth.
func (b *builder) outline(n *xml5.Node, depth int) *Outline {
	o := b.newOutline()
	kids := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if b.is(c, "outline") {
			kids++
		}
	}
	if kids > 0 {
		o.Children = b.kidSlice(kids)
	}

	// The fields: the attribute spelled as the specification spells it,
	// when not empty, else the first other spelling that is not empty
	// (chosen holds index+1). The other spellings are kept in Attrs, but
	// an empty attribute spelled as the specification does, which gives
	// the field's value "" as its absence does: so that a Document written
	// (where an empty field has no attribute, but text) reads back the
	// same.
	var exact, other [len(fieldNames)]int
	for i := range n.Attr {
		a := &n.Attr[i]
		if a.Prefix != "" || a.Namespace != "" {
			continue
		}
		for f, name := range fieldNames {
			if len(a.Local) == len(name) && strings.EqualFold(a.Local, name) {
				if a.Local == name {
					exact[f] = i + 1
				} else if other[f] == 0 && a.Value != "" {
					other[f] = i + 1
				}
				break
			}
		}
	}
	var chosen, dropped [len(fieldNames)]int
	taken := 0
	for f := range chosen {
		switch {
		case exact[f] != 0 && n.Attr[exact[f]-1].Value != "":
			chosen[f] = exact[f]
		case exact[f] != 0:
			dropped[f] = exact[f]
			taken++
			chosen[f] = other[f]
		default:
			chosen[f] = other[f]
		}
		if chosen[f] != 0 {
			a := &n.Attr[chosen[f]-1]
			*o.field(f) = b.clean(n, a.Local, a.Value)
			taken++
		}
	}
	rest := 0
	for i := range n.Attr {
		if !isDeclaration(&n.Attr[i]) {
			rest++
		}
	}
	if rest -= taken; rest > 0 {
		o.Attrs = b.attrSlice(rest)
	attrs:
		for i := range n.Attr {
			a := &n.Attr[i]
			if isDeclaration(a) {
				continue
			}
			for f, c := range chosen {
				if c == i+1 || dropped[f] == i+1 {
					continue attrs
				}
			}
			o.Attrs = b.appendAttr(o.Attrs, n, a)
		}
		if len(o.Attrs) == 0 {
			o.Attrs = nil
		}
	}

	if b.res != nil {
		b.check(n, o, depth, kids > 0)
	}
	return o
}

// check reports what Subscriptions will leave out of the outline o, read
// from n at the given depth; folder tells that o has outlines inside (an
// outline of type rss without a feed URL is then a folder, as some
// readers write them, and not worth a diagnostic).
func (b *builder) check(n *xml5.Node, o *Outline, depth int, folder bool) {
	v := b.res.outline(o)
	if v.feedWhy != "" && (v.feedAttr != "" || !folder) {
		kind := feedspec.DiagnosticURL
		if v.feedAttr == "" {
			kind = feedspec.DiagnosticValue
		}
		b.diag(kind, n, v.feedAttr, v.feedValue, v.feedWhy+": not a subscription")
	}
	if v.pageWhy != "" {
		b.diag(feedspec.DiagnosticURL, n, "htmlUrl", o.HTMLURL, v.pageWhy+": the subscription has no page URL")
	}
	if v.feed != "" && depth > maxFolders && !b.deep {
		b.deep = true
		b.diag(feedspec.DiagnosticLimit, n, "", "", "a feed in "+strconv.Itoa(depth)+
			" outlines: its Folders lists the "+strconv.Itoa(maxFolders)+" outermost (and so do those of deeper feeds)")
		d := &(*b.diags)[len(*b.diags)-1]
		d.Err = &feedspec.LimitError{Limit: "Folders", Value: maxFolders, Line: d.Line, Offset: int64(d.Offset)}
	}
}

// element reads the element n of the head, and its content, into an
// Element; nil when n's name is not an XML name.
func (b *builder) element(n *xml5.Node) *Element {
	root := b.newElement(n)
	if root == nil {
		return nil
	}
	type frame struct {
		next *xml5.Node
		e    *Element
		buf  []byte // the text, once a second text node came
		n    int    // text nodes read
		node *xml5.Node
	}
	var st stack[frame]
	st.push(frame{next: n.FirstChild, e: root, node: n})
	for st.len() > 0 {
		top := st.top()
		c := top.next
		if c == nil {
			e := top.e
			if top.n > 1 {
				e.Text = string(top.buf)
			}
			if len(e.Children) > 0 && strings.TrimLeft(e.Text, " \t\n\r") == "" {
				e.Text = ""
			}
			e.Text = b.clean(top.node, "", e.Text)
			st.pop()
			continue
		}
		top.next = c.NextSibling
		switch c.Type {
		case xml5.TextNode:
			switch top.n {
			case 0:
				top.e.Text = c.Data
			case 1:
				top.buf = appendText(appendText(nil, top.e.Text), c.Data)
			default:
				top.buf = appendText(top.buf, c.Data)
			}
			top.n++
		case xml5.ElementNode:
			if e := b.newElement(c); e != nil {
				top.e.Children = push(top.e.Children, e)
				st.push(frame{next: c.FirstChild, e: e, node: c})
			}
		}
	}
	return root
}

// newElement returns the Element of n without its content; nil when n's
// name is not an XML name.
func (b *builder) newElement(n *xml5.Node) *Element {
	name := n.QualifiedName()
	if p := nameProblem(name, n.Namespace, false); p != "" {
		b.diag(feedspec.DiagnosticValue, n, "", "", "an element whose name "+p+": left out with its content")
		return nil
	}
	ns := n.Namespace
	if n.Prefix == "" && ns == b.ns {
		ns = "" // OPML's own namespace, whatever the root said it is
	}
	return &Element{Name: name, Namespace: ns, Attrs: b.attrList(n, false)}
}

// appendText appends s to b, doubling b's capacity when it is too small.
func appendText(b []byte, s string) []byte {
	if cap(b)-len(b) < len(s) {
		t := make([]byte, len(b), 2*cap(b)+len(s))
		copy(t, b)
		b = t
	}
	return append(b, s...)
}

package htmltoken

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"sync"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The cost of a fragment's tree, in bytes, as FragmentTreeCost counts it:
// about what golang.org/x/net/html allocates for the tree, and what
// serializing it writes.
const (
	// CostNode is the cost of each element, comment and text node the
	// tree builder makes (an html.Node is 104 bytes, allocated in the
	// runtime's 112-byte size class), to which a text node and a comment
	// add their data's bytes.
	CostNode = 112
	// CostAttr is the cost of each attribute an element is made with (an
	// html.Attribute is 48 bytes), to which its key's and value's bytes
	// are added: a copy of a formatting element the tree builder makes
	// shares the strings but serializes them again.
	CostAttr = 48
	// CostAttrMerge is the cost, for each attribute the element ends
	// with, of an html or body start tag with attributes whose attributes
	// the tree builder adds to the html (or body) element: x/net/html
	// builds a map of all of them each time.
	CostAttrMerge = 128
)

// TreeBudget returns the cost budget of the tree of a fragment of n bytes:
// 16 bytes a byte, and as much again up to 256 KiB (at least 1 KiB), so
// that a short text may be denser and no text of the corpus comes within
// 15% of its budget. So a text of n bytes costs at most 32n + 1 KiB, and
// one of 16 KiB or more at most 16n + 256 KiB.
func TreeBudget(n int) int64 {
	rate := budgetRate * int64(n)
	return rate + min(max(rate, budgetSlackMin), budgetSlackMax)
}

// The terms of TreeBudget.
const (
	budgetRate     = 16
	budgetSlackMin = 1 << 10
	budgetSlackMax = 256 << 10
)

// A TreeCost is what FragmentTreeCost finds about a fragment.
type TreeCost struct {
	// Cut is the length of the longest prefix of the source, ending where
	// a token ends, whose tree's cost is within the budget: the source's
	// length when the whole tree is.
	Cut int
	// Cost is the cost of the tree of src[:Cut].
	Cost int64
	// Tokens is the number of tokens read (the one past the cut
	// included); Nodes is the number of nodes (elements, comments and
	// text nodes) the tree of src[:Cut] has, and Elements how many of
	// them are elements.
	Tokens, Nodes, Elements int
	// Overflow tells that x/net/html's parser fails on src[:Cut]: its
	// stack of open elements passes 512 (it then returns an error and no
	// nodes).
	Overflow bool
}

// FragmentTreeCost applies golang.org/x/net/html's tree construction rules
// (its insertion modes, the adoption agency algorithm, the reconstruction
// of active formatting elements, foster parenting, foreign content) to the
// tokens of src, as html.ParseFragment does in a div context (a body
// context, which parses the same, when scripting is set) with scripting
// enabled or not, without building the tree, and returns the cost of the
// tree it would build (CostNode, CostAttr, CostAttrMerge; joining a text
// to a text node costs the bytes of the joined text, which x/net/html
// copies), stopping at the first token that takes the cost past budget.
//
// It keeps what the rules read of the tree: the stack of open elements,
// the list of active formatting elements, and for each element that can
// still be inserted into, moved or foster-parented before, what its last
// child and its previous sibling are when they are text nodes. Its memory
// is bounded by the number of open and active formatting elements (at most
// about 512 each, x/net/html's limit), not by the tree's size; its time is
// linear in the tokens, as x/net/html's is, within a factor of the stack's
// depth.
func FragmentTreeCost(src string, budget int64, scripting bool) TreeCost {
	m := modelPool.Get().(*treeModel)
	defer modelPool.Put(m)
	fz := GetFast(src)
	fz.bare = true
	m.reset(scripting)
	tc, ok := m.run(fz, fz, len(src), budget)
	PutFast(fz)
	if ok {
		return tc
	}
	m.reset(scripting)
	tc, _ = m.run(html.NewTokenizerFragment(strings.NewReader(src), "div"), nil, len(src), budget)
	return tc
}

// modelPool holds treeModels, whose slices are reused.
var modelPool = sync.Pool{New: func() any { return new(treeModel) }}

// The namespaces of model elements.
const (
	nsHTML uint8 = iota
	nsSVG
	nsMath
)

// An eref refers to a model element: its index in treeModel.els and the
// generation the element had, so that a reference to an element whose
// slot was freed (an element no rule can reach any more) is told from one
// to the slot's next element. The zero eref refers to nothing.
type eref struct {
	id, gen int32
}

// A melem is what the model keeps of an element. Text nodes are not kept:
// an element records the length of its last child when that is a text
// node (lastText) and of its previous sibling when that is one (prevText),
// -1 otherwise; lastElem and prevElem, nextElem are the element children
// and siblings next to it with no node between.
type melem struct {
	gen  int32
	atom atom.Atom
	ns   uint8
	// name is the element's Data when it is not atom.String() (an
	// unknown HTML element, or a foreign one).
	name string
	// nattr and abytes are its attributes' number and bytes (keys and
	// values), which a copy of it costs; akey identifies its attributes
	// (a formatting element's, for the Noah's Ark clause).
	nattr, abytes, akey int32
	// hip: it is an HTML integration point.
	hip bool
	// onStack and inAFE count its entries in the stack of open elements
	// and the list of active formatting elements; pinned that the head
	// or form element pointer refers to it. An element in neither and
	// not pinned is freed: no rule reaches it any more.
	onStack, inAFE int16
	pinned         bool
	// nchild counts its children.
	nchild                               int32
	parent, prevElem, nextElem, lastElem eref
	prevText, lastText                   int64
}

// Insertion modes.
type imode uint8

const (
	imInBody imode = iota
	imText
	imInTable
	imInCaption
	imInColumnGroup
	imInTableBody
	imInRow
	imInCell
	imInTemplate
	imInHead
	imInHeadNoscript
	imBeforeHead
	imAfterHead
	imAfterBody
	imInFrameset
	imAfterFrameset
	imAfterAfterBody
	imAfterAfterFrameset
	imIgnoreAll
	imNone
)

// A mtok is the token the model applies (x/net/html's parser's p.tok).
type mtok struct {
	tt          html.TokenType
	atom        atom.Atom
	name        string // lower-case tag name (x/net/html's Data)
	selfClosing bool
	// attrs are the tag's attributes (valid until the next token), read
	// on first use (tokAttrs) when lazy; nattr and abytes are their
	// number and bytes.
	attrs         [][2][]byte
	lazy          bool
	nattr, abytes int
	// text is a text token's or comment's data.
	text []byte
}

// A treeModel applies the tree construction rules to tokens.
type treeModel struct {
	els  []melem
	free []int32
	// stack is the stack of open elements (stack[0] the html root), afe
	// the list of active formatting elements (a zero eref is a marker).
	stack     []eref
	afe       []eref
	templates []imode
	im, orig  imode
	fostering bool
	framesetOK,
	scripting bool
	head, form       eref
	headSet, formSet bool
	root, doc        eref

	tok     mtok
	attrBuf [][2][]byte
	// z is the tokenizer, for the attributes read on first use.
	z Tokenizer
	// rawOff: the rules asked the tokenizer not to read the next text as
	// raw text (NextIsNotRawText).
	rawOff bool
	// failed: x/net/html's parser fails (a stack of more than 512 open
	// elements, or a state it panics on).
	failed bool

	cost      int64
	textTotal int64
	nodes     int
	elements  int
	// attrSets holds formatting elements' attributes, sorted, as the
	// spans attrEnds lists (attrKey); names the names of elements whose
	// Data is not an atom's.
	attrSets []byte
	attrEnds [][2]int32
	names    map[string]string
	// merged holds the keys the html and body elements have (copyAttributes).
	merged map[eref]map[string]struct{}

	// For the tests, the costs that leave no trace in the fragment's
	// tree: joinCost is what joining texts cost, joinBytes the bytes
	// joined; mergeCost what copyAttributes cost, bodyMerged that it
	// added attributes to a body element; outsideCost what nodes outside
	// the fragment cost (1 for a body element taken out of the tree).
	joinCost, joinBytes, mergeCost, outsideCost int64
	bodyMerged                                  bool
}

// reset makes m a model of a new fragment parse.
func (m *treeModel) reset(scripting bool) {
	m.els = m.els[:0]
	m.free = m.free[:0]
	m.stack = m.stack[:0]
	m.afe = m.afe[:0]
	m.templates = m.templates[:0]
	m.im, m.orig = imInBody, imNone
	m.fostering, m.framesetOK, m.scripting = false, false, scripting
	m.head, m.form, m.headSet, m.formSet = eref{}, eref{}, false, false
	m.tok = mtok{}
	m.rawOff, m.failed = false, false
	m.cost, m.textTotal, m.nodes, m.elements = 0, 0, 0, 0
	if cap(m.attrSets) > 64<<10 {
		m.attrSets = nil
	}
	m.attrSets, m.attrEnds = m.attrSets[:0], m.attrEnds[:0]
	if len(m.names) > 1024 {
		m.names = nil
	}
	clear(m.names)
	m.merged = nil
	m.joinCost, m.joinBytes, m.mergeCost, m.outsideCost, m.bodyMerged = 0, 0, 0, 0, false
	// Slot 0 is never used, so that the zero eref refers to nothing.
	m.els = append(m.els, melem{gen: -1})
	m.doc = m.alloc()
	m.el(m.doc).pinned = true
	m.root = m.alloc()
	r := m.el(m.root)
	r.atom, r.pinned = atom.Html, true
	m.appendChild(m.doc, m.root)
	m.stack = append(m.stack, m.root)
	r.onStack = 1
}

// run reads the tokens of a source of n bytes from z (fz when it is a
// Fast) and applies them, up to the token that takes the cost past budget.
// It reports false when the Fast gave up.
func (m *treeModel) run(z Tokenizer, fz *Fast, n int, budget int64) (TreeCost, bool) {
	xz, _ := z.(*html.Tokenizer)
	tokens, off := 0, 0
	for {
		if xz != nil {
			top := m.topElem()
			xz.AllowCDATA(top != nil && top.ns != nsHTML)
		}
		tt := z.Next()
		var start int
		if fz != nil {
			start = fz.rawA
		} else {
			start = off
			off += len(z.Raw())
		}
		if tt == html.ErrorToken && z.Err() != io.EOF {
			return TreeCost{}, false
		}
		m.readToken(z, tt)
		if fz != nil && fz.err == ErrGaveUp {
			return TreeCost{}, false
		}
		tokens++
		before, nodes, elements := m.cost, m.nodes, m.elements
		m.process()
		if fz != nil && fz.err == ErrGaveUp {
			// On an attribute's value.
			return TreeCost{}, false
		}
		if m.failed {
			return TreeCost{Cut: n, Cost: m.cost, Tokens: tokens, Nodes: m.nodes, Elements: m.elements, Overflow: true}, true
		}
		if tt == html.ErrorToken {
			return TreeCost{Cut: n, Cost: m.cost, Tokens: tokens, Nodes: m.nodes, Elements: m.elements}, true
		}
		if m.cost > budget {
			// The tree of src[:start] is the tree before this token
			// (the end of the input adds no node in the insertion
			// modes a fragment in a div context reaches but those
			// reached through a foreign html element, which add a head
			// and a body element at most).
			return TreeCost{Cut: start, Cost: before, Tokens: tokens, Nodes: nodes, Elements: elements}, true
		}
		if m.rawOff {
			m.rawOff = false
			if fz != nil {
				if fz.rawTag != "" {
					// A Fast has no way not to read it as raw text.
					return TreeCost{}, false
				}
			} else {
				z.NextIsNotRawText()
			}
		}
	}
}

// readToken makes m.tok the token z just read.
func (m *treeModel) readToken(z Tokenizer, tt html.TokenType) {
	t := &m.tok
	*t = mtok{tt: tt, attrs: m.attrBuf[:0]}
	switch tt {
	case html.TextToken, html.CommentToken:
		t.text = z.Text()
	case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
		if tt == html.SelfClosingTagToken {
			t.tt, t.selfClosing = html.StartTagToken, true
		}
		name, more := z.TagName()
		t.atom = LookupAtom(name)
		if t.atom != 0 {
			t.name = t.atom.String()
		} else {
			t.name = m.intern(name)
		}
		if fz, ok := z.(*Fast); ok && more && fz.attrsMeasured(&t.nattr, &t.abytes) {
			// Read only when a rule needs them (tokAttrs).
			t.lazy = true
			m.z = z
			return
		}
		for more {
			var k, v []byte
			k, v, more = z.TagAttr()
			t.attrs = append(t.attrs, [2][]byte{k, v})
			t.abytes += len(k) + len(v)
		}
		t.nattr = len(t.attrs)
		m.attrBuf = t.attrs[:0]
	}
}

// tokAttrs returns the current token's attributes, reading them when
// they are still to be read.
func (m *treeModel) tokAttrs() [][2][]byte {
	t := &m.tok
	if t.lazy {
		t.lazy = false
		for more := true; more; {
			var k, v []byte
			k, v, more = m.z.TagAttr()
			t.attrs = append(t.attrs, [2][]byte{k, v})
		}
		m.attrBuf = t.attrs[:0]
	}
	return t.attrs
}

// intern returns name as a string, allocated once per name.
func (m *treeModel) intern(name []byte) string {
	if s, ok := m.names[string(name)]; ok {
		return s
	}
	if m.names == nil {
		m.names = make(map[string]string)
	}
	s := string(name)
	m.names[s] = s
	return s
}

// process applies the current token until it is consumed
// (parseCurrentToken).
func (m *treeModel) process() {
	for n := 0; !m.failed; n++ {
		if n > 64 {
			// The rules reprocess a token a few times at most; a loop
			// would be a state x/net/html never leaves.
			m.failed = true
			return
		}
		var done bool
		if m.inForeignContent() {
			done = m.foreign()
		} else {
			done = m.mode(m.im)
		}
		if done {
			return
		}
	}
}

// mode applies the current token in insertion mode im.
func (m *treeModel) mode(im imode) bool {
	switch im {
	case imInBody:
		return m.inBody()
	case imText:
		return m.text()
	case imInTable:
		return m.inTable()
	case imInCaption:
		return m.inCaption()
	case imInColumnGroup:
		return m.inColumnGroup()
	case imInTableBody:
		return m.inTableBody()
	case imInRow:
		return m.inRow()
	case imInCell:
		return m.inCell()
	case imInTemplate:
		return m.inTemplate()
	case imInHead:
		return m.inHead()
	case imInHeadNoscript:
		return m.inHeadNoscript()
	case imBeforeHead:
		return m.beforeHead()
	case imAfterHead:
		return m.afterHead()
	case imAfterBody:
		return m.afterBody()
	case imInFrameset, imAfterFrameset:
		return m.inFrameset(im == imAfterFrameset)
	case imAfterAfterBody:
		return m.afterAfterBody()
	case imAfterAfterFrameset:
		return m.afterAfterFrameset()
	case imIgnoreAll:
		return true
	}
	m.failed = true
	return true
}

// implied applies a token the rules imply (parseImpliedToken): no
// attributes, not self-closing.
func (m *treeModel) implied(tt html.TokenType, a atom.Atom) {
	saved := m.tok
	m.tok = mtok{tt: tt, atom: a, name: a.String()}
	m.process()
	m.tok = saved
}

// Elements.

func (m *treeModel) el(r eref) *melem {
	if r.id <= 0 || int(r.id) >= len(m.els) {
		return nil
	}
	e := &m.els[r.id]
	if e.gen != r.gen {
		return nil
	}
	return e
}

// alloc returns a new element.
func (m *treeModel) alloc() eref {
	var id int32
	if n := len(m.free); n > 0 {
		id = m.free[n-1]
		m.free = m.free[:n-1]
	} else {
		m.els = append(m.els, melem{})
		id = int32(len(m.els) - 1)
	}
	gen := m.els[id].gen
	m.els[id] = melem{gen: gen, prevText: -1, lastText: -1}
	return eref{id, gen}
}

// release frees r's element when no rule reaches it any more.
func (m *treeModel) release(r eref) {
	e := m.el(r)
	if e == nil || e.onStack > 0 || e.inAFE > 0 || e.pinned {
		return
	}
	e.gen++
	m.free = append(m.free, r.id)
}

// newElement returns an element for the current token (addElement), its
// cost counted.
func (m *treeModel) newElement() eref {
	t := &m.tok
	r := m.alloc()
	e := m.el(r)
	e.atom, e.nattr, e.abytes = t.atom, int32(t.nattr), int32(t.abytes)
	if t.atom == 0 || t.name != t.atom.String() {
		e.name = t.name
	}
	m.count(e)
	return r
}

// cloneOf returns a copy of r's element (html.Node's clone: its type,
// atom, Data and attributes, in the HTML namespace).
func (m *treeModel) cloneOf(r eref) eref {
	c := m.alloc()
	src, e := m.el(r), m.el(c)
	e.atom, e.name, e.nattr, e.abytes, e.akey = src.atom, src.name, src.nattr, src.abytes, src.akey
	m.count(e)
	return c
}

// count adds the cost of making the element e.
func (m *treeModel) count(e *melem) {
	m.cost += CostNode + CostAttr*int64(e.nattr) + int64(e.abytes)
	m.nodes++
	m.elements++
}

// data returns e's Data.
func (e *melem) data() string {
	if e.name != "" || e.atom == 0 {
		return e.name
	}
	return e.atom.String()
}

// special reports whether e is in the special category (isSpecialElement).
func (e *melem) special() bool {
	switch e.ns {
	case nsHTML:
		return e.name == "" && isSpecialAtom(e.atom)
	case nsMath:
		switch e.data() {
		case "mi", "mo", "mn", "ms", "mtext", "annotation-xml":
			return true
		}
	case nsSVG:
		switch e.data() {
		case "foreignObject", "desc", "title":
			return true
		}
	}
	return false
}

// mathTextPoint reports whether e is a MathML text integration point.
func (e *melem) mathTextPoint() bool {
	if e.ns != nsMath {
		return false
	}
	switch e.data() {
	case "mi", "mo", "mn", "ms", "mtext":
		return true
	}
	return false
}

// isSpecialAtom reports whether an HTML element named a is special
// (x/net/html's list).
func isSpecialAtom(a atom.Atom) bool {
	switch a {
	case atom.Address, atom.Applet, atom.Area, atom.Article, atom.Aside, atom.Base,
		atom.Basefont, atom.Bgsound, atom.Blockquote, atom.Body, atom.Br, atom.Button,
		atom.Caption, atom.Center, atom.Col, atom.Colgroup, atom.Dd, atom.Details,
		atom.Dir, atom.Div, atom.Dl, atom.Dt, atom.Embed, atom.Fieldset, atom.Figcaption,
		atom.Figure, atom.Footer, atom.Form, atom.Frame, atom.Frameset, atom.H1, atom.H2,
		atom.H3, atom.H4, atom.H5, atom.H6, atom.Head, atom.Header, atom.Hgroup, atom.Hr,
		atom.Html, atom.Iframe, atom.Img, atom.Input, atom.Keygen, atom.Li, atom.Link,
		atom.Listing, atom.Main, atom.Marquee, atom.Menu, atom.Meta, atom.Nav,
		atom.Noembed, atom.Noframes, atom.Noscript, atom.Object, atom.Ol, atom.P,
		atom.Param, atom.Plaintext, atom.Pre, atom.Script, atom.Section, atom.Select,
		atom.Source, atom.Style, atom.Summary, atom.Table, atom.Tbody, atom.Td,
		atom.Template, atom.Textarea, atom.Tfoot, atom.Th, atom.Thead, atom.Title,
		atom.Tr, atom.Track, atom.Ul, atom.Wbr, atom.Xmp:
		return true
	}
	return false
}

// The tree: where nodes go.

// appendChild appends the element c to p's children (AppendChild).
func (m *treeModel) appendChild(p, c eref) {
	e := m.el(c)
	e.parent, e.nextElem = p, eref{}
	pe := m.el(p)
	if pe == nil {
		e.prevText, e.prevElem = -1, eref{}
		return
	}
	if pe.lastText >= 0 {
		e.prevText, e.prevElem = pe.lastText, eref{}
	} else {
		e.prevText, e.prevElem = -1, pe.lastElem
		if l := m.el(pe.lastElem); l != nil {
			l.nextElem = c
		}
	}
	pe.lastElem, pe.lastText = c, -1
	pe.nchild++
}

// appendOther appends a comment to p's children, or a text node when
// text >= 0 (AppendChild, which never joins text nodes).
func (m *treeModel) appendOther(p eref, text int64) {
	pe := m.el(p)
	if pe == nil {
		return
	}
	if l := m.el(pe.lastElem); l != nil && pe.lastText < 0 {
		l.nextElem = eref{}
	}
	pe.lastElem, pe.lastText = eref{}, text
	pe.nchild++
}

// insertBefore inserts the element c before the element t, a child of its
// parent (InsertBefore).
func (m *treeModel) insertBefore(c, t eref) {
	e, te := m.el(c), m.el(t)
	e.parent = te.parent
	e.prevText, e.prevElem, e.nextElem = te.prevText, te.prevElem, t
	if te.prevText < 0 {
		if p := m.el(te.prevElem); p != nil {
			p.nextElem = c
		}
	}
	te.prevText, te.prevElem = -1, c
	if pe := m.el(te.parent); pe != nil {
		pe.nchild++
	}
}

// insertOtherBefore inserts a comment, or a text node when text >= 0,
// before the element t.
func (m *treeModel) insertOtherBefore(t eref, text int64) {
	te := m.el(t)
	if te.prevText < 0 {
		if p := m.el(te.prevElem); p != nil {
			p.nextElem = eref{}
		}
	}
	te.prevText, te.prevElem = text, eref{}
	if pe := m.el(te.parent); pe != nil {
		pe.nchild++
	}
}

// detach removes the element c from its parent (RemoveChild).
func (m *treeModel) detach(c eref) {
	e := m.el(c)
	pe := m.el(e.parent)
	if x := m.el(e.nextElem); x != nil && x.prevElem == c && x.prevText < 0 {
		x.prevElem, x.prevText = e.prevElem, e.prevText
		if e.prevText < 0 {
			if p := m.el(e.prevElem); p != nil {
				p.nextElem = e.nextElem
			}
		}
	} else {
		if pe != nil && pe.lastElem == c && pe.lastText < 0 {
			pe.lastElem, pe.lastText = e.prevElem, e.prevText
			if e.prevText >= 0 {
				pe.lastElem = eref{}
			}
		}
		if e.prevText < 0 {
			if p := m.el(e.prevElem); p != nil {
				p.nextElem = eref{}
			}
		}
	}
	if pe != nil {
		pe.nchild--
	}
	e.parent, e.prevElem, e.nextElem, e.prevText = eref{}, eref{}, eref{}, -1
}

// addText inserts text of n bytes where the rules put it (addText).
func (m *treeModel) addText(n int64) {
	if n == 0 {
		return
	}
	if m.shouldFosterParent() {
		m.fosterText(n)
		return
	}
	m.textInto(m.top(), n)
}

// textInto appends text of n bytes to p's children, joining it to p's
// last child when that is a text node.
func (m *treeModel) textInto(p eref, n int64) {
	pe := m.el(p)
	m.textTotal += n
	if pe != nil && pe.lastText >= 0 {
		// x/net/html joins them into a new string.
		pe.lastText += n
		m.cost += pe.lastText
		m.joinCost += pe.lastText
		m.joinBytes += n
		return
	}
	m.cost += CostNode + n
	m.nodes++
	m.appendOther(p, n)
}

// addChild inserts the element c where the rules put it and opens it
// (addChild).
func (m *treeModel) addChild(c eref) {
	if m.shouldFosterParent() {
		m.fosterElement(c)
	} else {
		m.appendChild(m.top(), c)
	}
	m.push(c)
}

// addComment inserts a comment of n bytes where the rules put it.
func (m *treeModel) addComment(n int) {
	m.cost += CostNode + int64(n)
	m.nodes++
	if m.shouldFosterParent() {
		if t, tmpl := m.fosterTarget(); tmpl {
			m.appendOther(t, -1)
		} else if t.id != 0 {
			m.insertOtherBefore(t, -1)
		} else {
			m.appendOther(m.root, -1)
		}
		return
	}
	m.appendOther(m.top(), -1)
}

// addElement makes an element for the current token and inserts it.
func (m *treeModel) addElement() eref {
	c := m.newElement()
	m.addChild(c)
	return c
}

func (m *treeModel) shouldFosterParent() bool {
	if !m.fostering {
		return false
	}
	switch m.topElem().atom {
	case atom.Table, atom.Tbody, atom.Tfoot, atom.Thead, atom.Tr:
		return true
	}
	return false
}

// fosterTarget returns where foster parenting puts a node: before the
// last open table (tmpl false), or in the last open template when it is
// above that table (tmpl true); a zero eref with tmpl false when neither
// is open (the node goes to the html root).
func (m *treeModel) fosterTarget() (eref, bool) {
	ti, pi := -1, -1
	for i := len(m.stack) - 1; i >= 0; i-- {
		if m.el(m.stack[i]).atom == atom.Table {
			ti = i
			break
		}
	}
	for i := len(m.stack) - 1; i >= 0; i-- {
		if m.el(m.stack[i]).atom == atom.Template {
			pi = i
			break
		}
	}
	if pi >= 0 && (ti < 0 || pi > ti) {
		return m.stack[pi], true
	}
	if ti < 0 {
		return eref{}, false
	}
	return m.stack[ti], false
}

// fosterText inserts text of n bytes by foster parenting.
func (m *treeModel) fosterText(n int64) {
	t, tmpl := m.fosterTarget()
	switch {
	case tmpl:
		m.textTotal += n
		m.cost += CostNode + n
		m.nodes++
		m.appendOther(t, n)
	case t.id == 0:
		m.textInto(m.root, n)
	default:
		te := m.el(t)
		m.textTotal += n
		if te.prevText >= 0 {
			te.prevText += n
			m.cost += te.prevText
			m.joinCost += te.prevText
			m.joinBytes += n
			return
		}
		m.cost += CostNode + n
		m.nodes++
		m.insertOtherBefore(t, n)
	}
}

// fosterElement inserts the element c by foster parenting.
func (m *treeModel) fosterElement(c eref) {
	t, tmpl := m.fosterTarget()
	switch {
	case tmpl:
		m.appendChild(t, c)
	case t.id == 0:
		m.appendChild(m.root, c)
	default:
		m.insertBefore(c, t)
	}
}

// The stack of open elements.

func (m *treeModel) top() eref { return m.stack[len(m.stack)-1] }

func (m *treeModel) topElem() *melem {
	if len(m.stack) == 0 {
		return nil
	}
	return m.el(m.stack[len(m.stack)-1])
}

// push opens c; x/net/html fails past 512 open elements.
func (m *treeModel) push(c eref) {
	m.stack = append(m.stack, c)
	m.el(c).onStack++
	if len(m.stack) > 512 {
		m.failed = true
	}
}

// pop closes the current element and returns it.
func (m *treeModel) pop() eref {
	r := m.stack[len(m.stack)-1]
	m.stack = m.stack[:len(m.stack)-1]
	m.el(r).onStack--
	m.release(r)
	return r
}

// popTo closes the elements from index i on.
func (m *treeModel) popTo(i int) {
	for len(m.stack) > i {
		m.pop()
	}
}

func (m *treeModel) stackIndex(r eref) int {
	for i := len(m.stack) - 1; i >= 0; i-- {
		if m.stack[i] == r {
			return i
		}
	}
	return -1
}

// stackRemove takes r out of the stack.
func (m *treeModel) stackRemove(r eref) {
	i := m.stackIndex(r)
	if i < 0 {
		return
	}
	m.stack = slices.Delete(m.stack, i, i+1)
	m.el(r).onStack--
	m.release(r)
}

// contains reports whether an HTML element named a is open.
func (m *treeModel) contains(a atom.Atom) bool {
	for _, r := range m.stack {
		if e := m.el(r); e.atom == a && e.ns == nsHTML {
			return true
		}
	}
	return false
}

// Scopes.
type scope uint8

const (
	defaultScope scope = iota
	listItemScope
	buttonScope
	tableScope
	tableRowScope
	tableBodyScope
)

// indexInScope returns the index of the last open HTML element named one
// of tags that is in scope s, or -1.
func (m *treeModel) indexInScope(s scope, tags ...atom.Atom) int {
	for i := len(m.stack) - 1; i >= 0; i-- {
		e := m.el(m.stack[i])
		a := e.atom
		if e.ns == nsHTML {
			if slices.Contains(tags, a) {
				return i
			}
			switch s {
			case listItemScope:
				if a == atom.Ol || a == atom.Ul {
					return -1
				}
			case buttonScope:
				if a == atom.Button {
					return -1
				}
			case tableScope:
				if a == atom.Html || a == atom.Table || a == atom.Template {
					return -1
				}
			}
		}
		if s == defaultScope || s == listItemScope || s == buttonScope {
			if scopeStop(e.ns, a) {
				return -1
			}
		}
	}
	return -1
}

// scopeStop reports whether an element of namespace ns named a bounds the
// default scope.
func scopeStop(ns uint8, a atom.Atom) bool {
	switch ns {
	case nsHTML:
		switch a {
		case atom.Applet, atom.Caption, atom.Html, atom.Table, atom.Td, atom.Th,
			atom.Marquee, atom.Object, atom.Template, atom.Select:
			return true
		}
	case nsMath:
		switch a {
		case atom.AnnotationXml, atom.Mi, atom.Mn, atom.Mo, atom.Ms, atom.Mtext:
			return true
		}
	case nsSVG:
		switch a {
		case atom.Desc, atom.ForeignObject, atom.Title:
			return true
		}
	}
	return false
}

func (m *treeModel) inScope(s scope, tags ...atom.Atom) bool {
	return m.indexInScope(s, tags...) >= 0
}

// popUntil closes the element indexInScope finds and those above it, and
// reports whether there was one.
func (m *treeModel) popUntil(s scope, tags ...atom.Atom) bool {
	if i := m.indexInScope(s, tags...); i >= 0 {
		m.popTo(i)
		return true
	}
	return false
}

// clearStackToContext closes elements down to the html, template or
// (for the scope) table, row or table section element.
func (m *treeModel) clearStackToContext(s scope) {
	for i := len(m.stack) - 1; i >= 0; i-- {
		a := m.el(m.stack[i]).atom
		switch s {
		case tableScope:
			if a == atom.Html || a == atom.Table || a == atom.Template {
				m.popTo(i + 1)
				return
			}
		case tableRowScope:
			if a == atom.Html || a == atom.Tr || a == atom.Template {
				m.popTo(i + 1)
				return
			}
		case tableBodyScope:
			if a == atom.Html || a == atom.Tbody || a == atom.Tfoot || a == atom.Thead || a == atom.Template {
				m.popTo(i + 1)
				return
			}
		}
	}
}

// generateImpliedEndTags closes the elements with implied end tags but
// one whose Data is except.
func (m *treeModel) generateImpliedEndTags(except string) {
	i := len(m.stack) - 1
	for ; i >= 0; i-- {
		e := m.el(m.stack[i])
		switch e.atom {
		case atom.Dd, atom.Dt, atom.Li, atom.Optgroup, atom.Option, atom.P, atom.Rb, atom.Rp, atom.Rt, atom.Rtc:
			if except != "" && e.data() == except {
				break
			}
			continue
		}
		break
	}
	m.popTo(i + 1)
}

// resetInsertionMode picks the insertion mode from the open elements, the
// context element (a div or body, which give in body) at the bottom.
func (m *treeModel) resetInsertionMode() {
	for i := len(m.stack) - 1; i >= 0; i-- {
		if i == 0 {
			m.im = imInBody
			return
		}
		e := m.el(m.stack[i])
		switch e.atom {
		case atom.Td, atom.Th:
			m.im = imInCell
		case atom.Tr:
			m.im = imInRow
		case atom.Tbody, atom.Thead, atom.Tfoot:
			m.im = imInTableBody
		case atom.Caption:
			m.im = imInCaption
		case atom.Colgroup:
			m.im = imInColumnGroup
		case atom.Table:
			m.im = imInTable
		case atom.Template:
			if e.ns != nsHTML {
				continue
			}
			m.im = m.templates[len(m.templates)-1]
		case atom.Head:
			m.im = imInHead
		case atom.Body:
			m.im = imInBody
		case atom.Frameset:
			m.im = imInFrameset
		case atom.Html:
			if m.headSet {
				m.im = imAfterHead
			} else {
				m.im = imBeforeHead
			}
		default:
			continue
		}
		return
	}
}

// The list of active formatting elements.

func (m *treeModel) afeIndex(r eref) int {
	for i := len(m.afe) - 1; i >= 0; i-- {
		if m.afe[i] == r {
			return i
		}
	}
	return -1
}

func (m *treeModel) afeRemove(r eref) {
	i := m.afeIndex(r)
	if i < 0 {
		return
	}
	m.afe = slices.Delete(m.afe, i, i+1)
	m.el(r).inAFE--
	m.release(r)
}

func (m *treeModel) afeMarker() { m.afe = append(m.afe, eref{}) }

// clearActiveFormattingElements removes the entries up to the last marker.
func (m *treeModel) clearActiveFormattingElements() {
	for len(m.afe) > 0 {
		r := m.afe[len(m.afe)-1]
		m.afe = m.afe[:len(m.afe)-1]
		if r.id == 0 {
			return
		}
		m.el(r).inAFE--
		m.release(r)
	}
}

// addFormattingElement inserts a formatting element for the current token
// and adds it to the list, applying the Noah's Ark clause (three of a
// kind, as x/net/html keeps).
func (m *treeModel) addFormattingElement() {
	c := m.addElement()
	key := m.attrKey(m.tok.atom)
	m.el(c).akey = key
	identical := 0
	for i := len(m.afe) - 1; i >= 0; i-- {
		r := m.afe[i]
		if r.id == 0 {
			break
		}
		e := m.el(r)
		if e.ns != nsHTML || e.atom != m.tok.atom || !m.sameAttrs(e.akey, key) {
			continue
		}
		identical++
		if identical >= 3 {
			m.afe = slices.Delete(m.afe, i, i+1)
			e.inAFE--
			m.release(r)
		}
	}
	m.afe = append(m.afe, c)
	m.el(c).inAFE++
}

// attrKey returns the identity of the current token's attributes as a
// set, an index in m.attrEnds: two tags whose sorted attributes are equal
// have equal sets (sameAttrs). The set of an element of the list with the
// same name (a, the current tag's) and attributes is reused; the sets
// only elements out of the list refer to are dropped now and then
// (compactAttrSets), so that the sets kept are those of the list.
func (m *treeModel) attrKey(a atom.Atom) int32 {
	attrs := m.tokAttrs()
	if len(attrs) == 0 {
		return 0
	}
	slices.SortFunc(attrs, func(x, y [2][]byte) int {
		if c := bytes.Compare(x[0], y[0]); c != 0 {
			return c
		}
		return bytes.Compare(x[1], y[1])
	})
	b := m.attrSets
	start := len(b)
	for _, a := range attrs {
		for _, s := range a {
			n := len(s)
			b = append(b, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
			b = append(b, s...)
		}
	}
	set := b[start:]
	for i := len(m.afe) - 1; i >= 0 && m.afe[i].id != 0; i-- {
		if e := m.el(m.afe[i]); e.atom == a && e.akey != 0 {
			if x := m.attrEnds[e.akey-1]; bytes.Equal(m.attrSets[x[0]:x[1]], set) {
				m.attrSets = b[:start]
				return e.akey
			}
		}
	}
	m.attrSets = b
	if len(m.attrEnds) > 2*len(m.afe)+64 {
		// The new set moves with the others (it is the last).
		m.attrEnds = append(m.attrEnds, [2]int32{int32(start), int32(len(b))})
		return m.compactAttrSets(int32(len(m.attrEnds)))
	}
	m.attrEnds = append(m.attrEnds, [2]int32{int32(start), int32(len(b))})
	return int32(len(m.attrEnds))
}

// compactAttrSets keeps only the attribute sets of the elements of the
// list of active formatting elements (the only ones attrKey and the
// Noah's Ark clause compare, and the only ones copied) and the set key,
// and returns key's new number. Elements out of the list lose theirs.
func (m *treeModel) compactAttrSets(key int32) int32 {
	sets, ends := m.attrSets, m.attrEnds
	m.attrSets, m.attrEnds = make([]byte, 0, len(sets)/2), make([][2]int32, 0, 2*len(m.afe)+64)
	renum := make(map[int32]int32)
	moved := func(k int32) int32 {
		n, ok := renum[k]
		if !ok {
			x := ends[k-1]
			start := len(m.attrSets)
			m.attrSets = append(m.attrSets, sets[x[0]:x[1]]...)
			m.attrEnds = append(m.attrEnds, [2]int32{int32(start), int32(len(m.attrSets))})
			n = int32(len(m.attrEnds))
			renum[k] = n
		}
		return n
	}
	for _, r := range m.afe {
		if e := m.el(r); e != nil && e.akey != 0 {
			e.akey = moved(e.akey)
		}
	}
	for _, r := range m.stack {
		if e := m.el(r); e.inAFE == 0 {
			e.akey = 0
		}
	}
	return moved(key)
}

// sameAttrs reports whether the attribute sets a and b (attrKey) are
// equal.
func (m *treeModel) sameAttrs(a, b int32) bool {
	if a == b || a == 0 || b == 0 {
		return a == b
	}
	x, y := m.attrEnds[a-1], m.attrEnds[b-1]
	return bytes.Equal(m.attrSets[x[0]:x[1]], m.attrSets[y[0]:y[1]])
}

// reconstruct reopens the active formatting elements no longer open, as
// copies (reconstruct the active formatting elements).
func (m *treeModel) reconstruct() {
	n := len(m.afe)
	if n == 0 {
		return
	}
	if r := m.afe[n-1]; r.id == 0 || m.el(r).onStack > 0 {
		return
	}
	i := n - 1
	for {
		r := m.afe[i]
		if r.id == 0 || m.el(r).onStack > 0 {
			break
		}
		if i == 0 {
			i = -1
			break
		}
		i--
	}
	for i++; i < len(m.afe) && !m.failed; i++ {
		old := m.afe[i]
		c := m.cloneOf(old)
		m.addChild(c)
		m.afe[i] = c
		m.el(c).inAFE++
		m.el(old).inAFE--
		m.release(old)
	}
}

// copyAttributes counts x/net/html's adding the current token's
// attributes that r (the html or a body element) lacks.
func (m *treeModel) copyAttributes(r eref) {
	if m.tok.nattr == 0 {
		return
	}
	if m.merged == nil {
		m.merged = make(map[eref]map[string]struct{})
	}
	keys := m.merged[r]
	if keys == nil {
		keys = make(map[string]struct{})
		m.merged[r] = keys
	}
	for _, a := range m.tokAttrs() {
		if _, ok := keys[string(a[0])]; !ok {
			keys[string(a[0])] = struct{}{}
		}
	}
	m.cost += CostAttrMerge * int64(len(keys))
	m.mergeCost += CostAttrMerge * int64(len(keys))
	if r != m.root {
		m.bodyMerged = true
	}
}

// The insertion modes, as x/net/html implements them.

func isWhitespace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f'
}

func trimLeftSpace(b []byte) []byte {
	for len(b) > 0 && isWhitespace(b[0]) {
		b = b[1:]
	}
	return b
}

func allSpace(b []byte) bool { return len(trimLeftSpace(b)) == 0 }

var nul = []byte{0}

// withoutNUL returns the length of b without its NULs, and whether the
// rest is all white space.
func withoutNUL(b []byte) (n int, space bool) {
	space = true
	for _, c := range b {
		switch {
		case c == 0:
			continue
		case !isWhitespace(c):
			space = false
		}
		n++
	}
	return n, space
}

func (m *treeModel) attr(key string) ([]byte, bool) {
	for _, a := range m.tokAttrs() {
		if string(a[0]) == key {
			return a[1], true
		}
	}
	return nil, false
}

func (m *treeModel) hiddenInput() bool {
	v, ok := m.attr("type")
	return ok && strings.EqualFold(string(v), "hidden")
}

func (m *treeModel) inBody() bool {
	t := &m.tok
	switch t.tt {
	case html.TextToken:
		d := t.text
		if top := m.topElem(); (top.atom == atom.Pre || top.atom == atom.Listing) && top.nchild == 0 {
			if len(d) > 0 && d[0] == '\r' {
				d = d[1:]
			}
			if len(d) > 0 && d[0] == '\n' {
				d = d[1:]
			}
		}
		n := len(d)
		if bytes.IndexByte(d, 0) >= 0 {
			n -= bytes.Count(d, nul)
		}
		if n == 0 {
			return true
		}
		m.reconstruct()
		m.addText(int64(n))
		if m.framesetOK {
			if _, space := withoutNUL(d); !space {
				m.framesetOK = false
			}
		}
	case html.StartTagToken:
		switch t.atom {
		case atom.Html:
			if m.contains(atom.Template) {
				return true
			}
			m.copyAttributes(m.stack[0])
		case atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta, atom.Noframes,
			atom.Script, atom.Style, atom.Template, atom.Title:
			return m.inHead()
		case atom.Body:
			if m.contains(atom.Template) {
				return true
			}
			if len(m.stack) >= 2 {
				if body := m.stack[1]; m.el(body).atom == atom.Body {
					m.framesetOK = false
					m.copyAttributes(body)
				}
			}
		case atom.Frameset:
			if !m.framesetOK || len(m.stack) < 2 || m.el(m.stack[1]).atom != atom.Body {
				return true
			}
			m.detach(m.stack[1])
			m.outsideCost++
			m.popTo(1)
			m.addElement()
			m.im = imInFrameset
			return true
		case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center, atom.Details,
			atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Fieldset, atom.Figcaption, atom.Figure,
			atom.Footer, atom.Header, atom.Hgroup, atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.P,
			atom.Search, atom.Section, atom.Summary, atom.Ul:
			m.popUntil(buttonScope, atom.P)
			m.addElement()
		case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			m.popUntil(buttonScope, atom.P)
			switch m.topElem().atom {
			case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				m.pop()
			}
			m.addElement()
		case atom.Pre, atom.Listing:
			m.popUntil(buttonScope, atom.P)
			m.addElement()
			m.framesetOK = false
		case atom.Form:
			if m.formSet && !m.contains(atom.Template) {
				return true
			}
			m.popUntil(buttonScope, atom.P)
			c := m.addElement()
			if !m.contains(atom.Template) {
				m.setForm(c, true)
			}
		case atom.Li, atom.Dd, atom.Dt:
			m.framesetOK = false
			for i := len(m.stack) - 1; i >= 0; i-- {
				e := m.el(m.stack[i])
				if t.atom == atom.Li && e.atom == atom.Li || t.atom != atom.Li && (e.atom == atom.Dd || e.atom == atom.Dt) {
					m.popTo(i)
					break
				}
				if e.atom == atom.Address || e.atom == atom.Div || e.atom == atom.P || !e.special() {
					continue
				}
				break
			}
			m.popUntil(buttonScope, atom.P)
			m.addElement()
		case atom.Plaintext:
			m.popUntil(buttonScope, atom.P)
			m.addElement()
		case atom.Button:
			if m.inScope(defaultScope, atom.Button) {
				m.generateImpliedEndTags("")
				m.popUntil(defaultScope, atom.Button)
			}
			m.reconstruct()
			m.addElement()
			m.framesetOK = false
		case atom.A:
			for i := len(m.afe) - 1; i >= 0 && m.afe[i].id != 0; i-- {
				if r := m.afe[i]; m.el(r).atom == atom.A {
					m.adoptionAgency(atom.A, "a")
					m.stackRemove(r)
					m.afeRemove(r)
					break
				}
			}
			m.reconstruct()
			m.addFormattingElement()
		case atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.S, atom.Small,
			atom.Strike, atom.Strong, atom.Tt, atom.U:
			m.reconstruct()
			m.addFormattingElement()
		case atom.Nobr:
			m.reconstruct()
			if m.inScope(defaultScope, atom.Nobr) {
				m.adoptionAgency(atom.Nobr, "nobr")
				m.reconstruct()
			}
			m.addFormattingElement()
		case atom.Applet, atom.Marquee, atom.Object:
			m.reconstruct()
			m.addElement()
			m.afeMarker()
			m.framesetOK = false
		case atom.Table:
			m.popUntil(buttonScope, atom.P)
			m.addElement()
			m.framesetOK = false
			m.im = imInTable
			return true
		case atom.Area, atom.Br, atom.Embed, atom.Img, atom.Keygen, atom.Wbr:
			m.reconstruct()
			m.addElement()
			m.pop()
			m.framesetOK = false
		case atom.Input:
			m.popUntil(defaultScope, atom.Select)
			m.reconstruct()
			m.addElement()
			m.pop()
			if m.hiddenInput() {
				return true
			}
			m.framesetOK = false
		case atom.Param, atom.Source, atom.Track:
			m.addElement()
			m.pop()
		case atom.Hr:
			if m.inScope(buttonScope, atom.P) {
				m.generateImpliedEndTags("p")
				m.popUntil(defaultScope, atom.P)
			}
			if m.inScope(defaultScope, atom.Select) {
				m.generateImpliedEndTags("")
			}
			m.addElement()
			m.pop()
			m.framesetOK = false
		case atom.Image:
			t.atom, t.name = atom.Img, "img"
			return false
		case atom.Textarea:
			m.addElement()
			m.setOriginal()
			m.framesetOK = false
			m.im = imText
		case atom.Xmp:
			m.popUntil(buttonScope, atom.P)
			m.reconstruct()
			m.framesetOK = false
			m.rawTextElement()
		case atom.Iframe:
			m.framesetOK = false
			m.rawTextElement()
		case atom.Noembed:
			m.rawTextElement()
		case atom.Noscript:
			if m.scripting {
				m.rawTextElement()
				return true
			}
			m.reconstruct()
			m.addElement()
			m.rawOff = true
		case atom.Select:
			if m.popUntil(defaultScope, atom.Select) {
				return true
			}
			m.reconstruct()
			m.addElement()
			m.framesetOK = false
			return true
		case atom.Option, atom.Optgroup:
			if m.inScope(defaultScope, atom.Select) {
				if t.atom == atom.Option {
					m.generateImpliedEndTags("optgroup")
				} else {
					m.generateImpliedEndTags("")
				}
			} else if m.topElem().atom == atom.Option {
				m.pop()
			}
			m.reconstruct()
			m.addElement()
		case atom.Rb, atom.Rtc, atom.Rp, atom.Rt:
			if m.inScope(defaultScope, atom.Ruby) {
				if t.atom == atom.Rp || t.atom == atom.Rt {
					m.generateImpliedEndTags("rtc")
				} else {
					m.generateImpliedEndTags("")
				}
			}
			m.addElement()
		case atom.Math, atom.Svg:
			m.reconstruct()
			c := m.addElement()
			if t.atom == atom.Math {
				m.el(c).ns = nsMath
			} else {
				m.el(c).ns = nsSVG
			}
			if t.selfClosing {
				m.pop()
			}
			return true
		case atom.Caption, atom.Col, atom.Colgroup, atom.Frame, atom.Head, atom.Tbody, atom.Td,
			atom.Tfoot, atom.Th, atom.Thead, atom.Tr:
			// Ignored.
		default:
			m.reconstruct()
			m.addElement()
		}
	case html.EndTagToken:
		switch t.atom {
		case atom.Body:
			if m.inScope(defaultScope, atom.Body) {
				m.im = imAfterBody
			}
		case atom.Html:
			if m.inScope(defaultScope, atom.Body) {
				m.implied(html.EndTagToken, atom.Body)
				return false
			}
			return true
		case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Button, atom.Center,
			atom.Details, atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Fieldset, atom.Figcaption,
			atom.Figure, atom.Footer, atom.Header, atom.Hgroup, atom.Listing, atom.Main, atom.Menu,
			atom.Nav, atom.Ol, atom.Pre, atom.Search, atom.Section, atom.Select, atom.Summary, atom.Ul:
			if !m.inScope(defaultScope, t.atom) {
				return true
			}
			m.generateImpliedEndTags("")
			m.popUntil(defaultScope, t.atom)
		case atom.Form:
			if m.contains(atom.Template) {
				i := m.indexInScope(defaultScope, atom.Form)
				if i < 0 {
					return true
				}
				m.generateImpliedEndTags("")
				if m.el(m.stack[i]).atom != atom.Form {
					return true
				}
				m.popUntil(defaultScope, atom.Form)
			} else {
				node, set := m.form, m.formSet
				m.setForm(eref{}, false)
				i := m.indexInScope(defaultScope, atom.Form)
				if !set || i < 0 || m.stack[i] != node {
					return true
				}
				m.generateImpliedEndTags("")
				m.stackRemove(node)
			}
		case atom.P:
			if !m.inScope(buttonScope, atom.P) {
				m.implied(html.StartTagToken, atom.P)
			}
			m.popUntil(buttonScope, atom.P)
		case atom.Li:
			m.popUntil(listItemScope, atom.Li)
		case atom.Dd, atom.Dt:
			m.popUntil(defaultScope, t.atom)
		case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			m.popUntil(defaultScope, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6)
		case atom.A, atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.Nobr, atom.S,
			atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U:
			m.adoptionAgency(t.atom, t.name)
		case atom.Applet, atom.Marquee, atom.Object:
			if m.popUntil(defaultScope, t.atom) {
				m.clearActiveFormattingElements()
			}
		case atom.Br:
			t.tt = html.StartTagToken
			return false
		case atom.Template:
			return m.inHead()
		default:
			m.endTagOther(t.atom, t.name)
		}
	case html.CommentToken:
		m.addComment(len(t.text))
	case html.ErrorToken:
		if len(m.templates) > 0 {
			m.im = imInTemplate
			return false
		}
	}
	return true
}

// setForm sets the form element pointer.
func (m *treeModel) setForm(r eref, set bool) {
	if old := m.form; m.formSet {
		if e := m.el(old); e != nil {
			e.pinned = false
			m.release(old)
		}
	}
	m.form, m.formSet = r, set
	if e := m.el(r); e != nil {
		e.pinned = true
	}
}

// setOriginal sets the insertion mode text returns to; x/net/html panics
// when it is set already.
func (m *treeModel) setOriginal() {
	if m.orig != imNone {
		m.failed = true
		return
	}
	m.orig = m.im
}

// rawTextElement inserts a raw text element and reads its text
// (parseGenericRawTextElement).
func (m *treeModel) rawTextElement() {
	m.addElement()
	m.orig = m.im
	m.im = imText
}

// endTagOther applies "any other end tag".
func (m *treeModel) endTagOther(a atom.Atom, name string) {
	for i := len(m.stack) - 1; i >= 0; i-- {
		e := m.el(m.stack[i])
		if e.ns == nsHTML && e.atom == a && (a != 0 || e.data() == name) {
			m.popTo(i)
			return
		}
		if e.special() {
			return
		}
	}
}

// adoptionAgency applies the adoption agency algorithm for an end tag.
func (m *treeModel) adoptionAgency(tagAtom atom.Atom, tagName string) {
	if cur := m.top(); m.el(cur).data() == tagName && m.el(cur).inAFE == 0 {
		m.pop()
		return
	}
	for outer := 0; outer < 8 && !m.failed; outer++ {
		var fe eref
		for j := len(m.afe) - 1; j >= 0; j-- {
			r := m.afe[j]
			if r.id == 0 {
				break
			}
			if m.el(r).atom == tagAtom {
				fe = r
				break
			}
		}
		if fe.id == 0 {
			m.endTagOther(tagAtom, tagName)
			return
		}
		feIndex := m.stackIndex(fe)
		if feIndex < 0 {
			m.afeRemove(fe)
			return
		}
		if !m.inScope(defaultScope, tagAtom) {
			return
		}
		var fb eref
		for _, r := range m.stack[feIndex:] {
			if m.el(r).special() {
				fb = r
				break
			}
		}
		if fb.id == 0 {
			for m.pop() != fe {
			}
			m.afeRemove(fe)
			return
		}
		ca := m.stack[feIndex-1]
		bookmark := m.afeIndex(fe)
		lastNode := fb
		x := m.stackIndex(fb)
		for j := 1; ; j++ {
			x--
			node := m.stack[x]
			if node == fe {
				break
			}
			if ni := m.afeIndex(node); j > 3 && ni >= 0 {
				m.afe = slices.Delete(m.afe, ni, ni+1)
				m.el(node).inAFE--
				m.release(node)
				if ni <= bookmark {
					bookmark--
				}
				continue
			}
			ni := m.afeIndex(node)
			if ni < 0 {
				m.stackRemove(node)
				continue
			}
			c := m.cloneOf(node)
			m.afe[ni] = c
			m.el(c).inAFE++
			m.el(node).inAFE--
			si := m.stackIndex(node)
			m.stack[si] = c
			m.el(c).onStack++
			m.el(node).onStack--
			m.release(node)
			if lastNode == fb {
				bookmark = m.afeIndex(c) + 1
			}
			if m.el(lastNode).parent.id != 0 {
				m.detach(lastNode)
			}
			m.appendChild(c, lastNode)
			lastNode = c
		}
		if m.el(lastNode).parent.id != 0 {
			m.detach(lastNode)
		}
		switch m.el(ca).atom {
		case atom.Table, atom.Tbody, atom.Tfoot, atom.Thead, atom.Tr:
			m.fosterElement(lastNode)
		default:
			m.appendChild(ca, lastNode)
		}
		c := m.cloneOf(fe)
		m.reparentChildren(c, fb)
		m.appendChild(fb, c)
		if old := m.afeIndex(fe); old >= 0 && old < bookmark {
			bookmark--
		}
		m.afeRemove(fe)
		m.afe = slices.Insert(m.afe, bookmark, c)
		m.el(c).inAFE++
		m.stackRemove(fe)
		m.stack = slices.Insert(m.stack, m.stackIndex(fb)+1, c)
		m.el(c).onStack++
	}
}

// reparentChildren moves src's children to dst.
func (m *treeModel) reparentChildren(dst, src eref) {
	d, s := m.el(dst), m.el(src)
	d.lastElem, d.lastText, d.nchild = s.lastElem, s.lastText, s.nchild
	s.lastElem, s.lastText, s.nchild = eref{}, -1, 0
	for _, r := range m.stack {
		if e := m.el(r); e.parent == src {
			e.parent = dst
		}
	}
	for _, r := range m.afe {
		if e := m.el(r); e != nil && e.parent == src {
			e.parent = dst
		}
	}
}

func (m *treeModel) text() bool {
	t := &m.tok
	switch t.tt {
	case html.ErrorToken:
		m.pop()
	case html.TextToken:
		d := t.text
		if top := m.topElem(); top.atom == atom.Textarea && top.nchild == 0 {
			if len(d) > 0 && d[0] == '\r' {
				d = d[1:]
			}
			if len(d) > 0 && d[0] == '\n' {
				d = d[1:]
			}
		}
		if len(d) == 0 {
			return true
		}
		m.addText(int64(len(d)))
		return true
	case html.EndTagToken:
		m.pop()
	}
	m.im, m.orig = m.orig, imNone
	return t.tt == html.EndTagToken
}

func (m *treeModel) inTable() bool {
	t := &m.tok
	switch t.tt {
	case html.TextToken:
		switch m.topElem().atom {
		case atom.Table, atom.Tbody, atom.Tfoot, atom.Thead, atom.Tr:
			if n, space := withoutNUL(t.text); space {
				m.addText(int64(n))
				return true
			}
		}
	case html.StartTagToken:
		switch t.atom {
		case atom.Caption:
			m.clearStackToContext(tableScope)
			m.afeMarker()
			m.addElement()
			m.im = imInCaption
			return true
		case atom.Colgroup:
			m.clearStackToContext(tableScope)
			m.addElement()
			m.im = imInColumnGroup
			return true
		case atom.Col:
			m.implied(html.StartTagToken, atom.Colgroup)
			return false
		case atom.Tbody, atom.Tfoot, atom.Thead:
			m.clearStackToContext(tableScope)
			m.addElement()
			m.im = imInTableBody
			return true
		case atom.Td, atom.Th, atom.Tr:
			m.implied(html.StartTagToken, atom.Tbody)
			return false
		case atom.Table:
			if m.popUntil(tableScope, atom.Table) {
				m.resetInsertionMode()
				return false
			}
			return true
		case atom.Style, atom.Script, atom.Template:
			return m.inHead()
		case atom.Input:
			if m.hiddenInput() {
				m.addElement()
				m.pop()
				return true
			}
		case atom.Form:
			if m.contains(atom.Template) || m.formSet {
				return true
			}
			m.addElement()
			m.setForm(m.pop(), true)
			return true
		}
	case html.EndTagToken:
		switch t.atom {
		case atom.Table:
			if m.popUntil(tableScope, atom.Table) {
				m.resetInsertionMode()
			}
			return true
		case atom.Body, atom.Caption, atom.Col, atom.Colgroup, atom.Html, atom.Tbody, atom.Td,
			atom.Tfoot, atom.Th, atom.Thead, atom.Tr:
			return true
		case atom.Template:
			return m.inHead()
		}
	case html.CommentToken:
		m.addComment(len(t.text))
		return true
	case html.DoctypeToken:
		return true
	case html.ErrorToken:
		return m.inBody()
	}
	m.fostering = true
	done := m.inBody()
	m.fostering = false
	return done
}

func (m *treeModel) inCaption() bool {
	t := &m.tok
	switch t.tt {
	case html.StartTagToken:
		switch t.atom {
		case atom.Caption, atom.Col, atom.Colgroup, atom.Tbody, atom.Td, atom.Tfoot, atom.Thead, atom.Tr:
			if !m.popUntil(tableScope, atom.Caption) {
				return true
			}
			m.clearActiveFormattingElements()
			m.im = imInTable
			return false
		}
	case html.EndTagToken:
		switch t.atom {
		case atom.Caption:
			if m.popUntil(tableScope, atom.Caption) {
				m.clearActiveFormattingElements()
				m.im = imInTable
			}
			return true
		case atom.Table:
			if !m.popUntil(tableScope, atom.Caption) {
				return true
			}
			m.clearActiveFormattingElements()
			m.im = imInTable
			return false
		case atom.Body, atom.Col, atom.Colgroup, atom.Html, atom.Tbody, atom.Td, atom.Tfoot,
			atom.Th, atom.Thead, atom.Tr:
			return true
		}
	}
	return m.inBody()
}

func (m *treeModel) inColumnGroup() bool {
	t := &m.tok
	switch t.tt {
	case html.TextToken:
		s := trimLeftSpace(t.text)
		if len(s) < len(t.text) {
			m.addText(int64(len(t.text) - len(s)))
			if len(s) == 0 {
				return true
			}
			t.text = s
		}
	case html.CommentToken:
		m.addComment(len(t.text))
		return true
	case html.DoctypeToken:
		return true
	case html.StartTagToken:
		switch t.atom {
		case atom.Html:
			return m.inBody()
		case atom.Col:
			m.addElement()
			m.pop()
			return true
		case atom.Template:
			return m.inHead()
		}
	case html.EndTagToken:
		switch t.atom {
		case atom.Colgroup:
			if m.topElem().atom == atom.Colgroup {
				m.pop()
				m.im = imInTable
			}
			return true
		case atom.Col:
			return true
		case atom.Template:
			return m.inHead()
		}
	case html.ErrorToken:
		return m.inBody()
	}
	if m.topElem().atom != atom.Colgroup {
		return true
	}
	m.pop()
	m.im = imInTable
	return false
}

func (m *treeModel) inTableBody() bool {
	t := &m.tok
	switch t.tt {
	case html.StartTagToken:
		switch t.atom {
		case atom.Tr:
			m.clearStackToContext(tableBodyScope)
			m.addElement()
			m.im = imInRow
			return true
		case atom.Td, atom.Th:
			m.implied(html.StartTagToken, atom.Tr)
			return false
		case atom.Caption, atom.Col, atom.Colgroup, atom.Tbody, atom.Tfoot, atom.Thead:
			if m.popUntil(tableScope, atom.Tbody, atom.Thead, atom.Tfoot) {
				m.im = imInTable
				return false
			}
			return true
		}
	case html.EndTagToken:
		switch t.atom {
		case atom.Tbody, atom.Tfoot, atom.Thead:
			if m.inScope(tableScope, t.atom) {
				m.clearStackToContext(tableBodyScope)
				m.pop()
				m.im = imInTable
			}
			return true
		case atom.Table:
			if m.popUntil(tableScope, atom.Tbody, atom.Thead, atom.Tfoot) {
				m.im = imInTable
				return false
			}
			return true
		case atom.Body, atom.Caption, atom.Col, atom.Colgroup, atom.Html, atom.Td, atom.Th, atom.Tr:
			return true
		}
	case html.CommentToken:
		m.addComment(len(t.text))
		return true
	}
	return m.inTable()
}

func (m *treeModel) inRow() bool {
	t := &m.tok
	switch t.tt {
	case html.StartTagToken:
		switch t.atom {
		case atom.Td, atom.Th:
			m.clearStackToContext(tableRowScope)
			m.addElement()
			m.afeMarker()
			m.im = imInCell
			return true
		case atom.Caption, atom.Col, atom.Colgroup, atom.Tbody, atom.Tfoot, atom.Thead, atom.Tr:
			if m.inScope(tableScope, atom.Tr) {
				m.clearStackToContext(tableRowScope)
				m.pop()
				m.im = imInTableBody
				return false
			}
			return true
		}
	case html.EndTagToken:
		switch t.atom {
		case atom.Tr, atom.Table:
			if m.inScope(tableScope, atom.Tr) {
				m.clearStackToContext(tableRowScope)
				m.pop()
				m.im = imInTableBody
				return t.atom == atom.Tr
			}
			return true
		case atom.Tbody, atom.Tfoot, atom.Thead:
			if m.inScope(tableScope, t.atom) && m.inScope(tableScope, atom.Tr) {
				m.clearStackToContext(tableRowScope)
				m.pop()
				m.im = imInTableBody
				return false
			}
			return true
		case atom.Body, atom.Caption, atom.Col, atom.Colgroup, atom.Html, atom.Td, atom.Th:
			return true
		}
	}
	return m.inTable()
}

func (m *treeModel) inCell() bool {
	t := &m.tok
	switch t.tt {
	case html.StartTagToken:
		switch t.atom {
		case atom.Caption, atom.Col, atom.Colgroup, atom.Tbody, atom.Td, atom.Tfoot, atom.Th,
			atom.Thead, atom.Tr:
			if m.popUntil(tableScope, atom.Td, atom.Th) {
				m.clearActiveFormattingElements()
				m.im = imInRow
				return false
			}
			return true
		}
	case html.EndTagToken:
		switch t.atom {
		case atom.Td, atom.Th:
			if !m.popUntil(tableScope, t.atom) {
				return true
			}
			m.clearActiveFormattingElements()
			m.im = imInRow
			return true
		case atom.Body, atom.Caption, atom.Col, atom.Colgroup, atom.Html:
			return true
		case atom.Table, atom.Tbody, atom.Tfoot, atom.Thead, atom.Tr:
			if !m.inScope(tableScope, t.atom) {
				return true
			}
			if m.popUntil(tableScope, atom.Td, atom.Th) {
				m.clearActiveFormattingElements()
			}
			m.im = imInRow
			return false
		}
	}
	return m.inBody()
}

func (m *treeModel) inTemplate() bool {
	t := &m.tok
	switch t.tt {
	case html.TextToken, html.CommentToken, html.DoctypeToken:
		return m.inBody()
	case html.StartTagToken:
		next := imInBody
		switch t.atom {
		case atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta, atom.Noframes,
			atom.Script, atom.Style, atom.Template, atom.Title:
			return m.inHead()
		case atom.Caption, atom.Colgroup, atom.Tbody, atom.Tfoot, atom.Thead:
			next = imInTable
		case atom.Col:
			next = imInColumnGroup
		case atom.Tr:
			next = imInTableBody
		case atom.Td, atom.Th:
			next = imInRow
		}
		m.templates[len(m.templates)-1] = next
		m.im = next
		return false
	case html.EndTagToken:
		if t.atom == atom.Template {
			return m.inHead()
		}
		return true
	case html.ErrorToken:
		if !m.contains(atom.Template) {
			return true
		}
		m.closeTemplate()
		return false
	}
	return false
}

// closeTemplate closes the last open template element (the rules of a
// template end tag, and of the end of the input in a template).
func (m *treeModel) closeTemplate() {
	m.generateImpliedEndTags("")
	for i := len(m.stack) - 1; i >= 0; i-- {
		if e := m.el(m.stack[i]); e.ns == nsHTML && e.atom == atom.Template {
			m.popTo(i)
			break
		}
	}
	m.clearActiveFormattingElements()
	m.templates = m.templates[:len(m.templates)-1]
	m.resetInsertionMode()
}

func (m *treeModel) inHead() bool {
	t := &m.tok
	switch t.tt {
	case html.TextToken:
		s := trimLeftSpace(t.text)
		if len(s) < len(t.text) {
			m.addText(int64(len(t.text) - len(s)))
			if len(s) == 0 {
				return true
			}
			t.text = s
		}
	case html.StartTagToken:
		switch t.atom {
		case atom.Html:
			return m.inBody()
		case atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta:
			m.addElement()
			m.pop()
			return true
		case atom.Noscript:
			if m.scripting {
				m.rawTextElement()
				return true
			}
			m.addElement()
			m.im = imInHeadNoscript
			m.rawOff = true
			return true
		case atom.Script, atom.Title:
			m.addElement()
			m.setOriginal()
			m.im = imText
			return true
		case atom.Noframes, atom.Style:
			m.rawTextElement()
			return true
		case atom.Head:
			return true
		case atom.Template:
			for _, r := range m.stack {
				if m.el(r).ns != nsHTML {
					m.im = imIgnoreAll
					return true
				}
			}
			m.addElement()
			m.afeMarker()
			m.framesetOK = false
			m.im = imInTemplate
			m.templates = append(m.templates, imInTemplate)
			return true
		}
	case html.EndTagToken:
		switch t.atom {
		case atom.Head:
			m.pop()
			m.im = imAfterHead
			return true
		case atom.Body, atom.Html, atom.Br:
			m.implied(html.EndTagToken, atom.Head)
			return false
		case atom.Template:
			if !m.contains(atom.Template) {
				return true
			}
			m.closeTemplate()
			return true
		default:
			return true
		}
	case html.CommentToken:
		m.addComment(len(t.text))
		return true
	case html.DoctypeToken:
		return true
	}
	m.implied(html.EndTagToken, atom.Head)
	return false
}

func (m *treeModel) inHeadNoscript() bool {
	t := &m.tok
	switch t.tt {
	case html.DoctypeToken:
		return true
	case html.StartTagToken:
		switch t.atom {
		case atom.Html:
			return m.inBody()
		case atom.Basefont, atom.Bgsound, atom.Link, atom.Meta, atom.Noframes, atom.Style:
			return m.inHead()
		case atom.Head:
			return true
		case atom.Noscript:
			m.rawOff = true
			return true
		}
	case html.EndTagToken:
		switch t.atom {
		case atom.Noscript, atom.Br:
		default:
			return true
		}
	case html.TextToken:
		if allSpace(t.text) {
			return m.inHead()
		}
	case html.CommentToken:
		return m.inHead()
	}
	m.pop()
	if m.topElem().atom != atom.Head {
		m.failed = true // x/net/html panics
		return true
	}
	m.im = imInHead
	return t.atom == atom.Noscript
}

func (m *treeModel) beforeHead() bool {
	t := &m.tok
	switch t.tt {
	case html.TextToken:
		t.text = trimLeftSpace(t.text)
		if len(t.text) == 0 {
			return true
		}
	case html.StartTagToken:
		switch t.atom {
		case atom.Head:
			c := m.addElement()
			m.setHead(c)
			m.im = imInHead
			return true
		case atom.Html:
			return m.inBody()
		}
	case html.EndTagToken:
		switch t.atom {
		case atom.Head, atom.Body, atom.Html, atom.Br:
			m.implied(html.StartTagToken, atom.Head)
			return false
		default:
			return true
		}
	case html.CommentToken:
		m.addComment(len(t.text))
		return true
	case html.DoctypeToken:
		return true
	}
	m.implied(html.StartTagToken, atom.Head)
	return false
}

// setHead sets the head element pointer.
func (m *treeModel) setHead(r eref) {
	if e := m.el(m.head); e != nil && m.headSet {
		e.pinned = false
		m.release(m.head)
	}
	m.head, m.headSet = r, true
	m.el(r).pinned = true
}

func (m *treeModel) afterHead() bool {
	t := &m.tok
	switch t.tt {
	case html.TextToken:
		s := trimLeftSpace(t.text)
		if len(s) < len(t.text) {
			m.addText(int64(len(t.text) - len(s)))
			if len(s) == 0 {
				return true
			}
			t.text = s
		}
	case html.StartTagToken:
		switch t.atom {
		case atom.Html:
			return m.inBody()
		case atom.Body:
			m.addElement()
			m.framesetOK = false
			m.im = imInBody
			return true
		case atom.Frameset:
			m.addElement()
			m.im = imInFrameset
			return true
		case atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta, atom.Noframes,
			atom.Script, atom.Style, atom.Template, atom.Title:
			head := m.head
			m.push(head)
			done := m.inHead()
			m.stackRemove(head)
			return done
		case atom.Head:
			return true
		}
	case html.EndTagToken:
		switch t.atom {
		case atom.Body, atom.Html, atom.Br:
		case atom.Template:
			return m.inHead()
		default:
			return true
		}
	case html.CommentToken:
		m.addComment(len(t.text))
		return true
	case html.DoctypeToken:
		return true
	}
	m.implied(html.StartTagToken, atom.Body)
	m.framesetOK = true
	return t.tt == html.ErrorToken
}

func (m *treeModel) afterBody() bool {
	t := &m.tok
	switch t.tt {
	case html.ErrorToken:
		return true
	case html.TextToken:
		if allSpace(t.text) {
			return m.inBody()
		}
	case html.StartTagToken:
		if t.atom == atom.Html {
			return m.inBody()
		}
	case html.EndTagToken:
		if t.atom == atom.Html {
			return true // a fragment stays after body
		}
	case html.CommentToken:
		m.cost += CostNode + int64(len(t.text))
		m.nodes++
		m.appendOther(m.stack[0], -1)
		return true
	}
	m.im = imInBody
	return false
}

func (m *treeModel) inFrameset(after bool) bool {
	t := &m.tok
	switch t.tt {
	case html.CommentToken:
		m.addComment(len(t.text))
	case html.TextToken:
		n := 0
		for _, c := range t.text {
			if c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' {
				n++
			}
		}
		if n > 0 {
			m.addText(int64(n))
		}
	case html.StartTagToken:
		switch t.atom {
		case atom.Html:
			return m.inBody()
		case atom.Frameset:
			if !after {
				m.addElement()
			}
		case atom.Frame:
			if !after {
				m.addElement()
				m.pop()
			}
		case atom.Noframes:
			return m.inHead()
		}
	case html.EndTagToken:
		switch {
		case after && t.atom == atom.Html:
			m.im = imAfterAfterFrameset
		case !after && t.atom == atom.Frameset:
			if m.topElem().atom != atom.Html {
				m.pop()
				if m.topElem().atom != atom.Frameset {
					m.im = imAfterFrameset
				}
			}
		}
	}
	return true
}

func (m *treeModel) afterAfterBody() bool {
	t := &m.tok
	switch t.tt {
	case html.ErrorToken:
		return true
	case html.TextToken:
		if allSpace(t.text) {
			return m.inBody()
		}
	case html.StartTagToken:
		if t.atom == atom.Html {
			return m.inBody()
		}
	case html.CommentToken:
		m.docComment(len(t.text))
		return true
	case html.DoctypeToken:
		return m.inBody()
	}
	m.im = imInBody
	return false
}

// docComment counts a comment x/net/html appends to the document, outside
// the fragment.
func (m *treeModel) docComment(n int) {
	c := CostNode + int64(n)
	m.cost += c
	m.outsideCost += c
}

func (m *treeModel) afterAfterFrameset() bool {
	t := &m.tok
	switch t.tt {
	case html.CommentToken:
		m.docComment(len(t.text))
	case html.TextToken:
		var s []byte
		for _, c := range t.text {
			if c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' {
				s = append(s, c)
			}
		}
		if len(s) > 0 {
			t.text = s
			return m.inBody()
		}
	case html.StartTagToken:
		switch t.atom {
		case atom.Html:
			return m.inBody()
		case atom.Noframes:
			return m.inHead()
		}
	case html.DoctypeToken:
		return m.inBody()
	}
	return true
}

// Foreign content.

// adjustedCurrent returns the adjusted current node: the context element
// (a div, in the HTML namespace) when only the html root is open.
func (m *treeModel) adjustedCurrent() *melem {
	if len(m.stack) == 1 {
		return nil
	}
	return m.topElem()
}

func (m *treeModel) inForeignContent() bool {
	if len(m.stack) == 0 {
		return false
	}
	n := m.adjustedCurrent()
	if n == nil || n.ns == nsHTML {
		return false
	}
	t := &m.tok
	if n.mathTextPoint() {
		if t.tt == html.StartTagToken && t.atom != atom.Mglyph && t.atom != atom.Malignmark {
			return false
		}
		if t.tt == html.TextToken {
			return false
		}
	}
	if n.ns == nsMath && n.atom == atom.AnnotationXml && t.tt == html.StartTagToken && t.atom == atom.Svg {
		return false
	}
	if n.hip && (t.tt == html.StartTagToken || t.tt == html.TextToken) {
		return false
	}
	return t.tt != html.ErrorToken
}

// breakout reports whether a start tag named name leaves foreign content.
func breakout(name string) bool {
	switch name {
	case "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt",
		"em", "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li",
		"listing", "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s", "small", "span",
		"strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var":
		return true
	}
	return false
}

// svgTagName returns the SVG element name x/net/html gives a lower-case
// tag name.
func svgTagName(name string) string {
	switch name {
	case "altglyph":
		return "altGlyph"
	case "altglyphdef":
		return "altGlyphDef"
	case "altglyphitem":
		return "altGlyphItem"
	case "animatecolor":
		return "animateColor"
	case "animatemotion":
		return "animateMotion"
	case "animatetransform":
		return "animateTransform"
	case "clippath":
		return "clipPath"
	case "feblend":
		return "feBlend"
	case "fecolormatrix":
		return "feColorMatrix"
	case "fecomponenttransfer":
		return "feComponentTransfer"
	case "fecomposite":
		return "feComposite"
	case "feconvolvematrix":
		return "feConvolveMatrix"
	case "fediffuselighting":
		return "feDiffuseLighting"
	case "fedisplacementmap":
		return "feDisplacementMap"
	case "fedistantlight":
		return "feDistantLight"
	case "feflood":
		return "feFlood"
	case "fefunca":
		return "feFuncA"
	case "fefuncb":
		return "feFuncB"
	case "fefuncg":
		return "feFuncG"
	case "fefuncr":
		return "feFuncR"
	case "fegaussianblur":
		return "feGaussianBlur"
	case "feimage":
		return "feImage"
	case "femerge":
		return "feMerge"
	case "femergenode":
		return "feMergeNode"
	case "femorphology":
		return "feMorphology"
	case "feoffset":
		return "feOffset"
	case "fepointlight":
		return "fePointLight"
	case "fespecularlighting":
		return "feSpecularLighting"
	case "fespotlight":
		return "feSpotLight"
	case "fetile":
		return "feTile"
	case "feturbulence":
		return "feTurbulence"
	case "foreignobject":
		return "foreignObject"
	case "glyphref":
		return "glyphRef"
	case "lineargradient":
		return "linearGradient"
	case "radialgradient":
		return "radialGradient"
	case "textpath":
		return "textPath"
	}
	return name
}

func (m *treeModel) foreign() bool {
	t := &m.tok
	switch t.tt {
	case html.TextToken:
		n := int64(len(t.text))
		for _, c := range t.text {
			if c == 0 {
				n += 2 // U+FFFD
			}
		}
		if m.framesetOK {
			m.framesetOK = allSpaceOrNUL(t.text)
		}
		m.addText(n)
	case html.CommentToken:
		m.addComment(len(t.text))
	case html.StartTagToken:
		b := breakout(t.name)
		if t.atom == atom.Font {
			for _, a := range m.tokAttrs() {
				switch string(a[0]) {
				case "color", "face", "size":
					b = true
				}
			}
		}
		if b {
			for i := len(m.stack) - 1; i >= 0; i-- {
				if e := m.el(m.stack[i]); e.ns == nsHTML || e.hip || e.mathTextPoint() {
					m.popTo(i + 1)
					break
				}
			}
			return m.mode(m.im)
		}
		ns := m.adjustedCurrent().ns
		if ns == nsSVG {
			if x := svgTagName(t.name); x != t.name {
				t.name = x
				t.atom = atom.Lookup([]byte(x))
			}
		}
		c := m.addElement()
		e := m.el(c)
		e.ns = ns
		if e.name == "" && e.atom != 0 {
			e.name = e.atom.String()
		}
		switch {
		case ns == nsSVG:
			switch t.name {
			case "desc", "foreignObject", "title":
				e.hip = true
			}
		case t.name == "annotation-xml":
			if v, ok := m.attr("encoding"); ok &&
				(strings.EqualFold(string(v), "text/html") || strings.EqualFold(string(v), "application/xhtml+xml")) {
				e.hip = true
			}
		}
		m.rawOff = true
		if t.selfClosing {
			m.pop()
		}
	case html.EndTagToken:
		if strings.EqualFold(m.topElem().data(), t.name) {
			m.pop()
			return true
		}
		for i := len(m.stack) - 1; i >= 0; i-- {
			if strings.EqualFold(m.el(m.stack[i]).data(), t.name) {
				m.popTo(i)
				return true
			}
			if i > 0 && m.el(m.stack[i-1]).ns == nsHTML {
				break
			}
		}
		return m.mode(m.im)
	}
	return true
}

func allSpaceOrNUL(b []byte) bool {
	for _, c := range b {
		if c != 0 && !isWhitespace(c) {
			return false
		}
	}
	return true
}

package htmltoken

import (
	"bytes"
	"encoding/binary"
	"io"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/feedspec/feedspec/internal/jsonstr"
)

// A Mode changes what AppendHTML writes.
type Mode uint8

// DropOneByOneImages leaves out every HTML img whose width and height
// attributes are both exactly "1", as the Feed Parsing specification's
// sanitizer removes them ([113]). Removing a void element from the tree and
// leaving its tag out of the tokens give the same serialization.
const DropOneByOneImages Mode = 1 << iota

// JSONString makes AppendHTML write the serialization escaped for a JSON
// string (without its quotes), as encoding/json escapes it: the bytes
// jsonstr.AppendChars would append for the serialization, written in the
// same pass.
const JSONString Mode = 1 << 1

// JSONStringEscapeHTML is JSONString with <, > and & escaped too, as
// json.Marshal does.
const JSONStringEscapeHTML Mode = JSONString | 1<<2

// ValidUTF8 tells AppendHTML that src is valid UTF-8, which the caller
// knows: with JSONString, it then does not check. On src that is not valid
// UTF-8 the output is unspecified (it may hold invalid JSON).
const ValidUTF8 Mode = 1 << 3

// SortAttributes makes AppendHTML write every element's attributes sorted
// (by name, then value), as it writes those of formatting elements, so
// that two fragments whose trees are equal (the DOM's isEqualNode, which
// compares attributes as sets) have the same serialization, and two whose
// trees differ have different ones. It gives up on SVG elements with
// attributes.
const SortAttributes Mode = 1 << 4

// AppendHTML appends to dst what golang.org/x/net/html writes for src when
// it parses it as a fragment in a div context (scripting disabled) and
// renders the fragment's nodes one after the other with html.Render (with
// mode's changes), working from the tokens alone. It reads the tokens with
// a Fast tokenizer and, when that gives up, with x/net/html's Tokenizer.
//
// It reports false, and the caller must parse and render, unless it can
// tell the tree the tree builder makes from the tokens: each element
// contains what its tokens nest, except for the implied closings it
// follows — a p, li, dd or dt closed, with the elements above it, by a
// start tag; a heading closed by a heading; block, list item, heading and p
// end tags closing the elements above theirs; "</p>" and "</br>" making
// elements; end tags of elements not open being ignored; the newline
// dropped at the start of pre, listing and textarea — and the formatting
// elements such closings pop, which the tree builder reopens
// (reconstructs) before the next text or element and whose end tags it
// then ignores. Buttons, objects, applets and marquees keep their scopes
// (a p in a button is not closed from inside it; an object is a boundary,
// as a table is). An end tag for a formatting element open below the
// current one, with no special element above it, closes it and the
// elements above it, the formatting ones among them reopened later (the
// adoption agency algorithm when it moves no node); "any other end tag"
// (span, label, a custom element...) closes its element with those above
// it, or is ignored past a special element. Forms follow the form element
// pointer (a form start tag while it is set is ignored; a form end tag
// closes the form when it is the current element). SVG content is read
// for its plain shape and structure elements (render_svg.go). It gives up
// on whatever else makes the tree differ from the nesting (a formatting
// element closed past a special element, an a start tag while an a is
// open below a special element, three formatting
// elements of a kind open when one is closed without its end tag, a form
// closed past other elements), on elements with insertion rules of their
// own (select, template, MathML and the rest of SVG, noscript,
// plaintext...), and on NUL. Tables are read when their tokens tell the tree: sections,
// rows, cells and column groups, with the tbody, tr and colgroup the tree
// builder inserts and the cells and rows it closes, white space between
// them; text or other elements directly in a table (which the tree builder
// moves before it), captions, and table tags inside an object make it give
// up. Elements open at the end of src are closed, as serializing the tree
// does. When it reports false, dst's contents past its original length are
// unspecified.
//
// As x/net/html does, the attributes of formatting elements are sorted (by
// name, then value), raw text elements' text is written as it is, and a
// newline is added after a pre, listing or textarea start tag whose text
// starts with one.
func AppendHTML(dst []byte, src string, mode Mode) ([]byte, bool) {
	out, ok, _ := AppendHTMLWithin(dst, src, mode, TreeBudget(len(src)), false)
	return out, ok
}

// AppendHTMLWithin is AppendHTML giving up, and reporting over, when the
// cost of the tree of src (FragmentTreeCost) may pass budget; AppendHTML
// gives src's own, TreeBudget(len(src)). With probe, it gives up (over)
// too when, past the first 64 KiB of src, the cost of the tree of what it
// has read may pass that part's own budget: the caller then learns
// whether the tree is cut (FragmentTreeCost) before much is written.
func AppendHTMLWithin(dst []byte, src string, mode Mode, budget int64, probe bool) (out []byte, ok, over bool) {
	n := len(dst)
	if mode&(JSONString|ValidUTF8) == JSONString && !utf8.ValidString(src) {
		// Text on both sides of a tag left out joins into one string,
		// which can make a UTF-8 sequence of two invalid halves: escape
		// the serialization as a whole. (In valid UTF-8, every piece
		// written is cut at an ASCII byte and escapes alone as it does in
		// the whole.)
		out, ok, over := AppendHTMLWithin(dst, src, mode&^JSONStringEscapeHTML, budget, probe)
		if !ok {
			return out, false, over
		}
		m := len(out)
		out = jsonstr.AppendChars(out, out[n:m], mode&JSONStringEscapeHTML == JSONStringEscapeHTML)
		return append(out[:n], out[m:]...), true, false
	}
	fz := GetFast(src)
	out, ok, over = appendTokensOver(dst, fz, mode, len(src), budget, probe)
	gaveUp := fz.err == ErrGaveUp
	PutFast(fz)
	if !gaveUp {
		return out, ok, over
	}
	return appendTokensOver(dst[:n], html.NewTokenizerFragment(strings.NewReader(src), "div"), mode, len(src), budget, false)
}

// A tableBound is what a renderer saves when a table, cell or object
// opens: the base of the stack and of the pending formatting elements, and
// the counts of open p and a elements outside it.
type tableBound struct {
	base, pendingBase, openP, openA int
}

// A tokenElement is an element open while appendTokens serializes: its
// atom, and its name when the atom is 0; for a formatting element, where
// its start tag was written in the output (start, end), which a
// reconstructed copy writes again.
type tokenElement struct {
	atom       atom.Atom
	name       string
	start, end int
	// source: start and end are offsets in the source, of a start tag
	// written as Render writes it (Fast.canonicalStartTag), rather than in
	// the output.
	source bool
	// word is "</"+name+">" without its "</" as a little-endian word,
	// when fastStartTag opened the element, the name has at most seven
	// bytes and the end tag that closes it has no rules of its own
	// (fastEnd); 0 otherwise.
	word uint64
	// plain: opening and closing the element change nothing but the
	// stack (fastPlain), when fastStartTag opened it. textIn: text in it
	// is inserted as it is (fastText), when fastStartTag opened it.
	plain, textIn bool
	// nattr is the number of its attributes, which a copy costs.
	nattr uint16
}

// appendTokensOver is AppendHTML reading the tokens from z, of a source
// of n bytes: each token goes to the renderer method that applies the
// tree builder's rules for its kind, but those the fast paths read
// (fastTokens, render_fast.go). It gives up when the tree's cost may pass
// budget (renderer.cost), probing as AppendHTMLWithin does, and reports
// over then.
func appendTokensOver(dst []byte, z Tokenizer, mode Mode, n int, budget int64, probe bool) (out []byte, ok, over bool) {
	out, ok, cost, limit := appendTokens(dst, z, mode, n, budget, probe)
	return out, ok, !ok && cost > limit
}

// probeFrom is how much of the source AppendHTMLWithin reads before it
// probes.
const probeFrom = 64 << 10

// appendTokens is appendTokensOver, returning the renderer's cost and its
// limit (the budget, or the probed part's) when it ended.
func appendTokens(dst []byte, z Tokenizer, mode Mode, n int, budget int64, probe bool) ([]byte, bool, int64, int64) {
	var (
		stackBuf [24]tokenElement
		// Room for the bound of one table or cell; more nested tables
		// and cells grow onto the heap.
		boundsBuf [1]tableBound
		attrBuf   [8][2][]byte
		pendBuf   [4]tokenElement
	)
	r := renderer{mode: mode, out: &outputs[outputIndex(mode)], stack: stackBuf[:0], bounds: boundsBuf[:0], attrBuf: attrBuf[:0], pending: pendBuf[:0],
		budget: budget, limit: budget, n: n}
	r.fz, _ = z.(*Fast)
	if probe && r.fz != nil {
		r.probe = true
		r.limit = min(budget, TreeBudget(probeFrom))
	}
	if r.fz != nil {
		r.cost = int64(n) + int64(n)/5 + 1
	} else {
		r.cost = 3 * int64(n)
	}
	if k := outputIndex(mode); k > 0 && r.fz != nil {
		r.textTab = &textTables[k]
	}
	ok := true
	for ok {
		if r.fz != nil && !r.join {
			if dst, ok = r.fastTokens(dst); !ok {
				return dst, false, r.cost, r.limit
			}
		}
		// Whether the token writes anything (a tag that does not is
		// ignored).
		written, spanTo := len(dst), r.spanTo
		switch tt := z.Next(); tt {
		case html.ErrorToken:
			if z.Err() != io.EOF || r.cost > r.budget {
				return dst, false, r.cost, r.budget
			}
			return r.closeAll(r.flush(dst)), true, r.cost, r.limit
		case html.TextToken:
			r.textCost()
			dst, ok = r.text(dst, z.Text())
			if len(dst) != written || r.spanTo != spanTo {
				r.afterText = true
				if r.fz != nil {
					r.textEnd = r.fz.pos
				}
			}
			written = -1 // not an ignored tag
		case html.CommentToken:
			// In SVG content the tokenizer reads CDATA sections.
			ok = r.svg == 0
			if ok {
				r.cost += CostNode
				dst, ok = r.comment(r.flush(dst), z.Text())
			}
		case html.DoctypeToken:
			// Ignored in body and in SVG content.
		case html.StartTagToken, html.SelfClosingTagToken:
			if r.svg > 0 {
				dst, ok = r.svgStartTag(r.flush(dst), z, tt == html.SelfClosingTagToken)
			} else {
				dst, ok = r.startTag(dst, z, tt == html.SelfClosingTagToken)
			}
		case html.EndTagToken:
			if r.svg > 0 {
				dst, ok = r.svgEndTag(r.flush(dst), z)
			} else {
				dst, ok = r.endTag(dst, z)
			}
		}
		if written >= 0 {
			if len(dst) == written && r.spanTo == spanTo {
				// Ignored (or left out: a 1x1 image): right after text
				// (the fast paths keep where the last text ended), text
				// next may join it.
				if r.fz != nil {
					r.join = r.join || r.fz.rawA == r.textEnd
				} else {
					r.join = r.join || r.afterText
				}
			} else {
				r.join, r.afterText = false, false
			}
		}
		if len(r.stack) >= maxOpenElements || r.cost > r.limit && r.overLimit() {
			return dst, false, r.cost, r.limit
		}
	}
	return dst, false, r.cost, r.limit
}

// overLimit reports whether the cost passed its limit, the budget, or,
// probing, the budget of the source read so far (at least probeFrom
// bytes), which it raises the limit to when it did not.
func (r *renderer) overLimit() bool {
	if r.probe {
		r.limit = min(r.budget, TreeBudget(max(r.fz.pos, probeFrom)))
	}
	return r.cost > r.limit
}

// The renderer's cost starts with what the bytes of the source's texts,
// comments and attribute values may cost in the tree (FragmentTreeCost):
// 1.2 times the source with a Fast (a character reference never stands
// for more than 1.2 times its bytes, and a Fast reads no NUL), 3 times
// with x/net/html's tokenizer (which replaces a NUL in a comment with
// U+FFFD).

// textCost adds the cost of a text token's node, and, when it follows an
// ignored token, of x/net/html's joining it to the text node before
// (the joined text is at most twice the source read).
func (r *renderer) textCost() {
	r.cost += CostNode
	if r.join {
		r.join = false
		end := int64(r.n)
		if r.fz != nil {
			end = int64(r.fz.pos)
		}
		r.cost += 2 * end
	}
}

// startCost adds the cost of an element made by a start tag with nattr
// attributes.
func (r *renderer) startCost(nattr int) {
	r.cost += CostNode + CostAttr*int64(nattr)
}

// htmlCost adds the cost of an html start tag with nattr attributes, which
// x/net/html merges into its html element's (CostAttrMerge).
func (r *renderer) htmlCost(nattr int) {
	r.htmlAttrs += int64(nattr)
	if nattr > 0 {
		r.cost += CostAttrMerge * r.htmlAttrs
	}
}

// maxOpenElements is the number of open elements at which appendTokens
// gives up: x/net/html's parser fails when its stack of open elements (the
// fragment's elements and its html root) exceeds 512, counting a void
// element for the moment it is inserted.
const maxOpenElements = 510

// A renderer is what appendTokens keeps of the tree the tree builder would
// build: the stack of open elements and what its rules read of it. Its
// methods take and return the output, append-style, and report false when
// the tokens cannot tell the tree. (The output is not a field, and the
// stacks grow by copying rather than by append, so that escape analysis
// keeps the buffers appendTokens gives it on appendTokens' frame.)
type renderer struct {
	mode Mode
	// out is the markup written in mode.
	out   *output
	stack []tokenElement
	// openP and openA count the open p and a elements.
	openP, openA int
	// fresh: the current element is a pre, listing or textarea with no
	// child yet.
	fresh bool
	// Tables: base is the index in stack just above the innermost open
	// table or cell (td, th), 0 when there is none; the tree builder's
	// scopes stop there, so every search of the stack starts at base, and
	// openP and openA count the elements above it. bounds saves the outer
	// values while a table or cell is open.
	base   int
	bounds []tableBound
	// attrBuf holds a start tag's attributes while it is written.
	attrBuf [][2][]byte
	// pending are the formatting elements the tree builder closed
	// without their end tag and keeps in its list of active formatting
	// elements, to reopen (reconstruct) before the next text or
	// element; pending[pendingBase:] are those after the last marker
	// (the innermost cell or object), in the list's order.
	pending     []tokenElement
	pendingBase int
	// noah: a formatting element was opened with three of its kind
	// open or pending, which can take one out of the list ("Noah's Ark
	// clause"): closing one without its end tag then gives up.
	noah bool
	// svg, when not 0, is the length of stack with the svg element whose
	// content (render_svg.go) is being read.
	svg int
	// form is the tree builder's form element pointer: set by a form
	// start tag (while it is set, form start tags are ignored), cleared
	// by a form end tag.
	form bool
	// fz is the tokenizer when it is a Fast (nil for x/net/html's). The
	// tokens that Render writes as they are in its source (canonical
	// start tags, end tags, plain text) are not written one by one: the
	// output holds all but src[spanFrom:spanTo], the source of the last
	// such tokens, which flush writes (escaped for a JSON string in the
	// JSONString modes) before anything else is written.
	fz               *Fast
	spanFrom, spanTo int
	// textTab is the table appendTextJSON writes text with, in the JSON
	// string modes with a Fast (nil otherwise).
	textTab *textTable
	// spanE2: the span may hold a 0xE2 byte (U+2028 and U+2029 are
	// escaped in a JSON string).
	spanE2 bool
	// cost bounds from above the cost (FragmentTreeCost) of x/net/html's
	// tree of the tokens read so far; past budget, TreeBudget of the
	// source's n bytes, appendTokens gives up, and the caller builds the
	// tree of what the budget allows. It counts each element, comment
	// and text token, each attribute, the source's bytes, the copies
	// reconstruct writes, the texts that may join another, and the html
	// start tags' attribute merges. limit is budget, or, with probe, at
	// most the budget of what was read (overLimit).
	cost, budget, limit int64
	n                   int
	probe               bool
	// afterText (x/net/html's tokenizer), textEnd (a Fast, the source
	// offset where the last text written ends): the last token that
	// wrote anything wrote text. join: tokens were ignored since (they
	// wrote nothing), so that text next may join that text's node.
	afterText, join bool
	textEnd         int
	// htmlAttrs counts the attributes of the html start tags read.
	htmlAttrs int64
}

// flush writes the source span of the tokens written as they are.
func (r *renderer) flush(dst []byte) []byte {
	if r.spanTo > r.spanFrom {
		dst = appendSource(dst, r.fz.src[r.spanFrom:r.spanTo], r.mode, r.spanE2)
		r.spanFrom, r.spanE2 = r.spanTo, false
	}
	return dst
}

// asSource writes src[from:to], the current token's source or its end,
// which Render writes as it is: the span grows when it ends at from, and
// is flushed and starts again at from otherwise.
func (r *renderer) asSource(dst []byte, from, to int) []byte {
	if from != r.spanTo {
		dst = r.flush(dst)
		r.spanFrom = from
	}
	r.spanTo = to
	return dst
}

// escapedText writes the text d escaped, or, when verbatim (d is the end
// of the current token's source and escaping leaves it as it is), as
// source.
func (r *renderer) escapedText(dst, d []byte, verbatim bool) []byte {
	if verbatim {
		dst = r.asSource(dst, r.fz.pos-len(d), r.fz.pos)
		r.spanE2 = r.spanE2 || r.fz.e2
		return dst
	}
	return appendEscapedHTML(r.flush(dst), d, r.mode)
}

// text applies the rules for a character token: text is escaped, but in
// raw text elements; white space is kept in a table, other text would be
// moved before it; the newline at the start of pre, listing and textarea
// is dropped.
func (r *renderer) text(dst, d []byte) ([]byte, bool) {
	if r.fz == nil && bytes.IndexByte(d, 0) >= 0 {
		// (A Fast gives up on a source with a NUL.)
		return dst, false
	}
	// plain: escaping leaves d, the token's source, as it is.
	plain := r.fz != nil && r.fz.plain
	if r.svg > 0 {
		// Inserted as it is: no formatting element is pending (the svg
		// start tag reopened them), none is opened in SVG content.
		return r.escapedText(dst, d, plain), true
	}
	if r.inTable() || r.top() == atom.Colgroup {
		// White space stays in the table (column group); other text
		// would be moved before the table (foster parenting).
		if len(bytes.Trim(d, " \t\n\f\r")) > 0 {
			return dst, false
		}
		return r.escapedText(dst, d, plain), true
	}
	// Text reopens the pending formatting elements, but in textarea and
	// title (read as text alone).
	reopen := len(r.pending) > r.pendingBase
	switch r.top() {
	case atom.Script, atom.Style, atom.Iframe, atom.Noembed, atom.Noframes, atom.Xmp:
		if plain || r.fz != nil && r.fz.rawRun {
			dst = r.asSource(dst, r.fz.pos-len(d), r.fz.pos)
			r.spanE2 = r.spanE2 || r.fz.e2
			return dst, true
		}
		return appendOut(r.flush(dst), d, r.mode), true
	case atom.Textarea, atom.Title:
		reopen = false
	}
	if r.fresh {
		if d[0] == '\n' {
			d = d[1:]
		}
		if len(d) == 0 {
			return dst, true
		}
		r.fresh = false
		if d[0] == '\n' && !reopen {
			// Render adds a newline after the start tag when the
			// first child is text that starts with one.
			dst = append(r.flush(dst), r.out.newline...)
		}
	}
	if reopen {
		dst = r.reconstruct(dst)
	}
	return r.escapedText(dst, d, plain), true
}

// comment applies the rule for a comment token: written as html.Render
// writes it.
func (r *renderer) comment(dst, d []byte) ([]byte, bool) {
	r.fresh = false
	var b strings.Builder
	if html.Render(&b, &html.Node{Type: html.CommentNode, Data: string(d)}) != nil {
		return dst, false
	}
	return appendOut(dst, b.String(), r.mode), true
}

// A startAction is what a start tag makes once the elements it closes are
// closed.
type startAction uint8

const (
	// insertElement: an element, open until its end.
	insertElement startAction = iota
	// insertFormatting: a formatting element, its attributes sorted.
	insertFormatting
	// insertVoid: a void element.
	insertVoid
	// ignoreTag: nothing, the tag is ignored.
	ignoreTag
	// giveUp: the tokens cannot tell the tree.
	giveUp
)

// startTag applies a start tag: the rules of startTagRules, then the
// element written (left out for a 1x1 image in DropOneByOneImages mode)
// and opened.
func (r *renderer) startTag(dst []byte, z Tokenizer, selfClosing bool) ([]byte, bool) {
	name, hasAttr := z.TagName()
	tag := LookupAtom(name)
	// x/net/html's tokenizer's attributes are counted as they are read.
	nattr := 0
	if r.fz != nil {
		nattr = len(r.fz.attrs)
	}
	r.startCost(nattr)
	dst, act := r.startTagRules(dst, tag)
	switch act {
	case giveUp:
		return dst, false
	case ignoreTag:
		if tag == atom.Html && hasAttr {
			if r.fz == nil {
				for hasAttr {
					_, _, hasAttr = z.TagAttr()
					nattr++
				}
			}
			r.htmlCost(nattr)
		}
		return dst, true
	}
	if tag == atom.Svg {
		return r.svgTag(r.flush(dst), z, "svg", tag, hasAttr, selfClosing)
	}
	if fz := r.fz; fz != nil && fz.canonicalStartTag(act == insertVoid) &&
		(tag != atom.Img || r.mode&DropOneByOneImages == 0 || !fz.oneByOne()) &&
		(act != insertFormatting && r.mode&SortAttributes == 0 || fz.keysSorted()) {
		// Written as it is in the source.
		r.fresh = false
		from, to := fz.tokenSpan()
		dst = r.asSource(dst, from, to)
		if act != insertVoid {
			r.insert(tokenElement{atom: tag, start: from, end: to, source: true, nattr: uint16(min(nattr, math.MaxUint16))}, name)
		}
		return dst, true
	}
	attrs := r.attrBuf[:0]
	for hasAttr {
		var k, v []byte
		k, v, hasAttr = z.TagAttr()
		attrs = append(attrs, [2][]byte{k, v})
	}
	if r.fz == nil {
		nattr = len(attrs)
		r.cost += CostAttr * int64(nattr)
	}
	if tag == atom.Img && r.mode&DropOneByOneImages != 0 && isOneByOneImage(attrs) {
		return dst, true
	}
	r.fresh = false
	if act == insertFormatting || r.mode&SortAttributes != 0 {
		slices.SortFunc(attrs, func(x, y [2][]byte) int {
			if c := bytes.Compare(x[0], y[0]); c != 0 {
				return c
			}
			return bytes.Compare(x[1], y[1])
		})
	}
	dst = r.flush(dst)
	start := len(dst)
	dst = append(dst, r.out.lt...)
	if tag != 0 {
		dst = append(dst, name...) // an atom's: lower-case ASCII letters and digits
	} else {
		dst = appendOut(dst, name, r.mode)
	}
	for _, a := range attrs {
		dst = append(dst, ' ')
		dst = appendOut(dst, a[0], r.mode)
		dst = append(dst, r.out.valueStart...)
		dst = appendEscapedHTML(dst, a[1], r.mode)
		dst = append(dst, r.out.valueEnd...)
	}
	if act == insertVoid {
		return append(dst, r.out.selfClose...), true
	}
	dst = append(dst, r.out.gt...)
	r.insert(tokenElement{atom: tag, start: start, end: len(dst), nattr: uint16(min(nattr, math.MaxUint16))}, name)
	return dst, true
}

// startTagRules applies the rules of the insertion mode for a start tag up
// to the element's insertion: it closes the elements the tag closes and
// inserts the table sections and rows the tree builder implies, and says
// what the tag makes.
func (r *renderer) startTagRules(dst []byte, tag atom.Atom) ([]byte, startAction) {
	if r.top() == atom.Colgroup {
		// The "in column group" insertion mode: a col is inserted, any
		// other tag closes the column group and is read in the table.
		switch tag {
		case atom.Col:
			return dst, insertVoid
		case atom.Html:
			return dst, ignoreTag
		case atom.Template:
			return dst, giveUp
		}
		dst = r.pop(dst)
	}
	if r.inTable() {
		switch tag {
		case atom.Col, atom.Colgroup:
			// The stack cleared back to the table, then a column
			// group (implied for a col).
			for r.top() != atom.Table {
				dst = r.pop(dst)
			}
			if tag == atom.Colgroup {
				return dst, insertElement
			}
			dst = r.implied(dst, atom.Colgroup)
			return dst, insertVoid
		case atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr, atom.Td, atom.Th,
			atom.Html, atom.Head, atom.Body, atom.Frameset, atom.Frame:
		default:
			// Moved before the table, or with rules of its own.
			return dst, giveUp
		}
	}
	// reopen: the tag reopens the pending formatting elements before
	// its element is inserted.
	act, ok, reopen := insertElement, true, true
	switch tag {
	case atom.Html, atom.Head, atom.Body, atom.Frameset, atom.Frame:
		// Ignored in a div context.
		return dst, ignoreTag
	case atom.Caption, atom.Col, atom.Colgroup:
		if r.base > 0 {
			return dst, giveUp
		}
		return dst, ignoreTag // ignored outside a table
	case atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr, atom.Td, atom.Th:
		if r.inObject() {
			// Read by the table and cell around the object, if any.
			return dst, giveUp
		}
		return r.startTablePart(dst, tag)
	case atom.Table:
		if r.inObject() {
			return dst, giveUp
		}
		dst, ok = r.closeP(dst)
		reopen = false
	case atom.Button:
		if isOpen(r.stack[r.base:], atom.Button, nil) {
			// It closes the open button.
			return dst, giveUp
		}
	case atom.Applet, atom.Marquee, atom.Object:
		// A scope boundary, as tables are (insert).
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center,
		atom.Details, atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Fieldset,
		atom.Figcaption, atom.Figure, atom.Footer, atom.Header, atom.Hgroup,
		atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.P, atom.Search,
		atom.Section, atom.Summary, atom.Ul, atom.Pre, atom.Listing:
		dst, ok = r.closeP(dst)
		reopen = false
	case atom.Form:
		if r.form {
			return dst, ignoreTag
		}
		r.form = true
		dst, ok = r.closeP(dst)
		reopen = false
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		if dst, ok = r.closeP(dst); ok && isHeading(r.top()) {
			dst = r.pop(dst)
		}
		reopen = false
	case atom.Li, atom.Dd, atom.Dt:
		dst, ok = r.startListItem(dst, tag)
		reopen = false
	case atom.A:
		// The adoption agency algorithm for the last a in the list of
		// active formatting elements: a pending a is taken out of it,
		// an open one closed (adoptNoBlock).
		if !r.dropPending(atom.A) && r.openA > 0 {
			if dst, ok = r.adoptNoBlock(dst, atom.A); !ok {
				return dst, giveUp
			}
		}
		if r.openA > 0 {
			return dst, giveUp
		}
		act = insertFormatting
	case atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.S,
		atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U:
		act = insertFormatting
	case atom.Hr:
		dst, ok = r.closeP(dst)
		act, reopen = insertVoid, false
	case atom.Area, atom.Br, atom.Embed, atom.Img, atom.Keygen, atom.Wbr:
		act = insertVoid
	case atom.Param, atom.Source, atom.Track:
		act, reopen = insertVoid, false
	case atom.Script, atom.Style, atom.Iframe, atom.Title, atom.Textarea:
		// Raw text and escapable raw text: the tokenizer reads
		// their text up to their end tag.
		reopen = false
	case atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta,
		atom.Noframes, atom.Template, atom.Plaintext,
		atom.Nobr, atom.Input, atom.Image, atom.Xmp, atom.Noembed, atom.Noscript,
		atom.Select, atom.Option, atom.Optgroup,
		atom.Rb, atom.Rtc, atom.Rp, atom.Rt, atom.Math:
		return dst, giveUp
	case atom.Svg:
		// An element (render_svg.go), after the pending formatting
		// elements are reopened.
	}
	if !ok {
		return dst, giveUp
	}
	if reopen && len(r.pending) > r.pendingBase {
		dst = r.reconstruct(dst)
	}
	if act == insertFormatting && r.countFormatting(tag) >= 3 {
		r.noah = true
	}
	return dst, act
}

// startTablePart applies the start tag of a table section, row or cell:
// it closes the open cell, and in a table the sections and rows the tree
// builder closes or inserts before it; outside a table it is ignored.
func (r *renderer) startTablePart(dst []byte, tag atom.Atom) ([]byte, startAction) {
	if r.inCell() {
		dst = r.closeCell(dst)
	}
	if !r.inTable() {
		return dst, ignoreTag // ignored outside a table
	}
	switch tag {
	case atom.Tbody, atom.Thead, atom.Tfoot:
		if r.top() == atom.Tr {
			dst = r.pop(dst)
		}
		if r.top() != atom.Table {
			dst = r.pop(dst)
		}
	case atom.Tr:
		if r.top() == atom.Tr {
			dst = r.pop(dst)
		}
		if r.top() == atom.Table {
			dst = r.implied(dst, atom.Tbody)
		}
	default:
		switch r.top() {
		case atom.Table:
			dst = r.implied(dst, atom.Tbody)
			dst = r.implied(dst, atom.Tr)
		case atom.Tbody, atom.Thead, atom.Tfoot:
			dst = r.implied(dst, atom.Tr)
		}
	}
	return dst, insertElement
}

// startListItem applies the start tag of a li (dd, dt): it closes the open
// li (dd or dt) it closes with the elements above it, none of which may be
// a formatting element (the tree builder would reopen it), then a p.
func (r *renderer) startListItem(dst []byte, tag atom.Atom) ([]byte, bool) {
	if i := listItemToClose(r.stack[r.base:], tag); i >= 0 {
		var ok bool
		if dst, ok = r.popTo(dst, r.base+i); !ok {
			return dst, false
		}
	}
	return r.closeP(dst)
}

// popTo closes the element at index i of the stack and every element above
// it, as the tree builder pops them. The formatting elements among them stay
// in the tree builder's list of active formatting elements: they become
// pending, before those already pending. It reports false when one may
// have left the list (noah).
func (r *renderer) popTo(dst []byte, i int) ([]byte, bool) {
	n := 0
	for _, e := range r.stack[i:] {
		if isFormatting(e.atom) {
			n++
		}
	}
	if n > 0 {
		if r.noah {
			return dst, false
		}
		// Make room for n at pendingBase, in the stack's order.
		p := r.pendingBase
		for range n {
			if len(r.pending) == cap(r.pending) {
				r.pending = grown(r.pending)
			}
			r.pending = r.pending[:len(r.pending)+1]
		}
		copy(r.pending[p+n:], r.pending[p:len(r.pending)-n])
		for _, e := range r.stack[i:] {
			if isFormatting(e.atom) {
				r.pending[p] = e
				p++
			}
		}
	}
	for len(r.stack) > i {
		dst = r.pop(dst)
	}
	return dst, true
}

// reconstruct reopens the pending formatting elements, in order, writing
// their start tags again (the tree builder's clones have the same
// attributes).
func (r *renderer) reconstruct(dst []byte) []byte {
	dst = r.flush(dst)
	for _, e := range r.pending[r.pendingBase:] {
		// A copy costs what its element did, and its attributes' bytes,
		// which its start tag holds: the source's (at most twice as
		// many when their character references are replaced) or the
		// output's (escaped).
		r.cost += CostNode + CostAttr*int64(e.nattr) + int64(e.end-e.start)
		if e.source {
			r.cost += int64(e.end - e.start)
		}
		// The copy keeps the offsets of the start tag it copies (the
		// output only grows).
		if e.source {
			dst = appendSource(dst, r.fz.src[e.start:e.end], r.mode, false)
		} else {
			dst = append(dst, dst[e.start:e.end]...)
		}
		r.insert(e, nil)
	}
	r.pending = r.pending[:r.pendingBase]
	return dst
}

// dropPending takes the last pending formatting element with atom a out of
// the list, and reports whether there was one.
func (r *renderer) dropPending(a atom.Atom) bool {
	for i := len(r.pending) - 1; i >= r.pendingBase; i-- {
		if r.pending[i].atom == a {
			// copy and a reslice rather than append, which would make
			// escape analysis move appendTokens' buffers to the heap.
			copy(r.pending[i:], r.pending[i+1:])
			r.pending = r.pending[:len(r.pending)-1]
			return true
		}
	}
	return false
}

// countFormatting returns the number of formatting elements with atom a
// open or pending after the last marker.
func (r *renderer) countFormatting(a atom.Atom) int {
	n := 0
	for _, e := range r.stack[r.base:] {
		if e.atom == a {
			n++
		}
	}
	for _, e := range r.pending[r.pendingBase:] {
		if e.atom == a {
			n++
		}
	}
	return n
}

// insert opens the element e that a start tag inserts (name when its
// atom is 0).
func (r *renderer) insert(e tokenElement, name []byte) {
	tag := e.atom
	if tag == 0 {
		e.name = string(name)
	}
	r.push(e)
	switch tag {
	case atom.P:
		r.openP++
	case atom.A:
		r.openA++
	case atom.Table, atom.Td, atom.Th, atom.Applet, atom.Marquee, atom.Object:
		if len(r.bounds) == cap(r.bounds) {
			r.bounds = grown(r.bounds)
		}
		r.bounds = r.bounds[:len(r.bounds)+1]
		r.bounds[len(r.bounds)-1] = tableBound{r.base, r.pendingBase, r.openP, r.openA}
		r.base, r.pendingBase, r.openP, r.openA = len(r.stack), len(r.pending), 0, 0
	case atom.Pre, atom.Listing, atom.Textarea:
		r.fresh = true
	}
}

// endTag applies an end tag: the rules of the cell and table insertion
// modes, then its current element closed, or endTagNotCurrent.
func (r *renderer) endTag(dst []byte, z Tokenizer) ([]byte, bool) {
	name, hasAttr := z.TagName()
	var tag atom.Atom
	if t := r.top(); t != 0 && string(name) == t.String() {
		tag = t // most end tags close the current element
	} else {
		tag = LookupAtom(name)
	}
	if r.top() == atom.Colgroup {
		// The "in column group" insertion mode.
		switch tag {
		case atom.Colgroup:
			return r.pop(dst), true
		case atom.Col:
			return dst, true // ignored
		case atom.Template:
			return dst, false
		}
		dst = r.pop(dst) // then read in the table
	}
	if r.inObject() {
		switch tag {
		case r.stack[r.base-1].atom:
			// It closes the object (applet, marquee) and what is open
			// in it.
			r.fresh = false
			for end := r.base - 1; len(r.stack) > end; {
				dst = r.pop(dst)
			}
			return dst, true
		case atom.Table, atom.Caption, atom.Colgroup, atom.Col, atom.Tbody,
			atom.Thead, atom.Tfoot, atom.Tr, atom.Td, atom.Th:
			// Read by the table and cell around the object, if any.
			return dst, false
		}
	}
	if isFormatting(tag) && r.dropPending(tag) {
		// The adoption agency algorithm on a formatting element no
		// longer open: taken out of the list, the tag ignored.
		return dst, true
	}
	if r.inCell() {
		done := false
		if dst, done = r.endTagInCell(dst, tag); done {
			return dst, true
		}
	}
	if r.inTable() {
		return r.endTagInTable(dst, tag)
	}
	if tag == atom.Form {
		return r.endForm(dst)
	}
	if len(r.stack) > 0 {
		if e := r.stack[len(r.stack)-1]; tag == e.atom && (tag != 0 || string(name) == e.name) {
			r.fresh = false
			if r.fz != nil && tag != 0 && isSourceEndTag(r.fz.Raw(), tag.String()) {
				// Written as it is in the source.
				r.popElement()
				from, to := r.fz.tokenSpan()
				return r.asSource(dst, from, to), true
			}
			return r.pop(dst), true
		}
	}
	return r.endTagNotCurrent(dst, tag, name, hasAttr)
}

// endForm applies a form end tag: it clears the form element pointer and
// closes the form when it is the current element, or is ignored when no
// form is open. A form open elsewhere in the stack (the tree builder
// removes it from the middle of the stack, or ignores the tag when a table
// or cell is in between) gives up, as does one open while the pointer is
// not set.
func (r *renderer) endForm(dst []byte) ([]byte, bool) {
	had := r.form
	r.form = false
	if !isOpen(r.stack, atom.Form, nil) {
		return dst, true
	}
	if !had || r.top() != atom.Form {
		return dst, false
	}
	r.fresh = false
	return r.pop(dst), true
}

// endTagInCell applies the rules of the "in cell" insertion mode for an end
// tag: a cell's end tag closes its cell (another cell's is ignored); a
// row's, section's or table's closes the cell and is then read in the
// row. It reports whether the tag is done with.
func (r *renderer) endTagInCell(dst []byte, tag atom.Atom) ([]byte, bool) {
	switch tag {
	case atom.Td, atom.Th:
		if r.stack[r.base-1].atom == tag {
			r.fresh = false
			dst = r.closeCell(dst)
		}
		return dst, true // another cell's end tag is ignored
	case atom.Tr, atom.Tbody, atom.Thead, atom.Tfoot, atom.Table:
		r.fresh = false
		dst = r.closeCell(dst) // then read in the row
	}
	return dst, false
}

// endTagInTable applies the rules of the "in table", "in table body" and
// "in row" insertion modes for an end tag: a table's, row's or section's
// closes it; any other tells a tree the tokens cannot.
func (r *renderer) endTagInTable(dst []byte, tag atom.Atom) ([]byte, bool) {
	switch tag {
	case atom.Table:
		for r.top() != atom.Table {
			dst = r.pop(dst)
		}
		return r.pop(dst), true
	case atom.Tr:
		if r.top() != atom.Tr {
			return dst, false
		}
		return r.pop(dst), true
	case atom.Tbody, atom.Thead, atom.Tfoot:
		if r.top() == atom.Tr && r.stack[len(r.stack)-2].atom == tag {
			dst = r.pop(dst)
		}
		if r.top() != tag {
			return dst, false
		}
		return r.pop(dst), true
	}
	return dst, false
}

// endTagNotCurrent applies an end tag that does not close the current
// element: "</br>" is a br start tag, "</p>" with no p open makes an empty
// p, an end tag for an element open below the current one closes it with
// the elements above it (impliedCloseTarget), and any other is ignored.
func (r *renderer) endTagNotCurrent(dst []byte, tag atom.Atom, name []byte, hasAttr bool) ([]byte, bool) {
	switch {
	case tag == atom.Br:
		// "</br>" is a br start tag.
		if hasAttr {
			return dst, false
		}
		r.fresh = false
		if len(r.pending) > r.pendingBase {
			dst = r.reconstruct(dst)
		}
		r.cost += CostNode
		dst = append(r.flush(dst), r.out.br...)
	case tag == atom.P && r.pInButtonScope() < 0:
		// "</p>" with no p open makes an empty p.
		r.fresh = false
		r.cost += CostNode
		dst = append(r.flush(dst), r.out.emptyP...)
	case isFormatting(tag) && isOpen(r.stack[r.base:], tag, nil):
		return r.adoptNoBlock(dst, tag)
	case isOtherEndTag(tag) && isOpen(r.stack[r.base:], tag, name):
		// "Any other end tag": it closes the element with the elements
		// above it, unless a special element is in between (then it is
		// ignored).
		for i := len(r.stack) - 1; i >= r.base; i-- {
			if e := r.stack[i]; e.atom == tag && (tag != 0 || e.name == string(name)) {
				r.fresh = false
				return r.popTo(dst, i)
			}
			if isSpecialTokenElement(r.stack[i].atom) {
				break
			}
		}
	case isOpen(r.stack[r.base:], tag, name):
		// It closes an element below the current one, with the
		// elements above it (popTo).
		i := impliedCloseTarget(r.stack[r.base:], tag)
		if i < 0 {
			return dst, false
		}
		i += r.base
		if i < len(r.stack) {
			r.fresh = false
			return r.popTo(dst, i)
		}
	}
	// Otherwise no element it could close is open: ignored.
	return dst, true
}

// adoptNoBlock applies the end tag of the formatting element tag, open
// below the current element: when no element above it is special, the
// adoption agency algorithm closes it with the elements above it, and
// those that are formatting elements stay in the list of active formatting
// elements (pending); it gives up otherwise (the algorithm moves nodes).
func (r *renderer) adoptNoBlock(dst []byte, tag atom.Atom) ([]byte, bool) {
	i := len(r.stack) - 1
	for r.stack[i].atom != tag {
		if isSpecialTokenElement(r.stack[i].atom) {
			return dst, false
		}
		i--
	}
	r.fresh = false
	dst, ok := r.popTo(dst, i+1)
	if !ok {
		return dst, false
	}
	return r.pop(dst), true
}

// top returns the current element's atom, 0 when none is open.
func (r *renderer) top() atom.Atom {
	if len(r.stack) == 0 {
		return 0
	}
	return r.stack[len(r.stack)-1].atom
}

// push opens e. The stack grows by copying (grown), not by append.
func (r *renderer) push(e tokenElement) {
	if len(r.stack) == cap(r.stack) {
		r.stack = grown(r.stack)
	}
	r.stack = r.stack[:len(r.stack)+1]
	r.stack[len(r.stack)-1] = e
}

// pop closes the current element, writing its end tag.
func (r *renderer) pop(dst []byte) []byte {
	e := r.popElement()
	dst = append(r.flush(dst), r.out.endTagStart...)
	if e.atom != 0 {
		dst = append(dst, e.atom.String()...) // lower-case ASCII letters and digits
	} else {
		dst = appendOut(dst, e.name, r.mode)
	}
	return append(dst, r.out.gt...)
}

// isSourceEndTag reports whether raw, an end tag's source, is "</"+name+">",
// as Render writes the end tag.
func isSourceEndTag(raw []byte, name string) bool {
	return len(raw) == len(name)+3 && string(raw[2:len(raw)-1]) == name
}

// popElement closes the current element and returns it, its end tag not
// written.
func (r *renderer) popElement() tokenElement {
	e := r.stack[len(r.stack)-1]
	r.stack = r.stack[:len(r.stack)-1]
	switch e.atom {
	case atom.P:
		r.openP--
	case atom.A:
		r.openA--
	case atom.Table, atom.Td, atom.Th, atom.Applet, atom.Marquee, atom.Object:
		b := r.bounds[len(r.bounds)-1]
		r.bounds = r.bounds[:len(r.bounds)-1]
		// The list of active formatting elements is cleared up to
		// the marker.
		r.pending = r.pending[:r.pendingBase]
		r.base, r.pendingBase, r.openP, r.openA = b.base, b.pendingBase, b.openP, b.openA
	}
	return e
}

// closeAll closes every open element, as serializing the tree does at the
// end of the input.
func (r *renderer) closeAll(dst []byte) []byte {
	for len(r.stack) > 0 {
		dst = r.pop(dst)
	}
	return dst
}

// inTable reports whether the current element is a table or one of its
// sections or rows (the "in table", "in table body" and "in row" insertion
// modes).
func (r *renderer) inTable() bool {
	switch r.top() {
	case atom.Table, atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr:
		return r.base > 0
	}
	return false
}

// inCell reports whether the innermost table or cell open is a cell.
func (r *renderer) inCell() bool {
	return r.base > 0 && (r.stack[r.base-1].atom == atom.Td || r.stack[r.base-1].atom == atom.Th)
}

// closeCell closes the innermost cell and what is open in it.
func (r *renderer) closeCell(dst []byte) []byte {
	for end := r.base - 1; len(r.stack) > end; {
		dst = r.pop(dst)
	}
	return dst
}

// implied opens an element the tree builder inserts without a tag.
func (r *renderer) implied(dst []byte, a atom.Atom) []byte {
	r.cost += CostNode
	dst = append(r.flush(dst), r.out.lt...)
	dst = append(dst, a.String()...)
	dst = append(dst, r.out.gt...)
	r.push(tokenElement{atom: a})
	return dst
}

// closeP closes the p in button scope, if there is one, with the elements
// above it (popTo), as a start tag that closes a p element does.
func (r *renderer) closeP(dst []byte) ([]byte, bool) {
	if r.openP == 0 {
		return dst, true
	}
	if r.top() == atom.P {
		return r.pop(dst), true
	}
	i := r.pInButtonScope()
	if i < 0 {
		return dst, true
	}
	return r.popTo(dst, i)
}

// pInButtonScope returns the index in the stack of the p element in button
// scope (the last p above the innermost table, cell or object with no
// button above it), or -1.
func (r *renderer) pInButtonScope() int {
	if r.openP == 0 {
		return -1
	}
	for i := len(r.stack) - 1; i >= r.base; i-- {
		switch r.stack[i].atom {
		case atom.P:
			return i
		case atom.Button:
			return -1
		}
	}
	return -1
}

// inObject reports whether the innermost table, cell or object open is an
// object, applet or marquee.
func (r *renderer) inObject() bool {
	if r.base == 0 {
		return false
	}
	switch r.stack[r.base-1].atom {
	case atom.Applet, atom.Marquee, atom.Object:
		return true
	}
	return false
}

// grownOutput returns dst with room for n more bytes: when it has not that
// room, a copy with twice its capacity (or room for n). The output grows
// in many short appends, which append would grow by a quarter at a time
// once it is long (the arrays left behind adding up to four times the
// output).
func grownOutput(dst []byte, n int) []byte {
	if cap(dst)-len(dst) >= n {
		return dst
	}
	b := make([]byte, len(dst), max(2*cap(dst), len(dst)+n))
	copy(b, dst)
	return b
}

// grown returns a copy of s with twice its capacity (at least 1), as append
// grows a short slice. Storing append's result in a renderer would make
// escape analysis move the arrays appendTokens keeps on its frame to the
// heap; a new array, copied, does not.
func grown[E any](s []E) []E {
	t := make([]E, len(s), max(2*cap(s), 1))
	copy(t, s)
	return t
}

// impliedCloseTarget returns, for an end tag tag that does not close the
// current element, the index in stack of the element it closes when the
// tree builder pops it with every element above it (block, li, dd, dt,
// heading and p end tags), len(stack) when the end tag is ignored (a li
// with a list in between), and -1 when the tokens cannot tell the tree
// (another end tag).
func impliedCloseTarget(stack []tokenElement, tag atom.Atom) int {
	switch tag {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Button,
		atom.Center, atom.Details, atom.Dialog, atom.Dir, atom.Div, atom.Dl,
		atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer, atom.Header,
		atom.Hgroup, atom.Listing, atom.Main, atom.Menu, atom.Nav, atom.Ol,
		atom.Pre, atom.Search, atom.Section, atom.Summary, atom.Ul,
		atom.Li, atom.Dd, atom.Dt, atom.P,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
	default:
		return -1
	}
	for i := len(stack) - 1; i >= 0; i-- {
		a := stack[i].atom
		if a == tag || isHeading(tag) && isHeading(a) {
			return i
		}
		if tag == atom.Li && (a == atom.Ol || a == atom.Ul) {
			// No li in list item scope.
			return len(stack)
		}
	}
	return -1
}

// isFormatting reports whether a is a formatting element.
func isFormatting(a atom.Atom) bool {
	switch a {
	case atom.A, atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.Nobr,
		atom.S, atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U:
		return true
	}
	return false
}

// isOpen reports whether an element the end tag for tag (name when tag is
// 0) could close is on the stack (any heading for a heading).
func isOpen(stack []tokenElement, tag atom.Atom, name []byte) bool {
	for _, e := range stack {
		switch {
		case e.atom != tag:
			if isHeading(tag) && isHeading(e.atom) {
				return true
			}
		case tag != 0 || e.name == string(name):
			return true
		}
	}
	return false
}

// appendOut appends s as it is, or escaped for a JSON string in the
// JSONString modes.
func appendOut[S []byte | string](dst []byte, s S, mode Mode) []byte {
	if mode&JSONString == 0 {
		return append(dst, s...)
	}
	html := mode&JSONStringEscapeHTML == JSONStringEscapeHTML
	cls := jsonstr.Classes(html)
	for i := 0; i < len(s); i++ {
		if cls[s[i]] != 0 {
			return jsonstr.AppendChars(dst, s, html)
		}
	}
	return append(dst, s...) // tag names and attribute keys, mostly
}

// outputIndex returns the index in outputs, textEscapes and textClasses of
// what mode writes: 0 for HTML, 1 for a JSON string, 2 for a JSON string
// with HTML escaping.
func outputIndex(mode Mode) int {
	switch {
	case mode&JSONStringEscapeHTML == JSONStringEscapeHTML:
		return 2
	case mode&JSONString != 0:
		return 1
	}
	return 0
}

// An output is the markup a renderer writes, as it is or escaped for a
// JSON string.
type output struct {
	lt, gt, endTagStart, selfClose, valueStart, valueEnd, br, emptyP, newline string
}

// outputs holds the output of each outputIndex.
var outputs = func() (o [3]output) {
	for k := range o {
		esc := func(s string) string {
			if k == 0 {
				return s
			}
			return string(jsonstr.AppendChars(nil, s, k == 2))
		}
		o[k] = output{
			lt: esc("<"), gt: esc(">"), endTagStart: esc("</"), selfClose: esc("/>"),
			valueStart: esc(`="`), valueEnd: esc(`"`), br: esc("<br/>"), emptyP: esc("<p></p>"),
			newline: esc("\n"),
		}
	}
	return o
}()

func isHeading(a atom.Atom) bool {
	switch a {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// listItemToClose returns the index in stack of the li (dd or dt) a li
// (dd, dt) start tag closes: one open with only address, div, p or
// elements that are not special between it and the current node; -1 when
// there is none.
func listItemToClose(stack []tokenElement, tag atom.Atom) int {
	for i := len(stack) - 1; i >= 0; i-- {
		a := stack[i].atom
		switch a {
		case atom.Li:
			if tag == atom.Li {
				return i
			}
		case atom.Dd, atom.Dt:
			if tag != atom.Li {
				return i
			}
		case atom.Address, atom.Div, atom.P:
			continue
		}
		if isSpecialTokenElement(a) {
			return -1
		}
	}
	return -1
}

// isOtherEndTag reports whether the end tag for a (0 for a name without an
// atom) is read by the in-body insertion mode's rule for "any other end
// tag".
func isOtherEndTag(a atom.Atom) bool {
	switch a {
	case atom.Body, atom.Html, atom.Address, atom.Article, atom.Aside,
		atom.Blockquote, atom.Button, atom.Center, atom.Details, atom.Dialog,
		atom.Dir, atom.Div, atom.Dl, atom.Fieldset, atom.Figcaption,
		atom.Figure, atom.Footer, atom.Header, atom.Hgroup, atom.Listing,
		atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.Pre, atom.Search,
		atom.Section, atom.Select, atom.Summary, atom.Ul, atom.Form, atom.P,
		atom.Li, atom.Dd, atom.Dt, atom.H1, atom.H2, atom.H3, atom.H4,
		atom.H5, atom.H6, atom.Applet, atom.Marquee, atom.Object, atom.Br,
		atom.Template:
		return false
	}
	return !isFormatting(a)
}

// isSpecialTokenElement reports whether a, an element appendTokens keeps
// open, is in the HTML "special" category.
func isSpecialTokenElement(a atom.Atom) bool {
	switch a {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center,
		atom.Details, atom.Dir, atom.Div, atom.Dl, atom.Dd, atom.Dt, atom.Fieldset,
		atom.Figcaption, atom.Figure, atom.Footer, atom.H1, atom.H2, atom.H3,
		atom.H4, atom.H5, atom.H6, atom.Header, atom.Hgroup, atom.Li, atom.Main,
		atom.Menu, atom.Nav, atom.Ol, atom.P, atom.Section, atom.Summary, atom.Ul,
		atom.Pre, atom.Listing, atom.Script, atom.Style, atom.Iframe, atom.Title,
		atom.Textarea, atom.Colgroup, atom.Button, atom.Applet, atom.Marquee, atom.Object,
		atom.Table, atom.Td, atom.Th, atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr,
		atom.Form:
		return true
	}
	return false
}

// isOneByOneImage reports whether the attributes of an img tag have a width
// and a height of exactly "1".
func isOneByOneImage(attrs [][2][]byte) bool {
	width, height := false, false
	for _, a := range attrs {
		switch string(a[0]) {
		case "width":
			width = string(a[1]) == "1"
		case "height":
			height = string(a[1]) == "1"
		}
	}
	return width && height
}

// appendSource appends b, a part of the source that Render writes as it
// is, escaped for a JSON string in the JSONString modes (b is valid UTF-8
// there, as in appendEscapedHTML); e2 tells whether b may hold a 0xE2
// byte.
func appendSource(dst, b []byte, mode Mode, e2 bool) []byte {
	k := outputIndex(mode)
	if k != 0 && !e2 && len(b) <= sourceChunk {
		// The common case first.
		return escapeInto(dst, b, &sourceTables[k].words, &sourceTables[k].lens)
	}
	if k == 0 {
		return append(dst, b...)
	}
	t := &sourceTables[k]
	if e2 && (bytes.Contains(b, lineSeparator) || bytes.Contains(b, paragraphSeparator)) {
		// U+2028 and U+2029, escaped in a JSON string (rare).
		return appendMapped(dst, b, &t.classes, &t.escapes)
	}
	// Each byte written as its escape (itself for most): eight bytes
	// stored, the escape's length kept, with no branch on the byte.
	for len(b) > 0 {
		chunk := b[:min(len(b), sourceChunk)]
		b = b[len(chunk):]
		dst = escapeInto(dst, chunk, &t.words, &t.lens)
	}
	return dst
}

// sourceChunk is the longest part of the source appendSource escapes in
// one escapeInto call, which reserves room for its longest escapes.
const sourceChunk = 512

// escapeInto appends each byte of b to dst as its escape in words (the
// first lens bytes of the word, at most maxSourceEscape).
func escapeInto(dst, b []byte, words *[256]uint64, lens *[256]uint8) []byte {
	// Room for the longest escapes and the eight bytes stored for the
	// last: the stores stay in dst's array.
	dst = grownOutput(dst, maxSourceEscape*len(b)+8)
	p := unsafe.Pointer(unsafe.SliceData(dst[len(dst) : len(dst)+maxSourceEscape*len(b)+8]))
	return dst[:len(dst)+escapeWords(p, unsafe.Pointer(unsafe.SliceData(b)), len(b), words, lens)]
}

// escapeWords writes the n bytes at b to p as escapeInto does and returns
// the length written. It works on pointers, in a function of its own, so
// that its loop keeps everything in registers: no bounds checks, and no
// slice of dst or b to keep live across it.
//
//go:noinline
func escapeWords(p, b unsafe.Pointer, n int, words *[256]uint64, lens *[256]uint8) int {
	_, _ = words[0], lens[0] // nil checked once
	j, i := 0, 0
	// Eight bytes stored, whatever the escape's length: the next escape
	// is written over those past it. Each byte is read once, into a
	// variable (b and p never overlap, but the compiler cannot know: it
	// would read it again after the store).
	for ; i+8 <= n; i += 8 {
		c0 := *(*byte)(unsafe.Add(b, i))
		*(*uint64)(unsafe.Add(p, j)) = words[c0]
		j += int(lens[c0])
		c1 := *(*byte)(unsafe.Add(b, i+1))
		*(*uint64)(unsafe.Add(p, j)) = words[c1]
		j += int(lens[c1])
		c2 := *(*byte)(unsafe.Add(b, i+2))
		*(*uint64)(unsafe.Add(p, j)) = words[c2]
		j += int(lens[c2])
		c3 := *(*byte)(unsafe.Add(b, i+3))
		*(*uint64)(unsafe.Add(p, j)) = words[c3]
		j += int(lens[c3])
		c4 := *(*byte)(unsafe.Add(b, i+4))
		*(*uint64)(unsafe.Add(p, j)) = words[c4]
		j += int(lens[c4])
		c5 := *(*byte)(unsafe.Add(b, i+5))
		*(*uint64)(unsafe.Add(p, j)) = words[c5]
		j += int(lens[c5])
		c6 := *(*byte)(unsafe.Add(b, i+6))
		*(*uint64)(unsafe.Add(p, j)) = words[c6]
		j += int(lens[c6])
		c7 := *(*byte)(unsafe.Add(b, i+7))
		*(*uint64)(unsafe.Add(p, j)) = words[c7]
		j += int(lens[c7])
	}
	for ; i < n; i++ {
		c := *(*byte)(unsafe.Add(b, i))
		*(*uint64)(unsafe.Add(p, j)) = words[c]
		j += int(lens[c])
	}
	return j
}

// lineSeparator and paragraphSeparator are U+2028 and U+2029 in UTF-8.
var lineSeparator, paragraphSeparator = []byte("\u2028"), []byte("\u2029")

// maxSourceEscape is the length of the longest escape of a byte in a
// sourceTable.
const maxSourceEscape = 6

// A sourceTable is what appendSource writes in a JSON string mode: for
// each byte, its escape for a JSON string (the byte itself for most; up to
// maxSourceEscape bytes) as a little-endian word and its length; classes
// and escapes are the tables appendMapped reads for the same escaping.
type sourceTable struct {
	words   [256]uint64
	lens    [256]uint8
	classes [256]uint8
	escapes escapes
}

// sourceTables holds the sourceTable of each JSON string outputIndex.
var sourceTables = func() (t [3]sourceTable) {
	for k := 1; k < len(t); k++ {
		for c := 0; c < 256; c++ {
			e := []byte{byte(c)}
			if c < utf8.RuneSelf {
				e = jsonstr.AppendChars(nil, e, k == 2)
			}
			var w [8]byte
			copy(w[:], e)
			t[k].words[c] = binary.LittleEndian.Uint64(w[:])
			t[k].lens[c] = uint8(len(e))
			if c < utf8.RuneSelf {
				t[k].escapes.words[c] = [2]uint64{t[k].words[c], 0}
				t[k].escapes.lens[c] = t[k].lens[c]
			}
			if len(e) > 1 {
				t[k].classes[c] = 1
			}
		}
		t[k].classes[0xE2] = 1
	}
	return t
}()

// appendEscapedHTML appends b escaped as x/net/html's Render escapes text
// and attribute values (then for a JSON string, in the JSONString modes),
// in one pass. In the JSONString modes b must be valid UTF-8 (AppendHTML
// writes those modes only for a valid source, and every piece it escapes
// is cut from it at ASCII bytes or decoded from a character reference).
func appendEscapedHTML(dst, b []byte, mode Mode) []byte {
	k := outputIndex(mode)
	return appendMapped(dst, b, &textClasses[k], &textEscapeWords[k])
}

// An escapes gives, for each ASCII byte, what appendMapped writes for it
// (up to 16 bytes): the bytes as two little-endian words, and their
// number.
type escapes struct {
	words [utf8.RuneSelf][2]uint64
	lens  [utf8.RuneSelf]uint8
}

// escapesOf returns the escapes of esc, where "" stands for the byte
// itself.
func escapesOf(esc *[utf8.RuneSelf]string) *escapes {
	e := new(escapes)
	for c, s := range esc {
		if s == "" {
			s = string(rune(c))
		}
		var b [16]byte
		e.lens[c] = uint8(copy(b[:], s))
		e.words[c] = [2]uint64{binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:])}
	}
	return e
}

// textEscapeWords holds the escapes of textEscapes.
var textEscapeWords = [3]escapes{*escapesOf(&textEscapes[0]), *escapesOf(&textEscapes[1]), *escapesOf(&textEscapes[2])}

// appendMapped appends b with each byte of class 1 in cls written as esc
// has it (an ASCII byte) or as jsonstr.AppendChars writes U+2028 and
// U+2029 (0xE2).
func appendMapped(dst, b []byte, cls *[256]uint8, esc *escapes) []byte {
	start := 0
	for i := 0; ; {
		i = jsonstr.SkipSafe(b, i, cls)
		if i >= len(b) {
			break
		}
		if c := b[i]; c < utf8.RuneSelf {
			dst = append(dst, b[start:i]...)
			// The escape's two words stored, its length kept: no copy
			// of a length known only here.
			if cap(dst)-len(dst) < 16 {
				dst = slices.Grow(dst, 16)
			}
			n := len(dst)
			buf := dst[n : n+16]
			binary.LittleEndian.PutUint64(buf, esc.words[c][0])
			binary.LittleEndian.PutUint64(buf[8:], esc.words[c][1])
			dst = dst[:n+int(esc.lens[c])]
			i++
			start = i
			continue
		}
		// 0xE2 in a JSON string: U+2028 and U+2029 are escaped.
		if i+2 < len(b) && b[i+1] == 0x80 && b[i+2]&0xFE == 0xA8 {
			dst = append(dst, b[start:i]...)
			dst = jsonstr.AppendChars(dst, b[i:i+3], false)
			i += 3
			start = i
			continue
		}
		i++
	}
	return append(dst, b[start:]...)
}

// textEscapes gives, for each outputIndex, what appendEscapedHTML writes
// for each ASCII byte: "" for the byte itself. textClasses marks the bytes
// it does not write as they are: the ASCII bytes with an escape and, in
// the JSON string modes, 0xE2, which starts U+2028 and U+2029.
var textEscapes, textClasses = func() (t [3][utf8.RuneSelf]string, cls [3][256]uint8) {
	for c := 0; c < utf8.RuneSelf; c++ {
		h := string(rune(c))
		switch c {
		case '&':
			h = "&amp;"
		case '\'':
			h = "&#39;"
		case '<':
			h = "&lt;"
		case '>':
			h = "&gt;"
		case '"':
			h = "&#34;"
		case '\r':
			h = "&#13;"
		}
		for k := range t {
			e := h
			if k > 0 {
				e = string(jsonstr.AppendChars(nil, h, k == 2))
			}
			if e != string(rune(c)) {
				t[k][c] = e
				cls[k][c] = 1
			}
		}
	}
	cls[1][0xE2], cls[2][0xE2] = 1, 1
	return t, cls
}()

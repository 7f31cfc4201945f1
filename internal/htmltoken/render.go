package htmltoken

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

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

// AppendHTML appends to dst what golang.org/x/net/html writes for src when
// it parses it as a fragment in a div context (scripting disabled) and
// renders the fragment's nodes one after the other with html.Render (with
// mode's changes), working from the tokens alone. It reads the tokens with
// a Fast tokenizer and, when that gives up, with x/net/html's Tokenizer.
//
// It reports false, and the caller must parse and render, unless it can
// tell the tree the tree builder makes from the tokens: each element
// contains what its tokens nest, except for the implied closings it
// follows — a p, li, dd, dt or heading closed by a start tag when it is the
// current element, "</p>" and "</br>" making elements, end tags of elements
// not open being ignored, the newline dropped at the start of pre, listing
// and textarea. It gives up on whatever else makes the tree differ from the
// nesting (an end tag for an element open below the current one, a inside
// a, implied closings of other elements), on elements with insertion rules
// of their own (forms, select, object, template, foreign content, noscript,
// plaintext...), and on NUL. Tables are read when their tokens tell the
// tree: sections, rows and cells, with the tbody and tr the tree builder
// inserts and the cells and rows it closes, white space between them; text
// or other elements directly in a table (which the tree builder moves
// before it), captions and column groups make it give up. Elements open at the end of src are
// closed, as serializing the tree does. When it reports false, dst's
// contents past its original length are unspecified.
//
// As x/net/html does, the attributes of formatting elements are sorted (by
// name, then value), raw text elements' text is written as it is, and a
// newline is added after a pre, listing or textarea start tag whose text
// starts with one.
func AppendHTML(dst []byte, src string, mode Mode) ([]byte, bool) {
	n := len(dst)
	if mode&JSONString != 0 && !utf8.ValidString(src) {
		// Text on both sides of a tag left out joins into one string,
		// which can make a UTF-8 sequence of two invalid halves: escape
		// the serialization as a whole. (In valid UTF-8, every piece
		// written is cut at an ASCII byte and escapes alone as it does in
		// the whole.)
		out, ok := AppendHTML(dst, src, mode&^JSONStringEscapeHTML)
		if !ok {
			return out, false
		}
		m := len(out)
		out = jsonstr.AppendChars(out, out[n:m], mode&JSONStringEscapeHTML == JSONStringEscapeHTML)
		return append(out[:n], out[m:]...), true
	}
	fz := GetFast(src)
	out, ok := appendTokens(dst, fz, mode)
	gaveUp := fz.err == ErrGaveUp
	PutFast(fz)
	if !gaveUp {
		return out, ok
	}
	return appendTokens(dst[:n], html.NewTokenizerFragment(strings.NewReader(src), "div"), mode)
}

// A tableBound is what appendTokens saves when a table or cell opens: the
// base of the stack and the counts of open p and a elements outside it.
type tableBound struct {
	base, openP, openA int
}

// A tokenElement is an element open while appendTokens serializes: its
// atom, and its name when the atom is 0.
type tokenElement struct {
	atom atom.Atom
	name string
}

// appendTokens is AppendHTML reading the tokens from z.
func appendTokens(dst []byte, z Tokenizer, mode Mode) ([]byte, bool) {
	var (
		stackBuf [24]tokenElement
		stack    = stackBuf[:0]
		attrBuf  [8][2][]byte
		// openP and openA count the open p and a elements.
		openP, openA int
		// fresh: the current element is a pre, listing or textarea with no
		// child yet.
		fresh bool
		// Tables: base is the index in stack just above the innermost open
		// table or cell (td, th), 0 when there is none; the tree builder's
		// scopes stop there, so every search of the stack starts at base,
		// and openP and openA count the elements above it. bounds saves
		// the outer values while a table or cell is open.
		base   int
		bounds []tableBound
	)
	top := func() atom.Atom {
		if len(stack) == 0 {
			return 0
		}
		return stack[len(stack)-1].atom
	}
	pop := func() {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		dst = appendEndTag(dst, e, mode)
		switch e.atom {
		case atom.P:
			openP--
		case atom.A:
			openA--
		case atom.Table, atom.Td, atom.Th:
			b := bounds[len(bounds)-1]
			bounds = bounds[:len(bounds)-1]
			base, openP, openA = b.base, b.openP, b.openA
		}
	}
	// inTable reports whether the current element is a table or one of
	// its sections or rows (the "in table", "in table body" and "in row"
	// insertion modes).
	inTable := func() bool {
		switch top() {
		case atom.Table, atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr:
			return base > 0
		}
		return false
	}
	// inCell reports whether the innermost table or cell open is a cell.
	inCell := func() bool {
		return base > 0 && (stack[base-1].atom == atom.Td || stack[base-1].atom == atom.Th)
	}
	// closeCell closes the innermost cell and what is open in it.
	closeCell := func() {
		for end := base - 1; len(stack) > end; {
			pop()
		}
	}
	// implied opens an element the tree builder inserts without a tag.
	implied := func(a atom.Atom) {
		dst = appendOut(dst, "<", mode)
		dst = append(dst, a.String()...)
		dst = appendOut(dst, ">", mode)
		stack = append(stack, tokenElement{atom: a})
	}
	// closeP closes the open p, which must be the current element, as a
	// start tag that closes a p element does.
	closeP := func() bool {
		if openP == 0 {
			return true
		}
		if top() != atom.P {
			return false
		}
		pop()
		return true
	}
	for {
		switch z.Next() {
		case html.ErrorToken:
			if z.Err() != io.EOF {
				return dst, false
			}
			for len(stack) > 0 {
				pop()
			}
			return dst, true

		case html.TextToken:
			d := z.Text()
			if bytes.IndexByte(d, 0) >= 0 {
				return dst, false
			}
			if inTable() {
				// White space stays in the table; other text would be
				// moved before it (foster parenting).
				if len(bytes.Trim(d, " \t\n\f\r")) > 0 {
					return dst, false
				}
				dst = appendEscapedHTML(dst, d, mode)
				continue
			}
			switch top() {
			case atom.Script, atom.Style, atom.Iframe, atom.Noembed, atom.Noframes, atom.Xmp:
				dst = appendOut(dst, d, mode)
				continue
			}
			if fresh {
				if d[0] == '\n' {
					d = d[1:]
				}
				if len(d) == 0 {
					continue
				}
				fresh = false
				if d[0] == '\n' {
					dst = appendOut(dst, "\n", mode)
				}
			}
			dst = appendEscapedHTML(dst, d, mode)

		case html.CommentToken:
			fresh = false
			var b strings.Builder
			if html.Render(&b, &html.Node{Type: html.CommentNode, Data: string(z.Text())}) != nil {
				return dst, false
			}
			dst = appendOut(dst, b.String(), mode)

		case html.DoctypeToken:
			// Ignored in body.

		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			tag := atom.Lookup(name)
			void, formatting := false, false
			if inTable() {
				switch tag {
				case atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr, atom.Td, atom.Th,
					atom.Html, atom.Head, atom.Body, atom.Frameset, atom.Frame:
				default:
					// Moved before the table, or with rules of its own.
					return dst, false
				}
			}
			switch tag {
			case atom.Html, atom.Head, atom.Body, atom.Frameset, atom.Frame:
				// Ignored in a div context.
				continue
			case atom.Caption, atom.Col, atom.Colgroup:
				if base > 0 {
					return dst, false
				}
				continue // ignored outside a table
			case atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr, atom.Td, atom.Th:
				if inCell() {
					closeCell()
				}
				if !inTable() {
					continue // ignored outside a table
				}
				// The sections and rows the tree builder closes or
				// inserts.
				switch tag {
				case atom.Tbody, atom.Thead, atom.Tfoot:
					if top() == atom.Tr {
						pop()
					}
					if top() != atom.Table {
						pop()
					}
				case atom.Tr:
					if top() == atom.Tr {
						pop()
					}
					if top() == atom.Table {
						implied(atom.Tbody)
					}
				default:
					switch top() {
					case atom.Table:
						implied(atom.Tbody)
						implied(atom.Tr)
					case atom.Tbody, atom.Thead, atom.Tfoot:
						implied(atom.Tr)
					}
				}
			case atom.Table:
				if !closeP() {
					return dst, false
				}
			case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center,
				atom.Details, atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Fieldset,
				atom.Figcaption, atom.Figure, atom.Footer, atom.Header, atom.Hgroup,
				atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.P, atom.Search,
				atom.Section, atom.Summary, atom.Ul, atom.Pre, atom.Listing:
				if !closeP() {
					return dst, false
				}
			case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				if !closeP() {
					return dst, false
				}
				if isHeading(top()) {
					pop()
				}
			case atom.Li, atom.Dd, atom.Dt:
				if closesListItem(stack[base:], tag) {
					if t := top(); t != atom.Li && t != atom.Dd && t != atom.Dt {
						return dst, false
					}
					pop()
				}
				if !closeP() {
					return dst, false
				}
			case atom.A:
				if openA > 0 {
					return dst, false
				}
				formatting = true
			case atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.S,
				atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U:
				formatting = true
			case atom.Hr:
				if !closeP() {
					return dst, false
				}
				void = true
			case atom.Area, atom.Br, atom.Embed, atom.Img, atom.Keygen, atom.Wbr,
				atom.Param, atom.Source, atom.Track:
				void = true
			case atom.Script, atom.Style, atom.Iframe, atom.Title, atom.Textarea:
				// Raw text and escapable raw text: the tokenizer reads
				// their text up to their end tag.
			case atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta,
				atom.Noframes, atom.Template, atom.Form, atom.Plaintext, atom.Button,
				atom.Nobr, atom.Applet, atom.Marquee, atom.Object,
				atom.Input, atom.Image, atom.Xmp, atom.Noembed, atom.Noscript,
				atom.Select, atom.Option, atom.Optgroup,
				atom.Rb, atom.Rtc, atom.Rp, atom.Rt, atom.Math, atom.Svg:
				return dst, false
			}
			attrs := attrBuf[:0]
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				attrs = append(attrs, [2][]byte{k, v})
			}
			if tag == atom.Img && mode&DropOneByOneImages != 0 && isOneByOneImage(attrs) {
				continue
			}
			fresh = false
			if formatting {
				slices.SortFunc(attrs, func(x, y [2][]byte) int {
					if c := bytes.Compare(x[0], y[0]); c != 0 {
						return c
					}
					return bytes.Compare(x[1], y[1])
				})
			}
			dst = appendOut(dst, "<", mode)
			dst = appendOut(dst, name, mode)
			for _, a := range attrs {
				dst = append(dst, ' ')
				dst = appendOut(dst, a[0], mode)
				dst = appendOut(dst, `="`, mode)
				dst = appendEscapedHTML(dst, a[1], mode)
				dst = appendOut(dst, `"`, mode)
			}
			if void {
				dst = appendOut(dst, "/>", mode)
				continue
			}
			dst = appendOut(dst, ">", mode)
			e := tokenElement{atom: tag}
			if tag == 0 {
				e.name = string(name)
			}
			stack = append(stack, e)
			switch tag {
			case atom.P:
				openP++
			case atom.A:
				openA++
			case atom.Table, atom.Td, atom.Th:
				bounds = append(bounds, tableBound{base, openP, openA})
				base, openP, openA = len(stack), 0, 0
			case atom.Pre, atom.Listing, atom.Textarea:
				fresh = true
			}

		case html.EndTagToken:
			name, hasAttr := z.TagName()
			tag := atom.Lookup(name)
			if inCell() {
				switch tag {
				case atom.Td, atom.Th:
					if stack[base-1].atom == tag {
						fresh = false
						closeCell()
					}
					continue // another cell's end tag is ignored
				case atom.Tr, atom.Tbody, atom.Thead, atom.Tfoot, atom.Table:
					fresh = false
					closeCell() // then read in the row
				}
			}
			if inTable() {
				switch tag {
				case atom.Table:
					for top() != atom.Table {
						pop()
					}
					pop()
				case atom.Tr:
					if top() != atom.Tr {
						return dst, false
					}
					pop()
				case atom.Tbody, atom.Thead, atom.Tfoot:
					if top() == atom.Tr && stack[len(stack)-2].atom == tag {
						pop()
					}
					if top() != tag {
						return dst, false
					}
					pop()
				default:
					return dst, false
				}
				continue
			}
			if len(stack) > 0 {
				if e := stack[len(stack)-1]; tag == e.atom && (tag != 0 || string(name) == e.name) {
					fresh = false
					pop()
					continue
				}
			}
			switch {
			case tag == atom.Br:
				// "</br>" is a br start tag.
				if hasAttr {
					return dst, false
				}
				fresh = false
				dst = appendOut(dst, "<br/>", mode)
			case tag == atom.P && openP == 0:
				// "</p>" with no p open makes an empty p.
				fresh = false
				dst = appendOut(dst, "<p></p>", mode)
			case isOpen(stack[base:], tag, name):
				// It closes an element below the current one: exact when
				// the tree builder pops the elements above it and none of
				// them is a formatting element (which it would reopen).
				i := impliedCloseTarget(stack[base:], tag)
				if i < 0 {
					return dst, false
				}
				i += base
				if i < len(stack) {
					fresh = false
					for len(stack) > i {
						pop()
					}
				}
			}
			// Otherwise no element it could close is open: ignored.
		}
	}
}

// impliedCloseTarget returns, for an end tag tag that does not close the
// current element, the index in stack of the element it closes when the
// tree builder pops it with every element above it (block, li, dd, dt,
// heading and p end tags), len(stack) when the end tag is ignored (a li
// with a list in between), and -1 when the tokens cannot tell the tree
// (another end tag, or a formatting element above the target).
func impliedCloseTarget(stack []tokenElement, tag atom.Atom) int {
	switch tag {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center,
		atom.Details, atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Fieldset,
		atom.Figcaption, atom.Figure, atom.Footer, atom.Header, atom.Hgroup,
		atom.Listing, atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.Pre,
		atom.Search, atom.Section, atom.Summary, atom.Ul,
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
		if isFormatting(a) {
			return -1
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

func appendEndTag(dst []byte, e tokenElement, mode Mode) []byte {
	dst = appendOut(dst, "</", mode)
	if e.atom != 0 {
		dst = append(dst, e.atom.String()...) // lower-case ASCII letters and digits
	} else {
		dst = appendOut(dst, e.name, mode)
	}
	return appendOut(dst, ">", mode)
}

// appendOut appends s as it is, or escaped for a JSON string in the
// JSONString modes.
func appendOut[S []byte | string](dst []byte, s S, mode Mode) []byte {
	if mode&JSONString == 0 {
		return append(dst, s...)
	}
	return jsonstr.AppendChars(dst, s, mode&JSONStringEscapeHTML == JSONStringEscapeHTML)
}

func isHeading(a atom.Atom) bool {
	switch a {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// closesListItem reports whether a li (dd, dt) start tag would close an
// open li (dd or dt): one is open with only address, div, p or elements
// that are not special between it and the current node.
func closesListItem(stack []tokenElement, tag atom.Atom) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		a := stack[i].atom
		switch a {
		case atom.Li:
			if tag == atom.Li {
				return true
			}
		case atom.Dd, atom.Dt:
			if tag != atom.Li {
				return true
			}
		case atom.Address, atom.Div, atom.P:
			continue
		}
		if isSpecialTokenElement(a) {
			return false
		}
	}
	return false
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
		atom.Textarea:
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

// appendEscapedHTML appends b escaped as x/net/html's Render escapes text
// and attribute values (then for a JSON string, in the JSONString modes),
// in one pass.
func appendEscapedHTML(dst, b []byte, mode Mode) []byte {
	k := 0
	if mode&JSONString != 0 {
		k = 1
		if mode&JSONStringEscapeHTML == JSONStringEscapeHTML {
			k = 2
		}
	}
	esc := &textEscapes[k]
	start := 0
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if e := esc[c]; e != "" {
				dst = append(dst, b[start:i]...)
				dst = append(dst, e...)
				start = i + 1
			}
			i++
			continue
		}
		if k == 0 {
			i++
			continue
		}
		// A JSON string: invalid UTF-8, U+2028 and U+2029 are escaped.
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			dst = append(dst, b[start:i]...)
			dst = jsonstr.AppendChars(dst, b[i:i+size], k == 2)
			start = i + size
		}
		i += size
	}
	return append(dst, b[start:]...)
}

// textEscapes gives, for the HTML output and the two JSONString modes, what
// appendEscapedHTML writes for each ASCII byte: "" for the byte itself.
var textEscapes = func() (t [3][utf8.RuneSelf]string) {
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
			}
		}
	}
	return t
}()

package feedspec

import (
	"bytes"
	"encoding/binary"
	"hash/fnv"
	"io"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The scanner of DiscoverFeeds reads an HTML page as a stream of tokens
// and keeps only what discovery needs: the first <base href>, the <link>
// elements whose rel has "alternate" or "feed", and the <a href> elements
// with their text. It never builds the page's tree (a node is about 100
// bytes, more than thirty times a "<p>"): it follows the HTML tree
// construction rules that decide which element a token makes and where an
// <a> ends, on a stack of at most discMaxDepth small entries:
//
//   - <svg> and <math> content (foreign content) makes no HTML <link>, <a>
//     or <base> (except in its HTML integration points), is not read as
//     raw text, and ends at its end tag or a tag that breaks out of it;
//   - an <a> ends at its end tag, at the next <a>, or when an element that
//     was open before it is closed; it is then reopened (a copy, as the
//     tree construction's "reconstruct the active formatting elements"
//     does) by the next text or inline start tag, unless a table cell or
//     another marker that contained it was closed;
//   - an </a> while block elements opened inside the <a> are still open
//     splits it at each (the "adoption agency algorithm"): the text before
//     the first block is the <a>'s, each block's text a copy's;
//   - the text of <script>, <style> and <template> in an <a> is not its text.
//
// Deeper nesting than discMaxDepth (the stack) is not followed: its
// elements are read as if they were not open.
type discScanner struct {
	z *html.Tokenizer

	stack   []discElem
	markers int // the markers (td, th, caption, ...) on stack
	skip    int // the script, style and template elements on stack

	// bodyStarted is set by the first token of the page's body; a
	// <frameset> before it makes the page a frameset, where no element
	// but frames is read (frameset).
	bodyStarted, frameset bool

	hasBase  bool
	baseHref string

	links   discLinks
	anchors discAnchors

	// The <a> in the list of active formatting elements, if any.
	active       bool
	activeMarker int    // markers when it was opened
	open         bool   // it is on the stack (else it would be reopened)
	openSkip     int    // skip when it was opened: its text is read when skip is that
	attrs        []byte // its href and title, as discAppendAttrs writes them
	dead         bool   // it has no URL
	text         []byte // the open piece's text, collapsed
	alts         []byte // the alt texts of its images, collapsed, one after another
	altMarks     []discAlt
	seq          int32 // counts pushes and images, to place an image among blocks
	pendingSpace bool

	name    []byte // scratch: the current tag's lowercased name
	scratch []byte
}

// discMaxDepth is how deep the scanner follows nesting.
const discMaxDepth = 1024

// A discElem is an open element.
type discElem struct {
	name  uint32 // its atom, or a hash of its name with the high bit set
	ns    uint8
	flags uint8
	pos   int32 // in an open <a>: the length of its text when this opened
	seq   int32 // and the scanner's seq then
}

const (
	nsHTML = iota
	nsSVG
	nsMath
)

const (
	dfSpecial     = 1 << iota // in the tree construction's "special" category
	dfIntegration             // an HTML integration point
	dfMathText                // a MathML text integration point
	dfAnchor                  // the open <a>
	dfSkip                    // script, style, template
	dfMarker                  // a marker in the active formatting elements
	dfRaw                     // its text is raw text (script, style, textarea...)
)

func newDiscScanner(r io.Reader) *discScanner {
	return &discScanner{z: html.NewTokenizer(r)}
}

// tagName returns the current tag's lowercased name without the copy the
// tokenizer's TagName makes (one allocation per tag).
func (s *discScanner) tagName() []byte {
	raw := s.z.Raw()
	i := 1
	if len(raw) > 1 && raw[1] == '/' {
		i = 2
	}
	j := i
	for j < len(raw) {
		c := raw[j]
		if c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '/' || c == '>' {
			break
		}
		if c == 0 {
			n, _ := s.z.TagName()
			return n
		}
		j++
	}
	s.name = s.name[:0]
	for _, c := range raw[i:j] {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		s.name = append(s.name, c)
	}
	return s.name
}

func discNameID(name []byte) uint32 {
	if a := atom.Lookup(name); a != 0 {
		return uint32(a)
	}
	h := fnv.New32a()
	_, _ = h.Write(name)
	return h.Sum32() | 1<<31
}

func (s *discScanner) top() *discElem {
	if len(s.stack) == 0 {
		return nil
	}
	return &s.stack[len(s.stack)-1]
}

// run reads the page to its end.
func (s *discScanner) run() error {
	for {
		top := s.top()
		s.z.AllowCDATA(top != nil && top.ns != nsHTML)
		tt := s.z.Next()
		switch tt {
		case html.ErrorToken:
			if err := s.z.Err(); err != io.EOF {
				return err
			}
			s.closeAnchorPiece()
			return nil
		case html.TextToken:
			s.textToken()
		case html.CommentToken:
			s.pendingSpace = true
		case html.StartTagToken, html.SelfClosingTagToken:
			s.startTag(tt == html.SelfClosingTagToken)
		case html.EndTagToken:
			s.endTag()
		}
	}
}

// foreign reports whether the current token is read by the rules for
// foreign content.
func (s *discScanner) foreign(start bool, id uint32) bool {
	top := s.top()
	if top == nil || top.ns == nsHTML {
		return false
	}
	if top.flags&dfMathText != 0 && (start && id != uint32(atom.Mglyph) && id != uint32(atom.Malignmark) || !start && id == 0) {
		return false
	}
	if top.ns == nsMath && top.name == uint32(atom.AnnotationXml) && start && id == uint32(atom.Svg) {
		return false
	}
	if top.flags&dfIntegration != 0 && (start || id == 0) {
		return false
	}
	return true
}

func (s *discScanner) textToken() {
	t := s.z.Text() // once: the tokenizer gives it once
	if s.foreign(false, 0) {
		if s.open && s.skip == s.openSkip {
			s.addText(t)
		}
		return
	}
	if s.frameset {
		return
	}
	ws := len(bytes.TrimLeft(t, "\t\n\f\r ")) == 0
	if !ws {
		s.bodyStarted = true
	}
	if top := s.top(); s.active && !s.open && (top == nil || top.flags&dfRaw == 0) {
		// (The text of a raw text element is its own.)
		if top != nil && discTableContext(top.name) && ws {
			return
		}
		s.reconstruct()
	}
	if s.open && s.skip == s.openSkip {
		s.addText(t)
	}
}

// addText adds text to the open <a>'s, white space collapsed as
// plainCollapseSpace does; the tree construction removes NUL from text.
func (s *discScanner) addText(t []byte) {
	if s.dead {
		return
	}
	s.text = discGrow(s.text, len(t)+1)
	for len(t) > 0 {
		r, n := decodeRune(t)
		switch {
		case r == 0:
		case isSpaceRune(r):
			s.pendingSpace = true
		default:
			if s.pendingSpace && len(s.text) > 0 {
				s.text = append(s.text, ' ')
			}
			s.pendingSpace = false
			s.text = append(s.text, t[:n]...)
		}
		t = t[n:]
	}
}

func (s *discScanner) push(e discElem) {
	if len(s.stack) >= discMaxDepth {
		return
	}
	if e.flags&dfMarker != 0 {
		s.markers++
	}
	if e.flags&dfSkip != 0 {
		s.skip++
	}
	e.pos = int32(len(s.text))
	s.seq++
	e.seq = s.seq
	s.stack = append(s.stack, e)
}

// popTo pops the elements above index i and, when incl, the one at i.
func (s *discScanner) popTo(i int, incl bool) {
	if !incl {
		i++
	}
	for len(s.stack) > i {
		e := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		if e.flags&dfMarker != 0 {
			s.markers--
			if s.active && s.markers < s.activeMarker {
				s.active = false
			}
		}
		if e.flags&dfSkip != 0 {
			s.skip--
		}
		if e.flags&dfAnchor != 0 {
			s.closeAnchorPiece()
		}
	}
}

// closeAnchorPiece ends the text of the open <a> (or copy).
func (s *discScanner) closeAnchorPiece() {
	if !s.open {
		return
	}
	s.open = false
	s.addPiece(s.text, s.altIn(0, -1))
	s.resetPiece()
}

func (s *discScanner) resetPiece() {
	s.text, s.alts, s.altMarks, s.pendingSpace = s.text[:0], s.alts[:0], s.altMarks[:0], false
}

// reconstruct reopens the active <a> that an end tag closed.
func (s *discScanner) reconstruct() {
	if !s.active || s.open || s.markers != s.activeMarker {
		return
	}
	s.addAttrs()
	s.openAnchor()
}

func (s *discScanner) openAnchor() {
	s.resetPiece()
	s.open = true
	s.openSkip = s.skip
	s.push(discElem{name: uint32(atom.A), flags: dfAnchor})
}

// anchorIndex returns the index of the open <a> on the stack; -1 if none.
func (s *discScanner) anchorIndex() int {
	if !s.open {
		return -1
	}
	for i := len(s.stack) - 1; i >= 0; i-- {
		if s.stack[i].flags&dfAnchor != 0 {
			return i
		}
	}
	return -1
}

// endAnchor is an </a> (or an <a> while one is active): the adoption
// agency algorithm, for the text.
func (s *discScanner) endAnchor() {
	if !s.active {
		// None, or behind a marker (a cell, a template...) it is not in.
		return
	}
	s.active = false
	i := s.anchorIndex()
	if i < 0 {
		if s.open { // deeper than discMaxDepth
			s.closeAnchorPiece()
		}
		return
	}
	// The blocks still open in the <a> each take the text from where they
	// started: the first block's is a copy's, and so on (at most 8 times,
	// as the algorithm's outer loop).
	var cuts []discElem
	var keep []discElem
	for _, e := range s.stack[i+1:] {
		if e.flags&dfSpecial != 0 {
			if len(cuts) < 8 {
				cuts = append(cuts, e)
			}
			keep = append(keep, e)
		}
	}
	text := s.text
	prev, prevSeq := 0, int32(0)
	for _, c := range cuts {
		s.addPiece(bytes.TrimSpace(text[prev:c.pos]), s.altIn(prevSeq, c.seq))
		s.addAttrs()
		prev, prevSeq = int(c.pos), c.seq
	}
	s.addPiece(bytes.TrimSpace(text[prev:]), s.altIn(prevSeq, -1))
	s.open = false
	s.resetPiece()
	// The elements above the <a> that are not blocks are closed.
	for _, e := range s.stack[i:] {
		if e.flags&dfMarker != 0 {
			s.markers--
		}
		if e.flags&dfSkip != 0 {
			s.skip--
		}
	}
	s.stack = s.stack[:i]
	for _, e := range keep {
		s.push(e)
	}
}

func (s *discScanner) startTag(selfClosing bool) {
	name := s.tagName()
	id := discNameID(name)
	if s.foreign(true, id) {
		if discBreakout(id) || id == uint32(atom.Font) && s.fontBreaksOut() {
			for len(s.stack) > 0 {
				t := s.top()
				if t.ns == nsHTML || t.flags&(dfIntegration|dfMathText) != 0 {
					break
				}
				s.popTo(len(s.stack)-1, true)
			}
			s.htmlStartTag(id, selfClosing)
			return
		}
		ns := s.top().ns
		s.z.NextIsNotRawText()
		s.pendingSpace = true
		if selfClosing {
			return
		}
		s.push(discElem{name: id, ns: ns, flags: s.foreignFlags(ns, id)})
		return
	}
	s.htmlStartTag(id, selfClosing)
}

// fontBreaksOut reports whether a <font> has color, face or size.
func (s *discScanner) fontBreaksOut() bool {
	for more := true; more; {
		var k []byte
		k, _, more = s.z.TagAttr()
		switch string(k) {
		case "color", "face", "size":
			return true
		}
	}
	return false
}

func (s *discScanner) foreignFlags(ns uint8, id uint32) uint8 {
	switch ns {
	case nsSVG:
		switch id {
		case uint32(atom.Foreignobject), uint32(atom.Desc), uint32(atom.Title):
			return dfIntegration | dfSpecial
		}
	case nsMath:
		switch id {
		case uint32(atom.Mi), uint32(atom.Mo), uint32(atom.Mn), uint32(atom.Ms), uint32(atom.Mtext):
			return dfMathText | dfSpecial
		case uint32(atom.AnnotationXml):
			for more := true; more; {
				var k, v []byte
				k, v, more = s.z.TagAttr()
				if string(k) == "encoding" && (bytes.EqualFold(v, []byte("text/html")) || bytes.EqualFold(v, []byte("application/xhtml+xml"))) {
					return dfIntegration | dfSpecial
				}
			}
			return dfSpecial
		}
	}
	return 0
}

// tagAttrs returns the values of the current tag's first attributes
// named keys (at most 4), and which it has.
func (s *discScanner) tagAttrs(keys ...string) (vals [4][]byte, has [4]bool) {
	for more := true; more; {
		var k, v []byte
		k, v, more = s.z.TagAttr()
		for i, key := range keys {
			if !has[i] && string(k) == key {
				vals[i], has[i] = v, true
				break
			}
		}
	}
	return vals, has
}

func (s *discScanner) htmlStartTag(id uint32, selfClosing bool) {
	s.pendingSpace = true
	if s.frameset {
		return
	}
	switch atom.Atom(id) {
	case atom.Html, atom.Head, atom.Base, atom.Link, atom.Meta, atom.Title, atom.Style, atom.Script,
		atom.Noscript, atom.Template, atom.Noframes, atom.Basefont, atom.Bgsound:
	case atom.Frameset:
		if !s.bodyStarted {
			s.frameset = true
		}
	default:
		s.bodyStarted = true
	}
	switch atom.Atom(id) {
	case atom.Html, atom.Head, atom.Body, atom.Frameset, atom.Frame:
		return
	case atom.Base, atom.Link:
		if s.hasBase && id == uint32(atom.Base) {
			return
		}
		if id == uint32(atom.Base) {
			if v, has := s.tagAttrs("href"); has[0] {
				s.hasBase, s.baseHref = true, string(v[0])
			}
			return
		}
		if v, _ := s.tagAttrs("rel", "href", "type", "title"); discRelFeed(v[0]) {
			s.links.add(v[0], v[1], v[2], v[3])
		}
		return
	case atom.Meta, atom.Basefont, atom.Bgsound, atom.Param, atom.Source, atom.Track, atom.Hr,
		atom.Col:
		s.closeP(id == uint32(atom.Hr))
		return
	case atom.Area, atom.Br, atom.Embed, atom.Keygen, atom.Wbr, atom.Input:
		s.reconstruct()
		return
	case atom.Img, atom.Image:
		s.reconstruct()
		if s.open && s.skip == s.openSkip && !s.dead {
			if v, _ := s.tagAttrs("alt"); len(v[0]) > 0 {
				s.seq++
				start := len(s.alts)
				s.alts = appendCollapsed(s.alts, v[0])
				s.altMarks = append(s.altMarks, discAlt{s.seq, int32(start), int32(len(s.alts))})
			}
		}
		return
	case atom.Caption, atom.Colgroup, atom.Tbody, atom.Td, atom.Tfoot, atom.Th, atom.Thead, atom.Tr:
		if !s.inTable() {
			return
		}
		s.tableStart(id)
		return
	case atom.A:
		if s.active {
			s.endAnchor()
		}
		s.reconstruct()
		v, _ := s.tagAttrs("href", "title")
		s.active, s.activeMarker = true, s.markers
		// An <a> without an URL is no feed: its text is not kept.
		s.dead = len(bytes.Trim(v[0], "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\v\f\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")) == 0
		s.attrs = discAppendAttrs(s.attrs[:0], v[0], v[1])
		s.addAttrs()
		s.openAnchor()
		return
	case atom.Svg, atom.Math:
		s.reconstruct()
		if selfClosing {
			return
		}
		ns := uint8(nsSVG)
		if id == uint32(atom.Math) {
			ns = nsMath
		}
		s.push(discElem{name: id, ns: ns})
		return
	case atom.Li, atom.Dd, atom.Dt:
		for i := len(s.stack) - 1; i >= 0; i-- {
			e := s.stack[i]
			if e.ns == nsHTML && (e.name == id || id != uint32(atom.Li) && (e.name == uint32(atom.Dd) || e.name == uint32(atom.Dt))) {
				s.popTo(i, true)
				break
			}
			if e.flags&dfSpecial != 0 && e.name != uint32(atom.Address) && e.name != uint32(atom.Div) && e.name != uint32(atom.P) {
				break
			}
		}
		s.closeP(true)
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center, atom.Details, atom.Dialog,
		atom.Dir, atom.Div, atom.Dl, atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer, atom.Header,
		atom.Hgroup, atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.P, atom.Search, atom.Section, atom.Summary,
		atom.Ul, atom.Pre, atom.Listing, atom.Form, atom.Plaintext, atom.Table:
		s.closeP(true)
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		s.closeP(true)
		if t := s.top(); t != nil && t.ns == nsHTML && discHeading(t.name) {
			s.popTo(len(s.stack)-1, true)
		}
	case atom.Xmp:
		s.closeP(true)
		s.reconstruct()
	case atom.Script, atom.Style, atom.Template, atom.Title, atom.Noframes, atom.Textarea,
		atom.Iframe, atom.Noembed, atom.Noscript, atom.Rb, atom.Rtc, atom.Rp, atom.Rt:
	default:
		s.reconstruct()
	}
	s.push(discElem{name: id, flags: discHTMLFlags(id)})
}

// closeP closes an open <p> (in button scope) when p.
func (s *discScanner) closeP(p bool) {
	if !p {
		return
	}
	for i := len(s.stack) - 1; i >= 0; i-- {
		e := s.stack[i]
		if e.ns == nsHTML && e.name == uint32(atom.P) {
			s.popTo(i, true)
			return
		}
		if discScopeBoundary(e) || e.ns == nsHTML && e.name == uint32(atom.Button) {
			return
		}
	}
}

func (s *discScanner) inTable() bool {
	for i := len(s.stack) - 1; i >= 0; i-- {
		e := s.stack[i]
		if e.ns == nsHTML && (e.name == uint32(atom.Table) || e.name == uint32(atom.Template)) {
			return e.name == uint32(atom.Table)
		}
	}
	return false
}

// tableStart is a table part's start tag inside a table: it closes the
// open cell, row or section it cannot be in.
func (s *discScanner) tableStart(id uint32) {
	var closes []atom.Atom
	switch atom.Atom(id) {
	case atom.Td, atom.Th:
		closes = []atom.Atom{atom.Td, atom.Th}
	case atom.Tr:
		closes = []atom.Atom{atom.Td, atom.Th, atom.Tr}
	case atom.Tbody, atom.Thead, atom.Tfoot, atom.Caption, atom.Colgroup:
		closes = []atom.Atom{atom.Td, atom.Th, atom.Tr, atom.Tbody, atom.Thead, atom.Tfoot, atom.Caption, atom.Colgroup}
	}
	for i := len(s.stack) - 1; i >= 0; i-- {
		e := s.stack[i]
		if e.ns == nsHTML && e.name == uint32(atom.Table) {
			break
		}
		if e.ns != nsHTML {
			continue
		}
		found := false
		for _, c := range closes {
			if e.name == uint32(c) {
				found = true
			}
		}
		if found {
			s.popTo(i, true)
			break
		}
	}
	s.push(discElem{name: id, flags: discHTMLFlags(id)})
}

func (s *discScanner) endTag() {
	name := s.tagName()
	id := discNameID(name)
	if top := s.top(); top != nil && top.ns != nsHTML {
		// Foreign content: the element of that name, up to the first HTML
		// element; else the HTML rules.
		for i := len(s.stack) - 1; i >= 0; i-- {
			if s.stack[i].name == id {
				s.popTo(i, true)
				s.pendingSpace = true
				return
			}
			if i > 0 && s.stack[i-1].ns == nsHTML {
				break
			}
		}
	}
	switch atom.Atom(id) {
	case atom.A:
		s.pendingSpace = true
		s.endAnchor()
		return
	case atom.Body, atom.Html:
		return
	case atom.Br:
		s.pendingSpace = true
		s.reconstruct()
		return
	case atom.P:
		s.pendingSpace = true
		s.closeP(true)
		return
	}
	for i := len(s.stack) - 1; i >= 0; i-- {
		e := s.stack[i]
		if e.ns == nsHTML && e.name == id {
			s.pendingSpace = true
			s.popTo(i, true)
			return
		}
		if e.flags&dfSpecial != 0 && !discHTMLEndCloses(id) {
			return
		}
		if discScopeBoundary(e) {
			return
		}
	}
}

// discHTMLEndCloses reports whether the end tag of id closes its element
// through other special elements (the block end tags: "has an element in
// scope").
func discHTMLEndCloses(id uint32) bool {
	return discHTMLFlags(id)&dfSpecial != 0
}

// discScopeBoundary reports whether e bounds the default scope.
func discScopeBoundary(e discElem) bool {
	if e.ns == nsHTML {
		switch atom.Atom(e.name) {
		case atom.Applet, atom.Caption, atom.Html, atom.Table, atom.Td, atom.Th, atom.Marquee, atom.Object, atom.Template, atom.Select:
			return true
		}
		return false
	}
	return e.flags&(dfIntegration|dfMathText) != 0
}

func discHeading(id uint32) bool {
	switch atom.Atom(id) {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// discTableContext reports whether text there is table text (white space
// in it does not reopen an <a>).
func discTableContext(id uint32) bool {
	switch atom.Atom(id) {
	case atom.Table, atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr:
		return true
	}
	return false
}

func discHTMLFlags(id uint32) uint8 {
	var f uint8
	switch atom.Atom(id) {
	case atom.Script, atom.Style, atom.Template:
		f |= dfSkip
	}
	switch atom.Atom(id) {
	case atom.Applet, atom.Caption, atom.Td, atom.Th, atom.Marquee, atom.Object, atom.Template:
		f |= dfMarker
	}
	switch atom.Atom(id) {
	case atom.Script, atom.Style, atom.Textarea, atom.Title, atom.Xmp, atom.Iframe, atom.Noembed,
		atom.Noframes, atom.Noscript, atom.Plaintext:
		f |= dfRaw
	}
	switch atom.Atom(id) {
	case atom.Address, atom.Applet, atom.Area, atom.Article, atom.Aside, atom.Base, atom.Basefont,
		atom.Bgsound, atom.Blockquote, atom.Body, atom.Br, atom.Button, atom.Caption, atom.Center,
		atom.Col, atom.Colgroup, atom.Dd, atom.Details, atom.Dir, atom.Div, atom.Dl, atom.Dt, atom.Embed,
		atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer, atom.Form, atom.Frame, atom.Frameset,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Head, atom.Header, atom.Hgroup,
		atom.Hr, atom.Html, atom.Iframe, atom.Img, atom.Input, atom.Keygen, atom.Li, atom.Link,
		atom.Listing, atom.Main, atom.Marquee, atom.Menu, atom.Meta, atom.Nav, atom.Noembed,
		atom.Noframes, atom.Noscript, atom.Object, atom.Ol, atom.P, atom.Param, atom.Plaintext,
		atom.Pre, atom.Script, atom.Search, atom.Section, atom.Select, atom.Source, atom.Style,
		atom.Summary, atom.Table, atom.Tbody, atom.Td, atom.Template, atom.Textarea, atom.Tfoot,
		atom.Th, atom.Thead, atom.Title, atom.Tr, atom.Track, atom.Ul, atom.Wbr, atom.Xmp:
		f |= dfSpecial
	}
	return f
}

// discBreakout reports whether a start tag ends foreign content.
func discBreakout(id uint32) bool {
	switch atom.Atom(id) {
	case atom.B, atom.Big, atom.Blockquote, atom.Body, atom.Br, atom.Center, atom.Code, atom.Dd,
		atom.Div, atom.Dl, atom.Dt, atom.Em, atom.Embed, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5,
		atom.H6, atom.Head, atom.Hr, atom.I, atom.Img, atom.Li, atom.Listing, atom.Menu, atom.Meta,
		atom.Nobr, atom.Ol, atom.P, atom.Pre, atom.Ruby, atom.S, atom.Small, atom.Span, atom.Strong,
		atom.Strike, atom.Sub, atom.Sup, atom.Table, atom.Tt, atom.U, atom.Ul, atom.Var:
		return true
	}
	return false
}

// discRelFeed reports whether a rel attribute has "alternate" or "feed".
func discRelFeed(rel []byte) bool {
	for _, c := range rel {
		if c >= 0x80 {
			return true // other Unicode white space separates keywords too
		}
	}
	for len(rel) > 0 {
		i := bytes.IndexAny(rel, " \t\n\f\r")
		f := rel
		if i >= 0 {
			f, rel = rel[:i], rel[i+1:]
		} else {
			rel = nil
		}
		if bytes.EqualFold(f, []byte("alternate")) || bytes.EqualFold(f, []byte("feed")) {
			return true
		}
	}
	return false
}

// addAttrs records the active <a>'s attributes: the pieces that follow are
// its (or its copies').
func (s *discScanner) addAttrs() {
	if !s.dead {
		s.anchors.write('A', s.attrs)
	}
}

// addPiece records the text and alt text of an <a> or of one of its copies.
func (s *discScanner) addPiece(text, alt []byte) {
	if s.dead {
		return
	}
	s.scratch = binary.AppendUvarint(s.scratch[:0], uint64(len(text)))
	s.anchors.write('P', s.scratch, text, alt)
}

// discGrow returns b with room for n more bytes. It doubles b's capacity
// when it grows it (append grows a large slice by a quarter, which
// allocates about 5 times the final length in all; doubling, at most 4, and
// a text read in one token gets a slice of its size, once).
func discGrow(b []byte, n int) []byte {
	if cap(b)-len(b) >= n {
		return b
	}
	nb := make([]byte, len(b), max(2*cap(b), len(b)+n, 64))
	copy(nb, b)
	return nb
}

func discAppendAttrs(b, href, title []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(href)))
	b = append(b, href...)
	return append(b, title...)
}

func decodeRune(b []byte) (rune, int) { return utf8.DecodeRune(b) }

func isSpaceRune(r rune) bool { return unicode.IsSpace(r) }

// appendCollapsed appends t to b with white space collapsed as
// plainCollapseSpace does.
func appendCollapsed(b, t []byte) []byte {
	pending := false
	for len(t) > 0 {
		r, n := utf8.DecodeRune(t)
		if unicode.IsSpace(r) {
			pending = true
		} else {
			if pending && len(b) > 0 {
				b = append(b, ' ')
			}
			pending = false
			b = append(b, t[:n]...)
		}
		t = t[n:]
	}
	return b
}

// A discArena keeps records (a kind byte, a length and bytes) in chunks
// allocated once each, so that keeping them never copies what was kept; a
// record is never split between chunks.
type discArena struct {
	chunks [][]byte
	total  int
	// reading
	ci, off int
}

// write writes a record of the given kind holding the bytes of parts, one
// after another.
func (a *discArena) write(kind byte, parts ...[]byte) {
	l := 0
	for _, p := range parts {
		l += len(p)
	}
	var hdr [1 + binary.MaxVarintLen64]byte
	hdr[0] = kind
	n := 1 + binary.PutUvarint(hdr[1:], uint64(l))
	need := n + l
	if len(a.chunks) == 0 || cap(a.chunks[len(a.chunks)-1])-len(a.chunks[len(a.chunks)-1]) < need {
		size := min(max(4096, a.total/2), 256<<10)
		a.chunks = append(a.chunks, make([]byte, 0, max(size, need)))
	}
	c := &a.chunks[len(a.chunks)-1]
	*c = append(*c, hdr[:n]...)
	for _, p := range parts {
		*c = append(*c, p...)
	}
	a.total += need
}

// next returns the next record; ok is false at the end.
func (a *discArena) next() (kind byte, p []byte, ok bool) {
	for a.ci < len(a.chunks) && a.off >= len(a.chunks[a.ci]) {
		a.ci, a.off = a.ci+1, 0
	}
	if a.ci >= len(a.chunks) {
		return 0, nil, false
	}
	c := a.chunks[a.ci][a.off:]
	l, n := binary.Uvarint(c[1:])
	p = c[1+n : 1+n+int(l)]
	a.off += 1 + n + int(l)
	return c[0], p, true
}

// discCut returns the uvarint-prefixed field at the start of p, and the
// rest.
func discCut(p []byte) (field, rest []byte) {
	l, n := binary.Uvarint(p)
	return p[n : n+int(l)], p[n+int(l):]
}

// discLinks are the <link> elements whose rel has alternate or feed.
type discLinks struct {
	discArena
	scratch []byte
}

// A discLink is one of them.
type discLink struct{ rel, href, typ, title string }

func (l *discLinks) add(rel, href, typ, title []byte) {
	b := l.scratch[:0]
	for _, f := range [][]byte{rel, href, typ} {
		b = binary.AppendUvarint(b, uint64(len(f)))
		b = append(b, f...)
	}
	b = append(b, title...)
	l.write('L', b)
	l.scratch = b
}

// first returns the first link's record; ok is false if there is none.
func (l *discLinks) first() (raw []byte, ok bool) {
	l.ci, l.off = 0, 0
	return l.nextRaw()
}

// nextRaw returns the next link's record.
func (l *discLinks) nextRaw() (raw []byte, ok bool) {
	_, p, ok := l.discArena.next()
	return p, ok
}

// discParseLink returns the link a record holds.
func discParseLink(p []byte) discLink {
	rel, p := discCut(p)
	href, p := discCut(p)
	typ, title := discCut(p)
	return discLink{string(rel), string(href), string(typ), string(title)}
}

// discAnchors are the <a> elements with an URL (and copies of them): their
// attributes ('A' records), each followed by the text of the element and
// of each of its copies ('P' records).
type discAnchors struct {
	discArena
	attrs, href, titleAttr []byte
}

// A discAnchor is an <a> element (or a copy of one), and its records.
type discAnchor struct{ attrs, piece, href, titleAttr, text, alt []byte }

func (l *discAnchors) first() (discAnchor, bool) {
	l.ci, l.off = 0, 0
	return l.next()
}

func (l *discAnchors) next() (discAnchor, bool) {
	for {
		kind, p, ok := l.discArena.next()
		if !ok {
			return discAnchor{}, false
		}
		if kind == 'A' {
			l.attrs = p
			l.href, l.titleAttr = discCut(p)
			continue
		}
		text, alt := discCut(p)
		return discAnchor{l.attrs, p, l.href, l.titleAttr, text, alt}, true
	}
}

// feedWords reports whether s might make an <a> a feed link by its words
// (a superset of fromAnchor's test).
func feedWords(s []byte) bool {
	return feedWordRE.Match(s) || bytes.EqualFold(bytes.TrimSpace(s), []byte("feed"))
}

// feedishRef reports whether the URL reference ref might resolve to a URL
// feedLikeURL or feedURL accept (a superset: each of their tests needs one
// of these words in the host, path or query the URL takes from ref or from
// its base): it has feed, rss, atom, rdf, .xml or .json in any case, or a
// percent sign or a non-ASCII byte (which the URL parser may turn into
// them, in a host).
func feedishRef(ref []byte) bool {
	var buf [64]byte
	low := buf[:0]
	for _, c := range ref {
		switch {
		case c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '%' || c >= 0x80:
			return true
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		low = append(low, c)
	}
	for _, w := range []string{"feed", "rss", "atom", "rdf", ".xml", ".json"} {
		if bytes.Contains(low, []byte(w)) {
			return true
		}
	}
	return false
}

// A discAlt is the place of an image's alt text in an open <a>.
type discAlt struct{ seq, start, end int32 }

// altIn returns the alt text of the first image with one placed after the
// element of seq from and before that of seq to (-1: the end), the images
// of one piece of an <a>.
func (s *discScanner) altIn(from, to int32) []byte {
	for _, m := range s.altMarks {
		if m.seq > from && (to < 0 || m.seq < to) {
			return s.alts[m.start:m.end]
		}
	}
	return nil
}

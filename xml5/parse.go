package xml5

import (
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// Parse reads an XML document from r and returns its tree. Broken XML is
// never an error: the parser recovers as XML5 says. Parse returns a non-nil
// error only when reading r fails (with the document parsed from what was
// read) or when the input reaches one of the Limits (with the document
// parsed so far and an error wrapping ErrLimit).
func Parse(r io.Reader, opts ...Option) (*Document, error) {
	// The parser, reused (newParser empties it, release gives it back),
	// holds the options while they are applied: a local config would
	// escape to the heap.
	p := parserPool.Get().(*parser)
	p.cfg = config{}
	for _, o := range opts {
		o(&p.cfg)
	}
	cfg := p.cfg
	lim := cfg.limits.resolve()
	p.spare = takeSpare(&cfg) // reuse.go
	raw, readErr, limErr := readAll(r, lim.MaxInputBytes, &p.capture, p.spare)
	ascii := 0 // raw's leading ASCII bytes, measured for WithRecovery
	if cfg.recovery {
		ascii = nextNonASCII(raw, 0) // recovery.go
	}
	text, enc := decode(raw, cfg.charset, ascii)
	var repairs []Repair
	if cfg.recovery {
		text, enc, repairs = recoverDecode(raw, cfg.charset, text, enc, ascii) // recovery.go
	}
	doc := &Document{URL: cfg.url, Encoding: enc, text: text}
	if cfg.reuse {
		doc.mem = docMemory{reuse: true, input: raw}
	}
	newParser(p, doc, text, lim, cfg.errors)
	if cfg.recovery {
		p.recovery = true
		for _, r := range repairs {
			r.Line, r.Column = 1, 1
			doc.Repairs = append(doc.Repairs, r)
		}
	}
	err := p.parse()
	if p.recovery {
		p.finishRepairs()
	}
	if cfg.errors {
		// The encoding errors (encerrors.go), among the parse errors
		// by offset.
		doc.Errors = mergeErrors(encodingErrors(raw, text, enc), doc.Errors)
	}
	p.spare.putBack()
	p.release()
	if err == nil {
		err = limErr
	}
	if err == nil {
		err = readErr
	}
	return doc, err
}

// readAll reads r up to max bytes; w, the parser's (so that it does not
// escape to the heap on its own), takes the bytes of a reader that hands
// them over.
//
// The buffer comes from spare when it has one big enough (reuse.go).
func readAll(r io.Reader, max int64, w *captureWriter, spare *spareMemory) ([]byte, error, error) {
	var buf []byte
	if sz, ok := r.(interface{ Len() int }); ok {
		// The exact size (and one byte to see the end), allocated once.
		n := int64(sz.Len()) + 1
		if n > max+1 {
			n = max + 1
		}
		if wt, ok := r.(io.WriterTo); ok && n <= max {
			// A reader that hands over its bytes (bytes.Reader,
			// strings.Reader, bytes.Buffer...) is copied without
			// zeroing a buffer first.
			*w = captureWriter{hint: int(n - 1), max: max, buf: spare.takeInput(int(n))}
			return readAllTo(wt, w)
		}
		if buf = spare.takeInput(int(n)); buf == nil {
			buf = make([]byte, 0, n)
		}
	} else if buf = spare.takeInput(32 << 10); buf == nil {
		buf = make([]byte, 0, 32<<10)
	}
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		room := buf[len(buf):cap(buf)]
		if int64(len(buf))+int64(len(room)) > max+1 {
			room = room[:max+1-int64(len(buf))]
		}
		n, err := r.Read(room)
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > max {
			return buf[:max], nil, &LimitError{Limit: "MaxInputBytes", Value: max, Offset: max}
		}
		if err == io.EOF {
			return buf, nil, nil
		}
		if err != nil {
			return buf, err, nil
		}
	}
}

// readAllTo reads r through its WriteTo method into w, whose hint is the
// bytes r said are left, up to w.max bytes, as readAll does.
func readAllTo(r io.WriterTo, w *captureWriter) ([]byte, error, error) {
	max := w.max
	_, err := r.WriteTo(w)
	if int64(len(w.buf)) > max {
		return w.buf[:max], nil, &LimitError{Limit: "MaxInputBytes", Value: max, Offset: max}
	}
	if err == errCaptureFull {
		err = nil
	}
	return w.buf, err, nil
}

// errCaptureFull stops a WriteTo once a captureWriter holds more than its
// max bytes.
var errCaptureFull = errors.New("xml5: input beyond MaxInputBytes")

// A captureWriter keeps what is written to it, up to max+1 bytes. The
// first write, when it is all of the hint bytes, is copied into a buffer of
// its size that append does not zero first.
type captureWriter struct {
	buf  []byte
	hint int
	max  int64
}

func (w *captureWriter) Write(p []byte) (int, error) { return capture(w, p) }

func (w *captureWriter) WriteString(s string) (int, error) { return capture(w, s) }

// capture is Write and WriteString: it appends p to w.buf, up to w.max+1
// bytes, the first time into a buffer of w.hint bytes.
func capture[S string | []byte](w *captureWriter, p S) (int, error) {
	room := w.max + 1 - int64(len(w.buf))
	if int64(len(p)) > room {
		w.buf = append(w.buf, p[:room]...)
		return int(room), errCaptureFull
	}
	if w.buf == nil && len(p) < w.hint {
		w.buf = make([]byte, 0, w.hint)
	}
	w.buf = append(w.buf, p...)
	return len(p), nil
}

// Parser phases (tree construction).
const (
	phaseStart = iota // before the root element
	phaseMain         // inside the root element
	phaseEnd          // after the root element
)

type openElement struct {
	node   *Node
	qname  string
	nsMark int // len(p.ns) before this element's declarations
}

type nsBinding struct {
	prefix, uri string
	// prevDefault is, for a default namespace declaration (prefix ""),
	// the default namespace it hides, which dropNS restores.
	prevDefault string
}

type entity struct {
	name     string
	value    string
	external bool // declared with PUBLIC or SYSTEM: never read
	unparsed bool // an external entity with NDATA
	hasLT    bool // the replacement text contains '<'
	active   bool // being expanded (recursion guard)
}

type parser struct {
	capture captureWriter // readAll's, emptied by newParser
	spare   *spareMemory  // released documents' memory, taken by Parse (reuse.go)
	doc     *Document
	src     string // the text being tokenized: the document or an entity value
	pos     int
	main    string // the whole decoded document
	lim     Limits

	phase   int
	stack   []openElement
	ns      []nsBinding
	defNS   string           // lookup(""): the default namespace in scope
	nsIndex map[string][]int // prefix -> indexes in ns, once ns is long
	base    int              // stack depth below which end tags cannot pop (entity expansion)
	sawDecl bool             // a DOCTYPE was seen

	// Pending text: a range of pendSrc, or the bytes in textBuf.
	pendMode     int // 0 none, 1 range, 2 buffer
	pendSrc      string
	pendA, pendB int
	// textBuf is where text is built, in a chunk of the document's
	// strings: the bytes before it in its chunk belong to strings
	// already made (flushPending makes the text a string where it was
	// built and moves textBuf past it), so it only ever grows through
	// textRoom, which moves it to a new chunk, and no released parser
	// keeps it.
	textBuf []byte
	pendOff int
	// textChunk is the first byte of the chunk growText made last, and
	// textChunkAt that chunk's index in doc.mem.chunks (-1: not recorded):
	// while textBuf starts there, the pending text is alone in it.
	textChunk   *byte
	textChunkAt int
	// textCut is set once an entity whose replacement text holds a '<'
	// is expanded in content: a text may then end before the next '<' of
	// the source it is read from, and refText asks for no more room than
	// the chunk's rest or half a chunk (see refText).
	textCut        bool
	chunkAt        int // the index in doc.mem.chunks of makeChunk's last chunk, or -1
	entities       map[string]*entity
	attlists       map[string][]attDef
	paramEntities  map[string]*entity
	doctype        *Node
	htmlCache      map[string]string
	expanded       int
	budget         int
	entDepth       int
	refOff         int // offset of the outermost entity reference being expanded
	err            error
	recordErrors   bool
	errPos         positionCursor // where the last error or repair was located
	nodeSlab       []Node
	slabUsed       int // nodes of nodeSlab handed out
	slabEnd        int // where node calls nodeSlow: the slab's end, or the node budget's (setSlabEnd)
	slabSize       int
	attrSlabSize   int
	slabs          int // node slabs allocated after the first
	slabNodes      int // nodes in all slabs (made or not)
	nodeBase       int // nodes made in the slabs before nodeSlab (nodeCount)
	attrCount      int // attributes made
	nodeBudget     int // the most nodes allowed (Limits.MaxNodes)
	nodeRoom       int // nodeBudget - attrCount/2, which checkTree compares
	attrSlab       []Attr
	attrs          []rawAttr
	attrSet        map[string]struct{}
	stops          [4]int // next '<', '&', CR, NUL in src (see nextTextStop)
	scratch        []byte
	arena          []byte // backing store of short built strings (makeString)
	nameCountsLive bool
	nameCounts     map[string]int

	cfg config // the options, while Parse applies them

	// WithRecovery (recovery.go).
	recovery   bool
	c1Refs     countedRepair
	typoQuotes countedRepair
}

type rawAttr struct {
	name, value string
}

// smallSlabNodes is the most nodes a slab holds while under 32 KB.
const smallSlabNodes = (32 << 10) / int(unsafe.Sizeof(Node{}))

// newParser prepares p, a parser from parserPool (new, or emptied by
// release: zero but for its reused stack and buffers), to parse text into
// doc. Only the options and the input capture, which Parse used before,
// are emptied again; the rest is set field by field (assigning a whole
// parser, 776 bytes, costs a small document more).
func newParser(p *parser, doc *Document, text string, lim Limits, errs bool) *parser {
	p.cfg = config{}
	p.capture = captureWriter{}
	p.doc, p.src, p.main, p.lim, p.recordErrors = doc, text, text, lim, errs
	p.stops = [4]int{-1, -1, -1, -1}
	p.budget = 8 * len(text)
	if p.budget < 1<<20 {
		p.budget = 1 << 20
	}
	if p.budget > lim.MaxEntityExpansion {
		p.budget = lim.MaxEntityExpansion
	}
	// [MaxNodes] The tree stays linear in the input: one node per 16
	// bytes, with a floor so that small documents never notice.
	p.nodeBudget = min(lim.MaxNodes, max(1<<14, len(text)/16))
	if lim.MaxNodes == noLimit {
		p.nodeBudget = noLimit
	}
	p.nodeRoom = p.nodeBudget
	// Nodes come from slabs: a first one sized to the input but kept under
	// the runtime's 32 KB large-object size (a large object takes the
	// heap's lock and is swept on its own, which costs small documents
	// more than the allocation itself), then geometrically bigger ones as
	// the document proves bigger.
	p.slabSize = min(len(text)/100+16, smallSlabNodes)
	p.nodeSlab = p.makeSlab(p.slabSize)
	p.slabNodes = p.slabSize
	if p.stack == nil {
		p.stack = make([]openElement, 0, 16)
	}
	doc.Node = p.newNode(DocumentNode)
	return p
}

// parserPool holds the parsers of finished documents. A parser is scratch:
// no Document references it, nor its stack and buffers, once Parse
// returns; reusing them spares a small document four allocations.
var parserPool = sync.Pool{New: func() any { return new(parser) }}

// keptScratchCap is the largest capacity (in elements) of a buffer a
// released parser keeps.
const keptScratchCap = 256

// release empties p, keeping its stack and buffers while they are small
// (with nothing of the document left in them), and puts it in parserPool.
// Nothing may use p afterwards.
func (p *parser) release() {
	stack, attrs := keptScratch(p.stack), keptScratch(p.attrs)
	scratch := keptBytes(p.scratch)
	*p = parser{}
	p.stack, p.attrs, p.scratch = stack, attrs, scratch
	parserPool.Put(p)
}

// keptBytes returns b emptied (its bytes hold no pointers, so they stay),
// or nil when its capacity is above keptScratchCap.
func keptBytes(b []byte) []byte {
	if cap(b) > keptScratchCap {
		return nil
	}
	return b[:0]
}

// keptScratch returns s emptied and zeroed, or nil when its capacity is
// above keptScratchCap.
func keptScratch[T any](s []T) []T {
	if cap(s) > keptScratchCap {
		return nil
	}
	clear(s[:cap(s)])
	return s[:0]
}

// newNode returns the next node of the slab (a new slab when it is used
// up), of type t.
func (p *parser) newNode(t NodeType) *Node {
	n := p.node()
	n.Type = t
	return n
}

// node returns the next node of the slab, zero: newNode for the text and
// element nodes, which set its type (so that it is inlined). The slab is
// indexed rather than resliced: storing the slab's pointer at every node
// costs more than its index. One comparison sends a node past the slab or
// the budget to nodeSlow.
func (p *parser) node() *Node {
	if p.slabUsed >= p.slabEnd {
		return p.nodeSlow()
	}
	p.slabUsed++
	return &p.nodeSlab[p.slabUsed-1]
}

// nodeSlow is node for a node past the slab (a new one is made) or the
// node budget (checkTree records the limit; the node is still made).
func (p *parser) nodeSlow() *Node {
	if p.slabUsed >= len(p.nodeSlab) {
		p.growSlab()
		p.nodeBase += p.slabUsed
		p.slabUsed = 0
	}
	p.slabUsed++
	p.checkTree()
	p.setSlabEnd()
	return &p.nodeSlab[p.slabUsed-1]
}

// nodeCount returns the number of nodes made.
func (p *parser) nodeCount() int {
	return p.nodeBase + p.slabUsed
}

// setSlabEnd sets where node leaves its fast path: at the slab's end, or
// earlier where the next node would be beyond the budget.
func (p *parser) setSlabEnd() {
	p.slabEnd = min(len(p.nodeSlab), p.slabUsed+max(p.nodeRoom-p.nodeCount(), 0))
}

// growSlab allocates the next slab of nodes when the document proves
// bigger than estimated: sized from the nodes made per byte so far and the
// bytes left, plus an eighth (so that little is left unused), yet at most
// twice the last slab (blocks grow with the document), and under the
// runtime's 32 KB large-object size: a larger slab is allocated from the
// page heap, zeroed apart and freed page by page, which cost more CPU time
// over the corpus than the more frequent small allocations.
func (p *parser) growSlab() {
	p.slabs++
	done := max(p.offset(), 1)
	left := max(len(p.main)-done, 0)
	nodes := p.nodeCount() + 1 // with the one being made
	est := nodes*left/done + nodes*left/done/8 + 16
	p.slabSize = min(max(est, 16), 2*p.slabSize, smallSlabNodes)
	p.nodeSlab = p.makeSlab(p.slabSize)
	p.slabNodes += p.slabSize
}

// makeSlab returns a zero slab of n nodes, a spare one when there is one
// (reuse.go), and records it in the document's memory.
func (p *parser) makeSlab(n int) []Node {
	slab := p.spare.slab(n)
	if slab == nil {
		slab = make([]Node, n)
	}
	switch m := &p.doc.mem; {
	case !m.reuse:
	case m.first == nil:
		m.first = slab
	default:
		m.slabs = append(m.slabs, slab)
	}
	return slab
}

// offset returns the position in the document for diagnostics.
func (p *parser) offset() int {
	if p.entDepth > 0 {
		return p.refOff
	}
	return p.pos
}

// parseError records a recovered error when the caller asked for them.
func (p *parser) parseError(code string) {
	if !p.recordErrors {
		return
	}
	p.parseErrorAt(p.offset(), code)
}

func (p *parser) parseErrorAt(off int, code string) {
	if !p.recordErrors {
		return
	}
	switch n := len(p.doc.Errors); {
	case n > maxParseErrors:
		return
	case n == maxParseErrors:
		code = CodeTooManyErrors
	}
	line, col := p.lineCol(off)
	p.doc.Errors = append(p.doc.Errors, ParseError{Line: line, Column: col, Offset: off, Code: code})
}

// lineCol returns the 1-based line and column (in characters) of off in
// the document, counting on from the previous error or repair: errors and
// repairs come in document order, so the document is counted once in all.
func (p *parser) lineCol(off int) (int, int) {
	return p.errPos.at(p.main, off)
}

func (p *parser) limitError(name string, value int) {
	if p.err != nil {
		return
	}
	off := p.offset()
	line, _ := p.lineCol(off)
	p.err = &LimitError{Limit: name, Value: int64(value), Line: line, Offset: int64(off)}
}

// current returns the node new children are appended to.
func (p *parser) current() *Node {
	if n := len(p.stack); n > 0 {
		return p.stack[n-1].node
	}
	return p.doc.Node
}

// appendChild appends c, a node fresh from newNode (its links nil), to
// parent's children. A pointer field that stays nil is not written: each
// pointer write costs a write barrier while the collector marks.
func appendChild(parent, c *Node) {
	last := parent.LastChild
	if last != nil {
		last.NextSibling = c
		c.PrevSibling = last
	} else {
		parent.FirstChild = c
	}
	parent.LastChild = c
	c.Parent = parent
}

// --- text accumulation ---

// addRange appends p.src[a:b] to the pending text without copying when it
// continues the pending range.
func (p *parser) addRange(a, b int) {
	if p.phase != phaseMain || a >= b {
		return
	}
	switch p.pendMode {
	case 0:
		p.pendMode = 1
		if !sameString(p.pendSrc, p.src) {
			// pendSrc is kept from one text to the next (it is
			// the document, but in an entity's replacement text):
			// a pointer written once, not at every text.
			p.pendSrc = p.src
		}
		p.pendA, p.pendB = a, b
		p.pendOff = p.offsetAt(a)
	case 1:
		if p.pendB == a && sameString(p.pendSrc, p.src) {
			p.pendB = b
			return
		}
		p.textBuf = p.textBuf[:0]
		p.appendText(p.pendSrc[p.pendA:p.pendB])
		p.pendMode = 2
		fallthrough
	default:
		p.appendText(p.src[a:b])
	}
}

func (p *parser) offsetAt(a int) int {
	if p.entDepth > 0 {
		return p.refOff
	}
	return a
}

// addString appends s (not part of the source) to the pending text.
func (p *parser) addString(s string) {
	if p.phase != phaseMain || s == "" {
		return
	}
	switch p.pendMode {
	case 0:
		p.textBuf = p.textBuf[:0]
		p.pendMode = 2
		p.pendOff = p.offset()
	case 1:
		p.textBuf = p.textBuf[:0]
		p.appendText(p.pendSrc[p.pendA:p.pendB])
		p.pendMode = 2
	}
	p.appendText(s)
}

// addByte appends c (not part of the source) to the pending text, as
// addString does.
func (p *parser) addByte(c byte) {
	if p.phase != phaseMain {
		return
	}
	switch p.pendMode {
	case 0:
		p.textBuf = p.textBuf[:0]
		p.pendMode = 2
		p.pendOff = p.offset()
	case 1:
		p.textBuf = p.textBuf[:0]
		p.appendText(p.pendSrc[p.pendA:p.pendB])
		p.pendMode = 2
	}
	p.textRoom(1)
	p.textBuf = append(p.textBuf, c)
}

// appendText appends s to the pending text in p.textBuf.
func (p *parser) appendText(s string) {
	p.textRoom(len(s))
	p.textBuf = append(p.textBuf, s...)
}

// textRoom makes room in p.textBuf for n more bytes, in a new chunk when
// its own is full: of a quarter of the document, from 2 KB to 16 KB (as
// makeString's), or twice the text when that is more, or twice the room
// the text had when it is alone in a chunk growText made for it (see
// growText).
func (p *parser) textRoom(n int) {
	if cap(p.textBuf)-len(p.textBuf) < n {
		p.growText(n)
	}
}

// growText is textRoom when the chunk is full: the pending text is copied
// to the new chunk, and the old one keeps the strings made in it.
//
// A pending text that outgrows a chunk growText made for it gets at least
// half as much room again: the room asked for may be far more than the text
// (refText asks for the rest of the source up to the next '<'), and an
// entity's replacement text, or a reference whose character is longer than
// the reference, uses up more of it than its source took, so that asking
// again for the rest, reference after reference, would otherwise copy the
// text into a new chunk of about the input's size each time (quadratic). The
// chunks of one text thus grow geometrically (by half at least, twice the
// text at most, as before): all of them together are at most three times
// the last, which is at most twice what was asked for. The chunk
// the text leaves holds nothing else, and is no longer recorded in the
// document's memory (so that it is garbage at once, as without reuse).
func (p *parser) growText(n int) {
	size := max(len(p.textBuf)+n, 2*len(p.textBuf), min(max(len(p.main)/4, 2048), 16<<10))
	if cap(p.textBuf) > 0 && unsafe.SliceData(p.textBuf) == p.textChunk {
		size = max(size, cap(p.textBuf)+cap(p.textBuf)/2)
		p.forgetChunk(p.textChunkAt)
	}
	b := p.makeChunk(size)
	p.textChunk, p.textChunkAt = unsafe.SliceData(b[:1]), p.chunkAt
	b = b[:len(p.textBuf)]
	copy(b, p.textBuf)
	p.textBuf = b
}

func sameString(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}

// flushText turns the pending text, if any, into a Text node.
func (p *parser) flushText() {
	if p.pendMode != 0 {
		p.flushPending()
	}
}

// flushPending is flushText when there is pending text.
func (p *parser) flushPending() {
	var s string
	if p.pendMode == 1 {
		s = p.pendSrc[p.pendA:p.pendB]
	} else if b := p.textBuf; len(b) > 0 {
		// The string is the text where it was built; the chunk's
		// rest is for the next.
		s = unsafe.String(&b[0], len(b))
		p.textBuf = b[len(b):]
	}
	p.pendMode = 0
	n := p.node()
	n.Type = TextNode
	n.Data = s
	n.Offset = p.pendOff
	appendChild(p.current(), n)
}

// makeString returns a string holding b. Short strings are carved out of
// a shared arena so that building them costs no allocation of its own;
// the arena is only ever appended to, so the strings never change.
func (p *parser) makeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > 2048 {
		return string(b)
	}
	if cap(p.arena)-len(p.arena) < len(b) {
		// Chunks of a quarter of the document, from 2 KB to 16 KB.
		p.arena = p.makeChunk(min(max(len(p.main)/4, 2048), 16<<10))
	}
	start := len(p.arena)
	p.arena = append(p.arena, b...)
	return unsafe.String(&p.arena[start], len(b))
}

// --- main loop ---

// textStop marks the bytes that end a run of plain text.
var textStop = [256]bool{'<': true, '&': true, '\r': true, 0: true}

// textStopBytes returns w with the high bit set of the bytes that end
// plain text ('<', '&', CR, NUL), and possibly of bytes after the first
// one, never before: the lowest set bit tells the first such byte.
func textStopBytes(w uint64) uint64 {
	return zeroBytes(w) | zeroBytes(w^('<'*ones)) | zeroBytes(w^('&'*ones)) | zeroBytes(w^('\r'*ones))
}

// ones has a 1 in every byte.
const ones = 0x0101010101010101

// zeroBytes returns w with the high bit of a byte set where that byte is
// zero, and possibly of bytes after the first zero byte (a borrow carries
// into the next byte), never of a byte before it.
func zeroBytes(w uint64) uint64 {
	return (w - ones) & ^w & (ones << 7)
}

// textStops are the bytes that end plain text, in the order of p.stops.
var textStops = [4]byte{'<', '&', '\r', 0}

// ltAmpBytes is textStopBytes for '<' and '&' alone; amp has the high bit
// of the '&' bytes set, and possibly of other bytes after the first '&',
// never before it (so the lowest bit of m tells which of the two is first).
func ltAmpBytes(w uint64) (m, amp uint64) {
	a, l := w^('&'*ones), w^('<'*ones)
	a, l = (a-ones)&^a, (l-ones)&^l // zeroBytes, masked once
	return (a | l) & (ones << 7), a
}

// nextTextStop returns the index of the first byte at or after i that ends
// plain text, or len(p.src). It remembers where the next '<', '&', CR and
// NUL are, so that every byte is searched at most once for each of them:
// text full of references stays linear.
func (p *parser) nextTextStop(i int) int {
	// One test per stop, not a loop over them: each is predicted on
	// its own ('<' is searched for again nearly every time, CR and NUL
	// nearly never).
	c := &p.stops
	if c[0] < i {
		p.searchStop(0, i)
	}
	if c[1] < i {
		p.searchStop(1, i)
	}
	if c[2] < i {
		p.searchStop(2, i)
	}
	if c[3] < i {
		p.searchStop(3, i)
	}
	return min(c[0], c[1], c[2], c[3])
}

// searchStop sets p.stops[k] to the index of the first textStops[k] at or
// after i in p.src, or len(p.src).
func (p *parser) searchStop(k, i int) {
	if j := strings.IndexByte(p.src[i:], textStops[k&3]); j >= 0 {
		p.stops[k&3] = i + j
	} else {
		p.stops[k&3] = len(p.src)
	}
}

func isSpace(c byte) bool { return spaceByte[c] }

// spaceByte marks the bytes isSpace accepts: a table look-up is cheaper than
// five comparisons in the tokenizer's inner loops.
var spaceByte = [256]bool{' ': true, '\n': true, '\t': true, '\r': true, '\f': true}

// tagNameStopNUL and attrNameStopNUL are what scanName stops at: the bytes
// that end a tag name (and '=' for an attribute name), and NUL.
var (
	tagNameStopNUL  = [256]bool{' ': true, '\n': true, '\t': true, '\r': true, '\f': true, '/': true, '>': true, 0: true}
	attrNameStopNUL = [256]bool{' ': true, '\n': true, '\t': true, '\r': true, '\f': true, '/': true, '>': true, '=': true, 0: true}
)

func (p *parser) parse() error {
	if p.recovery {
		p.recoverDecl() // recovery.go
	}
	if strings.HasPrefix(p.src[p.pos:], "<?xml") && len(p.src) > p.pos+5 && (isSpace(p.src[p.pos+5]) || p.src[p.pos+5] == '?') {
		p.xmlDecl()
	}
	p.run()
	p.flushText()
	// [EOF] closes every open element.
	if len(p.stack) > 0 && p.err == nil {
		p.parseError("eof-in-element")
	}
	p.stack = p.stack[:0]
	return p.err
}

// run tokenizes p.src from p.pos to its end.
func (p *parser) run() {
	for p.pos < len(p.src) && p.err == nil {
		s := p.src
		i := p.pos
		if s[i] == '<' {
			// Markup right after markup, as most of it is.
			p.markup(s, i)
			continue
		}
		// Text: its first 16 bytes eight at a time, then (a long run of
		// text) the vectorized searches find its end. (Reading up to 32
		// or 64 bytes by words ran more instructions and mispredicted
		// more than the searches they spared.)
		end := min(i+16, len(s))
		for i+8 <= end {
			if m := textStopBytes(load64(s, i)); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				end = i // found: no byte loop, no search
				break
			}
			i += 8
		}
		for i < end && !textStop[s[i]] {
			i++
		}
		if i == end && i < len(s) && !textStop[s[i]] {
			i = p.nextTextStop(i)
		}
		if i > p.pos {
			if p.pendMode == 0 && p.phase == phaseMain && p.entDepth == 0 && sameString(p.pendSrc, s) {
				// A text's first range in the document,
				// as addRange would set it.
				p.pendMode, p.pendA, p.pendB, p.pendOff = 1, p.pos, i, p.pos
			} else {
				p.addRange(p.pos, i)
			}
			p.pos = i
		}
		if i >= len(s) {
			break
		}
		switch s[i] {
		case '<':
			p.markup(s, i)
		case '&':
			if p.phase == phaseMain && p.refText(i) {
				continue
			}
			p.textReference()
		case '\r':
			// Newline normalization: CR LF and CR become LF.
			p.pos++
			if p.pos < len(s) && s[p.pos] == '\n' {
				p.addRange(p.pos, p.pos+1)
				p.pos++
			} else {
				p.addString("\n")
			}
		default: // NUL in text is dropped.
			p.parseError("nul-in-text")
			p.pos++
		}
	}
}

// refText reads text from the reference at s[i] ('&', in the main phase)
// for as long as it is predefined entities, character references and plain
// bytes, as run and textReference would, straight into the pending text's
// buffer: escaped HTML is mostly that, and appending each short piece on
// its own costs a call and a copy of a varying length. It returns false,
// having read nothing, when the reference at i is not one of those; it
// stops at any other reference, '<', CR, NUL and the end of the text,
// which run reads on from.
func (p *parser) refText(i int) bool {
	s := p.src
	c, n := quickRef(s, i, p.recovery)
	if n == 0 {
		return false
	}
	p.pos = i
	switch p.pendMode {
	case 0:
		p.textBuf = p.textBuf[:0]
		p.pendOff = p.offset()
	case 1:
		p.textBuf = p.textBuf[:0]
		p.appendText(p.pendSrc[p.pendA:p.pendB])
	}
	p.pendMode = 2
	// The text from i on decodes to no more bytes than its source up to
	// the next '<' (no reference refText reads is shorter than its
	// character, and none holds a '<'): room for it at once, and a word
	// more, so that the bytes are written by index with no test of the
	// room (refRun writes whole words).
	//
	// Once an entity's markup may end a text before that '<' (textCut),
	// the room asked is the chunk's rest, or half a chunk when that is
	// more, and refText stops where the room ends (run reads on, into the
	// same text): asking for the rest of the source for each text between
	// two elements of the replacement text would take a chunk of about
	// the input's size each time (quadratic). A chunk is thus left only
	// when at least half of it holds text.
	room := p.nextStop(0, i) - i
	// CR and NUL are rare: refRun's words are read up to the next of
	// them, and tested for '<' and '&' alone.
	lim := min(p.nextStop(2, i), p.nextStop(3, i))
	if p.textCut {
		room = p.cutRoom(room)
		lim = min(lim, i+room)
	}
	p.textRoom(room + 8)
	b := p.textBuf
	k := len(b)
	b = b[:cap(b)]
	for {
		if c < utf8.RuneSelf {
			b[k] = byte(c)
			k++
		} else {
			k += utf8.EncodeRune(b[k:], c)
		}
		i += n
		var long bool
		if k, i, long = refRun(b, k, s, i, lim); long {
			// A long run of plain bytes: the vectorized searches
			// and one copy.
			j := min(p.nextTextStop(i), lim)
			k += copy(b[k:], s[i:j])
			i = j
		}
		if i >= lim || s[i] != '&' {
			break
		}
		if c, n = quickRef(s, i, p.recovery); n == 0 {
			break
		}
	}
	p.textBuf = b[:k]
	p.pos = i
	return true
}

// cutRoom returns the room refText asks for, for a text of references
// whose source has room bytes up to the next '<', once textCut is set: the
// room left in the pending text's chunk (a word kept for refRun), or half a
// chunk of makeString's size when that is more, and never more than room.
func (p *parser) cutRoom(room int) int {
	return min(room, max(cap(p.textBuf)-len(p.textBuf)-8, min(max(len(p.main)/4, 2048), 16<<10)/2))
}

// refRun copies the plain bytes of s from i into b at k, and decodes the
// predefined entity references among them, up to the first byte that ends
// plain text and is not such a reference; it returns the new k and i. It
// copies a word at a time (the word is stored whole and k moves past the
// bytes before the first '<' or '&'; lim, the next CR or NUL, ends the words,
// and the bytes before it are read one by one), and returns long true,
// having stopped at a plain byte, after refTextWords words without a
// reference: a longer run is left to the vectorized searches. b has room
// for the bytes up to the next '<' and a word (see refText). It calls
// nothing, so that its variables stay in registers.
func refRun(b []byte, k int, s string, i, lim int) (int, int, bool) {
	// In a run of plain bytes both indexes move together: d is k - i.
	d := k - i
	for {
		end := min(lim, i+refTextWords*8)
		for {
			if i+8 > end {
				if i+8 <= lim {
					return i + d, i, true
				}
				for i < lim && !textStop[s[i]] {
					b[i+d] = s[i]
					i++
				}
				return i + d, i, false
			}
			w := load64(s, i)
			binary.LittleEndian.PutUint64(b[i+d:i+d+8], w)
			if m, amp := ltAmpBytes(w); m != 0 {
				// The first stop is '&' when its bit is amp's.
				i += bits.TrailingZeros64(m) >> 3
				if amp&(m&-m) == 0 {
					return i + d, i, false
				}
				break
			}
			i += 8
		}
		// A predefined entity reference with a word after its '&'
		// goes on here; any other is the caller's.
		if i+9 > len(s) {
			return i + d, i, false
		}
		c, n := predefinedWord(load64(s, i+1))
		if n == 0 {
			return i + d, i, false
		}
		b[i+d] = c
		i += n + 1
		d -= n // one byte written for n+1 read
	}
}

// refTextWords is how many words of plain text refText copies a word at a
// time before it leaves the rest of the run to nextTextStop's searches and
// one copy (cachegrind over the corpus: 4, 16 and no limit ran within 1%
// of each other in cycles, fewer words trading mispredictions of the
// searches' length branches for instructions).
const refTextWords = 16

// nextStop returns the index of the first '<', '&', CR or NUL (for k 0 to
// 3: nextTextStop's order) at or after i in p.src, or len(p.src), through
// nextTextStop's memory of it.
func (p *parser) nextStop(k, i int) int {
	if p.stops[k&3] < i {
		p.searchStop(k, i)
	}
	return p.stops[k&3]
}

// quickRef returns the character of the reference at s[i] ('&') and its
// length when it is a predefined entity, or a character reference with
// digits and a semicolon read without recovery, which textReference reads
// to the same character without a parse error; else n == 0.
func quickRef(s string, i int, recovery bool) (rune, int) {
	if i+1 < len(s) && s[i+1] == '#' {
		if recovery {
			return 0, 0
		}
		r, n := numericRef(s[i:])
		if n < 4 || s[i+n-1] != ';' {
			return 0, 0
		}
		return r, n
	}
	c, n := predefinedRef(s[i+1:])
	if n == 0 {
		return 0, 0
	}
	return rune(c), n + 1
}

// markup reads the markup at s[i] ('<', at p.pos): start and end tags
// straight, the rest through tagOpen (one call fewer per tag).
func (p *parser) markup(s string, i int) {
	if i+1 < len(s) {
		switch tagOpenKind[s[i+1]] {
		case tagStart:
			p.startTag()
			return
		case tagEnd:
			p.endTag()
			return
		}
	}
	p.tagOpen()
}

// tagOpenKind tells by the byte after '<' a start tag (most bytes), an end
// tag ('/') or what tagOpen sorts out ('?', '!', white space, '<', '>').
var tagOpenKind = func() (t [256]byte) {
	t['/'] = tagEnd
	for _, c := range []byte("?! \n\t\r\f<>") {
		t[c] = tagOther
	}
	return t
}()

// Kinds of markup by the byte after '<'.
const (
	tagStart = iota
	tagEnd
	tagOther
)

func (p *parser) tagOpen() {
	s := p.src
	i := p.pos + 1
	if i >= len(s) {
		p.parseError("eof-after-lt")
		p.addRange(p.pos, i)
		p.pos = i
		return
	}
	switch c := s[i]; {
	case c == '/':
		p.endTag()
	case c == '?':
		p.processingInstruction()
	case c == '!':
		p.markupDeclaration()
	case isSpace(c) || c == '<' || c == '>':
		p.parseError("invalid-first-character-of-tag-name")
		p.addRange(p.pos, i)
		p.pos = i
	default:
		p.startTag()
	}
}

// clean returns s with CR LF and CR turned into LF and NUL into U+FFFD.
func clean(s string) string {
	if strings.IndexByte(s, '\r') < 0 && strings.IndexByte(s, 0) < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\r':
			b.WriteByte('\n')
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
		case 0:
			b.WriteString("\uFFFD")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// scanName returns the end of the tag or attribute name that starts at
// start in s, read on from i (at white space, '/', '>', and for an
// attribute name '=' too), and the name, cleaned: a name holds no CR (white
// space ends it), so only a NUL needs clean, and the scan stops at one to
// tell. colon reports whether the name holds a ':' (resolve needs no search
// for it in most names then).
func scanName(s string, start, i int, attr bool) (end int, name string, colon bool) {
	stop := &tagNameStopNUL
	if attr {
		stop = &attrNameStopNUL
	}
	// Eight bytes at a time: every byte scanName stops at is below 0x40,
	// and so are few name bytes ('-', '.', ':', digits), so the first
	// byte below 0x40 of each eight is looked up in the table (':' is
	// one of them, so the colon is seen there).
	colon = s[start] == ':' // (an attribute name's first byte is not read on)
	for i+8 <= len(s) {
		m := below40(load64(s, i))
		if m == 0 {
			i += 8
			continue
		}
		i += bits.TrailingZeros64(m) >> 3
		c := s[i]
		if stop[c] {
			if c != 0 && s[start] != 0 {
				return i, s[start:i], colon
			}
			break
		}
		colon = colon || c == ':'
		i++
	}
	// The last bytes, or a NUL.
	for i < len(s) && !stop[s[i]] {
		colon = colon || s[i] == ':'
		i++
	}
	if (i == len(s) || s[i] != 0) && s[start] != 0 {
		return i, s[start:i], colon
	}
	for i < len(s) && (!stop[s[i]] || s[i] == 0) {
		i++
	}
	name = clean(s[start:i])
	return i, name, strings.IndexByte(name, ':') >= 0
}

// load64 returns the eight bytes of s at i as a little-endian number (one
// load where the machine allows it).
func load64(s string, i int) uint64 {
	b := s[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// below40 returns w with the high bit of a byte set where that byte is
// below 0x40, and possibly of bytes after the first such byte (a borrow
// carries into the next byte), never of a byte before it: the lowest set
// bit tells the first byte below 0x40, if any.
func below40(w uint64) uint64 {
	const lo, hi = 0x4040404040404040, 0x8080808080808080
	return (w - lo) & ^w & hi
}

// below20 returns w with the high bit of a byte set where that byte is
// below 0x20 (the control bytes, among them TAB, LF, CR, FF and NUL), and
// possibly of bytes after the first such byte, never of a byte before it,
// as below40 does.
func below20(w uint64) uint64 {
	const lo, hi = 0x2020202020202020, 0x8080808080808080
	return (w - lo) & ^w & hi
}

// valueStopBytes returns w with the high bit set of the bytes that end a
// plain quoted attribute value's scan: the quote (qs is the quote in every
// byte), '&' and the bytes below 0x20, and possibly of bytes after the first
// one, never before: the lowest set bit tells the first such byte.
func valueStopBytes(w, qs uint64) uint64 {
	return zeroBytes(w^qs) | below20(w) | zeroBytes(w^('&'*ones))
}

// startTag tokenizes a start or empty-element tag at p.pos.
func (p *parser) startTag() {
	s := p.src
	start := p.pos
	i, name, colon := scanName(s, p.pos+1, p.pos+1, false)
	p.attrs = p.attrs[:0]
	if i < len(s) && s[i] == '>' && p.attlists == nil {
		// No attribute, and none by default: most tags.
		p.pos = i + 1
		p.emitStart(name, colon, false, start)
		return
	}
	p.attrSet = nil
	empty := false
	for {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			p.parseError("eof-in-tag")
			p.pos = i
			return
		}
		c := s[i]
		if c == '>' {
			i++
			break
		}
		if c == '/' {
			if i+1 < len(s) && s[i+1] == '>' {
				empty = true
				i += 2
				break
			}
			i++
			continue
		}
		// The first character is part of the name, even '='.
		var aname string
		i, aname, _ = scanName(s, i, i+1, true)
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			p.parseError("eof-in-tag")
			p.pos = i
			return
		}
		value := ""
		if s[i] == '=' {
			i++
			for i < len(s) && isSpace(s[i]) {
				i++
			}
			if i >= len(s) {
				p.parseError("eof-in-tag")
				p.pos = i
				return
			}
			var ok bool
			switch q := s[i]; q {
			case '"', '\'':
				value, i, ok = p.quotedValue(i+1, q)
			case '>':
				ok = true
			default:
				if p.recovery {
					if v, j, typo := p.typographicAttr(i); typo { // recovery.go
						value, i, ok = v, j, true
						break
					}
				}
				value, i, ok = p.unquotedValue(i)
			}
			if !ok {
				p.parseError("eof-in-tag")
				p.pos = len(s)
				return
			}
		}
		if p.hasAttr(aname) {
			p.parseError("duplicate-attribute")
			continue
		}
		if len(p.attrs) >= p.lim.MaxAttributes {
			p.pos = start
			p.limitError("MaxAttributes", p.lim.MaxAttributes)
			return
		}
		p.attrs = append(p.attrs, rawAttr{aname, value})
		if p.attrSet != nil {
			p.attrSet[aname] = struct{}{}
		}
	}
	p.attrSet = nil
	p.pos = i
	if p.attlists != nil {
		p.applyAttlist(name)
	}
	p.emitStart(name, colon, empty, start)
}

// hasAttr reports whether the tag being read already has an attribute
// named name. Long attribute lists switch to a set so that a tag with
// thousands of attributes stays linear.
func (p *parser) hasAttr(name string) bool {
	if p.attrSet != nil {
		_, ok := p.attrSet[name]
		return ok
	}
	for k := range p.attrs {
		if p.attrs[k].name == name {
			return true
		}
	}
	if len(p.attrs) >= 16 {
		p.attrSet = make(map[string]struct{}, 2*len(p.attrs))
		for k := range p.attrs {
			p.attrSet[p.attrs[k].name] = struct{}{}
		}
	}
	return false
}

// valueSpecial marks the bytes that make an attribute value need
// attrValue: references, white space other than the space, NUL.
var valueSpecial = [256]bool{'&': true, '\t': true, '\n': true, '\r': true, '\f': true, 0: true}

// quotedValue reads an attribute value from i up to the quote q. It
// returns the value, the index after the closing quote, and false at EOF.
func (p *parser) quotedValue(i int, q byte) (string, int, bool) {
	s := p.src
	// Most values are short and plain: eight bytes at a time, look for
	// the quote or a byte that needs attrValue, whichever comes first.
	// A value is plain when the quote comes first.
	k := i
	qs := uint64(q) * ones
	for k+8 <= len(s) {
		w := load64(s, k)
		m := valueStopBytes(w, qs)
		if m == 0 {
			k += 8
			continue
		}
		k += bits.TrailingZeros64(m) >> 3
		if s[k] == q {
			return s[i:k], k + 1, true
		}
		break // special, and the slow path is needed
	}
	j := strings.IndexByte(s[k:], q)
	if j < 0 {
		return "", len(s), false
	}
	j += k - i
	raw := s[i : i+j]
	plain := true
	for k := 0; k < len(raw); k++ {
		if valueSpecial[raw[k]] {
			plain = false
			break
		}
	}
	if plain {
		return raw, i + j + 1, true
	}
	// Slow path: references and whitespace normalization. A reference
	// never contains the quote, so the value still ends at i+j.
	p.scratch = p.attrValue(p.scratch[:0], raw, q, 0)
	return p.makeString(p.scratch), i + j + 1, true
}

func (p *parser) unquotedValue(i int) (string, int, bool) {
	s := p.src
	j := i
	for j < len(s) && !isSpace(s[j]) && s[j] != '>' {
		j++
	}
	if j >= len(s) {
		return "", j, false
	}
	raw := s[i:j]
	if strings.IndexByte(raw, '&') < 0 && strings.IndexByte(raw, 0) < 0 {
		return raw, j, true
	}
	p.scratch = p.attrValue(p.scratch[:0], raw, '>', 0)
	return p.makeString(p.scratch), j, true
}

// attrValue appends the normalized value of raw to b: character and entity
// references expanded, whitespace turned into spaces, NUL into U+FFFD.
// extra is the additional allowed character that ends a reference.
func (p *parser) attrValue(b []byte, raw string, extra byte, depth int) []byte {
	for k := 0; k < len(raw); k++ {
		c := raw[k]
		switch c {
		case '\r':
			b = append(b, ' ')
			if k+1 < len(raw) && raw[k+1] == '\n' {
				k++
			}
		case '\t', '\n', '\f':
			b = append(b, ' ')
		case 0:
			b = append(b, "\uFFFD"...)
		case '&':
			var n int
			b, n = p.attrReference(b, raw[k:], extra, depth)
			k += n - 1
		default:
			b = append(b, c)
		}
	}
	return b
}

// emitStart runs tree construction for a start tag (empty: an empty-element
// tag) whose attributes are in p.attrs; colon reports whether qname holds a
// ':'.
func (p *parser) emitStart(qname string, colon, empty bool, off int) {
	switch p.phase {
	case phaseEnd:
		p.parseError("content-after-root")
		return
	case phaseStart:
		// [root] The first start tag makes the root element.
		p.phase = phaseMain
	}
	if p.entDepth > 0 {
		off = p.refOff
	}
	p.flushText()
	if len(p.stack) >= p.lim.MaxDepth {
		p.pos = off
		p.limitError("MaxDepth", p.lim.MaxDepth)
		return
	}
	n := p.node()
	n.Type = ElementNode
	n.Offset = off
	mark := len(p.ns)
	if len(p.attrs) == 0 && !colon {
		// No attribute and no prefix: most elements, named here
		// rather than by a call. (A namespace of "" is not written:
		// n is fresh, and a write costs a write barrier while the
		// collector marks.)
		n.Local = qname
		if ns := p.defNS; ns != "" {
			n.Namespace = ns
		}
	} else {
		p.resolve(n, qname, colon)
	}
	appendChild(p.current(), n)
	if empty {
		p.truncateNS(mark)
		if len(p.stack) == 0 {
			p.phase = phaseEnd
		}
		return
	}
	p.stack = append(p.stack, openElement{node: n, qname: qname, nsMark: mark})
	if p.nameCountsLive {
		p.nameCounts[qname]++
	}
}

// resolve sets n's name, namespace and attributes from qname (which holds a
// ':' when colon is true) and p.attrs, pushing the element's namespace
// declarations onto p.ns.
func (p *parser) resolve(n *Node, qname string, colon bool) {
	// (emitStart names an element with no attribute and no prefix.)
	attrs := p.allocAttrs(len(p.attrs))
	// Declarations first: they apply to the element and all its
	// attributes.
	for k := range p.attrs {
		a := &p.attrs[k]
		at := &attrs[k]
		at.Value = a.value
		name := a.name
		if name == "xmlns" {
			at.Namespace, at.Local = XMLNSNamespace, name
			if a.value != XMLNamespace && a.value != XMLNSNamespace {
				p.pushNS("", a.value)
			}
			continue
		}
		if len(name) > 6 && name[:6] == "xmlns:" {
			local := name[6:]
			if local == "xmlns" {
				at.Local = name
				continue
			}
			at.Namespace, at.Prefix, at.Local = XMLNSNamespace, "xmlns", local
			if local != "xml" && a.value != XMLNamespace && a.value != XMLNSNamespace {
				p.pushNS(local, a.value)
			}
			continue
		}
		at.Local = name
	}
	// The element.
	i := -1
	if colon {
		i = strings.IndexByte(qname, ':')
	}
	if i < 0 {
		n.Local = qname
		n.Namespace = p.defNS
	} else if i > 0 && i < len(qname)-1 {
		if uri := p.lookup(qname[:i]); uri != "" {
			n.Namespace, n.Prefix, n.Local = uri, qname[:i], qname[i+1:]
		} else {
			n.Local = qname
		}
	} else {
		n.Local = qname
	}
	// The other attributes.
	var nsSet map[[2]string]struct{}
	for k := range attrs {
		at := &attrs[k]
		if at.Namespace != "" || at.Local == "xmlns:xmlns" {
			continue
		}
		name := at.Local
		i := strings.IndexByte(name, ':')
		if i <= 0 || i == len(name)-1 {
			continue
		}
		uri := p.lookup(name[:i])
		if uri == "" {
			continue
		}
		local := name[i+1:]
		if nsDuplicate(attrs[:k], uri, local, &nsSet) {
			p.parseError("duplicate-namespaced-attribute")
			continue
		}
		at.Namespace, at.Prefix, at.Local = uri, name[:i], local
	}
	n.Attr = attrs
}

// nsDuplicate reports whether an attribute among prev already has the
// namespace uri and local name local. For long attribute lists it keeps a
// set in *set (built on first use) so the check stays linear.
func nsDuplicate(prev []Attr, uri, local string, set *map[[2]string]struct{}) bool {
	if len(prev) < 16 {
		for m := range prev {
			if prev[m].Namespace == uri && prev[m].Local == local {
				return true
			}
		}
		return false
	}
	if *set == nil {
		*set = make(map[[2]string]struct{}, 2*len(prev))
		for m := range prev {
			if prev[m].Namespace != "" {
				(*set)[[2]string{prev[m].Namespace, prev[m].Local}] = struct{}{}
			}
		}
	}
	key := [2]string{uri, local}
	if _, ok := (*set)[key]; ok {
		return true
	}
	(*set)[key] = struct{}{}
	return false
}

// lookup returns the namespace URI bound to prefix ("" for the default
// namespace, which p.defNS holds too), or "" when there is none.
func (p *parser) lookup(prefix string) string {
	if prefix == "" {
		return p.defNS
	}
	if prefix == "xml" {
		return XMLNamespace
	}
	if prefix == "xmlns" {
		return XMLNSNamespace
	}
	if p.nsIndex != nil {
		if l := p.nsIndex[prefix]; len(l) > 0 {
			return p.ns[l[len(l)-1]].uri
		}
		return ""
	}
	for i := len(p.ns) - 1; i >= 0; i-- {
		if p.ns[i].prefix == prefix {
			return p.ns[i].uri
		}
	}
	return ""
}

// pushNS binds prefix ("" for the default namespace) to uri. Past a few
// dozen bindings in scope an index keeps lookups constant-time.
func (p *parser) pushNS(prefix, uri string) {
	b := nsBinding{prefix: prefix, uri: uri}
	if prefix == "" {
		b.prevDefault, p.defNS = p.defNS, uri
	}
	p.ns = append(p.ns, b)
	if p.nsIndex != nil {
		p.nsIndex[prefix] = append(p.nsIndex[prefix], len(p.ns)-1)
	} else if len(p.ns) > 32 {
		p.nsIndex = make(map[string][]int)
		for i, b := range p.ns {
			p.nsIndex[b.prefix] = append(p.nsIndex[b.prefix], i)
		}
	}
}

// truncateNS drops the bindings from index mark on (most elements declare
// none: that test is inlined).
func (p *parser) truncateNS(mark int) {
	if mark < len(p.ns) {
		p.dropNS(mark)
	}
}

// dropNS is truncateNS when there are bindings to drop.
func (p *parser) dropNS(mark int) {
	for i := len(p.ns) - 1; i >= mark; i-- {
		if p.ns[i].prefix == "" {
			p.defNS = p.ns[i].prevDefault
		}
	}
	if p.nsIndex != nil {
		for i := len(p.ns) - 1; i >= mark; i-- {
			l := p.nsIndex[p.ns[i].prefix]
			p.nsIndex[p.ns[i].prefix] = l[:len(l)-1]
		}
	}
	p.ns = p.ns[:mark]
}

// checkTree stops the parse when the tree is beyond its budget
// (Limits.MaxNodes): an attribute (64 bytes) counts as half a node (144).
// What is being made is still made (callers attach it); the parse stops
// at the next token.
func (p *parser) checkTree() {
	if p.nodeCount() > p.nodeRoom { // nodes+p.attrCount/2 > p.nodeBudget
		p.limitError("MaxNodes", p.nodeBudget)
	}
}

func (p *parser) allocAttrs(n int) []Attr {
	if n == 0 {
		return nil
	}
	p.attrCount += n
	p.nodeRoom = p.nodeBudget - p.attrCount/2
	p.checkTree()
	p.setSlabEnd()
	if len(p.attrSlab) < n {
		// Slabs grow with the attributes the document has used, from
		// 16; the first is sized to the input, smaller for a small
		// document.
		if p.attrSlabSize == 0 {
			p.attrSlabSize = min(max(len(p.main)/128, 4), 16)
			if p.attrSlabSize < 16 && p.entDepth == 0 && sameString(p.src, p.main) {
				// A small document: no more than the attributes
				// it can still hold, this tag's and one per '='
				// after it (a count the vectorized search makes
				// cheaply).
				p.attrSlabSize = min(p.attrSlabSize, n+strings.Count(p.main[p.pos:], "="))
			}
		} else {
			p.attrSlabSize = min(max(2*p.attrSlabSize, 16), 256)
		}
		p.attrSlab = p.makeAttrSlab(max(p.attrSlabSize, n))
	}
	a := p.attrSlab[:n:n]
	p.attrSlab = p.attrSlab[n:]
	return a
}

// endTag tokenizes an end tag at p.pos ("</").
func (p *parser) endTag() {
	s := p.src
	start := p.pos
	i := p.pos + 2
	if i >= len(s) {
		p.parseError("eof-in-end-tag")
		p.addRange(p.pos, i)
		p.pos = i
		return
	}
	c := s[i]
	if c == '>' {
		// A short end tag "</>" closes the current element.
		p.pos = i + 1
		p.parseError("empty-end-tag")
		if p.phase == phaseMain && len(p.stack) > p.base {
			p.flushText()
			p.pop(len(p.stack) - 1)
		}
		return
	}
	if c == '<' {
		p.parseError("invalid-first-character-of-end-tag-name")
		p.addRange(p.pos, i)
		p.pos = i
		return
	}
	if isSpace(c) {
		p.parseError("invalid-first-character-of-end-tag-name")
		p.bogusComment(i)
		return
	}
	// Most end tags close the open element: its name and '>' tell it
	// without reading the name (an open element's name holds none of the
	// bytes that end one, so scanName would read the same).
	if top := len(p.stack) - 1; top >= p.base && p.phase == phaseMain {
		if q := p.stack[top].qname; q != "" {
			if e := i + len(q); e < len(s) && s[e] == '>' && s[i:e] == q {
				p.pos = e + 1
				p.flushText()
				p.pop(top)
				return
			}
		}
	}
	i, name, _ := scanName(s, i, i, false)
	j := strings.IndexByte(s[i:], '>')
	if j < 0 {
		p.parseError("eof-in-end-tag")
		p.pos = len(s)
		return
	}
	p.pos = i + j + 1
	if p.phase != phaseMain {
		p.parseError("stray-end-tag")
		return
	}
	p.closeElement(name, start)
}

// closeElement handles an end tag named name, which starts at off, in the
// main phase.
func (p *parser) closeElement(name string, off int) {
	top := len(p.stack) - 1
	if top >= p.base && p.stack[top].qname == name {
		p.flushText()
		p.pop(top)
		return
	}
	if p.recordErrors {
		p.parseErrorAt(p.offsetAt(off), "mismatched-end-tag")
	}
	// Deep stacks: keep counts of open names so that stray end tags cost
	// O(1) and parsing stays linear.
	if len(p.stack)-p.base > 32 {
		if !p.nameCountsLive {
			p.nameCountsLive = true
			p.nameCounts = make(map[string]int)
			for _, e := range p.stack {
				p.nameCounts[e.qname]++
			}
		}
		if p.nameCounts[name] == 0 {
			return
		}
	}
	for k := top; k >= p.base; k-- {
		if p.stack[k].qname == name {
			p.flushText()
			p.pop(k)
			return
		}
	}
}

// pop closes the elements from the top of the stack down to index k.
func (p *parser) pop(k int) {
	p.truncateNS(p.stack[k].nsMark)
	if p.nameCountsLive {
		for _, e := range p.stack[k:] {
			p.nameCounts[e.qname]--
		}
	}
	// The entries above k are not cleared: they only point into the
	// document being built, and release clears the whole stack.
	p.stack = p.stack[:k]
	if k == 0 {
		p.phase = phaseEnd
	}
}

// markupDeclaration handles "<!" at p.pos.
func (p *parser) markupDeclaration() {
	s := p.src[p.pos:]
	switch {
	case strings.HasPrefix(s, "<!--"):
		p.comment()
	case len(s) >= 9 && strings.EqualFold(s[2:9], "DOCTYPE"):
		p.pos += 9
		p.doctypeDecl()
	case strings.HasPrefix(s, "<![CDATA["):
		p.cdata()
	default:
		p.parseError("incorrectly-opened-comment")
		p.bogusComment(p.pos + 2)
	}
}

// bogusComment makes a comment of the text from i up to the next '>'.
func (p *parser) bogusComment(i int) {
	s := p.src
	j := strings.IndexByte(s[i:], '>')
	var data string
	if j < 0 {
		data = s[i:]
		p.pos = len(s)
	} else {
		data = s[i : i+j]
		p.pos = i + j + 1
	}
	p.emitComment(clean(data), i-2)
}

func (p *parser) comment() {
	s := p.src
	start := p.pos
	i := p.pos + 4
	if strings.HasPrefix(s[i:], ">") {
		p.parseError("abrupt-closing-of-empty-comment")
		p.pos = i + 1
		p.emitComment("", start)
		return
	}
	if strings.HasPrefix(s[i:], "->") {
		p.parseError("abrupt-closing-of-empty-comment")
		p.pos = i + 2
		p.emitComment("", start)
		return
	}
	j := i
	for {
		k := strings.Index(s[j:], "--")
		if k < 0 {
			p.parseError("eof-in-comment")
			data := strings.TrimSuffix(s[i:], "-")
			p.pos = len(s)
			p.emitComment(clean(data), start)
			return
		}
		k += j
		if k+2 < len(s) && s[k+2] == '>' {
			p.pos = k + 3
			p.emitComment(clean(s[i:k]), start)
			return
		}
		if k+3 < len(s) && s[k+2] == '!' && s[k+3] == '>' {
			p.parseError("incorrectly-closed-comment")
			p.pos = k + 4
			p.emitComment(clean(s[i:k]), start)
			return
		}
		if k+2 >= len(s) {
			p.parseError("eof-in-comment")
			p.pos = len(s)
			p.emitComment(clean(s[i:k]), start)
			return
		}
		j = k + 1
	}
}

func (p *parser) emitComment(data string, off int) {
	n := p.newNode(CommentNode)
	n.Data = data
	p.appendMisc(n, off)
}

// appendMisc appends a comment or processing instruction where tree
// construction puts it in the current phase.
func (p *parser) appendMisc(n *Node, off int) {
	if p.entDepth > 0 {
		off = p.refOff
	}
	n.Offset = off
	if p.phase == phaseMain {
		p.flushText()
	}
	appendChild(p.current(), n)
}

func (p *parser) cdata() {
	s := p.src
	i := p.pos + 9
	j := strings.Index(s[i:], "]]>")
	end := len(s)
	if j >= 0 {
		end = i + j
		p.pos = end + 3
	} else {
		p.parseError("eof-in-cdata")
		p.pos = end
	}
	if p.phase != phaseMain {
		return
	}
	// CDATA merges into the surrounding text; NUL is dropped and
	// newlines normalized like any text.
	// The next NUL and CR, each searched for again only once passed,
	// through nextTextStop's memory of them: most documents have neither,
	// and their sections are one range with no search.
	a := i
	nul, cr := min(p.nextStop(3, a), end), min(p.nextStop(2, a), end)
	for {
		k := min(nul, cr)
		if k == end {
			break
		}
		p.addRange(a, k)
		a = k + 1
		if k == nul {
			nul = min(p.nextStop(3, a), end)
			continue
		}
		if k+1 < end && s[k+1] == '\n' {
			a = k + 1 // CR LF: the LF stays
		} else {
			p.addString("\n")
		}
		cr = min(p.nextStop(2, a), end)
	}
	p.addRange(a, end)
}

// xmlDecl consumes the XML declaration at the start of the document and
// records its pseudo-attributes.
func (p *parser) xmlDecl() {
	s := p.src
	start := p.pos // 0 unless WithRecovery skipped whitespace
	// The common form in one pass (decode.go), any other by searches.
	if f, ok := readDecl(s[start+5:]); ok {
		p.pos = start + 5 + f.end + 2
		p.doc.XMLVersion, p.doc.XMLEncoding, p.doc.XMLStandalone = f.version, f.encoding, f.standalone
		if p.recovery {
			p.recoverDeclValues(start) // recovery.go
		}
		return
	}
	j := strings.Index(s[start:], "?>")
	end := len(s)
	if j >= 0 {
		end = start + j
		p.pos = end + 2
	} else {
		p.parseError("eof-in-xml-declaration")
		p.pos = len(s)
	}
	body := s[start+5 : end]
	p.doc.XMLVersion = declValue(body, "version")
	p.doc.XMLEncoding = declValue(body, "encoding")
	p.doc.XMLStandalone = declValue(body, "standalone")
	if p.recovery {
		p.recoverDeclValues(start) // recovery.go
	}
}

// declValue extracts a pseudo-attribute's value from an XML declaration.
func declValue(body, name string) string {
	i := 0
	for {
		k := strings.Index(body[i:], name)
		if k < 0 {
			return ""
		}
		k += i
		rest := trimDeclSpace(body[k+len(name):])
		i = k + len(name)
		if !strings.HasPrefix(rest, "=") {
			continue
		}
		rest = trimDeclSpace(rest[1:])
		if rest == "" {
			return ""
		}
		if q := rest[0]; q == '"' || q == '\'' {
			if e := strings.IndexByte(rest[1:], q); e >= 0 {
				return rest[1 : 1+e]
			}
			return strings.TrimRight(rest[1:], " \t\r\n?")
		}
		if e := strings.IndexAny(rest, " \t\r\n?"); e >= 0 {
			return rest[:e]
		}
		return rest
	}
}

// processingInstruction handles "<?" at p.pos.
func (p *parser) processingInstruction() {
	s := p.src
	start := p.pos
	i := p.pos + 2
	if i >= len(s) || isSpace(s[i]) || s[i] == '?' {
		// Not a processing instruction: a bogus comment starting
		// with the question mark.
		p.parseError("invalid-processing-instruction")
		p.bogusComment(p.pos + 1)
		return
	}
	target, data, next, ok := piBody(s, i)
	p.pos = next
	if !ok {
		p.parseError("eof-in-processing-instruction")
		return
	}
	n := p.newNode(ProcessingInstructionNode)
	n.Local = target
	n.Data = data
	p.appendMisc(n, start)
}

// piBody reads a processing instruction's target and data from i (just
// after "<?"). It returns false when the input ends first.
func piBody(s string, i int) (target, data string, next int, ok bool) {
	t := i
	for i < len(s) && !isSpace(s[i]) && s[i] != '?' {
		i++
	}
	if i >= len(s) {
		return "", "", len(s), false
	}
	target = clean(s[t:i])
	if s[i] == '?' {
		if i+1 < len(s) && s[i+1] == '>' {
			return target, "", i + 2, true
		}
		// The question mark is data.
	} else {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
	}
	j := strings.Index(s[i:], "?>")
	if j < 0 {
		return "", "", len(s), false
	}
	return target, clean(s[i : i+j]), i + j + 2, true
}

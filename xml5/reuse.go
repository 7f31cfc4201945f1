package xml5

import (
	"sync"

	"github.com/feedspec/feedspec/internal/docmem"
)

// A document's own memory: the copy of the input (which the tree's strings
// point into) and the node slabs. Parse records them in Document.mem, and a
// document released through docmem.Release (the root package does so for a
// feed parsed WithoutDocument, once the feed has copied what it keeps)
// gives them to sparePool, from which later parses take them instead of
// allocating. A spare is bounded (maxSpareInput, maxSpareNodes), and
// sync.Pool drops what is not taken again within two collection cycles, so
// what waits there is at most a few megabytes a processor.

// docMemory is what a Document records of its own memory.
type docMemory struct {
	reuse  bool     // the parse was given docmem.ReuseOption
	input  []byte   // the input's copy
	first  []Node   // the first node slab
	slabs  [][]Node // the slabs after it
	chunks [][]byte // the chunks built strings are in (makeString, growText)
	attrs  [][]Attr // the attribute slabs
}

// spareMemory is the memory of released documents, waiting for a parse.
type spareMemory struct {
	inputs [spareInputClasses][]byte // capacity only, one per class (inputClass)
	slabs  [][]Node                  // zero, whole capacity
	nodes  int                       // nodes in slabs
	chunks [][]byte                  // capacity only
	bytes  int                       // bytes in chunks
	attrs  [][]Attr                  // zero, whole capacity
	nattr  int                       // attributes in attrs
}

// spareInputClasses is the number of input buffers a spare holds, one for
// each range of capacities inputClass tells apart (up to 16 KB, 64 KB,
// 256 KB and maxSpareInput), so that a reader polling feeds of every size
// finds a buffer of about the right one.
const spareInputClasses = 4

// inputClass returns the class of a buffer of capacity n.
func inputClass(n int) int {
	switch {
	case n <= 16<<10:
		return 0
	case n <= 64<<10:
		return 1
	case n <= 256<<10:
		return 2
	}
	return 3
}

// maxSpareInput is the largest input copy kept for reuse (a reader's
// feeds are mostly far smaller), and maxSpareNodes the most nodes kept in
// slabs (about 1.2 MB of them).
const (
	maxSpareInput = 1 << 20
	maxSpareNodes = 8192
	// maxSpareChunk is the largest chunk of built strings kept, and
	// maxSpareBytes the most bytes of them; maxSpareAttrs is the most
	// attributes kept in slabs (256 KB of them).
	maxSpareChunk = 64 << 10
	maxSpareBytes = 256 << 10
	maxSpareAttrs = 4096
)

var sparePool sync.Pool // *spareMemory

func init() {
	docmem.ReuseOption = Option(func(c *config) { c.reuse = true })
	docmem.Release = func(d any) { d.(*Document).release() }
}

// takeSpare returns a spare from the pool for a parse with c, or nil (none
// in the pool, or c does not ask for reuse).
func takeSpare(c *config) *spareMemory {
	if !c.reuse {
		return nil
	}
	s, _ := sparePool.Get().(*spareMemory)
	return s
}

// takeInput returns a spare input buffer, empty, with room for n bytes and
// not much more (a document that keeps its strings, should it be kept after
// all, keeps no buffer far bigger than itself), or nil.
func (s *spareMemory) takeInput(n int) []byte {
	if s == nil {
		return nil
	}
	for c := inputClass(n); c < len(s.inputs) && c <= inputClass(n)+1; c++ {
		if b := s.inputs[c]; cap(b) >= n && cap(b) <= 4*n+64<<10 {
			s.inputs[c] = nil
			return b[:0]
		}
	}
	return nil
}

// putBack returns what is left of s to the pool.
func (s *spareMemory) putBack() {
	if s == nil {
		return
	}
	for _, b := range s.inputs {
		if b != nil {
			sparePool.Put(s)
			return
		}
	}
	if len(s.slabs) > 0 || len(s.chunks) > 0 || len(s.attrs) > 0 {
		sparePool.Put(s)
	}
}

// slab returns a zero spare slab of n nodes (resliced from a bigger one),
// or nil.
func (s *spareMemory) slab(n int) []Node {
	if s == nil {
		return nil
	}
	if x := takeLast(&s.slabs, &s.nodes, n); x != nil {
		return x[:n]
	}
	return nil
}

// makeChunk returns an empty chunk for built strings with room for n
// bytes, a spare one when there is one, and records it in the document's
// memory (p.chunkAt is its index there, -1 when it is not recorded).
func (p *parser) makeChunk(n int) []byte {
	m := &p.doc.mem
	p.chunkAt = -1
	if !m.reuse {
		return make([]byte, 0, n)
	}
	var b []byte
	if s := p.spare; s != nil {
		b = takeLast(&s.chunks, &s.bytes, n)
	}
	if b == nil {
		b = make([]byte, 0, n)
	}
	p.chunkAt = len(m.chunks)
	m.chunks = append(m.chunks, b)
	return b[:0]
}

// forgetChunk removes the chunk at index i of the document's memory (a
// chunk that holds no string of the document), which the last chunk takes
// the place of; i < 0 does nothing.
func (p *parser) forgetChunk(i int) {
	m := &p.doc.mem
	if i < 0 || i >= len(m.chunks) {
		return
	}
	last := len(m.chunks) - 1
	m.chunks[i], m.chunks[last] = m.chunks[last], nil
	m.chunks = m.chunks[:last]
}

// makeAttrSlab returns a zero slab of n attributes, a spare one when there
// is one, and records it in the document's memory.
func (p *parser) makeAttrSlab(n int) []Attr {
	m := &p.doc.mem
	if !m.reuse {
		return make([]Attr, n)
	}
	var a []Attr
	if s := p.spare; s != nil {
		a = takeLast(&s.attrs, &s.nattr, n)
	}
	if a == nil {
		a = make([]Attr, n)
	}
	m.attrs = append(m.attrs, a)
	return a[:n]
}

// takeLast removes from list one of its last few slices with a capacity of
// at least n, subtracts its capacity from *total, and returns it; or it
// returns nil when none is big enough. (Looking at the last few only keeps
// the cost of a slab made bounded.)
func takeLast[T any](list *[][]T, total *int, n int) []T {
	l := *list
	for i := len(l) - 1; i >= max(len(l)-8, 0); i-- {
		if x := l[i]; cap(x) >= n {
			last := len(l) - 1
			l[i], l[last] = l[last], nil
			*list = l[:last]
			*total -= cap(x)
			return x
		}
	}
	return nil
}

// keep adds x (whole capacity, zeroed unless it is bytes, which hold no
// pointer) to list, a field of a spare, unless that would take *total
// above most or x is bigger than biggest.
func keep[T any](list *[][]T, total *int, x []T, most, biggest int, zero bool) {
	x = x[:cap(x)]
	if len(x) > biggest || *total+len(x) > most {
		return
	}
	if zero {
		clear(x)
	}
	*list = append(*list, x)
	*total += len(x)
}

// release gives d's memory to sparePool (docmem.Release) when d was parsed
// with docmem.ReuseOption. d is emptied so that a use after release finds
// nothing rather than reused memory.
func (d *Document) release() {
	m := d.mem
	if !m.reuse {
		return // parsed without docmem.ReuseOption, or released already
	}
	*d = Document{}
	s, _ := sparePool.Get().(*spareMemory)
	if s == nil {
		s = new(spareMemory)
	}
	if in := m.input; in != nil {
		if docmem.Poison {
			poison(in[:cap(in)])
		}
		if cap(in) <= maxSpareInput {
			s.inputs[inputClass(cap(in))] = in[:0]
		}
	}
	keep(&s.slabs, &s.nodes, m.first, maxSpareNodes, maxSpareNodes, true)
	for _, slab := range m.slabs {
		keep(&s.slabs, &s.nodes, slab, maxSpareNodes, maxSpareNodes, true)
	}
	for _, c := range m.chunks {
		if docmem.Poison {
			poison(c[:cap(c)])
		}
		keep(&s.chunks, &s.bytes, c, maxSpareBytes, maxSpareChunk, false)
	}
	for _, a := range m.attrs {
		keep(&s.attrs, &s.nattr, a, maxSpareAttrs, maxSpareAttrs, true)
	}
	sparePool.Put(s)
}

// poison overwrites b with 0xEE bytes (docmem.Poison).
func poison(b []byte) {
	for i := range b {
		b[i] = 0xEE
	}
}

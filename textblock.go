package feedspec

import (
	"time"
	"unsafe"
)

// The Texts a parse makes (the string elements' texts, and the Texts of
// escaped HTML the tokens decide, string or Node) are taken from blocks the
// processor allocates as the document proves to need them, instead of one
// allocation each, as xml5 takes its nodes from slabs: a first block of
// firstTextBlock Texts, then blocks twice the last, up to maxTextBlock, yet
// once entries were processed no bigger than the Texts the entries left are
// estimated to make (from the Texts each entry made so far). A block is part
// of the parsed Feed (its Texts are the Feed's), never pooled: release drops
// the processor's reference to it. A Feed keeps all of each block it holds a
// Text of, so a block's unused tail is kept small: a small first block, the
// cap and the estimate.
const (
	firstTextBlock = 4
	maxTextBlock   = 32
)

// stringText returns a Text whose value is the string s, taken from the
// parse's current block of Texts.
func (p *processor) stringText(s string) *Text {
	if len(p.texts) == cap(p.texts) {
		p.texts = make([]Text, 0, p.nextBlockSize(cap(p.texts), p.textsMade, p.textsBeforeEntries))
		p.textBlocks = append(p.textBlocks, p.texts)
	}
	p.textsMade++
	p.texts = append(p.texts, Text{str: s})
	return &p.texts[len(p.texts)-1]
}

// nextBlockSize is the room of the next block of values of one kind (Texts,
// dates), when the last one had room for last and made values were taken
// of which beforeEntries before the first entry: firstTextBlock, then
// twice the last, up to maxTextBlock, yet once entries were processed no
// more than the entries left are estimated to take (from the values each
// entry took so far).
func (p *processor) nextBlockSize(last, made, beforeEntries int) int {
	n := min(max(2*last, firstTextBlock), maxTextBlock)
	if p.entriesDone > 0 {
		left := max(p.entryTotal-p.entriesDone, 1)
		made -= beforeEntries
		n = min(n, max((made*left+p.entriesDone-1)/p.entriesDone, 1))
	}
	return n
}

// newDate returns a pointer to a copy of t, taken from the parse's current
// block of dates, which are sized as the blocks of Texts are (or, parsed
// WithoutDocument, allocated on its own: takeKept). A block is part of the
// parsed Feed; a date holds no pointer into the document (the dates'
// location is UTC).
func (p *processor) newDate(t time.Time) *time.Time {
	d := takeKept(p, &p.dates)
	*d = t
	return d
}

// newLazyFragment returns a new lazyFragment, taken from the parse's
// current block of them, or for a nil p one of its own. Parsed
// WithoutDocument, detachText gives each Text the feed holds one of the
// shared detachedFragments and dropUnheldTexts empties the others, so
// that no block of them is kept.
func (p *processor) newLazyFragment() *lazyFragment {
	if p == nil {
		return new(lazyFragment)
	}
	return takeFromBlock(p, &p.fragments)
}

// newPerson returns a pointer to a copy of person, taken from the parse's
// current block of persons (sized as the blocks of Texts are; parsed
// WithoutDocument, allocated on its own: takeKept). A block is part of the
// parsed Feed: call it only for a person the Feed is to hold.
func (p *processor) newPerson(person Person) *Person {
	q := takeKept(p, &p.persons)
	*q = person
	return q
}

// appendEnclosure appends enc to *list as appendPerson appends a person.
func (p *processor) appendEnclosure(list *[]*Enclosure, enc *Enclosure) {
	appendToSlot(p, &p.enclosureSlots, list, enc)
}

// appendPerson appends person to *list. A list's first element is taken
// from the parse's block of them (most lists hold one person); a longer
// list grows as append grows it.
func (p *processor) appendPerson(list *[]*Person, person *Person) {
	appendToSlot(p, &p.personSlots, list, person)
}

// appendToSlot appends x to *list, whose first element is a slot taken
// from b. When the list grows out of its slot, the slot is emptied: the
// list may drop that element later ([335]), and the block, which the Feed
// keeps, must not keep it.
func appendToSlot[T any](p *processor, b *valueBlock[*T], list *[]*T, x *T) {
	switch l := *list; {
	case l == nil:
		slot := takeKept(p, b)
		*slot = x
		*list = unsafe.Slice(slot, 1)
	case len(l) == 1 && cap(l) == 1:
		*list = append(l, x)
		l[0] = nil
	default:
		*list = append(l, x)
	}
}

// blockText is stringText, or for a nil p the package's stringText (a
// Text of its own).
func (p *processor) blockText(s string) *Text {
	if p == nil {
		return stringText(s)
	}
	return p.stringText(s)
}

// countEntry records, for the sizing of text blocks, that an entry of a
// feed whose entry list has room for total entries was processed.
func (p *processor) countEntry(total int) {
	p.entriesDone++
	p.entryTotal = total
}

// textOrNull returns nil (null) for the empty string and otherwise a Text
// whose value is s, taken from the parse's blocks (stringText).
func (p *processor) textOrNull(s string) *Text {
	if s == "" {
		return nil
	}
	return p.stringText(s)
}

// dropUnheldTexts empties every Text of the parse's blocks that f does not
// hold, once detachFeed has moved each string f holds into kept: a Text
// the processing made and then left (a value recovery mode replaced, say)
// still points into the document, which its block, kept by the Feed's
// other Texts, would keep alive. Every Text f holds has its string in kept,
// one of the package's constants (isStaticString) or empty (eachString
// visits every string of the model), and a Node value only when transient
// (detachText).
func (p *processor) dropUnheldTexts(kept []byte) {
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(kept)))
	hi := lo + uintptr(len(kept))
	for _, b := range p.textBlocks {
		b = b[:cap(b)]
		for i := range b {
			s := b[i].str
			if at := uintptr(unsafe.Pointer(unsafe.StringData(s))); s != "" && (at < lo || at >= hi) && !isStaticString(s) {
				b[i].str = ""
			}
			if l := b[i].lazy; l != nil && !l.transient {
				// A Node value escaped HTML gave, which f does not
				// hold: detachText made every one it holds transient.
				b[i] = Text{}
			}
		}
	}
}

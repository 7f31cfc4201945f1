package feedspec

import (
	"sync"
	"time"

	"golang.org/x/text/encoding"

	"github.com/feedspec/feedspec/internal/weburl"
	"github.com/feedspec/feedspec/xml5"
)

// A processor runs the specification's algorithms over one document. It holds
// what "the element's node document" gives the steps: the document's URL,
// already parsed, against which relative URLs are resolved.
type processor struct {
	doc  *xml5.Document
	base *weburl.URL // nil when the document has no URL or it failed to parse
	// baseOrigin and baseRoot are the origin of base and the origin
	// followed by "/", for the fast path of path-absolute references
	// (pathAbsoluteFromOrigin), and baseDir its directory, for relative
	// path references (relativeFromDir); "" when it does not apply.
	baseOrigin, baseRoot, baseDir string
	// urlParses counts the runs of the URL parser (urlParseBudget);
	// urlParseLimited is set once a URL was left out for want of one.
	urlParses       int
	urlParseLimited bool
	// queryEnc is the encoding URL queries are percent-encoded in: the
	// document's character encoding, nil for UTF-8 (see queryEncoding).
	queryEnc encoding.Encoding

	// urls holds texts parseURL parsed against the document's URL and the
	// URLs they gave, each at a place given by its length and two of its
	// bytes, so that a URL the document repeats is parsed once.
	urls [64]parsedURL

	// categories indexes the current entry's category set once it is long
	// (categoriesIndexed; see addCategory), else it is empty or nil.
	categories        map[string]struct{}
	categoriesIndexed bool
	// personNames indexes the long lists of persons by name (see
	// hasPersonNamed); nil until a list is long.
	personNames map[*[]*Person]*personIndex

	// diags receives the rejected values (WithDiagnostics); nil when not
	// asked for. diagnosed holds the Media RSS elements and attributes
	// reported, which are not reported again (reject).
	diags     *[]Diagnostic
	diagnosed map[diagnosedKey]struct{}
	// diagStart is len(*diags) when the processing began (maxDiagnostics).
	diagStart int
	// xmlBase: resolve URLs against the xml:base in scope (WithXMLBase);
	// baseNodes holds the elements carrying xml:base resolved last and
	// their bases (baseFor), baseCache the values resolved last
	// (resolveBase), and badBases the elements whose xml:base is not a
	// URL, recorded once each (with diagnostics only).
	xmlBase   bool
	baseNodes [16]baseNode
	baseCache [16]cachedBase
	badBases  map[*xml5.Node]struct{}
	// lenientDates: read dates the spec rejects with ParseDate.
	lenientDates bool
	// recovery: make recovery mode's repairs (WithRecovery, recovery.go).
	recovery bool

	// commentsPrimary is set, for the current entry, once its comments URL
	// comes from the preferred source (an RSS comments element, an Atom
	// replies link of type text/html).
	commentsPrimary bool
	// contentEl and summaryEl are the elements the current entry's
	// Content and Summary were read from, noted with WithXMLBase only
	// (normalize.go's noteBody).
	contentEl, summaryEl *xml5.Node

	// entryLinks and entryCats collect the current entry's Links and
	// CategoryDetails; finishEntry copies them to the entry in one
	// allocation each, and the buffers are reused by the next entry.
	entryLinks []Link
	entryCats  []Category
	// entryTerms collects the current entry's Categories (see addCategory).
	entryTerms []string
	// termBlock, linkBlock and catBlock are the blocks finishEntry copies
	// the lists above into (cloneToBlock). They belong to the parsed Feed:
	// release drops them.
	termBlock valueBlock[string]
	linkBlock valueBlock[Link]
	catBlock  valueBlock[Category]
	// mediaBuf collects the Media RSS objects of the scope being read
	// (mediarss.go), and mediaBlock is the block they are copied into
	// (cloneToBlock), part of the parsed Feed.
	mediaBuf   []MediaObject
	mediaBlock valueBlock[MediaObject]
	// mediaLeft is what the document's Media RSS values may still take
	// (mediaSpend), set on first use (mediaBudgetSet); mediaOver is set
	// once it is spent.
	mediaLeft                 int
	mediaBudgetSet, mediaOver bool
	// dateInfos holds the DateInfo of each uncertain date read and not
	// yet given to its field (dateinfo.go).
	dateInfos map[*time.Time]*DateInfo
	// texts is the block string Texts are taken from, and textBlocks
	// every block taken in this parse (textblock.go). The blocks belong
	// to the parsed Feed: release drops them.
	texts      []Text
	textBlocks [][]Text
	// textsMade counts the Texts taken, textsBeforeEntries those taken
	// before the first entry, entriesDone the entries processed and
	// entryTotal the room of the feed's entry list (countEntry), which
	// size the next block.
	textsMade, textsBeforeEntries int
	entriesDone, entryTotal       int
	// dates, persons, personSlots and enclosureSlots are the blocks the
	// model's dates, persons and the first element of a list of persons or
	// enclosures are taken from (newDate, newPerson, appendPerson,
	// appendEnclosure). The blocks belong to the parsed
	// Feed: release drops them.
	dates          valueBlock[time.Time]
	persons        valueBlock[Person]
	personSlots    valueBlock[*Person]
	enclosureSlots valueBlock[*Enclosure]
	// fragments is the block the lazy fragments of escaped HTML are taken
	// from (newLazyFragment), numbers and ints those the values of
	// positiveAttr and intAttr are.
	fragments valueBlock[lazyFragment]
	numbers   valueBlock[int64]
	ints      valueBlock[int]
	// withoutDocument is WithoutDocument; entryStates is then the block
	// the entries' private states are taken from (entry.go's newEntry).
	withoutDocument bool
	entryStates     []entryPrivate
	// entryBlock and detachedEntries hold the entries newEntry gives out
	// next, with their states when the document is kept and without when
	// parsed WithoutDocument. They belong to the parsed Feed: release
	// drops the blocks.
	entryBlock      []entryWithPrivate
	detachedEntries []Entry

	// countedEntry is the last element entryCapacity counted from, and
	// entriesCounted its count.
	countedEntry   *xml5.Node
	entriesCounted int

	// maxEntries is the most entries the feed may hold (see entryBudget)
	// and entryLimit the error recorded when an entry beyond it was left
	// out (limits.go); liveItems counts the Podcasting 2.0 live items read,
	// which count with the entries (podcast_tags.go).
	maxEntries int
	entryLimit error
	liveItems  int
	// maxPerEntry is Limits.MaxPerEntry (negative for none) and capped
	// the lists of the current entry it cut (a bit per list, see room).
	maxPerEntry int
	listCount   [2][numLists]int
	capped      [2]uint32
	// listsRead counts the list elements read in the whole document,
	// maxListElements bounds them (listBudget; negative for none), and
	// listsCapped tells that the bound left one out.
	listsRead, maxListElements int
	listsCapped                bool
	// urlBytes bounds the bytes resolving URLs adds (urls.go).
	urlBytes urlBudget
}

// startEntry resets the per-entry state before an entry is processed.
func (p *processor) startEntry() {
	if p.entriesDone == 0 {
		p.textsBeforeEntries = p.textsMade // textblock.go
		p.dates.beforeEntries = p.dates.made
		p.persons.beforeEntries = p.persons.made
		p.personSlots.beforeEntries = p.personSlots.made
		p.enclosureSlots.beforeEntries = p.enclosureSlots.made
		p.fragments.beforeEntries = p.fragments.made
		p.numbers.beforeEntries = p.numbers.made
		p.ints.beforeEntries = p.ints.made
	}
	if p.categoriesIndexed {
		clear(p.categories)
		p.categoriesIndexed = false
	}
	p.capped[inEntry] = 0
	p.listCount[inEntry] = [numLists]int{}
	p.commentsPrimary = false
	p.contentEl, p.summaryEl = nil, nil
	p.entryLinks = p.entryLinks[:0]
	p.entryCats = p.entryCats[:0]
	p.entryTerms = p.entryTerms[:0]
}

// finishEntry gives entry the categories, links and category details
// collected while it was processed, and its dates' DateInfo; addEntry calls
// it once the entry's processor has returned.
func (p *processor) finishEntry(entry *Entry) {
	if len(p.entryTerms) > 0 {
		entry.Categories = cloneToBlock(p, &p.termBlock, p.entryTerms)
	}
	if len(p.entryLinks) > 0 {
		entry.Links = cloneToBlock(p, &p.linkBlock, p.entryLinks)
	}
	if len(p.entryCats) > 0 {
		entry.CategoryDetails = cloneToBlock(p, &p.catBlock, p.entryCats)
	}
	entry.PublishedInfo = p.takeDateInfo(entry.Published) // dateinfo.go
	entry.UpdatedInfo = p.takeDateInfo(entry.Updated)
}

// A valueBlock is the block values of the model are taken from
// (takeFromBlock, cloneToBlock), the number of values taken so far, and of
// those the number taken before the first entry.
type valueBlock[T any] struct {
	free                []T
	made, beforeEntries int
}

// takeFromBlock returns a pointer to a zero value taken from b, whose
// blocks are sized as the blocks of Texts are (nextBlockSize). A block is
// part of the parsed Feed: take only a value the Feed is to hold, so that
// a kept block does not keep the document alive through a value it left.
func takeFromBlock[T any](p *processor, b *valueBlock[T]) *T {
	if len(b.free) == cap(b.free) {
		b.free = make([]T, 0, p.nextBlockSize(cap(b.free), b.made, b.beforeEntries))
	}
	b.made++
	b.free = b.free[:len(b.free)+1]
	return &b.free[len(b.free)-1]
}

// takeKept is takeFromBlock for a value the parsed Feed keeps: a date, a
// person, a length or size, a list's first slot. Parsed WithoutDocument,
// where a kept feed holds no more than its values, each is allocated on its
// own, as cloneToBlock's copies are: the room a block leaves unused would
// be kept with the feed.
func takeKept[T any](p *processor, b *valueBlock[T]) *T {
	if p.withoutDocument {
		return new(T)
	}
	return takeFromBlock(p, b)
}

// cloneToBlock returns a copy of s, not empty, taken from b: a slice of the
// block with no room past its end (an append to it copies it), so that the
// lists of a feed's entries take a few allocations rather than one each.
// A block, sized as the blocks of Texts are (nextBlockSize) or to hold s
// when it is longer, is part of the parsed Feed. Parsed WithoutDocument,
// where a kept feed holds no more than its values, each copy is allocated
// on its own: the room a block leaves unused would be kept. Its capacity is
// its length (make's, where append's would be rounded up to the
// allocator's size), so that detachFeed's clipSlices keeps it as it is
// rather than copying it again.
func cloneToBlock[T any](p *processor, b *valueBlock[T], s []T) []T {
	if p.withoutDocument {
		c := make([]T, len(s))
		copy(c, s)
		return c
	}
	if len(s) > cap(b.free)-len(b.free) {
		b.free = make([]T, 0, max(len(s), p.nextBlockSize(cap(b.free), b.made, b.beforeEntries)))
	}
	b.made += len(s)
	i := len(b.free)
	b.free = append(b.free, s...)
	return b.free[i:len(b.free):len(b.free)]
}

// entryCapacity is the room the feed's entry list starts with when el is
// its first entry: el and the elements after it with its name, at most
// maxEntries, so that the list is allocated once instead of grown from
// one entry. It only sizes the list. The count for the last el is kept:
// the first entry's block of entries (entryBlockSize) and the list ask for
// the same one.
func (p *processor) entryCapacity(el *xml5.Node) int {
	if el == p.countedEntry {
		return p.entriesCounted
	}
	n := 0
	for s := el; s != nil && (p.maxEntries < 0 || n < p.maxEntries); s = s.NextSibling {
		if s.Type == xml5.ElementNode && s.Local == el.Local && s.Namespace == el.Namespace {
			n++
		}
	}
	p.countedEntry, p.entriesCounted = el, n
	return n
}

// newProcessor prepares the processing of doc with the settings of c (nil
// for the defaults).
func newProcessor(doc *xml5.Document, c *config) *processor {
	p := &processor{}
	p.init(doc, c)
	return p
}

// init prepares p, a zero processor or one reset by release, for the
// processing of doc with the settings of c (nil for the defaults).
func (p *processor) init(doc *xml5.Document, c *config) {
	p.doc = doc
	if doc != nil && doc.URL != "" {
		d := documentURL(doc.URL) // urlcache.go
		p.base, p.baseOrigin, p.baseRoot, p.baseDir = d.u, d.origin, d.root, d.dir
	}
	if doc != nil {
		p.queryEnc = queryEncoding(doc.Encoding)
	}
	p.maxEntries = entryBudget(Limits{}, doc.Size())
	p.maxPerEntry = DefaultLimits().MaxPerEntry
	p.maxListElements = listBudget(Limits{}, doc.Size())
	p.urlBytes = newURLBudget(doc.Size())
	if c != nil {
		p.maxEntries = entryBudget(c.limits, doc.Size())
		p.maxListElements = listBudget(c.limits, doc.Size())
		if m := c.limits.MaxPerEntry; m != 0 {
			p.maxPerEntry = m
		}
		p.diags = c.diagnostics
		if p.diags != nil {
			p.diagStart = len(*p.diags)
		}
		p.xmlBase = c.xmlBase
		p.lenientDates = c.lenientDates
		p.withoutDocument = c.withoutDocument
	}
}

// release resets p to a zero processor for the next document, keeping the
// per-entry buffers and the list of text blocks (emptied, and only while
// small: a long entry's buffers are let go) so that the next document does
// not grow them again.
func (p *processor) release() {
	links, cats, terms := keptBuffer(p.entryLinks), keptBuffer(p.entryCats), keptBuffer(p.entryTerms)
	blocks := keptBuffer(p.textBlocks)
	// No entry holds a state of entryStates once detachFeed has run.
	states := keptBuffer(p.entryStates)
	// Zeroed, then the kept fields set: assigning a whole composite
	// literal builds it on the stack first.
	*p = processor{}
	p.entryLinks, p.entryCats, p.entryTerms, p.textBlocks = links, cats, terms, blocks
	p.entryStates = states
}

// keptBufferCap is the largest per-entry buffer a released processor keeps.
const keptBufferCap = 32

// keptBuffer returns s emptied, with every element it held zeroed so that
// nothing of the last document stays reachable from it, or nil when its
// capacity is above keptBufferCap.
func keptBuffer[T any](s []T) []T {
	if cap(s) > keptBufferCap {
		return nil
	}
	clear(s[:cap(s)])
	return s[:0]
}

// parseScratch is the per-parse state of ParseDocument that no parsed Feed
// references: the options and the processor. A parse takes one from
// parseScratchPool and gives it back when it returns, so that a small feed
// does not allocate them each time (see docs/performance.md, "Small feeds
// with a URL").
type parseScratch struct {
	c config
	p processor
}

var parseScratchPool = sync.Pool{New: func() any { return new(parseScratch) }}

// getParseScratch returns a parseScratch with a zero config and a zero
// processor (but for its emptied buffers).
func getParseScratch() *parseScratch {
	return parseScratchPool.Get().(*parseScratch)
}

// putParseScratch resets s and gives it back to the pool. Nothing may use s
// afterwards.
func putParseScratch(s *parseScratch) {
	s.c = config{}
	s.p.release()
	parseScratchPool.Put(s)
}

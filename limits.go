package feedspec

import (
	"fmt"
	"strconv"

	"github.com/feedspec/feedspec/xml5"
)

// ErrLimit is wrapped by the error ParseDocument and ParseResponse return
// when the input reaches one of the Limits. It is the same value as
// xml5.ErrLimit, so errors.Is(err, ErrLimit) holds whichever package's
// error err wraps.
//
// A limit never truncates silently: ParseDocument then returns the feed
// parsed from the input before the limit (every entry that ended before it)
// together with the error, or a nil Feed and an error that wraps both
// ErrLimit and ErrNotFeed when what was parsed is not a feed.
var ErrLimit = xml5.ErrLimit

// A LimitError says which limit the input reached (its Limit field names
// the Limits field, such as "MaxDepth"), the limit's value, and where: the
// line and byte offset. It wraps ErrLimit; use errors.As to get it.
type LimitError = xml5.LimitError

// Limits bound the resources parsing one document may use. A zero field
// means the default for that field (see DefaultLimits); a negative field
// means no limit.
//
// Reaching MaxInputBytes, MaxDepth, MaxAttributes or MaxNodes stops the
// parse with an error wrapping ErrLimit (a *LimitError). The entity limits never stop the
// parse: a reference that would nest deeper than MaxEntityDepth, or expand
// beyond the expansion budget, is left in the text as written ("&name;"),
// so a "billion laughs" document parses in time and memory linear in its
// size.
//
// URLs are bounded too: most take a fast path that allocates only the
// result, and the URL Standard's parser (internal/weburl: linear in the URL
// and its base, and a few hundred bytes a run for a short URL) runs at most
// max(1,024, the decoded input's size / 1,024) times a document (the
// project's corpus needs at most 110); past that, a URL that needs it is
// left out (null) and WithDiagnostics records it once, as a
// DiagnosticLimit whose LimitError names "URLParses".
//
// What a document becomes is bounded too, not only its bytes: a tree node
// costs 144 bytes and an entry (its struct alone) about 450, and "<a/>" or "<item/>" is
// written in a few bytes. MaxNodes bounds the tree and MaxItems the
// entries, each to a budget that follows the input's size, so that the heap
// a parse needs stays within a small multiple of the input (SECURITY.md
// gives the figures per input shape). Resolving relative URLs against a
// long base would multiply the base's bytes: the bytes resolution adds to
// a document's URLs are at most max(1 MiB, the document's size), a fixed
// budget beyond which a relative URL is left out with a DiagnosticLimit
// (no real feed comes near: at most 0.21 times its size).
type Limits struct {
	// MaxInputBytes is the largest input, in bytes as read from the
	// io.Reader (before decoding), that is parsed. Default 256 MiB.
	MaxInputBytes int64
	// MaxDepth is the deepest element nesting allowed. Default 10,000.
	MaxDepth int
	// MaxEntityDepth is how deep entity references may nest inside
	// entity replacement texts. Default 16.
	MaxEntityDepth int
	// MaxEntityExpansion caps the total number of bytes entity references
	// may add to the document. The budget actually used is the smaller of
	// this cap and max(1 MiB, 8 times the input size), and, for
	// ParseResponse (so for a Fetcher), of the body limit minus the body's
	// length: a response's document, its entities expanded, is no longer
	// than the body limit (16 MiB for a Fetcher), so that a poll's peak,
	// about 16 bytes a byte of the document's text at most, stays under
	// 256 MiB. Default 32 MiB.
	MaxEntityExpansion int
	// MaxAttributes is the largest number of attributes one element may
	// have. Default 10,000.
	MaxAttributes int
	// MaxItems is the largest number of entries a feed may hold: Atom
	// entries, RSS items, JSON Feed items (WithJSONFeed), Podcasting 2.0
	// live items. The budget actually used is the smaller of this cap and
	// max(2,500, the input's size / 150): an entry costs about 700 bytes
	// of heap (its element included) however few bytes it was written in,
	// and real feeds spend hundreds of bytes on one. Beyond it, entries
	// are left out: the feed
	// holds the entries before the limit and the error wraps ErrLimit (a
	// *LimitError whose Limit is "MaxItems"). For a JSON Feed, MaxDepth
	// bounds the nesting of objects and arrays. Default 100,000.
	MaxItems int
	// MaxNodes caps the parsed tree: its nodes (elements, texts,
	// comments), an attribute counting as half a node. The budget actually
	// used is the smaller of this cap and max(16,384, the decoded input's
	// size / 16): real feeds have one node per 20 bytes or more, "<a/>"
	// repeated one per 4. Default 4 Mi (4,194,304), a node per 16 bytes of
	// a 64 MiB document.
	MaxNodes int
	// MaxPerEntry is the most link, category, enclosure and author
	// elements (each; contributors count as authors) one entry reads, and
	// the most values of each list of issue 38 (Media RSS objects and
	// their values, licences, chapters, in-reply-to references, the new
	// Podcasting 2.0 lists); the feed itself reads ten times as many
	// (deleted entries included). Beyond it an element is left out and
	// the parse goes on;
	// WithDiagnostics records it once per entry and list (a
	// DiagnosticLimit whose Err wraps ErrLimit). Default 1,000: the
	// project's real-feed corpus lists at most 35 in one entry, and 1,925
	// categories in one feed.
	//
	// The whole document (the feed and all its entries) reads at most
	// max(10,000, one per 40 bytes of the document) of these elements
	// together: a link costs about 150 bytes of heap however few bytes it
	// was written in (its Link, its URL). Beyond that budget each is left
	// out and WithDiagnostics records one DiagnosticLimit for the
	// document. The corpus spends at least 115 bytes on each, and lists
	// at most 4,199 in a feed. A negative MaxPerEntry removes both.
	MaxPerEntry int
}

// DefaultLimits returns the limits ParseDocument and ParseResponse use
// unless WithLimits says otherwise: 256 MiB of input, 10,000 levels of
// element nesting, entity references nested 16 deep, 32 MiB of entity
// expansion, 10,000 attributes per element, 100,000 entries and 4 Mi tree
// nodes (both also bounded by the input's size, see Limits). Every feed of
// the project's real-feed corpus parses within them with room to spare.
//
// It is a function, not a variable, so that no caller can change the
// defaults of every other caller.
func DefaultLimits() Limits {
	return Limits{
		MaxInputBytes:      256 << 20,
		MaxDepth:           10000,
		MaxEntityDepth:     16,
		MaxEntityExpansion: 32 << 20,
		MaxAttributes:      10000,
		MaxItems:           100000,
		MaxNodes:           4 << 20,
		MaxPerEntry:        1000,
	}
}

// The lists of an entry MaxPerEntry caps, as bits of processor.capped.
// The first four are the specification's and the early additions'; the
// others are the additions of issue 38 (mediarss.go, geo.go, license.go,
// chapters.go, threading.go, tombstone.go, podcast.go).
const (
	listLinks = iota
	listCategories
	listEnclosures
	listAuthors
	listMedia       // Media RSS objects
	listMediaValues // the elements of a Media RSS object's lists (thumbnails, credits...)
	listLicenses
	listChapters
	listReplies
	listDeletedEntries
	listLocations
	listTrailers
	listImages
	listRemoteItems
	listTxt
	listBlocks
	listSocialInteracts
	listContentLinks
	listTimeSplits
	numLists
)

// entryListNames names the lists in diagnostics.
var entryListNames = [numLists]string{"links", "categories", "enclosures", "authors",
	"Media RSS objects", "Media RSS values", "licenses", "chapters", "in-reply-to references", "deleted entries",
	"podcast locations", "podcast trailers", "podcast images", "podcast remote items", "podcast txt values",
	"podcast blocks", "podcast social interacts", "podcast content links", "podcast value time splits"}

// The scopes of the lists MaxPerEntry caps: the entry being processed, and
// the feed itself (its own links, categories and authors).
const (
	inEntry = iota
	inFeed
)

// room counts el, the element of a value of the given list, in scope, and
// reports whether it is read (MaxPerEntry, and the document's budget of
// list elements, listBudget). When it is not, it is left out, and the
// first element left out of each list of each entry (and of the feed) is
// recorded as a diagnostic, as is the first the document's budget left
// out.
func (p *processor) room(scope, list int, el *xml5.Node) bool {
	n := p.listCount[scope][list]
	p.listCount[scope][list]++
	limit := p.maxPerEntry
	if scope == inFeed {
		limit *= 10
	}
	if p.maxPerEntry < 0 || n < limit {
		if p.maxListElements < 0 || p.listsRead < p.maxListElements {
			p.listsRead++
			return true
		}
		if !p.listsCapped {
			p.listsCapped = true
			if p.diags != nil {
				line, _ := p.doc.Position(el.Offset)
				budget := strconv.Itoa(p.maxListElements)
				recorded := p.reject(DiagnosticLimit, el, "", "", "the document already lists "+budget+" links, categories, enclosures, authors and other list values "+
					"(one per "+strconv.Itoa(bytesPerListElement)+" bytes of the document, MaxPerEntry): this element and the document's further ones are left out")
				if recorded {
					(*p.diags)[len(*p.diags)-1].Err = limitError("MaxPerEntry", p.maxListElements, line, el.Offset)
				}
			}
		}
		return false
	}
	if p.capped[scope]&(1<<list) == 0 {
		p.capped[scope] |= 1 << list
		if p.diags != nil {
			line, _ := p.doc.Position(el.Offset)
			err := limitError("MaxPerEntry", limit, line, el.Offset)
			owner := "entry"
			if scope == inFeed {
				owner = "feed"
			}
			recorded := p.reject(DiagnosticLimit, el, "", "", "the "+owner+" already lists "+strconv.Itoa(limit)+" "+
				entryListNames[list]+" (MaxPerEntry): this element and the "+owner+"'s further ones are left out")
			if recorded {
				(*p.diags)[len(*p.diags)-1].Err = err
			}
		}
	}
	return false
}

// listCap returns the capacity to make a list of scope with, whose first
// element comes from el: el and the elements after it that match (match
// nil: those with el's namespace and local name), at most the scope's
// MaxPerEntry limit. A list made so is allocated once, where append's
// growth would allocate about five times the final size of a long list
// (growing by a quarter at a time), which makes ten times the elements
// cost fourteen times the bytes.
func (p *processor) listCap(el *xml5.Node, scope int, match func(*xml5.Node) bool) int {
	limit := p.maxPerEntry
	if scope == inFeed && limit > 0 {
		limit *= 10
	}
	if p.maxListElements >= 0 && limit >= 0 {
		// el itself is counted in listsRead already.
		limit = min(limit, p.maxListElements-p.listsRead+1)
	}
	n := 0
	for c := el; c != nil && (limit < 0 || n < limit); c = c.NextElementSibling() {
		if match == nil && c.Local == el.Local && c.Namespace == el.Namespace || match != nil && match(c) {
			n++
		}
	}
	return max(n, 1)
}

// appendCapped appends v, read from el, to *list, making the list with
// listCap's capacity when it is nil.
func appendCapped[T any](p *processor, list *[]T, el *xml5.Node, scope int, match func(*xml5.Node) bool, v T) {
	if *list == nil {
		*list = make([]T, 0, p.listCap(el, scope, match))
	}
	*list = append(*list, v)
}

// limitError returns the error of a limit reached while processing the
// feed (MaxItems, MaxPerEntry): a *LimitError, wrapping ErrLimit, whose
// message does not name the XML parser.
func limitError(limit string, value int, line, offset int) error {
	le := &LimitError{Limit: limit, Value: int64(value), Line: line, Offset: int64(offset)}
	return &wrapError{
		msg:  fmt.Sprintf("%slimit reached: %s (%d) at line %d, byte offset %d", errPrefix, limit, value, line, offset),
		errs: []error{le},
	}
}

// entryBudget is the most entries a feed of size bytes may hold with the
// limits l (see Limits.MaxItems); negative for no limit. The divisor was
// 128 until issue 38 made an Entry 104 bytes bigger (416 to 520): the
// budget follows what an entry costs, so that the heap per input byte
// stays where SECURITY.md says.
func entryBudget(l Limits, size int) int {
	m := l.MaxItems
	if m == 0 {
		m = DefaultLimits().MaxItems
	}
	if m < 0 {
		return -1
	}
	return min(m, max(2500, size/150))
}

// bytesPerListElement and minListBudget set the document's budget of list
// elements (listBudget). Over the project's real-feed corpus a list
// element takes at least 115 bytes of its document (more than 50 in it),
// and 4,199 is the most a feed has.
const (
	bytesPerListElement = 40
	minListBudget       = 10000
)

// listBudget is the most list elements (the links, categories,
// enclosures, authors and the other lists MaxPerEntry caps, of the feed
// and all its entries) a document of size bytes may have read with the
// limits l: max(10,000, one per 40 bytes), none when MaxPerEntry is
// negative. A Link costs 104 bytes of heap, and its URL its bytes again,
// beside the element's tree node, however few bytes it was written in:
// MaxPerEntry bounds each entry's lists, and this the sum of them.
func listBudget(l Limits, size int) int {
	if l.MaxPerEntry < 0 {
		return -1
	}
	return max(minListBudget, size/bytesPerListElement)
}

// WithLimits replaces the default limits (DefaultLimits) of ParseDocument
// and ParseResponse. A zero field keeps the default for that field; a
// negative field removes that limit. ParseResponse's body size limit is set
// separately, with WithMaxBodySize.
func WithLimits(l Limits) Option { return func(c *config) { c.limits = l } }

// xml5 returns the xml5 parser's limits for l: zero fields become the
// defaults of DefaultLimits (not the xml5 package's, so that changing
// xml5.DefaultLimits does not change this package's defaults) and negative
// fields stay negative (no limit).
func (l Limits) xml5() xml5.Limits {
	d := DefaultLimits()
	pick := func(v, def int) int {
		if v == 0 {
			return def
		}
		return v
	}
	out := xml5.Limits{
		MaxInputBytes:      l.MaxInputBytes,
		MaxDepth:           pick(l.MaxDepth, d.MaxDepth),
		MaxEntityDepth:     pick(l.MaxEntityDepth, d.MaxEntityDepth),
		MaxEntityExpansion: pick(l.MaxEntityExpansion, d.MaxEntityExpansion),
		MaxAttributes:      pick(l.MaxAttributes, d.MaxAttributes),
		MaxNodes:           pick(l.MaxNodes, d.MaxNodes),
	}
	if out.MaxInputBytes == 0 {
		out.MaxInputBytes = d.MaxInputBytes
	}
	return out
}

// xml5LimitsOption is the xml5 option carrying c's limits, for
// ParseDocument to pass to xml5.Parse.
func xml5LimitsOption(c *config) xml5.Option {
	if c.expansionCeiling > 0 {
		l := c.limits.xml5()
		if l.MaxEntityExpansion < 0 || int64(l.MaxEntityExpansion) > c.expansionCeiling {
			l.MaxEntityExpansion = int(min(c.expansionCeiling, 1<<40))
		}
		return xml5.WithLimits(l)
	}
	if c.limits == (Limits{}) {
		return defaultXML5Limits // made once: an option is an allocation
	}
	return xml5.WithLimits(c.limits.xml5())
}

// defaultXML5Limits is the xml5 option carrying the default limits.
var defaultXML5Limits = xml5.WithLimits(Limits{}.xml5())

// urlParseFloor and urlParseRate set urlParseBudget.
const (
	urlParseFloor = 1024
	urlParseRate  = 1024
)

// urlParseBudget is how many times the URL Standard's parser may run for
// one document of size bytes: max(1,024, size / 1,024). Most URLs take a
// fast path that allocates only the result (parseURLOnce); a call of the
// parser allocates a few hundred bytes even for a short URL (internal/weburl,
// linear in the URL; the WHATWG library allocated about a kilobyte), so
// that URLs written a few bytes each, relative references or xml:base
// values that the fast paths do not read, could otherwise cost tens of
// bytes of heap per input byte. The
// project's real-feed corpus needs at most a few dozen parses per
// document. Beyond the budget, a URL that needs the parser is left out
// (null), recorded once per document as a DiagnosticLimit
// (urlParseLimit).
func urlParseBudget(size int) int {
	return max(urlParseFloor, size/urlParseRate)
}

// spendURLParse reports whether the URL parser may run once more, and
// counts the run.
func (p *processor) spendURLParse() bool {
	if p.urlParses >= urlParseBudget(p.doc.Size()) {
		return false
	}
	p.urlParses++
	return true
}

// urlParseLimit records, once per document, that a URL at el was left out
// because the document's budget of URL parses is spent.
func (p *processor) urlParseLimit(el *xml5.Node) {
	if p.urlParseLimited {
		return
	}
	p.urlParseLimited = true
	if p.diags != nil {
		budget := urlParseBudget(p.doc.Size())
		recorded := p.reject(DiagnosticLimit, el, "", "", "the document already ran the URL parser "+strconv.Itoa(budget)+
			" times (max(1024, its size / 1024)): this URL and the further ones that need it are left out")
		line, off := 0, 0
		if el != nil {
			line, _ = p.doc.Position(el.Offset)
			off = el.Offset
		}
		if recorded {
			(*p.diags)[len(*p.diags)-1].Err = limitError("URLParses", budget, line, off)
		}
	}
}

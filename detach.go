package feedspec

import (
	"slices"
	"strings"
	"sync"
	"unsafe"
)

// WithoutDocument makes ParseDocument and ParseResponse return a Feed that
// holds only its model: the parsed document is let go, so a program that
// keeps many feeds (a reader, a crawler) keeps only what the model holds.
// Document, Element and JSONObject return nil; everything else is the same,
// the canonical JSON byte for byte.
//
// The model's strings, many of which point into the parsed document, are
// copied into one block per feed, one copy of equal strings (of strings
// of at most 64 bytes, once a feed has 1,024 such, each is copied where
// it occurs: indexing one would cost more than its copy); common values
// (a link's rel, a MIME type, the format) point to the package's constants
// instead, and slices keep no spare capacity. No text keeps a tree
// (which costs about 12 bytes of heap per byte of HTML): a text of escaped
// HTML keeps its source, copied too, and Atom XHTML content, which is read
// from the document's tree, a compact copy of its fragment; Text.Node, and
// the methods that need the tree (TextContent, SafeHTML, PlainText, and
// HTML and the JSON for markup the tokens alone cannot serialize), build
// it anew for each call and keep none of it. Diagnostics (WithDiagnostics)
// still point into the document: drop them to let it go.
//
// WithoutDocument lowers what stays in memory after the parse, not the
// parse's peak: the document's tree is built first. Limits.MaxNodes and
// Limits.MaxItems bound that peak (about 13 bytes of heap per input byte
// at worst with the default limits; SECURITY.md gives the figures). Once
// the feed holds its own copies, the document's memory (the input's copy,
// its nodes and built strings) is used again by the parses that follow,
// which then allocate less than half as much
// (docs/decisions.md#reused-document-memory); not when WithDiagnostics is
// given, since diagnostics point into it.
func WithoutDocument() Option { return func(c *config) { c.withoutDocument = true } }

// detachFeed lets go of f's document: it drops the document, the elements
// and the JSON objects, packs the fragments of XHTML texts, clips the
// model's slices (clipSlices) and copies its strings into one new block
// (moveStrings), which it returns. An entry keeps private state only when
// it has some beyond the document (an own image, Base64 content, what
// Normalized reads of its dates): the value its IDIsPermalink points to
// moves to the block's end.
func detachFeed(f *Feed) []byte {
	permalinks := 0
	f.bodyEls = nil // keepBodyBases kept what is needed
	f.eachEntry(func(e *Entry) {
		if e.priv == nil {
			return
		}
		priv := e.priv
		// Entry.Image reads the episode's itunes:image from the element:
		// keep it, unless it is the Thumbnail, which Image gives when
		// there is no element.
		if img := e.episodeImage(); img != nil && img != e.Thumbnail {
			priv.ownImage = &Image{URL: strings.Clone(img.URL)}
		}
		priv.el, priv.object = nil, nil
		if e.IDIsPermalink == &priv.permalink {
			permalinks++
		}
	})
	f.doc, f.el, f.object = nil, nil, nil
	// Node texts keep no tree: one of escaped HTML keeps its source (copied
	// with the other strings), one of Atom XHTML content, read from the
	// document's tree, a packed copy of its fragment (packedtree.go); each
	// builds its tree for each use (lazyFragment.transient).
	f.eachString(func(*string) {}, detachText)
	compactTexts(f)
	clipSlices(f)
	block := moveStrings(f, permalinks)
	f.eachEntry(func(e *Entry) {
		if e.priv == nil {
			return
		}
		priv := e.priv
		if e.IDIsPermalink == &priv.permalink {
			block = append(block, 0)
			p := (*bool)(unsafe.Pointer(&block[len(block)-1]))
			*p = priv.permalink
			e.IDIsPermalink = p
		}
		// The state was taken from the parse's block of states (or
		// allocated with the entry): a new one, when needed, holds only
		// what is left.
		e.priv = nil
		if priv.ownImage != nil || priv.base64Content || priv.dcUpdated || priv.dates != nil {
			e.priv = &entryPrivate{ownImage: priv.ownImage, base64Content: priv.base64Content,
				dcUpdated: priv.dcUpdated, dates: priv.dates.detached()}
		}
	})
	return block
}

// eachEntry calls fn with each entry of f that is not nil: its Entries,
// then the entries of its Podcasting 2.0 live items.
func (f *Feed) eachEntry(fn func(*Entry)) {
	for _, e := range f.Entries {
		if e != nil {
			fn(e)
		}
	}
	if pc := f.Podcast; pc != nil {
		for i := range pc.LiveItems {
			if e := pc.LiveItems[i].Entry; e != nil {
				fn(e)
			}
		}
	}
}

// moveStrings copies every string of f's model into one new block, sized
// exactly: a string equal to one of the package's constants
// (staticString) becomes that constant, which costs no heap, and equal
// strings (a link's type repeated in every entry, an entry's URL as its
// alternate and its replies link) share one copy. Strings cannot be
// modified, so sharing one changes no value. It returns the block, with
// room for extra more bytes.
//
// Sharing takes an index (a map entry of about 100 bytes a string, with
// its growth), which costs more than a short string's copy: strings of at
// most maxUnindexedString bytes are indexed only while fewer than
// maxShortIndexed of them are (the feed's first ones, such as a category
// repeated in each entry); past that, each is copied where it occurs
// (TestMoveStringsShortUnindexed). A string longer than that is always
// indexed, so a value repeated in many places (one inherited by each
// entry) is copied once.
//
// The allocator rounds a block up to its size class (for 32 KB and more,
// to whole 8 KB pages): when that would waste more than 1/32 of it, the
// block is the biggest size that fits (holding every Text's string, as
// dropUnheldTexts needs) and a second block, of exactly what is left,
// holds the strings that did not fit.
func moveStrings(f *Feed, extra int) []byte {
	// at maps each string to copy to its copy; until it is made, to ""
	// or one of the marks. It is one of stringMaps', emptied.
	at := stringMaps.Get().(map[string]string)
	defer putStringMap(at)
	// n counts the bytes to copy; texts those that must go to the first
	// block (Texts' strings, and the strings not indexed, which are not
	// placed one by one).
	n, texts, shortIndexed := 0, 0, 0
	inText := false
	f.eachString(func(s *string) {
		text := inText
		inText = false
		if *s == "" || staticString(*s) != "" {
			return
		}
		c, seen := at[*s]
		if !seen {
			n += len(*s)
			if len(*s) <= maxUnindexedString {
				if shortIndexed >= maxShortIndexed {
					texts += len(*s)
					return
				}
				shortIndexed++
			}
			at[*s] = ""
		}
		if text && !isMark(c, markText) {
			at[*s] = markText
			texts += len(*s)
		}
	}, func(*Text) { inText = true })
	size, second := n+extra, 0
	if total := n + extra; roundSize(total)-total > max(64, total/32) {
		if first := floorSize(total); texts+extra <= first {
			size = first
			room := first - extra - texts
			f.eachString(func(s *string) {
				if *s == "" || staticString(*s) != "" {
					return
				}
				if c, seen := at[*s]; !seen || c != "" {
					return // not indexed (in the first block), or placed
				}
				if len(*s) <= room {
					room -= len(*s)
					at[*s] = markFirst
				} else {
					second += len(*s)
					at[*s] = markSecond
				}
			}, nil)
		}
	}
	block := make([]byte, 0, size)
	var rest []byte
	if second > 0 {
		rest = make([]byte, 0, second)
	}
	f.eachString(func(s *string) {
		if len(*s) == 0 {
			// An empty string cut from the document (type="") still
			// points into it, and would keep it all alive.
			*s = ""
			return
		}
		if c := staticString(*s); c != "" {
			*s = c
			return
		}
		c, seen := at[*s]
		switch {
		case !seen:
			// Not indexed: a copy of its own, in the first block.
			start := len(block)
			block = append(block, *s...)
			c = unsafe.String(&block[start], len(*s))
		case isMark(c, markSecond):
			start := len(rest)
			rest = append(rest, *s...)
			c = unsafe.String(&rest[start], len(*s))
			at[*s] = c
		case c == "" || isMark(c, markText) || isMark(c, markFirst):
			start := len(block)
			block = append(block, *s...)
			c = unsafe.String(&block[start], len(*s))
			at[*s] = c
		}
		*s = c
	}, nil)
	return block
}

// stringMaps holds moveStrings' maps, empty, for the feeds that follow:
// a map cleared keeps its room, so reusing it spares a feed the map's
// growth (about 5% of the bytes a parse WithoutDocument allocates).
var stringMaps = sync.Pool{New: func() any { return make(map[string]string) }}

// maxUnindexedString is the length up to which moveStrings copies a
// string without indexing it, once maxShortIndexed such strings are: a
// copy of its bytes costs less than its index.
const maxUnindexedString = 64

// maxShortIndexed is the most strings of at most maxUnindexedString bytes
// that moveStrings indexes in a feed, so that its map stays in stringMaps
// (maxKeptStringMap) when they are most of the feed's.
const maxShortIndexed = 1024

// maxKeptStringMap is the most strings a map given back to stringMaps
// has held: a bigger one (a big feed's) would keep its room in the pool.
const maxKeptStringMap = 2048

// putStringMap empties m (it keeps no string of the feed) and gives it
// back to stringMaps, unless it grew beyond maxKeptStringMap.
func putStringMap(m map[string]string) {
	if len(m) > maxKeptStringMap {
		return
	}
	clear(m)
	stringMaps.Put(m)
}

// The marks moveStrings keeps for a string not copied yet: a Text's
// string, one for the first block, one for the second. Their bytes tell
// them from copies (isMark).
var markText, markFirst, markSecond = "text", "first", "second"

// isMark reports whether c is mark itself.
func isMark(c, mark string) bool {
	return len(c) == len(mark) && unsafe.StringData(c) == unsafe.StringData(mark)
}

// byteSizeClasses are the runtime's size classes up to 32 KB (runtime's
// sizeclasses.go; TestByteSizeClasses checks them against the runtime):
// a bigger object takes whole 8 KB pages.
var byteSizeClasses = [...]int{
	8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224,
	240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768,
	896, 1024, 1152, 1280, 1408, 1536, 1792, 2048, 2304, 2688, 3072, 3200,
	3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240,
	10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576,
	27264, 28672, 32768,
}

// heapPage is the unit in which objects bigger than 32 KB are allocated.
const heapPage = 8192

// roundSize returns the bytes the allocator takes for an object of n
// bytes (n > 0).
func roundSize(n int) int {
	if n > byteSizeClasses[len(byteSizeClasses)-1] {
		return (n + heapPage - 1) / heapPage * heapPage
	}
	i, _ := slices.BinarySearch(byteSizeClasses[:], n)
	return byteSizeClasses[i]
}

// floorSize returns the biggest object size at most n that the allocator
// takes whole (n >= 8).
func floorSize(n int) int {
	if n > byteSizeClasses[len(byteSizeClasses)-1] {
		return n / heapPage * heapPage
	}
	i, found := slices.BinarySearch(byteSizeClasses[:], n)
	if !found {
		i--
	}
	return byteSizeClasses[i]
}

// maxCompactTexts is the most Texts compactTexts moves into one block.
const maxCompactTexts = 64

// compactTexts moves the Texts of f's model into one new block of exactly
// their number, when they are at most maxCompactTexts: a parse takes the
// Texts of string values from blocks (textblock.go), the first of four,
// whose unused room a small feed would otherwise keep, and those of Node
// values one by one. A Text held by several fields stays shared. A bigger
// feed keeps its blocks, whose unused room is small beside them.
func compactTexts(f *Feed) {
	var held [maxCompactTexts]*Text
	n := 0
	f.eachTextSlot(func(t **Text) {
		if *t != nil {
			n++
		}
	})
	if n == 0 || n > maxCompactTexts {
		return
	}
	block := make([]Text, n)
	n = 0
	f.eachTextSlot(func(t **Text) {
		old := *t
		if old == nil {
			return
		}
		for i, h := range held[:n] {
			if h == old {
				*t = &block[i]
				return
			}
		}
		held[n] = old
		block[n] = *old
		*t = &block[n]
		n++
	})
}

// eachTextSlot calls fn with a pointer to every Text field of f's model
// (TestEachTextSlotSeesEveryText checks that none is missed).
func (f *Feed) eachTextSlot(fn func(**Text)) {
	fn(&f.Title)
	fn(&f.Subtitle)
	fn(&f.Description)
	fn(&f.Rights)
	if img := f.ChannelImage; img != nil {
		fn(&img.Title)
		fn(&img.Description)
	}
	if in := f.TextInput; in != nil {
		fn(&in.Title)
		fn(&in.Description)
	}
	eachMediaTextSlot(fn, f.MediaRSS)
	f.eachEntry(func(e *Entry) {
		fn(&e.Title)
		fn(&e.Subtitle)
		fn(&e.Summary)
		fn(&e.Content)
		fn(&e.Rights)
		if src := e.Source; src != nil {
			fn(&src.Title)
			fn(&src.Rights)
		}
		eachMediaTextSlot(fn, e.MediaRSS)
	})
}

// eachMediaTextSlot calls fn with a pointer to every Text field of the
// metadata of list, a metadata the objects of a group share visited once.
func eachMediaTextSlot(fn func(**Text), list []MediaObject) {
	var last *MediaMetadata
	for i := range list {
		if m := list[i].Metadata; m != nil && m != last {
			last = m
			fn(&m.Title)
			fn(&m.Description)
		}
	}
}

// staticStrings are values many feeds' models hold (counted on a corpus of
// real feeds), sorted: a feed parsed WithoutDocument points at these
// rather than copy them (moveStrings).
var staticStrings = [...]string{
	"0.3", "0.91", "0.92", "1.0", "2.0",
	"Blogger", "Technology",
	"alternate",
	"application/atom+xml", "application/json", "application/rss+xml",
	"atom", "atom-0.3", "atom-1.0",
	"audio/mp4", "audio/mpeg", "audio/x-m4a",
	"bonus", "daily",
	"de", "edit", "en", "en-GB", "en-US", "en-gb", "en-us",
	"enclosure", "episodic", "es", "first", "fr", "full", "hourly",
	"html", "hub", "image", "image/gif", "image/jpeg", "image/png",
	"iso8601", "ja", "json-feed", "json-feed-1.0", "json-feed-1.1",
	"last", "license", "month-first", "monthly", "next", "numeric",
	"previous", "related", "replies", "rfc822",
	"rss", "rss-0.90", "rss-0.91", "rss-0.92", "rss-1.0", "rss-2.0",
	"self", "serial", "text", "text/html", "text/plain", "trailer",
	"unix", "via", "video/mp4", "w3cdtf", "weekly", "xhtml",
	"year-first", "yearly",
}

// isStaticString reports whether s is one of staticStrings itself (its
// bytes the constant's), not merely equal to one.
func isStaticString(s string) bool {
	c := staticString(s)
	return c != "" && unsafe.StringData(c) == unsafe.StringData(s)
}

// staticByLen holds staticStrings by length, for staticString: the few of
// one length are compared first byte, then whole.
var staticByLen = func() (t [len("application/atom+xml") + 1][]string) {
	for _, s := range staticStrings {
		t[len(s)] = append(t[len(s)], s)
	}
	return t
}()

// staticString returns the element of staticStrings equal to s, or "".
func staticString(s string) string {
	if len(s) == 0 || len(s) >= len(staticByLen) {
		return ""
	}
	for _, c := range staticByLen[len(s)] {
		if c[0] == s[0] && c == s {
			return c
		}
	}
	return ""
}

// clipSlices gives every slice of f's model that has room to spare a new
// backing array of its length (an empty one none), so that a kept feed
// does not keep what append grew for it. A slice shared by several fields
// (the same backing array and length) stays shared.
func clipSlices(f *Feed) {
	c := clipper{}
	f.Entries = clipSlice(c, f.Entries)
	f.Authors = clipSlice(c, f.Authors)
	f.Contributors = clipSlice(c, f.Contributors)
	f.CategoryDetails = clipCategories(c, f.CategoryDetails)
	f.SkipHours = clipSlice(c, f.SkipHours)
	f.SkipDays = clipSlice(c, f.SkipDays)
	f.Links = clipSlice(c, f.Links)
	f.MediaRSS = clipMedia(c, f.MediaRSS)
	f.License = clipSlice(c, f.License)
	f.DeletedEntries = clipSlice(c, f.DeletedEntries)
	if pc := f.Podcast; pc != nil {
		pc.Funding = clipSlice(c, pc.Funding)
		pc.Persons = clipSlice(c, pc.Persons)
		pc.Values = clipValues(c, pc.Values)
		pc.Locations = clipSlice(c, pc.Locations)
		pc.Trailers = clipSlice(c, pc.Trailers)
		pc.Images = clipSlice(c, pc.Images)
		pc.LiveItems = clipSlice(c, pc.LiveItems)
		pc.RemoteItems = clipSlice(c, pc.RemoteItems)
		pc.Podroll = clipSlice(c, pc.Podroll)
		pc.Txt = clipSlice(c, pc.Txt)
		pc.Blocks = clipSlice(c, pc.Blocks)
		pc.SocialInteracts = clipSlice(c, pc.SocialInteracts)
	}
	f.eachEntry(func(e *Entry) {
		e.Authors = clipSlice(c, e.Authors)
		e.Categories = clipSlice(c, e.Categories)
		e.Enclosures = clipSlice(c, e.Enclosures)
		e.Contributors = clipSlice(c, e.Contributors)
		e.CategoryDetails = clipCategories(c, e.CategoryDetails)
		e.Links = clipSlice(c, e.Links)
		if src := e.Source; src != nil {
			src.Authors = clipSlice(c, src.Authors)
			src.CategoryDetails = clipCategories(c, src.CategoryDetails)
		}
		if pc := e.Podcast; pc != nil {
			pc.Transcripts = clipSlice(c, pc.Transcripts)
			pc.Persons = clipSlice(c, pc.Persons)
			pc.Soundbites = clipSlice(c, pc.Soundbites)
			pc.AlternateEnclosures = clipSlice(c, pc.AlternateEnclosures)
			for i := range pc.AlternateEnclosures {
				a := &pc.AlternateEnclosures[i]
				a.Sources = clipSlice(c, a.Sources)
			}
			pc.Values = clipValues(c, pc.Values)
			pc.Locations = clipSlice(c, pc.Locations)
			pc.Images = clipSlice(c, pc.Images)
			pc.Txt = clipSlice(c, pc.Txt)
			pc.SocialInteracts = clipSlice(c, pc.SocialInteracts)
			pc.ContentLinks = clipSlice(c, pc.ContentLinks)
		}
		e.MediaRSS = clipMedia(c, e.MediaRSS)
		e.License = clipSlice(c, e.License)
		e.Chapters = clipSlice(c, e.Chapters)
		e.InReplyTo = clipSlice(c, e.InReplyTo)
	})
}

// clipMedia is clipSlice for Media RSS objects and the lists of their
// metadata (a metadata the objects of a group share clipped once).
func clipMedia(c clipper, list []MediaObject) []MediaObject {
	list = clipSlice(c, list)
	var last *MediaMetadata
	for i := range list {
		m := list[i].Metadata
		if m == nil || m == last {
			continue
		}
		last = m
		m.Keywords = clipSlice(c, m.Keywords)
		m.Thumbnails = clipSlice(c, m.Thumbnails)
		m.Credits = clipSlice(c, m.Credits)
		m.Ratings = clipSlice(c, m.Ratings)
		m.Restrictions = clipSlice(c, m.Restrictions)
		m.Hashes = clipSlice(c, m.Hashes)
		m.Responses = clipSlice(c, m.Responses)
		m.Comments = clipSlice(c, m.Comments)
		m.Prices = clipSlice(c, m.Prices)
		if com := m.Community; com != nil {
			com.Tags = clipSlice(c, com.Tags)
		}
		if em := m.Embed; em != nil {
			em.Params = clipSlice(c, em.Params)
		}
	}
	return list
}

// A clipper remembers the slices clipSlice copied, by backing array and
// length, so that a slice shared by several fields is copied once.
type clipper map[clipKey]unsafe.Pointer

type clipKey struct {
	data unsafe.Pointer
	n    int
}

// clipSlice returns s, or when s has spare capacity a copy of it whose
// capacity is its length (an empty slice without a backing array when s
// is empty, nil when s is nil).
func clipSlice[E any](c clipper, s []E) []E {
	if len(s) == cap(s) {
		return s
	}
	if len(s) == 0 {
		return []E{}
	}
	k := clipKey{unsafe.Pointer(unsafe.SliceData(s)), len(s)}
	if p, ok := c[k]; ok {
		return unsafe.Slice((*E)(p), len(s))
	}
	out := make([]E, len(s))
	copy(out, s)
	c[k] = unsafe.Pointer(unsafe.SliceData(out))
	return out
}

// clipCategories is clipSlice for categories and their subcategories.
func clipCategories(c clipper, list []Category) []Category {
	list = clipSlice(c, list)
	for i := range list {
		list[i].Subcategories = clipCategories(c, list[i].Subcategories)
	}
	return list
}

// clipValues is clipSlice for podcast values, their recipients and time
// splits.
func clipValues(c clipper, list []PodcastValue) []PodcastValue {
	list = clipSlice(c, list)
	for i := range list {
		list[i].Recipients = clipSlice(c, list[i].Recipients)
		list[i].TimeSplits = clipSlice(c, list[i].TimeSplits)
		for j := range list[i].TimeSplits {
			ts := &list[i].TimeSplits[j]
			ts.Recipients = clipSlice(c, ts.Recipients)
		}
	}
	return list
}

// detachText makes t, a text of a feed whose document is let go, keep no
// tree (see detachFeed). A Node value made outside a parse (NewNodeText)
// has no source and is left as it is.
//
// The Text's str, unused by a Node value, takes the source (the escaped
// HTML, the packed fragment or the serialization), and its lazy fragment
// becomes the shared one of detachedFragments that reads it, so that the
// Text keeps nothing but the source.
func detachText(t *Text) {
	l := t.lazy
	if l == nil || l.transient {
		return
	}
	if l.xhtml != nil {
		t.str = packTree(t.fragment())
		t.lazy = detachedFragment(l, true)
	} else {
		t.str = l.src
		t.lazy = detachedFragment(l, false)
	}
	t.frag = nil
}

// eachString calls fn with a pointer to every string of the model reachable
// from f (TestEachStringSeesEveryString checks that none is missed), and
// textFn, when not nil, with every Text before its strings. The strings of
// a Text are its string value and the source of a lazy Node; a Node's tree
// is not visited.
func (f *Feed) eachString(fn func(*string), textFn func(*Text)) {
	eachText(fn, textFn, f.Title, f.Subtitle, f.Description, f.Rights)
	fn(&f.PageURL)
	fn(&f.FeedURL)
	fn(&f.PreviousFeedURL)
	fn(&f.NextFeedURL)
	eachImage(fn, f.Icon)
	eachImage(fn, f.Logo)
	eachPerson(fn, f.Authors...)
	eachDateInfo(fn, f.UpdatedInfo)
	for _, e := range f.Entries {
		if e != nil {
			e.eachString(fn, textFn)
		}
	}
	fn(&f.ID)
	fn(&f.Language)
	if g := f.Generator; g != nil {
		fn(&g.Name)
		fn(&g.URI)
		fn(&g.Version)
	}
	eachCategory(fn, f.CategoryDetails)
	for i := range f.SkipDays {
		fn(&f.SkipDays[i])
	}
	fn(&f.UpdatePeriod)
	eachLink(fn, f.Links)
	eachPerson(fn, f.Contributors...)
	if it := f.ITunes; it != nil {
		eachPerson(fn, it.Owner)
		fn(&it.Type)
		eachImage(fn, it.Image)
		fn(&it.NewFeedURL)
	}
	if pc := f.Podcast; pc != nil {
		fn(&pc.GUID)
		fn(&pc.LockedOwner)
		for i := range pc.Funding {
			fn(&pc.Funding[i].URL)
			fn(&pc.Funding[i].Text)
		}
		eachPodcastPerson(fn, pc.Persons)
		eachPodcastValue(fn, pc.Values)
		eachPodcastLocation(fn, pc.Locations)
		for i := range pc.Trailers {
			t := &pc.Trailers[i]
			fn(&t.Title)
			fn(&t.URL)
			fn(&t.Type)
		}
		eachPodcastLicense(fn, pc.License)
		fn(&pc.Medium)
		eachPodcastImage(fn, pc.Images)
		for i := range pc.LiveItems {
			l := &pc.LiveItems[i]
			fn(&l.Status)
			if l.Entry != nil {
				l.Entry.eachString(fn, textFn)
			}
		}
		eachRemoteItems(fn, pc.RemoteItems)
		eachRemoteItems(fn, pc.Podroll)
		eachPodcastTxt(fn, pc.Txt)
		if u := pc.UpdateFrequency; u != nil {
			fn(&u.Text)
			fn(&u.RRule)
		}
		for i := range pc.Blocks {
			fn(&pc.Blocks[i].ID)
		}
		eachPodcastChat(fn, pc.Chat)
		eachSocialInteract(fn, pc.SocialInteracts)
		eachRemoteItem(fn, pc.Publisher)
	}
	fn((*string)(&f.Format))
	fn(&f.Version)
	if img := f.ChannelImage; img != nil {
		fn(&img.URL)
		eachText(fn, textFn, img.Title, img.Description)
		fn(&img.Link)
	}
	if c := f.Cloud; c != nil {
		fn(&c.Domain)
		fn(&c.Path)
		fn(&c.RegisterProcedure)
		fn(&c.Protocol)
	}
	if in := f.TextInput; in != nil {
		eachText(fn, textFn, in.Title, in.Description)
		fn(&in.Name)
		fn(&in.Link)
	}
	fn(&f.Rating)
	fn(&f.Docs)
	eachPerson(fn, f.WebMaster)
	eachMedia(fn, textFn, f.MediaRSS)
	for i := range f.License {
		fn(&f.License[i])
	}
	for i := range f.DeletedEntries {
		d := &f.DeletedEntries[i]
		fn(&d.Ref)
		eachPerson(fn, d.By)
		fn(&d.Comment)
	}
}

// eachString is Feed.eachString for an entry.
func (e *Entry) eachString(fn func(*string), textFn func(*Text)) {
	eachText(fn, textFn, e.Title, e.Subtitle, e.Summary, e.Content, e.Rights)
	fn(&e.PageURL)
	eachImage(fn, e.Thumbnail)
	eachPerson(fn, e.Authors...)
	for i := range e.Categories {
		fn(&e.Categories[i])
	}
	for _, enc := range e.Enclosures {
		if enc == nil {
			continue
		}
		fn(&enc.URL)
		if enc.MIMEType != nil {
			fn(enc.MIMEType)
		}
		fn(&enc.Medium)
		fn(&enc.Title)
	}
	fn(&e.ID)
	fn(&e.Language)
	fn(&e.CommentsURL)
	eachDateInfo(fn, e.PublishedInfo, e.UpdatedInfo)
	if src := e.Source; src != nil {
		fn(&src.ID)
		eachText(fn, textFn, src.Title)
		fn(&src.URL)
		fn(&src.FeedURL)
		eachPerson(fn, src.Authors...)
		eachText(fn, textFn, src.Rights)
		eachCategory(fn, src.CategoryDetails)
	}
	eachPerson(fn, e.Contributors...)
	eachCategory(fn, e.CategoryDetails)
	fn(&e.ContentSrc)
	fn(&e.ContentType)
	eachLink(fn, e.Links)
	if it := e.ITunes; it != nil {
		fn(&it.Title)
		fn(&it.EpisodeType)
	}
	if pc := e.Podcast; pc != nil {
		for i := range pc.Transcripts {
			t := &pc.Transcripts[i]
			fn(&t.URL)
			fn(&t.Type)
			fn(&t.Language)
			fn(&t.Rel)
		}
		if c := pc.Chapters; c != nil {
			fn(&c.URL)
			fn(&c.Type)
		}
		eachPodcastPerson(fn, pc.Persons)
		if s := pc.Season; s != nil {
			fn(&s.Name)
		}
		if ep := pc.Episode; ep != nil {
			fn(&ep.Display)
		}
		for i := range pc.Soundbites {
			fn(&pc.Soundbites[i].Title)
		}
		for i := range pc.AlternateEnclosures {
			a := &pc.AlternateEnclosures[i]
			fn(&a.Type)
			fn(&a.Lang)
			fn(&a.Codecs)
			fn(&a.Rel)
			fn(&a.Title)
			for j := range a.Sources {
				fn(&a.Sources[j].URI)
				fn(&a.Sources[j].ContentType)
			}
			if in := a.Integrity; in != nil {
				fn(&in.Type)
				fn(&in.Value)
			}
		}
		eachPodcastValue(fn, pc.Values)
		eachPodcastLocation(fn, pc.Locations)
		eachPodcastLicense(fn, pc.License)
		eachPodcastImage(fn, pc.Images)
		eachPodcastTxt(fn, pc.Txt)
		eachPodcastChat(fn, pc.Chat)
		eachSocialInteract(fn, pc.SocialInteracts)
		for i := range pc.ContentLinks {
			fn(&pc.ContentLinks[i].Href)
			fn(&pc.ContentLinks[i].Text)
		}
	}
	fn(&e.CommentsFeedURL)
	fn(&e.ContentXML)
	eachMedia(fn, textFn, e.MediaRSS)
	for i := range e.License {
		fn(&e.License[i])
	}
	for i := range e.Chapters {
		c := &e.Chapters[i]
		fn(&c.Title)
		fn(&c.Href)
		fn(&c.Image)
	}
	for i := range e.InReplyTo {
		r := &e.InReplyTo[i]
		fn(&r.Ref)
		fn(&r.Href)
		fn(&r.Type)
		fn(&r.Source)
	}
}

// eachMedia visits the strings of Media RSS objects; a metadata the
// objects of a group share is visited once.
func eachMedia(fn func(*string), textFn func(*Text), list []MediaObject) {
	var last *MediaMetadata
	for i := range list {
		o := &list[i]
		fn(&o.URL)
		fn(&o.Type)
		fn(&o.Medium)
		fn(&o.Expression)
		fn(&o.Lang)
		m := o.Metadata
		if m == nil || m == last {
			continue
		}
		last = m
		eachText(fn, textFn, m.Title, m.Description)
		for j := range m.Keywords {
			fn(&m.Keywords[j])
		}
		for j := range m.Thumbnails {
			fn(&m.Thumbnails[j].URL)
		}
		for j := range m.Credits {
			c := &m.Credits[j]
			fn(&c.Role)
			fn(&c.Scheme)
			fn(&c.Name)
		}
		if pl := m.Player; pl != nil {
			fn(&pl.URL)
		}
		for j := range m.Ratings {
			fn(&m.Ratings[j].Scheme)
			fn(&m.Ratings[j].Value)
		}
		for j := range m.Restrictions {
			r := &m.Restrictions[j]
			fn(&r.Relationship)
			fn(&r.Type)
			fn(&r.Value)
		}
		if com := m.Community; com != nil {
			for j := range com.Tags {
				fn(&com.Tags[j].Name)
			}
		}
		if cr := m.Copyright; cr != nil {
			fn(&cr.Text)
			fn(&cr.URL)
		}
		for j := range m.Hashes {
			fn(&m.Hashes[j].Algo)
			fn(&m.Hashes[j].Value)
		}
		if em := m.Embed; em != nil {
			fn(&em.URL)
			for j := range em.Params {
				fn(&em.Params[j].Name)
				fn(&em.Params[j].Value)
			}
		}
		for j := range m.Responses {
			fn(&m.Responses[j])
		}
		for j := range m.Comments {
			fn(&m.Comments[j])
		}
		for j := range m.Prices {
			pr := &m.Prices[j]
			fn(&pr.Type)
			fn(&pr.Price)
			fn(&pr.Info)
			fn(&pr.Currency)
		}
	}
}

func eachPodcastLocation(fn func(*string), list []PodcastLocation) {
	for i := range list {
		l := &list[i]
		fn(&l.Name)
		fn(&l.Rel)
		fn(&l.OSM)
		fn(&l.Country)
	}
}

func eachPodcastLicense(fn func(*string), l *PodcastLicense) {
	if l != nil {
		fn(&l.Name)
		fn(&l.URL)
	}
}

func eachPodcastImage(fn func(*string), list []PodcastImage) {
	for i := range list {
		img := &list[i]
		fn(&img.Href)
		fn(&img.Alt)
		fn(&img.AspectRatio)
		fn(&img.Type)
		fn(&img.Purpose)
	}
}

func eachRemoteItems(fn func(*string), list []PodcastRemoteItem) {
	for i := range list {
		eachRemoteItem(fn, &list[i])
	}
}

func eachRemoteItem(fn func(*string), r *PodcastRemoteItem) {
	if r != nil {
		fn(&r.FeedGUID)
		fn(&r.FeedURL)
		fn(&r.ItemGUID)
		fn(&r.Medium)
		fn(&r.Title)
	}
}

func eachPodcastTxt(fn func(*string), list []PodcastTxt) {
	for i := range list {
		fn(&list[i].Text)
		fn(&list[i].Purpose)
	}
}

func eachPodcastChat(fn func(*string), c *PodcastChat) {
	if c != nil {
		fn(&c.Server)
		fn(&c.Protocol)
		fn(&c.AccountID)
		fn(&c.Space)
	}
}

func eachSocialInteract(fn func(*string), list []PodcastSocialInteract) {
	for i := range list {
		s := &list[i]
		fn(&s.Protocol)
		fn(&s.URI)
		fn(&s.AccountID)
		fn(&s.AccountURL)
	}
}

// eachText calls textFn (when not nil) with each text, then visits its
// strings.
func eachText(fn func(*string), textFn func(*Text), texts ...*Text) {
	for _, t := range texts {
		if t == nil {
			continue
		}
		if textFn != nil {
			textFn(t)
		}
		fn(&t.str)
		if l := t.lazy; l != nil && l.xhtml == nil && !l.transient {
			fn(&l.src)
		}
	}
}

func eachImage(fn func(*string), img *Image) {
	if img != nil {
		fn(&img.URL)
	}
}

func eachPerson(fn func(*string), list ...*Person) {
	for _, p := range list {
		if p == nil {
			continue
		}
		fn(&p.Name)
		fn(&p.Email)
		fn(&p.PageURL)
		eachImage(fn, p.Icon)
	}
}

func eachCategory(fn func(*string), list []Category) {
	for i := range list {
		c := &list[i]
		fn(&c.Term)
		fn(&c.Scheme)
		fn(&c.Label)
		eachCategory(fn, c.Subcategories)
	}
}

func eachLink(fn func(*string), list []Link) {
	for i := range list {
		l := &list[i]
		fn(&l.Href)
		fn(&l.Rel)
		fn(&l.Type)
		fn(&l.HrefLang)
		fn(&l.Title)
	}
}

func eachPodcastPerson(fn func(*string), list []PodcastPerson) {
	for i := range list {
		p := &list[i]
		fn(&p.Name)
		fn(&p.Role)
		fn(&p.Group)
		fn(&p.Img)
		fn(&p.Href)
	}
}

func eachPodcastValue(fn func(*string), list []PodcastValue) {
	for i := range list {
		v := &list[i]
		fn(&v.Type)
		fn(&v.Method)
		fn(&v.Suggested)
		eachValueRecipient(fn, v.Recipients)
		for j := range v.TimeSplits {
			ts := &v.TimeSplits[j]
			eachValueRecipient(fn, ts.Recipients)
			eachRemoteItem(fn, ts.RemoteItem)
		}
	}
}

func eachValueRecipient(fn func(*string), list []PodcastValueRecipient) {
	for j := range list {
		r := &list[j]
		fn(&r.Name)
		fn(&r.Type)
		fn(&r.Address)
		fn(&r.CustomKey)
		fn(&r.CustomValue)
	}
}

// eachDateInfo calls fn with the strings of each DateInfo that is not nil.
func eachDateInfo(fn func(*string), infos ...*DateInfo) {
	for _, info := range infos {
		if info != nil {
			fn((*string)(&info.Form))
			fn(&info.Zone)
		}
	}
}

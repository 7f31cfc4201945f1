package feedspec

import (
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/xml5"
)

// TestEntrySize checks the size of an Entry, which a feed parsed
// WithoutDocument keeps for each entry (its entries are allocated in
// blocks, so the size, not its size class, is what each costs): its
// private state is behind one pointer (entryPrivate). The five lists and
// the pointer of issue 38 (MediaRSS, Geo, License, Chapters, InReplyTo)
// took it from 416 to 520 bytes.
func TestEntrySize(t *testing.T) {
	assert.Equal(t, uintptr(520), unsafe.Sizeof(Entry{}))
	assert.Equal(t, uintptr(8), unsafe.Sizeof(Entry{}.priv))
}

// fillWithRoom is fillAll (unmarshal_test.go), deeper (every slice of the
// model is reached), with every slice given one element and room for two
// more.
func fillWithRoom(v reflect.Value, depth int) { fillModel(v, depth, 12, 2) }

// eachModelSlice calls fn with the path and value of every slice of the
// model reachable from v through exported fields.
func eachModelSlice(v reflect.Value, path string, fn func(string, reflect.Value)) {
	walkModel(v, path, func(path string, v reflect.Value) bool {
		switch {
		case v.Kind() == reflect.Pointer && v.Type() == reflect.TypeOf((*Text)(nil)):
			return false
		case v.Kind() == reflect.Slice && !v.IsNil():
			fn(path, v)
		}
		return true
	})
}

// walkModel calls visit with the path and value of v and of every value
// reachable from it through exported fields, pointers that are not nil
// (but for Entry.Feed, the way back) and slice elements; visit returns
// false to not look inside the value it was given.
func walkModel(v reflect.Value, path string, visit func(string, reflect.Value) bool) {
	if !visit(path, v) {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || v.Type() == reflect.TypeOf((*Feed)(nil)) {
			return
		}
		walkModel(v.Elem(), path, visit)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if f := v.Type().Field(i); f.IsExported() {
				walkModel(v.Field(i), path+"."+f.Name, visit)
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			walkModel(v.Index(i), path+"[]", visit)
		}
	}
}

// countTexts returns the number of Texts reachable from v (walkModel).
func countTexts(v reflect.Value) int {
	n := 0
	walkModel(v, "", func(_ string, v reflect.Value) bool {
		if v.Kind() == reflect.Pointer && v.Type() == reflect.TypeOf((*Text)(nil)) {
			if !v.IsNil() {
				n++
			}
			return false
		}
		return true
	})
	return n
}

// TestClipSlicesClipsEverySlice gives every slice of a feed's model
// (reflection finds them) room to spare and checks that clipSlices leaves
// none with any, so that a feed parsed WithoutDocument keeps no spare
// capacity: a slice field added to the model and not clipped fails it.
func TestClipSlicesClipsEverySlice(t *testing.T) {
	var f Feed
	fillWithRoom(reflect.ValueOf(&f).Elem(), 0)
	types := map[string]bool{}
	n := 0
	eachModelSlice(reflect.ValueOf(&f).Elem(), "Feed", func(path string, s reflect.Value) {
		require.Greater(t, s.Cap(), s.Len(), path)
		types[s.Type().String()] = true
		n++
	})
	// Every slice type of the model is reached (Subcategories included).
	require.Greater(t, n, 25)
	for _, typ := range []string{"[]*feedspec.Entry", "[]feedspec.Category", "[]feedspec.PodcastValueRecipient", "[]feedspec.PodcastSource", "[]int", "[]string"} {
		require.True(t, types[typ], "no slice of type %s was filled (have %v)", typ, types)
	}
	clipSlices(&f)
	checked := 0
	eachModelSlice(reflect.ValueOf(&f).Elem(), "Feed", func(path string, s reflect.Value) {
		assert.Equal(t, s.Len(), s.Cap(), "%s keeps spare capacity", path)
		checked++
	})
	assert.Equal(t, n, checked)
}

// TestClipSlicesKeepsShared checks that a slice two fields share stays
// shared after clipSlices, and that an empty slice stays empty, not nil.
func TestClipSlicesKeepsShared(t *testing.T) {
	links := make([]Link, 1, 4)
	links[0].Href = "https://example.com/"
	f := &Feed{Links: links, Authors: make([]*Person, 0, 2)}
	e := &Entry{Links: links}
	f.Entries = []*Entry{e}
	clipSlices(f)
	assert.Equal(t, 1, cap(f.Links))
	assert.Same(t, &f.Links[0], &e.Links[0])
	assert.NotNil(t, f.Authors)
	assert.Empty(t, f.Authors)
	assert.True(t, strings.HasPrefix(f.Links[0].Href, "https://"))
}

// TestEachTextSlotSeesEveryText fills every field of a feed and checks that
// eachTextSlot visits every Text field reflection finds, so that
// compactTexts moves them all.
func TestEachTextSlotSeesEveryText(t *testing.T) {
	var f Feed
	fillWithRoom(reflect.ValueOf(&f).Elem(), 0)
	want := countTexts(reflect.ValueOf(&f).Elem())
	got := 0
	f.eachTextSlot(func(t **Text) {
		if *t != nil {
			got++
		}
	})
	assert.Equal(t, want, got)
	assert.Greater(t, got, 10)
}

// TestCompactTexts checks that compactTexts moves a small feed's Texts into
// one block of their number, values unchanged, a shared Text still shared,
// and leaves a feed with more than maxCompactTexts Texts as it is.
func TestCompactTexts(t *testing.T) {
	shared := stringText("shared")
	node := lazyNodeText("<b>x</b>", textSignature{})
	f := &Feed{Title: stringText("feed"), Description: node}
	f.Entries = []*Entry{{Title: shared, Summary: shared, Content: stringText("c")}}
	compactTexts(f)
	assert.NotSame(t, shared, f.Entries[0].Title)
	assert.Same(t, f.Entries[0].Title, f.Entries[0].Summary)
	assert.Equal(t, "feed", f.Title.String())
	assert.Equal(t, "shared", f.Entries[0].Summary.String())
	assert.Equal(t, "c", f.Entries[0].Content.String())
	assert.Equal(t, "<b>x</b>", f.Description.HTML())
	// One block of four: the first Text's address, then three more.
	first := unsafe.Pointer(f.Title)
	for i, txt := range []*Text{f.Description, f.Entries[0].Title, f.Entries[0].Content} {
		assert.Equal(t, uintptr(first)+uintptr(i+1)*unsafe.Sizeof(Text{}), uintptr(unsafe.Pointer(txt)))
	}
	big := &Feed{}
	for range maxCompactTexts {
		big.Entries = append(big.Entries, &Entry{Title: stringText("t")})
	}
	big.Title = stringText("one too many")
	before := big.Title
	compactTexts(big)
	assert.Same(t, before, big.Title)
}

// TestDetachedNodeTextsShareFragments checks that the Node texts of a feed
// parsed WithoutDocument keep no lazyFragment of their own (one of
// detachedFragments, shared), their source in the Text, and read as the
// same texts of the feed parsed with its document, also from goroutines at
// once.
func TestDetachedNodeTextsShareFragments(t *testing.T) {
	doc := `<feed xmlns="http://www.w3.org/2005/Atom"><title type="html">&lt;b>T&lt;/b></title>
<entry><title>E</title><summary type="html">&lt;p>one &amp;amp; &lt;i>two&lt;/i></summary>
<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>x<b>y</b></p></div></content></entry></feed>`
	full, err := ParseDocument(strings.NewReader(doc))
	require.NoError(t, err)
	bare, err := ParseDocument(strings.NewReader(doc), WithoutDocument())
	require.NoError(t, err)
	pairs := [][2]*Text{{full.Title, bare.Title}, {full.Entries[0].Summary, bare.Entries[0].Summary}, {full.Entries[0].Content, bare.Entries[0].Content}}
	for i, p := range pairs {
		require.True(t, p[1].IsNode(), "text %d", i)
		l := p[1].lazy
		require.True(t, l == &detachedFragments[0] || l == &detachedFragments[1] || l == &detachedFragments[2], "text %d keeps a lazyFragment of its own", i)
		assert.NotEmpty(t, p[1].str, "text %d", i)
	}
	assert.Same(t, &detachedFragments[2], bare.Entries[0].Content.lazy)
	done := make(chan bool)
	for range 4 {
		go func() {
			defer func() { done <- true }()
			for _, p := range pairs {
				assert.Equal(t, p[0].HTML(), p[1].HTML())
				assert.Equal(t, p[0].TextContent(), p[1].TextContent())
				assert.Equal(t, string(p[0].appendJSON(nil, jsonEnc{})), string(p[1].appendJSON(nil, jsonEnc{})))
				assert.Equal(t, renderHTML(p[0].Node()), renderHTML(p[1].Node()))
			}
		}()
	}
	for range 4 {
		<-done
	}
	for i := range detachedFragments {
		assert.Empty(t, detachedFragments[i].src)
		assert.False(t, detachedFragments[i].built.Load())
	}
}

// TestWithoutDocumentEntryState checks what an entry keeps of its private
// state WithoutDocument: none for a plain entry, IDIsPermalink's value
// (moved to the feed's block of strings, each entry its own), Base64
// content and an own image; and that the next parses, which reuse the
// processor's block of states, change none of it.
func TestWithoutDocumentEntryState(t *testing.T) {
	rss := `<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>P</title>
<item><title>A</title><guid>https://x/a</guid></item>
<item><title>B</title><guid isPermaLink="false">b</guid><media:thumbnail url="https://x/t.jpg"/><itunes:image href="https://x/b.jpg"/></item>
<item><title>C</title></item></channel></rss>`
	atom := `<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>D</title><content type="application/octet-stream">aGVsbG8=</content></entry></feed>`
	f, err := ParseDocument(strings.NewReader(rss), WithoutDocument())
	require.NoError(t, err)
	g, err := ParseDocument(strings.NewReader(atom), WithoutDocument())
	require.NoError(t, err)
	for range 3 { // reuse the pooled processor's block of states
		_, err := ParseDocument(strings.NewReader(rss), WithoutDocument())
		require.NoError(t, err)
	}
	a, b, c := f.Entries[0], f.Entries[1], f.Entries[2]
	require.NotNil(t, a.IDIsPermalink)
	require.NotNil(t, b.IDIsPermalink)
	assert.True(t, *a.IDIsPermalink)
	assert.False(t, *b.IDIsPermalink)
	*a.IDIsPermalink = false // each entry's own
	assert.False(t, *b.IDIsPermalink)
	assert.Nil(t, c.IDIsPermalink)
	assert.Nil(t, a.priv)
	assert.Nil(t, c.priv)
	require.NotNil(t, b.priv)
	assert.Equal(t, "https://x/b.jpg", b.Image().URL)
	assert.Equal(t, "https://x/t.jpg", b.Thumbnail.URL)
	content, err := g.Entries[0].ContentBytes()
	require.NoError(t, err)
	assert.Equal(t, "hello", string(content))
	assert.Nil(t, g.Entries[0].Element())
}

// TestByteSizeClasses checks byteSizeClasses against the runtime: an
// append to a nil slice takes the size class of what it appends.
func TestByteSizeClasses(t *testing.T) {
	capOf := func(n int) int { return cap(append([]byte(nil), make([]byte, n)...)) }
	for i, c := range byteSizeClasses {
		assert.Equal(t, c, capOf(c), "class %d", c)
		if i+1 < len(byteSizeClasses) {
			assert.Equal(t, byteSizeClasses[i+1], capOf(c+1), "above class %d", c)
		}
		assert.Equal(t, c, roundSize(c))
		assert.Equal(t, c, floorSize(c))
		if i > 0 {
			assert.Equal(t, byteSizeClasses[i-1], floorSize(c-1))
		}
	}
	assert.Equal(t, 5*heapPage, capOf(4*heapPage+1))
	assert.Equal(t, 5*heapPage, roundSize(4*heapPage+1))
	assert.Equal(t, 4*heapPage, floorSize(5*heapPage-1))
}

// TestMoveStringsTwoBlocks checks that a feed whose strings would waste
// much of their block's size class gets a first block of exactly a size
// class, holding every Text's string, and a second of what is left; that
// equal strings still share one copy; and that the values are unchanged.
func TestMoveStringsTwoBlocks(t *testing.T) {
	f := &Feed{Title: stringText(strings.Repeat("t", 1000))}
	var want []string
	for i := range 40 {
		// 40 × 105 + 1000 = 5200 bytes: class 5376, first block 4864.
		s := strings.Repeat(string(rune('a'+i%26)), 100) + strings.Repeat("x", 5)
		if i >= 26 {
			s = strings.Repeat(string(rune('a'+i%26)), 99) + strings.Repeat("y", 6)
		}
		want = append(want, s)
		f.Entries = append(f.Entries, &Entry{ID: strings.Clone(s), PageURL: strings.Clone(s)})
	}
	block := moveStrings(f, 3)
	assert.Equal(t, 4864, cap(block))
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(block)))
	in := func(s string) bool {
		at := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		return at >= lo && at < lo+uintptr(len(block))
	}
	assert.True(t, in(f.Title.str), "a Text's string is in the first block")
	assert.LessOrEqual(t, len(block)+3, cap(block))
	outside := 0
	for i, e := range f.Entries {
		assert.Equal(t, want[i], e.ID)
		assert.Equal(t, unsafe.StringData(e.ID), unsafe.StringData(e.PageURL))
		if !in(e.ID) {
			outside++
		}
	}
	assert.Positive(t, outside)
	assert.Equal(t, strings.Repeat("t", 1000), f.Title.String())
}

// TestWithoutDocumentBlocksKeepOnlyHeld checks that the parse's blocks of
// list slots and persons, which a feed parsed WithoutDocument keeps, hold
// nothing the feed does not: the enclosure an entry left as its thumbnail
// ([335]) is not kept through its list's slot, and a person is taken from
// a block only once it is added.
func TestWithoutDocumentBlocksKeepOnlyHeld(t *testing.T) {
	rss := `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>P</title>
<item><title>A</title><link>https://x/a</link><enclosure url="https://x/a.jpg" type="image/jpeg"/><author>a@x (A)</author><author>a@x (A)</author><dc:creator>A</dc:creator></item>
<item><title>B</title><link>https://x/b</link><enclosure url="https://x/b.png"/><enclosure url="https://x/b.mp3" type="audio/mpeg"/><dc:creator>B</dc:creator><dc:creator>B</dc:creator></item>
</channel></rss>`
	doc, err := xml5.Parse(strings.NewReader(rss))
	require.NoError(t, err)
	c := &config{withoutDocument: true}
	p := &processor{}
	f, err := processDocument(doc, c, p)
	require.NoError(t, err)
	kept := detachFeed(f)
	p.dropUnheldTexts(kept)
	require.Len(t, f.Entries, 2)
	a, b := f.Entries[0], f.Entries[1]
	require.NotNil(t, a.Thumbnail)
	assert.Equal(t, "https://x/a.jpg", a.Thumbnail.URL)
	assert.Empty(t, a.Enclosures, "the image enclosure became the thumbnail")
	require.Len(t, b.Enclosures, 1)
	assert.Equal(t, "https://x/b.mp3", b.Enclosures[0].URL)

	held := map[any]bool{}
	for _, e := range f.Entries {
		for _, enc := range e.Enclosures {
			held[enc] = true
		}
		for _, q := range e.Authors {
			held[q] = true
		}
	}
	for _, slot := range p.enclosureSlots.free[:cap(p.enclosureSlots.free)] {
		if slot != nil {
			assert.True(t, held[slot], "an enclosure slot keeps %q, which no entry holds", slot.URL)
		}
	}
	for _, slot := range p.personSlots.free[:cap(p.personSlots.free)] {
		if slot != nil {
			assert.True(t, held[slot], "a person slot keeps %+v, which no entry holds", *slot)
		}
	}
	persons := p.persons.free[:cap(p.persons.free)]
	for i := range persons {
		q := &persons[i]
		assert.True(t, *q == Person{} || held[q], "the block of persons keeps %+v, which no entry holds", *q)
	}
}

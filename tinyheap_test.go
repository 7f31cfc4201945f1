package feedspec

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTextSize checks that a Text and a lazyFragment fit the runtime's 32-
// and 64-byte size classes: every text of a kept feed costs them.
func TestTextSize(t *testing.T) {
	assert.LessOrEqual(t, unsafe.Sizeof(Text{}), uintptr(32))
	assert.LessOrEqual(t, unsafe.Sizeof(lazyFragment{}), uintptr(64))
}

// TestLazyFragmentSize is TestTextSize's check of the lazy part alone, and
// that a Text tells a Node value from a string value without a field.
func TestLazyFragmentSize(t *testing.T) {
	assert.Equal(t, uintptr(64), unsafe.Sizeof(lazyFragment{}))
	assert.False(t, stringText("a").IsNode())
	assert.False(t, (&Text{}).IsNode())
	assert.True(t, lazyNodeText("<b>a</b>", textSignature{}).IsNode())
	assert.True(t, renderedNodeText("<b>a</b>").IsNode())
}

// TestStaticStrings checks that staticStrings is sorted and without
// repeats (so it reads as a list), and that staticString finds each of them
// and nothing else: a string of another length, or of the same length and
// first byte.
func TestStaticStrings(t *testing.T) {
	require.True(t, slices.IsSorted(staticStrings[:]))
	require.Len(t, slices.Compact(slices.Clone(staticStrings[:])), len(staticStrings))
	for i, s := range staticStrings {
		assert.Same(t, unsafe.StringData(staticStrings[i]), unsafe.StringData(staticString(strings.Clone(s))), s)
	}
	assert.Empty(t, staticString("alternat"))
	assert.Empty(t, staticString("alternatf"))
	assert.Empty(t, staticString("Alternate"))
	assert.Empty(t, staticString("text/htmm"))
	assert.Empty(t, staticString("application/atom+xml; charset=utf-8"))
	assert.Empty(t, staticString(""))
}

// sharedStringsFeed returns an RSS feed of n items, each with an audio
// enclosure, a link repeated as its guid, and a category.
func sharedStringsFeed(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`<rss version="2.0"><channel><title>T</title><link>https://example.com/</link><language>en-us</language>`)
	for i := range n {
		fmt.Fprintf(&b, `<item><title>Item %d</title><link>https://example.com/posts/%d</link><guid>https://example.com/posts/%d</guid>`, i, i, i)
		fmt.Fprintf(&b, `<category>News</category><category>Topic %d</category><category>Other %d</category>`, i%3, i)
		fmt.Fprintf(&b, `<enclosure url="https://example.com/%d.mp3" type="audio/mpeg" length="%d"/></item>`, i, 1000+i)
	}
	b.WriteString(`</channel></rss>`)
	return b.Bytes()
}

// TestWithoutDocumentSharesStrings checks that a feed parsed
// WithoutDocument keeps one copy of equal strings, none of the common
// constants, and the same JSON as with its document.
func TestWithoutDocumentSharesStrings(t *testing.T) {
	in := sharedStringsFeed(5)
	full, err := ParseDocument(bytes.NewReader(in))
	require.NoError(t, err)
	bare, err := ParseDocument(bytes.NewReader(in), WithoutDocument())
	require.NoError(t, err)
	assert.Equal(t, string(full.AppendJSON(nil)), string(bare.AppendJSON(nil)))

	require.Len(t, bare.Entries, 5)
	first, second := bare.Entries[0], bare.Entries[1]
	require.NotEmpty(t, first.Enclosures)
	require.NotEmpty(t, second.Enclosures)
	require.NotNil(t, first.Enclosures[0].MIMEType)
	require.NotNil(t, second.Enclosures[0].MIMEType)
	// "audio/mpeg" is a constant: no heap at all.
	assert.Equal(t, "audio/mpeg", *first.Enclosures[0].MIMEType)
	assert.Same(t, unsafe.StringData(staticString("audio/mpeg")), unsafe.StringData(*first.Enclosures[0].MIMEType))
	assert.Same(t, unsafe.StringData(staticString("rss-2.0")), unsafe.StringData(string(bare.Format)))
	// "News" in every entry, and an entry's link as its ID: one copy.
	require.NotEmpty(t, first.Categories)
	require.NotEmpty(t, second.Categories)
	assert.Equal(t, "News", first.Categories[0])
	assert.Same(t, unsafe.StringData(first.Categories[0]), unsafe.StringData(second.Categories[0]))
	require.Equal(t, first.PageURL, first.ID)
	assert.Same(t, unsafe.StringData(first.PageURL), unsafe.StringData(first.ID))
	// Different strings stay different.
	assert.NotEqual(t, first.PageURL, second.PageURL)
}

// TestWithoutDocumentClipsSlices checks that the slices of a feed parsed
// WithoutDocument have no spare capacity, an empty one no backing array.
func TestWithoutDocumentClipsSlices(t *testing.T) {
	in := sharedStringsFeed(5)
	bare, err := ParseDocument(bytes.NewReader(in), WithoutDocument())
	require.NoError(t, err)
	assert.Equal(t, len(bare.Entries), cap(bare.Entries))
	for _, e := range bare.Entries {
		assert.Equal(t, len(e.Categories), cap(e.Categories))
		assert.Equal(t, len(e.CategoryDetails), cap(e.CategoryDetails))
		assert.Equal(t, len(e.Enclosures), cap(e.Enclosures))
		assert.Equal(t, len(e.Links), cap(e.Links))
	}

	c := clipper{}
	grown := append(make([]Link, 0, 8), Link{Href: "a"}, Link{Href: "b"})
	clipped := clipSlice(c, grown)
	assert.Equal(t, grown, clipped)
	assert.Equal(t, 2, cap(clipped))
	// The same slice in another field is copied once.
	assert.Same(t, &clipped[0], &clipSlice(c, grown)[0])
	empty := clipSlice(c, make([]string, 0, 4))
	assert.NotNil(t, empty)
	assert.Zero(t, cap(empty))
	assert.Nil(t, clipSlice[string](c, nil))
	exact := []int{1, 2}
	assert.Same(t, &exact[0], &clipSlice(c, exact)[0])
}

// TestWithoutDocumentKeepsLinear checks that what a feed parsed
// WithoutDocument keeps grows with its input no faster than it: ten times
// the items, at most ten times the heap kept (plus a little).
func TestWithoutDocumentKeepsLinear(t *testing.T) {
	kept := func(n int) int64 {
		in := sharedStringsFeed(n)
		before := liveHeapNow()
		f, err := ParseDocument(bytes.NewReader(in), WithoutDocument())
		require.NoError(t, err)
		after := liveHeapNow()
		require.Len(t, f.Entries, n)
		return int64(after) - int64(before)
	}
	small, large := kept(200), kept(2000)
	require.Positive(t, small)
	assert.Less(t, large, 11*small, "200 items keep %d bytes, 2000 keep %d", small, large)
}

// TestWithoutDocumentKeepsNoBlockRoom checks that a feed parsed
// WithoutDocument keeps its persons, dates, lengths and first list slots
// each on its own (takeKept), so that no block's unused room is kept with
// it, while a parse that keeps its document takes them from blocks.
func TestWithoutDocumentKeepsNoBlockRoom(t *testing.T) {
	doc := []byte(`<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
<author><name>A</name></author><author><name>B</name></author><contributor><name>C</name></contributor>
<updated>2026-11-27T10:00:00Z</updated>
<entry><title>E</title><author><name>D</name></author><updated>2026-11-27T10:00:00Z</updated>
<link rel="enclosure" href="https://example.com/a.mp3" length="1234" type="audio/mpeg"/></entry></feed>`)
	for _, without := range []bool{false, true} {
		p := &processor{withoutDocument: without}
		a, b := takeKept(p, &p.persons), takeKept(p, &p.persons)
		d := takeKept(p, &p.dates)
		slot := takeKept(p, &p.personSlots)
		if without {
			assert.Zero(t, cap(p.persons.free), "persons")
			assert.Zero(t, cap(p.dates.free), "dates")
			assert.Zero(t, cap(p.personSlots.free), "slots")
		} else {
			assert.Same(t, &p.persons.free[1], b)
			assert.Same(t, &p.dates.free[0], d)
			assert.Same(t, &p.personSlots.free[0], slot)
		}
		assert.NotSame(t, a, b)
	}
	// The values read the same either way.
	kept, err := ParseDocument(bytes.NewReader(doc))
	require.NoError(t, err)
	bare, err := ParseDocument(bytes.NewReader(doc), WithoutDocument())
	require.NoError(t, err)
	kj, err := kept.MarshalJSON()
	require.NoError(t, err)
	bj, err := bare.MarshalJSON()
	require.NoError(t, err)
	assert.JSONEq(t, string(kj), string(bj))
	require.Len(t, bare.Authors, 2)
	assert.Equal(t, "B", bare.Authors[1].Name)
	require.Len(t, bare.Entries, 1)
	require.Len(t, bare.Entries[0].Links, 1)
	require.NotNil(t, bare.Entries[0].Links[0].Length)
	assert.EqualValues(t, 1234, *bare.Entries[0].Links[0].Length)
}

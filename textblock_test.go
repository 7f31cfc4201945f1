package feedspec

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/xml5"
)

// TestTextBlockGrowth checks the sizes of the blocks string Texts are
// taken from (4, then doubling up to 32) and that each Text keeps its own
// value.
func TestTextBlockGrowth(t *testing.T) {
	var p processor
	var texts []*Text
	for i := 0; i < 100; i++ {
		texts = append(texts, p.stringText(fmt.Sprint(i)))
	}
	var sizes []int
	for _, b := range p.textBlocks {
		sizes = append(sizes, cap(b))
	}
	assert.Equal(t, []int{4, 8, 16, 32, 32, 32}, sizes)
	for i, tx := range texts {
		assert.Equal(t, fmt.Sprint(i), tx.String())
	}
	assert.Nil(t, p.textOrNull(""))
	p.release()
	assert.Nil(t, p.texts)
	assert.Empty(t, p.textBlocks)
	for _, b := range p.textBlocks[:cap(p.textBlocks)] {
		assert.Nil(t, b, "a released processor keeps a block")
	}
}

// TestTextBlocksSizedFromEntries checks that once entries were processed
// the blocks are sized from the Texts they make: parsed feeds of 40 and
// 400 entries leave no more than the first block's tail unused.
func TestTextBlocksSizedFromEntries(t *testing.T) {
	for _, entries := range []int{40, 400} {
		var b strings.Builder
		b.WriteString(`<rss version="2.0"><channel><title>T</title>`)
		for i := 0; i < entries; i++ {
			fmt.Fprintf(&b, `<item><title>t%d</title><itunes:subtitle xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">s%d</itunes:subtitle></item>`, i, i)
		}
		b.WriteString(`</channel></rss>`)
		doc, err := xml5.Parse(strings.NewReader(b.String()))
		require.NoError(t, err)
		var p processor
		f, err := processDocument(doc, nil, &p)
		require.NoError(t, err)
		require.Len(t, f.Entries, entries)
		require.Equal(t, fmt.Sprint("s", entries-1), f.Entries[entries-1].Subtitle.String())
		room := 0
		for _, blk := range p.textBlocks {
			room += cap(blk)
		}
		made := 1 + 2*entries
		assert.Equal(t, made, p.textsMade)
		assert.LessOrEqual(t, room-made, firstTextBlock, "%d entries: %d Texts in blocks of %d", entries, made, room)
		assert.LessOrEqual(t, len(p.textBlocks), made/maxTextBlock+5, "%d entries", entries)
	}
}

// TestWithoutDocumentDropsUnheldTexts parses, WithoutDocument and
// WithRecovery, feeds whose double-encoded title repair 12 replaces: the
// replaced Text, in the block of the description the feed keeps, pointed
// into the 1 MB document, and must not keep it alive.
func TestWithoutDocumentDropsUnheldTexts(t *testing.T) {
	in := []byte(`<?xml version="1.0" encoding="utf-8"?><!--` + strings.Repeat("x", 1<<20) +
		`--><rss version="2.0"><channel><title>CafÃ© notes</title><description>Things é</description>` +
		`<item><title>Hello</title></item></channel></rss>`)
	const n = 4
	feeds := make([]*Feed, n)
	before := liveHeapNow()
	for i := range feeds {
		f, err := ParseDocument(bytes.NewReader(in), WithRecovery(), WithoutDocument())
		require.NoError(t, err)
		feeds[i] = f
	}
	kept := int64(liveHeapNow()) - int64(before)
	require.Equal(t, "Café notes", feeds[0].Title.String(), "repair 12 did not replace the title")
	require.Equal(t, "Things é", feeds[0].Description.String())
	t.Logf("%d feeds of %d bytes keep %d bytes", n, len(in), kept)
	assert.Less(t, kept, int64(len(in)), "the feeds keep their documents")
	runtime.KeepAlive(feeds)
}

// TestWithoutDocumentKeepsStaticValuedTexts checks that a text the feed
// holds whose value is one of the strings a detached feed points at rather
// than copies (staticStrings) is kept, while the texts it does not hold are
// emptied (dropUnheldTexts tells them apart by where their bytes are).
func TestWithoutDocumentKeepsStaticValuedTexts(t *testing.T) {
	src := `<rss version="2.0"><channel><title>Technology</title><description>html</description>` +
		`<item><title>text</title></item><item><title>Blogger</title></item></channel></rss>`
	feed, err := ParseDocument(strings.NewReader(src), WithoutDocument())
	require.NoError(t, err)
	require.NotNil(t, feed.Title)
	assert.Equal(t, "Technology", feed.Title.String())
	require.NotNil(t, feed.Description)
	assert.Equal(t, "html", feed.Description.String())
	require.Len(t, feed.Entries, 2)
	assert.Equal(t, "text", feed.Entries[0].Title.String())
	assert.Equal(t, "Blogger", feed.Entries[1].Title.String())
	assert.True(t, isStaticString(feed.Title.String()), "the title points at the constant")
}

package xml5

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadAllReaders shows that every kind of reader gives the same
// document: those that hand their bytes to WriteTo (copied without zeroing
// a buffer first) and those read a chunk at a time.
func TestReadAllReaders(t *testing.T) {
	src := `<?xml version="1.0"?><rss><channel><title>A &amp; B</title>` + strings.Repeat("<item><title>x</title></item>", 500) + `</channel></rss>`
	readers := map[string]io.Reader{
		"bytes.Reader":   bytes.NewReader([]byte(src)),
		"strings.Reader": strings.NewReader(src),
		"bytes.Buffer":   bytes.NewBufferString(src),
		"one byte":       iotest.OneByteReader(strings.NewReader(src)),
		"chunks":         &chunkWriterTo{chunks: []string{src[:100], src[100:1000], src[1000:]}},
	}
	for name, r := range readers {
		doc, err := Parse(r)
		require.NoError(t, err, name)
		assert.Equal(t, src, doc.text, name)
		assert.Equal(t, "A & B", doc.Root().FirstElementChild().FirstElementChild().ChildTextContent(), name)
	}
}

// chunkWriterTo is a reader that tells its length and writes its chunks to
// WriteTo, one Write each, as feedspec's response bodies do; lie makes its
// Len say less than it holds.
type chunkWriterTo struct {
	chunks []string
	lie    bool
	err    error
}

func (c *chunkWriterTo) Len() int {
	if c.lie {
		return 1
	}
	n := 0
	for _, s := range c.chunks {
		n += len(s)
	}
	return n
}

func (c *chunkWriterTo) Read(p []byte) (int, error) {
	if len(c.chunks) == 0 {
		return 0, io.EOF
	}
	n := copy(p, c.chunks[0])
	c.chunks[0] = c.chunks[0][n:]
	if c.chunks[0] == "" {
		c.chunks = c.chunks[1:]
	}
	return n, nil
}

func (c *chunkWriterTo) WriteTo(w io.Writer) (int64, error) {
	var total int64
	for len(c.chunks) > 0 {
		n, err := w.Write([]byte(c.chunks[0]))
		total += int64(n)
		c.chunks = c.chunks[1:]
		if err != nil {
			return total, err
		}
	}
	return total, c.err
}

// TestReadAllWriteToLimits shows that MaxInputBytes holds for a reader
// read through WriteTo whose Len says less than it writes, and that a
// WriteTo error is returned with the document parsed from what was
// written.
func TestReadAllWriteToLimits(t *testing.T) {
	r := &chunkWriterTo{chunks: []string{"<a><b>0123", "456789</b></a>"}, lie: true}
	doc, err := Parse(r, WithLimits(Limits{MaxInputBytes: 10}))
	var le *LimitError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, "MaxInputBytes", le.Limit)
	assert.Equal(t, int64(10), le.Offset)
	assert.Equal(t, "<a><b>0123", doc.text)

	boom := errors.New("boom")
	r = &chunkWriterTo{chunks: []string{"<a>x", "y"}, err: boom}
	doc, err = Parse(r)
	require.ErrorIs(t, err, boom)
	assert.Equal(t, "xy", doc.Root().ChildTextContent())
}

// TestNodeSlabsGrowWithDocument shows that the slabs of nodes follow the
// document's size: what is allocated stays within a quarter (and a small
// floor) of the nodes made, for small and large documents alike, and a
// large document's slabs are full 32 KB ones but for a few.
func TestNodeSlabsGrowWithDocument(t *testing.T) {
	for _, n := range []int{1, 10, 60, 200, 1000, 10000, 30000} {
		var b strings.Builder
		b.WriteString("<rss><channel>")
		for i := 0; i < n; i++ {
			b.WriteString("<item><title>t</title><link>https://example.com/2026/11/some-article-slug</link></item>\n")
		}
		b.WriteString("</channel></rss>")
		text := b.String()
		p := newParser(new(parser), &Document{text: text}, text, Limits{MaxNodes: -1}.resolve(), false)
		require.NoError(t, p.parse())
		nodes := p.nodeCount()
		assert.LessOrEqual(t, p.slabNodes, nodes+nodes/4+64, "%d items: %d nodes, %d in slabs", n, nodes, p.slabNodes)
		assert.LessOrEqual(t, p.slabs, 8+nodes/smallSlabNodes, "%d items: %d slabs", n, p.slabs)
	}
}

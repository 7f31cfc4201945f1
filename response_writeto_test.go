package feedspec

import (
	"bytes"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBodyReaderWriteTo shows that a body's reader hands its chunks to
// WriteTo (which xml5.Parse uses to copy it without zeroing a buffer) and
// to Read alike, and that a feed parses the same either way.
func TestBodyReaderWriteTo(t *testing.T) {
	b := &body{chunks: [][]byte{[]byte("<rss><channel><title>A"), []byte(" title</title>"), []byte("</channel></rss>")}}
	for _, c := range b.chunks {
		b.n += len(c)
	}
	var buf bytes.Buffer
	r := b.reader()
	n, err := r.WriteTo(&buf)
	require.NoError(t, err)
	assert.Equal(t, int64(b.n), n)
	assert.Equal(t, "<rss><channel><title>A title</title></channel></rss>", buf.String())
	assert.Equal(t, 0, r.Len())

	read, err := io.ReadAll(struct{ io.Reader }{b.reader()})
	require.NoError(t, err)
	assert.Equal(t, buf.String(), string(read))

	f, err := ParseDocument(b.reader())
	require.NoError(t, err)
	assert.Equal(t, "A title", f.Title.String())
}

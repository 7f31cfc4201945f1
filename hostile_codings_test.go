package feedspec

// Hostile responses: content codings, the body size limit, and how much
// reading a body allocates. Memory is asserted as bytes allocated per byte
// of the limit or the body (runtime.MemStats.TotalAlloc, which bounds the
// peak), never as wall-clock time.

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// onlyReader hides every method of r but Read, so that nothing can learn the
// body's length in advance (as for a chunked response).
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

// memResponse returns a 200 response with the body and the header fields
// (name, value pairs), read from memory: no server's allocations count.
// contentLength is -1 for a body of unknown length.
func memResponse(body []byte, contentLength int64, header ...string) *http.Response {
	h := http.Header{}
	for i := 0; i+1 < len(header); i += 2 {
		h.Add(header[i], header[i+1])
	}
	u, _ := url.Parse("http://example.com/feed.xml")
	return &http.Response{
		StatusCode:    http.StatusOK,
		Status:        "200 OK",
		Header:        h,
		Body:          io.NopCloser(onlyReader{bytes.NewReader(body)}),
		ContentLength: contentLength,
		Request:       &http.Request{Method: http.MethodGet, URL: u},
	}
}

// allocated returns the bytes f allocated.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// gzipped returns body compressed with gzip at the best compression.
func gzipped(t *testing.T, body []byte) []byte {
	return gzipLevel(t, body, gzip.BestCompression)
}

// gzipLevel returns body compressed with gzip at level.
func gzipLevel(t *testing.T, body []byte, level int) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, level)
	require.NoError(t, err)
	_, err = w.Write(body)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return buf.Bytes()
}

// emptyDeflateBlocks returns a raw deflate stream of n bytes of empty stored
// blocks (five bytes each: they decode to nothing) ending with a final block
// holding tail: a layer that is huge and decodes to almost nothing.
func emptyDeflateBlocks(t *testing.T, n int, tail []byte) []byte {
	t.Helper()
	block := []byte{0x00, 0x00, 0x00, 0xFF, 0xFF}
	var buf bytes.Buffer
	buf.Grow(n + len(tail) + 64)
	for buf.Len()+len(block) <= n {
		buf.Write(block)
	}
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	require.NoError(t, err)
	_, err = w.Write(tail)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return buf.Bytes()
}

// nestedGzip returns body gzipped n times (stored, not compressed: every
// layer is a valid gzip stream a few bytes longer than the one inside).
func nestedGzip(t *testing.T, body []byte, n int) []byte {
	t.Helper()
	for i := 0; i < n; i++ {
		body = gzipLevel(t, body, gzip.NoCompression)
	}
	return body
}

// TestHostileManyContentCodings: a Content-Encoding listing many codings is
// refused before a decompressor is built (each costs tens of kilobytes), with
// an error naming the header and matching ErrContentEncoding.
func TestHostileManyContentCodings(t *testing.T) {
	feed := []byte(testRSS)
	for _, tt := range []struct {
		name   string
		header []string // Content-Encoding values
		body   []byte
		ok     bool
	}{
		{"two codings", []string{"gzip, gzip"}, gzipped(t, gzipped(t, feed)), true},
		{"two codings, identity ignored", []string{"identity, gzip, identity", "identity, gzip"}, gzipped(t, gzipped(t, feed)), true},
		{"three codings", []string{"gzip, gzip, gzip"}, gzipped(t, gzipped(t, gzipped(t, feed))), false},
		{"three codings in three fields", []string{"gzip", "deflate", "gzip"}, feed, false},
		{"500 codings, each a valid gzip layer", []string{strings.Repeat("gzip, ", 499) + "gzip"}, nestedGzip(t, feed, 500), false},
		{"16,000 codings", []string{strings.Repeat("deflate,", 15999) + "deflate"}, feed, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := []string{}
			for _, v := range tt.header {
				h = append(h, "Content-Encoding", v)
			}
			var f *Feed
			var err error
			alloc := allocated(func() { f, err = ParseResponse(memResponse(tt.body, -1, h...)) })
			t.Logf("%s: %d bytes allocated, error %v", tt.name, alloc, err)
			if tt.ok {
				require.NoError(t, err)
				require.NotNil(t, f)
				assert.Equal(t, "Test feed", f.Title.String())
				return
			}
			require.Error(t, err)
			assert.Nil(t, f)
			assert.ErrorIs(t, err, ErrContentEncoding)
			assert.NotErrorIs(t, err, ErrNotFeed)
			assert.Contains(t, err.Error(), "Content-Encoding")
			assert.Contains(t, err.Error(), "more than 2")
			assert.True(t, strings.HasPrefix(err.Error(), "feedspec: "), err.Error())
			assert.LessOrEqual(t, len(err.Error()), 300, "the error quotes the whole header: %s", err)
			// No decompressor built (gzip's costs about 45 KB): what is
			// allocated is the error and the header's copy at most.
			headerLen := 0
			for _, v := range tt.header {
				headerLen += len(v)
			}
			assert.Less(t, alloc, uint64(16<<10+2*headerLen), "bytes allocated to refuse %d codings", strings.Count(strings.Join(tt.header, ","), ",")+1)
		})
	}
}

// TestHostileIntermediateLayerLimited: every decoded layer, not only the
// last, counts against the body size limit. The inner layer here is
// megabytes of empty deflate blocks (which decode to nothing), compressed
// to a few kilobytes: the last layer alone is a small feed.
func TestHostileIntermediateLayerLimited(t *testing.T) {
	const limit = 1 << 20
	inner := emptyDeflateBlocks(t, 16<<20, []byte(testRSS))
	body := gzipped(t, inner)
	t.Logf("%d bytes on the wire, %d bytes after the first decoding, %d at the end", len(body), len(inner), len(testRSS))

	f, err := ParseResponse(memResponse(body, int64(len(body)), "Content-Encoding", "deflate, gzip"), WithMaxBodySize(limit))
	assert.Nil(t, f)
	require.ErrorIs(t, err, ErrBodyTooLarge)
	assert.Contains(t, err.Error(), "gzip")
	assert.Contains(t, err.Error(), "WithMaxBodySize")

	// Within the limit the same layers parse.
	small := gzipped(t, emptyDeflateBlocks(t, limit/2, []byte(testRSS)))
	f, err = ParseResponse(memResponse(small, int64(len(small)), "Content-Encoding", "deflate, gzip"), WithMaxBodySize(limit))
	require.NoError(t, err)
	assert.Equal(t, "Test feed", f.Title.String())

	// The case: three layers, refused by their number before any
	// is decoded.
	three := gzipped(t, body)
	_, err = ParseResponse(memResponse(three, int64(len(three)), "Content-Encoding", "deflate, gzip, gzip"), WithMaxBodySize(limit))
	require.ErrorIs(t, err, ErrContentEncoding)
}

// TestHostileBodyJustOverTheLimit: a body one byte longer than the limit is
// refused having allocated about the limit once, not the doubling buffer of
// io.ReadAll (about 2.6 times the limit).
func TestHostileBodyJustOverTheLimit(t *testing.T) {
	const limit = 8 << 20
	body := append([]byte(`<?xml version="1.0"?><rss version="2.0"><channel><title>x</title>`), bytes.Repeat([]byte("<item/>"), limit/7)...)
	body = append(body, make([]byte, limit)...)[:limit+1]
	require.Len(t, body, limit+1)
	page := append([]byte(`<!DOCTYPE html><html><head><link rel="alternate" type="application/rss+xml" href="/feed.xml"></head><body>`), bytes.Repeat([]byte("x"), limit)...)
	page = append(page, make([]byte, limit)...)[:limit+1]
	for _, tt := range []struct {
		name          string
		contentLength int64
		header        []string
	}{
		{"unknown length", -1, nil},
		{"Content-Length", int64(len(body)), nil},
		{"Content-Length lying low", limit / 2, nil},
		{"Content-Length lying high", 4 * limit, nil},
		{"HTML page", -1, []string{"Content-Type", "text/html"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			b := body
			if tt.header != nil {
				b = page
			}
			alloc := allocated(func() {
				_, err = ParseResponse(memResponse(b, tt.contentLength, tt.header...), WithMaxBodySize(limit))
			})
			ratio := float64(alloc) / limit
			t.Logf("%s: %d bytes allocated for a limit of %d (%.2f times)", tt.name, alloc, limit, ratio)
			if tt.header == nil {
				require.ErrorIs(t, err, ErrBodyTooLarge)
			} else {
				// An HTML page is read up to the limit, and the feeds it
				// links to found.
				var pe *HTMLPageError
				require.ErrorAs(t, err, &pe)
				require.Len(t, pe.Feeds, 1)
				assert.Equal(t, "http://example.com/feed.xml", pe.Feeds[0].URL)
				return // what is allocated is mostly DiscoverFeeds's HTML parse
			}
			assert.Less(t, ratio, 1.1, "bytes allocated per byte of the limit")
		})
	}
}

// TestHostileBodyReadOnce: a body within the limit is read into memory
// once (plus the parser's own copy), without io.ReadAll's doubling.
func TestHostileBodyReadOnce(t *testing.T) {
	const n = 4 << 20
	// A feed whose bytes are mostly one comment: the parser's tree is
	// small, and what is allocated is the reading.
	head := `<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss><!--`
	body := append([]byte(head), bytes.Repeat([]byte("x"), n-len(head)-3)...)
	body = append(body, "-->"...)
	for _, tt := range []struct {
		name          string
		contentLength int64
	}{
		{"unknown length", -1},
		{"Content-Length", n},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			var f *Feed
			alloc := allocated(func() { f, err = ParseResponse(memResponse(body, tt.contentLength)) })
			ratio := float64(alloc) / n
			t.Logf("%s: %d bytes allocated for a body of %d (%.2f times)", tt.name, alloc, n, ratio)
			require.NoError(t, err)
			assert.Equal(t, "x", f.Title.String())
			// The body (1) and the parser's copy of it (1), with room for
			// the last chunk's unused part.
			assert.Less(t, ratio, 2.6, "bytes allocated per byte of the body")
		})
	}
}

// TestRecoveryUTF16LabelOnASCIIBytes: a UTF-8 feed labelled charset=utf-16
// is unreadable by the specification (default mode unchanged); recovery
// mode ignores the label, with a DiagnosticRecovered.
func TestRecoveryUTF16LabelOnASCIIBytes(t *testing.T) {
	body := []byte(`<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Crème</title></channel></rss>`)
	for _, label := range []string{"utf-16", "UTF-16LE", "utf-16be"} {
		res := func() *http.Response {
			return memResponse(body, int64(len(body)), "Content-Type", "application/rss+xml; charset="+label)
		}
		f, err := ParseResponse(res())
		assert.Nil(t, f, "default mode reads %s", label)
		assert.ErrorIs(t, err, ErrNotFeed)

		var diags []Diagnostic
		f, err = ParseResponse(res(), WithRecovery(), WithDiagnostics(&diags))
		require.NoError(t, err, label)
		assert.Equal(t, "Crème", f.Title.String())
		var recovered []string
		for _, d := range diags {
			if d.Kind == DiagnosticRecovered {
				recovered = append(recovered, d.Message)
			}
		}
		assert.Equal(t, []string{"declared " + label + " but the bytes are not UTF-16 (an ASCII-compatible XML document), label ignored"}, recovered)
	}
	// A UTF-16 body keeps its label in recovery mode.
	u16 := []byte(utf16LEString(`<rss version="2.0"><channel><title>Crème</title></channel></rss>`))
	f, err := ParseResponse(memResponse(u16, -1, "Content-Type", "application/rss+xml; charset=utf-16"), WithRecovery())
	require.NoError(t, err)
	assert.Equal(t, "Crème", f.Title.String())
}

// utf16LEString encodes s in UTF-16LE, without a byte order mark.
func utf16LEString(s string) string {
	var b []byte
	for _, r := range utf16.Encode([]rune(s)) {
		b = append(b, byte(r), byte(r>>8))
	}
	return string(b)
}

// TestReadBody checks readBody and its reader against readers that give
// one byte at a time, data with io.EOF, and an error part way.
func TestReadBody(t *testing.T) {
	data := bytes.Repeat([]byte("0123456789"), 20000) // 200,000 bytes: several chunks
	prefix := []byte("<?xml")
	want := append(append([]byte(nil), prefix...), data...)
	for _, tt := range []struct {
		name string
		r    func() io.Reader
		hint int64
	}{
		{"plain", func() io.Reader { return onlyReader{bytes.NewReader(data)} }, -1},
		{"one byte at a time", func() io.Reader { return iotest.OneByteReader(bytes.NewReader(data)) }, -1},
		{"data with EOF", func() io.Reader { return iotest.DataErrReader(bytes.NewReader(data)) }, -1},
		{"exact hint", func() io.Reader { return onlyReader{bytes.NewReader(data)} }, int64(len(want))},
		{"hint too small", func() io.Reader { return onlyReader{bytes.NewReader(data)} }, 1000},
		{"hint too large", func() io.Reader { return onlyReader{bytes.NewReader(data)} }, 1 << 30},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, err := readBody(prefix, tt.r(), 0, tt.hint)
			require.NoError(t, err)
			assert.Equal(t, len(want), b.n)
			allocated := 0
			for _, c := range b.chunks {
				allocated += cap(c)
			}
			if tt.hint == int64(len(want)) {
				assert.Equal(t, len(want), allocated, "an exact hint leaves no room unused")
			}
			assert.LessOrEqual(t, allocated, len(want)*3/2+firstBodyChunk, "room allocated")
			// Read twice, through readers with and without Len.
			for i := 0; i < 2; i++ {
				r := b.reader()
				assert.Equal(t, len(want), r.Len())
				got, err := io.ReadAll(iotest.HalfReader(r))
				require.NoError(t, err)
				assert.Equal(t, want, got)
				assert.Equal(t, 0, r.Len())
			}
		})
	}
	// The limit bounds the chunks; an error keeps what was read.
	b, err := readBody(nil, &maxReader{r: bytes.NewReader(data), remaining: 50000, limit: 50000}, 50000, -1)
	require.ErrorIs(t, err, ErrBodyTooLarge)
	assert.Equal(t, 50000, b.n)
	total := 0
	for _, c := range b.chunks {
		total += cap(c)
	}
	assert.Equal(t, 50000, total, "no room past the limit")
	boom := errors.New("boom")
	b, err = readBody(prefix, io.MultiReader(bytes.NewReader(data[:70000]), iotest.ErrReader(boom)), 0, -1)
	require.ErrorIs(t, err, boom)
	assert.Equal(t, 70000+len(prefix), b.n)
	got, _ := io.ReadAll(b.reader())
	assert.Equal(t, want[:70000+len(prefix)], got)
}

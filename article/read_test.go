package article

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/feedspec/feedspec"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// onlyReader hides the Len method of the reader it holds.
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

// TestReadLimitedAllocations: a page is read without the doubling of
// io.ReadAll (2 bytes allocated per byte of the page): once when its length
// is known, at most about twice (chunks joined once) when it is not, and a
// page over the limit costs the limit once.
func TestReadLimitedAllocations(t *testing.T) {
	page := bytes.Repeat([]byte("<p>Lorem ipsum dolor sit amet.</p>\n"), (3<<20)/36)
	n := float64(len(page))
	var data []byte
	var err error

	known := allocated(func() { data, err = readLimited(bytes.NewReader(page), DefaultMaxSize, lenHint(bytes.NewReader(page))) })
	require.NoError(t, err)
	assert.Equal(t, page, data)
	assert.LessOrEqual(t, float64(known)/n, 1.05, "length known")

	unknown := allocated(func() { data, err = readLimited(onlyReader{bytes.NewReader(page)}, DefaultMaxSize, -1) })
	require.NoError(t, err)
	assert.Equal(t, page, data)
	assert.LessOrEqual(t, float64(unknown)/n, 2.5, "length not known")

	readAll := allocated(func() { data, _ = io.ReadAll(io.LimitReader(onlyReader{bytes.NewReader(page)}, DefaultMaxSize+1)) })
	t.Logf("bytes allocated per page byte: length known %.2f, not known %.2f; io.ReadAll %.2f",
		float64(known)/n, float64(unknown)/n, float64(readAll)/n)

	const limit = 1 << 20
	over := allocated(func() { _, err = readLimited(onlyReader{bytes.NewReader(page)}, limit, -1) })
	require.ErrorIs(t, err, feedspec.ErrBodyTooLarge)
	assert.LessOrEqual(t, float64(over)/limit, 1.1, "over the limit")
	overReadAll := allocated(func() { data, _ = io.ReadAll(io.LimitReader(onlyReader{bytes.NewReader(page)}, limit+1)) })
	t.Logf("over the limit: %.2f bytes allocated per byte of the limit; io.ReadAll %.2f", float64(over)/limit, float64(overReadAll)/limit)
	// A Content-Length over the limit is not believed: the limit is read.
	over = allocated(func() { _, err = readLimited(bytes.NewReader(page), limit, int64(len(page))) })
	require.ErrorIs(t, err, feedspec.ErrBodyTooLarge)
	assert.LessOrEqual(t, float64(over)/limit, 1.1, "over the limit, length known")

	// A Content-Length the body does not reach, or passes.
	data, err = readLimited(onlyReader{bytes.NewReader(page[:100])}, limit, 1000)
	require.NoError(t, err)
	assert.Equal(t, page[:100], data)
	data, err = readLimited(onlyReader{bytes.NewReader(page[:100])}, limit, 10)
	require.NoError(t, err)
	assert.Equal(t, page[:100], data)
	data, err = readLimited(onlyReader{bytes.NewReader(nil)}, limit, -1)
	require.NoError(t, err)
	assert.Empty(t, data)
}

// TestFetchStatusErrorHeader: the *feedspec.StatusError of a refused
// article page carries the response header, so that feedspec.NextRetry
// honours its Retry-After.
func TestFetchStatusErrorHeader(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "120")
		http.Error(w, "busy", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	_, err := Fetch(context.Background(), srv.Client(), srv.URL+"/page")
	var se *feedspec.StatusError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, http.StatusServiceUnavailable, se.StatusCode)
	require.NotNil(t, se.Header)
	assert.Equal(t, "120", se.Header.Get("Retry-After"))
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	assert.Equal(t, now.Add(120*time.Second), feedspec.NextRetry(err, 1, now, time.Minute, time.Hour))
}

package feedspec

// The attacks of a hostile publisher (issue 22) that no other test tried:
// each against a loopback server or an in-memory response, memory asserted
// as bytes allocated per byte read or per limit, never as wall time.

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// endlessReader yields its pattern forever.
type endlessReader struct {
	pattern []byte
	off     int
	n       int64 // bytes read
}

func (e *endlessReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.pattern[e.off]
		e.off = (e.off + 1) % len(e.pattern)
	}
	e.n += int64(len(p))
	return len(p), nil
}

// TestHostileRedirectLoop: a server that redirects to itself gets a bounded
// number of requests and the fetch fails with an error that says so, with
// the default client (AllowPrivateNetworks) and with a supplied one.
func TestHostileRedirectLoop(t *testing.T) {
	var hits atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Redirect(w, r, r.URL.Path, http.StatusFound)
	})
	for _, f := range []*Fetcher{{AllowPrivateNetworks: true}, {Client: srv.Client()}} {
		hits.Store(0)
		res, err := f.Fetch(t.Context(), srv.URL+"/loop", nil)
		require.Error(t, err)
		assert.Nil(t, res)
		assert.Contains(t, err.Error(), "stopped after 10 redirects")
		assert.True(t, strings.HasPrefix(err.Error(), "feedspec: "), err.Error())
		assert.LessOrEqual(t, hits.Load(), int32(11))
	}
}

// TestHostileSchemeChangeOnRedirect: a redirect to a URL that is not http
// or https (a local file, FTP, script, data) is not followed.
func TestHostileSchemeChangeOnRedirect(t *testing.T) {
	var hits atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Location", r.URL.Query().Get("u"))
		w.WriteHeader(http.StatusFound)
	})
	for _, target := range []string{
		"file:///etc/passwd", "ftp://127.0.0.1/feed.xml", "javascript:alert(1)",
		"data:application/rss+xml,<rss/>", "gopher://127.0.0.1:70/", "unix:///var/run/docker.sock",
	} {
		for _, f := range []*Fetcher{{AllowPrivateNetworks: true}, {Client: srv.Client()}} {
			hits.Store(0)
			res, err := f.Fetch(t.Context(), srv.URL+"/?u="+target, nil)
			require.Error(t, err, target)
			assert.Nil(t, res, target)
			assert.Contains(t, err.Error(), "unsupported protocol scheme", target)
			assert.Equal(t, int32(1), hits.Load(), target)
		}
	}
}

// TestHostileEndlessBody: a body that never ends is read up to the limit
// and refused with ErrBodyTooLarge, having allocated about the limit once:
// in memory (a feed, and an HTML page, whose links are still found), and
// through a Fetcher from a loopback server that never stops writing.
func TestHostileEndlessBody(t *testing.T) {
	const limit = 4 << 20
	body := &endlessReader{pattern: []byte("<item><title>x</title></item>\n")}
	res := &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/rss+xml"}},
		Body: io.NopCloser(io.MultiReader(strings.NewReader("<rss><channel>"), body)), ContentLength: -1}
	var err error
	n := allocated(func() { _, err = ParseResponse(res, WithMaxBodySize(limit)) })
	require.ErrorIs(t, err, ErrBodyTooLarge)
	assert.LessOrEqual(t, body.n, int64(2*limit), "read past the limit")
	t.Logf("endless feed: %.2f bytes allocated per byte of the limit", float64(n)/limit)
	assert.LessOrEqual(t, float64(n)/limit, 2.0)

	page := &endlessReader{pattern: []byte("<p>Lorem ipsum dolor sit amet</p>\n")}
	res = &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"text/html"}},
		Body:          io.NopCloser(io.MultiReader(strings.NewReader(`<link rel=alternate type=application/rss+xml href="https://example.com/f">`), page)),
		ContentLength: -1}
	n = allocated(func() { _, err = ParseResponse(res, WithMaxBodySize(limit)) })
	var pe *HTMLPageError
	require.ErrorAs(t, err, &pe)
	require.Len(t, pe.Feeds, 1)
	t.Logf("endless HTML page: %.2f bytes allocated per byte of the limit", float64(n)/limit)
	assert.LessOrEqual(t, float64(n)/limit, 1.0, "the page is not kept")

	chunk := bytes.Repeat([]byte("<item><title>x</title></item>\n"), 1000)
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		_, _ = w.Write([]byte("<rss><channel>"))
		for r.Context().Err() == nil {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	})
	f := &Fetcher{AllowPrivateNetworks: true, Options: []Option{WithMaxBodySize(limit)}}
	fr, err := f.Fetch(t.Context(), srv.URL+"/endless", nil)
	require.ErrorIs(t, err, ErrBodyTooLarge)
	require.NotNil(t, fr)
	assert.Nil(t, fr.Feed)
}

// TestHostileGzipBombOneLayer: one gzip layer that inflates 1,000 times is
// refused once its decoded form passes the limit, having allocated about
// the limit, not what the bomb would become.
func TestHostileGzipBombOneLayer(t *testing.T) {
	const limit = 1 << 20
	bomb := func(prefix string) []byte {
		var gz bytes.Buffer
		zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		require.NoError(t, err)
		_, err = zw.Write([]byte(prefix))
		require.NoError(t, err)
		_, err = zw.Write(bytes.Repeat([]byte(" "), 32<<20))
		require.NoError(t, err)
		require.NoError(t, zw.Close())
		t.Logf("%d bytes of gzip inflate to 32 MiB", gz.Len())
		return gz.Bytes()
	}
	// An HTML page's text run is held whole by the HTML tokenizer, in a
	// buffer that doubles: up to 4 bytes per byte (see
	// TestHTMLPageAllocationsPerInputByte).
	for _, tt := range []struct {
		ct, prefix string
		most       float64
	}{
		{"application/rss+xml", `<?xml version="1.0"?><rss><channel><title>`, 2},
		{"text/html", `<!DOCTYPE html><link rel=alternate type=application/rss+xml href="https://example.com/f"><p>`, 4.5},
	} {
		gz := bomb(tt.prefix)
		res := &http.Response{StatusCode: 200,
			Header: http.Header{"Content-Type": {tt.ct}, "Content-Encoding": {"gzip"}},
			Body:   io.NopCloser(bytes.NewReader(gz)), ContentLength: int64(len(gz))}
		var err error
		n := allocated(func() { _, err = ParseResponse(res, WithMaxBodySize(limit)) })
		if tt.ct == "text/html" {
			var pe *HTMLPageError // a page over the limit is read up to it
			require.ErrorAs(t, err, &pe)
			assert.Len(t, pe.Feeds, 1)
		} else {
			require.ErrorIs(t, err, ErrBodyTooLarge)
		}
		t.Logf("%s: %.2f bytes allocated per byte of the limit", tt.ct, float64(n)/limit)
		assert.LessOrEqual(t, float64(n)/limit, tt.most, tt.ct)
	}
}

// TestHostileNoLeakedGoroutines: 16 Fetchers at once against a loopback
// server that answers with a feed, a redirect loop, an endless body, a
// body that stalls past the context's deadline, a 503 and an HTML page:
// every fetch returns, and once the connections are closed no goroutine
// is left behind (run with -race, as .ci/run does, for the races).
func TestHostileNoLeakedGoroutines(t *testing.T) {
	chunk := bytes.Repeat([]byte("<item/>"), 1000)
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/feed":
			serve([]string{"application/rss+xml"}, []byte(testRSS))(w, r)
		case "/loop":
			http.Redirect(w, r, r.URL.Path, http.StatusFound)
		case "/endless":
			w.Header().Set("Content-Type", "application/rss+xml")
			for r.Context().Err() == nil {
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		case "/stall":
			w.Header().Set("Content-Type", "application/rss+xml")
			_, _ = w.Write([]byte(testRSS[:50]))
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		case "/busy":
			w.Header().Set("Retry-After", "60")
			http.Error(w, "busy", http.StatusServiceUnavailable)
		default:
			serve([]string{"text/html"}, []byte(`<link rel=alternate type=application/rss+xml href=/feed>`))(w, r)
		}
	})
	paths := []string{"/feed", "/loop", "/endless", "/stall", "/busy", "/page"}

	before := runtime.NumGoroutine()
	var clients []*http.Client
	var wg sync.WaitGroup
	var failed atomic.Int32
	for g := range concurrency {
		client := srv.Client()
		if g%2 == 0 {
			client = &http.Client{Transport: srv.Client().Transport.(*http.Transport).Clone()}
		}
		clients = append(clients, client)
		wg.Add(1)
		go func() {
			defer wg.Done()
			f := &Fetcher{Client: client, Options: []Option{WithMaxBodySize(1 << 20)}}
			for i := range 3 * len(paths) {
				p := paths[(g+i)%len(paths)]
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				if p == "/stall" {
					ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
				}
				res, err := f.Fetch(ctx, srv.URL+p, nil)
				cancel()
				if (p == "/feed") != (err == nil) || p == "/feed" && res.Feed == nil ||
					p == "/endless" && !errors.Is(err, ErrBodyTooLarge) {
					failed.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	assert.Zero(t, failed.Load(), "fetches that did not give the expected answer")
	for _, c := range clients {
		c.CloseIdleConnections()
	}
	srv.CloseClientConnections()
	// Goroutines end asynchronously once their connection closes: wait
	// for them (this bounds the wait, it measures nothing).
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	after := runtime.NumGoroutine()
	if after > before {
		buf := make([]byte, 1<<20)
		t.Logf("goroutines:\n%s", buf[:runtime.Stack(buf, true)])
	}
	assert.LessOrEqual(t, after, before, "goroutines left behind")
}

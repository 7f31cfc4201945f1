package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loopbackSite is a server on loopback serving a feed, an HTML page that
// links to it and an article; it counts the requests it gets.
func loopbackSite(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var requests atomic.Int32
	feed, err := os.ReadFile("testdata/rss.xml")
	require.NoError(t, err)
	article, err := os.ReadFile("testdata/article.html")
	require.NoError(t, err)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		switch r.URL.Path {
		case "/rss.xml":
			w.Header().Set("Content-Type", "application/rss+xml")
			w.Write(feed)
		case "/home":
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(`<link rel=alternate type=application/rss+xml href=/rss.xml title=Weblog>`))
		case "/trains":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(article)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, &requests
}

// publicRedirect is a transport that answers the requests for the host
// public.example itself, with a redirect to the URL in their path
// ("http://public.example/http://127.0.0.1:8080/feed.xml"), as a public
// server would, and sends the others on to next: the redirect's target is
// fetched through the command's own transport.
type publicRedirect struct{ next http.RoundTripper }

func (p publicRedirect) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Host != "public.example" {
		return p.next.RoundTrip(r)
	}
	return &http.Response{
		StatusCode: http.StatusFound, Status: "302 Found", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:  http.Header{"Location": {strings.TrimPrefix(r.URL.Path, "/")}},
		Body:    http.NoBody,
		Request: r,
	}, nil
}

// viaPublicRedirect returns the command's own client (newClient), its
// transport behind publicRedirect.
func viaPublicRedirect(allowPrivate bool) *http.Client {
	c := newClient(allowPrivate)
	next := c.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	c.Transport = publicRedirect{next}
	return c
}

// TestGuard: the command refuses to fetch from loopback, a URL given or a
// redirect's target, in every mode, unless -allow-private.
func TestGuard(t *testing.T) {
	srv, requests := loopbackSite(t)
	modes := []struct {
		name, path string
		args       []string
		want       string // in the output when fetched
	}{
		{"feed", "/rss.xml", nil, "* Second post\n"},
		{"-json", "/rss.xml", []string{"-json"}, `"title": "Second post"`},
		{"-discover", "/home", []string{"-discover"}, srv.URL + "/rss.xml  application/rss+xml  \"Weblog\"\n"},
		{"-article", "/trains", []string{"-article"}, "Night trains return\n"},
	}
	for _, m := range modes {
		target := srv.URL + m.path
		redirect := "http://public.example/" + target
		for _, tc := range []struct {
			how    string
			client *http.Client // nil: the command's own, as main runs it
			url    string
		}{
			{"directly", nil, target},
			{"through a redirect", viaPublicRedirect(false), redirect},
		} {
			requests.Store(0)
			code, out, errOut := runCmd(t, "", tc.client, append(append([]string{}, m.args...), tc.url)...)
			assert.Equal(t, 1, code, "%s, %s: refused", m.name, tc.how)
			assert.Empty(t, out, "%s, %s: refused", m.name, tc.how)
			assert.Contains(t, errOut, "refusing to connect to "+srv.Listener.Addr().String()+": a loopback address, not a public internet address", "%s, %s", m.name, tc.how)
			assert.Equal(t, int32(0), requests.Load(), "%s, %s: the loopback server got a request", m.name, tc.how)
		}

		// -allow-private: fetched, directly and through the redirect.
		for _, tc := range []struct {
			how    string
			client *http.Client
			url    string
		}{
			{"directly", nil, target},
			{"through a redirect", viaPublicRedirect(true), redirect},
		} {
			code, out, errOut := runCmd(t, "", tc.client, append(append([]string{"-allow-private"}, m.args...), tc.url)...)
			assert.Equal(t, 0, code, "%s, %s, -allow-private: %s", m.name, tc.how, errOut)
			assert.Contains(t, out, m.want, "%s, %s, -allow-private", m.name, tc.how)
		}
	}

	// The usage says so.
	_, _, errOut := runCmd(t, "", nil, "-h")
	assert.Contains(t, errOut, "-allow-private")
	assert.Contains(t, errOut, "URLs are fetched from public internet addresses only, unless -allow-private.")
}

// endless is a page that never ends: head, then "<p>" for ever. It counts
// the bytes read from it.
type endless struct {
	head string
	read int64
}

func (e *endless) Read(b []byte) (int, error) {
	for i := range b {
		if e.read < int64(len(e.head)) {
			b[i] = e.head[e.read]
		} else {
			b[i] = "<p>"[(e.read-int64(len(e.head)))%3]
		}
		e.read++
	}
	return len(b), nil
}

// TestDiscoverEndlessPage: -discover reads at most MaxDiscoverBytes of a
// page (and a byte more), lists the feeds found in them, then reports the
// limit.
func TestDiscoverEndlessPage(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 16 MiB: a minute under the race detector")
	}
	page := &endless{head: `<link rel=alternate type=application/rss+xml href=/feed.xml>`}
	var out, errOut strings.Builder
	code := run([]string{"-discover", "-url", "https://example.com/", "-"}, page, &out, &errOut, nil)
	assert.Equal(t, 1, code)
	assert.Equal(t, "https://example.com/feed.xml  application/rss+xml\n", out.String())
	assert.Equal(t, "feedspec: discover feeds: limit reached: the page is longer than 16777216 bytes (MaxDiscoverBytes); the feeds in its first 16777216 bytes are returned\n", errOut.String())
	assert.Equal(t, int64(16<<20+1), page.read, "bytes read of an endless page")
}

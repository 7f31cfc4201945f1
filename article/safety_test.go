package article

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/feedspec/feedspec"
)

// hostilePage is an article whose links, images and metadata carry
// script.
const hostilePage = `<html><head><title>Hostile</title>
<meta property="og:image" content="javascript:alert('image')">
</head><body><article>
<h1>Hostile</h1>` +
	`<p>The first paragraph is long enough to be the text of an article, and it links <a href="javascript:alert('link')">a script</a> and <a href="https://safe.example/more">a page</a> in its words.</p>` +
	`<p>The second paragraph shows <img src="javascript:alert('img')" alt="x"> an image that runs script, <img src="https://safe.example/photo.jpg" alt="y"> a photograph, and a <a href="vbscript:msgbox(1)">second script</a> in the middle of more words.</p>` +
	`<p>The third paragraph has <a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">a data link</a> and <a onclick="alert('click')" href="/relative">a handler</a>, then words enough to keep it.</p>` +
	`<p>The fourth paragraph is only words, as many as it takes to be part of the article that the extractor keeps in the end.</p>` +
	`</article></body></html>`

func TestExtractSafeBody(t *testing.T) {
	for _, opts := range [][]Option{nil, {WithLinksAndImages()}} {
		a, err := Extract(strings.NewReader(hostilePage), "https://site.example/a", opts...)
		require.NoError(t, err)
		require.NotNil(t, a.Body)
		body := a.Body.HTML()
		for _, bad := range []string{"javascript:", "data:", "onclick", "alert('"} {
			assert.NotContains(t, body, bad)
		}
		// Every URL left is an absolute http or https one.
		var walk func(n *html.Node)
		walk = func(n *html.Node) {
			for _, at := range n.Attr {
				if at.Key == "href" || at.Key == "src" {
					assert.NotEmpty(t, safeMediaURL(at.Val), "%s=%q", at.Key, at.Val)
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(a.Body.Node())
		assert.Contains(t, a.Text, "a script")
		assert.Contains(t, a.Text, "The fourth paragraph")
		assert.Equal(t, "", a.Image, "javascript: og:image")
		// Sanitizing Body again changes nothing.
		assert.Equal(t, body, safeBody(a.Body, a.URL).HTML())
		if len(opts) > 0 {
			assert.Contains(t, body, `href="https://safe.example/more"`)
			assert.Contains(t, body, `href="https://site.example/relative"`)
			assert.Contains(t, body, `src="https://safe.example/photo.jpg"`)
		}
	}

	// WithRawExtraction: the extractor's body and the page's image URL, as
	// they came.
	a, err := Extract(strings.NewReader(hostilePage), "https://site.example/a", WithLinksAndImages(), WithRawExtraction())
	require.NoError(t, err)
	require.NotNil(t, a.Body)
	assert.Contains(t, a.Body.HTML(), `href="javascript:alert(&#39;link&#39;)"`)
	assert.Equal(t, "javascript:alert('image')", a.Image)
}

func TestSafeMediaURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://x.example/a b.jpg":  "https://x.example/a%20b.jpg",
		"http://x.example/i.png":     "http://x.example/i.png",
		" JavaScript:alert(1)":       "",
		"java\tscript:alert(1)":      "",
		"data:image/png;base64,AAAA": "",
		"mailto:a@x.example":         "",
		"file:///etc/passwd":         "",
		"/relative.jpg":              "",
		"":                           "",
	} {
		assert.Equal(t, want, safeMediaURL(in), "%q", in)
	}
}

func TestFetchPrivateNetworks(t *testing.T) {
	page := readTestdata(t, "article.html")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write(page)
	}))
	defer srv.Close()
	ctx := context.Background()

	// A nil client refuses the loopback server, naming the URL and the
	// address.
	_, err := Fetch(ctx, nil, srv.URL+"/news")
	require.ErrorIs(t, err, feedspec.ErrForbiddenAddress)
	assert.Contains(t, err.Error(), `"`+srv.URL+`/news"`)
	assert.Contains(t, err.Error(), strings.TrimPrefix(srv.URL, "http://"))
	assert.True(t, strings.HasPrefix(err.Error(), "article: "), err.Error())

	// And loopback written as an IPv4-mapped IPv6 address. (The check is
	// made on every connection, redirects included: feedspec's
	// GuardTransport tests cover them.)
	_, err = Fetch(ctx, nil, "http://[::ffff:127.0.0.1]:1/")
	require.ErrorIs(t, err, feedspec.ErrForbiddenAddress)

	// AllowPrivateNetworks lifts the refusal.
	a, err := Fetch(ctx, nil, srv.URL+"/news", AllowPrivateNetworks())
	require.NoError(t, err)
	assert.Contains(t, a.Text, "For three winters the footbridge")

	// A supplied client is used as it is.
	a, err = Fetch(ctx, srv.Client(), srv.URL+"/news")
	require.NoError(t, err)
	assert.Contains(t, a.Text, "For three winters the footbridge")
}

// TestFetchClosesRefusedBodies: the body of a refused answer (a status
// other than 200, a type that is not HTML) is closed unread, so that a
// server trickling it a byte at a time cannot hold Fetch (it did for the
// whole 30 s, reading up to 64 KiB): the server gets to write a few bytes
// at most. The bound is on the bytes written, not on time; the context's
// deadline is a safety net. A page Fetch reads is still read whole, and the
// connection then serves the next request.
func TestFetchClosesRefusedBodies(t *testing.T) {
	for _, tc := range []struct {
		name, ctype string
		status      int
	}{
		{"404", "text/html", http.StatusNotFound},
		{"503", "text/html", http.StatusServiceUnavailable},
		{"an image", "image/png", http.StatusOK},
	} {
		var written atomic.Int64
		done := make(chan struct{})
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer close(done)
			rc := http.NewResponseController(w)
			w.Header().Set("Content-Type", tc.ctype)
			w.WriteHeader(tc.status)
			if rc.Flush() != nil {
				return
			}
			tick := time.NewTicker(20 * time.Millisecond)
			defer tick.Stop()
			for range 3000 { // a minute
				select {
				case <-r.Context().Done():
					return
				case <-tick.C:
				}
				if _, err := w.Write([]byte{'x'}); err != nil || rc.Flush() != nil {
					return
				}
				written.Add(1)
			}
		}))
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, err := Fetch(ctx, nil, srv.URL+"/page", AllowPrivateNetworks())
		atReturn := written.Load()
		cancel()
		require.Error(t, err, tc.name)
		assert.NotErrorIs(t, err, context.DeadlineExceeded, "%s: held until the deadline", tc.name)
		if tc.status != http.StatusOK {
			var se *feedspec.StatusError
			require.ErrorAs(t, err, &se, tc.name)
			assert.Equal(t, tc.status, se.StatusCode, tc.name)
		} else {
			assert.ErrorIs(t, err, ErrNotArticle, tc.name)
		}
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: the server's handler did not see the client go", tc.name)
		}
		srv.Close()
		t.Logf("%-8s %d bytes written when Fetch returned, %d in all", tc.name, atReturn, written.Load())
		assert.LessOrEqual(t, atReturn, int64(25), "%s: bytes the server wrote before Fetch returned", tc.name)
		assert.LessOrEqual(t, written.Load(), int64(50), "%s: bytes the server wrote in all", tc.name)
	}

	// A page read: its connection serves the next request.
	page := readTestdata(t, "article.html")
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write(page)
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	for range 2 {
		_, err := Fetch(context.Background(), srv.Client(), srv.URL+"/news")
		require.NoError(t, err)
	}
	assert.Equal(t, int32(1), conns.Load(), "connections for two pages")
}

func TestFetchDefaultClients(t *testing.T) {
	for _, c := range []*http.Client{guardedClient(), openClient()} {
		assert.Equal(t, DefaultTimeout, c.Timeout)
	}
	assert.Equal(t, 30*time.Second, DefaultTimeout)
	// Made once: connections are reused from one Fetch to the next.
	assert.Same(t, guardedClient(), guardedClient())
	tr, ok := guardedClient().Transport.(*http.Transport)
	require.True(t, ok)
	assert.Nil(t, tr.Proxy, "the guarded transport uses no proxy")
	assert.Nil(t, openClient().Transport, "AllowPrivateNetworks: http.DefaultTransport")
}

package feedspectest_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/feedspectest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const homePage = `<!DOCTYPE html><html><head><title>Example</title>
<link rel="alternate" type="application/atom+xml" title="Posts" href="/feed.atom">
</head><body><a href="blog/">Blog</a></body></html>`

const blogPage = `<!DOCTYPE html><html><head>
<link rel="alternate" type="application/rss+xml" href="rss.xml"></head></html>`

func newSite(t *testing.T) *feedspectest.Server {
	t.Helper()
	s := feedspectest.NewServer(fstest.MapFS{
		"index.html":      {Data: []byte(homePage)},
		"feed.atom":       {Data: []byte(atomFeed)},
		"blog/index.html": {Data: []byte(blogPage)},
		"blog/rss.xml":    {Data: []byte(`<rss version="2.0"><channel><title>Blog</title></channel></rss>`)},
		"empty/feed.xml":  {Data: []byte(`<rss/>`)},
	})
	t.Cleanup(s.Close)
	return s
}

func TestServerIndex(t *testing.T) {
	s := newSite(t)

	res, body := get(t, s, "/")
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, homePage, string(body))
	assert.Equal(t, "text/html", res.Header.Get("Content-Type"))
	etag := res.Header.Get("ETag")
	require.NotEmpty(t, etag)
	res, _ = get(t, s, "/", "If-None-Match", etag)
	assert.Equal(t, http.StatusNotModified, res.StatusCode, "validators as for any file")

	res, body = get(t, s, "/blog/")
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, blogPage, string(body))

	// Without its final slash a folder's URL is redirected to the one with
	// it (the client follows the redirect).
	res, body = get(t, s, "/blog?x=1")
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, blogPage, string(body))
	assert.Equal(t, "/blog/", res.Request.URL.Path)
	assert.Equal(t, "x=1", res.Request.URL.RawQuery)
	reqs := s.Requests()
	assert.Equal(t, http.StatusMovedPermanently, reqs[len(reqs)-2].StatusCode)

	res, body = get(t, s, "/index.html")
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, homePage, string(body))

	// No listing of a folder without an index.html; a file's URL with a
	// final slash is not the file.
	for _, p := range []string{"/empty/", "/empty", "/feed.atom/", "/index.html/", "/blog/rss.xml/", "/missing/"} {
		res, body = get(t, s, p)
		assert.Equal(t, http.StatusNotFound, res.StatusCode, p)
		assert.NotContains(t, string(body), "<rss", p)
	}

	// A Behavior for a folder's URL applies to its index.
	s.Set("/", feedspectest.Behavior{Status: http.StatusServiceUnavailable})
	res, body = get(t, s, "/")
	assert.Equal(t, http.StatusServiceUnavailable, res.StatusCode)
	assert.Equal(t, homePage, string(body))
}

// TestServerIndexDiscovery discovers a site's feeds from its home page, and
// fetches them, as a reader does when a user pastes a site's address.
func TestServerIndexDiscovery(t *testing.T) {
	s := newSite(t)
	for _, tc := range []struct{ page, feed, title string }{
		{"/", "/feed.atom", "Example"},
		{"/blog", "/blog/rss.xml", "Blog"}, // redirected to /blog/: rss.xml resolves inside it
	} {
		res, err := s.Client().Get(s.URL + tc.page)
		require.NoError(t, err)
		links, err := feedspec.DiscoverFeeds(res.Body, res.Request.URL.String())
		res.Body.Close()
		require.NoError(t, err)
		require.NotEmpty(t, links, tc.page)
		assert.Equal(t, s.URL+tc.feed, links[0].URL, tc.page)

		f := &feedspec.Fetcher{Client: s.Client()}
		r, err := f.Fetch(context.Background(), links[0].URL, nil)
		require.NoError(t, err)
		assert.Equal(t, tc.title, strings.TrimSpace(feedspec.PlainText(r.Feed.Title)))
	}
}

package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/feedspectest"
)

var feedXML = `<?xml version="1.0"?>
<rss version="2.0"><channel><title>Teasers</title><link>/</link><description>d</description>
<item><title>First</title><link>/post/1.html</link><guid>p1</guid>
<description>The start of the first post&lt;a href="javascript:alert(1)"&gt; […]&lt;/a&gt;</description></item>
<item><title>Whole</title><link>/post/2.html</link><guid>p2</guid>
<description>` + wholeText + `</description></item>
</channel></rss>`

var wholeText = strings.Repeat("This entry carries its whole text already, many words long. ", 30)

const articleHTML = `<!DOCTYPE html><html><head><title>First</title></head><body>
<nav><a href="/">Home</a></nav><article><h1>First</h1>
<p>The first post's article text, in full, with enough words to be the page's main content.
Extraction keeps the paragraphs of the article and leaves the navigation out.</p>
<p>A second paragraph of the article, which the feed's teaser cut short, and a link that must not survive:
<a href="javascript:alert(2)">click</a>.</p><script>steal()</script></article></body></html>`

func TestProxy(t *testing.T) {
	s := feedspectest.NewServer(fstest.MapFS{
		"feed.xml":    {Data: []byte(feedXML)},
		"post/1.html": {Data: []byte(articleHTML)},
	})
	t.Cleanup(s.Close)
	p := &Proxy{FeedURL: s.URL + "/feed.xml", Fetcher: &feedspec.Fetcher{Client: s.Client()}, ArticleClient: s.Client(), MaxPages: 5}
	for _, c := range []struct{ path, typ string }{{"/atom", "application/atom+xml"}, {"/rss", "application/rss+xml"}} {
		rec := httptest.NewRecorder()
		p.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, c.path, nil))
		require.Equal(t, http.StatusOK, rec.Code, "%s: %s", c.path, rec.Body.String())
		assert.Contains(t, rec.Header().Get("Content-Type"), c.typ, c.path)
		body := rec.Body.String()
		for _, bad := range []string{"javascript:", "steal()", "<script"} {
			assert.NotContains(t, body, bad, "%s: unsafe markup republished", c.path)
		}
		f, err := feedspec.ParseDocument(strings.NewReader(body))
		require.NoError(t, err, c.path)
		require.Len(t, f.Entries, 2, c.path)
		first := f.Entries[0]
		assert.Contains(t, first.Content.TextContent(), "A second paragraph of the article", "%s: the article text is the content", c.path)
		assert.Contains(t, first.Summary.TextContent(), "The start of the first post", "%s: the teaser stays as the summary", c.path)
		assert.Equal(t, s.URL+"/post/1.html", first.PageURL, c.path)
		assert.Nil(t, f.Entries[1].Content, "%s: an entry with its whole text is not fetched", c.path)
	}
	var articleRequests int
	for _, r := range s.Requests() {
		if strings.HasPrefix(r.Path, "/post/") {
			articleRequests++
			assert.Equal(t, "/post/1.html", r.Path, "only the teaser's page is fetched")
		}
	}
	assert.Equal(t, 2, articleRequests, "one article request for each of the two feeds served")
	rec := httptest.NewRecorder()
	p.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/other", nil))
	assert.Equal(t, http.StatusNotFound, rec.Code)
}

func TestProxyFeedError(t *testing.T) {
	s := feedspectest.NewServer(fstest.MapFS{})
	t.Cleanup(s.Close)
	p := &Proxy{FeedURL: s.URL + "/missing.xml", Fetcher: &feedspec.Fetcher{Client: s.Client()}, ArticleClient: s.Client()}
	rec := httptest.NewRecorder()
	p.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/atom", nil))
	assert.Equal(t, http.StatusBadGateway, rec.Code)
	assert.Contains(t, rec.Body.String(), "404")
}

package feedspec

import (
	"errors"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDiscoverFeeds(t *testing.T) {
	const page = "https://www.example.com/blog/post.html"
	tests := []struct {
		name string
		html string
		want []FeedLink
	}{
		{"notes steps 1 and 2: RSS and Atom links in head", `<!DOCTYPE html><html><head>
			<link rel="alternate" type="application/rss+xml" title="Blog (RSS)" href="/feed.rss">
			<link rel="alternate" type="application/atom+xml" title="Blog (Atom)" href="atom.xml">
			</head><body></body></html>`,
			[]FeedLink{
				{URL: "https://www.example.com/feed.rss", Type: "application/rss+xml", Title: "Blog (RSS)", Source: "link"},
				{URL: "https://www.example.com/blog/atom.xml", Type: "application/atom+xml", Title: "Blog (Atom)", Source: "link"},
			}},
		{"RDF and JSON Feed types, document order", `<head>
			<link rel="alternate" type="application/feed+json" href="/feed.json" title="JSON">
			<link rel="alternate" type="application/rdf+xml" href="/index.rdf">
			<link rel="alternate" type="text/xml" href="/old.xml" title=" Old
			  feed ">`,
			[]FeedLink{
				{URL: "https://www.example.com/feed.json", Type: "application/feed+json", Title: "JSON", Source: "link"},
				{URL: "https://www.example.com/index.rdf", Type: "application/rdf+xml", Source: "link"},
				{URL: "https://www.example.com/old.xml", Type: "text/xml", Title: "Old feed", Source: "link"},
			}},
		{"rel is a case-insensitive token list, type has parameters", `<head>
			<link REL="Home  ALTERNATE" TYPE="Application/RSS+XML; charset=utf-8" href="/rss">`,
			[]FeedLink{{URL: "https://www.example.com/rss", Type: "application/rss+xml", Source: "link"}}},
		{"rel=feed without type", `<link rel="feed" href="/all" title="Everything">`,
			[]FeedLink{{URL: "https://www.example.com/all", Title: "Everything", Source: "link"}}},
		{"non-feed links ignored", `<head>
			<link rel="alternate" hreflang="fr" href="/fr/">
			<link rel="alternate stylesheet" type="text/css" href="/dark.css">
			<link rel="stylesheet" type="application/rss+xml" href="/not-alternate.rss">
			<link rel="alternate" type="application/rss+xml">
			<link rel="alternate" type="text/html" href="/mobile/">
			<link rel="alternate" type="application/json+oembed" href="/oembed?url=x">
			<link rel="feed" type="text/html" href="/h-feed">`,
			[]FeedLink{}},
		{"application/json: JSON Feed yes, WordPress REST API no", `<head>
			<link rel="alternate" type="application/json" href="https://www.example.com/wp-json/wp/v2/posts/12">
			<link rel="alternate" type="application/json" href="/wp-json/feed/v1">
			<link rel="alternate" type="application/json" href="/data.json">
			<link rel="alternate" type="application/json" title="JSON Feed" href="/j.json">
			<link rel="alternate" type="application/json" href="/feed.json">`,
			[]FeedLink{
				{URL: "https://www.example.com/j.json", Type: "application/json", Title: "JSON Feed", Source: "link"},
				{URL: "https://www.example.com/feed.json", Type: "application/json", Source: "link"},
			}},
		{"base href", `<head><base href="https://cdn.example.net/site/"><base href="https://ignored.example/">
			<link rel="alternate" type="application/atom+xml" href="atom.xml"></head>
			<body><a href="rss">RSS</a></body>`,
			[]FeedLink{
				{URL: "https://cdn.example.net/site/atom.xml", Type: "application/atom+xml", Source: "link"},
				{URL: "https://cdn.example.net/site/rss", Title: "RSS", Source: "a"},
			}},
		{"relative base href", `<base href="../other/"><link rel="alternate" type="application/rss+xml" href="f.rss">`,
			[]FeedLink{{URL: "https://www.example.com/other/f.rss", Type: "application/rss+xml", Source: "link"}}},
		{"base without href skipped", `<base target="_blank"><base href="/b/"><link rel="alternate" type="application/rss+xml" href="f">`,
			[]FeedLink{{URL: "https://www.example.com/b/f", Type: "application/rss+xml", Source: "link"}}},
		{"links before anchors, duplicates removed", `<body>
			<a href="/feed/">Subscribe</a>
			<link rel="alternate" type="application/rss+xml" href="https://WWW.example.com/feed" title="Main">
			<a href="/feed#x">again</a></body>`,
			[]FeedLink{{URL: "https://www.example.com/feed", Type: "application/rss+xml", Title: "Main", Source: "link"}}},
		{"notes step 3 paths as anchors", `<body>
			<a href="/feed">1</a> <a href="/rss">2</a> <a href="/atom.xml">3</a> <a href="/feed.xml">4</a>
			<a href="/rss.xml">5</a> <a href="/index.xml">6</a> <a href="/feeds/posts/default">7</a></body>`,
			[]FeedLink{
				{URL: "https://www.example.com/feed", Title: "1", Source: "a"},
				{URL: "https://www.example.com/rss", Title: "2", Source: "a"},
				{URL: "https://www.example.com/atom.xml", Title: "3", Source: "a"},
				{URL: "https://www.example.com/feed.xml", Title: "4", Source: "a"},
				{URL: "https://www.example.com/rss.xml", Title: "5", Source: "a"},
				{URL: "https://www.example.com/index.xml", Title: "6", Source: "a"},
				{URL: "https://www.example.com/feeds/posts/default", Title: "7", Source: "a"},
			}},
		{"notes step 5: feed-looking body links", `<body>
			<a href="/category/go/feed/">Go posts</a>
			<a href="/feed/atom/"><img src="atom.png" alt="Atom feed"></a>
			<a href="/news.rss">news</a><a href="/x.atom">x</a><a href="/all.rdf">rdf</a>
			<a href="/?feed=rss2">wp</a><a href="/list?format=atom">fmt</a>
			<a href="https://feeds.feedburner.com/ExampleBlog">FeedBurner</a>
			<a href="/subscribe">RSS feed</a>
			<a href="feed://www.example.com/podcast.xml">podcast</a>
			<a href="feed:https://www.example.com/wrapped">wrapped</a>
			<a href="/blog/comments/feed.json">json</a></body>`,
			[]FeedLink{
				{URL: "https://www.example.com/category/go/feed/", Title: "Go posts", Source: "a"},
				{URL: "https://www.example.com/feed/atom/", Title: "Atom feed", Source: "a"},
				{URL: "https://www.example.com/news.rss", Title: "news", Source: "a"},
				{URL: "https://www.example.com/x.atom", Title: "x", Source: "a"},
				{URL: "https://www.example.com/all.rdf", Title: "rdf", Source: "a"},
				{URL: "https://www.example.com/?feed=rss2", Title: "wp", Source: "a"},
				{URL: "https://www.example.com/list?format=atom", Title: "fmt", Source: "a"},
				{URL: "https://feeds.feedburner.com/ExampleBlog", Title: "FeedBurner", Source: "a"},
				{URL: "https://www.example.com/subscribe", Title: "RSS feed", Source: "a"},
				{URL: "http://www.example.com/podcast.xml", Title: "podcast", Source: "a"},
				{URL: "https://www.example.com/wrapped", Title: "wrapped", Source: "a"},
				{URL: "https://www.example.com/blog/comments/feed.json", Title: "json", Source: "a"},
			}},
		{"non-feed anchors ignored", `<body>
			<a href="/about">About</a>
			<a href="/sitemap.xml">Sitemap</a>
			<a href="/feedback">Feedback</a>
			<a href="https://en.wikipedia.org/wiki/RSS">What is RSS?</a>
			<a href="#rss">RSS</a>
			<a href="javascript:subscribe('rss')">RSS</a>
			<a href="mailto:rss@example.com">RSS</a>
			<a href="/data.json">data</a>
			<a>rss</a>
			<a href="https://feeds.feedburner.com/">root</a></body>`,
			[]FeedLink{}},
		{"empty page", ``, []FeedLink{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DiscoverFeeds(strings.NewReader(tt.html), page)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestDiscoverFeedsWithoutPageURL(t *testing.T) {
	in := `<link rel="alternate" type="application/rss+xml" href="/relative.rss">
		<link rel="alternate" type="application/rss+xml" href="https://example.org/abs.rss">
		<a href="/rss">RSS</a>`
	got, err := DiscoverFeeds(strings.NewReader(in), "")
	require.NoError(t, err)
	assert.Equal(t, []FeedLink{{URL: "https://example.org/abs.rss", Type: "application/rss+xml", Source: "link"}}, got)

	// An absolute <base href> gives relative URLs a base.
	got, err = DiscoverFeeds(strings.NewReader(`<base href="https://example.org/d/">`+in), "")
	require.NoError(t, err)
	assert.Equal(t, []FeedLink{
		{URL: "https://example.org/relative.rss", Type: "application/rss+xml", Source: "link"},
		{URL: "https://example.org/abs.rss", Type: "application/rss+xml", Source: "link"},
		{URL: "https://example.org/rss", Title: "RSS", Source: "a"},
	}, got)
}

func TestDiscoverFeedsEncoding(t *testing.T) {
	// A windows-1252 page declared by <meta charset>.
	in := "<meta charset=\"windows-1252\"><link rel=alternate type=application/rss+xml title=\"Caf\xe9\" href=/f>"
	got, err := DiscoverFeeds(strings.NewReader(in), "http://example.com/")
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.Equal(t, "Café", got[0].Title)
}

func TestDiscoverFeedsErrors(t *testing.T) {
	for _, pageURL := range []string{"/relative", "not a url", "http://exa mple.com/"} {
		_, err := DiscoverFeeds(strings.NewReader(`<link rel="alternate" type="application/rss+xml" href="/f">`), pageURL)
		assert.Error(t, err, pageURL)
	}
	boom := errors.New("boom")
	_, err := DiscoverFeeds(iotest.ErrReader(boom), "https://example.com/")
	assert.ErrorIs(t, err, boom)
	_, err = DiscoverFeeds(iotest.TimeoutReader(strings.NewReader(strings.Repeat("<p>x</p>", 1000))), "https://example.com/")
	assert.Error(t, err)
}

func TestCommonFeedURLs(t *testing.T) {
	root := []string{
		"https://example.com/feed", "https://example.com/rss", "https://example.com/atom.xml",
		"https://example.com/feed.xml", "https://example.com/rss.xml", "https://example.com/index.xml",
		"https://example.com/feeds/posts/default",
	}
	blog := []string{
		"https://example.com/blog/feed", "https://example.com/blog/rss", "https://example.com/blog/atom.xml",
		"https://example.com/blog/feed.xml", "https://example.com/blog/rss.xml", "https://example.com/blog/index.xml",
		"https://example.com/blog/feeds/posts/default",
	}
	tests := []struct {
		in   string
		want []string
	}{
		{"https://example.com", root},
		{"https://EXAMPLE.com/?q=1#top", root},
		{"https://example.com/index.html", root},
		{"https://example.com/blog/", append(append([]string{}, root...), blog...)},
		{"https://example.com/blog", append(append([]string{}, root...), blog...)},
		{"https://example.com/blog/index.php?p=2", append(append([]string{}, root...), blog...)},
	}
	for _, tt := range tests {
		got, err := CommonFeedURLs(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
	}
	got, err := CommonFeedURLs("http://example.com:8080/")
	require.NoError(t, err)
	assert.Equal(t, "http://example.com:8080/feed", got[0])

	for _, in := range []string{"", "/blog/", "ftp://example.com/", "mailto:a@example.com"} {
		_, err := CommonFeedURLs(in)
		assert.Error(t, err, in)
	}
}

package feedspectest_test

import (
	"context"
	"fmt"
	"log"
	"strings"
	"testing/fstest"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/feedspectest"
)

// A site's home page (its index.html, served at "/") links to its feed:
// a reader given the site's address discovers the feed and fetches it.
func ExampleNewServer_homePage() {
	s := feedspectest.NewServer(fstest.MapFS{
		"index.html": {Data: []byte(`<!DOCTYPE html><html><head><title>Blog</title>
<link rel="alternate" type="application/rss+xml" title="Posts" href="/blog.xml">
</head><body>Welcome</body></html>`)},
		"blog.xml": {Data: blogFeed("Mon, 06 May 2024 10:00:00 GMT")},
	})
	defer s.Close()

	res, err := s.Client().Get(s.URL + "/")
	if err != nil {
		log.Fatal(err)
	}
	links, err := feedspec.DiscoverFeeds(res.Body, res.Request.URL.String())
	res.Body.Close()
	if err != nil {
		log.Fatal(err)
	}
	for _, l := range links {
		fmt.Println(strings.Replace(l.URL, s.URL, "http://site.test", 1), l.Type, l.Title)
	}

	f := &feedspec.Fetcher{Client: s.Client()}
	r, err := f.Fetch(context.Background(), links[0].URL, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(feedspec.PlainText(r.Feed.Entries[0].Title))
	// Output:
	// http://site.test/blog.xml application/rss+xml Posts
	// Hello
}

package feedspec_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/feedspec/feedspec"
)

// exampleFeed is an RSS item whose description is escaped HTML, as most are.
const exampleFeed = `<rss version="2.0"><channel><title>Example</title>
<item>
  <title>Caf&#233; &amp; more</title>
  <link>https://example.com/2024/01/cafe/?utm_source=rss</link>
  <description>&lt;p&gt;Our &lt;b&gt;new&lt;/b&gt; caf&amp;eacute;
    &lt;a href="/menu" onclick="track()"&gt;menu&lt;/a&gt;&lt;/p&gt;
    &lt;p&gt;Open daily.&lt;img src="javascript:alert(1)"&gt;&lt;/p&gt;
    &lt;script&gt;alert(1)&lt;/script&gt;</description>
</item></channel></rss>`

func exampleEntry() *feedspec.Entry {
	feed, err := feedspec.ParseDocument(strings.NewReader(exampleFeed), feedspec.WithURL("https://example.com/feed"))
	if err != nil {
		log.Fatal(err)
	}
	return feed.Entries[0]
}

func ExamplePlainText() {
	e := exampleEntry()
	fmt.Println(feedspec.PlainText(e.Title))
	fmt.Println(feedspec.PlainText(e.Summary))
	// Output:
	// Café & more
	// Our new café menu
	// Open daily.
}

func ExampleWordCount() {
	fmt.Println(feedspec.WordCount(feedspec.PlainText(exampleEntry().Summary)))
	fmt.Println(feedspec.WordCount("Feeds are 簡単です"))
	// Output:
	// 6
	// 6
}

func ExampleSafeHTML() {
	e := exampleEntry()
	fmt.Println(feedspec.SafeHTML(e.Summary, e.PageURL))
	// Output:
	// <p>Our <b>new</b> café
	//     <a href="https://example.com/menu">menu</a></p>
	//     <p>Open daily.</p>
}

func ExampleCanonicalURL() {
	for _, u := range []string{
		"HTTPS://WWW.Example.COM:443/2024/01/cafe/?utm_source=rss&b=2&a=1#comments",
		"https://www.example.com/2024/01/%63afe?a=1&b=2",
	} {
		c, err := feedspec.CanonicalURL(u)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(c)
	}
	// Output:
	// https://www.example.com/2024/01/cafe?a=1&b=2
	// https://www.example.com/2024/01/cafe?a=1&b=2
}

func ExampleDiscoverFeeds() {
	page := `<!DOCTYPE html>
<html><head>
  <title>Example blog</title>
  <link rel="alternate" type="application/rss+xml" title="Posts (RSS)" href="/feed.xml">
  <link rel="alternate" type="application/atom+xml" title="Posts (Atom)" href="/atom.xml">
</head><body>
  <a href="/category/go/feed/">Go posts</a>
  <a href="/feed.xml">RSS</a>
</body></html>`
	feeds, err := feedspec.DiscoverFeeds(strings.NewReader(page), "https://example.com/blog/")
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range feeds {
		fmt.Printf("%s %q %s (%s)\n", f.URL, f.Title, f.Type, f.Source)
	}
	// Output:
	// https://example.com/feed.xml "Posts (RSS)" application/rss+xml (link)
	// https://example.com/atom.xml "Posts (Atom)" application/atom+xml (link)
	// https://example.com/category/go/feed/ "Go posts"  (a)
}

func ExampleCommonFeedURLs() {
	urls, err := feedspec.CommonFeedURLs("https://example.com/blog/")
	if err != nil {
		log.Fatal(err)
	}
	for _, u := range urls[:3] {
		fmt.Println(u)
	}
	fmt.Println(len(urls))
	// Output:
	// https://example.com/feed
	// https://example.com/rss
	// https://example.com/atom.xml
	// 14
}

package feedspectest_test

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/feedspectest"
)

// A reporter prints what a test would report. It stands for the *testing.T
// of a test function, such as
//
//	func TestFeeds(t *testing.T) { feedspectest.Golden(t, "testdata/feeds") }
//
// and shows dir as testdata/feeds.
type reporter struct {
	testing.TB
	dir string
}

func (r reporter) Helper()      {}
func (r reporter) Name() string { return "TestFeeds" }
func (r reporter) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if r.dir != "" {
		msg = strings.ReplaceAll(msg, r.dir, "testdata/feeds")
	}
	fmt.Println(msg)
}
func (r reporter) Fatalf(format string, args ...any) { r.Errorf(format, args...) }
func (r reporter) Logf(format string, args ...any)   { r.Errorf(format, args...) }

func blogFeed(published string) []byte {
	return []byte(`<rss version="2.0"><channel><title>Blog</title><link>https://example.com/</link>
<item><title>Hello</title><link>/hello</link><pubDate>` + published + `</pubDate></item>
</channel></rss>`)
}

func ExampleGolden() {
	dir, err := os.MkdirTemp("", "feeds")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	t := reporter{dir: dir}
	feed := filepath.Join(dir, "blog.xml")
	if err := os.WriteFile(feed, blogFeed("Mon, 06 May 2024 10:00:00 GMT"), 0o644); err != nil {
		log.Fatal(err)
	}

	// The first run: there is no golden file yet.
	feedspectest.Golden(t, dir)

	// go test -update writes it.
	_ = flag.Set("update", "true")
	feedspectest.Golden(t, dir)
	_ = flag.Set("update", "false")

	// The feed, or feedspec, changes: the test fails.
	if err := os.WriteFile(feed, blogFeed("Mon, 06 May 2024 11:00:00 GMT"), 0o644); err != nil {
		log.Fatal(err)
	}
	feedspectest.Golden(t, dir)
	// Output:
	// testdata/feeds/blog.xml: the golden file testdata/feeds/blog.json does not exist; create it with
	// 	go test -run '^TestFeeds$' -update
	// and check what it says
	// testdata/feeds/blog.xml: wrote testdata/feeds/blog.json
	// testdata/feeds/blog.xml: the result differs from testdata/feeds/blog.json, first at entries[0].published:
	// --- testdata/feeds/blog.json
	// +++ testdata/feeds/blog.xml (parsed)
	// @@ -4,7 +4,7 @@
	//    "entries": [
	//      {
	//        "title": "Hello",
	// -      "published": "2024-05-06T10:00:00Z"
	// +      "published": "2024-05-06T11:00:00Z"
	//      }
	//    ],
	//    "format": "rss-2.0",
	//
	// If the change is right, rewrite the golden file with
	// 	go test -run '^TestFeeds$' -update
}

// GoldenTest chooses options file by file and keeps the diagnostics of each
// parse beside its JSON.
func ExampleGoldenTest() {
	dir, err := os.MkdirTemp("", "feeds")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "blog.xml"), blogFeed("yesterday"), 0o644); err != nil {
		log.Fatal(err)
	}
	t := reporter{dir: dir}
	g := feedspectest.GoldenTest{
		FileOptions: func(path string) []feedspec.Option {
			// The document URL each feed was fetched from.
			return []feedspec.Option{feedspec.WithURL("https://example.com/" + filepath.Base(path))}
		},
		Diagnostics: true,
	}
	_ = flag.Set("update", "true")
	g.Run(t, dir)
	_ = flag.Set("update", "false")
	g.Run(t, dir) // passes: prints nothing

	b, err := os.ReadFile(filepath.Join(dir, "blog.diagnostics.txt"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(strings.HasPrefix(string(b), "date: <pubDate>"), strings.Contains(string(b), `"yesterday"`))
	// Output:
	// testdata/feeds/blog.xml: wrote testdata/feeds/blog.json
	// testdata/feeds/blog.xml: wrote testdata/feeds/blog.diagnostics.txt
	// true true
}

func ExampleAssertFeedEqual() {
	parse := func(doc []byte) *feedspec.Feed {
		feed, err := feedspec.ParseDocument(strings.NewReader(string(doc)), feedspec.WithURL("https://example.com/feed"))
		if err != nil {
			log.Fatal(err)
		}
		return feed
	}
	want := parse(blogFeed("Mon, 06 May 2024 10:00:00 GMT"))
	got := parse(blogFeed("Mon, 06 May 2024 10:00:00 GMT"))
	fmt.Println(feedspectest.AssertFeedEqual(reporter{}, want, got))

	got.Entries[0].PageURL = "https://example.com/hello-world"
	fmt.Println(feedspectest.AssertFeedEqual(reporter{}, want, got))
	// Output:
	// true
	// the feeds differ, first at entries[0].page_url:
	// --- want
	// +++ got
	// @@ -4,7 +4,7 @@
	//    "entries": [
	//      {
	//        "title": "Hello",
	// -      "page_url": "https://example.com/hello",
	// +      "page_url": "https://example.com/hello-world",
	//        "published": "2024-05-06T10:00:00Z"
	//      }
	//    ],
	//
	// false
}

// A poller's second fetch is conditional and costs a 304.
func ExampleNewServer() {
	s := feedspectest.NewServer(fstest.MapFS{
		"blog.xml": {Data: blogFeed("Mon, 06 May 2024 10:00:00 GMT")},
	})
	defer s.Close()

	f := &feedspec.Fetcher{Client: s.Client()}
	first, err := f.Fetch(context.Background(), s.URL+"/blog.xml", nil)
	if err != nil {
		log.Fatal(err)
	}
	second, err := f.Fetch(context.Background(), s.URL+"/blog.xml", first)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(feedspec.PlainText(first.Feed.Entries[0].Title), second.NotModified)
	for _, r := range s.Requests() {
		fmt.Println(r.Path, r.Conditional, r.StatusCode)
	}
	// Output:
	// Hello true
	// /blog.xml false 200
	// /blog.xml true 304
}

// A host that asks for a pause, and one that serves its feed as text/html.
func ExampleServer_Set() {
	s := feedspectest.NewServer(fstest.MapFS{
		"busy.xml": {Data: blogFeed("Mon, 06 May 2024 10:00:00 GMT")},
		"html.xml": {Data: blogFeed("Mon, 06 May 2024 10:00:00 GMT")},
	})
	defer s.Close()
	s.Set("/busy.xml", feedspectest.Behavior{Status: 429, RetryAfter: "3600"})
	s.Set("/html.xml", feedspectest.Behavior{ContentType: "text/html", Charset: "utf-8"})

	f := &feedspec.Fetcher{Client: s.Client()}
	now := time.Now()
	res, err := f.Fetch(context.Background(), s.URL+"/busy.xml", nil)
	fmt.Println(err != nil, res.StatusCode, res.NextFetch(now, 15*time.Minute, 24*time.Hour).Sub(now))

	res, err = f.Fetch(context.Background(), s.URL+"/html.xml", nil)
	fmt.Println(err == nil, res.Header.Get("Content-Type"), feedspec.PlainText(res.Feed.Title))
	// Output:
	// true 429 1h0m0s
	// true text/html; charset=utf-8 Blog
}

// A feed that moved for good, then is sent elsewhere for a while: the URL
// to keep is the one the permanent redirect gave.
func ExampleServer_Redirect() {
	s := feedspectest.NewServer(fstest.MapFS{
		"blog.xml": {Data: blogFeed("Mon, 06 May 2024 10:00:00 GMT")},
	})
	defer s.Close()
	s.Redirect("/old.xml", "/blog.xml", 301, 302)

	res, err := (&feedspec.Fetcher{Client: s.Client()}).Fetch(context.Background(), s.URL+"/old.xml", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("fetched:", strings.TrimPrefix(res.URL, s.URL))
	fmt.Println("keep:", strings.TrimPrefix(res.PermanentURL, s.URL))
	for _, r := range s.Requests() {
		fmt.Println(r.Path, r.StatusCode)
	}
	// Output:
	// fetched: /blog.xml
	// keep: /old.xml~1
	// /old.xml 301
	// /old.xml~1 302
	// /blog.xml 200
}

package feedspectest_test

import (
	"flag"
	"log"
	"os"
	"path/filepath"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/feedspectest"
)

// An Item is what a reader might store of each entry.
type Item struct {
	Feed  string `json:"feed"`
	Title string `json:"title"`
	URL   string `json:"url"`
}

// Transform keeps golden files of a program's own records instead of the
// canonical JSON.
func ExampleGoldenTest_transform() {
	dir, err := os.MkdirTemp("", "feeds")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	feed := filepath.Join(dir, "blog.xml")
	if err := os.WriteFile(feed, blogFeed("Mon, 06 May 2024 10:00:00 GMT"), 0o644); err != nil {
		log.Fatal(err)
	}
	t := reporter{dir: dir}
	g := feedspectest.GoldenTest{
		Options: []feedspec.Option{feedspec.WithURL("https://example.com/feed.xml")},
		Transform: func(f *feedspec.Feed) (any, error) {
			var items []Item
			for _, e := range f.Entries {
				items = append(items, Item{
					Feed:  feedspec.DisplayText(f.Title),
					Title: feedspec.DisplayText(e.Title),
					URL:   feedspec.SafeURL(e.PageURL),
				})
			}
			return items, nil
		},
	}
	_ = flag.Set("update", "true")
	g.Run(t, dir)
	_ = flag.Set("update", "false")
	b, err := os.ReadFile(filepath.Join(dir, "blog.json"))
	if err != nil {
		log.Fatal(err)
	}
	os.Stdout.Write(b)

	// The feed changes: the entry's link. The test fails with the records' diff.
	if err := os.WriteFile(feed, []byte(`<rss version="2.0"><channel><title>Blog</title><link>https://example.com/</link>
<item><title>Hello</title><link>/hello-world</link></item></channel></rss>`), 0o644); err != nil {
		log.Fatal(err)
	}
	g.Run(t, dir)
	// Output:
	// testdata/feeds/blog.xml: wrote testdata/feeds/blog.json
	// [
	//   {
	//     "feed": "Blog",
	//     "title": "Hello",
	//     "url": "https://example.com/hello"
	//   }
	// ]
	// testdata/feeds/blog.xml: the result differs from testdata/feeds/blog.json, first at [0].url:
	// --- testdata/feeds/blog.json
	// +++ testdata/feeds/blog.xml (transformed)
	// @@ -2,6 +2,6 @@
	//    {
	//      "feed": "Blog",
	//      "title": "Hello",
	// -    "url": "https://example.com/hello"
	// +    "url": "https://example.com/hello-world"
	//    }
	//  ]
	//
	// If the change is right, rewrite the golden file with
	// 	go test -run '^TestFeeds$' -update
}

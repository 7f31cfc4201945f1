package opml_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/opml"
)

// Read a reader's export: every feed, with the folders it is filed in.
// Relative URLs are resolved against the document's URL; a URL that is
// not http or https is left out, and the diagnostics say why.
func ExampleParse() {
	export := `<?xml version="1.0" encoding="UTF-8"?>
<opml version="1.0">
  <head><title>My subscriptions</title></head>
  <body>
    <outline text="Tech">
      <outline text="Go" title="The Go Blog" type="rss" xmlUrl="https://go.dev/blog/feed.atom" htmlUrl="https://go.dev/blog"/>
      <outline text="Local" xmlurl="/feeds/local.xml"/>
    </outline>
    <outline text="Bad" type="rss" xmlUrl="javascript:alert(1)"/>
  </body>
</opml>`
	var diags []feedspec.Diagnostic
	doc, err := opml.Parse(strings.NewReader(export),
		opml.WithURL("https://example.com/me/subscriptions.opml"), opml.WithDiagnostics(&diags))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(doc.Title)
	for _, s := range doc.Subscriptions() {
		fmt.Printf("%s <%s> in %q\n", s.Title, s.FeedURL, s.Folders)
	}
	for _, d := range diags {
		fmt.Println(d)
	}
	// Output:
	// My subscriptions
	// The Go Blog <https://go.dev/blog/feed.atom> in ["Tech"]
	// Local <https://example.com/feeds/local.xml> in ["Tech"]
	// url: <outline> @xmlUrl at line 9, column 5 (byte 344): "javascript:alert(1)": not an http or https URL: not a subscription
}

// Export subscriptions as OPML 2.0: New builds the folders, Write writes
// the document.
func ExampleNew() {
	doc := opml.New("Exported by my reader", []opml.Subscription{
		{Title: "The Go Blog", FeedURL: "https://go.dev/blog/feed.atom", PageURL: "https://go.dev/blog", Folders: []string{"Tech"}},
		{Title: "xkcd", FeedURL: "https://xkcd.com/atom.xml"},
	})
	if err := doc.Write(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// <?xml version="1.0" encoding="UTF-8"?>
	// <opml version="2.0">
	//   <head>
	//     <title>Exported by my reader</title>
	//   </head>
	//   <body>
	//     <outline text="Tech">
	//       <outline text="The Go Blog" title="The Go Blog" type="rss" xmlUrl="https://go.dev/blog/feed.atom" htmlUrl="https://go.dev/blog"/>
	//     </outline>
	//     <outline text="xkcd" title="xkcd" type="rss" xmlUrl="https://xkcd.com/atom.xml"/>
	//   </body>
	// </opml>
}

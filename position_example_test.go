package feedspec_test

import (
	"fmt"
	"strings"

	"github.com/feedspec/feedspec"
)

// A linter prints where each entry whose date did not parse is written:
// Feed.Position turns the entry's element, and the pubDate child the date
// was read from, into a line and a column. The diagnostics of kind "date"
// say the same of the pubDate. Columns count characters (Ü and ï are
// two bytes each, one column). The document must be kept: ParseDocument
// keeps it; a Fetcher needs KeepDocument.
func ExampleFeed_Position() {
	doc := `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Blog</title>
<item><title>Fine</title><pubDate>Mon, 15 Jan 2024 13:45:00 +0100</pubDate></item>
<item><title>Broken</title>
  <pubDate>the day after tomorrow</pubDate></item>
<item><title>Ünïcode</title><pubDate>Tue, 16 Jan 2024 25:99:00 GMT</pubDate></item>
<item><title>Undated</title></item>
</channel></rss>`
	var diags []feedspec.Diagnostic
	feed, err := feedspec.ParseDocument(strings.NewReader(doc), feedspec.WithDiagnostics(&diags))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range feed.Entries {
		if e.Published != nil {
			continue // its date parsed
		}
		for c := e.Element().FirstElementChild(); c != nil; c = c.NextElementSibling() {
			if c.Is("", "pubDate") {
				line, col := feed.Position(e.Element())
				dateLine, dateCol := feed.Position(c)
				fmt.Printf("%d:%d: item %q: pubDate %q at %d:%d is not a date\n",
					line, col, e.Title, c.ChildTextContent(), dateLine, dateCol)
			}
		}
	}
	for _, d := range diags {
		if d.Kind == feedspec.DiagnosticDate {
			fmt.Printf("diagnostic at %d:%d: %s %q\n", d.Line, d.Column, d.Element, d.Value)
		}
	}
	// Output:
	// 4:1: item "Broken": pubDate "the day after tomorrow" at 5:3 is not a date
	// 6:1: item "Ünïcode": pubDate "Tue, 16 Jan 2024 25:99:00 GMT" at 6:29 is not a date
	// diagnostic at 5:3: pubDate "the day after tomorrow"
	// diagnostic at 6:29: pubDate "Tue, 16 Jan 2024 25:99:00 GMT"
}

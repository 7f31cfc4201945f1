package feedspec_test

import (
	"fmt"
	"strings"

	"github.com/feedspec/feedspec"
)

// A feed whose rss root declares a default namespace is null by the
// specification; recovery mode reads it and says what it repaired.
func ExampleWithRecovery() {
	const doc = `<rss version="2.0" xmlns="http://backend.userland.com/rss2">
<channel><title>News</title>
<item><title>First</title><pubDate>Mon, 15 Jul 2024 10:00:00 BST</pubDate></item>
</channel></rss>`
	_, err := feedspec.ParseDocument(strings.NewReader(doc))
	fmt.Println(err)

	var diags []feedspec.Diagnostic
	feed, err := feedspec.ParseDocument(strings.NewReader(doc), feedspec.WithRecovery(), feedspec.WithDiagnostics(&diags))
	if err != nil {
		panic(err)
	}
	fmt.Println(feed.Title, len(feed.Entries), feed.Entries[0].Published.UTC())
	for _, d := range diags {
		fmt.Println(d)
	}
	// Output:
	// feedspec: not a feed: the root element is "rss" in namespace "http://backend.userland.com/rss2"
	// News 1 2024-07-15 09:00:00 +0000 UTC
	// recovered: line 1, column 1: <rss>: rss root in namespace http://backend.userland.com/rss2 read as RSS 2.0
	// recovered: line 3, column 27: <pubDate>: zone BST read as British Summer Time (+01:00), not the specification's -11:00
}

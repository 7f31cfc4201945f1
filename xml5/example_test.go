package xml5_test

import (
	"fmt"
	"strings"

	"github.com/feedspec/feedspec/xml5"
)

func Example() {
	const feed = `<?xml version="1.0"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>News &amp; notes &copy; 2024</title>
    <item><title>First</title><dc:creator>Ann</dc:creator></item>
    <item><title>Second & last</title>
  </channel>
</rss>`
	// Broken XML (a bare '&', an unclosed <item>, an HTML entity) is
	// not an error: the parser recovers as XML5 says.
	doc, err := xml5.Parse(strings.NewReader(feed), xml5.WithURL("https://example.com/feed"))
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	channel := doc.Root().FirstElementChild()
	for n := channel.FirstElementChild(); n != nil; n = n.NextElementSibling() {
		switch {
		case n.Is("", "title"):
			fmt.Println("channel:", n.ChildTextContent())
		case n.Is("", "item"):
			for c := n.FirstElementChild(); c != nil; c = c.NextElementSibling() {
				fmt.Printf("  {%s}%s = %q\n", c.Namespace, c.Local, c.ChildTextContent())
			}
		}
	}
	fmt.Println("encoding:", doc.Encoding)
	// Output:
	// channel: News & notes © 2024
	//   {}title = "First"
	//   {http://purl.org/dc/elements/1.1/}creator = "Ann"
	//   {}title = "Second & last"
	// encoding: UTF-8
}

package feedspec_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/feedspec/feedspec"
)

// Format and Version say what the document is; the RSS channel's elements
// the specification's model does not keep are beside it.
func ExampleFormat() {
	doc := `<rss version="0.91"><channel>
	  <title>Scripting News</title>
	  <pubDate>Thu, 08 Jul 1999 07:00:00 GMT</pubDate>
	  <lastBuildDate>Thu, 08 Jul 1999 16:20:26 GMT</lastBuildDate>
	  <image><url>/logo.gif</url><title>Scripting News</title><width>78</width><height>40</height></image>
	  <cloud domain="rpc.example.com" port="80" path="/RPC2" registerProcedure="notify" protocol="xml-rpc"/>
	  <webMaster>dave@example.com (Dave)</webMaster>
	</channel></rss>`
	feed, err := feedspec.ParseDocument(strings.NewReader(doc), feedspec.WithURL("https://example.com/rss.xml"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(feed.Format, feed.Format == feedspec.FormatRSS091, feed.Version)
	img := feed.ChannelImage
	fmt.Println(img.URL, img.Title, *img.Width, *img.Height)
	fmt.Println(feed.Cloud.Domain, *feed.Cloud.Port, feed.Cloud.Protocol)
	fmt.Println(feed.WebMaster.Name, feed.WebMaster.Email)
	fmt.Println(feed.Updated.Format("15:04"), feed.Published.Format("15:04"), feed.LastBuildDate.Format("15:04"))
	// Output:
	// rss-0.91 true 0.91
	// https://example.com/logo.gif Scripting News 78 40
	// rpc.example.com 80 xml-rpc
	// Dave dave@example.com
	// 07:00 07:00 16:20
}

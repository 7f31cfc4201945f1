package feedspec_test

import (
	"fmt"
	"html/template"
	"log"
	"os"
	"strings"

	"github.com/feedspec/feedspec"
)

func ExampleSafeURL() {
	const doc = `<rss version="2.0"><channel><title>Example</title>
<item><title>Safe</title><link>https://example.com/a</link>
  <enclosure url="https://example.com/a.mp3" length="1" type="audio/mpeg"/></item>
<item><title>Hostile</title><link>java&#9;script:alert(document.cookie)</link>
  <enclosure url="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;" length="1" type="audio/mpeg"/></item>
</channel></rss>`
	feed, err := feedspec.ParseDocument(strings.NewReader(doc))
	if err != nil {
		log.Fatal(err)
	}
	// A template that links each entry only when its URL is safe to link.
	page := template.Must(template.New("entry").Parse(
		`{{if .Link}}<a href="{{.Link}}">{{.Title}}</a>{{else}}{{.Title}}{{end}}` +
			`{{if .Audio}} <audio src="{{.Audio}}"></audio>{{end}}` + "\n"))
	for _, e := range feed.Entries {
		var audio string
		if enc := e.AudioEnclosure(); enc != nil {
			audio = feedspec.SafeURL(enc.URL)
		}
		err := page.Execute(os.Stdout, map[string]string{
			"Title": feedspec.PlainText(e.Title),
			"Link":  feedspec.SafeURL(e.PageURL),
			"Audio": audio,
		})
		if err != nil {
			log.Fatal(err)
		}
	}
	fmt.Printf("%q\n", feedspec.SafeURL(" HTTPS://Example.COM"))
	// Output:
	// <a href="https://example.com/a">Safe</a> <audio src="https://example.com/a.mp3"></audio>
	// Hostile
	// "https://example.com/"
}

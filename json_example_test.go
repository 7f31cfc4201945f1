package feedspec_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/feedspec/feedspec"
)

// jsonFeedDoc is a small JSON Feed 1.1 with an extension key.
const jsonFeedDoc = `{
  "version": "https://jsonfeed.org/version/1.1",
  "title": "Example Links",
  "home_page_url": "/",
  "authors": [{"name": "Ann", "avatar": "/ann.png"}],
  "_example": {"about": "an extension"},
  "items": [{
    "id": "1",
    "url": "/2024/05/first",
    "external_url": "https://elsewhere.example/story",
    "content_html": "<p>A <em>fine</em> story.</p>",
    "date_published": "2024-05-07T08:00:00+02:00",
    "tags": ["links", "news"],
    "attachments": [{"url": "/1.mp3", "mime_type": "audio/mpeg", "size_in_bytes": 1234, "duration_in_seconds": 61}]
  }]
}`

// WithJSONFeed reads a JSON Feed into the same model as RSS and Atom;
// JSONObject keeps every key, extensions included.
func ExampleWithJSONFeed() {
	feed, err := feedspec.ParseDocument(strings.NewReader(jsonFeedDoc),
		feedspec.WithJSONFeed(), feedspec.WithURL("https://example.com/feed.json"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(feed.Title, feed.PageURL, feed.Authors[0].Name, feed.Authors[0].Icon.URL)
	e := feed.Entries[0]
	fmt.Println(e.ID, e.PageURL, e.Links[0].Rel, e.Links[0].Href)
	fmt.Println(e.Content.IsNode(), e.Content.HTML())
	fmt.Println(e.Published.UTC(), e.Categories)
	enc := e.Enclosures[0]
	fmt.Println(enc.URL, *enc.MIMEType, *enc.Length, *enc.Duration)
	fmt.Println(string(feed.JSONObject()["_example"]))

	// Without the option, the specification's answer: not a feed.
	_, err = feedspec.ParseDocument(strings.NewReader(jsonFeedDoc))
	fmt.Println(errors.Is(err, feedspec.ErrNotFeed))
	// Output:
	// Example Links https://example.com/ Ann https://example.com/ann.png
	// 1 https://example.com/2024/05/first related https://elsewhere.example/story
	// true <p>A <em>fine</em> story.</p>
	// 2024-05-07 06:00:00 +0000 UTC [links news]
	// https://example.com/1.mp3 audio/mpeg 1234 1m1s
	// {"about": "an extension"}
	// true
}

// json.Unmarshal reads the canonical JSON back: the feed read gives the same
// canonical JSON, byte for byte, and keeps each text's kind. It holds no
// document.
func ExampleFeed_UnmarshalJSON() {
	parsed, err := feedspec.ParseDocument(strings.NewReader(podcastDoc),
		feedspec.WithURL("https://example.com/podcast.rss"))
	if err != nil {
		log.Fatal(err)
	}
	stored, _ := json.Marshal(parsed)

	var loaded feedspec.Feed
	if err := json.Unmarshal(stored, &loaded); err != nil {
		log.Fatal(err)
	}
	again, _ := json.Marshal(&loaded)
	fmt.Println(bytes.Equal(stored, again))
	fmt.Println(loaded.Entries[0].Summary.IsNode(), loaded.Entries[0].Summary.HTML())
	fmt.Println(loaded.Entries[0].Feed == &loaded, loaded.Document() == nil)

	// A value of the wrong type is an error naming its key path.
	err = json.Unmarshal([]byte(`{"entries":[{},{"published":"yesterday"}]}`), &loaded)
	fmt.Println(err)
	// Output:
	// true
	// true <p>Show <b>notes</b></p>
	// true true
	// feedspec: entries[1].published: not an RFC 3339 date: "yesterday"
}

// AppendJSON gives json.Marshal's bytes; one buffer can serve many feeds.
func ExampleFeed_AppendJSON() {
	var buf []byte
	for _, doc := range []string{
		`<rss version="2.0"><channel><title>One &amp; two</title></channel></rss>`,
		`<feed xmlns="http://www.w3.org/2005/Atom"><title type="html">&lt;b>Three&lt;/b></title></feed>`,
	} {
		feed, err := feedspec.ParseDocument(strings.NewReader(doc))
		if err != nil {
			log.Fatal(err)
		}
		buf = feed.AppendJSON(buf[:0])
		marshalled, _ := json.Marshal(feed)
		fmt.Println(string(buf), bytes.Equal(buf, marshalled))
	}
	// Output:
	// {"title":"One \u0026 two","format":"rss-2.0","version":"2.0"} true
	// {"title":{"html":"\u003cb\u003eThree\u003c/b\u003e"},"format":"atom-1.0"} true
}

// WriteJSON streams the same bytes entry by entry, so that the whole
// document never sits in one buffer.
func ExampleFeed_WriteJSON() {
	feed, err := feedspec.ParseDocument(strings.NewReader(podcastDoc),
		feedspec.WithURL("https://example.com/podcast.rss"), feedspec.WithoutDocument())
	if err != nil {
		log.Fatal(err)
	}
	if err := feed.WriteJSON(os.Stdout); err != nil {
		log.Fatal(err)
	}
	// Output:
	// {"title":"Example Podcast","page_url":"https://example.com/podcast/","authors":[{"name":"The Host","email":"host@example.com"}],"entries":[{"title":"Episode 1","summary":{"html":"\u003cp\u003eShow \u003cb\u003enotes\u003c/b\u003e\u003c/p\u003e"},"page_url":"https://example.com/podcast/1","duration":3723,"published":"2024-05-07T06:00:00Z","enclosures":[{"url":"https://example.com/media/1.mp3","type":"audio/mpeg","length":12345678}]}],"format":"rss-2.0","version":"2.0"}
}

// A feed parsed WithoutDocument keeps only its model: the same canonical
// JSON, no document.
func ExampleWithoutDocument() {
	full, err := feedspec.ParseDocument(strings.NewReader(podcastDoc))
	if err != nil {
		log.Fatal(err)
	}
	bare, err := feedspec.ParseDocument(strings.NewReader(podcastDoc), feedspec.WithoutDocument())
	if err != nil {
		log.Fatal(err)
	}
	a, _ := json.Marshal(full)
	b, _ := json.Marshal(bare)
	fmt.Println(bytes.Equal(a, b))
	fmt.Println(full.Document() != nil, bare.Document() == nil, bare.Entries[0].Element() == nil)
	fmt.Println(bare.Entries[0].Summary.HTML())
	// Output:
	// true
	// true true true
	// <p>Show <b>notes</b></p>
}

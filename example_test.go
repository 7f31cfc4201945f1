package feedspec_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/feedspec/feedspec"
)

// podcastDoc is a small RSS 2.0 podcast feed.
const podcastDoc = `<?xml version="1.0"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
  <channel>
    <title>Example Podcast</title>
    <link>/podcast/</link>
    <managingEditor>host@example.com (The Host)</managingEditor>
    <item>
      <title>Episode 1</title>
      <link>/podcast/1</link>
      <description>&lt;p>Show &lt;b>notes&lt;/b>&lt;/p></description>
      <pubDate>Tue, 07 May 2024 08:00:00 +0200</pubDate>
      <enclosure url="/media/1.mp3" type="audio/mpeg" length="12345678"/>
      <itunes:duration>1:02:03</itunes:duration>
    </item>
  </channel>
</rss>`

func ExampleParseDocument() {
	feed, err := feedspec.ParseDocument(strings.NewReader(podcastDoc),
		feedspec.WithURL("https://example.com/podcast.rss"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(feed.Title, feed.PageURL)
	e := feed.Entries[0]
	fmt.Println(e.Title, e.PageURL)
	fmt.Println(e.Published.UTC(), *e.Duration)
	fmt.Println(e.Enclosures[0].URL, *e.Enclosures[0].MIMEType, *e.Enclosures[0].Length)
	fmt.Println(e.Summary.IsNode(), e.Summary.HTML())
	// Output:
	// Example Podcast https://example.com/podcast/
	// Episode 1 https://example.com/podcast/1
	// 2024-05-07 06:00:00 +0000 UTC 1h2m3s
	// https://example.com/media/1.mp3 audio/mpeg 12345678
	// true <p>Show <b>notes</b></p>
}

func ExampleParseDocument_notAFeed() {
	_, err := feedspec.ParseDocument(strings.NewReader(`<html xmlns="http://www.w3.org/1999/xhtml"/>`))
	fmt.Println(errors.Is(err, feedspec.ErrNotFeed))
	fmt.Println(err)
	// Output:
	// true
	// feedspec: not a feed: the root element is <html> in namespace http://www.w3.org/1999/xhtml
}

// Without WithURL, relative URLs have no base: they fail to parse and stay
// null ("").
func ExampleWithURL() {
	doc := `<feed xmlns="http://www.w3.org/2005/Atom"><link href="/blog/"/></feed>`
	feed, _ := feedspec.ParseDocument(strings.NewReader(doc))
	fmt.Printf("%q\n", feed.PageURL)
	feed, _ = feedspec.ParseDocument(strings.NewReader(doc), feedspec.WithURL("https://example.com/atom.xml"))
	fmt.Printf("%q\n", feed.PageURL)
	// Output:
	// ""
	// "https://example.com/blog/"
}

// json.Marshal gives the canonical JSON; an Encoder with SetEscapeHTML(false)
// keeps < > & readable.
func ExampleFeed_MarshalJSON() {
	feed, err := feedspec.ParseDocument(strings.NewReader(podcastDoc),
		feedspec.WithURL("https://example.com/podcast.rss"))
	if err != nil {
		log.Fatal(err)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(feed); err != nil {
		log.Fatal(err)
	}
	// Output:
	// {
	//   "title": "Example Podcast",
	//   "page_url": "https://example.com/podcast/",
	//   "authors": [
	//     {
	//       "name": "The Host",
	//       "email": "host@example.com"
	//     }
	//   ],
	//   "entries": [
	//     {
	//       "title": "Episode 1",
	//       "summary": {
	//         "html": "<p>Show <b>notes</b></p>"
	//       },
	//       "page_url": "https://example.com/podcast/1",
	//       "duration": 3723,
	//       "published": "2024-05-07T06:00:00Z",
	//       "enclosures": [
	//         {
	//           "url": "https://example.com/media/1.mp3",
	//           "type": "audio/mpeg",
	//           "length": 12345678
	//         }
	//       ]
	//     }
	//   ]
	// }
}

// An entry without authors of its own takes its feed's.
func ExampleEntry_ComputedAuthors() {
	feed, err := feedspec.ParseDocument(strings.NewReader(podcastDoc))
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range feed.Entries[0].ComputedAuthors() {
		fmt.Println(p.Name, p.Email)
	}
	// Output:
	// The Host host@example.com
}

// The computed updated date falls back to the published date, then to the
// feed's updated date.
func ExampleEntry_ComputedUpdated() {
	feed, err := feedspec.ParseDocument(strings.NewReader(podcastDoc))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(feed.Entries[0].ComputedUpdated().UTC())
	// Output:
	// 2024-05-07 06:00:00 +0000 UTC
}

package feedspec_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/url"
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
	// feedspec: not a feed: the root element is "html" in namespace "http://www.w3.org/1999/xhtml"
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
	//   ],
	//   "format": "rss-2.0",
	//   "version": "2.0"
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

// transcriptDoc is a podcast episode with Podcasting 2.0 transcripts, which
// the model does not map.
const transcriptDoc = `<rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0">
  <channel>
    <title>Example Podcast</title>
    <podcast:locked>yes</podcast:locked>
    <item>
      <title>Episode 1</title>
      <podcast:transcript url="/ep1.vtt" type="text/vtt"/>
      <podcast:transcript url="/ep1.srt" type="application/srt" rel="captions"/>
    </item>
  </channel>
</rss>`

// Entry.Element gives the entry's XML element, with every namespace and
// repeated element kept, to read what the model does not map.
func ExampleEntry_Element() {
	const podcastNS = "https://podcastindex.org/namespace/1.0"
	feed, err := feedspec.ParseDocument(strings.NewReader(transcriptDoc),
		feedspec.WithURL("https://example.com/podcast.rss"))
	if err != nil {
		log.Fatal(err)
	}
	for c := feed.Element().FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Is(podcastNS, "locked") {
			fmt.Println("locked:", c.ChildTextContent())
		}
	}
	item := feed.Entries[0].Element()
	for c := item.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Is(podcastNS, "transcript") {
			href, _ := c.AttrValue("", "url")
			typ, _ := c.AttrValue("", "type")
			// Resolve it against the document's URL as the spec does.
			u, _ := url.Parse(feed.Document().URL)
			ref, _ := url.Parse(href)
			fmt.Println(c.QualifiedName(), u.ResolveReference(ref), typ)
		}
	}
	// Output:
	// locked: yes
	// podcast:transcript https://example.com/ep1.vtt text/vtt
	// podcast:transcript https://example.com/ep1.srt application/srt
}

// EntryKey identifies an entry across fetches: its id, else its canonical
// page URL, else a hash of its title and date.
func ExampleEntryKey() {
	doc := `<rss><channel>
	  <item><guid isPermaLink="false">post-17</guid><title>With a guid</title></item>
	  <item><link>https://Example.com/b/?utm_source=feed</link><title>With a link</title></item>
	  <item><title>Only a title</title><pubDate>Tue, 07 May 2024 08:00:00 GMT</pubDate></item>
	</channel></rss>`
	feed, err := feedspec.ParseDocument(strings.NewReader(doc))
	if err != nil {
		log.Fatal(err)
	}
	for _, e := range feed.Entries {
		fmt.Println(feedspec.EntryKey(e))
	}
	// Output:
	// id:post-17
	// url:https://example.com/b
	// hash:4f47aadea0cd129b86325a21d8b76568
}

// DedupKeys finds an entry again when the feed re-issued its ids: a reader
// stores every key of every entry, and takes an entry for one it has seen
// when any of its keys is stored. Here the second fetch changed every guid
// and added tracking parameters to the links.
func ExampleDedupKeys() {
	first := `<rss><channel>
	  <item><guid>urn:post:1</guid><title>Rain</title><link>https://example.com/rain</link></item>
	  <item><guid>urn:post:2</guid><title>Weekly notes</title><pubDate>Mon, 08 Jan 2024 09:00:00 GMT</pubDate></item>
	</channel></rss>`
	second := `<rss><channel>
	  <item><guid>https://example.com/?p=3</guid><title>Snow</title><link>https://example.com/snow?utm_source=rss</link></item>
	  <item><guid>https://example.com/?p=1</guid><title>Rain</title><link>https://example.com/rain?utm_source=rss</link></item>
	  <item><guid>https://example.com/?p=2</guid><title>Weekly notes</title><pubDate>Mon, 08 Jan 2024 09:00:00 GMT</pubDate></item>
	</channel></rss>`
	seen := map[string]bool{} // a reader's store, per feed
	for i, doc := range []string{first, second} {
		feed, err := feedspec.ParseDocument(strings.NewReader(doc))
		if err != nil {
			log.Fatal(err)
		}
		for _, e := range feed.Entries {
			keys := feedspec.DedupKeys(e)
			isNew := true
			for _, k := range keys {
				if seen[k] {
					isNew = false
				}
			}
			for _, k := range keys {
				seen[k] = true // store them all, seen or new
			}
			if isNew {
				fmt.Printf("fetch %d: new: %s (%d keys, the first %s)\n", i+1, e.Title, len(keys), keys[0])
			}
		}
	}
	// Output:
	// fetch 1: new: Rain (2 keys, the first id:urn:post:1)
	// fetch 1: new: Weekly notes (2 keys, the first id:urn:post:2)
	// fetch 2: new: Snow (2 keys, the first id:https://example.com/?p=3)
}

// WithDiagnostics collects what went wrong next to what could be read.
func ExampleWithDiagnostics() {
	doc := `<rss><channel><title>News &bogus; today</title>
	  <item><title>One</title><pubDate>soon</pubDate></item>
	</channel></rss>`
	var diags []feedspec.Diagnostic
	feed, err := feedspec.ParseDocument(strings.NewReader(doc), feedspec.WithDiagnostics(&diags))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(feed.Entries[0].Title)
	for _, d := range diags {
		fmt.Println(d)
	}
	// Output:
	// One
	// xml: line 1, column 27: unknown-entity
	// date: <pubDate> at line 2, column 28 (byte 75): "soon": not an RSS 2.0 (RFC 822) date
}

// WithXMLBase resolves URLs against the xml:base in scope, which the
// specification ignores.
func ExampleWithXMLBase() {
	doc := `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example/">
	  <entry xml:base="2024/"><link href="post.html"/></entry>
	</feed>`
	feed, _ := feedspec.ParseDocument(strings.NewReader(doc), feedspec.WithURL("https://feeds.example/atom"))
	fmt.Println(feed.Entries[0].PageURL)
	feed, _ = feedspec.ParseDocument(strings.NewReader(doc), feedspec.WithURL("https://feeds.example/atom"),
		feedspec.WithXMLBase())
	fmt.Println(feed.Entries[0].PageURL)
	// Output:
	// https://feeds.example/post.html
	// https://blog.example/2024/post.html
}

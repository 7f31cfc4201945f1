package feedspec_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/feedspec/feedspec"
)

// An RSS title is a string, as the specification says, even when its
// publisher wrote HTML in it: DisplayText shows the text, PlainText keeps
// the string.
func ExampleDisplayText() {
	doc := `<rss><channel><title>Tom &amp;amp; Jerry &lt;b&gt;new&lt;/b&gt;</title>
	<item><title>The history of the &lt;blink&gt; tag</title></item></channel></rss>`
	feed, _ := feedspec.ParseDocument(strings.NewReader(doc))
	fmt.Println(feedspec.PlainText(feed.Title))
	fmt.Println(feedspec.DisplayText(feed.Title))
	fmt.Println(feedspec.DisplayText(feed.Entries[0].Title))
	// Output:
	// Tom &amp; Jerry <b>new</b>
	// Tom & Jerry new
	// The history of the <blink> tag
}

// A poller tells a temporary failure from a URL that does not serve a
// feed, and offers the feeds a home page links to.
func ExampleHTMLPageError() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/busy":
			http.Error(w, "try later", http.StatusServiceUnavailable)
		default:
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, `<html><head><link rel="alternate" type="application/atom+xml" href="/atom.xml"></head></html>`)
		}
	}))
	defer srv.Close()

	for _, path := range []string{"/busy", "/"} {
		res, err := srv.Client().Get(srv.URL + path)
		if err != nil {
			panic(err)
		}
		_, err = feedspec.ParseResponse(res)
		var page *feedspec.HTMLPageError
		switch {
		case errors.Is(err, feedspec.ErrStatus):
			fmt.Println(path, "try again later:", err)
		case errors.As(err, &page):
			fmt.Println(path, "is a page; subscribe to", strings.TrimPrefix(page.Feeds[0].URL, srv.URL))
		}
	}
	// Output:
	// /busy try again later: feedspec: response status is 503 Service Unavailable, not 200
	// / is a page; subscribe to /atom.xml
}

const examplePodcast = `<rss xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
	xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel><title>Harbour Lights</title>
  <itunes:image href="/art/show.jpg"/><itunes:explicit>no</itunes:explicit>
  <podcast:guid>3f2b8c1e-7d4a-5e9b-a6c2-1b0f9e8d7c6a</podcast:guid>
  <item><title>Fog Signals</title>
    <enclosure url="/art/cover.jpg" type="image/jpeg"/>
    <enclosure url="/media/ep2.mp3" type="audio/mpeg" length="43113000"/>
    <itunes:explicit>yes</itunes:explicit>
    <podcast:transcript url="/media/ep2.vtt" type="text/vtt" rel="captions"/>
    <podcast:person role="guest" href="https://ann.example/">Ann Keeper</podcast:person>
  </item>
  <item><title>Trailer</title><enclosure url="/media/trailer.m4a" type="audio/x-m4a"/></item>
</channel></rss>`

// The audio file of each episode, whatever other enclosures come first.
func ExampleEntry_AudioEnclosure() {
	feed, _ := feedspec.ParseDocument(strings.NewReader(examplePodcast), feedspec.WithURL("https://harbour.example/feed.xml"))
	for _, e := range feed.Entries {
		if a := e.AudioEnclosure(); a != nil {
			fmt.Println(e.Title, a.URL, *a.MIMEType)
		}
	}
	// Output:
	// Fog Signals https://harbour.example/media/ep2.mp3 audio/mpeg
	// Trailer https://harbour.example/media/trailer.m4a audio/x-m4a
}

// An episode without an image of its own shows the podcast's.
func ExampleEntry_Image() {
	feed, _ := feedspec.ParseDocument(strings.NewReader(examplePodcast), feedspec.WithURL("https://harbour.example/feed.xml"))
	for _, e := range feed.Entries {
		fmt.Println(e.Title, e.Image().URL)
	}
	// Output:
	// Fog Signals https://harbour.example/art/show.jpg
	// Trailer https://harbour.example/art/show.jpg
}

// The episode's itunes:explicit wins; else the podcast's applies.
func ExampleEntry_Explicit() {
	feed, _ := feedspec.ParseDocument(strings.NewReader(examplePodcast))
	for _, e := range feed.Entries {
		fmt.Println(e.Title, *e.Explicit())
	}
	// Output:
	// Fog Signals true
	// Trailer false
}

// The Podcasting 2.0 elements are typed, their URLs resolved.
func ExampleEntryPodcast() {
	feed, _ := feedspec.ParseDocument(strings.NewReader(examplePodcast), feedspec.WithURL("https://harbour.example/feed.xml"))
	fmt.Println(feed.Podcast.GUID)
	pc := feed.Entries[0].Podcast
	fmt.Println(pc.Transcripts[0].URL, pc.Transcripts[0].Type, pc.Transcripts[0].Rel)
	fmt.Println(pc.Persons[0].Name, pc.Persons[0].Role)
	// Output:
	// 3f2b8c1e-7d4a-5e9b-a6c2-1b0f9e8d7c6a
	// https://harbour.example/media/ep2.vtt text/vtt captions
	// Ann Keeper guest
}

// A URL read from a raw element resolves as the parser resolves the
// feed's own URLs.
func ExampleFeed_ResolveURL() {
	feed, _ := feedspec.ParseDocument(strings.NewReader(examplePodcast), feedspec.WithURL("https://harbour.example/feed.xml"))
	for c := feed.Element().FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Local == "image" {
			href, _ := c.AttrValue("", "href")
			fmt.Println(href, "→", feed.ResolveURL(href))
		}
	}
	// Output:
	// /art/show.jpg → https://harbour.example/art/show.jpg
}

package feedspec_test

import (
	"os"
	"time"

	"github.com/feedspec/feedspec"
)

// A podcast built by hand (a channel, two episodes with enclosures, iTunes
// and Podcasting 2.0 tags) and written in the three formats.
func ExampleFeed_WriteRSS() {
	published := time.Date(2024, 5, 6, 7, 0, 0, 0, time.UTC)
	mp3, length, minutes := "audio/mpeg", int64(24_000_000), 30*time.Minute
	episode := func(n int, title, url string) *feedspec.Entry {
		date := published.AddDate(0, 0, 7*(n-1))
		return &feedspec.Entry{ID: url, PageURL: url, Title: feedspec.StringText(title), Published: &date,
			Summary: feedspec.HTMLText("<p>Episode " + title + "</p>"), Duration: &minutes, ITunes: &feedspec.EntryITunes{Episode: &n},
			Enclosures: []*feedspec.Enclosure{{URL: url + ".mp3", MIMEType: &mp3, Length: &length}}}
	}
	yes := false
	feed := &feedspec.Feed{
		Title: feedspec.StringText("Tea Time"), PageURL: "https://tea.example/", Language: "en",
		Description: feedspec.StringText("A weekly show about tea."), Updated: &published,
		Authors: []*feedspec.Person{{Name: "Ada Leaf", Email: "ada@tea.example"}},
		ITunes:  &feedspec.FeedITunes{Explicit: &yes, Image: &feedspec.Image{URL: "https://tea.example/art.jpg"}},
		Podcast: &feedspec.FeedPodcast{GUID: "917393e3-1b1e-5cef-ace4-edaa54e1f810"},
		Entries: []*feedspec.Entry{episode(1, "Green", "https://tea.example/1"), episode(2, "Black", "https://tea.example/2")},
	}
	_ = feed.WriteRSS(os.Stdout)
	_ = feed.WriteAtom(os.Stdout)
	_ = feed.WriteJSONFeed(os.Stdout)
	// Output:
	// <?xml version="1.0" encoding="UTF-8"?>
	// <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
	// <channel>
	// <title>Tea Time</title><link>https://tea.example/</link><description>A weekly show about tea.</description><language>en</language><managingEditor>ada@tea.example (Ada Leaf)</managingEditor><lastBuildDate>Mon, 06 May 2024 07:00:00 +0000</lastBuildDate><itunes:image href="https://tea.example/art.jpg"/><itunes:explicit>false</itunes:explicit><podcast:guid>917393e3-1b1e-5cef-ace4-edaa54e1f810</podcast:guid><item><title>Green</title><link>https://tea.example/1</link><description><![CDATA[<p>Episode Green</p>]]></description><enclosure url="https://tea.example/1.mp3" length="24000000" type="audio/mpeg"/><guid isPermaLink="false">https://tea.example/1</guid><pubDate>Mon, 06 May 2024 07:00:00 +0000</pubDate><itunes:duration>1800</itunes:duration><itunes:episode>1</itunes:episode></item>
	// <item><title>Black</title><link>https://tea.example/2</link><description><![CDATA[<p>Episode Black</p>]]></description><enclosure url="https://tea.example/2.mp3" length="24000000" type="audio/mpeg"/><guid isPermaLink="false">https://tea.example/2</guid><pubDate>Mon, 13 May 2024 07:00:00 +0000</pubDate><itunes:duration>1800</itunes:duration><itunes:episode>2</itunes:episode></item>
	// </channel>
	// </rss>
	// <?xml version="1.0" encoding="UTF-8"?>
	// <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
	// <id>https://tea.example/</id><title>Tea Time</title><subtitle>A weekly show about tea.</subtitle><updated>2024-05-06T07:00:00Z</updated><link href="https://tea.example/" rel="alternate"/><author><name>Ada Leaf</name><email>ada@tea.example</email></author><entry><id>https://tea.example/1</id><title>Green</title><updated>2024-05-06T07:00:00Z</updated><published>2024-05-06T07:00:00Z</published><link href="https://tea.example/1" rel="alternate"/><link href="https://tea.example/1.mp3" rel="enclosure" type="audio/mpeg" length="24000000"/><summary type="html"><![CDATA[<p>Episode Green</p>]]></summary></entry>
	// <entry><id>https://tea.example/2</id><title>Black</title><updated>2024-05-13T07:00:00Z</updated><published>2024-05-13T07:00:00Z</published><link href="https://tea.example/2" rel="alternate"/><link href="https://tea.example/2.mp3" rel="enclosure" type="audio/mpeg" length="24000000"/><summary type="html"><![CDATA[<p>Episode Black</p>]]></summary></entry>
	// </feed>
	// {"version":"https://jsonfeed.org/version/1.1","title":"Tea Time","home_page_url":"https://tea.example/","description":"A weekly show about tea.","authors":[{"name":"Ada Leaf"}],"language":"en","items":[
	// {"id":"https://tea.example/1","url":"https://tea.example/1","title":"Green","content_html":"<p>Episode Green</p>","date_published":"2024-05-06T07:00:00Z","attachments":[{"url":"https://tea.example/1.mp3","mime_type":"audio/mpeg","size_in_bytes":24000000}]},
	// {"id":"https://tea.example/2","url":"https://tea.example/2","title":"Black","content_html":"<p>Episode Black</p>","date_published":"2024-05-13T07:00:00Z","attachments":[{"url":"https://tea.example/2.mp3","mime_type":"audio/mpeg","size_in_bytes":24000000}]}]}
}

package feedspec_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/feedspec/feedspec"
)

// Normalized gives what a reader shows and stores for an entry: here an
// item with no title (the first sentence of its description is used), a
// permalink guid for its URL, an email-only author (dropped), categories in
// three spellings and an enclosure written as a relative URL (WithURL
// resolves it).
func ExampleEntry_Normalized() {
	doc := `<rss version="2.0"><channel><title>Blog</title>
<item>
  <guid>https://example.com/2024/01/rain?utm_source=rss</guid>
  <author>ann@example.com</author>
  <description>&lt;p&gt;It rained all day. We stayed in.&lt;/p&gt;</description>
  <pubDate>Mon, 15 Jan 2024 13:45:00 +0100</pubDate>
  <category>Weather</category><category> weather </category><category>WEATHER</category>
  <enclosure url="/audio/rain.mp3" type="audio/mpeg" length="1000"/>
</item></channel></rss>`
	feed, err := feedspec.ParseDocument(strings.NewReader(doc), feedspec.WithURL("https://example.com/feed.xml"))
	if err != nil {
		fmt.Println(err)
		return
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	_ = enc.Encode(feed.Entries[0].Normalized())
	// Output:
	// {
	//   "title": "It rained all day.",
	//   "title_derived": true,
	//   "url": "https://example.com/2024/01/rain?utm_source=rss",
	//   "canonical_url": "https://example.com/2024/01/rain",
	//   "date": "2024-01-15T12:45:00Z",
	//   "html": "\u003cp\u003eIt rained all day. We stayed in.\u003c/p\u003e",
	//   "text": "It rained all day. We stayed in.",
	//   "word_count": 7,
	//   "categories": [
	//     "Weather"
	//   ],
	//   "media": [
	//     {
	//       "url": "https://example.com/audio/rain.mp3",
	//       "mime_type": "audio/mpeg",
	//       "medium": "audio",
	//       "length": 1000,
	//       "source": "enclosure"
	//     }
	//   ],
	//   "guid": "https://example.com/2024/01/rain?utm_source=rss"
	// }
}

// NormalizedWith maps category terms to canonical ones: one lookup, as the
// term is written and then in lower case; an empty value drops the term.
func ExampleEntry_NormalizedWith() {
	doc := `<rss version="2.0"><channel><item><title>Release</title>
<category>Golang</category><category>go</category><category>Uncategorized</category>
</item></channel></rss>`
	feed, err := feedspec.ParseDocument(strings.NewReader(doc))
	if err != nil {
		fmt.Println(err)
		return
	}
	n := feed.Entries[0].NormalizedWith(feedspec.NormalizeOptions{
		Synonyms: map[string]string{"golang": "Go", "uncategorized": ""},
	})
	fmt.Println(n.Title, n.Categories)
	// Output: Release [Go]
}

// NormalizedEntry.Date is a *time.Time: nil for an entry without a date
// (here the second item, whose pubDate the parser could not read, and the
// third, which has none), so it is tested against nil before use.
func ExampleNormalizedEntry() {
	doc := `<rss version="2.0"><channel><title>Blog</title>
<item><title>Dated</title><pubDate>Mon, 15 Jan 2024 13:45:00 +0100</pubDate></item>
<item><title>Badly dated</title><pubDate>the day after tomorrow</pubDate></item>
<item><title>Undated</title></item>
</channel></rss>`
	feed, err := feedspec.ParseDocument(strings.NewReader(doc))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range feed.Entries {
		n := e.Normalized()
		if n.Date == nil { // n.Date.IsZero() would panic here
			fmt.Printf("%s: no date\n", n.Title)
			continue
		}
		fmt.Printf("%s: %s\n", n.Title, n.Date.Format(time.DateOnly))
	}
	// Output:
	// Dated: 2024-01-15
	// Badly dated: no date
	// Undated: no date
}

// NormalizeOptions.DateParser reads what the library does not: here a
// date written with a Unix timestamp in an "@" form. It is called only for
// an entry whose date elements no built-in rule read.
func ExampleNormalizeOptions_dateParser() {
	doc := `<rss version="2.0"><channel>
<item><title>Unread by the library</title><pubDate>@1705326300</pubDate></item>
<item><title>Read by the library</title><pubDate>Mon, 15 Jan 2024 13:45:00 GMT</pubDate></item>
</channel></rss>`
	feed, err := feedspec.ParseDocument(strings.NewReader(doc))
	if err != nil {
		fmt.Println(err)
		return
	}
	atUnix := func(s string) (time.Time, bool) {
		n, err := strconv.ParseInt(strings.TrimPrefix(s, "@"), 10, 64)
		if err != nil || !strings.HasPrefix(s, "@") {
			return time.Time{}, false
		}
		return time.Unix(n, 0), true
	}
	for _, e := range feed.Entries {
		n := e.NormalizedWith(feedspec.NormalizeOptions{DateParser: atUnix})
		fmt.Println(n.Title, n.Date.Format(time.RFC3339), n.DateUncertain)
	}
	// Output:
	// Unread by the library 2024-01-15T13:45:00Z true
	// Read by the library 2024-01-15T13:45:00Z false
}

// Normalized reads dc:date in every mode, before pubDate, as the
// practitioner's checklist orders the date's sources; the model keeps the
// specification's fields (an RSS 2.0 item's dc:date fills none).
func ExampleNormalizedEntry_dcDate() {
	doc := `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
<item><title>Dated by dc:date</title><dc:date>2024-01-15T13:45:00Z</dc:date></item>
</channel></rss>`
	feed, err := feedspec.ParseDocument(strings.NewReader(doc))
	if err != nil {
		fmt.Println(err)
		return
	}
	e := feed.Entries[0]
	fmt.Println(e.Updated == nil, e.Normalized().Date.Format(time.RFC3339))
	// Output: true 2024-01-15T13:45:00Z
}

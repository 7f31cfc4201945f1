package feedspec

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func entryTitles(f *Feed) []string {
	var out []string
	for _, e := range f.Entries {
		out = append(out, e.Title.String())
	}
	return out
}

// TestBrokenFeedKeepsEntries checks that broken documents still give every
// entry before the damage.
func TestBrokenFeedKeepsEntries(t *testing.T) {
	tests := []struct {
		file      string
		feedTitle string
		titles    []string // the first entries' titles, in order
	}{
		{"broken-truncated.xml", "Truncated download", []string{"One", "Two", "Three"}},
		{"broken-mismatched.xml", "Mismatched tags", []string{"One", "Two"}},
		{"broken-nbsp.xml", "Café\u00a0Feed © 2024", []string{"One\u00a0two"}},
		{"broken-illegal-chars.xml", "", []string{"One", "Two"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open("testdata/golden/" + tt.file)
			require.NoError(t, err)
			defer f.Close()
			feed, err := ParseDocument(f, WithURL(goldenBaseURL))
			require.NoError(t, err)
			require.NotNil(t, feed)
			if tt.feedTitle != "" {
				assert.Equal(t, tt.feedTitle, feed.Title.String())
			}
			got := entryTitles(feed)
			require.GreaterOrEqual(t, len(got), len(tt.titles), "entries: %q", got)
			for i, want := range tt.titles {
				assert.True(t, strings.HasPrefix(got[i], want), "entry %d title %q, want prefix %q", i, got[i], want)
			}
		})
	}
}

func TestParseDocumentNotFeed(t *testing.T) {
	tests := []struct {
		doc, msg string
	}{
		{`<html xmlns="http://www.w3.org/1999/xhtml"/>`, `"html" in namespace "http://www.w3.org/1999/xhtml"`},
		{`<feed/>`, `"feed" in no namespace`},
		{``, "no root element"},
		{`<!-- just a comment -->`, "no root element"},
		{`<RSS></RSS>`, `"RSS" in no namespace`},
	}
	for _, tt := range tests {
		feed, err := ParseDocument(strings.NewReader(tt.doc))
		assert.Nil(t, feed, "%q", tt.doc)
		require.Error(t, err, "%q", tt.doc)
		assert.ErrorIs(t, err, ErrNotFeed, "%q", tt.doc)
		assert.Contains(t, err.Error(), tt.msg, "%q", tt.doc)
	}
}

// failingReader returns data, then err.
type failingReader struct {
	data string
	err  error
}

func (r *failingReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestParseDocumentReadError(t *testing.T) {
	reset := errors.New("connection reset")
	r := &failingReader{
		data: `<rss><channel><title>T</title><item><title>A</title></item><item><title>B</title></item><item><tit`,
		err:  reset,
	}
	feed, err := ParseDocument(r)
	require.Error(t, err)
	assert.ErrorIs(t, err, reset)
	assert.NotErrorIs(t, err, ErrNotFeed)
	require.NotNil(t, feed, "the feed read before the error is returned")
	got := entryTitles(feed)
	require.GreaterOrEqual(t, len(got), 2)
	assert.Equal(t, []string{"A", "B"}, got[:2])

	// Nothing read: not a feed, and the read error.
	feed, err = ParseDocument(&failingReader{err: reset})
	assert.Nil(t, feed)
	assert.ErrorIs(t, err, reset)
	assert.ErrorIs(t, err, ErrNotFeed)
}

func TestParseDocumentWithoutURL(t *testing.T) {
	doc := `<feed xmlns="http://www.w3.org/2005/Atom"><link href="rel"/><icon>https://x.example/i.png</icon></feed>`
	feed, err := ParseDocument(strings.NewReader(doc))
	require.NoError(t, err)
	assert.Equal(t, "", feed.PageURL, "a relative URL without a base is null")
	require.NotNil(t, feed.Icon)
	assert.Equal(t, "https://x.example/i.png", feed.Icon.URL)

	feed, err = ParseDocument(strings.NewReader(doc), WithURL("https://example.com/a/b.xml"))
	require.NoError(t, err)
	assert.Equal(t, "https://example.com/a/rel", feed.PageURL)

	// A document URL that is not a URL is no base either.
	feed, err = ParseDocument(strings.NewReader(doc), WithURL("not a url"))
	require.NoError(t, err)
	assert.Equal(t, "", feed.PageURL)
}

func TestEntryFeedAndComputed(t *testing.T) {
	doc := `<rss><channel>
	  <managingEditor>chief@example.com (Chief)</managingEditor>
	  <pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate>
	  <item><author>own@example.com (Own)</author><pubDate>Tue, 02 Jan 2024 00:00:00 GMT</pubDate></item>
	  <item><atom:updated xmlns:atom="http://www.w3.org/2005/Atom">2024-01-03T00:00:00Z</atom:updated>
	        <pubDate>Tue, 02 Jan 2024 00:00:00 GMT</pubDate></item>
	  <item/>
	</channel></rss>`
	feed, err := ParseDocument(strings.NewReader(doc))
	require.NoError(t, err)
	require.Len(t, feed.Entries, 3)
	for _, e := range feed.Entries {
		assert.Same(t, feed, e.Feed)
	}
	e0, e1, e2 := feed.Entries[0], feed.Entries[1], feed.Entries[2]

	// [81]
	require.Len(t, e0.ComputedAuthors(), 1)
	assert.Equal(t, "Own", e0.ComputedAuthors()[0].Name)
	require.Len(t, e2.ComputedAuthors(), 1)
	assert.Equal(t, "Chief", e2.ComputedAuthors()[0].Name)
	assert.Empty(t, (&Entry{}).ComputedAuthors())

	// [93]
	day := func(d int) time.Time { return time.Date(2024, 1, d, 0, 0, 0, 0, time.UTC) }
	assert.True(t, e0.ComputedUpdated().Equal(day(2)), "published: %v", e0.ComputedUpdated())
	assert.True(t, e1.ComputedUpdated().Equal(day(3)), "updated: %v", e1.ComputedUpdated())
	assert.True(t, e2.ComputedUpdated().Equal(day(1)), "feed's updated: %v", e2.ComputedUpdated())
	before := time.Now()
	now := (&Entry{}).ComputedUpdated()
	assert.False(t, now.Before(before), "the current time")
}

func TestCanonicalJSONViaMarshal(t *testing.T) {
	doc := `<rss><channel><title>A &amp; B</title><item><title>&lt;x></title>
	  <description>&lt;p>para&lt;/p></description>
	  <enclosure url="https://example.com/a.mp3" type="" length="10"/>
	  <itunes:duration xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">1:00</itunes:duration>
	</item></channel></rss>`
	feed, err := ParseDocument(strings.NewReader(doc))
	require.NoError(t, err)
	b, err := json.Marshal(feed)
	require.NoError(t, err)
	// json.Marshal escapes <, > and & (it HTML-escapes what MarshalJSON returns).
	want := `{"title":"A \u0026 B","entries":[{"title":"\u003cx\u003e","summary":{"html":"\u003cp\u003epara\u003c/p\u003e"},` +
		`"duration":60,"enclosures":[{"url":"https://example.com/a.mp3","type":"","length":10}]}],"format":"rss"}`
	assert.Equal(t, want, string(b))

	// MarshalJSON itself does not HTML-escape.
	b, err = feed.MarshalJSON()
	require.NoError(t, err)
	assert.Contains(t, string(b), `"title":"A & B"`)

	// The value and the pointer marshal the same; an entry's feed is not written.
	b2, err := json.Marshal(*feed)
	require.NoError(t, err)
	b3, err := json.Marshal(feed)
	require.NoError(t, err)
	assert.Equal(t, string(b3), string(b2))
	eb, err := json.Marshal(feed.Entries[0])
	require.NoError(t, err)
	assert.NotContains(t, string(eb), "A \\u0026 B")
}

var _ io.Reader = (*failingReader)(nil)

// FuzzParseDocument checks that no input makes ParseDocument panic, that the
// canonical JSON is valid, and the model's invariants (checkFuzzedFeed).
func FuzzParseDocument(f *testing.F) {
	addFeedSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		feed, err := ParseDocument(bytes.NewReader(data), WithURL(goldenBaseURL))
		checkFuzzedFeed(t, feed, err)
	})
}

// checkFuzzedFeed checks what ParseDocument gave for any input: a nil feed
// comes with ErrNotFeed and a feed without an error; the canonical JSON is
// valid; URLs of images, enclosures and links are never empty, categories
// are a set of non-empty strings, category details have terms, every entry
// points to its feed, and the feed and its entries keep their source
// elements. It reports whether there is a feed.
func checkFuzzedFeed(t *testing.T, feed *Feed, err error) bool {
	if feed == nil {
		require.ErrorIs(t, err, ErrNotFeed, "nil feed")
		return false
	}
	require.NoError(t, err, "feed with error")
	b, err := feed.MarshalJSON()
	require.NoError(t, err)
	require.True(t, json.Valid(b), "invalid JSON: %s", b)
	checkImage := func(img *Image) {
		if img != nil {
			require.NotEmpty(t, img.URL, "image with an empty URL")
		}
	}
	checkImage(feed.Icon)
	checkImage(feed.Logo)
	checkLinks := func(links []Link) {
		for _, l := range links {
			require.NotEmpty(t, l.Href, "link with an empty href")
		}
	}
	var checkCategories func(list []Category)
	checkCategories = func(list []Category) {
		for _, c := range list {
			require.NotEmpty(t, c.Term, "category detail with an empty term")
			checkCategories(c.Subcategories)
		}
	}
	checkLinks(feed.Links)
	checkCategories(feed.CategoryDetails)
	for _, h := range feed.SkipHours {
		require.True(t, h >= 0 && h <= 23, "skip hour %d", h)
	}
	require.NotNil(t, feed.Element(), "no source element")
	require.NotNil(t, feed.Document(), "no source document")
	for _, p := range feed.Authors {
		checkImage(p.Icon)
	}
	for _, e := range feed.Entries {
		require.Same(t, feed, e.Feed, "entry without its feed")
		checkImage(e.Thumbnail)
		checkLinks(e.Links)
		checkCategories(e.CategoryDetails)
		require.NotNil(t, e.Element(), "entry without its element")
		seen := map[string]bool{}
		for _, c := range e.Categories {
			require.True(t, c != "" && !seen[c], "categories %q are not a set of non-empty strings", e.Categories)
			seen[c] = true
		}
		for _, enc := range e.Enclosures {
			require.NotEmpty(t, enc.URL, "enclosure with an empty URL")
		}
		for _, p := range e.Authors {
			checkImage(p.Icon)
		}
	}
	checkIssue38Values(t, feed)
	return true
}

// checkIssue38Values checks the invariants of the values of issue 38: the
// URLs of Media RSS thumbnails and players, licences and content links are
// never empty, coordinates are in range, chapters and durations are not
// negative, every list is within MaxPerEntry (ten times for the feed's),
// and a live item's entry points to its feed.
func checkIssue38Values(t *testing.T, feed *Feed) {
	limit := DefaultLimits().MaxPerEntry
	checkGeo := func(g *Geo) {
		if g != nil {
			require.True(t, g.Lat >= -90 && g.Lat <= 90 && g.Lon >= -180 && g.Lon <= 180, "geo out of range: %+v", *g)
		}
	}
	checkMedia := func(list []MediaObject, max int) {
		require.LessOrEqual(t, len(list), max, "Media RSS objects")
		for _, o := range list {
			require.True(t, o.Duration == nil || *o.Duration >= 0, "negative media duration")
			require.True(t, o.FileSize == nil || *o.FileSize > 0, "media file size not positive")
			if m := o.Metadata; m != nil {
				for _, th := range m.Thumbnails {
					require.NotEmpty(t, th.URL, "thumbnail with an empty URL")
					require.True(t, th.Time == nil || *th.Time >= 0, "negative thumbnail time")
				}
				require.True(t, m.Player == nil || m.Player.URL != "", "player with an empty URL")
				require.LessOrEqual(t, len(m.Thumbnails), max)
			}
		}
	}
	checkGeo(feed.Geo)
	checkMedia(feed.MediaRSS, 10*limit)
	require.LessOrEqual(t, len(feed.DeletedEntries), 10*limit)
	for _, d := range feed.DeletedEntries {
		require.NotEmpty(t, d.Ref, "deleted entry without a ref")
	}
	for _, u := range feed.License {
		require.NotEmpty(t, u, "empty licence URL")
	}
	feed.eachEntry(func(e *Entry) {
		require.Same(t, feed, e.Feed, "entry (or live item) without its feed")
		checkGeo(e.Geo)
		checkMedia(e.MediaRSS, limit)
		require.LessOrEqual(t, len(e.Chapters), limit)
		for _, c := range e.Chapters {
			require.GreaterOrEqual(t, c.Start, time.Duration(0), "negative chapter start")
		}
		for _, u := range e.License {
			require.NotEmpty(t, u, "empty licence URL")
		}
		for _, r := range e.InReplyTo {
			require.NotEmpty(t, r.Ref, "in-reply-to without a ref")
		}
		if pc := e.Podcast; pc != nil {
			for _, l := range pc.ContentLinks {
				require.NotEmpty(t, l.Href, "content link with an empty href")
			}
			for _, l := range pc.Locations {
				checkGeo(l.Geo)
			}
		}
	})
	if pc := feed.Podcast; pc != nil {
		for _, l := range pc.Locations {
			checkGeo(l.Geo)
		}
		for _, tr := range pc.Trailers {
			require.NotEmpty(t, tr.URL, "trailer with an empty URL")
		}
		for _, v := range pc.Values {
			for _, ts := range v.TimeSplits {
				require.True(t, ts.StartTime >= 0 && ts.Duration >= 0, "negative time split")
			}
		}
	}
}

// TestParseDocumentConcurrent parses the golden feeds from several goroutines
// at once (the processors share only read-only state); run with -race.
func TestParseDocumentConcurrent(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.xml")
	want := map[string]string{}
	for _, path := range files {
		want[path] = string(goldenJSON(t, path))
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(files))
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, path := range files {
				b, err := os.ReadFile(path)
				if err != nil {
					errs <- err.Error()
					return
				}
				feed, _ := ParseDocument(bytes.NewReader(b), goldenOptions(path)...)
				got := "null\n"
				if feed != nil {
					j, err := feed.MarshalJSON()
					if err != nil {
						errs <- err.Error()
						return
					}
					var out bytes.Buffer
					_ = json.Indent(&out, j, "", "  ")
					out.WriteByte('\n')
					got = out.String()
				}
				if got != want[path] {
					errs <- path + ": result differs when parsed concurrently"
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		assert.Fail(t, e)
	}
}

package feedspec

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// jsonFeedNotFeeds are the files of ../shared/corpus/jsonfeed that are not
// JSON Feeds, with the reason ParseDocument must give.
var jsonFeedNotFeeds = map[string]string{
	"gofeed__invalid.json":                           "invalid JSON",
	"gofeed__version_json_10.json":                   `version "1.0" is not a JSON Feed version URL`,
	"gofeed__version_json_11.json":                   `version "1.1" is not a JSON Feed version URL`,
	"gofeed__version_json_11_deprecated_author.json": `version "1.1" is not a JSON Feed version URL`,
	"nnw__ScriptingNews.json":                        "the top-level object has no version",
	"nnw__allthis-partial.json":                      "invalid JSON",
}

// jsonFeedCorpus returns the files listed in ../shared/corpus/jsonfeed's
// MANIFEST.tsv with their contents, or skips t when it is absent.
func jsonFeedCorpus(t testing.TB) map[string][]byte {
	dir := filepath.Join("..", "shared", "corpus", "jsonfeed")
	m, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		t.Skipf("the JSON Feed corpus is absent: %v", err)
	}
	defer m.Close()
	files := map[string][]byte{}
	sc := bufio.NewScanner(m)
	sc.Scan() // the header line
	for sc.Scan() {
		name, _, _ := strings.Cut(sc.Text(), "\t")
		if name == "" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		files[name] = b
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, files)
	return files
}

// parseJSONFeedDoc parses b with WithJSONFeed and the document URL u.
func parseJSONFeedDoc(b []byte, u string, opts ...Option) (*Feed, error) {
	return ParseDocument(bytes.NewReader(b), append([]Option{WithJSONFeed(), WithURL(u)}, opts...)...)
}

// jsonResponse is a 200 response to a GET of u with the given Content-Type
// header (none for "") and body.
func jsonResponse(u, contentType string, body []byte) *http.Response {
	res := &http.Response{StatusCode: 200, Status: "200 OK", Header: http.Header{},
		Body: io.NopCloser(bytes.NewReader(body))}
	if contentType != "" {
		res.Header.Set("Content-Type", contentType)
	}
	res.Request = &http.Request{Method: http.MethodGet}
	res.Request.URL, _ = url.Parse(u)
	return res
}

// TestJSONFeedCorpus parses every file of the JSON Feed corpus: each JSON
// Feed gives a feed with one entry per item, the same through ParseResponse
// whatever JSON type the server gives; the others give ErrNotFeed and no
// feed; nothing is read as JSON without WithJSONFeed.
func TestJSONFeedCorpus(t *testing.T) {
	const u = "https://example.org/feed.json"
	for name, b := range jsonFeedCorpus(t) {
		t.Run(name, func(t *testing.T) {
			feed, err := parseJSONFeedDoc(b, u)
			if reason, bad := jsonFeedNotFeeds[name]; bad {
				require.Nil(t, feed)
				require.ErrorIs(t, err, ErrNotFeed)
				assert.Contains(t, err.Error(), reason)
				assert.NotErrorIs(t, err, ErrLimit)
				return
			}
			require.NoError(t, err)
			require.NotNil(t, feed)
			var doc struct{ Items []json.RawMessage }
			require.NoError(t, json.Unmarshal(b, &doc))
			require.NotEmpty(t, doc.Items)
			assert.Len(t, feed.Entries, len(doc.Items), "every item is an entry")
			for i, e := range feed.Entries {
				assert.Same(t, feed, e.Feed)
				assert.NotNil(t, e.JSONObject(), "entry %d", i)
			}
			want, err := feed.MarshalJSON()
			require.NoError(t, err)
			require.True(t, json.Valid(want))
			for _, ct := range []string{"application/feed+json", "application/json; charset=utf-8", ""} {
				got, err := ParseResponse(jsonResponse(u, ct, b), WithJSONFeed())
				require.NoError(t, err, "Content-Type %q", ct)
				j, _ := got.MarshalJSON()
				assert.Equal(t, string(want), string(j), "Content-Type %q", ct)
			}

			// The default answer does not change.
			none, err := ParseDocument(bytes.NewReader(b), WithURL(u))
			assert.Nil(t, none)
			assert.ErrorIs(t, err, ErrNotFeed)
			_, err = ParseResponse(jsonResponse(u, "application/feed+json", b))
			var mt *MIMETypeError
			assert.ErrorAs(t, err, &mt)
		})
	}
}

// TestJSONFeedPeers checks fields against what other parsers' own tests
// expect of the same files (NetNewsWire's JSONFeedParserTests.swift,
// feed-rs's parser/json/tests.rs), as facts about the documents.
func TestJSONFeedPeers(t *testing.T) {
	corpus := jsonFeedCorpus(t)
	parse := func(name, base string) *Feed {
		t.Helper()
		feed, err := parseJSONFeedDoc(corpus[name], base)
		require.NoError(t, err, name)
		return feed
	}
	names := func(list []*Person) []string {
		var out []string
		for _, p := range list {
			out = append(out, p.Name)
		}
		return out
	}

	// NetNewsWire.
	df := parse("nnw__DaringFireball.json", "http://daringfireball.net/")
	assert.Equal(t, "https://daringfireball.net/graphics/favicon-64.png", df.Icon.URL)
	assert.Equal(t, "https://daringfireball.net/graphics/apple-touch-icon.png", df.Logo.URL)
	for name, n := range map[string]int{"nnw__allthis.json": 12, "nnw__curt.json": 26, "nnw__pxlnv.json": 20,
		"nnw__rose.json": 84, "nnw__3960.json": 20, "nnw__authors.json": 4} {
		assert.Len(t, parse(name, "https://example.com/").Entries, n, name)
	}
	curt := parse("nnw__curt.json", "http://curtclifton.net/")
	var quitter *Entry
	for _, e := range curt.Entries {
		if e.Title.String() == "Twitter Quitter" {
			quitter = e
		}
	}
	require.NotNil(t, quitter)
	assert.True(t, strings.HasPrefix(quitter.Content.HTML(), `<p>I’ve decided to close my Twitter account. William Van Hecke <a href="https://tinyletter.com/fet/letters/microcosmographia-xlxi-reasons-to-stay-on-twitter">makes a convincing case</a>`),
		"content %.200s", quitter.Content.HTML())
	de := parse("nnw__3960.json", "http://journal.3960.org/")
	assert.Equal(t, "de-DE", de.Language)
	for _, e := range de.Entries {
		assert.Equal(t, "de-DE", e.Language)
	}
	authors := parse("nnw__authors.json", "https://example.com/")
	assert.Equal(t, []string{"Root Author 1", "Root Author 2"}, names(authors.Authors))
	byID := map[string]*Entry{}
	for _, e := range authors.Entries {
		byID[e.ID] = e
	}
	assert.Nil(t, byID["Item without authors"].Authors)
	assert.Equal(t, []string{"Root Author 1", "Root Author 2"}, names(byID["Item without authors"].ComputedAuthors()))
	assert.Equal(t, []string{"Legacy Item Author"}, names(byID["Item with legacy author"].Authors))
	assert.Equal(t, []string{"Item Author 1", "Item Author 2"}, names(byID["Item with modern authors"].Authors))
	assert.Equal(t, []string{"Item Author 1", "Item Author 2"}, names(byID["Item with both"].Authors))

	// feed-rs: jsonfeed_example_1.json.
	ex := parse("feedrs__jsonfeed_example_1.json", "https://example.com/")
	assert.Equal(t, "Daring Fireball", ex.Title.String())
	assert.Equal(t, "https://daringfireball.net/", ex.PageURL)
	assert.Equal(t, "https://daringfireball.net/feeds/json", ex.FeedURL)
	require.Len(t, ex.Authors, 1)
	assert.Equal(t, Person{Name: "John Gruber", PageURL: "https://twitter.com/gruber"}, *ex.Authors[0])
	assert.Equal(t, "https://daringfireball.net/graphics/apple-touch-icon.png", ex.Logo.URL)
	assert.Equal(t, "https://daringfireball.net/graphics/favicon-64.png", ex.Icon.URL)
	require.Len(t, ex.Entries, 2)
	e0, e1 := ex.Entries[0], ex.Entries[1]
	assert.Equal(t, "How Jeff Bezos’s iPhone X Was Hacked", e0.Title.String())
	assert.Equal(t, time.Date(2020, 1, 24, 23, 46, 57, 0, time.UTC), e0.Published.UTC())
	assert.Equal(t, time.Date(2020, 1, 24, 23, 46, 57, 0, time.UTC), e0.Updated.UTC())
	assert.Equal(t, "https://daringfireball.net/linked/2020/01/24/bezos-iphone-x", e0.ID)
	assert.Equal(t, "https://daringfireball.net/linked/2020/01/24/bezos-iphone-x", e0.PageURL)
	assert.Equal(t, []Link{{Href: "https://www.nytimes.com/2020/01/22/technology/jeff-bezos-hack-iphone.html", Rel: "related"}}, e0.Links)
	assert.Equal(t, []string{"John Gruber"}, names(e0.Authors))
	assert.True(t, e0.Content.IsNode())
	assert.Equal(t, "<p>Good summary from The New York Times. Until this week’s news, I don’t believe we knew what type of phone Bezos was using when he was hacked. Now we know: an iPhone X.</p>", e0.Content.HTML())
	assert.Equal(t, "Instagram for Windows 95", e1.Title.String())
	assert.Equal(t, time.Date(2020, 1, 21, 1, 7, 0, 0, time.UTC), e1.Published.UTC())
	assert.Equal(t, time.Date(2020, 1, 21, 20, 58, 36, 0, time.UTC), e1.Updated.UTC())
	assert.Equal(t, "https://www.behance.net/gallery/41023081/Instagram-for-Win95?utm_source=morning_brew", e1.Links[0].Href)
	assert.Equal(t, "<p>Delightful work by Petrick Studio.</p>", e1.Content.HTML())

	// feed-rs: jsonfeed_spec_1.json.
	spec := parse("feedrs__jsonfeed_spec_1.json", "https://example.com/")
	assert.Equal(t, "JSON Feed", spec.Title.String())
	assert.Equal(t, "JSON Feed is a pragmatic syndication format for blogs, microblogs, and other time-based content.", spec.Description.String())
	assert.Equal(t, "https://jsonfeed.org/", spec.PageURL)
	assert.Equal(t, "https://jsonfeed.org/feed.json", spec.FeedURL)
	assert.Equal(t, Person{Name: "Brent Simmons and Manton Reece", PageURL: "https://jsonfeed.org/"}, *spec.Authors[0])
	require.Len(t, spec.Entries, 1)
	s0 := spec.Entries[0]
	assert.Equal(t, "https://jsonfeed.org/2017/05/17/announcing_json_feed", s0.ID)
	assert.Equal(t, "Announcing JSON Feed", s0.Title.String())
	assert.True(t, s0.Published.Equal(time.Date(2017, 5, 17, 8, 2, 12, 0, time.FixedZone("", -7*3600))))
	assert.True(t, strings.HasPrefix(s0.Content.HTML(), "<p>We — Manton Reece and Brent Simmons — have noticed"))
	assert.True(t, strings.HasSuffix(s0.Content.HTML(), "It reflects the lessons learned from our years of work reading and publishing feeds.</p>..."))

	// feed-rs: jsonfeed_elastic_1.1.json has no item ids; its entries are
	// still read (feed-rs makes ids up; the model leaves them null).
	el := parse("feedrs__jsonfeed_elastic_1.1.json", "https://example.com/")
	require.Len(t, el.Entries, 3)
	for _, e := range el.Entries {
		assert.Equal(t, "", e.ID)
	}
	assert.Equal(t, []string{"Fake Author 3", "Fake Author 4"}, names(el.Authors), "authors is preferred to author")
	assert.Equal(t, "en-US", el.Language)
	assert.Equal(t, "en-AU", el.Entries[1].Language)
}

// TestJSONFeedNotAFeed lists JSON documents that are not JSON Feeds: each
// gives a nil feed and an error wrapping ErrNotFeed that says why.
func TestJSONFeedNotAFeed(t *testing.T) {
	const v = `"version": "https://jsonfeed.org/version/1.1"`
	for _, c := range []struct{ doc, why string }{
		{`{}`, "the top-level object has no version"},
		{`{"version": "1.1", "items": []}`, `version "1.1" is not a JSON Feed version URL`},
		{`{"version": 1, "items": []}`, "version is a number, not a string"},
		{`{"version": null, "items": []}`, "version is null, not a string"},
		{`{` + v + `, "items": {}}`, "items is an object, not an array"},
		{`{` + v + `, "items": null}`, "items is null, not an array"},
		{`{` + v + `, "items": "none"}`, "items is a string, not an array"},
		{`{` + v + `, "items": [{"id": "1"}`, "invalid JSON at byte"},
		{`{` + v + `, "items": [{"id": "1"}],}`, "invalid JSON at byte"},
		{`{` + v + `, "items": [{"id": "1", "title": "a` + "\n" + `b"}]}`, "invalid JSON"},
		{`{"rss": {"version": "2.0", "channel": {"title": "RSS in JSON"}}}`, "the top-level object has no version"},
		{"\xef\xbb\xbf  {\"version\": \"2\"}", `version "2" is not`},
		{`{"version": "https://jsonfeed.org/version/1.1"`, "invalid JSON"},
		{`{"a": "` + "\xff" + `"}`, "the top-level object has no version"},
	} {
		feed, err := parseJSONFeedDoc([]byte(c.doc), "https://example.com/")
		assert.Nil(t, feed, c.doc)
		if assert.ErrorIs(t, err, ErrNotFeed, c.doc) {
			assert.Contains(t, err.Error(), c.why, c.doc)
			assert.Contains(t, err.Error(), "not a JSON Feed", c.doc)
		}
	}
	// A JSON value that is not an object is not read as JSON at all by
	// ParseDocument (it does not start with "{"): it is not an XML feed.
	feed, err := parseJSONFeedDoc([]byte(`["version"]`), "https://example.com/")
	assert.Nil(t, feed)
	assert.ErrorIs(t, err, ErrNotFeed)
	// ParseResponse reads any application/json body as JSON.
	_, err = ParseResponse(jsonResponse("https://example.com/", "application/json", []byte(` [1, 2]`)), WithJSONFeed())
	assert.ErrorIs(t, err, ErrNotFeed)
	assert.ErrorContains(t, err, "the top-level value is an array, not an object")
}

// TestJSONFeedResponseTypes checks which responses ParseResponse reads as
// JSON: application/feed+json and application/json always, a body whose type
// it sniffed when it starts with "{", never a text/plain or XML label.
func TestJSONFeedResponseTypes(t *testing.T) {
	const u = "https://example.org/feeds/feed.json"
	body := []byte("\xef\xbb\xbf\n {\"version\": \"http://jsonfeed.org/version/1\", \"title\": \"T\", \"items\": [{\"id\": \"1\", \"url\": \"p/1\"}]}")
	for _, c := range []struct {
		ct   string
		feed bool
	}{
		{"application/feed+json", true},
		{"Application/Feed+JSON; charset=utf-8", true},
		{"application/json", true},
		{"", true},
		{"unknown/unknown", true},
		{"text/plain", true}, // the Apache bug types are sniffed
		{"text/plain; charset=windows-1252", false},
		{"text/html", false},
		{"application/javascript", false},
	} {
		feed, err := ParseResponse(jsonResponse(u, c.ct, body), WithJSONFeed())
		if !c.feed {
			assert.Nil(t, feed, c.ct)
			var mt *MIMETypeError
			assert.ErrorAs(t, err, &mt, c.ct)
			continue
		}
		require.NoError(t, err, c.ct)
		assert.Equal(t, "T", feed.Title.String())
		assert.Equal(t, "https://example.org/feeds/p/1", feed.Entries[0].PageURL, "relative to the final URL")
	}
	// An explicit WithURL wins over the response's URL.
	feed, err := ParseResponse(jsonResponse(u, "application/feed+json", body), WithJSONFeed(), WithURL("https://other.example/"))
	require.NoError(t, err)
	assert.Equal(t, "https://other.example/p/1", feed.Entries[0].PageURL)
	// An XML type is parsed as XML even with WithJSONFeed.
	_, err = ParseResponse(jsonResponse(u, "application/xml", body), WithJSONFeed())
	assert.ErrorIs(t, err, ErrNotFeed)
	assert.NotContains(t, err.Error(), "JSON")
	// A sniffed body that does not start with "{" is plain text.
	_, err = ParseResponse(jsonResponse(u, "", []byte("version: jsonfeed.org/version/1")), WithJSONFeed())
	var mt *MIMETypeError
	assert.ErrorAs(t, err, &mt)
	// The body size limit applies.
	_, err = ParseResponse(jsonResponse(u, "application/json", body), WithJSONFeed(), WithMaxBodySize(20))
	assert.ErrorIs(t, err, ErrBodyTooLarge)
	body = append(body, bytes.Repeat([]byte(" "), 2000)...)
	_, err = ParseResponse(jsonResponse(u, "application/json", body), WithJSONFeed(), WithMaxBodySize(int64(len(body)-1)))
	assert.ErrorIs(t, err, ErrBodyTooLarge)
	assert.ErrorIs(t, err, ErrNotFeed)
}

// TestJSONFeedMapping checks each mapped key on a small feed.
func TestJSONFeedMapping(t *testing.T) {
	doc := `{
	"version": "https://jsonfeed.org/version/1.1",
	"title": "  Title & <b>not</b> HTML ",
	"home_page_url": "/",
	"feed_url": "feed.json",
	"description": "About",
	"next_url": "feed.json?page=2",
	"icon": "icon.png",
	"favicon": "icon.png",
	"authors": [{"name": "A", "url": "https://a.example/", "avatar": "a.png"}, {}, {"name": " "}],
	"author": {"name": "Legacy"},
	"language": "en-GB",
	"expired": true,
	"_ext": {"about": "https://ext.example/", "n": [1, 2]},
	"items": [{
		"id": 42,
		"url": "posts/42",
		"external_url": "https://elsewhere.example/x",
		"title": "Item",
		"content_html": "<p>Hi <img src=\"t.gif\" width=\"1\" height=\"1\"><b>there</b></p>",
		"content_text": "Hi there",
		"summary": "Short",
		"image": "i.png",
		"banner_image": "b.png",
		"date_published": "2024-01-15T13:45:00+01:00",
		"date_modified": "2024-01-16T08:00:00.5Z",
		"tags": ["a", "b", "a", "", " "],
		"language": "fr",
		"attachments": [
			{"url": "ep.mp3", "mime_type": "audio/mpeg", "title": "MP3", "size_in_bytes": 1000, "duration_in_seconds": 61.9},
			{"url": "ep.m4a", "mime_type": "", "size_in_bytes": 0},
			{"mime_type": "audio/ogg"}
		],
		"_ext": true
	}, {
		"id": "text-only",
		"content_html": "  ",
		"content_text": "Plain <text>",
		"title": "Plain <text>"
	}]
}`
	feed, err := parseJSONFeedDoc([]byte(doc), "https://example.com/blog/feed.json")
	require.NoError(t, err)
	assert.Equal(t, "  Title & <b>not</b> HTML ", feed.Title.String())
	assert.False(t, feed.Title.IsNode())
	assert.Equal(t, "About", feed.Description.String())
	assert.Equal(t, "https://example.com/", feed.PageURL)
	assert.Equal(t, "https://example.com/blog/feed.json", feed.FeedURL)
	assert.Equal(t, "https://example.com/blog/feed.json?page=2", feed.NextFeedURL)
	assert.Equal(t, &Image{URL: "https://example.com/blog/icon.png"}, feed.Logo)
	assert.Nil(t, feed.Icon, "the favicon is the icon, dropped by cleanup feed [352] as the logo's URL")
	assert.Equal(t, []*Person{{Name: "A", PageURL: "https://a.example/", Icon: &Image{URL: "https://example.com/blog/a.png"}}}, feed.Authors)
	assert.Equal(t, "en-GB", feed.Language)
	assert.True(t, feed.Expired)
	assert.JSONEq(t, `{"about": "https://ext.example/", "n": [1, 2]}`, string(feed.JSONObject()["_ext"]))
	assert.Nil(t, feed.Document())
	assert.Nil(t, feed.Element())

	require.Len(t, feed.Entries, 2)
	e := feed.Entries[0]
	assert.Equal(t, "42", e.ID)
	assert.Nil(t, e.IDIsPermalink)
	assert.Equal(t, "https://example.com/blog/posts/42", e.PageURL)
	assert.Equal(t, []Link{{Href: "https://elsewhere.example/x", Rel: "related"}, {Href: "https://example.com/blog/b.png", Rel: "banner_image"}}, e.Links)
	assert.Equal(t, "Item", e.Title.String())
	assert.True(t, e.Content.IsNode())
	assert.Equal(t, "<p>Hi <b>there</b></p>", e.Content.HTML(), "sanitized as Atom html content is (the 1×1 image removed [113])")
	assert.Equal(t, "Short", e.Summary.String())
	assert.Equal(t, &Image{URL: "https://example.com/blog/i.png"}, e.Thumbnail)
	assert.Equal(t, "2024-01-15T12:45:00Z", formatDate(*e.Published))
	assert.Equal(t, "2024-01-16T08:00:00.5Z", formatDate(*e.Updated))
	assert.Equal(t, []string{"a", "b"}, e.Categories)
	assert.Equal(t, "fr", e.Language)
	require.Len(t, e.Enclosures, 2)
	mp3 := e.Enclosures[0]
	assert.Equal(t, "https://example.com/blog/ep.mp3", mp3.URL)
	assert.Equal(t, "audio/mpeg", *mp3.MIMEType)
	assert.Equal(t, int64(1000), *mp3.Length)
	assert.Equal(t, 61*time.Second, *mp3.Duration)
	assert.Equal(t, "MP3", mp3.Title)
	assert.Equal(t, "", *e.Enclosures[1].MIMEType)
	assert.Nil(t, e.Enclosures[1].Length)
	assert.Equal(t, json.RawMessage("true"), e.JSONObject()["_ext"])
	assert.Nil(t, e.Element())

	p := feed.Entries[1]
	assert.False(t, p.Content.IsNode(), "content_text when content_html is not significant")
	assert.Equal(t, "Plain <text>", p.Content.String())
	assert.Equal(t, "Plain <text>", p.Title.String())
}

// TestJSONFeedDiagnostics checks that values of the wrong type are left out
// and reported with their key path and offset, the rest of the feed read.
func TestJSONFeedDiagnostics(t *testing.T) {
	doc := `{"version": "https://jsonfeed.org/version/1", "title": 7, "home_page_url": "http://[::1",
"authors": {"name": "x"}, "expired": "yes",
"items": [
 "not an object",
 {"title": "no id", "date_published": "Mon, 15 Jan 2024 13:45:00 GMT", "tags": "a,b",
  "attachments": [{"url": "x.mp3", "size_in_bytes": "12", "duration_in_seconds": -1}, 5]},
 {"id": " ", "url": {}, "authors": [{"name": ["n"]}]}
]}`
	var diags []Diagnostic
	feed, err := parseJSONFeedDoc([]byte(doc), "https://example.com/", WithDiagnostics(&diags))
	require.NoError(t, err)
	assert.Nil(t, feed.Title)
	assert.Equal(t, "", feed.PageURL)
	assert.Nil(t, feed.Authors)
	assert.False(t, feed.Expired)
	require.Len(t, feed.Entries, 2, "the string item is left out")
	assert.Nil(t, feed.Entries[0].Published)
	assert.Nil(t, feed.Entries[0].Categories)
	require.Len(t, feed.Entries[0].Enclosures, 1)
	assert.Nil(t, feed.Entries[0].Enclosures[0].Length)
	assert.Nil(t, feed.Entries[0].Enclosures[0].Duration)
	assert.Equal(t, "", feed.Entries[1].ID)

	var lines []string
	for _, d := range diags {
		lines = append(lines, d.String())
		if d.Offset > 0 {
			assert.Contains(t, doc[d.Offset:], strings.TrimRight(d.Value, "…"), d.String())
		}
	}
	want := []string{
		`type: title at byte 55: "7": a number, not a string`,
		`url: home_page_url at byte 75: "http://[::1": not a URL (resolved against the document's URL)`,
		`type: authors at byte 101: "{\"name\": \"x\"}": an object, not an array`,
		`type: expired at byte 127: "yes": a string, not a boolean`,
		`type: items[0] at byte 146: "not an object": an item is a string, not an object; left out`,
		`value: items[1].id at byte 164: "": the item has no id (JSON Feed readers discard such items)`,
		`date: items[1].date_published at byte 201: "Mon, 15 Jan 2024 13:45:00 GMT": not an RFC 3339 date`,
		`type: items[1].tags at byte 242: "a,b": a string, not an array`,
		`type: items[1].attachments[0].size_in_bytes at byte 301: "12": a string, not a number`,
		`number: items[1].attachments[0].duration_in_seconds at byte 330: "-1": not a non-negative number`,
		`type: items[1].attachments[1] at byte 335: "5": a number, not an object`,
		`value: items[2].id at byte 348: " ": the item's id is blank (JSON Feed readers discard such items)`,
		`type: items[2].url at byte 360: "{}": an object, not a string`,
		`type: items[2].authors[0].name at byte 385: "[\"n\"]": an array, not a string`,
	}
	assert.Equal(t, want, lines)

	// With WithLenientDates the RSS date is read.
	feed, err = parseJSONFeedDoc([]byte(doc), "https://example.com/", WithLenientDates())
	require.NoError(t, err)
	assert.Equal(t, "2024-01-15T13:45:00Z", formatDate(*feed.Entries[0].Published))
}

// TestJSONFeedLimits checks MaxInputBytes, MaxDepth and MaxItems.
func TestJSONFeedLimits(t *testing.T) {
	items := strings.Repeat(`{"id": "x"},`, 9) + `{"id": "last"}`
	doc := `{"version": "https://jsonfeed.org/version/1.1", "items": [` + items + `], "_deep": [[[[1]]]]}`
	feed, err := parseJSONFeedDoc([]byte(doc), "https://example.com/")
	require.NoError(t, err)
	assert.Len(t, feed.Entries, 10)

	feed, err = parseJSONFeedDoc([]byte(doc), "https://example.com/", WithLimits(Limits{MaxItems: 4}))
	require.ErrorIs(t, err, ErrLimit)
	var le *LimitError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, "MaxItems", le.Limit)
	assert.Equal(t, int64(4), le.Value)
	assert.Equal(t, strings.Index(doc, `{"id"`)+4*len(`{"id": "x"},`), int(le.Offset))
	require.NotNil(t, feed, "the items before the limit")
	assert.Len(t, feed.Entries, 4)
	assert.Equal(t, "feedspec: limit reached: MaxItems (4) at line 1, byte offset 106", err.Error(), "no xml5: in a JSON Feed's error")
	_, err = parseJSONFeedDoc([]byte(doc), "https://example.com/", WithLimits(Limits{MaxItems: -1}))
	assert.NoError(t, err)

	for _, depth := range []int{4, 5} {
		feed, err = parseJSONFeedDoc([]byte(doc), "https://example.com/", WithLimits(Limits{MaxDepth: depth}))
		if depth == 5 {
			assert.NoError(t, err)
			continue
		}
		assert.Nil(t, feed)
		require.ErrorAs(t, err, &le)
		assert.Equal(t, "MaxDepth", le.Limit)
		assert.Equal(t, strings.Index(doc, "[[[[1")+3, int(le.Offset))
		assert.ErrorIs(t, err, ErrNotFeed)
		assert.Equal(t, fmt.Sprintf("feedspec: limit reached: MaxDepth (4) at line 1, byte offset %d (not a feed: the JSON document is not read)", le.Offset), err.Error())
	}
	// Deeper than encoding/json goes, without a limit: invalid JSON, an
	// error, no panic.
	deep := `{"version": "https://jsonfeed.org/version/1.1", "items": [], "_": ` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "}"
	_, err = parseJSONFeedDoc([]byte(deep), "https://example.com/")
	assert.ErrorIs(t, err, ErrLimit)
	_, err = parseJSONFeedDoc([]byte(deep), "https://example.com/", WithLimits(Limits{MaxDepth: -1}))
	assert.ErrorIs(t, err, ErrNotFeed)

	feed, err = parseJSONFeedDoc([]byte(doc), "https://example.com/", WithLimits(Limits{MaxInputBytes: 50}))
	assert.Nil(t, feed)
	require.ErrorAs(t, err, &le)
	assert.Equal(t, "MaxInputBytes", le.Limit)
	assert.ErrorIs(t, err, ErrNotFeed)
	assert.NotContains(t, err.Error(), "xml5")
	assert.True(t, strings.HasPrefix(err.Error(), "feedspec: limit reached: MaxInputBytes (50)"), err.Error())
	_, err = parseJSONFeedDoc([]byte(doc), "https://example.com/", WithLimits(Limits{MaxInputBytes: int64(len(doc))}))
	assert.NoError(t, err)
}

// TestJSONFeedReader checks sniffing through a reader that gives one byte at
// a time, and read errors.
func TestJSONFeedReader(t *testing.T) {
	doc := "\xef\xbb\xbf \r\n\t{\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": [{\"id\": \"1\"}]}"
	feed, err := ParseDocument(oneByteReader{strings.NewReader(doc)}, WithJSONFeed())
	require.NoError(t, err)
	assert.Len(t, feed.Entries, 1)

	boom := errors.New("boom")
	feed, err = ParseDocument(&errReader{data: []byte(doc[:40]), err: boom}, WithJSONFeed())
	assert.Nil(t, feed)
	assert.ErrorIs(t, err, boom)
	assert.ErrorIs(t, err, ErrNotFeed)
	// A failure before the first character: the XML parser sees it.
	_, err = ParseDocument(&errReader{data: []byte("  "), err: boom}, WithJSONFeed())
	assert.ErrorIs(t, err, boom)

	// XML is still XML, through the reader sniffJSON wraps.
	feed, err = ParseDocument(oneByteReader{strings.NewReader("\xef\xbb\xbf  " + testRSS)}, WithJSONFeed())
	require.NoError(t, err)
	assert.Equal(t, "Test feed", feed.Title.String())
	r, isJSON, err := sniffJSON(strings.NewReader("  <rss/>"))
	require.NoError(t, err)
	assert.False(t, isJSON)
	assert.Equal(t, 8, r.(interface{ Len() int }).Len(), "the XML parser can still size its buffer")
}

// TestFetcherJSONFeed checks that a Fetcher reads JSON Feeds and asks for
// them, unless Strict.
func TestFetcherJSONFeed(t *testing.T) {
	body := []byte(`{"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": []}`)
	var accept string
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		accept = r.Header.Get("Accept")
		serve([]string{"application/feed+json"}, body)(w, r)
	})
	res, err := (&Fetcher{Client: srv.Client()}).Fetch(t.Context(), srv.URL, nil)
	require.NoError(t, err)
	assert.Equal(t, "J", res.Feed.Title.String())
	assert.Equal(t, DefaultAccept, accept)
	assert.Contains(t, accept, "application/feed+json")

	res, err = (&Fetcher{Client: srv.Client(), Strict: true}).Fetch(t.Context(), srv.URL, nil)
	assert.Nil(t, res.Feed)
	assert.ErrorIs(t, err, ErrNotFeed)
	assert.NotContains(t, accept, "json")
	assert.Equal(t, strings.Replace(DefaultAccept, " application/feed+json,", "", 1), accept)
}

// jsonFeedGoldenURL is the document URL of every golden JSON Feed, except
// those whose name contains "nobase", which are parsed without one.
const jsonFeedGoldenURL = "https://example.com/feeds/feed.json"

// jsonFeedGoldenOptions returns the options a golden JSON Feed is parsed
// with, from its file name: WithJSONFeed, the document URL unless the name
// contains "nobase", WithLenientDates when it contains "lenient".
func jsonFeedGoldenOptions(path string) []Option {
	name := filepath.Base(path)
	opts := []Option{WithJSONFeed()}
	if !strings.Contains(name, "nobase") {
		opts = append(opts, WithURL(jsonFeedGoldenURL))
	}
	if strings.Contains(name, "lenient") {
		opts = append(opts, WithLenientDates())
	}
	return opts
}

// TestGoldenJSONFeed parses every testdata/jsonfeed/NAME.feed.json and
// compares its canonical JSON, indented, with NAME.json ("null" when it is
// not a feed) and its diagnostics, one a line, with NAME.diagnostics.txt
// (for a document that is not a feed: the error). go test -run
// TestGoldenJSONFeed -update rewrites them.
func TestGoldenJSONFeed(t *testing.T) {
	files, err := filepath.Glob("testdata/jsonfeed/*.feed.json")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 5)
	for _, path := range files {
		name := strings.TrimSuffix(path, ".feed.json")
		t.Run(filepath.Base(name), func(t *testing.T) {
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			var diags []Diagnostic
			feed, err := ParseDocument(bytes.NewReader(b), append(jsonFeedGoldenOptions(path), WithDiagnostics(&diags))...)
			var out, diagOut bytes.Buffer
			if feed == nil {
				require.ErrorIs(t, err, ErrNotFeed)
				out.WriteString("null\n")
				diagOut.WriteString("error: " + err.Error() + "\n")
			} else {
				require.NoError(t, err)
				j, err := feed.MarshalJSON()
				require.NoError(t, err)
				require.NoError(t, json.Indent(&out, j, "", "  "))
				out.WriteByte('\n')
				for _, d := range diags {
					diagOut.WriteString(d.String() + "\n")
				}
			}
			for file, got := range map[string][]byte{name + ".json": out.Bytes(), name + ".diagnostics.txt": diagOut.Bytes()} {
				if *update {
					if len(got) == 0 {
						_ = os.Remove(file)
						continue
					}
					require.NoError(t, os.WriteFile(file, got, 0o644))
					continue
				}
				want, err := os.ReadFile(file)
				if len(got) == 0 && errors.Is(err, os.ErrNotExist) {
					continue
				}
				require.NoError(t, err, "run go test -run TestGoldenJSONFeed -update to create it")
				assert.Equal(t, string(want), string(got), file)
			}
		})
	}
}

// FuzzJSONFeed checks that no input makes the JSON Feed reader panic, that a
// document gives either a feed or an error wrapping ErrNotFeed (or both only
// for the MaxItems limit), that the canonical JSON is valid, that there is
// at most one entry per item, that diagnostics point into the input, and
// that the canonical JSON reads back (json.Unmarshal) to the same bytes.
func FuzzJSONFeed(f *testing.F) {
	files, _ := filepath.Glob("testdata/jsonfeed/*.feed.json")
	more, _ := filepath.Glob(filepath.Join("..", "shared", "corpus", "jsonfeed", "*.json"))
	for _, path := range append(files, more...) {
		b, err := os.ReadFile(path)
		require.NoError(f, err)
		f.Add(b)
	}
	f.Add([]byte(`{"version":"https://jsonfeed.org/version/1","items":[{"id":1,"content_html":"<p>x"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var diags []Diagnostic
		feed, err := ParseDocument(bytes.NewReader(data), WithJSONFeed(), WithURL(jsonFeedGoldenURL),
			WithDiagnostics(&diags), WithLimits(Limits{MaxItems: 50, MaxDepth: 100}))
		if feed == nil {
			require.ErrorIs(t, err, ErrNotFeed, "nil feed")
			return
		}
		if err != nil {
			require.ErrorIs(t, err, ErrLimit, "feed with an error")
		}
		b, jerr := feed.MarshalJSON()
		require.NoError(t, jerr)
		require.True(t, json.Valid(b), "invalid JSON: %s", b)
		roundTrip(t, "fuzz", b)
		if feed.JSONObject() == nil {
			return // XML
		}
		var doc struct{ Items []json.RawMessage }
		if json.Unmarshal(bytes.TrimPrefix(data, utf8BOM), &doc) == nil {
			require.LessOrEqual(t, len(feed.Entries), len(doc.Items), "entries from items")
		}
		for _, d := range diags {
			require.True(t, d.Path != "" && d.Offset >= 0 && d.Offset <= len(data), "diagnostic %v", d)
		}
	})
}

package feedspec

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func parseGoldenFile(t *testing.T, name string, opts ...Option) *Feed {
	t.Helper()
	b, err := os.ReadFile("testdata/golden/" + name)
	require.NoError(t, err)
	feed, err := ParseDocument(bytes.NewReader(b), opts...)
	require.NoError(t, err)
	require.NotNil(t, feed)
	return feed
}

func TestXMLBaseOption(t *testing.T) {
	const name = "real-blogger-atom-xmlbase.xml"
	with := parseGoldenFile(t, name, WithURL(goldenBaseURL), WithXMLBase())
	without := parseGoldenFile(t, name, WithURL(goldenBaseURL))

	assert.Equal(t, "https://notes.example.net/", with.PageURL)
	assert.Equal(t, "https://example.com/feeds/", without.PageURL, "the spec ignores xml:base")
	assert.Equal(t, "https://notes.example.net/2023/11/older.html", with.Entries[1].PageURL, "nested xml:base")
	assert.Equal(t, "https://example.com/feeds/11/older.html", without.Entries[1].PageURL)
	assert.Equal(t, "https://notes.example.net/img/b16-rounded.gif", with.Authors[0].Icon.URL)
	// Absolute URLs do not change.
	assert.Equal(t, with.FeedURL, without.FeedURL)

	// An absolute xml:base works without a document URL; one that fails
	// to parse is ignored.
	doc := `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://a.example/dir/">
	  <link href="x"/>
	  <entry xml:base="http://[bad"><link href="y"/></entry>
	  <entry xml:base="sub/"><link xml:base="/root/" href="z"/></entry>
	</feed>`
	var diags []Diagnostic
	feed, err := ParseDocument(strings.NewReader(doc), WithXMLBase(), WithDiagnostics(&diags))
	require.NoError(t, err)
	assert.Equal(t, "https://a.example/dir/x", feed.PageURL)
	assert.Equal(t, "https://a.example/dir/y", feed.Entries[0].PageURL)
	assert.Equal(t, "https://a.example/root/z", feed.Entries[1].PageURL, "xml:base on the element itself applies to its attributes")
	require.Len(t, diags, 1)
	assert.Equal(t, "xml:base", diags[0].Attr)
	assert.Equal(t, "http://[bad", diags[0].Value)
}

func TestRawAccess(t *testing.T) {
	podcast := parseGoldenFile(t, "real-podcast-apple.xml", WithURL(goldenBaseURL))
	require.NotNil(t, podcast.Document())
	assert.Equal(t, "rss", podcast.Document().Root().Local)
	assert.Equal(t, "channel", podcast.Element().Local)
	item := podcast.Entries[1].Element()
	require.NotNil(t, item)
	assert.Equal(t, "item", item.Local)
	var transcripts []string
	for c := item.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Is("https://podcastindex.org/namespace/1.0", "transcript") {
			u, _ := c.AttrValue("", "url")
			transcripts = append(transcripts, u)
		}
	}
	assert.Equal(t, []string{"https://podcasts.example.com/hiking/s02e04.vtt", "https://podcasts.example.com/hiking/s02e04.srt"}, transcripts)

	tests := []struct {
		doc, element string
	}{
		{`<feed xmlns="http://www.w3.org/2005/Atom"><entry/></feed>`, "feed"},
		{`<rss><item/></rss>`, "rss"},
		{`<rss><channel><item/></channel><channel/></rss>`, "channel"},
		{`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel/><item/></rdf:RDF>`, "channel"},
		{`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><item/></rdf:RDF>`, "RDF"},
	}
	for _, tt := range tests {
		feed, err := ParseDocument(strings.NewReader(tt.doc))
		require.NoError(t, err)
		assert.Equal(t, tt.element, feed.Element().Local, tt.doc)
		require.Len(t, feed.Entries, 1)
		assert.True(t, feed.Entries[0].Element().Local == "entry" || feed.Entries[0].Element().Local == "item", tt.doc)
		// The entry's element is in the feed's document.
		n := feed.Entries[0].Element()
		for n.Parent != nil {
			n = n.Parent
		}
		assert.Same(t, feed.Document().Node, n)
	}

	var zero Feed
	assert.Nil(t, zero.Document())
	assert.Nil(t, zero.Element())
	assert.Nil(t, (&Entry{}).Element())
}

func TestEntryKey(t *testing.T) {
	pub := time.Date(2024, 5, 1, 8, 0, 0, 0, time.UTC)
	other := pub.Add(time.Hour)
	tests := []struct {
		name string
		e    *Entry
		want string
	}{
		{"id, trimmed", &Entry{ID: "  urn:x \n", PageURL: "https://a/"}, "id:urn:x"},
		{"space-only id is ignored", &Entry{ID: " ", PageURL: "https://Example.com/p/?utm_source=x&b=2&a=1#frag"}, "url:https://example.com/p?a=1&b=2"},
		{"url that CanonicalURL rejects", &Entry{PageURL: "not a url"}, "url:not a url"},
		{"enclosure", &Entry{Enclosures: []*Enclosure{{URL: "https://cdn.example/ep1.mp3?utm_medium=rss"}}}, "enclosure:https://cdn.example/ep1.mp3"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, EntryKey(tt.e), tt.name)
	}

	a := EntryKey(&Entry{Title: stringText("Hello  world"), Published: &pub})
	assert.True(t, strings.HasPrefix(a, "hash:"), a)
	assert.Len(t, a, len("hash:")+32)
	assert.Equal(t, a, EntryKey(&Entry{Title: stringText(" Hello\nworld "), Published: &pub}), "space characters collapsed")
	assert.Equal(t, a, EntryKey(&Entry{Title: stringText("Hello world"), Updated: &pub}), "updated when there is no published")
	assert.NotEqual(t, a, EntryKey(&Entry{Title: stringText("Hello world"), Published: &other}))
	assert.NotEqual(t, a, EntryKey(&Entry{Title: stringText("Hello"), Published: &pub}))
	s1 := EntryKey(&Entry{Summary: stringText("one")})
	assert.NotEqual(t, s1, EntryKey(&Entry{Summary: stringText("two")}), "summary when no title and no date")
	assert.Equal(t, EntryKey(&Entry{}), EntryKey(nil))

	// Stable across parses of the same feed, and distinct within it.
	for _, name := range []string{"real-wordpress-rss.xml", "real-podcast-apple.xml", "rss2-items.xml", "atom-feed.xml"} {
		f1 := parseGoldenFile(t, name, WithURL(goldenBaseURL))
		f2 := parseGoldenFile(t, name, WithURL(goldenBaseURL))
		for i := range f1.Entries {
			assert.Equal(t, EntryKey(f1.Entries[i]), EntryKey(f2.Entries[i]), "%s entry %d", name, i)
		}
	}
	wp := parseGoldenFile(t, "real-wordpress-rss.xml", WithURL(goldenBaseURL))
	assert.Equal(t, "id:https://kitchen.example.org/?p=1182", EntryKey(wp.Entries[0]))
}

func TestMarshalAdditions(t *testing.T) {
	yes, no := true, false
	n1, n2, n3 := 60, 2, 7
	var length int64 = 5
	fs := int64(9)
	br := 128.5
	d := 61 * time.Second
	feed := &Feed{
		Title:           stringText("t"),
		ID:              "urn:f",
		Language:        "en",
		Rights:          stringText("r"),
		Generator:       &Generator{Name: "g", URI: "https://g/", Version: "1"},
		CategoryDetails: []Category{{Term: "a", Scheme: "s", Label: "l", Subcategories: []Category{{Term: "b"}}}},
		TTL:             &n1,
		SkipHours:       []int{0, 23},
		SkipDays:        []string{"Monday"},
		UpdatePeriod:    "daily",
		UpdateFrequency: &n2,
		Links:           []Link{{Href: "https://l/", Rel: "self", Type: "x/y", HrefLang: "en", Title: "T", Length: &length}},
		Contributors:    []*Person{{Name: "c"}},
		ITunes: &FeedITunes{Owner: &Person{Name: "o", Email: "o@x"}, Explicit: &no, Type: "serial", Block: &no,
			Complete: &yes, Image: &Image{URL: "https://i/"}, NewFeedURL: "https://n/"},
	}
	feed.Entries = []*Entry{{
		Title:           stringText("e"),
		Enclosures:      []*Enclosure{{URL: "https://en/", Medium: "video", Width: &n3, Height: &n3, Duration: &d, FileSize: &fs, Bitrate: &br}},
		ID:              "g",
		IDIsPermalink:   &no,
		Language:        "de",
		Rights:          stringText("er"),
		CommentsURL:     "https://c/",
		CommentCount:    &n3,
		Source:          &Source{ID: "sid", Title: stringText("st"), URL: "https://su/", FeedURL: "https://sf/"},
		Contributors:    []*Person{{Name: "ec"}},
		CategoryDetails: []Category{{Term: "x"}},
		ContentSrc:      "https://cs/",
		ContentType:     "video/mp4",
		Links:           []Link{{Href: "https://el/", Rel: "alternate"}},
		ITunes:          &EntryITunes{Title: "it", Episode: &n2, Season: &n3, EpisodeType: "full", Explicit: &yes, Block: &no},
	}}
	b, err := feed.MarshalJSON()
	require.NoError(t, err)
	want := `{"title":"t","entries":[{"title":"e",` +
		`"enclosures":[{"url":"https://en/","medium":"video","width":7,"height":7,"duration":61,"file_size":9,"bitrate":128.5}],` +
		`"id":"g","id_is_permalink":false,"language":"de","rights":"er","comments_url":"https://c/","comment_count":7,` +
		`"source":{"id":"sid","title":"st","url":"https://su/","feed_url":"https://sf/"},"contributors":[{"name":"ec"}],` +
		`"category_details":[{"term":"x"}],"content_src":"https://cs/","content_type":"video/mp4",` +
		`"links":[{"href":"https://el/","rel":"alternate"}],` +
		`"itunes":{"title":"it","episode":2,"season":7,"episode_type":"full","explicit":true,"block":false}}],` +
		`"id":"urn:f","language":"en","rights":"r","generator":{"name":"g","uri":"https://g/","version":"1"},` +
		`"category_details":[{"term":"a","scheme":"s","label":"l","subcategories":[{"term":"b"}]}],` +
		`"ttl":60,"skip_hours":[0,23],"skip_days":["Monday"],"update_period":"daily","update_frequency":2,` +
		`"links":[{"href":"https://l/","rel":"self","type":"x/y","hreflang":"en","title":"T","length":5}],` +
		`"contributors":[{"name":"c"}],` +
		`"itunes":{"owner":{"name":"o","email":"o@x"},"explicit":false,"type":"serial","block":false,"complete":true,` +
		`"image":{"url":"https://i/"},"new_feed_url":"https://n/"}}`
	assert.Equal(t, want, string(b))
	assert.True(t, json.Valid(b))
}

// TestConformanceShapeIgnoresAdditions checks that the conformance harness's
// shape holds only the specification's keys, so the additions cannot change
// a conformance answer.
func TestConformanceShapeIgnoresAdditions(t *testing.T) {
	specFeed := map[string]bool{"title": true, "subtitle": true, "desc": true, "page_url": true, "feed_url": true,
		"prev_feed_url": true, "next_feed_url": true, "icon": true, "logo": true, "updated": true, "authors": true, "entries": true}
	specEntry := map[string]bool{"title": true, "subtitle": true, "summary": true, "content": true, "page_url": true,
		"thumbnail": true, "duration": true, "published": true, "updated": true, "authors": true, "categories": true, "enclosures": true}
	for _, name := range []string{"real-podcast-apple.xml", "add-atom.xml", "add-rss2.xml", "real-youtube-atom.xml"} {
		feed := parseGoldenFile(t, name, WithURL(goldenBaseURL))
		shape := referenceFeedShape(feed)
		for k := range shape {
			assert.True(t, specFeed[k], "%s: feed key %q", name, k)
		}
		for _, e := range feed.Entries {
			es := referenceEntryShape(e)
			for k := range es {
				assert.True(t, specEntry[k], "%s: entry key %q", name, k)
			}
			if encs, ok := es["enclosures"].([]any); ok {
				for _, enc := range encs {
					for k := range enc.(shapeObject) {
						assert.Contains(t, []string{"url", "type", "length"}, k)
					}
				}
			}
		}
	}
}

func TestComputedLanguage(t *testing.T) {
	feed := parseGoldenFile(t, "real-rss10-dc-sy.xml", WithURL(goldenBaseURL))
	assert.Equal(t, "ja", feed.Entries[0].ComputedLanguage(), "the entry's own")
	assert.Equal(t, "en", feed.Entries[1].ComputedLanguage(), "the feed's")
	assert.Equal(t, "", (&Entry{}).ComputedLanguage())
}

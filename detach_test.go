package feedspec

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/sharedtest"
	"github.com/feedspec/feedspec/testdata/gen"
)

// checkWithoutDocument parses b with opts, with and without
// WithoutDocument, and checks that only the document differs.
func checkWithoutDocument(t testing.TB, name string, b []byte, opts ...Option) {
	t.Helper()
	full, err1 := ParseDocument(bytes.NewReader(b), opts...)
	bare, err2 := ParseDocument(bytes.NewReader(b), append(opts[:len(opts):len(opts)], WithoutDocument())...)
	require.Equal(t, full == nil, bare == nil, "%s: WithoutDocument changes the outcome: %v / %v", name, err1, err2)
	require.Equal(t, err1 == nil, err2 == nil, "%s: WithoutDocument changes the outcome: %v / %v", name, err1, err2)
	if full == nil {
		return
	}
	a, _ := full.MarshalJSON()
	c, _ := bare.MarshalJSON()
	require.Equal(t, string(a), string(c), "%s: WithoutDocument changes the canonical JSON", name)
	require.Nil(t, bare.Document(), "%s: a feed parsed WithoutDocument keeps its document", name)
	require.Nil(t, bare.Element(), "%s: a feed parsed WithoutDocument keeps its document", name)
	require.Nil(t, bare.JSONObject(), "%s: a feed parsed WithoutDocument keeps its document", name)
	for i, e := range bare.Entries {
		require.Nil(t, e.Element(), "%s: entry %d keeps its element", name, i)
		require.Nil(t, e.JSONObject(), "%s: entry %d keeps its element", name, i)
		require.Same(t, bare, e.Feed, "%s: entry %d keeps its element", name, i)
		a, b := full.Entries[i].Image(), e.Image()
		require.Equal(t, a == nil, b == nil, "%s: entry %d: Image differs WithoutDocument: %v / %v", name, i, a, b)
		if a != nil {
			require.Equal(t, a.URL, b.URL, "%s: entry %d: Image differs WithoutDocument", name, i)
		}
		for _, pair := range [][2]*Text{{full.Entries[i].Content, e.Content}, {full.Entries[i].Summary, e.Summary}} {
			require.Equal(t, pair[0].HTML(), pair[1].HTML(), "%s: entry %d: a text differs WithoutDocument", name, i)
			require.Equal(t, pair[0].TextContent(), pair[1].TextContent(), "%s: entry %d: a text differs WithoutDocument", name, i)
			require.Equal(t, pair[0].Node() == nil, pair[1].Node() == nil, "%s: entry %d: a text differs WithoutDocument", name, i)
		}
	}
}

// TestWithoutDocument compares feeds parsed with and without
// WithoutDocument: every golden feed, JSON Feeds (golden and corpus), the
// conformance cases and the corpus (by default and in recovery mode).
func TestWithoutDocument(t *testing.T) {
	xmlFiles, _ := filepath.Glob("testdata/golden/*.xml")
	for _, path := range xmlFiles {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		checkWithoutDocument(t, path, b, goldenOptions(path)...)
	}
	jsonFiles, _ := filepath.Glob("testdata/jsonfeed/*.feed.json")
	for _, path := range jsonFiles {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		checkWithoutDocument(t, path, b, jsonFeedGoldenOptions(path)...)
	}
	for i, doc := range sharedtest.ConformanceDocuments(t) {
		checkWithoutDocument(t, "conformance case "+strconv.Itoa(i), []byte(doc), WithURL("https://base/"))
	}
	for name, b := range jsonFeedCorpus(t) {
		checkWithoutDocument(t, name, b, WithJSONFeed(), WithURL("https://example.com/feed.json"))
	}
	if testing.Short() {
		return
	}
	// By default, and in recovery mode as the Fetcher and the command parse.
	for _, path := range sharedtest.CorpusFiles(t) {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		checkWithoutDocument(t, path, b, WithURL("https://example.com/feed"))
		checkWithoutDocument(t, path, b, WithURL("https://example.com/feed"), WithRecovery())
	}
}

// TestWithoutDocumentLetsGo checks that the document is let go: a feed kept
// after parsing holds much less memory with WithoutDocument.
func TestWithoutDocumentLetsGo(t *testing.T) {
	in := gen.Feed(gen.Atom, 2<<20) // XHTML and escaped HTML content
	// The heap live after full collections (liveHeapNow), before and
	// after: what the feeds keep, not when the collector ran.
	retained := func(opts ...Option) int64 {
		var feeds []*Feed
		before := liveHeapNow()
		for range 3 {
			f, err := ParseDocument(bytes.NewReader(in), opts...)
			require.NoError(t, err)
			feeds = append(feeds, f)
		}
		after := liveHeapNow()
		runtime.KeepAlive(feeds)
		return int64(after) - int64(before)
	}
	full, bare := retained(), retained(WithoutDocument())
	t.Logf("retained for 3 × %d bytes: %d with the document, %d without", len(in), full, bare)
	assert.Positive(t, full, "the feeds kept with their documents")
	assert.Less(t, float64(bare), 0.5*float64(full))
}

// TestEachStringSeesEveryString fills every field of a feed and checks that
// eachString visits every string field reflection finds, so that
// WithoutDocument copies them all.
func TestEachStringSeesEveryString(t *testing.T) {
	var f Feed
	// Twelve levels deep: the Media RSS metadata's lists, the podcast
	// values' time splits and the live items' entries are filled too.
	fillWithRoom(reflect.ValueOf(&f).Elem(), 0)
	// Every string field, and every Text's string value.
	want := countTexts(reflect.ValueOf(&f).Elem())
	walkModel(reflect.ValueOf(&f).Elem(), "", func(_ string, v reflect.Value) bool {
		if v.Kind() == reflect.String {
			want++
		}
		return v.Type() != reflect.TypeOf((*Text)(nil))
	})
	got := 0
	f.eachString(func(s *string) {
		if *s != "" {
			got++
		}
	}, nil)
	assert.Equal(t, want, got)
	assert.Greater(t, got, 100)
	detachFeed(&f)
	j, _ := f.MarshalJSON()
	assert.True(t, strings.Contains(string(j), `"podcast"`))
}

// TestWithoutDocumentEpisodeImage: Entry.Image gives the episode's own
// itunes:image, read from its element, also WithoutDocument (when a
// media:thumbnail is the Thumbnail).
func TestWithoutDocumentEpisodeImage(t *testing.T) {
	doc := `<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/">
<channel><title>P</title><itunes:image href="https://x/show.jpg"/>
<item><title>A</title><media:thumbnail url="https://x/thumb.jpg"/><itunes:image href="ep.jpg"/></item>
<item><title>B</title><itunes:image href="https://x/b.jpg"/></item>
<item><title>C</title></item></channel></rss>`
	for _, opts := range [][]Option{nil, {WithoutDocument()}} {
		f, err := ParseDocument(strings.NewReader(doc), append(opts, WithURL("https://x/feed"))...)
		require.NoError(t, err)
		require.Len(t, f.Entries, 3)
		require.NotNil(t, f.Entries[0].Image())
		assert.Equal(t, "https://x/ep.jpg", f.Entries[0].Image().URL)
		assert.Equal(t, "https://x/thumb.jpg", f.Entries[0].Thumbnail.URL)
		assert.Equal(t, "https://x/b.jpg", f.Entries[1].Image().URL)
		assert.Same(t, f.Entries[1].Thumbnail, f.Entries[1].Image())
		assert.Equal(t, "https://x/show.jpg", f.Entries[2].Image().URL)
	}
}

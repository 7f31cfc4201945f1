package feedspec

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"os"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/feedspec/feedspec/internal/sharedtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// dedupFeed writes an RSS feed of items (title, guid, link, date,
// enclosure; "" leaves an element out).
func dedupFeed(items [][5]string) string {
	var b strings.Builder
	b.WriteString(`<rss version="2.0"><channel><title>Blog</title><link>https://blog.example/</link>`)
	for _, it := range items {
		b.WriteString("<item>")
		for i, name := range []string{"title", "guid", "link", "pubDate"} {
			if it[i] != "" {
				fmt.Fprintf(&b, "<%s>%s</%s>", name, it[i], name)
			}
		}
		if it[4] != "" {
			fmt.Fprintf(&b, `<enclosure url="%s" type="audio/mpeg" length="1"/>`, it[4])
		}
		b.WriteString("</item>")
	}
	b.WriteString("</channel></rss>")
	return b.String()
}

// seenStore is a reader's store of DedupKeys, as DedupKeys's doc says to
// use it.
type seenStore map[string]bool

// add reports whether e is new (none of its keys stored) and stores all
// of its keys.
func (s seenStore) add(e *Entry) bool {
	keys := DedupKeys(e)
	isNew := true
	for _, k := range keys {
		if s[k] {
			isNew = false
		}
	}
	for _, k := range keys {
		s[k] = true
	}
	return isNew
}

// TestDedupKeysChangedGUIDs fetches a feed twice from a loopback server;
// the second time every GUID changed and the links gained tracking
// parameters (and one date moved): nothing is new but the one new entry.
// Entries sharing a title on different dates, and entries sharing the
// feed's home page as their link, stay apart.
func TestDedupKeysChangedGUIDs(t *testing.T) {
	first := dedupFeed([][5]string{
		{"Rain", "urn:post:1", "https://blog.example/rain", "Mon, 15 Jan 2024 13:45:00 +0100", ""},
		{"Weekly notes", "urn:post:2", "https://blog.example/notes-2", "Mon, 08 Jan 2024 09:00:00 +0000", ""},
		{"Weekly notes", "urn:post:3", "https://blog.example/notes-3", "Mon, 15 Jan 2024 09:00:00 +0000", ""},
		{"Episode 1", "urn:ep:1", "https://blog.example/", "Tue, 02 Jan 2024 09:00:00 +0000", "https://cdn.example/ep1.mp3"},
		{"Episode 2", "urn:ep:2", "https://blog.example/", "Tue, 09 Jan 2024 09:00:00 +0000", "https://cdn.example/ep2.mp3"},
	})
	second := dedupFeed([][5]string{
		{"Snow", "https://blog.example/?p=6", "https://blog.example/snow?utm_source=rss&amp;utm_medium=feed", "Tue, 16 Jan 2024 10:00:00 +0000", ""},
		{"Rain", "https://blog.example/?p=1", "https://blog.example/rain?utm_source=rss&amp;utm_medium=feed", "Mon, 15 Jan 2024 13:45:00 +0100", ""},
		{"Weekly notes", "https://blog.example/?p=2", "https://blog.example/notes-2?utm_source=rss", "Mon, 08 Jan 2024 09:00:00 +0000", ""},
		// Its date moved too: the URL key finds it.
		{"Weekly notes", "https://blog.example/?p=3", "https://Blog.Example/notes-3?utm_campaign=x", "Wed, 17 Jan 2024 09:00:00 +0000", ""},
		// Its link gained parameters and its date moved: the enclosure key
		// finds it.
		{"Episode 1", "https://blog.example/?p=4", "https://blog.example/?utm_source=rss", "Wed, 03 Jan 2024 09:00:00 +0000", "https://cdn.example/ep1.mp3?utm_medium=podcast"},
		{"Episode 2", "https://blog.example/?p=5", "https://blog.example/?utm_source=rss", "Tue, 09 Jan 2024 09:00:00 +0000", "https://cdn.example/ep2.mp3"},
	})
	var body atomic.Value
	body.Store(first)
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		serve([]string{"application/rss+xml"}, []byte(body.Load().(string)))(w, r)
	})
	f := &Fetcher{AllowAddresses: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}

	seen := seenStore{}
	res, err := f.Fetch(t.Context(), srv.URL+"/feed.xml", nil)
	require.NoError(t, err, "the first fetch")
	require.Len(t, res.Feed.Entries, 5, "the first fetch's entries")
	for i, e := range res.Feed.Entries {
		assert.True(t, seen.add(e), "first fetch, entry %d (%s) is new: two entries sharing a title on different dates, or a link, stay apart", i, e.Title)
	}

	body.Store(second)
	res, err = f.Fetch(t.Context(), srv.URL+"/feed.xml", nil)
	require.NoError(t, err, "the second fetch")
	require.Len(t, res.Feed.Entries, 6, "the second fetch's entries")
	var fresh []string
	for _, e := range res.Feed.Entries {
		if seen.add(e) {
			fresh = append(fresh, e.Title.String())
		}
	}
	assert.Equal(t, []string{"Snow"}, fresh, "new in the second fetch: the new entry only")

	// With EntryKey alone, every entry of the second fetch would have
	// been new.
	keys := map[string]bool{}
	body.Store(first)
	res, err = f.Fetch(t.Context(), srv.URL+"/feed.xml", nil)
	require.NoError(t, err, "the first feed again")
	for _, e := range res.Feed.Entries {
		keys[EntryKey(e)] = true
	}
	body.Store(second)
	res, err = f.Fetch(t.Context(), srv.URL+"/feed.xml", nil)
	require.NoError(t, err, "the second feed again")
	n := 0
	for _, e := range res.Feed.Entries {
		if !keys[EntryKey(e)] {
			n++
		}
	}
	assert.Equal(t, 6, n, "EntryKey finds none of the re-issued entries")
}

func TestDedupKeys(t *testing.T) {
	pub := time.Date(2024, 5, 1, 8, 0, 0, 0, time.UTC)
	other := pub.Add(time.Hour)
	enc := []*Enclosure{nil, {URL: ""}, {URL: "https://cdn.example/ep1.mp3?utm_medium=rss"}}
	full := &Entry{ID: " urn:x ", PageURL: "https://Example.com/p/?utm_source=x", Enclosures: enc, Title: stringText("Hello  world"), Published: &pub}
	keys := DedupKeys(full)
	require.Len(t, keys, 4, "an entry with every part: %q", keys)
	assert.Equal(t, "id:urn:x", keys[0], "the id key first")
	assert.Equal(t, EntryKey(full), keys[0], "EntryKey's for an entry with an id")
	assert.Regexp(t, `^url:[0-9a-f]{32}$`, keys[1], "the URL key")
	assert.Regexp(t, `^enclosure:[0-9a-f]{32}$`, keys[2], "the enclosure key")
	assert.Equal(t, EntryKey(&Entry{Title: full.Title, Published: &pub}), keys[3], "the title-and-date hash, as EntryKey's")

	// The same entry written otherwise gives the same keys, but its id.
	same := &Entry{ID: "urn:y", PageURL: "https://example.com/p?utm_campaign=z", Enclosures: []*Enclosure{{URL: "https://CDN.example/ep1.mp3"}},
		Title: stringText(" Hello\nworld "), Updated: &pub}
	assert.Equal(t, keys[1:], DedupKeys(same)[1:], "tracking parameters, case, space and updated for published")

	// The fragment CanonicalURL drops tells entries apart: comments of
	// one page, posts of one archive page.
	comment := func(frag string) string {
		return DedupKeys(&Entry{PageURL: "https://github.com/rails/rails/pull/2837" + frag, Title: stringText("edgarjs commented on pull request 2837")})[0]
	}
	assert.NotEqual(t, comment("#issuecomment-1"), comment("#issuecomment-2"), "two fragments")
	assert.NotEqual(t, comment(""), comment("#issuecomment-1"), "a fragment and none")
	assert.Equal(t, comment("#issuecomment-1"), DedupKeys(&Entry{PageURL: "https://github.com/rails/rails/pull/2837?utm_source=rss#issuecomment-1", Title: stringText("edgarjs  commented on pull request 2837")})[0],
		"one fragment, tracking parameters added")

	// A different title, date, URL or enclosure changes the key made of it.
	for name, e := range map[string]*Entry{
		"title":     {PageURL: full.PageURL, Enclosures: enc, Title: stringText("Hello"), Published: &pub},
		"date":      {PageURL: full.PageURL, Enclosures: enc, Title: full.Title, Published: &other},
		"URL":       {PageURL: "https://example.com/q", Enclosures: enc, Title: full.Title, Published: &pub},
		"enclosure": {PageURL: full.PageURL, Enclosures: []*Enclosure{{URL: "https://cdn.example/ep2.mp3"}}, Title: full.Title, Published: &pub},
	} {
		got := DedupKeys(e)
		require.Len(t, got, 3, name)
		changed := 0
		for i, k := range got {
			if k != keys[i+1] {
				changed++
			}
		}
		want := map[string]int{"title": 3, "date": 1, "URL": 1, "enclosure": 1}[name]
		assert.Equal(t, want, changed, "%s: keys changed", name)
	}

	// Fewer parts, fewer keys; never an empty key, never none.
	for _, tc := range []struct {
		name   string
		e      *Entry
		kinds  []string
		entKey bool // the only key is EntryKey's
	}{
		{"id only", &Entry{ID: "urn:x"}, []string{"id:"}, false},
		{"space-only id", &Entry{ID: " \n", PageURL: "https://a.example/"}, []string{"url:"}, false},
		{"URL only", &Entry{PageURL: "https://a.example/"}, []string{"url:"}, false},
		{"URL CanonicalURL rejects", &Entry{PageURL: "not a url"}, []string{"url:"}, false},
		{"enclosure only", &Entry{Enclosures: enc}, []string{"enclosure:"}, false},
		{"enclosures without a URL", &Entry{Enclosures: []*Enclosure{nil, {}}, Title: stringText("t")}, []string{"hash:"}, true},
		{"title and date", &Entry{Title: stringText("t"), Updated: &pub}, []string{"hash:"}, true},
		{"title, no date", &Entry{ID: "urn:x", Title: stringText("t")}, []string{"id:"}, false},
		{"date, no title", &Entry{ID: "urn:x", Published: &pub}, []string{"id:"}, false},
		{"title only", &Entry{Title: stringText("t")}, []string{"hash:"}, true},
		{"date only", &Entry{Published: &pub}, []string{"hash:"}, true},
		{"summary only", &Entry{Summary: stringText("s")}, []string{"hash:"}, true},
		{"nothing", &Entry{}, []string{"hash:"}, true},
		{"nil", nil, []string{"hash:"}, true},
	} {
		got := DedupKeys(tc.e)
		require.Len(t, got, len(tc.kinds), "%s: %q", tc.name, got)
		for i, k := range got {
			assert.True(t, strings.HasPrefix(k, tc.kinds[i]), "%s: key %d is %q", tc.name, i, k)
			assert.Greater(t, len(k), len(tc.kinds[i]), "%s: key %d is empty after its kind", tc.name, i)
		}
		if tc.entKey {
			assert.Equal(t, []string{EntryKey(tc.e)}, got, "%s: EntryKey's key", tc.name)
		}
	}
	assert.Equal(t, DedupKeys(&Entry{}), DedupKeys(nil), "nil is an empty entry")

	// No two pairs of URL and title give the same bytes to hash.
	assert.NotEqual(t, DedupKeys(&Entry{PageURL: "https://a.example/x", Title: stringText("y")}),
		DedupKeys(&Entry{PageURL: "https://a.example/", Title: stringText("xy")}), "URL and title apart")
}

// TestDedupKeysCorpus reads every corpus feed: each entry has keys, none
// empty, the first EntryKey's when it has an id, and the keys of few
// entries are those of an earlier entry of the same feed with another
// EntryKey (which a reader following DedupKeys's doc takes for one). It
// logs how many entries one URL or enclosure alone would have merged
// (the figures DedupKeys's doc gives).
func TestDedupKeysCorpus(t *testing.T) {
	files := sharedtest.CorpusFiles(t)
	var feeds, entries, merged, byURL, byEnclosure, byTitle int
	feedsMerged, feedsByURL, feedsByEnclosure, feedsByTitle := 0, 0, 0, 0
	for _, path := range files {
		b, err := os.ReadFile(path)
		require.NoError(t, err, path)
		f, _ := ParseDocument(bytes.NewReader(b), WithRecovery())
		if f == nil {
			continue
		}
		feeds++
		seen := map[string]string{} // key -> EntryKey of the entry that stored it
		url, encl, title := map[string]string{}, map[string]string{}, map[string]string{}
		m, u, en, ti := 0, 0, 0, 0
		for _, e := range f.Entries {
			entries++
			ek := EntryKey(e)
			keys := DedupKeys(e)
			require.NotEmpty(t, keys, "%s: an entry without keys", path)
			for _, k := range keys {
				require.NotEmpty(t, k, "%s: an empty key", path)
			}
			if trimSpaceCharacters(e.ID) != "" {
				require.Equal(t, ek, keys[0], "%s: the first key", path)
			}
			hit := false
			for _, k := range keys {
				if prev, ok := seen[k]; ok && prev != ek {
					hit = true
				}
			}
			if hit {
				m++
			}
			for _, k := range keys {
				if _, ok := seen[k]; !ok {
					seen[k] = ek
				}
			}
			// What a URL, an enclosure or a title alone would merge.
			alone := func(store map[string]string, k string) int {
				if prev, ok := store[k]; ok && prev != ek {
					return 1
				}
				if _, ok := store[k]; !ok {
					store[k] = ek
				}
				return 0
			}
			if e.PageURL != "" {
				u += alone(url, canonicalOrSelf(e.PageURL))
			}
			for _, enc := range e.Enclosures {
				if enc != nil && enc.URL != "" {
					en += alone(encl, canonicalOrSelf(enc.URL))
					break
				}
			}
			if t := string(appendCollapsedSpace(nil, e.Title.TextContent())); t != "" {
				ti += alone(title, t)
			}
		}
		count := func(n int, total, feeds *int) {
			*total += n
			if n > 0 {
				*feeds++
			}
		}
		count(m, &merged, &feedsMerged)
		count(u, &byURL, &feedsByURL)
		count(en, &byEnclosure, &feedsByEnclosure)
		count(ti, &byTitle, &feedsByTitle)
	}
	t.Logf("%d feeds, %d entries: DedupKeys merges %d entries of %d feeds with an earlier entry of the same feed; a URL alone would merge %d of %d feeds, an enclosure alone %d of %d, a title alone %d of %d",
		feeds, entries, merged, feedsMerged, byURL, feedsByURL, byEnclosure, feedsByEnclosure, byTitle, feedsByTitle)
	require.Greater(t, entries, 10000, "the corpus's entries")
	assert.LessOrEqual(t, merged*1000, entries, "DedupKeys merges at most 0.1%% of the corpus's entries with another of their feed")
	assert.Greater(t, byURL, 10*merged, "a URL alone would merge many more")
}

// TestDedupKeysLinear grows an entry's id, URLs and title 10 times: the
// bytes DedupKeys allocates grow at most 12 times. One entry's URLs go
// through CanonicalURL (long segments, many query parameters); the other's
// have more slashes than CanonicalURL accepts and are used as they are.
func TestDedupKeysLinear(t *testing.T) {
	pub := time.Date(2024, 5, 1, 8, 0, 0, 0, time.UTC)
	entry := func(n int, slash string) *Entry {
		return &Entry{
			ID:         "urn:" + strings.Repeat("i", n),
			PageURL:    "https://example.com/" + strings.Repeat("p"+slash, n/2) + "/x?utm_source=x&" + strings.Repeat("a=1&", n/4),
			Enclosures: []*Enclosure{{URL: "https://cdn.example/" + strings.Repeat("e"+slash, n/2) + ".mp3?b=%41&" + strings.Repeat("c=2&", n/4)}},
			Title:      stringText(strings.Repeat("word  ", n/6)),
			Published:  &pub,
		}
	}
	size := func(e *Entry) int {
		return len(e.ID) + len(e.PageURL) + len(e.Enclosures[0].URL) + len(e.Title.String())
	}
	alloc := func(e *Entry) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range 10 {
			_ = DedupKeys(e)
		}
		runtime.ReadMemStats(&after)
		return (after.TotalAlloc - before.TotalAlloc) / 10
	}
	for _, slash := range []string{"", "/"} {
		small, large := entry(10_000, slash), entry(100_000, slash)
		require.Len(t, DedupKeys(small), 4, "every key")
		_, err := CanonicalURL(small.PageURL)
		require.Equal(t, slash == "/", errors.Is(err, ErrLimit), "CanonicalURL refuses the URL of many slashes only: %v", err)
		a, b := alloc(small), alloc(large)
		t.Logf("slashes %q: bytes allocated a call: %d for an entry of %d bytes (%.1f a byte), %d for %d (%.1f a byte)",
			slash, a, size(small), float64(a)/float64(size(small)), b, size(large), float64(b)/float64(size(large)))
		require.NotZero(t, a, "allocations counted")
		assert.LessOrEqual(t, float64(b)/float64(a), 12.0, "slashes %q: 10x the input, at most 12x the bytes allocated", slash)
	}
}

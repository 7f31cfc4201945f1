package feedspec

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// smallFeed is a 259-byte RSS feed with relative links, the size of the
// smallest feeds a reader polls.
const smallFeed = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Notes</title><link>/</link><description>Things</description>
<item><title>Hello</title><link>/notes/hello</link><pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate></item>
</channel></rss>
`

const smallFeedURL = "https://www.example.com/notes/feed.xml?format=rss"

// BenchmarkParseDocumentSmall parses a 259-byte feed without and with
// WithURL, whose document URL is parsed once per distinct URL
// (urlcache.go).
func BenchmarkParseDocumentSmall(b *testing.B) {
	in := []byte(smallFeed)
	b.Run("small", func(b *testing.B) { benchParseDocuments(b, [][]byte{in}, false) })
	b.Run("small-withURL", func(b *testing.B) {
		benchParseDocuments(b, [][]byte{in}, false, WithURL(smallFeedURL))
	})
}

func TestSmallFeedWithURLAllocs(t *testing.T) {
	require.Len(t, smallFeed, 259)
	in := []byte(smallFeed)
	parse := func(opts ...Option) func() {
		return func() {
			_, err := ParseDocument(bytes.NewReader(in), opts...)
			require.NoError(t, err)
		}
	}
	without := testing.AllocsPerRun(50, parse())
	with := testing.AllocsPerRun(50, parse(WithURL(smallFeedURL)))
	t.Logf("allocations: %.0f without WithURL, %.0f with", without, with)
	// The document URL is not parsed again (65 allocations when it was)
	// and the two path-absolute links take the fast path (20 allocations
	// each in the URL parser).
	assert.LessOrEqual(t, with, without+2, "WithURL costs %.0f allocations more", with-without)
}

func TestDocumentURLCacheSameOutput(t *testing.T) {
	urls := []string{
		smallFeedURL,
		"http://example.org/a/b/c?x=1&y=2#frag",
		"https://EXAMPLE.net:443/feed",
		"not a url",
		"",
		"https://xn--nxasmq6b.example/%7Efeed/?q=\u00e9",
	}
	for _, u := range urls {
		want, err := ParseDocument(strings.NewReader(smallFeed), WithURL(u))
		require.NoError(t, err)
		for i := 0; i < 3; i++ { // from the cache now
			got, err := ParseDocument(strings.NewReader(smallFeed), WithURL(u))
			require.NoError(t, err)
			assert.Equal(t, string(want.AppendJSON(nil)), string(got.AppendJSON(nil)), "URL %q", u)
		}
		if u != "" && u != "not a url" {
			assert.Equal(t, urlFor(u, "/notes/hello"), want.Entries[0].PageURL, "URL %q", u)
		}
	}
}

// urlFor resolves ref against base with the URL library directly.
func urlFor(base, ref string) string {
	b, err := urlParser.Parse(base)
	if err != nil {
		return ""
	}
	u, err := urlParser.BasicParser(ref, b, nil, 0)
	if err != nil {
		return ""
	}
	return u.Href(false)
}

func TestDocumentURLCacheBounded(t *testing.T) {
	for i := 0; i < 4*docURLCacheSize; i++ {
		require.NotNil(t, parseDocumentURL(fmt.Sprintf("https://example.com/feed/%d", i)))
		docURLCache.Lock()
		n := len(docURLCache.m)
		docURLCache.Unlock()
		require.LessOrEqual(t, n, docURLCacheSize)
	}
	long := "https://example.com/" + strings.Repeat("a", docURLMaxLen)
	require.NotNil(t, parseDocumentURL(long))
	docURLCache.Lock()
	_, cached := docURLCache.m[long]
	docURLCache.Unlock()
	assert.False(t, cached, "a URL longer than docURLMaxLen is not kept")
}

// TestDocumentURLCacheConcurrent parses feeds with a few shared URLs from
// many goroutines (run with -race): every result equals the one parsed
// alone. The path-relative link goes through the URL parser, which clones
// the shared base.
func TestDocumentURLCacheConcurrent(t *testing.T) {
	feed := strings.Replace(smallFeed, "<link>/notes/hello</link>", "<link>hello?a=1</link>", 1)
	require.NotEqual(t, smallFeed, feed)
	urls := []string{smallFeedURL, "http://example.org/x/?q=1", "https://a.example/b/c/"}
	want := make([]string, len(urls))
	for i, u := range urls {
		f, err := ParseDocument(strings.NewReader(feed), WithURL(u))
		require.NoError(t, err)
		want[i] = string(f.AppendJSON(nil))
	}
	// The goroutines below are the first users of the cached URLs.
	docURLCache.Lock()
	for _, u := range urls {
		delete(docURLCache.m, u)
	}
	docURLCache.Unlock()
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 30; i++ {
				k := (g + i) % len(urls)
				f, err := ParseDocument(strings.NewReader(feed), WithURL(urls[k]))
				if err != nil || string(f.AppendJSON(nil)) != want[k] {
					errs <- fmt.Sprintf("goroutine %d, URL %q: different output (err %v)", g, urls[k], err)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		assert.Fail(t, e)
	}
}

package feedspec

import (
	"bytes"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countedPeak returns the bytes f allocated with the collector off: an
// upper bound of the heap f's call peaked at above the heap before it
// (nothing f allocated is freed before it returns), which no collection's
// timing moves. The collector is switched back on afterwards, and the
// garbage collected.
func countedPeak(f func()) uint64 {
	runtime.GC()
	old := debug.SetGCPercent(-1)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	debug.SetGCPercent(old)
	runtime.GC()
	return after.TotalAlloc - before.TotalAlloc
}

// A parseMode is a way of parsing that the bounds are asserted for: as
// ParseDocument does by default, WithoutDocument, and as a Fetcher does
// (ParseResponse with the Fetcher's options and the response's URL).
type parseMode struct {
	name string
	// parse parses in, the document of a response with the given
	// Content-Type.
	parse func(in []byte, contentType string) (*Feed, error)
}

var parseModes = []parseMode{
	{"ParseDocument", func(in []byte, _ string) (*Feed, error) {
		return ParseDocument(bytes.NewReader(in), WithURL("https://example.com/feed.xml"))
	}},
	{"WithoutDocument", func(in []byte, _ string) (*Feed, error) {
		return ParseDocument(bytes.NewReader(in), WithURL("https://example.com/feed.xml"), WithoutDocument())
	}},
	{"Fetcher", func(in []byte, contentType string) (*Feed, error) {
		// The Fetcher's options (recovery, WithoutDocument, its
		// body limit) on a 200 response from its URL.
		res := memResponse(in, -1, "Content-Type", contentType)
		return ParseResponse(res, (&Fetcher{}).options()...)
	}},
}

// TestTextGrowthParsesLinearly asserts, for each shape of issue 34's
// finding 1 (an Atom title of "&lt;b&gt;&a;&lt;/b&gt;" with a 100-byte
// entity a, an RSS title of "&amp;&a;", and a title of "&lt;&nGt;", whose
// reference is shorter than its characters) at k and 10k references, in
// each parseMode, that the bytes allocated with the collector off (an upper
// bound of the peak) grow at most 12 times for 10 times the references, and
// stay within 16 bytes per byte of the input and of the text the entities
// add. Before the fix, 10 times the references allocated 75 to 86 times the
// bytes (Atom: 5.99 MB for 22 KB of input, 513 MB for 220 KB).
func TestTextGrowthParsesLinearly(t *testing.T) {
	entity := strings.Repeat("x", 100)
	shapes := []struct {
		name, contentType string
		doc               func(k int) string
		// title is the feed's title for k references.
		title func(k int) string
		// perRef is how many bytes an entity adds per reference.
		perRef int
	}{
		{
			"Atom title of &lt;b&gt;&a;&lt;/b&gt;", "application/atom+xml",
			func(k int) string {
				return `<!DOCTYPE feed [<!ENTITY a "` + entity + `">]><feed xmlns="http://www.w3.org/2005/Atom"><title>` +
					strings.Repeat("&lt;b&gt;&a;&lt;/b&gt;", k) + `</title></feed>`
			},
			func(k int) string { return strings.Repeat("<b>"+entity+"</b>", k) }, len(entity),
		},
		{
			"RSS title of &amp;&a;", "application/rss+xml",
			func(k int) string {
				return `<!DOCTYPE rss [<!ENTITY a "` + entity + `">]><rss version="2.0"><channel><title>` +
					strings.Repeat("&amp;&a;", k) + `</title></channel></rss>`
			},
			func(k int) string { return strings.Repeat("&"+entity, k) }, len(entity),
		},
		{
			"RSS title of &lt;&nGt;", "application/rss+xml",
			func(k int) string {
				return `<rss version="2.0"><channel><title>` + strings.Repeat("&lt;&nGt;", k) + `</title></channel></rss>`
			},
			func(k int) string { return strings.Repeat("<\u226b\u20d2", k) }, 0,
		},
	}
	const k = 1000
	for _, s := range shapes {
		for _, m := range parseModes {
			t.Run(s.name+"/"+m.name, func(t *testing.T) {
				var small, large uint64
				for _, n := range []int{k, 10 * k} {
					in := []byte(s.doc(n))
					var f *Feed
					var err error
					alloc := countedPeak(func() { f, err = m.parse(in, s.contentType) })
					require.NoError(t, err)
					require.NotNil(t, f)
					title := s.title(n)
					require.Equal(t, title, f.Title.String(), "the feed's title")
					added := n * s.perRef // the entities' expansion
					perByte := float64(alloc) / float64(len(in)+added)
					t.Logf("%d references: %d bytes in, %d added, %d allocated (%.2f a byte)", n, len(in), added, alloc, perByte)
					assert.LessOrEqual(t, perByte, 16.0, "bytes allocated per byte of input and expansion, %d references", n)
					if n == k {
						small = alloc
					} else {
						large = alloc
					}
				}
				ratio := float64(large) / float64(small)
				t.Logf("10 times the references: %.2f times the bytes", ratio)
				assert.LessOrEqual(t, ratio, 12.0, "bytes allocated for 10 times the references, want linear growth")
			})
		}
	}
}

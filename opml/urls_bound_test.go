package opml

import (
	"bytes"
	"strings"
	"testing"

	whatwgurl "github.com/nlnwa/whatwg-url/url"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// urlShapes are feed URLs of n path segments that miss feedspec's fast
// path, so that Subscriptions resolves them with the URL parser (the
// WHATWG library built such a path in time and memory the square of its
// segments: 20 KB of "p/" allocated 106 MB).
var urlShapes = []struct {
	name string
	url  func(n int) string
}{
	{"dot segments", func(n int) string { return "https://example.com/./" + strings.Repeat("p/", n) }},
	{"%2e segments", func(n int) string { return "https://example.com/" + strings.Repeat("%2e/p/", n) }},
	{"backslashes", func(n int) string { return `https://example.com\` + strings.Repeat(`p\`, n) }},
	{"double dots", func(n int) string { return "https://example.com/" + strings.Repeat("a/b/../", n) }},
	{"relative", func(n int) string { return "./" + strings.Repeat("p/", n) }},
	{"relative with spaces", func(n int) string { return strings.Repeat("p q/", n) }},
}

// TestSubscriptionURLsLinear resolves each shape at 1,000 and 10,000
// segments, as an outline's xmlUrl and htmlUrl against the document's URL:
// Subscriptions allocates at most 12 times the bytes for 10 times the
// URLs, and gives the WHATWG library's URL.
func TestSubscriptionURLsLinear(t *testing.T) {
	const docURL = "https://lists.example/me/subs.opml"
	doc := func(u string) []byte {
		return []byte(`<opml version="2.0"><body><outline text="a" xmlUrl="` + u + `" htmlUrl="` + u + `"/></body></opml>`)
	}
	base, err := whatwgurl.NewParser().Parse(docURL)
	require.NoError(t, err)
	for _, shape := range urlShapes {
		var costs [2]uint64
		for i, n := range []int{1000, 10000} {
			u := shape.url(n)
			d, err := Parse(bytes.NewReader(doc(u)), WithURL(docURL))
			require.NoError(t, err, shape.name)
			var subs []Subscription
			costs[i], _ = allocated(func() { subs = d.Subscriptions() })
			require.Len(t, subs, 1, "%s at %d segments", shape.name, n)
			if n == 1000 {
				want, err := base.Parse(u)
				require.NoError(t, err, shape.name)
				assert.Equal(t, want.Href(false), subs[0].FeedURL, "%s: the library's URL", shape.name)
				assert.Equal(t, want.Href(false), subs[0].PageURL, "%s: the library's URL", shape.name)
			}
			t.Logf("%s, %d segments (%d bytes): %d bytes allocated, %.1f a byte of the URL", shape.name, n, len(u), costs[i], float64(costs[i])/float64(len(u)))
		}
		assert.LessOrEqual(t, float64(costs[1])/float64(costs[0]), 12.0, "%s: 10 times the segments", shape.name)
	}
}

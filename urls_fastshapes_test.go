package feedspec

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSimpleHTTPURLShapes: the shapes the fast path takes besides canonical
// URLs (indented URLs, upper case in the host) give the parser's answer,
// and the ones it must leave to the parser are left.
func TestSimpleHTTPURLShapes(t *testing.T) {
	base, err := urlParser.Parse("https://base.example/dir/feed.xml")
	require.NoError(t, err)
	for _, c := range []struct {
		in   string
		fast bool
	}{
		{"\n\t\thttps://example.com/a/b\n\t", true},
		{"  http://example.com", true},
		{"http://example.com?q \x00", true},
		{"\x01\x1fhttps://example.com/#x\x7f", false}, // DEL is not stripped
		{"\u00a0https://example.com/", false},         // nor a no-break space
		{"\thttps://exa\tmple.com/", false},           // a tab inside is removed: the parser's
		{"http://ANON.com/rss", true},
		{"http://CodeSnipers.com", true},
		{"http://CodeSnipers.com?q=a#c", true},
		{"http://CodeSnipers.com#c", true},
		{"HTTP://example.com/", false},
		{"https://EXAMPLE.COM/A/B?C#D", true},
		{"https://XN--nxasmq6b.com/", false},
		{"https://Xn--nxasmq6b.com/", false},
		{"https://a.xN--nxasmq6b/", false},
		{"https://Example.123/", false},
		{"https://Example.Z23/", true},
		{"https://-A.B-/", true},
		{"\n https://WWW.Example.COM \n", true},
		{" ", false},
		{"", false},
	} {
		got, ok := simpleHTTPURL(c.in)
		assert.Equal(t, c.fast, ok, "%q", c.in)
		if ok {
			assert.Equal(t, fullParse(c.in, nil), got, "%q", c.in)
			assert.Equal(t, fullParse(c.in, base), got, "%q with a base", c.in)
		}
	}
}

// TestSimpleHTTPURLCorpusShapes: every corpus URL, indented and with its host
// in upper case, gets the parser's answer from the fast path.
func TestSimpleHTTPURLCorpusShapes(t *testing.T) {
	urls := corpusURLs(t) // urls_test.go
	base, err := urlParser.Parse("https://base.example/dir/feed.xml")
	require.NoError(t, err)
	host := regexp.MustCompile(`^(https?://)([^/?#]*)`)
	fast := 0
	for _, u := range urls {
		upper := host.ReplaceAllStringFunc(u, func(h string) string {
			hb := []byte(h)
			for k := range hb {
				if k%2 == 0 && 'a' <= hb[k] && hb[k] <= 'z' && k >= len("https://") {
					hb[k] -= 'a' - 'A'
				}
			}
			return string(hb)
		})
		for _, s := range []string{"\n\t\t" + u + "\n\t", upper, " " + upper + " "} {
			if checkSimpleHTTPURL(t, s, base) {
				fast++
			}
		}
	}
	t.Logf("%d fast of %d shaped URLs", fast, 3*len(urls))
	require.Greater(t, fast, len(urls), "indented and upper-case URLs take the fast path")
}

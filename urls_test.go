package feedspec

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	whatwgurl "github.com/nlnwa/whatwg-url/url"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fullParse is "parse a URL" with the WHATWG parser only (no fast path).
func fullParse(s string, base *whatwgurl.Url) string {
	var (
		u   *whatwgurl.Url
		err error
	)
	if base != nil {
		u, err = urlParser.BasicParser(s, base, nil, whatwgurl.NoState)
	} else {
		u, err = urlParser.Parse(s)
	}
	if err != nil {
		return ""
	}
	return u.Href(false)
}

// checkSimpleHTTPURL fails when the fast path accepts s but the WHATWG
// parser gives another serialization, with or without a base.
func checkSimpleHTTPURL(t *testing.T, s string, base *whatwgurl.Url) bool {
	t.Helper()
	got, ok := simpleHTTPURL(s)
	if !ok {
		return false
	}
	if want := fullParse(s, nil); got != want {
		t.Errorf("simpleHTTPURL(%q) = %q, the parser gives %q", s, got, want)
	}
	if want := fullParse(s, base); got != want {
		t.Errorf("simpleHTTPURL(%q) = %q, the parser with a base gives %q", s, got, want)
	}
	return true
}

var simpleURLCases = []struct {
	in   string
	fast bool
}{
	{"https://example.com/", true},
	{"https://example.com", true},
	{"http://example.com?q=1", true},
	{"http://example.com#f", true},
	{"https://www.example.co.uk/a/b.c/d-e_f~g!$&()*+,;=:@x?y=z&w=1/2?#frag#x", true},
	{"https://example.com/%7Euser/%E6%97%A5", true},
	{"https://example.com/a/.hidden/..x/", true},
	{"https://a-b.example/-/", true},
	{"https://example.com/a?..", true},
	{"https://example.com/a#/../", true},
	{"https://example.com/a/../b", false},
	{"https://example.com/a/./b", false},
	{"https://example.com/a/..", false},
	{"https://example.com/.", false},
	{"https://example.com/%2e%2E/", false},
	{"https://example.com/%zz", false},
	{"https://example.com/%4", false},
	{"HTTPS://example.com/", false},
	{"https://Example.com/", false},
	{"https://example.com:443/", false},
	{"https://example.com:8080/", false},
	{"https://user@example.com/", false},
	{"https://127.0.0.1/", false},
	{"https://example.0x1/", false},
	{"http://-0", false},
	{"http://a.-1/", false},
	{"https://xn--nxasmq6b.example/", false},
	{"https://bücher.example/", false},
	{"https://exa_mple.com/", false},
	{"https://example..com/", false},
	{"https://example.com./", false},
	{"https://.example.com/", false},
	{"https:///x", false},
	{"https://", false},
	{"https://[::1]/", false},
	{"https://example.com/a b", false},
	{"https://example.com/a\tb", false},
	{" https://example.com/", false},
	{"https://example.com/\\x", false},
	{"https://example.com/a'b", false},
	{"https://example.com/a|b^c", false},
	{"https://example.com/ü", false},
	{"ftp://example.com/", false},
	{"//example.com/", false},
	{"/relative", false},
	{"", false},
}

func TestSimpleHTTPURL(t *testing.T) {
	base, err := urlParser.Parse("https://base.example/dir/feed.xml")
	require.NoError(t, err)
	for _, tt := range simpleURLCases {
		assert.Equal(t, tt.fast, checkSimpleHTTPURL(t, tt.in, base), "fast path for %q", tt.in)
	}
}

// TestSimpleHTTPURLAgreesWithParser runs the fast path on every URL-looking
// string of the corpus (when present) and checks it against the parser.
func TestSimpleHTTPURLAgreesWithParser(t *testing.T) {
	files, _ := filepath.Glob("../shared/corpus/feeds/*")
	if len(files) == 0 {
		t.Skip("the corpus is not at ../shared/corpus/feeds; skipping")
	}
	base, err := urlParser.Parse("https://base.example/dir/feed.xml")
	require.NoError(t, err)
	re := regexp.MustCompile(`https?://[^\s"'<>]*`)
	seen := map[string]bool{}
	total, fast := 0, 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range re.FindAll(b, -1) {
			if seen[string(m)] {
				continue
			}
			seen[string(m)] = true
			total++
			if checkSimpleHTTPURL(t, string(m), base) {
				fast++
			}
		}
	}
	t.Logf("%d of %d distinct corpus URLs take the fast path", fast, total)
}

func FuzzSimpleHTTPURL(f *testing.F) {
	for _, tt := range simpleURLCases {
		f.Add(tt.in)
	}
	base, err := urlParser.Parse("https://base.example/dir/feed.xml")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkSimpleHTTPURL(t, s, base)
	})
}

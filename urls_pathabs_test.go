package feedspec

import (
	"testing"

	whatwgurl "github.com/nlnwa/whatwg-url/url"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPathAbsoluteURLAgreesWithParser resolves path-absolute references
// against bases with the fast path and with the URL Standard's parser: where
// the fast path answers, both agree, and it answers for the common case.
func TestPathAbsoluteURLAgreesWithParser(t *testing.T) {
	bases := []string{
		"https://www.example.com/notes/feed.xml?format=rss#top",
		"http://example.org",
		"https://EXAMPLE.net/a/b/",
		"https://user:pw@example.com/feed",
		"https://example.com:8443/feed",
		"https://example.com:443/feed",
		"http://192.168.0.1/feed",
		"https://xn--nxasmq6b.example/feed",
		"https://\u00e9xample.com/feed",
		"ftp://example.com/feed",
		"file:///home/feed.xml",
		"mailto:someone@example.com",
	}
	refs := []string{
		"/", "/notes/hello", "/a/./b", "/a/../b", "/.", "/..", "/a/%2e/b", "/a b",
		"/a?q=1&r=2#f", "/a?q=\u00e9", "/\u00e9t\u00e9", "//other.example/x", "/\\other",
		"/a\tb", "/a\nb", "/a/", "/%41%zz", "/a#b#c", "/a:b@c", "/~user/", "/a/.hidden",
	}
	answered := 0
	for _, b := range bases {
		base, err := urlParser.Parse(b)
		require.NoError(t, err, b)
		for _, r := range refs {
			origin, root, _ := simpleBaseParts(base.Href(false))
			if fast, ok := pathAbsoluteFromOrigin(r, origin, root); ok {
				u, err := urlParser.BasicParser(r, base, nil, whatwgurl.NoState)
				require.NoError(t, err, "%q against %q", r, b)
				assert.Equal(t, u.Href(false), fast, "pathAbsoluteFromOrigin: %q against %q", r, b)
			}
			fast, ok := pathAbsoluteURL(r, base)
			if !ok {
				continue
			}
			answered++
			u, err := urlParser.BasicParser(r, base, nil, whatwgurl.NoState)
			require.NoError(t, err, "%q against %q", r, b)
			assert.Equal(t, u.Href(false), fast, "%q against %q", r, b)
		}
	}
	assert.Greater(t, answered, 20, "the fast path answers for plain http(s) bases")
	_, ok := pathAbsoluteURL("/a", nil)
	assert.False(t, ok, "no base, no answer")
	_, ok = pathAbsoluteURL("a/b", mustParseURL(t, "https://example.com/"))
	assert.False(t, ok, "a path-relative reference goes to the parser")
}

func mustParseURL(t *testing.T, s string) *whatwgurl.Url {
	u, err := urlParser.Parse(s)
	require.NoError(t, err)
	return u
}

// pathAbsoluteURL is pathAbsoluteFromOrigin written for a parsed base, as
// the tests' reference: for a path-absolute reference ("/a/b", not
// "//host") against an http(s) base with no user info and no port, the
// parse of the base's origin followed by text, which simpleHTTPURL gives
// when that string is already canonical; false for anything else.
// TestPathAbsoluteURLAgreesWithParser checks it against the parser.
func pathAbsoluteURL(text string, base *whatwgurl.Url) (string, bool) {
	if base == nil || len(text) == 0 || text[0] != '/' || len(text) > 1 && (text[1] == '/' || text[1] == '\\') {
		return "", false
	}
	scheme := base.Scheme()
	if scheme != "http" && scheme != "https" || base.Username() != "" || base.Password() != "" || base.Port() != "" {
		return "", false
	}
	host := base.Hostname()
	if host == "" {
		return "", false
	}
	return simpleHTTPURL(scheme + "://" + host + text)
}

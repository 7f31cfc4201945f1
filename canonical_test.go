package feedspec

import (
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCanonicalURL(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		// Step 1 (the notes' example).
		{"lowercase scheme and host", "HTTPS://WWW.Example.COM", "https://www.example.com/"},
		{"path case kept", "http://Example.com/About/Us", "http://example.com/About/Us"},
		{"non-special host lowercased", "foo://Host.Example/x", "foo://host.example/x"},
		{"IDN host to punycode", "http://BÜCHER.example/", "http://xn--bcher-kva.example/"},
		// Step 2.
		{"http default port", "http://example.com:80/a", "http://example.com/a"},
		{"https default port", "https://example.com:443/a", "https://example.com/a"},
		{"other port kept", "https://example.com:8443/a", "https://example.com:8443/a"},
		{"http port 443 kept", "http://example.com:443/a", "http://example.com:443/a"},
		// Step 3.
		{"trailing slash", "https://example.com/blog/post/", "https://example.com/blog/post"},
		{"trailing slashes", "https://example.com/blog//", "https://example.com/blog"},
		{"root kept", "https://example.com/", "https://example.com/"},
		{"empty path is root", "https://example.com", "https://example.com/"},
		{"only slashes", "https://example.com//", "https://example.com/"},
		{"trailing slash before query", "https://example.com/a/?x=1", "https://example.com/a?x=1"},
		{"dot segments", "https://example.com/a/./b/../c/", "https://example.com/a/c"},
		// Step 4.
		{"sort parameters", "https://example.com/p?b=2&a=1&c=3", "https://example.com/p?a=1&b=2&c=3"},
		{"same name keeps order", "https://example.com/p?z=1&a=2&a=1", "https://example.com/p?a=2&a=1&z=1"},
		{"empty parameters dropped", "https://example.com/p?b=2&&a=1&", "https://example.com/p?a=1&b=2"},
		{"empty query dropped", "https://example.com/p?", "https://example.com/p"},
		{"value-less parameter", "https://example.com/p?print&a=1", "https://example.com/p?a=1&print"},
		// Step 5.
		{"all tracking parameters",
			"https://example.com/a?utm_source=x&utm_medium=y&utm_campaign=z&utm_content=c&utm_term=t&ref=r&source=s&fbclid=f&gclid=g&mc_cid=m&mc_eid=e",
			"https://example.com/a"},
		{"tracking mixed with real", "https://example.com/a?id=7&utm_source=rss&utm_medium=feed", "https://example.com/a?id=7"},
		{"tracking case-insensitive", "https://example.com/a?UTM_Source=x&id=1", "https://example.com/a?id=1"},
		{"encoded tracking name", "https://example.com/a?utm%5Fsource=x&id=1", "https://example.com/a?id=1"},
		{"tracking-like name kept", "https://example.com/a?reference=1&utm=2", "https://example.com/a?reference=1&utm=2"},
		// Step 6 (the notes' example is %41 -> A).
		{"decode unreserved in path", "https://example.com/%41%62c%2D%5F%2E%7E", "https://example.com/Abc-_.~"},
		{"keep reserved escapes", "https://example.com/a%2Fb%3F", "https://example.com/a%2Fb%3F"},
		{"uppercase escapes", "https://example.com/a%2fb%c3%a9", "https://example.com/a%2Fb%C3%A9"},
		{"decode in query", "https://example.com/?q=%41%26", "https://example.com/?q=A%26"},
		{"parser encodes space", "https://example.com/a b", "https://example.com/a%20b"},
		{"stray percent", "https://example.com/100%", "https://example.com/100%"},
		// Step 7.
		{"fragment dropped", "https://example.com/a#section", "https://example.com/a"},
		{"empty fragment dropped", "https://example.com/a#", "https://example.com/a"},
		{"hash-bang route kept", "https://example.com/#!/post/1", "https://example.com/#!/post/1"},
		{"slash route kept", "https://example.com/app#/post/1", "https://example.com/app#/post/1"},
		// All together.
		{"everything", "HTTP://Example.COM:80/Blog/%7Euser/?utm_source=rss&b=2&a=1#top",
			"http://example.com/Blog/~user?a=1&b=2"},
		// Other schemes.
		{"mailto opaque path", "MAILTO:Someone@Example.com#x", "mailto:Someone@Example.com"},
		{"whitespace trimmed", "  https://example.com/a/  ", "https://example.com/a"},
		// Found by fuzzing.
		{"query starting with ?", "A:??", "a:??"},
		{"query parameter ?", "https://example.com/??b&a", "https://example.com/??b&a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := CanonicalURL(tt.in)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			// Canonicalizing is idempotent.
			again, err := CanonicalURL(got)
			require.NoError(t, err)
			assert.Equal(t, got, again)
		})
	}
}

func TestCanonicalURLErrors(t *testing.T) {
	for _, in := range []string{"", "/relative/path", "example.com/a", "http://exa mple.com/", "https://[::1/", "http://"} {
		t.Run(in, func(t *testing.T) {
			got, err := CanonicalURL(in)
			assert.Error(t, err)
			assert.Empty(t, got)
		})
	}
}

// TestCanonicalURLSlashes: a URL of more than 64 slashes (and backslashes)
// before its query is refused with ErrLimit, whose path the URL parser
// would serialize at a cost of the square of its length; slashes in the
// query and fragment do not count. Below the limit, the bytes allocated
// grow with the URL's length, not its square.
func TestCanonicalURLSlashes(t *testing.T) {
	at := "https://example.com/" + strings.Repeat("a/", 61) // 64 slashes
	got, err := CanonicalURL(at)
	require.NoError(t, err, "64 slashes")
	assert.Equal(t, strings.TrimSuffix(at, "/"), got, "64 slashes")
	for _, over := range []string{at + "b/", `https://example.com/` + strings.Repeat(`a\`, 63)} {
		got, err = CanonicalURL(over)
		require.ErrorIs(t, err, ErrLimit, "65 slashes: %q", over)
		assert.Empty(t, got, "65 slashes")
	}
	_, err = CanonicalURL(at + "?q=" + strings.Repeat("/", 100) + "#" + strings.Repeat("/", 100))
	require.NoError(t, err, "slashes in the query and fragment")
	// The parser adds two slashes to a file: URL: a result of more than 64
	// is refused too, so that every result CanonicalURL gives it accepts.
	file := "file:" + strings.Repeat("/a", 62)
	got, err = CanonicalURL(file)
	require.NoError(t, err, "62 slashes, 64 once parsed")
	assert.Equal(t, "file://"+strings.Repeat("/a", 62), got, "file: URL")
	_, err = CanonicalURL(file + "/b")
	require.ErrorIs(t, err, ErrLimit, "63 slashes, 65 once parsed")
	assert.Contains(t, err.Error(), "has 65 slashes before its query once parsed, more than 64", "the message")

	// The worst a URL under the limit can do: one long segment followed by
	// short ones, each of which copies the path serialized so far.
	alloc := func(n int) uint64 {
		u := "https://example.com/" + strings.Repeat("e", n) + strings.Repeat("/a", 60)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := CanonicalURL(u)
		runtime.ReadMemStats(&after)
		require.NoError(t, err, "under the limit")
		return after.TotalAlloc - before.TotalAlloc
	}
	a, b := alloc(20_000), alloc(200_000)
	t.Logf("bytes allocated: %d for a URL of 20 KB, %d for 200 KB (%.0f a byte)", a, b, float64(b)/200_000)
	assert.LessOrEqual(t, float64(b)/float64(a), 12.0, "10x the URL, at most 12x the bytes allocated")
}

func TestCanonicalURLSameArticle(t *testing.T) {
	// Variants of one article URL as different feeds publish it.
	variants := []string{
		"https://www.example.com/2024/01/post/",
		"HTTPS://WWW.EXAMPLE.COM:443/2024/01/post",
		"https://www.example.com/2024/01/post?utm_source=feedburner&utm_medium=feed#comments",
		"https://www.example.com/2024/01/%70ost/",
	}
	want, err := CanonicalURL(variants[0])
	require.NoError(t, err)
	for _, v := range variants[1:] {
		got, err := CanonicalURL(v)
		require.NoError(t, err)
		assert.Equal(t, want, got, v)
	}
}

func FuzzCanonicalURL(f *testing.F) {
	for _, s := range []string{
		"HTTPS://WWW.Example.COM", "http://example.com:80/a/?b=2&a=1&utm_source=x#f",
		"https://example.com/%41%2f/", "foo://Host/x/", "mailto:A@B", "https://example.com/#!/x",
		"https://example.com/a/%2E%2E/b", "https://example.com/?%7E=%7e&&=", "file:///C:/x/",
		"file:" + strings.Repeat("/a", 63), "https://example.com/" + strings.Repeat(`a\`, 62),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		got, err := CanonicalURL(raw)
		if err != nil {
			return
		}
		again, err := CanonicalURL(got)
		require.NoError(t, err, "CanonicalURL(%q) = %q, which does not parse", raw, got)
		require.Equal(t, got, again, "not idempotent: %q -> %q -> %q", raw, got, again)
	})
}

package feedspec

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	whatwgurl "github.com/nlnwa/whatwg-url/url"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// urlParser is the WHATWG URL library's parser, which the tests compare
// the package's URL paths with.
var urlParser = whatwgurl.NewParser()

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
	assert.Equal(t, fullParse(s, nil), got, "simpleHTTPURL(%q) vs the parser", s)
	assert.Equal(t, fullParse(s, base), got, "simpleHTTPURL(%q) vs the parser with a base", s)
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
	{"https://Example.com/", true}, // the host lowercased
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
	{" https://example.com/", true}, // stripped
	{"https://example.com/\\x", false},
	{"https://example.com/a'b", false},
	{"https://example.com/a|b^c", false},
	{"https://example.com/a[1]/b?c[]=d#e[f]", true},
	{"https://[example.com]/", false},
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
	urls := corpusURLs(t)
	base, err := urlParser.Parse("https://base.example/dir/feed.xml")
	require.NoError(t, err)
	fast := 0
	for _, u := range urls {
		if checkSimpleHTTPURL(t, u, base) {
			fast++
		}
	}
	total := len(urls)
	t.Logf("%d of %d distinct corpus URLs take the fast path", fast, total)
}

// corpusURLs returns the distinct URL-looking strings of the corpus's
// files, in the order first seen; it skips t when the corpus is absent.
func corpusURLs(t *testing.T) []string {
	files, _ := filepath.Glob("../shared/corpus/feeds/*")
	if len(files) == 0 {
		t.Skip("the corpus is not at ../shared/corpus/feeds; skipping")
	}
	re := regexp.MustCompile(`https?://[^\s"'<>]*`)
	seen := map[string]bool{}
	var urls []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range re.FindAll(b, -1) {
			if !seen[string(m)] {
				seen[string(m)] = true
				urls = append(urls, string(m))
			}
		}
	}
	return urls
}

func FuzzSimpleHTTPURL(f *testing.F) {
	for _, tt := range simpleURLCases {
		f.Add(tt.in)
	}
	base, err := urlParser.Parse("https://base.example/dir/feed.xml")
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, s string) {
		checkSimpleHTTPURL(t, s, base)
		checkHasScheme(t, s)
		checkRelativeFromDir(t, s) // urls_relative_test.go
	})
}

// checkHasScheme checks that the parser fails on s with no base when
// hasScheme says s has no scheme.
func checkHasScheme(t *testing.T, s string) {
	t.Helper()
	if hasScheme(s) {
		return
	}
	u, err := urlParser.Parse(s)
	assert.True(t, err != nil || u == nil, "%q parsed with no base, though hasScheme found no scheme", s)
}

// TestHasScheme checks hasScheme, which lets a URL with no scheme fail with
// no base URL without running the parser, against the parser.
func TestHasScheme(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"http://example.com/", true},
		{"rtsp://example.com/", true},
		{"a:", true},
		{"A+b-c.d:x", true},
		{" \x00ht\ttp\n:x", true},
		{"h\rttp:x", true},
		{"", false},
		{"/a/b", false},
		{"a/b:c", false},
		{"images/x.jpg", false},
		{"1a:b", false},
		{"+a:b", false},
		{"a b:c", false},
		{"\u00e9:x", false},
		{"?q=1", false},
		{"#f", false},
		{"//host/x", false},
		{"abc", false},
	} {
		assert.Equal(t, tt.want, hasScheme(tt.in), "%q", tt.in)
		checkHasScheme(t, tt.in)
	}
	for _, u := range corpusURLs(t) {
		checkHasScheme(t, u)
		checkHasScheme(t, u[1:])
	}
}

// TestURLQueryEncoding checks "parse a URL" with the document's character
// encoding: the query of an http(s) URL is percent-encoded in it, a
// character it cannot encode as "&#N;"; the path and the fragment, a URL
// that is not special and ws/wss stay UTF-8, and so does every URL of a
// UTF-16 document (its output encoding is UTF-8).
func TestURLQueryEncoding(t *testing.T) {
	utf16le := func(s string) string {
		b := []byte{0xFF, 0xFE}
		for _, r := range s {
			b = append(b, byte(r), byte(r>>8))
		}
		return string(b)
	}
	rss := func(decl string, links ...string) string {
		s := `<?xml version="1.0"` + decl + `?><rss version="2.0"><channel><title>t</title>`
		for _, l := range links {
			s += `<item><title>i</title><link>` + l + `</link></item>`
		}
		return s + `</channel></rss>`
	}
	tests := []struct {
		name string
		doc  string
		want []string
	}{
		{"windows-1252", rss(` encoding="windows-1252"`,
			"http://example.com/caf\xe9?q=\xe9&amp;r=\x80#fr\xe9",
			"/p?q=\xe9",
			"?q=\xe9",
			"https://example.com/?q=&#34920;x",
			"https://example.com/?q=\"'&lt;\xe9&gt;",
			"mailto:a@example.com?subject=\xe9",
			"wss://example.com/?q=\xe9",
			"https://example.com/#?q=\xe9",
			"ftp://example.com/?q=\xe9"),
			[]string{
				"http://example.com/caf%C3%A9?q=%E9&r=%80#fr%C3%A9",
				"https://example.com/p?q=%E9",
				"https://example.com/feed?q=%E9",
				"https://example.com/?q=%26%2334920%3Bx",
				"https://example.com/?q=%22%27%3C%E9%3E",
				"mailto:a@example.com?subject=%C3%A9",
				"wss://example.com/?q=%C3%A9",
				"https://example.com/#?q=%C3%A9",
				"ftp://example.com/?q=%E9",
			}},
		// 表 is 0x95 0x5C in Shift_JIS: the second byte is '\', which the
		// query percent-encode set leaves as it is; ア is 0x83 0x41 ("A").
		{"Shift_JIS", rss(` encoding="Shift_JIS"`, "http://example.com/\x95\x5c?q=\x95\x5c\x83\x41&amp;e=&#233;"),
			[]string{`http://example.com/%E8%A1%A8?q=%95\%83A&e=%26%23233%3B`}},
		{"EUC-JP", rss(` encoding="EUC-JP"`, "http://example.com/?q=\xc9\xbd"),
			[]string{"http://example.com/?q=%C9%BD"}},
		// ISO-2022-JP is stateful: the encoder returns to ASCII (ESC ( B)
		// after each stretch of characters it encodes.
		{"ISO-2022-JP", rss(` encoding="ISO-2022-JP"`, "http://example.com/?q=\x1b$BI=\x1b(Bx"),
			[]string{"http://example.com/?q=%1B$BI=%1B(Bx"}},
		{"UTF-16", utf16le(rss("", "http://example.com/?q=\u00e9\u8868")),
			[]string{"http://example.com/?q=%C3%A9%E8%A1%A8"}},
		{"UTF-8", rss("", "http://example.com/?q=\u00e9"),
			[]string{"http://example.com/?q=%C3%A9"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := ParseDocument(strings.NewReader(tt.doc), WithURL("https://example.com/feed"))
			require.NoError(t, err)
			require.Equal(t, tt.name, f.Document().Encoding[:len(tt.name)])
			var got []string
			for _, e := range f.Entries {
				got = append(got, e.PageURL)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestEncodeQuery(t *testing.T) {
	enc := queryEncoding("windows-1252")
	require.NotNil(t, enc)
	for _, tt := range []struct{ in, want string }{
		{"http://a/?\u00e9", "http://a/?%E9"},
		{"http://a/?x\u00e9y\u00e9#\u00e9", "http://a/?x%E9y%E9#\u00e9"},
		{"http://a/\u00e9?x#y", ""},
		{"http://a/#?\u00e9", ""},
		{"no query \u00e9", ""},
		{"?\u8868\u00e9", "?%26%2334920%3B%E9"},
	} {
		got, ok := encodeQuery(tt.in, enc)
		assert.Equal(t, tt.want != "", ok, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
	}
	for _, name := range []string{"", "UTF-8", "UTF-16BE", "UTF-16LE", "replacement", "UTF-32LE"} {
		assert.Nil(t, queryEncoding(name), name)
	}
	for _, name := range []string{"windows-1252", "Shift_JIS", "EUC-JP", "ISO-2022-JP", "GBK", "Big5", "EUC-KR", "ISO-8859-2"} {
		assert.NotNil(t, queryEncoding(name), name)
	}
}

// TestRepeatedURLs checks that a URL a document repeats, which parseURL
// parses once, gives the same result each time, that one that fails is
// reported each time, and that with WithXMLBase the same text resolves
// against each element's own base.
func TestRepeatedURLs(t *testing.T) {
	item := func(link, enc string) string {
		return `<item><title>t</title><link>` + link + `</link><enclosure url="` + enc + `" type="audio/mpeg"/></item>`
	}
	rss := `<rss version="2.0"><channel><title>c</title>` +
		item("https://Example.com/a", "https://Example.com/a") +
		item("https://Example.com/a", "/x.mp3") +
		item("/x.mp3", "a b") + `</channel></rss>`
	var diags []Diagnostic
	f, err := ParseDocument(strings.NewReader(rss), WithDiagnostics(&diags))
	require.NoError(t, err)
	require.Len(t, f.Entries, 3)
	assert.Equal(t, "", f.Entries[0].PageURL, "the page URL is the enclosure's")
	assert.Equal(t, "https://example.com/a", f.Entries[0].Enclosures[0].URL)
	assert.Equal(t, "https://example.com/a", f.Entries[1].PageURL)
	assert.Empty(t, f.Entries[1].Enclosures, "no base for /x.mp3")
	assert.Equal(t, "", f.Entries[2].PageURL)
	urlDiags := 0
	for _, d := range diags {
		if d.Kind == DiagnosticURL {
			urlDiags++
		}
	}
	assert.Equal(t, 3, urlDiags, "each failing URL reported where it is: %v", diags)

	f, err = ParseDocument(strings.NewReader(rss), WithURL("https://base.example/feed"))
	require.NoError(t, err)
	assert.Equal(t, "https://base.example/x.mp3", f.Entries[1].Enclosures[0].URL)
	assert.Equal(t, "https://base.example/x.mp3", f.Entries[2].PageURL)

	atom := `<feed xmlns="http://www.w3.org/2005/Atom"><title>f</title>
<entry xml:base="https://one.example/"><title>a</title><link href="p"/></entry>
<entry xml:base="https://two.example/"><title>b</title><link href="p"/></entry></feed>`
	f, err = ParseDocument(strings.NewReader(atom), WithXMLBase())
	require.NoError(t, err)
	require.Len(t, f.Entries, 2)
	assert.Equal(t, "https://one.example/p", f.Entries[0].PageURL)
	assert.Equal(t, "https://two.example/p", f.Entries[1].PageURL)
}

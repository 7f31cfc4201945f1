package weburl

import (
	"errors"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"

	whatwgerrors "github.com/nlnwa/whatwg-url/errors"
	whatwgurl "github.com/nlnwa/whatwg-url/url"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/sharedtest"
	"github.com/feedspec/feedspec/xml5"
)

func TestMain(m *testing.M) {
	sharedtest.Main(m, "feedspec/internal/weburl", sharedtest.Need{Sub: "corpus/feeds", What: "the corpus URL comparison"})
}

// testBases are the base URLs the comparisons resolve against ("" for none).
var testBases = []string{
	"",
	"https://example.com/feeds/feed.xml",
	"http://example.com",
	"https://user:pw@Example.COM:8443/a/b/c?q=1&r#frag",
	"http://example.com/a/b/?",
	"ws://h/x/",
	"ftp://ftp.example.org/pub/dir/file.txt",
	"https://xn--nxasmq6b.example/d/",
	"https://[::1]/v6/",
	"http://192.168.0.1/ip/",
	"file:///C:/dir/file.html",
	"file://host/share/x?y#z",
	"x://host/p/q",
	"x:/p/q",
	"x:/.//p/q",
	"x://",
	"X://u:p@H:99/a/b?q#f",
	"x://[::1]/v6",
	"mailto:someone@example.com",
	"data:text/plain,hello",
	"urn:isbn:0451450523",
}

// affordable reports whether the library's parse of s against base costs
// little enough to compare: its serialization copies about the path's
// segments times its length.
func affordable(s, base string) bool {
	return len(s)+len(base) <= 4096 && pathSeparators(s)+pathSeparators(base) <= 256
}

// compare checks Parse(s, base) against the library, and returns whether
// it was compared (not a LimitError).
func compare(t testing.TB, s string, baseStr string, base *URL, lib *whatwgurl.Url) bool {
	t.Helper()
	got, err := Parse(s, base)
	l, lerr := parser.BasicParser(s, lib, nil, whatwgurl.NoState)
	var le *LimitError
	if errors.As(err, &le) {
		assert.ErrorIs(t, err, xml5.ErrLimit, "a limit wraps ErrLimit")
		assert.Greater(t, pathSeparators(s)+pathSeparators(baseStr)+strings.Count(baseStr, "&"), MaxSegments,
			"%q against %q refused by a limit it does not reach: %v", s, baseStr, err)
		return false
	}
	if lerr != nil || l == nil {
		assert.Error(t, err, "%q against %q: the library fails, Parse gives %v", s, baseStr, got)
		if lerr != nil && err != nil {
			assert.Equal(t, whatwgerrors.Type(lerr), whatwgerrors.Type(err), "the error's type for %q against %q", s, baseStr)
		}
		return true
	}
	want := l.Href(false)
	if !assert.NoError(t, err, "%q against %q: the library gives %q", s, baseStr, want) {
		return true
	}
	assert.Equal(t, want, got.Href(), "%q against %q", s, baseStr)
	assert.Equal(t, l.Scheme(), got.Scheme(), "Scheme of %q against %q", s, baseStr)
	assert.Equal(t, l.Hostname(), got.Hostname(), "Hostname of %q against %q", s, baseStr)
	assert.Equal(t, l.Port(), got.Port(), "Port of %q against %q", s, baseStr)
	assert.Equal(t, l.Username(), got.Username(), "Username of %q against %q", s, baseStr)
	assert.Equal(t, l.Password(), got.Password(), "Password of %q against %q", s, baseStr)
	assert.Equal(t, l.Pathname(), got.Pathname(), "Pathname of %q against %q", s, baseStr)
	assert.Equal(t, l.Query(), got.Query(), "Query of %q against %q", s, baseStr)
	assert.Equal(t, l.OpaquePath(), got.OpaquePath(), "OpaquePath of %q against %q", s, baseStr)
	h, err := Href(s, base)
	assert.NoError(t, err, "Href of %q", s)
	assert.Equal(t, got.Href(), h, "Href(%q) is Parse's", s)
	return true
}

// parsedBases returns testBases parsed by Parse and by the library.
func parsedBases(t testing.TB) ([]*URL, []*whatwgurl.Url) {
	var ours []*URL
	var libs []*whatwgurl.Url
	for _, b := range testBases {
		if b == "" {
			ours, libs = append(ours, nil), append(libs, nil)
			continue
		}
		u, err := Parse(b, nil)
		require.NoError(t, err, b)
		l, err := whatwgurl.Parse(b)
		require.NoError(t, err, b)
		require.Equal(t, l.Href(false), u.Href(), b)
		ours, libs = append(ours, u), append(libs, l)
	}
	return ours, libs
}

var cases = []string{
	"", " ", "\t\n", "a", "/", "//", "///", "\\", "\\\\", "/\\", "\\/", "?", "#", "?#", "#?",
	".", "..", "./", "../", "/.", "/..", "/./", "/../", "a/..", "a/../", "a/./b", "a/../../b",
	"%2e", "%2E", "%2e%2E", ".%2e", "%2e.", "%2e%2e/", "/%2e/", "/a/%2E%2e/b", "..%2f", "%2e%2e%2f",
	"a b", "a\"b", "a<b>c", "a`b{c}d", "a'b", "a^b|c", "a%b", "a%zz", "a%4", "%41", "a\x00b", "a\x7fb",
	"é", "\xff", "a\xc3", "\xc3\t\xa9", "\xed\xa0\x80", "\uFFFD", "😀", "a\u00a0b",
	"?a b'\"<>#`c d", "#a b'\"<>#`{}", "?x#y#z",
	"http://example.com", "HTTP://EXAMPLE.COM/A", "http://example.com/./", "http://example.com/a/./b/../c",
	"https://example.com\\a\\b", "https:example.com/a", "https:/example.com", "https:\\\\example.com",
	"http:", "http:/", "http://", "http:///a", "http://a b/", "http://ab /x", "http://a\x00/", "http://a%41/",
	"http://u@h", "http://u:p@h:80/", "http://u@/", "http://@h/", "http://h:/", "http://h:65536/", "http://h:x/",
	"http://h:0080/p", "https://h:443", "ws://h:80", "wss://h:443/x", "ftp://h:21/a", "ftp://u:p@h/",
	"http://[::1]/", "http://[::1", "http://1.2.3.4/", "http://0x7f.1/", "http://999.1.1.1/", "http://a.b.3/",
	"http://EXAMPLE.com./", "http://ex..com/", "http://xn--nxasmq6b/", "http://XN--a/", "http://bücher.de/",
	"http://a@b@c/", "http://a:b:c@d/", "http://%zz/", "http://a%2fb/", "http://h#f", "http://h?q",
	"http:foo", "http:?q", "http:#f", "https:", "ftp:x", "ws:/x",
	"//host/path", "\\\\host\\path", "//", "//h:80/x", "//u@h/", "///host",
	"file:///a/b", "file:/a", "file:C:/x", "file://localhost/a", "file:..", "c:/x", "C|/x", "/C:/x",
	"file:", "file:?q", "file:#f", "file://h/../x",
	"mailto:a@b", "mailto:a b", "javascript:alert(1)", "data:text/html,<b>", "data:image/png;base64,aGk=",
	"x://h/a/../b", "x:/a/./b", "x:/.//p", "x://h", "x://h?q", "x:a b", "x:", "tag:example.com,2004:x",
	"urn:a:b", "a:b", "a+b-c.d:e", "1a:b", "a1:b", "-a:b",
	"x://u:p@h:8080/a", "x://[::1]:80/", "x://h:/", "x://:80/", "x://h:x/", "x://h:99999/", "x://h:0080/",
	"x://h\\x/", "x://%41/", "x://é/", "x://h h/", "x://[::1/", "x://[::1]x/", "x:///p", "x:////p", "x:/.//p", "x:/..//p",
	"x:/./", "x:/a/..//b", "x://u@/", "x://@h", "x://a@b@c:1/", "x://h?q", "x://h#f", "x:", "x:?", "x:#",
	"http://h:80", "https://h:0443/", "ws://h:443", "wss://h:443", "ftp://h:21", "ftp://h:22", "http://u@h:8080",
	"http://[::1]:8080/", "http://h:65536/", "http://h: /", "http://h:8080a/", "http://:@h/", "http://a:b:c@h/",
	"http://é@h/", "http://u%40v@h/", "http://[::1]:/", "http://h:99999999999999999999/",
	"  http://example.com/a  ", "\x01http://h/\x02", "ht\ttp://h/", "http://h/a\nb", "h\rttp:x",
}

// TestParseAgreesWithLibrary compares Parse with the library on cases
// meant to reach each state, against each base.
func TestParseAgreesWithLibrary(t *testing.T) {
	ours, libs := parsedBases(t)
	for _, c := range cases {
		for i, b := range testBases {
			compare(t, c, b, ours[i], libs[i])
		}
	}
}

// pieces are the units randomURL joins.
var pieces = []string{
	"/", "/", "/", "\\", ".", "..", "%2e", "%2E", "%", "%4", "a", "b", "xyz", "?", "#", ":", "@", "[", "]",
	" ", "\t", "\n", "\x00", "\x7f", "\"", "'", "<", ">", "`", "{", "}", "^", "|", "é", "\xff", "😀", "\xc3",
	"http:", "https:", "HTTP:", "file:", "x:", "mailto:", "ws:", "//", "example.com", "EXAMPLE.com", "1.2.3.4",
	"[::1]", ":8080", ":80", "u:p@", "xn--", "C:", "c|", "&", "=", "+", "x://", "x:/", "@", "h", "%41",
}

// randomURL joins up to n random pieces.
func randomURL(r *rand.Rand, n int) string {
	var b strings.Builder
	for k := r.IntN(n + 1); k > 0; k-- {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

// TestParseAgreesWithLibraryRandom compares Parse with the library on
// random strings of the pieces URLs are made of.
func TestParseAgreesWithLibraryRandom(t *testing.T) {
	ours, libs := parsedBases(t)
	r := rand.New(rand.NewPCG(34, 1))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for range n {
		s := randomURL(r, 12)
		i := r.IntN(len(testBases))
		compare(t, s, testBases[i], ours[i], libs[i])
		// As a base too, when it is one.
		if b, err := Parse(s, nil); err == nil {
			lb, lerr := whatwgurl.Parse(s)
			require.NoError(t, lerr, "the library parses %q", s)
			lb.SearchParams()
			compare(t, randomURL(r, 8), s, b, lb)
		}
	}
}

// FuzzParse compares Parse with the library on any string against any of
// testBases, and with the first half of the input as the base.
func FuzzParse(f *testing.F) {
	for _, c := range cases {
		f.Add(c, uint8(1))
	}
	f.Add("https://example.com/./"+strings.Repeat("p/", 100), uint8(0))
	f.Add(strings.Repeat("../a/./", 40)+"?q#f", uint8(3))
	ours, libs := parsedBases(f)
	f.Fuzz(func(t *testing.T, s string, which uint8) {
		if int(which) >= len(testBases) {
			h := len(s) / 2
			baseStr, ref := s[:h], s[h:]
			if !affordable(ref, baseStr) {
				return
			}
			b, err := Parse(baseStr, nil)
			lb, lerr := whatwgurl.Parse(baseStr)
			if err != nil || lerr != nil {
				var le *LimitError
				if !errors.As(err, &le) {
					assert.Equal(t, lerr != nil, err != nil, "the base %q parses alike (%v, %v)", baseStr, err, lerr)
				}
				return
			}
			lb.SearchParams()
			require.Equal(t, lb.Href(false), b.Href(), "the base %q", baseStr)
			compare(t, ref, baseStr, b, lb)
			return
		}
		if !affordable(s, testBases[which]) {
			return
		}
		compare(t, s, testBases[which], ours[which], libs[which])
	})
}

// urlNames are the attribute and element names (lower case, without a
// prefix) whose values hold URLs in feeds.
var urlNames = map[string]bool{
	"href": true, "src": true, "url": true, "uri": true, "resource": true, "about": true, "base": true,
	"link": true, "guid": true, "comments": true, "docs": true, "commentrss": true, "icon": true, "logo": true, "id": true,
}

// urlValues returns the values of the attributes and the texts of the
// elements of doc named in urlNames (entities left as written), as a
// rough scan finds them.
func urlValues(doc string) []string {
	var out []string
	nameBefore := func(i int) string {
		j := i
		for j > 0 && (isAlpha(doc[j-1]) || doc[j-1] == ':' || doc[j-1] == '-') {
			j--
		}
		n := strings.ToLower(doc[j:i])
		return n[strings.LastIndexByte(n, ':')+1:]
	}
	for i := 0; i < len(doc); i++ {
		switch doc[i] {
		case '=':
			if i+1 < len(doc) && (doc[i+1] == '"' || doc[i+1] == '\'') && urlNames[nameBefore(i)] {
				if e := strings.IndexByte(doc[i+2:], doc[i+1]); e >= 0 {
					out = append(out, doc[i+2:i+2+e])
					i += 2 + e
				}
			}
		case '<':
			j := i + 1
			for j < len(doc) && (isAlpha(doc[j]) || doc[j] == ':' || doc[j] == '-') {
				j++
			}
			if j == i+1 || !urlNames[nameBefore(j)] {
				continue
			}
			gt := strings.IndexByte(doc[j:], '>')
			if gt < 0 || doc[j+gt-1] == '/' {
				continue
			}
			start := j + gt + 1
			if e := strings.IndexByte(doc[start:], '<'); e >= 0 {
				out = append(out, doc[start:start+e])
			}
		}
	}
	return out
}

// TestParseAgreesWithLibraryOnCorpus compares Parse with the library on
// every URL-like value of the corpus of real feeds (entities left as
// written), against the corpus's document URL and alone.
func TestParseAgreesWithLibraryOnCorpus(t *testing.T) {
	files := sharedtest.CorpusFiles(t)
	docBase := "https://example.com/feeds/feed.xml"
	base, err := Parse(docBase, nil)
	require.NoError(t, err)
	lib, err := whatwgurl.Parse(docBase)
	require.NoError(t, err)
	seen := map[string]bool{}
	compared := 0
	maxSlashes, widest := 0, ""
	step := 1
	if testing.Short() {
		step = 10
	}
	for k, f := range files {
		if k%step != 0 {
			continue
		}
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, v := range urlValues(string(data)) {
			v = strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&apos;", "'").Replace(v)
			if seen[v] || !affordable(v, docBase) {
				continue
			}
			seen[v] = true
			if n := pathSeparators(v); n > maxSlashes && !strings.ContainsAny(v, " \t\n<>") {
				maxSlashes, widest = n, v
			}
			if compare(t, v, docBase, base, lib) {
				compared++
			}
			compare(t, v, "", nil, nil)
			if b, err := Parse(v, nil); err == nil && compared%7 == 0 {
				lb, _ := whatwgurl.Parse(v)
				lb.SearchParams()
				compare(t, "../x/./y?z#w", v, b, lb)
			}
		}
	}
	t.Logf("%d distinct URL values of %d feeds compared; at most %d slashes before a query (%.80q)", compared, len(files), maxSlashes, widest)
	assert.Greater(t, compared, 5000/step, "the corpus gives URLs to compare")
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// growthShapes are URLs of n path segments (or n units) in each shape
// that misses the root package's fast path, with the base they are
// resolved against ("" for none).
var growthShapes = []struct {
	name string
	url  func(n int) string
	base func(n int) string
}{
	{"dot segment, then p/", func(n int) string { return "https://example.com/./" + strings.Repeat("p/", n) }, nil},
	{"%2e segments", func(n int) string { return "https://example.com/" + strings.Repeat("%2e/", n) + "x" }, nil},
	{"%2E%2e segments after p/", func(n int) string {
		return "https://example.com/" + strings.Repeat("p/", n) + strings.Repeat("%2E%2e/", n/2)
	}, nil},
	{"backslashes", func(n int) string { return "https://example.com\\" + strings.Repeat("p\\", n) }, nil},
	{"a/../", func(n int) string { return "https://example.com/" + strings.Repeat("a/../", n) }, nil},
	{"spaces", func(n int) string { return "https://example.com/" + strings.Repeat("a b/", n) }, nil},
	{"non-ASCII and bad bytes", func(n int) string { return "https://example.com/" + strings.Repeat("é\xff/", n) }, nil},
	{"upper-case host", func(n int) string { return "https://EXAMPLE.com/" + strings.Repeat("p/", n) }, nil},
	{"port and user", func(n int) string { return "https://u:p@example.com:8080/" + strings.Repeat("p/", n) }, nil},
	{"query and fragment", func(n int) string {
		return "https://example.com/?" + strings.Repeat("a b&", n) + "#" + strings.Repeat("c d/", n)
	}, nil},
	{"relative p/ against a document URL", func(n int) string { return strings.Repeat("p/", n) }, func(int) string { return "https://example.com/feeds/feed.xml" }},
	{"relative ../ against a document URL", func(n int) string { return strings.Repeat("../", n) + strings.Repeat("p/", n) }, func(int) string { return "https://example.com/feeds/feed.xml" }},
	{"relative \\p against a long base", func(n int) string { return strings.Repeat("\\p", n) }, func(n int) string { return "https://example.com/" + strings.Repeat("b/", n) }},
	{"query against a long base", func(n int) string { return "?" + strings.Repeat("q", n) }, func(n int) string {
		return "https://example.com/" + strings.Repeat("b/", n) + "?" + strings.Repeat("x&", n)
	}},
	{"scheme-relative", func(n int) string { return "//h/" + strings.Repeat("./p/", n) }, func(int) string { return "https://example.com/" }},
	{"file: (refused past MaxSegments)", func(n int) string { return "file:///" + strings.Repeat("p/", n) }, nil},
	{"x:// (refused past MaxSegments)", func(n int) string { return "x://h/" + strings.Repeat("p/", n) }, nil},
	{"long host labels", func(n int) string { return "https://" + strings.Repeat("a.", n) + "com/" }, nil},
	{"long non-ASCII host", func(n int) string { return "https://" + strings.Repeat("é", n) + ".com/" }, nil},
	{"long percent-encoded host", func(n int) string { return "https://" + strings.Repeat("%41", n) + ".com/" }, nil},
	{"long IPv4-like host", func(n int) string { return "https://" + strings.Repeat("1.", n) + "1/" }, nil},
	{"long IPv6-like host", func(n int) string { return "https://[" + strings.Repeat("1:", n) + "1]/" }, nil},
	{"long userinfo", func(n int) string { return "https://" + strings.Repeat("u", n) + ":" + strings.Repeat("p", n) + "@h/" }, nil},
	{"long port", func(n int) string { return "https://h:" + strings.Repeat("0", n) + "80/" }, nil},
	{"long opaque host", func(n int) string { return "x://" + strings.Repeat("h", n) + "/" }, nil},
	{"file: of 60 long segments", func(n int) string { return "file:///" + strings.Repeat(strings.Repeat("p", n/60)+"/", 60) }, nil},
	{"x:// of 60 long segments", func(n int) string { return "x://h/" + strings.Repeat(strings.Repeat("p", n/60)+"\\", 60) }, nil},
	{"opaque mailto:", func(n int) string { return "mailto:" + strings.Repeat("a b/", n) }, nil},
	{"data: URL with slashes", func(n int) string { return "data:image/png;base64," + strings.Repeat("a/b+", n) }, nil},
	{"relative against a non-special base", func(n int) string { return strings.Repeat("p/", n) }, func(int) string { return "x://h/a/b" }},
	{"against a non-special base with a long query", func(n int) string { return "p" }, func(n int) string { return "x://h/a?" + strings.Repeat("x&", n) }},
}

// TestParseLinear parses each growth shape at n and 10n units: Parse
// allocates at most 12 times the bytes for 10 times the input, and a few
// bytes per input byte.
func TestParseLinear(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not the program's under the race detector")
	}
	const n = 2000
	for _, sh := range growthShapes {
		cost := func(n int) (uint64, int) {
			var base *URL
			size := len(sh.url(n))
			if sh.base != nil {
				b, err := Parse(sh.base(n), nil)
				require.NoError(t, err, sh.name)
				base = b
				size += len(sh.base(n))
			}
			s := sh.url(n)
			var got uint64
			for range 3 {
				got = min(got-1, allocated(func() { _, _ = Parse(s, base) }))
			}
			return got, size
		}
		small, smallSize := cost(n)
		large, largeSize := cost(10 * n)
		perByte := float64(large) / float64(largeSize)
		t.Logf("%s: %d bytes allocated for %d input bytes, %d for %d (x%.1f), %.1f a byte", sh.name, small, smallSize, large, largeSize, float64(large)/float64(max(small, 1)), perByte)
		assert.LessOrEqual(t, large, 12*max(small, 1024), "%s: 10 times the input allocates at most 12 times the bytes", sh.name)
		assert.LessOrEqual(t, perByte, 64.0, "%s: bytes allocated per input byte", sh.name)
	}
}

// TestLibraryURLBuiltBeforeSharing: the library builds a URL's query
// parameters on first use, by Clone too (which its parser calls on its
// base); a URL it parsed has them built before Parse returns it, so that
// its concurrent readers (a cached document URL, a shared base) never
// write to it. A URL Parse read itself is never written to.
func TestLibraryURLBuiltBeforeSharing(t *testing.T) {
	for _, s := range []string{"file:///built/before/sharing?a=1&b=2", "file://h/p?a=1", "file:p?a"} {
		u, err := Parse(s, nil)
		require.NoError(t, err, s)
		require.NotNil(t, u.lib, "%q is the library's parse", s)
		sp := reflect.ValueOf(u.lib).Elem().FieldByName("searchParams")
		require.True(t, sp.IsValid(), "the URL library's Url has no searchParams field any more: check what Clone writes")
		assert.False(t, sp.IsNil(), "the query parameters of %q are built before the URL is shared", s)
	}
}

package feedspec

import (
	"bytes"
	"errors"
	"html"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"

	whatwgurl "github.com/nlnwa/whatwg-url/url"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/weburl"
)

// The URL shapes whose parse cost grew with the square of their length:
// the WHATWG URL library serializes a path by appending each segment to
// the string built so far, and copies its base URL (segments and query
// parameters) for every reference parsed against it. Each shape is a URL
// of n path segments (or n units) that misses simpleHTTPURL's fast path;
// base, when set, is the xml:base the reference is read against.
var urlBoundShapes = []struct {
	name string
	url  func(n int) string
	base func(n int) string
	// limited: a URL the library parses, refused past weburl.MaxSegments
	// (a diagnostic, no URL).
	limited bool
}{
	{name: "dot segment then p/", url: func(n int) string { return "https://example.com/./" + strings.Repeat("p/", n) }},
	{name: "p/%2e/", url: func(n int) string { return "https://example.com/" + strings.Repeat("p/%2e/", n) }},
	{name: "p/%2E%2e/q/", url: func(n int) string { return "https://example.com/" + strings.Repeat("p/%2E%2e/q/", n) }},
	{name: "backslashes", url: func(n int) string { return "https://example.com\\" + strings.Repeat("p\\", n) }},
	{name: "a/b/../", url: func(n int) string { return "https://example.com/" + strings.Repeat("a/b/../", n) }},
	{name: "spaces", url: func(n int) string { return "https://example.com/" + strings.Repeat("a b/", n) }},
	{name: "relative ./p/", url: func(n int) string { return "./" + strings.Repeat("p/", n) }},
	{name: "relative ../p/ against a long base", url: func(n int) string { return strings.Repeat("../p/", n) },
		base: func(n int) string { return "https://example.com/" + strings.Repeat("b/", n) }},
	{name: "query against a long base", url: func(n int) string { return "?" + strings.Repeat("q&", n) },
		base: func(n int) string {
			return "https://example.com/" + strings.Repeat("b/", n) + "?" + strings.Repeat("x&", n)
		}},
	{name: "long userinfo", url: func(n int) string {
		return "https://" + strings.Repeat("u", n) + ":" + strings.Repeat("p", n) + "@example.com/"
	}},
	{name: "x:// long host and path", url: func(n int) string { return "x://" + strings.Repeat("h", n) + "/" + strings.Repeat("p/", n) }},
	{name: "file: (refused)", url: func(n int) string { return "file:///" + strings.Repeat("p\\", n) }, limited: true},
}

// urlBoundRSS is an RSS feed whose channel link, item link, enclosure and
// an escaped-HTML link and image of its description are u.
func urlBoundRSS(u string) []byte {
	a := html.EscapeString(html.EscapeString(u)) // an attribute in escaped HTML
	return []byte(`<rss version="2.0"><channel><title>t</title><link>` + html.EscapeString(u) + `</link>` +
		`<item><title>i</title><link>` + html.EscapeString(u) + `</link>` +
		`<enclosure url="` + html.EscapeString(u) + `" type="audio/mpeg" length="1"/>` +
		`<description>&lt;a href="` + a + `"&gt;x&lt;/a&gt;&lt;img src="` + a + `"&gt;</description></item></channel></rss>`)
}

// urlBoundAtom is an Atom feed with the xml:base base (none when "") whose
// link, entry link and escaped-HTML content link are u.
func urlBoundAtom(u, base string) []byte {
	attr := ""
	if base != "" {
		attr = ` xml:base="` + html.EscapeString(base) + `"`
	}
	a := html.EscapeString(html.EscapeString(u))
	return []byte(`<feed xmlns="http://www.w3.org/2005/Atom"` + attr + `><title>t</title><link href="` + html.EscapeString(u) + `"/>` +
		`<entry><title>e</title><id>urn:e</id><link href="` + html.EscapeString(u) + `"/>` +
		`<content type="html">&lt;a href="` + a + `"&gt;x&lt;/a&gt;</content></entry></feed>`)
}

// countedAlloc returns the bytes f allocates, the least of two calls;
// with collect, each after two collections, so that no memory a parse kept
// for the next one (which sync.Pool drops within two) is reused.
func countedAlloc(f func(), collect bool) uint64 {
	least := ^uint64(0)
	for range 2 {
		var before, after runtime.MemStats
		if collect {
			runtime.GC()
			runtime.GC()
		}
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// safeHTMLTexts are the escaped-HTML texts TestURLShapesBounded reads
// through SafeHTML, by their URL, with their trees built.
var safeHTMLTexts map[string]*Text

// TestURLShapesBounded parses every URL shape at n and 10n segments
// through every path that parses URLs: ParseDocument by default,
// WithoutDocument, as the Fetcher (WithURL, WithRecovery,
// WithoutDocument), WithXMLBase (the reference against the shape's base),
// the escaped HTML through SafeHTML (against the document URL and against
// the shape's URL as the base), SafeURL and CanonicalURL. Ten times the
// input allocates at most 12 times the bytes (counted: TotalAlloc), and
// what the input adds costs at most 16 bytes a byte WithoutDocument, 32
// with the document (SECURITY.md's bounds on peak heap, of which the bytes
// allocated are an upper bound; SafeHTML's 24 bytes per byte of escaped
// HTML is 32 here, where both URLs of the text carry the base's path).
// Both are counted beyond a control: the same call with the shape at 0
// segments. Before internal/weburl, 10,000 segments of "p/" (a 20 KB URL)
// allocated 106 MB through ParseDocument.
func TestURLShapesBounded(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not the program's under the race detector")
	}
	const n = 1000
	const docURL = "https://example.com/feeds/feed.xml"
	type path struct {
		name     string
		perByte  float64              // bound on the bytes allocated per byte the input adds
		run      func(u, base string) // parses u (with base for WithXMLBase)
		size     func(u, base string) int
		skipBase bool // the path has no base to read a shape's base as
		parse    bool // ParseDocument, which reuses memory across parses
	}
	parse := func(opts ...Option) func(u, base string) {
		return func(u, base string) {
			var doc []byte
			if base != "" {
				doc = urlBoundAtom(u, base)
			} else {
				doc = urlBoundRSS(u)
			}
			f, err := ParseDocument(bytes.NewReader(doc), opts...)
			if err != nil || f == nil {
				panic("the feed does not parse: " + errString(err))
			}
		}
	}
	docSize := func(u, base string) int {
		if base != "" {
			return len(urlBoundAtom(u, base))
		}
		return len(urlBoundRSS(u))
	}
	urlSize := func(u, base string) int { return len(u) + len(base) }
	paths := []path{
		{"ParseDocument", 32, parse(WithURL(docURL)), docSize, false, true},
		{"ParseDocument WithoutDocument", 16, parse(WithURL(docURL), WithoutDocument()), docSize, false, true},
		{"as the Fetcher", 16, parse(WithURL(docURL), WithRecovery(), WithoutDocument()), docSize, false, true},
		{"WithXMLBase", 32, parse(WithURL(docURL), WithXMLBase()), docSize, false, true},
		{"WithXMLBase WithoutDocument", 16, parse(WithURL(docURL), WithXMLBase(), WithoutDocument()), docSize, false, true},
		{"SafeHTML", 32, func(u, base string) {
			// The text's tree is built before the count (Node keeps it):
			// what is counted is SafeHTML's walk, its URLs and output.
			b := docURL
			if base != "" {
				b = base
			}
			_ = SafeHTML(safeHTMLTexts[u], b)
		}, urlSize, false, false},
		{"SafeURL", 16, func(u, _ string) { _ = SafeURL(u) }, urlSize, true, false},
		{"CanonicalURL", 16, func(u, _ string) { _, _ = CanonicalURL(u) }, urlSize, true, false},
	}
	safeHTMLTexts = map[string]*Text{}
	for _, sh := range urlBoundShapes {
		for _, p := range paths {
			if p.skipBase && sh.base != nil {
				continue
			}
			base := func(n int) string {
				if sh.base == nil {
					return ""
				}
				return sh.base(n)
			}
			for _, k := range []int{0, n, 10 * n} {
				text := escapedHTMLText(`<a href="` + html.EscapeString(sh.url(k)) + `">x</a><img src="` + html.EscapeString(sh.url(k)) + `">`)
				require.NotNil(t, text.Node(), "the tree is built")
				safeHTMLTexts[sh.url(k)] = text
			}
			u0, u1, u10 := sh.url(0), sh.url(n), sh.url(10*n)
			b0, b1, b10 := base(0), base(n), base(10*n)
			// Signed: a refused URL costs what its control does.
			control := int64(countedAlloc(func() { p.run(u0, b0) }, p.parse))
			small := int64(countedAlloc(func() { p.run(u1, b1) }, p.parse)) - control
			large := int64(countedAlloc(func() { p.run(u10, b10) }, p.parse)) - control
			added := p.size(u10, b10) - p.size(u0, b0)
			perByte := float64(large) / float64(added)
			t.Logf("%s, %s: %d bytes allocated beyond the control, %d for 10 times the segments (x%.1f; %.1f a byte)",
				sh.name, p.name, small, large, float64(large)/float64(small), perByte)
			// 4 KiB absorbs a constant cost (a refusal's error) and the
			// rounding of small allocations to their size classes: SafeHTML
			// sizes its output to the text's source, so a refused file: URL
			// costs about 2 bytes a byte, 3.3 KB at n and 39 KB at 10n (the
			// bytes per byte are bounded below, whatever the ratio).
			assert.LessOrEqual(t, large, 12*max(small, 4096), "%s, %s: 10 times the input allocates at most 12 times the bytes", sh.name, p.name)
			assert.LessOrEqual(t, perByte, p.perByte, "%s, %s: bytes allocated per byte the input adds", sh.name, p.name)
		}
	}
}

// TestURLShapesResults: the shapes give the WHATWG library's URL (compared
// at a size it parses quickly), through the feed, WithXMLBase, SafeHTML
// and SafeURL; a shape the library parses and weburl refuses past its
// limit gives no URL and a diagnostic that says why.
func TestURLShapesResults(t *testing.T) {
	const docURL = "https://example.com/feeds/feed.xml"
	for _, sh := range urlBoundShapes {
		for _, n := range []int{3, 200} {
			u := sh.url(n)
			if sh.base != nil {
				base := sh.base(n)
				f, err := ParseDocument(bytes.NewReader(urlBoundAtom(u, base)), WithURL(docURL), WithXMLBase())
				require.NoError(t, err, sh.name)
				want := fullParse(u, mustParseWHATWG(t, fullParse(base, mustParseWHATWG(t, docURL))))
				require.NotEmpty(t, want, "%s: the library resolves it", sh.name)
				assert.Equal(t, want, f.PageURL, "%s, n=%d: the feed's link against the xml:base", sh.name, n)
				continue
			}
			var diags []Diagnostic
			f, err := ParseDocument(bytes.NewReader(urlBoundRSS(u)), WithURL(docURL), WithDiagnostics(&diags))
			require.NoError(t, err, sh.name)
			want := fullParse(u, mustParseWHATWG(t, docURL))
			if sh.limited && n > 64 {
				assert.Empty(t, f.PageURL, "%s, n=%d: refused", sh.name, n)
				found := false
				for _, d := range diags {
					found = found || d.Kind == DiagnosticURL && strings.Contains(d.Message, "more than 64") && strings.Contains(d.Message, "path segments")
				}
				assert.True(t, found, "%s, n=%d: a url diagnostic says why: %v", sh.name, n, diags)
				assert.Empty(t, SafeURL(u), "%s: SafeURL refuses it", sh.name)
				continue
			}
			require.NotEmpty(t, want, "%s: the library parses it", sh.name)
			assert.Equal(t, want, f.PageURL, "%s, n=%d: the channel link", sh.name, n)
			require.Len(t, f.Entries, 1)
			require.Len(t, f.Entries[0].Enclosures, 1)
			assert.Equal(t, want, f.Entries[0].Enclosures[0].URL, "%s, n=%d: the enclosure", sh.name, n)
			if abs := fullParse(u, nil); strings.HasPrefix(abs, "http") {
				assert.Equal(t, abs, SafeURL(u), "%s, n=%d: SafeURL", sh.name, n)
			}
			if strings.HasPrefix(want, "http") {
				assert.Contains(t, SafeHTML(f.Entries[0].Summary, docURL), `href="`+html.EscapeString(want)+`"`, "%s, n=%d: SafeHTML's link", sh.name, n)
			}
		}
	}
}

// TestURLLimitErrors: a URL refused past weburl's limit is an error
// wrapping ErrLimit where the API returns errors, and says why.
func TestURLLimitErrors(t *testing.T) {
	u := "file:///" + strings.Repeat("p/", 100)
	_, err := DiscoverFeeds(strings.NewReader(`<link rel="alternate" href="/feed">`), u)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "more than 64", "the error says why")
	var diags []Diagnostic
	_, err = ParseDocument(bytes.NewReader(urlBoundAtom("a", u)), WithURL("https://example.com/"), WithXMLBase(), WithDiagnostics(&diags))
	require.NoError(t, err)
	found := false
	for _, d := range diags {
		found = found || d.Kind == DiagnosticURL && strings.Contains(d.Message, "xml:base not parsed") && strings.Contains(d.Message, "more than 64")
	}
	assert.True(t, found, "the xml:base refused says why: %v", diags)
	_, err = CanonicalURL(u)
	assert.True(t, errors.Is(err, ErrLimit), "CanonicalURL's own limit: %v", err)
}

// mustParseWHATWG is the WHATWG library's parse of s.
func mustParseWHATWG(t *testing.T, s string) *whatwgurl.Url {
	u, err := urlParser.Parse(s)
	require.NoError(t, err, s)
	return u
}

// errString is err's message, or "no error".
func errString(err error) string {
	if err == nil {
		return "no error"
	}
	return err.Error()
}

// canonicalCases reach each step of CanonicalURL on each kind of URL.
var canonicalCases = []string{
	"https://Example.com/a/b/?utm_source=x&b=2&a=1#frag", "https://example.com/a/%2E%2e/%7Euser/%2f/", "https://example.com",
	"https://u:P@Example.com:443/A/", "http://h:8080//", "https://h/?", "https://h/?&&", "https://h/#!/route", "https://h/#/r", "https://h/#",
	"x://U:P@HOST.Example:99/A/b/?Q=1#F", "x://HoSt", "x://H%C3%A9/", "x://[::1]/", "x:/.//p/", "x:/.//", "x:/a//", "x:/%41/",
	"mailto:a@b ", "mailto:a@b  ?x=1", "mailto:a@b #x", "mailto:a@b #!x", "mailto:A@B?subject=hi&utm_source=x", "data:text/plain, hi ",
	"javascript:alert(1)", "urn:ISBN:1", "tag:Example.com,2004:x/", "file:///C:/a/b/", "file://HOST/a?b#c", "ftp://h/a%20b/",
	"https://h/a?b=%41%2f&A=1&ref=1&Source=2", "https://h/%7", "https://h/%7%41", "ws://h:80/x/", "wss://h/?q#!",
}

// TestCanonicalURLAgreesWithLibrary compares CanonicalURL, which works on
// weburl's parts, with canonicalLibraryURL, the URL library's parser and
// setters (the code before), on the cases, the corpus URLs and random
// strings: the same result and the same error or none.
func TestCanonicalURLAgreesWithLibrary(t *testing.T) {
	check := func(raw string) {
		if pathSlashes(raw) > maxCanonicalSlashes || len(raw) > 4096 {
			return
		}
		got, err := CanonicalURL(raw)
		want, wantErr := canonicalLibraryURL(raw)
		assert.Equal(t, want, got, "CanonicalURL(%q)", raw)
		assert.Equal(t, wantErr == nil, err == nil, "CanonicalURL(%q) errors: %v, %v", raw, err, wantErr)
	}
	for _, c := range canonicalCases {
		check(c)
	}
	urls := corpusURLs(t)
	for i, u := range urls {
		if testing.Short() && i%10 != 0 {
			continue
		}
		check(u)
		check(strings.ToUpper(u))
	}
	pieces := []string{"/", "\\", ".", "..", "%2e", "%41", "%7e", "%2F", "%", "?", "#", "!", "&", "=", "a", "B", " ", "\t", "é", "\xff",
		"http:", "https:", "x:", "X://", "mailto:", "file:", "//", "h", "H.Example", "[::1]", ":80", ":8080", "u:P@", "utm_source", "ref"}
	r := rand.New(rand.NewPCG(34, 2))
	for range 20000 {
		var b strings.Builder
		for k := r.IntN(12); k > 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		check(b.String())
	}
}

// expansionShapes are documents whose short, distinct relative references
// resolve against a long base URL (base bytes): an xml:base (read as the
// Fetcher reads, recovery mode turning WithXMLBase on), the document's URL
// (a long final URL after a redirect) for RSS and for a JSON Feed.
var expansionShapes = []struct {
	name string
	doc  func(base, refs int) (doc []byte, opts []Option)
}{
	{"Atom entries against a long xml:base", func(base, refs int) ([]byte, []Option) {
		var b strings.Builder
		b.WriteString(`<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://example.com/` + strings.Repeat("b/", base/2) + `"><title>t</title>`)
		for i := range refs {
			b.WriteString(`<entry><link href="` + strconv.Itoa(i) + `"/></entry>`)
		}
		b.WriteString(`</feed>`)
		return []byte(b.String()), []Option{WithURL("https://example.com/feed"), WithRecovery(), WithoutDocument()}
	}},
	{"RSS items against a long document URL", func(base, refs int) ([]byte, []Option) {
		var b strings.Builder
		b.WriteString(`<rss version="2.0"><channel><title>t</title>`)
		for i := range refs {
			b.WriteString(`<item><link>` + strconv.Itoa(i) + `</link></item>`)
		}
		b.WriteString(`</channel></rss>`)
		return []byte(b.String()), []Option{WithURL("https://example.com/" + strings.Repeat("b/", base/2)), WithRecovery(), WithoutDocument()}
	}},
	{"JSON Feed items against a long document URL", func(base, refs int) ([]byte, []Option) {
		var b strings.Builder
		b.WriteString(`{"version":"https://jsonfeed.org/version/1.1","title":"t","items":[`)
		for i := range refs {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`{"id":"` + strconv.Itoa(i) + `","url":"` + strconv.Itoa(i) + `"}`)
		}
		b.WriteString(`]}`)
		return []byte(b.String()), []Option{WithURL("https://example.com/" + strings.Repeat("b/", base/2)), WithJSONFeed(), WithoutDocument()}
	}},
}

// TestURLExpansionBudget: short relative references against a long base
// made the model the references' number times the base's size (20 KB of
// xml:base and 1,000 entries, 54 KB, allocated 21 MB as the Fetcher; 100
// times that for 10 times both). The bytes resolution adds are bounded by
// max(1 MiB, the document's size): 10 times the base and the references
// allocate at most 12 times the bytes, at most 16 a byte with the 1 MiB
// counted as input; the URLs within the budget are kept, the first one
// past it is a DiagnosticLimit whose Err is a *LimitError "URLExpansion"
// wrapping ErrLimit, the later ones are left out, and the parse goes on.
func TestURLExpansionBudget(t *testing.T) {
	for _, sh := range expansionShapes {
		small, smallOpts := sh.doc(20_000, 1000)
		large, largeOpts := sh.doc(200_000, 10_000)
		cost := func(doc []byte, opts []Option) uint64 {
			return countedAlloc(func() {
				f, err := ParseDocument(bytes.NewReader(doc), opts...)
				if f == nil || err != nil && !errors.Is(err, ErrLimit) {
					panic("the feed does not parse: " + errString(err))
				}
			}, true)
		}
		a, b := cost(small, smallOpts), cost(large, largeOpts)
		perByte := float64(b) / float64(len(large)+1<<20)
		t.Logf("%s: %d bytes allocated for %d bytes, %d for %d (x%.1f; %.1f a byte with the 1 MiB)", sh.name, a, len(small), b, len(large), float64(b)/float64(a), perByte)
		assert.LessOrEqual(t, b, 12*a, "%s: 10 times the base and the references, at most 12 times the bytes", sh.name)
		assert.LessOrEqual(t, perByte, 16.0, "%s: bytes allocated a byte", sh.name)

		var diags []Diagnostic
		f, err := ParseDocument(bytes.NewReader(large), append(largeOpts, WithDiagnostics(&diags))...)
		if err != nil {
			require.ErrorIs(t, err, ErrLimit, "%s: MaxItems may cut the entries", sh.name)
		}
		require.NotNil(t, f, sh.name)
		require.NotEmpty(t, f.Entries, sh.name)
		kept, total := 0, 0
		for _, e := range f.Entries {
			total += len(e.PageURL)
			if e.PageURL != "" {
				kept++
			}
		}
		assert.NotZero(t, kept, "%s: the URLs within the budget are kept", sh.name)
		assert.Less(t, kept, len(f.Entries), "%s: the URLs past the budget are left out", sh.name)
		assert.LessOrEqual(t, total, len(large)+1<<20+len(f.Entries)*8, "%s: the URLs kept add at most the budget", sh.name)
		limits := 0
		for _, d := range diags {
			if d.Kind == DiagnosticLimit && strings.Contains(d.Message, "resolving") {
				limits++
				var le *LimitError
				require.ErrorAs(t, d.Err, &le, "%s: %v", sh.name, d)
				assert.Equal(t, "URLExpansion", le.Limit, sh.name)
				assert.ErrorIs(t, d.Err, ErrLimit, sh.name)
				assert.Contains(t, d.Message, "left out", sh.name)
			}
		}
		assert.Equal(t, 1, limits, "%s: one DiagnosticLimit for the document: %v", sh.name, diags)
	}
}

// TestReadsBase: a URL weburl.ReadsBase says is not read against a base gives the
// same result against any base as alone.
func TestReadsBase(t *testing.T) {
	readBase := 0
	bases := []string{"https://example.com/a/b", "http://h/", "ftp://h/x", "ws://h", "file:///C:/x/y", "x://h/p", "x:/p", "mailto:a@b"}
	pieces := []string{"http", "HTTPS", "ws", "wss", "ftp", "file", "x", "mailto", ":", "/", "\\", "//", "\t", "\n", " ", "a", "1", "+", ".", "-", "?", "#", "h.example", "é"}
	r := rand.New(rand.NewPCG(34, 3))
	for range 20000 {
		var b strings.Builder
		for k := r.IntN(8); k > 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		alone := fullParse(text, nil)
		for _, bs := range bases {
			base := mustParseWHATWG(t, bs)
			got := fullParse(text, base)
			if !weburl.ReadsBase(text) {
				assert.Equal(t, alone, got, "%q against %q: ReadsBase says the base is not read", text, bs)
			} else if alone != got {
				readBase++
			}
		}
	}
	assert.Greater(t, readBase, 1000, "the strings include references read against the base")
}

// TestSafeHTMLURLExpansion: SafeHTML of a text of short, distinct relative
// links against a long base wrote the base once per link (20 KB of base
// and 1,000 links: 20 MB; 100 times that for 10 times both). What
// resolution adds is at most 1 MiB or the rest of the output: 10 times the
// base and the links allocate at most 12 times the bytes, at most 24 a
// byte of the text and the base with the 1 MiB counted; the links past the
// budget are left out, the text kept. Each link reads "link" and is
// followed by ", ", so that the text's tree (16.0 bytes a byte) stays
// within the escaped HTML's tree budget (17.1 at these 249 KB; "w" and " "
// made 18.9, and the fragment was cut after 9,151 links).
func TestSafeHTMLURLExpansion(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not the program's under the race detector")
	}
	input := func(base, links int) (*Text, string, int) {
		var b strings.Builder
		for i := range links {
			b.WriteString(`<a href="` + strconv.Itoa(i) + `">link</a>, `)
		}
		text := escapedHTMLText(b.String())
		require.NotNil(t, text.Node(), "the tree is built before the count")
		return text, "https://example.com/" + strings.Repeat("b/", base/2), b.Len() + base
	}
	st, sb, ss := input(20_000, 1000)
	lt, lb, ls := input(200_000, 10_000)
	var out string
	a := countedAlloc(func() { _ = SafeHTML(st, sb) }, false)
	b := countedAlloc(func() { out = SafeHTML(lt, lb) }, false)
	perByte := float64(b) / float64(ls+1<<20)
	t.Logf("%d bytes allocated for %d bytes, %d for %d (x%.1f; %.1f a byte with the 1 MiB)", a, ss, b, ls, float64(b)/float64(a), perByte)
	assert.LessOrEqual(t, b, 12*a, "10 times the base and the links, at most 12 times the bytes")
	assert.LessOrEqual(t, perByte, 24.0, "bytes allocated a byte")
	assert.Contains(t, out, `<a href="`+lb[:len(lb)-1]+`/0">link</a>`, "the first links are resolved")
	assert.Contains(t, out, `<a>link</a>, <a>link</a>`, "the links past the budget are left out, their text kept")
	assert.Equal(t, 10_000, strings.Count(out, ">link</a>"), "every link's text is kept")

	// A short base is far from the budget: every link resolved.
	short := SafeHTML(lt, "https://example.com/a/b")
	assert.Equal(t, 10_000, strings.Count(short, `<a href="https://example.com/a/`), "every link resolved against a short base")
}

package feedspec

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/feedspec/feedspec/internal/weburl"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

// linksHTML returns escaped HTML of about n bytes made of links, each with
// its own relative URL, href followed by a number.
func linksHTML(n int, href string) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteString(`<a href="`)
		b.WriteString(href)
		b.WriteString(strconv.Itoa(i))
		b.WriteString(`">y</a>`)
	}
	return b.String()
}

// TestSafeHTMLLinksBound reads escaped HTML made of links (a relative URL
// each, path-absolute or not) through SafeHTML with no base URL and with
// one, at 32 KB and 320 KB: at most 24 bytes allocated a byte of the HTML
// (boundPerByte, without TestEscapedHTMLBound's constant), and at most 12
// times as many bytes and allocations for 10 times the HTML.
func TestSafeHTMLLinksBound(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector drops pooled buffers at random: allocations are not the program's")
	}
	sizes := [2]int{32 << 10, 320 << 10}
	for _, c := range []struct{ href, base string }{{"/x", ""}, {"/x", safeBase}, {"x", ""}, {"x", safeBase}} {
		href, base := c.href, c.base
		var bytes, mallocs [2]uint64
		for k, n := range sizes {
			src := linksHTML(n, href)
			f := hostileHTMLFeed(t, src)
			SafeHTML(f.Entries[0].Summary, base) // the tree is read once
			bytes[k], mallocs[k] = htmlAllocated(func() { SafeHTML(f.Entries[0].Summary, base) })
			perByte := float64(bytes[k]) / float64(len(src))
			t.Logf("href %q, base %q: %d bytes of links: %.1f bytes allocated a byte, %d allocations", href, base, len(src), perByte, mallocs[k])
			assert.LessOrEqual(t, perByte, float64(boundPerByte), "href %q, base %q: bytes allocated a byte of %d bytes of links", href, base, len(src))
		}
		assert.LessOrEqual(t, bytes[1], boundGrowth*bytes[0], "href %q, base %q: bytes allocated for 10 times the links", href, base)
		assert.LessOrEqual(t, mallocs[1], boundGrowth*mallocs[0], "href %q, base %q: allocations for 10 times the links", href, base)
	}
}

// The differential test of safeWriter.url's fast paths: urlBefore, the
// function they replaced, kept here, gives the same result for every URL
// attribute value of the corpus's texts, of the XSS vectors and of the
// fuzzer's strings, against every base of safeURLTestBases.

// urlBefore is safeWriter.url as it was before the fast paths: it parses v
// (twice for a relative reference with no base URL). It as a browser would, resolving it against the base URL, and
// returns its serialization if its scheme is in schemes (or, with dataImage,
// it is a data: URL of a safe raster image type).
func (s *safeWriter) urlBefore(v string, schemes map[string]bool, dataImage bool) (string, bool) {
	var u *weburl.URL
	var err error
	if s.base != nil {
		reads := weburl.ReadsBase(v)
		if reads && s.urlsSpent {
			return "", false
		}
		u, err = weburl.Parse(v, s.base)
		if err == nil && reads && len(u.Href()) > len(v) && !s.urlRoom(len(u.Href())-len(v)) {
			return "", false
		}
	} else if u, err = weburl.Parse(v, nil); err != nil {
		// Not absolute. Keep it relative if it parses as a relative
		// reference: the browser resolves it against the page, whose scheme
		// it takes.
		if safePlaceholderBase == nil {
			return "", false
		}
		if r, rerr := weburl.Parse(v, safePlaceholderBase); rerr != nil || r.Scheme() != "https" {
			return "", false
		}
		return strings.Map(func(r rune) rune {
			if r == '\t' || r == '\n' || r == '\r' || r == 0 {
				return -1
			}
			return r
		}, strings.TrimFunc(v, func(r rune) bool { return r <= ' ' })), true
	}
	if err != nil || u == nil {
		return "", false
	}
	return safeAbsoluteURL(u, schemes, dataImage)
}

// safeURLTestBases are the base URLs the differential test reads URLs
// against: none, one that is not a URL, simple http(s) bases (the fast
// paths apply) and bases they do not apply to.
var safeURLTestBases = []string{
	"", "not a url", safeBase, "https://feed.example/feed.xml", "http://example.com",
	"https://example.com/a/b?q=1#f", "http://EXAMPLE.com:8080/a/", "https://user@example.com/x/",
	"https://example.com/a/./b/", "ftp://example.com/d/", "file:///tmp/x", "mailto:a@b", "https://[::1]/p/",
}

// assertURLAgrees checks that safeWriter.url and urlBefore agree on v for
// every base of safeURLTestBases and every kind of URL attribute, with the
// resolution budget spent and not.
func assertURLAgrees(t testing.TB, v string) {
	t.Helper()
	kinds := []struct {
		schemes   map[string]bool
		dataImage bool
	}{{safeLinkSchemes, false}, {safeMediaSchemes, false}, {safeMediaSchemes, true}}
	for _, base := range safeURLTestBases {
		for _, k := range kinds {
			for _, spent := range []bool{false, true} {
				var now, before safeWriter
				now.setBase(base)
				before.setBase(base)
				now.urlsSpent, before.urlsSpent = spent, spent
				got, gotOK := now.url(v, k.schemes, k.dataImage)
				want, wantOK := before.urlBefore(v, k.schemes, k.dataImage)
				if got != want || gotOK != wantOK || now.added != before.added || now.urlsSpent != before.urlsSpent {
					t.Errorf("url(%q) against %q (data image %v, spent %v): %q %v (added %d), before %q %v (added %d)",
						v, base, k.dataImage, spent, got, gotOK, now.added, want, wantOK, before.added)
				}
			}
		}
	}
}

// textAttrValues returns the values of every attribute of every element
// of txt's tree.
func textAttrValues(txt *Text) []string {
	var vals []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for ; n != nil; n = n.NextSibling {
			for _, a := range n.Attr {
				vals = append(vals, a.Val)
			}
			walk(n.FirstChild)
		}
	}
	if txt.IsNode() {
		if n := txt.readNode(); n != nil {
			walk(n)
		}
	}
	return vals
}

// TestSafeURLFastPathsAgree runs the differential test on every attribute
// value of every text of the corpus's feeds and of the XSS vectors, and on
// hand-picked references that take each branch.
func TestSafeURLFastPathsAgree(t *testing.T) {
	for _, v := range []string{
		"", " ", "/", "//", "/x1", "x1", "./a", "../a", "a/../b", "?q", "#f", "//example.org/p", "\\\\example.org",
		"/\\host", "\t/\n/host", "//[::1", "//exa mple", "/\x00/x", " /x ", "https:", "https:x", "HTTPS:/x", "ht\ttps:/x",
		"https://", "https://[", "https:/\\[", "https: //x", "http:", "http:x", "http://[", "javascript:alert(1)",
		"jav\tascript:x", "data:image/png;base64,AA", "data:image/svg+xml,<svg>", "mailto:a@b", "tel:1", "foo:bar",
		"https://Example.COM", "http://example.com/a/%2e/b", "/a?q=%zz", "a b", "/ü", strings.Repeat("/a", 70),
		"https://example.com/" + strings.Repeat("a/", 70), "1:2", "a:", ":a",
	} {
		assertURLAgrees(t, v)
	}
	values := 0
	check := func(txt *Text) {
		for _, v := range textAttrValues(txt) {
			values++
			assertURLAgrees(t, v)
		}
	}
	for _, v := range readPeerJSONL[xssVector](t, xssVectorsFile) {
		txts, _ := xssTexts(v)
		for _, txt := range txts {
			check(txt)
		}
	}
	if testing.Short() {
		t.Logf("%d attribute values checked; the corpus is skipped in -short mode", values)
		return
	}
	files, _ := filepath.Glob(filepath.Join("..", "shared", "corpus", "feeds", "*"))
	if len(files) == 0 {
		t.Skip("the feed corpus is not at ../shared/corpus/feeds; skipping")
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		feed, _ := ParseDocument(bytes.NewReader(data), WithURL("https://feed.example/feed.xml"))
		if feed == nil {
			continue
		}
		txts, _ := readerTexts(feed)
		for _, txt := range txts {
			check(txt)
		}
	}
	t.Logf("%d attribute values of %d feed files and the XSS vectors checked", values, len(files))
}

// FuzzSafeHTMLURL runs the differential test on any string, and SafeHTML on a
// link, an image and a srcset of it, checking the output as FuzzSafeHTML
// does.
func FuzzSafeHTMLURL(f *testing.F) {
	for _, v := range []string{"/x1", "x1", "//host/p", "https:x", "https://[", "javascript:alert(1)", "data:image/png,x", "\t/\n/h", "a b", "/a/../b"} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v string) {
		assertURLAgrees(t, v)
		in := `<a href="` + html.EscapeString(v) + `">a</a><img src="` + html.EscapeString(v) + `" srcset="` + html.EscapeString(v) + ` 2x">`
		for _, base := range []string{"", safeBase} {
			got := SafeHTML(toolkitHTML(t, in), base)
			assertSafe(t, got)
			assertReparses(t, got, base)
		}
	})
}

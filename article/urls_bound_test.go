package article

import (
	"strconv"
	"strings"
	"testing"

	whatwgurl "github.com/nlnwa/whatwg-url/url"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

// urlPage is a page whose base element's href is base (none when "") and
// whose body holds links links and images to ref, each made distinct by a
// query.
func urlPage(base, ref string, links int) string {
	var b strings.Builder
	b.WriteString("<html><head>")
	if base != "" {
		b.WriteString(`<base href="` + html.EscapeString(base) + `">`)
	}
	b.WriteString("</head><body>")
	for i := range links {
		q := html.EscapeString(ref + "?" + strconv.Itoa(i))
		b.WriteString(`<p><a href="` + q + `">x</a><img src="` + q + `" srcset="` + q + ` 2x, ` + q + ` 3x"></p>`)
	}
	b.WriteString("</body></html>")
	return b.String()
}

// TestResolveURLsLinear: the page's URLs resolved against its base cost
// bytes in proportion to the URLs, whatever their shape: 10 times the
// segments of every URL, or 10 times the base's and 10 times the links,
// allocate at most 12 times the bytes the page's size asks for. Before
// internal/weburl, a URL of 10,000 "p/" segments allocated 106 MB, and
// each link re-parsed the base.
func TestResolveURLsLinear(t *testing.T) {
	const page = "https://x.example/a/b"
	shapes := []struct {
		name string
		page func(n int) (string, int) // the page and its URLs' total size
	}{
		{"links of n dot segments", func(n int) (string, int) {
			ref := "./" + strings.Repeat("p/./", n)
			return urlPage("", ref, 10), 40 * len(ref)
		}},
		{"links of n backslashes and spaces", func(n int) (string, int) {
			ref := "q\\" + strings.Repeat("p a\\", n)
			return urlPage("", ref, 10), 40 * len(ref)
		}},
		{"a base of n segments", func(n int) (string, int) {
			base := "https://x.example/" + strings.Repeat("b/", n)
			return urlPage(base, "../c", 10), 40 * len(base)
		}},
		{"n links against a base", func(n int) (string, int) {
			base := "https://x.example/" + strings.Repeat("b/", 100)
			return urlPage(base, "../c", n/10), 4 * (n / 10) * len(base)
		}},
	}
	for _, sh := range shapes {
		cost := func(n int) (uint64, int) {
			src, size := sh.page(n)
			doc, err := html.Parse(strings.NewReader(src))
			require.NoError(t, err)
			a := allocated(func() { resolveURLs(doc, baseURL(doc, page), len(src)) })
			return a, size
		}
		small, smallSize := cost(1000)
		large, largeSize := cost(10000)
		t.Logf("%s: %d bytes allocated for %d bytes of resolved URLs, %d for %d (x%.1f, %.1f a byte)",
			sh.name, small, smallSize, large, largeSize, float64(large)/float64(small), float64(large)/float64(largeSize))
		assert.LessOrEqual(t, large, 12*small, "%s: 10 times the URLs, at most 12 times the bytes", sh.name)
		// A space becomes "%20": 8 leaves room for the encoded result.
		assert.LessOrEqual(t, float64(large)/float64(largeSize), 8.0, "%s: bytes allocated per byte of the URLs", sh.name)
	}
}

// TestResolveURLsAgreeWithLibrary: the attributes resolved as the WHATWG
// library resolves them, against the page and against a base element.
func TestResolveURLsAgreeWithLibrary(t *testing.T) {
	const page = "https://x.example/a/b"
	for _, c := range []struct{ base, ref string }{
		{"", "./p/./q/../r"},
		{"", "\\p\\q r"},
		{"/dir/", "../x?y#z"},
		{"https://other.example/d/e/", "..\\..\\f"},
		{"//cdn.example/i/", "img.png"},
		{"x://h/a/", "b/c"},
		{"not a url \x00", "p"},
	} {
		doc, err := html.Parse(strings.NewReader(urlPage(c.base, c.ref, 1)))
		require.NoError(t, err)
		base := baseURL(doc, page)
		resolveURLs(doc, base, 1000)
		lib, err := whatwgurl.Parse(page)
		require.NoError(t, err)
		if c.base != "" {
			if b, err := lib.Parse(c.base); err == nil {
				lib = b
			}
		}
		want := c.ref + "?0"
		if u, err := lib.Parse(want); err == nil {
			want = u.Href(false)
		}
		var got []string
		var walk func(n *html.Node)
		walk = func(n *html.Node) {
			for _, a := range n.Attr {
				if a.Key == "href" && n.Data == "a" || a.Key == "src" {
					got = append(got, a.Val)
				}
			}
			for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
				walk(ch)
			}
		}
		walk(doc)
		require.Len(t, got, 2, "%+v", c)
		assert.Equal(t, []string{want, want}, got, "%+v", c)
	}
}

// TestResolveURLsBudget: a page of short, distinct relative links against
// a long base element made every link the base's size (a 20 KB base and
// 1,000 links: 80 MB of attributes). What resolution adds is at most
// max(1 MiB, the page's size): 10 times the base and the links allocate
// at most 12 times the bytes; the links past the budget stay as written.
func TestResolveURLsBudget(t *testing.T) {
	const page = "https://x.example/a/b"
	cost := func(base, links int) (uint64, *html.Node, int) {
		var b strings.Builder
		b.WriteString(`<html><head><base href="https://x.example/` + strings.Repeat("b/", base/2) + `"></head><body>`)
		for i := range links {
			b.WriteString(`<a href="` + strconv.Itoa(i) + `">w</a>`)
		}
		src := b.String()
		doc, err := html.Parse(strings.NewReader(src))
		require.NoError(t, err)
		return allocated(func() { resolveURLs(doc, baseURL(doc, page), len(src)) }), doc, len(src)
	}
	small, _, smallSize := cost(20_000, 1000)
	large, doc, largeSize := cost(200_000, 10_000)
	t.Logf("%d bytes allocated for a page of %d bytes, %d for %d (x%.1f)", small, smallSize, large, largeSize, float64(large)/float64(small))
	assert.LessOrEqual(t, large, 12*small, "10 times the base and the links, at most 12 times the bytes")
	assert.LessOrEqual(t, float64(large)/float64(largeSize+1<<20), 4.0, "bytes allocated a byte of the page and the 1 MiB")
	var hrefs []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "a" {
			hrefs = append(hrefs, attr(n, "href"))
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	require.Len(t, hrefs, 10_000)
	assert.True(t, strings.HasPrefix(hrefs[0], "https://x.example/b/"), "the first links are resolved: %.40q", hrefs[0])
	assert.Equal(t, "9999", hrefs[9999], "the links past the budget stay as written")
}

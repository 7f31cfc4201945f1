package feedspec

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"

	"github.com/feedspec/feedspec/internal/weburl"
)

// discoverFeedsTree is DiscoverFeeds as it was before the page was read as
// a stream of tokens: on the tree html.Parse builds. The streaming
// DiscoverFeeds must give the same answers.
func discoverFeedsTree(r io.Reader, pageURL string) ([]FeedLink, error) {
	d := &discoverer{seen: map[string]bool{}}
	if pageURL != "" {
		u, err := parseAbsolute(pageURL)
		if err != nil {
			return nil, err
		}
		d.page, d.base = u, u
	}
	br := bufio.NewReaderSize(r, 1024)
	head, err := br.Peek(1024)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, err
	}
	enc, _, _ := charset.DetermineEncoding(head, "")
	doc, err := html.Parse(enc.NewDecoder().Reader(br))
	if err != nil {
		return nil, err
	}
	if b := treeFindElement(doc, "base", "href"); b != nil {
		if u := d.resolve(treeAttr(b, "href")); u != nil {
			d.base = u
		}
	}
	var links, anchors []*html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Namespace == "" {
			switch n.Data {
			case "link":
				links = append(links, n)
			case "a":
				anchors = append(anchors, n)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	feeds := []FeedLink{}
	for _, n := range links {
		if f, ok := d.fromLink(treeAttr(n, "rel"), treeAttr(n, "href"), treeAttr(n, "type"), treeAttr(n, "title")); ok && d.add(f.URL) {
			feeds = append(feeds, f)
		}
	}
	for _, n := range anchors {
		text, alt := treeAnchorText(n)
		if f, ok := d.fromAnchor(treeAttr(n, "href"), treeAttr(n, "title"), text, alt); ok && d.add(f.URL) {
			feeds = append(feeds, f)
		}
	}
	return feeds, nil
}

func parseAbsolute(s string) (*weburl.URL, error) {
	d := &discoverer{}
	u := d.resolve(s)
	if u == nil {
		return nil, fmt.Errorf("not an absolute URL: %q", s)
	}
	return u, nil
}

func treeAnchorText(n *html.Node) (text, alt string) {
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case html.TextNode:
				b.WriteString(c.Data)
				b.WriteByte(' ')
			case html.ElementNode:
				switch c.Data {
				case "script", "style", "template":
					continue
				case "img":
					if alt == "" {
						alt = treeAttr(c, "alt")
					}
				}
				walk(c)
			}
		}
	}
	walk(n)
	return plainCollapseSpace(b.String()), plainCollapseSpace(alt)
}

func treeFindElement(n *html.Node, name, attr string) *html.Node {
	if n.Type == html.ElementNode && n.Namespace == "" && n.Data == name {
		for _, a := range n.Attr {
			if a.Namespace == "" && a.Key == attr {
				return n
			}
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := treeFindElement(c, name, attr); f != nil {
			return f
		}
	}
	return nil
}

func treeAttr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

// assertSameDiscovery asserts that DiscoverFeeds gives the tree's answer.
func assertSameDiscovery(t *testing.T, name, page, pageURL string) bool {
	t.Helper()
	want, werr := discoverFeedsTree(strings.NewReader(page), pageURL)
	got, gerr := DiscoverFeeds(strings.NewReader(page), pageURL)
	if werr != nil {
		return assert.Error(t, gerr, name)
	}
	return assert.NoError(t, gerr, name) && assert.Equal(t, want, got, "%s: %q", name, page)
}

// discTrickyPages are pages whose tree is not their tokens: misnested and
// unclosed <a> elements, tables, foreign content, raw text.
var discTrickyPages = []string{
	`<a href="/feed">RSS</a><a href="/other">RSS feed</a>`,
	`<ul><li><a href="/x">Subscribe</li>` + "\n" + `<li>RSS</li></ul>`,
	`<ul><li><a href="/feed">one</li><li>two</li></ul>`,
	`<p><a href="/x">foo</p>RSS</a>`,
	`<a href="/x">foo<div>RSS</a>bar</div>`,
	`<a href="/x">foo<div>bar<div>RSS</a>baz`,
	`<a href="/x">foo<div>bar</div>RSS</a>`,
	`<a href="/x">one<a href="/y">RSS</a>`,
	`<a href="/feed.xml">text<span>more</span>`,
	`<table><tr><td><a href="/x">foo</td><td>RSS</td></tr></table>`,
	`<table><a href="/x">RSS</a><tr><td>x</table>`,
	`<svg><a href="/feed">RSS</a></svg><a href="/rss">x</a>`,
	`<svg><foreignObject><a href="/x">RSS</a></foreignObject><a href="/y">RSS</a></svg>`,
	`<math><mi><a href="/x">RSS</a></mi></math>`,
	`<svg><p><a href="/x">RSS</a>`,
	`<svg><title><a href="/x">RSS</a></title></svg>`,
	`<svg><style><a href="/x">RSS</a></style></svg>`,
	`<svg><![CDATA[<a href="/x">RSS</a>]]></svg>`,
	`<script><a href="/x">RSS</a></script><a href="/y">R<script>x</script>SS</a>`,
	`<a href="/x"><style>RSS</style>other</a>`,
	`<a href="/x"><template>RSS</template>other</a>`,
	`<template><a href="/x">RSS</a></template>`,
	`<title><a href="/x">RSS</a></title><textarea><link rel=alternate type=application/rss+xml href=/t></textarea>`,
	`<noscript><a href="/x">RSS</a></noscript>`,
	`<a href="/x"><img alt=" "><img alt="RSS feed"></a>`,
	`<a href="/x" title="RSS"></a><a href="/y"><img alt="Atom"></a>`,
	`<a href="/x">fo<!-- c -->o RSS</a>`,
	`<a href="/x">R</span>SS</a>`,
	`<b><a href="/x">one</b>RSS</a>`,
	`<div><a href="/x">one</div>RSS`,
	`<a href="/x">a&#0;b RSS</a>`,
	"<a href=\"/x\">a\x00b RSS</a>",
	`<body><a href="/x">RSS</a><base href="https://other.example/feed/"><a href="?x">y</a>`,
	`<a href="#">page</a><a href="">RSS</a><a href=" ">RSS</a><a>RSS</a>`,
	`<select><a href="/x">RSS</a><option>x</select>`,
	`<frameset><a href="/x">RSS</a></frameset>`,
	`<link rel="alternate feed" href="/f"><svg><link rel=alternate type=application/rss+xml href=/s></svg>`,
	`<a href="/x"><p>RSS</a>`,
	`<h1><a href="/x">RSS<h2>more</a>`,
	`<a href="/x"><table><tr><td>RSS</td></tr></table>tail</a>`,
	`<object><a href="/x">one</object>RSS`,
	`<a href="feed://example.com/x">sub</a><a href="feed:https://example.com/y">sub</a>`,
	`<A HREF="/RSS">x</A><a href="/%66eed">x</a><a href="//feeds.feedburner.com/x">x</a>`,
	`<a href="/x">` + strings.Repeat(" RSS ", 3) + `</a>`,
	`<a href="/x">` + "\u00a0RSS\u2003x\u3000" + `</a>`,
	`<a href="/x"><svg><title>RSS</title></svg></a>`,
	`<dl><dt><a href="/x">one<dd>RSS</dl>`,
	`<a href="/x">one<button>RSS</button></a>`,
	`<a href="/x">one<li>RSS</a>`,
	`<p>x<a href=/x>one<p>RSS</a>`,
}

func TestDiscoverFeedsStreamMatchesTree(t *testing.T) {
	for i, p := range discTrickyPages {
		assertSameDiscovery(t, fmt.Sprint("page ", i), p, "https://www.example.com/blog/post.html")
		assertSameDiscovery(t, fmt.Sprint("page ", i, " without URL"), p, "")
	}
	// Every HTML file the tests have, and those of the directories
	// FEEDSPEC_DISCOVER_DIRS lists (separated by the path list separator).
	dirs := []string{"testdata"}
	if v := os.Getenv("FEEDSPEC_DISCOVER_DIRS"); v != "" {
		dirs = append(dirs, filepath.SplitList(v)...)
	}
	n := 0
	for _, dir := range dirs {
		_ = filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
			if err != nil || info.IsDir() {
				return nil
			}
			name := strings.TrimSuffix(strings.ToLower(path), ".gz")
			if ext := filepath.Ext(name); ext != ".html" && ext != ".htm" && ext != ".xhtml" {
				return nil
			}
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			if name != strings.ToLower(path) {
				zr, err := gzip.NewReader(bytes.NewReader(b))
				require.NoError(t, err)
				b, err = io.ReadAll(zr)
				require.NoError(t, err)
			}
			n++
			assertSameDiscovery(t, path, string(b), "https://www.example.com/blog/post.html")
			// A page URL with a feed's words: every <a> is resolved.
			assertSameDiscovery(t, path, string(b), "https://www.example.com/feed/")
			return nil
		})
	}
	t.Logf("%d HTML files compared", n)
}

// discSoup returns random tag soup made of the elements discovery's rules
// depend on.
func discSoup(rng *rand.Rand, n int, all bool) string {
	parts := discSoupParts
	if all {
		parts = append(parts[:len(parts):len(parts)], discSoupTables...)
	}
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(parts[rng.Intn(len(parts))])
	}
	return b.String()
}

// discSoupParts are the pieces of the pages the streaming DiscoverFeeds
// must read as the tree does; discSoupTables those of pages where it may
// differ (tables, templates and foreign content mixed at random).
var (
	discSoupParts = []string{
		`<a href="/x">`, `<a href="/feed">`, `<a href="https://feeds.feedburner.com/b">`, `</a>`,
		`<p>`, `</p>`, `<div>`, `</div>`, `<span>`, `</span>`, `<b>`, `</b>`, `<i>`, `</i>`,
		`<ul>`, `<li>`, `</li>`, `</ul>`,

		`<script>x</script>`, `<style>RSS</style>`, `<img alt="RSS">`,
		`RSS`, `text`, ` `, "\n", `Atom`, `feed`, `<!-- c -->`, `<br>`, `</br>`, `<h1>`, `</h1>`,
		`<link rel=alternate type=application/rss+xml href=/l1>`, `<link rel=feed href=/l2>`,
		`<base href="/dir/">`, `<button>`, `</button>`, `<dd>`, `<dt>`,
	}
	discSoupTables = []string{`<table>`, `<tr>`, `<td>`, `</td>`, `</tr>`, `</table>`, `<svg>`, `</svg>`,
		`<math>`, `<mi>`, `</math>`, `<foreignObject>`, `</foreignObject>`, `<template>`, `</template>`, `<object>`, `</object>`}
)

// TestDiscoverFeedsStreamSoup compares the streaming DiscoverFeeds with the
// tree on random tag soup. The streaming reader follows the tree
// construction where discovery depends on it in pages people write
// (TestDiscoverFeedsStreamMatchesTree); in random misnesting of blocks and
// formatting elements it may give an <a>'s copies other text (about 1% of
// these pages), and more where tables, templates and foreign content are
// mixed in at random (about 3%).
func TestDiscoverFeedsStreamSoup(t *testing.T) {
	for _, tt := range []struct {
		all     bool
		percent int
	}{{false, 2}, {true, 5}} {
		rng := rand.New(rand.NewSource(1))
		diff := 0
		const pages = 2000
		for i := 0; i < pages; i++ {
			p := discSoup(rng, 1+rng.Intn(30), tt.all)
			want, _ := discoverFeedsTree(strings.NewReader(p), "https://www.example.com/blog/")
			got, _ := DiscoverFeeds(strings.NewReader(p), "https://www.example.com/blog/")
			if !assert.ObjectsAreEqual(want, got) {
				diff++
				if diff <= 3 {
					t.Logf("differs: %q\n tree:   %v\n stream: %v", p, want, got)
				}
			}
		}
		t.Logf("tables and foreign content %v: %d of %d random pages differ", tt.all, diff, pages)
		assert.LessOrEqual(t, diff*100, pages*tt.percent, "more than %d%% of random pages differ", tt.percent)
	}
}

// discMemPages are page shapes for the memory tests, n bytes long or a
// little less.
func discMemPages(n int) map[string][]byte {
	rep := func(s string) []byte { return bytes.Repeat([]byte(s), n/len(s)) }
	return map[string][]byte{
		"<p> elements":             rep("<p>"),
		"paragraphs of text":       rep("<p>Lorem ipsum dolor sit amet</p>\n"),
		"text without tags":        rep("Lorem ipsum dolor sit amet, consectetur adipiscing elit. "),
		"links to pages":           rep(`<a href="/page">a page</a>`),
		"unclosed <a> links":       rep(`<a href=x>`),
		"<link> elements":          rep(`<link rel=stylesheet href=x>`),
		"feed links, repeated":     rep(`<link rel=alternate type=application/rss+xml href=/feed>`),
		"nested <div>":             rep(`<div>`),
		"feed links, repeated <a>": rep(`<a href="/feed">RSS</a>`),
		// A token that runs to the end of the page: the tokenizer keeps
		// it whole.
		"unclosed comment":         append([]byte("<!--"), rep("x")[4:]...),
		"unclosed attribute value": append([]byte(`<a href="`), rep("x")[9:]...),
		"distinct feed links": func() []byte {
			var b bytes.Buffer
			for i := 0; b.Len() < n-40; i++ {
				fmt.Fprintf(&b, `<a href="/rss?n=%d">x</a>`, i)
			}
			return b.Bytes()
		}(),
	}
}

// htmlPageAllocs returns the bytes ParseResponse allocates to read page,
// served as text/html, and the feeds it finds.
func htmlPageAllocs(t *testing.T, page []byte) (uint64, []FeedLink) {
	t.Helper()
	u, err := url.Parse("https://example.com/blog/")
	require.NoError(t, err)
	res := &http.Response{
		StatusCode: 200, Header: http.Header{"Content-Type": {"text/html"}},
		Body: io.NopCloser(bytes.NewReader(page)), ContentLength: int64(len(page)),
		Request: &http.Request{URL: u},
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = ParseResponse(res)
	runtime.ReadMemStats(&after)
	var pe *HTMLPageError
	require.ErrorAs(t, err, &pe)
	return after.TotalAlloc - before.TotalAlloc, pe.Feeds
}

// TestHTMLPageAllocationsPerInputByte: the HTML page path of ParseResponse
// allocates at most about 4 bytes per byte of the page, whatever its shape
// (the tree it built before allocated 40 for a page of <p>). The worst is
// text without tags: the tokenizer keeps a text run whole, in a buffer
// that doubles.
func TestHTMLPageAllocationsPerInputByte(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 8 pages of 4 MiB")
	}
	for name, page := range discMemPages(4 << 20) {
		n, _ := htmlPageAllocs(t, page)
		ratio := float64(n) / float64(len(page))
		t.Logf("%-22s %.2f bytes allocated per input byte", name, ratio)
		assert.LessOrEqual(t, ratio, 4.5, name)
	}
}

// TestHTMLPageGrowth: a page 10 times as long costs at most about 10 times
// as much.
func TestHTMLPageGrowth(t *testing.T) {
	small, large := discMemPages(300<<10), discMemPages(3000<<10)
	for name := range small {
		n1, f1 := htmlPageAllocs(t, small[name])
		n2, f2 := htmlPageAllocs(t, large[name])
		assert.Equal(t, f1, f2, name)
		growth := float64(n2) / float64(max(n1, 1))
		t.Logf("%-22s x%.1f", name, growth)
		assert.LessOrEqual(t, growth, 13.0, name)
	}
}

// TestDiscoverFeedsCandidateLimit: a page with more than
// MaxDiscoverCandidates links that may be feeds gives the feeds among the
// first and an error wrapping ErrLimit; through ParseResponse, an
// HTMLPageError with those feeds.
func TestDiscoverFeedsCandidateLimit(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`<link rel=alternate type=application/rss+xml href=/main.rss>`)
	for i := 0; i < MaxDiscoverCandidates+10; i++ {
		fmt.Fprintf(&b, `<a href="/rss?n=%d">x</a>`, i)
	}
	feeds, err := DiscoverFeeds(bytes.NewReader(b.Bytes()), "https://example.com/")
	require.ErrorIs(t, err, ErrLimit)
	assert.Equal(t, "feedspec: discover feeds: limit reached: the page has more than 1000 links that may be feeds (MaxDiscoverCandidates); the feeds among the first are returned", err.Error())
	require.Len(t, feeds, MaxDiscoverCandidates)
	assert.Equal(t, "https://example.com/main.rss", feeds[0].URL)
	assert.Equal(t, fmt.Sprintf("https://example.com/rss?n=%d", MaxDiscoverCandidates-2), feeds[len(feeds)-1].URL)

	// Within the limit: no error.
	feeds, err = DiscoverFeeds(strings.NewReader(b.String()[:b.Len()/2]), "https://example.com/")
	require.NoError(t, err)
	assert.Greater(t, len(feeds), MaxDiscoverCandidates/3)

	n, fromResponse := htmlPageAllocs(t, b.Bytes())
	assert.Len(t, fromResponse, MaxDiscoverCandidates)
	t.Logf("%d bytes allocated for a page of %d bytes", n, b.Len())
	assert.Less(t, n, uint64(8<<20), "the limit bounds what resolving costs")
}

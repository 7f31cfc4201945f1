package feedspec

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stretchr/testify/assert"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/feedspec/feedspec/xml5"
)

// hElem builds an x/net/html element in namespace ns ("" HTML, "svg", "math",
// NoNamespace or a URL) with the given attributes ("key=value", or
// "ns|key=value" for a namespaced one) and children.
func hElem(ns, name string, attrs []string, children ...*html.Node) *html.Node {
	n := &html.Node{Type: html.ElementNode, Namespace: ns, Data: name}
	if ns == "" || ns == "svg" || ns == "math" {
		n.DataAtom = atom.Lookup([]byte(name))
	}
	for _, a := range attrs {
		var at html.Attribute
		kv := strings.SplitN(a, "=", 2)
		at.Key = kv[0]
		if len(kv) == 2 {
			at.Val = kv[1]
		}
		if i := strings.IndexByte(at.Key, '|'); i >= 0 {
			at.Namespace, at.Key = at.Key[:i], at.Key[i+1:]
		}
		n.Attr = append(n.Attr, at)
	}
	for _, c := range children {
		n.AppendChild(c)
	}
	return n
}

func hText(s string) *html.Node { return &html.Node{Type: html.TextNode, Data: s} }

func hFrag(children ...*html.Node) *html.Node {
	f := &html.Node{Type: html.DocumentNode}
	for _, c := range children {
		f.AppendChild(c)
	}
	return f
}

// renderFrag renders a fragment's children for assertions.
func renderFrag(n *html.Node) string { return renderHTML(n) }

func TestSanitizeSignificance(t *testing.T) {
	img1x1 := func() *html.Node { return hElem("", "img", []string{"width=1", "height=1"}) }
	tests := []struct {
		name string
		f    *html.Node
		want bool
	}{
		{"empty fragment", hFrag(), false},
		{"text", hFrag(hText("x")), true},
		{"space characters only", hFrag(hText(" \t\n\f\r")), false},
		{"vertical tab is not a space", hFrag(hText("\v")), true},
		{"NBSP is not a space", hFrag(hText("\u00a0")), true},
		{"comment", hFrag(&html.Node{Type: html.CommentNode, Data: "x"}), false},
		{"processing instruction", hFrag(&html.Node{Type: html.RawNode, Data: "<?pi x>"}), false},
		{"empty p", hFrag(hElem("", "p", nil)), false},
		{"text deep inside", hFrag(hElem("", "div", nil, hElem("", "p", nil, hElem("", "span", nil, hText("x"))))), true},
		{"canvas", hFrag(hElem("", "canvas", nil)), true},
		{"embed", hFrag(hElem("", "embed", nil)), true},
		{"iframe", hFrag(hElem("", "iframe", nil)), true},
		{"img", hFrag(hElem("", "img", nil)), true},
		{"object", hFrag(hElem("", "object", nil)), true},
		{"video", hFrag(hElem("", "video", nil)), true},
		{"audio controls", hFrag(hElem("", "audio", []string{"controls="})), true},
		{"audio", hFrag(hElem("", "audio", []string{"src=a"})), false},
		{"audio with namespaced controls", hFrag(hElem("", "audio", []string{"urn:x|controls="})), false},
		{"input", hFrag(hElem("", "input", []string{"type=text"})), false},
		{"input hidden", hFrag(hElem("", "input", []string{"type=hidden"})), false},
		{"picture", hFrag(hElem("", "picture", nil)), false},
		{"br", hFrag(hElem("", "br", nil)), false},
		{"math", hFrag(hElem("math", "math", nil)), true},
		{"svg", hFrag(hElem("svg", "svg", nil)), true},
		{"svg element in HTML namespace", hFrag(hElem("", "svg", nil)), false},
		{"math element in SVG namespace", hFrag(hElem("svg", "math", nil)), false},
		{"img in SVG namespace", hFrag(hElem("svg", "img", nil)), false},
		{"img in no namespace", hFrag(hElem(NoNamespace, "img", nil)), false},
		{"img in another namespace", hFrag(hElem("urn:x", "img", nil)), false},
		{"video in MathML namespace", hFrag(hElem("math", "video", nil)), false},

		{"hidden attribute", hFrag(hElem("", "p", []string{"hidden="}, hText("x"))), false},
		{"hidden=false", hFrag(hElem("", "p", []string{"hidden=false"}, hText("x"))), false},
		{"hidden img", hFrag(hElem("", "img", []string{"hidden="})), false},
		{"hidden math", hFrag(hElem("math", "math", []string{"hidden="})), false},
		{"hidden svg", hFrag(hElem("svg", "svg", []string{"hidden="})), false},
		{"hidden element in another namespace", hFrag(hElem("urn:x", "x:e", []string{"hidden="}, hText("x"))), false},
		{"hidden element in no namespace", hFrag(hElem(NoNamespace, "e", []string{"hidden="}, hText("x"))), false},
		{"namespaced hidden does not hide", hFrag(hElem("", "p", []string{"xlink|hidden="}, hText("x"))), true},
		{"prefixed hidden does not hide", hFrag(hElem("", "p", []string{"x:hidden="}, hText("x"))), true},
		{"hidden hides the whole subtree", hFrag(hElem("", "div", []string{"hidden="}, hElem("", "p", nil, hElem("", "img", nil), hText("x")))), false},
		{"text beside a hidden element", hFrag(hElem("", "p", []string{"hidden="}, hText("x")), hText("y")), true},
		{"HTML script", hFrag(hElem("", "script", nil, hText("x"))), false},
		{"HTML style", hFrag(hElem("", "style", nil, hText("x"))), false},
		{"SVG script", hFrag(hElem("svg", "script", nil, hText("x"))), false},
		{"SVG style", hFrag(hElem("svg", "style", nil, hText("x"))), false},
		{"MathML script does not hide", hFrag(hElem("math", "script", nil, hText("x"))), true},
		{"script in another namespace does not hide", hFrag(hElem("urn:x", "script", nil, hText("x"))), true},
		{"script in no namespace does not hide", hFrag(hElem(NoNamespace, "style", nil, hText("x"))), true},
		{"HTML template contents", hFrag(hElem("", "template", nil, hText("x"), hElem("", "img", nil))), false},
		{"SVG template is an ordinary element", hFrag(hElem("svg", "template", nil, hText("x"))), true},
		{"descendants of significant elements are examined", hFrag(hElem("", "video", []string{"hidden="}, hElem("", "img", nil))), false},
		{"1x1 img removed before significance", hFrag(img1x1()), false},
		{"1x1 img removed, text stays", hFrag(hText("a"), img1x1(), hText("b")), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, sanitize(tt.f))
		})
	}
	assert.False(t, sanitize(nil))
}

func TestSanitizeRemovesOneByOneImages(t *testing.T) {
	img := func(attrs ...string) *html.Node { return hElem("", "img", attrs) }
	tests := []struct {
		name string
		f    *html.Node
		sig  bool
		want string // rendered after sanitize
	}{
		{"top level", hFrag(hText("a"), img("src=t", "width=1", "height=1"), hText("b")), true, "ab"},
		{"attribute order does not matter", hFrag(hText("a"), img("height=1", "src=t", "width=1")), true, "a"},
		{"at depth", hFrag(hText("a"), hElem("", "div", nil, hElem("", "p", nil, hElem("", "span", nil, hElem("", "b", nil, img("width=1", "height=1")))))), true,
			"a<div><p><span><b></b></span></p></div>"},
		{"after significant content is found", hFrag(hElem("", "img", []string{"src=a"}), hElem("", "p", nil, img("width=1", "height=1"))), true,
			`<img src="a"/><p></p>`},
		{"several siblings", hFrag(img("width=1", "height=1"), img("width=1", "height=1"), hText("x"), img("width=1", "height=1")), true, "x"},
		{"with hidden attribute", hFrag(hText("x"), img("hidden=", "width=1", "height=1")), true, "x"},
		{"direct child of a hidden element", hFrag(hText("x"), hElem("", "p", []string{"hidden="}, img("width=1", "height=1"))), true,
			`x<p hidden=""></p>`},
		{"nested in a hidden element (the spec's rule)", hFrag(hText("x"), hElem("", "div", []string{"hidden="}, hElem("", "p", nil, img("width=1", "height=1")))), true,
			`x<div hidden=""><p></p></div>`},
		{"in a script", hFrag(hText("x"), hElem("", "script", nil, img("width=1", "height=1"))), true, "x<script></script>"},
		{"in an SVG foreignObject", hFrag(hElem("svg", "svg", nil, hElem("svg", "foreignObject", nil, img("width=1", "height=1")))), true,
			"<svg><foreignObject></foreignObject></svg>"},
		{"inside a significant element", hFrag(hElem("", "video", nil, img("width=1", "height=1"))), true, "<video></video>"},
		{"not in template contents", hFrag(hText("x"), hElem("", "template", nil, img("width=1", "height=1"))), true,
			`x<template><img width="1" height="1"/></template>`},
		{"width only", hFrag(img("width=1")), true, `<img width="1"/>`},
		{"height only", hFrag(img("height=1")), true, `<img height="1"/>`},
		{"padded value", hFrag(img("width= 1", "height=1")), true, `<img width=" 1" height="1"/>`},
		{"leading zero", hFrag(img("width=1", "height=01")), true, `<img width="1" height="01"/>`},
		{"1px", hFrag(img("width=1px", "height=1")), true, `<img width="1px" height="1"/>`},
		{"namespaced width", hFrag(img("urn:x|width=1", "height=1")), true, `<img urn:x:width="1" height="1"/>`},
		{"SVG img", hFrag(hElem("svg", "img", []string{"width=1", "height=1"})), false, `<img width="1" height="1"/>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.sig, sanitize(tt.f))
			assert.Equal(t, tt.want, renderFrag(tt.f))
		})
	}
}

func TestTextHasNonSpace(t *testing.T) {
	for _, s := range []string{"", " ", "\t", "\n", "\f", "\r", " \t\n\f\r "} {
		assert.False(t, textHasNonSpace(s), "%q", s)
	}
	for _, s := range []string{"x", "\v", "\u00a0", "\u3000", " x ", "\x00"} {
		assert.True(t, textHasNonSpace(s), "%q", s)
	}
}

// benchHTML is a realistic blog-post description: paragraphs, links,
// emphasis, images (one a 1×1 tracker), a list, a quotation and character
// references.
func benchHTML() string {
	var b strings.Builder
	b.WriteString(`<p>It&#8217;s been a while since our last <a href="https://example.com/news/2016/03/release">release</a>, and we&rsquo;re happy to announce <strong>version 4.2</strong> &mdash; the biggest update yet.</p>`)
	b.WriteString("\n")
	b.WriteString(`<p><img src="https://cdn.example.com/images/hero-1200x630.jpg" alt="Screenshot of the new dashboard" width="1200" height="630" class="aligncenter size-full wp-image-1234" srcset="https://cdn.example.com/images/hero-600.jpg 600w, https://cdn.example.com/images/hero-1200.jpg 1200w" sizes="(max-width: 1200px) 100vw, 1200px" /></p>`)
	for i := 0; i < 6; i++ {
		fmt.Fprintf(&b, "\n<h2 id=\"section-%d\">Section %d: what&#8217;s new</h2>\n", i, i)
		fmt.Fprintf(&b, `<p>Lorem ipsum dolor sit amet, <em>consectetur</em> adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis <a href="https://example.com/docs/%d?utm_source=rss&amp;utm_medium=rss">nostrud exercitation</a> ullamco laboris nisi ut aliquip ex ea commodo consequat &amp; more.</p>`, i)
		b.WriteString("\n<ul>\n<li>Faster start-up (about 30&nbsp;% less time)</li>\n<li>New <code>--verbose</code> flag</li>\n<li>Fixed a crash when the &lt;config&gt; file is empty</li>\n</ul>\n")
		b.WriteString(`<blockquote><p>&ldquo;Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur.&rdquo;</p></blockquote>`)
	}
	b.WriteString("\n<p>The post <a rel=\"nofollow\" href=\"https://example.com/blog/release-4-2/\">Release 4.2</a> appeared first on <a rel=\"nofollow\" href=\"https://example.com\">Example Blog</a>.</p>\n")
	b.WriteString(`<img src="https://feeds.example.com/~r/example/~4/abcdef" height="1" width="1" alt=""/>`)
	return b.String()
}

func BenchmarkParseEscapedHTML(b *testing.B) {
	el := textElement(benchHTML())
	b.SetBytes(int64(len(el.FirstChild.Data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if parseEscapedHTML(el) == nil {
			require.FailNow(b, "null")
		}
	}
}

// BenchmarkParseEscapedHTMLEager builds the fragment at once (the path taken
// when the tokens cannot decide, and on first use of a lazy Node).
func BenchmarkParseEscapedHTMLEager(b *testing.B) {
	src := benchHTML()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if parseHTMLText(src) == nil {
			require.FailNow(b, "null")
		}
	}
}

// BenchmarkParseEscapedHTMLThenRender parses lazily and then renders the
// HTML, so the fragment is built.
func BenchmarkParseEscapedHTMLThenRender(b *testing.B) {
	el := textElement(benchHTML())
	b.SetBytes(int64(len(el.FirstChild.Data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if parseEscapedHTML(el).HTML() == "" {
			require.FailNow(b, "empty")
		}
	}
}

func BenchmarkParseEscapedHTMLPlainText(b *testing.B) {
	el := textElement(strings.Repeat("Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", 8))
	b.SetBytes(int64(len(el.FirstChild.Data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if parseEscapedHTML(el) == nil {
			require.FailNow(b, "null")
		}
	}
}

func BenchmarkSanitize(b *testing.B) {
	src := benchHTML()
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	parse := func() *html.Node {
		nodes, err := html.ParseFragment(strings.NewReader(src), ctx)
		require.NoError(b, err)
		f := &html.Node{Type: html.DocumentNode}
		for _, n := range nodes {
			f.AppendChild(n)
		}
		return f
	}
	// Trees are built outside the timer (sanitize removes the tracker img,
	// so each iteration needs a fresh one).
	const batch = 256
	trees := make([]*html.Node, 0, batch)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(trees) == 0 {
			b.StopTimer()
			for len(trees) < batch {
				trees = append(trees, parse())
			}
			b.StartTimer()
		}
		f := trees[len(trees)-1]
		trees = trees[:len(trees)-1]
		if !sanitize(f) {
			require.FailNow(b, "not significant")
		}
	}
}

// BenchmarkSameTextContentNodes compares two equal fragments built from
// different sources, so the trees are compared.
func BenchmarkSameTextContentNodes(b *testing.B) {
	x := parseHTMLText(benchHTML())
	y := parseHTMLText(benchHTML() + "<!---->")
	y.fragment().RemoveChild(y.fragment().LastChild)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if !sameTextContent(x, y) {
			require.FailNow(b, "not same")
		}
	}
}

// BenchmarkSameTextContentLazyDifferent compares two lazy Nodes whose text
// differs: the text signatures decide without building the fragments.
func BenchmarkSameTextContentLazyDifferent(b *testing.B) {
	x := escapedHTMLText(benchHTML())
	y := escapedHTMLText(benchHTML() + "<p>more</p>")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if sameTextContent(x, y) {
			require.FailNow(b, "same")
		}
	}
}

// BenchmarkEscapedHTMLCorpus runs [178] over the child text content of every
// element of the corpus feeds that holds markup or a character reference:
// lazy (decided from tokens) and eager (fragment built at once).
func BenchmarkEscapedHTMLCorpus(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("..", "shared", "corpus", "feeds", "*"))
	if len(files) == 0 {
		b.Skip("../shared/corpus/feeds is absent")
	}
	var texts []string
	size := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(b, err)
		doc, err := xml5.Parse(bytes.NewReader(data))
		require.NoError(b, err)
		var walk func(n *xml5.Node)
		walk = func(n *xml5.Node) {
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == xml5.ElementNode {
					walk(c)
					if s := c.ChildTextContent(); strings.ContainsAny(s, "<&") {
						texts = append(texts, s)
						size += len(s)
					}
				}
			}
		}
		walk(doc.Node)
	}
	for _, mode := range []struct {
		name string
		fn   func(string) *Text
	}{{"lazy", escapedHTMLText}, {"eager", parseHTMLText}} {
		b.Run(mode.name, func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				for _, s := range texts {
					mode.fn(s)
				}
			}
		})
	}
}

package htmltoken

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stretchr/testify/assert"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/feedspec/feedspec/internal/jsonstr"
)

// referenceHTML is what AppendHTML stands in for: src parsed by x/net/html
// as a fragment in a div context (scripting disabled), with mode's changes,
// each node rendered by html.Render.
func referenceHTML(src string, mode Mode) (string, error) {
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := html.ParseFragmentWithOptions(strings.NewReader(src), ctx, html.ParseOptionEnableScripting(false))
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, n := range nodes {
		if mode&DropOneByOneImages != 0 {
			if isOneByOneImageNode(n) {
				continue
			}
			dropOneByOneImages(n)
		}
		if mode&SortAttributes != 0 {
			sortAttributes(n)
		}
		if err := html.Render(&b, n); err != nil {
			return "", err
		}
	}
	if mode&JSONString != 0 {
		return string(jsonstr.AppendChars(nil, b.String(), mode&JSONStringEscapeHTML == JSONStringEscapeHTML)), nil
	}
	return b.String(), nil
}

// allModes are the modes the tests try: with and without dropping images,
// writing HTML and writing a JSON string.
var allModes = []Mode{0, DropOneByOneImages, JSONString, DropOneByOneImages | JSONStringEscapeHTML}

// dropOneByOneImages removes from n's subtree every HTML img whose width
// and height are "1", template contents excepted (they are not children in
// the DOM).
func dropOneByOneImages(n *html.Node) {
	if n.Type == html.ElementNode && n.Namespace == "" && n.DataAtom == atom.Template {
		return
	}
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		if isOneByOneImageNode(c) {
			n.RemoveChild(c)
		} else {
			dropOneByOneImages(c)
		}
		c = next
	}
}

func isOneByOneImageNode(n *html.Node) bool {
	if n.Type != html.ElementNode || n.Namespace != "" || n.DataAtom != atom.Img {
		return false
	}
	var attrs [][2][]byte
	for _, a := range n.Attr {
		if a.Namespace == "" {
			attrs = append(attrs, [2][]byte{[]byte(a.Key), []byte(a.Val)})
		}
	}
	return isOneByOneImage(attrs)
}

// compareRender checks the serializer's invariant on src: AppendHTML writes
// what referenceHTML writes (escaped for a JSON string in the JSONString
// modes), or reports false. It also checks that
// AppendHTML appends to what dst holds.
func compareRender(src string, mode Mode) (outcome, string) {
	const prefix = "prefix:"
	got, ok := AppendHTML([]byte(prefix), src, mode)
	if !ok {
		return gaveUp, ""
	}
	if !strings.HasPrefix(string(got), prefix) {
		return disagreed, fmt.Sprintf("dst's contents not kept: %q", got)
	}
	want, err := referenceHTML(src, mode)
	if err != nil {
		return disagreed, fmt.Sprintf("AppendHTML wrote %q where html.Render fails: %v", got, err)
	}
	if s := string(got[len(prefix):]); s != want {
		return disagreed, fmt.Sprintf("x/net/html: %q\nAppendHTML: %q", want, s)
	}
	return agreed, ""
}

func TestAppendHTML(t *testing.T) {
	for _, tt := range []struct {
		src string
		ok  bool
	}{
		{"", true},
		{"plain text", true},
		{"a &amp; b &lt;c&gt; \"q\" 'a'", true},
		{"<p>one<p>two", true},
		{"<p>a<div>b</div>", true},
		{"<ul><li>a<li>b</ul>", true},
		{"<dl><dt>a<dd>b<dt>c</dl>", true},
		{"<h1>a<h2>b", true},
		{"</p>x</br>", true},
		{"<b>x</i>y</b>", true},
		{"<div><p>a</div>b", true},
		{"<li>a<ul><li>b</li></ul></li>", true},
		{"<b class=z id=a class=y>x</b>", true},
		{"<pre>\nx</pre><pre>\n\ny</pre><textarea>\nz</textarea>", true},
		{"<br><img src=a><hr>", true},
		{"<img width=1 height=1 src=p>", true},
		{"<x-custom a=b>t</x-custom>", true},
		{"<p title='a\\b\x01\u2028\xff\"'>x</p>", true},
		{"<b>x\xe2<td>\x82\xacy<img width=1 height=1>\xe2\x82</b>", true},
		{"<!-- c -->", true},
		{"<script>if (a < b) x()</script>", true},
		{"<style>p > a {}</style>", true},
		// What the tokens alone do not tell.
		{"<b><p>x</b>y</p>", false},
		{"<a>x<a>y", true},
		{"<a>x<div><a>y", false},
		{"<table><td>x</table>", true},
		{"<p>a<table>\n <tr><th>h<td><b>x</td></tr><tr><td><p>y<td>z</tbody></table>b", true},
		{"<table><tbody><tr><td><table><td>n</table>o</td></tr></tbody><thead><tr><td>p</table>", true},
		{"<td>x<tr>y</tr>", true},
		{"<div><table><tr><td><ul><li>a<li>b</ul></p></td></tr></table></div>", true},
		{"<b><table><tr><td>x</b>y</td></tr></table>z</b>", true},
		{"<table>text</table>", false},
		{"<table><tr><div>x</div></table>", false},
		{"<table><caption>c</caption></table>", false},
		{"<table><colgroup><col></table>", true},
		{"<table><tr></td></tr></table>", false},
		{"<svg><path/></svg>", true},
		{"<form>x</form>", true},
		{"<noscript><b>x</b></noscript>", false},
		{"<template>x</template>", false},
		{"<select><option>x</select>", false},
		{"a\x00b", false},
		{"<p><b>x</p>y", true},
		// Written as they are in the source (the fast paths).
		{`<p class="a">x &amp; 'y' "z" > w < v &lt;</p><p>  \e2\x</p>`, true},
		{`<a href="x" title="t">l</a><a title="t" href="x">l</a><b id="a" class="b">x</b>`, true},
		{`<img src="a" width="1" height="1"/><img src="a" width="1"/><br/><hr/><br>`, true},
		{`<p a="1" a="2">x</p><p a="1" b="2" a="3">y</p><P>z</P><p A="1">w</p>`, true},
		{`<ul><li>a<li>b</ul><p>x<div>y</div><h1>a<h2>b</h2></h1>`, true},
		{`<b>x<p>y</b>z</p><i>a<div>b</i>c</div>`, false},
		{`<p>a &notit; &amp b &#x41; &#65;</p>`, true},
		{`<pre>` + "\n" + `x</pre><p>` + "\tx\x01" + `</p><span>a</span ><span>b</span>`, true},
		{`<table><tr><td>a</td><td>b</td></tr></table><table><tbody><tr><th>x</th></tr></tbody><tfoot></tfoot></table>`, true},
		{`<table><colgroup></colgroup><colgroup><col/></colgroup><thead><tr><td><p>a</td></tr></thead></table>`, true},
		{`<table><tr><td><table><tr><td>a</td></tr></table></td></tr></table><form><p>x</p></form>`, true},
	} {
		for _, mode := range allModes {
			got, diff := compareRender(tt.src, mode)
			assert.NotEqual(t, disagreed, got, "%q mode %d\n%s", tt.src, mode, diff)
			assert.Equal(t, tt.ok, got == agreed, "%q mode %d: ok", tt.src, mode)
		}
	}
	// The mode changes the output.
	src := "a<img width=1 height=1 src=p>b"
	kept, _ := AppendHTML(nil, src, 0)
	dropped, _ := AppendHTML(nil, src, DropOneByOneImages)
	assert.Equal(t, `a<img width="1" height="1" src="p"/>b`, string(kept))
	assert.Equal(t, "ab", string(dropped))
}

// FuzzAppendHTML checks the serializer's invariant, in both modes:
// AppendHTML writes what html.ParseFragment and html.Render write, or
// reports false.
func FuzzAppendHTML(f *testing.F) {
	for _, s := range []string{"<p>a<p>b", "<ul><li>a<li>b</ul>", "<b class=z id=a>x</b>", "<pre>\nx</pre>", "</p></br>", "<h1>a<h2>b", "x<img width=1 height=1>y", "<div><p>a</div>b",
		"<p>a<button>b</p>c", "<object><param name=a><p>x</object>y", "<li>a<span>b<li>c", "<p>a<span>b<div>c",
		"<table><colgroup><col></col></colgroup><tr><td>x</table>",
		"<p>x<a class=anchor href='#h'><h2 id=h>T</h2></a>\n<p>y", "<p><b>x<div>y</div>z</b>w",
		"<p>a<svg viewBox=\"0 0 1 1\"><g><path d=x /></g><text>t</text></svg>b",
		"<p title=\"a\u2028\">\u2028<b id=\"b\" class=\"a\">x</p>y", "<a href=\"x\" class=\"c\">y</a>\n<br/><img src=\"a\" alt=\"\"/><script>\u2029</script>",
		`<p class="a">x &amp; 'y' "z" > w < v</p><ul><li>a<li>b</ul><b>x<p>y</b>z</p>`,
		`<a href="x" title="t">l</a><b id="a" class="b">x</b><img src="a" width="1" height="1"/><br/>`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, mode := range append(allModes, DropOneByOneImages|SortAttributes) {
			got, diff := compareRender(src, mode)
			require.NotEqual(t, disagreed, got, "%q mode %d\n%s", src, mode, diff)
		}
	})
}

package feedspec

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/htmltoken"
)

func TestParseEscapedHTML(t *testing.T) {
	tests := []struct {
		name string
		in   string // the element's child text content
		kind string // null, string or node
		want string // xmlSerialize of the result
	}{
		{"plain text is a string", "Hello", "string", "Hello"},
		{"untrimmed", "  Hello\n", "string", "  Hello\n"},
		{"empty is null", "", "null", ""},
		{"whitespace only is null", " \t\n\f\r ", "null", ""},
		{"NBSP is not a space", "\u00a0", "string", "\u00a0"},
		{"NBSP reference is not a space", "&nbsp;", "string", "\u00a0"},
		{"character references are decoded", "ab&copy;c", "string", "ab©c"},
		{"escaped markup becomes text", "aa &lt;p>&lt;rt x=y>c", "string", "aa <p><rt x=y>c"},
		{"markup is a node", "aa <i>b</i>", "node", `aa <i ` + xmlnsXHTML + `>b</i>`},
		{"single element is a node", "<p>abc</p>", "node", `<p ` + xmlnsXHTML + `>abc</p>`},
		{"html head body dropped", "<html><head></head><body>x</body></html>", "string", "x"},
		{"comment and text is a node", "<!--c-->x", "node", "<!--c-->x"},
		{"text inside one element is a node", "<b>x</b>", "node", `<b ` + xmlnsXHTML + `>x</b>`},
		{"CR LF normalized", "a\r\nb\rc", "string", "a\nb\nc"},
		{"NUL dropped", "a\x00b", "string", "ab"},
		{"line break only is null", "<br>", "null", ""},
		{"empty paragraph is null", "<p></p>", "null", ""},
		{"whitespace in elements is null", "<p> </p>\n<div>\t</div>", "null", ""},
		{"comment only is null", "<!-- x -->", "null", ""},
		{"void elements serialize with end tags", "a<br>b", "node", `a<br ` + xmlnsXHTML + `></br>b`},
		{"img is significant", `<img src="a">`, "node", `<img ` + xmlnsXHTML + ` src="a"></img>`},
		{"canvas", "<canvas></canvas>", "node", `<canvas ` + xmlnsXHTML + `></canvas>`},
		{"embed", "<embed>", "node", `<embed ` + xmlnsXHTML + `></embed>`},
		{"iframe", "<iframe></iframe>", "node", `<iframe ` + xmlnsXHTML + `></iframe>`},
		{"object", "<object></object>", "node", `<object ` + xmlnsXHTML + `></object>`},
		{"video", "<video></video>", "node", `<video ` + xmlnsXHTML + `></video>`},
		{"audio with controls", "<audio controls></audio>", "node", `<audio ` + xmlnsXHTML + ` controls=""></audio>`},
		{"audio with controls=false", `<audio controls="false"></audio>`, "node", `<audio ` + xmlnsXHTML + ` controls="false"></audio>`},
		{"audio without controls", `<audio src="a.mp3"></audio>`, "null", ""},
		{"input is not significant", "<input>", "null", ""},
		{"text input is not significant", `<input type="text" value="x">`, "null", ""},
		{"picture alone", "<picture></picture>", "null", ""},
		{"picture with img", `<picture><img src="a"></picture>`, "node", `<picture ` + xmlnsXHTML + `><img src="a"></img></picture>`},
		{"math", "<math></math>", "node", `<math xmlns="http://www.w3.org/1998/Math/MathML"></math>`},
		{"svg", "<svg></svg>", "node", `<svg xmlns="http://www.w3.org/2000/svg"></svg>`},
		{"svg with xlink", `<svg><a xlink:href="#x">t</a></svg>`, "node",
			`<svg xmlns="http://www.w3.org/2000/svg"><a xlink:href="#x" xmlns:xlink="http://www.w3.org/1999/xlink">t</a></svg>`},
		{"html inside svg foreignObject", `<svg><foreignObject><p>x</p></foreignObject></svg>`, "node",
			`<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p ` + xmlnsXHTML + `>x</p></foreignObject></svg>`},
		{"mathml annotation-xml with html", `<math><annotation-xml encoding="text/html"><b>x</b></annotation-xml></math>`, "node",
			`<math xmlns="http://www.w3.org/1998/Math/MathML"><annotation-xml encoding="text/html"><b ` + xmlnsXHTML + `>x</b></annotation-xml></math>`},
		{"hidden attribute hides", "<p hidden>text</p>", "null", ""},
		{"hidden=false hides too", `<p hidden="false">text</p>`, "null", ""},
		{"hidden img alone", `<img hidden src="a">`, "null", ""},
		{"hidden hides the subtree", `<div hidden><p><img src="a">x</p></div>`, "null", ""},
		{"prefixed hidden does not hide", `<p x:hidden>t</p>`, "node", `<p ` + xmlnsXHTML + ` x:hidden="">t</p>`},
		{"hidden svg", `<svg hidden></svg>`, "null", ""},
		{"script hides", "<script>alert(1)</script>", "null", ""},
		{"style hides", "<style>p{}</style>", "null", ""},
		{"svg style hides", "<svg hidden><style>x</style></svg>", "null", ""},
		{"template contents are not visited", "<template>abc</template>", "null", ""},
		{"template with img is null", `<template><img src="a"></template>`, "null", ""},
		{"template contents are serialized", `<template><p>x</p></template>y`, "node",
			`<template ` + xmlnsXHTML + `><p>x</p></template>y`},
		{"noscript is markup (scripting disabled)", "<noscript><p>x</p></noscript>", "node",
			`<noscript ` + xmlnsXHTML + `><p>x</p></noscript>`},
		{"image becomes img", `<image src="a">`, "node", `<img ` + xmlnsXHTML + ` src="a"></img>`},
		{"escaped attribute and text", `<a title='"&amp;<>'>x&quot;&lt;</a>`, "node",
			`<a ` + xmlnsXHTML + ` title="&quot;&amp;&lt;&gt;">x&quot;&lt;</a>`},

		// 1×1 images (SUPPLEMENT §3.3).
		{"1x1 img removed, two Text nodes stay a node", `abc<img src="" width="1" height="1">aa`, "node", "abcaa"},
		{"1x1 img removed inside an element", `a<p>bc<img src="" width=1 height=1>aa</p>`, "node",
			`a<p ` + xmlnsXHTML + `>bcaa</p>`},
		{"1x1 img removed at depth", `x<div><p><span><img width="1" height="1" src="t"></span></p></div>`, "node",
			`x<div ` + xmlnsXHTML + `><p><span></span></p></div>`},
		{"1x1 img alone is null", `<img src="t" width="1" height="1">`, "null", ""},
		{"1x1 img before text leaves one Text node", `<img src="t" width="1" height="1">x`, "string", "x"},
		{"1x1 hidden img removed", `x<img hidden width="1" height="1">`, "string", "x"},
		{"1x1 img in hidden element removed", `x<p hidden><img width="1" height="1"></p>`, "node",
			`x<p ` + xmlnsXHTML + ` hidden=""></p>`},
		{"1x1 img nested in hidden element removed", `x<div hidden><p><img width="1" height="1"></p></div>`, "node",
			`x<div ` + xmlnsXHTML + ` hidden=""><p></p></div>`},
		{"1x1 img in template kept", `x<template><img width="1" height="1"></template>`, "node",
			`x<template ` + xmlnsXHTML + `><img width="1" height="1"></img></template>`},
		{"width with space kept", `<img width=" 1" height="1">`, "node", `<img ` + xmlnsXHTML + ` width=" 1" height="1"></img>`},
		{"width 01 kept", `<img width="01" height="1">`, "node", `<img ` + xmlnsXHTML + ` width="01" height="1"></img>`},
		{"only width 1 kept", `<img width="1">`, "node", `<img ` + xmlnsXHTML + ` width="1"></img>`},
		{"1x2 kept", `<img width="1" height="2">`, "node", `<img ` + xmlnsXHTML + ` width="1" height="2"></img>`},
		{"1x1 svg image is not an HTML img", `<svg><image width="1" height="1"/></svg>`, "node",
			`<svg xmlns="http://www.w3.org/2000/svg"><image width="1" height="1"></image></svg>`},
		{"1x1 img removed, others kept", `<img src="a"><img src="b" width="1" height="1"><img src="c">`, "node",
			`<img ` + xmlnsXHTML + ` src="a"></img><img ` + xmlnsXHTML + ` src="c"></img>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := parseEscapedHTML(textElement(tt.in))
			assert.Equal(t, tt.kind, textKind(got))
			assert.Equal(t, tt.want, xmlSerialize(got))
		})
	}
}

// TestParseEscapedHTMLChildTextContent checks that [101] reads the child text
// content only: text on both sides of a child element is joined, the child
// element's own text is not included.
func TestParseEscapedHTMLChildTextContent(t *testing.T) {
	el := xmlTree(t, `<description>a &lt;b>b<x>lost</x>c&lt;/b> <![CDATA[<i>d</i>]]></description>`)
	got := parseEscapedHTML(el)
	require.True(t, got.IsNode())
	assert.Equal(t, `a <b `+xmlnsXHTML+`>bc</b> <i `+xmlnsXHTML+`>d</i>`, xmlSerialize(got))
}

// TestEscapedHTMLFastPath checks that skipping the HTML parser for text
// without markup gives exactly what the parser gives.
func TestEscapedHTMLFastPath(t *testing.T) {
	inputs := []string{
		"", " ", "\t\n\f ", "x", " x ", "\u00a0", "\u3000", "\v", "a > b", "\"quoted\" 'single'",
		"日本語のテキスト", "line\nbreaks\n", "\n\nleading", "emoji 🎉", "\ufeffbom", "a]]>b",
		"tab\tseparated", "= / ? ; : #", "\u2028", "\x01", "\x7f",
	}
	for _, in := range inputs {
		fast := escapedHTMLText(in)
		slow := parseHTMLText(in)
		assert.Equal(t, textKind(slow), textKind(fast), "%q", in)
		assert.Equal(t, xmlSerialize(slow), xmlSerialize(fast), "%q", in)
	}
}

// FuzzEscapedHTML checks that escaped HTML never panics, that the fast path
// for plain text and the lazy path (decided from tokens, built on first use)
// agree with building the fragment now, including for "same text content",
// and that every result is a value the specification allows.
func FuzzEscapedHTML(f *testing.F) {
	seeds := []string{"", " ", "x", "a<b>c</b>", "<img width=1 height=1>", "a\x00b", "&amp;&nbsp;",
		"<svg><a xlink:href=x>t</a></svg>", "<template>x</template>y", "<p hidden>x</p>", "\r\n",
		"a<img width=1 height=1>b", "<img width=1 height=1>b<img width=1 height=1>", "a</p>", "a</br>b", "a</div>b",
		"<pre>\nx</pre>", "<pre>\n\n</pre>", "<textarea>\nx</textarea>", "<table>x<tr><td>y</table>",
		"<noscript><p>x</p></noscript>", "<script>x</script>", "<style> </style>", "<!--c-->", "<!DOCTYPE html>x",
		"<html><head></head><body>x</body></html>", "<td>x</td>", "<caption>x", "<audio controls>", "<plaintext><b>",
		"<b>x<p>y</b>z", "<image width=1 height=1>x", "<select><img src=a></select>", "<iframe>x</iframe>",
		"<p>x", "\n<DIV>x<p>y", "<h1>x\x00", "<br>\r\nx", "x<br />y", "x < y<b>z", "<p>\n x", "x<br/ >",
	}
	for i, s := range seeds {
		f.Add(s, seeds[(i+1)%len(seeds)])
	}
	f.Fuzz(func(t *testing.T, s1, s2 string) {
		if decidedByStart(s1) {
			sum, exact := analyzeHTMLWith(s1, true, -1)
			require.True(t, exact && sum == htmlSummary{significant: true, sigLater: true}, "%q: decided without the tokens, not as they decide it", s1)
		}
		lazy1, eager1 := escapedHTMLText(s1), parseHTMLText(s1)
		require.Equal(t, textKind(eager1), textKind(lazy1), "%q: lazy vs eager kind", s1)
		require.Equal(t, xmlSerialize(eager1), xmlSerialize(lazy1), "%q: lazy vs eager", s1)
		lazy2, eager2 := escapedHTMLText(s2), parseHTMLText(s2)
		require.Equal(t, sameTextContent(eager1, eager2), sameTextContent(lazy1, lazy2), "same text content of %q and %q: lazy vs eager", s1, s2)
		if eager1 == nil {
			return
		}
		if !eager1.IsNode() {
			require.True(t, textHasNonSpace(eager1.String()), "insignificant string %q", eager1.String())
		}
		b, err := lazy1.MarshalJSON()
		require.NoError(t, err, "MarshalJSON")
		require.True(t, json.Valid(b), "MarshalJSON: %s", b)
		eb, _ := eager1.MarshalJSON()
		require.Equal(t, string(eb), string(b), "%q: lazy vs eager JSON", s1)
		require.Equal(t, eager1.TextContent(), lazy1.TextContent(), "%q: lazy and eager text content differ", s1)
		require.Equal(t, eager1.HTML(), lazy1.HTML(), "%q: lazy and eager HTML differ", s1)
		require.True(t, sameTextContent(lazy1, eager1) && sameTextContent(eager1, parseHTMLText(s1)), "not the same text content as itself: %q", s1)
	})
}

// TestAnalyzeHTML pins down when the tokens alone decide escaped HTML
// content, and that a lazy Node is not built before it is used.
func TestAnalyzeHTML(t *testing.T) {
	tests := []struct {
		in                         string
		exact, significant, string bool
		sigOK                      bool
	}{
		{in: "a<b>c</b>", exact: true, significant: true, sigOK: true},
		{in: "a&amp;b", exact: true, significant: true, string: true, sigOK: true},
		{in: "<html><body>x</body></html>", exact: true, significant: true, string: true, sigOK: true},
		{in: "a</div>b", exact: true, significant: true, string: true, sigOK: true},
		{in: "a<td>b", exact: true, significant: true, string: true},
		{in: "a</p>", exact: true, significant: true, sigOK: true},
		{in: "<br>", exact: true, sigOK: true},
		{in: "<script>x</script>", exact: true, sigOK: true},
		{in: "<img width=1 height=1>x", exact: true, significant: true, string: true, sigOK: true},
		{in: "x<IMG WIDTH=1 height=&#49;>y", exact: true, significant: true, sigOK: true},
		{in: "<audio controls></audio>", exact: true, significant: true, sigOK: true},
		{in: "<table><tr><td>x</table>", exact: true, significant: true},
		{in: "<p class=hidden>x</p>", exact: true, significant: true, sigOK: true},
		{in: "<p hidden>x</p>"},
		{in: "<P HIDDEN>x</P>"},
		{in: "<template>x</template>"},
		{in: "<svg></svg>"},
		{in: "<math></math>"},
		{in: "<select></select>"},
		{in: "a\x00b"},
		{in: "<pre></b>\nx</pre>"},
	}
	for _, tt := range tests {
		sum, exact := analyzeHTML(tt.in)
		assert.Equal(t, tt.exact, exact, "%q exact", tt.in)
		if !exact {
			continue
		}
		assert.Equal(t, tt.significant, sum.significant, "%q significant", tt.in)
		assert.Equal(t, tt.string, sum.isString, "%q string", tt.in)
		assert.Equal(t, tt.sigOK, sum.sig.ok, "%q signature", tt.in)
	}

	v := escapedHTMLText("a<b>c</b>")
	require.NotNil(t, v.lazy)
	assert.Nil(t, v.frag, "not built before use")
	assert.Equal(t, "a<b>c</b>", v.HTML())
	j, err := v.MarshalJSON()
	require.NoError(t, err)
	assert.Equal(t, `{"html":"a<b>c</b>"}`, string(j))
	assert.Nil(t, v.frag, "HTML and JSON serialized from the tokens")
	assert.NotNil(t, v.Node(), "built on first use")
	assert.NotNil(t, v.frag)
}

// TestAppendTokenHTML checks the serialization from tokens against
// rendering the fragment the parser builds, on the implied closings it
// follows and the cases where it must give up.
func TestAppendTokenHTML(t *testing.T) {
	tests := []struct {
		in string
		ok bool
	}{
		{"a<b>c</b>", true},
		{`<A HREF="x" class=y rel='n'>l</a>`, true},
		{"<p>one<p>two", true},
		{"<p>one<div>two</div></p>", true},
		{"<p><b>one<div>two</div>", true},
		{"<ul><li>a<li>b<ul><li>c</ul></ul>", true},
		{"<li><span>a<li>b", true},
		{"<ul><li>a<p>b</ul>c", true},
		{"<ul><li><b>a</ul>", true},
		{"<li><ul>x</li></ul>", true},
		{"<div><h1>x<p>y</h2></div>", true},
		{"<dl><dt>a<dd>b<dt>c</dl>", true},
		{"<h1>a<h2>b</h2>", true},
		{"<h1>a</h2>", true},
		{"x</img>y</embed></br></p>", true},
		{"<b>x</p>", true},
		{"<p><b>x</p>", true},
		{"<a href=1>x<a href=2>y</a>", true},
		{"<b><b><b><b>x</b></b></b></b>y", true},
		{"<pre>\n\nx</pre><textarea>\na&amp;</textarea><listing>\ny", true},
		{"<pre>\n</img>\nx</pre>", true},
		{"<pre><b>\nx</b></pre>", true},
		{"<script>if (a<b) x='&amp;'</script><style>p>a{}</style><iframe><b>x</iframe>", true},
		{"<title>a&amp;<b></title>", true},
		{"<img src=a width=1 height=1>b<img src=c width=1>", true},
		{"<!-- c&> --><!x><?pi>", true},
		{"<div/>x<custom-el a=b>y</custom-el></other>", true},
		{"<span>x</div>", true},
		{"<div><span>x</div>", true},
		{"<table><tr><td>x</table>", true},
		{"<table>x</table>", false},
		{"<svg></svg>", true},
		{"<noscript><b>x</b></noscript>", false},
		{"<form>x</form>", true},
		{"<svg><foreignObject><p>x</p></foreignObject></svg>", false},
		{"<b>x<div>y</b>z</div>", false},
		{"a\x00b", false},
		{"<p title='a\\b\x01\u2028\xff\"'>\\\x02\xfe\u2029\t</p><pre>\n\nx</pre><x\\y>z</x\\y>", true},
		// Invalid UTF-8 on both sides of a tag left out: the JSON escapes the
		// joined text, as it does the rendered fragment.
		{"<b>x\xe2<td>\x82\xacy<img width=1 height=1>\xe2\x82</b>", true},
	}
	for _, tt := range tests {
		got, ok := htmltoken.AppendHTML(nil, tt.in, htmltoken.DropOneByOneImages)
		assert.Equal(t, tt.ok, ok, "%q", tt.in)
		if ok {
			frag, _ := parseHTMLFragment(tt.in)
			assert.Equal(t, renderHTML(frag), string(got), "%q", tt.in)
			// The JSON written from the tokens and from the fragment.
			lj, err := lazyNodeText(tt.in, textSignature{}).MarshalJSON()
			require.NoError(t, err)
			ej, err := nodeText(frag).MarshalJSON()
			require.NoError(t, err)
			assert.Equal(t, string(ej), string(lj), "%q", tt.in)
			assert.True(t, json.Valid(lj), "%q", tt.in)
		}
	}
}

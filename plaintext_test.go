package feedspec

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// toolkitHTML returns a Node Text holding the fragment that escaped HTML s
// parses to, the way feed content is parsed (a div context, scripting
// disabled), without the spec's sanitization so the toolkit's own filtering
// is what is tested.
func toolkitHTML(t testing.TB, s string) *Text {
	t.Helper()
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := html.ParseFragmentWithOptions(strings.NewReader(s), ctx, html.ParseOptionEnableScripting(false))
	require.NoError(t, err)
	frag := &html.Node{Type: html.DocumentNode}
	for _, n := range nodes {
		frag.AppendChild(n)
	}
	return nodeText(frag)
}

// toolkitString returns a string Text.
func toolkitString(s string) *Text { return stringText(s) }

func TestPlainText(t *testing.T) {
	tests := []struct {
		name, html, want string
	}{
		{"inline markup removed", `Hello <b>bold</b> and <a href="/x">link</a>`, "Hello bold and link"},
		{"entities decoded", `Caf&eacute; &amp; bar &lt;3 &#x263A; &nbsp;x`, "Café & bar <3 ☺ x"},
		{"notes CDATA example", `<p>Article with <a href="https://example.com">links</a> and <img src="photo.jpg" /></p>`, "Article with links and"},
		{"paragraphs on lines", `<p>One</p><p>Two</p>`, "One\nTwo"},
		{"br breaks", `a<br>b<br/><br>c`, "a\nb\nc"},
		{"headings and lists", `<h1>Title</h1><ul><li>x</li><li>y</li></ul>after`, "Title\nx\ny\nafter"},
		{"white space collapsed", "  lots \n\t of   <i> space </i>  \u00a0 here  ", "lots of space here"},
		{"nested blocks no blank lines", `<div><div><p>a</p></div></div><div>b</div>`, "a\nb"},
		{"script and style skipped", `a<script>alert(1)</script>b<style>p{color:red}</style>c`, "abc"},
		{"template skipped", `x<template><p>hidden</p></template>y`, "xy"},
		{"noscript skipped", `x<noscript><p>Enable JavaScript</p></noscript>y`, "xy"},
		{"hidden attribute", `<p>shown</p><p hidden>not shown</p><span hidden="">no</span><i HIDDEN>no</i>`, "shown"},
		{"hidden by style", `a<span style="display:none">x</span><div style="color: red; DISPLAY : None !important">y</div>` +
			`<p style="visibility: hidden">z</p><b style="display: inline">b</b><i style="visibility:visible">c</i>`, "abc"},
		{"form controls skipped", `a<textarea>t</textarea><select><option>o</select><button>b</button>z`, "az"},
		{"iframe and object skipped", `a<iframe src="x">fallback</iframe><object>obj</object>b`, "ab"},
		{"pre keeps line breaks", "<pre>line 1\n  line 2\n\nline 4</pre>after", "line 1\nline 2\nline 4\nafter"},
		{"table cells", `<table><tr><td>a</td><td>b</td></tr><tr><th>c</th><td>d</td></tr></table>`, "a b\nc d"},
		{"svg text kept", `<svg><text>label</text></svg>`, "label"},
		{"comments dropped", `a<!-- comment -->b`, "ab"},
		{"inline elements join words", `un<em>believ</em>able`, "unbelievable"},
		{"CJK", `<p>你好，世界</p><p>日本語の文章</p>`, "你好，世界\n日本語の文章"},
		{"empty", ``, ""},
		{"only markup", `<p> </p><br><img src=x>`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, PlainText(toolkitHTML(t, tt.html)))
		})
	}
}

func TestPlainTextString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Plain title", "Plain title"},
		{"  spaced \n\t title  ", "spaced title"},
		// A string value is text, not markup: nothing is removed or decoded.
		{"a <b> &amp; c", "a <b> &amp; c"},
		{"", ""},
		{"\u00a0\u3000", ""},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, PlainText(toolkitString(tt.in)), tt.in)
	}
	assert.Equal(t, "", PlainText(nil))
}

func TestWordCount(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"   ", 0},
		{"one", 1},
		{"Hello, world!", 2},
		{"  several   spaces\nand\tlines ", 4},
		{"don't stop e-mail 3.14", 4},
		{"a — b ... c", 3},
		{"— ... !!", 0},
		{"Café naïve", 2},
		{"Привет мир", 2},
		// Chinese and Japanese: one word per character.
		{"你好世界", 4},
		{"你好，世界。", 4},
		{"日本語の文章です", 8},
		{"カタカナとひらがな", 9},
		{"コーヒー", 4},
		// Mixed scripts: Latin words and CJK characters both count.
		{"Go语言很好", 5},
		{"我爱 Go 和 Rust", 5},
		// Korean separates words by spaces.
		{"안녕하세요 세계", 2},
		{"2024年1月15日", 6},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, WordCount(tt.in), tt.in)
	}
}

func TestWordCountOfPlainText(t *testing.T) {
	txt := toolkitHTML(t, `<p>The <b>quick</b> brown fox</p><script>var a = 1;</script><p>jumps</p>`)
	assert.Equal(t, 5, WordCount(PlainText(txt)))
}

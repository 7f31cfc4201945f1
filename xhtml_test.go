package feedspec

import (
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestXHTMLText(t *testing.T) {
	const pre = `<title xmlns:x="urn:outer" xmlns:xlink="http://www.w3.org/1999/xlink"><div xmlns="http://www.w3.org/1999/xhtml">`
	const post = `</div></title>`
	tests := []struct {
		name string
		in   string // the div's content
		want string // xmlSerialize; "" means null
	}{
		{"text is a node, never unwrapped", `de`, `de`},
		{"element and text", `<p>abc</p>de`, `<p ` + xmlnsXHTML + `>abc</p>de`},
		{"element only", `<p>abc</p>`, `<p ` + xmlnsXHTML + `>abc</p>`},
		{"br only is null", `<br/>`, ""},
		{"empty p is null", `<p/>`, ""},
		{"whitespace is null", " \n ", ""},
		{"hidden is null", `<p hidden="">de</p>`, ""},
		{"img is significant", `<p><img src=""/></p>`, `<p ` + xmlnsXHTML + `><img src=""></img></p>`},
		{"img in script is hidden", `<p><script><img src=""/></script></p>`, ""},
		{"1x1 img directly in script removed", `<p><img src=""/><script><img src="" width="1" height="1"/></script></p>`,
			`<p ` + xmlnsXHTML + `><img src=""></img><script></script></p>`},
		{"void element end tag", `hoge<br/> fuga`, `hoge<br ` + xmlnsXHTML + `></br> fuga`},
		{"IMG is not img", `<IMG src="a"/>`, ""},
		{"img in another namespace is not significant", `<img xmlns="urn:x" src="a"/>`, ""},
		{"template contents are not visited", `<template>abc</template>`, ""},
		{"svg", `<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"></circle></svg>`},
		{"svg script hides", `<svg xmlns="http://www.w3.org/2000/svg" hidden=""/><s:script xmlns:s="http://www.w3.org/2000/svg">x</s:script>`, ""},
		{"svg with xlink declared in the content", `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="#x">t</a></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="#x">t</a></svg>`},
		{"svg with xlink declared outside", `<svg xmlns="http://www.w3.org/2000/svg"><a xlink:href="#x">t</a></svg>`,
			`<svg xmlns="http://www.w3.org/2000/svg"><a xlink:href="#x" xmlns:xlink="http://www.w3.org/1999/xlink">t</a></svg>`},
		{"mathml", `<m:math xmlns:m="http://www.w3.org/1998/Math/MathML"><m:mi>x</m:mi></m:math>`,
			`<math xmlns="http://www.w3.org/1998/Math/MathML" xmlns:m="http://www.w3.org/1998/Math/MathML"><mi>x</mi></math>`},
		{"mathml script does not hide", `<math xmlns="http://www.w3.org/1998/Math/MathML" hidden=""/><script xmlns="http://www.w3.org/1998/Math/MathML">x</script>`,
			`<math xmlns="http://www.w3.org/1998/Math/MathML" hidden=""></math><script xmlns="http://www.w3.org/1998/Math/MathML">x</script>`},
		{"no namespace", `<foo xmlns="">x<bar/></foo>`, `<foo xmlns="">x<bar></bar></foo>`},
		{"undeclared prefix", `<y:foo>x</y:foo>`, `<y:foo xmlns="">x</y:foo>`},
		{"html inside no namespace", `<foo xmlns="">x<p xmlns="http://www.w3.org/1999/xhtml">y</p></foo>`,
			`<foo xmlns="">x<p xmlns="http://www.w3.org/1999/xhtml">y</p></foo>`},
		{"prefix declared outside the div", `<x:foo x:a="1">t</x:foo>`, `<x:foo xmlns:x="urn:outer" x:a="1">t</x:foo>`},
		{"prefix declared inside", `<y:foo xmlns:y="urn:y" y:a="1"><y:bar>t</y:bar></y:foo>`,
			`<y:foo xmlns:y="urn:y" y:a="1"><y:bar>t</y:bar></y:foo>`},
		{"xml:lang", `<p xml:lang="en">t</p>`, `<p ` + xmlnsXHTML + ` xml:lang="en">t</p>`},
		{"redundant xmlns stays in place", `<p class="c" xmlns="http://www.w3.org/1999/xhtml">t</p>`,
			`<p class="c" xmlns="http://www.w3.org/1999/xhtml">t</p>`},
		{"comment and processing instruction", `t<!--c--><?pi some data?>`, `t<!--c--><?pi some data?>`},
		{"escaping", `<a title="&quot;&amp;&lt;>">&quot;&amp;&lt;&gt;</a>`,
			`<a ` + xmlnsXHTML + ` title="&quot;&amp;&lt;&gt;">&quot;&amp;&lt;&gt;</a>`},
		{"1x1 img at depth removed", `x<p><b><img src="" width="1" height="1"/></b></p>`, `x<p ` + xmlnsXHTML + `><b></b></p>`},
		{"1x1 img only is null", `<img src="" width="1" height="1"/>`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			div := xmlTree(t, pre+tt.in+post).FirstElementChild()
			got := xhtmlText(div)
			if tt.want == "" {
				assert.Nil(t, got)
				return
			}
			require.NotNil(t, got)
			assert.True(t, got.IsNode())
			assert.Equal(t, tt.want, xmlSerialize(got))
		})
	}
}

func TestXHTMLTextDoesNotModifyTheFeed(t *testing.T) {
	div := xmlTree(t, `<div xmlns="http://www.w3.org/1999/xhtml">x<img src="" width="1" height="1"/></div>`)
	got := xhtmlText(div)
	require.NotNil(t, got)
	assert.Equal(t, "x", xmlSerialize(got))
	assert.NotNil(t, div.LastChild)
	assert.Equal(t, "img", div.LastChild.Local, "the feed's tree keeps its img")
	assert.Nil(t, xhtmlText(nil))
}

// TestAtomXHTMLDivSelection checks, through ParseDocument, that XHTML
// content is taken from the first div in the HTML namespace only ([63],
// SUPPLEMENT §4.2), and that without one the text construct falls back to
// its child text content ([64]).
func TestAtomXHTMLDivSelection(t *testing.T) {
	tests := []struct {
		name, title string
		kind, want  string
	}{
		{"first HTML div", `<div xmlns="http://www.w3.org/1999/xhtml">de</div><div xmlns="http://www.w3.org/1999/xhtml">a</div>`, "node", "de"},
		{"Atom div skipped", `<div>x</div><div xmlns="http://www.w3.org/1999/xhtml">de</div><div xmlns="http://www.w3.org/1999/xhtml">a</div>`, "node", "de"},
		{"other HTML elements skipped", `<p xmlns="http://www.w3.org/1999/xhtml">x</p><div xmlns="http://www.w3.org/1999/xhtml">de</div>`, "node", "de"},
		{"no HTML div: child text content", `ab<div>x</div>cd`, "string", "abcd"},
		{"insignificant div: null, no fallback", `ab<div xmlns="http://www.w3.org/1999/xhtml"><br/></div>`, "null", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `<feed xmlns="http://www.w3.org/2005/Atom"><title type="xhtml">` + tt.title + `</title></feed>`
			feed, err := ParseDocument(strings.NewReader(src))
			require.NoError(t, err)
			require.NotNil(t, feed)
			assert.Equal(t, tt.kind, textKind(feed.Title))
			assert.Equal(t, tt.want, xmlSerialize(feed.Title))
		})
	}
}

// TestLazyXHTMLConcurrentReaders reads one lazily converted XHTML Node from
// several goroutines at once (run with -race).
func TestLazyXHTMLConcurrentReaders(t *testing.T) {
	div := xmlTree(t, `<div xmlns="http://www.w3.org/1999/xhtml"><p>a <b>b</b></p><img src="x" width="1" height="1"/><svg xmlns="http://www.w3.org/2000/svg"/></div>`)
	v := xhtmlText(div)
	require.NotNil(t, v)
	want := xhtmlTextEager(div).HTML()
	var wg sync.WaitGroup
	results := make([]string, 8)
	for i := range results {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if i%2 == 0 {
				results[i] = v.HTML()
			} else {
				results[i] = renderHTML(v.Node())
			}
		}(i)
	}
	wg.Wait()
	for _, r := range results {
		assert.Equal(t, want, r)
	}
}

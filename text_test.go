package feedspec

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/feedspec/feedspec/xml5"
)

// xmlTree parses src (well-formed XML) into an xml5 tree with
// encoding/xml's raw tokenizer, resolving namespaces as xml5 does (an
// undeclared prefix leaves the name in no namespace, qualified name as
// Local), and returns the document element. It lets these tests build feed
// content without depending on the xml5 parser.
func xmlTree(t testing.TB, src string) *xml5.Node {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(src))
	doc := &xml5.Node{Type: xml5.DocumentNode}
	cur := doc
	type scope map[string]string
	scopes := []scope{{"xml": xml5.XMLNamespace}}
	lookup := func(prefix string) (string, bool) {
		for i := len(scopes) - 1; i >= 0; i-- {
			if ns, ok := scopes[i][prefix]; ok {
				return ns, true
			}
		}
		return "", false
	}
	for {
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		switch tok := tok.(type) {
		case xml.StartElement:
			sc := scope{}
			for _, a := range tok.Attr {
				switch {
				case a.Name.Space == "" && a.Name.Local == "xmlns":
					sc[""] = a.Value
				case a.Name.Space == "xmlns":
					sc[a.Name.Local] = a.Value
				}
			}
			scopes = append(scopes, sc)
			el := &xml5.Node{Type: xml5.ElementNode}
			if tok.Name.Space == "" {
				el.Namespace, _ = lookup("")
				el.Local = tok.Name.Local
			} else if ns, ok := lookup(tok.Name.Space); ok && ns != "" {
				el.Namespace, el.Prefix, el.Local = ns, tok.Name.Space, tok.Name.Local
			} else {
				el.Local = tok.Name.Space + ":" + tok.Name.Local
			}
			for _, a := range tok.Attr {
				at := xml5.Attr{Value: a.Value}
				switch {
				case a.Name.Space == "" && a.Name.Local == "xmlns":
					at.Namespace, at.Local = xml5.XMLNSNamespace, "xmlns"
				case a.Name.Space == "xmlns":
					at.Namespace, at.Prefix, at.Local = xml5.XMLNSNamespace, "xmlns", a.Name.Local
				case a.Name.Space == "":
					at.Local = a.Name.Local
				default:
					if ns, ok := lookup(a.Name.Space); ok && ns != "" {
						at.Namespace, at.Prefix, at.Local = ns, a.Name.Space, a.Name.Local
					} else {
						at.Local = a.Name.Space + ":" + a.Name.Local
					}
				}
				el.Attr = append(el.Attr, at)
			}
			cur.AppendChild(el)
			cur = el
		case xml.EndElement:
			scopes = scopes[:len(scopes)-1]
			cur = cur.Parent
		case xml.CharData:
			if last := cur.LastChild; last != nil && last.Type == xml5.TextNode {
				last.Data += string(tok)
			} else {
				cur.AppendChild(&xml5.Node{Type: xml5.TextNode, Data: string(tok)})
			}
		case xml.Comment:
			cur.AppendChild(&xml5.Node{Type: xml5.CommentNode, Data: string(tok)})
		case xml.ProcInst:
			if tok.Target != "xml" {
				cur.AppendChild(&xml5.Node{Type: xml5.ProcessingInstructionNode, Local: tok.Target, Data: string(tok.Inst)})
			}
		}
	}
	root := doc.FirstElementChild()
	require.NotNil(t, root, "no root element in %q", src)
	return root
}

// textElement returns an element whose only child is a Text node holding
// data, as the XML parser leaves an element like <description> after
// expanding entity references.
func textElement(data string) *xml5.Node {
	el := &xml5.Node{Type: xml5.ElementNode, Local: "description"}
	if data != "" {
		el.AppendChild(&xml5.Node{Type: xml5.TextNode, Data: data})
	}
	return el
}

// textKind names the kind of a text value for table tests.
func textKind(t *Text) string {
	switch {
	case t == nil:
		return "null"
	case t.IsNode():
		return "node"
	}
	return "string"
}

const xmlnsXHTML = `xmlns="http://www.w3.org/1999/xhtml"`

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

func TestTextString(t *testing.T) {
	s := stringText(`a <b> & "c"`)
	assert.False(t, s.IsNode())
	assert.Equal(t, `a <b> & "c"`, s.String())
	assert.Equal(t, `a &lt;b&gt; &amp; &#34;c&#34;`, s.HTML())
	assert.Equal(t, `a <b> & "c"`, s.TextContent())
	assert.Nil(t, s.Node())
	b, err := json.Marshal(s)
	require.NoError(t, err)
	assert.Equal(t, `"a \u003cb\u003e \u0026 \"c\""`, string(b)) // json.Marshal escapes HTML
	b, err = s.MarshalJSON()
	require.NoError(t, err)
	assert.Equal(t, `"a <b> & \"c\""`, string(b))

	empty := stringText("")
	assert.False(t, empty.IsNode())
	b, err = json.Marshal(empty)
	require.NoError(t, err)
	assert.Equal(t, `""`, string(b))
}

func TestTextNil(t *testing.T) {
	var n *Text
	assert.False(t, n.IsNode())
	assert.Equal(t, "", n.String())
	assert.Equal(t, "", n.HTML())
	assert.Equal(t, "", n.TextContent())
	assert.Nil(t, n.Node())
	b, err := n.MarshalJSON()
	require.NoError(t, err)
	assert.Equal(t, "null", string(b))
	b, err = json.Marshal(struct {
		T *Text `json:"t"`
	}{})
	require.NoError(t, err)
	assert.Equal(t, `{"t":null}`, string(b))
}

func TestTextNode(t *testing.T) {
	v := parseEscapedHTML(textElement(`a<p class="x">b &amp; <i>c</i></p><!--note--><template>tpl</template>d<br>`))
	require.True(t, v.IsNode())
	const rendered = `a<p class="x">b &amp; <i>c</i></p><!--note--><template>tpl</template>d<br/>`
	assert.Equal(t, rendered, v.HTML())
	assert.Equal(t, rendered, v.String())
	assert.Equal(t, "ab & cd", v.TextContent(), "comments and template contents are not text content")

	n := v.Node()
	require.NotNil(t, n)
	assert.Equal(t, html.DocumentNode, n.Type)
	assert.Equal(t, html.TextNode, n.FirstChild.Type)
	assert.Equal(t, "a", n.FirstChild.Data)
	assert.Equal(t, "p", n.FirstChild.NextSibling.Data)
	assert.Equal(t, "br", n.LastChild.Data)

	b, err := v.MarshalJSON()
	require.NoError(t, err)
	assert.Equal(t, `{"html":"a<p class=\"x\">b &amp; <i>c</i></p><!--note--><template>tpl</template>d<br/>"}`, string(b))
	var back struct{ HTML string }
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, rendered, back.HTML)
	b, err = json.Marshal([]*Text{v, nil, stringText("s")})
	require.NoError(t, err)
	assert.Equal(t, `[{"html":"a\u003cp class=\"x\"\u003eb \u0026amp; \u003ci\u003ec\u003c/i\u003e\u003c/p\u003e\u003c!--note--\u003e\u003ctemplate\u003etpl\u003c/template\u003ed\u003cbr/\u003e"},null,"s"]`, string(b))
}

func TestTextNodeHTMLVoidWithChildren(t *testing.T) {
	// XHTML can give a void element children, which html.Render rejects;
	// HTML serialization writes the start tag only.
	div := xmlTree(t, `<div xmlns="http://www.w3.org/1999/xhtml">a<br>lost</br>b<img src="x">alt</img></div>`)
	v := xhtmlText(div)
	require.True(t, v.IsNode())
	assert.Equal(t, `a<br/>b<img src="x"/>`, v.HTML())
	assert.Equal(t, `a<br xmlns="http://www.w3.org/1999/xhtml">lost</br>b<img xmlns="http://www.w3.org/1999/xhtml" src="x">alt</img>`, xmlSerialize(v))
	assert.Equal(t, "alostbalt", v.TextContent())
}

func TestTextNodeFromXHTMLConventions(t *testing.T) {
	div := xmlTree(t, `<div xmlns="http://www.w3.org/1999/xhtml" xmlns:x="urn:x"><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="#h" xml:lang="en" x:y="1"/></svg><x:e/><n xmlns=""/><?pi d?></div>`)
	v := xhtmlText(div)
	require.True(t, v.IsNode())
	n := v.Node()
	svg := n.FirstChild
	assert.Equal(t, "svg", svg.Namespace)
	assert.Equal(t, "svg", svg.Data)
	assert.Equal(t, []html.Attribute{
		{Key: "xmlns", Val: "http://www.w3.org/2000/svg"},
		{Namespace: "xmlns", Key: "xlink", Val: "http://www.w3.org/1999/xlink"},
	}, svg.Attr)
	a := svg.FirstChild
	assert.Equal(t, "a", a.Data)
	assert.Equal(t, []html.Attribute{
		{Namespace: "xlink", Key: "href", Val: "#h"},
		{Namespace: "xml", Key: "lang", Val: "en"},
		{Namespace: "urn:x", Key: "x:y", Val: "1"},
	}, a.Attr)
	e := svg.NextSibling
	assert.Equal(t, "urn:x", e.Namespace)
	assert.Equal(t, "x:e", e.Data)
	nn := e.NextSibling
	assert.Equal(t, NoNamespace, nn.Namespace)
	assert.Equal(t, "n", nn.Data)
	pi := nn.NextSibling
	assert.Equal(t, html.RawNode, pi.Type)
	assert.Equal(t, "<?pi d>", pi.Data)
	assert.Equal(t, `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="#h" xml:lang="en" urn:x:x:y="1"></a></svg><x:e></x:e><n xmlns=""></n><?pi d>`, v.HTML())
}

func TestSameTextContent(t *testing.T) {
	node := func(s string) *Text {
		v := parseEscapedHTML(textElement(s))
		require.True(t, v.IsNode(), s)
		return v
	}
	xhtml := func(s string) *Text {
		v := xhtmlText(xmlTree(t, `<div xmlns="http://www.w3.org/1999/xhtml">`+s+`</div>`))
		require.True(t, v.IsNode(), s)
		return v
	}
	tests := []struct {
		name string
		a, b *Text
		want bool
	}{
		{"equal strings", stringText("Hello"), stringText("Hello"), true},
		{"different strings", stringText("Hello"), stringText("Hello "), false},
		{"empty strings", stringText(""), stringText(""), true},
		{"string and escaped HTML that gives the same string", stringText("Hello"), parseEscapedHTML(textElement("Hello")), true},
		{"string never equals a node", stringText("de"), xhtml("de"), false},
		{"node never equals a string", xhtml("de"), stringText("de"), false},
		{"null", nil, stringText("x"), false},
		{"null and null", nil, nil, false},
		{"equal nodes", node(`a<b>c</b>`), node(`a<b>c</b>`), true},
		{"html and xhtml nodes", node(`a<b class="x">c</b>`), xhtml(`a<b class="x">c</b>`), true},
		{"attributes are a set", node(`<p a="1" b="2">x</p>`), node(`<p b="2" a="1">x</p>`), true},
		{"attribute values differ", node(`<p a="1">x</p>`), node(`<p a="2">x</p>`), false},
		{"attribute names differ", node(`<p a="1">x</p>`), node(`<p b="1">x</p>`), false},
		{"attribute counts differ", node(`<p a="1">x</p>`), node(`<p a="1" b="2">x</p>`), false},
		{"element names differ", node(`<b>x</b>`), node(`<i>x</i>`), false},
		{"namespaces differ", xhtml(`<b>x</b>`), xhtml(`<b xmlns="urn:x">x</b>`), false},
		{"text differs", node(`<b>x</b>`), node(`<b>y</b>`), false},
		{"child counts differ", node(`<b>x</b>`), node(`<b>x</b>y`), false},
		{"split text nodes are not one text node", node(`abc<img width="1" height="1">aa`), xhtml(`abcaa`), false},
		{"split text nodes alike", node(`abc<img width="1" height="1">aa`), xhtml(`abc<img width="1" height="1"/>aa`), true},
		{"comments compared", node(`x<!--a-->`), node(`x<!--b-->`), false},
		{"template contents are not children", node(`<template>a</template>x`), node(`<template>b</template>x`), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, sameTextContent(tt.a, tt.b))
		})
	}
}

// TestConformanceNodeOutputs runs the escaped-HTML and XHTML contents of the
// conformance cases whose expected value is printed from a Node, and checks
// xmlSerialize against the expected strings.
func TestConformanceNodeOutputs(t *testing.T) {
	tests := []struct {
		escaped bool
		in      string // escaped: the child text content; else the div's inner XML
		want    string
	}{
		{true, `abc<img src="" width="1" height="1">aa`, "abcaa"},
		{true, `abc<p>aa</p>`, `abc<p xmlns="http://www.w3.org/1999/xhtml">aa</p>`},
		{true, `a<p>bc<img src="" width="1" height="1">aa</p>`, `a<p xmlns="http://www.w3.org/1999/xhtml">bcaa</p>`},
		{true, `hoge<br> fuga`, `hoge<br xmlns="http://www.w3.org/1999/xhtml"></br> fuga`},
		{true, `Ho<p>ge`, `Ho<p xmlns="http://www.w3.org/1999/xhtml">ge</p>`},
		{true, `aa <i>b`, `aa <i xmlns="http://www.w3.org/1999/xhtml">b</i>`},
		{true, `aa <p><rt x=y>c`, `aa <p xmlns="http://www.w3.org/1999/xhtml"><rt x="y">c</rt></p>`},
		{false, `<p>abc</p>de`, `<p xmlns="http://www.w3.org/1999/xhtml">abc</p>de`},
		{false, `<p><img src=""/></p>`, `<p xmlns="http://www.w3.org/1999/xhtml"><img src=""></img></p>`},
		{false, `<p><img src=""/><script><img src="" width="1" height="1"/></script></p>`,
			`<p xmlns="http://www.w3.org/1999/xhtml"><img src=""></img><script></script></p>`},
		{false, `hoge<br/> fuga`, `hoge<br xmlns="http://www.w3.org/1999/xhtml"></br> fuga`},
	}
	for _, tt := range tests {
		var got *Text
		if tt.escaped {
			got = parseEscapedHTML(textElement(tt.in))
		} else {
			got = xhtmlText(xmlTree(t, `<div xmlns="http://www.w3.org/1999/xhtml">`+tt.in+`</div>`))
		}
		require.NotNil(t, got, tt.in)
		assert.True(t, got.IsNode(), tt.in)
		assert.Equal(t, tt.want, xmlSerialize(got), tt.in)
	}
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
	}
	for i, s := range seeds {
		f.Add(s, seeds[(i+1)%len(seeds)])
	}
	f.Fuzz(func(t *testing.T, s1, s2 string) {
		lazy1, eager1 := escapedHTMLText(s1), parseHTMLText(s1)
		if textKind(lazy1) != textKind(eager1) || xmlSerialize(lazy1) != xmlSerialize(eager1) {
			t.Fatalf("%q: lazy %s %q, eager %s %q", s1, textKind(lazy1), xmlSerialize(lazy1), textKind(eager1), xmlSerialize(eager1))
		}
		lazy2, eager2 := escapedHTMLText(s2), parseHTMLText(s2)
		if got, want := sameTextContent(lazy1, lazy2), sameTextContent(eager1, eager2); got != want {
			t.Fatalf("same text content of %q and %q: lazy %v, eager %v", s1, s2, got, want)
		}
		if eager1 == nil {
			return
		}
		if !eager1.IsNode() && !textHasNonSpace(eager1.String()) {
			t.Fatalf("insignificant string %q", eager1.String())
		}
		b, err := lazy1.MarshalJSON()
		if err != nil || !json.Valid(b) {
			t.Fatalf("MarshalJSON: %s, %v", b, err)
		}
		if eb, _ := eager1.MarshalJSON(); string(eb) != string(b) {
			t.Fatalf("%q: lazy JSON %s, eager %s", s1, b, eb)
		}
		if lazy1.TextContent() != eager1.TextContent() || lazy1.HTML() != eager1.HTML() {
			t.Fatalf("%q: lazy and eager text content or HTML differ", s1)
		}
		if !sameTextContent(lazy1, eager1) || !sameTextContent(eager1, parseHTMLText(s1)) {
			t.Fatalf("not the same text content as itself: %q", s1)
		}
	})
}

// sharedDir returns ../shared/<sub> relative to the package directory, or
// skips the test when it is absent.
func sharedDir(t *testing.T, sub string) string {
	t.Helper()
	dir := filepath.Join("..", "shared", sub)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("%s is absent: %v", dir, err)
	}
	return dir
}

// conformanceDocuments returns the #data section of every case in the
// feed-parsing conformance files, \u escapes undone for "#data escaped".
func conformanceDocuments(t *testing.T) []string {
	files, err := filepath.Glob(filepath.Join(sharedDir(t, "conformance/feed-parsing"), "*.dat"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var docs []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		var cur []string
		in, escaped := false, false
		flush := func() {
			if in {
				s := strings.Join(cur, "\n")
				if escaped {
					s = unescapeConformance(s)
				}
				docs = append(docs, s)
			}
			cur, in = nil, false
		}
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "#") {
				flush()
				if line == "#data" || line == "#data escaped" {
					in, escaped = true, line == "#data escaped"
				}
				continue
			}
			if in {
				cur = append(cur, line)
			}
		}
		flush()
	}
	return docs
}

func unescapeConformance(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == 'u' || s[i+1] == 'U') {
			n := 4
			if s[i+1] == 'U' {
				n = 8
			}
			if i+2+n <= len(s) {
				if v, err := strconv.ParseUint(s[i+2:i+2+n], 16, 32); err == nil {
					b.WriteRune(rune(v))
					i += 1 + n
					continue
				}
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// corpusFiles returns the paths of the corpus feeds.
func corpusFiles(t *testing.T) []string {
	files, err := filepath.Glob(filepath.Join(sharedDir(t, "corpus/feeds"), "*"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	return files
}

// lazyEagerStats counts what TestLazyEagerEquivalence compared.
type lazyEagerStats struct {
	texts, lazyNodes, fallbacks, pairs int
	// tokenRendered counts the lazy Nodes serialized from their tokens.
	tokenRendered int
	// xhtml counts the XHTML divs compared.
	xhtml int
}

// compareXHTMLLazyEager checks that every XHTML div of doc (any element
// named div in the XHTML namespace) gives the same value whether the
// fragment is built at once or on first use, and that "same text content"
// agrees between consecutive values.
func compareXHTMLLazyEager(t *testing.T, name string, doc *xml5.Document, st *lazyEagerStats) {
	var prevLazy, prevEager *Text
	var walk func(n *xml5.Node)
	walk = func(n *xml5.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != xml5.ElementNode {
				continue
			}
			if c.Namespace == htmlNamespaceURL && c.Local == "div" {
				st.xhtml++
				lazy, eager := xhtmlText(c), xhtmlTextEager(c)
				if assert.Equal(t, textKind(eager), textKind(lazy), "%s: xhtml div", name) && eager != nil {
					assert.Equal(t, xmlSerialize(eager), xmlSerialize(xhtmlText(c)), "%s: xhtml div", name)
					assert.Equal(t, eager.HTML(), lazy.HTML(), "%s: xhtml div", name)
					assert.Equal(t, eager.TextContent(), lazy.TextContent(), "%s: xhtml div", name)
					lj, _ := lazy.MarshalJSON()
					ej, _ := eager.MarshalJSON()
					assert.Equal(t, string(ej), string(lj), "%s: xhtml div", name)
				}
				if prevLazy != nil {
					st.pairs++
					assert.Equal(t, sameTextContent(prevEager, eager), sameTextContent(prevLazy, xhtmlText(c)), "%s: xhtml div", name)
					// Across kinds: an escaped HTML value with the same
					// text content.
					if eager != nil {
						h := escapedHTMLText(eager.HTML())
						assert.Equal(t, sameTextContent(parseHTMLText(eager.HTML()), eager), sameTextContent(h, xhtmlText(c)), "%s: xhtml div vs its HTML", name)
					}
				}
				prevLazy, prevEager = xhtmlText(c), eager
			}
			walk(c)
		}
	}
	walk(doc.Node)
}

// compareLazyEager checks that escaped HTML content gives the same value
// whether its fragment is built now or on first use, for the child text
// content of every element of doc that holds markup or a character
// reference (the rest never reaches the parser), and that "same text
// content" agrees between consecutive values.
func compareLazyEager(t *testing.T, name string, doc *xml5.Document, st *lazyEagerStats) {
	var prevLazy, prevEager *Text
	var walk func(n *xml5.Node)
	walk = func(n *xml5.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != xml5.ElementNode {
				continue
			}
			walk(c)
			s := c.ChildTextContent()
			if !strings.ContainsAny(s, "<&\r\x00") {
				continue
			}
			st.texts++
			lazy, eager := escapedHTMLText(s), parseHTMLText(s)
			if lazy != nil && lazy.lazy != nil {
				st.lazyNodes++
				if _, ok := appendTokenHTML(nil, s); ok {
					st.tokenRendered++
				}
			}
			if _, exact := analyzeHTML(s); !exact {
				st.fallbacks++
			}
			if !assert.Equal(t, textKind(eager), textKind(lazy), "%s: <%s> %.200q", name, c.Local, s) ||
				!assert.Equal(t, xmlSerialize(eager), xmlSerialize(lazy), "%s: <%s>", name, c.Local) {
				return
			}
			assert.Equal(t, eager.HTML(), lazy.HTML(), "%s: <%s>", name, c.Local)
			assert.Equal(t, eager.TextContent(), lazy.TextContent(), "%s: <%s>", name, c.Local)
			lj, lerr := lazy.MarshalJSON()
			ej, eerr := eager.MarshalJSON()
			assert.Equal(t, eerr, lerr)
			assert.Equal(t, string(ej), string(lj), "%s: <%s>", name, c.Local)
			if prevLazy != nil {
				st.pairs++
				assert.Equal(t, sameTextContent(prevEager, eager), sameTextContent(prevLazy, lazy), "%s: <%s>", name, c.Local)
			}
			prevLazy, prevEager = escapedHTMLText(s), eager
		}
	}
	walk(doc.Node)
}

// TestLazyEagerEquivalence shows, over every conformance case and every
// corpus feed, that deciding escaped HTML from tokens and building the
// fragment on first use gives exactly what building it at once gives: per
// text value, and for whole feeds (canonical JSON of ParseDocument).
func TestLazyEagerEquivalence(t *testing.T) {
	type input struct{ name, data string }
	var inputs []input
	for i, d := range conformanceDocuments(t) {
		inputs = append(inputs, input{fmt.Sprintf("conformance case %d", i+1), d})
	}
	if testing.Short() {
		t.Log("-short: conformance cases only")
	} else if _, err := os.Stat(filepath.Join("..", "shared", "corpus", "feeds")); err == nil {
		for _, f := range corpusFiles(t) {
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			inputs = append(inputs, input{filepath.Base(f), string(b)})
		}
	} else {
		t.Log("corpus absent: conformance cases only")
	}
	var st lazyEagerStats
	feeds := 0
	for _, in := range inputs {
		doc, err := xml5.Parse(strings.NewReader(in.data))
		require.NoError(t, err, in.name)
		compareLazyEager(t, in.name, doc, &st)
		compareXHTMLLazyEager(t, in.name, doc, &st)

		// The eager feed: every lazily decided Node value replaced by the
		// fragment the eager path builds from its source (the decisions
		// themselves are compared text by text above).
		eagerFeed, eagerErr := ParseDocument(strings.NewReader(in.data), WithURL("https://base/"))
		if eagerFeed != nil {
			makeEager(t, reflect.ValueOf(eagerFeed), map[uintptr]bool{})
		}
		lazyFeed, lazyErr := ParseDocument(strings.NewReader(in.data), WithURL("https://base/"))
		assert.Equal(t, eagerErr == nil, lazyErr == nil, in.name)
		if eagerFeed == nil || lazyFeed == nil {
			assert.Equal(t, eagerFeed == nil, lazyFeed == nil, in.name)
			continue
		}
		feeds++
		ej, err := json.Marshal(eagerFeed)
		require.NoError(t, err, in.name)
		lj, err := json.Marshal(lazyFeed)
		require.NoError(t, err, in.name)
		assert.Equal(t, string(ej), string(lj), in.name)
	}
	t.Logf("lazy/eager: %d documents (%d feeds), %d HTML texts, %d lazy Nodes (%d serialized from tokens), %d decided by the parser (fallback), %d XHTML divs, %d same-text-content pairs",
		len(inputs), feeds, st.texts, st.lazyNodes, st.tokenRendered, st.fallbacks, st.xhtml, st.pairs)
}

// makeEager replaces, in place, every lazy Node value reachable from v
// through exported fields by the value the eager path (parseHTMLText) gives
// for its source, which must also be a Node.
func makeEager(t *testing.T, v reflect.Value, seen map[uintptr]bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		if tx, ok := v.Interface().(*Text); ok {
			if tx.lazy != nil {
				e := parseHTMLText(tx.lazy.src)
				if tx.lazy.xhtml != nil {
					e = xhtmlTextEager(tx.lazy.xhtml)
				}
				if assert.True(t, e.IsNode(), "eager path gives a Node for %.200q", tx.lazy.src) {
					tx.frag, tx.lazy = e.frag, nil
				}
			}
			return
		}
		if seen[v.Pointer()] {
			return
		}
		seen[v.Pointer()] = true
		makeEager(t, v.Elem(), seen)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				makeEager(t, v.Field(i), seen)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			makeEager(t, v.Index(i), seen)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			makeEager(t, it.Value(), seen)
		}
	case reflect.Interface:
		if !v.IsNil() {
			makeEager(t, v.Elem(), seen)
		}
	}
}

// TestLazyTextConcurrentReaders reads one lazily built Node from several
// goroutines at once (run with -race to check the synchronization).
func TestLazyTextConcurrentReaders(t *testing.T) {
	src := benchHTML()
	v := escapedHTMLText(src)
	require.NotNil(t, v)
	require.NotNil(t, v.lazy, "the benchmark HTML is decided from tokens")
	want := parseHTMLText(src).HTML()
	var wg sync.WaitGroup
	results := make([]string, 8)
	for i := range results {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if i%2 == 0 {
				results[i] = v.HTML()
			} else {
				b, _ := v.MarshalJSON()
				var back struct{ HTML string }
				_ = json.Unmarshal(b, &back)
				results[i] = back.HTML
			}
		}(i)
	}
	wg.Wait()
	for _, r := range results {
		assert.Equal(t, want, r)
	}
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
		{"<p><b>one<div>two</div>", false},
		{"<ul><li>a<li>b<ul><li>c</ul></ul>", true},
		{"<li><span>a<li>b", false},
		{"<ul><li>a<p>b</ul>c", true},
		{"<ul><li><b>a</ul>", false},
		{"<li><ul>x</li></ul>", true},
		{"<div><h1>x<p>y</h2></div>", true},
		{"<dl><dt>a<dd>b<dt>c</dl>", true},
		{"<h1>a<h2>b</h2>", true},
		{"<h1>a</h2>", true},
		{"x</img>y</embed></br></p>", true},
		{"<b>x</p>", true},
		{"<p><b>x</p>", false},
		{"<a href=1>x<a href=2>y</a>", false},
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
		{"<table><tr><td>x</table>", false},
		{"<svg></svg>", false},
		{"<noscript><b>x</b></noscript>", false},
		{"<form>x</form>", false},
		{"a\x00b", false},
		{"<p title='a\\b\x01\u2028\xff\"'>\\\x02\xfe\u2029\t</p><pre>\n\nx</pre><x\\y>z</x\\y>", true},
	}
	for _, tt := range tests {
		got, ok := appendTokenHTML(nil, tt.in)
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

// tokenTrace lists z's tokens (type, raw, text or tag name and attributes)
// until the end, and reports whether z reached it (false when a
// fastTokenizer gave up).
func tokenTrace(z htmlTokenizer) ([]string, bool) {
	var out []string
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out, z.Err() == io.EOF
		}
		line := fmt.Sprintf("%v %q", tt, z.Raw())
		switch tt {
		case html.TextToken, html.CommentToken:
			line += fmt.Sprintf(" text %q", z.Text())
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, more := z.TagName()
			line += fmt.Sprintf(" name %q", name)
			var attrs [][2][]byte
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				attrs = append(attrs, [2][]byte{k, v})
			}
			for _, a := range attrs {
				line += fmt.Sprintf(" %q=%q", a[0], a[1])
			}
		}
		out = append(out, line)
	}
}

// checkFastTokenizer fails t unless the fast tokenizer gives x/net/html's
// tokens for src, or gives up; it reports whether it gave up.
func checkFastTokenizer(t *testing.T, src string) bool {
	fast, ok := tokenTrace(newFastTokenizer(src))
	if !ok {
		return true
	}
	slow, _ := tokenTrace(html.NewTokenizerFragment(strings.NewReader(src), "div"))
	assert.Equal(t, slow, fast, "%q", src)
	return false
}

func TestFastTokenizer(t *testing.T) {
	for _, src := range []string{
		"", "a", "a<b>c</b>", "a < b", "x<", "<p class=a id='b' title=\"c d\">t</p>",
		"<A HREF=x CLASS=Y class=z>", "<br/>", "<br />", "<p a=/>", "<p a=b/>", "<p =a b c=>x",
		"<img src=\"a?x=1&amp;y=2\" alt='&lt;&#39;&#x27;'>", "a &amp; b &nbsp;&#8217;&#x2014; AT&T &#",
		"<p/x>", "</p x='>'>", "<p\ta\n=\fb>", "<p a = 'b' >",
		"<!-- c -->", "<!-- a &amp; b --->x", "<!---->", "<!--->", "<!-->", "<!-- a --!> b -->", "<!-- <!-- -->", "<!-- x", "<!DOCTYPE html>", "<?pi?>", "</ x>", "</>", "<script>x</script>", "&copy;", "&amp", "a\rb", "<p a",
	} {
		checkFastTokenizer(t, src)
	}
	files, _ := filepath.Glob(filepath.Join("..", "shared", "corpus", "feeds", "*"))
	if len(files) == 0 || testing.Short() {
		return
	}
	texts, gaveUp := 0, 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		doc, err := xml5.Parse(bytes.NewReader(b))
		require.NoError(t, err)
		var walk func(n *xml5.Node)
		walk = func(n *xml5.Node) {
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if c.Type != xml5.ElementNode {
					continue
				}
				if s := c.ChildTextContent(); strings.ContainsAny(s, "<&") {
					texts++
					if checkFastTokenizer(t, s) {
						gaveUp++
					}
				}
				walk(c)
			}
		}
		walk(doc.Node)
	}
	t.Logf("corpus: %d texts with markup or references, the fast tokenizer gave up on %d", texts, gaveUp)
}

func FuzzFastTokenizer(f *testing.F) {
	for _, s := range []string{"a<b>c</b>", "<p a=/>", "<img src=\"a&amp;b\">", "&#x2014;&nbsp;", "<p =a b c=>x", "x<"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		checkFastTokenizer(t, src)
	})
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

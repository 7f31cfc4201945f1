package feedspec

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/feedspec/feedspec/internal/htmltoken"
	"github.com/feedspec/feedspec/internal/sharedtest"
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
				if _, ok := htmltoken.AppendHTML(nil, s, htmltoken.DropOneByOneImages); ok {
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
	for i, d := range sharedtest.ConformanceDocuments(t) {
		inputs = append(inputs, input{fmt.Sprintf("conformance case %d", i+1), d})
	}
	if testing.Short() {
		t.Log("-short: conformance cases only")
	} else if _, err := os.Stat(filepath.Join("..", "shared", "corpus", "feeds")); err == nil {
		for _, f := range sharedtest.CorpusFiles(t) {
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

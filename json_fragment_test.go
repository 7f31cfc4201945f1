package feedspec

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// checkFragmentJSON checks that appendFragmentJSON, when it writes frag,
// writes what appendRenderedJSON (html.Render) does, without and with HTML
// escaping, after a prefix; it returns whether it wrote frag.
func checkFragmentJSON(t *testing.T, frag *html.Node, name string) bool {
	t.Helper()
	wrote := false
	for _, escapeHTML := range []bool{false, true} {
		want := string(appendRenderedJSON([]byte("x"), frag, escapeHTML))
		got, ok := appendFragmentJSON([]byte("x"), frag, escapeHTML)
		if ok {
			require.Equal(t, want, string(got), "%s (html escaping %v)", name, escapeHTML)
		}
		wrote = ok
	}
	return wrote
}

// fragmentOf parses src as the body of an HTML document and returns a
// fragment of the body's children.
func fragmentOf(t *testing.T, src string) *html.Node {
	t.Helper()
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := html.ParseFragment(strings.NewReader(src), ctx)
	require.NoError(t, err)
	frag := &html.Node{Type: html.DocumentNode}
	for _, n := range nodes {
		frag.AppendChild(n)
	}
	return frag
}

// TestFragmentJSON compares appendFragmentJSON with html.Render on parsed
// fragments (every character Render or JSON escapes, invalid UTF-8, the
// newline Render adds in pre, void and foreign elements) and on trees only
// Atom XHTML content gives (attributes with a namespace, elements in no
// namespace, a void element with children), and checks which it leaves to
// html.Render.
func TestFragmentJSON(t *testing.T) {
	for _, src := range []string{
		"", "plain", `<p class="a&b" title='x"y'>a &amp; b &lt; c &gt; d "e" 'f'</p>`,
		"a\r\nb\tc\x01d\\e\u2028f\u2029g\xffh\xe2\x80i é日本😀",
		"<pre>\nx</pre><pre>y</pre><textarea>\n\nz</textarea><listing>\nw</listing>",
		"<br><img src=x alt='&quot;'><hr/><input value=\"\r\"><wbr>",
		"<svg viewBox='0 0 1 1'><path d='M0 0'/><foreignObject><p>x</p></foreignObject></svg>",
		"<math><mi>x</mi></math>", "<table><tr><td>1<td>2</table>", "<a href='/x?a=1&b=2'>link</a>",
		`<div data-x="&lt;script&gt;" lang=en>` + strings.Repeat("<b>nested ", 40) + "</div>",
	} {
		assert.True(t, checkFragmentJSON(t, fragmentOf(t, src), src), "%q is written without html.Render", src)
	}
	for _, src := range []string{"<!-- c -->x<p>a<!--->--><!--<!-->b</p>", "<!---x-->", "<!--&>--!>-->"} {
		assert.True(t, checkFragmentJSON(t, fragmentOf(t, src), src), "%q is written with its comments", src)
	}
	for _, src := range []string{"<script>a<b</script>", "<style>p>a{}</style>", "<noscript>x</noscript>",
		"<plaintext>a<b", "<xmp><p></xmp>", "<iframe>x</iframe>", "<noembed>x</noembed>", "<noframes>x</noframes>"} {
		assert.False(t, checkFragmentJSON(t, fragmentOf(t, src), src), "%q is left to html.Render", src)
	}

	el := func(data, ns string, attr []html.Attribute, kids ...*html.Node) *html.Node {
		n := &html.Node{Type: html.ElementNode, Data: data, Namespace: ns, Attr: attr}
		for _, k := range kids {
			n.AppendChild(k)
		}
		return n
	}
	text := func(s string) *html.Node { return &html.Node{Type: html.TextNode, Data: s} }
	doc := func(kids ...*html.Node) *html.Node {
		n := &html.Node{Type: html.DocumentNode}
		for _, k := range kids {
			n.AppendChild(k)
		}
		return n
	}
	xlink := []html.Attribute{{Namespace: "xlink", Key: "href", Val: "#a<'>"}, {Key: "k", Val: "\r\n"}}
	assert.True(t, checkFragmentJSON(t, doc(el("use", "svg", xlink), el("x", NoNamespace, nil, text("<y>"))), "namespaced attribute"))
	assert.True(t, checkFragmentJSON(t, doc(el("p", "", nil, el("br", "", nil)), doc(text("a"))), "nested document"))
	assert.True(t, checkFragmentJSON(t, doc(el("script", "svg", nil, text("a<b"))), "svg script") == false, "script is left to html.Render in any namespace")
	assert.False(t, checkFragmentJSON(t, doc(el("img", "", nil, text("child"))), "void element with a child"))
	assert.False(t, checkFragmentJSON(t, doc(&html.Node{Type: html.ErrorNode}), "error node"))
	assert.False(t, checkFragmentJSON(t, doc(&html.Node{Type: html.RawNode, Data: "<raw>"}), "raw node"))
}

// FuzzFragmentJSON compares appendFragmentJSON with html.Render on the
// fragment parsed from any string.
func FuzzFragmentJSON(f *testing.F) {
	f.Add(`<p a="b&c">x<br>y</p>`)
	f.Add("<pre>\n\r'\"\xff\u2028</pre><svg><a xlink:href=x>y</a></svg>")
	f.Fuzz(func(t *testing.T, src string) {
		checkFragmentJSON(t, fragmentOf(t, src), src)
	})
}

// TestIsVoidElement checks isVoidElement against html.Render itself: an
// element with a child is refused exactly when it is void. The names are
// the void elements and names near them (other cases, prefixes, obsolete
// elements the HTML standard once listed as void).
func TestIsVoidElement(t *testing.T) {
	void := []string{"area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link",
		"meta", "param", "source", "track", "wbr"}
	other := []string{"BR", "brr", "b", "a", "p", "image", "svg", "xml:br", "template", "frame",
		"basefont", "bgsound", "command", "menuitem", "div", "span", "script", "textarea"}
	for _, name := range append(void, other...) {
		el := &html.Node{Type: html.ElementNode, Data: name}
		el.AppendChild(&html.Node{Type: html.TextNode, Data: "x"})
		refused := html.Render(io.Discard, el) != nil
		assert.Equal(t, refused, isVoidElement(name), name)
		assert.Equal(t, slices.Contains(void, name), isVoidElement(name), name)
	}
}

package htmltoken

import (
	"cmp"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/net/html"
)

// sortAttributes sorts the attributes of every element of n's subtree by
// key, then value (the elements SortAttributes writes have no namespaced
// attributes).
func sortAttributes(n *html.Node) {
	if n.Type == html.ElementNode {
		slices.SortFunc(n.Attr, func(x, y html.Attribute) int {
			if c := cmp.Compare(x.Key, y.Key); c != 0 {
				return c
			}
			return cmp.Compare(x.Val, y.Val)
		})
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		sortAttributes(c)
	}
}

// TestAppendHTMLSortAttributes checks SortAttributes: the serialization of
// the tree with every element's attributes sorted, equal for fragments
// whose attributes come in different orders.
func TestAppendHTMLSortAttributes(t *testing.T) {
	const mode = DropOneByOneImages | SortAttributes
	for _, tt := range []struct {
		src string
		ok  bool
	}{
		{`<p id=b class=a>x<img src=s alt=a><span b=2 a=1 c>y</span></p>`, true},
		{`<a title=t href=h>x</a><b z=1 y=2><div c=1 a=2>y</div>`, true},
		{`<table b=1 a=2><tr d=1 c=2><td f=1 e=2>x</table>`, true},
		{`<svg><path d=x /></svg>`, false},
		{`<svg><g></g></svg>`, true},
		{`<img width=1 height=1 src=x>`, true},
	} {
		got, diff := compareRender(tt.src, mode)
		assert.NotEqual(t, disagreed, got, "%q\n%s", tt.src, diff)
		assert.Equal(t, tt.ok, got == agreed, "%q: ok", tt.src)
	}
	a, ok := AppendHTML(nil, `<p class=a id=b>x<span a=1 b=2>y</span>`, mode)
	assert.True(t, ok)
	b, ok := AppendHTML(nil, `<p id=b class=a>x<span b=2 a=1>y</span></p>`, mode)
	assert.True(t, ok)
	assert.Equal(t, string(a), string(b))
	assert.Equal(t, `<p class="a" id="b">x<span a="1" b="2">y</span></p>`, string(a))
}

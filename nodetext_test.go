package feedspec

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

func TestNewNodeText(t *testing.T) {
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := html.ParseFragment(strings.NewReader(
		`<p>Hello <img src="a.png" width="1" height="1"><img src="b.png" width="10" height="1"></p>`+
			`<div hidden><img src="c.gif" width="1" height="1"></div>`), ctx)
	require.NoError(t, err)
	frag := &html.Node{Type: html.DocumentNode}
	for _, n := range nodes {
		frag.AppendChild(n)
	}
	text := NewNodeText(frag)
	require.NotNil(t, text)
	assert.True(t, text.IsNode())
	assert.Equal(t, `<p>Hello <img src="b.png" width="10" height="1"/></p><div hidden=""></div>`, text.HTML())
	assert.Equal(t, "Hello", PlainText(text))

	assert.Nil(t, NewNodeText(nil))
	assert.Nil(t, NewNodeText(&html.Node{Type: html.ElementNode, Data: "p"}))
}

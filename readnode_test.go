package feedspec

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadNodeKeepsNoTree checks that SafeHTML and PlainText do not keep
// the tree they build for a Text parsed from escaped HTML (a feed read entry
// by entry holds one entry's tree at a time), give the same answers as with
// the kept tree, and use the tree once it was built.
func TestReadNodeKeepsNoTree(t *testing.T) {
	src := `<p>a <b>bold</b> <a href="http://e.com/">link</a> <script>x</script></p>`
	for _, text := range []*Text{escapedHTMLText(src), renderedNodeText(src)} {
		require.True(t, text.IsNode())
		require.NotNil(t, text.lazy)
		safe, plain := SafeHTML(text, ""), PlainText(text)
		assert.False(t, text.lazy.built.Load(), "SafeHTML and PlainText kept the tree")
		assert.Contains(t, safe, "<b>bold</b>")
		assert.NotContains(t, safe, "script")
		assert.Equal(t, "a bold link", plain)

		// Once the tree is built (Node), they read it, with the same answers.
		require.NotNil(t, text.Node())
		assert.True(t, text.lazy.built.Load())
		assert.Equal(t, safe, SafeHTML(text, ""))
		assert.Equal(t, plain, PlainText(text))
		assert.Same(t, text.Node(), text.readNode())
	}
	// Atom XHTML content and strings are unchanged.
	assert.Equal(t, "a &lt; b", SafeHTML(stringText("a < b"), ""))
	assert.Nil(t, stringText("x").readNode())
	assert.True(t, strings.HasPrefix(PlainText(stringText("  x ")), "x"))
}

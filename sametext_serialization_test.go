package feedspec

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSameTextContentFromTokens checks that sameTextContent, which compares
// escaped HTML by its serialization from the tokens when both sources
// allow it, answers as comparing the parsed and sanitized fragments does,
// and builds no fragment when it can.
func TestSameTextContentFromTokens(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		same bool
	}{
		{`<p class="x" id="y">Hello <b>world</b></p>`, `<p id=y class=x>Hello <b>world</b>`, true},
		{`<p>Hello <b>world</b></p>`, `<p>Hello world</p>`, false},
		{`<p>Hello</p> <p>world</p>`, `<p>Hello</p><p> world</p>`, false},
		{`<p a=1>x</p>`, `<p a=2>x</p>`, false},
		{`<p a=1 b=2>x</p>`, `<p a=1>x</p>`, false},
		{`<p>x<img src=t width=1 height=1></p>`, `<p>x</p>`, true},
		{`<p>x<img src=t width=1 height=2></p>`, `<p>x</p>`, false},
		{`<ul><li>a<li>b</ul>`, `<ul><li>a</li><li>b</li></ul>`, true},
		{`<b><i>x</b>y`, `<b><i>x</i></b><i>y</i>`, true},
		{`<p>a &amp; b</p>`, `<p>a &#38; b</p>`, true},
		{`<p>x</p><!-- c -->`, `<p>x</p><!-- d -->`, false},
		// Told apart by their text lengths, the longer read only in part.
		{`<p>An excerpt [&#8230;]</p>`, `<p>An excerpt of the article.</p><p>More of it.</p>`, false},
		{`<p>Longer text</p><table><tr><td>x</td></tr></table>`, `<p>x</p>`, false},
		{`<table><tr><td>x</td></tr></table><p>Longer text</p>`, `<p>x</p>`, false},
		{`x<table>y</table>`, `xy<table></table>`, true},
		{`<p>ab</p><table><tr><td>cd</td></tr></table>`, `<p>abcd</p>`, false},
		// Given up on by the tokens: the fragments decide.
		{`<svg viewBox="0 0 1 1"><text>x</text></svg>`, `<svg viewbox="0 0 1 1"><text>x</text></svg>`, true},
		{`<b><p>x</b>y`, `<b></b><p><b>x</b>y</p>`, true},
		{`<select><option>x</select>`, `<select><option>x</option></select>`, true},
	} {
		la, lb := escapedHTMLText(tt.a), escapedHTMLText(tt.b)
		require.NotNil(t, la.lazy, tt.a)
		require.NotNil(t, lb.lazy, tt.b)
		got := sameTextContent(la, lb)
		ea, _ := parseHTMLFragment(tt.a)
		eb, _ := parseHTMLFragment(tt.b)
		assert.Equal(t, equalChildren(ea, eb), got, "%q and %q: as the fragments compare", tt.a, tt.b)
		assert.Equal(t, tt.same, got, "%q and %q", tt.a, tt.b)
	}
	excerpt := escapedHTMLText(`<p>An excerpt [&#8230;]</p>`)
	article := escapedHTMLText(`<p>An excerpt of the article.</p><p>More of it.</p>`)
	require.True(t, article.lazy.sigLater, "decided from its first tokens")
	assert.False(t, sameTextContent(excerpt, article), "an excerpt and its article")
	assert.True(t, article.lazy.sigLater, "the article's text read only past the excerpt's length")
	a := escapedHTMLText(`<p class="x" id="y">Hello</p>`)
	b := escapedHTMLText(`<p id=y class=x>Hello</p>`)
	require.True(t, sameTextContent(a, b))
	// Building the two fragments takes dozens of allocations; the
	// serializations, one buffer.
	allocs := testing.AllocsPerRun(10, func() { sameTextContent(a, b) })
	assert.LessOrEqual(t, allocs, 2.0, "compared without building the fragments")
}

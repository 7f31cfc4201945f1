package htmltoken

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/jsonstr"
)

// TestAppendHTMLSourceSpans checks the tokens written as they are in the
// source (Fast's spans) against the serialization escaped afterwards: in
// the JSON string modes, AppendHTML writes what jsonstr.AppendChars makes of
// what it writes as HTML, U+2028 and U+2029 escaped wherever they are.
func TestAppendHTMLSourceSpans(t *testing.T) {
	for _, src := range []string{
		"<p>a\u2028b</p>",
		"<p title=\"x\u2029y\">t</p>",
		"<b>\u2019quoted\u2019</b> and \u2028",
		"<script>var s = \"\u2028\";</script><p>x</p>",
		"<x-\u2028>y</x-\u2028>",
		"<p>\"quotes\" \\ back\tslash\n<a href=\"/x?a=1\" class=\"c\">link</a></p>",
		"<br/><img src=\"a.png\" alt=\"A\"/><hr>",
		"<b class=\"z\" id=\"a\">unsorted</b><i id=\"a\" class=\"z\">sorted</i><p>x<b>y<p>z",
		"<ul>\n<li>one</li>\n<li>two\n</ul>",
		"<pre>\n\nx</pre><textarea>\nfoo</textarea>",
	} {
		html, ok := AppendHTML(nil, src, 0)
		require.True(t, ok, src)
		for _, escapeHTML := range []bool{false, true} {
			mode := JSONString
			if escapeHTML {
				mode = JSONStringEscapeHTML
			}
			want := string(jsonstr.AppendChars(nil, html, escapeHTML))
			got, ok := AppendHTML([]byte("prefix"), src, mode)
			require.True(t, ok, src)
			assert.Equal(t, "prefix"+want, string(got), "%q in mode %d", src, mode)
			got, ok = AppendHTML(nil, src, mode|ValidUTF8)
			require.True(t, ok, src)
			assert.Equal(t, want, string(got), "%q in mode %d", src, mode|ValidUTF8)
		}
	}
}

// TestAppendHTMLSourceSpansGrow checks that a source ten times longer is
// written in ten times the bytes with the same allocations: each span is
// written once, and the room it takes for its escapes is bounded.
func TestAppendHTMLSourceSpansGrow(t *testing.T) {
	unit := "<p>Lorem \u2019ipsum\u2019 <a href=\"https://example.com/x\" title=\"t\">dolor</a>\n<b>sit</b> amet</p>\n"
	small, large := strings.Repeat(unit, 200), strings.Repeat(unit, 2000)
	for _, mode := range []Mode{0, JSONString | ValidUTF8, JSONStringEscapeHTML | ValidUTF8} {
		a, ok := AppendHTML(nil, small, mode)
		require.True(t, ok)
		b, ok := AppendHTML(nil, large, mode)
		require.True(t, ok)
		assert.Equal(t, 10*len(a), len(b), "mode %d", mode)
		// Into a buffer with room for the output: no allocation per
		// token or span, whatever the length.
		allocs := func(src string) float64 {
			dst := make([]byte, 0, 8*len(src))
			return testing.AllocsPerRun(5, func() { _, _ = AppendHTML(dst[:0], src, mode) })
		}
		assert.Equal(t, allocs(small), allocs(large), "mode %d", mode)
	}
}

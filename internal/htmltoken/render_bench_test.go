package htmltoken

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// benchFragment is escaped HTML as feeds publish it: paragraphs with links
// and formatting, a list, a pre block, a table with implied sections and
// rows, and a tracking pixel, repeated to a few kilobytes.
func benchFragment() string {
	var b strings.Builder
	for i := 0; i < 6; i++ {
		b.WriteString(`<p>Lorem <b>ipsum</b> dolor sit amet, <a href="https://example.com/post?id=1&amp;ref=feed" title="Post">consectetur</a> adipiscing elit &mdash; sed do eiusmod.<p>Ut enim ad minim veniam, <em>quis nostrud</em> exercitation.</p>`)
		b.WriteString("<ul><li>one<li>two <code>x &lt; y</code><li>three</ul>\n<pre>\nfunc main() {}\n</pre>\n")
		b.WriteString("<table>\n <tr><th>Name<th>Value\n <tr><td>a<td><i>1</i></td></tr></table>\n")
		b.WriteString(`<h2>Heading</h2><div><img src="https://example.com/a.jpg" alt="A"><br>caption</div>`)
	}
	b.WriteString(`<img src="https://feeds.example.com/~r/x" height="1" width="1" alt=""/>`)
	return b.String()
}

// BenchmarkAppendHTML serializes benchFragment from its tokens, as HTML and
// as a JSON string.
func BenchmarkAppendHTML(b *testing.B) {
	src := benchFragment()
	for _, bm := range []struct {
		name string
		mode Mode
	}{
		{"html", DropOneByOneImages},
		{"json", DropOneByOneImages | JSONStringEscapeHTML},
	} {
		b.Run(bm.name, func(b *testing.B) {
			_, ok := AppendHTML(nil, src, bm.mode)
			require.True(b, ok, "AppendHTML gave up")
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			dst := make([]byte, 0, 2*len(src))
			for i := 0; i < b.N; i++ {
				dst, _ = AppendHTML(dst[:0], src, bm.mode)
			}
		})
	}
}

package htmltoken

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stretchr/testify/assert"
	"golang.org/x/net/html"
)

// An outcome is what a differential check of this package against
// x/net/html found for one input.
type outcome int

const (
	// agreed: the fast path finished and gave what x/net/html gives.
	agreed outcome = iota
	// gaveUp: the fast path gave up (the caller falls back to x/net/html).
	gaveUp
	// disagreed: the fast path finished and gave something else (a bug).
	disagreed
)

// tokenTrace lists z's tokens (type, raw, text or tag name and attributes)
// until the end, and reports whether z reached it (false when a Fast gave
// up).
func tokenTrace(z Tokenizer) ([]string, bool) {
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

// compareTokens checks the tokenizer's invariant on src: Fast gives the
// tokens x/net/html's Tokenizer gives in a div context, or gives up. On
// disagreement it also returns both traces, one token a line.
func compareTokens(src string) (outcome, string) {
	z := NewFast(src)
	fast, finished := tokenTrace(z)
	if !finished {
		if !z.GaveUp() {
			return disagreed, fmt.Sprintf("Fast stopped with %v, not ErrGaveUp", z.Err())
		}
		return gaveUp, ""
	}
	want, _ := tokenTrace(html.NewTokenizerFragment(strings.NewReader(src), "div"))
	if a, b := strings.Join(want, "\n"), strings.Join(fast, "\n"); a != b {
		return disagreed, "x/net/html:\n" + a + "\nFast:\n" + b
	}
	return agreed, ""
}

func TestFast(t *testing.T) {
	for _, tt := range []struct {
		src    string
		gaveUp bool
	}{
		{"", false},
		{"a", false},
		{"a<b>c</b>", false},
		{"a < b", false},
		{"x<", false},
		{"<p class=a id='b' title=\"c d\">t</p>", false},
		{"<A HREF=x CLASS=Y class=z>", false},
		{"<br/>", false},
		{"<br />", false},
		{"<p a=/>", false},
		{"<p a=b/>", false},
		{"<p =a b c=>x", false},
		{"<img src=\"a?x=1&amp;y=2\" alt='&lt;&#39;&#x27;'>", false},
		{"a &amp; b &nbsp;&#8217;&#x2014; AT&T", false},
		{"<p/x>", false},
		{"</p x='>'>", false},
		{"<p\ta\n=\fb>", false},
		{"<p a = 'b' >", false},
		{"<!-- c -->", false},
		{"<!-- a &amp; b --->x", false},
		{"<!---->", false},
		{"<!-- <!-- -->", false},
		{"&copy;", false},
		{"&amp", false},
		// Keys fold in ASCII only, as x/net/html lower-cases them.
		{"<p k=1 \u212a=2 K=3 \u017f=4 s=5>", false},
		// What Fast does not read.
		{"<!--->", true},
		{"<!-->", true},
		{"<!-- a --!> b -->", true},
		{"<!-- x", true},
		{"<!DOCTYPE html>", true},
		{"<?pi?>", true},
		{"</ x>", true},
		{"</>", true},
		{"<script>x</script>", false},
		{"<script src=a/><p>", false},
		{"<SCRIPT>if (a<b && c</d) x()</Script >y", false},
		{"<style>p > a {}</styles></style\t>", false},
		{"<textarea>a &amp; <b></textarea>", false},
		{"<title>&lt;t&gt;</title/>", false},
		{"<iframe src=x></iframe><xmp><p></xmp>", false},
		{"<iframe>never closed", false},
		{"<style></style>", false},
		{"<noembed>a</noembed><noframes>b</noframes>", false},
		{"<script><!-- x --></script>", true},
		{"<noscript>x</noscript>", true},
		{"<plaintext>x", true},
		{"a\rb", true},
		{"a\x00b", true},
		{"<p a", true},
		{"&#0;", true},
		{"a &#", true},
		{"&#x80;", true},
		{"<a href='?a=1&copy=2'>", true},
	} {
		got, diff := compareTokens(tt.src)
		assert.NotEqual(t, disagreed, got, "%q\n%s", tt.src, diff)
		assert.Equal(t, tt.gaveUp, got == gaveUp, "gave up on %q", tt.src)
	}
}

// FuzzFast checks the tokenizer's invariant: Fast gives x/net/html's tokens
// or gives up.
func FuzzFast(f *testing.F) {
	for _, s := range []string{"a<b>c</b>", "<p a=/>", "<script>a</scrip</script>b", "<title>a&amp;</title", "<textarea>\nx</textarea>", "<img src=\"a&amp;b\">", "&#x2014;&nbsp;", "<p =a b c=>x", "x<", "<!-- a -->", "AT&T &amp &notit; &#39"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		got, diff := compareTokens(src)
		require.NotEqual(t, disagreed, got, "%q\n%s", src, diff)
	})
}

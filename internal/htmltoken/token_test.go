package htmltoken

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/feedspec/feedspec/xml5"
)

// tokenTrace lists z's tokens (type, raw, text or tag name and attributes)
// until the end, and reports whether z reached it (false when a
// Fast gave up).
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

// checkFastTokenizer fails t unless the fast tokenizer gives x/net/html's
// tokens for src, or gives up; it reports whether it gave up.
func checkFastTokenizer(t *testing.T, src string) bool {
	fast, ok := tokenTrace(NewFast(src))
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
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpus", "feeds", "*"))
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

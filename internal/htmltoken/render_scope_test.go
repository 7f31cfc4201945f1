package htmltoken

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestAppendHTMLScopes checks the serializer on the elements whose scopes
// it follows (buttons, objects, applets and marquees, column groups), on
// the elements that closing a p, li, dd, dt or block pops with it, and on
// the formatting elements reopened after that: it writes what x/net/html
// writes, or reports false where the tokens cannot tell the tree.
func TestAppendHTMLScopes(t *testing.T) {
	for _, tt := range []struct {
		src string
		ok  bool
	}{
		// x/net/html fails beyond 512 open elements.
		{strings.Repeat("<div>", 500) + "x<br>", true},
		{strings.Repeat("<div>", 600) + "x", false},
		{strings.Repeat("<span>", 511) + "<br>", false},
		{"<button>x</button>y", true},
		{"<p>a<button>b</p>c", true},
		{"<p>a<button>b</button>c</p>d", true},
		{"<button><p>x</button>y", true},
		{"<p><button>a<div>b</div></button>c", true},
		{"<button>a<li>b</button>", true},
		{"<button>a<button>b", false},
		{"<object width=1><param name=a value=b><embed src=x></embed></object>", true},
		{"<object><p>x</object>y", true},
		{"<p>a<object>b</p>c</object>d", true},
		{"<p>a<object>b<div>c</div></object>d", true},
		{"<a>a<object><a>b</a></object></a>", true},
		{"<b><object>x</b>y</object>z</b>", true},
		{"<object><b>x</object>y", true},
		{"<div><object>x</div>y</object>", true},
		{"<applet>a<marquee>b</applet>c</marquee>d", true},
		{"<li>a<object><li>b</object>", true},
		{"<object>a<object>b</object>c</object>", true},
		{"<table><tr><td><object>x</td></tr></table>", false},
		{"<table><tr><td><object>x</object></td></tr></table>", true},
		{"<object><table><td>x</table></object>", false},
		{"<object><td>x</object>", false},
		{"<li>a<p>b<li>c", true},
		{"<li>a<span>b<li>c", true},
		{"<dl><dt>a<div>b<dd>c</dl>", true},
		{"<li>a<b>b<li>c", true},
		{"<p>a<span>b<div>c", true},
		{"<p>a<span>b<h2>c</h2>", true},
		{"<p>a<em>b<div>c", true},
		{"<p>a<span>b</p>c</span>d", true},
		{"<table><colgroup><col width=1></col><col></colgroup><tbody><tr><td>x</td></tr></tbody></table>", true},
		{"<table><col><col><tr><td>x</table>", true},
		{"<table><colgroup> <col> </colgroup> <tr><td>x</table>", true},
		{"<table><tr><td>a</td><colgroup><col></table>", true},
		{"<table><colgroup>x<col></table>", false},
		{"<table><colgroup><td>x</table>", true},
		{"<table><colgroup></td><col></table>", false},
		{"<table><colgroup><template>", false},
		{"<table><tr><td><colgroup>", false},
		{"<colgroup><col>x", true},
		{"<table><colgroup><!-- c --><col>", true},
		// Formatting elements closed without their end tag, reopened.
		{"<p>x<a class=anchor href='#h'><h2 id=h>Title</h2></a>\n<p>y", true},
		{"<p><b>x<div>y</div>z</b>w", true},
		{"<p><b><i>x<div>y</i>z</b>w", true},
		{"<b><p><i>x<div>y</div></b>", true},
		{"<b><p>x<div>y</b>z", false},
		{"<p><b>x<pre>\ny</pre>", true},
		{"<p><b>x<pre>\n</pre>z", true},
		{"<p><b>x<textarea>\ny</textarea>z", true},
		{"<p><a href=a>x<div><a href=b>y</a></div>", true},
		{"<p><a href=a>x<h1>y</h1>z</a>", true},
		{"<p><b>x<table><tr><td>y</td></tr></table>z", true},
		{"<p><b>x<table><tr><td><i>y<p>z<div>w</td></tr></table>v", true},
		{"<p><b>x<div></br>y", true},
		{"<p><b>x<div><img src=a width=1 height=1>y", true},
		{"<p><b>x<div><hr><!-- c -->y", true},
		{"<p><b>x</p></b>y", true},
		{"<b><div><b>x</div></b>y", true},
		{"<b><b><b><b>x</b></b></b></b>", true},
		{"<p><b><b><b><b>x<div>y", false},
		{"<ul><li><b>x<li>y</ul>z", true},
		{"<object><p><b>x</object>y", true},
		{"<p><b>x<object>y</object>z", true},
		{"<p><b class=c>x<div>y<span>z</span></div>", true},
	} {
		for _, mode := range allModes {
			got, diff := compareRender(tt.src, mode)
			assert.NotEqual(t, disagreed, got, "%q mode %d\n%s", tt.src, mode, diff)
			assert.Equal(t, tt.ok, got == agreed, "%q mode %d: ok", tt.src, mode)
		}
	}
}

package htmltoken

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestAppendHTMLForm checks the serializer on forms (the tree builder's
// form element pointer): it writes what x/net/html writes, or reports
// false.
func TestAppendHTMLForm(t *testing.T) {
	for _, tt := range []struct {
		src string
		ok  bool
	}{
		{"<form>x</form>", true},
		{"<form id=f><label>a</label> <span>b</span></form>c", true},
		{"<p>a<form>b</form>c", true},
		{"<form>a<form>b</form>c</form>d", true},
		{"<div><form>a</div><form>b</form>", true},
		{"</form>x", true},
		{"<form>x", true},
		{"<table><tr><td><form>a</form></td></tr></table><form>b</form>", true},
		{"<button><form>a</form></button>", true},
		{"<form><p>a</form>b", false},
		{"<form><div>a</form>b</div>", false},
		{"<table><tr><td><form>a</td></tr></table></form>", true},
		{"<table><form></table>", false},
	} {
		for _, mode := range allModes {
			got, diff := compareRender(tt.src, mode)
			assert.NotEqual(t, disagreed, got, "%q mode %d\n%s", tt.src, mode, diff)
			assert.Equal(t, tt.ok, got == agreed, "%q mode %d: ok", tt.src, mode)
		}
	}
}

// TestAppendHTMLAdoptionNoBlock checks end tags of formatting elements open
// below the current element with no special element above them: closed
// with the elements above them, the formatting ones reopened later.
func TestAppendHTMLAdoptionNoBlock(t *testing.T) {
	for _, tt := range []struct {
		src string
		ok  bool
	}{
		{"<b><i>x</b>y", true},
		{"<b><i>x</b>", true},
		{"<p><b><i>x</b>y</i>z</p>", true},
		{"<b><span>x</b>y</span>", true},
		{"<a href=a><em>x</a>y<p>z", true},
		{"<b><i><u>x</b>y</u>z", true},
		{"<i><b>x</i>y</b>z", true},
		{"<b>a<i>b</b>c<b>d</i>e</b>", true},
		{"<font size=3><span>x</span></font><span><font size=3>y</span>z", true},
		{"<span><i>x<label>y</span>z", true},
		{"<span><p>x</span>y", true},
		{"<x-a><b>x</x-a>y", true},
		{"<x-a><x-b>x</x-a>y", true},
		{"<li><b><i>x</b>y<li>z", true},
		{"<b><b><b><i>x</b>y", true},
		{"<b><b><b><b><i>x</b>y", false},
		{"<b><div>x</b>y", false},
		{"<b><form>x</b>y", false},
		{"<li>a<form>b<li>c", true},
		{"<table><tr><td><b><i>x</b>y</td></tr></table>", true},
		{"<b><table><tr><td><i>x</b>y</td></tr></table>", true},
	} {
		for _, mode := range allModes {
			got, diff := compareRender(tt.src, mode)
			assert.NotEqual(t, disagreed, got, "%q mode %d\n%s", tt.src, mode, diff)
			assert.Equal(t, tt.ok, got == agreed, "%q mode %d: ok", tt.src, mode)
		}
	}
}

// TestAppendHTMLNestedA checks an a start tag while an a is open.
func TestAppendHTMLNestedA(t *testing.T) {
	for _, tt := range []struct {
		src string
		ok  bool
	}{
		{"<a href=1>x<a href=2>y</a>", true},
		{"<a href=1>x<a/>y", true},
		{"<p><a href=1>x<b>y<a href=2>z</a>w", true},
		{"<a href=1><span>x<a href=2>y", true},
		{"<a href=1><div>x<a href=2>y", false},
		{"<a>x</p><a>y", true},
		{"<a>1<b>2</a>3<a>4", true},
		{"<table><tr><td><a>x<a>y</td></tr></table>", true},
		{"<a><table><tr><td><a>x</td></tr></table><a>y", true},
		{"<b><b><b><a>x<b>y<a>z", false},
	} {
		for _, mode := range allModes {
			got, diff := compareRender(tt.src, mode)
			assert.NotEqual(t, disagreed, got, "%q mode %d\n%s", tt.src, mode, diff)
			assert.Equal(t, tt.ok, got == agreed, "%q mode %d: ok", tt.src, mode)
		}
	}
}

package htmltoken

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestValidUTF8Mode checks that ValidUTF8 changes nothing on valid UTF-8
// (it only skips the check), and that without it invalid UTF-8 split by a
// dropped image is escaped as a whole.
func TestValidUTF8Mode(t *testing.T) {
	for _, src := range []string{
		"<p>é<img width=1 height=1>€\u2028<b>x</b>",
		"a<br>b & c <i>\u2029</i><img src=x>",
		"<table><tr><td>ü</td></tr></table>",
	} {
		for _, mode := range []Mode{JSONString, JSONStringEscapeHTML} {
			mode |= DropOneByOneImages
			want, ok := AppendHTML(nil, src, mode)
			require.True(t, ok, src)
			got, ok := AppendHTML(nil, src, mode|ValidUTF8)
			require.True(t, ok, src)
			assert.Equal(t, string(want), string(got), src)
		}
	}
	out, ok := AppendHTML(nil, "\xe2<img width=1 height=1>\x80\xa8", JSONString|DropOneByOneImages)
	require.True(t, ok)
	assert.Equal(t, `\u2028`, string(out))
}

package htmltoken

import (
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/net/html/atom"
)

// TestLookupAtom checks LookupAtom against atom.Lookup on every name of
// one or two bytes and on the names its switch answers (and near misses).
func TestLookupAtom(t *testing.T) {
	for c := 0; c < 256; c++ {
		b := []byte{byte(c)}
		require.Equal(t, atom.Lookup(b), LookupAtom(b), "%q", b)
		for d := 0; d < 256; d++ {
			b := []byte{byte(c), byte(d)}
			require.Equal(t, atom.Lookup(b), LookupAtom(b), "%q", b)
		}
	}
	for _, s := range []string{"div", "img", "pre", "sup", "span", "code", "font", "strong",
		"dib", "imgs", "sub", "spam", "cod", "strong ", "stron", "table", "blockquote", "", "h5", "h6", "th"} {
		require.Equal(t, atom.Lookup([]byte(s)), LookupAtom([]byte(s)), "%q", s)
	}
	require.Equal(t, atom.Strong, LookupAtom([]byte("strong")))
	require.Equal(t, atom.P, LookupAtom([]byte("p")))
}

package feedspec

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHasMarkupByte: hasMarkupByte agrees with strings.ContainsAny for every
// byte value at every position of strings up to past two words, and for
// bytes that could mislead a word-at-a-time test.
func TestHasMarkupByte(t *testing.T) {
	for n := 0; n <= 20; n++ {
		for pos := 0; pos < n; pos++ {
			for c := 0; c < 256; c++ {
				for _, fill := range []byte{'a', 0x01, 0x80, 0xff, ' ', '=', ';', '%'} {
					b := []byte(strings.Repeat(string(fill), n))
					b[pos] = byte(c)
					s := string(b)
					require.Equal(t, strings.ContainsAny(s, "<&\r\x00"), hasMarkupByte(s), "%q", s)
				}
			}
		}
	}
	// Long strings, searched for each byte.
	for _, n := range []int{63, 64, 65, 200} {
		for _, c := range []byte{'<', '&', '\r', 0, 'a'} {
			for _, pos := range []int{0, n / 2, n - 1} {
				b := []byte(strings.Repeat("a", n))
				b[pos] = c
				s := string(b)
				require.Equal(t, strings.ContainsAny(s, "<&\r\x00"), hasMarkupByte(s), "%q", s)
			}
		}
	}
	require.False(t, hasMarkupByte(""))
	require.True(t, hasMarkupByte(strings.Repeat("x", 100)+"&"))
	require.False(t, hasMarkupByte(strings.Repeat("é", 100)))
}

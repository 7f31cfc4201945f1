package cp1252

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/encoding/charmap"
)

// TestByte checks Byte against x/text's windows-1252 decoder for every
// byte it defines, and the C1 controls.
func TestByte(t *testing.T) {
	dec := charmap.Windows1252.NewDecoder()
	for c := 0; c < 256; c++ {
		s, err := dec.String(string([]byte{byte(c)}))
		require.NoError(t, err)
		r := []rune(s)[0]
		if r == 0xFFFD {
			continue
		}
		b, ok := Byte(r)
		assert.True(t, ok, "%U", r)
		assert.Equal(t, byte(c), b, "%U", r)
	}
	for r := rune(0x80); r < 0xA0; r++ {
		b, ok := Byte(r)
		assert.True(t, ok)
		assert.Equal(t, byte(r), b)
	}
	for _, r := range []rune{0x100, 0x263A, 'č', 'ạ', '日', -1} {
		_, ok := Byte(r)
		assert.False(t, ok, "%U", r)
	}
}

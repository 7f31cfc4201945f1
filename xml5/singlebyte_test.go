package xml5

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// TestDecodeSingleByteAgreesWithXText: every charmap of x/text decodes
// every byte, ASCII text, empty input and random bytes (ASCII mostly, as
// documents are, and throughout) as its own decoder does.
func TestDecodeSingleByteAgreesWithXText(t *testing.T) {
	all := make([]byte, 256)
	for b := range all {
		all[b] = byte(b)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	inputs := [][]byte{nil, {}, all, []byte("plain <ascii> text, no byte above 0x7F"), bytes.Repeat(all, 3)}
	for n := 0; n < 200; n++ {
		b := make([]byte, rng.IntN(80))
		for k := range b {
			b[k] = byte(rng.IntN(128))
			if rng.IntN(8) == 0 || n%4 == 0 {
				b[k] = byte(rng.IntN(256))
			}
		}
		inputs = append(inputs, b)
	}
	tested := 0
	for _, e := range charmap.All {
		cm, ok := e.(*charmap.Charmap)
		if !ok {
			continue // x-user-defined
		}
		for _, in := range inputs {
			got, ok := decodeSingleByte(cm, in)
			if !ok {
				continue
			}
			tested++
			want, err := cm.NewDecoder().Bytes(in)
			require.NoError(t, err)
			require.Equal(t, string(want), got, "%v on %q", cm, in)
		}
	}
	require.Greater(t, tested, 20*len(inputs), "most charmaps take the table")
	_, ok := decodeSingleByte(encoding.Nop, all)
	require.False(t, ok, "not a charmap")
	// windows-1252 (the label iso-8859-1), the corpus's most common
	// single-byte encoding, takes the table.
	_, ok = decodeSingleByte(charmap.Windows1252, all)
	require.True(t, ok)
}

// TestLabelsFindByteTables: the corpus's single-byte labels resolve to a
// charmap whose table decodeWith uses, with the names and output they had.
func TestLabelsFindByteTables(t *testing.T) {
	for _, c := range []struct{ label, name string }{
		{"iso-8859-1", "windows-1252"},
		{"ISO-8859-1", "windows-1252"},
		{"windows-1252", "windows-1252"},
		{"windows-1251", "windows-1251"},
		{"iso-8859-7", "ISO-8859-7"},
		{"koi8-r", "KOI8-R"},
	} {
		e, name := lookupLabel(c.label)
		require.Equal(t, c.name, name, c.label)
		_, ok := decodeSingleByte(e, []byte("caf\xe9"))
		require.True(t, ok, c.label)
	}
	d, err := Parse(bytes.NewReader([]byte("<?xml version=\"1.0\" encoding=\"iso-8859-1\"?><r>caf\xe9 \x80 \x81</r>")))
	require.NoError(t, err)
	require.Equal(t, "windows-1252", d.Encoding)
	want, err := charset.NewReaderLabel("iso-8859-1", bytes.NewReader([]byte("caf\xe9 \x80 \x81")))
	require.NoError(t, err)
	wantText, err := io.ReadAll(want)
	require.NoError(t, err)
	require.Equal(t, string(wantText), d.Node.FirstChild.ChildTextContent())
	require.Equal(t, "café € \uFFFD", string(wantText))
}

package xml5

import (
	"math/bits"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// A byteTable is what a single-byte encoding's decoder writes for each
// byte: the UTF-8 of the byte's character (U+FFFD for a byte the encoding
// does not define), read from the decoder itself, one byte at a time.
type byteTable struct {
	utf8  [256][4]byte
	n     [256]uint8
	ascii bool // every byte below 0x80 decodes to itself
}

// byteTables holds the byteTable of each *charmap.Charmap decoded so far.
var byteTables sync.Map

// tableOf returns the byteTable of cm, or nil when a byte does not decode
// on its own to one valid UTF-8 character (none of x/text's charmaps).
func tableOf(cm *charmap.Charmap) *byteTable {
	if t, ok := byteTables.Load(cm); ok {
		return t.(*byteTable)
	}
	t := &byteTable{ascii: true}
	dec := cm.NewDecoder()
	for b := 0; b < 256; b++ {
		out, err := dec.Bytes([]byte{byte(b)})
		if err != nil || len(out) == 0 || len(out) > 4 || !utf8.Valid(out) || utf8.RuneCount(out) != 1 {
			t = nil
			break
		}
		copy(t.utf8[b][:], out)
		t.n[b] = uint8(len(out))
		if b < utf8.RuneSelf && (len(out) != 1 || out[0] != byte(b)) {
			t.ascii = false
		}
	}
	if t == nil {
		byteTables.Store(cm, (*byteTable)(nil))
		return nil
	}
	byteTables.Store(cm, t)
	return t
}

// decodeSingleByte decodes raw as the charmap e's decoder does, byte by
// byte through its table, ASCII runs of an ASCII-compatible encoding
// copied eight bytes at a time; ok is false when e is not a charmap with a
// table.
func decodeSingleByte(e encoding.Encoding, raw []byte) (string, bool) {
	cm, ok := e.(*charmap.Charmap)
	if !ok {
		return "", false
	}
	t := tableOf(cm)
	if t == nil || !t.ascii {
		return "", false
	}
	const highs = 0x8080808080808080
	// The exact size first: the bytes above 0x7F are counted a word at a
	// time and looked up.
	size := 0
	i := 0
	for ; i+8 <= len(raw); i += 8 {
		w := load64b(raw, i)
		if w&highs == 0 {
			continue
		}
		for _, c := range raw[i : i+8] {
			size += int(t.n[c]) - 1
		}
	}
	for _, c := range raw[i:] {
		size += int(t.n[c]) - 1
	}
	size += len(raw)
	if size == len(raw) {
		// ASCII throughout: raw is its own decoding (and, as decode
		// says, the text may share raw's memory).
		return bytesToString(raw), true
	}
	out := make([]byte, 0, size)
	i = 0
	for i < len(raw) {
		j := i
		for j+8 <= len(raw) {
			m := load64b(raw, j) & highs
			if m != 0 {
				j += bits.TrailingZeros64(m) >> 3
				break
			}
			j += 8
		}
		for j < len(raw) && raw[j] < utf8.RuneSelf {
			j++
		}
		out = append(out, raw[i:j]...)
		if j == len(raw) {
			break
		}
		c := raw[j]
		out = append(out, t.utf8[c][:t.n[c]]...)
		i = j + 1
	}
	return bytesToString(out), true
}

// load64b is load64 for a byte slice.
func load64b(b []byte, i int) uint64 {
	b = b[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

package xml5

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestValidUTF8 compares validUTF8 with utf8.Valid on every sequence of up
// to four bytes (the fourth a continuation byte) from a set that covers the
// bounds of each kind of byte, in ASCII and other surroundings of several
// lengths, and on random mixtures of valid characters with one byte changed.
func TestValidUTF8(t *testing.T) {
	// ASCII, the bounds of the continuation bytes' ranges, and lead
	// bytes at the bounds of their kinds.
	bytes := []byte{0, 'a', 0x7F, 0x80, 0x81, 0x8F, 0x90, 0x9F, 0xA0, 0xBF,
		0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF,
		0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF}
	check := func(b []byte) {
		t.Helper()
		if got, want := validUTF8(b), utf8.Valid(b); got != want {
			t.Fatalf("validUTF8(% x) = %v, want %v", b, got, want)
		}
	}
	var seq [4]byte
	for _, a := range bytes {
		for _, b := range bytes {
			for _, c := range bytes {
				seq = [4]byte{a, b, c, 0x80}
				for l := 1; l <= 4; l++ {
					for _, pre := range []string{"", "abcdefg", "abcdefgh", "é", "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ"} {
						for _, post := range []string{"", "x", "xyz", "xyzw", "abcdefghi", "€"} {
							check([]byte(pre + string(seq[:l]) + post))
						}
					}
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	chars := []string{"a", " ", "é", "€", "𝄞", "\u07ff", "\u0800", "\ud7ff", "\ue000", "\U0010ffff", "abcdefghijkl"}
	for range 20000 {
		var b []byte
		for range r.IntN(40) {
			b = append(b, chars[r.IntN(len(chars))]...)
		}
		check(b)
		if len(b) > 0 {
			b[r.IntN(len(b))] = byte(r.IntN(256))
			check(b)
		}
	}
}

// FuzzValidUTF8 compares validUTF8 with utf8.Valid.
func FuzzValidUTF8(f *testing.F) {
	f.Add([]byte("abcdefgh é € 𝄞 \xed\xa0\x80 \xf4\x90\x80\x80 abcdefghijklmnopqrstuvwxyz0123456789"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := validUTF8(b), utf8.Valid(b); got != want {
			t.Fatalf("validUTF8(% x) = %v, want %v", b, got, want)
		}
	})
}

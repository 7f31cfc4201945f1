package xml5

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// scanNameByByte is scanName as one byte at a time reads it.
func scanNameByByte(s string, start, i int, attr bool) (int, string) {
	stop := &tagNameStopNUL
	if attr {
		stop = &attrNameStopNUL
	}
	for i < len(s) && !stop[s[i]] {
		i++
	}
	if (i == len(s) || s[i] != 0) && s[start] != 0 {
		return i, s[start:i]
	}
	for i < len(s) && (!stop[s[i]] || s[i] == 0) {
		i++
	}
	return i, clean(s[start:i])
}

// TestScanNameWordAtATime: the eight-bytes-at-a-time scan stops where the
// byte-at-a-time one does, for every byte value at every position of a
// word, with the input ending right after or well after, and tells whether
// the name holds a colon.
func TestScanNameWordAtATime(t *testing.T) {
	for b := 0; b < 256; b++ {
		for k := 0; k < 20; k++ {
			for _, tail := range []string{"", "x", "bc-d.e:f9>", "bcdefghijklmnopq r"} {
				s := "<" + strings.Repeat("a", k) + string(rune(b))[:1] + tail
				if b >= 0x80 {
					s = "<" + strings.Repeat("a", k) + string([]byte{byte(b)}) + tail
				}
				for _, attr := range []bool{false, true} {
					wantI, wantName := scanNameByByte(s, 1, 1, attr)
					gotI, gotName, gotColon := scanName(s, 1, 1, attr)
					require.Equal(t, wantI, gotI, "scanName(%q, attr %v): end", s, attr)
					require.Equal(t, wantName, gotName, "scanName(%q, attr %v): name", s, attr)
					require.Equal(t, strings.Contains(wantName, ":"), gotColon, "scanName(%q, attr %v): colon", s, attr)
				}
			}
		}
	}
}

// TestEndTagOfOpenElement: an end tag closes the open element whether its
// name is read or matched against the open element's, and one that only
// starts like it is read as written.
func TestEndTagOfOpenElement(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"<a><b>x</b>y</a>", "a[b[x] y]"},
		{"<a><b>x</bc>y</a>", "a[b[xy]]"},
		{"<a><bc>x</b>y</a>", "a[bc[xy]]"},
		{"<a><b>x</b >y</a>", "a[b[x] y]"},
		{"<a><b>x</b\x00>y</a>", "a[b[xy]]"},
		{"<a><b\x00>x</b\x00>y</a>", "a[b\uFFFD[x] y]"},
		{"<a><b\x00>x</b\uFFFD>y</a>", "a[b\uFFFD[x] y]"},
		{"<a><b>x</a>y</b>", "a[b[x]]"},
		{"<a><b>x</b", "a[b[x]]"},
	} {
		doc, err := Parse(strings.NewReader(tc.in))
		require.NoError(t, err, tc.in)
		require.Equal(t, tc.want, shape(doc.Node.FirstChild), tc.in)
	}
}

// shape writes an element as name[children], text as itself.
func shape(n *Node) string {
	if n.Type == TextNode {
		return n.Data
	}
	var b strings.Builder
	b.WriteString(n.Local + "[")
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c != n.FirstChild {
			b.WriteByte(' ')
		}
		b.WriteString(shape(c))
	}
	b.WriteString("]")
	return b.String()
}

// TestWordScansFindFirstByte: textStopBytes, ltAmpBytes and below40 tell
// the first byte of a word that ends text (that is '<' or '&', that is
// below 0x40), whatever the bytes after it, for every byte value at every
// position, with the bytes after it that borrows could mislead.
func TestWordScansFindFirstByte(t *testing.T) {
	fills := []byte{'a', 0x40, 0x41, 0x7f, 0x80, 0xff, '/', ' ', '<', 0, 1}
	eachTestWord(fills, func(w uint64) {
		if want, got := firstByte(w, func(c byte) bool { return textStop[c] }), lowestMarked(textStopBytes(w)); want != got {
			require.Equal(t, want, got, "textStopBytes(%#x)", w)
		}
		m, amp := ltAmpBytes(w)
		if want, got := firstByte(w, func(c byte) bool { return c == '<' || c == '&' }), lowestMarked(m); want != got {
			require.Equal(t, want, got, "ltAmpBytes(%#x)", w)
		} else if want < 8 && (amp&(m&-m) != 0) != (byte(w>>(8*want)) == '&') {
			require.Fail(t, "ltAmpBytes: amp misleads", "%#x", w)
		}
		if want, got := firstByte(w, func(c byte) bool { return c < 0x40 }), lowestMarked(below40(w)); want != got {
			require.Equal(t, want, got, "below40(%#x)", w)
		}
	})
}

// eachTestWord calls f with every word of eight bytes made of a fill byte
// (each of fills), then any byte value at any position, then a byte after
// it among those that borrows of a word scan could mislead (every byte up
// to 0x41, and a few others).
func eachTestWord(fills []byte, f func(w uint64)) {
	var afters []byte
	for c := 0; c <= 0x41; c++ {
		afters = append(afters, byte(c))
	}
	afters = append(afters, 'a', 0x7f, 0x80, 0xc3, 0xff)
	for pos := 0; pos < 8; pos++ {
		for b := 0; b < 256; b++ {
			for _, before := range fills {
				for _, after := range afters {
					var w uint64
					for k := 0; k < 8; k++ {
						c := before
						switch {
						case k == pos:
							c = byte(b)
						case k > pos:
							c = after
						}
						w |= uint64(c) << (8 * k)
					}
					f(w)
				}
			}
		}
	}
}

// firstByte returns the index of the first byte of w for which is is true,
// or 8.
func firstByte(w uint64, is func(byte) bool) int {
	for k := 0; k < 8; k++ {
		if is(byte(w >> (8 * k))) {
			return k
		}
	}
	return 8
}

// lowestMarked returns the index of the lowest byte of m whose high bit is
// set, or 8.
func lowestMarked(m uint64) int {
	for k := 0; k < 8; k++ {
		if m>>(8*k+7)&1 != 0 {
			return k
		}
	}
	return 8
}

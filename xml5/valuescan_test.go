package xml5

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestValueStopBytesFindsFirstByte: valueStopBytes tells the first byte of a
// word that is the quote, '&' or below 0x20, whatever the bytes after it,
// for every byte value at every position and both quotes, with the bytes
// after it that borrows could mislead.
func TestValueStopBytesFindsFirstByte(t *testing.T) {
	fills := []byte{'a', ' ', 0x21, 0x7f, 0x80, 0xff, '/', '=', 0x27, 0x22}
	for _, q := range []byte{'"', '\''} {
		isStop := func(c byte) bool { return c == q || c == '&' || c < 0x20 }
		var plain []byte
		for _, c := range fills {
			if !isStop(c) {
				plain = append(plain, c)
			}
		}
		eachTestWord(plain, func(w uint64) { // names_test.go
			if want, got := firstByte(w, isStop), lowestMarked(valueStopBytes(w, uint64(q)*ones)); got != want {
				require.Equal(t, want, got, "valueStopBytes(%#x, %q)", w, q)
			}
		})
	}
}

// TestQuotedValueScan: attribute values of every length up to past a word
// scan, plain or with a byte that needs attrValue at every position, read
// as the byte-at-a-time reading gives them.
func TestQuotedValueScan(t *testing.T) {
	for n := 0; n <= 40; n++ {
		for _, special := range []string{"", "&amp;", "&lt;", "\t", "\n", "\r\n", "\r", "\x00", "\x01", "&#65;", "&bogus;", "&", "'", `"`} {
			for at := 0; at <= n; at++ {
				if special == "" && at > 0 {
					break
				}
				raw := make([]byte, 0, n+len(special))
				for k := 0; k < n; k++ {
					raw = append(raw, 'a'+byte(k%26))
				}
				v := string(raw[:at]) + special + string(raw[at:])
				for _, q := range []string{`"`, `'`} {
					doc := `<r a=` + q + v + q + `/>`
					d, err := Parse(strings.NewReader(doc))
					require.NoError(t, err)
					root := d.Node.FirstChild
					if root == nil {
						continue
					}
					got, _ := root.AttrValue("", "a")
					p := new(parser)
					p.src = doc
					want := q + v
					if idx := indexQuote(v, q[0]); idx >= 0 {
						want = q + v[:idx]
					}
					wantValue := string(p.attrValue(nil, want[1:], q[0], 0))
					require.Equal(t, wantValue, got, "value %q quoted with %s", v, q)
				}
			}
		}
	}
}

func indexQuote(s string, q byte) int {
	for k := 0; k < len(s); k++ {
		if s[k] == q {
			return k
		}
	}
	return -1
}

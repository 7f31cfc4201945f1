package jsonstr

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSkipSafe puts an escaped byte at every position of strings of
// several lengths, from every start, and compares SkipSafe with a byte by
// byte scan.
func TestSkipSafe(t *testing.T) {
	for _, html := range []bool{false, true} {
		cls := Classes(html)
		for n := 0; n <= 20; n++ {
			for at := -1; at < n; at++ {
				b := []byte(strings.Repeat("a", n))
				if at >= 0 {
					b[at] = '"'
				}
				for i := 0; i <= n; i++ {
					want := i
					for want < n && cls[b[want]] == 0 {
						want++
					}
					require.Equal(t, want, SkipSafe(b, i, cls), "%q from %d", b, i)
					require.Equal(t, want, SkipSafe(string(b), i, cls), "%q from %d", b, i)
				}
			}
		}
	}
}

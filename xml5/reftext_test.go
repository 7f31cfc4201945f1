package xml5

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// TestRefTextDecodes compares the text of random mixtures of plain bytes,
// predefined and numeric references, bare '&', CR, CR LF and NUL (what
// refText, refRun and the main loop share) with a plain decoding of them,
// in runs of every length around the word scans' bounds, closed by an end
// tag or by the end of the input.
func TestRefTextDecodes(t *testing.T) {
	type piece struct{ src, text string }
	pieces := []piece{
		{"a", "a"}, {" ", " "}, {"é", "é"}, {"\n", "\n"}, {"\r", "\n"}, {"\r\n", "\n"}, {"\x00", ""},
		{"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}, {"&quot;", `"`}, {"&apos;", "'"},
		{"&#38;", "&"}, {"&#x3C;", "<"}, {"&#8217;", "\u2019"}, {"&#x1F600;", "\U0001F600"},
		{"&#0;", "\uFFFD"}, {"&#xD800;", "\uFFFD"}, {"& ", "& "}, {"&&", "&&"},
	}
	r := rand.New(rand.NewPCG(3, 4))
	for n := range 4000 {
		var src, want strings.Builder
		cr := false // the last piece was a CR, which an LF after it joins
		for range r.IntN(12) {
			if r.IntN(3) == 0 {
				// A run of plain bytes of any length up to past
				// refRun's sixteen words.
				k := r.IntN(140)
				src.WriteString(strings.Repeat("x", k))
				want.WriteString(strings.Repeat("x", k))
				cr = false
				continue
			}
			p := pieces[r.IntN(len(pieces))]
			src.WriteString(p.src)
			text := p.text
			if cr && p.src[0] == '\n' {
				text = text[1:]
			}
			want.WriteString(text)
			cr = p.src == "\r"
		}
		if want.Len() == 0 {
			continue
		}
		for _, end := range []string{"</a>", ""} {
			in := "<a>" + src.String() + end
			doc, err := Parse(strings.NewReader(in))
			require.NoError(t, err)
			a := doc.Root()
			require.NotNil(t, a, "%d: %q", n, in)
			require.Equal(t, want.String(), a.ChildTextContent(), "%d: %s", n, strconv.Quote(in))
			require.True(t, utf8.ValidString(a.ChildTextContent()))
		}
	}
}

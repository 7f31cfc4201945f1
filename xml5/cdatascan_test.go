package xml5

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCDATANewlinesAndNUL: a CDATA section's CR LF and CR become LF and its
// NULs are dropped, wherever they are in the section and however many.
func TestCDATANewlinesAndNUL(t *testing.T) {
	pieces := []string{"ab", "\r", "\n", "\r\n", "\x00", "\r\r", "\x00\r", "\r\x00\n", "x\ry"}
	normalize := func(s string) string {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
		return strings.ReplaceAll(s, "\x00", "")
	}
	for _, a := range pieces {
		for _, b := range pieces {
			for _, c := range pieces {
				body := a + b + c
				doc := "<r>t<![CDATA[" + body + "]]>u</r>"
				d, err := Parse(strings.NewReader(doc))
				require.NoError(t, err)
				require.Equal(t, "t"+normalize(body)+"u", d.Node.FirstChild.ChildTextContent(), "CDATA %q", body)
			}
		}
	}
	// Unterminated: the section runs to the end of the document.
	d, err := Parse(strings.NewReader("<r><![CDATA[a\r\nb\rc\x00d"))
	require.NoError(t, err)
	require.Equal(t, "a\nb\ncd", d.Node.FirstChild.ChildTextContent())
}

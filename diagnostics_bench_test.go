package feedspec

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkParseDocumentDiagnostics parses with WithDiagnostics on: the
// corpus, and a generated feed whose 5,000 items each hold two rejected
// values (a date and a number), written on many lines and on one line.
// Compare with BenchmarkParseDocument (diagnostics off) for their cost.
func BenchmarkParseDocumentDiagnostics(b *testing.B) {
	b.Run("corpus", func(b *testing.B) {
		benchDiagnostics(b, benchCorpus(b))
	})
	for _, v := range []struct{ name, sep string }{{"rejects-lines", "\n"}, {"rejects-one-line", ""}} {
		sep := v.sep
		var s strings.Builder
		s.WriteString(`<rss version="2.0"><channel><title>t</title>` + sep)
		for i := 0; i < 5000; i++ {
			s.WriteString(`<item><title>é ` + strconv.Itoa(i) + `</title>` + sep +
				`<pubDate>yesterday</pubDate>` + sep + `<enclosure url="http://example.com/a.mp3" length="-1" type="audio/mpeg"/></item>` + sep)
		}
		s.WriteString(`</channel></rss>`)
		in := []byte(s.String())
		b.Run(v.name, func(b *testing.B) {
			benchDiagnostics(b, [][]byte{in})
		})
	}
}

func benchDiagnostics(b *testing.B, inputs [][]byte) {
	total := 0
	for _, in := range inputs {
		total += len(in)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	var diags []Diagnostic
	for i := 0; i < b.N; i++ {
		for _, in := range inputs {
			diags = diags[:0]
			if _, err := ParseDocument(bytes.NewReader(in), WithDiagnostics(&diags)); diags == nil {
				require.NoError(b, err)
			}
		}
	}
}

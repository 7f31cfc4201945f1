package feedspec

import (
	"bytes"
	"os"
	"testing"

	"github.com/feedspec/feedspec/internal/sharedtest"
)

func BenchmarkTmpFetcherCorpus(b *testing.B) {
	var inputs [][]byte
	for _, p := range sharedtest.CorpusFiles(b) {
		in, _ := os.ReadFile(p)
		inputs = append(inputs, in)
	}
	b.ResetTimer()
	for range b.N {
		for _, in := range inputs {
			ParseDocument(bytes.NewReader(in), WithURL("https://www.example.com/blog/feed.xml"), WithRecovery(), WithoutDocument())
		}
	}
}

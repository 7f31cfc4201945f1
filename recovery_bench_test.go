package feedspec

import (
	"testing"

	"github.com/feedspec/feedspec/testdata/gen"
)

// BenchmarkParseDocumentRecovery is BenchmarkParseDocument with WithRecovery:
// compare the two for recovery mode's cost, e.g.
//
//	go test -run '^$' -bench 'ParseDocument(Recovery)?$/(corpus|medium)' -count 10 -benchmem .
func BenchmarkParseDocumentRecovery(b *testing.B) {
	for _, s := range benchSizes {
		for _, k := range gen.Kinds {
			b.Run(s.name+"/"+k.String(), func(b *testing.B) {
				benchParseDocuments(b, [][]byte{gen.Feed(k, s.size)}, false, WithRecovery())
			})
		}
	}
	b.Run("corpus", func(b *testing.B) {
		benchParseDocuments(b, benchCorpus(b), false, WithRecovery())
	})
}

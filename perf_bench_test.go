package feedspec

// Benchmarks of the hot paths (issue 8). Run them with -benchmem, e.g.
//
//	go test -run '^$' -bench 'ParseDocument|AnalyzeHTML|URL' -benchmem .
//
// Elsewhere: xml5 tokenizing and tree building in xml5/bench_test.go
// (BenchmarkParse), date parsing in dates_test.go (BenchmarkParseAtomDate,
// BenchmarkParseRSSDate...) and parsedate_test.go, the sanitizer and the
// escaped HTML paths in sanitize_test.go. The comparison with gofeed is the
// bench module (cd bench && go run .).

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/testdata/gen"
	"github.com/feedspec/feedspec/xml5"
)

// benchCorpus returns every file of ../shared/corpus/feeds, or skips b.
func benchCorpus(b *testing.B) [][]byte {
	files, _ := filepath.Glob(filepath.Join("..", "shared", "corpus", "feeds", "*"))
	if len(files) == 0 {
		b.Skip("../shared/corpus/feeds is absent")
	}
	var out [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(b, err)
		out = append(out, data)
	}
	return out
}

// benchParseDocuments parses every input once per iteration, with opts (and
// marshals the feed when withJSON), reporting throughput and allocations per
// KB of input.
func benchParseDocuments(b *testing.B, inputs [][]byte, withJSON bool, opts ...Option) {
	total := 0
	for _, in := range inputs {
		total += len(in)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, in := range inputs {
			f, err := ParseDocument(bytes.NewReader(in), opts...)
			if err != nil || !withJSON {
				continue
			}
			_, err = json.Marshal(f)
			require.NoError(b, err)
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&ms1)
	b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/(float64(total)/1024*float64(b.N)), "allocs/KB")
}

// The generated sizes: small, medium and large feeds of each kind.
var benchSizes = []struct {
	name string
	size int
}{
	{"small", 10 << 10},
	{"medium", 200 << 10},
	{"large", 5 << 20},
}

func BenchmarkParseDocument(b *testing.B) {
	for _, s := range benchSizes {
		for _, k := range gen.Kinds {
			b.Run(s.name+"/"+k.String(), func(b *testing.B) {
				benchParseDocuments(b, [][]byte{gen.Feed(k, s.size)}, false)
			})
		}
	}
	b.Run("corpus", func(b *testing.B) {
		benchParseDocuments(b, benchCorpus(b), false)
	})
}

// BenchmarkParseDocumentJSON parses and marshals the feed to JSON, which
// builds every lazily parsed HTML fragment.
func BenchmarkParseDocumentJSON(b *testing.B) {
	for _, s := range benchSizes {
		for _, k := range gen.Kinds {
			b.Run(s.name+"/"+k.String(), func(b *testing.B) {
				benchParseDocuments(b, [][]byte{gen.Feed(k, s.size)}, true)
			})
		}
	}
	b.Run("corpus", func(b *testing.B) {
		benchParseDocuments(b, benchCorpus(b), true)
	})
}

// BenchmarkAnalyzeHTML is the significance check of escaped HTML from its
// tokens alone (the lazy path's parse-time cost).
func BenchmarkAnalyzeHTML(b *testing.B) {
	src := benchHTML()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if sum, exact := analyzeHTML(src); !exact || !sum.significant {
			require.Fail(b, "not decided as significant") // in the failure branch only: no allocation in the timed loop
		}
	}
}

// benchURLs are URLs as feeds write them: absolute ones for the fast path,
// relative ones and others for the WHATWG parser.
var benchURLs = struct{ simple, full []string }{
	simple: []string{
		"https://news.example.com/2024/03/some-article-slug/",
		"http://example.org/feed.xml",
		"https://media.example.net/show/ep12.mp3?source=feed",
		"https://cdn.example.com/images/hero-1200x630.jpg",
	},
	full: []string{
		"/2024/03/some-article-slug/",
		"../images/hero.jpg",
		"HTTPS://Example.COM/a/./b/../c",
		"https://bücher.example/straße?q=ä",
		"mailto:someone@example.com",
	},
}

func BenchmarkParseURL(b *testing.B) {
	doc := &xml5.Document{URL: "https://news.example.com/feed/"}
	p := newProcessor(doc, nil)
	b.Run("simple", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, u := range benchURLs.simple {
				if p.parseURL(nil, "", u) == "" {
					require.Fail(b, "failed: "+u)
				}
			}
		}
	})
	b.Run("whatwg", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, u := range benchURLs.full {
				if p.parseURL(nil, "", u) == "" {
					require.Fail(b, "failed: "+u)
				}
			}
		}
	})
}

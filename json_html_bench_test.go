package feedspec

import (
	"bytes"
	"testing"

	"github.com/feedspec/feedspec/internal/htmltoken"
)

// corpusHTMLSources returns the source of every escaped HTML Node value of
// the corpus's feeds (titles, subtitles, summaries and contents), split
// into those AppendHTML serializes from their tokens and those it gives up
// on (the fragment is then built and rendered).
func corpusHTMLSources(b *testing.B) (tokens, fallback []string) {
	for _, in := range benchCorpus(b) {
		f, _ := ParseDocument(bytes.NewReader(in))
		if f == nil {
			continue
		}
		texts := []*Text{f.Title, f.Subtitle}
		for _, e := range f.Entries {
			texts = append(texts, e.Title, e.Summary, e.Content)
		}
		for _, t := range texts {
			if t == nil || t.lazy == nil || t.lazy.xhtml != nil || t.lazy.rendered {
				continue
			}
			if _, ok := htmltoken.AppendHTML(nil, t.lazy.src, htmltoken.DropOneByOneImages); ok {
				tokens = append(tokens, t.lazy.src)
			} else {
				fallback = append(fallback, t.lazy.src)
			}
		}
	}
	return tokens, fallback
}

// BenchmarkCorpusHTMLJSON writes the corpus's escaped HTML Node values as
// AppendJSON does ({"html":"..."}, HTML escaped for json.Marshal), each
// from a Text not yet built, per byte of HTML source: "tokens" are the
// values serialized from their tokens, "fallback" those whose fragment is
// built, "all" both.
//
//	go test -run '^$' -bench 'CorpusHTMLJSON' -benchmem .
func BenchmarkCorpusHTMLJSON(b *testing.B) {
	tokens, fallback := corpusHTMLSources(b)
	for _, c := range []struct {
		name string
		srcs []string
	}{
		{"tokens", tokens},
		{"fallback", fallback},
		{"all", append(tokens[:len(tokens):len(tokens)], fallback...)},
	} {
		b.Run(c.name, func(b *testing.B) {
			total := 0
			for _, s := range c.srcs {
				total += len(s)
			}
			b.SetBytes(int64(total))
			b.ReportAllocs()
			var buf []byte
			for b.Loop() {
				for _, s := range c.srcs {
					t := Text{lazy: &lazyFragment{src: s}}
					buf = t.appendJSON(buf[:0], jsonEnc{html: true})
				}
			}
		})
	}
}

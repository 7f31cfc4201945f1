package feedspec

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/stretchr/testify/require"
)

// Benchmarks of the JSON writers on feeds parsed beforehand (the corpus):
// json.Marshal, MarshalJSON, AppendJSON and WriteJSON, per input byte.
//
//	go test -run '^$' -bench 'CorpusJSON' -benchmem .

// benchParsedCorpus parses the corpus once and returns its feeds and the
// size of their input.
func benchParsedCorpus(b *testing.B) ([]*Feed, int) {
	var feeds []*Feed
	total := 0
	for _, in := range benchCorpus(b) {
		if f, _ := ParseDocument(bytes.NewReader(in)); f != nil {
			feeds = append(feeds, f)
			total += len(in)
		}
	}
	return feeds, total
}

func BenchmarkCorpusJSON(b *testing.B) {
	feeds, total := benchParsedCorpus(b)
	run := func(name string, f func(*Feed)) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(total))
			b.ReportAllocs()
			for b.Loop() {
				for _, feed := range feeds {
					f(feed)
				}
			}
		})
	}
	run("json.Marshal", func(f *Feed) { _, _ = json.Marshal(f) })
	run("MarshalJSON", func(f *Feed) { _, _ = f.MarshalJSON() })
	var buf []byte
	run("AppendJSON", func(f *Feed) { buf = f.AppendJSON(buf[:0]) })
	run("AppendJSON-nil", func(f *Feed) { _ = f.AppendJSON(nil) })
	run("WriteJSON", func(f *Feed) { _ = f.WriteJSON(io.Discard) })
}

// BenchmarkCorpusParseJSON is parse and JSON together, per input byte:
// parse alone, then with json.Marshal, AppendJSON (into a buffer reused from
// one feed to the next) and WriteJSON(io.Discard).
func BenchmarkCorpusParseJSON(b *testing.B) {
	inputs := benchCorpus(b)
	total := 0
	for _, in := range inputs {
		total += len(in)
	}
	var buf []byte
	for _, c := range []struct {
		name string
		out  func(*Feed)
	}{
		{"parse", func(*Feed) {}},
		{"json.Marshal", func(f *Feed) { _, _ = json.Marshal(f) }},
		{"AppendJSON", func(f *Feed) { buf = f.AppendJSON(buf[:0]) }},
		{"WriteJSON", func(f *Feed) { _ = f.WriteJSON(io.Discard) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(total))
			b.ReportAllocs()
			for b.Loop() {
				for _, in := range inputs {
					if f, _ := ParseDocument(bytes.NewReader(in)); f != nil {
						c.out(f)
					}
				}
			}
		})
	}
}

// BenchmarkCorpusUnmarshal reads back the canonical JSON of the corpus's
// feeds (Feed.UnmarshalJSON), per byte of JSON.
func BenchmarkCorpusUnmarshal(b *testing.B) {
	feeds, _ := benchParsedCorpus(b)
	docs := make([][]byte, len(feeds))
	total := 0
	for i, f := range feeds {
		docs[i], _ = f.MarshalJSON()
		total += len(docs[i])
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range docs {
			var f Feed
			require.NoError(b, f.UnmarshalJSON(d))
		}
	}
}

package feedspec

// The per-parse fixed costs of a small feed (docs/performance.md, "Small
// feeds with a URL"): the pooled scratch of ParseDocument and xml5, the
// document URL cache's origin fast path, and the cost per byte across
// sizes.

import (
	"bytes"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/testdata/gen"
)

// smallFeedMaxAllocs is the most allocations a parse of smallFeed with
// WithURL makes (the reader excluded): the document, its node and
// attribute blocks, the input's copy, the Feed, its entry, the entry
// list, the date, the block of its three texts (textblock.go), one URL
// string.
const smallFeedMaxAllocs = 10

func TestSmallFeedAllocationBound(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts: the race detector makes sync.Pool drop what it is given")
	}
	in := []byte(smallFeed)
	var rd bytes.Reader
	for _, tc := range []struct {
		name string
		opts []Option
	}{
		{"withURL", []Option{WithURL(smallFeedURL)}},
		{"withoutURL", nil},
	} {
		allocs := testing.AllocsPerRun(100, func() {
			rd.Reset(in)
			f, err := ParseDocument(&rd, tc.opts...)
			if err != nil || len(f.Entries) != 1 { // no assertion here: its arguments allocate
				require.FailNow(t, "parse", "%v", err)
			}
		})
		t.Logf("%s: %.0f allocations per parse", tc.name, allocs)
		if tc.opts != nil {
			assert.LessOrEqual(t, allocs, float64(smallFeedMaxAllocs))
		}
	}
}

// TestPooledScratchSameOutput parses documents that use every part of the
// pooled state (diagnostics, xml:base, recovery, limits, long entries)
// one after the other and concurrently, and checks each parse gives the
// output of its first, alone: nothing of one parse leaks into the next.
func TestPooledScratchSameOutput(t *testing.T) {
	var many strings.Builder
	many.WriteString(`<rss version="2.0"><channel><title>T</title><item><title>x</title>`)
	for i := 0; i < 100; i++ {
		many.WriteString(`<category>c` + strings.Repeat("x", i%7) + `</category><link>/a/` + strings.Repeat("b", i) + `</link>`)
	}
	many.WriteString(`</item><item><title>y</title><link>/</link></item></channel></rss>`)
	type job struct {
		in   string
		opts func() []Option
	}
	var diags []Diagnostic
	jobs := []job{
		{smallFeed, func() []Option { return []Option{WithURL(smallFeedURL)} }},
		{smallFeed, func() []Option { return nil }},
		{many.String(), func() []Option { return []Option{WithURL("http://example.org:8080/x")} }},
		{many.String(), func() []Option { return []Option{WithURL(smallFeedURL), WithLimits(Limits{MaxPerEntry: 10})} }},
		{`<feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://a.example/b/"><entry><link href="c"/><link href="/d"/></entry></feed>`,
			func() []Option { return []Option{WithURL(smallFeedURL), WithXMLBase()} }},
		{`<?xml version="1.0" encoding="windows-1252"?><rss><channel><item><title>caf` + "\xe9" + `</title><link>/caf` + "\xe9" + `?q=` + "\xe9" + `</link></item></channel></rss>`,
			func() []Option { return []Option{WithURL(smallFeedURL), WithRecovery()} }},
		{`<rss><channel><item><title>a</title><link>%%</link><pubDate>never</pubDate></item></channel></rss>`,
			func() []Option { return []Option{WithURL(smallFeedURL), WithDiagnostics(&diags), WithLenientDates()} }},
	}
	parse := func(j job) string {
		f, err := ParseDocument(strings.NewReader(j.in), j.opts()...)
		if f == nil {
			return "error: " + err.Error()
		}
		return string(f.AppendJSON(nil))
	}
	want := make([]string, len(jobs))
	for i, j := range jobs {
		want[i] = parse(j)
		require.NotContains(t, want[i], "error: ", "job %d", i)
	}
	for round := 0; round < 3; round++ {
		for i := len(jobs) - 1; i >= 0; i-- {
			assert.Equal(t, want[i], parse(jobs[i]), "job %d, round %d", i, round)
		}
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := 0; k < 20; k++ {
				i := (g + k) % len(jobs)
				if i == len(jobs)-1 {
					continue // WithDiagnostics appends to one slice
				}
				assert.Equal(t, want[i], parse(jobs[i]), "job %d", i)
			}
		}(g)
	}
	wg.Wait()
}

// TestPathAbsoluteFromOriginAgrees checks the document URL's fast path
// against pathAbsoluteURL (itself checked against the URL parser) for
// every base and reference.
func TestPathAbsoluteFromOriginAgrees(t *testing.T) {
	bases := []string{smallFeedURL, "http://example.org", "https://a-b.example.net/x/y?z#w",
		"https://EXAMPLE.org/", "http://example.org:8080/", "http://u:p@example.org/", "https://xn--nxasmq6b.example/",
		"http://192.168.0.1/", "ftp://example.org/", "https://example.123/", "file:///etc/feed.xml"}
	refs := []string{"/", "/a", "/a/b?c=d#e", "//host/a", `/\a`, "/./a", "/a/../b", "/%2e/", "/%41", "/a b", "/é",
		"/a?x=.", "/.a", "/..a", "/a/.", "/a#/..", "a", "", "?q", "#f", "/a%", "/a%4"}
	for _, b := range bases {
		d := parseDocumentURLNow(b)
		if d.u == nil {
			continue
		}
		for _, r := range refs {
			want, wantOK := pathAbsoluteURL(r, mustParseURL(t, d.u.Href()))
			got, ok := pathAbsoluteFromOrigin(r, d.origin, d.root)
			assert.Equal(t, wantOK, ok, "base %q, ref %q", b, r)
			if ok {
				assert.Equal(t, want, got, "base %q, ref %q", b, r)
			}
		}
	}
	d := parseDocumentURLNow(smallFeedURL)
	assert.Equal(t, "https://www.example.com", d.origin)
	assert.Equal(t, "https://www.example.com/", d.root)
}

// BenchmarkParseDocumentSizes parses generated RSS feeds of the sizes of
// docs/performance.md's table (2 KB, 100 KB, 1 MB, 20 MB), for counting
// instructions per byte at each size under cachegrind (-test.bench
// '^BenchmarkParseDocumentSizes$/^1MB$'), with the garbage collector
// (whose share depends on how many collections fall in a run) or without
// (GOGC=off: the parse alone).
func BenchmarkParseDocumentSizes(b *testing.B) {
	for _, s := range []struct {
		name string
		size int
	}{{"2KB", 2 << 10}, {"100KB", 100 << 10}, {"1MB", 1 << 20}, {"20MB", 20 << 20}} {
		in := gen.Feed(gen.RSS, s.size) // once: b.Run calls the function more than once
		b.Run(s.name, func(b *testing.B) {
			benchParseDocuments(b, [][]byte{in}, false)
		})
	}
}

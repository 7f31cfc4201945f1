package feedspec

import (
	"bytes"
	"os"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/sharedtest"
	"github.com/feedspec/feedspec/testdata/gen"
)

// readerView is what a reader reads of a feed: its canonical JSON and, for
// every text, the HTML, the text content, the safe HTML and the plain text.
func readerView(f *Feed) string {
	var b bytes.Buffer
	b.Write(f.AppendJSON(nil))
	texts := []*Text{f.Title, f.Subtitle, f.Description, f.Rights}
	for _, e := range f.Entries {
		texts = append(texts, e.Title, e.Summary, e.Content, e.Rights)
		if img := e.Image(); img != nil {
			b.WriteString(img.URL)
		}
	}
	for _, t := range texts {
		b.WriteString("\x00" + t.HTML() + "\x00" + t.TextContent() + "\x00" + SafeHTML(t, "https://example.com/") + "\x00" + PlainText(t))
	}
	return b.String()
}

// TestReusedDocumentMemory parses every corpus feed WithoutDocument (by
// default and in recovery mode, as the Fetcher parses) and keeps them all,
// so that each parse reuses the memory of the documents let go before it,
// then compares every kept feed with the same feed parsed afresh with its
// document. Released memory is overwritten when it is given back
// (docmem.Poison, set by TestMain), so a kept string pointing into a
// document let go would show here as a changed value even when no later
// parse happened to reuse that memory.
func TestReusedDocumentMemory(t *testing.T) {
	var inputs [][]byte
	for _, k := range gen.Kinds {
		for _, n := range []int{1 << 10, 30 << 10, 300 << 10} {
			inputs = append(inputs, gen.Feed(k, n))
		}
	}
	if !testing.Short() {
		for _, path := range sharedtest.CorpusFiles(t) {
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			inputs = append(inputs, b)
		}
	}
	for _, recovery := range []bool{false, true} {
		opts := []Option{WithURL("https://example.com/feed")}
		if recovery {
			opts = append(opts, WithRecovery())
		}
		kept := make([]*Feed, len(inputs))
		for i, in := range inputs {
			kept[i], _ = ParseDocument(bytes.NewReader(in), append(opts, WithoutDocument())...)
		}
		runtime.GC() // the pool's spares go; a use of freed memory would show too
		for i, in := range inputs {
			fresh, _ := ParseDocument(bytes.NewReader(in), opts...)
			require.Equal(t, fresh == nil, kept[i] == nil, "input %d", i)
			if fresh == nil {
				continue
			}
			require.Equal(t, readerView(fresh), readerView(kept[i]), "input %d (recovery %v): a feed kept WithoutDocument changed after later parses", i, recovery)
		}
	}
}

// TestReusedDocumentMemoryAllocates checks that a parse WithoutDocument
// reuses the input copy and the node slabs of the documents let go before
// it: parsing a 100 KB feed again and again allocates less than half of
// what the same parse allocates when it keeps its document to itself
// (WithDiagnostics, whose values point into the document).
func TestReusedDocumentMemoryAllocates(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops what it is given at random under the race detector")
	}
	in := gen.Feed(gen.RSS, 100<<10)
	perParse := func(opts ...Option) float64 {
		for range 3 {
			_, _ = ParseDocument(bytes.NewReader(in), opts...)
		}
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		const n = 50
		for range n {
			_, _ = ParseDocument(bytes.NewReader(in), opts...)
		}
		runtime.ReadMemStats(&m1)
		return float64(m1.TotalAlloc-m0.TotalAlloc) / n
	}
	var diags []Diagnostic
	reused := perParse(WithoutDocument())
	own := perParse(WithoutDocument(), WithDiagnostics(&diags))
	t.Logf("bytes allocated per parse of %d bytes: %.0f reusing released documents, %.0f not", len(in), reused, own)
	assert.Less(t, reused, 0.5*own, "a parse WithoutDocument reuses the memory of the documents let go before it")
}

package feedspec

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzParseDocumentRecovery runs ParseDocument in recovery mode, seeded with
// the golden feeds (the recovery ones among them) and, at fuzz time, the
// conformance documents. It checks what FuzzParseDocument checks
// (checkFuzzedFeed), that every repair says what it did and where, and that
// a dated entry has a date element among its children.
//
//	flock /tmp/heavy.lock go test -run '^$' -fuzz '^FuzzParseDocumentRecovery$' -fuzztime 15m -parallel 1 .
func FuzzParseDocumentRecovery(f *testing.F) {
	addFeedSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		var diags []Diagnostic
		feed, err := ParseDocument(bytes.NewReader(data), WithURL(goldenBaseURL), WithRecovery(), WithDiagnostics(&diags))
		for _, d := range diags {
			if d.Kind == DiagnosticRecovered {
				require.Truef(t, d.Line >= 1 && d.Column >= 1 && d.Message != "", "repair without a position or a message: %+v", d)
			}
		}
		if !checkFuzzedFeed(t, feed, err) {
			return
		}
		for i, e := range feed.Entries {
			if e.Published != nil || e.Updated != nil {
				require.True(t, hasDateChild(e.Element()), "entry %d is dated but has no date element", i)
			}
		}
	})
}

// addFeedSeeds seeds a fuzz target with the golden feeds and, read at fuzz
// time when ../shared is there, the conformance documents.
func addFeedSeeds(f *testing.F) {
	files, _ := filepath.Glob("testdata/golden/*.xml")
	for _, path := range files {
		b, err := os.ReadFile(path)
		require.NoError(f, err)
		f.Add(b)
	}
	dats, _ := filepath.Glob(filepath.Join(feedParsingDir, "*.dat"))
	for _, path := range dats {
		cases, err := readDatFile(path)
		if err != nil {
			continue
		}
		for _, c := range cases {
			f.Add([]byte(c.sections["data"]))
		}
	}
}

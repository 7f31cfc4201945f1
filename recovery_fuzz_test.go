package feedspec

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParseDocumentRecovery runs ParseDocument in recovery mode, seeded with
// the golden feeds (the recovery ones among them) and, at fuzz time, the
// conformance documents. It checks that nothing panics, that a nil feed comes
// with ErrNotFeed and a feed without an error, that the JSON is valid, that
// every repair says what it did and where, and that a dated entry has a date
// element among its children.
//
//	flock /tmp/heavy.lock go test -run '^$' -fuzz '^FuzzParseDocumentRecovery$' -fuzztime 15m -parallel 1 .
func FuzzParseDocumentRecovery(f *testing.F) {
	addFeedSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		var diags []Diagnostic
		feed, err := ParseDocument(bytes.NewReader(data), WithURL(goldenBaseURL), WithRecovery(), WithDiagnostics(&diags))
		for _, d := range diags {
			if d.Kind == DiagnosticRecovered && (d.Line < 1 || d.Column < 1 || d.Message == "") {
				t.Fatalf("repair without a position or a message: %+v", d)
			}
		}
		if feed == nil {
			if !errors.Is(err, ErrNotFeed) {
				t.Fatalf("nil feed with error %v", err)
			}
			return
		}
		if err != nil {
			t.Fatalf("feed with error %v", err)
		}
		b, err := feed.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if !json.Valid(b) {
			t.Fatalf("invalid JSON: %s", b)
		}
		for i, e := range feed.Entries {
			if (e.Published != nil || e.Updated != nil) && !hasDateChild(e.Element()) {
				t.Fatalf("entry %d is dated but has no date element", i)
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
		if err != nil {
			f.Fatal(err)
		}
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

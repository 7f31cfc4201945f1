package feedspec

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/feedspec/feedspec/internal/sharedtest"
)

// TestCorpusDigests writes, when FEEDSPEC_DIGESTS names a file, one line per
// corpus feed and mode: the SHA-256 of the feed's canonical JSON, of its
// error and of its diagnostics, and of what the reader's toolkit makes of
// its texts (SafeHTML, PlainText, DisplayText and Normalized). Two runs on
// two versions of the code, compared with diff, show every output a change
// moved; a change that must keep the output byte for byte shows none.
//
//	FEEDSPEC_DIGESTS=/tmp/before.txt go test -run TestCorpusDigests -count=1 .
//
// Without the variable the test does nothing.
func TestCorpusDigests(t *testing.T) {
	out := os.Getenv("FEEDSPEC_DIGESTS")
	if out == "" {
		t.Skip("FEEDSPEC_DIGESTS is not set")
	}
	const base = "https://example.com/feeds/feed.xml"
	type mode struct {
		name string
		opts []Option
	}
	modes := []mode{
		{"default", []Option{WithURL(base)}},
		{"nourl", nil},
		{"recovery", []Option{WithURL(base), WithRecovery()}},
		{"nodoc", []Option{WithURL(base), WithoutDocument()}},
		{"fetcher", []Option{WithURL(base), WithRecovery(), WithoutDocument()}},
		{"xmlbase-lenient", []Option{WithURL(base), WithXMLBase(), WithLenientDates()}},
	}
	files := sharedtest.CorpusFiles(t)
	if dir := filepath.Join(filepath.Dir(files[0]), "..", "jsonfeed"); true {
		if js, _ := filepath.Glob(filepath.Join(dir, "*")); len(js) > 0 {
			files = append(files, js...)
		}
	}
	sort.Strings(files)
	var lines bytes.Buffer
	for _, path := range files {
		in, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(filepath.Dir(path)) + "/" + filepath.Base(path)
		isJSON := strings.Contains(path, string(filepath.Separator)+"jsonfeed"+string(filepath.Separator))
		for _, m := range modes {
			var diags []Diagnostic
			opts := append([]Option{WithDiagnostics(&diags)}, m.opts...)
			if isJSON {
				opts = append(opts, WithJSONFeed())
			}
			f, perr := ParseDocument(bytes.NewReader(in), opts...)
			js, jerr := json.Marshal(f)
			if jerr != nil {
				t.Fatalf("%s %s: %v", name, m.name, jerr)
			}
			var d strings.Builder
			fmt.Fprintf(&d, "err=%v\n", perr)
			for _, dg := range diags {
				fmt.Fprintf(&d, "%s\n", dg)
			}
			fmt.Fprintf(&lines, "%s\t%s\tjson=%s\tdiag=%s\ttoolkit=%s\n", name, m.name,
				digest(js), digest([]byte(d.String())), digest(toolkitBytes(f, base)))
		}
	}
	if err := os.WriteFile(out, lines.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d lines to %s", bytes.Count(lines.Bytes(), []byte("\n")), out)
}

// toolkitBytes is what the toolkit makes of every text of f.
func toolkitBytes(f *Feed, base string) []byte {
	if f == nil {
		return nil
	}
	var b bytes.Buffer
	texts := func(ts ...*Text) {
		for _, t := range ts {
			b.WriteString(SafeHTML(t, base))
			b.WriteByte(0)
			b.WriteString(PlainText(t))
			b.WriteByte(0)
			b.WriteString(DisplayText(t))
			b.WriteByte(0)
		}
	}
	texts(f.Title, f.Subtitle, f.Description, f.Rights)
	for _, e := range f.Entries {
		texts(e.Title, e.Subtitle, e.Summary, e.Content, e.Rights)
		if n, err := json.Marshal(e.Normalized()); err == nil {
			b.Write(n)
		}
	}
	return b.Bytes()
}

func digest(b []byte) string {
	s := sha256.Sum256(b)
	return fmt.Sprintf("%x", s[:8])
}

package opml

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/internal/sharedtest"
	"github.com/stretchr/testify/require"
)

// update rewrites the golden files: go test -run TestGolden -update ./opml.
var update = flag.Bool("update", false, "rewrite the golden files under testdata/opml")

// goldenURL is the document URL every test document is parsed with,
// except those whose file name contains "nobase".
const goldenURL = "https://example.com/subscriptions/list.opml"

// options returns the options a test document is parsed with, from its
// file name.
func options(path string, diags *[]feedspec.Diagnostic) []Option {
	opts := []Option{WithDiagnostics(diags)}
	if !strings.Contains(filepath.Base(path), "nobase") {
		opts = append(opts, WithURL(goldenURL))
	}
	return opts
}

// parseFile parses the test document at path as the golden test does.
func parseFile(t testing.TB, path string) (*Document, []feedspec.Diagnostic, error) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var diags []feedspec.Diagnostic
	d, err := Parse(f, options(path, &diags)...)
	return d, diags, err
}

// ownFiles returns the test documents of testdata/opml.
func ownFiles(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "opml", "*.opml"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "testdata/opml/*.opml")
	return files
}

// corpusFiles returns the documents of ../shared/corpus/opml (or skips).
func corpusFiles(t testing.TB) []string {
	t.Helper()
	dir := sharedtest.Dir(t, "corpus/opml")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var files []string
	for _, e := range entries {
		if n := e.Name(); n != "MANIFEST.tsv" && n != "README.md" && !e.IsDir() {
			files = append(files, filepath.Join(dir, n))
		}
	}
	require.NotEmpty(t, files, dir)
	return files
}

// validatorFiles returns the W3C validator's OPML test cases (or skips).
func validatorFiles(t testing.TB) []string {
	t.Helper()
	dir := sharedtest.Dir(t, "tools/feedvalidator/testcases/opml")
	var files []string
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() && (strings.HasSuffix(p, ".opml") || strings.HasSuffix(p, ".xml")) {
			files = append(files, p)
		}
		return err
	})
	require.NoError(t, err)
	require.NotEmpty(t, files, dir)
	sort.Strings(files)
	return files
}

// eachFile runs f, as a subtest named for the file, on every test
// document: ours (testdata/opml), then, in a subtest "shared" that skips
// without ../shared, the corpus's and the validator's test cases.
func eachFile(t *testing.T, f func(t *testing.T, path string)) {
	t.Helper()
	for _, p := range ownFiles(t) {
		t.Run(filepath.Base(p), func(t *testing.T) { f(t, p) })
	}
	t.Run("shared", func(t *testing.T) {
		for _, p := range append(corpusFiles(t), validatorFiles(t)...) {
			name := filepath.Base(p)
			if !strings.Contains(p, "corpus") {
				name = "testcases/" + filepath.Base(filepath.Dir(p)) + "/" + name
			}
			t.Run(name, func(t *testing.T) { f(t, p) })
		}
	})
}

// A golden is what a golden file holds of a parse.
type golden struct {
	Error         string      `json:"error,omitempty"`
	Subscriptions []goldenSub `json:"subscriptions"`
	Diagnostics   []string    `json:"diagnostics,omitempty"`
}

type goldenSub struct {
	Title   string   `json:"title"`
	FeedURL string   `json:"feed_url"`
	PageURL string   `json:"page_url,omitempty"`
	Folders []string `json:"folders,omitempty"`
}

// goldenOf returns the golden JSON of the parse of path.
func goldenOf(t *testing.T, path string) []byte {
	t.Helper()
	d, diags, err := parseFile(t, path)
	g := golden{Subscriptions: []goldenSub{}}
	if err != nil {
		g.Error = err.Error()
	}
	for _, s := range d.Subscriptions() {
		g.Subscriptions = append(g.Subscriptions, goldenSub(s))
	}
	for _, dg := range diags {
		g.Diagnostics = append(g.Diagnostics, dg.String())
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	require.NoError(t, enc.Encode(g))
	return b.Bytes()
}

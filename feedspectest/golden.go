package feedspectest

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/feedspec/feedspec"
)

// updateFlag is the name of the flag that makes Golden rewrite golden files.
const updateFlag = "update"

func init() {
	// A flag defined by a package initialized before this one (the
	// package under test's own _test.go files, when the golden test is in
	// an external _test package) is used as it is.
	if flag.Lookup(updateFlag) == nil {
		flag.Bool(updateFlag, false, "rewrite the golden files (feedspectest.Golden) instead of comparing with them")
	}
}

// Update reports whether the tests run with -update, that is, whether Golden
// writes golden files instead of comparing with them. Tests that keep golden
// files of their own can use it too.
//
// The package defines the -update flag when it is initialized, unless a flag
// of that name is already defined, in which case that flag is used: so a
// package's internal tests may define their own -update flag while its
// external (package x_test) tests use feedspectest. A test package that
// imports feedspectest must not define an update flag itself, as the flag
// package panics on a second definition: it calls Update instead.
func Update() bool {
	f := flag.Lookup(updateFlag)
	if f == nil {
		return false
	}
	if g, ok := f.Value.(flag.Getter); ok {
		if b, ok := g.Get().(bool); ok {
			return b
		}
	}
	b, _ := strconv.ParseBool(f.Value.String())
	return b
}

// Golden is a golden-file test of the feed files in dir: for every feed
// file, it parses the file with ParseDocument and opts and compares the
// canonical JSON, indented (two spaces, one key a line, a final line feed),
// with the golden file beside it: the feed's name with its extension
// replaced by .json (feed.xml gives feed.json). A document that is not a
// feed (an error matching feedspec.ErrNotFeed) has the golden JSON null.
//
// The feed files are the regular files of dir (not of its subfolders) but
// the .json files and those whose name starts with a dot; each is checked in
// a subtest named after the file without its extension when t is a
// *testing.T.
//
// With -update (see Update), Golden writes the golden files instead of
// comparing with them. Otherwise a failure names the feed file, the key path
// of the first difference (entries[2].published) and shows a unified diff
// from the golden file's JSON to the parsed feed's; a missing golden file
// fails with the command that creates it. A folder with no feed files fails
// the test too: an empty golden test must not pass.
//
// Golden(t, dir, opts...) is GoldenTest{Options: opts}.Run(t, dir); a
// GoldenTest can also choose options per file, keep diagnostics, and
// compare the JSON of a program's own records made from each feed
// (GoldenTest.Transform) instead of the canonical JSON.
func Golden(t testing.TB, dir string, opts ...feedspec.Option) {
	t.Helper()
	GoldenTest{Options: opts}.Run(t, dir)
}

// A GoldenTest is a golden-file test with settings beyond Golden's
// arguments.
type GoldenTest struct {
	// Options are given to ParseDocument for every feed file.
	Options []feedspec.Option

	// FileOptions, when not nil, returns more options for the feed file at
	// path (dir joined with the file's name); they come after Options.
	FileOptions func(path string) []feedspec.Option

	// Diagnostics also keeps the diagnostics of every parse
	// (feedspec.WithDiagnostics), one a line as Diagnostic.String writes
	// them, in a second golden file: the feed's name with its extension
	// replaced by .diagnostics.txt, which exists only for the feeds that
	// have diagnostics. Files so named are then not taken for feeds.
	Diagnostics bool

	// Transform, when not nil, turns each parsed feed into the value the
	// golden file holds instead of the canonical JSON: the records a
	// program makes of a feed (its own structs, maps, a slice of them).
	// The golden file (still the feed's name with .json) holds the value's
	// JSON as encoding/json writes it (struct fields in their order, map
	// keys sorted, MarshalJSON methods used), indented with two spaces,
	// with "<", ">" and "&" written as they are rather than as \u escapes,
	// and a final line feed; -update, the key path of the first difference
	// and the diff are as for the canonical JSON. Transform is called only
	// with a feed: a document that is not a feed still has the golden JSON
	// null. A Transform that returns an error, or panics, fails the test of
	// that file with it, and the other files are still checked.
	Transform func(*feedspec.Feed) (any, error)
}

// diagnosticsSuffix ends the name of a diagnostics golden file.
const diagnosticsSuffix = ".diagnostics.txt"

// Run runs the golden test on the feed files of dir, as Golden describes.
func (g GoldenTest) Run(t testing.TB, dir string) {
	t.Helper()
	names, err := g.feedFiles(dir)
	if err != nil {
		t.Fatalf("feedspectest: reading the feed folder: %v", err)
		return
	}
	if len(names) == 0 {
		t.Fatalf("feedspectest: no feed files in %s (every file but the .json ones is taken for a feed): an empty golden test cannot pass", dir)
		return
	}
	// Two feeds sharing a golden file (feed.xml and feed.rss) would each
	// overwrite the other's.
	byStem := map[string]string{}
	for _, name := range names {
		stem := strings.TrimSuffix(name, filepath.Ext(name))
		if other, ok := byStem[stem]; ok {
			t.Fatalf("feedspectest: %s and %s in %s would share the golden file %s.json: rename one", other, name, dir, stem)
			return
		}
		byStem[stem] = name
	}
	for _, name := range names {
		path := filepath.Join(dir, name)
		stem := strings.TrimSuffix(name, filepath.Ext(name))
		if tt, ok := t.(*testing.T); ok {
			tt.Run(stem, func(t *testing.T) {
				t.Helper()
				g.check(t, path)
			})
		} else {
			g.check(t, path)
		}
	}
}

// feedFiles returns the names of the feed files of dir, sorted.
func (g GoldenTest) feedFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") || strings.EqualFold(filepath.Ext(name), ".json") ||
			g.Diagnostics && strings.HasSuffix(name, diagnosticsSuffix) {
			continue
		}
		if !e.Type().IsRegular() {
			// A symbolic link to a regular file counts.
			info, err := os.Stat(filepath.Join(dir, name))
			if err != nil || !info.Mode().IsRegular() {
				continue
			}
		}
		names = append(names, name)
	}
	return names, nil
}

// check runs the golden test of the feed file at path.
func (g GoldenTest) check(t testing.TB, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("feedspectest: %v", err)
		return
	}
	opts := append([]feedspec.Option(nil), g.Options...)
	if g.FileOptions != nil {
		opts = append(opts, g.FileOptions(path)...)
	}
	var diags []feedspec.Diagnostic
	if g.Diagnostics {
		opts = append(opts, feedspec.WithDiagnostics(&diags))
	}
	feed, err := feedspec.ParseDocument(bytes.NewReader(data), opts...)
	switch {
	case feed == nil && !errors.Is(err, feedspec.ErrNotFeed):
		t.Errorf("%s: ParseDocument: %v", path, err)
		return
	case feed != nil && err != nil:
		t.Errorf("%s: ParseDocument returned a feed and the error %v", path, err)
		return
	}
	var got []byte
	label := path + " (parsed)"
	if g.Transform != nil && feed != nil {
		got, err = transformJSON(g.Transform, feed)
		label = path + " (transformed)"
	} else {
		got, err = canonicalJSON(feed)
	}
	if err != nil {
		t.Errorf("%s: %v", path, err)
		return
	}
	stem := strings.TrimSuffix(path, filepath.Ext(path))
	compareGolden(t, path, stem+".json", label, got, true)
	if g.Diagnostics {
		var text bytes.Buffer
		for _, d := range diags {
			text.WriteString(d.String())
			text.WriteByte('\n')
		}
		compareGolden(t, path, stem+diagnosticsSuffix, path+" (parsed)", text.Bytes(), false)
	}
}

// compareGolden compares got, made from the feed file at path, with the
// golden file golden, or writes it there with -update; label names got in a
// diff. A JSON golden file must exist; any other is absent when got is
// empty.
func compareGolden(t testing.TB, path, golden, label string, got []byte, isJSON bool) {
	t.Helper()
	want, err := os.ReadFile(golden)
	missing := errors.Is(err, fs.ErrNotExist)
	if err != nil && !missing {
		t.Errorf("feedspectest: %v", err)
		return
	}
	if Update() {
		switch {
		case !isJSON && len(got) == 0:
			if !missing {
				if err := os.Remove(golden); err != nil {
					t.Errorf("feedspectest: %v", err)
				}
			}
		case missing || !bytes.Equal(want, got):
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Errorf("feedspectest: %v", err)
				return
			}
			t.Logf("%s: wrote %s", path, golden)
		}
		return
	}
	if missing && isJSON {
		t.Errorf("%s: the golden file %s does not exist; create it with\n\tgo test -run '%s' -update\nand check what it says",
			path, golden, runPattern(t.Name()))
		return
	}
	if bytes.Equal(want, got) {
		return
	}
	where := ""
	if isJSON {
		if p := jsonDifference(want, got); p != "" {
			where = ", first at " + p
		}
	}
	t.Errorf("%s: the result differs from %s%s:\n%s\nIf the change is right, rewrite the golden file with\n\tgo test -run '%s' -update",
		path, golden, where, unifiedDiff(golden, label, want, got), runPattern(t.Name()))
}

// runPattern returns the go test -run pattern that selects exactly the test
// named name ("TestGolden/atom-feed").
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// canonicalJSON returns feed's canonical JSON indented with two spaces and
// a final line feed; null for a nil feed.
func canonicalJSON(feed *feedspec.Feed) ([]byte, error) {
	if feed == nil {
		return []byte("null\n"), nil
	}
	b, err := feed.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("MarshalJSON: %w", err)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return nil, fmt.Errorf("MarshalJSON gave invalid JSON: %w", err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// transformJSON returns the JSON of transform's result for feed, as
// GoldenTest.Transform describes; a panic in transform is an error.
func transformJSON(transform func(*feedspec.Feed) (any, error), feed *feedspec.Feed) (b []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, err = nil, fmt.Errorf("feedspectest: Transform panicked: %v", r)
		}
	}()
	v, err := transform(feed)
	if err != nil {
		return nil, fmt.Errorf("feedspectest: Transform: %w", err)
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("feedspectest: the JSON of Transform's result: %w", err)
	}
	return out.Bytes(), nil
}

// AssertFeedEqual checks that want and got have the same canonical JSON
// (either may be nil, whose JSON is null). Otherwise it fails the test with
// the key path of the first difference and a unified diff of the indented
// JSON from want to got, and returns false.
func AssertFeedEqual(t testing.TB, want, got *feedspec.Feed) bool {
	t.Helper()
	w, err := canonicalJSON(want)
	if err != nil {
		t.Errorf("feedspectest: the wanted feed: %v", err)
		return false
	}
	g, err := canonicalJSON(got)
	if err != nil {
		t.Errorf("feedspectest: the feed got: %v", err)
		return false
	}
	if bytes.Equal(w, g) {
		return true
	}
	t.Errorf("the feeds differ, first at %s:\n%s", jsonDifference(w, g), unifiedDiff("want", "got", w, g))
	return false
}

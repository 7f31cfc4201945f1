package opml

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/feedspec/feedspec/internal/sharedtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGolden compares the Subscriptions, the error and the diagnostics of
// every test document (ours in testdata/opml, the corpus's in
// testdata/opml/corpus) with its golden file. After a deliberate change:
// go test -run TestGolden -update ./opml, then read the diff.
func TestGolden(t *testing.T) {
	check := func(t *testing.T, path, golden string) {
		got := goldenOf(t, path)
		if *update {
			require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
			require.NoError(t, os.WriteFile(golden, got, 0o644))
			return
		}
		want, err := os.ReadFile(golden)
		require.NoError(t, err, "the golden file (go test -run TestGolden -update ./opml writes it)")
		assert.Equal(t, string(want), string(got), "%s: Subscriptions, error and diagnostics", path)
	}
	for _, p := range ownFiles(t) {
		t.Run(filepath.Base(p), func(t *testing.T) {
			check(t, p, strings.TrimSuffix(p, ".opml")+".json")
		})
	}
	t.Run("corpus", func(t *testing.T) {
		for _, p := range corpusFiles(t) {
			t.Run(filepath.Base(p), func(t *testing.T) {
				check(t, p, filepath.Join("testdata", "opml", "corpus", filepath.Base(p)+".json"))
			})
		}
	})
}

// manifestDifferences are the corpus files where Subscriptions finds another
// number of feeds than the manifest's count (../shared/corpus/opml/README.md:
// the outlines of the body whose xmlUrl, in any case, or else whose url with
// a type of rss, atom or feed, starts with http:// or https://), and why.
// The counts compared are of a parse without a document URL: with one,
// relative URLs name feeds too (rssowl__feed_opml.xml then has 2,
// rssowl__feed_opml_namespaces.xml 1).
var manifestDifferences = map[string]struct {
	got int
	why string
}{
	"w3c__errors-closedbody.opml": {1, "the outline after <body/> is read as the body's; the manifest counts only outlines inside a body"},
}

// TestManifestCounts checks that Subscriptions finds, in every corpus file,
// as many feeds as the corpus's manifest counts (manifestDifferences lists
// the exceptions).
func TestManifestCounts(t *testing.T) {
	dir := sharedtest.Dir(t, "corpus/opml")
	f, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
	require.NoError(t, err)
	defer f.Close()
	want := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		require.Len(t, cols, 8, "manifest line %q", sc.Text())
		if cols[0] == "file" {
			continue
		}
		n, err := strconv.Atoi(cols[7])
		require.NoError(t, err, "manifest line %q", sc.Text())
		want[cols[0]] = n
	}
	require.NoError(t, sc.Err())
	files := corpusFiles(t)
	assert.Len(t, want, len(files), "the manifest lists every corpus file")
	total, totalWant := 0, 0
	for _, p := range files {
		name := filepath.Base(p)
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		d, err := Parse(strings.NewReader(string(b)))
		n := len(d.Subscriptions())
		if d == nil {
			assert.ErrorIs(t, err, ErrNotOPML, "%s: no Document", name)
			assert.False(t, errors.Is(err, ErrInvalidDocument), name)
		} else {
			assert.NoError(t, err, name)
		}
		w, ok := want[name]
		require.True(t, ok, "%s is in the manifest", name)
		total += n
		totalWant += w
		if diff, ok := manifestDifferences[name]; ok {
			assert.Equal(t, diff.got, n, "%s: feeds (manifest %d: %s)", name, w, diff.why)
			continue
		}
		assert.Equal(t, w, n, "%s: feeds, as the manifest counts them", name)
	}
	t.Logf("%d files, %d subscriptions (the manifest counts %d)", len(files), total, totalWant)
}

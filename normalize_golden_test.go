package feedspec

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// normalizedGoldenFeeds are the real feeds of the shared corpus whose
// normalized entries are kept as golden files under
// testdata/golden-normalized (the feeds themselves are not in the
// repository), at least one of every format.
var normalizedGoldenFeeds = []string{
	// RSS 2.0: enclosures, permalink guids, media:thumbnail, content:encoded
	// with images, iTunes, PeerTube, a BOM and double-encoded text.
	"feeds/codehollow__Rss20BreakingNews.xml",
	"feeds/codehollow__Rss20CityDog.xml",
	"feeds/codehollow__Rss20LeMonde.xml",
	"feeds/codehollow__Rss20Spiegel.xml",
	"feeds/feeder__empty_slash_comment.xml",
	"feeds/feedjira__itunes_feedburner.xml",
	"feeds/feedrs-hist__rss_2.0_peertube.xml",
	// RSS 0.91, 0.92 and version-less 0.9.
	"feeds/kdesyn__zeit.de.xml",
	"feeds/rssowl__123.xml",
	"feeds/rssowl__33.xml",
	"feeds/speedparser__0234.dat",
	"feeds/feedjira2009__RubyForgeNewReleases.xml",
	// RSS 0.90 and 1.0 (RDF): dc:date, dc:subject.
	"feeds/rssowl__102.xml",
	"feeds/kdesyn__tagesschau.de.xml",
	"feeds/rssowl__79.xml",
	"feeds/feedjira2009__ArunGuptasBlog.xml",
	"feeds/rssreader__rdf-feed-example1.xml",
	// Atom 0.3.
	"feeds/rssowl__181.xml",
	"feeds/kdesyn__rssowl.org.xml",
	// Atom 1.0: YouTube's media:group, XHTML and HTML content.
	"feeds/codehollow__AtomVergeAllPosts.xml",
	"feeds/feedjira__youtube_atom.xml",
	"feeds/fjbench__xkcd.xml",
	"feeds/miniflux__small_atom.xml",
	// JSON Feed 1.0 and 1.1.
	"jsonfeed/feedrs__jsonfeed_spec_1.json",
	"jsonfeed/feedrs__jsonfeed_elastic_1.1.json",
	"jsonfeed/feedrs__jsonfeed_example_1.json",
	"jsonfeed/nnw__authors.json",
}

// corpusDir is the shared corpus of real feeds, read at test time.
const corpusDir = "../shared/corpus"

// TestGoldenNormalized compares the normalized entries of real feeds, read
// in recovery mode with JSON Feed on (as cmd/feedspec reads them) and
// without a document URL, with their golden files; -update rewrites them.
// It is skipped when the shared corpus is absent.
func TestGoldenNormalized(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("the shared corpus %s is absent: the normalized golden files are not checked", corpusDir)
	}
	require.GreaterOrEqual(t, len(normalizedGoldenFeeds), 20)
	for _, name := range normalizedGoldenFeeds {
		t.Run(filepath.Base(name), func(t *testing.T) {
			in, err := os.Open(filepath.Join(corpusDir, name))
			require.NoError(t, err)
			defer in.Close()
			feed, err := ParseDocument(in, WithRecovery(), WithJSONFeed())
			require.NoError(t, err)
			require.NotEmpty(t, feed.Entries)
			entries := make([]*NormalizedEntry, len(feed.Entries))
			for i, e := range feed.Entries {
				entries[i] = e.Normalized()
			}
			var got bytes.Buffer
			enc := json.NewEncoder(&got)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			require.NoError(t, enc.Encode(entries))
			path := filepath.Join("testdata", "golden-normalized", filepath.Base(name)+".json")
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, got.Bytes(), 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test -run TestGoldenNormalized -update")
			assert.Equal(t, string(want), got.String())
		})
	}
}

// TestNormalizedCorpus normalizes every entry of every feed of the shared
// corpus (recovery mode): no panic, and the JSON always marshals. Skipped
// with -short and when the corpus is absent.
func TestNormalizedCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the whole corpus is not read")
	}
	dir := filepath.Join(corpusDir, "feeds")
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("the shared corpus %s is absent", dir)
	}
	entries, derived, uncertain, media := 0, 0, 0, 0
	for _, fi := range files {
		b, err := os.ReadFile(filepath.Join(dir, fi.Name()))
		require.NoError(t, err)
		feed, _ := ParseDocument(bytes.NewReader(b), WithRecovery())
		if feed == nil {
			continue
		}
		for _, e := range feed.Entries {
			n := e.Normalized()
			_, err := json.Marshal(n)
			require.NoError(t, err, fi.Name())
			entries++
			if n.TitleDerived {
				derived++
			}
			if n.DateUncertain {
				uncertain++
			}
			if len(n.Media) > 0 {
				media++
			}
		}
	}
	t.Logf("%d entries: %d titles derived, %d dates uncertain, %d with media", entries, derived, uncertain, media)
	assert.Greater(t, entries, 10000)
}

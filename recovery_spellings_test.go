package feedspec

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/sharedtest"
)

// readCorpusFeed reads one file of ../shared/corpus/feeds (the test skips
// when the corpus is absent).
func readCorpusFeed(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(sharedtest.Dir(t, "corpus/feeds"), name))
	require.NoError(t, err)
	return b
}

// parseBothBytes is parseBoth for a document's bytes.
func parseBothBytes(t *testing.T, src []byte) bothModes {
	t.Helper()
	return parseBoth(t, string(src))
}

// TestRecoveryNamespaceSpaces checks repair 16 on the case of gofeed's
// issue 309 (an iTunes namespace and another written with spaces around
// them): the names are compared trimmed in recovery mode only.
func TestRecoveryNamespaceSpaces(t *testing.T) {
	src := `<rss version="2.0" xmlns:itunes=" http://www.itunes.com/DTDs/PodCast-1.0.dtd" xmlns:custom=" http://example.org/ns ">
  <channel>
    <itunes:author>Example Author</itunes:author>
    <custom:tag>value</custom:tag>
    <item><title>E</title><itunes:duration>1:30</itunes:duration></item>
  </channel>
</rss>`
	b := parseBoth(t, src)
	require.NoError(t, b.specErr)
	require.NoError(t, b.recErr)
	assert.Empty(t, b.spec.Authors, "by default the namespace with a space before it is not iTunes'")
	assert.Nil(t, b.spec.Entries[0].Duration, "by default the duration is in an unknown namespace")
	require.Len(t, b.rec.Authors, 1, "recovery mode reads the iTunes author")
	assert.Equal(t, "Example Author", b.rec.Authors[0].Name)
	require.NotNil(t, b.rec.Entries[0].Duration, "recovery mode reads the iTunes duration")
	assert.Equal(t, "1m30s", b.rec.Entries[0].Duration.String())
	assert.Equal(t, []string{
		"itunes:author: 2 elements in namespace http://www.itunes.com/DTDs/PodCast-1.0.dtd read in the iTunes namespace " + nsITunes,
		`itunes:author: 3 names in namespace " http://www.itunes.com/DTDs/PodCast-1.0.dtd" (and other names with spaces around them) read without the spaces around the namespace name`,
	}, b.recovered, "one diagnostic a repair, at the first element (the trimmed name is then repair 13's)")
	tag := b.rec.Element().FirstElementChild().NextElementSibling()
	require.Equal(t, "tag", tag.Local)
	assert.Equal(t, "http://example.org/ns", tag.Namespace, "the tree shows the namespace trimmed")

	t.Run("attributes", func(t *testing.T) {
		src := `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns# " xmlns="http://purl.org/rss/1.0/">` +
			`<channel rdf:about="https://example.org/"><title>C</title><link>https://example.org/</link></channel>` +
			`<item rdf:about="https://example.org/1"><title>One</title></item></rdf:RDF>`
		b := parseBoth(t, src)
		require.NoError(t, b.recErr)
		require.Len(t, b.rec.Entries, 1)
		assert.Equal(t, "https://example.org/1", b.rec.Entries[0].ID, "rdf:about read in the RDF namespace")
		assert.Contains(t, b.recovered, `rdf:RDF: 3 names in namespace "http://www.w3.org/1999/02/22-rdf-syntax-ns# " read without the spaces around the namespace name`)
	})

	t.Run("no space, no repair", func(t *testing.T) {
		b := parseBoth(t, `<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><itunes:author>A</itunes:author></channel></rss>`)
		assert.Empty(t, b.recovered)
	})
}

// TestRecoveryCommentRSS checks repair 17 on the corpus files that write
// WordPress 2.0's <wfw:commentRSS> (among them KDE syndication's
// akregator_blog_rss2.xml, lunatic_fringe.xml and spreeblick.xml): each
// item's element gives its CommentsFeedURL in recovery mode, not by default.
func TestRecoveryCommentRSS(t *testing.T) {
	re := regexp.MustCompile(`<wfw:commentRSS>\s*([^<\s]+)\s*</wfw:commentRSS>`)
	files := []string{
		"kdesyn__akregator_blog_rss2.xml", "kdesyn__lunatic_fringe.xml", "kdesyn__spreeblick.xml",
		"feedjira2009__JonsThoughtsOnEverything.xml", "rssowl__128.xml", "rssowl__164.xml",
		"rssowl__200.xml", "rssowl__50.xml", "rssowl__92.xml", "rssowl__93.xml",
	}
	total := 0
	for _, name := range files {
		src := readCorpusFeed(t, name)
		want := re.FindAllSubmatch(src, -1)
		require.NotEmpty(t, want, "%s has <wfw:commentRSS>", name)
		b := parseBothBytes(t, src)
		require.NoError(t, b.recErr, name)
		got, spec := []string{}, 0
		for _, e := range b.rec.Entries {
			if e.CommentsFeedURL != "" {
				got = append(got, e.CommentsFeedURL)
			}
		}
		for _, e := range b.spec.Entries {
			if e.CommentsFeedURL != "" {
				spec++
			}
		}
		assert.Zero(t, spec, "%s: by default commentRSS is not read", name)
		require.Len(t, got, len(want), "%s: one comment feed per <wfw:commentRSS>", name)
		for i, w := range want {
			assert.Equal(t, strings.ReplaceAll(string(w[1]), "&amp;", "&"), got[i], "%s: item %d", name, i)
		}
		assert.Contains(t, b.recovered, "wfw:commentRss: "+plural(len(want), "element", "elements")+" <wfw:commentRSS> read as wfw:commentRss", name)
		total += len(want)
	}
	t.Logf("%d <wfw:commentRSS> in %d files read", total, len(files))
}

// TestRecoveryRSSAuthorName checks repair 18 on KDE syndication's
// corante.com_many.xml, whose items write <author><name>…</name></author>:
// recovery mode reads each name as the item's author, the default nothing.
func TestRecoveryRSSAuthorName(t *testing.T) {
	src := readCorpusFeed(t, "kdesyn__corante.com_many.xml")
	re := regexp.MustCompile(`<author><name>([^<]+)</name></author>`)
	want := re.FindAllSubmatch(src, -1)
	require.NotEmpty(t, want)
	b := parseBothBytes(t, src)
	require.NoError(t, b.recErr)
	require.Len(t, b.rec.Entries, len(want), "one author element an item")
	for i, e := range b.rec.Entries {
		assert.Empty(t, b.spec.Entries[i].Authors, "item %d: by default the author element has no text", i)
		require.Len(t, e.Authors, 1, "item %d", i)
		assert.Equal(t, string(want[i][1]), e.Authors[0].Name, "item %d", i)
		assert.Empty(t, e.Authors[0].Email)
	}
	assert.Equal(t, "author: Atom person construct (<name> child) read as the author", b.recovered[0])
	n := 0
	for _, r := range b.recovered {
		if strings.HasPrefix(r, "author: Atom person construct") {
			n++
		}
	}
	assert.Equal(t, len(want), n, "one diagnostic an element")

	t.Run("email, uri, namespaces", func(t *testing.T) {
		src := `<rss version="2.0" xmlns:a="http://www.w3.org/2005/Atom"><channel><title>C</title>
<item><title>1</title><author><a:name>Ann</a:name><a:email>ann@example.org</a:email><a:uri>/ann</a:uri></author></item>
<item><title>2</title><author><x:name xmlns:x="http://example.org/x">No</x:name></author></item>
<item><title>3</title><author>bob@example.org (Bob)</author></item>
</channel></rss>`
		b := parseBoth(t, src)
		require.NoError(t, b.recErr)
		require.Len(t, b.rec.Entries, 3)
		require.Len(t, b.rec.Entries[0].Authors, 1)
		assert.Equal(t, Person{Name: "Ann", Email: "ann@example.org", PageURL: "https://example.com/ann"}, *b.rec.Entries[0].Authors[0])
		assert.Empty(t, b.rec.Entries[1].Authors, "a name in another namespace is no Atom person")
		require.Len(t, b.rec.Entries[2].Authors, 1)
		assert.Equal(t, "Bob", b.rec.Entries[2].Authors[0].Name, "an author with text is the specification's")
		assert.Equal(t, []string{"author: Atom person construct (<a:name> child) read as the author"}, b.recovered)
	})
}

package feedspec

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/xml5"
)

// bothModes is a document parsed by default and in recovery mode.
type bothModes struct {
	spec, rec       *Feed
	specErr, recErr error
	recovered       []string // recovery mode's DiagnosticRecovered, "element: message"
}

// parseBoth parses src by default and in recovery mode.
func parseBoth(t *testing.T, src string) bothModes {
	t.Helper()
	var b bothModes
	b.spec, b.specErr = ParseDocument(strings.NewReader(src), WithURL("https://example.com/feed"))
	var diags []Diagnostic
	b.rec, b.recErr = ParseDocument(strings.NewReader(src), WithURL("https://example.com/feed"), WithRecovery(), WithDiagnostics(&diags))
	for _, d := range diags {
		if d.Kind == DiagnosticRecovered {
			b.recovered = append(b.recovered, d.Element+": "+d.Message)
		}
	}
	return b
}

// TestRecoveryNamespaceSpellings checks repairs 5 (RSS 0.90's other
// spelling) and 13: each misspelled namespace is read in recovery mode, with
// one diagnostic, and not by default.
func TestRecoveryNamespaceSpellings(t *testing.T) {
	t.Run("RSS 0.90 as channel.netscape.com", func(t *testing.T) {
		for _, ns := range []string{nsRSS090Channel, nsRSS090ChannelShort} {
			src := `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="` + ns + `">` +
				`<channel><title>C</title><link>https://example.org/</link></channel>` +
				`<item><title>One</title><link>https://example.org/1</link></item></rdf:RDF>`
			b := parseBoth(t, src)
			require.NoError(t, b.specErr)
			require.NoError(t, b.recErr)
			assert.Empty(t, b.spec.Entries, "by default RSS 0.90 is an empty feed")
			assert.Nil(t, b.spec.Title)
			require.Len(t, b.rec.Entries, 1)
			assert.Equal(t, "C", b.rec.Title.String())
			assert.Equal(t, "https://example.org/1", b.rec.Entries[0].PageURL)
			assert.Equal(t, []string{"rdf:RDF: RSS 0.90 (namespace " + ns + ") read as RSS 1.0"}, b.recovered)
		}
	})

	t.Run("iTunes in any letter case", func(t *testing.T) {
		for _, ns := range []string{
			"http://www.itunes.com/DTDs/PodCast-1.0.dtd",
			"HTTP://WWW.ITUNES.COM/DTDS/PODCAST-1.0.DTD",
			"http://www.iTunes.com/dtds/podcast-1.0.dtd",
		} {
			src := `<rss version="2.0" xmlns:itunes="` + ns + `"><channel><title>P</title>` +
				`<itunes:author>Ann</itunes:author><item><title>E</title><itunes:duration>1:00</itunes:duration></item></channel></rss>`
			b := parseBoth(t, src)
			require.NoError(t, b.recErr)
			assert.Empty(t, b.spec.Authors, ns)
			assert.Nil(t, b.spec.Entries[0].Duration, ns)
			require.Len(t, b.rec.Authors, 1, ns)
			assert.Equal(t, "Ann", b.rec.Authors[0].Name)
			require.NotNil(t, b.rec.Entries[0].Duration, ns)
			assert.Equal(t, []string{"itunes:author: 2 elements in namespace " + ns + " read in the iTunes namespace " + nsITunes}, b.recovered)
			assert.Equal(t, nsITunes, b.rec.Element().FirstElementChild().NextElementSibling().Namespace,
				"the tree shows the namespace the element was read in")
		}
	})

	t.Run("the two iTunes spellings the specification reads are no repair", func(t *testing.T) {
		for _, ns := range []string{nsITunes, nsITunesAlt} {
			src := `<rss version="2.0" xmlns:itunes="` + ns + `"><channel><title>P</title><itunes:author>Ann</itunes:author></channel></rss>`
			b := parseBoth(t, src)
			assert.Equal(t, mustJSON(t, b.spec), mustJSON(t, b.rec))
			assert.Empty(t, b.recovered)
		}
	})

	t.Run("content module without its slash", func(t *testing.T) {
		src := `<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content"><channel><title>P</title>` +
			`<item><title>E</title><content:encoded>&lt;p>Body&lt;/p></content:encoded></item></channel></rss>`
		b := parseBoth(t, src)
		require.NoError(t, b.recErr)
		assert.Nil(t, b.spec.Entries[0].Content)
		require.NotNil(t, b.rec.Entries[0].Content)
		assert.Equal(t, "<p>Body</p>", b.rec.Entries[0].Content.HTML())
		assert.Equal(t, []string{"content:encoded: 1 element in namespace http://purl.org/rss/1.0/modules/content read in the content module namespace " + nsRSSContent}, b.recovered)
	})

	t.Run("Dublin Core without its slash", func(t *testing.T) {
		src := `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1"><channel><title>P</title>` +
			`<item><title>E</title><dc:creator>Dee</dc:creator></item></channel></rss>`
		b := parseBoth(t, src)
		require.NoError(t, b.recErr)
		assert.Empty(t, b.spec.Entries[0].Authors)
		require.Len(t, b.rec.Entries[0].Authors, 1)
		assert.Equal(t, "Dee", b.rec.Entries[0].Authors[0].Name)
		assert.Equal(t, []string{"dc:creator: 1 element in namespace http://purl.org/dc/elements/1.1 read in the Dublin Core namespace " + nsDC}, b.recovered)
	})

	t.Run("other namespaces stay", func(t *testing.T) {
		src := `<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/x" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd/">` +
			`<channel><title>P</title><itunes:author>Ann</itunes:author><item><title>E</title><content:encoded>x</content:encoded></item></channel></rss>`
		b := parseBoth(t, src)
		assert.Equal(t, mustJSON(t, b.spec), mustJSON(t, b.rec))
		assert.Empty(t, b.recovered)
	})
}

// TestRecoveryUndeclaredPrefixes checks repair 14 in each format, and what
// it leaves alone.
func TestRecoveryUndeclaredPrefixes(t *testing.T) {
	t.Run("RSS 2.0", func(t *testing.T) {
		src := `<rss version="2.0"><channel><title>P</title><atom:link rel="self" href="https://example.org/feed"/>` +
			`<item><title>E</title><dc:creator>Dee</dc:creator><content:encoded>&lt;b>x&lt;/b></content:encoded>` +
			`<media:thumbnail url="https://example.org/t.jpg"/><itunes:duration>90</itunes:duration></item></channel></rss>`
		b := parseBoth(t, src)
		require.NoError(t, b.recErr)
		se, re := b.spec.Entries[0], b.rec.Entries[0]
		assert.Empty(t, b.spec.FeedURL)
		assert.Empty(t, se.Authors)
		assert.Nil(t, se.Content)
		assert.Nil(t, se.Thumbnail)
		assert.Nil(t, se.Duration)

		assert.Equal(t, "https://example.org/feed", b.rec.FeedURL)
		require.Len(t, re.Authors, 1)
		assert.Equal(t, "Dee", re.Authors[0].Name)
		require.NotNil(t, re.Content)
		assert.Equal(t, "<b>x</b>", re.Content.HTML())
		require.NotNil(t, re.Thumbnail)
		assert.Equal(t, "https://example.org/t.jpg", re.Thumbnail.URL)
		require.NotNil(t, re.Duration)
		assert.Equal(t, []string{
			"atom:link: 1 element with the undeclared prefix atom: read in namespace " + nsAtom,
			"dc:creator: 1 element with the undeclared prefix dc: read in namespace " + nsDC,
			"content:encoded: 1 element with the undeclared prefix content: read in namespace " + nsRSSContent,
			"media:thumbnail: 1 element with the undeclared prefix media: read in namespace " + nsMedia,
			"itunes:duration: 1 element with the undeclared prefix itunes: read in namespace " + nsITunes,
		}, b.recovered, "one diagnostic a prefix, in document order")

		// The tree shows the element as read: prefix and local name apart.
		link := b.rec.Element().FirstElementChild().NextElementSibling()
		assert.Equal(t, nsAtom, link.Namespace)
		assert.Equal(t, "atom", link.Prefix)
		assert.Equal(t, "link", link.Local)
		assert.Equal(t, "atom:link", link.QualifiedName())
	})

	t.Run("wfw", func(t *testing.T) {
		src := `<rss version="2.0"><channel><title>P</title><item><title>E</title>` +
			`<wfw:commentRss>https://example.org/1/comments.xml</wfw:commentRss></item></channel></rss>`
		b := parseBoth(t, src)
		require.NoError(t, b.recErr)
		assert.Empty(t, b.spec.Entries[0].CommentsURL)
		assert.Equal(t, "https://example.org/1/comments.xml", b.rec.Entries[0].CommentsURL)
		assert.Equal(t, []string{"wfw:commentRss: 1 element with the undeclared prefix wfw: read in namespace " + nsWfw}, b.recovered)
	})

	t.Run("Atom, the root too", func(t *testing.T) {
		src := `<atom:feed><atom:title>F</atom:title><atom:entry><atom:title>E</atom:title>` +
			`<dc:subject>robots</dc:subject><media:thumbnail url="https://example.org/t.jpg"/></atom:entry></atom:feed>`
		b := parseBoth(t, src)
		require.ErrorIs(t, b.specErr, ErrNotFeed)
		require.NoError(t, b.recErr)
		assert.Equal(t, "F", b.rec.Title.String())
		require.Len(t, b.rec.Entries, 1)
		assert.Equal(t, "E", b.rec.Entries[0].Title.String())
		assert.Equal(t, []string{"robots"}, b.rec.Entries[0].Categories)
		require.NotNil(t, b.rec.Entries[0].Thumbnail)
		assert.Equal(t, "https://example.org/t.jpg", b.rec.Entries[0].Thumbnail.URL)
		assert.Len(t, b.recovered, 3)
	})

	t.Run("left alone", func(t *testing.T) {
		for name, src := range map[string]string{
			"an unknown prefix":    `<rss version="2.0"><channel><title>P</title><item><title>E</title><foo:creator>x</foo:creator></item></channel></rss>`,
			"two colons":           `<rss version="2.0"><channel><title>P</title><item><title>E</title><dc:creator:x>x</dc:creator:x></item></channel></rss>`,
			"a prefix declared":    `<rss version="2.0" xmlns:dc="https://example.org/not-dc"><channel><title>P</title><item><title>E</title><dc:creator>x</dc:creator></item></channel></rss>`,
			"a prefix in capitals": `<rss version="2.0"><channel><title>P</title><item><title>E</title><DC:creator>x</DC:creator></item></channel></rss>`,
			"inside XHTML content": `<feed xmlns="http://www.w3.org/2005/Atom"><title>F</title><entry><title>E</title>` +
				`<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p><dc:creator>x</dc:creator></p></div></content></entry></feed>`,
		} {
			b := parseBoth(t, src)
			require.NoError(t, b.recErr, name)
			assert.Equal(t, string(mustJSON(t, b.spec)), string(mustJSON(t, b.rec)), name)
			assert.Empty(t, b.recovered, name)
		}
	})
}

// TestRecoveryAtomEntryDocument checks repair 15: an Atom Entry Document is
// not a feed by default, and a feed of one entry in recovery mode.
func TestRecoveryAtomEntryDocument(t *testing.T) {
	for _, ns := range []string{nsAtom, nsAtom03} {
		src := `<entry xmlns="` + ns + `"><title>Only</title><id>urn:x:1</id><link rel="alternate" type="text/html" href="/posts/1"/></entry>`
		b := parseBoth(t, src)
		assert.Nil(t, b.spec, ns)
		require.ErrorIs(t, b.specErr, ErrNotFeed, ns)
		assert.EqualError(t, b.specErr, `feedspec: not a feed: the root element is "entry" in namespace "`+ns+`"`)
		require.NoError(t, b.recErr, ns)
		require.Len(t, b.rec.Entries, 1, ns)
		e := b.rec.Entries[0]
		assert.Equal(t, "Only", e.Title.String())
		assert.Equal(t, "urn:x:1", e.ID)
		assert.Equal(t, "https://example.com/posts/1", e.PageURL)
		assert.Same(t, b.rec, e.Feed)
		assert.Nil(t, b.rec.Title, "the feed has nothing of its own")
		assert.Same(t, b.rec.Document().Root(), b.rec.Element())
		assert.Equal(t, []string{"entry: Atom Entry Document read as a feed of one entry"}, b.recovered)
	}

	// Other roots stay not a feed in recovery mode.
	for _, src := range []string{
		`<entry><title>No namespace</title></entry>`,
		`<entry xmlns="https://example.org/other"><title>Other</title></entry>`,
		`<item><title>An RSS item</title></item>`,
	} {
		b := parseBoth(t, src)
		assert.Nil(t, b.rec, src)
		assert.ErrorIs(t, b.recErr, ErrNotFeed, src)
	}
}

// TestRecoveryNamespacesLinear checks that the namespace pass is one walk of
// the tree: on a tree of 10 times the elements (wide and deep, every element
// renamed) it allocates nothing more and takes about 10 times the CPU time,
// far from the 100 times of a walk per element.
func TestRecoveryNamespacesLinear(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 2000
	}
	build := func(n int) string {
		var b strings.Builder
		b.WriteString(`<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content"><channel><title>P</title>`)
		for i := 0; i < n/4; i++ {
			b.WriteString(`<item><dc:creator>a</dc:creator><media:group><media:content url="u"/></media:group><content:encoded>x</content:encoded></item>`)
		}
		// A deep branch: nested elements, each climbed back out of.
		depth := n / 100
		b.WriteString(strings.Repeat(`<itunes:category>`, depth))
		b.WriteString(strings.Repeat(`</itunes:category>`, depth))
		b.WriteString(`</channel></rss>`)
		return b.String()
	}
	parse := func(src string) *xml5.Node {
		doc, err := xml5.Parse(strings.NewReader(src), xml5.WithLimits(xml5.Limits{MaxNodes: -1, MaxDepth: -1}))
		require.NoError(t, err)
		return doc.Root()
	}
	run := func(src string) (allocs float64, cpu time.Duration, fixes int) {
		best := time.Duration(1<<63 - 1)
		for i := 0; i < 3; i++ {
			root := parse(src)
			var diags []Diagnostic
			p := newProcessor(nil, nil)
			p.diags = &diags
			runtime.GC()
			start := cpuTime()
			p.recoverNamespaces(root)
			best = min(best, cpuTime()-start)
			fixes = len(diags)
		}
		root := parse(src)
		p := newProcessor(nil, nil)
		allocs = testing.AllocsPerRun(1, func() { p.recoverNamespaces(root) })
		return allocs, best, fixes
	}
	small, large := build(n), build(10*n)
	as, ts, fs := run(small)
	al, tl, fl := run(large)
	assert.Equal(t, 4, fs, "diagnostics: dc, media, content (no slash), itunes")
	assert.Equal(t, 4, fl)
	assert.Equal(t, as, al, "allocations do not grow with the tree")
	ratio := float64(tl) / float64(max(ts, time.Millisecond))
	t.Logf("%v for %d bytes, %v for %d bytes: ratio %.1f; %.0f allocations", ts, len(small), tl, len(large), ratio, al)
	assert.Less(t, ratio, 50.0)
}

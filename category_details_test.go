package feedspec

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/sharedtest"
	"github.com/feedspec/feedspec/xml5"
)

// parseTestFeed parses doc with a document URL and the given options, and
// fails the test on an error.
func parseTestFeed(t testing.TB, doc string, opts ...Option) *Feed {
	t.Helper()
	opts = append([]Option{WithURL("https://example.com/feed.xml")}, opts...)
	f, err := ParseDocument(strings.NewReader(doc), opts...)
	require.NoError(t, err)
	require.NotNil(t, f)
	return f
}

// TestCategoryDetailsOfExtensions checks that dc:subject in RSS 2.0 items,
// media:category and taxo:topics give CategoryDetails in document order,
// and never the specification's Categories.
func TestCategoryDetailsOfExtensions(t *testing.T) {
	t.Run("RSS 2.0", func(t *testing.T) {
		f := parseTestFeed(t, `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
<channel><title>t</title>
<media:category>a/b</media:category>
<item><title>i</title>
<dc:subject>Subject</dc:subject>
<category>Cat</category>
<media:category scheme="urn:s" label="L">Media</media:category>
<media:category scheme=" ">Blank scheme</media:category>
<media:content url="/a.mp3"><media:category>In content</media:category></media:content>
<media:group><media:content url="/b.mp3"><media:category>In group content</media:category></media:content></media:group>
</item></channel></rss>`)
		assert.Equal(t, []Category{{Term: "a/b", Scheme: MediaCategoryScheme}}, f.CategoryDetails)
		e := f.Entries[0]
		assert.Equal(t, []string{"Cat"}, e.Categories, "the specification's categories")
		assert.Equal(t, []Category{
			{Term: "Subject"},
			{Term: "Cat"},
			{Term: "Media", Scheme: "urn:s", Label: "L"},
			{Term: "Blank scheme", Scheme: MediaCategoryScheme},
			{Term: "In content", Scheme: MediaCategoryScheme},
			{Term: "In group content", Scheme: MediaCategoryScheme},
		}, e.CategoryDetails)
	})
	t.Run("Atom entry and media:group", func(t *testing.T) {
		f := parseTestFeed(t, `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
<title>t</title><entry><title>e</title>
<category term="atom"/>
<media:category>top</media:category>
<media:group><media:category label='Music' scheme='http://gdata.youtube.com/schemas/2007/categories.cat'>Music</media:category>
<media:content url="https://example.com/v.mp4"><media:category>In content</media:category></media:content></media:group>
</entry></feed>`)
		e := f.Entries[0]
		assert.Equal(t, []string{"atom"}, e.Categories)
		assert.Equal(t, []Category{
			{Term: "atom"},
			{Term: "top", Scheme: MediaCategoryScheme},
			{Term: "Music", Scheme: "http://gdata.youtube.com/schemas/2007/categories.cat", Label: "Music"},
			{Term: "In content", Scheme: MediaCategoryScheme},
		}, e.CategoryDetails)
	})
	t.Run("RSS 1.0 taxo:topics", func(t *testing.T) {
		f := parseTestFeed(t, `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
 xmlns:taxo="http://purl.org/rss/1.0/modules/taxonomy/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="x"><title>t</title>
<taxo:topics><rdf:Bag><rdf:li rdf:resource="http://example.com/t/feed"/></rdf:Bag></taxo:topics></channel>
<item rdf:about="i"><title>i</title><dc:subject>s</dc:subject>
<taxo:topics><rdf:Bag><rdf:li resource="http://example.com/t/a"/><rdf:li rdf:resource="http://example.com/t/b"/></rdf:Bag></taxo:topics>
</item></rdf:RDF>`)
		assert.Equal(t, []Category{{Term: "http://example.com/t/feed", Scheme: TaxonomyScheme}}, f.CategoryDetails)
		e := f.Entries[0]
		assert.Equal(t, []string{"s"}, e.Categories)
		assert.Equal(t, []Category{
			{Term: "s"},
			{Term: "http://example.com/t/a", Scheme: TaxonomyScheme},
			{Term: "http://example.com/t/b", Scheme: TaxonomyScheme},
		}, e.CategoryDetails)
	})
}

// corpusFeed reads the corpus feed name, or skips the test (visibly) when
// the corpus or the file is absent.
func corpusFeed(t *testing.T, name string) []byte {
	t.Helper()
	path := filepath.Join(sharedtest.Dir(t, "corpus/feeds"), name)
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		t.Skipf("corpus feed %s is absent", name)
	}
	require.NoError(t, err)
	return b
}

// parseCorpusFeed parses the named shared-corpus feed with a document URL,
// as the Fetcher would, skipping the test when the corpus is absent.
func parseCorpusFeed(t *testing.T, name string) *Feed {
	t.Helper()
	f, err := ParseDocument(bytes.NewReader(corpusFeed(t, name)), WithURL("https://example.com/feed.xml"))
	require.NoError(t, err)
	return f
}

// childElements returns the child elements of el with the namespace (one
// of nss) and local name given.
func childElements(el *xml5.Node, local string, nss ...string) []*xml5.Node {
	var out []*xml5.Node
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Local != local {
			continue
		}
		for _, ns := range nss {
			if c.Namespace == ns {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// TestCategoryDetailsCorpus reads real feeds holding media:category,
// taxo:topics and RSS 2.0 dc:subject, and checks every entry's
// CategoryDetails against a plain walk of the entry's own element (every
// category element of its format, in document order), and its Categories
// against the specification's elements alone.
func TestCategoryDetailsCorpus(t *testing.T) {
	files := []string{
		// media:category in RSS 2.0 items, their media:content and
		// media:group elements, and channels
		"rssreader__media-rss-example-1.xml", "rssreader__media-rss-example-2.xml",
		"rssreader__media-rss-example-3.xml", "rssreader__media-rss-channel.xml",
		"feedkit__Media.xml", "feedrs__rss_2.0_nightvale.xml", "plagger__flickr_new.xml",
		// media:category in Atom entries' media:group (YouTube)
		"picofeed__youtube.xml",
		// taxo:topics in RSS 1.0 items
		"plagger__delicious.xml",
		// dc:subject in RSS 2.0 items
		"feedkit__RSSDC.xml", "kdesyn__spreeblick.xml", "feedjira2009__RedHanded.xml",
	}
	seen := map[string]int{}
	for _, name := range files {
		t.Run(name, func(t *testing.T) {
			f := parseCorpusFeed(t, name)
			require.NotNil(t, f)
			for i, e := range f.Entries {
				el := e.Element()
				require.NotNil(t, el)
				var want []Category
				var terms []string
				addTerm := func(term string) {
					for _, x := range terms {
						if x == term {
							return
						}
					}
					terms = append(terms, term)
				}
				media := func(c *xml5.Node) {
					if term := c.ChildTextContent(); term != "" {
						scheme := strings.TrimSpace(attr(c, "scheme"))
						if scheme == "" {
							scheme = MediaCategoryScheme
						} else {
							scheme = attr(c, "scheme")
						}
						label := attr(c, "label")
						if strings.TrimSpace(label) == "" {
							label = ""
						}
						want = append(want, Category{Term: term, Scheme: scheme, Label: label})
						seen["media:category"]++
					}
				}
				for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
					switch {
					case el.Namespace == "" && c.Namespace == "" && c.Local == "category":
						if term := c.ChildTextContent(); term != "" {
							want = append(want, Category{Term: term, Scheme: strings.TrimSpace(attr(c, "domain"))})
							addTerm(term)
						}
					case el.Namespace == nsAtom && c.Namespace == nsAtom && c.Local == "category":
						if term := attr(c, "term"); term != "" {
							want = append(want, Category{Term: term, Scheme: attr(c, "scheme"), Label: attr(c, "label")})
							addTerm(term)
						}
					case c.Namespace == nsDC && c.Local == "subject":
						if term := c.ChildTextContent(); term != "" {
							want = append(want, Category{Term: term})
							if el.Namespace == "" {
								seen["dc:subject (RSS 2.0)"]++
							} else {
								addTerm(term)
							}
						}
					case el.Namespace != nsRSS10 && isMedia(c.Namespace) && c.Local == "category":
						media(c)
					case el.Namespace == "" && isMedia(c.Namespace) && c.Local == "content":
						for _, g := range childElements(c, "category", nsMedia, nsMediaAlt) {
							media(g)
						}
					case el.Namespace != nsRSS10 && isMedia(c.Namespace) && c.Local == "group":
						for g := c.FirstElementChild(); g != nil; g = g.NextElementSibling() {
							switch {
							case isMedia(g.Namespace) && g.Local == "category":
								media(g)
							case isMedia(g.Namespace) && g.Local == "content":
								for _, gc := range childElements(g, "category", nsMedia, nsMediaAlt) {
									media(gc)
								}
							}
						}
					case el.Namespace == nsRSS10 && c.Namespace == nsTaxo && c.Local == "topics":
						for _, bag := range childElements(c, "Bag", nsRDF) {
							for _, li := range childElements(bag, "li", nsRDF) {
								v, ok := li.AttrValue(nsRDF, "resource")
								if !ok {
									v = attr(li, "resource")
								}
								if strings.TrimSpace(v) != "" {
									want = append(want, Category{Term: v, Scheme: TaxonomyScheme})
									seen["taxo:topics"]++
								}
							}
						}
					}
				}
				assert.Equal(t, want, e.CategoryDetails, "entry %d: category details", i)
				if len(terms) == 0 {
					terms = nil
				}
				assert.Equal(t, terms, e.Categories, "entry %d: the specification's categories", i)
			}
		})
	}
	t.Logf("extension elements checked: %v", seen)
}

// attr returns el's attribute name (no namespace), or "".
func attr(el *xml5.Node, name string) string {
	v, _ := el.AttrValue("", name)
	return v
}

// allocatedBy returns the bytes f allocates (the fewest of three runs).
func allocatedBy(f func()) uint64 {
	best := ^uint64(0)
	for run := 0; run < 3; run++ {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		best = min(best, after.TotalAlloc-before.TotalAlloc)
	}
	return best
}

// assertLinearGrowth parses build(n) and build(10n) with opts, calls check
// on each feed, and fails when the larger input allocates much more than ten
// times the bytes of the smaller (work that grows with the square of the
// input gives a ratio near 100).
func assertLinearGrowth(t *testing.T, n int, build func(n int) string, check func(t *testing.T, f *Feed, n int), opts ...Option) {
	t.Helper()
	var sizes [2]uint64
	for i, m := range []int{n, 10 * n} {
		doc := build(m)
		var f *Feed
		sizes[i] = allocatedBy(func() {
			var err error
			f, err = ParseDocument(strings.NewReader(doc), append([]Option{WithURL("https://example.com/feed.xml")}, opts...)...)
			require.NoError(t, err)
		})
		require.NotNil(t, f)
		check(t, f, m)
	}
	ratio := float64(sizes[1]) / float64(sizes[0])
	t.Logf("%d bytes allocated for n=%d, %d for 10n: ratio %.1f", sizes[0], n, sizes[1], ratio)
	assert.Less(t, ratio, 20.0, "bytes allocated for 10 times the input")
}

// TestCategoryDetailsBounded checks that the category details of the
// extensions count in MaxPerEntry (an entry's and, ten times as many, the
// feed's), and that ten times the elements cost about ten times the memory.
func TestCategoryDetailsBounded(t *testing.T) {
	const maxPer = 100
	limits := WithLimits(Limits{MaxPerEntry: maxPer, MaxNodes: -1})
	shapes := map[string]struct {
		build func(n int) string
		list  func(f *Feed) []Category
		limit int
	}{
		"RSS item media:category and dc:subject": {
			build: func(n int) string {
				return `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>t</title><item><title>i</title>` +
					strings.Repeat(`<media:category>m</media:category><dc:subject>s</dc:subject>`, n/2) + `</item></channel></rss>`
			},
			list:  func(f *Feed) []Category { return f.Entries[0].CategoryDetails },
			limit: maxPer,
		},
		"RSS channel media:category": {
			build: func(n int) string {
				return `<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>t</title>` +
					strings.Repeat(`<media:category scheme="s">m</media:category>`, n) + `</channel></rss>`
			},
			list:  func(f *Feed) []Category { return f.CategoryDetails },
			limit: 10 * maxPer,
		},
		"RSS 1.0 item taxo:topics": {
			build: func(n int) string {
				return `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:taxo="http://purl.org/rss/1.0/modules/taxonomy/">` +
					`<channel><title>t</title></channel><item><title>i</title><taxo:topics><rdf:Bag>` +
					strings.Repeat(`<rdf:li rdf:resource="http://example.com/t"/>`, n) + `</rdf:Bag></taxo:topics></item></rdf:RDF>`
			},
			list:  func(f *Feed) []Category { return f.Entries[0].CategoryDetails },
			limit: maxPer,
		},
		"RSS media:group media:content media:category": {
			build: func(n int) string {
				return `<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>t</title><item><title>i</title><media:group>` +
					strings.Repeat(`<media:content url="/a"><media:category>m</media:category></media:content>`, n) + `</media:group></item></channel></rss>`
			},
			list:  func(f *Feed) []Category { return f.Entries[0].CategoryDetails },
			limit: maxPer,
		},
		"Atom media:group media:category": {
			build: func(n int) string {
				return `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><title>t</title><entry><title>e</title><media:group>` +
					strings.Repeat(`<media:category>m</media:category>`, n) + `</media:group></entry></feed>`
			},
			list:  func(f *Feed) []Category { return f.Entries[0].CategoryDetails },
			limit: maxPer,
		},
	}
	n := 5000
	if testing.Short() {
		n = 1000
	}
	for name, s := range shapes {
		t.Run(name, func(t *testing.T) {
			assertLinearGrowth(t, n, s.build, func(t *testing.T, f *Feed, m int) {
				assert.Len(t, s.list(f), s.limit, "capped at MaxPerEntry")
			}, limits)
			// The default limits, with diagnostics: one DiagnosticLimit
			// for the categories (an RSS group's contents are enclosures
			// and Media RSS objects too, each list capped and reported on
			// its own).
			var diags []Diagnostic
			f := parseTestFeed(t, s.build(3*s.limit), limits, WithDiagnostics(&diags))
			assert.Len(t, s.list(f), s.limit)
			kinds := 0
			for _, d := range diags {
				if d.Kind == DiagnosticLimit && strings.Contains(d.Message, " categories ") {
					kinds++
					assert.ErrorIs(t, d.Err, ErrLimit)
				}
			}
			assert.Equal(t, 1, kinds, "one limit diagnostic: %v", diags)
		})
	}
}

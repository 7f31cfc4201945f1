package feedspec

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sourceDoc is an Atom feed whose entries have sources: the first with
// authors and rights and no own ones, the second with its own, the third
// with a source holding neither, the fourth without source.
const sourceDoc = `<feed xmlns="http://www.w3.org/2005/Atom">
<title>t</title><author><name>Feed Author</name></author><rights>Feed rights</rights>
<entry><title>copied</title>
  <source><id>urn:s</id><title>S</title><updated>2003-12-13T18:30:02Z</updated>
    <rights type="html">&lt;b&gt;Source&lt;/b&gt; rights</rights>
    <author><name>Source Author</name><email>s@example.com</email></author>
    <author><name>Second</name></author>
    <category term="c" scheme="urn:scheme" label="C"/><category term=""/>
  </source></entry>
<entry><title>own</title><author><name>Own</name></author><rights>Own rights</rights>
  <source><author><name>Source Author</name></author><rights>Source rights</rights></source></entry>
<entry><title>bare source</title><source><id>urn:bare</id></source></entry>
<entry><title>no source</title></entry>
</feed>`

// TestAtomSourceKept checks the fields of the Atom source element kept
// whole, and the order of ComputedAuthors and ComputedRights: the entry's,
// then its source's, then its feed's.
func TestAtomSourceKept(t *testing.T) {
	f := parseTestFeed(t, sourceDoc)
	require.Len(t, f.Entries, 4)
	copied, own, bare, none := f.Entries[0], f.Entries[1], f.Entries[2], f.Entries[3]

	s := copied.Source
	require.NotNil(t, s)
	assert.Equal(t, "urn:s", s.ID)
	require.Len(t, s.Authors, 2)
	assert.Equal(t, "Source Author", s.Authors[0].Name)
	assert.Equal(t, "s@example.com", s.Authors[0].Email)
	require.NotNil(t, s.Updated)
	assert.Equal(t, time.Date(2003, 12, 13, 18, 30, 2, 0, time.UTC), *s.Updated)
	require.NotNil(t, s.Rights)
	assert.Equal(t, "Source rights", s.Rights.TextContent())
	assert.Equal(t, []Category{{Term: "c", Scheme: "urn:scheme", Label: "C"}}, s.CategoryDetails)
	assert.Empty(t, copied.Authors, "the specification's authors stay the entry's own")

	assert.Equal(t, s.Authors, copied.ComputedAuthors(), "the source's authors before the feed's")
	assert.Same(t, s.Rights, copied.ComputedRights())
	assert.Equal(t, "Own", own.ComputedAuthors()[0].Name)
	assert.Equal(t, "Own rights", own.ComputedRights().String())
	assert.Equal(t, f.Authors, bare.ComputedAuthors(), "a source without authors: the feed's")
	assert.Same(t, f.Rights, bare.ComputedRights())
	assert.Equal(t, f.Authors, none.ComputedAuthors())
	assert.Same(t, f.Rights, none.ComputedRights())
	assert.Nil(t, (&Entry{}).ComputedRights())
	assert.Nil(t, (&Entry{Source: &Source{}}).ComputedRights())

	// The canonical JSON reads back, the source whole.
	b, err := f.MarshalJSON()
	require.NoError(t, err)
	var back Feed
	require.NoError(t, back.UnmarshalJSON(b))
	bs := back.Entries[0].Source
	require.NotNil(t, bs)
	assert.Equal(t, s.CategoryDetails, bs.CategoryDetails)
	assert.Equal(t, *s.Updated, *bs.Updated)
	assert.Equal(t, "Source Author", bs.Authors[0].Name)
	assert.Equal(t, s.Rights.TextContent(), bs.Rights.TextContent())
	back.Entries[0].Feed = &back
	assert.Equal(t, "Source Author", back.Entries[0].ComputedAuthors()[0].Name)

	// WithoutDocument keeps them.
	d, err := ParseDocument(strings.NewReader(sourceDoc), WithURL("https://example.com/feed.xml"), WithoutDocument())
	require.NoError(t, err)
	db, err := d.MarshalJSON()
	require.NoError(t, err)
	assert.Equal(t, string(b), string(db))
}

// TestAtomSourceCorpus reads real Atom feeds whose entries carry source
// elements (planets, aggregators): each source's updated and rights are its
// first updated's date and its first rights' text.
func TestAtomSourceCorpus(t *testing.T) {
	files := []string{
		"picofeed__hamakor.xml", "feedjira__atom_with_link_tag_for_url_unmarked.xml",
		"rssowl-interp__feed_atom.xml", "rssreader__multiple-title-on-different-levels.xml",
	}
	var updated, rights int
	for _, name := range files {
		t.Run(name, func(t *testing.T) {
			f := parseCorpusFeed(t, name)
			for i, e := range f.Entries {
				srcs := childElements(e.Element(), "source", nsAtom)
				if len(srcs) == 0 {
					assert.Nil(t, e.Source, "entry %d", i)
					continue
				}
				src := srcs[0]
				if u := childElements(src, "updated", nsAtom); len(u) > 0 && e.Source != nil {
					want, ok := parseAtomDate(u[0].ChildTextContent())
					if ok {
						updated++
						require.NotNil(t, e.Source.Updated, "entry %d", i)
						assert.Equal(t, want, *e.Source.Updated, "entry %d", i)
					} else {
						assert.Nil(t, e.Source.Updated, "entry %d: %q", i, u[0].ChildTextContent())
					}
				}
				if r := childElements(src, "rights", nsAtom); len(r) > 0 {
					rights++
					require.NotNil(t, e.Source, "entry %d", i)
					require.NotNil(t, e.Source.Rights, "entry %d", i)
					assert.Equal(t, strings.TrimSpace(r[0].ChildTextContent()), strings.TrimSpace(e.Source.Rights.TextContent()))
					if e.Rights == nil {
						assert.Same(t, e.Source.Rights, e.ComputedRights())
					}
				}
				if e.Source != nil {
					assert.Len(t, e.Source.Authors, len(childElements(src, "author", nsAtom)), "entry %d", i)
				}
			}
		})
	}
	t.Logf("sources checked: %d updated dates, %d rights", updated, rights)
}

// TestAtomSourceBounded checks that a source's authors and categories are
// each capped at MaxPerEntry, apart from the entry's own (which the source's
// never crowd out), and that ten times as many cost about ten times the
// memory.
func TestAtomSourceBounded(t *testing.T) {
	const maxPer = 50
	build := func(n int) string {
		return `<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><entry><title>e</title><source>` +
			strings.Repeat(`<author><name>a</name></author><category term="c"/>`, n) +
			`</source><author><name>own</name></author><category term="own"/></entry></feed>`
	}
	opts := []Option{WithLimits(Limits{MaxPerEntry: maxPer, MaxNodes: -1})}
	n := 5000
	if testing.Short() {
		n = 1000
	}
	assertLinearGrowth(t, n, build, func(t *testing.T, f *Feed, m int) {
		e := f.Entries[0]
		require.NotNil(t, e.Source)
		assert.Len(t, e.Source.Authors, maxPer)
		assert.Len(t, e.Source.CategoryDetails, maxPer)
		require.Len(t, e.Authors, 1, "the entry's own author is read")
		assert.Equal(t, []string{"own"}, e.Categories)
	}, opts...)
	var diags []Diagnostic
	parseTestFeed(t, build(3*maxPer), append(opts, WithDiagnostics(&diags))...)
	var limits []string
	for _, d := range diags {
		if d.Kind == DiagnosticLimit {
			assert.ErrorIs(t, d.Err, ErrLimit)
			limits = append(limits, d.Message)
		}
	}
	assert.Len(t, limits, 2, "one for the authors, one for the categories: %v", limits)
}

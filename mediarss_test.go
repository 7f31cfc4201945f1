package feedspec

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const mediaNS = `xmlns:media="http://search.yahoo.com/mrss/"`

// TestMediaRSSInheritance checks the Media RSS order of the optional
// elements: the content's own, else its group's, else the item's; lists
// taken whole from one level; objects of one group sharing the group's
// metadata.
func TestMediaRSSInheritance(t *testing.T) {
	doc := `<rss version="2.0" ` + mediaNS + `><channel><title>c</title>
<media:title>Channel title: not the items'</media:title>
<item><title>i</title>
<media:title>Item title</media:title>
<media:description>Item description</media:description>
<media:thumbnail url="/item.jpg"/>
<media:credit role="author">Item credit</media:credit>
<media:group>
  <media:description>Group description</media:description>
  <media:thumbnail url="/group-1.jpg"/><media:thumbnail url="/group-2.jpg"/>
  <media:content url="/a.mp4"/>
  <media:content url="/b.mp4"/>
  <media:content url="/c.mp4"><media:thumbnail url="/c.jpg"/><media:title>C's title</media:title></media:content>
</media:group>
<media:content url="/d.mp4"/>
</item></channel></rss>`
	f := parseTestFeed(t, doc)
	require.Len(t, f.Entries, 1)
	objs := f.Entries[0].MediaRSS
	require.Len(t, objs, 4, "three contents of the group, then the item's")

	urls := func(list []MediaThumbnail) []string {
		var out []string
		for _, th := range list {
			out = append(out, th.URL)
		}
		return out
	}
	a, b, c, d := objs[0].Metadata, objs[1].Metadata, objs[2].Metadata, objs[3].Metadata
	require.NotNil(t, a)
	assert.Same(t, a, b, "the group's contents without elements of their own share one metadata")
	assert.Equal(t, "Item title", a.Title.String(), "the group has no title: the item's")
	assert.Equal(t, "Group description", a.Description.String(), "the group's description wins over the item's")
	assert.Equal(t, []string{"https://example.com/group-1.jpg", "https://example.com/group-2.jpg"}, urls(a.Thumbnails),
		"the group's thumbnails, whole")
	require.Len(t, a.Credits, 1)
	assert.Equal(t, "Item credit", a.Credits[0].Name)

	assert.Equal(t, "C's title", c.Title.String(), "the content's own title wins")
	assert.Equal(t, "Group description", c.Description.String())
	assert.Equal(t, []string{"https://example.com/c.jpg"}, urls(c.Thumbnails), "the content's thumbnails replace the group's")
	assert.Equal(t, "Item credit", c.Credits[0].Name)

	assert.Equal(t, "Item title", d.Title.String(), "an item's content inherits the item's elements")
	assert.Equal(t, "Item description", d.Description.String())
	assert.Equal(t, []string{"https://example.com/item.jpg"}, urls(d.Thumbnails))

	require.Len(t, f.MediaRSS, 1, "the channel's own elements: one object without URL")
	assert.Equal(t, "", f.MediaRSS[0].URL)
	assert.Equal(t, "Channel title: not the items'", f.MediaRSS[0].Metadata.Title.String())

	// The RSS group's contents are enclosures now, in document order.
	var encs []string
	for _, e := range f.Entries[0].Enclosures {
		encs = append(encs, e.URL)
	}
	assert.Equal(t, []string{"https://example.com/a.mp4", "https://example.com/b.mp4", "https://example.com/c.mp4", "https://example.com/d.mp4"}, encs)
	var media []string
	for _, m := range f.Entries[0].Normalized().Media {
		media = append(media, m.URL)
	}
	assert.Equal(t, encs, media, "Normalized().Media sees the group's contents")
}

// TestMediaRSSAbsent checks that an item without Media RSS elements has no
// objects, and that a content without a value of its own gives none.
func TestMediaRSSAbsent(t *testing.T) {
	f := parseTestFeed(t, `<rss version="2.0" `+mediaNS+`><channel><title>c</title>
<item><title>none</title><enclosure url="/a.mp3"/></item>
<item><title>empty content</title><media:content/><media:content url=""/><media:content isDefault="false"/></item>
</channel></rss>`)
	require.Len(t, f.Entries, 2)
	assert.Nil(t, f.Entries[0].MediaRSS)
	assert.Nil(t, f.Entries[1].MediaRSS)
	assert.Nil(t, f.MediaRSS)
}

// TestMediaRSSValues checks the values read from a content's attributes
// and the rejected ones: no value and a diagnostic.
func TestMediaRSSValues(t *testing.T) {
	var diags []Diagnostic
	f := parseTestFeed(t, `<feed xmlns="http://www.w3.org/2005/Atom" `+mediaNS+`><title>t</title><entry><title>e</title>
<media:content url="/v.mp4" duration="99999999999999999999" bitrate="-3" framerate="25" channels="x" height="720" fileSize="-1"/>
<media:thumbnail url="/t.jpg" time="01:02:03.25"/>
</entry></feed>`, WithDiagnostics(&diags))
	objs := f.Entries[0].MediaRSS
	require.Len(t, objs, 1, "the entry's content (not an enclosure in Atom) is an object")
	o := objs[0]
	assert.Nil(t, o.Duration, "an overflowing duration gives no value")
	assert.Nil(t, o.Bitrate, "a negative bitrate gives no value")
	assert.Nil(t, o.Channels)
	assert.Nil(t, o.FileSize)
	require.NotNil(t, o.Framerate)
	assert.Equal(t, 25.0, *o.Framerate)
	require.NotNil(t, o.Height)
	assert.Equal(t, 720, *o.Height)
	require.NotNil(t, o.Metadata)
	require.Len(t, o.Metadata.Thumbnails, 1)
	require.NotNil(t, o.Metadata.Thumbnails[0].Time)
	assert.Equal(t, time.Hour+2*time.Minute+3250*time.Millisecond, *o.Metadata.Thumbnails[0].Time)
	assert.Empty(t, f.Entries[0].Enclosures, "an Atom entry's own media:content is no enclosure")
	var attrs []string
	for _, d := range diags {
		attrs = append(attrs, d.Attr)
	}
	assert.ElementsMatch(t, []string{"duration", "bitrate", "channels", "fileSize"}, attrs, "one diagnostic per rejected value: %v", diags)
}

// TestMediaRSSMixedHTML checks that a media:description of type html is an
// HTML text, which SafeHTML reads, and that WithoutDocument keeps it.
func TestMediaRSSMixedHTML(t *testing.T) {
	doc := `<rss version="2.0" ` + mediaNS + `><channel><title>c</title><item><title>i</title>
<media:content url="https://e.example/a.mp4"><media:description type="html">&lt;p&gt;Hi &lt;script&gt;x()&lt;/script&gt;&lt;/p&gt;</media:description></media:content>
</item></channel></rss>`
	for _, opts := range [][]Option{nil, {WithoutDocument()}} {
		f := parseTestFeed(t, doc, opts...)
		d := f.Entries[0].MediaRSS[0].Metadata.Description
		require.NotNil(t, d)
		assert.True(t, d.IsNode())
		assert.Equal(t, "<p>Hi </p>", SafeHTML(d, ""))
	}
}

// TestMediaRSSInheritanceBudget checks that what the objects of a scope
// inherit is bounded by eight times the scope's bytes: a group of many
// contents under a long description gives the first contents the
// description, the others their own elements only, and one
// DiagnosticLimit.
func TestMediaRSSInheritanceBudget(t *testing.T) {
	desc := strings.Repeat("d", 4000)
	doc := `<rss version="2.0" ` + mediaNS + `><channel><title>c</title><item><title>i</title><media:group>` +
		`<media:description>` + desc + `</media:description>` +
		strings.Repeat(`<media:content url="/a"/>`, 200) + `</media:group></item></channel></rss>`
	var diags []Diagnostic
	f := parseTestFeed(t, doc, WithDiagnostics(&diags))
	objs := f.Entries[0].MediaRSS
	require.Len(t, objs, 200)
	// The budget: eight times the bytes from the item to the end of the
	// document (the item is the last node); each content inherits the
	// description element's bytes.
	span := len(doc) - strings.Index(doc, "<item>")
	weight := len(`<media:description>` + desc + `</media:description>`)
	want := mediaInheritFactor * span / weight
	for i, o := range objs {
		if i < want {
			assert.NotNil(t, o.Metadata, "object %d inherits", i)
		} else {
			assert.Nil(t, o.Metadata, "object %d: the budget is spent", i)
		}
	}
	limits := 0
	for _, d := range diags {
		if d.Kind == DiagnosticLimit {
			limits++
		}
	}
	assert.Equal(t, 1, limits, "one diagnostic: %v", diags)
}

// TestMediaRSSBounded checks that ten times the elements allocate at most
// about ten times the bytes (12x), inheritance included, with no limit,
// and that each list of the Media RSS objects is capped by MaxPerEntry,
// with one DiagnosticLimit.
func TestMediaRSSBounded(t *testing.T) {
	const maxPer = 100
	limits := WithLimits(Limits{MaxPerEntry: maxPer, MaxNodes: -1, MaxItems: -1})
	head := `<rss version="2.0" ` + mediaNS + `><channel><title>t</title>`
	for name, s := range map[string]struct {
		build func(n int) string
		count func(f *Feed) int
		limit int
	}{
		"contents in an item": {
			build: func(n int) string {
				return head + `<item><title>i</title>` + strings.Repeat(`<media:content url="/a"/>`, n) + `</item></channel></rss>`
			},
			count: func(f *Feed) int { return len(f.Entries[0].MediaRSS) },
			limit: maxPer,
		},
		"thumbnails in a group": {
			build: func(n int) string {
				return head + `<item><title>i</title><media:group><media:content url="/a"/>` +
					strings.Repeat(`<media:thumbnail url="/t.jpg"/>`, n) + `</media:group></item></channel></rss>`
			},
			count: func(f *Feed) int { return len(f.Entries[0].MediaRSS[0].Metadata.Thumbnails) },
			limit: maxPer,
		},
		"keywords in one element": {
			build: func(n int) string {
				return head + `<item><title>i</title><media:keywords>` + strings.Repeat(`k,`, n) + `</media:keywords></item></channel></rss>`
			},
			count: func(f *Feed) int { return len(f.Entries[0].MediaRSS[0].Metadata.Keywords) },
			limit: maxPer,
		},
		"items, each a group inheriting the item's elements": {
			build: func(n int) string {
				item := `<item><title>i</title><media:title>t</media:title><media:thumbnail url="/t.jpg"/><media:group>` +
					`<media:content url="/a"/><media:content url="/b"/><media:content url="/c"/></media:group></item>`
				return head + strings.Repeat(item, n/10+1) + `</channel></rss>`
			},
			count: func(f *Feed) int { return min(len(f.Entries), maxPer) },
			limit: -1,
		},
		"channel objects": {
			build: func(n int) string {
				// Long enough that the document's Media RSS budget
				// (its size) holds them all.
				return head + strings.Repeat(`<media:content url="https://media.example.com/videos/2024/05/clip.mp4" type="video/mp4" medium="video" lang="en"/>`, n) + `</channel></rss>`
			},
			count: func(f *Feed) int { return len(f.MediaRSS) },
			limit: 10 * maxPer,
		},
	} {
		t.Run(name, func(t *testing.T) {
			assertLinear12(t, 2000, s.build, WithLimits(Limits{MaxPerEntry: -1, MaxNodes: -1, MaxItems: -1}))
			if s.limit < 0 {
				return
			}
			var diags []Diagnostic
			f := parseTestFeed(t, s.build(3*s.limit), limits, WithDiagnostics(&diags))
			assert.Equal(t, s.limit, s.count(f), "capped at MaxPerEntry")
			n := 0
			for _, d := range diags {
				if d.Kind == DiagnosticLimit {
					n++
					assert.ErrorIs(t, d.Err, ErrLimit)
				}
			}
			assert.Equal(t, 1, n, "one limit diagnostic: %v", diags)
		})
	}
}

// assertLinear12 parses build(n) and build(10n) with opts, and again
// WithoutDocument, and fails when what the larger input costs is more than
// 12 times what the smaller one does: the bytes the parses allocate
// (runtime.MemStats.TotalAlloc) beyond those of a control document of the
// same size whose Media RSS namespace is another (so that the tree's own
// growth, which the XML parser's buffers make uneven, is not counted), and
// the bytes of the feed's canonical JSON.
func assertLinear12(t *testing.T, n int, build func(n int) string, opts ...Option) {
	t.Helper()
	assertLinear12Control(t, n, build, func(doc string) string {
		return strings.ReplaceAll(doc, nsMedia, "http://search.yahoo.com/mrsX/")
	}, opts...)
}

// assertLinear12Control is assertLinear12 with the control document that
// control makes of a document (of the same size, without the elements
// measured).
func assertLinear12Control(t *testing.T, n int, build func(n int) string, control func(string) string, opts ...Option) {
	t.Helper()
	cost := func(doc string) (alloc, out uint64) {
		var f *Feed
		alloc = allocatedBy(func() {
			var err error
			f, err = ParseDocument(strings.NewReader(doc), append([]Option{WithURL("https://example.com/feed.xml")}, opts...)...)
			require.NoError(t, err)
			// WithoutDocument walks the model (detach.go); with
			// diagnostics, the document's memory is not reused by the
			// next parse, which would make the count depend on the runs
			// before.
			var diags []Diagnostic
			_, err = ParseDocument(strings.NewReader(doc), append([]Option{WithURL("https://example.com/feed.xml"), WithoutDocument(), WithDiagnostics(&diags)}, opts...)...)
			require.NoError(t, err)
		})
		// The JSON's length, not its buffer's growth (append's, which
		// is not linear in the output's length).
		b, err := f.MarshalJSON()
		require.NoError(t, err)
		return alloc, uint64(len(b))
	}
	var alloc, out [2]uint64
	for i, m := range []int{n, 10 * n} {
		doc := build(m)
		ctl := control(doc)
		require.Len(t, ctl, len(doc))
		a, o := cost(doc)
		c, _ := cost(ctl)
		alloc[i], out[i] = a-min(a, c), o
	}
	ra, ro := float64(alloc[1])/float64(max(alloc[0], 1)), float64(out[1])/float64(out[0])
	t.Logf("n=%d: %d bytes allocated beyond the control's, %d of JSON; 10n: %d, %d (ratios %.1f, %.1f)", n, alloc[0], out[0], alloc[1], out[1], ra, ro)
	assert.LessOrEqual(t, ra, 12.0, "bytes allocated for 10 times the input")
	assert.LessOrEqual(t, ro, 12.0, "JSON written for 10 times the input")
}

// TestMediaRSSInheritanceLinear checks that a group of many contents under
// a scope's elements, which every content inherits, costs linear time and
// output: ten times the contents, about ten times the bytes and the JSON.
func TestMediaRSSInheritanceLinear(t *testing.T) {
	build := func(n int) string {
		var b strings.Builder
		b.WriteString(`<rss version="2.0" ` + mediaNS + `><channel><title>t</title><item><title>i</title><media:group>`)
		b.WriteString(`<media:description>` + strings.Repeat("x", 300) + `</media:description>`)
		for i := range n {
			fmt.Fprintf(&b, `<media:content url="/%d"/>`, i)
		}
		b.WriteString(`</media:group></item></channel></rss>`)
		return b.String()
	}
	assertLinear12(t, 400, build, WithLimits(Limits{MaxPerEntry: -1}))
}

// TestMediaRSSDocumentBudget checks that the Media RSS objects and values
// of a document take at most about its size in heap (or 512 KiB): groups of
// one short title each, which would take nine times, stop being read once
// the budget is spent, with one DiagnosticLimit wrapping ErrLimit.
func TestMediaRSSDocumentBudget(t *testing.T) {
	build := func(n int) string {
		return `<rss version="2.0" ` + mediaNS + `><channel><title>t</title><item><title>i</title>` +
			strings.Repeat(`<media:group><media:title>t</media:title></media:group>`, n) + `</item></channel></rss>`
	}
	doc := build(40000)
	var diags []Diagnostic
	f := parseTestFeed(t, doc, WithLimits(Limits{MaxPerEntry: -1, MaxNodes: -1}), WithDiagnostics(&diags))
	objs := len(f.Entries[0].MediaRSS)
	perObject := int(unsafe.Sizeof(MediaObject{}) + unsafe.Sizeof(MediaMetadata{}) + unsafe.Sizeof(Text{}))
	assert.Positive(t, objs)
	assert.LessOrEqual(t, objs*perObject, len(doc)+perObject, "at most the document's size: %d objects", objs)
	assert.Less(t, objs, 40000, "some groups are left out")
	n := 0
	for _, d := range diags {
		if d.Kind == DiagnosticLimit {
			n++
			assert.ErrorIs(t, d.Err, ErrLimit)
			assert.Contains(t, d.Message, "Media RSS")
		}
	}
	assert.Equal(t, 1, n, "one limit diagnostic")

	// A smaller document reads them all: 1,000 groups take 500 KB.
	f = parseTestFeed(t, build(1000), WithLimits(Limits{MaxPerEntry: -1}))
	assert.Len(t, f.Entries[0].MediaRSS, 1000)
}

package feedspec_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec"
)

// A hostileShape writes an input of about n bytes made of one construct
// repeated: the shapes whose heap per input byte SECURITY.md lists.
type hostileShape struct {
	name string
	json bool // a JSON Feed (read WithJSONFeed)
	size int  // the input's size when fixed (the figure), else 0
	make func(n int) []byte
}

// repeatShape returns head, then unit repeated until the input is about n
// bytes, then tail.
func repeatShape(head, unit, tail string) func(int) []byte {
	return func(n int) []byte {
		k := max(1, (n-len(head)-len(tail))/len(unit))
		var b bytes.Buffer
		b.Grow(len(head) + k*len(unit) + len(tail))
		b.WriteString(head)
		for range k {
			b.WriteString(unit)
		}
		b.WriteString(tail)
		return b.Bytes()
	}
}

const escapedHTMLUnit = "&lt;p&gt;&lt;b&gt;x&lt;/b&gt; &lt;a href=&quot;/a&quot;&gt;y&lt;/a&gt;&lt;/p&gt;"

var hostileShapes = []hostileShape{
	{name: "RSS <item/>", make: repeatShape("<rss><channel>", "<item/>", "</channel></rss>")},
	{name: "Atom <entry/>", make: repeatShape(`<feed xmlns="http://www.w3.org/2005/Atom">`, "<entry/>", "</feed>")},
	{name: "RSS small items", make: repeatShape("<rss><channel>",
		"<item><title>t</title><link>http://e.com/</link><guid>g</guid></item>", "</channel></rss>")},
	{name: "<atom:link> in one item", make: repeatShape(`<rss xmlns:atom="http://www.w3.org/2005/Atom"><channel><item>`,
		`<atom:link href="http://e.com/"/>`, "</item></channel></rss>")},
	{name: "Atom <link> in one entry", make: repeatShape(`<feed xmlns="http://www.w3.org/2005/Atom"><entry>`,
		`<link href="/x"/>`, "</entry></feed>")},
	{name: "<category> in one item", make: repeatShape("<rss><channel><item>", "<category>c</category>", "</item></channel></rss>")},
	{name: "<enclosure> in one item", make: repeatShape("<rss><channel><item>", `<enclosure url="/a"/>`, "</item></channel></rss>")},
	{name: "<author> in one item", make: repeatShape("<rss><channel><item>", "<author>a</author>", "</item></channel></rss>")},
	{name: "<atom:link> in the channel", make: repeatShape(`<rss xmlns:atom="http://www.w3.org/2005/Atom"><channel>`,
		`<atom:link href="http://e.com/"/>`, "</channel></rss>")},
	{name: "<category> in the channel", make: repeatShape("<rss><channel>", "<category>c</category>", "</channel></rss>")},
	{name: "unknown <x/> in the channel", make: repeatShape("<rss><channel>", "<x/>", "</channel></rss>")},
	{name: "text between elements", make: repeatShape("<rss><channel>", "<x/>a", "</channel></rss>")},
	{name: "comments", make: repeatShape("<rss><channel>", "<!---->", "</channel></rss>")},
	{name: "attributes", make: repeatShape("<rss><channel>", `<x a="" b="" c="" d="" e="" f="" g="" h=""/>`, "</channel></rss>")},
	{name: "escaped HTML in one item", make: repeatShape("<rss><channel><item><description>", escapedHTMLUnit, "</description></item></channel></rss>")},
	{name: "escaped <i>x</i> in one item", make: repeatShape("<rss><channel><item><description>", "&lt;i&gt;x&lt;/i&gt;", "</description></item></channel></rss>")},
	{name: "escaped HTML items", make: repeatShape("<rss><channel>", "<item><description>"+escapedHTMLUnit+"</description></item>", "</channel></rss>")},
	// The elements of issue 38: Media RSS objects (their metadata shared
	// by a group's contents), live items (entries of their own), chapters.
	{name: "<media:content> in one item", make: repeatShape(`<rss xmlns:media="http://search.yahoo.com/mrss/"><channel><item>`,
		`<media:content url="/a"/>`, "</item></channel></rss>")},
	{name: "items of a Media RSS group", make: repeatShape(`<rss xmlns:media="http://search.yahoo.com/mrss/"><channel>`,
		`<item><media:title>t</media:title><media:group><media:content url="/a"/><media:content url="/b"/></media:group></item>`, "</channel></rss>")},
	{name: "<podcast:liveItem/> in the channel", make: repeatShape(`<rss xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel>`,
		"<podcast:liveItem/>", "</channel></rss>")},
	{name: "<psc:chapter> in one item", make: repeatShape(`<rss xmlns:psc="http://podlove.org/simple-chapters"><channel><item><psc:chapters>`,
		`<psc:chapter start="1"/>`, "</psc:chapters></item></channel></rss>")},
	{name: "RSS 100,000 <item/> (700 KB)", size: 700000, make: repeatShape("<rss><channel>", "<item/>", "</channel></rss>")},
	{name: "JSON Feed 100,000 {} (300 KB)", size: 300000, json: true, make: repeatShape(`{"version":"https://jsonfeed.org/version/1.1","items":[{}`, ",{}", "]}")},
	{name: "JSON Feed {}", json: true, make: repeatShape(`{"version":"https://jsonfeed.org/version/1.1","items":[{}`, ",{}", "]}")},
}

// A readMode is how the feed is read: parsed only, or then read as a
// reader does (every entry's content through SafeHTML and PlainText, the
// feed marshalled to JSON).
type readMode struct {
	name       string
	noDocument bool
	read       bool
	response   bool // through ParseResponse (a 200 response holding the input)
}

var readModes = []readMode{
	{"ParseDocument", false, false, false},
	{"ParseDocument WithoutDocument", true, false, false},
	{"read (SafeHTML, PlainText, JSON)", false, true, false},
	{"read WithoutDocument", true, true, false},
	{"ParseResponse WithoutDocument", true, false, true},
}

// parse parses in as m says.
func parse(in []byte, s hostileShape, m readMode) (*feedspec.Feed, error) {
	var opts []feedspec.Option
	if s.json {
		opts = append(opts, feedspec.WithJSONFeed())
	}
	if m.noDocument {
		opts = append(opts, feedspec.WithoutDocument())
	}
	if m.response {
		ct := "application/rss+xml"
		if s.json {
			ct = "application/feed+json"
		}
		res := &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": {ct}},
			Body: io.NopCloser(bytes.NewReader(in)), Request: httptest.NewRequest(http.MethodGet, "http://example.com/feed", nil)}
		return feedspec.ParseResponse(res, opts...)
	}
	return feedspec.ParseDocument(bytes.NewReader(in), opts...)
}

// The memory a call needs is measured without sampling the heap, whose
// size at any moment depends on when the collector last ran (and so on
// the machine's load):
//
//   - a parse needs at most the bytes it allocates (TotalAlloc), with the
//     collector off while it runs: that is its peak above the heap before
//     it, with the collector off, and an upper bound of it otherwise;
//   - reading the feed (SafeHTML and PlainText of every entry's title,
//     summary and content, json.Marshal of the feed) needs at most what
//     is reachable after the parse, plus what the reading keeps, plus the
//     most one call allocates: the peak if the collector ran between
//     calls. Each of the first 256 calls is counted alone, the others 64
//     at a time (entries past the 128th, whose calls are as small as the
//     first ones', are not read one by one, so that a feed of 65,536
//     entries is read in seconds).
//
// memStats returns the bytes allocated so far and the live heap after two
// full collections when collect is set (the first moves sync.Pools'
// contents to their victim caches, the second frees them).
func memStats(collect bool) (allocated, live uint64) {
	if collect {
		runtime.GC()
		runtime.GC()
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc, m.HeapAlloc
}

// measureShape returns the heap per input byte that parsing (and, when
// m.read, reading) an input of shape s of about n bytes needs at most, as
// said above, the input's size and the number of entries.
func measureShape(s hostileShape, m readMode, n int) (ratio float64, size, entries int, err error) {
	if s.size > 0 {
		n = s.size
	}
	in := s.make(n)
	alloc0, live0 := memStats(true)
	gc := debug.SetGCPercent(-1)
	f, err := parse(in, s, m)
	alloc1, _ := memStats(false)
	debug.SetGCPercent(gc)
	need := alloc1 - alloc0
	if f != nil {
		entries = len(f.Entries)
	}
	if f != nil && m.read {
		_, live1 := memStats(true)
		var most, calls uint64
		last, _ := memStats(false)
		call := func(fn func()) {
			fn()
			calls++
			if calls <= 256 || calls%64 == 0 {
				now, _ := memStats(false)
				most = max(most, now-last)
				last = now
			}
		}
		for _, e := range f.Entries {
			for _, t := range []*feedspec.Text{e.Title, e.Summary, e.Content} {
				call(func() { _ = feedspec.SafeHTML(t, "") })
				call(func() { _ = feedspec.PlainText(t) })
			}
		}
		now, _ := memStats(false)
		most = max(most, now-last)
		last = now
		var jerr error
		call(func() { _, jerr = json.Marshal(f) })
		now, _ = memStats(false)
		most = max(most, now-last)
		if jerr != nil && err == nil {
			err = jerr
		}
		_, live2 := memStats(true)
		kept := uint64(0)
		if live2 > live1 {
			kept = live2 - live1
		}
		need = max(need, live1-min(live1, live0)+kept+most)
	}
	runtime.KeepAlive(f)
	return float64(need) / float64(len(in)), len(in), entries, err
}

// TestBoundedOutputTable prints, for each hostile shape, the peak heap per
// input byte of ParseDocument with and without the document, and of
// reading the feed as a reader does. It runs when FEEDSPEC_BOUNDED_TABLE is
// set, to the input size in MB (default 16); FEEDSPEC_BOUNDED_SHAPES, when
// set, keeps the shapes whose names contain it:
//
//	FEEDSPEC_BOUNDED_TABLE=64 go test -count=1 -run TestBoundedOutputTable -v .
func TestBoundedOutputTable(t *testing.T) {
	v := os.Getenv("FEEDSPEC_BOUNDED_TABLE")
	if v == "" {
		t.Skip("set FEEDSPEC_BOUNDED_TABLE (input MB) to print the table")
	}
	mb, err := strconv.ParseFloat(v, 64)
	if err != nil || mb <= 0 {
		mb = 16
	}
	n := int(mb * (1 << 20))
	var b strings.Builder
	fmt.Fprintf(&b, "\n| shape (about %g MB) | entries |", mb)
	for _, m := range readModes {
		fmt.Fprintf(&b, " %s |", m.name)
	}
	b.WriteString("\n|---|---:|")
	for range readModes {
		b.WriteString("---:|")
	}
	b.WriteString("\n")
	only := os.Getenv("FEEDSPEC_BOUNDED_SHAPES") // a part of the names of the shapes to measure
	for _, s := range hostileShapes {
		if !strings.Contains(s.name, only) {
			continue
		}
		var row strings.Builder
		entries := 0
		for _, m := range readModes {
			ratio, _, e, err := measureShape(s, m, n)
			entries = e
			cell := fmt.Sprintf(" %.1f", ratio)
			if err != nil {
				cell += " (limit)"
			}
			row.WriteString(cell + " |")
		}
		fmt.Fprintf(&b, "| %s | %d |%s\n", s.name, entries, row.String())
	}
	t.Log(b.String())
}

// knownOverBound lists the shapes and modes (readModes' names) that
// TestBoundedOutput measures over SECURITY.md's bound, with the reason
// and the bound they are held to meanwhile (listed in SECURITY.md's known
// costs).
var knownOverBound = map[[2]string]struct {
	why   string
	bound float64
}{
	// 16.7 counted at 4 MiB (17.8 before the Media RSS budget was a
	// quarter of the input's size; 12.6 through ParseDocument
	// WithoutDocument, which has no URL to resolve the enclosures against,
	// plus the response's body and the URLs); since issue 38's Media RSS
	// objects.
	{"items of a Media RSS group", "ParseResponse WithoutDocument"}: {"each item's Media RSS group and contents beside its entry, and the response's body", 18},
}

// TestBoundedOutput checks that no hostile shape makes ParseDocument or
// ParseResponse need more than 16 bytes of heap per input byte
// WithoutDocument and 32 with the document, and that reading the feed as a
// reader does (SafeHTML, PlainText, JSON) stays within 32: what an input
// becomes is bounded by MaxNodes, MaxItems and MaxPerEntry, not only its
// size. Inputs of 4 MiB (1.5 MiB with -short); before these limits,
// "<item/>" repeated peaked at 85 bytes per input byte. The heap needed is
// counted as measureShape says, never sampled: the verdict does not depend
// on the machine's load.
func TestBoundedOutput(t *testing.T) {
	n := 4 << 20
	if testing.Short() {
		n = 3 << 19
	}
	for _, s := range hostileShapes {
		for _, m := range readModes {
			if m == readModes[2] {
				continue // read with the document: as read WithoutDocument, and the document's tree
			}
			ratio, size, entries, err := measureShape(s, m, n)
			if err != nil {
				require.ErrorIs(t, err, feedspec.ErrLimit, "%s, %s", s.name, m.name)
			}
			t.Logf("%s, %s: %.1f bytes of heap per input byte (%d bytes, %d entries, %v)", s.name, m.name, ratio, size, entries, err)
			bound := 32.0
			if m.noDocument && !m.read { // ParseDocument or ParseResponse WithoutDocument
				bound = 16
			}
			if over, ok := knownOverBound[[2]string{s.name, m.name}]; ok {
				// Held where it is, and failed once it is within the
				// bound, so that the line is removed.
				assert.Greater(t, ratio, bound, "%s, %s: within %g bytes per input byte now: remove it from knownOverBound (%s)", s.name, m.name, bound, over.why)
				bound = over.bound
			}
			assert.LessOrEqual(t, ratio, bound, "%s, %s: heap needed per input byte", s.name, m.name)
		}
	}
}

// rssItems returns an RSS feed of n items whose titles are their indexes.
func rssItems(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`<rss version="2.0"><channel><title>c</title>`)
	for i := range n {
		b.WriteString("<item><title>" + strconv.Itoa(i) + "</title></item>")
	}
	b.WriteString("</channel></rss>")
	return b.Bytes()
}

// TestMaxItemsXML checks that MaxItems bounds the entries of an XML feed:
// the feed holds the entries before the limit and the error says which
// limit and where.
func TestMaxItemsXML(t *testing.T) {
	f, err := feedspec.ParseDocument(bytes.NewReader(rssItems(250)), feedspec.WithLimits(feedspec.Limits{MaxItems: 100}))
	require.ErrorIs(t, err, feedspec.ErrLimit)
	var le *feedspec.LimitError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, "MaxItems", le.Limit)
	assert.EqualValues(t, 100, le.Value)
	assert.Positive(t, le.Offset)
	assert.True(t, strings.HasPrefix(err.Error(), "feedspec: limit reached: MaxItems (100) at line 1, byte offset "), err.Error())
	require.NotNil(t, f)
	require.Len(t, f.Entries, 100)
	assert.Equal(t, "c", f.Title.String())
	for i, e := range f.Entries {
		assert.Equal(t, strconv.Itoa(i), e.Title.String())
	}

	// Atom, and the budget that follows the size: 80,000 "<entry/>" in
	// 640 KB make 4,266 entries (one per 150 bytes).
	atom := repeatShape(`<feed xmlns="http://www.w3.org/2005/Atom"><title>a</title>`, "<entry/>", "</feed>")(640000)
	f, err = feedspec.ParseDocument(bytes.NewReader(atom), feedspec.WithoutDocument())
	require.ErrorIs(t, err, feedspec.ErrLimit)
	require.NotNil(t, f)
	assert.Equal(t, len(atom)/150, len(f.Entries))
	assert.Equal(t, "a", f.Title.String())

	// No limit.
	f, err = feedspec.ParseDocument(bytes.NewReader(atom), feedspec.WithLimits(feedspec.Limits{MaxItems: -1, MaxNodes: -1}))
	require.NoError(t, err)
	assert.Equal(t, bytes.Count(atom, []byte("<entry/>")), len(f.Entries))
}

// TestMaxPerEntry checks that an entry's (and the feed's) links,
// categories, enclosures and authors beyond MaxPerEntry are left out, the
// parse going on, with one DiagnosticLimit per list wrapping ErrLimit.
func TestMaxPerEntry(t *testing.T) {
	const k = 5
	item := "<item><title>i</title>" +
		strings.Repeat(`<category>c</category><enclosure url="http://e.com/a.mp3"/><author>a@e.com (A)</author><atom:link href="http://e.com/"/>`, k) +
		"</item>"
	doc := `<rss xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>c</title>` +
		strings.Repeat(`<category>c</category><atom:link href="http://e.com/"/>`, 10*k) + item + item + `</channel></rss>`
	var diags []feedspec.Diagnostic
	f, err := feedspec.ParseDocument(strings.NewReader(doc), feedspec.WithLimits(feedspec.Limits{MaxPerEntry: 3}), feedspec.WithDiagnostics(&diags))
	require.NoError(t, err)
	require.Len(t, f.Entries, 2)
	for _, e := range f.Entries {
		assert.Len(t, e.CategoryDetails, 3)
		assert.Len(t, e.Enclosures, 3)
		assert.Len(t, e.Authors, 3)
		assert.Len(t, e.Links, 3)
		assert.Equal(t, "i", e.Title.String())
	}
	assert.Len(t, f.CategoryDetails, 30, "the feed reads 10 times as many")
	assert.Len(t, f.Links, 30)
	limits := 0
	for _, d := range diags {
		if d.Kind == feedspec.DiagnosticLimit {
			limits++
			require.ErrorIs(t, d.Err, feedspec.ErrLimit)
			var le *feedspec.LimitError
			require.ErrorAs(t, d.Err, &le)
			assert.Equal(t, "MaxPerEntry", le.Limit)
			assert.NotContains(t, d.Err.Error(), "xml5")
			assert.Contains(t, d.Message, "MaxPerEntry")
			assert.Positive(t, d.Line)
		}
	}
	assert.Equal(t, 2+2*4, limits, "one diagnostic per list cut: the feed's 2, each entry's 4")

	// The default lets the same document through.
	diags = nil
	f, err = feedspec.ParseDocument(strings.NewReader(doc), feedspec.WithDiagnostics(&diags))
	require.NoError(t, err)
	assert.Len(t, f.Entries[0].Enclosures, k)
	for _, d := range diags {
		assert.NotEqual(t, feedspec.DiagnosticLimit, d.Kind)
	}
}

// TestMaxNodes checks that a document of many small nodes stops at the
// tree's budget with the feed read before it.
func TestMaxNodes(t *testing.T) {
	in := repeatShape("<rss><channel><title>t</title><item><title>i</title></item>", "<x/>", "</channel></rss>")(2 << 20)
	f, err := feedspec.ParseDocument(bytes.NewReader(in))
	require.ErrorIs(t, err, feedspec.ErrLimit)
	var le *feedspec.LimitError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, "MaxNodes", le.Limit)
	assert.EqualValues(t, len(in)/16, le.Value, "the budget follows the input's size")
	require.NotNil(t, f)
	assert.Equal(t, "t", f.Title.String())
	require.Len(t, f.Entries, 1)

	f, err = feedspec.ParseDocument(bytes.NewReader(in), feedspec.WithLimits(feedspec.Limits{MaxNodes: -1}))
	require.NoError(t, err)
	assert.Len(t, f.Entries, 1)
}

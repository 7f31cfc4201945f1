package feedspec_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/feedspec/feedspec"
)

// A hostileShape writes an input of about n bytes made of one construct
// repeated: the shapes whose heap per input byte SECURITY.md lists.
type hostileShape struct {
	name string
	json bool // a JSON Feed (read WithJSONFeed)
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
	{name: "JSON Feed {}", json: true, make: repeatShape(`{"version":"https://jsonfeed.org/version/1.1","items":[{}`, ",{}", "]}")},
}

// A readMode is how the feed is read: parsed only, or then read as a
// reader does (every entry's content through SafeHTML and PlainText, the
// feed marshalled to JSON).
type readMode struct {
	name       string
	noDocument bool
	read       bool
}

var readModes = []readMode{
	{"ParseDocument", false, false},
	{"ParseDocument WithoutDocument", true, false},
	{"read (SafeHTML, PlainText, JSON)", false, true},
	{"read WithoutDocument", true, true},
}

// parseAndRead parses in as m says and, when m.read, reads it as a reader
// does.
func parseAndRead(in []byte, s hostileShape, m readMode) (*feedspec.Feed, error) {
	var opts []feedspec.Option
	if s.json {
		opts = append(opts, feedspec.WithJSONFeed())
	}
	if m.noDocument {
		opts = append(opts, feedspec.WithoutDocument())
	}
	f, err := feedspec.ParseDocument(bytes.NewReader(in), opts...)
	if f == nil || !m.read {
		return f, err
	}
	for _, e := range f.Entries {
		for _, t := range []*feedspec.Text{e.Title, e.Summary, e.Content} {
			_ = feedspec.SafeHTML(t, "")
			_ = feedspec.PlainText(t)
		}
	}
	if _, jerr := json.Marshal(f); jerr != nil {
		return f, jerr
	}
	return f, err
}

// peakHeap runs fn and returns the peak of the heap's object bytes while it
// ran, above the heap before it (after a collection), read every 50µs.
func peakHeap(fn func()) uint64 {
	runtime.GC()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var peak uint64
	wg.Add(1)
	go func() {
		defer wg.Done()
		m := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		t := time.NewTicker(50 * time.Microsecond)
		defer t.Stop()
		for {
			metrics.Read(m)
			peak = max(peak, m[0].Value.Uint64())
			select {
			case <-stop:
				metrics.Read(m)
				peak = max(peak, m[0].Value.Uint64())
				return
			case <-t.C:
			}
		}
	}()
	fn()
	close(stop)
	wg.Wait()
	if peak < before.HeapAlloc {
		return 0
	}
	return peak - before.HeapAlloc
}

// measureShape returns the peak heap per input byte of parsing (and
// reading) an input of shape s of about n bytes, the input's size and the
// number of entries.
func measureShape(s hostileShape, m readMode, n int) (ratio float64, size, entries int, err error) {
	in := s.make(n)
	var f *feedspec.Feed
	peak := peakHeap(func() {
		f, err = parseAndRead(in, s, m)
		if f != nil {
			entries = len(f.Entries)
		}
		runtime.KeepAlive(f)
	})
	return float64(peak) / float64(len(in)), len(in), entries, err
}

// TestBoundedOutputTable prints, for each hostile shape, the peak heap per
// input byte of ParseDocument with and without the document, and of
// reading the feed as a reader does. It runs when FEEDSPEC_BOUNDED_TABLE is
// set, to the input size in MB (default 16):
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
	for _, s := range hostileShapes {
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

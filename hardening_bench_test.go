package feedspec

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A hostileShape builds a hostile document whose size grows linearly with k.
type hostileShape struct {
	name string
	base int // the smallest k; the benchmark runs k, 2k, 4k and 8k
	gen  func(k int) []byte
	use  func(f *Feed) // what is done with the feed besides parsing; may be nil
}

// hostileShapes are the shapes of hardening_test.go, sized by k.
var hostileShapes = []hostileShape{
	{"laughs", 1000, func(k int) []byte {
		// k references to an entity worth 10^9 "lol"s.
		d := billionLaughs(9)
		i := bytes.Index(d, []byte("<title>")) + len("<title>")
		return append(append(append([]byte{}, d[:i]...), strings.Repeat("&lol9;", k)...), d[i:]...)
	}, nil},
	{"quadratic", 1000, func(k int) []byte {
		return []byte(`<!DOCTYPE rss [<!ENTITY big "` + strings.Repeat("x", 4096) + `">]><rss version="2.0"><channel><title>` +
			strings.Repeat("&big;", k) + `</title></channel></rss>`)
	}, nil},
	{"loops", 1000, func(k int) []byte {
		return []byte(`<!DOCTYPE rss [<!ENTITY a "1&b;"><!ENTITY b "2&a;">]><rss version="2.0"><channel><title>` +
			strings.Repeat("&a;", k) + `</title></channel></rss>`)
	}, nil},
	{"deep", 1200, func(k int) []byte { // 8k stays below the default MaxDepth
		return rssWith("<item><description>" + strings.Repeat("<x>", k) + "</description></item>")
	}, nil},
	{"deep-beyond-limit", 100000, func(k int) []byte {
		return rssWith("<item><description>" + strings.Repeat("<x>", k) + "</description></item>")
	}, nil},
	{"attributes", 1200, func(k int) []byte { // 8k stays below the default MaxAttributes
		var b strings.Builder
		for i := 0; i < k; i++ {
			fmt.Fprintf(&b, ` a%d="v"`, i)
		}
		return rssWith("<item><title" + b.String() + ">t</title></item>")
	}, nil},
	{"duplicate-attributes", 100000, func(k int) []byte {
		return rssWith("<item><title" + strings.Repeat(` a="v"`, k) + ">t</title></item>")
	}, nil},
	{"long-name", 1 << 20, func(k int) []byte {
		n := strings.Repeat("n", k)
		return rssWith("<item><title>t</title><" + n + ">x</" + n + "></item>")
	}, nil},
	{"long-text", 1 << 20, func(k int) []byte {
		return rssWith("<item><title>t</title><description>" + strings.Repeat("w", k) + "</description></item>")
	}, func(f *Feed) { _ = f.Entries[1].Summary.String() }},
	{"escaped-html", 1 << 18, func(k int) []byte {
		return rssWith("<item><title>t</title><description>&lt;p&gt;" + strings.Repeat("w &lt;b&gt;b&lt;/b&gt; ", k/25) + "</description></item>")
	}, func(f *Feed) { _ = f.Entries[1].Summary.HTML() }},
	{"escaped-html-deep", 10000, func(k int) []byte {
		return rssWith("<item><title>t</title><description>" + strings.Repeat("&lt;div&gt;", k) + "</description></item>")
	}, func(f *Feed) { _ = f.Entries[1].Summary.HTML() }},
	{"entries", 10000, func(k int) []byte {
		var b bytes.Buffer
		b.WriteString(`<rss version="2.0"><channel><title>many</title>`)
		for i := 0; i < k; i++ {
			fmt.Fprintf(&b, "<item><title>%d</title><link>http://example.com/%d</link></item>", i, i)
		}
		b.WriteString("</channel></rss>")
		return b.Bytes()
	}, nil},
	{"comments-in-title", 100000, func(k int) []byte {
		return rssWith("<item><title>a" + strings.Repeat("<!---->b", k) + "</title></item>")
	}, nil},
	{"pis-in-prolog", 100000, func(k int) []byte {
		return append([]byte(strings.Repeat("<?a?>", k)), rssWith("")...)
	}, nil},
	{"invalid-utf8", 1 << 20, func(k int) []byte {
		return rssWith("<item><title>" + strings.Repeat("\xff", k) + "</title></item>")
	}, nil},
	{"nul-bytes", 1 << 20, func(k int) []byte {
		return rssWith("<item><title>" + strings.Repeat("\x00", k) + "</title></item>")
	}, nil},
	{"char-refs", 100000, func(k int) []byte {
		return rssWith("<item><title>" + strings.Repeat("&#xD800;&#x110000;", k) + "</title></item>")
	}, nil},
}

// BenchmarkHostile parses each hostile shape at sizes k, 2k, 4k and 8k:
// with linear growth the ns/byte (the inverse of MB/s) and B/byte stay the
// same across sizes.
//
//	go test -run '^$' -bench BenchmarkHostile -benchtime 3x .
func BenchmarkHostile(b *testing.B) {
	for _, s := range hostileShapes {
		for _, mult := range []int{1, 2, 4, 8} {
			k := s.base * mult
			doc := s.gen(k)
			b.Run(fmt.Sprintf("%s/k=%d", s.name, k), func(b *testing.B) {
				b.SetBytes(int64(len(doc)))
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					feed, err := ParseDocument(bytes.NewReader(doc))
					if feed == nil {
						require.Fail(b, "ParseDocument gave no feed", err) // in the failure branch only: no allocation in the timed loop
					}
					if s.use != nil {
						s.use(feed)
					}
				}
			})
		}
	}
}

// BenchmarkHostileMillionEntries parses a feed of a million entries (about
// 60 MB), which TestHostileManyEntries, to stay within its time, does with
// 100,000.
func BenchmarkHostileMillionEntries(b *testing.B) {
	var shape hostileShape
	for _, s := range hostileShapes {
		if s.name == "entries" {
			shape = s
		}
	}
	doc := shape.gen(1000000)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		feed, err := ParseDocument(bytes.NewReader(doc))
		if err != nil || len(feed.Entries) != 1000000 {
			require.NoError(b, err)
			require.Len(b, feed.Entries, 1000000)
		}
	}
}

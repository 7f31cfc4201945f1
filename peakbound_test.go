package feedspec

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/xml5"
)

// A peakShape writes a document of about n bytes of one of issue 34's
// finding 3 shapes (Atom entries carrying xml:base; entity expansions
// within the budget), or of the shapes found with them (relative
// references, which ran the URL parser each).
type peakShape struct {
	name, contentType string
	doc               func(n int) string
}

// repeatTo returns head, then unit(i) for i = 0, 1, ... until the document
// is about n bytes, then tail.
func repeatTo(n int, head string, unit func(i int) string, tail string) string {
	var b strings.Builder
	b.Grow(n + 256)
	b.WriteString(head)
	for i := 0; b.Len()+len(tail) < n; i++ {
		b.WriteString(unit(i))
	}
	b.WriteString(tail)
	return b.String()
}

// fixed returns a unit function giving s each time.
func fixed(s string) func(int) string { return func(int) string { return s } }

const atomHead = `<feed xmlns="http://www.w3.org/2005/Atom">`

// bigEntity declares the entity big, 10,000 bytes of "y".
var bigEntity = `<!DOCTYPE x [<!ENTITY big "` + strings.Repeat("y", 10000) + `">]>`

var peakShapes = []peakShape{
	{"Atom entries with the same xml:base", "application/atom+xml", func(n int) string {
		return repeatTo(n, atomHead, fixed(`<entry xml:base="http://example.com/a/b/"><id>x</id><link href="c"/></entry>`), `</feed>`)
	}},
	{"Atom entries with an xml:base each", "application/atom+xml", func(n int) string {
		return repeatTo(n, atomHead, func(i int) string {
			return fmt.Sprintf(`<entry xml:base="/%d/"><link href="c"/></entry>`, i)
		}, `</feed>`)
	}},
	{"Atom entries with an xml:base each, for the URL parser", "application/atom+xml", func(n int) string {
		return repeatTo(n, atomHead, func(i int) string {
			return fmt.Sprintf(`<entry xml:base="HTTP://E.COM/%d/"><link href="c"/></entry>`, i)
		}, `</feed>`)
	}},
	{"Atom links with an xml:base each", "application/atom+xml", func(n int) string {
		return repeatTo(n, atomHead+`<entry>`, func(i int) string {
			return fmt.Sprintf(`<link xml:base="/%d/" href="c"/>`, i)
		}, `</entry></feed>`)
	}},
	{"Atom links for the URL parser, 999 an entry", "application/atom+xml", func(n int) string {
		return repeatTo(n, atomHead+`<entry>`, func(i int) string {
			s := fmt.Sprintf(`<link href="a\%d"/>`, i)
			if i%999 == 998 {
				s += `</entry><entry>`
			}
			return s
		}, `</entry></feed>`)
	}},
	{"Atom HTML content of &big;", "application/atom+xml", func(n int) string {
		return repeatTo(n, bigEntity+atomHead+`<entry><content type="html">`, fixed(`&big;`), `</content></entry></feed>`)
	}},
	{"Atom text content of &big;", "application/atom+xml", func(n int) string {
		return repeatTo(n, bigEntity+atomHead+`<entry><content>`, fixed(`&big;`), `</content></entry></feed>`)
	}},
	{"RSS description of &amp;x; then &big;", "application/rss+xml", func(n int) string {
		return repeatTo(n, bigEntity+`<rss><channel><item><description>&amp;x;`, fixed(`&big;`), `</description></item></channel></rss>`)
	}},
	{"Atom entries titled &big;", "application/atom+xml", func(n int) string {
		return repeatTo(n, bigEntity+atomHead, fixed(`<entry><title>&big;</title></entry>`), `</feed>`)
	}},
	{"RSS enclosure URLs of &u;", "application/rss+xml", func(n int) string {
		return repeatTo(n, `<!DOCTYPE x [<!ENTITY u "http://example.com/`+strings.Repeat("u", 1000)+`">]><rss><channel><item>`,
			fixed(`<enclosure url="&u;"/>`), `</item></channel></rss>`)
	}},
}

// manyLinksShape: links, each a few bytes and a distinct URL, 999 in each
// of many entries. Each is a Link in the model (104 bytes) and its URL
// resolved (its bytes) as well as a tree node: the document's budget of
// list elements (listBudget) and moveStrings' copies of short strings
// without an index keep it within the bounds (it was 21.6 bytes a byte
// WithoutDocument, 356 MiB for a 16 MiB poll as the Fetcher).
var manyLinksShape = peakShape{"Atom relative links, 999 an entry", "application/atom+xml", func(n int) string {
	return repeatTo(n, atomHead+`<entry>`, func(i int) string {
		s := fmt.Sprintf(`<link href="a%d"/>`, i)
		if i%999 == 998 {
			s += `</entry><entry>`
		}
		return s
	}, `</entry></feed>`)
}}

// jsonAttachmentsShape: JSON Feed items of 900 attachments each, with a
// relative URL each: a map of each attachment's members cost it 46 bytes
// a byte as the Fetcher; one map used again, 15.4.
var jsonAttachmentsShape = peakShape{"JSON Feed attachments with relative URLs, 900 an item", "application/feed+json", func(n int) string {
	return repeatTo(n, `{"version":"https://jsonfeed.org/version/1.1","title":"t","items":[{"id":"0","attachments":[{"url":"a"}`, func(i int) string {
		s := fmt.Sprintf(`,{"url":"a%d"}`, i)
		if i%900 == 899 {
			s += fmt.Sprintf(`]},{"id":"%d","attachments":[{"url":"a"}`, i)
		}
		return s
	}, `]}]}`)
}}

// jsonMode returns m for shape s: for a JSON Feed, ParseDocument's modes
// read it WithJSONFeed (the Fetcher's always does).
func jsonMode(m parseMode, s peakShape) parseMode {
	if s.contentType != jsonAttachmentsShape.contentType || m.name == "Fetcher" {
		return m
	}
	opts := []Option{WithURL("https://example.com/feed.json"), WithJSONFeed()}
	if m.name == "WithoutDocument" {
		opts = append(opts, WithoutDocument())
	}
	return parseMode{m.name, func(in []byte, _ string) (*Feed, error) {
		return ParseDocument(bytes.NewReader(in), opts...)
	}}
}

// documentText returns the bytes of text the document in becomes when
// parsed as mode parses it, its entities expanded: its decoded size, plus
// what the entities added (every text and attribute value of the tree
// beyond the input, counted as the tree's text and attribute bytes minus
// the input's, when that is more).
func documentText(t *testing.T, in string, mode string) int {
	t.Helper()
	opts := []xml5.Option{}
	if mode == "Fetcher" {
		opts = append(opts, xml5.WithRecovery(), xml5.WithLimits(xml5.Limits{
			MaxEntityExpansion: int(max(1, DefaultFetchMaxBodySize-int64(len(in)))),
		}))
	}
	doc, _ := xml5.Parse(strings.NewReader(in), opts...)
	require.NotNil(t, doc)
	n := 0
	var walk func(*xml5.Node)
	walk = func(x *xml5.Node) {
		for c := x; c != nil; c = c.NextSibling {
			n += len(c.Data)
			for _, a := range c.Attr {
				n += len(a.Value)
			}
			if c.FirstChild != nil {
				walk(c.FirstChild)
			}
		}
	}
	walk(doc.Node)
	return max(len(in), n)
}

// TestPeakPerByte parses each peakShape at n and 8n bytes in each
// parseMode and asserts, from bytes allocated with the collector off (an
// upper bound of the peak), at most 16 bytes per byte of document text
// (the input, plus what its entities add) WithoutDocument, 18 as the
// Fetcher parses (ParseResponse holds the response's body as well, and
// recovery resolves URLs against xml:base) and 32 keeping the document,
// and at most 12 times the bytes for 8 times the input. The
// bounds per byte hold from 1 MiB of input on: below, the budgets' floors
// (16,384 tree nodes, 2,500 entries, 1,024 URL parser runs) weigh more.
func TestPeakPerByte(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's bookkeeping allocates too")
	}
	n := 1 << 20
	if testing.Short() {
		n = 128 << 10
	}
	bounds := map[string]float64{"ParseDocument": 32, "WithoutDocument": 16, "Fetcher": 18}
	for _, s := range append(peakShapes[:len(peakShapes):len(peakShapes)], manyLinksShape, jsonAttachmentsShape, mediaGroupShape) {
		for _, m := range parseModes {
			m := jsonMode(m, s)
			t.Run(s.name+"/"+m.name, func(t *testing.T) {
				bound := bounds[m.name]
				var small uint64
				for _, size := range []int{n, 8 * n} {
					in := []byte(s.doc(size))
					var f *Feed
					var err error
					alloc := countedPeak(func() { f, err = m.parse(in, s.contentType) })
					if err != nil {
						require.ErrorIs(t, err, ErrLimit, "the only error is a limit's")
					}
					require.NotNil(t, f)
					text := len(in)
					if s.contentType != jsonAttachmentsShape.contentType {
						text = documentText(t, string(in), m.name)
					}
					perByte := float64(alloc) / float64(text)
					t.Logf("%d bytes in, %d of text: %d allocated, %.2f a byte of text (%.2f of input)", len(in), text, alloc, perByte, float64(alloc)/float64(len(in)))
					if len(in) >= 1<<20 {
						assert.LessOrEqual(t, perByte, bound, "bytes allocated per byte of document text, %d bytes in", len(in))
					}
					if size == n {
						small = alloc
					} else {
						ratio := float64(alloc) / float64(small)
						t.Logf("8 times the input: %.2f times the bytes", ratio)
						assert.LessOrEqual(t, ratio, 12.0, "bytes allocated for 8 times the input")
					}
				}
			})
		}
	}
}

// TestFetcherPollUnder256MiB parses each peakShape at the Fetcher's body
// limit (16 MiB) as a Fetcher does and asserts that the bytes allocated
// with the collector off, an upper bound of the poll's peak, stay under
// 256 MiB.
func TestFetcherPollUnder256MiB(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("16 MiB documents")
	}
	fetcher := parseModes[2]
	require.Equal(t, "Fetcher", fetcher.name)
	for _, s := range append(peakShapes[:len(peakShapes):len(peakShapes)], manyLinksShape, jsonAttachmentsShape, mediaGroupShape) {
		in := []byte(s.doc(DefaultFetchMaxBodySize - 64))
		require.LessOrEqual(t, len(in), DefaultFetchMaxBodySize)
		var err error
		alloc := countedPeak(func() { _, err = fetcher.parse(in, s.contentType) })
		if err != nil {
			require.ErrorIs(t, err, ErrLimit, "%s: the only error is a limit's", s.name)
		}
		t.Logf("%s: %d bytes in, %.1f MiB allocated", s.name, len(in), float64(alloc)/(1<<20))
		assert.Less(t, alloc, uint64(256<<20), "%s: bytes allocated by a poll at the Fetcher's body limit", s.name)
	}
}

// TestResponseExpansionWithinBodyLimit checks that ParseResponse expands a
// document's entities to no more than its body limit: with a 64 KiB limit
// and a 1,000-byte entity referenced 200 times in a body of about 2 KB,
// the references past the limit stay as written, where ParseDocument
// expands them all; and that WithLimits' own cap still applies when lower.
func TestResponseExpansionWithinBodyLimit(t *testing.T) {
	in := []byte(`<!DOCTYPE rss [<!ENTITY e "` + strings.Repeat("x", 1000) + `">]><rss><channel><title>` +
		strings.Repeat("&e;", 200) + `</title></channel></rss>`)
	const limit = 64 << 10
	f, err := ParseResponse(memResponse(in, -1, "Content-Type", "application/rss+xml"), WithMaxBodySize(limit))
	require.NoError(t, err)
	title := f.Title.String()
	expanded := strings.Count(title, strings.Repeat("x", 1000))
	assert.Equal(t, (limit-len(in))/1000, expanded, "references expanded within the body limit")
	assert.Equal(t, 200-expanded, strings.Count(title, "&e;"), "references left as written")
	assert.LessOrEqual(t, len(title), limit, "the title within the body limit")

	all, err := ParseDocument(bytes.NewReader(in))
	require.NoError(t, err)
	assert.Equal(t, 200, strings.Count(all.Title.String(), strings.Repeat("x", 1000)), "ParseDocument expands every reference")

	f, err = ParseResponse(memResponse(in, -1, "Content-Type", "application/rss+xml"), WithMaxBodySize(limit), WithLimits(Limits{MaxEntityExpansion: 5000}))
	require.NoError(t, err)
	assert.Equal(t, 5, strings.Count(f.Title.String(), strings.Repeat("x", 1000)), "WithLimits' lower cap")
}

package xml5

import (
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/docmem"
)

// A textGrowthShape is a text built from references, each read by refText
// or expanded into more bytes than its source, repeated k times (issue 34,
// finding 1): before growText's chunks grew geometrically, each reference
// after an expansion copied the text into a new chunk of about the rest of
// the input, so that k references cost about k times the input.
type textGrowthShape struct {
	name string
	doc  func(k int) string
	// text is the root's text content for k.
	text func(k int) string
}

// entity100 is the 100-byte replacement text of the shapes' entity a.
var entity100 = strings.Repeat("x", 100)

var textGrowthShapes = []textGrowthShape{
	{
		name: "Atom title of &lt;b&gt;&a;&lt;/b&gt;",
		doc: func(k int) string {
			return `<!DOCTYPE feed [<!ENTITY a "` + entity100 + `">]><feed xmlns="http://www.w3.org/2005/Atom"><title>` +
				strings.Repeat("&lt;b&gt;&a;&lt;/b&gt;", k) + `</title></feed>`
		},
		text: func(k int) string { return strings.Repeat("<b>"+entity100+"</b>", k) },
	},
	{
		name: "RSS title of &amp;&a;",
		doc: func(k int) string {
			return `<!DOCTYPE rss [<!ENTITY a "` + entity100 + `">]><rss><channel><title>` +
				strings.Repeat("&amp;&a;", k) + `</title></channel></rss>`
		},
		text: func(k int) string { return strings.Repeat("&"+entity100, k) },
	},
	{
		// No entity: an HTML named reference whose characters take
		// more bytes than the reference (U+226B U+20D2, 6 bytes, for
		// "&nGt;", 5).
		name: "&lt;&nGt; with no DOCTYPE",
		doc: func(k int) string {
			return `<rss><channel><title>` + strings.Repeat("&lt;&nGt;", k) + `</title></channel></rss>`
		},
		text: func(k int) string { return strings.Repeat("<\u226b\u20d2", k) },
	},
}

// TestTextGrowthLinear parses each textGrowthShape at k and 10k references,
// plainly and with the reuse option (as the root package's WithoutDocument
// parses), and asserts that the bytes allocated grow at most 12 times, and
// stay under 8 bytes per byte of input and text (the text, built once in
// chunks that grow geometrically, and the input's copy).
func TestTextGrowthLinear(t *testing.T) {
	const k = 1000
	for _, s := range textGrowthShapes {
		for _, mode := range []struct {
			name string
			opts []Option
		}{{"default", nil}, {"reuse", []Option{docmem.ReuseOption.(Option)}}} {
			t.Run(s.name+"/"+mode.name, func(t *testing.T) {
				var small, large uint64
				for _, n := range []int{k, 10 * k} {
					in := s.doc(n)
					var doc *Document
					var err error
					alloc := bytesAllocated(func() { doc, err = Parse(strings.NewReader(in), mode.opts...) })
					require.NoError(t, err)
					text := doc.Root().FirstElementChild().ChildTextContent()
					if strings.HasPrefix(s.name, "RSS") || strings.HasPrefix(s.name, "&lt;") {
						text = doc.Root().FirstElementChild().FirstElementChild().ChildTextContent()
					}
					require.Equal(t, s.text(n), text, "the title's text")
					perByte := float64(alloc) / float64(len(in)+len(text))
					t.Logf("%d references: %d bytes in, %d of text, %d allocated (%.2f a byte of both)", n, len(in), len(text), alloc, perByte)
					assert.LessOrEqual(t, perByte, 8.0, "bytes allocated per byte of input and text, %d references", n)
					if n == k {
						small = alloc
					} else {
						large = alloc
					}
					docmem.Release(doc)
				}
				ratio := float64(large) / float64(small)
				t.Logf("10 times the references: %.2f times the bytes", ratio)
				assert.LessOrEqual(t, ratio, 12.0, "bytes allocated for 10 times the references, want linear growth")
			})
		}
	}
}

// TestGrowTextForgetsSupersededChunks checks that with the reuse option the
// chunks a text left behind as it grew are not kept in the document's
// memory (they hold no string of the document), and that the chunks kept
// are within a small multiple of the text.
func TestGrowTextForgetsSupersededChunks(t *testing.T) {
	s := textGrowthShapes[0]
	in := s.doc(5000)
	doc, err := Parse(strings.NewReader(in), docmem.ReuseOption.(Option))
	require.NoError(t, err)
	text := doc.Root().FirstElementChild().ChildTextContent()
	require.Equal(t, s.text(5000), text)
	total := 0
	for _, c := range doc.mem.chunks {
		total += cap(c)
	}
	t.Logf("%d chunks recorded, %d bytes, for %d bytes of text", len(doc.mem.chunks), total, len(text))
	assert.LessOrEqual(t, len(doc.mem.chunks), 4, "chunks recorded: the superseded ones should be forgotten")
	assert.LessOrEqual(t, total, 2*len(text), "bytes of the chunks recorded")
	docmem.Release(doc)
}

// entityMarkup100 is 100 bytes of text beside an element in the replacement
// texts of textInterruptedShapes.
var entityMarkup100 = strings.Repeat("y", 100)

// textInterruptedShapes are texts of references interrupted by the
// elements of an entity's replacement text (the resource-bound generator's
// shape 787): before refText's room was capped, each text after such an
// element asked for room for the rest of the source up to the next '<',
// a chunk of about the input's size each time. text is the title's whole
// text content for k.
var textInterruptedShapes = []textGrowthShape{
	{
		name: "&amp;&e; with <b>x</b> at the start of e",
		doc: func(k int) string {
			return `<!DOCTYPE rss [<!ENTITY e "<b>x</b>` + entityMarkup100 + `">]><rss><channel><title>` +
				strings.Repeat("&amp;&e;", k) + `</title></channel></rss>`
		},
		text: func(k int) string { return strings.Repeat("&x"+entityMarkup100, k) },
	},
	{
		name: "&amp;&e; with <b>x</b> in the middle of e",
		doc: func(k int) string {
			return `<!DOCTYPE rss [<!ENTITY e "` + entityMarkup100 + `<b>x</b>` + entityMarkup100 + `">]><rss><channel><title>` +
				strings.Repeat("&amp;&e;", k) + `</title></channel></rss>`
		},
		text: func(k int) string { return strings.Repeat("&"+entityMarkup100+"x"+entityMarkup100, k) },
	},
	{
		name: "&amp;&e; with <b>x</b> at the end of e",
		doc: func(k int) string {
			return `<!DOCTYPE rss [<!ENTITY e "` + entityMarkup100 + `<b>x</b>">]><rss><channel><title>` +
				strings.Repeat("&amp;&e;", k) + `</title></channel></rss>`
		},
		text: func(k int) string { return strings.Repeat("&"+entityMarkup100+"x", k) },
	},
	{
		name: "&#65;&f; with f holding e holding <b>x</b>",
		doc: func(k int) string {
			return `<!DOCTYPE rss [<!ENTITY e "` + entityMarkup100 + `<b>x</b>"><!ENTITY f "&amp;&e;&lt;">]><rss><channel><title>` +
				strings.Repeat("&#65;&f;", k) + `</title></channel></rss>`
		},
		text: func(k int) string { return strings.Repeat("A&"+entityMarkup100+"x<", k) },
	},
	{
		name: "&amp;&e; and CDATA between, e holding <i/>",
		doc: func(k int) string {
			return `<!DOCTYPE rss [<!ENTITY e "&lt;<i/>` + entityMarkup100 + `">]><rss><channel><title>` +
				strings.Repeat("&amp;&e;<![CDATA[c]]>&gt;", k) + `</title></channel></rss>`
		},
		text: func(k int) string { return strings.Repeat("&<"+entityMarkup100+"c>", k) },
	},
}

// TestTextInterruptedParsesLinearly parses each textInterruptedShape at k
// and 8k references, plainly and with the reuse option, and asserts that
// the bytes allocated grow at most 12 times, and stay under
// TestTextGrowthLinear's 8 bytes per byte of input and text.
func TestTextInterruptedParsesLinearly(t *testing.T) {
	const k = 500 // 8k references make 3 nodes each, within MaxNodes
	for _, s := range textInterruptedShapes {
		for _, mode := range []struct {
			name string
			opts []Option
		}{{"default", nil}, {"reuse", []Option{docmem.ReuseOption.(Option)}}} {
			t.Run(s.name+"/"+mode.name, func(t *testing.T) {
				var small, large uint64
				for _, n := range []int{k, 8 * k} {
					in := s.doc(n)
					var doc *Document
					var err error
					// Two collections empty the pool of spare memory
					// that released documents leave (sync.Pool keeps
					// its items through one), so that both sizes are
					// parsed with none.
					runtime.GC()
					runtime.GC()
					alloc := bytesAllocated(func() { doc, err = Parse(strings.NewReader(in), mode.opts...) })
					require.NoError(t, err)
					text := descendantText(doc.Root().FirstElementChild().FirstElementChild())
					require.Equal(t, s.text(n), text, "the title's text")
					perByte := float64(alloc) / float64(len(in)+len(text))
					t.Logf("%d references: %d bytes in, %d of text, %d allocated (%.2f a byte of both)", n, len(in), len(text), alloc, perByte)
					assert.LessOrEqual(t, perByte, 8.0, "bytes allocated per byte of input and text, %d references", n)
					if n == k {
						small = alloc
					} else {
						large = alloc
					}
					docmem.Release(doc)
				}
				ratio := float64(large) / float64(small)
				t.Logf("8 times the references: %.2f times the bytes", ratio)
				assert.LessOrEqual(t, ratio, 12.0, "bytes allocated for 8 times the references, want linear growth")
			})
		}
	}
}

// descendantText returns the concatenation of the data of the Text nodes
// under n, in document order.
func descendantText(n *Node) string {
	var b strings.Builder
	var walk func(*Node)
	walk = func(n *Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == TextNode {
				b.WriteString(c.Data)
			}
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

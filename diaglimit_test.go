package feedspec

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/xml5"
)

// TestDiagnosticsBounded checks that errors a document repeats per byte or
// per element record at most maxDiagnostics diagnostics each (the XML
// parser's, and the processing's), then one DiagnosticLimit wrapping
// ErrLimit for the rest; and that 10 times the input costs at most 12
// times the bytes allocated (counted), within 16 bytes a byte at the
// larger size. Before the cap, a title of NULs cost 937 bytes a byte.
func TestDiagnosticsBounded(t *testing.T) {
	shapes := []struct {
		name string
		doc  func(k int) string
	}{
		{"a NUL in text", func(k int) string {
			return `<rss><channel><title>` + strings.Repeat("\x00", k) + `</title></channel></rss>`
		}},
		{"a stray end tag", func(k int) string {
			return `<rss><channel><title>` + strings.Repeat("</x>", k) + `</title></channel></rss>`
		}},
		{"an undeclared entity", func(k int) string {
			return `<rss><channel><title>` + strings.Repeat("&zz;", k) + `</title></channel></rss>`
		}},
		{"an item's bad date", func(k int) string {
			return `<rss><channel>` + strings.Repeat("<item><pubDate>x</pubDate></item>", k/8) + `</channel></rss>`
		}},
	}
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			var small uint64
			for _, k := range []int{20000, 200000} {
				in := []byte(s.doc(k))
				var d []Diagnostic
				alloc := countedPeak(func() { _, _ = ParseDocument(bytes.NewReader(in), WithDiagnostics(&d)) })
				t.Logf("%d bytes: %d diagnostics, %d bytes allocated (%.1f a byte)", len(in), len(d), alloc, float64(alloc)/float64(len(in)))
				assert.LessOrEqual(t, len(d), 2*maxDiagnostics+2, "diagnostics recorded")
				limits := 0
				for _, x := range d {
					if x.Kind == DiagnosticLimit && strings.Contains(x.Message, "not recorded") {
						limits++
						assert.ErrorIs(t, x.Err, ErrLimit, "the limit's diagnostic wraps ErrLimit")
					}
				}
				assert.Equal(t, 1, limits, "one DiagnosticLimit for the diagnostics dropped")
				if small == 0 {
					small = alloc
					continue
				}
				assert.LessOrEqual(t, float64(alloc)/float64(small), 12.0, "bytes allocated for 10 times the input")
				assert.LessOrEqual(t, float64(alloc)/float64(len(in)), 16.0, "bytes allocated a byte")
			}
		})
	}
}

// TestXMLParseErrorsBounded checks that xml5 records at most 1,000 parse
// errors, then one of code CodeTooManyErrors.
func TestXMLParseErrorsBounded(t *testing.T) {
	doc, _ := xml5.Parse(strings.NewReader(`<a>`+strings.Repeat("</x>", 5000)+`</a>`), xml5.WithErrors())
	require.NotNil(t, doc)
	require.Len(t, doc.Errors, 1001, "1,000 errors and the one for the rest")
	assert.Equal(t, xml5.CodeTooManyErrors, doc.Errors[1000].Code)
	assert.Equal(t, "mismatched-end-tag", doc.Errors[999].Code)
}

package feedspec

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const diagDoc = `<?xml version="1.0"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
  <title>Diagnostics &bogus; here</title>
  <link>http://[bad</link>
  <pubDate>yesterday</pubDate>
  <skipDays><day>Funday</day></skipDays>
  <item>
    <title>One</title>
    <enclosure url="/a.mp3" length="-3"/>
    <itunes:duration>1h</itunes:duration>
  </item>
</channel>
</rss>`

func TestDiagnostics(t *testing.T) {
	var diags []Diagnostic
	feed, err := ParseDocument(strings.NewReader(diagDoc), WithURL(goldenBaseURL), WithDiagnostics(&diags))
	require.NoError(t, err)
	require.NotNil(t, feed)

	var xmlErrs, rejected []Diagnostic
	for _, d := range diags {
		if d.Kind == DiagnosticXML {
			require.Empty(t, rejected, "XML errors come first")
			xmlErrs = append(xmlErrs, d)
		} else {
			rejected = append(rejected, d)
		}
	}
	require.NotEmpty(t, xmlErrs, "the undefined entity is a recovered parse error")
	assert.Equal(t, 4, xmlErrs[0].Line, "%v", xmlErrs[0])
	assert.Positive(t, xmlErrs[0].Column)
	assert.NotEmpty(t, xmlErrs[0].Message)
	assert.Equal(t, feed.Document().Errors[0].Code, xmlErrs[0].Message)

	type want struct {
		kind    DiagnosticKind
		element string
		attr    string
		value   string
	}
	var got []want
	for _, d := range rejected {
		got = append(got, want{d.Kind, d.Element, d.Attr, d.Value})
		assert.Positive(t, d.Offset, "%v", d)
		assert.NotEmpty(t, d.Message, "%v", d)
		// Line and column of the start tag, counted from the document.
		before := diagDoc[:d.Offset]
		line := strings.Count(before, "\n") + 1
		column := utf8.RuneCountInString(before[strings.LastIndexByte(before, '\n')+1:]) + 1
		assert.Equal(t, [2]int{line, column}, [2]int{d.Line, d.Column}, "%v", d)
	}
	assert.Equal(t, []want{
		{DiagnosticURL, "link", "", "http://[bad"},
		{DiagnosticDate, "pubDate", "", "yesterday"},
		{DiagnosticValue, "day", "", "Funday"},
		{DiagnosticNumber, "enclosure", "length", "-3"},
		{DiagnosticNumber, "itunes:duration", "", "1h"},
	}, got)
	// The offset points at the element's start tag.
	assert.True(t, strings.HasPrefix(diagDoc[rejected[1].Offset:], "<pubDate>"), "offset %d", rejected[1].Offset)

	s := rejected[1].String()
	assert.Equal(t, `date: <pubDate> at line `+itoaTest(rejected[1].Line)+`, column `+itoaTest(rejected[1].Column)+
		` (byte `+itoaTest(rejected[1].Offset)+`): "yesterday": not an RSS 2.0 (RFC 822) date`, s)
	assert.Contains(t, rejected[3].String(), "<enclosure> @length")
	assert.True(t, strings.HasPrefix(xmlErrs[0].String(), "xml: line 4, column "), xmlErrs[0].String())
}

func itoaTest(n int) string {
	var b []byte
	if n == 0 {
		return "0"
	}
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

func TestDiagnosticsAtomTextTypes(t *testing.T) {
	doc := `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:a3="http://purl.org/atom/ns#">
	  <title type="text/html">x</title>
	  <a3:tagline mode="weird">y</a3:tagline>
	  <rights type="xhtml">no div</rights>
	  <rights type="text">fine</rights>
	  <entry><content type="text/plain">a media type is fine on content</content>
	    <summary type="TEXT">unknown</summary></entry>
	</feed>`
	var diags []Diagnostic
	feed, err := ParseDocument(strings.NewReader(doc), WithDiagnostics(&diags))
	require.NoError(t, err)
	assert.Equal(t, "x", feed.Title.String(), "the value is still read as text")
	var got []string
	for _, d := range diags {
		if d.Kind == DiagnosticTextType {
			got = append(got, d.Element+"@"+d.Attr+"="+d.Value)
		}
	}
	assert.Equal(t, []string{"title@type=text/html", "a3:tagline@mode=weird", "rights@type=xhtml", "summary@type=TEXT"}, got)
}

// TestDiagnosticsDoNotChangeResults parses every golden feed with and without
// WithDiagnostics: the canonical JSON is the same, and without the option the
// document records no parse errors.
func TestDiagnosticsDoNotChangeResults(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.xml")
	require.NotEmpty(t, files)
	sawXML, sawRejected := false, false
	for _, path := range files {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		plain, _ := ParseDocument(bytes.NewReader(b), goldenOptions(path)...)
		var diags []Diagnostic
		withDiags, _ := ParseDocument(bytes.NewReader(b), append(goldenOptions(path), WithDiagnostics(&diags))...)
		if plain == nil {
			assert.Nil(t, withDiags, path)
			continue
		}
		j1, err := plain.MarshalJSON()
		require.NoError(t, err)
		j2, err := withDiags.MarshalJSON()
		require.NoError(t, err)
		assert.Equal(t, string(j1), string(j2), path)
		assert.Nil(t, plain.Document().Errors, "%s: errors recorded without WithDiagnostics", path)
		for _, d := range diags {
			if d.Kind == DiagnosticXML {
				sawXML = true
			} else {
				sawRejected = true
			}
		}
	}
	assert.True(t, sawXML, "some golden feed is broken XML")
	assert.True(t, sawRejected, "some golden feed has rejected values")
}

func TestWithDiagnosticsNil(t *testing.T) {
	feed, err := ParseDocument(strings.NewReader(diagDoc), WithDiagnostics(nil))
	require.NoError(t, err)
	assert.Nil(t, feed.Document().Errors)
}

func TestLenientDatesDiagnostics(t *testing.T) {
	doc := `<rss><channel><item><pubDate>Jan 15, 2024</pubDate></item><item><pubDate>yesterday</pubDate></item></channel></rss>`
	var diags []Diagnostic
	feed, err := ParseDocument(strings.NewReader(doc), WithLenientDates(), WithDiagnostics(&diags))
	require.NoError(t, err)
	require.NotNil(t, feed.Entries[0].Published)
	assert.Equal(t, "2024-01-15T00:00:00Z", formatDate(*feed.Entries[0].Published))
	assert.Nil(t, feed.Entries[1].Published)
	require.Len(t, diags, 1, "only the date neither algorithm reads: %v", diags)
	assert.Equal(t, "yesterday", diags[0].Value)
	assert.Contains(t, diags[0].Message, "not an RSS 2.0")

	// Without the option the spec's answer stays: null.
	feed, err = ParseDocument(strings.NewReader(doc))
	require.NoError(t, err)
	assert.Nil(t, feed.Entries[0].Published)
}

// additionsCorpusDir holds the real feeds of the shared corpus.
const additionsCorpusDir = "../shared/corpus/feeds"

// TestCorpusOptionsKeepSpecValues parses every corpus feed with and without
// WithDiagnostics (the canonical JSON must be the same), and with
// WithXMLBase and WithLenientDates (no panic; the conformance shape may
// differ only in URL and date fields, and dates the spec reads keep their
// value).
func TestCorpusOptionsKeepSpecValues(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus: skipped with -short")
	}
	files, _ := filepath.Glob(filepath.Join(additionsCorpusDir, "*"))
	if len(files) == 0 {
		t.Skipf("the corpus is not at %s; skipping", additionsCorpusDir)
	}
	feeds, diagsTotal, lenientDates := 0, 0, 0
	for _, path := range files {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		plain, _ := ParseDocument(bytes.NewReader(b), WithURL("https://example.com/feed"))
		var diags []Diagnostic
		withDiags, _ := ParseDocument(bytes.NewReader(b), WithURL("https://example.com/feed"), WithDiagnostics(&diags))
		other, _ := ParseDocument(bytes.NewReader(b), WithURL("https://example.com/feed"), WithXMLBase(), WithLenientDates())
		if plain == nil {
			assert.Nil(t, withDiags, path)
			assert.Nil(t, other, path)
			continue
		}
		feeds++
		diagsTotal += len(diags)
		j1, err := plain.MarshalJSON()
		require.NoError(t, err)
		j2, err := withDiags.MarshalJSON()
		require.NoError(t, err)
		require.Equal(t, string(j1), string(j2), path)
		require.Len(t, other.Entries, len(plain.Entries), path)
		for i, e := range plain.Entries {
			o := other.Entries[i]
			if e.Published != nil {
				assert.True(t, o.Published != nil && o.Published.Equal(*e.Published), "%s entry %d", path, i)
			} else if o.Published != nil {
				lenientDates++
			}
			assert.Equal(t, e.Title.String(), o.Title.String(), "%s entry %d", path, i)
		}
	}
	t.Logf("%d feeds, %d diagnostics, %d published dates read only by WithLenientDates", feeds, diagsTotal, lenientDates)
}

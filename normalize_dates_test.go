package feedspec

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// parseEntries parses src with opts and returns its entries.
func parseEntries(t *testing.T, src string, opts ...Option) []*Entry {
	t.Helper()
	f, err := ParseDocument(strings.NewReader(src), append([]Option{WithURL("https://example.com/feed")}, opts...)...)
	require.NoError(t, err)
	return f.Entries
}

// normalizedDate is an entry's Normalized date as text ("" for none) and
// whether it is uncertain.
func normalizedDate(e *Entry, opts NormalizeOptions) (string, bool) {
	n := e.NormalizedWith(opts)
	if n.Date == nil {
		return "", n.DateUncertain
	}
	return formatDate(*n.Date), n.DateUncertain
}

// TestNormalizedDCDate checks that Normalized reads dc:date in every mode,
// first in the checklist's order, by the parse's date rules, and leaves
// the model as the specification made it.
func TestNormalizedDCDate(t *testing.T) {
	const src = `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>C</title>
<item><title>only dc:date</title><dc:date>2024-01-15T13:45:00+01:00</dc:date></item>
<item><title>both</title><pubDate>Mon, 15 Jan 2024 10:00:00 GMT</pubDate><dc:date>2024-01-15T09:00:00Z</dc:date></item>
<item><title>day only</title><dc:date>2024-01-15</dc:date></item>
<item><title>not W3C-DTF</title><pubDate>Tue, 17 Oct 2017 12:17:00 +0000</pubDate><dc:date>Tue, 17 Oct 2017 22:17:00 +0000</dc:date></item>
<item><title>year past 9999</title><pubDate>Mon, 15 Jan 2024 10:00:00 GMT</pubDate><dc:date>12345</dc:date></item>
<item><title>first that reads</title><dc:date>soon</dc:date><dc:date>2024-02-01T00:00:00Z</dc:date></item>
<item><title>none</title></item>
</channel></rss>`
	type want struct {
		date      string
		uncertain bool
	}
	modes := []struct {
		name string
		opts []Option
		want []want
	}{
		{"default", nil, []want{
			{"2024-01-15T12:45:00Z", false},
			{"2024-01-15T09:00:00Z", false},
			{"2024-01-15T00:00:00Z", true},
			{"2017-10-17T12:17:00Z", false}, // the dc:date is no W3C-DTF date: pubDate
			{"2024-01-15T10:00:00Z", false},
			{"2024-02-01T00:00:00Z", false},
			{"", false},
		}},
		{"lenient", []Option{WithLenientDates()}, []want{
			{"2024-01-15T12:45:00Z", false},
			{"2024-01-15T09:00:00Z", false},
			{"2024-01-15T00:00:00Z", true},
			{"2017-10-17T22:17:00Z", true}, // ParseDate reads the dc:date
			{"2024-01-15T10:00:00Z", false},
			{"2024-02-01T00:00:00Z", false},
			{"", false},
		}},
		{"recovery", []Option{WithRecovery()}, []want{
			{"2024-01-15T12:45:00Z", false},
			{"2024-01-15T09:00:00Z", false},
			{"2024-01-15T00:00:00Z", true},
			{"2017-10-17T22:17:00Z", true},
			{"2024-01-15T10:00:00Z", false},
			{"2024-02-01T00:00:00Z", false},
			{"", false},
		}},
	}
	for _, m := range modes {
		for _, detached := range []bool{false, true} {
			opts := m.opts
			if detached {
				opts = append(append([]Option(nil), opts...), WithoutDocument())
			}
			entries := parseEntries(t, src, opts...)
			require.Len(t, entries, len(m.want))
			for i, w := range m.want {
				date, uncertain := normalizedDate(entries[i], NormalizeOptions{})
				assert.Equal(t, w.date, date, "%s (WithoutDocument %v): %s", m.name, detached, entries[i].Title)
				assert.Equal(t, w.uncertain, uncertain, "%s (WithoutDocument %v): %s uncertain", m.name, detached, entries[i].Title)
			}
		}
	}
	// The model is the specification's: an RSS 2.0 item's dc:date fills
	// no field by default.
	def := parseEntries(t, src)
	assert.Nil(t, def[0].Updated, "by default dc:date fills no field of the model")
	assert.Nil(t, def[0].Published)
	js, err := json.Marshal(def[0])
	require.NoError(t, err)
	assert.NotContains(t, string(js), "2024", "the canonical JSON has no date")

	// An entry read back from the canonical JSON knows its model only.
	var back Entry
	require.NoError(t, json.Unmarshal(js, &back))
	assert.Nil(t, back.Normalized().Date, "no dc:date after json.Unmarshal")
}

// TestNormalizedDCDateRSS10 checks RSS 1.0, whose Updated is its dc:date,
// and recovery mode, which fills Updated from it: Normalized gives that
// date, and the entry holds nothing more for it.
func TestNormalizedDCDateRSS10(t *testing.T) {
	const src = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
 xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="https://example.org/"><title>C</title><link>https://example.org/</link></channel>
<item rdf:about="https://example.org/1"><title>1</title><dc:date>2024-01-02</dc:date></item>
</rdf:RDF>`
	const rss = `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>C</title>
<item><title>1</title><dc:date>2024-01-02</dc:date></item></channel></rss>`
	for _, c := range []struct {
		src  string
		opts []Option
	}{{src, nil}, {src, []Option{WithRecovery()}}, {rss, []Option{WithRecovery()}}} {
		e := parseEntries(t, c.src, c.opts...)[0]
		require.NotNil(t, e.Updated)
		date, uncertain := normalizedDate(e, NormalizeOptions{})
		assert.Equal(t, "2024-01-02T00:00:00Z", date)
		assert.True(t, uncertain, "a day without a time: the zone is assumed")
		require.NotNil(t, e.priv)
		assert.True(t, e.priv.dcUpdated, "Updated is the dc:date")
		assert.Nil(t, e.priv.dates, "nothing allocated")
	}
}

// TestNormalizedDCDateCorpus checks the corpus files whose items are dated
// by dc:date alone: by default, each item's Normalized date is its
// dc:date, as the checklist reads it.
func TestNormalizedDCDateCorpus(t *testing.T) {
	re := regexp.MustCompile(`<dc:date>\s*([^<]+?)\s*</dc:date>`)
	files := map[string]int{
		"feedjira2009__IanLandsmansWeblogv20.xml":                     10,
		"feedjira2009__SamHarrisAuthorPhilosopherEssayistAtheist.xml": 10,
		"feedjira2009__RedHanded.xml":                                 20,
		"rssowl__189.xml":                                             15,
		"rssowl__49.xml":                                              15,
		"feedrs__rss_2.0_dbengines.xml":                               1,
		"kdesyn__inhabitat.xml":                                       1,
		"kmprss__feed-dcdate.xml":                                     1,
	}
	total := 0
	for name, n := range files {
		src := readCorpusFeed(t, name)
		f, err := ParseDocument(bytes.NewReader(src))
		require.NoError(t, err, name)
		dated := 0
		for _, e := range f.Entries {
			require.Nil(t, e.Published, "%s: the items have no pubDate", name)
			el := e.Element()
			var dc string
			if m := re.FindSubmatch(src[el.Offset:]); m != nil {
				dc = string(m[1])
			}
			want, ok := parseW3CDTFDate(dc)
			d := e.Normalized().Date
			if !ok {
				assert.Nil(t, d, "%s: %q is no W3C-DTF date", name, dc)
				continue
			}
			if assert.NotNil(t, d, "%s: %q", name, dc) {
				assert.True(t, want.Equal(*d), "%s: Normalized date %s, dc:date %q", name, formatDate(*d), dc)
				dated++
			}
		}
		assert.Equal(t, n, dated, "%s: items dated by dc:date", name)
		total += dated
	}
	t.Logf("%d items of %d files dated by dc:date alone", total, len(files))
}

// TestNormalizeDateParser checks NormalizeOptions.DateParser: tried only
// for an entry the built-in rules left undated, on its date texts in the
// checklist's order, its panics recovered and reported.
func TestNormalizeDateParser(t *testing.T) {
	const src = `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>C</title>
<item><title>read</title><pubDate>Mon, 15 Jan 2024 10:00:00 GMT</pubDate></item>
<item><title>unread</title><atom:updated>upd 2</atom:updated><pubDate> pub 1 </pubDate><dc:date>dc 0</dc:date></item>
<item><title>panics</title><pubDate>boom</pubDate><atom:updated>upd 3</atom:updated></item>
<item><title>none</title></item>
</channel></rss>`
	var seen []string
	parser := func(s string) (time.Time, bool) {
		seen = append(seen, s)
		switch {
		case s == "boom":
			panic("no such date")
		case strings.HasPrefix(s, "pub "), strings.HasPrefix(s, "upd "):
			n := s[len(s)-1] - '0'
			return time.Date(2020, 1, int(n), 0, 0, 0, 0, time.FixedZone("", 3600)), true
		case strings.HasPrefix(s, "dc "):
			return time.Date(12000, 1, 1, 0, 0, 0, 0, time.UTC), true // out of range
		}
		return time.Time{}, false
	}
	for _, detached := range []bool{false, true} {
		opts := []Option{}
		if detached {
			opts = append(opts, WithoutDocument())
		}
		entries := parseEntries(t, src, opts...)
		require.Len(t, entries, 4)
		var diags []Diagnostic
		nopts := NormalizeOptions{DateParser: parser, Diagnostics: &diags}

		seen = nil
		date, uncertain := normalizedDate(entries[0], nopts)
		assert.Equal(t, "2024-01-15T10:00:00Z", date)
		assert.False(t, uncertain)
		assert.Empty(t, seen, "the parser is not called for a date the library reads")

		date, uncertain = normalizedDate(entries[1], nopts)
		assert.Equal(t, "2019-12-31T23:00:00Z", date, "pub 1, in UTC, after the out-of-range dc:date")
		assert.True(t, uncertain, "a date DateParser read is uncertain")
		assert.Equal(t, []string{"dc 0", "pub 1"}, seen, "the checklist's order, texts trimmed")

		seen = nil
		date, _ = normalizedDate(entries[2], nopts)
		assert.Equal(t, "2020-01-02T23:00:00Z", date, "the panic leaves pubDate unread; atom:updated is read")
		assert.Equal(t, []string{"boom", "upd 3"}, seen)
		require.Len(t, diags, 1, "one diagnostic for the panic")
		d := diags[0]
		assert.Equal(t, DiagnosticDate, d.Kind)
		assert.Equal(t, "pubDate", d.Element)
		assert.Equal(t, "boom", d.Value)
		assert.Contains(t, d.Message, "panicked: no such date")
		assert.Equal(t, strings.Index(src, "<pubDate>boom"), d.Offset)
		if detached {
			assert.Zero(t, d.Line, "no document, no line")
		} else {
			assert.Equal(t, 4, d.Line)
		}

		seen = nil
		date, _ = normalizedDate(entries[3], nopts)
		assert.Equal(t, "", date)
		assert.Empty(t, seen, "no date element, no call")

		// Without Diagnostics a panic is still recovered from.
		date, _ = normalizedDate(entries[2], NormalizeOptions{DateParser: parser})
		assert.Equal(t, "2020-01-02T23:00:00Z", date)
		// Without DateParser nothing is read.
		date, _ = normalizedDate(entries[1], NormalizeOptions{})
		assert.Equal(t, "", date)
	}
}

// TestNormalizeDateParserJSONFeed checks DateParser on a JSON Feed item.
func TestNormalizeDateParserJSONFeed(t *testing.T) {
	src := `{"version":"https://jsonfeed.org/version/1.1","title":"T","items":[{"id":"1","date_published":"someday","date_modified":"  later "}]}`
	f, err := ParseDocument(strings.NewReader(src), WithJSONFeed())
	require.NoError(t, err)
	var seen []string
	var diags []Diagnostic
	n := f.Entries[0].NormalizedWith(NormalizeOptions{Diagnostics: &diags, DateParser: func(s string) (time.Time, bool) {
		seen = append(seen, s)
		if s == "someday" {
			panic(s)
		}
		return time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC), true
	}})
	require.NotNil(t, n.Date)
	assert.Equal(t, "2024-05-06T07:08:09Z", formatDate(*n.Date))
	assert.Equal(t, []string{"someday", "later"}, seen)
	require.Len(t, diags, 1)
	assert.Equal(t, "items[0].date_published", diags[0].Path)
	assert.Equal(t, strings.Index(src, `"someday"`), diags[0].Offset)
}

// TestParseDateWith checks the hook for ParseDate's callers.
func TestParseDateWith(t *testing.T) {
	calls := 0
	parser := func(s string) (time.Time, bool) {
		calls++
		switch s {
		case "boom":
			panic("bad")
		case "far":
			return time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), true
		case "Stardate 41153.7":
			return time.Date(2364, 2, 1, 12, 0, 0, 0, time.FixedZone("", -3600)), true
		}
		return time.Time{}, false
	}
	got, info, err := ParseDateWith("Mon, 15 Jan 2024 13:45:00 GMT", parser)
	require.NoError(t, err)
	assert.Equal(t, "2024-01-15T13:45:00Z", formatDate(got))
	assert.Equal(t, FormRFC822, info.Form)
	assert.Zero(t, calls, "a date ParseDate reads never reaches the parser")

	got, info, err = ParseDateWith("Stardate 41153.7", parser)
	require.NoError(t, err)
	assert.Equal(t, "2364-02-01T13:00:00Z", formatDate(got))
	assert.Same(t, time.UTC, got.Location())
	assert.Equal(t, DateInfo{Form: FormCustom}, info)

	_, _, err = ParseDateWith("nothing", parser)
	assert.ErrorContains(t, err, `cannot read date "nothing"`, "the parser's false gives ParseDate's error")
	_, _, err = ParseDateWith("boom", parser)
	assert.ErrorContains(t, err, "the date parser panicked: bad")
	_, _, err = ParseDateWith("far", parser)
	assert.ErrorContains(t, err, "outside 1–9999")
	_, _, err = ParseDateWith("nothing", nil)
	assert.ErrorContains(t, err, `cannot read date "nothing"`, "a nil parser is ParseDate")
}

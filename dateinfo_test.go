package feedspec

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDateInfo: a date the specification's algorithm read with the zone it
// wrote records nothing; one read with an assumed zone or by the lenient
// rules records how, on the entry (and the feed), never in the JSON.
func TestDateInfo(t *testing.T) {
	rss := func(date string) string {
		return `<rss version="2.0"><channel><title>t</title><item><title>i</title><pubDate>` + date + `</pubDate></item></channel></rss>`
	}
	atom := func(date string) string {
		return `<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>i</title><updated>` + date + `</updated></entry></feed>`
	}
	rdf := func(date string) string {
		return `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"><item rdf:about="http://e.com/1"><title>i</title><dc:date>` + date + `</dc:date></item></rdf:RDF>`
	}
	cases := []struct {
		name, doc  string
		opts       []Option
		published  bool // the date is Published (else Updated)
		want       string
		nilDate    bool
		assumed    bool
		lenient    bool
		noInfo     bool
		wantZone   string
		wantFormat DateForm
	}{
		{name: "rss numeric zone", doc: rss("Mon, 15 Jan 2024 13:45:00 +0100"), published: true, want: "2024-01-15T12:45:00Z", noInfo: true},
		{name: "rss GMT", doc: rss("Mon, 15 Jan 2024 13:45:00 GMT"), published: true, want: "2024-01-15T13:45:00Z", noInfo: true},
		{name: "rss Z", doc: rss("Mon, 15 Jan 2024 13:45:00 Z"), published: true, want: "2024-01-15T13:45:00Z", noInfo: true},
		{name: "rss table zone", doc: rss("Mon, 15 Jan 2024 13:45:00 EST"), published: true, want: "2024-01-15T18:45:00Z", noInfo: true},
		{name: "rss unknown zone", doc: rss("Mon, 15 Jan 2024 13:45:00 XYZ"), published: true, want: "2024-01-15T13:45:00Z", assumed: true, wantZone: "XYZ", wantFormat: FormRFC822},
		{name: "rss military letter", doc: rss("Mon, 15 Jan 2024 13:45:00 A"), published: true, want: "2024-01-15T13:45:00Z", assumed: true, wantFormat: FormRFC822},
		{name: "rss everyday zone repaired", doc: rss("Mon, 15 Jan 2024 13:45:00 MSK"), opts: []Option{WithRecovery()}, published: true, want: "2024-01-15T10:45:00Z", noInfo: true},
		{name: "rss everyday zone strict", doc: rss("Mon, 15 Jan 2024 13:45:00 MSK"), published: true, want: "2024-01-15T13:45:00Z", assumed: true, wantFormat: FormRFC822},
		{name: "rss rejected", doc: rss("15 January 2024"), published: true, nilDate: true},
		{name: "rss lenient", doc: rss("Jan 15, 2024 13:45 +0100"), opts: []Option{WithLenientDates()}, published: true, want: "2024-01-15T12:45:00Z", lenient: true, wantFormat: FormMonthFirst, wantZone: "+0100"},
		{name: "rss lenient no zone", doc: rss("2024-01-15 13:45"), opts: []Option{WithLenientDates()}, published: true, want: "2024-01-15T13:45:00Z", lenient: true, assumed: true, wantFormat: FormISO8601},
		{name: "rss recovered three-digit zone", doc: rss("Wed 24 May 2006 14:28:41 -800"), opts: []Option{WithRecovery()}, published: true, want: "2006-05-24T22:28:41Z", lenient: true},
		{name: "atom", doc: atom("2024-01-15T13:45:00+01:00"), want: "2024-01-15T12:45:00Z", noInfo: true},
		{name: "atom lenient", doc: atom("2024-01-15 13:45:00"), opts: []Option{WithLenientDates()}, want: "2024-01-15T13:45:00Z", lenient: true, assumed: true, wantFormat: FormISO8601},
		{name: "rdf full", doc: rdf("2024-01-15T13:45+01:00"), want: "2024-01-15T12:45:00Z", noInfo: true},
		{name: "rdf date only", doc: rdf("2024-01-15"), want: "2024-01-15T00:00:00Z", assumed: true, wantFormat: FormW3CDTF},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := ParseDocument(strings.NewReader(c.doc), c.opts...)
			require.NoError(t, err)
			require.Len(t, f.Entries, 1)
			e := f.Entries[0]
			d, info := e.Updated, e.UpdatedInfo
			if c.published {
				d, info = e.Published, e.PublishedInfo
				assert.Nil(t, e.UpdatedInfo)
			} else {
				assert.Nil(t, e.PublishedInfo)
			}
			if c.nilDate {
				assert.Nil(t, d)
				assert.Nil(t, info)
				return
			}
			require.NotNil(t, d)
			assert.Equal(t, c.want, formatDate(*d))
			if c.noInfo {
				assert.Nil(t, info)
				return
			}
			require.NotNil(t, info)
			assert.Equal(t, c.assumed, info.ZoneAssumed, "ZoneAssumed")
			assert.Equal(t, c.lenient, info.Lenient, "Lenient")
			if c.wantFormat != "" {
				assert.Equal(t, c.wantFormat, info.Form)
			}
			if c.wantZone != "" {
				assert.Equal(t, c.wantZone, info.Zone)
			}
			// Not in the canonical JSON.
			j, err := f.MarshalJSON()
			require.NoError(t, err)
			assert.NotContains(t, string(j), "Lenient")
			assert.NotContains(t, string(j), "zone")
		})
	}
}

// TestDateInfoFeed: the feed's Updated is flagged too, and an entry's flag
// follows its own date only.
func TestDateInfoFeed(t *testing.T) {
	doc := `<rss version="2.0"><channel><title>t</title>
<item><pubDate>Mon, 15 Jan 2024 13:45:00 XYZ</pubDate></item>
<item><pubDate>Mon, 15 Jan 2024 13:45:00 GMT</pubDate></item>
<lastBuildDate>Mon, 15 Jan 2024 13:45:00 LOCAL</lastBuildDate>
</channel></rss>`
	f, err := ParseDocument(strings.NewReader(doc))
	require.NoError(t, err)
	require.NotNil(t, f.UpdatedInfo)
	assert.True(t, f.UpdatedInfo.ZoneAssumed)
	require.Len(t, f.Entries, 2)
	require.NotNil(t, f.Entries[0].PublishedInfo)
	assert.Nil(t, f.Entries[1].PublishedInfo)

	// WithoutDocument keeps them.
	f, err = ParseDocument(strings.NewReader(doc), WithoutDocument())
	require.NoError(t, err)
	require.NotNil(t, f.Entries[0].PublishedInfo)
	assert.Equal(t, "XYZ", f.Entries[0].PublishedInfo.Zone)
}

// TestDateInfoJSONFeed: a JSON Feed date read by the lenient rules.
func TestDateInfoJSONFeed(t *testing.T) {
	doc := `{"version":"https://jsonfeed.org/version/1.1","title":"t","items":[{"id":"1","date_published":"2024-01-15T13:45:00Z","date_modified":"Jan 15, 2024"}]}`
	f, err := ParseDocument(strings.NewReader(doc), WithJSONFeed(), WithLenientDates())
	require.NoError(t, err)
	require.Len(t, f.Entries, 1)
	e := f.Entries[0]
	assert.Nil(t, e.PublishedInfo)
	require.NotNil(t, e.UpdatedInfo)
	assert.True(t, e.UpdatedInfo.Lenient)
	assert.Equal(t, PrecisionDay, e.UpdatedInfo.Precision)
}

// TestDateInfoLinear: recording uncertain dates costs the same per date for
// ten times as many.
func TestDateInfoLinear(t *testing.T) {
	build := func(k int) string {
		var b strings.Builder
		b.WriteString(`<rss><channel>`)
		for i := 0; i < k; i++ {
			b.WriteString(`<item><pubDate>Mon, 15 Jan 2024 13:45:00 XYZ</pubDate></item>`)
		}
		b.WriteString(`</channel></rss>`)
		return b.String()
	}
	allocs := func(doc string) float64 {
		return testing.AllocsPerRun(3, func() {
			f, err := ParseDocument(strings.NewReader(doc), WithLimits(Limits{MaxNodes: -1, MaxItems: -1, MaxPerEntry: -1}))
			if err != nil || f.Entries[len(f.Entries)-1].PublishedInfo == nil {
				require.FailNow(t, "no DateInfo", err) // in the failure branch only: AllocsPerRun counts the success path
			}
		})
	}
	small, large := allocs(build(500)), allocs(build(5000))
	t.Logf("allocations: %.0f for 500 dates, %.0f for 5000 (×%.1f)", small, large, large/small)
	assert.Less(t, large, 13*small)
}

package feedspec

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// parseRecovered parses doc in recovery mode (or the default mode when rec
// is false) with diagnostics, and returns the feed and the diagnostics'
// messages, in order.
func parseRecovered(t *testing.T, doc string, rec bool) (*Feed, []string) {
	t.Helper()
	var diags []Diagnostic
	opts := []Option{WithDiagnostics(&diags)}
	if rec {
		opts = append(opts, WithRecovery())
	}
	feed, err := ParseDocument(strings.NewReader(doc), opts...)
	require.NoError(t, err)
	require.NotNil(t, feed)
	msgs := make([]string, len(diags))
	for i, d := range diags {
		msgs[i] = string(d.Kind) + ": " + d.Message
	}
	return feed, msgs
}

// TestRecoveryRSSChannelDateFilledAsTheChannelEnds checks that the first
// channel's dc:date dates the feed in recovery mode although a later
// channel has a pubDate: the fill happens as each channel ends (the rss
// processor's after-child hook), not after the whole document.
func TestRecoveryRSSChannelDateFilledAsTheChannelEnds(t *testing.T) {
	doc := `<rss xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>a</title><dc:date>2020-01-02T03:04:05Z</dc:date></channel>
<channel><pubDate>Sat, 02 Jan 2021 03:04:05 GMT</pubDate></channel>
</rss>`
	spec, msgs := parseRecovered(t, doc, false)
	require.NotNil(t, spec.Updated)
	assert.Equal(t, 2021, spec.Updated.Year())
	assert.Empty(t, msgs)

	rec, msgs := parseRecovered(t, doc, true)
	require.NotNil(t, rec.Updated)
	assert.Equal(t, time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC), *rec.Updated)
	assert.Equal(t, []string{"recovered: updated read from <dc:date>, which the specification does not read here"}, msgs)
}

// TestRecoveryTrappedEntriesKeepDocumentOrder checks that the items trapped
// in a channel's child come between the items before and after it, and that
// the diagnostics come in document order: the trapped item's, then the
// repair's, then the next item's.
func TestRecoveryTrappedEntriesKeepDocumentOrder(t *testing.T) {
	doc := `<rss xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
<item><title>A</title><pubDate>no date A</pubDate></item>
<itunes:category text="x"><item><title>B</title><pubDate>no date B</pubDate></item></itunes:category>
<item><title>C</title><pubDate>no date C</pubDate></item>
</channel></rss>`
	spec, _ := parseRecovered(t, doc, false)
	require.Len(t, spec.Entries, 2)

	rec, msgs := parseRecovered(t, doc, true)
	require.Len(t, rec.Entries, 3)
	for i, want := range []string{"A", "B", "C"} {
		assert.Equal(t, want, rec.Entries[i].Title.String())
	}
	require.Len(t, msgs, 4)
	assert.Contains(t, msgs[0], "date: ")
	assert.Contains(t, msgs[1], "date: ")
	assert.Equal(t, "recovered: 1 items inside <itunes:category> read as items of the channel", msgs[2])
	assert.Contains(t, msgs[3], "date: ")
}

// TestRecoveryFillsKeepDateInfoAndOrder checks the fills after the
// processors: an entry's dc:date fills its date with its DateInfo (the fill
// comes before finishEntry) and its diagnostic before the next entry's, and
// the Atom feed's dc:date is read after every entry.
func TestRecoveryFillsKeepDateInfoAndOrder(t *testing.T) {
	doc := `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:date>2020-01-02</dc:date>
<entry><title>A</title><dc:date>2021-01-02</dc:date></entry>
<entry><title>B</title><updated>no date</updated></entry>
</feed>`
	spec, msgs := parseRecovered(t, doc, false)
	assert.Nil(t, spec.Updated)
	assert.Nil(t, spec.Entries[0].Updated)
	assert.Len(t, msgs, 1)

	rec, msgs := parseRecovered(t, doc, true)
	require.NotNil(t, rec.Updated)
	require.NotNil(t, rec.Entries[0].Updated)
	assert.Equal(t, 2021, rec.Entries[0].Updated.Year())
	require.NotNil(t, rec.Entries[0].UpdatedInfo, "the fill comes before finishEntry")
	assert.Equal(t, PrecisionDay, rec.Entries[0].UpdatedInfo.Precision)
	require.NotNil(t, rec.UpdatedInfo)
	require.Len(t, msgs, 3)
	assert.Equal(t, "recovered: updated read from <dc:date>, which the specification does not read here", msgs[0])
	assert.Contains(t, msgs[1], "date: ")
	assert.Equal(t, msgs[0], msgs[2])
}

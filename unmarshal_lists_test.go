package feedspec

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUnmarshalModelListLimits checks that reading canonical JSON back
// caps the lists the model's second pass added as parsing caps them: an
// entry's chapters, licences, in-reply-to references, Media RSS objects and
// Podcasting 2.0 content links at MaxPerEntry (1,000), the feed's deleted
// entries and a Media RSS object's values (a feed's and an entry's
// objects share their type) at ten times as many; each past its limit
// with an error wrapping ErrLimit, the elements before it kept and the
// keys after it read.
func TestUnmarshalModelListLimits(t *testing.T) {
	cases := []struct {
		name, doc, prefix string
		count             func(f *Feed) int
		want              int
	}{
		{"an entry's chapters", `{"entries":[{"chapters":[` + repeatJSON(`{"start":1}`, 1001) + `],"id":"e"}]}`,
			"feedspec: entries[0].chapters[1000]: limit reached: MaxPerEntry (1000)",
			func(f *Feed) int { return len(f.Entries[0].Chapters) }, 1000},
		{"an entry's licences", `{"entries":[{"license":[` + repeatJSON(`"l"`, 1001) + `],"id":"e"}]}`,
			"feedspec: entries[0].license[1000]: limit reached: MaxPerEntry (1000)",
			func(f *Feed) int { return len(f.Entries[0].License) }, 1000},
		{"an entry's in-reply-to references", `{"entries":[{"in_reply_to":[` + repeatJSON(`{"ref":"r"}`, 1001) + `],"id":"e"}]}`,
			"feedspec: entries[0].in_reply_to[1000]: limit reached: MaxPerEntry (1000)",
			func(f *Feed) int { return len(f.Entries[0].InReplyTo) }, 1000},
		{"an entry's Media RSS objects", `{"entries":[{"media_rss":[` + repeatJSON(`{}`, 1001) + `],"id":"e"}]}`,
			"feedspec: entries[0].media_rss[1000]: limit reached: MaxPerEntry (1000)",
			func(f *Feed) int { return len(f.Entries[0].MediaRSS) }, 1000},
		{"the feed's deleted entries", `{"deleted_entries":[` + repeatJSON(`{"ref":"r"}`, 10001) + `],"id":"e"}`,
			"feedspec: deleted_entries[10000]: limit reached: MaxPerEntry (10000)",
			func(f *Feed) int { return len(f.DeletedEntries) }, 10000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var f Feed
			err := json.Unmarshal([]byte(c.doc), &f)
			require.ErrorIs(t, err, ErrLimit)
			assert.True(t, strings.HasPrefix(err.Error(), c.prefix), err.Error())
			assert.Equal(t, c.want, c.count(&f), "the elements before the limit")
			if len(f.Entries) > 0 {
				assert.Equal(t, "e", f.Entries[0].ID, "a key after the list")
			} else {
				assert.Equal(t, "e", f.ID, "a key after the list")
			}
		})
	}
}

// TestUnmarshalModelListsRoundTrip checks that an entry with as many
// chapters as parsing keeps (MaxPerEntry) reads back whole from its
// canonical JSON.
func TestUnmarshalModelListsRoundTrip(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<rss xmlns:psc="http://podlove.org/simple-chapters"><channel><item><guid>g</guid><psc:chapters>`)
	for range 1200 {
		b.WriteString(`<psc:chapter start="00:00:01" title="c"/>`)
	}
	b.WriteString(`</psc:chapters></item></channel></rss>`)
	f, err := ParseDocument(strings.NewReader(b.String()))
	require.NoError(t, err)
	require.Len(t, f.Entries, 1)
	require.Len(t, f.Entries[0].Chapters, 1000, "parsing keeps MaxPerEntry chapters")
	var back Feed
	require.NoError(t, json.Unmarshal(f.AppendJSON(nil), &back), "reading back what parsing kept")
	require.Len(t, back.Entries, 1)
	assert.Len(t, back.Entries[0].Chapters, 1000)
}

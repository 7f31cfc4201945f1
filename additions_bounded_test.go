package feedspec

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIssue38ListsBounded checks every list of issue 38 (but Media RSS's,
// TestMediaRSSBounded): ten times its elements cost at most about ten
// times the bytes (12x, counted beyond a control document whose elements
// are in another namespace) and the JSON, with no limit; and it is capped
// by MaxPerEntry (ten times for the feed's lists), with one
// DiagnosticLimit wrapping ErrLimit.
func TestIssue38ListsBounded(t *testing.T) {
	const maxPer = 50
	const pod = `xmlns:podcast="https://podcastindex.org/namespace/1.0"`
	rss := func(ns, channel, item string) func(int) string {
		return func(n int) string {
			return `<rss version="2.0" ` + ns + `><channel><title>t</title>` + strings.Repeat(channel, n) +
				`<item><title>i</title>` + strings.Repeat(item, n) + `</item></channel></rss>`
		}
	}
	atom := func(ns, feed, entry string) func(int) string {
		return func(n int) string {
			return `<feed xmlns="http://www.w3.org/2005/Atom" ` + ns + `><title>t</title>` + strings.Repeat(feed, n) +
				`<entry><title>e</title>` + strings.Repeat(entry, n) + `</entry></feed>`
		}
	}
	shapes := []struct {
		name  string
		ns    string // the namespace the control document changes
		build func(int) string
		count func(*Feed) int
		limit int
	}{
		{"licences of an item", nsCreativeCommons,
			rss(`xmlns:creativeCommons="`+nsCreativeCommons+`"`, "", `<creativeCommons:license>http://l.example/</creativeCommons:license>`),
			func(f *Feed) int { return len(f.Entries[0].License) }, maxPer},
		{"licences of a channel", nsCreativeCommons,
			rss(`xmlns:creativeCommons="`+nsCreativeCommons+`"`, `<creativeCommons:license>http://l.example/</creativeCommons:license>`, ""),
			func(f *Feed) int { return len(f.License) }, 10 * maxPer},
		{"chapters", nsPSC,
			rss(`xmlns:psc="`+nsPSC+`"`, "", "") /* replaced below */, nil, maxPer},
		{"in-reply-to", nsThr,
			atom(`xmlns:thr="`+nsThr+`"`, "", `<thr:in-reply-to ref="urn:x" href="/x"/>`),
			func(f *Feed) int { return len(f.Entries[0].InReplyTo) }, maxPer},
		{"deleted entries", nsTombstones,
			atom(`xmlns:at="`+nsTombstones+`"`, `<at:deleted-entry ref="urn:x" when="2024-01-01T00:00:00Z"/>`, ""),
			func(f *Feed) int { return len(f.DeletedEntries) }, 10 * maxPer},
		{"podcast locations", nsPodcast,
			rss(pod, `<podcast:location geo="geo:1,2">here</podcast:location>`, ""),
			func(f *Feed) int { return len(f.Podcast.Locations) }, 10 * maxPer},
		{"podcast trailers", nsPodcast,
			rss(pod, `<podcast:trailer url="/t.mp3">t</podcast:trailer>`, ""),
			func(f *Feed) int { return len(f.Podcast.Trailers) }, 10 * maxPer},
		{"podcast images", nsPodcast,
			rss(pod, "", `<podcast:image href="/i.jpg"/>`),
			func(f *Feed) int { return len(f.Entries[0].Podcast.Images) }, maxPer},
		{"podcast remote items", nsPodcast,
			rss(pod, `<podcast:remoteItem feedGuid="g"/>`, ""),
			func(f *Feed) int { return len(f.Podcast.RemoteItems) }, 10 * maxPer},
		{"podcast txt", nsPodcast,
			rss(pod, "", `<podcast:txt>x</podcast:txt>`),
			func(f *Feed) int { return len(f.Entries[0].Podcast.Txt) }, maxPer},
		{"podcast blocks", nsPodcast,
			rss(pod, `<podcast:block id="x">yes</podcast:block>`, ""),
			func(f *Feed) int { return len(f.Podcast.Blocks) }, 10 * maxPer},
		{"podcast social interacts", nsPodcast,
			rss(pod, "", `<podcast:socialInteract protocol="activitypub" uri="/p"/>`),
			func(f *Feed) int { return len(f.Entries[0].Podcast.SocialInteracts) }, maxPer},
		{"podcast content links", nsPodcast,
			rss(pod, "", `<podcast:contentLink href="/c">c</podcast:contentLink>`),
			func(f *Feed) int { return len(f.Entries[0].Podcast.ContentLinks) }, maxPer},
	}
	// Chapters are children of one psc:chapters element.
	shapes[2].build = func(n int) string {
		return `<rss version="2.0" xmlns:psc="` + nsPSC + `"><channel><title>t</title><item><title>i</title><psc:chapters>` +
			strings.Repeat(`<psc:chapter start="1:02" title="c"/>`, n) + `</psc:chapters></item></channel></rss>`
	}
	shapes[2].count = func(f *Feed) int { return len(f.Entries[0].Chapters) }
	// The value time splits are children of one podcast:value.
	shapes = append(shapes, struct {
		name  string
		ns    string
		build func(int) string
		count func(*Feed) int
		limit int
	}{"podcast value time splits", nsPodcast, func(n int) string {
		return `<rss version="2.0" ` + pod + `><channel><title>t</title><podcast:value type="lightning">` +
			strings.Repeat(`<podcast:valueTimeSplit startTime="1" duration="2"><podcast:valueRecipient address="a"/></podcast:valueTimeSplit>`, n) +
			`</podcast:value></channel></rss>`
	}, func(f *Feed) int { return len(f.Podcast.Values[0].TimeSplits) }, 10 * maxPer})

	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			control := func(doc string) string {
				return strings.ReplaceAll(doc, s.ns, s.ns[:len(s.ns)-1]+"X")
			}
			assertLinear12Control(t, 2000, s.build, control, WithLimits(Limits{MaxPerEntry: -1, MaxNodes: -1, MaxItems: -1}))

			var diags []Diagnostic
			f := parseTestFeed(t, s.build(3*s.limit), WithLimits(Limits{MaxPerEntry: maxPer, MaxNodes: -1}), WithDiagnostics(&diags))
			assert.Equal(t, s.limit, s.count(f), "capped at MaxPerEntry")
			n := 0
			for _, d := range diags {
				if d.Kind == DiagnosticLimit {
					n++
					assert.ErrorIs(t, d.Err, ErrLimit)
				}
			}
			assert.Equal(t, 1, n, "one limit diagnostic: %v", diags)
		})
	}
}

// TestLiveItemsCountAsEntries checks that Podcasting 2.0 live items count
// with the entries in MaxItems.
func TestLiveItemsCountAsEntries(t *testing.T) {
	doc := `<rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>t</title>` +
		strings.Repeat(`<podcast:liveItem status="live"><title>l</title></podcast:liveItem>`, 3) +
		strings.Repeat(`<item><title>i</title></item>`, 3) + `</channel></rss>`
	f, err := ParseDocument(strings.NewReader(doc), WithLimits(Limits{MaxItems: 4}))
	require.ErrorIs(t, err, ErrLimit)
	require.NotNil(t, f)
	assert.Len(t, f.Podcast.LiveItems, 3)
	assert.Len(t, f.Entries, 1)
	assert.Same(t, f, f.Podcast.LiveItems[0].Entry.Feed, "a live item's entry has the feed")
}

package feedspec

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPodcastNamespaceURIs checks that both namespace URIs are read alike,
// and that an unknown URI is not read.
func TestPodcastNamespaceURIs(t *testing.T) {
	doc := func(ns string) string {
		return `<rss xmlns:podcast="` + ns + `"><channel><podcast:guid>g-1</podcast:guid>
		<item><podcast:season name="One">1</podcast:season><podcast:chapters url="c.json" type="application/json+chapters"/></item>
		</channel></rss>`
	}
	var jsons []string
	for _, ns := range []string{nsPodcast, nsPodcastGitHub} {
		feed, err := ParseDocument(strings.NewReader(doc(ns)), WithURL("https://example.com/feed.xml"))
		require.NoError(t, err)
		require.NotNil(t, feed.Podcast, ns)
		assert.Equal(t, "g-1", feed.Podcast.GUID)
		require.NotNil(t, feed.Entries[0].Podcast, ns)
		assert.Equal(t, &PodcastSeason{Number: 1, Name: "One"}, feed.Entries[0].Podcast.Season)
		assert.Equal(t, &PodcastChapters{URL: "https://example.com/c.json", Type: "application/json+chapters"}, feed.Entries[0].Podcast.Chapters)
		b, err := feed.MarshalJSON()
		require.NoError(t, err)
		jsons = append(jsons, string(b))
	}
	assert.Equal(t, jsons[0], jsons[1])
	assert.Contains(t, jsons[0], `"podcast":{"guid":"g-1"},"format":"rss"}`, "the podcast key comes after the earlier additions, before format")

	feed, err := ParseDocument(strings.NewReader(doc("https://podcastindex.org/namespace/2.0")))
	require.NoError(t, err)
	assert.Nil(t, feed.Podcast)
	assert.Nil(t, feed.Entries[0].Podcast)
}

// TestPodcastCorpus reads the corpus's Podcasting 2.0 feeds, one under each
// namespace URI.
func TestPodcastCorpus(t *testing.T) {
	read := func(name string) *Feed {
		b, err := os.ReadFile("../shared/corpus/feeds/" + name)
		if err != nil {
			t.Skipf("the corpus is absent: %v", err)
		}
		feed, err := ParseDocument(strings.NewReader(string(b)), WithURL("https://example.com/feed.xml"))
		require.NoError(t, err)
		return feed
	}

	// The namespace's example feed, under the GitHub URI.
	feed := read("rssreader__podcast-example1.xml")
	require.NotNil(t, feed.Podcast)
	assert.Equal(t, "y0ur-gu1d-g035-h3r3", feed.Podcast.GUID)
	require.NotNil(t, feed.Podcast.Locked)
	assert.True(t, *feed.Podcast.Locked)
	assert.Equal(t, "podcastowner@example.com", feed.Podcast.LockedOwner)
	assert.Equal(t, []PodcastFunding{{URL: "https://example.com/donate", Text: "Support the show!"}}, feed.Podcast.Funding)
	require.Len(t, feed.Podcast.Values, 1)
	assert.Len(t, feed.Podcast.Values[0].Recipients, 2, "the recipients of a valueTimeSplit are not the value's")
	require.Len(t, feed.Entries, 3)
	ep3 := feed.Entries[0].Podcast
	require.NotNil(t, ep3)
	assert.Equal(t, &PodcastEpisode{Number: 1.3, Display: "S1E3"}, ep3.Episode)
	assert.Equal(t, []PodcastSoundbite{{StartTime: 33833 * time.Millisecond, Duration: 42250 * time.Millisecond, Title: "Why the Podcast Namespace Matters"}}, ep3.Soundbites)
	assert.Len(t, ep3.Transcripts, 2)
	assert.Equal(t, PodcastTranscript{URL: "https://example.com/episode1/transcript.json", Type: "application/json", Language: "es", Rel: "captions"}, ep3.Transcripts[1])
	assert.Len(t, ep3.Persons, 3)
	assert.Equal(t, PodcastPerson{Name: "Becky Smith", Role: "cover art designer", Group: "visuals", Href: "https://example.com/artist/beckysmith"}, ep3.Persons[2])
	require.Len(t, ep3.AlternateEnclosures, 5)
	video := ep3.AlternateEnclosures[4]
	assert.Equal(t, "video/mp4", video.Type)
	require.NotNil(t, video.Height)
	assert.Equal(t, 720, *video.Height)
	assert.Equal(t, []PodcastSource{{URI: "https://example.com/file-720.mp4"}, {URI: "ipfs://QmX33FYehk6ckGQ6g1D9D3FqZPix5JpKstKQKbaS8quUFb"}}, video.Sources)
	require.NotNil(t, video.Integrity)
	assert.Equal(t, "sri", video.Integrity.Type)
	require.Len(t, ep3.Values, 1)
	assert.Len(t, ep3.Values[0].Recipients, 3)
	assert.Equal(t, "https://example.com/file-03.mp3", feed.Entries[0].AudioEnclosure().URL)
	assert.Equal(t, "https://example.com/ep0003/artMd.jpg", feed.Entries[0].Image().URL)

	// A hosted show, under the podcastindex.org URI.
	feed = read("feedrs-hist__rss_2.0_transistorfm.xml")
	require.NotNil(t, feed.Podcast)
	require.NotNil(t, feed.Podcast.Locked)
	assert.False(t, *feed.Podcast.Locked)
	assert.Len(t, feed.Podcast.Persons, 2)
	e := feed.Entries[0]
	require.NotNil(t, e.Podcast)
	assert.Len(t, e.Podcast.Transcripts, 5)
	assert.Equal(t, &PodcastSeason{Number: 5}, e.Podcast.Season)
	assert.Equal(t, &PodcastEpisode{Number: 10}, e.Podcast.Episode)
	require.NotNil(t, e.Explicit())
	assert.False(t, *e.Explicit(), "the episode's itunes:explicit wins over the show's")
	require.NotNil(t, feed.ITunes.Explicit)
	assert.True(t, *feed.ITunes.Explicit)
}

func TestAudioEnclosure(t *testing.T) {
	str := func(s string) *string { return &s }
	video := &Enclosure{URL: "https://e.example/v.mp4", MIMEType: str("video/mp4")}
	audio := &Enclosure{URL: "https://e.example/a.mp3", MIMEType: str("Audio/MPEG")}
	medium := &Enclosure{URL: "https://e.example/m", Medium: "audio"}
	untyped := &Enclosure{URL: "https://e.example/u.OPUS?token=1"}
	untypedOther := &Enclosure{URL: "https://e.example/u.bin"}
	image := &Enclosure{URL: "https://e.example/i.mp3", MIMEType: str("image/png")}
	tests := []struct {
		encs []*Enclosure
		want *Enclosure
	}{
		{nil, nil},
		{[]*Enclosure{video}, nil},
		{[]*Enclosure{video, audio}, audio},
		{[]*Enclosure{medium, audio}, audio}, // a type wins over a medium
		{[]*Enclosure{untyped, medium}, medium},
		{[]*Enclosure{untypedOther, untyped}, untyped},
		{[]*Enclosure{image}, nil}, // a type that is not audio is trusted over the file name
		{[]*Enclosure{nil, audio}, audio},
	}
	for i, tt := range tests {
		assert.Same(t, tt.want, (&Entry{Enclosures: tt.encs}).AudioEnclosure(), "case %d", i)
	}
}

func TestEntryImageAndExplicit(t *testing.T) {
	const doc = `<rss xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/">
	<channel xml:base="https://cdn.example/show/">
	  <itunes:image href="show.jpg"/><itunes:explicit>yes</itunes:explicit>
	  <image><url>https://example.com/logo.png</url></image>
	  <item><media:thumbnail url="thumb.jpg"/><itunes:image href="ep1.jpg"/><itunes:explicit>clean</itunes:explicit></item>
	  <item><media:thumbnail url="thumb2.jpg"/><itunes:image href=""/></item>
	  <item><title>plain</title></item>
	</channel></rss>`
	feed, err := ParseDocument(strings.NewReader(doc), WithURL("https://example.com/feed.xml"))
	require.NoError(t, err)
	e := feed.Entries
	assert.Equal(t, "https://example.com/thumb.jpg", e[0].Thumbnail.URL, "the spec: media:thumbnail came first")
	assert.Equal(t, "https://example.com/ep1.jpg", e[0].Image().URL, "the episode's itunes:image")
	assert.Equal(t, "https://example.com/thumb2.jpg", e[1].Image().URL, "else the thumbnail")
	assert.Equal(t, "https://example.com/show.jpg", e[2].Image().URL, "else the show's itunes:image")
	require.NotNil(t, e[0].Explicit())
	assert.False(t, *e[0].Explicit())
	require.NotNil(t, e[2].Explicit())
	assert.True(t, *e[2].Explicit())

	// With WithXMLBase, the episode image resolves against the xml:base in
	// scope, as every URL does.
	feed, err = ParseDocument(strings.NewReader(doc), WithURL("https://example.com/feed.xml"), WithXMLBase())
	require.NoError(t, err)
	assert.Equal(t, "https://cdn.example/show/ep1.jpg", feed.Entries[0].Image().URL)

	// The feed's logo, then its icon; nothing at all gives nil.
	logo := &Image{URL: "https://example.com/logo.png"}
	icon := &Image{URL: "https://example.com/icon.png"}
	assert.Same(t, logo, (&Entry{Feed: &Feed{Logo: logo, Icon: icon}}).Image())
	assert.Same(t, icon, (&Entry{Feed: &Feed{Icon: icon}}).Image())
	assert.Nil(t, (&Entry{}).Image())
	assert.Nil(t, (&Entry{Feed: &Feed{}}).Explicit())
	assert.Nil(t, (&Entry{}).Explicit())
}

func TestResolveURL(t *testing.T) {
	const doc = `<rss><channel xml:base="https://cdn.example/show/"><title>T</title>
	  <item xml:base="ep/"><title>I</title></item></channel></rss>`
	feed, err := ParseDocument(strings.NewReader(doc), WithURL("https://example.com/feeds/feed.xml"))
	require.NoError(t, err)
	assert.Equal(t, "https://example.com/feeds/a.vtt", feed.ResolveURL("a.vtt"), "xml:base ignored by default")
	assert.Equal(t, "https://example.com/a%20b", feed.ResolveURL("/a b"))
	assert.Equal(t, "ipfs://QmX", feed.ResolveURL("ipfs://QmX"))
	assert.Equal(t, "", feed.ResolveURL("http://[bad"))

	feed, err = ParseDocument(strings.NewReader(doc), WithURL("https://example.com/feeds/feed.xml"), WithXMLBase())
	require.NoError(t, err)
	assert.Equal(t, "https://cdn.example/show/a.vtt", feed.ResolveURL("a.vtt"), "the channel's xml:base")
	assert.Equal(t, "https://cdn.example/show/ep/a.vtt", feed.ResolveURLAt(feed.Entries[0].Element(), "a.vtt"), "the item's xml:base")
	assert.Equal(t, "https://example.com/feeds/a.vtt", feed.ResolveURLAt(nil, "a.vtt"), "nil: the document's URL")

	// Without a document URL, a relative reference does not parse.
	feed, err = ParseDocument(strings.NewReader(doc))
	require.NoError(t, err)
	assert.Equal(t, "", feed.ResolveURL("a.vtt"))
	assert.Equal(t, "https://x.example/", feed.ResolveURL("https://x.example"))
	var nilFeed *Feed
	assert.Equal(t, "https://x.example/", nilFeed.ResolveURL("https://x.example"))
}

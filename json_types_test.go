package feedspec

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestModelTypesMarshalAlone marshals every model type on its own (the
// value, as json.Marshal sees a field of a user's struct, and a pointer to
// it) and compares the bytes with its part of a Feed's canonical JSON, then
// reads that part back into a new value of the type and marshals it again.
// The Feed has every field set (fillAll), so that every model type appears
// in it with all its keys.
func TestModelTypesMarshalAlone(t *testing.T) {
	var f Feed
	fillAll(reflect.ValueOf(&f).Elem(), 0)
	// fillAll stops at a depth the alternate enclosure's lists are beyond.
	fillAll(reflect.ValueOf(&f.Entries[0].Podcast.AlternateEnclosures[0]).Elem(), 0)
	// And the Media RSS metadata's, the value time splits' and a live
	// item's entry's (issue 38).
	fillAll(reflect.ValueOf(f.Entries[0].MediaRSS[0].Metadata).Elem(), 0)
	fillAll(reflect.ValueOf(&f.Podcast.Values[0].TimeSplits[0]).Elem(), 0)
	fillAll(reflect.ValueOf(f.Podcast.LiveItems[0].Entry).Elem(), 2)
	full, err := f.MarshalJSON()
	require.NoError(t, err)

	seen := map[string]int{}
	var walk func(v reflect.Value, raw json.RawMessage, path string)
	walk = func(v reflect.Value, raw json.RawMessage, path string) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() {
				assert.Equal(t, "null", string(raw), path)
				return
			}
			if v.Type() == reflect.TypeOf((*Text)(nil)) {
				checkAlone(t, v, raw, path)
				seen["Text"]++
				return
			}
			walk(v.Elem(), raw, path)
		case reflect.Slice:
			var elems []json.RawMessage
			require.NoError(t, json.Unmarshal(raw, &elems), path)
			require.Len(t, elems, v.Len(), path)
			for i := range elems {
				walk(v.Index(i), elems[i], path+"[]")
			}
		case reflect.Struct:
			if v.Type().PkgPath() != reflect.TypeOf(Feed{}).PkgPath() {
				return // time.Time
			}
			checkAlone(t, v, raw, path)
			seen[v.Type().Name()]++
			var members map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(raw, &members), path)
			for i := 0; i < v.NumField(); i++ {
				sf := v.Type().Field(i)
				key, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
				if !sf.IsExported() || key == "-" {
					continue
				}
				require.NotEmpty(t, key, "%s.%s has no json key", v.Type().Name(), sf.Name)
				m, ok := members[key]
				if !ok {
					continue // omitted: null, false or empty
				}
				walk(v.Field(i), m, path+"."+key)
			}
		}
	}
	walk(reflect.ValueOf(f), full, "")

	var names []string
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	assert.Equal(t, []string{
		"Category", "ChannelImage", "Chapter", "Cloud", "DeletedEntry", "Enclosure", "Entry", "EntryITunes", "EntryPodcast",
		"Feed", "FeedITunes", "FeedPodcast", "Generator", "Geo", "Image", "InReplyTo", "Link",
		"MediaCommunity", "MediaCopyright", "MediaCredit", "MediaEmbed", "MediaHash", "MediaMetadata", "MediaObject",
		"MediaParam", "MediaPlayer", "MediaPrice", "MediaRating", "MediaRestriction", "MediaStarRating",
		"MediaStatistics", "MediaTag", "MediaThumbnail", "Person", "PodcastAlternateEnclosure", "PodcastBlock",
		"PodcastChapters", "PodcastChat", "PodcastContentLink", "PodcastEpisode", "PodcastFunding", "PodcastImage",
		"PodcastIntegrity", "PodcastLicense", "PodcastLiveItem", "PodcastLocation", "PodcastPerson",
		"PodcastRemoteItem", "PodcastSeason", "PodcastSocialInteract", "PodcastSoundbite", "PodcastSource",
		"PodcastTrailer", "PodcastTranscript", "PodcastTxt", "PodcastUpdateFrequency", "PodcastValue",
		"PodcastValueRecipient", "PodcastValueTimeSplit", "Source", "Text", "TextInput",
	}, names)
}

// checkAlone checks that v (a struct value or a *Text) marshals alone to
// want, through its MarshalJSON and through json.Marshal of the value and
// of a pointer to it, and that want reads back into a new value that
// marshals to want again.
func checkAlone(t *testing.T, v reflect.Value, want json.RawMessage, path string) {
	t.Helper()
	if path == "" {
		path = "(feed)"
	}
	m, ok := v.Interface().(json.Marshaler)
	require.True(t, ok, "%s: %s has no MarshalJSON on its value", path, v.Type())
	got, err := m.MarshalJSON()
	require.NoError(t, err, path)
	assert.Equal(t, string(want), string(got), "%s: %s.MarshalJSON", path, v.Type())

	got, err = json.Marshal(v.Interface())
	require.NoError(t, err, path)
	assert.Equal(t, string(want), string(got), "%s: json.Marshal of a %s", path, v.Type())

	// A new value of the type (a new Text for a *Text), read back.
	typ := v.Type()
	if typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	back := reflect.New(typ)
	require.NoError(t, json.Unmarshal(want, back.Interface()), "%s: reading back a %s", path, typ)
	got, err = json.Marshal(back.Interface())
	require.NoError(t, err, path)
	assert.Equal(t, string(want), string(got), "%s: a %s read back", path, typ)
}

// TestModelTypesCanonicalKeys checks, for a few types the issue names, the
// exact JSON of a value marshalled alone: the canonical keys, not the Go
// field names.
func TestModelTypesCanonicalKeys(t *testing.T) {
	length := int64(12)
	for _, c := range []struct {
		v    any
		want string
	}{
		{PodcastTranscript{URL: "https://t.example/t.vtt", Type: "text/vtt"}, `{"url":"https://t.example/t.vtt","type":"text/vtt"}`},
		{Link{Href: "https://x.example/", Rel: "alternate", HrefLang: "en", Length: &length}, `{"href":"https://x.example/","rel":"alternate","hreflang":"en","length":12}`},
		{Category{Term: "a", Subcategories: []Category{{Term: "b"}}}, `{"term":"a","subcategories":[{"term":"b"}]}`},
		{&Source{ID: "i", URL: "u"}, `{"id":"i","url":"u"}`},
		{FeedITunes{NewFeedURL: "https://n.example/"}, `{"new_feed_url":"https://n.example/"}`},
		{PodcastSeason{}, `{"number":0}`},
		{PodcastSoundbite{StartTime: 1500e6}, `{"start_time":1.5,"duration":0}`},
		{Generator{}, `{}`},
		{[]PodcastPerson{{Name: "P", Role: "host"}}, `[{"name":"P","role":"host"}]`},
		{map[string]Image{"logo": {URL: "<u>"}}, `{"logo":{"url":"\u003cu\u003e"}}`},
	} {
		got, err := json.Marshal(c.v)
		require.NoError(t, err)
		assert.Equal(t, c.want, string(got))
	}

	var p PodcastPerson
	require.NoError(t, json.Unmarshal([]byte(`{"name":"P","href":"https://p.example/","URL":"ignored"}`), &p))
	assert.Equal(t, PodcastPerson{Name: "P", Href: "https://p.example/"}, p)
	err := json.Unmarshal([]byte(`{"recipients":[{"split":"x"}]}`), new(PodcastValue))
	assert.EqualError(t, err, "feedspec: recipients[0].split: a string, not a number")
}

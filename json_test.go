package feedspec

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAppendJSONString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `""`},
		{"plain", `"plain"`},
		{"q\"b\\", `"q\"b\\"`},
		{"\n\r\t\x00\x1f", `"\n\r\t\u0000\u001f"`},
		{"<&>", `"<&>"`},
		{"é日本", `"é日本"`},
		{"\u2028\u2029", `"\u2028\u2029"`},
		{"a\xffb", `"a\ufffdb"`},
		{"\xe6\x97", `"\ufffd\ufffd"`},
	}
	for _, tt := range tests {
		got := string(appendJSONText(nil, tt.in, false))
		assert.Equal(t, tt.want, got, "%q", tt.in)
		var back string
		require.NoError(t, json.Unmarshal([]byte(got), &back), "%q", tt.in)
	}
}

func TestMarshalEmptyAndFull(t *testing.T) {
	b, err := json.Marshal(&Feed{})
	require.NoError(t, err)
	assert.Equal(t, `{}`, string(b))

	// An entry or a person with no fields is {} and stays in its list.
	b, err = json.Marshal(&Feed{Authors: []*Person{{}}, Entries: []*Entry{{}}})
	require.NoError(t, err)
	assert.Equal(t, `{"authors":[{}],"entries":[{}]}`, string(b))

	w, h := 3, 0
	var length int64 = 7
	typ := ""
	d := 90 * time.Second
	pub := time.Date(12012, 1, 1, 0, 0, 0, 0, time.UTC)
	upd := time.Date(2016, 3, 20, 8, 17, 44, 500000000, time.FixedZone("x", 3600))
	feed := &Feed{
		Title:           stringText("t"),
		Subtitle:        stringText("s"),
		Description:     stringText("d"),
		PageURL:         "https://p/",
		FeedURL:         "https://f/",
		PreviousFeedURL: "https://prev/",
		NextFeedURL:     "https://next/",
		Icon:            &Image{URL: "https://i/", Width: &w, Height: &h},
		Logo:            &Image{URL: "https://l/"},
		Updated:         &upd,
		Authors:         []*Person{{Name: "n", Email: "e", PageURL: "https://a/", Icon: &Image{URL: "https://ai/"}}},
	}
	feed.Entries = []*Entry{{
		Feed:       feed,
		Title:      stringText("et"),
		Subtitle:   stringText("es"),
		Summary:    stringText("esu"),
		Content:    stringText("ec"),
		PageURL:    "https://ep/",
		Thumbnail:  &Image{URL: "https://th/"},
		Duration:   &d,
		Published:  &pub,
		Updated:    &upd,
		Authors:    []*Person{{Name: "x"}},
		Categories: []string{"b", "a"},
		Enclosures: []*Enclosure{{URL: "https://en/", MIMEType: &typ, Length: &length}, {URL: "https://en2/"}},
	}}
	b, err = feed.MarshalJSON()
	require.NoError(t, err)
	want := `{"title":"t","subtitle":"s","description":"d","page_url":"https://p/","feed_url":"https://f/",` +
		`"previous_feed_url":"https://prev/","next_feed_url":"https://next/",` +
		`"icon":{"url":"https://i/","width":3,"height":0},"logo":{"url":"https://l/"},` +
		`"updated":"2016-03-20T07:17:44.5Z",` +
		`"authors":[{"name":"n","email":"e","page_url":"https://a/","icon":{"url":"https://ai/"}}],` +
		`"entries":[{"title":"et","subtitle":"es","summary":"esu","content":"ec","page_url":"https://ep/",` +
		`"thumbnail":{"url":"https://th/"},"duration":90,"published":"12012-01-01T00:00:00Z",` +
		`"updated":"2016-03-20T07:17:44.5Z","authors":[{"name":"x"}],"categories":["b","a"],` +
		`"enclosures":[{"url":"https://en/","type":"","length":7},{"url":"https://en2/"}]}]}`
	assert.Equal(t, want, string(b))
	assert.True(t, json.Valid(b))
}

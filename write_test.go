package feedspec

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/xml5"
)

// writeAll writes f in the three formats.
func writeAll(t testing.TB, f *Feed) (rss, atom, js []byte) {
	t.Helper()
	var a, b, c bytes.Buffer
	require.NoError(t, f.WriteRSS(&a), "WriteRSS")
	require.NoError(t, f.WriteAtom(&b), "WriteAtom")
	require.NoError(t, f.WriteJSONFeed(&c), "WriteJSONFeed")
	return a.Bytes(), b.Bytes(), c.Bytes()
}

// checkWellFormed checks that doc parses with no error in xml5 (WithErrors)
// and in encoding/xml.
func checkWellFormed(t testing.TB, doc []byte) {
	t.Helper()
	d, err := xml5.Parse(bytes.NewReader(doc), xml5.WithErrors())
	require.NoError(t, err, "xml5")
	assert.Empty(t, d.Errors, "xml5 errors in %q", cut(doc))
	dec := xml.NewDecoder(bytes.NewReader(doc))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			break
		}
		if !assert.NoError(t, err, "encoding/xml in %q", cut(doc)) {
			break
		}
	}
}

func cut(b []byte) string {
	if len(b) > 2000 {
		return string(b[:2000]) + "…"
	}
	return string(b)
}

// hostileFeed is a model a program could build: nil elements in lists,
// invalid UTF-8, C0 controls, "]]>", "--", U+FFFE, names that are not XML
// names as values, empty values, dates out of range.
func hostileFeed() *Feed {
	bad := "a\x00b\x01c\x0bd\x1f]]>e--f\uFFFEg\uFFFFh\xff\xfei\r\nj\t<k>&l;\"'"
	far := time.Date(12000, 1, 1, 0, 0, 0, 0, time.UTC)
	neg := time.Date(-5, 1, 1, 0, 0, 0, 0, time.FixedZone("odd", 17*60+30))
	odd := time.Date(2024, 1, 1, 0, 0, 0, 123, time.FixedZone("LMT", 17*60+30))
	typ, n, n64, f, d, b := bad, -3, int64(-9), -1.5, -time.Second, true
	node := HTMLText("<p>" + bad + "</p><!-- -- --><script>x]]>y</script>")
	return &Feed{
		Title: StringText(bad), Subtitle: node, Description: HTMLText(bad), Rights: node,
		PageURL: bad, FeedURL: "javascript:alert(1)", Updated: &far, Published: &neg, LastBuildDate: &odd,
		Icon: &Image{URL: bad, Width: &n, Height: &n}, Logo: &Image{URL: bad},
		Authors:      []*Person{nil, {Name: bad, Email: bad}, {}, {Email: bad}},
		Contributors: []*Person{nil, {Name: bad}},
		Links:        []Link{{Href: bad, Rel: "a b<c", Type: bad, Length: &n64}, {}},
		Generator:    &Generator{Name: bad, URI: bad, Version: bad}, Language: bad, ID: bad,
		CategoryDetails: []Category{{Term: bad, Scheme: bad, Label: bad, Subcategories: []Category{{Term: bad}}},
			{Term: bad, Scheme: nsITunes, Subcategories: []Category{{Term: bad, Scheme: bad}}}, {}},
		TTL: &n, SkipHours: []int{-1, 99}, SkipDays: []string{bad}, UpdatePeriod: bad, UpdateFrequency: &n,
		ITunes: &FeedITunes{Owner: &Person{Name: bad}, Explicit: &b, Type: bad, Block: &b, Complete: &b,
			Image: &Image{URL: bad}, NewFeedURL: bad},
		Podcast: &FeedPodcast{GUID: bad, Locked: &b, LockedOwner: bad, Funding: []PodcastFunding{{URL: bad, Text: bad}},
			Persons: []PodcastPerson{{Name: bad, Role: bad, Img: bad}},
			Values:  []PodcastValue{{Type: bad, Recipients: []PodcastValueRecipient{{Name: bad, Split: &f, Fee: true}}}}},
		ChannelImage: &ChannelImage{URL: bad, Title: node, Width: &n}, Cloud: &Cloud{Domain: bad, Port: &n},
		TextInput: &TextInput{Title: node, Name: bad}, Rating: bad, Docs: bad, WebMaster: &Person{Email: bad, Name: bad},
		UpdateBase: &neg,
		Entries: []*Entry{nil, {}, {
			Title: node, Subtitle: node, Summary: StringText(bad), Content: node, PageURL: bad,
			Thumbnail: &Image{URL: bad}, Duration: &d, Published: &far, Updated: &odd,
			Authors: []*Person{nil, {Name: bad}}, Categories: []string{bad, "", bad},
			Enclosures: []*Enclosure{nil, {URL: bad, MIMEType: &typ, Length: &n64}, {URL: bad, Medium: bad, Width: &n, Duration: &d, Bitrate: &f, FileSize: &n64},
				{URL: bad, Medium: bad}},
			ID: bad, IDIsPermalink: &b, Language: bad, Rights: StringText(bad), CommentsURL: bad, CommentCount: &n,
			Source: &Source{ID: bad, Title: node, URL: bad, FeedURL: bad, Authors: []*Person{nil, {Name: bad}},
				Updated: &far, CategoryDetails: []Category{{Term: bad, Scheme: bad}}},
			Contributors:    []*Person{nil},
			CategoryDetails: []Category{{Term: bad, Scheme: bad, Label: bad}, {}, {Term: "x", Scheme: MediaCategoryScheme}},
			ContentSrc:      bad, ContentType: bad, Links: []Link{{Href: bad, Rel: "enclosure", Type: bad}},
			ITunes: &EntryITunes{Title: bad, Episode: &n, Season: &n, EpisodeType: bad, Explicit: &b, Block: &b},
			Podcast: &EntryPodcast{Transcripts: []PodcastTranscript{{URL: bad, Type: bad}}, Chapters: &PodcastChapters{URL: bad},
				Season: &PodcastSeason{Number: -1, Name: bad}, Episode: &PodcastEpisode{Number: -2, Display: bad},
				Soundbites:          []PodcastSoundbite{{StartTime: -time.Second, Duration: time.Second + 5, Title: bad}},
				AlternateEnclosures: []PodcastAlternateEnclosure{{Type: bad, Length: &n64, Bitrate: &f, Sources: []PodcastSource{{URI: bad}}, Integrity: &PodcastIntegrity{Type: bad}}},
				Values:              []PodcastValue{{}}},
			CommentsFeedURL: bad, ContentXML: "<a>" + bad,
		}},
	}
}

func TestWriteHostileModel(t *testing.T) {
	f := hostileFeed()
	rss, atom, js := writeAll(t, f)
	checkWellFormed(t, rss)
	checkWellFormed(t, atom)
	assert.True(t, json.Valid(js), "valid JSON: %s", js)
	for _, doc := range [][]byte{rss, atom} {
		for _, c := range []string{"\x00", "\x01", "\x0b", "\x1f", "\xff", "\uFFFE", "\uFFFF"} {
			assert.NotContains(t, string(doc), c, "a character XML cannot carry is written")
		}
		assert.Contains(t, string(doc), "\uFFFD", "invalid UTF-8 becomes U+FFFD")
		assert.Contains(t, string(doc), "&#13;", "a carriage return is written as a reference")
	}
	// Each writes again what it reads back.
	for _, wf := range writeFormats {
		var out bytes.Buffer
		require.NoError(t, wf.write(f, &out))
		g, err := ParseDocument(bytes.NewReader(out.Bytes()), wf.opts...)
		require.NotNil(t, g, "%s read back: %v", wf.name, err)
		assert.Equal(t, len(f.Entries)-1, len(g.Entries), "%s: the entries but the nil one", wf.name)
	}
}

func TestWriteEscaping(t *testing.T) {
	f := &Feed{Title: StringText("a<b>&\"c\r\n"), Entries: []*Entry{{
		ID:      "x",
		Summary: StringText("1 < 2 & <b>not bold</b>\r"),
		Content: HTMLText("<p>x</p><script>a]]>b</script>"),
		Links:   []Link{{Href: "https://e.example/?a=1&b=\"2\"", Rel: "related", Title: "t\tu\nv"}},
	}}}
	rss, atom, _ := writeAll(t, f)
	assert.Contains(t, string(rss), "<title>a&lt;b&gt;&amp;\"c&#13;\n</title>")
	assert.Contains(t, string(rss), `<description><![CDATA[1 &lt; 2 &amp; &lt;b&gt;not bold&lt;/b&gt;&#13;]]></description>`)
	assert.Contains(t, string(rss), `<content:encoded><![CDATA[<p>x</p><script>a]]]]><![CDATA[>b</script>]]></content:encoded>`)
	assert.Contains(t, string(atom), `href="https://e.example/?a=1&amp;b=&quot;2&quot;" rel="related" title="t&#9;u&#10;v"`)
	for _, wf := range writeFormats {
		var out bytes.Buffer
		require.NoError(t, wf.write(f, &out))
		g, err := ParseDocument(bytes.NewReader(out.Bytes()), wf.opts...)
		require.NoError(t, err, wf.name)
		assert.Equal(t, "a<b>&\"c\r\n", g.Title.String(), "%s: the title read back", wf.name)
		if wf.name != "jsonfeed" {
			assert.Equal(t, "1 < 2 & <b>not bold</b>\r", g.Entries[0].Summary.String(), "%s: a string summary read back", wf.name)
			assert.Equal(t, "t\tu\nv", g.Entries[0].Links[0].Title, "%s: an attribute read back", wf.name)
		}
		assert.Equal(t, "<p>x</p><script>a]]>b</script>", g.Entries[0].Content.HTML(), "%s: HTML content read back", wf.name)
	}
}

func TestWriteNil(t *testing.T) {
	var f *Feed
	for _, err := range []error{f.WriteRSS(io.Discard), f.WriteAtom(io.Discard), f.WriteJSONFeed(io.Discard)} {
		assert.ErrorIs(t, err, errNilFeed)
		assert.True(t, strings.HasPrefix(err.Error(), "feedspec: "), err.Error())
	}
	assert.Nil(t, f.Sanitized(""))
	rss, atom, js := writeAll(t, &Feed{})
	checkWellFormed(t, rss)
	checkWellFormed(t, atom)
	assert.JSONEq(t, `{"version":"https://jsonfeed.org/version/1.1","title":"","items":[]}`, string(js))
}

// writerFailingAfter fails once n bytes were written.
type writerFailingAfter struct{ n int }

var errWriteFailed = errors.New("disk full")

func (w *writerFailingAfter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		n := w.n
		w.n = 0
		return n, errWriteFailed
	}
	w.n -= len(p)
	return len(p), nil
}

func TestWriteError(t *testing.T) {
	f := bigFeed(200)
	for _, wf := range writeFormats {
		err := wf.write(f, &writerFailingAfter{n: 20000})
		require.Error(t, err, wf.name)
		assert.ErrorIs(t, err, errWriteFailed, wf.name)
		assert.True(t, strings.HasPrefix(err.Error(), "feedspec: writing "), err.Error())
	}
}

// bigFeed returns a feed of n entries, each with texts, links, an
// enclosure and categories.
func bigFeed(n int) *Feed {
	typ, length := "audio/mpeg", int64(1000)
	now := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	f := &Feed{Title: StringText("Big"), PageURL: "https://big.example/", Updated: &now}
	for i := range n {
		u := "https://big.example/" + strings.Repeat("p", i%50)
		f.Entries = append(f.Entries, &Entry{
			ID: u, PageURL: u, Title: StringText("Entry <b>title</b> & more"), Published: &now,
			Summary:    HTMLText("<p>Some <em>summary</em> text, long enough to count.</p>"),
			Content:    HTMLText("<div><p>Content " + strings.Repeat("words and words ", 20) + "</p></div>"),
			Categories: []string{"a", "b"}, CategoryDetails: []Category{{Term: "a"}, {Term: "b", Scheme: "https://s.example/"}},
			Enclosures: []*Enclosure{{URL: u + ".mp3", MIMEType: &typ, Length: &length}},
			Authors:    []*Person{{Name: "Ann", Email: "ann@big.example"}},
		})
	}
	return f
}

// TestWriteLinear writes feeds of 200 and 2,000 entries (and a feed with
// one text 10 times as long) and checks that the output grows 10 times and
// the bytes allocated no more than 12 times: the writers are linear, and
// their memory beyond the model is a constant buffer (and one text's HTML).
func TestWriteLinear(t *testing.T) {
	for _, wf := range writeFormats {
		small, large := bigFeed(200), bigFeed(2000)
		var outSmall, outLarge int
		allocSmall := allocatedBy(func() {
			var c countingWriter
			require.NoError(t, wf.write(small, &c))
			outSmall = c.n
		})
		allocLarge := allocatedBy(func() {
			var c countingWriter
			require.NoError(t, wf.write(large, &c))
			outLarge = c.n
		})
		ratio := float64(allocLarge) / float64(max(allocSmall, 1))
		t.Logf("%s: %d -> %d bytes out, %d -> %d bytes allocated (x%.2f), %.3f bytes allocated per byte out",
			wf.name, outSmall, outLarge, allocSmall, allocLarge, ratio, float64(allocLarge)/float64(outLarge))
		assert.InDelta(t, 10, float64(outLarge)/float64(outSmall), 0.5, "%s: the output grows 10 times", wf.name)
		assert.LessOrEqual(t, ratio, 12.0, "%s: allocations grow at most 12 times for 10 times the entries", wf.name)
		assert.Less(t, float64(allocLarge)/float64(outLarge), 0.5, "%s: bytes allocated per byte written", wf.name)
	}
	// Long lists: 10 times the categories, links, enclosures and persons
	// of one entry (the matching of Atom links and enclosures is linear).
	for _, wf := range writeFormats {
		var outs [2]int
		var allocs [2]uint64
		for i, n := range []int{1000, 10000} {
			e := &Entry{ID: "x"}
			typ := "image/png"
			for j := range n {
				u := "https://l.example/" + strings.Repeat("x", j%7) + string(rune('a'+j%26))
				e.Categories = append(e.Categories, u)
				e.CategoryDetails = append(e.CategoryDetails, Category{Term: u})
				e.Links = append(e.Links, Link{Href: u, Rel: "enclosure", Type: typ})
				e.Enclosures = append(e.Enclosures, &Enclosure{URL: u, MIMEType: &typ})
				e.Authors = append(e.Authors, &Person{Name: u})
			}
			f := &Feed{Entries: []*Entry{e}}
			allocs[i] = allocatedBy(func() {
				var c countingWriter
				require.NoError(t, wf.write(f, &c))
				outs[i] = c.n
			})
		}
		ratio := float64(allocs[1]) / float64(max(allocs[0], 1))
		t.Logf("%s, long lists: %d -> %d bytes out, %d -> %d bytes allocated (x%.2f)", wf.name, outs[0], outs[1], allocs[0], allocs[1], ratio)
		assert.LessOrEqual(t, ratio, 12.0, "%s: long lists stay linear", wf.name)
	}
}

// A countingWriter counts the bytes written to it.
type countingWriter struct{ n int }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	return len(p), nil
}

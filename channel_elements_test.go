package feedspec

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/sharedtest"
)

// TestFormatAndVersion: Feed.Format and Feed.Version for each format, from
// the root element, its namespace and version attribute (the JSON Feed
// version URL), in default and recovery mode.
func TestFormatAndVersion(t *testing.T) {
	const rdf = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="%s"><channel><title>T</title></channel><item><title>I</title></item></rdf:RDF>`
	for _, c := range []struct {
		name, doc string
		opts      []Option
		format    Format
		version   string
	}{
		{"RSS 2.0", `<rss version="2.0"><channel><title>T</title></channel></rss>`, nil, FormatRSS20, "2.0"},
		{"RSS 0.92", `<rss version="0.92"><channel/></rss>`, nil, FormatRSS092, "0.92"},
		{"RSS 0.91", `<rss version="0.91"><channel/></rss>`, nil, FormatRSS091, "0.91"},
		{"RSS version with spaces", `<rss version=" 2.0 "><channel/></rss>`, nil, FormatRSS20, " 2.0 "},
		{"RSS without version", `<rss><channel/></rss>`, nil, FormatRSS, ""},
		{"RSS 0.93", `<rss version="0.93"><channel/></rss>`, nil, FormatRSS, "0.93"},
		{"RSS 2.00", `<rss version="2.00"><channel/></rss>`, nil, FormatRSS, "2.00"},
		{"RSS empty version", `<rss version=""><channel/></rss>`, nil, FormatRSS, ""},
		{"RSS 1.0", strings.ReplaceAll(rdf, "%s", nsRSS10), nil, FormatRSS10, ""},
		{"RSS 0.90", strings.ReplaceAll(rdf, "%s", nsRSS090), nil, FormatRSS090, ""},
		{"RSS 0.90 without slash", strings.ReplaceAll(rdf, "%s", nsRSS090Short), nil, FormatRSS090, ""},
		{"RSS 0.90 at channel.netscape.com", strings.ReplaceAll(rdf, "%s", nsRSS090Channel), nil, FormatRSS090, ""},
		{"RSS 0.90 in recovery mode", strings.ReplaceAll(rdf, "%s", nsRSS090), []Option{WithRecovery()}, FormatRSS090, ""},
		{"RDF without channel", `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>`, nil, FormatRSS10, ""},
		{"Atom 1.0", `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title></feed>`, nil, FormatAtom10, ""},
		{"Atom 1.0 writing a version", `<feed xmlns="http://www.w3.org/2005/Atom" version="1.0"/>`, nil, FormatAtom10, "1.0"},
		{"Atom 0.3", `<feed xmlns="http://purl.org/atom/ns#" version="0.3"><title>T</title></feed>`, nil, FormatAtom03, "0.3"},
		{"Atom 0.3 without version", `<feed xmlns="http://purl.org/atom/ns#"/>`, nil, FormatAtom03, ""},
		{"Atom 0.3 in no namespace, recovery", `<feed version="0.3"><title>T</title></feed>`, []Option{WithRecovery()}, FormatAtom03, "0.3"},
		{"Atom in no namespace, recovery", `<feed><title>T</title></feed>`, []Option{WithRecovery()}, FormatAtom10, ""},
		{"rss in a namespace, recovery", `<rss xmlns="http://backend.userland.com/rss2" version="2.0"><channel/></rss>`, []Option{WithRecovery()}, FormatRSS20, "2.0"},
		{"JSON Feed 1.0", `{"version":"https://jsonfeed.org/version/1","items":[]}`, []Option{WithJSONFeed()}, FormatJSONFeed10, "https://jsonfeed.org/version/1"},
		{"JSON Feed 1.0 over http, escaped", `{"version":"http:\/\/jsonfeed.org\/version\/1","items":[]}`, []Option{WithJSONFeed()}, FormatJSONFeed10, "http://jsonfeed.org/version/1"},
		{"JSON Feed 1.1", `{"version":"https://jsonfeed.org/version/1.1","items":[]}`, []Option{WithJSONFeed()}, FormatJSONFeed11, "https://jsonfeed.org/version/1.1"},
		{"JSON Feed 1.1 with a slash", `{"version":"https://jsonfeed.org/version/1.1/","items":[]}`, []Option{WithJSONFeed()}, FormatJSONFeed11, "https://jsonfeed.org/version/1.1/"},
		{"JSON Feed of another version", `{"version":"https://jsonfeed.org/version/2","items":[]}`, []Option{WithJSONFeed()}, FormatJSONFeed, "https://jsonfeed.org/version/2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			feed, err := ParseDocument(strings.NewReader(c.doc), c.opts...)
			require.NoError(t, err)
			require.NotNil(t, feed)
			assert.Equal(t, c.format, feed.Format)
			assert.Equal(t, c.version, feed.Version)

			// Both are in the canonical JSON, and read back.
			b, err := json.Marshal(feed)
			require.NoError(t, err)
			assert.Contains(t, string(b), `"format":"`+string(c.format)+`"`)
			var back Feed
			require.NoError(t, json.Unmarshal(b, &back))
			assert.Equal(t, c.format, back.Format)
			assert.Equal(t, c.version, back.Version)
		})
	}
}

// TestFormatWithoutDocument: the format and version stay when the document
// is let go.
func TestFormatWithoutDocument(t *testing.T) {
	feed, err := ParseDocument(strings.NewReader(`<rss version="0.91"><channel><title>T</title></channel></rss>`), WithoutDocument())
	require.NoError(t, err)
	assert.Equal(t, FormatRSS091, feed.Format)
	assert.Equal(t, "0.91", feed.Version)
}

// TestChannelElementsGolden reads the hand-written golden feed with every
// RSS 2.0 element and checks the additions field by field (the golden JSON
// checks the bytes).
func TestChannelElementsGolden(t *testing.T) {
	feed := parseFile(t, "testdata/golden/rss2-every-element.xml", WithURL(goldenBaseURL))
	assert.Equal(t, FormatRSS20, feed.Format)
	assert.Equal(t, "2.0", feed.Version)

	require.NotNil(t, feed.ChannelImage)
	img := feed.ChannelImage
	assert.Equal(t, feed.Logo.URL, img.URL)
	assert.Equal(t, "Launchpad Weekly", img.Title.String())
	assert.Equal(t, "https://launchpad.example.org/", img.Link)
	assert.Equal(t, intPtr(120), img.Width)
	assert.Equal(t, intPtr(60), img.Height)
	assert.Equal(t, "The launch pad at dawn", img.Description.String())

	assert.Equal(t, &Cloud{Domain: "rpc.launchpad.example.org", Port: intPtr(80), Path: "/RPC2",
		RegisterProcedure: "cloud.notifyMe", Protocol: "xml-rpc"}, feed.Cloud)
	require.NotNil(t, feed.TextInput)
	assert.Equal(t, "Search", feed.TextInput.Title.String())
	assert.Equal(t, "Search the weekly's archive", feed.TextInput.Description.String())
	assert.Equal(t, "q", feed.TextInput.Name)
	assert.Equal(t, "https://launchpad.example.org/search", feed.TextInput.Link)
	assert.Contains(t, feed.Rating, "PICS-1.1")
	assert.Equal(t, "https://www.rssboard.org/rss-specification", feed.Docs)
	assert.Equal(t, &Person{Name: "Wes Master", Email: "webmaster@launchpad.example.org"}, feed.WebMaster)
	assert.NotContains(t, feed.Authors, feed.WebMaster, "the webmaster is not an author")

	pub := time.Date(2024, 5, 6, 0, 0, 1, 0, time.UTC)
	assert.Equal(t, &pub, feed.Published)
	assert.Equal(t, &pub, feed.Updated, "Updated stays the first date")
	assert.NotSame(t, feed.Updated, feed.Published, "each field has its own time")
	built := time.Date(2024, 5, 6, 9, 41, 1, 0, time.UTC)
	assert.Equal(t, &built, feed.LastBuildDate)
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	assert.Equal(t, &base, feed.UpdateBase)

	// The canonical JSON reads back to the same values.
	b, err := json.Marshal(feed)
	require.NoError(t, err)
	var back Feed
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, feed.ChannelImage.Width, back.ChannelImage.Width)
	assert.Equal(t, feed.ChannelImage.Title.String(), back.ChannelImage.Title.String())
	assert.Equal(t, feed.Cloud, back.Cloud)
	assert.Equal(t, feed.TextInput.Link, back.TextInput.Link)
	assert.Equal(t, feed.WebMaster, back.WebMaster)
	assert.True(t, feed.LastBuildDate.Equal(*back.LastBuildDate))
	assert.True(t, feed.UpdateBase.Equal(*back.UpdateBase))
	again, err := json.Marshal(&back)
	require.NoError(t, err)
	assert.Equal(t, string(b), string(again))
}

// TestChannelElementsRules: which element wins, and what gives null.
func TestChannelElementsRules(t *testing.T) {
	parse := func(t *testing.T, channel string, opts ...Option) (*Feed, []Diagnostic) {
		t.Helper()
		var diags []Diagnostic
		opts = append(opts, WithDiagnostics(&diags))
		feed, err := ParseDocument(strings.NewReader(`<rss version="2.0"><channel>`+channel+`</channel></rss>`), opts...)
		require.NoError(t, err)
		return feed, diags
	}
	t.Run("lastBuildDate first", func(t *testing.T) {
		feed, _ := parse(t, `<lastBuildDate>Tue, 07 May 2024 10:00:00 GMT</lastBuildDate><pubDate>Mon, 06 May 2024 10:00:00 GMT</pubDate>`)
		assert.Equal(t, "2024-05-07T10:00:00Z", feed.Updated.Format(time.RFC3339))
		assert.Equal(t, "2024-05-07T10:00:00Z", feed.LastBuildDate.Format(time.RFC3339))
		assert.Equal(t, "2024-05-06T10:00:00Z", feed.Published.Format(time.RFC3339))
	})
	t.Run("a rejected pubDate, then a good one", func(t *testing.T) {
		feed, diags := parse(t, `<pubDate>soon</pubDate><pubDate>Mon, 06 May 2024 10:00:00 GMT</pubDate>`)
		assert.Equal(t, "2024-05-06T10:00:00Z", feed.Published.Format(time.RFC3339))
		assert.Nil(t, feed.LastBuildDate)
		require.Len(t, diags, 1)
		assert.Equal(t, DiagnosticDate, diags[0].Kind)
	})
	t.Run("only pubDate", func(t *testing.T) {
		feed, _ := parse(t, `<pubDate>Mon, 06 May 2024 10:00:00 GMT</pubDate>`)
		assert.Nil(t, feed.LastBuildDate)
		assert.Equal(t, feed.Updated, feed.Published)
	})
	t.Run("an assumed zone keeps its flag on Updated", func(t *testing.T) {
		feed, _ := parse(t, `<pubDate>Mon, 06 May 2024 10:00:00 XYZ</pubDate>`)
		require.NotNil(t, feed.UpdatedInfo)
		assert.True(t, feed.UpdatedInfo.ZoneAssumed)
		assert.NotNil(t, feed.Published)
	})
	t.Run("empty elements are null", func(t *testing.T) {
		feed, _ := parse(t, `<image><url></url></image><cloud/><textInput><title> </title></textInput><rating> </rating><docs></docs><webMaster></webMaster>`)
		assert.Nil(t, feed.ChannelImage)
		assert.Nil(t, feed.Logo)
		assert.Nil(t, feed.Cloud)
		assert.Nil(t, feed.TextInput)
		assert.Empty(t, feed.Rating)
		assert.Empty(t, feed.Docs)
		assert.Nil(t, feed.WebMaster)
	})
	t.Run("numbers", func(t *testing.T) {
		feed, diags := parse(t, `<image><url>https://e.com/i.png</url><width>-3</width><height>+31px</height></image><cloud port="x80"/>`)
		require.NotNil(t, feed.ChannelImage)
		assert.Nil(t, feed.ChannelImage.Width)
		assert.Equal(t, intPtr(31), feed.ChannelImage.Height, "the rules for parsing non-negative integers")
		assert.Nil(t, feed.Cloud, "a cloud whose only attribute is not a number")
		var kinds []DiagnosticKind
		for _, d := range diags {
			kinds = append(kinds, d.Kind)
		}
		assert.Equal(t, []DiagnosticKind{DiagnosticNumber, DiagnosticNumber}, kinds)
	})
	t.Run("relative URLs without a document URL", func(t *testing.T) {
		feed, diags := parse(t, `<docs>/rss</docs><textInput><name>q</name><link>/search</link></textInput>`)
		assert.Empty(t, feed.Docs)
		assert.Equal(t, &TextInput{Name: "q"}, feed.TextInput)
		assert.Len(t, diags, 2)
		for _, d := range diags {
			assert.Equal(t, DiagnosticURL, d.Kind)
		}
	})
	t.Run("the logo's image, not an earlier one without url", func(t *testing.T) {
		feed, _ := parse(t, `<image><title>First</title></image><image><url>https://e.com/a.png</url><title>Second</title></image><image><url>https://e.com/b.png</url></image>`,
			WithURL("https://e.com/feed"))
		require.NotNil(t, feed.ChannelImage)
		assert.Equal(t, "Second", feed.ChannelImage.Title.String())
		assert.Equal(t, "https://e.com/a.png", feed.Logo.URL)
	})
	t.Run("the first url child only, as the logo", func(t *testing.T) {
		feed, _ := parse(t, `<image><url></url><url>https://e.com/a.png</url><title>T</title></image>`)
		assert.Nil(t, feed.Logo)
		assert.Equal(t, &ChannelImage{Title: stringText("T")}, feed.ChannelImage)
	})
	t.Run("elements in a namespace are not RSS's", func(t *testing.T) {
		feed, _ := parse(t, `<x:cloud xmlns:x="urn:x" domain="d"/><x:docs xmlns:x="urn:x">https://e.com/</x:docs>`)
		assert.Nil(t, feed.Cloud)
		assert.Empty(t, feed.Docs)
	})
	t.Run("RSS 1.0 updateBase", func(t *testing.T) {
		feed, err := ParseDocument(strings.NewReader(`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"><channel><sy:updateBase>2000-01-01T12:00+00:00</sy:updateBase><sy:updateBase>2001-01-01T12:00+00:00</sy:updateBase></channel></rdf:RDF>`))
		require.NoError(t, err)
		require.NotNil(t, feed.UpdateBase)
		assert.Equal(t, "2000-01-01T12:00:00Z", feed.UpdateBase.Format(time.RFC3339))
	})
}

// TestChannelElementsBounded: every addition is one value, the first that
// gives one; a channel repeating the elements ten times as often costs at
// most about ten times the allocations, and the model does not grow.
func TestChannelElementsBounded(t *testing.T) {
	const one = `<image><url>https://e.com/i.png</url><title>T</title><width>1</width></image>` +
		`<cloud domain="d" port="80"/><textInput><title>T</title><name>n</name></textInput>` +
		`<rating>r</rating><docs>https://e.com/d</docs><webMaster>w</webMaster>` +
		`<pubDate>Mon, 06 May 2024 10:00:00 GMT</pubDate><lastBuildDate>Mon, 06 May 2024 10:00:00 GMT</lastBuildDate>`
	doc := func(n int) string {
		return `<rss version="2.0" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"><channel>` +
			strings.Repeat(one+`<sy:updateBase>2000-01-01T12:00+00:00</sy:updateBase>`, n) + `</channel></rss>`
	}
	m1 := assertOneValueModel(t, doc(100), doc(1000))
	assert.Contains(t, m1, `"cloud":{"domain":"d","port":80}`)
}

// TestChannelElementsCorpus reads real feeds of the shared corpus that have
// the elements, and checks the values read; over the whole corpus (not
// with -short), every RSS feed that writes cloud, textInput, webMaster,
// docs or rating has it, and every lastBuildDate or sy:updateBase not read
// was rejected with a date diagnostic.
func TestChannelElementsCorpus(t *testing.T) {
	dir := sharedtest.Dir(t, "corpus/feeds")
	read := func(t *testing.T, name string, opts ...Option) *Feed {
		t.Helper()
		return parseFile(t, filepath.Join(dir, name), append(opts, WithURL("https://example.com/feed.xml"))...)
	}
	t.Run("RSS 0.91 full sample", func(t *testing.T) {
		feed := read(t, "codehollow__Rss091FullSample.xml")
		assert.Equal(t, FormatRSS091, feed.Format)
		assert.Equal(t, "0.91", feed.Version)
		assert.Equal(t, "http://my.userland.com/stories/storyReader$11", feed.Docs)
		assert.Equal(t, &Person{Name: "Dave Winer", Email: "dave@userland.com"}, feed.WebMaster)
		require.NotNil(t, feed.ChannelImage)
		assert.Equal(t, intPtr(78), feed.ChannelImage.Width)
		assert.Equal(t, intPtr(40), feed.ChannelImage.Height)
		assert.Equal(t, "http://www.scripting.com/", feed.ChannelImage.Link)
		assert.Equal(t, "Scripting News", feed.ChannelImage.Title.String())
		assert.True(t, strings.HasPrefix(feed.Rating, `(PICS-1.1 "http://www.rsac.org/ratingsv01.html"`))
		require.NotNil(t, feed.TextInput, "Netscape's lowercase textinput")
		assert.Equal(t, "find", feed.TextInput.Name)
		assert.Equal(t, "http://my.site.com/search.cgi", feed.TextInput.Link)
		assert.Equal(t, "1999-07-08T07:00:00Z", feed.Published.Format(time.RFC3339))
		assert.Equal(t, "1999-07-08T16:20:26Z", feed.LastBuildDate.Format(time.RFC3339))
		assert.Equal(t, feed.Published.String(), feed.Updated.String())
	})
	t.Run("RSS 0.92 full sample", func(t *testing.T) {
		feed := read(t, "codehollow__Rss092FullSample.xml")
		assert.Equal(t, FormatRSS092, feed.Format)
		assert.Equal(t, &Cloud{Domain: "data.ourfavoritesongs.com", Port: intPtr(80), Path: "/RPC2",
			RegisterProcedure: "ourFavoriteSongs.rssPleaseNotify", Protocol: "xml-rpc"}, feed.Cloud)
	})
	t.Run("RSS 2.0 with cloud and textInput", func(t *testing.T) {
		feed := read(t, "feedkit__RSS.xml")
		assert.Equal(t, FormatRSS20, feed.Format)
		assert.Equal(t, &Cloud{Domain: "server.iris.com", Port: intPtr(80), Path: "/rpc",
			RegisterProcedure: "cloud.notify", Protocol: "xml-rpc"}, feed.Cloud)
		assert.NotNil(t, feed.TextInput)
		assert.Equal(t, "2015-08-16T18:18:55Z", feed.LastBuildDate.Format(time.RFC3339))
	})
	t.Run("RSS 1.0 with sy:updateBase", func(t *testing.T) {
		feed := read(t, "codehollow__Rss10OrfAt.xml")
		assert.Equal(t, FormatRSS10, feed.Format)
		assert.Empty(t, feed.Version)
		require.NotNil(t, feed.UpdateBase)
		assert.Equal(t, "2000-01-01T00:00:00Z", feed.UpdateBase.Format(time.RFC3339))
	})
	t.Run("RSS 0.90", func(t *testing.T) {
		feed := read(t, "kdesyn__rss090_channel_title.xml")
		assert.Equal(t, FormatRSS090, feed.Format)
		assert.Nil(t, feed.Title, "the specification reads nothing from RSS 0.90")
		feed = read(t, "kdesyn__rss090_channel_title.xml", WithRecovery())
		assert.Equal(t, FormatRSS090, feed.Format)
		assert.Equal(t, "Example title", feed.Title.String())
	})
	t.Run("Atom 0.3", func(t *testing.T) {
		feed := read(t, "feedjira2009__StakeVentures.xml")
		assert.Equal(t, FormatAtom03, feed.Format)
		assert.Equal(t, "0.3", feed.Version)
	})
	t.Run("JSON Feed", func(t *testing.T) {
		jdir := sharedtest.Dir(t, "corpus/jsonfeed")
		for name, want := range map[string]Format{
			"nnw__rose.json":    FormatJSONFeed10, // the version URL with escaped slashes
			"nnw__pxlnv.json":   FormatJSONFeed10,
			"nnw__authors.json": FormatJSONFeed11,
		} {
			feed := parseFile(t, filepath.Join(jdir, name), WithJSONFeed())
			assert.Equal(t, want, feed.Format, name)
			assert.Contains(t, feed.Version, "jsonfeed.org/version/1", name)
		}
	})
	if testing.Short() {
		return
	}
	t.Run("every corpus feed", func(t *testing.T) {
		files, err := filepath.Glob(filepath.Join(dir, "*"))
		require.NoError(t, err)
		has := func(b []byte, s ...string) bool {
			for _, x := range s {
				if bytes.Contains(b, []byte(x)) {
					return true
				}
			}
			return false
		}
		counts := map[string]int{}
		for _, path := range files {
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			var diags []Diagnostic
			feed, _ := ParseDocument(bytes.NewReader(b), WithURL("https://example.com/feed.xml"), WithDiagnostics(&diags))
			if feed == nil {
				continue
			}
			name := filepath.Base(path)
			counts["feeds"]++
			require.NotEmpty(t, feed.Format, name)
			switch feed.Format {
			case FormatAtom03, FormatAtom10, FormatRSS090:
				continue // no syndication module, no RSS 2.0 channel
			}
			if has(b, "updateBase>") {
				counts["updateBase"]++
				if feed.UpdateBase == nil {
					assert.True(t, hasDiagnostic(diags, DiagnosticDate, "sy:updateBase"), "%s: updateBase neither read nor rejected", name)
				}
			}
			if feed.Format == FormatRSS10 {
				continue // the RSS 1.0 channel has none of the others
			}
			check := func(what string, written, read bool) {
				if written {
					counts[what]++
					assert.True(t, read, "%s writes %s, not read", name, what)
				}
			}
			check("cloud", has(b, "<cloud "), feed.Cloud != nil)
			check("textInput", has(b, "<textInput", "<textinput"), feed.TextInput != nil)
			check("webMaster", has(b, "<webMaster>"), feed.WebMaster != nil)
			check("docs", has(b, "<docs>http"), feed.Docs != "")
			check("rating", has(b, "<rating>"), feed.Rating != "")
			if has(b, "<lastBuildDate>") {
				counts["lastBuildDate"]++
				if feed.LastBuildDate == nil {
					counts["lastBuildDate rejected"]++
					assert.True(t, hasDiagnostic(diags, DiagnosticDate, "lastBuildDate"), "%s: lastBuildDate neither read nor rejected", name)
				}
			}
		}
		t.Logf("corpus: %v", counts)
		assert.Greater(t, counts["cloud"], 10)
		assert.Greater(t, counts["lastBuildDate"], 200)
	})
}

// hasDiagnostic reports whether diags has one of kind at an element named
// element.
func hasDiagnostic(diags []Diagnostic, kind DiagnosticKind, element string) bool {
	for _, d := range diags {
		if d.Kind == kind && d.Element == element {
			return true
		}
	}
	return false
}

// parseFile parses the file at path with opts; it fails the test when the
// file is not a feed.
func parseFile(t *testing.T, path string, opts ...Option) *Feed {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	feed, err := ParseDocument(bytes.NewReader(b), opts...)
	require.NoError(t, err, path)
	require.NotNil(t, feed, path)
	return feed
}

func intPtr(n int) *int { return &n }

// assertOneValueModel parses small and large, the same elements repeated
// ten times as often in large, and checks that large costs at most about
// ten times the allocations and gives the same model (the additions keep
// one value, the first that gives one); it returns small's canonical JSON.
func assertOneValueModel(t *testing.T, small, large string) string {
	t.Helper()
	noNodeLimit := WithLimits(Limits{MaxNodes: -1}) // the input is all nodes
	allocs := func(s string) float64 {
		return testing.AllocsPerRun(3, func() {
			if _, err := ParseDocument(strings.NewReader(s), noNodeLimit); err != nil {
				require.FailNow(t, err.Error())
			}
		})
	}
	a1, a10 := allocs(small), allocs(large)
	t.Logf("allocations per parse: %v for the small document, %v for ten times the elements", a1, a10)
	assert.Less(t, a10, 12*a1, "allocations: %v, then %v for ten times the elements", a1, a10)
	model := func(s string) string {
		feed, err := ParseDocument(strings.NewReader(s), noNodeLimit)
		require.NoError(t, err)
		b, err := json.Marshal(feed)
		require.NoError(t, err)
		return string(b)
	}
	m1 := model(small)
	assert.Equal(t, m1, model(large), "the model holds one value of each, however many elements")
	return m1
}

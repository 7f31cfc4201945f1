package feedspec

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// normalizeRSS parses one RSS 2.0 item (the body of an item element) and
// returns its normalized entry.
func normalizeRSS(t *testing.T, item string, opts ...Option) *NormalizedEntry {
	t.Helper()
	return normalizeDoc(t, `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>c</title><item>`+item+`</item></channel></rss>`, NormalizeOptions{}, opts...)
}

func normalizeDoc(t *testing.T, doc string, nopts NormalizeOptions, opts ...Option) *NormalizedEntry {
	t.Helper()
	f, err := ParseDocument(strings.NewReader(doc), opts...)
	require.NoError(t, err)
	require.Len(t, f.Entries, 1)
	return f.Entries[0].NormalizedWith(nopts)
}

const atomNS = `<feed xmlns="http://www.w3.org/2005/Atom">`

// Checklist row "Title": <title>; else the first line of the description;
// HTML stripped, entities decoded, white space trimmed.
func TestNormalizedTitle(t *testing.T) {
	long := strings.Repeat("word ", 30) // 150 characters, no sentence end
	cases := []struct {
		name, item, want string
		derived          bool
	}{
		{"title", `<title>  Tom &amp;amp; Jerry &lt;b&gt;new&lt;/b&gt; </title><description>d</description>`, "Tom & Jerry new", false},
		{"no title: description's first line", `<description>&lt;p&gt;First line&lt;br&gt;second line&lt;/p&gt;</description>`, "First line", true},
		{"no title: first sentence", `<description>It rained. Then it stopped.</description>`, "It rained.", true},
		{"no title: decimal point is no sentence end", `<description>Pi is 3.14 today! Yes.</description>`, "Pi is 3.14 today!", true},
		{"no title: CJK sentence", `<description>今日は雨。明日は晴れ。</description>`, "今日は雨。", true},
		{"no title: long line cut at a word", `<description>` + long + `</description>`, strings.TrimSpace(strings.Repeat("word ", 20)) + "…", true},
		{"no title: long word cut hard", `<description>` + strings.Repeat("x", 150) + `</description>`, strings.Repeat("x", 99) + "…", true},
		{"no title: content when no description", `<content:encoded>&lt;p&gt;From the content&lt;/p&gt;</content:encoded>`, "From the content", true},
		{"nothing", `<guid>1</guid>`, "", false},
		{"control characters dropped", "<title>a\u0008b\u001fc</title>", "abc", false},
		{"one line", "<title>&lt;p&gt;a&lt;/p&gt;&lt;p&gt;b&lt;/p&gt;</title>", "a b", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := normalizeRSS(t, c.item)
			assert.Equal(t, c.want, n.Title)
			assert.Equal(t, c.derived, n.TitleDerived)
		})
	}
}

func TestFirstLine(t *testing.T) {
	assert.Equal(t, "", firstLine("", 100))
	assert.Equal(t, "a b", firstLine("a b\nc", 100))
	assert.Equal(t, "Ready?", firstLine("Ready? Go", 100))
	assert.Equal(t, "Wait…", firstLine("Wait… more", 100))
	assert.Equal(t, "aaa bbb…", firstLine("aaa bbb ccc. ddd", 9), "cut before the sentence end")
	assert.Equal(t, "日本語の文…", firstLine("日本語の文章です。次", 6))
}

// Checklist row "URL": <link> / permalink <guid>, else an Atom <id>;
// canonicalized beside it.
func TestNormalizedURL(t *testing.T) {
	cases := []struct {
		name, doc, url, canonical string
	}{
		{"link", `<rss><channel><item><link>HTTPS://Example.COM/a/?utm_source=x&amp;b=1#top</link><guid>https://example.com/guid</guid></item></channel></rss>`, "https://example.com/a/?utm_source=x&b=1#top", "https://example.com/a?b=1"},
		{"permalink guid", `<rss><channel><item><guid>https://example.com/p/1</guid></item></channel></rss>`, "https://example.com/p/1", "https://example.com/p/1"},
		{"guid not a permalink", `<rss><channel><item><guid isPermaLink="false">https://example.com/p/1</guid></item></channel></rss>`, "", ""},
		{"guid not a URL", `<rss><channel><item><guid>1234</guid></item></channel></rss>`, "", ""},
		{"atom id", atomNS + `<entry><id> http://example.com/e/1 </id></entry></feed>`, "http://example.com/e/1", "http://example.com/e/1"},
		{"atom urn id", atomNS + `<entry><id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</id></entry></feed>`, "", ""},
		{"unsafe link falls back to the id", `<rss><channel><item><link>javascript:alert(1)</link><guid>https://example.com/p/2</guid></item></channel></rss>`, "https://example.com/p/2", "https://example.com/p/2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := normalizeDoc(t, c.doc, NormalizeOptions{})
			assert.Equal(t, c.url, n.URL)
			assert.Equal(t, c.canonical, n.CanonicalURL)
		})
	}
}

// Checklist row "Author": names, emails discarded; the feed's authors when
// the entry has none.
func TestNormalizedAuthors(t *testing.T) {
	n := normalizeRSS(t, `<author>ann@example.com</author><author>bob@example.com (Bob Smith)</author><dc:creator>Carol  Jones &lt;carol@example.com&gt;</dc:creator><dc:creator>Bob Smith</dc:creator><dc:creator>mailto:dan@example.com</dc:creator><dc:creator>Eve (eve@example.com)</dc:creator><dc:creator>@handle</dc:creator>`)
	assert.Equal(t, []string{"Bob Smith", "Carol Jones", "Eve", "@handle"}, n.Authors)

	n = normalizeDoc(t, `<rss><channel><managingEditor>ed@example.com (The Editor)</managingEditor><item><title>t</title></item></channel></rss>`, NormalizeOptions{})
	assert.Equal(t, []string{"The Editor"}, n.Authors)

	n = normalizeDoc(t, atomNS+`<author><name>Ann</name><email>ann@example.com</email></author><entry><author><email>x@example.com</email></author></entry></feed>`, NormalizeOptions{})
	assert.Empty(t, n.Authors, "an email-only Atom author gives no name, and the entry's authors are its own")
}

// Checklist row "Date": published, else updated, in UTC; uncertain when
// the zone was assumed or only the lenient rules read it.
func TestNormalizedDate(t *testing.T) {
	n := normalizeDoc(t, atomNS+`<entry><published>2024-01-15T13:45:00+01:00</published><updated>2024-02-01T00:00:00Z</updated></entry></feed>`, NormalizeOptions{})
	require.NotNil(t, n.Date)
	assert.Equal(t, "2024-01-15T12:45:00Z", n.Date.Format("2006-01-02T15:04:05Z07:00"))
	assert.False(t, n.DateUncertain)

	n = normalizeDoc(t, atomNS+`<entry><updated>2024-02-01T00:00:00Z</updated></entry></feed>`, NormalizeOptions{})
	require.NotNil(t, n.Date)
	assert.Equal(t, "2024-02-01T00:00:00Z", formatDate(*n.Date))

	n = normalizeRSS(t, `<pubDate>Mon, 15 Jan 2024 13:45:00 XYZ</pubDate>`)
	require.NotNil(t, n.Date)
	assert.True(t, n.DateUncertain, "zone assumed")

	n = normalizeRSS(t, `<pubDate>January 15, 2024 13:45 +0000</pubDate>`)
	assert.Nil(t, n.Date, "the specification rejects it")
	n = normalizeRSS(t, `<pubDate>January 15, 2024 13:45 +0000</pubDate>`, WithLenientDates())
	require.NotNil(t, n.Date)
	assert.True(t, n.DateUncertain, "read by the lenient rules")

	// A year JSON cannot write is left out.
	f, err := ParseDocument(strings.NewReader(`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"><item rdf:about="http://e.com/1"><dc:date>12012-01-01T00:00Z</dc:date></item></rdf:RDF>`))
	require.NoError(t, err)
	require.NotNil(t, f.Entries[0].Updated, "the specification reads the year")
	n = f.Entries[0].Normalized()
	assert.Nil(t, n.Date)
	_, err = json.Marshal(n)
	assert.NoError(t, err)

	// Recovery mode reads dc:date.
	n = normalizeRSS(t, `<dc:date>2024-01-15T13:45:00Z</dc:date>`, WithRecovery())
	require.NotNil(t, n.Date)
	assert.False(t, n.DateUncertain)
	assert.Equal(t, "UTC", n.Date.Location().String())
}

// Checklist row "Body": content:encoded / content, else description /
// summary; sanitized, plain text, word count.
func TestNormalizedBody(t *testing.T) {
	n := normalizeRSS(t, `<title>t</title><description>Short summary</description><content:encoded><![CDATA[<p>Full <b>text</b> here.</p><script>alert(1)</script><p><a href="/rel" onclick="x()">link</a></p>]]></content:encoded>`, WithURL("https://example.com/feed.xml"))
	assert.Equal(t, `<p>Full <b>text</b> here.</p><p><a href="https://example.com/rel">link</a></p>`, n.HTML)
	assert.Equal(t, "Full text here.\nlink", n.Text)
	assert.Equal(t, 4, n.WordCount)

	// Without a document URL a relative URL stays relative.
	n = normalizeRSS(t, `<title>t</title><description>&lt;a href="/rel"&gt;x&lt;/a&gt; y</description>`)
	assert.Equal(t, `<a href="/rel">x</a> y`, n.HTML)
	assert.Equal(t, "x y", n.Text)

	// Atom: content before summary; a text content is escaped.
	n = normalizeDoc(t, atomNS+`<entry><summary>s</summary><content type="text">a &lt;b&gt; c</content></entry></feed>`, NormalizeOptions{})
	assert.Equal(t, "a &lt;b&gt; c", n.HTML)
	assert.Equal(t, "a <b> c", n.Text)
	assert.Equal(t, 3, n.WordCount)

	// WithoutDocument keeps the base.
	n = normalizeRSS(t, `<title>t</title><description>&lt;img src="i.png"&gt;</description>`, WithURL("https://example.com/feed.xml"), WithoutDocument())
	assert.Equal(t, `<img src="https://example.com/i.png">`, n.HTML)
}

// Checklist row "Categories": every <category> (and dc:subject, where the
// model reads it), casing normalized, synonyms mapped.
func TestNormalizedCategories(t *testing.T) {
	item := `<category>Go</category><category>go</category><category> GO </category><category>Web  Dev</category><category>golang</category><category>Straße</category><category>STRASSE</category><category>Misc</category>`
	n := normalizeRSS(t, item)
	assert.Equal(t, []string{"Go", "Web Dev", "golang", "Straße", "Misc"}, n.Categories)

	doc := `<rss xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><item>` + item + `</item></channel></rss>`
	n = normalizeDoc(t, doc, NormalizeOptions{Synonyms: map[string]string{
		"golang":  "Go",       // lower-case key: every spelling
		"Web Dev": "web",      // exact key
		"web":     "Web Dev",  // a cycle: one step only
		"misc":    " ",        // dropped
		"":        "Nothing",  // never matches
		"straße":  "Strassen", // chains are not followed
	}})
	assert.Equal(t, []string{"Go", "web", "Strassen", "STRASSE"}, n.Categories)

	n = normalizeRSS(t, `<title>t</title>`)
	assert.Nil(t, n.Categories)
}

// Checklist row "Media": enclosures and media:content; else the thumbnail;
// else the first img of the body.
func TestNormalizedMedia(t *testing.T) {
	n := normalizeRSS(t, `<title>t</title><enclosure url="https://example.com/a.mp3" type="audio/mpeg" length="1234"/><media:content url="https://example.com/v.mp4" medium="video" width="640" height="360"/><media:content url="javascript:alert(1)"/><media:thumbnail url="https://example.com/t.jpg"/>`)
	assert.Equal(t, []Media{
		{URL: "https://example.com/a.mp3", MIMEType: "audio/mpeg", Medium: "audio", Length: 1234, Source: "enclosure"},
		{URL: "https://example.com/v.mp4", Medium: "video", Width: 640, Height: 360, Source: "enclosure"},
	}, n.Media)

	n = normalizeRSS(t, `<title>t</title><media:thumbnail url="https://example.com/t.jpg" width="120" height="90"/><description>&lt;img src="https://example.com/b.jpg"&gt;</description>`)
	assert.Equal(t, []Media{{URL: "https://example.com/t.jpg", Medium: "image", Width: 120, Height: 90, Source: "thumbnail"}}, n.Media)

	n = normalizeRSS(t, `<title>t</title><description>&lt;img src="https://example.com/pixel.gif" width="1" height="1"&gt;&lt;img src="data:image/png;base64,AAAA"&gt;&lt;img src="/rel.jpg"&gt;&lt;p&gt;&lt;img src="https://example.com/b.jpg" width="300" height="200"&gt;&lt;/p&gt;</description>`)
	assert.Equal(t, []Media{{URL: "https://example.com/b.jpg", Medium: "image", Width: 300, Height: 200, Source: "body"}}, n.Media)

	n = normalizeRSS(t, `<title>t</title><description>no image</description>`)
	assert.Nil(t, n.Media)
}

// Checklist row "GUID": guid / id, else the URL.
func TestNormalizedGUID(t *testing.T) {
	assert.Equal(t, "abc", normalizeRSS(t, `<guid isPermaLink="false"> abc </guid><link>https://example.com/x</link>`).GUID)
	assert.Equal(t, "https://example.com/x", normalizeRSS(t, `<link>https://example.com/x</link>`).GUID)
	assert.Equal(t, "", normalizeRSS(t, `<title>t</title>`).GUID)
}

// An entry with nothing gives empty fields; a nil entry too.
func TestNormalizedEmpty(t *testing.T) {
	var nilEntry *Entry
	assert.Equal(t, &NormalizedEntry{}, nilEntry.Normalized())
	assert.Equal(t, &NormalizedEntry{}, (&Entry{}).Normalized())
	assert.Equal(t, &NormalizedEntry{}, (&Entry{Authors: []*Person{nil, {}}, Enclosures: []*Enclosure{nil}, Thumbnail: &Image{}}).Normalized())
	b, err := json.Marshal((&Entry{}).Normalized())
	require.NoError(t, err)
	assert.Equal(t, `{}`, string(b))
}

// The JSON keys are snake_case.
func TestNormalizedJSON(t *testing.T) {
	n := normalizeRSS(t, `<description>Hello world. More</description><pubDate>Mon, 15 Jan 2024 13:45:00 XYZ</pubDate><link>https://example.com/a</link><author>Ann</author><category>c</category><enclosure url="https://example.com/a.mp3" type="audio/mpeg"/>`)
	b, err := json.Marshal(n)
	require.NoError(t, err)
	assert.JSONEq(t, `{
		"title": "Hello world.", "title_derived": true,
		"url": "https://example.com/a", "canonical_url": "https://example.com/a",
		"authors": ["Ann"], "date": "2024-01-15T13:45:00Z", "date_uncertain": true,
		"html": "Hello world. More", "text": "Hello world. More", "word_count": 3,
		"categories": ["c"],
		"media": [{"url": "https://example.com/a.mp3", "mime_type": "audio/mpeg", "medium": "audio", "source": "enclosure"}],
		"guid": "https://example.com/a"}`, string(b))
}

// PlainText and DisplayText drop C0 controls other than white space.
func TestPlainTextDropsControls(t *testing.T) {
	assert.Equal(t, "Title with backspace", DisplayText(stringText("Title with\u0008 backspace\u0000")))
	assert.Equal(t, "a b", PlainText(stringText("a\u0001\tb\u001b")))
	assert.Equal(t, "x y\nz", PlainText(parseHTMLText("<p>x\u0007 y</p><p>z\u0002</p>")))
	assert.Equal(t, "Tom & Jerry", DisplayText(stringText("Tom &amp;\u0003 Jerry")))
	assert.Equal(t, "a b", PlainText(stringText("a\rb")), "CR is white space")
}

// NormalizedWith is linear: ten times the entry costs about ten times the
// allocation.
func TestNormalizedLinear(t *testing.T) {
	build := func(k int) *Entry {
		var b strings.Builder
		b.WriteString(`<rss xmlns:media="http://search.yahoo.com/mrss/"><channel><item><description>`)
		for i := 0; i < k; i++ {
			fmt.Fprintf(&b, "&lt;p&gt;Para %d with &lt;b&gt;some&lt;/b&gt; words&lt;img src=x width=1&gt;&lt;/p&gt;", i)
		}
		b.WriteString(`</description>`)
		for i := 0; i < k; i++ {
			fmt.Fprintf(&b, "<category>Cat %d</category><category>CAT %d</category><author>a%d@example.com (N %d)</author>", i, i, i, i)
		}
		b.WriteString(`</item></channel></rss>`)
		f, err := ParseDocument(strings.NewReader(b.String()))
		require.NoError(t, err)
		return f.Entries[0]
	}
	syn := map[string]string{"cat 1": "One"}
	cost := func(e *Entry) uint64 {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		for range 3 {
			n := e.NormalizedWith(NormalizeOptions{Synonyms: syn})
			require.NotEmpty(t, n.Categories)
		}
		runtime.ReadMemStats(&m1)
		return m1.TotalAlloc - m0.TotalAlloc
	}
	small, large := build(200), build(2000)
	cost(small) // warm up
	cs, cl := cost(small), cost(large)
	t.Logf("allocated: %d bytes for 200 paragraphs, %d for 2000 (×%.1f)", cs, cl, float64(cl)/float64(cs))
	assert.Less(t, float64(cl), 20*float64(cs))
	assert.Greater(t, float64(cl), 5*float64(cs))
}

// ParseDocument's documentation: a relative URL needs WithURL, and the
// "url" diagnostic reports each one dropped.
func TestParseDocumentRelativeURLs(t *testing.T) {
	doc := `<rss><channel><item><title>t</title><link>/post/1</link><enclosure url="/a.mp3" type="audio/mpeg"/></item></channel></rss>`
	var diags []Diagnostic
	f, err := ParseDocument(strings.NewReader(doc), WithDiagnostics(&diags))
	require.NoError(t, err)
	e := f.Entries[0]
	assert.Empty(t, e.PageURL)
	assert.Nil(t, e.Enclosures)
	var dropped []string
	for _, d := range diags {
		if d.Kind == DiagnosticURL {
			dropped = append(dropped, d.Value)
		}
	}
	assert.Equal(t, []string{"/post/1", "/a.mp3"}, dropped)

	f, err = ParseDocument(strings.NewReader(doc), WithURL("https://example.com/feed.xml"))
	require.NoError(t, err)
	e = f.Entries[0]
	assert.Equal(t, "https://example.com/post/1", e.PageURL)
	require.Len(t, e.Enclosures, 1)
	assert.Equal(t, "https://example.com/a.mp3", e.Enclosures[0].URL)
}

// TestNormalizedBodyXMLBase checks that, with WithXMLBase, the body's HTML
// resolves its relative URLs against the xml:base in scope at the content
// or summary element itself (issue 38), also WithoutDocument, and against
// the document's URL without WithXMLBase.
func TestNormalizedBodyXMLBase(t *testing.T) {
	doc := `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://feed.example/dir/"><title>t</title>
<entry xml:base="/entry/"><title>content with its own base</title>
  <content type="html" xml:base="https://cdn.example/c/">&lt;a href="a.html"&gt;a&lt;/a&gt;</content></entry>
<entry xml:base="/entry/"><title>summary with its own base</title>
  <summary type="html" xml:base="s/">&lt;img src="i.png"&gt;</summary></entry>
<entry xml:base="/entry/"><title>content without one</title>
  <content type="html">&lt;a href="b.html"&gt;b&lt;/a&gt;</content></entry>
<entry><title>content and summary the same: the summary's base</title>
  <summary type="html" xml:base="https://s.example/">&lt;a href="x"&gt;x&lt;/a&gt;</summary>
  <content type="html" xml:base="https://c.example/">&lt;a href="x"&gt;x&lt;/a&gt;</content></entry>
</feed>`
	want := []string{
		`<a href="https://cdn.example/c/a.html">a</a>`,
		`<img src="https://feed.example/entry/s/i.png">`,
		`<a href="https://feed.example/entry/b.html">b</a>`,
		`<a href="https://s.example/x">x</a>`,
	}
	for _, opts := range [][]Option{{WithXMLBase()}, {WithXMLBase(), WithoutDocument()}} {
		f := parseTestFeed(t, doc, opts...)
		require.Len(t, f.Entries, len(want))
		for i, e := range f.Entries {
			assert.Equal(t, want[i], e.Normalized().HTML, "entry %d, %d options", i, len(opts))
		}
	}
	// Without WithXMLBase: the document's URL.
	f := parseTestFeed(t, doc)
	assert.Equal(t, `<a href="https://example.com/a.html">a</a>`, f.Entries[0].Normalized().HTML)
}

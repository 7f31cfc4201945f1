package article

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	trafilatura "github.com/markusmobius/go-trafilatura"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/text/encoding/japanese"

	"github.com/feedspec/feedspec"
)

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	require.NoError(t, err)
	return data
}

func TestExtractArticle(t *testing.T) {
	data := readTestdata(t, "article.html")
	a, err := Extract(bytes.NewReader(data), "https://courier.example/news/2024/bridge?ref=feed")
	require.NoError(t, err)

	assert.Equal(t, "https://courier.example/news/2024/bridge?ref=feed", a.URL)
	assert.Equal(t, "How the river town rebuilt its bridge", a.Title)
	assert.Equal(t, "The Valley Courier", a.SiteName)
	assert.Equal(t, "en-GB", a.Language)
	assert.Equal(t, "https://courier.example/media/bridge-lead.jpg", a.Image)
	require.NotNil(t, a.Published)
	assert.True(t, a.Published.Equal(time.Date(2024, 3, 18, 7, 30, 0, 0, time.UTC)), "published %v", a.Published)
	assert.Contains(t, a.Description, "Three winters of floods")

	require.NotNil(t, a.Body)
	assert.True(t, a.Body.IsNode())
	assert.Equal(t, feedspec.PlainText(a.Body), a.Text)
	assert.Equal(t, feedspec.WordCount(a.Text), a.WordCount)
	// The article's paragraphs, in order, and none of the page's chrome.
	first := strings.Index(a.Text, "For three winters the footbridge")
	last := strings.Index(a.Text, "will not be needed for at least fifteen years.")
	assert.True(t, first >= 0 && last > first, "text: %s", a.Text)
	assert.Contains(t, a.Text, "A vote, and a summer of work")
	assert.Contains(t, a.Text, "We did not need a monument.")
	for _, chrome := range []string{"Most read", "Market day returns", "All rights reserved", "Subscribe", "Sport"} {
		assert.NotContains(t, a.Text, chrome)
	}
	// The headline is the Title, not the first line of the body.
	assert.False(t, strings.HasPrefix(a.Text, "How the river town"), "text: %s", a.Text)
	assert.Greater(t, a.WordCount, 250)
	assert.Less(t, a.WordCount, 330)
}

func TestExtractLinksAndImages(t *testing.T) {
	data := readTestdata(t, "article.html")
	a, err := Extract(bytes.NewReader(data), "https://courier.example/news/2024/bridge", WithLinksAndImages())
	require.NoError(t, err)
	require.NotNil(t, a.Body)
	body := a.Body.HTML()
	// The relative link, resolved against the page URL.
	assert.Contains(t, body, `href="https://courier.example/news/reports/bridge-survey.pdf"`)
	// The tracking pixel is removed as it is from feed content.
	assert.NotContains(t, body, "pixel.gif")
	assert.Contains(t, a.Text, "engineering survey")
}

func TestExtractBaseElementAndNoURL(t *testing.T) {
	page := `<html><head><base href="https://cdn.example/blog/"><title>T</title></head><body><article>` +
		strings.Repeat(`<p>A paragraph long enough to count as the text of an article, with <a href="post/2">a link</a> in it and more words after it.</p>`, 6) +
		`</article></body></html>`
	a, err := Extract(strings.NewReader(page), "https://site.example/a/b", WithLinksAndImages())
	require.NoError(t, err)
	require.NotNil(t, a.Body)
	assert.Contains(t, a.Body.HTML(), `href="https://cdn.example/blog/post/2"`)

	// Without a page URL a relative base cannot be resolved: URLs stay as
	// written.
	page = strings.Replace(page, "https://cdn.example/blog/", "/blog/", 1)
	a, err = Extract(strings.NewReader(page), "", WithLinksAndImages())
	require.NoError(t, err)
	require.NotNil(t, a.Body)
	assert.Contains(t, a.Body.HTML(), `href="post/2"`)
	assert.Equal(t, "", a.URL)
}

func TestExtractNoDateStated(t *testing.T) {
	data := readTestdata(t, "article.html")
	// Without the meta element, the page states no publication date: the
	// date in the byline's time element and in the URL are not taken.
	data = bytes.Replace(data, []byte(`<meta property="article:published_time" content="2024-03-18T07:30:00Z">`), nil, 1)
	a, err := Extract(bytes.NewReader(data), "https://courier.example/news/2024/03/18/bridge")
	require.NoError(t, err)
	assert.Nil(t, a.Published)
	assert.NotEmpty(t, a.Text)
}

func TestExtractNoArticle(t *testing.T) {
	for _, name := range []string{"home.html", "login.html"} {
		t.Run(name, func(t *testing.T) {
			a, err := Extract(bytes.NewReader(readTestdata(t, name)), "https://courier.example/")
			require.NoError(t, err)
			// A page without an article body gives little or no text:
			// never the page's navigation presented as a long article.
			assert.Less(t, a.WordCount, 40, "text: %q", a.Text)
			assert.NotEmpty(t, a.Title)
			if a.Body == nil {
				assert.Equal(t, "", a.Text)
				assert.Equal(t, 0, a.WordCount)
			}
		})
	}
}

func TestExtractBadInput(t *testing.T) {
	t.Run("empty", func(t *testing.T) {
		for _, page := range []string{"", "  \n\t "} {
			_, err := Extract(strings.NewReader(page), "https://x.example/")
			require.ErrorIs(t, err, ErrNotArticle)
			assert.Contains(t, err.Error(), "empty")
		}
	})
	t.Run("binary", func(t *testing.T) {
		png := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{0, 1, 2, 3}, 100)...)
		_, err := Extract(bytes.NewReader(png), "https://x.example/a.png")
		require.ErrorIs(t, err, ErrNotArticle)
		assert.Contains(t, err.Error(), "image/png")

		noise := bytes.Repeat([]byte{0x00, 0xff, 0x13, 0x80, 0x07}, 2000)
		_, err = Extract(bytes.NewReader(noise), "https://x.example/blob")
		require.ErrorIs(t, err, ErrNotArticle)
		assert.Contains(t, err.Error(), "application/octet-stream")
	})
	t.Run("20 MB page", func(t *testing.T) {
		var b bytes.Buffer
		b.WriteString("<html><body><article>")
		para := "<p>" + strings.Repeat("word ", 200) + "</p>\n"
		for b.Len() < 20<<20 {
			b.WriteString(para)
		}
		_, err := Extract(bytes.NewReader(b.Bytes()), "https://x.example/big")
		require.ErrorIs(t, err, feedspec.ErrBodyTooLarge)
		assert.Contains(t, err.Error(), "5242880 bytes")

		_, err = Extract(bytes.NewReader(b.Bytes()[:1<<20]), "https://x.example/big", WithMaxSize(1<<19))
		require.ErrorIs(t, err, feedspec.ErrBodyTooLarge)
	})
	t.Run("read error", func(t *testing.T) {
		_, err := Extract(errReader{}, "https://x.example/")
		require.Error(t, err)
		assert.Contains(t, err.Error(), "reading the page")
	})
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

// shiftJISPage is a Japanese article whose encoding only its meta element
// declares, after enough of the head that a 1024-byte prescan would miss it
// when late is set.
func shiftJISPage(t *testing.T, late bool) []byte {
	t.Helper()
	head := `<html lang="ja"><head><title>町の橋</title>`
	if late {
		head += "<!--" + strings.Repeat(" padding", 200) + " -->"
	}
	head += `<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"></head>`
	body := `<body><article><h1>町の橋</h1>` +
		strings.Repeat(`<p>三年の冬、ミルブルックの歩道橋は閉ざされたままだった。住民は下流の道路橋まで二キロを歩き、東岸のパン屋は朝の客の半分を失った。</p>`, 5) +
		`</article></body></html>`
	enc, err := japanese.ShiftJIS.NewEncoder().Bytes([]byte(head + body))
	require.NoError(t, err)
	return enc
}

func TestExtractShiftJISMeta(t *testing.T) {
	for _, late := range []bool{false, true} {
		data := shiftJISPage(t, late)
		a, err := Extract(bytes.NewReader(data), "https://jp.example/hashi")
		require.NoError(t, err)
		assert.Equal(t, "町の橋", a.Title)
		assert.Contains(t, a.Text, "ミルブルックの歩道橋は閉ざされたままだった。")
		assert.Equal(t, "ja", a.Language)

		// A Content-Type charset overrides the meta element, as in a
		// browser: the bytes then decode as something else.
		a, err = Extract(bytes.NewReader(data), "https://jp.example/hashi", WithContentType("text/html; charset=utf-8"))
		require.NoError(t, err)
		assert.NotContains(t, a.Text, "ミルブルック")
	}
}

func TestPageEncoding(t *testing.T) {
	for _, tt := range []struct {
		name, page, contentType, want string
	}{
		{"utf-8 BOM over Content-Type", "\xEF\xBB\xBF<p>x", "text/html; charset=iso-8859-2", "utf-8"},
		{"utf-16 BOM", "\xFF\xFE<\x00p\x00", "", "utf-16le"},
		{"Content-Type over meta", `<meta charset="koi8-r"><p>x`, "text/html; charset=iso-8859-2", "iso-8859-2"},
		{"meta charset", `<meta charset="koi8-r"><p>x`, "", "koi8-r"},
		{"meta http-equiv", `<meta http-equiv="content-type" content="text/html; charset=euc-jp">`, "text/html", "euc-jp"},
		{"meta label alias", `<meta charset="sjis">`, "", "shift_jis"},
		{"meta utf-16 is utf-8", `<meta charset="utf-16">`, "", "utf-8"},
		{"meta after 1024 bytes", "<head><title>" + strings.Repeat("x", 2000) + "</title><meta charset=koi8-r></head>", "", "koi8-r"},
		{"undeclared valid utf-8", "<p>caf\xc3\xa9", "", "utf-8"},
		{"undeclared latin", "<p>caf\xe9", "", "windows-1252"},
		{"meta in body ignored", "<body><meta charset=koi8-r><p>caf\xe9", "", "windows-1252"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, name := pageEncoding([]byte(tt.page), tt.contentType)
			assert.Equal(t, tt.want, name)
		})
	}
}

func TestRemoveLeadingRepeats(t *testing.T) {
	const title, desc = "Opinion | Is Football Violence a Crime?", "Lawsuits have followed before."
	for _, tt := range []struct{ in, want string }{
		{`<h1>Is Football Violence a Crime?</h1><h2>Lawsuits have followed before</h2><p>Text.</p>`, `<p>Text.</p>`},
		{`<div><p>Opinion: is football violence a crime</p><p>Text.</p></div>`, `<div><p>Text.</p></div>`},
		{`<h1>Opinion</h1><p>Text.</p>`, `<h1>Opinion</h1><p>Text.</p>`},                                                     // two words of the title: kept
		{`<h1>Is College Football Violence a Crime?</h1><p>Text.</p>`, `<p>Text.</p>`},                                       // the title's words but one
		{`<h2>Is Violence in Sport a Crime Now?</h2><p>Text.</p>`, `<h2>Is Violence in Sport a Crime Now?</h2><p>Text.</p>`}, // four of seven: kept
		{`<p>Lawsuits have followed before.</p><p>Text.</p>`, `<p>Lawsuits have followed before.</p><p>Text.</p>`},           // a lede equal to the description stays
		{`<p>Text.</p><h2>Is Football Violence a Crime?</h2>`, `<p>Text.</p><h2>Is Football Violence a Crime?</h2>`},
	} {
		ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
		nodes, err := html.ParseFragment(strings.NewReader(tt.in), ctx)
		require.NoError(t, err)
		frag := &html.Node{Type: html.DocumentNode}
		for _, n := range nodes {
			frag.AppendChild(n)
		}
		removeLeadingRepeats(frag, title, desc)
		var b strings.Builder
		for c := frag.FirstChild; c != nil; c = c.NextSibling {
			require.NoError(t, html.Render(&b, c))
		}
		assert.Equal(t, tt.want, b.String(), tt.in)
	}
}

func TestPreferReadeck(t *testing.T) {
	para := func(s string) string {
		return "<p>" + s + " " + strings.Repeat("and the river rose again over the fields near the town ", 3) + "</p>"
	}
	article := para("One.") + para("Two.") + para("Three.")
	furniture := "<p>Sign up for our newsletter and get the day's big stories, fun stuff you love, mock drafts and power rankings.</p>"
	parse := func(s string) *html.Node {
		ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
		nodes, err := html.ParseFragment(strings.NewReader(s), ctx)
		require.NoError(t, err)
		div := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
		for _, n := range nodes {
			div.AppendChild(n)
		}
		return div
	}
	for _, tt := range []struct {
		name, ours, readeck string
		replaced            bool
	}{
		{"readeck within and shorter", article + furniture, article, true},
		{"readeck has text of its own", article + furniture, article + "<p>A paragraph only readeck found, about the bridge and the ferry that ran before it.</p>", false},
		{"about the same length", article, article, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := &Article{}
			a.setBody(feedspec.NewNodeText(fragment(parse(tt.ours))))
			before := a.Text
			a.preferReadeck(parse(tt.readeck), trafilatura.Options{ExcludeComments: true})
			if tt.replaced {
				require.Contains(t, before, "newsletter")
				assert.NotContains(t, a.Text, "newsletter")
				assert.Contains(t, a.Text, "Three.")
				assert.Equal(t, feedspec.WordCount(a.Text), a.WordCount)
			} else {
				assert.Equal(t, before, a.Text)
			}
		})
	}
}

func TestExtractInlineSpaces(t *testing.T) {
	// go-trafilatura drops the space after an inline element in list items
	// and quotes ("SummaryStudies"): Extract keeps it.
	page := `<html><head><title>Spaces</title></head><body><article>` +
		strings.Repeat(`<p>The maker says the new model runs longer on one charge than any it has sold before.</p>`, 4) +
		`<blockquote><strong>Summary</strong> Studies show that the battery lasts.</blockquote>` +
		`<ul><li>What everyone <strong>will</strong> appreciate, though, is the <em>longer </em>battery.</li>` +
		`<li>As <a href="/x">the report</a> says, and <span>the maker</span>, too.</li></ul>` +
		"<pre><code>x := 1\n<b>y</b>\n    z := 2</code></pre>" +
		`</article></body></html>`
	a, err := Extract(strings.NewReader(page), "https://site.example/a")
	require.NoError(t, err)
	assert.Contains(t, a.Text, "Summary Studies show that the battery lasts.")
	assert.Contains(t, a.Text, "What everyone will appreciate, though, is the longer battery.")
	assert.Contains(t, a.Text, "As the report says, and the maker, too.")
	assert.NotContains(t, a.Text, spaceMark)
	assert.NotContains(t, a.Body.HTML(), spaceMark)
	// go-trafilatura keeps the white space of code in Body (PlainText
	// collapses it): there it stays as it was.
	assert.Contains(t, a.Body.HTML(), "\n    z := 2")
}

func TestRestoreSpace(t *testing.T) {
	for in, want := range map[string]string{
		"":                                 "",
		"plain":                            "plain",
		"will" + spaceMark + "appreciate":  "will appreciate",
		"will" + spaceMark + " appreciate": "will appreciate",
		"y" + spaceMark + "\n    z":        "y\n    z",
		spaceMark + "a" + spaceMark + "b" + spaceMark: " a b ",
	} {
		assert.Equal(t, want, restoreSpace(in), "%q", in)
	}
}

package opml

import (
	"bytes"
	"strings"
	"testing"

	"github.com/feedspec/feedspec"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// parseString parses doc with opts, requiring success.
func parseString(t *testing.T, doc string, opts ...Option) *Document {
	t.Helper()
	d, err := Parse(strings.NewReader(doc), opts...)
	require.NoError(t, err, "Parse")
	require.NotNil(t, d, "Parse")
	return d
}

// feedURLs returns the FeedURL of each subscription.
func feedURLs(subs []Subscription) []string {
	var urls []string
	for _, s := range subs {
		urls = append(urls, s.FeedURL)
	}
	return urls
}

func TestSpellingsOfXMLURL(t *testing.T) {
	for _, name := range []string{"xmlUrl", "xmlurl", "xmlURL", "XMLURL", "XmlUrl"} {
		d := parseString(t, `<opml><body><outline text="T" `+name+`="https://a.example/feed"/></body></opml>`)
		require.Len(t, d.Outlines, 1, name)
		o := d.Outlines[0]
		assert.Equal(t, "https://a.example/feed", o.XMLURL, "%s: XMLURL", name)
		assert.Empty(t, o.Attrs, "%s: no other attribute", name)
		assert.Equal(t, []string{"https://a.example/feed"}, feedURLs(d.Subscriptions()), "%s: Subscriptions", name)
		var b bytes.Buffer
		require.NoError(t, d.Write(&b))
		assert.Contains(t, b.String(), ` xmlUrl="https://a.example/feed"`, "%s: written as xmlUrl", name)
	}

	// The specification's spelling wins wherever it is; the others stay
	// in Attrs, as written.
	d := parseString(t, `<opml><body><outline xmlurl="https://other.example/" XMLURL="https://third.example/" xmlUrl="https://right.example/"/></body></opml>`)
	o := d.Outlines[0]
	assert.Equal(t, "https://right.example/", o.XMLURL, "xmlUrl wins over the other spellings")
	assert.Equal(t, []Attr{{Name: "xmlurl", Value: "https://other.example/"}, {Name: "XMLURL", Value: "https://third.example/"}}, o.Attrs,
		"the other spellings kept in Attrs, in order")
	d = parseString(t, `<opml><body><outline xmlurl="https://first.example/" xmlURL="https://second.example/"/></body></opml>`)
	assert.Equal(t, "https://first.example/", d.Outlines[0].XMLURL, "without xmlUrl, the first other spelling")
	assert.Equal(t, []Attr{{Name: "xmlURL", Value: "https://second.example/"}}, d.Outlines[0].Attrs)

	// An empty attribute gives way to a spelling that is not empty (FuzzParse
	// found <outline XMLURL="" Xmlurl="">, which read back otherwise).
	d = parseString(t, `<opml><body><outline xmlUrl="" xmlurl="https://x.example/"/></body></opml>`)
	assert.Equal(t, &Outline{XMLURL: "https://x.example/"}, d.Outlines[0], "an empty xmlUrl gives way, and is not kept")
	d = parseString(t, `<opml><body><outline XMLURL="" Xmlurl="" xmlURL="https://y.example/"/></body></opml>`)
	assert.Equal(t, &Outline{XMLURL: "https://y.example/", Attrs: []Attr{{Name: "XMLURL"}, {Name: "Xmlurl"}}}, d.Outlines[0],
		"the first spelling that is not empty; the empty ones kept")
	for _, doc := range []string{`<opml><body><outline XMLURL="" Xmlurl=""/></body></opml>`, `<opml><body><outline text="" TEXT=""/></body></opml>`} {
		d = parseString(t, doc)
		assert.Equal(t, d, parseString(t, string(writeDoc(t, d))), "%s: read back", doc)
	}

	// Every field's attribute in any case.
	d = parseString(t, `<opml><body><outline TEXT="x" Title="t" TYPE="rss" HTMLURL="https://p.example/" Description="d" LANGUAGE="fr" VERSION="RSS2" xmlUrl="https://f.example/"/></body></opml>`)
	assert.Equal(t, &Outline{Text: "x", Title: "t", Type: "rss", XMLURL: "https://f.example/", HTMLURL: "https://p.example/",
		Description: "d", Language: "fr", Version: "RSS2"}, d.Outlines[0], "every field read in any case")
}

func TestURLAttribute(t *testing.T) {
	d := parseString(t, `<opml><body>
<outline text="rss" type="rss" url="https://rss.example/feed"/>
<outline text="RSS" type="RSS" url="https://rss2.example/feed"/>
<outline text="atom" type="atom" URL="https://atom.example/feed"/>
<outline text="none" url="https://none.example/feed"/>
<outline text="link" type="link" url="https://link.example/page"/>
<outline text="include" type="include" url="https://include.example/list.opml"/>
<outline text="song" type="song" url="https://song.example/a.mp3"/>
<outline text="both" xmlUrl="https://xml.example/feed" url="https://url.example/feed"/>
</body></opml>`)
	assert.Equal(t, []string{"https://rss.example/feed", "https://rss2.example/feed", "https://atom.example/feed",
		"https://none.example/feed", "https://xml.example/feed"}, feedURLs(d.Subscriptions()),
		"url names a feed when the type is rss, atom, feed or absent, and xmlUrl wins over it")
	assert.Equal(t, []Attr{{Name: "url", Value: "https://rss.example/feed"}}, d.Outlines[0].Attrs, "url stays an attribute of the Document")
}

func TestMissingType(t *testing.T) {
	d := parseString(t, `<opml><body><outline text="No type" xmlUrl="https://notype.example/feed"/><outline text="Other" type="whatever" xmlUrl="https://other.example/feed"/></body></opml>`)
	assert.Equal(t, []string{"https://notype.example/feed", "https://other.example/feed"}, feedURLs(d.Subscriptions()),
		"an xmlUrl names a feed whatever the type says")
}

func TestTitleFallback(t *testing.T) {
	d := parseString(t, `<opml><body>
<outline text="Text only" xmlUrl="https://1.example/"/>
<outline title="Title only" xmlUrl="https://2.example/"/>
<outline text="Text" title="Title" xmlUrl="https://3.example/"/>
<outline text="Text" title=" &#9; " xmlUrl="https://4.example/"/>
<outline text=" a &#10; b&#160;&#160;c " xmlUrl="https://5.example/"/>
<outline xmlUrl="https://6.example/"/>
<outline title="Folder title" text="Folder text"><outline text="In" xmlUrl="https://7.example/"/></outline>
<outline text="Folder text only"><outline text="In" xmlUrl="https://8.example/"/></outline>
</body></opml>`)
	var titles []string
	var folders [][]string
	for _, s := range d.Subscriptions() {
		titles = append(titles, s.Title)
		folders = append(folders, s.Folders)
	}
	assert.Equal(t, []string{"Text only", "Title only", "Title", "Text", "a b c", "", "In", "In"}, titles,
		"the title, else the text, white space (no-break spaces too) collapsed")
	assert.Equal(t, [][]string{nil, nil, nil, nil, nil, nil, {"Folder title"}, {"Folder text only"}}, folders,
		"a folder's name: its title, else its text")
	assert.Equal(t, " a \n b\u00a0\u00a0c ", d.Outlines[4].Text, "the Document keeps the text as written")
}

func TestEntitiesAndAmpersands(t *testing.T) {
	d := parseString(t, `<opml><head><title>A&nbsp;&amp;&nbsp;B & C</title></head><body>
<outline text="Caf&eacute; &mdash; R&D" xmlUrl="https://a.example/feed?x=1&y=2&amp;z=3"/>
</body></opml>`)
	assert.Equal(t, "A\u00a0&\u00a0B & C", d.Title, "HTML entities and a bare ampersand in the head")
	subs := d.Subscriptions()
	require.Len(t, subs, 1)
	assert.Equal(t, "Café — R&D", subs[0].Title, "HTML entities in an attribute")
	assert.Equal(t, "https://a.example/feed?x=1&y=2&z=3", subs[0].FeedURL, "bare and escaped ampersands in a URL")
}

func TestFoldersAndDuplicates(t *testing.T) {
	d := parseString(t, `<opml><body>
<outline text="A"><outline text="B"><outline text="Feed" xmlUrl="https://same.example/"/></outline>
<outline text="Feed" xmlUrl="https://same.example/"/></outline>
<outline text="C"><outline text="Feed" xmlUrl="https://same.example/"/></outline>
<outline text="Feed" xmlUrl="https://same.example/"/>
</body></opml>`)
	subs := d.Subscriptions()
	require.Len(t, subs, 4, "a feed listed four times gives four subscriptions")
	assert.Equal(t, [][]string{{"A", "B"}, {"A"}, {"C"}, nil},
		[][]string{subs[0].Folders, subs[1].Folders, subs[2].Folders, subs[3].Folders}, "the folders of each place")
}

func TestRelativeURLs(t *testing.T) {
	const doc = `<opml><body><outline text="R" xmlUrl="feeds/a.xml" htmlUrl="/"/><outline text="A" xmlUrl="https://abs.example/"/></body></opml>`
	var diags []feedspec.Diagnostic
	d := parseString(t, doc, WithURL("https://host.example/dir/list.opml"), WithDiagnostics(&diags))
	assert.Equal(t, "https://host.example/dir/list.opml", d.URL, "Document.URL")
	subs := d.Subscriptions()
	require.Len(t, subs, 2)
	assert.Equal(t, "https://host.example/dir/feeds/a.xml", subs[0].FeedURL, "resolved against WithURL")
	assert.Equal(t, "https://host.example/", subs[0].PageURL, "the page URL too")
	assert.Equal(t, "feeds/a.xml", d.Outlines[0].XMLURL, "the Document keeps the URL as written")
	assert.Empty(t, diags)

	diags = nil
	d = parseString(t, doc, WithDiagnostics(&diags))
	assert.Equal(t, []string{"https://abs.example/"}, feedURLs(d.Subscriptions()), "without a document URL, a relative URL names no feed")
	require.Len(t, diags, 1)
	assert.Equal(t, `url: <outline> @xmlUrl at line 1, column 13 (byte 12): "feeds/a.xml": a relative URL, and the document's URL is not known: not a subscription`,
		diags[0].String())

	d.URL = "https://later.example/x/"
	assert.Equal(t, "https://later.example/x/feeds/a.xml", d.Subscriptions()[0].FeedURL, "Subscriptions reads Document.URL")
}

func TestNotHTTP(t *testing.T) {
	var diags []feedspec.Diagnostic
	d := parseString(t, `<opml><body>
<outline text="js" xmlUrl="javascript:alert(1)"/>
<outline text="js2" xmlUrl="&#10;jAvAsCrIpT&#9;:alert(1)"/>
<outline text="vb" xmlUrl="vbscript:msgbox"/>
<outline text="data" xmlUrl="data:text/html,&lt;script>alert(1)&lt;/script>"/>
<outline text="file" xmlUrl="file:///etc/passwd"/>
<outline text="ftp" xmlUrl="ftp://ftp.example/feed"/>
<outline text="page" xmlUrl="https://ok.example/" htmlUrl="javascript:alert(1)"/>
</body></opml>`, WithDiagnostics(&diags))
	subs := d.Subscriptions()
	require.Len(t, subs, 1, "only the http(s) feed")
	assert.Equal(t, Subscription{Title: "page", FeedURL: "https://ok.example/"}, subs[0], "the javascript: page URL left out")
	require.Len(t, diags, 7, "one diagnostic each: %v", diags)
	for _, dg := range diags[:6] {
		assert.Equal(t, feedspec.DiagnosticURL, dg.Kind, "%s", dg)
		assert.Equal(t, "xmlUrl", dg.Attr, "%s", dg)
		assert.Contains(t, dg.Message, "not an http or https URL: not a subscription", "%s", dg)
	}
	assert.Equal(t, "htmlUrl", diags[6].Attr, "%s", diags[6])
	assert.Equal(t, "javascript:alert(1)", diags[6].Value)
}

func TestWrongEncodingLabel(t *testing.T) {
	var diags []feedspec.Diagnostic
	utf8Bytes := "<?xml version=\"1.0\" encoding=\"iso-8859-1\"?><opml><body><outline text=\"Caf\xc3\xa9\" xmlUrl=\"https://a.example/\"/></body></opml>"
	d := parseString(t, utf8Bytes, WithDiagnostics(&diags))
	assert.Equal(t, "Café", d.Outlines[0].Text, "UTF-8 bytes labelled ISO-8859-1 read as UTF-8")
	require.NotEmpty(t, diags)
	assert.Equal(t, feedspec.DiagnosticRecovered, diags[0].Kind)
	assert.Equal(t, "declared iso-8859-1, decoded as UTF-8", diags[0].Message)

	latin1 := "<?xml version=\"1.0\" encoding=\"utf-8\"?><opml><body><outline text=\"Caf\xe9 \x93q\x94\" xmlUrl=\"https://a.example/\"/></body></opml>"
	d = parseString(t, latin1)
	assert.Equal(t, "Café “q”", d.Outlines[0].Text, "windows-1252 bytes labelled UTF-8 read as windows-1252")

	declared := "<?xml version=\"1.0\" encoding=\"windows-1252\"?><opml><body><outline text=\"Caf\xe9\"/></body></opml>"
	assert.Equal(t, "Café", parseString(t, declared).Outlines[0].Text, "a label the bytes agree with")
}

func TestNotOPML(t *testing.T) {
	for name, doc := range map[string]string{
		"rss":       `<rss version="2.0"><channel><title>x</title></channel></rss>`,
		"atom":      `<feed xmlns="http://www.w3.org/2005/Atom"/>`,
		"html":      `<!DOCTYPE html><html><body><p>Hello</p></body></html>`,
		"empty":     ``,
		"text":      `just some text`,
		"old":       `<outlineDocument version="1.0"/>`,
		"only head": `<head><title>x</title></head>`,
	} {
		d, err := Parse(strings.NewReader(doc))
		assert.Nil(t, d, "%s: no Document", name)
		assert.ErrorIs(t, err, ErrNotOPML, name)
		assert.True(t, strings.HasPrefix(err.Error(), "opml: not an OPML document: "), "%s: %v", name, err)
	}
	for _, doc := range []string{`<opml/>`, `<OPML></OPML>`, `<o:opml xmlns:o="urn:x"/>`, `<opml xmlns="http://opml.org/spec2"/>`} {
		d, err := Parse(strings.NewReader(doc))
		assert.NoError(t, err, doc)
		assert.NotNil(t, d, doc)
	}
}

func TestDocumentModel(t *testing.T) {
	d := parseString(t, `<?xml version="1.0"?>
<opml version="1.1" xmlns:x="urn:x" x:a="1" b="2">
<head><title>T</title><ownerName>O</ownerName><x:e x:k="v">text<x:c/></x:e><docs>http://d.example/</docs><ownerEmail>e@x.example</ownerEmail><dateCreated>c</dateCreated><dateModified>m</dateModified></head>
<body><outline text="F" x:id="7" category="c"><outline text="G" xmlUrl="https://g.example/"/></outline></body>
</opml>`, WithURL("https://doc.example/"))
	want := &Document{
		Title: "T", DateCreated: "c", DateModified: "m", OwnerName: "O", OwnerEmail: "e@x.example",
		Head: []*Element{
			{Name: "x:e", Namespace: "urn:x", Attrs: []Attr{{Name: "x:k", Namespace: "urn:x", Value: "v"}}, Text: "text",
				Children: []*Element{{Name: "x:c", Namespace: "urn:x"}}},
			{Name: "docs", Text: "http://d.example/"},
		},
		Outlines: []*Outline{{Text: "F", Attrs: []Attr{{Name: "x:id", Namespace: "urn:x", Value: "7"}, {Name: "category", Value: "c"}},
			Children: []*Outline{{Text: "G", XMLURL: "https://g.example/"}}}},
		Attrs: []Attr{{Name: "x:a", Namespace: "urn:x", Value: "1"}, {Name: "b", Value: "2"}},
		URL:   "https://doc.example/",
	}
	assert.Equal(t, want, d, "the Document")
}

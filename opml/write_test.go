package opml

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/feedspec/feedspec"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteFormat(t *testing.T) {
	d := &Document{
		Title: "Mine & yours", OwnerEmail: "me@example.com",
		Head: []*Element{{Name: "docs", Text: "http://opml.org/spec2.opml"}},
		Outlines: []*Outline{
			{Text: "Folder", Children: []*Outline{
				{Text: "Feed", Title: "Feed", Type: "rss", XMLURL: "https://a.example/feed?x=1&y=2", HTMLURL: "https://a.example/"},
			}},
			{Title: "No text", XMLURL: "https://b.example/", Attrs: []Attr{{Name: "category", Value: "/news"}}},
		},
	}
	want := `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head>
    <title>Mine &amp; yours</title>
    <ownerEmail>me@example.com</ownerEmail>
    <docs>http://opml.org/spec2.opml</docs>
  </head>
  <body>
    <outline text="Folder">
      <outline text="Feed" title="Feed" type="rss" xmlUrl="https://a.example/feed?x=1&amp;y=2" htmlUrl="https://a.example/"/>
    </outline>
    <outline text="" title="No text" xmlUrl="https://b.example/" category="/news"/>
  </body>
</opml>
`
	assert.Equal(t, want, string(writeDoc(t, d)), "the written document")
	assert.Equal(t, `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head/>
  <body/>
</opml>
`, string(writeDoc(t, &Document{})), "an empty Document")
}

func TestWriteEscapes(t *testing.T) {
	const v = "a&b<c>d\"e'f\tg\nh\ri\x01j\uFFFEk\xffl]]>m"
	d := &Document{Title: v, Outlines: []*Outline{{Text: v, Attrs: []Attr{{Name: "x", Value: v}}}},
		Head: []*Element{{Name: "e", Text: v}}}
	out := writeDoc(t, d)
	require.NoError(t, wellFormed(out), "%s", out)
	assert.Contains(t, string(out), `text="a&amp;b&lt;c&gt;d&quot;e'f&#9;g&#10;h&#13;i&#65533;j&#65533;k&#65533;l]]&gt;m"`,
		"an attribute value: markup, white space and characters XML does not allow")
	assert.Contains(t, string(out), "<title>a&amp;b&lt;c&gt;d\"e'f\tg\nh&#13;i&#65533;j&#65533;k&#65533;l]]&gt;m</title>", "text")
	back := parseString(t, string(out))
	const clean = "a&b<c>d\"e'f\tg\nh\ri\uFFFDj\uFFFDk\uFFFDl]]>m"
	assert.Equal(t, clean, back.Title, "the title read back")
	assert.Equal(t, clean, back.Outlines[0].Text, "the text read back")
	assert.Equal(t, clean, back.Outlines[0].Attrs[0].Value, "the attribute read back")
	assert.Equal(t, clean, back.Head[0].Text, "the head element read back")
}

// TestWriteASCII: what Write writes is ASCII, other characters written as
// character references, so that a document whose only non-ASCII text
// reads as UTF-8 encoded twice (FuzzParse found "Ü”", the windows-1252
// reading of the UTF-8 bytes of U+0714) is not "repaired" when read back.
func TestWriteASCII(t *testing.T) {
	d := &Document{Title: "Ü”", Outlines: []*Outline{{Text: "日本語 😀 café", Attrs: []Attr{{Name: "a", Value: "Ü”"}}}}}
	out := writeDoc(t, d)
	for i, c := range out {
		require.Less(t, c, byte(0x80), "byte %d of\n%s", i, out)
	}
	assert.Contains(t, string(out), `<outline text="&#26085;&#26412;&#35486; &#128512; caf&#233;" a="&#220;&#8221;"/>`)
	back := parseString(t, string(out))
	assert.Equal(t, d.Outlines, back.Outlines, "read back")
	assert.Equal(t, "Ü”", back.Title, "read back, not taken for UTF-8 encoded twice")

	// The C1 controls are written in UTF-8: &#151; would read back as
	// windows-1252's em dash (FuzzWrite found it).
	d = &Document{Title: "a\u0097b\u0080", Outlines: []*Outline{{Text: "\u009f"}}}
	out = writeDoc(t, d)
	assert.Contains(t, string(out), "<title>a\u0097b\u0080</title>")
	back = parseString(t, string(out))
	assert.Equal(t, d.Title, back.Title, "C1 controls read back")
	assert.Equal(t, d.Outlines, back.Outlines, "C1 controls read back")
}

func TestWriteNamespaces(t *testing.T) {
	d := &Document{
		Attrs: []Attr{{Name: "a:x", Namespace: "urn:a", Value: "1"}, {Name: "xml:lang", Namespace: "http://www.w3.org/XML/1998/namespace", Value: "en"}},
		Head: []*Element{
			{Name: "a:e", Namespace: "urn:a", Children: []*Element{{Name: "b:f", Namespace: "urn:b"}, {Name: "g", Namespace: "urn:g",
				Children: []*Element{{Name: "h"}}}}},
		},
		Outlines: []*Outline{{Text: "o", Attrs: []Attr{{Name: "a:y", Namespace: "urn:a", Value: "2"}, {Name: "c:z", Namespace: "urn:c", Value: "3"}},
			Children: []*Outline{{Text: "p", Attrs: []Attr{{Name: "c:w", Namespace: "urn:c", Value: "4"}}}}}},
	}
	out := string(writeDoc(t, d))
	require.NoError(t, wellFormed([]byte(out)), out)
	assert.Contains(t, out, `<opml xmlns:a="urn:a" version="2.0" a:x="1" xml:lang="en">`, "a prefix declared where first used, xml never")
	assert.Contains(t, out, `<a:e><b:f xmlns:b="urn:b"/><g xmlns="urn:g"><h xmlns=""/></g></a:e>`, "elements: prefixes and default namespaces")
	assert.Contains(t, out, `<outline xmlns:c="urn:c" text="o" a:y="2" c:z="3">`, "an outline declares what its ancestors did not")
	assert.Contains(t, out, `<outline text="p" c:w="4"/>`, "in scope: not declared again")
	assert.Equal(t, d.Head, parseString(t, out).Head, "the head read back")
	assert.Equal(t, d.Outlines, parseString(t, out).Outlines, "the outlines read back")
}

func TestWriteInvalid(t *testing.T) {
	for name, d := range map[string]*Document{
		"element name":          {Head: []*Element{{Name: "1x"}}},
		"empty element name":    {Head: []*Element{{Name: ""}}},
		"attribute name":        {Outlines: []*Outline{{Attrs: []Attr{{Name: "a b"}}}}},
		"colon":                 {Outlines: []*Outline{{Attrs: []Attr{{Name: "a:b:c"}}}}},
		"a field twice":         {Outlines: []*Outline{{Text: "x", Attrs: []Attr{{Name: "text", Value: "y"}}}}},
		"text twice when empty": {Outlines: []*Outline{{Attrs: []Attr{{Name: "text", Value: "y"}}}}},
		"an attribute twice":    {Outlines: []*Outline{{Attrs: []Attr{{Name: "c", Value: "1"}, {Name: "c", Value: "2"}}}}},
		"version on the root":   {Attrs: []Attr{{Name: "version", Value: "1.0"}}},
		"a declaration":         {Attrs: []Attr{{Name: "xmlns:a", Value: "urn:a"}}},
		"default declaration":   {Attrs: []Attr{{Name: "xmlns", Value: "urn:a"}}},
		"no prefix, namespace":  {Outlines: []*Outline{{Attrs: []Attr{{Name: "a", Namespace: "urn:a"}}}}},
		"prefix twice":          {Outlines: []*Outline{{Attrs: []Attr{{Name: "p:a", Namespace: "urn:1"}, {Name: "p:b", Namespace: "urn:2"}}}}},
		"xmlns element":         {Head: []*Element{{Name: "xmlns:e", Namespace: "urn:x"}}},
		"deep":                  {Outlines: []*Outline{{Children: []*Outline{{Children: []*Outline{{Attrs: []Attr{{Name: "<"}}}}}}}}},
		"many attributes":       {Outlines: []*Outline{{Attrs: manyAttrs(40, true)}}},
	} {
		var b bytes.Buffer
		err := d.Write(&b)
		assert.ErrorIs(t, err, ErrInvalidDocument, name)
		if err != nil {
			assert.True(t, strings.HasPrefix(err.Error(), "opml: cannot write the document: "), "%s: %v", name, err)
		}
	}
	assert.NoError(t, (&Document{Outlines: []*Outline{{Attrs: manyAttrs(40, false)}}}).Write(&bytes.Buffer{}), "40 distinct attributes")
	assert.ErrorIs(t, (*Document)(nil).Write(&bytes.Buffer{}), ErrInvalidDocument, "a nil Document")
	assert.NoError(t, (&Document{Outlines: []*Outline{nil, {Children: []*Outline{nil}}}, Head: []*Element{nil}}).Write(&bytes.Buffer{}),
		"nil outlines and elements are skipped")
}

// manyAttrs returns n attributes, the last one named as the first when dup.
func manyAttrs(n int, dup bool) []Attr {
	var a []Attr
	for i := range n {
		a = append(a, Attr{Name: "a" + strings.Repeat("x", i), Value: "v"})
	}
	if dup {
		a[n-1].Name = a[0].Name
	}
	return a
}

// failWriter fails every write after the first n bytes.
type failWriter struct{ n int }

var errWrite = errors.New("disk full")

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errWrite
	}
	w.n -= len(p)
	return len(p), nil
}

func TestWriteError(t *testing.T) {
	d := New("T", []Subscription{{Title: "a", FeedURL: "https://a.example/"}})
	err := d.Write(&failWriter{n: 10})
	assert.ErrorIs(t, err, errWrite, "the writer's error")
	assert.True(t, strings.HasPrefix(err.Error(), "opml: writing: "), "%v", err)

	// A document larger than the buffer fails while being written, and
	// stops there.
	var subs []Subscription
	for range 2000 {
		subs = append(subs, Subscription{Title: "a feed", FeedURL: "https://a.example/feed"})
	}
	fw := &failWriter{n: 100}
	assert.ErrorIs(t, New("T", subs).Write(fw), errWrite, "a long document")
}

// TestParsedNamesAreWritable: names xml5 reads but Write cannot write (a
// declaration of the prefix xmlns, an element with that prefix) are left
// out by Parse, so that Write never refuses a parsed Document (FuzzParse
// found <opml xmlns:xmlns>).
func TestParsedNamesAreWritable(t *testing.T) {
	var diags []feedspec.Diagnostic
	d := parseString(t, `<opml xmlns:xmlns="u" xmlns:xml="v" a="1"><head><xmlns:e/><xml:f/></head>`+
		`<body><outline xmlns:xmlns="x" text="t" xml:lang="en"/></body></opml>`, WithDiagnostics(&diags))
	assert.Equal(t, []Attr{{Name: "a", Value: "1"}}, d.Attrs)
	assert.Equal(t, []*Element{{Name: "xml:f", Namespace: "http://www.w3.org/XML/1998/namespace"}}, d.Head)
	assert.Equal(t, []Attr{{Name: "xml:lang", Namespace: "http://www.w3.org/XML/1998/namespace", Value: "en"}}, d.Outlines[0].Attrs)
	out := writeDoc(t, d)
	require.NoError(t, wellFormed(out), "%s", out)
	assert.Equal(t, d, parseString(t, string(out)), "read back")
	var msgs []string
	for _, dg := range diags {
		if dg.Kind == feedspec.DiagnosticValue {
			msgs = append(msgs, dg.String())
		}
	}
	assert.Len(t, msgs, 3, "each left out, said: %q", msgs)
}

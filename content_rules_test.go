package feedspec

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/xml5"
)

func TestAtomContentKind(t *testing.T) {
	for typ, want := range map[string]int{
		"":                           contentOther,
		"text":                       contentOther,
		"html":                       contentOther,
		"xhtml":                      contentOther,
		"text/plain":                 contentOther,
		"TEXT/HTML; charset=utf-8":   contentOther,
		"application/xml":            contentXML,
		"text/xml":                   contentXML,
		"Application/Atom+XML":       contentXML,
		"image/svg+xml; charset=x":   contentXML,
		"application/xml-dtd":        contentXML,
		" application/xhtml+xml ":    contentXML,
		"image/png":                  contentBase64,
		"application/octet-stream":   contentBase64,
		"application/x-pdf;name=a/b": contentBase64,
		"/":                          contentOther,
		"image/":                     contentOther,
		"nonsense":                   contentOther,
	} {
		assert.Equal(t, want, atomContentKind(typ), "%q", typ)
	}
}

// atomEntryDoc returns an Atom feed (default namespace Atom, the prefix ex
// bound on the feed) of one entry with the given children.
func atomEntryDoc(entry string) string {
	return `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:ex="http://example.org/ex"><title>t</title><entry><title>e</title>` +
		entry + `</entry></feed>`
}

func TestContentXML(t *testing.T) {
	cases := []struct {
		name, content, want string
		specContent         string // the specification's Content, "" for null
	}{
		{
			name:    "an element in the Atom namespace declares it",
			content: `<content type="application/xml"><record id="1"/></content>`,
			want:    `<record id="1" xmlns="http://www.w3.org/2005/Atom"></record>`,
		},
		{
			name:    "a prefix bound outside the content is declared",
			content: `<content type="text/xml"><ex:a ex:b="1"><ex:c>x &amp; y</ex:c></ex:a></content>`,
			want:    `<ex:a ex:b="1" xmlns:ex="http://example.org/ex"><ex:c>x &amp; y</ex:c></ex:a>`,
		},
		{
			name:    "declarations in the content are kept, not repeated",
			content: `<content type="application/rdf+xml"><r xmlns="urn:r" xmlns:p="urn:p"><p:q p:z="&quot;&#10;"/><s xmlns=""/></r></content>`,
			want:    `<r xmlns="urn:r" xmlns:p="urn:p"><p:q p:z="&quot;&#10;"></p:q><s xmlns=""></s></r>`,
		},
		{
			name:        "text, comments, processing instructions",
			content:     `<content type="application/xml">a &lt; b<!--c--><?pi d?></content>`,
			want:        `a &lt; b<!--c--><?pi d?>`,
			specContent: "a < b",
		},
		{
			name:    "xml:lang needs no declaration",
			content: `<content type="application/xml"><x xmlns="" xml:lang="fr"/></content>`,
			want:    `<x xmlns="" xml:lang="fr"></x>`,
		},
		{
			name:    "out of line content has none",
			content: `<content type="application/xml" src="/x.xml"/>`,
		},
		{
			name:        "the first XML content element with children",
			content:     `<content type="text"/><content type="application/xml"></content><content type="application/xml"><b/></content>`,
			want:        `<b xmlns="http://www.w3.org/2005/Atom"></b>`,
			specContent: "",
		},
		{
			name:        "HTML content has none",
			content:     `<content type="html">&lt;p&gt;x&lt;/p&gt;</content>`,
			specContent: "x",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := parseTestFeed(t, atomEntryDoc(c.content))
			e := f.Entries[0]
			assert.Equal(t, c.want, e.ContentXML)
			if c.specContent == "" {
				assert.Nil(t, e.Content, "the specification's content")
			} else {
				require.NotNil(t, e.Content)
				assert.Equal(t, c.specContent, e.Content.TextContent())
			}
			if c.want != "" {
				assertSameXML(t, firstChildElement(e.Element(), nsAtom, "content"), e.ContentXML, c.content)
			}
			b, err := f.MarshalJSON()
			require.NoError(t, err)
			var back Feed
			require.NoError(t, back.UnmarshalJSON(b))
			assert.Equal(t, e.ContentXML, back.Entries[0].ContentXML, "the JSON reads back")
		})
	}
}

// assertSameXML checks that serialized, parsed again inside a wrapper
// element, gives the same tree as the children of the first content
// element of el's kind holding elements (names, namespaces, attributes
// other than namespace declarations, text, comments).
func assertSameXML(t *testing.T, el *xml5.Node, serialized, context string) {
	t.Helper()
	for ; el != nil; el = el.NextElementSibling() {
		if el.Local == "content" && el.FirstElementChild() != nil {
			break
		}
		if el.Local == "content" && el.FirstChild != nil && atomContentKind(attr(el, "type")) == contentXML {
			break
		}
	}
	require.NotNil(t, el, context)
	doc, err := xml5.Parse(strings.NewReader(`<wrapper>` + serialized + `</wrapper>`))
	require.NoError(t, err)
	assert.Equal(t, describeChildren(el), describeChildren(doc.Root()), context)
}

// describeChildren writes n's children as a string: one line per node,
// elements with their namespace, local name and attributes (namespace
// declarations left out).
func describeChildren(n *xml5.Node) string {
	var b strings.Builder
	var walk func(n *xml5.Node, depth int)
	walk = func(n *xml5.Node, depth int) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			fmt.Fprintf(&b, "%*s%v {%s}%s %q", depth, "", c.Type, c.Namespace, c.Local, c.Data)
			for _, a := range c.Attr {
				if a.Namespace != xml5.XMLNSNamespace {
					fmt.Fprintf(&b, " {%s}%s=%q", a.Namespace, a.Local, a.Value)
				}
			}
			b.WriteByte('\n')
			walk(c, depth+1)
		}
	}
	walk(n, 0)
	return b.String()
}

func TestContentBytes(t *testing.T) {
	for _, c := range []struct {
		name, content string
		want          []byte
		bad           bool
	}{
		{name: "padded", content: `<content type="image/png">iVBORw0KGgo=</content>`, want: []byte("\x89PNG\r\n\x1a\n")},
		{name: "spaces and lines", content: "<content type=\"application/octet-stream\">\n  SGVs\n  bG8=\n</content>", want: []byte("Hello")},
		{name: "unpadded", content: `<content type="application/octet-stream">SGVsbG8</content>`, want: []byte("Hello")},
		{name: "not Base64", content: `<content type="application/pdf">not base64!</content>`, bad: true},
		{name: "bad length", content: `<content type="application/pdf">SGVsbG8=A</content>`, bad: true},
		{name: "text around elements", content: `<content type="application/x-pdf">SGVs<div xmlns="http://www.w3.org/1999/xhtml">A &amp; B</div>bG8=</content>`, want: []byte("Hello")},
		{name: "elements only: null content", content: `<content type="application/x-pdf"><div xmlns="http://www.w3.org/1999/xhtml">A &amp; B</div></content>`},
		{name: "HTML", content: `<content type="html">SGVsbG8=</content>`},
		{name: "text/plain", content: `<content type="text/plain">SGVsbG8=</content>`},
		{name: "XML", content: `<content type="application/xml">SGVsbG8=</content>`},
		{name: "src", content: `<content type="image/png" src="/a.png"/>`},
		{name: "none", content: ``},
		{name: "the first content element's type", content: `<content type="html">SGVsbG8=</content><content type="image/png">SGVsbG8=</content>`},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := parseTestFeed(t, atomEntryDoc(c.content))
			e := f.Entries[0]
			got, err := e.ContentBytes()
			if c.bad {
				require.Error(t, err)
				assert.True(t, errors.Is(err, ErrBase64Content), "%v", err)
				assert.True(t, strings.HasPrefix(err.Error(), "feedspec: "), err.Error())
				assert.Nil(t, got)
				require.NotNil(t, e.Content, "the specification's string stays")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
			if c.want != nil {
				assert.LessOrEqual(t, len(got), len(e.Content.String()))
			}
		})
	}
	// An entry read back from the JSON does not know the content's type.
	f := parseTestFeed(t, atomEntryDoc(`<content type="image/png">iVBORw0KGgo=</content>`))
	b, err := f.MarshalJSON()
	require.NoError(t, err)
	var back Feed
	require.NoError(t, back.UnmarshalJSON(b))
	got, err := back.Entries[0].ContentBytes()
	assert.NoError(t, err)
	assert.Nil(t, got)
	// WithoutDocument keeps it.
	d, err := ParseDocument(strings.NewReader(atomEntryDoc(`<content type="image/png">iVBORw0KGgo=</content>`)), WithoutDocument())
	require.NoError(t, err)
	got, err = d.Entries[0].ContentBytes()
	require.NoError(t, err)
	assert.Equal(t, []byte("\x89PNG\r\n\x1a\n"), got)
}

// TestContentRulesCorpus reads the real feeds with Atom content of media
// types: Base64 content decodes, or gives ErrBase64Content (the entry of
// kdesyn__atom10_entry_content.xml whose "binary" content is an XHTML div
// has null content: the specification reads the child text only); XML
// content, when there is some, parses back to the same tree.
func TestContentRulesCorpus(t *testing.T) {
	files := []string{"kdesyn__atom10_entry_content.xml", "feedrs__atom_scattered.xml", "feedjira__GoogleDocsList.xml"}
	var decoded, bad, xml int
	for _, name := range files {
		t.Run(name, func(t *testing.T) {
			f := parseCorpusFeed(t, name)
			for i, e := range f.Entries {
				got, err := e.ContentBytes()
				switch {
				case err != nil:
					assert.ErrorIs(t, err, ErrBase64Content)
					bad++
				case got != nil:
					decoded++
					if name == "kdesyn__atom10_entry_content.xml" {
						assert.Equal(t, "Example <b>Atom</b>", string(got), "entry %d", i)
					}
				}
				if e.ContentXML != "" {
					xml++
					assertSameXML(t, firstChildElement(e.Element(), nsAtom, "content"), e.ContentXML, name)
				}
			}
		})
	}
	t.Logf("Base64 contents: %d decoded, %d not Base64; XML contents: %d", decoded, bad, xml)
	if decoded+bad == 0 {
		t.Skip("no Atom content of a binary media type in the corpus feeds read")
	}
}

// TestContentXMLBounded checks that the serialization stays within its
// budget (a namespace declared once with a long URL, which every top-level
// element of the content must repeat, is cut with a DiagnosticLimit and
// ContentXML left empty), and that ten times the content costs about ten
// times the memory, wide or deep.
func TestContentXMLBounded(t *testing.T) {
	longNS := "urn:" + strings.Repeat("n", 4000)
	t.Run("repeated declarations", func(t *testing.T) {
		withNS := func(ns string, n int) string {
			return `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:p="` + ns + `"><title>t</title><entry><title>e</title><content type="application/xml">` +
				strings.Repeat(`<p:a/>`, n) + `</content></entry></feed>`
		}
		build := func(n int) string { return withNS(longNS, n) }
		var diags []Diagnostic
		f := parseTestFeed(t, build(1000), WithDiagnostics(&diags))
		assert.Empty(t, f.Entries[0].ContentXML)
		found := false
		for _, d := range diags {
			if d.Kind == DiagnosticLimit && strings.Contains(d.Message, "ContentXML") {
				found = true
				assert.ErrorIs(t, d.Err, ErrLimit)
				var le *LimitError
				require.ErrorAs(t, d.Err, &le)
				assert.Equal(t, "ContentXML", le.Limit)
			}
		}
		assert.True(t, found, "a DiagnosticLimit: %v", diags)
		// A namespace URL of 100 bytes: within the budget.
		ns := "urn:" + strings.Repeat("n", 96)
		f = parseTestFeed(t, withNS(ns, 2))
		assert.Equal(t, strings.Repeat(`<p:a xmlns:p="`+ns+`"></p:a>`, 2), f.Entries[0].ContentXML)
		assertLinearGrowth(t, 2000, build, func(t *testing.T, f *Feed, m int) {
			assert.LessOrEqual(t, len(f.Entries[0].ContentXML), contentXMLBudget(len(build(m))))
		}, WithLimits(Limits{MaxNodes: -1}))
	})
	t.Run("wide", func(t *testing.T) {
		build := func(n int) string {
			return atomEntryDoc(`<content type="application/xml">` + strings.Repeat(`<ex:a x="1">t</ex:a>`, n) + `</content>`)
		}
		assertLinearGrowth(t, 5000, build, func(t *testing.T, f *Feed, m int) {
			assert.Equal(t, m, strings.Count(f.Entries[0].ContentXML, "</ex:a>"))
		}, WithLimits(Limits{MaxNodes: -1}))
	})
	t.Run("deep", func(t *testing.T) {
		build := func(n int) string {
			return atomEntryDoc(`<content type="application/xml">` + strings.Repeat(`<ex:a xmlns:q="urn:q">`, n) + strings.Repeat(`</ex:a>`, n) + `</content>`)
		}
		assertLinearGrowth(t, 900, build, func(t *testing.T, f *Feed, m int) {
			assert.Equal(t, m, strings.Count(f.Entries[0].ContentXML, "</ex:a>"))
			assert.Equal(t, 1, strings.Count(f.Entries[0].ContentXML, "xmlns:ex="), "declared once")
		}, WithLimits(Limits{MaxNodes: -1}))
	})
	t.Run("many entries", func(t *testing.T) {
		build := func(n int) string {
			return `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:p="` + longNS + `"><title>t</title>` +
				strings.Repeat(`<entry><content type="application/xml"><p:a/></content></entry>`, n) + `</feed>`
		}
		assertLinearGrowth(t, 300, build, func(t *testing.T, f *Feed, m int) {
			total := 0
			for _, e := range f.Entries {
				total += len(e.ContentXML)
			}
			assert.LessOrEqual(t, total, 8*len(build(m))+512*m)
		}, WithLimits(Limits{MaxNodes: -1, MaxItems: -1}))
	})
}

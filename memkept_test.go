package feedspec

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

// escapedHTMLFeed returns an RSS feed of n items whose descriptions and
// content:encoded are escaped HTML (paragraphs, links, images, a list, a
// table; and for every fifth item an svg, which the tokens alone cannot
// decide, so the tree is built while parsing), and an Atom feed of n
// entries whose content is XHTML and summary escaped HTML.
func escapedHTMLFeed(n int) (rss, atom []byte) {
	var r, a bytes.Buffer
	r.WriteString(`<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>t</title><link>https://example.com/</link><description>d</description>`)
	a.WriteString(`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><id>urn:x</id><updated>2024-01-01T00:00:00Z</updated>`)
	for i := range n {
		body := fmt.Sprintf(`<p>Item %d has <b>bold</b> text, <a href="https://example.com/%d">a link</a> and <img src="https://example.com/%d.png" alt="picture">.</p>`+
			`<ul><li>one</li><li>two <em>and</em> more</li></ul><table><tr><td>a</td><td>b</td></tr></table><p>%s</p>`,
			i, i, i, strings.Repeat("Some words of the article. ", 10))
		if i%5 == 0 {
			body += `<svg width="10"><circle r="4"/></svg>`
		}
		esc := html.EscapeString(body)
		fmt.Fprintf(&r, `<item><title>Item %d</title><link>https://example.com/%d</link><guid>https://example.com/%d</guid><description>%s</description><content:encoded><![CDATA[%s<p>more</p>]]></content:encoded></item>`,
			i, i, i, esc, body)
		fmt.Fprintf(&a, `<entry><title>Entry %d</title><id>urn:x:%d</id><updated>2024-01-01T00:00:00Z</updated><summary type="html">%s</summary><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Entry %d has <b>bold</b> text and <a href="https://example.com/%d">a link</a>.</p><p>%s</p></div></content></entry>`,
			i, i, esc, i, i, strings.Repeat("Some words of the entry. ", 10))
	}
	r.WriteString(`</channel></rss>`)
	a.WriteString(`</feed>`)
	return r.Bytes(), a.Bytes()
}

// allTexts returns every text of f that is not nil.
func allTexts(f *Feed) []*Text {
	var out []*Text
	add := func(ts ...*Text) {
		for _, t := range ts {
			if t != nil {
				out = append(out, t)
			}
		}
	}
	add(f.Title, f.Subtitle, f.Description, f.Rights)
	for _, e := range f.Entries {
		add(e.Title, e.Subtitle, e.Summary, e.Content, e.Rights)
		if e.Source != nil {
			add(e.Source.Title)
		}
	}
	return out
}

// readEveryText makes the calls a reader makes: the canonical JSON, and
// for every text SafeHTML, PlainText, DisplayText, HTML, TextContent and
// Node. Nothing they return is kept.
func readEveryText(f *Feed) {
	_ = f.AppendJSON(nil)
	for _, t := range allTexts(f) {
		_ = SafeHTML(t, "https://example.com/")
		_ = PlainText(t)
		_ = DisplayText(t)
		_ = t.HTML()
		_ = t.TextContent()
		_ = t.Node()
	}
}

// liveHeapNow returns the heap in use after full collections (two: the
// first moves sync.Pools to their victim caches, the second frees them).
func liveHeapNow() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestWithoutDocumentKeepsNoTree checks that no text of a feed parsed
// WithoutDocument holds a tree, before or after every reading call, and
// that each call still gives what the feed parsed with its document gives.
func TestWithoutDocumentKeepsNoTree(t *testing.T) {
	rss, atom := escapedHTMLFeed(20)
	for _, in := range [][]byte{rss, atom} {
		full, err := ParseDocument(bytes.NewReader(in))
		require.NoError(t, err)
		bare, err := ParseDocument(bytes.NewReader(in), WithoutDocument())
		require.NoError(t, err)
		fullTexts, bareTexts := allTexts(full), allTexts(bare)
		require.Equal(t, len(fullTexts), len(bareTexts))
		noTree := func(when string) {
			for i, tx := range bareTexts {
				assert.Nil(t, tx.frag, "%s: text %d keeps a tree", when, i)
				if tx.lazy != nil {
					assert.Nil(t, tx.lazy.xhtml, "%s: text %d keeps the document's XHTML", when, i)
					assert.False(t, tx.lazy.built.Load(), "%s: text %d", when, i)
				}
			}
		}
		noTree("after the parse")
		readEveryText(bare)
		noTree("after reading")

		nodes, packed := 0, 0
		for i, tx := range bareTexts {
			want := fullTexts[i]
			require.Equal(t, want.IsNode(), tx.IsNode())
			assert.Equal(t, want.HTML(), tx.HTML())
			assert.Equal(t, want.TextContent(), tx.TextContent())
			assert.Equal(t, SafeHTML(want, ""), SafeHTML(tx, ""))
			assert.Equal(t, PlainText(want), PlainText(tx))
			if !tx.IsNode() {
				continue
			}
			nodes++
			if tx.lazy.packed {
				packed++
			}
			// A new tree on each call, equal to the kept one.
			a, b := tx.Node(), tx.Node()
			require.NotNil(t, a)
			assert.NotSame(t, a, b)
			assert.True(t, sameTree(want.Node(), a), "text %d: %s", i, want.HTML())
			assert.True(t, sameTree(a, b))
			// The caller may modify it.
			a.FirstChild.Data = "changed"
			assert.Equal(t, want.HTML(), tx.HTML())
		}
		assert.Positive(t, nodes)
		noTree("after Node")
		fj, bj := full.AppendJSON(nil), bare.AppendJSON(nil)
		assert.Equal(t, string(fj), string(bj))
		if bytes.Equal(in, atom) {
			assert.Equal(t, 20, packed, "one XHTML content an entry")
		}
	}
}

// sameTree reports whether a and b are trees with the same nodes, data,
// namespaces, atoms and attributes (in order), child by child.
func sameTree(a, b *html.Node) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Type != b.Type || a.Data != b.Data || a.DataAtom != b.DataAtom || a.Namespace != b.Namespace || len(a.Attr) != len(b.Attr) {
		return false
	}
	for i := range a.Attr {
		if a.Attr[i] != b.Attr[i] {
			return false
		}
	}
	ca, cb := a.FirstChild, b.FirstChild
	for ; ca != nil && cb != nil; ca, cb = ca.NextSibling, cb.NextSibling {
		if ca.Parent != a || cb.Parent != b || !sameTree(ca, cb) {
			return false
		}
	}
	return ca == nil && cb == nil
}

// TestPackTree checks that a packed tree unpacks to the same tree: XHTML
// content with namespaces, prefixes, foreign attributes, comments,
// processing instructions, void elements with children and deep nesting,
// and escaped HTML.
func TestPackTree(t *testing.T) {
	xhtmlDocs := []string{
		`<div xmlns="http://www.w3.org/1999/xhtml"><p class="a" id="b">x <b>y</b></p><!--c--><?pi data?><br>child</br><img src="a"/></div>`,
		`<div xmlns="http://www.w3.org/1999/xhtml" xmlns:x="urn:x" xmlns:xlink="http://www.w3.org/1999/xlink"><x:e x:a="1" b="2">t</x:e><e xmlns="">n</e><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><a xlink:href="#x">s</a></svg><math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi></math><u:v xmlns:u="urn:u" xml:lang="en"/></div>`,
		`<div xmlns="http://www.w3.org/1999/xhtml">` + strings.Repeat("<div>", 200) + "deep" + strings.Repeat("</div>", 200) + `</div>`,
		`<div xmlns="http://www.w3.org/1999/xhtml">é ✓ ` + strings.Repeat("long text ", 100) + `<p title="` + strings.Repeat("v", 300) + `"/></div>`,
	}
	for _, doc := range xhtmlDocs {
		f, err := ParseDocument(strings.NewReader(`<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="xhtml">` + doc + `</content></entry></feed>`))
		require.NoError(t, err)
		require.Len(t, f.Entries, 1)
		frag := f.Entries[0].Content.Node()
		require.NotNil(t, frag)
		p := packTree(frag)
		assert.True(t, sameTree(frag, unpackTree(p)), "%.100s", doc)
		assert.Less(t, len(p), len(doc)+50, "packed smaller than its source")
	}
	for _, src := range []string{`<p>a<b>b</b></p><svg><foreignObject><p>x</p></foreignObject></svg>`, `<template><p>t</p></template>text<!--c-->`, `<table><tr><td>1`} {
		frag, _ := parseHTMLFragment(src)
		assert.True(t, sameTree(frag, unpackTree(packTree(frag))), src)
	}
	// An empty fragment, and bytes that packTree does not write, stop
	// without a panic.
	assert.Nil(t, unpackTree("").FirstChild)
	for _, bad := range []string{"\x04", "\x04\x00\x09", "\x04\x00\x01a\x00\x05", "\x00\x00", "\x04\xff\xff"} {
		assert.NotPanics(t, func() { unpackTree(bad) }, "%q", bad)
	}
}

// TestRetainedHeapEscapedHTML checks the heap a feed of escaped HTML (and
// one of Atom XHTML content) parsed WithoutDocument keeps, per input byte,
// after a reader made every call (SafeHTML, PlainText, Node, the JSON...):
// the escaped HTML's source, and a packed copy of the XHTML, not their
// trees (about 12 bytes of heap per byte of HTML). The bound holds for a
// feed ten times the size too.
func TestRetainedHeapEscapedHTML(t *testing.T) {
	for _, n := range []int{40, 400} {
		rss, atom := escapedHTMLFeed(n)
		for _, in := range []struct {
			name  string
			data  []byte
			bound float64
		}{
			// The sources kept are a little less than the input (the
			// descriptions are escaped once more there); the rest is the
			// model's structs, a few hundred bytes an entry. With the
			// trees the feed would keep several times its input.
			{"rss", rss, 1.6},
			{"atom", atom, 1.6},
		} {
			before := liveHeapNow()
			f, err := ParseDocument(bytes.NewReader(in.data), WithoutDocument())
			require.NoError(t, err)
			afterParse := liveHeapNow()
			readEveryText(f)
			afterRead := liveHeapNow()
			runtime.KeepAlive(f)
			parsed := float64(afterParse-before) / float64(len(in.data))
			read := float64(afterRead-before) / float64(len(in.data))
			t.Logf("%s, %d items, %d bytes: retained %.2f bytes per input byte after the parse, %.2f after reading", in.name, n, len(in.data), parsed, read)
			assert.Less(t, read, in.bound, "%s, %d items: retained heap per input byte", in.name, n)
			assert.Less(t, read, parsed*1.05+0.01, "%s, %d items: reading keeps memory", in.name, n)
		}
	}
}

// TestWithoutDocumentEmptyStrings checks that an empty string read from the
// document (an enclosure's type="") does not keep the document's bytes
// alive: an empty string cut from the input still points into it.
func TestWithoutDocumentEmptyStrings(t *testing.T) {
	pad := strings.Repeat("padding ", 1<<16) // 512 KB the model does not keep
	in := `<rss version="2.0"><channel><title>t</title><!--` + pad + `--><item><title>i</title>` +
		`<enclosure url="https://example.com/a.mp3" type="" length="1"/></item></channel></rss>`
	before := liveHeapNow()
	f, err := ParseDocument(strings.NewReader(in), WithoutDocument())
	require.NoError(t, err)
	kept := int64(liveHeapNow()) - int64(before)
	require.Len(t, f.Entries, 1)
	require.Len(t, f.Entries[0].Enclosures, 1)
	require.NotNil(t, f.Entries[0].Enclosures[0].MIMEType)
	assert.Equal(t, "", *f.Entries[0].Enclosures[0].MIMEType)
	runtime.KeepAlive(f)
	runtime.KeepAlive(in)
	t.Logf("input %d bytes, retained %d", len(in), kept)
	assert.Less(t, float64(kept), 0.1*float64(len(in)), "the feed keeps its input")
}

// TestWithoutDocumentConcurrentReaders reads every text of feeds parsed
// WithoutDocument from several goroutines at once (run it with -race):
// each builds its own trees, and all give what the feed parsed with its
// document gives.
func TestWithoutDocumentConcurrentReaders(t *testing.T) {
	rss, atom := escapedHTMLFeed(10)
	for _, in := range [][]byte{rss, atom} {
		ref, err := ParseDocument(bytes.NewReader(in))
		require.NoError(t, err)
		var want []string
		for _, tx := range allTexts(ref) {
			want = append(want, textViews(tx)+SafeHTML(tx, "")+PlainText(tx))
		}
		feed, err := ParseDocument(bytes.NewReader(in), WithoutDocument())
		require.NoError(t, err)
		texts := allTexts(feed)
		errs := make(chan string, concurrency*(len(texts)+1))
		runConcurrently(func(g int) {
			for i := range texts {
				if g%2 == 1 {
					i = len(texts) - 1 - i
				}
				if got := textViews(texts[i]) + SafeHTML(texts[i], "") + PlainText(texts[i]); got != want[i] {
					errs <- fmt.Sprintf("text %d: got %.200q, want %.200q", i, got, want[i])
				}
			}
		})
		close(errs)
		for e := range errs {
			t.Error(e)
		}
	}
}

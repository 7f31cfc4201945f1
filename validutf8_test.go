package feedspec

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/xml5"
)

// TestXML5TextValidUTF8 checks what escapedHTMLTextOf relies on: the data
// of every Text node of a document xml5.Parse builds is valid UTF-8, so
// that AppendJSON need not check the escaped HTML taken from it again,
// whatever the input's bytes, encoding, references and truncation.
func TestXML5TextValidUTF8(t *testing.T) {
	bad := "\xff\xfe\xc3(\xe2\x80\xed\xa0\x80\xf4\x90\x80\x80\xe2\x80\xa8\xc0\xaf"
	docs := []string{
		"<rss><channel><description>a" + bad + "&lt;b&gt;" + bad + "</description></channel></rss>",
		"<?xml version=\"1.0\" encoding=\"utf-8\"?><a>\xe2<![CDATA[\x80\xa8]]>\x80&#xD800;&#x110000;&#0;&#xDFFF;x\xe2&amp;\x80\xa8</a>",
		"<?xml version=\"1.0\" encoding=\"windows-1252\"?><a>\x80\x81\x8d\x9d\xff&#150;</a>",
		"<?xml version=\"1.0\" encoding=\"shift_jis\"?><a>\x82\xa0\x82<b>\x81\xff</b></a>",
		"\xfe\xff\x00<\x00a\x00>\xd8\x00\x00x\xdc\x00\x00<\x00/\x00a\x00>",
		"\xff\xfe<\x00a\x00>\x00\x00\xd8x\x00\x00\xdc",
		"<!DOCTYPE a [<!ENTITY e \"\xe2\x80\">]><a>&e;\xa8\r\n\x00\xe2\r\x80\xa8</a>",
		"<a b=\"\xe2\">\xe2<c/>\x80\xa8<!-- \xe2 -->\x80</a>",
		"<a>" + strings.Repeat("\xe2\x82\xac", 40),
	}
	opts := [][]xml5.Option{
		nil,
		{xml5.WithRecovery()},
		{xml5.WithCharset("utf-8")},
		{xml5.WithCharset("iso-8859-1")},
		{xml5.WithLimits(xml5.Limits{MaxInputBytes: 64})},
		{xml5.WithRecovery(), xml5.WithLimits(xml5.Limits{MaxInputBytes: 61})},
	}
	texts := 0
	for _, d := range docs {
		for _, o := range opts {
			doc, _ := xml5.Parse(bytes.NewReader([]byte(d)), o...)
			require.NotNil(t, doc)
			var walk func(n *xml5.Node)
			walk = func(n *xml5.Node) {
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					if c.Type == xml5.TextNode {
						texts++
						require.Truef(t, utf8.ValidString(c.Data), "%q: text %q", d, c.Data)
					}
					if c.Type == xml5.ElementNode {
						require.Truef(t, utf8.ValidString(c.ChildTextContent()), "%q", d)
						walk(c)
					}
				}
			}
			if r := doc.Root(); r != nil {
				require.True(t, utf8.ValidString(r.ChildTextContent()))
				walk(r)
			}
		}
	}
	require.Greater(t, texts, len(docs)*len(opts))
}

package xml5

import (
	"bytes"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// FuzzParse checks that no input makes Parse panic, fail, loop or build
// an inconsistent tree. The seed corpus is in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`<rss><channel><title>x</title></channel></rss>`), "")
	f.Add([]byte(`<!DOCTYPE a [<!ENTITY e "<b>&e;</b>">]><a>&e;&copy</a>`), "utf-8")
	// The conformance inputs, read at fuzz time when ../shared is there.
	dats, _ := filepath.Glob(filepath.Join(confDir, "*.dat"))
	for _, path := range dats {
		cases, err := readDat(path)
		if err != nil {
			continue
		}
		for _, c := range cases {
			f.Add([]byte(c.data), "")
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, charset string) {
		lim := Limits{MaxDepth: 500, MaxEntityExpansion: 1 << 16}
		doc, err := Parse(bytes.NewReader(data), WithCharset(charset), WithErrors(), WithLimits(lim))
		if err != nil {
			require.ErrorContains(t, err, "limit", "unexpected error")
		}
		require.NotNil(t, doc, "no document")
		require.NotNil(t, doc.Node, "no document node")
		require.Equal(t, DocumentNode, doc.Node.Type, "no document node")
		checkTree(t, doc.Node)
		checkEncodingErrors(t, doc)
	})
}

// checkEncodingErrors verifies the encoding errors of doc (encerrors.go):
// at most maxEncodingErrors, in order, each at the character its code
// names, at its line and column.
func checkEncodingErrors(t *testing.T, doc *Document) {
	t.Helper()
	n, last := 0, -1
	for _, e := range doc.Errors {
		var ok bool
		r, _ := utf8.DecodeRuneInString(doc.text[e.Offset:])
		switch e.Code {
		case codeInvalidBytes:
			ok = r == utf8.RuneError
		case codeControl:
			ok = r < 0x20 && r != '\t' && r != '\n' && r != '\r'
		case codeNoncharacter:
			ok = r == 0xFFFE || r == 0xFFFF
		default:
			continue
		}
		require.True(t, ok, "%v: %q at offset %d", e, r, e.Offset)
		require.Greater(t, e.Offset, last, "encoding errors in order")
		line, col := doc.Position(e.Offset)
		require.Equal(t, [2]int{line, col}, [2]int{e.Line, e.Column}, "the position of %v", e)
		last = e.Offset
		n++
	}
	require.LessOrEqual(t, n, maxEncodingErrors, "encoding errors")
}

// checkTree verifies the links of the tree under root and that every
// string in it is valid UTF-8.
func checkTree(t *testing.T, root *Node) {
	t.Helper()
	elements := 0
	stack := []*Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range []string{n.Namespace, n.Prefix, n.Local, n.Data, n.PublicID(), n.SystemID()} {
			require.True(t, utf8.ValidString(s), "invalid UTF-8 in %v node: %q", n.Type, s)
		}
		for _, a := range n.Attr {
			require.True(t, utf8.ValidString(a.Local) && utf8.ValidString(a.Value), "invalid UTF-8 in attribute %q=%q", a.Local, a.Value)
		}
		if n.Type == ElementNode && n.Parent == root {
			elements++
		}
		if n.Type == TextNode {
			require.NotEmpty(t, n.Data, "empty text node")
		}
		var prev *Node
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			require.Same(t, n, c.Parent, "broken links")
			require.Same(t, prev, c.PrevSibling, "broken links")
			require.False(t, prev != nil && prev.Type == TextNode && c.Type == TextNode, "adjacent text nodes")
			prev = c
			stack = append(stack, c)
		}
		require.Same(t, prev, n.LastChild, "LastChild is not the last child")
	}
	require.LessOrEqual(t, elements, 1, "root elements")
}

// FuzzParseRecovery checks the same of Parse in recovery mode, whose
// encoding repairs (3, 7, 9 and the detector of 19) rewrite the text
// before the parse: the text is valid UTF-8 whatever they did, and an
// encoding is detected only when no byte order mark or transport label
// gave one. The seeds include unlabelled documents in legacy encodings.
func FuzzParseRecovery(f *testing.F) {
	f.Add([]byte(`<rss><channel><title>x</title></channel></rss>`), "")
	f.Add([]byte("<rss><title>\xc7\xd1\xb1\xdb \xc5\xd8\xbd\xba\xc6\xae \xc7\xd1\xb1\xdb \xc7\xd1\xb1\xdb</title></rss>"), "")                               // EUC-KR
	f.Add([]byte("<rss><title>\xa4\xb3\xa4\xf3\xa4\xcb\xa4\xc1\xa4\xcf \xc6\xfc\xcb\xdc\xb8\xec\xa4\xce\xa5\xc6\xa5\xad\xa5\xb9\xa5\xc8</title></rss>"), "") // EUC-JP
	f.Add([]byte("<rss><title>\xc7\xd8\xbe\xd2\xb9\xd2\xb9\xaa\xd4\xcd\xc1\xb7\xd5\xe8\xa4\xcd\xa1\xc3\xd2\xc2</title></rss>"), "")                          // windows-874
	f.Add([]byte("<rss><title>\xf0\xd2\xc9\xd7\xc5\xd4 \xcb\xc1\xcb \xc4\xc5\xc1 \xce\xc5 \xde\xd4\xcf \xc5\xd3\xd4\xc5</title></rss>"), "")                 // KOI8-R
	f.Add([]byte("<?xml version=\"1.0\" encoding=\"utf-8\"?><r>\xe9\xe8\xe0\xe2\xe7</r>"), "")
	f.Add([]byte("<r>\xc3\xa9\xe2\x80\x94</r>"), "iso-8859-1")
	f.Fuzz(func(t *testing.T, data []byte, charset string) {
		lim := Limits{MaxDepth: 500, MaxEntityExpansion: 1 << 16}
		doc, err := Parse(bytes.NewReader(data), WithCharset(charset), WithRecovery(), WithLimits(lim))
		if err != nil {
			require.ErrorContains(t, err, "limit", "unexpected error")
		}
		require.NotNil(t, doc, "no document")
		require.NotNil(t, doc.Node, "no document node")
		checkTree(t, doc.Node)
		require.True(t, utf8.ValidString(doc.text), "recovery made text that is not UTF-8")
		for _, r := range doc.Repairs {
			if bytes.HasSuffix([]byte(r.Message), []byte("(detected)")) {
				require.False(t, hasBOM(data), "an encoding detected despite a byte order mark: %s", r.Message)
				e, _ := lookupLabel(charset)
				require.Nil(t, e, "an encoding detected despite the transport label %q: %s", charset, r.Message)
			}
		}
	})
}

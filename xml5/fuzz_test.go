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

package xml5

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
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
		if err != nil && !strings.Contains(err.Error(), "limit") {
			t.Fatalf("unexpected error %v", err)
		}
		if doc == nil || doc.Node == nil || doc.Node.Type != DocumentNode {
			t.Fatal("no document node")
		}
		checkTree(t, doc.Node)
	})
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
			if !utf8.ValidString(s) {
				t.Fatalf("invalid UTF-8 in %v node: %q", n.Type, s)
			}
		}
		for _, a := range n.Attr {
			if !utf8.ValidString(a.Local) || !utf8.ValidString(a.Value) {
				t.Fatalf("invalid UTF-8 in attribute %q=%q", a.Local, a.Value)
			}
		}
		if n.Type == ElementNode && n.Parent == root {
			elements++
		}
		if n.Type == TextNode && n.Data == "" {
			t.Fatal("empty text node")
		}
		var prev *Node
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Parent != n || c.PrevSibling != prev {
				t.Fatal("broken links")
			}
			if prev != nil && prev.Type == TextNode && c.Type == TextNode {
				t.Fatal("adjacent text nodes")
			}
			prev = c
			stack = append(stack, c)
		}
		if n.LastChild != prev {
			t.Fatal("LastChild is not the last child")
		}
	}
	if elements > 1 {
		t.Fatalf("%d root elements", elements)
	}
}

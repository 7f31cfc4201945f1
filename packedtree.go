package feedspec

import (
	"encoding/binary"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A packed tree is a fragment's nodes written one after the other in
// document order, in one string, so that a Text of Atom XHTML content in a
// feed parsed WithoutDocument keeps about the size of its serialization
// rather than its tree (an html.Node is 112 bytes of heap; the tree of a
// paragraph of text and links is several times its HTML), and rebuilds the
// tree, exactly, when it is needed.
//
// Each node is its type plus one (a byte, 1–7), its DataAtom (uvarint), its
// Data and Namespace, the number of its attributes (uvarint) and each
// attribute's Namespace, Key and Val, then its children, then a 0 byte. A
// string is its length (uvarint) and its bytes. The fragment node itself
// (the DocumentNode) is not written: the string is its children.

// packTree returns frag's children packed. frag is a DocumentNode.
func packTree(frag *html.Node) string {
	var b []byte
	n := frag.FirstChild
	for n != nil {
		b = appendPackedNode(b, n)
		if n.FirstChild != nil {
			n = n.FirstChild
			continue
		}
		// n has no children: end it, and every ancestor whose last
		// child was just ended, up to the next sibling.
		for {
			b = append(b, 0)
			if n.NextSibling != nil {
				n = n.NextSibling
				break
			}
			if n = n.Parent; n == frag || n == nil {
				n = nil
				break
			}
		}
	}
	return string(b)
}

// appendPackedNode appends n's type, atom, strings and attributes.
func appendPackedNode(b []byte, n *html.Node) []byte {
	b = append(b, byte(n.Type)+1)
	b = binary.AppendUvarint(b, uint64(n.DataAtom))
	b = appendPackedString(b, n.Data)
	b = appendPackedString(b, n.Namespace)
	b = binary.AppendUvarint(b, uint64(len(n.Attr)))
	for _, a := range n.Attr {
		b = appendPackedString(b, a.Namespace)
		b = appendPackedString(b, a.Key)
		b = appendPackedString(b, a.Val)
	}
	return b
}

func appendPackedString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// unpackTree rebuilds the fragment packTree packed in p: a new
// DocumentNode whose children are new nodes, their strings pointing into
// p. p comes from packTree only; unpackTree stops at the first byte it
// cannot read.
func unpackTree(p string) *html.Node {
	frag := &html.Node{Type: html.DocumentNode}
	r := packedReader{p: p}
	parent := frag
	for r.i < len(p) {
		t := p[r.i]
		r.i++
		if t == 0 {
			if parent == frag {
				break
			}
			parent = parent.Parent
			continue
		}
		n := &html.Node{Type: html.NodeType(t - 1)}
		n.DataAtom = atom.Atom(r.uvarint())
		n.Data = r.string()
		n.Namespace = r.string()
		if k := r.uvarint(); k > 0 && k <= uint64(len(p)) {
			n.Attr = make([]html.Attribute, k)
			for i := range n.Attr {
				n.Attr[i] = html.Attribute{Namespace: r.string(), Key: r.string(), Val: r.string()}
			}
		}
		if r.bad {
			break
		}
		parent.AppendChild(n)
		parent = n
	}
	return frag
}

// A packedReader reads a packed tree.
type packedReader struct {
	p   string
	i   int
	bad bool
}

func (r *packedReader) uvarint() uint64 {
	var x uint64
	for shift := uint(0); r.i < len(r.p) && shift < 64; shift += 7 {
		c := r.p[r.i]
		r.i++
		x |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return x
		}
	}
	r.bad = true
	return 0
}

func (r *packedReader) string() string {
	n := r.uvarint()
	if n > uint64(len(r.p)-r.i) {
		r.bad = true
		return ""
	}
	s := r.p[r.i : r.i+int(n)]
	r.i += int(n)
	return s
}

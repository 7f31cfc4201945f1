package xml5

import (
	"strings"
	"sync"
)

// A NodeType is the kind of a Node.
type NodeType uint8

// The kinds of node a parsed document holds.
const (
	// DocumentNode is the root of every tree Parse returns.
	DocumentNode NodeType = iota + 1
	// ElementNode is an element; Namespace, Prefix, Local and Attr describe it.
	ElementNode
	// TextNode is character data (CDATA sections become text and merge with
	// adjacent text); Data holds it.
	TextNode
	// CommentNode is a comment; Data holds its text.
	CommentNode
	// ProcessingInstructionNode is a processing instruction; Local holds its
	// target and Data the rest.
	ProcessingInstructionNode
	// DoctypeNode is a document type declaration; Local holds its name and
	// the PublicID and SystemID methods its identifiers.
	DoctypeNode
)

// String returns the name of the node type, such as "element".
func (t NodeType) String() string {
	switch t {
	case DocumentNode:
		return "document"
	case ElementNode:
		return "element"
	case TextNode:
		return "text"
	case CommentNode:
		return "comment"
	case ProcessingInstructionNode:
		return "processing instruction"
	case DoctypeNode:
		return "doctype"
	}
	return "invalid"
}

// Namespace URIs the parser itself knows about.
const (
	// XMLNamespace is bound to the prefix "xml" in every document.
	XMLNamespace = "http://www.w3.org/XML/1998/namespace"
	// XMLNSNamespace is the namespace of xmlns and xmlns:p attributes.
	XMLNSNamespace = "http://www.w3.org/2000/xmlns/"
)

// An Attr is an attribute of an element.
//
// Namespace is the attribute's namespace URI, or "" for none. An attribute
// without a prefix is in no namespace; an attribute whose prefix is not
// declared is in no namespace too and keeps its qualified name (colon
// included) as Local, with Prefix "".
type Attr struct {
	Namespace string
	Prefix    string
	Local     string
	Value     string
}

// Name returns the attribute's qualified name: "prefix:local", or the local
// name when there is no prefix.
func (a *Attr) Name() string {
	if a.Prefix == "" {
		return a.Local
	}
	return a.Prefix + ":" + a.Local
}

// A Node is a node of a parsed document tree. The tree is linked like
// golang.org/x/net/html's: each node points to its parent, its first and
// last child and its siblings.
//
// For an element, Namespace is the namespace URI ("" for none), Prefix the
// prefix as written ("" for none) and Local the local name. An element whose
// prefix is not declared is in no namespace and keeps its qualified name as
// Local, with Prefix "".
type Node struct {
	Parent, FirstChild, LastChild, PrevSibling, NextSibling *Node

	Type NodeType

	// Namespace, Prefix and Local name an element. Local is also a
	// processing instruction's target and a doctype's name.
	Namespace string
	Prefix    string
	Local     string

	// Data is the text of a text, comment or processing instruction node.
	Data string

	// Attr holds an element's attributes in document order, namespace
	// declarations included. A doctype with external identifiers holds
	// them here as two attributes in no namespace, "publicId" and
	// "systemId" (the DOM's names); read them with PublicID and SystemID.
	Attr []Attr

	// Offset is the byte offset in the decoded input (UTF-8) where the node
	// starts; it is for diagnostics only.
	Offset int
}

// PublicID returns a doctype's public identifier, or "".
//
// The doctype's identifiers were fields of Node; they are kept in Attr so
// that every node of the tree (one per element, text and comment) is 32
// bytes smaller: a Node is 144 bytes.
func (n *Node) PublicID() string {
	if n.Type != DoctypeNode {
		return ""
	}
	v, _ := n.AttrValue("", "publicId")
	return v
}

// SystemID returns a doctype's system identifier, or "".
func (n *Node) SystemID() string {
	if n.Type != DoctypeNode {
		return ""
	}
	v, _ := n.AttrValue("", "systemId")
	return v
}

// QualifiedName returns the element's name as written: "prefix:local", or the
// local name when there is no prefix.
func (n *Node) QualifiedName() string {
	if n.Prefix == "" {
		return n.Local
	}
	return n.Prefix + ":" + n.Local
}

// Is reports whether n is an element with the given namespace URI and local
// name (compared exactly).
func (n *Node) Is(namespace, local string) bool {
	return n.Type == ElementNode && n.Local == local && n.Namespace == namespace
}

// AttrValue returns the value of the attribute with the given namespace URI
// ("" for none) and local name, and whether the element has it.
func (n *Node) AttrValue(namespace, local string) (string, bool) {
	for i := range n.Attr {
		a := &n.Attr[i]
		if a.Local == local && a.Namespace == namespace {
			return a.Value, true
		}
	}
	return "", false
}

// ChildTextContent returns the concatenation of the data of n's Text
// children, in order; descendants' text is not included.
func (n *Node) ChildTextContent() string {
	var only string
	count := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == TextNode {
			if count == 0 {
				only = c.Data
			}
			count++
		}
	}
	if count <= 1 {
		return only
	}
	size := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == TextNode {
			size += len(c.Data)
		}
	}
	// One allocation: the builder's buffer becomes the string.
	var b strings.Builder
	b.Grow(size)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}

// FirstElementChild returns n's first child that is an element, or nil.
func (n *Node) FirstElementChild() *Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == ElementNode {
			return c
		}
	}
	return nil
}

// NextElementSibling returns the first element after n among its siblings,
// or nil.
func (n *Node) NextElementSibling() *Node {
	for c := n.NextSibling; c != nil; c = c.NextSibling {
		if c.Type == ElementNode {
			return c
		}
	}
	return nil
}

// AppendChild adds c as the last child of n. c must not already have a
// parent or siblings.
func (n *Node) AppendChild(c *Node) {
	if c.Parent != nil || c.PrevSibling != nil || c.NextSibling != nil {
		panic("xml5: AppendChild called for an attached child Node")
	}
	last := n.LastChild
	if last != nil {
		last.NextSibling = c
	} else {
		n.FirstChild = c
	}
	n.LastChild = c
	c.Parent = n
	c.PrevSibling = last
}

// RemoveChild removes c, a child of n, from the tree.
func (n *Node) RemoveChild(c *Node) {
	if c.Parent != n {
		panic("xml5: RemoveChild called for a non-child Node")
	}
	if n.FirstChild == c {
		n.FirstChild = c.NextSibling
	}
	if c.NextSibling != nil {
		c.NextSibling.PrevSibling = c.PrevSibling
	}
	if n.LastChild == c {
		n.LastChild = c.PrevSibling
	}
	if c.PrevSibling != nil {
		c.PrevSibling.NextSibling = c.NextSibling
	}
	c.Parent = nil
	c.PrevSibling = nil
	c.NextSibling = nil
}

// A Document is the result of parsing: the document node and what the parser
// learned about the input.
type Document struct {
	// Node is the document node (Type DocumentNode); its children are the
	// doctype, comments, processing instructions and the root element.
	Node *Node

	// URL is the document's URL as the caller gave it (WithURL), or "".
	URL string

	// Encoding is the name (as the WHATWG Encoding Standard spells it, such
	// as "UTF-8" or "windows-1252") of the encoding the input was decoded
	// with.
	Encoding string

	// XMLVersion, XMLEncoding and XMLStandalone are the values of the XML
	// declaration's pseudo-attributes, or "" when absent.
	XMLVersion, XMLEncoding, XMLStandalone string

	// Errors holds the parse errors the parser recovered from and the
	// input's encoding errors, in input order (by Offset), when the caller
	// asked for them (WithErrors); otherwise nil. It holds at most 1,000 of
	// each: past 1,000 parse errors, one of code CodeTooManyErrors stands
	// for the rest, which are dropped.
	Errors []ParseError

	// Repairs lists what WithRecovery changed, in the order it was done:
	// the decoding first, then in input order; nil without WithRecovery.
	Repairs []Repair

	// text is the decoded input (see Position).
	text string
	// mem is the document's own memory, which docmem.Release gives back
	// (reuse.go).
	mem docMemory
	// pos is where the last Position call stopped, so that calls with
	// increasing offsets count lines and characters once in all; posMu
	// guards it.
	posMu sync.Mutex
	pos   positionCursor
}

// Size returns the size in bytes of the decoded input (UTF-8) the tree
// was parsed from.
func (d *Document) Size() int {
	if d == nil {
		return 0
	}
	return len(d.text)
}

// Root returns the document element, or nil when there is none.
func (d *Document) Root() *Node {
	if d == nil || d.Node == nil {
		return nil
	}
	return d.Node.FirstElementChild()
}

// A ParseError is a recoverable error in the input: the parser went on as
// XML5 says, and the tree holds what it recovered.
type ParseError struct {
	Line, Column int    // 1-based position in the decoded input; Column counts characters
	Offset       int    // byte offset in the decoded input
	Code         string // a short identifier, such as "unexpected-eof"
}

// Error returns the error as "line L, column C: code".
func (e ParseError) Error() string {
	return "xml5: line " + itoa(e.Line) + ", column " + itoa(e.Column) + ": " + e.Code
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

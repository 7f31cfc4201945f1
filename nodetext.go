package feedspec

import "golang.org/x/net/html"

// NewNodeText returns a Text whose value is the Node frag, for content that
// a program builds outside a feed (the article module's extracted page
// body, for one) and wants to handle as feed content: frag is an html.Node
// of type html.DocumentNode whose children are the fragment's nodes, laid
// out as documented on Text.
//
// frag is sanitized as feed content is [112]–[113]: every HTML img whose
// width and height attribute values are exactly "1" (a tracking pixel) is
// removed, in place. The Text takes frag over: the caller must not modify
// it afterwards. NewNodeText returns nil when frag is nil or not a
// DocumentNode.
func NewNodeText(frag *html.Node) *Text {
	if frag == nil || frag.Type != html.DocumentNode {
		return nil
	}
	sanitize(frag)
	return nodeText(frag)
}

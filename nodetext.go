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

// StringText returns a Text whose value is the string s, for a feed a
// program builds (see WriteRSS): plain text, never read as HTML. The
// writers write it as text ("<b>" is written as the characters <b>).
func StringText(s string) *Text {
	return stringText(s)
}

// HTMLText returns the Text a feed's escaped HTML content s gives: s is
// parsed as an HTML fragment in a div context and sanitized, as the
// specification's "parse escaped HTML content" [178] does. So it is a Node
// value, or a string value when the fragment is a single text node ("a
// &amp; b" gives the string "a & b"), or nil when the fragment has no
// significant content (only white space, or nothing a reader would see).
// It is the value a reader gets back from an RSS description or an Atom
// text of type html that holds s. The HTML is the caller's, unsanitized:
// SafeHTML (or Feed.Sanitized) makes it safe to display.
func HTMLText(s string) *Text {
	return escapedHTMLText(s)
}

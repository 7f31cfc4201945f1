package feedspec

import "github.com/feedspec/feedspec/xml5"

// Threading (an addition, issue 38): RFC 4685's thr:in-reply-to says which
// resource an entry answers (a comment feed's entry, the post it comments
// on). thr:total is the entry's CommentCount (extensions.go).

// An InReplyTo is a thr:in-reply-to element (RFC 4685 §3). JSON keys ref,
// href, type, source.
type InReplyTo struct {
	// Ref is the ref attribute as written: the id (atom:id) of the entry
	// answered; never "".
	Ref string `json:"ref,omitempty"`
	// Href is the href attribute, parsed: where the entry answered can be
	// read.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	Href string `json:"href,omitempty"`
	// Type is the type attribute (the media type of Href) as written.
	Type string `json:"type,omitempty"`
	// Source is the source attribute, parsed: the feed of the entry
	// answered.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	Source string `json:"source,omitempty"`
}

// processInReplyTo appends the thr:in-reply-to element el to the entry's
// InReplyTo (MaxPerEntry). An element without a ref attribute holding a
// non-space character (RFC 4685: it is required) is left out, with a
// Diagnostic.
func (p *processor) processInReplyTo(entry *Entry, el *xml5.Node) {
	ref, _ := el.AttrValue("", "ref")
	if !hasNonSpaceChar(ref) {
		p.reject(DiagnosticValue, el, "ref", ref, "an in-reply-to without a ref (the id of the entry answered)")
		return
	}
	if !p.room(inEntry, listReplies, el) {
		return
	}
	appendCapped(p, &entry.InReplyTo, el, inEntry, nil, InReplyTo{
		Ref:    ref,
		Href:   p.podcastURL(el, "href"),
		Type:   nonEmptyAttr(el, "type"),
		Source: p.podcastURL(el, "source"),
	})
}

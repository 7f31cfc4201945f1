package opml

import "strings"

// New returns a Document titled title that subscribes to subs, in their
// order, each filed in the folders its Folders names: a folder is an
// outline whose text is the folder's name, made when first named and
// shared by every subscription filed in it (subscriptions with the same
// Folders share one folder; a folder named under two different parents is
// two folders).
//
// Each subscription is an outline of type "rss" (as OPML 2.0 says for
// every feed, whatever its format) whose text and title are its Title,
// whose xmlUrl is its FeedURL and whose htmlUrl is its PageURL (when not
// empty). Characters a URI cannot hold (spaces, "|", "{", non-ASCII...)
// are percent-encoded in the URLs, which names the same resource: the W3C
// validator checks htmlUrl as an RFC 2396 URI. New(title, nil) has one
// outline with an empty text, as OPML 2.0 requires a body to hold an
// outline; it names no feed.
//
// Written with Write, the document is valid OPML 2.0: the W3C Feed
// Validation Service reports no error in it when the subscriptions' URLs
// are absolute URLs (as Subscriptions gives them), but for two values the
// validator's own rules refuse: an htmlUrl whose host is an IPv6 address
// (its brackets are not in the validator's URI syntax), and a title that,
// read as HTML as the validator reads it, holds a link or an image whose
// relative URL has a space or another character a URI cannot hold (New
// writes a title as the text it is). Parsing the document and calling
// Subscriptions gives subs again, with their titles and folder names white
// space collapsed and the URLs as the WHATWG URL Standard serializes them.
func New(title string, subs []Subscription) *Document {
	d := &Document{Title: title}
	type folder struct {
		parent *Outline
		name   string
	}
	folders := map[folder]*Outline{}
	for i := range subs {
		s := &subs[i]
		list, parent := &d.Outlines, (*Outline)(nil)
		for _, name := range s.Folders {
			k := folder{parent, name}
			o := folders[k]
			if o == nil {
				o = &Outline{Text: name}
				*list = push(*list, o)
				folders[k] = o
			}
			list, parent = &o.Children, o
		}
		*list = push(*list, &Outline{Text: s.Title, Title: s.Title, Type: "rss",
			XMLURL: uriEscape(s.FeedURL), HTMLURL: uriEscape(s.PageURL)})
	}
	if len(d.Outlines) == 0 {
		d.Outlines = []*Outline{{}}
	}
	return d
}

// uriAllowed tells the bytes RFC 3986 allows in a URI as they are:
// unreserved and reserved characters and '%', but the brackets, which it
// allows in an IP literal host only.
var uriAllowed = func() (t [256]bool) {
	const allowed = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#@!$&'()*+,;=%"
	for i := range len(allowed) {
		t[allowed[i]] = true
	}
	return t
}()

// uriEscape percent-encodes the bytes of s a URI cannot hold: those not
// in uriAllowed, and brackets outside the authority.
func uriEscape(s string) string {
	authStart, authEnd := -1, -1
	if i := strings.Index(s, "://"); i > 0 {
		authStart = i + 3
		authEnd = len(s)
		if j := strings.IndexAny(s[authStart:], "/?#"); j >= 0 {
			authEnd = authStart + j
		}
	}
	keep := func(i int) bool {
		c := s[i]
		return uriAllowed[c] || (c == '[' || c == ']') && i >= authStart && i < authEnd
	}
	i := 0
	for i < len(s) && keep(i) {
		i++
	}
	if i == len(s) {
		return s
	}
	const hex = "0123456789ABCDEF"
	b := make([]byte, 0, len(s)+16)
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		if keep(i) {
			b = append(b, s[i])
		} else {
			b = append(b, '%', hex[s[i]>>4], hex[s[i]&15])
		}
	}
	return string(b)
}

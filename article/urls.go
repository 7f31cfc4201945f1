package article

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/feedspec/feedspec/internal/weburl"
)

// baseURL returns the document's base URL: the href of its first base
// element that has one, resolved against pageURL, else pageURL (HTML's
// "document base URL"). It returns "" when pageURL is "" or not an absolute
// URL and the base element gives no absolute URL either.
func baseURL(doc *html.Node, pageURL string) string {
	page := ""
	if u, err := weburl.Parse(pageURL, nil); err == nil {
		page = u.Href()
	}
	var base *html.Node
	var find func(*html.Node) bool
	find = func(n *html.Node) bool {
		if n.Type == html.ElementNode && n.DataAtom == atom.Base && n.Namespace == "" && hasAttr(n, "href") {
			base = n
			return true
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if find(c) {
				return true
			}
		}
		return false
	}
	if !find(doc) {
		return page
	}
	href := attr(base, "href")
	if page == "" {
		if u, err := weburl.Parse(href, nil); err == nil {
			return u.Href()
		}
		return ""
	}
	return resolveURL(page, href)
}

// resolveURL resolves ref against base as a browser does; it returns ref
// unchanged when base is "" or ref does not parse.
func resolveURL(base, ref string) string {
	if base == "" {
		return ref
	}
	b, err := weburl.Parse(base, nil)
	if err != nil {
		return ref
	}
	return resolveAgainst(b, ref)
}

// resolveAgainst resolves ref against base, parsed (nil when it did not
// parse); it returns ref unchanged when base is nil or ref does not parse.
// internal/weburl resolves in time linear in ref and the result, whatever
// base's size.
func resolveAgainst(base *weburl.URL, ref string) string {
	if base == nil {
		return ref
	}
	u, err := weburl.Href(ref, base)
	if err != nil {
		return ref
	}
	return u
}

// urlAttrs are the attributes holding one URL.
var urlAttrs = map[string]bool{"href": true, "src": true, "poster": true, "cite": true}

// resolveURLs resolves, against base, the URL attributes of every element
// under n: href, src, poster, cite and each candidate of srcset. size is
// the page's size, for the budget (see a resolver).
func resolveURLs(n *html.Node, base string, size int) {
	if base == "" {
		return
	}
	r := &resolver{max: max(1<<20, size)}
	if b, err := weburl.Parse(base, nil); err == nil {
		r.base = b
	}
	r.resolveURLs(n) // a base that does not parse keeps every URL
}

// A resolver resolves a page's URLs against its base URL (nil for a base
// that does not parse, which keeps every URL as written), within a budget:
// short relative links against a long base would make the page their
// number times the base's size. The bytes resolution adds to the URLs read
// against the base (weburl.ReadsBase) sum to at most max, max(1 MiB, the
// page's size); past it such a URL is kept as written (as one that does
// not parse), and the later ones without being resolved.
type resolver struct {
	base       *weburl.URL
	added, max int
	spent      bool
}

// resolve is resolveAgainst with the budget.
func (r *resolver) resolve(ref string) string {
	if r.base == nil {
		return ref
	}
	reads := weburl.ReadsBase(ref)
	if reads && r.spent {
		return ref
	}
	u := resolveAgainst(r.base, ref)
	if reads && len(u) > len(ref) {
		if r.added+len(u)-len(ref) > r.max {
			r.spent = true
			return ref
		}
		r.added += len(u) - len(ref)
	}
	return u
}

// resolveURLs resolves the URL attributes of the elements under n.
func (r *resolver) resolveURLs(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		for i, a := range c.Attr {
			if a.Namespace != "" {
				continue
			}
			switch {
			case urlAttrs[a.Key]:
				c.Attr[i].Val = r.resolve(strings.TrimSpace(a.Val))
			case a.Key == "srcset":
				c.Attr[i].Val = r.resolveSrcset(a.Val)
			}
		}
		r.resolveURLs(c)
	}
}

// resolveSrcset resolves each image candidate URL of a srcset value, read
// as HTML's srcset parsing does: a URL runs to white space (trailing commas
// end the candidate), and its descriptors run to the next comma.
func (r *resolver) resolveSrcset(v string) string {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
	var out []string
	for i := 0; i < len(v); {
		for i < len(v) && (isSpace(v[i]) || v[i] == ',') {
			i++
		}
		start := i
		for i < len(v) && !isSpace(v[i]) {
			i++
		}
		if start == i {
			break
		}
		u, desc := v[start:i], ""
		if strings.HasSuffix(u, ",") {
			u = strings.TrimRight(u, ",")
		} else {
			dstart := i
			for i < len(v) && v[i] != ',' {
				i++
			}
			desc = strings.Join(strings.Fields(v[dstart:i]), " ")
		}
		cand := r.resolve(u)
		if desc != "" {
			cand += " " + desc
		}
		out = append(out, cand)
	}
	return strings.Join(out, ", ")
}

// attr returns the value of n's attribute key in no namespace ("" when
// absent).
func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

// hasAttr reports whether n has the attribute key in no namespace.
func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return true
		}
	}
	return false
}

// safeMediaURL returns u, in its serialized form, when it is an absolute
// http or https URL (what feedspec.SafeHTML keeps in an img src, data: URLs
// apart), else "".
func safeMediaURL(u string) string {
	p, err := weburl.Parse(u, nil)
	if err != nil {
		return ""
	}
	switch p.Scheme() {
	case "http", "https":
		return p.Href()
	}
	return ""
}

package opml

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	whatwgerrors "github.com/nlnwa/whatwg-url/errors"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/internal/weburl"
)

// A Subscription is a feed an OPML document subscribes to.
type Subscription struct {
	// Title is the outline's title attribute, or its text attribute when
	// the title is empty, with every run of white space (no-break spaces
	// included) made one space and the ends trimmed; "" when both are
	// empty.
	Title string
	// FeedURL is the feed's URL: the outline's xmlUrl (in any spelling;
	// else its url, see the package documentation), resolved against the
	// document's URL and serialized as the WHATWG URL Standard does. It is
	// always an http or https URL.
	FeedURL string
	// PageURL is the outline's htmlUrl, resolved and serialized the same
	// way; "" when absent or not an http or https URL.
	PageURL string
	// Folders is the path of the outlines the feed's outline is in, from
	// the outermost: each one's title or, when it has none, its text, with
	// white space collapsed as in Title; nil for a feed at the top level.
	// It lists at most 32 outlines: a feed nested deeper is listed in the
	// 32nd. Subscriptions that share a path may share the slice's memory.
	Folders []string
}

// maxFolders is the most enclosing outlines Subscription.Folders lists, so
// that Subscriptions' memory stays linear in the document's size however
// deep its outlines nest (each subscription would otherwise copy a path
// as long as the nesting).
const maxFolders = 32

// Subscriptions returns every outline of d that names a feed, flattened, in
// document order: an outline with an xmlUrl attribute (in any spelling), or
// with a url attribute and no type, or a type of rss, atom or feed (in any
// case). A feed listed in two places gives one Subscription for each. An
// outline whose feed URL, resolved against d.URL, is not an http or https
// URL is left out (Parse's WithDiagnostics says why). Outlines inside an
// outline that names a feed are read too: the feed is then one of their
// Folders.
func (d *Document) Subscriptions() []Subscription {
	if d == nil {
		return nil
	}
	// Room for every outline that may name a feed, counted first.
	n := 0
	walk(d.Outlines, func(o *Outline, _ int) {
		if strings.TrimSpace(o.XMLURL) != "" {
			n++
		} else if _, u, ok := urlAttr(o); ok && strings.TrimSpace(u) != "" {
			n++
		}
	}, nil)
	if n == 0 {
		return nil
	}
	subs := make([]Subscription, 0, n)
	r := newResolver(d.URL)
	var (
		path    [maxFolders]string // the names of the outlines the current one is in
		folders []string           // the Folders of the last subscription
		dirty   = true             // path changed since folders was made
		arena   []string           // room for Folders slices
	)
	walk(d.Outlines, func(o *Outline, depth int) {
		if v := r.outline(o); v.feed != "" {
			k := min(depth, maxFolders)
			if dirty || len(folders) != k {
				folders = nil
				if k > 0 {
					if cap(arena)-len(arena) < k {
						arena = make([]string, 0, 1024)
					}
					folders = append(arena[len(arena):len(arena):len(arena)+k], path[:k]...)
					arena = arena[:len(arena)+k]
				}
				dirty = false
			}
			subs = append(subs, Subscription{Title: titleOf(o), FeedURL: v.feed, PageURL: v.page, Folders: folders})
		}
		if len(o.Children) > 0 && depth < maxFolders {
			if t := titleOf(o); t != path[depth] {
				path[depth] = t
				dirty = true
			}
		}
	}, nil)
	if len(subs) == 0 {
		return nil
	}
	return subs
}

// A walkFrame is a list of outlines being walked: the children of owner
// (nil for the top level).
type walkFrame struct {
	list  []*Outline
	i     int
	owner *Outline
}

// walk calls enter for each outline of the tree list is the top of, in
// document order (each before the outlines inside it), with its depth:
// the number of outlines it is in; and, when leave is not nil, leave for
// each outline that has children, after them.
func walk(list []*Outline, enter, leave func(o *Outline, depth int)) {
	var st stack[walkFrame]
	st.push(walkFrame{list: list})
	for st.len() > 0 {
		top := st.top()
		if top.i >= len(top.list) {
			if owner := top.owner; owner != nil {
				st.pop()
				if leave != nil {
					leave(owner, st.len()-1)
				}
			} else {
				st.pop()
			}
			continue
		}
		o := top.list[top.i]
		top.i++
		if o == nil {
			continue
		}
		enter(o, st.len()-1)
		if len(o.Children) > 0 {
			st.push(walkFrame{list: o.Children, owner: o})
		}
	}
}

// titleOf returns the title of a subscription or folder: o's title, else
// its text, white space collapsed.
func titleOf(o *Outline) string {
	if t := collapseSpace(o.Title); t != "" {
		return t
	}
	return collapseSpace(o.Text)
}

// collapseSpace returns s with every run of white space (unicode.IsSpace:
// no-break spaces included) made one space and the ends trimmed. It
// allocates only when that changes s.
func collapseSpace(s string) string {
	clean := true
	prevSpace := true // at the start, a space would be leading
	for i := 0; i < len(s); {
		r, n := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		if unicode.IsSpace(r) {
			if r != ' ' || prevSpace {
				clean = false
				break
			}
			prevSpace = true
		} else {
			prevSpace = false
		}
		i += n
	}
	if clean && !prevSpace || s == "" {
		return s
	}
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

// The feed types: an outline with one of these types (or none) and a url
// attribute names a feed by it.
func isFeedType(t string) bool {
	t = strings.TrimSpace(t)
	return t == "" || strings.EqualFold(t, "rss") || strings.EqualFold(t, "atom") || strings.EqualFold(t, "feed")
}

// urlAttr returns o's url attribute (no namespace, any case), if any.
func urlAttr(o *Outline) (name, value string, ok bool) {
	for _, a := range o.Attrs {
		if a.Namespace == "" && len(a.Name) == 3 && strings.EqualFold(a.Name, "url") {
			return a.Name, a.Value, true
		}
	}
	return "", "", false
}

// A resolver resolves an outline's URLs against the document's URL.
type resolver struct {
	docURL string
	base   *weburl.URL // nil when docURL is "" or not a URL
}

// relativeProbe is a base URL against which a relative reference parses,
// to tell one from a string that is not a URL at all.
var relativeProbe, _ = weburl.Parse("https://relative.invalid/", nil)

func newResolver(docURL string) *resolver {
	r := &resolver{docURL: docURL}
	if docURL != "" {
		if u, err := weburl.Parse(docURL, nil); err == nil {
			r.base = u
		}
	}
	return r
}

// A verdict is what Subscriptions makes of an outline.
type verdict struct {
	// feed and page are the subscription's URLs; feed is "" when the
	// outline is not a subscription.
	feed, page string
	// feedWhy says why an outline that names a feed is left out
	// ("" when it is not): feedAttr is the attribute ("" when there is
	// none) and feedValue its value.
	feedAttr, feedValue, feedWhy string
	// pageWhy says why the page URL was left out.
	pageWhy string
}

// outline returns the verdict on o.
func (r *resolver) outline(o *Outline) verdict {
	var v verdict
	attr, raw := "xmlUrl", o.XMLURL
	if strings.TrimSpace(raw) == "" {
		raw = ""
		if name, value, ok := urlAttr(o); ok && isFeedType(o.Type) && strings.TrimSpace(value) != "" {
			attr, raw = name, value
		}
	}
	if raw == "" {
		if t := strings.TrimSpace(o.Type); t != "" && isFeedType(t) {
			v.feedWhy = "an outline of type " + quoteCut(o.Type) + " without a feed URL"
		}
		return v
	}
	v.feed, v.feedWhy = r.resolve(raw)
	if v.feed == "" {
		v.feedAttr, v.feedValue = attr, raw
		return v
	}
	if strings.TrimSpace(o.HTMLURL) != "" {
		v.page, v.pageWhy = r.resolve(o.HTMLURL)
	}
	return v
}

// resolve returns the http or https URL raw names, resolved against the
// document's URL, or "" and why not.
func (r *resolver) resolve(raw string) (string, string) {
	// An absolute URL is parsed as feedspec parses a feed's URLs: the
	// common ones by its fast path, which allocates nothing, the others by
	// the WHATWG parser.
	if u := (*feedspec.Feed)(nil).ResolveURL(raw); u != "" {
		if strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://") {
			return u, ""
		}
		return "", "not an http or https URL"
	}
	// The WHATWG parser's result, in linear time (internal/weburl: the
	// library builds a long path in time its square).
	u, err := weburl.Parse(raw, r.base)
	if err != nil {
		var le *weburl.LimitError
		if errors.As(err, &le) {
			return "", "not read: it has " + strconv.Itoa(le.N) + " " + le.What + ", more than " +
				strconv.Itoa(weburl.MaxSegments) + " (a limit on file: URLs)"
		}
		if r.base == nil {
			if _, perr := weburl.Parse(raw, relativeProbe); perr == nil {
				if r.docURL == "" {
					return "", "a relative URL, and the document's URL is not known"
				}
				return "", "a relative URL, and the document's URL " + quoteCut(r.docURL) + " is not a URL"
			}
		}
		why := "not a URL"
		if t := whatwgerrors.Type(err); t != "" {
			why += " (" + string(t) + ")"
		}
		return "", why
	}
	switch u.Scheme() {
	case "http", "https":
		return u.Href(), ""
	}
	return "", "not an http or https URL"
}

package websub

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"github.com/feedspec/feedspec"
)

// MaxHubs is the number of hub URLs Discover returns at most: the first
// ones, each once. A publisher names one or two; a header or a feed naming
// thousands gets no more attention than sixteen.
const MaxHubs = 16

// ianaRelPrefix is the IRI prefix under which RFC 4287 (4.2.7.2) makes the
// registered relation names equivalent to themselves:
// "http://www.iana.org/assignments/relation/hub" is "hub".
const ianaRelPrefix = "http://www.iana.org/assignments/relation/"

// Discover returns the hub URLs and the self (topic) URL of a resource, as
// the Recommendation's discovery (section 4) orders them: the response's
// HTTP Link headers first (RFC 8288: every Link header, each link with
// rel="hub" or rel="self" among its relation types), and, for what they
// do not name, the feed's links: its atom:link elements (in an Atom feed,
// or in an RSS channel) with rel "hub" and "self", in document order. Either
// argument may be nil.
//
// The hubs come from the headers when they name at least one, else from
// the feed; the self URL from the headers when they name one, else from
// the feed (its first link with rel "self", else its FeedURL, which is a
// JSON Feed's feed_url). A JSON Feed's "hubs" of type "WebSub" count as its
// hub links when the feed was parsed with its document (Feed.JSONObject;
// not WithoutDocument, so not by a Fetcher without KeepDocument).
//
// A relation type is matched in any case, and also as its IANA IRI
// (http://www.iana.org/assignments/relation/hub). A Link header's target is
// resolved against the URL of res.Request (after redirects); a link with
// an anchor parameter is about another resource and is left out. Only
// absolute http and https URLs are returned, hubs at most MaxHubs and each
// once, in the order found; each mechanism looks at the first 256 links
// naming a hub or a self, no more. self is "" when neither names one: the
// Recommendation then has no topic to subscribe to (a subscriber may still
// try the URL it fetched, which Discover does not invent).
//
// Discover reads the response's headers only, never its body, and fetches
// nothing. The URLs are the publisher's: subscribe through a guarded
// client (a Subscriber with a nil Client is one).
func Discover(res *http.Response, feed *feedspec.Feed) (hubs []string, self string) {
	var d discovery
	if res != nil {
		var base *url.URL
		if res.Request != nil {
			base = res.Request.URL
		}
		for _, v := range res.Header.Values("Link") {
			if d.full() {
				break
			}
			eachLink(v, func(target, rel string) {
				hub, self := relTypes(rel)
				d.add(base, target, hub, self)
			})
		}
	}
	hubs, self = d.hubs, d.self
	if feed == nil {
		return hubs, self
	}
	fromHeader := len(hubs) > 0
	var f discovery
	for _, l := range feed.Links {
		if f.full() {
			break
		}
		hub, self := relTypes(l.Rel)
		f.add(nil, l.Href, hub, self)
	}
	if !fromHeader {
		f.jsonFeedHubs(feed.JSONObject())
	}
	if !fromHeader {
		hubs = f.hubs
	}
	if self == "" {
		self = f.self
		if self == "" {
			self = absoluteHTTP(nil, feed.FeedURL)
		}
	}
	return hubs, self
}

// DiscoverResult is Discover for what a feedspec.Fetcher fetched: the
// result's Header (its Link headers resolved against its URL, the URL after
// redirects) and its Feed. A Fetcher parses WithoutDocument unless
// KeepDocument, so a JSON Feed's hubs are found only with KeepDocument. r
// may be nil.
func DiscoverResult(r *feedspec.FetchResult) (hubs []string, self string) {
	if r == nil {
		return nil, ""
	}
	res := &http.Response{Header: r.Header}
	if u, err := url.Parse(r.URL); err == nil {
		res.Request = &http.Request{URL: u}
	}
	return Discover(res, r.Feed)
}

// maxParsed is how many link targets one discovery mechanism (the Link
// headers, or the feed's links) parses at most: past it, the links that
// follow are not looked at. Each hub written again in other words (or
// the same) is parsed again while fewer than MaxHubs are known, so that
// without it a header of a million such links would cost a million URL
// parses.
const maxParsed = 256

// A discovery collects hub and self URLs.
type discovery struct {
	hubs   []string
	self   string
	parsed int // targets parsed
}

// full reports whether nothing more can be added.
func (d *discovery) full() bool {
	return (len(d.hubs) == MaxHubs && d.self != "") || d.parsed == maxParsed
}

// add adds target (resolved against base) as what its relation types say.
func (d *discovery) add(base *url.URL, target string, hub, self bool) {
	if !(hub && len(d.hubs) < MaxHubs) && !(self && d.self == "") || d.parsed == maxParsed {
		return
	}
	d.parsed++
	u := absoluteHTTP(base, target)
	if u == "" {
		return
	}
	if hub && len(d.hubs) < MaxHubs && !contains(d.hubs, u) {
		d.hubs = append(d.hubs, u)
	}
	if self && d.self == "" {
		d.self = u
	}
}

// jsonFeedHubs adds the hubs of a JSON Feed's "hubs" member (objects with a
// "type" and a "url"), those of type WebSub (in any case).
func (d *discovery) jsonFeedHubs(obj map[string]json.RawMessage) {
	raw, ok := obj["hubs"]
	if !ok {
		return
	}
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) != nil {
		return
	}
	for _, item := range list {
		if len(d.hubs) == MaxHubs {
			return
		}
		var h struct {
			Type any `json:"type"`
			URL  any `json:"url"`
		}
		if json.Unmarshal(item, &h) != nil {
			continue // not an object
		}
		typ, _ := h.Type.(string)
		u, _ := h.URL.(string)
		if strings.EqualFold(strings.TrimSpace(typ), "websub") {
			d.add(nil, u, true, false)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// absoluteHTTP returns ref resolved against base (when not nil) as an
// absolute http or https URL with a host, or "" when it is not one.
func absoluteHTTP(base *url.URL, ref string) string {
	ref = strings.TrimSpace(ref)
	if ref == "" && base == nil {
		return ""
	}
	var u *url.URL
	var err error
	if base != nil {
		u, err = base.Parse(ref)
	} else {
		u, err = url.Parse(ref)
	}
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return ""
	}
	return u.String()
}

// relTypes reports whether the rel value (a list of relation types separated
// by white space) holds "hub" and "self", in any case or as IANA IRIs.
func relTypes(rel string) (hub, self bool) {
	for rel != "" {
		i := strings.IndexAny(rel, " \t\n\r\f")
		t := rel
		if i >= 0 {
			t, rel = rel[:i], rel[i+1:]
		} else {
			rel = ""
		}
		if len(t) > len(ianaRelPrefix) && strings.EqualFold(t[:len(ianaRelPrefix)], ianaRelPrefix) {
			t = t[len(ianaRelPrefix):]
		}
		switch {
		case strings.EqualFold(t, "hub"):
			hub = true
		case strings.EqualFold(t, "self"):
			self = true
		}
	}
	return hub, self
}

// eachLink calls fn with the target and the first rel parameter of each link
// of a Link header value (RFC 8288, section 3):
//
//	Link       = #link-value
//	link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param )
//	link-param = token BWS [ "=" BWS ( token / quoted-string ) ]
//
// A link with an anchor parameter is left out; what does not parse is
// skipped up to the next comma outside a quoted string. It visits each byte
// a bounded number of times and allocates nothing.
func eachLink(v string, fn func(target, rel string)) {
	i := 0
	for i < len(v) {
		i = skipSpaceAndCommas(v, i)
		if i >= len(v) {
			return
		}
		if v[i] != '<' {
			i = skipToComma(v, i)
			continue
		}
		end := strings.IndexByte(v[i+1:], '>')
		if end < 0 {
			return
		}
		target := v[i+1 : i+1+end]
		i += end + 2
		rel, relSeen, anchored := "", false, false
		for {
			i = skipSpace(v, i)
			if i >= len(v) || v[i] != ';' {
				break
			}
			i = skipSpace(v, i+1)
			start := i
			for i < len(v) && isTokenByte(v[i]) {
				i++
			}
			name := v[start:i]
			i = skipSpace(v, i)
			value := ""
			if i < len(v) && v[i] == '=' {
				i = skipSpace(v, i+1)
				value, i = paramValue(v, i)
			}
			switch {
			case strings.EqualFold(name, "rel") && !relSeen:
				// RFC 8288, 3.3: occurrences after the first are ignored.
				rel, relSeen = value, true
			case strings.EqualFold(name, "anchor"):
				anchored = true
			}
		}
		if i < len(v) && v[i] != ',' {
			// Not a parameter: the rest of this link is garbage.
			i = skipToComma(v, i)
		}
		if !anchored {
			fn(target, rel)
		}
	}
}

// paramValue reads a token or a quoted string at v[i:] and returns it (a
// quoted string without its quotes, its escapes left as written) and the
// index after it.
func paramValue(v string, i int) (string, int) {
	if i < len(v) && v[i] == '"' {
		start := i + 1
		for j := start; j < len(v); j++ {
			switch v[j] {
			case '\\':
				j++
			case '"':
				return v[start:j], j + 1
			}
		}
		return v[start:], len(v)
	}
	start := i
	for i < len(v) && v[i] != ';' && v[i] != ',' && v[i] != ' ' && v[i] != '\t' {
		i++
	}
	return v[start:i], i
}

func skipSpace(v string, i int) int {
	for i < len(v) && (v[i] == ' ' || v[i] == '\t') {
		i++
	}
	return i
}

func skipSpaceAndCommas(v string, i int) int {
	for i < len(v) && (v[i] == ' ' || v[i] == '\t' || v[i] == ',') {
		i++
	}
	return i
}

// skipToComma returns the index of the next comma at or after i outside a
// quoted string (or len(v)).
func skipToComma(v string, i int) int {
	quoted := false
	for ; i < len(v); i++ {
		switch c := v[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case c == ',' && !quoted:
			return i
		}
	}
	return i
}

// isTokenByte reports whether c may appear in an HTTP token (RFC 9110, 5.6.2).
func isTokenByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

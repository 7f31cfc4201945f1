package feedspec

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unsafe"

	"golang.org/x/net/html/charset"

	"github.com/feedspec/feedspec/internal/weburl"
)

// A FeedLink is a feed found in an HTML page by DiscoverFeeds.
type FeedLink struct {
	// URL is the feed's absolute URL (http or https).
	URL string
	// Type is the media type the page declares for the feed, lowercased and
	// without parameters ("application/rss+xml", "application/atom+xml",
	// ...); "" when the page does not say (an <a> link, or <link rel=feed>
	// without a type). Only fetching the feed tells its format for sure.
	Type string
	// Title is the link's title attribute (for <link>) or its text (for
	// <a>), white space collapsed; "" when it has none.
	Title string
	// Source is "link" for a <link> element in the page and "a" for an <a>
	// element in its body.
	Source string
}

// feedLinkTypes are the media types that make a <link rel="alternate"> a
// feed link, beyond application/json, which needs a second look.
var feedLinkTypes = map[string]bool{
	"application/rss+xml":    true,
	"application/atom+xml":   true,
	"application/rdf+xml":    true,
	"application/feed+json":  true,
	"application/xml":        true,
	"text/xml":               true,
	"application/x-rss+xml":  true,
	"application/x.atom+xml": true,
	"application/x-atom+xml": true,
}

// DiscoverFeeds returns the feeds an HTML page links to, read from r, the
// page whose URL is pageURL; it does no network access. The page's encoding
// is taken from a byte order mark or a <meta charset> in its first 1024
// bytes (UTF-8 otherwise).
//
// First come the page's <link> elements (those in the body too) in document
// order whose rel attribute, a space-separated list of keywords compared
// ignoring ASCII case, has "alternate" and whose type is a feed type:
// application/rss+xml, application/atom+xml, application/rdf+xml,
// application/feed+json, application/xml, text/xml (and the unregistered
// application/x-rss+xml, application/x-atom+xml, application/x.atom+xml).
// The type application/json counts only when the URL's path or the title
// says "feed" and the path is not under /wp-json/: JSON Feed 1.0 pages used
// it, but WordPress also links its REST API that way. A <link rel="feed">
// counts when it has a feed type or no type.
//
// Then come the <a href> links whose URL looks like a feed: a last path
// segment of feed, rss, rss2, atom or rdf, in lowercase ("/feed/",
// "/blog/rss"; "/wiki/RSS" is rather an article about RSS), or ending
// in .rss, .rdf or .atom, or ending in .xml and naming rss, feed or atom or
// being index.xml ("/rss.xml", "/atom.xml", "/index.xml"), or ending in
// .json and naming feed ("/feed.json"); a Blogger path (/feeds/posts/...);
// a FeedBurner or FeedBlitz address; a query asking for a feed (?feed=rss2,
// ?format=rss, ?format=atom); or, on the same host as the page (ignoring a
// leading "www."), a link whose text or title has the word RSS or Atom or is
// "feed". The page itself is never listed.
//
// URLs are resolved against the first <base href> of the page, itself
// resolved against pageURL; a feed: URL ("feed://host/path",
// "feed:https://host/path") is turned into the http(s) URL it wraps (and an
// <a> to a feed: URL is always a feed link); only
// http and https URLs are kept. A URL already listed (compared in the
// canonical form of CanonicalURL) is not listed again, so a <link> wins over
// an <a> to the same feed.
//
// The page is read as a stream of tokens, not built into a tree: what
// DiscoverFeeds keeps is its <link rel=alternate|feed> and <a href>
// elements. It reads at most MaxDiscoverBytes of r (16 MiB), and allocates
// at most about 4 bytes per byte read, whatever the page's shape (about 6
// for a page that is one enormous link text; see SECURITY.md for a tag
// with thousands of distinct attributes), and a few kilobytes to resolve
// each link that may be a feed (MaxDiscoverCandidates of them at most).
// Where an <a> ends follows the HTML tree construction rules (an unclosed
// or misnested <a> ends where the tree would end it).
//
// pageURL may be "", for a page whose address is not known: relative URLs
// are then resolved only against an absolute <base href>, and skipped
// otherwise. The error is for a pageURL that is not an absolute URL, for
// a failure to read r, and for a limit: a page longer than
// MaxDiscoverBytes (read up to the limit, the feeds among its first
// MaxDiscoverBytes bytes returned) or with more than MaxDiscoverCandidates
// links that may be feeds (the feeds among those links returned); both
// errors wrap ErrLimit. A page with no feeds gives an empty list and no
// error.
//
// ParseResponse (and the Fetcher) read an HTML page served where a feed
// was expected up to their own body limit instead (WithMaxBodySize).
func DiscoverFeeds(r io.Reader, pageURL string) ([]FeedLink, error) {
	return discoverFeeds(r, pageURL, MaxDiscoverBytes)
}

// MaxDiscoverBytes is how much of a page DiscoverFeeds reads: 16 MiB, the
// Fetcher's body limit (DefaultFetchMaxBodySize), far more than a page's
// head, where its feed links are. Past it DiscoverFeeds returns the feeds
// found in the bytes before it and an error wrapping ErrLimit.
const MaxDiscoverBytes = 16 << 20

// discoverFeeds is DiscoverFeeds reading at most maxBytes of r (no limit
// when maxBytes is negative: ParseResponse's page is bounded by its body
// limit).
func discoverFeeds(r io.Reader, pageURL string, maxBytes int64) ([]FeedLink, error) {
	var page *weburl.URL
	if pageURL != "" {
		u, err := weburl.Parse(pageURL, nil)
		if err != nil {
			return nil, errors.New("feedspec: discover feeds: page URL " + quoteCut(pageURL) + " is not an absolute URL: " + urlReason(err))
		}
		page = u
	}
	var limited *discLimitReader
	if maxBytes >= 0 {
		limited = &discLimitReader{r: r, left: maxBytes}
		r = limited
	}
	br := bufio.NewReaderSize(r, 1024)
	head, err := br.Peek(1024)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, fmt.Errorf("feedspec: discover feeds: reading the page: %w", err)
	}
	enc, _, _ := charset.DetermineEncoding(head, "")
	// The page is read as a stream of tokens, never as a tree: the memory
	// it takes follows the links found, not the page (see discscan.go).
	s := newDiscScanner(newEagerEOFReader(enc.NewDecoder().Reader(br)))
	if err := s.run(); err != nil {
		return nil, fmt.Errorf("feedspec: discover feeds: reading the page: %w", err)
	}

	d := &discoverer{page: page, base: page, seen: map[string]bool{}}
	if s.hasBase {
		if u := d.resolve(s.baseHref); u != nil {
			d.base = u
		}
	}
	feeds := []FeedLink{}
	// An element read before, attribute for attribute, gives the same
	// answer again: it is not resolved again (nor copied to strings).
	done := map[string]bool{}
	for raw, ok := s.links.first(); ok; raw, ok = s.links.nextRaw() {
		if done[string(raw)] {
			continue
		}
		if len(done) == MaxDiscoverCandidates {
			return feeds, discoverLimitError()
		}
		done[string(raw)] = true
		l := discParseLink(raw)
		if f, ok := d.fromLink(l.rel, l.href, l.typ, l.title); ok && d.add(f.URL) {
			feeds = append(feeds, f)
		}
	}
	baseFeedish := d.base != nil && feedishRef([]byte(d.base.Href()))
	var key []byte
	for a, ok := s.anchors.first(); ok; a, ok = s.anchors.next() {
		// Most links cannot be feeds: neither their URL (nor the base
		// URL) nor their words say so. They are not resolved.
		if !baseFeedish && !feedishRef(a.href) && !feedWords(a.titleAttr) && !feedWords(a.text) && !feedWords(a.alt) {
			continue
		}
		// The key holds the attributes and the piece's texts, each after
		// its length (discAnchorKey); its string is the map's key and
		// holds the strings fromAnchor gets. A long one (a piece may be as
		// long as the page) is made as a string at once, to its size.
		var ks string
		if n := discAnchorKeyLen(a); n <= 4096 {
			key = discAnchorKey(key[:0], a)
			if done[string(key)] {
				continue
			}
			ks = string(key)
		} else {
			// b is never written again: the string can share its bytes.
			b := discAnchorKey(make([]byte, 0, n), a)
			ks = unsafe.String(unsafe.SliceData(b), len(b))
			if done[ks] {
				continue
			}
		}
		if len(done) == MaxDiscoverCandidates {
			return feeds, discoverLimitError()
		}
		done[ks] = true
		href, rest := discCutString(ks)
		titleAttr, rest := discCutString(rest)
		text, alt := discCutString(rest)
		if f, ok := d.fromAnchor(href, titleAttr, text, alt); ok && d.add(f.URL) {
			feeds = append(feeds, f)
		}
	}
	if limited != nil && limited.over {
		return feeds, discoverBytesError{maxBytes}
	}
	return feeds, nil
}

// discAnchorKey appends to b the key of an <a> (or a copy) for telling
// the same element again: its href, title attribute and text, each after
// its length, and its alt text.
func discAnchorKey(b []byte, a discAnchor) []byte {
	for _, f := range [][]byte{a.href, a.titleAttr, a.text} {
		b = binary.AppendUvarint(b, uint64(len(f)))
		b = append(b, f...)
	}
	return append(b, a.alt...)
}

// discAnchorKeyLen is at least the length of a's key.
func discAnchorKeyLen(a discAnchor) int {
	return 3*binary.MaxVarintLen64 + len(a.href) + len(a.titleAttr) + len(a.text) + len(a.alt)
}

// discCutString is discCut for a string: the uvarint-prefixed field at the
// start of s, and the rest.
func discCutString(s string) (field, rest string) {
	l, n := binary.Uvarint([]byte(s[:min(len(s), binary.MaxVarintLen64)]))
	return s[n : n+int(l)], s[n+int(l):]
}

// A discLimitReader reads at most left bytes of r, then ends as if r
// ended, recording in over whether r had more.
type discLimitReader struct {
	r    io.Reader
	left int64
	over bool
}

func (l *discLimitReader) Read(p []byte) (int, error) {
	if l.left <= 0 {
		if l.over {
			return 0, io.EOF
		}
		// Is there more? One byte tells.
		var one [1]byte
		for range 100 {
			n, err := l.r.Read(one[:])
			if n > 0 {
				l.over = true
				return 0, io.EOF
			}
			if err != nil {
				return 0, err
			}
		}
		return 0, io.ErrNoProgress
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

// An eagerEOFReader fills the buffer of each Read, and returns the end of
// its reader (io.EOF, or an error) with the last bytes rather than on the
// next Read. x/net/html's tokenizer keeps the current token whole in its
// buffer and, each time it has read all it holds, allocates one twice as
// large if the token fills more than half of it. Reads that fill it leave
// it at most twice the size of the longest token (a token that runs to the
// end of the page: an unclosed comment or attribute value, text without
// tags), and allocate about twice that in all; reads of a few kilobytes
// made it grow at half full, and a last read that gave only io.EOF made it
// allocate one more buffer, twice as large, for nothing: 8 bytes per byte
// of such a page.
type eagerEOFReader struct {
	br *bufio.Reader
}

func newEagerEOFReader(r io.Reader) *eagerEOFReader {
	return &eagerEOFReader{br: bufio.NewReaderSize(r, 4096)}
}

func (e *eagerEOFReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		m, err := e.br.Read(p[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	if _, err := e.br.Peek(1); err != nil {
		return n, err
	}
	return n, nil
}

// MaxDiscoverCandidates is how many links that may be feeds DiscoverFeeds
// looks at in a page: the <link rel=alternate|feed> elements and the <a>
// elements whose URL or words could name a feed, each different one
// counted once. Each is resolved as a URL, which costs a few kilobytes,
// far more than the bytes of the link: a page with more (a thousand, where
// a page has a handful) is refused past them.
const MaxDiscoverCandidates = 1000

// discoverLimitError is DiscoverFeeds' error for a page with more than
// MaxDiscoverCandidates links that may be feeds.
func discoverLimitError() error { return discoverLimit{} }

// discoverLimit is the error of discoverLimitError; it wraps ErrLimit.
type discoverLimit struct{}

func (discoverLimit) Error() string {
	return fmt.Sprintf("feedspec: discover feeds: limit reached: the page has more than %d links that may be feeds (MaxDiscoverCandidates); the feeds among the first are returned", MaxDiscoverCandidates)
}

func (discoverLimit) Unwrap() error { return ErrLimit }

// discoverBytesError is DiscoverFeeds' error for a page longer than the
// bytes it reads; it wraps ErrLimit.
type discoverBytesError struct{ limit int64 }

func (e discoverBytesError) Error() string {
	return fmt.Sprintf("feedspec: discover feeds: limit reached: the page is longer than %d bytes (MaxDiscoverBytes); the feeds in its first %d bytes are returned", e.limit, e.limit)
}

func (discoverBytesError) Unwrap() error { return ErrLimit }

// discoverer holds the state of one DiscoverFeeds call.
type discoverer struct {
	page *weburl.URL // nil when the page URL is not known
	base *weburl.URL // the document base URL; nil when not known
	seen map[string]bool
}

// add records u and reports whether it was new.
func (d *discoverer) add(u string) bool {
	key := u
	if c, err := CanonicalURL(u); err == nil {
		key = c
	}
	if d.seen[key] {
		return false
	}
	d.seen[key] = true
	return true
}

// resolve parses ref against the document base URL (or alone when there is
// none), returning nil when that fails.
func (d *discoverer) resolve(ref string) *weburl.URL {
	u, err := weburl.Parse(ref, d.base)
	if err != nil {
		return nil
	}
	return u
}

// feedURL resolves an href to an http(s) URL, unwrapping a feed: URL (and
// then reporting wrapped); nil if it is not one.
func (d *discoverer) feedURL(href string) (u *weburl.URL, wrapped bool) {
	href = strings.TrimFunc(href, func(r rune) bool { return r <= ' ' })
	if len(href) > 5 && strings.EqualFold(href[:5], "feed:") {
		rest := href[5:]
		if strings.HasPrefix(rest, "//") {
			rest = "http:" + rest
		}
		u, err := weburl.Parse(rest, nil)
		if err != nil {
			return nil, false
		}
		if s := u.Scheme(); s != "http" && s != "https" {
			return nil, false
		}
		return u, true
	}
	if href == "" {
		return nil, false
	}
	u = d.resolve(href)
	if u == nil {
		return nil, false
	}
	if s := u.Scheme(); s != "http" && s != "https" {
		return nil, false
	}
	return u, false
}

// fromLink returns the feed a <link> element with these rel, href, type
// and title attributes links to, if it is one.
func (d *discoverer) fromLink(rel, href, typ, titleAttr string) (FeedLink, bool) {
	rels := strings.Fields(strings.ToLower(rel))
	alternate, feedRel := false, false
	for _, r := range rels {
		alternate = alternate || r == "alternate"
		feedRel = feedRel || r == "feed"
	}
	if !alternate && !feedRel {
		return FeedLink{}, false
	}
	u, _ := d.feedURL(href)
	if u == nil {
		return FeedLink{}, false
	}
	typ, _, _ = strings.Cut(typ, ";")
	typ = strings.ToLower(strings.TrimSpace(typ))
	title := plainCollapseSpace(titleAttr)
	ok := feedLinkTypes[typ] || feedRel && typ == ""
	if typ == "application/json" {
		path := strings.ToLower(u.Pathname())
		ok = !strings.Contains(path, "/wp-json/") &&
			(strings.Contains(path, "feed") || strings.Contains(strings.ToLower(title), "feed"))
	}
	if !ok {
		return FeedLink{}, false
	}
	return FeedLink{URL: u.Href(), Type: typ, Title: title, Source: "link"}, true
}

// feedWordRE finds the words that make an <a>'s text name a feed.
var feedWordRE = regexp.MustCompile(`(?i)(^|[^\pL\pN])(rss|atom)([^\pL\pN]|$)`)

// fromAnchor returns the feed an <a> element with these href and title
// attributes, text and alt text (of its first image with one; both white
// space collapsed) links to, if it is one.
func (d *discoverer) fromAnchor(href, titleAttr, text, alt string) (FeedLink, bool) {
	u, wrapped := d.feedURL(href)
	if u == nil {
		return FeedLink{}, false
	}
	if d.page != nil && u.HrefWithoutFragment() == d.page.HrefWithoutFragment() {
		return FeedLink{}, false
	}
	title := text
	if title == "" {
		title = alt
	}
	if title == "" {
		title = plainCollapseSpace(titleAttr)
	}
	ok := wrapped || feedLikeURL(u)
	if !ok && d.page != nil && discSameSite(u.Hostname(), d.page.Hostname()) {
		for _, s := range []string{title, titleAttr} {
			if feedWordRE.MatchString(s) || strings.EqualFold(strings.TrimSpace(s), "feed") {
				ok = true
			}
		}
	}
	if !ok {
		return FeedLink{}, false
	}
	return FeedLink{URL: u.Href(), Title: title, Source: "a"}, true
}

// feedHosts are hosts whose URLs are feeds.
var feedHosts = map[string]bool{
	"feeds.feedburner.com":  true,
	"feeds2.feedburner.com": true,
	"feedproxy.google.com":  true,
	"feeds.feedblitz.com":   true,
}

// feedLikeURL reports whether u's path or query look like a feed's.
func feedLikeURL(u *weburl.URL) bool {
	path := strings.ToLower(u.Pathname())
	if feedHosts[u.Hostname()] && strings.Trim(path, "/") != "" {
		return true
	}
	if strings.Contains(path, "/feeds/posts/") || strings.HasSuffix(path, "/feeds/posts") {
		return true
	}
	seg := strings.TrimRight(u.Pathname(), "/")
	seg = seg[strings.LastIndex(seg, "/")+1:]
	switch seg {
	case "feed", "rss", "rss2", "atom", "rdf":
		// Lowercase as written: "/wiki/RSS" is an article about RSS.
		return true
	}
	seg = strings.ToLower(seg)
	switch {
	case strings.HasSuffix(seg, ".rss"), strings.HasSuffix(seg, ".rdf"), strings.HasSuffix(seg, ".atom"):
		return true
	case strings.HasSuffix(seg, ".xml"):
		return seg == "index.xml" || strings.Contains(seg, "rss") || strings.Contains(seg, "feed") || strings.Contains(seg, "atom")
	case strings.HasSuffix(seg, ".json"):
		return strings.Contains(seg, "feed")
	}
	q := u.SearchParams()
	if q == nil {
		return false
	}
	switch strings.ToLower(q.Get("feed")) {
	case "rss", "rss2", "atom", "rdf":
		return true
	}
	switch strings.ToLower(q.Get("format")) {
	case "rss", "atom", "feed":
		return true
	}
	return false
}

// discSameSite reports whether hosts a and b are the same, ignoring a leading
// "www.".
func discSameSite(a, b string) bool {
	return a != "" && strings.TrimPrefix(a, "www.") == strings.TrimPrefix(b, "www.")
}

// commonFeedPaths are the paths the notes' "Feed Discovery" step 3 lists.
var commonFeedPaths = []string{
	"feed", "rss", "atom.xml", "feed.xml", "rss.xml", "index.xml", "feeds/posts/default",
}

// CommonFeedURLs returns the URLs where sites commonly serve their feeds,
// for a caller to probe when a page links to no feed (the "Feed Discovery"
// step 3 of the feed-format notes): /feed, /rss, /atom.xml, /feed.xml,
// /rss.xml, /index.xml and /feeds/posts/default (Blogger), at the root of
// pageURL's site; then, when the page is below the root, the same names in
// the page's directory ("https://example.com/blog/" or
// "https://example.com/blog" gives "https://example.com/blog/feed", ...; the
// last path segment counts as a file, not a directory, when it has a dot).
// The notes' step 4 (/.well-known/ resources) adds nothing: no well-known
// URI for feeds is registered.
//
// pageURL must be an absolute http or https URL; the error says why not.
func CommonFeedURLs(pageURL string) ([]string, error) {
	u, err := weburl.Parse(pageURL, nil)
	if err != nil {
		return nil, errors.New("feedspec: common feed URLs: " + quoteCut(pageURL) + " is not an absolute URL: " + urlReason(err))
	}
	if s := u.Scheme(); s != "http" && s != "https" {
		return nil, errors.New("feedspec: common feed URLs: " + quoteCut(pageURL) + " is not an http or https URL")
	}
	dirs := []string{"/"}
	dir := u.Pathname()
	if i := strings.LastIndex(dir, "/"); i >= 0 && strings.Contains(dir[i+1:], ".") {
		dir = dir[:i+1]
	}
	if dir = strings.TrimRight(dir, "/") + "/"; dir != "/" {
		dirs = append(dirs, dir)
	}
	var out []string
	for _, dir := range dirs {
		for _, p := range commonFeedPaths {
			r, err := weburl.Parse(dir+p, u)
			if err != nil {
				continue
			}
			out = append(out, r.HrefWithoutFragment())
		}
	}
	return out, nil
}

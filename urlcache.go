package feedspec

import (
	"sync"

	"github.com/feedspec/feedspec/internal/weburl"
)

// The document URL cache. A reader polls the same feeds again and again,
// each time giving WithURL (the Fetcher and ParseResponse always do); the
// URL Standard's parser costs about as much as parsing a small feed, so the
// document's URL is parsed once per distinct URL string and the parsed URL
// shared by every later document with that URL.
//
// Sharing is safe because nothing writes to a document's base URL: a
// weburl.URL is never changed once made (one the WHATWG library parsed has
// its query parameters, which the library builds lazily on the first copy
// it makes of a base, built before weburl returns it).
//
// The cache is bounded: at most docURLCacheSize URLs of at most
// docURLMaxLen bytes each; a new URL when it is full evicts one entry
// (whichever the map gives first), so memory stays bounded however many
// URLs a process sees, and lookups stay O(1).
const (
	docURLCacheSize = 256
	docURLMaxLen    = 2048
)

var docURLCache = struct {
	sync.Mutex
	m map[string]*docURL
}{m: make(map[string]*docURL, docURLCacheSize)}

// A docURL is a parsed document URL and what the fast path of its
// path-absolute references needs (see pathAbsoluteFromOrigin).
type docURL struct {
	u *weburl.URL // nil for a URL that failed to parse
	// origin is "scheme://host" when pathAbsoluteURL can take u as its
	// base (an http(s) URL, no user info, no port, a host simpleHTTPURL
	// keeps as it is), else ""; root is origin + "/". dir is u serialized
	// up to the last "/" of its path when relativeFromDir can take u as
	// its base (see simpleBaseParts), else "".
	origin, root, dir string
}

// parseDocumentURL parses s, a document's URL, with the URL Standard's
// parser, returning nil when it is not a URL. The result is shared: callers
// must not modify it.
func parseDocumentURL(s string) *weburl.URL {
	return documentURL(s).u
}

// documentURL returns the parsed document URL s, from the cache when it
// holds it (see parseDocumentURL). The result is shared: callers must not
// modify it.
func documentURL(s string) *docURL {
	if len(s) > docURLMaxLen {
		return parseDocumentURLNow(s)
	}
	c := &docURLCache
	c.Lock()
	d, ok := c.m[s]
	c.Unlock()
	if ok {
		return d
	}
	d = parseDocumentURLNow(s)
	c.Lock()
	if len(c.m) >= docURLCacheSize {
		for k := range c.m {
			delete(c.m, k)
			break
		}
	}
	c.m[s] = d
	c.Unlock()
	return d
}

// parseDocumentURLNow parses s without the cache.
func parseDocumentURLNow(s string) *docURL {
	u, err := weburl.Parse(s, nil)
	if err != nil || u == nil {
		return &docURL{}
	}
	d := &docURL{u: u}
	_, _, d.dir = simpleBaseParts(u.Href())
	scheme := u.Scheme()
	if scheme != "http" && scheme != "https" || u.Username() != "" || u.Password() != "" || u.Port() != "" || u.Hostname() == "" {
		return d
	}
	// pathAbsoluteURL's test of the base, once: simpleHTTPURL keeps the
	// origin followed by "/" as it is.
	root := scheme + "://" + u.Hostname() + "/"
	if r, ok := simpleHTTPURL(root); ok && r == root {
		d.origin, d.root = root[:len(root)-1], root
	}
	return d
}

package feedspec

import (
	"errors"
	"sort"
	"strconv"
	"strings"

	whatwg "github.com/nlnwa/whatwg-url/url"

	"github.com/feedspec/feedspec/internal/weburl"
)

// trackingParams are the query parameters CanonicalURL removes: the list of
// the notes' "URL Canonicalization" step 5. They are matched ignoring ASCII
// case, after percent-encoding is normalized.
var trackingParams = map[string]bool{
	"utm_source":   true,
	"utm_medium":   true,
	"utm_campaign": true,
	"utm_content":  true,
	"utm_term":     true,
	"ref":          true,
	"source":       true,
	"fbclid":       true,
	"gclid":        true,
	"mc_cid":       true,
	"mc_eid":       true,
}

// CanonicalURL returns a canonical form of the absolute URL raw, so that two
// URLs naming the same article compare equal as strings (for de-duplicating
// entries across feeds and fetches). It is not meant for fetching: removing
// parameters can change what a server returns.
//
// raw is parsed with the WHATWG URL parser, which already lowercases the
// scheme and a special URL's host, converts an internationalized host to
// ASCII (punycode), drops the default port of a special scheme (80 for http
// and ws, 443 for https and wss, 21 for ftp), resolves "." and ".." segments
// and percent-encodes what must be encoded. Then the steps of the "URL
// Canonicalization" section of the feed-format notes are applied:
//
//  1. the scheme and host are lowercased (for a non-special URL the parser
//     keeps the host's case, so it is lowercased here);
//  2. a default port is removed (done by the parser);
//  3. trailing slashes are removed from the path unless the path is "/"
//     ("/a/b/" becomes "/a/b", "//" becomes "/"); an opaque path such as
//     that of a mailto: URL is left alone;
//  4. query parameters are sorted by name (a stable sort: parameters with
//     the same name keep their order, since that order can matter); empty
//     parameters ("a=1&&b=2") and an empty query ("?") are removed;
//  5. the tracking parameters utm_source, utm_medium, utm_campaign,
//     utm_content, utm_term, ref, source, fbclid, gclid, mc_cid and mc_eid
//     are removed (names compared ignoring ASCII case);
//  6. percent-encoding that need not be there is decoded in the path and
//     query: "%41" becomes "A"; only the unreserved characters of RFC 3986
//     (letters, digits, "-", ".", "_", "~") are decoded, since decoding
//     anything else could change the URL's meaning, and the hex digits of
//     the escapes that remain are uppercased ("%2f" becomes "%2F");
//  7. the fragment is removed, unless it is a single-page-app route: a
//     fragment starting with "!" (a "#!" hash-bang) or "/" ("#/route") is
//     kept.
//
// The error says why raw is not an absolute URL the parser accepts (a
// relative reference such as "/a" is an error: there is nothing to resolve
// it against).
//
// A URL with more than 64 slashes (or backslashes) before its query or
// fragment, as given or once parsed, is refused with an error wrapping
// ErrLimit. No URL of the project's corpus of real feeds has more than 15.
// (The URL library's serialization of so many path segments cost the
// square of the URL's length; the parse is now linear, and the limit stays
// so that CanonicalURL's results do not change.)
//
// CanonicalURL is for comparing URLs, not for deciding that one is safe:
// it keeps any scheme (javascript: included); pass what you display
// through SafeURL.
func CanonicalURL(raw string) (string, error) {
	if n := pathSlashes(raw); n > maxCanonicalSlashes {
		return "", slashesError(raw, n, "")
	}
	u, err := weburl.Parse(raw, nil)
	if err != nil {
		return "", &wrapError{msg: "feedspec: canonical URL: cannot parse " + quoteCut(raw) + ": " + urlReason(err), errs: []error{err}}
	}
	if u.FromLibrary() {
		return canonicalLibraryURL(raw)
	}
	// The steps on the parts of the URL's serialization, as the URL
	// library's setters would give them: its parser left nothing in them
	// that the setters' parsers change (canonicalLibraryURL's result,
	// TestCanonicalURLAgreesWithLibrary), and its userinfo and opaque host
	// cost the library the square of their length.
	origin, path, query, fragment := u.Parts()

	// Step 1: lowercase an opaque host (special hosts already are).
	if h := u.Hostname(); h != "" && !u.Special() && h != strings.ToLower(h) {
		origin, _ = strings.CutSuffix(origin, h+portSuffix(u.Port()))
		origin += strings.ToLower(h) + portSuffix(u.Port())
	}

	// Steps 3 and 6 on the path.
	if !u.OpaquePath() {
		path = strings.TrimRight(normalizePercent(path), "/")
		if path == "" {
			path = "/"
		}
	}
	if !u.HasHost() && strings.HasPrefix(path, "//") {
		path = "/." + path // the serializer's, for a path without a host
	}

	// Steps 4, 5 and 6 on the query.
	if query != "" {
		if q := canonicalQuery(query[1:]); q != "" {
			query = "?" + q
		} else {
			query = ""
		}
	}

	// Step 7: the fragment.
	if !strings.HasPrefix(fragment, "#!") && !strings.HasPrefix(fragment, "#/") {
		fragment = ""
	}
	if u.OpaquePath() && query == "" && fragment == "" {
		// The library's setters strip an opaque path's trailing spaces
		// once there is no query and no fragment.
		path = strings.TrimRight(path, " ")
	}
	out := origin + path + query + fragment
	if n := pathSlashes(out); n > maxCanonicalSlashes {
		// The parser added slashes ("file:/a" is "file:///a"): refused as
		// its result would be, so that CanonicalURL of a result it gives
		// is that result.
		return "", slashesError(raw, n, " once parsed")
	}
	return out, nil
}

// portSuffix is ":" and port, or "" without one.
func portSuffix(port string) string {
	if port == "" {
		return ""
	}
	return ":" + port
}

// canonicalLibraryURL is CanonicalURL with the URL library's parser and
// setters, for a file: URL (which has no userinfo, a special host, and at
// most maxCanonicalSlashes path segments here).
func canonicalLibraryURL(raw string) (string, error) {
	u, err := whatwg.Parse(raw)
	if err != nil {
		return "", &wrapError{msg: "feedspec: canonical URL: cannot parse " + quoteCut(raw) + ": " + urlReason(err), errs: []error{err}}
	}
	if u == nil {
		return "", errors.New("feedspec: canonical URL: cannot parse " + quoteCut(raw))
	}

	// Step 1: lowercase an opaque host (special hosts already are).
	if h := u.Hostname(); h != "" && !u.IsSpecialScheme() && h != strings.ToLower(h) {
		u.SetHostname(strings.ToLower(h))
	}

	// Steps 3 and 6 on the path.
	if !u.OpaquePath() {
		path := u.Pathname()
		p := normalizePercent(path)
		p = strings.TrimRight(p, "/")
		if p == "" {
			p = "/"
		}
		if p != path {
			u.SetPathname(p)
		}
	}

	// Steps 4, 5 and 6 on the query.
	if q := u.Query(); q != "" || strings.Contains(u.Href(true), "?") {
		if q = canonicalQuery(q); q != "" {
			q = "?" + q // SetSearch drops one leading "?"
		}
		u.SetSearch(q)
	}

	// Step 7: the fragment.
	if f := u.Fragment(); !strings.HasPrefix(f, "!") && !strings.HasPrefix(f, "/") {
		u.SetHash("")
	}
	out := u.Href(false)
	if n := pathSlashes(out); n > maxCanonicalSlashes {
		return "", slashesError(raw, n, " once parsed")
	}
	return out, nil
}

// slashesError is CanonicalURL's error for raw, which has n slashes (when
// parsed, with how " once parsed"), more than maxCanonicalSlashes.
func slashesError(raw string, n int, how string) error {
	return &wrapError{
		msg:  "feedspec: canonical URL: limit reached: " + quoteCut(raw) + " has " + strconv.Itoa(n) + " slashes before its query" + how + ", more than " + strconv.Itoa(maxCanonicalSlashes),
		errs: []error{ErrLimit},
	}
}

// maxCanonicalSlashes is the most slashes (and backslashes) CanonicalURL
// accepts before a URL's query or fragment. The URL library's
// serialization of a path costs, in bytes copied, about the number of its
// segments times the URL's length, so a URL of many segments cost the
// square of its length (20 KB of "a/" took 100 MB); CanonicalURL now reads
// a URL through internal/weburl, linear, but for a file: URL, which the
// library still serializes (at most 64 segments: linear). The URLs of the
// project's corpus have at most 15.
const maxCanonicalSlashes = 64

// pathSlashes returns the number of slashes and backslashes in raw before
// its first "?" or "#": at least the number of path segments the URL
// parser makes of it.
func pathSlashes(raw string) int {
	if i := strings.IndexAny(raw, "?#"); i >= 0 {
		raw = raw[:i]
	}
	return strings.Count(raw, "/") + strings.Count(raw, `\`)
}

// canonicalQuery applies steps 4, 5 and 6 of CanonicalURL to a query (without
// its "?"), returning "" when no parameter is left.
func canonicalQuery(q string) string {
	type param struct{ name, pair string }
	split := strings.Split(q, "&")
	params := make([]param, 0, len(split)) // allocated once: append's growth of a long list costs 5 times its size
	for _, pair := range split {
		if pair == "" {
			continue
		}
		pair = normalizePercent(pair)
		name, _, _ := strings.Cut(pair, "=")
		if trackingParams[strings.ToLower(name)] {
			continue
		}
		params = append(params, param{name, pair})
	}
	sort.SliceStable(params, func(i, j int) bool { return params[i].name < params[j].name })
	pairs := make([]string, len(params))
	for i, p := range params {
		pairs[i] = p.pair
	}
	return strings.Join(pairs, "&")
}

// normalizePercent decodes the percent-escapes of unreserved characters
// (RFC 3986 section 2.3) in s and uppercases the hex digits of the others. A
// "%" not followed by two hex digits is left as it is, and so is an escape
// that decoded would complete it (see completesEscape).
func normalizePercent(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '%' || i+2 >= len(s) || !canonIsHex(s[i+1]) || !canonIsHex(s[i+2]) {
			b.WriteByte(c)
			continue
		}
		v := canonUnhex(s[i+1])<<4 | canonUnhex(s[i+2])
		if canonIsUnreserved(v) && !completesEscape(b.String(), v) {
			b.WriteByte(v)
		} else {
			b.WriteByte('%')
			b.WriteString(strings.ToUpper(s[i+1 : i+3]))
		}
		i += 2
	}
	return b.String()
}

// completesEscape reports whether writing the hex digit c after out would
// turn a "%" left as it is into an escape ("%7" followed by a decoded "A"
// reads "%7A" the next time): such a character stays escaped, so that
// normalizing twice gives what normalizing once gave.
func completesEscape(out string, c byte) bool {
	if !canonIsHex(c) {
		return false
	}
	n := len(out)
	return n >= 1 && out[n-1] == '%' || n >= 2 && out[n-2] == '%' && canonIsHex(out[n-1])
}

func canonIsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func canonUnhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

// canonIsUnreserved reports whether c is an unreserved character of RFC 3986.
func canonIsUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

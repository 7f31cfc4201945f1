// Package weburl parses URLs as the URL Standard's basic URL parser does,
// with the same result as github.com/nlnwa/whatwg-url (the parser feedspec
// uses), in time and memory linear in the input.
//
// The library builds a URL's path one segment at a time and serializes it
// by appending each segment to the string built so far, so that the
// serialization of a URL of k path segments copies about k times its
// length: 20 KB of "a/" allocated 106 MB. It builds a userinfo and an
// opaque host the same way, one code point at a time (20 KB of userinfo:
// 423 MB). A parse against a base URL also starts by copying the base (its
// path segments and query parameters), so resolving many references
// against one long base costs the base's size for each.
//
// Parse reads itself every URL but file: ones: those of the special
// schemes http, https, ws, wss and ftp, of the other schemes (with an
// authority, a path or an opaque path: mailto:, data:, urn: ...), and any
// reference without a scheme against such a base URL. It follows the URL
// Standard's states (the authority, the path state with its dot segments,
// "%2e" and a special URL's backslashes, the query and the fragment) and
// percent-encodes with the library's own percent-encode sets. The library
// parses only the host of a special URL when it is not plain lower-case
// ASCII labels (IDNA, IPv4, IPv6: linear), and file: URLs and references
// against a file: base, which are refused with a LimitError (wrapping
// xml5.ErrLimit) when they would have more than MaxSegments path segments,
// or when they need a base URL whose query holds more than MaxSegments
// parameters (the copy the library makes of the base).
//
// FuzzParse compares Parse with the library's parse, byte for byte, on
// every input the library parses affordably.
//
// The root package and the article module import it: change its API only
// compatibly.
package weburl

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	whatwgerrors "github.com/nlnwa/whatwg-url/errors"
	whatwgurl "github.com/nlnwa/whatwg-url/url"

	"github.com/feedspec/feedspec/xml5"
)

// MaxSegments is the most path segments (counted as the slashes and
// backslashes of the input and of its base URL's path) of a URL the
// library parses (a file: URL), and the most query parameters of a base
// URL it is given.
// The library's serialization of a path copies about the number of its
// segments times its length, and every parse against a base copies the
// base's segments and parameters: with at most 64, both are linear. No URL
// of the project's corpus of real feeds has more than 15 slashes.
const MaxSegments = 64

// parser is the library's parser with its default options, which are the
// URL Standard's.
var parser = whatwgurl.NewParser()

// A URL is a parsed URL: its serialization and the offsets of its parts.
// The zero URL is not a URL; a URL is never changed once made, so it may be
// shared.
type URL struct {
	href   string
	scheme string // lower case
	// The parts of a URL Parse read itself (lib == nil). href is the
	// origin (scheme://userinfo@host:port, or scheme: without a host) up
	// to originEnd, then the path from pathStart ("/." between them for a
	// URL without a host whose path starts with an empty segment) to
	// pathEnd, the query ("?..." or "") to queryEnd, the fragment ("#..."
	// or "") to the end.
	username, password, hostname, port      string
	originEnd, pathStart, pathEnd, queryEnd int
	special                                 bool // http, https, ws, wss or ftp
	hasHost                                 bool // a host, maybe empty ("x://")
	opaque                                  bool // an opaque path (mailto:a, data:...)
	// lib is the library's URL for the URLs it parsed (nil for the
	// others), with segs the bound on its path segments that Parse
	// checked and params its query's parameters (one more than its "&").
	lib          *whatwgurl.Url
	segs, params int
}

// Href returns the URL's serialization (the URL Standard's "URL
// serializer", the library's Href(false)).
func (u *URL) Href() string { return u.href }

// HrefWithoutFragment returns the URL's serialization without its fragment
// (the library's Href(true)).
func (u *URL) HrefWithoutFragment() string {
	if u.lib != nil {
		return u.lib.Href(true) // at most MaxSegments segments
	}
	return u.href[:u.queryEnd]
}

// SearchParams returns the URL's query parameters as the library reads
// them (nil in the unexpected case that the library does not parse the
// URL's serialization again).
func (u *URL) SearchParams() *whatwgurl.SearchParams {
	if u.lib != nil {
		return u.lib.SearchParams()
	}
	p, err := parser.Parse(u.href) // linear: its path is not serialized
	if err != nil {
		return nil
	}
	return p.SearchParams()
}

// Scheme returns the URL's scheme, in lower case, without its ":".
func (u *URL) Scheme() string { return u.scheme }

// Hostname returns the URL's host, serialized ("" when it has none).
func (u *URL) Hostname() string {
	if u.lib != nil {
		return u.lib.Hostname()
	}
	return u.hostname
}

// Port returns the URL's port ("" when it has none or the scheme's default).
func (u *URL) Port() string {
	if u.lib != nil {
		return u.lib.Port()
	}
	return u.port
}

// Username returns the URL's username, percent-encoded.
func (u *URL) Username() string {
	if u.lib != nil {
		return u.lib.Username()
	}
	return u.username
}

// Password returns the URL's password, percent-encoded.
func (u *URL) Password() string {
	if u.lib != nil {
		return u.lib.Password()
	}
	return u.password
}

// Pathname returns the URL's path, serialized (the library's Pathname).
func (u *URL) Pathname() string {
	if u.lib != nil {
		return u.lib.Pathname() // at most MaxSegments segments
	}
	return u.href[u.pathStart:u.pathEnd]
}

// Query returns the URL's query without its "?" ("" when it has none or
// an empty one, as the library's Query).
func (u *URL) Query() string {
	if u.lib != nil {
		return u.lib.Query()
	}
	if u.queryEnd > u.pathEnd {
		return u.href[u.pathEnd+1 : u.queryEnd]
	}
	return ""
}

// OpaquePath reports whether the URL has an opaque path (mailto:a, data:...).
func (u *URL) OpaquePath() bool { return u.opaque }

// Special reports whether the URL's scheme is special and not file (http,
// https, ws, wss, ftp).
func (u *URL) Special() bool { return u.special }

// HasHost reports whether the URL has a host (maybe empty, "x://"): a
// special URL always does, a URL of another scheme when "//" follows it.
func (u *URL) HasHost() bool { return u.hasHost || u.lib != nil }

// FromLibrary reports whether the library parsed the URL (a file: URL, or
// a reference against one): Parts is then not known.
func (u *URL) FromLibrary() bool { return u.lib != nil }

// Parts returns the serialization's parts: the origin
// (scheme://userinfo@host:port, or scheme: without a host), the path, the
// query with its "?" ("" when there is none; "?" for an empty one) and the
// fragment with its "#". They make the serialization whole but for a URL
// without a host whose path starts with an empty segment ("//"), which
// the serializer writes with "/." before its path. For a URL the library
// parsed, all is in origin.
func (u *URL) Parts() (origin, path, query, fragment string) {
	if u.lib != nil {
		return u.href, "", "", ""
	}
	return u.href[:u.originEnd], u.href[u.pathStart:u.pathEnd], u.href[u.pathEnd:u.queryEnd], u.href[u.queryEnd:]
}

// errNotURL is the error for a library parse that gave no URL and no
// error.
var errNotURL = errors.New("weburl: not a URL")

// A LimitError is Parse's error for a URL that would cost the library
// more than MaxSegments segments or parameters. It wraps xml5.ErrLimit.
type LimitError struct {
	// What is "path segments" or "base URL query parameters", N their
	// number.
	What string
	N    int
}

func (e *LimitError) Error() string {
	return "weburl: limit reached: " + strconv.Itoa(e.N) + " " + e.What + ", more than " + strconv.Itoa(MaxSegments)
}

// Unwrap returns xml5.ErrLimit.
func (e *LimitError) Unwrap() error { return xml5.ErrLimit }

// Parse parses s against base (nil for none) as the URL Standard's basic
// URL parser does, with the library's result: its serialization, or an
// error when s is not a URL. An error from the library is the library's
// (its Type the same as a parse of s would give; when it comes from the
// authority, the URL it names is the authority's). A URL that would cost
// the library more than MaxSegments gives a *LimitError.
func Parse(s string, base *URL) (*URL, error) {
	u := new(URL)
	if err := parse(u, s, base); err != nil {
		return nil, err
	}
	return u, nil
}

// Href is Parse's serialization alone, without making a URL for it.
func Href(s string, base *URL) (string, error) {
	var u URL
	if err := parse(&u, s, base); err != nil {
		return "", err
	}
	return u.href, nil
}

// parse is Parse, filling u.
func parse(u *URL, s string, base *URL) error {
	s = clean(s)
	if n := schemeEnd(s); n > 0 {
		scheme, rest := lowerASCII(s[:n]), s[n+1:]
		switch {
		case linearScheme(scheme):
			if base != nil && base.lib == nil && base.scheme == scheme {
				// The special relative or authority state: what
				// follows the scheme is read against base as a
				// reference.
				return relative(u, rest, base)
			}
			return u.absolute(scheme, true, rest)
		case scheme == "file":
			return fromLibrary(u, s, scheme, base)
		case strings.HasPrefix(rest, "//"):
			// The path or authority state, then the authority state.
			return u.absolute(scheme, false, rest[2:])
		case strings.HasPrefix(rest, "/"):
			// The path or authority state, then the path state: no host.
			u.scheme = scheme
			u.build(scheme+":", "", "", true, rest[1:])
			return nil
		}
		u.setOpaque(scheme, rest)
		return nil
	}
	switch {
	case base == nil:
		return noScheme(s)
	case base.lib != nil:
		return fromLibrary(u, s, "", base)
	case base.opaque:
		// Only a fragment can be read against an opaque path.
		if !strings.HasPrefix(s, "#") {
			return noScheme(s)
		}
		*u = *base
		u.build("", base.href[:base.queryEnd], "", false, s)
		u.originEnd, u.pathStart, u.pathEnd, u.queryEnd = base.originEnd, base.pathStart, base.pathEnd, base.queryEnd
		return nil
	}
	return relative(u, s, base)
}

// setOpaque sets u to the URL of scheme, a scheme that is not special,
// whose rest does not start with a slash: an opaque path (its C0 controls
// and the code points beyond "~" percent-encoded), then a query and a
// fragment as build writes them (the query with the set of a URL that is
// not special).
func (u *URL) setOpaque(scheme, rest string) {
	u.scheme, u.opaque = scheme, true
	u.originEnd = len(scheme) + 1
	k := 0
	for k < len(rest) && rest[k] != '?' && rest[k] != '#' {
		k++
	}
	b := make([]byte, 0, len(scheme)+1+encodedLen(rest[:k], &c0Set)+restLen(rest[k:], &querySet))
	b = append(b, scheme...)
	b = append(b, ':')
	b = appendEncoded(b, rest[:k], &c0Set)
	u.finish(b, len(scheme)+1, len(b), rest[k:], &querySet)
}

// linearScheme reports whether Parse reads URLs of scheme itself: the
// special schemes but file, whose URLs always have a host.
func linearScheme(scheme string) bool {
	switch scheme {
	case "http", "https", "ws", "wss", "ftp":
		return true
	}
	return false
}

// noScheme returns the library's error for s, a string without a scheme
// parsed without a base or against an opaque path (and not a fragment).
func noScheme(s string) error {
	return whatwgerrors.Error(whatwgerrors.MissingSchemeNonRelativeURL, s, true)
}

// ReadsBase reports whether the URL parser may read text against the base
// URL: text has no scheme, or a special scheme not followed by two
// slashes (or backslashes), which is read as a reference against a base
// of that scheme. Another URL gives the same result against any base as
// alone (TestReadsBase). A resolution budget (the bytes a base adds to
// the URLs read against it) counts the URLs it reports.
func ReadsBase(text string) bool {
	s := TrimC0Space(text)
	// The scheme, as hasScheme reads it, in lower case when it may be
	// special (at most 5 letters).
	var scheme [5]byte
	n, i := 0, 0
	for ; i < len(s) && s[i] != ':'; i++ {
		switch c := s[i]; {
		case c == '\t' || c == '\n' || c == '\r':
		case isAlpha(c) || n > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
			if n < len(scheme) {
				scheme[n] = c | 0x20
			}
			n++
		default:
			return true // no scheme
		}
	}
	if i == len(s) || n == 0 {
		return true // no scheme
	}
	if n > len(scheme) {
		return false // not special
	}
	switch string(scheme[:n]) {
	case "http", "https", "ws", "wss", "ftp", "file":
	default:
		return false
	}
	slashes := 0
	for _, c := range []byte(s[i+1:]) {
		switch {
		case c == '\t' || c == '\n' || c == '\r':
		case c == '/' || c == '\\':
			if slashes++; slashes == 2 {
				return false
			}
		default:
			return true
		}
	}
	return true
}

// TrimC0Space returns s without its leading and trailing C0 controls and
// spaces (bytes up to 0x20), as the URL parser strips them.
func TrimC0Space(s string) string {
	for s != "" && s[0] <= ' ' {
		s = s[1:]
	}
	for s != "" && s[len(s)-1] <= ' ' {
		s = s[:len(s)-1]
	}
	return s
}

// clean returns s as the parser reads it: without its leading and trailing
// C0 controls and spaces, and without any tab, LF or CR.
func clean(s string) string {
	s = TrimC0Space(s)
	if strings.IndexByte(s, '\t') < 0 && strings.IndexByte(s, '\n') < 0 && strings.IndexByte(s, '\r') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '\t' && c != '\n' && c != '\r' {
			b = append(b, c)
		}
	}
	return string(b)
}

// schemeEnd returns the index of the ":" that ends s's scheme (an ASCII
// letter, then letters, digits, "+", "-" and "."), or -1 when s does not
// start with a scheme.
func schemeEnd(s string) int {
	if s == "" || !isAlpha(s[0]) {
		return -1
	}
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == ':':
			return i
		case isAlpha(c) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.':
		default:
			return -1
		}
	}
	return -1
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// lowerASCII returns s with its ASCII upper-case letters in lower case.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}

// isSep reports whether c ends a path segment of a special URL.
func isSep(c byte) bool { return c == '/' || c == '\\' }

// sep reports whether c ends a path segment of the URL: a slash, or a
// backslash too in a special URL.
func (u *URL) sep(c byte) bool { return c == '/' || c == '\\' && u.special }

// absolute reads rest, what follows "scheme:" in a special URL (the
// slashes and backslashes the parser skips first), or what follows
// "scheme://" in a URL of another scheme: the authority (up to a slash, a
// backslash in a special URL, "?" or "#"), then the path start state.
func (u *URL) absolute(scheme string, special bool, rest string) error {
	u.scheme, u.special, u.hasHost = scheme, special, true
	i := 0
	for special && i < len(rest) && isSep(rest[i]) {
		i++
	}
	j := i
	for j < len(rest) && !u.sep(rest[j]) && rest[j] != '?' && rest[j] != '#' {
		j++
	}
	if err := u.setAuthority(rest[i:j]); err != nil {
		return err
	}
	rest = rest[j:]
	// The path start state: a special URL always has a path, another
	// one only when a slash follows.
	inPath := special || rest != "" && rest[0] == '/'
	if rest != "" && u.sep(rest[0]) {
		rest = rest[1:]
	}
	host := u.hostname
	if u.port != "" {
		host += ":" + u.port
	}
	u.build(u.authorityHead(), host, "", inPath, rest)
	return nil
}

// authorityHead returns "scheme://" and the userinfo ("user:password@",
// "user@" or ""), which the host follows in the serialization.
func (u *URL) authorityHead() string {
	switch {
	case u.password != "":
		return u.scheme + "://" + u.username + ":" + u.password + "@"
	case u.username != "":
		return u.scheme + "://" + u.username + "@"
	}
	return u.scheme + "://"
}

// setAuthority sets u's username, password, hostname and port from auth,
// the authority of u, whose scheme is set.
//
// The authority state reads the userinfo up to the last "@" (the first ":"
// separating the username from the password, every other "@" and ":"
// percent-encoded); the host state reads the rest up to a ":" outside
// brackets (setHost), then the port state the digits of the port, which
// a special scheme's default port leaves out. The library's authority
// state builds the userinfo one code point at a time, by appending to the
// string built so far: this one is linear.
func (u *URL) setAuthority(auth string) error {
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		if at == len(auth)-1 {
			return whatwgerrors.Error(whatwgerrors.InvalidCredentials, auth, true)
		}
		info := auth[:at]
		name, pass := info, ""
		if c := strings.IndexByte(info, ':'); c >= 0 {
			name, pass = info[:c], info[c+1:]
		}
		u.username, u.password = encoded(name, &userinfoSet), encoded(pass, &userinfoSet)
		auth = auth[at+1:]
	}
	host, port, hasPort := auth, "", false
	brackets := false
	for i := 0; i < len(auth); i++ {
		switch auth[i] {
		case '[':
			brackets = true
		case ']':
			brackets = false
		case ':':
			if !brackets {
				host, port, hasPort = auth[:i], auth[i+1:], true
				i = len(auth)
			}
		}
	}
	if hasPort && host == "" {
		return whatwgerrors.Error(whatwgerrors.HostMissing, auth, true)
	}
	if err := u.setHost(host); err != nil {
		return err
	}
	if hasPort && port != "" {
		for i := 0; i < len(port); i++ {
			if port[i] < '0' || port[i] > '9' {
				return whatwgerrors.Error(whatwgerrors.PortInvalid, auth, true)
			}
		}
		n, err := strconv.Atoi(port)
		if err != nil || n > 65535 {
			return whatwgerrors.Error(whatwgerrors.PortOutOfRange, auth, true)
		}
		if p := strconv.Itoa(n); p != defaultPorts[u.scheme] {
			u.port = p
		}
	}
	return nil
}

// defaultPorts are the special schemes' default ports, which a URL leaves
// out.
var defaultPorts = map[string]string{"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21"}

// setHost sets u.hostname to the host parser's result for host: the
// library's for a special URL (but a plain host, lower-cased), opaqueHost
// for another.
func (u *URL) setHost(host string) error {
	if !u.special {
		h, err := opaqueHost(host)
		u.hostname = h
		return err
	}
	if h, ok := plainHost(host); ok {
		u.hostname = h
		return nil
	}
	// The library parses the host alone: its host state reads nothing
	// else. The "/" keeps trailing spaces or controls, which it would
	// strip from the end of its input, inside.
	p, err := parser.Parse(u.scheme + "://" + host + "/")
	if err != nil {
		return err
	}
	u.hostname = p.Hostname()
	return nil
}

// opaqueHost is the URL Standard's host parser for a URL that is not
// special: an IPv6 address in brackets (parsed by the library), else each
// code point kept, C0 controls and those beyond "~" percent-encoded; a
// forbidden host code point fails. (The library's builds the host one code
// point at a time, by appending to the string built so far.)
func opaqueHost(host string) (string, error) {
	if host == "" {
		return "", nil
	}
	if host[0] == '[' {
		p, err := parser.Parse("x://" + host + "/")
		if err != nil {
			return "", err
		}
		return p.Hostname(), nil
	}
	for i := 0; i < len(host); i++ {
		if c := host[i]; c < utf8.RuneSelf && forbiddenHost[c] {
			return "", whatwgerrors.ErrorWithDescr(whatwgerrors.HostInvalidCodePoint, string(rune(c)), host, true)
		}
	}
	return encoded(host, &c0Set), nil
}

// encoded returns s percent-encoded with set (appendEncoded).
func encoded(s string, set *encodeSet) string {
	if encodedLen(s, set) == len(s) {
		return s
	}
	return string(appendEncoded(make([]byte, 0, encodedLen(s, set)), s, set))
}

// forbiddenHost marks the forbidden host code points (the library's
// ForbiddenHostCodePoint).
var forbiddenHost = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = whatwgurl.ForbiddenHostCodePoint.Test(uint(c))
	}
	return t
}()

// plainHost returns the host auth stands for, when it is a plain host the
// host parser keeps as it is but for lower-casing: dot-separated labels of
// ASCII letters, digits and "-", none empty and none an IDNA "xn--" label,
// the last starting with a letter (else it might be an IPv4 number).
func plainHost(auth string) (string, bool) {
	start := 0
	upper := false
	for i := 0; i <= len(auth); i++ {
		if i < len(auth) {
			c := auth[i]
			switch {
			case 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '-':
				continue
			case 'A' <= c && c <= 'Z':
				upper = true
				continue
			case c != '.':
				return "", false
			}
		}
		l := auth[start:i]
		if l == "" || len(l) >= 4 && l[0]|0x20 == 'x' && l[1]|0x20 == 'n' && l[2:4] == "--" {
			return "", false
		}
		if i == len(auth) && !isAlpha(l[0]) {
			return "", false
		}
		start = i + 1
	}
	if upper {
		return strings.ToLower(auth), true
	}
	return auth, true
}

// relative reads ref, a reference without a scheme (or what follows a
// special scheme equal to base's), against base, a URL Parse read itself
// without an opaque path: the relative state of the URL Standard.
func relative(u *URL, ref string, base *URL) error {
	u.scheme, u.special = base.scheme, base.special
	if ref != "" && u.sep(ref[0]) && len(ref) > 1 && u.sep(ref[1]) {
		// The relative slash state, then an authority: a special URL
		// skips the slashes that follow, another reads the authority
		// after the second.
		if base.special {
			return u.absolute(base.scheme, true, ref)
		}
		return u.absolute(base.scheme, false, ref[2:])
	}
	u.username, u.password, u.hostname, u.port, u.hasHost = base.username, base.password, base.hostname, base.port, base.hasHost
	origin := base.href[:base.originEnd]
	switch {
	case ref == "":
		// The base without its fragment.
		*u = *base
		u.href = base.href[:base.queryEnd]
	case u.sep(ref[0]):
		// The relative slash state: the path from the root.
		u.build("", origin, "", true, ref[1:])
	case ref[0] == '?':
		u.build("", origin, base.href[base.pathStart:base.pathEnd], false, ref)
	case ref[0] == '#':
		// The base's path and query, ref's fragment.
		u.build("", base.href[:base.queryEnd], "", false, ref)
		u.originEnd, u.pathStart, u.pathEnd, u.queryEnd = base.originEnd, base.pathStart, base.pathEnd, base.queryEnd
	default:
		// The base's path without its last segment, then ref's.
		path := base.href[base.pathStart:base.pathEnd]
		path = path[:max(strings.LastIndexByte(path, '/'), 0)]
		u.build("", origin, path, true, ref)
	}
	return nil
}

// build sets u.href to head and origin, then path (a serialized path: ""
// or "/a/b"), then, when inPath, the path state read over rest up to its
// first "?" or "#", then rest's query and fragment (rest starts with "?"
// or "#" without inPath), and the offsets of its parts. u's scheme,
// special and hasHost are set.
func (u *URL) build(head, origin, path string, inPath bool, rest string) {
	query := &querySet
	if u.special {
		query = &specialQuerySet
	}
	n := len(head) + len(origin) + len(path)
	if !u.hasHost {
		n += 2 // "/." may go before the path
	}
	if inPath {
		k := 0
		for k < len(rest) && rest[k] != '?' && rest[k] != '#' {
			k++
		}
		// Each segment is written as a "/" and its bytes: the slash or
		// backslash before it, or one more for the first.
		n += 1 + encodedLen(rest[:k], &pathSet) + restLen(rest[k:], query)
	} else {
		n += restLen(rest, query)
	}
	b := make([]byte, 0, n)
	b = append(b, head...)
	b = append(b, origin...)
	originEnd := len(b)
	b = append(b, path...)
	if inPath {
		b, rest = u.appendPath(b, originEnd, rest)
	}
	pathStart := originEnd
	if !u.hasHost && len(b)-originEnd >= 2 && b[originEnd] == '/' && b[originEnd+1] == '/' {
		// The serializer's "/." before a path that starts with an
		// empty segment, when there is no host.
		b = append(b, "/."...)
		copy(b[originEnd+2:], b[originEnd:len(b)-2])
		copy(b[originEnd:], "/.")
		pathStart += 2
	}
	u.originEnd = originEnd
	u.finish(b, pathStart, len(b), rest, query)
}

// finish appends rest, "", or a query ("?...") and a fragment ("#...") or
// either, to b, holding the URL up to its path, which runs from pathStart
// to pathEnd; the query is percent-encoded with query. It sets u.href and
// the offsets of its parts but originEnd.
//
// b was allocated to the most bytes the URL may have; when it has fewer
// (dot segments removed some), it is copied to its size.
func (u *URL) finish(b []byte, pathStart, pathEnd int, rest string, query *encodeSet) {
	if rest != "" && rest[0] == '?' {
		q := rest[1:]
		h := strings.IndexByte(q, '#')
		if h < 0 {
			h = len(q)
		}
		b = append(b, '?')
		b = appendEncoded(b, q[:h], query)
		rest = q[h:]
	}
	queryEnd := len(b)
	if rest != "" { // rest[0] == '#'
		b = append(b, '#')
		b = appendEncoded(b, rest[1:], &fragmentSet)
	}
	if len(b) == cap(b) {
		u.href = unsafe.String(unsafe.SliceData(b), len(b))
	} else {
		u.href = string(b)
	}
	u.pathStart, u.pathEnd, u.queryEnd = pathStart, pathEnd, queryEnd
}

// restLen returns the bytes finish writes for rest with query.
func restLen(rest string, query *encodeSet) int {
	n := 0
	if rest != "" && rest[0] == '?' {
		h := strings.IndexByte(rest, '#')
		if h < 0 {
			h = len(rest)
		}
		n += 1 + encodedLen(rest[1:h], query)
		rest = rest[h:]
	}
	if rest != "" {
		n += 1 + encodedLen(rest[1:], &fragmentSet)
	}
	return n
}

// appendPath runs the URL Standard's path state of u over s up to its
// first "?" or "#", on the path serialized in b[start:], and returns b and
// the rest of s. A segment is ended by a slash (or a backslash in a
// special URL); "." and ".." (also as "%2e", in any case) are dot
// segments: ".." removes the last segment, and either, at the end of the
// path, leaves an empty one.
func (u *URL) appendPath(b []byte, start int, s string) ([]byte, string) {
	for {
		k := 0
		for k < len(s) && !u.sep(s[k]) && s[k] != '?' && s[k] != '#' {
			k++
		}
		seg := s[:k]
		last := k == len(s) || !u.sep(s[k])
		switch {
		case isDoubleDot(seg):
			if i := lastSlash(b, start); i >= 0 {
				b = b[:i]
			}
			if last {
				b = append(b, '/')
			}
		case isSingleDot(seg):
			if last {
				b = append(b, '/')
			}
		default:
			b = append(b, '/')
			b = appendEncoded(b, seg, &pathSet)
		}
		if last {
			return b, s[k:]
		}
		s = s[k+1:]
	}
}

// lastSlash returns the index of the last "/" of b[start:], or -1 when the
// path has no segment.
func lastSlash(b []byte, start int) int {
	for i := len(b) - 1; i >= start; i-- {
		if b[i] == '/' {
			return i
		}
	}
	return -1
}

// isSingleDot reports whether seg is "." or "%2e" (in any case).
func isSingleDot(seg string) bool {
	return seg == "." || len(seg) == 3 && isDot3(seg)
}

// isDoubleDot reports whether seg is "..", ".%2e", "%2e." or "%2e%2e" (in
// any case).
func isDoubleDot(seg string) bool {
	switch len(seg) {
	case 2:
		return seg == ".."
	case 4:
		return seg[0] == '.' && isDot3(seg[1:]) || seg[3] == '.' && isDot3(seg[:3])
	case 6:
		return isDot3(seg[:3]) && isDot3(seg[3:])
	}
	return false
}

// isDot3 reports whether s, of three bytes, is "%2e" or "%2E".
func isDot3(s string) bool { return s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'e' }

// An encodeSet tells the ASCII bytes a percent-encode set holds; every
// other code point is in it.
type encodeSet [utf8.RuneSelf]bool

// The library's percent-encode sets (its parser's defaults), as tables:
// for a path, the query of a special URL and of another, a fragment, and
// an opaque path.
var (
	pathSet         = makeSet(whatwgurl.PathPercentEncodeSet)
	specialQuerySet = makeSet(whatwgurl.SpecialQueryPercentEncodeSet)
	querySet        = makeSet(whatwgurl.QueryPercentEncodeSet)
	userinfoSet     = makeSet(whatwgurl.UserInfoPercentEncodeSet)
	fragmentSet     = makeSet(whatwgurl.FragmentPercentEncodeSet)
	c0Set           = makeSet(whatwgurl.C0PercentEncodeSet)
)

func makeSet(p *whatwgurl.PercentEncodeSet) (t encodeSet) {
	for c := range t {
		t[c] = p.RuneShouldBeEncoded(rune(c))
	}
	return t
}

// appendEncoded appends s with each code point in set percent-encoded as
// its UTF-8 bytes ("%XX", upper-case hex); each byte of s that is not
// UTF-8 is U+FFFD, as the parser reads its input.
func appendEncoded(b []byte, s string, set *encodeSet) []byte {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if set[c] {
				b = append(b, '%', hex[c>>4], hex[c&15])
			} else {
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		var buf [utf8.UTFMax]byte
		for _, c := range buf[:utf8.EncodeRune(buf[:], r)] {
			b = append(b, '%', hex[c>>4], hex[c&15])
		}
		i += n
	}
	return b
}

// encodedLen returns the length of appendEncoded's result for s and set.
func encodedLen(s string, set *encodeSet) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if set[c] {
				n += 3
			} else {
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		n += 3 * utf8.RuneLen(r) // U+FFFD for a byte that is not UTF-8
		i += size
	}
	return n
}

// fromLibrary parses s with the library: a URL of the file scheme, or of
// a scheme that is not special followed by a slash (scheme, "" for none),
// or a reference against a base the library parsed. Its path is never
// opaque.
func fromLibrary(u *URL, s, scheme string, base *URL) error {
	// The parser reads base only for a reference without a scheme and
	// for a file: URL against a file: base; base.lib is nil only for a
	// base Parse read itself, whose scheme is neither.
	var lb *whatwgurl.Url
	segs := pathSeparators(s)
	if base != nil && base.lib != nil && (scheme == "" || scheme == "file" && base.scheme == "file") {
		if base.params > MaxSegments {
			return &LimitError{What: "base URL query parameters", N: base.params}
		}
		lb = base.lib
		segs += base.segs
	}
	if segs > MaxSegments {
		return &LimitError{What: "path segments", N: segs}
	}
	p, err := parser.BasicParser(s, lb, nil, whatwgurl.NoState)
	if err != nil {
		return err
	}
	if p == nil {
		// The library's file host state returns no URL and no error
		// only with a state override.
		return errNotURL
	}
	u.href = p.Href(false)
	u.scheme = p.Scheme()
	u.lib = p
	u.segs = segs
	u.params = 1 + strings.Count(p.Query(), "&")
	if u.params <= MaxSegments {
		// Built now, so that a URL shared as a base is only read: the
		// library builds its parameters on the first copy.
		p.SearchParams()
	}
	return nil
}

// pathSeparators returns the slashes and backslashes of s before its first
// "?" or "#": at least the number of path segments the parser makes of it.
func pathSeparators(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '/', '\\':
			n++
		case '?', '#':
			return n
		}
	}
	return n
}

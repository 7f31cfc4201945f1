package feedspec

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	whatwgerrors "github.com/nlnwa/whatwg-url/errors"

	"github.com/feedspec/feedspec/internal/weburl"
)

// The errors of the package. Every message starts with "feedspec: " once;
// an error that wraps another of the package's errors drops that prefix from
// the inner message. Names and other bytes taken from a document or a
// response are quoted (strconv.Quote) and cut to maxQuoted bytes, so that a
// binary body cannot fill a log line with control characters.
//
// What each error means to a poller:
//
//   - ErrStatus (a *StatusError): the server answered with a status other
//     than 200; the body was not read. Temporary for 5xx and 429, perhaps
//     permanent for 404 and 410. ErrNotModified (also a *StatusError) is a
//     304.
//   - ErrNotFeed: the body was read and is not a feed: a *MIMETypeError (a
//     type that is not XML), a *HTMLPageError (an HTML page; its Feeds are
//     the feeds it links to), or an XML document whose root element is not a
//     feed's.
//   - ErrBodyTooLarge, ErrLimit: the feed is larger than allowed.
//   - ErrForbiddenAddress: the URL, or a redirect, leads to an address that
//     is not public (loopback, a private network, ...), which the Fetcher's
//     default client refuses to connect to. Permanent unless the feed's DNS
//     changes.
//   - ErrContentEncoding: the response's Content-Encoding names a coding
//     feedspec does not decode, or more than two codings.
//   - Anything else (a network or read error) is transport trouble.

// ErrStatus is matched (with errors.Is) by the *StatusError of a response
// whose status is not 200: the body was not read, so nothing is known about
// it. It does not match ErrNotFeed: a 500 or a 404 says nothing about
// whether the URL serves a feed when it works.
var ErrStatus = errors.New("feedspec: response status is not 200")

// ErrForbiddenAddress is matched (with errors.Is) by the error of a
// connection that a guarded transport (GuardTransport, the default client of
// a Fetcher) refused to open because the address it resolved to is not a
// public one (see IsPublicAddress): a feed, or a redirect, pointing into the
// reader's own network. The error names the address; Fetch's *FetchError
// names the URL too.
var ErrForbiddenAddress = errors.New("feedspec: forbidden address: not a public internet address")

// errPrefix begins every error message of the package.
const errPrefix = "feedspec: "

// maxQuoted is the number of bytes of document or response text an error
// message quotes at most.
const maxQuoted = 100

// quoteCut returns s quoted as strconv.Quote does, cut to maxQuoted bytes (at
// a UTF-8 boundary) with "..." after the closing quote when it was longer.
func quoteCut(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	n := maxQuoted
	for n > maxQuoted-utf8.UTFMax && !utf8.RuneStart(s[n]) {
		n--
	}
	return strconv.Quote(s[:n]) + "..."
}

// printableASCII reports whether s holds only printable ASCII characters
// (space to tilde).
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// innerMessage returns err's message without the "feedspec: " prefix, for
// an error that wraps err and has that prefix already.
func innerMessage(err error) string {
	return strings.TrimPrefix(err.Error(), errPrefix)
}

// urlReason returns why the WHATWG URL parser rejected a URL: the error
// type's description, without the URL itself (which the caller quotes).
func urlReason(err error) string {
	if err == nil {
		return "not a URL"
	}
	if t := whatwgerrors.Type(err); t != "" {
		return string(t)
	}
	var le *weburl.LimitError
	if errors.As(err, &le) {
		return "limit reached: " + urlLimitReason(le)
	}
	return innerMessage(err)
}

// A wrapError is an error with its own message that wraps one or more
// errors (for errors.Is and errors.As).
type wrapError struct {
	msg  string
	errs []error
}

func (e *wrapError) Error() string   { return e.msg }
func (e *wrapError) Unwrap() []error { return e.errs }

// wrap returns an error whose message is "feedspec: what: " and err's
// message (without its own "feedspec: "), wrapping err.
func wrap(what string, err error) error {
	return &wrapError{msg: errPrefix + what + ": " + innerMessage(err), errs: []error{err}}
}

// A rootError is the error of a document whose root element is not a feed's
// (or that has none). It wraps ErrNotFeed.
type rootError struct {
	local, namespace string
	none             bool // the document has no root element
}

func (e *rootError) Error() string {
	switch {
	case e.none:
		return "feedspec: not a feed: the document has no root element"
	case e.namespace == "":
		return "feedspec: not a feed: the root element is " + quoteCut(e.local) + " in no namespace"
	}
	return "feedspec: not a feed: the root element is " + quoteCut(e.local) + " in namespace " + quoteCut(e.namespace)
}

func (e *rootError) Unwrap() error { return ErrNotFeed }

// isHTMLRoot reports whether err is a rootError for an html root element in
// no namespace or the XHTML namespace: an XHTML page.
func isHTMLRoot(err error) bool {
	var re *rootError
	return errors.As(err, &re) && !re.none && asciiEqualFold(re.local, "html") &&
		(re.namespace == "" || re.namespace == nsXHTML)
}

// An HTMLPageError is the error ParseResponse returns when the response is
// an HTML page (its computed MIME type is text/html, or it is an XHTML
// document whose root element is html): not a feed, but perhaps a page that
// links to feeds, as a reader given a site's home page finds. It matches
// ErrNotFeed (and, for a text/html page, errors.As finds its
// *MIMETypeError):
//
//	var page *feedspec.HTMLPageError
//	if errors.As(err, &page) && len(page.Feeds) > 0 {
//		// offer page.Feeds to subscribe to
//	}
type HTMLPageError struct {
	// MIMETypeError gives the page's computed MIME type and Content-Type.
	MIMETypeError
	// URL is the page's URL (the response's final URL), against which the
	// Feeds' URLs were resolved; "" when the response had no request.
	URL string
	// Feeds are the feeds the page links to, as DiscoverFeeds finds them
	// (links in the head first, then anchors); empty when it links to
	// none.
	Feeds []FeedLink

	// err is the error of an XHTML document's root element; nil for a
	// text/html page.
	err error
}

// Error says that the response is an HTML page and how many feeds it links
// to, naming the first.
func (e *HTMLPageError) Error() string {
	var b strings.Builder
	b.WriteString("feedspec: not a feed: the response is an HTML page (")
	b.WriteString(quoteCut(e.MIMEType))
	b.WriteString(")")
	switch len(e.Feeds) {
	case 0:
		b.WriteString(" that links to no feed")
	case 1:
		b.WriteString(" that links to 1 feed, ")
		b.WriteString(quoteCut(e.Feeds[0].URL))
	default:
		b.WriteString(" that links to ")
		b.WriteString(strconv.Itoa(len(e.Feeds)))
		b.WriteString(" feeds, the first ")
		b.WriteString(quoteCut(e.Feeds[0].URL))
	}
	return b.String()
}

// Unwrap returns the *MIMETypeError of a text/html page, or for an XHTML
// document the error naming its root element; both wrap ErrNotFeed.
func (e *HTMLPageError) Unwrap() error {
	if e.err != nil {
		return e.err
	}
	return &e.MIMETypeError
}

// A FetchError is the error Fetch returns: the URL it fetched and what went
// wrong, as *url.Error does for an http.Client. Err is the error of the
// request (a *url.Error for a network failure) or of ParseResponse (a
// *StatusError, a *MIMETypeError, ...); errors.Is and errors.As look
// through the FetchError to it.
type FetchError struct {
	// URL is the URL given to Fetch. After redirects the response's URL
	// is FetchResult.URL.
	URL string
	// Err is the error.
	Err error
}

// Error gives the URL, then Err's message ("feedspec: fetching URL: ...").
// A *url.Error's own "Get URL:" is left out: the URL is named once, and the
// URL of the request that failed after it when a redirect led there
// ("feedspec: fetching URL: following a redirect to URL2: ..."). A
// connection refused by GuardTransport is told by its own message, which
// names the address.
func (e *FetchError) Error() string {
	inner := e.Err
	where := ""
	if ue, ok := inner.(*url.Error); ok && ue.Err != nil {
		inner = ue.Err
		if !sameRequestURL(e.URL, ue.URL) {
			where = "following a redirect to " + strconv.Quote(ue.URL) + ": "
		}
	}
	var fe *forbiddenAddressError
	if errors.As(inner, &fe) {
		inner = fe
	}
	msg := "<nil>"
	if inner != nil {
		msg = innerMessage(inner)
	}
	return errPrefix + "fetching " + strconv.Quote(e.URL) + ": " + where + msg
}

// sameRequestURL reports whether requested, the URL given to Fetch, is the
// URL of the request a *url.Error names (failed): the same string, or the
// same once parsed and written again with its password hidden, as
// http.Client writes it.
func sameRequestURL(requested, failed string) bool {
	if requested == failed {
		return true
	}
	u, err := url.Parse(requested)
	if err != nil {
		return false
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "***")
	}
	return u.String() == failed
}

// Unwrap returns Err.
func (e *FetchError) Unwrap() error { return e.Err }

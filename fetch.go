package feedspec

import (
	"context"
	"errors"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"github.com/feedspec/feedspec/internal/allowlist"
)

// DefaultFetchTimeout is the Timeout of the client a Fetcher uses when its
// Client is nil: the whole exchange (connecting, every redirect, reading the
// body) must end within it, so that a server sending one byte a second
// cannot hold a poller's goroutine for ever. A context given to Fetch can
// end it sooner.
const DefaultFetchTimeout = 30 * time.Second

// defaultClients are the clients of Fetchers whose Client is nil, built once
// and shared (with their connection pools): guarded (GuardTransport) unless
// AllowPrivateNetworks, both with DefaultFetchTimeout and http.Client's
// redirect policy (at most 10).
var (
	guardedClient = sync.OnceValue(func() *http.Client {
		return &http.Client{Transport: GuardTransport(nil), Timeout: DefaultFetchTimeout}
	})
	unguardedClient = sync.OnceValue(func() *http.Client {
		return &http.Client{Timeout: DefaultFetchTimeout}
	})
)

// allowingClients are the clients of Fetchers whose Client is nil and
// whose AllowAddresses holds a valid prefix, one for each list: as
// guardedClient, with GuardTransportAllowing.
var allowingClients = &allowlist.Clients{New: func(allow []netip.Prefix) *http.Client {
	return &http.Client{Transport: GuardTransportAllowing(nil, allow...), Timeout: DefaultFetchTimeout}
}}

// DefaultUserAgent is the User-Agent header a Fetcher sends when neither its
// UserAgent nor its Header sets one.
const DefaultUserAgent = "feedspec (+https://github.com/feedspec/feedspec)"

// DefaultAccept is the Accept header a Fetcher sends when its Header sets
// none: the feed formats first (JSON Feed's application/feed+json among
// them), then generic XML, then anything (a feed served with another type can
// still be sniffed). A strict Fetcher, which does not read JSON Feeds, sends
// it without application/feed+json.
const DefaultAccept = "application/atom+xml, application/rss+xml, application/feed+json, application/rdf+xml;q=0.9, " +
	"application/xml;q=0.8, text/xml;q=0.8, */*;q=0.1"

// strictAccept is DefaultAccept without application/feed+json.
const strictAccept = "application/atom+xml, application/rss+xml, application/rdf+xml;q=0.9, " +
	"application/xml;q=0.8, text/xml;q=0.8, */*;q=0.1"

// A Fetcher fetches feeds over HTTP the way a feed reader should: it asks
// for feed types, names itself, sends conditional requests so that an
// unchanged feed costs a 304, and parses the response with ParseResponse.
// This is a convenience beyond the specification, which starts from a
// response; ParseResponse alone gives the specification's answer.
//
// The zero Fetcher is ready to use, and safe in front of feeds written by
// strangers: it refuses to connect to the reader's own networks (loopback,
// private networks, the cloud metadata service; see GuardTransport), gives
// up on an exchange after DefaultFetchTimeout, and keeps no document tree.
// A Fetcher is safe for concurrent use if its fields are not changed
// meanwhile.
type Fetcher struct {
	// Client sends the requests. nil means a client of the package's,
	// shared by every Fetcher whose Client is nil: its transport is
	// GuardTransport's (it refuses to connect to an address that is not
	// public, whether the feed's URL or a redirect leads there, and uses
	// no proxy), unless AllowPrivateNetworks is set; its Timeout is
	// DefaultFetchTimeout (30 seconds for the whole exchange); it follows
	// redirects as http.Client does by default (at most 10).
	//
	// A Client given here is the caller's and used as it is: the Fetcher
	// adds neither the guard nor the timeout, and AllowPrivateNetworks does
	// not apply. To keep the guard in a client of your own (for your own
	// timeout, cookie jar or redirect policy), give it a guarded transport:
	//
	//	f := &feedspec.Fetcher{Client: &http.Client{
	//		Transport: feedspec.GuardTransport(nil),
	//		Timeout:   time.Minute,
	//	}}
	//
	// Tests against a server on loopback (httptest, feedspectest) give the
	// Fetcher the server's client (s.Client()), or allow the server's
	// address alone with AllowAddresses.
	Client *http.Client

	// AllowPrivateNetworks lets a Fetcher whose Client is nil connect to
	// any address: loopback, private networks, link-local, and the others
	// IsPublicAddress names. It is for a reader on a LAN that polls feeds
	// of its own network and trusts every feed it polls: with it, a feed
	// or its redirect can make the reader's machine request any service
	// it reaches (a router's admin page, the cloud metadata service at
	// 169.254.169.254) and return the answer as the feed. Its client is
	// http.DefaultTransport's (with the proxy of the environment,
	// HTTP_PROXY and HTTPS_PROXY) with DefaultFetchTimeout. It has no
	// effect on a Client given by the caller. To open only the addresses
	// you trust, use AllowAddresses instead.
	AllowPrivateNetworks bool

	// AllowAddresses lists the addresses that are not public which a
	// Fetcher whose Client is nil may still connect to, on any port: the
	// reader's own LAN host (netip.MustParsePrefix("192.168.1.20/32")), a
	// test server on loopback (127.0.0.1/32). Every other address that is
	// not public stays refused, whether the feed's URL or a redirect leads
	// there: a feed on an allowed host that redirects to a neighbouring
	// address is refused. The client is GuardTransportAllowing's transport
	// with DefaultFetchTimeout, made once for each list (up to 16 lists
	// kept) and shared by the Fetchers given the same list.
	//
	// A prefix is taken as written (see GuardTransportAllowing):
	// 0.0.0.0/0 allows every IPv4 address, the cloud metadata service
	// included. An invalid prefix (the zero netip.Prefix) allows nothing:
	// with no valid prefix the Fetcher refuses as if the list were empty.
	// AllowPrivateNetworks, which allows every address, makes the list
	// needless; neither applies to a Client given by the caller.
	AllowAddresses []netip.Prefix

	// KeepDocument keeps the parsed document with the feed. By default a
	// Fetcher parses WithoutDocument: a poller keeps only the model, and
	// the document tree, which costs many times the feed's bytes, is let
	// go. Set it for the calls that read the tree, which return nil
	// without it: Feed.Document, Feed.Element, Entry.Element,
	// Feed.JSONObject and Entry.JSONObject (and so the extension elements
	// and members a program reads from them); and for Feed.ResolveURL with
	// WithXMLBase, which without the tree resolves against the document's
	// URL only. The model, its canonical JSON and its other methods are
	// the same either way, except that without it a Node text keeps no
	// tree: Text.Node builds a new one on each call (see Text.Node).
	KeepDocument bool

	// UserAgent is the User-Agent header; "" means the one in Header, or
	// DefaultUserAgent.
	UserAgent string

	// Header holds extra request headers (Authorization, for example). An
	// Accept or User-Agent in it replaces the default one; the conditional
	// headers Fetch sets replace any in it.
	Header http.Header

	// Options are given to ParseResponse, after the Fetcher's own
	// (WithMaxBodySize(DefaultFetchMaxBodySize), WithRecovery and
	// WithJSONFeed unless Strict, WithoutDocument unless KeepDocument),
	// which they override.
	Options []Option

	// Strict asks for the specification's exact answer: without it a
	// Fetcher, which serves people reading feeds, reads in recovery mode
	// (WithRecovery) and also reads JSON Feeds (WithJSONFeed), both given
	// before Options, and asks for JSON Feeds in its Accept header.
	Strict bool
}

// A FetchResult is what Fetch learned from a response.
type FetchResult struct {
	// Feed is the parsed feed; nil when NotModified or when Fetch returns
	// an error.
	Feed *Feed

	// URL is the URL of the last request made, after redirects: the feed's
	// document URL.
	URL string

	// PermanentURL is the URL to fetch the feed from the next time: the URL
	// Fetch was given, or the one its leading run of permanent redirects
	// (301 Moved Permanently, 308 Permanent Redirect) led to. A temporary
	// redirect (302 Found, 303 See Other, 307 Temporary Redirect) ends the
	// run, as the URL that answered with it remains the resource's: a feed
	// moved with a 301 gives the new URL, one sent elsewhere by a 302 the
	// old one, and 301 then 302 the URL between the two.
	PermanentURL string

	// StatusCode is the response's status code.
	StatusCode int

	// Gone reports a 410 Gone answer: the feed was removed for good, and a
	// poller should stop fetching it. Fetch also returns the status error.
	Gone bool

	// NotModified reports a 304 Not Modified answer to a conditional
	// request: the feed from the previous fetch is still current. A 304
	// to a request without validators is not one (there is no previous
	// feed to keep): Fetch returns it as a *StatusError.
	NotModified bool

	// ETag and LastModified are the response's validators (the ETag and
	// Last-Modified header values, verbatim), kept from the previous
	// result when a 304 response does not repeat them. Give this result
	// to the next Fetch of the same URL to make a conditional request.
	ETag         string
	LastModified string

	// Header is the response's header (Cache-Control, Retry-After, …).
	Header http.Header

	// lastFeed is the feed of the last fetch that had one, when Feed is nil:
	// NextFetch reads its ttl and skipped hours after a 304.
	lastFeed *Feed
}

// Fetch GETs url and parses the response with ParseResponse.
//
// The request carries an Accept header preferring feed types
// (DefaultAccept; without JSON Feed when Strict), a User-Agent, and, when
// prev is not nil, the conditional headers If-None-Match (prev.ETag) and
// If-Modified-Since (prev.LastModified), so that a server can answer 304 Not
// Modified. The
// context governs the whole exchange, reading the body included.
//
// With a nil Client, the Fetcher's own client connects only to public
// addresses and those of AllowAddresses (see Fetcher.Client and
// GuardTransport) and gives up after DefaultFetchTimeout.
//
// Every error Fetch returns is a *FetchError naming url; errors.Is and
// errors.As see through it. When the request could not be sent or no
// response arrived, Fetch returns a nil result and the error (wrapping the
// client's *url.Error): a connection the guard refused matches
// ErrForbiddenAddress, and the error names the URL that led there (url, or
// the redirect's) and the address. Once a response arrived the result is
// never nil: a 304 to a conditional request gives NotModified and a nil
// error; any other outcome gives the result and ParseResponse's error, if
// any (a *StatusError matching ErrStatus, a *HTMLPageError or
// *MIMETypeError matching ErrNotFeed, …). A 304 to a request that carried
// no validators (prev nil or without ETag and LastModified, and no
// If-None-Match or If-Modified-Since in Header) is such an error: a
// *StatusError, matching ErrStatus and ErrNotModified, with NotModified
// false, as there is no previous feed to keep. Keep the
// validators of a result only when the error is nil. A result with an
// error still says when to try again (NextFetch, which reads Retry-After on
// a 429 or 503), whether the feed is Gone, and where it moved
// (PermanentURL).
//
// prev need not come from Fetch: a poller that restarts builds it from the
// validators it stored, &FetchResult{ETag: etag, LastModified: lastModified},
// and the request is as conditional as with the original result. Only ETag,
// LastModified and Feed are read from prev (Feed for NextFetch after a 304).
func (f *Fetcher) Fetch(ctx context.Context, url string, prev *FetchResult) (*FetchResult, error) {
	if f == nil {
		f = &Fetcher{}
	}
	req, err := f.newRequest(ctx, url, prev)
	if err != nil {
		return nil, &FetchError{URL: url, Err: err}
	}
	conditional := req.Header.Get("If-None-Match") != "" || req.Header.Get("If-Modified-Since") != ""
	res, err := f.client().Do(req)
	if err != nil {
		return nil, &FetchError{URL: url, Err: err}
	}

	result := &FetchResult{
		URL:          url,
		PermanentURL: permanentURL(url, res),
		StatusCode:   res.StatusCode,
		Gone:         res.StatusCode == http.StatusGone,
		ETag:         res.Header.Get("ETag"),
		LastModified: res.Header.Get("Last-Modified"),
		Header:       res.Header,
	}
	if res.Request != nil && res.Request.URL != nil {
		result.URL = res.Request.URL.String()
	}
	if prev != nil {
		result.lastFeed = prev.Feed
		if result.lastFeed == nil {
			result.lastFeed = prev.lastFeed
		}
	}
	feed, err := ParseResponse(res, f.options()...)
	if conditional && errors.Is(err, ErrNotModified) {
		result.NotModified = true
		if prev != nil {
			if result.ETag == "" {
				result.ETag = prev.ETag
			}
			if result.LastModified == "" {
				result.LastModified = prev.LastModified
			}
		}
		return result, nil
	}
	result.Feed = feed
	if feed != nil {
		result.lastFeed = nil
	}
	if err != nil {
		return result, &FetchError{URL: url, Err: err}
	}
	return result, nil
}

// client returns the client that sends f's requests.
func (f *Fetcher) client() *http.Client {
	switch {
	case f.Client != nil:
		return f.Client
	case f.AllowPrivateNetworks:
		return unguardedClient()
	case len(f.AllowAddresses) > 0:
		if c := allowingClients.Get(f.AllowAddresses); c != nil {
			return c
		}
	}
	return guardedClient()
}

// DefaultFetchMaxBodySize is the largest response body a Fetcher reads
// unless its Options say otherwise (WithMaxBodySize): 16 MiB, seven times
// the largest feed of the project's real-feed corpus (2.3 MB), where
// ParseResponse's DefaultMaxBodySize is 64 MiB. A Fetcher keeps no document
// (unless KeepDocument), and parsing then peaks at about 16 bytes of heap
// per byte of the document's text (SECURITY.md), which its entities expand
// to no more than this limit, so a poll stays under 256 MiB, where 64 MiB
// would allow 1 GiB.
const DefaultFetchMaxBodySize = 16 << 20

// options returns the options f gives ParseResponse.
func (f *Fetcher) options() []Option {
	opts := []Option{WithMaxBodySize(DefaultFetchMaxBodySize)}
	if !f.Strict {
		opts = append(opts, WithJSONFeed(), WithRecovery())
	}
	if !f.KeepDocument {
		opts = append(opts, WithoutDocument())
	}
	return append(opts, f.Options...)
}

// permanentURL returns FetchResult.PermanentURL for a response to a request
// for url: the URL reached by the leading run of permanent redirects.
func permanentURL(url string, res *http.Response) string {
	// The chain, from the last request back to the first: each request
	// made after a redirect carries the response that caused it.
	var hops []*http.Request
	for req := res.Request; req != nil && req.Response != nil; req = req.Response.Request {
		hops = append(hops, req)
	}
	for i := len(hops) - 1; i >= 0; i-- {
		switch hops[i].Response.StatusCode {
		case http.StatusMovedPermanently, http.StatusPermanentRedirect:
			url = hops[i].URL.String()
		default:
			return url
		}
	}
	return url
}

// newRequest builds Fetch's GET request.
func (f *Fetcher) newRequest(ctx context.Context, url string, prev *FetchResult) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, wrap("building the request", err)
	}
	for name, values := range f.Header {
		for _, v := range values {
			req.Header.Add(name, v)
		}
	}
	if req.Header.Get("Accept") == "" {
		if f.Strict {
			req.Header.Set("Accept", strictAccept)
		} else {
			req.Header.Set("Accept", DefaultAccept)
		}
	}
	if f.UserAgent != "" {
		req.Header.Set("User-Agent", f.UserAgent)
	} else if req.Header.Get("User-Agent") == "" {
		req.Header.Set("User-Agent", DefaultUserAgent)
	}
	if prev != nil {
		if prev.ETag != "" {
			req.Header.Set("If-None-Match", prev.ETag)
		}
		if prev.LastModified != "" {
			req.Header.Set("If-Modified-Since", prev.LastModified)
		}
	}
	return req, nil
}

package article

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/internal/allowlist"
)

// DefaultAccept is the Accept header Fetch sends: HTML first.
const DefaultAccept = "text/html, application/xhtml+xml;q=0.9, */*;q=0.1"

// DefaultTimeout bounds the whole exchange (connecting, redirects, reading
// the body) of Fetch with a nil client. A client given to Fetch keeps its
// own Timeout (none for http.DefaultClient); the context bounds it too.
const DefaultTimeout = 30 * time.Second

// drainLimit is how much of a body Fetch does not use it reads before
// closing it (the rest of a page over the limit, one it could not decode),
// so that the connection can be reused; a longer body's connection is
// closed instead. A refused answer's body is closed unread.
const drainLimit = 64 << 10

// guardedClient is Fetch's client when given none: it refuses addresses
// that are not public (feedspec.GuardTransport) and gives up after
// DefaultTimeout. openClient is the same without the guard
// (AllowPrivateNetworks). Each is made once, so that connections are
// reused.
var (
	guardedClient = sync.OnceValue(func() *http.Client {
		return &http.Client{Transport: feedspec.GuardTransport(nil), Timeout: DefaultTimeout}
	})
	openClient = sync.OnceValue(func() *http.Client {
		return &http.Client{Timeout: DefaultTimeout}
	})
)

// allowingClients are Fetch's clients when given none and AllowAddresses
// holds a valid prefix, one for each list: as guardedClient, with
// feedspec.GuardTransportAllowing.
var allowingClients = &allowlist.Clients{New: func(allow []netip.Prefix) *http.Client {
	return &http.Client{Transport: feedspec.GuardTransportAllowing(nil, allow...), Timeout: DefaultTimeout}
}}

// A fetchError is an error of Fetch: it names the URL asked for.
type fetchError struct {
	url string
	err error
}

func (e *fetchError) Error() string {
	return "article: " + strconv.Quote(e.url) + ": " + strings.TrimPrefix(e.err.Error(), "article: ")
}

func (e *fetchError) Unwrap() error { return e.err }

// Fetch GETs url with client and extracts the article of the page it
// answers with, as ExtractContext does.
//
// A nil client is one that refuses to connect to an address that is not a
// public internet address (loopback, private networks, link-local addresses
// such as the cloud metadata service 169.254.169.254, and the others
// feedspec.IsPublicAddress lists), on the address a host name resolves to,
// for url and for every redirect: a feed's entry can link anywhere, and
// Fetch must not bring a reader's internal pages back as articles. Such a
// connection fails with an error wrapping feedspec.ErrForbiddenAddress
// (AllowPrivateNetworks lifts the refusal, AllowAddresses lifts it for the
// addresses it lists). The nil client gives up after
// DefaultTimeout and uses no proxy. A client given to Fetch is the caller's:
// it is used as it is, with no such guard (give it one with
// feedspec.GuardTransport) and its own timeout.
//
// It behaves as feedspec.Fetcher does: the request names the program
// (feedspec.DefaultUserAgent, or WithUserAgent) and asks for HTML
// (DefaultAccept); redirects are followed by the client, and the page's
// relative URLs are resolved against the final URL; a gzip body is decoded
// (the transport does it when it asked for gzip itself); a body longer
// than the size limit (DefaultMaxSize, or WithMaxSize) is an error wrapping
// feedspec.ErrBodyTooLarge, never a truncated article. The context governs
// the whole exchange, reading the body and extraction included.
//
// A status other than 200 gives an error wrapping a *feedspec.StatusError
// with the response's Header, so that feedspec.NextRetry honours a
// Retry-After (its body is closed unread, so that a server trickling it
// cannot hold Fetch). A response whose
// Content-Type is not HTML (text/html or application/xhtml+xml) gives an
// error wrapping ErrNotArticle that names the type that came (its body
// closed unread too); one with no
// Content-Type is sniffed as Extract does. The page is decoded with the
// charset of the Content-Type unless a byte order mark says otherwise, else
// as its meta element declares. Every error names url.
func Fetch(ctx context.Context, client *http.Client, url string, opts ...Option) (*Article, error) {
	a, err := fetch(ctx, client, url, newConfig(opts))
	if err != nil {
		return nil, &fetchError{url: url, err: err}
	}
	return a, nil
}

// fetch is Fetch, its errors not naming the URL.
func fetch(ctx context.Context, client *http.Client, url string, cfg *config) (*Article, error) {
	if client == nil {
		client = guardedClient()
		if cfg.allowPrivate {
			client = openClient()
		} else if c := allowingClients.Get(cfg.allowAddresses); c != nil {
			client = c
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("building the request: %w", err)
	}
	req.Header.Set("Accept", DefaultAccept)
	ua := cfg.userAgent
	if ua == "" {
		ua = feedspec.DefaultUserAgent
	}
	req.Header.Set("User-Agent", ua)
	res, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetching the page: %w", err)
	}
	refused := false
	defer func() {
		// The body of a refused answer (its status, its type) is closed
		// unread, so that a server trickling it cannot hold Fetch (the
		// connection is then not reused). What else was not read (the rest
		// of a page over the limit, after a decoding error) is drained, up
		// to drainLimit, so that the connection can serve another request.
		if !refused {
			_, _ = io.CopyN(io.Discard, res.Body, drainLimit)
		}
		res.Body.Close()
	}()
	if res.StatusCode != http.StatusOK {
		// The header goes with it: feedspec.NextRetry reads its
		// Retry-After.
		refused = true
		return nil, &feedspec.StatusError{StatusCode: res.StatusCode, Status: res.Status, Header: res.Header}
	}
	ct := res.Header.Get("Content-Type")
	if ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "text/html" && mt != "application/xhtml+xml") {
			refused = true
			return nil, fmt.Errorf("the response is %q, not an HTML page: %w", ct, ErrNotArticle)
		}
	}
	body := io.Reader(res.Body)
	hint := res.ContentLength // the page's length, when not encoded
	switch enc := strings.ToLower(strings.TrimSpace(res.Header.Get("Content-Encoding"))); enc {
	case "", "identity":
	case "gzip", "x-gzip":
		zr, err := gzip.NewReader(body)
		if err != nil {
			return nil, fmt.Errorf("reading the gzip body: %w", err)
		}
		defer zr.Close()
		body, hint = zr, -1
	default:
		return nil, fmt.Errorf("unsupported Content-Encoding %q (gzip is supported)", enc)
	}
	data, err := readLimited(ctxReader{ctx, body}, cfg.maxSize, hint)
	if err != nil {
		return nil, err
	}
	final := url
	if res.Request != nil && res.Request.URL != nil {
		final = res.Request.URL.String()
	}
	c := *cfg
	c.contentType = ct
	return extract(ctx, data, final, &c)
}

package article

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/feedspec/feedspec"
)

// DefaultAccept is the Accept header Fetch sends: HTML first.
const DefaultAccept = "text/html, application/xhtml+xml;q=0.9, */*;q=0.1"

// Fetch GETs url with client (nil means http.DefaultClient) and extracts
// the article of the page it answers with, as Extract does.
//
// It behaves as feedspec.Fetcher does: the request names the program
// (feedspec.DefaultUserAgent, or WithUserAgent) and asks for HTML
// (DefaultAccept); redirects are followed by the client, and the page's
// relative URLs are resolved against the final URL; a gzip body is decoded
// (the transport does it when it asked for gzip itself); a body longer
// than the size limit (DefaultMaxSize, or WithMaxSize) is an error wrapping
// feedspec.ErrBodyTooLarge, never a truncated article. The context governs
// the whole exchange, reading the body included.
//
// A status other than 200 gives a *feedspec.StatusError. A response whose
// Content-Type is not HTML (text/html or application/xhtml+xml) gives an
// error wrapping ErrNotArticle that names the type that came; one with no
// Content-Type is sniffed as Extract does. The page is decoded with the
// charset of the Content-Type unless a byte order mark says otherwise, else
// as its meta element declares.
func Fetch(ctx context.Context, client *http.Client, url string, opts ...Option) (*Article, error) {
	cfg := newConfig(opts)
	if client == nil {
		client = http.DefaultClient
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("article: building the request: %w", err)
	}
	req.Header.Set("Accept", DefaultAccept)
	ua := cfg.userAgent
	if ua == "" {
		ua = feedspec.DefaultUserAgent
	}
	req.Header.Set("User-Agent", ua)
	res, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("article: fetching the page: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, &feedspec.StatusError{StatusCode: res.StatusCode, Status: res.Status}
	}
	ct := res.Header.Get("Content-Type")
	if ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "text/html" && mt != "application/xhtml+xml") {
			return nil, fmt.Errorf("article: the response is %q, not an HTML page: %w", ct, ErrNotArticle)
		}
	}
	body := io.Reader(res.Body)
	switch enc := strings.ToLower(strings.TrimSpace(res.Header.Get("Content-Encoding"))); enc {
	case "", "identity":
	case "gzip", "x-gzip":
		zr, err := gzip.NewReader(body)
		if err != nil {
			return nil, fmt.Errorf("article: reading the gzip body: %w", err)
		}
		defer zr.Close()
		body = zr
	default:
		return nil, fmt.Errorf("article: unsupported Content-Encoding %q (gzip is supported)", enc)
	}
	data, err := readLimited(body, cfg.maxSize)
	if err != nil {
		return nil, err
	}
	final := url
	if res.Request != nil && res.Request.URL != nil {
		final = res.Request.URL.String()
	}
	return extract(data, final, ct, cfg.linksAndImages)
}

package feedspec

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
)

// ErrNotModified is matched (with errors.Is) by the *StatusError of a 304 Not
// Modified response: the feed has not changed since the validators the
// request sent (see Fetcher).
var ErrNotModified = errors.New("feedspec: not modified")

// ErrBodyTooLarge is wrapped by the error ParseResponse returns when the
// response body is longer than its limit (DefaultMaxBodySize, or the one set
// with WithMaxBodySize).
var ErrBodyTooLarge = errors.New("feedspec: response body too large")

// ErrContentEncoding is wrapped by the error ParseResponse returns when the
// response's Content-Encoding cannot be removed: a content coding other than
// gzip, x-gzip, deflate and identity, or more than two codings (identity
// not counted), which are refused before anything is decoded.
var ErrContentEncoding = errors.New("feedspec: unsupported Content-Encoding")

// A StatusError is the error ParseResponse returns for a response whose
// status is not 200 (the specification's answer is null). It matches
// ErrStatus, not ErrNotFeed: the body was not read, and a 500 or a 404 says
// nothing about whether the URL serves a feed when it works. A 304 Not
// Modified also matches ErrNotModified:
//
//	if errors.Is(err, feedspec.ErrNotModified) { /* keep the copy you have */ }
//	var se *feedspec.StatusError
//	if errors.As(err, &se) && se.StatusCode >= 500 { /* try again later */ }
type StatusError struct {
	StatusCode int    // the response's status code, e.g. 404
	Status     string // the response's status line text, e.g. "404 Not Found"; may be ""
	// Header is the response's header (NextRetry reads its Retry-After);
	// nil when the error was not made from a response.
	Header http.Header
}

// Error describes the status.
func (e *StatusError) Error() string {
	status := e.Status
	if status == "" || !printableASCII(status) || len(status) > maxQuoted {
		// The server's own text is left out when it would garble the
		// message.
		status = strconv.Itoa(e.StatusCode)
		if t := http.StatusText(e.StatusCode); t != "" {
			status += " " + t
		}
	}
	return "feedspec: response status is " + status + ", not 200"
}

// Unwrap returns ErrStatus.
func (e *StatusError) Unwrap() error { return ErrStatus }

// Is reports whether target is ErrNotModified and the status is 304.
func (e *StatusError) Is(target error) bool {
	return target == ErrNotModified && e.StatusCode == http.StatusNotModified
}

// A MIMETypeError is the error ParseResponse returns when the response's
// computed MIME type is not an XML MIME type: the specification's answer is
// null, so it wraps ErrNotFeed. For an HTML page the error is a
// *HTMLPageError, which wraps a MIMETypeError.
type MIMETypeError struct {
	// MIMEType is the computed MIME type, serialized (lower-case type and
	// subtype, then any parameters), e.g. "text/html;charset=utf-8".
	MIMEType string
	// ContentType is the response's (last) Content-Type header value as it
	// was sent; "" when there was none.
	ContentType string
}

// Error names the MIME type.
func (e *MIMETypeError) Error() string {
	ct := "no Content-Type"
	if e.ContentType != "" {
		ct = "Content-Type " + quoteCut(e.ContentType)
	}
	return "feedspec: not a feed: computed MIME type " + quoteCut(e.MIMEType) + " (" + ct + ") is not an XML MIME type"
}

// Unwrap returns ErrNotFeed.
func (e *MIMETypeError) Unwrap() error { return ErrNotFeed }

// drainLimit is how much of an unused body ParseResponse reads before closing
// it, so that the connection can carry the next request.
const drainLimit = 64 << 10

// ParseResponse runs "process a feed response" on res, a response to an
// HTTP request (from http.Client.Do, for example): it returns the feed, or a
// nil Feed and an error when the specification's answer is null: a
// *StatusError (matching ErrStatus) when the status is not 200, an error
// matching ErrNotFeed when the body was read and is not a feed.
//
//   - A status other than 200 gives a *StatusError, which matches
//     ErrStatus and not ErrNotFeed; a 304 Not Modified one also matches
//     ErrNotModified.
//   - The response's computed MIME type follows the MIME Sniffing
//     Standard: the last Content-Type header, parsed as a MIME type; with no
//     (or an unparsable) Content-Type, the first bytes decide ("<?xml" gives
//     text/xml); a text/html body that starts, past comments, processing
//     instructions and a DOCTYPE, with <rss, <feed, or an rdf:RDF element
//     with the RSS 1.0 and RDF namespaces is a feed; a text/plain label is
//     never a feed. Sniffing looks at no more than the first 1445 bytes of
//     the body. A computed MIME type that is not an XML MIME type (text/xml,
//     application/xml, or any type whose subtype ends in "+xml") gives a
//     *MIMETypeError naming it. An X-Content-Type-Options header does not
//     turn sniffing off.
//   - With WithJSONFeed, a response of type application/feed+json or
//     application/json, or one without a Content-Type whose body starts
//     with "{", is read as a JSON Feed (see WithJSONFeed).
//   - An HTML page (computed MIME type text/html, or an XML document whose
//     root element is an html element in no namespace or the XHTML
//     namespace) gives a *HTMLPageError instead, which also matches
//     ErrNotFeed and wraps a *MIMETypeError: the page is read (up to the
//     body size limit) and its Feeds are the feeds it links to, found by
//     DiscoverFeeds with the response's URL as the page's URL. This is an
//     addition to the specification.
//   - Otherwise the body is parsed with ParseDocument.
//     The charset parameter of the Content-Type header is the transport
//     encoding label (WithCharset), which a byte order mark in the body
//     still overrides. The document's URL, against which relative URLs in
//     the feed are resolved, is the URL of res.Request, the last request
//     made: after redirects, the final URL. A Content-Location header
//     does not change it.
//
// Options given to ParseResponse are applied after the URL and charset it
// derives from res, so an explicit WithURL or WithCharset overrides them.
//
// ParseResponse reads the body to its end and closes it. The body of a
// status other than 200, or of a MIME type that is not a feed's, is closed
// unread (but for the first bytes sniffing needs, for a type it must
// sniff), so that a server trickling it cannot hold the caller; the
// connection is then not reused. After another error it reads at most 64
// KiB more before closing, so that the connection can be reused. A gzip or deflate Content-Encoding that the
// transport did not already remove is decoded; any other content coding, or
// more than two codings (identity is not counted), is an error naming the
// header and matching ErrContentEncoding, given before anything is decoded.
// A body longer than DefaultMaxBodySize (or the limit WithMaxBodySize sets)
// as received, or any of its decoded layers longer than it (not only the
// last: a layer may inflate to gigabytes that inflate to almost nothing),
// gives an error wrapping ErrBodyTooLarge instead of a truncated feed; what
// was allocated to read it is then about the limit, once. An error while
// reading the body is returned, wrapped.
func ParseResponse(res *http.Response, opts ...Option) (*Feed, error) { // [1]
	if res == nil { // [9] a network error
		return nil, errors.New("feedspec: no response (a nil *http.Response)")
	}
	body := res.Body
	if body == nil {
		body = http.NoBody
	}
	if res.StatusCode != http.StatusOK { // [9]
		// Closed unread: a refused answer whose body trickles must not
		// hold the caller (the connection is not reused).
		_ = body.Close()
		return nil, &StatusError{StatusCode: res.StatusCode, Status: res.Status, Header: res.Header}
	}
	// After a complete read this only closes the body; otherwise it reads a
	// little more first, so that the connection can be reused. A body
	// refused for its type is closed unread (refused).
	refused := false
	defer func() {
		if refused {
			_ = body.Close()
		} else {
			drainAndClose(body)
		}
	}()

	cfg := newConfig(opts)
	limit := cfg.maxBodySize
	if limit == 0 {
		limit = DefaultMaxBodySize
	}
	codings, err := contentCodings(res.Header.Values("Content-Encoding"))
	if err != nil {
		return nil, err
	}
	contentTypes := res.Header.Values("Content-Type")
	supplied, apacheBug := suppliedMIMEType(contentTypes)
	if e := refusedUnread(supplied, apacheBug, cfg.jsonFeed, contentTypes); e != nil {
		// [2] [3] [4] A type the body cannot change is refused before a
		// byte of it is read.
		refused = true
		return nil, e
	}
	var r io.Reader = body
	if limit > 0 {
		r = &maxReader{r: r, remaining: limit, limit: limit}
	}
	// The limit applies to the bytes received and, when content codings
	// are removed, to each decoded layer too.
	decoded, err := decodeContentEncoding(r, codings, limit)
	if err != nil {
		return nil, err
	}
	// The body's length, when the response says it and nothing was
	// decoded: the buffer is then allocated once (see readBody).
	sizeHint := int64(-1)
	if decoded == r {
		sizeHint = res.ContentLength
	}
	r = decoded

	// [2] The computed MIME type, from the resource header.
	header, err := readResourceHeader(r)
	if err != nil {
		return nil, bodyReadError(err)
	}
	computed := sniffMIMEType(supplied, apacheBug, false, header)
	if cfg.jsonFeed && isJSONFeedResponse(computed, supplied, apacheBug, header) { // WithJSONFeed (jsonfeed.go)
		data, err := readBody(header, r, limit, sizeHint)
		if err != nil {
			return nil, jsonReadError(err)
		}
		return readJSONFeed(data.reader(), responseConfig(res, opts))
	}
	docURL := ""
	if res.Request != nil && res.Request.URL != nil {
		docURL = res.Request.URL.String() // [11]
	}
	if !computed.isXML() { // [3] [4]
		e := MIMETypeError{MIMEType: computed.String()}
		if len(contentTypes) > 0 {
			e.ContentType = contentTypes[len(contentTypes)-1]
		}
		if computed.isHTML() {
			// An addition: the feeds the page links to, read as it
			// arrives (the page is not kept).
			return nil, streamHTMLPageError(e, docURL, io.MultiReader(bytes.NewReader(header), r))
		}
		refused = true
		return nil, &e
	}

	// [8] The body, starting with the bytes sniffing looked at.
	data, err := readBody(header, r, limit, sizeHint)
	if err != nil {
		return nil, bodyReadError(err)
	}

	popts := make([]Option, 0, len(opts)+2)
	if docURL != "" {
		popts = append(popts, WithURL(docURL)) // [11]
	}
	if supplied != nil {
		if label, ok := supplied.param("charset"); ok {
			popts = append(popts, WithCharset(label)) // [8]
		}
	}
	popts = append(popts, opts...)
	popts = append(popts, withoutJSONFeed) // an XML MIME type: XML only
	if limit > 0 {
		// Entities expand the document to no more than the body limit
		// (see Limits.MaxEntityExpansion).
		ceiling := max(1, limit-int64(data.n))
		popts = append(popts, func(c *config) { c.expansionCeiling = ceiling })
	}
	// [7] [6] [8] [27] ParseDocument runs the XML5 parser on the bytes, and
	// [5] processes the resulting document.
	feed, err := ParseDocument(data.reader(), popts...)
	if feed == nil && isHTMLRoot(err) {
		// An addition: an XHTML page, and the feeds it links to.
		e := MIMETypeError{MIMEType: computed.String()}
		if len(contentTypes) > 0 {
			e.ContentType = contentTypes[len(contentTypes)-1]
		}
		page := htmlPageError(e, docURL, data, nil)
		if pe, ok := page.(*HTMLPageError); ok {
			pe.err = err
		}
		return nil, page
	}
	return feed, err
}

// htmlPageError returns the *HTMLPageError listing the feeds the HTML page
// (what readBody read of it, and the error it gave) links to, resolved
// against pageURL.
func htmlPageError(e MIMETypeError, pageURL string, page *body, err error) error {
	// A page longer than the limit is read up to it: the links are in the
	// head, and the page is not a feed whatever its length.
	if err != nil && !errors.Is(err, ErrBodyTooLarge) {
		return bodyReadError(err)
	}
	// The page was read up to the body limit: DiscoverFeeds' own limit
	// does not apply.
	feeds, err := discoverFeeds(page.reader(), pageURL, -1)
	if err != nil && !errors.Is(err, ErrLimit) {
		// pageURL is not an absolute URL: links resolve against an
		// absolute <base href> only.
		feeds, _ = discoverFeeds(page.reader(), "", -1)
	}
	return &HTMLPageError{MIMETypeError: e, URL: pageURL, Feeds: feeds}
}

// streamHTMLPageError is htmlPageError for a page read from r as it
// arrives, without keeping it.
func streamHTMLPageError(e MIMETypeError, pageURL string, r io.Reader) error {
	page := &pageReader{r: r}
	// pageReader ends the page at the body limit: DiscoverFeeds' own limit
	// does not apply.
	feeds, err := discoverFeeds(page, pageURL, -1)
	if page.err != nil {
		return bodyReadError(page.err)
	}
	// A page with too many links that may be feeds (ErrLimit) gives the
	// feeds among the first.
	if err != nil && !errors.Is(err, ErrLimit) {
		// pageURL is not an absolute URL (DiscoverFeeds said so before
		// reading): links resolve against an absolute <base href> only.
		feeds, _ = discoverFeeds(page, "", -1)
		if page.err != nil {
			return bodyReadError(page.err)
		}
	}
	return &HTMLPageError{MIMETypeError: e, URL: pageURL, Feeds: feeds}
}

// A pageReader reads an HTML page up to the body size limit, which ends it
// (the links are in the head, and the page is not a feed whatever its
// length); another error is kept in err.
type pageReader struct {
	r   io.Reader
	err error
}

func (p *pageReader) Read(b []byte) (int, error) {
	if p.err != nil {
		return 0, p.err
	}
	n, err := p.r.Read(b)
	switch {
	case err == nil, err == io.EOF:
	case errors.Is(err, ErrBodyTooLarge):
		err = io.EOF
	default:
		p.err = err
	}
	return n, err
}

// readResourceHeader is "read the resource header": it reads from r until it
// has resourceHeaderSize bytes or r ends.
func readResourceHeader(r io.Reader) ([]byte, error) {
	buf := make([]byte, resourceHeaderSize)
	n := 0
	for n < len(buf) {
		m, err := r.Read(buf[n:])
		n += m
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	return buf[:n], nil
}

// firstBodyChunk is the size of the first chunk readBody allocates past the
// resource header, when the body's length is not known.
const firstBodyChunk = 32 << 10

// A body is a response body read into memory as a list of chunks, each
// allocated once and filled: reading never copies what was read, as a
// growing buffer does (io.ReadAll allocates about twice the body, and a body
// just over the limit cost 2.6 times the limit at its peak).
type body struct {
	chunks [][]byte
	n      int // the number of bytes in chunks
}

// readBody reads r to its end into a body starting with prefix (the bytes
// sniffing looked at, which r no longer yields). limit (when > 0) is the body
// size limit r already enforces: no chunk goes past it, so a body over the
// limit costs the limit once. hint is the body's length when the response
// says it (its Content-Length), else -1: the last chunk then ends exactly
// there. Each chunk is at most half as large as what was received before it
// (or firstBodyChunk), so that a length the server claims and does not send
// costs nothing more, and at most a third of what is allocated is unused. On
// an error readBody returns what it read with it.
func readBody(prefix []byte, r io.Reader, limit, hint int64) (*body, error) {
	b := &body{}
	if len(prefix) > 0 {
		b.chunks = append(b.chunks, prefix)
		b.n = len(prefix)
	}
	probe := make([]byte, 1)
	for {
		// One byte first, so that a body that has ended costs no chunk.
		n, err := r.Read(probe)
		if n == 0 {
			if err == io.EOF {
				return b, nil
			}
			if err != nil {
				return b, err
			}
			continue
		}
		received := int64(b.n)
		size := max(firstBodyChunk, received/2) // at most a third unused
		if hint > received {
			size = min(size, hint-received) // none unused
		}
		if limit > 0 {
			size = min(size, limit-received)
		}
		chunk := make([]byte, max(size, 1))
		chunk[0] = probe[0]
		m := 1
		for m < len(chunk) && err == nil {
			n, err = r.Read(chunk[m:])
			m += n
		}
		b.chunks = append(b.chunks, chunk[:m:m])
		b.n += m
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// reader returns a reader of the body's bytes. Its Len method says how many
// are left, so that a reader of it (xml5.Parse, readJSONFeed) allocates its
// own copy once, at the right size.
func (b *body) reader() *bodyReader {
	return &bodyReader{chunks: b.chunks, n: b.n}
}

// A bodyReader reads a body's chunks (which it does not modify).
type bodyReader struct {
	chunks [][]byte
	off    int // in chunks[0]
	n      int // bytes left
}

// Len returns the number of bytes left.
func (r *bodyReader) Len() int { return r.n }

// WriteTo writes the bytes left to w, a chunk at a time, so that xml5.Parse
// copies a body of one chunk without zeroing a buffer for it first.
func (r *bodyReader) WriteTo(w io.Writer) (int64, error) {
	var total int64
	for len(r.chunks) > 0 {
		n, err := w.Write(r.chunks[0][r.off:])
		total += int64(n)
		r.n -= n
		r.off += n
		if r.off == len(r.chunks[0]) {
			r.chunks, r.off = r.chunks[1:], 0
		}
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

// Read copies the next bytes into p.
func (r *bodyReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	total := 0
	for len(p) > 0 && len(r.chunks) > 0 {
		n := copy(p, r.chunks[0][r.off:])
		p = p[n:]
		total += n
		r.off += n
		if r.off == len(r.chunks[0]) {
			r.chunks, r.off = r.chunks[1:], 0
		}
	}
	r.n -= total
	return total, nil
}

// bodyReadError wraps an error met while reading a response body; the
// ErrBodyTooLarge error is returned as it is.
func bodyReadError(err error) error {
	if errors.Is(err, ErrBodyTooLarge) {
		return err
	}
	return wrap("reading the response body", err)
}

// refusedUnread returns the error for a response whose supplied MIME type
// (supplied, apacheBug: suppliedMIMEType of contentTypes) is refused
// whatever its body holds, else nil: sniffMIMEType looks at the body only
// for no type, an unknown one, Apache's text/plain and HTML, and otherwise
// computes the supplied type, which is then refused unless it is XML (or,
// with JSON Feed, JSON).
func refusedUnread(supplied *mimeType, apacheBug, jsonFeed bool, contentTypes []string) *MIMETypeError {
	if supplied == nil || apacheBug || supplied.isXML() || supplied.isHTML() {
		return nil
	}
	switch supplied.essence() {
	case "unknown/unknown", "application/unknown", "*/*":
		return nil
	case "application/feed+json", "application/json":
		if jsonFeed {
			return nil
		}
	}
	e := &MIMETypeError{MIMEType: supplied.String()}
	if len(contentTypes) > 0 {
		e.ContentType = contentTypes[len(contentTypes)-1]
	}
	return e
}

// drainAndClose reads at most drainLimit bytes of body and closes it.
func drainAndClose(body io.ReadCloser) {
	_, _ = io.CopyN(io.Discard, body, drainLimit)
	_ = body.Close()
}

// A maxReader reads from r and fails with an error wrapping ErrBodyTooLarge
// once more than limit bytes would be read.
type maxReader struct {
	r         io.Reader
	remaining int64
	limit     int64
	what      string // what is too long, such as "its gzip-decoded form"; "" for the body
}

// Read reads from the underlying reader, up to the limit.
func (m *maxReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if m.remaining > 0 {
		if int64(len(p)) > m.remaining {
			p = p[:m.remaining]
		}
		n, err := m.r.Read(p)
		m.remaining -= int64(n)
		return n, err
	}
	// At the limit: the body is too large if there is any byte left.
	var one [1]byte
	n, err := m.r.Read(one[:])
	if n > 0 {
		what := ""
		if m.what != "" {
			what = m.what + " is "
		}
		return 0, &wrapError{
			msg:  "feedspec: response body too large: " + what + "longer than " + strconv.FormatInt(m.limit, 10) + " bytes (see WithMaxBodySize)",
			errs: []error{ErrBodyTooLarge},
		}
	}
	return 0, err
}

// joinCut joins the header field values with ", ", stopping once the result
// is longer than maxQuoted bytes (quoteCut cuts it there anyway).
func joinCut(values []string) string {
	var b strings.Builder
	for i, v := range values {
		if i > 0 {
			b.WriteString(", ")
		}
		if room := maxQuoted + 1 - b.Len(); len(v) > room {
			b.WriteString(v[:max(room, 0)])
			break
		}
		b.WriteString(v)
	}
	return b.String()
}

// maxContentCodings is the most content codings (other than identity) a
// response may list in its Content-Encoding header fields. Each coding costs a
// decompressor (tens of kilobytes) and a pass over the body; curl refuses
// more than 5 (CVE-2022-32206), and a feed server has no reason to apply more
// than one. Two leave room for a server that compresses what is already
// compressed.
const maxContentCodings = 2

// contentCodings returns the content codings listed in the Content-Encoding
// header values, lowercased, in the order they were applied. gzip (or
// x-gzip) and deflate are supported; identity is ignored; anything else is
// an error matching ErrContentEncoding, and so are more than
// maxContentCodings codings: both are found before any decompressor is
// built, or a byte of the body read.
func contentCodings(values []string) ([]string, error) {
	var codings [maxContentCodings]string
	n := 0
	for _, v := range values {
		for v != "" {
			c := v
			if i := strings.IndexByte(v, ','); i >= 0 {
				c, v = v[:i], v[i+1:]
			} else {
				v = ""
			}
			c = strings.Trim(c, " \t")
			if c == "" || asciiEqualFold(c, "identity") {
				continue
			}
			if n == maxContentCodings {
				return nil, &wrapError{
					msg: errPrefix + "Content-Encoding " + quoteCut(joinCut(values)) + " lists more than " +
						strconv.Itoa(maxContentCodings) + " content codings (at most " + strconv.Itoa(maxContentCodings) + " are decoded)",
					errs: []error{ErrContentEncoding},
				}
			}
			codings[n] = asciiLower(c)
			n++
		}
	}
	for _, c := range codings[:n] {
		switch c {
		case "gzip", "x-gzip", "deflate":
		default:
			return nil, &wrapError{
				msg:  errPrefix + "unsupported Content-Encoding " + quoteCut(c) + " (gzip and deflate are supported)",
				errs: []error{ErrContentEncoding},
			}
		}
	}
	return codings[:n], nil
}

// decodeContentEncoding wraps r so that it yields the body without the
// content codings (contentCodings), which are removed in the reverse of
// the order they were applied: gzip, and deflate (zlib, or raw deflate as
// some servers send it). When limit > 0, each decoded layer, not only the
// last, fails with an error wrapping ErrBodyTooLarge once it is longer than
// limit bytes: a small layer may inflate to a huge one that inflates to
// almost nothing.
func decodeContentEncoding(r io.Reader, codings []string, limit int64) (io.Reader, error) {
	for i := len(codings) - 1; i >= 0; i-- {
		switch codings[i] {
		case "gzip", "x-gzip":
			zr, err := gzip.NewReader(r)
			if err != nil {
				if err == io.EOF {
					err = io.ErrUnexpectedEOF
				}
				return nil, bodyReadError(fmt.Errorf("gzip Content-Encoding: %w", err))
			}
			r = zr
		case "deflate":
			br := bufio.NewReader(r)
			head, err := br.Peek(2)
			if err != nil && err != io.EOF {
				return nil, bodyReadError(err)
			}
			if len(head) == 2 && head[0]&0x0F == 8 && (uint16(head[0])<<8|uint16(head[1]))%31 == 0 {
				zr, err := zlib.NewReader(br)
				if err != nil {
					return nil, bodyReadError(fmt.Errorf("deflate Content-Encoding: %w", err))
				}
				r = zr
			} else {
				r = flate.NewReader(br)
			}
		}
		if limit > 0 {
			r = &maxReader{r: r, remaining: limit, limit: limit, what: "its " + codings[i] + "-decoded form"}
		}
	}
	return r, nil
}

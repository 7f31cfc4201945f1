package feedspec

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stretchr/testify/require"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// sameAsParseDocument checks that feed and err, what ParseResponse
// returned, are what ParseDocument gives for body with opts: that
// ParseResponse handed the parser the whole body, with that URL and
// charset. The tests observe ParseResponse through real parsing; nothing in
// the package is replaced for them.
func sameAsParseDocument(t *testing.T, feed *Feed, err error, body []byte, opts ...Option) {
	t.Helper()
	want, wantErr := ParseDocument(bytes.NewReader(body), opts...)
	if want == nil {
		require.ErrorIs(t, wantErr, ErrNotFeed, "ParseDocument")
		require.Nil(t, feed, "ParseResponse gave a feed (%v), ParseDocument none", err)
		require.ErrorIs(t, err, ErrNotFeed, "ParseResponse")
		var me *MIMETypeError
		require.False(t, errors.As(err, &me), "the body was not parsed: %v", err)
		return
	}
	require.NoError(t, err, "ParseResponse; ParseDocument gave a feed")
	require.NotNil(t, feed, "ParseResponse; ParseDocument gave a feed")
	got, err := feed.MarshalJSON()
	require.NoError(t, err)
	wantJSON, err := want.MarshalJSON()
	require.NoError(t, err)
	assert.Equal(t, string(wantJSON), string(got), "ParseResponse's feed differs from ParseDocument's")
}

// checkNotParsed checks that ParseResponse gave no feed and an error that
// is not the parser's: ParseDocument never returns a *StatusError, a
// *MIMETypeError or an error wrapping ErrBodyTooLarge or a read error.
func checkNotParsed(t *testing.T, feed *Feed, err error) {
	t.Helper()
	require.Error(t, err, "want no feed and an error")
	require.Nil(t, feed, "want no feed and an error")
}

// newServer starts a loopback test server for h.
func newServer(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// get sends a GET for srv's path with the extra headers hdr (key, value
// pairs) and returns the response.
func get(t *testing.T, srv *httptest.Server, path string, hdr ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
	require.NoError(t, err)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := srv.Client().Do(req)
	require.NoError(t, err)
	return res
}

// serve returns a handler that sends body with the given Content-Type
// header values (none at all for nil: the server's own sniffing is turned
// off) and extra headers (key, value pairs).
func serve(contentType []string, body []byte, hdr ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = contentType
		for i := 0; i+1 < len(hdr); i += 2 {
			w.Header().Add(hdr[i], hdr[i+1])
		}
		_, _ = w.Write(body)
	}
}

const testRSS = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Test feed</title><link>posts/</link>
<item><title>First</title><link>posts/1</link></item>
</channel></rss>`

func TestParseResponseNilResponse(t *testing.T) {
	feed, err := ParseResponse(nil)
	require.Nil(t, feed, "ParseResponse(nil)")
	require.Error(t, err, "ParseResponse(nil)")
	require.NotErrorIs(t, err, ErrNotFeed, "ParseResponse(nil)")
	require.NotErrorIs(t, err, ErrStatus, "ParseResponse(nil)")
	assert.ErrorContains(t, err, "no response")
}

func TestParseResponseStatus(t *testing.T) {
	codes := []int{200, 201, 202, 203, 204, 206, 226, 300, 304, 307, 400, 401, 403, 404, 410, 429, 500, 502, 503}
	for _, code := range codes {
		t.Run(fmt.Sprint(code), func(t *testing.T) {
			srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/rss+xml")
				w.WriteHeader(code)
				if code != 204 && code != 304 {
					_, _ = io.WriteString(w, testRSS)
				}
			})
			res := get(t, srv, "/feed")
			require.Equal(t, code, res.StatusCode, "the client saw another status")
			feed, err := ParseResponse(res)
			if code == 200 {
				require.NoError(t, err, "200")
				require.NotNil(t, feed, "200")
				require.Equal(t, "Test feed", feed.Title.String(), "200")
				return
			}
			checkNotParsed(t, feed, err)
			var se *StatusError
			require.ErrorAs(t, err, &se, "status %d: want a *StatusError", code)
			require.Equal(t, code, se.StatusCode, "status %d: want a *StatusError with that code", code)
			assert.ErrorIs(t, err, ErrStatus, "status %d", code)
			assert.NotErrorIs(t, err, ErrNotFeed, "status %d", code)
			assert.Equal(t, code == 304, errors.Is(err, ErrNotModified), "status %d: errors.Is(err, ErrNotModified)", code)
			assert.ErrorContains(t, err, fmt.Sprint(code), "status %d: the message does not give the status", code)
		})
	}
}

// A trackBody is a response body that records reads and Close.
type trackBody struct {
	r      io.Reader
	read   int
	closed bool
}

func (b *trackBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	b.read += n
	return n, err
}

func (b *trackBody) Close() error { b.closed = true; return nil }

// response makes a response by hand, for cases a server cannot produce.
func response(code int, contentType string, body io.Reader) (*http.Response, *trackBody) {
	tb := &trackBody{r: body}
	res := &http.Response{StatusCode: code, Status: fmt.Sprintf("%d %s", code, http.StatusText(code)),
		Header: http.Header{}, Body: tb}
	if contentType != "" {
		res.Header.Set("Content-Type", contentType)
	}
	return res, tb
}

func TestParseResponseInformationalStatus(t *testing.T) {
	for _, code := range []int{100, 101, 103} {
		res, body := response(code, "application/rss+xml", strings.NewReader(testRSS))
		feed, err := ParseResponse(res)
		var se *StatusError
		assert.Nil(t, feed, "status %d", code)
		if assert.ErrorAs(t, err, &se, "status %d", code) {
			assert.Equal(t, code, se.StatusCode, "status %d: %v", code, err)
		}
		assert.ErrorIs(t, err, ErrStatus, "status %d", code)
		assert.NotErrorIs(t, err, ErrNotFeed, "status %d", code)
		assert.True(t, body.closed, "status %d: body not closed", code)
	}
}

func TestStatusErrorMessage(t *testing.T) {
	assert.Contains(t, (&StatusError{StatusCode: 404}).Error(), "404 Not Found", "without Status")
	assert.Contains(t, (&StatusError{StatusCode: 500, Status: "500 Oops"}).Error(), "500 Oops", "with Status")
}

func TestParseResponseMIMEType(t *testing.T) {
	html := []byte("<!DOCTYPE html><html><head><title>A page</title></head><body><rss></rss></body></html>")
	bigFeed := []byte(`<?xml version="1.0"?><!-- ` + strings.Repeat("padding ", 400) + ` --><rss version="2.0"><channel><title>x</title></channel></rss>`)
	tests := []struct {
		name        string
		contentType []string // nil: no Content-Type header
		body        []byte
		wantMIME    string // "" when the body is parsed; else the MIMETypeError's type
	}{
		{"rss+xml", []string{"application/rss+xml"}, []byte(testRSS), ""},
		{"atom+xml", []string{"application/atom+xml; charset=utf-8"}, []byte(testRSS), ""},
		{"text/xml", []string{"text/xml"}, []byte(testRSS), ""},
		{"application/xml", []string{"application/xml"}, []byte(testRSS), ""},
		{"upper case", []string{"APPLICATION/RSS+XML; CHARSET=UTF-8"}, []byte(testRSS), ""},
		{"svg is XML", []string{"image/svg+xml"}, []byte("<svg/>"), ""},
		{"html label, feed body", []string{"text/html; charset=utf-8"}, []byte(testRSS), ""},
		{"html label, long feed prolog", []string{"text/html"}, bigFeed, "text/html"},
		{"html label, html body", []string{"text/html; charset=utf-8"}, html, "text/html;charset=utf-8"},
		{"octet-stream", []string{"application/octet-stream"}, []byte(testRSS), "application/octet-stream"},
		{"text/plain", []string{"text/plain"}, []byte(testRSS), "text/plain"},
		{"text/plain utf-8", []string{"text/plain; charset=utf-8"}, []byte(testRSS), "text/plain;charset=utf-8"},
		{"json", []string{"application/json"}, []byte(testRSS), "application/json"},
		{"no type, XML declaration", nil, []byte(testRSS), ""},
		{"no type, long body", nil, bigFeed, ""},
		{"no type, no declaration", nil, []byte(`<rss version="2.0"><channel/></rss>`), "text/plain"},
		{"no type, html", nil, html, "text/html"},
		{"no type, empty body", nil, nil, "text/plain"},
		{"unparsable type", []string{"feed"}, []byte(testRSS), ""},
		{"*/*", []string{"*/*"}, []byte(testRSS), ""},
		{"last header wins", []string{"application/rss+xml", "text/plain"}, []byte(testRSS), "text/plain"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t, serve(tt.contentType, tt.body))
			feed, err := ParseResponse(get(t, srv, "/feed.xml"))
			if tt.wantMIME == "" {
				sameAsParseDocument(t, feed, err, tt.body, WithURL(srv.URL+"/feed.xml"))
				return
			}
			checkNotParsed(t, feed, err)
			var me *MIMETypeError
			require.ErrorAs(t, err, &me, "want a *MIMETypeError wrapping ErrNotFeed")
			require.ErrorIs(t, err, ErrNotFeed, "want a *MIMETypeError wrapping ErrNotFeed")
			assert.Equal(t, tt.wantMIME, me.MIMEType, "MIMEType")
			wantCT := ""
			if len(tt.contentType) > 0 {
				wantCT = tt.contentType[len(tt.contentType)-1]
			}
			assert.Equal(t, wantCT, me.ContentType, "ContentType")
			assert.ErrorContains(t, err, tt.wantMIME, "the message does not name the MIME type")
		})
	}
}

// charsetRSS is testRSS with a title whose bytes (not UTF-8) decode to
// different characters in each charset the tests name.
var charsetRSS = []byte(strings.Replace(testRSS, "Test feed", "Test \xC1\xA1\xE0", 1))

func TestParseResponseCharsetAndURL(t *testing.T) {
	tests := []struct {
		name        string
		contentType []string
		opts        []Option
		wantCharset string
		wantURL     string // relative to the server; "-" for an absolute override
	}{
		{"charset given", []string{"application/rss+xml; charset=windows-1251"}, nil, "windows-1251", "/feed.xml"},
		{"charset quoted", []string{`application/rss+xml; charset="Shift_JIS"`}, nil, "Shift_JIS", "/feed.xml"},
		{"charset after other parameters", []string{"text/xml; q=1; charset=koi8-r"}, nil, "koi8-r", "/feed.xml"},
		{"no charset", []string{"application/rss+xml"}, nil, "", "/feed.xml"},
		{"no Content-Type", nil, nil, "", "/feed.xml"},
		{"charset of a sniffed text/html", []string{"text/html; charset=iso-8859-2"}, nil, "iso-8859-2", "/feed.xml"},
		{"charset of the last header", []string{"text/xml; charset=koi8-r", "text/xml; charset=windows-1251"}, nil, "windows-1251", "/feed.xml"},
		{"explicit WithCharset wins", []string{"application/rss+xml; charset=windows-1251"}, []Option{WithCharset("utf-8")}, "utf-8", "/feed.xml"},
		{"explicit WithURL wins", []string{"application/rss+xml"}, []Option{WithURL("https://example.org/x")}, "", "-"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t, serve(tt.contentType, charsetRSS))
			feed, err := ParseResponse(get(t, srv, "/feed.xml"), tt.opts...)
			require.NoError(t, err)
			wantURL := srv.URL + tt.wantURL
			if tt.wantURL == "-" {
				wantURL = "https://example.org/x"
			}
			want := []Option{WithURL(wantURL)}
			if tt.wantCharset != "" {
				want = append(want, WithCharset(tt.wantCharset))
				// The title's bytes decode differently in that charset
				// than in UTF-8.
				plain, _ := ParseDocument(bytes.NewReader(charsetRSS))
				if tt.wantCharset != "utf-8" {
					assert.NotEqual(t, plain.Title.String(), feed.Title.String(), "title: the charset made no difference")
				}
			}
			sameAsParseDocument(t, feed, err, charsetRSS, want...)
			assert.Equal(t, wantURL[:strings.LastIndex(wantURL, "/")+1]+"posts/", feed.PageURL, "page URL")
		})
	}
}

func TestParseResponseRedirectsAndContentLocation(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/old", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/moved/here", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/moved/here", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/feeds/new.xml?x=1", http.StatusFound)
	})
	mux.HandleFunc("/feeds/new.xml", serve([]string{"application/rss+xml"}, []byte(testRSS),
		"Content-Location", "http://elsewhere.example/other/feed.xml"))
	srv := newServer(t, mux.ServeHTTP)

	// testRSS's page URL is "posts/", relative to the document's URL.
	feed, err := ParseResponse(get(t, srv, "/old"))
	require.NoError(t, err)
	assert.Equal(t, srv.URL+"/feeds/posts/", feed.PageURL, "the page URL after redirects")
	feed, err = ParseResponse(get(t, srv, "/feeds/new.xml"))
	require.NoError(t, err)
	assert.Equal(t, srv.URL+"/feeds/posts/", feed.PageURL, "the page URL with a Content-Location")
}

func TestParseResponseWithoutRequest(t *testing.T) {
	res, _ := response(200, "application/rss+xml", strings.NewReader(testRSS))
	feed, err := ParseResponse(res)
	require.NoError(t, err)
	// Without a document URL the relative "posts/" does not parse.
	assert.Empty(t, feed.PageURL, "a response without a request gave a page URL")
	assert.Empty(t, feed.Entries[0].PageURL, "a response without a request gave an entry URL")
	sameAsParseDocument(t, feed, err, []byte(testRSS))
}

// compress returns body compressed with the named coding.
func compress(t *testing.T, coding string, body []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	var w io.WriteCloser
	switch coding {
	case "gzip":
		w = gzip.NewWriter(&buf)
	case "zlib":
		w = zlib.NewWriter(&buf)
	case "flate":
		var err error
		w, err = flate.NewWriter(&buf, flate.DefaultCompression)
		require.NoError(t, err)
	default:
		require.FailNow(t, "unknown coding", coding)
	}
	_, err := w.Write(body)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return buf.Bytes()
}

func TestParseResponseContentEncoding(t *testing.T) {
	body := []byte(testRSS)
	gz := compress(t, "gzip", body)
	tests := []struct {
		name     string
		encoding string
		sent     []byte
		reqHdr   []string // extra request headers
		wantErr  string   // "" for success
	}{
		{"gzip removed by the transport", "gzip", gz, nil, ""},
		{"gzip", "gzip", gz, []string{"Accept-Encoding", "gzip"}, ""},
		{"x-gzip", "x-gzip", gz, []string{"Accept-Encoding", "gzip"}, ""},
		{"GZIP upper case", "GZIP", gz, []string{"Accept-Encoding", "gzip"}, ""},
		{"deflate (zlib)", "deflate", compress(t, "zlib", body), []string{"Accept-Encoding", "deflate"}, ""},
		{"deflate (raw)", "deflate", compress(t, "flate", body), []string{"Accept-Encoding", "deflate"}, ""},
		{"deflate then gzip", "deflate, gzip", compress(t, "gzip", compress(t, "zlib", body)), []string{"Accept-Encoding", "gzip, deflate"}, ""},
		{"identity", "identity", body, nil, ""},
		{"brotli", "br", body, []string{"Accept-Encoding", "br"}, `unsupported Content-Encoding "br"`},
		{"not really gzip", "gzip", body, []string{"Accept-Encoding", "gzip"}, "reading the response body"},
		{"truncated gzip", "gzip", gz[:len(gz)-12], []string{"Accept-Encoding", "gzip"}, "reading the response body"},
		{"corrupt deflate", "deflate", []byte("\x78\x9c\xff\xff\xff"), []string{"Accept-Encoding", "deflate"}, "reading the response body"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t, serve([]string{"application/rss+xml"}, tt.sent, "Content-Encoding", tt.encoding))
			feed, err := ParseResponse(get(t, srv, "/feed.xml", tt.reqHdr...))
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				require.Nil(t, feed)
				assert.NotErrorIs(t, err, ErrNotFeed, "a decoding failure wraps ErrNotFeed")
				return
			}
			sameAsParseDocument(t, feed, err, body, WithURL(srv.URL+"/feed.xml"))
		})
	}
}

func TestParseResponseMaxBodySize(t *testing.T) {
	body := []byte(testRSS)
	n := int64(len(body))
	bomb := compress(t, "gzip", append([]byte(`<?xml version="1.0"?><rss>`), make([]byte, 4<<20)...))
	tests := []struct {
		name     string
		sent     []byte
		encoding string
		opts     []Option
		wantErr  bool
	}{
		{"default limit", body, "", nil, false},
		{"exactly the limit", body, "", []Option{WithMaxBodySize(n)}, false},
		{"one byte over", body, "", []Option{WithMaxBodySize(n - 1)}, true},
		{"limit below the sniffing size", body, "", []Option{WithMaxBodySize(10)}, true},
		{"small body, small limit", body[:20], "", []Option{WithMaxBodySize(20)}, false},
		{"limit removed by a later option", body, "", []Option{WithMaxBodySize(10), WithMaxBodySize(0)}, false},
		{"negative limit is none", body, "", []Option{WithMaxBodySize(-5)}, false},
		{"decoded gzip over the limit", bomb, "gzip", []Option{WithMaxBodySize(1 << 20)}, true},
		{"decoded gzip within the limit", compress(t, "gzip", body), "gzip", []Option{WithMaxBodySize(n)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := []string{}
			if tt.encoding != "" {
				h = []string{"Content-Encoding", tt.encoding}
			}
			srv := newServer(t, serve([]string{"application/rss+xml"}, tt.sent, h...))
			feed, err := ParseResponse(get(t, srv, "/feed.xml", "Accept-Encoding", "gzip"), tt.opts...)
			if tt.wantErr {
				require.ErrorIs(t, err, ErrBodyTooLarge)
				require.Nil(t, feed, "want ErrBodyTooLarge and no feed")
				assert.NotErrorIs(t, err, ErrNotFeed, "unclear error")
				assert.ErrorContains(t, err, "WithMaxBodySize", "unclear error")
				return
			}
			plain := tt.sent
			if tt.encoding != "" {
				plain = body
			}
			sameAsParseDocument(t, feed, err, plain, WithURL(srv.URL+"/feed.xml"))
		})
	}
}

// An errReader yields data and then fails with err.
type errReader struct {
	data []byte
	err  error
}

func (r *errReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestParseResponseBodyError(t *testing.T) {
	long := []byte(testRSS + strings.Repeat("<!-- padding -->", 300))
	for _, cut := range []int{0, 100, resourceHeaderSize, 3000} {
		t.Run(fmt.Sprintf("server stops after %d bytes", cut), func(t *testing.T) {
			srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/rss+xml")
				w.Header().Set("Content-Length", fmt.Sprint(len(long)))
				_, _ = w.Write(long[:cut])
				w.(http.Flusher).Flush()
				panic(http.ErrAbortHandler) // closes the connection mid-body
			})
			feed, err := ParseResponse(get(t, srv, "/feed.xml"))
			require.Error(t, err, "want a read error")
			require.Nil(t, feed, "want a read error")
			assert.NotErrorIs(t, err, ErrNotFeed, "unclear error")
			assert.ErrorContains(t, err, "reading the response body", "unclear error")
			assert.ErrorIs(t, err, io.ErrUnexpectedEOF, "the transport's error is not wrapped")
		})
	}

	boom := errors.New("boom")
	for _, cut := range []int{0, 10, 2000} {
		res, tb := response(200, "application/rss+xml", &errReader{data: long[:cut], err: boom})
		feed, err := ParseResponse(res)
		assert.Nil(t, feed, "error after %d bytes", cut)
		assert.ErrorIs(t, err, boom, "error after %d bytes", cut)
		assert.True(t, tb.closed, "error after %d bytes: body not closed", cut)
	}
}

// TestParseResponseClosesBody: the body is read to its end when parsed,
// and closed unread when refused for its status or its type (but for the
// bytes sniffing reads, for a type it must sniff).
func TestParseResponseClosesBody(t *testing.T) {
	long := testRSS + strings.Repeat(" ", 100000)
	tests := []struct {
		name        string
		code        int
		contentType string
		opts        []Option
		wantRead    int // -1: all of it
	}{
		{"parsed", 200, "application/rss+xml", nil, -1},
		{"not found", 404, "application/rss+xml", nil, 0},
		{"unavailable", 503, "text/html", nil, 0},
		{"not XML", 200, "image/png", nil, 0},
		{"JSON, without JSON Feed", 200, "application/json", nil, 0},
		{"JSON Feed, without JSON Feed", 200, "application/feed+json", nil, 0},
		{"JSON Feed, with JSON Feed", 200, "application/feed+json", []Option{WithJSONFeed()}, -1},
		// Apache's text/plain is sniffed: text, refused once sniffed.
		{"text/plain, sniffed (Apache's type)", 200, "text/plain; charset=ISO-8859-1", nil, resourceHeaderSize},
		{"no type, sniffed", 200, "", nil, -1},
		{"application/octet-stream", 200, "application/octet-stream", nil, 0},
	}
	for _, tt := range tests {
		res, body := response(tt.code, tt.contentType, strings.NewReader(long))
		if tt.contentType == "" {
			res.Header.Del("Content-Type")
		}
		_, _ = ParseResponse(res, tt.opts...)
		assert.True(t, body.closed, "%s: body not closed", tt.name)
		want := tt.wantRead
		if want < 0 {
			want = len(long)
		}
		assert.Equal(t, want, body.read, "%s: bytes read", tt.name)
	}
}

// oneByteReader returns one byte per Read.
type oneByteReader struct{ r io.Reader }

func (o oneByteReader) Read(p []byte) (int, error) {
	if len(p) > 1 {
		p = p[:1]
	}
	return o.r.Read(p)
}

func TestReadResourceHeader(t *testing.T) {
	src := bytes.NewReader(bytes.Repeat([]byte("a"), 5000))
	header, err := readResourceHeader(oneByteReader{src})
	require.NoError(t, err)
	require.Len(t, header, resourceHeaderSize)
	assert.Equal(t, resourceHeaderSize, 5000-src.Len(), "bytes read ahead")
	header, err = readResourceHeader(strings.NewReader("short"))
	assert.NoError(t, err, "short body")
	assert.Equal(t, "short", string(header), "short body")
}

// The tests below run the real parser.

// mustParse runs ParseResponse on a response from srv's path and fails the
// test on an error.
func mustParse(t *testing.T, srv *httptest.Server, path string, hdr ...string) *Feed {
	t.Helper()
	feed, err := ParseResponse(get(t, srv, path, hdr...))
	require.NoError(t, err, "ParseResponse")
	return feed
}

func TestParseResponseDecodesCharset(t *testing.T) {
	const title = "Новости дня"
	rss := func(decl string) string {
		return decl + `<rss version="2.0"><channel><title>` + title + `</title></channel></rss>`
	}
	cp1251 := func(s string) []byte {
		b, err := charmap.Windows1251.NewEncoder().String(s)
		require.NoError(t, err)
		return []byte(b)
	}
	utf16le := func(s string) []byte {
		b, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().String(s)
		require.NoError(t, err)
		return []byte(b)
	}
	tests := []struct {
		name        string
		contentType string
		body        []byte
	}{
		{"charset parameter", "application/rss+xml; charset=windows-1251", cp1251(rss(""))},
		{"charset parameter and the same declaration", "application/rss+xml; charset=windows-1251",
			cp1251(rss(`<?xml version="1.0" encoding="windows-1251"?>`))},
		{"charset parameter beats the XML declaration", "application/rss+xml; charset=windows-1251",
			cp1251(rss(`<?xml version="1.0" encoding="utf-8"?>`))},
		{"charset parameter of a sniffed text/html", "text/html; charset=windows-1251", cp1251(rss(""))},
		{"declaration alone", "application/rss+xml", cp1251(rss(`<?xml version="1.0" encoding="windows-1251"?>`))},
		{"UTF-8 BOM beats both", "application/rss+xml; charset=windows-1251",
			[]byte("\xEF\xBB\xBF" + rss(`<?xml version="1.0" encoding="windows-1251"?>`))},
		{"UTF-16 BOM beats both", "application/rss+xml; charset=windows-1251",
			utf16le(rss(`<?xml version="1.0" encoding="windows-1251"?>`))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t, serve([]string{tt.contentType}, tt.body))
			feed := mustParse(t, srv, "/feed.xml")
			assert.Equal(t, title, feed.Title.String(), "title")
		})
	}
}

func TestParseResponseResolvesAgainstFinalURL(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/old/feed", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/blog/feed.xml", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/blog/feed.xml", serve([]string{"application/rss+xml"}, []byte(testRSS),
		"Content-Location", "http://elsewhere.example/x/feed.xml"))
	srv := newServer(t, mux.ServeHTTP)

	for _, path := range []string{"/old/feed", "/blog/feed.xml"} {
		feed := mustParse(t, srv, path)
		assert.Equal(t, srv.URL+"/blog/posts/", feed.PageURL, "%s: page URL", path)
		require.Len(t, feed.Entries, 1, path)
		assert.Equal(t, srv.URL+"/blog/posts/1", feed.Entries[0].PageURL, "%s: entry URL", path)
	}
}

func TestParseResponseRealParser(t *testing.T) {
	atom := `<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom</title></feed>`
	tests := []struct {
		name        string
		contentType []string
		body        []byte
		encoding    string
		wantTitle   string // "" for not a feed
	}{
		{"rss", []string{"application/rss+xml"}, []byte(testRSS), "", "Test feed"},
		{"atom as text/html", []string{"text/html"}, []byte(atom), "", "Atom"},
		{"rss as text/html", []string{"text/html; charset=utf-8"}, []byte(testRSS), "", "Test feed"},
		{"no Content-Type", nil, []byte(testRSS), "", "Test feed"},
		{"gzip", []string{"application/rss+xml"}, compress(t, "gzip", []byte(testRSS)), "gzip", "Test feed"},
		{"deflate", []string{"application/rss+xml"}, compress(t, "zlib", []byte(testRSS)), "deflate", "Test feed"},
		{"XML that is not a feed", []string{"application/xml"}, []byte("<html/>"), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var h []string
			if tt.encoding != "" {
				h = []string{"Content-Encoding", tt.encoding}
			}
			srv := newServer(t, serve(tt.contentType, tt.body, h...))
			feed, err := ParseResponse(get(t, srv, "/f", "Accept-Encoding", "gzip, deflate"))
			if tt.wantTitle == "" {
				var me *MIMETypeError
				require.Nil(t, feed, "want the parser's not-a-feed")
				require.ErrorIs(t, err, ErrNotFeed, "want the parser's not-a-feed")
				require.False(t, errors.As(err, &me), "err %v; want the parser's not-a-feed", err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.wantTitle, feed.Title.String(), "title")
		})
	}
}

func TestParseResponseFetchesNoExternalEntity(t *testing.T) {
	var mu sync.Mutex
	entityRequests := 0
	mux := http.NewServeMux()
	mux.HandleFunc("/entity", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		entityRequests++
		mu.Unlock()
		_, _ = io.WriteString(w, "fetched")
	})
	var srvURL string
	mux.HandleFunc("/feed.xml", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		_, _ = io.WriteString(w, `<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY ext SYSTEM "`+srvURL+`/entity"> <!ENTITY % pe SYSTEM "`+srvURL+`/entity"> %pe;]>
<rss version="2.0"><channel><title>a&ext;b</title></channel></rss>`)
	})
	srv := newServer(t, mux.ServeHTTP)
	srvURL = srv.URL

	feed := mustParse(t, srv, "/feed.xml")
	mu.Lock()
	defer mu.Unlock()
	assert.Zero(t, entityRequests, "the parser fetched the external entity")
	assert.NotContains(t, feed.Title.String(), "fetched", "the title holds the external entity's text")
}

package feedspec

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"net/netip"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"

	"github.com/stretchr/testify/require"
)

// maxMessage is the longest error message the table accepts: a message
// quotes at most maxQuoted bytes of each document or response string.
const maxMessage = 400

// An errorCase is one error path: how to reach it, and what the error must
// match.
type errorCase struct {
	name string
	// err returns the error; a case whose error is nil fails.
	err func(t *testing.T) error
	// is lists errors errors.Is must find; isNot, errors it must not.
	is, isNot []error
	// as is a pointer to a variable of an error type errors.As must find.
	as any
	// contains are substrings of the message.
	contains []string
}

// binaryName is a root element name made of bytes no message should print
// raw: control characters, invalid UTF-8 and a long tail.
var binaryName = "x\x01\x02\x1b[31m\xff\xfe" + strings.Repeat("\u00e9z", 500)

// errorCases lists every error the package returns (TestErrorSitesCovered
// checks that every "feedspec: " message in the source appears in one).
func errorCases(t *testing.T) []errorCase {
	html := []byte(`<!DOCTYPE html><html><head><title>Blog</title>
<link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml">
<link rel="alternate" type="application/atom+xml" href="atom.xml">
</head><body><p>Hello</p></body></html>`)
	xhtml := []byte(`<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head>
<link rel="alternate" type="application/atom+xml" href="/atom.xml"/></head><body/></html>`)
	mux := http.NewServeMux()
	mux.HandleFunc("/feed.xml", serve([]string{"application/rss+xml"}, []byte(testRSS)))
	mux.HandleFunc("/blog/", serve([]string{"text/html; charset=utf-8"}, html))
	mux.HandleFunc("/xhtml", serve([]string{"application/xhtml+xml"}, xhtml))
	mux.HandleFunc("/nofeeds", serve([]string{"text/html"}, []byte("<p>nothing here")))
	mux.HandleFunc("/png", serve([]string{"image/png"}, []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")))
	mux.HandleFunc("/binary", serve([]string{"application/xml"}, []byte("<"+binaryName+"/>")))
	mux.HandleFunc("/500", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(500) })
	mux.HandleFunc("/304", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(304) })
	mux.HandleFunc("/404", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) })
	mux.HandleFunc("/to-metadata", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
	})
	mux.HandleFunc("/br", serve([]string{"application/rss+xml"}, []byte(testRSS), "Content-Encoding", "br"))
	srv := newServer(t, mux.ServeHTTP)
	fetch := func(path string) error {
		_, err := (&Fetcher{Client: srv.Client()}).Fetch(context.Background(), srv.URL+path, nil)
		return err
	}
	parseResponse := func(path string, opts ...Option) error {
		_, err := ParseResponse(get(t, srv, path), opts...)
		return err
	}
	parseDocument := func(doc string, opts ...Option) func(*testing.T) error {
		return func(*testing.T) error {
			_, err := ParseDocument(strings.NewReader(doc), opts...)
			return err
		}
	}
	// encoded parses a response with the Content-Encoding coding (which the
	// client's transport would decode itself for gzip).
	encoded := func(coding, body string) error {
		res, _ := response(200, "application/rss+xml", strings.NewReader(body))
		res.Header.Set("Content-Encoding", coding)
		_, err := ParseResponse(res)
		return err
	}
	reset := errors.New("connection reset")
	var (
		statusErr *StatusError
		mimeErr   *MIMETypeError
		pageErr   *HTMLPageError
		fetchErr  *FetchError
		urlErr    *url.Error
		limitErr  *LimitError
	)
	return []errorCase{
		// The sentinels.
		{name: "ErrNotFeed", err: func(*testing.T) error { return ErrNotFeed }},
		{name: "ErrStatus", err: func(*testing.T) error { return ErrStatus }},
		{name: "ErrNotModified", err: func(*testing.T) error { return ErrNotModified }},
		{name: "ErrBodyTooLarge", err: func(*testing.T) error { return ErrBodyTooLarge }},
		{name: "ErrForbiddenAddress", err: func(*testing.T) error { return ErrForbiddenAddress }},

		// ParseDocument.
		{name: "no root element", err: parseDocument("<!-- nothing -->"),
			is: []error{ErrNotFeed}, contains: []string{"the document has no root element"}},
		{name: "root element in no namespace", err: parseDocument("<feed/>"),
			is: []error{ErrNotFeed}, contains: []string{`the root element is "feed" in no namespace`}},
		{name: "root element in a namespace", err: parseDocument(`<html xmlns="http://www.w3.org/1999/xhtml"/>`),
			is: []error{ErrNotFeed}, contains: []string{`"html" in namespace "http://www.w3.org/1999/xhtml"`}},
		{name: "binary root element", err: parseDocument("<" + binaryName + ` xmlns="` + binaryName + `"/>`),
			is: []error{ErrNotFeed}, contains: []string{`the root element is "x\x01\x02\x1b[31m`, `"... in namespace "x\x01`}},
		{name: "read error, feed kept", err: func(*testing.T) error {
			feed, err := ParseDocument(&failingReader{data: "<rss><channel><item><title>A</title></item><item>", err: reset})
			if assert.NotNil(t, feed, "read error: feed") {
				assert.Len(t, feed.Entries, 2, "read error: feed %v", feed)
			}
			return err
		}, is: []error{reset}, isNot: []error{ErrNotFeed}, contains: []string{"reading the document: connection reset"}},
		{name: "read error, not a feed", err: func(*testing.T) error {
			_, err := ParseDocument(&failingReader{data: "<html><body>", err: reset})
			return err
		}, is: []error{reset, ErrNotFeed},
			contains: []string{`reading the document: connection reset; what was read is not a feed: the root element is "html"`}},
		{name: "limit", err: parseDocument("<rss>"+strings.Repeat("<a>", 50), WithLimits(Limits{MaxDepth: 10})),
			is: []error{ErrLimit}, as: &limitErr, contains: []string{"reading the document: xml5: limit reached: MaxDepth (10)"}},
		{name: "limit, not a feed", err: parseDocument("<x>"+strings.Repeat("<a>", 50), WithLimits(Limits{MaxDepth: 10})),
			is: []error{ErrLimit, ErrNotFeed}, contains: []string{"what was read is not a feed"}},

		// JSON Feed (WithJSONFeed).
		{name: "JSON Feed, invalid JSON", err: parseDocument(`{"version": `, WithJSONFeed()),
			is: []error{ErrNotFeed}, contains: []string{"not a feed: not a JSON Feed: invalid JSON"}},
		{name: "JSON Feed, no version", err: parseDocument(`{}`, WithJSONFeed()),
			is: []error{ErrNotFeed}, contains: []string{"not a JSON Feed: the top-level object has no version"}},
		{name: "JSON Feed, version not a string", err: parseDocument(`{"version": 1}`, WithJSONFeed()),
			is: []error{ErrNotFeed}, contains: []string{"not a JSON Feed: version is a number, not a string"}},
		{name: "JSON Feed, unknown version", err: parseDocument(`{"version": "`+strings.Repeat("v", 300)+`"}`, WithJSONFeed()),
			is: []error{ErrNotFeed}, contains: []string{`not a JSON Feed: version "vvv`, `"... is not a JSON Feed version URL`}},
		{name: "JSON Feed, items not an array", err: parseDocument(`{"version": "https://jsonfeed.org/version/1.1", "items": {}}`, WithJSONFeed()),
			is: []error{ErrNotFeed}, contains: []string{"not a JSON Feed: items is an object, not an array"}},
		{name: "JSON Feed, read error", err: func(*testing.T) error {
			_, err := ParseDocument(&failingReader{data: `{"version"`, err: reset}, WithJSONFeed())
			return err
		}, is: []error{reset, ErrNotFeed}, contains: []string{"reading the document: connection reset; what was read is not a feed"}},
		{name: "JSON Feed, too long", err: parseDocument(`{"version": "https://jsonfeed.org/version/1.1", "items": []}`, WithJSONFeed(), WithLimits(Limits{MaxInputBytes: 20})),
			is: []error{ErrLimit, ErrNotFeed}, as: &limitErr, contains: []string{"MaxInputBytes (20)", "(not a feed: the JSON document is cut short)"}},
		{name: "JSON Feed, too deep", err: parseDocument(`{"version": "https://jsonfeed.org/version/1.1", "items": [`+strings.Repeat("[", 30)+`]}`, WithJSONFeed(), WithLimits(Limits{MaxDepth: 10})),
			is: []error{ErrLimit, ErrNotFeed}, contains: []string{"MaxDepth (10)", "(not a feed: the JSON document is not read)"}},
		{name: "JSON Feed, too many items", err: parseDocument(`{"version": "https://jsonfeed.org/version/1.1", "items": [{}, {}, {}]}`, WithJSONFeed(), WithLimits(Limits{MaxItems: 2})),
			is: []error{ErrLimit}, isNot: []error{ErrNotFeed}, contains: []string{"MaxItems (2)"}},

		// ParseResponse.
		{name: "nil response", err: func(*testing.T) error { _, err := ParseResponse(nil); return err },
			isNot: []error{ErrNotFeed, ErrStatus}, contains: []string{"no response"}},
		{name: "status 404", err: func(*testing.T) error { return parseResponse("/404") },
			is: []error{ErrStatus}, isNot: []error{ErrNotFeed, ErrNotModified}, as: &statusErr,
			contains: []string{"response status is 404 Not Found, not 200"}},
		{name: "status 304", err: func(*testing.T) error { return parseResponse("/304") },
			is: []error{ErrStatus, ErrNotModified}, isNot: []error{ErrNotFeed}, as: &statusErr,
			contains: []string{"304 Not Modified"}},
		{name: "status with a garbled reason", err: func(*testing.T) error {
			res, _ := response(503, "", strings.NewReader(""))
			res.Status = "503 \x00\xff" + strings.Repeat("slow ", 100)
			_, err := ParseResponse(res)
			return err
		}, is: []error{ErrStatus}, contains: []string{"response status is 503 Service Unavailable, not 200"}},
		{name: "MIME type", err: func(*testing.T) error { return parseResponse("/png") },
			is: []error{ErrNotFeed}, as: &mimeErr,
			contains: []string{`not a feed: computed MIME type "image/png" (Content-Type "image/png") is not an XML MIME type`}},
		{name: "MIME type, no Content-Type", err: func(*testing.T) error {
			res, _ := response(200, "", strings.NewReader("just text"))
			_, err := ParseResponse(res)
			return err
		}, is: []error{ErrNotFeed}, as: &mimeErr, contains: []string{"(no Content-Type)"}},
		{name: "HTML page", err: func(*testing.T) error {
			err := parseResponse("/blog/")
			if errors.As(err, &pageErr) {
				want := []FeedLink{
					{URL: srv.URL + "/feed.xml", Type: "application/rss+xml", Title: "Posts", Source: "link"},
					{URL: srv.URL + "/blog/atom.xml", Type: "application/atom+xml", Source: "link"},
				}
				assert.True(t, equalFeedLinks(pageErr.Feeds, want), "HTML page: feeds %+v", pageErr.Feeds)
				assert.Equal(t, srv.URL+"/blog/", pageErr.URL, "HTML page: URL")
			}
			return err
		}, is: []error{ErrNotFeed}, as: &mimeErr,
			contains: []string{`the response is an HTML page ("text/html;charset=utf-8") that links to 2 feeds, the first "` + srv.URL + `/feed.xml"`}},
		{name: "HTML page linking to no feed", err: func(*testing.T) error { return parseResponse("/nofeeds") },
			is: []error{ErrNotFeed}, as: &pageErr, contains: []string{"that links to no feed"}},
		{name: "XHTML page", err: func(*testing.T) error {
			err := parseResponse("/xhtml")
			if errors.As(err, &pageErr) && assert.Len(t, pageErr.Feeds, 1, "XHTML page: feeds %+v", pageErr.Feeds) {
				assert.Equal(t, srv.URL+"/atom.xml", pageErr.Feeds[0].URL, "XHTML page: feeds %+v", pageErr.Feeds)
			}
			var me *MIMETypeError
			assert.False(t, errors.As(err, &me), "an XHTML page's error has a *MIMETypeError: %v", err)
			return err
		}, is: []error{ErrNotFeed}, as: &pageErr, contains: []string{`HTML page ("application/xhtml+xml") that links to 1 feed, "`}},
		{name: "binary body", err: func(*testing.T) error { return parseResponse("/binary") },
			is: []error{ErrNotFeed}, contains: []string{`the root element is "x\x01\x02`}},
		{name: "body too large", err: func(*testing.T) error { return parseResponse("/feed.xml", WithMaxBodySize(16)) },
			is: []error{ErrBodyTooLarge}, isNot: []error{ErrNotFeed},
			contains: []string{"response body too large: longer than 16 bytes (see WithMaxBodySize)"}},
		{name: "unsupported Content-Encoding", err: func(*testing.T) error { return parseResponse("/br") },
			isNot: []error{ErrNotFeed}, contains: []string{`unsupported Content-Encoding "br"`}},
		{name: "broken gzip", err: func(*testing.T) error { return encoded("gzip", "not gzip at all") },
			isNot: []error{ErrNotFeed}, contains: []string{"reading the response body: gzip Content-Encoding: gzip: invalid header"}},
		{name: "broken deflate", err: func(*testing.T) error { return encoded("deflate", "\x78\xbb") },
			isNot: []error{ErrNotFeed}, contains: []string{"reading the response body: deflate Content-Encoding: unexpected EOF"}},
		{name: "broken raw deflate", err: func(*testing.T) error { return encoded("deflate", "\xff\xff\xff\xff") },
			isNot: []error{ErrNotFeed}, contains: []string{"reading the response body: flate: corrupt input"}},
		{name: "body read error", err: func(*testing.T) error {
			res, _ := response(200, "application/rss+xml", &failingReader{data: testRSS[:50], err: reset})
			_, err := ParseResponse(res)
			return err
		}, is: []error{reset}, isNot: []error{ErrNotFeed}, contains: []string{"reading the response body: connection reset"}},

		// Fetch.
		{name: "fetch, status", err: func(*testing.T) error { return fetch("/500") },
			is: []error{ErrStatus}, isNot: []error{ErrNotFeed}, as: &statusErr,
			contains: []string{`fetching "` + srv.URL + `/500": response status is 500 Internal Server Error, not 200`}},
		{name: "fetch, HTML page", err: func(*testing.T) error { return fetch("/blog/") },
			is: []error{ErrNotFeed}, as: &pageErr, contains: []string{`fetching "` + srv.URL + `/blog/": not a feed: the response is an HTML page`}},
		{name: "fetch, bad URL", err: func(*testing.T) error { return fetch("/%zz") },
			as: &fetchErr, contains: []string{`fetching "` + srv.URL + `/%zz": building the request: parse`}},
		{name: "fetch, network error", err: func(*testing.T) error {
			closed := newServer(t, serve(nil, nil))
			closed.Close()
			_, err := (&Fetcher{AllowPrivateNetworks: true}).Fetch(context.Background(), closed.URL+"/feed.xml", nil)
			if err != nil {
				assert.Equal(t, 1, strings.Count(err.Error(), closed.URL), "the URL is not named once: %v", err)
			}
			return err
		}, as: &urlErr, contains: []string{"/feed.xml\": dial tcp"}},
		{name: "fetch, forbidden address", err: func(*testing.T) error {
			_, err := (&Fetcher{}).Fetch(context.Background(), srv.URL+"/feed.xml", nil)
			return err
		}, is: []error{ErrForbiddenAddress}, isNot: []error{ErrNotFeed, ErrStatus}, as: &urlErr,
			contains: []string{`fetching "` + srv.URL + `/feed.xml": refusing to connect to ` +
				strings.TrimPrefix(srv.URL, "http://") + ": a loopback address, not a public internet address"}},
		{name: "fetch, forbidden address after a redirect", err: func(*testing.T) error {
			origin := netip.MustParseAddrPort(srv.Listener.Addr().String())
			client := &http.Client{Transport: guardTransport(nil, func(ap netip.AddrPort) bool { return ap == origin })}
			_, err := (&Fetcher{Client: client}).Fetch(context.Background(), srv.URL+"/to-metadata", nil)
			return err
		}, is: []error{ErrForbiddenAddress}, as: &fetchErr,
			contains: []string{`fetching "` + srv.URL + `/to-metadata": following a redirect to ` +
				`"http://169.254.169.254/latest/meta-data/": refusing to connect to 169.254.169.254:80: a link-local address`}},
		{name: "fetch, body read error", err: func(*testing.T) error {
			ctx, cancel := context.WithCancel(context.Background())
			slow := newServer(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/rss+xml")
				_, _ = w.Write([]byte(testRSS[:40]))
				w.(http.Flusher).Flush()
				time.Sleep(100 * time.Millisecond) // Fetch reads the body
				cancel()
				<-r.Context().Done()
			})
			_, err := (&Fetcher{Client: slow.Client()}).Fetch(ctx, slow.URL, nil)
			return err
		}, is: []error{context.Canceled}, as: &fetchErr, contains: []string{"reading the response body: context canceled"}},

		// The toolkit.
		{name: "CanonicalURL", err: func(*testing.T) error {
			_, err := CanonicalURL("/relative/" + binaryName)
			return err
		}, contains: []string{`canonical URL: cannot parse "/relative/x\x01`}},
		{name: "CanonicalURL, too many slashes", err: func(*testing.T) error {
			_, err := CanonicalURL("https://example.com/" + strings.Repeat("a/", 70))
			return err
		}, is: []error{ErrLimit}, contains: []string{`canonical URL: limit reached: "https://example.com/a/a/`, `has 73 slashes before its query, more than 64`}},
		{name: "DiscoverFeeds, page URL", err: func(*testing.T) error {
			_, err := DiscoverFeeds(strings.NewReader(""), "not absolute")
			return err
		}, contains: []string{`discover feeds: page URL "not absolute" is not an absolute URL`}},
		{name: "DiscoverFeeds, read error", err: func(*testing.T) error {
			_, err := DiscoverFeeds(&failingReader{data: "<html>", err: reset}, "")
			return err
		}, is: []error{reset}, contains: []string{"discover feeds: reading the page: connection reset"}},
		{name: "DiscoverFeeds, read error after the head", err: func(*testing.T) error {
			_, err := DiscoverFeeds(&failingReader{data: strings.Repeat("<p>x</p>", 200), err: reset}, "")
			return err
		}, is: []error{reset}, contains: []string{"discover feeds: reading the page: connection reset"}},
		{name: "DiscoverFeeds, MaxDiscoverCandidates", err: func(*testing.T) error {
			var page strings.Builder
			for i := 0; i <= MaxDiscoverCandidates; i++ {
				fmt.Fprintf(&page, `<a href="/rss?n=%d">x</a>`, i)
			}
			_, err := DiscoverFeeds(strings.NewReader(page.String()), "https://example.com/")
			return err
		}, is: []error{ErrLimit}, contains: []string{"discover feeds: limit reached: the page has more than 1000 links that may be feeds (MaxDiscoverCandidates)"}},
		{name: "DiscoverFeeds, MaxDiscoverBytes", err: func(*testing.T) error {
			// As at 16 MiB (TestDiscoverFeedsByteLimit), with a limit of 10.
			_, err := discoverFeeds(strings.NewReader("<p>a page longer than 10 bytes</p>"), "https://example.com/", 10)
			return err
		}, is: []error{ErrLimit}, contains: []string{"discover feeds: limit reached: the page is longer than 10 bytes (MaxDiscoverBytes); the feeds in its first 10 bytes are returned"}},
		{name: "CommonFeedURLs, relative", err: func(*testing.T) error {
			_, err := CommonFeedURLs("/blog")
			return err
		}, contains: []string{`common feed URLs: "/blog" is not an absolute URL`}},
		{name: "CommonFeedURLs, scheme", err: func(*testing.T) error {
			_, err := CommonFeedURLs("ftp://example.com/")
			return err
		}, contains: []string{`common feed URLs: "ftp://example.com/" is not an http or https URL`}},
		{name: "ContentBytes", err: func(t *testing.T) error {
			f, err := ParseDocument(strings.NewReader(atomEntryDoc(`<content type="application/pdf">not base64!</content>`)))
			require.NoError(t, err, "parse")
			require.Len(t, f.Entries, 1, "entries")
			_, err = f.Entries[0].ContentBytes()
			return err
		}, is: []error{ErrBase64Content}, contains: []string{"content is not valid Base64: byte 9 of the text"}},
		{name: "ParseDate", err: func(*testing.T) error {
			_, _, err := ParseDate("Mon, 32 " + binaryName)
			return err
		}, contains: []string{`cannot read date "Mon, 32 x\x01`}},
	}
}

// equalFeedLinks reports whether a and b hold the same links.
func equalFeedLinks(a, b []FeedLink) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// checkMessage checks the rules every error message follows.
func checkMessage(t *testing.T, msg string) {
	t.Helper()
	assert.True(t, strings.HasPrefix(msg, "feedspec: ") && strings.Count(msg, "feedspec:") == 1, "message %q does not start with \"feedspec: \" exactly once", msg)
	assert.LessOrEqual(t, len(msg), maxMessage, "message is too long: %.200q...", msg)
	assert.True(t, utf8.ValidString(msg), "message %q is not valid UTF-8", msg)
	for _, r := range msg {
		if !assert.False(t, unicode.IsControl(r), "message %q holds the control character %U", msg, r) {
			break
		}
	}
}

// TestErrorMessages runs every error path of errorCases: each message starts
// with "feedspec: " once, quotes what it takes from the input, stays short,
// and matches what a caller tests with errors.Is and errors.As.
func TestErrorMessages(t *testing.T) {
	for _, tc := range errorCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.err(t)
			require.Error(t, err, "no error")
			msg := err.Error()
			checkMessage(t, msg)
			for _, want := range tc.is {
				assert.ErrorIs(t, err, want)
			}
			for _, not := range tc.isNot {
				assert.NotErrorIs(t, err, not)
			}
			if tc.as != nil {
				assert.ErrorAs(t, err, tc.as)
			}
			for _, want := range tc.contains {
				assert.Contains(t, msg, want)
			}
		})
	}
}

// errorSiteExceptions are "feedspec: " strings of the source that no caller
// sees as an error message.
var errorSiteExceptions = map[string]string{}

// TestErrorSitesCovered reads the package's source and checks that the
// constant text of every string literal starting with "feedspec: " (the
// part before the first formatting verb) appears in the message of one of
// errorCases, so that a new error path cannot be added without a case.
func TestErrorSitesCovered(t *testing.T) {
	var msgs []string
	for _, tc := range errorCases(t) {
		if err := tc.err(t); err != nil {
			msgs = append(msgs, err.Error())
		}
	}
	all := strings.Join(msgs, "\n")
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	sites := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		require.NoError(t, err)
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || !strings.HasPrefix(s, "feedspec: ") {
				return true
			}
			if _, ok := errorSiteExceptions[s]; ok {
				return true
			}
			sites++
			fixed, _, _ := strings.Cut(s, "%")
			fixed = strings.TrimPrefix(fixed, "feedspec: ")
			if fixed != "" {
				assert.Contains(t, all, fixed, "%s: no case of errorCases gives the message %q", fset.Position(lit.Pos()), s)
			}
			return true
		})
	}
	assert.GreaterOrEqual(t, sites, 20, "found only %d error sites: is the source scan broken?", sites)
}

// TestQuoteCut checks the quoting of document bytes in messages.
func TestQuoteCut(t *testing.T) {
	tests := []struct{ in, want string }{
		{"rss", `"rss"`},
		{"a\x00b\xff", `"a\x00b\xff"`},
		{strings.Repeat("a", maxQuoted), strconv.Quote(strings.Repeat("a", maxQuoted))},
		{strings.Repeat("a", maxQuoted+1), strconv.Quote(strings.Repeat("a", maxQuoted)) + "..."},
		// A multi-byte character is not cut in two.
		{strings.Repeat("a", maxQuoted-1) + "é", strconv.Quote(strings.Repeat("a", maxQuoted-1)) + "..."},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, quoteCut(tt.in), "quoteCut(%q)", tt.in)
	}
}

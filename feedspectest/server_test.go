package feedspectest_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/feedspectest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const atomFeed = `<feed xmlns="http://www.w3.org/2005/Atom"><title>Example</title>
<entry><id>tag:example.com,2024:1</id><title>One</title><link href="/one"/></entry></feed>`

var modTime = time.Date(2024, 3, 4, 5, 6, 7, 0, time.UTC)

func newServer(t *testing.T) *feedspectest.Server {
	t.Helper()
	s := feedspectest.NewServer(fstest.MapFS{
		"feed.atom":       {Data: []byte(atomFeed), ModTime: modTime},
		"feeds/rss.xml":   {Data: []byte(`<rss version="2.0"><channel><title>RSS</title></channel></rss>`)},
		"feeds/page.html": {Data: []byte(`<!DOCTYPE html><title>page</title>`)},
		"other.bin":       {Data: []byte(`<?xml version="1.0"?><rss/>`)},
	})
	t.Cleanup(s.Close)
	return s
}

// get GETs path with the headers given as name, value pairs.
func get(t *testing.T, s *feedspectest.Server, path string, header ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, s.URL+path, nil)
	require.NoError(t, err)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := s.Client().Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res, body
}

func TestServerDefaults(t *testing.T) {
	s := newServer(t)
	res, body := get(t, s, "/feed.atom")
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, atomFeed, string(body))
	assert.Equal(t, "application/atom+xml", res.Header.Get("Content-Type"))
	assert.Equal(t, "Mon, 04 Mar 2024 05:06:07 GMT", res.Header.Get("Last-Modified"))
	etag := res.Header.Get("ETag")
	assert.Regexp(t, `^"[0-9a-f]{16}"$`, etag)

	res, _ = get(t, s, "/feeds/rss.xml")
	assert.Equal(t, "application/xml", res.Header.Get("Content-Type"))
	assert.Equal(t, "Mon, 01 Jan 2024 00:00:00 GMT", res.Header.Get("Last-Modified"), "no modification time")
	assert.NotEqual(t, etag, res.Header.Get("ETag"))
	res, _ = get(t, s, "/feeds/page.html")
	assert.Equal(t, "text/html", res.Header.Get("Content-Type"))
	res, _ = get(t, s, "/other.bin")
	assert.Equal(t, "text/xml; charset=utf-8", res.Header.Get("Content-Type"), "sniffed by net/http")

	for _, path := range []string{"/missing.xml", "/feeds", "/", "/feeds/"} {
		res, _ = get(t, s, path)
		assert.Contains(t, []int{http.StatusNotFound, http.StatusBadRequest}, res.StatusCode, path)
	}
	res, _ = get(t, s, "/missing.xml")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)

	res, err := s.Client().Head(s.URL + "/feed.atom")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, int64(len(atomFeed)), res.ContentLength)
	res, err = s.Client().Post(s.URL+"/feed.atom", "text/plain", strings.NewReader("x"))
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusMethodNotAllowed, res.StatusCode)
}

func TestServerConditionalRequests(t *testing.T) {
	s := newServer(t)
	res, _ := get(t, s, "/feed.atom")
	etag, lastMod := res.Header.Get("ETag"), res.Header.Get("Last-Modified")
	tests := []struct {
		name   string
		header []string
		want   int
	}{
		{"matching ETag", []string{"If-None-Match", etag}, 304},
		{"weak ETag", []string{"If-None-Match", "W/" + etag}, 304},
		{"ETag in a list", []string{"If-None-Match", `"x", ` + etag}, 304},
		{"any ETag", []string{"If-None-Match", "*"}, 304},
		{"other ETag", []string{"If-None-Match", `"other"`}, 200},
		{"same date", []string{"If-Modified-Since", lastMod}, 304},
		{"later date", []string{"If-Modified-Since", "Tue, 05 Mar 2024 00:00:00 GMT"}, 304},
		{"earlier date", []string{"If-Modified-Since", "Sun, 03 Mar 2024 00:00:00 GMT"}, 200},
		{"not a date", []string{"If-Modified-Since", "yesterday"}, 200},
		{"If-None-Match decides", []string{"If-None-Match", `"other"`, "If-Modified-Since", lastMod}, 200},
	}
	for _, tt := range tests {
		res, body := get(t, s, "/feed.atom", tt.header...)
		assert.Equal(t, tt.want, res.StatusCode, tt.name)
		if tt.want == 304 {
			assert.Empty(t, body, tt.name)
			assert.Equal(t, etag, res.Header.Get("ETag"), tt.name)
		}
	}
	reqs := s.Requests()
	require.Len(t, reqs, 1+len(tests))
	assert.Equal(t, feedspectest.Request{Method: "GET", Path: "/feed.atom", Conditional: false, Header: reqs[0].Header, StatusCode: 200, Time: reqs[0].Time}, reqs[0])
	assert.WithinDuration(t, time.Now(), reqs[0].Time, time.Minute)
	for i, tt := range tests {
		assert.True(t, reqs[i+1].Conditional, tt.name)
		assert.Equal(t, tt.want, reqs[i+1].StatusCode, tt.name)
	}
	assert.Equal(t, etag, reqs[1].Header.Get("If-None-Match"))

	// A host that ignores validators.
	s.Set("/feed.atom", feedspectest.Behavior{NoValidators: true})
	res, _ = get(t, s, "/feed.atom", "If-None-Match", etag)
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Empty(t, res.Header.Get("ETag"))
	assert.Empty(t, res.Header.Get("Last-Modified"))
}

// TestServerStaysInside asks for paths outside the served folder, with a raw
// connection so that no client cleans the path first.
func TestServerStaysInside(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "secret.txt"), []byte("SECRET"), 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(root, "site"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "site", "feed.xml"), []byte("<rss/>"), 0o644))
	s := feedspectest.NewServer(os.DirFS(filepath.Join(root, "site")))
	defer s.Close()

	for _, target := range []string{
		"/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt", "/./../secret.txt",
		"/site/../../secret.txt", "//secret.txt", "/feed.xml/../../secret.txt", `/..\secret.txt`,
	} {
		conn, err := net.Dial("tcp", s.Listener.Addr().String())
		require.NoError(t, err)
		_, err = io.WriteString(conn, "GET "+target+" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
		require.NoError(t, err)
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		require.NoError(t, err)
		body, _ := io.ReadAll(res.Body)
		conn.Close()
		assert.NotEqual(t, http.StatusOK, res.StatusCode, target)
		assert.NotContains(t, string(body), "SECRET", target)
	}
	res, _ := get(t, s, "/feed.xml")
	assert.Equal(t, http.StatusOK, res.StatusCode)
	res, body := get(t, s, "/%2e%2e/secret.txt")
	assert.Equal(t, http.StatusBadRequest, res.StatusCode)
	assert.Contains(t, string(body), "not inside")
}

// TestServerRefusesSymlinksOut: an os.DirFS is served through an os.Root,
// so a symbolic link leading out of the folder is a 404, where os.DirFS
// follows it; links inside the folder are followed.
func TestServerRefusesSymlinksOut(t *testing.T) {
	root := t.TempDir()
	site := filepath.Join(root, "site")
	require.NoError(t, os.WriteFile(filepath.Join(root, "secret.txt"), []byte("SECRET"), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(site, "blog"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(site, "feed.xml"), []byte("<rss/>"), 0o644))
	for link, target := range map[string]string{
		"leak.xml":        filepath.Join(root, "secret.txt"), // absolute, out
		"leak2.xml":       "../secret.txt",                   // relative, out
		"up":              "..",                              // a folder out
		"inside.xml":      "feed.xml",                        // inside
		"blog/inside.xml": "../feed.xml",                     // inside, through ..
		"blog/index.html": "../feed.xml",
	} {
		require.NoError(t, os.Symlink(target, filepath.Join(site, link)))
	}
	// os.DirFS follows the links out: what the Server must not do.
	data, err := fs.ReadFile(os.DirFS(site), "leak.xml")
	require.NoError(t, err)
	require.Equal(t, "SECRET", string(data), "os.DirFS follows the link")

	s := feedspectest.NewServer(os.DirFS(site))
	defer s.Close()
	for _, p := range []string{"/leak.xml", "/leak2.xml", "/up/secret.txt", "/up/site/feed.xml"} {
		res, body := get(t, s, p)
		assert.Equal(t, http.StatusNotFound, res.StatusCode, p)
		assert.NotContains(t, string(body), "SECRET", p)
	}
	for _, p := range []string{"/feed.xml", "/inside.xml", "/blog/inside.xml", "/blog/"} {
		res, body := get(t, s, p)
		assert.Equal(t, http.StatusOK, res.StatusCode, p)
		assert.Equal(t, "<rss/>", string(body), p)
	}
	// The same folder as an os.Root's FS, given by the caller: the same.
	r, err := os.OpenRoot(site)
	require.NoError(t, err)
	defer r.Close()
	s2 := feedspectest.NewServer(r.FS())
	defer s2.Close()
	res, _ := get(t, s2, "/leak.xml")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	res, _ = get(t, s2, "/inside.xml")
	assert.Equal(t, http.StatusOK, res.StatusCode)
}

func TestServerBehaviors(t *testing.T) {
	s := newServer(t)
	s.Set("/busy.xml", feedspectest.Behavior{Status: 429, RetryAfter: "120"})
	s.Set("feed.atom", feedspectest.Behavior{Status: 503, RetryAfter: "Wed, 21 Oct 2026 07:28:00 GMT"})
	s.Set("/feeds/rss.xml", feedspectest.Behavior{ContentType: "text/html", Charset: "windows-1252",
		Header: http.Header{"Cache-Control": {"max-age=600"}}})

	res, body := get(t, s, "/busy.xml")
	assert.Equal(t, 429, res.StatusCode)
	assert.Equal(t, "120", res.Header.Get("Retry-After"))
	assert.Equal(t, "429 Too Many Requests\n", string(body))
	res, body = get(t, s, "/feed.atom")
	assert.Equal(t, 503, res.StatusCode)
	assert.Equal(t, "Wed, 21 Oct 2026 07:28:00 GMT", res.Header.Get("Retry-After"))
	assert.Equal(t, atomFeed, string(body), "an error status with the file as its body")
	res, _ = get(t, s, "/feeds/rss.xml")
	assert.Equal(t, 200, res.StatusCode)
	assert.Equal(t, "text/html; charset=windows-1252", res.Header.Get("Content-Type"))
	assert.Equal(t, "max-age=600", res.Header.Get("Cache-Control"))
	assert.NotEmpty(t, res.Header.Get("ETag"))

	// Set replaces; the zero Behavior is the default again.
	s.Set("/feed.atom", feedspectest.Behavior{})
	res, _ = get(t, s, "/feed.atom")
	assert.Equal(t, 200, res.StatusCode)
	assert.Empty(t, res.Header.Get("Retry-After"))
}

func TestServerGzip(t *testing.T) {
	s := newServer(t)
	s.Set("/feed.atom", feedspectest.Behavior{Gzip: true})
	// A transport that leaves the coding alone.
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	res, err := client.Get(s.URL + "/feed.atom")
	require.NoError(t, err)
	raw, err := io.ReadAll(res.Body)
	res.Body.Close()
	require.NoError(t, err)
	assert.Equal(t, "gzip", res.Header.Get("Content-Encoding"))
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	require.NoError(t, err)
	plain, err := io.ReadAll(zr)
	require.NoError(t, err)
	assert.Equal(t, atomFeed, string(plain))

	// feedspec decodes it.
	f := &feedspec.Fetcher{Client: client}
	r, err := f.Fetch(context.Background(), s.URL+"/feed.atom", nil)
	require.NoError(t, err)
	assert.Equal(t, "One", feedspec.PlainText(r.Feed.Entries[0].Title))
}

func TestServerRedirect(t *testing.T) {
	s := newServer(t)
	s.Redirect("/old", "/feed.atom", 301, 302, 307, 308)
	res, body := get(t, s, "/old")
	assert.Equal(t, 200, res.StatusCode)
	assert.Equal(t, "/feed.atom", res.Request.URL.Path)
	assert.Equal(t, atomFeed, string(body))
	var got []string
	var codes []int
	for _, r := range s.Requests() {
		got = append(got, r.Path)
		codes = append(codes, r.StatusCode)
	}
	assert.Equal(t, []string{"/old", "/old~1", "/old~2", "/old~3", "/feed.atom"}, got)
	assert.Equal(t, []int{301, 302, 307, 308, 200}, codes)

	s.Redirect("away", "https://elsewhere.example/feed", 303)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Get(s.URL + "/away")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, 303, res.StatusCode)
	assert.Equal(t, "https://elsewhere.example/feed", res.Header.Get("Location"))

	assert.Panics(t, func() { s.Redirect("/x", "/y", 200) })
	assert.Panics(t, func() { s.Redirect("/x", "/y") })
}

func TestServerDelayAndTruncation(t *testing.T) {
	s := newServer(t)
	s.Set("/slow.atom", feedspectest.Behavior{Delay: time.Minute})
	s.Set("/feed.atom", feedspectest.Behavior{Delay: 30 * time.Millisecond})
	s.Set("/feeds/rss.xml", feedspectest.Behavior{TruncateAfter: 10})

	start := time.Now()
	res, _ := get(t, s, "/feed.atom")
	assert.Equal(t, 200, res.StatusCode)
	assert.GreaterOrEqual(t, time.Since(start), 30*time.Millisecond)

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := (&feedspec.Fetcher{Client: s.Client()}).Fetch(ctx, s.URL+"/slow.atom", nil)
	assert.ErrorIs(t, err, context.DeadlineExceeded)

	res, err = s.Client().Get(s.URL + "/feeds/rss.xml")
	require.NoError(t, err)
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	assert.True(t, errors.Is(err, io.ErrUnexpectedEOF), "got %v", err)
	assert.Equal(t, `<rss versi`, string(body))

	_, err = (&feedspec.Fetcher{Client: s.Client()}).Fetch(context.Background(), s.URL+"/feeds/rss.xml", nil)
	assert.ErrorIs(t, err, io.ErrUnexpectedEOF)
}

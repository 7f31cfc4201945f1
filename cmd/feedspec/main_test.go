package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runCmd runs the command and returns its exit status, stdout and stderr.
// A nil client is the command's own (as main runs it).
func runCmd(t *testing.T, stdin string, client *http.Client, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut, client)
	return code, out.String(), errOut.String()
}

const rssListing = `The <Example> Weblog
https://example.com/

* Second post
  2024-01-16 08:30 UTC
  https://example.com/2024/01/second

* First post
  2024-01-15 13:45 UTC
  https://example.com/2024/01/first

* (untitled)
  (no date)
`

func TestListingFromFile(t *testing.T) {
	code, out, errOut := runCmd(t, "", nil, "-url", "https://example.com/rss.xml", "testdata/rss.xml")
	assert.Equal(t, 0, code, errOut)
	assert.Equal(t, rssListing, out)

	// Without -url the relative link cannot be resolved and is left out.
	code, out, _ = runCmd(t, "", nil, "testdata/rss.xml")
	assert.Equal(t, 0, code)
	assert.NotContains(t, out, "/2024/01/second")
	assert.Contains(t, out, "https://example.com/2024/01/first")
}

// A podcast's listing gives each episode's audio file and duration, and
// shows titles as DisplayText does (markup in a string title removed).
func TestListingPodcast(t *testing.T) {
	code, out, errOut := runCmd(t, "", nil, "testdata/podcast.xml")
	assert.Equal(t, 0, code, errOut)
	assert.Equal(t, `Night Shift & Friends
https://nightshift.example/

* Episode 2: The Lighthouse
  2025-03-21 14:00 UTC
  https://nightshift.example/2
  audio: https://media.example/ep2.mp3 (audio/mpeg, 79.5 MB) 1:22:48

* Episode 1
  2025-03-14 14:00 UTC
  audio: https://media.example/ep1.ogg 12:34

* Trailer
  (no date)
  duration 1:35
`, out)
}

func TestListingAtomFromStdin(t *testing.T) {
	data, err := os.ReadFile("testdata/atom.xml")
	require.NoError(t, err)
	code, out, errOut := runCmd(t, string(data), nil, "-")
	assert.Equal(t, 0, code, errOut)
	assert.Equal(t, "Atom Example\nhttps://atom.example/\n\n* Only updated\n  2024-02-01 08:00 UTC\n  https://atom.example/entry\n", out)
}

func TestJSON(t *testing.T) {
	code, out, errOut := runCmd(t, "", nil, "-json", "-url", "https://example.com/rss.xml", "testdata/rss.xml")
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(out, "{\n  \"title\": \"The <Example> Weblog\""), out)
	var v struct {
		Title   string `json:"title"`
		Entries []struct {
			Title   string `json:"title"`
			PageURL string `json:"page_url"`
		} `json:"entries"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.Equal(t, "The <Example> Weblog", v.Title)
	require.Len(t, v.Entries, 3)
	assert.Equal(t, "Second post", v.Entries[0].Title)
	assert.Equal(t, "https://example.com/2024/01/second", v.Entries[0].PageURL)
}

func newServer(t *testing.T) *httptest.Server {
	t.Helper()
	serve := func(file, ctype string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			data, err := os.ReadFile("testdata/" + file)
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Type", ctype)
			_, _ = w.Write(data)
		}
	}
	mux := http.NewServeMux()
	mux.Handle("/rss.xml", serve("rss.xml", "application/rss+xml"))
	mux.HandleFunc("/feed.json", func(w http.ResponseWriter, r *http.Request) {
		// Content negotiation: JSON Feed only for a client that asks.
		if !strings.Contains(r.Header.Get("Accept"), "application/feed+json") {
			http.Error(w, "not acceptable", http.StatusNotAcceptable)
			return
		}
		serve("feed.json", "application/feed+json")(w, r)
	})
	mux.Handle("/blog/", serve("page.html", "text/html; charset=utf-8"))
	mux.Handle("/empty/", serve("nolinks.html", "text/html"))
	mux.Handle("/old-feed", http.RedirectHandler("/rss.xml", http.StatusMovedPermanently))
	mux.Handle("/page.html", serve("page.html", "text/html"))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func TestListingFromURL(t *testing.T) {
	srv := newServer(t)
	code, out, errOut := runCmd(t, "", srv.Client(), srv.URL+"/old-feed")
	require.Equal(t, 0, code, errOut)
	// The relative link is resolved against the final URL, after the
	// redirect: the server's own address.
	assert.Contains(t, out, "* Second post\n  2024-01-16 08:30 UTC\n  "+srv.URL+"/2024/01/second\n")
	assert.True(t, strings.HasPrefix(out, "The <Example> Weblog\n"))

	code, _, errOut = runCmd(t, "", srv.Client(), srv.URL+"/missing.xml")
	assert.Equal(t, 1, code)
	assert.Equal(t, "feedspec: response status is 404 Not Found, not 200\n", errOut)

	// An HTML page is not a feed; the feeds it links to are listed.
	code, _, errOut = runCmd(t, "", srv.Client(), srv.URL+"/page.html")
	assert.Equal(t, 1, code)
	assert.Equal(t, `feedspec: not a feed: the response is an HTML page ("text/html") that links to 3 feeds, the first "`+srv.URL+`/rss.xml"`+"\n"+
		"feedspec: the page links to these feeds:\n"+
		"  "+srv.URL+"/rss.xml\n  "+srv.URL+"/atom.xml\n  "+srv.URL+"/comments/feed/\n", errOut)
}

func TestDiscover(t *testing.T) {
	srv := newServer(t)
	code, out, errOut := runCmd(t, "", srv.Client(), "-discover", srv.URL+"/blog/")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t,
		srv.URL+"/rss.xml  application/rss+xml  \"Example Weblog (RSS)\"\n"+
			srv.URL+"/blog/atom.xml  application/atom+xml\n"+
			srv.URL+"/comments/feed/  \"Comments feed\"\n", out)

	// From a file, with its URL given.
	code, out, errOut = runCmd(t, "", nil, "--discover", "-url", "https://example.com/blog/", "testdata/page.html")
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(out, "https://example.com/rss.xml  application/rss+xml"), out)

	// A page without feed links: the common locations are listed.
	code, out, errOut = runCmd(t, "", srv.Client(), "-discover", srv.URL+"/empty/")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "links to no feed")
	assert.Contains(t, out, "\n"+srv.URL+"/feed\n")
	assert.Contains(t, out, "\n"+srv.URL+"/empty/feed\n")

	// From a file without its URL, the relative links cannot be resolved:
	// the command says so instead of "no feed".
	code, out, errOut = runCmd(t, "", nil, "-discover", "testdata/page.html")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, "feedspec: the page links to feeds by relative URLs only (3), which need the page's URL: give it with -url\n", errOut)

	// Absolute links are listed, and the relative ones counted.
	code, out, errOut = runCmd(t, `<link rel="alternate" type="application/rss+xml" href="https://example.org/feed.xml">`+
		`<link rel="alternate" type="application/atom+xml" href="atom.xml">`, nil, "-discover", "-")
	assert.Equal(t, 0, code)
	assert.Equal(t, "https://example.org/feed.xml  application/rss+xml\n", out)
	assert.Equal(t, "feedspec: 1 more feed links are relative URLs, which need the page's URL: give it with -url\n", errOut)

	// From standard input without a URL, nothing can be suggested.
	code, _, errOut = runCmd(t, "<p>nothing</p>", nil, "-discover", "-")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "links to no feed")
}

func TestErrors(t *testing.T) {
	code, _, errOut := runCmd(t, "", nil)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "usage")

	code, _, _ = runCmd(t, "", nil, "-json", "-discover", "x")
	assert.Equal(t, 2, code)

	code, _, errOut = runCmd(t, "", nil, "-nosuchflag", "x")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "exit status: 0 ok, 1 not a feed or an error, 2 usage error")

	code, _, errOut = runCmd(t, "", nil, "testdata/no-such-file.xml")
	assert.Equal(t, 1, code)
	assert.Equal(t, "feedspec: open testdata/no-such-file.xml: no such file or directory\n", errOut)

	// Every message starts with "feedspec: " once.
	code, _, errOut = runCmd(t, "", nil, "testdata/page.html")
	assert.Equal(t, 1, code)
	assert.Equal(t, "feedspec: not a feed: the root element is \"html\" in no namespace\n", errOut)

	code, _, errOut = runCmd(t, "", nil, "-discover", "-url", "::bad", "testdata/page.html")
	assert.Equal(t, 1, code)
	assert.NotEmpty(t, errOut)
}

func TestJSONFeed(t *testing.T) {
	const listing = "JSON Example\nhttps://json.example/\n\n* Newer\n  2024-03-02 10:00 UTC\n  https://json.example/posts/2\n\n* (untitled)\n  (no date)\n  https://json.example/posts/1\n"
	code, out, errOut := runCmd(t, "", nil, "-url", "https://json.example/feed.json", "testdata/feed.json")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, listing, out)

	srv := newServer(t)
	code, out, errOut = runCmd(t, "", srv.Client(), srv.URL+"/feed.json")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "* Newer\n  2024-03-02 10:00 UTC\n  "+srv.URL+"/posts/2\n")

	// -strict: the specification's answer, and no JSON Feed asked for.
	code, _, errOut = runCmd(t, "", nil, "-strict", "testdata/feed.json")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "not a feed")
	code, _, errOut = runCmd(t, "", srv.Client(), "-strict", srv.URL+"/feed.json")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "406")
}

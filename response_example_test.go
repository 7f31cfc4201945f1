package feedspec_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/feedspec/feedspec"
)

// A server for the examples: an RSS feed served as text/html with a
// windows-1252 charset, whose links are relative.
func exampleServer() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("If-None-Match") == `"v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=windows-1252")
		w.Header().Set("ETag", `"v1"`)
		io.WriteString(w, "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel>"+
			"<title>Caf\xe9 news</title><link>/</link>"+
			"<item><title>Opening hours</title><link>/posts/hours</link></item>"+
			"</channel></rss>")
	}))
}

func ExampleParseResponse() {
	srv := exampleServer()
	defer srv.Close()

	res, err := http.Get(srv.URL + "/feed.xml")
	if err != nil {
		fmt.Println(err)
		return
	}
	// ParseResponse closes the body.
	feed, err := feedspec.ParseResponse(res)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(feed.Title)
	for _, e := range feed.Entries {
		fmt.Println(e.Title, strings.TrimPrefix(e.PageURL, srv.URL))
	}
	// Output:
	// Café news
	// Opening hours /posts/hours
}

func ExampleFetcher_Fetch() {
	srv := exampleServer()
	defer srv.Close()

	// srv listens on loopback, which a Fetcher's default client refuses
	// to connect to: give it the server's client.
	f := &feedspec.Fetcher{UserAgent: "example-reader/1.0", Client: srv.Client()}
	ctx := context.Background()
	first, err := f.Fetch(ctx, srv.URL+"/feed.xml", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(first.StatusCode, first.ETag, first.Feed.Title)

	// Later: a conditional request with the validators of the first fetch.
	second, err := f.Fetch(ctx, srv.URL+"/feed.xml", first)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(second.StatusCode, second.NotModified, second.ETag)
	// Output:
	// 200 "v1" Café news
	// 304 true "v1"
}

package article_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/article"
)

const trainsPage = `<html lang="en"><head><title>Night trains return</title></head><body><article>
<p>The sleeper left Vienna at ten, and by morning we were in the hills above the border, with <a href="javascript:steal()">snow</a> on the sidings and <a href="/stations">small stations</a> passing the window.</p>
<p>Each station had one lamp, a bench and a timetable under glass that nobody would read before morning, and the conductor came round with coffee at six.</p>
</article></body></html>`

// Fetch with a nil client refuses addresses that are not public, such as
// this loopback test server, unless AllowPrivateNetworks is given (or a
// client of your own, such as srv.Client()).
func ExampleFetch() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, trainsPage)
	}))
	defer srv.Close()
	ctx := context.Background()

	_, err := article.Fetch(ctx, nil, srv.URL+"/trains")
	fmt.Println(errors.Is(err, feedspec.ErrForbiddenAddress))

	a, err := article.Fetch(ctx, nil, srv.URL+"/trains", article.AllowPrivateNetworks())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Title, a.WordCount)
	// Output:
	// true
	// Night trains return 55
}

// Body is safe to display, links included: a javascript: link loses its
// href, a relative one is resolved.
func ExampleWithLinksAndImages() {
	a, err := article.Extract(strings.NewReader(trainsPage), "https://rail.example/trains", article.WithLinksAndImages())
	if err != nil {
		fmt.Println(err)
		return
	}
	body := a.Body.HTML()
	fmt.Println(strings.Contains(body, "javascript:"), strings.Contains(body, `<a href="https://rail.example/stations">`))
	// Output:
	// false true
}

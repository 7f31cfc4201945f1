package feedspec_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/feedspec/feedspec"
)

func ExampleNextRetry() {
	// A feed host that is overloaded and says when to come back.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "1800")
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	f := &feedspec.Fetcher{Client: srv.Client()}

	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	const min, max = 15 * time.Minute, 24 * time.Hour
	failures := 0 // kept per feed; 0 again after a success
	res, err := f.Fetch(context.Background(), srv.URL+"/feed.xml", nil)
	var next time.Time
	if err != nil {
		failures++
		next = feedspec.NextRetry(err, failures, now, min, max)
	} else {
		failures = 0
		next = res.NextFetch(now, min, max)
	}
	fmt.Println("503, Retry-After 1800:", next.Sub(now))

	// Without a Retry-After, failures back off: min, doubled each time.
	for failures := 1; failures <= 8; failures *= 2 {
		fmt.Printf("failure %d: %v\n", failures, feedspec.NextRetry(nil, failures, now, min, max).Sub(now))
	}
	// Output:
	// 503, Retry-After 1800: 30m0s
	// failure 1: 15m0s
	// failure 2: 30m0s
	// failure 4: 2h0m0s
	// failure 8: 24h0m0s
}

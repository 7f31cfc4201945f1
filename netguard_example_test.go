package feedspec_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"time"

	"github.com/feedspec/feedspec"
)

// A feed reader's own client keeps the Fetcher's guard with GuardTransport:
// a feed (or a redirect) pointing at the reader's own network is refused
// before a connection is made.
func ExampleGuardTransport() {
	internal := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "an internal service")
	}))
	defer internal.Close()

	f := &feedspec.Fetcher{Client: &http.Client{
		Transport: feedspec.GuardTransport(nil),
		Timeout:   time.Minute,
	}}
	for _, url := range []string{internal.URL, "http://169.254.169.254/latest/meta-data/"} {
		_, err := f.Fetch(context.Background(), url, nil)
		fmt.Println(errors.Is(err, feedspec.ErrForbiddenAddress))
	}
	// Output:
	// true
	// true
}

// A reader that polls the feeds of its own network sets
// AllowPrivateNetworks; by default the Fetcher refuses them.
func ExampleFetcher_AllowPrivateNetworks() {
	lan := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprint(w, `<rss version="2.0"><channel><title>Printer status</title></channel></rss>`)
	}))
	defer lan.Close()

	_, err := (&feedspec.Fetcher{}).Fetch(context.Background(), lan.URL, nil)
	fmt.Println(errors.Is(err, feedspec.ErrForbiddenAddress))

	res, err := (&feedspec.Fetcher{AllowPrivateNetworks: true}).Fetch(context.Background(), lan.URL, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Feed.Title)
	// Output:
	// true
	// Printer status
}

// A test (or a reader with one trusted host on its network) allows one
// address: the loopback server is fetched, while the guard still refuses
// every other address that is not public, the cloud metadata service
// included.
func ExampleFetcher_AllowAddresses() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprint(w, `<rss version="2.0"><channel><title>Test feed</title></channel></rss>`)
	}))
	defer srv.Close()

	f := &feedspec.Fetcher{AllowAddresses: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
	res, err := f.Fetch(context.Background(), srv.URL, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Feed.Title)
	_, err = f.Fetch(context.Background(), "http://169.254.169.254/latest/meta-data/", nil)
	fmt.Println(errors.Is(err, feedspec.ErrForbiddenAddress))
	// Output:
	// Test feed
	// true
}

func ExampleIsPublicAddress() {
	for _, a := range []string{"93.184.215.14", "127.0.0.1", "10.1.2.3", "169.254.169.254", "::ffff:192.168.0.1", "2606:4700::1111", "fd00::1"} {
		fmt.Println(a, feedspec.IsPublicAddress(netip.MustParseAddr(a)))
	}
	// Output:
	// 93.184.215.14 true
	// 127.0.0.1 false
	// 10.1.2.3 false
	// 169.254.169.254 false
	// ::ffff:192.168.0.1 false
	// 2606:4700::1111 true
	// fd00::1 false
}

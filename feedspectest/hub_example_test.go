package feedspectest_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"net/netip"
	"time"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/feedspectest"
	"github.com/feedspec/feedspec/websub"
)

// A reader's WebSub subscriber, tested against a Hub: it subscribes, the
// Hub verifies the subscription at the reader's callback, and a published
// update reaches OnFeed, parsed.
func ExampleNewHub() {
	hub := feedspectest.NewHub()
	defer hub.Close()

	feeds := make(chan *feedspec.Feed, 1)
	s := &websub.Subscriber{
		// The Hub is on loopback, which the Subscriber's guard refuses
		// unless allowed.
		AllowAddresses: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")},
		OnFeed: func(sub *websub.Subscription, feed *feedspec.Feed, err error) {
			if err != nil {
				fmt.Println(err)
				return
			}
			feeds <- feed
		},
	}
	reader := httptest.NewServer(s) // the reader's callback
	defer reader.Close()
	s.CallbackBase = reader.URL + "/websub"

	topic := "https://blog.example/feed.atom"
	sub, err := s.Subscribe(context.Background(), hub.URL, topic, 24*time.Hour)
	if err != nil {
		fmt.Println(err)
		return
	}
	hub.Wait() // the Hub verifies the subscription
	fmt.Println(sub.State(), "for", sub.LeaseExpiry().Sub(sub.VerifiedAt()))

	delivered := hub.Publish(topic, "application/atom+xml", []byte(`<feed xmlns="http://www.w3.org/2005/Atom">
  <title>A blog</title>
  <entry><id>tag:blog.example,2024:1</id><title>Pushed, not polled</title><link href="/posts/1"/></entry>
</feed>`))
	fmt.Println(delivered[0].Status, delivered[0].Signature[:7])

	feed := <-feeds
	fmt.Println(feedspec.DisplayText(feed.Title), "|", feedspec.DisplayText(feed.Entries[0].Title), "|", feed.Entries[0].PageURL)
	// Output:
	// verified for 24h0m0s
	// 202 sha256=
	// A blog | Pushed, not polled | https://blog.example/posts/1
}

package websub_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"

	"github.com/feedspec/feedspec/websub"
)

// Discover reads the Link headers of a response first, then the feed's
// links; here the header names the hub and the self URL, relative to the
// response's URL.
func ExampleDiscover() {
	u, _ := url.Parse("https://blog.example/feed")
	res := &http.Response{
		Header:  http.Header{"Link": {`<https://hub.example/>; rel="hub", </feed.atom>; rel="self"`}},
		Request: &http.Request{URL: u},
	}
	hubs, self := websub.Discover(res, nil)
	fmt.Println(hubs, self)
	// Output: [https://hub.example/] https://blog.example/feed.atom
}

// A reader stores its subscriptions as JSON and gives them back to a new
// Subscriber after a restart, before serving its handler.
func ExampleSubscriber_Restore() {
	stored := []byte(`[{"hub": "https://hub.example/", "topic": "https://blog.example/feed.atom",
		"callback": "https://reader.example/websub/0S9oV4jlH1-j1bxxvhiVmQqlnWxXoEYXyS1oGp8eyNc",
		"secret": "rZmyH9dyOFs0BLeWwJdJ5Lr4aJNLy2OQ0C4NyJQzhhk", "state": "verified",
		"verified_at": "2024-05-01T12:00:00Z", "lease_expiry": "2024-05-11T12:00:00Z"}]`)
	var subs []*websub.Subscription
	if err := json.Unmarshal(stored, &subs); err != nil {
		fmt.Println(err)
		return
	}
	s := &websub.Subscriber{CallbackBase: "https://reader.example/websub"}
	if err := s.Restore(subs...); err != nil {
		fmt.Println(err)
		return
	}
	for _, sub := range s.Subscriptions() {
		fmt.Println(sub.Topic, sub.State(), "renew at", sub.RenewAt().Format("2006-01-02 15:04"))
	}
	// Output: https://blog.example/feed.atom verified renew at 2024-05-10 12:00
}

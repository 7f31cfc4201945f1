// Package websub is a WebSub subscriber (the W3C Recommendation of 23
// January 2018, formerly PubSubHubbub): a feed reader subscribes to a
// feed at the hub its publisher names, and the hub pushes each update to
// the reader, seconds after it is published, instead of the reader polling
// for it.
//
// Discover finds the hubs and the topic (self) URL of a fetched feed, from
// the response's Link headers and the feed's links. A Subscriber sends the
// subscription requests (Subscribe, Unsubscribe) and is the http.Handler
// the hub calls back: it answers the hub's verification of intent for the
// requests it made, records leases and denials, checks the signature of
// each content distribution, and hands the feed, parsed as a
// feedspec.Fetcher would parse it, to OnFeed:
//
//	s := &websub.Subscriber{
//		CallbackBase: "https://reader.example/websub",
//		OnFeed: func(sub *websub.Subscription, feed *feedspec.Feed, err error) {
//			// store the new entries of sub.Topic
//		},
//	}
//	http.Handle("/websub/", s)
//
//	res, err := fetcher.Fetch(ctx, feedURL, nil)
//	hubs, self := websub.DiscoverResult(res) // Discover, for a Fetcher's result
//	if len(hubs) > 0 && self != "" {
//		sub, err := s.Subscribe(ctx, hubs[0], self, 10*24*time.Hour)
//		// store sub (json.Marshal)
//	}
//
// Subscriptions are JSON-serializable: store them, and give them back to
// Subscriber.Restore when the reader restarts. Renew each before its lease
// ends (Subscription.RenewAt), and keep polling as a fallback, less often
// (docs/fetching.md, "Push and poll together").
//
// # What a hostile hub or a stranger can do
//
// The callback is reachable from the internet, by anyone. The Subscriber
// does only what its subscriptions asked: a request to a path that is not
// a callback of its own (each ends with 256 random bits) is answered 404;
// a verification is agreed to only for a request the Subscriber has
// pending, of that mode and that topic; content reaches OnFeed only with
// the HMAC signature of the subscription's own secret, compared in
// constant time; a body is read within a deadline, up to 16 MiB, by at
// most MaxConcurrent handlers at once; a hub.challenge is echoed up to 1
// KiB. The Subscriber never fetches a URL a hub or a distribution names,
// and its requests to hubs go through the feedspec.Fetcher's address
// guard. What WebSub cannot prevent is said in ServeHTTP (replay) and
// SECURITY.md.
//
// The package imports feedspec; feedspec does not import it.
// feedspectest.NewHub is a hub on loopback for tests.
package websub

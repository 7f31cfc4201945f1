// Package feedspectest helps test programs that use feedspec.
//
// Golden compares the canonical JSON of every feed file in a folder with a
// golden file beside it (and rewrites the golden files when the tests run
// with -update); AssertFeedEqual compares two parsed feeds. A failure names
// the file, gives the key path of the first difference (such as
// entries[2].published) and shows a unified diff of the indented JSON.
// GoldenTest.Transform keeps golden files of a program's own records made
// from each feed instead.
//
// Server is an httptest.Server that serves the files of an fs.FS the way
// feed hosts do: with ETag and Last-Modified validators and 304 answers to
// conditional requests, and, path by path, the behaviors a poller must
// survive (error statuses, Retry-After, redirect chains, gzip, a wrong
// Content-Type, a slow or truncated body). A folder's URL serves its
// index.html, so a site's home page at "/" can link to its feeds for
// discovery. It logs every request, so a test can assert that a second poll
// was conditional and cost a 304.
//
// NewHub starts a Hub: a WebSub hub on loopback that accepts
// subscriptions, verifies them at the subscriber's callback, distributes
// what a test publishes with signatures (Publish), and records what it did
// (Events), to test a websub.Subscriber or any other subscriber.
//
// A Server listens on loopback, which a feedspec.Fetcher with a nil Client
// refuses to connect to (see feedspec.GuardTransport): give the Fetcher the
// server's own client, which connects to it,
//
//	f := &feedspec.Fetcher{Client: s.Client()}
//
// or, to test the Fetcher's own client (its timeout, its proxy-less
// transport, its guard), allow the server's address alone, and every other
// private address stays refused:
//
//	f := &feedspec.Fetcher{AllowAddresses: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
//
// (AllowPrivateNetworks opens every address.)
//
// The package is meant for _test.go files; it may be imported by tests
// only, as it registers the -update flag (see Update).
package feedspectest

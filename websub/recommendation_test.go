package websub

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec"
)

// fetcher is a feedspec.Fetcher allowed to reach the test servers.
func fetcher() *feedspec.Fetcher { return &feedspec.Fetcher{AllowAddresses: loopback} }

// requirement is one row of the Recommendation's subscriber requirements.
type requirement struct {
	id   string // the feature's number in section 3.2.6 (or the section)
	what string
	run  func(t *testing.T, h testHub)
}

// requirements is the table of the subscriber's requirements, numbered as
// section 3.2.6 ("Feature") of the Recommendation lists the features a
// subscriber implements (1 to 13), then the subscriber requirements of
// other sections the conformance classes (3.1) refer to: denial (5.2),
// lease renewal (5.1, 5.3.1), the Link headers of a distribution (7) and
// each signature algorithm (7.1.1).
var requirements = []requirement{
	{"3.2.6-1", "discovering the hub and topic URLs from the HTTP headers", testDiscoverHeaders},
	{"3.2.6-2", "discovering the hub and topic URLs from the XML feed when the headers lack them", testDiscoverFeed},
	{"3.2.6-3", "an HTML page's HTTP headers (its <link> elements are DiscoverFeeds's)", testDiscoverHTMLHeaders},
	{"3.2.6-4", "subscribing with a callback URL: the request's parameters", testSubscribeRequest},
	{"3.2.6-5", "subscribing with a lease: requested, and the hub's recorded", testLease},
	{"3.2.6-6", "subscribing with a secret, and authenticated distribution", testSecret},
	{"3.2.6-7", "unsubscribing", testUnsubscribe},
	{"3.2.6-8", "verification of intent: a pending subscription acknowledged", testVerifyAccepted},
	{"3.2.6-9", "verification of intent refused: an invalid topic, a request not made", testVerifyRefused},
	{"3.2.6-10", "a delivered payload answered 2xx", testDelivered2xx},
	{"3.2.6-11", "the signature verified", testSignatureVerified},
	{"3.2.6-12", "a signature that does not validate: dropped, acknowledged", testWrongSignature},
	{"3.2.6-13", "no signature with a secret: dropped, acknowledged", testNoSignature},
	{"5.2", "a denial recorded with its reason", testDenial},
	{"5.3.1", "lease renewal before the lease ends", testRenewal},
	{"7", "the subscription is the callback's, not the Link headers'", testLinkHeadersNotUsed},
	{"7.1.1", "each signature algorithm: sha1, sha256, sha384, sha512", testAlgorithms},
}

// TestRecommendation runs the requirement table against feedspectest.Hub
// and against miniHub, a hub written in the test.
func TestRecommendation(t *testing.T) {
	names := make([]string, 0, 2)
	for name := range hubs() {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			for _, req := range requirements {
				t.Run(req.id, func(t *testing.T) {
					h := hubs()[name]()
					defer h.close()
					t.Logf("%s %s", req.id, req.what)
					req.run(t, h)
				})
			}
		})
	}
}

// topicServer serves an Atom feed at /feed with the given Link headers; the
// feed names feedHub and feedSelf in atom:link elements when not "".
func topicServer(t *testing.T, links []string, feedHub, feedSelf, contentType string) *httptest.Server {
	body := `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>`
	if feedHub != "" {
		body += `<link rel="hub" href="` + feedHub + `"/>`
	}
	if feedSelf != "" {
		body += `<link rel="self" href="` + feedSelf + `"/>`
	}
	body += `<entry><id>1</id><title>one</title></entry></feed>`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, l := range links {
			w.Header().Add("Link", l)
		}
		w.Header().Set("Content-Type", contentType)
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// fetchAndDiscover fetches url with a feedspec.Fetcher allowed loopback and
// runs DiscoverResult on it.
func fetchAndDiscover(t *testing.T, rawURL string) ([]string, string) {
	res, err := fetcher().Fetch(t.Context(), rawURL, nil)
	require.NotNil(t, res, "a response")
	_ = err // an HTML page is an error, its headers are still there
	return DiscoverResult(res)
}

func testDiscoverHeaders(t *testing.T, h testHub) {
	srv := topicServer(t, nil, "", "", "")
	topic := srv.URL + "/feed?canonical"
	srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Link", `<`+h.url()+`>; rel="hub", </feed?canonical>; rel="self"`)
		w.Header().Set("Content-Type", "application/atom+xml")
		// The feed names another hub: the headers come first.
		_, _ = w.Write([]byte(`<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>` +
			`<link rel="hub" href="https://other-hub.example/"/><link rel="self" href="https://other.example/feed"/></feed>`))
	})
	hubsFound, self := fetchAndDiscover(t, srv.URL+"/feed")
	assert.Equal(t, []string{h.url()}, hubsFound, "the Link header's hub, not the feed's")
	assert.Equal(t, topic, self, "the Link header's self, resolved against the response's URL")

	r := newReader(t, nil)
	sub := subscribed(t, r, h, self, time.Hour)
	assert.Equal(t, topic, sub.Topic)
}

func testDiscoverFeed(t *testing.T, h testHub) {
	for _, ct := range []string{"application/atom+xml", "text/html"} { // the feed is sniffed from text/html too
		srv := topicServer(t, []string{`<https://example.com/page>; rel="alternate"`}, h.url(), "https://blog.example/feed", ct)
		hubsFound, self := fetchAndDiscover(t, srv.URL+"/feed")
		assert.Equal(t, []string{h.url()}, hubsFound, "the feed's atom:link rel=hub, the headers having none (%s)", ct)
		assert.Equal(t, "https://blog.example/feed", self, "the feed's atom:link rel=self (%s)", ct)
	}
	// An RSS channel's atom:link.
	rss := `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>R</title>` +
		`<atom:link rel="hub" href="` + h.url() + `"/><atom:link rel="self" href="https://blog.example/rss"/></channel></rss>`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		_, _ = w.Write([]byte(rss))
	}))
	defer srv.Close()
	hubsFound, self := fetchAndDiscover(t, srv.URL)
	assert.Equal(t, []string{h.url()}, hubsFound, "an RSS channel's atom:link rel=hub")
	assert.Equal(t, "https://blog.example/rss", self, "an RSS channel's atom:link rel=self")

	r := newReader(t, nil)
	subscribed(t, r, h, self, time.Hour)
}

func testDiscoverHTMLHeaders(t *testing.T, h testHub) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Link", `<`+h.url()+`>; rel="hub"`)
		w.Header().Add("Link", `<https://blog.example/>; rel="self"`)
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte(`<!doctype html><html><head><link rel="hub" href="https://html-hub.example/"></head></html>`))
	}))
	defer srv.Close()
	hubsFound, self := fetchAndDiscover(t, srv.URL)
	assert.Equal(t, []string{h.url()}, hubsFound, "an HTML page's Link header")
	assert.Equal(t, "https://blog.example/", self)
}

func testSubscribeRequest(t *testing.T, h testHub) {
	r := newReader(t, func(s *Subscriber) { s.CallbackBase = "" })
	// A query of its own, kept, even one naming a parameter of the hub's
	// (which the hub appends its own after, 5.1.1).
	r.s.CallbackBase = r.srv.URL + "/cb/?reader=1&hub.mode=x"
	topic := "https://blog.example/flux/été.xml?a=1&b=2"
	sub := subscribed(t, r, h, topic, 0)
	other := subscribed(t, r, h, "https://blog.example/other", 0)

	reqs := h.requests()
	require.Len(t, reqs, 2, "two requests")
	got := reqs[0]
	assert.Equal(t, "application/x-www-form-urlencoded", got.contentType, "5.1: the Content-Type")
	assert.Equal(t, "subscribe", got.form.Get("hub.mode"), "5.1: hub.mode")
	assert.Equal(t, topic, got.form.Get("hub.topic"), "5.1: hub.topic, UTF-8 in the form")
	assert.Equal(t, sub.Callback, got.form.Get("hub.callback"), "5.1: hub.callback")
	assert.Equal(t, sub.Secret, got.form.Get("hub.secret"), "5.1: hub.secret")
	assert.Empty(t, got.form["hub.lease_seconds"], "no lease asked: none sent")

	u, err := url.Parse(sub.Callback)
	require.NoError(t, err)
	assert.Equal(t, "reader=1&hub.mode=x", u.RawQuery, "CallbackBase's query kept")
	assert.True(t, strings.HasPrefix(u.Path, "/cb/"), "below CallbackBase: %s", u.Path)
	seg := lastSegment(sub.Callback)
	assert.Len(t, seg, 43, "8.2: an unguessable segment of 256 random bits")
	assert.NotEqual(t, sub.Callback, other.Callback, "5.1.1: a callback unique to each subscription")
	verifs := h.verifications()
	require.NotEmpty(t, verifs)
	assert.Equal(t, sub.Callback, verifs[0].callback, "the hub verified at the callback, its query kept")
}

func testLease(t *testing.T, h testHub) {
	r := newReader(t, nil)
	before := time.Now()
	sub := subscribed(t, r, h, "https://blog.example/a", 90*time.Minute+500*time.Millisecond)
	assert.Equal(t, "5401", h.requests()[0].form.Get("hub.lease_seconds"), "3.2.6-5: the lease asked for, in whole seconds rounded up")
	assert.WithinRange(t, sub.LeaseExpiry(), before.Add(5401*time.Second), time.Now().Add(5401*time.Second), "the lease the hub granted")

	h.setMaxLease(600)
	before = time.Now()
	sub = subscribed(t, r, h, "https://blog.example/b", 24*time.Hour)
	assert.Equal(t, "86400", h.requests()[1].form.Get("hub.lease_seconds"))
	assert.WithinRange(t, sub.LeaseExpiry(), before.Add(600*time.Second), time.Now().Add(600*time.Second),
		"5.3: the hub's hub.lease_seconds (600) recorded, not the one asked for")
	assert.Equal(t, sub.LeaseExpiry().Add(-60*time.Second), sub.RenewAt(), "RenewAt: a tenth of the lease before it ends")
}

func testSecret(t *testing.T, h testHub) {
	r := newReader(t, nil)
	a := subscribed(t, r, h, "https://blog.example/a", time.Hour)
	b := subscribed(t, r, h, "https://blog.example/b", time.Hour)
	assert.Len(t, a.Secret, 43, "256 random bits")
	assert.Less(t, len(a.Secret), 200, "5.1: less than 200 bytes")
	assert.NotEqual(t, a.Secret, b.Secret, "a fresh secret per subscription")
	var secrets []string
	for _, s := range h.subscriptions() {
		secrets = append(secrets, s.secret)
	}
	assert.ElementsMatch(t, []string{a.Secret, b.Secret}, secrets, "the hub holds each subscription's secret")

	statuses := h.publish("https://blog.example/a", "application/atom+xml", atom("signed"))
	assert.Equal(t, []int{http.StatusAccepted}, statuses)
	d := r.next(t)
	require.NoError(t, d.err)
	assert.Same(t, a, d.sub, "OnFeed is given the subscription")
	assert.Equal(t, "signed", d.feed.Entries[0].Title.String())
	assert.Equal(t, "https://blog.example/p/1", d.feed.Entries[0].PageURL, "resolved against the topic URL")
}

func testUnsubscribe(t *testing.T, h testHub) {
	r := newReader(t, nil)
	topic := "https://blog.example/a"
	sub := subscribed(t, r, h, topic, time.Hour)
	require.NoError(t, r.s.Unsubscribe(t.Context(), sub))
	h.wait()
	reqs := h.requests()
	last := reqs[len(reqs)-1].form
	assert.Equal(t, "unsubscribe", last.Get("hub.mode"))
	assert.Equal(t, topic, last.Get("hub.topic"))
	assert.Equal(t, sub.Callback, last.Get("hub.callback"))
	assert.Equal(t, StateUnsubscribed, sub.State(), "the hub verified the unsubscription")
	assert.Empty(t, h.subscriptions(), "the hub let the subscription go")
	assert.Empty(t, r.s.Subscriptions(), "and so did the Subscriber")
	assert.Empty(t, h.publish(topic, "application/atom+xml", atom("after")), "nothing is delivered")
	status, _ := post(t, sub.Callback, atom("late"), "X-Hub-Signature", sign("sha256", sub.Secret, atom("late")))
	assert.Equal(t, http.StatusNotFound, status, "the callback is gone")
	assert.ErrorIs(t, r.s.Unsubscribe(t.Context(), sub), ErrNotSubscribed, "unsubscribing twice")
	feeds, _ := r.quiet()
	assert.Zero(t, feeds)
}

func testVerifyAccepted(t *testing.T, h testHub) {
	r := newReader(t, nil)
	subscribed(t, r, h, "https://blog.example/a", time.Hour)
	v := h.verifications()
	require.Len(t, v, 1)
	assert.True(t, v[0].ok, "5.3.1: 2xx and the challenge echoed")
	assert.Equal(t, http.StatusOK, v[0].status)
	assert.Equal(t, "subscribe", v[0].mode)
}

func testVerifyRefused(t *testing.T, h testHub) {
	r := newReader(t, nil)
	sub := subscribed(t, r, h, "https://blog.example/a", time.Hour)

	// A stranger asks the hub to subscribe the reader's callback to another
	// topic (or to unsubscribe it): the hub verifies, the callback refuses.
	for _, mode := range []string{"subscribe", "unsubscribe"} {
		form := url.Values{"hub.mode": {mode}, "hub.topic": {"https://attacker.example/feed"}, "hub.callback": {sub.Callback}}
		res, err := http.PostForm(h.url(), form)
		require.NoError(t, err)
		res.Body.Close()
		h.wait()
		v := h.verifications()
		last := v[len(v)-1]
		assert.False(t, last.ok, "%s of another topic refused", mode)
		assert.Equal(t, http.StatusNotFound, last.status, "5.3.1: 404 when the subscriber does not agree")
	}
	// Unsubscribing the reader's own topic, which it did not ask for.
	res, err := http.PostForm(h.url(), url.Values{"hub.mode": {"unsubscribe"}, "hub.topic": {sub.Topic}, "hub.callback": {sub.Callback}})
	require.NoError(t, err)
	res.Body.Close()
	h.wait()
	v := h.verifications()
	assert.False(t, v[len(v)-1].ok, "an unsubscription the reader did not ask for is refused")
	assert.Equal(t, StateVerified, sub.State(), "the subscription is as it was")
	subs := h.subscriptions()
	require.Len(t, subs, 1, "the hub still holds the reader's subscription alone")
	assert.Equal(t, sub.Topic, subs[0].topic)
}

func testDelivered2xx(t *testing.T, h testHub) {
	r := newReader(t, nil)
	subscribed(t, r, h, "https://blog.example/a", time.Hour)
	statuses := h.publish("https://blog.example/a", "application/rss+xml", []byte(`<rss version="2.0"><channel><title>x</title><item><guid>1</guid></item></channel></rss>`))
	require.Len(t, statuses, 1)
	assert.True(t, statuses[0] >= 200 && statuses[0] < 300, "7: 2xx, got %d", statuses[0])
	d := r.next(t)
	require.NoError(t, d.err)
	assert.Len(t, d.feed.Entries, 1)
}

func testSignatureVerified(t *testing.T, h testHub) {
	r := newReader(t, nil)
	sub := subscribed(t, r, h, "https://blog.example/a", time.Hour)
	h.publish(sub.Topic, "application/atom+xml", atom("from the hub"))
	d := r.next(t)
	require.NoError(t, d.err)
	assert.Equal(t, "from the hub", d.feed.Entries[0].Title.String())
	// The hub's signature on another body: the same header, a changed body.
	status, _ := post(t, sub.Callback, atom("forged"), "Content-Type", "application/atom+xml",
		"X-Hub-Signature", sign("sha256", sub.Secret, atom("from the hub")))
	assert.Equal(t, http.StatusAccepted, status)
	assert.ErrorIs(t, r.nextDrop(t).err, ErrSignature)
	feeds, _ := r.quiet()
	assert.Zero(t, feeds, "the changed body never reaches OnFeed")
}

func testWrongSignature(t *testing.T, h testHub) {
	r := newReader(t, nil)
	sub := subscribed(t, r, h, "https://blog.example/a", time.Hour)
	body := atom("x")
	for _, sig := range []string{
		sign("sha256", "another secret", body),                                   // another key
		sign("sha1", sub.Secret, body)[:45] + "0",                                // cut and changed
		"sha256=" + strings.Repeat("zz", 32),                                     // not hex
		"md5=" + strings.Repeat("00", 16),                                        // not a recognized algorithm
		strings.Replace(sign("sha512", sub.Secret, body), "sha512", "sha256", 1), // the name of another algorithm
		"sha256", // no signature
	} {
		status, _ := post(t, sub.Callback, body, "X-Hub-Signature", sig)
		assert.Equal(t, http.StatusAccepted, status, "7.1.2: acknowledged (%s)", sig)
		assert.ErrorIs(t, r.nextDrop(t).err, ErrSignature, "dropped (%s)", sig)
	}
	feeds, _ := r.quiet()
	assert.Zero(t, feeds, "7.1.2: ignored locally")
}

func testNoSignature(t *testing.T, h testHub) {
	r := newReader(t, nil)
	sub := subscribed(t, r, h, "https://blog.example/a", time.Hour)
	status, _ := post(t, sub.Callback, atom("unsigned"), "Content-Type", "application/atom+xml")
	assert.Equal(t, http.StatusAccepted, status, "acknowledged")
	assert.ErrorIs(t, r.nextDrop(t).err, ErrSignature)
	feeds, _ := r.quiet()
	assert.Zero(t, feeds, "dropped")
}

func testDenial(t *testing.T, h testHub) {
	r := newReader(t, nil)
	sub := subscribed(t, r, h, "https://blog.example/a", time.Hour)
	h.deny(sub.Topic, "the publisher forbids it")
	assert.Equal(t, StateDenied, sub.State(), "5.2: a denial at any time")
	assert.Equal(t, "the publisher forbids it", sub.Reason())
	assert.True(t, sub.RenewAt().IsZero(), "nothing to renew")
	assert.Empty(t, h.publish(sub.Topic, "application/atom+xml", atom("x")), "the hub delivers nothing")
	status, _ := post(t, sub.Callback, atom("x"), "X-Hub-Signature", sign("sha256", sub.Secret, atom("x")))
	assert.Equal(t, http.StatusGone, status, "7: 410 for a subscription that ended")

	// A new subscription to the denied topic: pending, then denied.
	other, err := r.s.Subscribe(t.Context(), h.url(), sub.Topic+"?2", time.Hour)
	require.NoError(t, err)
	h.deny(other.Topic, "")
	other2, err := r.s.Subscribe(t.Context(), h.url(), other.Topic, time.Hour)
	require.NoError(t, err)
	h.wait()
	assert.Same(t, other, other2, "subscribing again renews")
	assert.Equal(t, StateDenied, other.State())
	assert.Empty(t, other.Reason())
	require.NoError(t, r.s.Unsubscribe(t.Context(), sub), "a denied subscription is let go")
	assert.NotContains(t, r.s.Subscriptions(), sub)
	feeds, _ := r.quiet()
	assert.Zero(t, feeds)
}

func testRenewal(t *testing.T, h testHub) {
	r := newReader(t, nil)
	sub := subscribed(t, r, h, "https://blog.example/a", time.Hour)
	first, renewAt := sub.LeaseExpiry(), sub.RenewAt()
	assert.True(t, renewAt.Before(first), "RenewAt before the lease ends")

	again, err := r.s.Subscribe(t.Context(), sub.Hub, sub.Topic, 2*time.Hour)
	require.NoError(t, err)
	h.wait()
	assert.Same(t, sub, again, "the same subscription, renewed")
	assert.True(t, sub.LeaseExpiry().After(first.Add(59*time.Minute)), "the new lease recorded: %v then %v", first, sub.LeaseExpiry())
	reqs := h.requests()
	require.Len(t, reqs, 2)
	assert.Equal(t, reqs[0].form.Get("hub.callback"), reqs[1].form.Get("hub.callback"), "the same callback")
	assert.Equal(t, reqs[0].form.Get("hub.secret"), reqs[1].form.Get("hub.secret"), "the same secret")
	assert.Equal(t, "7200", reqs[1].form.Get("hub.lease_seconds"))
	subs := h.subscriptions()
	require.Len(t, subs, 1, "5.1: the hub's subscription renewed, not doubled")
	assert.Equal(t, 7200, subs[0].lease)
	assert.Equal(t, []int{http.StatusAccepted}, h.publish(sub.Topic, "application/atom+xml", atom("still")))
	assert.NoError(t, r.next(t).err)
}

func testLinkHeadersNotUsed(t *testing.T, h testHub) {
	r := newReader(t, nil)
	a := subscribed(t, r, h, "https://blog.example/a", time.Hour)
	b := subscribed(t, r, h, "https://blog.example/b", time.Hour)
	body := atom("to a")
	status, _ := post(t, a.Callback, body, "Content-Type", "application/atom+xml",
		"Link", `<https://blog.example/b>; rel="self"`, "Link", `<https://evil.example/hub>; rel="hub"`,
		"X-Hub-Signature", sign("sha256", a.Secret, body))
	assert.Equal(t, http.StatusAccepted, status)
	d := r.next(t)
	assert.Same(t, a, d.sub, "the subscription of the callback, not of the Link header's self (%s)", b.Topic)
	assert.Equal(t, "https://blog.example/p/1", d.feed.Entries[0].PageURL, "resolved against the subscription's topic")
}

func testAlgorithms(t *testing.T, h testHub) {
	r := newReader(t, nil)
	sub := subscribed(t, r, h, "https://blog.example/a", time.Hour)
	for _, alg := range []string{"sha1", "sha256", "sha384", "sha512"} {
		h.setAlgorithm(alg)
		assert.Equal(t, []int{http.StatusAccepted}, h.publish(sub.Topic, "application/atom+xml", atom(alg)), alg)
		d := r.next(t)
		require.NoError(t, d.err, alg)
		assert.Equal(t, alg, d.feed.Entries[0].Title.String(), "signed with %s, verified and delivered", alg)
	}
	_, drops := r.quiet()
	assert.Zero(t, drops)
}

// TestHubErrors checks Subscribe's errors: a hub that refuses, the guard, and
// arguments.
func TestHubErrors(t *testing.T) {
	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "topic not allowed here\x00"+strings.Repeat("x", 2000), http.StatusForbidden)
	}))
	defer refusing.Close()
	r := newReader(t, nil)
	sub, err := r.s.Subscribe(t.Context(), refusing.URL, "https://blog.example/a", time.Hour)
	assert.Nil(t, sub)
	var he *HubError
	require.ErrorAs(t, err, &he)
	assert.ErrorIs(t, err, ErrHub)
	assert.Equal(t, http.StatusForbidden, he.StatusCode)
	assert.True(t, strings.HasPrefix(he.Message, "topic not allowed here"), "the hub's message")
	assert.Len(t, he.Message, 1024, "cut to 1 KiB")
	assert.True(t, strings.HasPrefix(err.Error(), "websub: the hub "), err.Error())
	assert.Contains(t, err.Error(), `403 Forbidden: "topic not allowed here\x00`, "quoted")
	assert.Empty(t, r.s.Subscriptions(), "the refused subscription is let go")

	// The guard of a nil Client: a hub on loopback is refused.
	guarded := &Subscriber{CallbackBase: "https://reader.example/websub"}
	_, err = guarded.Subscribe(t.Context(), refusing.URL, "https://blog.example/a", 0)
	assert.ErrorIs(t, err, feedspec.ErrForbiddenAddress, "the Fetcher's guard")
	assert.Empty(t, guarded.Subscriptions())
	// AllowPrivateNetworks, and a Client of one's own.
	for _, s := range []*Subscriber{
		{CallbackBase: "https://reader.example/websub", AllowPrivateNetworks: true},
		{CallbackBase: "https://reader.example/websub", Client: refusing.Client()},
	} {
		_, err = s.Subscribe(t.Context(), refusing.URL, "https://blog.example/a", 0)
		assert.ErrorIs(t, err, ErrHub, "reached the hub")
	}

	for _, c := range []struct {
		base, hub, topic string
		lease            time.Duration
	}{
		{"", refusing.URL, "https://blog.example/a", 0},
		{"/websub", refusing.URL, "https://blog.example/a", 0},
		{"https://reader.example/websub#f", refusing.URL, "https://blog.example/a", 0},
		{"https://reader.example/websub", "ftp://hub.example/", "https://blog.example/a", 0},
		{"https://reader.example/websub", refusing.URL, "/feed", 0},
		{"https://reader.example/websub", refusing.URL, "https://blog.example/a", -time.Second},
	} {
		s := &Subscriber{CallbackBase: c.base, AllowAddresses: loopback}
		_, err := s.Subscribe(t.Context(), c.hub, c.topic, c.lease)
		assert.ErrorIs(t, err, ErrInvalid, "%+v", c)
		assert.True(t, strings.HasPrefix(err.Error(), "websub: "), err.Error())
	}
	// A hub that redirects (5.1.2: 307 or 308) is followed, the request
	// sent again; a redirect into a private network is refused by the guard.
	h := newMiniHub()
	defer h.close()
	for _, code := range []int{http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		redirecting := httptest.NewServer(http.RedirectHandler(h.url(), code))
		sub, err := r.s.Subscribe(t.Context(), redirecting.URL, "https://blog.example/r"+http.StatusText(code), time.Hour)
		redirecting.Close()
		require.NoError(t, err, "redirected with %d", code)
		assert.Equal(t, StateVerified, sub.State(), "verified by the hub redirected to")
		assert.Equal(t, redirecting.URL, sub.Hub, "the hub as given")
	}
	public := &Subscriber{CallbackBase: "https://reader.example/websub", Client: &http.Client{
		Transport: feedspec.GuardTransportAllowing(nil, netip.MustParsePrefix("127.0.0.1/32"))}}
	toPrivate := httptest.NewServer(http.RedirectHandler("http://10.0.0.1/hub", http.StatusTemporaryRedirect))
	defer toPrivate.Close()
	_, err = public.Subscribe(t.Context(), toPrivate.URL, "https://blog.example/a", 0)
	assert.ErrorIs(t, err, feedspec.ErrForbiddenAddress, "a redirect into a private network")

	assert.ErrorIs(t, r.s.Unsubscribe(t.Context(), nil), ErrInvalid)
	assert.ErrorIs(t, r.s.Unsubscribe(t.Context(), &Subscription{Topic: "x"}), ErrNotSubscribed)
	assert.True(t, errors.Is(r.s.Restore(nil), ErrInvalid))
}

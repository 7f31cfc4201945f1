package websub

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"hash"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/feedspectest"
)

// loopback allows the test servers' address to a Subscriber whose Client is
// nil, keeping the guard for every other address.
var loopback = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}

// A testHub is a hub the requirement table runs against: feedspectest.Hub
// (fsHub) and the test's own miniHub.
type testHub interface {
	url() string
	wait()
	close()
	setAlgorithm(alg string)
	setMaxLease(secs int)
	deny(topic, reason string)
	publish(topic, contentType string, body []byte) []int
	requests() []hubRequestSeen
	verifications() []hubVerificationSeen
	subscriptions() []hubSubSeen
}

type hubRequestSeen struct {
	contentType string
	form        url.Values
}

type hubVerificationSeen struct {
	mode, topic, callback string
	ok                    bool
	status, lease         int
}

type hubSubSeen struct {
	topic, callback, secret string
	lease                   int
}

// hubs returns the hubs to run a test against, by name.
func hubs() map[string]func() testHub {
	return map[string]func() testHub{
		"feedspectest.Hub": func() testHub { return &fsHub{feedspectest.NewHub()} },
		"miniHub":          func() testHub { return newMiniHub() },
	}
}

// fsHub adapts feedspectest.Hub.
type fsHub struct{ h *feedspectest.Hub }

func (f *fsHub) url() string { return f.h.URL + "/" }
func (f *fsHub) wait()       { f.h.Wait() }
func (f *fsHub) close()      { f.h.Close() }
func (f *fsHub) setAlgorithm(alg string) {
	if err := f.h.SetAlgorithm(alg); err != nil {
		panic(err)
	}
}
func (f *fsHub) setMaxLease(secs int)      { f.h.SetMaxLease(time.Duration(secs) * time.Second) }
func (f *fsHub) deny(topic, reason string) { f.h.Deny(topic, reason) }
func (f *fsHub) publish(topic, contentType string, body []byte) []int {
	var statuses []int
	for _, e := range f.h.Publish(topic, contentType, body) {
		statuses = append(statuses, e.Status)
	}
	return statuses
}
func (f *fsHub) requests() []hubRequestSeen {
	var list []hubRequestSeen
	for _, e := range f.h.EventsOf(feedspectest.HubRequest) {
		list = append(list, hubRequestSeen{contentType: e.ContentType, form: e.Form})
	}
	return list
}
func (f *fsHub) verifications() []hubVerificationSeen {
	var list []hubVerificationSeen
	for _, e := range f.h.EventsOf(feedspectest.HubVerify) {
		list = append(list, hubVerificationSeen{mode: e.Mode, topic: e.Topic, callback: e.Callback, ok: e.OK, status: e.Status, lease: e.LeaseSeconds})
	}
	return list
}
func (f *fsHub) subscriptions() []hubSubSeen {
	var list []hubSubSeen
	for _, s := range f.h.Subscriptions() {
		list = append(list, hubSubSeen{topic: s.Topic, callback: s.Callback, secret: s.Secret, lease: s.LeaseSeconds})
	}
	return list
}

// A delivery is one call of OnFeed; a dropped one of OnDrop.
type delivery struct {
	sub  *Subscription
	feed *feedspec.Feed
	err  error
}

type dropped struct {
	sub *Subscription
	err error
}

// A reader is a Subscriber served on loopback, whose OnFeed and OnDrop
// calls are collected.
type reader struct {
	s       *Subscriber
	srv     *httptest.Server
	feeds   chan delivery
	dropped chan dropped
}

// newReader starts a reader; configure, when not nil, sets more fields.
func newReader(t testing.TB, configure func(*Subscriber)) *reader {
	r := &reader{feeds: make(chan delivery, 256), dropped: make(chan dropped, 256)}
	r.s = &Subscriber{
		AllowAddresses: loopback,
		OnFeed: func(sub *Subscription, feed *feedspec.Feed, err error) {
			r.feeds <- delivery{sub, feed, err}
		},
		OnDrop: func(sub *Subscription, err error) { r.dropped <- dropped{sub, err} },
	}
	if configure != nil {
		configure(r.s)
	}
	r.srv = httptest.NewServer(r.s)
	if r.s.CallbackBase == "" {
		r.s.CallbackBase = r.srv.URL + "/websub"
	}
	t.Cleanup(func() {
		r.srv.Close()
		r.s.Wait()
	})
	return r
}

// next waits for the next OnFeed call.
func (r *reader) next(t testing.TB) delivery {
	t.Helper()
	select {
	case d := <-r.feeds:
		return d
	case <-time.After(10 * time.Second):
		require.FailNow(t, "OnFeed was not called within 10 seconds")
		return delivery{}
	}
}

// nextDrop returns the next OnDrop call, which the handler makes before
// answering.
func (r *reader) nextDrop(t testing.TB) dropped {
	t.Helper()
	select {
	case d := <-r.dropped:
		return d
	default:
		require.FailNow(t, "OnDrop was not called")
		return dropped{}
	}
}

// quiet waits for the OnFeed calls in progress and reports how many were
// made and not taken by next.
func (r *reader) quiet() (feeds, drops int) {
	r.s.Wait()
	for {
		select {
		case <-r.feeds:
			feeds++
		case <-r.dropped:
			drops++
		default:
			return feeds, drops
		}
	}
}

// sign returns the X-Hub-Signature of body.
func sign(alg, secret string, body []byte) string {
	var h func() hash.Hash
	switch alg {
	case "sha1":
		h = sha1.New
	case "sha256":
		h = sha256.New
	case "sha384":
		h = sha512.New384
	case "sha512":
		h = sha512.New
	}
	mac := hmac.New(h, []byte(secret))
	mac.Write(body)
	return alg + "=" + hex.EncodeToString(mac.Sum(nil))
}

// post sends body to url with the headers given as name, value pairs and
// returns the status and the answer's body.
func post(t testing.TB, url string, body []byte, header ...string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(string(body)))
	require.NoError(t, err)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Add(header[i], header[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err, "posting to the callback")
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// get sends a GET to url with q added to its query.
func get(t testing.TB, rawURL string, q url.Values) (int, string) {
	t.Helper()
	u, err := url.Parse(rawURL)
	require.NoError(t, err)
	all := u.Query()
	for k, v := range q {
		all[k] = v
	}
	u.RawQuery = all.Encode()
	res, err := http.Get(u.String())
	require.NoError(t, err, "GET of the callback")
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// atom returns an Atom feed with one entry of the given title.
func atom(title string) []byte {
	return []byte(`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title><id>tag:blog.example,2024:feed</id>
<entry><id>tag:blog.example,2024:` + url.PathEscape(title) + `</id><title>` + title + `</title><link href="/p/1"/></entry></feed>`)
}

// subscribed subscribes r to topic at h and waits for the verification.
func subscribed(t testing.TB, r *reader, h testHub, topic string, lease time.Duration) *Subscription {
	t.Helper()
	sub, err := r.s.Subscribe(t.Context(), h.url(), topic, lease)
	require.NoError(t, err, "Subscribe")
	h.wait()
	require.Equal(t, StateVerified, sub.State(), "the hub verified the subscription")
	return sub
}

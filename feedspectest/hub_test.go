package feedspectest_test

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
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/feedspec/feedspec/feedspectest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A callback is a subscriber's callback for testing the Hub: it echoes
// every challenge (unless refuse), and keeps what it received.
type callback struct {
	*httptest.Server
	mu     sync.Mutex
	refuse bool
	gets   []url.Values
	posts  []*http.Request
	bodies [][]byte
	status int // of the answer to a distribution; 0 for 202
}

func newCallback(t *testing.T) *callback {
	c := &callback{}
	c.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		defer c.mu.Unlock()
		if r.Method == http.MethodGet {
			c.gets = append(c.gets, r.URL.Query())
			if c.refuse {
				http.NotFound(w, r)
				return
			}
			_, _ = io.WriteString(w, r.URL.Query().Get("hub.challenge"))
			return
		}
		b, _ := io.ReadAll(r.Body)
		c.posts = append(c.posts, r)
		c.bodies = append(c.bodies, b)
		if c.status != 0 {
			w.WriteHeader(c.status)
			return
		}
		w.WriteHeader(http.StatusAccepted)
	}))
	t.Cleanup(c.Close)
	return c
}

func (c *callback) set(f func(c *callback)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f(c)
}

func subscribe(t *testing.T, h *feedspectest.Hub, form url.Values) (int, string) {
	t.Helper()
	res, err := http.PostForm(h.URL, form)
	require.NoError(t, err)
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	h.Wait()
	return res.StatusCode, string(b)
}

func TestHubRefusesBadRequests(t *testing.T) {
	h := feedspectest.NewHub()
	defer h.Close()
	cb := newCallback(t)
	ok := url.Values{"hub.mode": {"subscribe"}, "hub.topic": {"https://blog.example/feed"}, "hub.callback": {cb.URL}}
	with := func(k, v string) url.Values {
		f := url.Values{}
		for key, vals := range ok {
			f[key] = vals
		}
		if v == "" {
			f.Del(k)
		} else {
			f.Set(k, v)
		}
		return f
	}
	for _, c := range []struct {
		form url.Values
		msg  string
	}{
		{with("hub.mode", "publish"), "hub.mode must be subscribe or unsubscribe"},
		{with("hub.mode", ""), "hub.mode must be"},
		{with("hub.callback", "/relative"), "hub.callback"},
		{with("hub.topic", ""), "hub.topic"},
		{with("hub.secret", strings.Repeat("s", 200)), "less than 200 bytes"},
		{with("hub.lease_seconds", "-1"), "positive integer"},
		{with("hub.lease_seconds", "1e3"), "positive integer"},
	} {
		status, body := subscribe(t, h, c.form)
		assert.Equal(t, http.StatusBadRequest, status, c.msg)
		assert.Contains(t, body, c.msg)
	}
	res, err := http.Post(h.URL, "application/json", strings.NewReader(ok.Encode()))
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusBadRequest, res.StatusCode, "a Content-Type other than a form")
	res, err = http.Get(h.URL)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusBadRequest, res.StatusCode, "a GET")
	assert.Len(t, h.EventsOf(feedspectest.HubRequest), 9, "each recorded")
	assert.Empty(t, h.EventsOf(feedspectest.HubVerify), "none verified")
	assert.Empty(t, cb.gets)

	status, _ := subscribe(t, h, with("hub.unknown", "ignored"))
	assert.Equal(t, http.StatusAccepted, status, "other parameters are ignored")
}

func TestHubVerifiesAndDistributes(t *testing.T) {
	h := feedspectest.NewHub()
	defer h.Close()
	cb := newCallback(t)
	callbackURL := cb.URL + "/cb?reader=1&hub.mode=kept"
	topic := "https://blog.example/feed"
	status, _ := subscribe(t, h, url.Values{"hub.mode": {"subscribe"}, "hub.topic": {topic}, "hub.callback": {callbackURL},
		"hub.secret": {"s3cret"}, "hub.lease_seconds": {"3600"}})
	require.Equal(t, http.StatusAccepted, status)
	require.Len(t, cb.gets, 1)
	q := cb.gets[0]
	assert.Equal(t, "1", q.Get("reader"), "5.1.1: the callback's query kept")
	assert.Equal(t, []string{"kept", "subscribe"}, q["hub.mode"], "its parameters not overwritten, the hub's appended")
	assert.Equal(t, topic, q.Get("hub.topic"))
	assert.Equal(t, "3600", q.Get("hub.lease_seconds"))
	assert.NotEmpty(t, q.Get("hub.challenge"))
	subs := h.Subscriptions()
	require.Len(t, subs, 1)
	assert.Equal(t, "s3cret", subs[0].Secret)
	assert.Equal(t, 3600, subs[0].LeaseSeconds)

	body := []byte("<feed/>")
	for _, alg := range []struct {
		name string
		h    func() hash.Hash
	}{{"sha1", sha1.New}, {"sha256", sha256.New}, {"sha384", sha512.New384}, {"sha512", sha512.New}} {
		require.NoError(t, h.SetAlgorithm(alg.name))
		done := h.Publish(topic, "application/atom+xml", body)
		require.Len(t, done, 1)
		mac := hmac.New(alg.h, []byte("s3cret"))
		mac.Write(body)
		want := alg.name + "=" + hex.EncodeToString(mac.Sum(nil))
		assert.Equal(t, want, done[0].Signature, alg.name)
		assert.True(t, done[0].OK)
		last := cb.posts[len(cb.posts)-1]
		assert.Equal(t, want, last.Header.Get("X-Hub-Signature"), "7.1: the HMAC of the body (%s)", alg.name)
		assert.Equal(t, "application/atom+xml", last.Header.Get("Content-Type"))
		assert.Equal(t, "<"+h.URL+"/>; rel=\"hub\", <"+topic+">; rel=\"self\"", last.Header.Get("Link"), "7: hub and self")
		assert.Equal(t, "/cb", last.URL.Path)
		assert.Equal(t, body, cb.bodies[len(cb.bodies)-1])
	}
	assert.Error(t, h.SetAlgorithm("md5"))
	assert.Empty(t, h.Publish("https://blog.example/other", "text/xml", body), "no subscriber")

	// Without a secret: no signature. A 410 ends the subscription.
	status, _ = subscribe(t, h, url.Values{"hub.mode": {"subscribe"}, "hub.topic": {topic}, "hub.callback": {cb.URL + "/nosecret"}})
	require.Equal(t, http.StatusAccepted, status)
	cb.set(func(c *callback) { c.status = http.StatusGone })
	done := h.Publish(topic, "text/xml", body)
	require.Len(t, done, 2)
	assert.Empty(t, done[1].Signature, "no secret, no signature")
	assert.Equal(t, done[1].Callback, cb.URL+"/nosecret")
	assert.Empty(t, h.Subscriptions(), "410: both let go")
}

func TestHubVerificationFailureKeepsState(t *testing.T) {
	h := feedspectest.NewHub()
	defer h.Close()
	h.SetMaxLease(2 * time.Hour)
	cb := newCallback(t)
	topic := "https://blog.example/feed"
	form := url.Values{"hub.mode": {"subscribe"}, "hub.topic": {topic}, "hub.callback": {cb.URL}, "hub.lease_seconds": {"999999"}}
	subscribe(t, h, form)
	require.Len(t, h.Subscriptions(), 1)
	assert.Equal(t, 7200, h.Subscriptions()[0].LeaseSeconds, "at most the maximum lease")

	cb.set(func(c *callback) { c.refuse = true })
	form.Set("hub.lease_seconds", "60")
	subscribe(t, h, form)
	form.Set("hub.mode", "unsubscribe")
	subscribe(t, h, form)
	v := h.EventsOf(feedspectest.HubVerify)
	require.Len(t, v, 3)
	assert.True(t, v[0].OK)
	assert.False(t, v[1].OK, "a renewal refused")
	assert.Equal(t, http.StatusNotFound, v[1].Status)
	assert.False(t, v[2].OK, "an unsubscription refused")
	require.Len(t, h.Subscriptions(), 1, "5.1: the state unchanged")
	assert.Equal(t, 7200, h.Subscriptions()[0].LeaseSeconds)

	cb.set(func(c *callback) { c.refuse = false })
	subscribe(t, h, form)
	assert.Empty(t, h.Subscriptions(), "an unsubscription verified")

	// A wrong echo fails too.
	bad := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "not it") }))
	defer bad.Close()
	subscribe(t, h, url.Values{"hub.mode": {"subscribe"}, "hub.topic": {topic}, "hub.callback": {bad.URL}})
	v = h.EventsOf(feedspectest.HubVerify)
	assert.False(t, v[len(v)-1].OK, "2xx without the challenge")
	assert.Equal(t, "not it", v[len(v)-1].Body)
	assert.Empty(t, h.Subscriptions())
}

func TestHubDenyAndLease(t *testing.T) {
	h := feedspectest.NewHub()
	defer h.Close()
	cb := newCallback(t)
	topic := "https://blog.example/feed"
	subscribe(t, h, url.Values{"hub.mode": {"subscribe"}, "hub.topic": {topic}, "hub.callback": {cb.URL + "/a"}})
	h.Deny(topic, "not allowed")
	require.Len(t, cb.gets, 2)
	assert.Equal(t, url.Values{"hub.mode": {"denied"}, "hub.topic": {topic}, "hub.reason": {"not allowed"}}, cb.gets[1], "5.2")
	assert.Empty(t, h.Subscriptions())
	status, _ := subscribe(t, h, url.Values{"hub.mode": {"subscribe"}, "hub.topic": {topic}, "hub.callback": {cb.URL + "/b"}})
	assert.Equal(t, http.StatusAccepted, status, "accepted, then denied")
	require.Len(t, cb.gets, 3)
	assert.Equal(t, "denied", cb.gets[2].Get("hub.mode"))
	assert.Len(t, h.EventsOf(feedspectest.HubDeny), 2)

	// A lease that ended: nothing is delivered.
	h.SetMaxLease(time.Second)
	other := "https://blog.example/other"
	subscribe(t, h, url.Values{"hub.mode": {"subscribe"}, "hub.topic": {other}, "hub.callback": {cb.URL + "/c"}})
	require.Len(t, h.Subscriptions(), 1)
	assert.Equal(t, 1, h.Subscriptions()[0].LeaseSeconds)
	time.Sleep(1100 * time.Millisecond)
	assert.Empty(t, h.Publish(other, "text/xml", []byte("<rss/>")), "the lease ended")
	assert.Empty(t, h.Subscriptions(), "and the subscription was let go")
}

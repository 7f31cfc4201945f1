package websub

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec"
)

// verifiedSub makes a subscription of r at a hub that only accepts, and
// verifies it at r's callback as the hub would.
func verifiedSub(t testing.TB, r *reader, topic string) *Subscription {
	t.Helper()
	hub, _ := acceptingHubTB(t)
	sub, err := r.s.Subscribe(t.Context(), hub.URL, topic, time.Hour)
	require.NoError(t, err)
	rec := httptest.NewRecorder()
	r.s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, sub.Callback+"?"+verification(sub, "subscribe", "x", "3600").Encode(), nil))
	require.Equal(t, http.StatusOK, rec.Code)
	require.Equal(t, StateVerified, sub.State())
	return sub
}

func acceptingHubTB(t testing.TB) (*httptest.Server, func()) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusAccepted) }))
	t.Cleanup(srv.Close)
	return srv, srv.Close
}

// serve runs the handler on a request without a server.
func serve(s *Subscriber, method, target string, body io.Reader, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, body)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec
}

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

func TestForgedVerification(t *testing.T) {
	hub, _ := acceptingHub(t)
	r := newReader(t, nil)
	sub, err := r.s.Subscribe(t.Context(), hub.URL, "https://blog.example/a", time.Hour)
	require.NoError(t, err)
	other := verifiedSub(t, r, "https://blog.example/b")
	unknown := r.s.CallbackBase + "/" + randomString()

	for _, c := range []struct {
		name   string
		url    string
		q      url.Values
		status int
	}{
		{"an unknown callback", unknown, verification(sub, "subscribe", "c", "60"), http.StatusNotFound},
		{"the callback's base", r.s.CallbackBase + "/", verification(sub, "subscribe", "c", "60"), http.StatusNotFound},
		{"another topic", sub.Callback, url.Values{"hub.mode": {"subscribe"}, "hub.topic": {"https://attacker.example/"}, "hub.challenge": {"c"}}, http.StatusNotFound},
		{"no topic", sub.Callback, url.Values{"hub.mode": {"subscribe"}, "hub.challenge": {"c"}}, http.StatusNotFound},
		{"a mode not pending", sub.Callback, verification(sub, "unsubscribe", "c", ""), http.StatusNotFound},
		{"a verified subscription, nothing pending", other.Callback, verification(other, "subscribe", "c", "999999"), http.StatusNotFound},
		{"a denial of another topic", sub.Callback, url.Values{"hub.mode": {"denied"}, "hub.topic": {"https://attacker.example/"}}, http.StatusNotFound},
		{"no challenge", sub.Callback, verification(sub, "subscribe", "", "60"), http.StatusBadRequest},
		{"no mode", sub.Callback, url.Values{"hub.topic": {sub.Topic}, "hub.challenge": {"c"}}, http.StatusBadRequest},
		{"another mode", sub.Callback, url.Values{"hub.mode": {"publish"}, "hub.topic": {sub.Topic}, "hub.challenge": {"c"}}, http.StatusBadRequest},
	} {
		status, body := get(t, c.url, c.q)
		assert.Equal(t, c.status, status, c.name)
		assert.NotEqual(t, "c", body, "%s: the challenge is not echoed", c.name)
	}
	req, _ := http.NewRequest(http.MethodPut, sub.Callback, nil)
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusMethodNotAllowed, res.StatusCode)

	assert.Equal(t, StatePending, sub.State(), "nothing forged changed the pending subscription")
	assert.Equal(t, StateVerified, other.State())
	expiry := other.LeaseExpiry()
	assert.WithinDuration(t, time.Now().Add(time.Hour), expiry, time.Minute, "a forged lease is not recorded")

	// The hub's own verification still works, once: replayed, it is refused.
	q := verification(sub, "subscribe", "the hub's", "60")
	status, body := get(t, sub.Callback, q)
	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, "the hub's", body)
	status, _ = get(t, sub.Callback, q)
	assert.Equal(t, http.StatusNotFound, status, "a verification replayed")

	// A topic the hub wrote with unreserved characters decoded (5.1.1).
	enc, err := r.s.Subscribe(t.Context(), hub.URL, "https://blog.example/%7Euser/feed", time.Hour)
	require.NoError(t, err)
	status, _ = get(t, enc.Callback, url.Values{"hub.mode": {"subscribe"}, "hub.topic": {"https://blog.example/~user/feed"}, "hub.challenge": {"c"}})
	assert.Equal(t, http.StatusOK, status, "%7E and ~ are the same topic")
}

func TestChallengeLength(t *testing.T) {
	hub, _ := acceptingHub(t)
	r := newReader(t, nil)
	sub, err := r.s.Subscribe(t.Context(), hub.URL, "https://blog.example/a", time.Hour)
	require.NoError(t, err)
	target := func(challenge string) string {
		return sub.Callback + "?" + verification(sub, "subscribe", challenge, "60").Encode()
	}

	huge := strings.Repeat("A", 1<<20)
	rec := serve(r.s, http.MethodGet, target(huge), nil)
	assert.Equal(t, http.StatusBadRequest, rec.Code, "a 1 MB challenge (the query over 16 KiB)")
	assert.Less(t, rec.Body.Len(), 100, "not echoed")
	rec = serve(r.s, http.MethodGet, target(strings.Repeat("A", MaxChallengeLength+1)), nil)
	assert.Equal(t, http.StatusBadRequest, rec.Code, "one byte over MaxChallengeLength")
	assert.NotContains(t, rec.Body.String(), "AAAA")
	assert.Equal(t, StatePending, sub.State(), "still pending")

	// Through a server: its own header limit answers first.
	status, _ := get(t, sub.Callback, verification(sub, "subscribe", huge, "60"))
	assert.NotEqual(t, http.StatusOK, status, "a 1 MB challenge through net/http")

	longest := strings.Repeat("é", MaxChallengeLength/2)
	rec = serve(r.s, http.MethodGet, target(longest), nil)
	assert.Equal(t, http.StatusOK, rec.Code, "MaxChallengeLength bytes")
	assert.Equal(t, longest, rec.Body.String(), "echoed")
	assert.Equal(t, "text/plain; charset=utf-8", rec.Header().Get("Content-Type"))
	assert.Equal(t, "nosniff", rec.Header().Get("X-Content-Type-Options"))
	assert.Equal(t, StateVerified, sub.State())
}

func TestReplayedBodies(t *testing.T) {
	r := newReader(t, nil)
	a := verifiedSub(t, r, "https://blog.example/a")
	b := verifiedSub(t, r, "https://blog.example/b")
	body := atom("once")
	sig := sign("sha256", a.Secret, body)
	for i := range 2 {
		status, _ := post(t, a.Callback, body, "Content-Type", "application/atom+xml", "X-Hub-Signature", sig)
		assert.Equal(t, http.StatusAccepted, status)
		d := r.next(t)
		assert.Same(t, a, d.sub, "delivery %d", i+1)
	}
	// WebSub has no protection against replay beyond the signature: the
	// same signed body is delivered again. It cannot go to another
	// subscription, nor outlive the subscription.
	status, _ := post(t, b.Callback, body, "Content-Type", "application/atom+xml", "X-Hub-Signature", sig)
	assert.Equal(t, http.StatusAccepted, status)
	assert.ErrorIs(t, r.nextDrop(t).err, ErrSignature, "another subscription's secret")
	r.s.mu.Lock()
	r.s.forget(a) // as after its unsubscription was verified
	r.s.mu.Unlock()
	status, _ = post(t, a.Callback, body, "X-Hub-Signature", sig)
	assert.Equal(t, http.StatusNotFound, status, "after the subscription ended")
	feeds, _ := r.quiet()
	assert.Zero(t, feeds)
}

func TestInactiveSubscriptions(t *testing.T) {
	hub, _ := acceptingHub(t)
	r := newReader(t, nil)
	pending, err := r.s.Subscribe(t.Context(), hub.URL, "https://blog.example/p", time.Hour)
	require.NoError(t, err)
	body := atom("x")
	status, _ := post(t, pending.Callback, body, "X-Hub-Signature", sign("sha256", pending.Secret, body))
	assert.Equal(t, http.StatusAccepted, status, "content for a pending subscription")
	assert.ErrorIs(t, r.nextDrop(t).err, ErrNotActive)

	leaving := verifiedSub(t, r, "https://blog.example/l")
	require.NoError(t, r.s.Unsubscribe(t.Context(), leaving))
	status, _ = post(t, leaving.Callback, body, "X-Hub-Signature", sign("sha256", leaving.Secret, body))
	assert.Equal(t, http.StatusAccepted, status, "content while being unsubscribed")
	assert.ErrorIs(t, r.nextDrop(t).err, ErrNotActive)

	denied := verifiedSub(t, r, "https://blog.example/d")
	status, _ = get(t, denied.Callback, url.Values{"hub.mode": {"denied"}, "hub.topic": {denied.Topic}, "hub.reason": {strings.Repeat("r", 5000)}})
	assert.Equal(t, http.StatusOK, status)
	assert.Len(t, denied.Reason(), maxReason, "the reason cut to 1 KiB")
	status, _ = post(t, denied.Callback, body, "X-Hub-Signature", sign("sha256", denied.Secret, body))
	assert.Equal(t, http.StatusGone, status)
	assert.ErrorIs(t, r.nextDrop(t).err, ErrNotActive)
	feeds, _ := r.quiet()
	assert.Zero(t, feeds)
}

func TestUnknownCallbackReadsNothing(t *testing.T) {
	r := newReader(t, nil)
	verifiedSub(t, r, "https://blog.example/a")
	for _, path := range []string{"/websub/" + randomString(), "/websub/", "/", "/websub/a/../" + randomString()} {
		body := &countingReader{r: bytes.NewReader(atom("x"))}
		rec := serve(r.s, http.MethodPost, path, body, "X-Hub-Signature", "sha256=00")
		assert.Equal(t, http.StatusNotFound, rec.Code, path)
		assert.Zero(t, body.n.Load(), "%s: the body is not read", path)
	}
	status, _ := post(t, r.s.CallbackBase+"/"+randomString(), atom("x"))
	assert.Equal(t, http.StatusNotFound, status, "through the server")
	feeds, drops := r.quiet()
	assert.Zero(t, feeds)
	assert.Zero(t, drops, "unknown callbacks are not reported")
}

// zeros is an endless reader of zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

func TestOversizedBody(t *testing.T) {
	r := newReader(t, nil)
	sub := verifiedSub(t, r, "https://blog.example/a")
	limit := int64(feedspec.DefaultFetchMaxBodySize)
	sig := "sha256=" + strings.Repeat("ab", 32)

	// A Content-Length over the limit: refused before reading.
	body := &countingReader{r: io.LimitReader(zeros{}, limit+1)}
	req := httptest.NewRequest(http.MethodPost, sub.Callback, body)
	req.ContentLength = limit + 1
	req.Header.Set("X-Hub-Signature", sig)
	rec := httptest.NewRecorder()
	r.s.ServeHTTP(rec, req)
	assert.Equal(t, http.StatusAccepted, rec.Code)
	assert.Zero(t, body.n.Load(), "not read")
	assert.ErrorIs(t, r.nextDrop(t).err, feedspec.ErrBodyTooLarge)

	// No Content-Length, an endless body: read to the limit, then dropped.
	body = &countingReader{r: zeros{}}
	req = httptest.NewRequest(http.MethodPost, sub.Callback, body)
	req.ContentLength = -1
	req.Header.Set("X-Hub-Signature", sig)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	rec = httptest.NewRecorder()
	r.s.ServeHTTP(rec, req)
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("an endless body: %d bytes read, %d allocated (limit %d)", body.n.Load(), alloc, limit)
	assert.Equal(t, http.StatusAccepted, rec.Code)
	assert.LessOrEqual(t, body.n.Load(), limit+lastChunk, "read no further than the limit and a buffer")
	assert.LessOrEqual(t, alloc, uint64(limit+2*lastChunk), "allocated about the limit, once")
	err := r.nextDrop(t).err
	assert.ErrorIs(t, err, feedspec.ErrBodyTooLarge)
	assert.True(t, strings.HasPrefix(err.Error(), "websub: a content distribution larger than 16777216 bytes"), err.Error())

	// Over the server, with chunked encoding: the same, answered 2xx.
	pr, pw := io.Pipe()
	go func() {
		_, _ = io.Copy(pw, io.LimitReader(zeros{}, limit+100))
		pw.Close()
	}()
	req, _ = http.NewRequest(http.MethodPost, sub.Callback, pr)
	req.Header.Set("X-Hub-Signature", sig)
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusAccepted, res.StatusCode)
	assert.ErrorIs(t, r.nextDrop(t).err, feedspec.ErrBodyTooLarge)
	feeds, _ := r.quiet()
	assert.Zero(t, feeds)
}

func TestSlowBody(t *testing.T) {
	r := newReader(t, func(s *Subscriber) {
		s.ReadTimeout = 200 * time.Millisecond
		s.MaxConcurrent = 1
	})
	sub := verifiedSub(t, r, "https://blog.example/a")
	u, _ := url.Parse(sub.Callback)

	conn, err := net.Dial("tcp", u.Host)
	require.NoError(t, err)
	defer conn.Close()
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nX-Hub-Signature: sha256=%s\r\nContent-Length: 100000\r\n\r\n<feed",
		u.Path, u.Host, strings.Repeat("00", 32))
	// ... and nothing more: the handler's read deadline ends it.
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(10*time.Second)))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err, "an answer, not a handler stuck for ever")
	res.Body.Close()
	assert.Equal(t, http.StatusBadRequest, res.StatusCode)
	err = r.nextDrop(t).err
	assert.ErrorIs(t, err, os.ErrDeadlineExceeded, "the read deadline")
	assert.True(t, strings.HasPrefix(err.Error(), "websub: reading a content distribution: "), err.Error())

	// The slot is free again (MaxConcurrent is 1).
	body := atom("next")
	status, _ := post(t, sub.Callback, body, "X-Hub-Signature", sign("sha256", sub.Secret, body))
	assert.Equal(t, http.StatusAccepted, status)
	assert.NoError(t, r.next(t).err)
}

// TestNeverFetches sends distributions and verifications naming a server
// that records requests, in every place a URL can be: none is requested.
func TestNeverFetches(t *testing.T) {
	var hits atomic.Int64
	trap := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { hits.Add(1) }))
	defer trap.Close()
	r := newReader(t, nil)
	sub := verifiedSub(t, r, "https://blog.example/a")
	x := trap.URL
	docs := map[string]string{
		"application/atom+xml": `<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="` + x + `/style.xsl"?>
<!DOCTYPE feed SYSTEM "` + x + `/feed.dtd" [<!ENTITY ext SYSTEM "` + x + `/entity">]>
<feed xmlns="http://www.w3.org/2005/Atom" xml:base="` + x + `/base/"><title>&ext;</title><icon>` + x + `/icon.png</icon>
<link rel="hub" href="` + x + `/hub"/><link rel="self" href="` + x + `/self"/><link rel="next" href="` + x + `/next"/>
<entry><id>1</id><title type="html">&lt;img src="` + x + `/img.png"&gt;</title><link href="` + x + `/post"/>
<link rel="enclosure" href="` + x + `/a.mp3" length="1" type="audio/mpeg"/>
<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><img src="` + x + `/x.png"/><iframe src="` + x + `/frame"/></div></content></entry></feed>`,
		"application/feed+json": `{"version": "https://jsonfeed.org/version/1.1", "title": "J", "feed_url": "` + x + `/feed.json",
			"hubs": [{"type": "WebSub", "url": "` + x + `/hub"}], "icon": "` + x + `/i.png",
			"items": [{"id": "1", "url": "` + x + `/p", "image": "` + x + `/im.png", "content_html": "<img src=\"` + x + `/c.png\">",
			"attachments": [{"url": "` + x + `/a.mp3", "mime_type": "audio/mpeg"}]}]}`,
		"text/html": `<html><head><link rel="alternate" type="application/rss+xml" href="` + x + `/rss"><meta http-equiv="refresh" content="0;url=` + x + `/r"></head></html>`,
	}
	for ct, doc := range docs {
		body := []byte(doc)
		status, _ := post(t, sub.Callback, body, "Content-Type", ct,
			"Link", "<"+x+"/hub>; rel=hub, <"+x+"/self>; rel=self", "Content-Location", x+"/loc",
			"X-Hub-Signature", sign("sha512", sub.Secret, body))
		assert.Equal(t, http.StatusAccepted, status, ct)
		d := r.next(t)
		if ct == "text/html" {
			assert.ErrorIs(t, d.err, feedspec.ErrNotFeed, "an HTML page is not a feed")
			var page *feedspec.HTMLPageError
			if assert.ErrorAs(t, d.err, &page) {
				assert.NotEmpty(t, page.Feeds, "its feeds listed, not fetched")
			}
		} else {
			require.NoError(t, d.err, ct)
			assert.NotEmpty(t, d.feed.Entries, ct)
		}
	}
	status, _ := get(t, sub.Callback, url.Values{"hub.mode": {"subscribe"}, "hub.topic": {x + "/topic"}, "hub.challenge": {x}})
	assert.Equal(t, http.StatusNotFound, status)
	r.s.Wait()
	assert.Zero(t, hits.Load(), "no URL a distribution or a verification names was requested")
}

// TestFlood sends many distributions while OnFeed is blocked: at most
// MaxConcurrent goroutines are started, the others answered 503.
func TestFlood(t *testing.T) {
	release := make(chan struct{})
	var calls atomic.Int64
	r := newReader(t, func(s *Subscriber) {
		s.MaxConcurrent = 3
		s.OnFeed = func(*Subscription, *feedspec.Feed, error) {
			calls.Add(1)
			<-release
		}
	})
	sub := verifiedSub(t, r, "https://blog.example/a")
	body := atom("flood")
	sig := sign("sha256", sub.Secret, body)
	runtime.GC()
	before := runtime.NumGoroutine()
	codes := map[int]int{}
	for range 200 {
		rec := serve(r.s, http.MethodPost, sub.Callback, bytes.NewReader(body), "X-Hub-Signature", sig, "Content-Type", "application/atom+xml")
		codes[rec.Code]++
		if rec.Code == http.StatusServiceUnavailable {
			assert.Equal(t, "30", rec.Header().Get("Retry-After"))
		}
	}
	during := runtime.NumGoroutine()
	t.Logf("200 distributions with OnFeed blocked: %v; goroutines %d before, %d during", codes, before, during)
	assert.Equal(t, map[int]int{http.StatusAccepted: 3, http.StatusServiceUnavailable: 197}, codes)
	assert.LessOrEqual(t, during-before, 3, "at most MaxConcurrent goroutines started")
	busy := 0
	for len(r.dropped) > 0 {
		if errors.Is((<-r.dropped).err, ErrBusy) {
			busy++
		}
	}
	assert.Equal(t, 197, busy, "each reported ErrBusy")
	close(release)
	r.s.Wait()
	assert.EqualValues(t, 3, calls.Load())
	rec := serve(r.s, http.MethodPost, sub.Callback, bytes.NewReader(body), "X-Hub-Signature", sig)
	assert.Equal(t, http.StatusAccepted, rec.Code, "accepted again once OnFeed returned")
	r.s.Wait()
}

// feedOf returns an Atom feed of n entries.
func feedOf(n int) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Big</title>`)
	for i := range n {
		fmt.Fprintf(&b, `<entry><id>tag:x,2024:%d</id><title>Entry %d</title><updated>2024-01-02T03:04:05Z</updated>`+
			`<link href="/p/%d"/><summary type="html">&lt;p&gt;Some &lt;b&gt;text&lt;/b&gt; of entry %d.&lt;/p&gt;</summary></entry>`, i, i, i, i)
	}
	b.WriteString(`</feed>`)
	return []byte(b.String())
}

// TestMemoryPerRequest counts the bytes a distribution allocates, from the
// handler's call to OnFeed's return, at two body sizes ten times apart:
// a signed feed, and the same body with a wrong signature (read, never
// parsed).
func TestMemoryPerRequest(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates some 100 MB")
	}
	var entries atomic.Int64
	r := newReader(t, func(s *Subscriber) {
		s.OnFeed = func(_ *Subscription, f *feedspec.Feed, err error) {
			if err == nil {
				entries.Store(int64(len(f.Entries)))
			}
		}
	})
	sub := verifiedSub(t, r, "https://blog.example/a")
	measure := func(body []byte, sig string) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rec := serve(r.s, http.MethodPost, sub.Callback, bytes.NewReader(body), "X-Hub-Signature", sig, "Content-Type", "application/atom+xml")
		r.s.Wait()
		runtime.ReadMemStats(&after)
		require.Equal(t, http.StatusAccepted, rec.Code)
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := feedOf(600), feedOf(6000)
	var results [2][2]uint64
	for i, body := range [][]byte{small, large} {
		results[i][0] = measure(body, sign("sha256", sub.Secret, body))
		assert.EqualValues(t, []int{600, 6000}[i], entries.Load(), "parsed")
		results[i][1] = measure(body, sign("sha256", "wrong", body))
		for len(r.dropped) > 0 {
			<-r.dropped
		}
	}
	for j, what := range []string{"a signed feed", "a wrong signature"} {
		s, l := results[0][j], results[1][j]
		ratio := float64(l) / float64(s)
		t.Logf("%s: %d bytes: %d allocated (%.1f a byte); %d bytes: %d allocated (%.1f a byte); %.1fx for 10x",
			what, len(small), s, float64(s)/float64(len(small)), len(large), l, float64(l)/float64(len(large)), ratio)
		assert.LessOrEqual(t, ratio, 12.0, "%s: linear", what)
	}
	assert.LessOrEqual(t, float64(results[1][1])/float64(len(large)), 1.2, "a dropped body costs about its size")
	assert.LessOrEqual(t, float64(results[1][0])/float64(len(large)), 20.0, "a parsed one at most 20 bytes a byte")
}

// TestConcurrentSubscribers subscribes, publishes, renews and unsubscribes
// from many goroutines (run with -race).
func TestConcurrentSubscribers(t *testing.T) {
	h := newMiniHub()
	defer h.close()
	r := newReader(t, nil)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			topic := fmt.Sprintf("https://blog.example/%d", i)
			sub, err := r.s.Subscribe(t.Context(), h.url(), topic, time.Hour)
			if !assert.NoError(t, err) {
				return
			}
			_ = sub.RenewAt()
			_, _ = sub.MarshalJSON()
			h.publish(topic, "application/atom+xml", atom("c"))
			_, err = r.s.Subscribe(t.Context(), h.url(), topic, 2*time.Hour)
			assert.NoError(t, err)
			_ = r.s.Subscriptions()
			assert.NoError(t, r.s.Unsubscribe(t.Context(), sub))
		}()
	}
	wg.Wait()
	r.s.Wait()
	assert.Empty(t, r.s.Subscriptions())
	feeds, _ := r.quiet()
	assert.Equal(t, 8, feeds)
}

// TestNoOnFeed checks that a Subscriber without OnFeed answers content
// without reading it.
func TestNoOnFeed(t *testing.T) {
	r := newReader(t, func(s *Subscriber) { s.OnFeed = nil })
	sub := verifiedSub(t, r, "https://blog.example/a")
	payload := atom("x")
	body := &countingReader{r: bytes.NewReader(payload)}
	rec := serve(r.s, http.MethodPost, sub.Callback, body, "X-Hub-Signature", sign("sha256", sub.Secret, payload))
	assert.Equal(t, http.StatusAccepted, rec.Code)
	assert.Zero(t, body.n.Load(), "not read")
	assert.Equal(t, "close", rec.Header().Get("Connection"))
}

package feedspectest

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The kinds of a HubEvent.
const (
	// HubRequest: the hub received a subscription or unsubscription
	// request and answered it (202 Accepted, or 400 with the error).
	HubRequest = "request"
	// HubVerify: the hub asked the callback to verify a request (a GET
	// with hub.challenge).
	HubVerify = "verify"
	// HubDeny: the hub told the callback its subscription was denied.
	HubDeny = "deny"
	// HubDeliver: the hub sent a content distribution to the callback.
	HubDeliver = "deliver"
)

// DefaultHubLease is the lease a Hub grants when the subscriber asks for
// none, and the longest it grants unless SetMaxLease says otherwise: 10
// days, the default the Recommendation advises.
const DefaultHubLease = 10 * 24 * time.Hour

// A Hub is a WebSub hub on the loopback interface, for tests of
// subscribers: it follows the W3C WebSub Recommendation's hub side.
// Its embedded *httptest.Server gives its URL (h.URL), the hub URL to
// subscribe at.
//
//   - A subscription request (a POST of application/x-www-form-urlencoded
//     with hub.mode subscribe or unsubscribe, hub.callback and hub.topic
//     absolute http or https URLs, hub.secret under 200 bytes, and for a
//     subscribe an optional hub.lease_seconds, a positive integer) is
//     answered 202 Accepted; anything else 400 Bad Request with the error
//     as plain text. Other parameters are ignored.
//   - Then, on a goroutine of its own, the Hub verifies the intent: a GET
//     of the callback, its query kept, with hub.mode, hub.topic, a random
//     hub.challenge and, for a subscribe, hub.lease_seconds (the lease
//     asked for, at most the maximum lease; the maximum when none was
//     asked). Only a 2xx answer whose body is the challenge verifies it:
//     the subscription (keyed by topic and callback) is then made or
//     renewed with its secret and lease, or ended for an unsubscribe;
//     otherwise nothing changes.
//   - A topic given to Deny is refused: its subscribers are told (a GET
//     with hub.mode=denied, hub.topic and hub.reason) and let go, and so is
//     every later subscriber to it, after the 202.
//   - Publish sends a content distribution to every subscription of the
//     topic whose lease has not ended: a POST of the body with its
//     Content-Type, a Link header naming the hub (rel="hub") and the topic
//     (rel="self"), and, for a subscription with a secret, X-Hub-Signature
//     with the HMAC of the body keyed with the secret (sha256 unless
//     SetAlgorithm says otherwise). A 410 Gone answer ends the subscription.
//
// The Hub calls back with a client of its own (10-second timeout, no
// address guard: the callbacks of tests are on loopback). It records
// everything it does (Events). A Hub is safe for concurrent use. Close it
// when done (t.Cleanup(h.Close)): Close waits for the verifications in
// progress.
type Hub struct {
	*httptest.Server

	client *http.Client

	mu       sync.Mutex
	idle     *sync.Cond // signalled when busy falls to 0
	busy     int        // verifications and denials in progress
	subs     map[hubKey]*HubSubscription
	denied   map[string]string // topic: reason
	alg      string
	maxLease time.Duration
	events   []HubEvent
}

// A hubKey identifies a subscription: the Recommendation's (topic,
// callback).
type hubKey struct{ topic, callback string }

// A HubSubscription is a subscription a Hub verified.
type HubSubscription struct {
	Topic    string
	Callback string
	Secret   string // "" when the subscriber sent none
	// LeaseSeconds is the lease the Hub granted, and Expires when it ends.
	LeaseSeconds int
	Expires      time.Time
}

// A HubEvent is something a Hub did. Which fields are set depends on Kind.
type HubEvent struct {
	Kind string    // HubRequest, HubVerify, HubDeny or HubDeliver
	Time time.Time // when it was done (for a request, when it arrived)

	Mode     string // hub.mode of the request or of the verification
	Topic    string // hub.topic
	Callback string // hub.callback: the URL the Hub called (without the query it added)

	// Form holds every parameter of a request, as received; ContentType
	// is a request's or a distribution's Content-Type.
	Form        url.Values
	ContentType string
	// Secret is a request's hub.secret.
	Secret string
	// LeaseSeconds is a request's hub.lease_seconds (0 when absent), or
	// the lease a subscribe verification granted.
	LeaseSeconds int
	// Challenge is the hub.challenge of a verification; Reason the
	// hub.reason of a denial; Signature the X-Hub-Signature of a
	// distribution ("" without a secret).
	Challenge string
	Reason    string
	Signature string

	// Status is the Hub's answer to a request, or the callback's answer
	// to the Hub (0 when none came: see Err).
	Status int
	// OK reports a request accepted, a verification that succeeded (2xx
	// and the challenge echoed), a denial or distribution answered 2xx.
	OK bool
	// Body is the start of the callback's answer to a verification (at
	// most 64 KiB), or the Hub's error message for a refused request.
	Body string
	// Err is the error of a call that got no answer.
	Err string
}

// NewHub starts a Hub. Close it when done.
func NewHub() *Hub {
	h := &Hub{
		client:   &http.Client{Timeout: 10 * time.Second},
		subs:     make(map[hubKey]*HubSubscription),
		denied:   make(map[string]string),
		alg:      "sha256",
		maxLease: DefaultHubLease,
	}
	h.idle = sync.NewCond(&h.mu)
	h.Server = httptest.NewServer(http.HandlerFunc(h.serve))
	return h
}

// Close waits for the verifications and denials in progress, then closes
// the server.
func (h *Hub) Close() {
	h.Wait()
	h.Server.Close()
}

// SetAlgorithm sets the algorithm of the signatures Publish sends: "sha1",
// "sha256" (the default), "sha384" or "sha512" (section 7.1.1). Any other
// name is an error, and the algorithm does not change.
func (h *Hub) SetAlgorithm(name string) error {
	if hubHash(name) == nil {
		return fmt.Errorf("feedspectest: %q is not a WebSub signature algorithm (sha1, sha256, sha384, sha512)", name)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.alg = name
	return nil
}

// SetMaxLease sets the longest lease the Hub grants, which it also grants
// to a subscriber that asks for none (DefaultHubLease until set). It is
// rounded up to whole seconds, at least one.
func (h *Hub) SetMaxLease(d time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.maxLease = max(d, time.Second)
}

// Deny refuses the topic: its current subscribers are told their
// subscription is denied, with the reason (none when ""), and let go;
// later requests to subscribe to it are accepted (202) and then denied.
// Deny returns once the current subscribers were told.
func (h *Hub) Deny(topic, reason string) {
	h.mu.Lock()
	h.denied[topic] = reason
	var callbacks []string
	for k := range h.subs {
		if k.topic == topic {
			callbacks = append(callbacks, k.callback)
			delete(h.subs, k)
		}
	}
	h.mu.Unlock()
	slices.Sort(callbacks)
	for _, cb := range callbacks {
		h.deny(topic, cb, reason)
	}
}

// Wait waits for the verifications and denials in progress: after
// subscribing through the Hub, Wait, and the subscription is verified (or
// refused).
func (h *Hub) Wait() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for h.busy > 0 {
		h.idle.Wait()
	}
}

// Subscriptions returns the subscriptions the Hub holds, ordered by topic
// and callback (those whose lease ended included, until Publish lets them
// go).
func (h *Hub) Subscriptions() []HubSubscription {
	h.mu.Lock()
	defer h.mu.Unlock()
	list := make([]HubSubscription, 0, len(h.subs))
	for _, s := range h.subs {
		list = append(list, *s)
	}
	slices.SortFunc(list, func(a, b HubSubscription) int {
		return strings.Compare(a.Topic+"\x00"+a.Callback, b.Topic+"\x00"+b.Callback)
	})
	return list
}

// Events returns what the Hub did, in order.
func (h *Hub) Events() []HubEvent {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.events)
}

// EventsOf returns the events of one kind (HubRequest, HubVerify, HubDeny
// or HubDeliver), in order.
func (h *Hub) EventsOf(kind string) []HubEvent {
	var list []HubEvent
	for _, e := range h.Events() {
		if e.Kind == kind {
			list = append(list, e)
		}
	}
	return list
}

// Publish sends body, of the given Content-Type, to every subscriber of
// topic whose lease has not ended, one after the other, and returns the
// HubDeliver events of the distributions. It first waits for the
// verifications in progress, so that a subscription verified by then
// receives it.
func (h *Hub) Publish(topic, contentType string, body []byte) []HubEvent {
	h.Wait()
	now := time.Now()
	h.mu.Lock()
	alg := h.alg
	var targets []HubSubscription
	for k, s := range h.subs {
		if k.topic != topic {
			continue
		}
		if !now.Before(s.Expires) {
			delete(h.subs, k) // the lease ended
			continue
		}
		targets = append(targets, *s)
	}
	h.mu.Unlock()
	slices.SortFunc(targets, func(a, b HubSubscription) int { return strings.Compare(a.Callback, b.Callback) })

	var done []HubEvent
	for _, s := range targets {
		e := HubEvent{Kind: HubDeliver, Time: time.Now(), Topic: topic, Callback: s.Callback, ContentType: contentType}
		req, err := http.NewRequest(http.MethodPost, s.Callback, bytes.NewReader(body))
		if err != nil {
			e.Err = err.Error()
			done = append(done, h.record(e))
			continue
		}
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		req.Header.Set("Link", "<"+h.URL+"/>; rel=\"hub\", <"+topic+">; rel=\"self\"")
		if s.Secret != "" {
			mac := hmac.New(hubHash(alg), []byte(s.Secret))
			mac.Write(body)
			e.Signature = alg + "=" + hex.EncodeToString(mac.Sum(nil))
			req.Header.Set("X-Hub-Signature", e.Signature)
		}
		res, err := h.client.Do(req)
		if err != nil {
			e.Err = err.Error()
		} else {
			drain(res.Body)
			e.Status, e.OK = res.StatusCode, res.StatusCode/100 == 2
			if res.StatusCode == http.StatusGone {
				h.mu.Lock()
				delete(h.subs, hubKey{topic, s.Callback})
				h.mu.Unlock()
			}
		}
		done = append(done, h.record(e))
	}
	return done
}

// record appends e to the log and returns it.
func (h *Hub) record(e HubEvent) HubEvent {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.events = append(h.events, e)
	return e
}

// serve answers a subscription or unsubscription request.
func (h *Hub) serve(w http.ResponseWriter, r *http.Request) {
	e := HubEvent{Kind: HubRequest, Time: time.Now(), ContentType: r.Header.Get("Content-Type")}
	refuse := func(format string, args ...any) {
		e.Status, e.Body = http.StatusBadRequest, fmt.Sprintf(format, args...)
		h.record(e)
		http.Error(w, e.Body, e.Status)
	}
	if r.Method != http.MethodPost {
		refuse("a hub takes POST requests, not %s", r.Method)
		return
	}
	if mt, _, err := mime.ParseMediaType(e.ContentType); err != nil || mt != "application/x-www-form-urlencoded" {
		refuse("the Content-Type must be application/x-www-form-urlencoded, not %q", e.ContentType)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		refuse("the form does not parse: %v", err)
		return
	}
	e.Form = r.PostForm
	f := r.PostForm
	e.Mode, e.Topic, e.Callback, e.Secret = f.Get("hub.mode"), f.Get("hub.topic"), f.Get("hub.callback"), f.Get("hub.secret")
	if e.Mode != "subscribe" && e.Mode != "unsubscribe" {
		refuse("hub.mode must be subscribe or unsubscribe, not %q", e.Mode)
		return
	}
	if !httpURL(e.Callback) {
		refuse("hub.callback %q is not an absolute http or https URL", e.Callback)
		return
	}
	if !httpURL(e.Topic) {
		refuse("hub.topic %q is not an absolute http or https URL", e.Topic)
		return
	}
	if len(e.Secret) >= 200 {
		refuse("hub.secret must be less than 200 bytes long, not %d", len(e.Secret))
		return
	}
	if v := f.Get("hub.lease_seconds"); v != "" && e.Mode == "subscribe" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 || strings.TrimLeft(v, "0123456789") != "" {
			refuse("hub.lease_seconds must be a positive integer, not %q", v)
			return
		}
		e.LeaseSeconds = n
	}
	e.Status, e.OK = http.StatusAccepted, true
	h.mu.Lock()
	reason, denied := h.denied[e.Topic]
	lease := h.grant(e.LeaseSeconds)
	h.events = append(h.events, e)
	h.busy++
	h.mu.Unlock()
	w.WriteHeader(http.StatusAccepted)

	// The verification (or the denial) begins after the answer, as the
	// Recommendation has it.
	go func() {
		defer func() {
			h.mu.Lock()
			if h.busy--; h.busy == 0 {
				h.idle.Broadcast()
			}
			h.mu.Unlock()
		}()
		if denied && e.Mode == "subscribe" {
			h.deny(e.Topic, e.Callback, reason)
			return
		}
		h.verify(e.Mode, e.Topic, e.Callback, e.Secret, lease)
	}()
}

// grant returns the lease granted for a request of secs seconds (0: none
// asked); h.mu is held.
func (h *Hub) grant(secs int) int {
	most := int((h.maxLease + time.Second - 1) / time.Second)
	if secs <= 0 || secs > most {
		return most
	}
	return secs
}

// verify verifies the intent of a request at its callback, and applies it
// when the callback agrees.
func (h *Hub) verify(mode, topic, callback, secret string, lease int) {
	e := HubEvent{Kind: HubVerify, Time: time.Now(), Mode: mode, Topic: topic, Callback: callback, Challenge: rand.Text()}
	q := url.Values{"hub.mode": {mode}, "hub.topic": {topic}, "hub.challenge": {e.Challenge}}
	if mode == "subscribe" {
		e.LeaseSeconds = lease
		q.Set("hub.lease_seconds", strconv.Itoa(lease))
	}
	res, err := h.client.Get(withQuery(callback, q))
	if err != nil {
		e.Err = err.Error()
		h.record(e)
		return
	}
	body, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	drain(res.Body)
	e.Status, e.Body = res.StatusCode, string(body)
	e.OK = res.StatusCode/100 == 2 && e.Body == e.Challenge
	h.mu.Lock()
	defer h.mu.Unlock()
	if e.OK {
		k := hubKey{topic, callback}
		if mode == "subscribe" {
			h.subs[k] = &HubSubscription{
				Topic: topic, Callback: callback, Secret: secret,
				LeaseSeconds: lease, Expires: e.Time.Add(time.Duration(lease) * time.Second),
			}
		} else {
			delete(h.subs, k)
		}
	}
	h.events = append(h.events, e)
}

// deny tells the callback its subscription to topic is denied.
func (h *Hub) deny(topic, callback, reason string) {
	e := HubEvent{Kind: HubDeny, Time: time.Now(), Mode: "denied", Topic: topic, Callback: callback, Reason: reason}
	q := url.Values{"hub.mode": {"denied"}, "hub.topic": {topic}}
	if reason != "" {
		q.Set("hub.reason", reason)
	}
	res, err := h.client.Get(withQuery(callback, q))
	if err != nil {
		e.Err = err.Error()
	} else {
		drain(res.Body)
		e.Status, e.OK = res.StatusCode, res.StatusCode/100 == 2
	}
	h.record(e)
}

// withQuery appends the parameters of q to the query of rawURL, keeping
// the parameters it has (section 5.1.1).
func withQuery(rawURL string, q url.Values) string {
	sep := "?"
	if strings.Contains(rawURL, "?") {
		sep = "&"
		if strings.HasSuffix(rawURL, "?") || strings.HasSuffix(rawURL, "&") {
			sep = ""
		}
	}
	return rawURL + sep + q.Encode()
}

// httpURL reports whether s is an absolute http or https URL.
func httpURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && u.Host != "" && (u.Scheme == "http" || u.Scheme == "https")
}

// hubHash returns the hash of a signature algorithm name; nil for another.
func hubHash(name string) func() hash.Hash {
	switch name {
	case "sha1":
		return sha1.New
	case "sha256":
		return sha256.New
	case "sha384":
		return sha512.New384
	case "sha512":
		return sha512.New
	}
	return nil
}

// drain reads a little of a body and closes it, so that the connection
// can be reused.
func drain(body io.ReadCloser) {
	_, _ = io.Copy(io.Discard, io.LimitReader(body, 64<<10))
	_ = body.Close()
}

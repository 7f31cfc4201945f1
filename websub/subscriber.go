package websub

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/internal/allowlist"
)

// The values of hub.mode.
const (
	modeSubscribe   = "subscribe"
	modeUnsubscribe = "unsubscribe"
	modeDenied      = "denied"
)

// DefaultMaxConcurrent is the number of content distributions a Subscriber
// whose MaxConcurrent is 0 reads, parses and hands to OnFeed at once.
const DefaultMaxConcurrent = 4

// maxSecretBytes bounds a restored Subscription's secret: the Recommendation
// requires hub.secret to be less than 200 bytes long.
const maxSecretBytes = 199

// maxLeaseSeconds bounds the lease a verification may record: ten years.
// A longer hub.lease_seconds (the Recommendation forbids perpetual leases)
// is recorded as ten years, so that the expiry never overflows.
const maxLeaseSeconds = 10 * 365 * 24 * 3600

// maxHubMessage is how much of a refusing hub's answer HubError keeps.
const maxHubMessage = 1 << 10

// A Subscriber subscribes to topics at WebSub hubs and receives their
// content distributions: the subscriber of the W3C WebSub Recommendation
// (23 January 2018).
//
// It is an http.Handler: serve it where CallbackBase says it is reachable
// (mux.Handle("/websub/", s) for a CallbackBase ending in /websub). Each
// subscription gets its own callback below CallbackBase, whose last path
// segment is 256 random bits: an unguessable capability URL, as the
// Recommendation advises, which the handler recognizes whatever comes
// before it (a http.StripPrefix in front changes nothing).
//
// The zero Subscriber with CallbackBase and OnFeed set is ready to use, and
// safe in front of hubs and strangers: its requests to hubs go through the
// same address guard and timeout as a feedspec.Fetcher with a nil Client,
// and its handler does only what its subscriptions asked for (see
// ServeHTTP). A Subscriber is safe for concurrent use; its fields must not
// change once it is in use. It must not be copied after first use.
type Subscriber struct {
	// Client sends the subscription and unsubscription requests. nil means
	// a client of the package's, as a feedspec.Fetcher's: its transport is
	// feedspec.GuardTransport's (it refuses to connect to an address that
	// is not public, whether the hub's URL or a redirect leads there, and
	// uses no proxy), unless AllowPrivateNetworks or AllowAddresses says
	// otherwise, and its Timeout is feedspec.DefaultFetchTimeout. A Client
	// given here is used as it is.
	Client *http.Client

	// AllowPrivateNetworks lets a Subscriber whose Client is nil connect to
	// any address, as feedspec.Fetcher's field of the same name: only for
	// a reader that trusts every hub it is given.
	AllowPrivateNetworks bool

	// AllowAddresses lists addresses that are not public which a
	// Subscriber whose Client is nil may still connect to (a hub on the
	// reader's LAN; a test hub on loopback, 127.0.0.1/32), as
	// feedspec.Fetcher's field of the same name; every other one stays
	// refused.
	AllowAddresses []netip.Prefix

	// CallbackBase is the public URL at which the hub reaches this
	// Subscriber's handler (an absolute http or https URL; https is
	// advised, as the callbacks and the content travel to it). Each
	// subscription's callback is CallbackBase followed by "/" and its
	// random path segment; a query in CallbackBase is kept.
	CallbackBase string

	// OnFeed is called with each content distribution whose signature
	// matched, on a goroutine of its own, after the hub was answered: the
	// feed parsed from the body as feedspec.ParseResponse parses a
	// response of the subscription's topic URL with the request's
	// Content-Type, Content-Encoding and Link headers, the way a
	// feedspec.Fetcher reads (recovery mode, JSON Feeds, WithoutDocument,
	// at most feedspec.DefaultFetchMaxBodySize), and ParseResponse's
	// error. A body that is not a feed gives a nil feed and the error
	// (matching feedspec.ErrNotFeed). When OnFeed is nil, distributions
	// are answered and dropped.
	OnFeed func(sub *Subscription, feed *feedspec.Feed, err error)

	// OnDrop, when not nil, is called for each content distribution to
	// one of the Subscriber's callbacks that is dropped without reaching
	// OnFeed, with an error saying why: ErrSignature, ErrNotActive,
	// ErrBusy, feedspec.ErrBodyTooLarge, or the error reading the body
	// (a read deadline's matches os.ErrDeadlineExceeded). It runs in the
	// handler, before the answer: it must return quickly. Requests to
	// callbacks the Subscriber does not know are not reported.
	OnDrop func(sub *Subscription, err error)

	// MaxConcurrent is the number of content distributions read, parsed
	// and handed to OnFeed at once; 0 means DefaultMaxConcurrent. One more
	// is answered 503 Service Unavailable (with Retry-After), for the hub
	// to send it again later, as hubs do after a failure; no goroutine is
	// started for it and its body is not read. It is read once, at the
	// first content distribution.
	MaxConcurrent int

	// ReadTimeout bounds the time the handler spends reading a content
	// distribution's body; 0 means feedspec.DefaultFetchTimeout (30
	// seconds). It is set as the connection's read deadline
	// (http.ResponseController); with a ResponseWriter that has none, the
	// server's own ReadTimeout is what bounds it.
	ReadTimeout time.Duration

	mu      sync.Mutex
	byToken map[string]*Subscription
	byTopic map[hubTopic]*Subscription
	gen     uint64 // counts the requests made pending

	slotsOnce sync.Once
	slots     chan struct{}
	running   int        // OnFeed goroutines; s.mu
	idle      *sync.Cond // signalled when running falls to 0
}

// A hubTopic identifies a subscription for Subscribe's renewals.
type hubTopic struct{ hub, topic string }

// The clients of Subscribers whose Client is nil, as feedspec.Fetcher's.
var (
	guardedClient = sync.OnceValue(func() *http.Client {
		return &http.Client{Transport: feedspec.GuardTransport(nil), Timeout: feedspec.DefaultFetchTimeout}
	})
	unguardedClient = sync.OnceValue(func() *http.Client {
		return &http.Client{Timeout: feedspec.DefaultFetchTimeout}
	})
	allowingClients = &allowlist.Clients{New: func(allow []netip.Prefix) *http.Client {
		return &http.Client{Transport: feedspec.GuardTransportAllowing(nil, allow...), Timeout: feedspec.DefaultFetchTimeout}
	}}
)

// client returns the client that sends s's requests.
func (s *Subscriber) client() *http.Client {
	switch {
	case s.Client != nil:
		return s.Client
	case s.AllowPrivateNetworks:
		return unguardedClient()
	case len(s.AllowAddresses) > 0:
		if c := allowingClients.Get(s.AllowAddresses); c != nil {
			return c
		}
	}
	return guardedClient()
}

// Subscribe asks the hub for a subscription to topic (the self URL that
// Discover found), with a lease of the given length (hub.lease_seconds,
// in whole seconds, rounded up; 0 leaves the lease to the hub, which the
// Recommendation lets choose a default), and returns once the hub has
// accepted the request (202 Accepted, or any 2xx).
//
// The request is the Recommendation's (section 5.1): a POST of an
// application/x-www-form-urlencoded body with hub.callback, hub.mode
// (subscribe), hub.topic, hub.secret and, with a lease, hub.lease_seconds.
// A new subscription gets a callback of its own below CallbackBase and a
// fresh secret (256 random bits, base64url-encoded: 43 bytes), and is
// StatePending until the hub verifies it at the callback, which may happen
// before Subscribe returns or long after.
//
// Subscribing again to a topic at a hub where the Subscriber already holds
// a subscription (pending, verified or denied) renews it: the request
// carries the same callback and secret, and the same *Subscription is
// returned, still in its state (a verified one keeps receiving content)
// until the hub verifies the renewal, which sets the new lease. The
// Recommendation advises a new callback for each renewal; keeping it
// renews the hub's subscription, keyed by topic and callback, instead of
// making a second one that would deliver each update twice until the
// first lease ends.
//
// A hub that answers with a status other than 2xx gives a *HubError with
// the status and the start of the hub's message (matching ErrHub); the
// request is then withdrawn (a new subscription is let go, a renewal
// leaves the subscription as it was). A hub URL, topic or CallbackBase
// that is not an absolute http or https URL, or a negative lease, gives an
// error matching ErrInvalid; a hub the guard refuses, one matching
// feedspec.ErrForbiddenAddress.
func (s *Subscriber) Subscribe(ctx context.Context, hub, topic string, lease time.Duration) (*Subscription, error) {
	if absoluteHTTP(nil, hub) == "" {
		return nil, invalid("the hub URL " + quoteCut(hub) + " is not an absolute http or https URL")
	}
	if absoluteHTTP(nil, topic) == "" {
		return nil, invalid("the topic URL " + quoteCut(topic) + " is not an absolute http or https URL")
	}
	if lease < 0 {
		return nil, invalid("a negative lease: " + lease.String())
	}
	secs := int64((lease + time.Second - 1) / time.Second)
	base, err := s.callbackBase()
	if err != nil {
		return nil, err
	}

	s.mu.Lock()
	s.init()
	key := hubTopic{hub, topic}
	sub := s.byTopic[key]
	isNew := sub == nil
	if isNew {
		token := randomString()
		sub = &Subscription{
			Hub: hub, Topic: topic, Secret: randomString(),
			Callback: callbackURL(base, token),
			token:    token,
			state:    StatePending,
		}
		s.byToken[token] = sub
		s.byTopic[key] = sub
	}
	// The request is pending before it is sent: a hub may verify it before
	// answering.
	gen, prevMode, prevLease := s.makePending(sub, modeSubscribe, secs)
	s.mu.Unlock()

	if err := s.send(ctx, sub, modeSubscribe, secs); err != nil {
		s.mu.Lock()
		sub.mu.Lock()
		if sub.gen == gen && sub.pending == modeSubscribe {
			// Still this request's, and not verified: withdrawn.
			sub.pending, sub.pendLease = prevMode, prevLease
			if isNew && sub.state == StatePending {
				sub.pending = ""
				s.forget(sub)
			}
		}
		sub.mu.Unlock()
		s.mu.Unlock()
		return nil, err
	}
	return sub, nil
}

// Unsubscribe asks the hub to end the subscription (hub.mode=unsubscribe,
// with its callback and topic) and returns once the hub has accepted the
// request. Content distributions to it are dropped from then on; when the
// hub verifies the unsubscription at the callback, the subscription
// becomes StateUnsubscribed and the Subscriber lets it go. A subscription
// the hub denied is let go at once, without a request. A hub that answers
// with a status other than 2xx gives a *HubError (matching ErrHub) and
// the subscription stays as it was. A Subscription the Subscriber does not
// hold (never subscribed or restored here, or already unsubscribed) gives
// an error matching ErrNotSubscribed.
func (s *Subscriber) Unsubscribe(ctx context.Context, sub *Subscription) error {
	if sub == nil {
		return invalid("Unsubscribe of a nil Subscription")
	}
	s.mu.Lock()
	if s.byToken == nil || sub.token == "" || s.byToken[sub.token] != sub {
		s.mu.Unlock()
		return fmt.Errorf("websub: unsubscribing from %s at %s: %w", quoteCut(sub.Topic), quoteCut(sub.Hub), ErrNotSubscribed)
	}
	if sub.State() == StateDenied {
		s.forget(sub)
		s.mu.Unlock()
		return nil
	}
	gen, prevMode, prevLease := s.makePending(sub, modeUnsubscribe, 0)
	s.mu.Unlock()

	if err := s.send(ctx, sub, modeUnsubscribe, 0); err != nil {
		sub.mu.Lock()
		if sub.gen == gen && sub.pending == modeUnsubscribe {
			sub.pending, sub.pendLease = prevMode, prevLease
		}
		sub.mu.Unlock()
		return err
	}
	return nil
}

// Restore gives the Subscriber subscriptions it made before (read back from
// their JSON), so that its handler answers their hubs again: content
// distributions for the verified ones, the verification of a request still
// pending. Restore them before serving the handler, or a distribution
// arriving meanwhile is answered 404 (which a hub takes for a failure, and
// retries).
//
// A Subscription whose hub, topic or callback is not an absolute http or
// https URL, whose callback has no last path segment, whose secret is
// empty or 200 bytes or longer, or whose state is StateUnsubscribed, is
// not restored, and neither is one whose callback another subscription of
// the Subscriber holds; the error (matching ErrInvalid) names each, and
// the others are restored. Restoring a Subscription the Subscriber holds
// changes nothing. The Subscriber keeps the pointers it is given.
func (s *Subscriber) Restore(subs ...*Subscription) error {
	var errs []error
	for _, sub := range subs {
		if err := s.restore(sub); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// restore restores one Subscription.
func (s *Subscriber) restore(sub *Subscription) error {
	if sub == nil {
		return invalid("Restore of a nil Subscription")
	}
	what := "restoring the subscription to " + quoteCut(sub.Topic) + " at " + quoteCut(sub.Hub) + ": "
	token := lastSegment(sub.Callback)
	switch {
	case absoluteHTTP(nil, sub.Hub) == "":
		return invalid(what + "the hub URL is not an absolute http or https URL")
	case absoluteHTTP(nil, sub.Topic) == "":
		return invalid(what + "the topic URL is not an absolute http or https URL")
	case absoluteHTTP(nil, sub.Callback) == "" || token == "":
		return invalid(what + "the callback " + quoteCut(sub.Callback) + " is not an absolute http or https URL with a last path segment")
	case sub.Secret == "" || len(sub.Secret) > maxSecretBytes:
		return invalid(what + "the secret is empty or 200 bytes or longer")
	}
	switch st := sub.State(); st {
	case StatePending, StateVerified, StateDenied:
	default:
		return invalid(what + "its state is " + quoteCut(string(st)))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.init()
	if held, ok := s.byToken[token]; ok {
		if held == sub {
			return nil
		}
		return invalid(what + "another subscription of the Subscriber has the callback " + quoteCut(sub.Callback))
	}
	sub.mu.Lock()
	sub.token = token
	sub.mu.Unlock()
	s.byToken[token] = sub
	s.byTopic[hubTopic{sub.Hub, sub.Topic}] = sub
	return nil
}

// Subscriptions returns the subscriptions the Subscriber holds (made by
// Subscribe or given to Restore, and not let go since), in the order of
// their callbacks: what a reader stores before it stops.
func (s *Subscriber) Subscriptions() []*Subscription {
	s.mu.Lock()
	list := make([]*Subscription, 0, len(s.byToken))
	for _, sub := range s.byToken {
		list = append(list, sub)
	}
	s.mu.Unlock()
	sort.Slice(list, func(i, j int) bool { return list[i].Callback < list[j].Callback })
	return list
}

// Wait waits until every OnFeed call started by the handler has returned:
// for a program that stops, after its http.Server's Shutdown.
func (s *Subscriber) Wait() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.running > 0 {
		s.idleCond().Wait()
	}
}

// idleCond returns the condition Wait waits on; s.mu is held.
func (s *Subscriber) idleCond() *sync.Cond {
	if s.idle == nil {
		s.idle = sync.NewCond(&s.mu)
	}
	return s.idle
}

// init makes the maps; s.mu is held.
func (s *Subscriber) init() {
	if s.byToken == nil {
		s.byToken = make(map[string]*Subscription)
		s.byTopic = make(map[hubTopic]*Subscription)
	}
}

// forget lets sub go; s.mu is held.
func (s *Subscriber) forget(sub *Subscription) {
	if s.byToken[sub.token] == sub {
		delete(s.byToken, sub.token)
	}
	key := hubTopic{sub.Hub, sub.Topic}
	if s.byTopic[key] == sub {
		delete(s.byTopic, key)
	}
}

// makePending makes a request of mode pending on sub and returns its
// generation with the pending request it replaces; s.mu is held.
func (s *Subscriber) makePending(sub *Subscription, mode string, secs int64) (gen uint64, prevMode string, prevLease int64) {
	s.gen++
	sub.mu.Lock()
	defer sub.mu.Unlock()
	prevMode, prevLease = sub.pending, sub.pendLease
	sub.pending, sub.pendLease, sub.gen = mode, secs, s.gen
	return s.gen, prevMode, prevLease
}

// callbackBase parses CallbackBase.
func (s *Subscriber) callbackBase() (*url.URL, error) {
	if absoluteHTTP(nil, s.CallbackBase) == "" {
		return nil, invalid("the CallbackBase " + quoteCut(s.CallbackBase) + " is not an absolute http or https URL")
	}
	u, _ := url.Parse(strings.TrimSpace(s.CallbackBase))
	if u.Fragment != "" || u.RawFragment != "" {
		return nil, invalid("the CallbackBase " + quoteCut(s.CallbackBase) + " has a fragment")
	}
	return u, nil
}

// callbackURL returns base followed by "/" and token.
func callbackURL(base *url.URL, token string) string {
	u := *base
	u.Path = strings.TrimSuffix(u.Path, "/") + "/" + token
	if u.RawPath != "" {
		u.RawPath = strings.TrimSuffix(u.RawPath, "/") + "/" + token
	}
	return u.String()
}

// lastSegment returns the last segment of a URL's path ("" when the path
// ends with a slash or the URL does not parse).
func lastSegment(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	return u.Path[strings.LastIndexByte(u.Path, '/')+1:]
}

// randomString returns 256 random bits, base64url-encoded (43 bytes).
func randomString() string {
	var b [32]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// send sends a subscription or unsubscription request for sub to its hub.
func (s *Subscriber) send(ctx context.Context, sub *Subscription, mode string, secs int64) error {
	form := url.Values{}
	form.Set("hub.callback", sub.Callback)
	form.Set("hub.mode", mode)
	form.Set("hub.topic", sub.Topic)
	if mode == modeSubscribe {
		form.Set("hub.secret", sub.Secret)
		if secs > 0 {
			form.Set("hub.lease_seconds", strconv.FormatInt(secs, 10))
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, sub.Hub, strings.NewReader(form.Encode()))
	if err != nil {
		return fmt.Errorf("websub: building the %s request to %s: %w", mode, quoteCut(sub.Hub), err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("User-Agent", feedspec.DefaultUserAgent)
	res, err := s.client().Do(req)
	if err != nil {
		return fmt.Errorf("websub: sending the %s request to the hub: %w", mode, err)
	}
	defer func() {
		_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
		_ = res.Body.Close()
	}()
	if res.StatusCode >= 200 && res.StatusCode < 300 {
		return nil
	}
	msg, _ := io.ReadAll(io.LimitReader(res.Body, maxHubMessage))
	return &HubError{
		Hub: sub.Hub, Mode: mode,
		StatusCode: res.StatusCode, Status: res.Status,
		Message: strings.TrimSpace(string(msg)),
	}
}

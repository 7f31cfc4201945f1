package websub

import (
	"errors"
	"fmt"
	"hash"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/feedspec/feedspec"
)

// MaxChallengeLength is the longest hub.challenge the handler echoes, in
// bytes. Hubs send a few dozen random characters; a verification request
// with a longer challenge is answered 400 Bad Request, and the request it
// would verify stays pending.
const MaxChallengeLength = 1 << 10

// maxQueryLength bounds the query of a verification or denial request the
// handler parses: the topic URL, the challenge, the lease, a reason, and
// the callback's own query. A longer one is answered 400 without being
// parsed.
const maxQueryLength = 16 << 10

// maxReason is how much of a denial's hub.reason is kept, in bytes.
const maxReason = 1 << 10

// retryAfterBusy is the Retry-After of the 503 answer past MaxConcurrent.
const retryAfterBusy = "30"

// ServeHTTP is the callback: it answers the hub's requests to the
// callbacks of the Subscriber's subscriptions. A request is for the
// subscription whose callback has the same last path segment (a random
// 256-bit capability); to any other path it answers 404 Not Found, reading
// nothing more.
//
// A GET is a verification of intent (section 5.3) or a denial (5.2):
//
//   - hub.mode=subscribe or unsubscribe: when that subscription has a
//     request of that mode pending (sent by Subscribe or Unsubscribe and
//     not yet verified) and hub.topic is its topic, the answer is 200 with
//     hub.challenge as its body (text/plain, nosniff). A subscribe records
//     hub.lease_seconds (from now; a missing or invalid one leaves the
//     expiry unknown, see Subscription.RenewAt) and makes the subscription
//     StateVerified; an unsubscribe makes it StateUnsubscribed and the
//     Subscriber lets it go. Otherwise the answer is 404, as section 5.3.1
//     requires, and nothing changes: a forged verification verifies
//     nothing. A challenge that is empty or longer than MaxChallengeLength,
//     or a query longer than 16 KiB, is answered 400 and changes nothing.
//   - hub.mode=denied with the subscription's topic: the subscription
//     becomes StateDenied with hub.reason (at most 1 KiB of it kept)
//     whatever its state (a hub may deny at any time); answered 200.
//
// A POST is a content distribution (section 7). To a subscription that
// is StateVerified, and not being unsubscribed, with an X-Hub-Signature
// header whose HMAC of the body, keyed with the subscription's secret,
// matches (sha1, sha256, sha384 or sha512, compared in constant time with
// hmac.Equal): the body is read (at most feedspec.DefaultFetchMaxBodySize,
// within ReadTimeout), the answer is 202 Accepted, and OnFeed is called
// on a goroutine with the parsed feed, without the answer waiting for it.
// The Link headers are passed to the parser as headers of the topic's
// response: nothing a distribution names is ever fetched, and the
// subscription is the one of the callback, not one the headers name (as
// section 7 requires).
//
// Every other distribution is dropped (OnDrop says why) and answered as
// section 7.1.2 allows: a missing, malformed or wrong signature, a
// subscription that is not active, a body over the limit, all with the
// same 202 Accepted (so that a forger learns nothing of the signature); a
// denied subscription with 410 Gone (which tells a hub to stop); a body
// that could not be read (too slow, cut) with 400. A missing or malformed
// signature, and a Content-Length over the limit, are answered without
// reading the body.
//
// Past MaxConcurrent distributions at once the answer is 503 Service
// Unavailable with Retry-After, before the body is read, and no goroutine
// is started: the number of OnFeed goroutines, and of bodies in memory, is
// at most MaxConcurrent, whatever the hubs or strangers send.
//
// WebSub has no protection against replay beyond the signature: a body
// the hub signed, sent again to the same callback by whoever saw it (the
// callback's own traffic, over plain HTTP), is delivered again, as the
// Recommendation gives no nonce or timestamp to tell it apart. It cannot
// be replayed to another subscription (each has its own secret) nor after
// the subscription ended. Use an https CallbackBase, and treat a
// distribution as "the feed is now this", which a replay of an older body
// only makes stale until the next one or the next poll.
//
// Any other method is answered 405.
func (s *Subscriber) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	sub := s.byToken[r.URL.Path[strings.LastIndexByte(r.URL.Path, '/')+1:]]
	s.mu.Unlock()
	switch {
	case sub == nil:
		unread(w, r)
		http.Error(w, "no such subscription", http.StatusNotFound)
	case r.Method == http.MethodGet:
		s.verify(w, r, sub)
	case r.Method == http.MethodPost:
		s.distribute(w, r, sub)
	default:
		unread(w, r)
		w.Header().Set("Allow", "GET, POST")
		http.Error(w, "a WebSub callback takes GET and POST", http.StatusMethodNotAllowed)
	}
}

// verify answers a verification of intent or a denial.
func (s *Subscriber) verify(w http.ResponseWriter, r *http.Request, sub *Subscription) {
	if len(r.URL.RawQuery) > maxQueryLength {
		http.Error(w, "query too long", http.StatusBadRequest)
		return
	}
	q := r.URL.Query()
	mode, topic := last(q, "hub.mode"), last(q, "hub.topic")
	switch mode {
	case modeDenied:
		if !sameTopic(topic, sub.Topic) {
			http.Error(w, "no such subscription", http.StatusNotFound)
			return
		}
		sub.mu.Lock()
		sub.state, sub.reason = StateDenied, cutUTF8(last(q, "hub.reason"), maxReason)
		sub.pending, sub.pendLease = "", 0
		sub.mu.Unlock()
		w.WriteHeader(http.StatusOK)
		return
	case modeSubscribe, modeUnsubscribe:
	default:
		http.Error(w, "hub.mode is none of subscribe, unsubscribe and denied", http.StatusBadRequest)
		return
	}
	challenge := last(q, "hub.challenge")
	if challenge == "" || len(challenge) > MaxChallengeLength {
		http.Error(w, "hub.challenge is missing or longer than "+strconv.Itoa(MaxChallengeLength)+" bytes", http.StatusBadRequest)
		return
	}
	if !sameTopic(topic, sub.Topic) {
		http.Error(w, "no such subscription", http.StatusNotFound)
		return
	}
	now := time.Now()
	s.mu.Lock()
	sub.mu.Lock()
	agreed := sub.pending == mode
	if agreed {
		if mode == modeSubscribe {
			sub.state, sub.reason = StateVerified, ""
			sub.verifiedAt = now
			sub.requested = sub.pendLease
			sub.expiry = time.Time{}
			if secs, ok := leaseSeconds(last(q, "hub.lease_seconds")); ok {
				sub.expiry = now.Add(time.Duration(secs) * time.Second)
			}
		} else {
			sub.state = StateUnsubscribed
		}
		sub.pending, sub.pendLease = "", 0
	}
	sub.mu.Unlock()
	if agreed && mode == modeUnsubscribe {
		s.forget(sub)
	}
	s.mu.Unlock()
	if !agreed {
		http.Error(w, "no such request pending", http.StatusNotFound)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", strconv.Itoa(len(challenge)))
	w.WriteHeader(http.StatusOK)
	_, _ = io.WriteString(w, challenge)
}

// last returns the last value of the parameter k: the hub's, which it
// appends to the callback's own query without replacing a parameter of
// the same name there (section 5.1.1).
func last(q url.Values, k string) string {
	if v := q[k]; len(v) > 0 {
		return v[len(v)-1]
	}
	return ""
}

// leaseSeconds parses hub.lease_seconds: a positive decimal integer, at
// most maxLeaseSeconds (a larger one is maxLeaseSeconds).
func leaseSeconds(v string) (int64, bool) {
	if v == "" || strings.TrimLeft(v, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, false
	}
	if err != nil || n > maxLeaseSeconds {
		n = maxLeaseSeconds
	}
	return n, n > 0
}

// distribute handles a content distribution.
func (s *Subscriber) distribute(w http.ResponseWriter, r *http.Request, sub *Subscription) {
	sub.mu.Lock()
	state, unsubscribing := sub.state, sub.pending == modeUnsubscribe
	sub.mu.Unlock()
	if state == StateDenied {
		unread(w, r)
		s.drop(sub, ErrNotActive)
		http.Error(w, "the subscription was denied", http.StatusGone)
		return
	}
	if state != StateVerified || unsubscribing {
		unread(w, r)
		s.drop(sub, ErrNotActive)
		w.WriteHeader(http.StatusAccepted)
		return
	}
	mac, want, ok := parseSignature(r.Header.Get("X-Hub-Signature"), sub.Secret)
	if !ok {
		unread(w, r)
		s.drop(sub, ErrSignature)
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if s.OnFeed == nil {
		// Nothing to hand the content to: answered, not read.
		unread(w, r)
		w.WriteHeader(http.StatusAccepted)
		return
	}
	limit := int64(feedspec.DefaultFetchMaxBodySize)
	if r.ContentLength > limit {
		unread(w, r)
		s.drop(sub, tooLarge(limit))
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if !s.acquire() {
		unread(w, r)
		s.drop(sub, ErrBusy)
		w.Header().Set("Retry-After", retryAfterBusy)
		http.Error(w, "busy", http.StatusServiceUnavailable)
		return
	}
	started := false
	defer func() {
		if !started {
			s.release()
		}
	}()

	timeout := s.ReadTimeout
	if timeout <= 0 {
		timeout = feedspec.DefaultFetchTimeout
	}
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(timeout)) // ErrNotSupported: the server's ReadTimeout applies
	body, err := readBody(r.Body, r.ContentLength, limit, mac)
	if err != nil {
		// The deadline stays: the connection is closed after the answer,
		// without reading the rest of the body.
		unread(w, r)
	} else {
		_ = rc.SetReadDeadline(time.Time{})
	}
	switch {
	case errors.Is(err, feedspec.ErrBodyTooLarge):
		s.drop(sub, err)
		w.WriteHeader(http.StatusAccepted)
		return
	case err != nil:
		s.drop(sub, fmt.Errorf("websub: reading a content distribution: %w", err))
		http.Error(w, "the body could not be read", http.StatusBadRequest)
		return
	case !signatureMatches(mac, want):
		s.drop(sub, ErrSignature)
		w.WriteHeader(http.StatusAccepted)
		return
	}

	header := make(http.Header, 3)
	for _, k := range [...]string{"Content-Type", "Content-Encoding", "Link"} {
		if v := r.Header.Values(k); len(v) > 0 {
			header[k] = append([]string(nil), v...)
		}
	}
	started = true
	s.mu.Lock()
	s.running++
	s.mu.Unlock()
	go func() {
		defer s.finished()
		feed, err := parse(sub.Topic, header, body)
		s.OnFeed(sub, feed, err)
	}()
	w.WriteHeader(http.StatusAccepted)
}

// unread closes the connection after the answer to a request whose body
// is not read (or not to its end), so that the server does not read it
// either (net/http reads up to 256 KiB of what a handler left, without the
// handler's deadline, to keep the connection).
func unread(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength != 0 {
		w.Header().Set("Connection", "close")
	}
}

// drop reports a dropped distribution to OnDrop.
func (s *Subscriber) drop(sub *Subscription, err error) {
	if s.OnDrop != nil {
		s.OnDrop(sub, err)
	}
}

// acquire takes one of the MaxConcurrent slots, without waiting.
func (s *Subscriber) acquire() bool {
	s.slotsOnce.Do(func() {
		n := s.MaxConcurrent
		if n <= 0 {
			n = DefaultMaxConcurrent
		}
		s.slots = make(chan struct{}, n)
	})
	select {
	case s.slots <- struct{}{}:
		return true
	default:
		return false
	}
}

// release gives a slot back.
func (s *Subscriber) release() { <-s.slots }

// finished ends an OnFeed goroutine: its slot is given back, and Wait told
// when it was the last.
func (s *Subscriber) finished() {
	s.release()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.running--; s.running == 0 && s.idle != nil {
		s.idle.Broadcast()
	}
}

// parse parses a distribution's body as ParseResponse parses a response of
// the topic URL with header, as a feedspec.Fetcher reads.
func parse(topic string, header http.Header, body *chunks) (*feedspec.Feed, error) {
	u, err := url.Parse(topic)
	if err != nil {
		return nil, fmt.Errorf("websub: the topic URL %s: %w", quoteCut(topic), err)
	}
	res := &http.Response{
		Status: "200 OK", StatusCode: http.StatusOK,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:        header,
		Body:          io.NopCloser(body),
		ContentLength: body.n,
		Request:       &http.Request{Method: http.MethodGet, URL: u, Header: http.Header{}},
	}
	return feedspec.ParseResponse(res,
		feedspec.WithMaxBodySize(feedspec.DefaultFetchMaxBodySize),
		feedspec.WithJSONFeed(), feedspec.WithRecovery(), feedspec.WithoutDocument())
}

// tooLarge is the error of a body over limit.
func tooLarge(limit int64) error {
	return fmt.Errorf("websub: a content distribution larger than %d bytes: %w", limit, feedspec.ErrBodyTooLarge)
}

// chunks is a body read into memory, a list of buffers. As an io.Reader it
// gives its bytes once, letting each buffer go when it is read.
type chunks struct {
	bufs [][]byte
	n    int64 // bytes in all
}

// Read copies the next bytes into p.
func (c *chunks) Read(p []byte) (int, error) {
	for len(c.bufs) > 0 && len(c.bufs[0]) == 0 {
		c.bufs[0] = nil
		c.bufs = c.bufs[1:]
	}
	if len(c.bufs) == 0 {
		return 0, io.EOF
	}
	n := copy(p, c.bufs[0])
	c.bufs[0] = c.bufs[0][n:]
	return n, nil
}

// The sizes of readBody's buffers for a body of unknown length: the first,
// doubled for each next one up to the last.
const (
	firstChunk = 4 << 10
	lastChunk  = 1 << 20
)

// readBody reads r to its end, at most limit bytes, writing every byte to
// mac too. With a length (0 <= length <= limit, a Content-Length the
// server enforces) one buffer of that size is read; otherwise buffers of
// growing size, so that what is allocated stays within the body's size and
// a buffer (at most 1 MiB). A body longer than limit gives an error
// wrapping feedspec.ErrBodyTooLarge.
func readBody(r io.Reader, length, limit int64, mac hash.Hash) (*chunks, error) {
	c := &chunks{}
	if length >= 0 && length <= limit {
		buf := make([]byte, length)
		n, err := io.ReadFull(r, buf)
		if err != nil {
			return nil, err
		}
		mac.Write(buf[:n])
		c.bufs, c.n = [][]byte{buf}, int64(n)
		return c, nil
	}
	lr := io.LimitReader(r, limit+1)
	size := firstChunk
	for {
		buf := make([]byte, size)
		n, err := io.ReadFull(lr, buf)
		if n > 0 {
			mac.Write(buf[:n])
			c.bufs = append(c.bufs, buf[:n])
			c.n += int64(n)
		}
		if c.n > limit {
			return nil, tooLarge(limit)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return c, nil
		}
		if err != nil {
			return nil, err
		}
		size = min(2*size, lastChunk)
	}
}

// sameTopic reports whether a hub's hub.topic names the topic: the same
// string, or the same once percent-encoded unreserved characters (letters,
// digits, "-", ".", "_", "~") are decoded in both, which the
// Recommendation (5.1.1) has hubs do.
func sameTopic(got, topic string) bool {
	if got == topic {
		return true
	}
	return got != "" && decodeUnreserved(got) == decodeUnreserved(topic)
}

// decodeUnreserved decodes the percent-encoded unreserved characters of s.
func decodeUnreserved(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if c, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil && isUnreserved(byte(c)) {
				b.WriteByte(byte(c))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isUnreserved(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return c == '-' || c == '.' || c == '_' || c == '~'
}

// cutUTF8 cuts s to at most n bytes, at a UTF-8 boundary.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

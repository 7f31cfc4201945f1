package websub

import (
	"encoding/json"
	"sync"
	"time"
)

// A State is where a Subscription stands.
type State string

// The states of a Subscription.
const (
	// StatePending: the subscription request was sent, and the hub has
	// not verified it yet (nor denied it).
	StatePending State = "pending"
	// StateVerified: the hub verified the subscription (it asked the
	// callback, which agreed): content distributions are delivered to
	// OnFeed until the lease ends.
	StateVerified State = "verified"
	// StateDenied: the hub denied the subscription (hub.mode=denied),
	// with the reason Reason gives.
	StateDenied State = "denied"
	// StateUnsubscribed: the hub verified an unsubscription; the
	// Subscriber has let the subscription go.
	StateUnsubscribed State = "unsubscribed"
)

// unknownLeaseRenewal is when RenewAt asks for a renewal after a
// verification that carried no lease, when none was requested either.
const unknownLeaseRenewal = 24 * time.Hour

// A Subscription is a subscription of a Subscriber to a topic at a hub: the
// Recommendation's (topic URL, callback URL) pair, with the secret the hub
// signs content with, and what the hub said of it.
//
// Hub, Topic, Callback and Secret are set when the subscription is made
// and never change (a renewal keeps them); the rest changes as the hub
// verifies, denies or unsubscribes, and is read through the methods, which
// are safe to call while the Subscriber's handler runs.
//
// A Subscription is JSON-serializable (json.Marshal, json.Unmarshal), its
// state included, so that a reader can store its subscriptions and give
// them back to Subscriber.Restore after a restart. The JSON holds the
// secret: store it as you would a password.
type Subscription struct {
	// Hub is the hub's URL, to which the requests are sent.
	Hub string
	// Topic is the topic URL subscribed to: the self URL of discovery.
	Topic string
	// Callback is the URL at which the hub reaches the Subscriber for
	// this subscription: CallbackBase followed by a random path segment.
	Callback string
	// Secret is the hub.secret sent with the subscription request: the
	// key of the HMAC signature of every content distribution.
	Secret string

	token string // the callback's last path segment

	mu         sync.Mutex
	state      State
	reason     string
	verifiedAt time.Time
	expiry     time.Time // zero when the hub gave no lease
	requested  int64     // hub.lease_seconds of the verified request; 0 for none
	pending    string    // "subscribe", "unsubscribe" or "": the request awaiting verification
	pendLease  int64     // hub.lease_seconds of the pending request; 0 for none
	gen        uint64    // the Subscriber's count when the pending request was made
}

// State returns where the subscription stands.
func (s *Subscription) State() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state
}

// Reason returns the hub.reason of the hub's denial ("" when it gave none,
// or the subscription was not denied), as the hub wrote it: untrusted text.
func (s *Subscription) Reason() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reason
}

// VerifiedAt returns when the hub last verified the subscription (a
// subscription or a renewal); the zero time when it never did.
func (s *Subscription) VerifiedAt() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.verifiedAt
}

// LeaseExpiry returns when the hub's lease ends: the time of its last
// verification plus the hub.lease_seconds it carried. It is the zero time
// when the subscription was never verified, or when the hub's verification
// carried no valid lease (which the Recommendation requires it to).
func (s *Subscription) LeaseExpiry() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.expiry
}

// RenewAt returns when to renew the subscription (by calling Subscribe
// again with its hub and topic): a tenth of the lease before it ends, so
// that a hub that verifies slowly, or a renewal that must be retried, still
// renews in time. A 10-day lease is renewed after 9 days, a one-hour lease
// after 54 minutes.
//
// When the hub's verification carried no lease, it is nine tenths of the
// lease requested after the verification, or a day after it when none was
// requested. It is the zero time when there is nothing to renew: the
// subscription is pending (never verified), denied or unsubscribed.
func (s *Subscription) RenewAt() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state != StateVerified {
		return time.Time{}
	}
	if !s.expiry.IsZero() {
		return s.expiry.Add(-s.expiry.Sub(s.verifiedAt) / 10)
	}
	if s.requested > 0 {
		return s.verifiedAt.Add(time.Duration(s.requested) * time.Second * 9 / 10)
	}
	return s.verifiedAt.Add(unknownLeaseRenewal)
}

// subscriptionJSON is the JSON form of a Subscription.
type subscriptionJSON struct {
	Hub                   string     `json:"hub"`
	Topic                 string     `json:"topic"`
	Callback              string     `json:"callback"`
	Secret                string     `json:"secret"`
	State                 State      `json:"state"`
	Reason                string     `json:"reason,omitempty"`
	VerifiedAt            *time.Time `json:"verified_at,omitempty"`
	LeaseExpiry           *time.Time `json:"lease_expiry,omitempty"`
	RequestedLeaseSeconds int64      `json:"requested_lease_seconds,omitempty"`
	Pending               string     `json:"pending,omitempty"`
	PendingLeaseSeconds   int64      `json:"pending_lease_seconds,omitempty"`
}

// MarshalJSON writes the subscription as a JSON object: hub, topic,
// callback, secret, state, and when they apply reason, verified_at,
// lease_expiry (RFC 3339), requested_lease_seconds, and the request still
// awaiting verification (pending: "subscribe" or "unsubscribe", with its
// pending_lease_seconds), so that a restored subscription still answers
// the hub's verification of a request sent before the restart.
func (s *Subscription) MarshalJSON() ([]byte, error) {
	s.mu.Lock()
	j := subscriptionJSON{
		Hub: s.Hub, Topic: s.Topic, Callback: s.Callback, Secret: s.Secret,
		State: s.state, Reason: s.reason,
		RequestedLeaseSeconds: s.requested,
		Pending:               s.pending, PendingLeaseSeconds: s.pendLease,
	}
	if !s.verifiedAt.IsZero() {
		t := s.verifiedAt
		j.VerifiedAt = &t
	}
	if !s.expiry.IsZero() {
		t := s.expiry
		j.LeaseExpiry = &t
	}
	s.mu.Unlock()
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON wrote. A state other than the four
// States, or a pending request other than "subscribe" or "unsubscribe", is
// an error matching ErrInvalid. It must not be called on a Subscription a
// Subscriber holds.
func (s *Subscription) UnmarshalJSON(data []byte) error {
	var j subscriptionJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	switch j.State {
	case StatePending, StateVerified, StateDenied, StateUnsubscribed:
	default:
		return invalid("a subscription's state " + quoteCut(string(j.State)) + " is none of pending, verified, denied and unsubscribed")
	}
	switch j.Pending {
	case "", modeSubscribe, modeUnsubscribe:
	default:
		return invalid("a subscription's pending request " + quoteCut(j.Pending) + " is neither subscribe nor unsubscribe")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Hub, s.Topic, s.Callback, s.Secret = j.Hub, j.Topic, j.Callback, j.Secret
	s.token = ""
	s.state, s.reason = j.State, j.Reason
	s.verifiedAt, s.expiry = time.Time{}, time.Time{}
	if j.VerifiedAt != nil {
		s.verifiedAt = *j.VerifiedAt
	}
	if j.LeaseExpiry != nil {
		s.expiry = *j.LeaseExpiry
	}
	s.requested = max(j.RequestedLeaseSeconds, 0)
	s.pending, s.pendLease = j.Pending, max(j.PendingLeaseSeconds, 0)
	return nil
}

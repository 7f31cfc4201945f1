package websub

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// acceptingHub answers every request 202 and never verifies: a hub that
// verifies later, or not at all.
func acceptingHub(t *testing.T) (*httptest.Server, func() []url.Values) {
	var mu sync.Mutex
	var forms []url.Values
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		mu.Lock()
		forms = append(forms, r.PostForm)
		mu.Unlock()
		w.WriteHeader(http.StatusAccepted)
	}))
	t.Cleanup(srv.Close)
	return srv, func() []url.Values {
		mu.Lock()
		defer mu.Unlock()
		return append([]url.Values(nil), forms...)
	}
}

// verification is the query of the hub's verification of sub.
func verification(sub *Subscription, mode, challenge, lease string) url.Values {
	q := url.Values{"hub.mode": {mode}, "hub.topic": {sub.Topic}, "hub.challenge": {challenge}}
	if lease != "" {
		q.Set("hub.lease_seconds", lease)
	}
	return q
}

// TestRestoreAfterRestart stores a verified and a pending subscription as
// JSON, gives them to a new Subscriber behind the same callback URL, and
// checks that content and the late verification reach it.
func TestRestoreAfterRestart(t *testing.T) {
	h := newMiniHub()
	defer h.close()
	pendingHub, _ := acceptingHub(t)
	r := newReader(t, nil)
	verified := subscribed(t, r, h, "https://blog.example/a", time.Hour)
	pending, err := r.s.Subscribe(t.Context(), pendingHub.URL, "https://blog.example/b", 2*time.Hour)
	require.NoError(t, err)
	require.Equal(t, StatePending, pending.State())

	stored, err := json.Marshal(r.s.Subscriptions())
	require.NoError(t, err)
	var fields []map[string]any
	require.NoError(t, json.Unmarshal(stored, &fields))
	require.Len(t, fields, 2)
	for _, f := range fields {
		for _, k := range []string{"hub", "topic", "callback", "secret", "state"} {
			assert.Contains(t, f, k, "the JSON names %s", k)
		}
	}

	// The restart: a new Subscriber behind the same URL.
	var back []*Subscription
	require.NoError(t, json.Unmarshal(stored, &back))
	r2 := newReader(t, nil)
	r.srv.Config.Handler = r2.s
	require.NoError(t, r2.s.Restore(back...))
	assert.ElementsMatch(t, back, r2.s.Subscriptions())
	require.NoError(t, r2.s.Restore(back...), "restoring again changes nothing")

	var v, p *Subscription
	for _, s := range back {
		if s.Topic == verified.Topic {
			v = s
		} else {
			p = s
		}
	}
	require.NotNil(t, v)
	require.NotNil(t, p)
	assert.Equal(t, StateVerified, v.State())
	assert.True(t, v.LeaseExpiry().Equal(verified.LeaseExpiry()), "the lease kept")
	assert.True(t, v.RenewAt().Equal(verified.RenewAt()), "RenewAt kept")
	assert.Equal(t, verified.Secret, v.Secret)

	assert.Equal(t, []int{http.StatusAccepted}, h.publish(v.Topic, "application/atom+xml", atom("after the restart")))
	d := r2.next(t)
	assert.Same(t, v, d.sub, "delivered to the restored subscription")

	status, body := get(t, p.Callback, verification(p, "subscribe", "late", "7200"))
	assert.Equal(t, http.StatusOK, status, "the verification of a request sent before the restart")
	assert.Equal(t, "late", body)
	assert.Equal(t, StateVerified, p.State())
	assert.Equal(t, p.LeaseExpiry().Add(-720*time.Second), p.RenewAt())

	// A renewal after the restart keeps the callback.
	again, err := r2.s.Subscribe(t.Context(), v.Hub, v.Topic, time.Hour)
	require.NoError(t, err)
	assert.Same(t, v, again)
}

func TestRenewAt(t *testing.T) {
	hub, _ := acceptingHub(t)
	r := newReader(t, nil)
	for _, c := range []struct {
		name  string
		lease time.Duration
		given string
		renew time.Duration // after the verification; 0 for the zero time
	}{
		{"the hub's lease", time.Hour, "1000", 900 * time.Second},
		{"no lease from the hub: nine tenths of the one asked for", time.Hour, "", 54 * time.Minute},
		{"an invalid one", time.Hour, "-5", 54 * time.Minute},
		{"none at all: a day", 0, "", 24 * time.Hour},
		{"a huge one: ten years", 0, "99999999999999999999999", 9 * 365 * 24 * time.Hour},
	} {
		t.Run(c.name, func(t *testing.T) {
			sub, err := r.s.Subscribe(t.Context(), hub.URL, "https://blog.example/"+url.PathEscape(c.name), c.lease)
			require.NoError(t, err)
			assert.True(t, sub.RenewAt().IsZero(), "pending: nothing to renew")
			assert.True(t, sub.LeaseExpiry().IsZero())
			status, _ := get(t, sub.Callback, verification(sub, "subscribe", "ok", c.given))
			require.Equal(t, http.StatusOK, status)
			at := sub.VerifiedAt()
			assert.Equal(t, at.Add(c.renew), sub.RenewAt())
			if c.given == "" || c.given == "-5" {
				assert.True(t, sub.LeaseExpiry().IsZero(), "the expiry is unknown")
			}
		})
	}
}

func TestSubscriptionJSON(t *testing.T) {
	var s Subscription
	for _, bad := range []string{
		`{"hub":"h","state":"active"}`,
		`{"hub":"h","state":""}`,
		`{"hub":"h","state":"verified","pending":"publish"}`,
		`[1]`,
	} {
		assert.Error(t, json.Unmarshal([]byte(bad), &s), bad)
	}
	err := json.Unmarshal([]byte(`{"state":"active"}`), &s)
	assert.ErrorIs(t, err, ErrInvalid)
	assert.Contains(t, err.Error(), `websub: a subscription's state "active"`)

	in := `{"hub":"https://hub.example/","topic":"https://blog.example/","callback":"https://r.example/w/abc","secret":"s",` +
		`"state":"denied","reason":"no","verified_at":"2024-01-02T03:04:05Z","lease_expiry":"2024-01-12T03:04:05Z",` +
		`"requested_lease_seconds":3600,"pending":"subscribe","pending_lease_seconds":60}`
	require.NoError(t, json.Unmarshal([]byte(in), &s))
	out, err := json.Marshal(&s)
	require.NoError(t, err)
	assert.JSONEq(t, in, string(out), "read back as written")
	assert.Equal(t, StateDenied, s.State())
	assert.Equal(t, "no", s.Reason())
	assert.True(t, s.RenewAt().IsZero(), "denied")

	out, err = json.Marshal(&Subscription{Hub: "h"})
	require.NoError(t, err)
	assert.JSONEq(t, `{"hub":"h","topic":"","callback":"","secret":"","state":""}`, string(out), "the zero fields left out")
}

func TestRestoreRefuses(t *testing.T) {
	r := newReader(t, nil)
	good := func() *Subscription {
		var s Subscription
		require.NoError(t, json.Unmarshal([]byte(`{"hub":"https://hub.example/","topic":"https://blog.example/",`+
			`"callback":"https://r.example/websub/`+randomString()+`","secret":"s","state":"verified"}`), &s))
		return &s
	}
	edit := func(f func(*Subscription)) *Subscription { s := good(); f(s); return s }
	cases := map[string]*Subscription{
		"hub":          edit(func(s *Subscription) { s.Hub = "/hub" }),
		"topic":        edit(func(s *Subscription) { s.Topic = "urn:x" }),
		"callback":     edit(func(s *Subscription) { s.Callback = "https://r.example/websub/" }),
		"no secret":    edit(func(s *Subscription) { s.Secret = "" }),
		"long secret":  edit(func(s *Subscription) { s.Secret = strings.Repeat("s", 200) }),
		"unsubscribed": edit(func(s *Subscription) { s.state = StateUnsubscribed }),
		"no state":     edit(func(s *Subscription) { s.state = "" }),
		"nil":          nil,
	}
	ok := good()
	twin := good()
	twin.Callback = ok.Callback
	var list []*Subscription
	for _, s := range cases {
		list = append(list, s)
	}
	list = append(list, ok, twin)
	err := r.s.Restore(list...)
	assert.ErrorIs(t, err, ErrInvalid)
	assert.Equal(t, []*Subscription{ok}, r.s.Subscriptions(), "the good one restored, the others not")
	msg := err.Error()
	assert.Equal(t, len(cases)+1, strings.Count(msg, "websub: "), "one error each: %s", msg)
	assert.Contains(t, msg, "another subscription of the Subscriber has the callback")
}

// TestHubRefusalKeepsState checks that a refused renewal or unsubscription
// leaves the subscription as it was.
func TestHubRefusalKeepsState(t *testing.T) {
	h := newMiniHub()
	defer h.close()
	r := newReader(t, nil)
	sub := subscribed(t, r, h, "https://blog.example/a", time.Hour)
	expiry := sub.LeaseExpiry()
	h.srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
	})
	_, err := r.s.Subscribe(t.Context(), sub.Hub, sub.Topic, time.Hour)
	assert.ErrorIs(t, err, ErrHub)
	err = r.s.Unsubscribe(t.Context(), sub)
	var he *HubError
	require.ErrorAs(t, err, &he)
	assert.Equal(t, "unsubscribe", he.Mode)
	assert.Equal(t, "down for maintenance", he.Message)
	assert.Equal(t, StateVerified, sub.State())
	assert.Equal(t, expiry, sub.LeaseExpiry())
	status, _ := get(t, sub.Callback, verification(sub, "unsubscribe", "c", ""))
	assert.Equal(t, http.StatusNotFound, status, "the refused unsubscription is not pending")
	status, _ = get(t, sub.Callback, verification(sub, "subscribe", "c", "60"))
	assert.Equal(t, http.StatusNotFound, status, "nor the refused renewal")
	body := atom("still")
	status, _ = post(t, sub.Callback, body, "X-Hub-Signature", sign("sha256", sub.Secret, body))
	assert.Equal(t, http.StatusAccepted, status)
	assert.NoError(t, r.next(t).err, "content still delivered")
}

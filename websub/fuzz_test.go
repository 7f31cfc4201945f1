package websub

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/feedspec/feedspec"
)

// fuzzSubscriber returns a Subscriber holding a verified subscription (a),
// one with a subscribe pending (b) and a denied one (c), and the counts of
// its OnFeed calls.
func fuzzSubscriber() (s *Subscriber, a, b, c *Subscription, feeds *atomic.Int64) {
	feeds = new(atomic.Int64)
	s = &Subscriber{
		CallbackBase: "https://reader.example/websub",
		OnFeed:       func(*Subscription, *feedspec.Feed, error) { feeds.Add(1) },
		OnDrop:       func(*Subscription, error) {},
	}
	now := time.Now()
	mk := func(name, token string, state State, pending string) *Subscription {
		return &Subscription{
			Hub: "https://hub.example/", Topic: "https://blog.example/" + name,
			Callback: "https://reader.example/websub/" + token, Secret: "secret-" + name,
			state: state, pending: pending, pendLease: 60, verifiedAt: now, expiry: now.Add(time.Hour),
		}
	}
	a = mk("a", "AAAA", StateVerified, "")
	b = mk("b", "BBBB", StatePending, modeSubscribe)
	c = mk("c", "CCCC", StateDenied, "")
	if err := s.Restore(a, b, c); err != nil {
		panic(err)
	}
	return s, a, b, c, feeds
}

var fuzzAlgs = []string{"sha1", "sha256", "sha384", "sha512"}

// FuzzServeHTTP sends any request to the handler: any method, callback,
// query, X-Hub-Signature, Content-Type and body; when sign is 1 to 4 the
// body is signed with the subscription's secret (sha1...sha512), so that
// signed bodies of every shape reach the parser. Whatever comes, the
// handler answers one of its statuses, echoes a challenge only to verify
// the pending subscription, changes no other state than a denial or that
// verification says, and calls OnFeed exactly for a body correctly signed
// with the verified subscription's secret.
func FuzzServeHTTP(f *testing.F) {
	feed := string(atom("seed"))
	f.Add(uint8(0), uint8(1), "hub.mode=subscribe&hub.topic=https%3A%2F%2Fblog.example%2Fb&hub.challenge=xyz&hub.lease_seconds=60", "", "", "", uint8(0))
	f.Add(uint8(0), uint8(0), "hub.mode=subscribe&hub.topic=https%3A%2F%2Fblog.example%2Fa&hub.challenge=xyz", "", "", "", uint8(0))
	f.Add(uint8(0), uint8(0), "hub.mode=denied&hub.topic=https%3A%2F%2Fblog.example%2Fa&hub.reason=no", "", "", "", uint8(0))
	f.Add(uint8(0), uint8(2), "hub.mode=unsubscribe&hub.topic=https%3A%2F%2Fblog.example%2Fc&hub.challenge=1", "", "", "", uint8(0))
	f.Add(uint8(1), uint8(0), "", "", "application/atom+xml", feed, uint8(2))
	f.Add(uint8(1), uint8(0), "", "sha1=0000000000000000000000000000000000000000", "text/xml", feed, uint8(0))
	f.Add(uint8(1), uint8(0), "", "", "application/feed+json", `{"version":"https://jsonfeed.org/version/1.1","title":"j","items":[{"id":"1"}]}`, uint8(4))
	f.Add(uint8(1), uint8(0), "", "", "text/html", `<html><link rel=alternate type=application/rss+xml href=/r>`, uint8(1))
	f.Add(uint8(1), uint8(1), "", "", "", feed, uint8(3))
	f.Add(uint8(1), uint8(2), "", "", "", feed, uint8(3))
	f.Add(uint8(1), uint8(3), "", "", "", feed, uint8(3))
	f.Add(uint8(2), uint8(0), "", "", "", "", uint8(0))

	f.Fuzz(func(t *testing.T, method, target uint8, query, sig, contentType, body string, sign uint8) {
		s, a, b, c, feeds := fuzzSubscriber()
		path := []string{"/websub/AAAA", "/websub/BBBB", "/websub/CCCC", "/websub/DDDD"}[target%4]
		m := []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodHead}[method%4]
		signed := false
		if k := int(sign % 5); k > 0 {
			sig = signWith(fuzzAlgs[k-1], a.Secret, []byte(body))
			signed = true
		}
		req := httptest.NewRequest(m, "https://reader.example/", bytes.NewReader([]byte(body)))
		req.URL.Path, req.URL.RawQuery = path, query
		if sig != "" {
			req.Header.Set("X-Hub-Signature", sig)
		}
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		s.Wait()

		switch rec.Code {
		case 200, 202, 400, 404, 405, 410, 503:
		default:
			t.Fatalf("status %d", rec.Code)
		}
		q, _ := url.ParseQuery(query)
		mode, topic, challenge := lastOf(q, "hub.mode"), lastOf(q, "hub.topic"), lastOf(q, "hub.challenge")
		denial := m == http.MethodGet && mode == modeDenied
		// The verified subscription: denied by a denial of its topic, else
		// unchanged.
		if denial && target%4 == 0 && sameTopic(topic, a.Topic) && len(query) <= maxQueryLength {
			if a.State() != StateDenied {
				t.Fatalf("a denial not recorded")
			}
		} else if a.State() != StateVerified || !a.LeaseExpiry().Equal(a.verifiedAt.Add(time.Hour)) {
			t.Fatalf("the verified subscription changed: %s %v", a.State(), a.LeaseExpiry())
		}
		// The pending one: verified only by its verification, which echoes.
		verifiesB := m == http.MethodGet && target%4 == 1 && mode == modeSubscribe && sameTopic(topic, b.Topic) &&
			challenge != "" && len(challenge) <= MaxChallengeLength && len(query) <= maxQueryLength
		switch {
		case verifiesB:
			if rec.Code != 200 || rec.Body.String() != challenge || b.State() != StateVerified {
				t.Fatalf("the pending subscription's verification: %d %q, %s", rec.Code, rec.Body.String(), b.State())
			}
		case rec.Code == 200 && rec.Body.Len() > 0:
			t.Fatalf("echoed %q without a pending request", rec.Body.String())
		case b.State() != StatePending && !(denial && target%4 == 1):
			t.Fatalf("the pending subscription became %s", b.State())
		}
		if c.State() != StateDenied {
			t.Fatalf("the denied subscription became %s", c.State())
		}
		// OnFeed: exactly for a body signed with a's secret, posted to a.
		valid := m == http.MethodPost && target%4 == 0 && (signed || validSignature(sig, a.Secret, []byte(body)))
		if got := feeds.Load(); (got == 1) != valid || got > 1 {
			t.Fatalf("OnFeed called %d times for a distribution whose signature valid=%v", got, valid)
		}
	})
}

func lastOf(q url.Values, k string) string {
	if v := q[k]; len(v) > 0 {
		return v[len(v)-1]
	}
	return ""
}

// signWith is sign, for the fuzz target.
func signWith(alg, secret string, body []byte) string { return sign(alg, secret, body) }

// validSignature reports whether sig is the signature of body with secret,
// recomputed for each algorithm (the name in any case, the digest in hex of
// any case, spaces around).
func validSignature(sig, secret string, body []byte) bool {
	method, digest, ok := strings.Cut(strings.TrimSpace(sig), "=")
	if !ok {
		return false
	}
	method, digest = strings.ToLower(strings.TrimSpace(method)), strings.ToLower(strings.TrimSpace(digest))
	for _, alg := range fuzzAlgs {
		if method == alg {
			return sign(alg, secret, body) == alg+"="+digest
		}
	}
	return false
}

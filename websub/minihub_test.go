package websub

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// miniHub is a WebSub hub written for these tests alone, apart from
// feedspectest.Hub, so that the requirement table, run against both,
// cannot pass on a mistake the two share. It differs from feedspectest's
// in one way on purpose: it verifies intent before it answers the
// subscription request (the Recommendation only requires the answer not
// to depend on the verification), so that a Subscriber must have made the
// request pending before sending it.
type miniHub struct {
	srv  *httptest.Server
	http *http.Client

	mu       sync.Mutex
	alg      string
	maxLease int
	denied   map[string]string
	active   map[string]miniSub // topic + " " + callback
	reqs     []hubRequestSeen
	verifs   []hubVerificationSeen
}

type miniSub struct {
	topic, callback, secret string
	lease                   int
	until                   time.Time
}

func newMiniHub() *miniHub {
	h := &miniHub{
		http:     &http.Client{Timeout: 10 * time.Second},
		alg:      "sha256",
		maxLease: 864000,
		denied:   map[string]string{},
		active:   map[string]miniSub{},
	}
	h.srv = httptest.NewServer(http.HandlerFunc(h.handle))
	return h
}

func (h *miniHub) handle(w http.ResponseWriter, r *http.Request) {
	ct := r.Header.Get("Content-Type")
	if r.Method != "POST" || strings.TrimSpace(strings.SplitN(ct, ";", 2)[0]) != "application/x-www-form-urlencoded" {
		w.WriteHeader(400)
		fmt.Fprint(w, "POST a form")
		return
	}
	raw, _ := io.ReadAll(io.LimitReader(r.Body, 1<<16))
	form, err := url.ParseQuery(string(raw))
	h.mu.Lock()
	h.reqs = append(h.reqs, hubRequestSeen{contentType: ct, form: form})
	h.mu.Unlock()
	mode, topic, cb := form.Get("hub.mode"), form.Get("hub.topic"), form.Get("hub.callback")
	if err != nil || (mode != "subscribe" && mode != "unsubscribe") || topic == "" || cb == "" {
		w.WriteHeader(400)
		fmt.Fprint(w, "bad request")
		return
	}
	lease := 0
	if v := form.Get("hub.lease_seconds"); v != "" {
		lease, _ = strconv.Atoi(v)
	}
	h.mu.Lock()
	if lease <= 0 || lease > h.maxLease {
		lease = h.maxLease
	}
	reason, isDenied := h.denied[topic]
	h.mu.Unlock()

	if isDenied && mode == "subscribe" {
		h.get(cb, url.Values{"hub.mode": {"denied"}, "hub.topic": {topic}, "hub.reason": {reason}})
	} else {
		challenge := "c" + randomString()[:20]
		q := url.Values{"hub.mode": {mode}, "hub.topic": {topic}, "hub.challenge": {challenge}}
		if mode == "subscribe" {
			q.Set("hub.lease_seconds", strconv.Itoa(lease))
		}
		status, body := h.get(cb, q)
		ok := status >= 200 && status < 300 && body == challenge
		h.mu.Lock()
		h.verifs = append(h.verifs, hubVerificationSeen{mode: mode, topic: topic, callback: cb, ok: ok, status: status, lease: lease})
		if ok && mode == "subscribe" {
			h.active[topic+" "+cb] = miniSub{topic, cb, form.Get("hub.secret"), lease, time.Now().Add(time.Duration(lease) * time.Second)}
		} else if ok {
			delete(h.active, topic+" "+cb)
		}
		h.mu.Unlock()
	}
	w.WriteHeader(202)
}

// get sends a GET to the callback with q appended to its query, and returns
// the status and the body.
func (h *miniHub) get(callback string, q url.Values) (int, string) {
	u, err := url.Parse(callback)
	if err != nil {
		return 0, ""
	}
	all := u.Query()
	for k, v := range q {
		all[k] = v
	}
	u.RawQuery = all.Encode()
	res, err := h.http.Get(u.String())
	if err != nil {
		return 0, ""
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(res.Body, 1<<16))
	return res.StatusCode, string(b)
}

func (h *miniHub) url() string { return h.srv.URL + "/hub" }
func (h *miniHub) close()      { h.srv.Close() }
func (h *miniHub) wait()       {} // it verifies before answering

func (h *miniHub) setAlgorithm(alg string) {
	h.mu.Lock()
	h.alg = alg
	h.mu.Unlock()
}

func (h *miniHub) setMaxLease(secs int) {
	h.mu.Lock()
	h.maxLease = secs
	h.mu.Unlock()
}

func (h *miniHub) deny(topic, reason string) {
	h.mu.Lock()
	h.denied[topic] = reason
	var told []miniSub
	for k, s := range h.active {
		if s.topic == topic {
			told = append(told, s)
			delete(h.active, k)
		}
	}
	h.mu.Unlock()
	for _, s := range told {
		h.get(s.callback, url.Values{"hub.mode": {"denied"}, "hub.topic": {topic}, "hub.reason": {reason}})
	}
}

func (h *miniHub) publish(topic, contentType string, body []byte) []int {
	h.mu.Lock()
	var to []miniSub
	for _, s := range h.active {
		if s.topic == topic && time.Now().Before(s.until) {
			to = append(to, s)
		}
	}
	alg := h.alg
	h.mu.Unlock()
	var statuses []int
	for _, s := range to {
		req, _ := http.NewRequest("POST", s.callback, strings.NewReader(string(body)))
		req.Header.Set("Content-Type", contentType)
		req.Header.Add("Link", "<"+h.url()+">; rel=hub")
		req.Header.Add("Link", "<"+topic+">; rel=self")
		if s.secret != "" {
			var mac hash.Hash
			switch alg {
			case "sha1":
				mac = hmac.New(sha1.New, []byte(s.secret))
			case "sha384":
				mac = hmac.New(sha512.New384, []byte(s.secret))
			case "sha512":
				mac = hmac.New(sha512.New, []byte(s.secret))
			default:
				mac = hmac.New(sha256.New, []byte(s.secret))
			}
			mac.Write(body)
			req.Header.Set("X-Hub-Signature", alg+"="+hex.EncodeToString(mac.Sum(nil)))
		}
		res, err := h.http.Do(req)
		if err != nil {
			statuses = append(statuses, 0)
			continue
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		statuses = append(statuses, res.StatusCode)
		if res.StatusCode == 410 {
			h.mu.Lock()
			delete(h.active, s.topic+" "+s.callback)
			h.mu.Unlock()
		}
	}
	return statuses
}

func (h *miniHub) requests() []hubRequestSeen {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]hubRequestSeen(nil), h.reqs...)
}

func (h *miniHub) verifications() []hubVerificationSeen {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]hubVerificationSeen(nil), h.verifs...)
}

func (h *miniHub) subscriptions() []hubSubSeen {
	h.mu.Lock()
	defer h.mu.Unlock()
	var list []hubSubSeen
	for _, s := range h.active {
		list = append(list, hubSubSeen{topic: s.topic, callback: s.callback, secret: s.secret, lease: s.lease})
	}
	return list
}

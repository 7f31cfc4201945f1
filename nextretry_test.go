package feedspec

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func statusErr(code int, retryAfter string) error {
	h := http.Header{}
	if retryAfter != "" {
		h.Set("Retry-After", retryAfter)
	}
	return &FetchError{URL: "https://example.com/feed", Err: &StatusError{StatusCode: code, Header: h}}
}

func TestNextRetry(t *testing.T) {
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	const min, max = 5 * time.Minute, 4 * time.Hour
	netErr := &FetchError{URL: "https://example.com/feed", Err: errors.New("dial tcp: connection refused")}
	tests := []struct {
		name     string
		err      error
		failures int
		min, max time.Duration
		want     time.Duration
	}{
		{"first failure waits min", netErr, 1, min, max, min},
		{"second doubles", netErr, 2, min, max, 2 * min},
		{"third doubles again", netErr, 3, min, max, 4 * min},
		{"capped at max", netErr, 7, min, max, max},
		{"huge failure count", netErr, math.MaxInt, min, max, max},
		{"500 backs off", statusErr(500, ""), 2, min, max, 2 * min},
		{"nil error backs off", nil, 3, min, max, 4 * min},
		{"404 backs off", statusErr(404, ""), 4, min, max, 8 * min},
		{"410 waits max", statusErr(410, ""), 1, min, max, max},
		{"429 Retry-After seconds wins", statusErr(429, "1800"), 1, min, max, 30 * time.Minute},
		{"503 Retry-After wins over backoff", statusErr(503, "600"), 6, min, max, 10 * time.Minute},
		{"503 Retry-After date", statusErr(503, now.Add(time.Hour).Format(http.TimeFormat)), 1, min, max, time.Hour},
		{"Retry-After in the past gives min", statusErr(503, now.Add(-time.Hour).Format(http.TimeFormat)), 3, min, max, min},
		{"Retry-After 0 gives min", statusErr(429, "0"), 3, min, max, min},
		{"Retry-After years away gives max", statusErr(429, "999999999999999999999"), 1, min, max, max},
		{"Retry-After date years away gives max", statusErr(503, now.AddDate(30, 0, 0).Format(http.TimeFormat)), 1, min, max, max},
		{"invalid Retry-After backs off", statusErr(503, "soon"), 2, min, max, 2 * min},
		{"Retry-After on a 500 is ignored", statusErr(500, "60"), 1, min, max, min},
		{"failures 0 counts as 1", netErr, 0, min, max, min},
		{"negative failures count as 1", netErr, -5, min, max, min},
		{"min above max is max", netErr, 1, 10 * time.Hour, max, max},
		{"negative min starts at 1s", netErr, 3, -time.Minute, max, 4 * time.Second},
		{"zero min starts at 1s", netErr, 1, 0, max, time.Second},
		{"negative max gives now", statusErr(429, "60"), 2, min, -time.Hour, 0},
		{"zero max gives now", netErr, 5, 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := NextRetry(tc.err, tc.failures, now, tc.min, tc.max)
			assert.Equal(t, tc.want, got.Sub(now))
			assert.Equal(t, now.Location(), got.Location())
		})
	}
}

// TestNextRetryBounds checks, on random arguments and headers, that the
// result is never before now nor after now+max.
func TestNextRetryBounds(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	durations := []time.Duration{-time.Hour, -1, 0, 1, time.Second, time.Minute, time.Hour, 24 * time.Hour, math.MaxInt64}
	headers := []string{"", "0", "1", "-5", "60", "86400000", "999999999999999999999", "x",
		now.Add(-time.Minute).Format(http.TimeFormat), now.Add(time.Minute).Format(http.TimeFormat),
		now.AddDate(100, 0, 0).Format(http.TimeFormat)}
	codes := []int{0, 404, 410, 429, 500, 503}
	for i := 0; i < 5000; i++ {
		min, max := durations[rng.Intn(len(durations))], durations[rng.Intn(len(durations))]
		failures := rng.Intn(200) - 10
		if i%100 == 0 {
			failures = math.MaxInt
		}
		var err error
		if code := codes[rng.Intn(len(codes))]; code != 0 {
			err = statusErr(code, headers[rng.Intn(len(headers))])
		}
		got := NextRetry(err, failures, now, min, max)
		limit := now.Add(max)
		if max < 0 {
			limit = now
		}
		require.False(t, got.Before(now), "NextRetry(%v, %d, now, %v, %v) = now%v", err, failures, min, max, got.Sub(now))
		require.False(t, got.After(limit), "NextRetry(%v, %d, now, %v, %v) = now+%v", err, failures, min, max, got.Sub(now))
	}
}

// TestNextRetryThroughFetch checks that the *StatusError Fetch returns keeps
// the response's Retry-After for NextRetry.
func TestNextRetryThroughFetch(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "120")
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprint(w, "busy")
	}))
	defer srv.Close()
	f := &Fetcher{Client: srv.Client()}
	res, err := f.Fetch(context.Background(), srv.URL+"/feed", nil)
	require.Error(t, err)
	require.NotNil(t, res)
	var se *StatusError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "120", se.Header.Get("Retry-After"))
	now := time.Now()
	assert.Equal(t, 2*time.Minute, NextRetry(err, 3, now, time.Minute, time.Hour).Sub(now))
}

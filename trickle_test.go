package feedspec

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// trickler is a loopback server that answers with status and Content-Type
// ctype, then trickles a body a byte every 20 ms for a minute, stopping
// when the client goes. written counts the bytes it wrote and flushed;
// done is closed when its handler returns.
func trickler(t *testing.T, status int, ctype string) (srv *httptest.Server, written *atomic.Int64, done chan struct{}) {
	t.Helper()
	written = new(atomic.Int64)
	done = make(chan struct{})
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer close(done)
		rc := http.NewResponseController(w)
		w.Header().Set("Content-Type", ctype)
		w.WriteHeader(status)
		if rc.Flush() != nil {
			return
		}
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for range 3000 {
			select {
			case <-r.Context().Done():
				return
			case <-tick.C:
			}
			if _, err := w.Write([]byte{'x'}); err != nil || rc.Flush() != nil {
				return
			}
			written.Add(1)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, written, done
}

// TestFetchRefusedTrickle: a refused answer (a status other than 200, a
// type that is not a feed's) whose body trickles a byte at a time does not
// hold Fetch: its body is closed unread, and the server gets to write a
// few bytes at most (it held Fetch for the whole 30 s before, reading up to
// 64 KiB). The bound is on the bytes the server wrote, not on time; the
// context's deadline is a safety net.
func TestFetchRefusedTrickle(t *testing.T) {
	for _, tc := range []struct {
		name, ctype string
		status      int
		want        error
	}{
		{"404", "text/html", http.StatusNotFound, ErrStatus},
		{"503", "application/rss+xml", http.StatusServiceUnavailable, ErrStatus},
		{"410", "text/plain", http.StatusGone, ErrStatus},
		{"an image", "image/png", http.StatusOK, ErrNotFeed},
		{"JSON, strict", "application/json", http.StatusOK, ErrNotFeed},
		{"a binary type", "application/octet-stream", http.StatusOK, ErrNotFeed},
	} {
		srv, written, done := trickler(t, tc.status, tc.ctype)
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
		f := &Fetcher{AllowPrivateNetworks: true, Strict: tc.name == "JSON, strict"}
		res, err := f.Fetch(ctx, srv.URL+"/feed.xml", nil)
		atReturn := written.Load()
		cancel()
		require.ErrorIs(t, err, tc.want, tc.name)
		assert.False(t, errors.Is(err, context.DeadlineExceeded), "%s: held until the deadline", tc.name)
		require.NotNil(t, res, tc.name)
		assert.Equal(t, tc.status, res.StatusCode, tc.name)
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: the server's handler did not see the client go", tc.name)
		}
		t.Logf("%-12s %d bytes written when Fetch returned, %d in all", tc.name, atReturn, written.Load())
		assert.LessOrEqual(t, atReturn, int64(25), "%s: bytes the server wrote before Fetch returned", tc.name)
		assert.LessOrEqual(t, written.Load(), int64(50), "%s: bytes the server wrote in all", tc.name)
	}
}

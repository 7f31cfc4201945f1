package feedspec_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/feedspectest"
)

// The tests of what a poller needs from Fetch, against feedspectest.Server.

const pollRSS = `<rss version="2.0"><channel><title>Polled</title><ttl>120</ttl>
<item><guid>1</guid><title>One</title></item></channel></rss>`

func newPollServer(t *testing.T) *feedspectest.Server {
	t.Helper()
	s := feedspectest.NewServer(fstest.MapFS{"feed.xml": {Data: []byte(pollRSS)}})
	t.Cleanup(s.Close)
	return s
}

func TestFetchPermanentURL(t *testing.T) {
	tests := []struct {
		codes []int
		want  string // the path PermanentURL names
	}{
		{nil, "/feed.xml"},
		{[]int{301}, "/feed.xml"},
		{[]int{308}, "/feed.xml"},
		{[]int{301, 308, 301}, "/feed.xml"},
		{[]int{302}, "/start"},
		{[]int{303}, "/start"},
		{[]int{307}, "/start"},
		{[]int{301, 302}, "/start~1"},
		{[]int{308, 301, 307, 301}, "/start~2"},
		{[]int{302, 301}, "/start"},
		{[]int{307, 308, 308}, "/start"},
	}
	for _, tt := range tests {
		s := newPollServer(t)
		start := "/feed.xml"
		if tt.codes != nil {
			start = "/start"
			s.Redirect(start, "/feed.xml", tt.codes...)
		}
		f := &feedspec.Fetcher{Client: s.Client()}
		r, err := f.Fetch(context.Background(), s.URL+start, nil)
		require.NoError(t, err, "%v", tt.codes)
		if r.PermanentURL != s.URL+tt.want {
			t.Errorf("%v: PermanentURL %q, want %q", tt.codes, r.PermanentURL, s.URL+tt.want)
		}
		if r.URL != s.URL+"/feed.xml" {
			t.Errorf("%v: URL %q", tt.codes, r.URL)
		}
	}
}

func TestFetchGone(t *testing.T) {
	s := newPollServer(t)
	s.Set("/feed.xml", feedspectest.Behavior{Status: http.StatusGone})
	s.Redirect("/moved", "/feed.xml", 301)
	f := &feedspec.Fetcher{Client: s.Client()}
	for _, path := range []string{"/feed.xml", "/moved"} {
		r, err := f.Fetch(context.Background(), s.URL+path, nil)
		var se *feedspec.StatusError
		if !errors.As(err, &se) || se.StatusCode != http.StatusGone {
			t.Errorf("%s: error %v, want a 410 status error", path, err)
		}
		if r == nil || !r.Gone || r.Feed != nil || r.PermanentURL != s.URL+"/feed.xml" {
			t.Fatalf("%s: result %+v", path, r)
		}
		now := time.Now()
		if got := r.NextFetch(now, time.Minute, 7*24*time.Hour); !got.Equal(now.Add(7 * 24 * time.Hour)) {
			t.Errorf("%s: NextFetch after a 410: %v", path, got.Sub(now))
		}
	}
	s.Set("/feed.xml", feedspectest.Behavior{Status: http.StatusNotFound})
	r, err := f.Fetch(context.Background(), s.URL+"/feed.xml", nil)
	if err == nil || r.Gone {
		t.Errorf("a 404 is not Gone: %v %+v", err, r)
	}
}

// TestFetchRetryAfter: a 429 is an error, with a result whose NextFetch
// reads Retry-After.
func TestFetchRetryAfter(t *testing.T) {
	s := newPollServer(t)
	s.Set("/feed.xml", feedspectest.Behavior{Status: http.StatusTooManyRequests, RetryAfter: "3600"})
	r, err := (&feedspec.Fetcher{Client: s.Client()}).Fetch(context.Background(), s.URL+"/feed.xml", nil)
	if err == nil || r == nil || r.StatusCode != 429 {
		t.Fatalf("result %+v, error %v", r, err)
	}
	now := time.Now()
	if got := r.NextFetch(now, time.Minute, 24*time.Hour); !got.Equal(now.Add(time.Hour)) {
		t.Errorf("NextFetch after a 429 with Retry-After: 3600: %v", got.Sub(now))
	}
}

// TestFetchPrevByHand: a poller that restarts builds prev from the stored
// validators; the request is conditional and the answer a 304.
func TestFetchPrevByHand(t *testing.T) {
	s := newPollServer(t)
	f := &feedspec.Fetcher{Client: s.Client()}
	first, err := f.Fetch(context.Background(), s.URL+"/feed.xml", nil)
	require.NoError(t, err)
	if first.ETag == "" || first.LastModified == "" {
		t.Fatalf("no validators: %+v", first)
	}
	// What a poller stores, and reads back after a restart.
	type stored struct{ ETag, LastModified string }
	b, err := json.Marshal(stored{first.ETag, first.LastModified})
	require.NoError(t, err)
	var st stored
	require.NoError(t, json.Unmarshal(b, &st))
	for _, prev := range []*feedspec.FetchResult{
		{ETag: st.ETag, LastModified: st.LastModified},
		{ETag: st.ETag},
		{LastModified: st.LastModified},
	} {
		r, err := f.Fetch(context.Background(), s.URL+"/feed.xml", prev)
		require.NoError(t, err)
		if !r.NotModified || r.StatusCode != 304 || r.ETag != st.ETag || r.LastModified != st.LastModified {
			t.Errorf("prev %+v: result %+v", prev, r)
		}
	}
	reqs := s.Requests()
	for i, req := range reqs {
		if req.Conditional != (i > 0) {
			t.Errorf("request %d: Conditional %v", i, req.Conditional)
		}
	}
}

// TestFetchNextFetchAfter304: a 304 has no feed, but NextFetch still reads
// the ttl of the feed of the last fetch that had one.
func TestFetchNextFetchAfter304(t *testing.T) {
	s := newPollServer(t)
	f := &feedspec.Fetcher{Client: s.Client()}
	now := time.Now()
	r, err := f.Fetch(context.Background(), s.URL+"/feed.xml", nil)
	require.NoError(t, err)
	for i := 0; i < 3; i++ {
		if got := r.NextFetch(now, time.Minute, 24*time.Hour); !got.Equal(now.Add(2 * time.Hour)) {
			t.Errorf("fetch %d (NotModified %v): NextFetch in %v, want the ttl, 2h", i, r.NotModified, got.Sub(now))
		}
		if r, err = f.Fetch(context.Background(), s.URL+"/feed.xml", r); err != nil || !r.NotModified || r.Feed != nil {
			t.Fatalf("fetch %d: %+v %v", i+1, r, err)
		}
	}
	// A prev built by hand carries no feed.
	r, err = f.Fetch(context.Background(), s.URL+"/feed.xml", &feedspec.FetchResult{ETag: r.ETag})
	if err != nil || !r.NotModified {
		t.Fatal(r, err)
	}
	if got := r.NextFetch(now, time.Minute, 24*time.Hour); !got.Equal(now.Add(time.Minute)) {
		t.Errorf("NextFetch in %v, want min", got.Sub(now))
	}
}

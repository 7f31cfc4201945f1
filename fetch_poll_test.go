package feedspec_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"

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
		assert.Equal(t, s.URL+tt.want, r.PermanentURL, "%v: PermanentURL", tt.codes)
		assert.Equal(t, s.URL+"/feed.xml", r.URL, "%v: URL", tt.codes)
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
		if assert.ErrorAs(t, err, &se, "%s: want a 410 status error", path) {
			assert.Equal(t, http.StatusGone, se.StatusCode, "%s: want a 410 status error", path)
		}
		require.NotNil(t, r, "%s: result", path)
		require.True(t, r.Gone, "%s: result %+v", path, r)
		require.Nil(t, r.Feed, "%s: result %+v", path, r)
		require.Equal(t, s.URL+"/feed.xml", r.PermanentURL, "%s: result %+v", path, r)
		now := time.Now()
		got := r.NextFetch(now, time.Minute, 7*24*time.Hour)
		assert.True(t, got.Equal(now.Add(7*24*time.Hour)), "%s: NextFetch after a 410: %v", path, got.Sub(now))
	}
	s.Set("/feed.xml", feedspectest.Behavior{Status: http.StatusNotFound})
	r, err := f.Fetch(context.Background(), s.URL+"/feed.xml", nil)
	assert.Error(t, err, "a 404 is not Gone: %+v", r)
	assert.False(t, r.Gone, "a 404 is not Gone: %v %+v", err, r)
}

// TestFetchRetryAfter: a 429 is an error, with a result whose NextFetch
// reads Retry-After.
func TestFetchRetryAfter(t *testing.T) {
	s := newPollServer(t)
	s.Set("/feed.xml", feedspectest.Behavior{Status: http.StatusTooManyRequests, RetryAfter: "3600"})
	r, err := (&feedspec.Fetcher{Client: s.Client()}).Fetch(context.Background(), s.URL+"/feed.xml", nil)
	require.Error(t, err)
	require.NotNil(t, r)
	require.Equal(t, 429, r.StatusCode, "result %+v, error %v", r, err)
	now := time.Now()
	got := r.NextFetch(now, time.Minute, 24*time.Hour)
	assert.True(t, got.Equal(now.Add(time.Hour)), "NextFetch after a 429 with Retry-After: 3600: %v", got.Sub(now))
}

// TestFetchPrevByHand: a poller that restarts builds prev from the stored
// validators; the request is conditional and the answer a 304.
func TestFetchPrevByHand(t *testing.T) {
	s := newPollServer(t)
	f := &feedspec.Fetcher{Client: s.Client()}
	first, err := f.Fetch(context.Background(), s.URL+"/feed.xml", nil)
	require.NoError(t, err)
	require.NotEmpty(t, first.ETag, "no validators: %+v", first)
	require.NotEmpty(t, first.LastModified, "no validators: %+v", first)
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
		assert.True(t, r.NotModified, "prev %+v: result %+v", prev, r)
		assert.Equal(t, 304, r.StatusCode, "prev %+v", prev)
		assert.Equal(t, st.ETag, r.ETag, "prev %+v", prev)
		assert.Equal(t, st.LastModified, r.LastModified, "prev %+v", prev)
	}
	reqs := s.Requests()
	for i, req := range reqs {
		assert.Equal(t, i > 0, req.Conditional, "request %d: Conditional", i)
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
		got := r.NextFetch(now, time.Minute, 24*time.Hour)
		assert.True(t, got.Equal(now.Add(2*time.Hour)), "fetch %d (NotModified %v): NextFetch in %v, want the ttl, 2h", i, r.NotModified, got.Sub(now))
		r, err = f.Fetch(context.Background(), s.URL+"/feed.xml", r)
		require.NoError(t, err, "fetch %d", i+1)
		require.True(t, r.NotModified, "fetch %d: %+v", i+1, r)
		require.Nil(t, r.Feed, "fetch %d: %+v", i+1, r)
	}
	// A prev built by hand carries no feed.
	r, err = f.Fetch(context.Background(), s.URL+"/feed.xml", &feedspec.FetchResult{ETag: r.ETag})
	require.NoError(t, err)
	require.True(t, r.NotModified, "%+v", r)
	got := r.NextFetch(now, time.Minute, 24*time.Hour)
	assert.True(t, got.Equal(now.Add(time.Minute)), "NextFetch in %v, want min", got.Sub(now))
}

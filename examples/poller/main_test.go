package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/feedspec/feedspec/feedspectest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var feeds = fstest.MapFS{
	"news.xml": {Data: []byte(`<rss version="2.0"><channel><title>News</title><link>https://news.example/</link>
<item><guid>n1</guid><title>First news</title><link>https://news.example/1</link></item>
<item><guid>n2</guid><title>Second news</title><link>https://news.example/2</link></item>
</channel></rss>`)},
	"blog.atom": {Data: []byte(`<feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title>
<entry><id>tag:blog.example,2024:1</id><title>Hello</title><link href="https://blog.example/hello"/></entry>
</feed>`)},
	"new-home.xml": {Data: []byte(`<rss version="2.0"><channel><title>Moved</title>
<item><guid>m1</guid><title>Moved entry</title><link>https://moved.example/1</link></item>
</channel></rss>`)},
}

// poll runs the program once and returns what it printed. The test servers
// are on loopback: it gives -allow-private.
func poll(t *testing.T, args ...string) (stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), append([]string{"-allow-private"}, args...), &out, &errOut)
	require.Equal(t, 0, code, "exit status; stderr:\n%s", errOut.String())
	return out.String(), errOut.String()
}

func readState(t *testing.T, path string) *state {
	t.Helper()
	st, err := loadState(path)
	require.NoError(t, err)
	return st
}

// TestTwoRuns runs the poller twice, as a cron job would: the first run
// prints every entry, the second one (a new process, with only the state
// file) asks conditionally, gets 304s and prints nothing.
func TestTwoRuns(t *testing.T) {
	s := feedspectest.NewServer(feeds)
	defer s.Close()
	s.Redirect("/old.xml", "/new-home.xml", 301)
	statePath := filepath.Join(t.TempDir(), "state.json")
	args := []string{"-state", statePath, "-rounds", "1", "-min", "0", "-host-delay", "0",
		s.URL + "/news.xml", s.URL + "/blog.atom", s.URL + "/old.xml"}

	out, errOut := poll(t, args...)
	want := "News: First news https://news.example/1\n" +
		"News: Second news https://news.example/2\n" +
		"Blog: Hello https://blog.example/hello\n" +
		"Moved: Moved entry https://moved.example/1\n"
	assert.Equal(t, want, out, "first run printed")
	assert.Contains(t, errOut, "/old.xml moved to "+s.URL+"/new-home.xml", "first run stderr")
	st := readState(t, statePath)
	assert.Equal(t, s.URL+"/new-home.xml", st.Feeds[s.URL+"/old.xml"].URL, "the moved feed's URL in the state")
	for sub, fs := range st.Feeds {
		assert.NotEmpty(t, fs.ETag, "%s: state %+v", sub, fs)
		assert.NotEmpty(t, fs.LastModified, "%s: state %+v", sub, fs)
		assert.NotEmpty(t, fs.Seen, "%s: state %+v", sub, fs)
		assert.False(t, fs.NextFetch.IsZero(), "%s: state %+v", sub, fs)
	}
	firstRound := len(s.Requests())
	assert.Equal(t, 4, firstRound, "first run: requests, want 4 (one redirect)")

	out, errOut = poll(t, args...)
	assert.Empty(t, out, "second run printed")
	assert.Empty(t, errOut, "second run stderr")
	second := s.Requests()[firstRound:]
	require.Len(t, second, 3, "second run: requests, want 3")
	for _, r := range second {
		assert.True(t, r.Conditional, "second run: %s conditional", r.Path)
		assert.Equal(t, 304, r.StatusCode, "second run: %s status", r.Path)
		assert.NotEqual(t, "/old.xml", r.Path, "second run: the moved feed was fetched from its old URL")
	}

	// Forget one entry and the validators of its feed: only that entry is
	// new.
	fs := st.Feeds[s.URL+"/news.xml"]
	fs.ETag, fs.LastModified = "", ""
	fs.Seen = fs.Seen[1:]
	require.NoError(t, st.save(statePath))
	out, _ = poll(t, args...)
	assert.Equal(t, "News: First news https://news.example/1\n", out, "third run printed")
}

// TestSchedule: a feed that is not due is not fetched, and a gone feed never
// again.
func TestSchedule(t *testing.T) {
	s := feedspectest.NewServer(feeds)
	defer s.Close()
	s.Set("/gone.xml", feedspectest.Behavior{Status: 410})
	statePath := filepath.Join(t.TempDir(), "state.json")
	args := []string{"-state", statePath, "-rounds", "1", "-min", "1h", "-host-delay", "0",
		s.URL + "/news.xml", s.URL + "/gone.xml"}
	_, errOut := poll(t, args...)
	assert.Contains(t, errOut, "gone.xml is gone", "stderr")
	st := readState(t, statePath)
	assert.True(t, st.Feeds[s.URL+"/gone.xml"].Gone, "the 410 feed is not marked gone")
	assert.GreaterOrEqual(t, time.Until(st.Feeds[s.URL+"/news.xml"].NextFetch), 59*time.Minute, "next fetch, want -min 1h")
	n := len(s.Requests())
	out, _ := poll(t, args...)
	assert.Empty(t, out, "nothing due, yet output")
	assert.Equal(t, n, len(s.Requests()), "nothing due, yet requests")
}

// TestLoop runs several rounds in one process: between rounds it sleeps
// until the earliest next fetch (here -min, 100ms, from each feed's last
// fetch), and it asks one host one request at a time, -host-delay apart.
func TestLoop(t *testing.T) {
	s := feedspectest.NewServer(feeds)
	defer s.Close()
	statePath := filepath.Join(t.TempDir(), "state.json")
	out, _ := poll(t, "-state", statePath, "-rounds", "4", "-min", "100ms", "-host-delay", "30ms",
		s.URL+"/news.xml", s.URL+"/blog.atom")
	assert.Equal(t, 3, strings.Count(out, "\n"), "printed %q, want the three entries once", out)
	reqs := s.Requests()
	require.GreaterOrEqual(t, len(reqs), 4, "requests in 4 rounds, want at least 4")
	last := map[string]time.Time{}
	for i, r := range reqs {
		if i > 0 {
			assert.GreaterOrEqual(t, r.Time.Sub(reqs[i-1].Time), 30*time.Millisecond, "requests %d and %d to one host apart", i-1, i)
		}
		if prev, ok := last[r.Path]; ok {
			assert.GreaterOrEqual(t, r.Time.Sub(prev), 100*time.Millisecond, "%s fetched again before its next fetch", r.Path)
		}
		last[r.Path] = r.Time
		if i >= 2 {
			assert.True(t, r.Conditional, "request %d: %s conditional", i, r.Path)
			assert.Equal(t, 304, r.StatusCode, "request %d: %s status", i, r.Path)
		}
	}
}

func TestBadArguments(t *testing.T) {
	var out, errOut bytes.Buffer
	assert.Equal(t, 2, run(context.Background(), nil, &out, &errOut), "no URL: exit status")
	bad := filepath.Join(t.TempDir(), "state.json")
	require.NoError(t, os.WriteFile(bad, []byte("{"), 0o644))
	code := run(context.Background(), []string{"-state", bad, "http://127.0.0.1:1/x"}, &out, &errOut)
	assert.Equal(t, 1, code, "a broken state file: exit status; stderr %q", errOut.String())
	assert.Contains(t, errOut.String(), bad, "a broken state file: stderr")
}

// TestFailingFeedRecovers: a feed that fails is tried again later and later
// (NextRetry: -min, then twice -min), at the time a 503's Retry-After says,
// and, once it works again, is read and scheduled as usual; a feed that
// keeps answering 404 is given up after maxFailures failures in a row.
func TestFailingFeedRecovers(t *testing.T) {
	s := feedspectest.NewServer(feeds)
	defer s.Close()
	sub := s.URL + "/news.xml"
	missing := s.URL + "/missing.xml"
	statePath := filepath.Join(t.TempDir(), "state.json")
	args := []string{"-state", statePath, "-rounds", "1", "-min", "1h", "-max", "24h", "-host-delay", "0", sub, missing}
	// due makes every feed due now, as if the time had come.
	due := func() {
		t.Helper()
		st := readState(t, statePath)
		for _, fs := range st.Feeds {
			fs.NextFetch = time.Now().Add(-time.Second)
		}
		require.NoError(t, st.save(statePath))
	}
	// nextIn returns how long until the next fetch of the subscription.
	nextIn := func(sub string) time.Duration {
		t.Helper()
		return time.Until(readState(t, statePath).Feeds[sub].NextFetch)
	}
	near := func(what string, got, want time.Duration) {
		t.Helper()
		assert.GreaterOrEqual(t, got, want-time.Minute, "%s: next fetch, want %v", what, want)
		assert.LessOrEqual(t, got, want, "%s: next fetch, want %v", what, want)
	}

	s.Set("/news.xml", feedspectest.Behavior{Status: 500})
	out, errOut := poll(t, args...)
	assert.Empty(t, out, "first failure: stdout")
	assert.Contains(t, errOut, "500", "first failure: stderr")
	assert.Contains(t, errOut, "failure 1 in a row", "first failure: stderr")
	near("first failure", nextIn(sub), time.Hour)

	due()
	poll(t, args...)
	near("second failure", nextIn(sub), 2*time.Hour)
	assert.Equal(t, 2, readState(t, statePath).Feeds[sub].Failures, "failures in the state")

	due()
	s.Set("/news.xml", feedspectest.Behavior{Status: 503, RetryAfter: "10800"})
	poll(t, args...)
	near("503 with Retry-After: 10800", nextIn(sub), 3*time.Hour)

	due()
	s.Set("/news.xml", feedspectest.Behavior{}) // it works again
	out, _ = poll(t, args...)
	assert.Equal(t, "News: First news https://news.example/1\nNews: Second news https://news.example/2\n", out, "after recovering printed")
	st := readState(t, statePath)
	fs := st.Feeds[sub]
	assert.Zero(t, fs.Failures, "after recovering: state %+v", fs)
	assert.False(t, fs.Gone, "after recovering: state %+v", fs)
	assert.NotEmpty(t, fs.ETag, "after recovering: state %+v", fs)
	near("after recovering", nextIn(sub), time.Hour)

	// The missing feed has failed 4 times in a row by now; give it up at
	// maxFailures.
	assert.Equal(t, 4, st.Feeds[missing].Failures, "the 404 feed's failures in a row")
	near("404, fourth failure", nextIn(missing), 8*time.Hour)
	st.Feeds[missing].Failures = maxFailures - 1
	st.Feeds[missing].NextFetch = time.Now().Add(-time.Second)
	require.NoError(t, st.save(statePath))
	_, errOut = poll(t, args...)
	assert.True(t, readState(t, statePath).Feeds[missing].Gone, "the 404 feed is not given up; stderr %q", errOut)
	assert.Contains(t, errOut, "missing.xml: 404 after 30 failures", "the 404 feed is not given up")
}

// TestRefusesPrivate: without -allow-private the poller does not connect to
// a feed on loopback, and says why.
func TestRefusesPrivate(t *testing.T) {
	s := feedspectest.NewServer(feeds)
	defer s.Close()
	statePath := filepath.Join(t.TempDir(), "state.json")
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{"-state", statePath, "-rounds", "1", "-host-delay", "0", s.URL + "/news.xml"}, &out, &errOut)
	assert.Equal(t, 0, code, "exit status; stderr %q", errOut.String())
	assert.Empty(t, out.String(), "stdout")
	assert.Empty(t, s.Requests(), "requests")
	assert.Contains(t, errOut.String(), "refusing to connect to "+strings.TrimPrefix(s.URL, "http://"), "stderr")
}

// TestOPMLFile polls the feeds of an OPML subscription list (-opml), each
// once though one is filed in two folders and also given as a URL, along
// with the URLs given; a list that is not OPML is an error.
func TestOPMLFile(t *testing.T) {
	s := feedspectest.NewServer(feeds)
	defer s.Close()
	dir := t.TempDir()
	list := filepath.Join(dir, "subscriptions.opml")
	require.NoError(t, os.WriteFile(list, []byte(`<?xml version="1.0"?>
<opml version="2.0"><head><title>Mine</title></head><body>
<outline text="News"><outline text="News" type="rss" xmlUrl="`+s.URL+`/news.xml"/></outline>
<outline text="Again"><outline text="News" type="rss" xmlUrl="`+s.URL+`/news.xml"/></outline>
<outline text="Not a feed" type="rss" xmlUrl="javascript:alert(1)"/>
</body></opml>`), 0o644))
	statePath := filepath.Join(dir, "state.json")
	out, errOut := poll(t, "-state", statePath, "-rounds", "1", "-min", "0", "-host-delay", "0",
		"-opml", list, s.URL+"/blog.atom", s.URL+"/news.xml")
	assert.Equal(t, "News: First news https://news.example/1\n"+
		"News: Second news https://news.example/2\n"+
		"Blog: Hello https://blog.example/hello\n", out, "the list's feed, then the URL given")
	assert.Empty(t, errOut)
	assert.Len(t, s.Requests(), 2, "each feed fetched once")
	assert.Len(t, readState(t, statePath).Feeds, 2, "two feeds in the state")

	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"-allow-private", "-state", statePath, "-opml", filepath.Join(dir, "missing.opml")}, &stdout, &stderr)
	assert.Equal(t, 1, code, "a missing list: exit status")
	notOPML := filepath.Join(dir, "feed.xml")
	require.NoError(t, os.WriteFile(notOPML, []byte(`<rss version="2.0"><channel/></rss>`), 0o644))
	stderr.Reset()
	code = run(context.Background(), []string{"-allow-private", "-state", statePath, "-opml", notOPML}, &stdout, &stderr)
	assert.Equal(t, 1, code, "a feed given as a list: exit status")
	assert.Contains(t, stderr.String(), "not an OPML document", "stderr")
}

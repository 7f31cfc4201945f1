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

// poll runs the program once and returns what it printed.
func poll(t *testing.T, args ...string) (stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(context.Background(), args, &out, &errOut); code != 0 {
		t.Fatalf("exit status %d; stderr:\n%s", code, errOut.String())
	}
	return out.String(), errOut.String()
}

func readState(t *testing.T, path string) *state {
	t.Helper()
	st, err := loadState(path)
	if err != nil {
		t.Fatal(err)
	}
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
	if out != want {
		t.Errorf("first run printed:\n%s\nwant:\n%s", out, want)
	}
	if !strings.Contains(errOut, "/old.xml moved to "+s.URL+"/new-home.xml") {
		t.Errorf("first run stderr: %q", errOut)
	}
	st := readState(t, statePath)
	if got := st.Feeds[s.URL+"/old.xml"].URL; got != s.URL+"/new-home.xml" {
		t.Errorf("the moved feed's URL in the state: %q", got)
	}
	for sub, fs := range st.Feeds {
		if fs.ETag == "" || fs.LastModified == "" || len(fs.Seen) == 0 || fs.NextFetch.IsZero() {
			t.Errorf("%s: state %+v", sub, fs)
		}
	}
	firstRound := len(s.Requests())
	if firstRound != 4 {
		t.Errorf("first run: %d requests, want 4 (one redirect)", firstRound)
	}

	out, errOut = poll(t, args...)
	if out != "" || errOut != "" {
		t.Errorf("second run printed %q, stderr %q", out, errOut)
	}
	second := s.Requests()[firstRound:]
	if len(second) != 3 {
		t.Fatalf("second run: %d requests, want 3: %+v", len(second), second)
	}
	for _, r := range second {
		if !r.Conditional || r.StatusCode != 304 {
			t.Errorf("second run: %s conditional %v, status %d", r.Path, r.Conditional, r.StatusCode)
		}
		if r.Path == "/old.xml" {
			t.Error("second run: the moved feed was fetched from its old URL")
		}
	}

	// Forget one entry and the validators of its feed: only that entry is
	// new.
	fs := st.Feeds[s.URL+"/news.xml"]
	fs.ETag, fs.LastModified = "", ""
	fs.Seen = fs.Seen[1:]
	if err := st.save(statePath); err != nil {
		t.Fatal(err)
	}
	out, _ = poll(t, args...)
	if out != "News: First news https://news.example/1\n" {
		t.Errorf("third run printed %q", out)
	}
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
	if !strings.Contains(errOut, "gone.xml is gone") {
		t.Errorf("stderr %q", errOut)
	}
	st := readState(t, statePath)
	if !st.Feeds[s.URL+"/gone.xml"].Gone {
		t.Error("the 410 feed is not marked gone")
	}
	if next := st.Feeds[s.URL+"/news.xml"].NextFetch; time.Until(next) < 59*time.Minute {
		t.Errorf("next fetch in %v, want -min 1h", time.Until(next))
	}
	n := len(s.Requests())
	out, _ := poll(t, args...)
	if out != "" || len(s.Requests()) != n {
		t.Errorf("nothing due, yet %d requests, output %q", len(s.Requests())-n, out)
	}
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
	if strings.Count(out, "\n") != 3 {
		t.Errorf("printed %q, want the three entries once", out)
	}
	reqs := s.Requests()
	if len(reqs) < 4 {
		t.Fatalf("%d requests in 4 rounds, want at least 4", len(reqs))
	}
	last := map[string]time.Time{}
	for i, r := range reqs {
		if i > 0 {
			if gap := r.Time.Sub(reqs[i-1].Time); gap < 30*time.Millisecond {
				t.Errorf("requests %d and %d to one host %v apart", i-1, i, gap)
			}
		}
		if prev, ok := last[r.Path]; ok && r.Time.Sub(prev) < 100*time.Millisecond {
			t.Errorf("%s fetched again after %v, before its next fetch", r.Path, r.Time.Sub(prev))
		}
		last[r.Path] = r.Time
		if i >= 2 && (!r.Conditional || r.StatusCode != 304) {
			t.Errorf("request %d: %s conditional %v, status %d", i, r.Path, r.Conditional, r.StatusCode)
		}
	}
}

func TestBadArguments(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), nil, &out, &errOut); code != 2 {
		t.Errorf("no URL: exit status %d", code)
	}
	bad := filepath.Join(t.TempDir(), "state.json")
	if err := os.WriteFile(bad, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code := run(context.Background(), []string{"-state", bad, "http://127.0.0.1:1/x"}, &out, &errOut); code != 1 ||
		!strings.Contains(errOut.String(), bad) {
		t.Errorf("a broken state file: exit status %d, stderr %q", code, errOut.String())
	}
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
		if err := st.save(statePath); err != nil {
			t.Fatal(err)
		}
	}
	// nextIn returns how long until the next fetch of the subscription.
	nextIn := func(sub string) time.Duration {
		t.Helper()
		return time.Until(readState(t, statePath).Feeds[sub].NextFetch)
	}
	near := func(what string, got, want time.Duration) {
		t.Helper()
		if got < want-time.Minute || got > want {
			t.Errorf("%s: next fetch in %v, want %v", what, got, want)
		}
	}

	s.Set("/news.xml", feedspectest.Behavior{Status: 500})
	out, errOut := poll(t, args...)
	if out != "" || !strings.Contains(errOut, "500") || !strings.Contains(errOut, "failure 1 in a row") {
		t.Errorf("first failure: stdout %q, stderr %q", out, errOut)
	}
	near("first failure", nextIn(sub), time.Hour)

	due()
	poll(t, args...)
	near("second failure", nextIn(sub), 2*time.Hour)
	if got := readState(t, statePath).Feeds[sub].Failures; got != 2 {
		t.Errorf("failures in the state: %d, want 2", got)
	}

	due()
	s.Set("/news.xml", feedspectest.Behavior{Status: 503, RetryAfter: "10800"})
	poll(t, args...)
	near("503 with Retry-After: 10800", nextIn(sub), 3*time.Hour)

	due()
	s.Set("/news.xml", feedspectest.Behavior{}) // it works again
	out, _ = poll(t, args...)
	if out != "News: First news https://news.example/1\nNews: Second news https://news.example/2\n" {
		t.Errorf("after recovering printed %q", out)
	}
	st := readState(t, statePath)
	if fs := st.Feeds[sub]; fs.Failures != 0 || fs.Gone || fs.ETag == "" {
		t.Errorf("after recovering: state %+v", fs)
	}
	near("after recovering", nextIn(sub), time.Hour)

	// The missing feed has failed 4 times in a row by now; give it up at
	// maxFailures.
	if got := st.Feeds[missing].Failures; got != 4 {
		t.Errorf("the 404 feed failed %d times in a row, want 4", got)
	}
	near("404, fourth failure", nextIn(missing), 8*time.Hour)
	st.Feeds[missing].Failures = maxFailures - 1
	st.Feeds[missing].NextFetch = time.Now().Add(-time.Second)
	if err := st.save(statePath); err != nil {
		t.Fatal(err)
	}
	_, errOut = poll(t, args...)
	if !readState(t, statePath).Feeds[missing].Gone || !strings.Contains(errOut, "missing.xml: 404 after 30 failures") {
		t.Errorf("the 404 feed is not given up; stderr %q", errOut)
	}
}

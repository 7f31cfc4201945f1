// Command poller polls feeds and prints their new entries, as a feed reader
// does: politely, and without a database.
//
// Usage:
//
//	go run ./examples/poller [-state poller-state.json] [-workers 4]
//		[-host-delay 2s] [-min 15m] [-max 24h] [-rounds 0] [-timeout 30s]
//		[-allow-private] [-opml FILE] URL...
//
// The feeds are the URLs given, or those of an OPML subscription list
// (-opml FILE, as every feed reader exports one; package
// github.com/feedspec/feedspec/opml), or both.
//
// Each round fetches the feeds that are due, several hosts at once (at most
// -workers) but one request at a time per host, -host-delay apart. The
// requests are conditional (feedspec.Fetcher with the ETag and Last-Modified
// of the last fetch), so an unchanged feed costs a 304. Every entry not seen
// before (by feedspec.EntryKey) is printed, one a line: the feed's title, the
// entry's title and its link. A feed moved by a permanent redirect is
// fetched from its new URL afterwards; a feed that is gone (410) is not
// fetched again.
//
// A fetch that fails (no answer, a timeout, a 5xx, a 429, a 404, a page that
// is not a feed) is tried again at the time feedspec.NextRetry gives: the
// server's Retry-After on a 429 or 503, else -min doubled for each failure
// in a row, up to -max. A feed that still answers 404 after maxFailures
// failures in a row is given up, as one that is gone. The first success
// resets the count.
//
// The state (each feed's URL, validators, seen entries and next fetch time)
// is a small JSON file, saved after every round, so the program can stop and
// start again, or run from cron with -rounds 1. Between rounds it sleeps
// until the earliest next fetch, which feedspec.FetchResult.NextFetch gives
// from the response (Retry-After, Cache-Control, Expires) and the feed (ttl,
// sy:updatePeriod, skipHours, skipDays), within -min and -max, or after a
// failure feedspec.NextRetry.
//
// The feeds are strangers': the client's transport is
// feedspec.GuardTransport's, which refuses to connect to loopback, private
// networks and the cloud metadata address, whether a feed's URL or its
// redirect leads there; -allow-private lifts that for a reader polling its
// own network.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/feedspec/feedspec"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the command with the arguments args until ctx is done or the
// rounds are over, and returns its exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("poller", flag.ContinueOnError)
	fs.SetOutput(stderr)
	statePath := fs.String("state", "poller-state.json", "the state file")
	workers := fs.Int("workers", 4, "how many hosts are polled at once")
	hostDelay := fs.Duration("host-delay", 2*time.Second, "the pause between two requests to one host")
	minInterval := fs.Duration("min", 15*time.Minute, "the shortest interval between two fetches of a feed")
	maxInterval := fs.Duration("max", 24*time.Hour, "the longest interval between two fetches of a feed")
	rounds := fs.Int("rounds", 0, "stop after this many rounds (0: never)")
	timeout := fs.Duration("timeout", 30*time.Second, "give up on a fetch after this long")
	allowPrivate := fs.Bool("allow-private", false, "connect to loopback and private networks too")
	opmlFile := fs.String("opml", "", "poll the feeds of this OPML subscription list too")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: poller [flags] [-opml FILE] URL...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 && *opmlFile == "" || *workers < 1 {
		fs.Usage()
		return 2
	}
	subscriptions := fs.Args()
	if *opmlFile != "" {
		urls, err := opmlFeeds(*opmlFile) // opml.go
		if err != nil {
			fmt.Fprintln(stderr, "poller:", err)
			return 1
		}
		subscriptions = unique(append(urls, subscriptions...))
	}

	st, err := loadState(*statePath)
	if err != nil {
		fmt.Fprintln(stderr, "poller:", err)
		return 1
	}
	// The Fetcher's own client would do (guarded, 30 s); this one has the
	// -timeout. A client of one's own keeps the guard with GuardTransport.
	client := &http.Client{Timeout: *timeout}
	if !*allowPrivate {
		client.Transport = feedspec.GuardTransport(nil)
	}
	p := &poller{
		fetcher:   &feedspec.Fetcher{Client: client},
		workers:   *workers,
		hostDelay: *hostDelay,
		min:       *minInterval,
		max:       *maxInterval,
		lastVisit: map[string]time.Time{},
	}
	for n := 1; ; n++ {
		p.round(ctx, st, subscriptions, stdout, stderr)
		if err := st.save(*statePath); err != nil {
			fmt.Fprintln(stderr, "poller:", err)
			return 1
		}
		if n == *rounds || ctx.Err() != nil {
			return 0
		}
		next, ok := st.earliest(subscriptions)
		if !ok {
			fmt.Fprintln(stderr, "poller: every feed is gone")
			return 0
		}
		timer := time.NewTimer(time.Until(next))
		select {
		case <-ctx.Done():
			timer.Stop()
			return 0
		case <-timer.C:
		}
	}
}

// A state is what the poller remembers between fetches and between runs.
type state struct {
	// Feeds maps each subscribed URL, as given on the command line, to its
	// feed's state.
	Feeds map[string]*feedState `json:"feeds"`
}

// A feedState is what the poller remembers of one feed.
type feedState struct {
	URL          string    `json:"url"` // where to fetch it: the last PermanentURL
	ETag         string    `json:"etag,omitempty"`
	LastModified string    `json:"last_modified,omitempty"`
	NextFetch    time.Time `json:"next_fetch"`
	Gone         bool      `json:"gone,omitempty"`
	Failures     int       `json:"failures,omitempty"` // failed fetches in a row
	Seen         []string  `json:"seen,omitempty"`     // EntryKeys, the latest first
}

// maxFailures is how many failures in a row, the last a 404 Not Found,
// make the poller give a feed up: a 404 may be a broken deploy, fixed the
// next day, so one alone does not.
const maxFailures = 30

// maxSeen bounds the entry keys kept per feed beyond those of the entries
// the feed lists now.
const maxSeen = 1000

// loadState reads the state file; a missing file is an empty state.
func loadState(path string) (*state, error) {
	st := &state{Feeds: map[string]*feedState{}}
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return st, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the state: %w", err)
	}
	if err := json.Unmarshal(b, st); err != nil {
		return nil, fmt.Errorf("reading the state %s: %w", path, err)
	}
	if st.Feeds == nil {
		st.Feeds = map[string]*feedState{}
	}
	return st, nil
}

// save writes the state file, replacing it only once the new one is
// complete.
func (st *state) save(path string) error {
	b, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("saving the state: %w", err)
	}
	_, err = tmp.Write(append(b, '\n'))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("saving the state: %w", err)
	}
	return nil
}

// earliest returns the earliest next fetch of the subscribed feeds that are
// not gone, and whether there is one.
func (st *state) earliest(subscriptions []string) (time.Time, bool) {
	var next time.Time
	found := false
	for _, sub := range subscriptions {
		fs := st.Feeds[sub]
		if fs == nil || fs.Gone {
			continue
		}
		if !found || fs.NextFetch.Before(next) {
			next, found = fs.NextFetch, true
		}
	}
	return next, found
}

// A poller fetches feeds.
type poller struct {
	fetcher   *feedspec.Fetcher
	workers   int
	hostDelay time.Duration
	min, max  time.Duration

	mu        sync.Mutex
	lastVisit map[string]time.Time // host: when its last request ended
}

// A job is the fetch of one due feed; lines are the new entries it found.
type job struct {
	sub   string
	fs    *feedState
	lines []string
}

// round fetches the subscribed feeds that are due and prints their new
// entries, in the order of subscriptions.
func (p *poller) round(ctx context.Context, st *state, subscriptions []string, stdout, stderr io.Writer) {
	now := time.Now()
	byHost := map[string][]*job{}
	var jobs []*job
	for _, sub := range subscriptions {
		fs := st.Feeds[sub]
		if fs == nil {
			fs = &feedState{URL: sub}
			st.Feeds[sub] = fs
		}
		if fs.Gone || fs.NextFetch.After(now) {
			continue
		}
		j := &job{sub: sub, fs: fs}
		jobs = append(jobs, j)
		host := fs.URL
		if u, err := url.Parse(fs.URL); err == nil {
			host = u.Host
		}
		byHost[host] = append(byHost[host], j)
	}
	hosts := make([]string, 0, len(byHost))
	for h := range byHost {
		hosts = append(hosts, h)
	}
	sort.Strings(hosts)

	var errMu sync.Mutex
	report := func(format string, args ...any) {
		errMu.Lock()
		defer errMu.Unlock()
		fmt.Fprintf(stderr, format+"\n", args...)
	}
	// One goroutine per host, at most p.workers at once; a host's feeds
	// one after the other.
	sem := make(chan struct{}, p.workers)
	var wg sync.WaitGroup
	for _, host := range hosts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			for _, j := range byHost[host] {
				if !p.waitForHost(ctx, host) {
					return
				}
				p.poll(ctx, j, report)
				p.visited(host)
			}
		}()
	}
	wg.Wait()
	for _, j := range jobs {
		for _, line := range j.lines {
			fmt.Fprintln(stdout, line)
		}
	}
}

// waitForHost waits until host may be asked again; false when ctx is done.
func (p *poller) waitForHost(ctx context.Context, host string) bool {
	p.mu.Lock()
	wait := time.Until(p.lastVisit[host].Add(p.hostDelay))
	p.mu.Unlock()
	if wait <= 0 {
		return ctx.Err() == nil
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-timer.C:
		return true
	}
}

// visited records that a request to host just ended.
func (p *poller) visited(host string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.lastVisit[host] = time.Now()
}

// poll fetches one feed, updates its state and collects its new entries.
func (p *poller) poll(ctx context.Context, j *job, report func(string, ...any)) {
	fs := j.fs
	var prev *feedspec.FetchResult
	if fs.ETag != "" || fs.LastModified != "" {
		// Built from the stored validators: as good as the result they
		// came from.
		prev = &feedspec.FetchResult{ETag: fs.ETag, LastModified: fs.LastModified}
	}
	res, err := p.fetcher.Fetch(ctx, fs.URL, prev)
	if res != nil && res.PermanentURL != "" && res.PermanentURL != fs.URL {
		report("poller: %s moved to %s", fs.URL, res.PermanentURL)
		fs.URL = res.PermanentURL
	}
	if err != nil {
		// No answer (res is nil), or one that is not a feed: back off,
		// or wait as long as a 429 or 503 says.
		fs.Failures++
		fs.NextFetch = feedspec.NextRetry(err, fs.Failures, time.Now(), p.min, p.max)
		switch {
		case res != nil && res.Gone:
			report("poller: %s is gone; not polling it again", fs.URL)
			fs.Gone = true
		case res != nil && res.StatusCode == http.StatusNotFound && fs.Failures >= maxFailures:
			report("poller: %s: 404 after %d failures in a row; not polling it again", fs.URL, fs.Failures)
			fs.Gone = true
		default:
			report("poller: %v (failure %d in a row; next try at %s)", err, fs.Failures, fs.NextFetch.Format(time.RFC3339))
		}
		return
	}
	fs.Failures = 0
	fs.NextFetch = res.NextFetch(time.Now(), p.min, p.max)
	fs.ETag, fs.LastModified = res.ETag, res.LastModified
	if res.NotModified {
		return
	}
	j.lines = fs.newEntries(res.Feed)
}

// newEntries returns a line for each entry of feed not seen before, and
// remembers them.
func (fs *feedState) newEntries(feed *feedspec.Feed) []string {
	seen := make(map[string]bool, len(fs.Seen))
	for _, k := range fs.Seen {
		seen[k] = true
	}
	title := feedspec.DisplayText(feed.Title)
	var lines []string
	keys := make([]string, 0, len(feed.Entries))
	current := map[string]bool{}
	for _, e := range feed.Entries {
		k := feedspec.EntryKey(e)
		if current[k] {
			continue
		}
		current[k] = true
		keys = append(keys, k)
		if !seen[k] {
			lines = append(lines, fmt.Sprintf("%s: %s %s", title, feedspec.DisplayText(e.Title), e.PageURL))
		}
	}
	// The feed's entries first, then the older keys, so that an entry
	// dropped from the feed and put back is still known for a while.
	for _, k := range fs.Seen {
		if !current[k] && len(keys) < len(current)+maxSeen {
			keys = append(keys, k)
		}
	}
	fs.Seen = keys
	return lines
}

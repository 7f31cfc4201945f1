package feedspec

// Every exported function is safe to call from many goroutines at once:
// nothing in the package is shared and mutated after initialisation. These
// tests exercise that under the race detector (.ci/run runs the tests with
// -race): the same work is done from 16 goroutines and must give the
// answers a single goroutine gives.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stretchr/testify/require"

	"golang.org/x/net/html"
)

// concurrency is how many goroutines the tests run at once.
const concurrency = 16

// concurrentBaseURL is the document URL the concurrency tests parse with.
const concurrentBaseURL = "https://example.com/blog/feed.xml"

// testdataFeeds returns the documents of testdata (the golden feeds) and
// the hand-written feeds of the hardening tests, by name.
func testdataFeeds(t *testing.T) map[string][]byte {
	t.Helper()
	docs := map[string][]byte{}
	files, _ := filepath.Glob("testdata/golden/*.xml")
	require.NotEmpty(t, files, "no golden feeds in testdata/golden")
	for _, path := range files {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		docs[filepath.Base(path)] = b
	}
	for name, tf := range truncationFeeds {
		docs["hardening-"+name] = []byte(tf.doc)
	}
	return docs
}

// feedJSON parses doc and returns its canonical JSON, or the error text
// when it is not a feed.
func feedJSON(doc []byte) string {
	feed, err := ParseDocument(bytes.NewReader(doc), WithURL(concurrentBaseURL))
	if feed == nil {
		return "error: " + err.Error()
	}
	b, err := feed.MarshalJSON()
	if err != nil {
		return "JSON error: " + err.Error()
	}
	return string(b)
}

// runConcurrently runs f(g) in concurrency goroutines at once (they start
// together) and waits for them.
func runConcurrently(f func(g int)) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for g := 0; g < concurrency; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			<-start
			f(g)
		}(g)
	}
	close(start)
	wg.Wait()
}

func TestConcurrentParseDocument(t *testing.T) {
	docs := testdataFeeds(t)
	want := map[string]string{}
	for name, doc := range docs {
		want[name] = feedJSON(doc)
	}
	names := make([]string, 0, len(docs))
	for name := range docs {
		names = append(names, name)
	}
	errs := make(chan string, concurrency*len(docs))
	runConcurrently(func(g int) {
		// Each goroutine goes through the files in a different order.
		for i := range names {
			name := names[(i+g*7)%len(names)]
			if got := feedJSON(docs[name]); got != want[name] {
				errs <- fmt.Sprintf("goroutine %d, %s: got\n%s\nwant\n%s", g, name, got, want[name])
			}
		}
	})
	close(errs)
	for e := range errs {
		assert.Fail(t, e)
	}
}

// feedTexts returns every Text of f and its entries (see readerTexts).
func feedTexts(f *Feed) []*Text {
	texts, _ := readerTexts(f)
	return texts
}

// textViews returns what the exported readers of t give, computed now.
func textViews(t *Text) string {
	var b strings.Builder
	b.WriteString(t.String())
	b.WriteString("\x00")
	b.WriteString(t.HTML())
	b.WriteString("\x00")
	b.WriteString(t.TextContent())
	b.WriteString("\x00")
	fmt.Fprint(&b, t.IsNode())
	b.WriteString("\x00")
	if n := t.Node(); n != nil {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if err := html.Render(&b, c); err != nil {
				b.WriteString(err.Error())
			}
		}
	}
	b.WriteString("\x00")
	j, err := t.MarshalJSON()
	if err != nil {
		b.WriteString(err.Error())
	}
	b.Write(j)
	b.WriteString("\x00")
	b.WriteString(PlainText(t))
	b.WriteString("\x00")
	b.WriteString(SafeHTML(t, concurrentBaseURL))
	return b.String()
}

// TestConcurrentTextReaders reads the lazily built values of the same Text
// values (HTML, Node, MarshalJSON...) from 16 goroutines at once, on fresh
// feeds so that the goroutines race to build them, and compares with what
// one goroutine reads from another parse of the same feed.
func TestConcurrentTextReaders(t *testing.T) {
	docs := testdataFeeds(t)
	for name, doc := range docs {
		ref, _ := ParseDocument(bytes.NewReader(doc), WithURL(concurrentBaseURL))
		if ref == nil {
			continue
		}
		var want []string
		for _, tx := range feedTexts(ref) {
			want = append(want, textViews(tx))
		}
		wantJSON, _ := ref.MarshalJSON()

		feed, _ := ParseDocument(bytes.NewReader(doc), WithURL(concurrentBaseURL))
		texts := feedTexts(feed)
		errs := make(chan string, concurrency*(len(texts)+1))
		runConcurrently(func(g int) {
			for i := range texts {
				// Half the goroutines go backwards.
				if g%2 == 1 {
					i = len(texts) - 1 - i
				}
				if got := textViews(texts[i]); got != want[i] {
					errs <- fmt.Sprintf("%s text %d: got %q, want %q", name, i, got, want[i])
				}
			}
			if b, _ := feed.MarshalJSON(); !bytes.Equal(b, wantJSON) {
				errs <- fmt.Sprintf("%s: the feed's JSON differs", name)
			}
			for _, e := range feed.Entries {
				_ = e.ComputedAuthors()
				_ = e.ComputedUpdated()
				_ = EntryKey(e)
			}
		})
		close(errs)
		for e := range errs {
			assert.Fail(t, e)
		}
	}
}

// TestConcurrentParseResponse serves the testdata over loopback HTTP and
// parses the responses from 16 goroutines at once, through ParseResponse
// and through a shared Fetcher (which reads in recovery mode).
func TestConcurrentParseResponse(t *testing.T) {
	docs := testdataFeeds(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		doc, ok := docs[strings.TrimPrefix(r.URL.Path, "/")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/xml")
		_, _ = w.Write(doc)
	}))
	defer srv.Close()
	want := map[string]string{}
	wantRecovery := map[string]string{} // the Fetcher's answers
	var names []string
	for name := range docs {
		names = append(names, name)
		for _, w := range []struct {
			m    map[string]string
			opts []Option
		}{{want, nil}, {wantRecovery, []Option{WithRecovery()}}} {
			feed, err := ParseDocument(bytes.NewReader(docs[name]), append(w.opts, WithURL(srv.URL+"/"+name))...)
			if feed == nil {
				w.m[name] = "not a feed"
				continue
			}
			require.NoError(t, err)
			b, _ := feed.MarshalJSON()
			w.m[name] = string(b)
		}
	}
	fetcher := &Fetcher{Client: srv.Client()}
	errs := make(chan string, concurrency*len(names)*2)
	runConcurrently(func(g int) {
		for i := range names {
			name := names[(i+g*5)%len(names)]
			got := "not a feed"
			var feed *Feed
			expected := want[name]
			if g%2 == 0 {
				res, err := srv.Client().Get(srv.URL + "/" + name)
				if err != nil {
					errs <- err.Error()
					continue
				}
				feed, _ = ParseResponse(res)
			} else {
				expected = wantRecovery[name]
				r, _ := fetcher.Fetch(t.Context(), srv.URL+"/"+name, nil)
				if r != nil {
					feed = r.Feed
				}
			}
			if feed != nil {
				b, _ := feed.MarshalJSON()
				got = string(b)
			}
			if got != expected {
				errs <- fmt.Sprintf("goroutine %d, %s: got %s, want %s", g, name, got, expected)
			}
		}
	})
	close(errs)
	for e := range errs {
		assert.Fail(t, e)
	}
}

// TestConcurrentUtilities calls the package's other exported functions
// from 16 goroutines at once.
func TestConcurrentUtilities(t *testing.T) {
	page := []byte(`<html><head><link rel="alternate" type="application/rss+xml" href="/feed.xml">` +
		`<link rel="alternate" type="application/atom+xml" href="atom.xml"></head><body><a href="/rss">RSS</a></body></html>`)
	inputs := []string{"https://Example.com:443/a/../b?utm_source=x&id=1#f", "Mon, 15 Jan 2024 13:45:00 GMT",
		"2024-01-15T13:45:00+01:00", "15 janvier 2024", "not a date", "http://a.example/%zz"}
	once := func() string {
		var b strings.Builder
		for _, s := range inputs {
			u, err := CanonicalURL(s)
			fmt.Fprintf(&b, "%q %v|", u, err)
			d, info, err := ParseDate(s)
			fmt.Fprintf(&b, "%v %+v %v|", d, info, err)
			fmt.Fprintf(&b, "%d|", WordCount(s))
			c, err := CommonFeedURLs(s)
			fmt.Fprintf(&b, "%q %v|", c, err)
		}
		links, err := DiscoverFeeds(bytes.NewReader(page), "https://example.com/blog/")
		j, _ := json.Marshal(links)
		fmt.Fprintf(&b, "%s %v", j, err)
		return b.String()
	}
	want := once()
	errs := make(chan string, concurrency)
	runConcurrently(func(g int) {
		for i := 0; i < 20; i++ {
			if got := once(); got != want {
				errs <- fmt.Sprintf("goroutine %d: got %s, want %s", g, got, want)
				return
			}
		}
	})
	close(errs)
	for e := range errs {
		assert.Fail(t, e)
	}
}

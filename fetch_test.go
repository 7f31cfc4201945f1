package feedspec

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A validatorServer serves testRSS with the given validators and answers
// 304 to a matching conditional request, recording every request's headers.
type validatorServer struct {
	etag, lastModified string
	resendValidators   bool // include the validators in 304 responses

	mu       sync.Mutex
	requests []http.Header
}

func (v *validatorServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	v.mu.Lock()
	v.requests = append(v.requests, r.Header.Clone())
	v.mu.Unlock()
	notModified := false
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		notModified = v.etag != "" && inm == v.etag
	} else if ims := r.Header.Get("If-Modified-Since"); ims != "" {
		notModified = v.lastModified != "" && ims == v.lastModified
	}
	if !notModified || v.resendValidators {
		if v.etag != "" {
			w.Header().Set("ETag", v.etag)
		}
		if v.lastModified != "" {
			w.Header().Set("Last-Modified", v.lastModified)
		}
	}
	if notModified {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("Content-Type", "application/rss+xml")
	_, _ = w.Write([]byte(testRSS))
}

// last returns the headers of the last request.
func (v *validatorServer) last() http.Header {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.requests[len(v.requests)-1]
}

const testLastModified = "Mon, 02 Jan 2006 15:04:05 GMT"

func TestFetcherConditionalGET(t *testing.T) {
	tests := []struct {
		name             string
		etag, lastMod    string
		resendValidators bool
	}{
		{"ETag and Last-Modified", `"v1"`, testLastModified, false},
		{"ETag and Last-Modified repeated in the 304", `W/"v1"`, testLastModified, true},
		{"ETag only", `"abc"`, "", false},
		{"Last-Modified only", "", testLastModified, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vs := &validatorServer{etag: tt.etag, lastModified: tt.lastMod, resendValidators: tt.resendValidators}
			srv := newServer(t, vs.ServeHTTP)
			f := &Fetcher{Client: srv.Client()}

			first, err := f.Fetch(context.Background(), srv.URL+"/feed.xml", nil)
			require.NoError(t, err)
			if first.Feed == nil || first.NotModified || first.StatusCode != 200 {
				t.Fatalf("first fetch: %+v", first)
			}
			if first.ETag != tt.etag || first.LastModified != tt.lastMod {
				t.Errorf("first fetch validators %q %q, want %q %q", first.ETag, first.LastModified, tt.etag, tt.lastMod)
			}
			if first.URL != srv.URL+"/feed.xml" {
				t.Errorf("first fetch URL %q", first.URL)
			}
			h := vs.last()
			if h.Get("If-None-Match") != "" || h.Get("If-Modified-Since") != "" {
				t.Errorf("an unconditional fetch sent %v", h)
			}

			second, err := f.Fetch(context.Background(), srv.URL+"/feed.xml", first)
			require.NoError(t, err)
			if !second.NotModified || second.Feed != nil || second.StatusCode != http.StatusNotModified {
				t.Fatalf("second fetch: %+v", second)
			}
			if second.ETag != tt.etag || second.LastModified != tt.lastMod {
				t.Errorf("second fetch validators %q %q, want %q %q", second.ETag, second.LastModified, tt.etag, tt.lastMod)
			}
			h = vs.last()
			if h.Get("If-None-Match") != tt.etag || h.Get("If-Modified-Since") != tt.lastMod {
				t.Errorf("conditional headers %q %q, want %q %q",
					h.Get("If-None-Match"), h.Get("If-Modified-Since"), tt.etag, tt.lastMod)
			}

			// The feed changes: the old validators no longer match.
			vs.etag, vs.lastModified = `"v2"`, "Tue, 03 Jan 2006 15:04:05 GMT"
			third, err := f.Fetch(context.Background(), srv.URL+"/feed.xml", second)
			require.NoError(t, err)
			if third.NotModified || third.Feed == nil || third.ETag != `"v2"` || third.LastModified != vs.lastModified {
				t.Errorf("third fetch: %+v", third)
			}
		})
	}
}

func TestFetcherRequestHeaders(t *testing.T) {
	tests := []struct {
		name             string
		f                Fetcher
		wantUA, wantAcc  string
		wantAuthorizaton string
	}{
		{"defaults", Fetcher{}, DefaultUserAgent, DefaultAccept, ""},
		{"UserAgent", Fetcher{UserAgent: "myreader/2.0"}, "myreader/2.0", DefaultAccept, ""},
		{"Header", Fetcher{Header: http.Header{
			"User-Agent":    {"hdr-agent/1"},
			"Accept":        {"application/atom+xml"},
			"Authorization": {"Basic dXNlcjpwYXNz"},
		}}, "hdr-agent/1", "application/atom+xml", "Basic dXNlcjpwYXNz"},
		{"UserAgent beats Header", Fetcher{UserAgent: "field/1", Header: http.Header{"User-Agent": {"hdr/1"}}},
			"field/1", DefaultAccept, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vs := &validatorServer{}
			srv := newServer(t, vs.ServeHTTP)
			f := tt.f
			f.Client = srv.Client()
			if _, err := f.Fetch(context.Background(), srv.URL, nil); err != nil {
				t.Fatal(err)
			}
			h := vs.last()
			if h.Get("User-Agent") != tt.wantUA || h.Get("Accept") != tt.wantAcc || h.Get("Authorization") != tt.wantAuthorizaton {
				t.Errorf("sent User-Agent %q, Accept %q, Authorization %q", h.Get("User-Agent"), h.Get("Accept"), h.Get("Authorization"))
			}
		})
	}
	if !strings.Contains(DefaultUserAgent, "feedspec") {
		t.Errorf("DefaultUserAgent %q does not name the library", DefaultUserAgent)
	}
}

func TestFetcherRedirect(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/a", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/b/feed.xml", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/b/feed.xml", serve([]string{"application/rss+xml"}, []byte(testRSS)))
	srv := newServer(t, mux.ServeHTTP)
	res, err := (&Fetcher{Client: srv.Client()}).Fetch(context.Background(), srv.URL+"/a", nil)
	require.NoError(t, err)
	if want := srv.URL + "/b/feed.xml"; res.URL != want {
		t.Errorf("result URL %q, want %q", res.URL, want)
	}
	// testRSS's page URL "posts/" resolves against the final URL.
	if want := srv.URL + "/b/posts/"; res.Feed == nil || res.Feed.PageURL != want {
		t.Errorf("feed %+v, want the page URL %q", res.Feed, want)
	}
}

func TestFetcherErrors(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/feed.xml", serve([]string{"application/rss+xml"}, []byte(testRSS)))
	mux.HandleFunc("/page", serve([]string{"text/html"}, []byte("<html><body>hi</body></html>")))
	srv := newServer(t, mux.ServeHTTP)
	f := &Fetcher{Client: srv.Client()}
	ctx := context.Background()

	res, err := f.Fetch(ctx, srv.URL+"/missing", nil)
	var se *StatusError
	if res == nil || res.StatusCode != 404 || res.Feed != nil || res.NotModified || !errors.As(err, &se) || se.StatusCode != 404 {
		t.Errorf("404: %+v, %v", res, err)
	}

	res, err = f.Fetch(ctx, srv.URL+"/page", nil)
	var me *MIMETypeError
	if res == nil || res.StatusCode != 200 || res.Feed != nil || !errors.As(err, &me) {
		t.Errorf("HTML page: %+v, %v", res, err)
	}

	if res, err = f.Fetch(ctx, "::not a url", nil); res != nil || err == nil {
		t.Errorf("bad URL: %+v, %v", res, err)
	}

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if res, err = f.Fetch(cancelled, srv.URL+"/feed.xml", nil); res != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %+v, %v", res, err)
	}

	// A nil *Fetcher is a zero one: its client refuses loopback.
	var nilFetcher *Fetcher
	for _, f := range []*Fetcher{{}, nilFetcher} {
		res, err = f.Fetch(ctx, srv.URL+"/feed.xml", nil)
		if res != nil || !errors.Is(err, ErrForbiddenAddress) {
			t.Errorf("zero Fetcher: %+v, %v", res, err)
		}
	}
	res, err = (&Fetcher{AllowPrivateNetworks: true}).Fetch(ctx, srv.URL+"/feed.xml", nil)
	if err != nil || res.Feed == nil {
		t.Errorf("AllowPrivateNetworks: %+v, %v", res, err)
	}
}

func TestFetcherNetworkErrors(t *testing.T) {
	// Nothing listens any more.
	srv := newServer(t, serve([]string{"application/rss+xml"}, []byte(testRSS)))
	url := srv.URL
	srv.Close()
	if res, err := (&Fetcher{AllowPrivateNetworks: true}).Fetch(context.Background(), url, nil); res != nil || err == nil || errors.Is(err, ErrForbiddenAddress) {
		t.Errorf("closed server: %+v, %v", res, err)
	}

	// The deadline passes while the body is being read.
	slow := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		_, _ = w.Write([]byte(testRSS[:40]))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	res, err := (&Fetcher{Client: slow.Client()}).Fetch(ctx, slow.URL, nil)
	if res == nil || res.Feed != nil || err == nil || !strings.Contains(err.Error(), "reading the response body") {
		t.Errorf("deadline mid-body: %+v, %v", res, err)
	}
}

// TestFetcherNotModifiedWithoutValidators: a 304 to a request that carried
// no validators is a status error, not NotModified (there is no feed to
// keep); a 304 to a conditional request, whether the validators came from
// prev or from Header, is NotModified.
func TestFetcherNotModifiedWithoutValidators(t *testing.T) {
	var last http.Header
	var mu sync.Mutex
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		last = r.Header.Clone()
		mu.Unlock()
		w.Header().Set("ETag", `"x"`)
		w.WriteHeader(http.StatusNotModified)
	})
	f := &Fetcher{Client: srv.Client()}
	for _, prev := range []*FetchResult{nil, {}, {Header: http.Header{"Etag": {`"x"`}}}} {
		res, err := f.Fetch(context.Background(), srv.URL, prev)
		var se *StatusError
		if res == nil || res.NotModified || res.Feed != nil || res.StatusCode != http.StatusNotModified ||
			!errors.As(err, &se) || se.StatusCode != http.StatusNotModified ||
			!errors.Is(err, ErrStatus) || !errors.Is(err, ErrNotModified) {
			t.Errorf("prev %+v: %+v, %v; want a *StatusError for the 304", prev, res, err)
		}
		var fe *FetchError
		if !errors.As(err, &fe) || fe.URL != srv.URL || !strings.Contains(err.Error(), "304") {
			t.Errorf("prev %+v: error %v does not name the URL and the status", prev, err)
		}
	}
	for _, tt := range []struct {
		name string
		f    *Fetcher
		prev *FetchResult
	}{
		{"ETag", f, &FetchResult{ETag: `"x"`}},
		{"LastModified", f, &FetchResult{LastModified: testLastModified}},
		{"If-None-Match in Header", &Fetcher{Client: srv.Client(), Header: http.Header{"If-None-Match": {`"x"`}}}, nil},
		{"If-Modified-Since in Header", &Fetcher{Client: srv.Client(), Header: http.Header{"If-Modified-Since": {testLastModified}}}, nil},
	} {
		res, err := tt.f.Fetch(context.Background(), srv.URL, tt.prev)
		if err != nil || res == nil || !res.NotModified || res.ETag != `"x"` {
			t.Errorf("%s: %+v, %v; want NotModified", tt.name, res, err)
		}
		mu.Lock()
		if last.Get("If-None-Match") == "" && last.Get("If-Modified-Since") == "" {
			t.Errorf("%s: the request was not conditional: %v", tt.name, last)
		}
		mu.Unlock()
	}
}

// TestFetcherKeepDocument: a Fetcher parses WithoutDocument unless
// KeepDocument; the feed is the same.
func TestFetcherKeepDocument(t *testing.T) {
	srv := newServer(t, serve([]string{"application/rss+xml"}, []byte(testRSS)))
	bare, err := (&Fetcher{Client: srv.Client()}).Fetch(context.Background(), srv.URL, nil)
	require.NoError(t, err)
	if bare.Feed.Document() != nil || bare.Feed.Element() != nil || bare.Feed.Entries[0].Element() != nil {
		t.Errorf("a Fetcher kept the document by default")
	}
	kept, err := (&Fetcher{Client: srv.Client(), KeepDocument: true}).Fetch(context.Background(), srv.URL, nil)
	require.NoError(t, err)
	if kept.Feed.Document() == nil || kept.Feed.Element() == nil || kept.Feed.Entries[0].Element() == nil {
		t.Errorf("KeepDocument: no document")
	}
	a, b := bare.Feed.AppendJSON(nil), kept.Feed.AppendJSON(nil)
	if string(a) != string(b) || len(a) == 0 {
		t.Errorf("the feed differs:\n%s\n%s", a, b)
	}
	// Strict too.
	strict, err := (&Fetcher{Client: srv.Client(), Strict: true}).Fetch(context.Background(), srv.URL, nil)
	if err != nil || strict.Feed.Document() != nil {
		t.Errorf("Strict: %v, document kept %v", err, strict.Feed.Document() != nil)
	}
}

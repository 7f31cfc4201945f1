package feedspec

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

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
			require.NotNil(t, first.Feed, "first fetch: %+v", first)
			require.False(t, first.NotModified, "first fetch: %+v", first)
			require.Equal(t, 200, first.StatusCode, "first fetch: %+v", first)
			assert.Equal(t, tt.etag, first.ETag, "first fetch ETag")
			assert.Equal(t, tt.lastMod, first.LastModified, "first fetch Last-Modified")
			assert.Equal(t, srv.URL+"/feed.xml", first.URL, "first fetch URL")
			h := vs.last()
			assert.Empty(t, h.Get("If-None-Match"), "an unconditional fetch sent %v", h)
			assert.Empty(t, h.Get("If-Modified-Since"), "an unconditional fetch sent %v", h)

			second, err := f.Fetch(context.Background(), srv.URL+"/feed.xml", first)
			require.NoError(t, err)
			require.True(t, second.NotModified, "second fetch: %+v", second)
			require.Nil(t, second.Feed, "second fetch: %+v", second)
			require.Equal(t, http.StatusNotModified, second.StatusCode, "second fetch: %+v", second)
			assert.Equal(t, tt.etag, second.ETag, "second fetch ETag")
			assert.Equal(t, tt.lastMod, second.LastModified, "second fetch Last-Modified")
			h = vs.last()
			assert.Equal(t, tt.etag, h.Get("If-None-Match"), "conditional header If-None-Match")
			assert.Equal(t, tt.lastMod, h.Get("If-Modified-Since"), "conditional header If-Modified-Since")

			// The feed changes: the old validators no longer match.
			vs.etag, vs.lastModified = `"v2"`, "Tue, 03 Jan 2006 15:04:05 GMT"
			third, err := f.Fetch(context.Background(), srv.URL+"/feed.xml", second)
			require.NoError(t, err)
			assert.False(t, third.NotModified, "third fetch: %+v", third)
			assert.NotNil(t, third.Feed, "third fetch: %+v", third)
			assert.Equal(t, `"v2"`, third.ETag, "third fetch ETag")
			assert.Equal(t, vs.lastModified, third.LastModified, "third fetch Last-Modified")
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
			_, err := f.Fetch(context.Background(), srv.URL, nil)
			require.NoError(t, err)
			h := vs.last()
			assert.Equal(t, tt.wantUA, h.Get("User-Agent"), "sent User-Agent")
			assert.Equal(t, tt.wantAcc, h.Get("Accept"), "sent Accept")
			assert.Equal(t, tt.wantAuthorizaton, h.Get("Authorization"), "sent Authorization")
		})
	}
	assert.Contains(t, DefaultUserAgent, "feedspec", "DefaultUserAgent does not name the library")
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
	assert.Equal(t, srv.URL+"/b/feed.xml", res.URL, "result URL")
	// testRSS's page URL "posts/" resolves against the final URL.
	if assert.NotNil(t, res.Feed) {
		assert.Equal(t, srv.URL+"/b/posts/", res.Feed.PageURL, "the page URL")
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
	if assert.NotNil(t, res, "404: %v", err) {
		assert.Equal(t, 404, res.StatusCode, "404: %+v", res)
		assert.Nil(t, res.Feed, "404: %+v", res)
		assert.False(t, res.NotModified, "404: %+v", res)
	}
	if assert.ErrorAs(t, err, &se, "404") {
		assert.Equal(t, 404, se.StatusCode, "404: %v", err)
	}

	res, err = f.Fetch(ctx, srv.URL+"/page", nil)
	var me *MIMETypeError
	if assert.NotNil(t, res, "HTML page: %v", err) {
		assert.Equal(t, 200, res.StatusCode, "HTML page: %+v", res)
		assert.Nil(t, res.Feed, "HTML page: %+v", res)
	}
	assert.ErrorAs(t, err, &me, "HTML page")

	res, err = f.Fetch(ctx, "::not a url", nil)
	assert.Nil(t, res, "bad URL")
	assert.Error(t, err, "bad URL")

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	res, err = f.Fetch(cancelled, srv.URL+"/feed.xml", nil)
	assert.Nil(t, res, "cancelled context")
	assert.ErrorIs(t, err, context.Canceled, "cancelled context")

	// A nil *Fetcher is a zero one: its client refuses loopback.
	var nilFetcher *Fetcher
	for _, f := range []*Fetcher{{}, nilFetcher} {
		res, err = f.Fetch(ctx, srv.URL+"/feed.xml", nil)
		assert.Nil(t, res, "zero Fetcher")
		assert.ErrorIs(t, err, ErrForbiddenAddress, "zero Fetcher")
	}
	res, err = (&Fetcher{AllowPrivateNetworks: true}).Fetch(ctx, srv.URL+"/feed.xml", nil)
	if assert.NoError(t, err, "AllowPrivateNetworks") {
		assert.NotNil(t, res.Feed, "AllowPrivateNetworks: %+v", res)
	}
}

func TestFetcherNetworkErrors(t *testing.T) {
	// Nothing listens any more.
	srv := newServer(t, serve([]string{"application/rss+xml"}, []byte(testRSS)))
	url := srv.URL
	srv.Close()
	res, err := (&Fetcher{AllowPrivateNetworks: true}).Fetch(context.Background(), url, nil)
	assert.Nil(t, res, "closed server")
	assert.Error(t, err, "closed server")
	assert.NotErrorIs(t, err, ErrForbiddenAddress, "closed server")

	// The deadline passes while the body is being read.
	slow := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		_, _ = w.Write([]byte(testRSS[:40]))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	res, err = (&Fetcher{Client: slow.Client()}).Fetch(ctx, slow.URL, nil)
	if assert.NotNil(t, res, "deadline mid-body: %v", err) {
		assert.Nil(t, res.Feed, "deadline mid-body: %+v", res)
	}
	assert.ErrorContains(t, err, "reading the response body", "deadline mid-body")
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
		if assert.NotNil(t, res, "prev %+v: %v", prev, err) {
			assert.False(t, res.NotModified, "prev %+v: %+v", prev, res)
			assert.Nil(t, res.Feed, "prev %+v: %+v", prev, res)
			assert.Equal(t, http.StatusNotModified, res.StatusCode, "prev %+v: %+v", prev, res)
		}
		if assert.ErrorAs(t, err, &se, "prev %+v: want a *StatusError for the 304", prev) {
			assert.Equal(t, http.StatusNotModified, se.StatusCode, "prev %+v: %v", prev, err)
		}
		assert.ErrorIs(t, err, ErrStatus, "prev %+v", prev)
		assert.ErrorIs(t, err, ErrNotModified, "prev %+v", prev)
		var fe *FetchError
		if assert.ErrorAs(t, err, &fe, "prev %+v", prev) {
			assert.Equal(t, srv.URL, fe.URL, "prev %+v: error %v does not name the URL", prev, err)
		}
		assert.ErrorContains(t, err, "304", "prev %+v: error does not name the status", prev)
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
		if assert.NoError(t, err, tt.name) && assert.NotNil(t, res, tt.name) {
			assert.True(t, res.NotModified, "%s: %+v; want NotModified", tt.name, res)
			assert.Equal(t, `"x"`, res.ETag, tt.name)
		}
		mu.Lock()
		assert.True(t, last.Get("If-None-Match") != "" || last.Get("If-Modified-Since") != "", "%s: the request was not conditional: %v", tt.name, last)
		mu.Unlock()
	}
}

// TestFetcherKeepDocument: a Fetcher parses WithoutDocument unless
// KeepDocument; the feed is the same.
func TestFetcherKeepDocument(t *testing.T) {
	srv := newServer(t, serve([]string{"application/rss+xml"}, []byte(testRSS)))
	bare, err := (&Fetcher{Client: srv.Client()}).Fetch(context.Background(), srv.URL, nil)
	require.NoError(t, err)
	assert.Nil(t, bare.Feed.Document(), "a Fetcher kept the document by default")
	assert.Nil(t, bare.Feed.Element(), "a Fetcher kept the document by default")
	assert.Nil(t, bare.Feed.Entries[0].Element(), "a Fetcher kept the document by default")
	kept, err := (&Fetcher{Client: srv.Client(), KeepDocument: true}).Fetch(context.Background(), srv.URL, nil)
	require.NoError(t, err)
	assert.NotNil(t, kept.Feed.Document(), "KeepDocument: no document")
	assert.NotNil(t, kept.Feed.Element(), "KeepDocument: no document")
	assert.NotNil(t, kept.Feed.Entries[0].Element(), "KeepDocument: no document")
	a, b := bare.Feed.AppendJSON(nil), kept.Feed.AppendJSON(nil)
	assert.NotEmpty(t, a)
	assert.Equal(t, string(a), string(b), "the feed differs")
	// Strict too.
	strict, err := (&Fetcher{Client: srv.Client(), Strict: true}).Fetch(context.Background(), srv.URL, nil)
	if assert.NoError(t, err, "Strict") {
		assert.Nil(t, strict.Feed.Document(), "Strict: document kept")
	}
}

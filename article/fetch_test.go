package article

import (
	"bytes"
	"compress/gzip"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec"
)

func TestFetch(t *testing.T) {
	page := readTestdata(t, "article.html")
	sjis := shiftJISPage(t, false)
	var gotUA, gotAccept string
	mux := http.NewServeMux()
	mux.HandleFunc("/old/bridge", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/news/2024/bridge", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/news/2024/bridge", func(w http.ResponseWriter, r *http.Request) {
		gotUA, gotAccept = r.Header.Get("User-Agent"), r.Header.Get("Accept")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	})
	mux.HandleFunc("/gzipped", func(w http.ResponseWriter, r *http.Request) {
		// Sent compressed although the client did not ask for it.
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(w)
		zw.Write(page)
		zw.Close()
	})
	mux.HandleFunc("/sjis", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html") // no charset: the meta element decides
		w.Write(sjis)
	})
	mux.HandleFunc("/untyped", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = nil // sniffed
		w.Write(page)
	})
	mux.HandleFunc("/feed.xml", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		w.Write([]byte("<rss/>"))
	})
	mux.HandleFunc("/photo", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = nil
		w.Write([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00"))
	})
	mux.HandleFunc("/huge", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<html><body>"))
		chunk := bytes.Repeat([]byte("<p>words words words</p>\n"), 4096)
		for i := 0; i < 200; i++ { // 20 MB
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	ctx := context.Background()

	a, err := Fetch(ctx, srv.Client(), srv.URL+"/old/bridge")
	require.NoError(t, err)
	assert.Equal(t, srv.URL+"/news/2024/bridge", a.URL, "the final URL after the redirect")
	assert.Equal(t, srv.URL+"/media/bridge-lead.jpg", a.Image)
	assert.Equal(t, "How the river town rebuilt its bridge", a.Title)
	assert.Contains(t, a.Text, "For three winters the footbridge")
	assert.Equal(t, feedspec.DefaultUserAgent, gotUA)
	assert.Equal(t, DefaultAccept, gotAccept)

	a, err = Fetch(ctx, srv.Client(), srv.URL+"/news/2024/bridge", WithUserAgent("reader/1.0"), WithLinksAndImages())
	require.NoError(t, err)
	assert.Equal(t, "reader/1.0", gotUA)
	assert.Contains(t, a.Body.HTML(), `href="`+srv.URL+`/news/reports/bridge-survey.pdf"`)

	for _, path := range []string{"/gzipped", "/untyped"} {
		a, err = Fetch(ctx, srv.Client(), srv.URL+path)
		require.NoError(t, err, path)
		assert.Contains(t, a.Text, "For three winters the footbridge", path)
	}

	a, err = Fetch(ctx, srv.Client(), srv.URL+"/sjis")
	require.NoError(t, err)
	assert.Contains(t, a.Text, "ミルブルックの歩道橋")

	_, err = Fetch(ctx, srv.Client(), srv.URL+"/feed.xml")
	require.ErrorIs(t, err, ErrNotArticle)
	assert.Contains(t, err.Error(), "application/rss+xml")

	_, err = Fetch(ctx, srv.Client(), srv.URL+"/photo")
	require.ErrorIs(t, err, ErrNotArticle)
	assert.Contains(t, err.Error(), "image/png")

	_, err = Fetch(ctx, srv.Client(), srv.URL+"/huge")
	require.ErrorIs(t, err, feedspec.ErrBodyTooLarge)

	_, err = Fetch(ctx, srv.Client(), srv.URL+"/missing")
	var se *feedspec.StatusError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, http.StatusNotFound, se.StatusCode)

	_, err = Fetch(ctx, srv.Client(), "::not a url")
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "article: "), err.Error())

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = Fetch(cancelled, srv.Client(), srv.URL+"/news/2024/bridge")
	require.ErrorIs(t, err, context.Canceled)
}

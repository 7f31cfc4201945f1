package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestArticle(t *testing.T) {
	page, err := os.ReadFile("testdata/article.html")
	require.NoError(t, err)
	mux := http.NewServeMux()
	mux.HandleFunc("/trains", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	})
	mux.HandleFunc("/photo.png", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		w.Write([]byte("\x89PNG\r\n\x1a\n"))
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	code, out, errOut := runCmd(t, "", srv.Client(), "-article", srv.URL+"/trains")
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(out, "Night trains return\n\nThe sleeper left Vienna at ten,"), out)
	assert.Contains(t, out, "\nWe arrived forty minutes late, which the conductor said was early for the time of year.\n")
	assert.NotContains(t, out, "Archive")
	assert.NotContains(t, out, "Written on trains")
	assert.True(t, strings.HasSuffix(out, " words)\n"), out)

	// A file, and standard input.
	code, out2, errOut := runCmd(t, "", nil, "-article", "-url", "https://rail.example/trains", "testdata/article.html")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, out, out2)
	code, out3, errOut := runCmd(t, string(page), nil, "-article", "-")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, out, out3)

	code, _, errOut = runCmd(t, "", srv.Client(), "-article", srv.URL+"/photo.png")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "image/png")
	assert.Contains(t, errOut, "not an HTML page")

	code, _, _ = runCmd(t, "", nil, "-article", "-json", "testdata/article.html")
	assert.Equal(t, 2, code)
}

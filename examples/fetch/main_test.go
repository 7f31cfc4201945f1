package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRun(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/feed.xml":
			w.Header().Set("Content-Type", "application/atom+xml")
			_, _ = w.Write([]byte(`<feed xmlns="http://www.w3.org/2005/Atom"><title>Example</title>` +
				`<entry><title>One</title><link href="/one"/></entry></feed>`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()

	// The server is on loopback: refused unless -allow-private.
	var stdout, stderr bytes.Buffer
	code := run([]string{srv.URL + "/feed.xml"}, &stdout, &stderr)
	assert.Equal(t, 1, code, "loopback without -allow-private: exit status; stderr %q", stderr.String())
	assert.Contains(t, stderr.String(), "refusing to connect to "+srv.Listener.Addr().String(), "loopback without -allow-private: stderr")
	assert.Empty(t, stdout.String(), "loopback without -allow-private: stdout")
	stderr.Reset()
	code = run([]string{"-allow-private", srv.URL + "/feed.xml"}, &stdout, &stderr)
	require.Equal(t, 0, code, "exit status; stderr %q", stderr.String())
	var got map[string]any
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &got), "output is not JSON:\n%s", stdout.String())
	assert.Equal(t, "Example", got["title"], "title in %s", stdout.String())
	assert.Contains(t, stdout.String(), "\n  ", "output is not indented")

	stdout.Reset()
	stderr.Reset()
	code = run([]string{"-allow-private", srv.URL + "/missing"}, &stdout, &stderr)
	assert.Equal(t, 1, code, "404: exit status; stderr %q", stderr.String())
	assert.Contains(t, stderr.String(), "404", "404: stderr")
	assert.Equal(t, 2, run(nil, &stdout, &stderr), "no URL: exit status")
}

package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
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
	if code := run([]string{srv.URL + "/feed.xml"}, &stdout, &stderr); code != 1 ||
		!strings.Contains(stderr.String(), "refusing to connect to "+srv.Listener.Addr().String()) || stdout.Len() != 0 {
		t.Errorf("loopback without -allow-private: exit status %d, stderr %q", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"-allow-private", srv.URL + "/feed.xml"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit status %d, stderr %q", code, stderr.String())
	}
	var got map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, stdout.String())
	}
	if got["title"] != "Example" {
		t.Errorf("title %v in %s", got["title"], stdout.String())
	}
	if !strings.Contains(stdout.String(), "\n  ") {
		t.Errorf("output is not indented:\n%s", stdout.String())
	}

	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"-allow-private", srv.URL + "/missing"}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "404") {
		t.Errorf("404: exit status %d, stderr %q", code, stderr.String())
	}
	if code := run(nil, &stdout, &stderr); code != 2 {
		t.Errorf("no URL: exit status %d", code)
	}
}

package main

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestOPML(t *testing.T) {
	code, out, errOut := runCmd(t, "", nil, "-opml", "-url", "https://example.com/me/list.opml", "testdata/subscriptions.opml")
	assert.Equal(t, 0, code, errOut)
	assert.Equal(t, `https://go.example/blog/feed.atom  "The Go Blog"  [Tech]
https://example.com/feeds/local.xml  "Relative"  [Tech]
https://untitled.example/rss  "No title"
`, out, "the subscriptions")
	assert.Equal(t, `feedspec: url: <outline> @xmlUrl at line 10, column 5 (byte 401): "javascript:alert(1)": not an http or https URL: not a subscription
`, errOut, "what was left out")

	// Without -url the relative URL names no feed; standard input.
	b, err := os.ReadFile("testdata/subscriptions.opml")
	assert.NoError(t, err)
	code, out, errOut = runCmd(t, string(b), nil, "-opml", "-")
	assert.Equal(t, 0, code, errOut)
	assert.NotContains(t, out, "local.xml")
	assert.Contains(t, errOut, `"/feeds/local.xml": a relative URL, and the document's URL is not known`)
}

func TestOPMLErrors(t *testing.T) {
	code, _, errOut := runCmd(t, "", nil, "-opml", "testdata/rss.xml")
	assert.Equal(t, 1, code)
	assert.Equal(t, "feedspec: opml: not an OPML document: the root element is \"rss\"\n", errOut, "a feed is not a subscription list")

	code, _, errOut = runCmd(t, "<opml><body/></opml>", nil, "-opml", "-")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "names no feed")

	code, _, errOut = runCmd(t, "", nil, "-opml", "https://example.com/list.opml")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "-opml reads a file")

	code, _, _ = runCmd(t, "", nil, "-opml", "-json", "testdata/subscriptions.opml")
	assert.Equal(t, 2, code, "-opml with -json: a usage error")
}

package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// -normalized prints the entries as a JSON array of normalized entries.
func TestNormalizedFlag(t *testing.T) {
	code, out, errOut := runCmd(t, "", nil, "-normalized", "-url", "https://example.com/rss.xml", "testdata/rss.xml")
	require.Equal(t, 0, code, errOut)
	var entries []map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &entries), out)
	require.Len(t, entries, 3)
	assert.Equal(t, "Second post", entries[0]["title"])
	assert.Equal(t, "https://example.com/2024/01/second", entries[0]["url"], "resolved against -url")
	assert.Equal(t, "2024-01-16T08:30:00Z", entries[0]["date"])
	assert.Equal(t, "<p>More <b>text</b>.</p>", entries[0]["html"])
	assert.Equal(t, "An item with neither title nor date nor link.", entries[2]["title"])
	assert.Equal(t, true, entries[2]["title_derived"])
	assert.Contains(t, out, "\n  {\n    \"title\"", "indented")

	// Standard input, and a JSON Feed.
	code, out, errOut = runCmd(t, `{"version":"https://jsonfeed.org/version/1.1","title":"t","items":[{"id":"1","content_text":"Hi there"}]}`, nil, "-normalized", "-")
	require.Equal(t, 0, code, errOut)
	assert.JSONEq(t, `[{"title":"Hi there","title_derived":true,"html":"Hi there","text":"Hi there","word_count":2,"guid":"1"}]`, out)

	// Not with -json, -discover or -article.
	for _, other := range []string{"-json", "-discover", "-article"} {
		code, _, errOut = runCmd(t, "", nil, "-normalized", other, "testdata/rss.xml")
		assert.Equal(t, 2, code, other)
		assert.Contains(t, errOut, "usage:")
	}
}

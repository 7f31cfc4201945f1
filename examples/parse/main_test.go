package main

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunPrintsGoldenJSON checks that the command prints what the golden test
// of the library expects for the same file and document URL.
func TestRunPrintsGoldenJSON(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out, "../../testdata/golden/atom-feed.xml", "https://example.com/feeds/feed.xml", ""))
	want, err := os.ReadFile("../../testdata/golden/atom-feed.json")
	require.NoError(t, err)
	assert.Equal(t, string(want), out.String(), "output differs from atom-feed.json")
}

func TestRunNotAFeed(t *testing.T) {
	var out bytes.Buffer
	err := run(&out, "../../testdata/golden/notfeed-html.xml", "", "")
	require.ErrorContains(t, err, "not a feed", "want a not-a-feed error")
	assert.Equal(t, "null\n", out.String(), "output, want null")
}

func TestRunMissingFile(t *testing.T) {
	var out bytes.Buffer
	require.Error(t, run(&out, "no-such-file.xml", "", ""), "no error for a missing file")
}

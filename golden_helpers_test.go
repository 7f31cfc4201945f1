package feedspec

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The golden feeds' options and canonical JSON, shared by the golden test
// (golden_test.go, in package feedspec_test) and the internal tests that read
// the golden feeds.

// update rewrites the golden files: go test -run TestGolden -update. The
// package's internal tests are initialized before feedspectest (which
// imports the package), so feedspectest finds this flag defined and uses it
// (TestGoldenUpdateFlag).
var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// goldenBaseURL is the document URL of every golden feed, except those whose
// file name contains "nobase", which are parsed without one.
const goldenBaseURL = "https://example.com/feeds/feed.xml"

// goldenOptions returns the options a golden feed is parsed with, from its
// file name: the document URL goldenBaseURL unless the name contains
// "nobase"; WithXMLBase when it contains "xmlbase"; WithLenientDates when it
// contains "lenient"; WithRecovery when it contains "recovery".
func goldenOptions(path string) []Option {
	name := filepath.Base(path)
	var opts []Option
	if !strings.Contains(name, "nobase") {
		opts = append(opts, WithURL(goldenBaseURL))
	}
	if strings.Contains(name, "xmlbase") {
		opts = append(opts, WithXMLBase())
	}
	if strings.Contains(name, "lenient") {
		opts = append(opts, WithLenientDates())
	}
	if strings.Contains(name, "recovery") {
		opts = append(opts, WithRecovery())
	}
	return opts
}

// goldenJSON parses the feed file at path as the golden test does and returns
// the canonical JSON, indented, or "null" when it is not a feed.
func goldenJSON(t *testing.T, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	feed, err := ParseDocument(f, goldenOptions(path)...)
	if feed == nil {
		require.ErrorIs(t, err, ErrNotFeed, "%s: ParseDocument", path)
		return []byte("null\n")
	}
	require.NoError(t, err, "%s: ParseDocument returned a feed and an error", path)
	b, err := feed.MarshalJSON()
	require.NoError(t, err, "%s: MarshalJSON", path)
	var out bytes.Buffer
	require.NoError(t, json.Indent(&out, b, "", "  "), "%s: MarshalJSON gave invalid JSON:\n%s", path, b)
	out.WriteByte('\n')
	return out.Bytes()
}

// GoldenOptions and UpdateFlag are goldenOptions and update for the external
// golden test.
var (
	GoldenOptions = goldenOptions
	UpdateFlag    = update
)

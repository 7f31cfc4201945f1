package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec"
)

// TestIndentWriter checks that WriteJSON through an indentWriter gives
// json.Indent of the canonical JSON, for the test feeds, the library's
// golden feeds and a feed with HTML characters, backslashes and empty
// objects, written whole or a byte at a time.
func TestIndentWriter(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.xml")
	golden, _ := filepath.Glob("../../testdata/golden/*.xml")
	docs := map[string][]byte{
		"html": []byte(`<rss><channel><title>a &lt;b&gt; &amp; \u003c "q" \\</title>` +
			`<item><title>&lt;p&gt;</title><description>&lt;p&gt;x &amp;amp; &lt;b&gt;y&lt;/b&gt;\u0026&lt;/p&gt;</description></item>` +
			`<item></item><item><category>[{}]</category></item></channel></rss>`),
	}
	for _, f := range append(files, golden...) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		docs[f] = b
	}
	n := 0
	for name, b := range docs {
		feed, _ := feedspec.ParseDocument(bytes.NewReader(b), feedspec.WithURL("https://example.com/"))
		if feed == nil {
			continue
		}
		n++
		canonical, err := feed.MarshalJSON()
		require.NoError(t, err)
		var want bytes.Buffer
		require.NoError(t, json.Indent(&want, canonical, "", "  "))
		want.WriteByte('\n')
		var got bytes.Buffer
		require.NoError(t, writeJSON(&got, feed))
		require.Equal(t, want.String(), got.String(), name)

		// A byte at a time.
		var slow bytes.Buffer
		iw := newIndentWriter(&slow)
		for _, c := range feed.AppendJSON(nil) {
			_, _ = iw.Write([]byte{c})
		}
		require.NoError(t, iw.Close())
		require.Equal(t, want.String(), slow.String(), name)
	}
	require.Greater(t, n, 50)
	require.True(t, strings.Contains(string(docs["html"]), "&lt;"))
}

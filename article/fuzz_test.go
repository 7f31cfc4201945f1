package article

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/feedspec/feedspec"
	"github.com/stretchr/testify/require"
)

// FuzzExtract feeds arbitrary bytes to Extract: it must never panic, and an
// Article it returns must be consistent (Text and WordCount derived from
// Body; a Body only with text).
func FuzzExtract(f *testing.F) {
	pages, _ := filepath.Glob("testdata/*.html")
	for _, p := range pages {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		"", "<", "<html><body><p>x</p>", "\xEF\xBB\xBF<p>bom</p>", "\xFE\xFF\x00<\x00p\x00>",
		`<meta charset="shift_jis"><p>` + "\x93\xfa\x96\x7b",
		`<base href="//x"><a href="../a">a</a>`,
		`<svg><foreignObject><p>x<math><mi>y</svg>`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := Extract(bytes.NewReader(data), "https://fuzz.example/a/b?c", WithMaxSize(1<<20), WithLinksAndImages())
		if err != nil {
			require.Nil(t, a, "an Article and an error: %v", err)
			return
		}
		require.NotNil(t, a, "no Article and no error")
		if a.Body == nil {
			require.Empty(t, a.Text, "no Body but text")
			require.Zero(t, a.WordCount, "no Body but a word count")
			return
		}
		require.NotEmpty(t, a.Text, "inconsistent text: a Body without text")
		require.Equal(t, feedspec.PlainText(a.Body), a.Text, "inconsistent text")
		require.Equal(t, feedspec.WordCount(a.Text), a.WordCount, "inconsistent word count of %q", a.Text)
	})
}

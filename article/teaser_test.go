package article

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec"
)

func TestNeedsFetch(t *testing.T) {
	f, err := os.Open("testdata/teasers.xml")
	require.NoError(t, err)
	defer f.Close()
	feed, err := feedspec.ParseDocument(f, feedspec.WithURL("https://blog.example/feed"))
	require.NoError(t, err)
	want := map[string]bool{
		"wordpress-excerpt": true,  // "…" before WordPress's "The post … appeared first on"
		"bracket-ellipsis":  true,  // "[…]"
		"drupal-read-more":  true,  // a "read more" link
		"continue-reading":  true,  // "Continue reading →"
		"japanese-more":     true,  // 続きを読む
		"short-summary":     true,  // under TeaserWords words
		"title-only":        true,  // no summary at all
		"full-description":  false, // a whole post in the description
		"full-content":      false, // content:encoded holds the post
		"content-teaser":    true,  // content that is itself a teaser
		"no-link":           false, // nothing to fetch
	}
	require.Len(t, feed.Entries, len(want))
	for _, e := range feed.Entries {
		t.Run(e.ID, func(t *testing.T) {
			w, ok := want[e.ID]
			require.True(t, ok, "unexpected entry %q", e.ID)
			assert.Equal(t, w, NeedsFetch(e))
		})
	}
	assert.False(t, NeedsFetch(nil))
}

func TestEndsInMoreMark(t *testing.T) {
	for text, want := range map[string]bool{
		"and then the story went on…":      true,
		"and then the story went on...":    true,
		"and then [...]":                   true,
		"and then (more…)":                 true,
		"Read More »":                      true,
		"Keep reading.":                    true,
		"Lire la suite":                    true,
		"Weiterlesen →":                    true,
		"It ended there.":                  false,
		"We read more books this year.":    false,
		"Read more about it in the paper.": false,
		"":                                 false,
	} {
		assert.Equal(t, want, endsInMoreMark(text), "%q", text)
	}
}

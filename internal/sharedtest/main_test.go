package sharedtest

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMissing(t *testing.T) {
	subs, whats, where := missing([]Need{
		{Sub: "no-such-folder", What: "nothing"},
		{Sub: "no/such/folder", What: "nothing either"},
	})
	assert.Equal(t, []string{"no-such-folder", "no/such/folder"}, subs)
	assert.Equal(t, []string{"nothing", "nothing either"}, whats)
	require.True(t, filepath.IsAbs(where), where)
	assert.Equal(t, "shared", filepath.Base(where))
}

func TestMissingPresent(t *testing.T) {
	Dir(t, "corpus") // skips (or fails with FEEDSPEC_REQUIRE_SHARED=1) without ../shared
	subs, whats, _ := missing([]Need{{Sub: "corpus", What: "the corpus"}})
	assert.Empty(t, subs)
	assert.Empty(t, whats)
}

func TestRequired(t *testing.T) {
	for v, want := range map[string]bool{"": false, "0": false, "1": true, "yes": true} {
		t.Setenv(RequireEnv, v)
		assert.Equal(t, want, required(), "%s=%q", RequireEnv, v)
	}
}

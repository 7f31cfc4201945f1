package xml5

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/docmem"
)

// TestReuseReleasedMemory checks that a parse given docmem.ReuseOption
// takes the input copy and the node slabs of a document released before it,
// builds the same tree as a parse without it, and that a document parsed
// without the option is left alone by Release.
func TestReuseReleasedMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops what it is given at random under the race detector")
	}
	reuse := docmem.ReuseOption.(Option)
	doc := `<rss><channel><title>a &amp; b</title>` + strings.Repeat(`<item><title>t</title><link>http://e.com/</link></item>`, 300) + `</channel></rss>`
	first, err := Parse(strings.NewReader(doc), reuse)
	require.NoError(t, err)
	input := &first.mem.input[:1][0]
	slabs := map[*Node]bool{}
	for _, s := range append([][]Node{first.mem.first}, first.mem.slabs...) {
		slabs[&s[:1][0]] = true
	}
	docmem.Release(first)
	assert.Nil(t, first.Node, "a released document is emptied")

	second, err := Parse(strings.NewReader(doc), reuse)
	require.NoError(t, err)
	assert.Same(t, input, &second.mem.input[:1][0], "the second parse reuses the input copy")
	reused := false
	for _, s := range append([][]Node{second.mem.first}, second.mem.slabs...) {
		reused = reused || slabs[&s[:1][0]]
	}
	assert.True(t, reused, "the second parse reuses a node slab")
	plain, err := Parse(strings.NewReader(doc))
	require.NoError(t, err)
	assert.Equal(t, dumpTree(plain), dumpTree(second), "a parse on reused memory builds the same tree")

	docmem.Release(plain)
	assert.NotNil(t, plain.Node, "Release leaves a document parsed without the option alone")
	assert.Equal(t, dumpTree(second), dumpTree(plain))
}

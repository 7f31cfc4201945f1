package feedspec

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/feedspec/feedspec/internal/sharedtest"
	"github.com/feedspec/feedspec/xml5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFeedPosition(t *testing.T) {
	doc := "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title>\n" +
		"  <entry><title>日本語</title><updated>not a date</updated></entry>\r\n" +
		"<entry>\n\t<id>urn:2</id></entry></feed>"
	f, err := ParseDocument(strings.NewReader(doc))
	require.NoError(t, err, "parse")
	require.Len(t, f.Entries, 2, "entries")

	line, col := f.Position(f.Element())
	assert.Equal(t, [2]int{1, 1}, [2]int{line, col}, "the feed element")
	line, col = f.Position(f.Entries[0].Element())
	assert.Equal(t, [2]int{2, 3}, [2]int{line, col}, "the first entry")
	updated := f.Entries[0].Element().FirstElementChild().NextElementSibling()
	require.True(t, updated.Is(nsAtom, "updated"), "the updated element")
	line, col = f.Position(updated)
	assert.Equal(t, [2]int{2, 28}, [2]int{line, col}, "columns count characters: 日本語 is 9 bytes, 3 columns")
	line, col = f.Position(f.Entries[1].Element())
	assert.Equal(t, [2]int{3, 1}, [2]int{line, col}, "a CR before the LF ends no other line")
	line, col = f.Position(f.Entries[1].Element().FirstElementChild())
	assert.Equal(t, [2]int{4, 2}, [2]int{line, col}, "a tab is one column")
	// Back to an earlier node: counted again from the start.
	line, col = f.Position(f.Entries[0].Element())
	assert.Equal(t, [2]int{2, 3}, [2]int{line, col}, "the first entry again")
	assert.Zero(t, testing.AllocsPerRun(10, func() { f.Position(f.Entries[1].Element()) }), "Position allocates nothing")

	// No node, no document.
	line, col = f.Position(nil)
	assert.Equal(t, [2]int{0, 0}, [2]int{line, col}, "a nil node")
	var nilFeed *Feed
	line, col = nilFeed.Position(updated)
	assert.Equal(t, [2]int{0, 0}, [2]int{line, col}, "a nil feed")
	detached, err := ParseDocument(strings.NewReader(doc), WithoutDocument())
	require.NoError(t, err, "parse WithoutDocument")
	assert.Nil(t, detached.Entries[0].Element(), "no element WithoutDocument")
	line, col = detached.Position(updated)
	assert.Equal(t, [2]int{0, 0}, [2]int{line, col}, "a feed parsed WithoutDocument")
	jf, err := ParseDocument(strings.NewReader(`{"version": "https://jsonfeed.org/version/1.1", "title": "t", "items": [{"id": "1"}]}`), WithJSONFeed())
	require.NoError(t, err, "JSON Feed")
	line, col = jf.Position(&xml5.Node{Offset: 5})
	assert.Equal(t, [2]int{0, 0}, [2]int{line, col}, "a JSON Feed")
}

// TestFeedPositionMatchesDiagnostics: over the corpus, the position of the
// element a rejected value came from is the diagnostic's line and column,
// for every element of every entry that a diagnostic names.
func TestFeedPositionMatchesDiagnostics(t *testing.T) {
	matched := 0
	for _, path := range sharedtest.CorpusFiles(t) {
		b, err := os.ReadFile(path)
		require.NoError(t, err, path)
		var diags []Diagnostic
		f, _ := ParseDocument(bytes.NewReader(b), WithDiagnostics(&diags))
		if f == nil || f.Document() == nil {
			continue
		}
		at := map[int]Diagnostic{}
		for _, d := range diags {
			if d.Element != "" {
				at[d.Offset] = d
			}
		}
		for _, e := range f.Entries {
			for c := e.Element().FirstElementChild(); c != nil; c = c.NextElementSibling() {
				d, ok := at[c.Offset]
				if !ok || d.Element != c.QualifiedName() {
					continue
				}
				line, col := f.Position(c)
				assert.Equal(t, [2]int{d.Line, d.Column}, [2]int{line, col}, "%s: %s", path, d)
				matched++
			}
		}
	}
	t.Logf("%d diagnostics of entry children matched their element's position", matched)
	assert.Greater(t, matched, 100, "diagnostics matched")
}

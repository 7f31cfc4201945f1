package xml5

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCorpus parses every real feed of the shared corpus: none may fail,
// and each must give a root element.
func TestCorpus(t *testing.T) {
	entries, err := os.ReadDir(corpusDir)
	if err != nil {
		t.Skipf("corpus not found in %s", corpusDir)
	}
	n := 0
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(corpusDir, e.Name()))
		require.NoError(t, err)
		doc, err := Parse(bytes.NewReader(data))
		if !assert.NoError(t, err, e.Name()) || !assert.NotNil(t, doc.Root(), "%s: no root element", e.Name()) {
			continue
		}
		checkTree(t, doc.Node)
		n++
	}
	t.Logf("%d corpus files parsed", n)
}

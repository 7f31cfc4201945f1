package xml5

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
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
		if err != nil {
			t.Fatal(err)
		}
		doc, err := Parse(bytes.NewReader(data))
		if err != nil {
			t.Errorf("%s: %v", e.Name(), err)
			continue
		}
		if doc.Root() == nil {
			t.Errorf("%s: no root element", e.Name())
			continue
		}
		checkTree(t, doc.Node)
		n++
	}
	t.Logf("%d corpus files parsed", n)
}

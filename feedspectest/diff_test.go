package feedspectest

import (
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// apply returns the old and new texts an edit script describes.
func apply(edits []edit) (old, new []string) {
	for _, e := range edits {
		if e.op != '+' {
			old = append(old, e.line)
		}
		if e.op != '-' {
			new = append(new, e.line)
		}
	}
	return old, new
}

// lcsLength is the textbook dynamic program, to check that the diff is
// minimal: a minimal script keeps an LCS.
func lcsLength(a, b []string) int {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	return dp[0][0]
}

func TestDiffLinesIsMinimal(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	words := []string{"a", "b", "c", "d"}
	for n := 0; n < 2000; n++ {
		a := make([]string, rng.Intn(12))
		b := make([]string, rng.Intn(12))
		for i := range a {
			a[i] = words[rng.Intn(len(words))]
		}
		for i := range b {
			b[i] = words[rng.Intn(len(words))]
		}
		edits := diffLines(a, b)
		old, new := apply(edits)
		require.Equal(t, strings.Join(a, ","), strings.Join(old, ","), "old text of %q -> %q", a, b)
		require.Equal(t, strings.Join(b, ","), strings.Join(new, ","), "new text of %q -> %q", a, b)
		kept := 0
		for _, e := range edits {
			if e.op == ' ' {
				kept++
			}
		}
		require.Equal(t, lcsLength(a, b), kept, "%q -> %q: not minimal", a, b)
	}
}

func TestDiffLinesTooDifferent(t *testing.T) {
	var a, b []string
	for i := 0; i < maxEdits; i++ {
		a = append(a, "a"+strings.Repeat("x", i%7))
		b = append(b, "b"+strings.Repeat("y", i%5))
	}
	old, new := apply(diffLines(a, b))
	assert.Equal(t, a, old)
	assert.Equal(t, b, new)
}

func TestUnifiedDiff(t *testing.T) {
	old := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n"
	new := "1\n2\n3\n4\n5\n6\nseven\n8\n9\n10\n11\n12\n13\n14\n15\nsixteen\n"
	want := `--- a
+++ b
@@ -4,7 +4,7 @@
 4
 5
 6
-7
+seven
 8
 9
 10
@@ -13,3 +13,4 @@
 13
 14
 15
+sixteen
`
	assert.Equal(t, want, unifiedDiff("a", "b", []byte(old), []byte(new)))
	assert.Equal(t, "", unifiedDiff("a", "b", []byte(old), []byte(old)))
	// Changes closer than twice the context share a hunk; from and to
	// nothing.
	assert.Equal(t, "--- a\n+++ b\n@@ -1,5 +1,5 @@\n-1\n+one\n 2\n 3\n 4\n-5\n+five\n",
		unifiedDiff("a", "b", []byte("1\n2\n3\n4\n5\n"), []byte("one\n2\n3\n4\nfive\n")))
	assert.Equal(t, "--- a\n+++ b\n@@ -0,0 +1,1 @@\n+x\n", unifiedDiff("a", "b", nil, []byte("x\n")))
	assert.Equal(t, "--- a\n+++ b\n@@ -1,1 +0,0 @@\n-x\n", unifiedDiff("a", "b", []byte("x\n"), nil))
}

// TestUnifiedDiffPatch checks the diffs with patch(1), when it is installed:
// applying the diff to the old text must give the new one.
func TestUnifiedDiffPatch(t *testing.T) {
	patch, err := exec.LookPath("patch")
	if err != nil {
		t.Skip("patch is not installed")
	}
	rng := rand.New(rand.NewSource(2))
	dir := t.TempDir()
	for n := 0; n < 30; n++ {
		var a, b []string
		for i := 0; i < 40; i++ {
			line := string(rune('a' + rng.Intn(26)))
			if rng.Intn(4) != 0 {
				a = append(a, line)
			}
			if rng.Intn(4) != 0 {
				b = append(b, line)
			}
		}
		old := strings.Join(a, "\n") + "\n"
		new := strings.Join(b, "\n") + "\n"
		file := filepath.Join(dir, "f")
		require.NoError(t, os.WriteFile(file, []byte(old), 0o644))
		cmd := exec.Command(patch, "-s", "-o", filepath.Join(dir, "out"), file)
		cmd.Stdin = strings.NewReader(unifiedDiff("f", "f", []byte(old), []byte(new)))
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		got, err := os.ReadFile(filepath.Join(dir, "out"))
		require.NoError(t, err)
		require.Equal(t, new, string(got))
	}
}

func TestJSONDifference(t *testing.T) {
	tests := []struct{ want, got, path string }{
		{`{"a":1}`, `{"a":2}`, "a"},
		{`{"entries":[{"t":1},{"t":1},{"t":1,"published":"x"}]}`, `{"entries":[{"t":1},{"t":1},{"t":1,"published":"y"}]}`, "entries[2].published"},
		{`{"a":1,"b":2}`, `{"a":1}`, "b"},
		{`{"a":1}`, `{"a":1,"b":{"c":1}}`, "b"},
		{`{"a":1,"c":3}`, `{"a":1,"b":2,"c":3}`, "b"},
		{`{"a":1,"b":2}`, `{"b":2,"a":1}`, "a"},
		{`{"x":[1,2]}`, `{"x":[1,2,3]}`, "x[2]"},
		{`{"x":[1,2]}`, `{"x":{"0":1}}`, "x"},
		{`{"x":"1"}`, `{"x":1}`, "x"},
		{`{"a b":{"c":true}}`, `{"a b":{"c":false}}`, `["a b"].c`},
		{`null`, `{"title":"x"}`, "the top-level value"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.path, jsonDifference([]byte(tt.want), []byte(tt.got)), "%s vs %s", tt.want, tt.got)
	}
	w, err := decodeJSON([]byte(`{"a":[1,{"b":null}]}`))
	require.NoError(t, err)
	_, differ := firstDifference(w, w, "")
	assert.False(t, differ)
	assert.Equal(t, "", jsonDifference([]byte(`{`), []byte(`{}`)), "not JSON")
}

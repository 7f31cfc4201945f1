package article

import (
	"bytes"
	"fmt"
	"os"
	"sort"
	"testing"

	"github.com/feedspec/feedspec/article/articlebench"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// benchmarkDir is the public article extraction benchmark, beside the
// repository (see ../shared/article-benchmark/README.md).
const benchmarkDir = "../../shared/article-benchmark"

// TestArticleBenchmark extracts every page of the benchmark and prints the
// benchmark's figures (articlebench implements its metric), then the pages
// scoring lowest. Extract's Text is what is scored. It fails when F1 falls
// under a floor a little below today's figure, so that a change that hurts
// extraction is seen.
func TestArticleBenchmark(t *testing.T) {
	if testing.Short() {
		t.Skip("the benchmark extracts 115 pages; skipped with -short")
	}
	pages, err := articlebench.Load(benchmarkDir)
	if os.IsNotExist(err) {
		t.Skipf("%s is absent: the article benchmark is skipped", benchmarkDir)
	}
	require.NoError(t, err)
	type pageScore struct {
		page  articlebench.Page
		score articlebench.Score
	}
	var scores []articlebench.Score
	var rows []pageScore
	for _, p := range pages {
		data, err := p.HTML()
		require.NoError(t, err)
		text := ""
		a, err := Extract(bytes.NewReader(data), p.URL)
		if assert.NoError(t, err, "%s (%s)", p.ID, p.URL) {
			text = a.Text
		}
		s := articlebench.Compare(p.Truth, text)
		scores = append(scores, s)
		rows = append(rows, pageScore{p, s})
	}
	res := articlebench.Aggregate(scores)
	fmt.Printf("article benchmark: %s\n", res)
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].score.F1() < rows[j].score.F1() })
	if testing.Verbose() {
		for _, r := range rows[:min(15, len(rows))] {
			t.Logf("F1 %.3f precision %.3f recall %.3f  %s  %s", r.score.F1(), r.score.Precision(), r.score.Recall(), r.page.ID[:12], r.page.URL)
		}
	}
	const floor = 0.96
	assert.GreaterOrEqual(t, res.F1, floor, "F1 %.3f is under %.2f", res.F1, floor)
}

// Package articlebench scores article extractors on the public article
// extraction benchmark (scrapinghub/article-extraction-benchmark: web pages
// of news and blog articles with human-checked article bodies), with the
// metric published with it. The article module's tests and the repository's
// bench/ command use it; it reads the benchmark's data from a directory and
// ships none of it.
//
// The metric: a text's tokens are its maximal runs of Unicode word
// characters (letters, numbers and the underscore, as Python's \w matches
// them); its shingles are the runs of 4 consecutive tokens, counted as a
// multiset (a text with fewer than 4 tokens has one shingle: all of them).
// For one page, TP is the number of shingles the prediction shares with the
// truth, FP the extra predicted ones and FN the missed true ones. Precision
// is the mean of TP/(TP+FP) over the pages where TP+FP > 0, recall the mean
// of TP/(TP+FN) over the pages where TP+FN > 0, F1 their harmonic mean, and
// accuracy the share of pages whose token lists are identical.
package articlebench

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
)

// A Page is one page of the benchmark.
type Page struct {
	// ID is the page's key in ground-truth.json (the SHA-256 of its HTML).
	ID string
	// URL is the page's URL.
	URL string
	// Truth is the human-checked article body, as plain text.
	Truth string
	// Path is the file holding the page's gzipped HTML.
	Path string
}

// HTML reads the page's HTML (the bytes as fetched, gunzipped).
func (p *Page) HTML() ([]byte, error) {
	f, err := os.Open(p.Path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("articlebench: %s: %w", p.Path, err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("articlebench: %s: %w", p.Path, err)
	}
	return b, nil
}

// Load reads the benchmark in dir (ground-truth.json and html/ID.html.gz)
// and returns its pages sorted by ID.
func Load(dir string) ([]Page, error) {
	data, err := os.ReadFile(filepath.Join(dir, "ground-truth.json"))
	if err != nil {
		return nil, err
	}
	var truth map[string]struct {
		URL         string `json:"url"`
		ArticleBody string `json:"articleBody"`
	}
	if err := json.Unmarshal(data, &truth); err != nil {
		return nil, fmt.Errorf("articlebench: ground-truth.json: %w", err)
	}
	pages := make([]Page, 0, len(truth))
	for id, t := range truth {
		pages = append(pages, Page{
			ID:    id,
			URL:   t.URL,
			Truth: t.ArticleBody,
			Path:  filepath.Join(dir, "html", id+".html.gz"),
		})
	}
	sort.Slice(pages, func(i, j int) bool { return pages[i].ID < pages[j].ID })
	return pages, nil
}

// Tokens returns the tokens of s: its maximal runs of letters, numbers and
// underscores.
func Tokens(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsNumber(r) || r == '_')
	})
}

// shingles counts the runs of 4 consecutive tokens.
func shingles(tokens []string) map[string]int {
	const n = 4
	m := make(map[string]int)
	if len(tokens) < n {
		m[strings.Join(tokens, "\x00")]++
		return m
	}
	for i := 0; i+n <= len(tokens); i++ {
		m[strings.Join(tokens[i:i+n], "\x00")]++
	}
	return m
}

// A Score is the comparison of one page's predicted text with its truth.
type Score struct {
	// TP, FP and FN count shingles: shared, extra predicted, missed true.
	TP, FP, FN int
	// Exact reports that the token lists are identical.
	Exact bool
}

// Precision returns TP/(TP+FP), or 0 when TP+FP is 0.
func (s Score) Precision() float64 {
	if s.TP+s.FP == 0 {
		return 0
	}
	return float64(s.TP) / float64(s.TP+s.FP)
}

// Recall returns TP/(TP+FN), or 0 when TP+FN is 0.
func (s Score) Recall() float64 {
	if s.TP+s.FN == 0 {
		return 0
	}
	return float64(s.TP) / float64(s.TP+s.FN)
}

// F1 returns the page's own F1, the harmonic mean of its precision and
// recall (0 when both are 0), for ranking pages.
func (s Score) F1() float64 {
	p, r := s.Precision(), s.Recall()
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

// Compare scores the predicted text of one page against its truth.
func Compare(truth, predicted string) Score {
	tt, pt := Tokens(truth), Tokens(predicted)
	ts, ps := shingles(tt), shingles(pt)
	var s Score
	for k, tc := range ts {
		pc := ps[k]
		s.TP += min(tc, pc)
		s.FN += max(0, tc-pc)
	}
	for k, pc := range ps {
		s.FP += max(0, pc-ts[k])
	}
	s.Exact = len(tt) == len(pt)
	for i := 0; s.Exact && i < len(tt); i++ {
		s.Exact = tt[i] == pt[i]
	}
	return s
}

// A Result aggregates page scores.
type Result struct {
	Pages     int
	Precision float64
	Recall    float64
	F1        float64
	Accuracy  float64
}

// Aggregate computes the benchmark's figures over the scores of the pages.
func Aggregate(scores []Score) Result {
	var r Result
	r.Pages = len(scores)
	var np, nr, exact int
	for _, s := range scores {
		if s.TP+s.FP > 0 {
			r.Precision += s.Precision()
			np++
		}
		if s.TP+s.FN > 0 {
			r.Recall += s.Recall()
			nr++
		}
		if s.Exact {
			exact++
		}
	}
	if np > 0 {
		r.Precision /= float64(np)
	}
	if nr > 0 {
		r.Recall /= float64(nr)
	}
	if r.Precision+r.Recall > 0 {
		r.F1 = 2 * r.Precision * r.Recall / (r.Precision + r.Recall)
	}
	if len(scores) > 0 {
		r.Accuracy = float64(exact) / float64(len(scores))
	}
	return r
}

// String returns the summary line "N pages, F1 x.xxx, precision x.xxx,
// recall x.xxx, accuracy x.xxx".
func (r Result) String() string {
	return fmt.Sprintf("%d pages, F1 %.3f, precision %.3f, recall %.3f, accuracy %.3f",
		r.Pages, r.F1, r.Precision, r.Recall, r.Accuracy)
}

package article

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec"
)

// shortParagraphs returns a page of n short paragraphs, each element tag.
func shortParagraphs(n int, tag string) []byte {
	var b bytes.Buffer
	b.WriteString("<html><head><title>Many</title></head><body><article>")
	for i := 0; i < n; i++ {
		b.WriteString("<" + tag + ">Paragraph " + strconv.Itoa(i) + " says a few short words about the river.</" + tag + ">\n")
	}
	b.WriteString("</article></body></html>")
	return b.Bytes()
}

// allocated returns the bytes allocated while f runs.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestExtractParagraphsGrowth: go-trafilatura's cost grows with the number
// of paragraphs times their text; ten times the paragraphs must not cost
// much more than ten times the bytes allocated (before the bound, 2,000 and
// 20,000 paragraphs allocated 0.2 GB and 20 GB).
func TestExtractParagraphsGrowth(t *testing.T) {
	small, large := shortParagraphs(2000, "p"), shortParagraphs(20000, "p")
	var a *Article
	var errSmall, errLarge error
	costSmall := allocated(func() { a, errSmall = Extract(bytes.NewReader(small), "https://x.example/") })
	require.NoError(t, errSmall)
	require.NotNil(t, a.Body)
	assert.Contains(t, a.Text, "Paragraph 1999 says")
	costLarge := allocated(func() { _, errLarge = Extract(bytes.NewReader(large), "https://x.example/") })
	// The larger page is refused, as a page whose cost cannot be bounded.
	require.ErrorIs(t, errLarge, feedspec.ErrLimit)
	assert.Contains(t, errLarge.Error(), "20000 paragraphs")
	t.Logf("allocated: %d bytes for %d, %d for %d (%.1fx)", costSmall, len(small), costLarge, len(large), float64(costLarge)/float64(costSmall))
	assert.Less(t, costLarge, 20*costSmall, "10x the paragraphs allocated %d bytes, 10x %d", costLarge, costSmall)
}

// TestExtractDenseGrowth: pages dense with elements the bound does not
// apply to cost in proportion to their size: ten times the elements
// allocate less than twenty times the bytes.
func TestExtractDenseGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("extracts pages of up to 350 KB; skipped with -short")
	}
	for name, shape := range map[string]func(n int) string{
		"div paragraphs": func(n int) string { return string(shortParagraphs(n, "div")) },
		"line breaks":    func(n int) string { return "<p>" + strings.Repeat("Some words on a line<br>", n) + "</p>" },
		"spans":          func(n int) string { return "<p>" + strings.Repeat("<span>Some words</span> in spans ", n) + "</p>" },
		"images": func(n int) string {
			return strings.Repeat(`<div>Words here <img src="/i.png" alt="a picture"></div>`, n)
		},
		"headings": func(n int) string { return strings.Repeat(`<h2>A heading of words</h2>`, n) },
		"links": func(n int) string {
			return "<p>" + strings.Repeat("<a href=/x>Some words in a link</a> and then. ", n) + "</p>"
		},
		"table cells": func(n int) string {
			return "<table>" + strings.Repeat("<tr><td>Some words in a cell.</td><td>x</td></tr>", n) + "</table>"
		},
	} {
		t.Run(name, func(t *testing.T) {
			var costs [2]uint64
			for i, n := range []int{500, 5000} {
				page := "<html><body><article>" + shape(n) + "</article></body></html>"
				var err error
				costs[i] = allocated(func() {
					_, err = Extract(strings.NewReader(page), "https://x.example/", WithLinksAndImages())
				})
				require.NoError(t, err)
			}
			t.Logf("allocated: %d bytes, then %d for 10x (%.1fx)", costs[0], costs[1], float64(costs[1])/float64(costs[0]))
			assert.Less(t, costs[1], 20*costs[0])
		})
	}
}

// TestExtract64000Paragraphs: a 4 MB page of 64,000 short paragraphs,
// within the size limit, is refused before extraction (it took 40 s and
// tens of GB), with an error that says why.
func TestExtract64000Paragraphs(t *testing.T) {
	page := shortParagraphs(64000, "p")
	require.Less(t, len(page), DefaultMaxSize)
	require.Greater(t, len(page), 4_000_000)
	_, err := Extract(bytes.NewReader(page), "https://x.example/")
	require.ErrorIs(t, err, feedspec.ErrLimit)
	assert.True(t, strings.HasPrefix(err.Error(), "article: the page has 64000 paragraphs"), err.Error())
}

func TestParagraphWork(t *testing.T) {
	doc, err := parsePage(context.Background(), []byte(`<p>ab</p><blockquote>cd<p>ef</p></blockquote><div>gh</div><code>i</code><svg><p>x</p></svg>`), "")
	require.NoError(t, err)
	count, textLen := paragraphWork(doc)
	// p, blockquote, p, code; "ef" counted in both of its paragraphs; the
	// div's text in none. (An svg p closes the svg in HTML and counts.)
	assert.Equal(t, 5, count)
	assert.Equal(t, 2+2+2*2+1+1, textLen)
}

// cancelAtEOF is a page reader that cancels a context once the whole
// page has been read.
type cancelAtEOF struct {
	r      io.Reader
	cancel context.CancelFunc
}

func (c *cancelAtEOF) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if err == io.EOF {
		c.cancel()
	}
	return n, err
}

func TestExtractContext(t *testing.T) {
	page := readTestdata(t, "article.html")

	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := ExtractContext(cancelled, bytes.NewReader(page), "https://x.example/")
	require.ErrorIs(t, err, context.Canceled)

	expired, cancel := context.WithTimeout(context.Background(), -1)
	defer cancel()
	_, err = ExtractContext(expired, bytes.NewReader(page), "https://x.example/")
	require.ErrorIs(t, err, context.DeadlineExceeded)

	// Cancelled once the page is read: what follows (parsing, extraction)
	// stops.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err = ExtractContext(ctx, &cancelAtEOF{bytes.NewReader(page), cancel}, "https://x.example/")
	require.ErrorIs(t, err, context.Canceled)
	assert.True(t, strings.HasPrefix(err.Error(), "article: stopped "), err.Error())

	// Not cancelled: the article.
	a, err := ExtractContext(context.Background(), bytes.NewReader(page), "https://x.example/")
	require.NoError(t, err)
	assert.Contains(t, a.Text, "For three winters the footbridge")
}

// TestStopped: each stage's check returns ctx's error once it is done.
func TestStopped(t *testing.T) {
	require.NoError(t, stopped(context.Background(), "x"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := stopped(ctx, "go-trafilatura's extraction")
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, "article: stopped before go-trafilatura's extraction: context canceled", err.Error())
}

func TestLimitErrorMessage(t *testing.T) {
	_, err := Extract(bytes.NewReader(shortParagraphs(20000, "p")), "https://x.example/")
	require.ErrorIs(t, err, feedspec.ErrLimit)
	assert.Equal(t, "article: the page has 20000 paragraphs (p, blockquote, pre, q, code) holding 1088890 bytes of text, "+
		"more than the extractor reads in bounded time (their product is over 1073741824)", err.Error())
}

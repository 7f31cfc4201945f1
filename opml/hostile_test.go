package opml

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/feedspec/feedspec"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// export returns a subscription list as a reader exports it: n feeds, in
// folders of 50, each outline with text, title, type, xmlUrl and htmlUrl
// (about 190 bytes a feed).
func export(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<opml version=\"2.0\">\n<head><title>Export</title></head>\n<body>\n")
	for i := range n {
		if i%50 == 0 {
			if i > 0 {
				b.WriteString("  </outline>\n")
			}
			fmt.Fprintf(&b, "  <outline text=\"Folder %d\" title=\"Folder %d\">\n", i/50, i/50)
		}
		fmt.Fprintf(&b, "    <outline type=\"rss\" text=\"Feed number %d\" title=\"Feed number %d\" xmlUrl=\"https://feed%d.example.com/feed.xml\" htmlUrl=\"https://feed%d.example.com/\"/>\n", i, i, i, i)
	}
	if n > 0 {
		b.WriteString("  </outline>\n")
	}
	b.WriteString("</body>\n</opml>\n")
	return b.Bytes()
}

// deep returns n outlines nested in one another, each naming a feed.
func deep(n int) []byte {
	var b bytes.Buffer
	b.WriteString("<opml><body>")
	for i := range n {
		fmt.Fprintf(&b, `<outline text="%d" xmlUrl="https://d.example/%d">`, i, i)
	}
	b.WriteString(strings.Repeat("</outline>", n))
	b.WriteString("</body></opml>")
	return b.Bytes()
}

// deepAndWide returns a chain of n folders, with n folders at its bottom,
// each holding one feed: without the 32-folder cap every subscription's
// Folders would be n long.
func deepAndWide(n int) []byte {
	var b bytes.Buffer
	b.WriteString("<opml><body>")
	b.WriteString(strings.Repeat("<outline text=\"f\">", n))
	for i := range n {
		fmt.Fprintf(&b, `<outline text="w%d"><outline text="x" xmlUrl="https://w.example/%d"/></outline>`, i, i)
	}
	b.WriteString(strings.Repeat("</outline>", n))
	b.WriteString("</body></opml>")
	return b.Bytes()
}

// allocated returns the bytes and the allocations f allocates.
func allocated(f func()) (bytes, mallocs uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, after.Mallocs - before.Mallocs
}

// noLimits lifts the limits a test does not measure.
var noLimits = WithLimits(feedspec.Limits{MaxDepth: -1, MaxNodes: -1, MaxAttributes: -1})

// stages measures, for doc, the bytes and allocations of Parse,
// Subscriptions, Write and New (of the subscriptions), each on its own.
func stages(t *testing.T, doc []byte) map[string][2]uint64 {
	t.Helper()
	var d *Document
	var err error
	m := map[string][2]uint64{}
	b, n := allocated(func() { d, err = Parse(bytes.NewReader(doc), noLimits) })
	require.NoError(t, err)
	m["Parse"] = [2]uint64{b, n}
	var subs []Subscription
	b, n = allocated(func() { subs = d.Subscriptions() })
	m["Subscriptions"] = [2]uint64{b, n}
	b, n = allocated(func() { require.NoError(t, d.Write(io.Discard)) })
	m["Write"] = [2]uint64{b, n}
	b, n = allocated(func() { require.NoError(t, New("x", subs).Write(io.Discard)) })
	m["New+Write"] = [2]uint64{b, n}
	runtime.KeepAlive(d)
	return m
}

// checkLinear compares the costs of small and big, an input 10 times as
// large: every stage's bytes and allocations grow at most 12 times.
func checkLinear(t *testing.T, what string, small, big []byte) {
	t.Helper()
	ratio := float64(len(big)) / float64(len(small))
	require.InDelta(t, 10, ratio, 0.5, "%s: the big input is 10 times the small one", what)
	s, g := stages(t, small), stages(t, big)
	for _, stage := range []string{"Parse", "Subscriptions", "Write", "New+Write"} {
		for i, unit := range []string{"bytes", "allocations"} {
			a, b := float64(s[stage][i]), float64(g[stage][i])
			if a < 1 {
				a = 1
			}
			assert.LessOrEqual(t, b/a, 12*ratio/10, "%s, %s: %s for %d then %d input bytes: %.0f then %.0f", what, stage, unit, len(small), len(big), a, b)
		}
		t.Logf("%s, %s: %.2f then %.2f bytes allocated per input byte (%d and %d input bytes), %d then %d allocations",
			what, stage, float64(s[stage][0])/float64(len(small)), float64(g[stage][0])/float64(len(big)), len(small), len(big), s[stage][1], g[stage][1])
	}
}

// TestScale parses exports of 10,000 and 100,000 feeds (1,000 and 10,000
// with -short): bytes and allocations grow linearly in every stage.
func TestScale(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	checkLinear(t, "export", export(n), export(10*n))
}

// TestHostileShapesLinear grows hostile shapes tenfold: outlines nested
// 1,000 then 10,000 deep (each naming a feed); a chain of 500 then 5,000
// folders with as many folders at its bottom; one outline with 1,000 then
// 10,000 attributes; a head element of 2,000 then 20,000 text pieces split
// by comments.
func TestHostileShapesLinear(t *testing.T) {
	checkLinear(t, "deep", deep(1000), deep(10000))
	checkLinear(t, "deep and wide", deepAndWide(500), deepAndWide(5000))
	attrs := func(n int) []byte {
		var b bytes.Buffer
		b.WriteString(`<opml><body><outline xmlUrl="https://a.example/"`)
		for i := range n {
			fmt.Fprintf(&b, ` a%06d="v"`, i)
		}
		b.WriteString("/></body></opml>")
		return b.Bytes()
	}
	checkLinear(t, "attributes", attrs(1000), attrs(10000))
	pieces := func(n int) []byte {
		return []byte("<opml><head><x>" + strings.Repeat("text<!---->", n) + "</x></head><body/></opml>")
	}
	checkLinear(t, "text pieces", pieces(2000), pieces(20000))
}

// TestDeepNesting reads outlines nested 10,000 deep: within the default
// MaxDepth (10,000 elements) the document is read up to that depth, with an
// error wrapping feedspec.ErrLimit; without a depth limit, whole.
func TestDeepNesting(t *testing.T) {
	doc := deep(10000)
	d, err := Parse(bytes.NewReader(doc))
	require.Error(t, err, "deeper than MaxDepth")
	assert.ErrorIs(t, err, feedspec.ErrLimit)
	var le *feedspec.LimitError
	require.True(t, errors.As(err, &le), "a *feedspec.LimitError")
	assert.Equal(t, "MaxDepth", le.Limit)
	assert.True(t, strings.HasPrefix(err.Error(), "opml: limit reached: MaxDepth (10000)"), "%v", err)
	require.NotNil(t, d, "the Document read so far")
	subs := d.Subscriptions()
	assert.Equal(t, 9998, len(subs), "the feeds above the limit (opml and body take two levels)")
	last := subs[len(subs)-1]
	assert.Len(t, last.Folders, maxFolders, "Folders lists at most 32 outlines")
	assert.Equal(t, "0", last.Folders[0], "the outermost")

	var diags []feedspec.Diagnostic
	d, err = Parse(bytes.NewReader(doc), noLimits, WithDiagnostics(&diags))
	require.NoError(t, err)
	subs = d.Subscriptions()
	require.Len(t, subs, 10000)
	assert.Equal(t, "https://d.example/9999", subs[9999].FeedURL)
	assert.Equal(t, []string{"0", "1", "2"}, subs[3].Folders)
	var limited []feedspec.Diagnostic
	for _, dg := range diags {
		if dg.Kind == feedspec.DiagnosticLimit {
			limited = append(limited, dg)
		}
	}
	require.Len(t, limited, 1, "one diagnostic for the folders cut")
	assert.ErrorIs(t, limited[0].Err, feedspec.ErrLimit)
	assert.Contains(t, limited[0].Message, "a feed in 33 outlines")

	out := writeDoc(t, d)
	assert.Less(t, len(out), 2*len(doc)+10000*80, "indentation stops at 32 levels: the output is linear")
	d2, err := Parse(bytes.NewReader(out), noLimits)
	require.NoError(t, err)
	assert.Equal(t, string(out), string(writeDoc(t, d2)), "round trip (compared as written)")
	assert.Equal(t, subs, d2.Subscriptions(), "round trip: Subscriptions")
}

// TestNoRecursion parses, flattens and writes outlines nested 100,000
// deep with the goroutine stacks limited to 4 MB: a recursion as deep as
// the outlines would need far more (and crash the test binary).
func TestNoRecursion(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	doc := deep(100000)
	old := debug.SetMaxStack(4 << 20)
	defer debug.SetMaxStack(old)
	d, err := Parse(bytes.NewReader(doc), noLimits)
	require.NoError(t, err)
	assert.Len(t, d.Subscriptions(), 100000)
	require.NoError(t, d.Write(io.Discard))
	require.NoError(t, New("", d.Subscriptions()).Write(io.Discard))
	deepHead := "<opml><head>" + strings.Repeat("<x>", 100000) + "</head><body/></opml>"
	d, err = Parse(strings.NewReader(deepHead), noLimits)
	require.NoError(t, err)
	require.NoError(t, d.Write(io.Discard))
}

// TestLimits checks that each limit of feedspec.Limits stops the parse
// with an error wrapping feedspec.ErrLimit and the subscriptions read so
// far.
func TestLimits(t *testing.T) {
	doc := export(1000)
	for _, tc := range []struct {
		limit  string
		limits feedspec.Limits
	}{
		{"MaxInputBytes", feedspec.Limits{MaxInputBytes: int64(len(doc) / 2)}},
		{"MaxNodes", feedspec.Limits{MaxNodes: 2000}},
		{"MaxAttributes", feedspec.Limits{MaxAttributes: 3}},
		{"MaxDepth", feedspec.Limits{MaxDepth: 3}},
	} {
		d, err := Parse(bytes.NewReader(doc), WithLimits(tc.limits))
		require.ErrorIs(t, err, feedspec.ErrLimit, tc.limit)
		var le *feedspec.LimitError
		require.True(t, errors.As(err, &le), tc.limit)
		assert.Equal(t, tc.limit, le.Limit)
		require.NotNil(t, d, "%s: the Document read so far", tc.limit)
		n := len(d.Subscriptions())
		if tc.limit == "MaxAttributes" || tc.limit == "MaxDepth" {
			assert.Zero(t, n, "%s: the first feed outline is beyond the limit", tc.limit)
		} else {
			assert.Greater(t, n, 100, "%s: the subscriptions read so far", tc.limit)
			assert.Less(t, n, 1000, "%s: not all of them", tc.limit)
		}
	}
	d, err := Parse(bytes.NewReader(doc), WithLimits(feedspec.Limits{MaxInputBytes: -1, MaxNodes: -1}))
	require.NoError(t, err, "negative limits: none")
	assert.Len(t, d.Subscriptions(), 1000)

	d, err = Parse(strings.NewReader("<rss>"+strings.Repeat("<x>", 50)), WithLimits(feedspec.Limits{MaxDepth: 10}))
	assert.Nil(t, d, "not OPML")
	assert.ErrorIs(t, err, ErrNotOPML, "not OPML, and a limit")
	assert.ErrorIs(t, err, feedspec.ErrLimit, "not OPML, and a limit")
}

// errReader fails after its bytes.
type errReader struct{ r io.Reader }

var errRead = errors.New("connection reset")

func (e *errReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		return n, errRead
	}
	return n, err
}

func TestReadError(t *testing.T) {
	d, err := Parse(&errReader{bytes.NewReader(export(10))})
	assert.ErrorIs(t, err, errRead)
	assert.True(t, strings.HasPrefix(err.Error(), "opml: reading the document: "), "%v", err)
	require.NotNil(t, d, "the Document read")
	assert.Len(t, d.Subscriptions(), 10)
}

package feedspec

import (
	"errors"
	"fmt"
	"html"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	xhtml "golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/feedspec/feedspec/internal/htmltoken"
)

// A hostileHTML is escaped HTML that makes x/net/html's tree builder work
// hard: make returns about n bytes of it.
type hostileHTML struct {
	name string
	make func(n int) string
}

// repeatHTML returns a hostileHTML maker: head, then unit repeated.
func repeatHTML(head, unit string) func(int) string {
	return func(n int) string {
		return head + strings.Repeat(unit, max(1, (n-len(head))/len(unit)))
	}
}

// numberedHTML returns a hostileHTML maker: unit (a format with one %d)
// repeated with 0, 1, 2...
func numberedHTML(head, unit string) func(int) string {
	return func(n int) string {
		var b strings.Builder
		b.WriteString(head)
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, unit, i)
		}
		return b.String()
	}
}

// hostileHTMLShapes are the shapes whose cost the budget of escaped HTML's
// tree (fitHTML) bounds: misnested formatting (the adoption agency
// algorithm and the reconstruction of active formatting elements copy
// elements), a in a, formatting across table cells, font past the Noah's
// Ark clause, foreign content, unclosed tables (foster parenting), text
// that x/net/html joins again and again (quadratic before the budget),
// an html tag whose attributes it merges again and again (quadratic), and
// formatting elements left open across paragraphs (a copy of each for
// every paragraph).
var hostileHTMLShapes = []hostileHTML{
	{"<b><i><p>x", repeatHTML("", "<b><i><p>x")},
	{"<b><i><p>x</b>y", repeatHTML("", "<b><i><p>x</b>y")},
	{"<b><i><p>x</b></i></p>", repeatHTML("", "<b><i><p>x</b></i></p>")},
	{"<a>x<a>y", repeatHTML("", "<a>x<a>y")},
	{"<a>x<div>y</a>z</div>", repeatHTML("", "<a>x<div>y</a>z</div>")},
	{"formatting across cells", repeatHTML("<table>", "<tr><td><b>x</td><td><i>y</td></tr>")},
	{"<p><font>x", repeatHTML("", "<p><font>x")},
	{"<font color=red>x<p>", repeatHTML("", "<font color=red>x<p>")},
	{"<b><svg><i><p>x", repeatHTML("", "<b><svg><i><p>x")},
	{"<math><mi><b>x</b></mi></math><p>y", repeatHTML("", "<math><mi><b>x</b></mi></math><p>y")},
	{"<svg><foreignObject><b><p>x</p></b></foreignObject></svg>", repeatHTML("", "<svg><foreignObject><b><p>x</p></b></foreignObject></svg>")},
	{"unclosed <table>x<b>", repeatHTML("", "<table>x<b>")},
	{"unclosed <table><td>x<b>y</table>", repeatHTML("", "<table><td>x<b>y</table>")},
	// x/net/html fails past 512 open elements: nothing is built.
	{"nested unclosed <table><td>x<table>", repeatHTML("", "<table><td>x<table>")},
	{"text joined: x</q>", repeatHTML("<b>", "x</q>")},
	{"html attributes merged", numberedHTML("<b>x</b>", "<html a%d>")},
	{"formatting left open, a copy a paragraph", func(n int) string {
		var b strings.Builder
		b.WriteString("<p>")
		for i := range 200 {
			fmt.Fprintf(&b, "<b c=%d>", i)
		}
		return repeatHTML(b.String(), "</p><p>x")(n)
	}},
}

// htmlAllocated returns the bytes and allocations fn makes.
func htmlAllocated(fn func()) (bytes, mallocs uint64) {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, after.Mallocs - before.Mallocs
}

// hostileHTMLFeed returns an RSS feed whose one item's description is src,
// escaped.
func hostileHTMLFeed(t *testing.T, src string) *Feed {
	t.Helper()
	doc := "<rss><channel><item><description>" + html.EscapeString(src) + "</description></item></channel></rss>"
	f, err := ParseDocument(strings.NewReader(doc))
	require.NoError(t, err)
	require.Len(t, f.Entries, 1)
	return f
}

// The bounds TestEscapedHTMLBound asserts: every reader of escaped HTML
// allocates at most boundPerByte bytes a byte of the HTML, plus
// boundConst, and 12 times as much, or as many allocations, for 10 times
// the HTML.
const (
	boundPerByte = 24
	boundConst   = 1 << 20
	boundGrowth  = 12
)

// TestEscapedHTMLBound reads each hostile shape at two sizes 10 times
// apart through SafeHTML, PlainText and the canonical JSON (AppendJSON of
// the feed), counting the bytes and allocations each makes: at most 24
// bytes a byte of the HTML plus 1 MiB, growing at most 12 times. It also
// counts the tokens the tree model reads and the nodes of the tree, the
// work x/net/html does: at most 12 times as many.
func TestEscapedHTMLBound(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector drops pooled buffers at random: allocations are not the program's")
	}
	sizes := [2]int{320 << 10, 3200 << 10}
	if testing.Short() {
		sizes = [2]int{128 << 10, 1280 << 10}
	}
	readers := []struct {
		name string
		read func(f *Feed)
	}{
		{"SafeHTML", func(f *Feed) { SafeHTML(f.Entries[0].Summary, "") }},
		{"PlainText", func(f *Feed) { PlainText(f.Entries[0].Summary) }},
		{"AppendJSON", func(f *Feed) { f.AppendJSON(nil) }},
	}
	for _, s := range hostileHTMLShapes {
		t.Run(s.name, func(t *testing.T) {
			var srcs [2]string
			var trees [2]htmltoken.TreeCost
			for k, n := range sizes {
				srcs[k] = s.make(n)
				trees[k] = htmltoken.FragmentTreeCost(srcs[k], htmltoken.TreeBudget(len(srcs[k])), false)
			}
			for _, count := range []struct {
				name string
				n    func(htmltoken.TreeCost) int
			}{{"tokens", func(c htmltoken.TreeCost) int { return c.Tokens }}, {"nodes", func(c htmltoken.TreeCost) int { return c.Nodes }}} {
				a, b := count.n(trees[0]), count.n(trees[1])
				assert.LessOrEqual(t, b, boundGrowth*max(a, 1), "%s: %d %s for %d bytes, %d for %d", s.name, a, count.name, len(srcs[0]), b, len(srcs[1]))
			}
			for _, r := range readers {
				var bytes, mallocs [2]uint64
				for k := range sizes {
					f := hostileHTMLFeed(t, srcs[k])
					bytes[k], mallocs[k] = htmlAllocated(func() { r.read(f) })
					n := len(srcs[k])
					assert.LessOrEqual(t, bytes[k], uint64(boundPerByte*n+boundConst),
						"%s of %s: %d bytes allocated for %d bytes of HTML (%.1f a byte)", r.name, s.name, bytes[k], n, float64(bytes[k])/float64(n))
					t.Logf("%s: %d bytes of HTML (cut at %d): %.1f bytes allocated a byte, %d allocations", r.name, n, trees[k].Cut, float64(bytes[k])/float64(n), mallocs[k])
				}
				assert.LessOrEqual(t, bytes[1], boundGrowth*bytes[0], "%s of %s: bytes allocated for 10 times the HTML", r.name, s.name)
				assert.LessOrEqual(t, mallocs[1], boundGrowth*max(mallocs[0], 1), "%s of %s: allocations for 10 times the HTML", r.name, s.name)
			}
		})
	}
}

// TestEscapedHTMLBudgetCut checks what a text past its budget gives: every
// reader sees the fragment of the longest prefix within it (the same
// fragment, whichever builds it), the canonical JSON holds that
// fragment's serialization, and WithDiagnostics reports a DiagnosticLimit
// whose error wraps ErrLimit; a text within its budget is read whole and
// reported nowhere.
func TestEscapedHTMLBudgetCut(t *testing.T) {
	src := hostileHTMLShapes[0].make(200 << 10)
	tc := htmltoken.FragmentTreeCost(src, htmltoken.TreeBudget(len(src)), false)
	require.Less(t, tc.Cut, len(src), "the shape passes its budget")
	prefix := src[:tc.Cut]
	// What the prefix is, parsed and sanitized without a budget.
	ctx := &xhtml.Node{Type: xhtml.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := xhtml.ParseFragmentWithOptions(strings.NewReader(prefix), ctx, xhtml.ParseOptionEnableScripting(false))
	require.NoError(t, err)
	frag := &xhtml.Node{Type: xhtml.DocumentNode}
	for _, n := range nodes {
		frag.AppendChild(n)
	}
	sanitize(frag)
	whole := nodeText(frag)

	var diags []Diagnostic
	doc := "<rss><channel><item><description>" + html.EscapeString(src) + "</description></item></channel></rss>"
	f, err := ParseDocument(strings.NewReader(doc), WithDiagnostics(&diags))
	require.NoError(t, err)
	d := f.Entries[0].Summary
	require.True(t, d.IsNode())

	assert.Equal(t, SafeHTML(whole, ""), SafeHTML(d, ""), "SafeHTML reads the prefix")
	assert.Equal(t, PlainText(whole), PlainText(d), "PlainText reads the prefix")
	assert.Equal(t, whole.HTML(), d.HTML(), "HTML is the prefix's")
	js, err := d.MarshalJSON()
	require.NoError(t, err)
	want, err := whole.MarshalJSON()
	require.NoError(t, err)
	assert.Equal(t, string(want), string(js), "the canonical JSON is the prefix's")
	assert.Equal(t, renderHTML(d.Node()), d.HTML(), "the tree and the serialization agree")

	var limits []Diagnostic
	for _, dg := range diags {
		if dg.Kind == DiagnosticLimit {
			limits = append(limits, dg)
		}
	}
	require.Len(t, limits, 1, "one DiagnosticLimit: %v", diags)
	assert.Equal(t, "description", limits[0].Element)
	assert.Contains(t, limits[0].Message, fmt.Sprintf("at byte %d", tc.Cut))
	assert.ErrorIs(t, limits[0].Err, ErrLimit)
	var le *LimitError
	require.True(t, errors.As(limits[0].Err, &le))
	assert.Equal(t, "HTMLTree", le.Limit)
	assert.Equal(t, htmltoken.TreeBudget(len(src)), le.Value)

	// Within the budget: read whole, no diagnostic.
	small := strings.Repeat("<p><b>x</b> <i>y</i></p>", 200)
	diags = nil
	doc = "<rss><channel><item><description>" + html.EscapeString(small) + "</description></item></channel></rss>"
	f, err = ParseDocument(strings.NewReader(doc), WithDiagnostics(&diags))
	require.NoError(t, err)
	for _, dg := range diags {
		assert.NotEqual(t, DiagnosticLimit, dg.Kind, "%v", dg)
	}
	assert.Equal(t, len(small), htmltoken.FragmentTreeCost(small, htmltoken.TreeBudget(len(small)), false).Cut)
	assert.Equal(t, SafeHTML(escapedHTMLText(small), ""), SafeHTML(f.Entries[0].Summary, ""))
}

// TestEscapedHTMLBudgetJSONFeed checks the DiagnosticLimit of a JSON Feed
// item's content_html past its budget.
func TestEscapedHTMLBudgetJSONFeed(t *testing.T) {
	src := hostileHTMLShapes[3].make(200 << 10)
	js := fmt.Sprintf(`{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1","content_html":%q}]}`, src)
	var diags []Diagnostic
	f, err := ParseDocument(strings.NewReader(js), WithJSONFeed(), WithDiagnostics(&diags))
	require.NoError(t, err)
	require.Len(t, diags, 1, "%v", diags)
	assert.Equal(t, DiagnosticLimit, diags[0].Kind)
	assert.Equal(t, "items[0].content_html", diags[0].Path)
	assert.ErrorIs(t, diags[0].Err, ErrLimit)
	tc := htmltoken.FragmentTreeCost(src, htmltoken.TreeBudget(len(src)), false)
	require.Less(t, tc.Cut, len(src))
	assert.Equal(t, SafeHTML(f.Entries[0].Content, ""), SafeHTML(escapedHTMLText(src), ""), "the same fragment as from RSS")
}

// TestDisplayTextBudget checks that DisplayText of a string value holding
// hostile markup parses it within the budget too.
func TestDisplayTextBudget(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector drops pooled buffers at random: allocations are not the program's")
	}
	for _, s := range hostileHTMLShapes {
		src := s.make(64 << 10)
		tc := htmltoken.FragmentTreeCost(src, htmltoken.TreeBudget(len(src)), true)
		title := stringText(src)
		bytes, _ := htmlAllocated(func() { DisplayText(title) })
		assert.LessOrEqual(t, bytes, uint64(boundPerByte*len(src)+boundConst), "%s: %d bytes allocated (cut at %d of %d)", s.name, bytes, tc.Cut, len(src))
	}
}

// TestFragmentJSONSize checks that fragmentJSONSize gives the length of
// what appendFragmentJSON appends, and reports false where it does.
func TestFragmentJSONSize(t *testing.T) {
	srcs := []string{
		"<p>a &amp; b &lt; c \"d\" 'e'</p>", "<a href=\"x?a=1&amp;b='2'\" title='\"<>'>y</a>", "<pre>\nx</pre>",
		"<textarea>\n\nx</textarea>", "<br><img src=a alt=\"&quot;\"><hr>", "<!-- c -- > --><p>x</p>",
		"<svg viewBox=\"0 0 1 1\"><path d=\"M0\"/></svg>", "<math><mi>x</mi></math>", "<script>a<b</script>",
		"x\u2028y\u2029z", "<p title=\"\u2028\">\u00e9\xff\xfe</p>", "<table><tr><td>1</td></tr></table>",
		strings.Repeat("<b><i><p>x", 300), strings.Repeat("<p>é \u2028", 700),
	}
	for _, s := range hostileHTMLShapes {
		srcs = append(srcs, s.make(4<<10))
	}
	for _, src := range srcs {
		frag, _ := parseHTMLFragment(src)
		for _, escapeHTML := range []bool{false, true} {
			size, ok := fragmentJSONSize(frag, escapeHTML, new(jsonSizer))
			out, wantOK := appendFragmentJSON(nil, frag, escapeHTML)
			require.Equal(t, wantOK, ok, "%.80q html %v", src, escapeHTML)
			if ok {
				assert.Equal(t, len(out), size, "%.80q html %v", src, escapeHTML)
			}
		}
	}
}

// TestPlainTextResult checks plainWriter.result, which collapses the
// buffer in one pass, against what it does: the lines, each with its
// white space collapsed and trimmed (plainCollapseSpace), the empty ones
// left out, joined by newlines.
func TestPlainTextResult(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	pieces := []string{" ", "  ", "\n", "\n\n", "a", "bc", "é", "漢字", "\u00a0", "x y", "-"}
	for range 20000 {
		var w plainWriter
		for range r.IntN(12) {
			p := pieces[r.IntN(len(pieces))]
			if p == "\u00a0" {
				// The writer turns Unicode white space into spaces.
				p = " "
			}
			w.buf.WriteString(p)
		}
		buf := w.buf.String()
		lines := strings.Split(buf, "\n")
		out := lines[:0]
		for _, l := range lines {
			if l = plainCollapseSpace(l); l != "" {
				out = append(out, l)
			}
		}
		require.Equal(t, strings.Join(out, "\n"), w.result(), "%q", buf)
	}
}

package htmltoken

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/feedspec/feedspec/internal/sharedtest"
)

// A builtTree is what the fragment x/net/html builds holds, counted as
// FragmentTreeCost counts a tree's cost.
type builtTree struct {
	elements, nodes int
	cost            int64
	failed          bool
}

// buildTree parses src as FragmentTreeCost models it and counts the tree.
func buildTree(src string, scripting bool) builtTree {
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := html.ParseFragmentWithOptions(strings.NewReader(src), ctx, html.ParseOptionEnableScripting(scripting))
	if err != nil {
		return builtTree{failed: true}
	}
	var b builtTree
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		b.nodes++
		switch n.Type {
		case html.ElementNode:
			b.elements++
			b.cost += CostNode + CostAttr*int64(len(n.Attr))
			for _, a := range n.Attr {
				b.cost += int64(len(a.Key) + len(a.Val))
				if a.Namespace != "" {
					b.cost += int64(len(a.Namespace) + 1)
				}
			}
		default:
			b.cost += CostNode + int64(len(n.Data))
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return b
}

// A modelCost is FragmentTreeCost without a budget, and treeCost its cost
// with what leaves no trace in the tree taken out: what joining texts
// costs beyond their bytes, the html and body elements' attribute merges,
// and nodes that end outside the fragment.
type modelCost struct {
	TreeCost
	treeCost int64
	// exact: the model's counts must equal the tree's (no body element
	// was detached or had attributes merged, no node went to the
	// document).
	exact bool
}

func runModel(src string, scripting bool) modelCost {
	m := new(treeModel)
	run := func(z Tokenizer, fz *Fast) (TreeCost, bool) {
		m.reset(scripting)
		return m.run(z, fz, len(src), 1<<62)
	}
	fz := NewFast(src)
	fz.bare = true
	tc, ok := run(fz, fz)
	if !ok {
		tc, _ = run(html.NewTokenizerFragment(strings.NewReader(src), "div"), nil)
	}
	return modelCost{TreeCost: tc, treeCost: m.cost - m.joinCost + m.joinBytes - m.mergeCost - m.outsideCost,
		exact: m.outsideCost == 0 && !m.bodyMerged}
}

// checkModel compares the model with the tree x/net/html builds for src:
// the same elements and nodes, the same cost but for what leaves no trace,
// and the same failure past 512 open elements.
func checkModel(t testing.TB, src string, scripting bool) bool {
	t.Helper()
	got := runModel(src, scripting)
	want := buildTree(src, scripting)
	if got.Overflow || want.failed {
		return assert.Equal(t, want.failed, got.Overflow, "x/net/html fails on %q", src)
	}
	if !got.exact {
		return assert.GreaterOrEqual(t, got.Cost, want.cost, "cost of %q", src)
	}
	ok := assert.Equal(t, want.elements, got.Elements, "elements of %q", src)
	ok = assert.Equal(t, want.nodes, got.Nodes, "nodes of %q", src) && ok
	return assert.Equal(t, want.cost, got.treeCost, "cost of %q", src) && ok
}

// soupPieces are what treeSoup makes fragments of: the constructs that
// steer the tree builder.
var soupPieces = []string{
	"<b>", "</b>", "<i>", "</i>", "<u>", "</u>", "<a>", "</a>", "<a href=x>", "<font color=red>", "</font>",
	"<font>", "<nobr>", "</nobr>", "<em class=a>", "<em class=b>", "</em>", "<code>", "</code>", "<s>", "<strike>",
	"<p>", "</p>", "<div>", "</div>", "<span>", "</span>", "<li>", "</li>", "<ul>", "</ul>", "<dd>", "<dt>",
	"<h1>", "</h2>", "<blockquote>", "</blockquote>", "<br>", "</br>", "<hr>", "<img>", "<image src=a>",
	"<table>", "</table>", "<tr>", "</tr>", "<td>", "</td>", "<th>", "<tbody>", "</tbody>", "<caption>",
	"</caption>", "<colgroup>", "<col>", "</colgroup>", "<thead>", "<tfoot>",
	"<form>", "</form>", "<input type=hidden>", "<input>", "<button>", "</button>",
	"<svg>", "</svg>", "<math>", "</math>", "<foreignObject>", "</foreignobject>", "<desc>", "<title>",
	"<mi>", "<mtext>", "<annotation-xml encoding=text/html>", "<annotation-xml>", "<mglyph>", "<path/>",
	"<clippath>", "</clipPath>", "<svg/>", "<![CDATA[x]]>",
	"<template>", "</template>", "<select>", "</select>", "<option>", "<optgroup>",
	"<textarea>\nx</textarea>", "<pre>\n\nx", "<listing>", "<script>a<b</script>", "<style>x</style>",
	"<title>t</title>", "<xmp>x</xmp>", "<noscript><b>n</noscript>", "<iframe>i</iframe>",
	"<html a=1>", "<html b=2>", "<head>", "</head>", "<body c=3>", "</body>", "</html>", "<frameset>", "<frame>",
	"</frameset>", "<noframes>n</noframes>", "<object>", "</object>", "<marquee>", "<applet>",
	"<ruby>", "<rt>", "<rp>", "<rb>", "<meta>", "<link>", "<base>", "<param>", "<custom-el>", "</custom-el>",
	"<!--c-->", "<!doctype html>", "<?pi?>", "</q>", "x", "y ", " ", "\n", "&amp;", "&lt;", "\x00", "\r\n",
	"<b c=1>", "<b c=2>", "<b c=3>", "<i a=&amp;>",
}

// treeSoup returns a random fragment of n pieces (a plaintext start tag,
// after which all is text, seldom).
func treeSoup(r *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		if r.IntN(200) == 0 {
			b.WriteString("<plaintext>")
		}
		b.WriteString(soupPieces[r.IntN(len(soupPieces))])
	}
	return b.String()
}

// TestTreeCostMatchesTree compares the model with x/net/html's tree on
// chosen fragments and on random ones: short, long, nested past 512 open
// elements, and with many formatting elements of distinct attributes
// (the attribute sets the model keeps are compacted).
func TestTreeCostMatchesTree(t *testing.T) {
	for _, src := range []string{
		"", "x", "<b>x</b>", "<b><i><p>x</b>y", "<a>x<a>y</a>", "<table>x<tr><td>y</table>",
		"<p><b c=1><b c=2></p><p>x", "x</q>x</q>x", "<html a><html b>", "<svg><foreignObject><table><td>x</table>",
		"<table><td><svg><html><foreignObject><table></table>x", "<template><td>x</template>",
		"<b><div>x</b>y", "<table><b><tr><td>x</b></td></tr></table>", "<pre>\nx", "<textarea>\nx",
		"<select><option>a<option>b</select>", "<math><mi><b>x</math>", "<frameset><frame>",
		"<b><table><td></b>x", "<a><table><a>x", "<font color=x><svg><font color=y>",
		"<i a=\"&amp;\"><p>x</p>y", "<svg><style><b>x</b></style></svg>", "<math><title>&lt;</title></math>",
	} {
		for _, scripting := range []bool{false, true} {
			checkModel(t, src, scripting)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	n, long := 20000, 1500
	if testing.Short() {
		n, long = 4000, 300
	}
	bad := 0
	check := func(src string, scripting bool) {
		if !checkModel(t, src, scripting) {
			if bad++; bad > 10 {
				t.Fatal("too many mismatches")
			}
		}
	}
	for i := range n {
		check(treeSoup(r, 1+r.IntN(40)), i%4 == 0)
	}
	for i := range long {
		src := treeSoup(r, 100+r.IntN(900))
		if i%10 == 0 {
			src = strings.Repeat("<div><b>", 200+r.IntN(200)) + src
		}
		check(src, i%3 == 0)
	}
	for range long / 5 {
		var b strings.Builder
		for range 50 + r.IntN(400) {
			switch r.IntN(6) {
			case 0:
				fmt.Fprintf(&b, "<b c=%d>", r.IntN(5))
			case 1:
				fmt.Fprintf(&b, "<font color=%d>", r.IntN(300))
			case 2:
				b.WriteString("</p><p>x")
			case 3:
				b.WriteString("</b>")
			case 4:
				b.WriteString("<table><td>y</table>")
			case 5:
				fmt.Fprintf(&b, "<i a=%d b=%d>", r.IntN(3), r.IntN(3))
			}
		}
		check(b.String(), false)
	}
}

// corpusTexts returns the distinct texts holding markup of the corpus feeds
// and the conformance documents (newTextSet, differential_test.go).
func corpusTexts(t *testing.T) []string {
	texts := newTextSet()
	for _, d := range sharedtest.ConformanceDocuments(t) {
		texts.addDocument(t, []byte(d))
	}
	for _, f := range sharedtest.CorpusFiles(t) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		texts.addDocument(t, b)
	}
	return texts.list
}

// TestTreeCostCorpus compares the model with the tree of every text of the
// corpus feeds and conformance documents that holds markup, and checks
// that each is within its budget, by 15% at least (its largest share is
// logged), and that AppendHTML's bound of the cost never passes it.
func TestTreeCostCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the corpus-wide check runs without -short")
	}
	texts := corpusTexts(t)
	bad, worst, worstLen := 0, 0.0, 0
	for _, src := range texts {
		if !checkModel(t, src, false) {
			if bad++; bad > 10 {
				t.Fatal("too many mismatches")
			}
		}
		budget := TreeBudget(len(src))
		tc := FragmentTreeCost(src, budget, false)
		require.Equal(t, len(src), tc.Cut, "a corpus text passes its budget")
		if share := float64(tc.Cost) / float64(budget); share > worst {
			worst, worstLen = share, len(src)
		}
		_, _, cost, _ := appendTokens(nil, NewFast(src), JSONStringEscapeHTML|DropOneByOneImages, len(src), budget, false)
		assert.LessOrEqual(t, cost, budget, "AppendHTML's bound of the cost of %.200q", src)
	}
	assert.Less(t, worst, 0.9, "the densest text's share of its budget")
	t.Logf("%d texts; the densest (%d bytes) costs %.2f of its budget", len(texts), worstLen, worst)
}

// TestRendererCostBound checks what AppendHTML's consistency with the
// budget rests on: whenever it writes a fragment, the cost it counted
// bounds the cost FragmentTreeCost counts, so that it never writes one
// fitHTML cuts. With a Fast and with x/net/html's tokenizer, in each mode.
func TestRendererCostBound(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	n := 20000
	if testing.Short() {
		n = 4000
	}
	written := 0
	for range n {
		src := treeSoup(r, 1+r.IntN(60))
		model := runModel(src, false)
		if model.Overflow {
			continue
		}
		for _, mode := range []Mode{0, JSONString, JSONStringEscapeHTML | DropOneByOneImages, SortAttributes} {
			for _, fast := range []bool{true, false} {
				var z Tokenizer = html.NewTokenizerFragment(strings.NewReader(src), "div")
				fz := NewFast(src)
				if fast {
					z = fz
				}
				_, ok, cost, _ := appendTokens(nil, z, mode, len(src), TreeBudget(len(src)), false)
				if !ok || fast && fz.GaveUp() {
					continue
				}
				written++
				require.GreaterOrEqual(t, cost, model.Cost, "%q mode %d fast %v", src, mode, fast)
			}
		}
	}
	t.Logf("%d fragments written", written)
	assert.Greater(t, written, n/2, "many fragments are written from their tokens")
}

// TestTreeCostCut checks the cut of hostile fragments: the prefix kept
// is within the budget (FragmentTreeCost of it, with the whole text's
// budget, cuts nothing and counts the cost it counted), ends where a
// token does, and its tree is the one the model counted.
func TestTreeCostCut(t *testing.T) {
	shapes := [][2]string{{"", "<b><i><p>x"}, {"", "<a>x<a>y"}, {"", "<table>x<b>"}, {"", "<p><font>x"}, {"<b>", "x</q>"},
		{"", "<font color=red>x<p>"}, {"", "<b><svg><i><p>x"}, {"", "<table><td>x<b>y</table>"},
		{"<p><b c=1><b c=2><b c=3><b c=4>", "</p><p>x"}}
	for _, shape := range shapes {
		unit := shape[0] + shape[1]
		src := shape[0] + strings.Repeat(shape[1], (64<<10)/len(shape[1]))
		budget := TreeBudget(len(src))
		tc := FragmentTreeCost(src, budget, false)
		require.Less(t, tc.Cut, len(src), "%q passes its budget", unit)
		assert.LessOrEqual(t, tc.Cost, budget, "%q", unit)
		prefix := src[:tc.Cut]
		again := FragmentTreeCost(prefix, budget, false)
		assert.Equal(t, len(prefix), again.Cut, "%q: the prefix is within the budget", unit)
		assert.Equal(t, tc.Cost, again.Cost, "%q: the prefix costs what the model counted", unit)
		assert.Equal(t, tc.Nodes, again.Nodes, "%q", unit)
		checkModel(t, prefix, false)
		// The prefix ends where a token ends: the tokens of the
		// prefix are those of the whole up to the cut.
		z := NewFast(src)
		for z.Next() != html.ErrorToken && z.rawA < tc.Cut {
		}
		assert.Equal(t, tc.Cut, z.rawA, "%q: the cut is where a token starts", unit)
	}
}

// TestTreeCostLinear checks that the model's work and memory grow
// linearly on hostile fragments (no budget, so that it reads them whole):
// for 10 times the input, at most 12 times the bytes it allocates, the
// tokens it reads and the nodes it counts.
func TestTreeCostLinear(t *testing.T) {
	shapes := []func(n int) string{
		func(n int) string { return strings.Repeat("<b><i><p>x", n/10) },
		func(n int) string { return strings.Repeat("<a>x<a>y", n/8) },
		func(n int) string { return strings.Repeat("x</q>", n/5) },
		func(n int) string {
			var b strings.Builder
			for i := 0; b.Len() < n; i++ {
				fmt.Fprintf(&b, "<html a%d>", i)
			}
			return b.String()
		},
		func(n int) string {
			var b strings.Builder
			b.WriteString("<p>")
			for i := range 200 {
				fmt.Fprintf(&b, "<b c=%d>", i)
			}
			return b.String() + strings.Repeat("</p><p>x", n/8)
		},
		func(n int) string {
			var b strings.Builder
			for i := 0; b.Len() < n; i++ {
				fmt.Fprintf(&b, "<p><font color=%d>x", i)
			}
			return b.String()
		},
	}
	for k, shape := range shapes {
		var bytes [2]uint64
		var tcs [2]TreeCost
		for i, n := range []int{64 << 10, 640 << 10} {
			src := shape(n)
			// The least of three runs, each right after a run that
			// filled the pools: a collection empties sync.Pools, and
			// one that falls between the runs must not count as the
			// model's cost.
			bytes[i] = math.MaxUint64
			for range 3 {
				runtime.GC()
				FragmentTreeCost(src, 1<<62, false) // the pools filled
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				tcs[i] = FragmentTreeCost(src, 1<<62, false)
				runtime.ReadMemStats(&after)
				bytes[i] = min(bytes[i], after.TotalAlloc-before.TotalAlloc)
			}
			t.Logf("shape %d: %d bytes: %d allocated, %d tokens, %d nodes", k, len(src), bytes[i], tcs[i].Tokens, tcs[i].Nodes)
		}
		assert.LessOrEqual(t, bytes[1], 12*bytes[0]+64<<10, "shape %d: bytes allocated", k)
		assert.LessOrEqual(t, tcs[1].Tokens, 12*tcs[0].Tokens, "shape %d: tokens", k)
		assert.LessOrEqual(t, tcs[1].Nodes, 12*tcs[0].Nodes, "shape %d: nodes", k)
	}
}

// FuzzTreeCost compares the model with x/net/html's tree on any input,
// and checks the cut's invariants with a small budget.
func FuzzTreeCost(f *testing.F) {
	for _, s := range []string{"<b><i><p>x</b>y", "<a>x<a>y", "<table>x<b><tr><td>y", "<p><b c=1><b c=2></p><p>x",
		"x</q>x</q>x", "<html a><html b>", "<svg><foreignObject><table><td>x</table>", "<template><td>x</template>",
		"<select><option>a</select>", "<math><mi><b>x</math>", "<pre>\nx", "<font color=x><svg><font color=y>",
		"<table><td><svg><html><foreignObject><table></table>x", "<frameset><frame>", "<i a=\"&amp;\"><p>x</p>y"} {
		f.Add(s, uint16(200))
	}
	f.Fuzz(func(t *testing.T, src string, budget uint16) {
		checkModel(t, src, false)
		checkModel(t, src, true)
		tc := FragmentTreeCost(src, int64(budget), false)
		require.LessOrEqual(t, tc.Cut, len(src))
		if tc.Cut < len(src) {
			again := FragmentTreeCost(src[:tc.Cut], int64(budget), false)
			require.Equal(t, tc.Cut, again.Cut, "%q budget %d: the prefix is within it", src, budget)
			require.Equal(t, tc.Cost, again.Cost, "%q budget %d", src, budget)
		}
	})
}

package htmltoken

import (
	"fmt"
	"math/rand/v2"
	"os"
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

// modelCost is FragmentTreeCost without a budget, and with the costs that
// leave no trace in the tree taken out: what joining texts cost beyond
// their bytes, the html and body elements' attribute merges, and nodes
// that end outside the fragment.
type modelCost struct {
	TreeCost
	treeCost int64
	// exact: the model's counts must equal the tree's (no body element
	// was detached and no node went to the document).
	exact bool
}

func runModel(src string, scripting bool) modelCost {
	m := new(treeModel)
	run := func(z Tokenizer, fz *Fast) (TreeCost, bool) {
		m.reset(scripting)
		return m.run(z, fz, len(src), 1<<62)
	}
	fz := NewFast(src)
	tc, ok := run(fz, fz)
	if !ok {
		tc, _ = run(html.NewTokenizerFragment(strings.NewReader(src), "div"), nil)
	}
	return modelCost{TreeCost: tc, treeCost: m.cost - m.joinCost + m.joinBytes - m.mergeCost - m.outsideCost,
		exact: m.outsideCost == 0 && !m.bodyMerged}
}

// checkModel compares the model with the tree x/net/html builds for src.
func checkModel(t *testing.T, src string, scripting bool) bool {
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

// treeSoup returns a random fragment made of the constructs that steer the
// tree builder: formatting elements with and without attributes,
// misnested end tags, blocks, lists, tables and their parts, forms,
// foreign content and its integration points, templates, select, raw text
// and RCDATA elements, the html, head, body and frameset tags, comments,
// character references and text.
func treeSoup(r *rand.Rand, n int) string {
	pieces := []string{
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
		"<plaintext>",
	}
	var b strings.Builder
	for range n {
		p := pieces[r.IntN(len(pieces))]
		if p == "<plaintext>" && r.IntN(8) != 0 {
			continue
		}
		b.WriteString(p)
	}
	return b.String()
}

func TestTreeCostMatchesTree(t *testing.T) {
	for _, src := range []string{
		"", "x", "<b>x</b>", "<b><i><p>x</b>y", "<a>x<a>y</a>", "<table>x<tr><td>y</table>",
		"<p><b c=1><b c=2></p><p>x", "x</q>x</q>x", "<html a><html b>", "<svg><foreignObject><table><td>x</table>",
		"<table><td><svg><html><foreignObject><table></table>x", "<template><td>x</template>",
		"<b><div>x</b>y", "<table><b><tr><td>x</b></td></tr></table>", "<pre>\nx", "<textarea>\nx",
		"<select><option>a<option>b</select>", "<math><mi><b>x</math>", "<frameset><frame>",
		"<b><table><td></b>x", "<a><table><a>x", "<font color=x><svg><font color=y>",
	} {
		for _, scripting := range []bool{false, true} {
			checkModel(t, src, scripting)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	bad := 0
	for i := range 20000 {
		src := treeSoup(r, 1+r.IntN(40))
		if !checkModel(t, src, i%4 == 0) {
			bad++
			if bad > 10 {
				t.Fatal("too many mismatches")
			}
		}
	}
}

// TestTreeCostCorpus compares the model with the tree of every text of the
// corpus feeds and conformance documents that holds markup.
func TestTreeCostCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the corpus-wide check runs without -short")
	}
	texts := newTextSet()
	for _, d := range sharedtest.ConformanceDocuments(t) {
		texts.addDocument(t, []byte(d))
	}
	for _, f := range sharedtest.CorpusFiles(t) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		texts.addDocument(t, b)
	}
	bad := 0
	for _, src := range texts.list {
		if !checkModel(t, src, false) {
			bad++
			if bad > 10 {
				t.Fatal("too many mismatches")
			}
		}
	}
	t.Logf("%d texts", len(texts.list))
}

var _ = fmt.Sprint

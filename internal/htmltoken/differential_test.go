package htmltoken

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/sharedtest"
	"github.com/feedspec/feedspec/xml5"
)

// TestDifferential checks both invariants against x/net/html on every
// distinct text that holds markup or a character reference ('<' or '&'),
// the child text content of an element, in the feed-parsing conformance
// documents and in the corpus feeds: what feeds give as escaped HTML. For
// each source it prints one line of counts (agreed, gave up, disagreed);
// disagreed must be 0. Without ../shared it skips; with -short too (the
// race run), as the corpus takes seconds.
func TestDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the corpus-wide differential test runs without -short")
	}
	t.Run("conformance", func(t *testing.T) {
		docs := sharedtest.ConformanceDocuments(t)
		texts := newTextSet()
		for _, d := range docs {
			texts.addDocument(t, []byte(d))
		}
		checkDifferential(t, "conformance", texts.list)
	})
	t.Run("corpus", func(t *testing.T) {
		texts := newTextSet()
		for _, f := range sharedtest.CorpusFiles(t) {
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			texts.addDocument(t, b)
		}
		checkDifferential(t, "corpus", texts.list)
	})
}

// A textSet collects distinct texts in the order first seen.
type textSet struct {
	seen map[string]bool
	list []string
}

func newTextSet() *textSet { return &textSet{seen: map[string]bool{}} }

// addDocument adds the child text content of every element of the XML
// document b that holds '<' or '&'.
func (s *textSet) addDocument(t *testing.T, b []byte) {
	doc, err := xml5.Parse(bytes.NewReader(b))
	require.NoError(t, err)
	var walk func(n *xml5.Node)
	walk = func(n *xml5.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != xml5.ElementNode {
				continue
			}
			if v := c.ChildTextContent(); strings.ContainsAny(v, "<&") && !s.seen[v] {
				s.seen[v] = true
				s.list = append(s.list, v)
			}
			walk(c)
		}
	}
	walk(doc.Node)
}

// counts tallies outcomes.
type counts [3]int

func (c counts) String() string {
	return fmt.Sprintf("%d agreed, %d gave up, %d disagreed", c[agreed], c[gaveUp], c[disagreed])
}

// checkDifferential runs compareTokens and compareRender (every mode) on
// every text, fails t on each disagreement (the first few in full) and
// prints the counts.
func checkDifferential(t *testing.T, source string, texts []string) {
	var tokens, render, renderDrop counts
	reported := 0
	report := func(what, src, diff string) {
		if reported++; reported <= 5 {
			assert.Fail(t, what+" disagrees with x/net/html", "%q\n%s", src, diff)
		}
	}
	for _, src := range texts {
		o, diff := compareTokens(src)
		tokens[o]++
		if o == disagreed {
			report("Fast", src, diff)
		}
		o, diff = compareRender(src, 0)
		render[o]++
		if o == disagreed {
			report("AppendHTML", src, diff)
		}
		o, diff = compareRender(src, DropOneByOneImages)
		renderDrop[o]++
		if o == disagreed {
			report("AppendHTML(DropOneByOneImages)", src, diff)
		}
		for _, mode := range []Mode{JSONString, DropOneByOneImages | JSONStringEscapeHTML, DropOneByOneImages | SortAttributes} {
			if o, diff = compareRender(src, mode); o == disagreed {
				report(fmt.Sprintf("AppendHTML(mode %d)", mode), src, diff)
			}
		}
	}
	assert.LessOrEqual(t, reported, 5, "%d more disagreements", reported-5)
	fmt.Printf("htmltoken differential, %s: %d texts; Fast vs Tokenizer: %v; AppendHTML vs ParseFragment+Render: %v; with DropOneByOneImages: %v\n",
		source, len(texts), tokens, render, renderDrop)
}

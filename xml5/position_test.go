package xml5

import (
	"math/rand"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// naivePosition is Position counted from the start every time.
func naivePosition(s string, offset int) (int, int) {
	offset = max(0, min(offset, len(s)))
	before := s[:offset]
	lineStart := strings.LastIndexByte(before, '\n') + 1
	return strings.Count(before, "\n") + 1, utf8.RuneCountInString(before[lineStart:]) + 1
}

// TestPosition checks Position against counting from the start, for
// offsets in increasing, decreasing and random order, inside multi-byte
// characters, and past the end, from several goroutines at once.
func TestPosition(t *testing.T) {
	src := "<feed>\n  <title>café 表</title>\n\n<entry><id>é</id></entry>\r\n<x/></feed>"
	doc, err := Parse(strings.NewReader(src))
	require.NoError(t, err)
	text := doc.text
	var offsets []int
	for i := -2; i <= len(text)+2; i++ {
		offsets = append(offsets, i)
	}
	check := func(t *testing.T, order []int) {
		for _, o := range order {
			l, c := doc.Position(o)
			wl, wc := naivePosition(text, o)
			if !assert.Equal(t, [2]int{wl, wc}, [2]int{l, c}, "Position(%d)", o) {
				return
			}
		}
	}
	check(t, offsets)
	rev := make([]int, len(offsets))
	for i, o := range offsets {
		rev[len(offsets)-1-i] = o
	}
	check(t, rev)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		shuffled := append([]int(nil), offsets...)
		rand.New(rand.NewSource(int64(g))).Shuffle(len(shuffled), func(i, j int) {
			shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
		})
		wg.Add(1)
		go func() {
			defer wg.Done()
			check(t, shuffled)
		}()
	}
	wg.Wait()
	var nilDoc *Document
	l, c := nilDoc.Position(3)
	assert.Equal(t, [2]int{0, 0}, [2]int{l, c}, "nil Document")
}

// TestErrorPositions checks the line and column of every parse error, and
// of a limit error, against counting from the start: errors on one line,
// on many, after multi-byte characters and after entity expansions.
func TestErrorPositions(t *testing.T) {
	src := "<!DOCTYPE r [<!ENTITY e \"<b>&amp;</b>\">]>\n<r>\n  é&e;&x; <a b='1' b='2'/>表 &y;\n" +
		strings.Repeat("ü&z; </c>", 50) + "\n\n<d a=1 a=2>&w;</d>\r\n</r></r>"
	doc, err := Parse(strings.NewReader(src), WithErrors())
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(doc.Errors), 100, "errors")
	for _, e := range doc.Errors {
		l, c := naivePosition(doc.text, e.Offset)
		assert.Equal(t, [2]int{l, c}, [2]int{e.Line, e.Column}, "%s at offset %d: line, column", e.Code, e.Offset)
	}
	_, err = Parse(strings.NewReader("<r>\n<a>\n<a>\n<a>é<a>"), WithErrors(), WithLimits(Limits{MaxDepth: 3}))
	var le *LimitError
	require.ErrorAs(t, err, &le, "want a LimitError")
	l, _ := naivePosition("<r>\n<a>\n<a>\n<a>é<a>", int(le.Offset))
	assert.Equal(t, l, le.Line, "limit error at offset %d: line", le.Offset)
}

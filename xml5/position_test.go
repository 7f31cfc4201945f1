package xml5

import (
	"errors"
	"math/rand"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
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
	if err != nil {
		t.Fatal(err)
	}
	text := doc.text
	var offsets []int
	for i := -2; i <= len(text)+2; i++ {
		offsets = append(offsets, i)
	}
	check := func(t *testing.T, order []int) {
		for _, o := range order {
			l, c := doc.Position(o)
			wl, wc := naivePosition(text, o)
			if l != wl || c != wc {
				t.Errorf("Position(%d) = %d, %d; want %d, %d", o, l, c, wl, wc)
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
	if l, c := nilDoc.Position(3); l != 0 || c != 0 {
		t.Errorf("nil Document: %d, %d", l, c)
	}
}

// TestErrorPositions checks the line and column of every parse error, and
// of a limit error, against counting from the start: errors on one line,
// on many, after multi-byte characters and after entity expansions.
func TestErrorPositions(t *testing.T) {
	src := "<!DOCTYPE r [<!ENTITY e \"<b>&amp;</b>\">]>\n<r>\n  é&e;&x; <a b='1' b='2'/>表 &y;\n" +
		strings.Repeat("ü&z; </c>", 50) + "\n\n<d a=1 a=2>&w;</d>\r\n</r></r>"
	doc, err := Parse(strings.NewReader(src), WithErrors())
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Errors) < 100 {
		t.Fatalf("%d errors, want at least 100", len(doc.Errors))
	}
	for _, e := range doc.Errors {
		if l, c := naivePosition(doc.text, e.Offset); l != e.Line || c != e.Column {
			t.Errorf("%s at offset %d: line %d, column %d; want %d, %d", e.Code, e.Offset, e.Line, e.Column, l, c)
		}
	}
	_, err = Parse(strings.NewReader("<r>\n<a>\n<a>\n<a>é<a>"), WithErrors(), WithLimits(Limits{MaxDepth: 3}))
	var le *LimitError
	if !errors.As(err, &le) {
		t.Fatalf("err = %v, want a LimitError", err)
	}
	if l, _ := naivePosition("<r>\n<a>\n<a>\n<a>é<a>", int(le.Offset)); le.Line != l {
		t.Errorf("limit error at offset %d: line %d, want %d", le.Offset, le.Line, l)
	}
}

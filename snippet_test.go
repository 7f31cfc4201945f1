package feedspec

import (
	"math/rand"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/rivo/uniseg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSnippet(t *testing.T) {
	const family = "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466" // 7 runes, one cluster
	tests := []struct {
		name string
		s    string
		n    int
		want string
	}{
		{"n zero", "Hello", 0, ""},
		{"n negative", "Hello", -3, ""},
		{"empty", "", 5, ""},
		{"fits", "Hello world", 11, "Hello world"},
		{"fits with room", "Hello world", 100, "Hello world"},
		{"fits, kept as it is", "  Hello,\n world!  ", 18, "  Hello,\n world!  "},
		{"cut at a space", "The quick brown fox jumps", 12, "The quick…"},
		{"word ends at the cut", "abc de fgh", 7, "abc de…"},
		{"punctuation trimmed", "Hello, world and more", 8, "Hello…"},
		{"punctuation after the cut", "abc de, fgh", 7, "abc de…"},
		{"sentence end trimmed", "One. Two three four", 8, "One…"},
		{"quotes and brackets trimmed", `He said ("yes") and left`, 18, "He said (\"yes…"},
		{"apostrophe is inside a word", "abc don't stop", 8, "abc…"},
		{"long first word", "Supercalifragilistic words", 6, "Super…"},
		{"n of one", "Hello", 1, "…"},
		{"n of two", "Hello", 2, "H…"},
		{"hyphen is a boundary", "state-of-the-art design", 10, "state-of…"},
		{"no break at a no-break space", "Run 10\u00a0km today", 9, "Run…"},
		{"newlines are spaces", "First line\nSecond line", 14, "First line…"},

		// Chinese and Japanese: no spaces, a boundary between ideographs
		// and kana; no break before closing punctuation.
		{"chinese", "我们今天去公园玩，明天去海边。", 6, "我们今天去…"},
		{"chinese punctuation trimmed", "我们今天去公园玩，明天去海边。", 10, "我们今天去公园玩…"},
		{"japanese", "日本語のテキストです。とても長い", 5, "日本語の…"},
		{"japanese full stop", "これはペンです。それは本です。", 9, "これはペンです…"},
		{"korean spaces", "한국어 텍스트는 띄어쓰기를 합니다", 10, "한국어 텍스트는…"},

		// Grapheme clusters are never split.
		{"combining accent not split", "Cafe\u0301 au lait", 5, "Caf…"},
		{"combining accent kept whole", "Cafe\u0301 au lait", 6, "Cafe\u0301…"},
		{"many combining marks", "Ze\u0300\u0301\u0302\u0303\u0304bra crossing", 5, "Z…"},
		{"emoji zwj sequence dropped whole", family + " family trip", 5, "…"},
		{"emoji zwj sequence kept whole", family + " family trip", 9, family + "…"},
		{"emoji zwj after a word", "Our " + family + " trip", 8, "Our…"},
		{"flags", "\U0001F1EF\U0001F1F5\U0001F1EB\U0001F1F7\U0001F1E9\U0001F1EA", 4, "\U0001F1EF\U0001F1F5…"},
		{"flags two", "\U0001F1EF\U0001F1F5\U0001F1EB\U0001F1F7\U0001F1E9\U0001F1EA", 5, "\U0001F1EF\U0001F1F5\U0001F1EB\U0001F1F7…"},
		{"flag not split", "\U0001F1EF\U0001F1F5\U0001F1EB\U0001F1F7\U0001F1E9\U0001F1EA\U0001F1EC\U0001F1E7", 6, "\U0001F1EF\U0001F1F5\U0001F1EB\U0001F1F7…"},
		{"skin tone modifier", "\U0001F44D\U0001F3FD\U0001F44D\U0001F3FD\U0001F44D\U0001F3FD", 4, "\U0001F44D\U0001F3FD…"},
		{"hangul jamo syllable", "\u1100\u1161\u11A8\u1100\u1161\u11A8\u1100\u1161\u11A8", 5, "\u1100\u1161\u11A8…"},
		{"crlf not split", "abcd\r\nefgh", 6, "abcd…"},

		// Invalid UTF-8: each invalid byte is a rune of its own.
		{"invalid bytes counted", "ab\xff\xfecd efgh", 8, "ab\xff\xfecd…"},
		{"invalid kept when it fits", "a\xffb", 3, "a\xffb"},
		{"valid sequence after invalid not split", "\xff\xe3\x81\x82\xe3\x81\x84\xe3\x81\x86", 3, "\xff\xe3\x81\x82…"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Snippet(tc.s, tc.n)
			assert.Equal(t, tc.want, got)
			checkSnippet(t, tc.s, tc.n, got)
		})
	}
}

// checkSnippet checks what Snippet promises of got = Snippet(s, n).
func checkSnippet(t testing.TB, s string, n int, got string) {
	t.Helper()
	if n <= 0 {
		require.Empty(t, got)
		return
	}
	require.LessOrEqual(t, utf8.RuneCountInString(got), n, "Snippet(%q, %d) = %q: too long", s, n, got)
	if got == s {
		require.LessOrEqual(t, utf8.RuneCountInString(s), n)
		return
	}
	require.Greater(t, utf8.RuneCountInString(s), n, "Snippet(%q, %d) = %q cut a string that fits", s, n, got)
	prefix, ok := strings.CutSuffix(got, "…")
	require.True(t, ok, "Snippet(%q, %d) = %q: no ellipsis", s, n, got)
	require.True(t, strings.HasPrefix(s, prefix), "Snippet(%q, %d) = %q: not a prefix", s, n, got)
	// The cut is at a grapheme cluster boundary of s, after a cluster that
	// is not all space and punctuation (unless only such clusters fit).
	at, state, rest := 0, -1, s
	last, content := "", false
	for at < len(prefix) {
		last, rest, _, state = uniseg.StepString(rest, state)
		at += len(last)
		content = content || !spaceOrPunct(last)
	}
	require.Equal(t, len(prefix), at, "Snippet(%q, %d) = %q splits a grapheme cluster", s, n, got)
	if content {
		require.False(t, spaceOrPunct(last), "Snippet(%q, %d) = %q ends in space or punctuation", s, n, got)
	}
}

// TestSnippetRandom checks Snippet's promises on random strings of words,
// CJK, emoji, marks, punctuation and invalid bytes, and that it answers as
// when it read every cluster whole (snippetReadAll).
func TestSnippetRandom(t *testing.T) {
	pieces := []string{"word", "a", " ", "  ", "\n", ",", ".", "!", "(", ")", "\"", "'", "日本", "語", "。", "e\u0301", "e\u0301\u0302\u0303",
		"\U0001F468\u200D\U0001F469\u200D\U0001F467", "\U0001F1EF\U0001F1F5", "\u00a0", "-", "\xff", "\xe3\x81", "don't", "한국",
		"$", "(1", "12", "%", "\r\n", "\u200b", "\u2014"}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for j := rng.Intn(30); j >= 0; j-- {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		s := b.String()
		n := rng.Intn(utf8.RuneCountInString(s)+3) - 1
		got := Snippet(s, n)
		checkSnippet(t, s, n, got)
		require.Equal(t, snippetReadAll(s, n), got, "Snippet(%q, %d)", s, n)
	}
}

// TestSnippetLinear: the cost grows linearly with what Snippet reads: a
// long text cut near its end, and one grapheme cluster of many combining
// marks (no longer read whole: TestSnippetReadsLittle). It compares the
// CPU time of ten calls on an input with that of one call on ten times the
// input.
func TestSnippetLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	cost := func(s string, n, calls int) time.Duration {
		best := time.Duration(1 << 62)
		for try := 0; try < 3; try++ {
			start := cpuTime()
			for i := 0; i < calls; i++ {
				Snippet(s, n)
			}
			best = min(best, cpuTime()-start)
		}
		return best
	}
	for _, shape := range []struct {
		name string
		make func(k int) (string, int)
	}{
		{"words", func(k int) (string, int) {
			s := strings.Repeat("word, 日本語 e\u0301 ", k)
			return s, utf8.RuneCountInString(s) - 3
		}},
		{"one cluster", func(k int) (string, int) { return "a" + strings.Repeat("\u0301", 10*k) + " b", 5 }},
	} {
		s, n := shape.make(2000)
		small := cost(s, n, 10)
		s, n = shape.make(20000)
		large := cost(s, n, 1)
		t.Logf("%s: %v CPU for 10 calls on 1x, %v for 1 call on 10x", shape.name, small, large)
		assert.Less(t, large, 4*small+20*time.Millisecond, "%s: one call on 10x the input took %v, ten on 1x %v", shape.name, large, small)
	}
}

// snippetReadAll is Snippet as it was before it bounded what it reads:
// every grapheme cluster read whole with uniseg.StepString, and the run of
// space and punctuation after the cut followed to its end (here to n
// clusters, as Snippet does now, so that the two agree wherever s holds no
// cluster longer than the room).
func snippetReadAll(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if fitsRunes(s, n) {
		return s
	}
	budget := n - utf8.RuneCountInString(snippetEllipsis)
	var runes, pos, content, fit, fitContent, wordContent int
	state, rest := -1, s
	for len(rest) > 0 {
		var cluster string
		var boundaries int
		cluster, rest, boundaries, state = uniseg.StepString(rest, state)
		runes += utf8.RuneCountInString(cluster)
		if runes > budget {
			for look := 0; cluster != "" && spaceOrPunct(cluster) && look < n; look++ {
				if boundaries&uniseg.MaskLine != uniseg.LineDontBreak {
					wordContent = content
					break
				}
				cluster, rest, boundaries, state = uniseg.StepString(rest, state)
			}
			break
		}
		pos += len(cluster)
		if !spaceOrPunct(cluster) {
			content = pos
		}
		fit, fitContent = pos, content
		if boundaries&uniseg.MaskLine != uniseg.LineDontBreak {
			wordContent = content
		}
	}
	cut := wordContent
	if cut == 0 {
		cut = fitContent
	}
	if cut == 0 {
		cut = fit
	}
	return s[:cut] + snippetEllipsis
}

// TestSnippetReadsLittle: Snippet reads a bounded part of s, at most
// 12n + 60 bytes, whatever follows (a 1 MB or 10 MB word, grapheme
// cluster, or run of punctuation: the same bytes read and the same
// answer; a 10 MB grapheme cluster took 1.6 s, 10 MB of quotes after a
// word 3.7 s). TestSnippetRandom compares it with snippetReadAll.
func TestSnippetReadsLittle(t *testing.T) {
	for _, shape := range []struct{ name, head, unit string }{
		{"a word of letters", "x", "a"},
		{"a word of digits", "", "1"},
		{"ideographs", "", "日"},
		{"one cluster of combining marks", "a", "\u0301"},
		{"one cluster of joiners", "\U0001F468", "\u200D"},
		{"quotes after a word", "word ", "\""},
		{"quotes after the first cluster", "w", "\""},
		{"a word, then one long cluster", "word e", "\u0301"},
		{"spaces", "word", " "},
	} {
		for _, n := range []int{1, 5, 40} {
			var outs []string
			var reads []int
			for _, size := range []int{1 << 20, 10 << 20} {
				s := shape.head + strings.Repeat(shape.unit, (size-len(shape.head))/len(shape.unit))
				out, read := snippet(s, n)
				checkSnippet(t, s, n, out)
				outs, reads = append(outs, out), append(reads, read)
			}
			assert.Equal(t, outs[0], outs[1], "%s, n = %d: the answer for 1 MB and 10 MB", shape.name, n)
			assert.Equal(t, reads[0], reads[1], "%s, n = %d: bytes read of 1 MB and of 10 MB", shape.name, n)
			assert.LessOrEqual(t, reads[1], 12*n+60, "%s, n = %d: bytes read", shape.name, n)
		}
	}
}

package feedspec

import (
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// snippetEllipsis ends a snippet that was cut.
const snippetEllipsis = "…"

// Snippet returns at most n characters (runes) of s for display, such as a
// preview of an entry's text (PlainText or DisplayText) in a list: s itself
// when it has n runes or fewer; otherwise its beginning cut at a word
// boundary, with the white space and punctuation before the cut trimmed and
// an ellipsis ("…", one rune, counted in the n) appended. It is a
// convenience beyond the specification.
//
// The word boundaries are the line-break opportunities of Unicode's line
// breaking algorithm (UAX #14): after the spaces that follow a word, after
// a hyphen, between two ideographs or kana of text written without spaces
// (Chinese, Japanese), never inside a word nor before closing punctuation.
// A word longer than the room there is, alone or first, is cut inside, at a
// grapheme cluster boundary (UAX #29). A grapheme cluster, what a reader
// sees as one character (a letter and its combining marks, an emoji ZWJ
// sequence such as a family, a flag's two regional indicators, a Hangul
// syllable of jamo), is never split: it is kept whole or left out, so a
// snippet may be shorter than n runes. When not even one fits before the
// ellipsis (n = 1, or a first cluster of n runes or more), Snippet gives
// "…" alone. Segmentation is that of github.com/rivo/uniseg.
//
// s is used as it is: white space inside is not collapsed (use
// strings.Fields first for one line) and invalid UTF-8 is kept; an invalid
// byte counts as one rune, as in utf8.RuneCountInString, and a cut never
// falls inside a valid sequence. n ≤ 0 gives "". The cost is linear in the
// part of s read, at most 12n + 60 bytes (about n runes, and n more
// clusters after the cut) whatever s holds after them: a grapheme cluster
// too long to fit is not read to its end, and a run of space and
// punctuation after the cut longer than n clusters is taken as no word
// boundary.
func Snippet(s string, n int) string {
	out, _ := snippet(s, n)
	return out
}

// snippetMargin is how many bytes snippetStep reads past the room it is
// given: a cluster that ends in them is not taken as read whole.
const snippetMargin = 16

// snippet is Snippet; read is how many bytes of s it read (the tests
// bound it).
func snippet(s string, n int) (out string, read int) {
	if n <= 0 {
		return "", 0
	}
	if fitsRunes(s, n) {
		return s, min(len(s), 4*(n+1))
	}
	budget := n - utf8.RuneCountInString(snippetEllipsis)
	var (
		runes       int // runes of the clusters read
		pos         int // bytes of the clusters read
		content     int // end of the last cluster with a character other than space or punctuation
		fit         int // end of the last cluster that fits
		fitContent  int // content at fit
		wordContent int // content at the last word boundary that fits
		state       = -1
		rest        = s
	)
	// step is uniseg.StepString on at most room bytes of rest and a
	// margin: a grapheme cluster is decided by its own runes, and whether
	// a line may break after it by the next rune (UAX #14's LB25 looks no
	// further; the word and sentence rules StepString also applies look
	// further, which Snippet does not use). long reports a cluster that
	// reaches into the margin: it was cut, and is longer than room.
	step := func(room int) (cluster string, boundaries int, long bool) {
		view := rest
		if len(view) > room+snippetMargin {
			view = view[:room+snippetMargin]
		}
		read = max(read, len(s)-len(rest)+len(view))
		cluster, _, boundaries, state = uniseg.StepString(view, state)
		long = len(view) < len(rest) && len(cluster) > room
		rest = rest[len(cluster):]
		return cluster, boundaries, long
	}
	for len(rest) > 0 {
		// A cluster that fits has at most budget-runes runes, 4 bytes each.
		cluster, boundaries, long := step(4 * (budget - runes + 1))
		runes += utf8.RuneCountInString(cluster)
		if runes > budget || long {
			// The cut falls at a word boundary when the clusters from it
			// to the next boundary are all space or punctuation, which the
			// trim would take off anyway ("a word, next"). A long cluster
			// is never all space or punctuation (its marks are neither);
			// a run of them longer than n clusters is taken as no
			// boundary.
			for look := 0; !long && cluster != "" && spaceOrPunct(cluster) && look < n; look++ {
				if boundaries&uniseg.MaskLine != uniseg.LineDontBreak {
					wordContent = content
					break
				}
				cluster, boundaries, long = step(4 * utf8.UTFMax)
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
		// A first word longer than the room: cut it at a grapheme
		// cluster boundary.
		cut = fitContent
	}
	if cut == 0 {
		cut = fit // only spaces and punctuation fit
	}
	return s[:cut] + snippetEllipsis, read
}

// fitsRunes reports whether s has at most n runes, reading at most n+1.
func fitsRunes(s string, n int) bool {
	if len(s) <= n {
		return true
	}
	i := 0
	for range s {
		if i == n {
			return false
		}
		i++
	}
	return true
}

// spaceOrPunct reports whether every rune of cluster is white space or
// punctuation, which Snippet trims before the ellipsis.
func spaceOrPunct(cluster string) bool {
	for _, r := range cluster {
		if !unicode.IsSpace(r) && !unicode.IsPunct(r) {
			return false
		}
	}
	return true
}

package article

import (
	"regexp"
	"strings"

	"github.com/feedspec/feedspec"
)

// TeaserWords is the word count (feedspec.WordCount) under which an
// entry's summary, when the entry has no content, is taken for a teaser.
// Feeds that give whole posts in the description rarely give fewer than
// 50 words; teasers usually run to 20–50.
const TeaserWords = 50

// NeedsFetch reports whether e carries only a teaser of its article, so
// that a reader wanting the text has to fetch the entry's page (its
// PageURL; NeedsFetch is false when it has none):
//
//   - it has no content (Content, else Summary, else Subtitle, holds no
//     text), or
//   - it has no Content and its summary has fewer than TeaserWords words,
//     or
//   - its content, or when it has none its summary, ends in a "read more"
//     mark: an ellipsis ("…", "...", "[…]", "[...]", "(more…)") or a link
//     text such as "Read more", "Continue reading", "Read the full
//     article", "Keep reading", "Weiterlesen", "Lire la suite", "Leer más"
//     or "続きを読む" (a trailing "The post … appeared first on …" line,
//     which WordPress adds after the mark, is skipped).
func NeedsFetch(e *feedspec.Entry) bool {
	if e == nil || e.PageURL == "" {
		return false
	}
	if text := feedspec.PlainText(e.Content); text != "" {
		return endsInMoreMark(text)
	}
	text := feedspec.PlainText(e.Summary)
	if text == "" {
		text = feedspec.PlainText(e.Subtitle)
	}
	return text == "" || feedspec.WordCount(text) < TeaserWords || endsInMoreMark(text)
}

// appearedFirst matches the line WordPress appends to feed excerpts.
var appearedFirst = regexp.MustCompile(`(?i)^the post .* appeared first on .*$`)

// moreMark matches the end of a teaser: an ellipsis or a "read more" link
// text, with the punctuation and arrows that decorate them.
var moreMark = regexp.MustCompile(`(?i)(` +
	`…|\.\.\.|\[…\]|\[\.\.\.\]|\(more…\)|\(more\.\.\.\)|` +
	`read more|read the (full|whole|rest of the|complete) (article|story|post)|read (full|whole) (article|story|post)|` +
	`continue reading|keep reading|more »|weiterlesen|lire la suite|leer más|seguir leyendo|leggi tutto|続きを読む|もっと読む` +
	`)[\s\p{P}\p{S}]*$`)

// endsInMoreMark reports whether the plain text ends in a "read more" mark.
func endsInMoreMark(text string) bool {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	if len(lines) > 1 && appearedFirst.MatchString(last) {
		last = strings.TrimSpace(lines[len(lines)-2])
	}
	// Only the end of the text matters: keep the regexp's work small.
	if len(last) > 200 {
		last = last[len(last)-200:]
	}
	return moreMark.MatchString(last)
}

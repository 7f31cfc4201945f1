package feedspec

import (
	"strings"
	"unicode"

	"golang.org/x/net/html"
)

// PlainText returns t as plain text, for indexing, previews and titles: markup
// removed and character references decoded. It returns "" for a nil Text.
//
// A string value is plain text already (text with no markup, or escaped HTML
// that held only text); PlainText returns it with every run of white space
// collapsed to one space and leading and trailing white space removed.
//
// For a Node value the fragment's text is taken in document order, except the
// content of script, style, template, noscript, head, title, iframe, object,
// embed, textarea, select and button elements and of elements hidden by
// their author (the hidden attribute, or a style attribute with display:
// none or visibility: hidden). Inside a line, runs of white space (Unicode white space,
// no-break spaces included) collapse to one space; block elements (p, div,
// headings, list items, table rows, blockquote, pre, ...) and br start a new
// line, and line breaks inside pre are kept. Lines are trimmed and empty
// lines dropped, so the result has no blank lines and no leading or trailing
// white space. Table cells in a row are separated by a space. Images
// contribute nothing (not even their alt text).
func PlainText(t *Text) string {
	if t == nil {
		return ""
	}
	n := t.Node()
	if !t.IsNode() || n == nil {
		return plainCollapseSpace(t.String())
	}
	var w plainWriter
	w.walk(n, false)
	return w.result()
}

// plainSkip lists the elements whose content PlainText leaves out.
var plainSkip = map[string]bool{
	"script": true, "style": true, "template": true, "noscript": true,
	"head": true, "title": true, "iframe": true, "object": true,
	"embed": true, "textarea": true, "select": true, "button": true,
	"noembed": true, "noframes": true, "datalist": true,
}

// plainBlock lists the elements PlainText puts on lines of their own.
var plainBlock = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true,
	"body": true, "caption": true, "center": true, "dd": true,
	"details": true, "dialog": true, "dir": true, "div": true, "dl": true,
	"dt": true, "fieldset": true, "figcaption": true, "figure": true,
	"footer": true, "form": true, "h1": true, "h2": true, "h3": true,
	"h4": true, "h5": true, "h6": true, "header": true, "hgroup": true,
	"hr": true, "html": true, "legend": true, "li": true, "listing": true,
	"main": true, "menu": true, "nav": true, "ol": true, "p": true,
	"pre": true, "section": true, "summary": true, "table": true,
	"tbody": true, "tfoot": true, "thead": true, "tr": true, "ul": true,
	"xmp": true, "plaintext": true,
}

// plainWriter accumulates text; '\n' in buf marks a line break, and every
// other white space character has been turned into ' ' (outside pre).
type plainWriter struct {
	buf strings.Builder
}

func (w *plainWriter) walk(n *html.Node, pre bool) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			w.text(c.Data, pre)
		case html.ElementNode:
			name := strings.ToLower(c.Data)
			if plainSkip[name] || isHiddenElement(c) {
				continue
			}
			switch {
			case name == "br":
				w.buf.WriteByte('\n')
			case name == "td" || name == "th":
				w.buf.WriteByte(' ')
				w.walk(c, pre)
				w.buf.WriteByte(' ')
			case plainBlock[name]:
				w.buf.WriteByte('\n')
				w.walk(c, pre || name == "pre" || name == "listing" || name == "xmp" || name == "plaintext")
				w.buf.WriteByte('\n')
			default:
				w.walk(c, pre)
			}
		}
	}
}

// text appends s, turning white space into spaces, except that line breaks
// inside pre stay line breaks.
func (w *plainWriter) text(s string, pre bool) {
	for _, r := range s {
		switch {
		case pre && (r == '\n' || r == '\r'):
			w.buf.WriteByte('\n')
		case unicode.IsSpace(r):
			w.buf.WriteByte(' ')
		default:
			w.buf.WriteRune(r)
		}
	}
}

func (w *plainWriter) result() string {
	lines := strings.Split(w.buf.String(), "\n")
	out := lines[:0]
	for _, l := range lines {
		if l = plainCollapseSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// plainCollapseSpace replaces each run of Unicode white space in s by one space
// and removes leading and trailing white space.
func plainCollapseSpace(s string) string {
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

// isHiddenElement reports whether the element n is hidden from display by
// its author: it has the hidden attribute, or its style attribute declares
// display: none or visibility: hidden (or collapse). PlainText and SafeHTML
// leave such elements out with their content.
func isHiddenElement(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Namespace != "" {
			continue
		}
		switch strings.ToLower(a.Key) {
		case "hidden":
			return true
		case "style":
			for _, decl := range strings.Split(a.Val, ";") {
				prop, val, ok := strings.Cut(decl, ":")
				if !ok {
					continue
				}
				prop = strings.ToLower(strings.TrimSpace(prop))
				val = strings.ToLower(strings.TrimSpace(val))
				val = strings.TrimSpace(strings.TrimSuffix(val, "!important"))
				if prop == "display" && val == "none" ||
					prop == "visibility" && (val == "hidden" || val == "collapse") {
					return true
				}
			}
		}
	}
	return false
}

// WordCount returns the number of words in the plain text s (see PlainText),
// for reading-time estimates and statistics. A word is a run of letters,
// digits and marks, with the punctuation inside it ("don't", "e-mail",
// "3.14" are one word each), between white space or the ends of s; a run of
// punctuation alone ("—", "...") is not a word. Chinese and Japanese are
// written without spaces between words, so every Han, Hiragana or Katakana
// character (and Bopomofo, and the prolonged sound mark "ー") counts as one
// word, as word counters for those languages do; Korean, which separates
// words by spaces, is counted like other scripts. Other scripts written
// without spaces (Thai, Lao, Khmer, Burmese) need a dictionary to split;
// each of their space-separated runs counts as one word.
func WordCount(s string) int {
	count := 0
	inWord := false // inside a run that already has a letter or digit
	for _, r := range s {
		switch {
		case isCJKWordRune(r):
			count++
			inWord = false
		case unicode.IsSpace(r):
			inWord = false
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsNumber(r) || unicode.IsMark(r):
			if !inWord {
				count++
				inWord = true
			}
		}
		// Punctuation and symbols neither start nor end a word.
	}
	return count
}

// isCJKWordRune reports whether r is a character that WordCount counts as a
// word of its own.
func isCJKWordRune(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Bopomofo, r) ||
		r == 'ー' || r == 'ｰ'
}

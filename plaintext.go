package feedspec

import (
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// PlainText returns t as plain text, for indexing, previews and titles: markup
// removed and character references decoded. It returns "" for a nil Text.
//
// A string value is taken as plain text, as the specification says it is
// (text with no markup, or escaped HTML that held only text); PlainText
// returns it with every run of white space collapsed to one space and
// leading and trailing white space removed. Markup that a publisher put in
// a field the specification reads as a string (an RSS title, a channel
// description) is kept as written: "<p>Hi</p>" stays "<p>Hi</p>". To show
// a text to a person, use DisplayText, which removes such markup.
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
//
// The result holds no C0 control character but the newline between lines:
// U+0000–U+0008 and U+000E–U+001F (a backspace in a title, say) are
// dropped, and tab, vertical tab, form feed and carriage return are white
// space. The same holds for DisplayText.
func PlainText(t *Text) string {
	if t == nil {
		return ""
	}
	n := t.readNode() // not kept (text.go)
	if !t.IsNode() || n == nil {
		return plainCollapseSpace(t.String())
	}
	var w plainWriter
	w.walk(n, false)
	return w.result()
}

// DisplayText returns the text a person should see for t: a title, a
// description, a summary, on one screen with no HTML renderer. It returns ""
// for a nil Text.
//
//   - For a Node value it is PlainText(t).
//   - For a string value that carries HTML markup, it is the text of the
//     string's HTML parse, as PlainText gives it for a Node. A string
//     carries markup when it has the tags of a known HTML element (a start
//     tag and, after it, its end tag, as in "<b>new</b>"; or a br, hr, img
//     or wbr tag alone) or a character reference ending in a semicolon
//     ("&amp;", "&#39;", "&eacute;"). The known elements are those of the
//     HTML Living Standard and the obsolete font, center, big, strike and
//     tt; not "<blink>" or "<content>", and a lone "<template>" is not
//     markup either: titles about HTML write tags as words. The
//     specification makes an RSS title or channel description a string, and
//     many publishers put markup in it: "Tom &amp; Jerry <b>new</b>" shows
//     as "Tom & Jerry new", "<p>Twice-monthly…</p>" as "Twice-monthly…".
//   - Any other string is plain text: DisplayText returns it as PlainText
//     does (white space collapsed, trimmed), so "a < b" stays "a < b" and
//     "Q&A" stays "Q&A".
//
// Which accessor to use: DisplayText for what people read (titles in a
// list, a podcast's description); PlainText for indexing and word counts,
// where a string that merely looks like HTML must not lose words; String
// for the value as the specification defines it (the string, or a Node's
// HTML); SafeHTML to render a Node as HTML. The canonical JSON holds the
// specification's value, not DisplayText's.
func DisplayText(t *Text) string {
	if t == nil {
		return ""
	}
	if t.IsNode() {
		return PlainText(t)
	}
	s := t.String()
	if !hasHTMLMarkup(s) {
		return plainCollapseSpace(s)
	}
	nodes, err := html.ParseFragment(strings.NewReader(fitHTML(s, true)), displayContext)
	if err != nil { // only a read error, which a strings.Reader never gives
		return plainCollapseSpace(s)
	}
	frag := &html.Node{Type: html.DocumentNode}
	for _, n := range nodes {
		frag.AppendChild(n)
	}
	var w plainWriter
	w.walk(frag, false)
	return w.result()
}

// displayContext is the context element of DisplayText's fragment parse: a
// body element, as for escaped HTML content.
var displayContext = &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}

// hasHTMLMarkup reports whether s has a tag of a known HTML element
// (htmlElements) or a character reference that ends in a semicolon and
// names a character.
func hasHTMLMarkup(s string) bool {
	if strings.IndexByte(s, '&') >= 0 && hasCharacterReference(s) {
		return true
	}
	if strings.IndexByte(s, '<') < 0 {
		return false
	}
	z := html.NewTokenizer(strings.NewReader(s))
	var open []string // the known elements started so far
	for {
		switch z.Next() {
		case html.ErrorToken:
			return false
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			switch n := string(name); {
			case displayVoid[n]:
				return true
			case htmlElements[n]:
				open = append(open, n)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			for _, n := range open {
				if n == string(name) {
					return true
				}
			}
		}
	}
}

// displayVoid are the void elements whose tag alone makes a string HTML
// for DisplayText.
var displayVoid = map[string]bool{"br": true, "hr": true, "img": true, "wbr": true}

// hasCharacterReference reports whether s has "&name;", "&#digits;" or
// "&#xhex;" that decodes to a character.
func hasCharacterReference(s string) bool {
	for i := strings.IndexByte(s, '&'); i >= 0; {
		rest := s[i+1:]
		end := strings.IndexByte(rest, ';')
		if end > 0 && end <= 32 {
			ref := s[i : i+1+end+1]
			if isReferenceName(ref[1:len(ref)-1]) && html.UnescapeString(ref) != ref {
				return true
			}
		}
		j := strings.IndexByte(rest, '&')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// isReferenceName reports whether name (between "&" and ";") has the form
// of a character reference: letters and digits starting with a letter, or
// "#" and decimal digits, or "#x" and hex digits.
func isReferenceName(name string) bool {
	if name == "" {
		return false
	}
	if name[0] == '#' {
		digits := name[1:]
		hex := len(digits) > 0 && (digits[0] == 'x' || digits[0] == 'X')
		if hex {
			digits = digits[1:]
		}
		if digits == "" {
			return false
		}
		for i := 0; i < len(digits); i++ {
			c := digits[i]
			if !('0' <= c && c <= '9' || hex && isHexDigit(c)) {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// htmlElements are the element names whose tags make a string HTML for
// DisplayText: the elements of the HTML Living Standard, and the obsolete
// presentational font, center, big, strike and tt that feeds still use. Not
// blink, marquee or other names that plain-text titles write between angle
// brackets as words ("The history of the <blink> tag").
var htmlElements = map[string]bool{
	"a": true, "abbr": true, "address": true, "area": true, "article": true,
	"aside": true, "audio": true, "b": true, "base": true, "bdi": true,
	"bdo": true, "blockquote": true, "body": true, "br": true, "button": true,
	"canvas": true, "caption": true, "cite": true, "code": true, "col": true,
	"colgroup": true, "data": true, "datalist": true, "dd": true, "del": true,
	"details": true, "dfn": true, "dialog": true, "div": true, "dl": true,
	"dt": true, "em": true, "embed": true, "fieldset": true,
	"figcaption": true, "figure": true, "footer": true, "form": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"head": true, "header": true, "hgroup": true, "hr": true, "html": true,
	"i": true, "iframe": true, "img": true, "input": true, "ins": true,
	"kbd": true, "label": true, "legend": true, "li": true, "link": true,
	"main": true, "map": true, "mark": true, "menu": true, "meta": true,
	"meter": true, "nav": true, "noscript": true, "object": true, "ol": true,
	"optgroup": true, "option": true, "output": true, "p": true,
	"picture": true, "pre": true, "progress": true, "q": true, "rp": true,
	"rt": true, "ruby": true, "s": true, "samp": true, "script": true,
	"search": true, "section": true, "select": true, "slot": true,
	"small": true, "source": true, "span": true, "strong": true,
	"style": true, "sub": true, "summary": true, "sup": true, "table": true,
	"tbody": true, "td": true, "template": true, "textarea": true,
	"tfoot": true, "th": true, "thead": true, "time": true, "title": true,
	"tr": true, "track": true, "u": true, "ul": true, "var": true,
	"video": true, "wbr": true,
	"font": true, "center": true, "big": true, "strike": true, "tt": true,
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
		if w.buf.Cap()-w.buf.Len() < plainRoom {
			// Doubled, as SafeHTML's output is (safeRoom).
			w.buf.Grow(plainRoom)
		}
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
		case r < 0x20:
			// A C0 control that is not white space: dropped.
		default:
			w.buf.WriteRune(r)
		}
	}
}

// plainRoom is the room PlainText keeps in its buffer before each node.
const plainRoom = 256

// result returns the lines of w's text with their white space collapsed
// and trimmed (plainCollapseSpace), the empty ones left out, joined by
// newlines. The buffer holds no white space but ' ' and '\n' and no C0
// control (text turns and drops them), so one pass over its bytes does it.
func (w *plainWriter) result() string {
	s := w.buf.String()
	var b strings.Builder
	b.Grow(len(s))
	// inLine: a word of the current line was written; space: white space
	// followed it.
	inLine, space := false, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\n':
			inLine, space = false, false
		case ' ':
			space = inLine
		default:
			switch {
			case !inLine:
				if b.Len() > 0 {
					b.WriteByte('\n')
				}
				inLine = true
			case space:
				b.WriteByte(' ')
			}
			space = false
			b.WriteByte(c)
		}
	}
	return b.String()
}

// plainCollapseSpace replaces each run of Unicode white space in s by one space
// and removes leading and trailing white space; C0 control characters that
// are not white space are dropped.
func plainCollapseSpace(s string) string {
	return strings.Join(strings.FieldsFunc(dropControls(s), unicode.IsSpace), " ")
}

// dropControls returns s without the C0 control characters that are not
// white space (U+0000–U+0008, U+000E–U+001F).
func dropControls(s string) string {
	i := 0
	for i < len(s) && !isDroppedControl(s[i]) {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	for j := 0; j < len(s); j++ {
		if !isDroppedControl(s[j]) {
			b = append(b, s[j])
		}
	}
	return string(b)
}

// isDroppedControl reports whether c is a C0 control character other than
// tab, newline, vertical tab, form feed and carriage return.
func isDroppedControl(c byte) bool {
	return c < 0x20 && (c < '\t' || c > '\r')
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

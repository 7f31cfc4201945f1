package feedspec

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unsafe"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/feedspec/feedspec/internal/htmltoken"
	"github.com/feedspec/feedspec/xml5"
)

// parseEscapedHTML parses escaped HTML content of el [178].
// It returns nil when the fragment has no significant content, a string
// value when the sanitized fragment is exactly one Text node, and otherwise
// the fragment.
func parseEscapedHTML(el *xml5.Node) *Text {
	return (*processor)(nil).parseEscapedHTML(el)
}

// parseEscapedHTML is parseEscapedHTML for the processors: the Text, when
// the tokens decide it, is taken from the parse's blocks (textblock.go).
func (p *processor) parseEscapedHTML(el *xml5.Node) *Text {
	return p.escapedHTMLTextOf(el.ChildTextContent(), true) // [101]
}

// escapedHTMLText is [178] from [73] on, for the text [101] gave. When the
// HTML tokenizer alone decides the result (analyzeHTML), a Node value keeps
// the source and builds its fragment on first use; otherwise the fragment is
// built now (parseHTMLText, the eager path, which tests compare against),
// and the source kept with it.
func escapedHTMLText(text string) *Text {
	return (*processor)(nil).escapedHTMLTextOf(text, false)
}

// escapedHTMLTextOf is escapedHTMLText; validUTF8 tells that text is known
// to be valid UTF-8, which a Node value keeps so that AppendJSON skips the
// check. The text of an xml5 document's Text nodes always is: xml5.Parse
// decodes its input to valid UTF-8 (every decoder's output is checked, and
// invalid sequences become U+FFFD), a Text node's data is pieces of that
// text cut at ASCII bytes ('<', '&', CR, NUL, CDATA and tag delimiters)
// joined with ASCII and the UTF-8 encoding of character references (U+FFFD
// for those that are not characters), and ChildTextContent joins such
// data. TestXML5TextValidUTF8 checks it on hostile input. p, when not nil,
// gives the Texts the tokens decide from the parse's blocks.
func (p *processor) escapedHTMLTextOf(text string, validUTF8 bool) *Text {
	// Text without markup, character references, carriage returns or NULs
	// parses to one Text node holding the same string (or to no node at all
	// when it is empty), so the parser can be skipped.
	if !hasMarkupByte(text) {
		if !textHasNonSpace(text) { // [109]
			return nil // [111]
		}
		return p.blockText(text) // [339] [340]
	}
	if sum, exact := decideHTML(text); exact {
		switch {
		case !sum.significant: // [109]
			return nil // [111]
		case sum.isString: // [339]
			return p.blockText(sum.text) // [340]
		}
		t := p.blockText("")
		t.lazy = p.newLazyFragment() // [72]
		t.lazy.src, t.lazy.sig, t.lazy.sigLater, t.lazy.validUTF8 = text, sum.sig, sum.sigLater, validUTF8
		return t
	}
	t := parseHTMLText(text)
	if t != nil && t.isNode() {
		// Keep the source too, so that WithoutDocument can let the tree
		// go (detachFeed).
		st := sourcedNodeText(text, t.frag)
		st.lazy.validUTF8 = validUTF8
		return st
	}
	return t
}

// hasMarkupByte reports whether s holds a '<', '&', CR or NUL: a short s
// eight bytes at a time (strings.ContainsAny reads one byte at a time, and
// these texts are many and mostly short), a long one by a vector search for
// each byte, whose cost per byte is a fraction of the word test's.
func hasMarkupByte(s string) bool {
	if len(s) >= 64 {
		// A long text is searched for each byte by the vector search;
		// '<' first, which most escaped HTML starts with.
		return strings.IndexByte(s, '<') >= 0 || strings.IndexByte(s, '&') >= 0 ||
			strings.IndexByte(s, '\r') >= 0 || strings.IndexByte(s, 0) >= 0
	}
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	// zero has the high bit set of a byte of w that is zero, and maybe
	// of bytes after one that is: none is set when no byte is zero.
	zero := func(w uint64) uint64 { return (w - ones) & ^w & highs }
	i := 0
	for ; i+8 <= len(s); i += 8 {
		b := s[i : i+8]
		w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		if zero(w)|zero(w^('<'*ones))|zero(w^('&'*ones))|zero(w^('\r'*ones)) != 0 {
			return true
		}
	}
	for ; i < len(s); i++ {
		switch s[i] {
		case '<', '&', '\r', 0:
			return true
		}
	}
	return false
}

// parseHTMLText is [178] from [73] on, always running the HTML fragment
// parser and building the fragment now.
func parseHTMLText(text string) *Text {
	frag, significant := parseHTMLFragment(text)
	// [109]
	if !significant {
		return nil // [111]
	}
	// [339]: exactly one child node, and it is a Text node
	// (docs/decisions.md#single-text-node).
	if c := frag.FirstChild; c != nil && c == frag.LastChild && c.Type == html.TextNode {
		return stringText(c.Data) // [340]
	}
	return nodeText(frag) // [72]
}

// parseHTMLFragment runs [73]–[108]: it parses text with the HTML fragment
// parser into a fragment (a DocumentNode) and sanitizes it, and reports
// whether the fragment has significant content. The parser reads text, or
// the part of it whose tree is within its budget (fitHTML).
func parseHTMLFragment(text string) (*html.Node, bool) {
	// [73] [70]: a div context in a fresh no-quirks document, scripting
	// disabled (so noscript content is markup).
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	// [74]
	frag := &html.Node{Type: html.DocumentNode}
	nodes, err := html.ParseFragmentWithOptions(strings.NewReader(fitHTML(text, false)), ctx,
		html.ParseOptionEnableScripting(false))
	if err != nil {
		// A strings.Reader does not fail; nothing was parsed.
		return frag, false
	}
	// [71]
	for _, n := range nodes {
		frag.AppendChild(n)
	}
	// [108]
	return frag, sanitize(frag)
}

// fitHTML returns src, HTML that the fragment parser is to read (in a div
// or body context, with scripting enabled or not), or, when the tree
// x/net/html would build for it costs more than its budget
// (htmltoken.TreeBudget: 16 bytes a byte of src, and as much again up to
// 256 KiB), the longest prefix of src, ending where a token ends, whose
// tree is within it. Only hostile markup passes the budget: the copies of
// formatting elements the tree builder makes (misnested <b><i><p>
// repeated, formatting elements left open across paragraphs), text it
// joins again and again, an html tag whose attributes it merges again and
// again, markup denser than any feed's (docs/toolkit.md). No text of the
// corpus comes within 15% of its budget.
func fitHTML(src string, scripting bool) string {
	return src[:htmltoken.FragmentTreeCost(src, htmltoken.TreeBudget(len(src)), scripting).Cut]
}

// htmlBudgetError returns, when the fragment tree of the escaped HTML of t
// (a Text from escapedHTMLTextOf) passes its budget (fitHTML), the message
// and budget of the DiagnosticLimit that says so and where the HTML is cut;
// ok is false otherwise.
func htmlBudgetError(t *Text) (msg string, budget int64, ok bool) {
	l := t.lazyOf()
	if l == nil || !l.escapedSource() {
		return "", 0, false
	}
	src := t.source(l)
	budget = htmltoken.TreeBudget(len(src))
	tc := htmltoken.FragmentTreeCost(src, budget, false)
	if tc.Cut == len(src) {
		return "", 0, false
	}
	return fmt.Sprintf("the tree of these %d bytes of escaped HTML passes its budget of %d bytes at byte %d: the fragment (SafeHTML, PlainText, Node, the canonical JSON) is that of the bytes before", len(src), budget, tc.Cut),
		budget, true
}

// lazyOf returns t's lazy fragment, nil for a string value or a Node
// given as a tree.
func (t *Text) lazyOf() *lazyFragment {
	if t == nil {
		return nil
	}
	return t.lazy
}

// An htmlSummary is what [178] needs to know about a fragment, decided from
// its tokens.
type htmlSummary struct {
	// significant is [109]'s "has significant content" after [108].
	significant bool
	// isString tells that the sanitized fragment is exactly one Text node
	// [339], whose data is text.
	isString bool
	text     string
	// sig summarizes the fragment's text content, unless sigLater: then
	// the tokens were read only until the answer was known, and
	// (*lazyFragment).signature reads them all when asked.
	sig      textSignature
	sigLater bool
	// textOver tells that the tokens were read only until the text
	// content passed the bound analyzeHTMLWith was given.
	textOver bool
}

// decideHTML is analyzeHTML reading the tokens only until significant
// content and a node that is not a single Text node have been seen: no
// later token removes a node the tree builder has inserted or makes
// significant content hidden (a hidden attribute hides the subtree of its
// own element, which starts later; template, svg, math and select contents
// start later too; the tree builder moves nodes, as the adoption agency and
// foster parenting do, but never removes one; the sanitizer removes only
// 1x1 images, decided at their own tag), so the answer is the same as with
// all tokens. The fragment's text signature is then left to signature.
func decideHTML(src string) (sum htmlSummary, exact bool) {
	if decidedByStart(src) {
		// The tokens would say the same: significant text and an
		// element (see decidedByStart).
		return htmlSummary{significant: true, sigLater: true}, true
	}
	return analyzeHTMLWith(src, true, -1)
}

// decidedByStart reports whether the start of src decides it as decideHTML
// would from its first tokens, significant content and a node, with no
// tokenizer, for the shapes most descriptions have: after white space
// other than CR, either
//
//   - the start tag of one of the common elements plainStartTag names, with
//     no attribute, then text whose first byte other than white space (CR
//     included, which the tokenizer reads as LF) is not '<' or '&'
//     ("<p>Text…"), or
//   - text whose first byte is not '<' or '&', up to a '<' that starts a
//     tag, and that tag such a start tag ("Text<br />…").
//
// decideHTML reads such a source as (white space,) an element and text
// with significant content, in either order, and stops there. Its text
// tokens hold no NUL, on which analyzeTokens gives up, as src holds none
// (checked). A CR or NUL anywhere in src makes the fast tokenizer give up,
// and x/net/html's gives the same tokens (CR read as LF).
func decidedByStart(src string) bool {
	i := skipHTMLSpace(src, 0)
	if i == len(src) {
		return false
	}
	if src[i] == '<' {
		end, ok := plainStartTagAt(src, i)
		if !ok {
			return false
		}
		// The text after the tag is significant when its first byte
		// other than white space is not '<' or '&'. A CR is white space
		// there too: the tokenizer reads it as LF ("<p>\r\n</p>" holds
		// no significant content).
		j := end
		for j < len(src) && (src[j] == '\r' || isHTMLSpaceNotCR(src[j])) {
			j++
		}
		if j == len(src) || src[j] == '<' || src[j] == '&' {
			return false
		}
	} else {
		if src[i] == '&' || src[i] == '\r' {
			return false
		}
		// The text token ends at the first '<' that starts a tag (a
		// letter follows it), a comment or an end tag.
		for j := i + 1; ; j++ {
			k := strings.IndexByte(src[j:], '<')
			if k < 0 {
				return false
			}
			j += k
			if j+1 == len(src) {
				return false
			}
			if c := src[j+1]; isASCIILetter(c) {
				if _, ok := plainStartTagAt(src, j); !ok {
					return false
				}
				break
			} else if c == '/' || c == '!' || c == '?' {
				return false
			}
		}
	}
	return strings.IndexByte(src, 0) < 0
}

// skipHTMLSpace returns the index of the first byte of s from i on that is
// not HTML white space other than CR (space, tab, LF, FF), len(s) if none.
func skipHTMLSpace(s string, i int) int {
	for i < len(s) && isHTMLSpaceNotCR(s[i]) {
		i++
	}
	return i
}

// isHTMLSpaceNotCR reports whether c is HTML white space other than CR:
// space, tab, LF or FF.
func isHTMLSpaceNotCR(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\f'
}

// plainStartTagAt reports whether s[i:] starts with the start tag, written
// "<name>", "<name/>" or "<name />" (no attribute), of one of the elements
// plainStartTag names, and returns the index past its '>'.
func plainStartTagAt(s string, i int) (end int, ok bool) {
	j := i + 1
	for j < len(s) && j-i <= maxPlainTagName && (isASCIILetter(s[j]) || '0' <= s[j] && s[j] <= '9') {
		j++
	}
	// The name ends at '>', '/' or a space (the tokenizer's name runs
	// to white space, '/' or '>').
	switch rest := s[j:]; {
	case len(rest) >= 1 && rest[0] == '>':
		end = j + 1
	case len(rest) >= 2 && rest[0] == '/' && rest[1] == '>':
		end = j + 2
	case len(rest) >= 3 && rest[0] == ' ' && rest[1] == '/' && rest[2] == '>':
		end = j + 3
	default:
		return 0, false
	}
	return end, plainStartTag(s[i+1 : j])
}

// maxPlainTagName is the length of the longest name plainStartTag accepts.
const maxPlainTagName = len("blockquote")

// plainStartTag reports whether name, a tag name as written (any ASCII
// case), is one of the common elements
// that analyzeTokens reads as a node and nothing more and after which the
// tokenizer reads text as it does at the start (none of them is a raw
// text, RCDATA or plaintext element, ignored in a div context, part of a
// table, or drops a newline that follows it).
func plainStartTag(name string) bool {
	var buf [maxPlainTagName]byte
	if len(name) == 0 || len(name) > len(buf) {
		return false
	}
	for k := 0; k < len(name); k++ {
		c := name[k]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[k] = c
	}
	switch string(buf[:len(name)]) {
	case "p", "div", "span", "b", "i", "em", "strong", "u", "small", "big", "font", "center",
		"h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "li", "br", "hr", "article", "section",
		"header", "figure", "figcaption", "code", "cite", "q", "sup", "sub":
		return true
	}
	return false
}

// signature returns the signature of the fragment's text content, reading
// the tokens of src now when decideHTML stopped early. It runs while the
// document is processed (sameTextContent), before the Text is shared.
func (l *lazyFragment) signature() textSignature {
	if l.sigLater {
		l.sigLater = false
		if sum, exact := analyzeHTML(l.src); exact {
			l.sig = sum.sig
		}
	}
	return l.sig
}

// textLongerThan reports whether the fragment's text content is known to
// be longer than n bytes. When its signature is still to be read from the
// tokens of src, they are read only until the text seen passes n bytes
// (so that an excerpt is told from the whole article without reading all
// of the article); when they are read to the end, the signature is kept as
// signature would have computed it. The tree builder never removes a node
// it inserted nor shortens a Text node (see decideHTML), so text already
// given to the tree outside a table (where text may move, sigOK) stays in
// the fragment's text content.
func (l *lazyFragment) textLongerThan(n uint32) bool {
	if !l.sigLater {
		return l.sig.ok && l.sig.n > n
	}
	sum, exact := analyzeHTMLWith(l.src, false, int(n))
	if exact && sum.textOver {
		return true
	}
	l.sigLater = false
	if exact {
		l.sig = sum.sig
	}
	return l.sig.ok && l.sig.n > n
}

// analyzeHTML decides, with the HTML tokenizer alone, what parsing and
// sanitizing src in a div context gives ([70]–[109],
// docs/decisions.md#significant-content): whether the fragment has significant
// content and whether it is a single Text node. exact is false when the tokens
// alone cannot tell and the fragment must be built: when a start tag has a
// hidden attribute (its subtree is hidden), for template, svg, math and select
// (their contents are parsed differently or not part of the tree), for a NUL in
// text (the tree builder drops it) and for an end tag right after a pre,
// listing or textarea start tag (which may change where a leading newline is
// dropped).
//
// Elsewhere the tree builder keeps every text token's data (dropping only a
// newline at the start of pre, listing and textarea) and every element of a
// start tag, except html, head, body, frameset, frame and the table-part tags
// outside a table; an end tag with no open element makes an element only for
// p and br; script and style text is hidden; and every HTML img whose width
// and height are "1" is removed.
func analyzeHTML(src string) (sum htmlSummary, exact bool) {
	return analyzeHTMLWith(src, false, -1)
}

// analyzeHTMLWith is analyzeHTML, or decideHTML when early. With a bound
// of 0 or more it stops, with sum.textOver set, once the text content read
// is longer than bound bytes and no table made its order uncertain.
func analyzeHTMLWith(src string, early bool, bound int) (sum htmlSummary, exact bool) {
	fz := htmltoken.GetFast(src)
	sum, exact = analyzeTokens(fz, src, early, bound)
	gaveUp := fz.GaveUp()
	htmltoken.PutFast(fz)
	if !gaveUp {
		return sum, exact
	}
	return analyzeTokens(html.NewTokenizerFragment(strings.NewReader(src), "div"), src, early, bound)
}

// analyzeTokens is analyzeHTMLWith reading the tokens of src from z.
func analyzeTokens(z htmltoken.Tokenizer, src string, early bool, bound int) (sum htmlSummary, exact bool) {
	var (
		// node: the fragment has a child that is not a Text node, or two
		// Text nodes.
		node bool
		// first is the data of the first top-level Text node, once another
		// node follows it; cur is the data of the Text node being built,
		// the text token itself when it is one and src's own bytes (so
		// that text followed by an element is not copied), else a copy.
		first, cur []byte
		haveFirst  bool
		// hiddenText: the text tokens that follow are script or style text.
		hiddenText bool
		// leadingNewline: a pre, listing or textarea start tag has no child
		// yet, so a newline at the start of the next text is dropped.
		leadingNewline bool
		nameBuf        [maxAnalyzedTagName]byte
	)
	var signer textSigner
	sigOK := true
	fz, _ := z.(*htmltoken.Fast)
	for {
		if early && sum.significant && node {
			// Significant, and a node that is not a single Text node:
			// decided (see decideHTML).
			sum.sigLater = true
			return sum, true
		}
		switch z.Next() {
		case html.ErrorToken:
			if z.Err() != io.EOF {
				return sum, false
			}
			if len(cur) > 0 {
				if haveFirst {
					node = true
				} else {
					first, haveFirst = cur, true
				}
			}
			if !node && haveFirst {
				sum.isString = true
				sum.text = string(first)
			}
			sum.sig = signer.signature()
			sum.sig.ok = sigOK
			return sum, true

		case html.TextToken:
			d := z.Text()
			if leadingNewline {
				if len(d) > 0 && d[0] == '\n' {
					d = d[1:]
				}
				if len(d) == 0 {
					continue
				}
				leadingNewline = false
			}
			if bytes.IndexByte(d, 0) >= 0 {
				// Text outside raw text elements: the tree builder drops
				// NULs.
				return sum, false
			}
			signer.add(d)
			if bound >= 0 && sigOK && signer.n > bound {
				sum.textOver = true
				return sum, true
			}
			if !hiddenText && !sum.significant && bytesHaveNonSpace(d) {
				sum.significant = true
			}
			if !node {
				if len(cur) == 0 && bytesOf(d, src) {
					// Clipped: appending to it copies it.
					cur = d[:len(d):len(d)]
				} else {
					cur = append(cur, d...)
				}
			}

		case html.StartTagToken, html.SelfClosingTagToken:
			leadingNewline = false
			raw := z.Raw()
			var tag atom.Atom
			if fz != nil {
				tag = nameAtom(fz.RawTagName(), &nameBuf)
			} else {
				tag = rawTagAtom(raw, &nameBuf)
			}
			width1, height1, controls := false, false, false
			// Reading attributes allocates: read them only for the
			// elements that need their values, and where the tag may
			// have a hidden attribute (the fast tokenizer knows its
			// keys; for x/net/html's, the raw tag holds "hidden").
			var hidden bool
			if fz != nil {
				hidden = fz.HasAttr("hidden")
			} else {
				hidden = containsFoldHidden(raw)
			}
			if tag == atom.Img || tag == atom.Image || tag == atom.Audio || hidden {
				for more := true; more; {
					var key, val []byte
					key, val, more = z.TagAttr()
					switch string(key) {
					case "hidden":
						return sum, false
					case "width":
						width1 = string(val) == "1"
					case "height":
						height1 = string(val) == "1"
					case "controls":
						controls = true
					}
				}
			}
			switch tag {
			case atom.Template, atom.Svg, atom.Math, atom.Select:
				return sum, false
			case atom.Html, atom.Head, atom.Body, atom.Frameset, atom.Frame:
				// Ignored in a div context.
				continue
			case atom.Caption, atom.Col, atom.Colgroup, atom.Tbody, atom.Td,
				atom.Tfoot, atom.Th, atom.Thead, atom.Tr:
				// Ignored outside a table; inside one (already a Node) text
				// may be moved before the table.
				sigOK = false
				continue
			case atom.Img, atom.Image:
				if width1 && height1 {
					// [113]: removed; the Text nodes on both sides stay
					// apart.
					if !node && len(cur) > 0 {
						if haveFirst {
							node = true
						} else {
							first, haveFirst, cur = cur, true, nil
						}
					}
					continue
				}
				sum.significant = true
			case atom.Canvas, atom.Embed, atom.Iframe, atom.Object, atom.Video:
				sum.significant = true
			case atom.Audio:
				if controls {
					sum.significant = true
				}
			case atom.Table:
				sigOK = false
			case atom.Noscript:
				// Scripting is disabled: noscript content is markup.
				z.NextIsNotRawText()
			case atom.Script, atom.Style:
				hiddenText = true
			case atom.Pre, atom.Listing, atom.Textarea:
				leadingNewline = true
			}
			node = true

		case html.EndTagToken:
			if leadingNewline {
				return sum, false
			}
			hiddenText = false
			if !node {
				// With no element open, only </p> and </br> make an
				// element; other end tags are ignored.
				var tag atom.Atom
				if fz != nil {
					tag = nameAtom(fz.RawTagName(), &nameBuf)
				} else {
					tag = rawTagAtom(z.Raw(), &nameBuf)
				}
				if tag == atom.P || tag == atom.Br {
					node = true
				}
			}

		case html.CommentToken:
			leadingNewline = false
			node = true
		}
	}
}

// bytesOf reports whether b lies within the bytes of s: the fast
// tokenizer's text that needed no unescaping is the source's own bytes,
// which do not change, where x/net/html's and an unescaped text are the
// tokenizer's buffer, which the next token overwrites.
func bytesOf(b []byte, s string) bool {
	if len(b) == 0 || len(b) > len(s) {
		return false
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	start := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	return p >= start && p-start <= uintptr(len(s)-len(b))
}

// maxAnalyzedTagName is the length of the longest tag name analyzeHTML
// treats specially ("colgroup", "frameset", "noscript", "template",
// "textarea").
const maxAnalyzedTagName = 8

// rawTagAtom returns the atom of the tag name of raw, a start or end tag as
// written ("<IMG src=a>", "</p >"), lower-cased as the tokenizer does, or 0
// when the name is not one of at most maxAnalyzedTagName bytes. It reads
// the raw bytes because the tokenizer's TagName allocates.
func rawTagAtom(raw []byte, buf *[maxAnalyzedTagName]byte) atom.Atom {
	i := 1
	if len(raw) > 1 && raw[1] == '/' {
		i = 2
	}
	n := 0
	for ; i < len(raw); i++ {
		c := raw[i]
		switch c {
		case ' ', '\t', '\n', '\f', '\r', '/', '>':
			return htmltoken.LookupAtom(buf[:n])
		}
		if n == len(buf) {
			return 0
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[n] = c
		n++
	}
	return htmltoken.LookupAtom(buf[:n])
}

// nameAtom is rawTagAtom for a tag name as written, which the fast
// tokenizer has already found.
func nameAtom(name []byte, buf *[maxAnalyzedTagName]byte) atom.Atom {
	if len(name) > len(buf) {
		return 0
	}
	for i, c := range name {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return htmltoken.LookupAtom(buf[:len(name)])
}

// containsFoldHidden reports whether raw contains "hidden" in any ASCII case.
func containsFoldHidden(raw []byte) bool {
	for i := 0; i+6 <= len(raw); i++ {
		if raw[i]|0x20 == 'h' && raw[i+1]|0x20 == 'i' && raw[i+2]|0x20 == 'd' &&
			raw[i+3]|0x20 == 'd' && raw[i+4]|0x20 == 'e' && raw[i+5]|0x20 == 'n' {
			return true
		}
	}
	return false
}

// bytesHaveNonSpace is textHasNonSpace for a byte slice.
func bytesHaveNonSpace(b []byte) bool {
	for _, c := range b {
		switch c {
		case '\t', '\n', '\f', '\r', ' ':
		default:
			return true
		}
	}
	return false
}

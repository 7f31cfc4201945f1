package htmltoken

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/html"
)

// A Tokenizer reads HTML tokens. It is the part of golang.org/x/net/html's
// *html.Tokenizer that Fast implements, so that code reading tokens runs on
// either.
type Tokenizer interface {
	Next() html.TokenType
	Err() error
	Text() []byte
	Raw() []byte
	TagName() ([]byte, bool)
	TagAttr() ([]byte, []byte, bool)
	NextIsNotRawText()
}

// ErrGaveUp is the Err of a Fast that met what it does not read.
var ErrGaveUp = errors.New("htmltoken: the fast tokenizer gave up")

// A Fast tokenizes HTML in the data state as x/net/html's Tokenizer does,
// without copying the source or allocating per token, for the subset that
// feeds' HTML is made of: text with character references, start and end
// tags with attributes, plain comments, the text of raw text and RCDATA
// elements (script, style, textarea, title, iframe, noembed, noframes,
// xmp). On anything else — other comments, doctypes, "</" not followed by a
// letter, character references it does not decide (see appendUnescaped),
// noscript and plaintext, a script holding "<!--", a tag cut by the end of
// the input, a carriage return or a NUL — its Next
// returns html.ErrorToken and Err returns ErrGaveUp, and the caller starts
// again with x/net/html's Tokenizer (html.NewTokenizerFragment with a "div"
// context).
//
// The slices its methods return are valid until the next call to Next.
type Fast struct {
	src []byte
	pos int
	err error
	tt  html.TokenType
	// src[rawA:rawB] is the current token's source; src[textA:textB]
	// its data (text tokens), textBuf instead once unescaped; name its
	// lower-cased tag name once TagName made it from src[nameA:nameB].
	rawA, rawB, textA, textB int
	unescaped                bool
	name                     []byte
	nameA, nameB             int
	// attrs are the current tag's attributes, as [key start, key end,
	// value start, value end] offsets in src; next is the next one TagAttr
	// returns.
	attrs   [][4]int32
	next    int
	attrBuf [8][4]int32
	nameBuf [16]byte
	textBuf []byte
	// arena holds the current tag's keys and unescaped values.
	arena []byte
	// rawTag is the name of the raw text or RCDATA element whose start tag
	// was the last token: its text comes next.
	rawTag string
	// plain: the current token is text with no character reference and
	// none of the bytes Render escapes (& ' " < >), which Render writes as
	// it is in the source. rawRun: it is the text of a raw text element
	// (script, style...), its data the source itself.
	plain, rawRun bool
	// e2: the current token is text with a 0xE2 byte (see textE2).
	e2 bool
	// upperName: the current tag's name has an ASCII upper-case letter
	// (or a 0xE2 byte, see nameClasses). upperKeys: so has it or one of
	// its attribute keys.
	upperName, upperKeys bool
	// bare: the caller reads no plain or e2 (FragmentTreeCost), which
	// are then not computed.
	bare bool
}

// NewFast returns a Fast tokenizer of src. It reads src in place: src must
// not change while the tokenizer is in use (a Go string never does).
func NewFast(src string) *Fast {
	z := &Fast{}
	z.reset(src)
	return z
}

// reset makes z a tokenizer of src, keeping its buffers.
func (z *Fast) reset(src string) {
	*z = Fast{src: unsafe.Slice(unsafe.StringData(src), len(src)), textBuf: z.textBuf[:0], arena: z.arena[:0]}
	z.attrs = z.attrBuf[:0] // Next cuts it to nothing
	if len(src) > math.MaxInt32 || strings.IndexByte(src, '\r') >= 0 || strings.IndexByte(src, 0) >= 0 {
		z.err = ErrGaveUp
	}
}

// fastPool holds the tokenizers GetFast hands out.
var fastPool = sync.Pool{New: func() any { return new(Fast) }}

// GetFast returns a Fast tokenizer of src, as NewFast does, from a pool:
// give it back with PutFast once done with it and the slices it returned.
// Its buffers are reused, so tokenizing many texts allocates little.
func GetFast(src string) *Fast {
	z := fastPool.Get().(*Fast)
	z.reset(src)
	return z
}

// PutFast gives z back to GetFast's pool; z must not be used afterwards.
func PutFast(z *Fast) {
	if cap(z.textBuf)+cap(z.arena) > 64<<10 {
		return // a huge text's buffers do not stay
	}
	z.src = nil
	fastPool.Put(z)
}

// GaveUp reports whether z met what it does not read (Err is ErrGaveUp):
// the tokens it gave are then not all of src's.
func (z *Fast) GaveUp() bool { return z.err == ErrGaveUp }

func (z *Fast) giveUp() html.TokenType {
	z.err = ErrGaveUp
	z.tt = html.ErrorToken
	return z.tt
}

// Err returns io.EOF at the end of the input, ErrGaveUp when z gave up.
func (z *Fast) Err() error { return z.err }

// Raw returns the current token's source.
func (z *Fast) Raw() []byte { return z.src[z.rawA:z.rawB] }

// Text returns a text token's data, character references replaced.
func (z *Fast) Text() []byte {
	if z.unescaped {
		return z.textBuf
	}
	return z.src[z.textA:z.textB]
}

// NextIsNotRawText does nothing: z gives up on noscript and plaintext, the
// elements a parser can tell it not to read as raw text.
func (z *Fast) NextIsNotRawText() {}

// TagName returns the lower-cased tag name and whether the tag has
// attributes. The name may be the source's own bytes (as TagAttr's keys
// and values may be): callers must not modify it.
func (z *Fast) TagName() ([]byte, bool) {
	if len(z.name) == 0 && z.nameB > z.nameA {
		// Lower-cased on first use: the significance check reads the
		// raw tag instead.
		if raw := z.src[z.nameA:z.nameB:z.nameB]; !z.upperName {
			// Already lower case (most tags): the source itself, as
			// values are.
			z.name = raw
		} else if z.nameB-z.nameA > len(z.nameBuf) {
			z.name = lowerASCII(nil, z.src[z.nameA:z.nameB])
		} else {
			z.name = lowerASCII(z.nameBuf[:0], z.src[z.nameA:z.nameB])
		}
	}
	return z.name, len(z.attrs) > 0
}

// RawTagName returns the current tag's name as written (not lower-cased).
func (z *Fast) RawTagName() []byte { return z.src[z.nameA:z.nameB] }

// HasAttr reports whether the current start tag has an attribute whose
// lower-cased key is key (lower-case), as TagAttr would return it.
func (z *Fast) HasAttr(key string) bool {
	for _, a := range z.attrs {
		if int(a[1]-a[0]) == len(key) && equalFoldASCII(z.src[a[0]:a[1]], unsafe.Slice(unsafe.StringData(key), len(key))) {
			return true
		}
	}
	return false
}

// TagAttr returns the next attribute's lower-cased key and its value with
// character references replaced, and whether another follows. A value with
// a reference z does not read makes it give up (the caller sees that at the
// next Next).
func (z *Fast) TagAttr() (key, val []byte, more bool) {
	if z.next >= len(z.attrs) {
		return nil, nil, false
	}
	a := z.attrs[z.next]
	z.next++
	// Keys and values are appended to the arena, so that those returned
	// earlier for the same tag stay as they are.
	if key = z.src[a[0]:a[1]:a[1]]; z.upperKeys && hasUpperASCII(key) {
		n := len(z.arena)
		z.arena = lowerASCII(z.arena, key)
		key = z.arena[n:len(z.arena):len(z.arena)]
	}
	val = z.src[a[2]:a[3]]
	if bytes.IndexByte(val, '&') >= 0 {
		n := len(z.arena)
		var ok bool
		z.arena, ok = appendUnescaped(z.arena, val, true)
		if !ok {
			z.err = ErrGaveUp
			return key, nil, false
		}
		val = z.arena[n:len(z.arena):len(z.arena)]
	}
	return key, val, z.next < len(z.attrs)
}

// hasUpperASCII reports whether b holds an ASCII upper-case letter.
func hasUpperASCII(b []byte) bool {
	for _, c := range b {
		if c-'A' < 26 {
			return true
		}
	}
	return false
}

func lowerASCII(dst, b []byte) []byte {
	for _, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isHTMLSpace(c byte) bool { return htmlSpace[c] }

// htmlSpace marks HTML's space characters (a table look-up is cheaper than
// five comparisons in the tag loops).
var htmlSpace = [256]bool{' ': true, '\n': true, '\t': true, '\f': true, '\r': true}

// nameClasses classes the bytes of tag names and attribute keys:
// nameStop for those that end a tag name (space, '/' and '>'), keyStop for
// those that end an attribute key after its first byte (those and '='),
// nameUpper for the ASCII upper-case letters.
var nameClasses = func() (t [256]uint8) {
	for _, c := range " \n\t\f\r/>" {
		t[c] = nameStop | keyStop
	}
	t['='] = keyStop
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = nameUpper
	}
	// And 0xE2 (see textE2), so that a name with one is not written as
	// it is in the source (canonicalStartTag).
	t[0xE2] = nameUpper
	return t
}()

const (
	nameStop  = 1
	keyStop   = 2
	nameUpper = 4
)

// Next scans the next token.
func (z *Fast) Next() html.TokenType {
	// Offsets rather than slices, and slices cut to nothing rather than
	// set to nil: no pointer is stored (no write barrier).
	z.rawA, z.rawB, z.textA, z.textB, z.unescaped = 0, 0, 0, 0, false
	z.name = z.name[:0]
	z.nameA, z.nameB = 0, 0
	z.plain, z.rawRun, z.e2 = false, false, false
	z.attrs, z.arena = z.attrs[:0], z.arena[:0]
	if z.err != nil {
		z.tt = html.ErrorToken
		return z.tt
	}
	s := z.src
	start := z.pos
	if z.rawTag != "" {
		if tt, ok := z.rawText(); ok {
			return tt
		}
	}
	if start >= len(s) {
		z.err = io.EOF
		z.tt = html.ErrorToken
		return z.tt
	}
	// Text runs to the next '<' that starts a tag or markup.
	i := start
	for {
		if i >= len(s) {
			break
		}
		if s[i] != '<' {
			// (Most tokens are tags: no search for them.)
			j := bytes.IndexByte(s[i:], '<')
			if j < 0 {
				i = len(s)
				break
			}
			i += j
		}
		if i+1 < len(s) {
			if c := s[i+1]; isASCIILetter(c) || c == '/' || c == '!' || c == '?' {
				break
			}
		}
		i++
	}
	if i > start {
		z.pos = i
		z.rawA, z.rawB = start, i
		z.textA, z.textB = start, i
		if z.bare {
			if !z.unescapeText() {
				return z.giveUp()
			}
			z.tt = html.TextToken
			return z.tt
		}
		// Its character references and the bytes Render escapes, with
		// no branch on the bytes.
		stops := classesOf(s[start:i], &textStops)
		z.plain = stops&^textE2 == 0
		z.e2 = stops&textE2 != 0
		if stops&textAmp != 0 && !z.unescapeText() {
			return z.giveUp()
		}
		z.tt = html.TextToken
		return z.tt
	}
	if s[i+1] == '!' {
		return z.comment(i)
	}
	// A tag at i.
	end := s[i+1] == '/'
	nameStart := i + 1
	if end {
		nameStart++
		if nameStart >= len(s) || !isASCIILetter(s[nameStart]) {
			return z.giveUp()
		}
	} else if !isASCIILetter(s[i+1]) {
		return z.giveUp()
	}
	// readTagName
	k := nameStart
	var upper uint8
	for k < len(s) {
		c := nameClasses[s[k]]
		if c&nameStop != 0 {
			break
		}
		upper |= c
		k++
	}
	z.upperName = upper != 0
	z.upperKeys = z.upperName
	if k >= len(s) {
		return z.giveUp()
	}
	z.nameA, z.nameB = nameStart, k
	z.next = 0
	// readTag's attribute loop.
	for {
		for k < len(s) && isHTMLSpace(s[k]) {
			k++
		}
		if k >= len(s) {
			return z.giveUp()
		}
		if s[k] == '>' {
			k++
			break
		}
		// readTagAttrKey
		keyStart := k
		if s[k] == '=' {
			// An '=' that starts the key is part of it.
			k++
		}
		for k < len(s) {
			c := nameClasses[s[k]]
			if c&keyStop != 0 {
				break
			}
			upper |= c
			k++
		}
		if k >= len(s) {
			return z.giveUp()
		}
		keyEnd := k
		// readTagAttrVal
		valStart, valEnd := k, k
		for k < len(s) && isHTMLSpace(s[k]) {
			k++
		}
		if k >= len(s) {
			return z.giveUp()
		}
		switch s[k] {
		case '/':
			k++
		case '=':
			k++
			for k < len(s) && isHTMLSpace(s[k]) {
				k++
			}
			if k >= len(s) {
				return z.giveUp()
			}
			switch q := s[k]; q {
			case '>':
				valStart, valEnd = k, k
			case '\'', '"':
				e := bytes.IndexByte(s[k+1:], q)
				if e < 0 {
					return z.giveUp()
				}
				valStart, valEnd = k+1, k+1+e
				k = valEnd + 1
			default:
				valStart = k
				for k < len(s) && !isHTMLSpace(s[k]) && s[k] != '>' {
					k++
				}
				if k >= len(s) {
					return z.giveUp()
				}
				valEnd = k
				if s[k] != '>' {
					k++
				}
			}
		}
		z.upperKeys = upper != 0
		if keyEnd > keyStart && !end && !z.seenKey(s[keyStart:keyEnd]) {
			z.attrs = append(z.attrs, [4]int32{int32(keyStart), int32(keyEnd), int32(valStart), int32(valEnd)})
		}
	}
	z.rawA, z.rawB = i, k
	z.pos = k
	if end {
		z.tt = html.EndTagToken
		return z.tt
	}
	if n := z.nameB - z.nameA; n == 3 || 5 <= n && n <= 9 {
		// Only names of these lengths are special.
		var buf [9]byte
		name := lowerASCII(buf[:0], s[z.nameA:z.nameB])
		switch string(name) {
		case "noscript", "plaintext":
			return z.giveUp()
		case "iframe", "noembed", "noframes", "script", "style", "textarea", "title", "xmp":
			// Its text, up to its end tag, comes next (rawText).
			z.rawTag = rawTagNames[string(name)]
		}
	}
	// As x/net/html decides: the byte before '>' is a slash that does not
	// end the last attribute's value.
	if n := len(z.attrs); k-2 > i && s[k-2] == '/' && (n == 0 || k-2 != int(z.attrs[n-1][3])-1) {
		z.tt = html.SelfClosingTagToken
	} else {
		z.tt = html.StartTagToken
	}
	return z.tt
}

// unescapeText replaces the character references of the text (in
// z.textBuf); it reports false when it meets one it does not decide.
func (z *Fast) unescapeText() bool {
	text := z.src[z.textA:z.textB]
	if bytes.IndexByte(text, '&') < 0 {
		return true
	}
	var ok bool
	z.textBuf, ok = appendUnescaped(z.textBuf[:0], text, false)
	z.unescaped = true
	return ok
}

// textStops gives the classes of the bytes of text that Render does not
// write as they are: textAmp for '&', textEscaped for the other bytes it
// escapes ('<', '>', the quotes).
var textStops = [256]uint8{'&': textAmp, '<': textEscaped, '>': textEscaped, '\'': textEscaped, '"': textEscaped, 0xE2: textE2}

// The classes of textStops, and textE2 for 0xE2, which starts U+2028 and
// U+2029 (escaped in a JSON string).
const (
	textAmp     = 1
	textEscaped = 2
	textE2      = 4
)

// classesOf returns the classes in cls of b's bytes, or-ed together.
func classesOf(b []byte, cls *[256]uint8) uint8 {
	var x, y uint8
	for len(b) >= 8 {
		w := (*[8]byte)(b)
		x |= cls[w[0]] | cls[w[1]] | cls[w[2]] | cls[w[3]]
		y |= cls[w[4]] | cls[w[5]] | cls[w[6]] | cls[w[7]]
		b = b[8:]
	}
	if len(b) > 0 && len(b) < 8 && cap(b) >= 8 {
		// The last bytes, with those after them: their classes
		// masked out, with no loop.
		w := (*[8]byte)(b[:8])
		m := ^uint64(0) >> (64 - 8*len(b)) // a byte of ones for each of b's
		return x | y | uint8(m&uint64(cls[w[0]])|m>>8&uint64(cls[w[1]])|m>>16&uint64(cls[w[2]])|
			m>>24&uint64(cls[w[3]])|m>>32&uint64(cls[w[4]])|m>>40&uint64(cls[w[5]])|
			m>>48&uint64(cls[w[6]])|m>>56&uint64(cls[w[7]]))
	}
	for _, c := range b {
		x |= cls[c]
	}
	return x | y
}

// tokenSpan returns where the current token is in the source: its Raw is
// z.src[from:to].
func (z *Fast) tokenSpan() (from, to int) { return z.rawA, z.rawB }

// canonicalStartTag reports whether the current start tag is written in
// the source as Render writes it: a lower-case name, then each attribute as
// ` key="value"` with a lower-case key and a value with none of the bytes
// Render escapes and no character reference (no attribute left out as a
// duplicate), then "/>" for a void element (void) or ">" for another.
func (z *Fast) canonicalStartTag(void bool) bool {
	s := z.src
	if z.upperKeys {
		return false
	}
	p := z.nameB
	for _, a := range z.attrs {
		k0, k1, v0, v1 := int(a[0]), int(a[1]), int(a[2]), int(a[3])
		if k0 != p+1 || s[p] != ' ' || v0 != k1+2 || s[k1] != '=' || s[k1+1] != '"' || v1 >= len(s) || s[v1] != '"' {
			return false
		}
		if classesOf(s[v0:v1], &valueStops) != 0 {
			return false
		}
		p = v1 + 1
	}
	if void {
		return z.pos == p+2 && s[p] == '/'
	}
	return z.pos == p+1
}

// valueStops marks the bytes that keep an attribute value from being
// written as it is: those Render escapes and '&'; and 0xE2 (see textE2).
var valueStops = [256]uint8{'<': 1, '&': 1, '\'': 1, '"': 1, '>': 1, '\r': 1, 0xE2: 1}

// keysSorted reports whether the current tag's attribute keys, lower-case
// (canonicalStartTag), are in increasing order, as sorting writes them.
func (z *Fast) keysSorted() bool {
	for i := 1; i < len(z.attrs); i++ {
		a, b := z.attrs[i-1], z.attrs[i]
		if bytes.Compare(z.src[a[0]:a[1]], z.src[b[0]:b[1]]) >= 0 {
			return false
		}
	}
	return true
}

// repeatedKey reports whether two of the current tag's attribute keys,
// lower-case (canonicalStartTag), are the same.
func (z *Fast) repeatedKey() bool {
	for i := 1; i < len(z.attrs); i++ {
		b := z.attrs[i]
		for _, a := range z.attrs[:i] {
			if string(z.src[a[0]:a[1]]) == string(z.src[b[0]:b[1]]) {
				return true
			}
		}
	}
	return false
}

// oneByOne reports whether the current tag, canonical
// (canonicalStartTag), has a width and a height of exactly "1", as
// isOneByOneImage reads its attributes.
func (z *Fast) oneByOne() bool {
	width, height := false, false
	for _, a := range z.attrs {
		one := a[3]-a[2] == 1 && z.src[a[2]] == '1'
		switch string(z.src[a[0]:a[1]]) {
		case "width":
			width = one
		case "height":
			height = one
		}
	}
	return width && height
}

// rawTagNames interns the names of the raw text and RCDATA elements.
var rawTagNames = map[string]string{
	"iframe": "iframe", "noembed": "noembed", "noframes": "noframes", "script": "script",
	"style": "style", "textarea": "textarea", "title": "title", "xmp": "xmp",
}

// rawText reads the text of the raw text or RCDATA element z.rawTag, as
// x/net/html's Tokenizer does after its start tag: everything up to an end
// tag with its name (any ASCII case) followed by white space, "/" or ">",
// or up to the end of the input; character references are replaced in
// textarea and title only. ok is false when there is no text (the end tag
// comes next), or when z gave up: a script holding "<!--" before its end
// tag (x/net/html then reads it with the script data escaped states).
func (z *Fast) rawText() (html.TokenType, bool) {
	tag := z.rawTag
	z.rawTag = ""
	s := z.src
	start := z.pos
	end := len(s)
	for i := start; ; {
		j := bytes.Index(s[i:], []byte("</"))
		if j < 0 {
			break
		}
		i += j
		k := i + 2 + len(tag)
		if k < len(s) && equalFoldASCII(s[i+2:k], []byte(tag)) {
			if c := s[k]; isHTMLSpace(c) || c == '/' || c == '>' {
				end = i
				break
			}
		}
		i += 2
	}
	if tag == "script" && bytes.Contains(s[start:end], []byte("<!--")) {
		return z.giveUp(), true
	}
	if end == start {
		return 0, false
	}
	z.pos = end
	z.rawA, z.rawB = start, end
	z.textA, z.textB = start, end
	if tag == "textarea" || tag == "title" {
		if !z.unescapeText() {
			return z.giveUp(), true
		}
	} else {
		z.rawRun = true
		z.e2 = bytes.IndexByte(s[start:end], 0xE2) >= 0
	}
	z.tt = html.TextToken
	return z.tt, true
}

// comment reads a comment at i ("<!"): only the plain form, "<!--" data
// "-->" where data neither starts with ">" or "->" nor holds "--!"; it
// gives up on any other markup declaration.
func (z *Fast) comment(i int) html.TokenType {
	s := z.src
	if !bytes.HasPrefix(s[i:], []byte("<!--")) {
		return z.giveUp()
	}
	a := i + 4
	if a < len(s) && (s[a] == '>' || s[a] == '-' && a+1 < len(s) && s[a+1] == '>') {
		return z.giveUp()
	}
	e := bytes.Index(s[a:], []byte("-->"))
	if e < 0 || bytes.Contains(s[a:a+e+2], []byte("--!")) {
		return z.giveUp()
	}
	z.rawA, z.rawB = i, a+e+3
	z.pos = a + e + 3
	z.textA, z.textB = a, a+e
	// x/net/html replaces references in comments too.
	if !z.unescapeText() {
		return z.giveUp()
	}
	z.tt = html.CommentToken
	return z.tt
}

// seenKey reports whether the current tag already has an attribute named
// key (in any ASCII case): x/net/html keeps the first. Only ASCII letters
// fold, as x/net/html lower-cases keys: "k" and "\u212a" (KELVIN SIGN) are
// two keys, and so are two invalid UTF-8 bytes.
func (z *Fast) seenKey(key []byte) bool {
	for _, a := range z.attrs {
		if equalFoldASCII(z.src[a[0]:a[1]], key) {
			return true
		}
	}
	return false
}

// equalFoldASCII reports whether a and b are equal once ASCII letters are
// lower-cased.
func equalFoldASCII(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// commonEntities maps the names of the character references feeds use most
// (without '&' and ';') to their characters.
var commonEntities = func() map[string]string {
	m := make(map[string]string)
	for _, name := range strings.Fields(`amp lt gt quot apos nbsp eacute egrave ecirc euml
		agrave aacute acirc auml atilde aring ccedil iacute igrave icirc iuml oacute ograve
		ocirc ouml otilde uacute ugrave ucirc uuml ntilde szlig Eacute Egrave Agrave Ccedil
		Auml Ouml Uuml rsquo lsquo ldquo rdquo sbquo bdquo laquo raquo mdash ndash hellip
		bull middot copy reg trade euro pound yen cent deg plusmn times divide frac12 para
		sect shy iexcl iquest prime Prime larr rarr uarr darr harr`) {
		m[name] = html.UnescapeString("&" + name + ";")
	}
	return m
}()

// appendUnescaped appends b with its character references replaced as
// x/net/html's tokenizer replaces them in text (attr false) or in an
// attribute value (attr true), or reports false for the references it does
// not decide: numeric ones without ';' or to a character that x/net/html
// replaces (NUL, CR, U+0080–U+009F, surrogates), named ones that are not
// exactly a reference's name, and in attribute values named ones without
// ';' that a prefix of would match.
func appendUnescaped(dst, b []byte, attr bool) ([]byte, bool) {
	for {
		i := bytes.IndexByte(b, '&')
		if i < 0 {
			return append(dst, b...), true
		}
		dst = append(dst, b[:i]...)
		var n int
		var ok bool
		if dst, n, ok = appendReference(dst, b[i:], attr); !ok {
			return dst, false
		}
		b = b[i+n:]
	}
}

// appendReference appends what the character reference at the start of
// b (b[0] is '&') stands for, as appendUnescaped replaces it, and returns
// its length in b; ok is false for a reference appendUnescaped does not
// decide. A reference ends at the end of b, or before a byte that is
// neither an ASCII letter nor a digit ("&#" and "&#x" references read up
// to a ';' at most 11 bytes further).
func appendReference(dst, b []byte, attr bool) (_ []byte, n int, ok bool) {
	if len(b) == 1 || !(isASCIILetter(b[1]) || '0' <= b[1] && b[1] <= '9' || b[1] == '#') {
		return append(dst, '&'), 1, true
	}
	if b[1] != '#' {
		// The longest run of letters and digits, as x/net/html reads.
		k := 1
		for k < len(b) && (isASCIILetter(b[k]) || '0' <= b[k] && b[k] <= '9') {
			k++
		}
		name := b[1:k]
		if k < len(b) && b[k] == ';' {
			if v, ok := commonEntities[string(name)]; ok {
				return append(dst, v...), k + 1, true
			}
			ref := string(b[:k+1])
			v := html.UnescapeString(ref)
			if v == ref || strings.HasSuffix(v, ";") {
				// Not a reference's name (or one only a prefix of
				// names): leave it to x/net/html.
				return dst, 0, false
			}
			return append(dst, v...), k + 1, true
		}
		ref := string(b[:k])
		if v := html.UnescapeString(ref); v != ref {
			// A legacy reference without ';' (or a prefix of one).
			if attr {
				return dst, 0, false
			}
			return append(dst, v...), k, true
		}
		return append(dst, ref...), k, true
	}
	semi := bytes.IndexByte(b[:min(len(b), 12)], ';')
	if semi < 0 {
		return dst, 0, false
	}
	digits, base := b[2:semi], rune(10)
	if len(digits) > 0 && digits[0]|0x20 == 'x' {
		digits, base = digits[1:], 16
	}
	if len(digits) == 0 || len(digits) > 6 {
		return dst, 0, false
	}
	var r rune
	for _, c := range digits {
		var d rune
		switch {
		case '0' <= c && c <= '9':
			d = rune(c - '0')
		case base == 16 && 'a' <= c|0x20 && c|0x20 <= 'f':
			d = rune(c|0x20-'a') + 10
		default:
			return dst, 0, false
		}
		r = r*base + d
	}
	if r == 0 || r == '\r' || 0x80 <= r && r <= 0x9F || 0xD800 <= r && r <= 0xDFFF || r > 0x10FFFF {
		return dst, 0, false
	}
	return utf8.AppendRune(dst, r), semi + 1, true
}

// attrsMeasured adds to *n and *size the number of the current tag's
// attributes and the bytes of their keys and values as TagAttr returns
// them, and reports true, when no value has a character reference (which
// TagAttr replaces); it reports false otherwise.
func (z *Fast) attrsMeasured(n, size *int) bool {
	for _, a := range z.attrs {
		if bytes.IndexByte(z.src[a[2]:a[3]], '&') >= 0 {
			return false
		}
	}
	for _, a := range z.attrs {
		*size += int(a[1]-a[0]) + int(a[3]-a[2])
	}
	*n += len(z.attrs)
	return true
}

package htmltoken

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/html/atom"

	"github.com/feedspec/feedspec/internal/jsonstr"
)

// The fast paths (fastTokens): with a Fast, appendTokens reads the tokens
// most of feeds' HTML is made of without Next and the token methods,
// straight from the source and on the renderer's state, and leaves any
// other to the token path.
//
//   - Text where the tree builder inserts it as it is (textJSONReady), in
//     the JSON string modes: appendTextJSON escapes it into the output as
//     it scans it for its end, one pass where the token path takes three
//     (the search for the next tag, the classes of its bytes, then the
//     escaping copy).
//   - Start tags written as Render writes them (fastStartTag), their names
//     and the commonest keys looked up as words (tagTable, keyTable).
//   - End tags that close the current element and have no rules of their
//     own (fastEndTag), compared with it as a word.
//
// The tags go to the renderer's span of source written as it is.

// textStopLen is the length a textTable gives the bytes at which
// textWords stops: eight bytes of other escapes (at most maxSourceEscape
// each) add less than it, so a turn whose escapes add more holds one.
const textStopLen = 64

// A textTable is what appendTextJSON writes for each byte in a JSON string
// mode: the sourceTable's escapes, with textStopLen for the bytes it
// handles itself ('<', '&', the quotes, '>' and 0xE2).
type textTable struct {
	words *[256]uint64
	lens  [256]uint8
	// source is the sourceTable (for the span written before the text)
	// and esc the escapes of the bytes it stops at.
	source *sourceTable
	esc    *escapes
}

// textTables holds the textTable of each JSON string outputIndex.
var textTables = func() (t [3]textTable) {
	for k := 1; k < len(t); k++ {
		t[k].words = &sourceTables[k].words
		t[k].lens = sourceTables[k].lens
		t[k].source, t[k].esc = &sourceTables[k], &textEscapeWords[k]
		for _, c := range []byte{'<', '&', '\'', '"', '>', 0xE2} {
			t[k].lens[c] = textStopLen
		}
	}
	return t
}()

// textBlock is about the most bytes textWords reads in a call (it reads
// up to seven more): the room it needs is reserved for that many.
const textBlock = 256

// textRoom is the room textWords needs past the output for textBlock
// bytes.
const textRoom = maxSourceEscape*(textBlock+8) + 8*textStopLen + 8

// textWords writes the bytes at b, up to n of them, to p as escapeWords
// does, up to the first one whose length in lens is textStopLen, and
// returns how many it read and the length it wrote. It reads eight bytes a
// turn while fewer than limit are read and eight remain. p must have room
// for maxSourceEscape*(limit+8)+8*textStopLen+8 bytes.
//
//go:noinline
func textWords(p, b unsafe.Pointer, n, limit int, words *[256]uint64, lens *[256]uint8) (read, written int) {
	_, _ = words[0], lens[0] // nil checked once
	j, i := 0, 0
	// The last i a turn starts at.
	last := min(n-8, limit-1)
	for ; i <= last; i += 8 {
		j0 := j
		c0 := *(*byte)(unsafe.Add(b, i))
		*(*uint64)(unsafe.Add(p, j)) = words[c0]
		j += int(lens[c0])
		c1 := *(*byte)(unsafe.Add(b, i+1))
		*(*uint64)(unsafe.Add(p, j)) = words[c1]
		j += int(lens[c1])
		c2 := *(*byte)(unsafe.Add(b, i+2))
		*(*uint64)(unsafe.Add(p, j)) = words[c2]
		j += int(lens[c2])
		c3 := *(*byte)(unsafe.Add(b, i+3))
		*(*uint64)(unsafe.Add(p, j)) = words[c3]
		j += int(lens[c3])
		c4 := *(*byte)(unsafe.Add(b, i+4))
		*(*uint64)(unsafe.Add(p, j)) = words[c4]
		j += int(lens[c4])
		c5 := *(*byte)(unsafe.Add(b, i+5))
		*(*uint64)(unsafe.Add(p, j)) = words[c5]
		j += int(lens[c5])
		c6 := *(*byte)(unsafe.Add(b, i+6))
		*(*uint64)(unsafe.Add(p, j)) = words[c6]
		j += int(lens[c6])
		c7 := *(*byte)(unsafe.Add(b, i+7))
		*(*uint64)(unsafe.Add(p, j)) = words[c7]
		j += int(lens[c7])
		if j-j0 >= textStopLen {
			// A byte to stop at among the eight. The escapes before it
			// are written: with the eight lengths as the bytes of a
			// word, it is the lowest with textStopLen's bit, and the
			// length written is the sum of the bytes below it (at most
			// 7*maxSourceEscape, which one byte holds), with no loop.
			// (The bytes are read again: b and p never overlap, and
			// keeping the eight would take registers the turn needs.)
			w := (*[8]byte)(unsafe.Add(b, i))
			l := uint64(lens[w[0]]) | uint64(lens[w[1]])<<8 | uint64(lens[w[2]])<<16 | uint64(lens[w[3]])<<24 |
				uint64(lens[w[4]])<<32 | uint64(lens[w[5]])<<40 | uint64(lens[w[6]])<<48 | uint64(lens[w[7]])<<56
			stop := bits.TrailingZeros64(l&(0x0101010101010101*textStopLen)) &^ 7
			below := l & (1<<stop - 1)
			return i + stop/8, j0 + int(below*0x0101010101010101>>56)
		}
	}
	if i+8 <= n {
		return i, j // limit read
	}
	for ; i < n; i++ {
		c := *(*byte)(unsafe.Add(b, i))
		if lens[c] == textStopLen {
			break
		}
		*(*uint64)(unsafe.Add(p, j)) = words[c]
		j += int(lens[c])
	}
	return i, j
}

// textJSONReady reports whether appendTokens, in a JSON string mode, may
// write the text that comes next with appendTextJSON: the tokenizer is a
// Fast reading the data state (no raw text or RCDATA element's text
// next), and the text method would write the text escaped where it is:
// not in SVG content, a table or column group, a raw text or RCDATA
// element, nor as the first child of a pre, listing or textarea.
func (r *renderer) textJSONReady() bool {
	if r.fresh || r.textTab == nil {
		return false
	}
	if n := len(r.stack); n == 0 || r.stack[n-1].textIn {
		return true
	}
	switch r.top() {
	case atom.Table, atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr, atom.Colgroup,
		atom.Script, atom.Style, atom.Iframe, atom.Noembed, atom.Noframes, atom.Xmp,
		atom.Textarea, atom.Title:
		return false
	}
	return true
}

// appendTextJSON writes the text at the Fast's position, up to the next
// tag or the end of the source, as the text method writes its token (the
// pending formatting elements reopened before it, its character
// references replaced, escaped as Render escapes text, then for a JSON
// string), and moves the Fast past it. It reports false when the Fast
// gives up on a character reference.
func (r *renderer) appendTextJSON(dst []byte) ([]byte, bool) {
	if len(r.pending) > r.pendingBase {
		dst = r.reconstruct(dst)
	}
	t := r.textTab
	fz := r.fz
	s := fz.src
	i := fz.pos
	// The span, when there is one, is written with the text's first
	// block (as flush writes it, in the common case of appendSource).
	from, to := r.spanFrom, r.spanTo
	if to > from && (r.spanE2 || to-from > sourceChunk) {
		dst = r.flush(dst)
	}
	from, to = r.spanFrom, r.spanTo
	r.spanFrom = to
	for {
		dst = grownOutput(dst, maxSourceEscape*(to-from)+textRoom)
		m := len(dst)
		if to > from {
			m += escapeWords(unsafe.Pointer(unsafe.SliceData(dst[m:m+1])), unsafe.Pointer(&s[from]), to-from, t.words, &t.source.lens)
			from = to
		}
		read, written := textWords(unsafe.Pointer(unsafe.SliceData(dst[m:m+1])), unsafe.Pointer(&s[i]), len(s)-i, textBlock, t.words, &t.lens)
		dst = dst[:m+written]
		i += read
		if i == len(s) {
			break
		}
		if t.lens[s[i]] != textStopLen {
			continue // the end of a block
		}
		// A byte to stop at.
		switch c := s[i]; c {
		case '<':
			if i+1 < len(s) {
				if c := s[i+1]; isASCIILetter(c) || c == '/' || c == '!' || c == '?' {
					// The end of the text (as Next ends it).
					fz.pos = i
					return dst, true
				}
			}
			dst = appendEscapeWords(dst, t.esc, c)
			i++
		case '\'', '"', '>':
			dst = appendEscapeWords(dst, t.esc, c)
			i++
		case 0xE2:
			if i+2 < len(s) && s[i+1] == 0x80 && s[i+2]&0xFE == 0xA8 {
				// U+2028 and U+2029, escaped in a JSON string.
				dst = append(dst, '\\', 'u', '2', '0', '2', "89"[s[i+2]&1])
				i += 3
			} else {
				dst = append(dst, c)
				i++
			}
		case '&':
			// A character reference, replaced as the token path replaces
			// it (it ends before the '<' that ends the text), what it
			// stands for escaped as text.
			var n int
			var ok bool
			if fz.textBuf, n, ok = appendReference(fz.textBuf[:0], s[i:], false); !ok {
				fz.err = ErrGaveUp
				return dst, false
			}
			dst = appendShortText(dst, fz.textBuf, t.esc)
			i += n
		}
		if i == len(s) {
			break
		}
	}
	fz.pos = i
	return dst, true
}

// appendShortText appends v, valid UTF-8 (what a character reference
// stands for: a few bytes), escaped as appendEscapedHTML escapes it in a
// JSON string mode whose escapes are esc.
func appendShortText(dst, v []byte, esc *escapes) []byte {
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c < utf8.RuneSelf:
			dst = appendEscapeWords(dst, esc, c)
		case c == 0xE2 && i+2 < len(v) && v[i+1] == 0x80 && v[i+2]&0xFE == 0xA8:
			// U+2028 and U+2029, escaped in a JSON string.
			dst = append(dst, '\\', 'u', '2', '0', '2', "89"[v[i+2]&1])
			i += 2
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// appendEscapeWords appends the escape of the ASCII byte c in esc.
func appendEscapeWords(dst []byte, esc *escapes, c byte) []byte {
	if cap(dst)-len(dst) < 16 {
		dst = slices.Grow(dst, 16)
	}
	n := len(dst)
	buf := dst[n : n+16]
	*(*uint64)(unsafe.Pointer(&buf[0])) = esc.words[c][0]
	*(*uint64)(unsafe.Pointer(&buf[8])) = esc.words[c][1]
	return dst[:n+int(esc.lens[c])]
}

// The flags of fastTagFlags.
const (
	// fastVoid: a void element (startTagRules inserts it as one).
	fastVoid = 1 << iota
	// fastNo: a tag fastStartTag leaves to the token path (an element
	// whose content the tokenizer or the renderer reads in its own way,
	// one whose voidness depends on where it is, or no atom).
	fastNo
	// fastPlain: an element whose opening and closing change nothing
	// but the stack (insert's and popElement's switches).
	fastPlain
	// fastEnd: an element whose end tag has no rules of its own when it
	// closes the current element (fastEndTag).
	fastEnd
	// fastText: an element whose text is inserted as it is (not a
	// table's part or column group: textJSONReady).
	fastText
)

// fastTagFlags returns what fastStartTag needs to know of the tag a.
func fastTagFlags(a atom.Atom) uint8 {
	switch a {
	case 0, atom.Svg, atom.Math, atom.Script, atom.Style, atom.Iframe, atom.Title, atom.Textarea,
		atom.Noembed, atom.Noframes, atom.Xmp, atom.Noscript, atom.Plaintext, atom.Col:
		return fastNo
	case atom.Area, atom.Br, atom.Embed, atom.Img, atom.Keygen, atom.Wbr, atom.Param, atom.Source,
		atom.Track, atom.Hr:
		return fastVoid
	case atom.Colgroup, atom.Table, atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr:
		// Their end tags, when they close the current element, close it
		// and nothing else (endTagInTable, the in column group mode).
		return fastEnd
	case atom.Td, atom.Th:
		// So does a cell's (endTagInCell).
		return fastEnd | fastText
	case atom.Form, atom.Object, atom.Applet, atom.Marquee:
		return fastText
	case atom.P, atom.A, atom.Pre, atom.Listing:
		return fastEnd | fastText
	}
	return fastPlain | fastEnd | fastText
}

// A tagEntry is a tag name's entry in tagTable.
type tagEntry struct {
	// key is the name's bytes as a little-endian word (0 for no entry).
	key uint64
	// word is its end tag's tokenElement.word: 0 for an element whose
	// end tag has rules of its own (fastEnd not set).
	word  uint64
	atom  atom.Atom
	flags uint8
}

// tagTable holds the names of the elements feeds use most that have at
// most seven bytes (lookupTagWord reads a name and the byte after it in
// eight), with their atoms and fastTagFlags, by tagHash (open
// addressing: an entry is at its hash or after it, before an empty slot).
var tagTable = func() (t [256]tagEntry) {
	// The most frequent first, so that they sit at their hash.
	for _, name := range strings.Fields(`p span a li br div td img code strong em tr i b
		h2 h3 pre ul font tt table hr h4 svg param col iframe ol sup tbody th path
		center sub embed script small area text dd dl h1 cite object kbd map dt h6 h5
		section strike colgroup article abbr acronym style textarea title thead tfoot
		caption u s q del ins big nav aside header footer main figure label button
		form input select option video audio source track wbr time mark dfn samp var
		bdi bdo ruby rt rp data meter output details summary dialog menu address
		legend fieldset canvas noscript picture html head body meta link base xmp
		noembed noframes plaintext listing frameset frame keygen nobr math image
		basefont bgsound marquee applet template search dir rb rtc hgroup`) {
		a := atom.Lookup([]byte(name))
		if len(name) > 7 || a == 0 {
			continue // (path and text, in SVG content, have no atom)
		}
		var b [8]byte
		copy(b[:], name)
		key := binary.LittleEndian.Uint64(b[:])
		var word uint64
		if fastTagFlags(a)&fastEnd != 0 {
			b[len(name)] = '>'
			word = binary.LittleEndian.Uint64(b[:])
		}
		h := tagHash(key)
		for t[h].key != 0 {
			h = (h + 1) % uint64(len(t))
		}
		t[h] = tagEntry{key: key, word: word, atom: a, flags: fastTagFlags(a)}
	}
	return t
}()

// tagHash returns the index in tagTable where the entry for the name key
// is, or starts being looked for.
func tagHash(key uint64) uint64 { return key * 0x9E3779B97F4A7C15 >> 56 }

// lookupTagWord reads the tag name at the start of w, eight bytes of the
// source after a '<' (little-endian): the name ends at the first ' ', '/'
// or '>'. It returns the name's atom, fastTagFlags, end tag word
// (tagEntry.word) and length when it is in tagTable, and a 0 atom
// otherwise (the name is not in the table, or does not end in w).
func lookupTagWord(w uint64) (a atom.Atom, flags uint8, word uint64, n int) {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	// The bytes of w equal to ' ', '/' or '>' (the lowest one flagged is
	// the first such byte: bytes above a zero may be flagged too).
	x, y, z := w^(ones*' '), w^(ones*'/'), w^(ones*'>')
	m := (x-ones)&^x | (y-ones)&^y | (z-ones)&^z
	m &= highs
	if m == 0 {
		return 0, 0, 0, 0
	}
	n = bits.TrailingZeros64(m) / 8
	key := w & (1<<(8*n) - 1)
	for h := tagHash(key); ; h = (h + 1) % 256 {
		e := &tagTable[h]
		if e.key == key {
			return e.atom, e.flags, e.word, n
		}
		if e.key == 0 {
			return 0, 0, 0, 0
		}
	}
}

// keyTable holds the attribute keys feeds use most that have at most
// seven bytes (lookupKeyWord reads a key and the '=' after it in eight), as little-endian words, each at its tagHash (the most
// frequent first: one whose place is taken is left out).
var keyTable = func() (t [256]uint64) {
	for _, key := range tableKeys {
		var b [8]byte
		copy(b[:], key)
		w := binary.LittleEndian.Uint64(b[:])
		if h := keyHash(w); t[h] == 0 {
			t[h] = w // (a key whose slot is taken is left out)
		}
	}
	return t
}()

// tableKeys are the keys of keyTable. keyHash's multiplier gives each its
// own slot (TestKeyTable).
var tableKeys = strings.Fields(`class href src style width target alt border
	height title rel id align valign name size hspace srcset value vspace sizes
	clear color type ismap shape colspan rowspan dir coords lang face role usemap
	loading bgcolor charset cite async content start media frame rules summary
	scope headers abbr span nowrap poster preload muted loop action method for
	label ping rev`)

// keyHash returns the index in keyTable of the key key.
func keyHash(key uint64) uint64 { return key * 0x70fccc2189959a41 >> 56 }

// lookupKeyWord reads the attribute key at the start of w, eight bytes of
// the source after a space (little-endian), up to the first '='. It
// returns the key's length when it is in keyTable, 0 otherwise.
func lookupKeyWord(w uint64) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	x := w ^ (ones * '=')
	m := (x - ones) &^ x & highs
	if m == 0 {
		return 0
	}
	n := bits.TrailingZeros64(m) / 8
	if key := w & (1<<(8*n) - 1); keyTable[keyHash(key)] != key {
		return 0
	}
	return n
}

// valueEnds marks the bytes that end a value fastStartTag reads: the
// closing quote (1) and the bytes that keep it from being written as it
// is (valueStops, 2).
var valueEnds = func() (t [256]uint8) {
	for c, v := range valueStops {
		t[c] = 2 * v
	}
	t['"'] = 1
	return t
}()

// fastTokens applies the tokens from the Fast's position on, for as long
// as they are ones the fast paths read: text (appendTextJSON, in the JSON
// string modes), a start tag written as Render writes it (fastStartTag),
// the end tag of the current element written as Render writes it
// (fastEndTag). It reports false when the tokens cannot tell the tree (or
// the Fast gave up). None of them opens a raw text element or SVG
// content, or makes the Fast give up but by reporting false: what it
// checks first holds until it returns.
func (r *renderer) fastTokens(dst []byte) ([]byte, bool) {
	fz := r.fz
	if fz.rawTag != "" || fz.err != nil || r.svg > 0 {
		return dst, true
	}
	for {
		s, i := fz.src, fz.pos
		if i+1 >= len(s) {
			return dst, true
		}
		var done, ok bool
		if s[i] != '<' {
			if !r.textJSONReady() {
				return dst, true
			}
			// (The copies its text may reopen are counted against the
			// budget at the next start tag, or at the end.)
			r.cost += CostNode
			if dst, ok = r.appendTextJSON(dst); !ok {
				return dst, false
			}
			r.textEnd = fz.pos
			continue
		}
		if c := s[i+1]; c == '/' {
			if dst, done = r.fastEndTag(dst); !done {
				return dst, true
			}
			continue
		} else if !isASCIILetter(c) {
			return dst, true
		}
		if dst, done, ok = r.fastStartTag(dst); !ok || !done || len(r.stack) >= maxOpenElements || r.cost > r.limit {
			return dst, ok && len(r.stack) < maxOpenElements && (r.cost <= r.limit || !r.overLimit())
		}
	}
}

// fastEndTag applies the end tag at the Fast's position when it is
// "</"+name+">" for the current element's name and closes it as endTag
// would (the current element is none of those whose end tags have rules
// of their own, and no formatting element is pending, which the tag
// could be for), and reports whether it did.
func (r *renderer) fastEndTag(dst []byte) ([]byte, bool) {
	if len(r.stack) == 0 {
		return dst, false
	}
	e := &r.stack[len(r.stack)-1]
	a := e.atom
	fz := r.fz
	s, i := fz.src, fz.pos
	var end int
	if e.word != 0 && i+10 <= len(s) {
		// The name and '>' compared as a word (an element whose end tag
		// has no rules of its own: see tagEntry.word).
		n := int(a&0xFF) + 1
		if binary.LittleEndian.Uint64(s[i+2:])&(1<<(8*n)-1) != e.word {
			return dst, false
		}
		end = i + 1 + n
	} else {
		switch a {
		case 0, atom.Colgroup, atom.Form, atom.Table, atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr,
			atom.Td, atom.Th, atom.Object, atom.Applet, atom.Marquee:
			return dst, false
		}
		name := a.String()
		end = i + 2 + len(name)
		if end >= len(s) || s[end] != '>' || string(s[i+2:end]) != name {
			return dst, false
		}
	}
	if len(r.pending) > r.pendingBase && isFormatting(a) {
		return dst, false
	}
	r.fresh = false
	if e.plain {
		r.stack = r.stack[:len(r.stack)-1]
	} else {
		r.popElement()
	}
	fz.pos = end + 1
	return r.asSource(dst, i, end+1), true
}

// fastStartTag applies the start tag at the Fast's position when it is
// written as Render writes it (canonicalStartTag: a lower-case name, each
// attribute as ` key="value"`, "/>" closing a void element and ">" any
// other, a formatting element's keys sorted) and its name has an atom
// fastTagFlags lets it read: the rules of startTagRules, then the tag
// written as it is in the source (or left out, for a 1x1 image in
// DropOneByOneImages mode). It reports whether it did.
func (r *renderer) fastStartTag(dst []byte) (out []byte, done, ok bool) {
	fz := r.fz
	s, i := fz.src, fz.pos
	var (
		k     int
		tag   atom.Atom
		flags uint8
		word  uint64
	)
	if i+9 <= len(s) {
		tag, flags, word, k = lookupTagWord(binary.LittleEndian.Uint64(s[i+1:]))
		k += i + 1
	}
	if tag == 0 {
		// Not a name of tagTable's followed by ' ', '/' or '>' in the
		// eight bytes after '<'.
		k = i + 1
		var cls uint8
		for k < len(s) {
			c := nameClasses[s[k]]
			if c&nameStop != 0 {
				break
			}
			cls |= c
			k++
		}
		if k >= len(s) || cls != 0 {
			return dst, false, true
		}
		tag = LookupAtom(s[i+1 : k])
		flags = fastTagFlags(tag)
	}
	if flags&fastNo != 0 {
		return dst, false, true
	}
	// The attributes go to fz.attrs, which oneByOne and keysSorted read,
	// cut to nothing and appended to in place: no pointer stored.
	fz.attrs = fz.attrs[:0]
	for s[k] == ' ' {
		k0 := k + 1
		if k0 < len(s) && s[k0] == '/' {
			break // " />"
		}
		k = k0
		if n := 0; k0+8 <= len(s) {
			n = lookupKeyWord(binary.LittleEndian.Uint64(s[k0:]))
			k += n
		}
		if k == k0 {
			// Not a key of keyTable followed by '=' in the eight bytes.
			for k < len(s) && nameClasses[s[k]] == 0 {
				k++
			}
		}
		if k == k0 || k+1 >= len(s) || s[k] != '=' || s[k+1] != '"' {
			return dst, false, true
		}
		v0 := k + 2
		e := jsonstr.SkipSafe(s, v0, &valueEnds)
		if e >= len(s) || s[e] != '"' {
			return dst, false, true
		}
		if len(fz.attrs) == cap(fz.attrs) {
			return dst, false, true
		}
		fz.attrs = append(fz.attrs, [4]int32{int32(k0), int32(k), int32(v0), int32(e)})
		k = e + 1
		if k >= len(s) {
			return dst, false, true
		}
	}
	// The tag's source is s[i:end]; Render writes s[i:k] and then the
	// tag's end: "/>" for a void element (s[k:end] or s[k+1:end] when
	// written "/>" or " />", added when written ">"), ">" for another.
	end, endFrom := k+1, k
	if flags&fastVoid != 0 {
		switch {
		case s[k] == '>':
			endFrom = -1
		case s[k] == ' ' && k+2 < len(s) && s[k+1] == '/' && s[k+2] == '>':
			end, endFrom = k+3, k+1
		case s[k] == '/' && end < len(s) && s[end] == '>':
			end++
		default:
			return dst, false, true
		}
	} else if s[k] != '>' {
		return dst, false, true
	}
	if len(fz.attrs) > 1 {
		// Keys sorted when the tag is a formatting element's (or in
		// SortAttributes mode), none repeated (Next leaves a repeated
		// one out).
		if isFormatting(tag) || r.mode&SortAttributes != 0 {
			if !fz.keysSorted() {
				return dst, false, true
			}
		} else if fz.repeatedKey() {
			return dst, false, true
		}
	}
	r.startCost(len(fz.attrs))
	dst, act := r.startTagRules(dst, tag)
	fz.pos = end
	switch act {
	case giveUp:
		return dst, true, false
	case ignoreTag:
		if tag == atom.Html {
			r.htmlCost(len(fz.attrs))
		}
		// Ignored: text next may join the text before. Then it is left
		// to the text method (done is false, the tag read).
		r.join = i == r.textEnd
		return dst, !r.join, true
	}
	if (act == insertVoid) != (flags&fastVoid != 0) {
		// Not what fastTagFlags says: leave it to x/net/html.
		return dst, true, false
	}
	if tag == atom.Img && r.mode&DropOneByOneImages != 0 && fz.oneByOne() {
		r.join = i == r.textEnd
		return dst, !r.join, true
	}
	r.fresh = false
	if endFrom == k {
		dst = r.asSource(dst, i, end)
	} else if dst = r.asSource(dst, i, k); endFrom > k {
		dst = r.asSource(dst, endFrom, end)
	} else {
		dst = append(r.flush(dst), r.out.selfClose...)
	}
	if act != insertVoid {
		if flags&fastPlain != 0 && len(r.stack) < cap(r.stack) {
			// Pushed in place: the fields stored in the stack's slot.
			r.stack = r.stack[:len(r.stack)+1]
			e := &r.stack[len(r.stack)-1]
			e.atom, e.name, e.start, e.end, e.source, e.word, e.plain, e.textIn, e.nattr = tag, "", i, end, true, word, true, true, uint16(len(fz.attrs))
		} else {
			r.insert(tokenElement{atom: tag, start: i, end: end, source: true, word: word, plain: flags&fastPlain != 0, textIn: flags&fastText != 0, nattr: uint16(len(fz.attrs))}, nil)
		}
	}
	return dst, true, true
}

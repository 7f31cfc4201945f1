package xml5

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// predefined holds XML's five predefined entities, which a DOCTYPE cannot
// redefine.
func predefined(name string) string {
	switch name {
	case "lt":
		return "<"
	case "gt":
		return ">"
	case "amp":
		return "&"
	case "quot":
		return "\""
	case "apos":
		return "'"
	}
	return ""
}

// predefinedRef returns the character of a predefined entity reference
// ("lt;", "gt;", "amp;", "quot;", "apos;") at the start of s (just after
// '&') and its length, or n == 0.
func predefinedRef(s string) (c byte, n int) {
	if len(s) >= 8 {
		return predefinedWord(load64(s, 0))
	}
	switch {
	case len(s) >= 3 && s[1] == 't' && s[2] == ';':
		switch s[0] {
		case 'l':
			return '<', 3
		case 'g':
			return '>', 3
		}
	case len(s) >= 4 && s[:4] == "amp;":
		return '&', 4
	case len(s) >= 5 && s[:5] == "quot;":
		return '"', 5
	case len(s) >= 5 && s[:5] == "apos;":
		return '\'', 5
	}
	return 0, 0
}

// predefinedWord is predefinedRef for the eight bytes after '&' as a
// little-endian number. The sum of the first two bytes' low four bits
// tells the five apart ("lt", "gt", "am", "qu", "ap"), so a table entry and
// one comparison answer, with no branch that the order of the references
// in escaped HTML would mispredict.
func predefinedWord(w uint64) (c byte, n int) {
	e := &predefinedWords[(w+w>>8)&15]
	if w&e.mask != e.word {
		return 0, 0
	}
	return e.c, int(e.n)
}

// predefinedWords holds the predefined entities' references (name and
// ';') by predefinedWord's index; the other entries match no word.
var predefinedWords = func() (t [16]struct {
	word, mask uint64
	c, n       byte
}) {
	for i := range t {
		t[i].word = 1 // not under a zero mask
	}
	for _, r := range []struct {
		ref string
		c   byte
	}{{"lt;", '<'}, {"gt;", '>'}, {"amp;", '&'}, {"quot;", '"'}, {"apos;", '\''}} {
		var w uint64
		for i := len(r.ref) - 1; i >= 0; i-- {
			w = w<<8 | uint64(r.ref[i])
		}
		e := &t[(w+w>>8)&15]
		if e.n != 0 {
			panic("xml5: predefinedWords: two references share an entry")
		}
		e.word, e.mask, e.c, e.n = w, 1<<(8*len(r.ref))-1, r.c, byte(len(r.ref))
	}
	return t
}()

// nameStop marks the bytes that end an entity name in a reference.
var nameStop = [256]bool{
	' ': true, '\t': true, '\n': true, '\r': true, '\f': true,
	';': true, '<': true, '>': true, '&': true, '"': true, '\'': true,
	'=': true, 0: true, '%': true, '#': true,
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// numericRef parses a character reference "&#...;" at the start of s. It
// returns the character (U+FFFD for NUL, surrogates and values beyond
// U+10FFFF) and the bytes consumed, or n == 0 when there are no digits.
func numericRef(s string) (r rune, n int) {
	i := 2
	hex := false
	if i < len(s) && (s[i] == 'x' || s[i] == 'X') {
		hex = true
		i++
	}
	start := i
	var v uint64
	for i < len(s) {
		c := s[i]
		var d uint64
		switch {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case hex && 'a' <= c && c <= 'f':
			d = uint64(c-'a') + 10
		case hex && 'A' <= c && c <= 'F':
			d = uint64(c-'A') + 10
		default:
			goto done
		}
		if hex {
			v = v*16 + d
		} else {
			v = v*10 + d
		}
		if v > 0x10FFFF {
			v = 0x110000
		}
		i++
	}
done:
	if i == start {
		return 0, 0
	}
	if i < len(s) && s[i] == ';' {
		i++
	}
	if v == 0 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) {
		return utf8.RuneError, i
	}
	return rune(v), i
}

// htmlRef resolves an undeclared named reference the way HTML does.
// s starts with "&"; semicolon says whether the name (s[1:]) was followed
// by ';' (included in s). In attribute values a reference without a
// semicolon is only expanded when the name is exactly a legacy name. It
// returns the replacement and whether there was one.
func (p *parser) htmlRef(s string, attr bool) (string, bool) {
	if p.htmlCache == nil {
		p.htmlCache = make(map[string]string)
	}
	key := s
	if attr {
		key = "a" + s
	}
	if v, ok := p.htmlCache[key]; ok {
		return v, v != s
	}
	v := html.UnescapeString(s)
	if attr && v != s {
		if strings.HasSuffix(s, ";") {
			// Exact matches only: a prefix match leaves the ';'.
			if strings.HasSuffix(v, ";") && s != "&semi;" {
				v = s
			}
		} else if html.UnescapeString(s+";") != v {
			v = s
		}
	}
	p.htmlCache[key] = v
	return v, v != s
}

// textReference handles '&' at p.pos in content.
func (p *parser) textReference() {
	s := p.src
	if p.phase != phaseMain {
		// Text outside the root element is dropped, references
		// included.
		p.pos++
		return
	}
	i := p.pos + 1
	if i >= len(s) {
		p.addRange(p.pos, i)
		p.pos = i
		return
	}
	c := s[i]
	if c == '#' {
		r, n := numericRef(s[p.pos:])
		if n == 0 {
			p.parseError("absence-of-digits-in-numeric-character-reference")
			p.addRange(p.pos, i)
			p.pos = i
			return
		}
		if n < 4 || s[p.pos+n-1] != ';' {
			p.parseError("missing-semicolon-after-character-reference")
		}
		if p.recovery {
			r = p.recoverC1(r) // recovery.go
		}
		if r < utf8.RuneSelf {
			p.addByte(byte(r))
		} else {
			var b [4]byte
			p.addString(string(b[:utf8.EncodeRune(b[:], r)]))
		}
		p.pos += n
		return
	}
	// The predefined entities, the references escaped HTML is written
	// with, first: the name loop below finds the same name and ';'.
	if c == 'l' || c == 'g' || c == 'a' || c == 'q' {
		if b, n := predefinedRef(s[i:]); n > 0 {
			p.addByte(b)
			p.pos = i + n
			return
		}
	}
	j := i
	for j < len(s) && !nameStop[s[j]] {
		j++
	}
	if j == i {
		p.addRange(p.pos, i)
		p.pos = i
		return
	}
	name := s[i:j]
	if j < len(s) && s[j] == ';' {
		if v := predefined(name); v != "" {
			p.addString(v)
			p.pos = j + 1
			return
		}
		if e := p.entities[name]; e != nil {
			if !e.external {
				p.expandInContent(e, j+1)
				return
			}
			// External entities are never read: a parsed one
			// expands to nothing, an unparsed one stays as
			// written.
			p.parseError("external-entity-reference")
			if e.unparsed {
				p.addRange(p.pos, j+1)
			}
			p.pos = j + 1
			return
		}
		if v, ok := p.htmlRef(s[p.pos:j+1], false); ok {
			p.addString(v)
			p.pos = j + 1
			return
		}
	}
	// No semicolon, or an unknown name: HTML's legacy references.
	k := i
	for k < len(s) && isAlnum(s[k]) {
		k++
	}
	if k > i {
		if v, ok := p.htmlRef(s[p.pos:k], false); ok {
			p.parseError("missing-semicolon-after-character-reference")
			p.addString(v)
			p.pos = k
			return
		}
	}
	p.parseError("unknown-entity")
	p.addRange(p.pos, i)
	p.pos = i
}

// expandInContent parses entity e's replacement text as content, then
// continues after the reference (which ends at next).
func (p *parser) expandInContent(e *entity, next int) {
	if e.active || p.entDepth >= p.lim.MaxEntityDepth || p.expanded+len(e.value) > p.budget {
		p.parseError("entity-expansion-limit")
		p.addRange(p.pos, next)
		p.pos = next
		return
	}
	p.expanded += len(e.value)
	if p.entDepth == 0 {
		p.refOff = p.pos
	}
	if !p.textCut && strings.IndexByte(e.value, '<') >= 0 {
		p.textCut = true
	}
	savedSrc, savedBase, savedStops := p.src, p.base, p.stops
	p.stops = [4]int{-1, -1, -1, -1}
	p.pos = next
	savedPos := p.pos
	e.active = true
	p.entDepth++
	p.src = e.value
	p.pos = 0
	p.base = len(p.stack)
	p.run()
	// Elements the replacement text opened close with it.
	if len(p.stack) > p.base {
		p.flushText()
		p.pop(p.base)
		if p.base == 0 {
			p.phase = phaseMain
		}
	}
	p.entDepth--
	e.active = false
	p.src, p.base, p.pos, p.stops = savedSrc, savedBase, savedPos, savedStops
}

// attrReference expands the reference at the start of s (s[0] == '&')
// inside an attribute value, appending the result to b. It returns the
// number of bytes of s consumed.
func (p *parser) attrReference(b []byte, s string, extra byte, depth int) ([]byte, int) {
	if len(s) < 2 {
		return append(b, '&'), 1
	}
	c := s[1]
	if c == extra {
		return append(b, '&'), 1
	}
	if c == '#' {
		r, n := numericRef(s)
		if n == 0 {
			return append(b, '&'), 1
		}
		if p.recovery {
			r = p.recoverC1(r) // recovery.go
		}
		return utf8.AppendRune(b, r), n
	}
	j := 1
	for j < len(s) && !nameStop[s[j]] {
		j++
	}
	if j == 1 {
		return append(b, '&'), 1
	}
	name := s[1:j]
	if j < len(s) && s[j] == ';' {
		if v := predefined(name); v != "" {
			return append(b, v...), j + 1
		}
		if e := p.entities[name]; e != nil {
			if e.external || e.hasLT || e.active || depth >= p.lim.MaxEntityDepth ||
				p.expanded+len(e.value) > p.budget {
				p.parseError("entity-not-expanded-in-attribute")
				return append(b, s[:j+1]...), j + 1
			}
			p.expanded += len(e.value)
			e.active = true
			b = p.attrValue(b, e.value, 0, depth+1)
			e.active = false
			return b, j + 1
		}
		if v, ok := p.htmlRef(s[:j+1], true); ok {
			return append(b, v...), j + 1
		}
	}
	k := 1
	for k < len(s) && isAlnum(s[k]) {
		k++
	}
	if k > 1 && (k >= len(s) || s[k] != '=') {
		if v, ok := p.htmlRef(s[:k], true); ok {
			return append(b, v...), k
		}
	}
	return append(b, '&'), 1
}

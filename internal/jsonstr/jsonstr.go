// Package jsonstr escapes text for a JSON string exactly as encoding/json
// does, with or without its HTML escaping. Package feedspec writes its
// canonical JSON with it, and internal/htmltoken serializes HTML straight
// into a JSON string with it.
package jsonstr

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode/utf8"
	"unsafe"
)

// The classes of bytes in the tables Classes returns: 0 for a byte a JSON
// string holds as it is, Escape for an ASCII byte to escape, Multi for a
// byte that starts (or is inside) a multi-byte UTF-8 sequence, which
// AppendChars decodes. The table for HTML escaping has <, > and & as
// Escape too.
const (
	Escape = 1
	Multi  = 2
)

// plainClasses and htmlClasses are the class tables (see Escape).
var plainClasses, htmlClasses = func() (plain, html [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case c >= utf8.RuneSelf:
			plain[c], html[c] = Multi, Multi
		case c < 0x20 || c == '"' || c == '\\':
			plain[c], html[c] = Escape, Escape
		case c == '<' || c == '>' || c == '&':
			html[c] = Escape
		}
	}
	return plain, html
}()

// Safe reports whether the byte c is written as it is in a JSON string
// (with html: also escaping <, > and &).
func Safe(c byte, html bool) bool {
	return Classes(html)[c] == 0
}

// Classes returns the class table for html (see Escape). Callers must not
// change it.
func Classes(html bool) *[256]uint8 {
	if html {
		return &htmlClasses
	}
	return &plainClasses
}

// SkipSafe returns the index of the first byte of s from i on whose class
// in cls is not 0, or len(s). It reads eight bytes at a time while they
// are all 0, and finds the byte in the eight that are not with no loop;
// the last bytes, when s has eight, are read as the eight that end s. The
// classes in cls must be below 4 (as those of Classes are).
func SkipSafe[S []byte | string](s S, i int, cls *[256]uint8) int {
	n := len(s)
	if i >= n {
		return i
	}
	// The bytes, read through a pointer (a string's header is the start
	// of a slice's): no bounds checks and no reslicing in the loop.
	p := unsafe.Pointer(unsafe.StringData(*(*string)(unsafe.Pointer(&s))))
	_ = cls[0] // nil checked once
	for ; i+8 <= n; i += 8 {
		w := (*[8]byte)(unsafe.Add(p, i))
		c0, c1, c2, c3 := cls[w[0]], cls[w[1]], cls[w[2]], cls[w[3]]
		c4, c5, c6, c7 := cls[w[4]], cls[w[5]], cls[w[6]], cls[w[7]]
		if c0|c1|c2|c3|c4|c5|c6|c7 != 0 {
			// The classes (below 4) two bits each: the lowest set is
			// the first byte of class not 0.
			m := classMask(c0, c1, c2, c3, c4, c5, c6, c7)
			return i + firstClass(m)
		}
	}
	if i == n {
		return n
	}
	if n >= 8 {
		// The eight bytes that end s, those before i left out.
		j := n - 8
		w := (*[8]byte)(unsafe.Add(p, j))
		m := classMask(cls[w[0]], cls[w[1]], cls[w[2]], cls[w[3]], cls[w[4]], cls[w[5]], cls[w[6]], cls[w[7]])
		if m &^= 1<<uint(2*(i-j)) - 1; m == 0 {
			return n
		}
		return j + firstClass(m)
	}
	for i < n && cls[*(*byte)(unsafe.Add(p, i))] == 0 {
		i++
	}
	return i
}

// classMask packs the classes of eight bytes (each below 4), two bits a
// byte, the first byte's lowest: firstClass finds the first not 0.
func classMask(c0, c1, c2, c3, c4, c5, c6, c7 uint8) uint {
	return uint(c0) | uint(c1)<<2 | uint(c2)<<4 | uint(c3)<<6 |
		uint(c4)<<8 | uint(c5)<<10 | uint(c6)<<12 | uint(c7)<<14
}

// firstClass returns the index of the first byte whose class is not 0 in
// m, two bits a byte (m is not 0). (math/bits.TrailingZeros64, which the
// compiler makes one instruction: bits.TrailingZeros is a call in a
// generic function's instantiations.)
func firstClass(m uint) int { return int(uint(bits.TrailingZeros64(uint64(m))) / 2) }

const hex = "0123456789abcdef"

// AppendEscape appends the JSON escape of the ASCII byte c, which must be
// of class Escape: \", \\, \b, \f, \n, \r, \t, or \u00XX.
func AppendEscape(dst []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(dst, '\\', c)
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	}
	return append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
}

// SeqLen returns the length of the valid UTF-8 sequence that starts at
// s[i], a byte of class Multi, or 0 when none does (an invalid byte).
func SeqLen[S []byte | string](s S, i int) int {
	c := s[i]
	n := len(s) - i
	switch {
	case c < 0xC2:
		return 0
	case c < 0xE0:
		if n >= 2 && s[i+1]&0xC0 == 0x80 {
			return 2
		}
		return 0
	case c < 0xF0:
		if n < 3 || s[i+2]&0xC0 != 0x80 {
			return 0
		}
		lo, hi := byte(0x80), byte(0xBF)
		switch c {
		case 0xE0:
			lo = 0xA0
		case 0xED:
			hi = 0x9F
		}
		if c1 := s[i+1]; c1 < lo || c1 > hi {
			return 0
		}
		return 3
	case c < 0xF5:
		if n < 4 || s[i+2]&0xC0 != 0x80 || s[i+3]&0xC0 != 0x80 {
			return 0
		}
		lo, hi := byte(0x80), byte(0xBF)
		switch c {
		case 0xF0:
			lo = 0x90
		case 0xF4:
			hi = 0x8F
		}
		if c1 := s[i+1]; c1 < lo || c1 > hi {
			return 0
		}
		return 4
	}
	return 0
}

// AppendChars appends s to dst escaped for a JSON string, without the
// quotes, as encoding/json escapes it: quotes, backslashes and control
// characters (\b, \f, \n, \r, \t by name, the others as \u00XX), U+2028 and
// U+2029, and with html <, > and & (as \u003c, \u003e and \u0026); invalid
// UTF-8 becomes \ufffd. s may be a part of a longer string cut before an
// ASCII byte: no UTF-8 sequence must be cut. s must not lie in dst's room
// (dst[len(dst):cap(dst)]), which it is copied into as it is read
// (AppendString).
func AppendChars[S []byte | string](dst []byte, s S, html bool) []byte {
	// A []byte read as a string: appendString does not keep it.
	str := unsafe.String(unsafe.StringData(*(*string)(unsafe.Pointer(&s))), len(s))
	t := plainString
	if html {
		t = htmlString
	}
	return appendString(dst, str, t)
}

// A stringTables holds the class table cls appendString reads a string
// with, and where the string has a byte from 0x80 the tables it reads the
// rest with: valid when the rest is valid UTF-8 (checked once), whose cls
// is the same for ASCII and 0 for the bytes from 0x80 but 0xE2, of class
// Multi, which starts U+2028 and U+2029 (utf8Valid is set there), else
// invalid (cls unchanged). Those two have no valid and invalid of their
// own: the check is made once. The class HTMLText marks a byte written as
// entities[byte], already escaped for the JSON string (all are below 64).
type stringTables struct {
	cls            [256]uint8
	entities       [64]string
	valid, invalid *stringTables
	utf8Valid      bool
}

// HTMLText is the class, in the tables of AppendHTMLText, of the bytes
// html.Render escapes in text and attribute values.
const HTMLText = 3

// stringTables for AppendString and AppendHTMLText, without and with html.
var plainString, htmlString, plainHTMLText, htmlHTMLText = newStringTables(false, false),
	newStringTables(true, false), newStringTables(false, true), newStringTables(true, true)

// newStringTables returns the tables for html, and with htmlText for the
// text of AppendHTMLText.
func newStringTables(html, htmlText bool) *stringTables {
	t := &stringTables{cls: *Classes(html)}
	if htmlText {
		for c, e := range map[byte]string{'&': "&amp;", '\'': "&#39;", '<': "&lt;", '>': "&gt;", '"': "&#34;", '\r': "&#13;"} {
			t.cls[c] = HTMLText
			if html { // the entity's & escaped, its only byte to escape
				e = `\u0026` + e[1:]
			}
			t.entities[c] = e
		}
	}
	valid, invalid := *t, *t
	for c := utf8.RuneSelf; c < 256; c++ {
		valid.cls[c] = 0
	}
	valid.cls[0xE2] = Multi
	valid.utf8Valid = true
	t.valid, t.invalid = &valid, &invalid
	return t
}

// AppendString appends s as AppendChars does, in fewer steps for the
// common strings. It copies s to dst as it reads it: the bytes it checks,
// sixteen or eight at a time, are stored at once into room reserved
// beforehand (for s and eight bytes more), so that what needs no escaping
// is copied without a memmove call; after a byte it escapes or decodes it
// goes on with the rest of s as a string of its own. At the first byte
// from 0x80 it checks that the rest of s is valid UTF-8 (utf8.ValidString,
// once), and when it is it reads on with a table in which only 0xE2
// (U+2028 and U+2029) of those bytes stops it.
func AppendString(dst []byte, s string, html bool) []byte {
	t := plainString
	if html {
		t = htmlString
	}
	return appendString(dst, s, t)
}

// AppendHTMLText appends s escaped as golang.org/x/net/html's Render
// escapes a text or an attribute value (&, ', <, >, " and carriage
// returns as &amp;, &#39;, &lt;, &gt;, &#34; and &#13;), and that escaped
// for a JSON string as AppendString does, in one pass.
func AppendHTMLText(dst []byte, s string, html bool) []byte {
	t := plainHTMLText
	if html {
		t = htmlHTMLText
	}
	return appendString(dst, s, t)
}

// appendString is AppendString and AppendHTMLText, with the tables t; the
// loop's state is dst, the rest of s and the tables.
func appendString(dst []byte, s string, t *stringTables) []byte {
	for {
		n := len(s)
		if cap(dst)-len(dst) < n+8 {
			dst = slices.Grow(dst, n+8)
		}
		// s[k] goes to dst[l+k], stored through b.
		l := len(dst)
		b := unsafe.Add(unsafe.Pointer(unsafe.SliceData(dst)), l)
		p := unsafe.Pointer(unsafe.StringData(s))
		cls := &t.cls
		k := 0
		if n >= 8 {
			for ; k+16 <= n; k += 16 {
				w, v := (*[8]byte)(unsafe.Add(p, k)), (*[8]byte)(unsafe.Add(p, k+8))
				*(*[8]byte)(unsafe.Add(b, k)) = *w
				*(*[8]byte)(unsafe.Add(b, k+8)) = *v
				if cls[w[0]]|cls[w[1]]|cls[w[2]]|cls[w[3]]|cls[w[4]]|cls[w[5]]|cls[w[6]]|cls[w[7]]|
					cls[v[0]]|cls[v[1]]|cls[v[2]]|cls[v[3]]|cls[v[4]]|cls[v[5]]|cls[v[6]]|cls[v[7]] != 0 {
					break
				}
			}
			for ; k+8 <= n; k += 8 {
				w := (*[8]byte)(unsafe.Add(p, k))
				*(*[8]byte)(unsafe.Add(b, k)) = *w
				c0, c1, c2, c3 := cls[w[0]], cls[w[1]], cls[w[2]], cls[w[3]]
				c4, c5, c6, c7 := cls[w[4]], cls[w[5]], cls[w[6]], cls[w[7]]
				if c0|c1|c2|c3|c4|c5|c6|c7 != 0 {
					m := classMask(c0, c1, c2, c3, c4, c5, c6, c7)
					k += firstClass(m)
					goto stop
				}
			}
			if k < n {
				// The eight bytes that end s, those before k read above
				// (all of class 0); they are stored from k on (the eight
				// bytes of room beyond s take what is past its end).
				j := n - 8
				w := (*[8]byte)(unsafe.Add(p, j))
				binary.LittleEndian.PutUint64((*[8]byte)(unsafe.Add(b, k))[:], binary.LittleEndian.Uint64(w[:])>>(8*uint(k-j)))
				c0, c1, c2, c3 := cls[w[0]], cls[w[1]], cls[w[2]], cls[w[3]]
				c4, c5, c6, c7 := cls[w[4]], cls[w[5]], cls[w[6]], cls[w[7]]
				if c0|c1|c2|c3|c4|c5|c6|c7 != 0 {
					m := classMask(c0, c1, c2, c3, c4, c5, c6, c7)
					k = j + firstClass(m)
					goto stop
				}
			}
			return dst[:l+n]
		}
		// Fewer than eight bytes: four and four (overlapping) or the
		// first, middle and last are checked and stored without a loop
		// when none is to escape; else the loop finds the first.
		if n >= 4 {
			w0, w1 := (*[4]byte)(p), (*[4]byte)(unsafe.Add(p, n-4))
			*(*[4]byte)(b) = *w0
			*(*[4]byte)(unsafe.Add(b, n-4)) = *w1
			if cls[w0[0]]|cls[w0[1]]|cls[w0[2]]|cls[w0[3]]|cls[w1[0]]|cls[w1[1]]|cls[w1[2]]|cls[w1[3]] == 0 {
				return dst[:l+n]
			}
		} else if n > 0 {
			c0, c1, c2 := *(*byte)(p), *(*byte)(unsafe.Add(p, n/2)), *(*byte)(unsafe.Add(p, n-1))
			*(*byte)(b) = c0
			*(*byte)(unsafe.Add(b, n/2)) = c1
			*(*byte)(unsafe.Add(b, n-1)) = c2
			if cls[c0]|cls[c1]|cls[c2] == 0 {
				return dst[:l+n]
			}
		}
		for ; k < n; k++ {
			c := *(*byte)(unsafe.Add(p, k))
			if cls[c] != 0 {
				goto stop
			}
			*(*byte)(unsafe.Add(b, k)) = c
		}
		return dst[:l+n]
	stop:
		dst, s, t = appendStop(dst[:l+k], s, k, t)
	}
}

// appendStop appends the escape or the UTF-8 sequence at s[k], a byte of
// class not 0 in t.cls, and returns dst, the rest of s after it and the
// tables to read that with. It is appendString's loop's slow path, a
// function of its own so that nothing else stays live across it.
func appendStop(dst []byte, s string, k int, t *stringTables) ([]byte, string, *stringTables) {
	c := s[k]
	switch t.cls[c] {
	case Escape:
		return AppendEscape(dst, c), s[k+1:], t
	case HTMLText:
		return append(dst, t.entities[c&63]...), s[k+1:], t
	}
	if t.valid != nil {
		if utf8.ValidString(s[k:]) {
			return dst, s[k:], t.valid // read on from c with the table for valid UTF-8
		}
		t = t.invalid
	}
	size := 3 // c is 0xE2 when valid
	if !t.utf8Valid {
		size = SeqLen(s, k)
	}
	switch {
	case size == 0:
		return append(dst, `\ufffd`...), s[k+1:], t
	case size == 3 && c == 0xE2 && s[k+1] == 0x80 && s[k+2]&0xFE == 0xA8:
		// U+2028, U+2029
		return append(dst, '\\', 'u', '2', '0', '2', hex[s[k+2]&0xF]), s[k+3:], t
	case size == 3: // the others starting with 0xE2, mostly
		return append(dst, c, s[k+1], s[k+2]), s[k+3:], t
	}
	return append(dst, s[k:k+size]...), s[k+size:], t
}

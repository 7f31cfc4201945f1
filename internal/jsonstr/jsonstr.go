// Package jsonstr escapes text for a JSON string exactly as encoding/json
// does, with or without its HTML escaping. Package feedspec writes its
// canonical JSON with it, and internal/htmltoken serializes HTML straight
// into a JSON string with it.
package jsonstr

import "unicode/utf8"

// safe and htmlSafe tell the ASCII bytes a JSON string holds as they are,
// without and with HTML escaping.
var safe, htmlSafe = func() (plain, html [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		plain[c] = c != '"' && c != '\\'
		html[c] = plain[c] && c != '<' && c != '>' && c != '&'
	}
	return plain, html
}()

// Safe reports whether the byte c is written as it is in a JSON string
// (with html: also escaping <, > and &).
func Safe(c byte, html bool) bool {
	if c >= utf8.RuneSelf {
		return false
	}
	if html {
		return htmlSafe[c]
	}
	return safe[c]
}

// AppendChars appends s to dst escaped for a JSON string, without the
// quotes, as encoding/json escapes it: quotes, backslashes and control
// characters (\b, \f, \n, \r, \t by name, the others as \u00XX), U+2028 and
// U+2029, and with html <, > and & (as \u003c, \u003e and \u0026); invalid
// UTF-8 becomes \ufffd. s may be a part of a longer string cut before an
// ASCII byte: no UTF-8 sequence must be cut.
func AppendChars[S []byte | string](dst []byte, s S, html bool) []byte {
	const hex = "0123456789abcdef"
	tab := &safe
	if html {
		tab = &htmlSafe
	}
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if tab[c] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		var buf [utf8.UTFMax]byte
		n := copy(buf[:], s[i:min(len(s), i+utf8.UTFMax)])
		r, size := utf8.DecodeRune(buf[:n])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(dst, s[start:]...)
}

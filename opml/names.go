package opml

import (
	"strings"
	"unicode/utf8"
)

// The XML 1.0 (fifth edition) rules for names and characters, so that
// Parse keeps only what Write can write and Write never writes what an XML
// parser would refuse.

// isNameStart reports whether r may begin an XML name (NameStartChar,
// without the colon, which a namespace-aware name uses as its separator).
func isNameStart(r rune) bool {
	switch {
	case r < 0x80:
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || r == '_'
	case r <= 0x2FF:
		return r >= 0xC0 && r != 0xD7 && r != 0xF7
	case r <= 0x1FFF:
		return r >= 0x370 && r != 0x37E
	case r == 0x200C || r == 0x200D:
		return true
	case r <= 0x2FEF:
		return r >= 0x2070 && r <= 0x218F || r >= 0x2C00
	case r <= 0xD7FF:
		return r >= 0x3001
	case r <= 0xFFFD:
		return r >= 0xF900 && r <= 0xFDCF || r >= 0xFDF0
	}
	return r >= 0x10000 && r <= 0xEFFFF
}

// isNameChar reports whether r may continue an XML name (NameChar, without
// the colon).
func isNameChar(r rune) bool {
	if r < 0x80 {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' ||
			r == '_' || r == '-' || r == '.'
	}
	return isNameStart(r) || r == 0xB7 || r >= 0x300 && r <= 0x36F || r == 0x203F || r == 0x2040
}

// isNCName reports whether s is an XML name without a colon.
func isNCName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == utf8.RuneError {
			return false
		}
		if i == 0 && !isNameStart(r) || i > 0 && !isNameChar(r) {
			return false
		}
	}
	return true
}

// splitQName splits a qualified name as written into its prefix ("" for
// none) and local part, and reports whether it is one: a name without a
// colon, or two such names joined by one.
func splitQName(s string) (prefix, local string, ok bool) {
	i := strings.IndexByte(s, ':')
	if i < 0 {
		return "", s, isNCName(s)
	}
	prefix, local = s[:i], s[i+1:]
	return prefix, local, isNCName(prefix) && isNCName(local)
}

// isXMLChar reports whether XML 1.0 allows r in a document (Char).
func isXMLChar(r rune) bool {
	switch {
	case r < 0x20:
		return r == '\t' || r == '\n' || r == '\r'
	case r <= 0xD7FF:
		return true
	case r < 0xE000:
		return false
	case r <= 0xFFFD:
		return true
	}
	return r >= 0x10000 && r <= 0x10FFFF
}

// validText reports whether s is valid UTF-8 holding only characters XML
// allows.
func validText(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x80 {
			continue
		}
		if c < 0x20 {
			if c != '\t' && c != '\n' && c != '\r' {
				return false
			}
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 || !isXMLChar(r) {
			return false
		}
		i += n - 1
	}
	return true
}

// cleanText returns s with every byte sequence that is not valid UTF-8,
// and every character XML does not allow, replaced by U+FFFD, and whether
// it changed anything. It allocates only when it does.
func cleanText(s string) (string, bool) {
	if validText(s) {
		return s, false
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 || !isXMLChar(r) {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String(), true
}

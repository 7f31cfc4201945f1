package opml

import (
	"strings"
	"unicode/utf8"

	"github.com/feedspec/feedspec/xml5"
)

// The names and characters Write writes, and so those Parse keeps.
//
// Names are kept to ASCII: a letter or '_', then letters, digits, '_',
// '-' and '.' (with one colon between a prefix and a local name). XML 1.0
// allows other characters, but its editions disagree on which: the fifth
// edition allows U+2070 or U+FE39 at the start of a name, which the rules
// of the earlier editions, those expat (and so the W3C validator) and
// encoding/xml follow, refuse. A name of only ASCII is read alike by all;
// OPML's names are all ASCII.

// isNameByte reports whether c may be in a name, and start reports
// whether it may begin one.
func isNameByte(c byte, start bool) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', c == '_':
		return true
	case '0' <= c && c <= '9', c == '-', c == '.':
		return !start
	}
	return false
}

// isNCName reports whether s is a name without a colon, as Write writes
// names.
func isNCName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i], i == 0) {
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

// nameProblem says why name, in the namespace ns, cannot be written as
// the name of an element (attr false) or of an attribute, or "" when it
// can. Write refuses such a name; Parse leaves it out, so that Write never
// refuses a Document Parse returns.
func nameProblem(name, ns string, attr bool) string {
	prefix, _, ok := splitQName(name)
	switch {
	case !ok:
		return "is not an XML name of ASCII characters"
	case prefix == "xmlns" || attr && name == "xmlns":
		return "is a namespace declaration's"
	case prefix == "xml" && ns != "" && ns != xml5.XMLNamespace:
		return "has the prefix xml, which names the XML namespace only"
	case attr && prefix == "" && ns != "":
		return "has no prefix, so it cannot be in a namespace"
	}
	return ""
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

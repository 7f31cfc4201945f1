package xml5

import (
	"encoding/binary"
	"math/bits"
	"strings"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
)

// whatwgNames spells the encoding names charset.Lookup returns the way the
// WHATWG Encoding Standard does.
var whatwgNames = map[string]string{
	"utf-8":          "UTF-8",
	"ibm866":         "IBM866",
	"iso-8859-2":     "ISO-8859-2",
	"iso-8859-3":     "ISO-8859-3",
	"iso-8859-4":     "ISO-8859-4",
	"iso-8859-5":     "ISO-8859-5",
	"iso-8859-6":     "ISO-8859-6",
	"iso-8859-7":     "ISO-8859-7",
	"iso-8859-8":     "ISO-8859-8",
	"iso-8859-8-i":   "ISO-8859-8-I",
	"iso-8859-10":    "ISO-8859-10",
	"iso-8859-13":    "ISO-8859-13",
	"iso-8859-14":    "ISO-8859-14",
	"iso-8859-15":    "ISO-8859-15",
	"iso-8859-16":    "ISO-8859-16",
	"koi8-r":         "KOI8-R",
	"koi8-u":         "KOI8-U",
	"shift_jis":      "Shift_JIS",
	"euc-jp":         "EUC-JP",
	"iso-2022-jp":    "ISO-2022-JP",
	"euc-kr":         "EUC-KR",
	"gbk":            "GBK",
	"big5":           "Big5",
	"utf-16be":       "UTF-16BE",
	"utf-16le":       "UTF-16LE",
	"x-user-defined": "x-user-defined",
}

func whatwgName(name string) string {
	if n, ok := whatwgNames[name]; ok {
		return n
	}
	return name
}

// utf8Encoding is what charset.Lookup returns for the label "utf-8".
var utf8Encoding, _ = charset.Lookup("utf-8")

// lookupLabel resolves an encoding label as the WHATWG Encoding Standard
// does. It returns nil for an unknown label.
func lookupLabel(label string) (encoding.Encoding, string) {
	if label == "utf-8" || label == "UTF-8" {
		// The usual label as most write it: answered before the
		// trimming and the case-blind comparisons below.
		return utf8Encoding, "UTF-8"
	}
	label = strings.TrimSpace(label)
	if label == "" {
		return nil, ""
	}
	if strings.EqualFold(label, "utf-8") || strings.EqualFold(label, "utf8") {
		// The usual label, answered without charset.Lookup (which
		// allocates): its encoding, as Lookup gives it, and its name.
		return utf8Encoding, "UTF-8"
	}
	e, name := charset.Lookup(label)
	if e == nil {
		return nil, ""
	}
	if inner, err := htmlindex.Get(label); err == nil {
		if cm, ok := inner.(*charmap.Charmap); ok {
			// A single-byte encoding, as Lookup has it but not
			// wrapped (the wrapper changes only its encoder), so
			// that decodeWith finds its byte table.
			return cm, whatwgName(name)
		}
	}
	return e, whatwgName(name)
}

// decode turns the raw input into UTF-8 text: a byte order mark wins, then
// the transport label, then the XML declaration's encoding, then UTF-8.
// Bytes that do not decode become U+FFFD. The returned string may share
// memory with raw, which the caller must not modify afterwards. ascii is the
// length of a prefix of raw known to be ASCII, which the UTF-8 check skips (0
// when not known; WithRecovery measures it, as its repairs need it).
func decode(raw []byte, transport string, ascii int) (string, string) {
	// Byte order marks. UTF-32 is not in the Encoding Standard, but feeds
	// use it and its marks are unambiguous: they are checked first.
	switch {
	case len(raw) >= 4 && raw[0] == 0 && raw[1] == 0 && raw[2] == 0xFE && raw[3] == 0xFF:
		return decodeWith(utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM), raw[4:]), "UTF-32BE"
	case len(raw) >= 4 && raw[0] == 0xFF && raw[1] == 0xFE && raw[2] == 0 && raw[3] == 0:
		return decodeWith(utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM), raw[4:]), "UTF-32LE"
	case len(raw) >= 3 && raw[0] == 0xEF && raw[1] == 0xBB && raw[2] == 0xBF:
		return utf8Text(raw[3:], 0), "UTF-8"
	case len(raw) >= 2 && raw[0] == 0xFE && raw[1] == 0xFF:
		return decodeWith(unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), raw[2:]), "UTF-16BE"
	case len(raw) >= 2 && raw[0] == 0xFF && raw[1] == 0xFE:
		return decodeWith(unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), raw[2:]), "UTF-16LE"
	}
	// The transport layer's label.
	if e, name := lookupLabel(transport); e != nil {
		return decodeNamed(e, name, raw, ascii)
	}
	// UTF-16 and UTF-32 without a byte order mark, recognised by their
	// first character, "<" (for UTF-16 followed by an ASCII character),
	// as XML's appendix F describes.
	if len(raw) >= 4 {
		if raw[0] == 0 && raw[1] == 0 && raw[2] == 0 && raw[3] == '<' {
			return decodeWith(utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM), raw), "UTF-32BE"
		}
		if raw[0] == '<' && raw[1] == 0 && raw[2] == 0 && raw[3] == 0 {
			return decodeWith(utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM), raw), "UTF-32LE"
		}
		if raw[0] == '<' && raw[1] == 0 && raw[2] != 0 && raw[2] < 0x80 && raw[3] == 0 {
			return decodeWith(unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), raw), "UTF-16LE"
		}
		if raw[0] == 0 && raw[1] == '<' && raw[2] == 0 && raw[3] != 0 && raw[3] < 0x80 {
			return decodeWith(unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), raw), "UTF-16BE"
		}
	}
	// The XML declaration's encoding, read as ASCII.
	if label := sniffDeclEncoding(raw); label != "" {
		if e, name := lookupLabel(label); e != nil {
			if name == "UTF-16BE" || name == "UTF-16LE" {
				// The declaration was readable as ASCII, so the
				// bytes are not UTF-16: the Encoding Standard's
				// rule for labels found in the content.
				return utf8Text(raw, ascii), "UTF-8"
			}
			return decodeNamed(e, name, raw, ascii)
		}
	}
	return utf8Text(raw, ascii), "UTF-8"
}

func decodeNamed(e encoding.Encoding, name string, raw []byte, ascii int) (string, string) {
	switch name {
	case "UTF-8":
		return utf8Text(raw, ascii), name
	case "UTF-16BE":
		return decodeWith(unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), raw), name
	case "UTF-16LE":
		return decodeWith(unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), raw), name
	}
	return decodeWith(e, raw), name
}

// utf8Text returns raw as a string without copying when it is valid UTF-8,
// else a copy with every invalid sequence replaced by U+FFFD. Its first ascii
// bytes are known to be ASCII.
func utf8Text(raw []byte, ascii int) string {
	if validUTF8(raw[ascii:]) {
		return bytesToString(raw)
	}
	return decodeWith(unicode.UTF8, raw)
}

// validUTF8 is utf8.Valid, read for text that mixes ASCII with other
// characters (most feeds not in English): past a character that is not
// ASCII, the next word's first byte that is not ASCII is found at once
// rather than byte by byte, and a sequence is checked by one table entry
// and its four bytes read as a number, with no branch on its length.
func validUTF8(b []byte) bool {
	const hi = 0x8080808080808080
	p := b[:len(b):len(b)] // the capacity set so that slicing p costs less
	for len(p) >= 8 {
		w := binary.LittleEndian.Uint64(p)
		if w&hi == 0 {
			// ASCII: a long run 64 bytes a turn.
			p = p[8:]
			for len(p) >= 64 && (binary.LittleEndian.Uint64(p)|binary.LittleEndian.Uint64(p[8:])|
				binary.LittleEndian.Uint64(p[16:])|binary.LittleEndian.Uint64(p[24:])|
				binary.LittleEndian.Uint64(p[32:])|binary.LittleEndian.Uint64(p[40:])|
				binary.LittleEndian.Uint64(p[48:])|binary.LittleEndian.Uint64(p[56:]))&hi == 0 {
				p = p[64:]
			}
			continue
		}
		p = p[bits.TrailingZeros64(w&hi)>>3:]
		// p[0] starts a sequence of e.n bytes: its second byte is in
		// e.lo to e.lo+e.span, and the ones after it match e.mask to
		// e.want (continuation bytes). Sequences that follow each
		// other (text in a script other than Latin) are read on here.
		for len(p) >= 4 {
			v := binary.LittleEndian.Uint32(p)
			if v&0x80 == 0 {
				break
			}
			e := &utf8Leads[byte(v)]
			if byte(v>>8)-e.lo > e.span || v&e.mask != e.want {
				return false
			}
			p = p[e.n:]
		}
		if len(p) < 4 {
			break
		}
	}
	return utf8.Valid(p) // the last bytes, fewer than eight
}

// utf8Leads describes the sequence each byte starts, for validUTF8: its
// length, the range of its second byte, and the mask and value of the
// bytes after it (0xC0 and 0x80 for each continuation byte) read as a
// little-endian number with the first two. A byte that starts no sequence
// (ASCII bytes are not looked up) has a mask on the byte itself, which is
// not 0.
var utf8Leads = func() (t [256]struct {
	n, lo, span byte
	mask, want  uint32
}) {
	for c := range t {
		e := &t[c]
		e.lo, e.span, e.mask = 0x80, 0x3F, 0xFF
		switch {
		case c >= 0xC2 && c <= 0xDF:
			e.n, e.mask = 2, 0
		case c >= 0xE0 && c <= 0xEF:
			e.n, e.mask, e.want = 3, 0xC00000, 0x800000
		case c >= 0xF0 && c <= 0xF4:
			e.n, e.mask, e.want = 4, 0xC0C00000, 0x80800000
		}
		switch c {
		case 0xE0: // no overlong forms
			e.lo, e.span = 0xA0, 0x1F
		case 0xED: // no surrogates
			e.lo, e.span = 0x80, 0x1F
		case 0xF0: // no overlong forms
			e.lo, e.span = 0x90, 0x2F
		case 0xF4: // nothing beyond U+10FFFF
			e.lo, e.span = 0x80, 0x0F
		}
	}
	return t
}()

func decodeWith(e encoding.Encoding, raw []byte) string {
	if s, ok := decodeSingleByte(e, raw); ok { // singlebyte.go
		return s
	}
	out, err := e.NewDecoder().Bytes(raw)
	if err != nil {
		// Decoders replace bad input with U+FFFD; an error here is
		// unexpected, so fall back to a plain replacement pass.
		return strings.ToValidUTF8(string(raw), "\uFFFD")
	}
	if !utf8.Valid(out) {
		return strings.ToValidUTF8(bytesToString(out), "\uFFFD")
	}
	return bytesToString(out)
}

// bytesToString makes a string that shares b's memory; b must never be
// modified afterwards.
func bytesToString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// trimDeclSpace is strings.TrimLeft(s, " \t\r\n") without building the
// cutset's table on every call (the XML declaration is read on every
// parse).
func trimDeclSpace(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t' || s[0] == '\r' || s[0] == '\n') {
		s = s[1:]
	}
	return s
}

// sniffDeclEncoding returns the encoding pseudo-attribute of an XML
// declaration at the very start of raw, read as ASCII, or "".
func sniffDeclEncoding(raw []byte) string {
	if len(raw) < 6 || string(raw[:5]) != "<?xml" {
		return ""
	}
	if c := raw[5]; c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '?' {
		return ""
	}
	end := len(raw)
	if end > 1024 {
		end = 1024
	}
	head := bytesToString(raw[5:end]) // only read, and not kept
	if f, ok := readDecl(head); ok {
		return f.encoding
	}
	return sniffHead(head)
}

// sniffHead is sniffDeclEncoding for a declaration's head (up to its
// first 1024 bytes, "<?xml" left out) of any form.
func sniffHead(head string) string {
	if i := strings.Index(head, "?>"); i >= 0 {
		head = head[:i]
	}
	i := strings.Index(head, "encoding")
	if i < 0 {
		return ""
	}
	rest := trimDeclSpace(head[i+len("encoding"):])
	if !strings.HasPrefix(rest, "=") {
		return ""
	}
	rest = trimDeclSpace(rest[1:])
	if rest == "" {
		return ""
	}
	q := rest[0]
	if q != '"' && q != '\'' {
		// An unquoted value runs to whitespace.
		if j := strings.IndexAny(rest, " \t\r\n?"); j >= 0 {
			return rest[:j]
		}
		return rest
	}
	rest = rest[1:]
	j := strings.IndexByte(rest, q)
	if j < 0 {
		return ""
	}
	return rest[:j]
}

// declFields are the pseudo-attributes of an XML declaration, "" when
// absent, and the index of its "?>".
type declFields struct {
	version, encoding, standalone string
	end                           int
}

// readDecl reads an XML declaration's body (what follows "<?xml") in the
// form nearly all have: version, encoding and standalone pseudo-attributes
// (each at most once, in any order), name, '=' and a quoted value of
// letters, digits, '.', '-', '_' and ':', with white space between, then
// "?>". The values are those declValue and sniffDeclEncoding find, and end
// is the first "?>": neither names, values nor white space hold a '?', and
// a value holding a name is left to them (ok false), as is every other
// form.
func readDecl(s string) (f declFields, ok bool) {
	// The most common of all first.
	if strings.HasPrefix(s, commonDecl) {
		i := len(commonDecl)
		for i < len(s) && declValueByte[s[i]] {
			i++
		}
		if val := s[len(commonDecl):i]; len(val) < len("version") && strings.HasPrefix(s[i:], `"?>`) {
			return declFields{version: "1.0", encoding: val, end: i + 1}, true
		}
	}
	i := 0
	var seen [3]bool
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') {
			i++
		}
		if i+1 < len(s) && s[i] == '?' && s[i+1] == '>' {
			f.end = i
			return f, true
		}
		var k int
		switch {
		case strings.HasPrefix(s[i:], "version"):
			k, i = 0, i+len("version")
		case strings.HasPrefix(s[i:], "encoding"):
			k, i = 1, i+len("encoding")
		case strings.HasPrefix(s[i:], "standalone"):
			k, i = 2, i+len("standalone")
		default:
			return f, false
		}
		if seen[k] {
			return f, false
		}
		seen[k] = true
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') {
			i++
		}
		if i >= len(s) || s[i] != '=' {
			return f, false
		}
		i++
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') {
			i++
		}
		if i >= len(s) || s[i] != '"' && s[i] != '\'' {
			return f, false
		}
		q := s[i]
		i++
		v := i
		for i < len(s) && declValueByte[s[i]] {
			i++
		}
		if i >= len(s) || s[i] != q {
			return f, false
		}
		val := s[v:i]
		i++
		if len(val) >= len("version") && (strings.Contains(val, "version") ||
			strings.Contains(val, "encoding") || strings.Contains(val, "standalone")) {
			return f, false
		}
		switch k {
		case 0:
			f.version = val
		case 1:
			f.encoding = val
		default:
			f.standalone = val
		}
	}
}

// commonDecl is how most XML declarations start, "<?xml" left out.
const commonDecl = ` version="1.0" encoding="`

// declValueByte marks the bytes of a pseudo-attribute value readDecl reads.
var declValueByte = func() (t [256]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	t['.'], t['-'], t['_'], t[':'] = true, true, true, true
	return t
}()

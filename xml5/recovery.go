package xml5

import (
	"bytes"
	"encoding/binary"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/encoding/charmap"

	win1252 "github.com/feedspec/feedspec/internal/cp1252"
)

// WithRecovery turns on repairs of mistakes XML5 does not forgive but every
// browser and feed reader does. They are off by default, and the parse then
// follows XML5 exactly. With them on:
//
//   - An encoding the bytes contradict is not used: a document declared (by
//     the transport or the XML declaration) in a single-byte encoding whose
//     bytes are valid UTF-8 with multi-byte sequences is decoded as UTF-8; a
//     document declared UTF-8, or not declared, whose bytes are mostly not
//     UTF-8 is decoded as windows-1252.
//   - A document encoded as UTF-8 twice (every non-ASCII character is a
//     UTF-8 sequence read as windows-1252: "Ã³" for "ó") is decoded once
//     more, only when every non-ASCII sequence of the document reads so
//     (after a UTF-8 byte order mark too; the five bytes windows-1252
//     leaves undefined, 0x9D in "”", read as the C1 controls browsers
//     give them).
//   - A transport label of UTF-16 (utf-16, utf-16le, utf-16be) on bytes that
//     are plainly not UTF-16 (no NUL byte in the first 1024, and "<?xml",
//     "<rss", "<feed" or "<rdf" readable there) is ignored: the document is
//     decoded as if it had no label. (A UTF-16 label in the XML declaration
//     is always ignored, as the Encoding Standard says of labels found in
//     content.)
//   - An XML declaration after leading whitespace is still the declaration
//     (it gives the encoding).
//   - Typographic quotes (“…”, ‘…’) delimit attribute values and the XML
//     declaration's values as ASCII quotes do.
//   - Numeric character references to C1 controls (&#128; to &#159;) are the
//     windows-1252 characters, as in HTML.
//
// Each repair that changed the parse is listed in Document.Repairs.
func WithRecovery() Option { return func(c *config) { c.recovery = true } }

// A Repair is a change WithRecovery made to the parse.
type Repair struct {
	Line, Column int    // 1-based position in the decoded input; Column counts characters
	Offset       int    // byte offset in the decoded input
	Message      string // what was done, such as "declared ISO-8859-1, decoded as UTF-8"
}

// singleByte reports whether the WHATWG encoding name is a single-byte
// encoding (windows-125x, ISO-8859-x, KOI8, IBM866, the Mac encodings).
func singleByte(name string) bool {
	switch name {
	case "UTF-8", "UTF-16BE", "UTF-16LE", "UTF-32BE", "UTF-32LE",
		"Shift_JIS", "EUC-JP", "ISO-2022-JP", "EUC-KR", "GBK", "gb18030", "Big5",
		"x-user-defined", "replacement", "":
		return false
	}
	return true
}

// recoverDecode runs the encoding repairs on raw, which decode made text
// (in encoding enc) of; raw[:ascii] is ASCII, and raw[ascii], if any, is
// not. It returns the text to parse, its encoding, and the repairs made
// (their positions are filled by the caller).
func recoverDecode(raw []byte, transport, text, enc string, ascii int) (string, string, []Repair) {
	var repairs []Repair
	if hasBOM(raw) {
		// The byte order mark settles the encoding; a UTF-8 document
		// may still be encoded twice.
		if enc == "UTF-8" {
			if fixed, ok := undoubleUTF8(text, 0); ok {
				return fixed, enc, []Repair{{Message: doubleMessage}}
			}
		}
		return text, enc, nil
	}
	if (enc == "UTF-16BE" || enc == "UTF-16LE") && asciiCompatible(raw) {
		// A transport label of UTF-16 on bytes that read as ASCII:
		// decoded as if there were no label.
		repairs = append(repairs, Repair{Message: "declared " + strings.TrimSpace(transport) + " but the bytes are not UTF-16 (an ASCII-compatible XML document), label ignored"})
		transport = ""
		text, enc = decode(raw, "", ascii)
	}
	declared := "" // the label, as written, of the encoding decode used
	if e, _ := lookupLabel(transport); e != nil {
		declared = strings.TrimSpace(transport)
	} else if label := sniffDeclRecover(raw); label != "" {
		if e, name := lookupLabel(label); e != nil && name != "UTF-16BE" && name != "UTF-16LE" {
			declared = label
			if name != enc {
				// A declaration decode did not see: after
				// whitespace, or with typographic quotes.
				text, enc = decodeNamed(e, name, raw, ascii)
				repairs = append(repairs, Repair{Message: "encoding " + label + " read from the XML declaration"})
			}
		}
	}
	switch {
	case singleByte(enc) && ascii < len(raw) && utf8.Valid(raw[ascii:]):
		// Repair 3: the bytes are UTF-8 whatever the label says.
		repairs = append(repairs, Repair{Message: "declared " + declared + ", decoded as UTF-8"})
		text, enc = bytesToString(raw), "UTF-8"
	case enc == "UTF-8" && !sharesMemory(text, raw):
		// utf8Text copies raw only when it is not valid UTF-8.
		invalid, valid, undefined := utf8Counts(raw[ascii:])
		if invalid == 0 || invalid < valid {
			break // mostly UTF-8: a few bad bytes stay U+FFFD
		}
		if declared == "" {
			// No label at all: the detector's encoding, when one
			// reads the bytes plainly (detect.go).
			if name, e := detectLegacy(raw[ascii:]); e != nil {
				repairs = append(repairs, Repair{Message: "no encoding declared, bytes not UTF-8, decoded as " + name + " (detected)"})
				text, enc = decodeWith(e, raw), name
				break
			}
		}
		if undefined {
			break // not windows-1252 either
		}
		what := "declared " + declared
		if declared == "" {
			what = "no encoding declared"
		}
		repairs = append(repairs, Repair{Message: what + ", bytes not UTF-8, decoded as windows-1252"})
		text, enc = decodeWith(charmap.Windows1252, raw), "windows-1252"
	}
	// In UTF-8 and the single-byte encodings, text starts with raw's ASCII
	// bytes, and its first other character is where raw's first other byte
	// is: the double-encoding check starts there.
	from := 0
	if enc == "UTF-8" || singleByte(enc) {
		from = ascii
	}
	if fixed, ok := undoubleUTF8(text, from); ok {
		repairs = append(repairs, Repair{Message: doubleMessage})
		text = fixed
	}
	return text, enc, repairs
}

// asciiHeadSize is how many bytes of a document asciiCompatible looks at.
const asciiHeadSize = 1024

// asciiCompatible reports whether raw cannot be UTF-16 and is an XML
// document in an ASCII-compatible encoding: its first asciiHeadSize bytes
// hold no NUL byte (every ASCII character of UTF-16 has one) and one of
// "<?xml", "<rss", "<feed" or "<rdf" (which in UTF-16 would have NULs
// between the characters).
func asciiCompatible(raw []byte) bool {
	head := raw[:min(len(raw), asciiHeadSize)]
	if len(head) == 0 || bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	for _, s := range [...]string{"<?xml", "<rss", "<feed", "<rdf"} {
		if bytes.Contains(head, []byte(s)) {
			return true
		}
	}
	return false
}

// hasBOM reports whether raw starts with a byte order mark decode honours.
func hasBOM(raw []byte) bool {
	return len(raw) >= 3 && raw[0] == 0xEF && raw[1] == 0xBB && raw[2] == 0xBF ||
		len(raw) >= 2 && (raw[0] == 0xFE && raw[1] == 0xFF || raw[0] == 0xFF && raw[1] == 0xFE) ||
		len(raw) >= 4 && raw[0] == 0 && raw[1] == 0 && raw[2] == 0xFE && raw[3] == 0xFF
}

// nextNonASCII returns the index of the first byte of b at or after i that
// is not ASCII, or len(b), reading 32 bytes at a time.
func nextNonASCII(b []byte, i int) int {
	const hi = 0x8080808080808080
	p := b[i:len(b):len(b)] // the capacity set so that slicing p costs less
	for len(p) >= 32 && (binary.LittleEndian.Uint64(p)|binary.LittleEndian.Uint64(p[8:])|
		binary.LittleEndian.Uint64(p[16:])|binary.LittleEndian.Uint64(p[24:]))&hi == 0 {
		p = p[32:]
	}
	for i = len(b) - len(p); i+8 <= len(b); i += 8 {
		if binary.LittleEndian.Uint64(b[i:])&hi != 0 {
			break
		}
	}
	for ; i < len(b); i++ {
		if b[i] >= 0x80 {
			return i
		}
	}
	return i
}

// sharesMemory reports whether text is raw itself (decode did not copy it).
func sharesMemory(text string, raw []byte) bool {
	return len(raw) > 0 && len(text) == len(raw) && unsafe.StringData(text) == &raw[0]
}

// utf8Counts counts, in raw, the bytes that are not part of a UTF-8
// sequence and the multi-byte sequences, and says whether raw holds one of
// the five bytes windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90,
// 0x9D). Bytes mostly not UTF-8 (invalid > 0 and invalid >= valid) are
// read in another encoding.
func utf8Counts(raw []byte) (invalid, valid int, undefined bool) {
	for i := nextNonASCII(raw, 0); i < len(raw); {
		c := raw[i]
		if c < 0x80 {
			i = nextNonASCII(raw, i)
			continue
		}
		switch c {
		case 0x81, 0x8D, 0x8F, 0x90, 0x9D:
			undefined = true
		}
		r, n := utf8.DecodeRune(raw[i:])
		if r == utf8.RuneError && n <= 1 {
			invalid++
			i++
			continue
		}
		valid++
		i += n
	}
	return invalid, valid, undefined
}

// cp1252Byte returns the windows-1252 byte that decodes to r, as a double
// encoding read it (win1252.Byte: the five bytes windows-1252 leaves
// undefined, and every C1 control, are their own bytes).
func cp1252Byte(r rune) (byte, bool) { return win1252.Byte(r) }

// cp1252High are the characters windows-1252 gives bytes 0x80 to 0x9F
// (the five undefined bytes map to the C1 controls, as in the WHATWG index).
var cp1252High = [32]rune{
	0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
	0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
}

// doubleMessage is the message of the double-encoding repair.
const doubleMessage = "UTF-8 encoded twice, decoded once more"

// undoubleUTF8 is the double-encoding repair: when text has non-ASCII
// characters, each of them is a windows-1252 character, and the bytes they
// stand for make valid UTF-8 text, it returns that text. text[:from] is
// ASCII.
func undoubleUTF8(text string, from int) (string, bool) {
	need, multi := 0, false
	raw := unsafe.Slice(unsafe.StringData(text), len(text))
	for i := nextNonASCII(raw, from); i < len(text); {
		if text[i] < 0x80 {
			if need > 0 {
				return "", false
			}
			i = nextNonASCII(raw, i)
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		i += n
		b, ok := cp1252Byte(r)
		if !ok {
			return "", false
		}
		switch {
		case need > 0:
			if b < 0x80 || b > 0xBF {
				return "", false
			}
			need--
		case b < 0x80:
		case b >= 0xC2 && b <= 0xDF:
			need, multi = 1, true
		case b >= 0xE0 && b <= 0xEF:
			need, multi = 2, true
		case b >= 0xF0 && b <= 0xF4:
			need, multi = 3, true
		default:
			return "", false
		}
	}
	if need > 0 || !multi {
		return "", false
	}
	out := append(make([]byte, 0, len(text)), text[:from]...)
	for i := from; i < len(text); {
		j := nextNonASCII(raw, i)
		out = append(out, text[i:j]...)
		if j == len(text) {
			break
		}
		r, n := utf8.DecodeRuneInString(text[j:])
		b, _ := cp1252Byte(r)
		out = append(out, b)
		i = j + n
	}
	if !utf8.Valid(out) {
		return "", false
	}
	return bytesToString(out), true
}

// sniffDeclRecover reads the encoding of an XML declaration at the start of
// raw, after any whitespace, its value delimited by ASCII or typographic
// quotes.
func sniffDeclRecover(raw []byte) string {
	lead := 0
	for lead < len(raw) && isSpace(raw[lead]) {
		lead++
	}
	return strings.Trim(sniffDeclEncoding(raw[lead:]), "“”‘’„")
}

// typographicValue reads an attribute value delimited by typographic quotes
// at i: “…” (or ”…”, „…“) or ‘…’ (or ’…’). It returns the raw value and the
// index after the closing quote, or ok false when s[i:] does not start with
// such a quote or the value does not end before the tag does.
func typographicValue(s string, i int) (raw string, next int, ok bool) {
	r, n := utf8.DecodeRuneInString(s[i:])
	var closers string
	switch r {
	case '“', '”', '„':
		closers = "“”"
	case '‘', '’':
		closers = "‘’"
	default:
		return "", 0, false
	}
	start := i + n
	end := strings.IndexAny(s[start:], closers)
	if end < 0 {
		return "", 0, false
	}
	raw = s[start : start+end]
	if strings.IndexByte(raw, '>') >= 0 || strings.IndexByte(raw, '<') >= 0 {
		return "", 0, false
	}
	_, cn := utf8.DecodeRuneInString(s[start+end:])
	return raw, start + end + cn, true
}

// c1Reference maps a numeric character reference to a C1 control to the
// windows-1252 character HTML reads it as; other characters are returned
// as they are.
func c1Reference(r rune) (rune, bool) {
	if r >= 0x80 && r <= 0x9F {
		if c := cp1252High[r-0x80]; c != r {
			return c, true
		}
	}
	return r, false
}

// repair records a repair at offset off of the decoded document.
func (p *parser) repair(off int, msg string) {
	line, col := p.lineCol(off)
	p.doc.Repairs = append(p.doc.Repairs, Repair{Line: line, Column: col, Offset: off, Message: msg})
}

// countedRepair counts a repair that may happen many times in a document:
// one Repair, at the first, says how many there were (see finishRepairs).
func (p *parser) countedRepair(c *countedRepair, off int) {
	if c.count == 0 {
		p.repair(off, "")
		c.index = len(p.doc.Repairs) - 1
	}
	c.count++
}

// A countedRepair is one kind of repair counted over the document.
type countedRepair struct {
	count, index int
}

// finishRepairs writes the messages of the counted repairs.
func (p *parser) finishRepairs() {
	if c := p.c1Refs; c.count > 0 {
		p.doc.Repairs[c.index].Message = plural(c.count, "numeric reference", "numeric references") +
			" to C1 controls read as windows-1252 characters"
	}
	if c := p.typoQuotes; c.count > 0 {
		p.doc.Repairs[c.index].Message = plural(c.count, "attribute value", "attribute values") +
			" delimited by typographic quotes read as quoted"
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// recoverDecl skips the whitespace before an XML declaration, so that it is
// read as the declaration.
func (p *parser) recoverDecl() {
	i := 0
	for i < len(p.src) && isSpace(p.src[i]) {
		i++
	}
	if i == 0 || !strings.HasPrefix(p.src[i:], "<?xml") || len(p.src) <= i+5 || !isSpace(p.src[i+5]) && p.src[i+5] != '?' {
		return
	}
	p.pos = i
	p.repair(i, "XML declaration after whitespace read as the declaration")
}

// recoverDeclValues removes typographic quotes around the XML declaration's
// values (at start).
func (p *parser) recoverDeclValues(start int) {
	changed := false
	for _, v := range []*string{&p.doc.XMLVersion, &p.doc.XMLEncoding, &p.doc.XMLStandalone} {
		if t := strings.Trim(*v, "“”‘’„"); t != *v {
			*v, changed = t, true
		}
	}
	if changed {
		p.repair(start, "XML declaration's values delimited by typographic quotes read as quoted")
	}
}

// typographicAttr reads an attribute value delimited by typographic quotes
// at i (see typographicValue), references expanded.
func (p *parser) typographicAttr(i int) (string, int, bool) {
	raw, next, ok := typographicValue(p.src, i)
	if !ok {
		return "", 0, false
	}
	p.countedRepair(&p.typoQuotes, i)
	if strings.IndexByte(raw, '&') < 0 && strings.IndexByte(raw, 0) < 0 && !strings.ContainsAny(raw, "\t\n\r\f") {
		return raw, next, true
	}
	p.scratch = p.attrValue(p.scratch[:0], raw, 0, 0)
	return p.makeString(p.scratch), next, true
}

// recoverC1 maps a numeric reference to a C1 control to its windows-1252
// character.
func (p *parser) recoverC1(r rune) rune {
	if c, ok := c1Reference(r); ok {
		p.countedRepair(&p.c1Refs, p.offset())
		return c
	}
	return r
}

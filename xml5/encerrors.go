package xml5

import (
	"unicode/utf8"
)

// Encoding errors (WithErrors): what the document's bytes held that is not
// a character of an XML document, reported with the parse errors, each run
// once, by where it is in the decoded text.

// The codes of the encoding errors.
const (
	// codeInvalidBytes is a run of bytes that do not decode in the
	// document's encoding: each maximal ill-formed sequence became one
	// U+FFFD (the Encoding Standard's decoders).
	codeInvalidBytes = "invalid-byte-sequence"
	// codeControl is a run of C0 control characters other than tab, line
	// feed and carriage return, which XML 1.0 does not allow (NUL
	// included; in text the tokenizer also reports it, as nul-in-text).
	codeControl = "control-character-in-input-stream"
	// codeNoncharacter is a run of U+FFFE and U+FFFF, which XML 1.0 does
	// not allow.
	codeNoncharacter = "noncharacter-in-input-stream"
)

// maxParseErrors is the most parse errors a document records (besides its
// encoding errors): a document can make one for every byte (a NUL, "</x>"
// repeated), each costing hundreds of bytes once reported. The error
// beyond it is recorded as CodeTooManyErrors, and the rest are dropped.
// The project's real-feed corpus has at most 40 in a feed.
const maxParseErrors = 1000

// CodeTooManyErrors is the code of the parse error recorded where a
// document's 1,001st parse error is: it and the errors after it are
// dropped (Document.Errors holds at most 1,001 parse errors, and at most
// 1,000 encoding errors).
const CodeTooManyErrors = "too-many-errors"

// maxEncodingErrors is the most encoding errors a document records: a
// document of bad bytes and good ones in turn would otherwise record one
// for every two bytes.
const maxEncodingErrors = 1000

// encodingErrors returns the encoding errors of text, the decoded form of
// raw in the encoding named enc, in the order of their offsets in text, at
// most maxEncodingErrors, with their lines and columns.
//
// A UTF-8 document's bytes that did not decode are found in raw: its U+FFFD
// characters may be its own. In other encodings (and when recovery mode
// changed the text, undoing a double encoding), every run of U+FFFD in text
// is taken for bytes that did not decode: a legacy encoding has no U+FFFD
// of its own (gb18030 aside), and one in a UTF-16 or UTF-32 document is
// rare.
func encodingErrors(raw []byte, text, enc string) []ParseError {
	var invalid []int // offsets in text of the runs of U+FFFD for bad bytes
	fromRaw := false
	if enc == "UTF-8" {
		b := raw
		if len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
			b = b[3:]
		}
		if len(b) == len(text) && validUTF8(b) {
			fromRaw = true // no bad byte
		} else if offs, n := utf8Replacements(b); n == len(text) {
			invalid, fromRaw = offs, true
		}
	}
	scanned := scanCharacters(text, !fromRaw)
	errs := make([]ParseError, 0, min(len(invalid)+len(scanned), maxEncodingErrors))
	for i, j := 0, 0; (i < len(invalid) || j < len(scanned)) && len(errs) < maxEncodingErrors; {
		if j == len(scanned) || i < len(invalid) && invalid[i] <= scanned[j].Offset {
			errs = append(errs, ParseError{Offset: invalid[i], Code: codeInvalidBytes})
			i++
		} else {
			errs = append(errs, scanned[j])
			j++
		}
	}
	var pos positionCursor
	for k := range errs {
		errs[k].Line, errs[k].Column = pos.at(text, errs[k].Offset)
	}
	return errs
}

// utf8Replacements returns the offsets in the decoded text of the runs of
// ill-formed sequences of b, decoded as UTF-8 with each maximal ill-formed
// subsequence replaced by U+FFFD (as the Encoding Standard's decoder, and
// x/text's, do), at most maxEncodingErrors, and the decoded text's length.
func utf8Replacements(b []byte) (offs []int, n int) {
	i, j := 0, 0
	inRun := false
	for i < len(b) {
		if b[i] < utf8.RuneSelf {
			i++
			j++
			inRun = false
			continue
		}
		if r, size := utf8.DecodeRune(b[i:]); r != utf8.RuneError || size > 1 {
			i += size
			j += size
			inRun = false
			continue
		}
		if !inRun && len(offs) < maxEncodingErrors {
			offs = append(offs, j)
		}
		inRun = true
		i += maximalSubpart(b[i:])
		j += utf8.RuneLen(utf8.RuneError)
	}
	return offs, j
}

// maximalSubpart returns the length of the maximal ill-formed subsequence
// at the start of b, which starts with a byte that is not ASCII and does
// not start a well-formed sequence: the bytes of a sequence as far as they
// are right (a lead byte, then continuation bytes in the ranges it allows),
// or 1.
func maximalSubpart(b []byte) int {
	e := &utf8Leads[b[0]]
	if e.n == 0 || len(b) < 2 || b[1]-e.lo > e.span {
		return 1 // not a lead byte, or a wrong second byte
	}
	if e.n == 2 || len(b) < 3 || b[2]&0xC0 != 0x80 {
		return 2
	}
	return 3 // a four-byte sequence cut after three
}

// characterClass classifies the bytes of decoded text for
// scanCharacters: 1 for the C0 controls XML 1.0 does not allow, 2 for the
// first byte of U+FFFD, U+FFFE and U+FFFF (EF BF BD to BF).
var characterClass = func() (t [256]uint8) {
	for c := range 0x20 {
		if c != '\t' && c != '\n' && c != '\r' {
			t[c] = 1
		}
	}
	t[0xEF] = 2
	return t
}()

// scanCharacters returns the runs of characters of text that XML 1.0 does
// not allow (codeControl, codeNoncharacter), and when replacements is set
// the runs of U+FFFD (codeInvalidBytes), in order, at most
// maxEncodingErrors, with their offsets only.
func scanCharacters(text string, replacements bool) []ParseError {
	var errs []ParseError
	last, end := "", -1 // the code of the last run, and where it ended
	for k := 0; k < len(text) && len(errs) < maxEncodingErrors; k++ {
		class := characterClass[text[k]]
		if class == 0 {
			continue
		}
		code, size := codeControl, 1
		if class == 2 {
			if k+2 >= len(text) || text[k+1] != 0xBF || text[k+2] < 0xBD {
				continue
			}
			size = 3
			switch {
			case text[k+2] == 0xBD && !replacements:
				continue
			case text[k+2] == 0xBD:
				code = codeInvalidBytes
			default:
				code = codeNoncharacter
			}
		}
		if k != end || code != last {
			errs = append(errs, ParseError{Offset: k, Code: code})
		}
		last, end = code, k+size
		k += size - 1
	}
	return errs
}

// mergeErrors returns the errors of a and b, each in the order of their
// offsets, in one list in that order (a's first at the same offset).
func mergeErrors(a, b []ParseError) []ParseError {
	if len(a) == 0 {
		return b
	}
	out := make([]ParseError, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if a[i].Offset <= b[j].Offset {
			out = append(out, a[i])
			i++
		} else {
			out = append(out, b[j])
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

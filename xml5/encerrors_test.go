package xml5

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/encoding/unicode"
)

// encodingErrorsOf returns the encoding errors (encerrors.go's codes) of
// the document in, parsed with opts and WithErrors.
func encodingErrorsOf(t *testing.T, in []byte, opts ...Option) ([]ParseError, *Document) {
	t.Helper()
	doc, err := Parse(bytes.NewReader(in), append(opts, WithErrors())...)
	require.NoError(t, err)
	var errs []ParseError
	for _, e := range doc.Errors {
		switch e.Code {
		case codeInvalidBytes, codeControl, codeNoncharacter:
			errs = append(errs, e)
		}
	}
	return errs, doc
}

// TestEncodingErrors checks the encoding errors of documents in UTF-8 and
// other encodings: one for each run of bytes that do not decode and each
// run of characters XML 1.0 does not allow, at its line and column in the
// decoded text, none for a U+FFFD the document holds, and nothing
// without WithErrors.
func TestEncodingErrors(t *testing.T) {
	type want struct {
		line, col int
		code      string
	}
	for _, tt := range []struct {
		name, in, charset string
		want              []want
	}{
		{"valid", "<a>é\u00a0\u2028\U0001F600\t\r\n</a>", "", nil},
		{"a bad byte", "<a>x\xffy</a>", "", []want{{1, 5, codeInvalidBytes}}},
		{"a run of bad bytes", "<a>x\xff\xfe\x80\xc0y</a>", "", []want{{1, 5, codeInvalidBytes}}},
		{"two runs", "<a>\xff.\xff</a>", "", []want{{1, 4, codeInvalidBytes}, {1, 6, codeInvalidBytes}}},
		{"truncated sequences", "<a>\xe2\x82\xf0\x9f\x98</a>", "", []want{{1, 4, codeInvalidBytes}}},
		{"overlong and surrogate", "<a>\xc0\xaf\n\xed\xa0\x80</a>", "", []want{{1, 4, codeInvalidBytes}, {2, 1, codeInvalidBytes}}},
		{"a U+FFFD of its own", "<a>\uFFFD\uFFFD</a>", "", nil},
		{"its own U+FFFD next to bad bytes", "<a>\uFFFD\xff\uFFFD</a>", "", []want{{1, 5, codeInvalidBytes}}},
		{"bad bytes in an attribute and a comment", "<a b='\xff'><!--\xfe--></a>", "", []want{{1, 7, codeInvalidBytes}, {1, 14, codeInvalidBytes}}},
		{"a byte order mark", "\xef\xbb\xbf<a>\n\xff</a>", "", []want{{2, 1, codeInvalidBytes}}},
		{"a control character", "<a>\n\n  x\x03y</a>", "", []want{{3, 4, codeControl}}},
		{"a run of controls", "<a>\x01\x02\x1f\x0b\x0c</a>", "", []want{{1, 4, codeControl}}},
		{"NUL", "<a b='\x00'>\x00</a>", "", []want{{1, 7, codeControl}, {1, 10, codeControl}}},
		{"noncharacters", "<a>\uFFFE\uFFFFx\uFFFF</a>", "", []want{{1, 4, codeNoncharacter}, {1, 7, codeNoncharacter}}},
		{"controls then bad bytes", "<a>\x01\xff\x02</a>", "", []want{{1, 4, codeControl}, {1, 5, codeInvalidBytes}, {1, 6, codeControl}}},
		{"UTF-16LE, an unpaired surrogate", "<\x00a\x00>\x00\x00\xd8x\x00<\x00/\x00a\x00>\x00", "utf-16le", []want{{1, 4, codeInvalidBytes}}},
		{"UTF-16LE, a control", "<\x00a\x00>\x00\x05\x00<\x00/\x00a\x00>\x00", "utf-16le", []want{{1, 4, codeControl}}},
		{"Shift_JIS, a bad pair", "<a>\x82\xa0\x85\x40</a>", "shift_jis", []want{{1, 5, codeInvalidBytes}}},
		{"windows-1252", "<a>\xe9\x80\x9f</a>", "windows-1252", nil},
		{"windows-1252, bytes it leaves undefined", "<a>\x81\x8d\xe9</a>", "windows-1252", []want{{1, 4, codeInvalidBytes}}},
		{"C1 controls are allowed", "<a>\u0085\u0090</a>", "", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			errs, doc := encodingErrorsOf(t, []byte(tt.in), WithCharset(tt.charset))
			var got []want
			for _, e := range errs {
				got = append(got, want{e.Line, e.Column, e.Code})
				switch e.Code {
				case codeInvalidBytes:
					assert.True(t, strings.HasPrefix(doc.text[e.Offset:], "\uFFFD"), "a U+FFFD at %d", e.Offset)
				case codeNoncharacter:
					r, _ := utf8.DecodeRuneInString(doc.text[e.Offset:])
					assert.True(t, r == 0xFFFE || r == 0xFFFF, "a noncharacter at %d", e.Offset)
				}
				line, col := doc.Position(e.Offset)
				assert.Equal(t, want{line, col, e.Code}, want{e.Line, e.Column, e.Code}, "the position of %v", e)
			}
			assert.Equal(t, tt.want, got, "encoding errors of %q", tt.in)
			plain, err := Parse(strings.NewReader(tt.in), WithCharset(tt.charset))
			require.NoError(t, err)
			assert.Empty(t, plain.Errors, "no errors without WithErrors")
		})
	}
}

// TestEncodingErrorsInOrder checks that the encoding errors are merged with
// the tokenizer's by offset, in recovery mode too (where these bytes are
// read as windows-1252, so that only the controls are left).
func TestEncodingErrorsInOrder(t *testing.T) {
	in := []byte("<a>\xff</b>\x01<c d=\"\xfe\"><<\x02</a>")
	for _, tt := range []struct {
		opts []Option
		want []string
	}{
		{nil, []string{codeInvalidBytes, "mismatched-end-tag", codeControl, codeInvalidBytes, "invalid-first-character-of-tag-name", codeControl, "eof-in-element"}},
		{[]Option{WithRecovery()}, []string{"mismatched-end-tag", codeControl, "invalid-first-character-of-tag-name", codeControl, "eof-in-element"}},
	} {
		doc, err := Parse(bytes.NewReader(in), append(tt.opts, WithErrors())...)
		require.NoError(t, err)
		var codes []string
		for i, e := range doc.Errors {
			codes = append(codes, e.Code)
			if i > 0 {
				assert.GreaterOrEqual(t, e.Offset, doc.Errors[i-1].Offset, "errors in order of offset: %v", doc.Errors)
			}
		}
		assert.Equal(t, tt.want, codes, "errors: %v", doc.Errors)
	}
}

// TestUTF8ReplacementsAgreeWithDecoder compares utf8Replacements with
// x/text's UTF-8 decoder on random byte strings: the decoded length is the
// same, and the runs of bytes that did not decode, found another way
// (referenceRuns), are at the same offsets.
func TestUTF8ReplacementsAgreeWithDecoder(t *testing.T) {
	alphabet := [][]byte{
		{'a'}, {'\n'}, {0xff}, {0x80}, {0xbf}, {0xc0}, {0xc2}, {0xc3, 0xa9}, {0xe2}, {0xe2, 0x82}, {0xe2, 0x82, 0xac},
		{0xed, 0xa0}, {0xed, 0x9f, 0xbf}, {0xef, 0xbf, 0xbd}, {0xf0}, {0xf0, 0x9f}, {0xf0, 0x9f, 0x98}, {0xf0, 0x9f, 0x98, 0x80},
		{0xf4, 0x90}, {0xf5}, {0xe0, 0x80}, {0xe0, 0xa0},
	}
	r := rand.New(rand.NewPCG(7, 8))
	for n := range 20000 {
		var b []byte
		for range r.IntN(12) {
			b = append(b, alphabet[r.IntN(len(alphabet))]...)
		}
		out, err := unicode.UTF8.NewDecoder().Bytes(b)
		require.NoError(t, err)
		offs, size := utf8Replacements(b)
		require.Equal(t, len(out), size, "%d: decoded length of %q", n, b)
		assert.Equal(t, referenceRuns(b), offs, "%d: runs of %q (decoded %q)", n, b, out)
	}
}

// referenceRuns finds the offsets in the decoded text of the runs of bytes
// of b that do not decode another way: the runs of bytes utf8.DecodeRune
// rejects, each at the length of the decoder's output for the bytes
// before it.
func referenceRuns(b []byte) []int {
	var runs []int
	for i := 0; i < len(b); {
		if r, size := utf8.DecodeRune(b[i:]); r != utf8.RuneError || size > 1 {
			i += size
			continue
		}
		before, err := unicode.UTF8.NewDecoder().Bytes(b[:i])
		if err != nil {
			panic(err)
		}
		runs = append(runs, len(before))
		for i < len(b) {
			if r, size := utf8.DecodeRune(b[i:]); r != utf8.RuneError || size > 1 {
				break
			}
			i++
		}
	}
	return runs
}

// TestEncodingErrorsCorpus checks two corpus feeds at the lines expat
// reports their first error at: invalid UTF-8 at line 418 of
// feedjira2009__ZedShaw.xml, U+0003 at line 30 of
// feedjira2009__CoryForsyth.xml.
func TestEncodingErrorsCorpus(t *testing.T) {
	dir := filepath.Join(filepath.Dir(confDir), "..", "corpus", "feeds")
	for _, tt := range []struct {
		file string
		line int
		code string
	}{
		{"feedjira2009__ZedShaw.xml", 418, codeInvalidBytes},
		{"feedjira2009__CoryForsyth.xml", 30, codeControl},
	} {
		data, err := os.ReadFile(filepath.Join(dir, tt.file))
		if err != nil {
			t.Skipf("the corpus is not at %s: %v", dir, err)
		}
		for _, opts := range [][]Option{nil, {WithRecovery()}} {
			errs, _ := encodingErrorsOf(t, data, opts...)
			if assert.NotEmpty(t, errs, "%s: encoding errors", tt.file) {
				assert.Equal(t, tt.line, errs[0].Line, "%s: the first encoding error's line", tt.file)
				assert.Equal(t, tt.code, errs[0].Code, "%s: the first encoding error", tt.file)
			}
		}
	}
}

// TestEncodingErrorsBounded parses documents of bad bytes (one run, and
// bad and good bytes in turn) and of control characters at two sizes ten
// times apart, WithErrors: the errors are capped (maxEncodingErrors), the
// bytes allocated beyond a parse without WithErrors stay within the
// errors' own size, and the bytes allocated grow at most 12 times.
func TestEncodingErrorsBounded(t *testing.T) {
	for _, tt := range []struct {
		name string
		unit string
	}{
		{"bad bytes", "\xff"},
		{"bad and good bytes in turn", "\xffa"},
		{"controls and text in turn", "\x01a"},
		{"noncharacters and text in turn", "\uFFFEa"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var small uint64
			for _, size := range []int{1 << 20, 10 << 20} {
				in := []byte("<a>" + strings.Repeat(tt.unit, size/len(tt.unit)) + "</a>")
				var doc *Document
				with := bytesAllocated(func() { doc, _ = Parse(bytes.NewReader(in), WithErrors()) })
				n := 0
				for _, e := range doc.Errors {
					if e.Code != "nul-in-text" {
						n++
					}
				}
				without := bytesAllocated(func() { doc, _ = Parse(bytes.NewReader(in)) })
				t.Logf("%d bytes: %d encoding errors, %d bytes allocated with errors, %d without", len(in), n, with, without)
				assert.LessOrEqual(t, n, maxEncodingErrors, "encoding errors recorded")
				assert.Positive(t, n, "encoding errors recorded")
				// Each error: a ParseError in encodingErrors' list and in
				// the merged one, and for the U+FFFD runs an offset.
				assert.LessOrEqual(t, int64(with)-int64(without), int64(maxEncodingErrors*3*64+(64<<10)), "bytes the errors allocated")
				if size == 1<<20 {
					small = with
				} else {
					assert.LessOrEqual(t, float64(with)/float64(small), 12.0, "bytes allocated for 10 times the input")
				}
			}
		})
	}
}

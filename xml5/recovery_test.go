package xml5

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"golang.org/x/text/encoding/charmap"
)

// cp1252 encodes s in windows-1252.
func cp1252(t *testing.T, s string) string {
	t.Helper()
	b, err := charmap.Windows1252.NewEncoder().String(s)
	require.NoError(t, err)
	return b
}

// doubleUTF8 returns s encoded as UTF-8, read as windows-1252 and encoded as
// UTF-8 again.
func doubleUTF8(t *testing.T, s string) string {
	t.Helper()
	b, err := charmap.Windows1252.NewDecoder().String(s)
	require.NoError(t, err)
	return b
}

// utf16LE encodes s in UTF-16LE, without a byte order mark.
func utf16LE(s string) string {
	var b []byte
	for _, r := range utf16.Encode([]rune(s)) {
		b = append(b, byte(r), byte(r>>8))
	}
	return string(b)
}

// TestRecoveryRepairs parses each input with and without WithRecovery and
// checks the root's text, the encoding and the repairs.
func TestRecoveryRepairs(t *testing.T) {
	type want struct {
		title, enc string
		repairs    []string // messages, in order
	}
	for _, tc := range []struct {
		name, src, charset string
		spec, rec          want
	}{
		{
			name: "declared latin-1, UTF-8 bytes",
			src:  `<?xml version="1.0" encoding="iso-8859-1"?><t>Crème</t>`,
			spec: want{"CrÃ¨me", "windows-1252", nil},
			rec:  want{"Crème", "UTF-8", []string{"declared iso-8859-1, decoded as UTF-8"}},
		},
		{
			name:    "transport label latin-1, UTF-8 bytes",
			src:     `<t>Crème</t>`,
			charset: "latin1",
			spec:    want{"CrÃ¨me", "windows-1252", nil},
			rec:     want{"Crème", "UTF-8", []string{"declared latin1, decoded as UTF-8"}},
		},
		{
			name: "declared latin-1, ASCII bytes",
			src:  `<?xml version="1.0" encoding="iso-8859-1"?><t>Creme</t>`,
			spec: want{"Creme", "windows-1252", nil},
			rec:  want{"Creme", "windows-1252", nil},
		},
		{
			name: "declared UTF-8, windows-1252 bytes",
			src:  `<?xml version="1.0" encoding="utf-8"?><t>` + cp1252(t, "Café “x”") + `</t>`,
			spec: want{"Caf\uFFFD \uFFFDx\uFFFD", "UTF-8", nil},
			rec:  want{"Café “x”", "windows-1252", []string{"declared utf-8, bytes not UTF-8, decoded as windows-1252"}},
		},
		{
			name: "undeclared, windows-1252 bytes",
			src:  `<t>` + cp1252(t, "Déjà") + `</t>`,
			spec: want{"D\uFFFDj\uFFFD", "UTF-8", nil},
			rec:  want{"Déjà", "windows-1252", []string{"no encoding declared, bytes not UTF-8, decoded as windows-1252"}},
		},
		{
			// Mostly UTF-8 with one stray byte: UTF-8 stays.
			name: "mostly UTF-8",
			src:  "<t>é è à \xE9</t>",
			spec: want{"é è à \uFFFD", "UTF-8", nil},
			rec:  want{"é è à \uFFFD", "UTF-8", nil},
		},
		{
			// A byte windows-1252 leaves undefined: not windows-1252.
			name: "undefined windows-1252 byte",
			src:  "<t>\xE9\x81</t>",
			spec: want{"\uFFFD", "UTF-8", nil},
			rec:  want{"\uFFFD", "UTF-8", nil},
		},
		{
			name: "byte order mark wins",
			src:  "\xEF\xBB\xBF<?xml version='1.0' encoding='iso-8859-1'?><t>Crème</t>",
			spec: want{"Crème", "UTF-8", nil},
			rec:  want{"Crème", "UTF-8", nil},
		},
		{
			name: "double-encoded UTF-8",
			src:  `<t>` + doubleUTF8(t, "Canción — ‘niño’") + `</t>`,
			spec: want{doubleUTF8(t, "Canción — ‘niño’"), "UTF-8", nil},
			rec:  want{"Canción — ‘niño’", "UTF-8", []string{"UTF-8 encoded twice, decoded once more"}},
		},
		{
			// A byte order mark settles the encoding, not whether the
			// document is encoded twice.
			name: "double-encoded UTF-8 after a byte order mark",
			src:  "\xEF\xBB\xBF<?xml version='1.0' encoding='utf-8'?><t>" + doubleUTF8(t, "you’re £5") + "</t>",
			spec: want{doubleUTF8(t, "you’re £5"), "UTF-8", nil},
			rec:  want{"you’re £5", "UTF-8", []string{"UTF-8 encoded twice, decoded once more"}},
		},
		{
			// 0x9D, which windows-1252 leaves undefined, read as
			// browsers read it (U+009D) and encoded again; and 0x81,
			// 0x8D, 0x8F, 0x90 so too. U+0080 (0x80 read as
			// ISO-8859-1) is its own byte as well.
			name: "double-encoded UTF-8 with undefined bytes",
			src:  "<t>â€œHiâ€\u009d \u00c5\u0081 \u00c4\u008d \u00c4\u008f \u00d0\u0090 â\u0080\u0099</t>",
			spec: want{"â€œHiâ€\u009d \u00c5\u0081 \u00c4\u008d \u00c4\u008f \u00d0\u0090 â\u0080\u0099", "UTF-8", nil},
			rec:  want{"“Hi” Ł č ď А ’", "UTF-8", []string{"UTF-8 encoded twice, decoded once more"}},
		},
		{
			// One character that is not a double encoding: nothing
			// changes, anywhere.
			name: "double-encoded UTF-8 but one character",
			src:  `<t>` + doubleUTF8(t, "Canción") + ` ó</t>`,
			spec: want{doubleUTF8(t, "Canción") + " ó", "UTF-8", nil},
			rec:  want{doubleUTF8(t, "Canción") + " ó", "UTF-8", nil},
		},
		{
			name: "declaration after whitespace",
			src:  "\n\n <?xml version=\"1.0\" encoding=\"iso-8859-1\"?><t>" + cp1252(t, "São") + "</t>",
			spec: want{"S\uFFFDo", "UTF-8", nil},
			rec: want{"São", "windows-1252", []string{
				"encoding iso-8859-1 read from the XML declaration",
				"XML declaration after whitespace read as the declaration",
			}},
		},
		{
			name:    "transport label utf-16, ASCII-compatible bytes",
			src:     `<?xml version="1.0"?><rss>Crème</rss>`,
			charset: "utf-16",
			spec:    want{"", "UTF-16LE", nil},
			rec: want{"Crème", "UTF-8", []string{
				"declared utf-16 but the bytes are not UTF-16 (an ASCII-compatible XML document), label ignored",
			}},
		},
		{
			// The label is ignored, the declaration read.
			name:    "transport label utf-16be, declared latin-1",
			src:     `<?xml version="1.0" encoding="iso-8859-1"?><feed>` + cp1252(t, "São") + `</feed>`,
			charset: " UTF-16BE ",
			spec:    want{"", "UTF-16BE", nil},
			rec: want{"São", "windows-1252", []string{
				"declared UTF-16BE but the bytes are not UTF-16 (an ASCII-compatible XML document), label ignored",
			}},
		},
		{
			// Real UTF-16 (no byte order mark) keeps its label.
			name:    "transport label utf-16, UTF-16 bytes",
			src:     utf16LE("<rss>Crème</rss>"),
			charset: "utf-16le",
			spec:    want{"Crème", "UTF-16LE", nil},
			rec:     want{"Crème", "UTF-16LE", nil},
		},
		{
			// ASCII bytes that are no XML document: the label stays.
			name:    "transport label utf-16, not a feed's start",
			src:     `<html>x</html>`,
			charset: "utf-16",
			spec:    want{"", "UTF-16LE", nil},
			rec:     want{"", "UTF-16LE", nil},
		},
		{
			name: "declared utf-16, ASCII bytes",
			src:  `<?xml version="1.0" encoding="utf-16"?><t>Crème</t>`,
			spec: want{"Crème", "UTF-8", nil},
			rec:  want{"Crème", "UTF-8", nil},
		},
		{
			name: "C1 references",
			src:  `<t a="&#150;">1998&#150;2024 &#x93;q&#x94; &#129; &#8211;</t>`,
			spec: want{"1998\u00962024 \u0093q\u0094 \u0081 –", "UTF-8", nil},
			rec:  want{"1998–2024 “q” \u0081 –", "UTF-8", []string{"4 numeric references to C1 controls read as windows-1252 characters"}},
		},
		{
			name: "typographic quotes",
			src:  `<?xml version=“1.0” encoding=“utf-8”?><t a=“x y” b=‘z’ c="“q”">text</t>`,
			spec: want{"text", "UTF-8", nil},
			rec: want{"text", "UTF-8", []string{
				"XML declaration's values delimited by typographic quotes read as quoted",
				"2 attribute values delimited by typographic quotes read as quoted",
			}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, rec := range []bool{false, true} {
				opts := []Option{WithCharset(tc.charset)}
				w := tc.spec
				if rec {
					opts = append(opts, WithRecovery())
					w = tc.rec
				}
				doc, err := Parse(strings.NewReader(tc.src), opts...)
				require.NoError(t, err)
				got := ""
				if root := doc.Root(); root != nil {
					got = root.ChildTextContent()
				}
				assert.Equal(t, w.title, got, "recovery %v: text", rec)
				assert.Equal(t, w.enc, doc.Encoding, "recovery %v: encoding", rec)
				var msgs []string
				for _, r := range doc.Repairs {
					msgs = append(msgs, r.Message)
					assert.True(t, r.Line >= 1 && r.Column >= 1, "recovery %v: repair %q at line %d, column %d", rec, r.Message, r.Line, r.Column)
				}
				assert.Equal(t, strings.Join(w.repairs, "\n"), strings.Join(msgs, "\n"), "recovery %v: repairs", rec)
			}
		})
	}
}

// TestRecoveryAttributes checks the attribute values the repairs give.
func TestRecoveryAttributes(t *testing.T) {
	src := `<t xmlns=“urn:x” a=“x &amp; y” b=‘z’ c="“q”" d=“unclosed/> e=“x>y”>text</t>`
	doc, err := Parse(strings.NewReader(src), WithRecovery())
	require.NoError(t, err)
	root := doc.Root()
	assert.Equal(t, "urn:x", root.Namespace, "namespace")
	for name, want := range map[string]string{"a": "x & y", "b": "z", "c": "“q”"} {
		v, _ := root.AttrValue("", name)
		assert.Equal(t, want, v, name)
	}
	// An opening quote without its closing one before the tag ends is
	// read as XML5 reads it (an unquoted value).
	spec, _ := Parse(strings.NewReader(src))
	v, _ := spec.Root().AttrValue("", "a")
	assert.Equal(t, "“x", v, "without recovery: a")
}

// TestRecoveryPosition checks Document.Position against the parse errors'
// positions.
func TestRecoveryPosition(t *testing.T) {
	src := "<a>\r\n  <b>é</b>\n <c>&bogus;</c></a>"
	doc, _ := Parse(strings.NewReader(src), WithErrors())
	require.NotEmpty(t, doc.Errors, "no parse error")
	for _, e := range doc.Errors {
		l, c := doc.Position(e.Offset)
		assert.Equal(t, [2]int{e.Line, e.Column}, [2]int{l, c}, "Position(%d) vs the error's", e.Offset)
	}
	l, c := doc.Position(1 << 30)
	assert.Equal(t, [2]int{3, len(" <c>&bogus;</c></a>") + 1}, [2]int{l, c}, "Position past the end")
	var none *Document
	l, c = none.Position(3)
	assert.Equal(t, [2]int{0, 0}, [2]int{l, c}, "nil Document")
}

// c1Ref matches a numeric character reference to a C1 control.
var c1Ref = regexp.MustCompile(`&#(0*(12[89]|1[3-5][0-9])|[xX]0*[89][0-9a-fA-F])\b`)

// TestRecoveryConformance parses every case of the XML5 conformance suite
// with and without WithRecovery and checks that the trees differ only where
// a repair applies: a numeric reference to a C1 control, or whitespace
// before the XML declaration. It logs how many cases change.
func TestRecoveryConformance(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(confDir, "*.dat"))
	if len(files) == 0 {
		t.Skipf("conformance suite not found in %s", confDir)
	}
	changed := map[string]int{}
	for _, path := range files {
		cases, err := readDat(path)
		require.NoError(t, err)
		for _, c := range cases {
			spec, _ := Parse(strings.NewReader(c.data), WithCharset("utf-8"))
			rec, _ := Parse(strings.NewReader(c.data), WithCharset("utf-8"), WithRecovery())
			if strings.Join(dumpTree(spec), "\n") == strings.Join(dumpTree(rec), "\n") {
				assert.Empty(t, rec.Repairs, "%s#%d: repairs but the same tree", c.file, c.index)
				continue
			}
			why := ""
			switch {
			case c1Ref.MatchString(c.data):
				why = "C1 reference"
			case strings.HasPrefix(strings.TrimLeft(c.data, " \t\r\n"), "<?xml") && strings.TrimLeft(c.data, " \t\r\n") != c.data:
				why = "XML declaration after whitespace"
			default:
				assert.Fail(t, "recovery mode changes the tree", "%s#%d:\n%s", c.file, c.index, c.data)
				continue
			}
			assert.NotEmpty(t, rec.Repairs, "%s#%d: the tree changed without a repair", c.file, c.index)
			changed[why]++
		}
	}
	t.Logf("cases whose tree recovery mode changes: %v", changed)
}

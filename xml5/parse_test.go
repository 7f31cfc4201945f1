package xml5

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// dump parses input and returns the tree in the conformance suite's
// format, one node per line.
func dump(t *testing.T, input string, opts ...Option) string {
	t.Helper()
	doc, err := Parse(strings.NewReader(input), opts...)
	require.NoError(t, err, "Parse(%q)", input)
	return strings.Join(dumpTree(doc), "\n")
}

func lines(s ...string) string { return strings.Join(s, "\n") }

func checkDump(t *testing.T, input, want string, opts ...Option) {
	t.Helper()
	assert.Equal(t, want, dump(t, input, opts...), "Parse(%q)", input)
}

func utf16Bytes(s string, bigEndian, bom bool) []byte {
	var b []byte
	units := utf16.Encode([]rune(s))
	if bom {
		units = append([]uint16{0xFEFF}, units...)
	}
	for _, u := range units {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return b
}

func utf32Bytes(s string, bigEndian bool) []byte {
	var b []byte
	for _, r := range s {
		if bigEndian {
			b = append(b, byte(r>>24), byte(r>>16), byte(r>>8), byte(r))
		} else {
			b = append(b, byte(r), byte(r>>8), byte(r>>16), byte(r>>24))
		}
	}
	return b
}

func TestDecoding(t *testing.T) {
	tests := []struct {
		name     string
		input    []byte
		charset  string
		wantText string
		wantEnc  string
	}{
		{"default UTF-8", []byte("<a>caf\xc3\xa9</a>"), "", "café", "UTF-8"},
		{"UTF-8 BOM", []byte("\xef\xbb\xbf<a>caf\xc3\xa9</a>"), "", "café", "UTF-8"},
		{"BOM beats transport label", []byte("\xef\xbb\xbf<a>caf\xc3\xa9</a>"), "windows-1252", "café", "UTF-8"},
		{"UTF-16LE BOM", utf16Bytes("<a>café €</a>", false, true), "", "café €", "UTF-16LE"},
		{"UTF-16BE BOM", utf16Bytes("<a>café €</a>", true, true), "", "café €", "UTF-16BE"},
		{"UTF-16LE without BOM", utf16Bytes(`<?xml version="1.0" encoding="UTF-16"?><a>café</a>`, false, false), "", "café", "UTF-16LE"},
		{"UTF-16BE without BOM", utf16Bytes(`<?xml version="1.0"?><a>café</a>`, true, false), "", "café", "UTF-16BE"},
		{"transport label", []byte("<a>caf\xe9</a>"), "windows-1252", "café", "windows-1252"},
		{"transport label beats declaration", []byte(`<?xml version="1.0" encoding="utf-8"?><a>caf` + "\xe9</a>"), "ISO-8859-1", "café", "windows-1252"},
		{"iso-8859-1 is windows-1252", []byte(`<?xml version="1.0" encoding="iso-8859-1"?><a>` + "\x80 caf\xe9</a>"), "", "€ café", "windows-1252"},
		{"declaration Shift_JIS", []byte(`<?xml version="1.0" encoding="Shift_JIS"?><a>` + "\x93\xfa\x96\x7b</a>"), "", "日本", "Shift_JIS"},
		{"unknown transport label ignored", []byte(`<?xml version="1.0" encoding="windows-1252"?><a>` + "caf\xe9</a>"), "no-such-charset", "café", "windows-1252"},
		{"unknown declared encoding ignored", []byte(`<?xml version="1.0" encoding="bogus"?><a>caf` + "\xc3\xa9</a>"), "", "café", "UTF-8"},
		{"declared UTF-16 in ASCII bytes", []byte(`<?xml version="1.0" encoding="utf-16"?><a>caf` + "\xc3\xa9</a>"), "", "café", "UTF-8"},
		{"invalid UTF-8 bytes", []byte("<a>a\xffb\xc3c\xe2\x82</a>"), "", "a\uFFFDb\uFFFDc\uFFFD", "UTF-8"},
		// The server says UTF-8, the bytes are Latin-1: the label
		// still wins, and the bytes that do not decode become U+FFFD.
		{"label that lies", []byte(`<?xml version="1.0" encoding="iso-8859-1"?><a>caf` + "\xe9</a>"), "utf-8", "caf\uFFFD", "UTF-8"},
		// The declaration lies: the bytes are UTF-8 but it says
		// windows-1252, so they are read as windows-1252.
		{"declaration that lies", []byte(`<?xml version="1.0" encoding="windows-1252"?><a>caf` + "\xc3\xa9</a>"), "", "cafÃ©", "windows-1252"},
		{"UTF-32BE BOM", utf32Bytes("\uFEFF<a>café</a>", true), "", "café", "UTF-32BE"},
		{"UTF-32LE BOM", utf32Bytes("\uFEFF<a>café</a>", false), "", "café", "UTF-32LE"},
		{"UTF-32LE without BOM", utf32Bytes("<a>café</a>", false), "", "café", "UTF-32LE"},
		{"unpaired surrogate in UTF-16", append(utf16Bytes("<a>x", false, true), 0x00, 0xD8, 'y', 0, '<', 0, '/', 0, 'a', 0, '>', 0), "", "x\uFFFDy", "UTF-16LE"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var opts []Option
			if tc.charset != "" {
				opts = append(opts, WithCharset(tc.charset))
			}
			doc, err := Parse(bytes.NewReader(tc.input), opts...)
			require.NoError(t, err)
			assert.Equal(t, tc.wantEnc, doc.Encoding, "Encoding")
			root := doc.Root()
			require.NotNil(t, root, "no root element")
			assert.Equal(t, tc.wantText, root.ChildTextContent(), "text")
		})
	}
}

func TestXMLDeclaration(t *testing.T) {
	doc, err := Parse(strings.NewReader(`<?xml version="1.0" encoding='utf-8' standalone="yes"?><a/>`))
	require.NoError(t, err)
	assert.Equal(t, []string{"1.0", "utf-8", "yes"}, []string{doc.XMLVersion, doc.XMLEncoding, doc.XMLStandalone}, "declaration")
	assert.Same(t, doc.Root(), doc.Node.FirstChild, "the XML declaration must not become a node")
}

func TestNamespaces(t *testing.T) {
	checkDump(t, `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:m="urn:m"><m:x m:a="1" b="2"/><y xmlns=""/><p:z/></feed>`, lines(
		`| <{http://www.w3.org/2005/Atom} feed>`,
		`|   xmlns m="urn:m"`,
		`|   xmlns xmlns="http://www.w3.org/2005/Atom"`,
		`|   <{urn:m} x>`,
		`|     b="2"`,
		`|     {urn:m} a="1"`,
		`|   <{} y>`,
		`|     xmlns xmlns=""`,
		`|   <{} p:z>`,
	))
	// Declarations are scoped to their element.
	doc, _ := Parse(strings.NewReader(`<r><a xmlns:p="urn:1"><p:b/></a><p:c/><d xml:lang="fr"/></r>`))
	a := doc.Root().FirstElementChild()
	b := a.FirstElementChild()
	assert.True(t, b.Is("urn:1", "b"), "p:b = {%s}%s", b.Namespace, b.Local)
	assert.Equal(t, "p", b.Prefix, "p:b prefix")
	assert.Equal(t, "p:b", b.QualifiedName(), "p:b qualified name")
	c := a.NextElementSibling()
	assert.Equal(t, []string{"", "p:c", ""}, []string{c.Namespace, c.Local, c.Prefix}, "undeclared p:c: namespace, local name, prefix")
	d := c.NextElementSibling()
	v, ok := d.AttrValue(XMLNamespace, "lang")
	assert.True(t, ok, "xml:lang")
	assert.Equal(t, "fr", v, "xml:lang")
}

func TestEntities(t *testing.T) {
	checkDump(t, `<!DOCTYPE r [<!ENTITY me "Jo &amp; Co"><!ENTITY b "<b>bold</b>">]><r a="&me;">&me; &b; &copy; &copy &nbsp;x &unknown; &lt;</r>`, lines(
		`| <!DOCTYPE r>`,
		`| <{} r>`,
		`|   a="Jo & Co"`,
		`|   "Jo & Co "`,
		`|   <{} b>`,
		`|     "bold"`,
		"|   \" © © \u00a0x &unknown; <\"",
	))
	// Numeric references, including ones XML forbids.
	checkDump(t, `<r>&#65;&#x42;&#0;&#xD800;&#x110000;&#x1F600;</r>`, lines(
		`| <{} r>`,
		"|   \"AB\uFFFD\uFFFD\uFFFD\U0001F600\"",
	))
}

func TestExternalEntitiesNeverRead(t *testing.T) {
	input := `<!DOCTYPE r SYSTEM "http://127.0.0.1:1/never.dtd" [
<!ENTITY ext SYSTEM "file:///etc/passwd">
<!ENTITY % pe SYSTEM "http://127.0.0.1:1/never.ent">
%pe;
]><r>a&ext;b</r>`
	done := make(chan string, 1)
	go func() { done <- dump(t, input) }()
	select {
	case got := <-done:
		want := lines(`| <!DOCTYPE r "" "http://127.0.0.1:1/never.dtd">`, `| <{} r>`, `|   "ab"`)
		assert.Equal(t, want, got)
	case <-time.After(5 * time.Second):
		require.FailNow(t, "Parse blocked: it must never fetch external entities")
	}
}

func TestEntityExpansionIsBounded(t *testing.T) {
	// Billion laughs: ten levels of ten references.
	var b strings.Builder
	b.WriteString(`<!DOCTYPE r [<!ENTITY l0 "ha">`)
	for i := 1; i <= 10; i++ {
		b.WriteString(`<!ENTITY l` + itoa(i) + ` "` + strings.Repeat("&l"+itoa(i-1)+";", 10) + `">`)
	}
	b.WriteString(`]><r a="&l10;">&l10;</r>`)
	var doc *Document
	var err error
	alloc := bytesAllocated(func() { doc, err = Parse(strings.NewReader(b.String())) })
	require.NoError(t, err)
	// The work is bounded by what it allocates: the 1 MiB expansion budget
	// and the input, a few times over (not the 20 GB the references name).
	assert.LessOrEqual(t, alloc, uint64(16<<20), "billion laughs allocated %d bytes", alloc)
	text := doc.Root().ChildTextContent()
	assert.LessOrEqual(t, len(text), 2<<20, "expansion produced too many bytes, want at most about 1 MiB")
	assert.Contains(t, text, "&l", "references beyond the budget should stay as written")

	// Quadratic blow-up: one big entity referenced many times.
	b.Reset()
	b.WriteString(`<!DOCTYPE r [<!ENTITY big "` + strings.Repeat("x", 50000) + `">]><r>`)
	b.WriteString(strings.Repeat("&big;", 10000))
	b.WriteString(`</r>`)
	in := b.String()
	alloc = bytesAllocated(func() { doc, err = Parse(strings.NewReader(in)) })
	require.NoError(t, err)
	// Not 500 MB (10,000 copies of 50 KB): the budget of 8 bytes an input
	// byte, a few times over.
	assert.LessOrEqual(t, alloc, uint64(40*len(in)+(8<<20)), "quadratic blow-up allocated %d bytes from %d bytes of input", alloc, len(in))
	assert.LessOrEqual(t, len(doc.Root().ChildTextContent()), 8*len(in)+(1<<20), "expansion produced too many bytes from %d bytes of input", len(in))

	// A recursive entity stays as written.
	checkDump(t, `<!DOCTYPE r [<!ENTITY a "x&b;"><!ENTITY b "y&a;">]><r>&a;</r>`, lines(
		`| <!DOCTYPE r>`, `| <{} r>`, `|   "xy&a;"`))
}

// bytesAllocated returns the bytes of heap f allocated.
func bytesAllocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestLimits(t *testing.T) {
	t.Run("MaxDepth", func(t *testing.T) {
		in := strings.Repeat("<a>", 50) + "text"
		doc, err := Parse(strings.NewReader(in), WithLimits(Limits{MaxDepth: 10}))
		require.ErrorIs(t, err, ErrLimit)
		var le *LimitError
		if assert.ErrorAs(t, err, &le) {
			assert.Equal(t, "MaxDepth", le.Limit, "err = %#v", err)
			assert.Equal(t, 1, le.Line, "err = %#v", err)
			assert.EqualValues(t, 30, le.Offset, "err = %#v", err)
		}
		assert.ErrorContains(t, err, "MaxDepth", "the message should name the limit")
		assert.ErrorContains(t, err, "offset 30", "the message should name the offset")
		depth := 0
		for n := doc.Root(); n != nil; n = n.FirstElementChild() {
			depth++
		}
		assert.Equal(t, 10, depth, "document levels, want the 10 parsed before the limit")
	})
	t.Run("MaxInputBytes", func(t *testing.T) {
		doc, err := Parse(strings.NewReader("<a><b>0123456789</b></a>"), WithLimits(Limits{MaxInputBytes: 10}))
		var le *LimitError
		require.ErrorAs(t, err, &le)
		require.Equal(t, "MaxInputBytes", le.Limit, "err = %v", err)
		require.EqualValues(t, 10, le.Offset, "err = %v", err)
		assert.Equal(t, "0123", doc.Root().FirstElementChild().ChildTextContent(), "text, want the part within the limit")
	})
	t.Run("MaxAttributes", func(t *testing.T) {
		doc, err := Parse(strings.NewReader(`<r><a x="1"/><b a="1" b="2" c="3"/></r>`), WithLimits(Limits{MaxAttributes: 2}))
		require.ErrorIs(t, err, ErrLimit)
		require.ErrorContains(t, err, "MaxAttributes")
		if assert.NotNil(t, doc.Root(), "the document parsed so far is missing") && assert.NotNil(t, doc.Root().FirstElementChild(), "the document parsed so far is missing") {
			assert.Equal(t, "a", doc.Root().FirstElementChild().Local, "the document parsed so far is missing")
		}
	})
	t.Run("MaxEntityDepth", func(t *testing.T) {
		in := `<!DOCTYPE r [<!ENTITY a "A"><!ENTITY b "&a;"><!ENTITY c "&b;">]><r>&c;</r>`
		doc, err := Parse(strings.NewReader(in), WithLimits(Limits{MaxEntityDepth: 2}))
		require.NoError(t, err)
		assert.Equal(t, "&a;", doc.Root().ChildTextContent(), "text, want the reference beyond the depth left as written")
	})
	t.Run("defaults", func(t *testing.T) {
		assert.Equal(t, DefaultLimits, Limits{}.resolve(), "zero Limits resolve to the defaults")
		assert.GreaterOrEqual(t, (Limits{MaxDepth: -1}).resolve().MaxDepth, 1<<30, "negative MaxDepth should mean no limit")
	})
}

func TestDeepNestingDoesNotRecurse(t *testing.T) {
	const depth = 1000000
	in := strings.Repeat("<a>", depth) + "x" + strings.Repeat("</a>", depth/2)
	doc, err := Parse(strings.NewReader(in), WithLimits(Limits{MaxDepth: -1, MaxNodes: -1}))
	require.NoError(t, err)
	n, d := doc.Root(), 1
	for n.FirstChild != nil && n.FirstChild.Type == ElementNode {
		n = n.FirstChild
		d++
	}
	assert.Equal(t, depth, d, "depth")
	assert.Equal(t, "x", n.ChildTextContent(), "the deepest text")
	// The default limit stops such a document with ErrLimit.
	_, err = Parse(strings.NewReader(in))
	assert.ErrorIs(t, err, ErrLimit, "default limits")
}

func TestMalformed(t *testing.T) {
	tests := []struct {
		name, input, want string
	}{
		{"truncated", `<rss><channel><title>Trunc`, lines(
			`| <{} rss>`, `|   <{} channel>`, `|     <{} title>`, `|       "Trunc"`)},
		{"truncated inside a tag", `<rss><channel><item a="1`, lines(
			`| <{} rss>`, `|   <{} channel>`)},
		{"control characters", "<a>x\x01y\x0bz\x00!</a>", lines(
			`| <{} a>`, "|   \"x\x01y\x0bz!\"")},
		{"invalid UTF-8", "<a t=\"\xff\">\xfe\xfd</a>", lines(
			`| <{} a>`, "|   t=\"\uFFFD\"", "|   \"\uFFFD\uFFFD\"")},
		{"stray < and &", `<a>1 < 2 & 3 && AT&T; x<</a>`, lines(
			`| <{} a>`, `|   "1 < 2 & 3 && AT&T; x<"`)},
		// XML5 starts a tag at '<' followed by almost anything.
		{"< before a name character", `<a>1 <=2</a>`, lines(
			`| <{} a>`, `|   "1 "`, `|   <{} =2<>`, `|     a=""`)},
		{"mismatched tags", `<a><b><c>x</b>y</d>z</a>`, lines(
			`| <{} a>`, `|   <{} b>`, `|     <{} c>`, `|       "x"`, `|   "yz"`)},
		{"content after the root", `<a/><b/>text<!--c-->`, lines(
			`| <{} a>`, `| <!-- c -->`)},
		{"whitespace before the XML declaration", "\n  <?xml version=\"1.0\"?>\n<a/>", lines(
			`| <?xml version="1.0"?>`, `| <{} a>`)},
		// A PHP warning printed before the feed: its first tag
		// becomes the root element and the feed is content after the
		// root, dropped as XML5 says.
		{"PHP warning before the declaration", "<br />\n<b>Warning</b>:  something in <b>/x.php</b><br />\n<?xml version=\"1.0\"?><rss><channel/></rss>", lines(
			`| <{} br>`, `| <?xml version="1.0"?>`)},
		{"CRLF newlines", "<a>1\r\n2\r3</a>", lines(`| <{} a>`, "|   \"1\n2\n3\"")},
		{"CDATA merges into text", `<a>x<![CDATA[<y>&amp;]]>z</a>`, lines(`| <{} a>`, `|   "x<y>&amp;z"`)},
		{"duplicate attribute", `<a x="1" x="2"/>`, lines(`| <{} a>`, `|   x="1"`)},
		{"unquoted attribute", `<a x=1 y=&amp;>t</a>`, lines(`| <{} a>`, `|   x="1"`, `|   y="&"`, `|   "t"`)},
		{"empty input", ``, ``},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkDump(t, tc.input, tc.want)
		})
	}
}

func TestWithErrors(t *testing.T) {
	doc, err := Parse(strings.NewReader("<a>\n  <b></c>\n&bogus;</a>"), WithErrors())
	require.NoError(t, err)
	require.NotEmpty(t, doc.Errors, "no errors recorded")
	var mismatch *ParseError
	for i := range doc.Errors {
		if doc.Errors[i].Code == "mismatched-end-tag" {
			mismatch = &doc.Errors[i]
			break
		}
	}
	require.NotNil(t, mismatch, "errors = %v, want a mismatched-end-tag", doc.Errors)
	assert.Equal(t, [3]int{2, 6, 9}, [3]int{mismatch.Line, mismatch.Column, int(mismatch.Offset)}, "errors = %v, want a mismatched-end-tag at line 2, column 6, offset 9", doc.Errors)
	assert.EqualError(t, mismatch, "xml5: line 2, column 6: mismatched-end-tag")
	doc, _ = Parse(strings.NewReader("<a></c>"))
	assert.Nil(t, doc.Errors, "errors recorded without WithErrors")
}

type failingReader struct {
	data []byte
	err  error
}

func (r *failingReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestReadError(t *testing.T) {
	boom := errors.New("connection reset")
	doc, err := Parse(&failingReader{data: []byte("<rss><channel><title>T</title><item>"), err: boom})
	require.ErrorIs(t, err, boom, "want the reader's error")
	require.NotNil(t, doc, "the document read so far is missing")
	require.NotNil(t, doc.Root(), "the document read so far is missing")
	require.NotNil(t, doc.Root().FirstElementChild(), "the document read so far is missing")
	assert.Equal(t, "T", doc.Root().FirstElementChild().FirstElementChild().ChildTextContent(), "title")
	// A reader that returns data with io.EOF is not an error.
	_, err = Parse(io.MultiReader(strings.NewReader("<a>"), strings.NewReader("</a>")))
	assert.NoError(t, err)
}

func TestDocumentFields(t *testing.T) {
	doc, err := Parse(strings.NewReader(`<!DOCTYPE rss PUBLIC "-//x//EN" "http://x/rss.dtd"><?pi data?><!--c--><rss/>`), WithURL("https://example.com/feed"))
	require.NoError(t, err)
	assert.Equal(t, "https://example.com/feed", doc.URL, "URL")
	dt := doc.Node.FirstChild
	assert.Equal(t, DoctypeNode, dt.Type, "doctype = %+v", dt)
	assert.Equal(t, []string{"rss", "-//x//EN", "http://x/rss.dtd"}, []string{dt.Local, dt.PublicID(), dt.SystemID()}, "doctype = %+v", dt)
	pi := dt.NextSibling
	assert.Equal(t, ProcessingInstructionNode, pi.Type, "pi = %+v", pi)
	assert.Equal(t, []string{"pi", "data"}, []string{pi.Local, pi.Data}, "pi = %+v", pi)
	c := pi.NextSibling
	assert.Equal(t, CommentNode, c.Type, "comment = %+v", c)
	assert.Equal(t, "c", c.Data, "comment = %+v", c)
	r := doc.Root()
	if assert.NotNil(t, r, "root") {
		assert.Equal(t, "rss", r.Local, "root = %+v", r)
		assert.EqualValues(t, len(`<!DOCTYPE rss PUBLIC "-//x//EN" "http://x/rss.dtd"><?pi data?><!--c-->`), r.Offset, "root = %+v", r)
	}
}

// TestPathologicalInputsStayLinear parses inputs that make naive parsers
// quadratic, recording parse errors (each located by line and column); each
// must parse in a time proportional to its size. The test compares the CPU
// time for an input with the time for one eight times smaller
// (linear work takes about eight times as long, quadratic sixty-four), so it
// holds on a slow or busy machine and under the race detector; a failure
// also needs the large input to take long, since timer and collector noise
// dominate inputs that parse in a few milliseconds.
func TestPathologicalInputsStayLinear(t *testing.T) {
	nsDecls := func(n int) string {
		var b strings.Builder
		b.WriteString("<r")
		for i := 0; i < n/30; i++ {
			b.WriteString(` xmlns:p` + itoa(i) + `="urn:` + itoa(i) + `"`)
		}
		b.WriteString(">" + strings.Repeat("<a/>", n) + "</r>")
		return b.String()
	}
	manyAttrs := func(n int) string {
		var b strings.Builder
		b.WriteString("<r>")
		for k := 0; k < 20; k++ {
			b.WriteString("<e")
			for i := 0; i < n/60; i++ {
				b.WriteString(` p` + itoa(i) + `:a="1"`)
			}
			b.WriteString("/>")
		}
		b.WriteString("</r>")
		return b.String()
	}
	inputs := map[string]func(n int) string{
		"stray end tags in a deep tree": func(n int) string { return strings.Repeat("<a>", n/3) + strings.Repeat("</b>", n/3) },
		"many namespace declarations":   nsDecls,
		"many attributes":               manyAttrs,
		"references in a long text":     func(n int) string { return "<r>" + strings.Repeat("text with &amp; ", n/3) + "</r>" },
		"long names and values":         func(n int) string { return "<r" + strings.Repeat("n", 4*n) + " a='" + strings.Repeat("&x", n) + "'/>" },
		"unclosed comment":              func(n int) string { return "<r>" + strings.Repeat("<!-- -- -", n/3) },
		"parse errors on one line":      func(n int) string { return "<r>" + strings.Repeat(`&x; <a b="1" b="2"/>`, n/20) + "</r>" },
		"escaped HTML (refText)": func(n int) string {
			return "<r>" + strings.Repeat("&lt;p&gt;a &#8217;b&quot;&#x41;", n/30) + "&amp;" + strings.Repeat("plain ", n/6) + "</r>"
		},
		"CDATA full of CR and NUL": func(n int) string { return "<r><![CDATA[" + strings.Repeat("a\r\x00\r\n", n/5) + "]]></r>" },
		"windows-1252 text": func(n int) string {
			return `<?xml version="1.0" encoding="iso-8859-1"?><r>` + strings.Repeat("caf\xe9 \x80 ", n/8) + "</r>"
		},
		"attribute values": func(n int) string { return "<r>" + strings.Repeat(`<a v="plain value" w='x&amp;y'/>`, n/32) + "</r>" },
	}
	const n = 300000
	for name, build := range inputs {
		small, large := build(n/8), build(n)
		// The fastest of three runs, so that a pause of the machine does
		// not count as work.
		fastest := func(in string) time.Duration {
			best := time.Duration(1<<63 - 1)
			for run := 0; run < 3; run++ {
				runtime.GC()
				start, cpu0 := time.Now(), cpuTime()
				doc, err := Parse(strings.NewReader(in), WithLimits(Limits{MaxDepth: -1, MaxNodes: -1}), WithErrors())
				// The process's CPU time, where the platform gives it: time
				// spent waiting for other processes is not work.
				d := cpuTime() - cpu0
				if d <= 0 {
					d = time.Since(start)
				}
				assert.NoError(t, err, name)
				assert.NotNil(t, doc.Root(), "%s: no root", name)
				best = min(best, d)
			}
			return best
		}
		ts, tl := fastest(small), fastest(large)
		// Linear work gives a ratio near 8 and quadratic work near 64.
		ratio := float64(tl) / float64(max(ts, time.Millisecond))
		t.Logf("%s: %v for %d bytes, %v for %d (ratio %.1f)", name, ts, len(small), tl, len(large), ratio)
		assert.False(t, ratio > 32 && tl > 250*time.Millisecond, "%s: %d bytes took %v, %d bytes %v (%.1f times as long for 8 times the input)", name, len(large), tl, len(small), ts, ratio)
	}
}

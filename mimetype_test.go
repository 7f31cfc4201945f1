package feedspec

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseMIMEType(t *testing.T) {
	tests := []struct {
		in   string
		want string // serialization; "" for failure
	}{
		{"text/html", "text/html"},
		{"TEXT/HTML", "text/html"},
		{"Application/RSS+XML", "application/rss+xml"},
		{" \t\r\ntext/html \n", "text/html"},
		{"text/html ;", "text/html"},
		{"text/html;", "text/html"},
		{"text/html;;;", "text/html"},
		{"*/*", "*/*"},
		{"text/html; charset=UTF-8", "text/html;charset=UTF-8"}, // the value keeps its case
		{"text/html;CHARSET=utf-8", "text/html;charset=utf-8"},  // the name is lowered
		{"text/html;;;charset=x", "text/html;charset=x"},
		{"text/html; charset=x; charset=y", "text/html;charset=x"}, // the first one wins
		{"text/html; charset=x; CHARSET=y", "text/html;charset=x"},
		{"text/html; a=1; b=2", "text/html;a=1;b=2"}, // order kept
		{"text/html; b=2; a=1", "text/html;b=2;a=1"},
		{"text/html;charset=", "text/html"},
		{"text/html;charset", "text/html"},
		{"text/html;charset;a=b", "text/html;a=b"},
		{"text/html;charset= x ", `text/html;charset=" x"`}, // leading whitespace of a value is kept
		{"text/html;charset=a b", `text/html;charset="a b"`},
		{`text/html;charset="shift_jis"iso-2022-jp`, "text/html;charset=shift_jis"},
		{`text/html;charset="utf-8"`, "text/html;charset=utf-8"},
		{`text/html;charset=""`, `text/html;charset=""`},
		{`text/html;charset="a\"b\\c"`, `text/html;charset="a\"b\\c"`},
		{`text/html;charset="a\bc"`, "text/html;charset=abc"},
		{`text/html;charset="unterminated`, "text/html;charset=unterminated"},
		{`text/html;charset="\`, `text/html;charset="\\"`},
		{`text/html;charset="a;b";x=y`, `text/html;charset="a;b";x=y`},
		{"text/html;ch@rset=x", "text/html"},      // a name that is not a token is dropped
		{"text/html;=x", "text/html"},             // so is an empty name
		{"text/html;charset=a\x7fb", "text/html"}, // DEL is not a quoted-string token code point
		{"text/html;charset=\xc3\xa9", "text/html;charset=\"\xc3\xa9\""},
		{"text/html;x=\x01", "text/html"},
		{"", ""},
		{"   ", ""},
		{"text", ""},
		{"text/", ""},
		{"/html", ""},
		{"text/ html", ""},
		{"te xt/html", ""},
		{"text/html/x", ""},
		{"text/html,application/xml", ""},
		{"tex(t/html", ""},
		{"text/h\xc3\xa9", ""},
		{"charset=utf-8", ""},
	}
	for _, tt := range tests {
		m, ok := parseMIMEType(tt.in)
		got := ""
		if ok {
			got = m.String()
		}
		assert.Equal(t, tt.want, got, "parseMIMEType(%q)", tt.in)
	}
}

func TestMIMETypeParam(t *testing.T) {
	m, ok := parseMIMEType(`Application/RSS+XML; Charset="windows-1251"; q=1`)
	require.True(t, ok, "did not parse")
	assert.Equal(t, "application/rss+xml", m.essence(), "essence")
	v, ok := m.param("charset")
	assert.True(t, ok, "charset")
	assert.Equal(t, "windows-1251", v, "charset")
	v, ok = m.param("missing")
	assert.False(t, ok, "missing")
	assert.Empty(t, v, "missing")
}

func TestMIMETypeGroups(t *testing.T) {
	tests := []struct {
		in          string
		xml, isHTML bool
	}{
		{"text/xml", true, false},
		{"application/xml", true, false},
		{"APPLICATION/XML; charset=utf-8", true, false},
		{"application/rss+xml", true, false},
		{"application/atom+xml", true, false},
		{"application/rdf+xml", true, false},
		{"image/svg+xml", true, false},
		{"application/xhtml+xml", true, false},
		{"application/x-whatever+XML", true, false},
		{"text/xml-external-parsed-entity", false, false},
		{"image/xml", false, false},
		{"application/xmlx", false, false},
		{"application/json", false, false},
		{"text/html", false, true},
		{"Text/HTML;charset=utf-8", false, true},
		{"text/plain", false, false},
	}
	for _, tt := range tests {
		m, ok := parseMIMEType(tt.in)
		if !assert.True(t, ok, "%q did not parse", tt.in) {
			continue
		}
		assert.Equal(t, tt.xml, m.isXML(), "%q: isXML", tt.in)
		assert.Equal(t, tt.isHTML, m.isHTML(), "%q: isHTML", tt.in)
	}
}

func TestSuppliedMIMEType(t *testing.T) {
	tests := []struct {
		values    []string
		want      string // "" for undefined
		apacheBug bool
	}{
		{nil, "", false},
		{[]string{"text/html"}, "text/html", false},
		{[]string{"application/xml", "text/html"}, "text/html", false}, // the last header
		{[]string{"text/html", "bogus"}, "", false},
		{[]string{"text/plain"}, "text/plain", true},
		{[]string{"text/plain; charset=ISO-8859-1"}, "text/plain;charset=ISO-8859-1", true},
		{[]string{"text/plain; charset=iso-8859-1"}, "text/plain;charset=iso-8859-1", true},
		{[]string{"text/plain; charset=UTF-8"}, "text/plain;charset=UTF-8", true},
		{[]string{"text/plain; charset=utf-8"}, "text/plain;charset=utf-8", false}, // not exactly
		{[]string{"text/plain;charset=UTF-8"}, "text/plain;charset=UTF-8", false},
		{[]string{"Text/Plain"}, "text/plain", false},
	}
	for _, tt := range tests {
		m, bug := suppliedMIMEType(tt.values)
		got := ""
		if m != nil {
			got = m.String()
		}
		assert.Equal(t, tt.want, got, "suppliedMIMEType(%q)", tt.values)
		assert.Equal(t, tt.apacheBug, bug, "suppliedMIMEType(%q): the Apache bug", tt.values)
	}
}

// A feed header long enough that sniffing sees only comment text.
var longComment = "<!--" + strings.Repeat("x", resourceHeaderSize) + "-->"

func TestSniffMIMEType(t *testing.T) {
	const (
		rss  = `<rss version="2.0"><channel><title>t</title></channel></rss>`
		decl = `<?xml version="1.0" encoding="utf-8"?>`
		bom  = "\xEF\xBB\xBF"
		png  = "\x89PNG\r\n\x1A\n\x00\x00\x00\rIHDR"
	)
	tests := []struct {
		name        string
		contentType []string // nil: no Content-Type
		noSniff     bool
		body        string
		want        string
	}{
		// No Content-Type: identify an unknown MIME type.
		{"no type, XML declaration", nil, false, decl + rss, "text/xml"},
		{"no type, whitespace then XML declaration", nil, false, " \t\r\n\f" + decl + rss, "text/xml"},
		{"no type, bare rss", nil, false, rss, "text/plain"},
		{"no type, BOM then XML declaration", nil, false, bom + decl + rss, "text/plain"},
		{"no type, upper-case XML declaration", nil, false, "<?XML version='1.0'?><rss/>", "text/plain"},
		{"no type, html", nil, false, "<html><body>x", "text/html"},
		{"no type, html uppercase", nil, false, "<HTML>", "text/html"},
		{"no type, doctype", nil, false, "\n<!doctype html>", "text/html"},
		{"no type, doctype then space", nil, false, "<!DOCTYPE HTML PUBLIC", "text/html"},
		{"no type, htmlx is not html", nil, false, "<htmlx>", "text/plain"},
		{"no type, comment", nil, false, "<!-- x -->", "text/html"},
		{"no type, comment without space", nil, false, "<!--x-->", "text/plain"},
		{"no type, a tag", nil, false, "<a href=x>", "text/html"},
		{"no type, p tag", nil, false, "<p>", "text/html"},
		{"no type, pdf", nil, false, "%PDF-1.7\n", "application/pdf"},
		{"no type, postscript", nil, false, "%!PS-Adobe-3.0", "application/postscript"},
		{"no type, png", nil, false, png, "image/png"},
		{"no type, gif", nil, false, "GIF89a\x01\x00", "image/gif"},
		{"no type, gzip", nil, false, "\x1F\x8B\x08\x00\x00\x00", "application/x-gzip"},
		{"no type, zip", nil, false, "PK\x03\x04\x14\x00", "application/zip"},
		{"no type, ogg", nil, false, "OggS\x00\x02", "application/ogg"},
		{"no type, binary", nil, false, "\x00\x01\x02\x03", "application/octet-stream"},
		{"no type, empty", nil, false, "", "text/plain"},
		{"no type, utf-16le bom", nil, false, "\xFF\xFE<\x00?\x00", "text/plain"},
		{"unknown/unknown", []string{"unknown/unknown"}, false, decl + rss, "text/xml"},
		{"application/unknown", []string{"application/unknown"}, false, decl + rss, "text/xml"},
		{"*/*", []string{"*/*"}, false, decl + rss, "text/xml"},
		{"unparsable type", []string{"rss feed"}, false, decl + rss, "text/xml"},
		{"no-sniff, no type", nil, true, decl + rss, "text/plain"},

		// A supplied XML MIME type stays.
		{"rss+xml", []string{"application/rss+xml"}, false, "<html>", "application/rss+xml"},
		{"xml with charset", []string{"text/xml; charset=utf-8"}, false, rss, "text/xml;charset=utf-8"},

		// text/plain: only the Apache strings are sniffed, as text or binary.
		{"text/plain feed", []string{"text/plain"}, false, decl + rss, "text/plain"},
		{"text/plain binary", []string{"text/plain"}, false, png, "application/octet-stream"},
		{"text/plain iso-8859-1 binary", []string{"text/plain; charset=iso-8859-1"}, false, "\x00\x00", "application/octet-stream"},
		{"text/plain with BOM and binary", []string{"text/plain"}, false, "\xFE\xFF\x00<", "text/plain"},
		{"text/plain other charset", []string{"text/plain; charset=utf-8"}, false, png, "text/plain;charset=utf-8"},

		// text/html: sniff a mislabeled feed.
		{"html rss", []string{"text/html"}, false, rss, "application/rss+xml"},
		{"html rss with charset", []string{"text/html; charset=windows-1251"}, false, rss, "application/rss+xml"},
		{"html atom", []string{"text/html"}, false, `<feed xmlns="http://www.w3.org/2005/Atom">`, "application/atom+xml"},
		{"html prolog", []string{"text/html"}, false,
			bom + decl + "\n<!-- a comment -->\n<?xml-stylesheet href='s.xsl'?>\n<!DOCTYPE rss>\n  " + rss, "application/rss+xml"},
		{"html rdf", []string{"text/html"}, false,
			`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">`, "application/rss+xml"},
		{"html rdf other order", []string{"text/html"}, false,
			`<rdf:RDF xmlns="http://purl.org/rss/1.0/" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">`, "application/rss+xml"},
		{"html rdf only rdf namespace", []string{"text/html"}, false,
			`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><x/></rdf:RDF>`, "text/html"},
		{"html rdf only rss namespace", []string{"text/html"}, false,
			`<rdf:RDF xmlns="http://purl.org/rss/1.0/"><x/></rdf:RDF>`, "text/html"},
		{"html uppercase RSS", []string{"text/html"}, false, "<RSS>", "text/html"},
		{"html page", []string{"text/html"}, false, "<!DOCTYPE html><html><body><rss>", "text/html"},
		{"html text before", []string{"text/html"}, false, "x<rss>", "text/html"},
		{"html feed after long comment", []string{"text/html"}, false, longComment + rss, "text/html"},
		{"html unterminated PI", []string{"text/html"}, false, "<?xml version='1.0' <rss>", "text/html"},
		{"html empty", []string{"text/html"}, false, "", "text/html"},
		{"html keeps parameters", []string{"text/html;charset=utf-8"}, false, "<html>", "text/html;charset=utf-8"},
		{"no-sniff html rss", []string{"text/html"}, true, rss, "text/html"},

		// Other supplied types stay as they are.
		{"octet-stream feed", []string{"application/octet-stream"}, false, decl + rss, "application/octet-stream"},
		{"json", []string{"application/json"}, false, decl + rss, "application/json"},
		{"image/png label", []string{"image/png"}, false, decl + rss, "image/png"},
	}
	for _, tt := range tests {
		header := []byte(tt.body)
		if len(header) > resourceHeaderSize {
			header = header[:resourceHeaderSize]
		}
		supplied, bug := suppliedMIMEType(tt.contentType)
		got := sniffMIMEType(supplied, bug, tt.noSniff, header).String()
		assert.Equal(t, tt.want, got, "%s: computed MIME type", tt.name)
	}
}

func TestFeedOrHTML(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"<rss", "application/rss+xml"},
		{"<rssx", "application/rss+xml"}, // the standard checks three bytes only
		{"<feed", "application/atom+xml"},
		{"<fee", ""},
		{"<", ""},
		{"   ", ""},
		{"\xEF\xBB\xBF <rss>", "application/rss+xml"},
		{"\xEF\xBB\xBF\xEF\xBB\xBF<rss>", ""}, // one BOM only
		{"<!----><rss>", "application/rss+xml"},
		{"<!-- <html> --> <feed>", "application/atom+xml"},
		{"<!-- unterminated", ""},
		{"<!DOCTYPE rss [<!ENTITY x 'y'>]><rss>", ""}, // the DOCTYPE ends at the first '>'
		{"<!DOCTYPE rss><rss>", "application/rss+xml"},
		{"<?pi ? ?><rss>", "application/rss+xml"},
		{"<?pi", ""},
		{"<!", ""},
		{"< rss>", ""},
		{"<html><rss>", ""},
		{"<rdf:RDF>", ""},
		{"<rdf:RDF " + sniffRSS10NS + sniffRDFNS, "application/rss+xml"},
		{"<rdf:RDF " + sniffRDFNS + sniffRSS10NS, "application/rss+xml"},
		{"<rdf:RDF " + sniffRSS10NS + sniffRSS10NS, ""},
		{"<rdf:rdf " + sniffRSS10NS + sniffRDFNS, ""},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, feedOrHTML([]byte(tt.in)), "feedOrHTML(%q)", tt.in)
	}
}

func TestTextOrBinary(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", "text/plain"},
		{"plain text\r\n\t\f", "text/plain"},
		{"\xFE\xFF\x00\x01", "text/plain"},
		{"\xFF\xFE\x01\x00", "text/plain"},
		{"\xEF\xBB\xBF\x01", "text/plain"},
		{"\xFE", "text/plain"},
		{"a\x00", "application/octet-stream"},
		{"a\x0B", "application/octet-stream"},
		{"a\x1B", "text/plain"}, // ESC is not a binary data byte
		{"a\x1C", "application/octet-stream"},
		{"<?xml version='1.0'?><rss/>", "text/plain"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, textOrBinary([]byte(tt.in)), "textOrBinary(%q)", tt.in)
	}
}

func TestIdentifyUnknownMediaSignatures(t *testing.T) {
	mp4 := []byte{0, 0, 0, 0x18, 'f', 't', 'y', 'p', 'i', 's', 'o', 'm', 0, 0, 0, 1, 'i', 's', 'o', 'm', 'm', 'p', '4', '1'}
	mp4Brand := append([]byte{0, 0, 0, 0x10, 'f', 't', 'y', 'p', 'm', 'p', '4', '2'}, 0, 0, 0, 0)
	notMP4 := []byte{0, 0, 0, 0x18, 'f', 't', 'y', 'p', 'i', 's', 'o', 'm', 0, 0, 0, 1, 'i', 's', 'o', 'm', 'a', 'v', 'c', '1'}
	webm := []byte{0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, 'w', 'e', 'b', 'm', 0x42, 0x87}
	mkv := []byte{0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x88, 'm', 'a', 't', 'r', 'o', 's', 'k', 'a'}
	tests := []struct {
		in   []byte
		want string
	}{
		{mp4, "video/mp4"},
		{mp4Brand, "video/mp4"},
		{notMP4, "application/octet-stream"},
		{webm, "video/webm"},
		{mkv, "application/octet-stream"},
		{[]byte("RIFF\x10\x00\x00\x00WEBPVP8 "), "image/webp"},
		{[]byte("RIFF\x10\x00\x00\x00WAVEfmt "), "audio/wave"},
		{[]byte("ID3\x04\x00"), "audio/mpeg"},
		{[]byte("\x00\x00\x01\x00\x01\x00"), "image/x-icon"},
		{[]byte("Rar!\x1A\x07\x00"), "application/x-rar-compressed"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, identifyUnknownMIMEType(tt.in, true), "identifyUnknownMIMEType(%q)", tt.in)
	}
}

func TestPatternMatchNeedsWholePattern(t *testing.T) {
	// The pattern must fit after the skipped whitespace, and the
	// tag-terminating byte must be there.
	for _, in := range []string{"  <html", "<html", "<htm", "      <?xm"} {
		assert.Equal(t, "text/plain", identifyUnknownMIMEType([]byte(in), true), "identifyUnknownMIMEType(%q)", in)
	}
	assert.Equal(t, "text/plain", identifyUnknownMIMEType([]byte("<html>"), false), "without sniff-scriptable, <html>")
}

// FuzzParseMIMEType checks that parsing never panics and that a serialized
// MIME type parses back to itself.
func FuzzParseMIMEType(f *testing.F) {
	for _, s := range []string{"text/html", `text/html;charset="a\"b"`, "a/b;c=d;e", " x/y ; z = w ", "text/html;charset=\xe9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, ok := parseMIMEType(s)
		if !ok {
			return
		}
		ser := m.String()
		m2, ok := parseMIMEType(ser)
		require.True(t, ok, "%q serialized as %q, which does not parse", s, ser)
		require.Equal(t, ser, m2.String(), "%q serialized as %q", s, ser)
	})
}

// FuzzSniffMIMEType checks that sniffing never panics and that text/plain
// (the Apache bug) is never sniffed as a type ParseResponse would parse.
func FuzzSniffMIMEType(f *testing.F) {
	f.Add("text/html", []byte("\xEF\xBB\xBF<!-- x --><rdf:RDF "+sniffRSS10NS+sniffRDFNS))
	f.Add("", []byte("\x1A\x45\xDF\xA3\x42\x82\x84webm\x00\x00\x00\x00"))
	f.Add("text/plain", []byte("<?xml version='1.0'?><rss/>"))
	f.Add("", []byte{0, 0, 0, 0x18, 'f', 't', 'y', 'p', 'i', 's', 'o', 'm', 0, 0, 0, 1, 'm', 'p', '4', '1'})
	f.Fuzz(func(t *testing.T, contentType string, header []byte) {
		if len(header) > resourceHeaderSize {
			header = header[:resourceHeaderSize]
		}
		var values []string
		if contentType != "" {
			values = []string{contentType}
		}
		supplied, bug := suppliedMIMEType(values)
		got := sniffMIMEType(supplied, bug, false, header)
		if bug {
			require.False(t, got.isXML(), "text/plain sniffed as %s", got)
		}
	})
}

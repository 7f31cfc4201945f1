package feedspec

import (
	"bytes"
	"encoding/binary"
	"strings"
)

// This file implements the parts of the WHATWG MIME Sniffing Standard that
// "process a feed response" needs to find a response's computed MIME type
// [2] [42]: parsing and serializing MIME types, the supplied MIME type of an
// HTTP response, and the MIME type sniffing algorithm with the rules for
// identifying an unknown MIME type, for distinguishing text from binary and
// for distinguishing a feed from HTML.
//
// The rules for distinguishing a feed from HTML ("sniffing a mislabeled
// feed") are those of the editions of the standard up to 2023; later editions
// dropped them together with browsers' feed previews and leave a text/html
// response as text/html. This package keeps them: they are what the Feed
// Parsing specification was written against, and serving a feed as text/html
// is common.

// resourceHeaderSize is the most bytes "read the resource header" reads: the
// sniffing algorithms never look further into the body.
const resourceHeaderSize = 1445

// A mimeType is a MIME type record: a type, a subtype (both ASCII lower case)
// and parameters in the order they first appeared.
//
// Strings hold the header's bytes as they are: "parse a MIME type from bytes"
// isomorphic-decodes them, so every byte stands for the code point of the same
// value.
type mimeType struct {
	typ, subtype string
	params       []mimeParam
}

// A mimeParam is one parameter of a mimeType: a name in ASCII lower case and
// a value made of HTTP quoted-string token code points.
type mimeParam struct {
	name, value string
}

// essence returns type "/" subtype.
func (m *mimeType) essence() string { return m.typ + "/" + m.subtype }

// param returns the value of the parameter name (lower case) and whether the
// MIME type has it.
func (m *mimeType) param(name string) (string, bool) {
	for _, p := range m.params {
		if p.name == name {
			return p.value, true
		}
	}
	return "", false
}

// isXML reports whether m is an XML MIME type: its subtype ends in "+xml" or
// its essence is text/xml or application/xml.
func (m *mimeType) isXML() bool {
	return strings.HasSuffix(m.subtype, "+xml") ||
		(m.subtype == "xml" && (m.typ == "text" || m.typ == "application"))
}

// isHTML reports whether m is an HTML MIME type (essence text/html).
func (m *mimeType) isHTML() bool { return m.typ == "text" && m.subtype == "html" }

// String serializes m ("serialize a MIME type"): parameter values that are
// empty or not solely HTTP token code points are quoted, with '"' and '\'
// escaped.
func (m *mimeType) String() string {
	var b strings.Builder
	b.WriteString(m.typ)
	b.WriteByte('/')
	b.WriteString(m.subtype)
	for _, p := range m.params {
		b.WriteByte(';')
		b.WriteString(p.name)
		b.WriteByte('=')
		if p.value != "" && allHTTPToken(p.value) {
			b.WriteString(p.value)
			continue
		}
		b.WriteByte('"')
		for i := 0; i < len(p.value); i++ {
			if c := p.value[i]; c == '"' || c == '\\' {
				b.WriteByte('\\')
			}
			b.WriteByte(p.value[i])
		}
		b.WriteByte('"')
	}
	return b.String()
}

// isHTTPWhitespace reports whether c is HTTP whitespace: LF, CR, TAB or SPACE.
func isHTTPWhitespace(c byte) bool { return c == '\n' || c == '\r' || c == '\t' || c == ' ' }

// isHTTPToken reports whether c is an HTTP token code point.
func isHTTPToken(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

// isHTTPQuotedStringToken reports whether c is an HTTP quoted-string token
// code point: TAB, U+0020 to U+007E, or U+0080 to U+00FF.
func isHTTPQuotedStringToken(c byte) bool { return c == '\t' || (c >= 0x20 && c != 0x7F) }

// allHTTPToken reports whether s is solely HTTP token code points.
func allHTTPToken(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHTTPToken(s[i]) {
			return false
		}
	}
	return true
}

// asciiLower returns s with ASCII upper-case letters lowered.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// parseMIMEType is "parse a MIME type" (from bytes: each byte of input is one
// code point). It reports false for failure.
func parseMIMEType(input string) (*mimeType, bool) {
	// Remove leading and trailing HTTP whitespace.
	start, end := 0, len(input)
	for start < end && isHTTPWhitespace(input[start]) {
		start++
	}
	for end > start && isHTTPWhitespace(input[end-1]) {
		end--
	}
	input = input[start:end]

	pos := 0
	// collect runs of bytes up to (not including) the first byte in stop.
	collect := func(stop string) string {
		s := pos
		for pos < len(input) && strings.IndexByte(stop, input[pos]) < 0 {
			pos++
		}
		return input[s:pos]
	}

	typ := collect("/")
	if typ == "" || !allHTTPToken(typ) || pos >= len(input) {
		return nil, false
	}
	pos++ // past "/"
	subtype := strings.TrimRight(collect(";"), "\n\r\t ")
	if subtype == "" || !allHTTPToken(subtype) {
		return nil, false
	}
	m := &mimeType{typ: asciiLower(typ), subtype: asciiLower(subtype)}

	for pos < len(input) {
		pos++ // past ";"
		for pos < len(input) && isHTTPWhitespace(input[pos]) {
			pos++
		}
		name := asciiLower(collect(";="))
		if pos < len(input) {
			if input[pos] == ';' {
				continue
			}
			pos++ // past "="
		}
		if pos >= len(input) {
			break
		}
		var value string
		if input[pos] == '"' {
			value = collectHTTPQuotedString(input, &pos)
			collect(";")
		} else {
			value = strings.TrimRight(collect(";"), "\n\r\t ")
			if value == "" {
				continue
			}
		}
		if name == "" || !allHTTPToken(name) {
			continue
		}
		ok := true
		for i := 0; i < len(value); i++ {
			if !isHTTPQuotedStringToken(value[i]) {
				ok = false
				break
			}
		}
		if _, exists := m.param(name); ok && !exists {
			m.params = append(m.params, mimeParam{name, value})
		}
	}
	return m, true
}

// collectHTTPQuotedString is the Fetch Standard's "collect an HTTP quoted
// string" with the extract-value flag set: *pos is at a '"'; it returns the
// unescaped value and leaves *pos after the closing quote (or at the end).
func collectHTTPQuotedString(input string, pos *int) string {
	var b strings.Builder
	p := *pos + 1 // past the opening quote
	for {
		for p < len(input) && input[p] != '"' && input[p] != '\\' {
			b.WriteByte(input[p])
			p++
		}
		if p >= len(input) {
			break
		}
		c := input[p]
		p++
		if c == '\\' {
			if p >= len(input) {
				b.WriteByte('\\')
				break
			}
			b.WriteByte(input[p])
			p++
			continue
		}
		break // the closing quote
	}
	*pos = p
	return b.String()
}

// suppliedMIMEType runs the supplied MIME type detection algorithm on the
// values of a response's Content-Type headers: the last one, parsed; nil when
// there is none or it does not parse (undefined). apacheBug is the
// check-for-apache-bug flag: the last value is exactly one of the strings
// some Apache versions send for files of unknown type.
func suppliedMIMEType(contentTypes []string) (m *mimeType, apacheBug bool) {
	if len(contentTypes) == 0 {
		return nil, false
	}
	v := contentTypes[len(contentTypes)-1]
	switch v {
	case "text/plain", "text/plain; charset=ISO-8859-1", "text/plain; charset=iso-8859-1", "text/plain; charset=UTF-8":
		apacheBug = true
	}
	m, ok := parseMIMEType(v)
	if !ok {
		return nil, apacheBug
	}
	return m, apacheBug
}

// mustMIMEType returns the MIME type with the given essence and no
// parameters (for the sniffing algorithms' results).
func mustMIMEType(essence string) *mimeType {
	i := strings.IndexByte(essence, '/')
	return &mimeType{typ: essence[:i], subtype: essence[i+1:]}
}

// sniffMIMEType is the MIME type sniffing algorithm: it returns the computed
// MIME type of a resource given its supplied MIME type (nil: undefined), its
// check-for-apache-bug and no-sniff flags, and its resource header (at most
// resourceHeaderSize bytes from the start of the body).
//
// ParseResponse never sets noSniff: the no-sniff flag is the user agent's
// choice, and a feed parser, which runs nothing it reads, has no reason to
// skip sniffing (an X-Content-Type-Options header does not change it).
func sniffMIMEType(supplied *mimeType, apacheBug, noSniff bool, header []byte) *mimeType {
	if supplied == nil {
		return mustMIMEType(identifyUnknownMIMEType(header, !noSniff))
	}
	switch supplied.essence() {
	case "unknown/unknown", "application/unknown", "*/*":
		return mustMIMEType(identifyUnknownMIMEType(header, !noSniff))
	}
	if noSniff {
		return supplied
	}
	if apacheBug {
		return mustMIMEType(textOrBinary(header))
	}
	if supplied.isXML() {
		return supplied
	}
	if supplied.isHTML() {
		if t := feedOrHTML(header); t != "" {
			return mustMIMEType(t)
		}
		return supplied
	}
	// The steps for image, audio and video MIME types apply only to types
	// the user agent supports (can present), and a feed parser presents
	// none: the computed MIME type is the supplied one.
	return supplied
}

// A bytePattern is a row of the standard's pattern tables.
type bytePattern struct {
	pattern, mask []byte
	skipWS        bool   // leading whitespace bytes are ignored
	tt            bool   // the pattern is followed by a tag-terminating byte
	mime          string // the MIME type the row gives
}

// match is the pattern matching algorithm (with the tag-terminating byte of
// the HTML rows as an extra, final pattern byte).
func (p *bytePattern) match(input []byte) bool {
	n := len(p.pattern)
	if p.tt {
		n++
	}
	if len(input) < n {
		return false
	}
	s := 0
	if p.skipWS {
		for s < len(input) && isWhitespaceByte(input[s]) {
			s++
		}
	}
	if len(input)-s < n {
		return false
	}
	for i, b := range p.pattern {
		if input[s+i]&p.mask[i] != b {
			return false
		}
	}
	if p.tt {
		c := input[s+len(p.pattern)]
		return c == ' ' || c == '>'
	}
	return true
}

// isWhitespaceByte reports whether c is a whitespace byte: HT, LF, FF, CR or
// SP.
func isWhitespaceByte(c byte) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

// htmlPattern makes a scriptable-table row for the case-insensitive string s
// followed by a tag-terminating byte, leading whitespace ignored.
func htmlPattern(s string) bytePattern {
	p := bytePattern{pattern: []byte(s), mask: make([]byte, len(s)), skipWS: true, tt: true, mime: "text/html"}
	for i := range p.mask {
		p.mask[i] = 0xFF
		if 'A' <= s[i] && s[i] <= 'Z' {
			p.mask[i] = 0xDF
		}
	}
	return p
}

// exact makes a row for the bytes of s, every byte significant.
func exact(s, mime string) bytePattern {
	return bytePattern{pattern: []byte(s), mask: bytes.Repeat([]byte{0xFF}, len(s)), mime: mime}
}

// masked makes a row from a pattern and a mask of the same length.
func masked(pattern, mask, mime string) bytePattern {
	return bytePattern{pattern: []byte(pattern), mask: []byte(mask), mime: mime}
}

// scriptablePatterns is the first table of the rules for identifying an
// unknown MIME type, used only when the sniff-scriptable flag is set.
var scriptablePatterns = []bytePattern{
	htmlPattern("<!DOCTYPE HTML"),
	htmlPattern("<HTML"),
	htmlPattern("<HEAD"),
	htmlPattern("<SCRIPT"),
	htmlPattern("<IFRAME"),
	htmlPattern("<H1"),
	htmlPattern("<DIV"),
	htmlPattern("<FONT"),
	htmlPattern("<TABLE"),
	htmlPattern("<A"),
	htmlPattern("<STYLE"),
	htmlPattern("<TITLE"),
	htmlPattern("<B"),
	htmlPattern("<BODY"),
	htmlPattern("<BR"),
	htmlPattern("<P"),
	htmlPattern("<!--"),
	{pattern: []byte("<?xml"), mask: []byte{0xFF, 0xFF, 0xFF, 0xFF, 0xFF}, skipWS: true, mime: "text/xml"},
	exact("%PDF-", "application/pdf"),
}

// unknownPatterns is the second table of the rules for identifying an
// unknown MIME type.
var unknownPatterns = []bytePattern{
	exact("%!PS-Adobe-", "application/postscript"),
	masked("\xFE\xFF\x00\x00", "\xFF\xFF\x00\x00", "text/plain"), // UTF-16BE BOM
	masked("\xFF\xFE\x00\x00", "\xFF\xFF\x00\x00", "text/plain"), // UTF-16LE BOM
	masked("\xEF\xBB\xBF\x00", "\xFF\xFF\xFF\x00", "text/plain"), // UTF-8 BOM
}

// imagePatterns is the image type pattern matching algorithm's table.
var imagePatterns = []bytePattern{
	exact("\x00\x00\x01\x00", "image/x-icon"),
	exact("\x00\x00\x02\x00", "image/x-icon"),
	exact("BM", "image/bmp"),
	exact("GIF87a", "image/gif"),
	exact("GIF89a", "image/gif"),
	masked("RIFF\x00\x00\x00\x00WEBPVP", "\xFF\xFF\xFF\xFF\x00\x00\x00\x00\xFF\xFF\xFF\xFF\xFF\xFF", "image/webp"),
	exact("\x89PNG\r\n\x1A\n", "image/png"),
	exact("\xFF\xD8\xFF", "image/jpeg"),
}

// audioVideoPatterns is the audio or video type pattern matching algorithm's
// table.
var audioVideoPatterns = []bytePattern{
	masked("FORM\x00\x00\x00\x00AIFF", "\xFF\xFF\xFF\xFF\x00\x00\x00\x00\xFF\xFF\xFF\xFF", "audio/aiff"),
	exact("ID3", "audio/mpeg"),
	exact("OggS\x00", "application/ogg"),
	exact("MThd\x00\x00\x00\x06", "audio/midi"),
	masked("RIFF\x00\x00\x00\x00AVI ", "\xFF\xFF\xFF\xFF\x00\x00\x00\x00\xFF\xFF\xFF\xFF", "video/avi"),
	masked("RIFF\x00\x00\x00\x00WAVE", "\xFF\xFF\xFF\xFF\x00\x00\x00\x00\xFF\xFF\xFF\xFF", "audio/wave"),
}

// archivePatterns is the archive type pattern matching algorithm's table.
var archivePatterns = []bytePattern{
	exact("\x1F\x8B\x08", "application/x-gzip"),
	exact("PK\x03\x04", "application/zip"),
	exact("Rar!\x1A\x07\x00", "application/x-rar-compressed"),
}

// matchTable returns the MIME type of the first row of table that header
// matches, or "".
func matchTable(table []bytePattern, header []byte) string {
	for i := range table {
		if table[i].match(header) {
			return table[i].mime
		}
	}
	return ""
}

// identifyUnknownMIMEType is the rules for identifying an unknown MIME type;
// it returns a MIME type essence.
//
// Of the audio and video signatures, "MP3 without ID3" is not checked: the
// standard's steps for it contradict themselves, and all it could change here
// is the name of a MIME type that is not an XML MIME type anyway.
func identifyUnknownMIMEType(header []byte, sniffScriptable bool) string {
	if sniffScriptable {
		if t := matchTable(scriptablePatterns, header); t != "" {
			return t
		}
	}
	if t := matchTable(unknownPatterns, header); t != "" {
		return t
	}
	if t := matchTable(imagePatterns, header); t != "" {
		return t
	}
	if t := matchTable(audioVideoPatterns, header); t != "" {
		return t
	}
	if matchesMP4(header) {
		return "video/mp4"
	}
	if matchesWebM(header) {
		return "video/webm"
	}
	if t := matchTable(archivePatterns, header); t != "" {
		return t
	}
	if !hasBinaryDataByte(header) {
		return "text/plain"
	}
	return "application/octet-stream"
}

// hasBinaryDataByte reports whether b contains a binary data byte: 0x00–0x08,
// 0x0B, 0x0E–0x1A or 0x1C–0x1F.
func hasBinaryDataByte(b []byte) bool {
	for _, c := range b {
		if c <= 0x08 || c == 0x0B || (c >= 0x0E && c <= 0x1A) || (c >= 0x1C && c <= 0x1F) {
			return true
		}
	}
	return false
}

// textOrBinary is the rules for distinguishing if a resource is text or
// binary (for a resource labelled text/plain by a possibly buggy Apache); it
// returns text/plain or application/octet-stream, never a type that could be
// parsed as a feed.
func textOrBinary(header []byte) string {
	if bytes.HasPrefix(header, []byte{0xFE, 0xFF}) || bytes.HasPrefix(header, []byte{0xFF, 0xFE}) ||
		bytes.HasPrefix(header, []byte{0xEF, 0xBB, 0xBF}) || !hasBinaryDataByte(header) {
		return "text/plain"
	}
	return "application/octet-stream"
}

// matchesMP4 reports whether header matches the signature for MP4.
func matchesMP4(header []byte) bool {
	if len(header) < 12 {
		return false
	}
	boxSize := int(binary.BigEndian.Uint32(header))
	if len(header) < boxSize || boxSize%4 != 0 {
		return false
	}
	if string(header[4:8]) != "ftyp" {
		return false
	}
	if string(header[8:11]) == "mp4" {
		return true
	}
	for i := 16; i < boxSize && i+3 <= len(header); i += 4 {
		if string(header[i:i+3]) == "mp4" {
			return true
		}
	}
	return false
}

// matchesWebM reports whether header matches the signature for WebM: the
// EBML magic number, then, within the first 38 bytes, a DocType element
// (0x42 0x82) whose value is "webm", possibly preceded by NUL bytes.
func matchesWebM(header []byte) bool {
	n := len(header)
	if n < 4 || string(header[:4]) != "\x1A\x45\xDF\xA3" {
		return false
	}
	for iter := 4; iter < n && iter < 38; iter++ {
		if iter+1 < n && header[iter] == 0x42 && header[iter+1] == 0x82 {
			iter += 2
			if iter >= n {
				return false
			}
			iter += vintSize(header[iter:])
			if iter >= n-4 {
				return false
			}
			if matchesPadded(header[iter:], "webm") {
				return true
			}
		}
	}
	return false
}

// vintSize returns the size in bytes of the EBML variable-size integer that
// starts b (1 to 8, from the position of the first set bit of b[0]).
func vintSize(b []byte) int {
	size := 1
	for mask := byte(0x80); size < 8 && size < len(b) && b[0]&mask == 0; mask >>= 1 {
		size++
	}
	return size
}

// matchesPadded reports whether b starts with zero or more NUL bytes
// followed by pattern.
func matchesPadded(b []byte, pattern string) bool {
	i := 0
	for i < len(b) && b[i] == 0 {
		i++
	}
	return bytes.HasPrefix(b[i:], []byte(pattern))
}

// The namespaces the rules for distinguishing a feed from HTML look for.
const (
	sniffRSS10NS = "http://purl.org/rss/1.0/"
	sniffRDFNS   = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
)

// feedOrHTML is the rules for distinguishing if a resource is a feed or HTML
// ("sniffing a mislabeled feed"). It returns application/rss+xml or
// application/atom+xml when the resource header is a feed, and "" when the
// computed MIME type stays the supplied one.
//
// Past an optional UTF-8 BOM and whitespace, it skips comments, "<!...>"
// declarations and processing instructions, and then needs the first tag to
// start "<rss" or "<feed" (case-sensitive), or "<rdf:RDF" followed, in the
// resource header, by both the RSS 1.0 and the RDF namespace. (Some editions'
// steps for an RDF namespace seen first skip 24 bytes instead of its 43; the
// outcome is the same.)
func feedOrHTML(header []byte) string {
	seq := header
	s := 0
	if bytes.HasPrefix(seq, []byte{0xEF, 0xBB, 0xBF}) {
		s = 3
	}
	for s < len(seq) {
		// Loop L: whitespace up to "<".
		for {
			if s >= len(seq) {
				return ""
			}
			if seq[s] == '<' {
				s++
				break
			}
			if !isWhitespaceByte(seq[s]) {
				return ""
			}
			s++
		}
		// Loop L: what follows "<".
		if s >= len(seq) {
			return ""
		}
		rest := seq[s:]
		switch {
		case bytes.HasPrefix(rest, []byte("!--")):
			i := bytes.Index(rest[3:], []byte("-->"))
			if i < 0 {
				return ""
			}
			s += 3 + i + 3
		case rest[0] == '!':
			i := bytes.IndexByte(rest[1:], '>')
			if i < 0 {
				return ""
			}
			s += 1 + i + 1
		case rest[0] == '?':
			i := bytes.Index(rest[1:], []byte("?>"))
			if i < 0 {
				return ""
			}
			s += 1 + i + 2
		case bytes.HasPrefix(rest, []byte("rss")):
			return "application/rss+xml"
		case bytes.HasPrefix(rest, []byte("feed")):
			return "application/atom+xml"
		case bytes.HasPrefix(rest, []byte("rdf:RDF")):
			rest = rest[7:]
			iRSS := bytes.Index(rest, []byte(sniffRSS10NS))
			iRDF := bytes.Index(rest, []byte(sniffRDFNS))
			switch {
			case iRSS >= 0 && (iRDF < 0 || iRSS < iRDF):
				if bytes.Contains(rest[iRSS+len(sniffRSS10NS):], []byte(sniffRDFNS)) {
					return "application/rss+xml"
				}
			case iRDF >= 0:
				if bytes.Contains(rest[iRDF+len(sniffRDFNS):], []byte(sniffRSS10NS)) {
					return "application/rss+xml"
				}
			}
			return ""
		default:
			return ""
		}
	}
	return ""
}

package feedspec

import (
	"strconv"

	"github.com/feedspec/feedspec/xml5"
)

// A DiagnosticKind says what a Diagnostic is about.
type DiagnosticKind string

// The kinds of Diagnostic.
const (
	// DiagnosticXML is a parse error the XML5 parser recovered from, or
	// an encoding error of the input; Line and Column say where, Message
	// is the parser's code (such as "eof-in-element"). The encoding errors
	// are one for each run of bytes that did not decode in the document's
	// encoding ("invalid-byte-sequence": they became U+FFFD) and each run
	// of characters XML 1.0 does not allow ("control-character-in-input-stream"
	// for C0 controls other than tab, line feed and carriage return, NUL
	// included; "noncharacter-in-input-stream" for U+FFFE and U+FFFF), at
	// most 1,000 a document.
	DiagnosticXML DiagnosticKind = "xml"
	// DiagnosticDate is a date the date algorithm (Atom, W3C-DTF or RSS 2.0)
	// could not read, so the field stayed null (or, with WithLenientDates,
	// a date ParseDate could not read either).
	DiagnosticDate DiagnosticKind = "date"
	// DiagnosticURL is a URL that failed to parse against its base.
	DiagnosticURL DiagnosticKind = "url"
	// DiagnosticTextType is an Atom text element whose type attribute is
	// not "text", "html" or "xhtml" (or a media type, on content), or whose
	// type is "xhtml" without an XHTML div child; its value was read as
	// text.
	DiagnosticTextType DiagnosticKind = "text-type"
	// DiagnosticNumber is a number that was not read: an image width or
	// height, an enclosure length, an itunes:duration, a ttl, a count.
	DiagnosticNumber DiagnosticKind = "number"
	// DiagnosticValue is a value outside the vocabulary its element allows
	// (a skipDays day, an sy:updatePeriod, an itunes:explicit value...),
	// or a JSON Feed item without an id.
	DiagnosticValue DiagnosticKind = "value"
	// DiagnosticRecovered is a repair made in recovery mode (WithRecovery)
	// that changed the result; Message says what was done, Line and Column
	// where it applies.
	DiagnosticRecovered DiagnosticKind = "recovered"
	// DiagnosticType is a JSON Feed value of the wrong JSON type (a number
	// where the format has a string, an object where it has an array);
	// the field stays null, or the element of a list is left out.
	DiagnosticType DiagnosticKind = "type"
	// DiagnosticLimit is an element left out because its entry reached a
	// limit (Limits.MaxPerEntry; or an Entry.ContentXML past its budget,
	// a LimitError whose Limit is "ContentXML"; or a URL once the
	// document's budget of URL parser runs is spent, "URLParses", see
	// Limits; or a URL left out because resolving the document's URLs
	// added more than max(1 MiB, the document's size) bytes to them,
	// "URLExpansion"), or escaped HTML whose tree passes its budget, read
	// as the fragment of its longest prefix within it (a LimitError whose
	// Limit is "HTMLTree" and Value the budget); Err wraps ErrLimit. It is
	// recorded once per entry and list (for URLParses and URLExpansion,
	// once per document; for HTMLTree, once per text).
	DiagnosticLimit DiagnosticKind = "limit"
)

// A Diagnostic describes one thing that went wrong while parsing a feed that
// was still read: a recovered XML error, or a value the feed processors
// rejected (the field it would have filled stays null, or another element
// fills it). Diagnostics are collected only when asked for with
// WithDiagnostics, and never printed.
type Diagnostic struct {
	// Kind says what went wrong: an XML error, a date, a URL, a number,
	// a value outside its vocabulary, ... (the Diagnostic* constants).
	Kind DiagnosticKind

	// Line and Column (1-based, the column in characters) locate an XML
	// parse error, a repair (DiagnosticRecovered), or the start tag of the
	// element holding a rejected value; they are 0 when there is no such
	// element.
	Line, Column int
	// Offset is the byte offset, in the decoded (UTF-8) document, of the
	// XML parse error or of the start tag of the element holding the
	// rejected value.
	Offset int

	// Element is the qualified name of the element holding the rejected
	// value, as written ("pubDate", "itunes:duration"); Attr is the
	// attribute's name when the value came from an attribute. Both are ""
	// for XML parse errors and for JSON Feeds.
	Element, Attr string
	// Path is the key path of a value rejected in a JSON Feed
	// ("items[3].date_published"; Offset is then the value's byte offset
	// in the JSON document); "" for XML.
	Path string
	// Value is the rejected value as written ("" for XML parse errors).
	Value string
	// Message says what was wrong.
	Message string
	// Err is the error behind a DiagnosticLimit: a *LimitError wrapping
	// ErrLimit. It is nil for the other kinds.
	Err error
}

// String returns the diagnostic on one line, such as
// `date: <pubDate> at line 14, column 5 (byte 812): "yesterday": not an RSS 2.0 date` or
// `recovered: line 2, column 1: <rss>: rss root in namespace X read as RSS 2.0`.
func (d Diagnostic) String() string {
	b := make([]byte, 0, 64+len(d.Value)+len(d.Message))
	b = append(b, d.Kind...)
	b = append(b, ": "...)
	if d.Kind == DiagnosticXML || d.Kind == DiagnosticRecovered {
		b = append(b, "line "...)
		b = strconv.AppendInt(b, int64(d.Line), 10)
		b = append(b, ", column "...)
		b = strconv.AppendInt(b, int64(d.Column), 10)
		b = append(b, ": "...)
		if d.Element != "" {
			b = append(b, '<')
			b = append(b, d.Element...)
			b = append(b, ">: "...)
		}
		return string(append(b, d.Message...))
	}
	if d.Path != "" {
		b = append(b, d.Path...)
		b = append(b, ' ')
	} else if d.Element != "" {
		b = append(b, '<')
		b = append(b, d.Element...)
		b = append(b, '>')
		if d.Attr != "" {
			b = append(b, " @"...)
			b = append(b, d.Attr...)
		}
		b = append(b, ' ')
	}
	b = append(b, "at "...)
	if d.Line > 0 {
		b = append(b, "line "...)
		b = strconv.AppendInt(b, int64(d.Line), 10)
		b = append(b, ", column "...)
		b = strconv.AppendInt(b, int64(d.Column), 10)
		b = append(b, " ("...)
	}
	b = append(b, "byte "...)
	b = strconv.AppendInt(b, int64(d.Offset), 10)
	if d.Line > 0 {
		b = append(b, ')')
	}
	b = append(b, ": "...)
	b = strconv.AppendQuote(b, d.Value)
	b = append(b, ": "...)
	return string(append(b, d.Message...))
}

// WithDiagnostics asks ParseDocument (and ParseResponse) to append to *dst a
// Diagnostic for every XML parse error the parser recovered from and every
// encoding error of the input (bytes that did not decode, characters XML
// 1.0 does not allow: see DiagnosticXML; the first 1,000), in input
// order, then (with WithRecovery) one for each repair the XML parser made,
// followed by one for every value the feed processors rejected and every
// repair they made, in document order. The parse result is the same with or
// without it. Without this option nothing is collected. A nil dst is
// ignored.
func WithDiagnostics(dst *[]Diagnostic) Option {
	return func(c *config) { c.diagnostics = dst }
}

// reject records a rejected value when diagnostics were asked for. el is the
// element holding it, attr the attribute ("" for the element's text).
//
// It reports whether the diagnostic was recorded (see maxDiagnostics).
func (p *processor) reject(kind DiagnosticKind, el *xml5.Node, attr, value, msg string) bool {
	if p.diags == nil {
		return false
	}
	// A Media RSS element is read twice: by the steps (an enclosure, a
	// thumbnail) and again for Entry.MediaRSS (mediarss.go). Its value is
	// reported once.
	if el != nil && isMedia(el.Namespace) {
		key := diagnosedKey{el, attr}
		if _, seen := p.diagnosed[key]; seen {
			return false
		}
		if p.diagnosed == nil {
			p.diagnosed = make(map[diagnosedKey]struct{})
		}
		p.diagnosed[key] = struct{}{}
	}
	d := Diagnostic{Kind: kind, Attr: attr, Value: value, Message: msg}
	if el != nil {
		d.Element = el.QualifiedName()
		d.Offset = el.Offset
		// Only here, with diagnostics on: the processors walk the document
		// in order, so Position counts each line once.
		d.Line, d.Column = p.doc.Position(el.Offset)
	}
	return addDiagnostic(p.diags, p.diagStart, d)
}

// A diagnosedKey is an element and an attribute ("" for its text) whose
// value was reported (processor.diagnosed).
type diagnosedKey struct {
	el   *xml5.Node
	attr string
}

// xmlDiagnostics appends doc's recovered parse errors to dst: the XML
// parser records at most 1,000, and the one that stands for the rest
// (xml5.CodeTooManyErrors) becomes a DiagnosticLimit.
func xmlDiagnostics(dst *[]Diagnostic, doc *xml5.Document) {
	for _, e := range doc.Errors {
		d := Diagnostic{Kind: DiagnosticXML, Line: e.Line, Column: e.Column, Offset: e.Offset, Message: e.Code}
		if e.Code == xml5.CodeTooManyErrors {
			d.Kind, d.Message = DiagnosticLimit, "more than "+strconv.Itoa(maxDiagnostics)+" XML parse errors: this one and the rest are not recorded"
			d.Err = limitError("Diagnostics", maxDiagnostics, e.Line, e.Offset)
		}
		*dst = append(*dst, d)
	}
}

// maxDiagnostics is the most diagnostics the processing of one document
// records (WithDiagnostics), besides the XML parser's errors (at most
// 1,000 too) and repairs: a document can make one for each element, each
// costing a hundred bytes and more. The one beyond it is a DiagnosticLimit
// (its Err a *LimitError whose Limit is "Diagnostics") and the rest are
// dropped. The project's real-feed corpus records at most 98 for a feed.
const maxDiagnostics = 1000

// addDiagnostic appends d to *dst unless the document has recorded
// maxDiagnostics since start, the length of *dst when its processing
// began (then the first one dropped becomes a DiagnosticLimit, the others
// nothing); it reports whether d was appended.
func addDiagnostic(dst *[]Diagnostic, start int, d Diagnostic) bool {
	switch n := len(*dst) - start; {
	case n < maxDiagnostics:
		*dst = append(*dst, d)
		return true
	case n == maxDiagnostics:
		*dst = append(*dst, Diagnostic{Kind: DiagnosticLimit, Line: d.Line, Column: d.Column, Offset: d.Offset, Path: d.Path,
			Message: "more than " + strconv.Itoa(maxDiagnostics) + " diagnostics: this one and the rest are not recorded",
			Err:     limitError("Diagnostics", maxDiagnostics, d.Line, d.Offset)})
	}
	return false
}

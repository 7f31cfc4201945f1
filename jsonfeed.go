package feedspec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/feedspec/feedspec/internal/weburl"
)

// JSON Feed input (JSON Feed 1.0 and 1.1, https://jsonfeed.org/version/1.1),
// read into the same model as RSS and Atom. The Feed Parsing specification
// answers null for a document that is not XML, so this is beyond the
// specification and off unless WithJSONFeed is given.
//
// The document is checked whole before anything is read from it: an
// invalid or truncated JSON document is not a feed (the JSON Feed
// specification advises against using partial data). The members of the
// top-level object and of each item are then split without copying
// (jsonMembers), each value decoded with encoding/json where it is not a
// plain string.

// WithJSONFeed makes ParseDocument and ParseResponse read JSON Feed 1.0 and
// 1.1 documents too, into the same model as RSS and Atom (docs/json.md
// has the mapping). The Fetcher and the feedspec command
// use it unless they are strict.
//
// ParseDocument reads a document whose first character (after a UTF-8 byte
// order mark and white space) is "{" as JSON; ParseResponse does so for the
// MIME types application/feed+json and application/json, and for a body
// whose type it sniffed (no Content-Type) when the body starts with "{".
// The document is a JSON Feed when it is valid JSON whose top-level object
// has a "version" string containing "jsonfeed.org/version/"; anything else
// (a bare "version": "1.1", RSS-in-JSON, invalid or truncated JSON, items
// that are not an array) gives a nil Feed and an error wrapping ErrNotFeed
// that says what was wrong.
//
// Values of the wrong type are left out (null) with a Diagnostic of kind
// DiagnosticType; items without an id are kept (their ID is ""), with a
// Diagnostic. Limits apply: MaxInputBytes, MaxDepth (nesting of objects and
// arrays) and MaxItems. Every key, known or not (extensions such as
// "_blue_shed"), stays readable through Feed.JSONObject and
// Entry.JSONObject. Without this option nothing changes.
func WithJSONFeed() Option { return func(c *config) { c.jsonFeed = true } }

// JSONObject returns the top-level object of the JSON Feed the feed was read
// from: each key, as decoded, with its value as written. Use it to read what
// the model does not map (user_comment, hubs, extensions such as
// "_blue_shed"), as Element does for XML. It is nil for a feed read from XML,
// for one made by json.Unmarshal or parsed WithoutDocument (as a Fetcher
// parses unless KeepDocument). The map and its
// values are shared: callers must not modify them.
func (f *Feed) JSONObject() map[string]json.RawMessage { return f.object }

// JSONObject returns the JSON Feed item the entry was read from: each key,
// as decoded, with its value as written (see Feed.JSONObject). It is nil for
// an entry read from XML, for one made by json.Unmarshal or parsed
// WithoutDocument (as a Fetcher parses unless KeepDocument). The map and
// its values are shared: callers must not
// modify them.
func (e *Entry) JSONObject() map[string]json.RawMessage {
	if e.priv == nil {
		return nil
	}
	return e.priv.object
}

// jsonFeedVersionPrefix is what the version string of a JSON Feed contains
// (real feeds write it with http and https, 1 and 1.1).
const jsonFeedVersionPrefix = "jsonfeed.org/version/"

// errNotJSONFeed returns an error wrapping ErrNotFeed that says why the
// document is not a JSON Feed.
func errNotJSONFeed(format string, args ...any) error {
	return fmt.Errorf("%w: not a JSON Feed: %s", ErrNotFeed, fmt.Sprintf(format, args...))
}

// jsonStart reports whether data, after a UTF-8 byte order mark and JSON
// white space, starts with "{", and returns data without the byte order
// mark.
func jsonStart(data []byte) ([]byte, bool) {
	data = bytes.TrimPrefix(data, utf8BOM)
	i := jsonSkipSpace(data, 0)
	return data, i < len(data) && data[i] == '{'
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// sniffJSON reads the start of r, up to its first byte that is neither part
// of a UTF-8 byte order mark nor JSON white space, and reports whether that
// byte is "{". The returned reader yields the whole input, the bytes read
// included.
func sniffJSON(r io.Reader) (io.Reader, bool, error) {
	var buf []byte
	chunk := make([]byte, 512)
	for {
		n, err := r.Read(chunk)
		buf = append(buf, chunk[:n]...)
		if rest, _ := bytes.CutPrefix(buf, utf8BOM); len(buf) >= len(utf8BOM) || !bytes.HasPrefix(utf8BOM, buf) {
			if i := jsonSkipSpace(rest, 0); i < len(rest) {
				return &prefixReader{prefix: buf, r: r}, rest[i] == '{', nil
			}
		}
		if err == io.EOF {
			return bytes.NewReader(buf), false, nil
		}
		if err != nil {
			return &prefixReader{prefix: buf, r: r, err: err}, false, err
		}
	}
}

// A prefixReader reads prefix, then r (or, when err is set, fails with err
// after the prefix). It has a Len method when r has one, so that the XML
// parser can still size its buffer once.
type prefixReader struct {
	prefix []byte
	r      io.Reader
	err    error
}

func (p *prefixReader) Read(b []byte) (int, error) {
	if len(p.prefix) > 0 {
		n := copy(b, p.prefix)
		p.prefix = p.prefix[n:]
		return n, nil
	}
	if p.err != nil {
		return 0, p.err
	}
	return p.r.Read(b)
}

// Len returns the number of unread bytes when r tells its own (and 0 when
// it does not: the XML parser then grows its buffer as it reads).
func (p *prefixReader) Len() int {
	if l, ok := p.r.(interface{ Len() int }); ok {
		return len(p.prefix) + l.Len()
	}
	return len(p.prefix)
}

// readJSONFeed reads the rest of a document that sniffJSON found to be JSON
// and parses it as a JSON Feed.
func readJSONFeed(r io.Reader, c *config) (*Feed, error) {
	max := c.limits.xml5().MaxInputBytes
	var buf bytes.Buffer
	if l, ok := r.(interface{ Len() int }); ok {
		// bytes.Buffer.ReadFrom grows the buffer unless bytes.MinRead
		// bytes are free: with them, the body is copied once.
		buf.Grow(l.Len() + bytes.MinRead)
	}
	var lr io.Reader = r
	if max >= 0 {
		lr = io.LimitReader(r, max+1)
	}
	_, err := buf.ReadFrom(lr)
	if err != nil {
		return nil, jsonReadError(err)
	}
	data := buf.Bytes()
	if max >= 0 && int64(len(data)) > max {
		le := &LimitError{Limit: "MaxInputBytes", Value: max, Offset: max}
		return nil, &wrapError{msg: errPrefix + jsonLimitMessage(le) + " (not a feed: the JSON document is cut short)", errs: []error{le, ErrNotFeed}}
	}
	return parseJSONFeed(data, c)
}

// jsonReadError is the error of a JSON Feed whose reading failed: what was
// read is not a feed.
func jsonReadError(err error) error {
	return &wrapError{msg: errPrefix + "reading the document: " + innerMessage(err) + "; what was read is not a feed", errs: []error{err, ErrNotFeed}}
}

// jsonLimitMessage is le's message without the XML parser's "xml5: "
// prefix: a JSON Feed is not read by it.
func jsonLimitMessage(le *LimitError) string {
	return strings.TrimPrefix(le.Error(), "xml5: ")
}

// parseJSONFeed parses data, a whole JSON document, as a JSON Feed.
func parseJSONFeed(data []byte, c *config) (*Feed, error) {
	data, _ = jsonStart(data)
	lim := c.limits.xml5()
	if off := jsonDepthExceeded(data, lim.MaxDepth); off >= 0 {
		le := &LimitError{Limit: "MaxDepth", Value: int64(lim.MaxDepth), Line: 1 + bytes.Count(data[:off], []byte{'\n'}), Offset: int64(off)}
		return nil, &wrapError{msg: errPrefix + jsonLimitMessage(le) + " (not a feed: the JSON document is not read)", errs: []error{le, ErrNotFeed}}
	}
	if !json.Valid(data) {
		err := json.Unmarshal(data, new(json.RawMessage))
		if se, ok := err.(*json.SyntaxError); ok {
			return nil, errNotJSONFeed("invalid JSON at byte %d: %v", se.Offset, se)
		}
		return nil, errNotJSONFeed("invalid JSON: %v", err)
	}
	start := jsonSkipSpace(data, 0)
	if start == len(data) || data[start] != '{' {
		return nil, errNotJSONFeed("the top-level value is %s, not an object", jsonKind(data[start:]))
	}
	top := jsonMembers(data, start)
	version, ok := top["version"]
	if !ok {
		return nil, errNotJSONFeed("the top-level object has no version")
	}
	if version[0] != '"' {
		return nil, errNotJSONFeed("version is %s, not a string", jsonKind(version))
	}
	if v := jsonString(version); !strings.Contains(v, jsonFeedVersionPrefix) {
		return nil, errNotJSONFeed("version %s is not a JSON Feed version URL (like https://jsonfeed.org/version/1.1)", quoteCut(v))
	}
	items, hasItems := top["items"]
	if hasItems && items[0] != '[' {
		return nil, errNotJSONFeed("items is %s, not an array", jsonKind(items))
	}

	p := &jsonFeedReader{data: data, diags: c.diagnostics, lenientDates: c.lenientDates, withoutDocument: c.withoutDocument,
		urlBytes: newURLBudget(len(data))}
	if p.diags != nil {
		p.diagStart = len(*p.diags)
	}
	if c.url != "" {
		// base is nil when the URL does not parse (urlcache.go).
		d := documentURL(c.url)
		p.base, p.baseOrigin, p.baseRoot, p.baseDir = d.u, d.origin, d.root, d.dir
	}
	feed := p.feed(top)
	feed.object = top
	feed.Version = jsonString(version)         // an addition, as written
	feed.Format = jsonFeedFormat(feed.Version) // format.go
	if !hasItems {
		p.rejectAt(DiagnosticValue, "items", start, "the feed has no items array (JSON Feed requires one)")
	}
	var limErr error
	maxItems := entryBudget(c.limits, len(data)) // limits.go
	if hasItems {
		n := 0
		jsonElements(data, p.offset(items), nil, func(vs, ve int) bool {
			if maxItems > 0 && n == maxItems {
				le := &LimitError{Limit: "MaxItems", Value: int64(maxItems),
					Line: 1 + bytes.Count(data[:vs], []byte{'\n'}), Offset: int64(vs)}
				limErr = &wrapError{msg: errPrefix + jsonLimitMessage(le), errs: []error{le}}
				return false
			}
			path := "items[" + strconv.Itoa(n) + "]"
			n++
			raw := json.RawMessage(data[vs:ve:ve])
			if raw[0] != '{' {
				p.reject(DiagnosticType, path, raw, "an item is "+jsonKind(raw)+", not an object; left out")
				return true
			}
			entry := p.entry(path, raw)
			addEntry(feed, entry)
			return true
		})
	}
	cleanupFeed(feed)
	if c.withoutDocument {
		detachFeed(feed)
	}
	return feed, limErr
}

// A jsonFeedReader reads the values of a JSON Feed into the model.
type jsonFeedReader struct {
	data []byte
	base *weburl.URL // nil when the document has no URL
	// baseOrigin, baseRoot and baseDir serve the fast paths of
	// references against base, as the processor's do.
	baseOrigin, baseRoot, baseDir string
	// urlParses counts the runs of the URL parser (urlParseBudget), and
	// urlParseLimited is set once a URL was left out for want of one.
	urlParses       int
	urlParseLimited bool
	diags           *[]Diagnostic
	diagStart       int // len(*diags) when the reading began (maxDiagnostics)
	lenientDates    bool
	// withoutDocument: WithoutDocument, the JSON objects are not kept.
	withoutDocument bool
	// attachmentMembers holds the members of the attachment being read
	// (attachment).
	attachmentMembers map[string]json.RawMessage
	// urlBytes bounds the bytes resolving URLs adds (urls.go).
	urlBytes urlBudget
}

// offset returns the byte offset of raw, a slice of p.data.
func (p *jsonFeedReader) offset(raw []byte) int {
	return int(uintptr(unsafe.Pointer(unsafe.SliceData(raw))) - uintptr(unsafe.Pointer(unsafe.SliceData(p.data))))
}

// reject records a rejected value when diagnostics were asked for.
func (p *jsonFeedReader) reject(kind DiagnosticKind, path string, raw json.RawMessage, msg string) bool {
	if p.diags == nil {
		return false
	}
	d := Diagnostic{Kind: kind, Path: path, Message: msg}
	if raw != nil {
		d.Offset = p.offset(raw)
		if raw[0] == '"' {
			d.Value = jsonString(raw)
		} else {
			d.Value = string(raw)
		}
		if len(d.Value) > 200 {
			d.Value = strings.ToValidUTF8(d.Value[:200], "") + "…"
		}
	}
	return addDiagnostic(p.diags, p.diagStart, d)
}

// rejectAt records a missing value at offset off when diagnostics were
// asked for.
func (p *jsonFeedReader) rejectAt(kind DiagnosticKind, path string, off int, msg string) {
	if p.diags != nil {
		addDiagnostic(p.diags, p.diagStart, Diagnostic{Kind: kind, Path: path, Offset: off, Message: msg})
	}
}

// str returns the string value of the member key of obj, "" when it is
// absent or null; any other type is rejected.
func (p *jsonFeedReader) str(obj map[string]json.RawMessage, path, key string) (string, json.RawMessage) {
	raw, ok := obj[key]
	if !ok || raw[0] == 'n' {
		return "", nil
	}
	if raw[0] != '"' {
		p.reject(DiagnosticType, jsonPath(path, key), raw, jsonKind(raw)+", not a string")
		return "", nil
	}
	return jsonString(raw), raw
}

// text returns the member key of obj as a string Text, null when it is
// absent, empty or only white space (as "process a string element" [60]
// would).
func (p *jsonFeedReader) text(obj map[string]json.RawMessage, path, key string) *Text {
	s, _ := p.str(obj, path, key)
	if !hasNonSpaceChar(s) {
		return nil
	}
	return stringText(s)
}

// url returns the member key of obj parsed as a URL against the document's
// URL; "" is null (absent, empty, or a URL that fails to parse).
func (p *jsonFeedReader) url(obj map[string]json.RawMessage, path, key string) string {
	s, raw := p.str(obj, path, key)
	if s == "" {
		return ""
	}
	if u, ok := simpleHTTPURL(s); ok {
		return u
	}
	readsBase := weburl.ReadsBase(s)
	if readsBase && p.urlBytes.spent() {
		p.urlBudgetReached(path, key, raw)
		return ""
	}
	u, ok := pathAbsoluteFromOrigin(s, p.baseOrigin, p.baseRoot)
	if !ok {
		u, ok = relativeFromDir(s, p.baseDir)
	}
	if !ok {
		if p.urlParses >= urlParseBudget(len(p.data)) { // limits.go
			if !p.urlParseLimited {
				p.urlParseLimited = true
				budget := urlParseBudget(len(p.data))
				recorded := p.reject(DiagnosticLimit, jsonPath(path, key), raw, "the document already ran the URL parser "+strconv.Itoa(budget)+
					" times (max(1024, its size / 1024)): this URL and the further ones that need it are left out")
				if recorded {
					(*p.diags)[len(*p.diags)-1].Err = limitError("URLParses", budget, 1+bytes.Count(p.data[:p.offset(raw)], []byte{'\n'}), p.offset(raw))
				}
			}
			return ""
		}
		p.urlParses++
		var err error
		u, err = weburl.Href(s, p.base)
		if err != nil {
			var le *weburl.LimitError
			if errors.As(err, &le) {
				p.reject(DiagnosticURL, jsonPath(path, key), raw, "not parsed: "+urlLimitReason(le))
			} else if p.base == nil {
				p.reject(DiagnosticURL, jsonPath(path, key), raw, "not an absolute URL, and there is no base URL to resolve it against")
			} else {
				p.reject(DiagnosticURL, jsonPath(path, key), raw, "not a URL (resolved against the document's URL)")
			}
			return ""
		}
	}
	if len(u) > len(s) && readsBase && !p.urlBytes.take(len(u)-len(s)) {
		p.urlBudgetReached(path, key, raw)
		return ""
	}
	return u
}

// urlBudgetReached records, once per document, the first URL the budget
// left out (urls.go).
func (p *jsonFeedReader) urlBudgetReached(path, key string, raw json.RawMessage) {
	if p.urlBytes.reported || p.diags == nil {
		return
	}
	p.urlBytes.reported = true
	if !p.reject(DiagnosticLimit, jsonPath(path, key), raw, p.urlBytes.message()) {
		return // past maxDiagnostics
	}
	off := p.offset(raw)
	le := &LimitError{Limit: "URLExpansion", Value: int64(p.urlBytes.max), Line: 1 + bytes.Count(p.data[:off], []byte{'\n'}), Offset: int64(off)}
	(*p.diags)[len(*p.diags)-1].Err = &wrapError{msg: errPrefix + jsonLimitMessage(le), errs: []error{le}}
}

// image returns the member key of obj as an Image with its URL; nil is null.
func (p *jsonFeedReader) image(obj map[string]json.RawMessage, path, key string) *Image {
	if u := p.url(obj, path, key); u != "" {
		return &Image{URL: u}
	}
	return nil
}

// date returns the member key of obj as an RFC 3339 date (the Atom date
// algorithm, docs/decisions.md#json-feed), or with WithLenientDates any date
// ParseDate reads, with its DateInfo (Lenient set; see Entry.PublishedInfo);
// nil is null.
func (p *jsonFeedReader) date(obj map[string]json.RawMessage, path, key string) (*time.Time, *DateInfo) {
	s, raw := p.str(obj, path, key)
	if raw == nil {
		return nil, nil
	}
	if t, ok := parseAtomDate(s); ok {
		return &t, nil
	}
	why := "not an RFC 3339 date"
	if p.lenientDates {
		t, info, err := ParseDate(s)
		if err == nil {
			info.Lenient = true
			return &t, &info
		}
		why += "; " + err.Error()
	}
	p.reject(DiagnosticDate, jsonPath(path, key), raw, why)
	return nil, nil
}

// number returns the member key of obj as a non-negative number; ok is
// false when it is absent, null, or rejected.
func (p *jsonFeedReader) number(obj map[string]json.RawMessage, path, key string) (float64, json.RawMessage, bool) {
	raw, ok := obj[key]
	if !ok || raw[0] == 'n' {
		return 0, nil, false
	}
	if c := raw[0]; c != '-' && (c < '0' || c > '9') {
		p.reject(DiagnosticType, jsonPath(path, key), raw, jsonKind(raw)+", not a number")
		return 0, nil, false
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil || f < 0 {
		p.reject(DiagnosticNumber, jsonPath(path, key), raw, "not a non-negative number")
		return 0, nil, false
	}
	return f, raw, true
}

// list returns the elements of the array member key of obj; nil when it is
// absent or null, or not an array (rejected).
func (p *jsonFeedReader) list(obj map[string]json.RawMessage, path, key string) []json.RawMessage {
	raw, ok := obj[key]
	if !ok || raw[0] == 'n' {
		return nil
	}
	if raw[0] != '[' {
		p.reject(DiagnosticType, jsonPath(path, key), raw, jsonKind(raw)+", not an array")
		return nil
	}
	var list []json.RawMessage
	jsonElements(p.data, p.offset(raw), nil, func(vs, ve int) bool {
		list = append(list, p.data[vs:ve:ve])
		return true
	})
	return list
}

// eachElement calls f with the index and value of each element of the
// array member key of obj, as list gives them, without a slice of them.
func (p *jsonFeedReader) eachElement(obj map[string]json.RawMessage, path, key string, f func(i int, raw json.RawMessage)) {
	raw, ok := obj[key]
	if !ok || raw[0] == 'n' {
		return
	}
	if raw[0] != '[' {
		p.reject(DiagnosticType, jsonPath(path, key), raw, jsonKind(raw)+", not an array")
		return
	}
	i := 0
	jsonElements(p.data, p.offset(raw), nil, func(vs, ve int) bool {
		f(i, p.data[vs:ve:ve])
		i++
		return true
	})
}

// object returns the members of raw, the value at path, when it is an
// object; otherwise it rejects it and returns nil.
func (p *jsonFeedReader) object(path string, raw json.RawMessage) map[string]json.RawMessage {
	if raw[0] != '{' {
		p.reject(DiagnosticType, path, raw, jsonKind(raw)+", not an object")
		return nil
	}
	return jsonMembers(p.data, p.offset(raw))
}

// feed reads the top-level members of a JSON Feed.
func (p *jsonFeedReader) feed(top map[string]json.RawMessage) *Feed {
	f := &Feed{}
	f.Title = p.text(top, "", "title")
	f.Description = p.text(top, "", "description")
	f.PageURL = p.url(top, "", "home_page_url")
	f.FeedURL = p.url(top, "", "feed_url")
	f.NextFeedURL = p.url(top, "", "next_url")
	f.Logo = p.image(top, "", "icon")
	f.Icon = p.image(top, "", "favicon")
	f.Authors = p.authors(top, "")
	if s, _ := p.str(top, "", "language"); hasNonSpaceChar(s) {
		f.Language = s
	}
	if raw, ok := top["expired"]; ok {
		switch raw[0] {
		case 't':
			f.Expired = true
		case 'f', 'n':
		default:
			p.reject(DiagnosticType, "expired", raw, jsonKind(raw)+", not a boolean")
		}
	}
	return f
}

// authors reads the authors array of obj, or, when it gives no person, the
// JSON Feed 1.0 author object ("Feed readers should always prefer authors if
// present").
func (p *jsonFeedReader) authors(obj map[string]json.RawMessage, path string) []*Person {
	var list []*Person
	for i, raw := range p.list(obj, path, "authors") {
		if person := p.person(jsonPath(path, "authors")+"["+strconv.Itoa(i)+"]", raw); person != nil {
			list = append(list, person)
		}
	}
	if list != nil {
		return list
	}
	if raw, ok := obj["author"]; ok && raw[0] != 'n' {
		if person := p.person(jsonPath(path, "author"), raw); person != nil {
			list = append(list, person)
		}
	}
	return list
}

// person reads an author object: name, url (the page URL) and avatar (the
// icon). An author with none of them is left out (nil).
func (p *jsonFeedReader) person(path string, raw json.RawMessage) *Person {
	obj := p.object(path, raw)
	if obj == nil {
		return nil
	}
	person := &Person{PageURL: p.url(obj, path, "url"), Icon: p.image(obj, path, "avatar")}
	if s, _ := p.str(obj, path, "name"); hasNonSpaceChar(s) {
		person.Name = s
	}
	if person.Name == "" && person.PageURL == "" && person.Icon == nil {
		return nil
	}
	return person
}

// entry reads an item.
func (p *jsonFeedReader) entry(path string, item json.RawMessage) *Entry {
	obj := jsonMembers(p.data, p.offset(item))
	e := &Entry{}
	if !p.withoutDocument {
		e.private().object = obj
	}
	switch raw, ok := obj["id"]; {
	case !ok || raw[0] == 'n':
		p.rejectAt(DiagnosticValue, jsonPath(path, "id"), p.offset(item), "the item has no id (JSON Feed readers discard such items)")
	case raw[0] == '"':
		if e.ID = jsonString(raw); !hasNonSpaceChar(e.ID) {
			e.ID = ""
			p.reject(DiagnosticValue, jsonPath(path, "id"), raw, "the item's id is blank (JSON Feed readers discard such items)")
		}
	case raw[0] == '-' || '0' <= raw[0] && raw[0] <= '9':
		e.ID = string(raw) // a number is coerced to a string: the number as written
	default:
		p.reject(DiagnosticType, jsonPath(path, "id"), raw, jsonKind(raw)+", not a string")
	}
	e.PageURL = p.url(obj, path, "url")
	if u := p.url(obj, path, "external_url"); u != "" {
		e.Links = append(e.Links, Link{Href: u, Rel: "related"})
	}
	e.Title = p.text(obj, path, "title")
	if s, raw := p.str(obj, path, "content_html"); s != "" {
		e.Content = escapedHTMLText(s) // [178], as for Atom's html content
		if p.diags != nil {
			if msg, budget, over := htmlBudgetError(e.Content); over {
				p.reject(DiagnosticLimit, jsonPath(path, "content_html"), raw, msg)
				off := p.offset(raw)
				(*p.diags)[len(*p.diags)-1].Err = limitError("HTMLTree", int(budget), 1+bytes.Count(p.data[:off], []byte{'\n'}), off)
			}
		}
	}
	if e.Content == nil {
		e.Content = p.text(obj, path, "content_text")
	}
	e.Summary = p.text(obj, path, "summary")
	e.Thumbnail = p.image(obj, path, "image")
	if u := p.url(obj, path, "banner_image"); u != "" {
		e.Links = append(e.Links, Link{Href: u, Rel: "banner_image"})
	}
	e.Published, e.PublishedInfo = p.date(obj, path, "date_published")
	e.Updated, e.UpdatedInfo = p.date(obj, path, "date_modified")
	if e.Published == nil && e.Updated == nil {
		p.noteUnreadJSONDates(e, obj, path) // for Normalized (normalize_dates.go)
	}
	e.Authors = p.authors(obj, path)
	p.tags(e, obj, path)
	if s, _ := p.str(obj, path, "language"); hasNonSpaceChar(s) {
		e.Language = s
	}
	if raw, ok := obj["attachments"]; ok && raw[0] == '[' && e.Enclosures == nil {
		// One list of the attachments' number, where append's growth
		// would allocate about twice that.
		n := 0
		jsonElements(p.data, p.offset(raw), nil, func(int, int) bool { n++; return true })
		if n > 0 {
			e.Enclosures = make([]*Enclosure, 0, n)
		}
	}
	p.eachElement(obj, path, "attachments", func(i int, raw json.RawMessage) {
		var at string // an attachment's path, for diagnostics only
		if p.diags != nil {
			at = jsonPath(path, "attachments") + "[" + strconv.Itoa(i) + "]"
		}
		if enc := p.attachment(at, raw); enc != nil {
			e.Enclosures = append(e.Enclosures, enc)
		}
	})
	if len(e.Enclosures) == 0 {
		e.Enclosures = nil // as when no attachment is read
	}
	return e
}

// tags reads an item's tags into its Categories, a set in first-seen order.
// Tags that are not strings are left out (so is a tags string such as
// "a,b", which would need guessing how to split it).
func (p *jsonFeedReader) tags(e *Entry, obj map[string]json.RawMessage, path string) {
	var seen map[string]struct{} // e.Categories, once it is long
	add := func(raw json.RawMessage, path string) {
		if raw[0] != '"' {
			p.reject(DiagnosticType, path, raw, jsonKind(raw)+", not a string")
			return
		}
		t := jsonString(raw)
		if !hasNonSpaceChar(t) {
			return
		}
		// A short set is searched, a long one indexed: the cost stays
		// linear in the number of tags (as addCategory's for XML).
		if seen == nil {
			for _, c := range e.Categories {
				if c == t {
					return
				}
			}
			if len(e.Categories) >= categoryMapThreshold {
				seen = make(map[string]struct{}, 2*len(e.Categories))
				for _, c := range e.Categories {
					seen[c] = struct{}{}
				}
			}
		} else if _, dup := seen[t]; dup {
			return
		}
		if seen != nil {
			seen[t] = struct{}{}
		}
		e.Categories = append(e.Categories, t)
	}
	for i, raw := range p.list(obj, path, "tags") {
		add(raw, jsonPath(path, "tags")+"["+strconv.Itoa(i)+"]")
	}
}

// attachment reads an attachment into an Enclosure; nil when it has no URL
// that parses.
//
// Its members are read into one map that every attachment uses again
// (p.attachmentMembers): a map of its own cost an attachment of 14 bytes
// ({"url":"a1"},) about 390 bytes of heap, and nothing keeps them.
func (p *jsonFeedReader) attachment(path string, raw json.RawMessage) *Enclosure {
	if raw[0] != '{' {
		p.reject(DiagnosticType, path, raw, jsonKind(raw)+", not an object")
		return nil
	}
	if p.attachmentMembers == nil {
		p.attachmentMembers = make(map[string]json.RawMessage)
	}
	obj := p.attachmentMembers
	clear(obj)
	jsonMembersInto(obj, p.data, p.offset(raw))
	u := p.url(obj, path, "url")
	if u == "" {
		return nil
	}
	enc := &Enclosure{URL: u}
	if s, raw := p.str(obj, path, "mime_type"); raw != nil {
		enc.MIMEType = &s
	}
	if n, raw, ok := p.number(obj, path, "size_in_bytes"); ok {
		// Positive whole numbers only, as for an RSS enclosure's length.
		if n >= 1 && n < 1<<63 && n == float64(int64(n)) {
			l := int64(n)
			enc.Length = &l
		} else {
			p.reject(DiagnosticNumber, jsonPath(path, "size_in_bytes"), raw, "not a whole number greater than zero")
		}
	}
	if n, raw, ok := p.number(obj, path, "duration_in_seconds"); ok {
		if n < float64(maxDurationSeconds) {
			d := time.Duration(int64(n)) * time.Second // whole seconds, as the model keeps them
			enc.Duration = &d
		} else {
			p.reject(DiagnosticNumber, jsonPath(path, "duration_in_seconds"), raw, "not a number of seconds")
		}
	}
	enc.Title, _ = p.str(obj, path, "title")
	return enc
}

// jsonPath joins a key path and a key: "items[3]" and "title" give
// "items[3].title"; "" and "title" give "title".
func jsonPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// jsonKind names the JSON type of the value raw starts with: "an object",
// "an array", "a string", "a number", "a boolean" or "null".
func jsonKind(raw []byte) string {
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// jsonString decodes raw, a valid JSON string.
func jsonString(raw []byte) string {
	inner := raw[1 : len(raw)-1]
	if bytes.IndexByte(inner, '\\') < 0 && utf8.Valid(inner) {
		return string(inner)
	}
	var s string
	_ = json.Unmarshal(raw, &s) // valid JSON: cannot fail
	return s
}

// The functions below split a JSON document that json.Valid accepted into
// its values without decoding them.

// jsonSkipSpace returns the index of the first byte of d at or after i that
// is not JSON white space.
func jsonSkipSpace(d []byte, i int) int {
	for i < len(d) {
		switch d[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// jsonStringEnd returns the index just past the string that starts at d[i].
func jsonStringEnd(d []byte, i int) int {
	for i++; i < len(d); i++ {
		switch d[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(d)
}

// jsonValueEnd returns the index just past the value that starts at d[i].
func jsonValueEnd(d []byte, i int) int {
	switch d[i] {
	case '"':
		return jsonStringEnd(d, i)
	case '{', '[':
		depth := 0
		for ; i < len(d); i++ {
			switch d[i] {
			case '"':
				i = jsonStringEnd(d, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return len(d)
	}
	for i < len(d) {
		switch d[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
		i++
	}
	return i
}

// jsonMembers returns the members of the object that starts at d[i], each
// value a slice of d (capacity cut to its length). A repeated key keeps its
// last value, as encoding/json does.
func jsonMembers(d []byte, i int) map[string]json.RawMessage {
	m := make(map[string]json.RawMessage)
	jsonMembersInto(m, d, i)
	return m
}

// jsonMembersInto adds the members of the object that starts at d[i] to m,
// as jsonMembers makes them.
func jsonMembersInto(m map[string]json.RawMessage, d []byte, i int) {
	i = jsonSkipSpace(d, i+1)
	if d[i] == '}' {
		return
	}
	for {
		ke := jsonStringEnd(d, i)
		key := jsonString(d[i:ke])
		i = jsonSkipSpace(d, ke) // at ':'
		vs := jsonSkipSpace(d, i+1)
		ve := jsonValueEnd(d, vs)
		m[key] = d[vs:ve:ve]
		i = jsonSkipSpace(d, ve) // at ',' or '}'
		if i >= len(d) || d[i] == '}' {
			return
		}
		i = jsonSkipSpace(d, i+1)
	}
}

// jsonElements calls f with the start and end of each element of the array
// that starts at d[i], until f returns false. end finds where the value at
// d[j] ends; nil is jsonValueEnd.
func jsonElements(d []byte, i int, end func(j int) int, f func(vs, ve int) bool) {
	i = jsonSkipSpace(d, i+1)
	if d[i] == ']' {
		return
	}
	for {
		var ve int
		if end != nil {
			ve = end(i)
		} else {
			ve = jsonValueEnd(d, i)
		}
		if !f(i, ve) {
			return
		}
		i = jsonSkipSpace(d, ve)
		if i >= len(d) || d[i] == ']' {
			return
		}
		i = jsonSkipSpace(d, i+1)
	}
}

// jsonDepthExceeded returns the offset of the first "{" or "[" of d that
// nests deeper than max, or -1 when none does (or max < 0: no limit). It
// looks at brackets outside strings only, so it works on invalid JSON too.
func jsonDepthExceeded(d []byte, max int) int {
	if max < 0 {
		return -1
	}
	depth := 0
	for i := 0; i < len(d); i++ {
		switch d[i] {
		case '"':
			i = jsonStringEnd(d, i) - 1
		case '{', '[':
			if depth++; depth > max {
				return i
			}
		case '}', ']':
			depth--
		}
	}
	return -1
}

// withoutJSONFeed turns WithJSONFeed off: ParseResponse gives it to
// ParseDocument for a body of an XML MIME type.
func withoutJSONFeed(c *config) { c.jsonFeed = false }

// isJSONFeedResponse reports whether ParseResponse reads a response as a
// JSON Feed (WithJSONFeed): its MIME type is application/feed+json or
// application/json, or was sniffed (no Content-Type, an unknown one, or the
// Apache text/plain bug) and the body starts with "{".
func isJSONFeedResponse(computed, supplied *mimeType, apacheBug bool, header []byte) bool {
	switch computed.essence() {
	case "application/feed+json", "application/json":
		return true
	}
	sniffed := supplied == nil || apacheBug
	if supplied != nil {
		switch supplied.essence() {
		case "unknown/unknown", "application/unknown", "*/*":
			sniffed = true
		}
	}
	_, isJSON := jsonStart(header)
	return sniffed && isJSON
}

// responseConfig is the configuration ParseResponse gives a JSON Feed: the
// response's final URL as the document's URL, then opts.
func responseConfig(res *http.Response, opts []Option) *config {
	c := &config{}
	if res.Request != nil && res.Request.URL != nil {
		c.url = res.Request.URL.String() // [11]
	}
	for _, o := range opts {
		if o != nil {
			o(c)
		}
	}
	return c
}

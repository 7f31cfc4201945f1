package feedspec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Reading the canonical JSON back (json.Unmarshal into a Feed, an Entry, a
// Person...): the value read gives the same canonical JSON, byte for byte.
// Every UnmarshalJSON (json_gen.go, written by internal/cmd/jsongen from the
// json tags of the model's fields) checks that its input is valid JSON, then
// walks it with the splitter of jsonfeed.go (jsonMembers' siblings below),
// decoding each key it knows with the reader of its field's type (below) and
// ignoring the others. An error names the key path of the value that is
// wrong: `entries[3].published: not an RFC 3339 date`. The path is made as
// the error returns through members and elements (under), so that reading
// a valid document builds none.
//
// What a document becomes is bounded as parsing bounds it, not only its
// bytes: an object costs 50 to 420 bytes of heap however few bytes ("{}")
// it was written in. A document of n bytes gives a feed at most
// entryBudget(DefaultLimits(), n) entries (Limits.MaxItems' rule), each
// entry's links, categories, category details, enclosures, authors and
// contributors MaxPerEntry's default each (the feed's own ten times as
// many), as are the lists parsing caps at MaxPerEntry (Media RSS objects,
// licences, chapters, in-reply-to references, the Podcasting 2.0 lists;
// the values of a Media RSS object and of a podcast:value, whose types a
// feed and its entries share, and the feed's deleted entries, ten times
// as many): the lists jsongen's maxitems, maxperentry and maxperfeed tags
// mark; and all the lists of objects together at most objectBudget(n)
// elements, as many as the tree nodes the parse of n bytes may make
// (Limits.MaxNodes' rule). Past a limit the rest of that list is left out
// and reading goes on; UnmarshalJSON returns what it read and an error
// wrapping ErrLimit (a *LimitError) for the first limit reached.

// An unmarshalError is the error UnmarshalJSON returns for a value of the
// wrong type or an invalid value, with its key path, or for a limit
// reached.
type unmarshalError struct {
	// at is the key path, innermost first: keys, and "[n]" for the
	// elements of arrays. It grows by one as the error returns through
	// each level (under), and is joined once, by Error, so that an error
	// deep in a document costs time linear in its depth.
	at  []string
	msg string
	// limited: a limit was reached (room), which members and elements do
	// not stop at: the element that did not fit and the rest of its list
	// are left out, and reading goes on. limit is the *LimitError of the
	// first one, the one UnmarshalJSON returns (nil for the others).
	limited bool
	limit   *LimitError
}

// Unwrap returns the *LimitError of a limit reached (which wraps
// ErrLimit), else nil.
func (e *unmarshalError) Unwrap() error {
	if e.limit == nil {
		return nil
	}
	return e.limit
}

func (e *unmarshalError) Error() string {
	var b strings.Builder
	b.WriteString("feedspec: ")
	for i := len(e.at) - 1; i >= 0; i-- {
		if i < len(e.at)-1 && !strings.HasPrefix(e.at[i], "[") {
			b.WriteByte('.')
		}
		b.WriteString(e.at[i])
	}
	if len(e.at) > 0 {
		b.WriteString(": ")
	}
	b.WriteString(e.msg)
	return b.String()
}

// under returns err with its key path put under prefix (a key, or "[n]"
// for an element of an array).
func under(err error, prefix string) error {
	if e, ok := err.(*unmarshalError); ok {
		e.at = append(e.at, prefix)
	}
	return err
}

// A jsonReader reads canonical JSON from data, which is valid JSON.
type jsonReader struct {
	data []byte
	// The limits (see above): the entries a feed may hold, the elements a
	// list marked maxperentry may hold, and the list elements that are
	// objects the document may still make (objects of objectsMax).
	maxEntries, perEntry, objects, objectsMax int
	// limited: a limit was reached, and its error made.
	limited bool
	// starts and ends are the offsets of the objects and arrays of data,
	// where each starts and after its end, in the order they start; made
	// in one pass (index) when first needed, so that members and
	// elements, which find where a value ends before reading it (valueEnd),
	// scan the document once: jsonValueEnd scans an object or array whole,
	// and each level of nested values read (an iTunes category's
	// subcategories, nested as deep as encoding/json allows) scanned again
	// all it holds, in time that grew with the depth times the size.
	starts, ends []int32
	// scanned counts the bytes index and jsonValueEnd scanned (the tests
	// read it).
	scanned int
}

// valueEnd returns the offset after the value at r.data[i], as
// jsonValueEnd does, without scanning an object or array again.
func (r *jsonReader) valueEnd(i int) int {
	if c := r.data[i]; (c != '{' && c != '[') || len(r.data) > math.MaxInt32 {
		e := jsonValueEnd(r.data, i)
		r.scanned += e - i
		return e
	}
	if r.starts == nil {
		r.index()
	}
	k, _ := slices.BinarySearch(r.starts, int32(i))
	return int(r.ends[k])
}

// index finds the starts and ends of the objects and arrays of r.data.
func (r *jsonReader) index() {
	d := r.data
	// As many as there are brackets (those inside strings too): allocated
	// once.
	n := bytes.Count(d, []byte{'{'}) + bytes.Count(d, []byte{'['})
	r.starts, r.ends = make([]int32, 0, n), make([]int32, 0, n)
	var open []int32 // the indexes in starts of the objects and arrays open
	for i := 0; i < len(d); i++ {
		switch d[i] {
		case '"':
			i = jsonStringEnd(d, i) - 1
		case '{', '[':
			open = append(open, int32(len(r.starts)))
			r.starts = append(r.starts, int32(i))
			r.ends = append(r.ends, int32(len(d)))
		case '}', ']':
			if len(open) > 0 {
				r.ends[open[len(open)-1]] = int32(i + 1)
				open = open[:len(open)-1]
			}
		}
	}
	r.scanned += len(d)
}

// objectBudget is the most list elements that are objects a document of
// size bytes may make when read back: the smaller of Limits.MaxNodes'
// default and max(16,384, size / 16), the budget of tree nodes its parse
// would have.
func objectBudget(size int) int {
	return min(DefaultLimits().MaxNodes, max(16384, size/16))
}

// The limits of a list of the model when it is read back (jsongen's
// maxitems, maxperentry and maxperfeed tags).
const (
	noListLimit = iota
	itemsLimit  // the feed's entries: MaxItems' budget
	entryLimit  // an entry's list: MaxPerEntry
	feedLimit   // the feed's own list: 10 times MaxPerEntry
)

// room returns nil when a list that holds n elements, bounded by the
// limit list (noListLimit...), may take the element at r.data[vs] (which
// then counts against the objects' budget when object); else the error of
// the limit reached, which members and elements do not stop at.
func (r *jsonReader) room(n, list int, object bool, vs int) error {
	limit, value := "", 0
	switch {
	case list == itemsLimit && n >= r.maxEntries:
		limit, value = "MaxItems", r.maxEntries
	case list == entryLimit && n >= r.perEntry:
		limit, value = "MaxPerEntry", r.perEntry
	case list == feedLimit && n >= 10*r.perEntry:
		limit, value = "MaxPerEntry", 10*r.perEntry
	case object && r.objects == 0:
		limit, value = "MaxNodes", r.objectsMax
	default:
		if object {
			r.objects--
		}
		return nil
	}
	if r.limited {
		// Only the first limit reached is reported.
		return &unmarshalError{limited: true}
	}
	r.limited = true
	le := &LimitError{Limit: limit, Value: int64(value), Line: 1 + bytes.Count(r.data[:vs], []byte{'\n'}), Offset: int64(vs)}
	return &unmarshalError{
		msg: fmt.Sprintf("limit reached: %s (%d) at line %d, byte offset %d: this element and the rest of the list are left out",
			limit, value, le.Line, vs),
		limited: true,
		limit:   le,
	}
}

// limited reports whether err is a limit reached, and whether it was
// reached by the list it is returned to (no key path yet: the element did
// not fit), which then stops.
func limitedError(err error) (limited, here bool) {
	e, ok := err.(*unmarshalError)
	if !ok || !e.limited {
		return false, false
	}
	return true, len(e.at) == 0
}

// fail returns the error for a value with the message msg; members and
// elements put its key path in front as it returns.
func fail(msg string) error { return &unmarshalError{msg: msg} }

// wrongType returns the error for the value raw, of the wrong type.
func wrongType(raw []byte, want string) error {
	return fail(jsonKind(raw) + ", not " + want)
}

// unmarshalStart checks b for UnmarshalJSON and returns a reader for it and
// the offset of its value; ok is false for null, which leaves the value as
// it is (as encoding/json does).
func unmarshalStart(b []byte) (r *jsonReader, start int, ok bool, err error) {
	if !json.Valid(b) {
		err := json.Unmarshal(b, new(json.RawMessage))
		return nil, 0, false, fail("invalid JSON: " + err.Error())
	}
	start = jsonSkipSpace(b, 0)
	if b[start] == 'n' {
		return nil, 0, false, nil
	}
	objects := objectBudget(len(b))
	return &jsonReader{data: b, maxEntries: entryBudget(Limits{}, len(b)), perEntry: DefaultLimits().MaxPerEntry,
		objects: objects, objectsMax: objects}, start, true, nil
}

// members calls f for each member of the object at d[i], with its key and
// value; a value that is not an object is an error. An error f returns is
// put under the member's key; a limit reached does not stop the others,
// and the first is returned after them.
func (r *jsonReader) members(i int, f func(key []byte, vs, ve int) error) error {
	d := r.data
	if d[i] != '{' {
		return wrongType(d[i:], "an object")
	}
	i = jsonSkipSpace(d, i+1)
	if d[i] == '}' {
		return nil
	}
	var buf []byte
	var first error // the first limit reached
	for {
		ke := jsonStringEnd(d, i)
		key := d[i+1 : ke-1]
		if bytes.IndexByte(key, '\\') >= 0 {
			buf = append(buf[:0], jsonString(d[i:ke])...)
			key = buf
		}
		vs := jsonSkipSpace(d, jsonSkipSpace(d, ke)+1)
		ve := r.valueEnd(vs)
		if err := f(key, vs, ve); err != nil {
			if limited, _ := limitedError(err); !limited {
				return under(err, string(key))
			}
			if first == nil {
				first = under(err, string(key))
			}
		}
		i = jsonSkipSpace(d, ve)
		if d[i] == '}' {
			return first
		}
		i = jsonSkipSpace(d, i+1)
	}
}

// elements calls f for each element of the array at d[i]; null is an empty
// array; another value is an error. An error f returns is put under the
// element's index. A limit reached by the list itself (room) stops it; one
// reached inside an element does not; the first is returned at the end.
func (r *jsonReader) elements(i int, f func(vs, ve int) error) error {
	d := r.data
	if d[i] == 'n' {
		return nil
	}
	if d[i] != '[' {
		return wrongType(d[i:], "an array")
	}
	var err, first error
	n := 0
	jsonElements(d, i, r.valueEnd, func(vs, ve int) bool {
		e := f(vs, ve)
		if e == nil {
			n++
			return true
		}
		limited, here := limitedError(e)
		e = under(e, "["+strconv.Itoa(n)+"]")
		n++
		if !limited {
			err = e
			return false
		}
		if first == nil {
			first = e
		}
		return !here
	})
	if err != nil {
		return err
	}
	return first
}

// The readers of the values of a field, one per Go type of a model's field
// (internal/cmd/jsongen's leafReaders), each given the value at
// r.data[vs:ve].

// str reads a string; null is "".
func (r *jsonReader) str(vs, ve int) (string, error) {
	switch r.data[vs] {
	case '"':
		return jsonString(r.data[vs:ve]), nil
	case 'n':
		return "", nil
	}
	return "", wrongType(r.data[vs:], "a string")
}

// strPtr reads a string that may be null (nil).
func (r *jsonReader) strPtr(vs, ve int) (*string, error) {
	if r.data[vs] == 'n' {
		return nil, nil
	}
	s, err := r.str(vs, ve)
	return &s, err
}

// integer reads an integer (no fraction, no exponent).
func (r *jsonReader) integer(vs, ve int) (int64, error) {
	n, err := strconv.ParseInt(string(r.data[vs:ve]), 10, 64)
	if err != nil {
		if c := r.data[vs]; c != '-' && (c < '0' || c > '9') {
			return 0, wrongType(r.data[vs:], "a number")
		}
		return 0, fail("not an integer (or out of range): " + string(r.data[vs:ve]))
	}
	return n, nil
}

// int64Ptr reads an integer that may be null (nil).
func (r *jsonReader) int64Ptr(vs, ve int) (*int64, error) {
	if r.data[vs] == 'n' {
		return nil, nil
	}
	n, err := r.integer(vs, ve)
	return &n, err
}

// intPtr reads an int that may be null (nil).
func (r *jsonReader) intPtr(vs, ve int) (*int, error) {
	p, err := r.int64Ptr(vs, ve)
	if p == nil || err != nil {
		return nil, err
	}
	if *p < math.MinInt || *p > math.MaxInt {
		return nil, fail("out of range: " + string(r.data[vs:ve]))
	}
	n := int(*p)
	return &n, nil
}

// intValue reads an int; null is 0.
func (r *jsonReader) intValue(vs, ve int) (int, error) {
	p, err := r.intPtr(vs, ve)
	if p == nil {
		return 0, err
	}
	return *p, err
}

// boolPtr reads a boolean that may be null (nil).
func (r *jsonReader) boolPtr(vs, _ int) (*bool, error) {
	switch r.data[vs] {
	case 'n':
		return nil, nil
	case 't', 'f':
		v := r.data[vs] == 't'
		return &v, nil
	}
	return nil, wrongType(r.data[vs:], "a boolean")
}

// isTrue reads a boolean; null is false.
func (r *jsonReader) isTrue(vs, ve int) (bool, error) {
	b, err := r.boolPtr(vs, ve)
	return b != nil && *b, err
}

// float reads a number that may be null (nil).
func (r *jsonReader) float(vs, ve int) (*float64, error) {
	if r.data[vs] == 'n' {
		return nil, nil
	}
	f, err := strconv.ParseFloat(string(r.data[vs:ve]), 64)
	if err != nil {
		if c := r.data[vs]; c != '-' && (c < '0' || c > '9') {
			return nil, wrongType(r.data[vs:], "a number")
		}
		return nil, fail("a number out of range: " + string(r.data[vs:ve]))
	}
	return &f, nil
}

// floatValue reads a number; null is 0.
func (r *jsonReader) floatValue(vs, ve int) (float64, error) {
	f, err := r.float(vs, ve)
	if f == nil {
		return 0, err
	}
	return *f, err
}

// seconds reads a duration in whole seconds that may be null (nil).
func (r *jsonReader) seconds(vs, ve int) (*time.Duration, error) {
	p, err := r.int64Ptr(vs, ve)
	if p == nil || err != nil {
		return nil, err
	}
	if *p < -maxDurationSeconds || *p > maxDurationSeconds {
		return nil, fail("a duration out of range: " + string(r.data[vs:ve]))
	}
	d := time.Duration(*p) * time.Second
	return &d, nil
}

// fractionalSeconds reads a duration in seconds, with a fraction or not;
// null is 0.
func (r *jsonReader) fractionalSeconds(vs, ve int) (time.Duration, error) {
	f, err := r.float(vs, ve)
	if f == nil || err != nil {
		return 0, err
	}
	if math.Abs(*f) > float64(maxDurationSeconds) {
		return 0, fail("a duration out of range: " + string(r.data[vs:ve]))
	}
	return time.Duration(math.Round(*f * 1e9)), nil
}

// fractionalSecondsPtr reads a duration in seconds, with a fraction or
// not, that may be null (nil).
func (r *jsonReader) fractionalSecondsPtr(vs, ve int) (*time.Duration, error) {
	if r.data[vs] == 'n' {
		return nil, nil
	}
	d, err := r.fractionalSeconds(vs, ve)
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// date reads a date as the canonical JSON writes it (formatDate), or any
// RFC 3339 date; null is nil.
func (r *jsonReader) date(vs, ve int) (*time.Time, error) {
	if r.data[vs] == 'n' {
		return nil, nil
	}
	s, err := r.str(vs, ve)
	if err != nil {
		return nil, err
	}
	t, ok := parseCanonicalDate(s)
	if !ok {
		if t, ok = parseAtomDate(s); !ok {
			return nil, fail("not an RFC 3339 date: " + strconv.Quote(s))
		}
	}
	return &t, nil
}

// text reads a Text: a string is a string value, {"html": ...} a Node value
// (its HTML serialization kept as it is); null is nil.
func (r *jsonReader) text(vs, ve int) (*Text, error) {
	switch r.data[vs] {
	case 'n':
		return nil, nil
	case '"':
		return stringText(jsonString(r.data[vs:ve])), nil
	case '{':
		var t *Text
		err := r.members(vs, func(key []byte, vs, ve int) error {
			if string(key) != "html" {
				return nil
			}
			s, err := r.str(vs, ve)
			t = renderedNodeText(s)
			return err
		})
		if err == nil && t == nil {
			err = fail(`an object without "html"`)
		}
		return t, err
	}
	return nil, wrongType(r.data[vs:], `a string or an {"html": ...} object`)
}

// stringList reads a list of strings, bounded by the limit list
// (noListLimit...).
func (r *jsonReader) stringList(vs, _ int, list int) ([]string, error) {
	l := make([]string, 0, r.listSize(vs, list, false))
	err := r.elements(vs, func(vs, ve int) error {
		if err := r.room(len(l), list, false, vs); err != nil {
			return err
		}
		s, err := r.str(vs, ve)
		l = append(l, s)
		return err
	})
	return l, err
}

// ints reads a list of ints.
func (r *jsonReader) ints(vs, _ int) ([]int, error) {
	list := make([]int, 0, r.count(vs))
	err := r.elements(vs, func(vs, ve int) error {
		if r.data[vs] == 'n' {
			return fail("null, not a number")
		}
		n, err := r.integer(vs, ve)
		if err != nil {
			return err
		}
		if n < math.MinInt || n > math.MaxInt {
			return fail("out of range: " + string(r.data[vs:ve]))
		}
		list = append(list, int(n))
		return nil
	})
	return list, err
}

// count returns the number of elements of the array at r.data[vs] (0 when
// it is not one), so that a list is allocated once, to its size: grown by
// append, the list of a long array allocated about 5 times its final size.
func (r *jsonReader) count(vs int) int {
	n := 0
	if r.data[vs] == '[' {
		jsonElements(r.data, vs, r.valueEnd, func(int, int) bool { n++; return true })
	}
	return n
}

// listSize returns the number of elements the list at r.data[vs], bounded
// by the limit list (noListLimit...), will hold: its elements, at most the
// limit, and, for a list of objects, at most what is left of the objects'
// budget.
func (r *jsonReader) listSize(vs, list int, objects bool) int {
	n := r.count(vs)
	switch list {
	case itemsLimit:
		n = min(n, r.maxEntries)
	case entryLimit:
		n = min(n, r.perEntry)
	case feedLimit:
		n = min(n, 10*r.perEntry)
	}
	if objects {
		n = min(n, r.objects)
	}
	return n
}

// parseCanonicalDate reads what formatDate writes: an optional "-", a year
// of four digits or more, "-MM-DDThh:mm:ss", an optional fraction of up to
// nine digits and "Z".
func parseCanonicalDate(s string) (time.Time, bool) {
	neg := len(s) > 0 && s[0] == '-'
	i := 0
	if neg {
		i = 1
	}
	j := i
	for j < len(s) && dtIsDigit(s[j]) {
		j++
	}
	if j-i < 4 || j-i > 12 || len(s) < j+len("-00-00T00:00:00Z") {
		return time.Time{}, false
	}
	year, _ := strconv.ParseInt(s[i:j], 10, 64)
	if neg {
		year = -year
	}
	var f dtFields
	var ok bool
	f.year = year
	if s[j] != '-' {
		return time.Time{}, false
	}
	if f.month, j, ok = dtFixedDigits(s, j+1, 2); !ok || s[j] != '-' {
		return time.Time{}, false
	}
	if f.day, j, ok = dtFixedDigits(s, j+1, 2); !ok || s[j] != 'T' {
		return time.Time{}, false
	}
	if f.hour, j, ok = dtFixedDigits(s, j+1, 2); !ok || s[j] != ':' {
		return time.Time{}, false
	}
	if f.minute, j, ok = dtFixedDigits(s, j+1, 2); !ok || s[j] != ':' {
		return time.Time{}, false
	}
	if f.second, j, ok = dtFixedDigits(s, j+1, 2); !ok {
		return time.Time{}, false
	}
	if j < len(s) && s[j] == '.' {
		var n int
		if f.nsec, n, j = dtFraction(s, j+1); n == 0 || n > 9 {
			return time.Time{}, false
		}
	}
	if j != len(s)-1 || s[j] != 'Z' {
		return time.Time{}, false
	}
	return f.instant()
}

// UnmarshalJSON reads a text's canonical JSON into t: a JSON string is a
// string value, {"html": "..."} a Node value whose HTML serialization is the
// string as written (its Node is parsed from it on first use). Any other
// value is an error; null leaves t as it is.
func (t *Text) UnmarshalJSON(b []byte) error {
	r, i, ok, err := unmarshalStart(b)
	if !ok {
		return err
	}
	v, err := r.text(i, jsonValueEnd(b, i))
	if err == nil {
		*t = Text{str: v.str, lazy: v.lazy}
	}
	return err
}

package feedspec

import (
	"bytes"
	"encoding/json"
	"math"
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

// An unmarshalError is the error UnmarshalJSON returns for a value of the
// wrong type or an invalid value, with its key path.
type unmarshalError struct {
	// at is the key path, innermost first: keys, and "[n]" for the
	// elements of arrays. It grows by one as the error returns through
	// each level (under), and is joined once, by Error, so that an error
	// deep in a document costs time linear in its depth.
	at  []string
	msg string
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
	return &jsonReader{data: b}, start, true, nil
}

// members calls f for each member of the object at d[i], with its key and
// value; a value that is not an object is an error. An error f returns is
// put under the member's key.
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
	for {
		ke := jsonStringEnd(d, i)
		key := d[i+1 : ke-1]
		if bytes.IndexByte(key, '\\') >= 0 {
			buf = append(buf[:0], jsonString(d[i:ke])...)
			key = buf
		}
		vs := jsonSkipSpace(d, jsonSkipSpace(d, ke)+1)
		ve := jsonValueEnd(d, vs)
		if err := f(key, vs, ve); err != nil {
			return under(err, string(key))
		}
		i = jsonSkipSpace(d, ve)
		if d[i] == '}' {
			return nil
		}
		i = jsonSkipSpace(d, i+1)
	}
}

// elements calls f for each element of the array at d[i]; null is an empty
// array; another value is an error. An error f returns is put under the
// element's index.
func (r *jsonReader) elements(i int, f func(vs, ve int) error) error {
	d := r.data
	if d[i] == 'n' {
		return nil
	}
	if d[i] != '[' {
		return wrongType(d[i:], "an array")
	}
	var err error
	n := 0
	jsonElements(d, i, func(vs, ve int) bool {
		if err = f(vs, ve); err != nil {
			err = under(err, "["+strconv.Itoa(n)+"]")
		}
		n++
		return err == nil
	})
	return err
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

// stringList reads a list of strings.
func (r *jsonReader) stringList(vs, _ int) ([]string, error) {
	var list []string
	err := r.elements(vs, func(vs, ve int) error {
		s, err := r.str(vs, ve)
		list = append(list, s)
		return err
	})
	return list, err
}

// ints reads a list of ints.
func (r *jsonReader) ints(vs, _ int) ([]int, error) {
	var list []int
	err := r.elements(vs, func(vs, ve int) error {
		p, err := r.intPtr(vs, ve)
		if err == nil && p == nil {
			err = fail("null, not a number")
		}
		if err != nil {
			return err
		}
		list = append(list, *p)
		return nil
	})
	return list, err
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

package feedspec

import (
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/feedspec/feedspec/internal/jsonstr"
)

//go:generate go run ./internal/cmd/jsongen

// The canonical JSON: keys in a fixed order, each omitted when null or an
// empty list; a person, entry or image with no fields is {}; texts through
// Text.MarshalJSON; dates through formatDate (RFC 3339 in UTC); durations in
// whole seconds. Each key is declared once, in the json tag of its field in
// the model's types; internal/cmd/jsongen writes from those tags the
// encoder (appendXJSON), the decoder (jsonReader.readX, see unmarshal.go),
// MarshalJSON and UnmarshalJSON of every model type into json_gen.go
// (go generate). The encoders append to a byte slice; the helpers they call
// are below.

// AppendJSON appends the feed's JSON to dst and returns the extended slice:
// exactly the bytes json.Marshal(f) gives (the canonical JSON, with <, >
// and & escaped as \u003c, \u003e and \u0026 as json.Marshal escapes
// them), encoded in one pass, without json.Marshal's checking and copying
// of what MarshalJSON returns. A nil f gives null.
func (f *Feed) AppendJSON(dst []byte) []byte {
	if f == nil {
		return append(dst, "null"...)
	}
	b, _ := jsonEnc{html: true}.appendFeedJSON(dst, f, nil)
	return b
}

// WriteJSON writes the feed's JSON to w: the bytes AppendJSON appends and
// json.Marshal returns. It encodes entry by entry into a buffer of about
// 32 KB that it writes out as it fills, so that the whole document never
// sits in memory; the error is the first one w returned (w may then have
// received part of the document). A nil f gives null.
func (f *Feed) WriteJSON(w io.Writer) error {
	if f == nil {
		_, err := io.WriteString(w, "null")
		return err
	}
	bp := jsonBuffers.Get().(*[]byte)
	flush := func(b []byte) ([]byte, error) {
		_, err := w.Write(b)
		return b[:0], err
	}
	b, err := jsonEnc{html: true}.appendFeedJSON((*bp)[:0], f, flush)
	if err == nil {
		_, err = w.Write(b)
	}
	if cap(b) <= 4*jsonFlushSize { // an entry of megabytes does not stay in the pool
		*bp = b[:0]
		jsonBuffers.Put(bp)
	}
	return err
}

// jsonBuffers holds WriteJSON's buffers.
var jsonBuffers = sync.Pool{New: func() any {
	b := make([]byte, 0, 2*jsonFlushSize)
	return &b
}}

// The encoders write each member of an object with the comma before it:
// its key is a constant piece such as `,"title":` (with the value's
// opening quote for a string: `,"id":"`), appended at once; the first
// member's comma becomes the object's opening brace (endObject).

// endObject ends the object whose members were appended from b[s] on, each
// starting with a comma: the first comma becomes the opening brace, and
// with no member the object is {}. s is negative when the object was
// opened already (a stream list, which WriteJSON may flush).
func endObject(b []byte, s int) []byte {
	if len(b) == s {
		return append(b, '{', '}')
	}
	if s >= 0 {
		b[s] = '{'
	}
	return append(b, '}')
}

func (w jsonEnc) appendTextField(b []byte, key string, t *Text) []byte {
	if t == nil {
		return b
	}
	return t.appendJSON(append(b, key...), w)
}

// appendStringField appends key, which ends with the value's opening
// quote, and s.
func (w jsonEnc) appendStringField(b []byte, key, s string) []byte {
	if s == "" {
		return b
	}
	return w.appendStringEnd(append(b, key...), s)
}

// appendDateField appends key, which ends with the value's opening quote,
// and the date.
func (w jsonEnc) appendDateField(b []byte, key string, t *time.Time) []byte {
	if t == nil {
		return b
	}
	return append(appendDate(append(b, key...), *t), '"') // no character to escape
}

// appendStringsField appends key, which ends with the array's [, and list;
// an empty list is omitted.
func (w jsonEnc) appendStringsField(b []byte, key string, list []string) []byte {
	if len(list) == 0 {
		return b
	}
	b = append(b, key...)
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = w.appendStringEnd(append(b, '"'), s)
	}
	return append(b, ']')
}

// appendIntsField appends key, which ends with the array's [, and list;
// an empty list is omitted.
func (w jsonEnc) appendIntsField(b []byte, key string, list []int) []byte {
	if len(list) == 0 {
		return b
	}
	b = append(b, key...)
	for i, n := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return append(b, ']')
}

// jsonFlushSize is the size from which WriteJSON writes out what it has
// encoded, between two entries.
const jsonFlushSize = 32 << 10

func (w jsonEnc) appendIntField(b []byte, key string, n *int) []byte {
	if n == nil {
		return b
	}
	return strconv.AppendInt(append(b, key...), int64(*n), 10)
}

func (w jsonEnc) appendBoolField(b []byte, key string, v *bool) []byte {
	if v == nil {
		return b
	}
	return strconv.AppendBool(append(b, key...), *v)
}

// A jsonEnc writes the canonical JSON. With html set it escapes <, > and &
// as \u003c, \u003e and \u0026 in strings, as json.Marshal does, so that
// AppendJSON and WriteJSON give json.Marshal's bytes; without it
// (MarshalJSON) they stay readable.
type jsonEnc struct {
	html bool
}

// appendStringEnd appends s escaped for a JSON string
// (jsonstr.AppendString) and the closing quote.
func (w jsonEnc) appendStringEnd(b []byte, s string) []byte {
	return append(jsonstr.AppendString(b, s, w.html), '"')
}

// appendJSONText appends s as a JSON string escaped as encoding/json does:
// quotes, backslashes and control characters (\b, \f, \n, \r, \t by name),
// U+2028 and U+2029, and with html <, > and &; invalid UTF-8 becomes
// \ufffd.
func appendJSONText(dst []byte, s string, html bool) []byte {
	dst = append(dst, '"')
	dst = jsonstr.AppendString(dst, s, html)
	return append(dst, '"')
}

// appendJSONChars is appendJSONText without the quotes
// (jsonstr.AppendChars).
func appendJSONChars[S []byte | string](dst []byte, s S, html bool) []byte {
	return jsonstr.AppendChars(dst, s, html)
}

func (w jsonEnc) appendFloatField(b []byte, key string, f *float64) []byte {
	if f == nil {
		return b
	}
	return strconv.AppendFloat(append(b, key...), *f, 'f', -1, 64)
}

// appendSecondsField writes d in seconds, with a fraction when it has one.
func (w jsonEnc) appendSecondsField(b []byte, key string, d time.Duration) []byte {
	return strconv.AppendFloat(append(b, key...), d.Seconds(), 'f', -1, 64)
}

func (w jsonEnc) appendInt64Field(b []byte, key string, n *int64) []byte {
	if n == nil {
		return b
	}
	return strconv.AppendInt(append(b, key...), *n, 10)
}

// appendWholeSecondsField writes d in whole seconds (the fraction dropped).
func (w jsonEnc) appendWholeSecondsField(b []byte, key string, d *time.Duration) []byte {
	if d == nil {
		return b
	}
	return strconv.AppendInt(append(b, key...), int64(*d/time.Second), 10)
}

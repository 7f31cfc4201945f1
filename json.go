package feedspec

import (
	"strconv"
	"time"
	"unicode/utf8"
)

// The canonical JSON: keys in a fixed order, each omitted when null or an
// empty list; a person, entry or image with no fields is {}; texts through
// Text.MarshalJSON; dates through formatDate (RFC 3339 in UTC); durations in
// whole seconds. The encoders append to a byte slice by hand.

// MarshalJSON returns the feed's canonical JSON: the keys title, subtitle,
// description, page_url, feed_url, previous_feed_url, next_feed_url, icon,
// logo, updated, authors and entries, in that order, each omitted when null
// or an empty list. An entry's Feed is not written.
func (f Feed) MarshalJSON() ([]byte, error) {
	return appendFeedJSON(make([]byte, 0, 1024), &f)
}

// MarshalJSON returns the entry's canonical JSON: the keys title, subtitle,
// summary, content, page_url, thumbnail, duration (whole seconds),
// published, updated, authors, categories (an array) and enclosures, in that
// order, each omitted when null or an empty list; {} when all are. The
// entry's Feed is not written.
func (e Entry) MarshalJSON() ([]byte, error) {
	return appendEntryJSON(make([]byte, 0, 256), &e)
}

// MarshalJSON returns the person's canonical JSON: the keys name, email,
// page_url and icon, in that order, each omitted when null; {} when all are.
func (p Person) MarshalJSON() ([]byte, error) {
	return appendPersonJSON(make([]byte, 0, 64), &p), nil
}

// MarshalJSON returns the image's canonical JSON: the keys url, width and
// height, in that order, each omitted when null.
func (img Image) MarshalJSON() ([]byte, error) {
	return appendImageJSON(make([]byte, 0, 64), &img), nil
}

// MarshalJSON returns the enclosure's canonical JSON: the keys url, type and
// length, in that order, each omitted when null (type="" is written as "").
func (enc Enclosure) MarshalJSON() ([]byte, error) {
	return appendEnclosureJSON(make([]byte, 0, 64), &enc), nil
}

// appendKey appends the separator (unless the object, which starts at
// b[start-1], is still empty) and the quoted key with its colon. key must not
// need escaping.
func appendKey(b []byte, start int, key string) []byte {
	if len(b) > start {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, key...)
	return append(b, '"', ':')
}

func appendTextField(b []byte, start int, key string, t *Text) ([]byte, error) {
	if t == nil {
		return b, nil
	}
	v, err := t.MarshalJSON()
	if err != nil {
		return b, err
	}
	b = appendKey(b, start, key)
	return append(b, v...), nil
}

func appendStringField(b []byte, start int, key, s string) []byte {
	if s == "" {
		return b
	}
	b = appendKey(b, start, key)
	return appendJSONString(b, s)
}

func appendDateField(b []byte, start int, key string, t *time.Time) []byte {
	if t == nil {
		return b
	}
	b = appendKey(b, start, key)
	return appendJSONString(b, formatDate(*t))
}

func appendImageField(b []byte, start int, key string, img *Image) []byte {
	if img == nil {
		return b
	}
	b = appendKey(b, start, key)
	return appendImageJSON(b, img)
}

func appendPersonsField(b []byte, start int, key string, list []*Person) []byte {
	if len(list) == 0 {
		return b
	}
	b = appendKey(b, start, key)
	b = append(b, '[')
	for i, p := range list {
		if i > 0 {
			b = append(b, ',')
		}
		if p == nil {
			b = append(b, "null"...)
			continue
		}
		b = appendPersonJSON(b, p)
	}
	return append(b, ']')
}

func appendFeedJSON(b []byte, f *Feed) ([]byte, error) {
	var err error
	b = append(b, '{')
	start := len(b)
	if b, err = appendTextField(b, start, "title", f.Title); err != nil {
		return nil, err
	}
	if b, err = appendTextField(b, start, "subtitle", f.Subtitle); err != nil {
		return nil, err
	}
	if b, err = appendTextField(b, start, "description", f.Description); err != nil {
		return nil, err
	}
	b = appendStringField(b, start, "page_url", f.PageURL)
	b = appendStringField(b, start, "feed_url", f.FeedURL)
	b = appendStringField(b, start, "previous_feed_url", f.PreviousFeedURL)
	b = appendStringField(b, start, "next_feed_url", f.NextFeedURL)
	b = appendImageField(b, start, "icon", f.Icon)
	b = appendImageField(b, start, "logo", f.Logo)
	b = appendDateField(b, start, "updated", f.Updated)
	b = appendPersonsField(b, start, "authors", f.Authors)
	if len(f.Entries) > 0 {
		b = appendKey(b, start, "entries")
		b = append(b, '[')
		for i, e := range f.Entries {
			if i > 0 {
				b = append(b, ',')
			}
			if e == nil {
				b = append(b, "null"...)
				continue
			}
			if b, err = appendEntryJSON(b, e); err != nil {
				return nil, err
			}
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

func appendEntryJSON(b []byte, e *Entry) ([]byte, error) {
	var err error
	b = append(b, '{')
	start := len(b)
	if b, err = appendTextField(b, start, "title", e.Title); err != nil {
		return nil, err
	}
	if b, err = appendTextField(b, start, "subtitle", e.Subtitle); err != nil {
		return nil, err
	}
	if b, err = appendTextField(b, start, "summary", e.Summary); err != nil {
		return nil, err
	}
	if b, err = appendTextField(b, start, "content", e.Content); err != nil {
		return nil, err
	}
	b = appendStringField(b, start, "page_url", e.PageURL)
	b = appendImageField(b, start, "thumbnail", e.Thumbnail)
	if e.Duration != nil {
		b = appendKey(b, start, "duration")
		b = strconv.AppendInt(b, int64(*e.Duration/time.Second), 10)
	}
	b = appendDateField(b, start, "published", e.Published)
	b = appendDateField(b, start, "updated", e.Updated)
	b = appendPersonsField(b, start, "authors", e.Authors)
	if len(e.Categories) > 0 {
		b = appendKey(b, start, "categories")
		b = append(b, '[')
		for i, c := range e.Categories {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, c)
		}
		b = append(b, ']')
	}
	if len(e.Enclosures) > 0 {
		b = appendKey(b, start, "enclosures")
		b = append(b, '[')
		for i, enc := range e.Enclosures {
			if i > 0 {
				b = append(b, ',')
			}
			if enc == nil {
				b = append(b, "null"...)
				continue
			}
			b = appendEnclosureJSON(b, enc)
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

func appendPersonJSON(b []byte, p *Person) []byte {
	b = append(b, '{')
	start := len(b)
	b = appendStringField(b, start, "name", p.Name)
	b = appendStringField(b, start, "email", p.Email)
	b = appendStringField(b, start, "page_url", p.PageURL)
	b = appendImageField(b, start, "icon", p.Icon)
	return append(b, '}')
}

func appendImageJSON(b []byte, img *Image) []byte {
	b = append(b, '{')
	start := len(b)
	b = appendStringField(b, start, "url", img.URL)
	if img.Width != nil {
		b = appendKey(b, start, "width")
		b = strconv.AppendInt(b, int64(*img.Width), 10)
	}
	if img.Height != nil {
		b = appendKey(b, start, "height")
		b = strconv.AppendInt(b, int64(*img.Height), 10)
	}
	return append(b, '}')
}

func appendEnclosureJSON(b []byte, enc *Enclosure) []byte {
	b = append(b, '{')
	start := len(b)
	b = appendStringField(b, start, "url", enc.URL)
	if enc.MIMEType != nil {
		b = appendKey(b, start, "type")
		b = appendJSONString(b, *enc.MIMEType)
	}
	if enc.Length != nil {
		b = appendKey(b, start, "length")
		b = strconv.AppendInt(b, *enc.Length, 10)
	}
	return append(b, '}')
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string. Quotes, backslashes and
// control characters are escaped, as are U+2028 and U+2029 (for JavaScript);
// invalid UTF-8 becomes U+FFFD. HTML characters are left alone (json.Marshal
// escapes them again unless an Encoder with SetEscapeHTML(false) is used).
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

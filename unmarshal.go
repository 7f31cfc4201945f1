package feedspec

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"time"
)

// Reading the canonical JSON back (json.Unmarshal into a Feed, an Entry, a
// Person...): the value read gives the same canonical JSON, byte for byte.
// Every UnmarshalJSON checks that its input is valid JSON, then walks it
// with the splitter of jsonfeed.go (jsonMembers' siblings below), decoding
// each key it knows by its type and ignoring the others. An error names the
// key path of the value that is wrong: `entries[3].published: not an RFC
// 3339 date`.

// An unmarshalError is the error UnmarshalJSON returns for a value of the
// wrong type or an invalid value, with its key path.
type unmarshalError struct {
	path, msg string
}

func (e *unmarshalError) Error() string {
	if e.path == "" {
		return "feedspec: " + e.msg
	}
	return "feedspec: " + e.path + ": " + e.msg
}

// A jsonReader reads canonical JSON from data, which is valid JSON.
type jsonReader struct {
	data []byte
}

// fail returns the error for the value at path.
func fail(path, msg string) error { return &unmarshalError{path: path, msg: msg} }

// wrongType returns the error for the value raw at path, of the wrong type.
func wrongType(path string, raw []byte, want string) error {
	return fail(path, jsonKind(raw)+", not "+want)
}

// unmarshalStart checks b for UnmarshalJSON and returns a reader for it and
// the offset of its value; ok is false for null, which leaves the value as
// it is (as encoding/json does).
func unmarshalStart(b []byte) (r *jsonReader, start int, ok bool, err error) {
	if !json.Valid(b) {
		err := json.Unmarshal(b, new(json.RawMessage))
		return nil, 0, false, fail("", "invalid JSON: "+err.Error())
	}
	start = jsonSkipSpace(b, 0)
	if b[start] == 'n' {
		return nil, 0, false, nil
	}
	return &jsonReader{data: b}, start, true, nil
}

// members calls f for each member of the object at d[i] (path names it),
// with its key and value; a value that is not an object is an error.
func (r *jsonReader) members(path string, i int, f func(key []byte, vs, ve int) error) error {
	d := r.data
	if d[i] != '{' {
		return wrongType(path, d[i:], "an object")
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
			return err
		}
		i = jsonSkipSpace(d, ve)
		if d[i] == '}' {
			return nil
		}
		i = jsonSkipSpace(d, i+1)
	}
}

// elements calls f for each element of the array at d[i] (path names it),
// with its index; null is an empty array; another value is an error.
func (r *jsonReader) elements(path string, i int, f func(n int, vs, ve int) error) error {
	d := r.data
	if d[i] == 'n' {
		return nil
	}
	if d[i] != '[' {
		return wrongType(path, d[i:], "an array")
	}
	var err error
	n := 0
	jsonElements(d, i, func(vs, ve int) bool {
		err = f(n, vs, ve)
		n++
		return err == nil
	})
	return err
}

// elemPath is path[n].
func elemPath(path string, n int) string { return path + "[" + strconv.Itoa(n) + "]" }

// str reads a string; null is "".
func (r *jsonReader) str(path string, vs, ve int) (string, error) {
	switch r.data[vs] {
	case '"':
		return jsonString(r.data[vs:ve]), nil
	case 'n':
		return "", nil
	}
	return "", wrongType(path, r.data[vs:], "a string")
}

// strPtr reads a string that may be null (nil).
func (r *jsonReader) strPtr(path string, vs, ve int) (*string, error) {
	if r.data[vs] == 'n' {
		return nil, nil
	}
	s, err := r.str(path, vs, ve)
	return &s, err
}

// integer reads an integer (no fraction, no exponent).
func (r *jsonReader) integer(path string, vs, ve int) (int64, error) {
	n, err := strconv.ParseInt(string(r.data[vs:ve]), 10, 64)
	if err != nil {
		if c := r.data[vs]; c != '-' && (c < '0' || c > '9') {
			return 0, wrongType(path, r.data[vs:], "a number")
		}
		return 0, fail(path, "not an integer (or out of range): "+string(r.data[vs:ve]))
	}
	return n, nil
}

// int64Ptr reads an integer that may be null (nil).
func (r *jsonReader) int64Ptr(path string, vs, ve int) (*int64, error) {
	if r.data[vs] == 'n' {
		return nil, nil
	}
	n, err := r.integer(path, vs, ve)
	return &n, err
}

// intPtr reads an int that may be null (nil).
func (r *jsonReader) intPtr(path string, vs, ve int) (*int, error) {
	p, err := r.int64Ptr(path, vs, ve)
	if p == nil || err != nil {
		return nil, err
	}
	if *p < math.MinInt || *p > math.MaxInt {
		return nil, fail(path, "out of range: "+string(r.data[vs:ve]))
	}
	n := int(*p)
	return &n, nil
}

// boolPtr reads a boolean that may be null (nil).
func (r *jsonReader) boolPtr(path string, vs, ve int) (*bool, error) {
	switch r.data[vs] {
	case 'n':
		return nil, nil
	case 't', 'f':
		v := r.data[vs] == 't'
		return &v, nil
	}
	return nil, wrongType(path, r.data[vs:], "a boolean")
}

// seconds reads a duration in whole seconds that may be null (nil).
func (r *jsonReader) seconds(path string, vs, ve int) (*time.Duration, error) {
	p, err := r.int64Ptr(path, vs, ve)
	if p == nil || err != nil {
		return nil, err
	}
	if *p < -maxDurationSeconds || *p > maxDurationSeconds {
		return nil, fail(path, "a duration out of range: "+string(r.data[vs:ve]))
	}
	d := time.Duration(*p) * time.Second
	return &d, nil
}

// date reads a date as the canonical JSON writes it (formatDate), or any
// RFC 3339 date; null is nil.
func (r *jsonReader) date(path string, vs, ve int) (*time.Time, error) {
	if r.data[vs] == 'n' {
		return nil, nil
	}
	s, err := r.str(path, vs, ve)
	if err != nil {
		return nil, err
	}
	t, ok := parseCanonicalDate(s)
	if !ok {
		if t, ok = parseAtomDate(s); !ok {
			return nil, fail(path, "not an RFC 3339 date: "+strconv.Quote(s))
		}
	}
	return &t, nil
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

// text reads a Text: a string is a string value, {"html": ...} a Node value
// (its HTML serialization kept as it is); null is nil.
func (r *jsonReader) text(path string, vs, ve int) (*Text, error) {
	switch r.data[vs] {
	case 'n':
		return nil, nil
	case '"':
		return stringText(jsonString(r.data[vs:ve])), nil
	case '{':
		var t *Text
		err := r.members(path, vs, func(key []byte, vs, ve int) error {
			if string(key) != "html" {
				return nil
			}
			s, err := r.str(path+".html", vs, ve)
			t = renderedNodeText(s)
			return err
		})
		if err == nil && t == nil {
			err = fail(path, `an object without "html"`)
		}
		return t, err
	}
	return nil, wrongType(path, r.data[vs:], `a string or an {"html": ...} object`)
}

// image reads an Image; null is nil.
func (r *jsonReader) image(path string, vs, ve int) (*Image, error) {
	if r.data[vs] == 'n' {
		return nil, nil
	}
	img := &Image{}
	return img, r.members(path, vs, func(key []byte, vs, ve int) (err error) {
		p := jsonPath(path, string(key))
		switch string(key) {
		case "url":
			img.URL, err = r.str(p, vs, ve)
		case "width":
			img.Width, err = r.intPtr(p, vs, ve)
		case "height":
			img.Height, err = r.intPtr(p, vs, ve)
		}
		return err
	})
}

// person reads a Person; null is nil.
func (r *jsonReader) person(path string, vs, ve int) (*Person, error) {
	if r.data[vs] == 'n' {
		return nil, nil
	}
	p := &Person{}
	return p, r.members(path, vs, func(key []byte, vs, ve int) (err error) {
		kp := jsonPath(path, string(key))
		switch string(key) {
		case "name":
			p.Name, err = r.str(kp, vs, ve)
		case "email":
			p.Email, err = r.str(kp, vs, ve)
		case "page_url":
			p.PageURL, err = r.str(kp, vs, ve)
		case "icon":
			p.Icon, err = r.image(kp, vs, ve)
		}
		return err
	})
}

// persons reads a list of persons (null elements kept as nil).
func (r *jsonReader) persons(path string, vs, ve int) ([]*Person, error) {
	var list []*Person
	err := r.elements(path, vs, func(n, vs, ve int) error {
		p, err := r.person(elemPath(path, n), vs, ve)
		list = append(list, p)
		return err
	})
	return list, err
}

// stringList reads a list of strings.
func (r *jsonReader) stringList(path string, vs, ve int) ([]string, error) {
	var list []string
	err := r.elements(path, vs, func(n, vs, ve int) error {
		s, err := r.str(elemPath(path, n), vs, ve)
		list = append(list, s)
		return err
	})
	return list, err
}

// A strField names the string a member of an object is read into.
type strField struct {
	key string
	dst *string
}

// strObject reads the object at vs, whose members are strings, each into the
// string its key names; other keys are ignored.
func (r *jsonReader) strObject(path string, vs int, fields ...strField) error {
	return r.members(path, vs, func(key []byte, vs, ve int) error {
		for _, f := range fields {
			if string(key) == f.key {
				var err error
				*f.dst, err = r.str(jsonPath(path, f.key), vs, ve)
				return err
			}
		}
		return nil
	})
}

// ints reads a list of ints.
func (r *jsonReader) ints(path string, vs, ve int) ([]int, error) {
	var list []int
	err := r.elements(path, vs, func(n, vs, ve int) error {
		p, err := r.intPtr(elemPath(path, n), vs, ve)
		if err == nil && p == nil {
			err = fail(elemPath(path, n), "null, not a number")
		}
		if err != nil {
			return err
		}
		list = append(list, *p)
		return nil
	})
	return list, err
}

// enclosure reads an Enclosure; null is nil.
func (r *jsonReader) enclosure(path string, vs, ve int) (*Enclosure, error) {
	if r.data[vs] == 'n' {
		return nil, nil
	}
	enc := &Enclosure{}
	return enc, r.members(path, vs, func(key []byte, vs, ve int) (err error) {
		p := jsonPath(path, string(key))
		switch string(key) {
		case "url":
			enc.URL, err = r.str(p, vs, ve)
		case "type":
			enc.MIMEType, err = r.strPtr(p, vs, ve)
		case "length":
			enc.Length, err = r.int64Ptr(p, vs, ve)
		case "medium":
			enc.Medium, err = r.str(p, vs, ve)
		case "width":
			enc.Width, err = r.intPtr(p, vs, ve)
		case "height":
			enc.Height, err = r.intPtr(p, vs, ve)
		case "duration":
			enc.Duration, err = r.seconds(p, vs, ve)
		case "file_size":
			enc.FileSize, err = r.int64Ptr(p, vs, ve)
		case "bitrate":
			if r.data[vs] == 'n' {
				enc.Bitrate = nil
				return nil
			}
			f, perr := strconv.ParseFloat(string(r.data[vs:ve]), 64)
			if perr != nil {
				return wrongType(p, r.data[vs:], "a number")
			}
			enc.Bitrate = &f
		case "title":
			enc.Title, err = r.str(p, vs, ve)
		}
		return err
	})
}

// links reads a list of Links.
func (r *jsonReader) links(path string, vs, ve int) ([]Link, error) {
	var list []Link
	err := r.elements(path, vs, func(n, vs, ve int) error {
		var l Link
		path := elemPath(path, n)
		err := r.members(path, vs, func(key []byte, vs, ve int) (err error) {
			p := jsonPath(path, string(key))
			switch string(key) {
			case "href":
				l.Href, err = r.str(p, vs, ve)
			case "rel":
				l.Rel, err = r.str(p, vs, ve)
			case "type":
				l.Type, err = r.str(p, vs, ve)
			case "hreflang":
				l.HrefLang, err = r.str(p, vs, ve)
			case "title":
				l.Title, err = r.str(p, vs, ve)
			case "length":
				l.Length, err = r.int64Ptr(p, vs, ve)
			}
			return err
		})
		list = append(list, l)
		return err
	})
	return list, err
}

// categories reads a list of Categories.
func (r *jsonReader) categories(path string, vs, ve int) ([]Category, error) {
	var list []Category
	err := r.elements(path, vs, func(n, vs, ve int) error {
		var c Category
		path := elemPath(path, n)
		err := r.members(path, vs, func(key []byte, vs, ve int) (err error) {
			p := jsonPath(path, string(key))
			switch string(key) {
			case "term":
				c.Term, err = r.str(p, vs, ve)
			case "scheme":
				c.Scheme, err = r.str(p, vs, ve)
			case "label":
				c.Label, err = r.str(p, vs, ve)
			case "subcategories":
				c.Subcategories, err = r.categories(p, vs, ve)
			}
			return err
		})
		list = append(list, c)
		return err
	})
	return list, err
}

// feed reads a Feed into f, which is reset first; its entries point to f.
func (r *jsonReader) feed(f *Feed, path string, i int) error {
	*f = Feed{}
	return r.members(path, i, func(key []byte, vs, ve int) (err error) {
		p := jsonPath(path, string(key))
		switch string(key) {
		case "title":
			f.Title, err = r.text(p, vs, ve)
		case "subtitle":
			f.Subtitle, err = r.text(p, vs, ve)
		case "description":
			f.Description, err = r.text(p, vs, ve)
		case "page_url":
			f.PageURL, err = r.str(p, vs, ve)
		case "feed_url":
			f.FeedURL, err = r.str(p, vs, ve)
		case "previous_feed_url":
			f.PreviousFeedURL, err = r.str(p, vs, ve)
		case "next_feed_url":
			f.NextFeedURL, err = r.str(p, vs, ve)
		case "icon":
			f.Icon, err = r.image(p, vs, ve)
		case "logo":
			f.Logo, err = r.image(p, vs, ve)
		case "updated":
			f.Updated, err = r.date(p, vs, ve)
		case "authors":
			f.Authors, err = r.persons(p, vs, ve)
		case "entries":
			f.Entries = nil
			err = r.elements(p, vs, func(n, vs, ve int) error {
				if r.data[vs] == 'n' {
					f.Entries = append(f.Entries, nil)
					return nil
				}
				e := &Entry{Feed: f}
				f.Entries = append(f.Entries, e)
				return r.entry(e, elemPath(p, n), vs)
			})
		case "id":
			f.ID, err = r.str(p, vs, ve)
		case "language":
			f.Language, err = r.str(p, vs, ve)
		case "rights":
			f.Rights, err = r.text(p, vs, ve)
		case "generator":
			f.Generator = nil
			if r.data[vs] == 'n' {
				return nil
			}
			g := &Generator{}
			f.Generator = g
			err = r.strObject(p, vs, strField{"name", &g.Name}, strField{"uri", &g.URI}, strField{"version", &g.Version})
		case "category_details":
			f.CategoryDetails, err = r.categories(p, vs, ve)
		case "ttl":
			f.TTL, err = r.intPtr(p, vs, ve)
		case "skip_hours":
			f.SkipHours, err = r.ints(p, vs, ve)
		case "skip_days":
			f.SkipDays, err = r.stringList(p, vs, ve)
		case "update_period":
			f.UpdatePeriod, err = r.str(p, vs, ve)
		case "update_frequency":
			f.UpdateFrequency, err = r.intPtr(p, vs, ve)
		case "links":
			f.Links, err = r.links(p, vs, ve)
		case "contributors":
			f.Contributors, err = r.persons(p, vs, ve)
		case "itunes":
			f.ITunes = nil
			if r.data[vs] == 'n' {
				return nil
			}
			it := &FeedITunes{}
			f.ITunes = it
			err = r.members(p, vs, func(key []byte, vs, ve int) (err error) {
				kp := jsonPath(p, string(key))
				switch string(key) {
				case "owner":
					it.Owner, err = r.person(kp, vs, ve)
				case "explicit":
					it.Explicit, err = r.boolPtr(kp, vs, ve)
				case "type":
					it.Type, err = r.str(kp, vs, ve)
				case "block":
					it.Block, err = r.boolPtr(kp, vs, ve)
				case "complete":
					it.Complete, err = r.boolPtr(kp, vs, ve)
				case "image":
					it.Image, err = r.image(kp, vs, ve)
				case "new_feed_url":
					it.NewFeedURL, err = r.str(kp, vs, ve)
				}
				return err
			})
		case "expired":
			f.Expired, err = r.isTrue(p, vs, ve)
		case "podcast":
			f.Podcast, err = r.feedPodcast(p, vs)
		}
		return err
	})
}

// entry reads an Entry into e, which is reset first (its Feed kept).
func (r *jsonReader) entry(e *Entry, path string, i int) error {
	*e = Entry{Feed: e.Feed}
	return r.members(path, i, func(key []byte, vs, ve int) (err error) {
		p := jsonPath(path, string(key))
		switch string(key) {
		case "title":
			e.Title, err = r.text(p, vs, ve)
		case "subtitle":
			e.Subtitle, err = r.text(p, vs, ve)
		case "summary":
			e.Summary, err = r.text(p, vs, ve)
		case "content":
			e.Content, err = r.text(p, vs, ve)
		case "page_url":
			e.PageURL, err = r.str(p, vs, ve)
		case "thumbnail":
			e.Thumbnail, err = r.image(p, vs, ve)
		case "duration":
			e.Duration, err = r.seconds(p, vs, ve)
		case "published":
			e.Published, err = r.date(p, vs, ve)
		case "updated":
			e.Updated, err = r.date(p, vs, ve)
		case "authors":
			e.Authors, err = r.persons(p, vs, ve)
		case "categories":
			e.Categories, err = r.stringList(p, vs, ve)
		case "enclosures":
			e.Enclosures = nil
			err = r.elements(p, vs, func(n, vs, ve int) error {
				enc, err := r.enclosure(elemPath(p, n), vs, ve)
				e.Enclosures = append(e.Enclosures, enc)
				return err
			})
		case "id":
			e.ID, err = r.str(p, vs, ve)
		case "id_is_permalink":
			e.IDIsPermalink, err = r.boolPtr(p, vs, ve)
		case "language":
			e.Language, err = r.str(p, vs, ve)
		case "rights":
			e.Rights, err = r.text(p, vs, ve)
		case "comments_url":
			e.CommentsURL, err = r.str(p, vs, ve)
		case "comment_count":
			e.CommentCount, err = r.intPtr(p, vs, ve)
		case "source":
			e.Source = nil
			if r.data[vs] == 'n' {
				return nil
			}
			src := &Source{}
			e.Source = src
			err = r.members(p, vs, func(key []byte, vs, ve int) (err error) {
				kp := jsonPath(p, string(key))
				switch string(key) {
				case "id":
					src.ID, err = r.str(kp, vs, ve)
				case "title":
					src.Title, err = r.text(kp, vs, ve)
				case "url":
					src.URL, err = r.str(kp, vs, ve)
				case "feed_url":
					src.FeedURL, err = r.str(kp, vs, ve)
				}
				return err
			})
		case "contributors":
			e.Contributors, err = r.persons(p, vs, ve)
		case "category_details":
			e.CategoryDetails, err = r.categories(p, vs, ve)
		case "content_src":
			e.ContentSrc, err = r.str(p, vs, ve)
		case "content_type":
			e.ContentType, err = r.str(p, vs, ve)
		case "links":
			e.Links, err = r.links(p, vs, ve)
		case "itunes":
			e.ITunes = nil
			if r.data[vs] == 'n' {
				return nil
			}
			it := &EntryITunes{}
			e.ITunes = it
			err = r.members(p, vs, func(key []byte, vs, ve int) (err error) {
				kp := jsonPath(p, string(key))
				switch string(key) {
				case "title":
					it.Title, err = r.str(kp, vs, ve)
				case "episode":
					it.Episode, err = r.intPtr(kp, vs, ve)
				case "season":
					it.Season, err = r.intPtr(kp, vs, ve)
				case "episode_type":
					it.EpisodeType, err = r.str(kp, vs, ve)
				case "explicit":
					it.Explicit, err = r.boolPtr(kp, vs, ve)
				case "block":
					it.Block, err = r.boolPtr(kp, vs, ve)
				}
				return err
			})
		case "podcast":
			e.Podcast, err = r.entryPodcast(p, vs)
		}
		return err
	})
}

// UnmarshalJSON reads the feed's canonical JSON (MarshalJSON's output) into
// f, replacing all of it: the canonical JSON of the result is b's, byte for
// byte, when b is canonical JSON. Keys it does not know are ignored (a newer
// version may write more); a value of the wrong type, or a date that is not
// RFC 3339, is an error naming its key path
// ("entries[3].published: not an RFC 3339 date"). Every entry's Feed is f.
// A Node text keeps its HTML serialization as written, and its Node is
// parsed from it on first use. The document is not in the JSON: Document,
// Element and JSONObject are nil afterwards. null leaves f as it is.
func (f *Feed) UnmarshalJSON(b []byte) error {
	r, i, ok, err := unmarshalStart(b)
	if !ok {
		return err
	}
	return r.feed(f, "", i)
}

// UnmarshalJSON reads the entry's canonical JSON into e, replacing all of it
// but its Feed (see Feed.UnmarshalJSON). Element and JSONObject are nil
// afterwards.
func (e *Entry) UnmarshalJSON(b []byte) error {
	r, i, ok, err := unmarshalStart(b)
	if !ok {
		return err
	}
	return r.entry(e, "", i)
}

// UnmarshalJSON reads the person's canonical JSON into p, replacing it (see
// Feed.UnmarshalJSON).
func (p *Person) UnmarshalJSON(b []byte) error {
	r, i, ok, err := unmarshalStart(b)
	if !ok {
		return err
	}
	v, err := r.person("", i, jsonValueEnd(b, i))
	if err == nil {
		*p = *v
	}
	return err
}

// UnmarshalJSON reads the image's canonical JSON into img, replacing it
// (see Feed.UnmarshalJSON).
func (img *Image) UnmarshalJSON(b []byte) error {
	r, i, ok, err := unmarshalStart(b)
	if !ok {
		return err
	}
	v, err := r.image("", i, jsonValueEnd(b, i))
	if err == nil {
		*img = *v
	}
	return err
}

// UnmarshalJSON reads the enclosure's canonical JSON into enc, replacing it
// (see Feed.UnmarshalJSON).
func (enc *Enclosure) UnmarshalJSON(b []byte) error {
	r, i, ok, err := unmarshalStart(b)
	if !ok {
		return err
	}
	v, err := r.enclosure("", i, jsonValueEnd(b, i))
	if err == nil {
		*enc = *v
	}
	return err
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
	v, err := r.text("", i, jsonValueEnd(b, i))
	if err == nil {
		*t = Text{isNode: v.isNode, str: v.str, lazy: v.lazy}
	}
	return err
}

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

// MarshalJSON returns the feed's canonical JSON: the specification's keys
// title, subtitle, description, page_url, feed_url, previous_feed_url,
// next_feed_url, icon, logo, updated, authors and entries, then the
// additions' keys id, language, rights, generator ({name, uri, version}),
// category_details (a list of {term, scheme, label, subcategories}), ttl,
// skip_hours, skip_days, update_period, update_frequency, links (a list of
// {href, rel, type, hreflang, title, length}), contributors, itunes
// ({owner, explicit, type, block, complete, image, new_feed_url}),
// expired (true, or omitted) and podcast (the Podcasting 2.0 elements:
// {guid, locked, locked_owner, funding, persons, values}, see FeedPodcast),
// in that order, each omitted when null or an empty list. An entry's Feed is
// not written.
func (f Feed) MarshalJSON() ([]byte, error) {
	return appendFeedJSON(make([]byte, 0, 1024), &f)
}

// MarshalJSON returns the entry's canonical JSON: the specification's keys
// title, subtitle, summary, content, page_url, thumbnail, duration (whole
// seconds), published, updated, authors, categories (an array) and
// enclosures, then the additions' keys id, id_is_permalink, language,
// rights, comments_url, comment_count, source ({id, title, url, feed_url}),
// contributors, category_details, content_src, content_type, links, itunes
// ({title, episode, season, episode_type, explicit, block}) and podcast
// (the Podcasting 2.0 elements: {transcripts, chapters, persons, season,
// episode, soundbites, alternate_enclosures, values}, see EntryPodcast), in
// that order, each omitted when null or an empty list; {} when all are. The
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

// MarshalJSON returns the enclosure's canonical JSON: the specification's keys
// url, type and length, then the Media RSS additions medium, width, height,
// duration (whole seconds), file_size and bitrate, then the JSON Feed
// attachment's title, in that order, each omitted when null (type="" is
// written as "").
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
	b = appendKey(b, start, key)
	return t.appendJSON(b), nil
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
	return appendListField(b, start, key, list, appendPersonJSON)
}

// appendListField appends key and list as a JSON array whose elements elem
// writes; an empty list is omitted.
func appendListField[T any](b []byte, start int, key string, list []T, elem func([]byte, T) []byte) []byte {
	if len(list) == 0 {
		return b
	}
	b = appendKey(b, start, key)
	b = append(b, '[')
	for i, v := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = elem(b, v)
	}
	return append(b, ']')
}

func appendIntJSON(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }

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
	// The additions, after the spec's keys.
	b = appendStringField(b, start, "id", f.ID)
	b = appendStringField(b, start, "language", f.Language)
	if b, err = appendTextField(b, start, "rights", f.Rights); err != nil {
		return nil, err
	}
	if g := f.Generator; g != nil {
		b = appendKey(b, start, "generator")
		b = append(b, '{')
		gs := len(b)
		b = appendStringField(b, gs, "name", g.Name)
		b = appendStringField(b, gs, "uri", g.URI)
		b = appendStringField(b, gs, "version", g.Version)
		b = append(b, '}')
	}
	b = appendCategoriesField(b, start, "category_details", f.CategoryDetails)
	b = appendIntField(b, start, "ttl", f.TTL)
	b = appendListField(b, start, "skip_hours", f.SkipHours, appendIntJSON)
	b = appendListField(b, start, "skip_days", f.SkipDays, appendJSONString)
	b = appendStringField(b, start, "update_period", f.UpdatePeriod)
	b = appendIntField(b, start, "update_frequency", f.UpdateFrequency)
	b = appendLinksField(b, start, "links", f.Links)
	b = appendPersonsField(b, start, "contributors", f.Contributors)
	if it := f.ITunes; it != nil {
		b = appendKey(b, start, "itunes")
		b = append(b, '{')
		is := len(b)
		if it.Owner != nil {
			b = appendKey(b, is, "owner")
			b = appendPersonJSON(b, it.Owner)
		}
		b = appendBoolField(b, is, "explicit", it.Explicit)
		b = appendStringField(b, is, "type", it.Type)
		b = appendBoolField(b, is, "block", it.Block)
		b = appendBoolField(b, is, "complete", it.Complete)
		b = appendImageField(b, is, "image", it.Image)
		b = appendStringField(b, is, "new_feed_url", it.NewFeedURL)
		b = append(b, '}')
	}
	if f.Expired {
		b = appendKey(b, start, "expired")
		b = append(b, "true"...)
	}
	b = appendFeedPodcastField(b, start, f.Podcast)
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
	b = appendListField(b, start, "categories", e.Categories, appendJSONString)
	b = appendListField(b, start, "enclosures", e.Enclosures, appendEnclosureJSON)
	// The additions, after the spec's keys.
	b = appendStringField(b, start, "id", e.ID)
	b = appendBoolField(b, start, "id_is_permalink", e.IDIsPermalink)
	b = appendStringField(b, start, "language", e.Language)
	if b, err = appendTextField(b, start, "rights", e.Rights); err != nil {
		return nil, err
	}
	b = appendStringField(b, start, "comments_url", e.CommentsURL)
	b = appendIntField(b, start, "comment_count", e.CommentCount)
	if src := e.Source; src != nil {
		b = appendKey(b, start, "source")
		b = append(b, '{')
		ss := len(b)
		b = appendStringField(b, ss, "id", src.ID)
		if b, err = appendTextField(b, ss, "title", src.Title); err != nil {
			return nil, err
		}
		b = appendStringField(b, ss, "url", src.URL)
		b = appendStringField(b, ss, "feed_url", src.FeedURL)
		b = append(b, '}')
	}
	b = appendPersonsField(b, start, "contributors", e.Contributors)
	b = appendCategoriesField(b, start, "category_details", e.CategoryDetails)
	b = appendStringField(b, start, "content_src", e.ContentSrc)
	b = appendStringField(b, start, "content_type", e.ContentType)
	b = appendLinksField(b, start, "links", e.Links)
	if it := e.ITunes; it != nil {
		b = appendKey(b, start, "itunes")
		b = append(b, '{')
		is := len(b)
		b = appendStringField(b, is, "title", it.Title)
		b = appendIntField(b, is, "episode", it.Episode)
		b = appendIntField(b, is, "season", it.Season)
		b = appendStringField(b, is, "episode_type", it.EpisodeType)
		b = appendBoolField(b, is, "explicit", it.Explicit)
		b = appendBoolField(b, is, "block", it.Block)
		b = append(b, '}')
	}
	b = appendEntryPodcastField(b, start, e.Podcast)
	return append(b, '}'), nil
}

func appendIntField(b []byte, start int, key string, n *int) []byte {
	if n == nil {
		return b
	}
	b = appendKey(b, start, key)
	return strconv.AppendInt(b, int64(*n), 10)
}

func appendBoolField(b []byte, start int, key string, v *bool) []byte {
	if v == nil {
		return b
	}
	b = appendKey(b, start, key)
	return strconv.AppendBool(b, *v)
}

func appendCategoriesField(b []byte, start int, key string, list []Category) []byte {
	return appendListField(b, start, key, list, appendCategoryJSON)
}

func appendCategoryJSON(b []byte, c Category) []byte {
	b = append(b, '{')
	cs := len(b)
	b = appendStringField(b, cs, "term", c.Term)
	b = appendStringField(b, cs, "scheme", c.Scheme)
	b = appendStringField(b, cs, "label", c.Label)
	b = appendCategoriesField(b, cs, "subcategories", c.Subcategories)
	return append(b, '}')
}

func appendLinksField(b []byte, start int, key string, list []Link) []byte {
	return appendListField(b, start, key, list, appendLinkJSON)
}

func appendLinkJSON(b []byte, l Link) []byte {
	b = append(b, '{')
	ls := len(b)
	b = appendStringField(b, ls, "href", l.Href)
	b = appendStringField(b, ls, "rel", l.Rel)
	b = appendStringField(b, ls, "type", l.Type)
	b = appendStringField(b, ls, "hreflang", l.HrefLang)
	b = appendStringField(b, ls, "title", l.Title)
	if l.Length != nil {
		b = appendKey(b, ls, "length")
		b = strconv.AppendInt(b, *l.Length, 10)
	}
	return append(b, '}')
}

func appendPersonJSON(b []byte, p *Person) []byte {
	if p == nil {
		return append(b, "null"...)
	}
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
	if enc == nil {
		return append(b, "null"...)
	}
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
	// The Media RSS additions.
	b = appendStringField(b, start, "medium", enc.Medium)
	b = appendIntField(b, start, "width", enc.Width)
	b = appendIntField(b, start, "height", enc.Height)
	if enc.Duration != nil {
		b = appendKey(b, start, "duration")
		b = strconv.AppendInt(b, int64(*enc.Duration/time.Second), 10)
	}
	if enc.FileSize != nil {
		b = appendKey(b, start, "file_size")
		b = strconv.AppendInt(b, *enc.FileSize, 10)
	}
	if enc.Bitrate != nil {
		b = appendKey(b, start, "bitrate")
		b = strconv.AppendFloat(b, *enc.Bitrate, 'f', -1, 64)
	}
	b = appendStringField(b, start, "title", enc.Title) // JSON Feed
	return append(b, '}')
}

// appendJSONString appends s as a JSON string, escaped as encoding/json
// escapes it apart from HTML characters (appendJSONText, below):
// json.Marshal escapes those again unless an Encoder with
// SetEscapeHTML(false) is used.
func appendJSONString(b []byte, s string) []byte {
	return appendJSONText(b, s)
}

// appendJSONText appends s as a JSON string escaped as encoding/json does
// without HTML escaping: quotes, backslashes and control characters (\b,
// \f, \n, \r, \t by name), U+2028 and U+2029; invalid UTF-8 becomes
// \ufffd.
func appendJSONText[S []byte | string](dst []byte, s S) []byte {
	dst = append(dst, '"')
	dst = appendJSONChars(dst, s)
	return append(dst, '"')
}

// appendJSONChars is appendJSONText without the quotes.
func appendJSONChars[S []byte | string](dst []byte, s S) []byte {
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		var buf [utf8.UTFMax]byte
		n := copy(buf[:], s[i:min(len(s), i+utf8.UTFMax)])
		r, size := utf8.DecodeRune(buf[:n])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(dst, s[start:]...)
}

// escapeJSONCharsFrom escapes dst[n:] for a JSON string (appendJSONChars),
// in place: the escaped bytes are appended after dst and moved down.
func escapeJSONCharsFrom(dst []byte, n int) []byte {
	m := len(dst)
	dst = appendJSONChars(dst, dst[n:m])
	return append(dst[:n], dst[m:]...)
}

// The Podcasting 2.0 additions (podcast.go), the last key of a feed and of
// an entry: "podcast". The keys of each object are listed on the types.

func appendFeedPodcastField(b []byte, start int, pc *FeedPodcast) []byte {
	if pc == nil {
		return b
	}
	b = appendKey(b, start, "podcast")
	b = append(b, '{')
	ps := len(b)
	b = appendStringField(b, ps, "guid", pc.GUID)
	b = appendBoolField(b, ps, "locked", pc.Locked)
	b = appendStringField(b, ps, "locked_owner", pc.LockedOwner)
	b = appendListField(b, ps, "funding", pc.Funding, appendPodcastFundingJSON)
	b = appendListField(b, ps, "persons", pc.Persons, appendPodcastPersonJSON)
	b = appendListField(b, ps, "values", pc.Values, appendPodcastValueJSON)
	return append(b, '}')
}

func appendEntryPodcastField(b []byte, start int, pc *EntryPodcast) []byte {
	if pc == nil {
		return b
	}
	b = appendKey(b, start, "podcast")
	b = append(b, '{')
	ps := len(b)
	b = appendListField(b, ps, "transcripts", pc.Transcripts, appendPodcastTranscriptJSON)
	if c := pc.Chapters; c != nil {
		b = appendKey(b, ps, "chapters")
		b = append(b, '{')
		cs := len(b)
		b = appendStringField(b, cs, "url", c.URL)
		b = appendStringField(b, cs, "type", c.Type)
		b = append(b, '}')
	}
	b = appendListField(b, ps, "persons", pc.Persons, appendPodcastPersonJSON)
	if s := pc.Season; s != nil {
		b = appendKey(b, ps, "season")
		b = append(b, '{')
		ss := len(b)
		b = appendIntField(b, ss, "number", &s.Number)
		b = appendStringField(b, ss, "name", s.Name)
		b = append(b, '}')
	}
	if e := pc.Episode; e != nil {
		b = appendKey(b, ps, "episode")
		b = append(b, '{')
		es := len(b)
		b = appendFloatField(b, es, "number", &e.Number)
		b = appendStringField(b, es, "display", e.Display)
		b = append(b, '}')
	}
	b = appendListField(b, ps, "soundbites", pc.Soundbites, appendPodcastSoundbiteJSON)
	b = appendListField(b, ps, "alternate_enclosures", pc.AlternateEnclosures, appendPodcastAlternateEnclosureJSON)
	b = appendListField(b, ps, "values", pc.Values, appendPodcastValueJSON)
	return append(b, '}')
}

func appendFloatField(b []byte, start int, key string, f *float64) []byte {
	if f == nil {
		return b
	}
	b = appendKey(b, start, key)
	return strconv.AppendFloat(b, *f, 'f', -1, 64)
}

func appendTrueField(b []byte, start int, key string, v bool) []byte {
	if !v {
		return b
	}
	b = appendKey(b, start, key)
	return append(b, "true"...)
}

// appendSecondsField writes d in seconds, with a fraction when it has one.
func appendSecondsField(b []byte, start int, key string, d time.Duration) []byte {
	b = appendKey(b, start, key)
	return strconv.AppendFloat(b, d.Seconds(), 'f', -1, 64)
}

func appendPodcastFundingJSON(b []byte, f PodcastFunding) []byte {
	b = append(b, '{')
	s := len(b)
	b = appendStringField(b, s, "url", f.URL)
	b = appendStringField(b, s, "text", f.Text)
	return append(b, '}')
}

func appendPodcastPersonJSON(b []byte, p PodcastPerson) []byte {
	b = append(b, '{')
	s := len(b)
	b = appendStringField(b, s, "name", p.Name)
	b = appendStringField(b, s, "role", p.Role)
	b = appendStringField(b, s, "group", p.Group)
	b = appendStringField(b, s, "img", p.Img)
	b = appendStringField(b, s, "href", p.Href)
	return append(b, '}')
}

func appendPodcastTranscriptJSON(b []byte, t PodcastTranscript) []byte {
	b = append(b, '{')
	s := len(b)
	b = appendStringField(b, s, "url", t.URL)
	b = appendStringField(b, s, "type", t.Type)
	b = appendStringField(b, s, "language", t.Language)
	b = appendStringField(b, s, "rel", t.Rel)
	return append(b, '}')
}

func appendPodcastSoundbiteJSON(b []byte, sb PodcastSoundbite) []byte {
	b = append(b, '{')
	s := len(b)
	b = appendSecondsField(b, s, "start_time", sb.StartTime)
	b = appendSecondsField(b, s, "duration", sb.Duration)
	b = appendStringField(b, s, "title", sb.Title)
	return append(b, '}')
}

func appendPodcastAlternateEnclosureJSON(b []byte, a PodcastAlternateEnclosure) []byte {
	b = append(b, '{')
	s := len(b)
	b = appendStringField(b, s, "type", a.Type)
	if a.Length != nil {
		b = appendKey(b, s, "length")
		b = strconv.AppendInt(b, *a.Length, 10)
	}
	b = appendFloatField(b, s, "bitrate", a.Bitrate)
	b = appendIntField(b, s, "height", a.Height)
	b = appendStringField(b, s, "lang", a.Lang)
	b = appendStringField(b, s, "codecs", a.Codecs)
	b = appendStringField(b, s, "rel", a.Rel)
	b = appendStringField(b, s, "title", a.Title)
	b = appendTrueField(b, s, "default", a.Default)
	b = appendListField(b, s, "sources", a.Sources, func(b []byte, src PodcastSource) []byte {
		b = append(b, '{')
		ss := len(b)
		b = appendStringField(b, ss, "uri", src.URI)
		b = appendStringField(b, ss, "content_type", src.ContentType)
		return append(b, '}')
	})
	if in := a.Integrity; in != nil {
		b = appendKey(b, s, "integrity")
		b = append(b, '{')
		is := len(b)
		b = appendStringField(b, is, "type", in.Type)
		b = appendStringField(b, is, "value", in.Value)
		b = append(b, '}')
	}
	return append(b, '}')
}

func appendPodcastValueJSON(b []byte, v PodcastValue) []byte {
	b = append(b, '{')
	s := len(b)
	b = appendStringField(b, s, "type", v.Type)
	b = appendStringField(b, s, "method", v.Method)
	b = appendStringField(b, s, "suggested", v.Suggested)
	b = appendListField(b, s, "recipients", v.Recipients, func(b []byte, r PodcastValueRecipient) []byte {
		b = append(b, '{')
		rs := len(b)
		b = appendStringField(b, rs, "name", r.Name)
		b = appendStringField(b, rs, "type", r.Type)
		b = appendStringField(b, rs, "address", r.Address)
		b = appendFloatField(b, rs, "split", r.Split)
		b = appendStringField(b, rs, "custom_key", r.CustomKey)
		b = appendStringField(b, rs, "custom_value", r.CustomValue)
		b = appendTrueField(b, rs, "fee", r.Fee)
		return append(b, '}')
	})
	return append(b, '}')
}

package feedspec

import (
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/feedspec/feedspec/internal/jsonstr"
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
	return jsonEnc{}.appendFeedJSON(make([]byte, 0, 1024), &f, nil)
}

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
	return jsonEnc{}.appendEntryJSON(make([]byte, 0, 256), &e), nil
}

// MarshalJSON returns the person's canonical JSON: the keys name, email,
// page_url and icon, in that order, each omitted when null; {} when all are.
func (p Person) MarshalJSON() ([]byte, error) {
	return jsonEnc{}.appendPersonJSON(make([]byte, 0, 64), &p), nil
}

// MarshalJSON returns the image's canonical JSON: the keys url, width and
// height, in that order, each omitted when null.
func (img Image) MarshalJSON() ([]byte, error) {
	return jsonEnc{}.appendImageJSON(make([]byte, 0, 64), &img), nil
}

// MarshalJSON returns the enclosure's canonical JSON: the specification's keys
// url, type and length, then the Media RSS additions medium, width, height,
// duration (whole seconds), file_size and bitrate, then the JSON Feed
// attachment's title, in that order, each omitted when null (type="" is
// written as "").
func (enc Enclosure) MarshalJSON() ([]byte, error) {
	return jsonEnc{}.appendEnclosureJSON(make([]byte, 0, 64), &enc), nil
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

func (w jsonEnc) appendTextField(b []byte, start int, key string, t *Text) []byte {
	if t == nil {
		return b
	}
	b = appendKey(b, start, key)
	return t.appendJSON(b, w)
}

func (w jsonEnc) appendStringField(b []byte, start int, key, s string) []byte {
	if s == "" {
		return b
	}
	b = appendKey(b, start, key)
	return w.appendJSONString(b, s)
}

func (w jsonEnc) appendDateField(b []byte, start int, key string, t *time.Time) []byte {
	if t == nil {
		return b
	}
	b = appendKey(b, start, key)
	b = append(b, '"')
	return append(appendDate(b, *t), '"') // no character to escape
}

func (w jsonEnc) appendImageField(b []byte, start int, key string, img *Image) []byte {
	if img == nil {
		return b
	}
	b = appendKey(b, start, key)
	return w.appendImageJSON(b, img)
}

func (w jsonEnc) appendPersonsField(b []byte, start int, key string, list []*Person) []byte {
	return appendListField(w, b, start, key, list, jsonEnc.appendPersonJSON)
}

// appendListField appends key and list as a JSON array whose elements elem
// writes; an empty list is omitted.
func appendListField[T any](e jsonEnc, b []byte, start int, key string, list []T, elem func(jsonEnc, []byte, T) []byte) []byte {
	if len(list) == 0 {
		return b
	}
	b = appendKey(b, start, key)
	b = append(b, '[')
	for i, v := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = elem(e, b, v)
	}
	return append(b, ']')
}

func (jsonEnc) appendIntJSON(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }

// jsonFlushSize is the size from which WriteJSON writes out what it has
// encoded, between two entries.
const jsonFlushSize = 32 << 10

// appendFeedJSON appends the feed's canonical JSON to b. When flush is not
// nil it is called between entries once b holds jsonFlushSize bytes or
// more, and encoding goes on in the slice it returns (WriteJSON).
func (w jsonEnc) appendFeedJSON(b []byte, f *Feed, flush func([]byte) ([]byte, error)) ([]byte, error) {
	b = append(b, '{')
	start := len(b)
	b = w.appendTextField(b, start, "title", f.Title)
	b = w.appendTextField(b, start, "subtitle", f.Subtitle)
	b = w.appendTextField(b, start, "description", f.Description)
	b = w.appendStringField(b, start, "page_url", f.PageURL)
	b = w.appendStringField(b, start, "feed_url", f.FeedURL)
	b = w.appendStringField(b, start, "previous_feed_url", f.PreviousFeedURL)
	b = w.appendStringField(b, start, "next_feed_url", f.NextFeedURL)
	b = w.appendImageField(b, start, "icon", f.Icon)
	b = w.appendImageField(b, start, "logo", f.Logo)
	b = w.appendDateField(b, start, "updated", f.Updated)
	b = w.appendPersonsField(b, start, "authors", f.Authors)
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
			b = w.appendEntryJSON(b, e)
			if flush != nil && len(b) >= jsonFlushSize {
				var err error
				if b, err = flush(b); err != nil {
					return b, err
				}
			}
		}
		b = append(b, ']')
		start = -1 // the object has a key: the next ones follow a comma
	}
	// The additions, after the spec's keys.
	b = w.appendStringField(b, start, "id", f.ID)
	b = w.appendStringField(b, start, "language", f.Language)
	b = w.appendTextField(b, start, "rights", f.Rights)
	if g := f.Generator; g != nil {
		b = appendKey(b, start, "generator")
		b = append(b, '{')
		gs := len(b)
		b = w.appendStringField(b, gs, "name", g.Name)
		b = w.appendStringField(b, gs, "uri", g.URI)
		b = w.appendStringField(b, gs, "version", g.Version)
		b = append(b, '}')
	}
	b = w.appendCategoriesField(b, start, "category_details", f.CategoryDetails)
	b = w.appendIntField(b, start, "ttl", f.TTL)
	b = appendListField(w, b, start, "skip_hours", f.SkipHours, jsonEnc.appendIntJSON)
	b = appendListField(w, b, start, "skip_days", f.SkipDays, jsonEnc.appendJSONString)
	b = w.appendStringField(b, start, "update_period", f.UpdatePeriod)
	b = w.appendIntField(b, start, "update_frequency", f.UpdateFrequency)
	b = w.appendLinksField(b, start, "links", f.Links)
	b = w.appendPersonsField(b, start, "contributors", f.Contributors)
	if it := f.ITunes; it != nil {
		b = appendKey(b, start, "itunes")
		b = append(b, '{')
		is := len(b)
		if it.Owner != nil {
			b = appendKey(b, is, "owner")
			b = w.appendPersonJSON(b, it.Owner)
		}
		b = w.appendBoolField(b, is, "explicit", it.Explicit)
		b = w.appendStringField(b, is, "type", it.Type)
		b = w.appendBoolField(b, is, "block", it.Block)
		b = w.appendBoolField(b, is, "complete", it.Complete)
		b = w.appendImageField(b, is, "image", it.Image)
		b = w.appendStringField(b, is, "new_feed_url", it.NewFeedURL)
		b = append(b, '}')
	}
	if f.Expired {
		b = appendKey(b, start, "expired")
		b = append(b, "true"...)
	}
	b = w.appendFeedPodcastField(b, start, f.Podcast)
	return append(b, '}'), nil
}

func (w jsonEnc) appendEntryJSON(b []byte, e *Entry) []byte {
	b = append(b, '{')
	start := len(b)
	b = w.appendTextField(b, start, "title", e.Title)
	b = w.appendTextField(b, start, "subtitle", e.Subtitle)
	b = w.appendTextField(b, start, "summary", e.Summary)
	b = w.appendTextField(b, start, "content", e.Content)
	b = w.appendStringField(b, start, "page_url", e.PageURL)
	b = w.appendImageField(b, start, "thumbnail", e.Thumbnail)
	if e.Duration != nil {
		b = appendKey(b, start, "duration")
		b = strconv.AppendInt(b, int64(*e.Duration/time.Second), 10)
	}
	b = w.appendDateField(b, start, "published", e.Published)
	b = w.appendDateField(b, start, "updated", e.Updated)
	b = w.appendPersonsField(b, start, "authors", e.Authors)
	b = appendListField(w, b, start, "categories", e.Categories, jsonEnc.appendJSONString)
	b = appendListField(w, b, start, "enclosures", e.Enclosures, jsonEnc.appendEnclosureJSON)
	// The additions, after the spec's keys.
	b = w.appendStringField(b, start, "id", e.ID)
	b = w.appendBoolField(b, start, "id_is_permalink", e.IDIsPermalink)
	b = w.appendStringField(b, start, "language", e.Language)
	b = w.appendTextField(b, start, "rights", e.Rights)
	b = w.appendStringField(b, start, "comments_url", e.CommentsURL)
	b = w.appendIntField(b, start, "comment_count", e.CommentCount)
	if src := e.Source; src != nil {
		b = appendKey(b, start, "source")
		b = append(b, '{')
		ss := len(b)
		b = w.appendStringField(b, ss, "id", src.ID)
		b = w.appendTextField(b, ss, "title", src.Title)
		b = w.appendStringField(b, ss, "url", src.URL)
		b = w.appendStringField(b, ss, "feed_url", src.FeedURL)
		b = append(b, '}')
	}
	b = w.appendPersonsField(b, start, "contributors", e.Contributors)
	b = w.appendCategoriesField(b, start, "category_details", e.CategoryDetails)
	b = w.appendStringField(b, start, "content_src", e.ContentSrc)
	b = w.appendStringField(b, start, "content_type", e.ContentType)
	b = w.appendLinksField(b, start, "links", e.Links)
	if it := e.ITunes; it != nil {
		b = appendKey(b, start, "itunes")
		b = append(b, '{')
		is := len(b)
		b = w.appendStringField(b, is, "title", it.Title)
		b = w.appendIntField(b, is, "episode", it.Episode)
		b = w.appendIntField(b, is, "season", it.Season)
		b = w.appendStringField(b, is, "episode_type", it.EpisodeType)
		b = w.appendBoolField(b, is, "explicit", it.Explicit)
		b = w.appendBoolField(b, is, "block", it.Block)
		b = append(b, '}')
	}
	b = w.appendEntryPodcastField(b, start, e.Podcast)
	return append(b, '}')
}

func (w jsonEnc) appendIntField(b []byte, start int, key string, n *int) []byte {
	if n == nil {
		return b
	}
	b = appendKey(b, start, key)
	return strconv.AppendInt(b, int64(*n), 10)
}

func (w jsonEnc) appendBoolField(b []byte, start int, key string, v *bool) []byte {
	if v == nil {
		return b
	}
	b = appendKey(b, start, key)
	return strconv.AppendBool(b, *v)
}

func (w jsonEnc) appendCategoriesField(b []byte, start int, key string, list []Category) []byte {
	return appendListField(w, b, start, key, list, jsonEnc.appendCategoryJSON)
}

func (w jsonEnc) appendCategoryJSON(b []byte, c Category) []byte {
	b = append(b, '{')
	cs := len(b)
	b = w.appendStringField(b, cs, "term", c.Term)
	b = w.appendStringField(b, cs, "scheme", c.Scheme)
	b = w.appendStringField(b, cs, "label", c.Label)
	b = w.appendCategoriesField(b, cs, "subcategories", c.Subcategories)
	return append(b, '}')
}

func (w jsonEnc) appendLinksField(b []byte, start int, key string, list []Link) []byte {
	return appendListField(w, b, start, key, list, jsonEnc.appendLinkJSON)
}

func (w jsonEnc) appendLinkJSON(b []byte, l Link) []byte {
	b = append(b, '{')
	ls := len(b)
	b = w.appendStringField(b, ls, "href", l.Href)
	b = w.appendStringField(b, ls, "rel", l.Rel)
	b = w.appendStringField(b, ls, "type", l.Type)
	b = w.appendStringField(b, ls, "hreflang", l.HrefLang)
	b = w.appendStringField(b, ls, "title", l.Title)
	if l.Length != nil {
		b = appendKey(b, ls, "length")
		b = strconv.AppendInt(b, *l.Length, 10)
	}
	return append(b, '}')
}

func (w jsonEnc) appendPersonJSON(b []byte, p *Person) []byte {
	if p == nil {
		return append(b, "null"...)
	}
	b = append(b, '{')
	start := len(b)
	b = w.appendStringField(b, start, "name", p.Name)
	b = w.appendStringField(b, start, "email", p.Email)
	b = w.appendStringField(b, start, "page_url", p.PageURL)
	b = w.appendImageField(b, start, "icon", p.Icon)
	return append(b, '}')
}

func (w jsonEnc) appendImageJSON(b []byte, img *Image) []byte {
	b = append(b, '{')
	start := len(b)
	b = w.appendStringField(b, start, "url", img.URL)
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

func (w jsonEnc) appendEnclosureJSON(b []byte, enc *Enclosure) []byte {
	if enc == nil {
		return append(b, "null"...)
	}
	b = append(b, '{')
	start := len(b)
	b = w.appendStringField(b, start, "url", enc.URL)
	if enc.MIMEType != nil {
		b = appendKey(b, start, "type")
		b = w.appendJSONString(b, *enc.MIMEType)
	}
	if enc.Length != nil {
		b = appendKey(b, start, "length")
		b = strconv.AppendInt(b, *enc.Length, 10)
	}
	// The Media RSS additions.
	b = w.appendStringField(b, start, "medium", enc.Medium)
	b = w.appendIntField(b, start, "width", enc.Width)
	b = w.appendIntField(b, start, "height", enc.Height)
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
	b = w.appendStringField(b, start, "title", enc.Title) // JSON Feed
	return append(b, '}')
}

// A jsonEnc writes the canonical JSON. With html set it escapes <, > and &
// as \u003c, \u003e and \u0026 in strings, as json.Marshal does, so that
// AppendJSON and WriteJSON give json.Marshal's bytes; without it
// (MarshalJSON) they stay readable.
type jsonEnc struct {
	html bool
}

// appendJSONString appends s as a JSON string (appendJSONText).
func (w jsonEnc) appendJSONString(b []byte, s string) []byte {
	return appendJSONText(b, s, w.html)
}

// appendJSONText appends s as a JSON string escaped as encoding/json does:
// quotes, backslashes and control characters (\b, \f, \n, \r, \t by name),
// U+2028 and U+2029, and with html <, > and &; invalid UTF-8 becomes
// \ufffd.
func appendJSONText[S []byte | string](dst []byte, s S, html bool) []byte {
	dst = append(dst, '"')
	dst = appendJSONChars(dst, s, html)
	return append(dst, '"')
}

// appendJSONChars is appendJSONText without the quotes
// (jsonstr.AppendChars).
func appendJSONChars[S []byte | string](dst []byte, s S, html bool) []byte {
	return jsonstr.AppendChars(dst, s, html)
}

// The Podcasting 2.0 additions (podcast.go), the last key of a feed and of
// an entry: "podcast". The keys of each object are listed on the types.

func (w jsonEnc) appendFeedPodcastField(b []byte, start int, pc *FeedPodcast) []byte {
	if pc == nil {
		return b
	}
	b = appendKey(b, start, "podcast")
	b = append(b, '{')
	ps := len(b)
	b = w.appendStringField(b, ps, "guid", pc.GUID)
	b = w.appendBoolField(b, ps, "locked", pc.Locked)
	b = w.appendStringField(b, ps, "locked_owner", pc.LockedOwner)
	b = appendListField(w, b, ps, "funding", pc.Funding, jsonEnc.appendPodcastFundingJSON)
	b = appendListField(w, b, ps, "persons", pc.Persons, jsonEnc.appendPodcastPersonJSON)
	b = appendListField(w, b, ps, "values", pc.Values, jsonEnc.appendPodcastValueJSON)
	return append(b, '}')
}

func (w jsonEnc) appendEntryPodcastField(b []byte, start int, pc *EntryPodcast) []byte {
	if pc == nil {
		return b
	}
	b = appendKey(b, start, "podcast")
	b = append(b, '{')
	ps := len(b)
	b = appendListField(w, b, ps, "transcripts", pc.Transcripts, jsonEnc.appendPodcastTranscriptJSON)
	if c := pc.Chapters; c != nil {
		b = appendKey(b, ps, "chapters")
		b = append(b, '{')
		cs := len(b)
		b = w.appendStringField(b, cs, "url", c.URL)
		b = w.appendStringField(b, cs, "type", c.Type)
		b = append(b, '}')
	}
	b = appendListField(w, b, ps, "persons", pc.Persons, jsonEnc.appendPodcastPersonJSON)
	if s := pc.Season; s != nil {
		b = appendKey(b, ps, "season")
		b = append(b, '{')
		ss := len(b)
		b = w.appendIntField(b, ss, "number", &s.Number)
		b = w.appendStringField(b, ss, "name", s.Name)
		b = append(b, '}')
	}
	if e := pc.Episode; e != nil {
		b = appendKey(b, ps, "episode")
		b = append(b, '{')
		es := len(b)
		b = w.appendFloatField(b, es, "number", &e.Number)
		b = w.appendStringField(b, es, "display", e.Display)
		b = append(b, '}')
	}
	b = appendListField(w, b, ps, "soundbites", pc.Soundbites, jsonEnc.appendPodcastSoundbiteJSON)
	b = appendListField(w, b, ps, "alternate_enclosures", pc.AlternateEnclosures, jsonEnc.appendPodcastAlternateEnclosureJSON)
	b = appendListField(w, b, ps, "values", pc.Values, jsonEnc.appendPodcastValueJSON)
	return append(b, '}')
}

func (w jsonEnc) appendFloatField(b []byte, start int, key string, f *float64) []byte {
	if f == nil {
		return b
	}
	b = appendKey(b, start, key)
	return strconv.AppendFloat(b, *f, 'f', -1, 64)
}

func (w jsonEnc) appendTrueField(b []byte, start int, key string, v bool) []byte {
	if !v {
		return b
	}
	b = appendKey(b, start, key)
	return append(b, "true"...)
}

// appendSecondsField writes d in seconds, with a fraction when it has one.
func (w jsonEnc) appendSecondsField(b []byte, start int, key string, d time.Duration) []byte {
	b = appendKey(b, start, key)
	return strconv.AppendFloat(b, d.Seconds(), 'f', -1, 64)
}

func (w jsonEnc) appendPodcastFundingJSON(b []byte, f PodcastFunding) []byte {
	b = append(b, '{')
	s := len(b)
	b = w.appendStringField(b, s, "url", f.URL)
	b = w.appendStringField(b, s, "text", f.Text)
	return append(b, '}')
}

func (w jsonEnc) appendPodcastPersonJSON(b []byte, p PodcastPerson) []byte {
	b = append(b, '{')
	s := len(b)
	b = w.appendStringField(b, s, "name", p.Name)
	b = w.appendStringField(b, s, "role", p.Role)
	b = w.appendStringField(b, s, "group", p.Group)
	b = w.appendStringField(b, s, "img", p.Img)
	b = w.appendStringField(b, s, "href", p.Href)
	return append(b, '}')
}

func (w jsonEnc) appendPodcastTranscriptJSON(b []byte, t PodcastTranscript) []byte {
	b = append(b, '{')
	s := len(b)
	b = w.appendStringField(b, s, "url", t.URL)
	b = w.appendStringField(b, s, "type", t.Type)
	b = w.appendStringField(b, s, "language", t.Language)
	b = w.appendStringField(b, s, "rel", t.Rel)
	return append(b, '}')
}

func (w jsonEnc) appendPodcastSoundbiteJSON(b []byte, sb PodcastSoundbite) []byte {
	b = append(b, '{')
	s := len(b)
	b = w.appendSecondsField(b, s, "start_time", sb.StartTime)
	b = w.appendSecondsField(b, s, "duration", sb.Duration)
	b = w.appendStringField(b, s, "title", sb.Title)
	return append(b, '}')
}

func (w jsonEnc) appendPodcastAlternateEnclosureJSON(b []byte, a PodcastAlternateEnclosure) []byte {
	b = append(b, '{')
	s := len(b)
	b = w.appendStringField(b, s, "type", a.Type)
	if a.Length != nil {
		b = appendKey(b, s, "length")
		b = strconv.AppendInt(b, *a.Length, 10)
	}
	b = w.appendFloatField(b, s, "bitrate", a.Bitrate)
	b = w.appendIntField(b, s, "height", a.Height)
	b = w.appendStringField(b, s, "lang", a.Lang)
	b = w.appendStringField(b, s, "codecs", a.Codecs)
	b = w.appendStringField(b, s, "rel", a.Rel)
	b = w.appendStringField(b, s, "title", a.Title)
	b = w.appendTrueField(b, s, "default", a.Default)
	b = appendListField(w, b, s, "sources", a.Sources, func(w jsonEnc, b []byte, src PodcastSource) []byte {
		b = append(b, '{')
		ss := len(b)
		b = w.appendStringField(b, ss, "uri", src.URI)
		b = w.appendStringField(b, ss, "content_type", src.ContentType)
		return append(b, '}')
	})
	if in := a.Integrity; in != nil {
		b = appendKey(b, s, "integrity")
		b = append(b, '{')
		is := len(b)
		b = w.appendStringField(b, is, "type", in.Type)
		b = w.appendStringField(b, is, "value", in.Value)
		b = append(b, '}')
	}
	return append(b, '}')
}

func (w jsonEnc) appendPodcastValueJSON(b []byte, v PodcastValue) []byte {
	b = append(b, '{')
	s := len(b)
	b = w.appendStringField(b, s, "type", v.Type)
	b = w.appendStringField(b, s, "method", v.Method)
	b = w.appendStringField(b, s, "suggested", v.Suggested)
	b = appendListField(w, b, s, "recipients", v.Recipients, func(w jsonEnc, b []byte, r PodcastValueRecipient) []byte {
		b = append(b, '{')
		rs := len(b)
		b = w.appendStringField(b, rs, "name", r.Name)
		b = w.appendStringField(b, rs, "type", r.Type)
		b = w.appendStringField(b, rs, "address", r.Address)
		b = w.appendFloatField(b, rs, "split", r.Split)
		b = w.appendStringField(b, rs, "custom_key", r.CustomKey)
		b = w.appendStringField(b, rs, "custom_value", r.CustomValue)
		b = w.appendTrueField(b, rs, "fee", r.Fee)
		return append(b, '}')
	})
	return append(b, '}')
}

package feedspec

import (
	"io"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/feedspec/feedspec/internal/jsonstr"
)

// jsonFeedVersion is the version URL WriteJSONFeed writes.
const jsonFeedVersion = "https://jsonfeed.org/version/1.1"

// WriteJSONFeed writes f as a JSON Feed 1.1 document to w: the members the
// model has a value for, and the ones JSON Feed requires (version, title,
// items, and each item's id and content). docs/writing.md has the table of
// where each field goes and what JSON Feed cannot carry, and the rules for
// the required members: the title is "" when there is none; an item's id is
// derived as WriteAtom derives an entry's; its content_html is Content's
// HTML (content_text a string Content), else, for an entry without
// content, the summary's HTML when it is a Node value, else content_text
// is the summary's string, or "". No member holds text the model does not.
//
// The document is streamed to w through a small buffer. Strings are
// escaped as encoding/json escapes them with its HTML escaping off; a
// byte that is not part of valid UTF-8 becomes U+FFFD.
func (f *Feed) WriteJSONFeed(w io.Writer) error {
	if f == nil {
		return errNilFeed
	}
	x := &feedWriter{w: w, buf: make([]byte, 0, writeBufferSize)}
	f.writeJSONFeed(x)
	x.flush()
	if x.err != nil {
		return wrap("writing JSON Feed", x.err)
	}
	return nil
}

// writeJSONFeed writes the JSON Feed document.
func (f *Feed) writeJSONFeed(x *feedWriter) {
	x.raw(`{"version":"` + jsonFeedVersion + `","title":`)
	x.jsonString(textString(f.Title))
	x.jsonMember("home_page_url", f.PageURL)
	x.jsonMember("feed_url", f.FeedURL)
	desc := f.Description
	if desc == nil {
		desc = f.Subtitle
	}
	x.jsonMember("description", textString(desc))
	x.jsonMember("next_url", f.NextFeedURL)
	if f.Logo != nil {
		x.jsonMember("icon", f.Logo.URL)
	}
	if f.Icon != nil {
		x.jsonMember("favicon", f.Icon.URL)
	}
	x.jsonAuthors(f.Authors)
	x.jsonMember("language", f.Language)
	if f.Expired {
		x.raw(`,"expired":true`)
	}
	x.raw(`,"items":[`)
	first := true
	ids := f.entryIDs(false)
	for i, e := range f.Entries {
		if x.failed() {
			return
		}
		if e == nil {
			continue
		}
		if !first {
			x.raw(",")
		}
		first = false
		e.writeJSONFeedItem(x, entryID(ids, i, e, false))
	}
	x.raw("]}\n")
}

// writeJSONFeedItem writes an entry as a JSON Feed item with the id id.
func (e *Entry) writeJSONFeedItem(x *feedWriter, id string) {
	x.raw("\n")
	x.raw(`{"id":`)
	x.jsonString(id)
	x.jsonMember("url", e.PageURL)
	x.jsonMember("external_url", firstLinkOf(e.Links, "related"))
	if e.Title != nil {
		x.jsonMember("title", textString(e.Title))
	}
	content, summary := e.Content, e.Summary
	if content == nil && summary != nil && summary.isNode() {
		content, summary = summary, nil
	}
	switch {
	case content != nil && content.isNode():
		h, markup := x.htmlValue(content)
		if markup {
			x.raw(`,"content_html":`)
			x.jsonString(h)
		} else {
			x.raw(`,"content_text":`)
			x.jsonString(plainValue(content, h))
		}
		x.releaseScratch()
	case content != nil:
		x.raw(`,"content_text":`)
		x.jsonString(content.str)
	default:
		// A string summary is the content too: the reader then drops the
		// content as the summary's (cleanup, [291]).
		x.raw(`,"content_text":`)
		x.jsonString(textString(summary))
	}
	if summary != nil {
		x.jsonMember("summary", textString(summary))
	}
	if e.Thumbnail != nil {
		x.jsonMember("image", e.Thumbnail.URL)
	}
	x.jsonMember("banner_image", firstLinkOf(e.Links, "banner_image"))
	x.jsonDate("date_published", e.Published)
	x.jsonDate("date_modified", e.Updated)
	x.jsonAuthors(e.Authors)
	if len(e.Categories) > 0 {
		x.raw(`,"tags":[`)
		n := 0
		for _, t := range e.Categories {
			if !hasNonSpaceChar(t) {
				continue // a tag of spaces, which the reader drops
			}
			if n > 0 {
				x.raw(",")
			}
			n++
			x.jsonString(t)
		}
		x.raw("]")
	}
	x.jsonMember("language", e.Language)
	first := true
	for _, enc := range e.Enclosures {
		if enc == nil {
			continue
		}
		if first {
			x.raw(`,"attachments":[`)
			first = false
		} else {
			x.raw(",")
		}
		x.raw(`{"url":`)
		x.jsonString(enc.URL)
		x.raw(`,"mime_type":`) // required: "" when unknown
		if enc.MIMEType != nil {
			x.jsonString(*enc.MIMEType)
		} else {
			x.raw(`""`)
		}
		x.jsonMember("title", enc.Title)
		if enc.Length != nil && *enc.Length > 0 {
			x.jsonInt("size_in_bytes", *enc.Length)
		}
		if enc.Duration != nil && *enc.Duration >= 0 {
			x.jsonInt("duration_in_seconds", int64(*enc.Duration/time.Second))
		}
		x.raw("}")
	}
	if !first {
		x.raw("]")
	}
	x.raw("}")
}

// firstLinkOf returns the href of the first link of links whose relation
// is rel, or "".
func firstLinkOf(links []Link, rel string) string {
	for i := range links {
		if linkRel(&links[i]) == rel {
			return links[i].Href
		}
	}
	return ""
}

// jsonAuthors writes the authors member: each person's name, url (its
// page) and avatar (its icon); a person with none of them is left out
// (JSON Feed has no email).
func (x *feedWriter) jsonAuthors(list []*Person) {
	first := true
	for _, p := range list {
		if p == nil || stringValue(p.Name) == "" && p.PageURL == "" && p.Icon == nil {
			continue
		}
		if first {
			x.raw(`,"authors":[`)
			first = false
		} else {
			x.raw(",")
		}
		x.raw("{")
		sep := ""
		if stringValue(p.Name) != "" {
			x.raw(`"name":`)
			x.jsonString(p.Name)
			sep = ","
		}
		if p.PageURL != "" {
			x.raw(sep)
			x.raw(`"url":`)
			x.jsonString(p.PageURL)
			sep = ","
		}
		if p.Icon != nil {
			x.raw(sep)
			x.raw(`"avatar":`)
			x.jsonString(p.Icon.URL)
		}
		x.raw("}")
	}
	if !first {
		x.raw("]")
	}
}

// jsonMember writes ,"key":"s" when s is not "".
func (x *feedWriter) jsonMember(key, s string) {
	if s == "" {
		return
	}
	x.room(len(key) + 4)
	x.buf = append(x.buf, ',', '"')
	x.buf = append(x.buf, key...)
	x.buf = append(x.buf, '"', ':')
	x.jsonString(s)
}

// jsonInt writes ,"key":n.
func (x *feedWriter) jsonInt(key string, n int64) {
	x.room(len(key) + 24)
	x.buf = append(x.buf, ',', '"')
	x.buf = append(x.buf, key...)
	x.buf = append(x.buf, '"', ':')
	x.buf = strconv.AppendInt(x.buf, n, 10)
}

// jsonDate writes ,"key":"date" (RFC 3339) when t is a date the writers
// write.
func (x *feedWriter) jsonDate(key string, t *time.Time) {
	if !writableDate(t) {
		return
	}
	x.room(len(key) + 48)
	x.buf = append(x.buf, ',', '"')
	x.buf = append(x.buf, key...)
	x.buf = append(x.buf, '"', ':', '"')
	x.buf = appendWriteDate(x.buf, *t, false)
	x.buf = append(x.buf, '"')
}

// jsonString writes s as a JSON string, escaped by jsonstr (as
// encoding/json escapes it, HTML characters included), in pieces that fit
// the buffer: a piece is cut before a byte that starts a UTF-8 sequence
// (or an invalid byte), which escaping reads alike whole or cut.
func (x *feedWriter) jsonString(s string) {
	x.room(1)
	x.buf = append(x.buf, '"')
	for len(s) > 0 {
		// An escape is at most six bytes a byte; jsonstr reserves eight
		// bytes more.
		n := len(s)
		if free := cap(x.buf) - len(x.buf); 6*n+8 > free {
			if len(x.buf) > cap(x.buf)/2 {
				x.flush()
				free = cap(x.buf) - len(x.buf)
			}
			if 6*n+8 > free {
				n = (free - 8) / 6
				for n > 0 && !utf8.RuneStart(s[n]) {
					n--
				}
				if n == 0 { // cannot happen with a buffer of writeBufferSize
					n = 1
				}
			}
		}
		x.buf = jsonstr.AppendString(x.buf, s[:n], false)
		s = s[n:]
	}
	x.room(1)
	x.buf = append(x.buf, '"')
}

package feedspec

import (
	"time"
	"unicode/utf8"
)

// writeExpect turns want, f's canonical JSON decoded, into what the
// format carries of it: the mappings and derivations of docs/writing.md,
// applied to the JSON. The round trip compares the result with what is
// read back.
func writeExpect(format string, f *Feed, want map[string]any) {
	keep := func(m map[string]any, keys ...string) {
		allowed := map[string]bool{}
		for _, k := range keys {
			allowed[k] = true
		}
		for k := range m {
			if !allowed[k] {
				delete(m, k)
			}
		}
	}
	dropUnwritableDates(want, format == "rss")
	if format != "jsonfeed" {
		for _, e := range list(want["entries"]) {
			for _, enc := range list(e.(map[string]any)["enclosures"]) {
				enc := enc.(map[string]any)
				for _, k := range []string{"width", "height"} {
					if n, ok := enc[k].(float64); ok && n <= 0 {
						delete(enc, k) // Media RSS sizes are positive
					}
				}
			}
		}
	}
	if format != "jsonfeed" {
		for _, e := range list(want["entries"]) {
			if th, ok := e.(map[string]any)["thumbnail"].(map[string]any); ok {
				for _, k := range []string{"width", "height"} {
					if n, ok := th[k].(float64); ok && n <= 0 {
						delete(th, k) // image sizes are written when positive
					}
				}
			}
		}
	}
	entries, _ := want["entries"].([]any)
	atomIDs, jsonIDs := f.entryIDs(true), f.entryIDs(false)
	switch format {
	case "rss":
		keep(want, "title", "subtitle", "description", "page_url", "feed_url", "previous_feed_url",
			"next_feed_url", "icon", "logo", "updated", "authors", "entries", "language", "rights",
			"generator", "category_details", "ttl", "skip_hours", "skip_days", "update_period",
			"update_frequency", "links", "contributors", "itunes", "podcast", "channel_image", "cloud",
			"text_input", "rating", "docs", "web_master", "published", "last_build_date", "update_base",
			"media_rss", "geo", "license", "complete", "archive")
		setText(want, "title", textOnly(want["title"]))
		setText(want, "subtitle", textOnly(want["subtitle"]))
		if want["description"] == nil {
			setText(want, "description", want["subtitle"])
		}
		setText(want, "description", textOnly(want["description"]))
		setText(want, "rights", textOnly(want["rights"]))
		if want["page_url"] == nil && want["feed_url"] != nil {
			want["page_url"] = want["feed_url"]
		}
		if want["page_url"] == nil && f.docURL != "" {
			want["page_url"] = f.docURL
		}
		setText(want, "language", stringOrNil(languageTag(str(want["language"]))))
		if s, _ := want["subtitle"].(string); utf8.RuneCountInString(s) > 255 {
			delete(want, "subtitle")
		}
		if p, ok := want["web_master"].(map[string]any); ok && p["email"] == nil {
			delete(want, "web_master")
		}
		if want["published"] == nil && want["last_build_date"] == nil && want["updated"] != nil {
			want["last_build_date"] = want["updated"]
		}
		// The icon is the iTunes image (the only icon RSS has), dropped
		// when it is the logo.
		delete(want, "icon")
		if it, ok := want["itunes"].(map[string]any); ok && it["image"] != nil {
			want["icon"] = it["image"]
			if logo, ok := want["logo"].(map[string]any); ok && logo["url"] == it["image"].(map[string]any)["url"] {
				delete(want, "icon")
			}
		}
		if it, ok := want["itunes"].(map[string]any); ok {
			delete(it, "complete")
			if o, ok := it["owner"].(map[string]any); ok && !isEmail(str(o["email"])) {
				delete(it, "owner")
			}
			if len(it) == 0 {
				delete(want, "itunes")
			}
		}
		if g, ok := want["generator"].(map[string]any); ok {
			keep(g, "name")
			if len(g) == 0 {
				delete(want, "generator")
			}
		}
		if logo, ok := want["logo"].(map[string]any); ok {
			keep(logo, "url")
		}
		rssChannelImage(want)
		want["authors"] = rssPersons(want["authors"])
		want["contributors"] = nameOnlyPersons(want["contributors"])
		if p, ok := want["web_master"].(map[string]any); ok {
			keep(p, "name", "email")
		}
		if ti, ok := want["text_input"].(map[string]any); ok {
			setText(ti, "title", textOnly(ti["title"]))
			setText(ti, "description", textOnly(ti["description"]))
		}
		want["category_details"] = rssFeedCategories(want["category_details"])
		setWrittenMediaRSS("rss", f, entries)
		for _, e := range entries {
			e := e.(map[string]any)
			keep(e, "title", "subtitle", "summary", "content", "page_url", "thumbnail", "duration",
				"published", "updated", "authors", "categories", "enclosures", "id", "id_is_permalink",
				"language", "rights", "comments_url", "comment_count", "source", "contributors",
				"category_details", "links", "itunes", "podcast", "comments_feed_url",
				"media_rss", "geo", "license", "chapters", "in_reply_to")
			setText(e, "title", textOnly(e["title"]))
			setText(e, "subtitle", textOnly(e["subtitle"]))
			setText(e, "rights", textOnly(e["rights"]))
			if e["id"] != nil && (e["id_is_permalink"] == nil || !isHTTPURL(str(e["id"]))) {
				e["id_is_permalink"] = false
			}
			setText(e, "language", stringOrNil(languageTag(str(e["language"]))))
			if s, _ := e["subtitle"].(string); utf8.RuneCountInString(s) > 255 {
				delete(e, "subtitle")
			}
			e["authors"] = rssPersons(e["authors"])
			e["contributors"] = nameOnlyPersons(e["contributors"])
			cats := map[any]bool{}
			for _, c := range list(e["categories"]) {
				cats[c] = true
			}
			for _, c := range list(e["category_details"]) {
				c := c.(map[string]any)
				switch {
				case cats[c["term"]]:
					delete(c, "label") // a category
				case !isFullURI(str(c["scheme"])):
					delete(c, "label") // a dc:subject
					delete(c, "scheme")
				}
			}
			if s, ok := e["source"].(map[string]any); ok {
				keep(s, "title", "feed_url")
				if s["feed_url"] == nil {
					delete(e, "source")
				}
			}
			for _, enc := range list(e["enclosures"]) {
				enc := enc.(map[string]any)
				delete(enc, "title")
				if t, ok := enc["type"].(string); ok && !isMIMEType(t) {
					if t != "" {
						delete(enc, "type")
					}
					delete(enc, "length")
				}
				if enc["type"] == nil || hasAnyKey(enc, "medium", "width", "height", "duration", "file_size", "bitrate") {
					delete(enc, "length")
				}
			}
		}
	case "atom":
		setWrittenMediaRSS("atom", f, entries)
		keep(want, "title", "subtitle", "page_url", "feed_url", "previous_feed_url", "next_feed_url",
			"icon", "logo", "updated", "authors", "entries", "id", "language", "rights", "generator",
			"category_details", "links", "contributors", "media_rss", "geo", "license",
			"deleted_entries", "complete", "archive")
		if want["subtitle"] == nil && f.Description != nil {
			want["subtitle"] = canonicalMap(&Feed{Title: f.Description})["title"]
		}
		want["id"] = f.atomID()
		want["updated"] = canonicalMap(&Feed{Updated: f.atomUpdated()})["updated"]
		setText(want, "language", stringOrNil(languageTag(str(want["language"]))))
		if f.needsAtomAuthor() {
			want["authors"] = append(list(want["authors"]), map[string]any{})
		}
		atomSchemes(want["category_details"])
		for _, k := range []string{"icon", "logo"} {
			if img, ok := want[k].(map[string]any); ok {
				keep(img, "url")
			}
		}
		for _, c := range list(want["category_details"]) {
			delete(c.(map[string]any), "subcategories")
		}
		want["authors"] = atomPersons(want["authors"])
		want["contributors"] = atomPersons(want["contributors"])
		for i, e := range entries {
			e := e.(map[string]any)
			keep(e, "title", "summary", "content", "page_url", "thumbnail", "published", "updated",
				"authors", "categories", "enclosures", "id", "language", "rights", "comments_url",
				"comment_count", "source", "contributors", "category_details", "links", "content_src",
				"content_type", "comments_feed_url", "media_rss", "geo", "license", "chapters",
				"in_reply_to")
			e["id"] = entryID(atomIDs, i, f.Entries[i], true)
			if e["updated"] == nil {
				if e["published"] != nil {
					e["updated"] = e["published"]
				} else if want["updated"] != nil {
					e["updated"] = want["updated"]
				}
			}
			if e["content"] != nil {
				delete(e, "content_src")
				delete(e, "content_type")
			}
			if t, ok := e["content_type"].(string); ok && !isMIMEType(t) {
				delete(e, "content_type")
			}
			setText(e, "language", stringOrNil(languageTag(str(e["language"]))))
			atomSchemes(e["category_details"])
			if src, ok := e["source"].(map[string]any); ok {
				atomSchemes(src["category_details"])
			}
			// An alternate link (an RSS item's atom:link) is the page
			// URL in Atom, unless it is an enclosure's ([263]).
			if e["page_url"] == nil {
				for _, l := range list(e["links"]) {
					l := l.(map[string]any)
					if l["rel"] == "alternate" {
						isEnc := false
						for _, enc := range list(e["enclosures"]) {
							isEnc = isEnc || enc.(map[string]any)["url"] == l["href"]
						}
						if !isEnc {
							e["page_url"] = l["href"]
						}
						break
					}
				}
			}
			// Every category but those written as media:category (a
			// scheme, and not in categories) is an Atom category.
			cats := map[any]bool{}
			var terms []any
			for _, c := range list(e["categories"]) {
				cats[c] = true
			}
			seen := map[any]bool{}
			for _, c := range list(e["category_details"]) {
				c := c.(map[string]any)
				if (cats[c["term"]] || !isFullURI(str(c["scheme"]))) && !seen[c["term"]] {
					seen[c["term"]] = true
					terms = append(terms, c["term"])
				}
			}
			for _, c := range list(e["categories"]) {
				if !seen[c] {
					seen[c] = true
					terms = append(terms, c)
				}
			}
			setList(e, "categories", terms)
			e["authors"] = atomPersons(e["authors"])
			e["contributors"] = atomPersons(e["contributors"])
			if src, ok := e["source"].(map[string]any); ok {
				if id, ok := src["id"].(string); ok {
					src["id"] = uriID(id)
				}
				src["authors"] = atomPersons(src["authors"])
				if src["authors"] == nil {
					delete(src, "authors")
				}
			}
			objFor := atomObjFor(f.Entries[i])
			media, forced := 0, objFor != nil
			isEmptyTypeImage := func(k int) bool {
				enc := f.Entries[i].Enclosures[k]
				return enc != nil && emptyTypeImage(enc)
			}
			for k, enc := range list(e["enclosures"]) {
				if hasAnyKey(enc.(map[string]any), "medium", "width", "height", "duration", "file_size", "bitrate") || objFor != nil && objFor[k] >= 0 || isEmptyTypeImage(k) {
					media++
					forced = forced || isEmptyTypeImage(k)
				}
			}
			grouped := media >= 2 || forced && media >= 1
			for k, enc := range list(e["enclosures"]) {
				enc := enc.(map[string]any)
				delete(enc, "title")
				isMedia := hasAnyKey(enc, "medium", "width", "height", "duration", "file_size", "bitrate") || objFor != nil && objFor[k] >= 0 || isEmptyTypeImage(k)
				switch {
				case isMedia && grouped:
					delete(enc, "length")
				case isMedia: // a link
					if enc["length"] == nil && enc["file_size"] != nil {
						enc["length"] = enc["file_size"]
					}
					keep(enc, "url", "type", "length")
				}
				paired := objFor != nil && objFor[k] >= 0 || isEmptyTypeImage(k) // written with its type, even ""
				if t, ok := enc["type"].(string); ok && (isMedia && grouped && (t != "" || paired) || isMIMEType(t)) {
					continue
				}
				delete(enc, "type")
			}
		}
	case "jsonfeed":
		keep(want, "title", "description", "page_url", "feed_url", "next_feed_url", "icon", "logo",
			"authors", "entries", "language", "expired")
		setText(want, "title", textOnly(want["title"]))
		if want["description"] == nil && f.Subtitle != nil {
			want["description"] = textOnly(canonicalMap(&Feed{Title: f.Subtitle})["title"])
		}
		setText(want, "description", textOnly(want["description"]))
		for _, k := range []string{"icon", "logo"} {
			if img, ok := want[k].(map[string]any); ok {
				keep(img, "url")
			}
		}
		want["authors"] = jsonFeedPersons(want["authors"])
		for i, e := range entries {
			e := e.(map[string]any)
			keep(e, "title", "summary", "content", "page_url", "thumbnail", "published", "updated",
				"authors", "categories", "enclosures", "id", "language", "links")
			var tags []any
			for _, c := range list(e["categories"]) {
				if hasNonSpaceChar(str(c)) {
					tags = append(tags, c) // the reader drops a tag of spaces
				}
			}
			setList(e, "categories", tags)
			e["id"] = entryID(jsonIDs, i, f.Entries[i], false)
			setText(e, "title", textOnly(e["title"]))
			if e["content"] == nil {
				if _, isHTML := htmlOf(e["summary"]); isHTML {
					e["content"], e["summary"] = e["summary"], nil
				}
			}
			setText(e, "summary", textOnly(e["summary"]))
			if th, ok := e["thumbnail"].(map[string]any); ok {
				keep(th, "url")
			}
			e["authors"] = jsonFeedPersons(e["authors"])
			var links []any
			for _, rel := range []string{"related", "banner_image"} {
				for _, l := range list(e["links"]) {
					if l.(map[string]any)["rel"] == rel {
						links = append(links, map[string]any{"href": l.(map[string]any)["href"], "rel": rel})
						break
					}
				}
			}
			setList(e, "links", links)
			for _, enc := range list(e["enclosures"]) {
				enc := enc.(map[string]any)
				keep(enc, "url", "type", "length", "duration", "title")
				if enc["type"] == nil {
					enc["type"] = ""
				}
			}
		}
	}
	dropAllSynthesizedLinks(format, want)
}

// dropAllSynthesizedLinks drops the synthesized links (see
// dropSynthesizedLinks) of the feed m and of its entries.
func dropAllSynthesizedLinks(format string, m map[string]any) {
	for _, e := range list(m["entries"]) {
		setList(e.(map[string]any), "links", dropSynthesizedLinks(format, e.(map[string]any)))
	}
	setList(m, "links", dropSynthesizedLinks(format, m))
}

// dropUnwritableDates drops the dates the writers leave out (years
// outside 1 to 9999; in RSS, below 1000) from v, an object or a list, and
// what it holds.
func dropUnwritableDates(v any, rss bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			switch k {
			case "updated", "published", "last_build_date", "update_base":
				if s, ok := x.(string); ok {
					t, err := time.Parse(time.RFC3339Nano, s)
					if err != nil || !writableDate(&t) || rss && t.Year() < 1000 {
						delete(v, k)
					}
				}
			default:
				dropUnwritableDates(x, rss)
			}
		}
	case []any:
		for _, x := range v {
			dropUnwritableDates(x, rss)
		}
	}
}

// str returns v as a string ("" when it is not one).
func str(v any) string {
	s, _ := v.(string)
	return s
}

// stringOrNil returns s, or nil when it is "".
func stringOrNil(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// atomSchemes drops the category schemes Atom cannot carry (not an
// absolute URI).
func atomSchemes(v any) {
	for _, c := range list(v) {
		c := c.(map[string]any)
		if sc, ok := c["scheme"].(string); ok && !isFullURI(sc) {
			delete(c, "scheme")
		}
	}
}

// list returns v as a list (nil when it is not one).
func list(v any) []any {
	l, _ := v.([]any)
	return l
}

// setText sets m[k] to v, or deletes it when v is nil.
func setText(m map[string]any, k string, v any) {
	if v == nil {
		delete(m, k)
		return
	}
	m[k] = v
}

// setList sets m[k] to l, or deletes it when l is empty.
func setList(m map[string]any, k string, l []any) {
	if len(l) == 0 {
		delete(m, k)
		return
	}
	m[k] = l
}

// hasAnyKey reports whether m has one of keys.
func hasAnyKey(m map[string]any, keys ...string) bool {
	for _, k := range keys {
		if _, ok := m[k]; ok {
			return true
		}
	}
	return false
}

// textOnly returns the text of a text value as a string value, nil when it
// is empty or white space only (a string element's null).
func textOnly(v any) any {
	if v == nil {
		return nil
	}
	s := textOfValue(v)
	if !hasNonSpaceChar(s) {
		return nil
	}
	return s
}

// rssPersons returns what RSS keeps of a list of persons: the first with
// an email whole (name and email), the others by name (else email), a name
// already listed left out.
func rssPersons(v any) any {
	var out []any
	withEmail := false
	names := map[string]bool{}
	for _, p := range list(v) {
		p := p.(map[string]any)
		name, _ := p["name"].(string)
		email, _ := p["email"].(string)
		if isEmail(email) && hasNonSpaceChar(name) && !withEmail {
			withEmail = true
			out = append(out, map[string]any{"email": email, "name": name})
			names[name] = true
			continue
		}
		if name == "" {
			name = email
		}
		if name == "" || names[name] {
			continue
		}
		names[name] = true
		out = append(out, map[string]any{"name": name})
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// atomPersons returns what Atom keeps of a list of persons: a name with
// only space characters is null (a string element), an email that is not
// an address is left out.
func atomPersons(v any) any {
	for _, p := range list(v) {
		p := p.(map[string]any)
		if name, ok := p["name"].(string); ok && !hasNonSpaceChar(name) {
			delete(p, "name")
		}
		if email, ok := p["email"].(string); ok && !isEmail(email) {
			delete(p, "email")
		}
	}
	if v == nil {
		return nil
	}
	return v
}

// nameOnlyPersons returns the persons of a list by name (else email).
func nameOnlyPersons(v any) any {
	var out []any
	names := map[string]bool{}
	for _, p := range list(v) {
		p := p.(map[string]any)
		name, _ := p["name"].(string)
		if name == "" {
			name, _ = p["email"].(string)
		}
		if name == "" || names[name] {
			continue
		}
		names[name] = true
		out = append(out, map[string]any{"name": name})
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// jsonFeedPersons returns what JSON Feed keeps of a list of persons: name,
// page URL and icon URL, a person with none of them left out.
func jsonFeedPersons(v any) any {
	var out []any
	for _, p := range list(v) {
		p := p.(map[string]any)
		delete(p, "email")
		if name, ok := p["name"].(string); ok && !hasNonSpaceChar(name) {
			delete(p, "name")
		}
		if icon, ok := p["icon"].(map[string]any); ok {
			p["icon"] = map[string]any{"url": icon["url"]}
		}
		if len(p) > 0 {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// rssChannelImage sets the channel image RSS writes: the logo's URL, the
// image's title and link, else the channel's.
func rssChannelImage(want map[string]any) {
	ci, _ := want["channel_image"].(map[string]any)
	logo, _ := want["logo"].(map[string]any)
	if ci == nil && logo == nil {
		return
	}
	if ci == nil {
		ci = map[string]any{}
	}
	if logo != nil {
		ci["url"] = logo["url"]
	}
	if ci["title"] == nil {
		setText(ci, "title", want["title"])
	}
	setText(ci, "title", textOnly(ci["title"]))
	setText(ci, "description", textOnly(ci["description"]))
	if w, ok := ci["width"].(float64); ok && w > 144 {
		delete(ci, "width")
	}
	if h, ok := ci["height"].(float64); ok && h > 400 {
		delete(ci, "height")
	}
	if ci["link"] == nil && want["page_url"] != nil {
		ci["link"] = want["page_url"]
	}
	want["channel_image"] = ci
}

// rssFeedCategories returns what RSS keeps of a channel's categories: a
// label only on an iTunes or Media RSS category, or one with a scheme.
func rssFeedCategories(v any) any {
	for _, c := range list(v) {
		c := c.(map[string]any)
		if c["scheme"] != MediaCategoryScheme && !isFullURI(str(c["scheme"])) {
			delete(c, "label")
		}
	}
	return v
}

// dropSynthesizedLinks returns m's links without those the writer of
// format adds for fields of the model (which the reader lists too), so
// that both sides compare without them.
func dropSynthesizedLinks(format string, m map[string]any) []any {
	var out []any
	for _, l := range list(m["links"]) {
		l := l.(map[string]any)
		if t, ok := l["type"].(string); ok && format != "jsonfeed" && !isMIMEType(t) {
			delete(l, "type")
		}
		href, rel := l["href"], l["rel"]
		synth := false
		switch rel {
		case "alternate":
			synth = format == "atom" && href == m["page_url"]
		case "self":
			synth = href == m["feed_url"]
		case "previous", "prev":
			synth = href == m["previous_feed_url"]
		case "next":
			synth = href == m["next_feed_url"]
		case "replies":
			synth = format == "atom" && href == m["comments_url"]
		case "enclosure":
			if format == "atom" {
				for _, enc := range list(m["enclosures"]) {
					if enc.(map[string]any)["url"] == href {
						synth = true
					}
				}
			}
		}
		if !synth {
			out = append(out, l)
		}
	}
	return out
}

// atomObjFor is the pairing of the entry's enclosures with its Media RSS
// objects that WriteAtom makes (atomLinksAndEnclosures).
func atomObjFor(e *Entry) []int {
	var inLinks []bool
	for i := range e.Links {
		if linkRel(&e.Links[i]) == "enclosure" && len(e.Enclosures) > 0 {
			_, inLinks = matchEnclosureLinks(e)
			break
		}
	}
	return e.mediaObjectsOfEnclosures(inLinks)
}

// enclosureObject is the Media RSS object the reader makes of an
// enclosure written as a media:content (mediaContent).
func enclosureObject(enc *Enclosure) MediaObject {
	o := MediaObject{URL: enc.URL, Medium: enc.Medium, FileSize: enc.FileSize}
	if enc.MIMEType != nil && isMIMEType(*enc.MIMEType) {
		o.Type = *enc.MIMEType
	}
	if enc.Width != nil && *enc.Width > 0 {
		o.Width = enc.Width
	}
	if enc.Height != nil && *enc.Height > 0 {
		o.Height = enc.Height
	}
	if enc.Duration != nil && *enc.Duration >= 0 {
		d := *enc.Duration / time.Second * time.Second
		o.Duration = &d
	}
	if enc.Bitrate != nil && *enc.Bitrate >= 0 {
		o.Bitrate = enc.Bitrate
	}
	return o
}

// writtenMediaRSS is the entry's Media RSS objects as the format's writer
// writes them, in the order the reader reads them back: its own objects,
// and an object for each enclosure written as a media:content; in Atom,
// the entry's thumbnail, an optional element of the entry, applies to
// every object without thumbnails of its own.
func writtenMediaRSS(format string, e *Entry) []MediaObject {
	objs := e.MediaRSS
	if e.scopeOnlyMedia(format == "rss") {
		return objs
	}
	var out []MediaObject
	thumb := e.thumbObject()
	if format == "rss" {
		k := 0
		for _, enc := range e.Enclosures {
			if enc == nil {
				continue
			}
			for k < len(objs) && (objs[k].URL == "" || k == thumb) {
				out = append(out, objs[k])
				k++
			}
			if k < len(objs) && objectOfEnclosure(&objs[k], enc) {
				out = append(out, objs[k])
				k++
				continue
			}
			if hasMediaAttributes(enc) || enc.MIMEType == nil || !isMIMEType(*enc.MIMEType) {
				out = append(out, enclosureObject(enc))
			}
		}
		return append(out, objs[k:]...)
	}
	var inLinks []bool
	for i := range e.Links {
		if linkRel(&e.Links[i]) == "enclosure" && len(e.Enclosures) > 0 {
			_, inLinks = matchEnclosureLinks(e)
			break
		}
	}
	objFor := e.mediaObjectsOfEnclosures(inLinks)
	inGroup := func(k int) bool {
		enc := e.Enclosures[k]
		return enc != nil && (inLinks == nil || !inLinks[k]) && (hasMediaAttributes(enc) || objFor != nil && objFor[k] >= 0 || emptyTypeImage(enc))
	}
	media, forced := 0, objFor != nil
	for k, enc := range e.Enclosures {
		if inGroup(k) {
			media++
			forced = forced || emptyTypeImage(enc)
		}
	}
	used := make([]bool, len(objs))
	if media >= 2 || forced && media >= 1 {
		for k, enc := range e.Enclosures {
			switch {
			case !inGroup(k):
			case objFor != nil && objFor[k] >= 0:
				out = append(out, objs[objFor[k]])
				used[objFor[k]] = true
			default:
				out = append(out, enclosureObject(enc))
			}
		}
	}
	for i := range objs {
		if !used[i] {
			out = append(out, objs[i])
		}
	}
	if th := e.Thumbnail; th != nil && !e.thumbnailFromLink() && thumb < 0 {
		if len(out) == 0 {
			out = []MediaObject{{Metadata: &MediaMetadata{}}}
		}
		for i := range out {
			if len(mediaThumbs(&out[i])) > 0 {
				continue
			}
			m := MediaMetadata{}
			if out[i].Metadata != nil {
				m = *out[i].Metadata
			}
			m.Thumbnails = []MediaThumbnail{{URL: th.URL, Width: th.Width, Height: th.Height}}
			out[i].Metadata = &m
		}
	}
	return out
}

// setWrittenMediaRSS sets each entry's media_rss in want to what the
// format's writer writes of it (writtenMediaRSS).
func setWrittenMediaRSS(format string, f *Feed, entries []any) {
	for i, e := range entries {
		e := e.(map[string]any)
		list := writtenMediaRSS(format, f.Entries[i])
		if len(list) == 0 {
			delete(e, "media_rss")
			continue
		}
		m := canonicalMap(&Feed{Entries: []*Entry{{MediaRSS: list}}})
		objs := m["entries"].([]any)[0].(map[string]any)["media_rss"]
		for _, o := range objs.([]any) {
			o := o.(map[string]any)
			for _, k := range []string{"width", "height"} {
				if n, ok := o[k].(float64); ok && n <= 0 {
					delete(o, k) // Media RSS sizes are positive
				}
			}
		}
		e["media_rss"] = objs
	}
}

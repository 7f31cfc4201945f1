package feedspec

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"strconv"
	"time"
)

// WriteAtom writes f as an Atom 1.0 document (RFC 4287) to w, in UTF-8:
// the feed's and the entries' elements, with their links, persons,
// categories, rights, generator, source and content types, and the Media
// RSS, thread and wfw elements of the fields that have one. docs/writing.md
// has the table of where each field goes and what Atom cannot carry, and
// the rules for the elements Atom requires: an id (ID, else FeedURL, else
// PageURL, else a "urn:sha256:" hash of the title; an entry's ID, else its
// PageURL, else its first enclosure's URL, else EntryKey's hash), a title
// (empty when there is none) and an updated date (Updated, else the latest
// date of an entry, else Published or LastBuildDate; an entry's Updated,
// else Published, else the feed's). None is text a reader sees that the
// model does not hold.
//
// Texts are written as type "text" (a string value) or "html" (a Node
// value's HTML serialization). The document is streamed to w through a
// small buffer; it is well-formed for any Feed (see WriteRSS).
func (f *Feed) WriteAtom(w io.Writer) error {
	if f == nil {
		return errNilFeed
	}
	return newFeedWriter(w).run("Atom", f.writeAtom)
}

// writeAtom writes the Atom document.
func (f *Feed) writeAtom(x *feedWriter) {
	x.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	x.start("feed")
	x.raw(` xmlns="` + nsAtom + `"`)
	x.attr("xml:lang", languageTag(f.Language))
	x.declareNamespaces()
	x.startEnd()
	x.raw("\n")
	x.elementAlways("id", f.atomID())
	x.atomText("title", f.Title, true)
	sub := f.Subtitle
	if sub == nil {
		sub = f.Description
	}
	x.atomText("subtitle", sub, false)
	updated := f.atomUpdated()
	x.dateElement("updated", updated, false)
	f.writeFeedLinks(x, "link")
	if f.Icon != nil {
		x.element("icon", f.Icon.URL)
	}
	if f.Logo != nil {
		x.element("logo", f.Logo.URL)
	}
	x.atomText("rights", f.Rights, false)
	if g := f.Generator; g != nil {
		x.start("generator")
		x.attr("uri", g.URI)
		x.attr("version", g.Version)
		x.startEnd()
		x.text(g.Name)
		x.end("generator")
	}
	for _, p := range f.Authors {
		x.atomPerson("author", p)
	}
	if f.needsAtomAuthor() {
		x.atomPerson("author", &Person{})
	}
	for _, p := range f.Contributors {
		x.atomPerson("contributor", p)
	}
	for i := range f.CategoryDetails {
		x.category(false, &f.CategoryDetails[i])
	}
	f.writeXMLAdditions(x, false) // write_additions.go
	ids := f.entryIDs(true)
	for i, e := range f.Entries {
		if x.failed() {
			return
		}
		if e != nil {
			e.writeAtomEntry(x, entryID(ids, i, e, true), updated)
		}
	}
	x.end("feed")
	x.raw("\n")
}

// atomID is the feed's id: ID (uriID), else FeedURL, else PageURL, else
// the document's URL (WithURL), else "urn:sha256:" and the SHA-256 of the
// title's text content, in hex.
func (f *Feed) atomID() string {
	switch {
	case f.ID != "":
		return uriID(f.ID)
	case f.FeedURL != "":
		return f.FeedURL
	case f.PageURL != "":
		return f.PageURL
	case f.docURL != "":
		return f.docURL
	}
	sum := sha256.Sum256([]byte(f.Title.TextContent()))
	return "urn:sha256:" + hex.EncodeToString(sum[:])
}

// needsAtomAuthor reports whether the feed needs an author element of its
// own (Atom requires one unless every entry has one) and has none: it is
// then written with an empty name.
func (f *Feed) needsAtomAuthor() bool {
	if hasPerson(f.Authors) {
		return false
	}
	for _, e := range f.Entries {
		if e != nil && !hasPerson(e.Authors) && (e.Source == nil || !hasPerson(e.Source.Authors)) {
			return true
		}
	}
	return false
}

// hasPerson reports whether list has a person that is not nil.
func hasPerson(list []*Person) bool {
	for _, p := range list {
		if p != nil {
			return true
		}
	}
	return false
}

// atomUpdated is the feed's updated date: Updated, else the latest
// Updated or Published of its entries, else Published, else
// LastBuildDate, else the Unix epoch (unknownDate).
func (f *Feed) atomUpdated() *time.Time {
	if writableDate(f.Updated) {
		return f.Updated
	}
	var latest *time.Time
	for _, e := range f.Entries {
		if e == nil {
			continue
		}
		for _, t := range [2]*time.Time{e.Updated, e.Published} {
			if writableDate(t) && (latest == nil || t.After(*latest)) {
				latest = t
			}
		}
	}
	switch {
	case latest != nil:
		return latest
	case writableDate(f.Published):
		return f.Published
	case writableDate(f.LastBuildDate):
		return f.LastBuildDate
	}
	return &unknownDate
}

// unknownDate is the updated date of a feed that has no date at all (nor
// any entry): Atom requires one, and the Unix epoch, 1970-01-01T00:00:00Z,
// says that none is known.
var unknownDate = time.Unix(0, 0).UTC()

// atomText writes an Atom text construct: a Node value whose HTML has
// markup as type html, any other value as text (a Node value's text, a
// string value). With always, a nil text is written empty (a required
// element); otherwise it is left out.
func (x *feedWriter) atomText(name string, t *Text, always bool) {
	switch {
	case t == nil:
		if always {
			x.elementAlways(name, "")
		}
	case t.isNode():
		x.start(name)
		if x.dry {
			return
		}
		h, markup := x.htmlValue(t)
		if markup {
			x.attr("type", "html")
			x.startEnd()
			x.cdata(h)
		} else {
			x.startEnd()
			x.text(plainValue(t, h))
		}
		x.releaseScratch()
		x.end(name)
	default:
		x.elementAlways(name, t.str)
	}
}

// atomPerson writes an Atom person element (author, contributor): name
// (empty when the person has none: Atom requires one), email, uri and the
// icon as gd:image.
func (x *feedWriter) atomPerson(elem string, p *Person) {
	if p == nil {
		return
	}
	x.open(elem)
	x.elementAlways("name", stringValue(p.Name))
	if isEmail(p.Email) {
		x.element("email", p.Email) // an addr-spec, as Atom requires
	}
	x.element("uri", p.PageURL)
	if p.Icon != nil {
		x.imageElement("gd:image", "src", p.Icon)
	}
	x.end(elem)
}

// writeAtomEntry writes an entry as an Atom entry, with the id id;
// feedUpdated is the feed's updated date.
func (e *Entry) writeAtomEntry(x *feedWriter, id string, feedUpdated *time.Time) {
	x.start("entry")
	x.attr("xml:lang", languageTag(e.Language))
	x.startEnd()
	x.elementAlways("id", id)
	x.atomText("title", e.Title, true)
	updated := e.Updated
	if !writableDate(updated) {
		updated = e.Published
	}
	if !writableDate(updated) {
		updated = feedUpdated
	}
	x.dateElement("updated", updated, false)
	x.dateElement("published", e.Published, false)
	for _, p := range e.Authors {
		x.atomPerson("author", p)
	}
	for _, p := range e.Contributors {
		x.atomPerson("contributor", p)
	}
	x.scopeThumb = e.atomScopeThumbnail() // write_media.go
	x.missingLink("link", e.Links, "alternate", e.PageURL, "")
	if e.CommentsURL != "" && !hasLink(e.Links, "replies", e.CommentsURL) {
		x.link("link", &Link{Href: e.CommentsURL, Rel: "replies", Type: "text/html"})
	}
	x.atomLinksAndEnclosures(e)
	writeEntryCategories(x, e, false)
	switch {
	case e.Content != nil:
		x.atomText("summary", e.Summary, false)
		x.atomText("content", e.Content, false)
	case e.ContentSrc != "":
		// Atom requires a summary beside out-of-line content: empty
		// when there is none.
		x.atomText("summary", e.Summary, true)
		x.start("content")
		if isMIMEType(e.ContentType) {
			x.attr("type", e.ContentType)
		}
		x.attrAlways("src", e.ContentSrc)
		x.selfClose()
	default:
		x.atomText("summary", e.Summary, false)
		if e.PageURL == "" && firstLinkOf(e.Links, "alternate") == "" {
			// Atom requires content or an alternate link: empty
			// content, which the reader reads as none.
			x.elementAlways("content", "")
		}
	}
	x.atomText("rights", e.Rights, false)
	if s := e.Source; s != nil {
		x.atomSource(s)
	}
	if e.CommentCount != nil {
		x.intElement("thr:total", int64(*e.CommentCount))
	}
	x.element("wfw:commentRss", e.CommentsFeedURL)
	if x.scopeThumb != nil {
		x.imageElement("media:thumbnail", "url", e.Thumbnail)
		x.scopeThumb = nil
	}
	if e.scopeOnlyMedia(false) {
		x.mediaMetadata(e.MediaRSS[0].Metadata) // the entry's own optional elements
	}
	e.writeEntryAdditions(x) // write_additions.go
	x.end("entry")
	x.raw("\n")
}

// thumbnailFromLink reports whether the entry's thumbnail is one the
// reader took from an enclosure link of Links, which it then left out of
// Enclosures ([332]): written again with Links, that link gives the same
// thumbnail back, so no media:thumbnail is written.
func (e *Entry) thumbnailFromLink() bool {
	th := e.Thumbnail
	if e.PageURL == "" || th.Width != nil || th.Height != nil {
		return false
	}
	for i := range e.Links {
		l := &e.Links[i]
		if l.Href != th.URL || linkRel(l) != "enclosure" {
			continue
		}
		for _, enc := range e.Enclosures {
			if enc != nil && enc.URL == l.Href {
				return false
			}
		}
		enc := Enclosure{URL: l.Href}
		if l.Type != "" {
			enc.MIMEType = &l.Type
		}
		if !isImageEnclosure(&enc) {
			return false
		}
		// [332] takes the first image enclosure: no image enclosure may
		// come before this link.
		for _, other := range e.Enclosures {
			if other != nil && isImageEnclosure(other) {
				return false
			}
		}
		return true
	}
	return false
}

// hasLink reports whether links has a link of relation rel to href.
func hasLink(links []Link, rel, href string) bool {
	for i := range links {
		if links[i].Href == href && linkRel(&links[i]) == rel {
			return true
		}
	}
	return false
}

// atomLinksAndEnclosures writes the entry's links and enclosures, in
// their orders. An enclosure link of Links is an enclosure too (the reader
// lists it in both): it is written once, as a link, and the enclosures
// before it that Links does not have are written before it. An enclosure
// Links does not have is written as a link with rel enclosure, or, when it
// has Media RSS values, as a media:content in a media:group of its own.
// An enclosure link and an enclosure match when they have the same URL,
// type ("" for none) and length, in order; matching them costs time linear
// in the number of links and enclosures.
func (x *feedWriter) atomLinksAndEnclosures(e *Entry) {
	// match[i] is the index+1 of the enclosure link i of Links stands for.
	var match []int
	var inLinks []bool
	for i := range e.Links {
		if linkRel(&e.Links[i]) == "enclosure" && len(e.Enclosures) > 0 {
			match, inLinks = matchEnclosureLinks(e)
			break
		}
	}
	// objFor[k] is the index of the Media RSS object enclosure k stands
	// for (write_media.go), or -1.
	objFor := e.mediaObjectsOfEnclosures(inLinks)
	inGroup := func(k int) bool {
		enc := e.Enclosures[k]
		return enc != nil && (hasMediaAttributes(enc) || objFor != nil && objFor[k] >= 0 || emptyTypeImage(enc))
	}
	media, matched := 0, objFor != nil
	for k, enc := range e.Enclosures {
		if inGroup(k) && (inLinks == nil || !inLinks[k]) {
			media++
			matched = matched || emptyTypeImage(enc)
		}
	}
	next := 0
	upTo := func(end int) {
		for ; next < end; next++ {
			enc := e.Enclosures[next]
			switch {
			case enc == nil || inLinks != nil && inLinks[next]:
			case (media >= 2 || matched && media >= 1) && inGroup(next):
				// A media:group holds alternatives, two or more (or
				// Media RSS objects): every enclosure with Media RSS
				// values, where the first is.
				x.open("media:group")
				for k := next; k < len(e.Enclosures); k++ {
					m := e.Enclosures[k]
					if !inGroup(k) || inLinks != nil && inLinks[k] {
						continue
					}
					if objFor != nil && objFor[k] >= 0 {
						x.mediaObject(&e.MediaRSS[objFor[k]], m)
					} else {
						x.mediaContent(m)
					}
				}
				x.end("media:group")
				media = -1
			case media < 0 && inGroup(next):
			default:
				x.atomEnclosure(enc)
			}
		}
	}
	for i := range e.Links {
		l := &e.Links[i]
		if match != nil && match[i] > 0 {
			k := match[i] - 1
			upTo(k)
			next = max(next, k+1)
		}
		x.link("link", l)
	}
	upTo(len(e.Enclosures))
	x.atomMediaRest(e, objFor)
}

// matchEnclosureLinks pairs the enclosure links of e's Links with e's
// enclosures (see atomLinksAndEnclosures): match[i] is 1 + the index of
// the enclosure link i stands for, 0 for none; inLinks[k] tells that
// enclosure k has a link.
func matchEnclosureLinks(e *Entry) (match []int, inLinks []bool) {
	key := func(u, typ string, length *int64) string {
		n := int64(-1)
		if length != nil {
			n = *length
		}
		return u + "\x00" + typ + "\x00" + strconv.FormatInt(n, 10)
	}
	queue := map[string][]int{}
	for k, enc := range e.Enclosures {
		if enc == nil || hasMediaAttributes(enc) {
			continue
		}
		typ := ""
		if enc.MIMEType != nil {
			typ = *enc.MIMEType
		}
		kk := key(enc.URL, typ, enc.Length)
		queue[kk] = append(queue[kk], k)
	}
	match = make([]int, len(e.Links))
	inLinks = make([]bool, len(e.Enclosures))
	for i := range e.Links {
		l := &e.Links[i]
		if linkRel(l) != "enclosure" {
			continue
		}
		kk := key(l.Href, l.Type, l.Length)
		if q := queue[kk]; len(q) > 0 {
			match[i] = q[0] + 1
			inLinks[q[0]] = true
			queue[kk] = q[1:]
		}
	}
	return match, inLinks
}

// atomEnclosure writes an enclosure Links does not have as a link with
// rel enclosure; its length is Length, else (an entry's only enclosure
// with Media RSS values, which a media:group cannot hold alone) FileSize.
func (x *feedWriter) atomEnclosure(enc *Enclosure) {
	x.start("link")
	x.attrAlways("href", enc.URL)
	x.attr("rel", "enclosure")
	if enc.MIMEType != nil && isMIMEType(*enc.MIMEType) {
		x.attrAlways("type", *enc.MIMEType)
	}
	switch {
	case enc.Length != nil:
		x.attrInt("length", *enc.Length)
	case enc.FileSize != nil:
		x.attrInt("length", *enc.FileSize)
	}
	x.selfClose()
}

// entryIDs returns the ids of f's entries in a format that requires one
// (Atom, JSON Feed), by index: an entry's ID (with atom, as uriID makes it
// an absolute URI), else a derived one: its PageURL, else its first
// enclosure's URL, else "urn:sha256:" and the hash EntryKey gives it. A
// derived id another entry has already is replaced by "urn:sha256:" and
// the hash of it, the entry's title and date (and, if that is taken too,
// of its index), so that ids stay unique. The slice is nil when every
// entry has an ID.
func (f *Feed) entryIDs(atom bool) []string {
	need := false
	for _, e := range f.Entries {
		if e != nil && e.ID == "" {
			need = true
			break
		}
	}
	if !need {
		return nil
	}
	ids := make([]string, len(f.Entries))
	used := make(map[string]bool, len(f.Entries))
	for i, e := range f.Entries {
		if e != nil && e.ID != "" {
			ids[i] = e.ID
			if atom {
				ids[i] = uriID(e.ID)
			}
			used[ids[i]] = true
		}
	}
	for i, e := range f.Entries {
		if e == nil || e.ID != "" {
			continue
		}
		id := e.derivedNewID()
		if used[id] {
			b := append([]byte(id), 0)
			b = append(b, e.Title.TextContent()...)
			if writableDate(e.Published) {
				b = e.Published.UTC().AppendFormat(append(b, 0), time.RFC3339Nano)
			}
			id = "urn:sha256:" + entryKeyHash(b)
			if used[id] {
				id = "urn:sha256:" + entryKeyHash(strconv.AppendInt(append(b, 0), int64(i), 10))
			}
		}
		used[id] = true
		ids[i] = id
	}
	return ids
}

// entryID returns the id of entry i (e) from ids (entryIDs), or e's ID.
func entryID(ids []string, i int, e *Entry, atom bool) string {
	if ids != nil {
		return ids[i]
	}
	if atom {
		return uriID(e.ID)
	}
	return e.ID
}

// derivedNewID is the id derived for an entry without an ID: its PageURL,
// else its first enclosure's URL, else "urn:sha256:" and the hash
// EntryKey gives it.
func (e *Entry) derivedNewID() string {
	if e.PageURL != "" {
		return e.PageURL
	}
	for _, enc := range e.Enclosures {
		if enc != nil && enc.URL != "" {
			return enc.URL
		}
	}
	key := EntryKey(e) // "hash:" and the hex digest
	return "urn:sha256:" + key[len("hash:"):]
}

// atomSource writes an Atom source element.
func (x *feedWriter) atomSource(s *Source) {
	x.open("source")
	if s.ID != "" {
		x.element("id", uriID(s.ID))
	}
	x.atomText("title", s.Title, false)
	if s.URL != "" {
		x.link("link", &Link{Href: s.URL, Rel: "alternate"})
	}
	if s.FeedURL != "" {
		x.link("link", &Link{Href: s.FeedURL, Rel: "self"})
	}
	for _, p := range s.Authors {
		x.atomPerson("author", p)
	}
	x.atomText("rights", s.Rights, false)
	x.dateElement("updated", s.Updated, false)
	for i := range s.CategoryDetails {
		x.category(false, &s.CategoryDetails[i])
	}
	x.end("source")
}

// emptyTypeImage reports whether enc has an empty type and a URL that
// names an image (".jpg"...): as an enclosure link, whose empty type Atom
// reads as none, the specification's cleanup would make it the thumbnail
// ([332]); as a media:content of the media:group, it keeps its type.
func emptyTypeImage(enc *Enclosure) bool {
	return enc.MIMEType != nil && *enc.MIMEType == "" && isImageEnclosure(&Enclosure{URL: enc.URL})
}

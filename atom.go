package feedspec

import (
	"strings"
	"time"

	"github.com/feedspec/feedspec/xml5"
)

// ianaRelation is the prefix [133] puts before a link relation without a
// colon.
const ianaRelation = "http://www.iana.org/assignments/relation/"

// processAtomFeed is "process an Atom feed element" [20], for a feed element
// in the Atom or the Atom 0.3 namespace.
func (p *processor) processAtomFeed(el *xml5.Node) *Feed {
	feed := &Feed{}      // [14]
	var media *xml5.Node // the first Media RSS child (mediarss.go)
	var geo geoState
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() { // [21]
		// The hook for recovery mode (repair 2, recovery.go).
		p.trappedEntries(feed, c, trappedInAtom)
		switch ns := c.Namespace; ns { // [22]
		case nsAtom, nsAtom03: // a case naming neither atom nor atom03 is for both
			atom, atom03 := ns == nsAtom, ns == nsAtom03
			switch name := c.Local; {
			case atom && name == "title":
				if feed.Title == nil {
					feed.Title = p.processAtomText(c)
				}
			case atom03 && name == "title":
				if feed.Title == nil {
					feed.Title = p.processAtom03Content(c)
				}
			case atom && name == "subtitle":
				if feed.Subtitle == nil {
					feed.Subtitle = p.processAtomText(c)
				}
			case atom03 && name == "tagline":
				if feed.Subtitle == nil {
					feed.Subtitle = p.processAtom03Content(c)
				}
			case atom && name == "updated":
				if feed.Updated == nil {
					feed.Updated = p.processAtomDate(c)
				}
			case name == "modified":
				if feed.Updated == nil {
					feed.Updated = p.processW3CDTFDate(c)
				}
			case name == "link":
				p.processAtomLink(c, feed, nil)
			case atom && name == "icon":
				if feed.Icon == nil { // [181]
					// [184] [183]
					if u := p.processURLElement(c); u != "" { // [182]
						feed.Icon = &Image{URL: u}
					}
				}
			case atom && name == "logo":
				if feed.Logo == nil { // [185] (docs/decisions.md#logo-is-null)
					// [186] [197]
					if u := p.processURLElement(c); u != "" { // [225]
						feed.Logo = &Image{URL: u}
					}
				}
			case name == "author":
				if p.room(inFeed, listAuthors, c) {
					p.appendPerson(&feed.Authors, p.processAtomPerson(c))
				}
			case name == "entry":
				p.addEntry(feed, c, p.processAtomEntry) // [86] [85] [258] [87]
			// The additions.
			case name == "id":
				if feed.ID == "" {
					feed.ID = processStringElement(c)
				}
			case atom && name == "rights":
				if feed.Rights == nil {
					feed.Rights = p.processAtomText(c)
				}
			case atom03 && name == "copyright":
				if feed.Rights == nil {
					feed.Rights = p.processAtom03Content(c)
				}
			case atom && name == "generator":
				if feed.Generator == nil {
					feed.Generator = p.processGenerator(c, "uri")
				}
			case atom03 && name == "generator":
				if feed.Generator == nil {
					feed.Generator = p.processGenerator(c, "url")
				}
			case atom && name == "category":
				if p.room(inFeed, listCategories, c) {
					feed.CategoryDetails = addAtomCategory(feed.CategoryDetails, c)
				}
			case name == "contributor":
				if p.room(inFeed, listAuthors, c) {
					p.appendPerson(&feed.Contributors, p.processAtomPerson(c))
				}
			}
		case nsDC:
			if c.Local == "language" && feed.Language == "" { // an addition
				feed.Language = processStringElement(c)
			}
		// The additions of issue 38.
		case nsMedia, nsMediaAlt: // mediarss.go
			if media == nil {
				media = c
			}
		case nsGeoRSS, nsW3CGeo: // geo.go
			p.processGeo(&feed.Geo, &geo, c)
		case nsCC, nsCreativeCommons: // license.go
			if c.Local == "license" {
				p.processLicense(&feed.License, inFeed, c)
			}
		case nsTombstones: // tombstone.go
			if c.Local == "deleted-entry" {
				p.processDeletedEntry(feed, c)
			}
		case nsFeedHistory: // tombstone.go
			processFeedHistory(feed, c)
		}
	}
	if feed.Language == "" { // an addition
		feed.Language = xmlLang(el)
	}
	if media != nil { // an addition (mediarss.go)
		feed.MediaRSS = p.processMediaRSS(el, media, inFeed)
	}
	feed.el = el
	return feed // [25]
}

// processAtomEntry is "process an Atom entry element" [52], for an entry
// element in the Atom or the Atom 0.3 namespace.
func (p *processor) processAtomEntry(el *xml5.Node) *Entry {
	entry := p.newEntry(el) // [78] (entry.go)
	p.startEntry()
	var media *xml5.Node // the first Media RSS child (mediarss.go)
	var geo geoState
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() { // [79]
		switch ns := c.Namespace; ns { // [80]
		case nsAtom, nsAtom03: // a case naming neither atom nor atom03 is for both
			atom, atom03 := ns == nsAtom, ns == nsAtom03
			switch name := c.Local; {
			case name == "author":
				if p.room(inEntry, listAuthors, c) {
					p.appendPerson(&entry.Authors, p.processAtomPerson(c))
				}
			case atom && name == "category":
				if term, ok := c.AttrValue("", "term"); ok { // [30] [44]
					if term != "" && p.room(inEntry, listCategories, c) { // [89] MaxPerEntry
						p.addCategory(term)
						p.entryCats = addAtomCategory(p.entryCats, c) // an addition
					}
				}
			case atom && name == "published":
				if entry.Published == nil {
					entry.Published = p.processAtomDate(c)
				}
			case name == "created":
				if entry.Published == nil {
					entry.Published = p.processW3CDTFDate(c)
				}
			case atom && name == "updated":
				if entry.Updated == nil {
					entry.Updated = p.processAtomDate(c)
				}
			case name == "modified":
				if entry.Updated == nil {
					entry.Updated = p.processW3CDTFDate(c)
				}
			case atom && name == "title":
				if entry.Title == nil {
					entry.Title = p.processAtomText(c)
				}
			case atom03 && name == "title":
				if entry.Title == nil {
					entry.Title = p.processAtom03Content(c)
				}
			case atom && name == "summary":
				if entry.Summary == nil {
					entry.Summary = p.processAtomText(c)
					p.noteBody(c, false) // an addition (normalize.go)
				}
			case atom03 && name == "summary":
				if entry.Summary == nil {
					entry.Summary = p.processAtom03Content(c)
					p.noteBody(c, false)
				}
			case atom && name == "content":
				if entry.ContentSrc == "" { // an addition
					if src, ok := c.AttrValue("", "src"); ok {
						if entry.ContentSrc = p.parseURL(c, "src", src); entry.ContentSrc != "" {
							entry.ContentType = nonEmptyAttr(c, "type")
						}
					}
				}
				gave := false
				if entry.Content == nil {
					entry.Content = p.processAtomText(c)
					gave = entry.Content != nil
					p.noteBody(c, true) // an addition (normalize.go)
				}
				p.processContentRules(entry, c, gave) // an addition (contentrules.go)
			case atom03 && name == "content":
				if entry.Content == nil {
					entry.Content = p.processAtom03Content(c)
					p.noteBody(c, true)
				}
			case name == "link":
				p.processAtomLink(c, nil, entry)
			// The additions.
			case name == "id":
				if entry.ID == "" {
					entry.ID = processStringElement(c)
				}
			case atom && name == "rights":
				if entry.Rights == nil {
					entry.Rights = p.processAtomText(c)
				}
			case name == "contributor":
				if p.room(inEntry, listAuthors, c) {
					p.appendPerson(&entry.Contributors, p.processAtomPerson(c))
				}
			case atom && name == "source":
				if entry.Source == nil {
					entry.Source = p.processAtomSource(c)
				}
			}
		case nsDC:
			switch c.Local {
			case "subject":
				if term := c.ChildTextContent(); term != "" && p.room(inEntry, listCategories, c) { // [90] [91]
					p.addCategory(term)
					p.entryCats = append(p.entryCats, Category{Term: term}) // an addition
				}
			default: // the additions
				p.processDCAddition(c, &entry.Language, &entry.Rights, &entry.Contributors)
			}
		case nsThr:
			switch c.Local {
			case "total":
				if entry.CommentCount == nil { // an addition
					entry.CommentCount = p.processCount(c)
				}
			case "in-reply-to": // an addition (threading.go)
				p.processInReplyTo(entry, c)
			}
		case nsWfw:
			// An addition: the comment feed. CommentsURL stays the
			// replies link's.
			if c.Local == "commentRss" && entry.CommentsFeedURL == "" {
				entry.CommentsFeedURL = p.processURLElement(c)
			}
		case nsMedia, nsMediaAlt:
			if media == nil {
				media = c
			}
			switch c.Local {
			case "thumbnail":
				if entry.Thumbnail == nil {
					entry.Thumbnail = p.processImageElement(c, "url")
				}
			case "group":
				p.processMediaGroup(entry, c) // [116]
			case "category": // an addition (categorydetails.go)
				p.addMediaCategory(&p.entryCats, inEntry, c)
			}
		// The additions of issue 38.
		case nsGeoRSS, nsW3CGeo: // geo.go
			p.processGeo(&entry.Geo, &geo, c)
		case nsCC, nsCreativeCommons: // license.go
			if c.Local == "license" {
				p.processLicense(&entry.License, inEntry, c)
			}
		case nsPSC: // chapters.go
			if c.Local == "chapters" {
				p.processChapters(entry, c)
			}
		}
	}
	if entry.Language == "" { // an addition
		entry.Language = xmlLang(el)
	}
	if media != nil { // an addition (mediarss.go)
		entry.MediaRSS = p.processMediaRSS(el, media, inEntry)
	}
	return entry // [246]
}

// processMediaGroup runs the steps for a group element in the Media RSS
// namespace inside an Atom entry ([116]–[171]).
func (p *processor) processMediaGroup(entry *Entry, el *xml5.Node) {
	for gc := el.FirstElementChild(); gc != nil; gc = gc.NextElementSibling() { // [116]
		if !isMedia(gc.Namespace) { // [117]
			continue
		}
		switch gc.Local {
		case "title":
			if entry.Title == nil {
				entry.Title = p.textOrNull(processStringElement(gc))
			}
		case "description":
			if entry.Summary == nil {
				entry.Summary = p.textOrNull(processStringElement(gc))
				p.noteBody(gc, false) // an addition (normalize.go)
			}
		case "thumbnail":
			if entry.Thumbnail == nil {
				// [117] The thumbnail is read from gc
				// (docs/decisions.md#media-group-thumbnail).
				entry.Thumbnail = p.processImageElement(gc, "url")
			}
		case "content":
			p.processMediaContent(entry, gc)  // [123]–[171]
			p.addMediaCategoriesIn(gc, false) // an addition (categorydetails.go)
		case "category": // an addition (categorydetails.go)
			p.addMediaCategory(&p.entryCats, inEntry, gc)
		}
	}
}

// processAtomLink is "process an Atom link element" [234] for a link element
// in the Atom or the Atom 0.3 namespace. Exactly one of feed (type feed) and
// entry (type entry) is non-nil.
//
// The href URL [140] is computed once and reused by every step that needs it;
// a link whose href parsed is also added to the Links of the feed or entry
// (an addition).
func (p *processor) processAtomLink(el *xml5.Node, feed *Feed, entry *Entry) {
	scope := inEntry
	if feed != nil {
		scope = inFeed
	}
	if !p.room(scope, listLinks, el) {
		return // MaxPerEntry
	}
	rel, short := linkRelation(el)
	u := p.hrefURL(el) // [140]
	var link Link
	_, hasHref := el.AttrValue("", "href")
	listed := hasHref && u != ""
	if listed {
		// A link without href gets the document's URL as its href URL;
		// it is not listed in Links.
		link = p.processLink(el, u)
		if feed != nil {
			feed.Links = append(feed.Links, link)
		} else {
			p.entryLinks = append(p.entryLinks, link)
			if relationIs(rel, short, "replies") { // comments_url (an addition)
				html := asciiEqualFold(link.Type, "text/html")
				if entry.CommentsURL == "" || html && !p.commentsPrimary {
					entry.CommentsURL = u
					p.commentsPrimary = html
				}
			}
		}
	}
	if relationIs(rel, short, "alternate") { // [139]
		if feed != nil {
			if feed.PageURL == "" { // [145]
				feed.PageURL = u // [146]
			}
		} else if entry.PageURL == "" { // [145]
			entry.PageURL = u // [146]
		}
	}
	if feed != nil { // [235]
		switch {
		case relationIs(rel, short, "self"): // [150]
			if feed.FeedURL == "" { // [151]
				feed.FeedURL = u // [152]
			}
		case relationIs(rel, short, "prev"), relationIs(rel, short, "previous"): // [199]
			if feed.PreviousFeedURL == "" { // [201]
				feed.PreviousFeedURL = u // [202]
			}
		case relationIs(rel, short, "next"): // [203]
			if feed.NextFeedURL == "" { // [204]
				feed.NextFeedURL = u // [205]
			}
		}
		return
	}
	if relationIs(rel, short, "enclosure") { // [269] [270]
		// [336]
		if u == "" { // [337]
			return
		}
		enc := newEnclosure(u) // [271]
		enc.setMIMEType(el)    // [273]
		if listed {
			enc.e.Length = link.Length // read by processLink: [275]–[278] [274]
		} else {
			enc.setLength(p, el) // [275]–[278] [274]
		}
		if p.room(inEntry, listEnclosures, el) {
			p.appendEnclosure(&entry.Enclosures, &enc.e) // [272]
		}
	}
}

// linkRelation returns the link relation of an Atom link element [130]
// without building a string: when short is true the relation is ianaRelation
// followed by rel, otherwise it is rel itself.
func linkRelation(el *xml5.Node) (rel string, short bool) {
	rel, ok := el.AttrValue("", "rel")
	if !ok { // [131]
		return "alternate", true // [132]
	}
	// [134] [135]
	if strings.IndexByte(rel, ':') >= 0 { // [136]
		return rel, false // [137]
	}
	return rel, true // [138] [133]
}

// relationIs reports whether the link relation (rel, short) given by
// linkRelation is ianaRelation followed by name.
func relationIs(rel string, short bool, name string) bool {
	if short {
		return rel == name
	}
	return len(rel) == len(ianaRelation)+len(name) &&
		rel[:len(ianaRelation)] == ianaRelation && rel[len(ianaRelation):] == name
}

// processAtomText is "process an Atom text element" [50].
func (p *processor) processAtomText(el *xml5.Node) *Text {
	typ, ok := el.AttrValue("", "type") // [61]
	if ok {
		switch typ {
		case "html": // [62]
			return p.escapedHTML(el) // [267]
		case "xhtml": // [63]
			for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
				if c.Is(nsXHTML, "div") {
					return xhtmlText(c) // [66]–[107]
				}
			}
			p.reject(DiagnosticTextType, el, "type", typ, "type is xhtml but there is no XHTML div child; read as text")
		case "text":
		default:
			// A media type is allowed on content (RFC 4287 §4.1.3.1).
			if el.Local != "content" || strings.IndexByte(typ, '/') < 0 {
				p.reject(DiagnosticTextType, el, "type", typ, "unknown Atom text type; read as text")
			}
		}
	}
	return p.textOrNull(processStringElement(el)) // [64] [65] [45]–[48]
}

// processAtomDate is "process an Atom date" (docs/decisions.md#atom-date) on
// el's child text content; nil is null.
func (p *processor) processAtomDate(el *xml5.Node) *time.Time {
	text := el.ChildTextContent()
	if t, ok := parseAtomDate(text); ok {
		return p.newDate(t)
	}
	return p.rejectedDate(el, text, "not an Atom (RFC 3339) date")
}

// processW3CDTFDate is "process a W3C-DTF date" (docs/decisions.md#w3cdtf-date)
// on el's child text content; nil is null.
func (p *processor) processW3CDTFDate(el *xml5.Node) *time.Time {
	text := el.ChildTextContent()
	if t, ok := parseW3CDTFDate(text); ok {
		return p.strictDate(text, t, w3cZoneAssumed(text), FormW3CDTF) // dateinfo.go
	}
	return p.rejectedDate(el, text, "not a W3C-DTF date")
}

// rejectedDate is what a date algorithm's null becomes: with
// WithLenientDates the date ParseDate reads, if any; otherwise (or when
// ParseDate fails too) null, with a Diagnostic.
func (p *processor) rejectedDate(el *xml5.Node, text, why string) *time.Time {
	if p.lenientDates {
		t, info, err := ParseDate(text)
		if err == nil {
			p.noteDate(&t, text, info, true, "") // dateinfo.go
			return &t
		}
		// The hook for recovery mode (a three-digit offset, recovery_dates.go).
		if t := p.recoverDate(el, text); t != nil {
			return t
		}
		if p.diags != nil {
			why += "; " + err.Error()
		}
	}
	p.reject(DiagnosticDate, el, "", text, why)
	return nil
}

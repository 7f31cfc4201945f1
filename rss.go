package feedspec

import (
	"time"

	"github.com/feedspec/feedspec/xml5"
)

// processRSS is "process an rss element" [301] (RSS 2.0 and 0.9x), for an
// rss element in the null namespace. Items directly under rss are entries
// too.
func (p *processor) processRSS(el *xml5.Node) *Feed {
	feed := &Feed{}                                                         // [239]
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() { // [240]
		if c.Namespace == "" { // [302]
			switch c.Local {
			case "channel":
				p.processRSSChannel(feed, c)
			case "item":
				p.addEntry(feed, c, p.processRSSItem) // [242] [243] [259] [244]
			}
		}
		// The hook for recovery mode (repairs 2 and 6, recovery.go).
		p.afterRSSChild(feed, c)
	}
	if feed.Language == "" { // an addition: the root's xml:lang
		feed.Language = xmlLang(el)
	}
	return feed // [245]
}

// processRSSChannel is "process an RSS 2.0 channel element" [206] with feed.
func (p *processor) processRSSChannel(feed *Feed, el *xml5.Node) {
	if feed.el == nil {
		feed.el = el
	}
	var media *xml5.Node // the first Media RSS child (mediarss.go)
	var geo geoState
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() { // [208]
		// The hook for recovery mode (repair 2, recovery.go).
		p.trappedEntries(feed, c, trappedInRSSChannel)
		switch ns := c.Namespace; ns { // [209]
		case "":
			switch c.Local {
			case "image":
				if feed.Logo == nil { // [211]
					// The image whole is an addition (rsschannel.go); its
					// URL is the first url child's, as [213] [214] [308]
					// [37] read it.
					img := p.processChannelImage(c, "")
					if img != nil && img.URL != "" {
						feed.Logo = &Image{URL: img.URL} // [310] [314] [309]
						feed.ChannelImage = img
					} else if feed.ChannelImage == nil {
						feed.ChannelImage = img // no logo yet: the first image that gives a value
					}
				}
			case "managingEditor":
				if p.room(inFeed, listAuthors, c) {
					p.addRSSPerson(&feed.Authors, c) // [357]–[359]
				}
			case "pubDate", "lastBuildDate":
				// The first of either that gives a date is Updated; an
				// addition keeps each apart (rsschannel.go).
				p.processRSSChannelDate(feed, c)
			case "title":
				if feed.Title == nil {
					feed.Title = p.textOrNull(processStringElement(c))
				}
			case "description":
				if feed.Description == nil {
					feed.Description = p.textOrNull(processStringElement(c))
				}
			case "link":
				if feed.PageURL == "" {
					feed.PageURL = p.processURLElement(c)
				}
			case "item":
				p.addEntry(feed, c, p.processRSSItem) // [147] [148] [261] [149]
			// The additions.
			case "language":
				if feed.Language == "" {
					feed.Language = processStringElement(c)
				}
			case "copyright":
				if feed.Rights == nil {
					feed.Rights = p.textOrNull(processStringElement(c))
				}
			case "generator":
				if feed.Generator == nil {
					feed.Generator = p.processGenerator(c, "")
				}
			case "category":
				if p.room(inFeed, listCategories, c) {
					feed.CategoryDetails = addTextCategory(feed.CategoryDetails, c, true)
				}
			case "ttl":
				if feed.TTL == nil {
					feed.TTL = p.processCount(c)
				}
			case "skipHours":
				p.processSkipHours(feed, c)
			case "skipDays":
				p.processSkipDays(feed, c)
			case "webMaster":
				if feed.WebMaster == nil {
					feed.WebMaster = processRSSPerson(c) // as [357] reads managingEditor
				}
			case "cloud":
				if feed.Cloud == nil {
					feed.Cloud = p.processCloud(c)
				}
			case "textInput", "textinput": // RSS 0.91 (Netscape) writes textinput
				if feed.TextInput == nil {
					feed.TextInput = p.processTextInput(c, "")
				}
			case "rating":
				if feed.Rating == "" {
					feed.Rating = processStringElement(c)
				}
			case "docs":
				if feed.Docs == "" {
					feed.Docs = p.processURLElement(c)
				}
			}
		case nsAtom:
			if c.Local == "link" {
				p.processAtomLink(c, feed, nil)
			}
		case nsDC:
			switch c.Local {
			case "creator":
				if p.room(inFeed, listAuthors, c) {
					p.addNamedPerson(&feed.Authors, c) // [316] [317] [315]
				}
			default:
				p.processDCAddition(c, &feed.Language, &feed.Rights, &feed.Contributors)
			}
		case nsMedia, nsMediaAlt:
			if media == nil {
				media = c
			}
			if c.Local == "category" { // an addition (categorydetails.go)
				p.addMediaCategory(&feed.CategoryDetails, inFeed, c)
			}
		case nsSy:
			p.processSyndication(feed, c)
		case nsGeoRSS, nsW3CGeo: // an addition (geo.go)
			p.processGeo(&feed.Geo, &geo, c)
		case nsCC, nsCreativeCommons: // an addition (license.go)
			if c.Local == "license" {
				p.processLicense(&feed.License, inFeed, c)
			}
		case nsFeedHistory: // an addition (tombstone.go)
			processFeedHistory(feed, c)
		case nsITunes, nsITunesAlt:
			switch c.Local {
			case "image":
				if feed.Icon == nil || feed.ITunes == nil || feed.ITunes.Image == nil {
					img := p.processImageElement(c, "href")
					if feed.Icon == nil {
						feed.Icon = img
					}
					if img != nil && (feed.ITunes == nil || feed.ITunes.Image == nil) { // an addition
						feedITunes(feed).Image = img
					}
				}
			case "author":
				if p.room(inFeed, listAuthors, c) {
					p.addNamedPerson(&feed.Authors, c) // [316] [317] [315]
				}
			case "subtitle":
				if feed.Subtitle == nil {
					feed.Subtitle = p.textOrNull(processStringElement(c))
				}
			case "summary":
				if feed.Description == nil {
					feed.Description = p.textOrNull(processStringElement(c))
				}
			default:
				p.processITunesChannel(feed, c)
			}
		case nsPodcast, nsPodcastGitHub: // an addition
			p.processPodcastChannel(feed, c)
		}
	}
	if feed.Language == "" { // an addition
		feed.Language = xmlLang(el)
	}
	if media != nil && feed.MediaRSS == nil { // an addition (mediarss.go)
		feed.MediaRSS = p.processMediaRSS(el, media, inFeed)
	}
}

// processDCAddition reads a Dublin Core element of the additions into the
// language, rights and contributors of a feed (at the channel level) or of
// an entry (at the item level): language, rights or contributor. Other
// elements are ignored.
func (p *processor) processDCAddition(el *xml5.Node, language *string, rights **Text, contributors *[]*Person) {
	switch el.Local {
	case "language":
		if *language == "" {
			*language = processStringElement(el)
		}
	case "rights":
		if *rights == nil {
			*rights = p.textOrNull(processStringElement(el))
		}
	case "contributor":
		p.addNamedPerson(contributors, el)
	}
}

// processRSSItem is "process an RSS 2.0 item element" [249].
func (p *processor) processRSSItem(el *xml5.Node) *Entry {
	entry := p.newEntry(el) // [248] (entry.go)
	p.startEntry()
	var media *xml5.Node // the first Media RSS child (mediarss.go)
	var geo geoState
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() { // [250]
		switch ns := c.Namespace; ns { // [251]
		case "":
			switch c.Local {
			case "category":
				if term := c.ChildTextContent(); term != "" && p.room(inEntry, listCategories, c) { // [92] [293]
					p.addCategory(term)
					p.entryCats = addTextCategory(p.entryCats, c, true) // an addition
				}
			case "author":
				if p.room(inEntry, listAuthors, c) {
					p.addRSSPerson(&entry.Authors, c) // [355] [361] [356] [354]
				}
			case "pubDate":
				// [249] The specification sets published
				// (docs/decisions.md#rss-pubdate-published).
				if entry.Published == nil {
					entry.Published = p.processRSSDate(c)
				}
			case "link":
				if entry.PageURL == "" {
					entry.PageURL = p.processURLElement(c)
				}
			case "enclosure":
				p.processRSSEnclosure(entry, c) // [279]–[290]
			case "title":
				if entry.Title == nil {
					entry.Title = p.textOrNull(processStringElement(c))
				}
			case "description":
				if entry.Summary == nil {
					entry.Summary = p.escapedHTML(c)
					p.noteBody(c, false) // an addition (normalize.go)
				}
			// The additions.
			case "guid":
				if entry.ID == "" {
					processRSSGUID(entry, c)
				}
			case "comments":
				p.setComments(entry, c, true)
			case "source":
				if entry.Source == nil {
					entry.Source = p.processRSSSource(c)
				}
			}
		case nsAtom:
			switch c.Local {
			case "updated":
				if entry.Updated == nil {
					entry.Updated = p.processAtomDate(c)
				}
			case "link": // an addition: links only
				if _, ok := c.AttrValue("", "href"); ok && p.room(inEntry, listLinks, c) { // MaxPerEntry
					if u := p.hrefURL(c); u != "" {
						p.entryLinks = append(p.entryLinks, p.processLink(c, u))
					}
				}
			}
		case nsDC:
			switch c.Local {
			case "creator":
				if p.room(inEntry, listAuthors, c) {
					p.addNamedPerson(&entry.Authors, c) // [118] [119] [120]
				}
			case "subject": // an addition: CategoryDetails only (categorydetails.go)
				p.addSubjectDetails(&p.entryCats, inEntry, c)
			default:
				p.processDCAddition(c, &entry.Language, &entry.Rights, &entry.Contributors)
			}
		case nsWfw:
			if c.Local == "commentRss" { // an addition
				p.setComments(entry, c, false)
			}
		case nsSlash:
			if c.Local == "comments" && entry.CommentCount == nil { // an addition
				entry.CommentCount = p.processCount(c)
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
			case "content":
				p.processMediaContent(entry, c)  // [292]–[371]
				p.addMediaCategoriesIn(c, false) // an addition (categorydetails.go)
			case "category": // an addition (categorydetails.go)
				p.addMediaCategory(&p.entryCats, inEntry, c)
			case "group":
				// An addition: its contents are enclosures, as the
				// specification reads them in an Atom entry's group
				// ([123]–[171]; docs/decisions.md#rss-media-group), and
				// its categories are read (categorydetails.go).
				p.processMediaGroupContents(entry, c)
				p.addMediaCategoriesIn(c, true)
			}
		case nsITunes, nsITunesAlt:
			switch c.Local {
			case "author":
				if p.room(inEntry, listAuthors, c) {
					p.addNamedPerson(&entry.Authors, c) // [118] [119] [120]
				}
			case "image":
				if entry.Thumbnail == nil {
					entry.Thumbnail = p.processImageElement(c, "href")
				}
			case "subtitle":
				if entry.Subtitle == nil {
					entry.Subtitle = p.textOrNull(processStringElement(c))
				}
			case "summary":
				// [249] The specification sets the subtitle
				// (docs/decisions.md#itunes-summary-subtitle).
				if entry.Subtitle == nil {
					entry.Subtitle = p.textOrNull(processStringElement(c))
				}
			case "duration":
				if entry.Duration == nil { // [218] (docs/decisions.md#itunes-duration)
					text := c.ChildTextContent()
					entry.Duration = parseITunesDuration(text) // [198]
					if entry.Duration == nil {
						p.reject(DiagnosticNumber, c, "", text, "not an iTunes duration (S, M:S or H:M:S)")
					}
				}
			default:
				p.processITunesItem(entry, c)
			}
		case nsPodcast, nsPodcastGitHub: // an addition
			p.processPodcastItem(entry, c)
		case nsRSSContent:
			if c.Local == "encoded" {
				if entry.Content == nil {
					entry.Content = p.escapedHTML(c)
					p.noteBody(c, true) // an addition (normalize.go)
				}
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
		case nsThr: // threading.go
			if c.Local == "in-reply-to" {
				p.processInReplyTo(entry, c)
			}
		}
	}
	if entry.Language == "" { // an addition
		entry.Language = xmlLang(el)
	}
	if media != nil { // an addition (mediarss.go)
		entry.MediaRSS = p.processMediaRSS(el, media, inEntry)
	}
	return entry // [252]
}

// maxDurationSeconds is the largest number of seconds a time.Duration holds.
const maxDurationSeconds = int64(1<<63-1) / int64(time.Second)

// parseITunesDuration runs [212]–[257] on text: "S", "M:S" or "H:M:S", each
// field one or more ASCII digits, nothing else (no trimming, no range check
// on minutes or seconds). nil is null: any other text, and a total that does
// not fit in a time.Duration.
func parseITunesDuration(text string) *time.Duration {
	var fields [3]int64
	n := 0 // number of fields read
	i := 0
	for {
		if n == len(fields) {
			return nil // four or more fields
		}
		start := i
		var v int64
		for i < len(text) && text[i] >= '0' && text[i] <= '9' {
			if v <= maxDurationSeconds {
				v = v*10 + int64(text[i]-'0')
			}
			i++
		}
		if i == start {
			return nil // a field without digits
		}
		fields[n] = v
		n++
		if i == len(text) {
			break
		}
		if text[i] != ':' {
			return nil
		}
		i++
	}
	var secs int64
	switch n {
	case 1: // [212] [217]
		secs = fields[0]
	case 2: // [215] [223] [224] [230]
		secs = mulAdd(fields[0], 60, fields[1])
	case 3: // [216] [231] [232] [233] [257]
		secs = mulAdd(mulAdd(fields[0], 60, fields[1]), 60, fields[2])
	}
	if secs < 0 || secs > maxDurationSeconds {
		return nil
	}
	d := time.Duration(secs) * time.Second
	return &d
}

// mulAdd returns a*m+b for non-negative a and b, or -1 when the result would
// exceed maxDurationSeconds (or a or b is -1 already).
func mulAdd(a, m, b int64) int64 {
	if a < 0 || b < 0 || a > maxDurationSeconds || b > maxDurationSeconds {
		return -1
	}
	r := a*m + b // cannot overflow: a, b ≤ maxDurationSeconds ≈ 9.2e9, m = 60
	if r > maxDurationSeconds {
		return -1
	}
	return r
}

// firstChildElement returns el's first child element with the given namespace
// and local name, or nil.
func firstChildElement(el *xml5.Node, ns, local string) *xml5.Node {
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Is(ns, local) {
			return c
		}
	}
	return nil
}

// processRSSDate is "process an RSS 2.0 date" (docs/decisions.md#rss-date) on
// el's child text content; nil is null.
func (p *processor) processRSSDate(el *xml5.Node) *time.Time {
	text := el.ChildTextContent()
	if t, assumed, ok := parseRSSDateAssumed(text); ok { // dates.go
		// The hook for recovery mode (repair 10, recovery_dates.go).
		t, assumed = p.recoverRSSZone(el, text, t, assumed)
		return p.strictDate(text, t, assumed, FormRFC822)
	}
	return p.rejectedDate(el, text, "not an RSS 2.0 (RFC 822) date")
}

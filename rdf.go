package feedspec

import "github.com/feedspec/feedspec/xml5"

// The specification calls "process an RDF element" [18] without giving its
// steps; these are the reference implementation's, for RSS 1.0
// (docs/decisions.md#rss1-rdf). RSS 0.90 (another namespace) gives an empty
// feed (docs/decisions.md#rss-090).

// processRDF processes an RDF element in the RDF namespace
// (docs/decisions.md#rss1-rdf). It never returns null.
func (p *processor) processRDF(el *xml5.Node) *Feed {
	feed := &Feed{}
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		// The hook for recovery mode (repair 2, recovery.go).
		p.trappedEntries(feed, c, trappedInRDF)
		if c.Namespace != nsRSS10 {
			continue
		}
		switch c.Local {
		case "channel":
			p.processRSS10Channel(feed, c)
		case "item":
			p.addEntry(feed, c, p.processRSS10Item)
		case "image":
			if feed.Logo == nil {
				// Only the first url child is looked at. The image whole is
				// an addition (rsschannel.go), read as for RSS 2.0: the
				// image the logo was read from, else the first that gives
				// a value.
				img := p.processChannelImage(c, nsRSS10)
				if img != nil && img.URL != "" {
					feed.Logo = &Image{URL: img.URL}
					feed.ChannelImage = img
				} else if feed.ChannelImage == nil {
					feed.ChannelImage = img
				}
			}
		case "textinput", "textInput": // an addition (rsschannel.go)
			if feed.TextInput == nil {
				feed.TextInput = p.processTextInput(c, nsRSS10)
			}
		}
	}
	if feed.Language == "" { // an addition
		feed.Language = xmlLang(el)
	}
	return feed
}

// processRSS10Channel processes an RSS 1.0 channel element with feed
// (docs/decisions.md#rss1-rdf). Items, images and text inputs inside the
// channel (references to the root's children) are not read.
func (p *processor) processRSS10Channel(feed *Feed, el *xml5.Node) {
	if feed.el == nil {
		feed.el = el
	}
	if feed.ID == "" { // an addition
		feed.ID = rdfAbout(el)
	}
	var media *xml5.Node // the first Media RSS child (mediarss.go)
	var geo geoState
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		switch c.Namespace {
		case nsDC:
			switch c.Local {
			case "date":
				if feed.Updated == nil {
					feed.Updated = p.processW3CDTFDate(c)
				}
			case "creator":
				if p.room(inFeed, listAuthors, c) {
					p.addNamedPerson(&feed.Authors, c)
				}
			default:
				p.processDCAddition(c, &feed.Language, &feed.Rights, &feed.Contributors)
			}
		case nsTaxo:
			if c.Local == "topics" { // an addition (categorydetails.go)
				p.addTaxoTopics(&feed.CategoryDetails, inFeed, c)
			}
		case nsSy:
			p.processSyndication(feed, c)
		case nsAdmin:
			if c.Local == "generatorAgent" && feed.Generator == nil { // an addition
				if v, ok := c.AttrValue(nsRDF, "resource"); ok && v != "" {
					if u := p.parseURL(c, "rdf:resource", v); u != "" {
						feed.Generator = &Generator{URI: u}
					}
				}
			}
		case nsRSS10:
			switch c.Local {
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
			}
		case nsAtom:
			if c.Local == "link" {
				p.processAtomLink(c, feed, nil) // [234]
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
		case nsFeedHistory: // tombstone.go
			processFeedHistory(feed, c)
		}
	}
	if feed.Language == "" { // an addition
		feed.Language = xmlLang(el)
	}
	if media != nil && feed.MediaRSS == nil { // an addition (mediarss.go)
		feed.MediaRSS = p.processMediaRSS(el, media, inFeed)
	}
}

// rdfAbout returns el's rdf:about attribute when it has a non-space
// character, else "".
func rdfAbout(el *xml5.Node) string {
	if v, ok := el.AttrValue(nsRDF, "about"); ok && hasNonSpaceChar(v) {
		return v
	}
	return ""
}

// processRSS10Item processes an RSS 1.0 item element
// (docs/decisions.md#rss1-rdf).
func (p *processor) processRSS10Item(el *xml5.Node) *Entry {
	entry := p.newEntry(el) // entry.go
	entry.ID = rdfAbout(el)
	p.startEntry()
	var media *xml5.Node // the first Media RSS child (mediarss.go)
	var geo geoState
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		switch c.Namespace {
		case nsRSS10:
			switch c.Local {
			case "link":
				if entry.PageURL == "" {
					entry.PageURL = p.processURLElement(c)
				}
			case "title":
				if entry.Title == nil {
					entry.Title = p.textOrNull(processStringElement(c))
				}
			case "description":
				if entry.Summary == nil {
					entry.Summary = p.escapedHTML(c) // [178]
					p.noteBody(c, false)             // an addition (normalize.go)
				}
			}
		case nsHatena:
			if c.Local == "imageurl" && entry.Thumbnail == nil {
				// Set only when the URL is not null
				// (docs/decisions.md#hatena-imageurl).
				if url := p.processURLElement(c); url != "" {
					entry.Thumbnail = &Image{URL: url}
				}
			}
		case nsDC:
			switch c.Local {
			case "creator":
				if p.room(inEntry, listAuthors, c) {
					p.addNamedPerson(&entry.Authors, c)
				}
			case "date":
				if entry.Updated == nil {
					entry.Updated = p.processW3CDTFDate(c)
				}
			case "subject":
				if term := c.ChildTextContent(); term != "" && p.room(inEntry, listCategories, c) {
					p.addCategory(term)
					p.entryCats = append(p.entryCats, Category{Term: term}) // an addition
				}
			default:
				p.processDCAddition(c, &entry.Language, &entry.Rights, &entry.Contributors)
			}
		case nsWfw:
			if c.Local == "commentRss" { // an addition
				p.setComments(entry, c, false)
			}
		case nsTaxo:
			if c.Local == "topics" { // an addition (categorydetails.go)
				p.addTaxoTopics(&p.entryCats, inEntry, c)
			}
		case nsSlash:
			if c.Local == "comments" && entry.CommentCount == nil { // an addition
				entry.CommentCount = p.processCount(c)
			}
		case nsRSSContent:
			if c.Local == "encoded" && entry.Content == nil {
				entry.Content = p.escapedHTML(c) // [178]
				p.noteBody(c, true)              // an addition (normalize.go)
			}
		// The additions of issue 38.
		case nsMedia, nsMediaAlt: // mediarss.go
			if media == nil {
				media = c
			}
		case nsGeoRSS, nsW3CGeo: // geo.go
			p.processGeo(&entry.Geo, &geo, c)
		case nsCC, nsCreativeCommons: // license.go
			if c.Local == "license" {
				p.processLicense(&entry.License, inEntry, c)
			}
		}
	}
	if entry.Language == "" { // an addition
		entry.Language = xmlLang(el)
	}
	if media != nil { // an addition (mediarss.go)
		entry.MediaRSS = p.processMediaRSS(el, media, inEntry)
	}
	return entry
}

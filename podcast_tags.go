package feedspec

import (
	"strings"
	"time"

	"github.com/feedspec/feedspec/xml5"
)

// The Podcasting 2.0 tags typed by issue 38, each as the namespace's own
// documentation defines it (podcastindex.org/namespace/1.0, one page a
// tag): location, trailer, license, medium, image and images, liveItem,
// remoteItem, podroll, txt, updateFrequency, block, chat, socialInteract,
// publisher, podping, contentLink and valueTimeSplit. podcast.go reads the
// earlier ones and dispatches to these.

// A PodcastLocation is a podcast:location element: where the podcast or
// episode is about, or where it was made. JSON keys name, rel, geo, osm,
// country.
type PodcastLocation struct {
	// Name is the element's text (process a string element): the
	// location as people name it.
	Name string `json:"name,omitempty"`
	// Rel is the rel attribute as written: "subject" (what the content is
	// about; the default) or "creator" (where it was made).
	Rel string `json:"rel,omitempty"`
	// Geo is the geo attribute, a geo URI (RFC 5870: "geo:30.2672,-97.7431",
	// an optional altitude after a third comma, which is the Elevation);
	// nil when absent or not one, or when its crs parameter names another
	// reference system than WGS84.
	Geo *Geo `json:"geo,omitempty"`
	// OSM is the osm attribute as written: an OpenStreetMap object, its
	// type's letter (N, W or R) and its id.
	OSM string `json:"osm,omitempty"`
	// Country is the country attribute as written (ISO 3166-1 alpha-2).
	Country string `json:"country,omitempty"`
}

// A PodcastTrailer is a podcast:trailer element: a trailer of the podcast
// or of one season. JSON keys title, url, pub_date, length, type, season.
type PodcastTrailer struct {
	// Title is the element's text (process a string element).
	Title string `json:"title,omitempty"`
	// URL is the url attribute, parsed (never "").
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URL string `json:"url,omitempty"`
	// PubDate is the pubdate attribute, an RFC 2822 date (read as an RSS
	// 2.0 date); nil when it is not one.
	PubDate *time.Time `json:"pub_date,omitempty"`
	// Length is the length attribute in bytes, when greater than zero.
	Length *int64 `json:"length,omitempty"`
	// Type is the type attribute (a MIME type) as written.
	Type string `json:"type,omitempty"`
	// Season is the season attribute, the number of the season the
	// trailer is for (as podcast:season numbers them).
	Season *int `json:"season,omitempty"`
}

// A PodcastLicense is a podcast:license element. JSON keys name, url.
type PodcastLicense struct {
	// Name is the element's text (process a string element): an
	// identifier of the namespace's licence list ("cc-by-4.0") or the
	// name of a custom licence.
	Name string `json:"name,omitempty"`
	// URL is the url attribute, parsed: the licence's full text.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URL string `json:"url,omitempty"`
}

// A PodcastImage is a podcast:image element, or one candidate of a
// podcast:images srcset. JSON keys href, alt, aspect_ratio, width, height,
// type, purpose.
type PodcastImage struct {
	// Href is the href attribute (a srcset candidate's URL), parsed
	// (never "").
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	Href string `json:"href,omitempty"`
	// Alt is the alt attribute as written: the image's text alternative.
	Alt string `json:"alt,omitempty"`
	// AspectRatio is the aspect-ratio attribute as written ("16/9").
	AspectRatio string `json:"aspect_ratio,omitempty"`
	// Width and Height are the width and height attributes in pixels (a
	// srcset candidate's width descriptor, "1500w", is its Width).
	Width  *int `json:"width,omitempty"`
	Height *int `json:"height,omitempty"`
	// Type is the type attribute (a MIME type) as written.
	Type string `json:"type,omitempty"`
	// Purpose is the purpose attribute as written: space-separated tokens
	// ("artwork social").
	Purpose string `json:"purpose,omitempty"`
}

// A PodcastLiveItem is a podcast:liveItem element: a live stream, written
// as an item is. JSON keys status, start, end, entry.
type PodcastLiveItem struct {
	// Status is the status attribute as written: "pending", "live" or
	// "ended".
	Status string `json:"status,omitempty"`
	// Start and End are the start and end attributes, ISO 8601 dates
	// (ParseDate's ISO 8601 and W3C-DTF forms): when the stream is meant
	// to start and end; nil when absent or not one.
	Start *time.Time `json:"start,omitempty"`
	End   *time.Time `json:"end,omitempty"`
	// Entry is the element read as an RSS item is (its title, guid,
	// enclosure, podcast:contentLink...). Its Feed is the feed (nil in a
	// Feed read back with json.Unmarshal); it is not one of Feed.Entries.
	Entry *Entry `json:"entry,omitempty"`
}

// A PodcastRemoteItem is a podcast:remoteItem element: a pointer to
// another feed, or to an item of another feed. JSON keys feed_guid,
// feed_url, item_guid, medium, title.
type PodcastRemoteItem struct {
	// FeedGUID is the feedGuid attribute as written: the podcast:guid of
	// the feed pointed to.
	FeedGUID string `json:"feed_guid,omitempty"`
	// FeedURL is the feedUrl attribute, parsed.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	FeedURL string `json:"feed_url,omitempty"`
	// ItemGUID is the itemGuid attribute as written: the guid of the item
	// pointed to, when it is an item.
	ItemGUID string `json:"item_guid,omitempty"`
	// Medium is the medium attribute as written (a podcast:medium value).
	Medium string `json:"medium,omitempty"`
	// Title is the title attribute as written.
	Title string `json:"title,omitempty"`
}

// A PodcastTxt is a podcast:txt element: free-form text for a purpose (a
// verification code, "ai-content"). JSON keys text, purpose.
type PodcastTxt struct {
	// Text is the element's text (process a string element); never "".
	Text string `json:"text,omitempty"`
	// Purpose is the purpose attribute as written.
	Purpose string `json:"purpose,omitempty"`
}

// A PodcastUpdateFrequency is a podcast:updateFrequency element: the
// intended release schedule. JSON keys text, complete, dtstart, rrule.
type PodcastUpdateFrequency struct {
	// Text is the element's text (process a string element), the
	// schedule as people say it ("Every weekday").
	Text string `json:"text,omitempty"`
	// Complete is true when the complete attribute is "true": no further
	// episodes are planned.
	Complete bool `json:"complete,omitempty"`
	// DTStart is the dtstart attribute, an ISO 8601 date or date-time:
	// when the rule starts; nil when absent or not one.
	DTStart *time.Time `json:"dtstart,omitempty"`
	// RRule is the rrule attribute as written: an iCalendar recurrence
	// rule (RFC 5545 §3.3.10, "FREQ=WEEKLY;BYDAY=MO").
	RRule string `json:"rrule,omitempty"`
}

// A PodcastBlock is a podcast:block element. JSON keys block, id.
type PodcastBlock struct {
	// Block is the element's text: true for "yes" (the platforms it
	// names, or all when ID is "", must not show the feed), false for
	// "no" (ASCII case-insensitive, space characters around ignored);
	// never nil.
	Block *bool `json:"block,omitempty"`
	// ID is the id attribute as written: a platform's slug of the
	// namespace's list; "" for every platform.
	ID string `json:"id,omitempty"`
}

// A PodcastChat is a podcast:chat element: where the podcast's or the
// episode's chat is. JSON keys server, protocol, account_id, space.
type PodcastChat struct {
	// Server is the server attribute as written (a host name).
	Server string `json:"server,omitempty"`
	// Protocol is the protocol attribute as written ("irc", "xmpp",
	// "nostr", "matrix").
	Protocol string `json:"protocol,omitempty"`
	// AccountID is the accountId attribute as written.
	AccountID string `json:"account_id,omitempty"`
	// Space is the space attribute as written (a room, a channel).
	Space string `json:"space,omitempty"`
}

// A PodcastSocialInteract is a podcast:socialInteract element: the root
// post of the comment thread of the podcast or episode. JSON keys
// protocol, uri, account_id, account_url, priority.
type PodcastSocialInteract struct {
	// Protocol is the protocol attribute as written ("activitypub",
	// "twitter", "disabled" for no public comments); never "".
	Protocol string `json:"protocol,omitempty"`
	// URI is the uri attribute as written: the root post, in the
	// protocol's form (an https URL for activitypub, an at:// URI for
	// atproto...), so not parsed as a URL.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URI string `json:"uri,omitempty"`
	// AccountID is the accountId attribute as written.
	AccountID string `json:"account_id,omitempty"`
	// AccountURL is the accountUrl attribute, parsed.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	AccountURL string `json:"account_url,omitempty"`
	// Priority is the priority attribute, a non-negative integer (lower
	// first).
	Priority *int `json:"priority,omitempty"`
}

// A PodcastContentLink is a podcast:contentLink element: where the content
// can be found outside the app. JSON keys href, text.
type PodcastContentLink struct {
	// Href is the href attribute, parsed (never "").
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	Href string `json:"href,omitempty"`
	// Text is the element's text (process a string element).
	Text string `json:"text,omitempty"`
}

// A PodcastValueTimeSplit is a podcast:valueTimeSplit element: other
// value recipients for a stretch of the audio. JSON keys start_time,
// duration (seconds, with a fraction; always written), remote_start_time,
// remote_percentage, recipients, remote_item.
type PodcastValueTimeSplit struct {
	// StartTime and Duration are the startTime and duration attributes,
	// in seconds.
	StartTime time.Duration `json:"start_time,format:sec"`
	Duration  time.Duration `json:"duration,format:sec"`
	// RemoteStartTime is the remoteStartTime attribute: where the split
	// starts in the remote item.
	RemoteStartTime *time.Duration `json:"remote_start_time,omitempty,format:sec"`
	// RemotePercentage is the remotePercentage attribute as a number (the
	// namespace reads it as 100 when absent, and clamps it to 0–100).
	RemotePercentage *float64 `json:"remote_percentage,omitempty"`
	// Recipients lists the podcast:valueRecipient children with an
	// address.
	Recipients []PodcastValueRecipient `json:"recipients,omitempty"`
	// RemoteItem is the first podcast:remoteItem child.
	RemoteItem *PodcastRemoteItem `json:"remote_item,omitempty"`
}

// podcastLocation reads a podcast:location; ok is false when it gives no
// value.
func (p *processor) podcastLocation(el *xml5.Node) (PodcastLocation, bool) {
	l := PodcastLocation{
		Name:    processStringElement(el),
		Rel:     nonEmptyAttr(el, "rel"),
		OSM:     nonEmptyAttr(el, "osm"),
		Country: nonEmptyAttr(el, "country"),
	}
	if v, ok := el.AttrValue("", "geo"); ok {
		l.Geo = p.geoURI(el, v)
	}
	return l, l != (PodcastLocation{})
}

// geoURI reads v, the geo attribute of el, as a geo URI (RFC 5870):
// "geo:" (ASCII case-insensitive), latitude "," longitude ["," altitude],
// then parameters after ";" (a crs parameter other than "wgs84" makes the
// coordinates unreadable here; u and others are ignored). nil, with a
// Diagnostic, when it is not one or a coordinate is out of range.
func (p *processor) geoURI(el *xml5.Node, v string) *Geo {
	s := trimSpaceCharacters(v)
	if !asciiHasPrefixFold(s, "geo:") {
		p.reject(DiagnosticValue, el, "geo", v, `not a geo URI ("geo:latitude,longitude")`)
		return nil
	}
	coords, params, _ := strings.Cut(s[len("geo:"):], ";")
	for param := range strings.SplitSeq(params, ";") {
		name, value, _ := strings.Cut(param, "=")
		if asciiEqualFold(name, "crs") && !asciiEqualFold(value, "wgs84") {
			p.reject(DiagnosticValue, el, "geo", v, "a geo URI in another reference system than WGS84")
			return nil
		}
	}
	n := strings.Count(coords, ",")
	if n < 1 || n > 2 {
		p.reject(DiagnosticValue, el, "geo", v, `not a geo URI ("geo:latitude,longitude")`)
		return nil
	}
	return p.geoPoint(el, "geo", v, strings.ReplaceAll(coords, ",", " "), true)
}

// podcastTrailer reads a podcast:trailer; ok is false when its url is
// missing or does not parse.
func (p *processor) podcastTrailer(el *xml5.Node) (PodcastTrailer, bool) {
	u := p.podcastURL(el, "url")
	if u == "" {
		return PodcastTrailer{}, false
	}
	t := PodcastTrailer{
		Title:  processStringElement(el),
		URL:    u,
		Length: p.positiveAttr(el, "length"),
		Type:   nonEmptyAttr(el, "type"),
		Season: p.intAttr(el, "season"),
	}
	if v, ok := el.AttrValue("", "pubdate"); ok {
		if d, ok := parseRSSDate(v); ok {
			t.PubDate = p.newDate(d)
		} else {
			p.reject(DiagnosticDate, el, "pubdate", v, "not an RSS 2.0 (RFC 822) date")
		}
	}
	return t, true
}

// podcastLicense reads a podcast:license; nil when it gives no value.
func (p *processor) podcastLicense(el *xml5.Node) *PodcastLicense {
	l := PodcastLicense{Name: processStringElement(el), URL: p.podcastURL(el, "url")}
	if l == (PodcastLicense{}) {
		return nil
	}
	return &l
}

// addPodcastImages appends the images of a podcast:image (its href) or a
// podcast:images (its srcset's candidates) to *list, in scope.
func (p *processor) addPodcastImages(list *[]PodcastImage, scope int, el *xml5.Node) {
	if el.Local == "image" {
		u := p.podcastURL(el, "href")
		if u == "" || !p.room(scope, listImages, el) {
			return
		}
		appendCapped(p, list, el, scope, isPodcastImage, PodcastImage{
			Href:        u,
			Alt:         nonEmptyAttr(el, "alt"),
			AspectRatio: nonEmptyAttr(el, "aspect-ratio"),
			Width:       p.intAttr(el, "width"),
			Height:      p.intAttr(el, "height"),
			Type:        nonEmptyAttr(el, "type"),
			Purpose:     nonEmptyAttr(el, "purpose"),
		})
		return
	}
	srcset, _ := el.AttrValue("", "srcset")
	if *list == nil {
		*list = make([]PodcastImage, 0, p.listCap(el, scope, isPodcastImage)+p.commaCap(srcset, scope))
	}
	// Candidates are separated by commas; each is a URL, then space
	// characters and a descriptor ("1500w"). A URL holding a comma is not
	// expected here (the namespace asks for absolute URLs of images).
	for cand := range strings.SplitSeq(srcset, ",") {
		fields := strings.FieldsFunc(cand, func(r rune) bool { return r < 0x80 && isSpaceCharacter(byte(r)) })
		if len(fields) == 0 {
			continue
		}
		u := p.parseURL(el, "srcset", fields[0])
		if u == "" || !p.room(scope, listImages, el) {
			continue
		}
		img := PodcastImage{Href: u}
		for _, d := range fields[1:] {
			if w, ok := strings.CutSuffix(d, "w"); ok {
				if n, ok := p.intValue(el, "srcset", w); ok {
					img.Width = &n
				}
			}
		}
		*list = append(*list, img)
	}
}

// isPodcastImage reports whether el is a podcast:image or podcast:images.
func isPodcastImage(el *xml5.Node) bool {
	return (el.Local == "image" || el.Local == "images") && isPodcast(el.Namespace)
}

// podcastRemoteItem reads a podcast:remoteItem; ok is false when it names
// no feed (neither feedGuid nor a feedUrl that parses).
func (p *processor) podcastRemoteItem(el *xml5.Node) (PodcastRemoteItem, bool) {
	r := PodcastRemoteItem{
		FeedGUID: nonEmptyAttr(el, "feedGuid"),
		FeedURL:  p.podcastURL(el, "feedUrl"),
		ItemGUID: nonEmptyAttr(el, "itemGuid"),
		Medium:   nonEmptyAttr(el, "medium"),
		Title:    nonEmptyAttr(el, "title"),
	}
	return r, r.FeedGUID != "" || r.FeedURL != ""
}

// addRemoteItems appends the podcast:remoteItem children of el (a podroll)
// to *list, in the feed's scope.
func (p *processor) addRemoteItems(list *[]PodcastRemoteItem, el *xml5.Node) {
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Local != "remoteItem" || !isPodcast(c.Namespace) {
			continue
		}
		if r, ok := p.podcastRemoteItem(c); ok && p.room(inFeed, listRemoteItems, c) {
			appendCapped(p, list, c, inFeed, nil, r)
		}
	}
}

// addPodcastTxt appends a podcast:txt with a text to *list, in scope.
func (p *processor) addPodcastTxt(list *[]PodcastTxt, scope int, el *xml5.Node) {
	if t := processStringElement(el); t != "" && p.room(scope, listTxt, el) {
		appendCapped(p, list, el, scope, nil, PodcastTxt{Text: t, Purpose: nonEmptyAttr(el, "purpose")})
	}
}

// podcastChat reads a podcast:chat; nil when it gives no value.
func podcastChat(el *xml5.Node) *PodcastChat {
	c := PodcastChat{
		Server:    nonEmptyAttr(el, "server"),
		Protocol:  nonEmptyAttr(el, "protocol"),
		AccountID: nonEmptyAttr(el, "accountId"),
		Space:     nonEmptyAttr(el, "space"),
	}
	if c == (PodcastChat{}) {
		return nil
	}
	return &c
}

// addSocialInteract appends a podcast:socialInteract with a protocol to
// *list, in scope.
func (p *processor) addSocialInteract(list *[]PodcastSocialInteract, scope int, el *xml5.Node) {
	protocol := nonEmptyAttr(el, "protocol")
	if protocol == "" {
		p.reject(DiagnosticValue, el, "protocol", "", "a socialInteract without a protocol")
		return
	}
	if !p.room(scope, listSocialInteracts, el) {
		return
	}
	appendCapped(p, list, el, scope, nil, PodcastSocialInteract{
		Protocol:   protocol,
		URI:        nonEmptyAttr(el, "uri"),
		AccountID:  nonEmptyAttr(el, "accountId"),
		AccountURL: p.podcastURL(el, "accountUrl"),
		Priority:   p.intAttr(el, "priority"),
	})
}

// podcastUpdateFrequency reads a podcast:updateFrequency; nil when it
// gives no value.
func (p *processor) podcastUpdateFrequency(el *xml5.Node) *PodcastUpdateFrequency {
	u := PodcastUpdateFrequency{
		Text:    processStringElement(el),
		DTStart: p.isoDateAttr(el, "dtstart"),
		RRule:   nonEmptyAttr(el, "rrule"),
	}
	if v, ok := el.AttrValue("", "complete"); ok && asciiEqualFold(trimSpaceCharacters(v), "true") {
		u.Complete = true
	}
	if u == (PodcastUpdateFrequency{}) {
		return nil
	}
	return &u
}

// addPodcastBlock appends a podcast:block whose text is "yes" or "no" to
// feed's blocks.
func (p *processor) addPodcastBlock(feed *Feed, el *xml5.Node) {
	var v bool
	switch p.vocabulary(el, "yes", "no") {
	case "yes":
		v = true
	case "no":
	default:
		return
	}
	if !p.room(inFeed, listBlocks, el) {
		return
	}
	appendCapped(p, &feedPodcast(feed).Blocks, el, inFeed, nil, PodcastBlock{Block: &v, ID: nonEmptyAttr(el, "id")})
}

// podcastPublisher reads a podcast:publisher: its first podcast:remoteItem
// that names a feed; nil when none does.
func (p *processor) podcastPublisher(el *xml5.Node) *PodcastRemoteItem {
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Local == "remoteItem" && isPodcast(c.Namespace) {
			if r, ok := p.podcastRemoteItem(c); ok {
				return &r
			}
		}
	}
	return nil
}

// addContentLink appends a podcast:contentLink whose href parsed to the
// entry's.
func (p *processor) addContentLink(entry *Entry, el *xml5.Node) {
	if u := p.podcastURL(el, "href"); u != "" && p.room(inEntry, listContentLinks, el) {
		appendCapped(p, &entryPodcast(entry).ContentLinks, el, inEntry, nil, PodcastContentLink{Href: u, Text: processStringElement(el)})
	}
}

// addLiveItem reads a podcast:liveItem: the element as an RSS item, its
// status, start and end. Live items count with the entries in MaxItems.
func (p *processor) addLiveItem(feed *Feed, el *xml5.Node) {
	if p.maxEntries >= 0 && len(feed.Entries)+p.liveItems >= p.maxEntries {
		if p.entryLimit == nil {
			line, _ := p.doc.Position(el.Offset)
			p.entryLimit = limitError("MaxItems", p.maxEntries, line, el.Offset) // limits.go
		}
		return
	}
	p.liveItems++
	entry := p.processRSSItem(el)
	if p.recovery {
		p.recoverEntryDates(entry, el) // repair 6 (recovery_dates.go)
	}
	p.finishEntry(entry)
	entry.Feed = feed
	cleanupEntry(entry) // as every item
	p.finishBody(feed, entry)
	live := PodcastLiveItem{
		Status: nonEmptyAttr(el, "status"),
		Start:  p.isoDateAttr(el, "start"),
		End:    p.isoDateAttr(el, "end"),
		Entry:  entry,
	}
	appendCapped(p, &feedPodcast(feed).LiveItems, el, inFeed, nil, live)
}

// isoDateAttr reads el's attribute name as an ISO 8601 date or date-time:
// what ParseDate reads in its RFC 3339, W3C-DTF and ISO 8601 forms
// ("2021-09-26T07:30:00.000-0600" included); nil when absent, or, with a
// Diagnostic, when it is no such date.
func (p *processor) isoDateAttr(el *xml5.Node, name string) *time.Time {
	v, ok := el.AttrValue("", name)
	if !ok {
		return nil
	}
	t, info, err := ParseDate(v)
	if err != nil || (info.Form != FormAtom && info.Form != FormW3CDTF && info.Form != FormISO8601) {
		p.reject(DiagnosticDate, el, name, v, "not an ISO 8601 date")
		return nil
	}
	return p.newDate(t)
}

// podcastTimeSplit reads a podcast:valueTimeSplit; ok is false when its
// startTime or duration is missing or invalid.
func (p *processor) podcastTimeSplit(el *xml5.Node) (PodcastValueTimeSplit, bool) {
	start, ok1 := p.secondsAttr(el, "startTime")
	dur, ok2 := p.secondsAttr(el, "duration")
	if !ok1 || !ok2 {
		return PodcastValueTimeSplit{}, false
	}
	ts := PodcastValueTimeSplit{StartTime: start, Duration: dur, RemotePercentage: p.numberAttr(el, "remotePercentage")}
	if _, ok := el.AttrValue("", "remoteStartTime"); ok {
		if d, ok := p.secondsAttr(el, "remoteStartTime"); ok {
			ts.RemoteStartTime = &d
		}
	}
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if !isPodcast(c.Namespace) {
			continue
		}
		switch c.Local {
		case "valueRecipient":
			if r, ok := p.valueRecipient(c); ok {
				appendCapped(p, &ts.Recipients, c, -1, nil, r)
			}
		case "remoteItem":
			if ts.RemoteItem == nil {
				if r, ok := p.podcastRemoteItem(c); ok {
					ts.RemoteItem = &r
				}
			}
		}
	}
	return ts, true
}

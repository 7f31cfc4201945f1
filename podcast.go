package feedspec

import (
	"math"
	"strconv"
	"time"

	"github.com/feedspec/feedspec/xml5"
)

// The Podcasting 2.0 namespace (an addition; not in the specification):
// https://podcastindex.org/namespace/1.0. Feeds declare it under two URIs,
// the current one and the address of the namespace's documentation on
// GitHub that early adopters used (both are in the project's corpus); the
// two are read alike. The elements are read in RSS channels and items, as
// the iTunes ones are.
const (
	nsPodcast       = "https://podcastindex.org/namespace/1.0"
	nsPodcastGitHub = "https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md"
)

// isPodcast reports whether ns is one of the Podcasting 2.0 namespace URIs.
func isPodcast(ns string) bool { return ns == nsPodcast || ns == nsPodcastGitHub }

// FeedPodcast holds the channel-level elements of the Podcasting 2.0
// namespace ("podcast:"), read from an RSS channel (an addition). Feed.Podcast
// is nil when the channel has none of them.
//
// In the canonical JSON it is the feed's last key, "podcast", an object with
// the keys below (each omitted when null or empty): guid (string), locked
// (boolean), locked_owner (string), funding (array of PodcastFunding),
// persons (array of PodcastPerson) and values (array of PodcastValue).
type FeedPodcast struct {
	// GUID is the first podcast:guid's text (process a string element),
	// the podcast's global identifier (a UUID). JSON "guid".
	GUID string `json:"guid,omitempty"`
	// Locked is the first podcast:locked with a value: true for "yes",
	// false for "no" (ASCII case-insensitive, space characters around
	// ignored); nil when there is none. JSON "locked".
	Locked *bool `json:"locked,omitempty"`
	// LockedOwner is that podcast:locked's owner attribute (an e-mail
	// address), as written. JSON "locked_owner".
	LockedOwner string `json:"locked_owner,omitempty"`
	// Funding lists the podcast:funding elements with a URL, in document
	// order. JSON "funding".
	Funding []PodcastFunding `json:"funding,omitempty"`
	// Persons lists the channel's podcast:person elements with a name, in
	// document order. JSON "persons".
	Persons []PodcastPerson `json:"persons,omitempty"`
	// Values lists the channel's podcast:value elements, in document
	// order. JSON "values".
	Values []PodcastValue `json:"values,omitempty"`

	// The fields below complete the namespace (issue 38); each list is
	// capped by MaxPerEntry (ten times, as the feed's own lists are).

	// Locations lists the channel's podcast:location elements that give
	// a value. JSON "locations".
	Locations []PodcastLocation `json:"locations,omitempty" jsongen:"maxperfeed"`
	// Trailers lists the podcast:trailer elements whose url parsed. JSON
	// "trailers".
	Trailers []PodcastTrailer `json:"trailers,omitempty" jsongen:"maxperfeed"`
	// License is the first podcast:license that gives a value. JSON
	// "license".
	License *PodcastLicense `json:"license,omitempty"`
	// Medium is the first podcast:medium's text without the space
	// characters around it, as written ("podcast", "music", "video",
	// "film", "audiobook", "newsletter", "blog", "publisher", "course",
	// a list medium such as "musicL", or "mixed"); "" when absent, which
	// the namespace reads as "podcast". JSON "medium".
	Medium string `json:"medium,omitempty"`
	// Images lists the channel's podcast:image elements whose href parsed
	// and the candidates of its podcast:images srcset (the deprecated
	// form), in document order. JSON "images".
	Images []PodcastImage `json:"images,omitempty" jsongen:"maxperfeed"`
	// LiveItems lists the podcast:liveItem elements: live streams, each
	// read as an item is. JSON "live_items".
	LiveItems []PodcastLiveItem `json:"live_items,omitempty"`
	// RemoteItems lists the channel's own podcast:remoteItem elements
	// (those of a podroll or a publisher are in Podroll and Publisher).
	// JSON "remote_items".
	RemoteItems []PodcastRemoteItem `json:"remote_items,omitempty" jsongen:"maxperfeed"`
	// Podroll lists the podcast:remoteItem children of the first
	// podcast:podroll: the podcasts the podcaster recommends. JSON
	// "podroll".
	Podroll []PodcastRemoteItem `json:"podroll,omitempty" jsongen:"maxperfeed"`
	// Txt lists the channel's podcast:txt elements with a text. JSON
	// "txt".
	Txt []PodcastTxt `json:"txt,omitempty" jsongen:"maxperfeed"`
	// UpdateFrequency is the first podcast:updateFrequency that gives a
	// value. JSON "update_frequency".
	UpdateFrequency *PodcastUpdateFrequency `json:"update_frequency,omitempty"`
	// Blocks lists the podcast:block elements whose text is "yes" or
	// "no". JSON "blocks".
	Blocks []PodcastBlock `json:"blocks,omitempty" jsongen:"maxperfeed"`
	// Chat is the first podcast:chat that gives a value. JSON "chat".
	Chat *PodcastChat `json:"chat,omitempty"`
	// SocialInteracts lists the channel's podcast:socialInteract
	// elements with a protocol. JSON "social_interacts".
	SocialInteracts []PodcastSocialInteract `json:"social_interacts,omitempty" jsongen:"maxperfeed"`
	// Publisher is the podcast:remoteItem of the first podcast:publisher
	// that has one: the publisher feed the podcast belongs to. JSON
	// "publisher".
	Publisher *PodcastRemoteItem `json:"publisher,omitempty"`
	// UsesPodping is true when a podcast:podping element's usesPodping
	// attribute is "true": the feed announces its changes through
	// Podping. JSON "uses_podping".
	UsesPodping bool `json:"uses_podping,omitempty"`

	// locked holds the value Locked points to.
	locked bool
}

// EntryPodcast holds the item-level elements of the Podcasting 2.0
// namespace, read from an RSS item (an addition). Entry.Podcast is nil when
// the item has none of them.
//
// In the canonical JSON it is the entry's last key, "podcast", an object
// with the keys below (each omitted when null or empty): transcripts (array
// of PodcastTranscript), chapters (PodcastChapters), persons (array of
// PodcastPerson), season (PodcastSeason), episode (PodcastEpisode),
// soundbites (array of PodcastSoundbite), alternate_enclosures (array of
// PodcastAlternateEnclosure) and values (array of PodcastValue).
type EntryPodcast struct {
	// Transcripts lists the podcast:transcript elements whose url parsed,
	// in document order. JSON "transcripts".
	Transcripts []PodcastTranscript `json:"transcripts,omitempty"`
	// Chapters is the first podcast:chapters whose url parsed. JSON
	// "chapters".
	Chapters *PodcastChapters `json:"chapters,omitempty"`
	// Persons lists the item's podcast:person elements with a name, in
	// document order. JSON "persons".
	Persons []PodcastPerson `json:"persons,omitempty"`
	// Season is the first podcast:season whose text is a non-negative
	// integer. JSON "season".
	Season *PodcastSeason `json:"season,omitempty"`
	// Episode is the first podcast:episode whose text is a non-negative
	// number. JSON "episode".
	Episode *PodcastEpisode `json:"episode,omitempty"`
	// Soundbites lists the podcast:soundbite elements with a valid
	// startTime and duration, in document order. JSON "soundbites".
	Soundbites []PodcastSoundbite `json:"soundbites,omitempty"`
	// AlternateEnclosures lists the podcast:alternateEnclosure elements
	// with at least one source whose uri parsed, in document order. JSON
	// "alternate_enclosures".
	AlternateEnclosures []PodcastAlternateEnclosure `json:"alternate_enclosures,omitempty"`
	// Values lists the item's podcast:value elements, in document order.
	// JSON "values".
	Values []PodcastValue `json:"values,omitempty"`

	// The fields below complete the namespace (issue 38); each list is
	// capped by MaxPerEntry.

	// Locations lists the item's podcast:location elements that give a
	// value. JSON "locations".
	Locations []PodcastLocation `json:"locations,omitempty" jsongen:"maxperentry"`
	// License is the item's first podcast:license that gives a value.
	// JSON "license".
	License *PodcastLicense `json:"license,omitempty"`
	// Images lists the item's podcast:image elements whose href parsed
	// and the candidates of its podcast:images srcset, in document order.
	// JSON "images".
	Images []PodcastImage `json:"images,omitempty" jsongen:"maxperentry"`
	// Txt lists the item's podcast:txt elements with a text. JSON "txt".
	Txt []PodcastTxt `json:"txt,omitempty" jsongen:"maxperentry"`
	// Chat is the item's first podcast:chat that gives a value. JSON
	// "chat".
	Chat *PodcastChat `json:"chat,omitempty"`
	// SocialInteracts lists the item's podcast:socialInteract elements
	// with a protocol. JSON "social_interacts".
	SocialInteracts []PodcastSocialInteract `json:"social_interacts,omitempty" jsongen:"maxperentry"`
	// ContentLinks lists the podcast:contentLink elements whose href
	// parsed. JSON "content_links".
	ContentLinks []PodcastContentLink `json:"content_links,omitempty" jsongen:"maxperentry"`
}

// A PodcastTranscript is a podcast:transcript element: a transcript or
// captions file for the episode. JSON keys url, type, language, rel.
type PodcastTranscript struct {
	// URL is the url attribute, parsed as every URL is (never "").
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URL string `json:"url,omitempty"`
	// Type is the type attribute as written: the file's MIME type
	// ("text/vtt", "application/x-subrip", "application/json",
	// "text/html", "text/plain").
	Type string `json:"type,omitempty"`
	// Language is the language attribute as written; "" means the feed's
	// language.
	Language string `json:"language,omitempty"`
	// Rel is the rel attribute as written: "captions" for a file with
	// timings meant as captions, else "".
	Rel string `json:"rel,omitempty"`
}

// PodcastChapters is a podcast:chapters element: the episode's chapters
// file. JSON keys url, type.
type PodcastChapters struct {
	// URL is the url attribute, parsed (never "").
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URL string `json:"url,omitempty"`
	// Type is the type attribute as written ("application/json+chapters",
	// or "application/json" in older feeds).
	Type string `json:"type,omitempty"`
}

// A PodcastPerson is a podcast:person element: someone who took part in the
// podcast or episode. JSON keys name, role, group, img, href.
type PodcastPerson struct {
	// Name is the element's text (process a string element); never "".
	Name string `json:"name,omitempty"`
	// Role and Group are the role and group attributes as written (values
	// of the Podcast Taxonomy Project, compared ignoring case); "" when
	// absent, which the namespace reads as "host" and "cast".
	Role  string `json:"role,omitempty"`
	Group string `json:"group,omitempty"`
	// Img is the img attribute (a picture of the person), parsed; "" when
	// absent or unparsable.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	Img string `json:"img,omitempty"`
	// Href is the href attribute (the person's page), parsed; "" when
	// absent or unparsable.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	Href string `json:"href,omitempty"`
}

// PodcastSeason is a podcast:season element. JSON keys number, name.
type PodcastSeason struct {
	// Number is the element's text as a non-negative integer.
	Number int `json:"number"`
	// Name is the name attribute as written ("" when absent).
	Name string `json:"name,omitempty"`
}

// PodcastEpisode is a podcast:episode element. JSON keys number, display.
type PodcastEpisode struct {
	// Number is the element's text as a non-negative decimal number
	// (episodes can be numbered 1.5).
	Number float64 `json:"number"`
	// Display is the display attribute as written, the label to show
	// instead of the number ("S1E3", "Ch. 3"); "" when absent.
	Display string `json:"display,omitempty"`
}

// A PodcastSoundbite is a podcast:soundbite element: a part of the episode
// fit for a preview. JSON keys start_time, duration (both in seconds, with
// a fraction when there is one), title.
type PodcastSoundbite struct {
	// StartTime is the startTime attribute: where the soundbite starts in
	// the audio.
	StartTime time.Duration `json:"start_time,format:sec"`
	// Duration is the duration attribute.
	Duration time.Duration `json:"duration,format:sec"`
	// Title is the element's text (process a string element); "" when
	// empty.
	Title string `json:"title,omitempty"`
}

// PodcastFunding is a podcast:funding element: where listeners can support
// the podcast. JSON keys url, text.
type PodcastFunding struct {
	// URL is the url attribute, parsed (never "").
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URL string `json:"url,omitempty"`
	// Text is the element's text (process a string element), the link's
	// label.
	Text string `json:"text,omitempty"`
}

// A PodcastAlternateEnclosure is a podcast:alternateEnclosure element:
// another version of the episode's media (another format, quality or
// language), available at one or more sources. JSON keys type, length,
// bitrate, height, lang, codecs, rel, title, default, sources (array of
// {uri, content_type}), integrity ({type, value}).
type PodcastAlternateEnclosure struct {
	// Type is the type attribute as written (the media's MIME type).
	Type string `json:"type,omitempty"`
	// Length is the length attribute in bytes, when greater than zero.
	Length *int64 `json:"length,omitempty"`
	// Bitrate is the bitrate attribute, in bits per second (a number).
	Bitrate *float64 `json:"bitrate,omitempty"`
	// Height is the height attribute, in pixels (video).
	Height *int `json:"height,omitempty"`
	// Lang, Codecs, Rel and Title are the attributes as written.
	Lang   string `json:"lang,omitempty"`
	Codecs string `json:"codecs,omitempty"`
	Rel    string `json:"rel,omitempty"`
	Title  string `json:"title,omitempty"`
	// Default is true when the default attribute is "true": this version
	// is the one the item's enclosure element gives.
	Default bool `json:"default,omitempty"`
	// Sources lists the podcast:source children whose uri parsed, in
	// document order; never empty.
	Sources []PodcastSource `json:"sources,omitempty"`
	// Integrity is the first podcast:integrity child; nil when none.
	Integrity *PodcastIntegrity `json:"integrity,omitempty"`
}

// A PodcastSource is a podcast:source element: one place an alternate
// enclosure can be fetched. JSON keys uri, content_type.
type PodcastSource struct {
	// URI is the uri attribute, parsed (never ""): an http(s) URL, or a
	// URI of another scheme (ipfs:, magnet:...).
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URI string `json:"uri,omitempty"`
	// ContentType is the contentType attribute as written, when the source
	// is served with another type than the alternate enclosure's
	// ("application/x-bittorrent").
	ContentType string `json:"content_type,omitempty"`
}

// PodcastIntegrity is a podcast:integrity element: how to check an
// alternate enclosure's file. JSON keys type, value.
type PodcastIntegrity struct {
	// Type is the type attribute as written: "sri" or "pgp-signature".
	Type string `json:"type,omitempty"`
	// Value is the value attribute as written.
	Value string `json:"value,omitempty"`
}

// A PodcastValue is a podcast:value element: how listeners can pay the
// podcast (value for value). JSON keys type, method, suggested, recipients,
// time_splits.
type PodcastValue struct {
	// Type is the type attribute as written ("lightning", "hive", ...).
	Type string `json:"type,omitempty"`
	// Method is the method attribute as written ("keysend", "lnaddress").
	Method string `json:"method,omitempty"`
	// Suggested is the suggested attribute as written (an amount in the
	// type's unit, kept as text so that no digit is lost).
	Suggested string `json:"suggested,omitempty"`
	// Recipients lists the podcast:valueRecipient children with an
	// address, in document order.
	Recipients []PodcastValueRecipient `json:"recipients,omitempty"`
	// TimeSplits lists the podcast:valueTimeSplit children with a valid
	// startTime and duration, in document order (MaxPerEntry).
	TimeSplits []PodcastValueTimeSplit `json:"time_splits,omitempty" jsongen:"maxperfeed"`
}

// A PodcastValueRecipient is a podcast:valueRecipient element: who receives
// a share of a payment. JSON keys name, type, address, split, custom_key,
// custom_value, fee.
type PodcastValueRecipient struct {
	// Name, Type and Address are the attributes as written (Type is the
	// address's kind: "node", "lnaddress"); Address is never "".
	Name    string `json:"name,omitempty"`
	Type    string `json:"type,omitempty"`
	Address string `json:"address,omitempty"`
	// Split is the split attribute, the recipient's number of shares;
	// nil when absent or not a non-negative number.
	Split *float64 `json:"split,omitempty"`
	// CustomKey and CustomValue are the customKey and customValue
	// attributes as written.
	CustomKey   string `json:"custom_key,omitempty"`
	CustomValue string `json:"custom_value,omitempty"`
	// Fee is true when the fee attribute is "true": the share is a fee
	// taken before the others are split.
	Fee bool `json:"fee,omitempty"`
}

// feedPodcast returns feed's Podcasting 2.0 holder, making it on first use.
func feedPodcast(feed *Feed) *FeedPodcast {
	if feed.Podcast == nil {
		feed.Podcast = &FeedPodcast{}
	}
	return feed.Podcast
}

// entryPodcast returns entry's Podcasting 2.0 holder, making it on first
// use.
func entryPodcast(entry *Entry) *EntryPodcast {
	if entry.Podcast == nil {
		entry.Podcast = &EntryPodcast{}
	}
	return entry.Podcast
}

// processPodcastChannel reads a Podcasting 2.0 element of an RSS channel.
func (p *processor) processPodcastChannel(feed *Feed, el *xml5.Node) {
	switch el.Local {
	case "guid":
		if feed.Podcast == nil || feed.Podcast.GUID == "" {
			if s := processStringElement(el); s != "" {
				feedPodcast(feed).GUID = s
			}
		}
	case "locked":
		if feed.Podcast == nil || feed.Podcast.Locked == nil {
			switch p.vocabulary(el, "yes", "no") {
			case "yes":
				p.setLocked(feed, el, true)
			case "no":
				p.setLocked(feed, el, false)
			}
		}
	case "funding":
		if u := p.podcastURL(el, "url"); u != "" {
			pc := feedPodcast(feed)
			pc.Funding = append(pc.Funding, PodcastFunding{URL: u, Text: processStringElement(el)})
		}
	case "person":
		if person, ok := p.podcastPerson(el); ok {
			pc := feedPodcast(feed)
			pc.Persons = append(pc.Persons, person)
		}
	case "value":
		pc := feedPodcast(feed)
		pc.Values = append(pc.Values, p.podcastValue(el, inFeed))
	// The tags of issue 38 (podcast_tags.go).
	case "location":
		if l, ok := p.podcastLocation(el); ok && p.room(inFeed, listLocations, el) {
			appendCapped(p, &feedPodcast(feed).Locations, el, inFeed, nil, l)
		}
	case "trailer":
		if t, ok := p.podcastTrailer(el); ok && p.room(inFeed, listTrailers, el) {
			appendCapped(p, &feedPodcast(feed).Trailers, el, inFeed, nil, t)
		}
	case "license":
		if feed.Podcast == nil || feed.Podcast.License == nil {
			if l := p.podcastLicense(el); l != nil {
				feedPodcast(feed).License = l
			}
		}
	case "medium":
		if feed.Podcast == nil || feed.Podcast.Medium == "" {
			if m := trimSpaceCharacters(el.ChildTextContent()); m != "" {
				feedPodcast(feed).Medium = m
			}
		}
	case "image", "images":
		var list []PodcastImage
		if feed.Podcast != nil {
			list = feed.Podcast.Images
		}
		if p.addPodcastImages(&list, inFeed, el); len(list) > 0 {
			feedPodcast(feed).Images = list
		}
	case "liveItem":
		p.addLiveItem(feed, el)
	case "remoteItem":
		if r, ok := p.podcastRemoteItem(el); ok && p.room(inFeed, listRemoteItems, el) {
			appendCapped(p, &feedPodcast(feed).RemoteItems, el, inFeed, nil, r)
		}
	case "podroll":
		if feed.Podcast == nil || feed.Podcast.Podroll == nil {
			var list []PodcastRemoteItem
			if p.addRemoteItems(&list, el); len(list) > 0 {
				feedPodcast(feed).Podroll = list
			}
		}
	case "txt":
		var list []PodcastTxt
		if feed.Podcast != nil {
			list = feed.Podcast.Txt
		}
		if p.addPodcastTxt(&list, inFeed, el); len(list) > 0 {
			feedPodcast(feed).Txt = list
		}
	case "updateFrequency":
		if feed.Podcast == nil || feed.Podcast.UpdateFrequency == nil {
			if u := p.podcastUpdateFrequency(el); u != nil {
				feedPodcast(feed).UpdateFrequency = u
			}
		}
	case "block":
		p.addPodcastBlock(feed, el)
	case "chat":
		if feed.Podcast == nil || feed.Podcast.Chat == nil {
			if c := podcastChat(el); c != nil {
				feedPodcast(feed).Chat = c
			}
		}
	case "socialInteract":
		var list []PodcastSocialInteract
		if feed.Podcast != nil {
			list = feed.Podcast.SocialInteracts
		}
		if p.addSocialInteract(&list, inFeed, el); len(list) > 0 {
			feedPodcast(feed).SocialInteracts = list
		}
	case "publisher":
		if feed.Podcast == nil || feed.Podcast.Publisher == nil {
			if r := p.podcastPublisher(el); r != nil {
				feedPodcast(feed).Publisher = r
			}
		}
	case "podping":
		if v, ok := el.AttrValue("", "usesPodping"); ok && asciiEqualFold(trimSpaceCharacters(v), "true") {
			feedPodcast(feed).UsesPodping = true
		}
	}
}

// setLocked sets feed's podcast:locked value and owner.
func (p *processor) setLocked(feed *Feed, el *xml5.Node, v bool) {
	pc := feedPodcast(feed)
	pc.locked = v
	pc.Locked = &pc.locked
	pc.LockedOwner = nonEmptyAttr(el, "owner")
}

// processPodcastItem reads a Podcasting 2.0 element of an RSS item.
func (p *processor) processPodcastItem(entry *Entry, el *xml5.Node) {
	switch el.Local {
	case "transcript":
		if u := p.podcastURL(el, "url"); u != "" {
			pc := entryPodcast(entry)
			pc.Transcripts = append(pc.Transcripts, PodcastTranscript{
				URL:      u,
				Type:     nonEmptyAttr(el, "type"),
				Language: nonEmptyAttr(el, "language"),
				Rel:      nonEmptyAttr(el, "rel"),
			})
		}
	case "chapters":
		if entry.Podcast == nil || entry.Podcast.Chapters == nil {
			if u := p.podcastURL(el, "url"); u != "" {
				entryPodcast(entry).Chapters = &PodcastChapters{URL: u, Type: nonEmptyAttr(el, "type")}
			}
		}
	case "person":
		if person, ok := p.podcastPerson(el); ok {
			pc := entryPodcast(entry)
			pc.Persons = append(pc.Persons, person)
		}
	case "season":
		if entry.Podcast == nil || entry.Podcast.Season == nil {
			if n, ok := p.countValue(el); ok {
				entryPodcast(entry).Season = &PodcastSeason{Number: n, Name: nonEmptyAttr(el, "name")}
			}
		}
	case "episode":
		if entry.Podcast == nil || entry.Podcast.Episode == nil {
			text := el.ChildTextContent()
			if f, ok := parseNonNegativeNumber(text); ok {
				entryPodcast(entry).Episode = &PodcastEpisode{Number: f, Display: nonEmptyAttr(el, "display")}
			} else {
				p.reject(DiagnosticNumber, el, "", text, "not a non-negative number")
			}
		}
	case "soundbite":
		start, ok1 := p.secondsAttr(el, "startTime")
		dur, ok2 := p.secondsAttr(el, "duration")
		if ok1 && ok2 {
			pc := entryPodcast(entry)
			pc.Soundbites = append(pc.Soundbites, PodcastSoundbite{StartTime: start, Duration: dur, Title: processStringElement(el)})
		}
	case "alternateEnclosure":
		if alt, ok := p.podcastAlternateEnclosure(el); ok {
			pc := entryPodcast(entry)
			pc.AlternateEnclosures = append(pc.AlternateEnclosures, alt)
		}
	case "value":
		pc := entryPodcast(entry)
		pc.Values = append(pc.Values, p.podcastValue(el, inEntry))
	// The tags of issue 38 (podcast_tags.go).
	case "location":
		if l, ok := p.podcastLocation(el); ok && p.room(inEntry, listLocations, el) {
			appendCapped(p, &entryPodcast(entry).Locations, el, inEntry, nil, l)
		}
	case "license":
		if entry.Podcast == nil || entry.Podcast.License == nil {
			if l := p.podcastLicense(el); l != nil {
				entryPodcast(entry).License = l
			}
		}
	case "image", "images":
		var list []PodcastImage
		if entry.Podcast != nil {
			list = entry.Podcast.Images
		}
		if p.addPodcastImages(&list, inEntry, el); len(list) > 0 {
			entryPodcast(entry).Images = list
		}
	case "txt":
		var list []PodcastTxt
		if entry.Podcast != nil {
			list = entry.Podcast.Txt
		}
		if p.addPodcastTxt(&list, inEntry, el); len(list) > 0 {
			entryPodcast(entry).Txt = list
		}
	case "chat":
		if entry.Podcast == nil || entry.Podcast.Chat == nil {
			if c := podcastChat(el); c != nil {
				entryPodcast(entry).Chat = c
			}
		}
	case "socialInteract":
		var list []PodcastSocialInteract
		if entry.Podcast != nil {
			list = entry.Podcast.SocialInteracts
		}
		if p.addSocialInteract(&list, inEntry, el); len(list) > 0 {
			entryPodcast(entry).SocialInteracts = list
		}
	case "contentLink":
		p.addContentLink(entry, el)
	}
}

// podcastURL parses el's attribute name as a URL, as every URL of the feed
// is parsed (against the document's URL, or the xml:base in scope with
// WithXMLBase); "" when it is absent, empty or does not parse.
func (p *processor) podcastURL(el *xml5.Node, name string) string {
	v, ok := el.AttrValue("", name)
	if !ok || v == "" {
		return ""
	}
	return p.parseURL(el, name, v)
}

// podcastPerson reads a podcast:person element; ok is false when it has no
// name.
func (p *processor) podcastPerson(el *xml5.Node) (PodcastPerson, bool) {
	name := processStringElement(el)
	if name == "" {
		return PodcastPerson{}, false
	}
	return PodcastPerson{
		Name:  name,
		Role:  nonEmptyAttr(el, "role"),
		Group: nonEmptyAttr(el, "group"),
		Img:   p.podcastURL(el, "img"),
		Href:  p.podcastURL(el, "href"),
	}, true
}

// podcastAlternateEnclosure reads a podcast:alternateEnclosure element; ok
// is false when none of its sources has a URI that parses.
func (p *processor) podcastAlternateEnclosure(el *xml5.Node) (PodcastAlternateEnclosure, bool) {
	alt := PodcastAlternateEnclosure{
		Type:   nonEmptyAttr(el, "type"),
		Length: p.positiveAttr(el, "length"),
		Height: p.intAttr(el, "height"),
		Lang:   nonEmptyAttr(el, "lang"),
		Codecs: nonEmptyAttr(el, "codecs"),
		Rel:    nonEmptyAttr(el, "rel"),
		Title:  nonEmptyAttr(el, "title"),
	}
	alt.Bitrate = p.numberAttr(el, "bitrate")
	if v, ok := el.AttrValue("", "default"); ok && asciiEqualFold(trimSpaceCharacters(v), "true") {
		alt.Default = true
	}
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if !isPodcast(c.Namespace) {
			continue
		}
		switch c.Local {
		case "source":
			if u := p.podcastURL(c, "uri"); u != "" {
				alt.Sources = append(alt.Sources, PodcastSource{URI: u, ContentType: nonEmptyAttr(c, "contentType")})
			}
		case "integrity":
			if alt.Integrity == nil {
				alt.Integrity = &PodcastIntegrity{Type: nonEmptyAttr(c, "type"), Value: nonEmptyAttr(c, "value")}
			}
		}
	}
	return alt, len(alt.Sources) > 0
}

// podcastValue reads a podcast:value element and its podcast:valueRecipient
// and podcast:valueTimeSplit children; scope is the value's in MaxPerEntry.
func (p *processor) podcastValue(el *xml5.Node, scope int) PodcastValue {
	v := PodcastValue{
		Type:      nonEmptyAttr(el, "type"),
		Method:    nonEmptyAttr(el, "method"),
		Suggested: nonEmptyAttr(el, "suggested"),
	}
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if !isPodcast(c.Namespace) {
			continue
		}
		switch c.Local {
		case "valueRecipient":
			if r, ok := p.valueRecipient(c); ok {
				v.Recipients = append(v.Recipients, r)
			}
		case "valueTimeSplit": // podcast_tags.go
			if ts, ok := p.podcastTimeSplit(c); ok && p.room(scope, listTimeSplits, c) {
				appendCapped(p, &v.TimeSplits, c, scope, nil, ts)
			}
		}
	}
	return v
}

// valueRecipient reads a podcast:valueRecipient element; ok is false when
// it has no address.
func (p *processor) valueRecipient(c *xml5.Node) (PodcastValueRecipient, bool) {
	r := PodcastValueRecipient{
		Name:        nonEmptyAttr(c, "name"),
		Type:        nonEmptyAttr(c, "type"),
		Address:     nonEmptyAttr(c, "address"),
		Split:       p.numberAttr(c, "split"),
		CustomKey:   nonEmptyAttr(c, "customKey"),
		CustomValue: nonEmptyAttr(c, "customValue"),
	}
	if f, ok := c.AttrValue("", "fee"); ok && asciiEqualFold(trimSpaceCharacters(f), "true") {
		r.Fee = true
	}
	return r, r.Address != ""
}

// maxPodcastNumber bounds the numbers read as float64, so that a duration
// in seconds fits in a time.Duration.
const maxPodcastNumber = float64(maxDurationSeconds)

// parseNonNegativeNumber reads s, space characters around ignored, as a
// decimal number ("12", "33.833", ".5"): ASCII digits with at most one
// ".", no sign, no exponent. ok is false for anything else and for numbers
// beyond maxPodcastNumber.
func parseNonNegativeNumber(s string) (float64, bool) {
	s = trimSpaceCharacters(s)
	if !isDecimal(s) {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f > maxPodcastNumber || math.IsNaN(f) {
		return 0, false
	}
	return f, true
}

// isDecimal reports whether s is ASCII digits with at most one ".", at
// least one digit: no sign, no exponent, nothing else.
func isDecimal(s string) bool {
	digits, dot := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			digits++
		case c == '.' && !dot:
			dot = true
		default:
			return false
		}
	}
	return digits > 0
}

// numberAttr reads el's attribute name as a non-negative decimal number;
// nil when absent or not one (with a Diagnostic).
func (p *processor) numberAttr(el *xml5.Node, name string) *float64 {
	s, ok := el.AttrValue("", name)
	if !ok {
		return nil
	}
	f, ok := parseNonNegativeNumber(s)
	if !ok {
		p.reject(DiagnosticNumber, el, name, s, "not a non-negative number")
		return nil
	}
	return &f
}

// secondsAttr reads el's attribute name as a non-negative number of
// seconds; ok is false when absent or not one (with a Diagnostic).
func (p *processor) secondsAttr(el *xml5.Node, name string) (time.Duration, bool) {
	f := p.numberAttr(el, name)
	if f == nil {
		return 0, false
	}
	return time.Duration(math.Round(*f * float64(time.Second))), true
}

package feedspec

import (
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/feedspec/feedspec/xml5"
)

// Media RSS as published (an addition, issue 38): Entry.MediaRSS and
// Feed.MediaRSS list the media objects of the Media RSS module ("Media RSS"
// Specification, version 1.5.1, rssboard.org/media-rss) with the
// "optional elements" that describe them. The specification's model keeps
// only enclosures (a media:content's url and type); these are read beside
// them and change none of the specification's values.
//
// Media RSS lets its optional elements (title, description, thumbnails,
// credits...) appear in a media:content, in the media:group around it and
// in the item: an element applies to every media object in its scope, and
// the deeper one wins ("media:content, media:group, item, channel", from
// strongest to weakest). Each MediaObject's Metadata is the result: its
// content's own elements, then, for what they leave null or empty, the
// group's, then the scope's (the item's or entry's; the channel's for
// Feed.MediaRSS). The channel's elements are not copied into the items:
// they are Feed.MediaRSS's.

// A MediaObject is a Media RSS media object: a media:content element (of
// an item, an Atom entry, a channel or an Atom feed, or of a media:group
// in one of them) with its attributes and the optional elements that
// apply to it. A media:group without a media:content that gives an object,
// and a scope with none but with optional elements of its own, give one
// object without URL holding those elements. JSON keys url, type, medium,
// is_default, expression, bitrate, framerate, sampling_rate, channels,
// duration (seconds, with a fraction), height, width, file_size, lang,
// metadata.
type MediaObject struct {
	// URL is the url attribute, parsed as every URL of the feed is; ""
	// when it is absent or does not parse (Media RSS allows a
	// media:content with a media:player and no url).
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URL string `json:"url,omitempty"`
	// Type is the type attribute (a MIME type) as written.
	Type string `json:"type,omitempty"`
	// Medium is the medium attribute as written ("image", "audio",
	// "video", "document", "executable").
	Medium string `json:"medium,omitempty"`
	// IsDefault is true when the isDefault attribute is "true" (ASCII
	// case-insensitive, space characters around ignored): the object the
	// group's publisher prefers.
	IsDefault bool `json:"is_default,omitempty"`
	// Expression is the expression attribute as written ("sample",
	// "full" or "nonstop").
	Expression string `json:"expression,omitempty"`
	// Bitrate (kilobits per second), Framerate (frames per second) and
	// SamplingRate (kilosamples per second) are the bitrate, framerate
	// and samplingrate attributes: non-negative decimal numbers.
	Bitrate      *float64 `json:"bitrate,omitempty"`
	Framerate    *float64 `json:"framerate,omitempty"`
	SamplingRate *float64 `json:"sampling_rate,omitempty"`
	// Channels is the channels attribute, the number of audio channels.
	Channels *int `json:"channels,omitempty"`
	// Duration is the duration attribute: seconds, a non-negative decimal
	// number (the fraction kept).
	Duration *time.Duration `json:"duration,omitempty,format:sec"`
	// Height and Width are in pixels.
	Height *int `json:"height,omitempty"`
	Width  *int `json:"width,omitempty"`
	// FileSize is the fileSize attribute, in bytes (greater than zero).
	FileSize *int64 `json:"file_size,omitempty"`
	// Lang is the lang attribute (the language of the media) as written.
	Lang string `json:"lang,omitempty"`
	// Metadata holds the optional elements that apply to the object: its
	// own, else its group's, else its scope's (see the package's Media
	// RSS notes); nil when none does. Objects of one group may share one
	// MediaMetadata: treat it as read-only.
	Metadata *MediaMetadata `json:"metadata,omitempty"`
}

// MediaMetadata holds the Media RSS optional elements that apply to a
// media object. Each field is filled by the deepest level that gives it
// (the media:content, else its media:group, else the item or channel);
// a list is taken whole from one level. JSON keys title, description,
// keywords, thumbnails, credits, player, ratings, restrictions, community,
// copyright, hashes, embed, responses, comments, prices.
type MediaMetadata struct {
	// Title and Description are the first media:title and
	// media:description: an HTML text when the type attribute is "html"
	// (read as the specification reads escaped HTML), else a string text.
	Title       *Text `json:"title,omitempty"`
	Description *Text `json:"description,omitempty"`
	// Keywords are the first media:keywords element's comma-separated
	// words, each without the space characters around it, empty ones
	// left out.
	Keywords []string `json:"keywords,omitempty" jsongen:"maxperfeed"`
	// Thumbnails are the media:thumbnail elements whose url parsed, in
	// document order.
	Thumbnails []MediaThumbnail `json:"thumbnails,omitempty" jsongen:"maxperfeed"`
	// Credits are the media:credit elements with a name.
	Credits []MediaCredit `json:"credits,omitempty" jsongen:"maxperfeed"`
	// Player is the first media:player whose url parsed.
	Player *MediaPlayer `json:"player,omitempty"`
	// Ratings are the media:rating elements with a value.
	Ratings []MediaRating `json:"ratings,omitempty" jsongen:"maxperfeed"`
	// Restrictions are the media:restriction elements.
	Restrictions []MediaRestriction `json:"restrictions,omitempty" jsongen:"maxperfeed"`
	// Community is the first media:community that gives a value.
	Community *MediaCommunity `json:"community,omitempty"`
	// Copyright is the first media:copyright that gives a value.
	Copyright *MediaCopyright `json:"copyright,omitempty"`
	// Hashes are the media:hash elements with a value.
	Hashes []MediaHash `json:"hashes,omitempty" jsongen:"maxperfeed"`
	// Embed is the first media:embed whose url parsed.
	Embed *MediaEmbed `json:"embed,omitempty"`
	// Responses and Comments are the media:response children of the
	// first media:responses (URLs that parsed) and the media:comment
	// children of the first media:comments (texts).
	Responses []string `json:"responses,omitempty" jsongen:"maxperfeed"`
	Comments  []string `json:"comments,omitempty" jsongen:"maxperfeed"`
	// Prices are the media:price elements that give a value.
	Prices []MediaPrice `json:"prices,omitempty" jsongen:"maxperfeed"`

	// weight is the number of bytes in the document of the elements that
	// gave the values: what repeating the metadata for another object
	// costs (see mediaBuild.budget).
	weight int
}

// A MediaThumbnail is a media:thumbnail element. JSON keys url, width,
// height, time (seconds, with a fraction).
type MediaThumbnail struct {
	// URL is the url attribute, parsed (never "").
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URL string `json:"url,omitempty"`
	// Width and Height are in pixels.
	Width  *int `json:"width,omitempty"`
	Height *int `json:"height,omitempty"`
	// Time is the time attribute, the offset in the media the thumbnail
	// shows, in Normal Play Time (RFC 2326 §3.6: "12:05:01.123", "25.5").
	Time *time.Duration `json:"time,omitempty,format:sec"`
}

// A MediaCredit is a media:credit element: someone who took part in making
// the media. JSON keys role, scheme, name.
type MediaCredit struct {
	// Role and Scheme are the role and scheme attributes as written (the
	// module reads a missing scheme as "urn:ebu").
	Role   string `json:"role,omitempty"`
	Scheme string `json:"scheme,omitempty"`
	// Name is the element's text (process a string element); never "".
	Name string `json:"name,omitempty"`
}

// A MediaPlayer is a media:player element: a web page that plays the
// media. JSON keys url, width, height.
type MediaPlayer struct {
	// URL is the url attribute, parsed (never "").
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URL    string `json:"url,omitempty"`
	Width  *int   `json:"width,omitempty"`
	Height *int   `json:"height,omitempty"`
}

// A MediaRating is a media:rating element. JSON keys scheme, value.
type MediaRating struct {
	// Scheme is the scheme attribute as written (the module reads a
	// missing scheme as "urn:simple", whose values are "adult" and
	// "nonadult").
	Scheme string `json:"scheme,omitempty"`
	// Value is the element's text (process a string element); never "".
	Value string `json:"value,omitempty"`
}

// A MediaRestriction is a media:restriction element: where or on what the
// media may be shown. JSON keys relationship, type, value.
type MediaRestriction struct {
	// Relationship is the relationship attribute as written ("allow" or
	// "deny").
	Relationship string `json:"relationship,omitempty"`
	// Type is the type attribute as written ("country", "uri" or
	// "sharing").
	Type string `json:"type,omitempty"`
	// Value is the element's text as written: a space-separated list of
	// ISO 3166 country codes or URIs, "all" or "none".
	Value string `json:"value,omitempty"`
}

// A MediaCommunity is a media:community element: how the media's audience
// rated and watched it. JSON keys star_rating, statistics, tags.
type MediaCommunity struct {
	// StarRating is the first media:starRating that gives a value.
	StarRating *MediaStarRating `json:"star_rating,omitempty"`
	// Statistics is the first media:statistics that gives a value.
	Statistics *MediaStatistics `json:"statistics,omitempty"`
	// Tags are the first media:tags element's comma-separated tags.
	Tags []MediaTag `json:"tags,omitempty" jsongen:"maxperfeed"`
}

// A MediaStarRating is a media:starRating element. JSON keys average,
// count, min, max.
type MediaStarRating struct {
	// Average is the average attribute, a non-negative decimal number.
	Average *float64 `json:"average,omitempty"`
	// Count is the count attribute, the number of ratings.
	Count *int64 `json:"count,omitempty"`
	// Min and Max are the min and max attributes, the scale's bounds.
	Min *int64 `json:"min,omitempty"`
	Max *int64 `json:"max,omitempty"`
}

// A MediaStatistics is a media:statistics element. JSON keys views,
// favorites.
type MediaStatistics struct {
	// Views and Favorites are the views and favorites attributes.
	Views     *int64 `json:"views,omitempty"`
	Favorites *int64 `json:"favorites,omitempty"`
}

// A MediaTag is one tag of a media:tags element ("news: 5, abc:3"). JSON
// keys name, weight.
type MediaTag struct {
	// Name is the tag without the space characters around it; never "".
	Name string `json:"name,omitempty"`
	// Weight is the number after the tag's colon; nil when none is
	// written (the module reads it as 1).
	Weight *int64 `json:"weight,omitempty"`
}

// A MediaCopyright is a media:copyright element. JSON keys text, url.
type MediaCopyright struct {
	// Text is the element's text (process a string element).
	Text string `json:"text,omitempty"`
	// URL is the url attribute, parsed: the terms of the copyright.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URL string `json:"url,omitempty"`
}

// A MediaHash is a media:hash element. JSON keys algo, value.
type MediaHash struct {
	// Algo is the algo attribute as written ("md5" or "sha-1"; the module
	// reads a missing one as "md5").
	Algo string `json:"algo,omitempty"`
	// Value is the element's text without the space characters around
	// it; never "".
	Value string `json:"value,omitempty"`
}

// A MediaEmbed is a media:embed element: how to embed the media's player.
// JSON keys url, width, height, params.
type MediaEmbed struct {
	// URL is the url attribute, parsed (never "").
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URL    string `json:"url,omitempty"`
	Width  *int   `json:"width,omitempty"`
	Height *int   `json:"height,omitempty"`
	// Params are the media:param children with a name.
	Params []MediaParam `json:"params,omitempty" jsongen:"maxperfeed"`
}

// A MediaParam is a media:param element of a media:embed. JSON keys name,
// value.
type MediaParam struct {
	// Name is the name attribute as written; never "".
	Name string `json:"name,omitempty"`
	// Value is the element's text as written.
	Value string `json:"value,omitempty"`
}

// A MediaPrice is a media:price element. JSON keys type, price, info,
// currency.
type MediaPrice struct {
	// Type is the type attribute as written ("rent", "purchase",
	// "package" or "subscription").
	Type string `json:"type,omitempty"`
	// Price is the price attribute as written (a decimal amount, kept as
	// text so that no digit is lost).
	Price string `json:"price,omitempty"`
	// Info is the info attribute, parsed: a page about the offer.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	Info string `json:"info,omitempty"`
	// Currency is the currency attribute as written (ISO 4217).
	Currency string `json:"currency,omitempty"`
}

// mediaInheritFactor bounds what the objects of one scope inherit: the
// bytes of the elements whose values an object takes from its group or
// scope, summed over the scope's objects, are at most this many times the
// bytes the scope's element spans in the document. A value is kept once
// and shared, but the canonical JSON writes it for each object, and the
// walks over the model (WithoutDocument, recovery mode) visit it each
// time: the bound keeps them linear in the input. Real feeds' groups
// repeat far less (a video's renditions share one title and thumbnail).
const mediaInheritFactor = 8

// A mediaBuild is the state of the reading of one scope's Media RSS
// objects.
type mediaBuild struct {
	scope   int // inEntry or inFeed (MaxPerEntry)
	objects []MediaObject
	// budget is what the scope's objects may still inherit, in bytes of
	// the document (mediaInheritFactor); over is set once an object was
	// refused its inheritance (reported once).
	budget int
	over   bool
}

// processMediaRSS reads the Media RSS objects of el, an item, an Atom
// entry, a channel or an Atom feed element, whose first child in the Media
// RSS namespace is first (the processors note it, so that an element with
// none costs nothing). scope is inEntry or inFeed.
func (p *processor) processMediaRSS(el, first *xml5.Node, scope int) []MediaObject {
	if n := p.mediaObjectBound(first, scope); cap(p.mediaBuf) < n {
		p.mediaBuf = make([]MediaObject, 0, n)
	}
	b := mediaBuild{scope: scope, budget: mediaInheritFactor * p.subtreeSpan(el), objects: p.mediaBuf[:0]}
	defer func() { p.mediaBuf = b.objects[:0] }()
	own := p.mediaMetadata(first, scope)
	for c := first; c != nil; c = c.NextElementSibling() {
		if !isMedia(c.Namespace) {
			continue
		}
		switch c.Local {
		case "content":
			p.mediaContent(&b, c, own)
		case "group":
			p.mediaGroup(&b, c, own)
		}
	}
	if len(b.objects) == 0 && own != nil && p.room(scope, listMedia, el) && p.mediaSpend(int(unsafe.Sizeof(MediaObject{})), el) {
		b.objects = append(b.objects, MediaObject{Metadata: own})
	}
	if len(b.objects) == 0 {
		return nil
	}
	return cloneToBlock(p, &p.mediaBlock, b.objects)
}

// mediaObjectBound returns the most objects a scope whose first Media RSS
// child is first can have (its contents, its groups and theirs, one for the
// scope), at most the scope's MaxPerEntry limit: the capacity the buffer
// of objects is made with once, rather than grown.
func (p *processor) mediaObjectBound(first *xml5.Node, scope int) int {
	limit := p.maxPerEntry
	if scope == inFeed && limit > 0 {
		limit *= 10
	}
	n := 1
	for c := first; c != nil && (limit < 0 || n < limit); c = c.NextElementSibling() {
		if !isMedia(c.Namespace) {
			continue
		}
		switch c.Local {
		case "content":
			n++
		case "group":
			n++
			for gc := c.FirstElementChild(); gc != nil; gc = gc.NextElementSibling() {
				if gc.Local == "content" && isMedia(gc.Namespace) {
					n++
				}
			}
		}
	}
	if limit >= 0 {
		n = min(n, limit)
	}
	return n
}

// mediaGroup reads a media:group: its contents, each with the group's
// optional elements and then the scope's (own); when none gives an object,
// one object holding those elements.
func (p *processor) mediaGroup(b *mediaBuild, el *xml5.Node, own *MediaMetadata) {
	first := el.FirstElementChild()
	level := mergeMedia(p.mediaMetadata(first, b.scope), own)
	before := len(b.objects)
	for c := first; c != nil; c = c.NextElementSibling() {
		if c.Local == "content" && isMedia(c.Namespace) {
			p.mediaContent(b, c, level)
		}
	}
	if len(b.objects) == before && level != nil && p.room(b.scope, listMedia, el) && p.mediaSpend(int(unsafe.Sizeof(MediaObject{})), el) {
		b.objects = append(b.objects, MediaObject{Metadata: p.inherit(b, el, nil, level)})
	}
}

// mediaContent reads a media:content element into an object, when it
// gives a value of its own (a URL that parses, an attribute, an optional
// element), with the optional elements of the levels above it (inherited).
func (p *processor) mediaContent(b *mediaBuild, el *xml5.Node, inherited *MediaMetadata) {
	var o MediaObject
	given := false
	for i := range el.Attr {
		a := &el.Attr[i]
		if a.Namespace != "" {
			continue
		}
		switch a.Local {
		case "url":
			if a.Value != "" {
				o.URL = p.parseURL(el, "url", a.Value)
			}
		case "type":
			o.Type = nonEmptyAttr(el, "type")
		case "medium":
			o.Medium = nonEmptyAttr(el, "medium")
		case "isDefault":
			o.IsDefault = asciiEqualFold(trimSpaceCharacters(a.Value), "true")
		case "expression":
			o.Expression = nonEmptyAttr(el, "expression")
		case "bitrate":
			o.Bitrate = p.numberAttr(el, "bitrate")
		case "framerate":
			o.Framerate = p.numberAttr(el, "framerate")
		case "samplingrate":
			o.SamplingRate = p.numberAttr(el, "samplingrate")
		case "channels":
			o.Channels = p.intAttr(el, "channels")
		case "duration":
			if d, ok := p.secondsAttr(el, "duration"); ok {
				o.Duration = &d
			}
		case "height":
			o.Height = p.intAttr(el, "height")
		case "width":
			o.Width = p.intAttr(el, "width")
		case "fileSize":
			o.FileSize = p.positiveAttr(el, "fileSize")
		case "lang":
			o.Lang = nonEmptyAttr(el, "lang")
		default:
			continue
		}
		given = true
	}
	given = given && o != (MediaObject{})
	mine := p.mediaMetadata(el.FirstElementChild(), b.scope)
	if !given && mine == nil {
		return
	}
	if !p.room(b.scope, listMedia, el) || !p.mediaSpend(mediaObjectCost(&o, el), el) {
		return
	}
	o.Metadata = p.inherit(b, el, mine, inherited)
	b.objects = append(b.objects, o)
}

// mediaObjectCost estimates the bytes of heap an object read from el takes
// (mediaSpend): its structure, its URL (urlCost) and its numbers.
func mediaObjectCost(o *MediaObject, el *xml5.Node) int {
	n := int(unsafe.Sizeof(*o)) + urlCost(o.URL, el, "url")
	for _, set := range [...]bool{o.Bitrate != nil, o.Framerate != nil, o.SamplingRate != nil, o.Channels != nil,
		o.Duration != nil, o.Height != nil, o.Width != nil, o.FileSize != nil} {
		if set {
			n += 8
		}
	}
	return n
}

// inherit returns the metadata of an object whose own optional elements
// are mine (nil for none) and which inherits those of the levels above
// it: mine completed by inherited, while the scope's budget lasts (then
// mine alone, with a DiagnosticLimit once).
func (p *processor) inherit(b *mediaBuild, el *xml5.Node, mine, inherited *MediaMetadata) *MediaMetadata {
	if inherited == nil {
		return mine
	}
	if inherited.weight > b.budget {
		if !b.over {
			b.over = true
			p.reject(DiagnosticLimit, el, "", "", "the Media RSS objects of this scope already repeat "+
				strconv.Itoa(mediaInheritFactor)+" times its size in inherited elements: this object and the next keep their own elements only")
		}
		return mine
	}
	b.budget -= inherited.weight
	return mergeMedia(mine, inherited)
}

// mergeMedia returns the metadata of a level whose own optional elements
// are deep, completed by those of the level above it, shallow: a field
// deep leaves null or empty takes shallow's (shared, not copied). deep,
// just read and held by nothing else, is completed in place. Either may be
// nil; when one is, the other is returned.
func mergeMedia(deep, shallow *MediaMetadata) *MediaMetadata {
	if deep == nil {
		return shallow
	}
	if shallow == nil {
		return deep
	}
	m := deep
	fillPtr(&m.Title, shallow.Title)
	fillPtr(&m.Description, shallow.Description)
	fillList(&m.Keywords, shallow.Keywords)
	fillList(&m.Thumbnails, shallow.Thumbnails)
	fillList(&m.Credits, shallow.Credits)
	fillPtr(&m.Player, shallow.Player)
	fillList(&m.Ratings, shallow.Ratings)
	fillList(&m.Restrictions, shallow.Restrictions)
	fillPtr(&m.Community, shallow.Community)
	fillPtr(&m.Copyright, shallow.Copyright)
	fillList(&m.Hashes, shallow.Hashes)
	fillPtr(&m.Embed, shallow.Embed)
	fillList(&m.Responses, shallow.Responses)
	fillList(&m.Comments, shallow.Comments)
	fillList(&m.Prices, shallow.Prices)
	m.weight += shallow.weight
	return m
}

// fillPtr sets *dst to src when it is nil (mergeMedia).
func fillPtr[T any](dst **T, src *T) {
	if *dst == nil {
		*dst = src
	}
}

// fillList sets *dst to src when it is empty (mergeMedia).
func fillList[T any](dst *[]T, src []T) {
	if len(*dst) == 0 {
		*dst = src
	}
}

// mediaMetadata reads the Media RSS optional elements among first and its
// following siblings (the children of a media:content, a media:group or a
// scope; their media:content and media:group children are objects, read
// apart). nil when none gives a value.
func (p *processor) mediaMetadata(first *xml5.Node, scope int) *MediaMetadata {
	var m *MediaMetadata
	meta := func() *MediaMetadata {
		if m == nil {
			m = &MediaMetadata{}
		}
		return m
	}
	for c := first; c != nil; c = c.NextElementSibling() {
		if !isMedia(c.Namespace) {
			continue
		}
		if p.mediaOver {
			break
		}
		had, before := m != nil, m.count()
		switch c.Local {
		case "title":
			if m == nil || m.Title == nil {
				if t := p.mediaText(c); t != nil {
					meta().Title = t
				}
			}
		case "description":
			if m == nil || m.Description == nil {
				if t := p.mediaText(c); t != nil {
					meta().Description = t
				}
			}
		case "keywords":
			if m == nil || len(m.Keywords) == 0 {
				if words := p.mediaKeywords(c, scope); len(words) > 0 {
					meta().Keywords = words
				}
			}
		case "thumbnail":
			if u := p.podcastURL(c, "url"); u != "" && p.room(scope, listMediaValues, c) {
				th := MediaThumbnail{URL: u, Width: p.intAttr(c, "width"), Height: p.intAttr(c, "height")}
				if v, ok := c.AttrValue("", "time"); ok {
					th.Time = p.nptAttr(c, "time", v)
				}
				appendCapped(p, &meta().Thumbnails, c, scope, nil, th)
			}
		case "credit":
			if name := processStringElement(c); name != "" && p.room(scope, listMediaValues, c) {
				appendCapped(p, &meta().Credits, c, scope, nil, MediaCredit{Role: nonEmptyAttr(c, "role"), Scheme: nonEmptyAttr(c, "scheme"), Name: name})
			}
		case "player":
			if m == nil || m.Player == nil {
				if u := p.podcastURL(c, "url"); u != "" {
					meta().Player = &MediaPlayer{URL: u, Width: p.intAttr(c, "width"), Height: p.intAttr(c, "height")}
				}
			}
		case "rating":
			if v := processStringElement(c); v != "" && p.room(scope, listMediaValues, c) {
				appendCapped(p, &meta().Ratings, c, scope, nil, MediaRating{Scheme: nonEmptyAttr(c, "scheme"), Value: v})
			}
		case "restriction":
			r := MediaRestriction{Relationship: nonEmptyAttr(c, "relationship"), Type: nonEmptyAttr(c, "type"), Value: processStringElement(c)}
			if r != (MediaRestriction{}) && p.room(scope, listMediaValues, c) {
				appendCapped(p, &meta().Restrictions, c, scope, nil, r)
			}
		case "community":
			if m == nil || m.Community == nil {
				if com := p.mediaCommunity(c, scope); com != nil {
					meta().Community = com
				}
			}
		case "copyright":
			if m == nil || m.Copyright == nil {
				cr := MediaCopyright{Text: processStringElement(c), URL: p.podcastURL(c, "url")}
				if cr != (MediaCopyright{}) {
					meta().Copyright = &cr
				}
			}
		case "hash":
			if v := trimSpaceCharacters(c.ChildTextContent()); v != "" && p.room(scope, listMediaValues, c) {
				appendCapped(p, &meta().Hashes, c, scope, nil, MediaHash{Algo: nonEmptyAttr(c, "algo"), Value: v})
			}
		case "embed":
			if m == nil || m.Embed == nil {
				if u := p.podcastURL(c, "url"); u != "" {
					meta().Embed = p.mediaEmbed(c, u, scope)
				}
			}
		case "responses":
			if m == nil || m.Responses == nil {
				if list := p.mediaTexts(c, "response", true, scope); len(list) > 0 {
					meta().Responses = list
				}
			}
		case "comments":
			if m == nil || m.Comments == nil {
				if list := p.mediaTexts(c, "comment", false, scope); len(list) > 0 {
					meta().Comments = list
				}
			}
		case "price":
			pr := MediaPrice{Type: nonEmptyAttr(c, "type"), Price: nonEmptyAttr(c, "price"),
				Info: p.podcastURL(c, "info"), Currency: nonEmptyAttr(c, "currency")}
			if pr != (MediaPrice{}) && p.room(scope, listMediaValues, c) {
				appendCapped(p, &meta().Prices, c, scope, nil, pr)
			}
		}
		if m.count() != before {
			m.weight += p.subtreeSpan(c)
			cost := mediaValueCost(m, c, m.count()-before)
			if !had {
				cost += int(unsafe.Sizeof(MediaMetadata{}))
			}
			p.mediaSpend(cost, c)
		}
	}
	return m
}

// mediaValueCost estimates the bytes of heap the n values el added to m
// take (the document's Media RSS budget, mediaSpend): the values'
// structures and the URLs parsed for them that are not the document's
// strings (urlCost).
func mediaValueCost(m *MediaMetadata, el *xml5.Node, n int) int {
	const ptr, num, str = 8, 8, 16
	switch el.Local {
	case "title", "description":
		return int(unsafe.Sizeof(Text{}))
	case "keywords":
		return n * str
	case "thumbnail":
		th := m.Thumbnails[len(m.Thumbnails)-1]
		return int(unsafe.Sizeof(th)) + urlCost(th.URL, el, "url") + 3*num
	case "credit":
		return int(unsafe.Sizeof(MediaCredit{}))
	case "player":
		return int(unsafe.Sizeof(MediaPlayer{})) + urlCost(m.Player.URL, el, "url") + 2*num
	case "rating":
		return int(unsafe.Sizeof(MediaRating{}))
	case "restriction":
		return int(unsafe.Sizeof(MediaRestriction{}))
	case "community":
		c := m.Community
		return int(unsafe.Sizeof(*c)+unsafe.Sizeof(MediaStarRating{})+unsafe.Sizeof(MediaStatistics{})) + 6*num +
			len(c.Tags)*int(unsafe.Sizeof(MediaTag{})+num)
	case "copyright":
		return int(unsafe.Sizeof(MediaCopyright{})) + urlCost(m.Copyright.URL, el, "url")
	case "hash":
		return int(unsafe.Sizeof(MediaHash{}))
	case "embed":
		return int(unsafe.Sizeof(MediaEmbed{})) + urlCost(m.Embed.URL, el, "url") + 2*num + len(m.Embed.Params)*int(unsafe.Sizeof(MediaParam{}))
	case "responses":
		cost := 0
		for _, r := range m.Responses {
			cost += str + len(r)
		}
		return cost
	case "comments":
		return n * str
	case "price":
		pr := m.Prices[len(m.Prices)-1]
		return int(unsafe.Sizeof(pr)) + urlCost(pr.Info, el, "info")
	}
	return n * ptr
}

// urlCost is the bytes of heap u, the URL parsed from el's attribute name,
// takes: none when it is the attribute's value itself (a URL already in
// its serialized form is not copied), else its length.
func urlCost(u string, el *xml5.Node, name string) int {
	if v, ok := el.AttrValue("", name); ok && len(v) == len(u) && unsafe.StringData(v) == unsafe.StringData(u) {
		return 0
	}
	return len(u)
}

// mediaInputPerByte and mediaBytesFloor bound the heap the Media RSS
// objects of a document may take (mediaSpend): a quarter of the input's
// size, or 512 KiB for a smaller one. Every object and value is charged
// its structure and the URLs parsed for it; beyond the budget the
// document's further objects are left out, with one DiagnosticLimit. Real
// feeds take less than the floor (the corpus's most, a news site's 315 KB
// feed of 600 images each with its own title: 370 KB); of the corpus's
// feeds over 512 KiB, none takes more than 0.08 bytes per byte of its XML,
// a third of the budget. Without it, media:group elements of one title
// each, 56 bytes, would take 9 bytes of heap per input byte. It was the
// input's size: items of a media:group of two contents and a title (118
// bytes) took 16.3 bytes per input byte WithoutDocument and 276 MiB for a
// 16 MiB poll as the Fetcher, over SECURITY.md's 16 and 256
// (TestPeakPerByte, TestFetcherPollUnder256MiB).
const (
	mediaInputPerByte = 4
	mediaBytesFloor   = 512 << 10
)

// mediaBudget is the heap the Media RSS objects of p's document may take
// (mediaInputPerByte, mediaBytesFloor).
func (p *processor) mediaBudget() int {
	return max(mediaBytesFloor, p.doc.Size()/mediaInputPerByte)
}

// mediaSpend charges n bytes to the document's Media RSS budget, reporting
// once, at el, when it is spent; it returns false when it is.
func (p *processor) mediaSpend(n int, el *xml5.Node) bool {
	if p.mediaOver {
		return false
	}
	if !p.mediaBudgetSet {
		p.mediaBudgetSet = true
		p.mediaLeft = p.mediaBudget()
	}
	p.mediaLeft -= n
	if p.mediaLeft >= 0 {
		return true
	}
	p.mediaOver = true
	if p.diags != nil {
		budget := p.mediaBudget()
		recorded := p.reject(DiagnosticLimit, el, "", "", "the document's Media RSS objects already take "+strconv.Itoa(budget)+
			" bytes (a quarter of the input's size, or 512 KiB): this element and the further Media RSS objects and values are left out")
		line, _ := p.doc.Position(el.Offset)
		if recorded {
			(*p.diags)[len(*p.diags)-1].Err = limitError("MediaRSS", budget, line, el.Offset)
		}
	}
	return false
}

// count returns the number of values m holds (for mediaMetadata, which
// adds an element's bytes to m's weight when it gave one); 0 for nil.
func (m *MediaMetadata) count() int {
	if m == nil {
		return 0
	}
	n := len(m.Keywords) + len(m.Thumbnails) + len(m.Credits) + len(m.Ratings) + len(m.Restrictions) +
		len(m.Hashes) + len(m.Responses) + len(m.Comments) + len(m.Prices)
	for _, set := range [...]bool{m.Title != nil, m.Description != nil, m.Player != nil, m.Community != nil, m.Copyright != nil, m.Embed != nil} {
		if set {
			n++
		}
	}
	return n
}

// mediaText reads a media:title or media:description: an HTML text when its
// type attribute is "html", else a string text; nil is null.
func (p *processor) mediaText(el *xml5.Node) *Text {
	if v, ok := el.AttrValue("", "type"); ok && asciiEqualFold(trimSpaceCharacters(v), "html") {
		if processStringElement(el) == "" {
			return nil
		}
		return p.escapedHTML(el)
	}
	return p.textOrNull(processStringElement(el))
}

// mediaKeywords splits a media:keywords element's text at its commas.
func (p *processor) mediaKeywords(el *xml5.Node, scope int) []string {
	text := el.ChildTextContent()
	words := make([]string, 0, p.commaCap(text, scope))
	for w := range strings.SplitSeq(text, ",") {
		if w = trimSpaceCharacters(w); w != "" {
			if !p.room(scope, listMediaValues, el) {
				break
			}
			words = append(words, w)
		}
	}
	return words
}

// mediaTexts reads the children named name of a media:responses or
// media:comments element: their texts, parsed as URLs when urls is set.
func (p *processor) mediaTexts(el *xml5.Node, name string, urls bool, scope int) []string {
	var list []string
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Local != name || !isMedia(c.Namespace) {
			continue
		}
		var v string
		if urls {
			v = p.processURLElement(c)
		} else {
			v = processStringElement(c)
		}
		if v != "" && p.room(scope, listMediaValues, c) {
			appendCapped(p, &list, c, scope, nil, v)
		}
	}
	return list
}

// mediaEmbed reads a media:embed whose url parsed as u.
func (p *processor) mediaEmbed(el *xml5.Node, u string, scope int) *MediaEmbed {
	e := &MediaEmbed{URL: u, Width: p.intAttr(el, "width"), Height: p.intAttr(el, "height")}
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Local != "param" || !isMedia(c.Namespace) {
			continue
		}
		if name := nonEmptyAttr(c, "name"); name != "" && p.room(scope, listMediaValues, c) {
			appendCapped(p, &e.Params, c, scope, nil, MediaParam{Name: name, Value: c.ChildTextContent()})
		}
	}
	return e
}

// mediaCommunity reads a media:community element; nil when it gives no
// value.
func (p *processor) mediaCommunity(el *xml5.Node, scope int) *MediaCommunity {
	var com MediaCommunity
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if !isMedia(c.Namespace) {
			continue
		}
		switch c.Local {
		case "starRating":
			if com.StarRating == nil {
				s := MediaStarRating{Average: p.numberAttr(c, "average"), Count: p.countAttr(c, "count"),
					Min: p.countAttr(c, "min"), Max: p.countAttr(c, "max")}
				if s != (MediaStarRating{}) {
					com.StarRating = &s
				}
			}
		case "statistics":
			if com.Statistics == nil {
				s := MediaStatistics{Views: p.countAttr(c, "views"), Favorites: p.countAttr(c, "favorites")}
				if s != (MediaStatistics{}) {
					com.Statistics = &s
				}
			}
		case "tags":
			if len(com.Tags) == 0 {
				if tags := p.mediaTags(c, scope); len(tags) > 0 {
					com.Tags = tags
				}
			}
		}
	}
	if com.StarRating == nil && com.Statistics == nil && len(com.Tags) == 0 {
		return nil
	}
	return &com
}

// mediaTags reads a media:tags element: comma-separated tags, each a name
// optionally followed by a colon and a weight ("news: 5").
func (p *processor) mediaTags(el *xml5.Node, scope int) []MediaTag {
	text := el.ChildTextContent()
	tags := make([]MediaTag, 0, p.commaCap(text, scope))
	for t := range strings.SplitSeq(text, ",") {
		name, weight, hasWeight := strings.Cut(t, ":")
		tag := MediaTag{Name: trimSpaceCharacters(name)}
		if tag.Name == "" {
			continue
		}
		if hasWeight {
			if n, ok := parseNonNegativeInteger(weight); ok {
				tag.Weight = &n
			} else {
				p.reject(DiagnosticNumber, el, "", t, "not a tag weight (a non-negative integer)")
			}
		}
		if !p.room(scope, listMediaValues, el) {
			break
		}
		tags = append(tags, tag)
	}
	return tags
}

// commaCap is the capacity of the list of text's comma-separated values:
// one more than its commas, at most the scope's MaxPerEntry limit.
func (p *processor) commaCap(text string, scope int) int {
	n := strings.Count(text, ",") + 1
	if limit := p.maxPerEntry; limit > 0 {
		if scope == inFeed {
			limit *= 10
		}
		n = min(n, limit)
	}
	return n
}

// countAttr reads el's attribute name with the rules for parsing
// non-negative integers (zero included); nil is null, with a Diagnostic
// when the attribute is there.
func (p *processor) countAttr(el *xml5.Node, name string) *int64 {
	s, ok := el.AttrValue("", name)
	if !ok {
		return nil
	}
	n, ok := parseNonNegativeInteger(s)
	if !ok {
		p.reject(DiagnosticNumber, el, name, s, "not a non-negative integer")
		return nil
	}
	v := takeKept(p, &p.numbers)
	*v = n
	return v
}

package feedspec

import (
	"strings"

	"github.com/feedspec/feedspec/xml5"
)

// Helpers that every podcast app and raw-element reader writes otherwise:
// URL resolution for what the model does not map, and the episode's audio
// file, image and explicit flag with their fallbacks. None of them changes
// the model or the canonical JSON.

// ResolveURL parses ref as a URL the way the parser parses every URL of the
// feed: against the document's URL (WithURL, or the response's URL), and,
// when WithXMLBase was given, against the xml:base in scope at the feed's
// element (Element). It returns the URL serialized, or "" when ref does not
// parse (a relative reference with no base, for instance). The xml:base
// needs the document: for a feed parsed WithoutDocument (as a Fetcher
// parses unless KeepDocument) ResolveURL resolves against the document's
// URL only.
//
// Untrusted: the result is the feed's value, of any scheme (javascript:
// included); pass it through SafeURL before writing it into an href or src.
//
// Use it for URLs read from raw elements (Element, Entry.Element) that the
// model does not map; ResolveURLAt resolves against the xml:base in scope
// at a given element.
func (f *Feed) ResolveURL(ref string) string {
	if f == nil {
		return f.ResolveURLAt(nil, ref)
	}
	return f.ResolveURLAt(f.el, ref)
}

// ResolveURLAt is ResolveURL with the xml:base in scope at el (an element
// of the feed's document) when WithXMLBase was given; el may be nil, for
// the document's URL alone. On a nil Feed both resolve absolute URLs only.
// Untrusted, as ResolveURL's result: see SafeURL.
func (f *Feed) ResolveURLAt(el *xml5.Node, ref string) string {
	if f == nil {
		return (&processor{}).parseURL(el, "", ref)
	}
	p := newProcessor(f.doc, &config{xmlBase: f.xmlBase})
	if el == nil {
		p.xmlBase = false
	}
	return p.parseURL(el, "", ref)
}

// audioExtensions are the file name endings AudioEnclosure takes for audio
// when an enclosure has no type.
var audioExtensions = []string{".mp3", ".m4a", ".aac", ".ogg", ".oga", ".opus", ".wav", ".flac"}

// AudioEnclosure returns the entry's first audio enclosure, the file a
// podcast player plays: the first enclosure whose type is audio/* (ASCII
// case-insensitive), else the first Media RSS enclosure whose medium is
// "audio", else the first enclosure with no type whose URL path ends in
// .mp3, .m4a, .aac, .ogg, .oga, .opus, .wav or .flac. It returns nil when
// there is none (a video podcast's enclosure is video/*).
//
// Untrusted: its URL is the feed's value; pass it through SafeURL before
// writing it into a src or href.
func (e *Entry) AudioEnclosure() *Enclosure {
	for _, enc := range e.Enclosures {
		if enc != nil && enc.MIMEType != nil && asciiHasPrefixFold(*enc.MIMEType, "audio/") {
			return enc
		}
	}
	for _, enc := range e.Enclosures {
		if enc != nil && asciiEqualFold(enc.Medium, "audio") {
			return enc
		}
	}
	for _, enc := range e.Enclosures {
		if enc == nil || enc.MIMEType != nil {
			continue
		}
		path := enc.URL
		if i := strings.IndexAny(path, "?#"); i >= 0 {
			path = path[:i]
		}
		path = strings.ToLower(path)
		for _, ext := range audioExtensions {
			if strings.HasSuffix(path, ext) {
				return enc
			}
		}
	}
	return nil
}

// Image returns the picture to show for the entry: the episode's own image
// (its first itunes:image with an href that parses), else its Thumbnail
// (which the specification fills from itunes:image, media:thumbnail or an
// image enclosure), else the feed's image: the podcast's itunes:image
// (Feed.ITunes.Image), else the feed's Logo, else its Icon. It returns nil
// when there is none.
//
// Untrusted: its URL is the feed's value; pass it through SafeURL before
// writing it into a src.
func (e *Entry) Image() *Image {
	if e.priv != nil && e.priv.ownImage != nil {
		return e.priv.ownImage
	}
	if img := e.episodeImage(); img != nil {
		return img
	}
	if e.Thumbnail != nil {
		return e.Thumbnail
	}
	if f := e.Feed; f != nil {
		switch {
		case f.ITunes != nil && f.ITunes.Image != nil:
			return f.ITunes.Image
		case f.Logo != nil:
			return f.Logo
		case f.Icon != nil:
			return f.Icon
		}
	}
	return nil
}

// episodeImage returns the episode's own image, its first itunes:image with
// an href that parses (the Thumbnail when it has the same URL), read from
// its element; nil when there is none or no element.
func (e *Entry) episodeImage() *Image {
	el := e.element()
	if el == nil || e.Feed == nil {
		return nil
	}
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if !isITunes(c.Namespace) || c.Local != "image" {
			continue
		}
		if href, ok := c.AttrValue("", "href"); ok && href != "" {
			if u := e.Feed.ResolveURLAt(c, href); u != "" {
				if e.Thumbnail != nil && e.Thumbnail.URL == u {
					return e.Thumbnail
				}
				return &Image{URL: u}
			}
		}
	}
	return nil
}

// Explicit reports whether the episode is marked explicit: its own
// itunes:explicit (EntryITunes.Explicit), else the podcast's
// (FeedITunes.Explicit). It returns nil when neither says.
func (e *Entry) Explicit() *bool {
	if e.ITunes != nil && e.ITunes.Explicit != nil {
		return e.ITunes.Explicit
	}
	if e.Feed != nil && e.Feed.ITunes != nil {
		return e.Feed.ITunes.Explicit
	}
	return nil
}

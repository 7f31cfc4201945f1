package feedspec

import (
	"strconv"
	"time"
)

// Media RSS objects (Entry.MediaRSS, Feed.MediaRSS; mediarss.go) in RSS and
// Atom. Each object is written as a media:content with its attributes and
// its metadata (the optional elements that apply to it, resolved by the
// reader) as the content's own children, so that reading it back gives the
// same object whatever level its values came from. An object the reader
// also listed as an enclosure (a content with a URL) is written where that
// enclosure is, and stands for it; in Atom, whose reader takes enclosures
// from a media:group's contents only, inside a media:group. An object
// without URL nor attributes that is the scope's only one (optional
// elements of the item, entry or channel alone) is written as those
// elements, on the scope. docs/writing.md says what does not come back.

// mediaScopeOnly reports whether objs is one object made of a scope's own
// optional elements: no URL, no attribute, only metadata.
func mediaScopeOnly(objs []MediaObject) bool {
	if len(objs) != 1 || objs[0].Metadata == nil {
		return false
	}
	o := objs[0]
	o.Metadata = nil
	return o == (MediaObject{})
}

// scopeOnlyMedia reports whether the entry's Media RSS objects are one
// made of its own optional elements (mediaScopeOnly) that can be written
// as the entry's: its thumbnails none, or led by the entry's thumbnail
// (an item's or entry's media:thumbnail is also the thumbnail), and no
// enclosure that may be written as a media:content (in RSS or Atom: rss),
// which would inherit them. Else the object is written as a media:content without URL.
func (e *Entry) scopeOnlyMedia(rss bool) bool {
	if !mediaScopeOnly(e.MediaRSS) {
		return false
	}
	for _, enc := range e.Enclosures {
		if enc != nil && (hasMediaAttributes(enc) || rss && (enc.MIMEType == nil || !isMIMEType(*enc.MIMEType)) || !rss && emptyTypeImage(enc)) {
			return false // it may be written as a media:content, which would take them
		}
	}
	t := e.MediaRSS[0].Metadata.Thumbnails
	return len(t) == 0 || e.Thumbnail != nil && t[0].URL == e.Thumbnail.URL
}

// objectOfEnclosure reports whether the enclosure enc is the one the
// reader made of the media:content o was read from: the same URL, no
// length (a content has none), and the same sizes.
func objectOfEnclosure(o *MediaObject, enc *Enclosure) bool {
	return o.URL != "" && o.URL == enc.URL && enc.Length == nil &&
		sameInt(o.Width, enc.Width) && sameInt(o.Height, enc.Height) && sameInt64(o.FileSize, enc.FileSize)
}

func sameInt(a, b *int) bool     { return a == nil && b == nil || a != nil && b != nil && *a == *b }
func sameInt64(a, b *int64) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }
func mediaThumbs(o *MediaObject) []MediaThumbnail {
	if o.Metadata == nil {
		return nil
	}
	return o.Metadata.Thumbnails
}

// mediaObjects writes a scope's objects, for a scope whose objects stand
// for no enclosure (a channel, an Atom feed), or those of an entry left
// after its enclosures (see rssEnclosuresAndMedia).
func (x *feedWriter) mediaObjects(objs []MediaObject, _ *Image, _ bool) {
	if mediaScopeOnly(objs) {
		x.mediaMetadata(objs[0].Metadata)
		return
	}
	for i := range objs {
		x.mediaObject(&objs[i], nil)
	}
}

// rssEnclosuresAndMedia writes an item's enclosures and Media RSS objects
// in their orders: an enclosure an object stands for as that object's
// media:content, an object without URL where it comes, and so the object
// whose enclosure the reader made the thumbnail ([332]; thumbObject), the
// others after.
func (x *feedWriter) rssEnclosuresAndMedia(e *Entry) {
	objs := e.MediaRSS
	scopeOnly := e.scopeOnlyMedia(true)
	thumb := e.thumbObject()
	k := 0
	x.bareContent = false
	for _, enc := range e.Enclosures {
		if enc == nil {
			continue
		}
		if !scopeOnly {
			for k < len(objs) && (objs[k].URL == "" || k == thumb) {
				x.mediaObject(&objs[k], nil)
				k++
			}
			if k < len(objs) && objectOfEnclosure(&objs[k], enc) {
				x.mediaObject(&objs[k], enc)
				k++
				continue
			}
		}
		x.bareContent = x.bareContent || hasMediaAttributes(enc) || enc.MIMEType == nil || !isMIMEType(*enc.MIMEType)
		x.rssEnclosure(enc)
	}
	if scopeOnly {
		return // written where the thumbnail goes (rssThumbnail)
	}
	for ; k < len(objs); k++ {
		x.mediaObject(&objs[k], nil)
	}
}

// thumbObject returns the index of the object whose content's enclosure
// the reader made the entry's thumbnail ([332]: the first image enclosure
// of an entry with a page URL and no thumbnail, taken out of
// Enclosures), or -1. Written again, that content gives the thumbnail
// back, so the thumbnail is not written.
func (e *Entry) thumbObject() int {
	th := e.Thumbnail
	if th == nil || e.PageURL == "" || th.Width != nil || th.Height != nil {
		return -1
	}
	for _, enc := range e.Enclosures {
		if enc != nil && (enc.URL == th.URL || isImageEnclosure(enc)) {
			return -1
		}
	}
	for i := range e.MediaRSS {
		o := &e.MediaRSS[i]
		if o.URL == "" {
			continue
		}
		enc := Enclosure{URL: o.URL}
		if o.Type != "" {
			enc.MIMEType = &o.Type
		}
		if o.URL == th.URL && isImageEnclosure(&enc) && enc.URL != e.PageURL {
			return i
		}
		if isImageEnclosure(&enc) {
			return -1
		}
	}
	return -1
}

// rssThumbnail writes an item's thumbnail and, for an item whose only
// object is its own optional elements, those elements. The thumbnail is a
// media:thumbnail of the item when the reader takes no object's value
// from it (every object has thumbnails of its own) or when it is the first
// of the item's own; else an itunes:image, which gives the thumbnail and
// no Media RSS value. It reports whether no itunes:image is to be
// written for the thumbnail (one was, or none may be).
func (x *feedWriter) rssThumbnail(e *Entry) bool {
	objs := e.MediaRSS
	th := e.Thumbnail
	if e.scopeOnlyMedia(true) {
		if th != nil {
			if t := objs[0].Metadata.Thumbnails; len(t) == 0 || t[0].URL != th.URL {
				x.imageElement("itunes:image", "href", th)
				x.mediaMetadata(objs[0].Metadata)
				return true
			}
		}
		x.mediaMetadata(objs[0].Metadata)
		return false
	}
	if th == nil {
		return false
	}
	if e.thumbObject() >= 0 {
		return true // the object's content gives it back; no itunes:image either
	}
	own := len(objs) > 0 && !x.bareContent // an enclosure's media:content would inherit it
	for i := range objs {
		if len(mediaThumbs(&objs[i])) == 0 {
			own = false
		}
	}
	if own {
		x.imageElement("media:thumbnail", "url", th)
		return false
	}
	x.imageElement("itunes:image", "href", th)
	return true
}

// mediaObject writes an object as a media:content; enc is the enclosure
// it stands for, or nil (its type is the enclosure's, which keeps an
// empty one).
func (x *feedWriter) mediaObject(o *MediaObject, enc *Enclosure) {
	x.start("media:content")
	x.attr("url", o.URL)
	if enc != nil && enc.MIMEType != nil && (*enc.MIMEType == "" || isMIMEType(*enc.MIMEType)) {
		x.attrAlways("type", *enc.MIMEType)
	} else {
		x.attr("type", o.Type)
	}
	x.attr("medium", o.Medium)
	if o.IsDefault {
		x.attr("isDefault", "true")
	}
	x.attr("expression", o.Expression)
	x.attrNumber("bitrate", o.Bitrate)
	x.attrNumber("framerate", o.Framerate)
	x.attrNumber("samplingrate", o.SamplingRate)
	if o.Channels != nil {
		x.attrInt("channels", int64(*o.Channels))
	}
	x.attrSeconds("duration", o.Duration)
	if o.Width != nil && *o.Width > 0 { // positive, as Media RSS requires; the order mediaContent writes
		x.attrInt("width", int64(*o.Width))
	}
	if o.Height != nil && *o.Height > 0 {
		x.attrInt("height", int64(*o.Height))
	}
	if o.FileSize != nil {
		x.attrInt("fileSize", *o.FileSize)
	}
	x.attr("lang", o.Lang)
	if m := o.Metadata; m == nil || !mediaMetadataBeyondThumbnails(m) &&
		(len(m.Thumbnails) == 0 || inheritedThumbnails(m.Thumbnails, x.scopeThumb)) {
		x.selfClose()
		return
	}
	x.startEnd()
	x.mediaMetadata(o.Metadata)
	x.end("media:content")
}

// attrNumber writes a non-negative number attribute, when f is one.
func (x *feedWriter) attrNumber(name string, f *float64) {
	if f != nil && *f >= 0 && *f < 1e15 {
		x.attrFloat(name, *f)
	}
}

// attrSeconds writes a non-negative duration attribute in seconds.
func (x *feedWriter) attrSeconds(name string, d *time.Duration) {
	if d != nil && *d >= 0 {
		x.attrAlways(name, formatSeconds(*d))
	}
}

// mediaMetadataBeyondThumbnails reports whether m has a value other than
// thumbnails.
func mediaMetadataBeyondThumbnails(m *MediaMetadata) bool {
	return m.Title != nil || m.Description != nil || len(m.Keywords) > 0 || len(m.Credits) > 0 ||
		m.Player != nil || len(m.Ratings) > 0 || len(m.Restrictions) > 0 || m.Community != nil ||
		m.Copyright != nil || len(m.Hashes) > 0 || m.Embed != nil || len(m.Responses) > 0 ||
		len(m.Comments) > 0 || len(m.Prices) > 0
}

// mediaMetadata writes the optional elements of m.
func (x *feedWriter) mediaMetadata(m *MediaMetadata) {
	if m == nil {
		return
	}
	x.mediaText("media:title", m.Title)
	x.mediaText("media:description", m.Description)
	if len(m.Keywords) > 0 {
		x.open("media:keywords")
		for i, k := range m.Keywords {
			if i > 0 {
				x.raw(", ")
			}
			x.text(k)
		}
		x.end("media:keywords")
	}
	for i := range m.Thumbnails {
		if inheritedThumbnails(m.Thumbnails, x.scopeThumb) {
			break // the scope's media:thumbnail gives it back
		}
		t := &m.Thumbnails[i]
		x.start("media:thumbnail")
		x.attrAlways("url", t.URL)
		if t.Width != nil {
			x.attrInt("width", int64(*t.Width))
		}
		if t.Height != nil {
			x.attrInt("height", int64(*t.Height))
		}
		x.attrSeconds("time", t.Time)
		x.selfClose()
	}
	for i := range m.Credits {
		c := &m.Credits[i]
		x.start("media:credit")
		x.attr("role", c.Role)
		x.attr("scheme", c.Scheme)
		x.textContent("media:credit", c.Name)
	}
	if p := m.Player; p != nil {
		x.start("media:player")
		x.attrAlways("url", p.URL)
		if p.Width != nil {
			x.attrInt("width", int64(*p.Width))
		}
		if p.Height != nil {
			x.attrInt("height", int64(*p.Height))
		}
		x.selfClose()
	}
	for i := range m.Ratings {
		r := &m.Ratings[i]
		x.start("media:rating")
		x.attr("scheme", r.Scheme)
		x.textContent("media:rating", r.Value)
	}
	for i := range m.Restrictions {
		r := &m.Restrictions[i]
		x.start("media:restriction")
		x.attr("relationship", r.Relationship)
		x.attr("type", r.Type)
		x.textContent("media:restriction", r.Value)
	}
	if c := m.Community; c != nil {
		x.open("media:community")
		if s := c.StarRating; s != nil {
			x.start("media:starRating")
			x.attrNumber("average", s.Average)
			x.attrCount("count", s.Count)
			x.attrCount("min", s.Min)
			x.attrCount("max", s.Max)
			x.selfClose()
		}
		if s := c.Statistics; s != nil {
			x.start("media:statistics")
			x.attrCount("views", s.Views)
			x.attrCount("favorites", s.Favorites)
			x.selfClose()
		}
		if len(c.Tags) > 0 {
			x.open("media:tags")
			for i := range c.Tags {
				t := &c.Tags[i]
				if i > 0 {
					x.raw(", ")
				}
				x.text(t.Name)
				if t.Weight != nil && *t.Weight >= 0 {
					x.raw(":")
					x.text(formatInt(*t.Weight))
				}
			}
			x.end("media:tags")
		}
		x.end("media:community")
	}
	if c := m.Copyright; c != nil {
		x.start("media:copyright")
		x.attr("url", c.URL)
		x.textContent("media:copyright", c.Text)
	}
	for i := range m.Hashes {
		h := &m.Hashes[i]
		x.start("media:hash")
		x.attr("algo", h.Algo)
		x.textContent("media:hash", h.Value)
	}
	if em := m.Embed; em != nil {
		x.start("media:embed")
		x.attrAlways("url", em.URL)
		if em.Width != nil {
			x.attrInt("width", int64(*em.Width))
		}
		if em.Height != nil {
			x.attrInt("height", int64(*em.Height))
		}
		if len(em.Params) == 0 {
			x.selfClose()
		} else {
			x.startEnd()
			for i := range em.Params {
				p := &em.Params[i]
				x.start("media:param")
				x.attrAlways("name", p.Name)
				x.textContent("media:param", p.Value)
			}
			x.end("media:embed")
		}
	}
	if len(m.Responses) > 0 {
		x.open("media:responses")
		for _, r := range m.Responses {
			x.element("media:response", r)
		}
		x.end("media:responses")
	}
	if len(m.Comments) > 0 {
		x.open("media:comments")
		for _, c := range m.Comments {
			x.element("media:comment", c)
		}
		x.end("media:comments")
	}
	for i := range m.Prices {
		p := &m.Prices[i]
		x.start("media:price")
		x.attr("type", p.Type)
		x.attr("price", p.Price)
		x.attr("info", p.Info)
		x.attr("currency", p.Currency)
		x.selfClose()
	}
}

// attrCount writes a count attribute, when n is one (not negative).
func (x *feedWriter) attrCount(name string, n *int64) {
	if n != nil && *n >= 0 {
		x.attrInt(name, *n)
	}
}

// formatInt returns n in decimal.
func formatInt(n int64) string { return strconv.FormatInt(n, 10) }

// mediaText writes a media:title or media:description: an HTML value
// with type="html" (its HTML as htmlElement writes it), a string as text.
func (x *feedWriter) mediaText(name string, t *Text) {
	if t == nil {
		return
	}
	if !t.isNode() {
		x.element(name, textString(t))
		return
	}
	x.start(name)
	x.attr("type", "html")
	x.htmlContent(name, t)
}

// mediaObjectsOfEnclosures pairs e's enclosures with the objects that
// stand for them, in order (as rssEnclosuresAndMedia does): objFor[k] is
// the object of enclosure k, or -1; nil when no enclosure has one. An
// enclosure of Links (inLinks) has none.
func (e *Entry) mediaObjectsOfEnclosures(inLinks []bool) []int {
	objs := e.MediaRSS
	if len(objs) == 0 || e.scopeOnlyMedia(false) {
		return nil
	}
	var objFor []int
	k := 0
	for i, enc := range e.Enclosures {
		if enc == nil || inLinks != nil && inLinks[i] {
			continue
		}
		for k < len(objs) && objs[k].URL == "" {
			k++
		}
		if k < len(objs) && objectOfEnclosure(&objs[k], enc) {
			if objFor == nil {
				objFor = make([]int, len(e.Enclosures))
				for j := range objFor {
					objFor[j] = -1
				}
			}
			objFor[i] = k
			k++
		}
	}
	return objFor
}

// atomMediaRest writes, after an Atom entry's links and enclosures, its
// Media RSS objects that stand for no enclosure: as the entry's optional
// elements when they are its only object, the [332] thumbnail's object
// in a media:group of its own (the reader takes enclosures from groups
// only), any other as a media:content of the entry.
func (x *feedWriter) atomMediaRest(e *Entry, objFor []int) {
	objs := e.MediaRSS
	if len(objs) == 0 {
		return
	}
	if e.scopeOnlyMedia(false) {
		return // written where the thumbnail goes (writeAtomEntry)
	}
	used := make([]bool, len(objs))
	for _, k := range objFor {
		if k >= 0 {
			used[k] = true
		}
	}
	thumb := e.thumbObject()
	for i := range objs {
		switch {
		case used[i]:
		case i == thumb:
			x.open("media:group")
			x.mediaObject(&objs[i], nil)
			x.end("media:group")
		default:
			x.mediaObject(&objs[i], nil)
		}
	}
}

// atomScopeThumbnail returns the thumbnail an Atom entry writes as its own
// media:thumbnail, or nil: not one the reader takes from an enclosure
// link or from an object's content ([332]), nor the first thumbnail of
// the entry's own optional elements, written with them.
func (e *Entry) atomScopeThumbnail() *Image {
	th := e.Thumbnail
	if th == nil || e.thumbnailFromLink() || e.thumbObject() >= 0 {
		return nil
	}
	if m := e.MediaRSS; e.scopeOnlyMedia(false) && len(m[0].Metadata.Thumbnails) > 0 && m[0].Metadata.Thumbnails[0].URL == th.URL {
		return nil
	}
	return th
}

// inheritedThumbnails reports whether list is what an object inherits
// from the scope's media:thumbnail th: that one thumbnail.
func inheritedThumbnails(list []MediaThumbnail, th *Image) bool {
	return th != nil && len(list) == 1 && list[0].URL == th.URL && list[0].Time == nil &&
		sameInt(list[0].Width, positiveOrNil(th.Width)) && sameInt(list[0].Height, positiveOrNil(th.Height))
}

// positiveOrNil returns n when it is positive (imageElement writes only
// such sizes), else nil.
func positiveOrNil(n *int) *int {
	if n != nil && *n > 0 {
		return n
	}
	return nil
}

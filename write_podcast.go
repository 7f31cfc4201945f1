package feedspec

import (
	"strconv"
	"time"
)

// The Podcasting 2.0 tags of issue 38 (podcast_tags.go), written in RSS
// (the only format whose reader reads them): each field one case here, its
// element the one the reader reads it from.

// writeFeedPodcastTags writes the channel's Podcasting 2.0 tags beyond
// guid, locked, funding, persons and values; a live item is written as a
// podcast:liveItem holding the item's elements.
func writeFeedPodcastTags(x *feedWriter, pc *FeedPodcast, f *Feed) {
	for i := range pc.Locations {
		x.podcastLocation(&pc.Locations[i])
	}
	for i := range pc.Trailers {
		t := &pc.Trailers[i]
		if t.URL == "" {
			continue
		}
		x.start("podcast:trailer")
		x.attrAlways("url", t.URL)
		if writableDate(t.PubDate) && t.PubDate.UTC().Year() >= 1000 {
			x.attrDate("pubdate", *t.PubDate, true)
		}
		if t.Length != nil && *t.Length > 0 {
			x.attrInt("length", *t.Length)
		}
		x.attr("type", t.Type)
		if t.Season != nil {
			x.attrInt("season", int64(*t.Season))
		}
		x.textContent("podcast:trailer", t.Title)
	}
	x.podcastLicense(pc.License)
	x.element("podcast:medium", pc.Medium)
	x.podcastImages(pc.Images)
	for i := range pc.LiveItems {
		li := &pc.LiveItems[i]
		if x.failed() {
			return
		}
		x.start("podcast:liveItem")
		x.attr("status", li.Status)
		if writableDate(li.Start) {
			x.attrDate("start", *li.Start, false)
		}
		if writableDate(li.End) {
			x.attrDate("end", *li.End, false)
		}
		x.startEnd()
		if li.Entry != nil {
			li.Entry.writeRSSItemChildren(x, f)
		}
		x.end("podcast:liveItem")
	}
	for i := range pc.RemoteItems {
		x.podcastRemoteItem(&pc.RemoteItems[i])
	}
	if len(pc.Podroll) > 0 {
		x.open("podcast:podroll")
		for i := range pc.Podroll {
			x.podcastRemoteItem(&pc.Podroll[i])
		}
		x.end("podcast:podroll")
	}
	x.podcastTxt(pc.Txt)
	if u := pc.UpdateFrequency; u != nil {
		x.start("podcast:updateFrequency")
		if u.Complete {
			x.attr("complete", "true")
		}
		if writableDate(u.DTStart) {
			x.attrDate("dtstart", *u.DTStart, false)
		}
		x.attr("rrule", u.RRule)
		x.textContent("podcast:updateFrequency", u.Text)
	}
	for i := range pc.Blocks {
		b := &pc.Blocks[i]
		if b.Block == nil {
			continue
		}
		x.start("podcast:block")
		x.attr("id", b.ID)
		x.startEnd()
		x.text(boolWord(*b.Block, "yes", "no"))
		x.end("podcast:block")
	}
	x.podcastChat(pc.Chat)
	x.podcastSocialInteracts(pc.SocialInteracts)
	if r := pc.Publisher; r != nil && (r.FeedGUID != "" || r.FeedURL != "") {
		x.open("podcast:publisher")
		x.podcastRemoteItem(r)
		x.end("podcast:publisher")
	}
	if pc.UsesPodping {
		x.start("podcast:podping")
		x.attr("usesPodping", "true")
		x.selfClose()
	}
}

// writeEntryPodcastTags writes an item's Podcasting 2.0 tags beyond
// transcripts, chapters, persons, season, episode, soundbites, alternate
// enclosures and values.
func writeEntryPodcastTags(x *feedWriter, pc *EntryPodcast) {
	for i := range pc.Locations {
		x.podcastLocation(&pc.Locations[i])
	}
	x.podcastLicense(pc.License)
	x.podcastImages(pc.Images)
	x.podcastTxt(pc.Txt)
	x.podcastChat(pc.Chat)
	x.podcastSocialInteracts(pc.SocialInteracts)
	for i := range pc.ContentLinks {
		c := &pc.ContentLinks[i]
		if c.Href == "" {
			continue
		}
		x.start("podcast:contentLink")
		x.attrAlways("href", c.Href)
		x.textContent("podcast:contentLink", c.Text)
	}
}

// textContent ends a start tag begun with start and writes s (escaped)
// and the end tag, or ends the element empty when s is "" (or holds only
// characters XML cannot carry).
func (x *feedWriter) textContent(name, s string) {
	if s = xmlCarried(s); s == "" {
		x.selfClose()
		return
	}
	x.startEnd()
	x.text(s)
	x.end(name)
}

// attrDate writes the attribute name with the date t, as appendWriteDate
// formats it.
func (x *feedWriter) attrDate(name string, t time.Time, rfc822 bool) {
	if x.dry {
		x.name(name)
		return
	}
	x.room(len(name) + 48)
	x.buf = append(x.buf, ' ')
	x.buf = append(x.buf, name...)
	x.buf = append(x.buf, '=', '"')
	x.buf = appendWriteDate(x.buf, t, rfc822)
	x.buf = append(x.buf, '"')
}

// podcastLocation writes a podcast:location: its name as text, its point
// as a geo URI.
func (x *feedWriter) podcastLocation(l *PodcastLocation) {
	x.start("podcast:location")
	x.attr("rel", l.Rel)
	if g := l.Geo; g != nil && validGeo(g) {
		b := make([]byte, 0, 64)
		b = append(b, "geo:"...)
		b = strconv.AppendFloat(b, g.Lat, 'f', -1, 64)
		b = append(b, ',')
		b = strconv.AppendFloat(b, g.Lon, 'f', -1, 64)
		if g.Elevation != nil && validCoordinate(*g.Elevation, 1e15) {
			b = append(b, ',')
			b = strconv.AppendFloat(b, *g.Elevation, 'f', -1, 64)
		}
		x.attr("geo", string(b))
	}
	x.attr("osm", l.OSM)
	x.attr("country", l.Country)
	x.textContent("podcast:location", l.Name)
}

// podcastLicense writes a podcast:license.
func (x *feedWriter) podcastLicense(l *PodcastLicense) {
	if l == nil {
		return
	}
	x.start("podcast:license")
	x.attr("url", l.URL)
	x.textContent("podcast:license", l.Name)
}

// podcastImages writes each image as a podcast:image.
func (x *feedWriter) podcastImages(list []PodcastImage) {
	for i := range list {
		im := &list[i]
		if im.Href == "" {
			continue
		}
		x.start("podcast:image")
		x.attrAlways("href", im.Href)
		x.attr("alt", im.Alt)
		x.attr("aspect-ratio", im.AspectRatio)
		if im.Width != nil {
			x.attrInt("width", int64(*im.Width))
		}
		if im.Height != nil {
			x.attrInt("height", int64(*im.Height))
		}
		x.attr("type", im.Type)
		x.attr("purpose", im.Purpose)
		x.selfClose()
	}
}

// podcastRemoteItem writes a podcast:remoteItem.
func (x *feedWriter) podcastRemoteItem(r *PodcastRemoteItem) {
	if r.FeedGUID == "" && r.FeedURL == "" {
		return // the reader requires one
	}
	x.start("podcast:remoteItem")
	x.attr("feedGuid", r.FeedGUID)
	x.attr("feedUrl", r.FeedURL)
	x.attr("itemGuid", r.ItemGUID)
	x.attr("medium", r.Medium)
	x.attr("title", r.Title)
	x.selfClose()
}

// podcastTxt writes podcast:txt elements.
func (x *feedWriter) podcastTxt(list []PodcastTxt) {
	for i := range list {
		t := &list[i]
		x.start("podcast:txt")
		x.attr("purpose", t.Purpose)
		x.textContent("podcast:txt", t.Text)
	}
}

// podcastChat writes a podcast:chat.
func (x *feedWriter) podcastChat(c *PodcastChat) {
	if c == nil {
		return
	}
	x.start("podcast:chat")
	x.attr("server", c.Server)
	x.attr("protocol", c.Protocol)
	x.attr("accountId", c.AccountID)
	x.attr("space", c.Space)
	x.selfClose()
}

// podcastSocialInteracts writes podcast:socialInteract elements.
func (x *feedWriter) podcastSocialInteracts(list []PodcastSocialInteract) {
	for i := range list {
		s := &list[i]
		x.start("podcast:socialInteract")
		x.attrAlways("protocol", s.Protocol)
		x.attr("uri", s.URI)
		x.attr("accountId", s.AccountID)
		x.attr("accountUrl", s.AccountURL)
		if s.Priority != nil {
			x.attrInt("priority", int64(*s.Priority))
		}
		x.selfClose()
	}
}

// podcastTimeSplit writes a podcast:valueTimeSplit.
func (x *feedWriter) podcastTimeSplit(ts *PodcastValueTimeSplit) {
	if ts.StartTime < 0 || ts.Duration < 0 {
		return
	}
	x.start("podcast:valueTimeSplit")
	x.attrAlways("startTime", formatSeconds(ts.StartTime))
	x.attrAlways("duration", formatSeconds(ts.Duration))
	if d := ts.RemoteStartTime; d != nil && *d >= 0 {
		x.attrAlways("remoteStartTime", formatSeconds(*d))
	}
	if p := ts.RemotePercentage; p != nil && *p >= 0 {
		x.attrFloat("remotePercentage", *p)
	}
	if len(ts.Recipients) == 0 && ts.RemoteItem == nil {
		x.selfClose()
		return
	}
	x.startEnd()
	x.valueRecipients(ts.Recipients)
	if r := ts.RemoteItem; r != nil {
		x.podcastRemoteItem(r)
	}
	x.end("podcast:valueTimeSplit")
}

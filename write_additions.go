package feedspec

import (
	"math"
	"strconv"
)

// The additions of issue 38 in RSS and Atom (docs/writing.md): GeoRSS,
// licences, RFC 5005's complete and archive markers, RFC 6721's tombstones
// (Atom only: the RSS reader reads none), Podlove chapters and RFC 4685's
// in-reply-to. Media RSS objects are in write_media.go, the Podcasting 2.0
// tags in write_podcast.go. Each field is one case here, written as the
// element the reader reads it from.

// writeXMLAdditions writes the feed's additions of issue 38 (rss: in an
// RSS channel, else in an Atom feed).
func (f *Feed) writeXMLAdditions(x *feedWriter, rss bool) {
	x.geo(f.Geo)
	x.licenses(f.License)
	if f.Complete {
		x.start("fh:complete")
		x.selfClose()
	}
	if f.Archive {
		x.start("fh:archive")
		x.selfClose()
	}
	if !rss {
		for i := range f.DeletedEntries {
			x.deletedEntry(&f.DeletedEntries[i])
		}
	}
	x.mediaObjects(f.MediaRSS, nil, rss) // write_media.go
}

// writeRSSAdditions writes an item's additions of issue 38.
func (e *Entry) writeRSSAdditions(x *feedWriter) {
	e.writeEntryAdditions(x)
}

// writeEntryAdditions writes an entry's (item's) additions of issue 38
// but Media RSS.
func (e *Entry) writeEntryAdditions(x *feedWriter) {
	x.geo(e.Geo)
	x.licenses(e.License)
	x.chapters(e.Chapters)
	for i := range e.InReplyTo {
		r := &e.InReplyTo[i]
		if !hasNonSpaceChar(r.Ref) {
			continue // the reader requires a ref
		}
		x.start("thr:in-reply-to")
		x.attrAlways("ref", r.Ref)
		x.attr("href", r.Href)
		x.attr("type", r.Type)
		x.attr("source", r.Source)
		x.selfClose()
	}
}

// validCoordinate reports whether f is a finite number within ±limit.
func validCoordinate(f, limit float64) bool {
	return !math.IsNaN(f) && f >= -limit && f <= limit
}

// validGeo reports whether g is a point the reader reads: a latitude
// within ±90 and a longitude within ±180.
func validGeo(g *Geo) bool {
	return validCoordinate(g.Lat, 90) && validCoordinate(g.Lon, 180)
}

// geo writes a location as georss:point ("lat lon"), or, with an
// elevation, as georss:where/gml:Point/gml:pos ("lat lon elevation"), the
// GeoRSS form that carries one.
func (x *feedWriter) geo(g *Geo) {
	if g == nil || !validGeo(g) {
		return
	}
	b := make([]byte, 0, 64)
	b = strconv.AppendFloat(b, g.Lat, 'f', -1, 64)
	b = append(b, ' ')
	b = strconv.AppendFloat(b, g.Lon, 'f', -1, 64)
	if g.Elevation == nil || !validCoordinate(*g.Elevation, 1e15) {
		x.element("georss:point", string(b))
		return
	}
	b = append(b, ' ')
	b = strconv.AppendFloat(b, *g.Elevation, 'f', -1, 64)
	x.open("georss:where")
	x.open("gml:Point")
	x.element("gml:pos", string(b))
	x.end("gml:Point")
	x.end("georss:where")
}

// licenses writes each licence URL as a creativeCommons:license.
func (x *feedWriter) licenses(list []string) {
	for _, u := range list {
		x.element("creativeCommons:license", u)
	}
}

// chapters writes Podlove Simple Chapters: a psc:chapters element and a
// psc:chapter for each chapter, its start in seconds.
func (x *feedWriter) chapters(list []Chapter) {
	n := 0
	for i := range list {
		if list[i].Start >= 0 {
			n++
		}
	}
	if n == 0 {
		return
	}
	x.start("psc:chapters")
	x.attr("version", "1.2")
	x.startEnd()
	for i := range list {
		c := &list[i]
		if c.Start < 0 {
			continue
		}
		x.start("psc:chapter")
		x.attrAlways("start", formatSeconds(c.Start))
		x.attr("title", c.Title)
		x.attr("href", c.Href)
		x.attr("image", c.Image)
		x.selfClose()
	}
	x.end("psc:chapters")
}

// deletedEntry writes an at:deleted-entry (Atom).
func (x *feedWriter) deletedEntry(d *DeletedEntry) {
	if !hasNonSpaceChar(d.Ref) {
		return // the reader requires a ref
	}
	x.start("at:deleted-entry")
	x.attrAlways("ref", d.Ref)
	if writableDate(d.When) {
		x.attrDate("when", *d.When, false)
	}
	x.startEnd()
	if d.By != nil {
		x.atomPerson("at:by", d.By)
	}
	x.element("at:comment", d.Comment)
	x.end("at:deleted-entry")
}

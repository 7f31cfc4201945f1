package feedspec

import "net/url"

// Sanitized returns a copy of f safe to republish (a proxy that serves a
// stranger's feed again, with WriteRSS, WriteAtom or WriteJSONFeed): every
// Node text (HTML) is replaced by what SafeHTML(t, baseURL) makes of it,
// read back as HTMLText does, and every URL of the model by what SafeURL
// makes of it, after resolving it against baseURL when it is relative. A
// URL SafeURL refuses ("javascript:", "data:", "file:"...) is dropped: the
// field is "", and an image, an enclosure, a link or a Podcasting 2.0
// element whose URL it is is left out. The Media RSS objects, licences,
// chapters and replies of an entry and a feed are sanitized likewise; the
// Podcasting 2.0 elements added with them that hold URLs (trailers,
// licences, images, live and remote items, the podroll, chat, social
// interactions, the publisher, content links) are left out.
// Entry.ContentXML, the publisher's
// XML, which no sanitizer reads, is dropped. String texts are plain text
// and are kept: the writers escape them.
//
// f is not changed: the copy has its own entries, lists and values
// wherever one of them changes; the values that do not change (strings,
// dates, Text values of strings) are shared. Entry.Element and
// Feed.Document still return the original's. baseURL may be "".
func (f *Feed) Sanitized(baseURL string) *Feed {
	if f == nil {
		return nil
	}
	s := sanitizer{base: baseURL}
	if baseURL != "" {
		s.baseURL, _ = url.Parse(baseURL)
	}
	g := *f
	g.Title = s.text(f.Title)
	g.Subtitle = s.text(f.Subtitle)
	g.Description = s.text(f.Description)
	g.Rights = s.text(f.Rights)
	g.PageURL = s.url(f.PageURL)
	g.FeedURL = s.url(f.FeedURL)
	g.PreviousFeedURL = s.url(f.PreviousFeedURL)
	g.NextFeedURL = s.url(f.NextFeedURL)
	g.Docs = s.url(f.Docs)
	g.Icon = s.image(f.Icon)
	g.Logo = s.image(f.Logo)
	g.Authors = s.persons(f.Authors)
	g.Contributors = s.persons(f.Contributors)
	g.WebMaster = s.person(f.WebMaster)
	g.Links = s.links(f.Links)
	if gen := f.Generator; gen != nil {
		c := *gen
		c.URI = s.url(gen.URI)
		g.Generator = &c
	}
	if it := f.ITunes; it != nil {
		c := *it
		c.Owner = s.person(it.Owner)
		c.Image = s.image(it.Image)
		c.NewFeedURL = s.url(it.NewFeedURL)
		g.ITunes = &c
	}
	if pc := f.Podcast; pc != nil {
		c := *pc
		c.Funding = nil
		for _, fu := range pc.Funding {
			if fu.URL = s.url(fu.URL); fu.URL != "" {
				c.Funding = append(c.Funding, fu)
			}
		}
		c.Persons = s.podcastPersons(pc.Persons)
		// The Podcasting 2.0 values of issue 38 that hold URLs (and
		// live items, which hold whole items) are left out until each is
		// sanitized field by field.
		c.Trailers, c.License, c.Images, c.LiveItems = nil, nil, nil, nil
		c.RemoteItems, c.Podroll, c.Chat, c.SocialInteracts, c.Publisher = nil, nil, nil, nil, nil
		g.Podcast = &c
	}
	g.MediaRSS = s.mediaObjects(f.MediaRSS)
	g.License = s.urls(f.License)
	if f.DeletedEntries != nil {
		g.DeletedEntries = make([]DeletedEntry, len(f.DeletedEntries))
		for i, d := range f.DeletedEntries {
			d.By = s.person(d.By)
			g.DeletedEntries[i] = d
		}
	}
	if ci := f.ChannelImage; ci != nil {
		c := *ci
		c.URL = s.url(ci.URL)
		c.Link = s.url(ci.Link)
		c.Title = s.text(ci.Title)
		c.Description = s.text(ci.Description)
		g.ChannelImage = &c
	}
	if ti := f.TextInput; ti != nil {
		c := *ti
		c.Link = s.url(ti.Link)
		c.Title = s.text(ti.Title)
		c.Description = s.text(ti.Description)
		g.TextInput = &c
	}
	if f.Entries != nil {
		g.Entries = make([]*Entry, 0, len(f.Entries))
		for _, e := range f.Entries {
			if e != nil {
				g.Entries = append(g.Entries, s.entry(e, &g))
			}
		}
	}
	return &g
}

// A sanitizer makes the values of a Sanitized feed.
type sanitizer struct {
	base    string
	baseURL *url.URL
}

// text returns t with a Node value through SafeHTML.
func (s *sanitizer) text(t *Text) *Text {
	if t == nil || !t.isNode() {
		return t
	}
	return HTMLText(SafeHTML(t, s.base))
}

// url returns SafeURL of u, resolved against the base URL first when it is
// relative; "" when it is refused.
func (s *sanitizer) url(u string) string {
	if u == "" {
		return ""
	}
	if safe := SafeURL(u); safe != "" {
		return safe
	}
	if s.baseURL == nil {
		return ""
	}
	ref, err := url.Parse(u)
	if err != nil || ref.IsAbs() {
		return ""
	}
	return SafeURL(s.baseURL.ResolveReference(ref).String())
}

// image returns a copy of img with a safe URL, nil when it has none.
func (s *sanitizer) image(img *Image) *Image {
	if img == nil {
		return nil
	}
	c := *img
	if c.URL = s.url(img.URL); c.URL == "" {
		return nil
	}
	return &c
}

// person returns a copy of p with safe URLs.
func (s *sanitizer) person(p *Person) *Person {
	if p == nil {
		return nil
	}
	c := *p
	c.PageURL = s.url(p.PageURL)
	c.Icon = s.image(p.Icon)
	return &c
}

// persons returns copies of list's persons with safe URLs.
func (s *sanitizer) persons(list []*Person) []*Person {
	if list == nil {
		return nil
	}
	out := make([]*Person, 0, len(list))
	for _, p := range list {
		if p != nil {
			out = append(out, s.person(p))
		}
	}
	return out
}

// links returns the links of list whose URL is safe.
func (s *sanitizer) links(list []Link) []Link {
	var out []Link
	for _, l := range list {
		if l.Href = s.url(l.Href); l.Href != "" {
			out = append(out, l)
		}
	}
	return out
}

// podcastPersons returns copies of list with safe URLs.
func (s *sanitizer) podcastPersons(list []PodcastPerson) []PodcastPerson {
	if list == nil {
		return nil
	}
	out := make([]PodcastPerson, len(list))
	for i, p := range list {
		p.Img = s.url(p.Img)
		p.Href = s.url(p.Href)
		out[i] = p
	}
	return out
}

// entry returns a sanitized copy of e, of the feed g.
func (s *sanitizer) entry(e *Entry, g *Feed) *Entry {
	c := *e
	c.Feed = g
	if e.priv != nil {
		p := *e.priv
		p.ownImage = s.image(e.priv.ownImage)
		c.priv = &p
	}
	c.Title = s.text(e.Title)
	c.Subtitle = s.text(e.Subtitle)
	c.Summary = s.text(e.Summary)
	c.Content = s.text(e.Content)
	c.Rights = s.text(e.Rights)
	c.ContentXML = ""
	c.PageURL = s.url(e.PageURL)
	c.CommentsURL = s.url(e.CommentsURL)
	c.CommentsFeedURL = s.url(e.CommentsFeedURL)
	if c.ContentSrc = s.url(e.ContentSrc); c.ContentSrc == "" {
		c.ContentType = ""
	}
	c.Thumbnail = s.image(e.Thumbnail)
	c.Authors = s.persons(e.Authors)
	c.Contributors = s.persons(e.Contributors)
	c.Links = s.links(e.Links)
	if e.Enclosures != nil {
		c.Enclosures = make([]*Enclosure, 0, len(e.Enclosures))
		for _, enc := range e.Enclosures {
			if enc == nil {
				continue
			}
			ec := *enc
			if ec.URL = s.url(enc.URL); ec.URL != "" {
				c.Enclosures = append(c.Enclosures, &ec)
			}
		}
	}
	if src := e.Source; src != nil {
		sc := *src
		sc.URL = s.url(src.URL)
		sc.FeedURL = s.url(src.FeedURL)
		sc.Title = s.text(src.Title)
		sc.Rights = s.text(src.Rights)
		sc.Authors = s.persons(src.Authors)
		c.Source = &sc
	}
	if pc := e.Podcast; pc != nil {
		p := *pc
		p.Transcripts = nil
		for _, t := range pc.Transcripts {
			if t.URL = s.url(t.URL); t.URL != "" {
				p.Transcripts = append(p.Transcripts, t)
			}
		}
		if ch := pc.Chapters; ch != nil {
			cc := *ch
			p.Chapters = nil
			if cc.URL = s.url(ch.URL); cc.URL != "" {
				p.Chapters = &cc
			}
		}
		p.Persons = s.podcastPersons(pc.Persons)
		p.AlternateEnclosures = nil
		for _, a := range pc.AlternateEnclosures {
			var sources []PodcastSource
			for _, src := range a.Sources {
				if src.URI = s.url(src.URI); src.URI != "" {
					sources = append(sources, src)
				}
			}
			if len(sources) > 0 {
				a.Sources = sources
				p.AlternateEnclosures = append(p.AlternateEnclosures, a)
			}
		}
		p.License, p.Images, p.Chat, p.SocialInteracts, p.ContentLinks = nil, nil, nil, nil, nil
		c.Podcast = &p
	}
	c.MediaRSS = s.mediaObjects(e.MediaRSS)
	c.License = s.urls(e.License)
	if e.Chapters != nil {
		c.Chapters = make([]Chapter, len(e.Chapters))
		for i, ch := range e.Chapters {
			ch.Href, ch.Image = s.url(ch.Href), s.url(ch.Image)
			c.Chapters[i] = ch
		}
	}
	if e.InReplyTo != nil {
		c.InReplyTo = make([]InReplyTo, len(e.InReplyTo))
		for i, r := range e.InReplyTo {
			r.Href, r.Source = s.url(r.Href), s.url(r.Source)
			c.InReplyTo[i] = r
		}
	}
	return &c
}

// urls returns the URLs of list that are safe.
func (s *sanitizer) urls(list []string) []string {
	var out []string
	for _, u := range list {
		if u = s.url(u); u != "" {
			out = append(out, u)
		}
	}
	return out
}

// mediaObjects returns copies of the Media RSS objects of list with safe
// URLs and texts: an object whose own URL is refused keeps its metadata
// without it (the objects of a scope have none); a thumbnail, player,
// copyright or embed whose URL is refused is left out, and so are an
// embed's parameters, which may be URLs.
func (s *sanitizer) mediaObjects(list []MediaObject) []MediaObject {
	if list == nil {
		return nil
	}
	out := make([]MediaObject, len(list))
	for i, o := range list {
		o.URL = s.url(o.URL)
		if m := o.Metadata; m != nil {
			c := *m
			c.Title, c.Description = s.text(m.Title), s.text(m.Description)
			c.Thumbnails = nil
			for _, t := range m.Thumbnails {
				if t.URL = s.url(t.URL); t.URL != "" {
					c.Thumbnails = append(c.Thumbnails, t)
				}
			}
			if pl := m.Player; pl != nil {
				cp := *pl
				if c.Player = nil; s.url(pl.URL) != "" {
					cp.URL = s.url(pl.URL)
					c.Player = &cp
				}
			}
			if cr := m.Copyright; cr != nil {
				cc := *cr
				cc.URL = s.url(cr.URL)
				c.Copyright = &cc
			}
			if em := m.Embed; em != nil {
				c.Embed = nil
				if u := s.url(em.URL); u != "" {
					ce := *em
					ce.URL, ce.Params = u, nil
					c.Embed = &ce
				}
			}
			c.Responses = s.urls(m.Responses)
			if m.Prices != nil {
				c.Prices = make([]MediaPrice, len(m.Prices))
				for j, pr := range m.Prices {
					pr.Info = s.url(pr.Info)
					c.Prices[j] = pr
				}
			}
			o.Metadata = &c
		}
		out[i] = o
	}
	return out
}

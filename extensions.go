package feedspec

import (
	"strconv"
	"time"

	"github.com/feedspec/feedspec/xml5"
)

// The additions to the specification's model (issue 6): types and the steps
// that fill them. None of these steps changes a value the specification
// defines.

// isITunes reports whether ns is one of the two iTunes namespace spellings.
func isITunes(ns string) bool { return ns == nsITunes || ns == nsITunesAlt }

// A Link is an Atom link element (an addition).
type Link struct {
	// Href is the href attribute parsed as a URL, never "" (a link whose
	// href fails to parse is left out).
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	Href string `json:"href,omitempty"`
	// Rel is the rel attribute as written, or "alternate" when it is
	// absent.
	Rel string `json:"rel,omitempty"`
	// Type, HrefLang and Title are the attributes as written; "" is null.
	Type     string `json:"type,omitempty"`
	HrefLang string `json:"hreflang,omitempty"`
	Title    string `json:"title,omitempty"`
	// Length is the length attribute when it is a number greater than
	// zero.
	Length *int64 `json:"length,omitempty"`
}

// A Category is a category element with its details (an addition).
type Category struct {
	// Term is the Atom term attribute, the RSS category's, dc:subject's
	// or media:category's text, the iTunes category's text attribute, or
	// a taxo:topics topic's rdf:resource; never "".
	Term string `json:"term,omitempty"`
	// Scheme is the Atom scheme attribute, the RSS domain attribute or the
	// media:category scheme attribute, as written (MediaCategoryScheme for
	// a media:category without one); for iTunes categories it is the
	// iTunes namespace URL "http://www.itunes.com/dtds/podcast-1.0.dtd",
	// for taxo:topics topics TaxonomyScheme.
	Scheme string `json:"scheme,omitempty"`
	// Label is the Atom or media:category label attribute.
	Label string `json:"label,omitempty"`
	// Subcategories are the itunes:category children of an iTunes
	// category (JSON key "subcategories").
	Subcategories []Category `json:"subcategories,omitempty"`
}

// A Generator names the software that made the feed (an addition).
type Generator struct {
	// Name is the element's text (process a string element).
	Name string `json:"name,omitempty"`
	// URI is the Atom uri attribute (the Atom 0.3 url attribute, the RSS
	// 1.0 admin:generatorAgent's rdf:resource) parsed as a URL.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URI string `json:"uri,omitempty"`
	// Version is the Atom version attribute.
	Version string `json:"version,omitempty"`
}

// A Source is the feed an entry was copied from (an addition): an RSS source
// element or an Atom source element.
type Source struct {
	// ID is the Atom source's id.
	ID string `json:"id,omitempty"`
	// Title is the RSS source's text or the Atom source's title.
	Title *Text `json:"title,omitempty"`
	// URL is the href of the Atom source's first alternate link.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URL string `json:"url,omitempty"`
	// FeedURL is the RSS source's url attribute, or the href of the Atom
	// source's first self link.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	FeedURL string `json:"feed_url,omitempty"`
	// Authors are the Atom source's authors (RFC 4287 4.2.11), in document
	// order; Entry.ComputedAuthors takes them when the entry has none.
	Authors []*Person `json:"authors,omitempty" jsongen:"maxperentry"`
	// Rights is the Atom source's first rights (an Atom text);
	// Entry.ComputedRights takes it when the entry has none.
	Rights *Text `json:"rights,omitempty"`
	// Updated is the Atom source's first updated date (an Atom date).
	Updated *time.Time `json:"updated,omitempty"`
	// CategoryDetails are the Atom source's categories with a non-empty
	// term, in document order, repeats kept.
	CategoryDetails []Category `json:"category_details,omitempty" jsongen:"maxperentry"`
}

// isZero reports whether s holds nothing (the source is then null).
func (s *Source) isZero() bool {
	return s.ID == "" && s.Title == nil && s.URL == "" && s.FeedURL == "" &&
		len(s.Authors) == 0 && s.Rights == nil && s.Updated == nil && len(s.CategoryDetails) == 0
}

// FeedITunes holds the podcast-level elements of the iTunes namespace (an
// addition; canonical JSON key "itunes", with the keys owner, explicit,
// type, block, complete, image and new_feed_url).
type FeedITunes struct {
	// Owner is itunes:owner's itunes:name and itunes:email.
	Owner *Person `json:"owner,omitempty"`
	// Explicit is itunes:explicit: true for "true", "yes" or "explicit",
	// false for "false", "no" or "clean" (ASCII case-insensitive, space
	// characters around ignored); nil for any other value.
	Explicit *bool `json:"explicit,omitempty"`
	// Type is itunes:type: "episodic" or "serial".
	Type string `json:"type,omitempty"`
	// Block is itunes:block: true for "yes", false for any other value.
	Block *bool `json:"block,omitempty"`
	// Complete is itunes:complete: true for "yes", false otherwise.
	Complete *bool `json:"complete,omitempty"`
	// Image is the first itunes:image (its href). The specification makes
	// it the feed's icon, which cleanup drops when the logo has the same
	// URL; this one is kept.
	Image *Image `json:"image,omitempty"`
	// NewFeedURL is itunes:new-feed-url, the URL the podcast moved to.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	NewFeedURL string `json:"new_feed_url,omitempty"`
}

// EntryITunes holds the episode-level elements of the iTunes namespace (an
// addition; canonical JSON key "itunes", with the keys title, episode,
// season, episode_type, explicit and block).
type EntryITunes struct {
	// Title is itunes:title, the episode's title without numbering.
	Title string `json:"title,omitempty"`
	// Episode and Season are itunes:episode and itunes:season.
	Episode *int `json:"episode,omitempty"`
	Season  *int `json:"season,omitempty"`
	// EpisodeType is itunes:episodeType: "full", "trailer" or "bonus".
	EpisodeType string `json:"episode_type,omitempty"`
	// Explicit and Block read as in FeedITunes.
	Explicit *bool `json:"explicit,omitempty"`
	Block    *bool `json:"block,omitempty"`

	// The values the pointers above point to, so that setting them
	// allocates nothing beyond the EntryITunes.
	episode, season int
	explicit, block bool
}

// feedITunes returns feed's iTunes holder, making it on first use.
func feedITunes(feed *Feed) *FeedITunes {
	if feed.ITunes == nil {
		feed.ITunes = &FeedITunes{}
	}
	return feed.ITunes
}

// entryITunes returns entry's iTunes holder, making it on first use.
func entryITunes(entry *Entry) *EntryITunes {
	if entry.ITunes == nil {
		entry.ITunes = &EntryITunes{}
	}
	return entry.ITunes
}

// xmlLang returns el's xml:lang attribute when it has a non-space
// character, else "".
func xmlLang(el *xml5.Node) string {
	if v, ok := el.AttrValue(xml5.XMLNamespace, "lang"); ok && hasNonSpaceChar(v) {
		return v
	}
	return ""
}

// nonEmptyAttr returns el's attribute name (no namespace) when it has a
// non-space character, else "".
func nonEmptyAttr(el *xml5.Node, name string) string {
	if v, ok := el.AttrValue("", name); ok && hasNonSpaceChar(v) {
		return v
	}
	return ""
}

// processLink makes the Link of an Atom link element whose href URL is u
// (not ""). rel is the rel attribute as linkRelation gave it.
func (p *processor) processLink(el *xml5.Node, u string) Link {
	l := Link{Href: u, Rel: "alternate"}
	if rel, ok := el.AttrValue("", "rel"); ok {
		l.Rel = rel
	}
	l.Type = nonEmptyAttr(el, "type")
	l.HrefLang = nonEmptyAttr(el, "hreflang")
	l.Title = nonEmptyAttr(el, "title")
	l.Length = p.positiveLength(el)
	return l
}

// addAtomCategory appends the details of an Atom category element with a
// non-empty term to list.
func addAtomCategory(list []Category, el *xml5.Node) []Category {
	term, _ := el.AttrValue("", "term") // [30] [44]
	if term == "" {                     // [89]
		return list
	}
	return append(list, Category{Term: term, Scheme: nonEmptyAttr(el, "scheme"), Label: nonEmptyAttr(el, "label")})
}

// addTextCategory appends the details of an RSS category or a dc:subject (its
// text, non-empty; the RSS domain as scheme) to list.
func addTextCategory(list []Category, el *xml5.Node, withDomain bool) []Category {
	term := el.ChildTextContent() // [92] [90]
	if term == "" {               // [293] [91]
		return list
	}
	c := Category{Term: term}
	if withDomain {
		c.Scheme = nonEmptyAttr(el, "domain")
	}
	return append(list, c)
}

// iTunesCategory reads an itunes:category element and its itunes:category
// children; ok is false when it has no text attribute.
func iTunesCategory(el *xml5.Node) (Category, bool) {
	term := nonEmptyAttr(el, "text")
	if term == "" {
		return Category{}, false
	}
	c := Category{Term: term, Scheme: nsITunes}
	for sub := el.FirstElementChild(); sub != nil; sub = sub.NextElementSibling() {
		if isITunes(sub.Namespace) && sub.Local == "category" {
			if sc, ok := iTunesCategory(sub); ok {
				c.Subcategories = append(c.Subcategories, sc)
			}
		}
	}
	return c, true
}

// processGenerator reads a generator element; uriAttr names the attribute
// holding its URI ("uri" in Atom 1.0, "url" in Atom 0.3, "" in RSS). nil is
// null (no name, URI or version).
func (p *processor) processGenerator(el *xml5.Node, uriAttr string) *Generator {
	g := Generator{Name: processStringElement(el)}
	if uriAttr != "" {
		if v, ok := el.AttrValue("", uriAttr); ok && v != "" {
			g.URI = p.parseURL(el, uriAttr, v)
		}
		g.Version = nonEmptyAttr(el, "version")
	}
	if g == (Generator{}) {
		return nil
	}
	return &g
}

// processAtomSource reads an Atom source element (RFC 4287 4.2.11): its
// id, title, first alternate and self links, and (the additions of
// issue 24) its authors, rights, updated date and categories. nil is null
// (none of them). The authors and the categories are each capped at
// MaxPerEntry, counted apart from the entry's own.
func (p *processor) processAtomSource(el *xml5.Node) *Source {
	var s Source
	var authors, cats int
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Namespace != nsAtom {
			continue
		}
		switch c.Local {
		case "id":
			if s.ID == "" {
				s.ID = processStringElement(c)
			}
		case "title":
			if s.Title == nil {
				s.Title = p.processAtomText(c)
			}
		case "link":
			rel, short := linkRelation(c)
			switch {
			case relationIs(rel, short, "alternate"):
				if s.URL == "" {
					s.URL = p.hrefURL(c)
				}
			case relationIs(rel, short, "self"):
				if s.FeedURL == "" {
					s.FeedURL = p.hrefURL(c)
				}
			}
		case "author":
			if p.sourceRoom(&authors, "authors", c) {
				p.appendPerson(&s.Authors, p.processAtomPerson(c))
			}
		case "rights":
			if s.Rights == nil {
				s.Rights = p.processAtomText(c)
			}
		case "updated":
			if s.Updated == nil {
				s.Updated = p.processAtomDate(c)
				p.takeDateInfo(s.Updated) // the source keeps no DateInfo
			}
		case "category":
			if term, _ := c.AttrValue("", "term"); term != "" && p.sourceRoom(&cats, "categories", c) {
				s.CategoryDetails = addAtomCategory(s.CategoryDetails, c)
			}
		}
	}
	if s.isZero() {
		return nil
	}
	return &s
}

// sourceRoom counts el, an author or a category of an Atom source element
// (list names it), in *n and reports whether it is read: at most
// MaxPerEntry of each, the first one left out recorded as a
// DiagnosticLimit.
func (p *processor) sourceRoom(n *int, list string, el *xml5.Node) bool {
	*n++
	if p.maxPerEntry < 0 || *n <= p.maxPerEntry {
		return true
	}
	if *n == p.maxPerEntry+1 && p.diags != nil {
		line, _ := p.doc.Position(el.Offset)
		limit := strconv.Itoa(p.maxPerEntry)
		recorded := p.reject(DiagnosticLimit, el, "", "", "the entry's source already lists "+limit+" "+list+
			" (MaxPerEntry): this element and the source's further ones are left out")
		if recorded {
			(*p.diags)[len(*p.diags)-1].Err = limitError("MaxPerEntry", p.maxPerEntry, line, el.Offset)
		}
	}
	return false
}

// processRSSSource reads an RSS source element: its text is the title, its
// url attribute the feed's URL. nil is null.
func (p *processor) processRSSSource(el *xml5.Node) *Source {
	var s Source
	s.Title = p.textOrNull(processStringElement(el))
	if v, ok := el.AttrValue("", "url"); ok && v != "" {
		s.FeedURL = p.parseURL(el, "url", v)
	}
	if s.isZero() {
		return nil
	}
	return &s
}

// processCount reads a count element (slash:comments, thr:total, ttl...):
// the rules for parsing non-negative integers on its text; nil is null.
func (p *processor) processCount(el *xml5.Node) *int {
	n, ok := p.countValue(el)
	if !ok {
		return nil
	}
	return &n
}

// countValue is processCount without the allocation: ok is false when el's
// text is not a non-negative integer.
func (p *processor) countValue(el *xml5.Node) (int, bool) {
	text := el.ChildTextContent()
	n, ok := parseNonNegativeInteger(text)
	if !ok || n > maxInt {
		p.reject(DiagnosticNumber, el, "", text, "not a non-negative integer")
		return 0, false
	}
	return int(n), true
}

// processRSSGUID sets entry's id from an RSS guid element, with its
// isPermaLink attribute (true unless "false").
func processRSSGUID(entry *Entry, el *xml5.Node) {
	id := processStringElement(el)
	if id == "" {
		return
	}
	entry.ID = id
	priv := entry.private()
	priv.permalink = true
	if v, ok := el.AttrValue("", "isPermaLink"); ok && asciiEqualFold(trimSpaceCharacters(v), "false") {
		priv.permalink = false
	}
	entry.IDIsPermalink = &priv.permalink
}

// skipDayNames are the RSS skipDays values, as the RSS 2.0 specification
// spells them.
var skipDayNames = [...]string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}

// skipDayLower are skipDayNames in lower case.
var skipDayLower = [...]string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}

// processSkipHours adds the hour children of an RSS skipHours element (0–23)
// to feed.SkipHours, a set.
func (p *processor) processSkipHours(feed *Feed, el *xml5.Node) {
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if !c.Is("", "hour") {
			continue
		}
		text := c.ChildTextContent()
		n, ok := parseNonNegativeInteger(text)
		if !ok || n > 23 {
			p.reject(DiagnosticValue, c, "", text, "not an hour from 0 to 23")
			continue
		}
		h := int(n)
		dup := false
		for _, x := range feed.SkipHours {
			if x == h {
				dup = true
				break
			}
		}
		if !dup {
			feed.SkipHours = append(feed.SkipHours, h)
		}
	}
}

// processSkipDays adds the day children of an RSS skipDays element to
// feed.SkipDays, a set.
func (p *processor) processSkipDays(feed *Feed, el *xml5.Node) {
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if !c.Is("", "day") {
			continue
		}
		text := c.ChildTextContent()
		v := trimSpaceCharacters(text)
		day := ""
		for i, name := range skipDayLower {
			if asciiEqualFold(v, name) {
				day = skipDayNames[i]
				break
			}
		}
		if day == "" {
			p.reject(DiagnosticValue, c, "", text, "not a day name (Monday to Sunday)")
			continue
		}
		dup := false
		for _, x := range feed.SkipDays {
			if x == day {
				dup = true
				break
			}
		}
		if !dup {
			feed.SkipDays = append(feed.SkipDays, day)
		}
	}
}

// vocabulary returns the word of words (lower case) that el's text is, ASCII
// case-insensitively and ignoring space characters around it, or "" (and a
// Diagnostic) when it is none of them.
func (p *processor) vocabulary(el *xml5.Node, words ...string) string {
	text := el.ChildTextContent()
	v := trimSpaceCharacters(text)
	for _, w := range words {
		if asciiEqualFold(v, w) {
			return w
		}
	}
	p.reject(DiagnosticValue, el, "", text, "not one of the values the element allows")
	return ""
}

// processSyndication reads the syndication module's updatePeriod,
// updateFrequency and updateBase (first wins).
func (p *processor) processSyndication(feed *Feed, el *xml5.Node) {
	switch el.Local {
	case "updatePeriod":
		if feed.UpdatePeriod == "" {
			feed.UpdatePeriod = p.vocabulary(el, "hourly", "daily", "weekly", "monthly", "yearly")
		}
	case "updateFrequency":
		if feed.UpdateFrequency == nil {
			if n := p.processCount(el); n != nil {
				if *n > 0 {
					feed.UpdateFrequency = n
				} else {
					p.reject(DiagnosticNumber, el, "", el.ChildTextContent(), "not a number greater than zero")
				}
			}
		}
	case "updateBase": // rsschannel.go
		p.processUpdateBase(feed, el)
	}
}

// explicitBool reads itunes:explicit: ok is false when the value is none of
// those allowed.
func (p *processor) explicitBool(el *xml5.Node) (v, ok bool) {
	switch p.vocabulary(el, "true", "yes", "explicit", "false", "no", "clean") {
	case "true", "yes", "explicit":
		return true, true
	case "false", "no", "clean":
		return false, true
	}
	return false, false
}

// explicitValue reads itunes:explicit; nil is null.
func (p *processor) explicitValue(el *xml5.Node) *bool {
	v, ok := p.explicitBool(el)
	if !ok {
		return nil
	}
	return &v
}

// iTunesYes reports whether el's text is "yes" (ASCII case-insensitive, space
// characters around ignored), as itunes:block and itunes:complete mean it.
func iTunesYes(el *xml5.Node) bool {
	return asciiEqualFold(trimSpaceCharacters(el.ChildTextContent()), "yes")
}

// iTunesYesValue reads itunes:block and itunes:complete: true for "yes", false
// otherwise.
func iTunesYesValue(el *xml5.Node) *bool {
	v := iTunesYes(el)
	return &v
}

// processITunesChannel reads the podcast-level iTunes elements of the
// additions (the spec's own — image, author, subtitle, summary — are read by
// the channel processor, which also sets FeedITunes.Image).
func (p *processor) processITunesChannel(feed *Feed, el *xml5.Node) {
	switch el.Local {
	case "owner":
		it := feedITunes(feed)
		if it.Owner == nil {
			owner := &Person{}
			for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
				if !isITunes(c.Namespace) {
					continue
				}
				switch c.Local {
				case "name":
					if owner.Name == "" {
						owner.Name = processStringElement(c)
					}
				case "email":
					if owner.Email == "" {
						owner.Email = processStringElement(c)
					}
				}
			}
			if owner.Name != "" || owner.Email != "" {
				it.Owner = owner
			}
		}
	case "explicit":
		if feed.ITunes == nil || feed.ITunes.Explicit == nil {
			if v := p.explicitValue(el); v != nil {
				feedITunes(feed).Explicit = v
			}
		}
	case "type":
		if feed.ITunes == nil || feed.ITunes.Type == "" {
			if v := p.vocabulary(el, "episodic", "serial"); v != "" {
				feedITunes(feed).Type = v
			}
		}
	case "block":
		if it := feedITunes(feed); it.Block == nil {
			it.Block = iTunesYesValue(el)
		}
	case "complete":
		if it := feedITunes(feed); it.Complete == nil {
			it.Complete = iTunesYesValue(el)
		}
	case "new-feed-url":
		if feed.ITunes == nil || feed.ITunes.NewFeedURL == "" {
			if u := p.processURLElement(el); u != "" {
				feedITunes(feed).NewFeedURL = u
			}
		}
	case "category":
		if c, ok := iTunesCategory(el); ok {
			feed.CategoryDetails = append(feed.CategoryDetails, c)
		}
	}
}

// processITunesItem reads the episode-level iTunes elements of the
// additions.
func (p *processor) processITunesItem(entry *Entry, el *xml5.Node) {
	switch el.Local {
	case "title":
		if entry.ITunes == nil || entry.ITunes.Title == "" {
			if s := processStringElement(el); s != "" {
				entryITunes(entry).Title = s
			}
		}
	case "episode":
		if entry.ITunes == nil || entry.ITunes.Episode == nil {
			if n, ok := p.countValue(el); ok {
				it := entryITunes(entry)
				it.episode = n
				it.Episode = &it.episode
			}
		}
	case "season":
		if entry.ITunes == nil || entry.ITunes.Season == nil {
			if n, ok := p.countValue(el); ok {
				it := entryITunes(entry)
				it.season = n
				it.Season = &it.season
			}
		}
	case "episodeType":
		if entry.ITunes == nil || entry.ITunes.EpisodeType == "" {
			if v := p.vocabulary(el, "full", "trailer", "bonus"); v != "" {
				entryITunes(entry).EpisodeType = v
			}
		}
	case "explicit":
		if entry.ITunes == nil || entry.ITunes.Explicit == nil {
			if v, ok := p.explicitBool(el); ok {
				it := entryITunes(entry)
				it.explicit = v
				it.Explicit = &it.explicit
			}
		}
	case "block":
		if it := entryITunes(entry); it.Block == nil {
			it.block = iTunesYes(el)
			it.Block = &it.block
		}
	}
}

// setComments sets entry's comments URL from an RSS comments element (which
// wins over the others) or a wfw:commentRss element; a wfw:commentRss
// element also gives CommentsFeedURL (an addition of issue 24), its URL
// parsed once for both.
func (p *processor) setComments(entry *Entry, el *xml5.Node, primary bool) {
	if primary {
		if !p.commentsPrimary {
			if u := p.processURLElement(el); u != "" {
				entry.CommentsURL = u
				p.commentsPrimary = true
			}
		}
		return
	}
	if entry.CommentsURL == "" || entry.CommentsFeedURL == "" {
		u := p.processURLElement(el)
		if entry.CommentsURL == "" {
			entry.CommentsURL = u
		}
		if entry.CommentsFeedURL == "" {
			entry.CommentsFeedURL = u
		}
	}
}

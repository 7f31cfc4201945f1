package feedspec

import (
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// WriteRSS writes f as an RSS 2.0 document to w, in UTF-8: the channel's
// elements, the iTunes, Podcasting 2.0, Media RSS, Dublin Core, syndication,
// slash and wfw elements of every field that has one, and an item for each
// entry. docs/writing.md has the table of where each field goes and what RSS
// cannot carry, and the rules for the elements RSS requires: the channel's
// description is Description, else Subtitle, else empty; its link is
// PageURL, else empty. No element holds text the model does not.
//
// The document is streamed to w through a small buffer; it is well-formed
// for any Feed (text XML cannot carry is dropped as docs/writing.md says;
// nil elements of lists are skipped). The error is w's, wrapped, or one
// for a nil Feed.
func (f *Feed) WriteRSS(w io.Writer) error {
	if f == nil {
		return errNilFeed
	}
	return newFeedWriter(w).run("RSS", f.writeRSS)
}

// writeRSS writes the RSS document.
func (f *Feed) writeRSS(x *feedWriter) {
	x.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	x.start("rss")
	x.attr("version", "2.0")
	x.declareNamespaces()
	x.startEnd()
	x.raw("\n")
	x.open("channel")
	x.raw("\n")
	x.elementAlways("title", textString(f.Title))
	x.elementAlways("link", f.rssLink()) // required
	desc := f.Description
	if desc == nil {
		desc = f.Subtitle
	}
	x.elementAlways("description", textString(desc)) // required
	x.element("language", languageTag(f.Language))
	x.element("copyright", textString(f.Rights))
	writeRSSPersons(x, "managingEditor", f.Authors)
	if p := f.WebMaster; p != nil && isEmail(p.Email) {
		x.rssPersonElement("webMaster", p) // an email RSS requires
	}
	f.writeRSSDates(x)
	if g := f.Generator; g != nil {
		x.element("generator", g.Name)
	}
	x.element("docs", f.Docs)
	if c := f.Cloud; c != nil {
		// RSS requires every attribute: "" for a null one.
		x.start("cloud")
		x.attrAlways("domain", c.Domain)
		if c.Port != nil {
			x.attrInt("port", int64(*c.Port))
		} else {
			x.attrAlways("port", "")
		}
		x.attrAlways("path", c.Path)
		x.attrAlways("registerProcedure", c.RegisterProcedure)
		x.attrAlways("protocol", c.Protocol)
		x.selfClose()
	}
	if f.TTL != nil {
		x.intElement("ttl", int64(*f.TTL))
	}
	f.writeRSSImage(x)
	x.element("rating", f.Rating)
	if ti := f.TextInput; ti != nil {
		x.open("textInput")
		x.elementAlways("title", textString(ti.Title))
		x.elementAlways("description", textString(ti.Description))
		x.elementAlways("name", ti.Name)
		x.elementAlways("link", ti.Link)
		x.end("textInput")
	}
	if len(f.SkipHours) > 0 {
		x.open("skipHours")
		for _, h := range f.SkipHours {
			x.intElement("hour", int64(h))
		}
		x.end("skipHours")
	}
	if len(f.SkipDays) > 0 {
		x.open("skipDays")
		for _, d := range f.SkipDays {
			x.element("day", d)
		}
		x.end("skipDays")
	}
	for i := range f.CategoryDetails {
		x.rssFeedCategory(&f.CategoryDetails[i])
	}
	for _, p := range f.Contributors {
		if p != nil {
			x.element("dc:contributor", personName(p))
		}
	}
	x.element("sy:updatePeriod", f.UpdatePeriod)
	if f.UpdateFrequency != nil {
		x.intElement("sy:updateFrequency", int64(*f.UpdateFrequency))
	}
	x.dateElement("sy:updateBase", f.UpdateBase, false)
	f.writeFeedLinks(x, "atom:link")
	if s := textString(f.Subtitle); utf8.RuneCountInString(s) <= 255 {
		x.element("itunes:subtitle", s) // at most 255 characters
	}
	if it := f.ITunes; it != nil {
		writeFeedITunes(x, it)
	}
	if pc := f.Podcast; pc != nil {
		writeFeedPodcast(x, pc, f)
	}
	f.writeXMLAdditions(x, true) // write_additions.go
	for _, e := range f.Entries {
		if x.failed() {
			return
		}
		if e != nil {
			e.writeRSSItem(x, f)
		}
	}
	x.end("channel")
	x.raw("\n")
	x.end("rss")
	x.raw("\n")
}

// rssLink is the channel's link, which RSS requires: PageURL, else
// FeedURL, else the document's URL (WithURL), else "".
func (f *Feed) rssLink() string {
	switch {
	case f.PageURL != "":
		return f.PageURL
	case f.FeedURL != "":
		return f.FeedURL
	}
	return f.docURL
}

// declareNamespaces writes the namespace declarations of the namespaces
// the dry run found (see feedWriter).
func (x *feedWriter) declareNamespaces() {
	if x.dry {
		return
	}
	for i := range writeNamespaces {
		if x.used&(1<<i) != 0 {
			x.raw(" xmlns:")
			x.raw(writeNamespaces[i].prefix)
			x.raw("=\"")
			x.raw(writeNamespaces[i].uri)
			x.raw("\"")
		}
	}
}

// writeRSSDates writes the channel's pubDate and lastBuildDate: Published
// and LastBuildDate, the one Updated equals first (the reader takes
// Updated from the first); when the feed has neither, Updated as the
// lastBuildDate.
func (f *Feed) writeRSSDates(x *feedWriter) {
	pub, last := f.Published, f.LastBuildDate
	if !writableDate(pub) && !writableDate(last) {
		x.dateElement("lastBuildDate", f.Updated, true)
		return
	}
	if f.Updated != nil && last != nil && last.Equal(*f.Updated) && (pub == nil || !pub.Equal(*f.Updated)) {
		x.dateElement("lastBuildDate", last, true)
		x.dateElement("pubDate", pub, true)
		return
	}
	x.dateElement("pubDate", pub, true)
	x.dateElement("lastBuildDate", last, true)
}

// writeRSSImage writes the channel's image: the logo's URL, with the
// ChannelImage's title, link, width, height and description. RSS requires
// the title and the link: when ChannelImage has none, they are the
// channel's title and link (as RSS 2.0 says they should be), or empty.
func (f *Feed) writeRSSImage(x *feedWriter) {
	ci := f.ChannelImage
	u := ""
	switch {
	case f.Logo != nil:
		u = f.Logo.URL
	case ci != nil:
		u = ci.URL
	}
	if u == "" && ci == nil {
		return
	}
	x.open("image")
	x.elementAlways("url", u)
	title, link := textString(f.Title), f.rssLink()
	if ci != nil && ci.Title != nil {
		title = textString(ci.Title)
	}
	if ci != nil && ci.Link != "" {
		link = ci.Link
	}
	x.elementAlways("title", title)
	x.elementAlways("link", link)
	if ci != nil {
		// RSS allows at most 144 by 400 pixels.
		if ci.Width != nil && *ci.Width <= 144 {
			x.intElement("width", int64(*ci.Width))
		}
		if ci.Height != nil && *ci.Height <= 400 {
			x.intElement("height", int64(*ci.Height))
		}
		x.element("description", textString(ci.Description))
	}
	x.end("image")
}

// writeRSSPersons writes a list of persons in RSS, which allows one
// person element (elem: managingEditor, author) with an email: the first
// person with a name and an email in it ("email (name)"), the others in
// dc:creator, each by its name (else its email).
func writeRSSPersons(x *feedWriter, elem string, list []*Person) {
	withEmail := false
	var names map[string]bool // a name the reader would not list twice
	for _, p := range list {
		if p == nil {
			continue
		}
		whole := isEmail(p.Email) && hasNonSpaceChar(p.Name) && !withEmail
		name := personName(p)
		if len(list) > 1 {
			if names == nil {
				names = make(map[string]bool, len(list))
			}
			if names[name] && !whole {
				continue
			}
			names[name] = true
		}
		if whole {
			withEmail = true
			x.rssPersonElement(elem, p)
			continue
		}
		x.element("dc:creator", name)
	}
}

// languageTag returns the language tag s as RSS and Atom take it (BCP
// 47): "_" written "-" ("en_US" as "en-US"), "" when it does not start
// with a language code of two or three letters.
func languageTag(s string) string {
	i := 0
	for i < len(s) && isASCIILetter(s[i]) {
		i++
	}
	if i < 2 || i > 3 || i < len(s) && s[i] != '-' && s[i] != '_' {
		return ""
	}
	for j := i; j < len(s); j++ {
		if c := s[j]; !isASCIILetter(c) && !isASCIIDigit(c) && c != '-' && c != '_' {
			return ""
		}
	}
	return strings.ReplaceAll(s, "_", "-")
}

// isEmail reports whether s is an email address as RSS and Atom take one:
// one or more characters of the local part, "@", and a domain of letters,
// digits, "-" and ".", starting with a letter or digit and holding a ".".
func isEmail(s string) bool {
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 {
		return false
	}
	for i := 0; i < at; i++ {
		c := s[i]
		if !isASCIILetter(c) && !isASCIIDigit(c) && strings.IndexByte("_-+.'!#$%&*/=?^`{|}~", c) < 0 {
			return false
		}
	}
	d := s[at+1:]
	if !isASCIILetter(d[0]) && !isASCIIDigit(d[0]) || strings.IndexByte(d, '.') < 0 || d[len(d)-1] == '.' {
		return false
	}
	for i := 0; i < len(d); i++ {
		if c := d[i]; !isASCIILetter(c) && !isASCIIDigit(c) && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

// isHTTPURL reports whether s is an absolute http or https URI.
func isHTTPURL(s string) bool {
	return (strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")) && isFullURI(s)
}

// rssPersonElement writes an RSS person element (managingEditor,
// webMaster, author): "email (name)" when the person has both, else the
// email or the name.
func (x *feedWriter) rssPersonElement(name string, p *Person) {
	if p.Email == "" || p.Name == "" {
		x.element(name, p.Email+p.Name) // one of them is ""
		return
	}
	x.open(name)
	x.text(p.Email)
	x.text(" (")
	x.text(p.Name)
	x.text(")")
	x.end(name)
}

// personName returns p's name, else its email: what a name-only element
// (dc:creator, dc:contributor) can hold of it.
func personName(p *Person) string {
	if p.Name != "" {
		return p.Name
	}
	return p.Email
}

// rssFeedCategory writes a category of the channel: an iTunes category
// (its scheme) as itunes:category with its subcategories, a Media RSS
// category (the Media RSS scheme, or a label) as media:category, any other
// as category with its scheme as domain.
func (x *feedWriter) rssFeedCategory(c *Category) {
	switch {
	case c.Scheme == nsITunes:
		x.iTunesCategory(c)
	case c.Scheme == MediaCategoryScheme || c.Label != "" && isFullURI(c.Scheme):
		x.mediaCategory(c)
	default:
		x.category(true, c)
	}
}

// iTunesCategory writes an itunes:category and its subcategories.
func (x *feedWriter) iTunesCategory(c *Category) {
	x.start("itunes:category")
	x.attrAlways("text", c.Term)
	if len(c.Subcategories) == 0 {
		x.selfClose()
		return
	}
	x.startEnd()
	for i := range c.Subcategories {
		x.iTunesCategory(&c.Subcategories[i])
	}
	x.end("itunes:category")
}

// mediaCategory writes a media:category: its scheme attribute left out
// when it is the default.
func (x *feedWriter) mediaCategory(c *Category) {
	x.start("media:category")
	if c.Scheme != MediaCategoryScheme {
		x.attr("scheme", c.Scheme)
	}
	x.attr("label", c.Label)
	x.startEnd()
	x.text(c.Term)
	x.end("media:category")
}

// writeFeedLinks writes the feed's links (elem is "atom:link" in RSS,
// "link" in Atom): PageURL (Atom only), FeedURL, PreviousFeedURL and
// NextFeedURL as links with rel alternate, self, previous and next, each
// unless Links has it already as the first link of its relation, then
// every link of Links.
func (f *Feed) writeFeedLinks(x *feedWriter, elem string) {
	if elem == "link" {
		x.missingLink(elem, f.Links, "alternate", f.PageURL, "")
	}
	x.missingLink(elem, f.Links, "self", f.FeedURL, feedLinkType(elem, f))
	x.missingLink(elem, f.Links, "previous", f.PreviousFeedURL, "")
	x.missingLink(elem, f.Links, "next", f.NextFeedURL, "")
	for i := range f.Links {
		x.link(elem, &f.Links[i])
	}
}

// feedLinkType is the type of the self link the writer adds: the type of
// the document it writes.
func feedLinkType(elem string, f *Feed) string {
	if elem == "link" {
		return "application/atom+xml"
	}
	return "application/rss+xml"
}

// missingLink writes a link to href with the relation rel, when href is
// not "" and the first link of that relation in links does not have it.
func (x *feedWriter) missingLink(elem string, links []Link, rel, href, typ string) {
	if href == "" {
		return
	}
	for i := range links {
		if linkRel(&links[i]) == rel || rel == "previous" && links[i].Rel == "prev" {
			if links[i].Href == href {
				return
			}
			break
		}
	}
	x.link(elem, &Link{Href: href, Rel: rel, Type: typ})
}

// linkRel returns l's relation without the IANA prefix ("alternate" for
// "", as the reader reads a link without rel).
func linkRel(l *Link) string {
	rel := l.Rel
	if rel == "" {
		return "alternate"
	}
	if len(rel) > len(ianaRelation) && rel[:len(ianaRelation)] == ianaRelation {
		return rel[len(ianaRelation):]
	}
	return rel
}

// link writes an Atom link element (its type only when it is a MIME
// type, as Atom requires).
func (x *feedWriter) link(elem string, l *Link) {
	x.start(elem)
	x.attrAlways("href", l.Href)
	x.attr("rel", l.Rel)
	if isMIMEType(l.Type) {
		x.attr("type", l.Type)
	}
	x.attr("hreflang", l.HrefLang)
	x.attr("title", l.Title)
	if l.Length != nil {
		x.attrInt("length", *l.Length)
	}
	x.selfClose()
}

// writeFeedITunes writes the channel's iTunes elements.
func writeFeedITunes(x *feedWriter, it *FeedITunes) {
	if it.Image != nil {
		x.imageElement("itunes:image", "href", it.Image)
	}
	if o := it.Owner; o != nil && isEmail(o.Email) { // an email iTunes requires
		x.open("itunes:owner")
		x.element("itunes:name", o.Name)
		x.element("itunes:email", o.Email)
		x.end("itunes:owner")
	}
	if it.Explicit != nil {
		x.element("itunes:explicit", boolWord(*it.Explicit, "true", "false"))
	}
	x.element("itunes:type", it.Type)
	if it.Block != nil {
		x.element("itunes:block", boolWord(*it.Block, "Yes", "No"))
	}
	// Complete is not written: the W3C feed validator does not know
	// itunes:complete and rejects it.
	x.element("itunes:new-feed-url", it.NewFeedURL)
}

// boolWord returns yes or no.
func boolWord(v bool, yes, no string) string {
	if v {
		return yes
	}
	return no
}

// imageElement writes an image element whose URL is the attribute attr,
// with the image's width and height.
func (x *feedWriter) imageElement(name, attr string, img *Image) {
	x.start(name)
	x.attrAlways(attr, img.URL)
	if img.Width != nil && *img.Width > 0 { // positive, as Media RSS requires
		x.attrInt("width", int64(*img.Width))
	}
	if img.Height != nil && *img.Height > 0 {
		x.attrInt("height", int64(*img.Height))
	}
	x.selfClose()
}

// writeFeedPodcast writes the channel's Podcasting 2.0 elements.
func writeFeedPodcast(x *feedWriter, pc *FeedPodcast, f *Feed) {
	x.element("podcast:guid", pc.GUID)
	if pc.Locked != nil {
		x.start("podcast:locked")
		x.attr("owner", pc.LockedOwner)
		x.startEnd()
		x.text(boolWord(*pc.Locked, "yes", "no"))
		x.end("podcast:locked")
	}
	for i := range pc.Funding {
		fu := &pc.Funding[i]
		x.start("podcast:funding")
		x.attrAlways("url", fu.URL)
		x.startEnd()
		x.text(fu.Text)
		x.end("podcast:funding")
	}
	for i := range pc.Persons {
		x.podcastPerson(&pc.Persons[i])
	}
	for i := range pc.Values {
		x.podcastValue(&pc.Values[i])
	}
	writeFeedPodcastTags(x, pc, f) // write_podcast.go
}

// podcastPerson writes a podcast:person.
func (x *feedWriter) podcastPerson(p *PodcastPerson) {
	x.start("podcast:person")
	x.attr("role", p.Role)
	x.attr("group", p.Group)
	x.attr("img", p.Img)
	x.attr("href", p.Href)
	x.startEnd()
	x.text(p.Name)
	x.end("podcast:person")
}

// podcastValue writes a podcast:value, its recipients and its time
// splits (write_podcast.go).
func (x *feedWriter) podcastValue(v *PodcastValue) {
	x.start("podcast:value")
	x.attr("type", v.Type)
	x.attr("method", v.Method)
	x.attr("suggested", v.Suggested)
	if len(v.Recipients) == 0 && len(v.TimeSplits) == 0 {
		x.selfClose()
		return
	}
	x.startEnd()
	x.valueRecipients(v.Recipients)
	for i := range v.TimeSplits {
		x.podcastTimeSplit(&v.TimeSplits[i])
	}
	x.end("podcast:value")
}

// valueRecipients writes podcast:valueRecipient elements.
func (x *feedWriter) valueRecipients(list []PodcastValueRecipient) {
	for i := range list {
		r := &list[i]
		x.start("podcast:valueRecipient")
		x.attr("name", r.Name)
		x.attr("type", r.Type)
		x.attr("address", r.Address)
		if r.Split != nil {
			x.attrFloat("split", *r.Split)
		}
		x.attr("customKey", r.CustomKey)
		x.attr("customValue", r.CustomValue)
		if r.Fee {
			x.attr("fee", "true")
		}
		x.selfClose()
	}
}

// writeRSSItem writes an entry as an RSS item.
func (e *Entry) writeRSSItem(x *feedWriter, f *Feed) {
	x.open("item")
	e.writeRSSItemChildren(x, f)
	x.end("item")
	x.raw("\n")
}

// writeRSSItemChildren writes the elements of an item (or of a
// podcast:liveItem).
func (e *Entry) writeRSSItemChildren(x *feedWriter, f *Feed) {
	if xmlCarried(textString(e.Title)) != "" || e.Summary == nil {
		x.elementAlways("title", textString(e.Title)) // an item needs a title or a description
	}
	x.element("link", e.PageURL)
	if e.Summary != nil {
		x.htmlElement("description", e.Summary)
	}
	writeRSSPersons(x, "author", e.Authors)
	writeEntryCategories(x, e, true)
	x.element("comments", e.CommentsURL)
	x.rssEnclosuresAndMedia(e) // write_media.go
	if e.ID != "" {
		x.start("guid")
		if e.IDIsPermalink == nil || !*e.IDIsPermalink || !isHTTPURL(e.ID) {
			x.attr("isPermaLink", "false")
		}
		x.startEnd()
		x.text(e.ID)
		x.end("guid")
	}
	x.dateElement("pubDate", e.Published, true)
	if s := e.Source; s != nil && s.FeedURL != "" {
		x.start("source")
		x.attr("url", s.FeedURL)
		x.startEnd()
		x.text(textString(s.Title))
		x.end("source")
	}
	x.dateElement("atom:updated", e.Updated, false)
	for i := range e.Links {
		x.link("atom:link", &e.Links[i])
	}
	x.element("dc:language", languageTag(e.Language))
	x.element("dc:rights", textString(e.Rights))
	for _, p := range e.Contributors {
		if p != nil {
			x.element("dc:contributor", personName(p))
		}
	}
	x.element("wfw:commentRss", e.CommentsFeedURL)
	if e.CommentCount != nil {
		x.intElement("slash:comments", int64(*e.CommentCount))
	}
	itunesImage := x.rssThumbnail(e) // write_media.go
	if s := textString(e.Subtitle); utf8.RuneCountInString(s) <= 255 {
		x.element("itunes:subtitle", s) // at most 255 characters
	}
	if e.Duration != nil && *e.Duration >= 0 {
		x.intElement("itunes:duration", int64(*e.Duration/time.Second))
	}
	if it := e.ITunes; it != nil {
		writeEntryITunes(x, it)
		if e.Thumbnail != nil && !itunesImage {
			x.imageElement("itunes:image", "href", e.Thumbnail)
		}
	}
	if pc := e.Podcast; pc != nil {
		writeEntryPodcast(x, pc)
	}
	if e.Content != nil {
		x.htmlElement("content:encoded", e.Content)
	}
	e.writeRSSAdditions(x) // write_additions.go
}

// writeEntryITunes writes an item's iTunes elements.
func writeEntryITunes(x *feedWriter, it *EntryITunes) {
	x.element("itunes:title", it.Title)
	if it.Episode != nil {
		x.intElement("itunes:episode", int64(*it.Episode))
	}
	if it.Season != nil {
		x.intElement("itunes:season", int64(*it.Season))
	}
	x.element("itunes:episodeType", it.EpisodeType)
	if it.Explicit != nil {
		x.element("itunes:explicit", boolWord(*it.Explicit, "true", "false"))
	}
	if it.Block != nil {
		x.element("itunes:block", boolWord(*it.Block, "Yes", "No"))
	}
}

// writeEntryPodcast writes an item's Podcasting 2.0 elements.
func writeEntryPodcast(x *feedWriter, pc *EntryPodcast) {
	for i := range pc.Transcripts {
		t := &pc.Transcripts[i]
		x.start("podcast:transcript")
		x.attrAlways("url", t.URL)
		x.attr("type", t.Type)
		x.attr("language", t.Language)
		x.attr("rel", t.Rel)
		x.selfClose()
	}
	if c := pc.Chapters; c != nil {
		x.start("podcast:chapters")
		x.attrAlways("url", c.URL)
		x.attr("type", c.Type)
		x.selfClose()
	}
	for i := range pc.Persons {
		x.podcastPerson(&pc.Persons[i])
	}
	if s := pc.Season; s != nil && s.Number >= 0 {
		x.start("podcast:season")
		x.attr("name", s.Name)
		x.startEnd()
		x.text(strconv.Itoa(s.Number))
		x.end("podcast:season")
	}
	if ep := pc.Episode; ep != nil && ep.Number >= 0 {
		x.start("podcast:episode")
		x.attr("display", ep.Display)
		x.startEnd()
		x.text(strconv.FormatFloat(ep.Number, 'f', -1, 64))
		x.end("podcast:episode")
	}
	for i := range pc.Soundbites {
		sb := &pc.Soundbites[i]
		if sb.StartTime < 0 || sb.Duration < 0 {
			continue
		}
		x.start("podcast:soundbite")
		x.attrAlways("startTime", formatSeconds(sb.StartTime))
		x.attrAlways("duration", formatSeconds(sb.Duration))
		x.startEnd()
		x.text(sb.Title)
		x.end("podcast:soundbite")
	}
	for i := range pc.AlternateEnclosures {
		x.podcastAlternateEnclosure(&pc.AlternateEnclosures[i])
	}
	for i := range pc.Values {
		x.podcastValue(&pc.Values[i])
	}
	writeEntryPodcastTags(x, pc) // write_podcast.go
}

// formatSeconds writes d, not negative, in seconds with its fraction, in
// full (a decimal number the reader rounds back to d).
func formatSeconds(d time.Duration) string {
	b := strconv.AppendInt(make([]byte, 0, 24), int64(d/time.Second), 10)
	if ns := int64(d % time.Second); ns != 0 {
		var frac [10]byte
		frac[0] = '.'
		for i := 9; i >= 1; i-- {
			frac[i] = byte('0' + ns%10)
			ns /= 10
		}
		end := 10
		for frac[end-1] == '0' {
			end--
		}
		b = append(b, frac[:end]...)
	}
	return string(b)
}

// podcastAlternateEnclosure writes a podcast:alternateEnclosure.
func (x *feedWriter) podcastAlternateEnclosure(a *PodcastAlternateEnclosure) {
	x.start("podcast:alternateEnclosure")
	x.attr("type", a.Type)
	if a.Length != nil {
		x.attrInt("length", *a.Length)
	}
	if a.Bitrate != nil && *a.Bitrate >= 0 {
		x.attrFloat("bitrate", *a.Bitrate)
	}
	if a.Height != nil {
		x.attrInt("height", int64(*a.Height))
	}
	x.attr("lang", a.Lang)
	x.attr("codecs", a.Codecs)
	x.attr("rel", a.Rel)
	x.attr("title", a.Title)
	if a.Default {
		x.attr("default", "true")
	}
	x.startEnd()
	for i := range a.Sources {
		s := &a.Sources[i]
		x.start("podcast:source")
		x.attrAlways("uri", s.URI)
		x.attr("contentType", s.ContentType)
		x.selfClose()
	}
	if in := a.Integrity; in != nil {
		x.start("podcast:integrity")
		x.attr("type", in.Type)
		x.attr("value", in.Value)
		x.selfClose()
	}
	x.end("podcast:alternateEnclosure")
}

// hasMediaAttributes reports whether enc has a value only a Media RSS
// content element carries.
func hasMediaAttributes(enc *Enclosure) bool {
	return enc.Medium != "" || enc.Width != nil && *enc.Width > 0 || enc.Height != nil && *enc.Height > 0 ||
		enc.Duration != nil || enc.FileSize != nil || enc.Bitrate != nil
}

// rssEnclosure writes an enclosure: as an RSS enclosure element, which
// RSS requires a length and a type on (length "0" when unknown, which the
// reader reads as none), or as media:content when it has Media RSS
// values or no type (a media:content's type is optional).
func (x *feedWriter) rssEnclosure(enc *Enclosure) {
	if hasMediaAttributes(enc) || enc.MIMEType == nil || !isMIMEType(*enc.MIMEType) {
		x.mediaContent(enc)
		return
	}
	x.start("enclosure")
	x.attrAlways("url", enc.URL)
	if enc.Length != nil && *enc.Length > 0 {
		x.attrInt("length", *enc.Length)
	} else {
		x.attrAlways("length", "0")
	}
	x.attrAlways("type", *enc.MIMEType)
	x.selfClose()
}

// mediaContent writes an enclosure as a media:content element.
func (x *feedWriter) mediaContent(enc *Enclosure) {
	x.start("media:content")
	x.attrAlways("url", enc.URL)
	if enc.MIMEType != nil && (*enc.MIMEType == "" || isMIMEType(*enc.MIMEType)) {
		x.attrAlways("type", *enc.MIMEType)
	}
	x.attr("medium", enc.Medium)
	if enc.Width != nil && *enc.Width > 0 { // positive, as Media RSS requires
		x.attrInt("width", int64(*enc.Width))
	}
	if enc.Height != nil && *enc.Height > 0 {
		x.attrInt("height", int64(*enc.Height))
	}
	if enc.Duration != nil && *enc.Duration >= 0 {
		x.attrInt("duration", int64(*enc.Duration/time.Second))
	}
	if enc.FileSize != nil {
		x.attrInt("fileSize", *enc.FileSize)
	}
	if enc.Bitrate != nil && *enc.Bitrate >= 0 {
		x.attrFloat("bitrate", *enc.Bitrate)
	}
	x.selfClose()
}

// writeEntryCategories writes an entry's categories, from CategoryDetails
// (then the terms of Categories no detail has): a detail whose term is one
// of Categories as a category element (RSS's or Atom's, with its scheme),
// one that is not as what the reader keeps out of Categories: in RSS a
// dc:subject (no scheme) or a media:category, in Atom a media:category
// when it has a scheme, else an Atom category.
func writeEntryCategories(x *feedWriter, e *Entry, rss bool) {
	set := newTermSet(e.Categories)
	written := 0
	for i := range e.CategoryDetails {
		c := &e.CategoryDetails[i]
		if c.Term == "" {
			continue
		}
		if set.has(c.Term) {
			written++
			x.category(rss, c)
			continue
		}
		switch {
		case isFullURI(c.Scheme):
			x.mediaCategory(c)
		case rss:
			x.element("dc:subject", c.Term)
		default:
			x.category(rss, c)
		}
	}
	if len(e.Categories) == 0 {
		return
	}
	// The terms of Categories no detail gave (a program's feed may set
	// Categories alone).
	details := newCategoryTermSet(e.CategoryDetails)
	for _, t := range e.Categories {
		if t != "" && !details.has(t) {
			x.category(rss, &Category{Term: t})
		}
	}
}

// category writes a category element: RSS's (the scheme as domain, the
// term as text) or Atom's (term, scheme and label attributes).
func (x *feedWriter) category(rss bool, c *Category) {
	x.start("category")
	if rss {
		x.attr("domain", c.Scheme)
		x.startEnd()
		x.text(c.Term)
		x.end("category")
		return
	}
	x.attrAlways("term", c.Term)
	if isFullURI(c.Scheme) {
		x.attr("scheme", c.Scheme) // an IRI, as Atom requires
	}
	x.attr("label", c.Label)
	x.selfClose()
}

// A termSet answers whether a term is in a list, searching a short list
// and indexing a long one, so that a writer's time stays linear.
type termSet struct {
	list []string
	m    map[string]struct{}
}

func newTermSet(list []string) termSet {
	s := termSet{list: list}
	if len(list) >= categoryMapThreshold {
		s.m = make(map[string]struct{}, len(list))
		for _, t := range list {
			s.m[t] = struct{}{}
		}
	}
	return s
}

// newCategoryTermSet returns the set of the terms of list.
func newCategoryTermSet(list []Category) termSet {
	terms := make([]string, 0, len(list))
	for i := range list {
		terms = append(terms, list[i].Term)
	}
	return newTermSet(terms)
}

func (s termSet) has(t string) bool {
	if s.m != nil {
		_, ok := s.m[t]
		return ok
	}
	for _, x := range s.list {
		if x == t {
			return true
		}
	}
	return false
}

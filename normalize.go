package feedspec

import (
	"cmp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/feedspec/feedspec/xml5"

	"golang.org/x/net/html"
	"golang.org/x/text/cases"

	"github.com/feedspec/feedspec/internal/weburl"
)

// A NormalizedEntry is an entry as a reader shows and stores it: one value
// per row of the practitioner's metadata checklist (title, URL, author,
// date, body, categories, media, GUID), each taken from the first source
// that gives one, in the order its field's documentation lists. Every value
// comes from the entry or its feed; none is invented, and an entry with
// nothing gives empty fields. Every URL in it is an absolute http or https
// URL (serialized by the WHATWG URL parser), so none needs checking before
// it becomes a link.
//
// It marshals with encoding/json to an object with snake_case keys; empty
// fields are left out. Make one with Entry.Normalized or
// Entry.NormalizedWith.
//
// Each field's comment starts with its type. Date is the one pointer: it
// is nil for an entry without a usable date, so test it against nil
// before reading it (n.Date.IsZero() on a nil Date panics).
//
//jsongen:skip
type NormalizedEntry struct {
	// Title (string) is DisplayText of the entry's Title, its line breaks
	// made spaces. When that is empty, it is the first line of the display
	// text of the Summary, else of the Content: up to the first line break
	// or the end of the first sentence (".", "!", "?" or "…" followed by
	// white space; "。", "！" or "？"), and, when longer than 100 characters,
	// cut at a word boundary with "…" appended, as Snippet(line, 100) does;
	// TitleDerived (bool) is then true.
	Title        string `json:"title,omitempty"`
	TitleDerived bool   `json:"title_derived,omitempty"`
	// URL (string) is the entry's page URL (PageURL); else its ID when that
	// is a URL and not an RSS guid with isPermaLink="false" (a permalink
	// guid, an Atom id, an RSS 1.0 rdf:about, a JSON Feed id); the first of
	// them that is an absolute http or https URL. CanonicalURL (string) is
	// CanonicalURL of URL ("" when URL is "").
	URL          string `json:"url,omitempty"`
	CanonicalURL string `json:"canonical_url,omitempty"`
	// Authors ([]string) are the names of the entry's computed authors (its
	// own, else its Atom source's, else its feed's: ComputedAuthors), white
	// space collapsed, each once, in order. Email addresses are discarded:
	// a name that is an email address (an RSS author written as an address
	// alone, "mailto:" and angle brackets included) gives no name, and an
	// address in angle brackets or parentheses after a name ("Ann
	// <ann@example.com>") is removed.
	Authors []string `json:"authors,omitempty"`
	// Date (*time.Time, a pointer) is the entry's date in the checklist's
	// order, in UTC: its first dc:date that gives a date (within the years
	// 1–9999), in every mode
	// (read by the parse's rules: the W3C-DTF algorithm, and ParseDate with
	// WithLenientDates or WithRecovery; no diagnostic, and the model's
	// fields as the specification and the options left them), else its
	// Published date (Atom published, RSS pubDate), else its Updated date
	// (which recovery mode also fills from the DCMI terms). Else, with
	// NormalizeOptions.DateParser, the first date that parser reads among
	// the texts of the entry's date elements. It is nil when the entry has
	// none of them (or no date the parse could read: see PublishedInfo and
	// the diagnostics) and when that date is outside the years 1–9999
	// (W3C-DTF allows longer years, which JSON's RFC 3339 cannot write):
	// check n.Date != nil before using it. DateUncertain (bool) is true
	// when its zone was assumed or only the lenient date rules read it
	// (the date's PublishedInfo or UpdatedInfo is set), and for a date
	// DateParser read. A dc:date is known only to an entry the parser
	// made (not one read back with json.Unmarshal).
	Date          *time.Time `json:"date,omitempty"`
	DateUncertain bool       `json:"date_uncertain,omitempty"`
	// HTML (string) is SafeHTML of the best body, the Content, else the
	// Summary, with relative URLs resolved against the document's URL (with
	// WithXMLBase, the xml:base in scope at the entry's element) and kept
	// relative when there is none. Text (string) is PlainText of the same
	// body and WordCount (int) is WordCount of Text.
	HTML      string `json:"html,omitempty"`
	Text      string `json:"text,omitempty"`
	WordCount int    `json:"word_count,omitempty"`
	// Categories ([]string) are the entry's Categories, then the terms of
	// its CategoryDetails: each with white space trimmed and collapsed and
	// control characters dropped, mapped through the synonyms of
	// NormalizeOptions (one lookup), and kept once, without regard to case
	// (Unicode case folding); the first spelling is kept.
	Categories []string `json:"categories,omitempty"`
	// Media ([]Media) are the entry's Enclosures (RSS enclosures, Atom
	// enclosure links, media:content, JSON Feed attachments, in document
	// order); else its Thumbnail (media:thumbnail, itunes:image, an image
	// enclosure the specification made the thumbnail); else the first img
	// of HTML whose src is an http or https URL and whose width and height
	// attributes are not 0 or 1 (a tracking pixel), with those attributes.
	// Files whose URL is not an absolute http or https URL are left out.
	Media []Media `json:"media,omitempty"`
	// GUID (string) is the entry's ID without the space characters around
	// it; else URL. It is the de-duplication key the checklist asks for,
	// used as is; EntryKey gives a key for every entry, DedupKeys every
	// key under which it may have been seen before.
	GUID string `json:"guid,omitempty"`
}

// A Media is a media file of a NormalizedEntry. It marshals with
// encoding/json, as NormalizedEntry does.
//
//jsongen:skip
type Media struct {
	// URL is the file's absolute http or https URL.
	URL string `json:"url"`
	// MIMEType is the enclosure's type attribute as written; "" when it
	// has none (thumbnails and body images).
	MIMEType string `json:"mime_type,omitempty"`
	// Width and Height are in pixels, 0 when not given.
	Width  int `json:"width,omitempty"`
	Height int `json:"height,omitempty"`
	// Medium is the Media RSS medium attribute as written; else, for an
	// enclosure, the top-level type of MIMEType when it is "image",
	// "audio" or "video"; "image" for a thumbnail or a body image.
	Medium string `json:"medium,omitempty"`
	// Length is the enclosure's length in bytes, 0 when not given.
	Length int64 `json:"length,omitempty"`
	// Source says where the file was found: "enclosure", "thumbnail" or
	// "body" (an img of the body).
	Source string `json:"source"`
}

// NormalizeOptions are the settings of Entry.NormalizedWith.
type NormalizeOptions struct {
	// Synonyms maps category terms to the canonical term to show instead
	// ("golang" to "Go"). A term (trimmed, white space collapsed) is
	// looked up as it is, then in lower case: write keys in lower case to
	// match every spelling. The value is used as given, and once: it is
	// not looked up again, so chains and cycles have no effect beyond one
	// step. A value that is empty after trimming drops the term. Keys
	// that no term can equal (empty ones, for instance) never match.
	Synonyms map[string]string
	// DateParser reads the dates the library does not. When the entry
	// gives no date (see NormalizedEntry.Date: no date element any rule of
	// the parse read, with the parse's options), it is called with the
	// text of each of the entry's date elements (white space trimmed), in
	// the checklist's order (dc:date; Atom published, Atom 0.3 issued and
	// created, RSS pubDate, dcterms:issued and dcterms:created; Atom
	// updated, Atom 0.3 modified, dcterms:modified; a JSON Feed item's
	// date_published, date_modified), at most 8 of them, until it returns
	// true with an instant within the years 1–9999 (UTC). It is tried after
	// the built-in forms, never before them: it cannot change a date the
	// library reads. A call that panics is recovered from, its text is
	// left unread and the panic is reported to Diagnostics. The entry must
	// be one the parser made (not read back with json.Unmarshal). ParseDateWith
	// takes the same function.
	DateParser func(string) (time.Time, bool)
	// Diagnostics, when not nil, receives a DiagnosticDate for each call
	// of DateParser that panicked (Element and Offset, or Path for a JSON
	// Feed, say which date element; Line and Column while the feed keeps
	// its document).
	Diagnostics *[]Diagnostic
}

// Normalized returns the entry as a reader shows it (see NormalizedEntry),
// with no options. It never returns nil, even for a nil Entry.
func (e *Entry) Normalized() *NormalizedEntry {
	return e.NormalizedWith(NormalizeOptions{})
}

// NormalizedWith is Normalized with options. Its cost is linear in the size
// of the entry (its texts, lists and the synonym map's lookups).
func (e *Entry) NormalizedWith(opts NormalizeOptions) *NormalizedEntry {
	n := &NormalizedEntry{}
	if e == nil {
		return n
	}
	// Title.
	if n.Title = strings.ReplaceAll(DisplayText(e.Title), "\n", " "); n.Title == "" {
		s := DisplayText(e.Summary)
		if s == "" {
			s = DisplayText(e.Content)
		}
		if n.Title = firstLine(s, maxDerivedTitle); n.Title != "" {
			n.TitleDerived = true
		}
	}
	// URL.
	n.URL = httpURL(e.PageURL)
	if n.URL == "" && (e.IDIsPermalink == nil || *e.IDIsPermalink) {
		n.URL = httpURL(trimSpaceCharacters(e.ID))
	}
	if n.URL != "" {
		n.CanonicalURL, _ = CanonicalURL(n.URL)
	}
	n.Authors = normalizedAuthors(e.ComputedAuthors())
	// Date, in the checklist's order (normalize_dates.go).
	if date, info := e.checklistDate(); date != nil {
		if d := date.UTC(); d.Year() >= 1 && d.Year() <= 9999 {
			n.Date, n.DateUncertain = &d, info != nil
		}
	}
	if n.Date == nil {
		if d := e.parsedDate(opts); d != nil {
			n.Date, n.DateUncertain = d, true
		}
	}
	// Body.
	body := e.Content
	if body == nil {
		body = e.Summary
	}
	n.HTML = SafeHTML(body, e.bodyBase())
	n.Text = PlainText(body)
	n.WordCount = WordCount(n.Text)
	n.Categories = normalizedCategories(e, opts.Synonyms)
	n.Media = normalizedMedia(e, n.HTML)
	if n.GUID = trimSpaceCharacters(e.ID); n.GUID == "" {
		n.GUID = n.URL
	}
	return n
}

// maxDerivedTitle is the length, in characters, near which a title taken
// from the body is cut.
const maxDerivedTitle = 100

// firstLine returns the first line of s (up to the first line break or the
// end of the first sentence), through Snippet(line, n).
func firstLine(s string, n int) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	count := 0
	for i, r := range s {
		if count > n {
			break // Snippet cuts before a later sentence end
		}
		count++
		end := i + utf8.RuneLen(r)
		switch r {
		case '.', '!', '?', '…':
			if end == len(s) || s[end] == ' ' {
				return Snippet(s[:end], n)
			}
		case '。', '！', '？':
			return Snippet(s[:end], n)
		}
	}
	return Snippet(s, n)
}

// httpURL returns s serialized when it is an absolute http or https URL,
// else "".
func httpURL(s string) string {
	if s == "" {
		return ""
	}
	if u, ok := simpleHTTPURL(s); ok {
		return u
	}
	u, err := weburl.Parse(s, nil)
	if err != nil {
		return ""
	}
	if p := u.Scheme(); p != "http" && p != "https" {
		return ""
	}
	return u.Href()
}

// normalizedAuthors returns the names of people (see
// NormalizedEntry.Authors).
func normalizedAuthors(people []*Person) []string {
	var names []string
	seen := make(map[string]bool, len(people))
	for _, p := range people {
		if p == nil {
			continue
		}
		name := authorName(p.Name)
		if name == "" || seen[name] {
			continue
		}
		seen[name] = true
		names = append(names, name)
	}
	return names
}

// authorName returns name with white space collapsed and email addresses
// removed: "" when name is an address, and a trailing address in angle
// brackets or parentheses cut off.
func authorName(name string) string {
	name = cleanTerm(name)
	if isEmailAddress(name) {
		return ""
	}
	for _, brackets := range [...]string{"<>", "()"} {
		if !strings.HasSuffix(name, brackets[1:]) {
			continue
		}
		i := strings.LastIndexByte(name, brackets[0])
		if i > 0 && isEmailAddress(name[i+1:len(name)-1]) {
			return strings.TrimRight(name[:i], " ,")
		}
	}
	return name
}

// isEmailAddress reports whether s is an email address alone, possibly
// written "mailto:…" or "<…>": one word with an "@" that has characters on
// both sides, and a dot after it.
func isEmailAddress(s string) bool {
	if len(s) >= 2 && s[0] == '<' && s[len(s)-1] == '>' {
		s = s[1 : len(s)-1]
	}
	if len(s) >= 7 && strings.EqualFold(s[:7], "mailto:") {
		s = s[7:]
	}
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 || strings.ContainsFunc(s, unicode.IsSpace) {
		return false
	}
	return strings.IndexByte(s[at+1:], '.') > 0
}

// cleanTerm returns s with C0 control characters dropped and white space
// trimmed and collapsed.
func cleanTerm(s string) string {
	return plainCollapseSpace(dropControls(s))
}

// normalizedCategories returns e's categories (see
// NormalizedEntry.Categories).
func normalizedCategories(e *Entry, synonyms map[string]string) []string {
	total := len(e.Categories) + len(e.CategoryDetails)
	if total == 0 {
		return nil
	}
	fold := cases.Fold()
	seen := make(map[string]bool, total)
	var out []string
	add := func(term string) {
		term = cleanTerm(term)
		if term == "" {
			return
		}
		if synonyms != nil {
			v, ok := synonyms[term]
			if !ok {
				v, ok = synonyms[strings.ToLower(term)]
			}
			if ok {
				if term = strings.TrimSpace(v); term == "" {
					return
				}
			}
		}
		key := fold.String(term)
		if seen[key] {
			return
		}
		seen[key] = true
		out = append(out, term)
	}
	for _, c := range e.Categories {
		add(c)
	}
	for _, c := range e.CategoryDetails {
		add(c.Term)
	}
	return out
}

// normalizedMedia returns e's media files (see NormalizedEntry.Media); body
// is the entry's SafeHTML.
func normalizedMedia(e *Entry, body string) []Media {
	var media []Media
	for _, enc := range e.Enclosures {
		if enc == nil {
			continue
		}
		u := httpURL(enc.URL)
		if u == "" {
			continue
		}
		m := Media{URL: u, Medium: enc.Medium, Source: "enclosure"}
		if enc.MIMEType != nil {
			m.MIMEType = *enc.MIMEType
		}
		if m.Medium == "" {
			top, _, _ := strings.Cut(strings.ToLower(trimSpaceCharacters(m.MIMEType)), "/")
			if top == "image" || top == "audio" || top == "video" {
				m.Medium = top
			}
		}
		if enc.Width != nil {
			m.Width = *enc.Width
		}
		if enc.Height != nil {
			m.Height = *enc.Height
		}
		if enc.Length != nil {
			m.Length = *enc.Length
		}
		media = append(media, m)
	}
	if len(media) > 0 {
		return media
	}
	if t := e.Thumbnail; t != nil {
		if u := httpURL(t.URL); u != "" {
			m := Media{URL: u, Medium: "image", Source: "thumbnail"}
			if t.Width != nil {
				m.Width = *t.Width
			}
			if t.Height != nil {
				m.Height = *t.Height
			}
			return []Media{m}
		}
	}
	if m, ok := firstBodyImage(body); ok {
		return []Media{m}
	}
	return nil
}

// firstBodyImage returns the first img of the HTML body (SafeHTML's output,
// so its URLs are already checked and resolved) whose src is an http or
// https URL and that is not a tracking pixel.
func firstBodyImage(body string) (Media, bool) {
	if !strings.Contains(body, "<img") {
		return Media{}, false
	}
	z := html.NewTokenizer(strings.NewReader(body))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return Media{}, false
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if string(name) != "img" || !hasAttr {
				continue
			}
			m := Media{Medium: "image", Source: "body"}
			pixel := false
			for more := true; more; {
				var k, v []byte
				k, v, more = z.TagAttr()
				switch string(k) {
				case "src":
					m.URL = httpURL(string(v))
				case "width", "height":
					n, ok := parseNonNegativeInteger(string(v))
					if ok && n <= 1 {
						pixel = true
					}
					if ok && n <= maxInt {
						if k[0] == 'w' {
							m.Width = int(n)
						} else {
							m.Height = int(n)
						}
					}
				}
			}
			if m.URL != "" && !pixel {
				return m, true
			}
		}
	}
}

// bodyBase returns the URL against which the entry's body resolves
// relative URLs: with WithXMLBase the xml:base in scope at the element
// the body (Content, else Summary) was read from, which takes the one
// written on the content or summary element itself, else at the entry's
// element; else the document's URL; "" when there is none.
func (e *Entry) bodyBase() string {
	f := e.Feed
	if f == nil {
		return ""
	}
	if !f.xmlBase {
		return f.docURL
	}
	if f.doc == nil { // the document let go (detach.go)
		if base, ok := f.bodyBaseOf(e); ok {
			return base
		}
		return f.docURL
	}
	if el := e.bodyElement(); el != nil {
		return f.ResolveURLAt(el, "")
	}
	return f.docURL
}

// bodyElement returns the element the entry's body was read from, as
// recorded WithXMLBase (finishBody), else the entry's element; nil when
// there is none.
func (e *Entry) bodyElement() *xml5.Node {
	if el, ok := e.Feed.bodyEls[e]; ok {
		return el
	}
	return e.element()
}

// keepBodyBases records in f.bodyBases, for a feed whose document is let
// go (WithoutDocument) and read WithXMLBase (or in recovery mode), the base
// of each entry's body (bodyBase) that is not the document's URL: only an
// entry under an xml:base has one, found through the parse's cache of
// bases (baseFor), or directly for an xml:base that the fast paths resolve
// against the document's URL (fastBodyBase). f.bodyBases is sorted by
// entry, a slice of exactly its length: a map of an entry each cost about
// 80 bytes an entry, which a feed of an xml:base per entry made 1.1 bytes
// a byte of its document (TestPeakPerByte).
func (p *processor) keepBodyBases(f *Feed) {
	if !p.xmlBase {
		return
	}
	diags := p.diags
	p.diags = nil // an xml:base that fails was reported, or will be by no value
	defer func() { p.diags = diags }()
	// The entries under one xml:base share its string: last is the base
	// baseFor gave, or lastV the value fastBodyBase read (lastFast).
	var last *baseURL
	var lastV, lastBase string
	lastFast := false
	var bases []entryBase
	f.eachEntry(func(e *Entry) {
		el := e.bodyElement()
		if el == nil {
			return
		}
		base, v, fresh, ok := p.fastBodyBase(el)
		switch {
		case ok && lastFast && v == lastV:
			base = lastBase
		case ok:
			if !fresh {
				base = strings.Clone(base)
			}
			last, lastV, lastBase, lastFast = nil, v, base, true
		default:
			u := p.baseFor(el)
			if u == nil { // the document's URL
				return
			}
			if u != last || lastFast {
				// What ResolveURLAt(el, "") gives: "" parsed against u (u
				// without its fragment; nothing when u has an opaque path,
				// "a:0"), once for the entries under one xml:base.
				last, lastBase, lastFast = u, strings.Clone(p.parseURL(el, "", "")), false
			}
			base = lastBase
		}
		if base != f.docURL {
			if bases == nil {
				// Room for every entry: one slice, never grown.
				n := len(f.Entries)
				if f.Podcast != nil {
					n += len(f.Podcast.LiveItems)
				}
				bases = make([]entryBase, 0, n)
			}
			bases = append(bases, entryBase{e, base})
		}
	})
	if bases == nil {
		return
	}
	slices.SortFunc(bases, func(a, b entryBase) int {
		return cmp.Compare(uintptr(unsafe.Pointer(a.e)), uintptr(unsafe.Pointer(b.e)))
	})
	f.bodyBases = slices.Clip(bases)
	if cap(bases) > len(bases)+len(bases)/8 {
		f.bodyBases = append([]entryBase(nil), bases...)
	}
}

// An entryBase is an entry and the base of its body (keepBodyBases).
type entryBase struct {
	e    *Entry
	base string
}

// bodyBaseOf returns the base keepBodyBases recorded for e, if any.
func (f *Feed) bodyBaseOf(e *Entry) (string, bool) {
	at := uintptr(unsafe.Pointer(e))
	i, found := slices.BinarySearchFunc(f.bodyBases, at, func(b entryBase, at uintptr) int {
		return cmp.Compare(uintptr(unsafe.Pointer(b.e)), at)
	})
	if !found {
		return "", false
	}
	return f.bodyBases[i].base, true
}

// fastBodyBase returns what ResolveURLAt(el, "") gives when the xml:base in
// scope at el is the only one above it and the fast paths resolve it
// against the document's URL to an http(s) URL without a fragment (the
// base is then that URL: "" resolves to its base without the fragment),
// with the xml:base's value; ok is false otherwise, and baseFor answers.
// The base is a new string (fresh) or may point into the document.
func (p *processor) fastBodyBase(el *xml5.Node) (base, v string, fresh, ok bool) {
	var n *xml5.Node
	for ; el != nil && el.Type == xml5.ElementNode; el = el.Parent {
		if _, has := el.AttrValue(xml5.XMLNamespace, "base"); has {
			if n != nil {
				return "", "", false, false // an xml:base under another
			}
			n = el
		}
	}
	if n == nil {
		return "", "", false, false
	}
	v, _ = n.AttrValue(xml5.XMLNamespace, "base")
	href, ok := simpleHTTPURL(v)
	if !ok {
		fresh = true
		href, ok = pathAbsoluteFromOrigin(v, p.baseOrigin, p.baseRoot)
	}
	if !ok {
		href, ok = relativeFromDir(v, p.baseDir)
	}
	if !ok || strings.IndexByte(href, '#') >= 0 {
		return "", "", false, false
	}
	if _, _, dir := simpleBaseParts(href); dir == "" {
		return "", "", false, false
	}
	return href, v, fresh, true
}

// noteBody records, with WithXMLBase, that the current entry's Content
// (content is true) or Summary was read from el; finishBody gives the
// entry the element of its body.
func (p *processor) noteBody(el *xml5.Node, content bool) {
	if !p.xmlBase {
		return
	}
	if content {
		p.contentEl = el
	} else {
		p.summaryEl = el
	}
}

// finishBody records, with WithXMLBase, the element the body of entry
// (its Content, else its Summary, once cleanup entry has run) was read
// from, for bodyBase, in feed.bodyEls.
func (p *processor) finishBody(feed *Feed, entry *Entry) {
	if !p.xmlBase {
		return
	}
	var el *xml5.Node
	switch {
	case entry.Content != nil:
		el = p.contentEl
	case entry.Summary != nil:
		el = p.summaryEl
	}
	p.contentEl, p.summaryEl = nil, nil
	// Only a body under an xml:base of its own (on the content element,
	// or between it and the entry's element) has another base than the
	// entry's element: the map stays empty for the others.
	for n := el; n != nil && n != entry.element(); n = n.Parent {
		if _, ok := n.AttrValue(xml5.XMLNamespace, "base"); ok {
			if feed.bodyEls == nil {
				feed.bodyEls = make(map[*Entry]*xml5.Node)
			}
			feed.bodyEls[entry] = el
			return
		}
	}
}

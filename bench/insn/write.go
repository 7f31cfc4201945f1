package insn

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/gorilla/feeds"
	"github.com/mmcdole/gofeed"

	"github.com/feedspec/feedspec"
)

// The writers' modes (bench's writers subcommand): each writes the models
// of a set's feeds, made once before the first pass, so that a pass counts
// writing only. feedspec writes its model (ParseDocument's); gorilla/feeds
// writes its Feed, converted from gofeed's parse of the same input
// (GorillaFeed); encoding/xml marshals structs equivalent to feedspec's RSS
// and Atom (the same elements for the title, link, description, date,
// authors, categories, enclosures, id and content), made from feedspec's
// model.

// WriteModes are the writers' modes, in table order.
var WriteModes = []string{
	"feedspec WriteRSS", "feedspec WriteAtom", "feedspec WriteJSONFeed",
	"gorilla/feeds WriteRss", "gorilla/feeds WriteAtom", "gorilla/feeds WriteJSON",
	"encoding/xml RSS", "encoding/xml Atom",
}

// A countWriter counts the bytes written to it.
type countWriter struct{ n int }

func (c *countWriter) Write(p []byte) (int, error) { c.n += len(p); return len(p), nil }

// writer returns, for mode, a function that makes the model of one input
// and one that writes a model.
func writer(mode string) (makeModel func([]byte) any, write func(any, io.Writer) error) {
	parse := func(in []byte) any {
		f, _ := feedspec.ParseDocument(bytes.NewReader(in))
		return f
	}
	gorilla := func(in []byte) any {
		f, err := gofeed.NewParser().Parse(bytes.NewReader(in))
		if err != nil {
			return nil
		}
		return GorillaFeed(f)
	}
	switch mode {
	case "feedspec WriteRSS":
		return parse, func(m any, w io.Writer) error { return m.(*feedspec.Feed).WriteRSS(w) }
	case "feedspec WriteAtom":
		return parse, func(m any, w io.Writer) error { return m.(*feedspec.Feed).WriteAtom(w) }
	case "feedspec WriteJSONFeed":
		return parse, func(m any, w io.Writer) error { return m.(*feedspec.Feed).WriteJSONFeed(w) }
	case "gorilla/feeds WriteRss":
		return gorilla, func(m any, w io.Writer) error { return m.(*feeds.Feed).WriteRss(w) }
	case "gorilla/feeds WriteAtom":
		return gorilla, func(m any, w io.Writer) error { return m.(*feeds.Feed).WriteAtom(w) }
	case "gorilla/feeds WriteJSON":
		return gorilla, func(m any, w io.Writer) error { return m.(*feeds.Feed).WriteJSON(w) }
	case "encoding/xml RSS":
		return func(in []byte) any {
				if f, ok := parse(in).(*feedspec.Feed); ok && f != nil {
					return XMLRSS(f)
				}
				return nil
			}, func(m any, w io.Writer) error {
				if _, err := io.WriteString(w, xml.Header); err != nil {
					return err
				}
				return xml.NewEncoder(w).Encode(m)
			}
	case "encoding/xml Atom":
		return func(in []byte) any {
				if f, ok := parse(in).(*feedspec.Feed); ok && f != nil {
					return XMLAtom(f)
				}
				return nil
			}, func(m any, w io.Writer) error {
				if _, err := io.WriteString(w, xml.Header); err != nil {
					return err
				}
				return xml.NewEncoder(w).Encode(m)
			}
	}
	return nil, nil
}

// WriteChild writes the set's feeds passes times with the writer mode and
// prints the bytes written and the feeds of one pass.
func WriteChild(mode, set, corpus string, passes int) int {
	makeModel, write := writer(mode)
	if write == nil {
		fmt.Fprintf(os.Stderr, "instructions: unknown mode %q\n", mode)
		return 2
	}
	inputs, reps, err := SetInputs(set, corpus)
	if err != nil {
		fmt.Fprintln(os.Stderr, "instructions:", err)
		return 2
	}
	var models []any
	for _, in := range inputs {
		if m := makeModel(in); m != nil && !isNilModel(m) {
			models = append(models, m)
		}
	}
	bytesPerPass, inputsPerPass, errs := 0, 0, 0
	var c countWriter
	for p := 0; p < passes; p++ {
		for r := 0; r < reps; r++ {
			for _, m := range models {
				c.n = 0
				if err := write(m, &c); err != nil && p == 0 && r == 0 {
					errs++
				}
				if p == 0 {
					bytesPerPass += c.n
					inputsPerPass++
				}
			}
		}
	}
	fmt.Printf("instructions-child: bytes=%d inputs=%d errors=%d\n", bytesPerPass, inputsPerPass, errs)
	return 0
}

func isNilModel(m any) bool {
	switch m := m.(type) {
	case *feedspec.Feed:
		return m == nil
	case *feeds.Feed:
		return m == nil
	}
	return false
}

// GorillaFeed converts gofeed's parse to a gorilla/feeds Feed, as a program
// using the two would: the title, link, description, author, dates, image,
// copyright, and each item's title, link, description, content, author,
// id, dates and first enclosure.
func GorillaFeed(f *gofeed.Feed) *feeds.Feed {
	g := &feeds.Feed{Title: f.Title, Link: &feeds.Link{Href: f.Link}, Description: f.Description, Copyright: f.Copyright}
	if f.FeedLink != "" {
		g.Link.Rel = "self"
	}
	if len(f.Authors) > 0 {
		g.Author = &feeds.Author{Name: f.Authors[0].Name, Email: f.Authors[0].Email}
	}
	if f.UpdatedParsed != nil {
		g.Updated = *f.UpdatedParsed
	}
	if f.PublishedParsed != nil {
		g.Created = *f.PublishedParsed
	}
	if f.Image != nil {
		g.Image = &feeds.Image{Url: f.Image.URL, Title: f.Image.Title, Link: f.Link}
	}
	for _, it := range f.Items {
		i := &feeds.Item{Title: it.Title, Link: &feeds.Link{Href: it.Link}, Description: it.Description, Content: it.Content, Id: it.GUID}
		if len(it.Authors) > 0 {
			i.Author = &feeds.Author{Name: it.Authors[0].Name, Email: it.Authors[0].Email}
		}
		if it.UpdatedParsed != nil {
			i.Updated = *it.UpdatedParsed
		}
		if it.PublishedParsed != nil {
			i.Created = *it.PublishedParsed
		}
		if len(it.Enclosures) > 0 {
			e := it.Enclosures[0]
			i.Enclosure = &feeds.Enclosure{Url: e.URL, Length: e.Length, Type: e.Type}
		}
		g.Items = append(g.Items, i)
	}
	return g
}

// The structs encoding/xml marshals: the RSS and Atom elements feedspec
// writes for the common fields.
type (
	xRSS struct {
		XMLName   xml.Name `xml:"rss"`
		Version   string   `xml:"version,attr"`
		ContentNS string   `xml:"xmlns:content,attr"`
		DCNS      string   `xml:"xmlns:dc,attr"`
		Channel   xChannel `xml:"channel"`
	}
	xChannel struct {
		Title         string   `xml:"title"`
		Link          string   `xml:"link"`
		Description   string   `xml:"description"`
		Language      string   `xml:"language,omitempty"`
		Copyright     string   `xml:"copyright,omitempty"`
		LastBuildDate string   `xml:"lastBuildDate,omitempty"`
		Generator     string   `xml:"generator,omitempty"`
		Categories    []string `xml:"category"`
		Items         []xItem  `xml:"item"`
	}
	xItem struct {
		Title       string       `xml:"title,omitempty"`
		Link        string       `xml:"link,omitempty"`
		Description *xCDATA      `xml:"description,omitempty"`
		Creators    []string     `xml:"dc:creator"`
		Categories  []string     `xml:"category"`
		Enclosures  []xEnclosure `xml:"enclosure"`
		GUID        *xGUID       `xml:"guid,omitempty"`
		PubDate     string       `xml:"pubDate,omitempty"`
		Content     *xCDATA      `xml:"content:encoded,omitempty"`
	}
	xCDATA struct {
		Text string `xml:",cdata"`
	}
	xGUID struct {
		IsPermaLink string `xml:"isPermaLink,attr,omitempty"`
		Value       string `xml:",chardata"`
	}
	xEnclosure struct {
		URL    string `xml:"url,attr"`
		Length int64  `xml:"length,attr"`
		Type   string `xml:"type,attr"`
	}
	xAtom struct {
		XMLName  xml.Name  `xml:"http://www.w3.org/2005/Atom feed"`
		Lang     string    `xml:"xml:lang,attr,omitempty"`
		ID       string    `xml:"id"`
		Title    xText     `xml:"title"`
		Subtitle *xText    `xml:"subtitle,omitempty"`
		Updated  string    `xml:"updated"`
		Links    []xLink   `xml:"link"`
		Rights   *xText    `xml:"rights,omitempty"`
		Authors  []xPerson `xml:"author"`
		Entries  []xEntry  `xml:"entry"`
	}
	xEntry struct {
		ID         string      `xml:"id"`
		Title      xText       `xml:"title"`
		Updated    string      `xml:"updated"`
		Published  string      `xml:"published,omitempty"`
		Authors    []xPerson   `xml:"author"`
		Links      []xLink     `xml:"link"`
		Categories []xCategory `xml:"category"`
		Summary    *xText      `xml:"summary,omitempty"`
		Content    *xText      `xml:"content,omitempty"`
	}
	xText struct {
		Type string `xml:"type,attr,omitempty"`
		Text string `xml:",chardata"`
	}
	xLink struct {
		Href   string `xml:"href,attr"`
		Rel    string `xml:"rel,attr,omitempty"`
		Type   string `xml:"type,attr,omitempty"`
		Length int64  `xml:"length,attr,omitempty"`
	}
	xPerson struct {
		Name  string `xml:"name"`
		Email string `xml:"email,omitempty"`
		URI   string `xml:"uri,omitempty"`
	}
	xCategory struct {
		Term   string `xml:"term,attr"`
		Scheme string `xml:"scheme,attr,omitempty"`
	}
)

func rfc822(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.Format(time.RFC1123Z)
}

func rfc3339(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.Format(time.RFC3339Nano)
}

// XMLRSS returns the RSS structs of f.
func XMLRSS(f *feedspec.Feed) *xRSS {
	r := &xRSS{Version: "2.0", ContentNS: "http://purl.org/rss/1.0/modules/content/", DCNS: "http://purl.org/dc/elements/1.1/"}
	c := &r.Channel
	c.Title, c.Link, c.Description = f.Title.TextContent(), f.PageURL, f.Description.TextContent()
	c.Language, c.Copyright, c.LastBuildDate = f.Language, f.Rights.TextContent(), rfc822(f.Updated)
	if f.Generator != nil {
		c.Generator = f.Generator.Name
	}
	for _, cat := range f.CategoryDetails {
		c.Categories = append(c.Categories, cat.Term)
	}
	for _, e := range f.Entries {
		it := xItem{Title: e.Title.TextContent(), Link: e.PageURL, Categories: e.Categories, PubDate: rfc822(e.Published)}
		if e.Summary != nil {
			it.Description = &xCDATA{e.Summary.HTML()}
		}
		if e.Content != nil {
			it.Content = &xCDATA{e.Content.HTML()}
		}
		for _, p := range e.Authors {
			it.Creators = append(it.Creators, p.Name)
		}
		for _, enc := range e.Enclosures {
			x := xEnclosure{URL: enc.URL}
			if enc.Length != nil {
				x.Length = *enc.Length
			}
			if enc.MIMEType != nil {
				x.Type = *enc.MIMEType
			}
			it.Enclosures = append(it.Enclosures, x)
		}
		if e.ID != "" {
			it.GUID = &xGUID{IsPermaLink: "false", Value: e.ID}
		}
		c.Items = append(c.Items, it)
	}
	return r
}

// xtext returns the Atom text of t.
func xtext(t *feedspec.Text) *xText {
	if t == nil {
		return nil
	}
	if t.IsNode() {
		return &xText{Type: "html", Text: t.HTML()}
	}
	return &xText{Text: t.String()}
}

// XMLAtom returns the Atom structs of f.
func XMLAtom(f *feedspec.Feed) *xAtom {
	a := &xAtom{Lang: f.Language, ID: f.ID, Updated: rfc3339(f.Updated), Subtitle: xtext(f.Subtitle), Rights: xtext(f.Rights)}
	if t := xtext(f.Title); t != nil {
		a.Title = *t
	}
	if f.PageURL != "" {
		a.Links = append(a.Links, xLink{Href: f.PageURL, Rel: "alternate"})
	}
	for _, p := range f.Authors {
		a.Authors = append(a.Authors, xPerson{Name: p.Name, Email: p.Email, URI: p.PageURL})
	}
	for _, e := range f.Entries {
		x := xEntry{ID: e.ID, Updated: rfc3339(e.Updated), Published: rfc3339(e.Published), Summary: xtext(e.Summary), Content: xtext(e.Content)}
		if t := xtext(e.Title); t != nil {
			x.Title = *t
		}
		if e.PageURL != "" {
			x.Links = append(x.Links, xLink{Href: e.PageURL, Rel: "alternate"})
		}
		for _, enc := range e.Enclosures {
			l := xLink{Href: enc.URL, Rel: "enclosure"}
			if enc.MIMEType != nil {
				l.Type = *enc.MIMEType
			}
			if enc.Length != nil {
				l.Length = *enc.Length
			}
			x.Links = append(x.Links, l)
		}
		for _, p := range e.Authors {
			x.Authors = append(x.Authors, xPerson{Name: p.Name, Email: p.Email, URI: p.PageURL})
		}
		for _, c := range e.CategoryDetails {
			x.Categories = append(x.Categories, xCategory{Term: c.Term, Scheme: c.Scheme})
		}
		a.Entries = append(a.Entries, x)
	}
	return a
}

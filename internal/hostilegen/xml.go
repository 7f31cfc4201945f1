package hostilegen

import "strings"

// The scope an element is written in.
const (
	scopeFeed = iota
	scopeEntry
)

// nsDecls writes namespace declarations for the root element: the
// extensions' prefixes (each often), sometimes a default namespace
// redeclared or a prefix bound twice.
func (g *gen) nsDecls() {
	for _, d := range []string{
		` xmlns:atom="` + nsAtom + `"`, ` xmlns:content="` + nsContent + `"`, ` xmlns:dc="` + nsDC + `"`,
		` xmlns:itunes="` + nsITunes + `"`, ` xmlns:media="` + nsMedia + `"`, ` xmlns:podcast="` + nsPodcast + `"`,
		` xmlns:x="urn:x"`,
	} {
		if g.c.intn(5) != 0 {
			g.w(d)
		}
	}
	if g.c.intn(4) == 0 {
		g.w(` xml:base="http://example.com/base/dir/"`)
	}
	if g.c.intn(6) == 0 {
		g.w(` xml:lang="en-US"`)
	}
}

// rss writes an RSS 2.0 or 0.91 feed.
func (g *gen) rss() {
	version := "2.0"
	if g.format == formatRSS091 {
		version = "0.91"
	}
	g.w(`<rss version="`, version, `"`)
	g.nsDecls()
	g.w(">\n<channel>")
	g.feedChildren()
	g.entries()
	g.w("</channel></rss>\n")
}

// rdf writes an RSS 1.0 feed: the channel, then the items beside it.
func (g *gen) rdf() {
	g.w(`<rdf:RDF xmlns:rdf="`, nsRDF, `" xmlns="`, nsRSS10, `"`)
	g.nsDecls()
	g.w(">\n")
	g.w(`<channel rdf:about="http://example.com/">`)
	g.feedChildren()
	g.w("</channel>")
	g.entries()
	g.w("</rdf:RDF>\n")
}

// atom writes an Atom 1.0 or 0.3 feed.
func (g *gen) atom() {
	if g.format == formatAtom03 {
		g.w(`<feed version="0.3" xmlns="`, nsAtom03, `"`)
	} else {
		g.w(`<feed xmlns="`, nsAtom, `"`)
	}
	g.nsDecls()
	g.w(">\n")
	g.feedChildren()
	g.entries()
	g.w("</feed>\n")
}

// feedChildren writes the feed's (the channel's) own elements, and the
// repeat site when it is there.
func (g *gen) feedChildren() {
	for range g.c.intn(4) {
		g.element(scopeFeed)
	}
	switch {
	case g.level == levelFeed:
		g.note("feed elements")
		g.markupSite(scopeFeed)
	case g.level >= levelText && !g.site && g.c.intn(3) == 0:
		g.siteElement(scopeFeed)
	}
	for range g.c.intn(2) {
		g.element(scopeFeed)
	}
}

// markupSite writes a repeat site of elements at scope: a flat run of
// elements, or elements nested in a wrapper k deep.
func (g *gen) markupSite(scope int) {
	if g.nested() {
		open, close := g.wrapper(scope)
		g.note("nested in %s", open)
		g.repeat(func() {
			g.w(open)
			for range g.c.intn(2) {
				g.element(scope)
			}
		}, func() { g.element(scope) }, func() { g.w(close) })
		return
	}
	g.repeat(func() {
		for range 1 + g.c.intn(3) {
			g.element(scope)
		}
	}, nil, nil)
}

// wrapper returns the start and end tags of an element that wraps others
// at scope: an unknown element (with xml:base, namespaces), or one of the
// format's own containers, or no end tag at all.
func (g *gen) wrapper(scope int) (string, string) {
	switch g.c.intn(8) {
	case 0:
		return `<x:w xml:base="d/">`, `</x:w>`
	case 1:
		return `<w xmlns="urn:w" xmlns:p="urn:p">`, `</w>`
	case 2:
		return `<x:w>`, "" // never closed
	case 3:
		if scope == scopeEntry {
			return `<media:group>`, `</media:group>`
		}
		return `<itunes:category text="C">`, `</itunes:category>`
	case 4:
		return `<div xmlns="` + nsXHTML + `">`, `</div>`
	case 5:
		return `<a:b xmlns:a="` + nsAtom + `" xml:base="../">`, `</a:b>`
	case 6:
		open, close := g.entryTags()
		return open, close // entries inside entries
	default:
		return `<x:w a="1" b="2" xml:lang="fr">`, `</x:w>`
	}
}

// entryTags returns the start and end tags of one entry of the format.
func (g *gen) entryTags() (string, string) {
	base := ""
	if g.c.intn(3) == 0 {
		base = pick(&g.c, []string{` xml:base="sub/"`, ` xml:base="http://example.org/a/b/"`, ` xml:base="../"`, ` xml:base="?q#f"`})
	}
	switch g.format {
	case formatAtom, formatAtom03:
		return "<entry" + base + ">", "</entry>"
	case formatRDF:
		return `<item rdf:about="http://example.com/i"` + base + ">", "</item>"
	}
	return "<item" + base + ">", "</item>"
}

// entries writes entries before the repeat site, the repeat site when it
// is an entry or inside one, and entries after it.
func (g *gen) entries() {
	for range g.c.intn(3) {
		g.entry(false)
	}
	switch {
	case g.level == levelEntries:
		g.note("entries")
		if g.nested() {
			open, close := g.entryTags()
			g.note("nested entries")
			g.repeat(func() {
				g.w(open)
				g.entryChildren()
			}, func() { g.entry(false) }, func() { g.w(close) })
		} else {
			g.repeat(func() {
				for range 1 + g.c.intn(2) {
					g.entry(false)
				}
			}, nil, nil)
		}
	case !g.site && (g.level == levelEntry || g.level >= levelText):
		g.entry(true)
	}
	for range g.c.intn(2) {
		g.entry(false)
	}
}

// entry writes one entry; with site, the repeat site goes in it.
func (g *gen) entry(site bool) {
	open, close := g.entryTags()
	g.w(open)
	g.entryChildren()
	if site {
		if g.level == levelEntry {
			g.note("entry elements")
			g.markupSite(scopeEntry)
		} else {
			g.siteElement(scopeEntry)
		}
		g.entryChildren()
	}
	g.w(close)
}

// entryChildren writes a few elements of an entry.
func (g *gen) entryChildren() {
	for range g.c.intn(4) {
		g.element(scopeEntry)
	}
}

// siteElement writes an element holding the repeat site in its text, in
// one attribute's value or among its attributes.
func (g *gen) siteElement(scope int) {
	switch g.level {
	case levelAttrValue:
		name, attr, rest := g.attrElement(scope)
		g.note("%s's %s", name, attr)
		g.w("<", name, " ", attr, `="`)
		g.repeat(func() {
			for range 1 + g.c.intn(3) {
				g.attrPiece()
			}
		}, nil, nil)
		g.w(`"`, rest, "/>")
	case levelAttrs:
		name, _, _ := g.attrElement(scope)
		g.note("attributes of %s", name)
		g.w("<", name)
		g.repeat(func() {
			for range 1 + g.c.intn(2) {
				g.w(pick(&g.c, []string{` a="1"`, ` xml:base="d/"`, ` xml:lang="en"`, ` xmlns:p="urn:p"`,
					` p:a="v"`, ` href="x"`, ` type="html"`, ` rel="alternate"`, ` url="http://e.com/a"`, ` a='&amp;&#x3C;'`}))
				if g.c.intn(4) == 0 {
					g.w(" ")
					g.ref()
				}
			}
		}, nil, nil)
		g.w(">")
		g.w(g.words())
		g.w("</", name, ">")
	default:
		g.textElement(scope, true)
	}
}

// attrElement returns an element of scope with a URL or another attribute
// the processors read, the attribute's name, and other attributes to
// write after it.
func (g *gen) attrElement(scope int) (name, attr, rest string) {
	type ea struct{ name, attr, rest string }
	var list []ea
	switch g.format {
	case formatAtom, formatAtom03:
		list = []ea{{"link", "href", ` rel="alternate"`}, {"link", "rel", ` href="/x"`}, {"category", "term", ""},
			{"link", "xml:base", ` href="a"`}, {"icon", "xml:base", ""}, {"content", "src", ` type="text/html"`}}
	default:
		list = []ea{{"enclosure", "url", ` length="1" type="audio/mpeg"`}, {"atom:link", "href", ` rel="self"`},
			{"media:content", "url", ` medium="image"`}, {"itunes:image", "href", ""}, {"x:e", "xml:base", ""},
			{"podcast:transcript", "url", ` type="text/vtt"`}, {"source", "url", ""}, {"category", "domain", ""}}
	}
	if scope == scopeFeed && g.c.intn(2) == 0 {
		list = append(list, ea{"x:e", "xmlns:q", ""}, ea{"x:e", "xml:lang", ""})
	}
	e := pick(&g.c, list)
	return e.name, e.attr, e.rest
}

// textElement writes an element whose content is a Text of the model (a
// title, a description, content), with the repeat site in it when site.
func (g *gen) textElement(scope int, site bool) {
	name, attrs, mode := g.textName(scope)
	g.w("<", name, attrs, ">")
	wrapEnd := ""
	if mode == modeXHTML {
		g.w(`<div xmlns="`, nsXHTML, `">`)
		wrapEnd = "</div>"
	}
	if site {
		g.note("%s%s", name, attrs)
		g.textSite(mode)
	} else {
		for range 1 + g.c.intn(3) {
			g.textPiece(mode)
		}
	}
	g.w(wrapEnd, "</", name, ">")
}

// The ways a text element's content is read.
const (
	modeHTML  = iota // escaped HTML, or text that may hold it
	modeXHTML        // Atom XHTML: elements
	modeText         // text
)

// textName returns a text element of the format at scope, its attributes
// and how its content is read.
func (g *gen) textName(scope int) (name, attrs string, mode int) {
	switch g.format {
	case formatAtom:
		names := []string{"title", "subtitle", "rights"}
		if scope == scopeEntry {
			names = []string{"title", "summary", "content", "rights"}
		}
		name = pick(&g.c, names)
		switch g.c.intn(6) {
		case 0:
			return name, ` type="text"`, modeText
		case 1:
			return name, ` type="xhtml"`, modeXHTML
		case 2:
			return name, "", modeText
		case 3:
			return name, ` type="text/html"`, modeHTML
		default:
			return name, ` type="html"`, modeHTML
		}
	case formatAtom03:
		names := []string{"title", "tagline", "copyright"}
		if scope == scopeEntry {
			names = []string{"title", "summary", "content"}
		}
		name = pick(&g.c, names)
		switch g.c.intn(4) {
		case 0:
			return name, ` mode="xml" type="application/xhtml+xml"`, modeXHTML
		case 1:
			return name, ` type="text/plain"`, modeText
		default:
			return name, ` mode="escaped" type="text/html"`, modeHTML
		}
	}
	names := []string{"title", "description", "itunes:summary", "dc:rights", "media:description", "itunes:subtitle"}
	if scope == scopeEntry {
		names = []string{"title", "description", "content:encoded", "itunes:summary", "dc:description", "media:description"}
	}
	return pick(&g.c, names), "", modeHTML
}

// textSite writes the repeat site inside a text: a run of text pieces,
// or markup nested k deep (escaped HTML's formatting left open or
// misnested, XHTML elements).
func (g *gen) textSite(mode int) {
	if g.nested() {
		var open, close string
		if mode == modeXHTML {
			p := pick2(&g.c, [][2]string{{"<div>", "</div>"}, {"<b><i>", "</i></b>"}, {"<p>", ""}, {"<span xml:base=\"d/\">", "</span>"},
				{`<svg xmlns="http://www.w3.org/2000/svg"><g>`, "</g></svg>"}, {"<table><tr><td>", "</td></tr></table>"}})
			open, close = p[0], p[1]
		} else {
			raw := pick2(&g.c, [][2]string{{"<b><i><p>", ""}, {"<b><i>", "</b></i>"}, {"<div>", "</div>"}, {"<table><tr><td>", ""},
				{"<font><font><font>", "</font>"}, {"<a href=x><a href=y>", "</a>"}, {"<svg><foreignObject><p>", "</svg>"},
				{"<math><mi>", "</math>"}, {"<ul><li>", ""}, {"<table><td><b>", "</table>"}})
			esc := g.htmlEscaper()
			open, close = esc(raw[0]), esc(raw[1])
		}
		g.note("nested %q %q", open, close)
		g.repeat(func() {
			g.w(open)
			if g.c.intn(2) == 0 {
				g.textPiece(mode)
			}
		}, func() { g.textPiece(mode) }, func() { g.w(close) })
		return
	}
	g.repeat(func() {
		for range 1 + g.c.intn(4) {
			g.textPiece(mode)
		}
	}, nil, nil)
}

// htmlEscaper returns how raw HTML is written in the XML text: escaped
// with the predefined entities, with character references, or in a CDATA
// section.
func (g *gen) htmlEscaper() func(string) string {
	switch g.c.intn(4) {
	case 0:
		return func(s string) string {
			if s == "" {
				return ""
			}
			return "<![CDATA[" + strings.ReplaceAll(s, "]]>", "]]]]><![CDATA[>") + "]]>"
		}
	case 1:
		return strings.NewReplacer("&", "&#38;", "<", "&#60;", ">", "&#62;").Replace
	default:
		return xmlEscape
	}
}

var xmlEscape = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace

// textPiece writes one piece of a text's content.
func (g *gen) textPiece(mode int) {
	if mode == modeXHTML && g.c.intn(2) == 0 {
		g.xhtmlPiece()
		return
	}
	switch g.c.intn(12) {
	case 0:
		g.w(g.words())
	case 1:
		g.w(pick(&g.c, []string{"&#233;", "&#x1F600;", "&#0;", "&#xD800;", "&#1114112;", "&#65;", "&#x3C;b&#x3E;", "&#;", "&#x41"}))
	case 2:
		g.w(pick(&g.c, []string{"&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&amp;lt;b&amp;gt;", "&amp;amp;", "&amp;nbsp;"}))
	case 3, 4:
		g.ref()
	case 5:
		g.w("<![CDATA[", strings.ReplaceAll(g.htmlTokens(), "]]>", ""), "]]>")
	case 6, 7:
		g.w(xmlEscape(g.htmlTokens()))
	case 8:
		g.w("<!--", g.words(), "-->")
	case 9:
		g.w("<?pi ", g.words(), "?>")
	case 10:
		if g.depth < maxDepth {
			g.depth++
			g.w(pick(&g.c, []string{"<b>", "<x:y>", `<span class="c">`, "<p xml:base=\"q/\">"}))
			g.textPiece(mode)
			g.w(pick(&g.c, []string{"</b>", "</x:y>", "</span>", "</p>"}))
			g.depth--
		}
	default:
		g.w(pick(&g.c, []string{" ", "\n", "\t ", "\r\n"}))
	}
}

// xhtmlPiece writes an XHTML element or a run of them.
func (g *gen) xhtmlPiece() {
	if g.depth >= maxDepth {
		g.w(g.words())
		return
	}
	g.depth++
	defer func() { g.depth-- }()
	switch g.c.intn(8) {
	case 0:
		g.w("<p>")
		g.textPiece(modeXHTML)
		g.w("</p>")
	case 1:
		g.w(`<a href="`, pick(&g.c, []string{"/x", "javascript:alert(1)", "../y", "http://e.com/"}), `">`, g.words(), "</a>")
	case 2:
		g.w(`<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/><foreignObject><p xmlns="`, nsXHTML, `">f</p></foreignObject></svg>`)
	case 3:
		g.w(`<math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi></math>`)
	case 4:
		g.w("<table><tr><td>")
		g.textPiece(modeXHTML)
		g.w("</td></tr></table>")
	case 5:
		g.w(`<img src="i.png" onerror="alert(1)"/><br/>`)
	case 6:
		g.w(`<x:e xmlns:x="urn:x" x:a="1">`, g.words(), "</x:e>")
	default:
		g.w("<b><i>")
		g.textPiece(modeXHTML)
		g.w("</i></b>")
	}
}

// attrPiece writes a piece of an attribute's value.
func (g *gen) attrPiece() {
	switch g.c.intn(10) {
	case 0:
		g.w(g.words())
	case 1:
		g.w(pick(&g.c, []string{"/", "../", "a/", "./", "//h/", "?a=1&amp;b=2", "#f", "%20", "%zz"}))
	case 2:
		g.w(pick(&g.c, []string{"&#233;", "&#10;", "&#x9;", "&#0;", "&#x1F600;"}))
	case 3:
		g.w(pick(&g.c, []string{"&amp;", "&lt;", "&quot;", "&gt;"}))
	case 4:
		g.ref()
	case 5:
		g.w(pick(&g.c, []string{"http://example.com/", "javascript:", "HTTP://E.COM:80/", "mailto:a@b"}))
	case 6:
		g.w(pick(&g.c, []string{" ", "\t", "\n"}))
	default:
		g.w("x")
	}
}

// htmlTokens returns a run of raw HTML: formatting opened and closed out
// of order, blocks, tables, foreign content, raw text elements, comments
// and text.
func (g *gen) htmlTokens() string {
	var b strings.Builder
	for range 1 + g.c.intn(6) {
		switch g.c.intn(11) {
		case 10:
			// Misnested formatting and blocks that make the tree
			// builder reconstruct and adopt elements.
			b.WriteString(pick(&g.c, []string{"<b><i><p>x", "<a href=x><p><a href=y>x", "<b><table><td>x", "<font><font><font><font>x",
				"<p><b><i></p>x", "<b><i></b></i>x", "<em><div></em>x", "<nobr><nobr>x", "<b><p><table><b>x"}))
		case 0, 1, 2:
			b.WriteString(pick(&g.c, []string{"<b>", "<i>", "<em>", "<strong>", "<u>", "<s>", `<font color="red">`, `<a href="/x">`, "<nobr>", "<code>", "<big>", "<tt>"}))
		case 3, 4:
			b.WriteString(pick(&g.c, []string{"</b>", "</i>", "</a>", "</font>", "</em>", "</p>", "</div>", "</table>", "</td>", "</tr>", "</svg>", "</math>", "</br>", "</li>"}))
		case 5:
			b.WriteString(pick(&g.c, []string{"<p>", "<div>", "<blockquote>", "<ul><li>", "<li>", "<h1>", "<pre>", "<dl><dt>", "<dd>", `<p class="a" style="color:red" title='t'>`}))
		case 6:
			b.WriteString(pick(&g.c, []string{"<table>", "<tr>", "<td>", "<th>", "<tbody>", "<caption>", "<colgroup><col>", "<table><tr><td>"}))
		case 7:
			b.WriteString(pick(&g.c, []string{"<svg>", "<math>", "<mi>", "<mtext>", "<foreignObject>", "<desc>", `<circle r="1"/>`, `<annotation-xml encoding="text/html">`, "<svg><p>"}))
		case 8:
			b.WriteString(pick(&g.c, []string{"<script>x</script>", "<style>p{}</style>", "<textarea>t</textarea>", "<template>", "<select><option>",
				`<img src="x" onerror="alert(1)">`, "<br>", "<hr>", `<iframe srcdoc="<b>">`, "<noscript>", "<xmp>x</xmp>", "<!-- c -->", "<!DOCTYPE html>", "<?pi?>"}))
		default:
			b.WriteString(pick(&g.c, []string{"x", "some words", "&nbsp;", "&#x41;", "&amp;", "&lt;", " ", "é"}))
		}
	}
	return b.String()
}

// element writes one element of scope: one the processors read (text,
// URLs, dates, people, categories, media, podcast elements) or an unknown
// one, sometimes with xml:base or namespaces.
func (g *gen) element(scope int) {
	if g.depth >= maxDepth {
		g.w("<x:leaf/>")
		return
	}
	g.depth++
	defer func() { g.depth-- }()
	switch g.c.intn(10) {
	case 0, 1:
		g.textElement(scope, false)
	case 2:
		name, attr, rest := g.attrElement(scope)
		g.w("<", name, " ", attr, `="`)
		for range 1 + g.c.intn(2) {
			g.attrPiece()
		}
		g.w(`"`, rest, "/>")
	case 3:
		g.w(g.dateElement(scope))
	case 4:
		g.person()
	case 5:
		g.w(pick(&g.c, []string{"<category>c</category>", `<category domain="d">a/b</category>`, `<category term="t" scheme="s" label="l"/>`,
			`<itunes:category text="Arts"><itunes:category text="Design"/></itunes:category>`, "<dc:subject>s</dc:subject>", `<media:category>m</media:category>`}))
	case 6:
		g.w(pick(&g.c, []string{
			`<media:group><media:content url="http://e.com/v.mp4" type="video/mp4"><media:title>t</media:title></media:content><media:thumbnail url="t.jpg"/></media:group>`,
			`<podcast:person role="host" img="p.jpg" href="/h">P</podcast:person>`,
			`<podcast:value type="lightning" method="keysend"><podcast:valueRecipient name="n" type="node" address="a" split="100"/></podcast:value>`,
			`<podcast:alternateEnclosure type="audio/mpeg" length="1"><podcast:source uri="a.mp3"/><podcast:integrity type="sri" value="x"/></podcast:alternateEnclosure>`,
			`<podcast:soundbite startTime="1" duration="2">s</podcast:soundbite>`, `<itunes:duration>1:02:03</itunes:duration>`,
			`<itunes:explicit>yes</itunes:explicit>`, `<itunes:owner><itunes:name>o</itunes:name><itunes:email>o@e.com</itunes:email></itunes:owner>`,
			`<image><url>i.png</url><title>t</title><link>/</link></image>`, `<guid isPermaLink="true">g/1</guid>`, `<link>http://example.com/l</link>`,
			`<link href="/a" rel="enclosure" type="audio/mpeg" length="5"/>`, `<id>tag:e.com,2024:1</id>`, `<ttl>60</ttl>`,
			`<source url="http://e.com/s.xml">S</source>`, `<comments>/c</comments>`,
		}))
	case 7:
		open, close := g.wrapper(scope)
		g.w(open)
		g.element(scope)
		g.w(close)
	case 8:
		g.misc(1)
	default:
		g.w(`<x:unknown a="1"`)
		if g.c.intn(2) == 0 {
			g.w(` xml:base="`, pick(&g.c, []string{"d/", "http://h/", "../../", ""}), `"`)
		}
		g.w(">")
		g.textPiece(modeText)
		g.w("</x:unknown>")
	}
}

// dateElement returns a date element of the format, its value valid or
// not.
func (g *gen) dateElement(scope int) string {
	v := pick(&g.c, []string{"Mon, 02 Jan 2006 15:04:05 GMT", "2024-01-02T03:04:05Z", "2024-13-45", "yesterday", "Tue, 31 Feb 2023 25:61:00 +9999", "2024-01-02T03:04:05.123456789+05:30", ""})
	var name string
	switch {
	case g.format == formatAtom:
		name = pick(&g.c, []string{"updated", "published"})
	case g.format == formatAtom03:
		name = pick(&g.c, []string{"modified", "issued"})
	case scope == scopeFeed:
		name = pick(&g.c, []string{"pubDate", "lastBuildDate", "dc:date"})
	default:
		name = pick(&g.c, []string{"pubDate", "dc:date"})
	}
	return "<" + name + ">" + v + "</" + name + ">"
}

// person writes an author or a contributor.
func (g *gen) person() {
	switch g.format {
	case formatAtom, formatAtom03:
		tag := pick(&g.c, []string{"author", "contributor"})
		g.w("<", tag, "><name>")
		g.textPiece(modeText)
		g.w("</name><email>a@e.com</email><uri>/u</uri></", tag, ">")
	default:
		tag := pick(&g.c, []string{"author", "dc:creator", "itunes:author", "managingEditor"})
		g.w("<", tag, ">a@e.com (")
		g.textPiece(modeText)
		g.w(")</", tag, ">")
	}
}

func pick2(c *chooser, list [][2]string) [2]string { return list[c.intn(len(list))] }

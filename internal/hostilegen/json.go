package hostilegen

import (
	"fmt"
	"strings"
)

// json composes a JSON Feed. Every repeated member starts with a comma
// after one written before it, so that Doc(k) is valid JSON for any k
// (keys may repeat: the last one wins, as in encoding/json).
func (g *gen) json() {
	g.part = partHead
	g.w(`{"version":"https://jsonfeed.org/version/1.1","title":"`)
	g.jsonString(false)
	g.w(`"`)
	for range g.c.intn(3) {
		g.w(",")
		g.jsonFeedMember()
	}
	switch g.level {
	case levelProlog, levelDTD, levelFeed:
		g.note("feed members")
		g.jsonMemberSite(true)
	case levelText, levelAttrValue:
		if g.c.intn(3) == 0 {
			g.jsonStringSite(true)
		}
	}
	g.w(`,"items":[`)
	g.jsonItem()
	for range g.c.intn(2) {
		g.w(",")
		g.jsonItem()
	}
	switch g.level {
	case levelEntries:
		g.note("items")
		g.repeat(func() {
			for range 1 + g.c.intn(2) {
				g.w(",")
				g.jsonItem()
			}
		}, nil, nil)
	case levelEntry, levelText, levelAttrValue, levelAttrs:
		g.w(`,{"id":"site"`)
		switch {
		case g.level == levelEntry:
			g.note("item members")
			g.jsonMemberSite(false)
		case g.level == levelAttrs:
			g.jsonObjectSite()
		default:
			g.jsonStringSite(false)
		}
		g.w("}")
	}
	g.w("]}")
	if !g.site {
		g.note("trailing white space")
		g.repeat(func() { g.w(" \n") }, nil, nil)
	}
}

// jsonFeedMember writes one member of the feed object.
func (g *gen) jsonFeedMember() {
	switch g.c.intn(6) {
	case 0:
		g.w(`"home_page_url":"http://example.com/"`)
	case 1:
		g.w(`"description":"`)
		g.jsonString(true)
		g.w(`"`)
	case 2:
		g.w(`"authors":[{"name":"A","url":"/a","avatar":"a.png"}]`)
	case 3:
		g.w(`"icon":"i.png","favicon":"f.ico","feed_url":"http://example.com/feed.json"`)
	case 4:
		g.w(`"_ext":{"about":"x","n":[1,2,{"a":null}]}`)
	default:
		g.w(`"language":"en","expired":false`)
	}
}

// jsonItem writes an item object.
func (g *gen) jsonItem() {
	g.w(`{"id":"`, fmt.Sprint(g.c.intn(100)), `"`)
	for range g.c.intn(4) {
		g.w(",")
		g.jsonItemMember()
	}
	g.w("}")
}

// jsonItemMember writes one member of an item.
func (g *gen) jsonItemMember() {
	switch g.c.intn(9) {
	case 0:
		g.w(`"url":"http://example.com/i"`)
	case 1:
		g.w(`"title":"`)
		g.jsonString(false)
		g.w(`"`)
	case 2:
		g.w(`"content_html":"`)
		g.jsonString(true)
		g.w(`"`)
	case 3:
		g.w(`"content_text":"`)
		g.jsonString(false)
		g.w(`"`)
	case 4:
		g.w(`"summary":"`)
		g.jsonString(true)
		g.w(`"`)
	case 5:
		g.w(`"tags":["a","b","a"]`)
	case 6:
		g.w(`"date_published":"`, pick(&g.c, []string{"2024-01-02T03:04:05Z", "2024-13-01", "x"}), `"`)
	case 7:
		g.w(`"attachments":[{"url":"a.mp3","mime_type":"audio/mpeg","size_in_bytes":1,"duration_in_seconds":2.5}]`)
	default:
		g.w(`"authors":[{"name":"`)
		g.jsonString(false)
		g.w(`"}],"_ext":{"deep":[[[{}]]]}`)
	}
}

// jsonMemberSite writes the repeat site among an object's members (the
// feed's when feed, else an item's): a flat run of members, a member
// array grown element by element, or a value nested k deep.
func (g *gen) jsonMemberSite(feed bool) {
	member := g.jsonItemMember
	if feed {
		member = g.jsonFeedMember
	}
	switch g.c.intn(4) {
	case 0:
		// Nesting: arrays or objects k deep.
		open, middle, close := "[", "0", "]"
		if g.c.intn(2) == 0 {
			open, middle, close = `{"a":`, "null", "}"
		}
		g.note("nested %s", open)
		g.w(`,"_deep":`)
		g.repeat(func() { g.w(open) }, func() { g.w(middle) }, func() { g.w(close) })
	case 1:
		// One array's elements.
		name, first, unit := pick3(&g.c, [][3]string{
			{"tags", `"t"`, `,"t"`},
			{"authors", `{"name":"a"}`, `,{"name":"b","url":"/b"}`},
			{"attachments", `{"url":"a.mp3","mime_type":"audio/mpeg"}`, `,{"url":"b.mp3","mime_type":"audio/mpeg","title":"b"}`},
		})
		g.note("%s elements", name)
		g.w(`,"`, name, `":[`, first)
		g.repeat(func() { g.w(unit) }, nil, nil)
		g.w("]")
	default:
		g.repeat(func() {
			for range 1 + g.c.intn(2) {
				g.w(",")
				member()
			}
		}, nil, nil)
	}
}

// jsonStringSite writes a string member with the repeat site in its value.
func (g *gen) jsonStringSite(feed bool) {
	key := pick(&g.c, []string{"content_html", "summary", "title", "content_text", "url", "external_url", "image"})
	if feed {
		key = pick(&g.c, []string{"description", "title", "home_page_url", "icon"})
	}
	html := strings.Contains(key, "html") || key == "summary" || key == "description"
	g.note("the %q string", key)
	g.w(`,"`, key, `":"`)
	if html && g.nested() {
		raw := pick2(&g.c, [][2]string{{"<b><i><p>", ""}, {"<div>", "</div>"}, {"<table><tr><td>", ""}, {"<a href=x><a href=y>", "</a>"}, {"<svg><foreignObject><p>", "</svg>"}})
		g.note("nested %q %q", raw[0], raw[1])
		g.repeat(func() { g.w(jsonEscape(raw[0])) }, func() { g.jsonString(true) }, func() { g.w(jsonEscape(raw[1])) })
	} else {
		g.repeat(func() { g.jsonString(html) }, nil, nil)
	}
	g.w(`"`)
}

// jsonObjectSite writes an attachment or author object whose members
// repeat.
func (g *gen) jsonObjectSite() {
	name, first, unit := pick3(&g.c, [][3]string{
		{"attachments", `{"url":"a.mp3"`, `,"mime_type":"audio/mpeg"`},
		{"authors", `{"name":"a"`, `,"url":"/u"`},
		{"_ext", `{"k":0`, `,"k":{"a":[1]}`},
	})
	g.note("members of %s", name)
	open, close := "[", "]"
	if name == "_ext" {
		open, close = "", ""
	}
	g.w(`,"`, name, `":`, open, first)
	g.repeat(func() { g.w(unit) }, nil, nil)
	g.w("}", close)
}

// jsonString writes the inside of a JSON string: words, escapes, HTML
// (when html) with the same misnested, table and foreign markup as the
// XML texts, surrogate pairs and lone surrogates.
func (g *gen) jsonString(html bool) {
	for range 1 + g.c.intn(3) {
		switch g.c.intn(7) {
		case 0:
			g.w(jsonEscape(g.words()))
		case 1:
			g.w(pick(&g.c, []string{`\"`, `\\`, `\/`, `\n`, `\u00e9`, `\ud83d\ude00`, `\ud800`, `\u0000`, `\u003cb\u003e`}))
		case 2, 3, 4:
			if html {
				g.w(jsonEscape(g.htmlTokens()))
			} else {
				g.w(jsonEscape(g.words()))
			}
		case 5:
			g.w(pick(&g.c, []string{"&amp;", "&lt;b&gt;", "&#233;", "&nbsp;"}))
		default:
			g.w("é ✓ 日本")
		}
	}
}

// jsonEscape writes s as the inside of a JSON string.
func jsonEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func pick3(c *chooser, list [][3]string) (string, string, string) {
	x := list[c.intn(len(list))]
	return x[0], x[1], x[2]
}

// Package hostilegen composes random feed documents from the constructs
// feedspec's parsers handle, each with one place where a unit repeats, so
// that a test can grow a document by repetition and compare what parsing
// it costs at two sizes.
//
// A Shape is made from a string of choice bytes (New): the same bytes
// always give the same shape, a fuzzer's mutations of them give other
// shapes, and bytes that run out read as zeros. It composes:
//
//   - internal entities declared in the DTD and referenced, also inside
//     one another, character references, CDATA sections, comments and
//     processing instructions;
//   - attributes, xml:base and namespace declarations, deep and wide
//     nesting;
//   - the structure of RSS 2.0 and 0.91, RSS 1.0, Atom 1.0 and 0.3 and
//     JSON Feed, with their extensions (iTunes, Podcasting 2.0, Media RSS,
//     Dublin Core, content);
//   - escaped HTML (in text, in CDATA, in JSON strings) with misnested
//     formatting, tables and foreign content, and Atom XHTML.
//
// The repeat site sits at one level of the document: the prolog, the DTD,
// the feed's children, the entries, one entry's children, a text's
// content, an attribute's value or an element's attributes. Its unit is an
// Open part repeated k times, then a Middle once, then a Close part
// repeated k times (Close is empty for a flat repetition, an end tag for
// nesting), so that Doc(k) and Doc(8k) are the same document at two sizes.
package hostilegen

import (
	"fmt"
	"strings"
)

// A Shape is a document with one repeat site: Doc(k) is Head, Open k
// times, Middle, Close k times, Tail.
type Shape struct {
	// Desc says how the shape was composed (format, level of the repeat
	// site, what the unit holds), for failure messages.
	Desc string
	// JSON is true for a JSON Feed (parse it WithJSONFeed).
	JSON bool
	// The parts of Doc(k).
	Head, Open, Middle, Close, Tail string
	// FixedExpansion is what the entity references of Head, Middle and
	// Tail add to the document when expanded, in bytes (replacement texts
	// counted as written, nested references expanded); UnitExpansion that
	// of one Open and one Close.
	FixedExpansion, UnitExpansion int
	// Choices is how many of the choice bytes given to New it read: the
	// bytes after them do not change the shape.
	Choices int
}

// Doc returns the document with the unit repeated k times.
func (s Shape) Doc(k int) []byte {
	k = max(k, 0)
	b := make([]byte, 0, len(s.Head)+k*(len(s.Open)+len(s.Close))+len(s.Middle)+len(s.Tail))
	b = append(b, s.Head...)
	for range k {
		b = append(b, s.Open...)
	}
	b = append(b, s.Middle...)
	for range k {
		b = append(b, s.Close...)
	}
	return append(b, s.Tail...)
}

// Size returns the size of Doc(k) with its entity references expanded:
// its length plus what the references add (an estimate: character
// references in replacement texts count as written).
func (s Shape) Size(k int) int {
	return len(s.Head) + len(s.Middle) + len(s.Tail) + s.FixedExpansion +
		k*(len(s.Open)+len(s.Close)+s.UnitExpansion)
}

// UnitSize returns what one more repetition adds to Size.
func (s Shape) UnitSize() int { return len(s.Open) + len(s.Close) + s.UnitExpansion }

// Repeats returns the smallest k (at least 1) for which Size(k) reaches
// size.
func (s Shape) Repeats(size int) int {
	fixed := s.Size(0)
	u := max(s.UnitSize(), 1)
	return max(1, (size-fixed+u-1)/u)
}

// String returns the shape's description and its parts, quoted and cut
// short, for a failure message.
func (s Shape) String() string {
	q := func(p string) string {
		if len(p) > 300 {
			return fmt.Sprintf("%q…(%d bytes)", p[:300], len(p))
		}
		return fmt.Sprintf("%q", p)
	}
	return fmt.Sprintf("%s\n  head:   %s\n  open:   %s\n  middle: %s\n  close:  %s\n  tail:   %s\n  expansion: %d fixed, %d a unit",
		s.Desc, q(s.Head), q(s.Open), q(s.Middle), q(s.Close), q(s.Tail), s.FixedExpansion, s.UnitExpansion)
}

// The parts a generator writes to, in order.
const (
	partHead = iota
	partOpen
	partMiddle
	partClose
	partTail
	numParts
)

// The levels a repeat site can sit at.
const (
	levelProlog    = iota // comments and PIs before the root
	levelDTD              // declarations in the internal subset
	levelFeed             // the feed's (channel's) children
	levelEntries          // entries
	levelEntry            // one entry's children
	levelText             // a text element's content
	levelAttrValue        // one attribute's value
	levelAttrs            // the attributes of one start tag
	numLevels
)

var levelNames = [numLevels]string{"prolog", "dtd", "feed children", "entries", "entry children", "text content", "attribute value", "attributes"}

// The formats.
const (
	formatRSS2 = iota
	formatRSS091
	formatRDF
	formatAtom
	formatAtom03
	formatJSON
	numFormats
)

var formatNames = [numFormats]string{"RSS 2.0", "RSS 0.91", "RSS 1.0", "Atom 1.0", "Atom 0.3", "JSON Feed"}

// Namespaces.
const (
	nsAtom    = "http://www.w3.org/2005/Atom"
	nsAtom03  = "http://purl.org/atom/ns#"
	nsContent = "http://purl.org/rss/1.0/modules/content/"
	nsDC      = "http://purl.org/dc/elements/1.1/"
	nsITunes  = "http://www.itunes.com/dtds/podcast-1.0.dtd"
	nsMedia   = "http://search.yahoo.com/mrss/"
	nsPodcast = "https://podcastindex.org/namespace/1.0"
	nsXHTML   = "http://www.w3.org/1999/xhtml"
	nsRDF     = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
	nsRSS10   = "http://purl.org/rss/1.0/"
)

// An entity is a declared internal general entity.
type entity struct {
	name     string
	expanded int // its replacement text's size, nested references expanded
}

// A gen composes one shape.
type gen struct {
	c        chooser
	format   int
	level    int
	parts    [numParts]strings.Builder
	exp      [numParts]int
	part     int
	entities []entity
	desc     []string
	depth    int // nesting of composed constructs, bounded by maxDepth
	site     bool
}

// maxDepth bounds how deep composed constructs nest inside one another
// (the repeat site's nesting is what grows a document deep).
const maxDepth = 4

// New composes the shape the choice bytes b describe.
func New(b []byte) Shape {
	g := &gen{c: chooser{b: b}}
	g.format = g.c.intn(numFormats)
	g.level = g.c.intn(numLevels)
	if g.format == formatJSON {
		g.json()
	} else {
		g.xml()
	}
	s := Shape{
		Desc:   formatNames[g.format] + ", repeated at the " + levelNames[g.level] + ": " + strings.Join(g.desc, "; "),
		JSON:   g.format == formatJSON,
		Head:   g.parts[partHead].String(),
		Open:   g.parts[partOpen].String(),
		Middle: g.parts[partMiddle].String(),
		Close:  g.parts[partClose].String(),
		Tail:   g.parts[partTail].String(),

		FixedExpansion: g.exp[partHead] + g.exp[partMiddle] + g.exp[partTail],
		UnitExpansion:  g.exp[partOpen] + g.exp[partClose],
		Choices:        min(g.c.i, len(b)),
	}
	if s.Open == "" && s.Close == "" {
		// A site that wrote nothing repeats a space.
		s.Open = " "
	}
	return s
}

// w writes s to the current part.
func (g *gen) w(s ...string) {
	for _, x := range s {
		g.parts[g.part].WriteString(x)
	}
}

// note adds to the shape's description.
func (g *gen) note(format string, args ...any) {
	if len(g.desc) < 12 {
		g.desc = append(g.desc, fmt.Sprintf(format, args...))
	}
}

// repeat writes the repeat site: open() writes the unit (and, for
// nesting, what opens it), middle() what sits inside the innermost one,
// close() what closes a unit. Any may be nil.
func (g *gen) repeat(open, middle, close func()) {
	if g.site {
		return
	}
	g.site = true
	g.part = partOpen
	if open != nil {
		open()
	}
	g.part = partMiddle
	if middle != nil {
		middle()
	}
	g.part = partClose
	if close != nil {
		close()
	}
	g.part = partTail
}

// nested reports whether the repeat site nests its unit (one chance in
// three), so that Doc(k) is k levels deep.
func (g *gen) nested() bool { return g.c.intn(3) == 0 }

// xml composes an XML feed.
func (g *gen) xml() {
	g.part = partHead
	switch g.c.intn(6) {
	case 0:
	case 1:
		g.w(`<?xml version="1.0"?>`, "\n")
	case 2:
		g.w(`<?xml version="1.0" encoding="iso-8859-1"?>`, "\n")
	case 3:
		g.w(`<?xml version="1.0" encoding="windows-1252" standalone="yes"?>`)
	default:
		g.w(`<?xml version="1.0" encoding="utf-8"?>`, "\n")
	}
	g.doctype()
	if g.level == levelProlog {
		g.note("prolog comments and PIs")
		g.repeat(func() { g.misc(1 + g.c.intn(3)) }, nil, nil)
	} else {
		g.misc(g.c.intn(2))
	}
	switch g.format {
	case formatRSS2, formatRSS091:
		g.rss()
	case formatRDF:
		g.rdf()
	case formatAtom, formatAtom03:
		g.atom()
	}
	g.misc(g.c.intn(2))
	if !g.site {
		// The chosen level found no place (a level the format lacks):
		// repeat the trailing comments.
		g.note("trailing comments")
		g.repeat(func() { g.misc(1) }, nil, nil)
	}
}

// doctype writes a DOCTYPE, often with an internal subset declaring
// entities (some referencing earlier ones), and the repeat site when it is
// in the DTD.
func (g *gen) doctype() {
	root := map[int]string{formatRDF: "rdf:RDF", formatAtom: "feed", formatAtom03: "feed"}[g.format]
	if root == "" {
		root = "rss"
	}
	if g.level != levelDTD && g.c.intn(4) == 0 {
		return
	}
	g.w("<!DOCTYPE ", root)
	if g.c.intn(5) == 0 {
		g.w(` PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd"`)
	}
	g.w(" [\n")
	n := 1 + g.c.intn(4)
	for i := range n {
		g.declareEntity(fmt.Sprintf("e%d", i))
	}
	if g.c.intn(3) == 0 {
		g.w(`<!ENTITY % pe "<!ENTITY pex 'from a parameter entity'>">%pe;`, "\n")
	}
	if g.c.intn(3) == 0 {
		g.w(`<!ATTLIST item kind CDATA "default">`, "\n")
	}
	if g.level == levelDTD {
		g.note("DTD declarations")
		g.repeat(func() {
			for range 1 + g.c.intn(3) {
				switch g.c.intn(7) {
				case 0:
					g.w(`<!ENTITY dup "`, g.words(), `">`)
				case 1:
					g.w(`<!ENTITY % p "x">`)
				case 2:
					g.w(`<!--`, g.words(), `-->`)
				case 3:
					g.w(`<?pi `, g.words(), `?>`)
				case 4:
					g.w(`<!ATTLIST entry a CDATA #IMPLIED b CDATA "b">`)
				case 5:
					g.w(`<!ELEMENT item (#PCDATA)>`)
				default:
					g.w(`<!ENTITY ext SYSTEM "http://127.0.0.1/e">`)
				}
				g.w("\n")
			}
		}, nil, nil)
	}
	g.w("]>\n")
}

// declareEntity declares an internal entity whose replacement text mixes
// words, character references, escaped and literal markup, and references
// to the entities declared before it.
func (g *gen) declareEntity(name string) {
	var b strings.Builder
	size := 0
	for range 1 + g.c.intn(4) {
		switch g.c.intn(8) {
		case 0, 1:
			// A run of letters, up to 200 bytes (issue 34's finding 1 used
			// 100).
			n := 1 + g.c.intn(200)
			b.WriteString(strings.Repeat("x", n))
			size += n
		case 2:
			s := pick(&g.c, []string{"&#233;", "&#x1F600;", "&#38;#38;", "&#60;"})
			b.WriteString(s)
			size += len(s)
		case 3:
			s := "&#38;lt;b&#38;gt;bold&#38;lt;/b&#38;gt;" // escaped markup once expanded
			b.WriteString(s)
			size += len(s)
		case 4:
			s := "<b>x</b>"
			b.WriteString(s)
			size += len(s)
		case 5:
			s := "&amp;"
			b.WriteString(s)
			size += len(s)
		default:
			if len(g.entities) > 0 {
				e := g.entities[g.c.intn(len(g.entities))]
				n := 1 + g.c.intn(3)
				for range n {
					b.WriteString("&" + e.name + ";")
					size += e.expanded
				}
			} else {
				b.WriteString(g.words())
				size += 5
			}
		}
	}
	g.w(`<!ENTITY `, name, ` "`, b.String(), `">`, "\n")
	g.entities = append(g.entities, entity{name: name, expanded: size})
	g.note("entity %s (%d bytes expanded)", name, size)
}

// ref writes a reference to a declared entity (or, without any, an
// undeclared one) and counts its expansion.
func (g *gen) ref() {
	if len(g.entities) == 0 {
		g.w(pick(&g.c, []string{"&nbsp;", "&undeclared;", "&copy;"}))
		return
	}
	e := g.entities[g.c.intn(len(g.entities))]
	g.w("&", e.name, ";")
	g.exp[g.part] += e.expanded
}

// misc writes n comments, PIs or white space.
func (g *gen) misc(n int) {
	for range n {
		switch g.c.intn(4) {
		case 0:
			g.w("<!--", g.words(), "-->")
		case 1:
			g.w("<?xml-stylesheet href=\"s.xsl\" type=\"text/xsl\"?>")
		case 2:
			g.w("<?pi ", g.words(), "?>")
		default:
			g.w("\n  ")
		}
	}
}

// chooser reads choices from bytes; once they run out every choice is 0.
type chooser struct {
	b []byte
	i int
}

func (c *chooser) byte() byte {
	if c.i >= len(c.b) {
		return 0
	}
	x := c.b[c.i]
	c.i++
	return x
}

// intn returns a choice in [0, n).
func (c *chooser) intn(n int) int {
	if n <= 1 {
		return 0
	}
	if n <= 256 {
		return int(c.byte()) % n
	}
	return (int(c.byte())<<8 | int(c.byte())) % n
}

func pick[T any](c *chooser, list []T) T { return list[c.intn(len(list))] }

// words returns a few words.
func (g *gen) words() string {
	return pick(&g.c, []string{"a", "x y", "lorem ipsum", "Ünïcödé ✓", "日本語", "tab\tand\nnewline", "a b c d e f g h"})
}

package feedspec

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"github.com/feedspec/feedspec/internal/weburl"
)

// SafeHTML returns t as HTML that is safe to insert into a page for display:
// an allow-list sanitizer that walks t's node tree and writes only what it
// knows to be harmless. It returns "" for a nil Text, and a string value
// HTML-escaped (a string value is text, not markup).
//
// What it writes, for a Node value:
//
//   - Only the HTML elements of an allow-list of formatting, structure,
//     list, table and media elements (p, div, span, a, b, i, em, strong,
//     code, pre, blockquote, h1–h6, ul, ol, li, dl, table and its parts,
//     img, picture, source, video, audio, track, figure, details, ruby, ...).
//   - The elements script, style, template, iframe, frame, frameset,
//     object, embed, applet, param, noembed, noframes, xmp, plaintext,
//     textarea, select, datalist, button, input, head, title, meta, link and
//     base are removed with their content, and so is every SVG and MathML
//     element (foreign content is where parser-differential "mXSS" attacks
//     live, and SVG can carry scripts), and so is every element its author
//     hid (the hidden attribute, or a style attribute with display: none or
//     visibility: hidden), which would otherwise show once its attributes
//     are filtered. Any other element (form, font,
//     noscript, custom and unknown elements, elements in other namespaces)
//     is removed but its content is kept and sanitized in turn. Comments,
//     doctypes and processing instructions are removed.
//   - Per element, only allow-listed attributes, so every event handler
//     (onerror, onload, ...), id, name, class, target, srcdoc, formaction,
//     ping and the like are removed. Numbers, lengths and enumerated values
//     are checked.
//   - style keeps only the declarations of these presentational properties:
//     color, background-color, text-align, text-decoration, text-indent,
//     text-transform, font-weight, font-style, font-size, font-variant,
//     line-height, letter-spacing, word-spacing, white-space,
//     vertical-align, width, height, min- and max-width and -height, margin
//     and padding (and their -top, -right, -bottom, -left), border (and its
//     sides, -color, -style, -width, -radius), border-collapse,
//     border-spacing, float, clear, list-style-type and direction. Nothing
//     that positions or transforms content (position, top, left, z-index,
//     transform, display, overflow, ...) is kept. A value may only hold
//     keywords, hex colours, rgb()/rgba()/hsl()/hsla() colours and
//     non-negative numbers and lengths no larger than 10,000px (or the same
//     in pt, pc, in, cm, mm, q), 100em (rem, ex, ch), 100vw (vh, vmin,
//     vmax), 1,000% or 1,000 without a unit; so no negative margin or
//     indent, no expression(), url(), calc(), escapes or comments. A
//     declaration with any other value is removed.
//   - URL attributes (href, src, cite, poster, srcset) are parsed with the
//     WHATWG URL parser, as a browser does (entities are already decoded,
//     and tabs, newlines and surrounding control characters are ignored, so
//     "jav&#x09;ascript:" is seen as javascript:), resolved against baseURL
//     and written in their absolute, serialized form. Links (a href,
//     blockquote/q/del/ins cite) may be http, https, mailto or tel URLs;
//     media (src, poster, srcset) must be http or https, except that img src
//     may also be a data: URL of a raster image type (image/png, gif, jpeg,
//     webp, avif, bmp) — inline images are common in feeds and cannot run
//     script, while data:image/svg+xml and every other data: URL are
//     removed. An attribute whose URL fails to parse or has another scheme
//     (javascript:, vbscript:, data:, file:, ...) is removed; an img left
//     without a source is removed. What resolving against baseURL adds to
//     the URLs is at most 1 MiB, or the bytes of the rest of the output,
//     whichever is more (short relative links against a long base would
//     make the output their number times the base); past it a relative
//     URL is removed as one that fails to parse. No real feed comes near.
//   - When baseURL is "" or not an absolute URL, absolute URLs are checked
//     as above and relative ones are kept relative (a browser resolves them
//     against the page, so they cannot change scheme).
//
// All attribute values are quoted and escaped, text is escaped, and no
// element whose content the HTML parser treats as raw text (script, style,
// textarea, title, xmp, iframe, noembed, noframes, noscript, plaintext) nor
// any SVG or MathML element is ever written. The output is written for the
// HTML fragment parser (a div context, as innerHTML): parsing it builds
// exactly the elements, attributes and text written, in the tree the tags
// describe, and SafeHTML of that tree is the same string again. For that,
// where the parser would close an element implicitly (a removed wrapper or
// Atom XHTML content can leave a div or a table inside a p, an li inside an
// li, a dd or dt inside a dd or dt, an h2 right inside an h1, an a inside an
// a, a ruby annotation inside a p), SafeHTML closes it there and opens it
// again, with the same attributes, for the content that follows; it writes
// the table elements the parser would imply (tbody, tr, td around a
// table's stray content, colgroup around col), keeps only the col elements
// of a column group, and leaves out the tags (not the content) of table
// parts outside a table, which the parser ignores.
// The attributes of formatting elements (a, b, em, ...) are written sorted
// by name, the order in which x/net/html's parser keeps them.
func SafeHTML(t *Text, baseURL string) string {
	if t == nil {
		return ""
	}
	n := t.readNode() // not kept (text.go)
	if !t.IsNode() || n == nil {
		return html.EscapeString(t.String())
	}
	s := &safeWriter{}
	s.setBase(baseURL)
	if l := t.lazy; l != nil && l.xhtml == nil {
		// The output is about the source's size, plus the base URL's
		// origin or directory before each resolved URL (one at most per
		// "=", within what urlRoom allows): made that big at once, it is
		// not grown by doubling from small (the arrays left behind
		// adding up to twice the output or more).
		src := t.source(l)
		added := 0
		if prefix := max(len(s.baseOrigin), len(s.baseDir)); prefix > 0 {
			added = min(strings.Count(src, "=")*prefix, len(src)+1<<20)
		}
		s.b.Grow(len(src) + added + safeRoom)
	}
	s.cur = &s.root
	s.children(n)
	s.moveTo(&s.root)
	return s.b.String()
}

// setBase sets the base URL the writer resolves URLs against: none when
// baseURL is "" or not an absolute URL.
func (s *safeWriter) setBase(baseURL string) {
	if baseURL == "" {
		return
	}
	if u, err := weburl.Parse(baseURL, nil); err == nil {
		s.base = u
		s.baseOrigin, s.baseRoot, s.baseDir = simpleBaseParts(u.Href())
	}
}

// A safeAttr is an attribute SafeHTML writes: key="prefix val" (the prefix
// a base URL's part the value was resolved against, or "").
type safeAttr struct{ key, prefix, val string }

// urlSchemes returns the schemes (and whether a data: raster image is
// allowed) of a URL attribute kind.
func urlSchemes(kind safeAttrKind) (schemes map[string]bool, dataImage bool) {
	switch kind {
	case safeAttrLink:
		return safeLinkSchemes, false
	case safeAttrImage:
		return safeMediaSchemes, true
	}
	return safeMediaSchemes, false
}

// safeAttrKind says how an allowed attribute's value is checked.
type safeAttrKind int

const (
	safeAttrText   safeAttrKind = iota // any value
	safeAttrLink                       // a link URL: http, https, mailto, tel
	safeAttrMedia                      // a media URL: http, https
	safeAttrImage                      // an image URL: http, https, data: raster image
	safeAttrSrcset                     // a srcset list of media URLs with descriptors
	safeAttrNumber                     // a non-negative integer
	safeAttrLength                     // a non-negative integer, optionally with %
	safeAttrFlag                       // a boolean attribute (written without value)
	safeAttrEnum                       // one of the rule's values (ASCII case-insensitive)
	safeAttrStyle                      // filtered CSS declarations
)

// safeAttrRule is how one allowed attribute is checked.
type safeAttrRule struct {
	kind   safeAttrKind
	values []string // for safeAttrEnum
}

// safeGlobalAttrs are allowed on every allowed element.
var safeGlobalAttrs = map[string]safeAttrRule{
	"title": {kind: safeAttrText},
	"lang":  {kind: safeAttrText},
	"dir":   {kind: safeAttrEnum, values: []string{"ltr", "rtl", "auto"}},
	"style": {kind: safeAttrStyle},
	"align": {kind: safeAttrEnum, values: []string{"left", "right", "center", "justify", "top", "middle", "bottom"}},
}

var (
	safeRuleText   = safeAttrRule{kind: safeAttrText}
	safeRuleNumber = safeAttrRule{kind: safeAttrNumber}
	safeRuleLength = safeAttrRule{kind: safeAttrLength}
	safeRuleFlag   = safeAttrRule{kind: safeAttrFlag}
	safeRuleLink   = safeAttrRule{kind: safeAttrLink}
	safeRuleMedia  = safeAttrRule{kind: safeAttrMedia}
	safeRuleSrcset = safeAttrRule{kind: safeAttrSrcset}
	safeRulePre    = safeAttrRule{kind: safeAttrEnum, values: []string{"none", "metadata", "auto"}}
)

// safeElements are the elements SafeHTML keeps, with the attributes each
// may keep beyond safeGlobalAttrs.
var safeElements = map[string]map[string]safeAttrRule{
	"a":          {"href": safeRuleLink, "hreflang": safeRuleText},
	"abbr":       nil,
	"acronym":    nil,
	"address":    nil,
	"article":    nil,
	"aside":      nil,
	"audio":      {"src": safeRuleMedia, "controls": safeRuleFlag, "loop": safeRuleFlag, "muted": safeRuleFlag, "preload": safeRulePre},
	"b":          nil,
	"bdi":        nil,
	"bdo":        nil,
	"big":        nil,
	"blockquote": {"cite": safeRuleLink},
	"br":         nil,
	"caption":    nil,
	"center":     nil,
	"cite":       nil,
	"code":       nil,
	"col":        {"span": safeRuleNumber, "width": safeRuleLength},
	"colgroup":   {"span": safeRuleNumber, "width": safeRuleLength},
	"data":       {"value": safeRuleText},
	"dd":         nil,
	"del":        {"cite": safeRuleLink, "datetime": safeRuleText},
	"details":    {"open": safeRuleFlag},
	"dfn":        nil,
	"div":        nil,
	"dl":         nil,
	"dt":         nil,
	"em":         nil,
	"figcaption": nil,
	"figure":     nil,
	"footer":     nil,
	"h1":         nil,
	"h2":         nil,
	"h3":         nil,
	"h4":         nil,
	"h5":         nil,
	"h6":         nil,
	"header":     nil,
	"hgroup":     nil,
	"hr":         nil,
	"i":          nil,
	"img": {"src": {kind: safeAttrImage}, "srcset": safeRuleSrcset, "sizes": safeRuleText, "alt": safeRuleText,
		"width": safeRuleLength, "height": safeRuleLength, "border": safeRuleNumber,
		"loading": {kind: safeAttrEnum, values: []string{"lazy", "eager"}}},
	"ins":     {"cite": safeRuleLink, "datetime": safeRuleText},
	"kbd":     nil,
	"li":      {"value": safeRuleNumber},
	"main":    nil,
	"mark":    nil,
	"nav":     nil,
	"ol":      {"start": safeRuleNumber, "reversed": safeRuleFlag, "type": {kind: safeAttrEnum, values: []string{"1", "a", "i"}}},
	"p":       nil,
	"picture": nil,
	"pre":     nil,
	"q":       {"cite": safeRuleLink},
	"rb":      nil,
	"rp":      nil,
	"rt":      nil,
	"rtc":     nil,
	"ruby":    nil,
	"s":       nil,
	"samp":    nil,
	"section": nil,
	"small":   nil,
	"source":  {"src": safeRuleMedia, "srcset": safeRuleSrcset, "sizes": safeRuleText, "type": safeRuleText, "media": safeRuleText},
	"span":    nil,
	"strike":  nil,
	"strong":  nil,
	"sub":     nil,
	"summary": nil,
	"sup":     nil,
	"table":   {"width": safeRuleLength, "border": safeRuleNumber, "cellpadding": safeRuleNumber, "cellspacing": safeRuleNumber},
	"tbody":   nil,
	"td": {"colspan": safeRuleNumber, "rowspan": safeRuleNumber, "headers": safeRuleText, "width": safeRuleLength,
		"valign": {kind: safeAttrEnum, values: []string{"top", "middle", "bottom", "baseline"}}},
	"tfoot": nil,
	"th": {"colspan": safeRuleNumber, "rowspan": safeRuleNumber, "headers": safeRuleText, "width": safeRuleLength, "abbr": safeRuleText,
		"scope":  {kind: safeAttrEnum, values: []string{"row", "col", "rowgroup", "colgroup"}},
		"valign": {kind: safeAttrEnum, values: []string{"top", "middle", "bottom", "baseline"}}},
	"thead": nil,
	"time":  {"datetime": safeRuleText},
	"tr":    nil,
	"track": {"src": safeRuleMedia, "srclang": safeRuleText, "label": safeRuleText, "default": safeRuleFlag,
		"kind": {kind: safeAttrEnum, values: []string{"subtitles", "captions", "descriptions", "chapters", "metadata"}}},
	"tt":  nil,
	"u":   nil,
	"ul":  nil,
	"var": nil,
	"video": {"src": safeRuleMedia, "poster": safeRuleMedia, "controls": safeRuleFlag, "loop": safeRuleFlag, "muted": safeRuleFlag,
		"playsinline": safeRuleFlag, "preload": safeRulePre, "width": safeRuleLength, "height": safeRuleLength},
	"wbr": nil,
}

// safeDropped are the HTML elements SafeHTML removes with their content.
var safeDropped = map[string]bool{
	"script": true, "style": true, "template": true, "iframe": true,
	"frame": true, "frameset": true, "object": true, "embed": true,
	"applet": true, "param": true, "noembed": true, "noframes": true,
	"xmp": true, "plaintext": true, "textarea": true, "select": true,
	"datalist": true, "button": true, "input": true, "keygen": true,
	"head": true, "title": true, "meta": true, "link": true, "base": true,
	"svg": true, "math": true, "portal": true, "fencedframe": true,
}

// safeVoid are the allowed void elements: written without an end tag and
// without children.
var safeVoid = map[string]bool{"br": true, "col": true, "hr": true, "img": true, "source": true, "track": true, "wbr": true}

// safeKind are the properties of an allowed element that the HTML parser's
// tree construction rules depend on (see the tables below).
type safeKind uint8

const (
	safeKindTableScope safeKind = 1 << iota // in safeTableScope
	safeKindSpecial                         // in safeSpecial
	safeKindClosesP                         // in safeClosesP
	safeKindFormatting                      // in safeFormatting
	safeKindHeading                         // in safeHeadings
	safeKindTablePart                       // in safeTableParts
	safeKindVoid                            // in safeVoid
)

// safeElement is what SafeHTML knows of an allowed element.
type safeElement struct {
	attrs map[string]safeAttrRule // as in safeElements
	kind  safeKind
}

// safeElementTable holds every allowed element (safeElements) with its
// kind, so that writing an element costs one map lookup.
var safeElementTable = func() map[string]safeElement {
	sets := []struct {
		set  map[string]bool
		kind safeKind
	}{
		{safeTableScope, safeKindTableScope}, {safeSpecial, safeKindSpecial}, {safeClosesP, safeKindClosesP},
		{safeFormatting, safeKindFormatting}, {safeHeadings, safeKindHeading}, {safeTableParts, safeKindTablePart},
		{safeVoid, safeKindVoid},
	}
	t := make(map[string]safeElement, len(safeElements))
	for name, attrs := range safeElements {
		e := safeElement{attrs: attrs}
		for _, k := range sets {
			if k.set[name] {
				e.kind |= k.kind
			}
		}
		t[name] = e
	}
	return t
}()

// safeWriter writes the sanitized serialization of a tree. It keeps a model
// of the elements the HTML parser will have open when it reads the output,
// so that what it writes is the tree the parser builds: where the parser
// would close an element implicitly (a div inside a p, an li inside an li,
// an h2 right inside an h1, an a inside an a), the writer closes it first
// and opens it again, with the same attributes, for the content that
// follows; where the parser would imply a table element (tbody, tr, td,
// colgroup), the writer writes it.
type safeWriter struct {
	base *weburl.URL // nil: no usable base URL
	// baseOrigin, baseRoot and baseDir are base's parts for the fast
	// paths (simpleBaseParts), "" when they do not apply.
	baseOrigin, baseRoot, baseDir string
	// attrs is the slice attributes fills, reused from element to element
	// (an element's attributes are written before its content is read).
	attrs []safeAttr
	// added is the bytes resolving URLs against base added to them, and
	// urlsSpent tells that they reached the budget (urlRoom).
	added     int
	urlsSpent bool
	b         strings.Builder
	// open is the parser's stack of open elements for what was written.
	open []*safeFrame
	// root is the fragment: the parent of the top-level content.
	root safeFrame
	// cur is the frame the content being written belongs to.
	cur *safeFrame
	// afterPre: the last thing written is a <pre> start tag (the parser
	// drops a newline right after it).
	afterPre bool
	// frames is the current block of frames newFrame hands out.
	frames []safeFrame
	// free are frames newFrame hands out again: those of elements whose
	// content is written and that are closed (see release).
	free []*safeFrame
	// reopened counts the bytes of the end tags written for splits and of
	// the start tags written again after them. They may not exceed the rest
	// of the output (plus safeReopenSlack):
	// past that, closed elements stay closed and what follows goes into
	// their nearest open ancestor, so that no input (n nested spans in a p
	// followed by n divs) makes the output grow quadratically.
	reopened int
}

// safeRoom is the room SafeHTML keeps in its output before each node.
const safeRoom = 512

// safeReopenSlack is how many bytes of reopened start tags the output may
// hold beyond its other bytes.
const safeReopenSlack = 4096

// A safeFrame is an element SafeHTML writes (or the fragment root), with
// what the HTML parser's rules need to know about its ancestors.
type safeFrame struct {
	name   string
	start  string // the start tag as written, to open the element again
	parent *safeFrame
	depth  int      // 0 for the root, 1 for a top-level element, ...
	kind   safeKind // name's kind
	isOpen bool     // written and not closed since
	inPre  bool     // this element or an ancestor is a pre
	// abandoned: closed by a split and not opened again (the reopening
	// budget ran out); its content goes into its nearest open ancestor.
	abandoned bool
	// wrappers are the table elements the writer added inside this one
	// (tbody, tr, td or colgroup, outermost first), still open.
	wrappers []*safeFrame
	// The nearest ancestor-or-self the parser would close when a p-closing
	// element, an li, a dd or dt, an a, or a ruby annotation starts here
	// (nil: none in scope).
	p, li, dd, a, ruby *safeFrame
}

// newFrame returns the frame of element name, of the given kind, written
// inside parent.
func (s *safeWriter) newFrame(name string, kind safeKind, start string, parent *safeFrame) *safeFrame {
	var f *safeFrame
	if n := len(s.free); n > 0 {
		f, s.free = s.free[n-1], s.free[:n-1]
	} else {
		if len(s.frames) == cap(s.frames) {
			s.frames = make([]safeFrame, 0, 32) // frames are allocated in blocks
		}
		s.frames = s.frames[:len(s.frames)+1]
		f = &s.frames[len(s.frames)-1]
	}
	*f = safeFrame{name: name, kind: kind, start: start, parent: parent,
		p: parent.p, li: parent.li, dd: parent.dd, a: parent.a, ruby: parent.ruby,
		inPre: parent.inPre || name == "pre", depth: parent.depth + 1, wrappers: f.wrappers[:0]}
	// A table, cell or caption is a scope boundary and a marker.
	if kind&safeKindTableScope != 0 {
		f.p, f.a, f.ruby = nil, nil, nil
	}
	// The li, dd and dt loops stop at special elements but address, div, p.
	if kind&safeKindSpecial != 0 && name != "address" && name != "div" && name != "p" {
		f.li, f.dd = nil, nil
	}
	switch name {
	case "p":
		f.p = f
	case "li":
		f.li = f
	case "dd", "dt":
		f.dd = f
	case "a":
		f.a = f
	case "ruby":
		f.ruby = f
	}
	return f
}

var (
	// safeTableScope are the written elements that bound the parser's
	// scopes and the list of active formatting elements.
	safeTableScope = map[string]bool{"table": true, "td": true, "th": true, "caption": true}
	// safeSpecial are the allowed elements of the HTML parser's "special"
	// category.
	safeSpecial = map[string]bool{
		"address": true, "article": true, "aside": true, "blockquote": true, "br": true, "caption": true,
		"center": true, "col": true, "colgroup": true, "dd": true, "details": true, "div": true, "dl": true,
		"dt": true, "figcaption": true, "figure": true, "footer": true, "h1": true, "h2": true, "h3": true,
		"h4": true, "h5": true, "h6": true, "header": true, "hgroup": true, "hr": true, "img": true, "li": true,
		"main": true, "nav": true, "ol": true, "p": true, "pre": true, "section": true, "source": true,
		"summary": true, "table": true, "tbody": true, "td": true, "tfoot": true, "th": true, "thead": true,
		"tr": true, "track": true, "ul": true, "wbr": true,
	}
	// safeClosesP are the allowed elements whose start tag closes a p in
	// button scope.
	safeClosesP = map[string]bool{
		"address": true, "article": true, "aside": true, "blockquote": true, "center": true, "details": true,
		"div": true, "dl": true, "figcaption": true, "figure": true, "footer": true, "header": true,
		"hgroup": true, "main": true, "nav": true, "ol": true, "p": true, "section": true, "summary": true,
		"ul": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "pre": true,
		"li": true, "dd": true, "dt": true, "table": true, "hr": true,
	}
	// safeFormatting are the allowed formatting elements of the HTML parser.
	safeFormatting = map[string]bool{
		"a": true, "b": true, "big": true, "code": true, "em": true, "i": true, "s": true,
		"small": true, "strike": true, "strong": true, "tt": true, "u": true,
	}
	safeHeadings = map[string]bool{"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true}
	// safeTableParts are the elements the parser ignores outside their
	// table context.
	safeTableParts = map[string]bool{
		"caption": true, "colgroup": true, "col": true, "thead": true, "tbody": true, "tfoot": true,
		"tr": true, "td": true, "th": true,
	}
)

// impliedEndTag reports whether the parser's "generate implied end tags"
// closes element name (rtc too unless exceptRTC), among allowed elements.
func impliedEndTag(name string, exceptRTC bool) bool {
	switch name {
	case "dd", "dt", "li", "p", "rb", "rp", "rt":
		return true
	case "rtc":
		return !exceptRTC
	}
	return false
}

// parentFor returns the frame the parser makes the parent of an element
// name of the given kind whose start tag is written when at is the current
// element: at itself, or the parent of the element the start tag closes
// implicitly.
func parentFor(name string, kind safeKind, at *safeFrame) *safeFrame {
	for {
		switch {
		case name == "li" && at.li != nil:
			at = at.li.parent
		case (name == "dd" || name == "dt") && at.dd != nil:
			at = at.dd.parent
		case kind&safeKindClosesP != 0 && at.p != nil:
			at = at.p.parent
		case kind&safeKindHeading != 0 && at.kind&safeKindHeading != 0:
			at = at.parent
		case name == "a" && at.a != nil:
			at = at.a.parent
		case (name == "rb" || name == "rtc" || name == "rp" || name == "rt") && at.ruby != nil &&
			impliedEndTag(at.name, name == "rp" || name == "rt"):
			at = at.parent
		default:
			return at
		}
	}
}

// insertion returns the frame f's content goes into: its innermost
// wrapper, or f.
func (f *safeFrame) insertion() *safeFrame {
	if n := len(f.wrappers); n > 0 {
		return f.wrappers[n-1]
	}
	return f
}

// isTableContainer reports whether the parser, with f current, is in a
// table insertion mode where only table parts may be children.
func (f *safeFrame) isTableContainer() bool {
	switch f.name {
	case "table", "tbody", "thead", "tfoot", "tr", "colgroup":
		return true
	}
	return false
}

// tableChild says where child (an element name, or "#text" for text that
// is not white space; part: a table part) goes when the table container c
// is current: fits (a child of c), the wrappers to write first, or drop.
func tableChild(c, child string, part bool) (fits bool, wrappers []string, drop bool) {
	switch c {
	case "table":
		switch child {
		case "caption", "colgroup", "thead", "tbody", "tfoot":
			return true, nil, false
		case "col":
			return false, []string{"colgroup"}, false
		case "tr":
			return false, []string{"tbody"}, false
		case "td", "th":
			return false, []string{"tbody", "tr"}, false
		}
		return false, []string{"tbody", "tr", "td"}, false
	case "tbody", "thead", "tfoot":
		switch child {
		case "tr":
			return true, nil, false
		case "td", "th":
			return false, []string{"tr"}, false
		}
		if part {
			return false, nil, false // closes the section: not a child here
		}
		return false, []string{"tr", "td"}, false
	case "tr":
		switch child {
		case "td", "th":
			return true, nil, false
		}
		if part {
			return false, nil, false
		}
		return false, []string{"td"}, false
	case "colgroup":
		return child == "col", nil, child != "col"
	}
	return true, nil, false
}

// place decides where content child (an element name of the given kind, or
// "#text" for text that is not white space) of the current frame goes: it closes the
// wrappers that cannot hold it and opens those it needs, and returns the
// frame that becomes its parent. A nil parent means the child is left out:
// with its content (ok false: a column group holds only col) or without its
// own tag (ok true: a table part out of its table context, whose tag the
// parser would ignore).
func (s *safeWriter) place(child string, kind safeKind) (parent *safeFrame, ok bool) {
	part := kind&safeKindTablePart != 0
	f := s.cur
	for len(f.wrappers) > 0 && !wrapperHolds(f.insertion().name, child, part) {
		s.closeWrapper(f)
	}
	at := f.insertion()
	if at.isTableContainer() {
		fits, wraps, drop := tableChild(at.name, child, part)
		switch {
		case drop:
			return nil, false
		case !fits && len(wraps) == 0:
			return nil, true
		}
		for _, w := range wraps {
			s.moveTo(f.insertion())
			wf := s.newFrame(w, safeElementTable[w].kind, "<"+w+">", f.insertion())
			s.write(wf)
			f.wrappers = append(f.wrappers, wf)
		}
		at = f.insertion()
	} else if part {
		return nil, true
	}
	at = s.live(at)
	if child == "#text" {
		return at, true
	}
	parent = s.live(parentFor(child, kind, at))
	// Elements nested deeper than safeMaxDepth are unwrapped (a table
	// needs room for the wrappers it may get).
	if parent.depth >= safeMaxDepth || child == "table" && parent.depth+4 > safeMaxDepth {
		return nil, true
	}
	return parent, true
}

// safeMaxDepth is the deepest element SafeHTML writes: HTML parsers limit
// nesting (x/net/html refuses more than 512 open elements; browsers put
// deeper elements beside their parent), so deeper elements are unwrapped
// and their content written in their place.
const safeMaxDepth = 256

// wrapperHolds reports whether the wrapper w (an element the writer added)
// can hold child (part: a table part), directly or in further wrappers.
func wrapperHolds(w, child string, part bool) bool {
	switch w {
	case "td":
		return !part
	case "tr":
		return child == "td" || child == "th" || !part
	case "tbody":
		return child == "tr" || child == "td" || child == "th" || !part
	}
	return child == "col" // colgroup
}

// live returns f, or, when opening f again (with its closed ancestors)
// would exceed the reopening budget, its nearest open ancestor, marking the
// closed frames in between abandoned.
func (s *safeWriter) live(f *safeFrame) *safeFrame {
	cost := 0 // the start tags to write again, and as much for end tags
	top := f
	for ; top != &s.root && !top.isOpen; top = top.parent {
		if top.abandoned {
			cost = -1 // an abandoned frame in the chain: go above it
			continue
		}
		if cost >= 0 {
			cost += 2 * len(top.start)
		}
	}
	if cost >= 0 && s.reopened+cost <= s.b.Len()-s.reopened+safeReopenSlack {
		return f
	}
	for g := f; g != top; g = g.parent {
		g.abandoned = true
	}
	return top
}

// closeWrapper closes f's innermost wrapper.
func (s *safeWriter) closeWrapper(f *safeFrame) {
	w := f.wrappers[len(f.wrappers)-1]
	f.wrappers = f.wrappers[:len(f.wrappers)-1]
	s.closeDownTo(w)
	s.release(w)
}

// release hands frame f, closed, back to newFrame. Only the frames of
// elements being written (s.cur and its ancestors) and their wrappers are
// referred to (as s.cur, a parent, an ancestor in scope, a wrapper or on
// the stack of open elements), so a closed wrapper, and the frame of an
// element whose content is all written, are free: every frame made inside
// them was released before them.
func (s *safeWriter) release(f *safeFrame) {
	s.free = append(s.free, f)
}

// closeDownTo closes every open element from the current one down to f,
// f included.
func (s *safeWriter) closeDownTo(f *safeFrame) {
	if !f.isOpen {
		return
	}
	for len(s.open) > 0 {
		top := s.open[len(s.open)-1]
		s.open = s.open[:len(s.open)-1]
		top.isOpen = false
		s.b.WriteString("</")
		s.b.WriteString(top.name)
		s.b.WriteByte('>')
		if top == f {
			break
		}
	}
	s.afterPre = false
}

// ensureOpen opens f and its ancestors again where a split closed them.
func (s *safeWriter) ensureOpen(f *safeFrame) {
	if f == nil || f.isOpen || f == &s.root {
		return
	}
	s.ensureOpen(f.parent)
	s.reopened += len(f.start)
	s.write(f)
}

// write writes f's start tag and pushes it on the stack of open elements.
func (s *safeWriter) write(f *safeFrame) {
	s.b.WriteString(f.start)
	s.push(f)
}

// push pushes f, whose start tag was just written, on the stack of open
// elements.
func (s *safeWriter) push(f *safeFrame) {
	f.isOpen = true
	s.open = append(s.open, f)
	s.afterPre = f.name == "pre"
}

// moveTo makes parent the current element of the output: it closes the
// open elements above it (the ones the parser would close implicitly) and
// opens it (and its ancestors) again if a split closed it.
func (s *safeWriter) moveTo(parent *safeFrame) {
	if parent.isOpen || parent == &s.root {
		n := s.b.Len()
		for len(s.open) > 0 && s.open[len(s.open)-1] != parent {
			s.closeDownTo(s.open[len(s.open)-1])
		}
		s.reopened += s.b.Len() - n
	}
	s.ensureOpen(parent)
}

func (s *safeWriter) children(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if s.b.Cap()-s.b.Len() < safeRoom {
			// Grown to twice its capacity: the output is written in
			// many short writes, which would grow it by a quarter at a
			// time (the arrays left behind adding up to four times the
			// output).
			s.b.Grow(safeRoom)
		}
		switch c.Type {
		case html.TextNode:
			s.text(strings.ReplaceAll(c.Data, "\x00", ""))
		case html.ElementNode:
			s.element(c)
		}
		// Comments, doctypes, processing instructions (RawNode) and
		// anything else are dropped.
	}
}

// text writes text data as content of the current frame.
func (s *safeWriter) text(data string) {
	if data == "" {
		return
	}
	if !hasNonSpaceChar(data) {
		// White space: where the elements it was in are closed, or in a
		// column group, it is left out rather than making them open again
		// (but not in a pre, where it shows).
		at := s.live(s.cur.insertion())
		if at != &s.root && !at.isOpen && !at.inPre {
			return
		}
		s.moveTo(at)
		s.writeText(data)
		return
	}
	parent, ok := s.place("#text", 0)
	if parent == nil || !ok {
		return
	}
	s.moveTo(parent)
	s.writeText(data)
}

// writeText writes escaped text; after a <pre> start tag it doubles a
// leading newline, which the parser drops.
func (s *safeWriter) writeText(data string) {
	if s.afterPre && strings.HasPrefix(data, "\n") {
		s.b.WriteByte('\n')
	}
	s.afterPre = false
	s.b.WriteString(html.EscapeString(data))
}

func (s *safeWriter) element(n *html.Node) {
	switch n.Namespace {
	case "svg", "math":
		return
	case "":
	default:
		// An element in no namespace or another namespace (Atom XHTML
		// content): not HTML, so unknown; keep its content.
		s.children(n)
		return
	}
	name := strings.ToLower(n.Data)
	if safeDropped[name] || isHiddenElement(n) {
		return
	}
	el, ok := safeElementTable[name]
	if !ok {
		if name == "noscript" && safeRawTextOnly(n) {
			// noscript parsed with scripting enabled holds its markup as
			// text; showing it as text is never what was meant.
			return
		}
		s.children(n)
		return
	}
	allowed := el.attrs
	attrs := s.attributes(n, allowed)
	if name == "img" && !safeHasKey(attrs, "src") && !safeHasKey(attrs, "srcset") {
		return
	}
	if el.kind&safeKindFormatting != 0 {
		// x/net/html's parser sorts a formatting element's attributes (to
		// compare them for the Noah's Ark clause); written sorted, they
		// re-parse in the order written.
		slices.SortFunc(attrs, func(a, b safeAttr) int { return strings.Compare(a.key, b.key) })
	}
	parent, ok := s.place(name, el.kind)
	if parent == nil {
		if ok {
			s.children(n) // a table part out of its context: unwrapped
		}
		return
	}
	s.moveTo(parent)
	// The start tag is written straight into the output; the frame keeps
	// it as a substring (a strings.Builder never changes bytes it wrote).
	n0 := s.b.Len()
	s.b.WriteByte('<')
	s.b.WriteString(name)
	for _, a := range attrs {
		s.b.WriteByte(' ')
		s.b.WriteString(a.key)
		if a.prefix != "" || a.val != "" || allowed[a.key].kind != safeAttrFlag {
			s.b.WriteString(`="`)
			s.b.WriteString(html.EscapeString(a.prefix))
			s.b.WriteString(html.EscapeString(a.val))
			s.b.WriteByte('"')
		}
	}
	s.b.WriteByte('>')
	s.attrs = attrs[:0] // written: the next element's
	if el.kind&safeKindVoid != 0 {
		s.afterPre = false
		return
	}
	start := s.b.String()[n0:]
	f := s.newFrame(name, el.kind, start, parent)
	s.push(f)
	saved := s.cur
	s.cur = f
	s.children(n)
	s.cur = saved
	for len(f.wrappers) > 0 {
		s.closeWrapper(f)
	}
	s.closeDownTo(f)
	s.release(f)
}

// safeRawTextOnly reports whether n's children are all text and hold a "<".
func safeRawTextOnly(n *html.Node) bool {
	lt := false
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.TextNode {
			return false
		}
		lt = lt || strings.Contains(c.Data, "<")
	}
	return lt
}

func safeHasKey(attrs []safeAttr, key string) bool {
	for _, a := range attrs {
		if a.key == key {
			return true
		}
	}
	return false
}

// attributes returns n's attributes that pass their rules, with cleaned
// values, in n's order, each once.
func (s *safeWriter) attributes(n *html.Node, allowed map[string]safeAttrRule) []safeAttr {
	out := s.attrs[:0]
	for _, a := range n.Attr {
		if a.Namespace != "" {
			continue
		}
		key := strings.ToLower(a.Key)
		rule, ok := allowed[key]
		if !ok {
			if rule, ok = safeGlobalAttrs[key]; !ok {
				continue
			}
		}
		if safeHasKey(out, key) {
			continue
		}
		switch rule.kind {
		case safeAttrLink, safeAttrMedia, safeAttrImage:
			schemes, dataImage := urlSchemes(rule.kind)
			if prefix, v, ok := s.urlParts(a.Val, schemes, dataImage); ok {
				out = append(out, safeAttr{key: key, prefix: prefix, val: v})
			}
		default:
			if v, ok := s.checkAttr(rule, a.Val); ok {
				out = append(out, safeAttr{key: key, val: v})
			}
		}
	}
	return out
}

var (
	safeNumberRE = regexp.MustCompile(`^[0-9]{1,9}$`)
	safeLengthRE = regexp.MustCompile(`^[0-9]{1,9}(\.[0-9]+)?%?$`)
)

// checkAttr returns the value to write for an attribute with rule and value
// v, and whether to keep the attribute.
func (s *safeWriter) checkAttr(rule safeAttrRule, v string) (string, bool) {
	switch rule.kind {
	case safeAttrText:
		return strings.ReplaceAll(v, "\x00", ""), true
	case safeAttrLink, safeAttrMedia, safeAttrImage:
		schemes, dataImage := urlSchemes(rule.kind)
		return s.url(v, schemes, dataImage)
	case safeAttrSrcset:
		return s.srcset(v)
	case safeAttrNumber:
		v = strings.TrimSpace(v)
		return v, safeNumberRE.MatchString(v)
	case safeAttrLength:
		v = strings.TrimSpace(v)
		return v, safeLengthRE.MatchString(v)
	case safeAttrFlag:
		return "", true
	case safeAttrEnum:
		v = strings.ToLower(strings.TrimSpace(v))
		for _, ok := range rule.values {
			if v == ok {
				return v, true
			}
		}
		return "", false
	case safeAttrStyle:
		v = safeStyle(v)
		return v, v != ""
	}
	return "", false
}

var (
	safeLinkSchemes  = map[string]bool{"http": true, "https": true, "mailto": true, "tel": true}
	safeMediaSchemes = map[string]bool{"http": true, "https": true}
	// safeDataImages are the data: URL media types allowed for img src.
	safeDataImages = map[string]bool{
		"image/png": true, "image/gif": true, "image/jpeg": true, "image/jpg": true,
		"image/webp": true, "image/avif": true, "image/bmp": true,
	}
)

// safePlaceholderBase is used only to tell a relative reference from a URL that
// does not parse when there is no base URL.
var safePlaceholderBase, _ = weburl.Parse("https://feedspec.invalid/", nil)

// url parses v as a browser would, resolving it against the base URL, and
// returns its serialization if its scheme is in schemes (or, with dataImage,
// it is a data: URL of a safe raster image type). The common URLs take the
// processor's fast paths (urls.go), which give the parser's serialization
// without running it: an http(s) URL already in serialized form
// (simpleHTTPURL; http and https are in every set of schemes), and a path
// reference against a simple http(s) base (pathAbsoluteFromOrigin,
// relativeFromDir). Any other URL is parsed once.
func (s *safeWriter) url(v string, schemes map[string]bool, dataImage bool) (string, bool) {
	prefix, rest, ok := s.urlParts(v, schemes, dataImage)
	return prefix + rest, ok
}

// urlParts is url, its result given as prefix followed by rest: a
// reference the fast paths resolve is the base's origin or directory
// followed by the reference itself, written out without building the
// string.
func (s *safeWriter) urlParts(v string, schemes map[string]bool, dataImage bool) (prefix, rest string, ok bool) {
	if r, ok := simpleHTTPURL(v); ok {
		return "", r, true
	}
	if s.base == nil {
		r, ok := unresolvedURL(v, schemes, dataImage)
		return "", r, ok
	}
	reads := weburl.ReadsBase(v)
	if reads && s.urlsSpent {
		return "", "", false
	}
	switch {
	case pathAbsoluteSimple(v, s.baseOrigin):
		prefix = s.baseOrigin
	case relativeSimple(v, s.baseDir):
		prefix = s.baseDir
	default:
		u, err := weburl.Parse(v, s.base)
		if err != nil || u == nil {
			return "", "", false
		}
		// What a URL read against the base adds is counted before its
		// scheme is checked.
		if reads && len(u.Href()) > len(v) && !s.urlRoom(len(u.Href())-len(v)) {
			return "", "", false
		}
		r, ok := safeAbsoluteURL(u, schemes, dataImage)
		return "", r, ok
	}
	// A fast path: an http(s) URL, read against the base.
	if !s.urlRoom(len(prefix)) {
		return "", "", false
	}
	return prefix, v, true
}

// unresolvedURL is url with no base URL: an absolute URL is checked as
// with one, and a relative reference is kept relative (the browser
// resolves it against the page, whose scheme it takes) when it parses
// against an https base, written without its surrounding C0 controls and
// spaces and its tabs, newlines and NULs. Such a reference always parses
// unless it starts with two slashes (or backslashes), which the parser
// reads as an authority: only then is it parsed, against
// safePlaceholderBase. A URL with a scheme that does not parse alone is
// kept the same way when its scheme is https and what follows the ":"
// does not start with two slashes: against an https base the parser reads
// that rest as a reference, which then parses, where alone it reads it as
// an authority (as it does for the rest that starts with two slashes,
// whatever the base). TestSafeURLFastPathsAgree checks this against
// parsing with no base, then against safePlaceholderBase.
func unresolvedURL(v string, schemes map[string]bool, dataImage bool) (string, bool) {
	if hasScheme(v) {
		if u, err := weburl.Parse(v, nil); err == nil && u != nil {
			return safeAbsoluteURL(u, schemes, dataImage)
		}
		scheme, rest, _ := strings.Cut(weburl.TrimC0Space(v), ":")
		if !strings.EqualFold(strings.Map(dropTabNewline, scheme), "https") || startsWithTwoSlashes(rest) {
			return "", false
		}
		return stripURLControls(v), true
	}
	if startsWithTwoSlashes(weburl.TrimC0Space(v)) {
		if safePlaceholderBase == nil {
			return "", false
		}
		if r, err := weburl.Parse(v, safePlaceholderBase); err != nil || r.Scheme() != "https" {
			return "", false
		}
	}
	return stripURLControls(v), true
}

// stripURLControls returns v without its leading and trailing C0 controls
// and spaces, and without the tabs, newlines and NULs inside: the form a
// relative reference is kept in.
func stripURLControls(v string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' || r == 0 {
			return -1
		}
		return r
	}, strings.TrimFunc(v, func(r rune) bool { return r <= ' ' }))
}

// startsWithTwoSlashes reports whether s starts with two characters each
// "/" or "\\" (tabs and newlines, which the parser removes, skipped): the
// start of an authority for a special URL's parser.
func startsWithTwoSlashes(s string) bool {
	n := 0
	for i := 0; i < len(s) && n < 2; i++ {
		switch s[i] {
		case '\t', '\n', '\r':
		case '/', '\\':
			n++
		default:
			return false
		}
	}
	return n == 2
}

// dropTabNewline is a strings.Map function removing tabs and newlines.
func dropTabNewline(r rune) rune {
	if r == '\t' || r == '\n' || r == '\r' {
		return -1
	}
	return r
}

// urlRoom counts n bytes resolving a URL against the base added to it and
// reports whether they are within the budget: what resolution adds is at
// most 1 MiB, or as many bytes as the rest of the output, whichever is
// more. Short relative links against a long base would make the output
// their number times the base's size. Past the budget, a URL read against
// the base is left out (as one that does not parse), the later ones
// without being resolved. No real feed comes near.
func (s *safeWriter) urlRoom(n int) bool {
	if s.added+n > max(1<<20, s.b.Len()-s.added) {
		s.urlsSpent = true
		return false
	}
	s.added += n
	return true
}

// safeAbsoluteURL returns the serialization of the parsed URL u if its scheme
// is in schemes (or, with dataImage, it is a data: URL of a safe raster image
// type). SafeHTML and SafeURL both decide through it.
func safeAbsoluteURL(u *weburl.URL, schemes map[string]bool, dataImage bool) (string, bool) {
	scheme := u.Scheme()
	if schemes[scheme] {
		return u.Href(), true
	}
	if dataImage && scheme == "data" {
		mt, _, _ := strings.Cut(u.Pathname(), ",")
		mt, _, _ = strings.Cut(mt, ";")
		if safeDataImages[strings.ToLower(strings.Trim(mt, " \t\n\r\f"))] {
			return u.Href(), true
		}
	}
	return "", false
}

var srcsetDescriptorRE = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?[wxh]$`)

// srcset checks each image candidate of a srcset value (following the HTML
// srcset parsing rules), keeping the candidates whose URL is an allowed media
// URL and whose descriptors are well-formed.
func (s *safeWriter) srcset(v string) (string, bool) {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
	var out []string
	i := 0
	for i < len(v) {
		for i < len(v) && (isSpace(v[i]) || v[i] == ',') {
			i++
		}
		start := i
		for i < len(v) && !isSpace(v[i]) {
			i++
		}
		if start == i {
			break
		}
		raw := v[start:i]
		var descs []string
		if strings.HasSuffix(raw, ",") {
			raw = strings.TrimRight(raw, ",")
		} else {
			// Descriptors run to the next comma outside parentheses.
			dstart := i
			depth := 0
			for i < len(v) && (v[i] != ',' || depth > 0) {
				switch v[i] {
				case '(':
					depth++
				case ')':
					if depth > 0 {
						depth--
					}
				}
				i++
			}
			descs = strings.Fields(v[dstart:i])
		}
		ok := len(descs) <= 2
		for _, d := range descs {
			ok = ok && srcsetDescriptorRE.MatchString(strings.ToLower(d))
		}
		if !ok || raw == "" {
			continue
		}
		u, uok := s.url(raw, safeMediaSchemes, false)
		if !uok || strings.HasSuffix(u, ",") || strings.ContainsAny(u, " \t\n\r\f") {
			continue
		}
		out = append(out, strings.TrimSpace(u+" "+strings.ToLower(strings.Join(descs, " "))))
	}
	return strings.Join(out, ", "), len(out) > 0
}

// safeStyleProps are the CSS properties SafeHTML keeps in style attributes:
// presentational ones that cannot load resources, position content or cover
// the page. Nothing that positions or transforms content (position, top,
// left, right, bottom, inset, z-index, transform, translate, display,
// overflow, ...) is among them.
var safeStyleProps = map[string]bool{
	"color": true, "background-color": true, "text-align": true,
	"text-decoration": true, "text-indent": true, "text-transform": true,
	"font-weight": true, "font-style": true, "font-size": true,
	"font-variant": true, "line-height": true, "letter-spacing": true,
	"word-spacing": true, "white-space": true, "vertical-align": true,
	"width": true, "height": true, "max-width": true, "max-height": true,
	"min-width": true, "min-height": true,
	"margin": true, "margin-top": true, "margin-right": true, "margin-bottom": true, "margin-left": true,
	"padding": true, "padding-top": true, "padding-right": true, "padding-bottom": true, "padding-left": true,
	"border": true, "border-top": true, "border-right": true, "border-bottom": true, "border-left": true,
	"border-color": true, "border-style": true, "border-width": true, "border-radius": true,
	"border-collapse": true, "border-spacing": true,
	"float": true, "clear": true, "list-style-type": true, "direction": true,
}

var (
	// styleColorFuncRE matches the colour functions allowed in values.
	styleColorFuncRE = regexp.MustCompile(`(rgba?|hsla?)\([0-9.,%\s/+-]*\)`)
	// styleNumberRE is a non-negative number with an optional unit.
	styleNumberRE = regexp.MustCompile(`^([0-9]+(?:\.[0-9]+)?|\.[0-9]+)([a-z%]*)$`)
	// styleKeywordRE is a keyword ("auto", "line-through", "red"); a
	// leading "-" (a vendor prefix or a negative number) is not allowed.
	styleKeywordRE = regexp.MustCompile(`^[a-z][a-z-]*$`)
	styleHexRE     = regexp.MustCompile(`^#[0-9a-f]{3,8}$`)
)

// styleMaxLength is the largest length a style value may have, per unit:
// 10,000 CSS pixels in absolute units, 100 in font- and viewport-relative
// units, 1,000% and 1,000 without a unit (a factor, a weight or 0).
var styleMaxLength = map[string]float64{
	"px": 10000, "pt": 7500, "pc": 625, "in": 10000.0 / 96, "cm": 10000 * 2.54 / 96,
	"mm": 10000 * 25.4 / 96, "q": 10000 * 101.6 / 96,
	"em": 100, "rem": 100, "ex": 100, "ch": 100,
	"vw": 100, "vh": 100, "vmin": 100, "vmax": 100,
	"%": 1000, "": 1000,
}

// styleValueOK reports whether a (lowercase, trimmed) style value is made
// of keywords, hex colours, rgb()/hsl() colours and non-negative numbers
// and lengths within styleMaxLength, separated by spaces or commas.
func styleValueOK(val string) bool {
	if strings.IndexByte(val, '(') >= 0 {
		val = styleColorFuncRE.ReplaceAllString(val, " rgb ") // a colour: a keyword here
	}
	tokens := 0
	for val != "" {
		i := strings.IndexAny(val, " \t\n,")
		tok := val
		if i >= 0 {
			tok, val = val[:i], val[i+1:]
		} else {
			val = ""
		}
		if tok == "" {
			continue
		}
		tokens++
		if !styleTokenOK(tok) {
			return false
		}
	}
	return tokens > 0
}

// styleTokenOK reports whether tok is a keyword, a hex colour or a
// non-negative number with a known unit within styleMaxLength.
func styleTokenOK(tok string) bool {
	if styleKeywordRE.MatchString(tok) || styleHexRE.MatchString(tok) {
		return true
	}
	m := styleNumberRE.FindStringSubmatch(tok)
	if m == nil {
		return false
	}
	limit, ok := styleMaxLength[m[2]]
	v, err := strconv.ParseFloat(m[1], 64)
	return ok && err == nil && v <= limit
}

// safeStyle returns the declarations of the style attribute value css that
// SafeHTML keeps, serialized; "" if none.
func safeStyle(css string) string {
	var out []string
	for _, decl := range strings.Split(css, ";") {
		prop, val, ok := strings.Cut(decl, ":")
		if !ok {
			continue
		}
		prop = strings.ToLower(strings.TrimSpace(prop))
		val = strings.ToLower(strings.TrimSpace(val))
		if !safeStyleProps[prop] || val == "" {
			continue
		}
		important := ""
		if v, found := strings.CutSuffix(val, "!important"); found {
			val, important = strings.TrimSpace(v), " !important"
		}
		if !styleValueOK(val) {
			continue
		}
		out = append(out, prop+": "+strings.Join(strings.Fields(val), " ")+important)
	}
	return strings.Join(out, "; ")
}

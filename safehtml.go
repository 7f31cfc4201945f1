package feedspec

import (
	"regexp"
	"strings"

	whatwg "github.com/nlnwa/whatwg-url/url"
	"golang.org/x/net/html"
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
//     are checked; style keeps only declarations of a list of presentational
//     properties whose values are plain keywords, numbers, lengths, colours
//     and rgb()/hsl() functions (so no expression(), url(), escapes or
//     comments).
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
//     without a source is removed.
//   - When baseURL is "" or not an absolute URL, absolute URLs are checked
//     as above and relative ones are kept relative (a browser resolves them
//     against the page, so they cannot change scheme).
//
// All attribute values are quoted and escaped, text is escaped, and no
// element whose content the HTML parser treats as raw text (script, style,
// textarea, title, xmp, iframe, noembed, noframes, noscript, plaintext) nor
// any SVG or MathML element is ever written, so parsing the output as HTML
// builds only the elements and attributes written (and the ones the parser
// implies, like tbody). For content parsed from escaped HTML, parsing the
// output again gives exactly the tree that was written. Atom XHTML content
// can nest elements in ways HTML parsing does not (a pre inside a p, an li
// inside an li); for it a browser may restructure the output, still only
// from the elements and attributes written.
func SafeHTML(t *Text, baseURL string) string {
	if t == nil {
		return ""
	}
	n := t.Node()
	if !t.IsNode() || n == nil {
		return html.EscapeString(t.String())
	}
	s := &safeWriter{}
	if baseURL != "" {
		if u, err := whatwg.Parse(baseURL); err == nil && u != nil {
			s.base = u
		}
	}
	s.children(n)
	return s.b.String()
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

// safeWriter writes the sanitized serialization of a tree.
type safeWriter struct {
	base *whatwg.Url // nil: no usable base URL
	b    strings.Builder
}

func (s *safeWriter) children(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			s.b.WriteString(html.EscapeString(strings.ReplaceAll(c.Data, "\x00", "")))
		case html.ElementNode:
			s.element(c)
		}
		// Comments, doctypes, processing instructions (RawNode) and
		// anything else are dropped.
	}
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
	allowed, ok := safeElements[name]
	if !ok {
		if name == "noscript" && safeRawTextOnly(n) {
			// noscript parsed with scripting enabled holds its markup as
			// text; showing it as text is never what was meant.
			return
		}
		s.children(n)
		return
	}
	attrs := s.attributes(n, allowed)
	if name == "img" && !safeHasKey(attrs, "src") && !safeHasKey(attrs, "srcset") {
		return
	}
	s.b.WriteByte('<')
	s.b.WriteString(name)
	for _, a := range attrs {
		s.b.WriteByte(' ')
		s.b.WriteString(a.Key)
		if a.Val != "" || allowed[a.Key].kind != safeAttrFlag {
			s.b.WriteString(`="`)
			s.b.WriteString(html.EscapeString(a.Val))
			s.b.WriteByte('"')
		}
	}
	s.b.WriteByte('>')
	if safeVoid[name] {
		return
	}
	if name == "pre" {
		// The HTML parser drops a newline right after <pre>.
		if c := n.FirstChild; c != nil && c.Type == html.TextNode && strings.HasPrefix(c.Data, "\n") {
			s.b.WriteByte('\n')
		}
	}
	s.children(n)
	s.b.WriteString("</")
	s.b.WriteString(name)
	s.b.WriteByte('>')
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

func safeHasKey(attrs []html.Attribute, key string) bool {
	for _, a := range attrs {
		if a.Key == key {
			return true
		}
	}
	return false
}

// attributes returns n's attributes that pass their rules, with cleaned
// values, in n's order, each once.
func (s *safeWriter) attributes(n *html.Node, allowed map[string]safeAttrRule) []html.Attribute {
	var out []html.Attribute
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
		if v, ok := s.checkAttr(rule, a.Val); ok {
			out = append(out, html.Attribute{Key: key, Val: v})
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
	case safeAttrLink:
		return s.url(v, safeLinkSchemes, false)
	case safeAttrMedia:
		return s.url(v, safeMediaSchemes, false)
	case safeAttrImage:
		return s.url(v, safeMediaSchemes, true)
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
var safePlaceholderBase, _ = whatwg.Parse("https://feedspec.invalid/")

// url parses v as a browser would, resolving it against the base URL, and
// returns its serialization if its scheme is in schemes (or, with dataImage,
// it is a data: URL of a safe raster image type).
func (s *safeWriter) url(v string, schemes map[string]bool, dataImage bool) (string, bool) {
	var u *whatwg.Url
	var err error
	if s.base != nil {
		u, err = s.base.Parse(v)
	} else if u, err = whatwg.Parse(v); err != nil || u == nil {
		// Not absolute. Keep it relative if it parses as a relative
		// reference: the browser resolves it against the page, whose scheme
		// it takes.
		if safePlaceholderBase == nil {
			return "", false
		}
		if r, rerr := safePlaceholderBase.Parse(v); rerr != nil || r == nil || r.Scheme() != "https" {
			return "", false
		}
		return strings.Map(func(r rune) rune {
			if r == '\t' || r == '\n' || r == '\r' || r == 0 {
				return -1
			}
			return r
		}, strings.TrimFunc(v, func(r rune) bool { return r <= ' ' })), true
	}
	if err != nil || u == nil {
		return "", false
	}
	scheme := u.Scheme()
	if schemes[scheme] {
		return u.Href(false), true
	}
	if dataImage && scheme == "data" {
		mt, _, _ := strings.Cut(u.Pathname(), ",")
		mt, _, _ = strings.Cut(mt, ";")
		if safeDataImages[strings.ToLower(strings.Trim(mt, " \t\n\r\f"))] {
			return u.Href(false), true
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
// presentational ones that cannot load resources or cover the page.
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
	// styleValueRE is what a value may hold besides colour functions:
	// keywords, numbers, lengths, hex colours, commas.
	styleValueRE = regexp.MustCompile(`^[a-z0-9#%., \t\n+-]*$`)
)

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
		if val == "" || !styleValueRE.MatchString(styleColorFuncRE.ReplaceAllString(val, "")) {
			continue
		}
		out = append(out, prop+": "+strings.Join(strings.Fields(val), " ")+important)
	}
	return strings.Join(out, "; ")
}

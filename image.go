package feedspec

import "github.com/feedspec/feedspec/xml5"

// An Image is an icon, logo or thumbnail.
//
// URL is never "" in an Image the parser returns (a serialized URL is never
// empty); Width and Height are nil when null.
type Image struct {
	// URL is the image's URL: the element's URL text or attribute (href,
	// url or src), parsed.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URL string `json:"url,omitempty"`
	// Width and Height are the width and height attributes of a
	// media:thumbnail or gd:image, read with the rules for parsing
	// non-negative integers.
	Width  *int `json:"width,omitempty"`
	Height *int `json:"height,omitempty"`
}

// A ChannelImage is an RSS channel's image element whole (RSS 2.0, 0.92 and
// 0.91; in RSS 1.0, and RSS 0.90 read in recovery mode, the image element
// beside the channel): the specification keeps only its url, in Feed.Logo;
// this is an addition (Feed.ChannelImage). Each field is null ("" or nil) when its
// child element is absent or gives no value; the first child of each name
// is read.
type ChannelImage struct {
	// URL is the first url child, parsed as a URL element: Feed.Logo's
	// URL (see Feed.ChannelImage).
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URL string `json:"url,omitempty"`
	// Title is the title child, a string element: the image's alternative
	// text.
	Title *Text `json:"title,omitempty"`
	// Link is the link child, parsed as a URL element: the page the image
	// links to.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	Link string `json:"link,omitempty"`
	// Width and Height are the width and height children, read with the
	// rules for parsing non-negative integers (invalid: nil, with a
	// Diagnostic of kind DiagnosticNumber). RSS 2.0 gives them a maximum
	// (144 and 400) and defaults (88 and 31): neither is applied, the
	// values are as written.
	Width  *int `json:"width,omitempty"`
	Height *int `json:"height,omitempty"`
	// Description is the description child, a string element: the title
	// attribute of the link around the image.
	Description *Text `json:"description,omitempty"`
}

// processImageElement is "process an image element" [176] with the attribute
// name attr; nil is null.
func (p *processor) processImageElement(el *xml5.Node, attr string) *Image {
	text, _ := el.AttrValue("", attr) // [161]
	if text == "" {                   // [170]
		return nil // [177]
	}
	u := p.parseURL(el, attr, text) // [179]
	if u == "" {                    // [187]
		return nil // [177]
	}
	img := &Image{URL: u}                // [228] [229]
	img.Width = p.intAttr(el, "width")   // [297] [298]
	img.Height = p.intAttr(el, "height") // [299] [300]
	return img                           // [296]
}

// maxInt is the largest int, as an int64.
const maxInt = int64(^uint(0) >> 1)

// parseNonNegativeInteger applies HTML's "rules for parsing non-negative
// integers" to s: leading ASCII whitespace is skipped, one "+" is ignored, a
// "-" gives an error unless the value is zero, and the number is the run of
// ASCII digits that follows (anything after it is ignored). No digits is an
// error. A value that does not fit in an int64 is an error too.
func parseNonNegativeInteger(s string) (int64, bool) {
	i := 0
	for i < len(s) && isSpaceCharacter(s[i]) {
		i++
	}
	neg := false
	if i < len(s) {
		switch s[i] {
		case '-':
			neg = true
			i++
		case '+':
			i++
		}
	}
	start := i
	var n int64
	overflow := false
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		d := int64(s[i] - '0')
		if n > (1<<63-1-d)/10 {
			overflow = true
		} else {
			n = n*10 + d
		}
		i++
	}
	if i == start || overflow {
		return 0, false
	}
	if neg && n != 0 {
		return 0, false
	}
	return n, true
}

// isSpaceCharacter reports whether b is ASCII whitespace as the HTML and
// Infra standards define it: TAB, LF, FF, CR or SPACE (the same set as HTML's
// "space characters").
func isSpaceCharacter(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r'
}

// hasNonSpaceChar reports whether s contains a code point that is not a
// space character (TAB, LF, FF, CR, SPACE). U+00A0 and other Unicode spaces
// are not space characters.
func hasNonSpaceChar(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isSpaceCharacter(s[i]) {
			return true
		}
	}
	return false
}

// trimSpaceCharacters returns s without leading and trailing space characters.
func trimSpaceCharacters(s string) string {
	i, j := 0, len(s)
	for i < j && isSpaceCharacter(s[i]) {
		i++
	}
	for j > i && isSpaceCharacter(s[j-1]) {
		j--
	}
	return s[i:j]
}

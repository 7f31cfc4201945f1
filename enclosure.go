package feedspec

import "github.com/feedspec/feedspec/xml5"

// An Enclosure is a media file attached to an entry [188].
//
// The parser only returns enclosures whose URL was set, so URL is never "".
// MIMEType distinguishes a missing type attribute (nil) from type=""
// (a pointer to ""). Length is nil unless the length attribute gave a number
// greater than zero.
type Enclosure struct {
	URL      string  // "" is null
	MIMEType *string // nil is null; a type="" attribute gives ""
	Length   *int64  // nil is null
}

// attrPtr returns a pointer to a copy of el's attribute name (no namespace),
// or nil when el does not have it.
func attrPtr(el *xml5.Node, name string) *string {
	v, ok := el.AttrValue("", name)
	if !ok {
		return nil
	}
	return &v
}

// positiveLength applies [275]–[278] / [285]–[288] to el's length attribute:
// the rules for parsing non-negative integers, kept only when greater than
// zero. nil is null.
func positiveLength(el *xml5.Node) *int64 {
	s, ok := el.AttrValue("", "length") // [275] [285]
	if !ok {                            // [276] [286]
		return nil
	}
	n, ok := parseNonNegativeInteger(s) // [277] [287]
	if !ok || n <= 0 {                  // [278] [288]
		return nil
	}
	return &n // [274] [289]
}

// processMediaContent runs the steps for a content element in the Media RSS
// namespace, at item level ([292]–[371]) or inside a media:group
// ([123]–[171]): an enclosure with the url and type attributes, appended only
// when the URL parsed (no length is ever read).
func (p *processor) processMediaContent(entry *Entry, el *xml5.Node) {
	text, _ := el.AttrValue("", "url") // [364] [124]
	if text == "" {                    // [366] [125]
		return
	}
	u := p.parseURL(text) // [367] [126]
	if u == "" {          // [368] [127]
		return
	}
	enc := &Enclosure{URL: u}                        // [292] [123] [369] [163]
	enc.MIMEType = attrPtr(el, "type")               // [370] [165]
	entry.Enclosures = append(entry.Enclosures, enc) // [371] [171]
}

// processRSSEnclosure runs the steps for an enclosure element in the null
// namespace of an RSS 2.0 item ([279]–[290]).
func (p *processor) processRSSEnclosure(entry *Entry, el *xml5.Node) {
	text, _ := el.AttrValue("", "url") // [280]
	if text == "" {                    // [281]
		return
	}
	u := p.parseURL(text) // [282]
	if u == "" {          // [283]
		return
	}
	enc := &Enclosure{URL: u}                        // [279] [195]
	enc.MIMEType = attrPtr(el, "type")               // [284]
	enc.Length = positiveLength(el)                  // [285]–[289]
	entry.Enclosures = append(entry.Enclosures, enc) // [290]
}

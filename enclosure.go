package feedspec

import (
	"strconv"
	"time"

	"github.com/feedspec/feedspec/xml5"
)

// An Enclosure is a media file attached to an entry.
//
// The parser only returns enclosures whose URL was set, so URL is never "".
// MIMEType distinguishes a missing type attribute (nil) from type=""
// (a pointer to ""). Length is nil unless the length attribute gave a number
// greater than zero.
type Enclosure struct {
	// URL is the RSS enclosure's or media:content's url attribute, or the
	// Atom link's href, parsed.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	URL string `json:"url,omitempty"`
	// MIMEType is the type attribute as written; nil when absent.
	MIMEType *string `json:"type,omitempty"`
	// Length is the length attribute in bytes (RSS enclosure, Atom link;
	// never read from media:content, see FileSize).
	Length *int64 `json:"length,omitempty"`

	// The fields below are additions, read from the attributes of a Media
	// RSS content element only (media:content, in an item or a
	// media:group); nil or "" when null. In the canonical JSON they follow
	// length, with the keys medium, width, height, duration (whole
	// seconds), file_size and bitrate.

	// Medium is the medium attribute as written ("image", "audio",
	// "video", "document", "executable").
	Medium string `json:"medium,omitempty"`
	// Width and Height are in pixels (rules for parsing non-negative
	// integers).
	Width  *int `json:"width,omitempty"`
	Height *int `json:"height,omitempty"`
	// Duration is the duration attribute, in whole seconds.
	Duration *time.Duration `json:"duration,omitempty,format:wholesec"`
	// FileSize is the fileSize attribute, in bytes (greater than zero).
	FileSize *int64 `json:"file_size,omitempty"`
	// Bitrate is the bitrate attribute, in kilobits per second.
	Bitrate *float64 `json:"bitrate,omitempty"`
	// Title is a JSON Feed attachment's title (attachments with the same
	// title are alternate forms of one thing); "" when null. It follows
	// bitrate in the canonical JSON, with the key title.
	Title string `json:"title,omitempty"`

	// width and height hold the values Width and Height point to, so that
	// setting them allocates nothing beyond the Enclosure.
	width, height int
}

// An enclosureWithValues is an Enclosure and the values its MIMEType and
// Length point to, allocated together (newEnclosure).
type enclosureWithValues struct {
	e      Enclosure
	mime   string
	length int64
}

// newEnclosure returns an Enclosure whose URL is u, with room for its
// MIMEType and Length in the same allocation.
func newEnclosure(u string) *enclosureWithValues {
	return &enclosureWithValues{e: Enclosure{URL: u}}
}

// setMIMEType sets the MIMEType to el's type attribute as written; null
// when absent.
func (a *enclosureWithValues) setMIMEType(el *xml5.Node) {
	if v, ok := el.AttrValue("", "type"); ok {
		a.mime = v
		a.e.MIMEType = &a.mime
	}
}

// setLength sets the Length as positiveLength reads it ([275]–[278] /
// [285]–[288]).
func (a *enclosureWithValues) setLength(p *processor, el *xml5.Node) {
	if n, ok := p.positiveAttrValue(el, "length"); ok {
		a.length = n
		a.e.Length = &a.length
	}
}

// positiveLength applies [275]–[278] / [285]–[288] to el's length attribute:
// the rules for parsing non-negative integers, kept only when greater than
// zero. nil is null.
func (p *processor) positiveLength(el *xml5.Node) *int64 {
	return p.positiveAttr(el, "length") // [275]–[278] [285]–[288] [274] [289]
}

// positiveAttr reads el's attribute name with the rules for parsing
// non-negative integers and keeps it only when greater than zero; nil is
// null (absent, not a number, or zero).
func (p *processor) positiveAttr(el *xml5.Node, name string) *int64 {
	n, ok := p.positiveAttrValue(el, name)
	if !ok {
		return nil
	}
	v := takeKept(p, &p.numbers)
	*v = n
	return v
}

// positiveAttrValue is positiveAttr's value; ok is false for null.
func (p *processor) positiveAttrValue(el *xml5.Node, name string) (int64, bool) {
	s, ok := el.AttrValue("", name)
	if !ok {
		return 0, false
	}
	n, ok := parseNonNegativeInteger(s)
	if !ok || n <= 0 {
		p.reject(DiagnosticNumber, el, name, s, "not a number greater than zero")
		return 0, false
	}
	return n, true
}

// intAttr reads el's attribute name with the rules for parsing non-negative
// integers; nil is null.
func (p *processor) intAttr(el *xml5.Node, name string) *int {
	s, ok := el.AttrValue("", name)
	if !ok {
		return nil
	}
	v, ok := p.intValue(el, name, s)
	if !ok {
		return nil
	}
	n := takeKept(p, &p.ints)
	*n = v
	return n
}

// intValue reads s, the value of el's attribute name, with the rules for
// parsing non-negative integers; ok is false when it is not one (or does not
// fit in an int).
func (p *processor) intValue(el *xml5.Node, name, s string) (int, bool) {
	n, ok := parseNonNegativeInteger(s)
	if !ok || n > maxInt {
		p.reject(DiagnosticNumber, el, name, s, "not a non-negative integer")
		return 0, false
	}
	return int(n), true
}

// processMediaContent runs the steps for a content element in the Media RSS
// namespace, at item level ([292]–[371]) or inside a media:group
// ([123]–[171]): an enclosure with the url and type attributes, appended only
// when the URL parsed (no length is ever read).
func (p *processor) processMediaContent(entry *Entry, el *xml5.Node) {
	if !p.room(inEntry, listEnclosures, el) { // MaxPerEntry
		return
	}
	text, _ := el.AttrValue("", "url") // [364] [124]
	if text == "" {                    // [366] [125]
		return
	}
	u := p.parseURL(el, "url", text) // [367] [126]
	if u == "" {                     // [368] [127]
		return
	}
	// [292] [123] [369] [163] [370] [165]: no length is read, and the
	// type's room is taken only when there is one (an Enclosure alone is
	// 16 bytes smaller).
	var e *Enclosure
	if _, ok := el.AttrValue("", "type"); ok {
		enc := newEnclosure(u)
		enc.setMIMEType(el)
		e = &enc.e
	} else {
		e = &Enclosure{URL: u}
	}
	p.mediaAttributes(e, el)
	p.appendEnclosure(&entry.Enclosures, e) // [371] [171]
}

// processMediaGroupContents runs the steps for the content elements of a
// group element in the Media RSS namespace ([123]–[171]) for an RSS 2.0
// item: an addition, as the specification reads a group's contents in an
// Atom entry only (docs/decisions.md#rss-media-group).
func (p *processor) processMediaGroupContents(entry *Entry, el *xml5.Node) {
	for gc := el.FirstElementChild(); gc != nil; gc = gc.NextElementSibling() {
		if gc.Local == "content" && isMedia(gc.Namespace) {
			p.processMediaContent(entry, gc)
		}
	}
}

// mediaAttributes reads the additions of a Media RSS content element: medium,
// width, height, duration, fileSize and bitrate. Only the attributes that
// are present are looked at; the element usually has few.
func (p *processor) mediaAttributes(enc *Enclosure, el *xml5.Node) {
	for i := range el.Attr {
		a := &el.Attr[i]
		if a.Namespace != "" {
			continue
		}
		switch a.Local {
		case "medium":
			if hasNonSpaceChar(a.Value) {
				enc.Medium = a.Value
			}
		case "width":
			if n, ok := p.intValue(el, "width", a.Value); ok {
				enc.width = n
				enc.Width = &enc.width
			}
		case "height":
			if n, ok := p.intValue(el, "height", a.Value); ok {
				enc.height = n
				enc.Height = &enc.height
			}
		case "duration":
			enc.Duration = p.mediaDuration(el, a.Value)
		case "fileSize":
			enc.FileSize = p.positiveAttr(el, "fileSize")
		case "bitrate":
			if f, err := strconv.ParseFloat(trimSpaceCharacters(a.Value), 64); err == nil && f >= 0 && f < 1e15 {
				enc.Bitrate = &f
			} else {
				p.reject(DiagnosticNumber, el, "bitrate", a.Value, "not a non-negative number")
			}
		}
	}
}

// mediaDuration reads a Media RSS duration attribute: seconds, as a
// non-negative integer (a fraction is dropped); nil is null.
func (p *processor) mediaDuration(el *xml5.Node, s string) *time.Duration {
	n, ok := parseNonNegativeInteger(s)
	if !ok || n > maxDurationSeconds {
		p.reject(DiagnosticNumber, el, "duration", s, "not a number of seconds")
		return nil
	}
	d := time.Duration(n) * time.Second
	return &d
}

// processRSSEnclosure runs the steps for an enclosure element in the null
// namespace of an RSS 2.0 item ([279]–[290]).
func (p *processor) processRSSEnclosure(entry *Entry, el *xml5.Node) {
	if !p.room(inEntry, listEnclosures, el) { // MaxPerEntry
		return
	}
	text, _ := el.AttrValue("", "url") // [280]
	if text == "" {                    // [281]
		return
	}
	u := p.parseURL(el, "url", text) // [282]
	if u == "" {                     // [283]
		return
	}
	enc := newEnclosure(u)                       // [279] [195]
	enc.setMIMEType(el)                          // [284]
	enc.setLength(p, el)                         // [285]–[289]
	p.appendEnclosure(&entry.Enclosures, &enc.e) // [290]
}

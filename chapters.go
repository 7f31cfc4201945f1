package feedspec

import (
	"time"

	"github.com/feedspec/feedspec/xml5"
)

// Inline chapters (an addition, issue 38): Podlove Simple Chapters
// (podlove.org/simple-chapters, version 1.2), a psc:chapters element in an
// item (or an Atom entry) listing psc:chapter elements, each with a start
// time, a title and an optional link and image. Many podcast feeds carry
// these instead of a Podcasting 2.0 chapters file (podcast:chapters, read
// as EntryPodcast.Chapters).

// nsPSC is the Podlove Simple Chapters namespace.
const nsPSC = "http://podlove.org/simple-chapters"

// A Chapter is a psc:chapter element. JSON keys start (seconds, with a
// fraction; always written), title, href, image.
type Chapter struct {
	// Start is the start attribute: where the chapter begins in the
	// media, in Normal Play Time (see parseNPT).
	Start time.Duration `json:"start,format:sec"`
	// Title is the title attribute as written.
	Title string `json:"title,omitempty"`
	// Href is the href attribute, parsed: a page about the chapter.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	Href string `json:"href,omitempty"`
	// Image is the image attribute, parsed: the chapter's picture.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	Image string `json:"image,omitempty"`
}

// processChapters reads a psc:chapters element into entry.Chapters, when
// the entry has none yet: its psc:chapter children whose start attribute
// is a Normal Play Time, in document order (MaxPerEntry). A chapter whose
// start is missing or invalid is left out, with a Diagnostic.
func (p *processor) processChapters(entry *Entry, el *xml5.Node) {
	if entry.Chapters != nil {
		return
	}
	var list []Chapter
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if !c.Is(nsPSC, "chapter") {
			continue
		}
		v, ok := c.AttrValue("", "start")
		if !ok {
			p.reject(DiagnosticValue, c, "start", "", "a chapter without a start time")
			continue
		}
		start := p.nptAttr(c, "start", v)
		if start == nil || !p.room(inEntry, listChapters, c) {
			continue
		}
		appendCapped(p, &list, c, inEntry, nil, Chapter{
			Start: *start,
			Title: nonEmptyAttr(c, "title"),
			Href:  p.podcastURL(c, "href"),
			Image: p.podcastURL(c, "image"),
		})
	}
	entry.Chapters = list
}

// nptAttr reads v, the value of el's attribute name, as a Normal Play
// Time; nil, with a Diagnostic, when it is not one or overflows a
// time.Duration.
func (p *processor) nptAttr(el *xml5.Node, name, v string) *time.Duration {
	d, ok := parseNPT(v)
	if !ok {
		p.reject(DiagnosticNumber, el, name, v, "not a Normal Play Time (seconds, M:SS or H:MM:SS, with an optional fraction)")
		return nil
	}
	return &d
}

// parseNPT reads s, space characters around ignored, as a Normal Play Time
// (RFC 2326 §3.6, as Podlove Simple Chapters and Media RSS thumbnails
// write it):
//
//	npt-sec    = 1*DIGIT [ "." *DIGIT ]
//	npt-hhmmss = npt-hh ":" npt-mm ":" npt-ss [ "." *DIGIT ]
//	npt-hh     = 1*DIGIT
//	npt-mm     = 1*2DIGIT ; 0-59
//	npt-ss     = 1*2DIGIT ; 0-59
//
// and the form without hours that Podlove's own examples write ("3:07",
// "8:26.250"): npt-mm ":" npt-ss [ "." *DIGIT ]. A fraction's digits beyond
// nanoseconds are dropped. ok is false for anything else ("now" included:
// it is no point of a recording) and for a time that does not fit in a
// time.Duration.
func parseNPT(s string) (time.Duration, bool) {
	s = trimSpaceCharacters(s)
	// The fields before the fraction, split at the colons.
	var fields [3]int64
	var widths [3]int
	n, i := 0, 0
	for {
		if n == len(fields) {
			return 0, false
		}
		start := i
		var v int64
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			if v > maxDurationSeconds {
				return 0, false
			}
			v = v*10 + int64(s[i]-'0')
			i++
		}
		if i == start {
			return 0, false
		}
		fields[n], widths[n] = v, i-start
		n++
		if i == len(s) || s[i] != ':' {
			break
		}
		i++
	}
	var frac time.Duration
	if i < len(s) {
		if s[i] != '.' {
			return 0, false
		}
		i++
		scale := time.Duration(100 * time.Millisecond)
		for ; i < len(s); i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return 0, false
			}
			frac += time.Duration(c-'0') * scale
			scale /= 10
		}
	}
	var secs int64
	switch n {
	case 1: // npt-sec
		secs = fields[0]
	case 2, 3:
		// The last two fields are minutes and seconds: one or two digits,
		// 0 to 59.
		for k := n - 2; k < n; k++ {
			if widths[k] > 2 || fields[k] > 59 {
				return 0, false
			}
		}
		if n == 2 {
			secs = mulAdd(fields[0], 60, fields[1])
		} else {
			secs = mulAdd(mulAdd(fields[0], 60, fields[1]), 60, fields[2])
		}
	}
	if secs < 0 || secs > maxDurationSeconds || (secs == maxDurationSeconds && frac > 0) {
		return 0, false
	}
	return time.Duration(secs)*time.Second + frac, true
}

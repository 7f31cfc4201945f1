package feedspec

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/feedspec/feedspec/xml5"
)

// What Normalized reads of an entry's dates beyond its model. The
// practitioner's checklist (feed-formats-and-extraction-notes.md) takes an
// entry's date from dc:date, published or updated, else pubDate; the
// specification reads dc:date only in RSS 1.0 (and recovery mode only in an
// entry left undated). So, in every mode, the processor notes as each entry
// ends (noteEntryDates) the entry's first dc:date that gives a date, read by
// the mode's rules (W3C-DTF, and ParseDate with WithLenientDates), without
// diagnostics, its model untouched; and, for an entry left without any
// date, the texts of its date elements, which NormalizeOptions.DateParser
// may read. Most entries need neither: nothing is allocated for them.

// entryDates holds an entry's dates that are not in its model.
type entryDates struct {
	// dc is the first dc:date that gave a date, when hasDC; dcInfo its
	// DateInfo, nil when the W3C-DTF algorithm read it with its zone.
	dc     time.Time
	dcInfo *DateInfo
	hasDC  bool
	// unread are the date elements of an entry left without a date, in
	// the checklist's order, at most maxUnreadDates of them.
	unread []unreadDate
}

// An unreadDate is a date element no rule of the parse read.
type unreadDate struct {
	name   string // its qualified name as written, or a JSON Feed key path
	json   bool   // name is a JSON Feed key path
	text   string // its text, XML white space (or a JSON string's) trimmed
	offset int    // the byte offset of its start tag (of the JSON value)
}

// maxUnreadDates is the most unread date texts an entry keeps.
const maxUnreadDates = 8

// detached returns d with its texts copied, so that they keep no document
// alive (detachFeed); nil for nil.
func (d *entryDates) detached() *entryDates {
	if d == nil {
		return nil
	}
	c := *d
	c.unread = make([]unreadDate, len(d.unread))
	for i, u := range d.unread {
		c.unread[i] = unreadDate{name: strings.Clone(u.name), json: u.json, text: strings.Clone(u.text), offset: u.offset}
	}
	return &c
}

// dateGroup returns where an entry's child el stands in the checklist's
// order of date sources: 1 for dc:date, 2 for the elements that give
// Entry.Published (Atom published, Atom 0.3 issued and created, RSS
// pubDate, dcterms:issued and dcterms:created), 3 for those that give
// Entry.Updated (Atom updated, Atom 0.3 modified, dcterms:modified); 0 for
// any other element.
func dateGroup(el *xml5.Node) int {
	switch el.Namespace {
	case nsDC:
		if el.Local == "date" {
			return 1
		}
	case "":
		if el.Local == "pubDate" {
			return 2
		}
	case nsAtom:
		switch el.Local {
		case "published":
			return 2
		case "updated":
			return 3
		}
	case nsAtom03:
		switch el.Local {
		case "issued", "created":
			return 2
		case "modified":
			return 3
		}
	case nsDCTerms, nsDCTermsNoSlash:
		switch el.Local {
		case "issued", "created":
			return 2
		case "modified":
			return 3
		}
	}
	return 0
}

// noteEntryDates notes, for Normalized, entry's first dc:date that gives a
// date within the years 1–9999 (el is the entry's element) and, when the entry is left without a
// date, the texts of its date elements. It runs in every mode, after the
// processor and recovery mode's dates, and makes no diagnostic.
func (p *processor) noteEntryDates(entry *Entry, el *xml5.Node) {
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Namespace != nsDC || c.Local != "date" {
			continue
		}
		t, info, ok := p.readDCDate(c.ChildTextContent())
		if !ok || t.Year() < 1 || t.Year() > 9999 {
			continue // (W3C-DTF reads years past 9999, Normalized none)
		}
		if entry.Updated != nil && entry.Updated.Equal(t) {
			// Updated is this date: RSS 1.0 reads it there, recovery
			// mode fills Updated with it (or the entry's updated says
			// the same).
			entry.private().dcUpdated = true
		} else {
			entry.private().dates = &entryDates{dc: t, dcInfo: info, hasDC: true}
		}
		return
	}
	if entry.Published != nil || entry.Updated != nil {
		return
	}
	var unread []unreadDate
	for group := 1; group <= 3; group++ {
		for c := el.FirstElementChild(); c != nil && len(unread) < maxUnreadDates; c = c.NextElementSibling() {
			if dateGroup(c) != group {
				continue
			}
			if text := strings.Trim(c.ChildTextContent(), xmlSpaces); text != "" {
				unread = append(unread, unreadDate{name: c.QualifiedName(), text: text, offset: c.Offset})
			}
		}
	}
	if unread != nil {
		entry.private().dates = &entryDates{unread: unread}
	}
}

// readDCDate reads text, a dc:date's, by the mode's rules: the W3C-DTF
// algorithm, then with WithLenientDates ParseDate. info is nil when the
// algorithm read it with the zone it wrote.
func (p *processor) readDCDate(text string) (time.Time, *DateInfo, bool) {
	if t, ok := parseW3CDTFDate(text); ok {
		if w3cZoneAssumed(text) {
			info := assumedZoneInfo(text, FormW3CDTF)
			return t, &info, true
		}
		return t, nil, true
	}
	if p.lenientDates {
		if t, info, err := ParseDate(text); err == nil {
			info.Lenient = true
			return t, &info, true
		}
	}
	return time.Time{}, nil, false
}

// noteUnreadJSONDates notes, for an item of a JSON Feed left without a
// date, its date_published and date_modified strings (path is the item's
// key path), for NormalizeOptions.DateParser.
func (p *jsonFeedReader) noteUnreadJSONDates(e *Entry, obj map[string]json.RawMessage, path string) {
	var unread []unreadDate
	for _, key := range [...]string{"date_published", "date_modified"} {
		raw, ok := obj[key]
		if !ok || len(raw) == 0 || raw[0] != '"' {
			continue
		}
		if text := strings.TrimSpace(jsonString(raw)); text != "" {
			unread = append(unread, unreadDate{name: jsonPath(path, key), json: true, text: text, offset: p.offset(raw)})
		}
	}
	if unread != nil {
		e.private().dates = &entryDates{unread: unread}
	}
}

// checklistDate returns the entry's date in the checklist's order: its
// first dc:date that gave a date, else Published, else Updated, with the
// DateInfo that flags it as uncertain (nil when it is not).
func (e *Entry) checklistDate() (*time.Time, *DateInfo) {
	if e.priv != nil {
		if e.priv.dcUpdated && e.Updated != nil {
			return e.Updated, e.UpdatedInfo
		}
		if d := e.priv.dates; d != nil && d.hasDC {
			return &d.dc, d.dcInfo
		}
	}
	if e.Published != nil {
		return e.Published, e.PublishedInfo
	}
	return e.Updated, e.UpdatedInfo
}

// parsedDate is NormalizedWith's date from opts.DateParser: the first of the
// entry's unread date texts the parser reads, in the checklist's order, with
// an instant within the years 1–9999 (UTC). A call that panics is recovered
// from, its text left unread, and reported to opts.Diagnostics.
func (e *Entry) parsedDate(opts NormalizeOptions) *time.Time {
	if opts.DateParser == nil || e.priv == nil || e.priv.dates == nil {
		return nil
	}
	for _, u := range e.priv.dates.unread {
		t, ok, err := callDateParser(opts.DateParser, u.text)
		if err != nil {
			if opts.Diagnostics != nil {
				*opts.Diagnostics = append(*opts.Diagnostics, e.parserDiagnostic(u, err))
			}
			continue
		}
		if !ok {
			continue
		}
		if t = t.UTC(); t.Year() >= 1 && t.Year() <= 9999 {
			return &t
		}
	}
	return nil
}

// parserDiagnostic is the DiagnosticDate of a DateParser that panicked on
// u's text.
func (e *Entry) parserDiagnostic(u unreadDate, err error) Diagnostic {
	d := Diagnostic{Kind: DiagnosticDate, Offset: u.offset, Value: u.text,
		Message: fmt.Sprintf("NormalizeOptions.DateParser: %v; the date is left unread", err)}
	if u.json {
		d.Path = u.name
	} else {
		d.Element = u.name
		if e.Feed != nil && e.Feed.doc != nil {
			d.Line, d.Column = e.Feed.doc.Position(u.offset)
		}
	}
	return d
}

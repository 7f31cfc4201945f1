package feedspec

import (
	"time"

	"github.com/feedspec/feedspec/xml5"
)

// Tombstones and archives (an addition, issue 38).
//
// RFC 6721 (the Atom "deleted-entry" element) lets an Atom feed say that
// an entry it carried was deleted, so that a reader that keeps entries
// drops it: Feed.DeletedEntries. RFC 5005 (feed paging and archiving)
// marks a complete feed (fh:complete: the document holds every entry, a
// reader drops those it no longer lists) and an archive document
// (fh:archive: its entries will not change); its prev-archive,
// next-archive and current links are in Feed.Links, the prev and next
// ones also in Feed.PreviousFeedURL and Feed.NextFeedURL.

// Namespaces of the tombstone and feed-history elements.
const (
	nsTombstones  = "http://purl.org/atompub/tombstones/1.0"
	nsFeedHistory = "http://purl.org/syndication/history/1.0"
)

// A DeletedEntry is an at:deleted-entry element (RFC 6721 §2): the
// tombstone of an entry the feed no longer carries. JSON keys ref, when,
// by, comment.
type DeletedEntry struct {
	// Ref is the ref attribute as written: the id (atom:id) of the entry
	// deleted; never "".
	Ref string `json:"ref,omitempty"`
	// When is the when attribute, an RFC 3339 date (read as an Atom
	// date): when the entry was deleted; nil when it is not one.
	When *time.Time `json:"when,omitempty"`
	// By is the at:by child, an Atom person: who deleted it.
	By *Person `json:"by,omitempty"`
	// Comment is the at:comment child's text (process a string element).
	Comment string `json:"comment,omitempty"`
}

// processDeletedEntry appends the at:deleted-entry element el to
// feed.DeletedEntries (MaxPerEntry, ten times for the feed). An element
// without a ref holding a non-space character (RFC 6721: it is required)
// is left out, with a Diagnostic.
func (p *processor) processDeletedEntry(feed *Feed, el *xml5.Node) {
	ref, _ := el.AttrValue("", "ref")
	if !hasNonSpaceChar(ref) {
		p.reject(DiagnosticValue, el, "ref", ref, "a deleted-entry without a ref (the id of the entry deleted)")
		return
	}
	if !p.room(inFeed, listDeletedEntries, el) {
		return
	}
	d := DeletedEntry{Ref: ref}
	if v, ok := el.AttrValue("", "when"); ok {
		if t, ok := parseAtomDate(v); ok {
			d.When = p.newDate(t)
		} else {
			p.reject(DiagnosticDate, el, "when", v, "not an Atom (RFC 3339) date")
		}
	} else {
		p.reject(DiagnosticValue, el, "when", "", "a deleted-entry without a when (the time of the deletion)")
	}
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Namespace != nsTombstones {
			continue
		}
		switch c.Local {
		case "by":
			if d.By == nil {
				if by := p.processAtomPerson(c); *by != (Person{}) {
					d.By = by
				}
			}
		case "comment":
			if d.Comment == "" {
				d.Comment = processStringElement(c)
			}
		}
	}
	appendCapped(p, &feed.DeletedEntries, el, inFeed, nil, d)
}

// processFeedHistory reads an element of RFC 5005's namespace in a feed or
// channel: fh:complete and fh:archive set Complete and Archive (their
// presence is the value: the elements are empty).
func processFeedHistory(feed *Feed, el *xml5.Node) {
	switch el.Local {
	case "complete":
		feed.Complete = true
	case "archive":
		feed.Archive = true
	}
}

package feedspec

import (
	"crypto/sha256"
	"encoding/hex"
	"time"
)

// EntryKey returns a key that identifies e among the entries of its feed and
// stays the same when the feed is fetched again, for de-duplicating entries
// and remembering which were read. It is, in this order of preference:
//
//   - "id:" followed by the entry's ID (the Atom id, RSS guid or RSS 1.0
//     rdf:about, without the space characters around it), compared as a
//     string, as the Atom and RSS specifications ask;
//   - "url:" followed by the entry's page URL through CanonicalURL (so
//     that tracking parameters, letter case in the host and a fragment do
//     not make two keys), or the page URL itself when CanonicalURL fails;
//   - "enclosure:" followed by the first enclosure's URL through
//     CanonicalURL (podcast items whose only link is their media file: the
//     specification's cleanup moves such a link out of the page URL);
//   - "hash:" followed by 32 hex digits of the SHA-256 of the title's text
//     content (space characters collapsed) and the published date, else the
//     updated date (RFC 3339 in UTC); when the entry has neither title nor
//     date, of its summary and content text.
//
// Feeds only promise that ids are unique within the feed: to compare entries
// from several feeds, pair the key with the feed's URL. An entry with no id,
// URL, enclosure, title, date, summary or content gets the hash of nothing,
// the same for all such entries. EntryKey never uses the current time (as
// ComputedUpdated does), so it does not change from one parse to the next.
func EntryKey(e *Entry) string {
	if e == nil {
		e = &Entry{}
	}
	if id := trimSpaceCharacters(e.ID); id != "" {
		return "id:" + id
	}
	if e.PageURL != "" {
		return "url:" + canonicalOrSelf(e.PageURL)
	}
	for _, enc := range e.Enclosures {
		if enc != nil && enc.URL != "" {
			return "enclosure:" + canonicalOrSelf(enc.URL)
		}
	}
	var b []byte
	b = appendCollapsedSpace(b, e.Title.TextContent())
	b = append(b, 0)
	date := e.Published
	if date == nil {
		date = e.Updated
	}
	if date != nil {
		b = date.UTC().AppendFormat(b, time.RFC3339Nano)
	}
	if len(b) == 1 { // no title, no date
		b = appendCollapsedSpace(b, e.Summary.TextContent())
		b = append(b, 0)
		b = appendCollapsedSpace(b, e.Content.TextContent())
	}
	return "hash:" + entryKeyHash(b)
}

// canonicalOrSelf returns CanonicalURL(u), or u when it fails.
func canonicalOrSelf(u string) string {
	if c, err := CanonicalURL(u); err == nil {
		return c
	}
	return u
}

// entryKeyHash returns the first 16 bytes of the SHA-256 of b, in hex.
func entryKeyHash(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}

// appendCollapsedSpace appends s to b with each run of space characters made one
// space and the space characters at both ends dropped.
func appendCollapsedSpace(b []byte, s string) []byte {
	s = trimSpaceCharacters(s)
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isSpaceCharacter(c) {
			space = true
			continue
		}
		if space {
			b = append(b, ' ')
			space = false
		}
		b = append(b, c)
	}
	return b
}

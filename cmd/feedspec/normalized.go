package main

import (
	"encoding/json"
	"io"

	"github.com/feedspec/feedspec"
)

// writeNormalized writes the feed's entries as an indented JSON array of
// their normalized forms (Entry.Normalized), "[]" when there are none.
func writeNormalized(w io.Writer, feed *feedspec.Feed) error {
	entries := make([]*feedspec.NormalizedEntry, 0, len(feed.Entries))
	for _, e := range feed.Entries {
		entries = append(entries, e.Normalized())
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(entries)
}

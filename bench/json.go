package main

import (
	"bytes"
	"io"
	"strings"

	"github.com/feedspec/feedspec"
)

// feedspec's own JSON writers, measured in the parse+JSON mode after the
// json.Marshal rows: Feed.AppendJSON into a buffer reused from one input to
// the next (as a server answering requests reuses its buffers), and
// Feed.WriteJSON to io.Discard (it streams entry by entry). Both give
// json.Marshal's bytes.
var jsonWriters = []parser{
	{"feedspec AppendJSON", func() func([]byte, bool) error {
		var buf []byte
		return func(in []byte, _ bool) error {
			f, err := feedspec.ParseDocument(bytes.NewReader(in))
			if err != nil {
				return err
			}
			buf = f.AppendJSON(buf[:0])
			return nil
		}
	}()},
	{"feedspec WriteJSON", func(in []byte, _ bool) error {
		f, err := feedspec.ParseDocument(bytes.NewReader(in))
		if err != nil {
			return err
		}
		return f.WriteJSON(io.Discard)
	}},
}

// parsersFor returns the parsers measured in a mode: feedspec and gofeed,
// and in the parse+JSON mode feedspec's own writers too.
func parsersFor(withJSON bool) []parser {
	if !withJSON {
		return parsers
	}
	return append(parsers[:len(parsers):len(parsers)], jsonWriters...)
}

// selectSets keeps the sets whose names start with one of the
// comma-separated prefixes of only (all of them when only is "").
func selectSets(sets []inputSet, only string) []inputSet {
	if only == "" {
		return sets
	}
	var out []inputSet
	for _, s := range sets {
		for _, p := range strings.Split(only, ",") {
			if p != "" && strings.HasPrefix(s.name, p) {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

package xml5

import (
	"strings"
	"unicode/utf8"
)

// Position returns the 1-based line and column (counted in characters) of a
// byte offset in the decoded input, such as a Node's Offset, counting lines as
// the parse errors do (a line ends at LF). An offset past the end is the end.
// It returns 0, 0 for a Document Parse did not make.
//
// Calls with increasing offsets (a document walked in order) cost the
// length of the text between them: each call counts on from where the last
// one stopped; a smaller offset counts again from the start. Position is
// safe for concurrent use.
func (d *Document) Position(offset int) (line, column int) {
	if d == nil || d.Node == nil {
		return 0, 0
	}
	d.posMu.Lock()
	defer d.posMu.Unlock()
	return d.pos.at(d.text, offset)
}

// A positionCursor counts lines and columns in one text: it holds where it
// last stopped, the offset and its line and column (line 0: none yet), so
// that offsets asked for in increasing order cost the text between them.
// Document.Position and the parser's errors and repairs use one each.
type positionCursor struct {
	off, line, column int
}

// at returns the 1-based line and column (in characters) of offset in s,
// counting on from where the last call stopped when offset is not before
// it. An offset outside s is clamped to it.
func (c *positionCursor) at(s string, offset int) (line, column int) {
	offset = max(0, min(offset, len(s)))
	// Counting on is exact from a character boundary only.
	if c.line == 0 || offset < c.off || c.off < len(s) && !utf8.RuneStart(s[c.off]) {
		c.off, c.line, c.column = 0, 1, 1
	}
	seg := s[c.off:offset]
	if i := strings.LastIndexByte(seg, '\n'); i >= 0 {
		c.line += strings.Count(seg, "\n")
		c.column = utf8.RuneCountInString(seg[i+1:]) + 1
	} else {
		c.column += utf8.RuneCountInString(seg)
	}
	c.off = offset
	return c.line, c.column
}

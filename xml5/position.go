package xml5

import (
	"strings"
	"sync"
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
	s := d.text
	offset = max(0, min(offset, len(s)))
	d.pos.mu.Lock()
	defer d.pos.mu.Unlock()
	c := &d.pos
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

// A positionCursor is where Position last stopped: the offset and its line
// and column (line 0: none yet).
type positionCursor struct {
	mu                sync.Mutex
	off, line, column int
}

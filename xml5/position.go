package xml5

import (
	"strings"
	"unicode/utf8"
)

// Position returns the 1-based line and column (counted in characters) of a
// byte offset in the decoded input, such as a Node's Offset, counting lines as
// the parse errors do (a line ends at LF). An offset past the end is the end.
// It returns 0, 0 for a Document Parse did not make.
func (d *Document) Position(offset int) (line, column int) {
	if d == nil || d.Node == nil {
		return 0, 0
	}
	s := d.text
	offset = max(0, min(offset, len(s)))
	before := s[:offset]
	lineStart := strings.LastIndexByte(before, '\n') + 1
	return strings.Count(before, "\n") + 1, utf8.RuneCountInString(before[lineStart:]) + 1
}

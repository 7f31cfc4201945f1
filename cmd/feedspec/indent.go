package main

import (
	"bufio"
	"io"
)

// An indentWriter turns the compact JSON feedspec's WriteJSON streams into
// what json.Indent(MarshalJSON(), "", "  ") gives, as it is written: an
// indented layout, and <, > and & written as themselves (WriteJSON escapes
// them as \u003c, \u003e and \u0026, as json.Marshal does; the canonical
// JSON keeps them readable). Inside a string, "\u003c" can only be such an
// escape: a backslash of the text is written "\\", read here as a pair.
type indentWriter struct {
	w     *bufio.Writer
	depth int
	// inString: inside a string; esc holds an escape sequence being read
	// there ("\" and what follows, up to "\uXXXX").
	inString bool
	esc      []byte
	// open is the bracket just written ('{' or '['), whose newline waits
	// to see whether the container is empty.
	open byte
}

func newIndentWriter(w io.Writer) *indentWriter {
	return &indentWriter{w: bufio.NewWriterSize(w, 32<<10)}
}

func (iw *indentWriter) newline(depth int) {
	iw.w.WriteByte('\n')
	for range depth {
		iw.w.WriteString("  ")
	}
}

// Write takes the next bytes of the document.
func (iw *indentWriter) Write(p []byte) (int, error) {
	for _, c := range p {
		if iw.inString {
			iw.stringByte(c)
			continue
		}
		if iw.open != 0 {
			opened := iw.open
			iw.open = 0
			if c == '}' && opened == '{' || c == ']' && opened == '[' {
				iw.depth--
				iw.w.WriteByte(c)
				continue
			}
			iw.newline(iw.depth)
		}
		switch c {
		case '{', '[':
			iw.w.WriteByte(c)
			iw.depth++
			iw.open = c
		case '}', ']':
			iw.depth--
			iw.newline(iw.depth)
			iw.w.WriteByte(c)
		case ',':
			iw.w.WriteByte(',')
			iw.newline(iw.depth)
		case ':':
			iw.w.WriteString(": ")
		case '"':
			iw.inString = true
			iw.w.WriteByte(c)
		default:
			iw.w.WriteByte(c)
		}
	}
	return len(p), nil
}

// stringByte takes a byte inside a string.
func (iw *indentWriter) stringByte(c byte) {
	if len(iw.esc) == 0 {
		switch c {
		case '\\':
			iw.esc = append(iw.esc, c)
		case '"':
			iw.inString = false
			iw.w.WriteByte(c)
		default:
			iw.w.WriteByte(c)
		}
		return
	}
	iw.esc = append(iw.esc, c)
	if iw.esc[1] != 'u' || len(iw.esc) == 6 {
		switch string(iw.esc) {
		case `\u003c`:
			iw.w.WriteByte('<')
		case `\u003e`:
			iw.w.WriteByte('>')
		case `\u0026`:
			iw.w.WriteByte('&')
		default:
			iw.w.Write(iw.esc)
		}
		iw.esc = iw.esc[:0]
	}
}

// Close ends the document with a newline and flushes it.
func (iw *indentWriter) Close() error {
	iw.w.WriteByte('\n')
	return iw.w.Flush()
}

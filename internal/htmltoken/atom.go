package htmltoken

import "golang.org/x/net/html/atom"

// LookupAtom returns atom.Lookup(name) for name, a lower-cased tag name,
// answering the commonest short names of feed content (p, a, br, li, img,
// div, span...) with a switch on their bytes rather than hashing.
func LookupAtom(name []byte) atom.Atom {
	switch len(name) {
	case 1:
		switch name[0] {
		case 'p':
			return atom.P
		case 'a':
			return atom.A
		case 'b':
			return atom.B
		case 'i':
			return atom.I
		case 'u':
			return atom.U
		case 's':
			return atom.S
		case 'q':
			return atom.Q
		}
	case 2:
		switch uint16(name[0])<<8 | uint16(name[1]) {
		case 'b'<<8 | 'r':
			return atom.Br
		case 'l'<<8 | 'i':
			return atom.Li
		case 'e'<<8 | 'm':
			return atom.Em
		case 'u'<<8 | 'l':
			return atom.Ul
		case 'o'<<8 | 'l':
			return atom.Ol
		case 'h'<<8 | 'r':
			return atom.Hr
		case 'h'<<8 | '1':
			return atom.H1
		case 'h'<<8 | '2':
			return atom.H2
		case 'h'<<8 | '3':
			return atom.H3
		case 'h'<<8 | '4':
			return atom.H4
		case 't'<<8 | 'd':
			return atom.Td
		case 't'<<8 | 'r':
			return atom.Tr
		}
	case 3:
		switch string(name) {
		case "div":
			return atom.Div
		case "img":
			return atom.Img
		case "pre":
			return atom.Pre
		case "sup":
			return atom.Sup
		}
	case 4:
		switch string(name) {
		case "span":
			return atom.Span
		case "code":
			return atom.Code
		case "font":
			return atom.Font
		}
	case 6:
		if string(name) == "strong" {
			return atom.Strong
		}
	}
	return atom.Lookup(name)
}

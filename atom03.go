package feedspec

import "github.com/feedspec/feedspec/xml5"

// processAtom03Content is "process an Atom 0.3 content element" [153], used
// for title, tagline, summary and content in the Atom 0.3 namespace.
//
// Only mode="escaped" with a type equal to text/html (ASCII
// case-insensitive) is parsed as HTML; every other combination, XML mode
// included, gives the child text content when it has a non-space character.
func (p *processor) processAtom03Content(el *xml5.Node) *Text {
	mode, ok := el.AttrValue("", "mode") // [155]
	if !ok {
		mode = "xml"
	}
	typ, ok := el.AttrValue("", "type") // [154]
	if !ok {
		typ = "text/plain"
	}
	// [175] the child text content is read by processStringElement below.
	switch mode {
	case "escaped": // [162]
		if asciiEqualFold(typ, "text/html") { // [180]
			return p.escapedHTML(el) // [268]
		}
	case "xml":
		// The hook for recovery mode (repair 8, recovery_text.go).
		if t, ok := p.recoverXMLMode(el); ok {
			return t
		}
	case "base64":
	default:
		p.reject(DiagnosticTextType, el, "mode", mode, "unknown Atom 0.3 content mode; read as text")
	}
	return p.textOrNull(processStringElement(el)) // [49] [57] [58] [59]
}

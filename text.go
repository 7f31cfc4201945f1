package feedspec

import "golang.org/x/net/html"

// A Text is the value of a field that the specification says is "null, a
// string, or a Node" (titles, subtitles, summaries, content). A nil *Text is
// null.
type Text struct {
	str  string
	node *html.Node // TEMPORARY representation; owned by text.go
}

package feedspec

import (
	"github.com/feedspec/feedspec/internal/weburl"
)

// SafeURL returns u when it is an absolute URL a reader may write into an
// href or a src attribute without running script: an http, https, mailto or
// tel URL, the schemes SafeHTML keeps in a link. Otherwise it returns "".
//
// Every URL of the model (Feed.PageURL, Entry.PageURL, Enclosure.URL,
// Image.URL, Link.Href, the podcast URLs, Entry.Image(), ResolveURL, ...)
// is the feed's value, kept as the specification gives it: a publisher may
// write javascript:, vbscript:, data:text/html or file: URLs there. Pass
// each through SafeURL before displaying it as a link or loading it as a
// media source, and leave the element out (or show the URL as text) when
// the answer is "".
//
// u is read as a browser reads an attribute value, with the WHATWG URL
// parser SafeHTML uses: leading and trailing spaces and control characters
// are ignored, tabs and newlines anywhere are removed (so "java\tscript:"
// is javascript:), the scheme is case-insensitive and, in http and https
// URLs, a backslash is a slash. The result is that URL's serialization, the
// form SafeHTML writes for the same link: for a URL as feeds usually write
// it, u itself; otherwise its normalized spelling (lower-case scheme and
// host, "https://example.com" gains its "/" path, a backslash becomes a
// slash, spaces and double quotes in an http path are percent-encoded).
// SafeURL of a result is that result again. Like any attribute value, the
// result must still be escaped where it is written (html/template does so;
// a mailto or tel URL may hold spaces, quotes and angle brackets).
//
// A relative reference ("/a", "//host/a", "a.html") is not absolute and
// gives "": resolve it first (Feed.ResolveURL) when it comes from the feed.
// A data: URL gives "" even for an image (SafeHTML keeps a data: image only
// in an img src). mailto and tel in a src attribute load nothing and run
// nothing, so one answer serves both attributes; a reader that wants only
// fetchable media checks for an http or https prefix of the result.
func SafeURL(u string) string {
	p, err := weburl.Parse(u, nil)
	if err != nil {
		return ""
	}
	s, ok := safeAbsoluteURL(p, safeLinkSchemes, false)
	if !ok {
		return ""
	}
	return s
}

package article

import (
	"bytes"
	"mime"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// headScanLimit bounds the search for a meta charset declaration.
const headScanLimit = 64 << 10

// pageEncoding decides the encoding of an HTML page as a browser does: a
// byte order mark, then the charset parameter of the Content-Type, then a
// meta element declaring one (charset, or http-equiv Content-Type) in the
// head — a browser prescans the first 1024 bytes and, when the parser meets
// a declaration later in the head, reloads the page in that encoding, so
// the whole head (up to 64 KiB) is searched here — and for a page that
// declares nothing, UTF-8 when its bytes are valid UTF-8, else
// windows-1252 (what browsers assume for Western pages).
// It returns the encoding and its WHATWG name.
func pageEncoding(data []byte, contentType string) (encoding.Encoding, string) {
	if e, name, certain := charset.DetermineEncoding(data, contentType); certain {
		return e, name // a byte order mark or the Content-Type's charset
	}
	if e, name := metaCharset(data); e != nil {
		return e, name
	}
	if utf8.Valid(data) {
		return unicode.UTF8, "utf-8"
	}
	return charmap.Windows1252, "windows-1252"
}

// metaCharset returns the encoding that the first meta element declaring
// one names, and its name, searching the page's head; nil when none does.
func metaCharset(data []byte) (encoding.Encoding, string) {
	if len(data) > headScanLimit {
		data = data[:headScanLimit]
	}
	z := html.NewTokenizer(bytes.NewReader(data))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return nil, ""
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			switch atom.Lookup(name) {
			case atom.Body:
				return nil, ""
			case atom.Meta:
				var cs, httpEquiv, content string
				for hasAttr {
					var k, v []byte
					k, v, hasAttr = z.TagAttr()
					switch string(k) {
					case "charset":
						cs = string(v)
					case "http-equiv":
						httpEquiv = strings.ToLower(strings.TrimSpace(string(v)))
					case "content":
						content = string(v)
					}
				}
				if cs == "" && httpEquiv == "content-type" {
					if _, params, err := mime.ParseMediaType(content); err == nil {
						cs = params["charset"]
					}
				}
				if cs == "" {
					continue
				}
				e, name := charset.Lookup(cs)
				if e == nil {
					continue
				}
				// HTML: a meta element cannot declare UTF-16 (the
				// bytes were read as ASCII to find it), and
				// x-user-defined means windows-1252.
				switch name {
				case "utf-16be", "utf-16le":
					return unicode.UTF8, "utf-8"
				case "x-user-defined":
					return charmap.Windows1252, "windows-1252"
				}
				return e, name
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); atom.Lookup(name) == atom.Head {
				return nil, ""
			}
		}
	}
}

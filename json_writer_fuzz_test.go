package feedspec

import (
	"bytes"
	"testing"
)

// FuzzWriters parses any input (the golden feeds and the conformance
// cases as seeds, and an Atom feed with XHTML content) and checks that
// AppendJSON and WriteJSON give json.Marshal's bytes (checkWriters): the
// writers escape <, > and & themselves, json.Marshal escapes what
// MarshalJSON wrote without them.
func FuzzWriters(f *testing.F) {
	addFeedSeeds(f)
	f.Add([]byte(`<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>a &amp; b</title>` +
		`<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p a="&lt;'&quot;">x<br/>` +
		"\u2028\r</p><pre>\n y</pre><!-- c --></div></content><updated>2024-02-29T23:59:59.5+01:00</updated></entry></feed>"))
	f.Add([]byte(`<feed xmlns="http://www.w3.org/2005/Atom"><entry><summary type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">` +
		`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="#a"/></svg>` +
		`<img src="x">child</img><textarea>` + "\n\n" + `t</textarea></div></summary></entry></feed>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		feed, err := ParseDocument(bytes.NewReader(data), WithURL(goldenBaseURL))
		if err != nil || feed == nil {
			return
		}
		checkWriters(t, feed)
	})
}

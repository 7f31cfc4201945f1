package feedspec

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// xssVectorsFile holds sanitizer attack inputs from other projects' tests
// (see the README of ../shared/conformance/peers).
const xssVectorsFile = "../shared/conformance/peers/xss-vectors.jsonl"

// xssVector is one line of xssVectorsFile.
type xssVector struct {
	Src  string `json:"src"`
	ID   string `json:"id"`
	Kind string `json:"kind"` // "html": a fragment; "feed": a feed document
	In   string `json:"in"`
}

// xssTexts returns the texts a vector gives: for an HTML fragment, the
// content of an RSS item and of an Atom entry carrying it as escaped HTML,
// and of an Atom entry carrying it as XHTML; for a feed, every text of the
// feed and its entries (readerTexts). Each comes with its base URL.
func xssTexts(v xssVector) (texts []*Text, bases []string) {
	var docs []string
	switch v.Kind {
	case "feed":
		docs = []string{v.In}
	default:
		esc := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(v.In)
		docs = []string{
			`<rss version="2.0"><channel><title>t</title><link>https://example.com/</link><item>` +
				`<link>https://example.com/post/1</link><description>` + esc + `</description></item></channel></rss>`,
			`<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><entry><link href="https://example.com/post/2"/>` +
				`<content type="html">` + esc + `</content></entry></feed>`,
			`<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><entry><link href="https://example.com/post/3"/>` +
				`<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">` + v.In + `</div></content></entry></feed>`,
		}
	}
	for _, doc := range docs {
		feed, err := ParseDocument(strings.NewReader(doc), WithURL("https://example.com/feed.xml"))
		if err != nil || feed == nil {
			continue
		}
		t, b := readerTexts(feed)
		texts, bases = append(texts, t...), append(bases, b...)
	}
	return texts, bases
}

// TestXSSVectors runs every sanitizer attack input of xssVectorsFile through
// SafeHTML, with the entry's base URL and without one, and checks each
// output as a browser would parse it (safetyProblems) and for stability
// (reparseProblem).
func TestXSSVectors(t *testing.T) {
	inputs, outputs, unsafe, unstable, textless := 0, 0, 0, 0, 0
	for _, v := range readPeerJSONL[xssVector](t, xssVectorsFile) {
		inputs++
		texts, bases := xssTexts(v)
		if len(texts) == 0 {
			textless++
		}
		bad, shaky := false, false
		for i, txt := range texts {
			for _, base := range []string{bases[i], ""} {
				out := SafeHTML(txt, base)
				outputs++
				if !assert.Empty(t, safetyProblems(out, base != ""), "%s %s (base %q)\noutput: %q", v.Src, v.ID, base, out) {
					bad = true
				}
				if !assert.Empty(t, reparseProblem(out, base), "%s %s (base %q)", v.Src, v.ID, base) {
					shaky = true
				}
			}
		}
		if bad {
			unsafe++
		}
		if shaky {
			unstable++
		}
	}
	fmt.Printf("xss vectors: %d inputs, %d unsafe, %d unstable\n", inputs, unsafe, unstable)
	t.Logf("%d SafeHTML outputs checked", outputs)
	// Feed inputs whose markup is only in elements the data model does not
	// read (Atom 0.3 info, RSS body, xhtml:body, fullitem) or in texts the
	// specification reads as null (no text but an empty element, an Atom
	// 0.3 content type it does not read) reach no SafeHTML call.
	t.Logf("%d inputs give no text", textless)
}

// TestSafetyProblems: the checker of TestXSSVectors finds what it must.
func TestSafetyProblems(t *testing.T) {
	for _, c := range []struct {
		out     string
		hasBase bool
		want    string
	}{
		{`<script>alert(1)</script>`, false, "script-capable element"},
		{`<svg><circle/></svg>`, false, "script-capable element"},
		{`<marquee>x</marquee>`, false, "not in the allow-list"},
		{`<a onclick="x()">x</a>`, false, "event handler onclick"},
		{`<a id="x">x</a>`, false, "attribute id"},
		{`<a href="javascript:alert(1)">x</a>`, false, `scheme "javascript"`},
		{`<a href="ftp://x/">x</a>`, false, `scheme "ftp"`},
		{`<a href="rel/x">x</a>`, true, "relative URL"},
		{`<img src="data:image/svg+xml,x">`, false, "data: URL"},
		{`<a href="data:image/png,x">x</a>`, false, "data: URL"},
		{`<img srcset="https://x/a.png 1x, javascript:x 2x">`, false, `scheme "javascript"`},
		{`<p style="margin-top: -5px">x</p>`, false, "style declaration"},
		{`<p style="position: absolute">x</p>`, false, "style declaration"},
		{`<p style="background: url(x)">x</p>`, false, "style declaration"},
		{`<p style="width: calc(1px)">x</p>`, false, "style declaration"},
	} {
		assert.Contains(t, strings.Join(safetyProblems(c.out, c.hasBase), "; "), c.want, "safetyProblems(%q)", c.out)
	}
	for _, ok := range []string{`<a href="rel/x" title="t">x</a>`, `<a href="tel:+1">t</a>`, `<img src="data:image/png;base64,AA==">`,
		`<p style="margin: 0 auto; color: rgb(-1, 2, 3)">x</p>`} {
		assert.Empty(t, safetyProblems(ok, false), "safetyProblems(%q)", ok)
	}
	assert.Contains(t, reparseProblem(`<p>a<div>b</div></p>`, ""), "re-parses to another tree", "reparseProblem of a div in a p")
}

package feedspec

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	whatwg "github.com/nlnwa/whatwg-url/url"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

const safeBase = "https://example.com/blog/post/"

func TestSafeHTML(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		// Ordinary content is kept.
		{"formatting kept", `<p>Hello <b>bold</b> <em>em</em> <code>x &lt; y</code></p>`,
			`<p>Hello <b>bold</b> <em>em</em> <code>x &lt; y</code></p>`},
		{"notes CDATA example", `<p>Article with <a href="https://example.com">links</a> and <img src="photo.jpg" /></p>`,
			`<p>Article with <a href="https://example.com/">links</a> and <img src="https://example.com/blog/post/photo.jpg"></p>`},
		{"relative URLs absolutized", `<a href="../other?x=1#c">o</a><img src="/img/a.png" alt="A">`,
			`<a href="https://example.com/blog/other?x=1#c">o</a><img src="https://example.com/img/a.png" alt="A">`},
		{"protocol-relative", `<img src="//cdn.example.net/a.png">`, `<img src="https://cdn.example.net/a.png">`},
		{"mailto and tel links", `<a href="mailto:me@example.com">m</a><a href="tel:+123">t</a>`,
			`<a href="mailto:me@example.com">m</a><a href="tel:+123">t</a>`},
		{"lists and tables", `<ul><li>a</li></ul><table><tr><td colspan="2" onclick="x()">c</td></tr></table>`,
			`<ul><li>a</li></ul><table><tbody><tr><td colspan="2">c</td></tr></tbody></table>`},
		{"pre leading newline kept", "<pre>\n\nx</pre>", "<pre>\n\nx</pre>"},
		{"srcset absolutized", `<img srcset="a.png 1x, b.png 2x, javascript:alert(1) 3x">`,
			`<img srcset="https://example.com/blog/post/a.png 1x, https://example.com/blog/post/b.png 2x">`},
		{"video", `<video src="v.mp4" poster="p.jpg" controls autoplay onplay="x()"><track src="s.vtt" kind="captions" default></video>`,
			`<video src="https://example.com/blog/post/v.mp4" poster="https://example.com/blog/post/p.jpg" controls><track src="https://example.com/blog/post/s.vtt" kind="captions" default></video>`},
		{"safe style kept", `<p style="color: RED; text-align:center; background-color: rgb(1, 2, 3)">x</p>`,
			`<p style="color: red; text-align: center; background-color: rgb(1, 2, 3)">x</p>`},
		{"unknown element unwrapped", `<my-widget data-x="1">inside <b>b</b></my-widget><font color="red">f</font>`,
			`inside <b>b</b>f`},
		{"comments removed", `a<!-- <script>x</script> -->b`, `ab`},
		{"id class and target removed", `<a href="/x" id="i" class="c" target="_blank" name="n" rel="opener">x</a>`,
			`<a href="https://example.com/x">x</a>`},
		{"numbers checked", `<img src="a.png" width="100" height="50%" border="x1">`,
			`<img src="https://example.com/blog/post/a.png" width="100" height="50%">`},
		{"hidden elements removed", `<p>a</p><p hidden>b</p><div style="display: none"><img src="t.png">c</div><span style="visibility:hidden">d</span>`,
			`<p>a</p>`},
		{"noscript content kept as markup", `<img data-src="a.png"><noscript><img src="a.png"></noscript>`,
			`<img src="https://example.com/blog/post/a.png">`},

		// XSS vectors.
		{"script removed", `a<script>alert(1)</script>b`, `ab`},
		{"script in svg", `<svg><script>alert(1)</script><circle r="1"/></svg>ok`, `ok`},
		{"svg onload", `<svg onload="alert(1)">x</svg>y`, `y`},
		{"math mXSS", `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`, ``},
		{"event handlers", `<img src="x.png" onerror="alert(1)" onload="alert(2)"><body onload=alert(3)>t`,
			`<img src="https://example.com/blog/post/x.png">t`},
		{"javascript href", `<a href="javascript:alert(1)">x</a>`, `<a>x</a>`},
		{"javascript mixed case", `<a href="JaVaScRiPt:alert(1)">x</a>`, `<a>x</a>`},
		{"javascript with tab entity", `<a href="jav&#x09;ascript:alert(1)">x</a>`, `<a>x</a>`},
		{"javascript with newline entity", `<a href="jav&#x0A;ascript:alert(1)">x</a>`, `<a>x</a>`},
		{"javascript leading space and controls", `<a href=" &#x01; javascript:alert(1)">x</a>`, `<a>x</a>`},
		{"javascript entity-encoded scheme", `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`, `<a>x</a>`},
		{"javascript named entities", `<a href="javascript&colon;alert(1)">x</a>`, `<a>x</a>`},
		{"vbscript", `<a href="vbscript:msgbox(1)">x</a>`, `<a>x</a>`},
		{"data html link", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`, `<a>x</a>`},
		{"data svg image", `<img src="data:image/svg+xml,&lt;svg onload=alert(1)&gt;">`, ``},
		{"data png image kept", `<img src="data:image/png;base64,iVBORw0KGgo=">`, `<img src="data:image/png;base64,iVBORw0KGgo=">`},
		{"data png not for video", `<video src="data:image/png;base64,iVBORw0KGgo="></video>`, `<video></video>`},
		{"style expression", `<p style="width: expression(alert(1)); color: blue">x</p>`, `<p style="color: blue">x</p>`},
		{"style url javascript", `<p style="background: url(javascript:alert(1))">x</p>`, `<p>x</p>`},
		{"style escapes and comments", `<p style="col\6fr: red; color: re/**/d; color: \72 ed">x</p>`, `<p>x</p>`},
		{"style behavior and binding", `<p style="behavior: url(x.htc); -moz-binding: url(x)">x</p>`, `<p>x</p>`},
		{"style element", `<style>body{background:url(javascript:alert(1))}</style>x`, `x`},
		{"iframe srcdoc", `<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>x`, `x`},
		{"iframe src", `<iframe src="https://evil.example/">fallback</iframe>x`, `x`},
		{"form action", `<form action="javascript:alert(1)"><input name="q"><button formaction="javascript:alert(2)">go</button>text</form>`,
			`text`},
		{"base element", `<base href="javascript:alert(1)//"><a href="x">x</a>`, `<a href="https://example.com/blog/post/x">x</a>`},
		{"meta refresh", `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">x`, `x`},
		{"object and embed", `<object data="evil.swf"><param name="x" value="y">fallback</object><embed src="evil.swf">x`, `x`},
		{"noscript mXSS", `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
			`<p title="&lt;/noscript&gt;&lt;img src=x onerror=alert(1)&gt;"></p>`},
		{"textarea mXSS", `<textarea><img src=x onerror=alert(1)></textarea>x`, `x`},
		{"title and xmp", `<title><img src=x onerror=alert(1)></title><xmp><img src=x onerror=alert(1)></xmp>x`, `x`},
		{"details ontoggle", `<details open ontoggle="alert(1)"><summary>s</summary></details>`,
			`<details open><summary>s</summary></details>`},
		{"attribute quoting", `<p title='"><script>alert(1)</script>'>x</p>`,
			`<p title="&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</p>`},
		{"blockquote cite javascript", `<blockquote cite="javascript:alert(1)">q</blockquote>`, `<blockquote>q</blockquote>`},
		{"link element", `<link rel="stylesheet" href="https://evil.example/x.css">x`, `x`},
		{"img without source dropped", `<img src="javascript:alert(1)" alt="a">x`, `x`},
		{"file URL", `<a href="file:///etc/passwd">x</a>`, `<a>x</a>`},
		{"NUL in scheme", "<a href=\"java\x00script:alert(1)\">x</a>",
			`<a href="https://example.com/blog/post/java%EF%BF%BDscript:alert(1)">x</a>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SafeHTML(toolkitHTML(t, tt.in), safeBase)
			assert.Equal(t, tt.want, got)
			assertSafe(t, got)
		})
	}
}

// xssVectors are inputs no output of SafeHTML may run script from.
var xssVectors = []string{
	`<img src=x onerror=alert(1)>`,
	`<svg><g/onload=alert(2)//<p>`,
	`<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`,
	`<math href="javascript:javascript:alert(1)">CLICKME</math>`,
	`<a href="  javascript:alert(1)">x</a>`,
	`<a href="java&#09;script:alert(1)">x</a>`,
	`<a href="&#x6A;avascript&#x3A;alert(1)">x</a>`,
	`<a href="javascript&#x3a;alert(1)">x</a>`,
	`<a href="jAvAsCrIpT&colon;alert(1)">x</a>`,
	`<a href="data:text/html,<script>alert(1)</script>">x</a>`,
	`<iframe src="data:text/html,<script>alert(1)</script>"></iframe>`,
	`<object data="javascript:alert(1)"></object>`,
	`<embed src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">`,
	`<div style="background-image: url(javascript:alert(1))">x</div>`,
	`<div style="width: expression(alert(1))">x</div>`,
	`<div style="x:\65xpression(alert(1))">x</div>`,
	`<img src="x" style="xss:expr/*XSS*/ession(alert(1))">`,
	`<form><button formaction="javascript:alert(1)">x</button></form>`,
	`<input onfocus=alert(1) autofocus>`,
	`<select onfocus=alert(1) autofocus><option>x</select>`,
	`<video><source onerror="alert(1)"></video>`,
	`<audio src=x onerror=alert(1)>`,
	`<body onload=alert(1)>`,
	`<marquee onstart=alert(1)>x</marquee>`,
	`<isindex action="javascript:alert(1)" type=image>`,
	`<table background="javascript:alert(1)"><tr><td>x</td></tr></table>`,
	`<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
	`<noembed><img title="</noembed><img src onerror=alert(1)>"></noembed>`,
	`<noframes><img title="</noframes><img src onerror=alert(1)>"></noframes>`,
	`<xmp><img title="</xmp><img src onerror=alert(1)>"></xmp>`,
	`<style><img title="</style><img src onerror=alert(1)>"></style>`,
	`<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">`,
	`<math><mi><table><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">`,
	`<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>`,
	`<a href="https://example.com/" onmouseover="alert(1)">x</a>`,
	`<img src="https://x/" srcset="javascript:alert(1) 1x">`,
	`<a href="vbscript:msgbox(1)">x</a>`,
	`<a href="livescript:alert(1)">x</a>`,
	`<a href="data:application/javascript,alert(1)">x</a>`,
	`<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
	`<img src="data:text/html;base64,PHNjcmlwdD4=">`,
	`<img src="data: image/svg+xml,<svg onload=alert(1)>">`,
	`<meta http-equiv="refresh" content="0; url=javascript:alert(1)">`,
	`<base href="javascript:alert(1)//">`,
	`<link rel="import" href="https://evil.example/">`,
	`<template><img src=x onerror=alert(1)></template>`,
	`<details open ontoggle=alert(1)>`,
	`<p title="&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</p>`,
	`<!--<img src=x onerror=alert(1)>-->`,
	`<![CDATA[<img src=x onerror=alert(1)>]]>`,
	`<?xml version="1.0"?><img src=x onerror=alert(1)>`,
	`<a href="\x01javascript:alert(1)">x</a>`,
	`<scr<script>ipt>alert(1)</script>`,
	`<<script>alert(1)//<</script>`,
}

func TestSafeHTMLVectors(t *testing.T) {
	for _, v := range xssVectors {
		t.Run(v, func(t *testing.T) {
			got := SafeHTML(toolkitHTML(t, v), safeBase)
			assertSafe(t, got)
			// The output is stable: parsed and sanitized again it is the
			// same, and the parser builds the tree that was written and
			// checked.
			assertReparses(t, got, safeBase)
		})
	}
}

// assertSafe parses out as a browser with scripting would and fails on
// anything that can run script or load a non-http resource (relative URLs
// allowed).
func assertSafe(t testing.TB, out string) {
	t.Helper()
	assert.Empty(t, safetyProblems(out, false), "safety problems in %q", out)
}

// safeScriptCapable are elements that can run script or load a document or
// plug-in, named in safetyProblems' reports.
var safeScriptCapable = map[string]bool{
	"script": true, "iframe": true, "frame": true, "frameset": true, "object": true, "embed": true,
	"applet": true, "svg": true, "math": true, "style": true, "link": true, "meta": true, "base": true,
	"form": true, "input": true, "button": true, "textarea": true, "select": true, "template": true,
	"noscript": true, "portal": true, "fencedframe": true,
}

// safeStyleAllowed is the style property set SafeHTML's documentation
// lists, written out again to check its output independently.
var safeStyleAllowed = strings.Fields(`color background-color text-align text-decoration text-indent
	text-transform font-weight font-style font-size font-variant line-height letter-spacing word-spacing
	white-space vertical-align width height min-width min-height max-width max-height margin margin-top
	margin-right margin-bottom margin-left padding padding-top padding-right padding-bottom padding-left
	border border-top border-right border-bottom border-left border-color border-style border-width
	border-radius border-collapse border-spacing float clear list-style-type direction`)

var (
	// styleColorFuncCheckRE matches the colour functions of a style value.
	styleColorFuncCheckRE = regexp.MustCompile(`(rgba?|hsla?)\([^()]*\)`)
	// styleNegativeRE matches a negative number.
	styleNegativeRE = regexp.MustCompile(`(^|[^a-z0-9.])-\.?[0-9]`)
)

// safetyProblems parses out as a browser with scripting would and lists what
// could run script, load something other than an http(s) resource, or
// misuse CSS: an element outside SafeHTML's allow-list (script-capable ones
// named), an event handler or other attribute not allowed on its element,
// a URL whose scheme is not http, https or mailto (tel: links and data:
// raster images in img src, which SafeHTML documents, excepted), a
// relative URL when hasBase, or a style declaration of another property,
// with url(), expression(), another function, an escape, a comment or a
// negative number.
func safetyProblems(out string, hasBase bool) []string {
	var problems []string
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := html.ParseFragment(strings.NewReader(out), ctx)
	if err != nil {
		return []string{err.Error()}
	}
	checkURL := func(el, attr, v string) {
		u, err := whatwg.ParseRef("https://page.example/", v)
		if err != nil {
			problems = append(problems, fmt.Sprintf("unparsable URL %q", v))
			return
		}
		if hasBase {
			if abs, err := whatwg.Parse(v); err != nil || abs == nil {
				problems = append(problems, fmt.Sprintf("relative URL %q although there is a base URL", v))
			}
		}
		switch sch := u.Scheme(); sch {
		case "http", "https", "mailto":
		case "tel":
			if el != "a" {
				problems = append(problems, fmt.Sprintf("tel: URL on <%s %s>", el, attr))
			}
		case "data":
			mt, _, _ := strings.Cut(u.Pathname(), ",")
			mt, _, _ = strings.Cut(mt, ";")
			if el != "img" || attr != "src" || !safeDataImages[strings.ToLower(mt)] {
				problems = append(problems, fmt.Sprintf("data: URL %q on <%s %s>", safeAround(v, ""), el, attr))
			}
		default:
			problems = append(problems, fmt.Sprintf("URL scheme %q", sch))
		}
	}
	var check func(n *html.Node)
	check = func(n *html.Node) {
		if n.Type == html.ElementNode {
			allowed, ok := safeElements[n.Data]
			switch {
			case safeScriptCapable[n.Data] || n.Namespace != "":
				problems = append(problems, fmt.Sprintf("script-capable element <%s %s>", n.Namespace, n.Data))
			case !ok:
				problems = append(problems, fmt.Sprintf("element <%s> not in the allow-list", n.Data))
			}
			for _, a := range n.Attr {
				k := strings.ToLower(a.Key)
				if strings.HasPrefix(k, "on") {
					problems = append(problems, "event handler "+k)
					continue
				}
				_, local := allowed[k]
				if _, global := safeGlobalAttrs[k]; !local && !global {
					problems = append(problems, fmt.Sprintf("attribute %s on <%s>", k, n.Data))
				}
				switch k {
				case "href", "src", "cite", "poster":
					checkURL(n.Data, k, a.Val)
				case "srcset":
					for _, cand := range strings.Split(a.Val, ", ") {
						u, _, _ := strings.Cut(strings.TrimSpace(cand), " ")
						checkURL(n.Data, k, u)
					}
				case "style":
					for _, decl := range strings.Split(a.Val, ";") {
						prop, val, _ := strings.Cut(decl, ":")
						prop, val = strings.TrimSpace(prop), strings.ToLower(val)
						// Once the colour functions are taken out, no parenthesis
						// may remain (so no url(), expression() or calc()); a
						// bare word such as "aexpression" is a harmless keyword.
						rest := styleColorFuncCheckRE.ReplaceAllString(val, "rgb")
						if !slices.Contains(safeStyleAllowed, prop) || strings.ContainsAny(rest, `()\/@:;'"`) ||
							styleNegativeRE.MatchString(rest) {
							problems = append(problems, fmt.Sprintf("style declaration %q", decl))
						}
					}
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			check(c)
		}
	}
	for _, n := range nodes {
		check(n)
	}
	return problems
}

func TestSafeHTMLString(t *testing.T) {
	assert.Equal(t, "a &lt;b&gt; &amp; &#34;c&#34;", SafeHTML(toolkitString(`a <b> & "c"`), safeBase))
	assert.Equal(t, "", SafeHTML(nil, safeBase))
}

func TestSafeHTMLBase(t *testing.T) {
	in := `<a href="rel/x">r</a><a href="https://other.example/y">a</a><a href="javascript:alert(1)">j</a><a href="jav&#x09;ascript:alert(1)">k</a>`
	// Without a usable base URL, relative URLs stay relative and absolute
	// ones are still checked.
	want := `<a href="rel/x">r</a><a href="https://other.example/y">a</a><a>j</a><a>k</a>`
	for _, base := range []string{"", "not a url", "/relative"} {
		assert.Equal(t, want, SafeHTML(toolkitHTML(t, in), base), base)
	}
	assert.Equal(t, `<a href="http://h.example/d/rel/x">r</a><a href="https://other.example/y">a</a><a>j</a><a>k</a>`,
		SafeHTML(toolkitHTML(t, in), "http://h.example/d/page"))
}

func TestSafeStyle(t *testing.T) {
	tests := []struct{ in, want string }{
		{"color: red", "color: red"},
		{"COLOR:Red;;font-weight:bold;", "color: red; font-weight: bold"},
		{"margin: 0 auto !important", "margin: 0 auto !important"},
		{"color: #fff; background-color: hsla(120, 50%, 50%, .5)", "color: #fff; background-color: hsla(120, 50%, 50%, .5)"},
		{"position: fixed; top: 0", ""},
		{"background: url(x.png)", ""},
		{"color: red; font-family: 'Comic Sans'", "color: red"},
		{"width: calc(100% - expression(1))", ""},
		// No negative values, no lengths past the bounds, nothing that positions.
		{"margin-top: -2000px; color: red", "color: red"},
		{"text-indent: -99999px", ""},
		{"margin: 0 -1px", ""},
		{"letter-spacing: -.5em", ""},
		{"vertical-align: -9999px", ""},
		{"width: 10000px; height: 10001px", "width: 10000px"},
		{"font-size: 100em; line-height: 101em", "font-size: 100em"},
		{"width: 7500pt; height: 7501pt", "width: 7500pt"},
		{"width: 100vw; height: 101vh", "width: 100vw"},
		{"width: 1000%; height: 1001%", "width: 1000%"},
		{"margin: 0 auto; padding: .5em 1.25rem", "margin: 0 auto; padding: .5em 1.25rem"},
		{"line-height: 1.5; font-weight: 700", "line-height: 1.5; font-weight: 700"},
		{"width: 50furlongs", ""},
		{"width: 1e9px", ""},
		{"width: +5px", ""},
		{"margin: -webkit-calc(1px)", ""},
		{"color: -moz-linktext", ""},
		{"border: 1px solid #ccc", "border: 1px solid #ccc"},
		{"color: rgb(-1, 0, 0)", "color: rgb(-1, 0, 0)"},
		{"position: absolute; top: 0; left: 0; z-index: 9999; transform: translate(-50%); inset: 0; display: block", ""},
		{"color", ""},
		{"", ""},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, safeStyle(tt.in), tt.in)
	}
}

func TestSafeHTMLXHTMLTree(t *testing.T) {
	// Trees built from Atom XHTML content: elements in no namespace or other
	// namespaces, processing instructions, void elements with children.
	el := func(ns, name string, attr []html.Attribute, kids ...*html.Node) *html.Node {
		n := &html.Node{Type: html.ElementNode, Namespace: ns, Data: name, DataAtom: atom.Lookup([]byte(name)), Attr: attr}
		for _, k := range kids {
			n.AppendChild(k)
		}
		return n
	}
	text := func(s string) *html.Node { return &html.Node{Type: html.TextNode, Data: s} }
	frag := &html.Node{Type: html.DocumentNode}
	frag.AppendChild(el("", "p", nil, text("a"), el(NoNamespace, "script", nil, text("alert(1)"))))
	frag.AppendChild(el("svg", "svg", nil, el("svg", "script", nil, text("alert(2)"))))
	frag.AppendChild(&html.Node{Type: html.RawNode, Data: "<?php evil() ?>"})
	frag.AppendChild(el("http://example.com/ns", "x:y", []html.Attribute{{Key: "onclick", Val: "alert(3)"}}, text("kept")))
	frag.AppendChild(el("", "img", []html.Attribute{{Key: "src", Val: "i.png"}, {Namespace: "xlink", Key: "href", Val: "javascript:alert(4)"}},
		el("", "script", nil, text("alert(5)")), text("child")))
	frag.AppendChild(el("", "P", []html.Attribute{{Key: "TITLE", Val: "t"}, {Key: "title", Val: "dup"}}, text("upper")))
	assert.Equal(t, `<p>aalert(1)</p>kept<img src="https://example.com/blog/post/i.png"><p title="t">upper</p>`,
		SafeHTML(nodeText(frag), safeBase))
}

// FuzzSafeHTML checks SafeHTML's promises on any input, read as escaped
// HTML and as Atom XHTML content: nothing unsafe in the output, the HTML
// parser builds the tree the output's tags describe, and SafeHTML of that
// tree is the output again (idempotence).
func FuzzSafeHTML(f *testing.F) {
	for _, v := range xssVectors {
		f.Add(v)
	}
	f.Add(`<p style="color: red">a <a href="/x">b</a><img srcset="a.png 1x, b.png 2x"></p>`)
	f.Add(`<h1><font><h2>x</h2></font></h1><ul><li>a<form><li>b</li></form></li></ul><p>a<marquee><p>b</p></marquee></p>`)
	f.Add(`<table>x<tr><td>a<td>b</td></td></tr><col/></table><dl><dd><fieldset><dt>t</dt></fieldset></dd></dl>`)
	f.Fuzz(func(t *testing.T, in string) {
		got := SafeHTML(toolkitHTML(t, in), safeBase)
		assertSafe(t, got)
		assertReparses(t, got, safeBase)
		if x := xhtmlContentOrNil(in); x != nil {
			got = SafeHTML(x, safeBase)
			assertSafe(t, got)
			assertReparses(t, got, safeBase)
		}
	})
}

// xhtmlContentOrNil returns the content of an Atom entry whose XHTML content
// is body, or nil when there is none.
func xhtmlContentOrNil(body string) *Text {
	doc := `<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="xhtml">` +
		`<div xmlns="http://www.w3.org/1999/xhtml">` + body + `</div></content></entry></feed>`
	feed, err := ParseDocument(strings.NewReader(doc), WithURL("https://example.com/feed"))
	if err != nil || feed == nil || len(feed.Entries) == 0 {
		return nil
	}
	return feed.Entries[0].Content
}

// TestToolkitCorpus runs PlainText, WordCount and SafeHTML on every text of
// the real feeds in ../shared/corpus, checking each SafeHTML output as
// TestSafeHTMLVectors does.
func TestToolkitCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the corpus run is long; skipping in -short mode")
	}
	files, _ := filepath.Glob(filepath.Join("..", "shared", "corpus", "feeds", "*"))
	if len(files) == 0 {
		t.Skip("the feed corpus is not at ../shared/corpus/feeds; skipping")
	}
	texts := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		feed, _ := ParseDocument(bytes.NewReader(data), WithURL("https://feed.example/feed.xml"))
		if feed == nil {
			continue
		}
		txts, bases := readerTexts(feed)
		for i, txt := range txts {
			texts++
			_ = WordCount(PlainText(txt))
			got := SafeHTML(txt, bases[i])
			assertSafe(t, got)
			assertReparses(t, got, bases[i])
		}
	}
	t.Logf("%d feed files, %d texts checked", len(files), texts)
}

// readerTexts returns every text of feed and its entries (titles, subtitles,
// descriptions, summaries, contents, rights, source titles), each with the
// base URL a reader would pass to SafeHTML: its entry's page URL, else the
// feed's.
func readerTexts(feed *Feed) (texts []*Text, bases []string) {
	add := func(base string, ts ...*Text) {
		for _, t := range ts {
			if t != nil {
				texts, bases = append(texts, t), append(bases, base)
			}
		}
	}
	add(feed.PageURL, feed.Title, feed.Subtitle, feed.Description, feed.Rights)
	for _, e := range feed.Entries {
		base := e.PageURL
		if base == "" {
			base = feed.PageURL
		}
		add(base, e.Title, e.Subtitle, e.Summary, e.Content, e.Rights)
		if e.Source != nil {
			add(base, e.Source.Title)
		}
	}
	return texts, bases
}

// safeDumpParsed writes the tree the HTML fragment parser builds from out
// (div context, scripting enabled, as a browser's innerHTML), one token per
// node.
func safeDumpParsed(out string) string {
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := html.ParseFragment(strings.NewReader(out), ctx)
	if err != nil {
		return "parse error: " + err.Error()
	}
	var b strings.Builder
	var dump func(n *html.Node)
	dump = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			fmt.Fprintf(&b, "%q", n.Data)
		case html.ElementNode:
			b.WriteString("<" + n.Namespace + ":" + n.Data)
			for _, a := range n.Attr {
				fmt.Fprintf(&b, " %s:%s=%q", a.Namespace, a.Key, a.Val)
			}
			b.WriteString(">")
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				dump(c)
			}
			b.WriteString("</" + n.Data + ">")
		default:
			fmt.Fprintf(&b, "[node type %d]", n.Type)
		}
	}
	for _, n := range nodes {
		dump(n)
	}
	return b.String()
}

// safeDumpWritten writes the tree out's tags say, in safeDumpParsed's form,
// or reports an end tag that does not close the current element.
func safeDumpWritten(out string) (string, error) {
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(out))
	var stack []string
	text, afterPre := "", false
	flush := func() {
		if text != "" {
			fmt.Fprintf(&b, "%q", text)
			text = ""
		}
	}
	for {
		tt := z.Next()
		tok := z.Token()
		switch tt {
		case html.ErrorToken:
			flush()
			if len(stack) > 0 {
				return "", fmt.Errorf("unclosed %v", stack)
			}
			return b.String(), nil
		case html.TextToken:
			d := tok.Data
			if afterPre {
				d = strings.TrimPrefix(d, "\n")
			}
			text += d
		case html.StartTagToken:
			flush()
			b.WriteString("<:" + tok.Data)
			for _, a := range tok.Attr {
				fmt.Fprintf(&b, " %s:%s=%q", a.Namespace, a.Key, a.Val)
			}
			b.WriteString(">")
			if safeVoid[tok.Data] {
				b.WriteString("</" + tok.Data + ">")
			} else {
				stack = append(stack, tok.Data)
			}
		case html.EndTagToken:
			flush()
			if len(stack) == 0 || stack[len(stack)-1] != tok.Data {
				return "", fmt.Errorf("end tag %s does not close the current element %v", tok.Data, stack)
			}
			stack = stack[:len(stack)-1]
			b.WriteString("</" + tok.Data + ">")
		default:
			return "", fmt.Errorf("unexpected token %v", tok)
		}
		afterPre = tt == html.StartTagToken && tok.Data == "pre"
	}
}

// assertReparses checks SafeHTML's promise for its output out: the HTML
// parser builds exactly the tree out's tags describe, and SafeHTML of that
// tree is out again.
func assertReparses(t testing.TB, out, base string) {
	t.Helper()
	assert.Empty(t, reparseProblem(out, base), "re-parse problem")
}

// reparseProblem says how out breaks SafeHTML's promise (see
// assertReparses), or returns "".
func reparseProblem(out, base string) string {
	written, err := safeDumpWritten(out)
	if err != nil {
		return fmt.Sprintf("output %q: %v", safeAround(out, ""), err)
	}
	if parsed := safeDumpParsed(out); parsed != written {
		return fmt.Sprintf("output re-parses to another tree:\nwritten: %s\nparsed:  %s", safeAround(written, parsed), safeAround(parsed, written))
	}
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := html.ParseFragmentWithOptions(strings.NewReader(out), ctx, html.ParseOptionEnableScripting(false))
	if err != nil {
		return err.Error()
	}
	frag := &html.Node{Type: html.DocumentNode}
	for _, n := range nodes {
		frag.AppendChild(n)
	}
	if again := SafeHTML(nodeText(frag), base); again != out {
		return fmt.Sprintf("SafeHTML is not idempotent:\nonce:  %q\ntwice: %q", safeAround(out, again), safeAround(again, out))
	}
	return ""
}

// safeAround returns a, cut to 300 bytes around its first difference with b.
func safeAround(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo, hi := max(0, i-150), min(len(a), i+150)
	return a[lo:hi]
}

func TestSafeHTMLReparses(t *testing.T) {
	tests := []struct{ name, in, want string }{
		// The cases: a removed wrapper between elements the parser
		// closes implicitly.
		{"h2 in h1 via font", `<h1><font><h2>x</h2></font></h1>`, `<h1></h1><h2>x</h2>`},
		{"h2 in h1 via font, text after", `<h1>a<font><h2>x</h2>b</font>c</h1>`, `<h1>a</h1><h2>x</h2><h1>bc</h1>`},
		{"li in li via form", `<ul><li>a<form><li>b</li></form>c</li></ul>`, `<ul><li>a</li><li>b</li><li>c</li></ul>`},
		{"li in li via fieldset", `<ol><li>a<fieldset><li>b</li></fieldset></li></ol>`, `<ol><li>a</li><li>b</li></ol>`},
		{"dt in dd via fieldset", `<dl><dd>a<fieldset><dt>b</dt></fieldset></dd></dl>`, `<dl><dd>a</dd><dt>b</dt></dl>`},
		{"p in p via marquee", `<p>a<marquee><p>b</p></marquee>c</p>`, `<p>a</p><p>b</p><p>c</p>`},
		{"a in a via marquee", `<a href="/1">a<marquee><a href="/2">b</a></marquee>c</a>`,
			`<a href="https://example.com/1">a</a><a href="https://example.com/2">b</a><a href="https://example.com/1">c</a>`},
		{"formatting reopened", `<p><b>a<marquee><div>b</div></marquee>c</b></p>`, `<p><b>a</b></p><div>b</div><p><b>c</b></p>`},
		{"white space after a split left out", "<p>a<marquee><ul><li>x</li></ul>\n</marquee></p>", "<p>a</p><ul><li>x</li></ul>"},
		{"ruby annotation in p in ruby", `<ruby>a<marquee><p>b<rt>c</rt></p></marquee></ruby>`, `<ruby>a<p>b</p><rt>c</rt></ruby>`},
		{"tables unchanged", `<table><caption>c</caption><tr><th>h</th></tr><tr><td>d</td></tr></table>`,
			`<table><caption>c</caption><tbody><tr><th>h</th></tr><tr><td>d</td></tr></tbody></table>`},
		{"cell content", `<table><tr><td><p>a<marquee><table><tr><td>x</td></tr></table></marquee></p></td></tr></table>`,
			`<table><tbody><tr><td><p>a</p><table><tbody><tr><td>x</td></tr></tbody></table></td></tr></tbody></table>`},
		{"pre newline after reopening", "<a href=\"/\"><pre>x<marquee><a href=\"/b\">y</a></marquee>\nz</pre></a>",
			"<a href=\"https://example.com/\"><pre>x</pre></a><a href=\"https://example.com/b\">y</a><a href=\"https://example.com/\"><pre>\n\nz</pre></a>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SafeHTML(toolkitHTML(t, tt.in), "https://example.com/")
			assert.Equal(t, tt.want, got)
			assertReparses(t, got, "https://example.com/")
		})
	}
}

// xhtmlContent returns the content of an Atom entry whose XHTML content is
// body (inside the xhtml div).
func xhtmlContent(t testing.TB, body string) *Text {
	t.Helper()
	doc := `<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="xhtml">` +
		`<div xmlns="http://www.w3.org/1999/xhtml">` + body + `</div></content></entry></feed>`
	feed, err := ParseDocument(strings.NewReader(doc), WithURL("https://example.com/feed"))
	require.NoError(t, err)
	require.Len(t, feed.Entries, 1)
	return feed.Entries[0].Content
}

// TestSafeHTMLReparsesXHTML: trees from Atom XHTML content nest elements in
// ways the HTML parser does not build; SafeHTML writes them so that the
// parser builds what was written.
func TestSafeHTMLReparsesXHTML(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"div in p", `<p>a<div>b</div>c</p>`, `<p>a</p><div>b</div><p>c</p>`},
		{"list in p", "<p>Items:\n<ul><li>x</li></ul>\n</p>", "<p>Items:\n</p><ul><li>x</li></ul>"},
		{"p in p", `<p>a<p>b</p></p>`, `<p>a</p><p>b</p>`},
		{"li in li", `<ul><li>a<li>b</li></li></ul>`, `<ul><li>a</li><li>b</li></ul>`},
		{"li in li through span", `<ul><li><span>a<li>b</li>c</span></li></ul>`, `<ul><li><span>a</span></li><li>b</li><li><span>c</span></li></ul>`},
		{"nested list kept", `<ul><li>a<ul><li>b</li></ul></li></ul>`, `<ul><li>a<ul><li>b</li></ul></li></ul>`},
		{"h2 in h1", `<h1>a<h2>b</h2></h1>`, `<h1>a</h1><h2>b</h2>`},
		{"h2 in span in h1", `<h1><span><h2>b</h2></span></h1>`, `<h1><span><h2>b</h2></span></h1>`},
		{"a in a", `<a href="/1">a<a href="/2">b</a></a>`, `<a href="https://example.com/1">a</a><a href="https://example.com/2">b</a>`},
		{"table in p", `<p>a<table><tr><td>x</td></tr></table></p>`, `<p>a</p><table><tbody><tr><td>x</td></tr></tbody></table>`},
		{"tr in table", `<table><tr><td>1</td></tr><tr><td>2</td></tr></table>`, `<table><tbody><tr><td>1</td></tr><tr><td>2</td></tr></tbody></table>`},
		{"td in table", `<table><td>1</td><td>2</td></table>`, `<table><tbody><tr><td>1</td><td>2</td></tr></tbody></table>`},
		{"text and div in table", `<table>x<div>y</div><tr><td>z</td></tr></table>`,
			`<table><tbody><tr><td>x<div>y</div></td></tr><tr><td>z</td></tr></tbody></table>`},
		{"text in tr", `<table><tbody><tr>x<td>y</td></tr></tbody></table>`, `<table><tbody><tr><td>x</td><td>y</td></tr></tbody></table>`},
		{"col in table", `<table><col width="10"/><col/><tr><td>x</td></tr></table>`,
			`<table><colgroup><col width="10"><col></colgroup><tbody><tr><td>x</td></tr></tbody></table>`},
		{"colgroup holds col only", `<table><colgroup>x<col/><b>y</b></colgroup></table>`, `<table><colgroup><col></colgroup></table>`},
		{"table in table", `<table><table><tr><td>x</td></tr></table></table>`,
			`<table><tbody><tr><td><table><tbody><tr><td>x</td></tr></tbody></table></td></tr></tbody></table>`},
		{"cell outside a table", `<div><td>a</td><tr><th>b</th></tr><col/><caption>c</caption></div>`, `<div>abc</div>`},
		{"row in row", `<table><tbody><tr><td>a</td><tr><td>b</td></tr></tr></tbody></table>`, `<table><tbody><tr><td>a</td><td>b</td></tr></tbody></table>`},
		{"section in section body", `<table><tbody><thead><tr><td>a</td></tr></thead></tbody></table>`, `<table><tbody><tr><td>a</td></tr></tbody></table>`},
		{"row in caption", `<table><caption>a<tr><td>b</td></tr></caption></table>`, `<table><caption>ab</caption></table>`},
		{"cell in cell", `<table><tr><td>a<td>b</td></td></tr></table>`, `<table><tbody><tr><td>ab</td></tr></tbody></table>`},
		{"hr in p", `<p>a<hr/>b</p>`, `<p>a</p><hr><p>b</p>`},
		{"pre in p keeps its newline", "<p>a<pre>\nx</pre></p>", "<p>a</p><pre>\n\nx</pre>"},
		{"rt in rt", `<ruby>a<rt>b<rt>c</rt></rt></ruby>`, `<ruby>a<rt>b</rt><rt>c</rt></ruby>`},
		{"dd in dt", `<dl><dt>a<dd>b</dd></dt></dl>`, `<dl><dt>a</dt><dd>b</dd></dl>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SafeHTML(xhtmlContent(t, tt.in), "https://example.com/")
			assert.Equal(t, tt.want, got)
			assertReparses(t, got, "https://example.com/")
		})
	}
}

// safeBenchArticle is a typical article body: paragraphs with links and
// emphasis, a list, an image, a quotation and a small table.
var safeBenchArticle = strings.Repeat(`<p>Lorem <a href="/post/1?utm_source=x" title="t">ipsum</a> dolor sit amet, <em>consectetur</em> adipiscing elit,
sed do <strong>eiusmod</strong> tempor incididunt ut labore et dolore magna aliqua.</p>
<ul><li>One <code>x &lt; y</code></li><li>Two <b>bold</b></li></ul>
<figure><img src="/img/a.png" alt="A picture" width="600" height="400"><figcaption>Caption</figcaption></figure>
<blockquote cite="https://example.org/"><p style="color: #333; margin: 0 auto">Quoted <i>text</i>.</p></blockquote>
<table><tr><th>k</th><td>v</td></tr></table><script>track()</script>
`, 4)

func BenchmarkSafeHTML(b *testing.B) {
	txt := toolkitHTML(b, safeBenchArticle)
	b.SetBytes(int64(len(safeBenchArticle)))
	b.ReportAllocs()
	for b.Loop() {
		benchString = SafeHTML(txt, safeBase)
	}
}

// TestSafeHTMLReopenBudget: closing and opening again elements around the
// blocks a p cannot hold never makes the output grow quadratically, and the
// output still re-parses to the tree written.
func TestSafeHTMLReopenBudget(t *testing.T) {
	const n = 2000
	body := "<p>" + strings.Repeat("<span>", n) + strings.Repeat("<div>x</div>y", n) + strings.Repeat("</span>", n) + "</p>"
	out := SafeHTML(xhtmlContent(t, body), "")
	require.LessOrEqual(t, len(out), 4*len(body), "%d bytes of input give too many bytes of output", len(body))
	assert.Equal(t, n, strings.Count(out, "<div>x</div>"))
	assert.Equal(t, n, strings.Count(out, "y"))
	assertReparses(t, out, "")
	// A few splits still reopen everything.
	small := SafeHTML(xhtmlContent(t, `<p><span><b>a<div>b</div>c</b></span></p>`), "")
	assert.Equal(t, `<p><span><b>a</b></span></p><div>b</div><p><span><b>c</b></span></p>`, small)
}

// TestSafeHTMLMaxDepth: elements nested deeper than the HTML parser accepts
// are unwrapped, their content kept.
func TestSafeHTMLMaxDepth(t *testing.T) {
	const n = 1000
	body := strings.Repeat("<div><table><tr><td>", n) + "x" + strings.Repeat("</td></tr></table></div>", n)
	out := SafeHTML(xhtmlContent(t, body), "")
	assertReparses(t, out, "")
	assert.Contains(t, out, "x")
	assert.Equal(t, safeMaxDepth, strings.Count(out, "<")/2) // every element written has its end tag
	body = strings.Repeat("<span>", n) + "y" + strings.Repeat("</span>", n)
	out = SafeHTML(xhtmlContent(t, body), "")
	assert.Equal(t, strings.Repeat("<span>", safeMaxDepth)+"y"+strings.Repeat("</span>", safeMaxDepth), out)
}

package htmltoken

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestAppendHTMLSVG checks the serializer on SVG content: it writes what
// x/net/html writes for the svg elements it follows, or reports false.
func TestAppendHTMLSVG(t *testing.T) {
	for _, tt := range []struct {
		src string
		ok  bool
	}{
		{"<svg><path/></svg>", true},
		{`<p>a <svg width="16" height="16" viewBox="0 0 16 16" xmlns="http://www.w3.org/2000/svg"><path d="M5 1h4z"/></svg> b</p>`, true},
		{`<svg viewbox="0 0 1 1" preserveAspectRatio="none" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="#a"></use></svg>`, true},
		{"<svg/>x", true},
		{"<svg><g><circle r=1 /><rect x=1></rect></g><text x=1>a &amp; b<tspan>c</tspan></text></svg>", true},
		{"<svg><g><path d=x>", true},
		{"<svg><svg><g/></svg></svg>", true},
		{"<p><b>x<div>y<svg><path/></svg>z", true},
		{"<table><tr><td><svg><rect/></svg></td></tr></table>", true},
		{"<pre><svg>\n<path/></svg></pre>", true},
		{"<svg>\r\n<path d='a\"b'/>\n</svg>", true},
		{"<svg><G></G></svg>", true},
		{"<svg><path></PATH></svg>", true},
		// What the serializer does not follow.
		{"<svg><p>x</svg>", false},
		{"<svg><b>x</b></svg>", false},
		{"<svg><foreignObject><p>x</p></foreignObject></svg>", false},
		{"<svg><title>a<b></title></svg>", false},
		{"<svg><style>a{}</style></svg>", false},
		{"<svg><clipPath id=c><rect/></clipPath><linearGradient><stop offset=0 /></LINEARGRADIENT></svg>", true},
		{"<svg><feBlend></feBlend></svg>", false},
		{"<svg><path/></g></svg>", false},
		{"<svg><g></svg>", false},
		{"<svg><![CDATA[x<y]]></svg>", false},
		{"<svg><!-- c --></svg>", false},
		{"<svg><path attributeName=x /></svg>", false},
		{"<svg>a\x00b</svg>", false},
		{"<table><svg></svg></table>", false},
		{"<svg><math></math></svg>", false},
	} {
		for _, mode := range allModes {
			got, diff := compareRender(tt.src, mode)
			assert.NotEqual(t, disagreed, got, "%q mode %d\n%s", tt.src, mode, diff)
			assert.Equal(t, tt.ok, got == agreed, "%q mode %d: ok", tt.src, mode)
		}
	}
}

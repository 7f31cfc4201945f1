package feedspec

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/sharedtest"
	"github.com/feedspec/feedspec/xml5"
)

// TestDecideHTMLStopsEarly shows that escaped HTML is decided from its
// tokens up to the first significant content and node, whatever follows
// (even what the full analysis cannot decide: hidden attributes, svg,
// template, select, NUL, a table), with the same value as building the
// fragment now.
func TestDecideHTMLStopsEarly(t *testing.T) {
	tails := []string{
		"", "<p hidden>x</p>", "<svg><text>y</text></svg>", "<template>z</template>",
		"<select><option>o</select>", "a\x00b", "<pre></b>\nx</pre>", "<table><tr><td>t</table>",
		"<math><mi>x</mi></math>", "<img width=1 height=1>", "<script>s</script>",
	}
	heads := []string{"<p>Hello</p>", "Hello <b>world</b>", "<img src=a.png>", "x<!--c-->", "a</p>"}
	for _, head := range heads {
		for _, tail := range tails {
			src := head + tail
			sum, exact := decideHTML(src)
			require.True(t, exact, "%q", src)
			assert.True(t, sum.significant, "%q", src)
			assert.False(t, sum.isString, "%q", src)
			assert.True(t, sum.sigLater, "%q: stopped early", src)

			lazy, eager := escapedHTMLText(src), parseHTMLText(src)
			require.NotNil(t, lazy.lazy, "%q", src)
			assert.Equal(t, textKind(eager), textKind(lazy), "%q", src)
			assert.Equal(t, xmlSerialize(eager), xmlSerialize(lazy), "%q", src)
			assert.Equal(t, eager.HTML(), lazy.HTML(), "%q", src)
		}
	}

	// Not yet decided when the text that follows is all there is: the
	// full analysis runs, as before.
	for _, src := range []string{"<p></p>", "Hello", "<script>x</script>", "<br>", "<p hidden>x</p>", "<svg></svg>x"} {
		sum, exact := decideHTML(src)
		full, fullExact := analyzeHTML(src)
		assert.Equal(t, fullExact, exact, "%q", src)
		assert.Equal(t, full, sum, "%q", src)
	}
}

// TestDecideHTMLPlainStart checks that the sources decideHTML decides
// without a tokenizer (decidedByStart) are decided as the tokens decide
// them, and that the shapes it declines still are.
func TestDecideHTMLPlainStart(t *testing.T) {
	for _, tt := range []struct {
		src   string
		plain bool
	}{
		{"<p>Hello</p>", true},
		{"<P>Hello", true},
		{"\n\t <div>Hello <b>world</b></div>", true},
		{"<blockquote>x", true},
		{"<h2>Title</h2><p>Text</p>", true},
		{"<br>x", true},
		{"<br/>x", true},
		{"<br />x", true},
		{"<p>\u00e9t\u00e9</p>", true},
		{"<p> Hello</p>", true},
		{"<p>\n\t Hello</p>", true},
		{"Hello<br />world", true},
		{"Hello <b>world</b>", true},
		{" \nHello &amp; a < b <p>x", true},
		{"Hello<BR>", true},
		{"\u00e9t\u00e9<i>x</i>", true},
		{"<p>\n</p>", false},
		{"<p> <b>Hello</b></p>", false},
		{"<p><b>Hello</b></p>", false},
		{"<p>&amp; more</p>", false},
		{"<p> &amp; more</p>", false},
		{"<p class=x>Hello</p>", false},
		{"<p >Hello</p>", false},
		{"<br  />x", false},
		{"<br/ >x", false},
		{"<pre>x</pre>", false},
		{"<textarea>x</textarea>", false},
		{"<script>x</script>", false},
		{"<title>x</title>", false},
		{"<table>x", false},
		{"<td>x", false},
		{"<body>x", false},
		{"<p>", false},
		{"<p>x\x00y", false},
		{"<p>x<b>\x00</b>", false},
		{"\r\n<p>x", false},
		{"\r\n<b></b>", false},
		{" \r <b></b>", false},
		{"<p>x\r\ny", true},
		{"x<p>y", true},
		{"<blockquotes>x", false},
		{"Hello", false},
		{"Hello <", false},
		{"Hello <3", false},
		{"Hello <a href=x>world</a>", false},
		{"Hello <img src=x>", false},
		{"Hello </p>", false},
		{"Hello <!-- c -->", false},
		{"Hello <?x?>", false},
		{"Hello <script>x</script>", false},
		{"&amp;<p>x", false},
		{"&#32;<p>x", false},
		{"Hello\x00<p>x", false},
	} {
		assert.Equal(t, tt.plain, decidedByStart(tt.src), "%q", tt.src)
		got, gotExact := decideHTML(tt.src)
		want, wantExact := analyzeHTMLWith(tt.src, true, -1)
		assert.Equal(t, wantExact, gotExact, "%q: exact", tt.src)
		assert.Equal(t, want, got, "%q: as the tokens decide it", tt.src)
	}
}

// TestLazySignature shows that a Node decided early computes its text
// signature only when "same text content" asks, and that the signature is
// the one the full analysis gives: different texts are told apart without
// building either fragment, equal texts written differently are compared
// by building them.
func TestLazySignature(t *testing.T) {
	a := escapedHTMLText("<p>Hello</p><p>world</p>")
	b := escapedHTMLText("<p>Hello</p><p>there</p>")
	require.True(t, a.lazy.sigLater)
	require.True(t, b.lazy.sigLater)
	assert.False(t, sameTextContent(a, b))
	assert.Nil(t, a.frag, "told apart by the signatures")
	assert.Nil(t, b.frag, "told apart by the signatures")
	assert.False(t, a.lazy.sigLater)
	full, exact := analyzeHTML(a.lazy.src)
	require.True(t, exact)
	assert.Equal(t, full.sig, a.lazy.sig)

	c := escapedHTMLText("<p>Hello</p><p>world</p>")
	d := escapedHTMLText("<p>Hello</p><p>w&#111;rld</p>")
	assert.True(t, sameTextContent(a, c), "same source")
	assert.True(t, sameTextContent(c, d), "the same fragment written differently")

	// A signature the tokens cannot give (the fragment holds svg) leaves
	// the comparison to the fragments.
	e := escapedHTMLText("<p>Hello</p><svg><text>x</text></svg>")
	f := escapedHTMLText("<p>Hello</p><svg><text>y</text></svg>")
	require.True(t, e.lazy.sigLater)
	assert.False(t, sameTextContent(e, f))
	assert.False(t, e.lazy.sig.ok)
	assert.True(t, sameTextContent(e, escapedHTMLText("<p>Hello</p><svg><text>x</text></svg>")))
}

// TestDecideHTMLLinear shows that deciding escaped HTML costs no more per
// byte for a long fragment than for a short one: the tokens are read only
// until the answer is known, and the signature, when asked, in one pass.
func TestDecideHTMLLinear(t *testing.T) {
	unit := "<p>Some <b>text</b> &amp; more</p>\n"
	small, large := strings.Repeat(unit, 100), strings.Repeat(unit, 1000)
	allocs := func(src string) float64 {
		return testing.AllocsPerRun(5, func() {
			x := escapedHTMLText(src)
			y := escapedHTMLText(src + "x")
			sameTextContent(x, y)
		})
	}
	assert.LessOrEqual(t, allocs(large), allocs(small)+4, "allocations do not grow with the input")
}

// TestBytesOf checks the test analyzeTokens uses to keep a text token
// without copying it.
func TestBytesOf(t *testing.T) {
	s := "Hello <b>world</b>"
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	assert.True(t, bytesOf(b, s), "all of s")
	assert.True(t, bytesOf(b[6:9], s), "inside s")
	assert.True(t, bytesOf(b[len(b)-1:], s), "its last byte")
	assert.False(t, bytesOf(b[:0], s), "empty")
	assert.False(t, bytesOf([]byte("Hello"), s), "a copy")
	assert.False(t, bytesOf(b, s[:5]), "longer than s")
	assert.False(t, bytesOf(b[5:], s[:5]), "past s")
	assert.False(t, bytesOf(b[:6], s[1:]), "starts before s")
}

// TestDecidedByStartCorpus checks, on the text of every element of the
// corpus that holds markup, that a source decideHTML decides from its
// start (decidedByStart) is decided so by its tokens.
func TestDecidedByStartCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("reads every corpus file")
	}
	checked, byStart := 0, 0
	for _, path := range sharedtest.CorpusFiles(t) {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		doc, _ := xml5.Parse(bytes.NewReader(b))
		if doc == nil {
			continue
		}
		for n := doc.Root(); n != nil; n = nextInTree(n, nil) {
			if n.Type != xml5.ElementNode || n.FirstElementChild() != nil {
				continue
			}
			src := n.ChildTextContent()
			if !hasMarkupByte(src) {
				continue
			}
			checked++
			if !decidedByStart(src) {
				continue
			}
			byStart++
			sum, exact := analyzeHTMLWith(src, true, -1)
			require.True(t, exact && sum == htmlSummary{significant: true, sigLater: true}, "%s: %.80q decided by its start, not so by its tokens", path, src)
		}
	}
	t.Logf("%d texts with markup, %d decided by their start", checked, byStart)
}

// TestDecidedByStartGiveUpBytes checks decidedByStart on the bytes the fast
// tokenizer gives up on or reads specially after a plain start tag: a CR
// is white space (read as LF), so "<B>\r" holds no significant content
// (FuzzEscapedHTML's testdata/fuzz/FuzzEscapedHTML/941d56647864d2eb), a
// NUL and a character reference, known or not, are left to the tokens.
// Then every source made of a start and up to three pieces from the same
// alphabet that decidedByStart decides is decided so by its tokens, and
// the lazy Text it gives is the fragment built now.
func TestDecidedByStartGiveUpBytes(t *testing.T) {
	for _, tt := range []struct {
		src   string
		plain bool
	}{
		{"<B>\r", false},
		{"<p>\r</p>", false},
		{"<p>\r\n</p>", false},
		{"<p>\n\r</p>", false},
		{"<p> \r\t\f\n</p>", false},
		{"<p>\r<b></b>", false},
		{"<p>\r\n<br>", false},
		{"<p>\r&amp;</p>", false},
		{"<p>\r&foo;</p>", false},
		{"<p>\r\x00x</p>", false},
		{"<p>\rx</p>", true},
		{"<p>\r\nx</p>", true},
		{"<p>\r\n\u00a0</p>", true},
		{"<p>\v</p>", true},
		{"<p>&foo;</p>", false},
		{"<p>&#13;</p>", false},
		{"<p>x&foo;</p>", true},
		{"<p>x&#0;</p>", true},
		{"<p>\x00</p>", false},
		{"<p>x\x00</p>", false},
		{"x\r<b>", true},
		{"x\r\n<br />", true},
		{"\r<p>x", false},
		{"x&foo;<b>y", true},
	} {
		assert.Equal(t, tt.plain, decidedByStart(tt.src), "%q", tt.src)
		got, gotExact := decideHTML(tt.src)
		want, wantExact := analyzeHTMLWith(tt.src, true, -1)
		assert.Equal(t, wantExact, gotExact, "%q: exact", tt.src)
		assert.Equal(t, want, got, "%q: as the tokens decide it", tt.src)
		lazy, eager := escapedHTMLText(tt.src), parseHTMLText(tt.src)
		assert.Equal(t, textKind(eager), textKind(lazy), "%q: lazy vs eager kind", tt.src)
		assert.Equal(t, xmlSerialize(eager), xmlSerialize(lazy), "%q: lazy vs eager", tt.src)
	}

	starts := []string{"", " ", "\r", "\r\n", "x", "<p>", "<B>", "<br />", "<b/>"}
	pieces := []string{"\r", "\n", "\r\n", "\n\r", " ", "\t", "\f", "\v", "x", "&foo;", "&amp;", "&#13;", "&",
		"\x00", "<", "</p>", "<b>", "<!--c-->", "\u00a0", "<td>", "<pre>"}
	depth := 3
	if testing.Short() {
		depth = 2
	}
	checked, decided := 0, 0
	var walk func(src string, left int)
	walk = func(src string, left int) {
		checked++
		if decidedByStart(src) {
			decided++
			sum, exact := analyzeHTMLWith(src, true, -1)
			require.True(t, exact && sum == htmlSummary{significant: true, sigLater: true}, "%q: decided without the tokens, not as they decide it", src)
			lazy, eager := escapedHTMLText(src), parseHTMLText(src)
			require.Equal(t, textKind(eager), textKind(lazy), "%q: lazy vs eager kind", src)
			require.Equal(t, xmlSerialize(eager), xmlSerialize(lazy), "%q: lazy vs eager", src)
		}
		if left == 0 {
			return
		}
		for _, p := range pieces {
			walk(src+p, left-1)
		}
	}
	for _, s := range starts {
		walk(s, depth)
	}
	t.Logf("%d sources, %d decided by their start", checked, decided)
	assert.Greater(t, decided, checked/20, "the alphabet reaches decidedByStart's shapes")
}

package feedspec

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/xml5"
)

// corpusFeedsDir holds the real feeds, beside the repository.
const corpusFeedsDir = "../shared/corpus/feeds"

func TestErrLimitIsXML5ErrLimit(t *testing.T) {
	err := error(&xml5.LimitError{Limit: "MaxDepth", Value: 3, Line: 1, Offset: 9})
	require.ErrorIs(t, err, ErrLimit, "an xml5 limit error does not match feedspec.ErrLimit")
	var le *LimitError
	require.ErrorAs(t, err, &le, "errors.As to *feedspec.LimitError")
	require.Equal(t, "MaxDepth", le.Limit, "errors.As to *feedspec.LimitError")
}

func TestDefaultLimits(t *testing.T) {
	d := DefaultLimits()
	x := xml5.DefaultLimits
	assert.Equal(t, x.MaxInputBytes, d.MaxInputBytes, "DefaultLimits() differs from the parser's own defaults")
	assert.Equal(t, x.MaxDepth, d.MaxDepth, "DefaultLimits() differs from the parser's own defaults")
	assert.Equal(t, x.MaxEntityDepth, d.MaxEntityDepth, "DefaultLimits() differs from the parser's own defaults")
	assert.Equal(t, x.MaxEntityExpansion, d.MaxEntityExpansion, "DefaultLimits() differs from the parser's own defaults")
	assert.Equal(t, x.MaxAttributes, d.MaxAttributes, "DefaultLimits() differs from the parser's own defaults")
	for name, v := range map[string]int64{"MaxInputBytes": d.MaxInputBytes, "MaxDepth": int64(d.MaxDepth),
		"MaxEntityDepth": int64(d.MaxEntityDepth), "MaxEntityExpansion": int64(d.MaxEntityExpansion),
		"MaxAttributes": int64(d.MaxAttributes)} {
		assert.Positive(t, v, "default %s: no limit", name)
	}
	// Changing the returned value changes nobody else's defaults.
	d.MaxDepth = 1
	assert.NotEqual(t, 1, DefaultLimits().MaxDepth, "DefaultLimits shares its value")
}

func TestLimitsToXML5(t *testing.T) {
	d := DefaultLimits()
	assert.Equal(t, xml5.Limits{MaxInputBytes: d.MaxInputBytes, MaxDepth: d.MaxDepth,
		MaxEntityDepth: d.MaxEntityDepth, MaxEntityExpansion: d.MaxEntityExpansion, MaxAttributes: d.MaxAttributes,
		MaxNodes: d.MaxNodes}, (Limits{}).xml5(), "zero Limits, want the defaults")
	l := Limits{MaxInputBytes: -1, MaxDepth: 7, MaxEntityDepth: -1, MaxEntityExpansion: 100, MaxAttributes: 3, MaxNodes: -1}
	want := xml5.Limits{MaxInputBytes: -1, MaxDepth: 7, MaxEntityDepth: -1, MaxEntityExpansion: 100, MaxAttributes: 3, MaxNodes: -1}
	assert.Equal(t, want, l.xml5(), "%+v", l)
	c := newConfig([]Option{WithLimits(Limits{MaxDepth: 2}), WithLimits(l)})
	assert.Equal(t, l, c.limits, "the last WithLimits does not win")
}

// deepRSS is an RSS feed with two complete items and then, in a third, an
// element nested depth levels deep.
func deepRSS(depth int) []byte {
	var b bytes.Buffer
	b.WriteString(`<rss version="2.0"><channel><title>Deep</title>` +
		`<item><title>one</title></item><item><title>two</title></item><item><title>three</title><description>`)
	b.WriteString(strings.Repeat("<x>", depth))
	b.WriteString(`</description></item><item><title>after</title></item></channel></rss>`)
	return b.Bytes()
}

// manyAttrsRSS is an RSS feed with one complete item and then an element
// with n attributes.
func manyAttrsRSS(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`<rss version="2.0"><channel><title>Attrs</title><item><title>one</title></item><item><title x="1"`)
	for i := 0; i < n; i++ {
		b.WriteString(" a")
		b.WriteString(itoa(i))
		b.WriteString(`=""`)
	}
	b.WriteString(`>two</title></item></channel></rss>`)
	return b.Bytes()
}

// itoa formats a non-negative int without strconv, for building inputs.
func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var d [20]byte
	n := len(d)
	for ; i > 0; i /= 10 {
		n--
		d[n] = byte('0' + i%10)
	}
	return string(d[n:])
}

// checkLimitError checks that err wraps ErrLimit with a *LimitError naming
// limit, and that its message says which limit and where.
func checkLimitError(t *testing.T, err error, limit string) *LimitError {
	t.Helper()
	require.ErrorIs(t, err, ErrLimit)
	var le *LimitError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, limit, le.Limit, "the limit reached")
	assert.ErrorContains(t, err, limit, "the message does not say which limit")
	assert.ErrorContains(t, err, "offset", "the message does not say where")
	return le
}

// titlesOf lists the titles of f's entries.
func titlesOf(f *Feed) []string {
	var out []string
	for _, e := range f.Entries {
		out = append(out, e.Title.String())
	}
	return out
}

func TestParseDocumentDefaultDepthLimit(t *testing.T) {
	d := DefaultLimits().MaxDepth
	// Within the limit: the feed, no error. The root rss, channel, item
	// and description take 4 levels.
	feed, err := ParseDocument(bytes.NewReader(deepRSS(d - 4)))
	require.NoError(t, err, "at the limit")
	require.NotNil(t, feed, "at the limit")
	require.Len(t, feed.Entries, 4, "at the limit")
	// One beyond: the partial feed and the error.
	feed, err = ParseDocument(bytes.NewReader(deepRSS(d - 3)))
	le := checkLimitError(t, err, "MaxDepth")
	assert.Equal(t, int64(d), le.Value, "LimitError %+v", le)
	assert.Equal(t, 1, le.Line, "LimitError %+v", le)
	assert.Positive(t, le.Offset, "LimitError %+v", le)
	require.NotNil(t, feed, "no partial feed")
	assert.Equal(t, []string{"one", "two", "three"}, titlesOf(feed), "partial feed's entries, want one, two and the cut three")
	assert.Equal(t, "Deep", feed.Title.String(), "title")
}

func TestParseDocumentDefaultAttributesLimit(t *testing.T) {
	d := DefaultLimits().MaxAttributes
	feed, err := ParseDocument(bytes.NewReader(manyAttrsRSS(d - 1)))
	require.NoError(t, err, "at the limit")
	require.NotNil(t, feed, "at the limit")
	require.Len(t, feed.Entries, 2, "at the limit")
	feed, err = ParseDocument(bytes.NewReader(manyAttrsRSS(d)))
	checkLimitError(t, err, "MaxAttributes")
	require.NotNil(t, feed, "no partial feed")
	require.NotEmpty(t, feed.Entries, "partial feed %v lacks the first entry", feed)
	require.Equal(t, "one", feed.Entries[0].Title.String(), "partial feed's first entry")
}

func TestParseDocumentLimitBeforeAFeed(t *testing.T) {
	// The limit is reached in a document that is not a feed: no feed, an
	// error that says both.
	doc := "<html>" + strings.Repeat("<div>", DefaultLimits().MaxDepth+5)
	feed, err := ParseDocument(strings.NewReader(doc))
	require.Nil(t, feed)
	checkLimitError(t, err, "MaxDepth")
	assert.ErrorIs(t, err, ErrNotFeed)
}

func TestParseResponseDefaultLimit(t *testing.T) {
	srv := newServer(t, serve([]string{"application/rss+xml"}, deepRSS(DefaultLimits().MaxDepth)))
	feed, err := ParseResponse(get(t, srv, "/feed.xml"))
	checkLimitError(t, err, "MaxDepth")
	require.NotNil(t, feed, "no partial feed")
	require.GreaterOrEqual(t, len(feed.Entries), 2, "partial feed %v", feed)
}

func TestParseDocumentWithLimits(t *testing.T) {
	tests := []struct {
		name   string
		doc    []byte
		limits Limits
		limit  string // "" for no error
	}{
		{"depth", deepRSS(20), Limits{MaxDepth: 10}, "MaxDepth"},
		// 20,000 "<x>" are 20,000 nodes in 60 KB: MaxNodes (one per 16
		// bytes, at least 16,384) is reached unless removed too.
		{"depth removed", deepRSS(20000), Limits{MaxDepth: -1, MaxNodes: -1}, ""},
		{"nodes", deepRSS(20000), Limits{MaxDepth: -1}, "MaxNodes"},
		{"attributes", manyAttrsRSS(50), Limits{MaxAttributes: 10}, "MaxAttributes"},
		{"attributes removed", manyAttrsRSS(20000), Limits{MaxAttributes: -1}, ""},
		{"input bytes", deepRSS(1000), Limits{MaxInputBytes: 200}, "MaxInputBytes"},
		{"input bytes at the size", deepRSS(3), Limits{MaxInputBytes: int64(len(deepRSS(3)))}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			feed, err := ParseDocument(bytes.NewReader(tt.doc), WithLimits(tt.limits))
			if tt.limit == "" {
				require.NoError(t, err)
				return
			}
			checkLimitError(t, err, tt.limit)
			if assert.NotNil(t, feed, "no partial feed") && assert.NotEmpty(t, feed.Entries, "partial feed %v lacks the first entry", feed) {
				assert.Equal(t, "one", feed.Entries[0].Title.String(), "partial feed's first entry")
			}
		})
	}
	// Entity limits leave the reference as written, without an error.
	doc := `<!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>` +
		`<rss><channel><title>&b;|&a;</title></channel></rss>`
	feed, err := ParseDocument(strings.NewReader(doc), WithLimits(Limits{MaxEntityExpansion: 50}))
	require.NoError(t, err)
	require.NotNil(t, feed)
	title := feed.Title.String()
	assert.Contains(t, title, "&", "the expansion was not cut")
	assert.LessOrEqual(t, len(title), 100, "title %q: the expansion was not cut", title)
	feed, err = ParseDocument(strings.NewReader(doc), WithLimits(Limits{MaxEntityDepth: 1}))
	require.NoError(t, err)
	require.NotNil(t, feed)
	// &b; expands one level; the references in its text stay as written.
	assert.Equal(t, strings.Repeat("&a;", 10)+"|aaaaaaaaaa", feed.Title.String(), "title with MaxEntityDepth 1")
}

// TestDefaultLimitsLetCorpusThrough parses every real feed with the default
// limits and checks that none reaches a limit, and that the deepest nesting
// and the most attributes on an element stay far below the limits.
func TestDefaultLimitsLetCorpusThrough(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus: skipped with -short")
	}
	files, _ := filepath.Glob(filepath.Join(corpusFeedsDir, "*"))
	if len(files) == 0 {
		t.Skip("the corpus is not at " + corpusFeedsDir + "; skipping")
	}
	maxDepth, maxAttrs, maxSize := 0, 0, 0
	for _, path := range files {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		maxSize = max(maxSize, len(b))
		var diags []Diagnostic
		_, err = ParseDocument(bytes.NewReader(b), WithDiagnostics(&diags))
		assert.NotErrorIs(t, err, ErrLimit, filepath.Base(path))
		for _, d := range diags {
			assert.NotEqual(t, DiagnosticLimit, d.Kind, "%s: %v", filepath.Base(path), d) // MaxPerEntry
		}
		doc, err := xml5.Parse(bytes.NewReader(b))
		if !assert.NoError(t, err, filepath.Base(path)) {
			continue
		}
		type item struct {
			n     *xml5.Node
			depth int
		}
		stack := []item{{doc.Node, 0}}
		for len(stack) > 0 {
			it := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			maxDepth = max(maxDepth, it.depth)
			maxAttrs = max(maxAttrs, len(it.n.Attr))
			for c := it.n.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == xml5.ElementNode {
					stack = append(stack, item{c, it.depth + 1})
				}
			}
		}
	}
	t.Logf("%d feeds: deepest nesting %d, most attributes %d, largest %d bytes", len(files), maxDepth, maxAttrs, maxSize)
	d := DefaultLimits()
	assert.LessOrEqual(t, maxDepth*10, d.MaxDepth, "a real feed comes within a factor of 10 of a default limit")
	assert.LessOrEqual(t, maxAttrs*10, d.MaxAttributes, "a real feed comes within a factor of 10 of a default limit")
	assert.LessOrEqual(t, int64(maxSize)*10, d.MaxInputBytes, "a real feed comes within a factor of 10 of a default limit")
}

// TestFetcherBodyLimitProposal checks the reasons given for
// DefaultFetchMaxBodySize: far above every real feed, below ParseResponse's
// default, and at about 16 bytes of heap per input byte (TestBoundedOutput)
// a poll peaks under 256 MiB.
func TestFetcherBodyLimitProposal(t *testing.T) {
	assert.LessOrEqual(t, DefaultFetchMaxBodySize, DefaultMaxBodySize, "DefaultFetchMaxBodySize above DefaultMaxBodySize")
	assert.LessOrEqual(t, DefaultFetchMaxBodySize*16, 256<<20, "DefaultFetchMaxBodySize above 256 MiB at 16 bytes per byte")
	files, _ := filepath.Glob(filepath.Join(corpusFeedsDir, "*"))
	if len(files) == 0 {
		t.Skip("the corpus is not at " + corpusFeedsDir + "; skipping")
	}
	for _, path := range files {
		if fi, err := os.Stat(path); err == nil {
			assert.LessOrEqual(t, fi.Size()*4, int64(DefaultFetchMaxBodySize), "%s: within a factor of 4 of DefaultFetchMaxBodySize", filepath.Base(path))
		}
	}
}

// TestFetcherAppliesItsBodyLimit: a Fetcher refuses a body one byte over
// DefaultFetchMaxBodySize with ErrBodyTooLarge, and its Options override
// the limit.
func TestFetcherAppliesItsBodyLimit(t *testing.T) {
	for _, c := range []struct {
		f    *Fetcher
		want int64
	}{
		{&Fetcher{}, DefaultFetchMaxBodySize},
		{&Fetcher{Strict: true, KeepDocument: true}, DefaultFetchMaxBodySize},
		{&Fetcher{Options: []Option{WithMaxBodySize(100)}}, 100},
	} {
		assert.Equal(t, c.want, newConfig(c.f.options()).maxBodySize, "%+v: body limit", c.f)
	}

	head := []byte(`<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		_, _ = w.Write(head)
		pad := bytes.Repeat([]byte(" "), 64<<10)
		for n := len(head); n <= DefaultFetchMaxBodySize; n += len(pad) {
			if _, err := w.Write(pad); err != nil {
				return
			}
		}
	}))
	defer srv.Close()
	f := &Fetcher{AllowPrivateNetworks: true}
	_, err := f.Fetch(context.Background(), srv.URL, nil)
	require.ErrorIs(t, err, ErrBodyTooLarge, "a body over DefaultFetchMaxBodySize")
	f.Options = []Option{WithMaxBodySize(DefaultFetchMaxBodySize + 1<<20)}
	res, err := f.Fetch(context.Background(), srv.URL, nil)
	require.NoError(t, err, "with a larger WithMaxBodySize")
	require.NotNil(t, res.Feed, "with a larger WithMaxBodySize: %+v", res)
	require.Equal(t, "t", res.Feed.Title.String(), "with a larger WithMaxBodySize")
}

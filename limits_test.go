package feedspec

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/xml5"
)

// corpusFeedsDir holds the real feeds, beside the repository.
const corpusFeedsDir = "../shared/corpus/feeds"

func TestErrLimitIsXML5ErrLimit(t *testing.T) {
	err := error(&xml5.LimitError{Limit: "MaxDepth", Value: 3, Line: 1, Offset: 9})
	if !errors.Is(err, ErrLimit) {
		t.Fatal("an xml5 limit error does not match feedspec.ErrLimit")
	}
	var le *LimitError
	if !errors.As(err, &le) || le.Limit != "MaxDepth" {
		t.Fatalf("errors.As to *feedspec.LimitError: %v", le)
	}
}

func TestDefaultLimits(t *testing.T) {
	d := DefaultLimits()
	x := xml5.DefaultLimits
	if d.MaxInputBytes != x.MaxInputBytes || d.MaxDepth != x.MaxDepth || d.MaxEntityDepth != x.MaxEntityDepth ||
		d.MaxEntityExpansion != x.MaxEntityExpansion || d.MaxAttributes != x.MaxAttributes {
		t.Errorf("DefaultLimits() = %+v, differs from the parser's own defaults %+v", d, x)
	}
	for name, v := range map[string]int64{"MaxInputBytes": d.MaxInputBytes, "MaxDepth": int64(d.MaxDepth),
		"MaxEntityDepth": int64(d.MaxEntityDepth), "MaxEntityExpansion": int64(d.MaxEntityExpansion),
		"MaxAttributes": int64(d.MaxAttributes)} {
		if v <= 0 {
			t.Errorf("default %s is %d: no limit", name, v)
		}
	}
	// Changing the returned value changes nobody else's defaults.
	d.MaxDepth = 1
	if DefaultLimits().MaxDepth == 1 {
		t.Error("DefaultLimits shares its value")
	}
}

func TestLimitsToXML5(t *testing.T) {
	d := DefaultLimits()
	if got := (Limits{}).xml5(); got != (xml5.Limits{MaxInputBytes: d.MaxInputBytes, MaxDepth: d.MaxDepth,
		MaxEntityDepth: d.MaxEntityDepth, MaxEntityExpansion: d.MaxEntityExpansion, MaxAttributes: d.MaxAttributes,
		MaxNodes: d.MaxNodes}) {
		t.Errorf("zero Limits give %+v, want the defaults", got)
	}
	l := Limits{MaxInputBytes: -1, MaxDepth: 7, MaxEntityDepth: -1, MaxEntityExpansion: 100, MaxAttributes: 3, MaxNodes: -1}
	want := xml5.Limits{MaxInputBytes: -1, MaxDepth: 7, MaxEntityDepth: -1, MaxEntityExpansion: 100, MaxAttributes: 3, MaxNodes: -1}
	if got := l.xml5(); got != want {
		t.Errorf("%+v gives %+v, want %+v", l, got, want)
	}
	c := newConfig([]Option{WithLimits(Limits{MaxDepth: 2}), WithLimits(l)})
	if c.limits != l {
		t.Errorf("the last WithLimits does not win: %+v", c.limits)
	}
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
	if !errors.Is(err, ErrLimit) {
		t.Fatalf("err = %v, want one wrapping ErrLimit", err)
	}
	var le *LimitError
	if !errors.As(err, &le) {
		t.Fatalf("err = %v has no *LimitError", err)
	}
	if le.Limit != limit {
		t.Errorf("limit %q reached, want %q", le.Limit, limit)
	}
	if msg := err.Error(); !strings.Contains(msg, limit) || !strings.Contains(msg, "offset") {
		t.Errorf("message %q does not say which limit and where", msg)
	}
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
	if err != nil || feed == nil || len(feed.Entries) != 4 {
		t.Fatalf("at the limit: %v entries, err %v", feed, err)
	}
	// One beyond: the partial feed and the error.
	feed, err = ParseDocument(bytes.NewReader(deepRSS(d - 3)))
	le := checkLimitError(t, err, "MaxDepth")
	if le.Value != int64(d) || le.Line != 1 || le.Offset <= 0 {
		t.Errorf("LimitError %+v", le)
	}
	if feed == nil {
		t.Fatal("no partial feed")
	}
	if got := titlesOf(feed); len(got) != 3 || got[0] != "one" || got[1] != "two" || got[2] != "three" {
		t.Errorf("partial feed's entries %q, want one, two and the cut three", got)
	}
	if feed.Title.String() != "Deep" {
		t.Errorf("title %q", feed.Title.String())
	}
}

func TestParseDocumentDefaultAttributesLimit(t *testing.T) {
	d := DefaultLimits().MaxAttributes
	feed, err := ParseDocument(bytes.NewReader(manyAttrsRSS(d - 1)))
	if err != nil || feed == nil || len(feed.Entries) != 2 {
		t.Fatalf("at the limit: %v, err %v", feed, err)
	}
	feed, err = ParseDocument(bytes.NewReader(manyAttrsRSS(d)))
	checkLimitError(t, err, "MaxAttributes")
	if feed == nil || len(feed.Entries) == 0 || feed.Entries[0].Title.String() != "one" {
		t.Fatalf("partial feed %v lacks the first entry", feed)
	}
}

func TestParseDocumentLimitBeforeAFeed(t *testing.T) {
	// The limit is reached in a document that is not a feed: no feed, an
	// error that says both.
	doc := "<html>" + strings.Repeat("<div>", DefaultLimits().MaxDepth+5)
	feed, err := ParseDocument(strings.NewReader(doc))
	if feed != nil {
		t.Fatalf("feed %v", feed)
	}
	checkLimitError(t, err, "MaxDepth")
	if !errors.Is(err, ErrNotFeed) {
		t.Errorf("err %v does not wrap ErrNotFeed", err)
	}
}

func TestParseResponseDefaultLimit(t *testing.T) {
	srv := newServer(t, serve([]string{"application/rss+xml"}, deepRSS(DefaultLimits().MaxDepth)))
	feed, err := ParseResponse(get(t, srv, "/feed.xml"))
	checkLimitError(t, err, "MaxDepth")
	if feed == nil || len(feed.Entries) < 2 {
		t.Fatalf("partial feed %v", feed)
	}
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
			if feed == nil || len(feed.Entries) == 0 || feed.Entries[0].Title.String() != "one" {
				t.Errorf("partial feed %v lacks the first entry", feed)
			}
		})
	}
	// Entity limits leave the reference as written, without an error.
	doc := `<!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>` +
		`<rss><channel><title>&b;|&a;</title></channel></rss>`
	feed, err := ParseDocument(strings.NewReader(doc), WithLimits(Limits{MaxEntityExpansion: 50}))
	if err != nil || feed == nil {
		t.Fatalf("%v, %v", feed, err)
	}
	if title := feed.Title.String(); !strings.Contains(title, "&") || len(title) > 100 {
		t.Errorf("title %q: the expansion was not cut", title)
	}
	feed, err = ParseDocument(strings.NewReader(doc), WithLimits(Limits{MaxEntityDepth: 1}))
	if err != nil || feed == nil {
		t.Fatalf("%v, %v", feed, err)
	}
	// &b; expands one level; the references in its text stay as written.
	if title := feed.Title.String(); title != strings.Repeat("&a;", 10)+"|aaaaaaaaaa" {
		t.Errorf("title %q with MaxEntityDepth 1", title)
	}
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
		if errors.Is(err, ErrLimit) {
			t.Errorf("%s: %v", filepath.Base(path), err)
		}
		for _, d := range diags {
			if d.Kind == DiagnosticLimit { // MaxPerEntry
				t.Errorf("%s: %v", filepath.Base(path), d)
			}
		}
		doc, err := xml5.Parse(bytes.NewReader(b))
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(path), err)
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
	if maxDepth*10 > d.MaxDepth || maxAttrs*10 > d.MaxAttributes || int64(maxSize)*10 > d.MaxInputBytes {
		t.Errorf("a real feed comes within a factor of 10 of a default limit")
	}
}

// TestFetcherBodyLimitProposal checks the reasons given for
// DefaultFetchMaxBodySize: far above every real feed, below ParseResponse's
// default, and at about 16 bytes of heap per input byte (TestBoundedOutput)
// a poll peaks under 256 MiB.
func TestFetcherBodyLimitProposal(t *testing.T) {
	if DefaultFetchMaxBodySize > DefaultMaxBodySize || DefaultFetchMaxBodySize*16 > 256<<20 {
		t.Errorf("DefaultFetchMaxBodySize %d: above DefaultMaxBodySize or 256 MiB at 16 bytes per byte", DefaultFetchMaxBodySize)
	}
	files, _ := filepath.Glob(filepath.Join(corpusFeedsDir, "*"))
	if len(files) == 0 {
		t.Skip("the corpus is not at " + corpusFeedsDir + "; skipping")
	}
	for _, path := range files {
		if fi, err := os.Stat(path); err == nil && fi.Size()*4 > DefaultFetchMaxBodySize {
			t.Errorf("%s: %d bytes, within a factor of 4 of DefaultFetchMaxBodySize", filepath.Base(path), fi.Size())
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
		if got := newConfig(c.f.options()).maxBodySize; got != c.want {
			t.Errorf("%+v: body limit %d, want %d", c.f, got, c.want)
		}
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
	if _, err := f.Fetch(context.Background(), srv.URL, nil); !errors.Is(err, ErrBodyTooLarge) {
		t.Fatalf("a body over DefaultFetchMaxBodySize: %v, want ErrBodyTooLarge", err)
	}
	f.Options = []Option{WithMaxBodySize(DefaultFetchMaxBodySize + 1<<20)}
	res, err := f.Fetch(context.Background(), srv.URL, nil)
	if err != nil || res.Feed == nil || res.Feed.Title.String() != "t" {
		t.Fatalf("with a larger WithMaxBodySize: %v, %+v", err, res)
	}
}

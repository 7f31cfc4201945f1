package feedspec

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	whatwgurl "github.com/nlnwa/whatwg-url/url"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/sharedtest"
	"github.com/feedspec/feedspec/xml5"
)

// relativeBases are bases of every kind for the fast paths' agreement
// tests: simple http(s) URLs (with and without a path, a query, a
// fragment) and URLs no fast path takes.
var relativeBases = []string{
	"https://www.example.com/notes/feed.xml?format=rss#top",
	"http://example.org",
	"http://example.org/",
	"https://example.net/a/b/",
	"https://example.net/a/b/c",
	"https://EXAMPLE.net/a/b/",
	"https://user:pw@example.com/feed",
	"https://example.com:8443/feed",
	"http://192.168.0.1/feed",
	"https://xn--nxasmq6b.example/feed",
	"ftp://example.com/feed",
	"file:///home/feed.xml",
	"mailto:someone@example.com",
}

// relativeRefs are references of every kind: relative paths the fast
// path takes, and dot segments, characters to encode or strip, schemes,
// queries, fragments and empty references, which it must leave to the
// parser.
var relativeRefs = []string{
	"a", "a/b", "a/b/", "3299.atom", "When/200x/2006/12/11/", "a?q=1&r=2#f", "a#f", "a:b", "1a:b", "a/b:c",
	"a/./b", "a/../b", "./a", "../a", ".", "..", ".a", "..a", "a/.", "a/..", "a/%2e/b", "%2E%2e/x",
	"a b", "a\tb", "a\nb", " a", "a ", "a\x00", "\u00e9t\u00e9", "a?q=\u00e9", "a\\b", "a'b", "a?'b",
	"", "?q", "#f", "/a", "//other.example/x", "\\a", "a%41", "a%zz", "a#b#c", "~user/", "a[b]",
	"http:foo", "HTTP:foo", "javascript:alert(1)", "tag:example.com,2004:x", "a/b?c#d?e",
}

// TestRelativeFromDirAgreesWithParser resolves relative references against
// bases with relativeFromDir (the directory simpleBaseParts gives) and with
// the URL Standard's parser: where the fast path answers, both agree, and
// it answers for plain relative paths against plain http(s) bases.
func TestRelativeFromDirAgreesWithParser(t *testing.T) {
	answered := 0
	for _, b := range relativeBases {
		base, err := urlParser.Parse(b)
		require.NoError(t, err, b)
		_, _, dir := simpleBaseParts(base.Href(false))
		for _, r := range relativeRefs {
			fast, ok := relativeFromDir(r, dir)
			if !ok {
				continue
			}
			answered++
			u, err := urlParser.BasicParser(r, base, nil, whatwgurl.NoState)
			require.NoError(t, err, "%q against %q", r, b)
			assert.Equal(t, u.Href(false), fast, "%q against %q", r, b)
		}
	}
	assert.Greater(t, answered, 50, "the fast path answers for plain relative paths against plain http(s) bases")
	for _, r := range []string{"", " a", "/a", "?q", "#f", "a:b", "./a", "a/../b", "a b"} {
		_, ok := relativeFromDir(r, "https://example.com/dir/")
		assert.False(t, ok, "%q goes to the parser", r)
	}
	_, ok := relativeFromDir("a", "")
	assert.False(t, ok, "no directory, no answer")
}

// TestSimpleBaseParts checks the origin, root and directory of serialized
// URLs, and that a URL simpleHTTPURL would change has none.
func TestSimpleBaseParts(t *testing.T) {
	for _, tt := range []struct{ href, origin, root, dir string }{
		{"https://example.com/", "https://example.com", "https://example.com/", "https://example.com/"},
		{"https://example.com/a/b.xml?x=/y/#/z", "https://example.com", "https://example.com/", "https://example.com/a/"},
		{"http://e.com/a/b/", "http://e.com", "http://e.com/", "http://e.com/a/b/"},
		{"http://e.com/a#b/c", "http://e.com", "http://e.com/", "http://e.com/"},
		{"https://EXAMPLE.com/", "", "", ""},
		{"https://example.com", "", "", ""},
		{"https://example.com:8080/", "", "", ""},
		{"ftp://example.com/", "", "", ""},
		{"https://example.com/a/../b", "", "", ""},
	} {
		origin, root, dir := simpleBaseParts(tt.href)
		assert.Equal(t, tt.origin, origin, "origin of %q", tt.href)
		assert.Equal(t, tt.root, root, "root of %q", tt.href)
		assert.Equal(t, tt.dir, dir, "directory of %q", tt.href)
	}
}

// checkRelativeFromDir checks relativeFromDir(s) against the parser for a
// few bases.
func checkRelativeFromDir(t *testing.T, s string) {
	t.Helper()
	for _, b := range []string{"https://base.example/dir/feed.xml", "http://e.com/", "https://e.com/a/b/?q#f"} {
		base, err := urlParser.Parse(b)
		require.NoError(t, err)
		_, _, dir := simpleBaseParts(base.Href(false))
		if fast, ok := relativeFromDir(s, dir); ok {
			assert.Equal(t, fullParse(s, base), fast, "relativeFromDir(%q) against %q vs the parser", s, b)
		}
	}
}

// TestXMLBaseMatchesParser parses feeds whose xml:base values and
// references take every path (the fast ones, the parser, values that are
// not URLs, nested and repeated bases) WithXMLBase, and compares every URL
// of the result and every diagnostic with what the URL Standard's parser
// gives resolving each xml:base in turn.
func TestXMLBaseMatchesParser(t *testing.T) {
	values := []string{"http://e.com/a/", "/b/", "c/", "../d/", "HTTP://E.COM/x/", "http://[::1/", "", "q?x", "https://e.org/f.xml#top", "./"}
	refs := []string{"a", "/a", "../a", "http://x.com/", "a b", "?q", "", "#f", "HTTPS://X.COM/y"}
	var b strings.Builder
	b.WriteString(`<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://example.com/feeds/">`)
	type want struct{ base, ref string }
	var wants []want
	for i, v := range values {
		for j, r := range refs {
			// An entry carrying the value, a link in it carrying the next
			// one, and the same value again on the next entry (the cache).
			v2 := values[(i+j)%len(values)]
			fmt.Fprintf(&b, `<entry xml:base="%s"><id>%d-%d</id><link rel="a" href="%s"/><link rel="b" xml:base="%s" href="%s"/></entry>`, v, i, j, r, v2, r)
			wants = append(wants, want{v, r}, want{v + "\x00" + v2, r})
		}
	}
	b.WriteString(`</feed>`)
	var diags []Diagnostic
	f, err := ParseDocument(strings.NewReader(b.String()), WithURL("https://example.com/feeds/atom.xml"), WithXMLBase(), WithDiagnostics(&diags))
	require.NoError(t, err)
	require.Len(t, f.Entries, len(values)*len(refs))
	// The reference resolution, by the parser alone: a base that is not
	// a URL leaves the one above it in scope.
	resolve := func(base *whatwgurl.Url, s string) *whatwgurl.Url {
		if u, err := urlParser.BasicParser(s, base, nil, whatwgurl.NoState); err == nil && u != nil {
			return u
		}
		return nil
	}
	within := func(base *whatwgurl.Url, v string) *whatwgurl.Url {
		if u := resolve(base, v); u != nil {
			return u
		}
		return base
	}
	feedBase := within(mustParseURL(t, "https://example.com/feeds/atom.xml"), "https://example.com/feeds/")
	checked := 0
	for k, e := range f.Entries {
		w := wants[2*k]
		v2 := strings.Split(wants[2*k+1].base, "\x00")[1]
		entryBase := within(feedBase, w.base)
		for _, l := range []struct {
			rel  string
			base *whatwgurl.Url
		}{{"a", entryBase}, {"b", within(entryBase, v2)}} {
			want := ""
			if u := resolve(l.base, w.ref); u != nil {
				want = u.Href(false)
			}
			got := ""
			for _, link := range e.Links {
				if link.Rel == l.rel {
					got = link.Href
				}
			}
			assert.Equal(t, want, got, "entry %d link %s: %q under %q, %q", k, l.rel, w.ref, w.base, v2)
			checked++
		}
	}
	require.Equal(t, 2*len(f.Entries), checked)
	n := 0
	for _, d := range diags {
		if d.Kind == DiagnosticURL && d.Attr == "xml:base" {
			n++
		}
		assert.NotEqual(t, DiagnosticLimit, d.Kind, "no limit: %v", d)
	}
	assert.Positive(t, n, "xml:base values that are not URLs are reported")
}

// TestXMLBaseRepeatedParsesOnce checks that an xml:base value repeated on
// every entry runs the URL parser once in all, however many entries carry
// it, and that references the fast paths read against it run it never.
func TestXMLBaseRepeatedParsesOnce(t *testing.T) {
	in := `<feed xmlns="http://www.w3.org/2005/Atom">` +
		strings.Repeat(`<entry xml:base="HTTP://Example.COM/a/b/"><id>x</id><link href="c"/><link href="/d"/></entry>`, 500) + `</feed>`
	doc, err := xml5.Parse(strings.NewReader(in))
	require.NoError(t, err)
	p := &processor{}
	feed, err := processDocument(doc, &config{xmlBase: true}, p)
	require.NoError(t, err)
	require.Len(t, feed.Entries, 500)
	for _, e := range feed.Entries {
		require.Len(t, e.Links, 2)
		assert.Equal(t, "http://example.com/a/b/c", e.Links[0].Href)
		assert.Equal(t, "http://example.com/d", e.Links[1].Href)
	}
	assert.Equal(t, 1, p.urlParses, "URL parser runs for 500 entries sharing one xml:base")
}

// TestURLParseBudget checks the document's budget of URL parser runs:
// references no fast path reads, past max(1,024, size / 1,024) of them,
// are left out, with one DiagnosticLimit whose Err wraps ErrLimit, in the
// XML processors and in JSON Feeds; below it nothing is left out.
func TestURLParseBudget(t *testing.T) {
	xml := func(n int) string {
		var b strings.Builder
		b.WriteString(`<rss><channel>`)
		for i := range n {
			fmt.Fprintf(&b, `<item><link>a\%d</link></item>`, i)
		}
		b.WriteString(`</channel></rss>`)
		return b.String()
	}
	json := func(n int) string {
		var b strings.Builder
		b.WriteString(`{"version":"https://jsonfeed.org/version/1.1","items":[`)
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"id":"%d","url":"a\\%d"}`, i, i)
		}
		b.WriteString(`]}`)
		return b.String()
	}
	for _, tt := range []struct {
		name string
		doc  func(int) string
		opts []Option
	}{
		{"RSS", xml, nil},
		{"RSS WithXMLBase", xml, []Option{WithXMLBase()}},
		{"JSON Feed", json, []Option{WithJSONFeed()}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, n := range []int{urlParseFloor, urlParseFloor + 10} {
				var diags []Diagnostic
				f, err := ParseDocument(strings.NewReader(tt.doc(n)), append(tt.opts, WithURL("https://example.com/feed"), WithDiagnostics(&diags))...)
				require.NoError(t, err)
				require.Len(t, f.Entries, n)
				got := 0
				for i, e := range f.Entries {
					if e.PageURL != "" {
						got++
						assert.Equal(t, fmt.Sprintf("https://example.com/a/%d", i), e.PageURL, "entry %d", i)
					}
				}
				var limits []Diagnostic
				for _, d := range diags {
					if d.Kind == DiagnosticLimit {
						limits = append(limits, d)
					}
				}
				assert.Equal(t, min(n, urlParseFloor), got, "URLs read of %d", n)
				if n <= urlParseFloor {
					assert.Empty(t, limits, "no limit within the budget")
					continue
				}
				if assert.Len(t, limits, 1, "one DiagnosticLimit") {
					assert.True(t, errors.Is(limits[0].Err, ErrLimit), "the diagnostic's Err wraps ErrLimit: %v", limits[0].Err)
					var le *LimitError
					if assert.ErrorAs(t, limits[0].Err, &le) {
						assert.Equal(t, "URLParses", le.Limit)
						assert.EqualValues(t, urlParseFloor, le.Value)
					}
					assert.Contains(t, limits[0].Message, "left out")
				}
			}
		})
	}
}

// TestURLParsesCorpus checks that no corpus feed comes near its budget of
// URL parser runs, as the Fetcher parses it (recovery, so WithXMLBase)
// and by default, and logs the most any feed needs.
func TestURLParsesCorpus(t *testing.T) {
	most, mostFile, total := 0, "", 0
	for _, file := range sharedtest.CorpusFiles(t) {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		for _, recovery := range []bool{false, true} {
			var xopts []xml5.Option
			if recovery {
				xopts = append(xopts, xml5.WithRecovery())
			}
			doc, _ := xml5.Parse(bytes.NewReader(data), xopts...)
			if doc == nil {
				continue
			}
			doc.URL = "https://example.com/feeds/feed.xml"
			p := &processor{}
			_, _ = processDocument(doc, &config{recovery: recovery, xmlBase: recovery}, p)
			if p.urlParses > most {
				most, mostFile = p.urlParses, filepath.Base(file)
			}
			total += p.urlParses
			assert.Less(t, p.urlParses, urlParseBudget(doc.Size())/4, "%s: URL parser runs, against a budget of %d", filepath.Base(file), urlParseBudget(doc.Size()))
		}
	}
	t.Logf("URL parser runs: at most %d (%s), %d in all", most, mostFile, total)
}

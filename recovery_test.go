package feedspec

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/xml5"
)

// recoveryGoldens returns the golden feeds parsed with WithRecovery.
func recoveryGoldens(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/golden/recovery-*.xml")
	require.NoError(t, err)
	require.NotEmpty(t, files, "no recovery golden feeds")
	return files
}

// recoveryRepairs are the repairs (numbered as in docs/recovery.md) that change
// a result.
var recoveryRepairs = strings.Fields("1 2 3 4 5 6 7 8 9 10 12 13 14 15 16 17 18 19")

var repairsComment = regexp.MustCompile(`repairs:((?:\s+\d+)+)`)

// TestRecoveryGoldensRepair checks that every recovery golden feed says which
// repairs it shows, that together they show every repair of docs/recovery.md's list
// that changes a result (11 keeps the answer null and is tested below), and
// that each one is a case the repairs change: with recovery mode its
// diagnostics hold a DiagnosticRecovered and its JSON differs from the
// specification's answer, which has none.
func TestRecoveryGoldensRepair(t *testing.T) {
	covered := map[string]bool{}
	for _, path := range recoveryGoldens(t) {
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		m := repairsComment.FindSubmatch(src)
		if !assert.NotNil(t, m, "%s: no \"repairs:\" comment", path) {
			continue
		}
		for _, n := range strings.Fields(string(m[1])) {
			covered[n] = true
		}

		var diags []Diagnostic
		rec, _ := ParseDocument(bytes.NewReader(src), WithURL(goldenBaseURL), WithRecovery(), WithDiagnostics(&diags))
		assert.NotZero(t, countKind(diags, DiagnosticRecovered), "%s: no repair was recorded", path)
		diags = nil
		spec, _ := ParseDocument(bytes.NewReader(src), WithURL(goldenBaseURL), WithDiagnostics(&diags))
		assert.Zero(t, countKind(diags, DiagnosticRecovered), "%s: repairs recorded without WithRecovery", path)
		if !assert.NotNil(t, rec, "%s: no feed in recovery mode", path) {
			continue
		}
		if spec != nil {
			assert.NotEqual(t, string(mustJSON(t, spec)), string(mustJSON(t, rec)), "%s: recovery mode gives the specification's answer", path)
		}
	}
	for _, n := range recoveryRepairs {
		assert.True(t, covered[n], "no recovery golden feed shows repair %s", n)
	}
}

func countKind(diags []Diagnostic, kind DiagnosticKind) int {
	n := 0
	for _, d := range diags {
		if d.Kind == kind {
			n++
		}
	}
	return n
}

func mustJSON(t *testing.T, f *Feed) []byte {
	t.Helper()
	b, err := f.MarshalJSON()
	require.NoError(t, err)
	return b
}

// TestRecoveryTurnsOnLenientDatesAndXMLBase checks that WithRecovery reads
// dates with ParseDate and URLs against xml:base, as its comment says.
func TestRecoveryTurnsOnLenientDatesAndXMLBase(t *testing.T) {
	const src = `<rss version="2.0"><channel xml:base="https://example.org/blog/">
<item><link>post</link><pubDate>2024-01-15 13:45:00</pubDate></item></channel></rss>`
	spec, err := ParseDocument(strings.NewReader(src), WithURL("https://example.com/feed"))
	require.NoError(t, err)
	rec, err := ParseDocument(strings.NewReader(src), WithURL("https://example.com/feed"), WithRecovery())
	require.NoError(t, err)
	assert.Equal(t, "https://example.com/post", spec.Entries[0].PageURL, "spec: page URL")
	assert.Nil(t, spec.Entries[0].Published, "spec: published")
	assert.Equal(t, "https://example.org/blog/post", rec.Entries[0].PageURL, "recovery: page URL, want the xml:base's")
	want := time.Date(2024, 1, 15, 13, 45, 0, 0, time.UTC)
	p := rec.Entries[0].Published
	assert.True(t, p != nil && p.Equal(want), "recovery: published %v, want %v", p, want)
}

// TestRecoveryHTMLPageStaysNull is repair 11's rule: an HTML page, even one
// holding a feed's markup, is not a feed in recovery mode either.
func TestRecoveryHTMLPageStaysNull(t *testing.T) {
	for _, src := range []string{
		`<!DOCTYPE html><html><body><pre><rss version="2.0"><channel><item><title>x</title></item></channel></rss></pre></body></html>`,
		`<html><head><title>Feed</title></head><body><feed xmlns="http://www.w3.org/2005/Atom"><entry/></feed></body></html>`,
	} {
		f, err := ParseDocument(strings.NewReader(src), WithRecovery())
		assert.Nil(t, f, "%.40q: want no feed", src)
		assert.ErrorIs(t, err, ErrNotFeed, "%.40q", src)
	}
}

// TestRecoveryRootRepairsNeedFeedMarkup checks that repair 1 reads a feed
// root in no namespace only when it has Atom children, and an RDF root only
// when its channel or items are in a namespace the repair knows.
func TestRecoveryRootRepairsNeedFeedMarkup(t *testing.T) {
	for _, tc := range []struct {
		src     string
		feed    bool
		entries int
	}{
		{`<feed><foo/><bar/></feed>`, false, 0},
		{`<feed><entry><title>x</title></entry></feed>`, true, 1},
		{`<feed xmlns="urn:other"><entry/><entry/></feed>`, true, 2},
		// An RDF document that is not RSS stays an empty feed (the
		// specification's answer for any rdf:RDF root).
		{`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="urn:other"><channel/><item/></rdf:RDF>`, true, 0},
		{`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9"><channel/><item/></rdf:RDF>`, true, 1},
		// RSS 1.0 elements present: the others are left alone.
		{`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><item xmlns="http://purl.org/rss/1.0/"/><item/></rdf:RDF>`, true, 1},
	} {
		f, err := ParseDocument(strings.NewReader(tc.src), WithRecovery())
		if !assert.Equal(t, tc.feed, f != nil, "%s: feed (%v)", tc.src, err) {
			continue
		}
		if f != nil {
			assert.Len(t, f.Entries, tc.entries, "%s: entries", tc.src)
		}
	}
}

// TestRecoveryEverydayZones checks repair 10's table: each name is read by
// ParseDate (which reads zone names as people mean them) with the table's
// offset, and differs from the specification's table, and an RSS 2.0 date
// with the name is read with that offset in recovery mode only.
func TestRecoveryEverydayZones(t *testing.T) {
	for name, z := range everydayZones {
		text := "Mon, 15 Jul 2024 10:00:00 " + name
		local := time.Date(2024, 7, 15, 10, 0, 0, 0, time.UTC)
		want := local.Add(-time.Duration(z.offset) * time.Minute)
		got, _, err := ParseDate(text)
		assert.NoError(t, err, "%s: ParseDate", name)
		assert.True(t, got.Equal(want), "%s: ParseDate gives %v; the table says %v", name, got, want)
		assert.NotEqual(t, z.offset, rssZoneOffset(name), "%s: the specification's table has the same offset", name)
		src := `<rss version="2.0"><channel><item><pubDate>` + text + `</pubDate></item></channel></rss>`
		var diags []Diagnostic
		f, err := ParseDocument(strings.NewReader(src), WithRecovery(), WithDiagnostics(&diags))
		require.NoError(t, err)
		p := f.Entries[0].Published
		assert.True(t, p != nil && p.Equal(want), "%s: recovery mode reads %v, want %v", name, p, want)
		assert.Equal(t, 1, countKind(diags, DiagnosticRecovered), "%s: diagnostics %v", name, diags)
		spec, _ := ParseDocument(strings.NewReader(src))
		specWant := local.Add(-time.Duration(rssZoneOffset(name)) * time.Minute)
		p = spec.Entries[0].Published
		assert.True(t, p != nil && p.Equal(specWant), "%s: the specification's answer changed: %v, want %v", name, p, specWant)
	}
	// Zone names after comments, lowercase, and numeric zones.
	for text, want := range map[string]string{
		"Mon, 15 Jul 2024 10:00:00 bst":          "BST",
		"Mon, 15 Jul 2024 10:00:00 BST (London)": "BST",
		"Mon, 15 Jul 2024 10:00:00 +0100":        "",
		"Mon, 15 Jul 2024 10:00:00 GMT ":         "GMT",
	} {
		assert.Equal(t, want, strings.ToUpper(rssDateZoneName(text)), "rssDateZoneName(%q)", text)
	}
}

// TestRecoveryThreeDigitOffset checks that only a three-digit offset after
// a space is padded, and that what ParseDate still cannot read stays null.
func TestRecoveryThreeDigitOffset(t *testing.T) {
	for text, want := range map[string]string{
		"Wed 24 May 2006 14:28:41 -800": "2006-05-24T22:28:41Z",
		"Wed 24 May 2006 14:28:41 +530": "2006-05-24T08:58:41Z",
		"Wed 24 May 2006 14:28:41-800":  "",
		"yesterday -800":                "",
	} {
		src := `<rss version="2.0"><channel><item><pubDate>` + text + `</pubDate></item></channel></rss>`
		f, err := ParseDocument(strings.NewReader(src), WithRecovery())
		require.NoError(t, err)
		got := ""
		if p := f.Entries[0].Published; p != nil {
			got = formatDate(*p)
		}
		assert.Equal(t, want, got, "%q", text)
	}
}

// TestRecoveryMarkupSource checks how repair 8 writes elements back as HTML
// source: void elements without end tags, attribute values escaped,
// namespace declarations left out, comments kept, text inside elements
// escaped and text of the element itself as written.
func TestRecoveryMarkupSource(t *testing.T) {
	src := `<d xmlns:x="urn:x">a &lt;i&gt; <p class='q"r' xmlns="">b &lt; c<br/><img src="i.png"/><!-- n --></p><x:y>z</x:y></d>`
	doc, err := xml5.Parse(strings.NewReader(src))
	require.NoError(t, err)
	want := `a <i> <p class="q&#34;r">b &lt; c<br><img src="i.png"><!-- n --></p><x:y>z</x:y>`
	assert.Equal(t, want, markupSource(doc.Root(), true), "raw text")
	want = `a &lt;i&gt; ` + want[len("a <i> "):]
	assert.Equal(t, want, markupSource(doc.Root(), false), "escaped text")
}

// TestFetcherRecoversUnlessStrict checks that a Fetcher reads in recovery
// mode (the transport's charset label contradicted by the bytes, the rss
// root in a namespace) and that Strict gives the specification's answer.
func TestFetcherRecoversUnlessStrict(t *testing.T) {
	const body = `<rss version="2.0" xmlns="http://backend.userland.com/rss2"><channel><title>Crème</title>` +
		`<item><title>One</title></item></channel></rss>`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml; charset=iso-8859-1")
		_, _ = io.WriteString(w, body)
	}))
	defer srv.Close()

	var diags []Diagnostic
	f := &Fetcher{Client: srv.Client(), Options: []Option{WithDiagnostics(&diags)}}
	res, err := f.Fetch(t.Context(), srv.URL, nil)
	require.NoError(t, err)
	assert.Equal(t, "Crème", res.Feed.Title.String(), "title")
	assert.Len(t, res.Feed.Entries, 1)
	var msgs []string
	for _, d := range diags {
		if d.Kind == DiagnosticRecovered {
			msgs = append(msgs, d.Message)
		}
	}
	want := []string{"declared iso-8859-1, decoded as UTF-8", "rss root in namespace http://backend.userland.com/rss2 read as RSS 2.0"}
	assert.Equal(t, want, msgs, "repairs")

	f.Strict = true
	res, err = f.Fetch(t.Context(), srv.URL, nil)
	assert.ErrorIs(t, err, ErrNotFeed, "Strict")
	assert.Nil(t, res.Feed, "Strict: want no feed")
}

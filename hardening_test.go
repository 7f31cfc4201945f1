package feedspec

// Hostile inputs, through ParseDocument and ParseResponse. Each test runs in
// well under a second of CPU (the CPU time each case used is logged with -v;
// a case that takes more than hostileCPUBound fails, which catches a
// quadratic algorithm at these sizes). That time grows linearly with the
// input is shown by the benchmarks in hardening_bench_test.go.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"

	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/xml5"
)

// hostileCPUBound is the CPU time beyond which a hostile case fails. The
// cases take milliseconds to a few hundred milliseconds; the bound is
// generous so that -race and a loaded machine do not make them flaky, and
// still far below what a quadratic algorithm needs at these sizes.
const hostileCPUBound = 30 * time.Second

// cpuTime returns the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// measure runs f, logs the CPU time it used and fails the test when that
// is more than hostileCPUBound.
func measure(t *testing.T, name string, f func()) {
	t.Helper()
	start := cpuTime()
	f()
	used := cpuTime() - start
	t.Logf("%s: %v CPU", name, used.Round(time.Millisecond))
	assert.LessOrEqual(t, used, hostileCPUBound, "%s: CPU used", name)
}

// parseHostile runs ParseDocument on doc and checks what every result must
// satisfy: a feed or not-a-feed (or a limit) error, and a canonical JSON
// that is valid JSON in valid UTF-8. It returns the feed, the JSON and the
// error.
func parseHostile(t *testing.T, doc []byte, opts ...Option) (*Feed, []byte, error) {
	t.Helper()
	feed, err := ParseDocument(bytes.NewReader(doc), opts...)
	if feed == nil {
		require.ErrorIs(t, err, ErrNotFeed, "no feed")
		return nil, nil, err
	}
	if err != nil {
		require.ErrorIs(t, err, ErrLimit, "feed with an error")
	}
	b, jerr := feed.MarshalJSON()
	require.NoError(t, jerr)
	require.True(t, utf8.Valid(b) && json.Valid(b), "the JSON is not valid UTF-8 JSON: %.200q", b)
	return feed, b, err
}

// rssWith returns an RSS feed with one item titled "one" before middle and
// one titled "last" after it.
func rssWith(middle string) []byte {
	return []byte(`<rss version="2.0"><channel><title>Hostile</title>` +
		`<item><title>one</title><link>http://example.com/1</link></item>` + middle +
		`<item><title>last</title></item></channel></rss>`)
}

// billionLaughs is the classic document: ten entities, each referencing the
// previous one ten times, in an RSS title.
func billionLaughs(levels int) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol0 "lol">`)
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, `<!ENTITY lol%d "%s">`, i, strings.Repeat(fmt.Sprintf("&lol%d;", i-1), 10))
	}
	fmt.Fprintf(&b, `]><rss version="2.0"><channel><title>&lol%d;</title><item><title>&lol%d;</title></item></channel></rss>`, levels, levels)
	return []byte(b.String())
}

// expansionBudget is the most entity expansion a document of n bytes may
// add with the default limits (see Limits.MaxEntityExpansion).
func expansionBudget(n int) int {
	return min(max(1<<20, 8*n), DefaultLimits().MaxEntityExpansion)
}

func TestHostileBillionLaughs(t *testing.T) {
	doc := billionLaughs(9)
	var feed *Feed
	var err error
	var js []byte
	measure(t, "billion laughs", func() { feed, js, err = parseHostile(t, doc) })
	require.NoError(t, err)
	require.NotNil(t, feed)
	assert.LessOrEqual(t, len(js), expansionBudget(len(doc))+len(doc)+4096, "the result's size: the expansion was not bounded")
	assert.Contains(t, string(js), "&lol", "no reference was left as written")
	assert.Len(t, feed.Entries, 1)
}

func TestHostileQuadraticBlowup(t *testing.T) {
	// One 64 KiB entity referenced 64 Ki times: 4 GiB if expanded fully.
	big := strings.Repeat("x", 64<<10)
	doc := []byte(`<!DOCTYPE rss [<!ENTITY big "` + big + `">]><rss version="2.0"><channel><title>` +
		strings.Repeat("&big;", 64<<10) + `</title><item><title>after</title></item></channel></rss>`)
	var feed *Feed
	var err error
	measure(t, "quadratic blowup", func() { feed, _, err = parseHostile(t, doc) })
	require.NoError(t, err)
	require.NotNil(t, feed)
	title := feed.Title.String()
	assert.LessOrEqual(t, len(title), expansionBudget(len(doc))+len(doc), "the title's size: the expansion was not bounded")
	assert.True(t, strings.HasPrefix(title, "xxxx") && strings.HasSuffix(title, "&big;"), "title %.40q…%.40q: want expansions, then references left as written", title, title[max(0, len(title)-40):])
	if assert.Len(t, feed.Entries, 1, "the entry after the title is lost") {
		assert.Equal(t, "after", feed.Entries[0].Title.String(), "the entry after the title is lost")
	}
}

func TestHostileEntityLoops(t *testing.T) {
	docs := map[string]string{
		"pair":        `<!DOCTYPE rss [<!ENTITY a "1&b;"><!ENTITY b "2&a;">]>`,
		"self":        `<!DOCTYPE rss [<!ENTITY a "x&a;x">]>`,
		"three":       `<!DOCTYPE rss [<!ENTITY a "&b;"><!ENTITY b "&c;"><!ENTITY c "&a;&a;">]>`,
		"parameter":   `<!DOCTYPE rss [<!ENTITY % p "%q;"><!ENTITY % q "%p;">%p;<!ENTITY a "&a;&a;">]>`,
		"attribute":   `<!DOCTYPE rss [<!ENTITY a "&b;&b;"><!ENTITY b "&a;&a;">]>`,
		"with markup": `<!DOCTYPE rss [<!ENTITY a "<b>&a;</b>">]>`,
	}
	for name, dtd := range docs {
		t.Run(name, func(t *testing.T) {
			doc := []byte(dtd + `<rss version="2.0"><channel><title>&a;</title>` +
				`<item a="&a;"><title>one</title></item></channel></rss>`)
			var feed *Feed
			var err error
			measure(t, name, func() { feed, _, err = parseHostile(t, doc) })
			if err != nil {
				require.ErrorIs(t, err, ErrLimit)
			}
			require.NotNil(t, feed, "%v", err)
			assert.Equal(t, []string{"one"}, titlesOf(feed), "entries")
		})
	}
}

// A requestLog is an HTTP handler that records every request made to it
// and answers with the secret.
type requestLog struct {
	mu     sync.Mutex
	paths  []string
	secret string
}

func (l *requestLog) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	l.mu.Lock()
	l.paths = append(l.paths, r.URL.Path)
	l.mu.Unlock()
	_, _ = io.WriteString(w, l.secret)
}

func (l *requestLog) requests() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.paths...)
}

// nodeStrings calls f with every string of the tree under n.
func nodeStrings(n *xml5.Node, f func(string)) {
	stack := []*xml5.Node{n}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range []string{n.Namespace, n.Prefix, n.Local, n.Data, n.PublicID(), n.SystemID()} {
			f(s)
		}
		for _, a := range n.Attr {
			f(a.Local)
			f(a.Value)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			stack = append(stack, c)
		}
	}
}

// externalDocs returns documents that reference the external resource at
// url in every way XML allows: external DTD subsets (SYSTEM and PUBLIC),
// external general entities in text and attributes, external parameter
// entities, unparsed entities and XInclude.
func externalDocs(url string) map[string]string {
	body := `<rss version="2.0"><channel><title>t&ext;</title><description>x&ext;y</description>` +
		`<item><title>one &ext;</title><link>&ext;</link><enclosure url="http://example.com/a.mp3" type="&ext;"/></item></channel></rss>`
	return map[string]string{
		"DTD SYSTEM":          `<!DOCTYPE rss SYSTEM "` + url + `">` + strings.ReplaceAll(body, "&ext;", "&leak;"),
		"DTD PUBLIC":          `<!DOCTYPE rss PUBLIC "-//Example//DTD Feed//EN" "` + url + `">` + strings.ReplaceAll(body, "&ext;", "&leak;"),
		"DTD SYSTEM + subset": `<!DOCTYPE rss SYSTEM "` + url + `" [<!ENTITY x "y">]>` + body[:0] + strings.ReplaceAll(body, "&ext;", "&leak;"),
		"general entity":      `<!DOCTYPE rss [<!ENTITY ext SYSTEM "` + url + `">]>` + body,
		"public entity":       `<!DOCTYPE rss [<!ENTITY ext PUBLIC "-//x//EN" "` + url + `">]>` + body,
		"parameter entity":    `<!DOCTYPE rss [<!ENTITY % pe SYSTEM "` + url + `"> %pe; <!ENTITY ext "&leak;">]>` + body,
		"parameter in value":  `<!DOCTYPE rss [<!ENTITY % pe SYSTEM "` + url + `"><!ENTITY ext "%pe;">]>` + body,
		"unparsed entity":     `<!DOCTYPE rss [<!NOTATION n SYSTEM "` + url + `"><!ENTITY ext SYSTEM "` + url + `" NDATA n>]>` + body,
		"xinclude": `<rss version="2.0" xmlns:xi="http://www.w3.org/2001/XInclude"><channel><title><xi:include href="` + url +
			`" parse="text"/></title><item><title>one</title></item></channel></rss>`,
		"xml-stylesheet": `<?xml-stylesheet href="` + url + `"?>` + body,
	}
}

// checkNoLeak fails the test when the secret is anywhere in the feed's
// JSON, its document tree, or the error.
func checkNoLeak(t *testing.T, feed *Feed, err error, js []byte, secret string) {
	t.Helper()
	if err != nil {
		assert.NotContains(t, err.Error(), secret, "the error holds the secret")
	}
	assert.NotContains(t, string(js), secret, "the JSON holds the secret")
	if feed != nil {
		nodeStrings(feed.Document().Node, func(s string) {
			assert.NotContains(t, s, secret, "the document tree holds the secret")
		})
	}
}

func TestHostileExternalEntitiesNeverFetched(t *testing.T) {
	const secret = "SECRET-4f1c9e2a-never-read"
	dir := t.TempDir()
	// The file is both a DTD declaring leak and a text holding the secret.
	file := filepath.Join(dir, "secret.dtd")
	require.NoError(t, os.WriteFile(file, []byte(`<!ENTITY leak "`+secret+`">`+secret), 0o600))
	log := &requestLog{secret: `<!ENTITY leak "` + secret + `">` + secret}
	srv := httptest.NewServer(log)
	defer srv.Close()

	targets := map[string]string{
		"file URL":      "file://" + filepath.ToSlash(file),
		"relative path": "secret.dtd",
		"absolute path": file,
		"http URL":      srv.URL + "/entity",
	}
	for tname, url := range targets {
		for dname, doc := range externalDocs(url) {
			t.Run(tname+"/"+dname, func(t *testing.T) {
				// The document's URL makes a relative reference resolve
				// to the file.
				feed, js, err := parseHostile(t, []byte(doc), WithURL("file://"+filepath.ToSlash(dir)+"/feed.xml"))
				checkNoLeak(t, feed, err, js, secret)
				feed, js, err = parseHostile(t, []byte(doc), WithURL(srv.URL+"/feed.xml"))
				checkNoLeak(t, feed, err, js, secret)
			})
		}
	}
	assert.Empty(t, log.requests(), "the parser made HTTP requests")
}

func TestHostileExternalEntitiesThroughParseResponse(t *testing.T) {
	const secret = "SECRET-9b7d-response"
	log := &requestLog{secret: `<!ENTITY leak "` + secret + `">` + secret}
	mux := http.NewServeMux()
	var docs map[string]string
	mux.HandleFunc("/feed/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		_, _ = io.WriteString(w, docs[strings.TrimPrefix(r.URL.Path, "/feed/")])
	})
	mux.Handle("/", log)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	docs = externalDocs(srv.URL + "/entity")
	for name := range docs {
		t.Run(name, func(t *testing.T) {
			res, err := srv.Client().Get(srv.URL + "/feed/" + name)
			require.NoError(t, err)
			feed, err := ParseResponse(res)
			if feed == nil {
				require.ErrorIs(t, err, ErrNotFeed)
			}
			var js []byte
			if feed != nil {
				js, err = feed.MarshalJSON()
				require.NoError(t, err)
			}
			checkNoLeak(t, feed, err, js, secret)
		})
	}
	// Also relative to the feed's own URL.
	docs["relative"] = `<!DOCTYPE rss SYSTEM "../entity"><rss version="2.0"><channel><title>&leak;</title></channel></rss>`
	res, err := srv.Client().Get(srv.URL + "/feed/relative")
	require.NoError(t, err)
	feed, err := ParseResponse(res)
	require.NoError(t, err)
	require.NotNil(t, feed)
	js, _ := feed.MarshalJSON()
	checkNoLeak(t, feed, err, js, secret)
	assert.Empty(t, log.requests(), "the parser made HTTP requests")
}

// hugeSize is the size of the "million" cases: a million, or 100,000 with
// -short (the -race CI run).
// unboundedTree lifts the limits on what a document becomes (MaxNodes,
// MaxItems), for the tests of time that parse a million nodes.
var unboundedTree = WithLimits(Limits{MaxNodes: -1, MaxItems: -1})

func hugeSize() int {
	if testing.Short() {
		return 100000
	}
	return 1000000
}

func TestHostileMillionDeep(t *testing.T) {
	n := hugeSize()
	for _, shape := range []struct{ name, open, close string }{
		{"elements", "<x>", "</x>"},
		{"prefixed elements with namespaces", `<p:x xmlns:p="urn:p">`, "</p:x>"},
		{"entries", "<item><title>i</title>", "</item>"},
	} {
		t.Run(shape.name, func(t *testing.T) {
			doc := rssWith(`<item><title>deep</title><description>` + strings.Repeat(shape.open, n) +
				strings.Repeat(shape.close, n) + `</description></item>`)
			var feed *Feed
			var err error
			measure(t, shape.name, func() { feed, _, err = parseHostile(t, doc) })
			checkLimitError(t, err, "MaxDepth")
			require.NotNil(t, feed, "no partial feed")
			require.GreaterOrEqual(t, len(feed.Entries), 2, "partial feed %v", feed)
			require.Equal(t, "one", feed.Entries[0].Title.String(), "partial feed %v", feed)
		})
	}
	// A million start tags that close themselves, and a million end tags
	// without start tags, nest nothing.
	for name, middle := range map[string]string{
		"empty elements":   "<item><description>" + strings.Repeat("<x/>", n) + "</description></item>",
		"stray end tags":   "<item><description>" + strings.Repeat("</x>", n) + "</description></item>",
		"closing shortcut": "<item><description>" + strings.Repeat("<x></>", n) + "</description></item>",
	} {
		t.Run(name, func(t *testing.T) {
			var feed *Feed
			var err error
			// MaxNodes, which refuses a million nodes in a few MB
			// (TestBoundedOutput), is lifted: this test is about time.
			measure(t, name, func() { feed, _, err = parseHostile(t, rssWith(middle), unboundedTree) })
			require.NoError(t, err)
			require.NotNil(t, feed)
			require.Len(t, feed.Entries, 3)
		})
	}
}

func TestHostileEscapedHTMLDeep(t *testing.T) {
	// Escaped HTML nested deep is parsed as HTML when the text is used,
	// and x/net/html refuses more than 512 open elements: such a text
	// gives an empty fragment (docs/decisions.md#html-depth), in time and
	// memory linear in its size; shallow texts around it are read.
	n := hugeSize() / 10
	doc := rssWith(`<item><title>deep</title><description>` + strings.Repeat("&lt;div&gt;", n) + `x</description></item>`)
	measure(t, "escaped HTML", func() {
		feed, _, err := parseHostile(t, doc)
		require.NoError(t, err)
		require.NotNil(t, feed)
		require.Len(t, feed.Entries, 3)
		d := feed.Entries[1].Summary
		if d == nil {
			d = feed.Entries[1].Content
		}
		require.NotNil(t, d, "no description")
		assert.Empty(t, d.HTML(), "description nested %d deep", n)
		assert.Equal(t, "last", feed.Entries[2].Title.String(), "the next item")
	})
}

func TestHostileMillionAttributes(t *testing.T) {
	n := hugeSize()
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(" a")
		b.WriteString(itoa(i))
		b.WriteString(`="v"`)
	}
	distinct := b.String()
	for name, attrs := range map[string]string{
		"distinct":   distinct,
		"duplicates": strings.Repeat(` a="v"`, n),
		"namespaced": ` xmlns:p="urn:p"` + strings.ReplaceAll(distinct, " a", " p:a"),
	} {
		t.Run(name, func(t *testing.T) {
			doc := rssWith(`<item><title` + attrs + `>many</title></item>`)
			var feed *Feed
			var err error
			measure(t, name, func() { feed, _, err = parseHostile(t, doc) })
			if name == "duplicates" && err == nil {
				// A repeated attribute is one attribute.
				require.NotNil(t, feed)
				require.Len(t, feed.Entries, 3)
				require.Equal(t, "many", feed.Entries[1].Title.String())
				return
			}
			checkLimitError(t, err, "MaxAttributes")
			require.NotNil(t, feed, "no partial feed")
			require.Equal(t, "one", feed.Entries[0].Title.String(), "partial feed %v", feed)
		})
	}
	// Just below the limit, on many elements: no error.
	below := strings.Repeat(`<item><title`+distinct[:strings.Index(distinct, " a9999=")]+`>t</title></item>`, 10)
	measure(t, "9,999 attributes on 10 elements", func() {
		feed, _, err := parseHostile(t, rssWith(below))
		require.NoError(t, err)
		require.NotNil(t, feed)
		require.Len(t, feed.Entries, 12)
	})
}

// tenMB is the size of the "10 MB" cases; 1 MB with -short.
func tenMB() int {
	if testing.Short() {
		return 1 << 20
	}
	return 10 << 20
}

func TestHostileHugeNames(t *testing.T) {
	name := strings.Repeat("n", tenMB())
	for label, middle := range map[string]string{
		"element name":        `<item><title>big</title><` + name + `>x</` + name + `></item>`,
		"unclosed name":       `<item><title>big</title><` + name,
		"prefixed name":       `<item><title>big</title><` + name + `:x xmlns:` + name + `="urn:x">y</` + name + `:x></item>`,
		"attribute name":      `<item><title ` + name + `="1">big</title></item>`,
		"attribute value":     `<item><title a="` + name + `">big</title></item>`,
		"entity name":         `<item><title>big &` + name + `;</title></item>`,
		"PI target":           `<item><title>big</title><?` + name + ` x?></item>`,
		"namespace URI":       `<item xmlns:p="` + name + `"><title>big</title><p:x/></item>`,
		"character reference": `<item><title>big &#` + strings.Repeat("9", tenMB()) + `;</title></item>`,
	} {
		t.Run(label, func(t *testing.T) {
			var feed *Feed
			var err error
			measure(t, label, func() { feed, _, err = parseHostile(t, rssWith(middle)) })
			require.NoError(t, err)
			require.NotNil(t, feed)
			require.GreaterOrEqual(t, len(feed.Entries), 2)
			require.Equal(t, "big", feed.Entries[1].Title.String()[:3])
		})
	}
}

func TestHostileHugeText(t *testing.T) {
	text := strings.Repeat("word ", tenMB()/5)
	for label, middle := range map[string]string{
		"text":            `<item><title>big</title><description>` + text + `</description></item>`,
		"CDATA":           `<item><title>big</title><description><![CDATA[` + text + `]]></description></item>`,
		"comment":         `<item><title>big</title><!--` + text + `--></item>`,
		"escaped HTML":    `<item><title>big</title><description>&lt;p&gt;` + text + `&lt;/p&gt;</description></item>`,
		"title":           `<item><title>big` + text + `</title></item>`,
		"unclosed CDATA":  `<item><title>big</title><description><![CDATA[` + text,
		"unclosed quote":  `<item><title>big</title><x a="` + text,
		"DOCTYPE-like PI": `<item><title>big</title><?x ` + text + `?></item>`,
	} {
		t.Run(label, func(t *testing.T) {
			var feed *Feed
			var err error
			measure(t, label, func() {
				feed, _, err = parseHostile(t, rssWith(middle))
				if feed != nil && len(feed.Entries) > 1 && feed.Entries[1].Summary != nil {
					_ = feed.Entries[1].Summary.HTML()
				}
			})
			require.NoError(t, err)
			require.NotNil(t, feed)
			require.GreaterOrEqual(t, len(feed.Entries), 2)
			require.True(t, strings.HasPrefix(feed.Entries[1].Title.String(), "big"), "entry title %.40q", feed.Entries[1].Title.String())
		})
	}
}

func TestHostileManyEntries(t *testing.T) {
	// A million entries take a few seconds; the benchmark
	// BenchmarkHostileEntries shows the growth is linear. Here: 100,000
	// (10,000 with -short).
	n := hugeSize() / 10
	var b bytes.Buffer
	b.WriteString(`<rss version="2.0"><channel><title>many</title>`)
	for i := 0; i < n; i++ {
		b.WriteString("<item><title>")
		b.WriteString(itoa(i))
		b.WriteString("</title></item>")
	}
	b.WriteString("</channel></rss>")
	var feed *Feed
	var err error
	// MaxNodes and MaxItems, which refuse so many entries in so few bytes
	// (TestBoundedOutput), are lifted: this test is about time.
	measure(t, fmt.Sprint(n, " entries"), func() { feed, _, err = parseHostile(t, b.Bytes(), unboundedTree) })
	require.NoError(t, err)
	require.NotNil(t, feed)
	require.Len(t, feed.Entries, n)
	assert.Equal(t, itoa(n-1), feed.Entries[n-1].Title.String(), "the last entry's title is wrong")
}

func TestHostileMillionCommentsAndPIs(t *testing.T) {
	n := hugeSize()
	for label, doc := range map[string][]byte{
		"comments in the prolog": append([]byte(strings.Repeat("<!---->", n)), rssWith("")...),
		"PIs in the prolog":      append([]byte(strings.Repeat("<?a?>", n)), rssWith("")...),
		"comments in a channel":  rssWith(strings.Repeat("<!--c-->", n)),
		"PIs in a channel":       rssWith(strings.Repeat("<?p i?>", n)),
		"comments in a title":    rssWith("<item><title>a" + strings.Repeat("<!---->b", n) + "</title></item>"),
		"PIs in a title":         rssWith("<item><title>a" + strings.Repeat("<?p?>b", n) + "</title></item>"),
		"CDATA in a title":       rssWith("<item><title>a" + strings.Repeat("<![CDATA[b]]>", n) + "</title></item>"),
		"comments in the DTD":    append([]byte("<!DOCTYPE rss ["+strings.Repeat("<!---->", n)+"]>"), rssWith("")...),
		"entities declared":      append([]byte("<!DOCTYPE rss ["+strings.Repeat(`<!ENTITY e "x">`, n)+"]>"), rssWith("")...),
	} {
		t.Run(label, func(t *testing.T) {
			var feed *Feed
			var err error
			// MaxNodes is lifted (see TestHostileMillionDeep).
			measure(t, label, func() { feed, _, err = parseHostile(t, doc, unboundedTree) })
			require.NoError(t, err)
			require.NotNil(t, feed)
			require.Equal(t, "one", feed.Entries[0].Title.String())
			if strings.Contains(label, "title") {
				assert.Len(t, feed.Entries[1].Title.String(), n+1, "title size")
			}
		})
	}
}

// truncationFeeds are feeds that go through most tokenizer states: an XML
// declaration, a DOCTYPE with an internal subset (entities, a parameter
// entity, an ATTLIST, a comment, a PI), comments and PIs around the root,
// namespaces, attributes quoted both ways and unquoted, CDATA, character and
// entity references, empty-element tags and escaped HTML. Each entry's
// title is unique and no entry's end tag appears other than as one.
var truncationFeeds = map[string]struct {
	doc, endTag string
}{
	"rss": {`<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE rss [
  <!ENTITY co "Company &amp; Co">
  <!ENTITY % pe "<!ENTITY pp 'param'>">
  %pe;
  <!ATTLIST enclosure type CDATA "audio/mpeg">
  <!-- a comment in the subset -->
  <?pi in subset?>
]>
<!-- before the root --><?xml-stylesheet href="s.xsl" type="text/xsl"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
<title>T &co; &#233;&#xE9; &pp; &copy</title>
<link>http://example.com/</link>
<description><![CDATA[<p>desc</p>]]></description>
<item><title>one</title><link>http://example.com/1</link><dc:creator>A</dc:creator><pubDate>Mon, 15 Jan 2024 13:45:00 GMT</pubDate><enclosure url='http://example.com/a.mp3' length=12 /></item>
<item><title>two &amp; &lt;b&gt;</title><description>&lt;b&gt;bold&lt;/b&gt; &copy; text<!-- c --><?p i?></description><guid isPermaLink="false">g2</guid></item>
<item><title><![CDATA[three]]></title><content:encoded><![CDATA[<div>x</div>]]></content:encoded><category>c</category></item>
<item><title>f&#x6F;ur</title><link>http://example.com/4</link><media:thumbnail xmlns:media="http://search.yahoo.com/mrss/" url="http://example.com/t.png"/></item>
</channel>
</rss>
<!-- after -->`, "</item>"},
	"atom": {`<?xml version='1.0'?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
  <title type="html">A &lt;i&gt;feed&lt;/i&gt;</title>
  <link href="http://example.com/" rel="alternate"/>
  <author><name>N</name><email>n@example.com</email></author>
  <updated>2024-01-15T13:45:00Z</updated>
  <entry><title>one</title><id>urn:1</id><link href="/1"/><updated>2024-01-15T13:45:00+01:00</updated></entry>
  <entry><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">t<b>wo</b></div></title><content type="html"><![CDATA[<p>c</p>]]></content></entry>
  <entry><title type="text">three</title><summary>s &#x1F600;</summary><category term="c"/></entry>
</feed>`, "</entry>"},
	"rdf": {`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
<channel rdf:about="http://example.com/"><title>R</title><link>http://example.com/</link></channel>
<item rdf:about="http://example.com/1"><title>one</title><link>http://example.com/1</link></item>
<item rdf:about="http://example.com/2"><title>two</title><description>d</description></item>
</rdf:RDF>`, "</item>"},
}

// TestHostileTruncatedEverywhere parses every prefix of feeds that go
// through most tokenizer states: each prefix parses without a panic, and
// every entry whose end tag is before the cut survives with its title.
func TestHostileTruncatedEverywhere(t *testing.T) {
	for name, tf := range truncationFeeds {
		t.Run(name, func(t *testing.T) {
			doc := []byte(tf.doc)
			full, _, err := parseHostile(t, doc)
			require.NoError(t, err, "the whole feed")
			require.NotNil(t, full, "the whole feed")
			var ends []int
			for i := 0; ; {
				j := bytes.Index(doc[i:], []byte(tf.endTag))
				if j < 0 {
					break
				}
				i += j + len(tf.endTag)
				ends = append(ends, i)
			}
			require.Len(t, full.Entries, len(ends), "entries vs end tags")
			want := titlesOf(full)
			measure(t, "every prefix", func() {
				for cut := 0; cut <= len(doc); cut++ {
					feed, _, _ := parseHostile(t, doc[:cut])
					complete := 0
					for complete < len(ends) && ends[complete] <= cut {
						complete++
					}
					if feed == nil {
						require.Zero(t, complete, "cut at %d: no feed, but entries were complete", cut)
						continue
					}
					got := titlesOf(feed)
					require.GreaterOrEqual(t, len(got), complete, "cut at %d: entries vs complete entries", cut)
					if complete > 0 {
						require.Equal(t, want[:complete], got[:complete], "cut at %d: the complete entries' titles", cut)
					}
				}
			})
		})
	}
}

// TestHostileTruncatedGolden parses prefixes of the golden feeds: no panic,
// valid JSON, never more entries than the whole feed.
func TestHostileTruncatedGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.xml")
	require.NotEmpty(t, files, "no golden feeds")
	measure(t, "every prefix of every golden feed", func() {
		for _, path := range files {
			doc, err := os.ReadFile(path)
			require.NoError(t, err)
			// Every offset of the small feeds, about 400 offsets spread
			// over the larger ones (TestHostileTruncatedEverywhere cuts
			// its feeds everywhere).
			step := 1 + len(doc)/400
			if testing.Short() {
				step = 1 + len(doc)/100
			}
			full, _, _ := parseHostile(t, doc)
			n := 0
			if full != nil {
				n = len(full.Entries)
			}
			for cut := 0; cut < len(doc); cut += step {
				feed, _, _ := parseHostile(t, doc[:cut])
				if feed != nil {
					require.LessOrEqual(t, len(feed.Entries), n, "%s cut at %d: entries vs the whole feed's", path, cut)
				}
			}
		}
	})
}

// TestHostileEncodings covers broken encodings: invalid UTF-8 at every
// offset, NUL at every offset, UTF-16 with an odd byte count, and character
// references to surrogates, to NUL and beyond U+10FFFF.
func TestHostileEncodings(t *testing.T) {
	base := []byte(truncationFeeds["rss"].doc)
	bad := []string{"\xff", "\xc3", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe2\x82", "\x00", "\xc0\xaf"}
	measure(t, "a bad sequence at every offset", func() {
		for _, seq := range bad {
			for i := 0; i <= len(base); i++ {
				doc := make([]byte, 0, len(base)+len(seq))
				doc = append(append(append(doc, base[:i]...), seq...), base[i:]...)
				parseHostile(t, doc)
			}
		}
	})

	// UTF-16 with an odd byte count, with and without a byte order mark,
	// both byte orders, and an unpaired surrogate.
	utf16 := func(s string, bigEndian bool) []byte {
		var out []byte
		for _, r := range s {
			hi, lo := byte(r>>8), byte(r)
			if bigEndian {
				out = append(out, hi, lo)
			} else {
				out = append(out, lo, hi)
			}
		}
		return out
	}
	feed := `<rss version="2.0"><channel><title>sixteen</title><item><title>one</title></item></channel></rss>`
	for name, doc := range map[string][]byte{
		"LE BOM, odd":          append(append([]byte{0xFF, 0xFE}, utf16(feed, false)...), 'x'),
		"BE BOM, odd":          append(append([]byte{0xFE, 0xFF}, utf16(feed, true)...), 'x'),
		"LE no BOM, odd":       append(utf16(feed, false), 0),
		"BE no BOM, odd":       append(utf16(feed, true), 0),
		"LE lone surrogate":    append(append([]byte{0xFF, 0xFE}, utf16(feed[:40], false)...), append([]byte{0x00, 0xD8}, utf16(feed[40:], false)...)...),
		"BE lone low":          append(append([]byte{0xFE, 0xFF}, utf16(feed[:40], true)...), append([]byte{0xDC, 0x00}, utf16(feed[40:], true)...)...),
		"BOM only, odd":        {0xFF, 0xFE, 0x3C},
		"UTF-32 BOM truncated": {0xFF, 0xFE, 0x00, 0x00, 0x3C, 0x00},
	} {
		t.Run(name, func(t *testing.T) {
			for cut := len(doc); cut >= 0; cut -= 1 + cut/8 {
				parseHostile(t, doc[:cut])
			}
			f, _, err := parseHostile(t, doc)
			if strings.Contains(name, "odd") && len(doc) > 10 && assert.NoError(t, err) && assert.NotNil(t, f) {
				assert.Equal(t, "sixteen", f.Title.String())
			}
		})
	}

	// Character references that name no character.
	for _, ref := range []string{"&#xD800;", "&#xDFFF;", "&#55296;", "&#xD83D;&#xDE00;", "&#x110000;", "&#0;", "&#x0;",
		"&#xFFFFFFFFFFFFFFFFFFFF;", "&#99999999999999999999;", "&#-1;", "&#x;", "&#;", "&#xFFFE;", "&#x1F;"} {
		doc := rssWith(`<item><title>a` + ref + `b</title><link>http://example.com/` + ref + `</link><description>` +
			strings.ReplaceAll(ref, "&", "&amp;") + ref + `</description></item>`)
		f, _, err := parseHostile(t, doc)
		require.NoError(t, err, ref)
		require.NotNil(t, f, ref)
		require.Len(t, f.Entries, 3, ref)
		title := f.Entries[1].Title.String()
		assert.True(t, utf8.ValidString(title) && strings.HasPrefix(title, "a") && strings.HasSuffix(title, "b"), "%s: title %q", ref, title)
		for _, r := range title {
			assert.False(t, r >= 0xD800 && r <= 0xDFFF || r > 0x10FFFF, "%s: title %q holds a surrogate or out-of-range code point", ref, title)
		}
	}
}

// TestHostileThroughParseResponse sends hostile documents over HTTP: the
// same guarantees hold end to end.
func TestHostileThroughParseResponse(t *testing.T) {
	docs := map[string][]byte{
		"billion laughs": billionLaughs(9),
		"deep":           rssWith(strings.Repeat("<x>", 100000)),
		"attributes":     rssWith("<item" + strings.Repeat(` a="1" b="2"`, 20000) + "/>"),
		"invalid UTF-8":  rssWith("<item><title>\xff\xfe\x00</title></item>"),
		"truncated":      []byte(truncationFeeds["atom"].doc[:600]),
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/xml")
		_, _ = w.Write(docs[strings.TrimPrefix(r.URL.Path, "/")])
	}))
	defer srv.Close()
	for name := range docs {
		t.Run(name, func(t *testing.T) {
			res, err := srv.Client().Get(srv.URL + "/" + name)
			require.NoError(t, err)
			var feed *Feed
			measure(t, name, func() { feed, err = ParseResponse(res) })
			require.NotNil(t, feed, "no feed: %v", err)
			if err != nil {
				require.ErrorIs(t, err, ErrLimit)
			}
			b, jerr := feed.MarshalJSON()
			require.NoError(t, jerr, "JSON")
			require.True(t, json.Valid(b) && utf8.Valid(b), "JSON: not valid UTF-8 JSON")
		})
	}
}

// closeRecorder is a response body that records whether it was closed.
type closeRecorder struct {
	*bytes.Reader
	closed bool
}

func (c *closeRecorder) Close() error { c.closed = true; return nil }

// fuzzResponseURL is the URL of the request FuzzParseResponse's responses
// answer.
const fuzzResponseURL = "https://example.com/blog/feed.xml"

// FuzzParseResponse runs ParseResponse end to end on a response built from
// the fuzzed Content-Type header values (one a line), Content-Encoding,
// status code and body. It checks that ParseResponse never panics, always
// closes the body, returns either a feed or an error, only known errors, a
// canonical JSON that is valid, and, for a plain application/xml response,
// the same feed as ParseDocument on the body.
//
// The committed seeds are in testdata/fuzz/FuzzParseResponse; when
// ../shared/conformance is present its feed documents and the golden feeds
// are added as bodies too.
func FuzzParseResponse(f *testing.F) {
	add := func(body []byte) {
		f.Add("application/rss+xml; charset=utf-8", "", 200, body)
		f.Add("application/xml", "", 200, body)
	}
	golden, _ := filepath.Glob("testdata/golden/*.xml")
	for _, path := range golden {
		if b, err := os.ReadFile(path); err == nil {
			add(b)
		}
	}
	dats, _ := filepath.Glob(filepath.Join(feedParsingDir, "*.dat"))
	for _, path := range dats {
		cases, err := readDatFile(path)
		require.NoError(f, err)
		for _, c := range cases {
			add([]byte(c.sections["data"]))
		}
	}
	f.Fuzz(func(t *testing.T, contentType, contentEncoding string, status int, body []byte) {
		req, _ := http.NewRequest(http.MethodGet, fuzzResponseURL, nil)
		rb := &closeRecorder{Reader: bytes.NewReader(body)}
		res := &http.Response{StatusCode: status, Header: http.Header{}, Body: rb, Request: req}
		if contentType != "" {
			for _, v := range strings.Split(contentType, "\n") {
				res.Header.Add("Content-Type", v)
			}
		}
		if contentEncoding != "" {
			res.Header.Set("Content-Encoding", contentEncoding)
		}
		feed, err := ParseResponse(res, WithMaxBodySize(1<<20))
		require.True(t, rb.closed, "the body was not closed")
		if feed == nil {
			require.Error(t, err, "no feed and no error")
			require.True(t, errors.Is(err, ErrNotFeed) || errors.Is(err, ErrStatus) || errors.Is(err, ErrBodyTooLarge) || errors.Is(err, ErrLimit) ||
				strings.Contains(err.Error(), "Content-Encoding") || strings.Contains(err.Error(), "reading the response body"), "unexpected error %v", err)
			return
		}
		require.Equal(t, http.StatusOK, status, "a status other than 200 gave a feed")
		if err != nil {
			require.ErrorIs(t, err, ErrLimit, "a feed with an error")
		}
		b, jerr := feed.MarshalJSON()
		require.NoError(t, jerr)
		require.True(t, json.Valid(b) && utf8.Valid(b), "JSON %q", b)
		if contentType == "application/xml" && contentEncoding == "" {
			want, _ := ParseDocument(bytes.NewReader(body), WithURL(fuzzResponseURL))
			require.NotNil(t, want, "ParseDocument found no feed")
			wb, _ := want.MarshalJSON()
			require.Equal(t, string(wb), string(b), "ParseResponse vs ParseDocument")
		}
	})
}

package feedspec

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/sharedtest"
)

// mojibakeShown counts the double-encoded sequences s shows: those repair
// 12 would decode and those cut short ("Â", "Ã" or "â" and a continuation
// character that does not complete a sequence, as in "â€" whose last byte
// was lost). A text where such sequences are less than half of the
// non-ASCII characters shows none: it is text in another encoding read as
// windows-1252 (EUC-KR, TIS-620), whose characters pair by chance.
func mojibakeShown(s string) int {
	n, covered, nonASCII := 0, 0, 0
	for _, r := range s {
		if r >= 0x80 {
			nonASCII++
		}
	}
	scanMojibake(s, func(i, size int, _ [4]byte, _ int) {
		n++
		covered += utf8.RuneCountInString(s[i : i+size])
	}, func(i int) {
		switch r, _ := utf8.DecodeRuneInString(s[i:]); r {
		case 'Â', 'Ã', 'â':
			n++
			covered += 2
		}
	})
	if covered*2 < nonASCII {
		return 0
	}
	return n
}

// jsonMojibake counts the double-encoded sequences shown by every string of
// the decoded JSON value v.
func jsonMojibake(v any) int {
	switch v := v.(type) {
	case string:
		return mojibakeShown(v)
	case []any:
		n := 0
		for _, e := range v {
			n += jsonMojibake(e)
		}
		return n
	case map[string]any:
		n := 0
		for k, e := range v {
			n += mojibakeShown(k) + jsonMojibake(e)
		}
		return n
	}
	return 0
}

// feedMojibake counts the double-encoded sequences feed's canonical JSON
// shows.
func feedMojibake(t *testing.T, feed *Feed) int {
	t.Helper()
	if feed == nil {
		return 0
	}
	b, err := feed.MarshalJSON()
	require.NoError(t, err)
	var v any
	require.NoError(t, json.Unmarshal(b, &v))
	return jsonMojibake(v)
}

// mojibakeLeft are the corpus files whose recovery-mode output still shows
// double-encoded sequences, and why each is left.
var mojibakeLeft = map[string]string{
	// 2 sequences: "â€œswooshâ€*": the closing quote's last byte (0x9D)
	// was written as "*", so "â€*" cannot be undone, and its text is left
	// whole (another of its texts, "Tantek Ã‡elik’s", is repaired).
	"feedjira2009__TheWeb20Show.xml": "a closing quote whose last byte was written as *",
	// 2 sequences: "â€œhttp://example.com/logo.gifâ€\uFFFD": the closing
	// quote's last byte was replaced by U+FFFD (EF BF BD) in the file.
	"feedparser__encoding_attribute_crash_2.xml": "a closing quote whose last byte was replaced by U+FFFD",
}

// TestRecoveryMojibakeCorpus parses every corpus feed in recovery mode and
// checks that only the files of mojibakeLeft still show double-encoded
// sequences (Ã©, â€™) anywhere in the canonical JSON; it logs the count
// per file. Before repair 12 and the double-encoding repair after a byte
// order mark and with 0x9D, 15 files did (codehollow__Rss20HubSpot.xml:
// 806 sequences, feedkit__Ampersand.xml: 670).
func TestRecoveryMojibakeCorpus(t *testing.T) {
	files := sharedtest.CorpusFiles(t)
	var shown []string
	for _, path := range files {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		feed, _ := ParseDocument(bytes.NewReader(data), WithRecovery())
		if n := feedMojibake(t, feed); n > 0 {
			name := filepath.Base(path)
			shown = append(shown, name)
			t.Logf("%s: %d sequences", name, n)
		}
	}
	sort.Strings(shown)
	var left []string
	for name := range mojibakeLeft {
		left = append(left, name)
	}
	sort.Strings(left)
	assert.Equal(t, left, shown)
}

// TestUndoubleString checks the rule of repair 12 on single texts.
func TestUndoubleString(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		// Repaired.
		{"youâ€™re", "you’re"},
		{"cafÃ©", "café"},
		{"Ã\u00a0 la carte", "à la carte"},       // "à" is C3 A0
		{"â€œHiâ€\u009d", "“Hi”"},                // 0x9D read as U+009D
		{"â\u0080\u009cHiâ\u0080\u009d", "“Hi”"}, // read as ISO-8859-1
		{"Ä\u008d", "č"},
		{"Å¡koda", "škoda"},
		{"Ã‰TÃ‰", "ÉTÉ"},
		{"ESPAÃ‘A", "ESPAÑA"},
		{"æ—¥æœ¬", "日本"},
		{"ï¿½", "\uFFFD"},
		{"ðŸ˜€", "😀"},
		{"2010.Ã‚Â\u00a0 My", "2010.\u00a0 My"}, // encoded three times
		{"Â£5", "£5"},
		{"SÃO PAULO: cafÃ©", "SÃO PAULO: café"}, // "Ã" alone is meant
		{"Tantek Ã‡elik’s", "Tantek Çelik’s"},
		// Left: correct text.
		{"SÃO PAULO", "SÃO PAULO"},
		{"NÃO", "NÃO"},
		{"café crème brûlée à l’œil", "café crème brûlée à l’œil"},
		{"Grüße aus „Köln“ — Gruß“ und", "Grüße aus „Köln“ — Gruß“ und"},
		{"Charlotte Brontë…”", "Charlotte Brontë…”"},
		{"a IRMÃ” disse", "a IRMÃ” disse"},
		{"CAFÉ\u00a0?", "CAFÉ\u00a0?"},
		{"Příliš žluťoučký kůň úpěl ďábelské ódy", "Příliš žluťoučký kůň úpěl ďábelské ódy"},
		{"Tiếng Việt có dấu", "Tiếng Việt có dấu"},
		{"日本語のテキストです", "日本語のテキストです"},
		{"€5 – 10 ™ ©", "€5 – 10 ™ ©"},
		{"plain ASCII", "plain ASCII"},
		// Left: a double encoding that cannot be undone, whole.
		{"â€œswooshâ€* x", "â€œswooshâ€* x"},
		{"cafÃ© â€\uFFFD", "cafÃ© â€\uFFFD"},
		{"cafÃ© don\u0092t", "cafÃ© don\u0092t"},
		// Left: EUC-KR read as windows-1252 (sequences pair by chance).
		{"ÇÑ±Û´Ð³×ÀÓ Ç¥½ÃÇÏ±â", "ÇÑ±Û´Ð³×ÀÓ Ç¥½ÃÇÏ±â"},
	} {
		got, changed := undoubleString(tc.in)
		assert.Equal(t, tc.want, got, "%q", tc.in)
		assert.Equal(t, tc.want != tc.in, changed, "%q", tc.in)
	}
}

// TestRecoveryMojibakeModel checks that repair 12 reaches every kind of
// text of the model, with one diagnostic counting them, and that the
// default mode changes nothing.
func TestRecoveryMojibakeModel(t *testing.T) {
	const src = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
<title>SÃO PAULO news</title>
<description>Le cafÃ© du matin</description>
<item>
<title>Ã‰tÃ© 2024 â€” youâ€™re here</title>
<link>https://example.com/caf%C3%A9</link>
<guid isPermaLink="false">id-cafÃ©</guid>
<description>&lt;p&gt;Le cafÃ© &lt;b&gt;crÃ¨me&lt;/b&gt;&lt;/p&gt;</description>
<content:encoded><![CDATA[<p title="Ã‰tÃ©">â€œHiâ€` + "\u009d" + `</p>]]></content:encoded>
<dc:creator>JosÃ© Ã` + "\u0081" + `lvarez</dc:creator>
<category>CafÃ©s</category>
</item>
<item>
<title>Grüße, SÃO PAULO, Brontë…”</title>
</item>
</channel>
</rss>`
	spec, err := ParseDocument(bytes.NewReader([]byte(src)))
	require.NoError(t, err)
	assert.Equal(t, "Ã‰tÃ© 2024 â€” youâ€™re here", spec.Entries[0].Title.String(), "default mode")

	var diags []Diagnostic
	feed, err := ParseDocument(bytes.NewReader([]byte(src)), WithRecovery(), WithDiagnostics(&diags))
	require.NoError(t, err)
	assert.Equal(t, "SÃO PAULO news", feed.Title.String())
	assert.Equal(t, "Le café du matin", feed.Description.String())
	e := feed.Entries[0]
	assert.Equal(t, "Été 2024 — you’re here", e.Title.String())
	assert.Equal(t, "<p>Le café <b>crème</b></p>", e.Summary.HTML())
	assert.True(t, e.Summary.IsNode())
	assert.Equal(t, `<p title="Été">“Hi”</p>`, e.Content.HTML())
	assert.Equal(t, "“Hi”", e.Content.TextContent())
	require.Len(t, e.Authors, 1)
	assert.Equal(t, "José Álvarez", e.Authors[0].Name, "0x81 read as U+0081")
	assert.Equal(t, []string{"Cafés"}, e.Categories)
	assert.Equal(t, "id-cafÃ©", e.ID, "identifiers are never touched")
	assert.Equal(t, "Grüße, SÃO PAULO, Brontë…”", feed.Entries[1].Title.String())

	var msgs []string
	for _, d := range diags {
		if d.Kind == DiagnosticRecovered {
			msgs = append(msgs, d.Message)
		}
	}
	assert.Equal(t, []string{"7 texts UTF-8 encoded twice, decoded once more"}, msgs)
}

// TestRecoveryMojibakeXHTML checks repair 12 on Atom XHTML content, which
// is repaired through its serialization.
func TestRecoveryMojibakeXHTML(t *testing.T) {
	const src = `<feed xmlns="http://www.w3.org/2005/Atom"><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><b>cafÃ©</b> ok</div></title>` +
		`<entry><title>Grüße</title><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>plain</p></div></content></entry></feed>`
	var diags []Diagnostic
	feed, err := ParseDocument(bytes.NewReader([]byte(src)), WithRecovery(), WithDiagnostics(&diags))
	require.NoError(t, err)
	assert.Equal(t, "<b>café</b> ok", feed.Title.HTML())
	assert.Equal(t, "café ok", feed.Title.TextContent())
	assert.Equal(t, "<p>plain</p>", feed.Entries[0].Content.HTML())
	require.NotEmpty(t, diags)
	assert.Equal(t, "1 text UTF-8 encoded twice, decoded once more", diags[len(diags)-1].Message)
	assert.Equal(t, "feed", diags[len(diags)-1].Element)
}

// correctFeeds are real corpus feeds in French, German, Czech and Japanese
// whose text is correct: repair 12 changes none of it.
var correctFeeds = []string{
	"kdesyn__linuxfr_forums.xml", "speedparser__0173.dat", // French
	"feedjira__CRE.xml", "feeder__rss_anime2you.xml", "picofeed__biertaucher.xml", // German
	"feeder__rss_diskuse.xml", "feeder__openstreetmap.xml", // Czech
	"plagger__rss-full.xml", "speedparser__0004.dat", "plagger__flickr-friends.xml", // Japanese
}

// vietnameseFeed is correct Vietnamese text (the corpus has none).
const vietnameseFeed = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Tin tức Việt Nam</title>
<item><title>Thủ tướng phát biểu tại hội nghị</title>
<description>&lt;p&gt;Người dân đã được thông báo về những thay đổi — “mới nhất”.&lt;/p&gt;</description>
<author>tòa soạn (Nguyễn Văn Đức)</author><category>Thời sự</category></item>
</channel></rss>`

// TestRecoveryMojibakeCorrectText checks that real French, German, Czech,
// Japanese and Vietnamese feeds are unchanged by repair 12: no text of
// their default-mode model would be repaired, and recovery mode reports no
// double encoding.
func TestRecoveryMojibakeCorrectText(t *testing.T) {
	docs := map[string][]byte{"vietnamese (synthetic)": []byte(vietnameseFeed)}
	dir := sharedtest.Dir(t, "corpus/feeds")
	for _, name := range correctFeeds {
		data, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		docs[name] = data
	}
	for name, data := range docs {
		feed, _ := ParseDocument(bytes.NewReader(data))
		require.NotNil(t, feed, name)
		n := undoubleStruct(reflect.ValueOf(feed).Elem(), "Entries")
		nonASCII := 0
		for _, e := range feed.Entries {
			n += undoubleStruct(reflect.ValueOf(e).Elem(), "")
			if e.Title != nil && hasNonASCII(e.Title.String()) {
				nonASCII++
			}
		}
		assert.Zero(t, n, "%s: texts changed", name)
		assert.NotZero(t, nonASCII+len(feed.Title.String()), name)

		var diags []Diagnostic
		_, _ = ParseDocument(bytes.NewReader(data), WithRecovery(), WithDiagnostics(&diags))
		for _, d := range diags {
			assert.NotContains(t, d.Message, "UTF-8 encoded twice", name)
		}
	}
}

// TestUndoubleLinear grows a text to repair tenfold and checks that the
// allocations of repairing it grow no faster than it does.
func TestUndoubleLinear(t *testing.T) {
	unit := "Le cafÃ© â€œcrÃ¨meâ€\u009d SÃO Grüß “x” "
	alloc := func(n int) float64 {
		s := strings.Repeat(unit, n)
		return testing.AllocsPerRun(5, func() {
			if _, ok := undoubleString(s); !ok {
				require.FailNow(t, "not repaired") // in the failure branch only: AllocsPerRun counts the success path
			}
		})
	}
	small, large := alloc(1000), alloc(10000)
	assert.LessOrEqual(t, large, small*10*1.5, "allocations: %v for 1000 units, %v for 10000", small, large)
	bytesFor := func(n int) uint64 {
		s := strings.Repeat(unit, n)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, _ = undoubleString(s)
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	b1, b10 := bytesFor(1000), bytesFor(10000)
	assert.Less(t, float64(b10), float64(b1)*10*1.5, "bytes: %d for 1000 units, %d for 10000", b1, b10)
	// CPU, in one process: the best of five runs over n and 10n units, for
	// texts to repair and for hostile runs (one long run of leads that
	// complete no sequence; one long run of sequences encoded three
	// times, decoded three times).
	for name, u := range map[string]string{
		"repair":  unit,
		"leads":   "ÃÂâð",
		"triple":  "Ã‚Â©Ãƒ",
		"mixed":   "ÇÑ±Û´Ð³×ÀÓ",
		"broken":  "cafÃ© â€* ",
		"correct": "Příliš žluťoučký 日本語 Tiếng Việt ",
	} {
		best := func(n int) time.Duration {
			s := strings.Repeat(u, n)
			d := time.Duration(1 << 62)
			for range 5 {
				// CPU time, not wall time: on a loaded machine the
				// wall clock counts other processes' turns.
				start, cpu0 := time.Now(), cpuTime()
				_, _ = undoubleString(s)
				used := cpuTime() - cpu0
				if used <= 0 {
					used = time.Since(start)
				}
				d = min(d, used)
			}
			return d
		}
		// Up to three tries: another process may take the processor
		// during one.
		var small, large time.Duration
		for range 3 {
			small, large = best(5000), best(50000)
			if large < small*10*3 {
				break
			}
		}
		assert.Less(t, large, small*10*3, "%s: %v for 5000 units, %v for 50000", name, small, large)
	}
}

// TestRecoveryMojibakeLinear grows a feed whose every entry has texts to
// repair tenfold and checks that the allocations of parsing it in recovery
// mode grow no faster than it does.
func TestRecoveryMojibakeLinear(t *testing.T) {
	feed := func(n int) []byte {
		var b strings.Builder
		b.WriteString(`<rss version="2.0"><channel><title>Grüße</title>`)
		for range n {
			b.WriteString(`<item><title>Ã‰tÃ© â€” youâ€™re</title><description>&lt;p&gt;cafÃ© &lt;b&gt;crÃ¨me&lt;/b&gt;&lt;/p&gt;</description><category>CafÃ©s</category><author>a@b.c (JosÃ©)</author></item>`)
		}
		b.WriteString(`</channel></rss>`)
		return []byte(b.String())
	}
	alloc := func(n int) float64 {
		data := feed(n)
		return testing.AllocsPerRun(3, func() {
			f, err := ParseDocument(bytes.NewReader(data), WithRecovery())
			if err != nil || len(f.Entries) != n || f.Entries[0].Title.String() != "Été — you’re" {
				require.FailNow(t, "not repaired", "%v %+v", err, f) // in the failure branch only: AllocsPerRun counts the success path
			}
		})
	}
	small, large := alloc(200), alloc(2000)
	assert.Less(t, large, small*10*1.2, "allocations: %v for 200 entries, %v for 2000", small, large)
}

// TestMayHoldMojibake checks the pre-check of repair 12 against the walk it
// lets recoverMojibake skip: on every conformance document, every corpus
// feed and the documents of the tests above (parsed without recovery, so
// nothing is repaired yet), a feed mayHoldMojibake says nothing of has
// no text the walk by reflection changes; and the feeds it does flag
// include every one the walk changes.
func TestMayHoldMojibake(t *testing.T) {
	var docs [][]byte
	for _, doc := range sharedtest.ConformanceDocuments(t) {
		docs = append(docs, []byte(doc))
	}
	for _, path := range sharedtest.CorpusFiles(t) {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		docs = append(docs, data)
	}
	docs = append(docs,
		[]byte(`<rss><channel><title>cafÃ©</title></channel></rss>`),
		[]byte(`<rss><channel><item><description>&lt;p&gt;Le cafÃ©&lt;/p&gt;</description></item></channel></rss>`),
		[]byte(`<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><b title="Ã‰tÃ©">x</b></div></content></entry></feed>`),
		[]byte(`<rss><channel><image><title>cafÃ©</title></image><item><title>Grüße “quoted”</title></item></channel></rss>`),
	)
	flagged, changed := 0, 0
	for i, doc := range docs {
		for _, opts := range [][]Option{nil, {WithoutDocument()}} {
			feed, err := ParseDocument(bytes.NewReader(doc), opts...)
			if err != nil || feed == nil {
				continue
			}
			// Node texts parsed, as a reader's first use leaves them.
			for _, e := range feed.Entries {
				if e != nil && e.Content != nil {
					e.Content.Node()
				}
			}
			may := mayHoldMojibake(feed)
			n := undoubleStruct(reflect.ValueOf(feed).Elem(), "Entries")
			for _, e := range feed.Entries {
				if e != nil {
					n += undoubleStruct(reflect.ValueOf(e).Elem(), "")
				}
			}
			if n > 0 {
				changed++
				assert.True(t, may, "document %d: %d texts to repair, not flagged", i, n)
			}
			if may {
				flagged++
			}
		}
	}
	t.Logf("%d parsed feeds, %d flagged, %d with texts to repair", 2*len(docs), flagged, changed)
	assert.Greater(t, changed, 4)
}

package feedspec

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/sharedtest"
	"github.com/feedspec/feedspec/xml5"
)

// manifestOverCounts are the corpus files whose MANIFEST.tsv items column
// counts more items than the file has, and why; recovery mode finds every
// item the others have.
var manifestOverCounts = map[string]string{
	"nodefp__illegally-nested.xml":       "10 empty <item /> elements nested inside the 10 items",
	"kdesyn__javaworld.xml":              "the comment at the top mentions <item>s",
	"rssreader__opensearch-example1.xml": `a comment says "9 additional <item> elements appear here"`,
	"rssreader__opensearch-example2.xml": `a comment says "9 additional <item> elements appear here"`,
}

// dateElements are the local names of the elements an entry's dates come
// from, in every mode.
var dateElements = map[string]bool{
	"pubDate": true, "date": true, "published": true, "updated": true,
	"issued": true, "modified": true, "created": true,
}

// TestRecoveryCorpus parses every corpus feed in the default mode and in
// recovery mode and checks: no file gives fewer entries in recovery mode;
// every RSS, RDF and Atom file gives a feed (the three CDF files are not
// feeds); every item the manifest counts is found but where the manifest
// over-counts (manifestOverCounts); no file with items gives none; at most
// 1,427 items are left without a date (Python feedparser 6.0.10's figure on
// the same files); and every date of an entry is the reading of one of its
// own date elements (readFromOwnDateElement: recovery mode never dates an
// entry from elsewhere).
func TestRecoveryCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the whole corpus twice; go test ./... runs it")
	}
	files := sharedtest.CorpusFiles(t)
	manifest := readCorpusManifest(t, filepath.Join(sharedtest.Dir(t, "corpus"), "MANIFEST.tsv"))

	var (
		feeds, recFeeds, found, recFound, undated, recUndated, total int
		empty                                                        []string
		short                                                        []string
		repairs                                                      = map[string]int{}
	)
	for _, path := range files {
		name := filepath.Base(path)
		m, ok := manifest[name]
		if !assert.True(t, ok, "%s is not in MANIFEST.tsv", name) {
			continue
		}
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		spec, _ := ParseDocument(bytes.NewReader(data))
		var diags []Diagnostic
		rec, _ := ParseDocument(bytes.NewReader(data), WithRecovery(), WithDiagnostics(&diags))
		for _, d := range diags {
			if d.Kind == DiagnosticRecovered {
				repairs[repairKind(d.Message)]++
			}
		}
		total += m.items
		if spec != nil {
			feeds++
			found += min(len(spec.Entries), m.items)
			undated += countUndated(spec)
		}
		if rec == nil {
			assert.True(t, strings.HasPrefix(m.format, "CDF"), "%s (%s): no feed in recovery mode", name, m.format)
			continue
		}
		recFeeds++
		recFound += min(len(rec.Entries), m.items)
		recUndated += countUndated(rec)
		if spec != nil {
			assert.GreaterOrEqual(t, len(rec.Entries), len(spec.Entries), "%s: entries in recovery mode vs by default", name)
		}
		if len(rec.Entries) < m.items {
			short = append(short, name)
			assert.Contains(t, manifestOverCounts, name, "%s: %d entries in recovery mode, the manifest counts %d", name, len(rec.Entries), m.items)
		}
		if m.items > 0 && len(rec.Entries) == 0 {
			empty = append(empty, name)
		}
		for i, e := range rec.Entries {
			for _, d := range []*time.Time{e.Published, e.Updated} {
				if d != nil {
					assert.True(t, readFromOwnDateElement(e.Element(), *d), "%s: entry %d has the date %v, which none of its date elements gives", name, i, d)
				}
			}
		}
	}
	sort.Strings(short)
	for name, why := range manifestOverCounts {
		if _, ok := manifest[name]; ok {
			assert.Contains(t, short, name, "%s is listed as over-counted (%s) but recovery mode finds the manifest's count", name, why)
		}
	}
	assert.Empty(t, empty, "files with items where recovery mode finds none")
	assert.LessOrEqual(t, recUndated, 1427, "items without a date in recovery mode; feedparser leaves 1,427")
	t.Logf("%d files, the manifest counts %d items", len(files), total)
	t.Logf("default:  %d feeds, %d items found, %d undated", feeds, found, undated)
	t.Logf("recovery: %d feeds, %d items found, %d undated", recFeeds, recFound, recUndated)
	var kinds []string
	for k, n := range repairs {
		kinds = append(kinds, strconv.Itoa(n)+" × "+k)
	}
	sort.Strings(kinds)
	t.Logf("repairs:\n%s", strings.Join(kinds, "\n"))
}

// repairKind is a DiagnosticRecovered message with its numbers, names and
// namespaces left out, to count the repairs by kind.
func repairKind(msg string) string {
	var b strings.Builder
	for _, w := range strings.Fields(msg) {
		switch {
		case w[0] >= '0' && w[0] <= '9', strings.HasPrefix(w, "http"), strings.HasPrefix(w, "<"), strings.HasPrefix(w, "("):
			w = "…"
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	return b.String()
}

func countUndated(f *Feed) int {
	n := 0
	for _, e := range f.Entries {
		if e.Published == nil && e.Updated == nil {
			n++
		}
	}
	return n
}

// threeDigitZone is a numeric zone with a one-digit hour ("-800") at the
// end of a date.
var threeDigitZone = regexp.MustCompile(`([ ][+-])([0-9])([0-9]{2})$`)

// readFromOwnDateElement reports whether t is the instant ParseDate reads
// in one of el's date elements (dateElements), its text taken as it is or
// with a three-digit numeric zone's hour padded ("-800" as "-0800", the
// only date repair that changes the text). On the corpus every dated entry
// in recovery mode passes this: no date comes from the channel, another
// entry, or nowhere.
func readFromOwnDateElement(el *xml5.Node, t time.Time) bool {
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if !dateElements[c.Local] {
			continue
		}
		text := strings.TrimSpace(c.ChildTextContent())
		for _, s := range []string{text, threeDigitZone.ReplaceAllString(text, "${1}0${2}${3}")} {
			if d, _, err := ParseDate(s); err == nil && d.Equal(t) {
				return true
			}
		}
	}
	return false
}

// hasDateChild reports whether el has a date element (dateElements) among
// its children.
func hasDateChild(el *xml5.Node) bool {
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if dateElements[c.Local] {
			return true
		}
	}
	return false
}

// corpusEntry is a row of MANIFEST.tsv.
type corpusEntry struct {
	format string
	items  int
}

func readCorpusManifest(t *testing.T, path string) map[string]corpusEntry {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("MANIFEST.tsv: %v", err)
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	col := map[string]int{}
	for i, h := range strings.Split(lines[0], "\t") {
		col[h] = i
	}
	fi, ok1 := col["format"]
	ii, ok2 := col["items"]
	require.True(t, ok1 && ok2, "%s: no format or items column", path)
	out := map[string]corpusEntry{}
	for _, line := range lines[1:] {
		f := strings.Split(line, "\t")
		n, err := strconv.Atoi(f[ii])
		require.NoError(t, err, "%s: %s: items %q", path, f[0], f[ii])
		out[f[0]] = corpusEntry{format: f[fi], items: n}
	}
	return out
}

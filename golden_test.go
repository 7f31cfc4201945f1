package feedspec

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// update rewrites the golden files: go test -run TestGolden -update
var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// goldenBaseURL is the document URL of every golden feed, except those whose
// file name contains "nobase", which are parsed without one.
const goldenBaseURL = "https://example.com/feeds/feed.xml"

// goldenOptions returns the options a golden feed is parsed with, from its
// file name: the document URL goldenBaseURL unless the name contains
// "nobase"; WithXMLBase when it contains "xmlbase"; WithLenientDates when it
// contains "lenient"; WithRecovery when it contains "recovery".
func goldenOptions(path string) []Option {
	name := filepath.Base(path)
	var opts []Option
	if !strings.Contains(name, "nobase") {
		opts = append(opts, WithURL(goldenBaseURL))
	}
	if strings.Contains(name, "xmlbase") {
		opts = append(opts, WithXMLBase())
	}
	if strings.Contains(name, "lenient") {
		opts = append(opts, WithLenientDates())
	}
	if strings.Contains(name, "recovery") {
		opts = append(opts, WithRecovery())
	}
	return opts
}

// goldenJSON parses the feed file at path as the golden test does and returns
// the canonical JSON, indented, or "null" when it is not a feed.
func goldenJSON(t *testing.T, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	feed, err := ParseDocument(f, goldenOptions(path)...)
	if feed == nil {
		if !errors.Is(err, ErrNotFeed) {
			t.Fatalf("%s: ParseDocument: %v", path, err)
		}
		return []byte("null\n")
	}
	if err != nil {
		t.Fatalf("%s: ParseDocument returned a feed and the error %v", path, err)
	}
	b, err := feed.MarshalJSON()
	if err != nil {
		t.Fatalf("%s: MarshalJSON: %v", path, err)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		t.Fatalf("%s: MarshalJSON gave invalid JSON: %v\n%s", path, err, b)
	}
	out.WriteByte('\n')
	return out.Bytes()
}

// TestGolden parses every testdata/golden/*.xml (with goldenOptions) and
// compares its canonical JSON with the .json file next to it.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/golden/*.xml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden feeds in testdata/golden (%v)", err)
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".xml")
		t.Run(name, func(t *testing.T) {
			got := goldenJSON(t, path)
			want := strings.TrimSuffix(path, ".xml") + ".json"
			if *update {
				if err := os.WriteFile(want, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			exp, err := os.ReadFile(want)
			if err != nil {
				t.Fatalf("%v (run go test -run TestGolden -update to create it)", err)
			}
			if !bytes.Equal(got, exp) {
				t.Errorf("%s: canonical JSON differs from %s\ngot:\n%s\nwant:\n%s", path, want, got, exp)
			}
		})
	}
}

// goldenDiagnostics parses the feed file at path as the golden test does,
// with WithDiagnostics, and returns the diagnostics one a line ("" for none).
func goldenDiagnostics(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var diags []Diagnostic
	_, _ = ParseDocument(bytes.NewReader(b), append(goldenOptions(path), WithDiagnostics(&diags))...)
	var out bytes.Buffer
	for _, d := range diags {
		out.WriteString(d.String())
		out.WriteByte('\n')
	}
	return out.Bytes()
}

// TestGoldenDiagnostics parses every golden feed with WithDiagnostics and
// compares the diagnostics with the .diagnostics.txt file next to it, which
// exists only for the feeds that have some.
func TestGoldenDiagnostics(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.xml")
	for _, path := range files {
		got := goldenDiagnostics(t, path)
		want := strings.TrimSuffix(path, ".xml") + ".diagnostics.txt"
		if *update {
			if len(got) == 0 {
				if err := os.Remove(want); err != nil && !errors.Is(err, os.ErrNotExist) {
					t.Fatal(err)
				}
				continue
			}
			if err := os.WriteFile(want, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		exp, err := os.ReadFile(want)
		if errors.Is(err, os.ErrNotExist) {
			exp, err = nil, nil
		}
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, exp) {
			t.Errorf("%s: diagnostics differ from %s\ngot:\n%s\nwant:\n%s", path, want, got, exp)
		}
	}
}

// goldenSteps are the step ids of the spec copy that produce or drop a value;
// every one of them must be exercised by a golden feed, which says so in a
// "covers:" comment.
var goldenSteps = strings.Fields(`
	[10] [12] [16] [17] [18] [19] [350] [13] [351] [352] [353]
	[20] [22] [181] [182] [183] [185] [197] [225] [86] [85] [258] [87]
	[372] [35] [196] [36] [38] [373]
	[130] [131] [132] [135] [136] [137] [138] [133]
	[140] [141] [142] [143] [144]
	[234] [139] [145] [146] [235] [150] [151] [152] [199] [201] [202] [203] [204] [205]
	[269] [270] [336] [337] [271] [273] [275] [276] [277] [278] [274] [272]
	[176] [161] [170] [179] [187] [228] [229] [297] [298] [299] [300] [296] [177]
	[24] [54] [56] [53]
	[247] [253] [318] [319] [157] [158] [159] [320] [255] [256]
	[60] [98] [99] [100] [164] [174]
	[50] [61] [62] [267] [63] [66] [68] [104] [105] [69] [106] [107] [64] [65] [45] [46] [47] [48]
	[153] [155] [154] [175] [162] [180] [268] [49] [57] [58] [59]
	[178] [101] [70] [71] [108] [109] [339] [340] [341] [72] [110] [111]
	[112] [113] [114] [129] [362]
	[262] [263] [264] [332] [334] [333] [335] [265] [266] [291]
	[52] [80] [30] [44] [89] [90] [91] [116] [117] [123] [124] [125] [126] [127] [163] [165] [171]
	[249] [251] [92] [293] [355] [361] [356] [354] [118] [119] [120]
	[292] [364] [366] [367] [368] [369] [370] [371]
	[279] [280] [281] [282] [283] [195] [284] [285] [286] [287] [288] [289] [290]
	[218] [198] [212] [217] [215] [223] [224] [230] [216] [231] [232] [233] [257]
	[301] [302] [242] [243] [259] [244]
	[206] [209] [211] [213] [214] [308] [37] [310] [314] [309] [316] [317] [315]
	[357] [360] [358] [359] [147] [148] [261] [149]
	rdf rdf-channel rdf-item rdf-image rss090 hatena
	atom-date-accept atom-date-reject w3cdtf-accept w3cdtf-reject rss-date-accept rss-date-reject
	relative-url-base relative-url-nobase broken-truncated broken-illegal-chars broken-nbsp
	broken-mismatched-tags
`)

// goldenAdditions name the additions to the model (issue 6), each in a
// format that carries it, and the real-world shapes; every one of them must
// be covered by a golden feed too.
var goldenAdditions = strings.Fields(`
	id:atom id:atom03 id:rdf language:rss language:dc language:atom
	language:xmllang-root language:xmllang-channel rights:atom rights:rss rights:atom03 rights:dc
	generator:atom generator:atom03 generator:rss generator:rdf
	categories:atom categories:rss categories:itunes ttl skip-hours skip-days sy:rss sy:rdf
	links:atom links:rss links:rdf contributors:atom contributors:dc itunes-feed
	entry-id:atom entry-id:atom03 entry-id:guid entry-id:rdf permalink-false permalink-default
	entry-language:xmllang entry-language:dc entry-rights:atom entry-rights:dc
	comments:rss comments:wfw comments:atom-replies comment-count:slash comment-count:thr
	source:rss source:atom entry-contributors:atom entry-contributors:dc
	entry-categories:atom entry-categories:rss entry-categories:dc content-src
	entry-links:atom entry-links:rss itunes-entry media:rss media:group
	xml-base lenient-dates
	real-wordpress real-blogger real-youtube real-podcast real-rss10
`)

var coversComment = regexp.MustCompile(`(?s)covers:(.*?)-->`)

// TestGoldenCoversSteps checks that the golden feeds, together, say they
// cover every id of goldenSteps and goldenAdditions, and that they name no
// unknown id.
func TestGoldenCoversSteps(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.xml")
	covered := map[string][]string{}
	for _, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range coversComment.FindAllSubmatch(b, -1) {
			for _, id := range strings.Fields(string(m[1])) {
				covered[id] = append(covered[id], filepath.Base(path))
			}
		}
	}
	want := map[string]bool{}
	for _, id := range append(append([]string(nil), goldenSteps...), goldenAdditions...) {
		want[id] = true
		if len(covered[id]) == 0 {
			t.Errorf("no golden feed covers %s", id)
		}
	}
	var unknown []string
	for id := range covered {
		if !want[id] {
			unknown = append(unknown, id)
		}
	}
	sort.Strings(unknown)
	if len(unknown) > 0 {
		t.Errorf("golden feeds name ids that are not in goldenSteps: %v", unknown)
	}
}

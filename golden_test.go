package feedspec_test

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/feedspectest"
)

// TestGolden parses every feed of testdata/golden with the options its name
// asks for (GoldenOptions) and compares the canonical JSON with the .json file
// next to it and the diagnostics with the .diagnostics.txt file next to it,
// which exists only for the feeds that have some. go test -run TestGolden
// -update rewrites them.
func TestGolden(t *testing.T) {
	feedspectest.GoldenTest{FileOptions: feedspec.GoldenOptions, Diagnostics: true}.Run(t, "testdata/golden")
}

// TestGoldenUpdateFlag checks that feedspectest uses the -update flag the
// internal tests define rather than defining a second one (which would have
// panicked before any test ran).
func TestGoldenUpdateFlag(t *testing.T) {
	was := *feedspec.UpdateFlag
	defer func() { *feedspec.UpdateFlag = was }()
	for _, v := range []bool{true, false} {
		require.NoError(t, flag.Set("update", strconv.FormatBool(v)))
		assert.Equal(t, v, *feedspec.UpdateFlag, "-update=%v: the internal flag", v)
		assert.Equal(t, v, feedspectest.Update(), "-update=%v: feedspectest.Update", v)
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
	podcast-feed podcast-entry podcast-uri podcast-github-uri podcast-xml-base
	format channel-image cloud text-input text-input:netscape rating docs web-master
	channel-dates sy-update-base channel-image:rdf text-input:rdf
	categories:media entry-categories:media entry-categories:dc-rss2
	categories:taxo entry-categories:taxo comments-feed:wfw
	source:atom-whole content-xml content-base64
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
		require.NoError(t, err)
		for _, m := range coversComment.FindAllSubmatch(b, -1) {
			for _, id := range strings.Fields(string(m[1])) {
				covered[id] = append(covered[id], filepath.Base(path))
			}
		}
	}
	want := map[string]bool{}
	for _, id := range append(append([]string(nil), goldenSteps...), goldenAdditions...) {
		want[id] = true
		assert.NotEmpty(t, covered[id], "no golden feed covers %s", id)
	}
	var unknown []string
	for id := range covered {
		if !want[id] {
			unknown = append(unknown, id)
		}
	}
	sort.Strings(unknown)
	assert.Empty(t, unknown, "golden feeds name ids that are not in goldenSteps")
}

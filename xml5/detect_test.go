package xml5

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"

	"github.com/feedspec/feedspec/internal/sharedtest"
)

// detectOf runs the detector on a document's bytes from its first byte
// that is not ASCII.
func detectOf(b []byte) string {
	name, _ := detectLegacy(b[nextNonASCII(b, 0):])
	return name
}

// sameEncoding reports whether the detector's answer got names the
// encoding want (a label as the manifest writes it) or one that decodes
// its documents alike (GBK for GB2312, windows-874 for TIS-620,
// windows-1253 for ISO-8859-7).
func sameEncoding(want, got string) bool {
	_, w := lookupLabel(want)
	switch {
	case w == got:
		return true
	case w == "ISO-8859-7":
		return got == "windows-1253"
	}
	return false
}

// TestDetectEncoding measures the detector on the corpus: feedparser's
// unlabelled chardet files, the corpus files labelled in a legacy encoding
// (their label ignored), the files in a Latin encoding (never detected)
// and the corpus's UTF-8 feeds in other scripts encoded anew in each
// legacy encoding of their script. It prints the table of the results.
func TestDetectEncoding(t *testing.T) {
	dir := sharedtest.Dir(t, "corpus/feeds")
	manifest, err := os.ReadFile(filepath.Join(dir, "..", "MANIFEST.tsv"))
	require.NoError(t, err)
	results := map[string][2]int{} // kind → right, total

	count := func(kind string, ok bool) {
		r := results[kind]
		r[1]++
		if ok {
			r[0]++
		}
		results[kind] = r
	}

	// feedparser's tests of chardet: no label, and the encoding feedparser
	// expects of its detector.
	for file, want := range map[string]string{
		"feedparser__big5.xml":        "Big5",
		"feedparser__euckr.xml":       "EUC-KR",
		"feedparser__gb2312.xml":      "GBK",
		"feedparser__koi8r.xml":       "KOI8-R",
		"feedparser__tis620.xml":      "windows-874",
		"feedparser__windows1255.xml": "windows-1255",
	} {
		b, err := os.ReadFile(filepath.Join(dir, file))
		require.NoError(t, err)
		got := detectOf(b)
		assert.Equal(t, want, got, file)
		count("feedparser chardet files", got == want)
	}

	for _, line := range strings.Split(string(manifest), "\n")[1:] {
		f := strings.Split(line, "\t")
		if len(f) < 11 {
			continue
		}
		file, enc := f[0], strings.ToLower(f[10])
		b, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil || hasBOM(b) || nonASCIICount(b) < detectMinChars {
			continue
		}
		switch enc {
		case "windows-1251", "koi8-r", "gb2312", "gbk", "big5", "euc-jp", "shift_jis", "euc-kr", "iso-8859-7", "windows-1255", "tis-620":
			got := detectOf(b)
			assert.True(t, sameEncoding(enc, got), "%s: labelled %s, detected %q", file, enc, got)
			count("labelled legacy files (label ignored)", sameEncoding(enc, got))
		case "iso-8859-1", "windows-1252", "iso-8859-15":
			if invalid, valid, _ := utf8Counts(b); invalid < valid {
				continue // (mostly UTF-8: recovery mode never asks the detector)
			}
			got := detectOf(b)
			assert.Empty(t, got, "%s: Latin (%s) text detected as %s", file, enc, got)
			count("Latin files (nothing detected)", got == "")
		}
	}

	// The UTF-8 feeds of other scripts, and of Latin ones, encoded anew.
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil || !utf8.Valid(b) {
			continue
		}
		text := string(b)
		for _, target := range reencodings(text) {
			enc, ok := encodeAll(target.e, text)
			if invalid, valid, _ := utf8Counts(enc); !ok || invalid < valid {
				continue // (mostly UTF-8: recovery mode never asks the detector)
			}
			got := detectOf(enc)
			want := target.name
			if target.latin {
				want = ""
			}
			assert.Equal(t, want, got, "%s encoded in %s", filepath.Base(file), target.name)
			count(fmt.Sprintf("UTF-8 feeds encoded in %s", target.name), got == want)
		}
	}

	kinds := make([]string, 0, len(results))
	for k := range results {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		t.Logf("%-50s %3d right of %3d", k, results[k][0], results[k][1])
	}
}

// nonASCIICount counts b's bytes that are not ASCII.
func nonASCIICount(b []byte) int {
	n := 0
	for _, c := range b {
		if c >= 0x80 {
			n++
		}
	}
	return n
}

// A reencoding is an encoding to write a UTF-8 feed in for the test.
type reencoding struct {
	name  string
	e     encoding.Encoding
	latin bool // Latin script: the detector must say nothing
}

// reencodings returns the legacy encodings of the script most of text's
// letters that are not ASCII are in (at least 200 of them).
func reencodings(text string) []reencoding {
	counts := map[string]int{}
	for _, r := range text {
		if r < 0x80 || !unicode.IsLetter(r) {
			continue
		}
		for _, s := range []string{"Hangul", "Hiragana", "Katakana", "Han", "Cyrillic", "Greek", "Hebrew", "Arabic", "Thai", "Latin"} {
			if unicode.Is(unicode.Scripts[s], r) {
				counts[s]++
			}
		}
	}
	top, n := "", 0
	for s, c := range counts {
		if c > n || c == n && s < top {
			top, n = s, c
		}
	}
	if n < 200 {
		return nil
	}
	switch {
	case top == "Hangul":
		return []reencoding{{"EUC-KR", korean.EUCKR, false}}
	case top == "Hiragana" || top == "Katakana" || top == "Han" && counts["Hiragana"]+counts["Katakana"] > n/10:
		return []reencoding{{"EUC-JP", japanese.EUCJP, false}, {"Shift_JIS", japanese.ShiftJIS, false}}
	case top == "Han":
		return []reencoding{{"GBK", simplifiedchinese.GBK, false}, {"Big5", traditionalchinese.Big5, false}}
	case top == "Cyrillic":
		return []reencoding{{"windows-1251", charmap.Windows1251, false}, {"KOI8-R", charmap.KOI8R, false}}
	case top == "Greek":
		return []reencoding{{"windows-1253", charmap.Windows1253, false}}
	case top == "Hebrew":
		return []reencoding{{"windows-1255", charmap.Windows1255, false}}
	case top == "Arabic":
		return []reencoding{{"windows-1256", charmap.Windows1256, false}}
	case top == "Thai":
		return []reencoding{{"windows-874", charmap.Windows874, false}}
	case top == "Latin":
		return []reencoding{{"windows-1252", charmap.Windows1252, true}, {"windows-1250", charmap.Windows1250, true}, {"windows-1254", charmap.Windows1254, true}}
	}
	return nil
}

// encodeAll encodes text in e, character by character; ok is false when
// more than 1 in 100 of its characters that are not ASCII have no code in
// e (a simplified Chinese text in Big5), or there are fewer than 200 that
// do.
func encodeAll(e encoding.Encoding, text string) ([]byte, bool) {
	enc := e.NewEncoder()
	var out bytes.Buffer
	coded, missing := 0, 0
	for _, r := range text {
		if r < 0x80 {
			out.WriteByte(byte(r))
			continue
		}
		b, err := enc.Bytes([]byte(string(r)))
		if err != nil {
			missing++
			out.WriteByte('?')
			continue
		}
		coded++
		out.Write(b)
	}
	return out.Bytes(), coded >= 200 && missing*100 <= coded+missing
}

// TestDetectBounded checks the detector's cost: it allocates nothing, and
// reads no more than detectSample bytes, so that a document ten times
// larger costs the same.
func TestDetectBounded(t *testing.T) {
	unit := []byte("<item><title>\xc7\xd1\xb1\xdb \xc5\xd8\xbd\xba\xc6\xae \xc7\xd1\xb1\xdb</title></item>\n") // EUC-KR
	small := bytes.Repeat(unit, (detectSample/len(unit))+1)
	large := bytes.Repeat(unit, 10*((detectSample/len(unit))+1))
	for _, b := range [][]byte{small, large} {
		name := ""
		allocs := testing.AllocsPerRun(5, func() { name, _ = detectLegacy(b) })
		assert.Zero(t, allocs, "detectLegacy allocates nothing (%d bytes)", len(b))
		assert.Equal(t, "EUC-KR", name)
	}
	// What it answers for the large document is what it answers for its
	// first detectSample bytes.
	n1, _ := detectLegacy(large[:detectSample])
	n2, _ := detectLegacy(large)
	assert.Equal(t, n1, n2)
}

// TestDetectNoise checks that bytes at random, and text too short to
// tell, are never detected.
func TestDetectNoise(t *testing.T) {
	state := uint64(1)
	next := func() byte {
		state = state*6364136223846793005 + 1442695040888963407
		return byte(state >> 56)
	}
	for i := 0; i < 200; i++ {
		b := make([]byte, 64+i*37)
		for j := range b {
			b[j] = next()
		}
		name, _ := detectLegacy(b)
		assert.Empty(t, name, "random bytes %d detected as %s", i, name)
	}
	for _, s := range []string{"\xc7\xd1\xb1\xdb", "caf\xe9 cr\xe8me br\xfbl\xe9e", "\xd0\xf0\xe8\xe2\xe5\xf2"} {
		name, _ := detectLegacy([]byte(s))
		assert.Empty(t, name, "%q", s)
	}
}

// TestDetectedDecodeLinear checks repair 19 end to end: an unlabelled
// EUC-KR document ten times larger costs at most twelve times the bytes
// allocated to parse it in recovery mode (the detector reads a bounded
// prefix; the decoder and the parse are linear), and each size is read
// as EUC-KR.
func TestDetectedDecodeLinear(t *testing.T) {
	unit := []byte("\xc7\xd1\xb1\xdb \xc5\xd8\xbd\xba\xc6\xae \xc7\xd1\xb1\xdb\n") // EUC-KR: 한글 텍스트 한글
	doc := func(n int) []byte {
		return append(append([]byte("<rss><channel><description>"), bytes.Repeat(unit, n)...), "</description></channel></rss>"...)
	}
	cost := func(b []byte) uint64 {
		var d *Document
		alloc := bytesAllocated(func() {
			var err error
			d, err = Parse(bytes.NewReader(b), WithRecovery())
			require.NoError(t, err)
		})
		require.NotEmpty(t, d.Repairs)
		assert.Equal(t, "no encoding declared, bytes not UTF-8, decoded as EUC-KR (detected)", d.Repairs[0].Message)
		assert.Contains(t, d.Root().FirstElementChild().FirstElementChild().ChildTextContent(), "한글 텍스트 한글")
		return alloc
	}
	small, large := doc(40_000), doc(400_000) // 0.7 MB and 7 MB
	cost(small)                               // warm up
	s, l := cost(small), cost(large)
	t.Logf("bytes allocated: %d for %d bytes, %d for %d bytes (x%.2f)", s, len(small), l, len(large), float64(l)/float64(s))
	assert.LessOrEqual(t, l, 12*s, "10x the input costs at most 12x the bytes allocated")
}

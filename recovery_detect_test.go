package feedspec

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// TestRecoveryDetectedEncoding checks repair 19, the encoding detector, on
// feedparser's tests of chardet: documents with no label whose bytes are
// in a legacy encoding read, in recovery mode, as feedparser reads them (its
// expected encoding: TIS-620, which windows-874 extends, EUC-KR, Big5,
// GB2312, which GBK extends, KOI8-R, windows-1255), with a diagnostic. The
// feed is the one the same document gives transcoded to UTF-8. By default
// they stay the specification's UTF-8 with U+FFFD for each bad byte.
func TestRecoveryDetectedEncoding(t *testing.T) {
	for file, want := range map[string]struct {
		name string
		enc  encoding.Encoding
		text string // a few words of the document, as feedparser reads them
	}{
		"feedparser__tis620.xml":      {"windows-874", charmap.Windows874, "สำนักงานส่งเสริมอุตสาหกรรมซอฟต์แวร์แห่งชาติ"},
		"feedparser__euckr.xml":       {"EUC-KR", korean.EUCKR, "한글닉네임 표시하기"},
		"feedparser__big5.xml":        {"Big5", traditionalchinese.Big5, ""},
		"feedparser__gb2312.xml":      {"GBK", simplifiedchinese.GBK, ""},
		"feedparser__koi8r.xml":       {"KOI8-R", charmap.KOI8R, ""},
		"feedparser__windows1255.xml": {"windows-1255", charmap.Windows1255, ""},
	} {
		src := readCorpusFeed(t, file)
		utf8Src, err := want.enc.NewDecoder().Bytes(src)
		require.NoError(t, err, file)

		var diags []Diagnostic
		f, err := ParseDocument(bytes.NewReader(src), WithRecovery(), WithDiagnostics(&diags))
		require.NoError(t, err, file)
		transcoded, err := ParseDocument(bytes.NewReader(utf8Src), WithRecovery())
		require.NoError(t, err, file)
		got := string(mustJSON(t, f))
		assert.Equal(t, string(mustJSON(t, transcoded)), got, "%s read as %s", file, want.name)
		assert.NotContains(t, got, "\uFFFD", file)
		if want.text != "" {
			assert.Contains(t, got, want.text, file)
		}
		assert.Contains(t, recoveredMessages(diags), "no encoding declared, bytes not UTF-8, decoded as "+want.name+" (detected)", file)

		def, err := ParseDocument(bytes.NewReader(src))
		require.NoError(t, err)
		assert.Contains(t, string(mustJSON(t, def)), "\uFFFD", "%s: by default the bad bytes are U+FFFD", file)
	}
}

// TestRecoveryDetectedJapanese checks repair 19 on Japanese documents with
// no label, in EUC-JP (feedparser's chardet/eucjp.xml is not in the
// corpus) and Shift_JIS, and that a label, even a wrong one, is never
// second-guessed by the detector.
func TestRecoveryDetectedJapanese(t *testing.T) {
	const doc = `<rss version="2.0"><channel><title>日本語のフィード</title>` +
		`<item><title>今日はとても良い天気でした</title><description>私たちは公園へ行って、みんなで弁当を食べました。</description></item>` +
		`</channel></rss>`
	for _, c := range []struct {
		name string
		enc  encoding.Encoding
	}{{"EUC-JP", japanese.EUCJP}, {"Shift_JIS", japanese.ShiftJIS}} {
		src, err := c.enc.NewEncoder().Bytes([]byte(doc))
		require.NoError(t, err)
		var diags []Diagnostic
		f, err := ParseDocument(bytes.NewReader(src), WithRecovery(), WithDiagnostics(&diags))
		require.NoError(t, err, c.name)
		require.NotNil(t, f.Title, c.name)
		assert.Equal(t, "日本語のフィード", f.Title.TextContent(), c.name)
		require.Len(t, f.Entries, 1, c.name)
		assert.Equal(t, "私たちは公園へ行って、みんなで弁当を食べました。", f.Entries[0].Summary.TextContent(), c.name)
		assert.Contains(t, recoveredMessages(diags), "no encoding declared, bytes not UTF-8, decoded as "+c.name+" (detected)", c.name)

		// Declared UTF-8: repair 3's windows-1252 (or U+FFFD), never the
		// detector's answer.
		labelled := append([]byte(`<?xml version="1.0" encoding="utf-8"?>`), src...)
		var ldiags []Diagnostic
		lf, err := ParseDocument(bytes.NewReader(labelled), WithRecovery(), WithDiagnostics(&ldiags))
		require.NoError(t, err, c.name)
		assert.NotEqual(t, "日本語のフィード", lf.Title.TextContent(), "%s labelled utf-8", c.name)
		for _, m := range recoveredMessages(ldiags) {
			assert.NotContains(t, m, "(detected)", "%s labelled utf-8", c.name)
		}
	}
}

// TestRecoveryDetectorLatin checks that Latin text with no label whose
// bytes are not UTF-8 stays windows-1252 (the detector says nothing), as
// before repair 19.
func TestRecoveryDetectorLatin(t *testing.T) {
	src := []byte("<rss version=\"2.0\"><channel><title>Caf\xe9 cr\xe8me br\xfbl\xe9e \x96 d\xe9j\xe0 vu, na\xefve, \xe0 la carte</title></channel></rss>")
	var diags []Diagnostic
	f, err := ParseDocument(bytes.NewReader(src), WithRecovery(), WithDiagnostics(&diags))
	require.NoError(t, err)
	assert.Equal(t, "Café crème brûlée – déjà vu, naïve, à la carte", f.Title.TextContent())
	assert.Contains(t, recoveredMessages(diags), "no encoding declared, bytes not UTF-8, decoded as windows-1252")
}

// recoveredMessages returns the messages of the DiagnosticRecovered
// diagnostics of diags.
func recoveredMessages(diags []Diagnostic) []string {
	var rec []string
	for _, d := range diags {
		if d.Kind == DiagnosticRecovered {
			rec = append(rec, strings.TrimSpace(d.Message))
		}
	}
	return rec
}

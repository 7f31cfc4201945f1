package feedspec

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/sharedtest"
)

// TestBadBytesDiagnostics checks that the input's encoding errors are
// DiagnosticXML, with line and column, in both modes: the corpus feeds
// whose first error expat reports at line 418 (invalid UTF-8) and line 30
// (U+0003), and a feed of each kind; and that the feed is the same with
// and without WithDiagnostics.
func TestBadBytesDiagnostics(t *testing.T) {
	dir := filepath.Join(sharedtest.Dir(t, "corpus/feeds"))
	docs := []struct {
		name string
		data []byte
		line int
		code string
	}{
		{"a title with a bad byte", []byte("<rss><channel>\n<title>café ñ € \xff</title></channel></rss>"), 2, "invalid-byte-sequence"},
		{"a title with U+0003", []byte("<rss><channel>\n\n<title>a\x03b</title></channel></rss>"), 3, "control-character-in-input-stream"},
		{"a title with U+FFFF", []byte("<rss><channel><title>a\uffffb</title></channel></rss>"), 1, "noncharacter-in-input-stream"},
	}
	for _, c := range []struct {
		file string
		line int
		code string
	}{
		{"feedjira2009__ZedShaw.xml", 418, "invalid-byte-sequence"},
		{"feedjira2009__CoryForsyth.xml", 30, "control-character-in-input-stream"},
	} {
		data, err := os.ReadFile(filepath.Join(dir, c.file))
		require.NoError(t, err)
		docs = append(docs, struct {
			name string
			data []byte
			line int
			code string
		}{c.file, data, c.line, c.code})
	}
	for _, d := range docs {
		for _, mode := range []struct {
			name string
			opts []Option
		}{{"default", nil}, {"recovery", []Option{WithRecovery()}}} {
			var diags []Diagnostic
			f, err := ParseDocument(bytes.NewReader(d.data), append(mode.opts, WithDiagnostics(&diags))...)
			require.NoError(t, err, "%s, %s", d.name, mode.name)
			var first *Diagnostic
			for i := range diags {
				if diags[i].Kind == DiagnosticXML && strings.HasSuffix(diags[i].Message, "-sequence") ||
					strings.HasSuffix(diags[i].Message, "-in-input-stream") {
					first = &diags[i]
					break
				}
			}
			if assert.NotNil(t, first, "%s, %s: an encoding error in %v", d.name, mode.name, diags) {
				assert.Equal(t, DiagnosticXML, first.Kind, "%s, %s", d.name, mode.name)
				assert.Equal(t, d.line, first.Line, "%s, %s: the line of %v", d.name, mode.name, first)
				assert.Equal(t, d.code, first.Message, "%s, %s", d.name, mode.name)
				assert.Positive(t, first.Column, "%s, %s: a column", d.name, mode.name)
			}
			plain, err := ParseDocument(bytes.NewReader(d.data), mode.opts...)
			require.NoError(t, err)
			a, _ := json.Marshal(f)
			b, _ := json.Marshal(plain)
			assert.Equal(t, string(b), string(a), "%s, %s: the feed with and without diagnostics", d.name, mode.name)
		}
	}
}

package opml

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"testing"

	"github.com/feedspec/feedspec"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeDoc writes d and returns the bytes.
func writeDoc(t testing.TB, d *Document) []byte {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, d.Write(&b), "Write")
	return b.Bytes()
}

// wellFormed returns the error of encoding/xml's strict decoder reading
// doc to its end, nil when doc is well-formed XML with one root element.
func wellFormed(doc []byte) error {
	dec := xml.NewDecoder(bytes.NewReader(doc))
	roots, depth := 0, 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			if roots != 1 {
				return errors.New("not one root element")
			}
			return nil
		}
		if err != nil {
			return err
		}
		switch tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
}

// TestRoundTrip parses every test document, writes it, and parses what was
// written: the Document is the same, what was written is well-formed XML,
// and writing it again gives the same bytes.
func TestRoundTrip(t *testing.T) {
	eachFile(t, func(t *testing.T, path string) {
		d, _, err := parseFile(t, path)
		if d == nil {
			require.ErrorIs(t, err, ErrNotOPML, "no Document: only for a root that is not opml")
			return
		}
		require.NoError(t, err, "Parse")
		out := writeDoc(t, d)
		require.NoError(t, wellFormed(out), "what Write wrote is well-formed XML:\n%s", out)
		var diags []feedspec.Diagnostic
		d2, err := Parse(bytes.NewReader(out), options(path, &diags)...)
		require.NoError(t, err, "Parse of what Write wrote")
		assert.Equal(t, d, d2, "the Document read back:\n%s", out)
		for _, dg := range diags {
			assert.NotEqual(t, feedspec.DiagnosticXML, dg.Kind, "no XML error in what Write wrote: %s\n%s", dg, out)
		}
		assert.Equal(t, string(out), string(writeDoc(t, d2)), "written again")
		assert.Equal(t, d.Subscriptions(), d2.Subscriptions(), "Subscriptions read back")
	})
}

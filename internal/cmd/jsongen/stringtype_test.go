package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGenerateStringType: a field whose type is a string type of the
// package (type S string) is written and read as a string; it needs
// omitempty, as a string does; a string type declared as an alias is not
// one.
func TestGenerateStringType(t *testing.T) {
	gen := func(src string) (string, error) {
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "p.go"), []byte("package p\n\n"+src), 0o644))
		out, err := generate(dir)
		return string(out), err
	}
	s, err := gen("type Kind string\n\ntype Doc struct {\n\tKind Kind `json:\"kind,omitempty\"`\n}\n")
	require.NoError(t, err)
	assert.Contains(t, s, "b = w.appendStringField(b, `,\"kind\":\"`, string(v.Kind))")
	assert.Contains(t, s, "x, err = r.str(vs, ve)\n\t\t\tv.Kind = Kind(x)")

	_, err = gen("type Kind string\n\ntype Doc struct {\n\tKind Kind `json:\"kind\"`\n}\n")
	assert.ErrorContains(t, err, "Doc.Kind: Kind needs omitempty")

	_, err = gen("type Kind = string\n\ntype Doc struct {\n\tKind Kind `json:\"kind,omitempty\"`\n}\n")
	assert.ErrorContains(t, err, "Doc.Kind: the type Kind is not supported")
}

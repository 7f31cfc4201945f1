package xml5

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var declCases = []string{
	` version="1.0" encoding="utf-8"?>`,
	` version='1.0' encoding='ISO-8859-1' standalone='yes'?><rss/>`,
	` encoding="windows-1252" version="1.0"?>`,
	"\tversion = \"1.0\"\r\n encoding\t=\t\"Shift_JIS\" ?>",
	`?>`,
	` version="1.0"encoding="utf-8"?>`,
	` version="1.0" version="1.1"?>`,
	` version="encoding" encoding="utf-8"?>`,
	` version="xversionx" encoding="utf-8"?>`,
	` version="1.0" encoding="utf-8'?>`,
	` version="1.0" encoding=utf-8?>`,
	` version="1.0" encoding="utf 8"?>`,
	` version="1.0" encoding="utf-8"`,
	` version="1.0" encoding="utf-8"?`,
	` version="1.0" encoding="utf-8" ?x?>`,
	` version="1.0" foo="bar" encoding="utf-8"?>`,
	` version="1.0" encoding="utf-8?>`,
	` versionx="1.0"?>`,
	` version="1.0" encoding="a?>b"?>`,
	` standalone="no" standalone="yes"?>`,
	` encoding=""?>`,
	` version="1.0" encoding="standalone-standalone"?>`,
	` version="1.0" encoding="windows-1252"?>`,
	` version="1.0" encoding="utf-8" ?>`,
	` version="1.0" encoding="utf-8"?`,
	` version="1.0" encoding="ut'f"?>`,
	` version="1.0" encoding="UTF-8"?><?xml version="1.1"?>`,
	` version="1.0" encoding="versi"?>`,
	` version="1.0" encoding="version"?>`,
}

// assertDeclSame: readDecl, when it reads a declaration, finds what
// declValue, sniffHead and the search for "?>" find.
func assertDeclSame(t testing.TB, body string) bool {
	f, ok := readDecl(body)
	if !ok {
		return false
	}
	end := strings.Index(body, "?>")
	require.Equal(t, end, f.end, "readDecl(%q): end", body)
	require.Equal(t, declValue(body[:end], "version"), f.version, "readDecl(%q): version", body)
	require.Equal(t, declValue(body[:end], "encoding"), f.encoding, "readDecl(%q): encoding", body)
	require.Equal(t, declValue(body[:end], "standalone"), f.standalone, "readDecl(%q): standalone", body)
	require.Equal(t, sniffHead(body), f.encoding, "readDecl(%q): sniffed encoding", body)
	return true
}

func TestReadDeclSameAsSearch(t *testing.T) {
	read := 0
	for _, body := range declCases {
		if assertDeclSame(t, body) {
			read++
		}
	}
	assert.Equal(t, 11, read, "declarations of the common form")
	for _, body := range []string{` version="1.0" encoding="utf-8"?>`, `?>`, ` encoding="windows-1252" version="1.0"?>`} {
		_, ok := readDecl(body)
		assert.True(t, ok, "%q is read at once", body)
	}
	for _, body := range []string{` version="encoding" encoding="utf-8"?>`, ` version="1.0" version="1.1"?>`, ` version="1.0" encoding=utf-8?>`} {
		_, ok := readDecl(body)
		assert.False(t, ok, "%q is left to the search", body)
	}
}

// FuzzReadDecl compares readDecl with the searches it stands for.
func FuzzReadDecl(f *testing.F) {
	for _, body := range declCases {
		f.Add(body)
	}
	f.Fuzz(func(t *testing.T, body string) {
		assertDeclSame(t, body)
	})
}

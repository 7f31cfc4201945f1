// Package sharedtest finds the reference material the tests of several
// packages read from ../shared beside the repository (the conformance
// suite, the feed corpus), wherever the package under test lies in the
// module. The material is never part of the repository: every function
// skips the test when it is absent.
package sharedtest

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// modulePath is the module whose root ../shared is relative to.
const modulePath = "github.com/feedspec/feedspec"

// Dir returns the directory ../shared/sub relative to the root of the
// feedspec module (found from the working directory, which go test sets
// to the package's), or skips tb when it is absent (fails it with
// RequireEnv=1).
func Dir(tb testing.TB, sub string) string {
	tb.Helper()
	root, err := moduleRoot()
	if err != nil {
		skip(tb, "../shared/%s: %v", sub, err)
	}
	dir := filepath.Join(root, "..", "shared", filepath.FromSlash(sub))
	if _, err := os.Stat(dir); err != nil {
		skip(tb, "../shared/%s is absent: %v", sub, err)
	}
	return dir
}

// skip skips tb, or fails it when RequireEnv asks for ../shared.
func skip(tb testing.TB, format string, args ...any) {
	tb.Helper()
	if required() {
		tb.Fatalf(format+" ("+RequireEnv+"=1)", args...)
	}
	tb.Skipf(format, args...)
}

// moduleRoot returns the nearest directory at or above the working
// directory whose go.mod declares modulePath.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil &&
			bytes.HasPrefix(b, []byte("module "+modulePath+"\n")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}

// CorpusFiles returns the paths of the corpus feeds
// (../shared/corpus/feeds), or skips tb.
func CorpusFiles(tb testing.TB) []string {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(Dir(tb, "corpus/feeds"), "*"))
	if err != nil || len(files) == 0 {
		skip(tb, "../shared/corpus/feeds holds no feed: %v", err)
	}
	return files
}

// ConformanceDocuments returns the #data section of every case of the
// feed-parsing conformance suite (../shared/conformance/feed-parsing/*.dat),
// \u and \U escapes undone for "#data escaped", or skips tb.
func ConformanceDocuments(tb testing.TB) []string {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(Dir(tb, "conformance/feed-parsing"), "*.dat"))
	if err != nil || len(files) == 0 {
		skip(tb, "../shared/conformance/feed-parsing holds no .dat file: %v", err)
	}
	var docs []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		var cur []string
		in, escaped := false, false
		flush := func() {
			if in {
				s := strings.Join(cur, "\n")
				if escaped {
					s = unescape(s)
				}
				docs = append(docs, s)
			}
			cur, in = nil, false
		}
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "#") {
				flush()
				if line == "#data" || line == "#data escaped" {
					in, escaped = true, line == "#data escaped"
				}
				continue
			}
			if in {
				cur = append(cur, line)
			}
		}
		flush()
	}
	return docs
}

// unescape undoes the \uXXXX and \UXXXXXXXX escapes of "#data escaped".
func unescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == 'u' || s[i+1] == 'U') {
			n := 4
			if s[i+1] == 'U' {
				n = 8
			}
			if i+2+n <= len(s) {
				if v, err := strconv.ParseUint(s[i+2:i+2+n], 16, 32); err == nil {
					b.WriteRune(rune(v))
					i += 1 + n
					continue
				}
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

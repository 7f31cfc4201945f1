// Package insn is the counted side of bench's instructions subcommand: the
// modes (feedspec and gofeed, parse and parse + JSON), the input sets, and
// Child, which parses a set under cachegrind. It lives apart from package
// main, and cmd/insnchild runs it, so that the counted process links only
// the two parsers: the article extractors bench also compares pull in a
// date library whose start-up allocates 78 MB and keeps 28 MB live, which
// made every garbage collection of a counted run mark it (about 92 million
// instructions each) and the per-byte figures of small sets depend on
// whether one more collection fell into a run.
package insn

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mmcdole/gofeed"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/testdata/gen"
)

// Modes are the modes counted, in table order. Each returns a function
// that parses (and writes) one input; state such as a reused buffer lives in
// the closure.
var Modes = []struct {
	Name     string
	Make     func() func([]byte) error
	Optional bool // counted only when -modes names it
}{
	{"feedspec parse", func() func([]byte) error {
		return func(in []byte) error {
			_, err := feedspec.ParseDocument(bytes.NewReader(in))
			return err
		}
	}, false},
	{"feedspec parse+AppendJSON", func() func([]byte) error {
		var buf []byte
		return func(in []byte) error {
			f, err := feedspec.ParseDocument(bytes.NewReader(in))
			if err != nil {
				return err
			}
			buf = f.AppendJSON(buf[:0])
			return nil
		}
	}, false},
	{"feedspec parse WithURL", func() func([]byte) error {
		// As the Fetcher and ParseResponse parse: with the document's URL.
		return func(in []byte) error {
			_, err := feedspec.ParseDocument(bytes.NewReader(in), feedspec.WithURL(insnDocURL))
			return err
		}
	}, true},
	{"feedspec parse as the Fetcher", func() func([]byte) error {
		// As a Fetcher parses by default: with the document's URL, in
		// recovery mode, letting the document go (WithoutDocument).
		return func(in []byte) error {
			_, err := feedspec.ParseDocument(bytes.NewReader(in), feedspec.WithURL(insnDocURL), feedspec.WithRecovery(), feedspec.WithoutDocument())
			return err
		}
	}, true},
	{"gofeed parse", func() func([]byte) error {
		return func(in []byte) error {
			_, err := gofeed.NewParser().Parse(bytes.NewReader(in))
			return err
		}
	}, false},
	{"gofeed parse+json.Marshal", func() func([]byte) error {
		return func(in []byte) error {
			f, err := gofeed.NewParser().Parse(bytes.NewReader(in))
			if err != nil {
				return err
			}
			_, err = json.Marshal(f)
			return err
		}
	}, false},
}

// insnDocURL is the document URL of the "feedspec parse WithURL" mode.
const insnDocURL = "https://www.example.com/blog/feed.xml"

// minPassBytes is the least input a pass parses: sets smaller than this are
// parsed several times in a pass, so that a pass's count stands well above
// the run-to-run wobble of the start-up.
const minPassBytes = 1 << 20

// Sets lists the input sets by name, in table order.
var Sets = []string{"corpus", "small100", "gen2KB", "gen100KB", "gen1MB", "gen20MB"}

// SetInputs returns the inputs of a named set and how many times a pass
// parses them.
func SetInputs(name, corpus string) ([][]byte, int, error) {
	var inputs [][]byte
	switch name {
	case "corpus", "small100":
		in, err := ReadDir(corpus)
		if err != nil {
			return nil, 0, err
		}
		if len(in) == 0 {
			return nil, 0, fmt.Errorf("no files in %s", corpus)
		}
		inputs = in
		if name == "small100" {
			// Stable by size, then by the directory's (sorted) order.
			slices.SortStableFunc(inputs, func(a, b []byte) int { return len(a) - len(b) })
			inputs = inputs[:min(100, len(inputs))]
		}
	case "gen2KB":
		inputs = [][]byte{gen.Feed(gen.RSS, 2<<10)}
	case "gen100KB":
		inputs = [][]byte{gen.Feed(gen.RSS, 100<<10)}
	case "gen1MB":
		inputs = [][]byte{gen.Feed(gen.RSS, 1<<20)}
	case "gen20MB":
		inputs = [][]byte{gen.Feed(gen.RSS, 20<<20)}
	default:
		return nil, 0, fmt.Errorf("unknown input set %q (known: %s)", name, strings.Join(Sets, ", "))
	}
	n := 0
	for _, in := range inputs {
		n += len(in)
	}
	reps := 1
	if n > 0 && n < minPassBytes {
		reps = (minPassBytes + n - 1) / n
	}
	return inputs, reps, nil
}

// Child parses the set passes times with the mode and prints the bytes
// and inputs of one pass.
func Child(mode, set, corpus string, passes int) int {
	var parse func([]byte) error
	for _, m := range Modes {
		if m.Name == mode {
			parse = m.Make()
		}
	}
	if parse == nil {
		if slices.Contains(WriteModes, mode) {
			return WriteChild(mode, set, corpus, passes) // write.go
		}
		fmt.Fprintf(os.Stderr, "instructions: unknown mode %q\n", mode)
		return 2
	}
	inputs, reps, err := SetInputs(set, corpus)
	if err != nil {
		fmt.Fprintln(os.Stderr, "instructions:", err)
		return 2
	}
	bytesPerPass, inputsPerPass, errs := 0, 0, 0
	for p := 0; p < passes; p++ {
		for r := 0; r < reps; r++ {
			for _, in := range inputs {
				if err := parse(in); err != nil && p == 0 && r == 0 {
					errs++
				}
				if p == 0 {
					bytesPerPass += len(in)
					inputsPerPass++
				}
			}
		}
	}
	fmt.Printf("instructions-child: bytes=%d inputs=%d errors=%d\n", bytesPerPass, inputsPerPass, errs)
	return 0
}

// ReadDir returns the contents of the regular files in dir, in the
// directory's order.
func ReadDir(dir string) ([][]byte, error) {
	files, err := ReadNamedDir(dir)
	if err != nil {
		return nil, err
	}
	out := make([][]byte, len(files))
	for i, f := range files {
		out[i] = f.Data
	}
	return out, nil
}

// A NamedFile is the name and the contents of one file.
type NamedFile struct {
	Name string
	Data []byte
}

// ReadNamedDir returns the names and contents of the regular files in dir,
// in the directory's order.
func ReadNamedDir(dir string) ([]NamedFile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []NamedFile
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, NamedFile{Name: e.Name(), Data: data})
	}
	return out, nil
}

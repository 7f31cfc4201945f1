package main

// The instructions subcommand counts instructions instead of timing: on a
// shared machine CPU time moves by a quarter from one run to the next, while
// cachegrind's instruction counts, with one processor and a stop-the-world
// garbage collector, repeat within a fraction of a percent.
//
//	cd bench && go run . instructions -corpus ../../shared/corpus/feeds
//
// For every input set and every mode (feedspec ParseDocument, feedspec
// ParseDocument + AppendJSON, gofeed Parse, gofeed Parse + json.Marshal) it
// runs this same binary under
//
//	GODEBUG=cpu.rdtscp=off,gcstoptheworld=1 GOMAXPROCS=1 \
//	  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
//	  bench instructions -child -mode M -set S -passes N
//
// once with 1 pass over the set and once with 3 (cpu.rdtscp=off: valgrind
// 3.19 cannot run the RDTSCP instruction Go uses). The difference of the two
// counts, halved, is one pass without the process's start-up, the reading or
// generating of the inputs and the first pass's warm-up; divided by the
// bytes of a pass it gives instructions per input byte.

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/mmcdole/gofeed"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/testdata/gen"
)

// insnModes are the modes counted, in table order. Each returns a function
// that parses (and writes) one input; state such as a reused buffer lives in
// the closure.
var insnModes = []struct {
	name     string
	make     func() func([]byte) error
	optional bool // counted only when -modes names it
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

// insnSets lists the input sets by name, in table order.
var insnSets = []string{"corpus", "small100", "gen2KB", "gen100KB", "gen1MB", "gen20MB"}

// insnSetInputs returns the inputs of a named set and how many times a pass
// parses them.
func insnSetInputs(name, corpus string) ([][]byte, int, error) {
	var inputs [][]byte
	switch name {
	case "corpus", "small100":
		in, err := readDir(corpus)
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
		return nil, 0, fmt.Errorf("unknown input set %q (known: %s)", name, strings.Join(insnSets, ", "))
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

func instructionsMain(args []string) {
	fs := flag.NewFlagSet("instructions", flag.ExitOnError)
	corpus := fs.String("corpus", "../../shared/corpus/feeds", "directory of real feeds")
	setsFlag := fs.String("sets", strings.Join(insnSets, ","), "input sets to count (comma-separated)")
	modesFlag := fs.String("modes", "", "count only the modes whose names start with one of these (comma-separated: \"feedspec\", \"gofeed parse+\"...); \"feedspec parse WithURL\" is counted only when named")
	jobs := fs.Int("j", 1, "cachegrind runs at once")
	valgrind := fs.String("valgrind", "valgrind", "the valgrind command")
	child := fs.Bool("child", false, "internal: parse -set with -mode -passes times (run under cachegrind)")
	mode := fs.String("mode", "", "internal: the mode of a -child run")
	set := fs.String("set", "", "internal: the input set of a -child run")
	passes := fs.Int("passes", 1, "internal: passes of a -child run")
	fs.Parse(args)
	if *child {
		os.Exit(insnChild(*mode, *set, *corpus, *passes))
	}

	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "instructions:", err)
		os.Exit(1)
	}
	var modes []string
	for _, m := range insnModes {
		if *modesFlag == "" && !m.optional || *modesFlag != "" && slices.ContainsFunc(strings.Split(*modesFlag, ","), func(p string) bool {
			return p != "" && strings.HasPrefix(m.name, p)
		}) {
			modes = append(modes, m.name)
		}
	}
	sets := strings.Split(*setsFlag, ",")

	// Every (set, mode, passes) run, at most -j at once; results by key.
	type key struct {
		set, mode string
		passes    int
	}
	type count struct {
		insns     uint64
		passBytes int
		inputs    int
		errs      int
		err       error
	}
	var (
		mu      sync.Mutex
		results = map[key]count{}
		wg      sync.WaitGroup
		sem     = make(chan struct{}, max(1, *jobs))
	)
	for _, s := range sets {
		for _, m := range modes {
			for _, n := range []int{1, 3} {
				wg.Add(1)
				go func(k key) {
					defer wg.Done()
					sem <- struct{}{}
					defer func() { <-sem }()
					c := count{}
					c.insns, c.passBytes, c.inputs, c.errs, c.err = insnRun(*valgrind, self, *corpus, k.set, k.mode, k.passes)
					mu.Lock()
					results[k] = c
					mu.Unlock()
					fmt.Fprintf(os.Stderr, "instructions: %s, %s, %d pass(es): %d instructions (err %v)\n", k.set, k.mode, k.passes, c.insns, c.err)
				}(key{s, m, n})
			}
		}
	}
	wg.Wait()

	fmt.Printf("Instructions per input byte (cachegrind, GOMAXPROCS=1, gcstoptheworld=1; one pass = (3 passes - 1 pass) / 2)\n\n")
	fmt.Println("| input | KB per pass | mode | instructions per pass | instructions/byte | errors |")
	fmt.Println("|---|---:|---|---:|---:|---:|")
	perByte := map[[2]string]float64{}
	for _, s := range sets {
		for _, m := range modes {
			one, three := results[key{s, m, 1}], results[key{s, m, 3}]
			if one.err != nil || three.err != nil {
				fmt.Printf("| %s | | %s | failed: %v %v | | |\n", s, m, one.err, three.err)
				continue
			}
			pass := (float64(three.insns) - float64(one.insns)) / 2
			pb := pass / float64(one.passBytes)
			perByte[[2]string{s, m}] = pb
			fmt.Printf("| %s | %.1f | %s | %.0f | %.1f | %d |\n", s, float64(one.passBytes)/1024, m, pass, pb, one.errs)
		}
	}
	fmt.Println()
	fmt.Println("| input | parse: feedspec | parse: gofeed | gofeed/feedspec | parse+JSON: feedspec AppendJSON | parse+JSON: gofeed json.Marshal | gofeed/feedspec |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|")
	for _, s := range sets {
		row := "| " + s
		for _, pair := range [][2]string{{"feedspec parse", "gofeed parse"}, {"feedspec parse+AppendJSON", "gofeed parse+json.Marshal"}} {
			a, okA := perByte[[2]string{s, pair[0]}]
			b, okB := perByte[[2]string{s, pair[1]}]
			cell := func(v float64, ok bool) string {
				if !ok {
					return " | –"
				}
				return fmt.Sprintf(" | %.1f", v)
			}
			row += cell(a, okA) + cell(b, okB)
			if okA && okB && a > 0 {
				row += fmt.Sprintf(" | **%.1f×**", b/a)
			} else {
				row += " | –"
			}
		}
		fmt.Println(row + " |")
	}
}

var irefs = regexp.MustCompile(`I\s+refs:\s+([0-9,]+)`)
var childLine = regexp.MustCompile(`instructions-child: bytes=(\d+) inputs=(\d+) errors=(\d+)`)

// insnRun runs one child under cachegrind and returns its instruction
// count, the bytes of one pass, the inputs of one pass and the inputs that
// gave an error in one pass.
func insnRun(valgrind, self, corpus, set, mode string, passes int) (uint64, int, int, int, error) {
	cmd := exec.Command(valgrind, "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
		self, "instructions", "-child", "-corpus", corpus, "-set", set, "-mode", mode, "-passes", strconv.Itoa(passes))
	cmd.Env = append(os.Environ(), "GODEBUG=cpu.rdtscp=off,gcstoptheworld=1", "GOMAXPROCS=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return 0, 0, 0, 0, fmt.Errorf("%v: %s", err, lastLines(out, 5))
	}
	m := irefs.FindSubmatch(out)
	c := childLine.FindSubmatch(out)
	if m == nil || c == nil {
		return 0, 0, 0, 0, fmt.Errorf("no count in the output: %s", lastLines(out, 5))
	}
	insns, _ := strconv.ParseUint(strings.ReplaceAll(string(m[1]), ",", ""), 10, 64)
	b, _ := strconv.Atoi(string(c[1]))
	n, _ := strconv.Atoi(string(c[2]))
	e, _ := strconv.Atoi(string(c[3]))
	return insns, b, n, e, nil
}

func lastLines(out []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], " / ")
}

// insnChild parses the set passes times with the mode and prints the bytes
// and inputs of one pass.
func insnChild(mode, set, corpus string, passes int) int {
	var parse func([]byte) error
	for _, m := range insnModes {
		if m.name == mode {
			parse = m.make()
		}
	}
	if parse == nil {
		fmt.Fprintf(os.Stderr, "instructions: unknown mode %q\n", mode)
		return 2
	}
	inputs, reps, err := insnSetInputs(set, corpus)
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

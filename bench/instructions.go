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
// runs cmd/insnchild (built first, linking only the parsers: package insn
// says why) under
//
//	GODEBUG=cpu.rdtscp=off,gcstoptheworld=1 GOMAXPROCS=1 \
//	  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
//	  insnchild -mode M -set S -passes N
//
// once with 1 pass over the set and once with 3 (cpu.rdtscp=off: valgrind
// 3.19 cannot run the RDTSCP instruction Go uses). The difference of the two
// counts, halved, is one pass without the process's start-up, the reading or
// generating of the inputs and the first pass's warm-up; divided by the
// bytes of a pass it gives instructions per input byte.

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/feedspec/feedspec/bench/insn"
)

func instructionsMain(args []string) {
	fs := flag.NewFlagSet("instructions", flag.ExitOnError)
	corpus := fs.String("corpus", "../../shared/corpus/feeds", "directory of real feeds")
	setsFlag := fs.String("sets", strings.Join(insn.Sets, ","), "input sets to count (comma-separated)")
	modesFlag := fs.String("modes", "", "count only the modes whose names start with one of these (comma-separated: \"feedspec\", \"gofeed parse+\"...); \"feedspec parse WithURL\" is counted only when named")
	jobs := fs.Int("j", 1, "cachegrind runs at once")
	valgrind := fs.String("valgrind", "valgrind", "the valgrind command")
	fs.Parse(args)

	// The counted process is cmd/insnchild, built here: it links the two
	// parsers only (package insn says why).
	self, remove := buildInsnChild("instructions")
	defer remove()
	var modes []string
	for _, m := range insn.Modes {
		if *modesFlag == "" && !m.Optional || *modesFlag != "" && slices.ContainsFunc(strings.Split(*modesFlag, ","), func(p string) bool {
			return p != "" && strings.HasPrefix(m.Name, p)
		}) {
			modes = append(modes, m.Name)
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
		self, "-corpus", corpus, "-set", set, "-mode", mode, "-passes", strconv.Itoa(passes))
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

// buildInsnChild builds cmd/insnchild (run from bench/) into a temporary
// directory and returns its path and a function that removes it; the
// subcommand named cmd exits with a message when it cannot.
func buildInsnChild(cmd string) (path string, remove func()) {
	dir, err := os.MkdirTemp("", "insnchild")
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", cmd, err)
		os.Exit(1)
	}
	path = filepath.Join(dir, "insnchild")
	if out, err := exec.Command("go", "build", "-o", path, "./cmd/insnchild").CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		fmt.Fprintf(os.Stderr, "%s: building cmd/insnchild (run from bench/): %v\n%s", cmd, err, out)
		os.Exit(1)
	}
	return path, func() { os.RemoveAll(dir) }
}

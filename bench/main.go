// Command bench compares feedspec's ParseDocument with gofeed's parser on the
// same inputs, in one process, interleaved over several rounds, and prints a
// Markdown table: throughput (wall clock and per CPU second), allocations
// per KB of input, bytes allocated per input byte and peak heap, for "parse"
// and for "parse + marshal JSON", with the feedspec/gofeed ratios.
//
// Inputs: feeds written by the deterministic generator in
// ../testdata/gen (RSS 2.0, Atom, podcasts, 2 KB to 20 MB), and every file
// of the corpus directory given with -corpus, when it exists.
//
//	cd bench && go run . -corpus ../../shared/corpus/feeds
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/mmcdole/gofeed"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/bench/insn"
	"github.com/feedspec/feedspec/testdata/gen"
)

// A parser parses one input and, when withJSON, marshals the result.
type parser struct {
	name  string
	parse func(in []byte, withJSON bool) error
}

var parsers = []parser{
	{"feedspec", func(in []byte, withJSON bool) error {
		f, err := feedspec.ParseDocument(bytes.NewReader(in))
		if err != nil {
			return err
		}
		if withJSON {
			_, err = json.Marshal(f)
		}
		return err
	}},
	{"gofeed", func(in []byte, withJSON bool) error {
		f, err := gofeed.NewParser().Parse(bytes.NewReader(in))
		if err != nil {
			return err
		}
		if withJSON {
			_, err = json.Marshal(f)
		}
		return err
	}},
}

// An inputSet is a named list of inputs measured together.
type inputSet struct {
	name   string
	inputs [][]byte
	bytes  int
}

func newSet(name string, inputs [][]byte) inputSet {
	s := inputSet{name: name, inputs: inputs}
	for _, in := range inputs {
		s.bytes += len(in)
	}
	return s
}

// A sample is one pass of one parser over one set.
type sample struct {
	wall, cpu        time.Duration
	mallocs, alloced uint64
	peak             uint64 // peak heap above the heap before the pass
	errors           int
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "coverage" {
		coverageMain(os.Args[2:]) // coverage.go
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "recoverycost" {
		recoveryCostMain(os.Args[2:]) // recoverycost.go
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "instructions" {
		instructionsMain(os.Args[2:]) // instructions.go
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "cputime" {
		cputimeMain(os.Args[2:]) // cputime.go
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "writers" {
		writersMain(os.Args[2:]) // writers.go
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "article" {
		articleMain(os.Args[2:]) // article.go
		return
	}
	corpus := flag.String("corpus", "../../shared/corpus/feeds", "directory of real feeds (skipped when absent)")
	rounds := flag.Int("rounds", 5, "interleaved rounds per measurement")
	skipScaling := flag.Bool("noscaling", false, "skip the time-per-byte table")
	onlyScaling := flag.Bool("onlyscaling", false, "print only the time-per-byte table")
	gcPercent := flag.Int("gcpercent", 100, "the garbage collector's GOGC for the run (-1 turns it off)")
	retainedOnly := flag.Bool("retained", false, "print only the retained-heap tables (retained.go)")
	retainedTotalOnly := flag.Bool("retained-total", false, "with -retained: skip the per-file measurement")
	flag.IntVar(&retainedRounds, "retained-rounds", retainedRounds, "with -retained: measurements of each file (the median is kept)")
	only := flag.String("sets", "", "measure only the input sets whose names start with one of these (comma-separated: corpus, generated, \"generated 20\")")
	flag.Parse()
	debug.SetGCPercent(*gcPercent)
	if *retainedOnly {
		retainedTable(*corpus, !*retainedTotalOnly)
		return
	}
	if *onlyScaling {
		scaling(*rounds)
		return
	}

	var sets []inputSet
	if in, err := insn.ReadDir(*corpus); err == nil && len(in) > 0 {
		sets = append(sets, newSet(fmt.Sprintf("corpus (%d files)", len(in)), in))
	} else {
		fmt.Fprintf(os.Stderr, "bench: no corpus in %s; measuring generated feeds only\n", *corpus)
	}
	var generated [][]byte
	for _, k := range gen.Kinds {
		for _, size := range []int{2 << 10, 10 << 10, 50 << 10, 200 << 10, 1 << 20, 5 << 20} {
			generated = append(generated, gen.Feed(k, size))
		}
	}
	sets = append(sets, newSet(fmt.Sprintf("generated (%d feeds, 2 KB–5 MB)", len(generated)), generated))
	sets = append(sets, newSet("generated 20 MB RSS", [][]byte{gen.Feed(gen.RSS, 20<<20)}))
	sets = selectSets(sets, *only)

	fmt.Printf("%s, GOMAXPROCS %d, %s; load average before: %s\n\n",
		runtime.Version(), runtime.GOMAXPROCS(0), runtime.GOARCH, loadAverage())
	fmt.Println("| input | MB | mode | parser | MB/s | MB/cpu-s | allocs/KB | B alloc/B | peak heap MB | errors |")
	fmt.Println("|---|---:|---|---|---:|---:|---:|---:|---:|---:|")
	for _, s := range sets {
		for _, withJSON := range []bool{false, true} {
			mode := "parse"
			if withJSON {
				mode = "parse+JSON"
			}
			ps := parsersFor(withJSON) // json.go: feedspec's own writers beside json.Marshal
			res := measure(ps, s, withJSON, *rounds)
			for i, p := range ps {
				r := res[i]
				fmt.Printf("| %s | %.1f | %s | %s | %.1f | %.1f | %.1f | %.2f | %.1f | %d |\n",
					s.name, mb(s.bytes), mode, p.name, r.mbps(s), r.mbpcpu(s), r.allocsPerKB(s), r.bytesPerByte(s), mb(int(r.peak)), r.errors)
			}
			a, b := res[0], res[1]
			fmt.Printf("| %s | | %s | **feedspec/gofeed** | **%.2f×** | **%.2f×** | **%.2f×** | **%.2f×** | **%.2f×** | |\n",
				s.name, mode, a.mbps(s)/b.mbps(s), a.mbpcpu(s)/b.mbpcpu(s),
				a.allocsPerKB(s)/b.allocsPerKB(s), a.bytesPerByte(s)/b.bytesPerByte(s), float64(a.peak)/float64(b.peak))
			for i := 2; i < len(ps); i++ {
				a := res[i]
				fmt.Printf("| %s | | %s | **%s/gofeed** | **%.2f×** | **%.2f×** | **%.2f×** | **%.2f×** | **%.2f×** | |\n",
					s.name, mode, ps[i].name, a.mbps(s)/b.mbps(s), a.mbpcpu(s)/b.mbpcpu(s),
					a.allocsPerKB(s)/b.allocsPerKB(s), a.bytesPerByte(s)/b.bytesPerByte(s), float64(a.peak)/float64(b.peak))
			}
		}
	}
	fmt.Printf("\nload average after: %s\n", loadAverage())
	if !*skipScaling {
		scaling(*rounds)
	}
}

// result is the median of a parser's samples, with its allocation counts
// (the same in every round) and the largest peak.
type result struct {
	sample
}

func (r result) mbps(s inputSet) float64   { return mb(s.bytes) / r.wall.Seconds() }
func (r result) mbpcpu(s inputSet) float64 { return mb(s.bytes) / r.cpu.Seconds() }
func (r result) allocsPerKB(s inputSet) float64 {
	return float64(r.mallocs) / (float64(s.bytes) / 1024)
}
func (r result) bytesPerByte(s inputSet) float64 { return float64(r.alloced) / float64(s.bytes) }

func mb(n int) float64 { return float64(n) / 1e6 }

// measure runs every parser over s, rounds times, alternating which parser
// goes first, and returns per parser the median wall and CPU times, the
// allocation counts and the peak heap.
func measure(parsers []parser, s inputSet, withJSON bool, rounds int) []result {
	// A warm-up pass each (page faults, lazily initialized tables).
	for _, p := range parsers {
		run(p, s, withJSON, false)
	}
	samples := make([][]sample, len(parsers))
	for r := 0; r < rounds; r++ {
		for j := range parsers {
			i := j
			if r%2 == 1 {
				i = len(parsers) - 1 - j
			}
			samples[i] = append(samples[i], run(parsers[i], s, withJSON, false))
		}
	}
	out := make([]result, len(parsers))
	for i, p := range parsers {
		ss := samples[i]
		walls := make([]time.Duration, len(ss))
		cpus := make([]time.Duration, len(ss))
		for k, x := range ss {
			walls[k], cpus[k] = x.wall, x.cpu
		}
		out[i].wall, out[i].cpu = median(walls), median(cpus)
		out[i].mallocs, out[i].alloced, out[i].errors = ss[0].mallocs, ss[0].alloced, ss[0].errors
		// Peak heap in a pass of its own: sampling steals CPU.
		out[i].peak = run(p, s, withJSON, true).peak
	}
	return out
}

func median(d []time.Duration) time.Duration {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d[len(d)/2]
}

// run parses every input of s once with p. With samplePeak, a goroutine
// reads the heap size every 100µs and the pass reports the peak above the
// heap before it.
func run(p parser, s inputSet, withJSON, samplePeak bool) sample {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var (
		stop chan struct{}
		wg   sync.WaitGroup
		peak uint64
	)
	if samplePeak {
		stop = make(chan struct{})
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
			t := time.NewTicker(100 * time.Microsecond)
			defer t.Stop()
			for {
				metrics.Read(m)
				if v := m[0].Value.Uint64(); v > peak {
					peak = v
				}
				select {
				case <-stop:
					return
				case <-t.C:
				}
			}
		}()
	}
	cpu0 := cpuTime()
	t0 := time.Now()
	errs := 0
	for _, in := range s.inputs {
		if err := p.parse(in, withJSON); err != nil {
			errs++
		}
	}
	wall := time.Since(t0)
	cpu := cpuTime() - cpu0
	if samplePeak {
		close(stop)
		wg.Wait()
	}
	runtime.ReadMemStats(&after)
	out := sample{
		wall:    wall,
		cpu:     cpu,
		mallocs: after.Mallocs - before.Mallocs,
		alloced: after.TotalAlloc - before.TotalAlloc,
		errors:  errs,
	}
	if peak > before.HeapAlloc {
		out.peak = peak - before.HeapAlloc
	}
	return out
}

// scaling prints feedspec's time per input byte for generated feeds of
// growing size (one of each kind), each measured over about 40 MB of input,
// three ways: the same three feeds parsed again and again (the live heap is
// then only those feeds, so for small ones the collector runs every 4 MB
// allocated); distinct copies of them held in memory (every size with the
// same 40 MB live heap); and with the collector off (collected between
// passes), the parser's own cost.
func scaling(rounds int) {
	fmt.Println("\nfeedspec time per byte (parse), generated feeds, one of each kind per size, CPU ns per input byte:")
	fmt.Println()
	fmt.Println("| size | repeated feeds | distinct copies (40 MB live) | GC off | allocs/KB | B alloc/B |")
	fmt.Println("|---:|---:|---:|---:|---:|---:|")
	sizes := []int{10 << 10, 100 << 10, 1 << 20, 5 << 20, 20 << 20}
	var cols [3][]float64
	for _, size := range sizes {
		var feeds [][]byte
		for _, k := range gen.Kinds {
			feeds = append(feeds, gen.Feed(k, size))
		}
		var repeated [][]byte
		for n := 0; n < (40<<20)/(3*size)+1; n++ {
			repeated = append(repeated, feeds...)
		}
		p := parsers[0]
		measureCPU := func(s inputSet) (time.Duration, sample) {
			run(p, s, false, false)
			var cpus []time.Duration
			var first sample
			for r := 0; r < rounds; r++ {
				x := run(p, s, false, false)
				if r == 0 {
					first = x
				}
				cpus = append(cpus, x.cpu)
			}
			return median(cpus), first
		}
		rs := newSet("", repeated)
		cRep, first := measureCPU(rs)
		old := debug.SetGCPercent(-1)
		cOff, _ := measureCPU(rs)
		debug.SetGCPercent(old)
		distinct := make([][]byte, len(repeated))
		for i, f := range repeated {
			distinct[i] = bytes.Clone(f)
		}
		cDist, _ := measureCPU(newSet("", distinct))
		perByte := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(rs.bytes) }
		for i, c := range []time.Duration{cRep, cDist, cOff} {
			cols[i] = append(cols[i], perByte(c))
		}
		fmt.Printf("| %s | %.2f | %.2f | %.2f | %.2f | %.2f |\n", sizeName(size), perByte(cRep), perByte(cDist), perByte(cOff),
			float64(first.mallocs)/(float64(rs.bytes)/1024), float64(first.alloced)/float64(rs.bytes))
	}
	spread := func(v []float64) float64 { return slices.Max(v) / slices.Min(v) }
	fmt.Printf("\nlargest/smallest: repeated feeds %.2f×, distinct copies %.2f×, GC off %.2f×\n",
		spread(cols[0]), spread(cols[1]), spread(cols[2]))
}

func sizeName(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d KB", n>>10)
}

// cpuTime returns the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

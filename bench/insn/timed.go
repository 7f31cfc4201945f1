package insn

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"syscall"
	"time"
)

// Pairs are the comparisons Timed prints: a feedspec mode and the gofeed
// mode doing the same work.
var Pairs = [][2]string{
	{"feedspec parse", "gofeed parse"},
	{"feedspec parse+AppendJSON", "gofeed parse+json.Marshal"},
	{"feedspec parse as the Fetcher", "gofeed parse"},
}

// Timed measures the CPU time (user and system, every thread of the process:
// the collector's workers too) of one pass over the set for each of the
// modes, in rounds: in every round each mode makes one pass, in an order
// that alternates from round to round, after a collection. It prints each
// mode's median MB per CPU-second and, for each of Pairs, the ratio of the
// two modes' times in every round and their median. The ratio of one round
// compares passes made seconds apart, so it moves less with the speed of a
// shared machine than the times themselves do.
//
// liveMB keeps that many megabytes of small pointerful objects live while
// the modes run, as a program that holds state (a reader's caches, a
// server's sessions) does: every collection cycle marks them, so the cost
// of a cycle, and the cost of the bytes a parser allocates, rises with
// them. With 0 the live heap is the inputs only (bytes, which the collector
// does not scan).
func Timed(w io.Writer, modes []string, set, corpus string, rounds, liveMB int) int {
	inputs, reps, err := SetInputs(set, corpus)
	if err != nil {
		fmt.Fprintln(w, "cputime:", err)
		return 2
	}
	parses := make([]func([]byte) error, len(modes))
	for i, name := range modes {
		for _, m := range Modes {
			if m.Name == name {
				parses[i] = m.Make()
			}
		}
		if parses[i] == nil {
			fmt.Fprintf(w, "cputime: unknown mode %q\n", name)
			return 2
		}
	}
	passBytes := 0
	for _, in := range inputs {
		passBytes += len(in) * reps
	}
	live := makeLive(liveMB)
	pass := func(parse func([]byte) error) time.Duration {
		runtime.GC()
		t0 := cpuTime()
		for r := 0; r < reps; r++ {
			for _, in := range inputs {
				_ = parse(in)
			}
		}
		return cpuTime() - t0
	}
	for _, p := range parses { // warm-up: page faults, lazily built tables
		pass(p)
	}
	times := make([][]time.Duration, len(modes))
	for r := 0; r < rounds; r++ {
		for j := range modes {
			i := j
			if r%2 == 1 {
				i = len(modes) - 1 - j
			}
			times[i] = append(times[i], pass(parses[i]))
		}
	}
	runtime.KeepAlive(live)

	fmt.Fprintf(w, "%s, GOMAXPROCS %d; set %s (%.1f MB a pass); live heap %d MB; %d rounds\n\n",
		runtime.Version(), runtime.GOMAXPROCS(0), set, float64(passBytes)/1e6, liveMB, rounds)
	fmt.Fprintln(w, "| mode | MB per CPU-second (median) | CPU ms a pass (min–max) |")
	fmt.Fprintln(w, "|---|---:|---:|")
	for i, name := range modes {
		t := slices.Clone(times[i])
		slices.Sort(t)
		fmt.Fprintf(w, "| %s | %.1f | %.0f (%.0f–%.0f) |\n", name, float64(passBytes)/1e6/t[len(t)/2].Seconds(),
			ms(t[len(t)/2]), ms(t[0]), ms(t[len(t)-1]))
	}
	fmt.Fprintln(w)
	for _, pair := range Pairs {
		a, b := slices.Index(modes, pair[0]), slices.Index(modes, pair[1])
		if a < 0 || b < 0 {
			continue
		}
		ratios := make([]float64, rounds)
		for r := range ratios {
			ratios[r] = times[b][r].Seconds() / times[a][r].Seconds()
		}
		sorted := slices.Clone(ratios)
		slices.Sort(sorted)
		fmt.Fprintf(w, "%s / %s CPU time, by round:", pair[1], pair[0])
		for _, x := range ratios {
			fmt.Fprintf(w, " %.2f", x)
		}
		fmt.Fprintf(w, "; median **%.2f×**\n", sorted[len(sorted)/2])
	}
	return 0
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

// liveNode is one object of the live heap makeLive builds: 64 bytes, three
// pointers, as a program's state is made of.
type liveNode struct {
	next, a, b *liveNode
	payload    [5]uint64
}

// makeLive returns about mb megabytes of liveNodes linked together.
func makeLive(mb int) []*liveNode {
	n := mb << 20 / 64
	out := make([]*liveNode, 0, n)
	var prev *liveNode
	for i := 0; i < n; i++ {
		x := &liveNode{next: prev}
		if i > 0 {
			x.a = out[i/2]
		}
		out = append(out, x)
		prev = x
	}
	return out
}

// cpuTime returns the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

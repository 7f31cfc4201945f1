// Command insnchild is the process bench's instructions and cputime
// subcommands measure: it links feedspec and gofeed only (package insn says
// why). With -mode it parses one input set with one mode, -passes times,
// and prints the bytes and inputs of one pass (counted under cachegrind).
// With -time it measures the CPU time of the modes named (comma-separated)
// over the set, interleaved in rounds, and prints a table (insn.Timed).
package main

import (
	"flag"
	"os"
	"strings"

	"github.com/feedspec/feedspec/bench/insn"
)

func main() {
	corpus := flag.String("corpus", "../../shared/corpus/feeds", "directory of real feeds")
	mode := flag.String("mode", "", "the mode")
	set := flag.String("set", "", "the input set")
	passes := flag.Int("passes", 1, "passes over the set")
	timed := flag.String("time", "", "measure the CPU time of these modes (comma-separated) instead")
	rounds := flag.Int("rounds", 7, "with -time: interleaved rounds")
	live := flag.Int("live", 0, "with -time: megabytes of pointerful objects kept live")
	flag.Parse()
	if *timed != "" {
		os.Exit(insn.Timed(os.Stdout, strings.Split(*timed, ","), *set, *corpus, *rounds, *live))
	}
	os.Exit(insn.Child(*mode, *set, *corpus, *passes))
}

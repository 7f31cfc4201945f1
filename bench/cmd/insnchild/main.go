// Command insnchild is the process bench's instructions subcommand counts
// under cachegrind: it parses one input set with one mode, -passes times,
// and prints the bytes and inputs of one pass. It links feedspec and gofeed
// only (package insn says why).
package main

import (
	"flag"
	"os"

	"github.com/feedspec/feedspec/bench/insn"
)

func main() {
	corpus := flag.String("corpus", "../../shared/corpus/feeds", "directory of real feeds")
	mode := flag.String("mode", "", "the mode")
	set := flag.String("set", "", "the input set")
	passes := flag.Int("passes", 1, "passes over the set")
	flag.Parse()
	os.Exit(insn.Child(*mode, *set, *corpus, *passes))
}

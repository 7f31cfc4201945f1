package main

// The cputime subcommand times feedspec against gofeed in a process that
// links the two parsers only (cmd/insnchild, as the instructions subcommand
// counts), rather than in this one:
//
//	cd bench && go run . cputime -corpus ../../shared/corpus/feeds
//
// This program also links the article extractors, and one of their
// dependencies (a date library) keeps about 28 MB of pointerful tables live
// from start-up. Every collection cycle of a timed pass marks them, which
// adds to each parser's CPU time in proportion to the bytes it allocates and
// has nothing to do with either parser. The child measures with a live heap
// of the size asked instead (-live, comma-separated: each value is a run of
// its own), so that a figure says what live heap it was taken with: 0 (the
// inputs only) and 32 MB of small linked objects by default.

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

func cputimeMain(args []string) {
	fs := flag.NewFlagSet("cputime", flag.ExitOnError)
	corpus := fs.String("corpus", "../../shared/corpus/feeds", "directory of real feeds")
	sets := fs.String("sets", "corpus", "input sets (comma-separated; see the instructions subcommand)")
	modes := fs.String("modes", "feedspec parse,gofeed parse,feedspec parse+AppendJSON,gofeed parse+json.Marshal", "modes, comma-separated")
	rounds := fs.Int("rounds", 7, "interleaved rounds")
	live := fs.String("live", "0,32", "megabytes of pointerful objects kept live, comma-separated (a run for each)")
	fs.Parse(args)

	child, remove := buildInsnChild("cputime")
	defer remove()
	fmt.Printf("load average before: %s\n\n", loadAverage())
	for _, set := range strings.Split(*sets, ",") {
		for _, l := range strings.Split(*live, ",") {
			cmd := exec.Command(child, "-corpus", *corpus, "-set", set, "-time", *modes,
				"-rounds", fmt.Sprint(*rounds), "-live", strings.TrimSpace(l))
			cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
			if err := cmd.Run(); err != nil {
				fmt.Fprintln(os.Stderr, "cputime:", err)
				os.Exit(1)
			}
			fmt.Println()
		}
	}
	fmt.Printf("load average after: %s\n", loadAverage())
}

package main

// The recoverycost subcommand measures what recovery mode costs:
//
//	cd bench && go run . recoverycost -corpus ../../shared/corpus/feeds
//
// It parses the corpus and the generated feeds with feedspec's default mode
// and with WithRecovery, interleaved over several rounds (the harness of
// the gofeed comparison, main.go), and prints the medians and the
// recovery/default ratios.

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/bench/insn"
	"github.com/feedspec/feedspec/testdata/gen"
)

func feedspecParser(name string, opts ...feedspec.Option) parser {
	return parser{name, func(in []byte, withJSON bool) error {
		f, err := feedspec.ParseDocument(bytes.NewReader(in), opts...)
		if err != nil {
			return err
		}
		if withJSON {
			_, err = json.Marshal(f)
		}
		return err
	}}
}

func recoveryCostMain(args []string) {
	fs := flag.NewFlagSet("recoverycost", flag.ExitOnError)
	corpus := fs.String("corpus", "../../shared/corpus/feeds", "directory of real feeds")
	rounds := fs.Int("rounds", 9, "interleaved rounds per measurement")
	fs.Parse(args)
	modes := []parser{feedspecParser("default"), feedspecParser("recovery", feedspec.WithRecovery())}

	var sets []inputSet
	if in, err := insn.ReadDir(*corpus); err == nil && len(in) > 0 {
		sets = append(sets, newSet(fmt.Sprintf("corpus (%d files)", len(in)), in))
	} else {
		fmt.Fprintf(os.Stderr, "recoverycost: no corpus in %s\n", *corpus)
	}
	var generated [][]byte
	for _, k := range gen.Kinds {
		for _, size := range []int{10 << 10, 200 << 10, 1 << 20} {
			generated = append(generated, gen.Feed(k, size))
		}
	}
	sets = append(sets, newSet(fmt.Sprintf("generated (%d feeds, 10 KB–1 MB)", len(generated)), generated))

	fmt.Printf("%s, GOMAXPROCS %d, %s; %d rounds; load average before: %s\n\n",
		runtime.Version(), runtime.GOMAXPROCS(0), runtime.GOARCH, *rounds, loadAverage())
	fmt.Println("| input | mode | default MB/s | recovery MB/s | time recovery/default | CPU recovery/default | allocs recovery/default | bytes recovery/default |")
	fmt.Println("|---|---|---:|---:|---:|---:|---:|---:|")
	for _, s := range sets {
		for _, withJSON := range []bool{false, true} {
			mode := "parse"
			if withJSON {
				mode = "parse+JSON"
			}
			res := measure(modes, s, withJSON, *rounds)
			d, r := res[0], res[1]
			fmt.Printf("| %s | %s | %.1f | %.1f | %.3f× | %.3f× | %.3f× | %.3f× |\n", s.name, mode,
				d.mbps(s), r.mbps(s), r.wall.Seconds()/d.wall.Seconds(), r.cpu.Seconds()/d.cpu.Seconds(),
				float64(r.mallocs)/float64(d.mallocs), float64(r.alloced)/float64(d.alloced))
		}
	}
	fmt.Printf("\nload average after: %s\n", loadAverage())
}

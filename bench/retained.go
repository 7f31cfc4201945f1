package main

import (
	"bytes"
	"fmt"
	"os"
	"runtime"

	"github.com/mmcdole/gofeed"

	"github.com/feedspec/feedspec"
)

// retainedTable prints the heap that parsed feeds keep alive: every corpus
// feed parsed and kept in a slice, the heap measured after a collection
// before and after, for feedspec (default, and WithoutDocument) and gofeed,
// in this one process; and the size of feedspec's canonical JSON of them.
func retainedTable(dir string) {
	inputs, err := readDir(dir)
	if err != nil || len(inputs) == 0 {
		fmt.Fprintf(os.Stderr, "bench: no corpus in %s\n", dir)
		os.Exit(1)
	}
	total := 0
	for _, in := range inputs {
		total += len(in)
	}
	keep := func(parse func([]byte) any) (uint64, int) {
		runtime.GC()
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		kept := make([]any, 0, len(inputs))
		n := 0
		for _, in := range inputs {
			if v := parse(in); v != nil {
				kept = append(kept, v)
				n++
			}
		}
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(kept)
		return after.HeapAlloc - before.HeapAlloc, n
	}
	feedspecParse := func(opts ...feedspec.Option) func([]byte) any {
		return func(in []byte) any {
			if f, _ := feedspec.ParseDocument(bytes.NewReader(in), opts...); f != nil {
				return f
			}
			return nil
		}
	}
	rows := []struct {
		name  string
		parse func([]byte) any
	}{
		{"feedspec", feedspecParse()},
		{"feedspec WithoutDocument", feedspecParse(feedspec.WithoutDocument())},
		{"gofeed", func(in []byte) any {
			if f, err := gofeed.NewParser().Parse(bytes.NewReader(in)); err == nil {
				return f
			}
			return nil
		}},
	}
	fmt.Printf("%s, GOMAXPROCS %d, %s; corpus: %d files, %.1f MB\n\n", runtime.Version(), runtime.GOMAXPROCS(0), runtime.GOARCH, len(inputs), mb(total))
	fmt.Println("| parser | feeds kept | retained heap MB | bytes per input byte |")
	fmt.Println("|---|---:|---:|---:|")
	var gofeedHeap uint64
	results := make([]uint64, len(rows))
	for i, r := range rows {
		heap, n := keep(r.parse)
		results[i] = heap
		if r.name == "gofeed" {
			gofeedHeap = heap
		}
		fmt.Printf("| %s | %d | %.1f | %.2f |\n", r.name, n, mb(int(heap)), float64(heap)/float64(total))
	}
	for i, r := range rows[:2] {
		fmt.Printf("| **%s/gofeed** | | **%.2f×** | |\n", r.name, float64(results[i])/float64(gofeedHeap))
	}
	jsonBytes := 0
	for _, in := range inputs {
		if f, _ := feedspec.ParseDocument(bytes.NewReader(in)); f != nil {
			jsonBytes += len(f.AppendJSON(nil))
		}
	}
	fmt.Printf("\nfeedspec's JSON (AppendJSON) of the same feeds: %.1f MB\n", mb(jsonBytes))
}

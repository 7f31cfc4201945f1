package main

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"slices"

	"github.com/mmcdole/gofeed"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/bench/insn"
)

// retainedParser is one row of the retained-heap tables: parse returns what
// a program would keep, nil when the parser rejects the input.
type retainedParser struct {
	name  string
	parse func([]byte) any
}

// liveHeap returns the heap in use after a full collection. Two collections:
// the first empties the sync.Pools into their victim caches, the second
// frees those.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// retainedBy returns the heap that the values parse returns for inputs keep
// alive (all of them kept at once), and how many it returned.
func retainedBy(parse func([]byte) any, inputs [][]byte) (int64, int) {
	before := liveHeap()
	kept := make([]any, 0, len(inputs))
	for _, in := range inputs {
		if v := parse(in); v != nil {
			kept = append(kept, v)
		}
	}
	after := liveHeap()
	runtime.KeepAlive(kept)
	// kept's own backing array is not the parser's.
	return int64(after) - int64(before) - int64(cap(kept))*16, len(kept)
}

// readFeed makes the calls a reader makes on a parsed feed: its canonical
// JSON written, and every text read as SafeHTML, PlainText, DisplayText,
// HTML, TextContent and Node. None of what they return is kept.
func readFeed(f *feedspec.Feed) {
	_ = f.AppendJSON(nil)
	read := func(texts ...*feedspec.Text) {
		for _, t := range texts {
			if t == nil {
				continue
			}
			_ = feedspec.SafeHTML(t, "https://example.com/")
			_ = feedspec.PlainText(t)
			_ = feedspec.DisplayText(t)
			_ = t.HTML()
			_ = t.TextContent()
			_ = t.Node()
		}
	}
	read(f.Title, f.Subtitle, f.Description, f.Rights)
	for _, e := range f.Entries {
		if e == nil {
			continue
		}
		read(e.Title, e.Subtitle, e.Summary, e.Content, e.Rights)
		if e.Source != nil {
			read(e.Source.Title)
		}
	}
}

// retainedParsers are the rows of the retained-heap tables.
func retainedParsers() []retainedParser {
	feedspecParse := func(read bool, opts ...feedspec.Option) func([]byte) any {
		return func(in []byte) any {
			f, _ := feedspec.ParseDocument(bytes.NewReader(in), opts...)
			if f == nil {
				return nil
			}
			if read {
				readFeed(f)
			}
			return f
		}
	}
	return []retainedParser{
		{"feedspec", feedspecParse(false)},
		{"feedspec WithoutDocument", feedspecParse(false, feedspec.WithoutDocument())},
		{"feedspec WithoutDocument, read", feedspecParse(true, feedspec.WithoutDocument())},
		{"gofeed", func(in []byte) any {
			if f, err := gofeed.NewParser().Parse(bytes.NewReader(in)); err == nil {
				return f
			}
			return nil
		}},
	}
}

// retainedTable prints the heap that parsed feeds keep alive: every corpus
// feed parsed and kept in a slice, the heap measured after a collection
// before and after, for feedspec (default; WithoutDocument; WithoutDocument
// after a reader's calls, readFeed) and gofeed, in this one process; and
// the size of feedspec's canonical JSON of them. Then, unless perFile is
// false, the same for each file on its own (retainedPerFile).
func retainedTable(dir string, perFile bool) {
	named, err := insn.ReadNamedDir(dir)
	if err != nil || len(named) == 0 {
		fmt.Fprintf(os.Stderr, "bench: no corpus in %s\n", dir)
		os.Exit(1)
	}
	inputs := make([][]byte, len(named))
	total := 0
	for i, in := range named {
		inputs[i] = in.Data
		total += len(in.Data)
	}
	rows := retainedParsers()
	fmt.Printf("%s, GOMAXPROCS %d, %s; corpus: %d files, %.1f MB\n\n", runtime.Version(), runtime.GOMAXPROCS(0), runtime.GOARCH, len(inputs), mb(total))
	fmt.Println("| parser | feeds kept | retained heap MB | bytes per input byte |")
	fmt.Println("|---|---:|---:|---:|")
	results := make([]int64, len(rows))
	for i, r := range rows {
		heap, n := retainedBy(r.parse, inputs)
		results[i] = heap
		fmt.Printf("| %s | %d | %.1f | %.2f |\n", r.name, n, mb(int(heap)), float64(heap)/float64(total))
	}
	gofeedHeap := results[len(rows)-1]
	for i, r := range rows[:len(rows)-1] {
		fmt.Printf("| **%s / gofeed** | | **%.2f×** | |\n", r.name, float64(results[i])/float64(gofeedHeap))
	}
	jsonBytes := 0
	for _, in := range inputs {
		if f, _ := feedspec.ParseDocument(bytes.NewReader(in)); f != nil {
			jsonBytes += len(f.AppendJSON(nil))
		}
	}
	fmt.Printf("\nfeedspec's JSON (AppendJSON) of the same feeds: %.1f MB\n", mb(jsonBytes))
	if perFile {
		retainedPerFile(named, rows[1:])
	}
}

// kb formats a size in bytes as KB, MB or GB.
func kb(n int) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%d GB", n>>30)
	case n >= 1<<20:
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d KB", n>>10)
}

// layoutFloor returns the fewest bytes a parsed feed with n entries can
// keep while Feed and Entry hold their exported fields directly (the
// layout the package's API promises; docs/decisions.md#model-layout): the
// sizes of those fields, with no padding, no size-class rounding, no
// private field and nothing they point to, plus the entries' pointers.
func layoutFloor(n int) int64 {
	exported := func(t reflect.Type) int64 {
		var size int64
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() {
				size += int64(f.Type.Size())
			}
		}
		return size
	}
	return exported(reflect.TypeFor[feedspec.Feed]()) + int64(n)*(exported(reflect.TypeFor[feedspec.Entry]())+8)
}

// retainedRounds is how many times retainedPerFile measures each file with
// each parser (it takes the median): -retained-rounds.
var retainedRounds = 3

// retainedPerFile measures, for each file on its own (after a first parse
// of it, not measured), the heap that
// feedspec WithoutDocument (rows[0], and rows[1]: after a reader's calls)
// and gofeed (the last row) keep, and prints the ten files with the highest
// ratio feedspec/gofeed among those both parse.
func retainedPerFile(inputs []insn.NamedFile, rows []retainedParser) {
	type fileResult struct {
		name  string
		size  int
		heaps []int64
		floor int64 // layoutFloor of the file's feed
	}
	var results []fileResult
	for _, in := range inputs {
		r := fileResult{name: in.Name, size: len(in.Data)}
		ok := true
		for _, p := range rows {
			// A first parse, not measured: what the first use of a
			// package initializes (a charset's tables, say) is not the
			// feed's.
			if p.parse(in.Data) == nil {
				ok = false
				break
			}
			var rounds []int64
			for range retainedRounds {
				heap, n := retainedBy(p.parse, [][]byte{in.Data})
				if n == 0 {
					ok = false
					break
				}
				rounds = append(rounds, heap)
			}
			if !ok {
				break
			}
			slices.Sort(rounds)
			r.heaps = append(r.heaps, rounds[len(rounds)/2])
		}
		if ok {
			if f, _ := feedspec.ParseDocument(bytes.NewReader(in.Data), feedspec.WithoutDocument()); f != nil {
				r.floor = layoutFloor(len(f.Entries))
			}
			results = append(results, r)
		}
	}
	last := len(rows) - 1
	ratio := func(r fileResult, i int) float64 {
		return float64(r.heaps[i]) / float64(max(r.heaps[last], 1))
	}
	fmt.Printf("\nEach file on its own (median of %d; %d files both parse):\n\n", retainedRounds, len(results))
	fmt.Println("| rows | files above gofeed | worst ratio | sum KB | sum / gofeed's |")
	fmt.Println("|---|---:|---:|---:|---:|")
	var sums = make([]int64, len(rows))
	for _, r := range results {
		for i, h := range r.heaps {
			sums[i] += h
		}
	}
	for i, p := range rows[:last] {
		above, worst := 0, 0.0
		for _, r := range results {
			if ratio(r, i) > 1 {
				above++
			}
			worst = max(worst, ratio(r, i))
		}
		fmt.Printf("| %s | %d | %.2f× | %.0f | %.2f× |\n", p.name, above, worst, float64(sums[i])/1e3, float64(sums[i])/float64(sums[last]))
	}
	fmt.Printf("| %s | | | %.0f | |\n", rows[last].name, float64(sums[last])/1e3)
	// The files no layout with the public fields can bring to gofeed's.
	belowFloor, aboveAndBelowFloor := 0, 0
	for _, r := range results {
		if r.floor > r.heaps[last] {
			belowFloor++
			if ratio(r, 0) > 1 {
				aboveAndBelowFloor++
			}
		}
	}
	fmt.Printf("\nFiles whose gofeed heap is below the floor of the public layout (a Feed's exported fields, %d B, and %d B an entry: layoutFloor): %d; of the files above gofeed's in the first row, %d.\n",
		layoutFloor(0), layoutFloor(1)-layoutFloor(0), belowFloor, aboveAndBelowFloor)
	// The files above gofeed by their input's size, for the first row.
	fmt.Printf("\nThe files above gofeed's (%s) by input size:\n\n", rows[0].name)
	fmt.Println("| input | files | above gofeed | worst ratio |")
	fmt.Println("|---|---:|---:|---:|")
	for lo, hi := 0, 1<<10; lo < 1<<30; lo, hi = hi, hi*4 {
		files, above, worst := 0, 0, 0.0
		for _, r := range results {
			if lo < r.size && r.size <= hi || lo == 0 && r.size == 0 {
				files++
				if ratio(r, 0) > 1 {
					above++
				}
				worst = max(worst, ratio(r, 0))
			}
		}
		if files > 0 {
			fmt.Printf("| %s < size ≤ %s | %d | %d | %.2f× |\n", kb(lo), kb(hi), files, above, worst)
		}
	}
	// By how much the files above gofeed are above it, for each row.
	fmt.Println("\nBytes above gofeed's, of the files above it:")
	fmt.Println()
	fmt.Println("| rows | files above | ≤ 256 B | ≤ 512 B | ≤ 1 KB | ≤ 4 KB | more | median B | sum KB |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	for i, p := range rows[:last] {
		var over []int64
		for _, r := range results {
			if d := r.heaps[i] - r.heaps[last]; d > 0 {
				over = append(over, d)
			}
		}
		slices.Sort(over)
		counts := make([]int, 5)
		var sum int64
		for _, d := range over {
			sum += d
			switch {
			case d <= 256:
				counts[0]++
			case d <= 512:
				counts[1]++
			case d <= 1024:
				counts[2]++
			case d <= 4096:
				counts[3]++
			default:
				counts[4]++
			}
		}
		median := int64(0)
		if len(over) > 0 {
			median = over[len(over)/2]
		}
		fmt.Printf("| %s | %d | %d | %d | %d | %d | %d | %d | %.1f |\n", p.name, len(over), counts[0], counts[1], counts[2], counts[3], counts[4], median, float64(sum)/1e3)
	}
	// The worst ten by each feedspec row's ratio.
	for col := range last {
		slices.SortFunc(results, func(a, b fileResult) int { return cmp.Compare(ratio(b, col), ratio(a, col)) })
		fmt.Printf("\nThe ten files with the highest ratio %s / gofeed:\n\n", rows[col].name)
		fmt.Print("| file | KB |")
		for _, p := range rows {
			fmt.Printf(" %s KB |", p.name)
		}
		fmt.Println(" ratio |")
		fmt.Print("|---|---:|")
		for range rows {
			fmt.Print("---:|")
		}
		fmt.Println("---:|")
		for _, r := range results[:min(10, len(results))] {
			fmt.Printf("| %s | %.1f |", r.name, float64(r.size)/1e3)
			for _, h := range r.heaps {
				fmt.Printf(" %.1f |", float64(h)/1e3)
			}
			fmt.Printf(" %.2f× |\n", ratio(r, col))
		}
	}
}

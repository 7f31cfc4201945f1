package main

// The writers subcommand measures feedspec's writers (issue 35): the
// instructions per output byte of WriteRSS, WriteAtom and WriteJSONFeed
// over the corpus, against gorilla/feeds writing the same feeds (converted
// from gofeed's parse) and encoding/xml marshalling equivalent structs,
// counted as the instructions subcommand counts (cachegrind, one pass =
// (3 passes - 1 pass) / 2; the models are made before the first pass); and
// what other readers read of the written feeds: gofeed and Python's
// feedparser (/usr/bin/python3) must find the title, the number of entries
// and each entry's link feedspec reads back.
//
//	cd bench && go run . writers -corpus ../../shared/corpus/feeds
//	cd bench && go run . writers -readback-only

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/mmcdole/gofeed"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/bench/insn"
)

func writersMain(args []string) {
	fs := flag.NewFlagSet("writers", flag.ExitOnError)
	corpus := fs.String("corpus", "../../shared/corpus/feeds", "directory of real feeds")
	valgrind := fs.String("valgrind", "valgrind", "the valgrind command")
	jobs := fs.Int("j", 1, "cachegrind runs at once")
	readbackOnly := fs.Bool("readback-only", false, "only check what gofeed and feedparser read")
	insnOnly := fs.Bool("instructions-only", false, "only count instructions")
	modes := fs.String("modes", "", "count only the writer modes whose names start with one of these (comma-separated)")
	fs.Parse(args)
	if !*readbackOnly {
		writersInstructions(*valgrind, *corpus, *jobs, *modes)
	}
	if !*insnOnly {
		readback(*corpus)
	}
}

// writersInstructions prints the instructions per output byte of each
// writer mode over the corpus.
func writersInstructions(valgrind, corpus string, jobs int, only string) {
	self, remove := buildInsnChild("writers")
	defer remove()
	type count struct {
		insns       uint64
		bytes, errs int
		err         error
	}
	results := map[[2]any]count{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, jobs))
	for _, m := range insn.WriteModes {
		if only != "" && !slices.ContainsFunc(strings.Split(only, ","), func(p string) bool { return p != "" && strings.HasPrefix(m, p) }) {
			continue
		}
		for _, n := range []int{1, 3} {
			wg.Add(1)
			go func(mode string, passes int) {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				var c count
				c.insns, c.bytes, _, c.errs, c.err = insnRun(valgrind, self, corpus, "corpus", mode, passes)
				mu.Lock()
				results[[2]any{mode, passes}] = c
				mu.Unlock()
				fmt.Fprintf(os.Stderr, "writers: %s, %d pass(es): %d instructions (err %v)\n", mode, passes, c.insns, c.err)
			}(m, n)
		}
	}
	wg.Wait()
	fmt.Println("Writing the corpus: instructions per output byte (cachegrind, GOMAXPROCS=1, gcstoptheworld=1; one pass = (3 passes - 1 pass) / 2)")
	fmt.Println()
	fmt.Println("| writer | MB written per pass | instructions per pass | instructions/byte | errors |")
	fmt.Println("|---|---:|---:|---:|---:|")
	perByte := map[string]float64{}
	for _, m := range insn.WriteModes {
		one, three := results[[2]any{m, 1}], results[[2]any{m, 3}]
		if one.err != nil || three.err != nil {
			fmt.Printf("| %s | failed: %v %v | | | |\n", m, one.err, three.err)
			continue
		}
		pass := (float64(three.insns) - float64(one.insns)) / 2
		perByte[m] = pass / float64(one.bytes)
		fmt.Printf("| %s | %.1f | %.0f | %.1f | %d |\n", m, float64(one.bytes)/(1<<20), pass, perByte[m], one.errs)
	}
	fmt.Println()
	fmt.Println("| format | feedspec | gorilla/feeds | gorilla/feedspec | encoding/xml | encoding/xml/feedspec |")
	fmt.Println("|---|---:|---:|---:|---:|---:|")
	for _, row := range [][4]string{
		{"RSS", "feedspec WriteRSS", "gorilla/feeds WriteRss", "encoding/xml RSS"},
		{"Atom", "feedspec WriteAtom", "gorilla/feeds WriteAtom", "encoding/xml Atom"},
		{"JSON Feed", "feedspec WriteJSONFeed", "gorilla/feeds WriteJSON", ""},
	} {
		f, g, x := perByte[row[1]], perByte[row[2]], perByte[row[3]]
		line := fmt.Sprintf("| %s | %.1f | %.1f | **%.1f×** |", row[0], f, g, g/f)
		if row[3] != "" {
			line += fmt.Sprintf(" %.1f | **%.1f×** |", x, x/f)
		} else {
			line += " – | – |"
		}
		fmt.Println(line)
	}
	fmt.Println()
}

// readback writes every corpus feed in the three formats and checks what
// gofeed and feedparser read of each: the title, the number of entries and
// the entries' links, against what feedspec reads back.
func readback(corpus string) {
	files, err := insn.ReadNamedDir(corpus)
	if err != nil {
		fmt.Fprintln(os.Stderr, "writers:", err)
		os.Exit(1)
	}
	dir, err := os.MkdirTemp("", "writers")
	if err != nil {
		fmt.Fprintln(os.Stderr, "writers:", err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)
	type want struct {
		title string
		links []string
	}
	wants := map[string]want{}
	var paths []string
	formats := []struct {
		ext   string
		write func(*feedspec.Feed, *bytes.Buffer) error
		opts  []feedspec.Option
	}{
		{".rss", func(f *feedspec.Feed, b *bytes.Buffer) error { return f.WriteRSS(b) }, nil},
		{".atom", func(f *feedspec.Feed, b *bytes.Buffer) error { return f.WriteAtom(b) }, nil},
		{".json", func(f *feedspec.Feed, b *bytes.Buffer) error { return f.WriteJSONFeed(b) }, []feedspec.Option{feedspec.WithJSONFeed()}},
	}
	for _, file := range files {
		f, _ := feedspec.ParseDocument(bytes.NewReader(file.Data), feedspec.WithURL("https://example.com/feeds/feed.xml"))
		if f == nil {
			continue
		}
		for _, w := range formats {
			var b bytes.Buffer
			if err := w.write(f, &b); err != nil {
				fmt.Fprintln(os.Stderr, "writers:", err)
				os.Exit(1)
			}
			g, _ := feedspec.ParseDocument(bytes.NewReader(b.Bytes()), w.opts...)
			if g == nil {
				fmt.Fprintf(os.Stderr, "writers: %s%s not read back\n", file.Name, w.ext)
				continue
			}
			wt := want{title: strings.TrimSpace(g.Title.TextContent())}
			for _, e := range g.Entries {
				wt.links = append(wt.links, e.PageURL)
			}
			p := filepath.Join(dir, file.Name+w.ext)
			if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
				fmt.Fprintln(os.Stderr, "writers:", err)
				os.Exit(1)
			}
			wants[p] = wt
			paths = append(paths, p)
		}
	}
	type got struct {
		Title string
		Links []string
	}
	compare := func(reader string, read func(string) (got, error)) {
		diffs := map[string]int{}
		example := map[string]string{}
		for _, p := range paths {
			g, err := read(p)
			kind := strings.TrimPrefix(filepath.Ext(p), ".")
			w := wants[p]
			note := func(what string) {
				k := kind + " " + what
				diffs[k]++
				if example[k] == "" {
					example[k] = filepath.Base(p)
				}
			}
			switch {
			case err != nil:
				note("not read")
				continue
			case strings.Join(strings.Fields(g.Title), " ") != strings.Join(strings.Fields(w.title), " "):
				note("title")
			}
			if len(g.Links) != len(w.links) {
				note("entry count")
				continue
			}
			for i := range g.Links {
				if w.links[i] != "" && g.Links[i] != w.links[i] {
					note("entry links")
					break
				}
			}
		}
		fmt.Printf("%s read %d written documents: ", reader, len(paths))
		if len(diffs) == 0 {
			fmt.Println("the same title, entry count and entry links in every one")
			return
		}
		fmt.Println("differences:")
		for k, n := range diffs {
			fmt.Printf("  %s: %d (e.g. %s)\n", k, n, example[k])
		}
	}
	compare("gofeed v1.4.2", func(p string) (got, error) {
		b, err := os.ReadFile(p)
		if err != nil {
			return got{}, err
		}
		f, err := gofeed.NewParser().Parse(bytes.NewReader(b))
		if err != nil {
			return got{}, err
		}
		g := got{Title: f.Title}
		for _, it := range f.Items {
			g.Links = append(g.Links, it.Link)
		}
		return g, nil
	})
	// feedparser: one Python process over every file, one JSON line each.
	script := `
import json, sys, feedparser
for p in sys.argv[1:]:
    d = feedparser.parse(p)
    print(json.dumps({"file": p, "title": d.feed.get("title", ""), "links": [e.get("link", "") for e in d.entries]}))
`
	// feedparser 6.0 reads no JSON Feed: RSS and Atom only.
	var xmlPaths []string
	for _, p := range paths {
		if !strings.HasSuffix(p, ".json") {
			xmlPaths = append(xmlPaths, p)
		}
	}
	paths = xmlPaths
	cmd := exec.Command("/usr/bin/python3", append([]string{"-c", script}, paths...)...)
	out, err := cmd.Output()
	if err != nil {
		fmt.Printf("feedparser: not run: %v\n", err)
		return
	}
	byFile := map[string]got{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var r struct {
			File, Title string
			Links       []string
		}
		if json.Unmarshal(sc.Bytes(), &r) == nil {
			byFile[r.File] = got{Title: r.Title, Links: r.Links}
		}
	}
	compare("feedparser", func(p string) (got, error) {
		g, ok := byFile[p]
		if !ok {
			return got{}, fmt.Errorf("no answer")
		}
		return g, nil
	})
}

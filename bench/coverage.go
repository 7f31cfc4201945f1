package main

// The coverage subcommand measures how much of the corpus each parser reads:
//
//	cd bench && go run . coverage -corpus ../../shared/corpus/feeds
//
// For feedspec's default mode, feedspec's recovery mode (WithRecovery),
// gofeed and Python feedparser (run with feedparser_coverage.py), over every
// file of the corpus it counts the files giving a feed, the items found (per
// file at most the manifest's count, summed) against MANIFEST.tsv's items
// column (and against the items the files hold, where -held corrects the
// manifest's over-counts), the files the manifest gives items where none are
// found, and the items without any date. -v lists, per file, where recovery mode falls short
// of the manifest or of feedparser.

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/mmcdole/gofeed"

	"github.com/feedspec/feedspec"
)

// A coverage is what one parser made of one file.
type coverage struct {
	feed    bool // it gave a feed
	items   int
	undated int // items with neither a published nor an updated date
}

// A coverageParser reads one file.
type coverageParser struct {
	name  string
	parse func(data []byte) coverage
}

func feedspecCoverage(opts ...feedspec.Option) func([]byte) coverage {
	return func(data []byte) coverage {
		f, _ := feedspec.ParseDocument(bytes.NewReader(data), opts...)
		if f == nil {
			return coverage{}
		}
		c := coverage{feed: true, items: len(f.Entries)}
		for _, e := range f.Entries {
			if e.Published == nil && e.Updated == nil {
				c.undated++
			}
		}
		return c
	}
}

var coverageParsers = []coverageParser{
	{"feedspec (default)", feedspecCoverage()},
	{"feedspec (recovery)", feedspecCoverage(feedspec.WithRecovery())},
	{"gofeed", func(data []byte) coverage {
		f, err := gofeed.NewParser().Parse(bytes.NewReader(data))
		if err != nil || f == nil {
			return coverage{}
		}
		c := coverage{feed: true, items: len(f.Items)}
		for _, it := range f.Items {
			if it.PublishedParsed == nil && it.UpdatedParsed == nil {
				c.undated++
			}
		}
		return c
	}},
}

func coverageMain(args []string) {
	fs := flag.NewFlagSet("coverage", flag.ExitOnError)
	corpus := fs.String("corpus", "../../shared/corpus/feeds", "directory of feeds")
	manifest := fs.String("manifest", "", "MANIFEST.tsv (default: ../MANIFEST.tsv beside the corpus directory)")
	python := fs.String("python", "/usr/bin/python3", "Python with feedparser (\"\" to leave feedparser out)")
	verbose := fs.Bool("v", false, "list the files where recovery mode falls short")
	held := fs.String("held", "nodefp__illegally-nested.xml=10,kdesyn__javaworld.xml=10,rssreader__opensearch-example1.xml=1,rssreader__opensearch-example2.xml=1",
		"file=n,...: the items files hold where the manifest over-counts (nested <item />, <item> in comments)")
	fs.Parse(args)
	if *manifest == "" {
		*manifest = filepath.Join(filepath.Dir(filepath.Clean(*corpus)), "MANIFEST.tsv")
	}
	want, err := readManifestItems(*manifest)
	if err != nil {
		fmt.Fprintln(os.Stderr, "coverage:", err)
		os.Exit(1)
	}
	entries, err := os.ReadDir(*corpus)
	if err != nil {
		fmt.Fprintln(os.Stderr, "coverage:", err)
		os.Exit(1)
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)

	parsers := coverageParsers
	results := make([]map[string]coverage, len(parsers))
	for i := range results {
		results[i] = map[string]coverage{}
	}
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(*corpus, name))
		if err != nil {
			fmt.Fprintln(os.Stderr, "coverage:", err)
			os.Exit(1)
		}
		for i, p := range parsers {
			results[i][name] = p.parse(data)
		}
	}
	if *python != "" {
		fp, err := feedparserCoverage(*python, *corpus)
		if err != nil {
			fmt.Fprintln(os.Stderr, "coverage: feedparser left out:", err)
		} else {
			parsers = append(parsers, coverageParser{name: "feedparser"})
			results = append(results, fp)
		}
	}

	holds := map[string]int{}
	for name, n := range want {
		holds[name] = n
	}
	for _, kv := range strings.Split(*held, ",") {
		if kv == "" {
			continue
		}
		name, n, ok := strings.Cut(kv, "=")
		v, err := strconv.Atoi(n)
		if !ok || err != nil {
			fmt.Fprintf(os.Stderr, "coverage: -held: bad %q\n", kv)
			os.Exit(2)
		}
		holds[name] = v
	}
	total, totalHeld := 0, 0
	for _, name := range names {
		total += want[name]
		totalHeld += holds[name]
	}
	fmt.Printf("%d files; the manifest counts %d items\n\n", len(names), total)
	fmt.Print("| |")
	for _, p := range parsers {
		fmt.Printf(" %s |", p.name)
	}
	fmt.Print("\n|---|")
	for range parsers {
		fmt.Print("---:|")
	}
	fmt.Println()
	row := func(label string, f func(name string, c coverage) int, pct bool) {
		fmt.Printf("| %s |", label)
		for i := range parsers {
			n := 0
			for _, name := range names {
				n += f(name, results[i][name])
			}
			if pct {
				fmt.Printf(" %s (%.1f%%) |", thousands(n), 100*float64(n)/float64(total))
			} else {
				fmt.Printf(" %s |", thousands(n))
			}
		}
		fmt.Println()
	}
	row("files giving a feed", func(_ string, c coverage) int { return b2i(c.feed) }, false)
	row(fmt.Sprintf("items found, of the manifest's %s", thousands(total)), func(name string, c coverage) int {
		return min(c.items, want[name])
	}, true)
	row(fmt.Sprintf("items found, of the %s the files hold (-held)", thousands(totalHeld)), func(name string, c coverage) int {
		return min(c.items, holds[name])
	}, false)
	row("items found (not capped by the manifest)", func(_ string, c coverage) int { return c.items }, false)
	row("feed files with items where it finds none", func(name string, c coverage) int {
		return b2i(want[name] > 0 && c.items == 0)
	}, false)
	row("items without any date", func(_ string, c coverage) int { return c.undated }, false)

	if *verbose {
		fmt.Println()
		fmt.Println("file\tmanifest\t" + strings.Join(parserNames(parsers), "\t") + "\t(items/undated)")
		rec := 1
		fpIndex := -1
		if len(parsers) == len(coverageParsers)+1 {
			fpIndex = len(parsers) - 1
		}
		for _, name := range names {
			r := results[rec][name]
			short := r.items < want[name] || !r.feed
			if fpIndex >= 0 {
				fp := results[fpIndex][name]
				short = short || min(r.items, want[name]) < min(fp.items, want[name]) || r.undated > fp.undated
			}
			if !short {
				continue
			}
			fmt.Printf("%s\t%d", name, want[name])
			for i := range parsers {
				c := results[i][name]
				mark := ""
				if !c.feed {
					mark = "-" // no feed
				}
				fmt.Printf("\t%s%d/%d", mark, c.items, c.undated)
			}
			fmt.Println()
		}
	}
}

func parserNames(ps []coverageParser) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.name)
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// thousands writes n with comma separators.
func thousands(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// readManifestItems reads the items column of MANIFEST.tsv, by file name.
func readManifestItems(path string) (map[string]int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(lines) == 0 {
		return nil, fmt.Errorf("%s is empty", path)
	}
	header := strings.Split(lines[0], "\t")
	col := -1
	for i, h := range header {
		if h == "items" {
			col = i
		}
	}
	if col < 0 || header[0] != "file" {
		return nil, fmt.Errorf("%s: no file or items column", path)
	}
	out := map[string]int{}
	for i, line := range lines[1:] {
		f := strings.Split(line, "\t")
		if len(f) <= col {
			return nil, fmt.Errorf("%s:%d: %d columns", path, i+2, len(f))
		}
		n, err := strconv.Atoi(f[col])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: items %q: %v", path, i+2, f[col], err)
		}
		out[f[0]] = n
	}
	return out, nil
}

// feedparserCoverage runs feedparser_coverage.py over the corpus.
func feedparserCoverage(python, corpus string) (map[string]coverage, error) {
	cmd := exec.Command(python, "feedparser_coverage.py", corpus)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, err
	}
	res := map[string]coverage{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 4 {
			return nil, fmt.Errorf("feedparser_coverage.py: bad line %q", sc.Text())
		}
		items, err1 := strconv.Atoi(f[2])
		undated, err2 := strconv.Atoi(f[3])
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("feedparser_coverage.py: bad line %q", sc.Text())
		}
		res[f[0]] = coverage{feed: f[1] != "", items: items, undated: undated}
	}
	return res, sc.Err()
}

package main

// The article subcommand measures the article module on the public article
// extraction benchmark:
//
//	cd bench && go run . article -dir ../../shared/article-benchmark
//
// It prints, for article.Extract (default, and WithLinksAndImages) and for
// the two extractors it builds on used alone as their packages ship them
// (go-trafilatura's Extract with its fallback extractors on and comments
// excluded; readeck/go-readability's FromReader, its text rendered), the
// benchmark's figures (articlebench) and the throughput over all pages:
// pages and MB of HTML per second (wall clock, median of -rounds passes, and
// per CPU second), bytes allocated per input byte, and the peak heap during
// a pass (sampled every 100µs, above the heap before it).

import (
	"bytes"
	"flag"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	readability "codeberg.org/readeck/go-readability/v2"
	trafilatura "github.com/markusmobius/go-trafilatura"

	"github.com/feedspec/feedspec/article"
	"github.com/feedspec/feedspec/article/articlebench"
)

// An extractor returns the plain text of a page's article.
type extractor struct {
	name    string
	extract func(page []byte, pageURL string) (string, error)
}

var extractors = []extractor{
	{"article.Extract", func(page []byte, pageURL string) (string, error) {
		a, err := article.Extract(bytes.NewReader(page), pageURL)
		if err != nil {
			return "", err
		}
		return a.Text, nil
	}},
	{"article.Extract WithLinksAndImages", func(page []byte, pageURL string) (string, error) {
		a, err := article.Extract(bytes.NewReader(page), pageURL, article.WithLinksAndImages())
		if err != nil {
			return "", err
		}
		return a.Text, nil
	}},
	{"go-trafilatura alone", func(page []byte, pageURL string) (string, error) {
		u, _ := url.Parse(pageURL)
		res, err := trafilatura.Extract(bytes.NewReader(page), trafilatura.Options{
			OriginalURL: u, EnableFallback: true, ExcludeComments: true,
		})
		if err != nil {
			return "", err
		}
		return res.ContentText, nil
	}},
	{"readeck/go-readability alone", func(page []byte, pageURL string) (string, error) {
		u, _ := url.Parse(pageURL)
		a, err := readability.FromReader(bytes.NewReader(page), u)
		if err != nil {
			return "", err
		}
		var b strings.Builder
		if err := a.RenderText(&b); err != nil {
			return "", err
		}
		return b.String(), nil
	}},
}

func articleMain(args []string) {
	fs := flag.NewFlagSet("article", flag.ExitOnError)
	dir := fs.String("dir", "../../shared/article-benchmark", "the article extraction benchmark")
	rounds := fs.Int("rounds", 3, "timed passes per extractor (0: scores only)")
	only := fs.String("only", "", "measure only the extractors whose name contains this")
	fs.Parse(args)

	pages, err := articlebench.Load(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench article:", err)
		os.Exit(1)
	}
	inputs := make([][]byte, len(pages))
	for i := range pages {
		if inputs[i], err = pages[i].HTML(); err != nil {
			fmt.Fprintln(os.Stderr, "bench article:", err)
			os.Exit(1)
		}
	}
	set := newSet("article benchmark", inputs)
	fmt.Printf("%d pages, %.1f MB of HTML; load average %s\n\n", len(pages), mb(set.bytes), loadAverage())
	fmt.Println("| extractor | F1 | precision | recall | accuracy | errors | pages/s | MB/s | MB/CPU-s | B alloc / B | peak heap MB |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|")
	for _, x := range extractors {
		if *only != "" && !strings.Contains(x.name, *only) {
			continue
		}
		scores := make([]articlebench.Score, len(pages))
		errs := 0
		for i, p := range pages {
			text, err := x.extract(inputs[i], p.URL)
			if err != nil {
				errs++
			}
			scores[i] = articlebench.Compare(p.Truth, text)
		}
		res := articlebench.Aggregate(scores)

		if *rounds <= 0 {
			fmt.Printf("| %s | %.3f | %.3f | %.3f | %.3f | %d | | | | | |\n",
				x.name, res.F1, res.Precision, res.Recall, res.Accuracy, errs)
			continue
		}
		// run (main.go) calls parse once per input, in order.
		next := 0
		p := parser{name: x.name, parse: func(in []byte, _ bool) error {
			_, err := x.extract(in, pages[next%len(pages)].URL)
			next++
			return err
		}}
		var walls, cpus []time.Duration
		var s sample
		for r := 0; r < *rounds; r++ {
			s = run(p, set, false, false)
			walls, cpus = append(walls, s.wall), append(cpus, s.cpu)
		}
		wall, cpu := median(walls), median(cpus)
		peak := run(p, set, false, true).peak
		fmt.Printf("| %s | %.3f | %.3f | %.3f | %.3f | %d | %.1f | %.2f | %.2f | %.1f | %.1f |\n",
			x.name, res.F1, res.Precision, res.Recall, res.Accuracy, errs,
			float64(len(pages))/wall.Seconds(), mb(set.bytes)/wall.Seconds(), mb(set.bytes)/cpu.Seconds(),
			float64(s.alloced)/float64(set.bytes), float64(peak)/1e6)
	}
}

package main

import (
	"fmt"
	"os"

	"github.com/feedspec/feedspec/opml"
)

// opmlFeeds returns the feed URLs of the OPML subscription list at path,
// in the order the list names them (a feed filed in two folders twice:
// unique keeps one). A list cut short by a limit is an error, rather than
// a poller that silently polls part of it.
func opmlFeeds(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := opml.Parse(f)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	var urls []string
	for _, s := range doc.Subscriptions() {
		urls = append(urls, s.FeedURL)
	}
	if len(urls) == 0 {
		return nil, fmt.Errorf("%s names no feed with an http or https URL", path)
	}
	return urls, nil
}

// unique returns urls without repetitions, each where it first appears.
func unique(urls []string) []string {
	seen := map[string]bool{}
	out := urls[:0:0]
	for _, u := range urls {
		if !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	return out
}

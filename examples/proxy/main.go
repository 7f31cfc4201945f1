// Command proxy serves a stranger's feed again with the full text of each
// entry's article: a full-text feed proxy. It fetches the feed, fetches the
// page of every entry that carries only a teaser (article.NeedsFetch) and
// puts the page's article text in the entry's content, then serves the
// feed, made safe to republish (feedspec.Feed.Sanitized), as Atom at /atom
// and as RSS at /rss.
//
// Usage:
//
//	go run ./examples/proxy [-addr localhost:8080] [-max 20] FEED-URL
//
// Both the feed and the article pages are fetched with clients that refuse
// the reader's own networks (feedspec.Fetcher's and article.Fetch's
// defaults); -max bounds the pages fetched for one request.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"time"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/article"
)

func main() {
	addr := flag.String("addr", "localhost:8080", "the address to serve on")
	maxPages := flag.Int("max", 20, "the most article pages fetched for one request")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: proxy [-addr HOST:PORT] [-max N] FEED-URL")
		os.Exit(2)
	}
	p := &Proxy{FeedURL: flag.Arg(0), Fetcher: &feedspec.Fetcher{}, MaxPages: *maxPages}
	log.Printf("serving %s as Atom at http://%s/atom and as RSS at http://%s/rss", p.FeedURL, *addr, *addr)
	log.Fatal(http.ListenAndServe(*addr, p))
}

// A Proxy serves FeedURL's feed with its entries' article text.
type Proxy struct {
	FeedURL string
	// Fetcher fetches the feed; ArticleClient the article pages (nil:
	// article.Fetch's guarded client).
	Fetcher       *feedspec.Fetcher
	ArticleClient *http.Client
	// MaxPages bounds the article pages fetched for one request.
	MaxPages int
}

// ServeHTTP answers /atom and /rss.
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var write func(*feedspec.Feed) error
	switch r.URL.Path {
	case "/atom":
		w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
		write = func(f *feedspec.Feed) error { return f.WriteAtom(w) }
	case "/rss":
		w.Header().Set("Content-Type", "application/rss+xml; charset=utf-8")
		write = func(f *feedspec.Feed) error { return f.WriteRSS(w) }
	default:
		http.NotFound(w, r)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), time.Minute)
	defer cancel()
	feed, err := p.fullText(ctx)
	if err != nil {
		w.Header().Del("Content-Type")
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	if err := write(feed); err != nil {
		log.Printf("proxy: %v", err)
	}
}

// fullText fetches the feed and the articles of its teasers, and returns
// the feed made safe to republish.
func (p *Proxy) fullText(ctx context.Context) (*feedspec.Feed, error) {
	res, err := p.Fetcher.Fetch(ctx, p.FeedURL, nil)
	if err != nil {
		return nil, err
	}
	feed := res.Feed
	fetched := 0
	for _, e := range feed.Entries {
		if fetched == p.MaxPages || !article.NeedsFetch(e) {
			continue
		}
		fetched++
		a, err := article.Fetch(ctx, p.ArticleClient, e.PageURL)
		if err != nil || a.Body == nil {
			continue // the teaser stays
		}
		if e.Content != nil && e.Summary == nil {
			e.Summary = e.Content // the teaser becomes the summary
		}
		e.Content = a.Body
	}
	return feed.Sanitized(res.URL), nil
}

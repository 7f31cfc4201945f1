package main

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/feedspec/feedspec/article"
)

// showArticle prints the title and plain text of the article on the page
// src (a URL, fetched with article.Fetch, or a file or standard input
// whose URL is baseURL), then a line with its word count.
func showArticle(ctx context.Context, client *http.Client, src, baseURL string, stdin io.Reader, stdout io.Writer) error {
	var a *article.Article
	var err error
	if isURL(src) {
		a, err = article.Fetch(ctx, client, src)
	} else {
		r, oerr := openSource(src, stdin)
		if oerr != nil {
			return oerr
		}
		defer r.Close()
		a, err = article.ExtractContext(ctx, r, baseURL)
	}
	if err != nil {
		return err
	}
	if a.Title != "" {
		fmt.Fprintf(stdout, "%s\n\n", a.Title)
	}
	if a.Text == "" {
		fmt.Fprintln(stdout, "(no article text found)")
		return nil
	}
	fmt.Fprintf(stdout, "%s\n\n(%d words)\n", a.Text, a.WordCount)
	return nil
}

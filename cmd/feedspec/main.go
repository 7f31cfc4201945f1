// Command feedspec reads a feed from a file, a URL or standard input and
// prints it as a readable listing (the feed's title, then each entry's
// title, date, link, and for a podcast episode its audio file and duration)
// or as the library's canonical JSON; with -discover it lists the feeds an
// HTML page links to instead.
//
// Usage:
//
//	feedspec [-json | -normalized] [-strict] [-url URL] [-timeout D] [-allow-private] SOURCE
//	feedspec -rss | -atom | -jsonfeed [-strict] [-url URL] [-timeout D] [-allow-private] SOURCE
//	feedspec -discover [-url URL] [-timeout D] [-allow-private] SOURCE
//	feedspec -article [-url URL] [-timeout D] [-allow-private] SOURCE
//	feedspec -opml [-url URL] FILE
//
// SOURCE is a file name, an http or https URL (fetched with a GET and
// parsed with feedspec.ParseResponse, following redirects), or "-" for
// standard input. -url gives the URL of a file or of standard input, the
// base for its relative links (a fetched URL's base is its final URL).
//
// A URL is fetched only from public internet addresses, as a hosted
// reader must (through feedspec.GuardTransport, with -article too): a URL,
// or a redirect, to loopback (localhost), a private network or a
// link-local address such as the cloud metadata service is refused with
// an error. -allow-private lifts the refusal, for feeds and pages on your
// own machine or network.
//
// Feeds are read in recovery mode (feedspec.WithRecovery: the feeds other
// readers forgive are read, and nothing is invented) and JSON Feeds are read
// too, unless -strict asks for the Feed Parsing specification's exact
// answer.
//
// With -rss, -atom or -jsonfeed, the feed is written as RSS 2.0, Atom 1.0
// or JSON Feed 1.1 (Feed.WriteRSS, WriteAtom, WriteJSONFeed): the command
// converts between the formats.
//
// With -normalized, the feed's entries are printed as a JSON array of
// feedspec.NormalizedEntry values (Entry.Normalized: what a reader shows
// and stores for each entry), indented.
//
// With -discover, when the page links to no feed and its URL is known, the
// common feed locations to try are printed instead (they are not fetched).
// At most feedspec.MaxDiscoverBytes (16 MiB) of the page is read: the
// feeds of a longer page found in those bytes are printed, then the error.
// A page read from a file or standard input without -url has no base for
// its relative links: the command says how many it could not resolve and
// asks for -url rather than reporting that the page links to no feed.
// With -article, SOURCE is a web page: its article's title and text, as
// the article module extracts them, are printed. With -opml, FILE (or "-")
// is an OPML subscription list: its feeds are listed, one a line, with their
// titles and folders (opml.go).
//
// Errors go to standard error, each message starting with "feedspec: ".
// When a URL given as a feed serves an HTML page, the feeds the page links
// to are listed after the error.
//
// Exit status:
//
//	0  success
//	1  the source cannot be read, is not a feed (or, with -discover, links
//	   to no feed that can be listed), or another error
//	2  usage error (unknown flag, wrong number of arguments)
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/feedspec/feedspec"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, nil))
}

// run is the command with its arguments (without the program name) and its
// standard streams; it returns the exit status. client, when not nil, is
// the HTTP client for URLs, used as it is (a test's); nil gives the
// command's own, guarded unless -allow-private.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer, client *http.Client) int {
	fs := flag.NewFlagSet("feedspec", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the feed as indented canonical JSON")
	normalized := fs.Bool("normalized", false, "print the entries as reader-ready JSON (Entry.Normalized)")
	discover := fs.Bool("discover", false, "list the feeds an HTML page links to")
	articleMode := fs.Bool("article", false, "print the title and text of the article on a web page")
	baseURL := fs.String("url", "", "the URL of a file or of standard input (base for relative links)")
	timeout := fs.Duration("timeout", 30*time.Second, "time limit for fetching a URL")
	strict := fs.Bool("strict", false, "the specification's exact answer: no recovery mode, no JSON Feed")
	allowPrivate := fs.Bool("allow-private", false, "fetch from loopback, private networks and link-local addresses too\n(refused by default, URL and redirects alike)")
	opmlMode := fs.Bool("opml", false, "list the subscriptions of an OPML file")
	convert := addConvertFlags(fs) // convert.go
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: feedspec [-json | -normalized | -rss | -atom | -jsonfeed | -discover | -article | -opml] [-strict] [-url URL] [-timeout D] [-allow-private] FILE|URL|-")
		fs.PrintDefaults()
		fmt.Fprintln(stderr, "URLs are fetched from public internet addresses only, unless -allow-private.")
		fmt.Fprintln(stderr, "exit status: 0 ok, 1 not a feed or an error, 2 usage error")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() != 1 || *asJSON && *discover || *articleMode && (*asJSON || *discover) ||
		*normalized && (*asJSON || *discover || *articleMode) ||
		*opmlMode && (*asJSON || *discover || *articleMode || *normalized) ||
		convert.conflicts(*asJSON || *normalized || *discover || *articleMode || *opmlMode) {
		fs.Usage()
		return 2
	}
	src := fs.Arg(0)
	if client == nil {
		client = newClient(*allowPrivate)
	}

	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	var err error
	if *opmlMode {
		err = listOPML(src, *baseURL, stdin, stdout, stderr) // opml.go
	} else if *articleMode {
		err = showArticle(ctx, client, src, *baseURL, stdin, stdout)
	} else if *discover {
		err = discoverFeeds(ctx, client, src, *baseURL, stdin, stdout, stderr)
	} else {
		err = showFeed(ctx, client, src, *baseURL, *asJSON, *normalized, *strict, convert.format(), stdin, stdout)
	}
	if err != nil {
		printError(stderr, err)
		return 1
	}
	return 0
}

// printError writes err to stderr, starting with "feedspec: " once (the
// library's errors carry it already), then, for an HTML page given where a
// feed was expected, the feeds the page links to.
func printError(stderr io.Writer, err error) {
	msg := err.Error()
	if !strings.HasPrefix(msg, "feedspec: ") {
		msg = "feedspec: " + msg
	}
	fmt.Fprintln(stderr, msg)
	var page *feedspec.HTMLPageError
	if errors.As(err, &page) && len(page.Feeds) > 0 {
		fmt.Fprintln(stderr, "feedspec: the page links to these feeds:")
		for _, f := range page.Feeds {
			fmt.Fprintln(stderr, "  "+f.URL)
		}
	}
}

// newClient returns the client the command fetches feeds and pages
// (articles too) with: one whose transport refuses to connect to addresses
// that are not public (feedspec.GuardTransport), for the URL and every
// redirect, unless allowPrivate. Its time limit is the context's
// (-timeout).
func newClient(allowPrivate bool) *http.Client {
	if allowPrivate {
		return &http.Client{}
	}
	return &http.Client{Transport: feedspec.GuardTransport(nil)}
}

// isURL reports whether src names an http or https URL rather than a file.
func isURL(src string) bool {
	l := strings.ToLower(src)
	return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://")
}

// get fetches rawURL; the caller closes the response body.
func get(ctx context.Context, client *http.Client, rawURL, accept string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", feedspec.DefaultUserAgent)
	req.Header.Set("Accept", accept)
	return client.Do(req)
}

// openSource opens a file or standard input ("-").
func openSource(src string, stdin io.Reader) (io.ReadCloser, error) {
	if src == "-" {
		return io.NopCloser(stdin), nil
	}
	return os.Open(src)
}

func showFeed(ctx context.Context, client *http.Client, src, baseURL string, asJSON, normalized, strict bool, convertTo string, stdin io.Reader, stdout io.Writer) error {
	var feed *feedspec.Feed
	var err error
	// The command never reads the document's tree.
	opts := []feedspec.Option{feedspec.WithoutDocument()}
	if !strict {
		opts = append(opts, feedspec.WithJSONFeed(), feedspec.WithRecovery())
	}
	if isURL(src) {
		accept := feedspec.DefaultAccept
		if strict {
			accept = strings.Replace(accept, " application/feed+json,", "", 1)
		}
		res, gerr := get(ctx, client, src, accept)
		if gerr != nil {
			return gerr
		}
		feed, err = feedspec.ParseResponse(res, opts...) // closes the body
	} else {
		r, oerr := openSource(src, stdin)
		if oerr != nil {
			return oerr
		}
		defer r.Close()
		if baseURL != "" {
			opts = append(opts, feedspec.WithURL(baseURL))
		}
		feed, err = feedspec.ParseDocument(r, opts...)
	}
	if feed == nil {
		if err == nil {
			err = errors.New("no feed")
		}
		return err
	}
	// A feed cut short by a read error is still printed, then the error
	// reported.
	if convertTo != "" {
		if werr := writeConverted(stdout, feed, convertTo); werr != nil { // convert.go
			return werr
		}
		return err
	}
	if asJSON {
		if werr := writeJSON(stdout, feed); werr != nil {
			return werr
		}
		return err
	}
	if normalized {
		if werr := writeNormalized(stdout, feed); werr != nil { // normalized.go
			return werr
		}
		return err
	}
	writeListing(stdout, feed)
	return err
}

// writeJSON writes the feed's canonical JSON, indented, streamed entry by
// entry (Feed.WriteJSON through an indentWriter).
func writeJSON(w io.Writer, feed *feedspec.Feed) error {
	iw := newIndentWriter(w)
	if err := feed.WriteJSON(iw); err != nil {
		return err
	}
	return iw.Close()
}

// writeListing writes the feed's title and page, then per entry its title,
// date (published, else updated, in UTC), link, and audio file with its
// duration. Titles are shown as feedspec.DisplayText gives them.
func writeListing(w io.Writer, feed *feedspec.Feed) {
	title := feedspec.DisplayText(feed.Title)
	if title == "" {
		title = "(untitled feed)"
	}
	fmt.Fprintln(w, title)
	if feed.PageURL != "" {
		fmt.Fprintln(w, feed.PageURL)
	}
	for _, e := range feed.Entries {
		fmt.Fprintln(w)
		t := strings.ReplaceAll(feedspec.DisplayText(e.Title), "\n", " ")
		if t == "" {
			t = "(untitled)"
		}
		fmt.Fprintln(w, "* "+t)
		d := e.Published
		if d == nil {
			d = e.Updated
		}
		if d != nil {
			fmt.Fprintln(w, "  "+d.UTC().Format("2006-01-02 15:04 MST"))
		} else {
			fmt.Fprintln(w, "  (no date)")
		}
		if e.PageURL != "" {
			fmt.Fprintln(w, "  "+e.PageURL)
		}
		if line := audioLine(e); line != "" {
			fmt.Fprintln(w, "  "+line)
		}
	}
}

// audioLine describes the entry's audio file: "audio: URL (type, size)
// duration", each part present when known; "" when the entry has no audio
// enclosure and no duration. The duration is the entry's (itunes:duration),
// else the enclosure's (Media RSS).
func audioLine(e *feedspec.Entry) string {
	enc := e.AudioEnclosure()
	d := e.Duration
	if d == nil && enc != nil {
		d = enc.Duration
	}
	var parts []string
	if enc != nil {
		parts = append(parts, "audio: "+enc.URL)
		var about []string
		if enc.MIMEType != nil && *enc.MIMEType != "" {
			about = append(about, *enc.MIMEType)
		}
		if enc.Length != nil {
			about = append(about, formatSize(*enc.Length))
		}
		if len(about) > 0 {
			parts = append(parts, "("+strings.Join(about, ", ")+")")
		}
	}
	if d != nil {
		if enc == nil {
			parts = append(parts, "duration")
		}
		parts = append(parts, formatDuration(*d))
	}
	return strings.Join(parts, " ")
}

// formatDuration writes d as H:MM:SS, or M:SS under an hour.
func formatDuration(d time.Duration) string {
	s := int64(d / time.Second)
	h, m, sec := s/3600, s/60%60, s%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, sec)
	}
	return fmt.Sprintf("%d:%02d", m, sec)
}

// formatSize writes a byte count in decimal units (kB, MB, GB).
func formatSize(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.1f GB", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d bytes", n)
}

// relativeProbe is the page URL discoverFeeds resolves relative links
// against only to count them when the page's URL is not known.
const relativeProbe = "https://relative.invalid/"

func discoverFeeds(ctx context.Context, client *http.Client, src, pageURL string, stdin io.Reader, stdout, stderr io.Writer) error {
	var body io.ReadCloser
	if isURL(src) {
		res, err := get(ctx, client, src, "text/html, application/xhtml+xml;q=0.9, */*;q=0.1")
		if err != nil {
			return err
		}
		if res.StatusCode != http.StatusOK {
			res.Body.Close()
			return fmt.Errorf("%s: %s", src, res.Status)
		}
		body = res.Body
		pageURL = res.Request.URL.String() // after redirects
	} else {
		r, err := openSource(src, stdin)
		if err != nil {
			return err
		}
		body = r
	}
	defer body.Close()
	// DiscoverFeeds reads no more than MaxDiscoverBytes; one byte more
	// tells it that the page is longer.
	page, err := io.ReadAll(io.LimitReader(body, feedspec.MaxDiscoverBytes+1))
	if err != nil {
		return err
	}
	feeds, err := feedspec.DiscoverFeeds(bytes.NewReader(page), pageURL)
	if err != nil && !errors.Is(err, feedspec.ErrLimit) {
		return err
	}
	// A limit reached (a page too long, too many links that may be
	// feeds): the feeds found are printed, then the error.
	limitErr := err
	// Without the page's URL, links by relative URL are left out: count
	// them by resolving against a placeholder, to say so.
	relative := 0
	if pageURL == "" {
		if all, err := feedspec.DiscoverFeeds(bytes.NewReader(page), relativeProbe); err == nil || errors.Is(err, feedspec.ErrLimit) {
			relative = len(all) - len(feeds)
		}
	}
	for _, f := range feeds {
		line := f.URL
		if f.Type != "" {
			line += "  " + f.Type
		}
		if f.Title != "" {
			line += "  " + fmt.Sprintf("%q", f.Title)
		}
		fmt.Fprintln(stdout, line)
	}
	if relative > 0 {
		if len(feeds) == 0 && limitErr == nil {
			return fmt.Errorf("the page links to feeds by relative URLs only (%d), which need the page's URL: give it with -url", relative)
		}
		fmt.Fprintf(stderr, "feedspec: %d more feed links are relative URLs, which need the page's URL: give it with -url\n", relative)
	}
	if limitErr != nil {
		return limitErr
	}
	if len(feeds) == 0 {
		if pageURL == "" {
			return errors.New("the page links to no feed")
		}
		urls, err := feedspec.CommonFeedURLs(pageURL)
		if err != nil {
			return fmt.Errorf("the page links to no feed (%v)", err)
		}
		fmt.Fprintln(stdout, "# The page links to no feed. Common feed locations to try:")
		for _, u := range urls {
			fmt.Fprintln(stdout, u)
		}
	}
	return nil
}

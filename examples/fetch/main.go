// Command fetch fetches the feed at a URL and prints it as indented JSON.
//
// Usage:
//
//	go run ./examples/fetch [-timeout 30s] [-user-agent agent] [-allow-private] URL
//
// It uses feedspec.Fetcher, so the request asks for feed types and the
// response goes through feedspec.ParseResponse: its Content-Type (with MIME
// sniffing), its charset and its final URL after redirects are all taken
// into account. Like the Fetcher, it refuses to connect to loopback and
// private networks (a feed at http://localhost:8080/, or a redirect there)
// unless -allow-private is given.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/feedspec/feedspec"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the command with the arguments args and returns its exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fetch", flag.ContinueOnError)
	fs.SetOutput(stderr)
	timeout := fs.Duration("timeout", 30*time.Second, "give up after this long")
	userAgent := fs.String("user-agent", "", "the User-Agent header (default "+fmt.Sprintf("%q", feedspec.DefaultUserAgent)+")")
	allowPrivate := fs.Bool("allow-private", false, "connect to loopback and private networks too")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: fetch [-timeout 30s] [-user-agent agent] [-allow-private] URL")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}

	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	f := &feedspec.Fetcher{UserAgent: *userAgent, AllowPrivateNetworks: *allowPrivate}
	res, err := f.Fetch(ctx, fs.Arg(0), nil)
	if err != nil {
		fmt.Fprintln(stderr, "fetch:", err)
		return 1
	}
	out, err := json.MarshalIndent(res.Feed, "", "  ")
	if err != nil {
		fmt.Fprintln(stderr, "fetch: encoding the feed as JSON:", err)
		return 1
	}
	out = append(out, '\n')
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintln(stderr, "fetch:", err)
		return 1
	}
	return 0
}

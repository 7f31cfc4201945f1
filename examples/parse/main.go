// Command parse reads a feed document from a file (or standard input) and
// prints its canonical JSON, indented.
//
// Usage:
//
//	go run ./examples/parse [-url URL] [-charset LABEL] [FILE]
//
// -url gives the document's URL, against which relative URLs are parsed
// (without it they are null); -charset gives the transport's encoding label.
// When the document is not a feed, parse prints null and the reason, and
// exits with status 1.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/feedspec/feedspec"
)

func main() {
	docURL := flag.String("url", "", "the document's URL (base for relative URLs)")
	charset := flag.String("charset", "", "the transport's encoding label, such as iso-8859-1")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: parse [-url URL] [-charset LABEL] [FILE]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(os.Stdout, flag.Arg(0), *docURL, *charset); err != nil {
		fmt.Fprintln(os.Stderr, "parse:", err)
		os.Exit(1)
	}
}

// run parses the file at path ("" or "-" for standard input) and writes its
// canonical JSON to w.
func run(w io.Writer, path, docURL, charset string) error {
	var r io.Reader = os.Stdin
	if path != "" && path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	var opts []feedspec.Option
	if docURL != "" {
		opts = append(opts, feedspec.WithURL(docURL))
	}
	if charset != "" {
		opts = append(opts, feedspec.WithCharset(charset))
	}
	feed, err := feedspec.ParseDocument(r, opts...)
	if feed == nil {
		if errors.Is(err, feedspec.ErrNotFeed) {
			fmt.Fprintln(w, "null")
		}
		return err
	}
	b, merr := feed.MarshalJSON()
	if merr != nil {
		return merr
	}
	var out bytes.Buffer
	if ierr := json.Indent(&out, b, "", "  "); ierr != nil {
		return ierr
	}
	out.WriteByte('\n')
	if _, werr := w.Write(out.Bytes()); werr != nil {
		return werr
	}
	// A read error after part of the feed: the part was printed; report it.
	return err
}

package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/opml"
)

// listOPML prints the subscriptions of the OPML document src (a file, or
// "-" for standard input; baseURL, when given, is its URL, against which
// relative feed URLs resolve), one a line: the feed's URL, its title
// quoted, and the folders it is in, joined by " / " in brackets. What was
// left out, and why, goes to stderr. A document cut short by a limit or a
// read error is listed as far as it was read, then the error reported.
func listOPML(src, baseURL string, stdin io.Reader, stdout, stderr io.Writer) error {
	if isURL(src) {
		return errors.New("-opml reads a file or standard input (-), not a URL")
	}
	r, err := openSource(src, stdin)
	if err != nil {
		return err
	}
	defer r.Close()
	var diags []feedspec.Diagnostic
	doc, err := opml.Parse(r, opml.WithURL(baseURL), opml.WithDiagnostics(&diags))
	if doc == nil {
		return err
	}
	subs := doc.Subscriptions()
	for _, s := range subs {
		line := s.FeedURL
		if s.Title != "" {
			line += "  " + fmt.Sprintf("%q", s.Title)
		}
		if len(s.Folders) > 0 {
			line += "  [" + strings.Join(s.Folders, " / ") + "]"
		}
		fmt.Fprintln(stdout, line)
	}
	for _, d := range diags {
		switch d.Kind {
		case feedspec.DiagnosticURL, feedspec.DiagnosticValue, feedspec.DiagnosticLimit:
			fmt.Fprintln(stderr, "feedspec: "+d.String())
		}
	}
	if err == nil && len(subs) == 0 {
		err = errors.New("the document names no feed with an http or https URL")
	}
	return err
}

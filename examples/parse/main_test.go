package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestRunPrintsGoldenJSON checks that the command prints what the golden test
// of the library expects for the same file and document URL.
func TestRunPrintsGoldenJSON(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out, "../../testdata/golden/atom-feed.xml", "https://example.com/feeds/feed.xml", ""); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../testdata/golden/atom-feed.json")
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != string(want) {
		t.Errorf("output differs from atom-feed.json:\n%s", out.String())
	}
}

func TestRunNotAFeed(t *testing.T) {
	var out bytes.Buffer
	err := run(&out, "../../testdata/golden/notfeed-html.xml", "", "")
	if err == nil || !strings.Contains(err.Error(), "not a feed") {
		t.Fatalf("err = %v, want a not-a-feed error", err)
	}
	if out.String() != "null\n" {
		t.Errorf("output %q, want null", out.String())
	}
}

func TestRunMissingFile(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out, "no-such-file.xml", "", ""); err == nil {
		t.Fatal("no error for a missing file")
	}
}

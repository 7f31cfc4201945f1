package opml

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/feedspec/feedspec/internal/sharedtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// python is the interpreter the W3C validator runs with: the system's,
// which has the validator's modules when python3-html5lib, python3-rdflib
// and python3-lxml are installed.
const python = "/usr/bin/python3"

// A validatorReport is one line of validate.py's output.
type validatorReport struct {
	File     string             `json:"file"`
	Errors   []validatorMessage `json:"errors"`
	Warnings []validatorMessage `json:"warnings"`
}

type validatorMessage struct {
	Type    string `json:"type"`
	Element string `json:"element"`
	Parent  string `json:"parent"`
	Line    int    `json:"line"`
}

// key is what two reports of different documents are compared by: the
// message's type, element and parent (not its line).
func (m validatorMessage) key() string { return m.Type + " " + m.Element + " in " + m.Parent }

// validate runs the W3C Feed Validation Service's checker on files, in one
// process, and returns its report of each. It skips t when the checker or
// its Python modules are absent (or fails it with FEEDSPEC_REQUIRE_SHARED=1).
func validate(t *testing.T, files []string) map[string]validatorReport {
	t.Helper()
	script := filepath.Join(sharedtest.Dir(t, "tools/feedvalidator"), "validate.py")
	if _, err := os.Stat(python); err != nil {
		skipValidator(t, python+" is absent")
	}
	if out, err := exec.Command(python, "-c", "import html5lib, rdflib, lxml").CombinedOutput(); err != nil {
		skipValidator(t, fmt.Sprintf("the validator's modules are absent (apt-get install python3-html5lib python3-rdflib python3-lxml): %s", bytes.TrimSpace(out)))
	}
	cmd := exec.Command(python, append([]string{script}, files...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil && cmd.ProcessState == nil {
		t.Fatalf("running %s: %v", script, err)
	}
	require.Empty(t, strings.TrimSpace(stderr.String()), "the validator's standard error")
	reports := map[string]validatorReport{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r validatorReport
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r), "a line of the validator's output: %s", sc.Text())
		reports[r.File] = r
	}
	require.Len(t, reports, len(files), "one report per file")
	return reports
}

// skipValidator skips t, or fails it with FEEDSPEC_REQUIRE_SHARED=1.
func skipValidator(t *testing.T, why string) {
	t.Helper()
	if v := os.Getenv(sharedtest.RequireEnv); v != "" && v != "0" {
		t.Fatalf("the W3C validator cannot run: %s (%s=1)", why, sharedtest.RequireEnv)
	}
	t.Skipf("the W3C validator cannot run: %s", why)
}

// latentErrors are the errors the validator finds in a written document
// and not in the document it was parsed from, each a fault of that
// document which the validator does not see there; keyed by the file's
// name and the error (validatorMessage.key).
var latentErrors = map[string]string{
	"missingBody.opml MissingElement outline in body": "the document has no body, so the validator checks no " +
		"body's outlines; Write writes a body, which holds no outline because the document has none",
	"w3c__errors-missingBody.opml MissingElement outline in body": "as missingBody.opml (the same file)",
	"notEncoded.opml InvalidContact ownerEmail in head": "the document is not well-formed XML (an undeclared " +
		"entity), so the validator stops at it and never reads its ownerEmail, bull&atsign;mancuso.com",
	"w3c__errors-notEncoded.opml InvalidContact ownerEmail in head": "as notEncoded.opml (the same file)",
	"rssowl__feed_opml.xml InvalidFullLink htmlUrl in outline": "the document spells htmlUrl htmlurl, which the " +
		"validator does not read as htmlUrl (an UnexpectedAttribute instead); Write spells it htmlUrl, and its " +
		"value is a relative URL",
}

// TestValidator checks what Write writes with the W3C Feed Validation
// Service's checker: for every test document, the written document has no
// error the document itself does not have (compared by type, element and
// parent), and the document New makes of its subscriptions has none at all.
func TestValidator(t *testing.T) {
	var inputs []string
	eachFile(t, func(t *testing.T, path string) { inputs = append(inputs, path) })
	dir := t.TempDir()
	var files []string
	written := map[string]string{} // input: its written copy
	made := map[string]string{}    // input: New's document of its subscriptions
	for i, in := range inputs {
		d, _, _ := parseFile(t, in)
		if d == nil {
			continue
		}
		out := filepath.Join(dir, fmt.Sprintf("written-%d.opml", i))
		require.NoError(t, os.WriteFile(out, writeDoc(t, d), 0o644))
		written[in] = out
		nd := filepath.Join(dir, fmt.Sprintf("new-%d.opml", i))
		require.NoError(t, os.WriteFile(nd, writeDoc(t, New(d.Title, d.Subscriptions())), 0o644))
		made[in] = nd
		files = append(files, in, out, nd)
	}
	for i, d := range hostileNew() {
		nd := filepath.Join(dir, fmt.Sprintf("new-hostile-%d.opml", i))
		require.NoError(t, os.WriteFile(nd, writeDoc(t, d), 0o644))
		made[fmt.Sprintf("hostileNew()[%d]", i)] = nd
		files = append(files, nd)
	}
	broken := filepath.Join(dir, "new-broken-link.opml")
	require.NoError(t, os.WriteFile(broken, writeDoc(t, New(brokenLinkTitle, []Subscription{{Title: brokenLinkTitle, FeedURL: "https://a.example/"}})), 0o644))
	files = append(files, broken)
	reports := validate(t, files)
	if assert.NotEmpty(t, reports[broken].Errors, "New's document of the title %q", brokenLinkTitle) {
		for _, m := range reports[broken].Errors {
			assert.Equal(t, "InvalidUriChar", m.Type, "the title %q, read as HTML by the validator, holds a link that is not a URI: the only error", brokenLinkTitle)
		}
	}
	for in, out := range written {
		had := map[string]bool{}
		for _, m := range reports[in].Errors {
			had[m.key()] = true
		}
		for _, m := range reports[out].Errors {
			if why, ok := latentErrors[filepath.Base(in)+" "+m.key()]; ok {
				t.Logf("%s: written, %s: a fault of the document the validator did not report in it: %s", in, m.key(), why)
				continue
			}
			if !had[m.key()] {
				b, _ := os.ReadFile(out)
				t.Errorf("%s: written, an error the input does not have: %s (line %d of\n%s)", in, m.key(), m.Line, b)
			}
		}
	}
	for in, nd := range made {
		if errs := reports[nd].Errors; len(errs) > 0 {
			b, _ := os.ReadFile(nd)
			t.Errorf("%s: New's document has errors: %+v\n%s", in, errs, b)
		}
	}
	t.Logf("validated %d files: %d written copies, %d documents made by New", len(files), len(written), len(made))
}

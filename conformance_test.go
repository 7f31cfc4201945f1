package feedspec

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/stretchr/testify/require"
)

// feedParsingDir is the feed-parsing conformance suite, beside the
// repository (see CONTRIBUTING.md).
const feedParsingDir = "../shared/conformance/feed-parsing"

// knownFailuresFile lists the conformance cases allowed to fail, one a line:
// "file.dat#n reason" (lines starting with // are comments). The goal is an
// empty file.
const knownFailuresFile = "testdata/feed-parsing-known-failures.txt"

// A datCase is one case of a conformance .dat file.
type datCase struct {
	name     string // "atom.dat#5": the file and the 1-based case number
	sections map[string]string
}

// readDatFile reads the cases of a conformance .dat file: each case starts
// with a "#data" line; a line "#name" (optionally followed by " escaped" or
// a value) starts a section; a section's body is the lines up to the next
// section line, and the empty line separating two cases is not part of it.
func readDatFile(path string) ([]datCase, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	base := filepath.Base(path)
	var (
		cases   []datCase
		cur     *datCase
		section string
		escaped bool
		body    []string
	)
	flush := func() error {
		if cur == nil || section == "" {
			return nil
		}
		text := strings.Join(body, "\n")
		if escaped {
			u, err := unescapeDat(text)
			if err != nil {
				return fmt.Errorf("%s: section #%s: %w", cur.name, section, err)
			}
			text = u
		}
		cur.sections[section] = text
		return nil
	}
	lines := strings.Split(string(b), "\n")
	for _, line := range lines {
		if len(line) > 1 && line[0] == '#' && line[1] >= 'a' && line[1] <= 'z' {
			// A section line; the empty line before a new case belongs to
			// no section.
			name, rest, _ := strings.Cut(line[1:], " ")
			if name == "data" {
				if len(body) > 0 && body[len(body)-1] == "" {
					body = body[:len(body)-1]
				}
				if err := flush(); err != nil {
					return nil, err
				}
				cases = append(cases, datCase{
					name:     base + "#" + strconv.Itoa(len(cases)+1),
					sections: map[string]string{},
				})
				cur = &cases[len(cases)-1]
			} else if err := flush(); err != nil {
				return nil, err
			}
			section, escaped, body = name, rest == "escaped", nil
			continue
		}
		body = append(body, line)
	}
	if len(body) > 0 && body[len(body)-1] == "" {
		body = body[:len(body)-1]
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return cases, nil
}

// unescapeDat replaces the \uXXXX and \UXXXXXXXX escapes of an "escaped"
// section by the code points they name.
func unescapeDat(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == 'u' || s[i+1] == 'U') {
			n := 4
			if s[i+1] == 'U' {
				n = 8
			}
			if i+2+n > len(s) {
				return "", fmt.Errorf("truncated escape at offset %d", i)
			}
			v, err := strconv.ParseUint(s[i+2:i+2+n], 16, 32)
			if err != nil {
				return "", fmt.Errorf("bad escape at offset %d: %w", i, err)
			}
			b.WriteRune(rune(v))
			i += 1 + n
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String(), nil
}

// readKnownFailures reads knownFailuresFile: case name → reason.
func readKnownFailures(t *testing.T) map[string]string {
	known := map[string]string{}
	f, err := os.Open(knownFailuresFile)
	if errors.Is(err, os.ErrNotExist) {
		return known
	}
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		name, reason, _ := strings.Cut(line, " ")
		known[name] = strings.TrimSpace(reason)
	}
	require.NoError(t, sc.Err())
	return known
}

// TestFeedParsingConformance runs every case of the feed-parsing suite with
// the document URL https://base/ and compares the result, in the reference
// harness's JSON shape, with the case's #parsed value.
func TestFeedParsingConformance(t *testing.T) {
	known := readKnownFailures(t)
	seen := map[string]bool{}
	passed, failed := 0, 0
	for _, cases := range feedParsingCases(t) {
		for _, c := range cases {
			seen[c.name] = true
			got, want, err := runFeedParsingCase(c)
			ok := err == nil && reflect.DeepEqual(got, want)
			if ok {
				passed++
				assert.NotContains(t, known, c.name, "%s passes but is listed in %s; remove it", c.name, knownFailuresFile)
				continue
			}
			failed++
			if _, listed := known[c.name]; listed {
				continue
			}
			if !assert.NoError(t, err, "%s\ninput:\n%s", c.name, c.sections["data"]) {
				continue
			}
			assert.Equal(t, want, got, "%s:\ninput:\n%s", c.name, c.sections["data"])
		}
	}
	for name := range known {
		assert.True(t, seen[name], "%s names no conformance case", name)
	}
	fmt.Println("feed-parsing conformance:", passed, "passed,", failed, "failed")
}

// feedParsingCases returns the cases of every file of the feed-parsing
// suite, file by file in name order, or skips t when the suite is absent.
func feedParsingCases(t *testing.T) [][]datCase {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(feedParsingDir, "*.dat"))
	if len(files) == 0 {
		t.Skipf("the feed-parsing conformance suite is not at %s; skipping", feedParsingDir)
	}
	sort.Strings(files)
	var out [][]datCase
	for _, file := range files {
		cases, err := readDatFile(file)
		require.NoError(t, err)
		out = append(out, cases)
	}
	return out
}

// runFeedParsingCase parses a case's #data (with opts after the document
// URL) and returns the result and the expected #parsed value, both decoded
// from JSON into plain Go values.
func runFeedParsingCase(c datCase, opts ...Option) (got, want any, err error) {
	data, ok := c.sections["data"]
	if !ok {
		return nil, nil, errors.New("no #data section")
	}
	parsed, ok := c.sections["parsed"]
	if !ok {
		return nil, nil, errors.New("no #parsed section")
	}
	if err := json.Unmarshal([]byte(parsed), &want); err != nil {
		return nil, nil, fmt.Errorf("bad #parsed JSON: %w", err)
	}
	feed, perr := ParseDocument(strings.NewReader(data), append([]Option{WithURL("https://base/")}, opts...)...)
	var shape any
	if feed != nil {
		shape = referenceFeedShape(feed)
	} else if !errors.Is(perr, ErrNotFeed) {
		return nil, want, fmt.Errorf("ParseDocument: %w", perr)
	}
	b, err := json.Marshal(shape)
	if err != nil {
		return nil, want, err
	}
	if err := json.Unmarshal(b, &got); err != nil {
		return nil, want, err
	}
	return got, want, nil
}

// The reference harness's shape (SUPPLEMENT §9): its key names, Node values
// as their XML serialization, categories as an object with the value 1, null
// values, empty lists and empty objects dropped, but an entry or a person
// with no fields kept as {} in its list.

type shapeObject map[string]any

func (o shapeObject) text(key string, t *Text) {
	if t != nil {
		o[key] = xmlSerialize(t)
	}
}

func (o shapeObject) str(key, s string) {
	if s != "" {
		o[key] = s
	}
}

func (o shapeObject) date(key string, t *time.Time) {
	if t != nil {
		o[key] = formatDate(*t)
	}
}

func (o shapeObject) image(key string, img *Image) {
	if img == nil {
		return
	}
	m := shapeObject{}
	m.str("url", img.URL)
	if img.Width != nil {
		m["width"] = *img.Width
	}
	if img.Height != nil {
		m["height"] = *img.Height
	}
	if len(m) > 0 {
		o[key] = m
	}
}

func (o shapeObject) persons(key string, list []*Person) {
	if len(list) == 0 {
		return
	}
	out := make([]any, 0, len(list))
	for _, p := range list {
		m := shapeObject{}
		m.str("name", p.Name)
		m.str("email", p.Email)
		m.str("page_url", p.PageURL)
		m.image("logo", p.Icon)
		out = append(out, m)
	}
	o[key] = out
}

func referenceFeedShape(f *Feed) shapeObject {
	o := shapeObject{}
	o.text("title", f.Title)
	o.text("subtitle", f.Subtitle)
	o.text("desc", f.Description)
	o.str("page_url", f.PageURL)
	o.str("feed_url", f.FeedURL)
	o.str("prev_feed_url", f.PreviousFeedURL)
	o.str("next_feed_url", f.NextFeedURL)
	o.image("icon", f.Icon)
	o.image("logo", f.Logo)
	o.date("updated", f.Updated)
	o.persons("authors", f.Authors)
	if len(f.Entries) > 0 {
		entries := make([]any, 0, len(f.Entries))
		for _, e := range f.Entries {
			entries = append(entries, referenceEntryShape(e))
		}
		o["entries"] = entries
	}
	return o
}

func referenceEntryShape(e *Entry) shapeObject {
	o := shapeObject{}
	o.text("title", e.Title)
	o.text("subtitle", e.Subtitle)
	o.text("summary", e.Summary)
	o.text("content", e.Content)
	o.str("page_url", e.PageURL)
	o.image("thumbnail", e.Thumbnail)
	if e.Duration != nil {
		o["duration"] = int64(*e.Duration / time.Second)
	}
	o.date("published", e.Published)
	o.date("updated", e.Updated)
	o.persons("authors", e.Authors)
	if len(e.Categories) > 0 {
		cats := shapeObject{}
		for _, c := range e.Categories {
			cats[c] = 1
		}
		o["categories"] = cats
	}
	if len(e.Enclosures) > 0 {
		encs := make([]any, 0, len(e.Enclosures))
		for _, enc := range e.Enclosures {
			m := shapeObject{}
			m.str("url", enc.URL)
			if enc.MIMEType != nil {
				m["type"] = *enc.MIMEType
			}
			if enc.Length != nil {
				m["length"] = *enc.Length
			}
			encs = append(encs, m)
		}
		o["enclosures"] = encs
	}
	return o
}

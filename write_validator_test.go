package feedspec

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/sharedtest"
)

// knownValidatorErrors are the checker's errors that remain on written
// corpus feeds, by format and type, each with the reason: values the
// publisher wrote that the writers keep as they are (the round trip keeps
// them), which the checker rejects.
var knownValidatorErrors = map[string]string{
	"atom InvalidTAG":            "an id written as a tag: URI that is not a valid one (kept: it is an absolute URI)",
	"atom InvalidUUID":           "an id written as a urn:uuid: URI that is not a UUID (kept: it is an absolute URI)",
	"atom InvalidUriChar":        "a URL holding a character URIs do not allow (\"[\", \"|\"...), which WHATWG URL serialization keeps",
	"rss InvalidURLAttribute":    "the same: an enclosure URL holding a character URIs do not allow",
	"rss InvalidFullLink":        "the same: an image URL holding a character URIs do not allow",
	"rss InvalidUriChar":         "a link inside HTML content holding a character URIs do not allow",
	"rss DuplicateValue":         "the feed gives two items the same guid",
	"atom DuplicateAtomLink":     "the feed lists two alternate links of the same type and language",
	"atom InvalidLanguage":       "a language code the checker's ISO 639 list does not have",
	"rss InvalidLanguage":        "the same",
	"rss InvalidContact":         "an email address the checker's stricter pattern rejects",
	"rss InvalidItunesCategory":  "an iTunes category outside Apple's list",
	"rss InvalidPositiveInteger": "a Media RSS size the checker rejects",
	// Media RSS objects (the second pass, issue 38): the checker knows
	// Media RSS 1.1, not 1.5.1's community, comments, embed, responses and
	// price, nor a media:content of the channel; roles and restriction
	// types are the publisher's values, kept as written.
	"atom InvalidCreditRole":                                "a media:credit role the checker's list does not have, kept as written",
	"rss InvalidCreditRole":                                 "the same",
	"atom InvalidMediaRestrictionType":                      "a media:restriction type the checker does not know, kept as written",
	"rss InvalidMediaRestrictionType":                       "the same",
	"atom MediaGroupWithoutAlternatives (/media:group)":     "a media:group holding one object (an enclosure, which Atom's reader reads from groups only)",
	"atom UndefinedElement (feed/media:content)":            "a feed's Media RSS object (Media RSS 1.5 allows it; the checker, 1.1, does not)",
	"rss UndefinedElement (channel/media:content)":          "the same in a channel",
	"atom UndefinedElement (media:content/media:comments)":  "Media RSS 1.5 elements the checker (1.1) does not know",
	"atom UndefinedElement (media:content/media:community)": "the same",
	"atom UndefinedElement (media:content/media:embed)":     "the same",
	"atom UndefinedElement (media:content/media:price)":     "the same",
	"atom UndefinedElement (media:content/media:responses)": "the same",
	"rss UndefinedElement (media:content/media:comments)":   "the same",
	"rss UndefinedElement (media:content/media:community)":  "the same",
	"rss UndefinedElement (media:content/media:embed)":      "the same",
	"rss UndefinedElement (media:content/media:price)":      "the same",
	"rss UndefinedElement (media:content/media:responses)":  "the same",
}

// TestWriteValidator writes every corpus feed (parsed by default) as RSS and
// as Atom into a temporary folder and runs the W3C Feed Validation
// Service's checker (../shared/tools/feedvalidator/validate.py) once over
// all of them: no document may have an error (issue 35, item 4). The
// warnings are logged by type. It skips, saying so, when /usr/bin/python3
// or the checker's modules (Debian: python3-html5lib python3-rdflib
// python3-lxml) are absent. The checker takes about 0.15 s a document: the
// test checks every fifth feed (about 80 s), every 25th with -short, and
// every one with FEEDSPEC_VALIDATE_ALL=1 (about 5 minutes).
func TestWriteValidator(t *testing.T) {
	files := sharedtest.CorpusFiles(t)
	script := filepath.Join(sharedtest.Dir(t, "tools/feedvalidator"), "validate.py")
	const python = "/usr/bin/python3"
	if err := exec.Command(python, "-c", "import html5lib, rdflib, lxml").Run(); err != nil {
		t.Skipf("the feed validator needs %s with html5lib, rdflib and lxml (apt-get install python3-html5lib python3-rdflib python3-lxml): %v", python, err)
	}
	dir := t.TempDir()
	var paths []string
	every := 5
	switch {
	case os.Getenv("FEEDSPEC_VALIDATE_ALL") == "1":
		every = 1
	case testing.Short():
		every = 25
	}
	for i, path := range files {
		if i%every != 0 {
			continue
		}
		in, err := os.ReadFile(path)
		require.NoError(t, err)
		f, _ := ParseDocument(bytes.NewReader(in), WithURL("https://example.com/feeds/feed.xml"))
		if f == nil {
			continue
		}
		base := filepath.Base(path)
		for _, w := range []struct {
			ext   string
			write func(*bytes.Buffer) error
		}{
			{".rss.xml", func(b *bytes.Buffer) error { return f.WriteRSS(b) }},
			{".atom.xml", func(b *bytes.Buffer) error { return f.WriteAtom(b) }},
		} {
			var b bytes.Buffer
			require.NoError(t, w.write(&b))
			p := filepath.Join(dir, base+w.ext)
			require.NoError(t, os.WriteFile(p, b.Bytes(), 0o644))
			paths = append(paths, p)
		}
	}
	cmd := exec.Command(python, append([]string{script}, paths...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("validate.py: %v\n%s", err, stderr.String())
	}
	type event struct {
		Type, Element, Parent string
		Line, Column          int
	}
	errorsByType := map[string]int{}
	warningsByType := map[string]int{}
	examples := map[string]string{}
	checked := 0
	unknown := map[string]string{}
	withErrors := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var r struct {
			File     string
			Errors   []event
			Warnings []event
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r))
		checked++
		kind := "rss"
		if strings.HasSuffix(r.File, ".atom.xml") {
			kind = "atom"
		}
		for _, e := range r.Errors {
			k := kind + " " + e.Type + " (" + e.Parent + "/" + e.Element + ")"
			errorsByType[k]++
			if examples[k] == "" {
				examples[k] = filepath.Base(r.File)
			}
			_, known := knownValidatorErrors[kind+" "+e.Type]
			if _, ok := knownValidatorErrors[k]; ok {
				known = true
			}
			if !known {
				unknown[k] = examples[k]
			}
			withErrors[r.File] = true
		}
		for _, w := range r.Warnings {
			warningsByType[kind+" "+w.Type]++
		}
	}
	t.Logf("feed validator: %d documents checked (%d feeds as RSS and Atom), %d with an error", checked, checked/2, len(withErrors))
	for _, m := range []struct {
		what   string
		counts map[string]int
	}{{"error", errorsByType}, {"warning", warningsByType}} {
		var keys []string
		for k := range m.counts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			t.Logf("%s %-60s %5d %s", m.what, k, m.counts[k], examples[k])
		}
	}
	assert.Equal(t, len(paths), checked, "validate.py reported on every document")
	assert.Empty(t, unknown, "errors of the feed validator on written feeds that knownValidatorErrors does not list")
}

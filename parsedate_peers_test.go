package feedspec

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/stretchr/testify/require"
)

// peerDatesFile holds other parsers' date tests as data (see the README of
// ../shared/conformance/peers).
const peerDatesFile = "../shared/conformance/peers/dates.jsonl"

// peerDatesMissingFile lists the asserted peer dates ParseDate gives no
// value for, with the reason.
const peerDatesMissingFile = "testdata/peer-dates-missing.txt"

// peerDate is one line of peerDatesFile.
type peerDate struct {
	Src      string  `json:"src"`
	ID       string  `json:"id"`
	In       string  `json:"in"`
	Want     *string `json:"want"`
	Asserted bool    `json:"asserted"`
	Guess    bool    `json:"guess"`
	Note     string  `json:"note"`
}

// key names the case in peerDatesMissingFile: "src:file:line".
func (d peerDate) key() string {
	id, _, _ := strings.Cut(d.ID, " ")
	return d.Src + ":" + id
}

// peerForms maps feedparser's form-specific date functions to the form
// ParseDate reports for the same syntax. Their tests asserting "no date"
// say the string is not in that form.
var peerForms = map[string]DateForm{
	"_parse_date_w3dtf":   FormW3CDTF,
	"_parse_date_rfc822":  FormRFC822,
	"_parse_date_iso8601": FormISO8601,
}

// peerVerdict compares ParseDate's answer with a peer's: "same",
// "different" or "missing".
func peerVerdict(d peerDate, got time.Time, info DateInfo, err error) string {
	if d.Want == nil {
		if err != nil {
			return "same"
		}
		// A form-specific function's "no date" is about its form only:
		// feedparser's _parse_date_w3dtf("22013") is None, while its
		// _parse_date reads the ISO 8601 YYDDD date 2022-01-13, as
		// ParseDate does.
		if _, fn, _ := strings.Cut(d.ID, " "); peerForms[fn] != "" && peerForms[fn] != info.Form {
			return "same"
		}
		return "different"
	}
	if err != nil {
		return "missing"
	}
	want, perr := time.Parse(time.RFC3339Nano, *d.Want)
	if perr != nil {
		// A peer's year-0 answer ("6/1/2 15:04") is not an instant
		// ParseDate may give.
		return "different"
	}
	// The peers answer in whole seconds (feedparser's time tuples): compare
	// at the precision of the answer.
	if want.Nanosecond() == 0 {
		got = got.Truncate(time.Second)
	}
	if got.Equal(want) {
		return "same"
	}
	return "different"
}

// TestPeerDates runs ParseDate on the date tests of feedparser, gofeed and
// miniflux. On the cases those tests assert, ParseDate must never give a
// different instant unless DateInfo flags it as a reading among several
// (ZoneAssumed, Ambiguous, YearGuessed), and may give no value only for the
// cases peerDatesMissingFile lists.
func TestPeerDates(t *testing.T) {
	rows := readPeerJSONL[peerDate](t, peerDatesFile)
	missingOK := readPeerDatesMissing(t)
	_, zerr := time.LoadLocation("America/New_York")
	noZoneDB := zerr != nil
	counts := map[bool]map[string]int{true: {}, false: {}}
	listed := map[string]bool{}
	for _, d := range rows {
		got, info, err := ParseDate(d.In)
		v := peerVerdict(d, got, info, err)
		counts[d.Asserted][v]++
		if !d.Asserted {
			if v != "same" {
				t.Logf("unasserted %s %s: %q: %s wants %v, ParseDate gives %s %+v %v", v, d.key(), d.In, d.Src, peerWant(d), formatDate(got), info, err)
			}
			continue
		}
		switch v {
		case "different":
			assert.True(t, info.ZoneAssumed || info.Ambiguous || info.YearGuessed, "%s: ParseDate(%q) = %s %+v, %s asserts %s", d.key(), d.In, formatDate(got), info, d.Src, peerWant(d))
		case "missing":
			listed[d.key()] = true
			switch {
			case missingOK[d.key()] != "":
			case noZoneDB && strings.Contains(err.Error(), "zone database"):
			default:
				assert.Failf(t, "ParseDate gives no value", "%s: ParseDate(%q): %v; %s asserts %s (not listed in %s)", d.key(), d.In, err, d.Src, peerWant(d), peerDatesMissingFile)
			}
		}
	}
	for k := range missingOK {
		assert.True(t, listed[k], "%s lists %s, which ParseDate now reads: remove the line", peerDatesMissingFile, k)
	}
	a := counts[true]
	fmt.Printf("peer dates: %d same, %d different, %d missing\n", a["same"], a["different"], a["missing"])
	u := counts[false]
	t.Logf("unasserted peer answers: %d same, %d different, %d missing", u["same"], u["different"], u["missing"])
}

// peerWant is a peer's answer as text.
func peerWant(d peerDate) string {
	if d.Want == nil {
		return "no date"
	}
	return *d.Want
}

// readPeerDatesMissing reads peerDatesMissingFile: key → reason.
func readPeerDatesMissing(t *testing.T) map[string]string {
	b, err := os.ReadFile(peerDatesMissingFile)
	require.NoError(t, err)
	out := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		k, reason, _ := strings.Cut(line, " ")
		require.NotEmpty(t, strings.TrimSpace(reason), "%s: %s has no reason", peerDatesMissingFile, k)
		out[k] = reason
	}
	return out
}

// readPeerJSONL reads a JSON-lines file of ../shared/conformance/peers, one
// T a line; the test skips when the file is absent.
func readPeerJSONL[T any](t *testing.T, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("%s is absent; skipping", path)
	}
	require.NoError(t, err)
	defer f.Close()
	var rows []T
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for line := 1; sc.Scan(); line++ {
		var row T
		require.NoError(t, json.Unmarshal(sc.Bytes(), &row), "%s:%d", path, line)
		rows = append(rows, row)
	}
	require.NoError(t, sc.Err(), "%s", path)
	return rows
}

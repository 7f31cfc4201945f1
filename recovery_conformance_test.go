package feedspec

import (
	"bufio"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stretchr/testify/require"
)

// recoveryChangesFile lists the feed-parsing conformance cases whose answer
// recovery mode changes, one "name: why" a line.
const recoveryChangesFile = "testdata/recovery-conformance-changes.txt"

// TestFeedParsingConformanceRecovery runs the feed-parsing suite in
// recovery mode and checks that the cases whose answer changes (it differs
// from the default mode's) are exactly those recoveryChangesFile lists, with
// a reason each. It prints one summary line.
func TestFeedParsingConformanceRecovery(t *testing.T) {
	listed := readRecoveryChanges(t)
	changed := map[string]bool{}
	passed, failed := 0, 0
	for _, cases := range feedParsingCases(t) {
		for _, c := range cases {
			spec, want, err1 := runFeedParsingCase(c)
			rec, _, err2 := runFeedParsingCase(c, WithRecovery())
			if err2 == nil && reflect.DeepEqual(rec, want) {
				passed++
			} else {
				failed++
			}
			if !assert.NoError(t, err1, "%s (default mode)", c.name) || !assert.NoError(t, err2, "%s (recovery mode)", c.name) {
				continue
			}
			if reflect.DeepEqual(spec, rec) {
				continue
			}
			changed[c.name] = true
			if _, ok := listed[c.name]; !ok {
				assert.Equal(t, spec, rec, "%s: recovery mode changes the answer; list it in %s with the reason\ninput:\n%s",
					c.name, recoveryChangesFile, c.sections["data"])
			}
		}
	}
	for name := range listed {
		assert.True(t, changed[name], "%s is listed in %s but recovery mode does not change its answer", name, recoveryChangesFile)
	}
	fmt.Println("feed-parsing conformance in recovery mode:", passed, "passed,", failed, "failed;", len(changed), "answers changed")
}

func readRecoveryChanges(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(recoveryChangesFile)
	require.NoError(t, err)
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, why, ok := strings.Cut(line, ": ")
		require.True(t, ok && strings.TrimSpace(why) != "", "%s: %q has no reason", recoveryChangesFile, line)
		out[name] = why
	}
	require.NoError(t, sc.Err())
	return out
}

package sharedtest

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// RequireEnv is the environment variable that turns a missing ../shared
// into a failure: with RequireEnv=1 (as .ci/run sets it) Main fails the
// package and Dir fails the test instead of skipping.
const RequireEnv = "FEEDSPEC_REQUIRE_SHARED"

// Need is one folder of ../shared that a package's tests read, and what
// they skip without it.
type Need struct {
	Sub  string // the folder, relative to ../shared ("conformance/xml5")
	What string // what skips without it ("the xml5 conformance suite")
}

// Main is a TestMain for a package whose tests read ../shared. When some
// of needs are absent it prints one line saying what is skipped and where
// the data is expected, then runs the tests (they skip what they cannot
// read), or, with RequireEnv=1, fails without running them.
//
// go test hides the output of a passing package unless run with -v, so the
// line goes to the terminal (/dev/tty) when there is one, else to stderr.
func Main(m *testing.M, pkg string, needs ...Need) {
	if subs, whats, where := missing(needs); len(subs) > 0 {
		if required() {
			fmt.Fprintf(os.Stderr, "%s: FAIL: %s=1 and no %s in %s: %s cannot run\n",
				pkg, RequireEnv, strings.Join(subs, ", "), where, strings.Join(whats, ", "))
			os.Exit(1)
		}
		w, closeTTY := notice()
		fmt.Fprintf(w, "%s: skipped %s: no %s in %s (../shared beside the repository)\n",
			pkg, strings.Join(whats, ", "), strings.Join(subs, ", "), where)
		closeTTY()
	}
	os.Exit(m.Run())
}

// required reports whether RequireEnv asks for ../shared.
func required() bool {
	v := os.Getenv(RequireEnv)
	return v != "" && v != "0"
}

// missing returns the folders of needs that are absent, what skips without
// them, and where ../shared is expected.
func missing(needs []Need) (subs, whats []string, where string) {
	where = "../shared"
	root, err := moduleRoot()
	if err == nil {
		shared := filepath.Join(root, "..", "shared")
		if abs, err := filepath.Abs(shared); err == nil {
			shared = abs
		}
		where = shared
	}
	for _, n := range needs {
		if err == nil {
			if _, serr := os.Stat(filepath.Join(where, filepath.FromSlash(n.Sub))); serr == nil {
				continue
			}
		}
		subs = append(subs, n.Sub)
		whats = append(whats, n.What)
	}
	return subs, whats, where
}

// notice returns where the notice line goes: the terminal when the tests
// run at one (go test shows a passing package's output only with -v), else
// stderr.
func notice() (io.Writer, func()) {
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		return tty, func() { tty.Close() }
	}
	return os.Stderr, func() {}
}

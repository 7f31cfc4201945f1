package websub

import (
	"testing"

	"github.com/feedspec/feedspec/internal/sharedtest"
)

// TestMain says in one line which tests a run without ../shared skips (and
// fails the package when FEEDSPEC_REQUIRE_SHARED=1, as in .ci/run).
func TestMain(m *testing.M) {
	sharedtest.Main(m, "feedspec/websub",
		sharedtest.Need{Sub: "corpus/feeds", What: "the discovery corpus test"},
	)
}

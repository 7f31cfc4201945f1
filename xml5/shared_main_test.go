package xml5

import (
	"testing"

	"github.com/feedspec/feedspec/internal/sharedtest"
)

// TestMain says in one line which suites a run without ../shared skips
// (and fails the package when FEEDSPEC_REQUIRE_SHARED=1, as in .ci/run).
func TestMain(m *testing.M) {
	sharedtest.Main(m, "feedspec/xml5",
		sharedtest.Need{Sub: "conformance/xml5", What: "the xml5 conformance suite"},
		sharedtest.Need{Sub: "corpus/feeds", What: "the corpus test"},
	)
}

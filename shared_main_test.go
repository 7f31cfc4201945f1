package feedspec

import (
	"testing"

	"github.com/feedspec/feedspec/internal/sharedtest"
)

// TestMain says in one line which suites a run without ../shared skips
// (and fails the package when FEEDSPEC_REQUIRE_SHARED=1, as in .ci/run).
func TestMain(m *testing.M) {
	sharedtest.Main(m, "feedspec",
		sharedtest.Need{Sub: "conformance/feed-parsing", What: "the feed-parsing conformance suite (both modes)"},
		sharedtest.Need{Sub: "conformance/peers", What: "the XSS vectors and the peer date tests"},
		sharedtest.Need{Sub: "corpus/feeds", What: "the corpus tests"},
		sharedtest.Need{Sub: "corpus/jsonfeed", What: "the JSON Feed corpus"},
	)
}

package opml

import (
	"testing"

	"github.com/feedspec/feedspec/internal/sharedtest"
)

// TestMain says in one line which tests a run without ../shared skips (and
// fails the package when FEEDSPEC_REQUIRE_SHARED=1, as in .ci/run).
func TestMain(m *testing.M) {
	sharedtest.Main(m, "feedspec/opml",
		sharedtest.Need{Sub: "corpus/opml", What: "the OPML corpus tests"},
		sharedtest.Need{Sub: "tools/feedvalidator/testcases/opml", What: "the W3C validator's OPML test cases"},
	)
}

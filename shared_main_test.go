package feedspec

import (
	"flag"
	"testing"

	"github.com/feedspec/feedspec/internal/docmem"
	"github.com/feedspec/feedspec/internal/sharedtest"
)

// TestMain says in one line which suites a run without ../shared skips
// (and fails the package when FEEDSPEC_REQUIRE_SHARED=1, as in .ci/run).
//
// Unless the run measures benchmarks, the memory of every document let go
// after a parse WithoutDocument is overwritten when it is given back
// (docmem.Poison): a string of a kept feed still pointing into it would
// then differ in every test that compares a feed parsed WithoutDocument
// with the same feed parsed with its document (TestWithoutDocument,
// FuzzWithoutDocument, TestReusedDocumentMemory...).
func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.bench"); f == nil || f.Value.String() == "" {
		docmem.Poison = true
	}
	sharedtest.Main(m, "feedspec",
		sharedtest.Need{Sub: "conformance/feed-parsing", What: "the feed-parsing conformance suite (both modes)"},
		sharedtest.Need{Sub: "conformance/peers", What: "the XSS vectors and the peer date tests"},
		sharedtest.Need{Sub: "corpus/feeds", What: "the corpus tests"},
		sharedtest.Need{Sub: "corpus/jsonfeed", What: "the JSON Feed corpus"},
	)
}

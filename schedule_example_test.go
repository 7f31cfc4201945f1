package feedspec_test

import (
	"fmt"
	"net/http"
	"time"

	"github.com/feedspec/feedspec"
)

// A poller asks every result when to fetch again, within its own bounds.
func ExampleFetchResult_NextFetch() {
	now := time.Date(2024, 5, 6, 10, 30, 0, 0, time.UTC) // a Monday
	ttl := 120
	feed := &feedspec.Feed{TTL: &ttl, SkipDays: []string{"Tuesday"}}
	const min, max = 15 * time.Minute, 48 * time.Hour

	results := []*feedspec.FetchResult{
		{StatusCode: 429, Header: http.Header{"Retry-After": {"3600"}}},                        // rule 1
		{StatusCode: 200, Header: http.Header{"Cache-Control": {"max-age=600"}}},               // rule 2, raised to min
		{StatusCode: 200, Feed: feed},                                                          // rule 3: the ttl
		{StatusCode: 200, Header: http.Header{"Cache-Control": {"max-age=86400"}}, Feed: feed}, // out of the skipped Tuesday
		{StatusCode: 200, Header: http.Header{"Cache-Control": {"max-age=31536000"}}},          // at most max
		nil, // Fetch got no response
	}
	for _, r := range results {
		fmt.Println(r.NextFetch(now, min, max).Format(time.RFC1123))
	}
	// Output:
	// Mon, 06 May 2024 11:30:00 UTC
	// Mon, 06 May 2024 10:45:00 UTC
	// Mon, 06 May 2024 12:30:00 UTC
	// Wed, 08 May 2024 00:00:00 UTC
	// Wed, 08 May 2024 10:30:00 UTC
	// Mon, 06 May 2024 10:45:00 UTC
}

package feedspec_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/feedspec/feedspec"
)

func TestNextFetch(t *testing.T) {
	// Monday 6 May 2024, 10:30 GMT.
	now := time.Date(2024, 5, 6, 10, 30, 0, 0, time.UTC)
	date := func(d time.Duration) string { return now.Add(d).Format(http.TimeFormat) }
	ptr := func(n int) *int { return &n }
	type feed = feedspec.Feed
	const (
		min = 15 * time.Minute
		max = 24 * time.Hour
	)
	tests := []struct {
		name     string
		status   int
		header   http.Header
		feed     *feed
		min, max time.Duration // 0 0: min and max
		want     time.Duration // from now
		wantAt   time.Time     // instead of want, when not zero
	}{
		// 1. Retry-After on 429 and 503.
		{name: "429 Retry-After seconds", status: 429, header: http.Header{"Retry-After": {"7200"}}, want: 2 * time.Hour},
		{name: "503 Retry-After date", status: 503, header: http.Header{"Retry-After": {date(3 * time.Hour)}}, want: 3 * time.Hour},
		{name: "Retry-After below min", status: 429, header: http.Header{"Retry-After": {"120"}}, want: min},
		{name: "Retry-After below a smaller min", status: 429, header: http.Header{"Retry-After": {"120"}}, min: time.Minute, max: max, want: 2 * time.Minute},
		{name: "Retry-After in the past", status: 503, header: http.Header{"Retry-After": {date(-48 * time.Hour)}}, want: min},
		{name: "Retry-After years away", status: 429, header: http.Header{"Retry-After": {"99999999999999999999"}}, want: max},
		{name: "Retry-After date years away", status: 429, header: http.Header{"Retry-After": {"Fri, 01 Jan 2100 00:00:00 GMT"}}, want: max},
		{name: "Retry-After negative: ignored", status: 429, header: http.Header{"Retry-After": {"-300"}}, feed: &feed{TTL: ptr(60)}, want: time.Hour},
		{name: "Retry-After invalid: ignored", status: 429, header: http.Header{"Retry-After": {"soon"}}, feed: &feed{TTL: ptr(60)}, want: time.Hour},
		{name: "Retry-After on a 200: ignored", status: 200, header: http.Header{"Retry-After": {"7200"}}, want: min},
		{name: "Retry-After on a 500: ignored", status: 500, header: http.Header{"Retry-After": {"7200"}}, want: min},
		{name: "Retry-After before max-age", status: 503, header: http.Header{"Retry-After": {"7200"}, "Cache-Control": {"max-age=600"}}, want: 2 * time.Hour},
		{name: "Retry-After before ttl", status: 503, header: http.Header{"Retry-After": {"3600"}}, feed: &feed{TTL: ptr(600)}, want: time.Hour},

		// 2. Cache-Control max-age, Expires.
		{name: "max-age", status: 200, header: http.Header{"Cache-Control": {"public, max-age=3600"}}, want: time.Hour},
		{name: "max-age less Age", status: 200, header: http.Header{"Cache-Control": {"max-age=3600"}, "Age": {"600"}}, want: 50 * time.Minute},
		{name: "max-age quoted, upper case", status: 200, header: http.Header{"Cache-Control": {`MAX-AGE="7200"`}}, want: 2 * time.Hour},
		{name: "max-age in a second header", status: 200, header: http.Header{"Cache-Control": {"no-transform", "max-age=5400"}}, want: 90 * time.Minute},
		{name: "max-age before ttl", status: 200, header: http.Header{"Cache-Control": {"max-age=1800"}}, feed: &feed{TTL: ptr(120)}, want: 30 * time.Minute},
		{name: "max-age before Expires", status: 200, header: http.Header{"Cache-Control": {"max-age=1800"}, "Expires": {date(5 * time.Hour)}}, want: 30 * time.Minute},
		{name: "max-age=0 does not count", status: 200, header: http.Header{"Cache-Control": {"no-cache, max-age=0"}, "Expires": {date(5 * time.Hour)}}, feed: &feed{TTL: ptr(60)}, want: time.Hour},
		{name: "max-age used up by Age", status: 200, header: http.Header{"Cache-Control": {"max-age=60"}, "Age": {"120"}}, feed: &feed{TTL: ptr(60)}, want: time.Hour},
		{name: "max-age negative: invalid", status: 200, header: http.Header{"Cache-Control": {"max-age=-5"}}, feed: &feed{TTL: ptr(60)}, want: time.Hour},
		{name: "max-age huge", status: 200, header: http.Header{"Cache-Control": {"max-age=1000000000000000000000"}}, want: max},
		{name: "Expires", status: 200, header: http.Header{"Expires": {date(2 * time.Hour)}}, want: 2 * time.Hour},
		{name: "Expires from the server's Date", status: 200, header: http.Header{"Date": {date(-time.Hour)}, "Expires": {date(time.Hour)}}, want: 2 * time.Hour},
		{name: "Expires 0 does not count", status: 200, header: http.Header{"Expires": {"0"}}, feed: &feed{TTL: ptr(30)}, want: 30 * time.Minute},
		{name: "Expires in the past does not count", status: 200, header: http.Header{"Expires": {date(-time.Hour)}}, feed: &feed{UpdatePeriod: "hourly"}, want: time.Hour},
		{name: "Expires on a 304", status: 304, header: http.Header{"Expires": {date(4 * time.Hour)}}, want: 4 * time.Hour},

		// 3. ttl.
		{name: "ttl", status: 200, feed: &feed{TTL: ptr(90)}, want: 90 * time.Minute},
		{name: "ttl below min", status: 200, feed: &feed{TTL: ptr(5)}, want: min},
		{name: "ttl 0 does not count", status: 200, feed: &feed{TTL: ptr(0), UpdatePeriod: "hourly", UpdateFrequency: ptr(2)}, want: 30 * time.Minute},
		{name: "ttl 10^9", status: 200, feed: &feed{TTL: ptr(1_000_000_000)}, want: max},
		{name: "ttl before sy", status: 200, feed: &feed{TTL: ptr(120), UpdatePeriod: "hourly"}, want: 2 * time.Hour},

		// 4. sy:updatePeriod / sy:updateFrequency.
		{name: "sy hourly", status: 200, feed: &feed{UpdatePeriod: "hourly"}, want: time.Hour},
		{name: "sy hourly 2", status: 200, feed: &feed{UpdatePeriod: "hourly", UpdateFrequency: ptr(2)}, want: 30 * time.Minute},
		{name: "sy daily", status: 200, feed: &feed{UpdatePeriod: "daily"}, min: min, max: 48 * time.Hour, want: 24 * time.Hour},
		{name: "sy frequency alone: per day", status: 200, feed: &feed{UpdateFrequency: ptr(4)}, want: 6 * time.Hour},
		{name: "sy weekly 7", status: 200, feed: &feed{UpdatePeriod: "weekly", UpdateFrequency: ptr(7)}, want: 24 * time.Hour},
		{name: "sy weekly", status: 200, feed: &feed{UpdatePeriod: "weekly"}, want: max},
		{name: "sy monthly 30", status: 200, feed: &feed{UpdatePeriod: "monthly", UpdateFrequency: ptr(30)}, min: min, max: 48 * time.Hour, want: 24 * time.Hour},
		{name: "sy yearly 365", status: 200, feed: &feed{UpdatePeriod: "yearly", UpdateFrequency: ptr(365)}, min: min, max: 48 * time.Hour, want: 24 * time.Hour},
		{name: "sy hourly 1000", status: 200, feed: &feed{UpdatePeriod: "hourly", UpdateFrequency: ptr(1000)}, want: min},

		// 5. Nothing: min.
		{name: "nothing", status: 200, want: min},
		{name: "nothing, empty feed", status: 200, feed: &feed{}, want: min},

		// skipHours and skipDays, in GMT.
		{name: "skipHours", status: 200, feed: &feed{SkipHours: []int{10, 11}}, wantAt: time.Date(2024, 5, 6, 12, 0, 0, 0, time.UTC)},
		{name: "skipHours not reached", status: 200, feed: &feed{SkipHours: []int{12}}, want: min},
		{name: "skipDays", status: 200, feed: &feed{SkipDays: []string{"Monday"}}, wantAt: time.Date(2024, 5, 7, 0, 0, 0, 0, time.UTC)},
		{name: "skipDays and skipHours", status: 200, feed: &feed{TTL: ptr(840), SkipDays: []string{"Tuesday"}, SkipHours: []int{0, 1, 2, 3, 4, 5, 6}},
			min: min, max: 72 * time.Hour, wantAt: time.Date(2024, 5, 8, 7, 0, 0, 0, time.UTC)},
		{name: "every hour skipped: ignored", status: 200, feed: &feed{TTL: ptr(60), SkipHours: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}}, want: time.Hour},
		{name: "every day skipped: ignored", status: 200, feed: &feed{TTL: ptr(60), SkipDays: []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}}, want: time.Hour},
		{name: "skipped until after max", status: 200, feed: &feed{SkipDays: []string{"Monday"}}, min: min, max: time.Hour, want: time.Hour},
		{name: "skipHours out of range: ignored", status: 200, feed: &feed{SkipHours: []int{-1, 24, 99}}, want: min},
		{name: "Retry-After, then skipHours", status: 429, header: http.Header{"Retry-After": {"3600"}}, feed: &feed{SkipHours: []int{11}}, wantAt: time.Date(2024, 5, 6, 12, 0, 0, 0, time.UTC)},
		{name: "max-age, then skipDays", status: 200, header: http.Header{"Cache-Control": {"max-age=50400"}}, feed: &feed{SkipDays: []string{"Tuesday"}}, min: min, max: 72 * time.Hour, wantAt: time.Date(2024, 5, 8, 0, 0, 0, 0, time.UTC)},

		// The bounds.
		{name: "min above max", status: 200, feed: &feed{TTL: ptr(600)}, min: 2 * time.Hour, max: time.Hour, want: time.Hour},
		{name: "negative max", status: 200, feed: &feed{TTL: ptr(600)}, min: -time.Hour, max: -time.Hour, want: 0},
		{name: "negative min", status: 429, header: http.Header{"Retry-After": {date(-time.Hour)}}, min: -time.Hour, max: max, want: 0},
		{name: "410 Gone", status: 410, feed: nil, want: max},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &feedspec.FetchResult{StatusCode: tt.status, Header: tt.header, Feed: tt.feed, Gone: tt.status == 410}
			lo, hi := tt.min, tt.max
			if lo == 0 && hi == 0 {
				lo, hi = min, max
			}
			want := tt.wantAt
			if want.IsZero() {
				want = now.Add(tt.want)
			}
			got := r.NextFetch(now, lo, hi)
			assert.True(t, got.Equal(want), "NextFetch = %v (now %+v), want %v (now %+v)", got, got.Sub(now), want, want.Sub(now))
		})
	}
}

// TestNextFetchLocation checks that skipped hours are GMT hours whatever the
// location of now, and that the result is in now's location.
func TestNextFetchLocation(t *testing.T) {
	paris := time.FixedZone("CEST", 2*3600)
	now := time.Date(2024, 5, 6, 12, 30, 0, 0, paris) // 10:30 GMT
	r := &feedspec.FetchResult{StatusCode: 200, Feed: &feedspec.Feed{SkipHours: []int{10}}}
	got := r.NextFetch(now, 10*time.Minute, time.Hour)
	want := time.Date(2024, 5, 6, 13, 0, 0, 0, paris)
	assert.True(t, got.Equal(want), "got %v, want %v", got, want)
	assert.Same(t, paris, got.Location())
	// A nil result (no response): min.
	var none *feedspec.FetchResult
	got = none.NextFetch(now, 10*time.Minute, time.Hour)
	assert.True(t, got.Equal(now.Add(10*time.Minute)), "nil result: %v", got)
}

// TestNextFetchBounds feeds NextFetch hostile headers and feeds: the result
// is always within [now+min, now+max].
func TestNextFetchBounds(t *testing.T) {
	now := time.Date(2024, 5, 6, 10, 30, 0, 0, time.UTC)
	ptr := func(n int) *int { return &n }
	values := []string{"", "0", "-1", "1", "soon", "99999999999999999999999", "Fri, 01 Jan 2100 00:00:00 GMT",
		"Thu, 01 Jan 1970 00:00:00 GMT", `"3600"`, "max-age=", "max-age=abc", "max-age=-100", "max-age=99999999999999999999"}
	feeds := []*feedspec.Feed{nil, {}, {TTL: ptr(-5)}, {TTL: ptr(0)}, {TTL: ptr(1 << 62)},
		{UpdatePeriod: "hourly", UpdateFrequency: ptr(1 << 62)}, {UpdateFrequency: ptr(-3)},
		{SkipHours: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22}, SkipDays: []string{"Monday", "Tuesday"}}}
	bounds := [][2]time.Duration{{0, 0}, {time.Minute, time.Hour}, {time.Hour, 30 * 24 * time.Hour}, {0, 1 << 62}}
	for _, status := range []int{200, 304, 429, 503} {
		for _, v := range values {
			h := http.Header{"Retry-After": {v}, "Cache-Control": {v}, "Expires": {v}, "Age": {v}, "Date": {v}}
			for _, f := range feeds {
				for _, b := range bounds {
					r := &feedspec.FetchResult{StatusCode: status, Header: h, Feed: f}
					got := r.NextFetch(now, b[0], b[1])
					assert.Truef(t, !got.Before(now.Add(b[0])) && !got.After(now.Add(b[1])), "status %d, headers %q, feed %+v, bounds %v: %v is out of bounds", status, v, f, b, got)
				}
			}
		}
	}
}

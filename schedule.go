package feedspec

import (
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// NextFetch returns when a poller should fetch the feed again, given now,
// the time of this fetch, and the poller's bounds: min, the shortest
// interval it accepts (its usual interval), and max, the longest. It is a
// convenience beyond the specification, like Fetcher.
//
// The first of these rules that applies gives the interval:
//
//  1. On a 429 Too Many Requests or 503 Service Unavailable, the
//     Retry-After header: a number of seconds, or an HTTP date (one in the
//     past gives now).
//  2. The response's freshness lifetime (RFC 9111): Cache-Control max-age,
//     less the Age header; without max-age, Expires, relative to the Date
//     header. Only a positive lifetime counts: max-age=0, an Expires in the
//     past or an invalid one (the usual "do not cache" headers) say that
//     the response must not be reused, not when the feed changes.
//  3. The feed's RSS ttl, in minutes, when positive.
//  4. The feed's syndication module: sy:updatePeriod (hourly, daily,
//     weekly, monthly = 30 days, yearly = 365 days; daily when only the
//     frequency is given) divided by sy:updateFrequency (1 when absent).
//  5. Otherwise min.
//
// The interval is then held between min and max; the time it gives is moved
// out of the feed's skipHours and skipDays, to the start of the next hour
// that is skipped by neither (hours and days in GMT, as RSS says; a list
// that skips every hour, or every day, is ignored); and the result is never
// later than now+max. So NextFetch returns a time between now+min and
// now+max whatever the response and the feed say (a negative max-age, a
// Retry-After in the past or years away, a ttl of 0 or 10^9 minutes). A
// negative min or max counts as 0, and a min above max as max.
//
// A 410 Gone (see Gone) gives now+max: the feed is gone for good and a
// poller should stop fetching it.
//
// The feed rules (3, 4 and the skipped hours and days) read r.Feed, or
// when there is none (a 304 Not Modified, an error status) the feed of the
// previous fetch Fetch was given, if it had one. A 429 or 503 response
// reaches NextFetch: Fetch returns a result with the status error. NextFetch
// on a nil result (Fetch could not send the request or got no response)
// returns now+min; NextRetry, which backs off over consecutive failures,
// is the one to use after a failed fetch.
func (r *FetchResult) NextFetch(now time.Time, min, max time.Duration) time.Time {
	if max < 0 {
		max = 0
	}
	if min < 0 {
		min = 0
	}
	if min > max {
		min = max
	}
	if r == nil {
		return now.Add(min)
	}
	if r.Gone || r.StatusCode == http.StatusGone {
		return now.Add(max)
	}
	interval, ok := r.headerInterval(now)
	feed := r.Feed
	if feed == nil {
		feed = r.lastFeed
	}
	if !ok && feed != nil {
		interval, ok = feedInterval(feed)
	}
	if !ok {
		interval = min
	}
	interval = clampDuration(interval, min, max)
	next := now.Add(interval)
	if feed != nil {
		next = outOfSkipped(next, feed.SkipHours, feed.SkipDays)
	}
	if latest := now.Add(max); next.After(latest) {
		next = latest
	}
	return next.In(now.Location())
}

// NextRetry returns when a poller should try a feed again after a failed
// fetch: err is the error Fetch (or ParseResponse) returned, failures the
// number of consecutive failed fetches of the feed, this one included, now
// the time of this fetch, and min and max the poller's bounds as for
// NextFetch (min its usual interval, max the longest it waits). Use it when
// there is no result to ask (Fetch could not connect, or timed out) or
// instead of NextFetch whenever Fetch returns an error, so that failures
// back off; after a success, NextFetch schedules the next fetch and the
// count of failures starts again. It is a convenience beyond the
// specification, like Fetcher.
//
// The first of these rules that applies gives the interval:
//
//  1. When err is (or wraps) a *StatusError of a 429 Too Many Requests or
//     503 Service Unavailable whose header has a Retry-After (a number of
//     seconds, or an HTTP date), that delay wins, held between min and max:
//     the server says when to come back, but a Retry-After of 0, one in
//     the past or an invalid one cannot make a poller retry at once, and
//     one years away waits max.
//  2. A 410 Gone gives max: the feed was removed for good.
//  3. Otherwise exponential backoff: min for the first failure, doubled for
//     each further consecutive failure (min, 2·min, 4·min, ...), capped at
//     max. With a min of 0 the backoff starts at one second instead, so
//     that a careless min cannot retry a failing feed in a tight loop.
//
// Whatever err, the header and the arguments say, the result is between now
// and now+max (now+max at the latest even when min is larger): failures ≤ 0
// count as 1; a negative min or max counts as 0, and a min above max as max
// (so a max of 0 gives now). NextRetry ignores the feed's ttl and skipped
// hours: they say when the feed changes, not when a failing server works.
// A poller that wants to spread retries of many feeds adds its own jitter.
//
// What a poller does by status (errors.As(err, &se) with a *StatusError
// se, or FetchResult.StatusCode):
//   - 410 Gone (FetchResult.Gone): stop fetching the feed, and tell its
//     subscribers it was removed; a poller that keeps it anyway retries at
//     now+max, as NextRetry says.
//   - 404 Not Found: the feed may be back after a broken deploy, so back
//     off like any failure (NextRetry reaches max after a few tries), and
//     stop, or ask the user, once it has failed for long (days, or some
//     tens of consecutive failures).
//   - 429 and 503: NextRetry honours Retry-After (rule 1).
//   - 5xx, network errors and timeouts: back off (rule 3).
//   - A FetchResult.PermanentURL other than the URL fetched: fetch that
//     one from now on, whether or not the fetch failed.
func NextRetry(err error, failures int, now time.Time, min, max time.Duration) time.Time {
	if max < 0 {
		max = 0
	}
	if min < 0 {
		min = 0
	}
	if min > max {
		min = max
	}
	if failures < 1 {
		failures = 1
	}
	var se *StatusError
	if errors.As(err, &se) && se != nil {
		switch se.StatusCode {
		case http.StatusTooManyRequests, http.StatusServiceUnavailable:
			if se.Header != nil {
				if d, ok := retryAfter(se.Header.Get("Retry-After"), now); ok {
					return now.Add(clampDuration(d, min, max))
				}
			}
		case http.StatusGone:
			return now.Add(max)
		}
	}
	return now.Add(backoff(failures, min, max))
}

// backoff returns base·2^(failures-1) capped at max, where base is min, or
// one second when min is 0; failures ≥ 1 and 0 ≤ min ≤ max.
func backoff(failures int, min, max time.Duration) time.Duration {
	d := min
	if d == 0 {
		d = time.Second
	}
	for i := 1; i < failures && d < max; i++ {
		if d > max/2 {
			return max
		}
		d *= 2
	}
	return clampDuration(d, 0, max)
}

// headerInterval returns the interval the response's headers give (rules 1
// and 2 of NextFetch) and whether they give one.
func (r *FetchResult) headerInterval(now time.Time) (time.Duration, bool) {
	h := r.Header
	if h == nil {
		return 0, false
	}
	if r.StatusCode == http.StatusTooManyRequests || r.StatusCode == http.StatusServiceUnavailable {
		if d, ok := retryAfter(h.Get("Retry-After"), now); ok {
			return d, true
		}
	}
	if d, ok := freshnessLifetime(h, now); ok && d > 0 {
		return d, true
	}
	return 0, false
}

// retryAfter parses a Retry-After value (RFC 9110 section 10.2.3):
// delay-seconds or an HTTP date, the delay from now; never negative.
func retryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if n, ok := parseSeconds(v); ok {
		return n, true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	return max(t.Sub(now), 0), true
}

// freshnessLifetime returns the response's freshness lifetime less its age
// (RFC 9111 sections 4.2.1 and 4.2.3), and whether the headers give one.
func freshnessLifetime(h http.Header, now time.Time) (time.Duration, bool) {
	if maxAge, ok := cacheControlMaxAge(h.Values("Cache-Control")); ok {
		if age, ok := parseSeconds(strings.TrimSpace(h.Get("Age"))); ok {
			maxAge -= age
		}
		return maxAge, true
	}
	if vs := h.Values("Expires"); len(vs) > 0 {
		expires, err := http.ParseTime(strings.TrimSpace(vs[0]))
		if err != nil {
			return 0, true // an invalid Expires is a time in the past
		}
		base := now
		if date, err := http.ParseTime(strings.TrimSpace(h.Get("Date"))); err == nil {
			base = date // the server's clock: no skew between the two
		}
		return expires.Sub(base), true
	}
	return 0, false
}

// cacheControlMaxAge returns the value of the first valid max-age directive
// of the Cache-Control header values.
func cacheControlMaxAge(values []string) (time.Duration, bool) {
	for _, v := range values {
		for _, directive := range strings.Split(v, ",") {
			name, arg, _ := strings.Cut(strings.TrimSpace(directive), "=")
			if !strings.EqualFold(strings.TrimSpace(name), "max-age") {
				continue
			}
			arg = strings.TrimSpace(arg)
			if len(arg) >= 2 && arg[0] == '"' && arg[len(arg)-1] == '"' {
				arg = arg[1 : len(arg)-1]
			}
			if d, ok := parseSeconds(arg); ok {
				return d, true
			}
		}
	}
	return 0, false
}

// parseSeconds parses a non-negative decimal number of seconds (digits
// only); a number too large for a Duration gives the largest one.
func parseSeconds(s string) (time.Duration, bool) {
	if s == "" {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil { // out of range: the digits were checked
		n = math.MaxInt64
	}
	return scaleDuration(n, time.Second), true
}

// feedInterval returns the interval the feed's elements give (rules 3 and 4
// of NextFetch) and whether they give one.
func feedInterval(f *Feed) (time.Duration, bool) {
	if f.TTL != nil && *f.TTL > 0 {
		return scaleDuration(int64(*f.TTL), time.Minute), true
	}
	if f.UpdatePeriod == "" && f.UpdateFrequency == nil {
		return 0, false
	}
	period := 24 * time.Hour
	switch f.UpdatePeriod {
	case "hourly":
		period = time.Hour
	case "weekly":
		period = 7 * 24 * time.Hour
	case "monthly":
		period = 30 * 24 * time.Hour
	case "yearly":
		period = 365 * 24 * time.Hour
	}
	if f.UpdateFrequency != nil && *f.UpdateFrequency > 1 {
		period /= time.Duration(*f.UpdateFrequency)
	}
	return period, true
}

// scaleDuration returns n units, or the largest Duration when that
// overflows.
func scaleDuration(n int64, unit time.Duration) time.Duration {
	if n > int64(math.MaxInt64/unit) {
		return math.MaxInt64
	}
	return time.Duration(n) * unit
}

// clampDuration holds d between lo and hi.
func clampDuration(d, lo, hi time.Duration) time.Duration {
	return min(max(d, lo), hi)
}

// weekdays maps the spelling of Feed.SkipDays to time's weekdays.
var weekdays = map[string]time.Weekday{
	"Sunday": time.Sunday, "Monday": time.Monday, "Tuesday": time.Tuesday, "Wednesday": time.Wednesday,
	"Thursday": time.Thursday, "Friday": time.Friday, "Saturday": time.Saturday,
}

// outOfSkipped moves t to the start of the first hour, at t or after it,
// that is neither one of the skipped hours nor in one of the skipped days,
// in GMT. A list that skips every hour, or every day, is ignored.
func outOfSkipped(t time.Time, skipHours []int, skipDays []string) time.Time {
	var hours [24]bool
	nHours := 0
	for _, h := range skipHours {
		if h >= 0 && h < 24 && !hours[h] {
			hours[h] = true
			nHours++
		}
	}
	var days [7]bool
	nDays := 0
	for _, name := range skipDays {
		if d, ok := weekdays[name]; ok && !days[d] {
			days[d] = true
			nDays++
		}
	}
	if nHours == 24 {
		hours = [24]bool{}
	}
	if nDays == 7 {
		days = [7]bool{}
	}
	u := t.UTC()
	// At most 6 skipped days and 23 skipped hours: the loop ends within a
	// week.
	for hours[u.Hour()] || days[u.Weekday()] {
		u = u.Truncate(time.Hour).Add(time.Hour)
	}
	return u
}

package feedspec

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestAppendDateFast checks appendDate's path for 1970–9999 against the
// standard library's RFC 3339 over every day of 1969 to 2600 (at a time of
// day and fraction that change from day to day, in zones east and west),
// around the path's ends, and at random instants up to year 9999.
func TestAppendDateFast(t *testing.T) {
	check := func(tm time.Time) {
		t.Helper()
		require.Equal(t, tm.UTC().Format(time.RFC3339Nano), string(appendDate([]byte("x"), tm))[1:], "appendDate(%v)", tm)
	}
	east, west := time.FixedZone("", 5*3600+1800), time.FixedZone("", -11*3600)
	day := time.Date(1969, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; day.Year() < 2600; i++ {
		tm := day.Add(time.Duration(i*7919%86400)*time.Second + time.Duration(i%3*i*1000))
		check(tm)
		check(tm.In(east))
		check(tm.In(west))
		day = day.AddDate(0, 0, 1)
	}
	end := time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tm := range []time.Time{
		time.Unix(0, 0), time.Unix(-1, 0), time.Unix(0, 1), time.Unix(-1, 999999999),
		end, end.Add(-1), end.Add(-time.Second), end.Add(time.Second),
	} {
		check(tm)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		check(time.Unix(r.Int64N(end.Unix()), r.Int64N(1e9)))
	}
}

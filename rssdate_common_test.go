package feedspec

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rssDateCommonCases are strings of the common shape and near misses that
// rssDateCommon must give up on (or read as the algorithm does).
var rssDateCommonCases = []string{
	"Mon, 02 Nov 2026 10:00:00 GMT",
	"mon, 02 nov 2026 10:00:00 gmt",
	"Tue, 29 Feb 2028 23:59:59 +1400",
	"Tue, 29 Feb 2027 23:59:59 +1400", // no 29 February: rejected
	"Wed, 31 Apr 2026 00:00:00 -0000",
	"Thu, 01 Jan 1970 00:00:00 -9959",
	"Thu, 01 Jan 1970 00:00:00 +0060", // minutes above 59: rejected
	"Fri, 13 Mar 2026 24:00:00 GMT",   // hour 24: rejected
	"Sat, 14 Mar 2026 12:60:00 GMT",
	"Sat, 14 Mar 2026 12:00:60 GMT",
	"Sun, 15 Mar 2026 12:00:00 PST",
	"Sun, 15 Mar 2026 12:00:00 pdt",
	"Sun, 15 Mar 2026 12:00:00 Z",
	"Sun, 15 Mar 2026 12:00:00 A",
	"Sun, 15 Mar 2026 12:00:00 UNDEFINEDZONE",
	"Sun, 15 Mar 2026 12:00:00 EST5EDT",
	"Sun, 15 Mar 2026 12:00:00 +01:00",
	"Sun, 15 Mar 2026 12:00:00 +010",
	"Sun, 15 Mar 2026 12:00:00 +01000",
	"Sun, 15 Mar 2026 12:00:00 GMT ",
	"Sun, 15 Mar 2026 12:00:00 GMT (UTC)",
	"Sun, 15 Mar 2026 12:00:00  GMT",
	"Sun, 15 Mar 2026 12:00:00 (x)GMT",
	"Sun, 15 Mar 2026 12:00:00 \tGMT",
	" Sun, 15 Mar 2026 12:00:00 GMT",
	"Sun,15 Mar 2026 12:00:00 GMT",
	"Sun, 5 Mar 2026 12:00:00 GMT",
	"Sun, 15 Mars 2026 12:00:00 GMT",
	"Sun, 15 M4r 2026 12:00:00 GMT",
	"Sun, 15 Mar 26 12:00:00 GMT",
	"Sun, 15 Mar 02026 12:00:00 GMT",
	"Sun, 15 Mar 2026 12:00 GMT",
	"Sun, 15 Mar 2026 1a:00:00 GMT",
	"Su1, 15 Mar 2026 12:00:00 GMT",
	"Sun; 15 Mar 2026 12:00:00 GMT",
	"Sun, 00 Mar 2026 12:00:00 GMT",
	"Sun, 15 Mar 0000 12:00:00 +2359",
	"Sun, 15 Mar 2026 12:00:00 +",
	"Sun, 15 Mar 2026 12:00:00 G\x00T",
	"Sun, 15 Mar 2026 12:00:00 Gé",
	"Sun, 15 Mar 2026 12:00:00 ",
	"Sun, 15 Mar 2026 12:00:00",
	"Sun, 1/ Mar 2026 12:00:00 GMT",
	"Sun, 15 Mar 2026 12:00:00 GMTGMTGMT",
}

// TestRSSDateCommonSameAsExact: the common-shape reading gives what the
// algorithm as written gives (instant, acceptance, and whether the zone was
// assumed), and takes the strings it is meant for.
func TestRSSDateCommonSameAsExact(t *testing.T) {
	for _, s := range rssDateCommonCases {
		assertRSSDateSame(t, s)
	}
	for _, s := range []string{"Mon, 02 Nov 2026 10:00:00 GMT", "Tue, 29 Feb 2028 23:59:59 +1400", "Sun, 15 Mar 2026 12:00:00 PST", "Sun, 15 Mar 2026 12:00:00 A"} {
		_, _, ok := rssDateCommon(s)
		assert.True(t, ok, "%q is of the common shape", s)
	}
	for _, s := range []string{"Sun, 15 Mar 2026 12:00:00 GMT ", "Sun, 5 Mar 2026 12:00:00 GMT", "Sun, 15 Mar 2026 12:00:00 +01:00", "Thu, 01 Jan 1970 00:00:00 +0060"} {
		_, _, ok := rssDateCommon(s)
		assert.False(t, ok, "%q is left to the algorithm as written", s)
	}
}

func assertRSSDateSame(t testing.TB, s string) {
	want, wantOK := parseRSSDateExact(s)
	wantAssumed := wantOK && rssZoneAssumed(s)
	got, gotOK := parseRSSDate(s)
	require.Equal(t, wantOK, gotOK, "parseRSSDate(%q) accepted", s)
	require.Equal(t, want, got, "parseRSSDate(%q)", s)
	got, gotAssumed, gotOK := parseRSSDateAssumed(s)
	require.Equal(t, wantOK, gotOK, "parseRSSDateAssumed(%q) accepted", s)
	require.Equal(t, want, got, "parseRSSDateAssumed(%q)", s)
	require.Equal(t, wantAssumed, gotAssumed, "parseRSSDateAssumed(%q) assumed", s)
}

// FuzzRSSDateCommon compares the common-shape reading of RSS dates with the
// algorithm as written.
func FuzzRSSDateCommon(f *testing.F) {
	for _, s := range rssDateCommonCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		assertRSSDateSame(t, s)
	})
}

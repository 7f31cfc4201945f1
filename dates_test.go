package feedspec

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/stretchr/testify/require"
)

// dateCase is one input of a date algorithm and its expected result, written
// as formatDate prints it; "" means null (the algorithm rejects the input).
type dateCase struct {
	in   string
	want string
}

// checkDates runs parse over cases and reports every mismatch.
func checkDates(t *testing.T, name string, parse func(string) (time.Time, bool), cases []dateCase) {
	t.Helper()
	for _, c := range cases {
		got, ok := parse(c.in)
		switch {
		case c.want == "":
			assert.False(t, ok, "%s(%q) = %s, want null", name, c.in, formatDate(got))
		case !ok:
			assert.Fail(t, "no date", "%s(%q) = null, want %s", name, c.in, c.want)
		default:
			assert.Same(t, time.UTC, got.Location(), "%s(%q) location = %v, want UTC", name, c.in, got.Location())
			assert.Equal(t, c.want, formatDate(got), "%s(%q)", name, c.in)
		}
	}
}

// atomDateCases are the accept and reject cases of the Atom date algorithm (SUPPLEMENT §2.2).
var atomDateCases = []dateCase{
	// §2.2 step 6 and atom#28.
	{"2052-01-04T00:20:31+06:01", "2052-01-03T18:19:31Z"},
	{"1903-04-01T12:03:11Z", "1903-04-01T12:03:11Z"},
	{"2016-03-20T08:17:44+00:00", "2016-03-20T08:17:44Z"},
	// Step 1: lowercase letters are folded.
	{"2052-01-04t00:20:31z", "2052-01-04T00:20:31Z"},
	{"2052-01-04T00:20:31z", "2052-01-04T00:20:31Z"},
	{"2052-01-04t00:20:31Z", "2052-01-04T00:20:31Z"},
	// ... but no other letter is accepted.
	{"2052-01-04X00:20:31Z", ""},
	{"2052-01-04T00:20:31X", ""},
	{"2052-01-04T00:20:31UTC", ""},
	// The colon in the offset is optional.
	{"2052-01-04T00:20:31+0601", "2052-01-03T18:19:31Z"},
	{"2052-01-04T00:20:31-0601", "2052-01-04T06:21:31Z"},
	// Offsets: ±23:59 accepted, -00:00 is UTC, the sign covers the minutes.
	{"2000-01-01T00:00:00+23:59", "1999-12-31T00:01:00Z"},
	{"2000-01-01T00:00:00-23:59", "2000-01-01T23:59:00Z"},
	{"2000-01-01T00:00:00+14:00", "1999-12-31T10:00:00Z"},
	{"2000-01-01T00:00:00-00:00", "2000-01-01T00:00:00Z"},
	{"2000-01-01T00:00:00-00:30", "2000-01-01T00:30:00Z"},
	{"2000-01-01T00:00:00+00:30", "1999-12-31T23:30:00Z"},
	{"2000-01-01T00:00:00+24:00", ""},
	{"2000-01-01T00:00:00+06:60", ""},
	{"2000-01-01T00:00:00+2400", ""},
	{"2000-01-01T00:00:00+6:00", ""},
	{"2000-01-01T00:00:00+06:0", ""},
	{"2000-01-01T00:00:00+06:001", ""},
	{"2000-01-01T00:00:00+06", ""},
	{"2000-01-01T00:00:00+06:", ""},
	{"2000-01-01T00:00:00+", ""},
	{"2000-01-01T00:00:00+06::00", ""},
	{"2000-01-01T00:00:00+06:00Z", ""},
	{"2000-01-01T00:00:00ZZ", ""},
	{"2000-01-01T00:00:00Z ", ""},
	// Seconds are mandatory; no zone, no date-only or year-only form.
	{"2052-01-04T00:20Z", ""},
	{"2052-01-04T00:20:31", ""},
	{"2052-01-04", ""},
	{"2052-01", ""},
	{"4244", ""}, // atom#31
	{"", ""},
	// No space separator, no comma fraction, no surrounding white space.
	{"2052-01-04 00:20:31Z", ""},
	{"2052-01-04T00:20:31,5Z", ""},
	{" 2052-01-04T00:20:31Z", ""},
	{"2052-01-04T00:20:31Z\n", ""},
	{"\t2052-01-04T00:20:31Z", ""},
	// Field widths: exactly four digits of year, two of everything else.
	{"20521-01-04T00:20:31Z", ""},
	{"052-01-04T00:20:31Z", ""},
	{"2052-1-04T00:20:31Z", ""},
	{"2052-01-4T00:20:31Z", ""},
	{"2052-01-04T0:20:31Z", ""},
	{"2052-01-04T00:2:31Z", ""},
	{"2052-01-04T00:20:3Z", ""},
	{"2052-01-04T00:20:311Z", ""},
	{"+2052-01-04T00:20:31Z", ""},
	{"２０５２-01-04T00:20:31Z", ""}, // fullwidth digits are not ASCII digits
	{"2052/01/04T00:20:31Z", ""},
	// Fractions: trailing zeros dropped, kept to nanoseconds, truncated.
	{"2016-03-20T08:17:44.1200Z", "2016-03-20T08:17:44.12Z"},
	{"2016-03-20T08:17:44.000Z", "2016-03-20T08:17:44Z"},
	{"2016-03-20T08:17:44.5+01:00", "2016-03-20T07:17:44.5Z"},
	{"2016-03-20T08:17:44.123456789Z", "2016-03-20T08:17:44.123456789Z"},
	{"2016-03-20T08:17:44.1234567891234Z", "2016-03-20T08:17:44.123456789Z"},
	{"2016-03-20T08:17:44.9999999999Z", "2016-03-20T08:17:44.999999999Z"},
	{"2016-03-20T08:17:44.000000000001Z", "2016-03-20T08:17:44Z"},
	{"2016-03-20T08:17:44.Z", ""},
	{"2016-03-20T08:17:44.", ""},
	{"2016-03-20T08:17:44.5", ""},
	// Step 3: months and days, leap years.
	{"2016-02-29T00:00:00Z", "2016-02-29T00:00:00Z"},
	{"2015-02-29T00:00:00Z", ""},
	{"2000-02-29T00:00:00Z", "2000-02-29T00:00:00Z"},
	{"1900-02-29T00:00:00Z", ""},
	{"1900-02-28T00:00:00Z", "1900-02-28T00:00:00Z"},
	{"0000-02-29T12:00:00Z", "0000-02-29T12:00:00Z"},
	{"2052-00-04T00:20:31Z", ""},
	{"2052-13-04T00:20:31Z", ""},
	{"2052-01-00T00:20:31Z", ""},
	{"2052-01-32T00:20:31Z", ""},
	{"2052-04-31T00:20:31Z", ""},
	{"2052-04-30T00:20:31Z", "2052-04-30T00:20:31Z"},
	{"2052-12-31T23:59:59Z", "2052-12-31T23:59:59Z"},
	// Step 4: hour, minute, second; no leap second.
	{"2052-01-04T24:00:00Z", ""},
	{"2052-01-04T23:60:00Z", ""},
	{"2052-01-04T23:59:60Z", ""},
	{"2016-12-31T23:59:60Z", ""},
	// Offsets can cross year boundaries, down to before year 1.
	{"0000-01-01T00:00:00+00:01", "-0001-12-31T23:59:00Z"},
	{"9999-12-31T23:59:59-23:59", "10000-01-01T23:58:59Z"},
}

func TestParseAtomDate(t *testing.T) {
	checkDates(t, "parseAtomDate", parseAtomDate, atomDateCases)
}

// w3cDateCases are the accept and reject cases of the W3C-DTF date algorithm (SUPPLEMENT §2.3).
var w3cDateCases = []dateCase{
	// Year only, year and month, full date: midnight UTC.
	{"4244", "4244-01-01T00:00:00Z"}, // atom#35
	{"12012", "12012-01-01T00:00:00Z"},
	{"0000", "0000-01-01T00:00:00Z"},
	{"02014", "2014-01-01T00:00:00Z"},
	{"2012-03", "2012-03-01T00:00:00Z"},
	{"2012-03-05", "2012-03-05T00:00:00Z"},
	{"12012-12-31", "12012-12-31T00:00:00Z"},
	// Date and time.
	{"2013-03-05T00:13:33-03:11", "2013-03-05T03:24:33Z"}, // rss1#6
	{"2052-01-04T00:20:31+06:01", "2052-01-03T18:19:31Z"},
	{"2052-01-04T00:20:31+0601", "2052-01-03T18:19:31Z"},
	{"1903-04-01T12:03:11Z", "1903-04-01T12:03:11Z"},
	{"2012-03-01T12:00Z", "2012-03-01T12:00:00Z"},
	{"2012-03-01T12:00+01:00", "2012-03-01T11:00:00Z"},
	{"2012-03-01T12:00:30Z", "2012-03-01T12:00:30Z"},
	{"2012-03-01T12:00:30.5Z", "2012-03-01T12:00:30.5Z"},
	{"2012-03-01T12:00:30.1200Z", "2012-03-01T12:00:30.12Z"},
	{"2012-03-01T12:00:30.1234567891234Z", "2012-03-01T12:00:30.123456789Z"},
	{"2012-03-01T12:00:30.000Z", "2012-03-01T12:00:30Z"},
	{"12012-01-01T00:00:00Z", "12012-01-01T00:00:00Z"},
	// Offsets.
	{"2012-03-01T00:00-00:00", "2012-03-01T00:00:00Z"},
	{"2012-03-01T00:00-00:30", "2012-03-01T00:30:00Z"},
	{"2012-03-01T00:00+23:59", "2012-02-29T00:01:00Z"},
	{"2012-03-01T00:00+24:00", ""},
	{"2012-03-01T00:00+06:60", ""},
	{"2012-03-01T00:00+6:00", ""},
	{"2012-03-01T00:00+06", ""},
	// No case folding.
	{"2012-03-01t12:00Z", ""},
	{"2012-03-01T12:00z", ""},
	{"2012-03-01t12:00z", ""},
	// Year: four or more digits, no sign.
	{"212", ""},
	{"+2012", ""},
	{"-2012", ""},
	{"4a4", ""}, // atom#36
	{"", ""},
	// Other fields: exactly two digits.
	{"2021-2", ""},
	{"2021-02-5", ""},
	{"2021-002", ""},
	{"2021-02-005", ""},
	{"2012-03-01T1:00Z", ""},
	{"2012-03-01T12:0Z", ""},
	{"2012-03-01T12:00:3Z", ""},
	// Time requires a TZD; a fraction only after seconds; no bare time.
	{"2012-03-01T12:00", ""},
	{"2012-03-01T12:00:00", ""},
	{"2012-03-01T12Z", ""},
	{"2012-03-01T12:00.5Z", ""},
	{"2012-03-01T12:00:00.Z", ""},
	{"2012-03-01T", ""},
	{"2012-03-01TZ", ""},
	{"T12Z", ""},
	{"T12:00Z", ""},
	{"2012-", ""},
	{"2012-03-", ""},
	{"2012-03-01Z", ""},
	// No space separator, no surrounding white space.
	{"2012-03-01 12:00Z", ""},
	{" 2012", ""},
	{"2012 ", ""},
	{"2012-03-01\n", ""},
	// Range checks (as §2.2 steps 3–5).
	{"2012-00", ""},
	{"2012-13", ""},
	{"2012-02-30", ""},
	{"2015-02-29", ""},
	{"2016-02-29", "2016-02-29T00:00:00Z"},
	{"1900-02-29", ""},
	{"2000-02-29", "2000-02-29T00:00:00Z"},
	{"2012-03-01T24:00Z", ""},
	{"2012-03-01T23:60Z", ""},
	{"2012-03-01T23:59:60Z", ""},
	{"2012-03-01T23:59:59Z", "2012-03-01T23:59:59Z"},
	// Long digit runs: leading zeros are harmless; years past what
	// time.Time can hold give null, never a panic or a wrapped date.
	{"0000000000000000000000000000002012", "2012-01-01T00:00:00Z"},
	{"99999999999", "99999999999-01-01T00:00:00Z"},
	{"99999999999-12-31T23:59-23:59", "100000000000-01-01T23:58:00Z"},
	{"100000000000", ""},
	{"9223372036854775807", ""},
	{"18446744073709551617", ""},
	{"99999999999999999999999999999999999999-01-01", ""},
	{"0000-01-01T00:00+00:01", "-0001-12-31T23:59:00Z"},
}

func TestParseW3CDTFDate(t *testing.T) {
	checkDates(t, "parseW3CDTFDate", parseW3CDTFDate, w3cDateCases)
}

// rssDateCases are the accept and reject cases of the RSS 2.0 date algorithm (SUPPLEMENT §2.4).
var rssDateCases = []dateCase{
	// rss2#18, #19, #42; the weekday is not checked (20 Mar 2016 is a Sunday).
	{"Sat, 20 Mar 2016 03:13:44 -0504", "2016-03-20T08:17:44Z"},
	{"20 Mar 2016 03:13:44 -0504", "2016-03-20T08:17:44Z"},
	{"Sun, 20 Mar 2016 03:13:44 +0000", "2016-03-20T03:13:44Z"},
	{"Foo, 20 Mar 2016 03:13:44 GMT", "2016-03-20T03:13:44Z"},
	{"Thursday, 20 Mar 2016 03:13:44 GMT", "2016-03-20T03:13:44Z"},
	{"x, 20 Mar 2016 03:13:44 GMT", "2016-03-20T03:13:44Z"},
	// A weekday needs its comma.
	{"Sat 20 Mar 2016 03:13:44 GMT", ""},
	{"Sat, , 20 Mar 2016 03:13:44 GMT", ""},
	{", 20 Mar 2016 03:13:44 GMT", ""},
	{"Sat1, 20 Mar 2016 03:13:44 GMT", ""},
	// CFWS around everything.
	{"  Sat, 20 Mar 2016 03:13:44 GMT  ", "2016-03-20T03:13:44Z"},
	{"\r\n\tSat,20 Mar 2016 03:13:44 GMT\n", "2016-03-20T03:13:44Z"},
	{"Sat ,20 Mar 2016 03:13:44 GMT", "2016-03-20T03:13:44Z"},
	{"Sat\t,\t20\tMar\t2016\t03:13:44\tGMT", "2016-03-20T03:13:44Z"},
	{"20  Mar\r\n 2016   03:13:44    GMT", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 03 : 13 : 44 GMT", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 03\n:\n13\n:\n44\nGMT", "2016-03-20T03:13:44Z"},
	// U+000C and U+00A0 are not FWS.
	{"20\fMar 2016 03:13:44 GMT", ""},
	{"20 Mar 2016 03:13:44 GMT\f", ""},
	{"20\u00a0Mar 2016 03:13:44 GMT", ""},
	// Comments.
	{"20 Mar 2016 03:13:44 GMT (comment)", "2016-03-20T03:13:44Z"},
	{"(c) Sat, 20 Mar 2016 03:13:44 GMT", "2016-03-20T03:13:44Z"},
	{"Sat(c),(c)20(c)Mar(c)2016(c)03(c):(c)13(c):(c)44(c)GMT(c)", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 03:13:44 (a comment) +0100", "2016-03-20T02:13:44Z"},
	{"20 Mar 2016 03:13:44(x)EST", "2016-03-20T08:13:44Z"},
	{"20 Mar 2016 03:13:44 GMT (a (nested (deeply)) comment)", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 03:13:44 GMT (escaped \\) paren)", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 03:13:44 GMT (escaped \\( paren)", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 03:13:44 GMT (back\\\\slash)", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 03:13:44 GMT (multi\nline)", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 03:13:44 GMT (British Summer Time)", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 03:13:44 GMT (日本)", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 03:13:44 GMT ()", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 03:13:44 GMT ()()", "2016-03-20T03:13:44Z"},
	// Unbalanced parentheses and bad escapes fail the whole date.
	{"20 Mar 2016 03:13:44 GMT (", ""},
	{"20 Mar 2016 03:13:44 GMT )", ""},
	{"20 Mar 2016 03:13:44 GMT (a))", ""},
	{"20 Mar 2016 03:13:44 GMT ((a)", ""},
	{"(20 Mar 2016 03:13:44 GMT", ""},
	{"20 Mar 2016 03:13:44 GMT (a\\)", ""},
	{"20 Mar 2016 03:13:44 GMT (a\\", ""},
	{"20 Mar 2016 03:13:44 GMT (a\\\nb)", ""},
	// Seconds: a separator before the zone is required with seconds only.
	{"20 Mar 2016 03:13:44GMT", ""},
	{"20 Mar 2016 03:13:44+0000", ""},
	{"20 Mar 2016 03:13GMT", "2016-03-20T03:13:00Z"},
	{"20 Mar 2016 03:13+0100", "2016-03-20T02:13:00Z"},
	{"20 Mar 2016 03:13 GMT", "2016-03-20T03:13:00Z"},
	{"20 Mar 2016 03: GMT", ""},
	{"20 Mar 2016 03:13: GMT", ""},
	{"20 Mar 2016 03 GMT", ""},
	// The zone is mandatory; only ±hhmm or letters.
	{"20 Mar 2016 03:13:44", ""},
	{"20 Mar 2016 03:13:44 ", ""},
	{"20 Mar 2016 03:13", ""},
	{"20 Mar 2016 03:13:44 +05:00", ""},
	{"20 Mar 2016 03:13:44 +500", ""},
	{"20 Mar 2016 03:13:44 +05000", ""},
	{"20 Mar 2016 03:13:44 0500", ""},
	{"20 Mar 2016 03:13:44 GMT+0100", ""},
	{"20 Mar 2016 03:13:44 GMT +0100", ""},
	{"20 Mar 2016 03:13:44 GMTé", ""},
	{"20 Mar 2016 03:13:44 UTC1", ""},
	// Numeric zones: hours 00–99, minutes ≤ 59.
	{"20 Mar 2016 03:13:44 -0000", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 03:13:44 +0000", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 03:13:44 +0530", "2016-03-19T21:43:44Z"},
	{"20 Mar 2016 03:13:44 -0030", "2016-03-20T03:43:44Z"},
	{"20 Mar 2016 03:13:44 +2400", "2016-03-19T03:13:44Z"},
	{"20 Mar 2016 03:13:44 +9959", "2016-03-15T23:14:44Z"},
	{"20 Mar 2016 03:13:44 -9959", "2016-03-24T07:12:44Z"},
	{"20 Mar 2016 03:13:44 +0560", ""},
	{"20 Mar 2016 03:13:44 +0099", ""},
	// Not RFC 822 at all.
	{"3/5", ""}, // rss2#20
	{"2016-03-20T03:13:44Z", ""},
	{"20-Mar-2016 03:13:44 GMT", ""},
	{"20 Mar 2016 03:13:44.5 GMT", ""},
	{"Mar 20 2016 03:13:44 GMT", ""},
	{"20 Mar, 2016 03:13:44 GMT", ""},
	{"", ""},
	{"   ", ""},
	{"(only a comment)", ""},
	// Fields must be separated.
	{"20Mar 2016 03:13:44 GMT", ""},
	{"20 Mar2016 03:13:44 GMT", ""},
	{"20 Mar 201603:13:44 GMT", ""},
	// Month: three-letter English abbreviations, any case.
	{"20 mar 2016 03:13:44 GMT", "2016-03-20T03:13:44Z"},
	{"20 MAR 2016 03:13:44 GMT", "2016-03-20T03:13:44Z"},
	{"20 mAr 2016 03:13:44 GMT", "2016-03-20T03:13:44Z"},
	{"1 Jan 2016 00:00:00 GMT", "2016-01-01T00:00:00Z"},
	{"1 Feb 2016 00:00:00 GMT", "2016-02-01T00:00:00Z"},
	{"1 Apr 2016 00:00:00 GMT", "2016-04-01T00:00:00Z"},
	{"1 May 2016 00:00:00 GMT", "2016-05-01T00:00:00Z"},
	{"1 Jun 2016 00:00:00 GMT", "2016-06-01T00:00:00Z"},
	{"1 Jul 2016 00:00:00 GMT", "2016-07-01T00:00:00Z"},
	{"1 Aug 2016 00:00:00 GMT", "2016-08-01T00:00:00Z"},
	{"1 Sep 2016 00:00:00 GMT", "2016-09-01T00:00:00Z"},
	{"1 Oct 2016 00:00:00 GMT", "2016-10-01T00:00:00Z"},
	{"1 Nov 2016 00:00:00 GMT", "2016-11-01T00:00:00Z"},
	{"1 Dec 2016 00:00:00 GMT", "2016-12-01T00:00:00Z"},
	{"20 March 2016 03:13:44 GMT", ""},
	{"1 Sept 2016 00:00:00 GMT", ""},
	{"1 Ja 2016 00:00:00 GMT", ""},
	{"1 Mär 2016 00:00:00 GMT", ""},
	{"1 Mai 2016 00:00:00 GMT", ""},
	// Years: 2 digits → 1950–2049, 3 digits → +1900, other lengths as is.
	{"1 Jan 00 00:00:00 GMT", "2000-01-01T00:00:00Z"},
	{"1 Jan 49 00:00:00 GMT", "2049-01-01T00:00:00Z"},
	{"1 Jan 50 00:00:00 GMT", "1950-01-01T00:00:00Z"},
	{"1 Jan 99 00:00:00 GMT", "1999-01-01T00:00:00Z"},
	{"1 Jan 16 00:00:00 GMT", "2016-01-01T00:00:00Z"},
	{"1 Jan 116 00:00:00 GMT", "2016-01-01T00:00:00Z"},
	{"1 Jan 000 00:00:00 GMT", "1900-01-01T00:00:00Z"},
	{"1 Jan 999 00:00:00 GMT", "2899-01-01T00:00:00Z"},
	{"20 Mar 5 03:13:44 +0000", "0005-03-20T03:13:44Z"},
	{"1 Jan 0 00:00:00 GMT", "0000-01-01T00:00:00Z"},
	{"1 Jan 2016 00:00:00 GMT", "2016-01-01T00:00:00Z"},
	{"1 Jan 0016 00:00:00 GMT", "0016-01-01T00:00:00Z"},
	{"1 Jan 02014 00:00:00 GMT", "2014-01-01T00:00:00Z"},
	{"1 Jan 19101 00:00:00 GMT", "19101-01-01T00:00:00Z"},
	{"1 Jan 99999999999 00:00 GMT", "99999999999-01-01T00:00:00Z"},
	{"1 Jan 100000000000 00:00 GMT", ""},
	{"1 Jan 99999999999999999999999999999 00:00 GMT", ""},
	{"1 Jan 0000000000000000000000002016 00:00 GMT", "2016-01-01T00:00:00Z"},
	// Days: leading zeros and long runs are fine; 0 and too large are not.
	{"020 Mar 2016 03:13:44 GMT", "2016-03-20T03:13:44Z"},
	{"0000000000000000000000000020 Mar 2016 03:13:44 GMT", "2016-03-20T03:13:44Z"},
	{"0 Mar 2016 03:13:44 GMT", ""},
	{"00 Mar 2016 03:13:44 GMT", ""},
	{"32 Mar 2016 03:13:44 GMT", ""},
	{"31 Apr 2016 03:13:44 GMT", ""},
	{"99999999999999999999999 Mar 2016 03:13:44 GMT", ""},
	// Leap years, after the year adjustment.
	{"29 Feb 2016 00:00:00 GMT", "2016-02-29T00:00:00Z"},
	{"29 Feb 2015 00:00:00 GMT", ""},
	{"29 Feb 2000 00:00:00 GMT", "2000-02-29T00:00:00Z"},
	{"29 Feb 1900 00:00:00 GMT", ""},
	{"29 Feb 16 00:00:00 GMT", "2016-02-29T00:00:00Z"},
	{"29 Feb 15 00:00:00 GMT", ""},
	{"29 Feb 00 00:00:00 GMT", "2000-02-29T00:00:00Z"},
	{"29 Feb 100 00:00:00 GMT", "2000-02-29T00:00:00Z"},
	{"29 Feb 000 00:00:00 GMT", ""},
	// Time fields: any number of digits, checked ranges, no second 60.
	{"20 Mar 2016 3:5:7 GMT", "2016-03-20T03:05:07Z"},
	{"20 Mar 2016 003:0013:44 GMT", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 23:59:59 GMT", "2016-03-20T23:59:59Z"},
	{"20 Mar 2016 24:00:00 GMT", ""},
	{"20 Mar 2016 23:60:00 GMT", ""},
	{"20 Mar 2016 23:59:60 GMT", ""},
	{"31 Dec 2016 23:59:60 GMT", ""},
	{"20 Mar 2016 99999999999999999999:00:00 GMT", ""},
	{"20 Mar 2016 00:00:000000000000000000000059 GMT", "2016-03-20T00:00:59Z"},
	// Named zones the table does not know, or knows with no offset, are UTC.
	{"20 Mar 2016 03:13:44 HOGE", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 03:13:44 Z", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 03:13:44 z", "2016-03-20T03:13:44Z"},
	{"20 Mar 2016 03:13:44 ABCDEFGHIJKLMNOPQRSTUVWXYZ", "2016-03-20T03:13:44Z"},
	// The specification's table, not common usage.
	{"20 Mar 2016 03:13:44 BST", "2016-03-20T14:13:44Z"},
	{"20 Mar 2016 03:13:44 IST", "2016-03-20T01:13:44Z"},
	{"20 Mar 2016 03:13:44 bst", "2016-03-20T14:13:44Z"},
	{"20 Mar 2016 03:13:44 pDt", "2016-03-20T10:13:44Z"},
	// Near the ends of the range.
	{"1 Jan 0 00:00:00 +0001", "-0001-12-31T23:59:00Z"},
	{"31 Dec 99999999999 23:59:59 -9959", "100000000000-01-05T03:58:59Z"},
}

func TestParseRSSDate(t *testing.T) {
	checkDates(t, "parseRSSDate", parseRSSDate, rssDateCases)
}

// TestRSSZoneNames checks every name of the table of SUPPLEMENT §2.5, in upper
// and lower case, and the names whose offset is unknown (UTC).
func TestRSSZoneNames(t *testing.T) {
	known := map[int][]string{
		-720: {"IDLW"},
		-660: {"BST", "NT"},
		-600: {"AHST", "BDT", "CAT", "HAST", "HST"},
		-540: {"AKST", "HDT", "YST"},
		-480: {"PST", "YDT"},
		-420: {"MOUNTAIN", "MST", "PDT", "PPET"},
		-360: {"CST", "MDT"},
		-300: {"CDT", "EST"},
		-240: {"AST", "EDT", "EWT"},
		-210: {"NFT", "NST"},
		-180: {"ADT", "GST"},
		-150: {"NDT"},
		-120: {"AT", "FDT"},
		0:    {"GMT", "MET", "MEWT", "MEZ", "SAMST", "UCT", "UT", "UTC", "WET"},
		60:   {"CET", "DNT", "ECT", "FWT", "NOR", "SET", "SWT", "WETDST"},
		120:  {"CEST", "CETDST", "EET", "FST", "IST", "MEST", "METDST", "SST", "UKR"},
		180:  {"BT", "EEST", "EETDST", "IDT"},
		210:  {"IT"},
		420:  {"WAST"},
		480:  {"AWST", "CCT", "HKT", "WADT", "WST"},
		510:  {"MT"},
		540:  {"AWSST", "JCST", "JST", "JT", "KST", "WDT"},
		570:  {"ACST", "CAST", "SAST", "SAT"},
		600:  {"AEST", "EAST", "KDT", "LIGT"},
		630:  {"ACSST", "CADT", "SADT"},
		660:  {"AESST", "EADT"},
		720:  {"IDLE", "NZS", "NZST", "NZT"},
		780:  {"NZD", "NZDT"},
	}
	unknown := strings.Fields("A B C D E F G H I K L M N O P Q R S T U V W X Y Z " +
		"J AM PM DST EASTERN GDT GM LCL LOCAL LON LT UNDEFINED WAT")
	n := 0
	local := time.Date(2000, 6, 15, 12, 0, 0, 0, time.UTC)
	for off, names := range known {
		for _, name := range names {
			n++
			want := formatDate(local.Add(-time.Duration(off) * time.Minute))
			for _, spelled := range []string{name, strings.ToLower(name)} {
				checkDates(t, "parseRSSDate", parseRSSDate, []dateCase{
					{"Thu, 15 Jun 2000 12:00:00 " + spelled, want},
					{"15 Jun 2000 12:00 " + spelled + " (c)", want},
				})
			}
		}
	}
	assert.Equal(t, 94, n, "names with a known offset in the table")
	assert.Len(t, unknown, 38, "names with an unknown offset")
	for _, name := range unknown {
		for _, spelled := range []string{name, strings.ToLower(name)} {
			checkDates(t, "parseRSSDate", parseRSSDate, []dateCase{
				{"15 Jun 2000 12:00:00 " + spelled, "2000-06-15T12:00:00Z"},
			})
		}
	}
	// Names the table lists but the syntax cannot produce.
	for _, name := range []string{"ZP4", "ZP5", "ZP6", "MET DST"} {
		checkDates(t, "parseRSSDate", parseRSSDate, []dateCase{{"15 Jun 2000 12:00:00 " + name, ""}})
	}
}

func TestFormatDate(t *testing.T) {
	est := time.FixedZone("", -(5*60+4)*60)
	for _, c := range []struct {
		t    time.Time
		want string
	}{
		{time.Date(2016, 3, 20, 8, 17, 44, 0, time.UTC), "2016-03-20T08:17:44Z"},
		{time.Date(2016, 3, 20, 3, 13, 44, 0, est), "2016-03-20T08:17:44Z"},
		{time.Date(5, 3, 20, 3, 13, 44, 0, time.UTC), "0005-03-20T03:13:44Z"},
		{time.Date(999, 1, 2, 3, 4, 5, 0, time.UTC), "0999-01-02T03:04:05Z"},
		{time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC), "0000-01-01T00:00:00Z"},
		{time.Date(-1, 12, 31, 23, 59, 0, 0, time.UTC), "-0001-12-31T23:59:00Z"},
		{time.Date(-12345, 1, 1, 0, 0, 0, 0, time.UTC), "-12345-01-01T00:00:00Z"},
		{time.Date(4244, 1, 1, 0, 0, 0, 0, time.UTC), "4244-01-01T00:00:00Z"},
		{time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC), "9999-12-31T23:59:59Z"},
		{time.Date(12012, 1, 1, 0, 0, 0, 0, time.UTC), "12012-01-01T00:00:00Z"},
		{time.Date(99999999999, 12, 31, 0, 0, 0, 0, time.UTC), "99999999999-12-31T00:00:00Z"},
		{time.Date(2016, 3, 20, 8, 17, 44, 120000000, time.UTC), "2016-03-20T08:17:44.12Z"},
		{time.Date(2016, 3, 20, 8, 17, 44, 500000000, time.UTC), "2016-03-20T08:17:44.5Z"},
		{time.Date(2016, 3, 20, 8, 17, 44, 1, time.UTC), "2016-03-20T08:17:44.000000001Z"},
		{time.Date(2016, 3, 20, 8, 17, 44, 999999999, time.UTC), "2016-03-20T08:17:44.999999999Z"},
		{time.Date(2016, 3, 20, 8, 17, 44, 123456780, time.UTC), "2016-03-20T08:17:44.12345678Z"},
		{time.Time{}, "0001-01-01T00:00:00Z"},
	} {
		assert.Equal(t, c.want, formatDate(c.t), "formatDate(%v)", c.t)
	}
	// For years 0–9999, formatDate agrees with the standard library's RFC 3339.
	for _, tm := range []time.Time{
		time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2024, 2, 29, 23, 59, 59, 10, time.UTC),
		time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2052, 1, 4, 0, 20, 31, 0, time.FixedZone("", 6*3600+60)),
	} {
		assert.Equal(t, tm.UTC().Format(time.RFC3339Nano), formatDate(tm), "formatDate(%v) vs time.Format", tm)
	}
}

// TestDaysFromCivil checks the day count the parsers use against the
// standard library over every day of years -1 to 2500 and some far years.
func TestDaysFromCivil(t *testing.T) {
	check := func(y int64, m, d int64) {
		want := time.Date(int(y), time.Month(m), int(d), 0, 0, 0, 0, time.UTC).Unix() / 86400
		require.Equal(t, want, dtDaysFromCivil(y, m, d), "dtDaysFromCivil(%d, %d, %d)", y, m, d)
	}
	for y := int64(-1); y <= 2500; y++ {
		for m := int64(1); m <= 12; m++ {
			for d := int64(1); d <= dtDaysIn(y, int(m)); d++ {
				check(y, m, d)
			}
		}
	}
	for _, y := range []int64{9999, 10000, 12012, 1e6, 1e9, dtMaxYear} {
		check(y, 1, 1)
		check(y, 2, 28)
		check(y, 3, 1)
		check(y, 12, 31)
	}
}

// TestDatesCaseFolding: the Atom algorithm folds lowercase letters, W3C-DTF
// does not, and whatever the Atom algorithm accepts, W3C-DTF accepts in
// uppercase with the same instant.
func TestDatesCaseFolding(t *testing.T) {
	for _, s := range []string{"2052-01-04t00:20:31z", "2052-01-04t00:20:31.5+01:00", "2052-01-04T00:20:31Z"} {
		a, ok := parseAtomDate(s)
		require.True(t, ok, "parseAtomDate(%q) failed", s)
		_, okW := parseW3CDTFDate(s)
		assert.Equal(t, s == strings.ToUpper(s), okW, "parseW3CDTFDate(%q) ok", s)
		w, ok := parseW3CDTFDate(strings.ToUpper(s))
		assert.True(t, ok && w.Equal(a), "parseW3CDTFDate(%q) = %v, %v; want %v", strings.ToUpper(s), w, ok, a)
	}
}

// TestDatesConformance runs the date algorithms over every date element of
// the conformance suite (../shared/conformance/feed-parsing/*.dat) and checks
// that the dates each case's #parsed value holds are exactly the dates the
// algorithms accept.
func TestDatesConformance(t *testing.T) {
	dir := filepath.Join("..", "shared", "conformance", "feed-parsing")
	files, _ := filepath.Glob(filepath.Join(dir, "*.dat"))
	if len(files) == 0 {
		t.Skipf("conformance suite not found in %s", dir)
	}
	open := regexp.MustCompile(`<((?:[A-Za-z]+:)?(updated|published|modified|created|issued|pubDate|lastBuildDate|date))(?:\s[^>]*)?>`)
	emptyChild := regexp.MustCompile(`<[^<>]*/>`)
	child := regexp.MustCompile(`<[A-Za-z][^<>]*>[^<]*</[^<>]*>`)
	parsedDate := regexp.MustCompile(`"(?:updated|published)"\s*:\s*"([^"]*)"`)
	algorithm := map[string]func(string) (time.Time, bool){
		"updated": parseAtomDate, "published": parseAtomDate,
		"modified": parseW3CDTFDate, "created": parseW3CDTFDate, "issued": parseW3CDTFDate, "date": parseW3CDTFDate,
		"pubDate": parseRSSDate, "lastBuildDate": parseRSSDate,
	}
	elements, cases := 0, 0
	for _, file := range files {
		b, err := os.ReadFile(file)
		require.NoError(t, err)
		for n, block := range strings.Split("\n"+string(b), "\n#data")[1:] {
			data, parsed, found := strings.Cut(block, "\n#parsed")
			if !found {
				continue
			}
			var got []string
			for _, m := range open.FindAllStringSubmatchIndex(data, -1) {
				name, local := data[m[2]:m[3]], data[m[4]:m[5]]
				rest := data[m[1]:]
				end := strings.Index(rest, "</"+name+">")
				if end < 0 {
					continue
				}
				// Child text content: child elements contribute nothing.
				text := emptyChild.ReplaceAllString(rest[:end], "")
				text = child.ReplaceAllString(text, "")
				elements++
				if tm, ok := algorithm[local](text); ok {
					got = append(got, formatDate(tm))
				}
			}
			var want []string
			for _, m := range parsedDate.FindAllStringSubmatch(parsed, -1) {
				want = append(want, m[1])
			}
			if len(got) == 0 && len(want) == 0 {
				continue
			}
			cases++
			sort.Strings(got)
			sort.Strings(want)
			assert.Equal(t, want, got, "%s#%d: date algorithms vs #parsed", filepath.Base(file), n+1)
		}
	}
	t.Logf("conformance dates: %d date elements, %d cases with a date checked", elements, cases)
	assert.GreaterOrEqual(t, elements, 27, "date elements found in the conformance suite")
}

// rssForm writes t as an RSS 2.0 date with a five-digit year, which the RSS
// algorithm reads as is (two- and three-digit years are shifted).
func rssForm(t time.Time) string {
	return fmt.Sprintf("%02d %s %05d %02d:%02d:%02d +0000", t.Day(), t.Month().String()[:3], t.Year(), t.Hour(), t.Minute(), t.Second())
}

func FuzzAtomDate(f *testing.F) {
	for _, s := range []string{"2052-01-04T00:20:31+06:01", "2052-01-04t00:20:31z", "2016-03-20T08:17:44.1234567891234-0030", "0000-02-29T00:00:00+23:59", "4244"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tm, ok := parseAtomDate(s)
		if !ok {
			return
		}
		require.Same(t, time.UTC, tm.Location(), "parseAtomDate(%q) not in UTC", s)
		// Whatever Atom accepts, W3C-DTF accepts once uppercased, same instant.
		up := strings.ToUpper(s)
		w, ok := parseW3CDTFDate(up)
		require.True(t, ok && w.Equal(tm), "parseAtomDate(%q) = %v but parseW3CDTFDate(%q) = %v, %v", s, tm, up, w, ok)
		out := formatDate(tm)
		if y := tm.Year(); y >= 0 && y <= 9999 {
			back, ok := parseAtomDate(out)
			require.True(t, ok, "parseAtomDate(%q) = %v; formatted %q does not re-parse", s, tm, out)
			require.Equal(t, tm, back, "parseAtomDate(%q); formatted %q re-parses", s, out)
		}
	})
}

func FuzzW3CDTFDate(f *testing.F) {
	for _, s := range []string{"4244", "12012-03", "2013-03-05T00:13:33-03:11", "2012-03-01T12:00Z", "2012-03-01T12:00:30.5+0100", "99999999999-12-31T23:59-23:59", "0000-01-01T00:00+00:01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tm, ok := parseW3CDTFDate(s)
		if !ok {
			return
		}
		require.Same(t, time.UTC, tm.Location(), "parseW3CDTFDate(%q) not in UTC", s)
		out := formatDate(tm)
		if y := tm.Year(); y >= 0 && y <= dtMaxYear {
			back, ok := parseW3CDTFDate(out)
			require.True(t, ok, "parseW3CDTFDate(%q) = %v; formatted %q does not re-parse", s, tm, out)
			require.Equal(t, tm, back, "parseW3CDTFDate(%q); formatted %q re-parses", s, out)
		}
	})
}

func FuzzRSSDate(f *testing.F) {
	for _, s := range []string{"Sat, 20 Mar 2016 03:13:44 -0504", "20 Mar 16 3:5 GMT", "(c) 020 mar 116 03 : 13 : 44 (x) pdt (a (b) \\) c)", "1 Jan 0 00:00:00 +9959", "29 Feb 100 00:00 UNDEFINED"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tm, ok := parseRSSDate(s)
		if !ok {
			return
		}
		require.Same(t, time.UTC, tm.Location(), "parseRSSDate(%q) = %v: not in UTC", s, tm)
		require.Zero(t, tm.Nanosecond(), "parseRSSDate(%q) = %v: not whole seconds", s, tm)
		_ = formatDate(tm)
		if y := tm.Year(); y >= 0 && y <= dtMaxYear {
			in := rssForm(tm)
			back, ok := parseRSSDate(in)
			require.True(t, ok, "parseRSSDate(%q) = %v; %q does not re-parse", s, tm, in)
			require.Equal(t, tm, back, "parseRSSDate(%q); %q re-parses", s, in)
		}
	})
}

var benchSink time.Time

func BenchmarkParseAtomDate(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = parseAtomDate("2052-01-04T00:20:31.123+06:01")
	}
}

func BenchmarkParseW3CDTFDate(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = parseW3CDTFDate("2013-03-05T00:13:33-03:11")
	}
}

func BenchmarkParseRSSDate(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = parseRSSDate("Sat, 20 Mar 2016 03:13:44 PDT")
	}
}

func BenchmarkParseRSSDateNumericZone(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		benchSink, _ = parseRSSDate("Sat, 20 Mar 2016 03:13:44 -0504")
	}
}

var benchString string

func BenchmarkFormatDate(b *testing.B) {
	tm := time.Date(2016, 3, 20, 8, 17, 44, 120000000, time.UTC)
	b.ReportAllocs()
	for b.Loop() {
		benchString = formatDate(tm)
	}
}

package feedspec

import "time"

// This file implements the three date algorithms of the Feed Parsing
// specification ("process an Atom date", "process a W3C-DTF date", "process an
// RSS 2.0 date"), which the specification copy names but does not define; they
// follow the reference implementation's (docs/decisions.md#date-algorithms).
// It also holds formatDate, the canonical JSON form of an
// instant.
//
// Common rules (docs/decisions.md#date-algorithms and #date-output):
//   - the input is the element's child text content, untrimmed;
//   - the result is an instant in UTC (the original offset is not kept);
//   - the calendar is the proleptic Gregorian one, and a second of 60 (a leap
//     second) is never accepted;
//   - a fractional second (Atom and W3C-DTF only) keeps its first nine digits
//     (nanoseconds); digits past the ninth are dropped, truncated, not rounded;
//   - a year above dtMaxYear gives null rather than an instant time.Time cannot
//     represent (long digit runs never overflow: the scanners saturate).
//
// The scanners are hand-written and allocate nothing.

// dtMaxYear is the largest calendar year the date algorithms accept. time.Time
// represents instants up to about year 2.9e11; staying well below keeps every
// computation (including an RSS zone offset of up to 99:59) exact.
const dtMaxYear = 99_999_999_999

// dtSaturated is the value a digit run too long to matter is clamped to. It is
// above every limit the algorithms check (dtMaxYear included), so a saturated
// value is always rejected by a range check.
const dtSaturated = dtMaxYear + 1

// dtIsLeap reports whether y is a leap year in the proleptic Gregorian
// calendar: divisible by 4 and not by 100, or divisible by 400.
func dtIsLeap(y int64) bool {
	return y%4 == 0 && (y%100 != 0 || y%400 == 0)
}

// dtDaysIn returns the number of days of month m (1–12) of year y.
func dtDaysIn(y int64, m int) int64 {
	switch m {
	case 2:
		if dtIsLeap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// dtDaysFromCivil returns the number of days from 1970-01-01 to the given date
// of the proleptic Gregorian calendar (month 1–12, day valid for the month).
func dtDaysFromCivil(y int64, m, d int64) int64 {
	if m <= 2 {
		y--
	}
	era := y
	if era < 0 {
		era -= 399
	}
	era /= 400
	yoe := y - era*400 // [0, 399]
	mp := m - 3
	if mp < 0 {
		mp += 12
	}
	doy := (153*mp+2)/5 + d - 1            // [0, 365]
	doe := yoe*365 + yoe/4 - yoe/100 + doy // [0, 146096]
	return era*146097 + doe - 719468
}

// dtFields are the fields one of the algorithms read, before the range checks.
type dtFields struct {
	year, month, day     int64
	hour, minute, second int64
	nsec                 int64
	offset               int64 // minutes east of UTC
}

// instant applies the range checks common to the three algorithms (month
// 1–12, day valid for the month of that year, hour ≤ 23, minute ≤ 59, second
// ≤ 59, year ≤ dtMaxYear) and returns the local date-time minus the offset, in
// UTC. The offset itself is checked by each algorithm.
func (f *dtFields) instant() (time.Time, bool) {
	if f.year > dtMaxYear || f.month < 1 || f.month > 12 ||
		f.day < 1 || f.day > dtDaysIn(f.year, int(f.month)) ||
		f.hour > 23 || f.minute > 59 || f.second > 59 {
		return time.Time{}, false
	}
	sec := dtDaysFromCivil(f.year, f.month, f.day)*86400 +
		f.hour*3600 + f.minute*60 + f.second - f.offset*60
	return time.Unix(sec, f.nsec).UTC(), true
}

// dtIsDigit reports whether c is an ASCII digit.
func dtIsDigit(c byte) bool { return '0' <= c && c <= '9' }

// dtIsAlpha reports whether c is an ASCII letter.
func dtIsAlpha(c byte) bool { return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') }

// dtFixedDigits reads exactly n ASCII digits at s[i:], returning their value and
// the index after them, or ok false when there are not n digits there.
func dtFixedDigits(s string, i, n int) (v int64, j int, ok bool) {
	if len(s)-i < n {
		return 0, i, false
	}
	for j = i; j < i+n; j++ {
		c := s[j]
		if !dtIsDigit(c) {
			return 0, i, false
		}
		v = v*10 + int64(c-'0')
	}
	return v, j, true
}

// dtDigitRun reads one or more ASCII digits at s[i:], returning their numeric
// value (saturated at dtSaturated, so that no run overflows), the
// number of digits, and the index after them. n is 0 when there is no digit.
func dtDigitRun(s string, i int) (v int64, n, j int) {
	for j = i; j < len(s) && dtIsDigit(s[j]); j++ {
		if v < dtSaturated {
			v = v*10 + int64(s[j]-'0')
		}
	}
	if v > dtSaturated {
		v = dtSaturated
	}
	return v, j - i, j
}

// dtFraction reads the digits of a fractional second at s[i:] (after the "."),
// keeping the first nine as nanoseconds and dropping (truncating) the rest.
// n is the number of digits read, 0 when there is none.
func dtFraction(s string, i int) (nsec int64, n, j int) {
	scale := int64(100_000_000)
	for j = i; j < len(s) && dtIsDigit(s[j]); j++ {
		nsec += int64(s[j]-'0') * scale
		scale /= 10
	}
	return nsec, j - i, j
}

// dtParseTZD reads a zone designator at s[i:] that must end the string: "Z"
// (or "z" when foldZ), or SIGN hh [":"] mm with offset hour ≤ 23 and offset
// minute ≤ 59. The offset is returned in minutes east of UTC; the sign applies
// to the minutes too ("-00:30" is thirty minutes behind UTC, "-00:00" is UTC).
// docs/decisions.md#atom-date and #w3cdtf-date.
func dtParseTZD(s string, i int, foldZ bool) (int64, bool) {
	if i >= len(s) {
		return 0, false
	}
	switch c := s[i]; {
	case c == 'Z' || (foldZ && c == 'z'):
		return 0, i+1 == len(s)
	case c == '+' || c == '-':
		h, j, ok := dtFixedDigits(s, i+1, 2)
		if !ok {
			return 0, false
		}
		if j < len(s) && s[j] == ':' {
			j++
		}
		m, j, ok := dtFixedDigits(s, j, 2)
		if !ok || j != len(s) || h > 23 || m > 59 {
			return 0, false
		}
		off := h*60 + m
		if c == '-' {
			off = -off
		}
		return off, true
	}
	return 0, false
}

// parseAtomDate implements "process an Atom date" (RFC 3339 profile,
// docs/decisions.md#atom-date): YYYY-MM-DDThh:mm:ss[.fraction](Z / ±hh[:]mm),
// the whole string and nothing else; ASCII lowercase letters are folded to
// uppercase first, so "t" and "z" are accepted. Seconds are mandatory. The
// fraction keeps nanoseconds; digits past the ninth are truncated.
func parseAtomDate(s string) (time.Time, bool) {
	// Step 1 (case folding) is done by accepting 't' and 'z' where 'T' and
	// 'Z' are expected: no other letter can match.
	// Step 2: the syntax.
	if len(s) < len("0000-00-00T00:00:00Z") {
		return time.Time{}, false
	}
	var f dtFields
	var ok bool
	i := 0
	if f.year, i, ok = dtFixedDigits(s, i, 4); !ok || s[i] != '-' {
		return time.Time{}, false
	}
	if f.month, i, ok = dtFixedDigits(s, i+1, 2); !ok || s[i] != '-' {
		return time.Time{}, false
	}
	if f.day, i, ok = dtFixedDigits(s, i+1, 2); !ok || (s[i] != 'T' && s[i] != 't') {
		return time.Time{}, false
	}
	if f.hour, i, ok = dtFixedDigits(s, i+1, 2); !ok || i >= len(s) || s[i] != ':' {
		return time.Time{}, false
	}
	if f.minute, i, ok = dtFixedDigits(s, i+1, 2); !ok || i >= len(s) || s[i] != ':' {
		return time.Time{}, false
	}
	if f.second, i, ok = dtFixedDigits(s, i+1, 2); !ok {
		return time.Time{}, false
	}
	if i < len(s) && s[i] == '.' {
		var n int
		if f.nsec, n, i = dtFraction(s, i+1); n == 0 {
			return time.Time{}, false
		}
	}
	// Step 5: the offset.
	if f.offset, ok = dtParseTZD(s, i, true); !ok {
		return time.Time{}, false
	}
	// Steps 3, 4 and 6.
	return f.instant()
}

// parseW3CDTFDate implements "process a W3C-DTF date"
// (docs/decisions.md#w3cdtf-date): YYYY+, YYYY+-MM, YYYY+-MM-DD, or
// YYYY+-MM-DDThh:mm[:ss[.fraction]]TZD, where YYYY+ is four or more digits and
// TZD is "Z" or ±hh[:]mm. No case folding. A date without a time is midnight
// UTC. The fraction keeps nanoseconds; digits past the ninth are truncated.
func parseW3CDTFDate(s string) (time.Time, bool) {
	f := dtFields{month: 1, day: 1}
	var n int
	var ok bool
	i := 0
	if f.year, n, i = dtDigitRun(s, 0); n < 4 {
		return time.Time{}, false
	}
	if i == len(s) {
		return f.instant() // year only
	}
	if s[i] != '-' {
		return time.Time{}, false
	}
	if f.month, i, ok = dtFixedDigits(s, i+1, 2); !ok {
		return time.Time{}, false
	}
	if i == len(s) {
		return f.instant() // year and month
	}
	if s[i] != '-' {
		return time.Time{}, false
	}
	if f.day, i, ok = dtFixedDigits(s, i+1, 2); !ok {
		return time.Time{}, false
	}
	if i == len(s) {
		return f.instant() // full date
	}
	if s[i] != 'T' {
		return time.Time{}, false
	}
	if f.hour, i, ok = dtFixedDigits(s, i+1, 2); !ok || i >= len(s) || s[i] != ':' {
		return time.Time{}, false
	}
	if f.minute, i, ok = dtFixedDigits(s, i+1, 2); !ok {
		return time.Time{}, false
	}
	if i < len(s) && s[i] == ':' {
		if f.second, i, ok = dtFixedDigits(s, i+1, 2); !ok {
			return time.Time{}, false
		}
		if i < len(s) && s[i] == '.' {
			if f.nsec, n, i = dtFraction(s, i+1); n == 0 {
				return time.Time{}, false
			}
		}
	}
	if f.offset, ok = dtParseTZD(s, i, false); !ok {
		return time.Time{}, false
	}
	return f.instant()
}

// dtIsFWS reports whether c is folding white space in an RSS 2.0 date: U+0009,
// U+000A, U+000D or U+0020 (not U+000C). docs/decisions.md#rss-date.
func dtIsFWS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// dtSkipCFWS skips a run of folding white space and (nested) comments at s[i:].
// It returns the index after the run, whether anything was skipped, and ok
// false when a comment is malformed (unbalanced parenthesis, or a backslash
// followed by LF or by nothing), which makes the whole date fail.
//
// A comment is "(" … ")" whose inside mixes characters other than "(", ")"
// and "\", a backslash followed by any character except LF, and nested
// comments. docs/decisions.md#rss-date.
func dtSkipCFWS(s string, i int) (j int, skipped, ok bool) {
	start := i
	for i < len(s) {
		c := s[i]
		if dtIsFWS(c) {
			i++
			continue
		}
		if c != '(' {
			break
		}
		depth := 0
		for {
			if i >= len(s) {
				return i, false, false // unbalanced
			}
			c := s[i]
			switch c {
			case '(':
				depth++
			case ')':
				depth--
			case '\\':
				if i+1 >= len(s) || s[i+1] == '\n' {
					return i, false, false
				}
				i++
			}
			i++
			if depth == 0 {
				break
			}
		}
	}
	return i, i > start, true
}

// parseRSSDate implements "process an RSS 2.0 date" (RFC 822 with real-world
// leniency, docs/decisions.md#rss-date; zone names #rss-zone-table). The whole
// string must match
//
//	CFWS* [WEEKDAY CFWS* "," CFWS*] DAY CFWS+ MONTH CFWS+ YEAR CFWS+
//	HOUR CFWS* ":" CFWS* MINUTE CFWS* [":" CFWS* SECOND CFWS+] ZONE CFWS*
//
// with WEEKDAY, MONTH and a named ZONE made of ASCII letters, DAY, YEAR, HOUR,
// MINUTE and SECOND made of ASCII digits, and a numeric ZONE ±hhmm. The
// weekday is never checked; a zone name the table does not give an offset for
// is UTC.
//
// The shape most dates have is read by rssDateCommon; every other string by
// parseRSSDateExact, the algorithm as written.
func parseRSSDate(s string) (time.Time, bool) {
	if f, _, ok := rssDateCommon(s); ok {
		return f.instant()
	}
	return parseRSSDateExact(s)
}

// parseRSSDateAssumed is parseRSSDate, also telling whether the zone was
// assumed (rssZoneAssumed): the zones most dates have, GMT and ±hhmm, are
// known without reading the date again.
func parseRSSDateAssumed(s string) (t time.Time, assumed, ok bool) {
	if f, zone, common := rssDateCommon(s); common {
		if t, ok = f.instant(); !ok {
			return t, false, false
		}
		if zone == "GMT" || zone[0] == '+' || zone[0] == '-' {
			return t, false, true
		}
		return t, rssZoneAssumed(s), true // dateinfo.go
	}
	if t, ok = parseRSSDateExact(s); !ok {
		return t, false, false
	}
	return t, rssZoneAssumed(s), true
}

// rssDateCommon reads the fields of an RSS date of the shape most feeds
// write, "Mon, 02 Nov 2026 10:00:00 GMT": three letters, a comma, a space,
// two digits, a space, a month (three letters), a space, four digits, a
// space, hh:mm:ss and a space, then a zone made of letters or ±hhmm (the
// minutes ≤ 59) up to the end of s. It returns what parseRSSDateExact reads
// from such a string (before the range checks of instant) and the zone as
// written; ok is false for every other string, which parseRSSDateExact
// then reads (it may accept it or not).
func rssDateCommon(s string) (f dtFields, zone string, ok bool) {
	if len(s) < 27 || s[3] != ',' || s[4] != ' ' || s[7] != ' ' || s[11] != ' ' ||
		s[16] != ' ' || s[19] != ':' || s[22] != ':' || s[25] != ' ' ||
		!dtIsAlpha(s[0]) || !dtIsAlpha(s[1]) || !dtIsAlpha(s[2]) {
		return f, "", false
	}
	// The digits, each checked by its value: a byte below '0' wraps
	// around to above 9.
	d0, d1 := s[5]-'0', s[6]-'0'
	y0, y1, y2, y3 := s[12]-'0', s[13]-'0', s[14]-'0', s[15]-'0'
	h0, h1, m0, m1 := s[17]-'0', s[18]-'0', s[20]-'0', s[21]-'0'
	s0, s1 := s[23]-'0', s[24]-'0'
	if d0 > 9 || d1 > 9 || y0 > 9 || y1 > 9 || y2 > 9 || y3 > 9 ||
		h0 > 9 || h1 > 9 || m0 > 9 || m1 > 9 || s0 > 9 || s1 > 9 {
		return f, "", false
	}
	if f.month = rssMonth(s[8:11]); f.month == 0 {
		return f, "", false
	}
	zone = s[26:]
	switch c := zone[0]; {
	case c == '+' || c == '-':
		if len(zone) != 5 {
			return f, "", false
		}
		z0, z1, z2, z3 := zone[1]-'0', zone[2]-'0', zone[3]-'0', zone[4]-'0'
		if z0 > 9 || z1 > 9 || z2 > 5 || z3 > 9 {
			return f, "", false
		}
		f.offset = int64(z0)*600 + int64(z1)*60 + int64(z2)*10 + int64(z3)
		if c == '-' {
			f.offset = -f.offset
		}
	case zone == "GMT":
	default:
		for k := 0; k < len(zone); k++ {
			if !dtIsAlpha(zone[k]) {
				return f, "", false
			}
		}
		f.offset = rssZoneOffset(zone)
	}
	f.day = int64(d0)*10 + int64(d1)
	f.year = int64(y0)*1000 + int64(y1)*100 + int64(y2)*10 + int64(y3)
	f.hour = int64(h0)*10 + int64(h1)
	f.minute = int64(m0)*10 + int64(m1)
	f.second = int64(s0)*10 + int64(s1)
	return f, zone, true
}

// parseRSSDateExact is parseRSSDate as the algorithm reads every string.
func parseRSSDateExact(s string) (time.Time, bool) {
	var f dtFields
	var n int
	var ok, sp bool
	i := 0
	if i, _, ok = dtSkipCFWS(s, i); !ok || i >= len(s) {
		return time.Time{}, false
	}
	// [WEEKDAY CFWS* "," CFWS*]: any letters, ignored (step 6).
	if dtIsAlpha(s[i]) {
		for i < len(s) && dtIsAlpha(s[i]) {
			i++
		}
		if i, _, ok = dtSkipCFWS(s, i); !ok || i >= len(s) || s[i] != ',' {
			return time.Time{}, false
		}
		if i, _, ok = dtSkipCFWS(s, i+1); !ok {
			return time.Time{}, false
		}
	}
	// DAY CFWS+
	if f.day, n, i = dtDigitRun(s, i); n == 0 {
		return time.Time{}, false
	}
	if i, sp, ok = dtSkipCFWS(s, i); !ok || !sp {
		return time.Time{}, false
	}
	// MONTH CFWS+ (step 1)
	start := i
	for i < len(s) && dtIsAlpha(s[i]) {
		i++
	}
	if f.month = rssMonth(s[start:i]); f.month == 0 {
		return time.Time{}, false
	}
	if i, sp, ok = dtSkipCFWS(s, i); !ok || !sp {
		return time.Time{}, false
	}
	// YEAR CFWS+ (step 2)
	if f.year, n, i = dtDigitRun(s, i); n == 0 {
		return time.Time{}, false
	}
	switch n {
	case 2:
		f.year += 1900
		if f.year < 1950 {
			f.year += 100
		}
	case 3:
		f.year += 1900
	}
	if i, sp, ok = dtSkipCFWS(s, i); !ok || !sp {
		return time.Time{}, false
	}
	// HOUR CFWS* ":" CFWS* MINUTE CFWS*
	if f.hour, n, i = dtDigitRun(s, i); n == 0 {
		return time.Time{}, false
	}
	if i, _, ok = dtSkipCFWS(s, i); !ok || i >= len(s) || s[i] != ':' {
		return time.Time{}, false
	}
	if i, _, ok = dtSkipCFWS(s, i+1); !ok {
		return time.Time{}, false
	}
	if f.minute, n, i = dtDigitRun(s, i); n == 0 {
		return time.Time{}, false
	}
	if i, _, ok = dtSkipCFWS(s, i); !ok || i >= len(s) {
		return time.Time{}, false
	}
	// [":" CFWS* SECOND CFWS+]
	if s[i] == ':' {
		if i, _, ok = dtSkipCFWS(s, i+1); !ok {
			return time.Time{}, false
		}
		if f.second, n, i = dtDigitRun(s, i); n == 0 {
			return time.Time{}, false
		}
		if i, sp, ok = dtSkipCFWS(s, i); !ok || !sp || i >= len(s) {
			return time.Time{}, false
		}
	}
	// ZONE CFWS* (step 5)
	switch c := s[i]; {
	case c == '+' || c == '-':
		h, j, ok := dtFixedDigits(s, i+1, 2)
		if !ok {
			return time.Time{}, false
		}
		m, j, ok := dtFixedDigits(s, j, 2)
		if !ok || m > 59 {
			return time.Time{}, false
		}
		f.offset = h*60 + m
		if c == '-' {
			f.offset = -f.offset
		}
		i = j
	case dtIsAlpha(c):
		start := i
		for i < len(s) && dtIsAlpha(s[i]) {
			i++
		}
		f.offset = rssZoneOffset(s[start:i])
	default:
		return time.Time{}, false
	}
	if i, _, ok = dtSkipCFWS(s, i); !ok || i != len(s) {
		return time.Time{}, false
	}
	// Steps 3, 4 and 7.
	return f.instant()
}

// dtUpper returns the ASCII uppercase form of c.
func dtUpper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

// rssMonth returns the month number (1–12) of a three-letter English month
// abbreviation, compared ASCII case-insensitively, or 0 for anything else
// (full month names included). docs/decisions.md#rss-date.
func rssMonth(name string) int64 {
	if len(name) != 3 {
		return 0
	}
	// A byte ORed with 0x20 is a lowercase letter only when it is that
	// letter in either case: the three bytes as one number, compared with
	// the lowercase names.
	switch uint32(name[0]|0x20)<<16 | uint32(name[1]|0x20)<<8 | uint32(name[2]|0x20) {
	case 'j'<<16 | 'a'<<8 | 'n':
		return 1
	case 'f'<<16 | 'e'<<8 | 'b':
		return 2
	case 'm'<<16 | 'a'<<8 | 'r':
		return 3
	case 'a'<<16 | 'p'<<8 | 'r':
		return 4
	case 'm'<<16 | 'a'<<8 | 'y':
		return 5
	case 'j'<<16 | 'u'<<8 | 'n':
		return 6
	case 'j'<<16 | 'u'<<8 | 'l':
		return 7
	case 'a'<<16 | 'u'<<8 | 'g':
		return 8
	case 's'<<16 | 'e'<<8 | 'p':
		return 9
	case 'o'<<16 | 'c'<<8 | 't':
		return 10
	case 'n'<<16 | 'o'<<8 | 'v':
		return 11
	case 'd'<<16 | 'e'<<8 | 'c':
		return 12
	}
	return 0
}

// rssZoneOffset returns the offset, in minutes east of UTC, of a zone name made
// of letters, looked up ASCII case-insensitively in the reference
// implementation's table (docs/decisions.md#rss-zone-table). Names the table
// lists with an unknown offset (the military letters, "Z", "AM", "LOCAL", …)
// and names not in the table are UTC (0).
//
// The table is the specification's, not common usage: "BST" is −11:00 and
// "IST" is +02:00 here (ParseDate, the lenient parser, reads them as people
// usually mean them).
func rssZoneOffset(name string) int64 {
	// The longest name with a known offset has 8 letters ("MOUNTAIN").
	if len(name) > 8 {
		return 0
	}
	var buf [8]byte
	for k := 0; k < len(name); k++ {
		buf[k] = dtUpper(name[k])
	}
	switch string(buf[:len(name)]) {
	case "IDLW":
		return -720
	case "BST", "NT":
		return -660
	case "AHST", "BDT", "CAT", "HAST", "HST":
		return -600
	case "AKST", "HDT", "YST":
		return -540
	case "PST", "YDT":
		return -480
	case "MOUNTAIN", "MST", "PDT", "PPET":
		return -420
	case "CST", "MDT":
		return -360
	case "CDT", "EST":
		return -300
	case "AST", "EDT", "EWT":
		return -240
	case "NFT", "NST":
		return -210
	case "ADT", "GST":
		return -180
	case "NDT":
		return -150
	case "AT", "FDT":
		return -120
	case "CET", "DNT", "ECT", "FWT", "NOR", "SET", "SWT", "WETDST":
		return 60
	case "CEST", "CETDST", "EET", "FST", "IST", "MEST", "METDST", "SST", "UKR":
		return 120
	case "BT", "EEST", "EETDST", "IDT":
		return 180
	case "IT":
		return 210
	case "WAST":
		return 420
	case "AWST", "CCT", "HKT", "WADT", "WST":
		return 480
	case "MT":
		return 510
	case "AWSST", "JCST", "JST", "JT", "KST", "WDT":
		return 540
	case "ACST", "CAST", "SAST", "SAT":
		return 570
	case "AEST", "EAST", "KDT", "LIGT":
		return 600
	case "ACSST", "CADT", "SADT":
		return 630
	case "AESST", "EADT":
		return 660
	case "IDLE", "NZS", "NZST", "NZT":
		return 720
	case "NZD", "NZDT":
		return 780
	}
	// GMT, MET, MEWT, MEZ, SAMST, UCT, UT, UTC, WET (+00:00), the names
	// with an unknown offset, and every other name.
	return 0
}

// formatDate formats an instant for the canonical JSON: RFC 3339 in UTC with
// "Z", the fractional second only when it is not zero (trailing zeros
// removed), the year zero-padded to four digits and written with all its
// digits past 9999 ("12012-01-01T00:00:00Z"). It never fails. A year before
// 1 (which a positive offset on "0000-01-01" can produce) is written with a
// leading "-" and the astronomical numbering ("-0001" is the year before
// 0000), as ISO 8601's expanded years are. docs/decisions.md#date-output.
func formatDate(t time.Time) string {
	var buf [48]byte
	return string(appendDate(buf[:0], t))
}

// appendDate appends formatDate(t) to b.
func appendDate(b []byte, t time.Time) []byte {
	if sec := t.Unix(); sec >= 0 && sec < dtYear10000 {
		// From 1970 to 9999 (most dates): the civil date from the Unix
		// day, without the calls that t.Date and t.Clock each make, and
		// the digits written in pairs over a constant.
		days, secs := uint64(sec)/86400, uint64(sec)%86400
		y, m, d := dtCivilFromDays(days)
		b = append(b, "0000-00-00T00:00:00"...)
		o := b[len(b)-19:]
		_ = o[18]
		hi, lo := dtDigitPairs[2*(y/100):], dtDigitPairs[2*(y%100):]
		o[0], o[1], o[2], o[3] = hi[0], hi[1], lo[0], lo[1]
		o[5], o[6] = dtDigitPairs[2*m], dtDigitPairs[2*m+1]
		o[8], o[9] = dtDigitPairs[2*d], dtDigitPairs[2*d+1]
		h, mi, sc := secs/3600, secs/60%60, secs%60
		o[11], o[12] = dtDigitPairs[2*h], dtDigitPairs[2*h+1]
		o[14], o[15] = dtDigitPairs[2*mi], dtDigitPairs[2*mi+1]
		o[17], o[18] = dtDigitPairs[2*sc], dtDigitPairs[2*sc+1]
		return appendDateFraction(b, t.Nanosecond())
	}
	t = t.UTC()
	year, month, day := t.Date()
	hour, minute, second := t.Clock()
	nsec := t.Nanosecond()

	y := int64(year)
	if y < 0 {
		b = append(b, '-')
		y = -y
	}
	// Year digits, at least four.
	var yd [20]byte
	k := len(yd)
	for y > 0 || k > len(yd)-4 {
		k--
		yd[k] = byte('0' + y%10)
		y /= 10
	}
	b = append(b, yd[k:]...)
	b = append(b, '-')
	b = dtAppend2(b, int(month))
	b = append(b, '-')
	b = dtAppend2(b, day)
	b = append(b, 'T')
	b = dtAppend2(b, hour)
	b = append(b, ':')
	b = dtAppend2(b, minute)
	b = append(b, ':')
	b = dtAppend2(b, second)
	return appendDateFraction(b, nsec)
}

// appendDateFraction appends the fraction of a second nsec (none when 0,
// its trailing zeros removed) and the Z that ends a date.
func appendDateFraction(b []byte, nsec int) []byte {
	if nsec != 0 {
		var fd [9]byte
		for p := 8; p >= 0; p-- {
			fd[p] = byte('0' + nsec%10)
			nsec /= 10
		}
		end := 9
		for fd[end-1] == '0' {
			end--
		}
		b = append(b, '.')
		b = append(b, fd[:end]...)
	}
	return append(b, 'Z')
}

// dtYear10000 is the Unix time of 10000-01-01T00:00:00Z.
const dtYear10000 = 253402300800

// dtDigitPairs holds the two decimal digits of 0 to 99, in order.
const dtDigitPairs = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// dtCivilFromDays returns the proleptic Gregorian year, month and day of
// the day days after 1970-01-01 (the inverse of dtDaysFromCivil, by the
// same eras of 400 years counted from March 0000).
func dtCivilFromDays(days uint64) (year, month, day uint64) {
	z := days + 719468
	era := z / 146097
	doe := z - era*146097                                  // [0, 146096]
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365 // [0, 399]
	doy := doe - (365*yoe + yoe/4 - yoe/100)               // [0, 365], from March 1
	mp := (5*doy + 2) / 153                                // [0, 11], from March
	day = doy - (153*mp+2)/5 + 1
	month = mp + 3
	if mp >= 10 {
		month = mp - 9
	}
	year = yoe + era*400
	if month <= 2 {
		year++
	}
	return year, month, day
}

// dtAppend2 appends v (0–99) as two decimal digits.
func dtAppend2(b []byte, v int) []byte {
	return append(b, byte('0'+v/10), byte('0'+v%10))
}

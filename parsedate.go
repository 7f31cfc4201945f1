package feedspec

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// DateForm names the family of date syntax ParseDate recognised.
type DateForm string

// The forms ParseDate reports in DateInfo.Form.
const (
	// FormAtom: the specification's Atom date (RFC 3339 with seconds and a
	// zone), e.g. "2024-01-15T13:45:00Z".
	FormAtom DateForm = "atom"
	// FormW3CDTF: the specification's W3C-DTF date: a year, a year and
	// month, a date, or a date and time with a zone, e.g. "2003-12".
	FormW3CDTF DateForm = "w3cdtf"
	// FormISO8601: other ISO 8601-like dates, year first with "-", such as
	// "2024-01-15 13:45:00" (space separator, missing offset, 1-digit
	// fields) or the basic form "20240115".
	FormISO8601 DateForm = "iso8601"
	// FormRFC822: day, month name, year, as RSS 2.0's RFC 822 dates and their
	// variants ("Thurs, 11 Oct 2012", "15. Januar 2024", "20-Mar-2016").
	// Every date the specification's RSS 2.0 algorithm accepts is read in
	// this form.
	FormRFC822 DateForm = "rfc822"
	// FormMonthFirst: month name first, as "Jan 15, 2024", JavaScript's
	// "Wed May 10 2017 00:00:00 GMT+0000" and C's asctime
	// "Mon Jan  2 15:04:05 2006".
	FormMonthFirst DateForm = "month-first"
	// FormNumeric: all-numeric dates with "/", "-" or "." separators other
	// than ISO 8601: "2024/01/15", "15-01-2024", "31.05.2017", "8/21/2018".
	FormNumeric DateForm = "numeric"
	// FormYearFirst: year, month name, day, as Hungarian dates write them
	// ("2004-július-13T9:15-05:00", "2004. július 13.") and "2006 January 02";
	// or year, month and day in digits each followed by its word, as Korean,
	// Chinese and Japanese write them ("2024년 1월 15일", "2024年1月15日").
	FormYearFirst DateForm = "year-first"
	// FormUnix: seconds (9 to 11 digits, optionally with a fraction) or
	// milliseconds (13 digits) since 1970-01-01T00:00:00Z.
	FormUnix DateForm = "unix"
	// FormCustom: a date none of the forms above read and the caller's
	// parser did (ParseDateWith, NormalizeOptions.DateParser). ParseDate
	// knows nothing more of it: Precision is 0 and no flag is set.
	FormCustom DateForm = "custom"
)

// DatePrecision says how much of a date and time the input gave.
type DatePrecision int

// The precisions ParseDate reports in DateInfo.Precision. Missing parts are
// the start of the period: "2003-12" is 2003-12-01T00:00:00Z.
const (
	PrecisionYear   DatePrecision = iota + 1 // "2003"
	PrecisionMonth                           // "2003-12", "Dec 2003"
	PrecisionDay                             // "2003-12-31", "Jan 15, 2024"
	PrecisionMinute                          // "15 Jan 2024 13:45 GMT"
	PrecisionSecond                          // seconds, possibly with a fraction
)

// DateInfo describes how ParseDate read a date.
type DateInfo struct {
	// Form is the family of syntax that matched.
	Form DateForm
	// Precision is how much of the date and time the input gave.
	Precision DatePrecision
	// Zone is the zone as written ("Z", "+05:30", "-0500", "EST",
	// "GMT+1"), or "" when the input had none. Unix times have none and need
	// none (ZoneAssumed is false for them).
	Zone string
	// ZoneAssumed is true when the input gave no usable zone and the time
	// was read as UTC: no zone at all (this includes dates without a time),
	// a zone name ParseDate does not know, a name that stands for several
	// zones in common use (IST, AST, SST, GST), or an RFC 822 military
	// letter other than Z (RFC 2822 §4.3 says their meaning is unknown).
	ZoneAssumed bool
	// Ambiguous is true when an all-numeric date could be read day first or
	// month first ("03/04/2024"); DayFirst says which reading was used.
	Ambiguous bool
	// DayFirst is true when an all-numeric date was read day before month.
	DayFirst bool
	// WeekdayMismatch is true when the input named a weekday that is not the
	// weekday of its date (the date is still returned, as the
	// specification's RSS 2.0 algorithm does).
	WeekdayMismatch bool
	// YearGuessed is true when the input wrote the year with two digits (or
	// three, RFC 2822's obsolete form) and the century was chosen by rule:
	// two digits 00–49 are 2000–2049 and 50–99 are 1950–1999 (the RSS 2.0
	// algorithm's rule), three digits are added to 1900.
	YearGuessed bool
	// ZoneConflict is true when the input gave both a numeric offset and a
	// zone name that means another offset at that instant ("-0700 GMT",
	// "+0000 EST"): the offset was used and the name ignored.
	ZoneConflict bool
	// Lenient is never set by ParseDate. In Entry.PublishedInfo,
	// Entry.UpdatedInfo and Feed.UpdatedInfo it says that the
	// specification's date algorithm rejected the date and ParseDate's
	// rules read it.
	Lenient bool
}

// ParseDate reads a date as feeds really write them and returns the instant
// in UTC, with a description of what was read.
//
// It accepts everything the specification's three strict date algorithms
// accept (Atom/RFC 3339, W3C-DTF, RSS 2.0/RFC 822 with comments) whose year
// is within 1–9999, and also:
//
//   - RFC 822/1123 variants: long or odd weekday names ("Thurs,",
//     "Tuesday"), no comma, no seconds, no zone, full month names and
//     "Sept", comments such as "(BST)", 12-hour clocks ("12:15 PM",
//     "9:00:00 a.m."; "13:00 PM" is 13:00, "13:00 AM" an error), zones as
//     names, military letters, "+01:00", "GMT+0100", "UTC-5", a zone name
//     and an offset together ("-0700 (MST)", "-0700 MST", "MST-07:00"), a
//     zone after a date without a time ("26 Sep 2022 GMT": midnight there),
//     and Drupal's " - " between the date and the time ("Friday, December
//     22, 2017 - 3:09pm");
//   - ISO 8601 with a space or lowercase "t" separator, a missing offset,
//     1-digit fields, a zero-padded 3-digit month ("2003-012-31"), a comma
//     fraction, "+01" offsets and partial dates ("2003-12");
//   - numeric dates "2024/01/15", "2024.01.15", "15-01-2024", "31.05.2017",
//     "8/21/2018 9:00:00 AM": year first is year-month-day; year last is
//     read day first when the first number is above 12, month first when
//     the second is; when both could be a month the order is ambiguous, the
//     date is read month first with "/" (the US convention) and day first
//     with "-" or "." (the European one), and DateInfo.Ambiguous is set;
//   - month-first dates "Jan 15, 2024", "Mon, May 25 2020 04:45:26 +0000",
//     JavaScript's "Wed May 10 2017 00:00:00 GMT+0000 (Coordinated
//     Universal Time)", asctime's "Mon Jan  2 15:04:05 2006", the Unix date
//     command's "Mon Jan  2 15:04:05 MST 2006" (or with the zone last),
//     "Dec 2003";
//   - year-first dates with a month name: "2004-július-13T9:15-05:00",
//     "2004. július 13.", "2006 January 02";
//   - day and month names, abbreviated or not, with or without accents and
//     trailing dots, in English, German, French, Italian, Spanish,
//     Portuguese, Dutch, Swedish, Danish, Norwegian, Finnish, Polish,
//     Czech, Hungarian, Turkish, Greek, Russian and Ukrainian (months in
//     the nominative and the genitive), and Korean weekdays ("Do., 15. Mär.
//     2024 13:45 Uhr", "jeudi 1er février 2024 à 13h45", "Κυρ, 11 Ιούλ 2004
//     12:00:00 EST", "miércoles, 17 de enero de 2024", "17 stycznia 2024
//     r.", "17 января 2024 г., 13:45"), a weekday also after the date ("17
//     Ocak 2024 Çarşamba"), the words feeds write between the date and the
//     time ("à", "um", "alle", "a las", "às", "om", "kl.", "klo", "o", "v",
//     "в", "saat"), and a time written "13.45" (Finnish, Danish, Norwegian);
//     no English month or weekday name reads differently for them;
//   - Korean, Chinese and Japanese dates with their year, month and day
//     words ("2024년 1월 15일", "2024年1月15日"), Korean's "2024. 1. 15." and
//     its 12-hour markers before the time ("오후 1:45"); like every date
//     without a zone they are read as UTC (DateInfo.ZoneAssumed), not as
//     Korea's or Japan's time, which the text does not say;
//   - digits alone only in the forms that say what they are: 4 digits are a
//     year (W3C-DTF); 5, 6, 7 and 8 digits are the ISO 8601 basic dates
//     YYDDD, YYMMDD, YYYYDDD (a day of the year) and YYYYMMDD; 9 to 11
//     digits are Unix seconds (a fraction may follow), 13 digits Unix
//     milliseconds. Any other run of digits is an error, never a year past
//     9999. The 2-digit-year forms YYDDD, YYMMDD, "-YYMM", "-YY-MM" (ISO
//     8601's implied century) and "YY-MM-DD" set DateInfo.YearGuessed, as
//     does a 2- or 3-digit year in a textual date ("15 Jan 24").
//
// Zone names mean what people mean by them, not the specification's RSS
// table: BST is British Summer Time (+01:00), MET and MEZ are Central
// European Time (+01:00), SAST is South Africa (+02:00), CAT Central Africa
// (+02:00), CST is the RFC 822 US Central (−06:00). Names that stand for
// several zones in common use (IST: India, Ireland or Israel; AST: Atlantic
// or Arabia; SST; GST), unknown names and military letters other than Z are
// not guessed: the time is read as UTC and DateInfo.ZoneAssumed is set, as
// for a missing zone. So for a few inputs the strict RSS 2.0 algorithm
// (which uses the specification's table, and reads "PM" as a zone) and
// ParseDate give different instants, and one it accepts is an error here: a
// 12-hour marker that contradicts the hour ("13:00 AM").
//
// IANA zone names ("America/Los_Angeles", "Etc/GMT") and the North American
// generic names ET, CT, MT, PT and AT (Eastern, Central, Mountain, Pacific
// and Atlantic time, standard or daylight as the date falls) are looked up
// with time.LoadLocation, in the system's zone database (or the Go
// installation's, or $ZONEINFO). The library does not embed one: where none
// is found such a date is an error, never a guessed zone. A local time that a
// zone's clocks skipped (a daylight saving gap) is an error; one they showed
// twice is the earlier instant, with DateInfo.Ambiguous set. When a zone name
// comes with an offset, the offset wins, and DateInfo.ZoneConflict says the
// name meant another one.
//
// ParseDate never invents a value: a date it cannot read completely is an
// error that says why (ParseDateWith then hands it to a parser of the
// caller's), and so is an instant outside the years 1–9999 (UTC).
// Surrounding white space is ignored. Leap seconds (second 60) are rejected,
// as by the strict algorithms; fractions keep nanoseconds (further digits
// are truncated).
func ParseDate(s string) (time.Time, DateInfo, error) {
	t, info, err := parseDate(s)
	if err != nil {
		return time.Time{}, DateInfo{}, err
	}
	if y := t.Year(); y < 1 || y > 9999 {
		return time.Time{}, DateInfo{}, ldErr(s, fmt.Sprintf("the year %d (UTC) is outside 1–9999", y))
	}
	return t, info, nil
}

// ParseDateWith is ParseDate with a parser of the caller's for the forms
// ParseDate does not read. The parser is called only when ParseDate gives
// an error, never before: it cannot change a date ParseDate reads. It
// returns the instant and true, or false when it cannot read s either (the
// error is then ParseDate's). Its instant is returned in UTC, with DateInfo
// {Form: FormCustom}, and must be within the years 1–9999 (UTC) as
// ParseDate's are, else the result is an error. A parser that panics is
// recovered from: the result is an error that says so, and s is left unread.
// A nil parser makes ParseDateWith ParseDate.
func ParseDateWith(s string, parser func(string) (time.Time, bool)) (time.Time, DateInfo, error) {
	t, info, err := ParseDate(s)
	if err == nil || parser == nil {
		return t, info, err
	}
	u, ok, perr := callDateParser(parser, s)
	switch {
	case perr != nil:
		return time.Time{}, DateInfo{}, ldErr(s, perr.Error())
	case !ok:
		return time.Time{}, DateInfo{}, err
	}
	u = u.UTC()
	if y := u.Year(); y < 1 || y > 9999 {
		return time.Time{}, DateInfo{}, ldErr(s, fmt.Sprintf("the parser gave the year %d (UTC), outside 1–9999", y))
	}
	return u, DateInfo{Form: FormCustom}, nil
}

// callDateParser calls a caller's date parser on s; err says so when it
// panicked.
func callDateParser(parser func(string) (time.Time, bool), s string) (t time.Time, ok bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			t, ok, err = time.Time{}, false, fmt.Errorf("the date parser panicked: %v", r)
		}
	}()
	t, ok = parser(s)
	return t, ok, nil
}

// parseDate is ParseDate without the final range check.
func parseDate(s string) (time.Time, DateInfo, error) {
	// The strict algorithms first: their answers are exact. All-digit input
	// is left to the rules for digit runs below, except plain years.
	if t, ok := parseAtomDate(s); ok {
		return t, DateInfo{Form: FormAtom, Precision: PrecisionSecond, Zone: ldAtomZone(s)}, nil
	}
	trimmed := strings.TrimFunc(s, unicode.IsSpace)
	if trimmed == "" {
		return time.Time{}, DateInfo{}, ldErr(s, "no date (empty or white space only)")
	}
	if ldAllDigits(trimmed) {
		return ldDigitsOnly(s, trimmed)
	}
	if sec, frac, ok := strings.Cut(trimmed, "."); ok && len(sec) >= 9 && len(sec) <= 11 &&
		ldAllDigits(sec) && frac != "" && ldAllDigits(frac) {
		v, _, _ := dtDigitRun(sec, 0)
		nsec, _, _ := dtFraction(frac, 0)
		return time.Unix(v, nsec).UTC(), DateInfo{Form: FormUnix, Precision: PrecisionSecond}, nil
	}
	if t, ok := parseW3CDTFDate(s); ok {
		return t, ldW3CInfo(s), nil
	}
	if t, ok := parseAtomDate(trimmed); ok {
		return t, DateInfo{Form: FormAtom, Precision: PrecisionSecond, Zone: ldAtomZone(trimmed)}, nil
	}
	if t, ok := parseW3CDTFDate(trimmed); ok {
		return t, ldW3CInfo(trimmed), nil
	}
	var p ldParser
	if err := p.tokenize(trimmed); err != nil {
		return time.Time{}, DateInfo{}, ldErr(s, err.Error())
	}
	t, info, err := p.parse()
	if err != nil {
		return time.Time{}, DateInfo{}, ldErr(s, err.Error())
	}
	return t, info, nil
}

// ldErr makes ParseDate's error for input s.
func ldErr(s, why string) error {
	return fmt.Errorf("feedspec: cannot read date %s: %s", quoteCut(s), why)
}

// ldAllDigits reports whether s is made of ASCII digits only.
func ldAllDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !dtIsDigit(s[i]) {
			return false
		}
	}
	return true
}

// ldAtomZone returns the zone designator of a string parseAtomDate accepted.
func ldAtomZone(s string) string {
	if c := s[len(s)-1]; c == 'Z' || c == 'z' {
		return s[len(s)-1:]
	}
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '+' || s[i] == '-' {
			return s[i:]
		}
	}
	return ""
}

// ldW3CInfo describes a string parseW3CDTFDate accepted.
func ldW3CInfo(s string) DateInfo {
	info := DateInfo{Form: FormW3CDTF}
	t := strings.IndexByte(s, 'T')
	if t < 0 {
		info.ZoneAssumed = true
		switch strings.Count(s, "-") {
		case 0:
			info.Precision = PrecisionYear
		case 1:
			info.Precision = PrecisionMonth
		default:
			info.Precision = PrecisionDay
		}
		return info
	}
	info.Zone = ldAtomZone(s)
	clock := s[t+1 : len(s)-len(info.Zone)]
	info.Precision = PrecisionMinute
	if strings.Count(clock, ":") == 2 {
		info.Precision = PrecisionSecond
	}
	return info
}

// ldDigitsOnly reads an all-digit string (trimmed; s is the original): a
// year, an ISO 8601 basic date or a Unix time, as its length says.
func ldDigitsOnly(s, d string) (time.Time, DateInfo, error) {
	var f dtFields
	info := DateInfo{Form: FormISO8601, Precision: PrecisionDay, ZoneAssumed: true}
	switch n := len(d); n {
	case 4: // YYYY
		f.year, _, _ = dtFixedDigits(d, 0, 4)
		f.month, f.day = 1, 1
		info.Form, info.Precision = FormW3CDTF, PrecisionYear
	case 5, 7: // YYDDD, YYYYDDD
		y, _, _ := dtFixedDigits(d, 0, n-3)
		f.year = ldYear(y, n-3, &info)
		ordinal, _, _ := dtFixedDigits(d, n-3, 3)
		if f.month, f.day = ldFromOrdinal(f.year, ordinal); f.month == 0 {
			return time.Time{}, DateInfo{}, ldErr(s, fmt.Sprintf("day %d of the year out of range for %04d", ordinal, f.year))
		}
	case 6: // YYMMDD
		y, _, _ := dtFixedDigits(d, 0, 2)
		f.year = ldYear(y, 2, &info)
		f.month, _, _ = dtFixedDigits(d, 2, 2)
		f.day, _, _ = dtFixedDigits(d, 4, 2)
	case 8: // YYYYMMDD
		f.year, _, _ = dtFixedDigits(d, 0, 4)
		f.month, _, _ = dtFixedDigits(d, 4, 2)
		f.day, _, _ = dtFixedDigits(d, 6, 2)
	case 9, 10, 11:
		v, _, _ := dtDigitRun(d, 0)
		return time.Unix(v, 0).UTC(), DateInfo{Form: FormUnix, Precision: PrecisionSecond}, nil
	case 13:
		v, _ := strconv.ParseInt(d, 10, 64) // 13 digits always fit
		return time.UnixMilli(v).UTC(), DateInfo{Form: FormUnix, Precision: PrecisionSecond}, nil
	default:
		return time.Time{}, DateInfo{}, ldErr(s, fmt.Sprintf("a number of %d digits is neither a year (4 digits), an ISO 8601 basic date (YYDDD, YYMMDD, YYYYDDD, YYYYMMDD), Unix seconds (9–11 digits) nor Unix milliseconds (13 digits)", n))
	}
	if err := f.check(); err != nil {
		what := "an ISO 8601 basic date"
		if len(d) == 4 {
			what = "a year"
		}
		return time.Time{}, DateInfo{}, ldErr(s, fmt.Sprintf("%d digits read as %s: %v", len(d), what, err))
	}
	t, _ := f.instant()
	return t, info, nil
}

// ldFromOrdinal returns the month and day of day-of-year d (1–365, or 366 in
// a leap year) of year y, or 0, 0 when d is out of range.
func ldFromOrdinal(y, d int64) (month, day int64) {
	if d < 1 {
		return 0, 0
	}
	for m := 1; m <= 12; m++ {
		n := dtDaysIn(y, m)
		if d <= n {
			return int64(m), d
		}
		d -= n
	}
	return 0, 0
}

// check applies the range checks of dtFields.instant and says which failed.
func (f *dtFields) check() error {
	switch {
	case f.year > 9999:
		return errors.New("year too large (above 9999)")
	case f.year < 1:
		return fmt.Errorf("year %d out of range", f.year)
	case f.month < 1 || f.month > 12:
		return fmt.Errorf("month %d out of range", f.month)
	case f.day < 1 || f.day > dtDaysIn(f.year, int(f.month)):
		return fmt.Errorf("day %d out of range for %04d-%02d", f.day, f.year, f.month)
	case f.hour > 23:
		return fmt.Errorf("hour %d out of range", f.hour)
	case f.minute > 59:
		return fmt.Errorf("minute %d out of range", f.minute)
	case f.second > 59:
		return fmt.Errorf("second %d out of range (leap seconds are not supported)", f.second)
	}
	return nil
}

// Token kinds of the lenient parser.
const (
	ldNum   = iota + 1 // ASCII digits
	ldWord             // letters (any script)
	ldPunct            // one other character
)

// ldToken is one token of a date string.
type ldToken struct {
	kind  int
	text  string
	lower string // for words: text in lowercase, accents removed (ldFold)
	off   int    // byte offset of text in the input
	sp    bool   // preceded by white space or a comment
}

// ldMaxTokens bounds the number of tokens of a date ParseDate reads.
const ldMaxTokens = 48

// ldParser is the lenient date parser's state.
type ldParser struct {
	toks     []ldToken
	src      string // the trimmed input
	comments []string
	i        int

	f        dtFields
	info     DateInfo
	haveDay  bool
	needYear bool // asctime-like: the year comes after the time
	weekday  int  // 0 none, 1–7 Monday–Sunday

	// The zone, when it is not the fixed offset f.offset: loc is a zone
	// the local time is read in; checkLoc is a zone named next to an
	// offset, which must agree with it.
	loc, checkLoc *time.Location
	// checkOff is the offset (minutes) of a fixed-offset zone name given
	// next to an offset; hasCheckOff says there is one.
	checkOff    int64
	hasCheckOff bool
}

// tokenize splits s into numbers, words and punctuation, dropping white
// space and (nested) parenthesized comments.
func (p *ldParser) tokenize(s string) error {
	p.src = s
	p.toks = make([]ldToken, 0, 16)
	sp := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return errors.New("invalid UTF-8")
		case unicode.IsSpace(r):
			i += size
			sp = true
			continue
		case r == '(':
			depth, j := 0, i
			for ; j < len(s); j++ {
				switch s[j] {
				case '\\':
					j++
				case '(':
					depth++
				case ')':
					depth--
				}
				if depth == 0 {
					break
				}
			}
			if j >= len(s) {
				return errors.New("unbalanced parenthesis")
			}
			p.comments = append(p.comments, s[i+1:j])
			i = j + 1
			sp = true
			continue
		case r == ')':
			return errors.New("unbalanced parenthesis")
		}
		j := i + size
		kind := ldPunct
		switch {
		case dtIsDigit(s[i]):
			kind = ldNum
			for j < len(s) && dtIsDigit(s[j]) {
				j++
			}
		case unicode.IsLetter(r):
			kind = ldWord
			for j < len(s) {
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsLetter(r2) {
					break
				}
				j += n2
			}
		}
		if len(p.toks) == ldMaxTokens {
			return errors.New("too long to be a date")
		}
		tok := ldToken{kind: kind, text: s[i:j], sp: sp, off: i}
		if kind == ldWord {
			tok.lower = ldFold(tok.text)
		}
		p.toks = append(p.toks, tok)
		sp = false
		i = j
	}
	return nil
}

// ldFold returns w in lowercase with the accents and other marks of Latin
// and Greek letters removed (ł, ø and the Turkish dotless ı too), ё made е
// and the Greek final sigma made ordinary, so that month and day names
// match however they are accented ("Mär", "márc.", "Ιούλ", "paź", "září").
func ldFold(w string) string {
	ascii := true
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(w)
	}
	return strings.Map(func(r rune) rune {
		r = unicode.ToLower(r)
		switch r {
		case 'à', 'á', 'â', 'ã', 'ä', 'å':
			return 'a'
		case 'ç':
			return 'c'
		case 'è', 'é', 'ê', 'ë':
			return 'e'
		case 'ì', 'í', 'î', 'ï':
			return 'i'
		case 'ñ':
			return 'n'
		case 'ò', 'ó', 'ô', 'õ', 'ö', 'ő':
			return 'o'
		case 'ù', 'ú', 'û', 'ü', 'ű':
			return 'u'
		case 'ý', 'ÿ':
			return 'y'
		case 'ά':
			return 'α'
		case 'έ':
			return 'ε'
		case 'ή':
			return 'η'
		case 'ί', 'ϊ', 'ΐ':
			return 'ι'
		case 'ό':
			return 'ο'
		case 'ύ', 'ϋ', 'ΰ':
			return 'υ'
		case 'ώ':
			return 'ω'
		case 'ς':
			return 'σ'
		// Central European and Nordic letters, Turkish and Cyrillic
		// ones the month and day names are written with.
		case 'ą':
			return 'a'
		case 'ć', 'č':
			return 'c'
		case 'ď':
			return 'd'
		case 'ę', 'ě':
			return 'e'
		case 'ğ':
			return 'g'
		case 'ı':
			return 'i'
		case 'ł':
			return 'l'
		case 'ń', 'ň':
			return 'n'
		case 'ø':
			return 'o'
		case 'ř':
			return 'r'
		case 'ś', 'š', 'ş':
			return 's'
		case 'ť':
			return 't'
		case 'ů':
			return 'u'
		case 'ź', 'ż', 'ž':
			return 'z'
		case 'ё':
			return 'е'
		}
		return r
	}, w)
}

// peek returns the token at p.i+k, or a zero token past the end.
func (p *ldParser) peek(k int) ldToken {
	if p.i+k < len(p.toks) {
		return p.toks[p.i+k]
	}
	return ldToken{}
}

// punct reports whether the token at p.i+k is the punctuation c.
func (p *ldParser) punct(k int, c string) bool {
	t := p.peek(k)
	return t.kind == ldPunct && t.text == c
}

// word returns the folded text of the word at p.i+k, or "".
func (p *ldParser) word(k int) string {
	t := p.peek(k)
	if t.kind != ldWord {
		return ""
	}
	return t.lower
}

// num returns the value and digit count of the number at p.i+k (n is 0 when
// there is no number there). Values saturate, so long runs never overflow.
func (p *ldParser) num(k int) (v int64, n int) {
	t := p.peek(k)
	if t.kind != ldNum {
		return 0, 0
	}
	v, n, _ = dtDigitRun(t.text, 0)
	return v, n
}

// parse reads the tokens as a date.
func (p *ldParser) parse() (time.Time, DateInfo, error) {
	if len(p.toks) == 0 {
		return time.Time{}, DateInfo{}, errors.New("only comments, no date")
	}
	// A leading word followed by a comma is a weekday, known or not (the
	// RSS 2.0 algorithm accepts "Foo, 20 Mar 2016 …"); a known weekday name
	// may also stand without a comma. When a word could be a weekday or a
	// month ("mar": French mardi or English March), try both.
	if w := p.word(0); w != "" {
		wd := ldWeekday(w)
		if wd != 0 || p.punct(1, ",") {
			save := *p
			p.weekday = wd
			p.i = 1
			if p.punct(0, "-") && p.word(1) == "feira" {
				p.i += 2 // Portuguese: "segunda-feira"
			}
			if p.punct(0, ".") {
				p.i++
			}
			if p.punct(0, ",") {
				p.i++
			}
			if p.word(0) == "den" && p.peek(1).kind == ldNum {
				p.i++ // Danish: "mandag den 15. januar"
			}
			t, info, err := p.parseBody()
			if err == nil || ldMonth(w) == 0 {
				return t, info, err
			}
			*p = save
		}
	}
	return p.parseBody()
}

// parseBody reads the date, the time and the zone from p.i.
func (p *ldParser) parseBody() (time.Time, DateInfo, error) {
	p.f = dtFields{month: 1, day: 1}
	if err := p.parseDate(); err != nil {
		return time.Time{}, DateInfo{}, err
	}
	p.weekdayAfter()
	if err := p.parseTimeAndZone(); err != nil {
		return time.Time{}, DateInfo{}, err
	}
	if p.needYear {
		return time.Time{}, DateInfo{}, errors.New("no year")
	}
	if p.i < len(p.toks) {
		return time.Time{}, DateInfo{}, fmt.Errorf("unexpected %q", p.toks[p.i].text)
	}
	if err := p.f.check(); err != nil {
		return time.Time{}, DateInfo{}, err
	}
	if p.info.Zone == "" {
		p.useCommentZone()
	}
	if p.info.Zone == "" {
		p.info.ZoneAssumed = true
	}
	var t time.Time
	if p.loc != nil {
		var err error
		if t, err = p.inLocation(); err != nil {
			return time.Time{}, DateInfo{}, err
		}
	} else {
		var ok bool
		if t, ok = p.f.instant(); !ok {
			return time.Time{}, DateInfo{}, errors.New("out of range")
		}
	}
	// A zone name given next to an offset: the offset wins; say when the
	// name meant another one.
	if p.checkLoc != nil {
		if _, off := t.In(p.checkLoc).Zone(); int64(off) != p.f.offset*60 {
			p.info.ZoneConflict = true
		}
	} else if p.hasCheckOff && p.checkOff != p.f.offset {
		p.info.ZoneConflict = true
	}
	if p.weekday != 0 && p.haveDay {
		// 1970-01-01 (day 0) was a Thursday (4); days%7 is in [-6, 6].
		days := dtDaysFromCivil(p.f.year, p.f.month, p.f.day)
		if wd := int((days%7+10)%7) + 1; wd != p.weekday {
			p.info.WeekdayMismatch = true
		}
	}
	return t, p.info, nil
}

// weekdayAfter reads a weekday name written after the date, as Turkish and
// Korean dates have it ("15 Ocak 2024 Pazartesi", "2024년 1월 15일 월요일"),
// when the input named none before and no zone is there ("PT" is Pacific
// time, not the Polish Friday).
func (p *ldParser) weekdayAfter() {
	if p.weekday != 0 || !p.haveDay {
		return
	}
	k := 0
	if p.punct(0, ",") {
		k = 1 // Hungarian: "2024. január 17., szerda"
	}
	if wd := ldWeekday(p.word(k)); wd != 0 {
		save := p.i
		p.i += k
		if p.zoneFollows() {
			p.i = save
			return
		}
		p.weekday = wd
		p.i++
		if p.punct(0, ",") {
			p.i++
		}
	}
}

// inLocation returns the instant of the local date and time p.f in p.loc.
// A local time the zone's clocks skipped is an error; one they showed twice
// is the earlier instant, and DateInfo.Ambiguous is set.
func (p *ldParser) inLocation() (time.Time, error) {
	f := &p.f
	wall := time.Date(int(f.year), time.Month(f.month), int(f.day), int(f.hour), int(f.minute), int(f.second), int(f.nsec), time.UTC)
	sameWall := func(t time.Time) bool {
		l := t.In(p.loc)
		return time.Date(l.Year(), l.Month(), l.Day(), l.Hour(), l.Minute(), l.Second(), l.Nanosecond(), time.UTC).Equal(wall)
	}
	t := time.Date(wall.Year(), wall.Month(), wall.Day(), wall.Hour(), wall.Minute(), wall.Second(), wall.Nanosecond(), p.loc)
	if !sameWall(t) {
		return time.Time{}, fmt.Errorf("%02d:%02d does not exist in %s on that day (the clocks skipped it)", f.hour, f.minute, p.loc)
	}
	// The offsets in force a day before and after are the candidates.
	_, off := t.Zone()
	for _, d := range []time.Duration{-24 * time.Hour, 24 * time.Hour} {
		_, o := t.Add(d).In(p.loc).Zone()
		if o == off {
			continue
		}
		if c := wall.Add(-time.Duration(o) * time.Second); sameWall(c) {
			p.info.Ambiguous = true
			if c.Before(t) {
				t = c
			}
		}
	}
	return t.UTC(), nil
}

// useCommentZone takes the zone from a comment that is exactly a known zone
// name ("15 Jan 2024 13:45 (EST)"), when the input had no other zone.
func (p *ldParser) useCommentZone() {
	if p.info.Precision < PrecisionMinute {
		return
	}
	for _, c := range p.comments {
		c = strings.TrimSpace(c)
		if off, known := ldZone(strings.ToLower(c)); known {
			p.f.offset = off
			p.info.Zone = c
			return
		}
	}
}

// parseDate reads the date part.
func (p *ldParser) parseDate() error {
	t := p.peek(0)
	switch t.kind {
	case ldNum:
		v, n := p.num(0)
		sep := p.peek(1)
		isSep := sep.kind == ldPunct && (sep.text == "-" || sep.text == "/" || sep.text == ".") && !sep.sp
		// A year followed by its marker: "2024년 1월 15일", "2024年1月15日".
		if ldDateMarker(p.word(1)) == 'y' && !p.peek(1).sp {
			return p.parseMarkedDate()
		}
		// Four digits before a month name are a year, unless they could be
		// a zero-padded day ("0001 Jan 2", which RFC 822 reads as 1 January
		// of the year 2, as the RSS algorithm does).
		if n == 4 && v > 31 && (p.peek(1).kind == ldWord || (isSep && sep.text != "/" && p.peek(2).kind == ldWord)) {
			return p.parseYearMonthName()
		}
		if n >= 4 && isSep {
			return p.parseYearFirst(sep.text)
		}
		if isSep && p.peek(2).kind == ldNum && p.punct(3, sep.text) && p.peek(4).kind == ldNum {
			return p.parseNumericYearLast(sep.text)
		}
		// Day, then a month name.
		p.f.day, p.haveDay = v, true
		p.i++
		p.skipOrdinal()
		if p.punct(0, "-") || p.punct(0, "/") || p.punct(0, ",") {
			p.i++
		}
		if p.word(0) == "de" {
			p.i++ // Spanish, Portuguese: "15 de enero de 2024"
		}
		m := ldMonth(p.word(0))
		if m == 0 {
			if w := p.peek(0).text; w != "" {
				return fmt.Errorf("unknown month %q", w)
			}
			return errors.New("no month after the day")
		}
		p.f.month = m
		p.i++
		if p.punct(0, ".") {
			p.i++
		}
		if p.punct(0, "-") || p.punct(0, ",") || p.punct(0, "/") {
			p.i++
		}
		if w := p.word(0); w == "de" || w == "del" {
			p.i++
		}
		y, yn := p.num(0)
		if yn == 0 {
			return errors.New("no year after the month")
		}
		p.f.year = ldYear(y, yn, &p.info)
		p.i++
		p.skipYearWord()
		p.info.Form, p.info.Precision = FormRFC822, PrecisionDay
		return nil
	case ldWord:
		m := ldMonth(p.word(0))
		if m == 0 {
			return fmt.Errorf("unknown word %q where a date was expected", t.text)
		}
		p.f.month = m
		p.i++
		if p.punct(0, ".") {
			p.i++
		}
		p.info.Form = FormMonthFirst
		v, n := p.num(0)
		if n == 0 {
			return errors.New("no day or year after the month")
		}
		// "Dec 2003": a month and a year.
		if n >= 4 && !p.punct(1, ":") && p.peek(1).kind != ldNum {
			p.f.year = v
			p.i++
			p.info.Precision = PrecisionMonth
			return nil
		}
		p.f.day, p.haveDay = v, true
		p.i++
		p.skipOrdinal()
		if p.punct(0, ",") {
			p.i++
		}
		p.info.Precision = PrecisionDay
		// asctime: "Jan  2 15:04:05 [MST] 2006" — the year comes after the time.
		if p.punct(1, ":") {
			p.needYear = true
			return nil
		}
		y, yn := p.num(0)
		if yn == 0 {
			return errors.New("no year after the day")
		}
		p.f.year = ldYear(y, yn, &p.info)
		p.i++
		p.skipYearWord()
		return nil
	case ldPunct:
		if t.text == "-" {
			return p.parseImpliedCentury()
		}
	}
	return fmt.Errorf("unexpected %q where a date was expected", t.text)
}

// parseImpliedCentury reads ISO 8601's year-in-century and month forms
// "-YYMM" and "-YY-MM" (the whole input).
func (p *ldParser) parseImpliedCentury() error {
	var yy, mm int64
	switch v, n := p.num(1); {
	case n == 4 && len(p.toks) == 2:
		yy, mm = v/100, v%100
	case n == 2 && p.punct(2, "-") && len(p.toks) == 4:
		if m, mn := p.num(3); mn == 2 {
			yy, mm = v, m
			break
		}
		fallthrough
	default:
		return errors.New(`a date starting with "-" must be -YYMM or -YY-MM`)
	}
	p.i = len(p.toks)
	p.f.year, p.f.month = ldYear(yy, 2, &p.info), mm
	p.info.Form, p.info.Precision = FormISO8601, PrecisionMonth
	return nil
}

// skipOrdinal skips an ordinal suffix or dot after a day number ("1st",
// "1er", "15.").
func (p *ldParser) skipOrdinal() {
	switch p.word(0) {
	case "st", "nd", "rd", "th", "er", "e":
		if !p.peek(0).sp {
			p.i++
			return
		}
	}
	if p.punct(0, ".") {
		p.i++
	}
}

// skipYearWord skips the word some languages write after the year, with
// its dot: Russian "г." ("2024 г."), Ukrainian "р.", Polish "r." and their
// long forms.
func (p *ldParser) skipYearWord() {
	switch p.word(0) {
	case "г", "года", "р", "року", "r", "roku":
		p.i++
		if p.punct(0, ".") {
			p.i++
		}
	}
}

// ldDateMarker returns 'y', 'm' or 'd' for the Korean, Chinese and Japanese
// words that follow a year, a month or a day written in digits (년 월 일,
// 年 月 日), or 0.
func ldDateMarker(w string) byte {
	switch w {
	case "년", "年":
		return 'y'
	case "월", "月":
		return 'm'
	case "일", "日":
		return 'd'
	}
	return 0
}

// parseMarkedDate reads a year, a month and optionally a day, each in digits
// followed by its marker (ldDateMarker): "2024년 1월 15일", "2024年1月15日".
func (p *ldParser) parseMarkedDate() error {
	p.f.year, _ = p.num(0)
	p.i += 2
	m, mn := p.num(0)
	if mn == 0 || mn > 2 || ldDateMarker(p.word(1)) != 'm' {
		return errors.New("no month after the year")
	}
	p.f.month = m
	p.i += 2
	p.info.Form, p.info.Precision = FormYearFirst, PrecisionMonth
	if d, dn := p.num(0); dn > 0 {
		if dn > 2 || ldDateMarker(p.word(1)) != 'd' {
			return errors.New("day after the month must have 1 or 2 digits and its marker")
		}
		p.f.day, p.haveDay = d, true
		p.i += 2
		p.info.Precision = PrecisionDay
	}
	return nil
}

// ldYear applies the year rule of the RSS 2.0 algorithm
// (docs/decisions.md#rss-date) to a year of n digits, and notes in info when
// the century was chosen by that rule.
func ldYear(y int64, n int, info *DateInfo) int64 {
	switch n {
	case 2:
		y += 1900
		if y < 1950 {
			y += 100
		}
		info.YearGuessed = true
	case 3:
		y += 1900
		info.YearGuessed = true
	}
	return y
}

// parseYearFirst reads YYYY sep M [sep D] (sep "-", "/" or "."). A
// zero-padded 3-digit month ("2003-012-31") is read when a day follows.
func (p *ldParser) parseYearFirst(sep string) error {
	p.f.year, _ = p.num(0)
	p.i += 2
	m, mn := p.num(0)
	padded := mn == 3 && p.peek(0).text[0] == '0' && p.punct(1, sep) && p.peek(2).kind == ldNum
	if mn == 0 || (mn > 2 && !padded) {
		return errors.New("month after the year must have 1 or 2 digits")
	}
	p.f.month = m
	p.i++
	p.info.Form, p.info.Precision = FormISO8601, PrecisionMonth
	if sep != "-" {
		p.info.Form = FormNumeric
	}
	if p.punct(0, sep) && !p.peek(0).sp {
		d, dn := p.num(1)
		if dn == 0 || dn > 2 {
			return errors.New("day must have 1 or 2 digits")
		}
		p.f.day, p.haveDay = d, true
		p.i += 2
		p.info.Precision = PrecisionDay
		if sep == "." && p.punct(0, ".") && !p.peek(0).sp {
			p.i++ // Korean, Hungarian: "2024. 1. 15."
		}
	}
	return nil
}

// parseYearMonthName reads YYYY[sep] month-name [sep] D[.] (sep "-" or
// "."), as "2004-július-13", "2004. július 13." or "2006 January 02".
func (p *ldParser) parseYearMonthName() error {
	p.f.year, _ = p.num(0)
	p.i++
	sep := ""
	if p.punct(0, "-") || p.punct(0, ".") {
		sep = p.peek(0).text
		p.i++
	}
	m := ldMonth(p.word(0))
	if m == 0 {
		return fmt.Errorf("unknown month %q", p.peek(0).text)
	}
	p.f.month = m
	p.i++
	if p.punct(0, ".") && sep != "." {
		p.i++ // an abbreviation's dot: "2004. júl. 13."
	}
	if sep != "" && p.punct(0, sep) {
		p.i++
	}
	d, dn := p.num(0)
	if dn == 0 || dn > 2 {
		return errors.New("day after the month must have 1 or 2 digits")
	}
	p.f.day, p.haveDay = d, true
	p.i++
	if p.punct(0, ".") {
		p.i++
	}
	p.info.Form, p.info.Precision = FormYearFirst, PrecisionDay
	return nil
}

// parseNumericYearLast reads a sep b sep YYYY and decides which of a and b
// is the day. With "-" and three 2-digit numbers it reads ISO 8601's
// YY-MM-DD instead.
func (p *ldParser) parseNumericYearLast(sep string) error {
	a, an := p.num(0)
	b, bn := p.num(2)
	y, yn := p.num(4)
	if an > 2 || bn > 2 {
		return errors.New("day and month must have 1 or 2 digits")
	}
	if sep == "-" && an == 2 && bn == 2 && yn == 2 {
		return p.parseTwoDigitISO(a, b, y)
	}
	if yn < 4 {
		return fmt.Errorf("a %d-digit year in an all-numeric date is ambiguous", yn)
	}
	p.i += 5
	p.f.year = y
	p.info.Form, p.info.Precision = FormNumeric, PrecisionDay
	p.haveDay = true
	switch {
	case a > 12 && b > 12:
		return fmt.Errorf("neither %d nor %d can be a month", a, b)
	case a > 12:
		p.info.DayFirst = true
	case b > 12:
		p.info.DayFirst = false
	default:
		p.info.DayFirst = sep != "/"
		p.info.Ambiguous = a != b
	}
	if p.info.DayFirst {
		p.f.day, p.f.month = a, b
	} else {
		p.f.month, p.f.day = a, b
	}
	return nil
}

// parseTwoDigitISO reads yy-mm-dd as ISO 8601 (1988) YY-MM-DD. The century
// is guessed, and the date is ambiguous when day-month-year or
// month-day-year would also be a date.
func (p *ldParser) parseTwoDigitISO(yy, mm, dd int64) error {
	p.i += 5
	p.f.year, p.f.month, p.f.day = ldYear(yy, 2, &p.info), mm, dd
	p.haveDay = true
	p.info.Form, p.info.Precision = FormISO8601, PrecisionDay
	// The other readings put the year last: dd-mm-yy and mm-dd-yy.
	y := ldYear(dd, 2, &p.info)
	valid := func(m, d int64) bool { return m >= 1 && m <= 12 && d >= 1 && d <= dtDaysIn(y, int(m)) }
	dayFirst := valid(mm, yy) && yy != dd
	monthFirst := valid(yy, mm) && !(yy == mm && mm == dd)
	p.info.Ambiguous = dayFirst || monthFirst
	return nil
}

// parseTimeAndZone reads an optional time, an optional zone and, for
// asctime-like dates, a year after them (and a zone after that year, as
// some Unix date outputs have it).
func (p *ldParser) parseTimeAndZone() error {
	if p.i >= len(p.toks) {
		return nil
	}
	// Connectors between the date and the time.
	save := p.i
	switch {
	case p.punct(0, ","):
		p.i++
	case p.word(0) == "t" && p.peek(1).kind == ldNum:
		p.i++
	case p.punct(0, "-") && p.peek(0).sp && p.peek(1).sp && p.peek(1).kind == ldNum && p.punct(2, ":"):
		p.i++ // Drupal: "December 22, 2017 - 3:09pm"
	}
	// Words before the time ("at", "à", "um", "alle", "om", "kl.", "klo",
	// "o", "v", "в", "às", "a las"), and the Korean 12-hour markers, which
	// come before it ("오후 1:45").
	meridiem := ""
	for k := 0; k < 3; k++ {
		w, next := p.word(0), 1
		if w == "" {
			break
		}
		if p.punct(1, ".") {
			next = 2 // "kl. 13.45"
		}
		after := p.peek(next)
		if m := ldMeridiemBefore(w); m != "" && after.kind == ldNum {
			meridiem = m
			p.i++
			continue
		}
		if ldTimeConnector(w) && (after.kind == ldNum || after.kind == ldWord && (ldTimeConnector(after.lower) || ldMeridiemBefore(after.lower) != "")) {
			p.i += next
			continue
		}
		break
	}
	h, hn := p.num(0)
	// "13.45" (Finnish, Danish, Norwegian) is a time only with two digits
	// of minutes written right after the dot.
	dotTime := hn > 0 && hn <= 2 && p.punct(1, ".") && !p.peek(1).sp && !p.peek(2).sp && len(p.peek(2).text) == 2 && p.peek(2).kind == ldNum
	if hn == 0 || !(p.punct(1, ":") || dotTime || (p.word(1) == "h" && p.peek(2).kind == ldNum)) {
		p.i = save
		if !p.needYear && p.zoneFollows() {
			return p.parseZone()
		}
		return p.parseLateYear()
	}
	p.f.hour = h
	p.i += 2
	m, mn := p.num(0)
	if mn == 0 {
		return errors.New("no minutes after the hour")
	}
	p.f.minute = m
	p.i++
	p.info.Precision = PrecisionMinute
	if p.punct(0, ":") || dotTime && p.punct(0, ".") && !p.peek(0).sp && len(p.peek(1).text) == 2 && !p.peek(1).sp {
		s, sn := p.num(1)
		if sn == 0 {
			return errors.New("no seconds after the minutes")
		}
		p.f.second = s
		p.i += 2
		p.info.Precision = PrecisionSecond
		if (p.punct(0, ".") || p.punct(0, ",")) && p.peek(1).kind == ldNum && !p.peek(1).sp && !p.peek(0).sp {
			p.f.nsec, _, _ = dtFraction(p.peek(1).text, 0)
			p.i += 2
		}
	}
	if meridiem != "" {
		if err := p.adjustHour(meridiem == "pm"); err != nil {
			return err
		}
	} else if err := p.parseMeridiem(); err != nil {
		return err
	}
	if p.word(0) == "uhr" {
		p.i++
	}
	if err := p.parseZone(); err != nil {
		return err
	}
	late := p.needYear
	if err := p.parseLateYear(); err != nil {
		return err
	}
	if late && p.info.Zone == "" {
		return p.parseZone() // Unix date: "Mon Jan 2 15:04:05 2006 MST"
	}
	return nil
}

// zoneFollows reports whether a zone that may follow a date without a time
// is at p.i: a known zone name, a zone database name, GMT or UTC with an
// offset, or an offset of the form ±hhmm or ±hh:mm.
func (p *ldParser) zoneFollows() bool {
	t := p.peek(0)
	switch t.kind {
	case ldWord:
		if _, known := ldZone(t.lower); known || ldGenericZone(t.lower) != "" || p.punct(1, "/") {
			return true
		}
		return (t.lower == "gmt" || t.lower == "utc") && (p.punct(1, "+") || p.punct(1, "-"))
	case ldPunct:
		_, n := p.num(1)
		return (t.text == "+" || t.text == "-") && (n == 4 || (n == 2 && p.punct(2, ":")))
	}
	return false
}

// parseLateYear reads the year of an asctime-like date ("Jan 2 15:04:05
// 2006"), which comes after the time and zone.
func (p *ldParser) parseLateYear() error {
	if !p.needYear || p.info.Precision < PrecisionMinute {
		return nil
	}
	y, yn := p.num(0)
	if yn == 0 {
		return errors.New("no year after the time")
	}
	p.f.year = ldYear(y, yn, &p.info)
	p.i++
	p.needYear = false
	return nil
}

// parseMeridiem reads "AM", "PM", "a.m." or "p.m." after a time and adjusts
// the hour (12 AM is midnight, 12 PM noon).
func (p *ldParser) parseMeridiem() error {
	pm := false
	switch w := p.word(0); {
	case w == "am" || w == "pm":
		pm = w == "pm"
		p.i++
	case (w == "a" || w == "p") && p.punct(1, ".") && p.word(2) == "m":
		pm = w == "p"
		p.i += 3
		if p.punct(0, ".") {
			p.i++
		}
	default:
		return nil
	}
	return p.adjustHour(pm)
}

// adjustHour applies a 12-hour marker, PM when pm, to the hour read.
func (p *ldParser) adjustHour(pm bool) error {
	// A 24-hour hour with a redundant marker ("13:00 PM", "0:30 AM") is
	// read as written; a contradiction ("13:00 AM", "0:30 PM") is an error.
	switch h := p.f.hour; {
	case h >= 13 && h <= 23 && pm, h == 0 && !pm:
	case h < 1 || h > 12:
		return fmt.Errorf("hour %d contradicts its AM/PM marker", h)
	case pm && h != 12:
		p.f.hour += 12
	case !pm && h == 12:
		p.f.hour = 0
	}
	return nil
}

// ldTimeConnector reports whether w (folded) is a word written between a
// date and its time: English "at", French "à" and "le", German "um",
// Italian "alle" and "ore", Spanish "a las", Portuguese "às", Dutch "om",
// Swedish, Danish and Norwegian "kl", Finnish "klo" and "kello", Polish
// "o", Czech "v", Russian "в", Turkish "saat".
func ldTimeConnector(w string) bool {
	switch w {
	case "at", "um", "a", "le", "alle", "ore", "las", "as", "om", "kl", "klo", "kello", "o", "v", "в", "saat":
		return true
	}
	return false
}

// ldMeridiemBefore returns "am" or "pm" for the Korean 12-hour markers
// written before the time (오전, 오후), or "".
func ldMeridiemBefore(w string) string {
	switch w {
	case "오전":
		return "am"
	case "오후":
		return "pm"
	}
	return ""
}

// Kinds of ldZoneItem.
const (
	ldZoneNone   = iota
	ldZoneOffset // a numeric offset, "GMT+1" included
	ldZoneName   // a name
)

// ldZoneItem is one zone designator: an offset or a name.
type ldZoneItem struct {
	kind  int
	off   int64          // minutes east of UTC: the offset, or a name's fixed offset
	known bool           // a name with a fixed offset
	loc   *time.Location // a name that is a zone of the zone database
}

// parseZone reads an optional zone: an offset ("Z" and the names below
// included), a name, or both ("-0700 MST", "MST-07:00"), in which case the
// offset wins.
func (p *ldParser) parseZone() error {
	start := p.i
	first, err := p.zoneItem(false)
	if err != nil || first.kind == ldZoneNone {
		return err
	}
	var second ldZoneItem
	switch t := p.peek(0); {
	case first.kind == ldZoneOffset && t.kind == ldWord:
		second, err = p.zoneItem(true)
	case first.kind == ldZoneName && t.kind == ldPunct && (t.text == "+" || t.text == "-"):
		second, err = p.zoneItem(false)
	}
	if err != nil {
		return err
	}
	offset, name := first, second
	if first.kind == ldZoneName {
		offset, name = second, first
	}
	switch {
	case offset.kind == ldZoneOffset:
		p.f.offset = offset.off
		p.checkLoc, p.hasCheckOff, p.checkOff = name.loc, name.known, name.off
	case name.loc != nil:
		p.loc = name.loc
	case name.known:
		p.f.offset = name.off
	default:
		p.info.ZoneAssumed = true
	}
	// The zone as written: from its first to its last token.
	last := p.toks[p.i-1]
	p.info.Zone = p.src[p.toks[start].off : last.off+len(last.text)]
	return nil
}

// zoneItem reads one zone designator at p.i. With nameOnly (a name after an
// offset) only names ParseDate knows are read, ambiguous ones included.
func (p *ldParser) zoneItem(nameOnly bool) (ldZoneItem, error) {
	t := p.peek(0)
	switch t.kind {
	case ldPunct:
		if t.text != "+" && t.text != "-" {
			return ldZoneItem{}, nil
		}
		off, err := p.parseOffset()
		return ldZoneItem{kind: ldZoneOffset, off: off}, err
	case ldWord:
		if p.punct(1, "/") && !p.peek(1).sp {
			loc, err := p.zoneDatabaseName()
			return ldZoneItem{kind: ldZoneName, loc: loc}, err
		}
		w := t.lower
		if !nameOnly && (w == "gmt" || w == "utc" || w == "ut") && (p.punct(1, "+") || p.punct(1, "-")) {
			p.i++
			off, err := p.parseOffset()
			return ldZoneItem{kind: ldZoneOffset, off: off}, err
		}
		if g := ldGenericZone(w); g != "" {
			p.i++
			loc, err := ldLoadLocation(g)
			if err != nil {
				return ldZoneItem{}, fmt.Errorf("zone %q (%s): %v", t.text, g, err)
			}
			return ldZoneItem{kind: ldZoneName, loc: loc}, nil
		}
		off, known := ldZone(w)
		if nameOnly && !known && !ldAmbiguousZone(w) {
			return ldZoneItem{}, nil
		}
		p.i++
		if !known && p.peek(0).kind == ldWord {
			return ldZoneItem{}, fmt.Errorf("unexpected %q", t.text)
		}
		return ldZoneItem{kind: ldZoneName, off: off, known: known}, nil
	}
	return ldZoneItem{}, nil
}

// zoneDatabaseName reads a zone database name such as "America/Los_Angeles"
// or "Etc/GMT+5" at p.i and loads it.
func (p *ldParser) zoneDatabaseName() (*time.Location, error) {
	start := p.peek(0).off
	end := start
	for end < len(p.src) {
		c := p.src[end]
		if !(dtIsAlpha(c) || dtIsDigit(c) || c == '/' || c == '_' || c == '-' || c == '+') {
			break
		}
		end++
	}
	for p.i < len(p.toks) && p.toks[p.i].off < end {
		p.i++
	}
	name := p.src[start:end]
	if len(name) > 64 {
		return nil, fmt.Errorf("zone name %q too long", name)
	}
	loc, err := ldLoadLocation(name)
	if err != nil {
		return nil, fmt.Errorf("zone %q: %v", name, err)
	}
	return loc, nil
}

// ldLoadZone loads a zone of the zone database (a variable so that tests can
// stand for a system without one).
var ldLoadZone = time.LoadLocation

// ldLocations caches the zones ldLoadLocation found (a zone database holds
// a few hundred names, so the cache stays small).
var ldLocations sync.Map // string → *time.Location

// ldLoadLocation returns the zone of the zone database called name, which
// must contain a "/". It is an error when no zone database has it (the
// library embeds none).
func ldLoadLocation(name string) (*time.Location, error) {
	if v, ok := ldLocations.Load(name); ok {
		return v.(*time.Location), nil
	}
	if !strings.Contains(name, "/") {
		return nil, errors.New("not a zone database name")
	}
	loc, err := ldLoadZone(name)
	if err != nil {
		return nil, errors.New("not found in the system's zone database")
	}
	ldLocations.Store(name, loc)
	return loc, nil
}

// parseOffset reads ±hh, ±hhmm or ±hh:mm (± at p.i) and returns minutes
// east of UTC. As in the RSS 2.0 algorithm, ±hhmm allows hours up to 99.
func (p *ldParser) parseOffset() (int64, error) {
	neg := p.punct(0, "-")
	v, n := p.num(1)
	var h, m int64
	switch {
	case n == 4:
		h, m = v/100, v%100
		p.i += 2
	case n == 1 || n == 2:
		h = v
		p.i += 2
		if p.punct(0, ":") {
			mv, mn := p.num(1)
			if mn != 2 {
				return 0, errors.New("offset minutes must have 2 digits")
			}
			m = mv
			p.i += 2
		}
		if h > 23 {
			return 0, fmt.Errorf("offset hour %d out of range", h)
		}
	default:
		return 0, errors.New("offset must be ±hh, ±hhmm or ±hh:mm")
	}
	if m > 59 {
		return 0, fmt.Errorf("offset minute %d out of range", m)
	}
	off := h*60 + m
	if neg {
		off = -off
	}
	return off, nil
}

// ldZone returns the offset (minutes east of UTC) of a lowercase zone
// name as commonly used, and whether the name is known and unambiguous.
// Unknown, ambiguous (IST, AST, SST, GST) and military names other than
// "z" give 0, false.
func ldZone(w string) (int64, bool) {
	switch w {
	case "z", "ut", "utc", "gmt", "uct", "wet", "zulu":
		return 0, true
	case "bst", "west", "cet", "met", "mez", "wat":
		return 60, true
	case "cest", "mest", "mesz", "eet", "sast", "cat":
		return 120, true
	case "eest", "msk", "eat":
		return 180, true
	case "pkt":
		return 300, true
	case "wib", "ict":
		return 420, true
	case "hkt", "sgt", "awst", "pht":
		return 480, true
	case "jst", "kst":
		return 540, true
	case "acst":
		return 570, true
	case "aest":
		return 600, true
	case "acdt":
		return 630, true
	case "aedt":
		return 660, true
	case "nzst":
		return 720, true
	case "nzdt":
		return 780, true
	case "nst":
		return -210, true
	case "ndt":
		return -150, true
	case "adt", "brt":
		return -180, true
	case "edt":
		return -240, true
	case "est", "cdt":
		return -300, true
	case "cst", "mdt":
		return -360, true
	case "mst", "pdt":
		return -420, true
	case "pst", "akdt":
		return -480, true
	case "akst", "hdt":
		return -540, true
	case "hst":
		return -600, true
	}
	return 0, false
}

// ldAmbiguousZone reports whether w (lowercase) is a zone name that stands
// for several zones in common use.
func ldAmbiguousZone(w string) bool {
	switch w {
	case "ist", "ast", "sst", "gst":
		return true
	}
	return false
}

// ldGenericZone returns the zone database name of a North American generic
// zone name (lowercase: "et" is Eastern Time, standard or daylight as the
// date falls), or "".
func ldGenericZone(w string) string {
	switch w {
	case "et":
		return "America/New_York"
	case "ct":
		return "America/Chicago"
	case "mt":
		return "America/Denver"
	case "pt":
		return "America/Los_Angeles"
	case "at":
		return "America/Halifax"
	}
	return ""
}

// ldMonth returns 1–12 for a month name or abbreviation (folded by ldFold)
// in English, German, French, Italian, Spanish, Portuguese, Dutch, Swedish,
// Danish, Norwegian, Finnish, Polish, Czech, Hungarian, Turkish, Greek,
// Russian or Ukrainian (nominative and genitive: "января", "stycznia",
// "ledna"), or 0. No word means two months: a name shared by languages
// ("mar", "set", "listopad") means the same month in each.
func ldMonth(w string) int64 {
	switch w {
	case "jan", "january", "januar", "janner", "janvier", "janv", // en de fr
		"gen", "gennaio", "ene", "enero", "janeiro", "januari", // it es pt nl sv
		"tammikuu", "tammikuuta", "tammi", "tammik", // fi
		"sty", "styczen", "stycznia", "leden", "ledna", // pl cs
		"oca", "ocak", // tr
		"ιαν", "ιανουαριοσ", "ιανουαριου",
		"янв", "январь", "января", "січень", "січня":
		return 1
	case "feb", "february", "februar", "feber", "fevrier", "fevr", "fev", "febr",
		"febbraio", "febrero", "fevereiro", "februari",
		"helmikuu", "helmikuuta", "helmi", "helmik",
		"lut", "luty", "lutego", "unor", "unora",
		"sub", "subat",
		"φεβ", "φεβρ", "φεβρουαριοσ", "φεβρουαριου",
		"фев", "февр", "февраль", "февраля", "лютий", "лютого":
		return 2
	case "mar", "march", "marz", "maerz", "mrz", "mars", "marcius", "marc",
		"marzo", "marco", "maart", "mrt", "marts",
		"maaliskuu", "maaliskuuta", "maalis", "maalisk",
		"marzec", "marca", "brezen", "brezna",
		"mart",
		"μαρ", "μαρτιοσ", "μαρτιου",
		"мар", "март", "марта", "березень", "березня":
		return 3
	case "apr", "april", "avril", "avr", "aprilis",
		"aprile", "abr", "abril",
		"huhtikuu", "huhtikuuta", "huhti", "huhtik",
		"kwi", "kwiecien", "kwietnia", "duben", "dubna",
		"nis", "nisan",
		"απρ", "απριλιοσ", "απριλιου",
		"апр", "апрель", "апреля", "квітень", "квітня":
		return 4
	case "may", "mai", "majus", "maj",
		"mag", "maggio", "mayo", "maio", "mei",
		"toukokuu", "toukokuuta", "touko", "toukok",
		"maja", "kveten", "kvetna",
		"mayis",
		"μαι", "μαιοσ", "μαιου",
		"май", "мая", "травень", "травня":
		return 5
	case "jun", "june", "juni", "juin", "junius",
		"giu", "giugno", "junio", "junho",
		"kesakuu", "kesakuuta", "kesa", "kesak",
		"cze", "czerwiec", "czerwca", "cerven", "cervna",
		"haz", "haziran",
		"ιουν", "ιον", "ιουνιοσ", "ιουνιου",
		"июн", "июнь", "июня", "червень", "червня":
		return 6
	case "jul", "july", "juli", "juillet", "juil", "julius",
		"lug", "luglio", "julio", "julho",
		"heinakuu", "heinakuuta", "heina", "heinak",
		"lip", "lipiec", "lipca", "cervenec", "cervence",
		"tem", "temmuz",
		"ιουλ", "ιολ", "ιουλιοσ", "ιουλιου",
		"июл", "июль", "июля", "липень", "липня":
		return 7
	case "aug", "august", "aout", "aou", "augusztus",
		"ago", "agosto", "augustus", "augusti",
		"elokuu", "elokuuta", "elo", "elok",
		"sie", "sierpien", "sierpnia", "srpen", "srpna",
		"agu", "agustos",
		"αυγ", "αυγουστοσ", "αυγουστου",
		"авг", "август", "августа", "серпень", "серпня":
		return 8
	case "sep", "sept", "september", "septembre", "szeptember", "szept",
		"set", "settembre", "septiembre", "setiembre", "setembro",
		"syyskuu", "syyskuuta", "syys", "syysk",
		"wrz", "wrzesien", "wrzesnia", "zari",
		"eyl", "eylul",
		"σεπ", "σεπτ", "σεπτεμβριοσ", "σεπτεμβριου",
		"сен", "сент", "сентябрь", "сентября", "вересень", "вересня":
		return 9
	case "oct", "october", "okt", "oktober", "octobre",
		"ott", "ottobre", "octubre", "out", "outubro",
		"lokakuu", "lokakuuta", "loka", "lokak",
		"paz", "pazdziernik", "pazdziernika", "rijen", "rijna",
		"eki", "ekim",
		"οκτ", "οκτωβριοσ", "οκτωβριου",
		"окт", "октябрь", "октября", "жовтень", "жовтня":
		return 10
	case "nov", "november", "novembre",
		"noviembre", "novembro",
		"marraskuu", "marraskuuta", "marras", "marrask",
		"lis", "listopad", "listopada", "listopadu",
		"kas", "kasim",
		"νοε", "νοεμ", "νοεμβριοσ", "νοεμβριου",
		"ноя", "нояб", "ноябрь", "ноября", "листопад", "листопада":
		return 11
	case "dec", "december", "dez", "dezember", "decembre",
		"dic", "dicembre", "diciembre", "dezembro", "des", "desember",
		"joulukuu", "joulukuuta", "joulu", "jouluk",
		"gru", "grudzien", "grudnia", "prosinec", "prosince",
		"ara", "aralik",
		"δεκ", "δεκεμβριοσ", "δεκεμβριου",
		"дек", "декабрь", "декабря", "грудень", "грудня":
		return 12
	}
	return 0
}

// ldWeekday returns 1–7 (Monday–Sunday) for a weekday name or abbreviation
// (folded by ldFold) in the languages of ldMonth (Korean too: "월요일"), or 0.
// Czech's two-letter abbreviations are left out: "so" is Saturday there and
// Sunday in German.
func ldWeekday(w string) int {
	switch w {
	case "mon", "monday", "mo", "montag", "lun", "lundi", "lunedi", "lunes", "seg", "segunda",
		"ma", "maandag", "man", "mandag", "maanantai", "pon", "poniedzialek", "pondeli",
		"pazartesi", "pzt", "δευ", "δευτερα", "hetfo", "пн", "понедельник", "понеділок", "월요일":
		return 1
	case "tue", "tues", "tuesday", "di", "dienstag", "mar", "mardi", "martedi", "martes", "ter", "terca",
		"dinsdag", "tis", "tisdag", "tir", "tirsdag", "ti", "tiistai", "wt", "wtorek", "utery",
		"sali", "sal", "τρι", "τριτη", "kedd", "вт", "вторник", "вівторок", "화요일":
		return 2
	case "wed", "weds", "wednesday", "mi", "mittwoch", "mer", "mercredi", "mercoledi", "mie", "miercoles",
		"qua", "quarta", "wo", "woensdag", "ons", "onsdag", "ke", "keskiviikko", "sr", "sroda", "streda",
		"carsamba", "car", "τετ", "τεταρτη", "szerda", "ср", "среда", "середа", "수요일":
		return 3
	case "thu", "thur", "thurs", "thursday", "do", "donnerstag", "jeu", "jeudi", "gio", "giovedi", "jue", "jueves",
		"qui", "quinta", "donderdag", "tor", "torsdag", "to", "torstai", "czw", "czwartek", "ctvrtek",
		"persembe", "per", "πεμ", "πεμπτη", "csutortok", "чт", "четверг", "четвер", "목요일":
		return 4
	case "fri", "friday", "fr", "freitag", "ven", "vendredi", "venerdi", "vie", "viernes", "sex", "sexta",
		"vr", "vrijdag", "fre", "fredag", "pe", "perjantai", "pt", "piatek", "patek",
		"cuma", "cum", "παρ", "παρασκευη", "pentek", "пт", "пятница", "пʼятниця", "금요일":
		return 5
	case "sat", "saturday", "sa", "samstag", "sonnabend", "sam", "samedi", "sab", "sabato", "sabado",
		"za", "zaterdag", "lor", "lordag", "la", "lauantai", "sob", "sobota",
		"cumartesi", "cmt", "σαβ", "σαββατο", "szombat", "сб", "суббота", "субота", "토요일":
		return 6
	case "sun", "sunday", "so", "sonntag", "dim", "dimanche", "dom", "domenica", "domingo",
		"zo", "zondag", "son", "sondag", "su", "sunnuntai", "nd", "niedz", "niedziela", "nedele",
		"pazar", "paz", "κυρ", "κυριακη", "vasarnap", "вс", "воскресенье", "нд", "неділя", "일요일":
		return 7
	}
	return 0
}

package feedspec

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
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
	// FormUnix: seconds (9 to 11 digits, optionally with a fraction) or
	// milliseconds (13 digits) since 1970-01-01T00:00:00Z.
	FormUnix DateForm = "unix"
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
}

// ParseDate reads a date as feeds really write them and returns the instant
// in UTC, with a description of what was read.
//
// It accepts everything the specification's three strict date algorithms
// accept (Atom/RFC 3339, W3C-DTF, RSS 2.0/RFC 822 with comments), and also:
//
//   - RFC 822/1123 variants: long or odd weekday names ("Thurs,",
//     "Tuesday"), no comma, no seconds, no zone, full month names and
//     "Sept", comments such as "(BST)", 12-hour clocks ("12:15 PM",
//     "9:00:00 a.m."; "13:00 PM" is 13:00, "13:00 AM" an error), zones as names, military letters, "+01:00",
//     "GMT+0100", "UTC-5";
//   - ISO 8601 with a space or lowercase "t" separator, a missing offset,
//     1-digit fields, a comma fraction, "+01" offsets, partial dates
//     ("2003-12") and the basic form "20240115";
//   - numeric dates "2024/01/15", "2024.01.15", "15-01-2024", "31.05.2017",
//     "8/21/2018 9:00:00 AM": year first is year-month-day; year last is
//     read day first when the first number is above 12, month first when
//     the second is; when both could be a month the order is ambiguous, the
//     date is read month first with "/" (the US convention) and day first
//     with "-" or "." (the European one), and DateInfo.Ambiguous is set;
//   - month-first dates "Jan 15, 2024", "Mon, May 25 2020 04:45:26 +0000",
//     JavaScript's "Wed May 10 2017 00:00:00 GMT+0000 (Coordinated
//     Universal Time)", asctime's "Mon Jan  2 15:04:05 2006", "Dec 2003";
//   - German and French day and month names, abbreviated or not, with or
//     without accents and trailing dots ("Do., 15. Mär. 2024 13:45 Uhr",
//     "jeudi 1er février 2024 à 13h45");
//   - Unix times: 9 to 11 digits are seconds (a fraction may follow), 13
//     digits are milliseconds. A string of 4 to 7 digits is a year
//     (W3C-DTF); 8 digits are an ISO 8601 basic date (YYYYMMDD).
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
// ParseDate never invents a value: a date it cannot read completely is an
// error that says why. Surrounding white space is ignored. Leap seconds (second
// 60) are rejected, as by the strict algorithms; fractions keep nanoseconds
// (further digits are truncated).
func ParseDate(s string) (time.Time, DateInfo, error) {
	// The strict algorithms first: their answers are exact. All-digit input
	// is left to the Unix-time rule below, except plain years.
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

// ldDigitsOnly reads an all-digit string (trimmed; s is the original).
func ldDigitsOnly(s, d string) (time.Time, DateInfo, error) {
	switch n := len(d); {
	case n >= 4 && n <= 7:
		t, ok := parseW3CDTFDate(d)
		if !ok {
			return time.Time{}, DateInfo{}, ldErr(s, "year out of range")
		}
		return t, DateInfo{Form: FormW3CDTF, Precision: PrecisionYear, ZoneAssumed: true}, nil
	case n == 8:
		f := dtFields{}
		f.year, _, _ = dtFixedDigits(d, 0, 4)
		f.month, _, _ = dtFixedDigits(d, 4, 2)
		f.day, _, _ = dtFixedDigits(d, 6, 2)
		if err := f.check(); err != nil {
			return time.Time{}, DateInfo{}, ldErr(s, "8 digits read as YYYYMMDD: "+err.Error())
		}
		t, _ := f.instant()
		return t, DateInfo{Form: FormISO8601, Precision: PrecisionDay, ZoneAssumed: true}, nil
	case n >= 9 && n <= 11:
		v, _, _ := dtDigitRun(d, 0)
		return time.Unix(v, 0).UTC(), DateInfo{Form: FormUnix, Precision: PrecisionSecond}, nil
	case n == 13:
		v, _ := strconv.ParseInt(d, 10, 64) // 13 digits always fit
		return time.UnixMilli(v).UTC(), DateInfo{Form: FormUnix, Precision: PrecisionSecond}, nil
	default:
		return time.Time{}, DateInfo{}, ldErr(s, fmt.Sprintf("a number of %d digits is neither a year (4–7 digits), a YYYYMMDD date, Unix seconds (9–11 digits) nor Unix milliseconds (13 digits)", n))
	}
}

// check applies the range checks of dtFields.instant and says which failed.
func (f *dtFields) check() error {
	switch {
	case f.year > dtMaxYear:
		return errors.New("year too large")
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
	lower string // for words: text in lowercase
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
			tok.lower = strings.ToLower(tok.text)
		}
		p.toks = append(p.toks, tok)
		sp = false
		i = j
	}
	return nil
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

// word returns the lowercase text of the word at p.i+k, or "".
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
			if p.punct(0, ".") {
				p.i++
			}
			if p.punct(0, ",") {
				p.i++
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
	t, ok := p.f.instant()
	if !ok {
		return time.Time{}, DateInfo{}, errors.New("out of range")
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
		if p.punct(0, "-") || p.punct(0, "/") {
			p.i++
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
		y, yn := p.num(0)
		if yn == 0 {
			return errors.New("no year after the month")
		}
		p.f.year = ldYear(y, yn)
		p.i++
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
		p.f.year = ldYear(y, yn)
		p.i++
		return nil
	}
	return fmt.Errorf("unexpected %q where a date was expected", t.text)
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

// ldYear applies the year rule of the RSS 2.0 algorithm (SUPPLEMENT §2.4
// step 2) to a year of n digits in a textual date.
func ldYear(y int64, n int) int64 {
	switch n {
	case 2:
		y += 1900
		if y < 1950 {
			y += 100
		}
	case 3:
		y += 1900
	}
	return y
}

// parseYearFirst reads YYYY sep M [sep D] (sep "-", "/" or ".").
func (p *ldParser) parseYearFirst(sep string) error {
	p.f.year, _ = p.num(0)
	p.i += 2
	m, mn := p.num(0)
	if mn == 0 || mn > 2 {
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
	}
	return nil
}

// parseNumericYearLast reads a sep b sep YYYY and decides which of a and b
// is the day.
func (p *ldParser) parseNumericYearLast(sep string) error {
	a, an := p.num(0)
	b, bn := p.num(2)
	y, yn := p.num(4)
	if an > 2 || bn > 2 {
		return errors.New("day and month must have 1 or 2 digits")
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

// parseTimeAndZone reads an optional time, an optional zone and, for
// asctime-like dates, a year after them.
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
	}
	switch p.word(0) {
	case "at", "um", "à", "a", "le":
		if p.peek(1).kind == ldNum {
			p.i++
		}
	}
	h, hn := p.num(0)
	if hn == 0 || !(p.punct(1, ":") || (p.word(1) == "h" && p.peek(2).kind == ldNum)) {
		p.i = save
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
	if p.punct(0, ":") {
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
	if err := p.parseMeridiem(); err != nil {
		return err
	}
	if p.word(0) == "uhr" {
		p.i++
	}
	if err := p.parseZone(); err != nil {
		return err
	}
	return p.parseLateYear()
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
	p.f.year = ldYear(y, yn)
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

// parseZone reads an optional zone: "Z", ±hh, ±hhmm, ±hh:mm, a name, or
// GMT/UTC/UT followed by an offset.
func (p *ldParser) parseZone() error {
	start := p.i
	t := p.peek(0)
	switch t.kind {
	case ldPunct:
		if t.text != "+" && t.text != "-" {
			return nil
		}
		off, err := p.parseOffset()
		if err != nil {
			return err
		}
		p.f.offset = off
	case ldWord:
		w := t.lower
		p.i++
		if (w == "gmt" || w == "utc" || w == "ut") && (p.punct(0, "+") || p.punct(0, "-")) {
			off, err := p.parseOffset()
			if err != nil {
				return err
			}
			p.f.offset = off
			break
		}
		off, known := ldZone(w)
		if !known {
			if p.peek(0).kind == ldWord {
				return fmt.Errorf("unexpected %q", t.text)
			}
			p.info.ZoneAssumed = true
		}
		p.f.offset = off
	default:
		return nil
	}
	// The zone as written: from its first to its last token.
	last := p.toks[p.i-1]
	p.info.Zone = p.src[p.toks[start].off : last.off+len(last.text)]
	return nil
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

// ldMonth returns 1–12 for an English, German or French month name or
// abbreviation (lowercase, accents optional), or 0.
func ldMonth(w string) int64 {
	switch w {
	case "jan", "january", "januar", "jänner", "jän", "janvier", "janv":
		return 1
	case "feb", "february", "februar", "feber", "février", "fevrier", "févr", "fevr", "fév", "fev":
		return 2
	case "mar", "march", "märz", "maerz", "marz", "mär", "mrz", "mars":
		return 3
	case "apr", "april", "avril", "avr":
		return 4
	case "may", "mai":
		return 5
	case "jun", "june", "juni", "juin":
		return 6
	case "jul", "july", "juli", "juillet", "juil":
		return 7
	case "aug", "august", "août", "aout", "aoû":
		return 8
	case "sep", "sept", "september", "septembre":
		return 9
	case "oct", "october", "okt", "oktober", "octobre":
		return 10
	case "nov", "november", "novembre":
		return 11
	case "dec", "december", "dez", "dezember", "décembre", "decembre", "déc":
		return 12
	}
	return 0
}

// ldWeekday returns 1–7 (Monday–Sunday) for an English, German or French
// weekday name or abbreviation (lowercase), or 0.
func ldWeekday(w string) int {
	switch w {
	case "mon", "monday", "mo", "montag", "lun", "lundi":
		return 1
	case "tue", "tues", "tuesday", "di", "dienstag", "mar", "mardi":
		return 2
	case "wed", "weds", "wednesday", "mi", "mittwoch", "mer", "mercredi":
		return 3
	case "thu", "thur", "thurs", "thursday", "do", "donnerstag", "jeu", "jeudi":
		return 4
	case "fri", "friday", "fr", "freitag", "ven", "vendredi":
		return 5
	case "sat", "saturday", "sa", "samstag", "sonnabend", "sam", "samedi":
		return 6
	case "sun", "sunday", "so", "sonntag", "dim", "dimanche":
		return 7
	}
	return 0
}

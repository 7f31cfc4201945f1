package feedspec

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// languageDates are dates as feeds in each language write them: a weekday
// and a month in words, with the words feeds put between the date and the
// time. 17 January 2024 is a Wednesday, so a wrong weekday name would set
// WeekdayMismatch ("w"), which no case expects.
var languageDates = map[string][]parseDateCase{
	"Italian": {
		{in: "mercoledì 17 gennaio 2024 13:45", want: "2024-01-17T13:45:00Z", form: FormRFC822, flags: "z"},
		{in: "Mer, 17 Gen 2024 13:45:00 +0100", want: "2024-01-17T12:45:00Z", form: FormRFC822},
		{in: "17 gennaio 2024 alle 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "17 gennaio 2024 ore 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "31 dicembre 2023", want: "2023-12-31T00:00:00Z", prec: PrecisionDay, flags: "z"},
		{in: "1 ottobre 2024", want: "2024-10-01T00:00:00Z", flags: "z"},
		{in: "giovedì 15 agosto 2024", want: "2024-08-15T00:00:00Z", flags: "z"},
		{in: "5 mag 2024", want: "2024-05-05T00:00:00Z", flags: "z"},
	},
	"French": {
		{in: "mer. 17 janv. 2024 à 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "jeudi 15 août 2024", want: "2024-08-15T00:00:00Z", flags: "z"},
		{in: "17 décembre 2024 13h05", want: "2024-12-17T13:05:00Z", flags: "z"},
	},
	"German": {
		{in: "Mi, 17 Jan 2024 13:45:00 +0100", want: "2024-01-17T12:45:00Z"},
		{in: "Mittwoch, 17. Januar 2024 um 13:45 Uhr", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "17. Dez. 2024", want: "2024-12-17T00:00:00Z", flags: "z"},
	},
	"Spanish": {
		{in: "miércoles, 17 de enero de 2024 13:45", want: "2024-01-17T13:45:00Z", form: FormRFC822, flags: "z"},
		{in: "17 de enero de 2024 a las 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "Mié, 17 Ene 2024 13:45:00 +0100", want: "2024-01-17T12:45:00Z"},
		{in: "1 de septiembre de 2024", want: "2024-09-01T00:00:00Z", flags: "z"},
		{in: "15 dic. 2023", want: "2023-12-15T00:00:00Z", flags: "z"},
		{in: "sábado 1 de junio del 2024", want: "2024-06-01T00:00:00Z", flags: "z"},
	},
	"Portuguese": {
		{in: "quarta-feira, 17 de janeiro de 2024 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "17 de janeiro de 2024 às 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "Qua, 17 Jan 2024 13:45:00 -0300", want: "2024-01-17T16:45:00Z"},
		{in: "3 de março de 2024", want: "2024-03-03T00:00:00Z", flags: "z"},
		{in: "25 out 2024", want: "2024-10-25T00:00:00Z", flags: "z"},
		{in: "sexta-feira, 20 de dezembro de 2024", want: "2024-12-20T00:00:00Z", flags: "z"},
	},
	"Dutch": {
		{in: "woensdag 17 januari 2024 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "17 jan. 2024 om 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "wo 17 jan 2024 13:45:00 +0100", want: "2024-01-17T12:45:00Z"},
		{in: "5 mrt 2024", want: "2024-03-05T00:00:00Z", flags: "z"},
		{in: "1 mei 2024", want: "2024-05-01T00:00:00Z", flags: "z"},
		{in: "vrijdag 15 maart 2024", want: "2024-03-15T00:00:00Z", flags: "z"},
	},
	"Finnish": {
		{in: "keskiviikko 17. tammikuuta 2024 klo 13.45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "17. tammikuuta 2024", want: "2024-01-17T00:00:00Z", flags: "z"},
		{in: "ke 17.1.2024 klo 13.45", want: "2024-01-17T13:45:00Z", form: FormNumeric, flags: "zd"},
		{in: "1. toukokuuta 2024", want: "2024-05-01T00:00:00Z", flags: "z"},
		{in: "15. kesäkuuta 2024 kello 9.05", want: "2024-06-15T09:05:00Z", flags: "z"},
		{in: "6. joulukuuta 2024 klo 18.30.15", want: "2024-12-06T18:30:15Z", prec: PrecisionSecond, flags: "z"},
	},
	"Swedish": {
		{in: "onsdag 17 januari 2024 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "17 jan. 2024 kl. 13.45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "ons 17 jan 2024", want: "2024-01-17T00:00:00Z", flags: "z"},
		{in: "1 maj 2024", want: "2024-05-01T00:00:00Z", flags: "z"},
		{in: "lördag 6 juni 2026", want: "2026-06-06T00:00:00Z", flags: "z"},
		{in: "17 augusti 2024", want: "2024-08-17T00:00:00Z", flags: "z"},
	},
	"Danish": {
		{in: "onsdag den 17. januar 2024 kl. 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "17. marts 2024", want: "2024-03-17T00:00:00Z", flags: "z"},
		{in: "søndag den 1. december 2024", want: "2024-12-01T00:00:00Z", flags: "z"},
	},
	"Norwegian": {
		{in: "onsdag 17. januar 2024 kl. 13.45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "24. desember 2024", want: "2024-12-24T00:00:00Z", flags: "z"},
		{in: "17. mai 2024", want: "2024-05-17T00:00:00Z", flags: "z"},
	},
	"Polish": {
		{in: "środa, 17 stycznia 2024 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "17 stycznia 2024 r. o 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "17 sty 2024", want: "2024-01-17T00:00:00Z", flags: "z"},
		{in: "1 października 2024", want: "2024-10-01T00:00:00Z", flags: "z"},
		{in: "Śr, 17 sty 2024 13:45:00 +0100", want: "2024-01-17T12:45:00Z"},
		{in: "piątek, 15 listopada 2024", want: "2024-11-15T00:00:00Z", flags: "z"},
		{in: "31 grudnia 2024", want: "2024-12-31T00:00:00Z", flags: "z"},
	},
	"Czech": {
		{in: "středa 17. ledna 2024 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "17. ledna 2024 v 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "28. října 2024", want: "2024-10-28T00:00:00Z", flags: "z"},
		{in: "1. července 2024", want: "2024-07-01T00:00:00Z", flags: "z"},
		{in: "pátek 15. listopadu 2024", want: "2024-11-15T00:00:00Z", flags: "z"},
		{in: "17. 1. 2024", want: "2024-01-17T00:00:00Z", form: FormNumeric, flags: "zd"},
	},
	"Hungarian": {
		{in: "2024. január 17., szerda 13:45", want: "2024-01-17T13:45:00Z", form: FormYearFirst, flags: "z"},
		{in: "2024. jan. 17.", want: "2024-01-17T00:00:00Z", flags: "z"},
		{in: "2024. 01. 17.", want: "2024-01-17T00:00:00Z", form: FormNumeric, flags: "z"},
	},
	"Turkish": {
		{in: "17 Ocak 2024 Çarşamba 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "29 Ekim 2024", want: "2024-10-29T00:00:00Z", flags: "z"},
		{in: "Çar, 17 Oca 2024 13:45:00 +0300", want: "2024-01-17T10:45:00Z"},
		{in: "17 Ağustos 2024 saat 09:30", want: "2024-08-17T09:30:00Z", flags: "z"},
		{in: "1 Şubat 2024", want: "2024-02-01T00:00:00Z", flags: "z"},
	},
	"Greek": {
		{in: "Τετ, 17 Ιαν 2024 13:45:00 +0200", want: "2024-01-17T11:45:00Z"},
		{in: "Τετάρτη, 17 Ιανουαρίου 2024", want: "2024-01-17T00:00:00Z", flags: "z"},
	},
	"Russian": {
		{in: "17 января 2024 г., 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "среда, 17 января 2024", want: "2024-01-17T00:00:00Z", flags: "z"},
		{in: "Ср, 17 янв 2024 13:45:00 +0300", want: "2024-01-17T10:45:00Z"},
		{in: "17 января 2024 в 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "1 сентября 2024 года", want: "2024-09-01T00:00:00Z", flags: "z"},
		{in: "Пт., 19 апр 2024", want: "2024-04-19T00:00:00Z", flags: "z"},
		{in: "5 мая 2024", want: "2024-05-05T00:00:00Z", flags: "z"},
	},
	"Ukrainian": {
		{in: "17 січня 2024 р., 13:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "середа, 17 січня 2024", want: "2024-01-17T00:00:00Z", flags: "z"},
		{in: "24 серпня 2024", want: "2024-08-24T00:00:00Z", flags: "z"},
	},
	"Korean": {
		{in: "2024년 1월 17일 오후 1:45", want: "2024-01-17T13:45:00Z", form: FormYearFirst, prec: PrecisionMinute, flags: "z"},
		{in: "2024년 1월 17일 수요일", want: "2024-01-17T00:00:00Z", prec: PrecisionDay, flags: "z"},
		{in: "2024. 1. 17. 오후 1:45:00", want: "2024-01-17T13:45:00Z", form: FormNumeric, flags: "z"},
		{in: "2024. 1. 17. 오전 12:05:00", want: "2024-01-17T00:05:00Z", flags: "z"},
		{in: "2024년 01월 17일 13:45 KST", want: "2024-01-17T04:45:00Z"},
		{in: "2024-01-17 오후 11:23:17", want: "2024-01-17T23:23:17Z", form: FormISO8601, flags: "z"},
		{in: "2024년 1월 17일 (수) 오후 1:45", want: "2024-01-17T13:45:00Z", flags: "z"},
		{in: "2024년 1월", want: "2024-01-01T00:00:00Z", prec: PrecisionMonth, flags: "z"},
	},
	"Chinese and Japanese": {
		{in: "2024年1月17日 13:45", want: "2024-01-17T13:45:00Z", form: FormYearFirst, flags: "z"},
		{in: "2024年01月17日", want: "2024-01-17T00:00:00Z", flags: "z"},
	},
}

// TestParseDateLanguages reads each language's dates as its feeds write
// them.
func TestParseDateLanguages(t *testing.T) {
	for lang, cases := range languageDates {
		t.Run(lang, func(t *testing.T) {
			for _, c := range cases {
				checkParseDateCase(t, c)
			}
		})
	}
}

// TestParseDateLanguagesRejected checks that the words of the languages
// read no more than dates: a name of the wrong kind, a weekday named
// wrongly, a marker out of place.
func TestParseDateLanguagesRejected(t *testing.T) {
	for _, c := range []parseDateCase{
		{in: "17 środa 2024", errSub: "unknown month"},
		{in: "2024년 17일", errSub: "no month after the year"},
		{in: "2024년 1월 117일", errSub: "1 or 2 digits"},
		{in: "17 de de enero de 2024", errSub: "unknown month"},
		{in: "17 января 2024 г. г.", errSub: "unexpected"},
		{in: "17 stycznia 2024 o", errSub: "unexpected"},
		{in: "2024年1月17日 13.4", errSub: "unexpected"},
		// A weekday that is not the date's is still flagged.
		{in: "czwartek, 17 stycznia 2024", want: "2024-01-17T00:00:00Z", flags: "zw"},
		{in: "17 Ocak 2024 Pazar", want: "2024-01-17T00:00:00Z", flags: "zw"},
		// "PT" after a date is Pacific time (America/Los_Angeles, in
		// the zone database), not the Polish abbreviation of Friday.
		{in: "Wed, 17 Jan 2024 13:45 PT", want: "2024-01-17T21:45:00Z"},
	} {
		if strings.HasSuffix(c.in, "PT") {
			if _, err := time.LoadLocation("America/Los_Angeles"); err != nil {
				continue
			}
		}
		checkParseDateCase(t, c)
	}
}

// TestParseDateEnglishNames checks that no word of the other languages
// changes what an English month or weekday name means.
func TestParseDateEnglishNames(t *testing.T) {
	for m := time.January; m <= time.December; m++ {
		full := strings.ToLower(m.String())
		assert.Equal(t, int64(m), ldMonth(full), "%s", full)
		assert.Equal(t, int64(m), ldMonth(full[:3]), "%s", full[:3])
	}
	assert.Equal(t, int64(9), ldMonth("sept"))
	for d := time.Sunday; d <= time.Saturday; d++ {
		want := int(d)
		if d == time.Sunday {
			want = 7
		}
		full := strings.ToLower(d.String())
		assert.Equal(t, want, ldWeekday(full), "%s", full)
		assert.Equal(t, want, ldWeekday(full[:3]), "%s", full[:3])
	}
	for w, want := range map[string]int{"tues": 2, "weds": 3, "thur": 4, "thurs": 4} {
		assert.Equal(t, want, ldWeekday(w), "%s", w)
	}
}

// TestParseDateEnglishForms parses English dates in the layouts feeds use,
// for a year of days, and compares them with the instants they were
// written from: the words of the other languages change none of them.
func TestParseDateEnglishForms(t *testing.T) {
	zone := time.FixedZone("", -5*3600)
	layouts := []string{
		time.RFC1123, time.RFC1123Z, time.RFC850, time.RFC3339,
		"Monday, January 2, 2006 15:04:05 -0700",
		"Mon, 2 Jan 2006 15:04:05 -0700 (MST)",
		"Mon Jan 2 2006 15:04:05 GMT-0700",
		"January 2, 2006 3:04:05 PM -07:00",
		"2 January 2006 15:04:05 -0700",
		"Monday 2 January 2006 at 15:04:05 -0700",
		"Jan 2, 2006 at 3:04:05 pm -0700",
	}
	start := time.Date(2023, 12, 25, 7, 5, 9, 0, zone)
	n := 0
	for d := 0; d < 400; d++ {
		want := start.AddDate(0, 0, d).Add(time.Duration(d*97) * time.Minute)
		for _, l := range layouts {
			for _, s := range []string{want.Format(l), strings.ToUpper(want.Format(l)), strings.ToLower(want.Format(l))} {
				got, info, err := ParseDate(s)
				if !assert.NoError(t, err, "%q", s) {
					continue
				}
				assert.True(t, got.Equal(want), "ParseDate(%q) = %s, want %s", s, formatDate(got), formatDate(want.UTC()))
				assert.False(t, info.WeekdayMismatch, "%q", s)
				n++
			}
		}
	}
	t.Logf("%d English dates", n)
}

// TestParseDateHostileLinear checks that ParseDate's cost grows linearly
// with hostile input of the shapes the language tables meet: a long word,
// many connectors, many markers. Bytes allocated are counted at two sizes.
func TestParseDateHostileLinear(t *testing.T) {
	shapes := map[string]func(n int) string{
		"long word":     func(n int) string { return "17 " + strings.Repeat("ó", n) + " 2024" },
		"connectors":    func(n int) string { return "17 stycznia 2024 " + strings.Repeat("o ", n) + "13:45" },
		"markers":       func(n int) string { return strings.Repeat("2024년 ", n) },
		"dotted time":   func(n int) string { return "17.1.2024 " + strings.Repeat("13.", n) + "45" },
		"weekday words": func(n int) string { return strings.Repeat("środa ", n) + "17 stycznia 2024" },
	}
	for name, make := range shapes {
		t.Run(name, func(t *testing.T) {
			cost := func(n int) uint64 {
				s := make(n)
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				for i := 0; i < 10; i++ {
					_, _, err := ParseDate(s)
					require.Error(t, err)
				}
				runtime.ReadMemStats(&after)
				return after.TotalAlloc - before.TotalAlloc
			}
			small, large := cost(2000), cost(20000)
			require.NotZero(t, small)
			ratio := float64(large) / float64(small)
			assert.LessOrEqual(t, ratio, 12.0, "bytes allocated: %d at n=2000, %d at n=20000", small, large)
			t.Logf("%s: %d → %d bytes (×%.1f)", name, small, large, ratio)
		})
	}
}

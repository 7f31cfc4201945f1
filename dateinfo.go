package feedspec

import (
	"strings"
	"time"
)

// How the processors keep, for a date of the model, the flag a reader shows
// as "date uncertain" (Entry.PublishedInfo, Entry.UpdatedInfo,
// Feed.UpdatedInfo). A date the specification's algorithm read with the zone
// it wrote records nothing; the others record a DateInfo, keyed by the
// *time.Time the date function returned, until finishEntry (or, for the
// feed, the end of the document) moves it to its field. Only uncertain dates
// are recorded, so the map stays empty for most feeds.

// noteDate records info for the date t, read from text. lenient says that
// the specification's algorithm rejected text and ParseDate's rules read it
// (info is then ParseDate's answer); otherwise the algorithm read the date
// with an assumed zone, and info is ParseDate's description of the same text
// (or, should ParseDate reject it, form alone), with ZoneAssumed set.
func (p *processor) noteDate(t *time.Time, text string, info DateInfo, lenient bool, form DateForm) {
	if t == nil {
		return
	}
	if !lenient {
		info = assumedZoneInfo(text, form)
	}
	info.Lenient = lenient
	if p.dateInfos == nil {
		p.dateInfos = make(map[*time.Time]*DateInfo)
	}
	p.dateInfos[t] = &info
}

// assumedZoneInfo describes text, a date the specification's algorithm read
// with an assumed zone: ParseDate's description of it (or, should ParseDate
// reject it, form alone), with ZoneAssumed set.
func assumedZoneInfo(text string, form DateForm) DateInfo {
	info, err := DateInfo{}, error(nil)
	if _, info, err = ParseDate(text); err != nil {
		info = DateInfo{Form: form}
	}
	info.ZoneAssumed = true
	return info
}

// takeDateInfo returns the DateInfo recorded for t, or nil, and forgets it.
func (p *processor) takeDateInfo(t *time.Time) *DateInfo {
	if t == nil || p.dateInfos == nil {
		return nil
	}
	info := p.dateInfos[t]
	delete(p.dateInfos, t)
	return info
}

// w3cZoneAssumed reports whether a string parseW3CDTFDate accepted has no
// time, hence no zone: the algorithm makes it midnight UTC.
func w3cZoneAssumed(s string) bool {
	return strings.IndexByte(s, 'T') < 0
}

// rssZoneAssumed reports whether a string parseRSSDate accepted ends with a
// zone name the specification's table gives no offset for (a military
// letter other than Z, "AM", "LOCAL", any name not in the table), which the
// algorithm reads as UTC. GMT, UT, UTC, UCT, Z and the other names the table
// makes +00:00 are known zones.
func rssZoneAssumed(s string) bool {
	name := rssDateZoneName(s)
	if name == "" || rssZoneOffset(name) != 0 {
		return false // a numeric zone, or a name with an offset
	}
	switch strings.ToUpper(name) {
	case "GMT", "UT", "UTC", "UCT", "Z", "WET", "MET", "MEWT", "MEZ", "SAMST":
		return false
	}
	return true
}

// strictDate returns t, a date the specification's algorithm read from
// text, recording its zone as assumed when assumed is true.
func (p *processor) strictDate(text string, t time.Time, assumed bool, form DateForm) *time.Time {
	d := p.newDate(t)
	if assumed {
		p.noteDate(d, text, DateInfo{}, false, form)
	}
	return d
}

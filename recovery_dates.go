package feedspec

import (
	"strconv"
	"strings"
	"time"

	"github.com/feedspec/feedspec/xml5"
)

// The DCMI terms namespace (repair 6), and its spelling without the slash.
const (
	nsDCTerms        = "http://purl.org/dc/terms/"
	nsDCTermsNoSlash = "http://purl.org/dc/terms"
)

// recoverEntryDates is repair 6 for an entry the specification's steps left
// without a date: its dc:date, dcterms:modified (updated), dcterms:issued,
// dcterms:created and Atom 0.3 issued (published) children are read, each
// filling its field only while it is null.
func (p *processor) recoverEntryDates(entry *Entry, el *xml5.Node) {
	if entry.Published != nil || entry.Updated != nil {
		return
	}
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		published := false
		switch c.Namespace {
		case nsDC:
			if c.Local != "date" {
				continue
			}
		case nsDCTerms, nsDCTermsNoSlash:
			switch c.Local {
			case "modified":
			case "issued", "created":
				published = true
			default:
				continue
			}
		case nsAtom03, nsAtom:
			if c.Local != "issued" {
				continue
			}
			published = true
		default:
			continue
		}
		field, name := &entry.Updated, "updated"
		if published {
			field, name = &entry.Published, "published"
		}
		if *field != nil {
			continue
		}
		if *field = p.processW3CDTFDate(c); *field != nil {
			p.recovered(c, name+" read from <"+c.QualifiedName()+">, which the specification does not read here")
		}
	}
}

// recoverFeedDate is repair 6 for a feed the specification's steps left
// without a date: the channel's (or feed's) dc:date or dcterms:modified.
func (p *processor) recoverFeedDate(feed *Feed, el *xml5.Node) {
	if feed.Updated != nil {
		return
	}
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Is(nsDC, "date") || c.Local == "modified" && (c.Namespace == nsDCTerms || c.Namespace == nsDCTermsNoSlash) {
			if feed.Updated = p.processW3CDTFDate(c); feed.Updated != nil {
				p.recovered(c, "updated read from <"+c.QualifiedName()+">, which the specification does not read here")
				return
			}
		}
	}
}

// everydayZones is repair 10: the zone names whose everyday meaning differs
// from the specification's table (docs/decisions.md#rss-zone-table,
// rssZoneOffset), with the offset people mean, in minutes east of UTC. The
// table's BST is Bering Standard Time (−11:00), its CAT Central Alaska Time
// (−10:00), its SAST South Australian Standard Time (+09:30); the other names
// are not in the table, which makes them UTC. Ambiguous names (IST: India,
// Ireland or Israel; AST, SST, GST, EAST) keep the table's value. ParseDate
// reads every name here with the same offset.
var everydayZones = map[string]struct {
	offset int64 // minutes east of UTC
	name   string
}{
	"BST":  {60, "British Summer Time"},
	"CAT":  {120, "Central Africa Time"},
	"SAST": {120, "South Africa Standard Time"},
	"WAT":  {60, "West Africa Time"},
	"WEST": {60, "Western European Summer Time"},
	"MESZ": {120, "Mitteleuropäische Sommerzeit"},
	"MSK":  {180, "Moscow Time"},
	"EAT":  {180, "East Africa Time"},
	"PKT":  {300, "Pakistan Standard Time"},
	"WIB":  {420, "Western Indonesia Time"},
	"ICT":  {420, "Indochina Time"},
	"SGT":  {480, "Singapore Time"},
	"PHT":  {480, "Philippine Time"},
	"ACDT": {630, "Australian Central Daylight Time"},
	"AEDT": {660, "Australian Eastern Daylight Time"},
	"BRT":  {-180, "Brasília Time"},
	"AKDT": {-480, "Alaska Daylight Time"},
}

// recoverRSSZone is the RSS 2.0 date processor's hook for repair 10, given
// the date the RSS 2.0 date algorithm read as t from text and whether its
// zone was assumed (dateinfo.go). In recovery mode, when the zone is a name
// in everydayZones whose offset differs from the table's, t is moved to the
// offset people mean by it, which is then not assumed; otherwise t and
// assumed are returned as they are.
func (p *processor) recoverRSSZone(el *xml5.Node, text string, t time.Time, assumed bool) (time.Time, bool) {
	if !p.recovery {
		return t, assumed
	}
	return p.everydayZone(el, text, t, assumed)
}

// everydayZone is recoverRSSZone in recovery mode.
func (p *processor) everydayZone(el *xml5.Node, text string, t time.Time, assumed bool) (time.Time, bool) {
	name := rssDateZoneName(text)
	if name == "" {
		return t, assumed // a numeric zone
	}
	name = strings.ToUpper(name)
	z, ok := everydayZones[name]
	if !ok {
		return t, assumed
	}
	table := rssZoneOffset(name)
	p.recovered(el, "zone "+name+" read as "+z.name+" ("+formatOffset(z.offset)+"), not the specification's "+formatOffset(table))
	if u := t.Add(time.Duration(table-z.offset) * time.Minute); !u.Equal(t) {
		return u, false
	}
	return t, assumed
}

// rssDateZoneName returns the zone name at the end of an RSS 2.0 date the
// date algorithm accepted (comments and spaces after it skipped), or "" when
// the zone is numeric.
func rssDateZoneName(s string) string {
	for {
		for len(s) > 0 && dtIsFWS(s[len(s)-1]) {
			s = s[:len(s)-1]
		}
		if !strings.HasSuffix(s, ")") {
			break
		}
		i := strings.LastIndexByte(s, '(')
		if i < 0 {
			return ""
		}
		s = s[:i]
	}
	i := len(s)
	for i > 0 && dtIsAlpha(s[i-1]) {
		i--
	}
	return s[i:]
}

// formatOffset writes minutes east of UTC as ±hh:mm.
func formatOffset(m int64) string {
	sign := "+"
	if m < 0 {
		sign, m = "-", -m
	}
	return sign + twoDigits(m/60) + ":" + twoDigits(m%60)
}

func twoDigits(v int64) string {
	if v < 10 {
		return "0" + strconv.FormatInt(v, 10)
	}
	return strconv.FormatInt(v, 10)
}

// recoverDate reads, for a date neither the specification's algorithm nor
// ParseDate reads, a numeric zone written with three digits ("-800" for
// -08:00, as in "Wed 24 May 2006 14:28:41 -800"): the text is read again by
// ParseDate with the offset's hour padded to two digits. It is the hook of
// the date processors' rejection (rejectedDate, after ParseDate failed):
// nil outside recovery mode.
func (p *processor) recoverDate(el *xml5.Node, text string) *time.Time {
	if !p.recovery {
		return nil
	}
	s := strings.TrimRight(text, " \t\r\n")
	n := len(s)
	if n < 5 || s[n-4] != '+' && s[n-4] != '-' || s[n-5] != ' ' ||
		!dtIsDigit(s[n-3]) || !dtIsDigit(s[n-2]) || !dtIsDigit(s[n-1]) {
		return nil
	}
	fixed := s[:n-3] + "0" + s[n-3:]
	t, info, err := ParseDate(fixed)
	if err != nil {
		return nil
	}
	p.noteDate(&t, fixed, info, true, "") // dateinfo.go
	p.recovered(el, "zone "+s[n-4:]+" read as "+s[n-4:n-3]+"0"+s[n-3:n-2]+":"+s[n-2:])
	return &t
}

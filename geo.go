package feedspec

import (
	"strconv"
	"strings"

	"github.com/feedspec/feedspec/xml5"
)

// Where an entry or a feed is (an addition, issue 38): GeoRSS's simple
// point (georss:point), its GML form (georss:where holding a gml:Point
// with a gml:pos, OGC GML 3.1.1 as GeoRSS-GML profiles it), and the W3C
// Basic Geo vocabulary's geo:lat and geo:long (WGS84), written in the item
// or inside a geo:Point. Coordinates are WGS84 decimal degrees, latitude
// first in every form.

// Namespaces of the location elements.
const (
	nsGeoRSS = "http://www.georss.org/georss"
	nsGML    = "http://www.opengis.net/gml"
	nsW3CGeo = "http://www.w3.org/2003/01/geo/wgs84_pos#"
)

// A Geo is a point on the Earth (WGS84). JSON keys lat, lon (always
// written), elevation.
type Geo struct {
	// Lat is the latitude in decimal degrees, -90 to 90.
	Lat float64 `json:"lat"`
	// Lon is the longitude in decimal degrees, -180 to 180.
	Lon float64 `json:"lon"`
	// Elevation is the third coordinate of a GML position (gml:pos with
	// three numbers), in meters above the WGS84 ellipsoid; nil when not
	// written.
	Elevation *float64 `json:"elevation,omitempty"`
}

// A geoState is what the processor of an entry or feed remembers of its
// location elements: whether a geo:lat and geo:long pair was looked for
// already.
type geoState struct{ w3cTried bool }

// processGeo reads a location element el (a child of an item, entry,
// channel or feed element in the GeoRSS, GML or W3C Basic Geo namespace)
// into *g when it is still nil: the first element that gives a valid
// point wins.
func (p *processor) processGeo(g **Geo, st *geoState, el *xml5.Node) {
	if *g != nil {
		return
	}
	switch el.Namespace {
	case nsGeoRSS:
		switch el.Local {
		case "point":
			text := el.ChildTextContent()
			*g = p.geoPoint(el, "", text, text, false)
		case "where":
			for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
				if c.Is(nsGML, "Point") {
					if pos := firstChildElement(c, nsGML, "pos"); pos != nil {
						text := pos.ChildTextContent()
						*g = p.geoPoint(pos, "", text, text, true)
					}
					return
				}
			}
		}
	case nsW3CGeo:
		switch el.Local {
		case "lat", "long":
			if !st.w3cTried {
				st.w3cTried = true
				*g = p.w3cPoint(el.Parent)
			}
		case "Point":
			*g = p.w3cPoint(el)
		}
	}
}

// w3cPoint reads the first geo:lat and geo:long children of el; nil when
// either is missing or invalid.
func (p *processor) w3cPoint(el *xml5.Node) *Geo {
	lat := firstChildElement(el, nsW3CGeo, "lat")
	lon := firstChildElement(el, nsW3CGeo, "long")
	if lat == nil || lon == nil {
		return nil
	}
	text := lat.ChildTextContent() + " " + lon.ChildTextContent()
	return p.geoPoint(lat, "", text, text, false)
}

// geoPoint reads text, "lat lon" (and, when elevation is allowed, an
// optional third number) separated by space characters, into a Geo; nil,
// with a Diagnostic naming el, attr and the value as written (value), when
// a number is not a decimal number or a coordinate is out of range.
func (p *processor) geoPoint(el *xml5.Node, attr, value, text string, elevation bool) *Geo {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r < 0x80 && isSpaceCharacter(byte(r)) })
	if len(fields) != 2 && !(elevation && len(fields) == 3) {
		p.reject(DiagnosticValue, el, attr, value, "not a point (a latitude and a longitude)")
		return nil
	}
	var v [3]float64
	for i, f := range fields {
		n, ok := parseDecimal(f)
		if !ok {
			p.reject(DiagnosticNumber, el, attr, value, "not a point: "+strconv.Quote(f)+" is not a decimal number")
			return nil
		}
		v[i] = n
	}
	if v[0] < -90 || v[0] > 90 || v[1] < -180 || v[1] > 180 {
		p.reject(DiagnosticValue, el, attr, value, "a coordinate out of range (latitude -90 to 90, longitude -180 to 180)")
		return nil
	}
	g := &Geo{Lat: v[0], Lon: v[1]}
	if len(fields) == 3 {
		g.Elevation = &v[2]
	}
	return g
}

// parseDecimal reads s as a decimal number: an optional sign, ASCII digits
// with at most one ".", at least one digit, no exponent. ok is false for
// anything else and for a number beyond 1e15 in magnitude.
func parseDecimal(s string) (float64, bool) {
	t := s
	if t != "" && (t[0] == '-' || t[0] == '+') {
		t = t[1:]
	}
	if !isDecimal(t) { // podcast.go
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f > 1e15 || f < -1e15 {
		return 0, false
	}
	return f, true
}

package feedspec

import "github.com/feedspec/feedspec/xml5"

// Licences (an addition, issue 38): the Creative Commons modules name the
// licence of a feed or of an item by its URL. RSS 1.0's module (cc:, the
// namespace of web.resource.org/cc) writes it as an rdf:resource
// attribute; UserLand's RSS 2.0 module (creativeCommons:) as the element's
// text. Podcasting 2.0's podcast:license is read under the podcast objects
// (podcast.go).

// Namespaces of the licence elements.
const (
	nsCC              = "http://web.resource.org/cc/"
	nsCreativeCommons = "http://backend.userland.com/creativeCommonsRssModule"
)

// processLicense appends the licence URL of el, a license element in the cc
// or creativeCommons namespace, to *list (MaxPerEntry, in scope): the
// rdf:resource attribute (cc:license), else the element's text, parsed as
// a URL. An element without one, or whose URL does not parse, is left out
// (a URL that fails is reported as every URL is).
func (p *processor) processLicense(list *[]string, scope int, el *xml5.Node) {
	var u string
	if v, ok := el.AttrValue(nsRDF, "resource"); ok && el.Namespace == nsCC {
		if v == "" {
			return
		}
		u = p.parseURL(el, "rdf:resource", v)
	} else {
		u = p.processURLElement(el)
	}
	if u != "" && p.room(scope, listLicenses, el) {
		appendCapped(p, list, el, scope, isLicense, u)
	}
}

// isLicense reports whether el is a licence element of the cc or
// creativeCommons modules.
func isLicense(el *xml5.Node) bool {
	return el.Local == "license" && (el.Namespace == nsCC || el.Namespace == nsCreativeCommons)
}

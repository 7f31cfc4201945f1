package feedspec

import "github.com/feedspec/feedspec/xml5"

// The category elements of the extensions that give CategoryDetails only
// (issue 24): media:category, RSS 1.0 taxo:topics, and RSS 2.0 dc:subject.
// None of them changes the specification's Categories.

// nsTaxo is the namespace of the RSS 1.0 taxonomy module.
const nsTaxo = TaxonomyScheme

// MediaCategoryScheme is the scheme a media:category element without a
// scheme attribute has (Media RSS: "If this attribute is not included, the
// default scheme is 'http://search.yahoo.com/mrss/category_schema'"); its
// Category's Scheme is set to it.
const MediaCategoryScheme = "http://search.yahoo.com/mrss/category_schema"

// TaxonomyScheme is the Scheme of the categories read from an RSS 1.0
// taxo:topics element: the taxonomy module's namespace URL, which says
// that the Term is a topic's URL (rdf:resource).
const TaxonomyScheme = "http://purl.org/rss/1.0/modules/taxonomy/"

// mediaCategory reads a media:category element: its text (not trimmed, as
// an RSS category's) is the term, its scheme attribute the scheme
// (MediaCategoryScheme when absent or blank), its label attribute the
// label. ok is false when the text is "".
func mediaCategory(el *xml5.Node) (Category, bool) {
	term := el.ChildTextContent()
	if term == "" {
		return Category{}, false
	}
	c := Category{Term: term, Scheme: nonEmptyAttr(el, "scheme"), Label: nonEmptyAttr(el, "label")}
	if c.Scheme == "" {
		c.Scheme = MediaCategoryScheme
	}
	return c, true
}

// addMediaCategory appends the details of a media:category element to
// *list, counted in scope's categories (MaxPerEntry).
func (p *processor) addMediaCategory(list *[]Category, scope int, el *xml5.Node) {
	if c, ok := mediaCategory(el); ok && p.room(scope, listCategories, el) {
		*list = append(*list, c)
	}
}

// addMediaCategoriesIn appends the details of the media:category children
// of el (a media:content, or an RSS item's media:group) to the current
// entry's, and, when el is a group, those of its media:content children.
// Each counts in the entry's categories (MaxPerEntry).
func (p *processor) addMediaCategoriesIn(el *xml5.Node, group bool) {
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if !isMedia(c.Namespace) {
			continue
		}
		switch {
		case c.Local == "category":
			p.addMediaCategory(&p.entryCats, inEntry, c)
		case group && c.Local == "content":
			p.addMediaCategoriesIn(c, false)
		}
	}
}

// addSubjectDetails appends the details of a dc:subject element (its text,
// when not "") to *list, counted in scope's categories (MaxPerEntry), for
// the formats where the specification does not read dc:subject (RSS 2.0).
func (p *processor) addSubjectDetails(list *[]Category, scope int, el *xml5.Node) {
	if term := el.ChildTextContent(); term != "" && p.room(scope, listCategories, el) {
		*list = append(*list, Category{Term: term})
	}
}

// addTaxoTopics appends the topics of an RSS 1.0 taxo:topics element to
// *list: each rdf:li of its rdf:Bag children with a resource attribute
// (rdf:resource, or resource without a prefix as some feeds write it)
// holding a non-space character gives a Category whose Term is that
// resource as written and whose Scheme is TaxonomyScheme. Each topic counts
// in scope's categories (MaxPerEntry).
func (p *processor) addTaxoTopics(list *[]Category, scope int, el *xml5.Node) {
	for bag := el.FirstElementChild(); bag != nil; bag = bag.NextElementSibling() {
		if !bag.Is(nsRDF, "Bag") {
			continue
		}
		for li := bag.FirstElementChild(); li != nil; li = li.NextElementSibling() {
			if !li.Is(nsRDF, "li") {
				continue
			}
			v, ok := li.AttrValue(nsRDF, "resource")
			if !ok {
				v, ok = li.AttrValue("", "resource")
			}
			if !ok || !hasNonSpaceChar(v) {
				continue
			}
			if !p.room(scope, listCategories, li) {
				return
			}
			*list = append(*list, Category{Term: v, Scheme: TaxonomyScheme})
		}
	}
}

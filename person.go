package feedspec

import "github.com/feedspec/feedspec/xml5"

// A Person is an author of a feed or an entry (or a contributor).
//
// "" is null for every string field: the specification never produces an
// empty name or email (a name comes from a string element, which is null
// unless it has a non-space character, or from non-empty text; an email is a
// non-empty run of non-space characters), and a serialized URL is never
// empty.
type Person struct {
	// Name is the Atom person's name, the name of an RSS author or
	// managingEditor ("email (name)" gives the part in parentheses; any
	// other text is a name), or the text of dc:creator, itunes:author or
	// dc:contributor.
	Name string `json:"name,omitempty"`
	// Email is the Atom person's email, or the part of an RSS "email
	// (name)" before the space.
	Email string `json:"email,omitempty"`
	// PageURL is the Atom person's uri.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	PageURL string `json:"page_url,omitempty"`
	// Icon is the src of the Atom person's gd:image (GData, as Blogger
	// writes it).
	Icon *Image `json:"icon,omitempty"`
}

// processAtomPerson is "process an Atom person element" [24].
func (p *processor) processAtomPerson(el *xml5.Node) *Person {
	person := p.newPerson(Person{})                                         // [54]
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() { // [55]
		switch c.Namespace { // [56]
		case nsAtom, nsAtom03:
			switch c.Local {
			case "name":
				if person.Name == "" {
					person.Name = processStringElement(c)
				}
			case "email":
				if person.Email == "" {
					person.Email = processStringElement(c)
				}
			case "uri":
				if person.PageURL == "" {
					person.PageURL = p.processURLElement(c)
				}
			}
		case nsGData:
			if c.Local == "image" && person.Icon == nil {
				person.Icon = p.processImageElement(c, "src")
			}
		}
	}
	return person // [53]
}

// processRSSPerson is "process an RSS 2.0 person element" [247]: the
// "email (name)" form or a plain name. nil is null.
func processRSSPerson(el *xml5.Node) *Person {
	text := el.ChildTextContent() // [253]
	if text == "" {               // [318]
		return nil // [319]
	}
	if name, email, ok := splitMailbox(text); ok { // [157]
		return &Person{Name: name, Email: email} // [254] [158] [159] [256]
	}
	return &Person{Name: text} // [320] [255] [256]
}

// splitMailbox matches text against [157]: one or more non-space code points,
// one or more space characters, "(", one or more code points, and a final
// ")". It returns the part between that "(" and the final ")" as the name and
// the part before the first space character as the email.
func splitMailbox(text string) (name, email string, ok bool) {
	i := 0
	for i < len(text) && !isSpaceCharacter(text[i]) {
		i++
	}
	if i == 0 || i == len(text) {
		return "", "", false
	}
	j := i
	for j < len(text) && isSpaceCharacter(text[j]) {
		j++
	}
	if j == len(text) || text[j] != '(' {
		return "", "", false
	}
	rest := text[j+1:]
	if len(rest) < 2 || rest[len(rest)-1] != ')' {
		return "", "", false
	}
	return rest[:len(rest)-1], text[:i], true
}

// personIndexThreshold is the length from which a list of persons is
// indexed by name (see hasPersonNamed) instead of being searched.
const personIndexThreshold = 16

// A personIndex holds the names of the first n persons of a list.
type personIndex struct {
	n     int
	names map[string]struct{}
}

// hasPersonNamed reports whether a person in *list has the given name. A
// short list is searched; a long one is indexed in p.personNames, so that
// adding n persons costs time linear in n. The index catches up with the
// persons appended to the list since it was last used (Atom persons are
// appended without it), so it is right however the list grew.
func (p *processor) hasPersonNamed(list *[]*Person, name string) bool {
	l := *list
	if len(l) < personIndexThreshold {
		for _, q := range l {
			if q != nil && q.Name == name {
				return true
			}
		}
		return false
	}
	idx := p.personNames[list]
	if idx == nil || idx.n > len(l) {
		if p.personNames == nil {
			p.personNames = make(map[*[]*Person]*personIndex)
		}
		idx = &personIndex{names: make(map[string]struct{}, 2*len(l))}
		p.personNames[list] = idx
	}
	for ; idx.n < len(l); idx.n++ {
		if q := l[idx.n]; q != nil {
			idx.names[q.Name] = struct{}{}
		}
	}
	_, ok := idx.names[name]
	return ok
}

// addRSSPerson runs the steps that add the result of processing an RSS 2.0
// person element to a list of authors ([357]–[359] for a channel,
// [355]–[354] for an item): a person with an email is always appended, one
// without only when no person in the list has the same name.
func (p *processor) addRSSPerson(list *[]*Person, el *xml5.Node) {
	person := processRSSPerson(el) // [357] [355]
	if person == nil {             // [360] [361]
		p.recoverRSSAuthor(list, el) // repair 18 (recovery_authors.go)
		return
	}
	if person.Email != "" || !p.hasPersonNamed(list, person.Name) { // [358] [356]
		p.appendPerson(list, person) // [359] [354]
	}
}

// addNamedPerson runs the steps for dc:creator and itunes:author ([316]–[315]
// for a channel, [118]–[120] for an item, docs/decisions.md#rss1-rdf for
// RSS 1.0; docs/decisions.md#creator-child-text): the
// child's text makes a name-only person unless it is empty or a person in the
// list already has that name.
func (p *processor) addNamedPerson(list *[]*Person, el *xml5.Node) {
	text := el.ChildTextContent()                    // [316] [118]
	if text != "" && !p.hasPersonNamed(list, text) { // [317] [119]
		p.appendPerson(list, p.newPerson(Person{Name: text})) // [315] [120]
	}
}

// processStringElement is "process a string element" [60]: the child text
// content when it has a non-space character, else "" (null).
func processStringElement(el *xml5.Node) string {
	text := el.ChildTextContent() // [98]
	if hasNonSpaceChar(text) {    // [99]
		return text // [100]
	}
	return "" // [164] [174]
}

package feedspec

import "github.com/feedspec/feedspec/xml5"

// recoverRSSAuthor is repair 18, the hook of addRSSPerson for an RSS author
// element whose child text is empty, which the specification reads as no
// person [318]: in recovery mode, when the element holds an Atom person
// construct written in the RSS element (<author><name>danah</name></author>,
// as Movable Type 3.2 wrote it; the children in no namespace, Atom's or Atom
// 0.3's), its name, email and uri children make the person, added as the
// specification adds an RSS person (one with an email always, one without
// only when no person in the list has that name).
func (p *processor) recoverRSSAuthor(list *[]*Person, el *xml5.Node) {
	if !p.recovery || el.FirstElementChild() == nil {
		return
	}
	var person Person
	var from *xml5.Node
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		switch c.Namespace {
		case "", nsAtom, nsAtom03:
		default:
			continue
		}
		switch c.Local {
		case "name":
			if person.Name == "" {
				if person.Name = processStringElement(c); person.Name != "" && from == nil {
					from = c
				}
			}
		case "email":
			if person.Email == "" {
				if person.Email = processStringElement(c); person.Email != "" && from == nil {
					from = c
				}
			}
		case "uri":
			if person.PageURL == "" {
				person.PageURL = p.processURLElement(c)
			}
		}
	}
	if person.Name == "" && person.Email == "" {
		return
	}
	p.recovered(el, "Atom person construct (<"+from.QualifiedName()+"> child) read as the "+el.QualifiedName())
	if person.Email != "" || !p.hasPersonNamed(list, person.Name) {
		p.appendPerson(list, p.newPerson(person))
	}
}

package xml5

import (
	"strings"
	"unicode/utf8"
)

func skipSpace(s string, i int) int {
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return i
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// doctypeDecl handles a DOCTYPE; p.pos is just after "<!DOCTYPE". Only the
// first DOCTYPE before the root element makes a node and declares
// entities; later ones are read and ignored.
func (p *parser) doctypeDecl() {
	s := p.src
	start := p.pos - 9
	use := p.phase == phaseStart && !p.sawDecl && p.entDepth == 0
	if !use {
		p.parseError("unexpected-doctype")
	}
	p.sawDecl = true
	var dt *Node
	if use {
		dt = p.newNode(DoctypeNode)
		dt.Offset = start
		appendChild(p.doc.Node, dt)
		p.doctype = dt
	}
	i := skipSpace(s, p.pos)
	n := i
	for i < len(s) && !isSpace(s[i]) && s[i] != '>' && s[i] != '[' {
		i++
	}
	if dt != nil {
		dt.Local = clean(s[n:i])
	}
	i = skipSpace(s, i)
	if i >= len(s) {
		p.parseError("eof-in-doctype")
		p.pos = i
		return
	}
	var pub, sys string
	switch {
	case hasPrefixFold(s[i:], "PUBLIC"):
		i = skipSpace(s, i+6)
		if i < len(s) && (s[i] == '"' || s[i] == '\'') {
			q := s[i]
			j := i + 1
			for j < len(s) && s[j] != q && s[j] != '>' {
				j++
			}
			pub = s[i+1 : j]
			if j >= len(s) {
				p.parseError("eof-in-doctype")
				p.setIDs(dt, pub, "")
				p.pos = j
				return
			}
			if s[j] == '>' {
				p.parseError("abrupt-doctype-public-identifier")
				p.setIDs(dt, pub, "")
				p.pos = j + 1
				return
			}
			i = skipSpace(s, j+1)
			var ok bool
			sys, i, ok = quoted(s, i)
			if !ok {
				p.setIDs(dt, pub, sys)
				p.pos = len(s)
				return
			}
			if pub == "" && sys == "" {
				pub = " " // remember that identifiers were given
			}
		}
	case hasPrefixFold(s[i:], "SYSTEM"):
		i = skipSpace(s, i+6)
		var ok bool
		sys, i, ok = quoted(s, i)
		if !ok {
			p.setIDs(dt, "", sys)
			p.pos = len(s)
			return
		}
	}
	p.setIDs(dt, pub, sys)
	i = skipSpace(s, i)
	if i < len(s) && s[i] == '[' {
		i = p.internalSubset(i+1, use)
	}
	// Anything else up to '>' is ignored.
	j := strings.IndexByte(s[i:], '>')
	if j < 0 {
		p.parseError("eof-in-doctype")
		p.pos = len(s)
		return
	}
	if j > 0 && strings.TrimSpace(s[i:i+j]) != "" {
		p.parseError("bogus-doctype")
	}
	p.pos = i + j + 1
}

func (p *parser) setIDs(dt *Node, pub, sys string) {
	if dt == nil {
		return
	}
	if pub == " " {
		pub = ""
	}
	pub, sys = clean(pub), clean(sys)
	if pub == "" && sys == "" {
		dt.Attr = nil
		return
	}
	dt.Attr = []Attr{{Local: "publicId", Value: pub}, {Local: "systemId", Value: sys}}
}

// quoted reads an optional quoted string at s[i:]. It returns the string,
// the index after it, and false when the input ends inside it.
func quoted(s string, i int) (string, int, bool) {
	if i >= len(s) || (s[i] != '"' && s[i] != '\'') {
		return "", i, true
	}
	q := s[i]
	j := strings.IndexByte(s[i+1:], q)
	if j < 0 {
		return s[i+1:], len(s), false
	}
	return s[i+1 : i+1+j], i + j + 2, true
}

// internalSubset reads the internal subset from i (after '['). It returns
// the index after the closing ']' (or the end of the input). When use is
// false the declarations are read and ignored.
func (p *parser) internalSubset(i int, use bool) int {
	s := p.src
	for i < len(s) {
		c := s[i]
		switch {
		case c == ']':
			return i + 1
		case c == '<':
			rest := s[i:]
			switch {
			case strings.HasPrefix(rest, "<!-->"):
				i += 5
			case strings.HasPrefix(rest, "<!--->"):
				i += 6
			case strings.HasPrefix(rest, "<!--"):
				j := strings.Index(s[i+4:], "-->")
				if j < 0 {
					return len(s)
				}
				i += 4 + j + 3
			case strings.HasPrefix(rest, "<?"):
				if i+2 < len(s) && (s[i+2] == '?' || isSpace(s[i+2])) {
					i = skipTo(s, i+2, '>')
					continue
				}
				target, data, next, ok := piBody(s, i+2)
				if !ok {
					return len(s)
				}
				if use {
					n := p.newNode(ProcessingInstructionNode)
					n.Local, n.Data, n.Offset = target, data, i
					appendChild(p.doctype, n)
				}
				i = next
			case strings.HasPrefix(rest, "<!ENTITY"):
				i = p.entityDecl(i+8, use)
			case strings.HasPrefix(rest, "<!ATTLIST"):
				i = p.attlistDecl(i+9, use)
			default:
				// <!ELEMENT>, <!ATTLIST>, <!NOTATION> and anything
				// else: skipped, honouring quotes.
				i = skipDecl(s, i+1)
			}
		case c == '%':
			i = p.paramReference(i, use)
		default:
			i++
		}
	}
	return i
}

// paramReference handles a parameter-entity reference at s[i] == '%' in
// the internal subset: an internal parameter entity's replacement text is
// read as declarations; external ones are never read.
func (p *parser) paramReference(i int, use bool) int {
	s := p.src
	j := i + 1
	for j < len(s) && !nameStop[s[j]] {
		j++
	}
	if j >= len(s) || s[j] != ';' || j == i+1 {
		return i + 1
	}
	e := p.paramEntities[s[i+1:j]]
	if e == nil || e.external || e.active || p.entDepth >= p.lim.MaxEntityDepth ||
		p.expanded+len(e.value) > p.budget {
		return j + 1
	}
	p.expanded += len(e.value)
	e.active = true
	p.entDepth++
	saved := p.src
	p.src = e.value
	p.internalSubset(0, use)
	p.src = saved
	p.entDepth--
	e.active = false
	return j + 1
}

func skipTo(s string, i int, c byte) int {
	j := strings.IndexByte(s[i:], c)
	if j < 0 {
		return len(s)
	}
	return i + j + 1
}

// skipDecl skips a markup declaration up to its '>', ignoring '>' inside
// quoted strings.
func skipDecl(s string, i int) int {
	for i < len(s) {
		switch s[i] {
		case '>':
			return i + 1
		case '"', '\'':
			j := strings.IndexByte(s[i+1:], s[i])
			if j < 0 {
				return len(s)
			}
			i += j + 2
		default:
			i++
		}
	}
	return i
}

// entityDecl reads an entity declaration from i (after "<!ENTITY") and
// declares a general entity when use is true. The first declaration of a
// name wins; the predefined entities cannot be redeclared. A broken
// declaration ends at the next '>'.
func (p *parser) entityDecl(i int, use bool) int {
	s := p.src
	if i < len(s) && !isSpace(s[i]) {
		return skipTo(s, i, '>')
	}
	i = skipSpace(s, i)
	pe := false
	if i < len(s) && s[i] == '%' {
		pe = true
		i = skipSpace(s, i+1)
	}
	n := i
	for i < len(s) && !isSpace(s[i]) && s[i] != '>' && s[i] != '"' && s[i] != '\'' {
		i++
	}
	name := s[n:i]
	if i >= len(s) {
		return i
	}
	if name == "" || !isSpace(s[i]) {
		return skipTo(s, i, '>')
	}
	i = skipSpace(s, i)
	if i >= len(s) {
		return i
	}
	e := &entity{name: name}
	switch {
	case s[i] == '"' || s[i] == '\'':
		q := s[i]
		j := strings.IndexByte(s[i+1:], q)
		if j < 0 {
			return len(s)
		}
		e.value = entityValue(s[i+1 : i+1+j])
		e.hasLT = strings.IndexByte(e.value, '<') >= 0
		i += j + 2
	case hasPrefixFold(s[i:], "PUBLIC") || hasPrefixFold(s[i:], "SYSTEM"):
		e.external = true
		pub := hasPrefixFold(s[i:], "PUBLIC")
		i += 6
		for k := 0; k < 2; k++ {
			i = skipSpace(s, i)
			if i >= len(s) || (s[i] != '"' && s[i] != '\'') {
				break
			}
			q := s[i]
			j := i + 1
			for j < len(s) && s[j] != q && s[j] != '>' {
				j++
			}
			if j >= len(s) {
				return j
			}
			if s[j] == '>' {
				// An identifier cut short by '>': the declaration
				// ends there.
				return j + 1
			}
			i = j + 1
			if !pub {
				break
			}
		}
		i = skipSpace(s, i)
		if hasPrefixFold(s[i:], "NDATA") {
			e.unparsed = true
		}
	default:
		return skipTo(s, i, '>')
	}
	j := strings.IndexByte(s[i:], '>')
	if j < 0 {
		// The declaration never ended.
		return len(s)
	}
	if use && pe {
		if p.paramEntities == nil {
			p.paramEntities = make(map[string]*entity)
		}
		if _, dup := p.paramEntities[name]; !dup {
			p.paramEntities[name] = e
		}
	}
	if use && !pe && predefined(name) == "" {
		if p.entities == nil {
			p.entities = make(map[string]*entity)
		}
		if _, dup := p.entities[name]; !dup {
			p.entities[name] = e
		}
	}
	return i + j + 1
}

// attlistDecl reads an attribute-list declaration from i (after
// "<!ATTLIST") and records its default values and types when use is true.
func (p *parser) attlistDecl(i int, use bool) int {
	s := p.src
	i = skipSpace(s, i)
	n := i
	for i < len(s) && !isSpace(s[i]) && s[i] != '>' {
		i++
	}
	elem := s[n:i]
	for {
		i = skipSpace(s, i)
		if i >= len(s) {
			return i
		}
		if s[i] == '>' {
			return i + 1
		}
		// Attribute name.
		n = i
		for i < len(s) && !isSpace(s[i]) && s[i] != '>' {
			i++
		}
		def := attDef{name: s[n:i]}
		i = skipSpace(s, i)
		// Type: a keyword, NOTATION (...), or an enumeration.
		if i < len(s) && s[i] != '(' {
			n = i
			for i < len(s) && !isSpace(s[i]) && s[i] != '>' && s[i] != '(' {
				i++
			}
			def.cdata = s[n:i] == "CDATA"
			i = skipSpace(s, i)
		}
		if i < len(s) && s[i] == '(' {
			i = skipTo(s, i, ')')
			i = skipSpace(s, i)
		}
		if i >= len(s) {
			return i
		}
		// Default.
		if s[i] == '#' {
			n = i
			for i < len(s) && !isSpace(s[i]) && s[i] != '>' {
				i++
			}
			kw := s[n:i]
			if kw != "#FIXED" {
				p.addAttDef(elem, def, use)
				continue
			}
			i = skipSpace(s, i)
		}
		if i >= len(s) {
			return i
		}
		if s[i] != '"' && s[i] != '\'' {
			return skipTo(s, i, '>')
		}
		q := s[i]
		j := strings.IndexByte(s[i+1:], q)
		if j < 0 {
			return len(s)
		}
		if use {
			v := p.attrValue(nil, s[i+1:i+1+j], 0, 0)
			if !def.cdata {
				v = collapseSpaces(v)
			}
			def.value, def.hasDefault = string(v), true
		}
		i += j + 2
		p.addAttDef(elem, def, use)
	}
}

type attDef struct {
	name       string
	cdata      bool
	hasDefault bool
	value      string
}

// addAttDef records def for elem; the first definition of an attribute
// wins.
func (p *parser) addAttDef(elem string, def attDef, use bool) {
	if !use || def.name == "" {
		return
	}
	if p.attlists == nil {
		p.attlists = make(map[string][]attDef)
	}
	for _, d := range p.attlists[elem] {
		if d.name == def.name {
			return
		}
	}
	p.attlists[elem] = append(p.attlists[elem], def)
}

// collapseSpaces applies the extra normalization of attributes whose type
// is not CDATA: leading and trailing spaces dropped, runs of spaces
// collapsed into one.
func collapseSpaces(b []byte) []byte {
	out := b[:0]
	space := false
	for _, c := range b {
		if c == ' ' {
			space = true
			continue
		}
		if space && len(out) > 0 {
			out = append(out, ' ')
		}
		space = false
		out = append(out, c)
	}
	return out
}

// applyAttlist adds the declared default attributes to p.attrs and
// normalizes the values of attributes declared with a type other than
// CDATA.
func (p *parser) applyAttlist(qname string) {
	defs := p.attlists[qname]
	for _, d := range defs {
		found := false
		for k := range p.attrs {
			if p.attrs[k].name == d.name {
				found = true
				if !d.cdata {
					p.attrs[k].value = string(collapseSpaces([]byte(p.attrs[k].value)))
				}
				break
			}
		}
		if !found && d.hasDefault {
			p.attrs = append(p.attrs, rawAttr{d.name, d.value})
		}
	}
}

// entityValue builds an entity's replacement text from its literal value:
// character references are expanded now, entity references are kept for
// when the entity is used, and NUL becomes U+FFFD.
func entityValue(v string) string {
	if strings.IndexByte(v, '&') < 0 && strings.IndexByte(v, 0) < 0 {
		return v
	}
	b := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == 0:
			b = append(b, "\uFFFD"...)
		case c == '&' && i+1 < len(v) && v[i+1] == '#':
			r, n := numericRef(v[i:])
			if n == 0 {
				b = append(b, c)
				continue
			}
			b = utf8.AppendRune(b, r)
			i += n - 1
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

package feedspec

import (
	"strconv"

	"github.com/feedspec/feedspec/xml5"
)

// WithRecovery reads feeds that break the rules in ways every other feed
// reader forgives, where the specification's answer is null, has no entries
// or has no dates. docs/recovery.md lists the repairs;
// among them: a root element in the wrong namespace, items trapped under an
// unclosed element, RSS 0.90, dates in elements the specification does not
// look at, encodings the bytes contradict, text encoded as UTF-8 twice
// ("Ã©" for "é"), in the whole document or in some of its texts, module
// namespaces misspelled (iTunes in another letter case, the content module
// without its slash) or undeclared (atom:, itunes:, content:, dc: and media:
// prefixes without an xmlns), and an Atom Entry Document, read as a feed of
// one entry.
//
// Recovery mode also turns on WithLenientDates and WithXMLBase (people read
// those dates, and other readers honour xml:base). With WithDiagnostics,
// each repair that changes the result adds a Diagnostic of kind
// DiagnosticRecovered saying what was done and where. A repair never invents
// a value: it only reads what the document holds. Repairs that rename
// elements (a root in the wrong namespace, a misspelled or undeclared
// namespace) show in the tree Feed.Document returns: the elements have the
// namespace they were read in.
//
// It is off by default for ParseDocument and ParseResponse, whose answers are
// the specification's; the Fetcher and cmd/feedspec read in recovery mode
// unless asked to be strict.
func WithRecovery() Option {
	return func(c *config) {
		c.recovery = true
		c.lenientDates = true
		c.xmlBase = true
	}
}

// recovered records a repair as a DiagnosticRecovered at el (nil: the
// document's start) when diagnostics were asked for.
func (p *processor) recovered(el *xml5.Node, msg string) {
	if p.diags == nil {
		return
	}
	d := Diagnostic{Kind: DiagnosticRecovered, Message: msg}
	if el != nil {
		d.Element = el.QualifiedName()
		d.Offset = el.Offset
	}
	d.Line, d.Column = p.doc.Position(d.Offset)
	addDiagnostic(p.diags, p.diagStart, d)
}

// Namespaces recovery mode reads as the RSS 1.0 namespace.
const (
	nsRSS10NoSlash = "http://purl.org/rss/1.0"                // repair 1: misspelled
	nsRSS090       = "http://my.netscape.com/rdf/simple/0.9/" // repair 5: RSS 0.90
	nsRSS090Short  = "http://my.netscape.com/rdf/simple/0.9"  // RSS 0.90 without the slash
)

// recoverTree is the tree repair before the specification's dispatch [17],
// in recovery mode: the namespaces misspelled or undeclared (repairs 13 and
// 14: recoverNamespaces), then the root's (repairs 1 and 5: recoverRoot),
// which then sees the elements in the namespaces they were read in.
func (p *processor) recoverTree(root *xml5.Node) {
	p.recoverNamespaces(root)
	p.recoverRoot(root)
}

// recoverRoot runs repairs 1 and 5 on the root element before the
// specification's dispatch [17]: a root whose namespace is wrong is given the
// namespace its format has, together with every element of the document in
// the same wrong namespace.
func (p *processor) recoverRoot(root *xml5.Node) {
	switch {
	case root.Local == "rss" && root.Namespace != "":
		// Repair 1: <rss xmlns="http://backend.userland.com/rss2">.
		ns := root.Namespace
		renameNamespace(root, ns, "")
		p.recovered(root, "rss root in namespace "+ns+" read as RSS 2.0")
	case root.Local == "feed" && root.Namespace != nsAtom && root.Namespace != nsAtom03:
		// Repair 1: <feed> in no namespace or an unknown one, with Atom
		// children.
		if !hasAtomChild(root) {
			return
		}
		ns, target, name := root.Namespace, nsAtom, "Atom 1.0"
		if v, _ := root.AttrValue("", "version"); v == "0.3" {
			target, name = nsAtom03, "Atom 0.3"
		}
		renameNamespace(root, ns, target)
		where := "in no namespace"
		if ns != "" {
			where = "in namespace " + ns
		}
		p.recovered(root, "feed root "+where+" read as "+name)
	case root.Is(nsRDF, "RDF"):
		// Repairs 1 and 5: the RSS 1.0 namespace misspelled or missing,
		// or RSS 0.90's.
		ns, ok := rss10Namespace(root)
		if !ok || ns == nsRSS10 {
			return
		}
		renameNamespace(root, ns, nsRSS10)
		switch ns {
		case nsRSS090, nsRSS090Short, nsRSS090Channel, nsRSS090ChannelShort:
			p.recovered(root, "RSS 0.90 (namespace "+ns+") read as RSS 1.0")
		case "":
			p.recovered(root, "RSS 1.0 elements in no namespace read as RSS 1.0")
		default:
			p.recovered(root, "RSS 1.0 elements in namespace "+ns+" read as RSS 1.0")
		}
	}
}

// hasAtomChild reports whether a feed element has a child in the Atom
// namespace, or in its own namespace with the local name of an Atom element a
// feed has.
func hasAtomChild(feed *xml5.Node) bool {
	for c := feed.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Namespace == nsAtom || c.Namespace == nsAtom03 {
			return true
		}
		if c.Namespace != feed.Namespace {
			continue
		}
		switch c.Local {
		case "entry", "title", "id", "updated", "modified", "link", "author", "subtitle", "tagline":
			return true
		}
	}
	return false
}

// rss10Namespace returns the namespace an RDF root's RSS channel and items
// are in, when none of its children is in the RSS 1.0 namespace and the first
// channel or item child is in no namespace, the misspelled RSS 1.0 namespace
// or RSS 0.90's.
func rss10Namespace(root *xml5.Node) (string, bool) {
	found, ok := "", false
	for c := root.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Namespace == nsRSS10 {
			return nsRSS10, true
		}
		if !ok && (c.Local == "channel" || c.Local == "item") {
			switch c.Namespace {
			case "", nsRSS10NoSlash, nsRSS090, nsRSS090Short, nsRSS090Channel, nsRSS090ChannelShort:
				found, ok = c.Namespace, true
			}
		}
	}
	return found, ok
}

// renameNamespace gives every element of el's subtree (el included) in the
// namespace from the namespace to.
func renameNamespace(el *xml5.Node, from, to string) {
	for n := el; n != nil; n = nextInTree(n, el) {
		if n.Type == xml5.ElementNode && n.Namespace == from {
			n.Namespace = to
		}
	}
}

// nextInTree returns the node after n in document order within root's
// subtree, or nil at its end.
func nextInTree(n, root *xml5.Node) *xml5.Node {
	if n.FirstChild != nil {
		return n.FirstChild
	}
	for n != root {
		if n.NextSibling != nil {
			return n.NextSibling
		}
		n = n.Parent
	}
	return nil
}

// The containers whose descendants trappedEntries searches.
const (
	trappedInRSS        = iota // the rss element: items outside the channel
	trappedInRSSChannel        // an RSS 2.0 channel
	trappedInRDF               // the rdf:RDF element (RSS 1.0)
	trappedInAtom              // an Atom feed element
)

// trappedEntries is the hook of the Atom, RSS 2.0 channel and RDF
// processors for repair 2, called with each child c of the container before
// c is processed: in recovery mode, the entries trapped in c are read
// (readTrappedEntries), before c's own content and in document order with
// the other entries.
func (p *processor) trappedEntries(feed *Feed, c *xml5.Node, in int) {
	if p.recovery {
		p.readTrappedEntries(feed, c, in)
	}
}

// afterRSSChild is the rss processor's hook, called with each child c of
// the rss element after c is processed. In recovery mode, a channel the
// specification's steps left the feed without a date for gives it one
// (repair 6: recoverFeedDate), as the channel ends, so that a later
// channel's date does not come first; any other child has the items
// trapped in it read (repair 2; the rss processor reads no child but
// channels and items, so before or after it is the same).
func (p *processor) afterRSSChild(feed *Feed, c *xml5.Node) {
	if p.recovery {
		p.recoverRSSChild(feed, c)
	}
}

// recoverRSSChild is afterRSSChild in recovery mode.
func (p *processor) recoverRSSChild(feed *Feed, c *xml5.Node) {
	if c.Is("", "channel") {
		p.recoverFeedDate(feed, c)
		return
	}
	p.readTrappedEntries(feed, c, trappedInRSS)
}

// recoverFeed is the fill after the processors, in recovery mode: an Atom
// feed the specification's steps left without a date gets one (repair 6:
// recoverFeedDate). The RSS channels get theirs in afterRSSChild.
func (p *processor) recoverFeed(feed *Feed, root *xml5.Node) {
	if root.Local == "feed" && (root.Namespace == nsAtom || root.Namespace == nsAtom03) {
		p.recoverFeedDate(feed, root)
	}
}

// recoverEntryDocument is repair 15, in recovery mode, for a root the
// specification's dispatch [17] found no feed in: an Atom Entry Document
// (RFC 4287 4.1.2: a root entry element in the Atom namespace, or Atom
// 0.3's) is read as a feed of one entry, the root, which the feed has
// nothing else from. It returns nil for any other root.
func (p *processor) recoverEntryDocument(root *xml5.Node) *Feed {
	if root.Local != "entry" || root.Namespace != nsAtom && root.Namespace != nsAtom03 {
		return nil
	}
	p.recovered(root, "Atom Entry Document read as a feed of one entry")
	feed := &Feed{}
	p.addEntry(feed, root, p.processAtomEntry)
	return feed
}

// readTrappedEntries is repair 2. c is a child of the container (the kind given
// by in) that the processor has just read; when c is not an entry itself,
// the entries among its descendants that are not inside another entry are
// processed as if they were children of the container, in document order.
// XML5 keeps an element that is never closed open, so a
// <itunes:category text="x"> without its end tag holds every later item.
func (p *processor) readTrappedEntries(feed *Feed, c *xml5.Node, in int) {
	var isEntry func(*xml5.Node) bool
	var process func(*xml5.Node) *Entry
	name, parent := "items", "channel"
	switch in {
	case trappedInRSS, trappedInRSSChannel:
		if c.Namespace == "" && (c.Local == "item" || in == trappedInRSS && c.Local == "channel") {
			return
		}
		isEntry = func(n *xml5.Node) bool { return n.Is("", "item") }
		process = p.processRSSItem
		if in == trappedInRSS {
			parent = "rss element"
		}
	case trappedInRDF:
		if c.Is(nsRSS10, "item") {
			return
		}
		isEntry = func(n *xml5.Node) bool { return n.Is(nsRSS10, "item") }
		process = p.processRSS10Item
		parent = "feed"
	case trappedInAtom:
		isEntry = func(n *xml5.Node) bool {
			return n.Local == "entry" && (n.Namespace == nsAtom || n.Namespace == nsAtom03)
		}
		if isEntry(c) {
			return
		}
		process = p.processAtomEntry
		name, parent = "entries", "feed"
	}
	if c.FirstChild == nil {
		return
	}
	count := 0
	for n := c.FirstChild; n != nil; {
		if n.Type == xml5.ElementNode && isEntry(n) {
			p.addEntry(feed, n, process)
			count++
			n = nextSkippingChildren(n, c)
			continue
		}
		n = nextInTree(n, c)
	}
	if count > 0 {
		p.recovered(c, strconv.Itoa(count)+" "+name+" inside <"+c.QualifiedName()+"> read as "+name+" of the "+parent)
	}
}

// nextSkippingChildren returns the node after n's subtree in document order
// within root's subtree, or nil at its end.
func nextSkippingChildren(n, root *xml5.Node) *xml5.Node {
	for n != root {
		if n.NextSibling != nil {
			return n.NextSibling
		}
		n = n.Parent
	}
	return nil
}

// repairDiagnostics appends the XML parser's repairs (WithRecovery) to dst
// as DiagnosticRecovered.
func repairDiagnostics(dst *[]Diagnostic, doc *xml5.Document) {
	for _, r := range doc.Repairs {
		*dst = append(*dst, Diagnostic{Kind: DiagnosticRecovered, Line: r.Line, Column: r.Column, Offset: r.Offset, Message: r.Message})
	}
}

package feedspec

import (
	"sort"
	"strconv"
	"strings"

	"github.com/feedspec/feedspec/xml5"
)

// Namespace spellings recovery mode reads as the namespace they misspell
// (docs/recovery.md, repair 13; repair 5's RSS 0.90 spellings,
// nsRSS090Channel and nsRSS090ChannelShort, are in format.go).
const (
	// nsRSSContentNoSlash is the content module's namespace without its
	// trailing slash (repair 13).
	nsRSSContentNoSlash = "http://purl.org/rss/1.0/modules/content"
	// nsDCNoSlash is Dublin Core's element namespace without its trailing
	// slash (repair 13).
	nsDCNoSlash = "http://purl.org/dc/elements/1.1"
)

// The kinds of element recoverNamespaces renames, one counter each: three
// namespace spellings (repair 13), six undeclared prefixes (repair 14),
// namespace names with spaces around them (repair 16) and wfw:commentRSS
// (repair 17).
const (
	nsFixITunesCase = iota
	nsFixContentNoSlash
	nsFixDCNoSlash
	nsFixPrefixAtom
	nsFixPrefixITunes
	nsFixPrefixContent
	nsFixPrefixDC
	nsFixPrefixMedia
	nsFixPrefixWfw
	nsFixSpaces
	nsFixCommentRSS
	nsFixKinds
)

// undeclaredPrefixes are the prefixes repair 14 reads without a declaration,
// indexed by kind - nsFixPrefixAtom, and the namespace every feed means by
// each.
var undeclaredPrefixes = [...]struct{ prefix, namespace string }{
	{"atom", nsAtom},
	{"itunes", nsITunes},
	{"content", nsRSSContent},
	{"dc", nsDC},
	{"media", nsMedia},
	{"wfw", nsWfw},
}

// A namespaceFix counts the elements of one kind recoverNamespaces renamed.
type namespaceFix struct {
	count int
	first *xml5.Node // the first element renamed, where the diagnostic is
	from  string     // its namespace before (repair 13)
	mixed bool       // later elements had other spellings (repair 13)
}

// recoverNamespaces runs repairs 13 and 14 on the tree, before the root's
// repairs (recoverRoot) and the specification's dispatch [17], in one walk
// of the root's subtree (the content of an element in the XHTML namespace,
// Atom's XHTML content, is the content's own and is left as it is):
//
//   - repair 13: an element in the iTunes namespace spelled in another letter
//     case than the two the processors read
//     (http://www.itunes.com/DTDs/PodCast-1.0.dtd) is put in the iTunes
//     namespace; one in the content module's or Dublin Core's namespace
//     without its trailing slash in that namespace;
//   - repair 14: an element whose prefix no xmlns attribute declares (the
//     XML parser leaves it in no namespace, with the whole qualified name as
//     its local name and no prefix) is, for the prefixes atom, itunes,
//     content, dc, media and wfw, put in the namespace every feed means by them,
//     with its prefix and local name apart;
//   - repair 16: a namespace name with white space before or after it (an
//     xmlns attribute's value written " http://…"), of an element or an
//     attribute, is read without it (before the other repairs look at it);
//   - repair 17: an element in the Well-Formed Web namespace whose local
//     name is commentRss in another letter case (WordPress 2.0 wrote
//     commentRSS) is named commentRss.
//
// Each kind gives one diagnostic with its count, at the first element.
func (p *processor) recoverNamespaces(root *xml5.Node) {
	var fixes [nsFixKinds]namespaceFix
	found := false
	for n := root; n != nil; {
		if n.Type == xml5.ElementNode {
			kind, from := -1, n.Namespace
			if from != "" && (isXMLSpace(from[0]) || isXMLSpace(from[len(from)-1])) {
				fixes[nsFixSpaces].add(n, from)
				found = true
				from = strings.Trim(from, xmlSpaces)
				n.Namespace = from
			}
			for i := range n.Attr {
				if a := &n.Attr[i]; a.Namespace != "" && (isXMLSpace(a.Namespace[0]) || isXMLSpace(a.Namespace[len(a.Namespace)-1])) {
					fixes[nsFixSpaces].add(n, a.Namespace)
					found = true
					a.Namespace = strings.Trim(a.Namespace, xmlSpaces)
				}
			}
			switch {
			case from == "":
				if n.Prefix == "" && len(n.Local) > 3 {
					kind = fixUndeclaredPrefix(n)
				}
			case from == nsXHTML:
				n = nextSkippingChildren(n, root)
				continue
			case from == nsRSSContentNoSlash:
				n.Namespace, kind = nsRSSContent, nsFixContentNoSlash
			case from == nsDCNoSlash:
				n.Namespace, kind = nsDC, nsFixDCNoSlash
			case len(from) == len(nsITunes) && !isITunes(from) && strings.EqualFold(from, nsITunes):
				n.Namespace, kind = nsITunes, nsFixITunesCase
			}
			if kind >= 0 {
				fixes[kind].add(n, from)
				found = true
			}
			if n.Namespace == nsWfw && len(n.Local) == len("commentRss") && n.Local != "commentRss" && strings.EqualFold(n.Local, "commentRss") {
				fixes[nsFixCommentRSS].add(n, n.Local)
				n.Local = "commentRss"
				found = true
			}
		}
		// The next node in document order (nextInTree, inlined: this
		// walk visits every node of every document read in recovery
		// mode).
		if n.FirstChild != nil {
			n = n.FirstChild
			continue
		}
		for n != root && n.NextSibling == nil {
			n = n.Parent
		}
		if n == root {
			break
		}
		n = n.NextSibling
	}
	if found {
		p.namespaceDiagnostics(&fixes)
	}
}

// add counts n, renamed from the namespace (or local name) from.
func (f *namespaceFix) add(n *xml5.Node, from string) {
	if f.count == 0 {
		f.first, f.from = n, from
	} else if from != f.from {
		f.mixed = true
	}
	f.count++
}

// xmlSpaces are XML's white space characters (the S production).
const xmlSpaces = " \t\r\n"

// isXMLSpace reports whether c is one of xmlSpaces.
func isXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// fixUndeclaredPrefix is repair 14 for el, an element in no namespace and
// without a prefix: when its name has one of undeclaredPrefixes, undeclared,
// el is put in that prefix's namespace and its kind returned; otherwise -1.
func fixUndeclaredPrefix(el *xml5.Node) int {
	i := strings.IndexByte(el.Local, ':')
	if i <= 0 || i > len("content") || i == len(el.Local)-1 || strings.IndexByte(el.Local[i+1:], ':') >= 0 {
		return -1
	}
	prefix := el.Local[:i]
	for k, u := range undeclaredPrefixes {
		if u.prefix == prefix {
			el.Namespace, el.Prefix, el.Local = u.namespace, prefix, el.Local[i+1:]
			return nsFixPrefixAtom + k
		}
	}
	return -1
}

// namespaceDiagnostics records one DiagnosticRecovered for each kind of
// element recoverNamespaces renamed, in the order of their first elements.
func (p *processor) namespaceDiagnostics(fixes *[nsFixKinds]namespaceFix) {
	if p.diags == nil {
		return
	}
	kinds := make([]int, 0, nsFixKinds)
	for k := range fixes {
		if fixes[k].count > 0 {
			kinds = append(kinds, k)
		}
	}
	sort.SliceStable(kinds, func(i, j int) bool { return fixes[kinds[i]].first.Offset < fixes[kinds[j]].first.Offset })
	for _, k := range kinds {
		f := &fixes[k]
		count := strconv.Itoa(f.count) + " element"
		if f.count != 1 {
			count += "s"
		}
		var msg string
		switch k {
		case nsFixITunesCase, nsFixContentNoSlash, nsFixDCNoSlash:
			name, ns := "iTunes", nsITunes
			switch k {
			case nsFixContentNoSlash:
				name, ns = "content module", nsRSSContent
			case nsFixDCNoSlash:
				name, ns = "Dublin Core", nsDC
			}
			spelling := "namespace " + f.from
			if f.mixed {
				spelling += " (and other spellings)"
			}
			msg = count + " in " + spelling + " read in the " + name + " namespace " + ns
		case nsFixSpaces:
			msg = strings.Replace(count, "element", "name", 1) + " in namespace " + strconv.Quote(f.from)
			if f.mixed {
				msg += " (and other names with spaces around them)"
			}
			msg += " read without the spaces around the namespace name"
		case nsFixCommentRSS:
			msg = count + " <wfw:" + f.from + "> read as wfw:commentRss"
		default:
			u := undeclaredPrefixes[k-nsFixPrefixAtom]
			msg = count + " with the undeclared prefix " + u.prefix + ": read in namespace " + u.namespace
		}
		p.recovered(f.first, msg)
	}
}

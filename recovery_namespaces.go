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

// The kinds of element recoverNamespaces renames, one counter each: two
// namespace spellings (repair 13) and six undeclared prefixes (repair 14).
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
//     with its prefix and local name apart.
//
// Each kind gives one diagnostic with its count, at the first element.
func (p *processor) recoverNamespaces(root *xml5.Node) {
	var fixes [nsFixKinds]namespaceFix
	found := false
	for n := root; n != nil; {
		if n.Type == xml5.ElementNode {
			kind, from := -1, n.Namespace
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
				f := &fixes[kind]
				if f.count == 0 {
					f.first, f.from = n, from
				} else if from != f.from {
					f.mixed = true
				}
				f.count++
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
		default:
			u := undeclaredPrefixes[k-nsFixPrefixAtom]
			msg = count + " with the undeclared prefix " + u.prefix + ": read in namespace " + u.namespace
		}
		p.recovered(f.first, msg)
	}
}

package opml

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// A Document is an OPML document: its head and its tree of outlines.
//
// Parse fills it with what the document says, as written (values are not
// trimmed or resolved: Subscriptions does that); New builds one; Write
// writes one. A Document is a tree: no Outline or Element may appear in it
// twice.
type Document struct {
	// Title, DateCreated, DateModified, OwnerName and OwnerEmail are the
	// texts of the head's elements of those names, as written ("" when
	// absent or empty). When the head has two elements of one name, the
	// first that is not empty fills the field and the others are kept in
	// Head.
	Title        string
	DateCreated  string
	DateModified string
	OwnerName    string
	OwnerEmail   string

	// Head holds the head's other elements, in document order: ownerId,
	// docs, expansionState, vertScrollState, the window sizes, and any
	// element of another namespace.
	Head []*Element

	// Outlines are the body's top-level outlines, in document order.
	Outlines []*Outline

	// Attrs holds the opml element's attributes other than version (in
	// any case) and the namespace declarations, as written.
	Attrs []Attr

	// URL is the document's own URL (WithURL), against which Subscriptions
	// resolves relative URLs; "" when not known. It is not written.
	URL string
}

// An Outline is an outline element: a feed, a folder of outlines, or any
// other node of an outline.
//
// Each field holds the attribute of its name as written ("" when absent;
// an empty attribute is not told apart from a missing one). The
// attribute's name may be spelled in any case (see the package
// documentation); Write spells it as the specification does.
type Outline struct {
	// Text is the text attribute: what an outliner shows for the outline.
	Text string
	// Title is the title attribute: for a feed, the feed's title.
	Title string
	// Type is the type attribute, such as "rss", "link" or "include".
	Type string
	// XMLURL is the xmlUrl attribute: the feed's URL.
	XMLURL string
	// HTMLURL is the htmlUrl attribute: the feed's web page.
	HTMLURL string
	// Description is the description attribute.
	Description string
	// Language is the language attribute.
	Language string
	// Version is the version attribute ("RSS", "RSS2", "scriptingNews"...).
	Version string

	// Attrs holds every other attribute (category, created, url,
	// isComment, attributes of other namespaces, and other spellings of
	// the fields' attributes), in document order, as written.
	Attrs []Attr

	// Children are the outlines inside this one, in document order.
	Children []*Outline
}

// An Attr is an attribute as written.
type Attr struct {
	// Name is the attribute's name as written, prefix included
	// ("category", "rssguard:id", "xml:lang").
	Name string
	// Namespace is the namespace URI the name's prefix is bound to; ""
	// for a name without a prefix, and for a prefix the document did not
	// declare.
	Namespace string
	// Value is the attribute's value, entities and character references
	// decoded.
	Value string
}

// An Element is an element of the head that the Document has no field for,
// with its content.
type Element struct {
	// Name is the element's name as written, prefix included.
	Name string
	// Namespace is the element's namespace URI: "" for the elements of
	// OPML (those in the root element's namespace, or in none) and for a
	// prefix the document did not declare.
	Namespace string
	// Attrs holds its attributes other than namespace declarations.
	Attrs []Attr
	// Text is the text directly inside the element (its children's text is
	// theirs), as written; white space alone is not kept when the element
	// has child elements.
	Text string
	// Children are its child elements.
	Children []*Element
}

// ErrNotOPML is wrapped by the error Parse returns for a document whose
// root element is not opml (an RSS feed, an HTML page), or that has no root
// element.
var ErrNotOPML = errors.New("opml: not an OPML document")

// ErrInvalidDocument is wrapped by the error Write returns for a Document
// it cannot write as XML: a name that is not an XML name of ASCII
// characters (a letter or '_', then letters, digits, '_', '-' and '.', with
// one colon after a prefix), an attribute given twice, a name in a namespace its
// prefix cannot carry, a namespace declaration in Attrs. Parse never
// returns such a Document.
var ErrInvalidDocument = errors.New("opml: the document cannot be written as XML")

// errPrefix begins every error message of the package.
const errPrefix = "opml: "

// maxQuoted is the number of characters of a name or value an error
// message or diagnostic quotes at most.
const maxQuoted = 100

// quoteCut quotes s as strconv.Quote does, its first maxQuoted
// characters only, with "..." after the closing quote when it was longer.
func quoteCut(s string) string {
	q := fmt.Sprintf("%.*q", maxQuoted, s)
	if len(s) > maxQuoted && utf8.RuneCountInString(s) > maxQuoted {
		q += "..."
	}
	return q
}

// A wrapError has a message of its own and wraps other errors.
type wrapError struct {
	msg  string
	errs []error
}

func (e *wrapError) Error() string   { return e.msg }
func (e *wrapError) Unwrap() []error { return e.errs }

// wrap returns an error with the message "opml: " + what + ": " and err's
// message without a leading "xml5: " or "feedspec: ", wrapping err.
func wrap(what string, err error) error {
	msg := err.Error()
	for _, p := range [...]string{"xml5: ", "feedspec: ", errPrefix} {
		msg = strings.TrimPrefix(msg, p)
	}
	if what != "" {
		msg = what + ": " + msg
	}
	return &wrapError{msg: errPrefix + msg, errs: []error{err}}
}

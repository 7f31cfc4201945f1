// Package opml reads and writes subscription lists: OPML 1.0 and 2.0
// documents, as every feed reader exports and imports them.
//
// Parse reads a document into a Document, which keeps what was written:
// the head's fields and its other elements, and the tree of outlines with
// every attribute. Subscriptions flattens that tree into the feeds it names,
// each with the folders it is filed in. New builds a Document from a list
// of subscriptions, and Write writes any Document as OPML 2.0.
//
// # Reading
//
// The document is parsed by the xml5 package, so no input is an error for
// being broken XML: an unescaped "&", an HTML entity such as "&nbsp;", a
// missing end tag or a truncated file are read as a browser would read
// them. The parse runs with xml5.WithRecovery: a declared encoding the bytes
// contradict (a file labelled ISO-8859-1 that is UTF-8, or the reverse),
// and a document encoded as UTF-8 twice, are decoded as they were meant.
// A document whose root element is not opml (in any namespace, in any
// case) gives an error wrapping ErrNotOPML and no Document.
//
// The exports of real readers differ from the OPML specification in ways
// Parse and Subscriptions accept:
//
//   - An attribute the Outline has a field for may be spelled in any case
//     (xmlurl, xmlURL, XMLURL, Title...): the field is read from the
//     attribute spelled as the specification spells it (xmlUrl, title...)
//     when it is not empty, else from the first other spelling that is
//     not empty; the other spellings are kept in Attrs.
//   - The elements opml, head, body, outline and the head's title,
//     dateCreated, dateModified, ownerName and ownerEmail are recognized in
//     any case, in the root element's namespace or in none.
//   - Outlines outside the body (after an empty <body/>, or in a document
//     without a body) are read as the body's (a DiagnosticRecovered says
//     so); outlines in the head are not, they are head elements.
//   - A missing version, a missing head or body, and several heads or
//     bodies are read without complaint (the heads' elements and the
//     bodies' outlines are read in document order).
//   - A feed is named by xmlUrl in any spelling, whatever the outline's
//     type says; when an outline has none, by its url attribute, unless
//     its type says it is something else than a feed (a type other than
//     rss, atom or feed, such as link or include).
//   - A subscription's title is the outline's title, or its text when the
//     title is empty, and the other way round for a folder's name, with
//     white space collapsed (see Subscription).
//   - Relative URLs are resolved against the document's URL (WithURL).
//
// Subscriptions keeps only feeds whose URL is an http or https URL: a
// javascript:, data:, file: or feed: URL, or a relative one without a
// document URL, is left out, and WithDiagnostics says why.
//
// # Writing
//
// Write writes a Document as OPML 2.0: every outline with a text attribute
// (the specification requires it), every attribute of Attrs, and the head
// elements kept. Parsing what Write wrote gives the same Document again.
// Namespace declarations are not kept as attributes: Write declares the
// prefixes the names it writes need, where they need them.
//
// What is not kept: comments and processing instructions, the attributes
// of the head and body elements (a namespace declaration among them is
// written again where it is used), the version attribute (Write writes
// 2.0), text inside an outline, elements of the body that are not outlines
// (each reported by WithDiagnostics), and the attributes and child elements
// of the five head elements the Document has fields for (their text is
// kept). A character XML does not allow (a control character, U+FFFE) is
// read as U+FFFD, and an attribute or element whose name is not an XML
// name of ASCII characters is left out (both reported by WithDiagnostics),
// so that every Document Parse returns can be written: XML allows more
// characters in names, but its editions disagree on which (names.go), and
// OPML's names are all ASCII.
//
// # Limits
//
// Parsing is bounded by feedspec.Limits (WithLimits; by default
// feedspec.DefaultLimits): the input's size, the depth of nesting, the
// number of attributes of one element and the nodes of the tree. A
// document that reaches one is read up to that point: Parse returns the
// Document read so far together with an error wrapping feedspec.ErrLimit
// (a *feedspec.LimitError says which limit). Parsing, Subscriptions and
// Write never recurse with the depth of the outline tree, and their time
// and memory are linear in the document's size (docs/opml.md gives the
// figures). Folders lists at most 32 enclosing outlines.
package opml

// Package xml5 parses XML the way XML5 says: it never fails. Every input,
// however broken (a truncated download, a stray '<' or '&', invalid UTF-8,
// mismatched tags, undeclared HTML entities), gives a tree, recovering as the
// XML5 draft describes, and no external entity or DTD is ever fetched.
//
// # Decoding
//
// The input is decoded the way browsers decode XML: a byte order mark wins,
// then the transport encoding label the caller passes (WithCharset), then the
// XML declaration's encoding, then UTF-8. Labels are resolved as the WHATWG
// Encoding Standard says (so "iso-8859-1" decodes as windows-1252 and an
// unknown label is ignored); bytes that do not decode become U+FFFD.
// UTF-16 without a byte order mark is recognised by its first character
// '<', and so is UTF-32 (with or without a byte order mark), which the
// Encoding Standard lacks but feeds use. A declaration that names UTF-16 in
// a document readable as ASCII means UTF-8. Document.Encoding records the
// encoding used. Valid UTF-8 input is not copied after it is read: most of
// the tree's strings share the memory of the input buffer.
//
// # Tree construction
//
// The tree follows the XML5 draft and, where the draft is silent, the
// behaviour of the reference parser's test suite:
//   - text, character references and entity references before and after
//     the root element are dropped; comments and processing instructions
//     there are kept;
//   - an end tag closes the nearest open element of that name and is
//     ignored when there is none; "</>" closes the current element; the
//     end of the input closes every open element;
//   - CDATA sections become text and merge with adjacent text; CR LF and CR
//     become LF; NUL is dropped from text and becomes U+FFFD elsewhere;
//   - an undeclared named reference that HTML knows (such as &nbsp;, or
//     &copy without its semicolon in text) expands as HTML would; any other
//     undeclared reference stays as written;
//   - namespaces are resolved per element; an element or attribute whose
//     prefix is not declared stays in no namespace with its qualified name
//     as its local name;
//   - processing instructions in the DOCTYPE's internal subset become
//     children of the DoctypeNode.
//
// # Entities
//
// The internal subset's general entities are declared and expanded, in
// text (where their replacement text may hold markup: the elements it
// opens close when it ends) and in attribute values (unless the
// replacement text holds '<'). Internal parameter entities are expanded
// within the internal subset; ATTLIST defaults are applied. External
// entities are never read: a reference to an external parsed entity
// expands to nothing, one to an unparsed entity stays as written.
// Expansion is bounded (Limits.MaxEntityDepth and a total budget of
// max(1 MiB, 8 times the input) capped by Limits.MaxEntityExpansion): a
// reference beyond the bounds is left in the text as written, so
// "billion laughs" inputs stay linear.
//
// # Limits and errors
//
// Parse returns an error only when reading fails or the input reaches one
// of the Limits (input size, element depth, attributes per element, tree
// nodes); the error wraps ErrLimit and comes with the document parsed so
// far. The parser uses no recursion that grows with the input's nesting,
// its time is linear in the input's size, and so is its tree (MaxNodes: at
// most 9 bytes of nodes per input byte).
//
// The tree is a small linked node tree (see Node) that feed processors and
// other tools can walk.
package xml5

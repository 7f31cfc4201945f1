// Package xml5 parses XML the way XML5 says: it never fails. Every input,
// however broken (a truncated download, a stray '<' or '&', invalid UTF-8,
// mismatched tags, undeclared HTML entities), gives a tree, recovering as the
// XML5 draft describes, and no external entity or DTD is ever fetched.
//
// The input is decoded the way browsers decode XML: a byte order mark wins,
// then the transport encoding label the caller passes (WithCharset), then the
// XML declaration's encoding, then UTF-8. Labels are resolved as the WHATWG
// Encoding Standard says; bytes that do not decode become U+FFFD.
//
// The tree is a small linked node tree (see Node) that feed processors and
// other tools can walk.
package xml5

// Package feedspec parses the feeds people actually publish (RSS 0.9x, 1.0
// and 2.0, Atom 0.3 and 1.0, with the iTunes, Media RSS, Dublin Core,
// content, GData and Hatena modules) into one small, exact data model, as the
// Feed Parsing specification says.
//
// ParseResponse processes an HTTP response ("process a feed response");
// ParseDocument processes a document read from an io.Reader ("process a feed
// document"). Both parse XML with an XML5 parser (package xml5), so a broken
// feed still yields every entry the parser could reach, and neither ever
// fetches an external entity.
//
// json.Marshal of a Feed gives the canonical JSON: keys in a fixed order,
// null values and empty lists omitted.
package feedspec

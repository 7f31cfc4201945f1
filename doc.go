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
//
// # Where to start
//
// Parse a response you fetched, or a document you have:
//
//	feed, err := feedspec.ParseResponse(res) // reads and closes res.Body
//	feed, err := feedspec.ParseDocument(r, feedspec.WithURL("https://example.com/feed.xml"))
//
// Fetch a feed the way a reader should (conditional requests, an Accept
// header preferring feeds, the new validators in the result, no connection
// to the reader's own networks, a timeout) with a Fetcher:
//
//	f := &feedspec.Fetcher{UserAgent: "myreader/1.0"}
//	res, err := f.Fetch(ctx, url, prev) // prev: the last *FetchResult, or nil
//	if err == nil && res.NotModified { /* keep the feed you have */ }
//
// Tell the errors apart with errors.Is and errors.As: ErrStatus (a
// *StatusError: the server did not answer 200; ErrNotModified for 304),
// ErrNotFeed (the body was read and is not a feed; a *HTMLPageError lists
// the feeds an HTML page links to), ErrBodyTooLarge, ErrContentEncoding,
// ErrLimit and ErrForbiddenAddress (a feed or its redirect leads to loopback
// or a private network). Errors from a Fetcher are *FetchErrors naming the
// URL.
//
// Keep track of entries across fetches with EntryKey, which gives each
// entry a key that does not change when the feed is fetched again:
//
//	key := feedspec.EntryKey(entry) // "id:…", "url:…", "enclosure:…" or "hash:…"
//	if !seen[key] { /* a new entry */ }
//
// A feed that re-issues its ids (a new CMS, added tracking parameters)
// makes every entry look new under EntryKey: DedupKeys gives every key
// under which an entry may have been seen before; take the entry for seen
// when any of them is stored, and store them all.
//
// Entry.Normalized gives, in one call, what a reader shows and stores for an
// entry (title with a fallback, an http(s) URL, author names, a UTC date
// flagged when uncertain, safe HTML and its text, categories, media, a
// GUID), as a NormalizedEntry with snake_case JSON keys:
//
//	n := entry.Normalized() // n.Title, n.URL, n.Date, n.HTML, n.Media, ...
//
// Show a feed with the toolkit: DisplayText for titles and descriptions
// (a string with HTML in it shows as text), PlainText and WordCount for
// indexing, SafeHTML for content, CanonicalURL for de-duplication,
// ParseDate for the dates the strict algorithms reject, DiscoverFeeds and
// CommonFeedURLs to find a site's feeds. For podcasts, the iTunes and
// Podcasting 2.0 elements are typed (Feed.ITunes, Feed.Podcast, and the
// same on Entry) and Entry.AudioEnclosure, Entry.Image and Entry.Explicit
// apply the usual fallbacks:
//
//	fmt.Println(feedspec.DisplayText(entry.Title))
//	if audio := entry.AudioEnclosure(); audio != nil { play(audio.URL) }
//
// Anything the model does not map is in the XML tree (Feed.Element,
// Entry.Element); Feed.ResolveURL resolves a URL read from it as the parser
// resolves the others. Each of these names has an Example.
//
// Numbers in brackets in the documentation and the code, such as [9], are
// the ids of the Feed Parsing specification's steps (one step a line in
// its steps file); the code cites them where it implements a step.
//
// # How it works
//
// A document goes through these steps, each in the file named (step numbers
// in brackets are the specification's, cited in the code):
//
//  1. Bytes. ParseResponse (response.go), "process a feed response" [1],
//     checks the status [9] and computes the MIME type by sniffing
//     (mimetype.go) [2], then hands the body, the final URL [11] and the
//     charset label to ParseDocument (feed.go).
//  2. Decoding. Package xml5 (xml5/decode.go) turns the bytes into text: a
//     byte order mark wins, then the transport's charset label, then the
//     XML declaration's encoding, then UTF-8. Document.Encoding records it.
//  3. XML5 tree. xml5 (xml5/parse.go) builds a tree from any input, however
//     broken, recovering as the XML5 draft says; Limits (limits.go) bound
//     its size and depth.
//  4. Format dispatch. processDocument (feed.go), "process a feed
//     document" [10], looks at the root element's namespace and name [12]
//     [16]–[19] and picks the processor.
//  5. Processors. One file per format, each a switch over (namespace,
//     local name) that reads like the specification: atom.go (Atom 1.0),
//     atom03.go (Atom 0.3), rss.go (RSS 2.0 and 0.9x), rdf.go (RSS 1.0),
//     methods of the processor (processor.go: what the steps read of the
//     document and the options, and the current entry's state);
//     the additions (iTunes, Dublin Core, links, categories...) in
//     extensions.go, Podcasting 2.0 in podcast.go; shared pieces in
//     entry.go, person.go, enclosure.go, image.go, urls.go (URL parsing
//     against the document's URL, queries encoded in the document's
//     encoding; the WHATWG URL parser's result in linear time from
//     internal/weburl) and dates.go (the specification's date formats). Values the
//     steps reject become Diagnostics (diagnostics.go) when asked for, with
//     the line and column of the element holding them.
//  6. Text values. Titles, summaries and contents are Text values (text.go):
//     null, a string or a Node. Escaped HTML (escapedhtml.go) is decided
//     from its tokens alone when it can be — is it significant [109], is it
//     one string [339] — and its tree is built only on first use ("lazy");
//     Atom XHTML content (xhtml.go) is converted from the XML tree. Both are
//     sanitized and tested for significant content by sanitize.go
//     [108]–[114]. The HTML tokenizer and the serializer that let this skip
//     x/net/html's parser are package internal/htmltoken.
//  7. Cleanup. cleanupFeed (feed.go) runs the final steps [350]–[353].
//  8. Model. The result is a Feed (feed.go) of Entries (entry.go): the
//     specification's fields and the additions'.
//  9. Canonical JSON. MarshalJSON writes the fixed-order JSON that users
//     keep as golden files, and UnmarshalJSON reads it back: both are
//     generated into json_gen.go by internal/cmd/jsongen from the json tags
//     of the model's fields (go generate), with their helpers in json.go
//     and unmarshal.go; Text values write themselves (text.go), serialized
//     from the tokens when the tree was never built.
//
// Beside the pipeline: JSON Feed input (WithJSONFeed, jsonfeed.go), which
// fills the same model from JSON; WithRecovery's repairs (recovery*.go, and
// package xml5 for those at the XML level); the errors (errors.go); the
// helpers that work on a parsed Feed (plaintext.go, safehtml.go,
// canonical.go, identity.go, accessors.go); feed discovery in HTML pages
// (discover.go); fetching and polling (fetch.go, schedule.go).
package feedspec

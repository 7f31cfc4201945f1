// Package htmltoken is a small HTML engine that stands in for
// golang.org/x/net/html where feeds' HTML is simple enough to be read from
// its tokens: a tokenizer (Fast, token.go) and a serializer (AppendHTML,
// render.go). Each keeps one invariant, which the package's tests check
// against x/net/html itself:
//
//   - Fast gives the same tokens as x/net/html's Tokenizer in a div
//     context, or gives up: when it reaches the end of the input (Err is
//     io.EOF), every token, tag name, attribute and text it gave is
//     x/net/html's; when it gives up (GaveUp), the caller discards what it
//     read and starts again with x/net/html.
//   - AppendHTML writes the same bytes as html.ParseFragment in a div
//     context followed by html.Render of each node, or reports false.
//
// Giving up is always safe: the caller then does what x/net/html does
// (AppendHTML itself falls back to x/net/html's Tokenizer when Fast gives
// up). Package feedspec uses both to decide what escaped HTML content is
// and to serialize it without building its tree.
package htmltoken

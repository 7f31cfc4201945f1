// Package docmem lets the root package give the memory of a parsed XML
// document back to package xml5, for the parses that follow, without an
// exported API in xml5: a document whose tree nothing references any more
// (a feed parsed WithoutDocument has copied every string it keeps) hands
// over its input copy and its node slabs, which are then used again instead
// of allocating new ones. Memory given back and used again is not memory
// the garbage collector has to be asked for: in a program with a live heap
// every collection cycle marks that heap, and the cycles come with the
// bytes allocated.
package docmem

// ReuseOption, set by package xml5 when it is initialized, is an
// xml5.Option: a parse given it takes its input copy and node slabs from
// released documents' memory when there is some of the right size, and
// records them so that Release can give them back. Only a parse whose
// document will be released should be given it (a kept document would hold
// a reused buffer however much bigger than its input it is).
var ReuseOption any

// Release, set by package xml5 when it is initialized, gives doc (an
// *xml5.Document) back: its input copy and node slabs may be reused by any
// later parse. The caller promises that nothing references doc, its nodes,
// its attributes or any string read from them any more; doc itself is
// emptied.
var Release func(doc any)

// Poison, set by tests, makes Release overwrite the input it takes back
// with 0xEE bytes at once, so that a string still pointing into it shows as
// a changed value in any comparison that follows. (Node slabs are always
// zeroed when released.)
var Poison bool

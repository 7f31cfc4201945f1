package xml5

import "io"

// Parse reads an XML document from r and returns its tree.
//
// TEMPORARY: placeholder until the tokenizer and tree builder land; it
// returns an empty document.
func Parse(r io.Reader, opts ...Option) (*Document, error) {
	doc := &Document{Node: &Node{Type: DocumentNode}, Encoding: "UTF-8"}
	for _, o := range opts {
		o(doc)
	}
	return doc, nil
}

// An Option configures Parse.
type Option func(*Document)

// WithURL records the document's URL.
func WithURL(u string) Option { return func(d *Document) { d.URL = u } }

// WithCharset gives the transport encoding label.
func WithCharset(label string) Option { return func(d *Document) {} }

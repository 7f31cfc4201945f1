package feedspec_test

import (
	"errors"
	"fmt"
	"log"
	"strings"

	"github.com/feedspec/feedspec"
)

// An entry copied from another feed keeps that feed's authors and rights in
// its Atom source element: ComputedAuthors and ComputedRights take them
// before the feed's.
func ExampleEntry_ComputedRights() {
	const doc = `<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Planet</title><rights>Planet rights</rights><author><name>Planet</name></author>
  <entry>
    <title>Copied</title>
    <source>
      <id>http://example.org/</id>
      <author><name>Original Author</name></author>
      <rights>© 2005 Example, Inc.</rights>
    </source>
  </entry>
  <entry><title>Own</title></entry>
</feed>`
	feed, err := feedspec.ParseDocument(strings.NewReader(doc))
	if err != nil {
		log.Fatal(err)
	}
	for _, e := range feed.Entries {
		fmt.Printf("%s: %s, %s\n", e.Title, e.ComputedAuthors()[0].Name, e.ComputedRights())
	}
	// Output:
	// Copied: Original Author, © 2005 Example, Inc.
	// Own: Planet, Planet rights
}

// Atom content of a binary media type is Base64 (RFC 4287 4.1.3.3, rule 6):
// Content holds the text, ContentBytes the bytes.
func ExampleEntry_ContentBytes() {
	const doc = `<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>
  <entry><title>ok</title><content type="application/octet-stream">SGVsbG8sIEF0b20h</content></entry>
  <entry><title>bad</title><content type="image/png">not Base64</content></entry>
</feed>`
	feed, err := feedspec.ParseDocument(strings.NewReader(doc))
	if err != nil {
		log.Fatal(err)
	}
	for _, e := range feed.Entries {
		b, err := e.ContentBytes()
		fmt.Printf("%s: %q %v\n", e.Title, b, errors.Is(err, feedspec.ErrBase64Content))
	}
	// Output:
	// ok: "Hello, Atom!" false
	// bad: "" true
}

// Atom content of an XML media type (RFC 4287 4.1.3.3, rule 4) is null in
// the specification's model; ContentXML holds it serialized.
func ExampleEntry_contentXML() {
	const doc = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:ex="http://example.org/ns"><title>t</title>
  <entry><title>e</title><content type="application/xml"><ex:record id="1">Fish &amp; Chips</ex:record></content></entry>
</feed>`
	feed, err := feedspec.ParseDocument(strings.NewReader(doc))
	if err != nil {
		log.Fatal(err)
	}
	e := feed.Entries[0]
	fmt.Println(e.Content == nil)
	fmt.Println(e.ContentXML)
	// Output:
	// true
	// <ex:record id="1" xmlns:ex="http://example.org/ns">Fish &amp; Chips</ex:record>
}

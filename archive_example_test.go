package feedspec_test

import (
	"fmt"
	"log"
	"net/url"
	"testing/fstest"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/feedspectest"
)

// archivePage writes an Atom document of an archived feed (RFC 5005): its
// fh element, its links and its entries.
func archivePage(fh, links string, ids ...string) []byte {
	doc := `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:fh="http://purl.org/syndication/history/1.0">` +
		`<title>Notes</title><id>urn:notes</id><updated>2024-05-01T00:00:00Z</updated>` + fh + links
	for _, id := range ids {
		doc += `<entry><id>` + id + `</id><title>` + id + `</title><updated>2024-05-01T00:00:00Z</updated></entry>`
	}
	return []byte(doc + `</feed>`)
}

// A reader that subscribes to an archived feed (RFC 5005) reads the
// current document, then follows its prev-archive links back to the first
// archive page; Feed.Archive tells the pages, whose entries never change,
// from the feed itself.
func ExampleFeed_archive() {
	s := feedspectest.NewServer(fstest.MapFS{
		"feed.xml":            {Data: archivePage("", `<link rel="prev-archive" href="archive/2024-04.xml"/>`, "urn:note:5")},
		"archive/2024-04.xml": {Data: archivePage("<fh:archive/>", `<link rel="current" href="/feed.xml"/><link rel="prev-archive" href="2024-03.xml"/>`, "urn:note:3", "urn:note:4")},
		"archive/2024-03.xml": {Data: archivePage("<fh:archive/>", `<link rel="current" href="/feed.xml"/>`, "urn:note:1", "urn:note:2")},
	})
	defer s.Close()

	next := s.URL + "/feed.xml"
	for pages := 0; next != "" && pages < 10; pages++ { // a bound: a loop of links ends too
		res, err := s.Client().Get(next)
		if err != nil {
			log.Fatal(err)
		}
		feed, err := feedspec.ParseResponse(res, feedspec.WithoutDocument())
		res.Body.Close()
		if err != nil {
			log.Fatal(err)
		}
		u, _ := url.Parse(next)
		fmt.Printf("%s archive=%v:", u.Path, feed.Archive)
		for _, e := range feed.Entries {
			fmt.Print(" ", e.ID)
		}
		fmt.Println()
		next = ""
		for _, l := range feed.Links {
			if l.Rel == "prev-archive" {
				next = l.Href
			}
		}
	}
	// Output:
	// /feed.xml archive=false: urn:note:5
	// /archive/2024-04.xml archive=true: urn:note:3 urn:note:4
	// /archive/2024-03.xml archive=true: urn:note:1 urn:note:2
}

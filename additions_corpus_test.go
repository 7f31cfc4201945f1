package feedspec

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/sharedtest"
	"github.com/feedspec/feedspec/xml5"
)

// TestIssue38Corpus counts, over the corpus, the feeds whose documents
// carry each family of elements issue 38 types and the feeds in which the
// new fields find a value (default mode, a document URL), logs the counts,
// and checks that every feed with a value has the elements (no value is
// made up) and that the families the corpus carries give values.
//
//	go test -run TestIssue38Corpus -v .
func TestIssue38Corpus(t *testing.T) {
	files := sharedtest.CorpusFiles(t)
	type count struct{ elements, values int }
	counts := map[string]*count{}
	note := func(name string, hasElements, hasValue bool) {
		c := counts[name]
		if c == nil {
			c = &count{}
			counts[name] = c
		}
		if hasElements {
			c.elements++
		}
		if hasValue {
			c.values++
			assert.True(t, hasElements, "%s: a value without an element", name)
		}
	}
	groupEnclosures := 0
	for _, path := range files {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		var diags []Diagnostic
		f, err := ParseDocument(bytes.NewReader(b), WithURL("https://example.com/feed.xml"), WithDiagnostics(&diags))
		if f == nil || f.doc == nil {
			continue // not a feed
		}
		_ = err // a limit, a truncated document: the feed is still read
		for _, d := range diags {
			// No real feed reaches the Media RSS budgets (mediarss.go).
			assert.False(t, d.Kind == DiagnosticLimit && strings.Contains(d.Message, "Media RSS"), "%s: %v", path, d)
		}
		el := elementsIn(f.doc.Root())
		name := filepath.Base(path)

		var media, groupObjects, groupEnclosure, geo, license, chapters, replies bool
		eachEntryOf(f, func(e *Entry) {
			media = media || len(e.MediaRSS) > 0
			geo = geo || e.Geo != nil
			license = license || len(e.License) > 0
			chapters = chapters || len(e.Chapters) > 0
			replies = replies || len(e.InReplyTo) > 0
			if e.element() != nil && hasGroupContent(e.element()) {
				groupObjects = true
				// An RSS item: its group's contents are enclosures now.
				groupEnclosure = groupEnclosure || e.element().Namespace == ""
			}
		})
		if groupEnclosure {
			groupEnclosures++
		}
		media = media || len(f.MediaRSS) > 0
		geo = geo || f.Geo != nil
		license = license || len(f.License) > 0
		note("Media RSS (media_rss)", el.media, media)
		note("media:group with a media:content", el.groupContent, groupObjects)
		note("GeoRSS and W3C geo (geo)", el.geo, geo)
		note("cc:license, creativeCommons:license (license)", el.license, license)
		note("psc:chapters (chapters)", el.psc, chapters)
		note("thr:in-reply-to (in_reply_to)", el.inReplyTo, replies)
		note("at:deleted-entry (deleted_entries)", el.tombstone, len(f.DeletedEntries) > 0)
		note("fh:complete, fh:archive (complete, archive)", el.fh, f.Complete || f.Archive)

		var pc FeedPodcast
		if f.Podcast != nil {
			pc = *f.Podcast
		}
		var item EntryPodcast
		eachEntryOf(f, func(e *Entry) {
			if p := e.Podcast; p != nil {
				item.Locations = append(item.Locations, p.Locations...)
				item.Images = append(item.Images, p.Images...)
				item.Txt = append(item.Txt, p.Txt...)
				item.SocialInteracts = append(item.SocialInteracts, p.SocialInteracts...)
				item.ContentLinks = append(item.ContentLinks, p.ContentLinks...)
				if item.License == nil {
					item.License = p.License
				}
				if item.Chat == nil {
					item.Chat = p.Chat
				}
				pc.Values = append(pc.Values, p.Values...)
			}
		})
		splits := false
		for _, v := range pc.Values {
			splits = splits || len(v.TimeSplits) > 0
		}
		for _, tag := range []struct {
			name string
			has  bool
		}{
			{"location", len(pc.Locations)+len(item.Locations) > 0},
			{"trailer", len(pc.Trailers) > 0},
			{"license", pc.License != nil || item.License != nil},
			{"medium", pc.Medium != ""},
			{"image", len(pc.Images)+len(item.Images) > 0},
			{"liveItem", len(pc.LiveItems) > 0},
			{"remoteItem", len(pc.RemoteItems)+len(pc.Podroll) > 0 || pc.Publisher != nil || splits},
			{"podroll", len(pc.Podroll) > 0},
			{"txt", len(pc.Txt)+len(item.Txt) > 0},
			{"updateFrequency", pc.UpdateFrequency != nil},
			{"block", len(pc.Blocks) > 0},
			{"chat", pc.Chat != nil || item.Chat != nil},
			{"socialInteract", len(pc.SocialInteracts)+len(item.SocialInteracts) > 0},
			{"publisher", pc.Publisher != nil},
			{"podping", pc.UsesPodping},
			{"contentLink", len(item.ContentLinks) > 0},
			{"valueTimeSplit", splits},
		} {
			local := tag.name
			has := el.podcast[local]
			if local == "image" {
				has = has || el.podcast["images"]
			}
			note("podcast:"+tag.name, has, tag.has)
		}
		if t.Failed() {
			t.Logf("in %s", name)
			return
		}
	}
	var lines []string
	for name, c := range counts {
		lines = append(lines, fmt.Sprintf("%-48s %3d feeds carry the elements, %3d give a value", name, c.elements, c.values))
	}
	sort.Strings(lines)
	t.Logf("issue 38 over %d corpus files (default mode):\n%s\n%d feeds' RSS items gain group contents as enclosures",
		len(files), strings.Join(lines, "\n"), groupEnclosures)
	// The corpus has no tombstone, no fh element and no thr:in-reply-to
	// (the golden documents add-atom-* have them).
	for _, name := range []string{"Media RSS (media_rss)", "media:group with a media:content", "GeoRSS and W3C geo (geo)",
		"cc:license, creativeCommons:license (license)", "psc:chapters (chapters)", "podcast:liveItem", "podcast:location"} {
		assert.Positive(t, counts[name].values, "%s: the corpus carries the elements; some give values", name)
	}

	// Known feeds, their values.
	dir := sharedtest.Dir(t, "corpus/feeds")
	read := func(name string) *Feed {
		return parseFile(t, filepath.Join(dir, name), WithURL("https://example.com/feed.xml"))
	}
	f := read("rssreader__psc-example1.xml")
	var starts []time.Duration
	for _, c := range f.Entries[0].Chapters {
		starts = append(starts, c.Start)
	}
	assert.Equal(t, []time.Duration{0, 187 * time.Second, 506250 * time.Millisecond, 762 * time.Second}, starts,
		"the Podlove specification's own example: 0, 3:07, 8:26.250, 12:42")
}

// eachEntryOf calls fn with every entry of f, live items' included.
func eachEntryOf(f *Feed, fn func(*Entry)) { f.eachEntry(fn) }

// hasGroupContent reports whether el has a media:group child holding a
// media:content.
func hasGroupContent(el *xml5.Node) bool {
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Local == "group" && isMedia(c.Namespace) {
			for gc := c.FirstElementChild(); gc != nil; gc = gc.NextElementSibling() {
				if gc.Local == "content" && isMedia(gc.Namespace) {
					return true
				}
			}
		}
	}
	return false
}

// corpusElements says which families of issue 38's elements a document
// holds anywhere.
type corpusElements struct {
	media, groupContent, geo, license, psc, inReplyTo, tombstone, fh bool
	podcast                                                          map[string]bool
}

// elementsIn walks the tree under root.
func elementsIn(root *xml5.Node) corpusElements {
	e := corpusElements{podcast: map[string]bool{}}
	var walk func(n *xml5.Node)
	walk = func(n *xml5.Node) {
		switch {
		case isMedia(n.Namespace):
			e.media = true
			if n.Local == "content" && n.Parent != nil && n.Parent.Local == "group" && isMedia(n.Parent.Namespace) {
				e.groupContent = true
			}
		case n.Namespace == nsGeoRSS || n.Namespace == nsW3CGeo:
			e.geo = true
		case isLicense(n):
			e.license = true
		case n.Namespace == nsPSC:
			e.psc = true
		case n.Is(nsThr, "in-reply-to"):
			e.inReplyTo = true
		case n.Namespace == nsTombstones:
			e.tombstone = true
		case n.Namespace == nsFeedHistory:
			e.fh = true
		case isPodcast(n.Namespace):
			e.podcast[n.Local] = true
		}
		for c := n.FirstElementChild(); c != nil; c = c.NextElementSibling() {
			walk(c)
		}
	}
	walk(root)
	return e
}

// TestBodyBaseWithoutDocumentCorpus checks, over the corpus read with
// WithXMLBase, that the base of each entry's HTML (the xml:base in scope at
// its content or summary element) is the same whether the document is kept
// or let go: Normalized().HTML is equal.
func TestBodyBaseWithoutDocumentCorpus(t *testing.T) {
	checked := 0
	for _, path := range sharedtest.CorpusFiles(t) {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		opts := []Option{WithURL("https://example.com/feed.xml"), WithXMLBase()}
		kept, _ := ParseDocument(bytes.NewReader(b), opts...)
		gone, _ := ParseDocument(bytes.NewReader(b), append(opts, WithoutDocument())...)
		if kept == nil || !bytes.Contains(b, []byte("xml:base")) {
			continue
		}
		require.Len(t, gone.Entries, len(kept.Entries), path)
		for i, e := range kept.Entries {
			assert.Equal(t, e.bodyBase(), gone.Entries[i].bodyBase(), "%s: entry %d", path, i)
			checked++
		}
	}
	t.Logf("%d entries of feeds with xml:base", checked)
	assert.Positive(t, checked)
}

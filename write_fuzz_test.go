package feedspec

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// FuzzWrite builds a random model from the input (and parses the input
// as a document), writes both in the three formats and checks that every
// XML document parses with no error in xml5 and in encoding/xml, that
// every JSON Feed is valid JSON, and that the round trip holds: what is
// read back, compared as TestWriteRoundTrip compares it, and written again
// gives the same bytes.
func FuzzWrite(f *testing.F) {
	for _, pattern := range []string{"testdata/golden/*.xml", "testdata/jsonfeed/*.feed.json"} {
		files, _ := filepath.Glob(pattern)
		for i, p := range files {
			if i%4 != 0 {
				continue
			}
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	f.Add([]byte("\x00\x01\x02]]>--\xff<p>x</p>"))
	f.Fuzz(func(t *testing.T, in []byte) {
		if p := os.Getenv("FUZZ_CURRENT"); p != "" {
			_ = os.WriteFile(p, in, 0o644) // the input being checked, to find one that hangs
		}
		check := func(f *Feed, parsed bool) {
			for _, wf := range writeFormats {
				var outs [3][]byte
				g := f
				for i := range outs {
					var out bytes.Buffer
					require.NoError(t, wf.write(g, &out))
					outs[i] = out.Bytes()
					if wf.name == "jsonfeed" {
						require.True(t, json.Valid(outs[i]), "invalid JSON: %q", outs[i])
					} else {
						checkWellFormed(t, outs[i])
					}
					next, err := ParseDocument(bytes.NewReader(outs[i]), append([]Option{WithURL("https://example.com/f")}, wf.opts...)...)
					require.NotNil(t, next, "%s not read back: %v", wf.name, err)
					if i == 0 && parsed && os.Getenv("FUZZ_DEBUG") != "" {
						want, got := canonicalMap(f), canonicalMap(next)
						writeExpect(wf.name, f, want)
						for k, e := range list(want["entries"]) {
							if k < len(list(got["entries"])) {
								a, b := e.(map[string]any)["published"], list(got["entries"])[k].(map[string]any)["published"]
								if !sameInstant(a, b, true) {
									t.Logf("%d %v %v", k, a, b)
								}
							}
						}
					}
					if i == 0 && parsed {
						var differ []string
						for _, field := range compareWritten(wf.name, f, next) {
							if _, known := knownWriteDifferences[wf.name+" "+field]; !known {
								differ = append(differ, field)
							}
						}
						require.Empty(t, differ, "%s: fields that differ after the round trip: %q", wf.name, outs[i])
					}
					g = next
				}
				// A feed the parser read is written again the same; a model a
				// program made, once its values are read back (URLs resolved,
				// dates in range).
				if parsed {
					require.Equal(t, string(outs[0]), string(outs[1]), "%s: writing what was read back", wf.name)
				}
				require.Equal(t, string(outs[1]), string(outs[2]), "%s: writing what was read back", wf.name)
			}
		}
		check(modelFrom(in), false)
		if g, _ := ParseDocument(bytes.NewReader(in), WithURL("https://example.com/f"), WithJSONFeed()); g != nil {
			check(g, true)
		}
	})
}

// modelFrom builds a Feed from in: its bytes choose which fields are set
// and give their strings (any bytes: invalid UTF-8, controls, markup).
func modelFrom(in []byte) *Feed {
	r := fuzzReader{b: in}
	f := &Feed{}
	f.Title = r.text()
	f.Subtitle = r.text()
	f.Description = r.text()
	f.PageURL, f.FeedURL = r.str(), r.str()
	f.Language, f.ID = r.str(), r.str()
	f.Rights = r.text()
	f.Updated = r.date()
	if r.bit() {
		f.Authors = []*Person{nil, {Name: r.str(), Email: r.str(), PageURL: r.str()}}
	}
	if r.bit() {
		f.Links = []Link{{Href: r.str(), Rel: r.str(), Type: r.str(), Title: r.str()}}
	}
	if r.bit() {
		f.CategoryDetails = []Category{{Term: r.str(), Scheme: r.str(), Label: r.str()}}
	}
	if r.bit() {
		f.ITunes = &FeedITunes{Type: r.str(), Image: &Image{URL: r.str()}, Owner: &Person{Name: r.str(), Email: r.str()}}
	}
	if r.bit() { // the additions of issue 38
		lat, lon := float64(int8(r.byte())), float64(int8(r.byte()))*1.5
		f.Geo = &Geo{Lat: lat, Lon: lon}
		f.License = []string{r.str()}
		f.Complete, f.Archive = r.bit(), r.bit()
		f.DeletedEntries = []DeletedEntry{{Ref: r.str(), When: r.date(), By: &Person{Name: r.str()}, Comment: r.str()}}
		f.MediaRSS = []MediaObject{{URL: r.str(), Type: r.str(), Metadata: &MediaMetadata{Title: r.text(), Keywords: []string{r.str()}}}}
		n := int(r.byte())
		f.Podcast = &FeedPodcast{
			Locations:       []PodcastLocation{{Name: r.str(), Geo: &Geo{Lat: lat, Lon: lon}}},
			Trailers:        []PodcastTrailer{{Title: r.str(), URL: r.str(), PubDate: r.date(), Season: &n}},
			License:         &PodcastLicense{Name: r.str(), URL: r.str()},
			Medium:          r.str(),
			Images:          []PodcastImage{{Href: r.str(), Width: &n}},
			Txt:             []PodcastTxt{{Text: r.str(), Purpose: r.str()}},
			Blocks:          []PodcastBlock{{Block: &f.Complete, ID: r.str()}},
			Chat:            &PodcastChat{Server: r.str()},
			SocialInteracts: []PodcastSocialInteract{{Protocol: r.str(), URI: r.str(), Priority: &n}},
			Publisher:       &PodcastRemoteItem{FeedGUID: r.str()},
			Podroll:         []PodcastRemoteItem{{FeedURL: r.str(), Title: r.str()}},
			UsesPodping:     r.bit(),
			UpdateFrequency: &PodcastUpdateFrequency{Text: r.str(), RRule: r.str()},
		}
		if r.bit() {
			f.Podcast.LiveItems = []PodcastLiveItem{{Status: r.str(), Start: r.date(), Entry: &Entry{Title: r.text()}}, {}}
		}
	}
	for len(r.b) > 0 && len(f.Entries) < 8 {
		e := &Entry{Title: r.text(), Summary: r.text(), Content: r.text(), PageURL: r.str(), ID: r.str()}
		e.Published, e.Updated = r.date(), r.date()
		if r.bit() {
			e.Authors = []*Person{{Name: r.str(), Email: r.str()}}
		}
		if r.bit() {
			typ := r.str()
			n := int64(r.byte())
			e.Enclosures = []*Enclosure{nil, {URL: r.str(), MIMEType: &typ, Length: &n}}
			if r.bit() {
				w := int(r.byte())
				e.Enclosures = append(e.Enclosures, &Enclosure{URL: r.str(), Medium: r.str(), Width: &w})
			}
		}
		if r.bit() {
			t := r.str()
			e.Categories = []string{t}
			e.CategoryDetails = []Category{{Term: t, Scheme: r.str()}, {Term: r.str()}}
		}
		if r.bit() {
			e.Links = []Link{{Href: r.str(), Rel: r.str(), Type: r.str()}}
		}
		if r.bit() {
			e.Thumbnail = &Image{URL: r.str()}
		}
		if r.bit() {
			e.Source = &Source{Title: r.text(), FeedURL: r.str(), ID: r.str()}
		}
		if r.bit() { // the additions of issue 38
			w, d := int(r.byte()), time.Duration(r.byte())*time.Second/3
			e.MediaRSS = []MediaObject{{URL: r.str(), Medium: r.str(), Width: &w, Duration: &d, Metadata: &MediaMetadata{
				Description: r.text(), Thumbnails: []MediaThumbnail{{URL: r.str(), Time: &d}},
				Credits: []MediaCredit{{Role: r.str(), Name: r.str()}}, Community: &MediaCommunity{Tags: []MediaTag{{Name: r.str()}}},
			}}, {Metadata: &MediaMetadata{Comments: []string{r.str()}}}}
			e.Geo = &Geo{Lat: float64(int8(r.byte())) / 3, Lon: 200}
			e.License = []string{r.str()}
			e.Chapters = []Chapter{{Start: d, Title: r.str(), Href: r.str()}}
			e.InReplyTo = []InReplyTo{{Ref: r.str(), Href: r.str()}}
			e.Podcast = &EntryPodcast{ContentLinks: []PodcastContentLink{{Href: r.str(), Text: r.str()}}, Chat: &PodcastChat{Protocol: r.str()}}
		}
		f.Entries = append(f.Entries, e)
		if r.bit() {
			f.Entries = append(f.Entries, nil)
		}
	}
	return f
}

// A fuzzReader takes values from the fuzzer's bytes.
type fuzzReader struct{ b []byte }

func (r *fuzzReader) byte() byte {
	if len(r.b) == 0 {
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *fuzzReader) bit() bool { return r.byte()&1 == 1 }

// str takes a length byte and that many bytes.
func (r *fuzzReader) str() string {
	n := min(int(r.byte()%24), len(r.b))
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

// text takes a kind (nil, StringText, HTMLText) and a string.
func (r *fuzzReader) text() *Text {
	switch r.byte() % 3 {
	case 1:
		return StringText(r.str())
	case 2:
		return HTMLText(r.str())
	}
	return nil
}

// date takes eight bytes as Unix seconds, or none.
func (r *fuzzReader) date() *time.Time {
	if !r.bit() || len(r.b) < 8 {
		return nil
	}
	sec := int64(binary.LittleEndian.Uint64(r.b)) % (400 * 365 * 86400)
	r.b = r.b[8:]
	zone := time.FixedZone("", int(r.byte()%48-24)*1800)
	t := time.Unix(sec, int64(r.byte())*1000).In(zone)
	return &t
}

package feedspec

import (
	"bytes"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// repeated returns n copies of the format with "%d" replaced by i (0 to
// n-1), then n/10 copies of the first ones again (duplicates, which each set
// must leave out).
func repeated(format string, n int) string {
	var b strings.Builder
	for i := 0; i < n+n/10; i++ {
		b.WriteString(strings.ReplaceAll(format, "%d", strconv.Itoa(i%n)))
	}
	return b.String()
}

// TestDeduplicationStaysLinear parses, for each set the parser keeps (a list
// in first-seen order without duplicates), a document with n members and one
// with 10n, and fails when the larger costs much more than 10 times the CPU
// time of the smaller: a set searched linearly before each addition costs
// 100 times as much. It also checks that the set is right.
func TestDeduplicationStaysLinear(t *testing.T) {
	rss := func(channel, item string) []byte {
		return []byte(`<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>t</title>` +
			channel + `<item><title>i</title>` + item + `</item></channel></rss>`)
	}
	type path struct {
		build func(n int) []byte
		json  bool
		// members returns the set's length, and its first and last member.
		members func(f *Feed) (int, string, string)
		bounded int // the set has at most this many members; 0: n
	}
	entryCats := func(f *Feed) (int, string, string) {
		c := f.Entries[0].Categories
		return len(c), c[0], c[len(c)-1]
	}
	names := func(list []*Person) (int, string, string) {
		return len(list), list[0].Name, list[len(list)-1].Name
	}
	paths := map[string]path{
		"JSON Feed tags": {
			build: func(n int) []byte {
				tags := repeated(`"tag %d",`, n)
				return []byte(`{"version": "https://jsonfeed.org/version/1.1", "title": "t", "items": [{"id": "1", "tags": [` + tags[:len(tags)-1] + `]}]}`)
			},
			json: true, members: entryCats,
		},
		"RSS categories": {
			build:   func(n int) []byte { return rss("", repeated(`<category>c%d</category>`, n)) },
			members: entryCats,
		},
		"RSS 1.0 dc:subject": {
			build: func(n int) []byte {
				return []byte(`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">` +
					`<channel><title>t</title></channel><item><title>i</title>` + repeated(`<dc:subject>s%d</dc:subject>`, n) + `</item></rdf:RDF>`)
			},
			members: entryCats,
		},
		"Atom categories": {
			build: func(n int) []byte {
				return []byte(`<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><entry><title>e</title>` +
					repeated(`<category term="c%d"/>`, n) + `</entry></feed>`)
			},
			members: entryCats,
		},
		"RSS channel dc:creator": {
			build:   func(n int) []byte { return rss(repeated(`<dc:creator>a%d</dc:creator>`, n), "") },
			members: func(f *Feed) (int, string, string) { return names(f.Authors) },
		},
		"RSS item author": {
			build:   func(n int) []byte { return rss("", repeated(`<author>a%d</author>`, n)) },
			members: func(f *Feed) (int, string, string) { return names(f.Entries[0].Authors) },
		},
		"RSS item dc:creator": {
			build:   func(n int) []byte { return rss("", repeated(`<dc:creator>a%d</dc:creator>`, n)) },
			members: func(f *Feed) (int, string, string) { return names(f.Entries[0].Authors) },
		},
		"RSS item dc:contributor": {
			build:   func(n int) []byte { return rss("", repeated(`<dc:contributor>a%d</dc:contributor>`, n)) },
			members: func(f *Feed) (int, string, string) { return names(f.Entries[0].Contributors) },
		},
		"RSS channel dc:contributor": {
			build:   func(n int) []byte { return rss(repeated(`<dc:contributor>a%d</dc:contributor>`, n), "") },
			members: func(f *Feed) (int, string, string) { return names(f.Contributors) },
		},
		"RSS 1.0 item dc:creator": {
			build: func(n int) []byte {
				return []byte(`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">` +
					`<channel><title>t</title></channel><item><title>i</title>` + repeated(`<dc:creator>a%d</dc:creator>`, n) + `</item></rdf:RDF>`)
			},
			members: func(f *Feed) (int, string, string) { return names(f.Entries[0].Authors) },
		},
		"Atom entry dc:contributor": {
			build: func(n int) []byte {
				return []byte(`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"><title>t</title><entry><title>e</title>` +
					repeated(`<dc:contributor>a%d</dc:contributor>`, n) + `</entry></feed>`)
			},
			members: func(f *Feed) (int, string, string) { return names(f.Entries[0].Contributors) },
		},
		"RSS skipHours": {
			build: func(n int) []byte {
				return rss(`<skipHours>`+repeated(`<hour>%d</hour>`, n)+`</skipHours>`, "")
			},
			members: func(f *Feed) (int, string, string) {
				h := f.SkipHours
				return len(h), strconv.Itoa(h[0]), strconv.Itoa(h[len(h)-1])
			},
			bounded: 24,
		},
		"RSS skipDays": {
			build: func(n int) []byte {
				return rss(`<skipDays>`+strings.Repeat(`<day>Monday</day><day>sunday</day>`, n/2)+`</skipDays>`, "")
			},
			members: func(f *Feed) (int, string, string) {
				d := f.SkipDays
				return len(d), d[0], d[len(d)-1]
			},
			bounded: 2,
		},
	}
	n := 10000
	if testing.Short() {
		n = 2000
	}
	for name, p := range paths {
		t.Run(name, func(t *testing.T) {
			parse := func(doc []byte) *Feed {
				// The limits that bound a document's size in nodes,
				// entries and list members are lifted: the test measures
				// the de-duplication beyond them.
				opts := []Option{WithLimits(Limits{MaxNodes: -1, MaxItems: -1, MaxPerEntry: -1})}
				if p.json {
					opts = append(opts, WithJSONFeed())
				}
				f, err := ParseDocument(bytes.NewReader(doc), opts...)
				require.NoError(t, err)
				return f
			}
			small, large := p.build(n), p.build(10*n)
			// The fastest of three runs, so that a pause of the machine
			// does not count as work; the last run's feed is checked.
			fastest := func(doc []byte, n int) time.Duration {
				best := time.Duration(1<<63 - 1)
				var f *Feed
				// The collector is off while a parse is timed: how often it
				// runs, and on which core, depends on the heap the test
				// binary holds, not on the de-duplication.
				defer debug.SetGCPercent(debug.SetGCPercent(-1))
				for run := 0; run < 3; run++ {
					runtime.GC()
					start, cpu0 := time.Now(), cpuTime()
					f = parse(doc)
					d := cpuTime() - cpu0
					if d <= 0 {
						d = time.Since(start)
					}
					best = min(best, d)
				}
				count, first, last := p.members(f)
				if p.bounded != 0 {
					assert.LessOrEqual(t, count, p.bounded)
				} else {
					assert.Equal(t, n, count, "members")
					assert.Equal(t, strconv.Itoa(n-1), strings.TrimLeftFunc(last, func(r rune) bool { return r < '0' || r > '9' }))
					assert.True(t, strings.HasSuffix(first, "0"), first)
				}
				return best
			}
			ts, tl := fastest(small, n), fastest(large, 10*n)
			// Linear work gives a ratio near 10 (somewhat more: the larger
			// input does not fit in the caches), quadratic work near 100.
			ratio := float64(tl) / float64(max(ts, time.Millisecond))
			t.Logf("%s: %v for %d members (%d bytes), %v for %d (%d bytes): ratio %.1f", name, ts, n, len(small), tl, 10*n, len(large), ratio)
			assert.Less(t, ratio, 50.0, "CPU time for 10 times the members: %v, then %v", ts, tl)
		})
	}
}

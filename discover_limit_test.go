package feedspec

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// endlessPage is a page that never ends: head, then fill repeated. It
// counts the bytes read from it.
type endlessPage struct {
	head, fill string
	read       int64
}

func (p *endlessPage) Read(b []byte) (int, error) {
	n := 0
	for n < len(b) {
		off := int(p.read) - len(p.head)
		var src string
		if off < 0 {
			src = p.head[p.read:]
		} else {
			src = p.fill[off%len(p.fill):]
		}
		m := copy(b[n:], src)
		n += m
		p.read += int64(m)
	}
	return n, nil
}

// TestDiscoverFeedsByteLimit: DiscoverFeeds reads MaxDiscoverBytes of a
// page (and one byte more, to tell that there is more) and returns the
// feeds found in them with an error wrapping ErrLimit.
func TestDiscoverFeedsByteLimit(t *testing.T) {
	if !testing.Short() { // 16 MiB read: seconds under the race detector
		p := &endlessPage{head: `<link rel=alternate type=application/rss+xml href=/feed.xml><a href=/atom.xml>Atom</a>`, fill: "<p>"}
		feeds, err := DiscoverFeeds(p, "https://example.com/")
		require.ErrorIs(t, err, ErrLimit, "an endless page")
		assert.Equal(t, "feedspec: discover feeds: limit reached: the page is longer than 16777216 bytes (MaxDiscoverBytes); the feeds in its first 16777216 bytes are returned", err.Error())
		assert.Equal(t, []FeedLink{
			{URL: "https://example.com/feed.xml", Type: "application/rss+xml", Source: "link"},
			{URL: "https://example.com/atom.xml", Title: "Atom", Source: "a"},
		}, feeds, "the feeds before the limit")
		assert.Equal(t, int64(MaxDiscoverBytes+1), p.read, "bytes read of an endless page")
	}

	// At the boundary, with a small limit: a page of the limit's length is
	// read whole; one byte longer, its last tag is cut off and left out.
	page := `<link rel=alternate type=application/rss+xml href=/feed.xml><a href="/rss.xml">RSS</a>` +
		`<link rel=alternate type=application/atom+xml href=/late.atom>`
	all := []FeedLink{
		{URL: "https://example.com/feed.xml", Type: "application/rss+xml", Source: "link"},
		{URL: "https://example.com/late.atom", Type: "application/atom+xml", Source: "link"},
		{URL: "https://example.com/rss.xml", Title: "RSS", Source: "a"},
	}
	for _, oneByte := range []bool{false, true} {
		r := func() io.Reader {
			if oneByte {
				return iotest.OneByteReader(strings.NewReader(page))
			}
			return strings.NewReader(page)
		}
		feeds, err := discoverFeeds(r(), "https://example.com/", int64(len(page)))
		require.NoError(t, err, "a page as long as the limit (one byte a read: %v)", oneByte)
		assert.Equal(t, all, feeds, "a page as long as the limit (one byte a read: %v)", oneByte)

		feeds, err = discoverFeeds(r(), "https://example.com/", int64(len(page)-1))
		require.ErrorIs(t, err, ErrLimit, "a page one byte over the limit (one byte a read: %v)", oneByte)
		assert.Contains(t, err.Error(), fmt.Sprintf("the page is longer than %d bytes", len(page)-1))
		assert.Equal(t, []FeedLink{all[0], all[2]}, feeds, "the feeds before the cut tag (one byte a read: %v)", oneByte)
	}

	// A read error is an error, not the limit.
	_, err := discoverFeeds(&failingReader{data: page, err: io.ErrUnexpectedEOF}, "", 10)
	assert.ErrorIs(t, err, ErrLimit, "the limit is met before the read error")
	_, err = discoverFeeds(&failingReader{data: page, err: io.ErrUnexpectedEOF}, "", int64(len(page)))
	assert.ErrorIs(t, err, io.ErrUnexpectedEOF, "a read error at the limit")
	assert.NotErrorIs(t, err, ErrLimit, "a read error at the limit")
}

// discoverAllocs returns the bytes DiscoverFeeds allocates to read page.
func discoverAllocs(t *testing.T, page []byte) uint64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := DiscoverFeeds(bytes.NewReader(page), "https://example.com/")
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	return after.TotalAlloc - before.TotalAlloc
}

// TestDiscoverFeedsAllocations: DiscoverFeeds allocates at most about 4
// bytes per byte of a page whatever its shape, and 8 times the page costs
// at most about 8 times as much (at most 10: sizes a power of two apart
// find a doubling buffer at the same point of its cycle). A token that runs to the end of the
// page (an unclosed comment or attribute value, text without tags) cost 8
// bytes per byte before: x/net/html's tokenizer, which keeps the token
// whole, allocated a buffer twice as large for nothing when the last read
// gave only io.EOF. The sizes are just over a power of two, the worst
// case of a buffer that doubles.
func TestDiscoverFeedsAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's allocations are counted too")
	}
	rep := func(prefix, s string, n int) []byte {
		return append([]byte(prefix), bytes.Repeat([]byte(s), (n-len(prefix))/len(s))...)
	}
	shapes := []struct {
		name  string
		page  func(n int) []byte
		bound float64 // bytes allocated per byte of the page
	}{
		{"unclosed comment", func(n int) []byte { return rep("<!--", "x", n) }, 4.1},
		{"unclosed attribute value", func(n int) []byte { return rep(`<a href="`, "x", n) }, 4.1},
		{"unclosed single-quoted attribute", func(n int) []byte { return rep(`<p title='`, "x", n) }, 4.1},
		{"unclosed tag name", func(n int) []byte { return rep("<a", "x", n) }, 4.1},
		{"endless text", func(n int) []byte { return rep("", "Lorem ipsum dolor sit amet. ", n) }, 4.1},
		{"endless script", func(n int) []byte { return rep("<script>", "var x = 1; ", n) }, 4.1},
		{"many tags", func(n int) []byte { return rep("", "<p><b>x</b>", n) }, 4.1},
		{"many links", func(n int) []byte { return rep("", `<a href="/page">a page</a>`, n) }, 4.1},
		{"many feed links", func(n int) []byte { return rep("", `<link rel=alternate type=application/rss+xml href=/feed>`, n) }, 4.1},
		// The text of one link is collapsed, kept and keyed: about 6.
		{"text of one link", func(n int) []byte { return rep("<a href=/feed>", "lorem ipsum ", n) }, 6.5},
		{"text of one link, in tags", func(n int) []byte { return rep("<a href=/feed>", "x<i>", n) }, 4.1},
	}
	small, large := 1<<19+7, 1<<22+7
	for _, s := range shapes {
		p1, p2 := s.page(small), s.page(large)
		n1, n2 := discoverAllocs(t, p1), discoverAllocs(t, p2)
		r1, r2 := float64(n1)/float64(len(p1)), float64(n2)/float64(len(p2))
		growth := float64(n2) / float64(max(n1, 1))
		t.Logf("%-32s %.2f and %.2f bytes allocated per byte, x%.1f for x%.1f the page", s.name, r1, r2, growth, float64(len(p2))/float64(len(p1)))
		assert.LessOrEqual(t, r1, s.bound, "%s: bytes allocated per byte of a %d-byte page", s.name, len(p1))
		assert.LessOrEqual(t, r2, s.bound, "%s: bytes allocated per byte of a %d-byte page", s.name, len(p2))
		assert.LessOrEqual(t, growth, 10.0, "%s: growth for 8 times the page", s.name)
	}
}

// TestDiscoverFeedsManyAttributes: a tag with many distinct attributes
// costs x/net/html's tokenizer about 45 bytes per byte (a copy and a map
// entry for each attribute's name), linear in the page (SECURITY.md, Known
// costs).
func TestDiscoverFeedsManyAttributes(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's allocations are counted too")
	}
	page := func(n int) []byte {
		var b bytes.Buffer
		b.WriteString("<a")
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, " a%x", i)
		}
		b.WriteString(">")
		return b.Bytes()
	}
	p1, p2 := page(100<<10), page(1000<<10)
	n1, n2 := discoverAllocs(t, p1), discoverAllocs(t, p2)
	r2 := float64(n2) / float64(len(p2))
	growth := float64(n2) / float64(n1)
	t.Logf("%.1f bytes allocated per byte, x%.1f for x10 the page", r2, growth)
	assert.LessOrEqual(t, r2, 50.0, "bytes allocated per byte")
	assert.LessOrEqual(t, growth, 12.0, "growth for 10 times the page")
}

// FuzzDiscoverFeeds: DiscoverFeeds never panics; its answer does not
// depend on how the page is read (whole, or a byte at a time: the reads
// its tokenizer is given are filled, and bring the end with the last
// bytes) nor on a byte limit the page fits in; one byte less than the page
// gives an error wrapping ErrLimit; every URL it lists is http or https.
func FuzzDiscoverFeeds(f *testing.F) {
	for _, p := range discTrickyPages {
		f.Add(p)
	}
	rng := rand.New(rand.NewSource(3))
	for range 20 {
		f.Add(discSoup(rng, 40, true))
	}
	f.Add("<!--")
	f.Add(`<a href="/feed">RSS`)
	f.Add(`<a href="`)
	f.Fuzz(func(t *testing.T, page string) {
		const pageURL = "https://www.example.com/blog/"
		want, err := DiscoverFeeds(strings.NewReader(page), pageURL)
		if err != nil && !errors.Is(err, ErrLimit) {
			t.Fatalf("DiscoverFeeds(%q): %v", page, err)
		}
		for _, l := range want {
			require.True(t, strings.HasPrefix(l.URL, "http://") || strings.HasPrefix(l.URL, "https://"), "%q lists %q", page, l.URL)
		}
		got, err2 := DiscoverFeeds(iotest.OneByteReader(strings.NewReader(page)), pageURL)
		require.Equal(t, want, got, "a byte at a time: %q", page)
		require.Equal(t, err, err2, "a byte at a time: %q", page)
		got, err2 = discoverFeeds(iotest.HalfReader(strings.NewReader(page)), pageURL, int64(len(page)))
		require.Equal(t, want, got, "limited to its length: %q", page)
		require.Equal(t, err, err2, "limited to its length: %q", page)
		if len(page) > 0 {
			_, err = discoverFeeds(strings.NewReader(page), pageURL, int64(len(page)-1))
			require.ErrorIs(t, err, ErrLimit, "limited to one byte less: %q", page)
		}
	})
}

package websub

import (
	"bytes"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/internal/sharedtest"
)

// response returns a response to a GET of rawURL with the given Link
// headers.
func response(rawURL string, links ...string) *http.Response {
	u, _ := url.Parse(rawURL)
	res := &http.Response{Header: http.Header{}, Request: &http.Request{URL: u}}
	for _, l := range links {
		res.Header.Add("Link", l)
	}
	return res
}

func TestDiscoverLinkHeaders(t *testing.T) {
	const page = "https://blog.example/dir/feed?x=1"
	for _, c := range []struct {
		name  string
		links []string
		hubs  []string
		self  string
	}{
		{"the Recommendation's example", []string{`<https://hub.example.com/>; rel="hub"`, `<http://example.com/feed>; rel="self"`},
			[]string{"https://hub.example.com/"}, "http://example.com/feed"},
		{"one header, two links", []string{`<https://hub.example/>; rel=hub, <https://blog.example/feed>; rel=self`},
			[]string{"https://hub.example/"}, "https://blog.example/feed"},
		{"relative targets, against the response's URL", []string{`</hub>; rel="hub", <atom.xml>; rel="self"`},
			[]string{"https://blog.example/hub"}, "https://blog.example/dir/atom.xml"},
		{"several relation types, any case, the IANA IRI", []string{`<https://a.example/>; rel="HUB alternate"`,
			`<https://b.example/>; rel="http://www.iana.org/assignments/relation/hub http://www.iana.org/assignments/relation/self"`},
			[]string{"https://a.example/", "https://b.example/"}, "https://b.example/"},
		{"the first rel parameter only (RFC 8288, 3.3)", []string{`<https://a.example/>; rel="next"; rel="hub"`, `<https://b.example/>;rel=hub`},
			[]string{"https://b.example/"}, ""},
		{"quoted commas and semicolons in parameters", []string{`<https://a.example/>; title="a, b; c"; rel="hub", <https://s.example/>; title="x\", y"; rel=self`},
			[]string{"https://a.example/"}, "https://s.example/"},
		{"an anchor: about another resource", []string{`<https://a.example/>; rel="hub"; anchor="https://other.example/"`, `<https://b.example/>; rel="hub"`},
			[]string{"https://b.example/"}, ""},
		{"each hub once, in order", []string{`<https://b.example/>; rel=hub, <https://a.example/>; rel=hub, <https://b.example/>; rel=hub`},
			[]string{"https://b.example/", "https://a.example/"}, ""},
		{"the first self", []string{`<https://s1.example/>; rel=self, <https://s2.example/>; rel=self`}, nil, "https://s1.example/"},
		{"only http and https", []string{`<ftp://hub.example/>; rel=hub, <javascript:alert(1)>; rel=hub, <mailto:x@y>; rel=self, <https://ok.example/>; rel=hub`},
			[]string{"https://ok.example/"}, ""},
		{"garbage skipped up to the next link", []string{`junk "with, quotes" ; more, <https://a.example/>; rel=hub x y, <https://b.example/>; rel=hub`},
			[]string{"https://a.example/", "https://b.example/"}, ""},
		{"spaces around", []string{"  <https://a.example/> ;\trel = \"hub\" ,  "}, []string{"https://a.example/"}, ""},
		{"an unclosed target ends the header", []string{`<https://a.example/>; rel=hub, <https://b.example/; rel=hub`},
			[]string{"https://a.example/"}, ""},
		{"an unclosed quoted string", []string{`<https://a.example/>; rel="hub`}, []string{"https://a.example/"}, ""},
		{"no rel", []string{`<https://a.example/>`, `<https://a.example/>; rel`, `<https://a.example/>; rel=`}, nil, ""},
		{"empty", []string{"", ",,,", "<>; rel=self"}, nil, "https://blog.example/dir/feed?x=1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			hubs, self := Discover(response(page, c.links...), nil)
			assert.Equal(t, c.hubs, hubs, "hubs")
			assert.Equal(t, c.self, self, "self")
		})
	}
}

func TestDiscoverMaxHubs(t *testing.T) {
	var b strings.Builder
	for i := range 3 * MaxHubs {
		b.WriteString("<https://h" + strconv.Itoa(i) + ".example/>; rel=hub, ")
	}
	hubs, _ := Discover(response("https://blog.example/", b.String()), nil)
	require.Len(t, hubs, MaxHubs, "at most MaxHubs")
	assert.Equal(t, "https://h0.example/", hubs[0])
	assert.Equal(t, "https://h15.example/", hubs[MaxHubs-1], "the first ones")

	// The first 256 links naming a hub or a self are looked at, no more.
	junk := strings.Repeat("<ftp://x.example/>; rel=hub, ", maxParsed-1)
	hubs, _ = Discover(response("https://blog.example/", junk+"<https://last.example/>; rel=hub"), nil)
	assert.Equal(t, []string{"https://last.example/"}, hubs, "the 256th link")
	hubs, _ = Discover(response("https://blog.example/", junk+"<ftp://x.example/>; rel=hub, <https://last.example/>; rel=hub"), nil)
	assert.Nil(t, hubs, "the 257th is not looked at")
}

func parseFeed(t testing.TB, doc string, opts ...feedspec.Option) *feedspec.Feed {
	t.Helper()
	opts = append([]feedspec.Option{feedspec.WithURL("https://blog.example/feed.xml"), feedspec.WithRecovery()}, opts...)
	feed, err := feedspec.ParseDocument(strings.NewReader(doc), opts...)
	require.NoError(t, err)
	return feed
}

func TestDiscoverOrder(t *testing.T) {
	feed := parseFeed(t, `<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title>
		<link rel="alternate" href="/"/><link rel="Hub" href="https://feedhub.example/"/><link rel="hub" href="/local-hub"/>
		<link rel="self" href="/feed.xml"/><link rel="self" href="/other.xml"/>
		<entry><id>1</id><link rel="hub" href="https://entry-hub.example/"/></entry></feed>`)
	feedHubs := []string{"https://feedhub.example/", "https://blog.example/local-hub"}

	hubs, self := Discover(nil, feed)
	assert.Equal(t, feedHubs, hubs, "the feed's links without a response; an entry's left out")
	assert.Equal(t, "https://blog.example/feed.xml", self, "the feed's first self")

	hubs, self = Discover(response("https://blog.example/feed.xml", `<https://headerhub.example/>; rel=hub`), feed)
	assert.Equal(t, []string{"https://headerhub.example/"}, hubs, "the header's hubs first: the feed's are not added")
	assert.Equal(t, "https://blog.example/feed.xml", self, "the feed's self, the header having none")

	hubs, self = Discover(response("https://blog.example/feed.xml", `<https://blog.example/canonical>; rel=self`), feed)
	assert.Equal(t, feedHubs, hubs, "the feed's hubs, the header having none")
	assert.Equal(t, "https://blog.example/canonical", self, "the header's self first")

	hubs, self = Discover(nil, nil)
	assert.Nil(t, hubs)
	assert.Empty(t, self)
	hubs, self = Discover(&http.Response{}, &feedspec.Feed{})
	assert.Nil(t, hubs, "a response without a request or header, an empty feed")
	assert.Empty(t, self)
	hubs, _ = Discover(&http.Response{Header: http.Header{"Link": {"</relative>; rel=hub"}}}, nil)
	assert.Nil(t, hubs, "a relative target without a request URL is left out")
}

func TestDiscoverJSONFeed(t *testing.T) {
	doc := `{"version": "https://jsonfeed.org/version/1.1", "title": "J", "feed_url": "https://blog.example/feed.json",
		"hubs": [{"type": "rssCloud", "url": "https://cloud.example/"}, {"type": "WebSub", "url": "https://hub.example/"},
		         {"type": "websub", "url": "ftp://bad.example/"}, {"type": 3, "url": "https://x.example/"}, "junk"],
		"items": []}`
	feed := parseFeed(t, doc, feedspec.WithJSONFeed())
	hubs, self := Discover(nil, feed)
	assert.Equal(t, []string{"https://hub.example/"}, hubs, "hubs of type WebSub, with the document")
	assert.Equal(t, "https://blog.example/feed.json", self, "feed_url")

	hubs, self = Discover(nil, parseFeed(t, doc, feedspec.WithJSONFeed(), feedspec.WithoutDocument()))
	assert.Nil(t, hubs, "WithoutDocument keeps no JSON object")
	assert.Equal(t, "https://blog.example/feed.json", self)

	bad := parseFeed(t, `{"version": "https://jsonfeed.org/version/1.1", "title": "J", "hubs": {"type": "WebSub"}, "items": []}`, feedspec.WithJSONFeed())
	hubs, _ = Discover(nil, bad)
	assert.Nil(t, hubs, "hubs that are not an array")
}

func TestDiscoverResult(t *testing.T) {
	hubs, self := DiscoverResult(nil)
	assert.Nil(t, hubs)
	assert.Empty(t, self)
	r := &feedspec.FetchResult{URL: "https://blog.example/moved/feed", Header: http.Header{"Link": {`<../hub>; rel=hub, <feed>; rel=self`}}}
	hubs, self = DiscoverResult(r)
	assert.Equal(t, []string{"https://blog.example/hub"}, hubs, "resolved against the result's URL")
	assert.Equal(t, "https://blog.example/moved/feed", self)
}

// TestDiscoverLinear grows a Link header ten times and compares the bytes
// Discover allocates: links naming the same hub again (each is parsed, as
// fewer than MaxHubs hubs are known), links of distinct hubs past MaxHubs
// (not parsed), and garbage.
func TestDiscoverLinear(t *testing.T) {
	for _, c := range []struct{ name, unit string }{
		{"the same hub", "<https://hub.example/some/path>; rel=hub, "},
		{"distinct hubs", "<https://hub.example/%d>; rel=hub, "},
		{"garbage", `x="a,b" ;;; <`},
		{"parameters", `<https://a.example/>; a=1; b="2"; c; rel=nothing, `},
	} {
		alloc := func(n int) uint64 {
			var b strings.Builder
			for i := range n {
				if strings.Contains(c.unit, "%d") {
					b.WriteString(strings.Replace(c.unit, "%d", strconv.Itoa(i), 1))
				} else {
					b.WriteString(c.unit)
				}
			}
			res := response("https://blog.example/", b.String())
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			Discover(res, nil)
			runtime.ReadMemStats(&after)
			return after.TotalAlloc - before.TotalAlloc
		}
		small, large := alloc(2000), alloc(20000)
		ratio := float64(large) / float64(max(small, 1))
		t.Logf("%s: %d bytes for 2,000 links, %d for 20,000 (%.1fx)", c.name, small, large, ratio)
		assert.LessOrEqual(t, large, 12*max(small, 4096), "%s: allocation grows at most linearly", c.name)
	}
}

// TestDiscoverCorpus runs Discover on every feed of the corpus and checks
// it against an independent count: the feeds with an Atom link element of
// rel "hub" before their first entry or item, found by a regular expression.
func TestDiscoverCorpus(t *testing.T) {
	files := sharedtest.CorpusFiles(t)
	hubLink := regexp.MustCompile(`(?is)<(?:[a-z0-9]+:)?link\b[^>]*\brel\s*=\s*["']hub["']`)
	firstEntry := regexp.MustCompile(`(?i)<(?:[a-z0-9]+:)?(?:entry|item)[\s>]`)
	var withHub, found, both int
	hosts := map[string]int{}
	for _, path := range files {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		head := data
		if loc := firstEntry.FindIndex(data); loc != nil {
			head = data[:loc[0]]
		}
		expected := hubLink.Match(head)
		if expected {
			withHub++
		}
		feed, err := feedspec.ParseDocument(bytes.NewReader(data), feedspec.WithURL("https://example.com/feed.xml"),
			feedspec.WithRecovery(), feedspec.WithoutDocument())
		if feed == nil {
			assert.False(t, expected, "%s: not a feed (%v), yet it has a hub link", filepath.Base(path), err)
			continue
		}
		hubs, _ := Discover(nil, feed)
		if len(hubs) > 0 {
			found++
			if expected {
				both++
			}
		}
		for _, h := range hubs {
			u, err := url.Parse(h)
			require.NoError(t, err)
			assert.True(t, bytes.Contains(data, []byte(u.Host)), "%s: the hub %s is in the file", filepath.Base(path), h)
			hosts[u.Host]++
		}
	}
	t.Logf("corpus: %d feeds, %d with a hub link before their entries, %d with hubs found, %d both; hubs: %v", len(files), withHub, found, both, hosts)
	assert.Equal(t, withHub, both, "every feed with a hub link has its hubs found")
	assert.Equal(t, found, both, "hubs found only where a hub link is")
	assert.Greater(t, found, 50, "the corpus has feeds with hubs")
}

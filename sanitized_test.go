package feedspec

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSanitized(t *testing.T) {
	doc := `<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
<title>T</title><link>javascript:alert(1)</link><description>d</description>
<atom:link href="https://ok.example/feed" rel="self"/><atom:link href="data:text/html,x" rel="hub"/>
<item><title>&lt;b&gt;a string&lt;/b&gt;</title><link>https://ok.example/1</link>
<description>&lt;p onclick="x()"&gt;Hi &lt;a href="javascript:evil()"&gt;there&lt;/a&gt;&lt;script&gt;steal()&lt;/script&gt;&lt;img src="/rel.png"&gt;&lt;/p&gt;</description>
<enclosure url="file:///etc/passwd" length="1" type="text/plain"/><enclosure url="https://ok.example/a.mp3" length="2" type="audio/mpeg"/>
<media:thumbnail url="vbscript:x"/></item></channel></rss>`
	f, err := ParseDocument(strings.NewReader(doc), WithURL("https://ok.example/feed"))
	require.NoError(t, err)
	before := canonicalMap(f)
	s := f.Sanitized("https://ok.example/")
	assert.Equal(t, before, canonicalMap(f), "the original is not changed")
	assert.Equal(t, "", s.PageURL, "a javascript: page URL is dropped")
	require.Len(t, s.Links, 1, "the data: link is dropped")
	assert.Equal(t, "https://ok.example/feed", s.Links[0].Href)
	e := s.Entries[0]
	assert.Same(t, s, e.Feed, "the entries belong to the copy")
	assert.Equal(t, "<b>a string</b>", e.Title.String(), "a string text is kept: the writers escape it")
	h := e.Summary.HTML()
	for _, bad := range []string{"onclick", "javascript:", "<script", "steal"} {
		assert.NotContains(t, h, bad, "SafeHTML removes it")
	}
	assert.Contains(t, h, `src="https://ok.example/rel.png"`, "relative URLs resolved against the base")
	require.Len(t, e.Enclosures, 1, "the file: enclosure is dropped")
	assert.Equal(t, "https://ok.example/a.mp3", e.Enclosures[0].URL)
	assert.Nil(t, e.Thumbnail, "the vbscript: thumbnail is dropped")
	assert.Equal(t, "https://ok.example/1", f.Entries[0].PageURL)
	var out bytes.Buffer
	require.NoError(t, s.WriteAtom(&out))
	assert.NotContains(t, out.String(), "javascript:")
	assert.NotContains(t, out.String(), "file:")
	// Sanitizing again changes nothing.
	assert.Equal(t, canonicalMap(s), canonicalMap(s.Sanitized("https://ok.example/")), "stable")
}

// TestSanitizedIssue38: the URLs of the Media RSS objects, licences,
// chapters and replies pass through SafeURL, and the Podcasting 2.0
// elements that hold URLs are left out, so that nothing a writer writes
// from Sanitized's copy holds a "javascript:" URL.
func TestSanitizedIssue38(t *testing.T) {
	doc := `<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:cc="http://web.resource.org/cc/" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:psc="http://podlove.org/simple-chapters" xmlns:thr="http://purl.org/syndication/thread/1.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>t</title>
<podcast:trailer pubdate="Thu, 01 Apr 2021 08:00:00 EST" url="javascript:alert(0)">T</podcast:trailer>
<item><title>i</title>
<media:content url="javascript:alert(1)" type="video/mp4"><media:player url="javascript:alert(2)"/><media:thumbnail url="javascript:alert(3)"/><media:thumbnail url="https://ok.example/t.jpg"/></media:content>
<media:content url="https://ok.example/v.mp4" type="video/mp4"/>
<cc:license rdf:resource="javascript:alert(4)"/><cc:license rdf:resource="https://creativecommons.org/licenses/by/4.0/"/>
<psc:chapters version="1.2"><psc:chapter start="0" title="a" href="javascript:alert(5)" image="https://ok.example/c.png"/></psc:chapters>
<thr:in-reply-to ref="tag:x,2024:1" href="javascript:alert(6)"/>
<podcast:images srcset="javascript:alert(7) 1500w"/>
</item></channel></rss>`
	f, err := ParseDocument(strings.NewReader(doc), WithURL("https://ok.example/feed"))
	require.NoError(t, err)
	e := f.Entries[0]
	require.Len(t, e.MediaRSS, 2, "the document gives both objects")
	require.NotEmpty(t, e.License)
	g := f.Sanitized("https://ok.example/feed")
	ge := g.Entries[0]
	assert.Equal(t, "", ge.MediaRSS[0].URL, "an object's javascript: URL is refused")
	require.NotNil(t, ge.MediaRSS[0].Metadata)
	assert.Nil(t, ge.MediaRSS[0].Metadata.Player, "a player whose URL is refused is left out")
	require.Len(t, ge.MediaRSS[0].Metadata.Thumbnails, 1, "the safe thumbnail is kept")
	assert.Equal(t, "https://ok.example/t.jpg", ge.MediaRSS[0].Metadata.Thumbnails[0].URL)
	assert.Equal(t, "https://ok.example/v.mp4", ge.MediaRSS[1].URL, "a safe object is kept")
	assert.Equal(t, []string{"https://creativecommons.org/licenses/by/4.0/"}, ge.License)
	if assert.Len(t, ge.Chapters, 1) {
		assert.Equal(t, "", ge.Chapters[0].Href)
		assert.Equal(t, "https://ok.example/c.png", ge.Chapters[0].Image)
	}
	if assert.Len(t, ge.InReplyTo, 1) {
		assert.Equal(t, "", ge.InReplyTo[0].Href)
		assert.Equal(t, "tag:x,2024:1", ge.InReplyTo[0].Ref, "the reference is an id, kept")
	}
	assert.Equal(t, "javascript:alert(1)", e.MediaRSS[0].URL, "the original is not changed")
	for _, w := range []func(*Feed, *bytes.Buffer) error{
		func(f *Feed, b *bytes.Buffer) error { return f.WriteRSS(b) },
		func(f *Feed, b *bytes.Buffer) error { return f.WriteAtom(b) },
		func(f *Feed, b *bytes.Buffer) error { return f.WriteJSONFeed(b) },
	} {
		var b bytes.Buffer
		require.NoError(t, w(g, &b))
		assert.NotContains(t, b.String(), "javascript:", "a written feed holds no javascript: URL")
	}
}

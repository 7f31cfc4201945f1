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

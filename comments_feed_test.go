package feedspec

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCommentsFeedURL checks that wfw:commentRss gives CommentsFeedURL in
// RSS 2.0, RSS 1.0 and Atom entries, whatever gives CommentsURL, which keeps
// its rules.
func TestCommentsFeedURL(t *testing.T) {
	cases := []struct {
		name           string
		doc            string
		comments, feed string
	}{
		{
			name: "RSS comments then wfw",
			doc: `<rss version="2.0" xmlns:wfw="http://wellformedweb.org/CommentAPI/"><channel><title>t</title><item><title>i</title>
<comments>/c</comments><wfw:commentRss>/c/feed</wfw:commentRss></item></channel></rss>`,
			comments: "https://example.com/c", feed: "https://example.com/c/feed",
		},
		{
			name: "RSS wfw then comments",
			doc: `<rss version="2.0" xmlns:wfw="http://wellformedweb.org/CommentAPI/"><channel><title>t</title><item><title>i</title>
<wfw:commentRss>/c/feed</wfw:commentRss><comments>/c</comments></item></channel></rss>`,
			comments: "https://example.com/c", feed: "https://example.com/c/feed",
		},
		{
			name: "RSS wfw alone, first wins",
			doc: `<rss version="2.0" xmlns:wfw="http://wellformedweb.org/CommentAPI/"><channel><title>t</title><item><title>i</title>
<wfw:commentRss>/c/feed</wfw:commentRss><wfw:commentRss>/other</wfw:commentRss></item></channel></rss>`,
			comments: "https://example.com/c/feed", feed: "https://example.com/c/feed",
		},
		{
			name: "RSS comments alone",
			doc: `<rss version="2.0"><channel><title>t</title><item><title>i</title>
<comments>/c</comments></item></channel></rss>`,
			comments: "https://example.com/c",
		},
		{
			name: "RSS 1.0",
			doc: `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:wfw="http://wellformedweb.org/CommentAPI/">
<channel><title>t</title></channel><item><title>i</title><wfw:commentRss>/c/feed</wfw:commentRss></item></rdf:RDF>`,
			comments: "https://example.com/c/feed", feed: "https://example.com/c/feed",
		},
		{
			name: "Atom: CommentsURL stays the replies link's",
			doc: `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:wfw="http://wellformedweb.org/CommentAPI/"><title>t</title><entry><title>e</title>
<wfw:commentRss>/c/feed</wfw:commentRss><link rel="replies" type="text/html" href="/c"/></entry></feed>`,
			comments: "https://example.com/c", feed: "https://example.com/c/feed",
		},
		{
			name: "Atom: wfw alone",
			doc: `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:wfw="http://wellformedweb.org/CommentAPI/"><title>t</title><entry><title>e</title>
<wfw:commentRss>/c/feed</wfw:commentRss></entry></feed>`,
			feed: "https://example.com/c/feed",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := parseTestFeed(t, c.doc)
			require.Len(t, f.Entries, 1)
			e := f.Entries[0]
			assert.Equal(t, c.comments, e.CommentsURL)
			assert.Equal(t, c.feed, e.CommentsFeedURL)
			// The canonical JSON reads back.
			b, err := f.MarshalJSON()
			require.NoError(t, err)
			var back Feed
			require.NoError(t, back.UnmarshalJSON(b))
			assert.Equal(t, c.feed, back.Entries[0].CommentsFeedURL)
			if c.feed != "" {
				assert.Contains(t, string(b), `"comments_feed_url":`)
			}
		})
	}
}

// TestCommentsFeedURLCorpus reads real WordPress feeds, whose items have
// both a comments element and a wfw:commentRss: the comment feed, lost
// before, is CommentsFeedURL, and CommentsURL is still the comments
// element's.
func TestCommentsFeedURLCorpus(t *testing.T) {
	files := []string{
		"codehollow__Rss20JapanTimes.xml", "codehollow__Rss20JungeGruender.xml",
		"codehollow__Rss20NuusInAfrikaans.xml", "codehollow__Rss20RomaNews.xml",
		"codehollow__Rss20ThomasMaurer.xml",
	}
	both := 0
	for _, name := range files {
		t.Run(name, func(t *testing.T) {
			f := parseCorpusFeed(t, name)
			for i, e := range f.Entries {
				el := e.Element()
				require.NotNil(t, el)
				wfw := childElements(el, "commentRss", nsWfw)
				comments := childElements(el, "comments", "")
				if len(wfw) == 0 {
					assert.Empty(t, e.CommentsFeedURL, "entry %d", i)
					continue
				}
				assert.Equal(t, strings.TrimSpace(wfw[0].ChildTextContent()), e.CommentsFeedURL, "entry %d", i)
				if len(comments) > 0 {
					both++
					assert.Equal(t, strings.TrimSpace(comments[0].ChildTextContent()), e.CommentsURL, "entry %d", i)
					assert.NotEqual(t, e.CommentsURL, e.CommentsFeedURL, "entry %d", i)
				}
			}
		})
	}
	t.Logf("%d entries with both a comments element and a wfw:commentRss", both)
}

package opml

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileNew returns documents New makes of subscriptions with every kind
// of title and URL a caller may pass.
func hostileNew() []*Document {
	subs := []Subscription{
		{Title: "Plain", FeedURL: "https://plain.example/feed", PageURL: "https://plain.example/"},
		{Title: "Markup <b>bold</b> & <script>alert(1)</script>", FeedURL: "https://markup.example/feed"},
		{Title: `A link <a href="https://a.example/b c">absolute, with a space</a> <img src="/x.png">`, FeedURL: "https://link.example/feed"},
		{Title: "Quotes \" ' and ]]> and \t\n\r white space", FeedURL: "https://quotes.example/feed"},
		{Title: "Controls \x00\x01\x1f and \ufffe and invalid \xff UTF-8", FeedURL: "https://controls.example/feed"},
		{Title: "Unicode: 日本語 😀 café", FeedURL: "https://xn--caf-dma.example/日本/feed?q=é|x{y}^`", PageURL: "https://page.example/a b/c|d?e=[f]#g{h}"},
		{Title: "", FeedURL: "", PageURL: ""},
		{Title: "Entities &amp; &nbsp; &#1;", FeedURL: "https://entities.example/?a=1&b=2"},
	}
	folders := []Subscription{
		{Title: "In a folder", FeedURL: "https://f1.example/feed", Folders: []string{"Tech <b>", "Go & co"}},
		{Title: "Same folder", FeedURL: "https://f2.example/feed", Folders: []string{"Tech <b>", "Go & co"}},
		{Title: "Empty folder name", FeedURL: "https://f3.example/feed", Folders: []string{""}},
		{Title: "Control in a folder", FeedURL: "https://f4.example/feed", Folders: []string{"a\x02b"}},
	}
	return []*Document{
		New("", nil),
		New("Empty subscriptions", []Subscription{{}, {Folders: []string{"", ""}}}),
		New("Title <i>with</i> markup & \x03 a control", subs),
		New("Folders", folders),
		New("Both", append(subs, folders...)),
	}
}

// brokenLinkTitle is a title the validator reads as HTML holding a link
// that is not a URI (a relative URL with a space): the one title New
// cannot write without an error (InvalidUriChar), as it writes a title as
// the text it is.
const brokenLinkTitle = `A link <a href="a b">with a space</a>`

func TestNew(t *testing.T) {
	subs := []Subscription{
		{Title: "Go blog", FeedURL: "https://go.example/blog/feed.atom", PageURL: "https://go.example/blog", Folders: []string{"Tech", "Go"}},
		{Title: "Top", FeedURL: "https://top.example/feed"},
		{Title: "Weekly", FeedURL: "https://weekly.example/rss", Folders: []string{"Tech", "Go"}},
		{Title: "Other Go", FeedURL: "https://other.example/rss", Folders: []string{"Friends", "Go"}},
		{Title: "Tech news", FeedURL: "https://news.example/rss", Folders: []string{"Tech"}},
		{Title: "Go blog", FeedURL: "https://go.example/blog/feed.atom", PageURL: "https://go.example/blog", Folders: []string{"Friends"}},
	}
	d := New("My feeds", subs)
	assert.Equal(t, "My feeds", d.Title)
	require.Len(t, d.Outlines, 3, "Tech, Top, Friends")
	tech := d.Outlines[0]
	assert.Equal(t, "Tech", tech.Text)
	require.Len(t, tech.Children, 2, "Go, Tech news")
	assert.Equal(t, "Go", tech.Children[0].Text)
	assert.Len(t, tech.Children[0].Children, 2, "one Go folder under Tech for both of its feeds")
	assert.Equal(t, &Outline{Text: "Go blog", Title: "Go blog", Type: "rss", XMLURL: "https://go.example/blog/feed.atom", HTMLURL: "https://go.example/blog"},
		tech.Children[0].Children[0], "a subscription's outline")
	assert.Equal(t, "Friends", d.Outlines[2].Text)
	assert.Equal(t, "Go", d.Outlines[2].Children[0].Text, "another Go folder, under Friends")

	back := parseString(t, string(writeDoc(t, d)))
	got := back.Subscriptions()
	byURL := func(s []Subscription) map[string][]Subscription {
		m := map[string][]Subscription{}
		for _, x := range s {
			m[x.FeedURL] = append(m[x.FeedURL], x)
		}
		return m
	}
	assert.Equal(t, byURL(subs), byURL(got), "written and read back: the same subscriptions (grouped by folder, so in another order)")
	assert.Len(t, got, len(subs))

	empty := New("", nil)
	assert.Equal(t, []*Outline{{}}, empty.Outlines, "New with no subscription: one empty outline")
	assert.Empty(t, parseString(t, string(writeDoc(t, empty))).Subscriptions())
}

func TestNewEscapesURLs(t *testing.T) {
	d := New("", []Subscription{{Title: "x", FeedURL: "https://h.example/a b|c{d}^`\"<>\\é?q=[1]#f",
		PageURL: "http://[2001:db8::1]:8080/p[1]?a|b"}})
	o := d.Outlines[0]
	assert.Equal(t, "https://h.example/a%20b%7Cc%7Bd%7D%5E%60%22%3C%3E%5C%C3%A9?q=%5B1%5D#f", o.XMLURL, "characters a URI cannot hold")
	assert.Equal(t, "http://[2001:db8::1]:8080/p%5B1%5D?a%7Cb", o.HTMLURL, "brackets kept in the host only")
	assert.Equal(t, "https://already.example/ok?a=1&b=%20", uriEscape("https://already.example/ok?a=1&b=%20"), "a URI unchanged")
}

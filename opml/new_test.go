package opml

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

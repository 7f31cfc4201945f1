package feedspec

// mediaGroupShape: items of a Media RSS group, each an item with a
// <media:title> and a <media:group> of two <media:content>. Each item is
// an entry, a MediaGroup and two MediaObjects in the model (issue 38),
// whose contents inherit the group's and the item's values.
var mediaGroupShape = peakShape{"RSS items of a Media RSS group", "application/rss+xml", func(n int) string {
	return repeatTo(n, `<rss xmlns:media="http://search.yahoo.com/mrss/"><channel>`,
		fixed(`<item><media:title>t</media:title><media:group><media:content url="/a"/><media:content url="/b"/></media:group></item>`),
		`</channel></rss>`)
}}

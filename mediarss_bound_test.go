package feedspec

// mediaGroupShape: RSS items of a Media RSS group, each an item with a
// <media:title> and a <media:group> of two <media:content> (118 bytes).
// Each item is an entry, two enclosures (the group's contents, [123]) and
// two MediaObjects sharing the item's metadata (issue 38). It took 16.3
// bytes a byte WithoutDocument at 8 MiB and 276 MiB for a 16 MiB poll as
// the Fetcher (at 896d709): the Media RSS budget was the input's size, and
// WithXMLBase each repetition of a URL was allocated again. TestPeakPerByte
// and TestFetcherPollUnder256MiB measure it with their other shapes.
var mediaGroupShape = peakShape{"RSS items of a Media RSS group", "application/rss+xml", func(n int) string {
	return repeatTo(n, `<rss xmlns:media="http://search.yahoo.com/mrss/"><channel>`,
		fixed(`<item><media:title>t</media:title><media:group><media:content url="/a"/><media:content url="/b"/></media:group></item>`),
		`</channel></rss>`)
}}

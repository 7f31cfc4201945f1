// Package gen writes deterministic, realistic feeds for benchmarks: RSS 2.0
// with escaped HTML descriptions and CDATA content:encoded, Atom with XHTML
// and escaped HTML content, and podcasts with enclosures and iTunes
// elements. The same kind and size always give the same bytes.
//
// It lives under testdata so that `go test ./...` and `go vet ./...` of the
// root module leave it alone; the root package's benchmarks and the bench
// module import it.
package gen

import (
	"bytes"
	"fmt"
	"strings"
)

// A Kind is a kind of generated feed.
type Kind int

// The kinds of feed Feed writes.
const (
	// RSS is an RSS 2.0 news feed: HTML descriptions (escaped), full
	// content in content:encoded (CDATA), categories, dc:creator, comments,
	// tracking pixels and images.
	RSS Kind = iota
	// Atom is an Atom 1.0 blog feed: XHTML content, escaped HTML summaries
	// and content, links, authors, categories.
	Atom
	// Podcast is an RSS 2.0 podcast: iTunes elements, one enclosure per
	// episode, short HTML show notes.
	Podcast
)

// Kinds lists every Kind.
var Kinds = []Kind{RSS, Atom, Podcast}

// String returns the kind's name ("rss", "atom", "podcast").
func (k Kind) String() string {
	switch k {
	case RSS:
		return "rss"
	case Atom:
		return "atom"
	case Podcast:
		return "podcast"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Feed returns a feed of kind k of at least size bytes (entries are added
// until the feed reaches size; the closing tags follow).
func Feed(k Kind, size int) []byte {
	g := &writer{seed: 0x9e3779b9 ^ uint32(k)*7919 ^ uint32(size)}
	g.b.Grow(size + 4096)
	switch k {
	case Atom:
		g.atom(size)
	case Podcast:
		g.podcast(size)
	default:
		g.rss(size)
	}
	return g.b.Bytes()
}

// A writer writes one feed, with a linear congruential generator as its
// deterministic source of choices.
type writer struct {
	b    bytes.Buffer
	seed uint32
}

func (g *writer) next() int {
	g.seed = g.seed*1664525 + 1013904223
	return int(g.seed >> 8)
}

func (g *writer) pick(list []string) string { return list[g.next()%len(list)] }

var words = strings.Fields(`the of and to in a is that for it as was with be by on not he
this are or his from at which but have an they you were her she there been one all we
their has would when if so what out up more them some could into time only new people
market science river über policy garden signal northern data résumé quantum harbor
festival engine city council budget season energy water school health report software
release security update community research climate transport museum library election
naïve café — “quoted” 5€ 日本 データ`)

var names = []string{"Alice Martin", "Bob Nguyen", "Carla Díaz", "Deepak Rao", "Emma Schmidt",
	"François Dupont", "Grace Lee", "Hiro Tanaka"}

var tags = []string{"News", "Science", "Politics", "Technology", "Culture", "Sports", "Local",
	"Opinion", "Business", "Health"}

// sentence returns n words, capitalized, with a full stop.
func (g *writer) sentence(n int) string {
	var s strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			s.WriteByte(' ')
		}
		w := g.pick(words)
		if i == 0 && w[0] >= 'a' && w[0] <= 'z' {
			s.WriteByte(w[0] - 'a' + 'A')
			w = w[1:]
		}
		s.WriteString(w)
	}
	s.WriteByte('.')
	return s.String()
}

// paragraph returns a few sentences, with the occasional ampersand.
func (g *writer) paragraph() string {
	var s strings.Builder
	for i, n := 0, 2+g.next()%4; i < n; i++ {
		if i > 0 {
			s.WriteByte(' ')
		}
		s.WriteString(g.sentence(6 + g.next()%12))
	}
	return s.String()
}

func (g *writer) slug() string {
	return strings.Join([]string{g.pick(tags), fmt.Sprint(g.next() % 100000), fmt.Sprint(g.next() % 1000)}, "-")
}

// articleHTML returns the HTML of an article of about n paragraphs: links,
// emphasis, images, a list, a blockquote, a figure, entities, sometimes a
// tracking pixel and a script-free embed.
func (g *writer) articleHTML(n int, host string) string {
	var s strings.Builder
	for i := 0; i < n; i++ {
		switch g.next() % 9 {
		case 0:
			fmt.Fprintf(&s, "<h2>%s</h2>\n", g.sentence(4))
		case 1:
			fmt.Fprintf(&s, "<figure><img src=\"https://img.%s/%s.jpg\" alt=\"%s\" width=\"800\" height=\"450\" loading=\"lazy\"><figcaption>%s</figcaption></figure>\n",
				host, g.slug(), g.sentence(3), g.sentence(5))
		case 2:
			s.WriteString("<ul>")
			for j, m := 0, 2+g.next()%4; j < m; j++ {
				fmt.Fprintf(&s, "<li>%s</li>", g.sentence(5))
			}
			s.WriteString("</ul>\n")
		case 3:
			fmt.Fprintf(&s, "<blockquote><p>%s</p></blockquote>\n", g.paragraph())
		default:
			fmt.Fprintf(&s, "<p>%s <a href=\"https://%s/%s\">%s</a> %s <em>%s</em> &amp; <strong>%s</strong>&nbsp;&#8212; %s</p>\n",
				g.paragraph(), host, g.slug(), g.sentence(3), g.paragraph(), g.sentence(2), g.sentence(2), g.sentence(5))
		}
	}
	if g.next()%4 == 0 {
		fmt.Fprintf(&s, "<img src=\"https://stats.%s/pixel.gif?id=%d\" width=\"1\" height=\"1\" alt=\"\">", host, g.next())
	}
	return s.String()
}

// escape escapes s for XML character data.
func escape(s string) string {
	return xmlEscaper.Replace(s)
}

var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

var days = []string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}
var months = []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

func (g *writer) rfc822(i int) string {
	zones := []string{"+0000", "GMT", "-0500", "+0200", "EST"}
	return fmt.Sprintf("%s, %02d %s %d %02d:%02d:%02d %s", days[i%7], 1+i%28, months[i%12], 2010+i%15,
		g.next()%24, g.next()%60, g.next()%60, zones[i%len(zones)])
}

func (g *writer) rfc3339(i int) string {
	return fmt.Sprintf("%d-%02d-%02dT%02d:%02d:%02dZ", 2010+i%15, 1+i%12, 1+i%28, g.next()%24, g.next()%60, g.next()%60)
}

func (g *writer) rss(size int) {
	const host = "news.example.com"
	g.b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/" xmlns:slash="http://purl.org/rss/1.0/modules/slash/" xmlns:media="http://search.yahoo.com/mrss/">
<channel>
	<title>Example News &amp; Notes</title>
	<atom:link href="https://news.example.com/feed/" rel="self" type="application/rss+xml" />
	<link>https://news.example.com/</link>
	<description>Daily notes about the city, science &amp; culture</description>
	<lastBuildDate>Mon, 02 Jan 2006 15:04:05 +0000</lastBuildDate>
	<language>en-US</language>
	<sy:updatePeriod>hourly</sy:updatePeriod>
	<sy:updateFrequency>1</sy:updateFrequency>
	<generator>https://wordpress.org/?v=6.4.2</generator>
	<image>
		<url>https://news.example.com/wp-content/uploads/icon-32x32.png</url>
		<title>Example News &amp; Notes</title>
		<link>https://news.example.com/</link>
		<width>32</width>
		<height>32</height>
	</image>
`)
	for i := 0; g.b.Len() < size; i++ {
		slug := g.slug()
		fmt.Fprintf(&g.b, "\t<item>\n\t\t<title>%s</title>\n", escape(g.sentence(4+g.next()%8)))
		fmt.Fprintf(&g.b, "\t\t<link>https://%s/%d/%s/</link>\n", host, 2010+i%15, slug)
		fmt.Fprintf(&g.b, "\t\t<comments>https://%s/%d/%s/#comments</comments>\n", host, 2010+i%15, slug)
		fmt.Fprintf(&g.b, "\t\t<dc:creator><![CDATA[%s]]></dc:creator>\n", g.pick(names))
		fmt.Fprintf(&g.b, "\t\t<pubDate>%s</pubDate>\n", g.rfc822(i))
		for j, n := 0, 1+g.next()%3; j < n; j++ {
			fmt.Fprintf(&g.b, "\t\t<category><![CDATA[%s]]></category>\n", g.pick(tags))
		}
		fmt.Fprintf(&g.b, "\t\t<guid isPermaLink=\"false\">https://%s/?p=%d</guid>\n", host, 1000+i)
		summary := fmt.Sprintf("<p>%s</p><p>The post <a href=\"https://%s/%s/\">%s</a> appeared first on <a href=\"https://%s\">Example News</a>.</p>",
			g.paragraph(), host, slug, g.sentence(4), host)
		fmt.Fprintf(&g.b, "\t\t<description>%s</description>\n", escape(summary))
		fmt.Fprintf(&g.b, "\t\t<content:encoded><![CDATA[%s]]></content:encoded>\n", g.articleHTML(4+g.next()%10, host))
		fmt.Fprintf(&g.b, "\t\t<wfw:commentRss>https://%s/%d/%s/feed/</wfw:commentRss>\n", host, 2010+i%15, slug)
		fmt.Fprintf(&g.b, "\t\t<slash:comments>%d</slash:comments>\n", g.next()%50)
		if g.next()%3 == 0 {
			fmt.Fprintf(&g.b, "\t\t<media:content url=\"https://img.%s/%s.jpg\" medium=\"image\" width=\"1200\" height=\"675\" />\n", host, slug)
		}
		g.b.WriteString("\t</item>\n")
	}
	g.b.WriteString("</channel>\n</rss>\n")
}

func (g *writer) atom(size int) {
	const host = "blog.example.org"
	g.b.WriteString(`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
	<title type="text">An Example Blog</title>
	<subtitle type="html">Notes on &lt;em&gt;software&lt;/em&gt; &amp;amp; science</subtitle>
	<link rel="alternate" type="text/html" href="https://blog.example.org/"/>
	<link rel="self" type="application/atom+xml" href="https://blog.example.org/feed.atom"/>
	<id>tag:blog.example.org,2005:feed</id>
	<updated>2024-03-05T10:00:00Z</updated>
	<icon>https://blog.example.org/favicon.ico</icon>
	<logo>https://blog.example.org/logo.png</logo>
	<rights>© 2024 Example</rights>
	<generator uri="https://gohugo.io/" version="0.120">Hugo</generator>
	<author><name>Grace Lee</name><uri>https://blog.example.org/about</uri><email>grace@example.org</email></author>
`)
	for i := 0; g.b.Len() < size; i++ {
		slug := g.slug()
		g.b.WriteString("\t<entry>\n")
		if i%4 == 3 {
			fmt.Fprintf(&g.b, "\t\t<title type=\"html\">%s</title>\n", escape("<em>"+g.sentence(3)+"</em> "+escape(g.sentence(3))))
		} else {
			fmt.Fprintf(&g.b, "\t\t<title>%s</title>\n", escape(g.sentence(4+g.next()%6)))
		}
		fmt.Fprintf(&g.b, "\t\t<link href=\"https://%s/posts/%s/\" rel=\"alternate\" type=\"text/html\"/>\n", host, slug)
		fmt.Fprintf(&g.b, "\t\t<id>tag:%s,2005:post-%d</id>\n", host, i)
		fmt.Fprintf(&g.b, "\t\t<published>%s</published>\n\t\t<updated>%s</updated>\n", g.rfc3339(i), g.rfc3339(i+1))
		fmt.Fprintf(&g.b, "\t\t<author><name>%s</name></author>\n", g.pick(names))
		for j, n := 0, g.next()%3; j < n; j++ {
			fmt.Fprintf(&g.b, "\t\t<category term=\"%s\" scheme=\"https://%s/tags/\"/>\n", strings.ToLower(g.pick(tags)), host)
		}
		fmt.Fprintf(&g.b, "\t\t<summary type=\"html\">%s</summary>\n", escape("<p>"+escape(g.paragraph())+"</p>"))
		if i%2 == 0 {
			// XHTML content: the markup is XML, parsed as the document.
			fmt.Fprintf(&g.b, "\t\t<content type=\"xhtml\" xml:base=\"https://%s/posts/%s/\"><div xmlns=\"http://www.w3.org/1999/xhtml\">%s</div></content>\n",
				host, slug, xhtmlOf(g.articleHTML(3+g.next()%8, host)))
		} else {
			fmt.Fprintf(&g.b, "\t\t<content type=\"html\">%s</content>\n", escape(g.articleHTML(3+g.next()%8, host)))
		}
		g.b.WriteString("\t</entry>\n")
	}
	g.b.WriteString("</feed>\n")
}

// xhtmlOf makes the generated HTML well-formed XML: void elements closed,
// the HTML-only entity written as a character.
func xhtmlOf(s string) string {
	return xhtmlFixer.Replace(s)
}

var xhtmlFixer = strings.NewReplacer(`loading="lazy">`, `loading="lazy"/>`, `alt="">`, `alt=""/>`, "&nbsp;", "\u00a0")

func (g *writer) podcast(size int) {
	const host = "podcast.example.net"
	g.b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel>
	<title>The Example Show</title>
	<link>https://podcast.example.net/</link>
	<atom:link href="https://feeds.example.net/show.xml" rel="self" type="application/rss+xml"/>
	<language>en</language>
	<copyright>℗ &amp; © 2024 Example Media</copyright>
	<itunes:author>Example Media</itunes:author>
	<description>Conversations about science, cities and software.</description>
	<itunes:summary>Conversations about science, cities and software.</itunes:summary>
	<itunes:type>episodic</itunes:type>
	<itunes:owner><itunes:name>Example Media</itunes:name><itunes:email>show@example.net</itunes:email></itunes:owner>
	<itunes:image href="https://cdn.example.net/show/cover-3000.jpg"/>
	<itunes:category text="Science"><itunes:category text="Natural Sciences"/></itunes:category>
	<itunes:category text="Technology"/>
	<itunes:explicit>false</itunes:explicit>
	<podcast:locked>no</podcast:locked>
	<image><url>https://cdn.example.net/show/cover-1400.jpg</url><title>The Example Show</title><link>https://podcast.example.net/</link></image>
`)
	for i := 0; g.b.Len() < size; i++ {
		g.b.WriteString("\t<item>\n")
		title := fmt.Sprintf("%d: %s", 500-i%500, g.sentence(3+g.next()%5))
		fmt.Fprintf(&g.b, "\t\t<title>%s</title>\n\t\t<itunes:title>%s</itunes:title>\n", escape(title), escape(title))
		fmt.Fprintf(&g.b, "\t\t<pubDate>%s</pubDate>\n", g.rfc822(i))
		fmt.Fprintf(&g.b, "\t\t<guid isPermaLink=\"false\">%08x-%04x-4%03x-a%03x-%012x</guid>\n", g.next(), g.next()%0x10000, g.next()%0x1000, g.next()%0x1000, g.next())
		fmt.Fprintf(&g.b, "\t\t<link>https://%s/episodes/%d</link>\n", host, 500-i%500)
		fmt.Fprintf(&g.b, "\t\t<itunes:image href=\"https://cdn.%s/episodes/%d.jpg\"/>\n", host, i)
		notes := fmt.Sprintf("<p>%s</p><ul><li><a href=\"https://%s/%s\">%s</a></li><li>%s</li></ul><p>Support the show at <a href=\"https://%s/support\">%s/support</a>.</p>",
			g.paragraph(), host, g.slug(), g.sentence(3), g.sentence(6), host, host)
		fmt.Fprintf(&g.b, "\t\t<description><![CDATA[%s]]></description>\n", notes)
		fmt.Fprintf(&g.b, "\t\t<content:encoded><![CDATA[%s]]></content:encoded>\n", notes)
		fmt.Fprintf(&g.b, "\t\t<enclosure length=\"%d\" type=\"audio/mpeg\" url=\"https://media.%s/show/ep%d.mp3?source=feed\"/>\n", 10000000+g.next()%90000000, host, i)
		fmt.Fprintf(&g.b, "\t\t<itunes:duration>%02d:%02d:%02d</itunes:duration>\n", g.next()%2, g.next()%60, g.next()%60)
		fmt.Fprintf(&g.b, "\t\t<itunes:episode>%d</itunes:episode>\n\t\t<itunes:season>%d</itunes:season>\n", 500-i%500, 1+i/50)
		g.b.WriteString("\t\t<itunes:episodeType>full</itunes:episodeType>\n\t\t<itunes:explicit>no</itunes:explicit>\n")
		g.b.WriteString("\t</item>\n")
	}
	g.b.WriteString("</channel>\n</rss>\n")
}

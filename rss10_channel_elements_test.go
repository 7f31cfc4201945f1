package feedspec

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rdfDoc wraps body (the rdf:RDF root's children) in an RDF document whose
// default namespace is ns.
func rdfDoc(ns, body string) string {
	return `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="` + ns + `">` +
		`<channel rdf:about="https://e.com/"><title>T</title>` +
		`<image rdf:resource="https://e.com/i.png"/><textinput rdf:resource="https://e.com/s"/></channel>` +
		body + `</rdf:RDF>`
}

// TestRSS10ChannelElements: RSS 1.0's image and textinput, the channel's
// siblings, fill Feed.ChannelImage and Feed.TextInput as RSS 2.0's do; RSS
// 0.90 gets them in recovery mode, where it is read as RSS 1.0, and not in
// default mode, where the specification gives an empty feed.
func TestRSS10ChannelElements(t *testing.T) {
	const body = `<image rdf:about="https://e.com/i.png"><title>Logo</title>` +
		`<url>https://e.com/i.png</url><link>https://e.com/</link></image>` +
		`<textinput rdf:about="https://e.com/s"><title>Search</title>` +
		`<description>Search the site</description><name>q</name><link>/s</link></textinput>`
	parse := func(t *testing.T, doc string, opts ...Option) *Feed {
		t.Helper()
		opts = append([]Option{WithURL("https://e.com/feed.rdf")}, opts...)
		feed, err := ParseDocument(strings.NewReader(doc), opts...)
		require.NoError(t, err)
		require.NotNil(t, feed)
		return feed
	}
	wantImage := &ChannelImage{URL: "https://e.com/i.png", Title: stringText("Logo"), Link: "https://e.com/"}
	wantInput := &TextInput{Title: stringText("Search"), Description: stringText("Search the site"),
		Name: "q", Link: "https://e.com/s"}

	t.Run("RSS 1.0", func(t *testing.T) {
		feed := parse(t, rdfDoc(nsRSS10, body))
		require.NotNil(t, feed.Logo)
		assert.Equal(t, "https://e.com/i.png", feed.Logo.URL)
		assert.Equal(t, wantImage, feed.ChannelImage)
		assert.Equal(t, wantInput, feed.TextInput)
	})
	for _, ns := range []string{nsRSS090, nsRSS090Channel} {
		t.Run("RSS 0.90 "+ns, func(t *testing.T) {
			feed := parse(t, rdfDoc(ns, body), WithRecovery())
			assert.Equal(t, FormatRSS090, feed.Format)
			assert.Equal(t, wantImage, feed.ChannelImage)
			assert.Equal(t, wantInput, feed.TextInput)

			feed = parse(t, rdfDoc(ns, body))
			assert.Nil(t, feed.Logo, "default mode: the specification reads nothing of RSS 0.90")
			assert.Nil(t, feed.ChannelImage)
			assert.Nil(t, feed.TextInput)
		})
	}
	t.Run("textInput spelled as RSS 2.0 does", func(t *testing.T) {
		feed := parse(t, rdfDoc(nsRSS10, `<textInput><name>q</name></textInput>`))
		assert.Equal(t, &TextInput{Name: "q"}, feed.TextInput)
	})
	t.Run("an image without url: no logo, the first image that gives a value", func(t *testing.T) {
		feed := parse(t, rdfDoc(nsRSS10, `<image/><image><title>First</title></image><image><title>Second</title></image>`))
		assert.Nil(t, feed.Logo)
		assert.Equal(t, &ChannelImage{Title: stringText("First")}, feed.ChannelImage)
	})
	t.Run("a later image gives the logo and replaces the image without url", func(t *testing.T) {
		feed := parse(t, rdfDoc(nsRSS10, `<image><title>No url</title></image><image><url>b.png</url><title>B</title></image>`))
		require.NotNil(t, feed.Logo)
		assert.Equal(t, "https://e.com/b.png", feed.Logo.URL)
		assert.Equal(t, &ChannelImage{URL: "https://e.com/b.png", Title: stringText("B")}, feed.ChannelImage)
	})
	t.Run("children in another namespace, elements inside the channel", func(t *testing.T) {
		doc := `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:r="http://purl.org/rss/1.0/">` +
			`<r:channel><r:title>T</r:title><r:image><r:title>inside the channel</r:title></r:image>` +
			`<r:textinput><r:name>inside</r:name></r:textinput></r:channel>` +
			`<r:image><title>no namespace</title></r:image><r:textinput><name>no namespace</name></r:textinput></rdf:RDF>`
		feed := parse(t, doc)
		assert.Nil(t, feed.ChannelImage)
		assert.Nil(t, feed.TextInput)
	})
	t.Run("the first textinput that gives a value", func(t *testing.T) {
		feed := parse(t, rdfDoc(nsRSS10, `<textinput><title> </title></textinput><textinput><name>a</name></textinput><textinput><name>b</name></textinput>`))
		assert.Equal(t, &TextInput{Name: "a"}, feed.TextInput)
	})
}

// TestRSS10ChannelElementsBounded: a document repeating the image and
// textinput ten times as often costs at most about ten times the
// allocations, and the model keeps one of each.
func TestRSS10ChannelElementsBounded(t *testing.T) {
	const one = `<image><title>T</title></image><textinput><title>T</title><name>n</name></textinput>`
	doc := func(n int) string { return rdfDoc(nsRSS10, strings.Repeat(one, n)) }
	m1 := assertOneValueModel(t, doc(100), doc(1000))
	assert.Contains(t, m1, `"channel_image":{"title":"T"},"text_input":{"title":"T","name":"n"}`)
}

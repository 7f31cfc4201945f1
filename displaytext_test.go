package feedspec

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDisplayTextCorpusModels reads testdata/display/display-text.xml, whose
// titles and descriptions are modelled on real feeds of the corpus (named
// below), and checks what DisplayText shows next to what PlainText keeps.
func TestDisplayTextCorpusModels(t *testing.T) {
	f, err := os.Open("testdata/display/display-text.xml")
	require.NoError(t, err)
	defer f.Close()
	feed, err := ParseDocument(f, WithURL("https://example.com/feed.xml"))
	require.NoError(t, err)
	require.Len(t, feed.Entries, 12)

	tests := []struct {
		name        string // the corpus feed the case is modelled on
		text        *Text
		display     string
		plain       string // "" when the same as display
		stringValue bool   // the spec's value is a string (not a Node)
	}{
		{"feedjira__itunes_feedburner.xml (channel description)", feed.Description,
			"Twice-monthly updates for the small river town of Elmsford, where every rumour is true. Turn on your radio and hide.",
			"<p>Twice-monthly updates for the small river town of Elmsford, where every rumour is true. Turn on your radio and hide.</p>", true},
		{"feed title with a plain ampersand", feed.Title, "Field Notes & More", "", true},
		{"the issue's example", feed.Entries[0].Title, "Tom & Jerry new", "Tom &amp; Jerry <b>new</b>", true},
		{"codehollow__Rss20LeFigaro.xml", feed.Entries[1].Title,
			"La case BD: Les Cigares du Pharaon ou la naissance du roman graphique",
			"La case BD: <i>Les Cigares du Pharaon</i> ou la naissance du roman graphique", true},
		{"kdesyn__hilfe_us.xml", feed.Entries[2].Title, "Zimmer für 3 Millionen Besucher", "Zimmer f&uuml;r 3 Millionen Besucher", true},
		{"kmprss__feed-comment.xml", feed.Entries[3].Title, "New tool claims it's accurate on most text", "New tool claims it&#x27;s accurate on most text", true},
		{"feedjira2009__OnRailsorg.xml", feed.Entries[4].Title, `New Book: "Widgets on Rails"`, "New Book: &quot;Widgets on Rails&quot;", true},
		{"feeder__rss_diskuse.xml", feed.Entries[5].Title,
			"Tests: <pre> in <description> and <b>bold</b> in title",
			"Tests: &lt;pre&gt; in &lt;description&gt; and &lt;b&gt;bold&lt;/b&gt; in title", true},
		{"kdesyn__atom10_entry_title.xml", feed.Entries[6].Title, "A & B. The history of the <blink> tag.", "", true},
		{"nodefp-hist__title-with-angle-brackets.xml", feed.Entries[7].Title, "RSS <<< Title >>>", "", true},
		{"feedjira2009__Techmeme.xml, picofeed__atom.xml", feed.Entries[8].Title, "Q&A: a < b, M&M’s and AT&T", "", true},
		{"kdesyn__atom10_relative_uris.xml", feed.Entries[9].Title, "This item's <content> has a src attribute", "", true},
		{"feedrs__atom_mediarss_youtube_1.xml", feed.Entries[10].Title,
			"Watch https://video.example/watch?v=abc&ab_channel=Terra", "", true},
		{"kmprss__feed-itunes-season.xml (itunes:subtitle)", feed.Entries[10].Subtitle,
			"The Paradox.\nBonus content on our page.",
			`<p>The Paradox.</p><br><p>Bonus content on <a href="https://example.com/join">our page</a>.</p>`, true},
		{"a lone tag named as a word", feed.Entries[11].Title, "Using the <template> element", "", true},
		{"feedjira__GiantRobotsSmashingIntoOtherGiantRobots.xml (a Node)", feed.Entries[11].Summary,
			"Write declarative code by applying “Tell, Don’t Ask”.", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.NotNil(t, tt.text)
			assert.Equal(t, tt.stringValue, !tt.text.IsNode(), "string value")
			assert.Equal(t, tt.display, DisplayText(tt.text))
			plain := tt.plain
			if plain == "" {
				plain = tt.display
			}
			assert.Equal(t, plain, PlainText(tt.text))
		})
	}
}

func TestDisplayText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"  plain\n\ttitle  ", "plain title"},
		{"a < b > c", "a < b > c"},
		{"x <b and y> z", "x <b and y> z"},        // a start tag alone is not markup
		{"<p>one</p><p>two</p>", "one\ntwo"},      // blocks on lines of their own
		{"line<br>break", "line\nbreak"},          // a void element alone is markup
		{"<script>alert(1)</script>Hi</p>", "Hi"}, // script content is not text
		{"&amp", "&amp"},                          // no semicolon: not a reference
		{"&nosuchname;", "&nosuchname;"},          // not a character's name
		{"&#233;t&#xE9;", "été"},
		{"&#;&#x;", "&#;&#x;"},
		{"caf&eacute; &copy 2024", "café © 2024"}, // the HTML parse decodes the legacy reference too
		{"<B>Bold</B>", "Bold"},                   // tag names are case-insensitive
		{"<blink>old</blink>", "<blink>old</blink>"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, DisplayText(stringText(tt.in)), "%q", tt.in)
	}
	assert.Equal(t, "", DisplayText(nil))
	node := parseHTMLText("<p>Hello <b>world</b></p>")
	require.True(t, node.IsNode())
	assert.Equal(t, "Hello world", DisplayText(node))
}

package article

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec"
)

func TestNeedsFetch(t *testing.T) {
	f, err := os.Open("testdata/teasers.xml")
	require.NoError(t, err)
	defer f.Close()
	feed, err := feedspec.ParseDocument(f, feedspec.WithURL("https://blog.example/feed"))
	require.NoError(t, err)
	want := map[string]bool{
		"wordpress-excerpt": true,  // "…" before WordPress's "The post … appeared first on"
		"bracket-ellipsis":  true,  // "[…]"
		"drupal-read-more":  true,  // a "read more" link
		"continue-reading":  true,  // "Continue reading →"
		"japanese-more":     true,  // 続きを読む
		"short-summary":     true,  // under TeaserWords words
		"title-only":        true,  // no summary at all
		"full-description":  false, // a whole post in the description
		"full-content":      false, // content:encoded holds the post
		"content-teaser":    true,  // content that is itself a teaser
		"no-link":           false, // nothing to fetch
	}
	require.Len(t, feed.Entries, len(want))
	for _, e := range feed.Entries {
		t.Run(e.ID, func(t *testing.T) {
			w, ok := want[e.ID]
			require.True(t, ok, "unexpected entry %q", e.ID)
			assert.Equal(t, w, NeedsFetch(e))
		})
	}
	assert.False(t, NeedsFetch(nil))
}

func TestEndsInMoreMark(t *testing.T) {
	for text, want := range map[string]bool{
		"and then the story went on…":                                   true,
		"and then the story went on...":                                 true,
		"and then [...]":                                                true,
		"and then (more…)":                                              true,
		"Read More »":                                                   true,
		"les normes (…)\nLire la suite - En bref\nEurope":               true,
		"the tech […]\n© 2024 TechCrunch. All rights reserved.":         true,
		"gewinnt […]\nDer Beitrag Klage erschien zuerst auf Anime2You.": true,
		"and so on.\nMore...":                                           true,
		strings.Repeat("word ", 300) + "more on this tomorrow…":         false,
		strings.Repeat("word ", 300) + "cut in the midd...":             false,
		strings.Repeat("word ", 100) + "cut in the midd...":             true,
		strings.Repeat("word ", 300) + "[…]":                            true,
		"the end […]\nTagged: one, two\n" + strings.Repeat("word ", 30): false,
		"Keep reading.":                                                 true,
		"Lire la suite":                                                 true,
		"Weiterlesen →":                                                 true,
		"It ended there.":                                               false,
		"We read more books this year.":                                 false,
		"Read more about it in the paper.":                              false,
		"":                                                              false,
	} {
		assert.Equal(t, want, endsInMoreMark(text), "%q", text)
	}
}

// corpusFeeds is the test corpus of real feeds, beside the repository.
const corpusFeeds = "../../shared/corpus/feeds"

// TestNeedsFetchCorpus checks NeedsFetch on entries of real feeds of the
// test corpus (each named by its file, its position and its page URL, which
// the test checks so that a changed corpus is seen).
func TestNeedsFetchCorpus(t *testing.T) {
	if _, err := os.Stat(corpusFeeds); err != nil {
		t.Skipf("%s is absent: the corpus cases are skipped", corpusFeeds)
	}
	for _, tt := range []struct {
		file    string
		index   int
		pageURL string
		want    bool
		why     string
	}{
		{"simplepie__feed_rss-2.0_for_file_mock.xml", 1, "https://rss.com/blog/q4-2022-rss-com-product-updates/", true, `"[…]" before WordPress's "The post … appeared first on RSS.com."`},
		{"feeder__rss_anime2you.xml", 0, "https://www.anime2you.de/news/749807/jujutsu-kaisen-naehert-sich-ende/", true, `"[…]" before "Der Beitrag … erschien zuerst auf Anime2You."`},
		{"rssreader__rss-feed.xml", 0, "https://techcrunch.com/2024/08/22/deepmind-workers-sign-letter-in-protest-of-googles-defense-contracts/", true, `"[…]" before a "© 2024 TechCrunch" line`},
		{"codehollow__Rss20NuusInAfrikaans.xml", 0, "http://www.koerant.co.za/dr-bennie-cilliers-moordverhoor-vandag-voortgesit-rondgaande-hof/", true, `"[…]" before a line naming the site`},
		{"kmprss__feed-dcdate.xml", 0, "https://reporterre.net/Europe-vers-un-affaiblissement-historique-des-normes-ecologiques", true, `"(…)", then "Lire la suite - En bref" and "Europe"`},
		{"codehollow__AtomVergeAllPosts.xml", 0, "http://www.theverge.com/ces/2017/1/7/14195588/hulu-live-tv-streaming-internet-ces-2017", true, `content ending in "Continue reading…"`},
		{"rssparser__guardian.rss", 50, "https://www.theguardian.com/us-news/2018/jan/30/a-family-in-missouri-had-a-life-for-15-years-then-they-were-torn-apart", true, `177 words, then "Continue reading..."`},
		{"feedjira2009__CodeSniperscomConnectingDevelopersBuildingWorlds.xml", 7, "http://codesnipers.com/?q=book-review-beginning-ajax-with-php-by-lee-babin", true, `166 words, then a "read more" link`},
		{"speedparser__0421.dat", 0, "http://coincidencias.bligoo.com/content/view/99462/Una-casualidad-con-causalidad.html#content-top", true, `"(Leer más)"`},
		{"feedjira2009__SignalvsNoise.xml", 18, "http://www.37signals.com/svn/posts/1518-how-cooks-illustrated-thrives-while-others-are-dying", true, `269 words, then a "More..." line`},
		{"codehollow__Rss20RomaToday.xml", 0, "http://www.romatoday.it/cronaca/piano-freddo-senzatetto-roma.html", true, "27 words of content cut with \"...\""},
		{"rssowl__147.xml", 4, "http://feeds.macosxhints.com/macosxhints/recent?m=187", true, "152 words cut mid-sentence with \"...\""},
		{"codehollow__Rss20MoscowTimes.xml", 23, "https://themoscowtimes.com/articles/so-long-joe-56831", true, "a 28-word summary, no content"},
		{"codehollow__Rss10OrfAt.xml", 0, "http://orf.at/stories/2376368/", true, "a title and a link only"},
		{"codehollow__AtomWiganwarriors.xml", 0, "https://wiganwarriors.com/blog/2022/01/14/warriors-link-with-ireland-rl/", false, "the whole post in the content (534 words)"},
		{"codehollow__AtomYoutubeInvestmentPunk.xml", 0, "http://www.youtube.com/watch?v=AFA8ZtMwrvc", false, "a 387-word description, no mark"},
		{"feeder__rss_morningpaper.xml", 6, "https://blog.acolyer.org/2017/02/27/understanding-generalisation-and-transfer-learning-in-deep-neural-networks/", false, `a 3474-word post that ends "… look at that tomorrow…"`},
		{"feedjira2009__blogpmarcacom.xml", 22, "http://feeds.feedburner.com/~r/pmarca/~3/257370845/the-psychology.html", false, `a 3905-word post that ends "To be continued..."`},
		{"codehollow__Rss092FullSample.xml", 3, "", false, "no link (a short description ending in \"..\")"},
	} {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join(corpusFeeds, tt.file))
			require.NoError(t, err)
			defer f.Close()
			feed, err := feedspec.ParseDocument(f, feedspec.WithURL("https://corpus.example/"+tt.file))
			require.NoError(t, err)
			require.Greater(t, len(feed.Entries), tt.index)
			e := feed.Entries[tt.index]
			require.Equal(t, tt.pageURL, e.PageURL, "the corpus entry changed")
			assert.Equal(t, tt.want, NeedsFetch(e), "%s #%d: %s", tt.file, tt.index, tt.why)
		})
	}
}

package feedspec

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkWriters checks that AppendJSON (onto a prefix) and WriteJSON give
// exactly json.Marshal's bytes for feed, and that WriteJSON writes it in
// pieces of about jsonFlushSize.
func checkWriters(t testing.TB, feed *Feed) {
	t.Helper()
	want, err := json.Marshal(feed)
	require.NoError(t, err)
	got := feed.AppendJSON([]byte("prefix"))
	require.Equal(t, "prefix", string(got[:6]), "AppendJSON lost the prefix")
	require.Equal(t, string(want), string(got[6:]), "AppendJSON differs from json.Marshal")
	var w recordingWriter
	require.NoError(t, feed.WriteJSON(&w))
	require.Equal(t, string(want), w.buf.String(), "WriteJSON differs from json.Marshal")
	for i, n := range w.writes {
		if i < len(w.writes)-1 {
			require.GreaterOrEqual(t, n, jsonFlushSize, "WriteJSON wrote too few bytes before the end")
		}
	}
}

// A recordingWriter keeps what is written and the size of each write.
type recordingWriter struct {
	buf    bytes.Buffer
	writes []int
}

func (w *recordingWriter) Write(p []byte) (int, error) {
	w.writes = append(w.writes, len(p))
	return w.buf.Write(p)
}

// failingWriter fails from its nth write on.
type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.n--; w.n < 0 {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

// TestWriteJSON checks the writers on a feed with HTML characters in every
// kind of value, and a feed too large for one buffer.
func TestWriteJSON(t *testing.T) {
	doc := `<rss version="2.0"><channel><title>A &lt;b&gt; &amp; C</title><link>https://x.example/?a=1&amp;b=2</link>` +
		`<item><title>&lt;p&gt; in a title</title><description>&lt;p&gt;Tom &amp;amp; Jerry &lt;b&gt;bold&lt;/b&gt;&lt;/p&gt;</description>` +
		`<category>R&amp;D</category><guid>id&lt;1&gt;</guid></item></channel></rss>`
	feed, err := ParseDocument(bytes.NewReader([]byte(doc)))
	require.NoError(t, err)
	checkWriters(t, feed)
	assert.Contains(t, string(feed.AppendJSON(nil)), `\u003cp\u003eTom \u0026amp; Jerry \u003cb\u003ebold\u003c/b\u003e\u003c/p\u003e`)
	canonical, _ := feed.MarshalJSON()
	assert.Contains(t, string(canonical), `<p>Tom &amp; Jerry <b>bold</b></p>`, "MarshalJSON stays readable")

	var items bytes.Buffer
	for i := 0; i < 2000; i++ {
		items.WriteString(`<item><title>Item &amp; more</title><description>&lt;p&gt;Text of the item, long enough to add up.&lt;/p&gt;</description></item>`)
	}
	big, err := ParseDocument(bytes.NewReader([]byte(`<rss><channel><title>Big</title><language>en</language>` + items.String() + `<ttl>5</ttl></channel></rss>`)))
	require.NoError(t, err)
	var w recordingWriter
	require.NoError(t, big.WriteJSON(&w))
	assert.Greater(t, len(w.writes), 5, "written in pieces")
	checkWriters(t, big)

	for n := 0; n < 3; n++ {
		assert.EqualError(t, big.WriteJSON(&failingWriter{n: n}), "disk full")
	}
	var nilFeed *Feed
	assert.Equal(t, "null", string(nilFeed.AppendJSON(nil)))
	var buf bytes.Buffer
	require.NoError(t, nilFeed.WriteJSON(&buf))
	assert.Equal(t, "null", buf.String())
}

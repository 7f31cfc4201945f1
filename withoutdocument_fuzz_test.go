package feedspec

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzWithoutDocument checks that a feed parsed WithoutDocument (which
// moves its strings, texts and entry states into blocks of its own and
// reuses the parse's blocks for the next parse: detach.go) reads as the
// same feed parsed with its document: the same canonical JSON, the same
// entry images and content bytes, in recovery mode too. After a second
// parse, which takes the pooled blocks the first let go, the first feed's
// JSON must not have changed.
func FuzzWithoutDocument(f *testing.F) {
	addFeedSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, recover := range []bool{false, true} {
			opts := []Option{WithURL(goldenBaseURL)}
			if recover {
				opts = append(opts, WithRecovery())
			}
			full, fullErr := ParseDocument(bytes.NewReader(data), opts...)
			kept, keptErr := ParseDocument(bytes.NewReader(data), append(opts, WithoutDocument())...)
			require.Equal(t, fullErr == nil, keptErr == nil, "errors: %v / %v", fullErr, keptErr)
			require.Equal(t, full == nil, kept == nil, "one feed is nil")
			if full == nil {
				continue
			}
			want, err := full.MarshalJSON()
			require.NoError(t, err)
			got, err := kept.MarshalJSON()
			require.NoError(t, err)
			require.Equal(t, string(want), string(got), "recovery %v", recover)
			require.Len(t, kept.Entries, len(full.Entries))
			for i, e := range kept.Entries {
				require.Equal(t, full.Entries[i].Image(), e.Image(), "entry %d image", i)
				// Recovery mode reads xml:base: the body's base is kept
				// (keepBodyBases).
				require.Equal(t, full.Entries[i].bodyBase(), e.bodyBase(), "entry %d body base", i)
				wb, werr := full.Entries[i].ContentBytes()
				gb, gerr := e.ContentBytes()
				require.Equal(t, wb, gb, "entry %d content bytes", i)
				require.Equal(t, werr == nil, gerr == nil, "entry %d content bytes error", i)
			}
			// Other parses reuse what the first let go, and write other
			// bytes into it.
			for _, in := range [][]byte{bytes.ToUpper(data), []byte(withoutDocumentOther)} {
				_, _ = ParseDocument(bytes.NewReader(in), append(opts, WithoutDocument())...)
			}
			again, err := kept.MarshalJSON()
			require.NoError(t, err)
			require.Equal(t, string(got), string(again), "the feed changed after another parse")
			for i, e := range kept.Entries {
				require.Equal(t, full.Entries[i].Image(), e.Image(), "entry %d image after another parse", i)
			}
		}
	})
}

// withoutDocumentOther is a feed with the values that use the pooled
// blocks: texts, entries with their own images, Base64 content.
const withoutDocumentOther = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<title type="html">Zz &lt;b&gt;zz&lt;/b&gt;</title><subtitle>qq</subtitle>
<entry><id>urn:zz:1</id><title>ZZZZZZZZ</title><itunes:image href="http://z.example/zz.png"/>
<content type="application/octet-stream">WldaWlpaWlo=</content></entry>
<entry><id>urn:zz:2</id><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Q<i>Q</i></div></title>
<summary type="html">&lt;p&gt;QQQQQQQQQQQQ&lt;/p&gt;</summary><itunes:image href="http://z.example/qq.png"/></entry>
</feed>`

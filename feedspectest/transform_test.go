package feedspectest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/feedspec/feedspec"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// record is what a program might keep of an entry.
type record struct {
	Title string            `json:"title"`
	Link  string            `json:"link"`
	Tags  map[string]string `json:"tags,omitempty"`
}

func records(f *feedspec.Feed) (any, error) {
	var out []record
	for _, e := range f.Entries {
		out = append(out, record{
			Title: feedspec.PlainText(e.Title) + " <&>",
			Link:  e.PageURL,
			Tags:  map[string]string{"z": "last", "a": "first"},
		})
	}
	return out, nil
}

func TestGoldenTestTransform(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"feed.xml":  fmt.Sprintf(rssFeed, "Wed, 03 Jan 2024 10:00:00 GMT"),
		"page.html": "<!DOCTYPE html><html><body>not a feed</body></html>",
	})
	g := GoldenTest{Options: []feedspec.Option{feedspec.WithURL("https://example.com/feed")}, Transform: records}
	ft := &fakeTB{name: "TestRecords"}
	withUpdate(t, func() { g.Run(ft, dir) })
	require.Empty(t, ft.errors)

	got, err := os.ReadFile(filepath.Join(dir, "feed.json"))
	require.NoError(t, err)
	assert.Equal(t, `[
  {
    "title": "One <&>",
    "link": "https://example.com/1",
    "tags": {
      "a": "first",
      "z": "last"
    }
  },
  {
    "title": "Two <&>",
    "link": "https://example.com/2",
    "tags": {
      "a": "first",
      "z": "last"
    }
  },
  {
    "title": "Three <&>",
    "link": "https://example.com/3",
    "tags": {
      "a": "first",
      "z": "last"
    }
  }
]
`, string(got))
	page, err := os.ReadFile(filepath.Join(dir, "page.json"))
	require.NoError(t, err)
	assert.Equal(t, "null\n", string(page), "a document that is not a feed is null, Transform not called")

	ft = &fakeTB{name: "TestRecords"}
	g.Run(ft, dir)
	assert.Empty(t, ft.errors, "compared with what -update wrote")

	// The feed changes: the diff and the key path are of the records.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "feed.xml"),
		[]byte(strings.Replace(fmt.Sprintf(rssFeed, "x"), "<link>/2</link>", "<link>/two</link>", 1)), 0o644))
	ft = &fakeTB{name: "TestRecords"}
	g.Run(ft, dir)
	require.Len(t, ft.errors, 1)
	msg := ft.errors[0]
	assert.Contains(t, msg, filepath.Join(dir, "feed.xml")+": the result differs from "+filepath.Join(dir, "feed.json")+", first at [1].link:")
	assert.Contains(t, msg, "\n+++ "+filepath.Join(dir, "feed.xml")+" (transformed)\n")
	assert.Contains(t, msg, "\n-    \"link\": \"https://example.com/2\",\n+    \"link\": \"https://example.com/two\",\n")
	assert.Contains(t, msg, "go test -run '^TestRecords$' -update")
}

func TestGoldenTestTransformError(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a.xml":  fmt.Sprintf(rssFeed, "x"),
		"b.xml":  strings.Replace(fmt.Sprintf(rssFeed, "x"), "<title>Feed</title>", "<title>Bad</title>", 1),
		"c.xml":  strings.Replace(fmt.Sprintf(rssFeed, "x"), "<title>Feed</title>", "<title>Panic</title>", 1),
		"a.json": "[\n  \"Feed\"\n]\n",
		"b.json": "null\n",
		"c.json": "null\n",
	})
	var seen []string
	g := GoldenTest{Transform: func(f *feedspec.Feed) (any, error) {
		title := feedspec.PlainText(f.Title)
		seen = append(seen, title)
		switch title {
		case "Bad":
			return nil, errors.New("no records for a bad feed")
		case "Panic":
			panic("no title for a panicking feed")
		}
		return []string{title}, nil
	}}

	// With a *testing.T each file is a subtest; with another TB (here) the
	// files are checked one after the other. Either way a failing file
	// does not stop the others.
	ft := &fakeTB{name: "TestRecords"}
	g.Run(ft, dir)
	assert.Equal(t, []string{"Feed", "Bad", "Panic"}, seen, "every file is transformed")
	require.Len(t, ft.errors, 2, "%s", ft.output())
	assert.Equal(t, filepath.Join(dir, "b.xml")+": feedspectest: Transform: no records for a bad feed", ft.errors[0])
	assert.Contains(t, ft.errors[1], filepath.Join(dir, "c.xml")+": feedspectest: Transform panicked: no title for a panicking feed")
	assert.False(t, ft.fatal)

	// A value encoding/json cannot write.
	g.Transform = func(*feedspec.Feed) (any, error) { return func() {}, nil }
	ft = &fakeTB{name: "TestRecords"}
	g.Run(ft, dir)
	require.Len(t, ft.errors, 3)
	assert.Contains(t, ft.errors[0], "a.xml: feedspectest: the JSON of Transform's result: json: unsupported type: func()")
}

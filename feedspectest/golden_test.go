package feedspectest

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/feedspec/feedspec"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A fakeTB records what a test helper reports instead of failing the test
// running it. Fatalf does not stop the goroutine.
type fakeTB struct {
	testing.TB // nil: calling another method panics
	name       string
	errors     []string
	fatal      bool
	logs       []string
}

func (f *fakeTB) Helper()        {}
func (f *fakeTB) Name() string   { return f.name }
func (f *fakeTB) Failed() bool   { return len(f.errors) > 0 }
func (f *fakeTB) output() string { return strings.Join(f.errors, "\n") }

func (f *fakeTB) Errorf(format string, args ...any) {
	f.errors = append(f.errors, fmt.Sprintf(format, args...))
}

func (f *fakeTB) Fatalf(format string, args ...any) {
	f.Errorf(format, args...)
	f.fatal = true
}

func (f *fakeTB) Logf(format string, args ...any) {
	f.logs = append(f.logs, fmt.Sprintf(format, args...))
}

const rssFeed = `<?xml version="1.0"?>
<rss version="2.0"><channel><title>Feed</title><link>https://example.com/</link>
<item><title>One</title><link>/1</link><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate></item>
<item><title>Two</title><link>/2</link><pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate></item>
<item><title>Three</title><link>/3</link><pubDate>%s</pubDate></item>
</channel></rss>
`

// writeFiles writes files (name to content) into a new folder.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644))
	}
	return dir
}

// withUpdate runs f with the -update flag set.
func withUpdate(t *testing.T, f func()) {
	t.Helper()
	require.NoError(t, flag.Set(updateFlag, "true"))
	defer func() { require.NoError(t, flag.Set(updateFlag, "false")) }()
	require.True(t, Update())
	f()
}

func TestGoldenNoFeeds(t *testing.T) {
	for _, files := range []map[string]string{
		{},
		{"feed.json": "null\n", ".hidden.xml": rssFeed},
	} {
		ft := &fakeTB{name: "TestFeeds"}
		Golden(ft, writeFiles(t, files))
		assert.True(t, ft.fatal)
		assert.Contains(t, ft.output(), "no feed files")
	}
	ft := &fakeTB{name: "TestFeeds"}
	Golden(ft, filepath.Join(t.TempDir(), "absent"))
	assert.True(t, ft.fatal)
	assert.Contains(t, ft.output(), "absent")
}

func TestGoldenMissingGoldenFile(t *testing.T) {
	dir := writeFiles(t, map[string]string{"feed.xml": fmt.Sprintf(rssFeed, "Wed, 03 Jan 2024 10:00:00 GMT")})
	ft := &fakeTB{name: "TestFeeds"}
	Golden(ft, dir)
	require.Len(t, ft.errors, 1)
	msg := ft.errors[0]
	assert.Contains(t, msg, filepath.Join(dir, "feed.xml")+": the golden file "+filepath.Join(dir, "feed.json")+" does not exist")
	assert.Contains(t, msg, "go test -run '^TestFeeds$' -update")
	assert.False(t, ft.fatal)
}

func TestGoldenUpdateThenCompare(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"feed.xml":    fmt.Sprintf(rssFeed, "Wed, 03 Jan 2024 10:00:00 GMT"),
		"page.html":   "<!DOCTYPE html><html><body>not a feed</body></html>",
		"notes.json":  "{}", // not a feed: ignored
		".editorconf": "x",
	})
	ft := &fakeTB{name: "TestFeeds"}
	withUpdate(t, func() { Golden(ft, dir, feedspec.WithURL("https://example.com/feed")) })
	require.Empty(t, ft.errors)
	assert.Len(t, ft.logs, 2, "two golden files written: %v", ft.logs)

	got, err := os.ReadFile(filepath.Join(dir, "feed.json"))
	require.NoError(t, err)
	feed, err := feedspec.ParseDocument(strings.NewReader(fmt.Sprintf(rssFeed, "Wed, 03 Jan 2024 10:00:00 GMT")), feedspec.WithURL("https://example.com/feed"))
	require.NoError(t, err)
	b, err := feed.MarshalJSON()
	require.NoError(t, err)
	assert.JSONEq(t, string(b), string(got))
	assert.True(t, strings.HasPrefix(string(got), "{\n  \"title\": \"Feed\",\n"), "indented, one key a line:\n%s", got)
	assert.Contains(t, string(got), `"page_url": "https://example.com/3"`, "the options were used")
	page, err := os.ReadFile(filepath.Join(dir, "page.json"))
	require.NoError(t, err)
	assert.Equal(t, "null\n", string(page))

	// Compared now, it passes.
	ft = &fakeTB{name: "TestFeeds"}
	Golden(ft, dir, feedspec.WithURL("https://example.com/feed"))
	assert.Empty(t, ft.errors)

	// The feed changes: the third entry's date.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "feed.xml"), []byte(fmt.Sprintf(rssFeed, "Thu, 04 Jan 2024 10:00:00 GMT")), 0o644))
	ft = &fakeTB{name: "TestFeeds"}
	Golden(ft, dir, feedspec.WithURL("https://example.com/feed"))
	require.Len(t, ft.errors, 1)
	msg := ft.errors[0]
	assert.Contains(t, msg, filepath.Join(dir, "feed.xml")+": the result differs from "+filepath.Join(dir, "feed.json")+", first at entries[2].published:")
	assert.Contains(t, msg, "\n--- "+filepath.Join(dir, "feed.json")+"\n+++ "+filepath.Join(dir, "feed.xml")+" (parsed)\n@@ ")
	assert.Contains(t, msg, "\n-      \"published\": \"2024-01-03T10:00:00Z\"\n+      \"published\": \"2024-01-04T10:00:00Z\"\n")
	assert.Contains(t, msg, "go test -run '^TestFeeds$' -update")
	assert.Less(t, strings.Count(msg, "\n"), 20, "a diff, not two whole documents:\n%s", msg)
}

func TestGoldenSharedGoldenFile(t *testing.T) {
	dir := writeFiles(t, map[string]string{"feed.xml": rssFeed, "feed.rss": rssFeed})
	ft := &fakeTB{name: "TestFeeds"}
	Golden(ft, dir)
	assert.True(t, ft.fatal)
	assert.Contains(t, ft.output(), "feed.rss and feed.xml")
}

func TestGoldenParseError(t *testing.T) {
	// Beyond the limit set, ParseDocument fails with an error that is not
	// ErrNotFeed.
	dir := writeFiles(t, map[string]string{"feed.xml": fmt.Sprintf(rssFeed, "x"), "feed.json": "null\n"})
	ft := &fakeTB{name: "TestFeeds"}
	Golden(ft, dir, feedspec.WithLimits(feedspec.Limits{MaxInputBytes: 150}))
	require.Len(t, ft.errors, 1)
	assert.Contains(t, ft.errors[0], "feed.xml: ParseDocument")
}

func TestGoldenTestDiagnosticsAndFileOptions(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"bad-date.xml": fmt.Sprintf(rssFeed, "the third of January"),
		"good.xml":     fmt.Sprintf(rssFeed, "Wed, 03 Jan 2024 10:00:00 GMT"),
	})
	var seen []string
	g := GoldenTest{
		Options: []feedspec.Option{feedspec.WithURL("https://example.com/feed")},
		FileOptions: func(path string) []feedspec.Option {
			seen = append(seen, path)
			if strings.Contains(path, "good") {
				return []feedspec.Option{feedspec.WithURL("https://good.example/feed")}
			}
			return nil
		},
		Diagnostics: true,
	}
	ft := &fakeTB{name: "TestFeeds"}
	withUpdate(t, func() { g.Run(ft, dir) })
	require.Empty(t, ft.errors)
	assert.Equal(t, []string{filepath.Join(dir, "bad-date.xml"), filepath.Join(dir, "good.xml")}, seen)

	diags, err := os.ReadFile(filepath.Join(dir, "bad-date.diagnostics.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(diags), "the third of January")
	assert.Equal(t, 1, strings.Count(string(diags), "\n"))
	_, err = os.Stat(filepath.Join(dir, "good.diagnostics.txt"))
	assert.ErrorIs(t, err, os.ErrNotExist, "no diagnostics, no file")
	good, err := os.ReadFile(filepath.Join(dir, "good.json"))
	require.NoError(t, err)
	assert.Contains(t, string(good), "https://good.example/3", "FileOptions come after Options")

	// The diagnostics file is not taken for a feed, and compares.
	ft = &fakeTB{name: "TestFeeds"}
	g.Run(ft, dir)
	assert.Empty(t, ft.errors)

	// A diagnostic that goes away fails the test, then -update removes the
	// file.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bad-date.xml"), []byte(fmt.Sprintf(rssFeed, "Wed, 03 Jan 2024 10:00:00 GMT")), 0o644))
	ft = &fakeTB{name: "TestFeeds"}
	g.Run(ft, dir)
	require.Len(t, ft.errors, 2, "the JSON and the diagnostics: %s", ft.output())
	assert.Contains(t, ft.errors[1], "bad-date.diagnostics.txt")
	assert.Contains(t, ft.errors[1], "\n-date: ")
	withUpdate(t, func() { g.Run(&fakeTB{name: "TestFeeds"}, dir) })
	_, err = os.Stat(filepath.Join(dir, "bad-date.diagnostics.txt"))
	assert.ErrorIs(t, err, os.ErrNotExist)

	// Without Diagnostics, a .diagnostics.txt file is a feed like any other.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "x.diagnostics.txt"), []byte("date: …\n"), 0o644))
	ft = &fakeTB{name: "TestFeeds"}
	Golden(ft, dir)
	assert.Contains(t, ft.output(), "x.diagnostics.json does not exist")
}

// TestGoldenSubtests runs Golden with a real *testing.T: one subtest a file.
func TestGoldenSubtests(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a.xml": fmt.Sprintf(rssFeed, "Wed, 03 Jan 2024 10:00:00 GMT"),
		"b.rss": fmt.Sprintf(rssFeed, "Thu, 04 Jan 2024 10:00:00 GMT"),
	})
	withUpdate(t, func() { Golden(&fakeTB{name: "TestGoldenSubtests"}, dir) })
	Golden(t, dir)
}

func TestAssertFeedEqual(t *testing.T) {
	parse := func(date string) *feedspec.Feed {
		f, err := feedspec.ParseDocument(strings.NewReader(fmt.Sprintf(rssFeed, date)))
		require.NoError(t, err)
		return f
	}
	ft := &fakeTB{}
	assert.True(t, AssertFeedEqual(ft, parse("Wed, 03 Jan 2024 10:00:00 GMT"), parse("Wed, 03 Jan 2024 10:00:00 GMT")))
	assert.True(t, AssertFeedEqual(ft, nil, nil))
	assert.Empty(t, ft.errors)

	assert.False(t, AssertFeedEqual(ft, parse("Wed, 03 Jan 2024 10:00:00 GMT"), parse("Wed, 03 Jan 2024 11:00:00 GMT")))
	require.Len(t, ft.errors, 1)
	assert.Contains(t, ft.errors[0], "the feeds differ, first at entries[2].published:\n--- want\n+++ got\n@@ ")
	assert.Contains(t, ft.errors[0], "+      \"published\": \"2024-01-03T11:00:00Z\"")

	ft = &fakeTB{}
	assert.False(t, AssertFeedEqual(ft, nil, parse("x")))
	assert.Contains(t, ft.output(), "first at the top-level value")
}

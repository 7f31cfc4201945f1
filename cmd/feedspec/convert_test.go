package main

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec"
)

func TestConvert(t *testing.T) {
	const doc = `<rss version="2.0"><channel><title>T &amp; U</title><link>https://x.example/</link><description>d</description>` +
		`<item><title>One</title><link>https://x.example/1</link><guid>https://x.example/1</guid></item></channel></rss>`
	for _, c := range []struct {
		flag, want string
		opts       []feedspec.Option
	}{
		{"-rss", `<rss version="2.0"`, nil},
		{"-atom", `<feed xmlns="http://www.w3.org/2005/Atom"`, nil},
		{"-jsonfeed", `"version":"https://jsonfeed.org/version/1.1"`, []feedspec.Option{feedspec.WithJSONFeed()}},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{c.flag, "-"}, strings.NewReader(doc), &stdout, &stderr, http.DefaultClient)
		require.Equal(t, 0, code, "%s: %s", c.flag, stderr.String())
		assert.Contains(t, stdout.String(), c.want, c.flag)
		f, err := feedspec.ParseDocument(bytes.NewReader(stdout.Bytes()), c.opts...)
		require.NoError(t, err, c.flag)
		assert.Equal(t, "T & U", f.Title.String(), "%s: the title read back", c.flag)
		require.Len(t, f.Entries, 1, c.flag)
		assert.Equal(t, "https://x.example/1", f.Entries[0].PageURL, c.flag)
	}
	for _, args := range [][]string{{"-rss", "-atom", "-"}, {"-rss", "-json", "-"}, {"-jsonfeed", "-discover", "-"}} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, 2, run(args, strings.NewReader(doc), &stdout, &stderr, http.DefaultClient), "%v is a usage error", args)
	}
}

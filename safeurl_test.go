package feedspec

import (
	"strings"
	"testing"
	"unicode/utf8"

	whatwg "github.com/nlnwa/whatwg-url/url"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

func TestSafeURL(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"https as written", "https://example.com/a?b=1#c", "https://example.com/a?b=1#c"},
		{"http gains its path", "http://example.com", "http://example.com/"},
		{"mailto", "mailto:me@example.com", "mailto:me@example.com"},
		{"tel", "tel:+1-555-0100", "tel:+1-555-0100"},
		{"mixed-case scheme and host", "HTTPS://EXAMPLE.com/A", "https://example.com/A"},
		{"mixed-case mailto", "MailTo:me@example.com", "mailto:me@example.com"},
		{"surrounding spaces and controls", " \t\x01https://example.com/\x1f\n ", "https://example.com/"},
		{"backslashes are slashes", `https:\\example.com\a`, "https://example.com/a"},
		{"no slashes", "https:example.com", "https://example.com/"},
		{"spaces and quotes encoded", `https://example.com/a b"<>`, "https://example.com/a%20b%22%3C%3E"},
		{"idn host", "https://例え.jp/", "https://xn--r8jz45g.jp/"},
		{"ipv6 host", "http://[::1]:8080/", "http://[::1]:8080/"},

		{"javascript", "javascript:alert(1)", ""},
		{"javascript mixed case", "JaVaScRiPt:alert(1)", ""},
		{"javascript with tab", "java\tscript:alert(1)", ""},
		{"javascript with newline", "java\nscript:alert(1)", ""},
		{"javascript with carriage return", "java\rscript:alert(1)", ""},
		{"javascript after controls", "\x01\x02 javascript:alert(1)", ""},
		{"javascript after nbsp", "\u00a0javascript:alert(1)", ""},
		{"vbscript", "vbscript:msgbox(1)", ""},
		{"data html", "data:text/html,<script>alert(1)</script>", ""},
		{"data image", "data:image/png;base64,iVBORw0KGgo=", ""},
		{"file", "file:///etc/passwd", ""},
		{"ftp", "ftp://example.com/a", ""},
		{"blob", "blob:https://example.com/uuid", ""},
		{"scheme-relative", "//evil.example/x", ""},
		{"backslash scheme-relative", `\\evil.example\x`, ""},
		{"path-relative", "/a/b", ""},
		{"relative", "a.html", ""},
		{"query only", "?x=javascript:alert(1)", ""},
		{"empty", "", ""},
		{"spaces only", "  \t ", ""},
		{"no host", "http://", ""},
		{"bad host", "https://exa mple.com/", ""},
		{"bad port", "https://example.com:99999/", ""},
		{"entity not decoded", "javascript&#58;alert(1)", ""},
		{"encoded colon", "javascript%3Aalert(1)", ""},
		{"fullwidth colon", "javascript\uff1aalert(1)", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := SafeURL(tc.in)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, got, SafeURL(got), "not idempotent")
			assertSafeHTMLAgrees(t, tc.in)
		})
	}
}

// assertSafeHTMLAgrees checks that SafeHTML, with no base URL, keeps the
// link <a href=u> exactly when u is an absolute URL SafeURL accepts, and
// writes SafeURL's answer as its href.
func assertSafeHTMLAgrees(t testing.TB, u string) {
	t.Helper()
	if strings.ContainsRune(u, 0) || !utf8.ValidString(u) {
		return // the HTML parser changes these before SafeHTML sees them
	}
	if p, err := whatwg.Parse(u); err != nil || p == nil {
		return // relative: SafeHTML keeps it relative for the page to resolve
	}
	got := SafeHTML(toolkitHTML(t, `<a href="`+html.EscapeString(u)+`">x</a>`), "")
	want := `<a>x</a>`
	if s := SafeURL(u); s != "" {
		want = `<a href="` + html.EscapeString(s) + `">x</a>`
	}
	assert.Equal(t, want, got, "SafeHTML and SafeURL disagree on %q", u)
}

func TestSafeURLLinear(t *testing.T) {
	allocs := func(n int) float64 {
		u := "https://example.com/" + strings.Repeat("a%20b/", n) + "?" + strings.Repeat("q=1&", n)
		require.NotEmpty(t, SafeURL(u))
		return testing.AllocsPerRun(3, func() { SafeURL(u) })
	}
	small, large := allocs(1000), allocs(10000)
	assert.Less(t, large, 20*small+100, "allocations grew from %v to %v for 10x the input", small, large)
}

// FuzzSafeURL checks that SafeURL answers "" or an http, https, mailto or
// tel URL, that its answer is stable, and that SafeHTML agrees with it.
func FuzzSafeURL(f *testing.F) {
	for _, s := range []string{
		"https://example.com/", "mailto:a@b.c", "tel:+1", "javascript:alert(1)",
		"java\tscript:alert(1)", " \x01https://example.com", `https:\\example.com\a`,
		"//evil.example/", "data:text/html,x", "HTTP://EXAMPLE.COM/%zz", "https://a@b:c@d/",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got := SafeURL(in)
		if got == "" {
			return
		}
		p, err := whatwg.Parse(got)
		require.NoError(t, err, "SafeURL(%q) = %q does not parse", in, got)
		require.True(t, safeLinkSchemes[p.Scheme()], "SafeURL(%q) = %q has scheme %q", in, got, p.Scheme())
		require.Equal(t, got, SafeURL(got), "SafeURL(%q) is not stable", in)
		assertSafeHTMLAgrees(t, in)
	})
}

package jsonstr

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

// check compares AppendChars with encoding/json, with and without HTML
// escaping, and Safe with what AppendChars does to a lone byte.
func check(t *testing.T, s string) {
	t.Helper()
	want, err := json.Marshal(s)
	require.NoError(t, err)
	assert.Equal(t, string(want), `"`+string(AppendChars(nil, s, true))+`"`, "%q with html", s)
	assert.Equal(t, string(want), `"`+string(refAppendChars(nil, s, true))+`"`, "refAppendChars(%q) with html", s)
	assert.Equal(t, string(want), `"`+string(AppendString(nil, s, true))+`"`, "AppendString(%q) with html", s)
	assert.Equal(t, "ab"+string(want[1:len(want)-1]), string(AppendString([]byte("ab"), s, true)), "AppendString(%q) after a prefix", s)
	for _, h := range []bool{false, true} {
		assert.Equal(t, string(AppendChars([]byte("ab"), html.EscapeString(s), h)), string(AppendHTMLText([]byte("ab"), s, h)),
			"AppendHTMLText(%q), html %v", s, h)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(s))
	assert.Equal(t, b.String(), `"`+string(AppendChars([]byte(nil), []byte(s), false))+"\"\n", "%q", s)
	assert.Equal(t, b.String(), `"`+string(AppendString(nil, s, false))+"\"\n", "AppendString(%q)", s)
}

func TestAppendChars(t *testing.T) {
	for _, s := range []string{"", "plain", `q"b\s/`, "<a href='x'>&amp;</a>", "a\r\nb&c<d>e'f\"g" + strings.Repeat("h", 9), "\x00\x01\b\f\n\r\t\x1f\x7f",
		"\u2028\u2029", "é€😀", "\xff\xfe", "a\xe2\x82", "\xed\xa0\x80"} {
		check(t, s)
		check(t, strings.Repeat("ab", 9)+s+strings.Repeat("c", 9)+s)
	}
	for c := 0; c < 256; c++ {
		got := string(AppendChars(nil, []byte{byte(c)}, true))
		assert.Equal(t, got == string([]byte{byte(c)}), Safe(byte(c), true), "Safe(%#x, true); AppendChars gives %q", c, got)
		got = string(AppendChars(nil, []byte{byte(c)}, false))
		assert.Equal(t, got == string([]byte{byte(c)}), Safe(byte(c), false), "Safe(%#x, false); AppendChars gives %q", c, got)
	}
}

func FuzzAppendChars(f *testing.F) {
	f.Add("<p>\u2028\xff")
	f.Fuzz(func(t *testing.T, s string) { check(t, s) })
}

// TestAppendString puts one or two bytes or sequences to escape or decode
// (valid, invalid, U+2028, the other characters starting with 0xE2) at
// every position of strings of several lengths, appended after prefixes
// that leave more or less room, and compares AppendString with
// refAppendChars, and AppendHTMLText with refAppendChars of
// html.EscapeString.
func TestAppendString(t *testing.T) {
	specials := []string{"\"", "<", "&", "'", "\r", "\x00", "é", "日", "😀", "\u2028", "\u2029", "’", "\xe2\x80", "\xff", "\xed\xa0\x80", "\xf4\x90\x80\x80"}
	for _, h := range []bool{false, true} {
		for n := 0; n <= 24; n++ {
			for at := -1; at < n; at++ {
				for at2 := at; at2 < n; at2++ {
					for x, c := range specials {
						c2 := specials[(x*5+at2+1)%len(specials)]
						var b []byte
						for k := 0; k < n; k++ {
							switch {
							case k == at:
								b = append(b, c...)
							case k == at2:
								b = append(b, c2...)
							default:
								b = append(b, 'a'+byte(k%26))
							}
						}
						s := string(b)
						want := string(refAppendChars([]byte("xy"), s, h))
						wantText := string(refAppendChars([]byte("xy"), html.EscapeString(s), h))
						for _, room := range []int{0, 1, 7, 64} {
							dst := append(make([]byte, 0, 2+room), "xy"...)
							require.Equal(t, want, string(AppendString(dst, s, h)), "%q, room %d", s, room)
							dst = append(make([]byte, 0, 2+room), "xy"...)
							require.Equal(t, wantText, string(AppendHTMLText(dst, s, h)), "AppendHTMLText(%q), room %d", s, room)
						}
						if at < 0 {
							break
						}
					}
				}
			}
		}
	}
}

// refAppendChars is AppendChars as a byte loop over SkipSafe and SeqLen,
// for the tests: what AppendString is compared with.
func refAppendChars[S []byte | string](dst []byte, s S, html bool) []byte {
	cls := Classes(html)
	start := 0
	for i := 0; ; {
		i = SkipSafe(s, i, cls)
		if i >= len(s) {
			break
		}
		c := s[i]
		if cls[c] == Escape {
			dst = append(dst, s[start:i]...)
			dst = AppendEscape(dst, c)
			i++
			start = i
			continue
		}
		size := SeqLen(s, i)
		switch {
		case size == 0:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
		case size == 3 && c == 0xE2 && s[i+1] == 0x80 && s[i+2]&0xFE == 0xA8:
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[s[i+2]&0xF])
			i += 3
			start = i
		default:
			i += size
		}
	}
	return append(dst, s[start:]...)
}

package jsonstr

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// check compares AppendChars with encoding/json, with and without HTML
// escaping, and Safe with what AppendChars does to a lone byte.
func check(t *testing.T, s string) {
	t.Helper()
	want, err := json.Marshal(s)
	require.NoError(t, err)
	assert.Equal(t, string(want), `"`+string(AppendChars(nil, s, true))+`"`, "%q with html", s)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(s))
	assert.Equal(t, b.String(), `"`+string(AppendChars([]byte(nil), []byte(s), false))+"\"\n", "%q", s)
}

func TestAppendChars(t *testing.T) {
	for _, s := range []string{"", "plain", `q"b\s/`, "<a href='x'>&amp;</a>", "\x00\x01\b\f\n\r\t\x1f\x7f",
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

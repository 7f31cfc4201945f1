package jsonstr

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// check compares AppendChars with encoding/json, with and without HTML
// escaping, and Safe with what AppendChars does to a lone byte.
func check(t *testing.T, s string) {
	t.Helper()
	want, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if got := `"` + string(AppendChars(nil, s, true)) + `"`; got != string(want) {
		t.Errorf("%q with html: got %s, want %s", s, got, want)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	if got := `"` + string(AppendChars([]byte(nil), []byte(s), false)) + "\"\n"; got != b.String() {
		t.Errorf("%q: got %s, want %s", s, got, b.String())
	}
}

func TestAppendChars(t *testing.T) {
	for _, s := range []string{"", "plain", `q"b\s/`, "<a href='x'>&amp;</a>", "\x00\x01\b\f\n\r\t\x1f\x7f",
		"\u2028\u2029", "é€😀", "\xff\xfe", "a\xe2\x82", "\xed\xa0\x80"} {
		check(t, s)
		check(t, strings.Repeat("ab", 9)+s+strings.Repeat("c", 9)+s)
	}
	for c := 0; c < 256; c++ {
		got := string(AppendChars(nil, []byte{byte(c)}, true))
		if Safe(byte(c), true) != (got == string([]byte{byte(c)})) {
			t.Errorf("Safe(%#x, true) = %v, AppendChars gives %q", c, Safe(byte(c), true), got)
		}
		got = string(AppendChars(nil, []byte{byte(c)}, false))
		if Safe(byte(c), false) != (got == string([]byte{byte(c)})) {
			t.Errorf("Safe(%#x, false) = %v, AppendChars gives %q", c, Safe(byte(c), false), got)
		}
	}
}

func FuzzAppendChars(f *testing.F) {
	f.Add("<p>\u2028\xff")
	f.Fuzz(func(t *testing.T, s string) { check(t, s) })
}

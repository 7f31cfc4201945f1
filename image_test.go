package feedspec

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParseNonNegativeInteger(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"5333", 5333, true},
		{"133abc", 133, true},
		{"large", 0, false},
		{"", 0, false},
		{" 5", 5, true},
		{"\t\n\f\r 7", 7, true},
		{"+14", 14, true},
		{"-300", 0, false},
		{"-0", 0, true},
		{"0", 0, true},
		{"007", 7, true},
		{"+", 0, false},
		{"-", 0, false},
		{"++1", 0, false},
		{"\u00a05", 0, false}, // U+00A0 is not ASCII whitespace
		{"9223372036854775807", 9223372036854775807, true},
		{"9223372036854775808", 0, false}, // does not fit in an int64
		{"99999999999999999999999", 0, false},
	}
	for _, tt := range tests {
		got, ok := parseNonNegativeInteger(tt.in)
		assert.Equal(t, tt.ok, ok, "%q", tt.in)
		assert.Equal(t, tt.want, got, "%q", tt.in)
	}
}

func TestHasNonSpaceChar(t *testing.T) {
	assert.False(t, hasNonSpaceChar(""))
	assert.False(t, hasNonSpaceChar(" \t\n\f\r"))
	assert.True(t, hasNonSpaceChar("\u00a0"), "U+00A0 is not a space character")
	assert.True(t, hasNonSpaceChar("  x "))
	assert.True(t, hasNonSpaceChar("\v"), "vertical tab is not a space character")
}

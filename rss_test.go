package feedspec

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestParseITunesDuration(t *testing.T) {
	tests := []struct {
		in   string
		want int64 // seconds; -1 for null
	}{
		{"53", 53},
		{"53:45", 3225},
		{"5:53:45", 21225},
		{"1:99", 159},
		{"0", 0},
		{"00:00:00", 0},
		{"53:45:43:44", -1},
		{"", -1},
		{" 53", -1},
		{"53 ", -1},
		{"1:", -1},
		{":1", -1},
		{"1::2", -1},
		{"1.5", -1},
		{"+5", -1},
		{"１２", -1}, // fullwidth digits are not ASCII digits
		{"9223372036", 9223372036},
		{"9223372037", -1}, // more seconds than a time.Duration holds
		{"99999999999999999999999999", -1},
		{"153722867:0:0", -1},
		{"2562047:47:16", 9223372036},
	}
	for _, tt := range tests {
		got := parseITunesDuration(tt.in)
		if tt.want < 0 {
			assert.Nil(t, got, "%q", tt.in)
			continue
		}
		if assert.NotNil(t, got, "%q", tt.in) {
			assert.Equal(t, time.Duration(tt.want)*time.Second, *got, "%q", tt.in)
		}
	}
}

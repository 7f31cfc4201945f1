package feedspec

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSplitMailbox(t *testing.T) {
	tests := []struct {
		in          string
		name, email string
		ok          bool
	}{
		{"ab (cd)", "cd", "ab", true},
		{"a@b.test (Mr. Foo Bar)", "Mr. Foo Bar", "a@b.test", true},
		{"a@b (x) (y)", "x) (y", "a@b", true},
		{"a@b\n(multi\nline)", "multi\nline", "a@b", true},
		{"a@b \t (x)", "x", "a@b", true},
		{"a@b ())", ")", "a@b", true},
		{"a(b (c)", "c", "a(b", true},
		{"ab ()", "", "", false},
		{"a@b.test", "", "", false},
		{"ab cd", "", "", false},
		{"a@b (x) ", "", "", false},
		{" a@b (x)", "", "", false},
		{"a@b(x)", "", "", false},
		{"a@b x (y)", "", "", false},
		{"  ", "", "", false},
		{"a@b (", "", "", false},
		{"a@b (x", "", "", false},
	}
	for _, tt := range tests {
		name, email, ok := splitMailbox(tt.in)
		assert.Equal(t, tt.ok, ok, "%q", tt.in)
		assert.Equal(t, tt.name, name, "%q", tt.in)
		assert.Equal(t, tt.email, email, "%q", tt.in)
	}
}

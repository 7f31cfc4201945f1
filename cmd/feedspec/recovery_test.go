package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRecovery checks that the command reads in recovery mode unless -strict
// asks for the specification's answer.
func TestRecovery(t *testing.T) {
	code, out, errOut := runCmd(t, "", nil, "testdata/recovery.xml")
	require.Equal(t, 0, code, errOut)
	// BST is read as British Summer Time (+01:00).
	assert.Equal(t, "Wrong namespace\nhttps://example.org/\n\n* One\n  2024-07-15 09:00 UTC\n  https://example.org/1\n", out)

	code, _, errOut = runCmd(t, "", nil, "-strict", "testdata/recovery.xml")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "not a feed")
}

package htmltoken

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/net/html/atom"
)

// TestKeyTable checks that every key of tableKeys has its slot in keyTable
// (keyHash's multiplier was chosen for that) and is found after a space
// and before '=', and that other keys are not.
func TestKeyTable(t *testing.T) {
	for _, key := range tableKeys {
		w := []byte(key + `="x"xxxx`)
		assert.Equal(t, len(key), lookupKeyWord(leWord(w)), "%s", key)
	}
	for _, key := range []string{"data-x", "clas", "classe", "Class", "hre", "xx"} {
		assert.Equal(t, 0, lookupKeyWord(leWord([]byte(key+`="x"xxxx`))), "%s", key)
	}
}

// TestTagTable checks that lookupTagWord finds each name of tagTable, with
// its atom, whatever ends it, and no other name.
func TestTagTable(t *testing.T) {
	n := 0
	for _, e := range tagTable {
		if e.key == 0 {
			continue
		}
		n++
		name := e.atom.String()
		for _, end := range []string{" ", ">", "/"} {
			a, flags, word, l := lookupTagWord(leWord([]byte(name + end + "xxxxxxxx")))
			assert.Equal(t, e.atom, a, "%s", name)
			assert.Equal(t, fastTagFlags(e.atom), flags, "%s", name)
			assert.Equal(t, len(name), l, "%s", name)
			if flags&fastEnd != 0 {
				assert.Equal(t, leWord([]byte(name+">xxxxxxxx"))&(1<<(8*(len(name)+1))-1), word, "%s", name)
			} else {
				assert.Zero(t, word, "%s", name)
			}
		}
	}
	assert.Greater(t, n, 100)
	for _, name := range []string{"P", "spa", "spans", "x-y", "blockquote", "div\t"} {
		a, _, _, _ := lookupTagWord(leWord([]byte(name + ">xxxxxxxx")))
		assert.Equal(t, atom.Atom(0), a, "%s", name)
	}
}

func leWord(b []byte) uint64 {
	var w uint64
	for i := 7; i >= 0; i-- {
		w = w<<8 | uint64(b[i])
	}
	return w
}

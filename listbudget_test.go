package feedspec

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestListBudget checks the document's budget of list elements: a feed of
// many entries of 999 short links each reads max(10,000, one per 40 bytes)
// of them, then leaves the rest out with one DiagnosticLimit whose Err
// wraps ErrLimit, the entries themselves all read; WithLimits'
// MaxPerEntry of -1 removes the budget too.
func TestListBudget(t *testing.T) {
	// Links of about 34 bytes, within the tree's node budget (one per 16
	// bytes, an attribute counting half).
	links := func(n int) []byte {
		return []byte(repeatTo(n, atomHead+`<entry>`, func(i int) string {
			s := fmt.Sprintf(`<link href="abcdefghijklmno%d"/>`, i)
			if i%999 == 998 {
				s += `</entry><entry>`
			}
			return s
		}, `</entry></feed>`))
	}
	in := links(600 << 10)
	count := func(f *Feed) (n int) {
		for _, e := range f.Entries {
			n += len(e.Links)
		}
		return n
	}
	var d []Diagnostic
	f, err := ParseDocument(bytes.NewReader(in), WithURL("https://example.com/"), WithDiagnostics(&d))
	require.NoError(t, err)
	budget := listBudget(Limits{}, len(in))
	require.Equal(t, len(in)/bytesPerListElement, budget, "one per 40 bytes")
	assert.Equal(t, budget, count(f), "the links within the budget")
	entries := strings.Count(string(in), "<entry>")
	assert.Len(t, f.Entries, entries, "every entry is read")
	var limits []Diagnostic
	for _, x := range d {
		if x.Kind == DiagnosticLimit {
			limits = append(limits, x)
		}
	}
	require.Len(t, limits, 1, "one diagnostic for the budget")
	assert.ErrorIs(t, limits[0].Err, ErrLimit)
	assert.Contains(t, limits[0].Message, fmt.Sprintf("the document already lists %d links", budget))

	all, err := ParseDocument(bytes.NewReader(in), WithURL("https://example.com/"), WithLimits(Limits{MaxPerEntry: -1}))
	require.NoError(t, err)
	assert.Equal(t, strings.Count(string(in), "<link "), count(all), "no budget without MaxPerEntry")

	// A small document has the floor: 10,000.
	small := links(100 << 10)
	assert.Equal(t, minListBudget, listBudget(Limits{}, len(small)))
	f, err = ParseDocument(bytes.NewReader(small), WithURL("https://example.com/"))
	require.NoError(t, err)
	assert.Equal(t, min(minListBudget, strings.Count(string(small), "<link ")), count(f))
}

// TestMoveStringsShortUnindexed checks moveStrings' index: once
// maxShortIndexed strings of at most maxUnindexedString bytes are indexed,
// a further short string is copied where it occurs (two equal ones are two
// copies), while a short string indexed before and a long string still
// share one copy; every value is unchanged and lies in the block.
func TestMoveStringsShortUnindexed(t *testing.T) {
	long := strings.Repeat("L", maxUnindexedString+1)
	f := &Feed{Title: stringText("title")}
	f.Entries = append(f.Entries, &Entry{ID: "early", PageURL: strings.Clone("early")})
	for i := range maxShortIndexed + 10 {
		f.Entries = append(f.Entries, &Entry{ID: fmt.Sprintf("id%d", i)})
	}
	late := &Entry{ID: "late", PageURL: strings.Clone("late"), Language: strings.Clone(long), CommentsURL: strings.Clone(long)}
	again := &Entry{ID: strings.Clone("early"), PageURL: strings.Clone(long)}
	f.Entries = append(f.Entries, late, again)
	block := moveStrings(f, 0)
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(block)))
	addr := func(s string) uintptr { return uintptr(unsafe.Pointer(unsafe.StringData(s))) }
	in := func(s string) bool {
		at := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		return at >= lo && at < lo+uintptr(len(block))
	}
	assert.Equal(t, "late", late.ID)
	assert.Equal(t, "late", late.PageURL)
	assert.NotEqual(t, addr(late.ID), addr(late.PageURL), "a short string past the index: a copy each")
	assert.Equal(t, long, late.Language)
	assert.Equal(t, addr(late.Language), addr(late.CommentsURL), "a long string: one copy")
	assert.Equal(t, addr(late.Language), addr(again.PageURL), "a long string: one copy")
	assert.Equal(t, addr(f.Entries[0].ID), addr(again.ID), "a short string indexed early: one copy")
	for i, e := range f.Entries[1 : len(f.Entries)-2] {
		assert.Equal(t, fmt.Sprintf("id%d", i), e.ID)
	}
	// The strings not indexed and the Texts' are in the first block.
	for _, s := range []string{late.ID, late.PageURL, f.Title.str} {
		assert.True(t, in(s), "%q in the block", s)
	}
}

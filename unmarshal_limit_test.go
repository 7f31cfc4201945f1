package feedspec

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// repeatJSON is n copies of elem separated by commas.
func repeatJSON(elem string, n int) string {
	return strings.TrimSuffix(strings.Repeat(elem+",", n), ",")
}

// unmarshalAllocs reads doc into a Feed with json.Unmarshal and returns the
// bytes allocated, the feed and the error.
func unmarshalAllocs(doc []byte) (uint64, *Feed, error) {
	var f Feed
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	err := json.Unmarshal(doc, &f)
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, &f, err
}

// TestUnmarshalLimits: reading canonical JSON back bounds the entries as
// parsing does (MaxItems' budget), the lists parsing caps by MaxPerEntry,
// and all lists of objects by a budget of MaxNodes' rule; past a limit the
// rest of the list is left out, the rest of the document is read, and the
// error wraps ErrLimit.
func TestUnmarshalLimits(t *testing.T) {
	// 3 MB of empty entries took 452 MB: 2,500 entries at least, one per
	// 150 bytes beyond, as parsing.
	doc := `{"title":"T","entries":[` + repeatJSON(`{"title":"e"}`, 40000) + `],"id":"urn:x","language":"en"}`
	var f Feed
	err := json.Unmarshal([]byte(doc), &f)
	require.ErrorIs(t, err, ErrLimit, "too many entries")
	budget := entryBudget(Limits{}, len(doc))
	require.Equal(t, len(doc)/150, budget, "one entry per 150 bytes (entryBudget)")
	assert.Equal(t, budget, len(f.Entries), "the entries before the limit")
	assert.Equal(t, "e", f.Entries[budget-1].Title.String())
	assert.Same(t, &f, f.Entries[0].Feed)
	assert.Equal(t, "T", f.Title.String(), "a key before the entries")
	assert.Equal(t, "urn:x", f.ID, "a key after the entries is read")
	assert.Equal(t, "en", f.Language, "a key after the entries is read")
	var le *LimitError
	require.ErrorAs(t, err, &le)
	off := strings.Index(doc, "[") + 1 + budget*len(`{"title":"e"},`)
	assert.Equal(t, LimitError{Limit: "MaxItems", Value: int64(budget), Line: 1, Offset: int64(off)}, *le)
	assert.Equal(t, fmt.Sprintf("feedspec: entries[%d]: limit reached: MaxItems (%d) at line 1, byte offset %d: this element and the rest of the list are left out", budget, budget, off), err.Error())

	// Each entry's lists that parsing caps at MaxPerEntry (1,000), the
	// feed's own at 10 times as many; only the first limit is reported,
	// and reading goes on after each.
	lists := []struct{ key, elem string }{
		{"links", `{"href":"h"}`}, {"categories", `"c"`}, {"category_details", `{"term":"c"}`},
		{"enclosures", `{"url":"u"}`}, {"authors", `{"name":"a"}`}, {"contributors", `{"name":"a"}`},
	}
	var members []string
	for _, l := range lists {
		members = append(members, `"`+l.key+`":[`+repeatJSON(l.elem, 1001)+`]`)
	}
	doc = `{"entries":[{` + strings.Join(members, ",") + `,"id":"e1"},{"id":"e2","links":[{"href":"h"}]}]}`
	f = Feed{}
	err = json.Unmarshal([]byte(doc), &f)
	require.ErrorIs(t, err, ErrLimit, "an entry's lists")
	assert.True(t, strings.HasPrefix(err.Error(), "feedspec: entries[0].links[1000]: limit reached: MaxPerEntry (1000) at line 1, byte offset "), err.Error())
	require.Len(t, f.Entries, 2)
	e := f.Entries[0]
	for name, n := range map[string]int{"links": len(e.Links), "categories": len(e.Categories), "category_details": len(e.CategoryDetails),
		"enclosures": len(e.Enclosures), "authors": len(e.Authors), "contributors": len(e.Contributors)} {
		assert.Equal(t, 1000, n, "the entry's %s", name)
	}
	assert.Equal(t, "e1", e.ID, "a key after the lists")
	assert.Equal(t, "e2", f.Entries[1].ID, "the next entry")
	assert.Len(t, f.Entries[1].Links, 1, "the next entry")

	for _, key := range []string{"links", "category_details", "authors", "contributors"} {
		doc = `{"` + key + `":[` + repeatJSON(`{}`, 10001) + `]}`
		f = Feed{}
		err = json.Unmarshal([]byte(doc), &f)
		require.ErrorIs(t, err, ErrLimit, "the feed's %s", key)
		assert.Contains(t, err.Error(), "feedspec: "+key+"[10000]: limit reached: MaxPerEntry (10000)")
		assert.Equal(t, 10000, len(f.Links)+len(f.CategoryDetails)+len(f.Authors)+len(f.Contributors), "the feed's %s", key)
	}

	// An entry read alone, and its source's lists.
	var entry Entry
	err = json.Unmarshal([]byte(`{"source":{"authors":[`+repeatJSON(`{}`, 1001)+`]},"title":"t"}`), &entry)
	require.ErrorIs(t, err, ErrLimit)
	assert.Contains(t, err.Error(), "feedspec: source.authors[1000]: limit reached: MaxPerEntry (1000)")
	assert.Equal(t, 1000, len(entry.Source.Authors))
	assert.Equal(t, "t", entry.Title.String())

	// Lists of objects no limit of parsing caps share a budget of
	// max(16,384, size/16): here 16,384.
	doc = `{"entries":[{"podcast":{"persons":[` + repeatJSON(`{}`, 20000) + `]}}]}`
	f = Feed{}
	err = json.Unmarshal([]byte(doc), &f)
	require.ErrorIs(t, err, ErrLimit, "the objects' budget")
	require.ErrorAs(t, err, &le)
	assert.Equal(t, "MaxNodes", le.Limit)
	assert.Equal(t, int64(16384), le.Value)
	// The entry took one.
	assert.Equal(t, 16383, len(f.Entries[0].Podcast.Persons))

	// Another error still stops reading, and is the one returned.
	doc = `{"entries":[` + repeatJSON(`{}`, 3000) + `],"ttl":"x"}`
	f = Feed{}
	err = json.Unmarshal([]byte(doc), &f)
	require.Error(t, err)
	assert.NotErrorIs(t, err, ErrLimit)
	assert.Equal(t, "feedspec: ttl: a string, not a number", err.Error())

	// Within the limits, no error.
	doc = `{"entries":[` + repeatJSON(`{"links":[`+repeatJSON(`{"href":"h"}`, 1000)+`]}`, 10) + `]}`
	f = Feed{}
	require.NoError(t, json.Unmarshal([]byte(doc), &f))
	assert.Len(t, f.Entries, 10)
	assert.Equal(t, 1000, len(f.Entries[9].Links))
}

// TestUnmarshalGrowth: json.Unmarshal into a Feed allocates at most 10
// bytes per byte of the JSON whatever its shape, and 8 times the JSON
// costs at most 10 times as much. 3 MB of empty entries allocated 452 MB
// (153 bytes per byte); a list of empty objects 100 to 170.
func TestUnmarshalGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 11 documents of 3.2 MB")
	}
	shapes := []struct {
		name string
		doc  func(n int) string // about n bytes
	}{
		{"empty entries", func(n int) string { return `{"entries":[` + repeatJSON(`{}`, n/3) + `]}` }},
		{"null entries", func(n int) string { return `{"entries":[` + repeatJSON(`null`, n/5) + `]}` }},
		{"links of one entry", func(n int) string { return `{"entries":[{"links":[` + repeatJSON(`{}`, n/3) + `]}]}` }},
		{"links of many entries", func(n int) string {
			return `{"entries":[` + repeatJSON(`{"links":[`+repeatJSON(`{}`, 999)+`]}`, n/3008) + `]}`
		}},
		{"the feed's links", func(n int) string { return `{"links":[` + repeatJSON(`{}`, n/3) + `]}` }},
		{"podcast persons", func(n int) string { return `{"entries":[{"podcast":{"persons":[` + repeatJSON(`{}`, n/3) + `]}}]}` }},
		{"subcategories", func(n int) string {
			return `{"category_details":[{"term":"c","subcategories":[` + repeatJSON(`{}`, n/3) + `]}]}`
		}},
		{"nested subcategories", func(n int) string {
			d := min(n/40, 4000) // encoding/json allows 10,000 levels, two a category
			return `{"category_details":[` + repeatJSON(`{"term":"c","subcategories":[`+strings.Repeat(`{"term":"c","subcategories":[`, d)+strings.Repeat(`]}`, d)+`]}`, n/(d*34)) + `]}`
		}},
		{"skip hours", func(n int) string { return `{"skip_hours":[` + repeatJSON(`1`, n/2) + `]}` }},
		{"skip days", func(n int) string { return `{"skip_days":[` + repeatJSON(`""`, n/3) + `]}` }},
		{"categories", func(n int) string {
			return `{"entries":[` + repeatJSON(`{"categories":[`+repeatJSON(`""`, 999)+`]}`, n/3015) + `]}`
		}},
	}
	for _, s := range shapes {
		d1, d2 := []byte(s.doc(400<<10)), []byte(s.doc(3200<<10))
		n1, _, err1 := unmarshalAllocs(d1)
		n2, _, err2 := unmarshalAllocs(d2)
		for _, err := range []error{err1, err2} {
			if err != nil {
				require.ErrorIs(t, err, ErrLimit, s.name)
			}
		}
		r1, r2 := float64(n1)/float64(len(d1)), float64(n2)/float64(len(d2))
		growth := float64(n2) / float64(n1)
		t.Logf("%-22s %.1f and %.1f bytes allocated per byte, x%.1f for x%.1f the JSON", s.name, r1, r2, growth, float64(len(d2))/float64(len(d1)))
		assert.LessOrEqual(t, r1, 10.0, "%s: bytes allocated per byte of %d bytes", s.name, len(d1))
		assert.LessOrEqual(t, r2, 10.0, "%s: bytes allocated per byte of %d bytes", s.name, len(d2))
		assert.LessOrEqual(t, growth, 10.0, "%s: growth for 8 times the JSON", s.name)
	}
}

// TestUnmarshalDeepLinear: subcategories nested 8 times as deep cost 8
// times the bytes scanned, not 64: each value's end is found once (the
// reader scanned each level's value whole before reading it: 0.4 s for
// 1,000 levels in 31 KB, 6.7 ms now for 4,000).
func TestUnmarshalDeepLinear(t *testing.T) {
	scanned := func(depth int) (int, int) {
		doc := []byte(`{"category_details":[` + strings.Repeat(`{"term":"x","subcategories":[`, depth) + strings.Repeat(`]}`, depth) + `]}`)
		r, i, ok, err := unmarshalStart(doc)
		require.True(t, ok)
		require.NoError(t, err)
		var f Feed
		require.NoError(t, r.readFeed(&f, i))
		c := &f.CategoryDetails[0]
		for n := 1; n < depth; n++ {
			require.Len(t, c.Subcategories, 1, "level %d", n)
			c = &c.Subcategories[0]
		}
		return r.scanned, len(doc)
	}
	// encoding/json allows 10,000 levels: two a category.
	s1, l1 := scanned(600)
	s2, l2 := scanned(4800)
	t.Logf("%d and %d bytes scanned for %d and %d bytes", s1, s2, l1, l2)
	assert.LessOrEqual(t, s2, 2*l2, "bytes scanned for 4,800 levels")
	assert.LessOrEqual(t, float64(s2)/float64(s1), 10.0, "growth for 8 times the depth")
}

// TestUnmarshalLimitErrorShape: the error of a limit reached matches
// ErrLimit and gives its *LimitError; others give none.
func TestUnmarshalLimitErrorShape(t *testing.T) {
	var f Feed
	err := f.UnmarshalJSON([]byte(`{"entries":[` + repeatJSON(`{}`, 2501) + `]}`))
	var le *LimitError
	require.True(t, errors.As(err, &le))
	assert.Equal(t, "MaxItems", le.Limit)
	err = f.UnmarshalJSON([]byte(`{"entries":{}}`))
	assert.False(t, errors.As(err, &le), "a wrong type is no limit")
	assert.NotErrorIs(t, err, ErrLimit)
}

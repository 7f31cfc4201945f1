package feedspec

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/feedspec/feedspec/internal/sharedtest"
)

// roundTrip reads the canonical JSON b back with json.Unmarshal and reports
// (as a test failure) any difference between b and the canonical JSON of
// what was read; it returns the feed read.
func roundTrip(t testing.TB, name string, b []byte) *Feed {
	t.Helper()
	var f Feed
	require.NoError(t, json.Unmarshal(b, &f), "%s: json.Unmarshal", name)
	got, err := f.MarshalJSON()
	require.NoError(t, err, "%s: MarshalJSON", name)
	require.Equal(t, string(b), string(got), "%s: the canonical JSON differs after a round trip", name)
	require.Nil(t, f.Document(), "%s: a feed read from JSON has a document", name)
	require.Nil(t, f.Element(), "%s: a feed read from JSON has an element", name)
	require.Nil(t, f.JSONObject(), "%s: a feed read from JSON has a JSON object", name)
	for _, e := range f.Entries {
		if e != nil {
			require.Same(t, &f, e.Feed, "%s: an entry read from JSON does not point to its feed", name)
			require.Nil(t, e.Element(), "%s: an entry read from JSON has an element", name)
			require.Nil(t, e.JSONObject(), "%s: an entry read from JSON has a JSON object", name)
		}
	}
	return &f
}

// parsedJSON parses the document b with opts and returns its canonical JSON,
// or nil when it is not a feed. It also checks that AppendJSON and
// WriteJSON give json.Marshal's bytes (checkWriters).
func parsedJSON(t testing.TB, b []byte, opts ...Option) []byte {
	t.Helper()
	feed, _ := ParseDocument(bytes.NewReader(b), opts...)
	if feed == nil {
		return nil
	}
	j, err := feed.MarshalJSON()
	require.NoError(t, err)
	checkWriters(t, feed)
	return j
}

// TestRoundTripGolden reads back every golden file, XML and JSON Feed: the
// .json files as they are (indented, after json.Compact) and the canonical
// JSON of each parsed feed.
func TestRoundTripGolden(t *testing.T) {
	xmlFiles, _ := filepath.Glob("testdata/golden/*.xml")
	jsonFiles, _ := filepath.Glob("testdata/jsonfeed/*.feed.json")
	require.NotEmpty(t, xmlFiles)
	require.NotEmpty(t, jsonFiles)
	n := 0
	for _, path := range append(xmlFiles, jsonFiles...) {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		opts := goldenOptions(path)
		golden := strings.TrimSuffix(path, ".xml") + ".json"
		if strings.HasSuffix(path, ".feed.json") {
			opts = jsonFeedGoldenOptions(path)
			golden = strings.TrimSuffix(path, ".feed.json") + ".json"
		}
		if j := parsedJSON(t, b, opts...); j != nil {
			roundTrip(t, path, j)
			n++
		}
		g, err := os.ReadFile(golden)
		require.NoError(t, err)
		if string(g) == "null\n" {
			continue
		}
		var compact bytes.Buffer
		require.NoError(t, json.Compact(&compact, g))
		f := roundTrip(t, golden, compact.Bytes())
		// And indented, as the golden file is.
		j, _ := f.MarshalJSON()
		var indented bytes.Buffer
		require.NoError(t, json.Indent(&indented, j, "", "  "))
		indented.WriteByte('\n')
		assert.Equal(t, string(g), indented.String(), golden)
	}
	assert.Greater(t, n, 50)
}

// TestRoundTripConformance reads back the canonical JSON of every
// conformance case that is a feed.
func TestRoundTripConformance(t *testing.T) {
	n := 0
	for i, doc := range sharedtest.ConformanceDocuments(t) {
		if j := parsedJSON(t, []byte(doc), WithURL("https://base/")); j != nil {
			roundTrip(t, "conformance case "+strconv.Itoa(i), j)
			n++
		}
	}
	assert.Greater(t, n, 200)
}

// TestRoundTripCorpus reads back the canonical JSON of every feed of the
// shared corpus, XML and JSON Feed, the XML ones parsed by default and in
// recovery mode.
func TestRoundTripCorpus(t *testing.T) {
	files := sharedtest.CorpusFiles(t)
	n := 0
	for _, path := range files {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		for _, opts := range [][]Option{{WithURL("https://example.com/feed")}, {nil, WithRecovery()}} {
			if testing.Short() && opts[0] == nil {
				continue // -short: the default parse only
			}
			if j := parsedJSON(t, b, opts...); j != nil {
				roundTrip(t, path, j)
				n++
			}
		}
	}
	for name, b := range jsonFeedCorpus(t) {
		if j := parsedJSON(t, b, WithJSONFeed(), WithURL("https://example.com/feed.json")); j != nil {
			roundTrip(t, name, j)
		}
	}
	assert.Greater(t, n, len(files)/2)
}

// TestUnmarshalTypes reads each type's canonical JSON back on its own, and
// as part of a larger value.
func TestUnmarshalTypes(t *testing.T) {
	for _, c := range []struct {
		v    interface{ MarshalJSON() ([]byte, error) }
		json string
	}{
		{&Person{}, `{"name":"A","email":"a@example.com","page_url":"https://a.example/","icon":{"url":"https://a.example/i.png","width":1,"height":2}}`},
		{&Image{}, `{"url":"https://x.example/","height":0}`},
		{&Enclosure{}, `{"url":"https://x.example/a.mp3","type":"","length":12,"medium":"audio","width":1,"height":2,"duration":3,"file_size":4,"bitrate":128.5,"title":"A"}`},
		{&Entry{}, `{"title":"T","content":{"html":"<p>x &amp; <b>y</b></p>"},"duration":0,"published":"-0001-12-31T23:59:59.5Z","updated":"12012-01-01T00:00:00Z","categories":["a","b"],"enclosures":[null,{"url":"u"}],"id_is_permalink":false,"itunes":{}}`},
		{&Feed{}, `{}`},
		{&Feed{}, `{"expired":true,"podcast":{"guid":"g","locked":false,"locked_owner":"o@example.com","funding":[{"url":"https://f.example/","text":"Support"}],"persons":[{"name":"P","role":"guest","group":"cast","img":"https://i.example/p.jpg","href":"https://p.example/"}],"values":[{"type":"lightning","method":"keysend","suggested":"0.00000005","recipients":[{"name":"R","type":"node","address":"abc","split":99.5,"custom_key":"k","custom_value":"v","fee":true}]}]}}`},
		{&Entry{}, `{"podcast":{"transcripts":[{"url":"https://t.example/t.vtt","type":"text/vtt","language":"en","rel":"captions"}],"chapters":{"url":"https://c.example/c.json","type":"application/json+chapters"},"persons":[{"name":"Q"}],"season":{"number":0,"name":"S"},"episode":{"number":1.5,"display":"Ch. 1"},"soundbites":[{"start_time":73.25,"duration":60,"title":"Bite"},{"start_time":0.001,"duration":1234567.891}],"alternate_enclosures":[{"type":"audio/opus","length":1,"bitrate":64000.5,"height":720,"lang":"en","codecs":"opus","rel":"r","title":"T","default":true,"sources":[{"uri":"ipfs://x","content_type":"audio/opus"}],"integrity":{"type":"sri","value":"sha384-x"}}],"values":[{"type":"hive"}]}}`},
	} {
		require.NoError(t, json.Unmarshal([]byte(c.json), c.v), c.json)
		got, err := c.v.MarshalJSON()
		require.NoError(t, err)
		assert.Equal(t, c.json, string(got))
	}

	var text Text
	require.NoError(t, json.Unmarshal([]byte(`{"html":"<p>a<br/>b</p>","other":1}`), &text))
	assert.True(t, text.IsNode())
	assert.Equal(t, "<p>a<br/>b</p>", text.HTML())
	assert.Equal(t, "ab", text.TextContent())
	require.NotNil(t, text.Node())
	assert.Equal(t, "p", text.Node().FirstChild.Data)
	require.NoError(t, json.Unmarshal([]byte(`"<p>"`), &text))
	assert.False(t, text.IsNode())
	assert.Equal(t, "<p>", text.String())

	// Inside another value, with null, unknown keys and keys in any order.
	var v struct {
		Feeds []*Feed `json:"feeds"`
		Entry Entry   `json:"entry"`
	}
	require.NoError(t, json.Unmarshal([]byte(`{"feeds":[null,{"entries":[{"title":"e"}],"future_key":{"a":[1]},"title":"f"}],
		"entry":{"summary":"s","future":null}}`), &v))
	require.Len(t, v.Feeds, 2)
	assert.Nil(t, v.Feeds[0])
	got, _ := v.Feeds[1].MarshalJSON()
	assert.Equal(t, `{"title":"f","entries":[{"title":"e"}]}`, string(got))
	assert.Same(t, v.Feeds[1], v.Feeds[1].Entries[0].Feed)
	got, _ = v.Entry.MarshalJSON()
	assert.Equal(t, `{"summary":"s"}`, string(got))

	// Unmarshal replaces the whole value; null leaves it.
	f := &Feed{ID: "old", Entries: []*Entry{{ID: "x"}}}
	require.NoError(t, json.Unmarshal([]byte(`{"title":"new"}`), f))
	assert.Equal(t, "", f.ID)
	assert.Nil(t, f.Entries)
	require.NoError(t, f.UnmarshalJSON([]byte(" null ")))
	assert.Equal(t, "new", f.Title.String())
}

// TestUnmarshalErrors checks that wrong types and invalid values give an
// error naming the key path.
func TestUnmarshalErrors(t *testing.T) {
	for _, c := range []struct{ json, err string }{
		{`[]`, "feedspec: an array, not an object"},
		{`{"entries":[{},{},{},{"published":"yesterday"}]}`, `feedspec: entries[3].published: not an RFC 3339 date: "yesterday"`},
		{`{"entries":[{"published":"2024-01-15T13:45:00"}]}`, `entries[0].published: not an RFC 3339 date`},
		{`{"title":5}`, `feedspec: title: a number, not a string or an {"html": ...} object`},
		{`{"title":{"text":"x"}}`, `feedspec: title: an object without "html"`},
		{`{"title":{"html":1}}`, `feedspec: title.html: a number, not a string`},
		{`{"authors":{}}`, "feedspec: authors: an object, not an array"},
		{`{"authors":[{"name":"a"},{"icon":{"width":"1"}}]}`, "feedspec: authors[1].icon.width: a string, not a number"},
		{`{"ttl":1.5}`, "feedspec: ttl: not an integer (or out of range): 1.5"},
		{`{"ttl":99999999999999999999}`, "feedspec: ttl: not an integer"},
		{`{"skip_hours":[1,null]}`, "feedspec: skip_hours[1]: null, not a number"},
		{`{"entries":[{"duration":1e3}]}`, "feedspec: entries[0].duration: not an integer"},
		{`{"entries":[{"duration":9999999999999}]}`, "feedspec: entries[0].duration: a duration out of range"},
		{`{"entries":[{"enclosures":[{"bitrate":"fast"}]}]}`, "feedspec: entries[0].enclosures[0].bitrate: a string, not a number"},
		{`{"entries":[{"itunes":{"explicit":"yes"}}]}`, "feedspec: entries[0].itunes.explicit: a string, not a boolean"},
		{`{"entries":["x"]}`, "feedspec: entries[0]: a string, not an object"},
		{`{"category_details":[{"subcategories":[{"term":2}]}]}`, "feedspec: category_details[0].subcategories[0].term: a number, not a string"},
		{`{"expired":1}`, "feedspec: expired: a number, not a boolean"},
	} {
		var f Feed
		err := json.Unmarshal([]byte(c.json), &f)
		if assert.Error(t, err, c.json) {
			assert.Contains(t, err.Error(), c.err, c.json)
		}
	}
	var f Feed
	err := f.UnmarshalJSON([]byte(`{"title":`))
	assert.ErrorContains(t, err, "feedspec: invalid JSON")
}

// FuzzUnmarshal reads arbitrary JSON into a Feed: no panic, and when it is
// read, the canonical JSON of what was read reads back to the same bytes;
// when a limit was reached, what was read is valid canonical JSON.
func FuzzUnmarshal(f *testing.F) {
	files, _ := filepath.Glob("testdata/golden/*.json")
	more, _ := filepath.Glob("testdata/jsonfeed/*.json")
	for _, path := range append(files, more...) {
		b, err := os.ReadFile(path)
		require.NoError(f, err)
		f.Add(b)
	}
	f.Add([]byte(`{"entries":[{"published":"-0001-01-01T00:00:00.000000001Z","content":{"html":"<p>\u2028"}}]}`))
	f.Add([]byte(`{"entries":[{"links":[{},{}]},null],"category_details":[{"subcategories":[{"subcategories":[]}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var feed Feed
		if err := json.Unmarshal(data, &feed); err != nil {
			if errors.Is(err, ErrLimit) {
				b, err := feed.MarshalJSON()
				require.NoError(t, err)
				require.True(t, json.Valid(b), "invalid canonical JSON after a limit: %s", b)
			}
			return
		}
		b, err := feed.MarshalJSON()
		require.NoError(t, err)
		require.True(t, json.Valid(b), "invalid canonical JSON: %s", b)
		roundTrip(t, "fuzz", b)
	})
}

// fillAll sets every exported field of the value v points to (recursively,
// one element per list) to a value that is not null, so that a field added
// to the model without being read back fails TestUnmarshalEveryField.
func fillAll(v reflect.Value, depth int) { fillModel(v, depth, 6, 0) }

// fillModel is fillAll going maxDepth levels deep, with every slice given
// room for room more elements than its one.
func fillModel(v reflect.Value, depth, maxDepth, room int) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.Type() == reflect.TypeOf((*Text)(nil)) {
			v.Set(reflect.ValueOf(stringText("t")))
			return
		}
		if v.Type() == reflect.TypeOf((*Feed)(nil)) || depth > maxDepth {
			return // Entry.Feed; a recursion guard
		}
		v.Set(reflect.New(v.Type().Elem()))
		fillModel(v.Elem(), depth+1, maxDepth, room)
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(time.Time{}) {
			v.Set(reflect.ValueOf(time.Date(2024, 1, 15, 13, 45, 0, 5e8, time.UTC)))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fillModel(v.Field(i), depth+1, maxDepth, room)
			}
		}
	case reflect.Slice:
		if depth > maxDepth {
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), 1, 1+room))
		fillModel(v.Index(0), depth+1, maxDepth, room)
	case reflect.String:
		v.SetString("s")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64:
		if v.Type() == reflect.TypeOf(time.Duration(0)) {
			v.SetInt(int64(3 * time.Second))
			return
		}
		v.SetInt(7)
	case reflect.Float64:
		v.SetFloat(1.5)
	default:
		panic("fillModel: " + v.Type().String())
	}
}

// TestUnmarshalEveryField fills every field of a Feed (and of its entries,
// enclosures, persons...) and reads its canonical JSON back: whatever keys
// the model has, each is read back.
func TestUnmarshalEveryField(t *testing.T) {
	var f Feed
	fillAll(reflect.ValueOf(&f).Elem(), 0)
	b, err := f.MarshalJSON()
	require.NoError(t, err)
	back := roundTrip(t, "every field", b)
	var keys func(v any, path string)
	n := 0
	keys = func(v any, path string) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				n++
				keys(x, path+"."+k)
			}
		case []any:
			for _, x := range v {
				keys(x, path+"[]")
			}
		}
	}
	var tree any
	require.NoError(t, json.Unmarshal(b, &tree))
	keys(tree, "")
	assert.Greater(t, n, 150, "keys written")
	assert.Len(t, back.Entries, 1)
}

// TestUnmarshalDeepErrorLinear reads categories nested 100 and 1,000 deep
// with a wrong value at the bottom: the error names the whole key path, and
// the memory allocated grows about 10x, not 100x (the path is joined once,
// not at each level), and so does reading a valid document as deep.
func TestUnmarshalDeepErrorLinear(t *testing.T) {
	nested := func(depth int, leaf string) []byte {
		var b bytes.Buffer
		b.WriteString(`{"category_details":[`)
		for range depth {
			b.WriteString(`{"term":"t","subcategories":[`)
		}
		b.WriteString(leaf)
		for range depth {
			b.WriteString(`]}`)
		}
		b.WriteString(`]}`)
		return b.Bytes()
	}
	cost := func(data []byte, wantErr bool) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var f Feed
		err := f.UnmarshalJSON(data)
		if wantErr {
			_ = err.Error()
		}
		runtime.ReadMemStats(&after)
		assert.Equal(t, wantErr, err != nil, "%v", err)
		return after.TotalAlloc - before.TotalAlloc
	}
	var f Feed
	err := f.UnmarshalJSON(nested(3, `{"term":1}`))
	assert.EqualError(t, err, "feedspec: category_details[0].subcategories[0].subcategories[0].subcategories[0].term: a number, not a string")

	for _, leaf := range []string{`{"term":1}`, `{"term":"x"}`} {
		bad := leaf == `{"term":1}`
		small, large := cost(nested(100, leaf), bad), cost(nested(1000, leaf), bad)
		assert.Less(t, large, 30*small, "%s: %d bytes at depth 100, %d at depth 1,000", leaf, small, large)
	}
}

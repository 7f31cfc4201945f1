package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// root is the directory of package feedspec.
const root = "../../.."

// TestGenerated fails when json_gen.go is not what jsongen writes from the
// model's json tags today: a tag or a field changed without go generate.
func TestGenerated(t *testing.T) {
	want, err := generate(root)
	require.NoError(t, err)
	got, err := os.ReadFile(filepath.Join(root, outputFile))
	require.NoError(t, err)
	if string(got) == string(want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(gl) || i < len(wl); i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		require.Equal(t, w, g, "%s is stale: run go generate in the repository's root.\nline %d: expected is what jsongen writes, actual what the file has", outputFile, i+1)
	}
}

// TestGeneratedCoversModel checks that the model types are all in
// json_gen.go, each with its four functions.
func TestGeneratedCoversModel(t *testing.T) {
	src, err := generate(root)
	require.NoError(t, err)
	for _, name := range []string{
		"Feed", "Entry", "Person", "Image", "Enclosure", "Link", "Category", "Generator", "Source",
		"FeedITunes", "EntryITunes", "FeedPodcast", "EntryPodcast", "PodcastTranscript", "PodcastChapters",
		"PodcastPerson", "PodcastSeason", "PodcastEpisode", "PodcastSoundbite", "PodcastFunding",
		"PodcastAlternateEnclosure", "PodcastSource", "PodcastIntegrity", "PodcastValue", "PodcastValueRecipient",
	} {
		for _, fn := range []string{
			"func (v " + name + ") MarshalJSON()",
			"func (v *" + name + ") UnmarshalJSON(",
			"append" + name + "JSON(b []byte, v *" + name,
			"read" + name + "(v *" + name + ", i int) error",
		} {
			assert.Contains(t, string(src), fn)
		}
	}
	assert.True(t, strings.HasPrefix(string(src), "// Code generated "))
	assert.Contains(t, string(src), "DO NOT EDIT.")
}

// TestGenerateRefuses checks that a declaration jsongen cannot honour is an
// error naming the type and field, and that it writes nothing then.
func TestGenerateRefuses(t *testing.T) {
	for _, c := range []struct{ src, err string }{
		{"type T struct {\n\tA, B string `json:\"a,omitempty\"`\n}", "T.A: a json tag on a line declaring several fields"},
		{"type T struct {\n\tA string `json:\"a,omitempty\"`\n\tB string\n}", "T.B: an exported field without a json tag"},
		{"type T struct {\n\tA string `json:\"a,omitempty,string\"`\n}", `T.A: unknown json option "string"`},
		{"type T struct {\n\tA string `json:\"a,omitempty\"`\n\tB string `json:\"a,omitempty\"`\n}", `T.B: the key "a"`},
		{"type T struct {\n\tA string `json:\"a<b,omitempty\"`\n}", `T.A: the key "a<b" is empty, needs escaping`},
		{"type T struct {\n\tA map[string]int `json:\"a,omitempty\"`\n}", "T.A: the type map[string]int is not supported"},
		{"type T struct {\n\tA string `json:\"a\"`\n}", "T.A: string needs omitempty"},
		{"type T struct {\n\tA int `json:\"a,omitempty\"`\n}", "T.A: int with omitempty"},
		{"type T struct {\n\tA time.Duration `json:\"a\"`\n}", "T.A: a time.Duration is written with format:sec"},
		{"type T struct {\n\tA *time.Duration `json:\"a,omitempty\"`\n}", "T.A: a *time.Duration is written with omitempty,format:wholesec or omitempty,format:sec"},
		{"type T struct {\n\tA *U `json:\"a,omitempty\"`\n}", "T.A: the type U is not a model type"},
		{"type T struct {\n\tA []string `json:\"a,omitempty\" jsongen:\"stream\"`\n}", "T.A: stream on a field that is not a list of objects"},
		{"type T struct {\n\tA []string `json:\"a,omitempty\" jsongen:\"flush\"`\n}", `T.A: unknown jsongen tag "flush"`},
		{"type T struct {\n\tA string `json:\"a,omitempty\" jsongen:\"maxperentry\"`\n}", "T.A: maxperentry on a field that is not a list of objects or strings"},
		{"type T struct {\n\tA []string `json:\"a,omitempty\" jsongen:\"maxitems,maxperfeed\"`\n}", `T.A: two limits in the jsongen tag "maxitems,maxperfeed"`},
		{"type T struct {\n\ta string `json:\"a,omitempty\"`\n}", "T.a: an unexported field with a json tag"},
	} {
		dir := t.TempDir()
		src := "package p\n\nimport \"time\"\n\nvar _ time.Duration\n\n" + c.src + "\n"
		require.NoError(t, os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644))
		_, err := generate(dir)
		if assert.Error(t, err, c.src) {
			assert.Contains(t, err.Error(), c.err, c.src)
		}
	}
}

// TestGenerateSmall generates the code of a small package and checks what
// a field of each kind becomes.
func TestGenerateSmall(t *testing.T) {
	dir := t.TempDir()
	src := "package p\n\nimport \"time\"\n\n" +
		"type Doc struct {\n" +
		"\tName string `json:\"name,omitempty\"`\n" +
		"\tN int `json:\"n\"`\n" +
		"\tD time.Duration `json:\"d,format:sec\"`\n" +
		"\tP *time.Duration `json:\"p,omitempty,format:sec\"`\n" +
		"\tItems []*Item `json:\"items,omitempty\" jsongen:\"stream,maxitems\"`\n" +
		"\tTags []string `json:\"tags,omitempty\" jsongen:\"maxperentry\"`\n" +
		"\tMore []Item `json:\"more,omitempty\"`\n" +
		"}\n\n" +
		"type Item struct {\n" +
		"\tDoc *Doc `json:\"-\"`\n" +
		"\tOn bool `json:\"on,omitempty\"`\n" +
		"\tskipped int\n" +
		"}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644))
	out, err := generate(dir)
	require.NoError(t, err)
	s := string(out)
	assert.Contains(t, strings.ReplaceAll(s, "\n// ", " "), `MarshalJSON returns the canonical JSON of a Doc: an object with the keys name, n (always written), d (seconds, always written), p (seconds), items, tags and more, in that order`)
	assert.Contains(t, strings.ReplaceAll(s, "\n// ", " "), `MarshalJSON returns the canonical JSON of an Item: an object with the key on, omitted when null`)
	assert.Contains(t, s, `b = strconv.AppendInt(b, int64(v.N), 10)`)
	assert.Contains(t, s, "b = w.appendSecondsField(b, `,\"d\":`, v.D)")
	assert.Contains(t, s, "if v.P != nil {\n\t\tb = w.appendSecondsField(b, `,\"p\":`, *v.P)\n\t}", "a *time.Duration in seconds, with its fraction")
	assert.Contains(t, s, "v.P, err = r.fractionalSecondsPtr(vs, ve)")
	assert.Contains(t, s, "if flush != nil && len(b) >= jsonFlushSize {")
	assert.Contains(t, s, "x := &Item{Doc: v}", "the back pointer is set when reading")
	assert.Contains(t, s, "*v = Item{Doc: v.Doc}", "a field tagged - is kept when reading")
	assert.Contains(t, s, "The Doc of each of Items is v.")
	assert.Contains(t, s, "if v.On {\n\t\tb = append(b, `,\"on\":true`...)\n\t}")
	assert.Contains(t, s, "b = w.appendStringField(b, `,\"name\":\"`, v.Name)")
	assert.Contains(t, s, "b[s] = '{' // the object opened now", "a stream list opens its object before it may be flushed")
	assert.Contains(t, s, "return endObject(b, s), nil")
	assert.NotContains(t, s, "skipped")
	// Reading bounds the lists: each element of a list of objects takes
	// room (its list's limit, and the objects' budget), and the list is
	// allocated to its size.
	assert.Contains(t, s, "if err := r.room(len(v.Items), itemsLimit, true, vs); err != nil {")
	assert.Contains(t, s, "if n := r.listSize(vs, itemsLimit, true); n > 0 {\n\t\t\t\tv.Items = make([]*Item, 0, n)")
	assert.Contains(t, s, "if err := r.room(len(v.More), noListLimit, true, vs); err != nil {")
	assert.Contains(t, s, "v.Tags, err = r.stringList(vs, ve, entryLimit)")
	assert.Contains(t, strings.ReplaceAll(s, "\n// ", " "), "Its lists of objects are bounded by b's size, as Feed.UnmarshalJSON says.")
}

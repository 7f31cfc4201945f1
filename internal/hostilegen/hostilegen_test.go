package hostilegen

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// choices returns n random choice bytes from seed.
func choices(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// TestNewIsDeterministic: the same bytes give the same shape, other bytes
// other shapes.
func TestNewIsDeterministic(t *testing.T) {
	seen := map[string]bool{}
	for i := range 200 {
		b := choices(uint64(i), 256)
		a, c := New(b), New(bytes.Clone(b))
		require.Equal(t, a, c, "seed %d", i)
		short := New(b[:a.Choices])
		assert.Equal(t, a, short, "seed %d: the bytes after Choices change nothing", i)
		seen[string(a.Doc(2))] = true
	}
	assert.Greater(t, len(seen), 190, "distinct documents of 200 seeds")
}

// TestShortChoices: bytes that run out read as zeros, so any input,
// none included, gives a shape that repeats something.
func TestShortChoices(t *testing.T) {
	for _, b := range [][]byte{nil, {0}, {5, 7}, bytes.Repeat([]byte{0xff}, 1000)} {
		s := New(b)
		assert.NotEmpty(t, s.Open+s.Close, "%x: the unit", b)
		assert.Less(t, len(s.Doc(1)), len(s.Doc(2)), "%x: a repetition adds bytes", b)
	}
}

// TestSizes: Doc(k) is the parts with the unit k times, Size adds the
// expansions, Repeats reaches the size asked for.
func TestSizes(t *testing.T) {
	for i := range 300 {
		s := New(choices(uint64(i), 256))
		for _, k := range []int{0, 1, 7} {
			doc := s.Doc(k)
			require.Equal(t, len(s.Head)+len(s.Middle)+len(s.Tail)+k*(len(s.Open)+len(s.Close)), len(doc), "seed %d k %d", i, k)
			assert.Equal(t, len(doc)+s.FixedExpansion+k*s.UnitExpansion, s.Size(k), "seed %d k %d", i, k)
			assert.True(t, bytes.HasPrefix(doc, []byte(s.Head+strings.Repeat(s.Open, k)+s.Middle)), "seed %d", i)
		}
		k := s.Repeats(8 << 10)
		assert.GreaterOrEqual(t, s.Size(k), 8<<10, "seed %d", i)
		if k > 1 {
			assert.Less(t, s.Size(k-1), 8<<10, "seed %d: the smallest k", i)
		}
	}
}

// TestJSONShapesAreJSON: a JSON Feed shape is valid JSON whatever the
// repetitions.
func TestJSONShapesAreJSON(t *testing.T) {
	n := 0
	for i := range 2000 {
		s := New(choices(uint64(i), 256))
		if !s.JSON {
			continue
		}
		n++
		for _, k := range []int{0, 1, 3} {
			require.True(t, json.Valid(s.Doc(k)), "seed %d k %d: %s\n%s", i, k, s, s.Doc(k))
		}
	}
	assert.Greater(t, n, 200)
}

// TestCoverage: over 2,000 seeds, every format and level holds the repeat
// site, and every construct the generator is for appears in a repeated
// unit.
func TestCoverage(t *testing.T) {
	unitHas := map[string]int{}
	docHas := map[string]int{}
	descHas := map[string]int{}
	constructs := map[string]string{
		"entity reference":       "&e",
		"character reference":    "&#",
		"CDATA section":          "<![CDATA[",
		"comment":                "<!--",
		"processing instruction": "<?pi",
		"xml:base":               "xml:base=",
		"namespace declaration":  "xmlns",
		"escaped formatting":     "&lt;b&gt;",
		"escaped table":          "&lt;table&gt;",
		"foreign content":        "svg",
		"MathML":                 "math",
		"entity declaration":     "<!ENTITY",
		"misnested formatting":   "&lt;b&gt;&lt;i&gt;&lt;p&gt;",
		"JSON escapes":           `\u`,
		"Atom XHTML":             `type="xhtml"`,
	}
	for i := range 2000 {
		s := New(choices(uint64(i), 256))
		unit := s.Open + s.Middle + s.Close
		doc := s.Head + unit + s.Tail
		for name, sub := range constructs {
			if strings.Contains(unit, sub) {
				unitHas[name]++
			}
			if strings.Contains(doc, sub) {
				docHas[name]++
			}
		}
		if i := strings.Index(s.Head, "<!ENTITY e1 "); i >= 0 && strings.Contains(s.Head[i:], "&e0;") {
			docHas["entity referencing another"]++
		}
		for _, f := range formatNames {
			for _, l := range levelNames {
				if strings.HasPrefix(s.Desc, f+", repeated at the "+l+":") {
					descHas[f+" / "+l]++
				}
			}
		}
		if s.Close != "" {
			descHas["nesting"]++
		}
	}
	for name := range constructs {
		assert.Positive(t, unitHas[name], "%s in a repeated unit", name)
	}
	assert.Positive(t, docHas["entity referencing another"])
	for _, f := range formatNames {
		for l, name := range levelNames {
			if f == "JSON Feed" && (l == levelProlog || l == levelDTD) {
				continue // repeated among the feed's members
			}
			assert.Positive(t, descHas[f+" / "+name], "%s repeated at the %s", f, name)
		}
	}
	assert.Greater(t, descHas["nesting"], 100, "units that nest")
	t.Logf("units: %v", unitHas)
}

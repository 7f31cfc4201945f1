package feedspectest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A jsonValue is a decoded JSON value that keeps its object keys in
// document order, so that the first difference between two documents is the
// first one a reader of their diff sees.
type jsonValue struct {
	delim  json.Delim   // '{' or '[' for an object or an array; 0 for a scalar
	keys   []string     // an object's keys, in order
	elems  []*jsonValue // an object's values (parallel to keys) or an array's elements
	scalar any          // a scalar token: string, json.Number, bool or nil
}

// decodeJSON decodes one JSON document.
func decodeJSON(b []byte) (*jsonValue, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	return decodeValue(dec)
}

func decodeValue(dec *json.Decoder) (*jsonValue, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return &jsonValue{scalar: tok}, nil
	}
	v := &jsonValue{delim: d}
	for dec.More() {
		if d == '{' {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v.keys = append(v.keys, k.(string)) // the decoder checks that keys are strings
		}
		e, err := decodeValue(dec)
		if err != nil {
			return nil, err
		}
		v.elems = append(v.elems, e)
	}
	if _, err := dec.Token(); err != nil { // the closing delimiter
		return nil, err
	}
	return v, nil
}

// index returns the position of key among v's keys, or -1.
func (v *jsonValue) index(key string) int {
	for i, k := range v.keys {
		if k == key {
			return i
		}
	}
	return -1
}

// firstDifference returns the key path (entries[2].published) of the first
// place where want and got differ, walking both in document order, and
// whether they differ at all. The path of the top-level value is "".
func firstDifference(want, got *jsonValue, path string) (string, bool) {
	if want.delim != got.delim {
		return path, true
	}
	switch want.delim {
	case 0:
		return path, want.scalar != got.scalar
	case '[':
		for i := 0; i < len(want.elems) && i < len(got.elems); i++ {
			if p, ok := firstDifference(want.elems[i], got.elems[i], path+"["+strconv.Itoa(i)+"]"); ok {
				return p, true
			}
		}
		if len(want.elems) != len(got.elems) {
			return path + "[" + strconv.Itoa(min(len(want.elems), len(got.elems))) + "]", true
		}
		return "", false
	}
	// Objects: walk the two key lists side by side.
	i, j := 0, 0
	for i < len(want.keys) || j < len(got.keys) {
		switch {
		case i < len(want.keys) && j < len(got.keys) && want.keys[i] == got.keys[j]:
			if p, ok := firstDifference(want.elems[i], got.elems[j], joinKey(path, want.keys[i])); ok {
				return p, true
			}
			i++
			j++
		case i < len(want.keys) && got.index(want.keys[i]) < 0: // a key got lacks
			return joinKey(path, want.keys[i]), true
		case j < len(got.keys) && want.index(got.keys[j]) < 0: // a key want lacks
			return joinKey(path, got.keys[j]), true
		case i < len(want.keys):
			// The same keys in another order.
			return joinKey(path, want.keys[i]), true
		default:
			return joinKey(path, got.keys[j]), true
		}
	}
	return "", false
}

var identifier = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// joinKey appends an object key to a key path: .key, or ["key"] when the key
// is not an identifier.
func joinKey(path, key string) string {
	if !identifier.MatchString(key) {
		return path + "[" + strconv.Quote(key) + "]"
	}
	if path == "" {
		return key
	}
	return path + "." + key
}

// describePath names a key path in a message.
func describePath(path string) string {
	if path == "" {
		return "the top-level value"
	}
	return path
}

// jsonDifference returns the key path of the first difference between two
// JSON documents, or "" when one of them is not JSON.
func jsonDifference(want, got []byte) string {
	w, err := decodeJSON(want)
	if err != nil {
		return ""
	}
	g, err := decodeJSON(got)
	if err != nil {
		return ""
	}
	p, _ := firstDifference(w, g, "")
	return describePath(p)
}

// An edit is one line of a diff: ' ' kept, '-' only in the old text, '+'
// only in the new one.
type edit struct {
	op   byte
	line string
}

// maxEdits bounds the work of the diff: past this many differing lines the
// differing middle is shown as all removed, then all added.
const maxEdits = 2000

// diffLines returns an edit script turning a into b with as few removed and
// added lines as it can find (Myers' algorithm, after the common head and
// tail are set aside).
func diffLines(a, b []string) []edit {
	head := 0
	for head < len(a) && head < len(b) && a[head] == b[head] {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	edits := make([]edit, 0, len(a)+len(b))
	for _, l := range a[:head] {
		edits = append(edits, edit{' ', l})
	}
	edits = append(edits, shortestEdit(a[head:len(a)-tail], b[head:len(b)-tail])...)
	for _, l := range a[len(a)-tail:] {
		edits = append(edits, edit{' ', l})
	}
	return edits
}

// shortestEdit is Myers' O((N+M)D) greedy algorithm, keeping the furthest
// reaching x of every diagonal after each step to walk the path back.
func shortestEdit(a, b []string) []edit {
	n, m := len(a), len(b)
	limit := min(n+m, maxEdits)
	off := limit + 1
	v := make([]int, 2*limit+3) // v[off+k]: the furthest x on diagonal k = x-y
	var trace [][]int           // trace[d]: v[off-d:off+d+1] before step d
	for d := 0; d <= limit; d++ {
		trace = append(trace, append([]int(nil), v[off-d:off+d+1]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1] // down: a line of b added
			} else {
				x = v[off+k-1] + 1 // right: a line of a removed
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(a, b, trace, d, k)
			}
		}
	}
	// Too different to be worth the search.
	edits := make([]edit, 0, n+m)
	for _, l := range a {
		edits = append(edits, edit{'-', l})
	}
	for _, l := range b {
		edits = append(edits, edit{'+', l})
	}
	return edits
}

// backtrack walks the path found at step d on diagonal k back to the start.
func backtrack(a, b []string, trace [][]int, d, k int) []edit {
	var rev []edit
	x, y := len(a), len(b)
	for ; d > 0; d-- {
		prev := trace[d] // indexed by k+d
		var pk int
		if k == -d || (k != d && prev[k-1+d] < prev[k+1+d]) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := prev[pk+d]
		py := px - pk
		// The move from (px, py) ends at x = midX; a run of equal
		// lines (the snake) leads from there to (x, y).
		midX := px
		if pk == k-1 {
			midX++ // right: a line of a removed
		}
		for x > midX {
			x--
			y--
			rev = append(rev, edit{' ', a[x]})
		}
		if pk == k+1 {
			rev = append(rev, edit{'+', b[py]})
		} else {
			rev = append(rev, edit{'-', a[px]})
		}
		x, y = px, py
		k = pk
	}
	for x > 0 && y > 0 {
		x--
		y--
		rev = append(rev, edit{' ', a[x]})
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// diffContext is how many unchanged lines a hunk shows around a change.
const diffContext = 3

// unifiedDiff returns the unified diff (as diff -u writes it) turning
// oldText, named oldName, into newText, named newName; "" when they are
// equal.
func unifiedDiff(oldName, newName string, oldText, newText []byte) string {
	edits := diffLines(splitLines(oldText), splitLines(newText))
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
	changed := false
	for start := 0; start < len(edits); {
		// The next change.
		c := start
		for c < len(edits) && edits[c].op == ' ' {
			c++
		}
		if c == len(edits) {
			break
		}
		changed = true
		// The hunk runs from diffContext lines before it to diffContext
		// lines after the last change that is no further than
		// 2*diffContext unchanged lines from the one before.
		from := max(c-diffContext, start)
		end := c
		for {
			for end < len(edits) && edits[end].op != ' ' {
				end++
			}
			next := end
			for next < len(edits) && edits[next].op == ' ' {
				next++
			}
			if next == len(edits) || next-end > 2*diffContext {
				break
			}
			end = next
		}
		to := min(end+diffContext, len(edits))
		writeHunk(&out, edits, from, to)
		start = to
	}
	if !changed {
		return ""
	}
	return out.String()
}

// writeHunk writes the hunk of edits[from:to] with its @@ header.
func writeHunk(out *strings.Builder, edits []edit, from, to int) {
	oldLine, newLine := 1, 1 // line numbers at edits[from]
	for _, e := range edits[:from] {
		if e.op != '+' {
			oldLine++
		}
		if e.op != '-' {
			newLine++
		}
	}
	oldCount, newCount := 0, 0
	for _, e := range edits[from:to] {
		if e.op != '+' {
			oldCount++
		}
		if e.op != '-' {
			newCount++
		}
	}
	// An empty range names the line before it.
	if oldCount == 0 {
		oldLine--
	}
	if newCount == 0 {
		newLine--
	}
	fmt.Fprintf(out, "@@ -%d,%d +%d,%d @@\n", oldLine, oldCount, newLine, newCount)
	for _, e := range edits[from:to] {
		out.WriteByte(e.op)
		out.WriteString(e.line)
		out.WriteByte('\n')
	}
}

// splitLines splits text into lines without their line feeds.
func splitLines(text []byte) []string {
	s := strings.TrimSuffix(string(text), "\n")
	if s == "" && len(text) == 0 {
		return nil
	}
	return strings.Split(s, "\n")
}

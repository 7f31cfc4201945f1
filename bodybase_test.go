package feedspec

import (
	"bytes"
	"slices"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBodyBasesWithoutDocument checks that an entry's body base is the
// same with the document let go as kept, for the forms of xml:base that
// keepBodyBases resolves directly (absolute, path-absolute, relative,
// repeated) and those it leaves to baseFor (a fragment, one xml:base under
// another, one on the content element, an opaque URL, an empty value);
// and that the bases are kept sorted by entry, in a slice of their number.
func TestBodyBasesWithoutDocument(t *testing.T) {
	doc := `<feed xmlns="http://www.w3.org/2005/Atom">
<entry xml:base="http://other.example/x/y"><id>1</id><content type="html">a</content></entry>
<entry xml:base="/p/q/"><id>2</id><content type="html">a</content></entry>
<entry xml:base="/p/q/"><id>3</id><content type="html">a</content></entry>
<entry xml:base="r/s"><id>4</id><summary type="html">a</summary></entry>
<entry xml:base="/f/#frag"><id>5</id><content type="html">a</content></entry>
<entry xml:base="/outer/"><id>6</id><content type="html" xml:base="inner/">a</content></entry>
<entry><id>7</id><content type="html" xml:base="/c/">a</content></entry>
<entry xml:base="a:0"><id>8</id><content type="html">a</content></entry>
<entry xml:base=""><id>9</id><content type="html">a</content></entry>
<entry><id>10</id><content type="html">a</content></entry>
<entry xml:base="HTTP://Upper.Example/A/"><id>11</id><content type="html">a</content></entry>
</feed>`
	opts := []Option{WithURL("https://example.com/feed/atom.xml"), WithXMLBase()}
	kept, err := ParseDocument(bytes.NewReader([]byte(doc)), opts...)
	require.NoError(t, err)
	gone, err := ParseDocument(bytes.NewReader([]byte(doc)), append(opts, WithoutDocument())...)
	require.NoError(t, err)
	require.Len(t, gone.Entries, len(kept.Entries))
	want := map[string]string{"1": "http://other.example/x/y", "2": "https://example.com/p/q/", "4": "https://example.com/feed/r/s",
		"7": "https://example.com/c/", "10": "https://example.com/feed/atom.xml", "11": "http://upper.example/A/"}
	for i, e := range kept.Entries {
		assert.Equal(t, e.bodyBase(), gone.Entries[i].bodyBase(), "entry %s", e.ID)
		if w, ok := want[e.ID]; ok {
			assert.Equal(t, w, gone.Entries[i].bodyBase(), "entry %s", e.ID)
		}
	}
	bases := gone.bodyBases
	require.NotEmpty(t, bases)
	assert.Equal(t, len(bases), cap(bases), "a slice of exactly their number")
	assert.True(t, slices.IsSortedFunc(bases, func(a, b entryBase) int {
		return int(uintptr(unsafe.Pointer(a.e))) - int(uintptr(unsafe.Pointer(b.e)))
	}), "sorted by entry")
	assert.Equal(t, uintptr(unsafe.Pointer(unsafe.StringData(gone.Entries[1].bodyBase()))), uintptr(unsafe.Pointer(unsafe.StringData(gone.Entries[2].bodyBase()))),
		"entries under equal xml:base values share the string")
}

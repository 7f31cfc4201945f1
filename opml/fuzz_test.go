package opml

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/feedspec/feedspec"
)

// FuzzParse parses any input: it never panics; a Document Parse returns
// is written as well-formed XML, and, when the parse met no limit, reads
// back as the same Document, written again as the same bytes, with the
// same Subscriptions; the document New makes of them is well-formed and
// names as many feeds.
//
//	go test -run '^$' -fuzz '^FuzzParse$' -fuzztime 15m -parallel 1 ./opml
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "opml", "*.opml"))
	if dir := filepath.Join("..", "..", "shared", "corpus", "opml"); dirExists(dir) {
		more, _ := filepath.Glob(filepath.Join(dir, "*"))
		seeds = append(seeds, more...)
	}
	for _, p := range seeds {
		// Seeds up to 8 KB: the fuzzer minimizes every input that finds
		// new coverage, which takes long for a large one.
		if b, err := os.ReadFile(p); err == nil && len(b) <= 8<<10 {
			f.Add(b, true)
		}
	}
	f.Add([]byte(`<opml><body><outline text="a" xmlUrl="b"><outline xmlurl="//c"/></outline></body></opml>`), false)
	f.Fuzz(func(t *testing.T, data []byte, withURL bool) {
		var opts []Option
		if withURL {
			opts = append(opts, WithURL("https://example.com/dir/list.opml"))
		}
		var diags []feedspec.Diagnostic
		d, err := Parse(bytes.NewReader(data), append(opts, WithDiagnostics(&diags))...)
		if d == nil {
			if !errors.Is(err, ErrNotOPML) {
				t.Fatalf("no Document and not ErrNotOPML: %v", err)
			}
			return
		}
		limited := err != nil
		if err != nil && !errors.Is(err, feedspec.ErrLimit) {
			t.Fatalf("Parse: %v", err)
		}
		subs := d.Subscriptions()
		var out bytes.Buffer
		if err := d.Write(&out); err != nil {
			t.Fatalf("Write of a parsed Document: %v", err)
		}
		if err := wellFormed(out.Bytes()); err != nil {
			t.Fatalf("Write wrote malformed XML (%v):\n%s", err, out.Bytes())
		}
		if limited {
			return
		}
		d2, err := Parse(bytes.NewReader(out.Bytes()), opts...)
		if err != nil {
			t.Fatalf("Parse of what Write wrote: %v\n%s", err, out.Bytes())
		}
		if !reflect.DeepEqual(d, d2) {
			t.Fatalf("the Document read back differs:\n%#v\n%#v\n%s", d, d2, out.Bytes())
		}
		var again bytes.Buffer
		if err := d2.Write(&again); err != nil || !bytes.Equal(out.Bytes(), again.Bytes()) {
			t.Fatalf("written again (%v):\n%s\n%s", err, out.Bytes(), again.Bytes())
		}
		if subs2 := d2.Subscriptions(); !reflect.DeepEqual(subs, subs2) {
			t.Fatalf("Subscriptions read back differ:\n%v\n%v", subs, subs2)
		}
		var made bytes.Buffer
		if err := New(d.Title, subs).Write(&made); err != nil {
			t.Fatalf("Write of New's Document: %v", err)
		}
		if err := wellFormed(made.Bytes()); err != nil {
			t.Fatalf("New's document is malformed XML (%v):\n%s", err, made.Bytes())
		}
		d3, err := Parse(bytes.NewReader(made.Bytes()))
		if err != nil {
			t.Fatalf("Parse of New's document: %v", err)
		}
		if n := len(d3.Subscriptions()); n != len(subs) {
			t.Fatalf("New's document names %d feeds, not %d:\n%s", n, len(subs), made.Bytes())
		}
	})
}

// FuzzWrite writes Documents made of any strings, as names, namespaces,
// values and texts: Write either refuses the Document (ErrInvalidDocument)
// or writes well-formed XML that reads back as the same values.
//
//	go test -run '^$' -fuzz '^FuzzWrite$' -fuzztime 5m -parallel 1 ./opml
func FuzzWrite(f *testing.F) {
	f.Add("title", "x:e", "urn:x", "a", "", "value", "text")
	f.Add("", "e", "", "xml:lang", "http://www.w3.org/XML/1998/namespace", "en", "\x00<&>\"")
	f.Add("t", "p:e", "urn:p", "p:a", "urn:q", "v", "]]>")
	f.Fuzz(func(t *testing.T, title, elName, elNS, attrName, attrNS, value, text string) {
		d := &Document{
			Title: title,
			Head:  []*Element{{Name: elName, Namespace: elNS, Text: text, Attrs: []Attr{{Name: attrName, Namespace: attrNS, Value: value}}}},
			Attrs: []Attr{{Name: attrName, Namespace: attrNS, Value: value}},
			Outlines: []*Outline{{Text: text, Title: title, XMLURL: value, Attrs: []Attr{{Name: attrName, Namespace: attrNS, Value: value}},
				Children: []*Outline{{Text: value}}}},
		}
		var out bytes.Buffer
		if err := d.Write(&out); err != nil {
			if !errors.Is(err, ErrInvalidDocument) {
				t.Fatalf("Write: %v", err)
			}
			return
		}
		if err := wellFormed(out.Bytes()); err != nil {
			t.Fatalf("malformed XML (%v):\n%s", err, out.Bytes())
		}
		back, err := Parse(bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatalf("Parse: %v\n%s", err, out.Bytes())
		}
		clean := func(s string) string { c, _ := cleanText(s); return c }
		if back.Outlines[0].Text != clean(text) || back.Outlines[0].Children[0].Text != clean(value) {
			t.Fatalf("values read back: %q %q\n%s", back.Outlines[0].Text, back.Outlines[0].Children[0].Text, out.Bytes())
		}
	})
}

// dirExists reports whether dir is a directory.
func dirExists(dir string) bool {
	st, err := os.Stat(dir)
	return err == nil && st.IsDir()
}

// Command jsongen writes json_gen.go, the canonical JSON's encoder and
// decoder for the model types of package feedspec, from the json tags of
// their fields: each JSON key is declared once, in its field's tag.
//
// Run it from the package's directory (go generate does, through the
// directive in json.go):
//
//	go generate
//
// It reads the package's Go files (not its tests), takes every struct type
// with a json tag on a field as a model type, and writes, for each, an
// encoder (appendXJSON), a decoder (jsonReader.readX), MarshalJSON and
// UnmarshalJSON. The keys are written in the order of the fields.
//
// Every exported field of a model type has a json tag: "-" when it is not
// in the JSON, else its key and options. The options are encoding/json's
// omitempty (a nil pointer, an empty list, "" or false is left out; a field
// without it is always written, which only numbers may be) and two formats,
// named as encoding/json/v2 names its own:
//
//   - format:wholesec: a *time.Duration written as whole seconds (an
//     integer, the fraction dropped);
//   - format:sec: a time.Duration or a *time.Duration written as seconds
//     with their fraction.
//
// A struct type whose doc comment holds the directive //jsongen:skip is
// not a model type: its json tags are for encoding/json (NormalizedEntry).
//
// A second tag, jsongen, holds options separated by commas: "stream" marks
// a list of objects after each of whose elements WriteJSON may write out
// its buffer (the feed's entries); "maxitems", "maxperentry" and
// "maxperfeed" mark a list (of objects, or []string) that reading bounds
// as parsing does: by Limits.MaxItems' budget (the feed's entries), by
// MaxPerEntry (an entry's links, categories...), by ten times MaxPerEntry
// (the feed's own). Reading also counts every element of every list of
// objects against a budget that follows the input's size (unmarshal.go).
//
// Reading a value resets all its fields but one tagged "-" whose type is a
// pointer to a model type P that lists this type ([]*T): that one is kept,
// and set, when reading a P, to the P being read (an entry's Feed).
//
// The field types it knows are string, *string, bool, *bool, int, *int,
// *int64, float64, *float64, *time.Time, *time.Duration, time.Duration,
// *Text, []string, []int, *T, []*T and []T for a model type T, and S for a
// string type S declared in the package (type S string: written and read as
// a string); any other type is an error, as is a tag it cannot honour. TestGenerated fails when
// json_gen.go is not what jsongen writes.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// outputFile is the file jsongen writes, in the package's directory.
const outputFile = "json_gen.go"

func main() {
	src, err := generate(".")
	if err == nil {
		err = os.WriteFile(outputFile, src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "jsongen:", err)
		os.Exit(1)
	}
}

// A model is a struct type with json tags.
type model struct {
	name   string
	fields []field // the fields in the JSON, in order
	kept   []field // exported fields tagged "-"
	stream bool    // a field has the stream option
}

// A field is one key of a model's JSON.
type field struct {
	goName  string
	key     string
	typ     string // the Go type as written: "*time.Time", "[]*Person"
	kind    string // see kindOf
	elem    string // the model type of *T, []*T and []T
	omit    bool   // omitempty
	format  string // format:...
	stream  bool
	limit   string // the list's limit when read: "", "items", "perentry", "perfeed"
	backPtr string // for a kept field: the model type it points to
}

// generate reads the package in dir and returns json_gen.go's source.
func generate(dir string) ([]byte, error) {
	fset := token.NewFileSet()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var models []*model
	byName := map[string]*model{}
	strTypes := map[string]bool{} // the package's string types (type S string)
	for _, path := range paths {
		base := filepath.Base(path)
		if strings.HasSuffix(base, "_test.go") || base == outputFile {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution|parser.ParseComments)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				if id, ok := ts.Type.(*ast.Ident); ok && id.Name == "string" && ts.Assign == 0 {
					strTypes[ts.Name.Name] = true
					continue
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok || !hasJSONTag(st) || skipped(gd, ts) {
					continue
				}
				m, err := readModel(fset, ts.Name.Name, st)
				if err != nil {
					return nil, err
				}
				models = append(models, m)
				byName[m.name] = m
			}
		}
	}
	if len(models) == 0 {
		return nil, errors.New("no struct type with json tags in " + dir)
	}
	sort.Slice(models, func(i, j int) bool { return models[i].name < models[j].name })
	for _, m := range models {
		for i := range m.fields {
			f := &m.fields[i]
			if err := classify(f, byName, strTypes); err != nil {
				return nil, fmt.Errorf("%s.%s: %w", m.name, f.goName, err)
			}
			if f.stream {
				m.stream = true
			}
		}
		for i := range m.kept {
			k := &m.kept[i]
			if t, ok := strings.CutPrefix(k.typ, "*"); ok && byName[t] != nil {
				k.backPtr = t
			}
		}
	}
	g := &gen{models: models, byName: byName}
	g.file()
	out, err := format.Source(g.buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting the output: %w\n%s", err, g.buf.Bytes())
	}
	return out, nil
}

// hasJSONTag reports whether a field of st has a json tag.
func hasJSONTag(st *ast.StructType) bool {
	for _, f := range st.Fields.List {
		if _, ok := jsonTag(f); ok {
			return true
		}
	}
	return false
}

// jsonTag returns f's json tag.
func jsonTag(f *ast.Field) (string, bool) { return tagValue(f, "json") }

// tagValue returns the value of f's tag key.
func tagValue(f *ast.Field, key string) (string, bool) {
	if f.Tag == nil {
		return "", false
	}
	s, err := strconv.Unquote(f.Tag.Value)
	if err != nil {
		return "", false
	}
	return reflect.StructTag(s).Lookup(key)
}

// readModel reads the fields of the struct type name.
func readModel(fset *token.FileSet, name string, st *ast.StructType) (*model, error) {
	m := &model{name: name}
	keys := map[string]bool{}
	for _, f := range st.Fields.List {
		tag, tagged := jsonTag(f)
		exported := false
		for _, n := range f.Names {
			exported = exported || n.IsExported()
		}
		if len(f.Names) == 0 {
			return nil, fmt.Errorf("%s: an embedded field is not supported", name)
		}
		if !exported {
			if tagged {
				return nil, fmt.Errorf("%s.%s: an unexported field with a json tag", name, f.Names[0].Name)
			}
			continue
		}
		if !tagged {
			return nil, fmt.Errorf("%s.%s: an exported field without a json tag (write json:\"-\" to leave it out)", name, f.Names[0].Name)
		}
		if len(f.Names) != 1 {
			return nil, fmt.Errorf("%s.%s: a json tag on a line declaring several fields", name, f.Names[0].Name)
		}
		var typ bytes.Buffer
		if err := format.Node(&typ, fset, f.Type); err != nil {
			return nil, err
		}
		fd := field{goName: f.Names[0].Name, typ: typ.String()}
		if tag == "-" {
			m.kept = append(m.kept, fd)
			continue
		}
		if g, ok := tagValue(f, "jsongen"); ok {
			for _, o := range strings.Split(g, ",") {
				switch o {
				case "stream":
					fd.stream = true
				case "maxitems", "maxperentry", "maxperfeed":
					if fd.limit != "" {
						return nil, fmt.Errorf("%s.%s: two limits in the jsongen tag %q", name, fd.goName, g)
					}
					fd.limit = strings.TrimPrefix(o, "max")
				default:
					return nil, fmt.Errorf("%s.%s: unknown jsongen tag %q", name, fd.goName, g)
				}
			}
		}
		parts := strings.Split(tag, ",")
		fd.key = parts[0]
		if fd.key == "" || needsEscaping(fd.key) || keys[fd.key] {
			return nil, fmt.Errorf("%s.%s: the key %q is empty, needs escaping or is repeated", name, fd.goName, fd.key)
		}
		keys[fd.key] = true
		for _, o := range parts[1:] {
			switch {
			case o == "omitempty":
				fd.omit = true
			case o == "format:sec" || o == "format:wholesec":
				fd.format = strings.TrimPrefix(o, "format:")
			default:
				return nil, fmt.Errorf("%s.%s: unknown json option %q", name, fd.goName, o)
			}
		}
		m.fields = append(m.fields, fd)
	}
	return m, nil
}

// needsEscaping reports whether a key has a byte that a JSON string does
// not hold as it is (with json.Marshal's HTML escaping), or one that is not
// printable ASCII: the encoder writes keys as they are.
func needsEscaping(key string) bool {
	for i := 0; i < len(key); i++ {
		if c := key[i]; c < 0x20 || c >= 0x7f || strings.IndexByte("\"\\<>&", c) >= 0 {
			return true
		}
	}
	return false
}

// classify sets f.kind (and f.elem) from f.typ and checks its options;
// strTypes are the package's string types.
func classify(f *field, models map[string]*model, strTypes map[string]bool) error {
	kind := f.typ
	if strTypes[f.typ] {
		if !f.omit {
			return errors.New(f.typ + " needs omitempty (the canonical JSON leaves out its zero value)")
		}
		f.kind, f.elem = "S", f.typ
		return nil
	}
	switch f.typ {
	case "string", "bool", "*string", "*bool", "*int", "*int64", "*float64", "*time.Time", "*Text", "[]string", "[]int":
		if !f.omit {
			return errors.New(f.typ + " needs omitempty (the canonical JSON leaves out its zero value)")
		}
	case "int", "float64":
		if f.omit {
			return errors.New(f.typ + " with omitempty: not supported (a number field is always written)")
		}
	case "time.Duration":
		if f.omit || f.format != "sec" {
			return errors.New("a time.Duration is written with format:sec, without omitempty")
		}
	case "*time.Duration":
		if !f.omit || f.format == "" {
			return errors.New("a *time.Duration is written with omitempty,format:wholesec or omitempty,format:sec")
		}
		if f.format == "sec" {
			kind = "*time.Duration sec"
		}
	default:
		for _, prefix := range []string{"[]*", "[]", "*"} {
			if t, ok := strings.CutPrefix(f.typ, prefix); ok {
				if models[t] == nil {
					return fmt.Errorf("the type %s is not a model type (no json tags)", t)
				}
				if !f.omit {
					return errors.New(f.typ + " needs omitempty")
				}
				kind, f.elem = prefix+"T", t
				break
			}
		}
		if f.elem == "" {
			return errors.New("the type " + f.typ + " is not supported")
		}
	}
	if f.format != "" && !strings.HasSuffix(f.typ, "time.Duration") {
		return errors.New("format:" + f.format + " on a " + f.typ)
	}
	if f.stream && kind != "[]*T" && kind != "[]T" {
		return errors.New("stream on a field that is not a list of objects")
	}
	if f.limit != "" && kind != "[]*T" && kind != "[]T" && kind != "[]string" {
		return errors.New("max" + f.limit + " on a field that is not a list of objects or strings")
	}
	f.kind = kind
	return nil
}

// A gen writes json_gen.go.
type gen struct {
	buf     bytes.Buffer
	models  []*model
	byName  map[string]*model
	strconv bool // the code calls package strconv
}

func (g *gen) p(format string, args ...any) {
	fmt.Fprintf(&g.buf, format, args...)
	g.buf.WriteByte('\n')
}

func (g *gen) file() {
	for _, m := range g.models {
		g.marshal(m)
		g.unmarshal(m)
		g.encoder(m)
		g.decoder(m)
	}
	body := append([]byte(nil), g.buf.Bytes()...)
	g.buf.Reset()
	g.p("// Code generated by internal/cmd/jsongen from the json tags of the model types; DO NOT EDIT.")
	g.p("")
	g.p("package feedspec")
	g.p("")
	if g.strconv {
		g.p("import \"strconv\"")
		g.p("")
	}
	g.buf.Write(body)
}

// keyList is "a, b and c" of m's keys, with "(always written)" after the
// keys without omitempty.
func keyList(m *model) string {
	var keys []string
	for _, f := range m.fields {
		var notes []string
		switch f.format {
		case "wholesec":
			notes = append(notes, "whole seconds")
		case "sec":
			notes = append(notes, "seconds")
		}
		if !f.omit {
			notes = append(notes, "always written")
		}
		k := f.key
		if len(notes) > 0 {
			k += " (" + strings.Join(notes, ", ") + ")"
		}
		keys = append(keys, k)
	}
	if len(keys) == 1 {
		return "the key " + keys[0]
	}
	return "the keys " + strings.Join(keys[:len(keys)-1], ", ") + " and " + keys[len(keys)-1]
}

// notes are what the docs of MarshalJSON and UnmarshalJSON add for a type.
var notes = map[string]string{
	"Feed": "The document is not in the JSON: Document, Element and JSONObject are nil afterwards. " +
		"A Node text keeps its HTML serialization as written, and its Node is parsed from it on first use.",
	"Entry": "Element and JSONObject are nil afterwards.",
}

// limitNotes say, in the doc of UnmarshalJSON, how reading bounds what b
// makes (unmarshal.go).
var limitNotes = map[string]string{
	"Feed": "What b makes is bounded as parsing bounds it, whatever b's size: the feed holds at most the entries " +
		"Limits.MaxItems' default allows for len(b) bytes (the smaller of 100,000 and max(2,500, len(b)/128)), " +
		"and at most 10,000 (ten times MaxPerEntry's default) of its own links, category details, authors and " +
		"contributors; an entry as Entry.UnmarshalJSON says; and all the lists of objects together hold at most " +
		"max(16,384, len(b)/16) elements (and 4 Mi: MaxNodes' rule). Past a limit the rest of that list is left " +
		"out and the rest of b is read: v holds what was read, and the error, for the first limit reached, wraps " +
		"ErrLimit (a *LimitError naming MaxItems, MaxPerEntry or MaxNodes, with the byte offset in b).",
	"Entry": "What b makes is bounded as parsing bounds it: at most 1,000 (MaxPerEntry's default) of each of the " +
		"entry's links, categories, category details, enclosures, authors and contributors, and of its source's " +
		"authors and category details, and all the lists of objects together as Feed.UnmarshalJSON says; past a " +
		"limit the rest of that list is left out, and the error wraps ErrLimit.",
}

// hasObjectList reports whether m has a list of objects, or one inside a
// model it holds.
func (g *gen) hasObjectList(m *model) bool {
	seen := map[string]bool{}
	var walk func(m *model) bool
	walk = func(m *model) bool {
		if seen[m.name] {
			return false
		}
		seen[m.name] = true
		for _, f := range m.fields {
			switch f.kind {
			case "[]*T", "[]T":
				return true
			case "*T":
				if walk(g.byName[f.elem]) {
					return true
				}
			}
		}
		return false
	}
	return walk(m)
}

// article is "a name" or "an name".
func article(name string) string {
	if strings.ContainsRune("AEIOU", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

func (g *gen) comment(text string) {
	const width = 76
	line := "//"
	for _, w := range strings.Fields(text) {
		if len(line)+1+len(w) > width && line != "//" {
			g.p("%s", line)
			line = "//"
		}
		line += " " + w
	}
	g.p("%s", line)
}

func (g *gen) marshal(m *model) {
	doc := fmt.Sprintf("MarshalJSON returns the canonical JSON of %s: an object with %s", article(m.name), keyList(m))
	if len(m.fields) > 1 {
		doc += ", in that order, each omitted when null, false, \"\" or an empty list"
	} else if m.fields[0].omit {
		doc += ", omitted when null, false, \"\" or an empty list"
	}
	doc += "."
	if names := fieldNames(m.kept, false); len(names) == 1 {
		doc += " " + names[0] + " is not written."
	} else if len(names) > 1 {
		doc += " " + joinNames(names) + " are not written."
	}
	doc += " Strings are not HTML-escaped (Feed.AppendJSON and json.Marshal escape <, > and &)."
	g.comment(doc)
	size := 64
	for _, f := range m.fields {
		if f.kind == "*Text" || f.kind == "[]*T" || f.kind == "[]T" {
			size = 256
		}
	}
	if m.stream {
		g.p("func (v %s) MarshalJSON() ([]byte, error) {", m.name)
		g.p("return jsonEnc{}.append%sJSON(make([]byte, 0, 1024), &v, nil)", m.name)
	} else {
		g.p("func (v %s) MarshalJSON() ([]byte, error) {", m.name)
		g.p("return jsonEnc{}.append%sJSON(make([]byte, 0, %d), &v), nil", m.name, size)
	}
	g.p("}")
	g.p("")
}

func (g *gen) unmarshal(m *model) {
	doc := fmt.Sprintf("UnmarshalJSON reads the canonical JSON of %s (what MarshalJSON writes) into v, replacing all of it", article(m.name))
	if names := fieldNames(m.kept, true); len(names) > 0 {
		doc += " but its " + joinNames(names)
	}
	doc += ": the canonical JSON of the result is b's, byte for byte, when b is canonical JSON. " +
		"Keys it does not know are ignored (a newer version may write more); a value of the wrong type, " +
		"or a date that is not RFC 3339, is an error naming its key path " +
		"(\"entries[3].published: not an RFC 3339 date\"). null leaves v as it is."
	if names := fieldNames(resetKept(m), false); len(names) == 1 {
		doc += " " + names[0] + ", not in the JSON, is zero afterwards."
	} else if len(names) > 1 {
		doc += " " + joinNames(names) + ", not in the JSON, are zero afterwards."
	}
	for _, f := range m.fields {
		if f.kind == "[]*T" {
			for _, k := range g.byName[f.elem].kept {
				if k.backPtr == m.name {
					doc += fmt.Sprintf(" The %s of each of %s is v.", k.goName, f.goName)
				}
			}
		}
	}
	if n := notes[m.name]; n != "" {
		doc += " " + n
	}
	if n := limitNotes[m.name]; n != "" {
		doc += " " + n
	} else if g.hasObjectList(m) {
		doc += " Its lists of objects are bounded by b's size, as Feed.UnmarshalJSON says."
	}
	g.comment(doc)
	g.p("func (v *%s) UnmarshalJSON(b []byte) error {", m.name)
	g.p("r, i, ok, err := unmarshalStart(b)")
	g.p("if !ok {")
	g.p("return err")
	g.p("}")
	g.p("return r.read%s(v, i)", m.name)
	g.p("}")
	g.p("")
}

// encoder writes appendXJSON. Each member is appended with the comma
// before it, its key and the colon as one constant piece (member); the
// object's first comma becomes its opening brace at the end (endObject),
// so that no member asks whether one came before it.
func (g *gen) encoder(m *model) {
	g.p("// append%sJSON appends v's canonical JSON to b: each member after a", m.name)
	g.p("// comma, the first comma made the opening brace by endObject.")
	if m.stream {
		g.p("// When flush is not nil it is called between the elements of a")
		g.p("// stream list once b holds jsonFlushSize bytes or more, and encoding")
		g.p("// goes on in the slice it returns (WriteJSON).")
		g.p("func (w jsonEnc) append%sJSON(b []byte, v *%s, flush func([]byte) ([]byte, error)) ([]byte, error) {", m.name, m.name)
	} else {
		g.p("func (w jsonEnc) append%sJSON(b []byte, v *%s) []byte {", m.name, m.name)
	}
	g.p("s := len(b)")
	for _, f := range m.fields {
		g.encodeField(f)
	}
	if m.stream {
		g.p("return endObject(b, s), nil")
	} else {
		g.p("return endObject(b, s)")
	}
	g.p("}")
	g.p("")
}

// member returns the Go literal of what starts the member key: the comma,
// the quoted key and the colon, followed by more (the start of the value).
func member(key, more string) string {
	s := ",\"" + key + "\":" + more
	if strconv.CanBackquote(s) {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}

// appendCall is the call that appends a model value x (a pointer).
func (g *gen) appendCall(t, x string) string {
	if g.byName[t].stream {
		panic("jsongen: a stream type inside another model type")
	}
	return fmt.Sprintf("w.append%sJSON(b, %s)", t, x)
}

func (g *gen) encodeField(f field) {
	v, k := "v."+f.goName, member(f.key, "")
	switch f.kind {
	case "string":
		g.p("b = w.appendStringField(b, %s, %s)", member(f.key, `"`), v)
	case "S":
		g.p("b = w.appendStringField(b, %s, string(%s))", member(f.key, `"`), v)
	case "*string":
		g.p("if %s != nil {", v)
		g.p("b = append(b, %s...)", member(f.key, `"`))
		g.p("b = w.appendStringEnd(b, *%s)", v)
		g.p("}")
	case "bool":
		g.p("if %s {", v)
		g.p("b = append(b, %s...)", member(f.key, "true"))
		g.p("}")
	case "*bool":
		g.p("b = w.appendBoolField(b, %s, %s)", k, v)
	case "int":
		g.strconv = true
		g.p("b = append(b, %s...)", k)
		g.p("b = strconv.AppendInt(b, int64(%s), 10)", v)
	case "*int":
		g.p("b = w.appendIntField(b, %s, %s)", k, v)
	case "*int64":
		g.p("b = w.appendInt64Field(b, %s, %s)", k, v)
	case "float64":
		g.p("b = w.appendFloatField(b, %s, &%s)", k, v)
	case "*float64":
		g.p("b = w.appendFloatField(b, %s, %s)", k, v)
	case "*time.Time":
		g.p("b = w.appendDateField(b, %s, %s)", member(f.key, `"`), v)
	case "*time.Duration":
		g.p("b = w.appendWholeSecondsField(b, %s, %s)", k, v)
	case "*time.Duration sec":
		g.p("if %s != nil {", v)
		g.p("b = w.appendSecondsField(b, %s, *%s)", k, v)
		g.p("}")
	case "time.Duration":
		g.p("b = w.appendSecondsField(b, %s, %s)", k, v)
	case "*Text":
		g.p("b = w.appendTextField(b, %s, %s)", k, v)
	case "[]string":
		g.p("b = w.appendStringsField(b, %s, %s)", member(f.key, "["), v)
	case "[]int":
		g.p("b = w.appendIntsField(b, %s, %s)", member(f.key, "["), v)
	case "*T":
		g.p("if %s != nil {", v)
		g.p("b = append(b, %s...)", k)
		g.p("b = %s", g.appendCall(f.elem, v))
		g.p("}")
	case "[]*T", "[]T":
		g.p("if len(%s) > 0 {", v)
		g.p("b = append(b, %s...)", member(f.key, "["))
		if f.stream {
			g.p("b[s] = '{' // the object opened now: b may be flushed from here on")
			g.p("s = -1")
		}
		if f.kind == "[]*T" {
			g.p("for i, x := range %s {", v)
		} else {
			g.p("for i := range %s {", v)
		}
		g.p("if i > 0 {")
		g.p("b = append(b, ',')")
		g.p("}")
		if f.kind == "[]*T" {
			g.p("if x == nil {")
			g.p("b = append(b, \"null\"...)")
			g.p("continue")
			g.p("}")
			g.p("b = %s", g.appendCall(f.elem, "x"))
		} else {
			g.p("b = %s", g.appendCall(f.elem, "&"+v+"[i]"))
		}
		if f.stream {
			g.p("if flush != nil && len(b) >= jsonFlushSize {")
			g.p("var err error")
			g.p("if b, err = flush(b); err != nil {")
			g.p("return b, err")
			g.p("}")
			g.p("}")
		}
		g.p("}")
		g.p("b = append(b, ']')")
		g.p("}")
	default:
		panic("jsongen: kind " + f.kind)
	}
}

// listLimits are the limit constants of unmarshal.go for each field.limit.
var listLimits = map[string]string{
	"":         "noListLimit",
	"items":    "itemsLimit",
	"perentry": "entryLimit",
	"perfeed":  "feedLimit",
}

// leafReaders are the jsonReader methods that read a value of each kind.
var leafReaders = map[string]string{
	"string":             "str",
	"*string":            "strPtr",
	"bool":               "isTrue",
	"*bool":              "boolPtr",
	"int":                "intValue",
	"*int":               "intPtr",
	"*int64":             "int64Ptr",
	"float64":            "floatValue",
	"*float64":           "float",
	"*time.Time":         "date",
	"*time.Duration":     "seconds",
	"*time.Duration sec": "fractionalSecondsPtr",
	"time.Duration":      "fractionalSeconds",
	"*Text":              "text",
	"[]string":           "stringList",
	"[]int":              "ints",
}

// decoder writes jsonReader.readX.
func (g *gen) decoder(m *model) {
	doc := fmt.Sprintf("read%s reads the %s at r.data[i] into v, which is reset first", m.name, m.name)
	if names := fieldNames(m.kept, true); len(names) > 0 {
		doc += " (its " + joinNames(names) + " kept)"
	}
	g.comment(doc + ".")
	g.p("func (r *jsonReader) read%s(v *%s, i int) error {", m.name, m.name)
	var kept []string
	for _, k := range m.kept {
		if k.backPtr != "" {
			kept = append(kept, k.goName+": v."+k.goName)
		}
	}
	g.p("*v = %s{%s}", m.name, strings.Join(kept, ", "))
	g.p("return r.members(i, func(key []byte, vs, ve int) (err error) {")
	g.p("switch string(key) {")
	for _, f := range m.fields {
		v := "v." + f.goName
		g.p("case %s:", strconv.Quote(f.key))
		if f.kind == "[]string" {
			g.p("%s, err = r.stringList(vs, ve, %s)", v, listLimits[f.limit])
			continue
		}
		if name, ok := leafReaders[f.kind]; ok {
			g.p("%s, err = r.%s(vs, ve)", v, name)
			continue
		}
		switch f.kind {
		case "S":
			g.p("var x string")
			g.p("x, err = r.str(vs, ve)")
			g.p("%s = %s(x)", v, f.elem)
		case "*T":
			g.p("%s = nil", v)
			g.p("if r.data[vs] != 'n' {")
			g.p("%s = &%s{}", v, f.elem)
			g.p("err = r.read%s(%s, vs)", f.elem, v)
			g.p("}")
		case "[]*T":
			init := ""
			for _, k := range g.byName[f.elem].kept {
				if k.backPtr == m.name {
					init = k.goName + ": v"
				}
			}
			g.p("%s = nil", v)
			g.p("if n := r.listSize(vs, %s, true); n > 0 {", listLimits[f.limit])
			g.p("%s = make(%s, 0, n)", v, f.typ)
			g.p("}")
			g.p("err = r.elements(vs, func(vs, _ int) error {")
			g.p("if err := r.room(len(%s), %s, true, vs); err != nil {", v, listLimits[f.limit])
			g.p("return err")
			g.p("}")
			g.p("if r.data[vs] == 'n' {")
			g.p("%s = append(%s, nil)", v, v)
			g.p("return nil")
			g.p("}")
			g.p("x := &%s{%s}", f.elem, init)
			g.p("%s = append(%s, x)", v, v)
			g.p("return r.read%s(x, vs)", f.elem)
			g.p("})")
		case "[]T":
			g.p("%s = nil", v)
			g.p("if n := r.listSize(vs, %s, true); n > 0 {", listLimits[f.limit])
			g.p("%s = make(%s, 0, n)", v, f.typ)
			g.p("}")
			g.p("err = r.elements(vs, func(vs, _ int) error {")
			g.p("if err := r.room(len(%s), %s, true, vs); err != nil {", v, listLimits[f.limit])
			g.p("return err")
			g.p("}")
			g.p("%s = append(%s, %s{})", v, v, f.elem)
			g.p("return r.read%s(&%s[len(%s)-1], vs)", f.elem, v, v)
			g.p("})")
		default:
			panic("jsongen: kind " + f.kind)
		}
	}
	g.p("}")
	g.p("return err")
	g.p("})")
	g.p("}")
	g.p("")
}

// skipped reports whether the declaration of ts carries the directive
// //jsongen:skip in its doc comment.
func skipped(gd *ast.GenDecl, ts *ast.TypeSpec) bool {
	for _, doc := range []*ast.CommentGroup{gd.Doc, ts.Doc} {
		if doc == nil {
			continue
		}
		for _, c := range doc.List {
			if strings.TrimSpace(c.Text) == "//jsongen:skip" {
				return true
			}
		}
	}
	return false
}

// fieldNames returns the Go names of the fields tagged "-" among kept:
// those that point back to the model holding the value (an entry's Feed),
// which reading keeps, when backPtr is true; else all of them.
func fieldNames(kept []field, backPtr bool) []string {
	var names []string
	for _, k := range kept {
		if !backPtr || k.backPtr != "" {
			names = append(names, k.goName)
		}
	}
	return names
}

// resetKept returns the fields tagged "-" of m that reading resets: all but
// the back pointers.
func resetKept(m *model) []field {
	var r []field
	for _, k := range m.kept {
		if k.backPtr == "" {
			r = append(r, k)
		}
	}
	return r
}

// joinNames joins names as prose: "A", "A and B", "A, B and C".
func joinNames(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

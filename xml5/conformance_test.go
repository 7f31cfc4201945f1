package xml5

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// confDir is where the shared conformance suite lives, relative to this
// package's directory (the repository's sibling "shared" folder).
const confDir = "../../shared/conformance/xml5"

type confCase struct {
	file     string
	index    int // 1-based within the file
	data     string
	document string
}

var sectionNames = map[string]bool{
	"data": true, "errors": true, "document": true, "xml-version": true,
	"xml-encoding": true, "xml-standalone": true, "entities": true, "checker": true,
}

// unescapeDat decodes \uXXXX and \UXXXXXXXX escapes, pairing surrogates.
func unescapeDat(s string) string {
	var b strings.Builder
	var pending rune = -1
	flush := func() {
		if pending >= 0 {
			b.WriteRune(utf8.RuneError)
			pending = -1
		}
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == 'u' || s[i+1] == 'U') {
			n := 4
			if s[i+1] == 'U' {
				n = 8
			}
			if i+2+n <= len(s) {
				if v, err := strconv.ParseUint(s[i+2:i+2+n], 16, 32); err == nil {
					r := rune(v)
					i += 1 + n
					switch {
					case r >= 0xD800 && r <= 0xDBFF:
						flush()
						pending = r
					case r >= 0xDC00 && r <= 0xDFFF:
						if pending >= 0 {
							b.WriteRune(0x10000 + (pending-0xD800)<<10 + (r - 0xDC00))
							pending = -1
						} else {
							b.WriteRune(utf8.RuneError)
						}
					default:
						flush()
						b.WriteRune(r)
					}
					continue
				}
			}
		}
		flush()
		b.WriteByte(s[i])
	}
	flush()
	return b.String()
}

// readDat parses one .dat file into cases.
func readDat(path string) ([]confCase, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	type section struct {
		name    string
		escaped bool
		lines   []string
	}
	var cases []confCase
	var secs []*section
	finish := func() {
		if len(secs) == 0 {
			return
		}
		last := secs[len(secs)-1]
		if n := len(last.lines); n > 0 && last.lines[n-1] == "" {
			last.lines = last.lines[:n-1]
		}
		c := confCase{file: filepath.Base(path), index: len(cases) + 1}
		for _, sec := range secs {
			body := strings.Join(sec.lines, "\n")
			if sec.escaped {
				body = unescapeDat(body)
			}
			switch sec.name {
			case "data":
				c.data = body
			case "document":
				c.document = body
			}
		}
		cases = append(cases, c)
		secs = nil
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			fields := strings.Fields(line[1:])
			if len(fields) > 0 && sectionNames[fields[0]] {
				if fields[0] == "data" {
					finish()
				}
				sec := &section{name: fields[0]}
				if len(fields) > 1 && fields[1] == "escaped" {
					sec.escaped = true
				}
				secs = append(secs, sec)
				continue
			}
		}
		if len(secs) > 0 {
			secs[len(secs)-1].lines = append(secs[len(secs)-1].lines, line)
		}
	}
	finish()
	return cases, sc.Err()
}

var nsWords = map[string]string{
	"http://www.w3.org/2000/svg":           "svg",
	"http://www.w3.org/1998/Math/MathML":   "math",
	"http://www.w3.org/1999/xlink":         "xlink",
	"http://www.w3.org/XML/1998/namespace": "xml",
	"http://www.w3.org/2000/xmlns/":        "xmlns",
}

func nsLabel(ns string) string {
	if w, ok := nsWords[ns]; ok {
		return w + " "
	}
	return "{" + ns + "} "
}

// dumpTree prints a document in the suite's format, one entry per node.
func dumpTree(doc *Document) []string {
	var out []string
	line := func(depth int, s string) {
		out = append(out, "| "+strings.Repeat("  ", depth)+s)
	}
	// Iterative walk: the tree may be deep.
	type frame struct {
		n     *Node
		depth int
	}
	var stack []frame
	for c := doc.Node.LastChild; c != nil; c = c.PrevSibling {
		stack = append(stack, frame{c, 0})
	}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n, d := f.n, f.depth
		switch n.Type {
		case ElementNode:
			switch n.Namespace {
			case "http://www.w3.org/1999/xhtml":
				line(d, "<"+n.Local+">")
			default:
				line(d, "<"+nsLabel(n.Namespace)+n.Local+">")
			}
			var attrs []string
			for _, a := range n.Attr {
				s := a.Local + "=\"" + a.Value + "\""
				if a.Namespace != "" {
					s = nsLabel(a.Namespace) + s
				}
				attrs = append(attrs, s)
			}
			sort.Strings(attrs)
			for _, a := range attrs {
				line(d+1, a)
			}
		case TextNode:
			line(d, "\""+n.Data+"\"")
		case CommentNode:
			line(d, "<!-- "+n.Data+" -->")
		case ProcessingInstructionNode:
			line(d, "<?"+n.Local+" "+n.Data+"?>")
		case DoctypeNode:
			if n.PublicID() != "" || n.SystemID() != "" {
				line(d, "<!DOCTYPE "+n.Local+" \""+n.PublicID()+"\" \""+n.SystemID()+"\">")
			} else {
				line(d, "<!DOCTYPE "+n.Local+">")
			}
		}
		for c := n.LastChild; c != nil; c = c.PrevSibling {
			stack = append(stack, frame{c, d + 1})
		}
	}
	return out
}

// expectedEntries splits an expected #document into entries (a line
// starting with "| " and its continuation lines), leaving out the DTD
// declarations described under a DOCTYPE.
func expectedEntries(doc string) []string {
	if doc == "" {
		return nil
	}
	var entries []string
	for _, l := range strings.Split(doc, "\n") {
		if strings.HasPrefix(l, "| ") || len(entries) == 0 {
			entries = append(entries, l)
		} else {
			entries[len(entries)-1] += "\n" + l
		}
	}
	var out []string
	doctypeDepth, skipDepth := -1, -1
	for _, e := range entries {
		body := strings.TrimPrefix(e, "| ")
		depth := (len(body) - len(strings.TrimLeft(body, " "))) / 2
		body = strings.TrimLeft(body, " ")
		if skipDepth >= 0 && depth > skipDepth {
			continue
		}
		skipDepth = -1
		if doctypeDepth >= 0 && depth <= doctypeDepth {
			doctypeDepth = -1
		}
		if strings.HasPrefix(body, "<!DOCTYPE") {
			doctypeDepth = depth
		} else if doctypeDepth >= 0 && depth == doctypeDepth+1 && strings.HasPrefix(body, "<!") && !strings.HasPrefix(body, "<!--") {
			skipDepth = depth
			continue
		}
		out = append(out, e)
	}
	return out
}

func loadKnownFailures(t *testing.T) map[string]string {
	known := map[string]string{}
	data, err := os.ReadFile("testdata/known-failures.txt")
	if err != nil {
		return known
	}
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		id, reason, _ := strings.Cut(l, " ")
		known[id] = reason
	}
	return known
}

func TestConformance(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(confDir, "*.dat"))
	if len(files) == 0 {
		t.Skipf("conformance suite not found in %s", confDir)
	}
	known := loadKnownFailures(t)
	verbose := os.Getenv("XML5_CONFORMANCE_VERBOSE") != ""
	passed, failed := 0, 0
	for _, path := range files {
		cases, err := readDat(path)
		require.NoError(t, err)
		for _, c := range cases {
			id := fmt.Sprintf("%s#%d", c.file, c.index)
			doc, err := Parse(strings.NewReader(c.data), WithCharset("utf-8"))
			assert.NoError(t, err, "%s: Parse", id)
			got := strings.Join(dumpTree(doc), "\n")
			want := strings.Join(expectedEntries(c.document), "\n")
			// Some expected dumps prefix the continuation lines of
			// multi-line data with "| " too.
			got = strings.ReplaceAll(got, "\n| ", "\n")
			want = strings.ReplaceAll(want, "\n| ", "\n")
			if got == want {
				passed++
				if _, ok := known[id]; ok && verbose {
					t.Logf("%s passes but is listed in known-failures.txt", id)
				}
				continue
			}
			failed++
			if _, ok := known[id]; ok && !verbose {
				continue
			}
			msg := fmt.Sprintf("%s\n--- data:\n%s\n--- want:\n%s\n--- got:\n%s", id, c.data, want, got)
			if _, ok := known[id]; ok {
				t.Logf("known failure %s", msg)
			} else {
				assert.Fail(t, "unexpected failure", msg)
			}
		}
	}
	fmt.Printf("xml5 conformance: %d passed, %d failed\n", passed, failed)
}

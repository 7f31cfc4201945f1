package feedspec

import (
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/feedspec/feedspec/internal/cp1252"
	"github.com/feedspec/feedspec/xml5"
)

// Repair 12 (docs/recovery.md): text encoded as UTF-8 twice, one text at a
// time. The XML parser's repair 7 decodes a document once more only when
// every non-ASCII character of it reads so; a feed whose CMS double-encodes
// some fields only (its titles, say) keeps them. This pass, run on the
// finished model in recovery mode, repairs each text value on its own.
//
// The rule. A text's non-ASCII characters come in runs (maximal sequences
// of non-ASCII characters). Read as windows-1252 bytes (cp1252.Byte), a run
// splits into sequences: where a character's byte leads a UTF-8 sequence
// and the characters after it give the continuation bytes that complete a
// valid one, that is a double-encoded sequence ("Ã©" is C3 A9, "é");
// every other character stands alone. Then:
//
//   - A double-encoded sequence is repaired, unless it may be meant: it is
//     its run's only sequence, its lead is not "Â" or "â" (which are never
//     followed by punctuation in real text), every continuation character is
//     closing punctuation (’ ” “ ‘ » › … • · – —, or a no-break space but
//     after "Ã"), and no letter follows the run. "Gruß“", "Brontë…”" and the
//     Portuguese "IRMÃ”" are such runs, and stay.
//   - A run of characters alone is meant ("SÃO", "café", "日本", "Tiếng
//     Việt"), unless one shows a double encoding that cannot be undone: a
//     C1 control (no text means one), U+FFFD, or "Â", "Ã", "â" followed by
//     a continuation character that does not complete a sequence ("â€"
//     whose last byte was lost). A run mixing sequences and characters
//     alone cannot be undone either: it is text in another encoding read as
//     windows-1252 (EUC-KR, Big5), whose characters pair by chance. A text
//     with a run that cannot be undone is left as it is, whole.
//
// A text with at least one sequence to repair and nothing left that cannot
// be undone is decoded once more, sequence by sequence (and again, up to
// maxMojibakePasses times, for text encoded three or four times). Only
// text values change: identifiers, URLs, e-mail addresses, types and
// languages are never touched.

// maxMojibakePasses bounds how many times one text is decoded once more.
const maxMojibakePasses = 3

// closingPunct reports whether r is punctuation that may follow a letter
// at the end of a word.
func closingPunct(r rune) bool {
	switch r {
	case '’', '”', '“', '‘', '»', '›', '…', '•', '·', '–', '—', '\u00A0':
		return true
	}
	return false
}

// asciiLetter reports whether c is an ASCII letter.
func asciiLetter(c byte) bool {
	return c|0x20 >= 'a' && c|0x20 <= 'z'
}

// mojibakeSeq reads a double-encoded UTF-8 sequence at s[i:], within the run
// of non-ASCII characters ending at end. It returns the sequence's length
// in s, its UTF-8 bytes (in buf) and whether every continuation character
// is closing punctuation; n is 0 when no sequence starts at i.
func mojibakeSeq(s string, i, end int, buf *[4]byte) (n, size int, punct bool) {
	r, w := utf8.DecodeRuneInString(s[i:])
	b, ok := cp1252.Byte(r)
	if !ok {
		return 0, 0, false
	}
	need := 0
	switch {
	case b >= 0xC2 && b <= 0xDF:
		need = 1
	case b >= 0xE0 && b <= 0xEF:
		need = 2
	case b >= 0xF0 && b <= 0xF4:
		need = 3
	default:
		return 0, 0, false
	}
	buf[0] = b
	j, punct, afterA := i+w, true, r == 'Ã'

	for k := 1; k <= need; k++ {
		if j >= end {
			return 0, 0, false
		}
		r, w := utf8.DecodeRuneInString(s[j:])
		c, ok := cp1252.Byte(r)
		if !ok || c < 0x80 || c > 0xBF {
			return 0, 0, false
		}
		if !closingPunct(r) || r == '\u00A0' && afterA {
			punct = false
		}
		buf[k] = c
		j += w
	}
	if !utf8.Valid(buf[:need+1]) {
		return 0, 0, false
	}
	return j - i, need + 1, punct
}

// brokenMojibake reports whether the character r at s[i:] (of width w, in
// a run ending at end), which starts no sequence, shows a double encoding
// that cannot be undone.
func brokenMojibake(s string, r rune, i, w, end int) bool {
	switch r {
	case '\uFFFD':
		return true
	case 'Â', 'Ã', 'â':
		if i+w >= end {
			return false
		}
		next, _ := utf8.DecodeRuneInString(s[i+w:])
		c, ok := cp1252.Byte(next)
		return ok && c >= 0x80 && c <= 0xBF
	}
	return r >= 0x80 && r <= 0x9F
}

// undoubleText is the rule above, one pass: it returns s with its
// double-encoded sequences decoded, and ok true, when it has one to repair
// and nothing that cannot be undone.
func undoubleText(s string) (string, bool) {
	found := false
	if !scanMojibake(s, func(int, int, [4]byte, int) { found = true }, nil) || !found {
		return s, false
	}
	out := make([]byte, 0, len(s))
	last := 0
	scanMojibake(s, func(i, n int, b [4]byte, size int) {
		out = append(out, s[last:i]...)
		out = append(out, b[:size]...)
		last = i + n
	}, nil)
	out = append(out, s[last:]...)
	return string(out), true
}

// scanMojibake calls repair for each double-encoded sequence of s to
// repair, with its offset, length and UTF-8 bytes (b[:size]). At the first character
// that shows a double encoding that cannot be undone (brokenMojibake, or a
// run mixing sequences and characters alone) it returns false, unless
// broken is given: then it calls broken with that character's offset and
// goes on.
func scanMojibake(s string, repair func(i, n int, b [4]byte, size int), broken func(i int)) bool {
	var buf [4]byte
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		end := i
		for end < len(s) && s[end] >= utf8.RuneSelf {
			end++
		}
		// First the run's shape: sequences, characters alone.
		seqs, alone, bad := 0, 0, -1
		for j := i; j < end; {
			if n, _, _ := mojibakeSeq(s, j, end, &buf); n > 0 {
				seqs++
				j += n
				continue
			}
			r, w := utf8.DecodeRuneInString(s[j:])
			if bad < 0 && brokenMojibake(s, r, j, w, end) {
				bad = j
			}
			alone++
			j += w
		}
		if bad < 0 && seqs > 0 && alone > 0 {
			bad = i // the run mixes sequences and characters alone
		}
		if bad >= 0 {
			if broken == nil {
				return false
			}
			broken(bad)
		}
		if seqs == 0 || alone > 0 {
			i = end
			continue
		}
		// A run of sequences only: each is repaired, unless the run is one
		// sequence that may be meant.
		lead, _ := utf8.DecodeRuneInString(s[i:])
		letterAfter := end < len(s) && asciiLetter(s[end])
		for j := i; j < end; {
			n, size, punct := mojibakeSeq(s, j, end, &buf)
			if n == 0 {
				break // not reached: the run was read so above
			}
			meant := seqs == 1 && punct && !letterAfter && lead != 'Â' && lead != 'â'
			if !meant {
				repair(j, n, buf, size)
			}
			j += n
		}
		i = end
	}
	return true
}

// undoubleString repairs s, reporting whether it changed.
func undoubleString(s string) (string, bool) {
	if !hasNonASCII(s) {
		return s, false
	}
	changed := false
	for range maxMojibakePasses {
		fixed, ok := undoubleText(s)
		if !ok {
			break
		}
		s, changed = fixed, true
	}
	return s, changed
}

// hasNonASCII reports whether s has a byte that is not ASCII.
func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// undoubleTextValue repairs a Text, returning the repaired one, or nil when
// t needs no repair. A string is repaired as a string; a Node value through
// its HTML serialization (character references are ASCII, so only the
// text and attribute values change), read back as that serialization.
func undoubleTextValue(t *Text) *Text {
	switch {
	case t == nil:
		return nil
	case !t.isNode():
		if s, ok := undoubleString(t.str); ok {
			return stringText(s)
		}
		return nil
	}
	if l := t.lazy; l != nil && l.xhtml == nil {
		// Escaped HTML not yet parsed: its source says it all.
		s, ok := undoubleString(l.src)
		switch {
		case !ok:
			return nil
		case l.rendered:
			return renderedNodeText(s)
		}
		return escapedHTMLText(s)
	}
	if l := t.lazy; l != nil && l.xhtml != nil {
		if !xmlHasSequence(l.xhtml) {
			return nil
		}
	} else if !htmlHasSequence(t.frag) {
		return nil
	}
	if s, ok := undoubleString(t.HTML()); ok {
		return renderedNodeText(s)
	}
	return nil
}

// hasSequence reports whether s holds a double-encoded sequence (to repair
// or not): the Node values whose text has none are left without being
// serialized.
func hasSequence(s string) bool {
	if !hasNonASCII(s) {
		return false
	}
	found := false
	scanMojibake(s, func(int, int, [4]byte, int) { found = true }, func(int) {})
	return found
}

// xmlHasSequence reports whether el's subtree has a double-encoded sequence
// in a text, comment or attribute value.
func xmlHasSequence(el *xml5.Node) bool {
	for n := el; n != nil; n = nextInTree(n, el) {
		if hasSequence(n.Data) {
			return true
		}
		for i := range n.Attr {
			if hasSequence(n.Attr[i].Value) {
				return true
			}
		}
	}
	return false
}

// htmlHasSequence reports whether frag's subtree has a double-encoded
// sequence in a text, comment or attribute value.
func htmlHasSequence(frag *html.Node) bool {
	if frag == nil {
		return false
	}
	if hasSequence(frag.Data) {
		return true
	}
	for i := range frag.Attr {
		if hasSequence(frag.Attr[i].Val) {
			return true
		}
	}
	for c := frag.FirstChild; c != nil; c = c.NextSibling {
		if htmlHasSequence(c) {
			return true
		}
	}
	return false
}

// recoverMojibake is repair 12 over the finished feed: every text value of
// the feed and its entries. One diagnostic, at the first element holding a
// repaired text, counts the texts repaired.
func (p *processor) recoverMojibake(feed *Feed) {
	if !mayHoldMojibake(feed) {
		return
	}
	count := 0
	var at *xml5.Node
	fv := reflect.ValueOf(feed).Elem()
	if n := undoubleStruct(fv, "Entries"); n > 0 {
		count, at = n, feed.el
	}
	for _, e := range feed.Entries {
		if e == nil {
			continue
		}
		if n := undoubleStruct(reflect.ValueOf(e).Elem(), ""); n > 0 {
			if count == 0 {
				at = e.element()
			}
			count += n
		}
	}
	if count > 0 {
		p.recovered(at, plural(count, "text", "texts")+" UTF-8 encoded twice, decoded once more")
	}
}

// mayHoldMojibake reports whether a text of feed may need repair 12: a
// string holding a double-encoded sequence (hasSequence), or a Node text
// whose tree holds one. It reads every string of the model (eachString, a
// superset of the text fields undoubleStruct repairs) without reflection,
// so that a feed with no sequence (about three in four of the corpus's)
// skips the walk by reflection: undoubleString changes only a string in
// which hasSequence finds a sequence, and undoubleTextValue only a Node
// text whose source or tree holds one.
func mayHoldMojibake(feed *Feed) bool {
	found := false
	feed.eachString(func(s *string) {
		if !found && hasSequence(*s) {
			found = true
		}
	}, func(t *Text) {
		if found || !t.isNode() {
			return
		}
		switch l := t.lazy; {
		case l == nil:
			found = htmlHasSequence(t.frag)
		case l.xhtml != nil:
			found = xmlHasSequence(l.xhtml)
		case l.transient:
			found = true // its source is not among the strings read
		}
		// Escaped HTML not yet parsed: its source is among the strings.
	})
	return found
}

// plural writes a count with its noun.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

var (
	textPtrType = reflect.TypeFor[*Text]()
	timeType    = reflect.TypeFor[time.Time]()
)

// textFields caches, per struct type, the indexes of the fields that may
// hold text: exported, not json:"-", not identifiers, URLs, e-mail
// addresses, types or languages.
var textFields sync.Map // reflect.Type -> []int

// fieldsOf returns the text-holding fields of struct type t.
func fieldsOf(t reflect.Type) []int {
	if f, ok := textFields.Load(t); ok {
		return f.([]int)
	}
	var idx []int
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || f.Tag.Get("json") == "-" || notText(f.Name) {
			continue
		}
		if holdsText(f.Type, 0) {
			idx = append(idx, i)
		}
	}
	textFields.Store(t, idx)
	return idx
}

// notText reports whether a field of that name holds something other than
// text to read.
func notText(name string) bool {
	for _, suffix := range [...]string{"URL", "URI", "Href", "ID", "Email", "Src", "Type", "Rel", "Lang", "Language", "Scheme", "Codecs", "Img", "Medium"} {
		if strings.HasSuffix(name, suffix) {
			return true
		}
	}
	return false
}

// holdsText reports whether a value of type t may hold a string or a Text.
func holdsText(t reflect.Type, depth int) bool {
	if depth > 8 {
		return true // a recursive type: walked, and bounded by the value
	}
	switch {
	case t == textPtrType:
		return true
	case t == timeType:
		return false
	}
	switch t.Kind() {
	case reflect.String:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return holdsText(t.Elem(), depth+1)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if f.IsExported() && f.Tag.Get("json") != "-" && !notText(f.Name) && holdsText(f.Type, depth+1) {
				return true
			}
		}
	}
	return false
}

// undoubleStruct repairs the text fields of the struct v (but the one named
// skip), returning how many texts changed.
func undoubleStruct(v reflect.Value, skip string) int {
	count := 0
	for _, i := range fieldsOf(v.Type()) {
		if skip != "" && v.Type().Field(i).Name == skip {
			continue
		}
		count += undoubleValue(v.Field(i))
	}
	return count
}

// undoubleValue repairs the texts v holds, returning how many changed.
func undoubleValue(v reflect.Value) int {
	if v.Type() == textPtrType {
		if v.IsNil() {
			return 0
		}
		if t := undoubleTextValue(v.Interface().(*Text)); t != nil {
			v.Set(reflect.ValueOf(t))
			return 1
		}
		return 0
	}
	switch v.Kind() {
	case reflect.String:
		if s, ok := undoubleString(v.String()); ok {
			v.SetString(s)
			return 1
		}
	case reflect.Pointer:
		if !v.IsNil() {
			return undoubleValue(v.Elem())
		}
	case reflect.Slice, reflect.Array:
		count := 0
		for i := range v.Len() {
			count += undoubleValue(v.Index(i))
		}
		return count
	case reflect.Struct:
		return undoubleStruct(v, "")
	}
	return 0
}

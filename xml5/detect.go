package xml5

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// The encoding detector of recovery mode (repair 19): for a document with no
// label whose bytes are not UTF-8, the legacy encoding its bytes are
// plainly written in, when one is. It reads at most detectSample bytes,
// from the first byte that is not ASCII, once for each candidate, and
// allocates nothing: its cost is linear in that sample, bounded whatever
// the document's size.
//
//   - The multi-byte encodings are told apart by the structure of their
//     bytes and by where the characters of their language sit in their
//     code tables: Japanese text is a good part kana (hiragana and
//     katakana rows of EUC-JP and Shift_JIS), Korean text nearly all Hangul
//     syllables (EUC-KR rows B0–C8), Chinese text nearly all in the
//     frequent characters' rows (GB2312 level 1, rows B0–D7, in GBK; Big5's
//     frequent characters, A440–C67E). A candidate whose byte structure
//     breaks on more than 1 sequence in 100 is out.
//   - The single-byte encodings of other scripts (Cyrillic in windows-1251
//     and KOI8-R, Greek, Hebrew, Arabic) are told apart by their language's
//     commonest short words, which the wrong table turns into letters that
//     make no word; Thai (windows-874, TIS-620's superset) by its letters,
//     its combining marks each after a letter.
//   - Text in a Latin script (windows-1252 and its kin) is never detected:
//     its non-ASCII letters stand inside words of ASCII letters, which no
//     other script's text does; the caller's windows-1252 stays.
//
// Every threshold below was set on the corpus and on its UTF-8 feeds
// encoded anew in each legacy encoding (TestDetectEncoding).

// detectSample is the most bytes the detector reads.
const detectSample = 64 << 10

// detectMinChars is the fewest non-ASCII characters a document must have
// for the detector to say anything.
const detectMinChars = 8

// detectLegacy returns the WHATWG name and the encoding of the legacy
// encoding b is written in, or "" and nil when no candidate reads it
// plainly better than the others. b starts at the document's first byte
// that is not ASCII.
func detectLegacy(b []byte) (string, encoding.Encoding) {
	if len(b) > detectSample {
		b = b[:detectSample]
		// Cut after an ASCII byte that is no multi-byte sequence's trail
		// byte (they are 0x40 and above).
		for i := len(b) - 1; i > len(b)-256 && i > 0; i-- {
			if b[i] < 0x40 {
				b = b[:i+1]
				break
			}
		}
	}
	if name, enc := detectMultiByte(b); enc != nil {
		return name, enc
	}
	if thai(b) {
		return "windows-874", charmap.Windows874
	}
	return detectSingleByte(b)
}

// mbStats counts what a multi-byte encoding's structure makes of a sample.
type mbStats struct {
	chars, bad int // multi-byte characters, and sequences that break
	hits       int // characters in the rows the language mostly uses
	latin      int // characters between two ASCII letters
}

// good reports whether the sample reads in the encoding with at most one
// broken sequence in 100 characters, and hits of them at least min (0–1),
// and no more than one in five between ASCII letters (Latin text read as
// pairs of bytes: "é" and the letter after it).
func (s mbStats) good(min float64) bool {
	return s.chars >= detectMinChars && s.bad*100 <= s.chars && float64(s.hits) >= min*float64(s.chars) && s.latin*5 <= s.chars
}

// count counts a character of n bytes at b[i].
func (s *mbStats) count(b []byte, i, n int) {
	s.chars++
	if i > 0 && isASCIILetter(b[i-1]) && i+n < len(b) && isASCIILetter(b[i+n]) {
		s.latin++
	}
}

// isASCIILetter reports whether c is an ASCII letter.
func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// share is hits / chars.
func (s mbStats) share() float64 {
	if s.chars == 0 {
		return 0
	}
	return float64(s.hits) / float64(s.chars)
}

// detectMultiByte decides among EUC-JP, Shift_JIS, EUC-KR, GBK and Big5.
func detectMultiByte(b []byte) (string, encoding.Encoding) {
	eucJP, sjis := scanEUCJP(b), scanShiftJIS(b)
	switch {
	case eucJP.good(0.15) && (!sjis.good(0.15) || eucJP.share() >= sjis.share()):
		return "EUC-JP", japanese.EUCJP
	case sjis.good(0.15):
		return "Shift_JIS", japanese.ShiftJIS
	}
	if scanEUCKR(b).good(0.8) {
		return "EUC-KR", korean.EUCKR
	}
	gbk, big5 := scanGBK(b), scanBig5(b)
	gOK, bOK := gbk.good(0.7), big5.good(0.7)
	switch {
	case gOK && (!bOK || gbk.share() >= big5.share()+0.15):
		return "GBK", simplifiedchinese.GBK
	case bOK && (!gOK || big5.share() >= gbk.share()+0.15):
		return "Big5", traditionalchinese.Big5
	}
	return "", nil
}

// in reports whether lo <= c <= hi.
func in(c, lo, hi byte) bool { return lo <= c && c <= hi }

// scanEUCJP reads b as EUC-JP; hits are kana (rows A4 and A5).
func scanEUCJP(b []byte) mbStats {
	var s mbStats
	for i := 0; i < len(b); {
		c, start := b[i], i
		switch {
		case c < 0x80:
			i++
			continue
		case c == 0x8E && i+1 < len(b) && in(b[i+1], 0xA1, 0xDF): // half-width katakana
			i += 2
		case c == 0x8F && i+2 < len(b) && in(b[i+1], 0xA1, 0xFE) && in(b[i+2], 0xA1, 0xFE): // JIS X 0212
			i += 3
		case in(c, 0xA1, 0xFE) && i+1 < len(b) && in(b[i+1], 0xA1, 0xFE):
			if c == 0xA4 || c == 0xA5 {
				s.hits++
			}
			i += 2
		default:
			s.bad++
			i++
		}
		s.count(b, start, i-start)
	}
	return s
}

// scanShiftJIS reads b as Shift_JIS; hits are kana (hiragana 829F–82F1,
// katakana 8340–8396).
func scanShiftJIS(b []byte) mbStats {
	var s mbStats
	for i := 0; i < len(b); {
		c, start := b[i], i
		switch {
		case c < 0x80:
			i++
			continue
		case in(c, 0xA1, 0xDF): // half-width katakana
			i++
		case (in(c, 0x81, 0x9F) || in(c, 0xE0, 0xFC)) && i+1 < len(b) && (in(b[i+1], 0x40, 0x7E) || in(b[i+1], 0x80, 0xFC)):
			t := b[i+1]
			if c == 0x82 && in(t, 0x9F, 0xF1) || c == 0x83 && in(t, 0x40, 0x96) {
				s.hits++
			}
			i += 2
		default:
			s.bad++
			i++
		}
		s.count(b, start, i-start)
	}
	return s
}

// scanEUCKR reads b as EUC-KR (with the Unified Hangul Code's extension, as
// the WHATWG decoder reads it); hits are Hangul syllables (rows B0–C8, and
// the extension's).
func scanEUCKR(b []byte) mbStats {
	var s mbStats
	for i := 0; i < len(b); {
		c, start := b[i], i
		switch {
		case c < 0x80:
			i++
			continue
		case in(c, 0x81, 0xFE) && i+1 < len(b) && (in(b[i+1], 0x41, 0x5A) || in(b[i+1], 0x61, 0x7A) || in(b[i+1], 0x81, 0xFE)):
			t := b[i+1]
			if in(c, 0xB0, 0xC8) && t >= 0xA1 || c <= 0xC6 && t < 0xA1 {
				s.hits++
			}
			i += 2
		default:
			s.bad++
			i++
		}
		s.count(b, start, i-start)
	}
	return s
}

// scanGBK reads b as GBK (gb18030's four-byte sequences included); hits
// are GB2312's level-1 hanzi (rows B0–D7).
func scanGBK(b []byte) mbStats {
	var s mbStats
	for i := 0; i < len(b); {
		c, start := b[i], i
		switch {
		case c < 0x80:
			i++
			continue
		case in(c, 0x81, 0xFE) && i+3 < len(b) && in(b[i+1], 0x30, 0x39) && in(b[i+2], 0x81, 0xFE) && in(b[i+3], 0x30, 0x39):
			i += 4
		case in(c, 0x81, 0xFE) && i+1 < len(b) && (in(b[i+1], 0x40, 0x7E) || in(b[i+1], 0x80, 0xFE)):
			if in(c, 0xB0, 0xD7) && b[i+1] >= 0xA1 {
				s.hits++
			}
			i += 2
		default:
			s.bad++
			i++
		}
		s.count(b, start, i-start)
	}
	return s
}

// scanBig5 reads b as Big5; hits are its frequent characters (A440–C67E).
func scanBig5(b []byte) mbStats {
	var s mbStats
	for i := 0; i < len(b); {
		c, start := b[i], i
		switch {
		case c < 0x80:
			i++
			continue
		case in(c, 0x81, 0xFE) && i+1 < len(b) && (in(b[i+1], 0x40, 0x7E) || in(b[i+1], 0xA1, 0xFE)):
			if in(c, 0xA4, 0xC5) || c == 0xC6 && b[i+1] <= 0x7E {
				s.hits++
			}
			i += 2
		default:
			s.bad++
			i++
		}
		s.count(b, start, i-start)
	}
	return s
}

// A sbCandidate is a single-byte encoding of another script than Latin,
// with its language's commonest short words.
type sbCandidate struct {
	name     string
	cm       *charmap.Charmap
	words    map[string]bool
	cyrillic bool // judged by its letters' frequencies
}

// Common short words of two letters or more, lowercase (single letters
// are left out: any table makes them of some bytes): Russian, Ukrainian and
// Bulgarian; Greek; Hebrew; Arabic and Urdu.
var (
	cyrillicWords = wordSet("не на что по это как для из от за то но так же он она мы вы они все его был при до или если уже только бы ли есть " +
		"що та як це від але їх чи ще да се са че във със")
	greekWords  = wordSet("και το της του να την με σε για που στο των τα οι από στην στη θα είναι δεν τον ένα μια αλλά στα τις τους")
	hebrewWords = wordSet("של את על הוא לא זה עם כי אם גם או היא אני יש כל מה אבל הם אין היה בין עד רק אל זו כך לו מן אחד")
	arabicWords = wordSet("في من على إلى أن عن مع هذا التي الذي ما لا هو هي كان قد بين كل أو ثم إن هذه بعد عند حتى کے کی میں ہے اور سے کو نے کا پر یہ ہیں")
)

// wordSet makes a set of the words of s, separated by spaces.
func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			if i > start {
				m[s[start:i]] = true
			}
			start = i + 1
		}
	}
	return m
}

// sbCandidates are the single-byte candidates with words. ISO-8859-7 is
// read where windows-1253 is, when its one Greek letter there writes
// (see greekTable).
var sbCandidates = sbCandidatesArray[:]

// sbCandidatesArray holds sbCandidates; the two Cyrillic tables first.
var sbCandidatesArray = [...]sbCandidate{
	{"windows-1251", charmap.Windows1251, cyrillicWords, true},
	{"KOI8-R", charmap.KOI8R, cyrillicWords, true},
	{"windows-1253", charmap.Windows1253, greekWords, false},
	{"windows-1255", charmap.Windows1255, hebrewWords, false},
	{"windows-1256", charmap.Windows1256, arabicWords, false},
}

// sbStats counts what a single-byte table makes of a sample.
type sbStats struct {
	chars, bad    int // non-ASCII bytes; those the table has no character for
	inWords       int // non-ASCII bytes in words of non-ASCII letters only
	words, common int // such words of two letters or more, and those that are common words
	// freq is the sum, over the letters of those words, of each letter's
	// frequency in Russian and Ukrainian text (cyrillicFreq), in
	// thousandths; lower counts the letters in lowercase.
	freq, lower int
}

// cyrillicFreq returns how often the lowercase Cyrillic letter r occurs in
// Russian and Ukrainian text, in thousandths (0 for other characters).
// Text read with the right table averages about 55; text in another table
// (KOI8-R read as windows-1251, Greek or Hebrew read as Cyrillic) about 30.
func cyrillicFreq(r rune) int {
	switch r {
	case 'о':
		return 105
	case 'е', 'а':
		return 80
	case 'и', 'н':
		return 67
	case 'т':
		return 60
	case 'с', 'і':
		return 50
	case 'р', 'в', 'л':
		return 45
	case 'к':
		return 35
	case 'м', 'д':
		return 30
	case 'п', 'у':
		return 27
	case 'я':
		return 20
	case 'ы', 'ь', 'г', 'з', 'б':
		return 17
	case 'ч':
		return 14
	case 'й':
		return 12
	case 'х':
		return 10
	case 'ж', 'є':
		return 8
	case 'ш', 'ї':
		return 7
	case 'ю':
		return 6
	case 'ц':
		return 5
	case 'щ', 'э', 'ф':
		return 3
	}
	return 0
}

// scanSingleByte reads b with the table cm, counting the words made of
// letters that are not ASCII and those of them in words.
func scanSingleByte(b []byte, cm *charmap.Charmap, words map[string]bool) sbStats {
	var s sbStats
	var word [32]byte
	n, runLen, ascii := 0, 0, false // the word's bytes, its letters, whether it holds an ASCII letter
	end := func() {
		if runLen > 0 && !ascii {
			s.inWords += runLen
			if runLen > 1 {
				s.words++
				if n <= len(word) && words[string(word[:n])] {
					s.common++
				}
			}
		}
		n, runLen, ascii = 0, 0, false
	}
	for _, c := range b {
		if c < 0x80 {
			if 'a' <= c|0x20 && c|0x20 <= 'z' {
				ascii = true
				continue
			}
			end()
			continue
		}
		s.chars++
		r := cm.DecodeByte(c)
		switch {
		case r == utf8.RuneError:
			s.bad++
			end()
		case unicode.IsLetter(r) || unicode.Is(unicode.Mn, r):
			runLen++
			if unicode.IsLower(r) {
				s.lower++
			}
			r = unicode.ToLower(r)
			s.freq += cyrillicFreq(r)
			if n+utf8.UTFMax <= len(word) {
				n += utf8.EncodeRune(word[n:], r)
			} else {
				n = len(word) + 1 // too long to be a common word
			}
		default:
			end()
		}
	}
	end()
	return s
}

// detectSingleByte decides among sbCandidates: the one candidate whose
// table makes the sample plainly its language's text. Most of the non-ASCII
// bytes must make words of letters of its own (not inside words of ASCII
// letters, as Latin text's accented letters are), the table must have a
// character for 99 bytes in 100, and: for the Cyrillic tables, the letters
// must be 7 in 10 lowercase and average Russian and Ukrainian's frequencies
// (at least 45 thousandths, and 10 more than the other Cyrillic table's:
// KOI8-R text read as windows-1251, or windows-1251 as KOI8-R, is mostly
// capitals of rarer letters); for the
// others, at least 2 words and 1 in 20 must be their language's common
// words. When two languages qualify, nothing is detected.
func detectSingleByte(b []byte) (string, encoding.Encoding) {
	var stats [len(sbCandidatesArray)]sbStats
	var ok [len(sbCandidatesArray)]bool
	for k, c := range sbCandidates {
		s := scanSingleByte(b, c.cm, c.words)
		stats[k] = s
		if s.chars < detectMinChars || s.bad*100 > s.chars || s.inWords*10 < s.chars*6 {
			continue
		}
		if c.cyrillic {
			ok[k] = s.freq >= 45*s.inWords && s.lower*10 >= s.inWords*7
		} else {
			ok[k] = s.common >= 2 && s.common*20 >= s.words
		}
	}
	// windows-1251 (0) and KOI8-R (1): the one whose letters are plainly
	// the more frequent.
	if ok[0] && ok[1] {
		f0, f1 := stats[0].freq*stats[1].inWords, stats[1].freq*stats[0].inWords
		switch {
		case f0 >= f1+10*stats[0].inWords*stats[1].inWords:
			ok[1] = false
		case f1 >= f0+10*stats[0].inWords*stats[1].inWords:
			ok[0] = false
		default:
			return "", nil
		}
	}
	found := -1
	for k := range ok {
		if !ok[k] {
			continue
		}
		if found >= 0 {
			return "", nil // two languages: not plain
		}
		found = k
	}
	if found < 0 {
		return "", nil
	}
	c := sbCandidates[found]
	if c.name == "windows-1253" && greekTable(b) {
		return "ISO-8859-7", charmap.ISO8859_7
	}
	return c.name, c.cm
}

// greekTable reports whether Greek text is in ISO-8859-7 rather than
// windows-1253: Ά, at 0xB6 in ISO-8859-7 (¶ in windows-1253), is written,
// and 0xA2, windows-1253's Ά, is not.
func greekTable(b []byte) bool {
	b6, a2 := false, false
	for _, c := range b {
		b6, a2 = b6 || c == 0xB6, a2 || c == 0xA2
	}
	return b6 && !a2
}

// thai reports whether b reads as Thai in windows-874: nearly every
// non-ASCII byte a Thai character, a good part of them consonants, 15 in
// 100 of them its five commonest letters (า น ร ก อ, 3 in 10 of Thai
// text, 1 in 20 of bytes at random), and
// the spelling's order kept: a combining vowel or tone mark after a
// consonant (or after another mark), a leading vowel (เ แ โ ใ ไ) before
// one.
func thai(b []byte) bool {
	chars, thaiChars, consonants, misplaced, common := 0, 0, 0, 0, 0
	var prev rune // the previous character when Thai, else 0
	for _, c := range b {
		if c < 0x80 {
			if prev >= 0x0E40 && prev <= 0x0E44 {
				misplaced++
			}
			prev = 0
			continue
		}
		chars++
		r := charmap.Windows874.DecodeByte(c)
		if r < 0x0E01 || r > 0x0E5B {
			if prev >= 0x0E40 && prev <= 0x0E44 {
				misplaced++
			}
			prev = 0
			continue
		}
		thaiChars++
		switch r {
		case 'า', 'น', 'ร', 'ก', 'อ': // Thai's commonest letters, 3 in 10
			common++
		}
		consonant := r <= 0x0E2E
		if consonant {
			consonants++
		}
		mark := r == 0x0E31 || r >= 0x0E34 && r <= 0x0E3A || r >= 0x0E47 && r <= 0x0E4E
		prevConsonant := prev >= 0x0E01 && prev <= 0x0E2E
		prevMark := prev == 0x0E31 || prev >= 0x0E34 && prev <= 0x0E3A || prev >= 0x0E47 && prev <= 0x0E4E
		if mark && !prevConsonant && !prevMark || prev >= 0x0E40 && prev <= 0x0E44 && !consonant {
			misplaced++
		}
		prev = r
	}
	return chars >= detectMinChars && thaiChars*100 >= chars*95 && consonants*10 >= chars*3 && misplaced*50 <= thaiChars && common*100 >= thaiChars*15
}

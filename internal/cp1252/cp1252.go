// Package cp1252 maps characters back to the windows-1252 bytes a double
// encoding of UTF-8 read them from (UTF-8 bytes decoded as windows-1252 and
// encoded as UTF-8 again: "Ã©" for "é").
package cp1252

// Byte returns the byte that decodes to r in windows-1252 as a double
// encoding read it: the WHATWG index, in which the five bytes windows-1252
// leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) are the C1 controls of the
// same value, as browsers decode them; and every other C1 control (U+0080
// to U+009F) is its own byte too, as an encoder that read the bytes as
// ISO-8859-1 wrote it. So "â€\u009d" gives the bytes of "”". ok is false
// for a character windows-1252 does not have.
func Byte(r rune) (b byte, ok bool) {
	if r >= 0 && r <= 0xFF {
		return byte(r), true
	}
	if r < 0x0152 || r > 0x2122 {
		return 0, false
	}
	switch r {
	case 0x20AC:
		return 0x80, true
	case 0x201A:
		return 0x82, true
	case 0x0192:
		return 0x83, true
	case 0x201E:
		return 0x84, true
	case 0x2026:
		return 0x85, true
	case 0x2020:
		return 0x86, true
	case 0x2021:
		return 0x87, true
	case 0x02C6:
		return 0x88, true
	case 0x2030:
		return 0x89, true
	case 0x0160:
		return 0x8A, true
	case 0x2039:
		return 0x8B, true
	case 0x0152:
		return 0x8C, true
	case 0x017D:
		return 0x8E, true
	case 0x2018:
		return 0x91, true
	case 0x2019:
		return 0x92, true
	case 0x201C:
		return 0x93, true
	case 0x201D:
		return 0x94, true
	case 0x2022:
		return 0x95, true
	case 0x2013:
		return 0x96, true
	case 0x2014:
		return 0x97, true
	case 0x02DC:
		return 0x98, true
	case 0x2122:
		return 0x99, true
	case 0x0161:
		return 0x9A, true
	case 0x203A:
		return 0x9B, true
	case 0x0153:
		return 0x9C, true
	case 0x017E:
		return 0x9E, true
	case 0x0178:
		return 0x9F, true
	}
	return 0, false
}

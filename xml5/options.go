package xml5

import (
	"errors"
	"fmt"
)

// An Option configures Parse.
type Option func(*config)

type config struct {
	url      string
	charset  string
	errors   bool
	limits   Limits
	recovery bool // WithRecovery (recovery.go)
	reuse    bool // docmem.ReuseOption (reuse.go)
}

// WithURL records u as the document's URL (Document.URL). The parser itself
// never fetches anything.
func WithURL(u string) Option { return func(c *config) { c.url = u } }

// WithCharset gives the transport encoding label, such as the charset
// parameter of an HTTP Content-Type header. A byte order mark still wins over
// it; a label the WHATWG Encoding Standard does not know is ignored.
func WithCharset(label string) Option { return func(c *config) { c.charset = label } }

// WithErrors asks Parse to record the parse errors it recovered from in
// Document.Errors, with their line and column, and the encoding errors of
// the input: each run of bytes that did not decode in the document's
// encoding and became U+FFFD ("invalid-byte-sequence"), and each run of
// characters XML 1.0 does not allow: C0 controls other than tab, line feed
// and carriage return ("control-character-in-input-stream", NUL included)
// and U+FFFE and U+FFFF ("noncharacter-in-input-stream"). At most 1,000
// encoding errors are recorded per document. In a UTF-8 document a U+FFFD
// it encodes itself is not an error; in other encodings every U+FFFD of
// the decoded text is taken for bytes that did not decode (only UTF-16,
// UTF-32 and gb18030 can encode one).
func WithErrors() Option { return func(c *config) { c.errors = true } }

// WithLimits replaces the default limits (DefaultLimits). A zero field
// means the default value for that field; a negative field means no limit.
func WithLimits(l Limits) Option { return func(c *config) { c.limits = l } }

// Limits bound the resources a parse may use. Reaching MaxInputBytes,
// MaxDepth, MaxAttributes or MaxNodes stops the parse: Parse returns the document
// parsed so far and an error wrapping ErrLimit. The entity limits never stop
// the parse: a reference that would go beyond them is left in the text as
// written (for example "&name;") and a parse error is recorded.
type Limits struct {
	// MaxInputBytes is the largest input, in bytes as read from the
	// io.Reader, that is parsed.
	MaxInputBytes int64
	// MaxDepth is the deepest element nesting allowed.
	MaxDepth int
	// MaxEntityDepth is how deep entity references may nest inside entity
	// replacement texts.
	MaxEntityDepth int
	// MaxEntityExpansion caps the total number of bytes that entity
	// references may add to the document. The budget actually used is
	// the smaller of this cap and max(1 MiB, 8 times the input size), so
	// expansion stays linear in the input.
	MaxEntityExpansion int
	// MaxAttributes is the largest number of attributes one element may
	// have.
	MaxAttributes int
	// MaxNodes caps the tree: its nodes (elements, texts, comments,
	// processing instructions; a Node is 144 bytes), an attribute (64
	// bytes) counting as half a node. The budget actually used is the
	// smaller of this cap and max(16,384, the decoded input's size / 16),
	// so that the tree stays within 9 bytes per input byte: "<a/>"
	// repeated would otherwise cost 36. Real feeds have one node per 20
	// bytes or more.
	MaxNodes int
}

// DefaultLimits are the limits Parse uses unless WithLimits says otherwise.
// They let every real feed through: 256 MiB of input, 10,000 levels of
// element nesting, entity references nested 16 deep, 32 MiB of entity
// expansion, 10,000 attributes per element and 4 Mi (4,194,304) nodes, one
// per 16 bytes of a 64 MiB document.
var DefaultLimits = Limits{
	MaxInputBytes:      256 << 20,
	MaxDepth:           10000,
	MaxEntityDepth:     16,
	MaxEntityExpansion: 32 << 20,
	MaxAttributes:      10000,
	MaxNodes:           4 << 20,
}

// ErrLimit is wrapped by the error Parse returns when the input reaches one
// of the Limits.
var ErrLimit = errors.New("xml5: limit reached")

// A LimitError says which limit the input reached and where. It wraps
// ErrLimit.
type LimitError struct {
	Limit  string // the Limits field, such as "MaxDepth"
	Value  int64  // the limit's value
	Line   int    // 1-based line in the decoded input (0 for MaxInputBytes)
	Offset int64  // byte offset: in the decoded input, or in the raw input for MaxInputBytes
}

// Error describes the limit and the position.
func (e *LimitError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("xml5: limit reached: %s (%d) at byte offset %d", e.Limit, e.Value, e.Offset)
	}
	return fmt.Sprintf("xml5: limit reached: %s (%d) at line %d, byte offset %d", e.Limit, e.Value, e.Line, e.Offset)
}

// Unwrap returns ErrLimit.
func (e *LimitError) Unwrap() error { return ErrLimit }

// noLimit is what a negative limit becomes.
const noLimit = int(^uint(0) >> 2)

// resolve fills zero fields with defaults and turns negative ones into
// "no limit".
func (l Limits) resolve() Limits {
	const huge = noLimit
	if l.MaxInputBytes == 0 {
		l.MaxInputBytes = DefaultLimits.MaxInputBytes
	} else if l.MaxInputBytes < 0 {
		l.MaxInputBytes = int64(huge)
	}
	fix := func(v *int, def int) {
		if *v == 0 {
			*v = def
		} else if *v < 0 {
			*v = huge
		}
	}
	fix(&l.MaxDepth, DefaultLimits.MaxDepth)
	fix(&l.MaxEntityDepth, DefaultLimits.MaxEntityDepth)
	fix(&l.MaxEntityExpansion, DefaultLimits.MaxEntityExpansion)
	fix(&l.MaxAttributes, DefaultLimits.MaxAttributes)
	fix(&l.MaxNodes, DefaultLimits.MaxNodes)
	return l
}

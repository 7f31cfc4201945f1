package feedspec

import "github.com/feedspec/feedspec/xml5"

// ErrLimit is wrapped by the error ParseDocument and ParseResponse return
// when the input reaches one of the Limits. It is the same value as
// xml5.ErrLimit, so errors.Is(err, ErrLimit) holds whichever package's
// error err wraps.
//
// A limit never truncates silently: ParseDocument then returns the feed
// parsed from the input before the limit (every entry that ended before it)
// together with the error, or a nil Feed and an error that wraps both
// ErrLimit and ErrNotFeed when what was parsed is not a feed.
var ErrLimit = xml5.ErrLimit

// A LimitError says which limit the input reached (its Limit field names
// the Limits field, such as "MaxDepth"), the limit's value, and where: the
// line and byte offset. It wraps ErrLimit; use errors.As to get it.
type LimitError = xml5.LimitError

// Limits bound the resources parsing one document may use. A zero field
// means the default for that field (see DefaultLimits); a negative field
// means no limit.
//
// Reaching MaxInputBytes, MaxDepth or MaxAttributes stops the parse with an
// error wrapping ErrLimit (a *LimitError). The entity limits never stop the
// parse: a reference that would nest deeper than MaxEntityDepth, or expand
// beyond the expansion budget, is left in the text as written ("&name;"),
// so a "billion laughs" document parses in time and memory linear in its
// size.
//
// The number of entries of an XML feed is not limited: each entry costs
// memory in proportion to its bytes, which MaxInputBytes (and
// ParseResponse's WithMaxBodySize) already bound. A JSON Feed (WithJSONFeed)
// can list an item in two bytes, so MaxItems bounds its items.
type Limits struct {
	// MaxInputBytes is the largest input, in bytes as read from the
	// io.Reader (before decoding), that is parsed. Default 256 MiB.
	MaxInputBytes int64
	// MaxDepth is the deepest element nesting allowed. Default 10,000.
	MaxDepth int
	// MaxEntityDepth is how deep entity references may nest inside
	// entity replacement texts. Default 16.
	MaxEntityDepth int
	// MaxEntityExpansion caps the total number of bytes entity references
	// may add to the document. The budget actually used is the smaller of
	// this cap and max(1 MiB, 8 times the input size). Default 32 MiB.
	MaxEntityExpansion int
	// MaxAttributes is the largest number of attributes one element may
	// have. Default 10,000.
	MaxAttributes int
	// MaxItems is the largest number of items a JSON Feed may list
	// (WithJSONFeed); the feed then holds the first MaxItems entries and
	// the error wraps ErrLimit. For a JSON Feed, MaxDepth bounds the
	// nesting of objects and arrays. Default 100,000.
	MaxItems int
}

// DefaultLimits returns the limits ParseDocument and ParseResponse use
// unless WithLimits says otherwise: 256 MiB of input, 10,000 levels of
// element nesting, entity references nested 16 deep, 32 MiB of entity
// expansion, 10,000 attributes per element and 100,000 JSON Feed items. Every feed of the project's
// real-feed corpus parses within them with room to spare.
//
// It is a function, not a variable, so that no caller can change the
// defaults of every other caller.
func DefaultLimits() Limits {
	return Limits{
		MaxInputBytes:      256 << 20,
		MaxDepth:           10000,
		MaxEntityDepth:     16,
		MaxEntityExpansion: 32 << 20,
		MaxAttributes:      10000,
		MaxItems:           100000,
	}
}

// WithLimits replaces the default limits (DefaultLimits) of ParseDocument
// and ParseResponse. A zero field keeps the default for that field; a
// negative field removes that limit. ParseResponse's body size limit is set
// separately, with WithMaxBodySize.
func WithLimits(l Limits) Option { return func(c *config) { c.limits = l } }

// xml5 returns the xml5 parser's limits for l: zero fields become the
// defaults of DefaultLimits (not the xml5 package's, so that changing
// xml5.DefaultLimits does not change this package's defaults) and negative
// fields stay negative (no limit).
func (l Limits) xml5() xml5.Limits {
	d := DefaultLimits()
	pick := func(v, def int) int {
		if v == 0 {
			return def
		}
		return v
	}
	out := xml5.Limits{
		MaxInputBytes:      l.MaxInputBytes,
		MaxDepth:           pick(l.MaxDepth, d.MaxDepth),
		MaxEntityDepth:     pick(l.MaxEntityDepth, d.MaxEntityDepth),
		MaxEntityExpansion: pick(l.MaxEntityExpansion, d.MaxEntityExpansion),
		MaxAttributes:      pick(l.MaxAttributes, d.MaxAttributes),
	}
	if out.MaxInputBytes == 0 {
		out.MaxInputBytes = d.MaxInputBytes
	}
	return out
}

// xml5LimitsOption is the xml5 option carrying c's limits, for
// ParseDocument to pass to xml5.Parse.
func xml5LimitsOption(c *config) xml5.Option {
	return xml5.WithLimits(c.limits.xml5())
}

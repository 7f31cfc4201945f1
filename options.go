package feedspec

// An Option configures ParseDocument and ParseResponse.
type Option func(*config)

// config holds the settings Options change.
type config struct {
	url     string // the document's URL; "" for none
	charset string // the transport encoding label; "" for none

	maxBodySize int64 // ParseResponse's body limit: 0 is DefaultMaxBodySize, < 0 none

	diagnostics  *[]Diagnostic // WithDiagnostics; nil when not asked
	xmlBase      bool          // WithXMLBase
	lenientDates bool          // WithLenientDates
	recovery     bool          // WithRecovery (recovery.go)

	limits Limits // WithLimits; zero fields are the defaults
	// expansionCeiling, when above 0, caps Limits.MaxEntityExpansion:
	// ParseResponse sets it to what its body limit leaves above the
	// body (limits.go's xml5LimitsOption).
	expansionCeiling int64

	jsonFeed bool // WithJSONFeed

	withoutDocument bool // WithoutDocument
}

func newConfig(opts []Option) *config {
	c := &config{}
	c.apply(opts)
	return c
}

// apply runs opts on c, in order.
func (c *config) apply(opts []Option) {
	for _, o := range opts {
		if o != nil {
			o(c)
		}
	}
}

// WithURL sets the document's URL, the base against which relative URLs in the
// feed are resolved. Without it relative URLs fail to parse, so the fields
// they would fill stay null, as the URL Standard says. ParseResponse sets it
// to the response's final URL; an explicit WithURL given to ParseResponse
// overrides that.
func WithURL(u string) Option { return func(c *config) { c.url = u } }

// WithCharset gives the transport encoding label (the charset parameter of
// the HTTP Content-Type). A byte order mark in the input still wins over it;
// an unknown label is ignored.
func WithCharset(label string) Option { return func(c *config) { c.charset = label } }

// DefaultMaxBodySize is the largest response body, in bytes, ParseResponse
// reads unless WithMaxBodySize says otherwise: 64 MiB, far more than any feed
// needs.
const DefaultMaxBodySize = 64 << 20

// WithMaxBodySize sets the largest response body, in bytes, ParseResponse
// reads: a longer body (as received, or any layer of it decoded from a gzip
// or deflate Content-Encoding) makes it return an error wrapping
// ErrBodyTooLarge instead of parsing a truncated feed. n <= 0 removes the limit. ParseDocument ignores
// this option.
func WithMaxBodySize(n int64) Option {
	return func(c *config) {
		if n <= 0 {
			n = -1
		}
		c.maxBodySize = n
	}
}

// WithXMLBase makes every URL the processors parse (links, icons, logos,
// enclosures, person URIs, the additions' URLs) resolve against the xml:base
// in scope at its element instead of the document's URL: the xml:base
// attributes of the element and of its ancestors, each resolved against the
// one above it, the outermost against the document's URL (WithURL). An
// xml:base that fails to parse is ignored (a DiagnosticURL is recorded).
//
// The specification ignores xml:base, so this option changes the spec's
// answers; it is off by default. Texts (HTML content) are not rewritten.
func WithXMLBase() Option { return func(c *config) { c.xmlBase = true } }

// WithLenientDates makes the processors read a date the specification's
// algorithm (Atom, W3C-DTF or RSS 2.0) rejects with ParseDate, which reads
// the dates feeds really write ("2024-01-15 13:45:00", "Jan 15, 2024",
// German and French names, Unix times...). A date the strict algorithm
// accepts keeps its value; a field the spec leaves null may get a value, so
// this option changes the spec's answers and is off by default. ParseDate
// never guesses a missing date: what it cannot read stays null.
func WithLenientDates() Option { return func(c *config) { c.lenientDates = true } }

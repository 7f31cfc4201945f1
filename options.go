package feedspec

// An Option configures ParseDocument and ParseResponse.
type Option func(*config)

// config holds the settings Options change.
type config struct {
	url     string // the document's URL; "" for none
	charset string // the transport encoding label; "" for none

	maxBodySize int64 // ParseResponse's body limit: 0 is DefaultMaxBodySize, < 0 none
}

func newConfig(opts []Option) *config {
	c := &config{}
	for _, o := range opts {
		if o != nil {
			o(c)
		}
	}
	return c
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
// reads: a longer body (after removing a gzip or deflate Content-Encoding, and
// also before) makes it return an error wrapping ErrBodyTooLarge instead of
// parsing a truncated feed. n <= 0 removes the limit. ParseDocument ignores
// this option.
func WithMaxBodySize(n int64) Option {
	return func(c *config) {
		if n <= 0 {
			n = -1
		}
		c.maxBodySize = n
	}
}

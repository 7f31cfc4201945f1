package opml

import (
	"github.com/feedspec/feedspec"
	"github.com/feedspec/feedspec/xml5"
)

// An Option configures Parse.
type Option func(*config)

type config struct {
	url    string
	diags  *[]feedspec.Diagnostic
	limits feedspec.Limits
}

// WithURL gives the document's URL (Document.URL): Subscriptions resolves
// relative feed and page URLs against it. Without it a relative URL names
// no feed (WithDiagnostics says so).
func WithURL(u string) Option { return func(c *config) { c.url = u } }

// WithDiagnostics asks Parse to append to *dst a feedspec.Diagnostic for
// every XML parse error the parser recovered from and every repair it
// made (an encoding the bytes contradicted), then, in document order, one
// for each thing Parse or Subscriptions leaves out or changes:
//
//   - DiagnosticURL: an outline that names a feed whose URL is not an http
//     or https URL (javascript:, feed:, a relative URL without WithURL, a
//     URL that does not parse), which Subscriptions leaves out; or a page
//     URL (htmlUrl) that is not one, which leaves Subscription.PageURL
//     empty. Attr is the attribute, Value its value as written.
//   - DiagnosticValue: an outline whose type says it is a feed (rss, atom,
//     feed) but that has no feed URL; an attribute or element whose name
//     is not an XML name of ASCII characters, left out; a value holding characters XML does
//     not allow, read with U+FFFD in their place; an element of the body
//     or of an outline that is not an outline, left out with its content.
//   - DiagnosticRecovered: outlines outside the body, read as the body's.
//   - DiagnosticLimit: a feed nested in more than 32 outlines, whose
//     Subscription.Folders lists the 32 outermost (once per document).
//
// Line and Column give the start tag of the element concerned. The result
// of Parse is the same with or without this option. A nil dst is ignored.
func WithDiagnostics(dst *[]feedspec.Diagnostic) Option {
	return func(c *config) { c.diags = dst }
}

// WithLimits replaces the limits Parse enforces (by default
// feedspec.DefaultLimits()): MaxInputBytes, MaxDepth, MaxAttributes,
// MaxNodes and the entity limits, as feedspec.ParseDocument uses them. A
// zero field keeps the default; a negative field removes that limit.
// MaxItems and MaxPerEntry do not apply to OPML.
func WithLimits(l feedspec.Limits) Option { return func(c *config) { c.limits = l } }

// xml5Limits returns the xml5 parser's limits for l, zero fields taking
// the values of feedspec.DefaultLimits (as feedspec.ParseDocument does) and
// negative ones staying negative (no limit).
func xml5Limits(l feedspec.Limits) xml5.Limits {
	d := feedspec.DefaultLimits()
	pick := func(v, def int) int {
		if v == 0 {
			return def
		}
		return v
	}
	in := l.MaxInputBytes
	if in == 0 {
		in = d.MaxInputBytes
	}
	return xml5.Limits{
		MaxInputBytes:      in,
		MaxDepth:           pick(l.MaxDepth, d.MaxDepth),
		MaxEntityDepth:     pick(l.MaxEntityDepth, d.MaxEntityDepth),
		MaxEntityExpansion: pick(l.MaxEntityExpansion, d.MaxEntityExpansion),
		MaxAttributes:      pick(l.MaxAttributes, d.MaxAttributes),
		MaxNodes:           pick(l.MaxNodes, d.MaxNodes),
	}
}

package article

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	nurl "net/url"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	readability "codeberg.org/readeck/go-readability/v2"
	trafilatura "github.com/markusmobius/go-trafilatura"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/feedspec/feedspec"
)

// ErrNotArticle is wrapped by the errors for input that is not an HTML page:
// an empty body, a binary body (an image, a PDF, an archive), or a fetched
// response whose Content-Type is not HTML. The error's message says what
// came instead.
var ErrNotArticle = errors.New("not an HTML page")

// DefaultMaxSize is the largest page Extract and Fetch read (5 MiB) unless
// WithMaxSize sets another limit. Extraction costs about a second of CPU
// time, and a peak of about 90 bytes of heap per byte, for a page dense
// with elements (short paragraphs, list items or table cells; a 4.3 MB
// page of 64,000 div paragraphs takes 4-6 s and peaks at 390 MB; scripts
// and styles cost far less: the article benchmark's pages run at about 15
// MB per CPU-second), so that 5 MiB keeps every page within a few seconds
// and half a gigabyte; the largest page of the article benchmark is 1.5 MB.
const DefaultMaxSize = 5 << 20

// An Article is the main text of a web page and what the page states about
// it.
type Article struct {
	// URL is the page's URL (for Fetch, the final URL after redirects),
	// against which relative URLs in Body were resolved. It is "" when
	// Extract was given no URL.
	URL string

	// Title is the article's title (the page's metadata, else its title
	// element); "" when the page has none.
	Title string

	// Body is the article's main content as a Node value: the extractor's
	// HTML (paragraphs, headings, lists, tables, quotes, and with
	// WithLinksAndImages links and images) with every URL attribute (href, src, srcset, poster, cite) resolved
	// against the page's base URL, a leading heading that repeats the title
	// or the description removed, and tracking pixels removed as they are
	// from feed content (feedspec.NewNodeText). It is nil when the page has
	// no main text (a home page or a login wall can give an empty Body
	// rather than an error).
	//
	// Body is safe to display: it is what feedspec.SafeHTML writes of the
	// extraction (parsed again as the HTML fragment parser reads it), so
	// that the same elements, attributes and URLs are kept (links only to
	// http, https, mailto and tel URLs, images only from http and https
	// URLs and raster data: URLs; no script, handler or javascript: URL).
	// WithRawExtraction gives the extraction as it came instead.
	Body *feedspec.Text

	// Text is Body as plain text (feedspec.PlainText) and WordCount its
	// number of words (feedspec.WordCount).
	Text      string
	WordCount int

	// Description is the summary the page's metadata gives (the
	// description or og:description meta element, or JSON-LD); "" when
	// none.
	Description string

	// Image is the URL of the lead image the page's metadata names
	// (og:image, twitter:image, JSON-LD), absolute; "" when none, and ""
	// unless it is an http or https URL (a javascript: or data: URL in a
	// page's metadata is not one a reader may put in an img src), except
	// with WithRawExtraction.
	Image string

	// Published is the publication time the page's metadata states
	// (JSON-LD datePublished, the article:published_time meta element,
	// Dublin Core dates). It is nil when the page states none: it is never
	// guessed from the text or the URL.
	Published *time.Time

	// Language is the language the page declares (the html element's lang
	// attribute); "" when it declares none. It is not guessed from the
	// text.
	Language string

	// SiteName is the name of the site (og:site_name, JSON-LD publisher);
	// "" when the page does not say.
	SiteName string
}

// An Option changes how Extract and Fetch work.
type Option func(*config)

type config struct {
	maxSize        int64
	userAgent      string
	contentType    string
	linksAndImages bool
	raw            bool
	allowPrivate   bool
	allowAddresses []netip.Prefix
}

func newConfig(opts []Option) *config {
	c := &config{maxSize: DefaultMaxSize}
	for _, o := range opts {
		if o != nil {
			o(c)
		}
	}
	return c
}

// WithMaxSize sets the largest page, in bytes, that Extract and Fetch read
// (the default is DefaultMaxSize). A longer page is an error wrapping
// feedspec.ErrBodyTooLarge, never a truncated article. n <= 0 means no
// limit.
func WithMaxSize(n int64) Option {
	return func(c *config) { c.maxSize = n }
}

// WithUserAgent sets the User-Agent header Fetch sends (the default is
// feedspec.DefaultUserAgent).
func WithUserAgent(ua string) Option {
	return func(c *config) { c.userAgent = ua }
}

// WithContentType gives Extract the page's Content-Type header value, whose
// charset parameter names the page's encoding (after a byte order mark and
// before a meta element, as a browser decides). Fetch sets it from the
// response.
func WithContentType(ct string) Option {
	return func(c *config) { c.contentType = ct }
}

// WithLinksAndImages keeps the article's links (a elements) and images
// (img elements) in Body, with their URLs resolved against the page and
// tracking pixels removed. Without it, Body holds the text's structure only
// (paragraphs, headings, lists, quotes, tables, code). It uses
// go-trafilatura's link and image output, which that project calls
// experimental: on the extraction benchmark it costs some accuracy (links
// break paragraphs apart, image captions and credits join the text; see
// docs/article.md).
func WithLinksAndImages() Option {
	return func(c *config) { c.linksAndImages = true }
}

// WithRawExtraction leaves Body as the extractor gave it (with the changes
// listed on Article.Body) and Image as the page names it: not made safe to
// display. The page is a stranger's, so such a Body must go through
// feedspec.SafeHTML, and Image through a URL check, before a browser sees
// them.
func WithRawExtraction() Option {
	return func(c *config) { c.raw = true }
}

// AllowPrivateNetworks lets Fetch with a nil client connect to any address:
// loopback, private networks (RFC 1918, fc00::/7), link-local addresses
// (169.254.0.0/16, where the cloud metadata services answer), and the other
// addresses feedspec.IsPublicAddress calls not public, which it otherwise
// refuses with an error wrapping feedspec.ErrForbiddenAddress. It is for a
// reader on a LAN, or a test against a loopback server; a client given to
// Fetch is used as it is, and this option does not change it.
func AllowPrivateNetworks() Option {
	return func(c *config) { c.allowPrivate = true }
}

// AllowAddresses lets Fetch with a nil client connect to the addresses of
// allow, on any port, while it still refuses every other address that is
// not public, whether the URL or a redirect leads there: the reader's own
// LAN host (netip.MustParsePrefix("192.168.1.20/32")), a test server on
// loopback (127.0.0.1/32). It is Fetcher.AllowAddresses of the feedspec
// package, with the same rules (see feedspec.GuardTransportAllowing): a
// prefix is taken as written (0.0.0.0/0 allows every IPv4 address, the
// cloud metadata service included), and an invalid one (the zero
// netip.Prefix) allows nothing. Given more than once, the lists add up.
// AllowPrivateNetworks allows every address anyway; a client given to
// Fetch is used as it is, and this option does not change it.
func AllowAddresses(allow ...netip.Prefix) Option {
	allow = slices.Clone(allow)
	return func(c *config) { c.allowAddresses = append(c.allowAddresses, allow...) }
}

// Extract is ExtractContext with a context that is never cancelled.
func Extract(r io.Reader, pageURL string, opts ...Option) (*Article, error) {
	return ExtractContext(context.Background(), r, pageURL, opts...)
}

// ExtractContext reads an HTML page from r and returns its article. pageURL is the
// page's URL, the base for its relative URLs (a <base href> in the page
// applies on top of it, as in a browser); "" leaves them relative.
//
// The page's bytes are decoded as a browser decodes them: a byte order mark
// first, then the charset of the Content-Type (WithContentType), then a meta
// element in the first 1024 bytes, else UTF-8 when the bytes are valid UTF-8
// and windows-1252 when not.
//
// An empty page, or one whose bytes are not text (an image, a PDF), gives an
// error wrapping ErrNotArticle; a page longer than the size limit an error
// wrapping feedspec.ErrBodyTooLarge. A page with no main text gives an
// Article with a nil Body and the metadata found.
//
// The main content is found by go-trafilatura, with the result of
// readeck/go-readability given to it as a further candidate; when readeck's
// text is nearly all within go-trafilatura's and clearly shorter, readeck's
// content is taken (see docs/article.md for how the choice was measured).
//
// Extraction takes time in proportion to the page's size, except for one
// step of go-trafilatura whose cost grows with the number of the page's
// paragraphs (p, blockquote, pre, q and code elements) times the length of
// their text: a page where that product is over 2^30 (about 1,000
// paragraphs of 1,000 bytes each; 50 times the product of the article
// benchmark's largest, and about a second of CPU time) is refused, before
// extraction, with an error wrapping feedspec.ErrLimit, rather than taking
// minutes (a page of 64,000 short paragraphs, 200 times over, took 40
// seconds of an idle machine and allocated about 100 GB). ctx is checked
// between reads of the page, while it is parsed and between the
// extraction's stages: once it is done, ExtractContext
// returns an error wrapping ctx.Err() (a stage under way is finished first;
// none takes more than a few seconds on a page within DefaultMaxSize).
func ExtractContext(ctx context.Context, r io.Reader, pageURL string, opts ...Option) (*Article, error) {
	cfg := newConfig(opts)
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("article: before reading the page: %w", err)
	}
	data, err := readLimited(ctxReader{ctx, r}, cfg.maxSize, lenHint(r))
	if err != nil {
		return nil, err
	}
	return extract(ctx, data, pageURL, cfg)
}

// ctxReader is a reader that fails with ctx's error once ctx is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// maxParagraphWork bounds paragraphWork: go-trafilatura concatenates the
// text of a page's paragraphs one at a time (each step copying all of the
// text before it), and its baseline extraction does the same with the
// paragraphs, quotes and code, so that its cost grows with the number of
// these elements times the length of their text. 2^30 keeps that step
// to about a second of CPU time (a page of 4,400 short paragraphs, just
// under it, takes 1.0 s and allocates 0.6 GB); the article benchmark's
// largest product is 2^24.2.
const maxParagraphWork = 1 << 30

// paragraphTags are the elements whose text go-trafilatura concatenates.
var paragraphTags = map[atom.Atom]bool{atom.P: true, atom.Blockquote: true, atom.Pre: true, atom.Q: true, atom.Code: true}

// paragraphWork returns the number of HTML p, blockquote, pre, q and code
// elements below n and the total length of their text (a text inside two
// of them counted twice, as go-trafilatura reads it), in one walk.
func paragraphWork(n *html.Node) (count, textLen int) {
	var walk func(n *html.Node, depth int)
	walk = func(n *html.Node, depth int) {
		switch n.Type {
		case html.TextNode:
			textLen += len(n.Data) * depth
			return
		case html.ElementNode:
			if n.Namespace == "" && paragraphTags[n.DataAtom] {
				count++
				depth++
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, depth)
		}
	}
	walk(n, 0)
	return count, textLen
}

// checkParagraphWork refuses a page whose paragraphWork is over
// maxParagraphWork.
func checkParagraphWork(doc *html.Node) error {
	count, textLen := paragraphWork(doc)
	// Compared by division: textLen grows with the nesting's depth, and
	// the product could overflow.
	if count > 0 && textLen > maxParagraphWork/count {
		return &limitError{fmt.Sprintf("article: the page has %d paragraphs (p, blockquote, pre, q, code) holding %d bytes of text, "+
			"more than the extractor reads in bounded time (their product is over %d)",
			count, textLen, maxParagraphWork)}
	}
	return nil
}

// A limitError is a refusal that matches feedspec.ErrLimit (whose own
// message names feedspec's XML parser, so it is not repeated).
type limitError struct{ msg string }

func (e *limitError) Error() string { return e.msg }
func (e *limitError) Unwrap() error { return feedspec.ErrLimit }

// stopped returns nil while ctx is not done, else an error wrapping
// ctx.Err() that says which stage was next.
func stopped(ctx context.Context, stage string) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("article: stopped before %s: %w", stage, err)
	}
	return nil
}

// extract is ExtractContext on the page's bytes.
func extract(ctx context.Context, data []byte, pageURL string, cfg *config) (*Article, error) {
	contentType, links := cfg.contentType, cfg.linksAndImages
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("article: the page is empty: %w", ErrNotArticle)
	}
	if sniffed := http.DetectContentType(data); !strings.HasPrefix(sniffed, "text/") {
		return nil, fmt.Errorf("article: the page's bytes are %s, not HTML: %w", sniffed, ErrNotArticle)
	}
	doc, err := parsePage(ctx, data, contentType)
	if err != nil {
		return nil, err
	}
	if err := checkParagraphWork(doc); err != nil {
		return nil, err
	}
	if err := stopped(ctx, "extraction"); err != nil {
		return nil, err
	}

	a := &Article{URL: pageURL}
	base := baseURL(doc, pageURL)
	// URLs are made absolute before extraction, so that the extractors,
	// which resolve some of them their own way, see them as the page means
	// them.
	resolveURLs(doc, base, len(data))
	markInlineSpaces(doc)
	var netBase *nurl.URL
	if base != "" {
		netBase, _ = nurl.Parse(base)
	}

	// readeck/go-readability: its metadata comes from the page's meta
	// elements and JSON-LD only, and its content is one more candidate for
	// go-trafilatura to weigh.
	rd, rdErr := readability.FromDocument(doc, netBase)
	if err := stopped(ctx, "go-trafilatura's extraction"); err != nil {
		return nil, err
	}
	opts := trafilatura.Options{
		OriginalURL:     netBase,
		EnableFallback:  true,
		ExcludeComments: true,
		IncludeImages:   links,
		IncludeLinks:    links,
		// The date comes from readeck's metadata: go-htmldate would search
		// the text and the URL for one.
		HtmlDateMode: trafilatura.Disabled,
	}
	var rdContent *html.Node // a copy: go-trafilatura may change its candidates
	if rdErr == nil && rd.Node != nil {
		rdContent = cloneNode(rd.Node)
		opts.FallbackCandidates = &trafilatura.FallbackCandidates{Others: []*html.Node{rd.Node}}
	}
	res, trErr := trafilatura.ExtractDocument(doc, opts)
	if err := stopped(ctx, "the body's cleaning"); err != nil {
		return nil, err
	}

	if trErr == nil {
		m := res.Metadata
		a.Title, a.Description, a.Image, a.SiteName = m.Title, m.Description, m.Image, m.Sitename
	}
	if rdErr == nil {
		a.Title = firstNonEmpty(a.Title, rd.Title())
		a.Description = firstNonEmpty(a.Description, rd.Excerpt())
		a.Image = firstNonEmpty(a.Image, rd.ImageURL())
		a.SiteName = firstNonEmpty(a.SiteName, rd.SiteName())
		a.Language = rd.Language()
		if t, err := rd.PublishedTime(); err == nil && !t.IsZero() {
			a.Published = &t
		}
	}
	if a.Title == "" {
		a.Title = titleElement(doc)
	}
	a.Title = strings.TrimSpace(restoreSpace(a.Title))
	a.Description = strings.TrimSpace(restoreSpace(a.Description))
	a.SiteName = strings.TrimSpace(restoreSpace(a.SiteName))
	if a.Image != "" {
		a.Image = resolveURL(base, a.Image)
		if !cfg.raw {
			a.Image = safeMediaURL(a.Image)
		}
	}
	if trErr == nil && res.ContentNode != nil {
		a.setBody(a.body(res.ContentNode))
	}
	if a.Body != nil && rdContent != nil {
		if err := stopped(ctx, "the comparison with readeck/go-readability's content"); err != nil {
			return nil, err
		}
		a.preferReadeck(rdContent, opts)
	}
	if a.Body != nil && !cfg.raw {
		if err := stopped(ctx, "the body's sanitization"); err != nil {
			return nil, err
		}
		a.setBody(safeBody(a.Body, base))
	}
	return a, nil
}

// safeBody returns body as feedspec.SafeHTML writes it, parsed again (as
// the HTML fragment parser reads it, in a div) into a Node value; nil when
// nothing is left.
func safeBody(body *feedspec.Text, base string) *feedspec.Text {
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := html.ParseFragmentWithOptions(strings.NewReader(feedspec.SafeHTML(body, base)), ctx,
		html.ParseOptionEnableScripting(false))
	if err != nil {
		return nil
	}
	frag := &html.Node{Type: html.DocumentNode}
	for _, n := range nodes {
		frag.AppendChild(n)
	}
	return feedspec.NewNodeText(frag)
}

// body returns go-trafilatura's content element's children as a fragment,
// less a leading repeat of the title or description.
func (a *Article) body(content *html.Node) *feedspec.Text {
	frag := &html.Node{Type: html.DocumentNode}
	for c := content.FirstChild; c != nil; {
		next := c.NextSibling
		content.RemoveChild(c)
		frag.AppendChild(c)
		c = next
	}
	restoreSpaces(frag)
	removeLeadingRepeats(frag, a.Title, a.Description)
	return feedspec.NewNodeText(frag)
}

// preferReadeck replaces Body with go-trafilatura's extraction of
// readeck/go-readability's content rdContent when readeck's text is nearly
// all within Body's (95% of its 4-word runs) and Body has at least 10% more:
// the difference is then page furniture go-trafilatura kept (a newsletter
// form, a list of related stories). Extracting readeck's content again,
// rather than taking it as it is, keeps Body's shape and options the same.
// On the article benchmark this changes 3 pages of 115, each for the better.
func (a *Article) preferReadeck(rdContent *html.Node, opts trafilatura.Options) {
	rdText := feedspec.PlainText(feedspec.NewNodeText(fragment(cloneNode(rdContent))))
	ours, theirs := shingles(a.Text), shingles(rdText)
	if len(theirs) == 0 || len(ours)*10 < len(theirs)*11 {
		return
	}
	within := 0
	for k := range theirs {
		if ours[k] {
			within++
		}
	}
	if within*20 < len(theirs)*19 {
		return
	}
	doc := &html.Node{Type: html.DocumentNode}
	root := &html.Node{Type: html.ElementNode, Data: "html", DataAtom: atom.Html}
	body := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	doc.AppendChild(root)
	root.AppendChild(body)
	body.AppendChild(rdContent)
	opts.EnableFallback, opts.FallbackCandidates = false, nil
	res, err := trafilatura.ExtractDocument(doc, opts)
	if err != nil || res.ContentNode == nil {
		return
	}
	if b := a.body(res.ContentNode); feedspec.PlainText(b) != "" {
		a.setBody(b)
	}
}

// fragment returns a DocumentNode whose only child is n.
func fragment(n *html.Node) *html.Node {
	frag := &html.Node{Type: html.DocumentNode}
	frag.AppendChild(n)
	return frag
}

// cloneNode returns a deep copy of n (without parent or siblings).
func cloneNode(n *html.Node) *html.Node {
	c := &html.Node{Type: n.Type, DataAtom: n.DataAtom, Data: n.Data, Namespace: n.Namespace,
		Attr: append([]html.Attribute(nil), n.Attr...)}
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		c.AppendChild(cloneNode(k))
	}
	return c
}

// shingles returns the set of runs of four consecutive words (runs of
// letters and digits) of s.
func shingles(s string) map[string]bool {
	words := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
	set := make(map[string]bool, len(words))
	for i := 0; i+4 <= len(words); i++ {
		set[strings.Join(words[i:i+4], " ")] = true
	}
	return set
}

// setBody sets Body, Text and WordCount; a body without text is no body.
func (a *Article) setBody(body *feedspec.Text) {
	text := feedspec.PlainText(body)
	if text == "" {
		a.Body, a.Text, a.WordCount = nil, "", 0
		return
	}
	a.Body, a.Text, a.WordCount = body, text, feedspec.WordCount(text)
}

// parsePage decodes data as a browser does and parses it as an HTML
// document.
func parsePage(ctx context.Context, data []byte, contentType string) (*html.Node, error) {
	enc, _ := pageEncoding(data, contentType)
	// A UTF-8 byte order mark decides the encoding and is not content.
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	doc, err := html.Parse(ctxReader{ctx, enc.NewDecoder().Reader(bytes.NewReader(data))})
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("article: stopped while parsing the page: %w", ctx.Err())
		}
		return nil, fmt.Errorf("article: parsing the page: %w", err)
	}
	return doc, nil
}

// titleElement returns the text of the document's first title element,
// white space collapsed.
func titleElement(doc *html.Node) string {
	if n := findElement(doc, atom.Title); n != nil {
		return strings.Join(strings.Fields(textContent(n)), " ")
	}
	return ""
}

// findElement returns the first HTML element of kind a in document order.
func findElement(n *html.Node, a atom.Atom) *html.Node {
	if n.Type == html.ElementNode && n.DataAtom == a && n.Namespace == "" {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := findElement(c, a); f != nil {
			return f
		}
	}
	return nil
}

// textContent returns the concatenated text of n's descendants.
func textContent(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// removeLeadingRepeats removes what the body starts with that repeats the
// title or the description: the extractor often keeps the page's headline
// (which can be the title less a section or site label, as in "Opinion |
// Title") and its standfirst, which Article holds apart. At the start of
// the body (and of a leading div, section, header, article or main
// element), headings whose words are the description's or are the title's
// (or a run at the title's start or end, or all but a fifth of them) are
// removed, and so are
// paragraphs whose words are exactly the title's.
func removeLeadingRepeats(n *html.Node, title, description string) {
	t, d := comparable(title), comparable(description)
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		switch {
		case c.Type == html.TextNode && strings.TrimSpace(c.Data) == "":
		case c.Type != html.ElementNode || c.Namespace != "":
			return
		case isHeading(c):
			s := comparable(textContent(c))
			if s == "" || (s != d && !isTitleRun(s, t)) {
				return
			}
			n.RemoveChild(c)
		case c.DataAtom == atom.P:
			if s := comparable(textContent(c)); s == "" || s != t {
				return
			}
			n.RemoveChild(c)
		case c.DataAtom == atom.Div || c.DataAtom == atom.Section || c.DataAtom == atom.Header ||
			c.DataAtom == atom.Article || c.DataAtom == atom.Main:
			removeLeadingRepeats(c, title, description)
			return
		default:
			return
		}
		c = next
	}
}

// isTitleRun reports whether the words s are the title's words t, a run
// of at least three of them at its start or end, or nearly the same words.
func isTitleRun(s, t string) bool {
	if s == t {
		return true
	}
	if strings.Count(s, " ") < 2 {
		return false
	}
	return strings.HasPrefix(t, s+" ") || strings.HasSuffix(t, " "+s) || nearlySame(s, t)
}

// nearlySame reports whether the word lists s and t, of at least five
// words each, share at least 80% of the longer one's words (a headline that
// the title shortens or lengthens by a word).
func nearlySame(s, t string) bool {
	sw, tw := strings.Fields(s), strings.Fields(t)
	if len(sw) < 5 || len(tw) < 5 {
		return false
	}
	count := make(map[string]int, len(tw))
	for _, w := range tw {
		count[w]++
	}
	shared := 0
	for _, w := range sw {
		if count[w] > 0 {
			count[w]--
			shared++
		}
	}
	return shared*5 >= max(len(sw), len(tw))*4
}

// isHeading reports whether n is an HTML h1–h6 element.
func isHeading(n *html.Node) bool {
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return n.Namespace == ""
	}
	return false
}

// comparable returns s's words (runs of letters and digits), lower-cased
// and joined by spaces, so that texts differing in punctuation and spacing
// compare equal.
func comparable(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsNumber(r)
	}), " ")
}

func firstNonEmpty(a, b string) string {
	if strings.TrimSpace(a) != "" {
		return strings.TrimSpace(a)
	}
	return strings.TrimSpace(b)
}

// spaceMark stands, during extraction, for the white space that separates
// an inline element from the text after it. go-trafilatura trims the text
// that follows an element (its "tail"), so that "<b>will</b> appreciate"
// comes out as "willappreciate" (adbar/trafilatura issue 661); a
// noncharacter, which no trimming removes and no page should hold, keeps
// the words apart until restoreSpaces turns it back into a space.
const spaceMark = "\uFDD0"

// phrasing is the set of inline elements after which white space is kept.
var phrasing = map[atom.Atom]bool{
	atom.A: true, atom.Abbr: true, atom.B: true, atom.Cite: true, atom.Code: true,
	atom.Em: true, atom.Font: true, atom.I: true, atom.Mark: true, atom.Q: true,
	atom.S: true, atom.Small: true, atom.Span: true, atom.Strong: true,
	atom.Sub: true, atom.Sup: true, atom.Time: true, atom.U: true,
}

// markInlineSpaces puts spaceMark, below n, where white space separates an
// inline element from the text before or after it: at the start of a text
// that follows an inline element and starts with white space (or follows
// one whose own text ends in white space, as in "<em>before </em>they"),
// and at the end of a text that precedes an inline element and ends with
// white space (or precedes one whose text starts with it).
func markInlineSpaces(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		markInlineSpaces(c)
		if c.Namespace != "" || !phrasing[c.DataAtom] {
			continue
		}
		if t := c.NextSibling; t != nil && t.Type == html.TextNode && strings.TrimSpace(t.Data) != "" &&
			(startsWithSpace(t.Data) || endsWithSpace(lastText(c))) && !strings.HasPrefix(t.Data, spaceMark) {
			t.Data = spaceMark + t.Data
		}
		if t := c.PrevSibling; t != nil && t.Type == html.TextNode && strings.TrimSpace(t.Data) != "" &&
			(endsWithSpace(t.Data) || startsWithSpace(firstText(c))) && !strings.HasSuffix(t.Data, spaceMark) {
			t.Data += spaceMark
		}
	}
}

// firstText and lastText return the first and the last text below n ("" when
// there is none).
func firstText(n *html.Node) string {
	for n.FirstChild != nil {
		n = n.FirstChild
	}
	if n.Type == html.TextNode {
		return n.Data
	}
	return ""
}

func lastText(n *html.Node) string {
	for n.LastChild != nil {
		n = n.LastChild
	}
	if n.Type == html.TextNode {
		return n.Data
	}
	return ""
}

func startsWithSpace(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return s != "" && unicode.IsSpace(r)
}

func endsWithSpace(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return s != "" && unicode.IsSpace(r)
}

// restoreSpaces applies restoreSpace to the text below n.
func restoreSpaces(n *html.Node) {
	if n.Type == html.TextNode {
		n.Data = restoreSpace(n.Data)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		restoreSpaces(c)
	}
}

// restoreSpace removes every spaceMark from s, leaving a space where it
// has no white space beside it (where the extractor trimmed what it stood
// for; white space kept, as in code, stays as it was).
func restoreSpace(s string) string {
	if !strings.Contains(s, spaceMark) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, spaceMark)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		s = s[i+len(spaceMark):]
		if !endsWithSpace(b.String()) && !startsWithSpace(strings.TrimLeft(s, spaceMark)) {
			b.WriteByte(' ')
		}
	}
}

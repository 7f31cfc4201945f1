package feedspec

import "github.com/feedspec/feedspec/xml5"

// The RSS 2.0 channel elements the specification's model does not keep
// (the channel image's children other than url, cloud, textInput, rating,
// docs, webMaster, and pubDate and lastBuildDate apart): additions, read by
// processRSSChannel into the fields after Podcast (docs/model.md). RSS 1.0's
// image and textinput, the channel's siblings, are read by processRDF into
// ChannelImage and TextInput the same way. Each is read from the first
// element of its name that gives a value; none is a list, so a channel that
// repeats them costs no more than one that does not.

// A Cloud is an RSS channel's cloud element (Feed.Cloud): the rssCloud web
// service to register with to be notified of the channel's updates. Its
// strings are the attributes as written, "" when absent or holding only
// space characters.
type Cloud struct {
	// Domain is the domain attribute: the service's host name.
	Domain string `json:"domain,omitempty"`
	// Port is the port attribute, read with the rules for parsing
	// non-negative integers (invalid: nil, with a Diagnostic of kind
	// DiagnosticNumber).
	Port *int `json:"port,omitempty"`
	// Path is the path attribute (such as "/RPC2"), not parsed as a URL.
	Path string `json:"path,omitempty"`
	// RegisterProcedure is the registerProcedure attribute: the procedure
	// to call (such as "myCloud.rssPleaseNotify").
	RegisterProcedure string `json:"register_procedure,omitempty"`
	// Protocol is the protocol attribute ("xml-rpc", "soap" or
	// "http-post" in the rssCloud interface; as written).
	Protocol string `json:"protocol,omitempty"`
}

// A TextInput is an RSS channel's textInput element (Feed.TextInput): a
// text box to show with the channel (a search box, a feedback form). Each
// field is null when its child is absent or gives no value; the first child
// of each name is read.
type TextInput struct {
	// Title is the title child, a string element: the label of the
	// submit button.
	Title *Text `json:"title,omitempty"`
	// Description is the description child, a string element: what the
	// text box is for.
	Description *Text `json:"description,omitempty"`
	// Name is the name child, a string element: the name of the text
	// object, sent with the text.
	Name string `json:"name,omitempty"`
	// Link is the link child, parsed as a URL element: the URL the text
	// is sent to.
	// Untrusted: the feed's value; pass it through SafeURL before writing
	// it into an href or src.
	Link string `json:"link,omitempty"`
}

// processChannelImage reads an RSS channel's image element into a
// ChannelImage; nil when no child gives a value. Its children are read in
// namespace ns: none for RSS 2.0, 0.92 and 0.91, RSS 1.0's for an RSS 1.0
// (or RSS 0.90, read as RSS 1.0 in recovery mode) image. Its URL is the
// first url child's, processed as a URL element, as [213] [214] [308] read
// it for the logo; each other field is read from the first child of its
// name that gives a value.
func (p *processor) processChannelImage(el *xml5.Node, ns string) *ChannelImage {
	img := &ChannelImage{}
	urlSeen := false
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Namespace != ns {
			continue
		}
		switch c.Local {
		case "url":
			if !urlSeen { // [213]: only the first url child
				urlSeen = true
				img.URL = p.processURLElement(c) // [308] [37]
			}
		case "title":
			if img.Title == nil {
				img.Title = p.textOrNull(processStringElement(c))
			}
		case "link":
			if img.Link == "" {
				img.Link = p.processURLElement(c)
			}
		case "width":
			if img.Width == nil {
				img.Width = p.processCount(c)
			}
		case "height":
			if img.Height == nil {
				img.Height = p.processCount(c)
			}
		case "description":
			if img.Description == nil {
				img.Description = p.textOrNull(processStringElement(c))
			}
		}
	}
	if *img == (ChannelImage{}) {
		return nil
	}
	return img
}

// processCloud reads an RSS channel's cloud element; nil when none of its
// attributes gives a value.
func (p *processor) processCloud(el *xml5.Node) *Cloud {
	cloud := &Cloud{
		Domain:            stringAttr(el, "domain"),
		Port:              p.intAttr(el, "port"),
		Path:              stringAttr(el, "path"),
		RegisterProcedure: stringAttr(el, "registerProcedure"),
		Protocol:          stringAttr(el, "protocol"),
	}
	if *cloud == (Cloud{}) {
		return nil
	}
	return cloud
}

// stringAttr returns el's attribute name (in no namespace) as written when
// it has a non-space character, else "".
func stringAttr(el *xml5.Node, name string) string {
	if v, ok := el.AttrValue("", name); ok && hasNonSpaceChar(v) {
		return v
	}
	return ""
}

// processTextInput reads an RSS channel's textInput element; nil when no
// child gives a value. Its children are read in namespace ns, as for
// processChannelImage.
func (p *processor) processTextInput(el *xml5.Node, ns string) *TextInput {
	in := &TextInput{}
	for c := el.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.Namespace != ns {
			continue
		}
		switch c.Local {
		case "title":
			if in.Title == nil {
				in.Title = p.textOrNull(processStringElement(c))
			}
		case "description":
			if in.Description == nil {
				in.Description = p.textOrNull(processStringElement(c))
			}
		case "name":
			if in.Name == "" {
				in.Name = processStringElement(c)
			}
		case "link":
			if in.Link == "" {
				in.Link = p.processURLElement(c)
			}
		}
	}
	if *in == (TextInput{}) {
		return nil
	}
	return in
}

// processRSSChannelDate reads a channel's pubDate or lastBuildDate element
// el: the specification's Updated takes the first of either that gives a
// date (as before this addition), Published the first pubDate's and
// LastBuildDate the first lastBuildDate's. Each field has its own
// time.Time. An element is not read once every field it could fill is set.
func (p *processor) processRSSChannelDate(feed *Feed, el *xml5.Node) {
	field := &feed.Published
	if el.Local == "lastBuildDate" {
		field = &feed.LastBuildDate
	}
	if feed.Updated != nil && *field != nil {
		return
	}
	t := p.processRSSDate(el)
	if t == nil {
		return
	}
	if feed.Updated == nil {
		feed.Updated = t
		if *field != nil {
			return
		}
		c := *t
		t = &c
	}
	*field = t
}

// processUpdateBase reads the syndication module's updateBase (first wins):
// a W3C date-time, the base from which updatePeriod and updateFrequency
// count.
func (p *processor) processUpdateBase(feed *Feed, el *xml5.Node) {
	if feed.UpdateBase == nil {
		feed.UpdateBase = p.processW3CDTFDate(el)
	}
}

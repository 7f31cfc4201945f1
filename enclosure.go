package feedspec

// An Enclosure is a media file attached to an entry [188].
type Enclosure struct {
	URL      string  // "" is null
	MIMEType *string // nil is null; a type="" attribute gives ""
	Length   *int64  // nil is null
}

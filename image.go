package feedspec

// An Image is an icon, logo or thumbnail [160].
type Image struct {
	URL    string // "" is null
	Width  *int   // nil is null
	Height *int   // nil is null
}

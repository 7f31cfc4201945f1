package feedspec

// A Person is an author of a feed or an entry [29]. "" is null: the spec never
// produces an empty name or email.
type Person struct {
	Name    string
	Email   string
	PageURL string
	Icon    *Image
}

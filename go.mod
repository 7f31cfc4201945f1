module github.com/feedspec/feedspec

go 1.25.0

require golang.org/x/net v0.58.0

require (
	github.com/nlnwa/whatwg-url v0.6.2 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
	golang.org/x/text v0.41.0 // indirect
)

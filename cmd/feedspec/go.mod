module github.com/feedspec/feedspec/cmd/feedspec

go 1.25.0

require (
	github.com/feedspec/feedspec v0.0.0
	github.com/stretchr/testify v1.12.1
)

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	github.com/nlnwa/whatwg-url v0.6.2 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/net v0.58.0 // indirect
	golang.org/x/text v0.41.0 // indirect
)


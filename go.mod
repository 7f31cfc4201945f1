module github.com/feedspec/feedspec

go 1.25.0

require (
	code.dny.dev/ssrf v0.3.0
	github.com/nlnwa/whatwg-url v0.6.2
	github.com/rivo/uniseg v0.4.7
	github.com/stretchr/testify v1.12.1
	golang.org/x/net v0.58.0
	golang.org/x/text v0.41.0
)

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)

module github.com/feedspec/feedspec/bench

go 1.25.0

require (
	github.com/feedspec/feedspec v0.0.0
	github.com/mmcdole/gofeed v1.4.2
)

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	github.com/mmcdole/goxpp/v2 v2.0.0 // indirect
	github.com/nlnwa/whatwg-url v0.6.2 // indirect
	golang.org/x/net v0.58.0 // indirect
	golang.org/x/text v0.41.0 // indirect
)

replace github.com/feedspec/feedspec => ../

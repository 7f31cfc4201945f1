module github.com/feedspec/feedspec

go 1.25.0

require golang.org/x/net v0.58.0

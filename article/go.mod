module github.com/feedspec/feedspec/article

go 1.25.0

require github.com/feedspec/feedspec v0.0.0

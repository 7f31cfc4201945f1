// Package article extracts the main text of a web page (an article linked
// from a feed entry that carries only a teaser) as a feedspec Text.
//
// It is a module of its own, github.com/feedspec/feedspec/article, so that
// programs that use only the feed parser never download an extractor.
package article

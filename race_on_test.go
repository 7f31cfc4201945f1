//go:build race

package feedspec

// raceEnabled tells that the tests run with the race detector, under which
// sync.Pool drops what it is given at random, so allocation counts of the
// pooled paths are not the program's.
const raceEnabled = true

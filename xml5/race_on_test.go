//go:build race

package xml5

// raceEnabled tells that the tests run with the race detector, under which
// sync.Pool drops what it is given at random.
const raceEnabled = true

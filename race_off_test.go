//go:build !race

package feedspec

// raceEnabled tells that the tests run with the race detector (see
// race_on_test.go).
const raceEnabled = false

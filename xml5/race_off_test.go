//go:build !race

package xml5

const raceEnabled = false

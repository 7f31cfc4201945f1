//go:build !unix

package xml5

import "time"

// cpuTime is not measured on this platform.
func cpuTime() time.Duration { return 0 }

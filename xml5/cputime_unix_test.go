//go:build unix

package xml5

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system, all threads) the process
// has used, so that benchmarks can report throughput per CPU second on a
// busy machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

//go:build unix

package check

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkReference measures the reference's own cost of 200 random cases
// of each exact program: the random positions and their expected outputs,
// as the random suite and gen compute them (target: under 1 s each). Besides
// the wall time per run it reports cpu-s/op, the CPU time of all threads,
// which a loaded machine does not inflate.
func BenchmarkReference(b *testing.B) {
	for _, p := range allPrograms(b) {
		if !p.Exact {
			continue
		}
		b.Run(p.Name, func(b *testing.B) {
			o := testOptions(b, p.Name)
			o.N, o.Seed = 200, DefaultSeed
			cpu := cpuTime()
			for b.Loop() {
				units, err := randomUnits(o, o.N, o.Seed)
				if err != nil {
					b.Fatal(err)
				}
				n := 0
				for _, u := range units {
					n += u.Size()
				}
				if n != 200 {
					b.Fatalf("%d cases, want 200", n)
				}
			}
			b.ReportMetric((cpuTime()-cpu).Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}

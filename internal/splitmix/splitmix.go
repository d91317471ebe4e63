// Package splitmix implements splitmix64, the module's one seeded
// pseudo-random generator: its output depends only on its seed, on every
// platform and Go version. Rules packages draw their random positions and
// Zobrist keys with it, and the match harness its openings and game seeds.
package splitmix

// golden is splitmix64's increment, 2^64 divided by the golden ratio.
const golden = 0x9e3779b97f4a7c15

// Rand is a splitmix64 generator.
type Rand struct{ state uint64 }

// New returns a generator whose state starts at seed.
func New(seed uint64) *Rand { return &Rand{state: seed} }

// Uint64 returns the next 64 random bits.
func (r *Rand) Uint64() uint64 {
	r.state += golden
	return Mix(r.state)
}

// Intn returns a number in [0, n); n must be positive. The slight modulo
// bias is irrelevant for picking moves, positions and openings.
func (r *Rand) Intn(n int) int {
	return int(r.Uint64() % uint64(n))
}

// Mix is the splitmix64 finaliser: a fixed bijective scrambling of x.
func Mix(x uint64) uint64 {
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

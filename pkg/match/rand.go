package match

// Rand is a splitmix64 pseudo-random generator. Its output depends only on
// its seed, on every platform and Go version.
type Rand struct{ state uint64 }

// NewRand returns a generator seeded with seed.
func NewRand(seed uint64) *Rand { return &Rand{state: seed} }

// Uint64 returns the next 64 random bits.
func (r *Rand) Uint64() uint64 {
	r.state += 0x9e3779b97f4a7c15
	return Mix(r.state)
}

// Intn returns a number in [0, n); n must be positive. The slight modulo bias
// is irrelevant for picking moves and openings.
func (r *Rand) Intn(n int) int {
	return int(r.Uint64() % uint64(n))
}

// Mix is the splitmix64 finaliser: a fixed bijective scrambling of x.
func Mix(x uint64) uint64 {
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// GameSeed returns the seed of game i of a match seeded with seed.
func GameSeed(seed uint64, i int) uint64 {
	return Mix(seed ^ Mix(uint64(i)+0x9e3779b97f4a7c15))
}

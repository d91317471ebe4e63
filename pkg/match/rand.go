package match

import "github.com/gamesearch/gamesearch/internal/splitmix"

// Rand is the harness's random generator: splitmix64 (package splitmix),
// whose output depends only on its seed, on every platform and Go version.
type Rand = splitmix.Rand

// NewRand returns a generator seeded with seed.
func NewRand(seed uint64) *Rand { return splitmix.New(seed) }

// GameSeed returns the seed of game i of a match seeded with seed.
func GameSeed(seed uint64, i int) uint64 {
	return splitmix.Mix(seed ^ splitmix.Mix(uint64(i)+0x9e3779b97f4a7c15))
}

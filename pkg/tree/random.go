package tree

import (
	"strconv"

	"github.com/gamesearch/gamesearch/internal/splitmix"
)

// RandomInput returns a random tree drawn from seed, as the programs read
// it (one line): levels down to a depth of 2 to 5, each node above the
// last level a leaf one time in five, 2 to 4 children at the root and 1 to
// 4 at every other inner node, leaf values from -20 to 20 (so ties are
// common), and one tree in four written with a blank after each comma.
// The same seed gives the same tree.
func RandomInput(seed uint64) []byte {
	r := splitmix.New(seed)
	height := 2 + r.Intn(4)
	sep := ","
	if r.Intn(4) == 0 {
		sep = ", "
	}
	b := randomNode(r, nil, height, 2+r.Intn(3), sep)
	return append(b, '\n')
}

// randomNode appends a random subtree of height at most d with kids
// children (a leaf when d is 0).
func randomNode(r *splitmix.Rand, b []byte, d, kids int, sep string) []byte {
	if d == 0 {
		return strconv.AppendInt(b, int64(r.Intn(41)-20), 10)
	}
	b = append(b, '[')
	for i := range kids {
		if i > 0 {
			b = append(b, sep...)
		}
		if d > 1 && r.Intn(5) == 0 {
			b = randomNode(r, b, 0, 0, sep)
			continue
		}
		b = randomNode(r, b, d-1, 1+r.Intn(4), sep)
	}
	return append(b, ']')
}

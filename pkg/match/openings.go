package match

// Mover is what the opening helpers need of a game: its moves and how to play
// one.
type Mover[P, M any] interface {
	// Over reports whether p ends the game.
	Over(p *P) bool
	// Moves appends the legal moves of p to buf, in a fixed order.
	Moves(p *P, buf []M) []M
	// Play returns the position after m in p.
	Play(p *P, m M) P
}

// Shuffle permutes xs in place (Fisher-Yates) with a generator seeded with
// seed.
func Shuffle[T any](xs []T, seed uint64) {
	r := NewRand(seed)
	for i := len(xs) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

// Select returns n elements of xs chosen without repetition by a seeded
// shuffle, in the shuffled order (all of them, shuffled, when n >= len(xs)).
// xs is not modified.
func Select[T any](xs []T, n int, seed uint64) []T {
	c := append([]T(nil), xs...)
	Shuffle(c, seed)
	if n < len(c) {
		c = c[:n]
	}
	return c
}

// Enumerate returns every position reached from start by exactly plies moves,
// one per move sequence, in the games' move order (depth first). Lines that
// end the game early are left out. For example MiniChess's 49 two-ply
// openings are Enumerate(g, start, 2).
func Enumerate[P, M any](g Mover[P, M], start P, plies int) []P {
	var out []P
	var walk func(p P, d int)
	walk = func(p P, d int) {
		if d == 0 {
			out = append(out, p)
			return
		}
		if g.Over(&p) {
			return
		}
		for _, m := range g.Moves(&p, nil) {
			walk(g.Play(&p, m), d-1)
		}
	}
	walk(start, plies)
	return out
}

// Random returns up to n distinct positions, each reached from start by plies
// random legal moves, skipping lines that end the game. The walks are drawn
// from a generator seeded with seed, so the list depends only on the
// arguments. It gives up after 100·n walks without enough distinct positions.
func Random[P comparable, M any](g Mover[P, M], start P, plies, n int, seed uint64) []P {
	r := NewRand(seed)
	seen := make(map[P]bool)
	var out []P
	var buf []M
	for tries := 0; len(out) < n && tries < 100*n; tries++ {
		p := start
		ok := true
		for i := 0; i < plies; i++ {
			if g.Over(&p) {
				ok = false
				break
			}
			buf = g.Moves(&p, buf[:0])
			if len(buf) == 0 {
				ok = false
				break
			}
			p = g.Play(&p, buf[r.Intn(len(buf))])
		}
		if !ok || g.Over(&p) || seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, p)
	}
	return out
}

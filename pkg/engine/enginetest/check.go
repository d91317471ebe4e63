// Package enginetest checks adapters of the tournament engine: [CheckGame]
// walks a game's positions and reports the first way in which the adapter
// breaks what [engine.Engine] relies on (hashing, move lists, Play, scores).
// Game packages call it from their tests; like testing/fstest it is test
// support and allocates freely.
package enginetest

import (
	"fmt"

	"github.com/gamesearch/gamesearch/pkg/engine"
)

// CheckGame walks every position up to plies moves from each root and
// checks what the [engine.Engine] relies on in g. It returns the first violation
// found, described with the path of move indexes from its root, or nil. Game
// packages call it from their tests on their adapters. It checks that:
//
//   - Moves appends to buf (keeping what was there), gives the same list
//     every time, and lists no move twice;
//   - Play leaves the parent unchanged, and so does PlayNull when the game
//     has it (the position after a null move must also differ from the
//     parent and hash differently);
//   - Hash is a function of the position: equal positions hash equally and,
//     among the positions walked, positions with the same hash behave alike
//     (same Terminal, Outcome, Evaluate, Moves and Noisy; a counter that
//     decides nothing may be left out of the hash). A difference means a
//     missing key, typically the side to move or a phase;
//   - Outcome of a terminal position is one of the four outcomes;
//   - Noisy is in [0, 1<<24) and HistoryIndex in [0, HistorySize());
//   - Evaluate stays strictly inside ±MateBound;
//   - NoisyMoves, when the game has it, lists exactly the moves of Moves with
//     Noisy > 0.
//
// It allocates freely and is meant for tests only.
func CheckGame[P comparable, M comparable](g engine.Game[P, M], roots []P, plies int) error {
	c := engineChecker[P, M]{g: g, hashes: make(map[uint64]P)}
	if x, ok := any(g).(engine.NoisyMover[P, M]); ok {
		c.noisy = x
	}
	if x, ok := any(g).(engine.NullMover[P]); ok {
		c.nuller = x
	}
	for i, r := range roots {
		if err := c.walk(r, plies, fmt.Sprintf("root %d", i)); err != nil {
			return err
		}
	}
	return nil
}

type engineChecker[P comparable, M comparable] struct {
	g      engine.Game[P, M]
	noisy  engine.NoisyMover[P, M]
	nuller engine.NullMover[P]
	hashes map[uint64]P
}

func (c *engineChecker[P, M]) walk(p P, plies int, path string) error {
	g := c.g
	h := g.Hash(&p)
	if h2 := g.Hash(&p); h2 != h {
		return fmt.Errorf("%s: Hash is not deterministic (%#x then %#x)", path, h, h2)
	}
	if q, ok := c.hashes[h]; ok && q != p {
		if what := c.differ(&p, &q); what != "" {
			return fmt.Errorf("%s: two positions with the Hash %#x differ in %s", path, h, what)
		}
	}
	c.hashes[h] = p
	if v := g.Evaluate(&p); v >= engine.MateBound || v <= -engine.MateBound {
		return fmt.Errorf("%s: Evaluate = %d, outside ±MateBound", path, v)
	}
	if g.Terminal(&p) {
		if o := g.Outcome(&p); o > engine.OutcomeDraw {
			return fmt.Errorf("%s: Outcome = %d, not an Outcome", path, o)
		}
		return nil
	}
	if c.nuller != nil {
		before := p
		var q P
		if c.nuller.PlayNull(&q, &p) {
			if p != before {
				return fmt.Errorf("%s: PlayNull changed the parent position", path)
			}
			if q == p {
				return fmt.Errorf("%s: PlayNull returned the same position", path)
			}
			if g.Hash(&q) == h {
				return fmt.Errorf("%s: the position after a null move has the same Hash", path)
			}
		}
	}
	if plies <= 0 {
		return nil
	}
	list := g.Moves(&p, nil)
	if len(list) > 0 {
		// The same call with a non-empty buffer must keep the buffer and
		// append the same moves.
		x := list[len(list)-1]
		again := g.Moves(&p, []M{x})
		if len(again) != len(list)+1 || again[0] != x {
			return fmt.Errorf("%s: Moves does not append to its buffer", path)
		}
		for i := range list {
			if again[i+1] != list[i] {
				return fmt.Errorf("%s: Moves is not deterministic (move %d)", path, i)
			}
		}
	}
	size := g.HistorySize()
	var noisy []M
	for i, m := range list {
		for _, n := range list[:i] {
			if n == m {
				return fmt.Errorf("%s: Moves lists move %d twice (%v)", path, i, m)
			}
		}
		ns := g.Noisy(&p, m)
		if ns < 0 || ns >= 1<<24 {
			return fmt.Errorf("%s: Noisy(move %d) = %d, outside [0, 1<<24)", path, i, ns)
		}
		if ns > 0 {
			noisy = append(noisy, m)
		}
		if x := g.HistoryIndex(&p, m); x < 0 || x >= size {
			return fmt.Errorf("%s: HistoryIndex(move %d) = %d, outside [0, %d)", path, i, x, size)
		}
	}
	if c.noisy != nil {
		got := c.noisy.NoisyMoves(&p, nil)
		if len(got) != len(noisy) {
			return fmt.Errorf("%s: NoisyMoves lists %d moves, Moves has %d noisy ones", path, len(got), len(noisy))
		}
		for _, m := range got {
			found := false
			for _, n := range noisy {
				if n == m {
					found = true
				}
			}
			if !found {
				return fmt.Errorf("%s: NoisyMoves lists %v, which is not a noisy move of Moves", path, m)
			}
		}
	}
	for i, m := range list {
		before := p
		var q P
		g.Play(&q, &p, m)
		if p != before {
			return fmt.Errorf("%s: Play(move %d) changed the parent position", path, i)
		}
		if err := c.walk(q, plies-1, fmt.Sprintf("%s/%d", path, i)); err != nil {
			return err
		}
	}
	return nil
}

// differ returns what tells p and q apart to the engine (their result, static
// value, moves or move classes), or "" when they behave alike, as positions
// differing only in an unused counter do.
func (c *engineChecker[P, M]) differ(p, q *P) string {
	g := c.g
	tp, tq := g.Terminal(p), g.Terminal(q)
	switch {
	case tp != tq:
		return "Terminal"
	case tp && g.Outcome(p) != g.Outcome(q):
		return "Outcome"
	case g.Evaluate(p) != g.Evaluate(q):
		return "Evaluate"
	case tp:
		return ""
	}
	a, b := g.Moves(p, nil), g.Moves(q, nil)
	if len(a) != len(b) {
		return "Moves"
	}
	for i := range a {
		if a[i] != b[i] {
			return "Moves"
		}
		if g.Noisy(p, a[i]) != g.Noisy(q, b[i]) {
			return "Noisy"
		}
	}
	return ""
}

// Package player implements the MiniChess players of the course
// (docs/minichess.md, "The baselines" and "Reference players"): the four TA
// baselines, the template's random player and the reference minimax and
// alpha-beta players. The searches are pkg/search's negamax and alpha-beta
// over [minichess.CourseGame]: template move order, Win positions terminal
// and worth +100000, a position without moves worth -100000, material
// evaluation from the side to move's view, and the first strictly better root
// move.
//
// The move choices are pure functions of a position ([Baseline], [Random],
// [Deepen]) that report each result line through a callback, so they run
// in-process; [Program.Run] adds the file protocol: read the state file,
// create the action file, write one line per result as soon as it is known.
package player

import (
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// BaselineSeed is the seed of TA baseline1's only random draw: it calls
// srand(123), then rand() once ([GlibcRand]).
const BaselineSeed = 123

// Emit receives one result line (a move) as soon as it is known. A non-nil
// error stops the player, which returns it.
type Emit func(m minichess.Move) error

// BaselineDepths returns how many lines baseline level writes: 1, 2, 4, 6.
func BaselineDepths(level int) int {
	switch level {
	case 1:
		return 1
	case 2:
		return 2
	case 3:
		return 4
	case 4:
		return 6
	}
	return 0
}

// Baseline computes the action file of TA baseline level (1-4) for p and
// passes each line to emit as it is found (docs/minichess.md, "The
// baselines"). It reports whether the list was empty (baseline1 then writes
// nothing; the others write "0 0 0 0" lines).
func Baseline(p *minichess.Position, level int, emit Emit) (noMoves bool, err error) {
	var buf [minichess.MaxMoves]minichess.Move
	n := p.Node()
	list, st := n.LegalMoves(buf[:0])
	if level == 1 {
		if len(list) == 0 {
			return true, nil
		}
		return false, emit(list[int(GlibcRand(BaselineSeed))%len(list)])
	}
	depths := BaselineDepths(level)
	if len(list) == 0 {
		for range depths {
			if err := emit(minichess.Move{}); err != nil {
				return true, err
			}
		}
		return true, nil
	}
	if st == minichess.Win {
		// The C++ children of a Win root had no list and were not Win
		// positions: depth 1 takes the first move maximising -M(child), all
		// deeper iterations score every child +100000 and keep the first.
		best, bestV := list[0], search.Value(0)
		for i, m := range list {
			var c minichess.Node
			n.Play(&c, m)
			v := -search.Value(c.Material(c.ToMove()) - c.Material(c.ToMove().Other()))
			if i == 0 || v > bestV {
				best, bestV = m, v
			}
		}
		if err := emit(best); err != nil {
			return false, err
		}
		for d := 2; d <= depths; d++ {
			if err := emit(list[0]); err != nil {
				return false, err
			}
		}
		return false, nil
	}
	s := search.New[minichess.Node, minichess.Move](minichess.CourseGame{}, minichess.CourseOptions())
	for d := 1; d <= depths; d++ {
		res := s.AlphaBeta(n, d)
		if err := emit(res.Move); err != nil {
			return false, err
		}
	}
	return false, nil
}

// Random returns the move of player_random with the given seed: list[x mod n]
// with x the first rand() output after srand(seed) (docs/minichess.md,
// "Reference players"); on a Win root the king capture, the last move of the
// list (docs/minichess.md, "Common rules for players"). ok is false when the
// list is empty.
func Random(p *minichess.Position, seed uint32) (m minichess.Move, ok bool) {
	var buf [minichess.MaxMoves]minichess.Move
	list, st := p.LegalMoves(buf[:0])
	switch rc, m := minichess.ClassifyRoot(list, st); rc {
	case minichess.EmptyRoot:
		return m, false
	case minichess.WinCapture:
		return m, true
	}
	return list[int(GlibcRand(seed))%len(list)], true
}

// GlibcRand returns the first output of glibc's random() (the TYPE_3
// additive generator behind rand()) after srandom(seed).
func GlibcRand(seed uint32) uint32 {
	var r [345]uint32
	if seed == 0 {
		seed = 1
	}
	r[0] = seed
	for i := 1; i <= 30; i++ {
		r[i] = uint32(int64(16807) * int64(int32(r[i-1])) % 2147483647)
		if int32(r[i]) < 0 {
			r[i] += 2147483647
		}
	}
	for i := 31; i <= 33; i++ {
		r[i] = r[i-31]
	}
	for i := 34; i <= 344; i++ {
		r[i] = r[i-31] + r[i-3]
	}
	return r[344] >> 1
}

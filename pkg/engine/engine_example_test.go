package engine_test

import (
	"fmt"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// engNimPos is a pile of stones; a move takes 1, 2 or 3, and whoever takes the
// last stone wins.
type engNimPos struct{ pile int }

type engNim struct{}

func (engNim) Terminal(p *engNimPos) bool { return p.pile == 0 }
func (engNim) Moves(p *engNimPos, buf []int) []int {
	for take := 1; take <= 3 && take <= p.pile; take++ {
		buf = append(buf, take)
	}
	return buf
}
func (engNim) Play(dst, p *engNimPos, take int)        { dst.pile = p.pile - take }
func (engNim) Evaluate(p *engNimPos) search.Value      { return 0 }
func (engNim) Hash(p *engNimPos) uint64                { return engMix(uint64(p.pile)) }
func (engNim) Outcome(p *engNimPos) engine.Outcome     { return engine.OutcomeLoss } // the opponent took the last stone
func (engNim) Noisy(p *engNimPos, take int) int32      { return 0 }
func (engNim) HistoryIndex(p *engNimPos, take int) int { return take - 1 }
func (engNim) HistorySize() int                        { return 3 }

// ExampleEngine solves a pile of ten stones: take two, leaving a multiple of
// four, and win on the fifth ply.
func ExampleEngine() {
	e := engine.New[engNimPos, int](engNim{}, engine.DefaultOptions())
	res := e.Search(engNimPos{pile: 10}, engine.Limits[int]{Depth: 20})
	fmt.Println("take", res.Move)
	fmt.Println("win in", engine.Mate-res.Value, "plies; principal variation", res.PV)
	// Output:
	// take 2
	// win in 5 plies; principal variation [2 1 3 1 3]
}

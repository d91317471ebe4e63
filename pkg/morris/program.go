package morris

import (
	"github.com/gamesearch/gamesearch/pkg/search"
)

// Program describes one of the eight programs of the project
// (docs/morris.md §1): the phase it searches, the side that moves, the search
// and the estimator.
type Program struct {
	// Name is the exact program name, used in messages.
	Name string
	// Phase is the generator used at every ply.
	Phase Phase
	// Black is true for the colour-swap programs (Black moves).
	Black bool
	// AlphaBeta selects ALPHA-BETA instead of MINIMAX.
	AlphaBeta bool
	// Estimator is the static estimator pair.
	Estimator Estimator
}

// The eight programs of the project (docs/morris.md §1).
var (
	MiniMaxOpening         = Program{Name: "MiniMaxOpening", Phase: Opening}
	MiniMaxGame            = Program{Name: "MiniMaxGame", Phase: Game}
	ABOpening              = Program{Name: "ABOpening", Phase: Opening, AlphaBeta: true}
	ABGame                 = Program{Name: "ABGame", Phase: Game, AlphaBeta: true}
	MiniMaxOpeningBlack    = Program{Name: "MiniMaxOpeningBlack", Phase: Opening, Black: true}
	MiniMaxGameBlack       = Program{Name: "MiniMaxGameBlack", Phase: Game, Black: true}
	MiniMaxOpeningImproved = Program{Name: "MiniMaxOpeningImproved", Phase: Opening, Estimator: Improved}
	MiniMaxGameImproved    = Program{Name: "MiniMaxGameImproved", Phase: Game, Estimator: Improved}
)

// Programs lists the eight programs in the order of docs/morris.md §1.
var Programs = []Program{
	MiniMaxOpening, MiniMaxGame, ABOpening, ABGame,
	MiniMaxOpeningBlack, MiniMaxGameBlack, MiniMaxOpeningImproved, MiniMaxGameImproved,
}

// ProgramByName returns the program called name.
func ProgramByName(name string) (Program, bool) {
	for _, p := range Programs {
		if p.Name == name {
			return p, true
		}
	}
	return Program{}, false
}

// Result is the outcome of one program run on one position.
type Result struct {
	// Board is the chosen position (the input when the root has no move).
	Board Position
	// Evaluated is the number of static evaluations.
	Evaluated uint64
	// Estimate is the backed-up value, from the moving side's point of view.
	Estimate int64
	// HasMove is false when the root had no legal move.
	HasMove bool
}

// Searcher runs one program's searches on one board, reusing its buffers.
// It is not safe for concurrent use.
type Searcher struct {
	prog Program
	s    *search.Searcher[Node, Node, CourseGame]
}

// NewProgramSearcher returns a Searcher of program p on board b.
func NewProgramSearcher(p Program, b *Board) *Searcher {
	return &Searcher{prog: p, s: NewSearcher(CourseGame{Board: b, Phase: p.Phase, Estimator: p.Estimator})}
}

// Search runs the program on pos at depth (≥ 1): the White search, or for
// the Black programs the White search of the colour swap, swapped back
// (docs/morris.md §6.7).
func (ps *Searcher) Search(pos Position, depth int) Result {
	root, depth := ps.prog.Root(ps.s.Game().Board, pos, depth)
	var r search.Result[Node]
	if ps.prog.AlphaBeta {
		r = ps.s.AlphaBeta(root, depth)
	} else {
		r = ps.s.Minimax(root, depth)
	}
	res := Result{Board: pos, Evaluated: r.Evals, Estimate: r.Value, HasMove: r.HasMove}
	if r.HasMove {
		res.Board = r.Move.Position
		if ps.prog.Black {
			res.Board = res.Board.Swap()
		}
	}
	return res
}

// Root returns the node program p searches from for the input position pos on
// board b, and the depth it searches to: the colour swap for the Black
// programs (docs/morris.md §6.7), White to move. In the opening every ply
// fills a point and a full board is a leaf, so the depth is cut at the number
// of empty points, which is the same search.
func (p Program) Root(b *Board, pos Position, depth int) (Node, int) {
	root := Node{Position: pos}
	if p.Black {
		root.Position = pos.Swap()
	}
	if p.Phase == Opening {
		if e := b.N - root.NumWhite() - root.NumBlack(); depth > e {
			depth = max(e, 1)
		}
	}
	return root, depth
}

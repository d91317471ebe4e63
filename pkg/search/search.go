// Package search implements the game-independent tree searches of gamesearch:
// plain minimax and alpha-beta over any two-player, zero-sum, perfect-information
// game that implements [Game].
//
// One implementation serves every game of the repository. The games differ in
// conventions, not in algorithm, so the conventions are explicit [Options]:
//
//   - Perspective: whether [Game.Evaluate] scores a position for the side to
//     move (negamax form: Congo, MiniChess) or for the player to move at the
//     root (max/min form: Morris, Star/Circle). Internally the search is always
//     negamax; with [RootPlayer] the static value is negated at odd plies, which
//     visits exactly the same nodes as the textbook MaxMin/MinMax pair.
//   - Bound: [FailSoft] alpha-beta returns the best value found, also when it
//     cuts (Morris and Star/Circle handouts); [FailHard] returns beta on a cut
//     and alpha after the loop (Congo Part 5).
//   - NoMoves: what a node whose side to move has no move is worth: a leaf that
//     is evaluated and counted ([NoMovesLeaf], Morris), a fixed score
//     ([NoMovesScore], MiniChess), or whatever the empty loop leaves
//     ([NoMovesEmptyLoop]: -Inf for minimax and fail-soft, alpha for fail-hard;
//     Congo). Games with pass moves (Star/Circle) generate the pass themselves.
//   - Counting: [Stats] always holds both common conventions: Nodes counts every
//     node the search enters, the root and leaves included (Star/Circle), and
//     Evals counts calls of the static evaluator (Morris).
//
// Conventions shared by every game: a node is a leaf, and is evaluated, when
// [Game.Terminal] says so (checked first, at any depth) or when its remaining
// depth is 0. Moves are visited in the order [Game.Moves] returns them. Both cut
// tests are non-strict (v >= beta). The root keeps the first move whose value is
// strictly greater than every earlier one, so ties keep the earlier move, and
// alpha at the root rises after each child. Nothing else is added to a
// [Searcher]: no move ordering, transposition table or window tricks, so node
// counts are exactly the course algorithms' counts.
//
// A [Searcher] keeps its positions and move lists in per-ply buffers that grow
// lazily with the depth reached, so a search does not allocate per node.
//
// The package also holds the two helpers every game shares around the course
// searches: [Searcher.Deepen] (iterative deepening with node and time
// limits) and [Perft] (move-tree counts and divides, with each game's
// counting rule as a [PerftRule]). The tournament engine, which may reorder,
// prune and reduce, is a separate package, pkg/engine, over the same [Game]
// methods.
//
// Naming rule of the repository (docs/architecture.md): every game package
// exports its course-search adapter as CourseGame with its conventions as
// CourseOptions, its engine adapter as EngineGame, and its perft as Perft
// with NewPerft; the engine options of a tournament program are
// EngineOptions (in the game package, or the program's own); "Rules" names only the rules of a complete game (a
// match.Rules, an arena's MatchRules), while a course edition is an Edition;
// an arena's players are CoursePlayer, ProgramPlayer (external programs) and
// the one engine player, match.EnginePlayer; every program's entry point is
// a function or method Run(args, stdin, stdout, stderr) int, called by the one
// statement of a main under cmd/.
package search

// Value is a search score. Scores are 64-bit so that every game's sentinels fit.
type Value = int64

// DefaultInf is the infinity used when [Options.Inf] is zero: far outside any
// evaluation of the games in this repository.
const DefaultInf Value = 1 << 62

// Game is what a search needs to know of a game whose positions are of type P
// and moves of type M. Implementations should not allocate in any method.
type Game[P, M any] interface {
	// Terminal reports whether p ends the game. A terminal position is a leaf
	// at any remaining depth.
	Terminal(p *P) bool
	// Moves appends the moves of the side to move in p to buf and returns the
	// extended slice, in the order the search must visit them.
	Moves(p *P, buf []M) []M
	// Play sets *dst to the position reached from p by m. dst and p never alias.
	Play(dst, p *P, m M)
	// Evaluate returns the static value of p, from the viewpoint fixed by
	// [Options.Perspective].
	Evaluate(p *P) Value
}

// Perspective says whose viewpoint [Game.Evaluate] takes.
type Perspective uint8

const (
	// SideToMove: Evaluate scores p for the side to move in p (negamax form).
	SideToMove Perspective = iota
	// RootPlayer: Evaluate scores p for the player to move at the root, who
	// maximises (max/min form).
	RootPlayer
)

// Bound selects the value alpha-beta returns at a node whose true value lies
// outside the window.
type Bound uint8

const (
	// FailSoft returns the best value found: on a cut the value that caused it,
	// otherwise the maximum over the searched children.
	FailSoft Bound = iota
	// FailHard returns beta on a cut and alpha after the loop.
	FailHard
)

// NoMoves selects the value of a non-terminal node above depth 0 whose side to
// move has no move.
type NoMoves uint8

const (
	// NoMovesEmptyLoop returns what the move loop leaves when it runs zero
	// times: -Inf for minimax and fail-soft alpha-beta, alpha for fail-hard.
	NoMovesEmptyLoop NoMoves = iota
	// NoMovesLeaf evaluates the node statically, as a leaf, and counts the
	// evaluation.
	NoMovesLeaf
	// NoMovesScore returns [Options.NoMovesScore], from the viewpoint of the
	// side to move at that node.
	NoMovesScore
)

// Options are the conventions of one game's search. The zero value is
// negamax, fail-soft, empty-loop no-move rule, infinity [DefaultInf].
type Options struct {
	Perspective  Perspective
	Bound        Bound
	NoMoves      NoMoves
	NoMovesScore Value
	// Inf is the value of "infinity": the initial best value, and the root
	// window of [Searcher.AlphaBeta]. Zero means [DefaultInf].
	Inf Value
	// MaxNodes stops the search once this many nodes have been entered
	// (0: no limit). The result is then marked Aborted.
	MaxNodes uint64
	// Stop, when not nil, is polled every 1024 nodes; returning true aborts
	// the search.
	Stop func() bool
}

// Stats counts the work of one search.
type Stats struct {
	// Nodes is the number of nodes entered, the root, pass nodes and leaves
	// included.
	Nodes uint64
	// Evals is the number of calls of the static evaluator.
	Evals uint64
}

// Result is the outcome of a search from a root position.
type Result[M any] struct {
	// Move is the chosen root move; valid only when HasMove.
	Move M
	// Index is the position of Move in the root's move list, or -1.
	Index int
	// HasMove is false when the root is terminal, the depth is 0, or the root
	// has no move; Value is then the root's own value.
	HasMove bool
	// Value is the backed-up value of the root, from the root player's view.
	Value Value
	// Aborted reports that MaxNodes or Stop ended the search early; Move and
	// Value are then meaningless.
	Aborted bool
	Stats
}

// Tracer observes a search node by node (for search-tree pictures). All values
// it receives are negamax values, from the viewpoint of the side to move at the
// node: with [RootPlayer] perspective, negate them at odd plies to get the root
// player's view.
type Tracer[P, M any] interface {
	// Enter is called when the search enters a node at ply (0 = root) reached
	// by move m, the idx-th move of its parent (idx = -1 and a zero m for the
	// root), with the window the node is searched with.
	Enter(ply int, p *P, m M, idx int, alpha, beta Value)
	// Leave is called when that node returns v. leaf tells whether it was
	// evaluated statically (or scored without children); pruned is the number
	// of its moves left unsearched by a cutoff.
	Leave(ply int, v Value, leaf bool, pruned int)
}

// chunkPlies is the number of plies of positions allocated at a time. The
// buffers grow by whole chunks only when a search actually reaches a new ply,
// so pointers into them stay valid and a large depth limit costs nothing until
// the tree is that deep.
const chunkPlies = 64

// Searcher runs searches of one game with fixed conventions. It owns per-ply
// buffers and is not safe for concurrent use; create one per goroutine.
type Searcher[P, M any, G Game[P, M]] struct {
	game   G
	opt    Options
	inf    Value
	pos    [][]P // chunks of chunkPlies positions; ply i is pos[i/chunkPlies][i%chunkPlies]
	moves  [][]M
	stats  Stats
	abort  bool
	tracer Tracer[P, M]
	// rootIdx and rootMove are the root's first strictly best move so far
	// (rootIdx -1: none).
	rootIdx  int
	rootMove M
}

// New returns a Searcher of game g with conventions opt.
func New[P, M any, G Game[P, M]](g G, opt Options) *Searcher[P, M, G] {
	s := &Searcher[P, M, G]{game: g, opt: opt, inf: opt.Inf}
	if s.inf == 0 {
		s.inf = DefaultInf
	}
	s.grow(0)
	return s
}

// SetTracer installs t (nil removes it) for the following searches.
func (s *Searcher[P, M, G]) SetTracer(t Tracer[P, M]) { s.tracer = t }

// Game returns the game the Searcher was created with.
func (s *Searcher[P, M, G]) Game() G { return s.game }

// grow makes sure the buffers hold plies 0..ply+1 (positions and move lists
// both; a node at ply calls it before playing into ply+1).
func (s *Searcher[P, M, G]) grow(ply int) {
	for len(s.pos)*chunkPlies <= ply+1 {
		s.pos = append(s.pos, make([]P, chunkPlies))
	}
	for len(s.moves) <= ply+1 {
		s.moves = append(s.moves, make([]M, 0, 64))
	}
}

// at returns the position buffer of ply.
func (s *Searcher[P, M, G]) at(ply int) *P {
	return &s.pos[ply/chunkPlies][ply%chunkPlies]
}

func (s *Searcher[P, M, G]) start(root *P, depth int) {
	s.grow(min(depth, chunkPlies-2))
	*s.at(0) = *root
	s.stats = Stats{}
	s.abort = false
}

// Minimax searches root to depth plies with plain minimax and returns the
// chosen move, the root value and the counts.
func (s *Searcher[P, M, G]) Minimax(root P, depth int) Result[M] {
	s.start(&root, depth)
	return s.root(depth, false, -s.inf, s.inf)
}

// AlphaBeta searches root to depth plies with alpha-beta and the window
// (-Inf, +Inf).
func (s *Searcher[P, M, G]) AlphaBeta(root P, depth int) Result[M] {
	return s.AlphaBetaWindow(root, depth, -s.inf, s.inf)
}

// AlphaBetaWindow searches root to depth plies with alpha-beta and the window
// (alpha, beta), from the root player's viewpoint.
func (s *Searcher[P, M, G]) AlphaBetaWindow(root P, depth int, alpha, beta Value) Result[M] {
	s.start(&root, depth)
	return s.root(depth, true, alpha, beta)
}

// root searches the root: a node like any other, which also remembers its
// first strictly best move.
func (s *Searcher[P, M, G]) root(depth int, ab bool, alpha, beta Value) Result[M] {
	var zero M
	if s.tracer != nil {
		s.tracer.Enter(0, s.at(0), zero, -1, alpha, beta)
	}
	s.rootIdx, s.rootMove = -1, zero
	v := s.node(0, depth, alpha, beta, ab)
	res := Result[M]{Index: s.rootIdx, HasMove: s.rootIdx >= 0, Value: v, Stats: s.stats, Aborted: s.abort}
	if res.HasMove {
		res.Move = s.rootMove
	}
	return res
}

// eval is the static value of the node at ply in negamax terms.
func (s *Searcher[P, M, G]) eval(ply int) Value {
	s.stats.Evals++
	v := s.game.Evaluate(s.at(ply))
	if s.opt.Perspective == RootPlayer && ply&1 == 1 {
		v = -v
	}
	return v
}

// noMoves is the value of a node without moves.
func (s *Searcher[P, M, G]) noMoves(ply int, alpha Value, ab bool) Value {
	switch s.opt.NoMoves {
	case NoMovesLeaf:
		return s.eval(ply)
	case NoMovesScore:
		return s.opt.NoMovesScore
	}
	if ab && s.opt.Bound == FailHard {
		return alpha
	}
	return -s.inf
}

// enter counts a node and polls the limits; it reports false when the search
// must stop.
func (s *Searcher[P, M, G]) enter() bool {
	s.stats.Nodes++
	if s.opt.MaxNodes != 0 && s.stats.Nodes > s.opt.MaxNodes {
		s.abort = true
	}
	if s.opt.Stop != nil && s.stats.Nodes&1023 == 0 && s.opt.Stop() {
		s.abort = true
	}
	return !s.abort
}

func (s *Searcher[P, M, G]) leave(ply int, v Value, leaf bool, pruned int) Value {
	if s.tracer != nil {
		s.tracer.Leave(ply, v, leaf, pruned)
	}
	return v
}

// node searches the node at ply with depth plies left: plain minimax when ab
// is false (the window is then ignored), alpha-beta otherwise.
func (s *Searcher[P, M, G]) node(ply, depth int, alpha, beta Value, ab bool) Value {
	if !s.enter() {
		return 0
	}
	p := s.at(ply)
	if s.game.Terminal(p) || depth <= 0 {
		return s.leave(ply, s.eval(ply), true, 0)
	}
	list := s.game.Moves(p, s.moves[ply][:0])
	s.moves[ply] = list[:0]
	if len(list) == 0 {
		return s.leave(ply, s.noMoves(ply, alpha, ab), true, 0)
	}
	hard := ab && s.opt.Bound == FailHard
	best := -s.inf
	if len(s.moves) <= ply+1 {
		s.grow(ply)
	}
	if ply == 0 {
		s.rootIdx, s.rootMove = 0, list[0]
	}
	next := s.at(ply + 1)
	for i := range list {
		s.game.Play(next, p, list[i])
		if s.tracer != nil {
			s.tracer.Enter(ply+1, next, list[i], i, -beta, -alpha)
		}
		v := -s.node(ply+1, depth-1, -beta, -alpha, ab)
		if s.abort {
			return 0
		}
		if v > best {
			best = v
			if ply == 0 {
				s.rootIdx, s.rootMove = i, list[i]
			}
		}
		if hard {
			if v >= beta {
				return s.leave(ply, beta, false, len(list)-i-1)
			}
			if v > alpha {
				alpha = v
			}
			continue
		}
		if !ab {
			continue
		}
		if best >= beta {
			return s.leave(ply, best, false, len(list)-i-1)
		}
		if best > alpha {
			alpha = best
		}
	}
	if hard {
		return s.leave(ply, alpha, false, 0)
	}
	return s.leave(ply, best, false, 0)
}

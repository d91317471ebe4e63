// Package submission implements player_submission, the strong MiniChess
// engine (docs/minichess.md, "The engine"), and the strength harness of its
// acceptance tests (docs/minichess.md, "Strength"): the runner's rules for
// pkg/match, players for the baselines, player_alphabeta, the engine and any
// external program speaking the "exe state action" protocol, and the matches
// and tables of the MiniChess report.
//
// Conventions. The engine is pkg/engine's tournament engine over
// [minichess.EngineGame]: negamax with PVS, a transposition table keyed by
// fixed Zobrist keys (splitmix64 from 20230617), MVV-LVA, killers,
// history, the selective search of [EngineOptions] and quiescence; a Win position is won for the side to move
// (engine.Mate - ply), a position without moves lost. Every decision is a
// pure function of the position and the limits: with a node budget or a
// depth and no time limit the output is deterministic. The program keeps
// nothing between moves but the ply count in a small side file (ply.go):
// the harness clears the engine before every move so that it plays exactly
// as the fresh process does.
package submission

import (
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// DefaultHashMiB is the default transposition-table size of the program.
const DefaultHashMiB = 64

// EngineOptions returns the engine options of player_submission with a table of
// hashMiB MiB: engine.DefaultOptions (table, hash move, MVV-LVA,
// killers, history, PVS, aspiration windows, quiescence) plus the selective
// search measured against Fairy-Stockfish in docs/engine/minichess.md:
// logarithmic late-move reductions, adaptive null-move pruning, reverse
// futility pruning, late-move pruning and the history malus. Futility
// pruning, the check extension and the quiescence pruning of losing
// captures stay off.
func EngineOptions(hashMiB int) engine.Options {
	o := engine.DefaultOptions()
	o.LMR, o.LMRLog = true, true
	o.NullMove, o.NullMoveAdaptive = true, true
	o.ReverseFutility, o.LateMovePruning, o.HistoryMalus = true, true, true
	o.HashMiB = hashMiB
	o.NoMoves = engine.NoMovesLoss
	o.PollEvery = 1024
	return o
}

// Engine is the engine of player_submission: a engine.Engine over
// [minichess.EngineGame]. It is not safe for concurrent use.
type Engine struct {
	e    *engine.Engine[minichess.EngineNode, minichess.Move, minichess.EngineGame]
	used bool // searched since the last Clear
}

// NewEngine returns an engine with options opt and evaluation weights w.
func NewEngine(opt engine.Options, w minichess.EvalWeights) *Engine {
	return &Engine{e: engine.New[minichess.EngineNode, minichess.Move](minichess.NewEngineGame(w), opt)}
}

// Search returns the underlying search engine.
func (e *Engine) Search() *engine.Engine[minichess.EngineNode, minichess.Move, minichess.EngineGame] {
	return e.e
}

// Limits bound one decision of [Engine.Think].
type Limits struct {
	// Depth is the deepest iteration (0: none).
	Depth int
	// Nodes is the node budget, every node counted (0: none).
	Nodes uint64
	// Time holds the soft and hard time limits (nil: none).
	Time *engine.TimeManager
	// PlyKnown says that Played, the number of plies already played (the
	// -ply flag, or the program's side file, see ply.go), is known.
	PlyKnown bool
	Played   int
	// Info, when not nil, sees every completed iteration (for -v).
	Info func(engine.Info[minichess.Move])
}

// Result describes a decision of [Engine.Think].
type Result struct {
	// Root says how the root was decided ([minichess.Search]: by the
	// iterative deepening).
	Root minichess.RootCase
	// Move is the last move emitted (valid unless Root is EmptyRoot).
	Move minichess.Move
	// Lines is the number of moves emitted; Depth the last completed
	// iteration.
	Lines, Depth int
	// Partial reports that Move comes from the iteration after Depth,
	// stopped by the limits after one of its root moves had been fully
	// searched and beaten the previous best.
	Partial bool
	// Value is the last completed iteration's value for the side to move.
	Value search.Value
	// Nodes counts every node searched.
	Nodes uint64
}

// Think chooses a move for p as player_submission does (docs/minichess.md,
// "The engine") and
// passes every line of the action file to emit as soon as it is known: the
// king capture of a Win root, the only move of a root with one move, else
// the best move of every completed iteration of the iterative deepening. If
// no iteration completes within the limits, the first move of the root's
// ordered list is emitted so that a legal move is always written; if the
// limits stop an iteration after it found a better move than the last
// completed one, that move is emitted last. The
// engine is cleared first: nothing is remembered between moves.
func (e *Engine) Think(p *minichess.Position, lim Limits, emit func(minichess.Move) error) (Result, error) {
	n := p.Node()
	return e.ThinkNode(&n, lim, emit)
}

// ThinkNode is [Engine.Think] on the bitboard form of the position.
func (e *Engine) ThinkNode(n *minichess.Node, lim Limits, emit func(minichess.Move) error) (Result, error) {
	var buf [minichess.MaxMoves]minichess.Move
	list, st := n.LegalMoves(buf[:0])
	var res Result
	res.Root, res.Move = minichess.ClassifyRoot(list, st)
	switch res.Root {
	case minichess.EmptyRoot:
		return res, nil
	case minichess.WinCapture, minichess.OnlyMove:
		res.Lines = 1
		return res, emit(res.Move)
	}
	played := -1
	if lim.PlyKnown && lim.Played >= 0 {
		played = lim.Played
	}
	if played >= minichess.MaxPlies {
		played = -1 // the game is over already: search as if unknown
	}
	root := minichess.NewEngineNode(n, played)
	if e.used {
		e.e.Clear() // a fresh table for every move, as in a fresh process
	}
	e.used = true
	var werr error
	el := engine.Limits[minichess.Move]{Depth: lim.Depth, Nodes: lim.Nodes, Time: lim.Time}
	el.Stop = func() bool { return werr != nil }
	el.OnDepth = func(i engine.Info[minichess.Move]) {
		if werr != nil {
			return
		}
		if err := emit(i.Move); err != nil {
			werr = err
			return
		}
		res.Move, res.Depth, res.Value = i.Move, i.Depth, i.Value
		res.Lines++
		if lim.Info != nil {
			lim.Info(i)
		}
	}
	sr := e.e.Search(root, el)
	res.Nodes = sr.Nodes
	if werr != nil {
		return res, werr
	}
	switch {
	case res.Lines == 0 && sr.HasMove:
		// Nothing completed (a tiny budget): write the engine's fallback,
		// the first move of its ordered root list.
		res.Move, res.Lines = sr.Move, 1
		if err := emit(sr.Move); err != nil {
			return res, err
		}
	case sr.Partial && sr.Move != res.Move:
		// The stopped iteration found a better move: it is the last line.
		res.Move, res.Partial = sr.Move, true
		res.Lines++
		if err := emit(sr.Move); err != nil {
			return res, err
		}
	}
	return res, nil
}

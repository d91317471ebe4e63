package tictactoe

import (
	"math/bits"

	"github.com/gamesearch/gamesearch/pkg/engine"
)

// This file adapts tic-tac-toe to the tournament engine of pkg/engine
// (engine.Game): a static evaluation from the side to move's view,
// fixed-seed Zobrist keys, results from the lines, and the winning moves as
// noisy moves.

// zobristSeed is the fixed seed of the tic-tac-toe Zobrist keys.
const zobristSeed = 0x5469635461635465 // "TicTacTe"

// zobrist holds one key per player and square (index 9*player + square),
// then the key of O to move.
var zobrist = func() (k [19]uint64) {
	engine.ZobristKeys(zobristSeed, k[:])
	return
}()

// Hash returns the Zobrist key of p: the marks of each player and the side
// to move.
func Hash(p *Position) uint64 {
	var h uint64
	for c := range 2 {
		for b := p.Marks[c]; b != 0; b &= b - 1 {
			h ^= zobrist[9*c+bits.TrailingZeros16(uint16(b))]
		}
	}
	if p.ToMove == O {
		h ^= zobrist[18]
	}
	return h
}

// Heuristic weights of [Heuristic]: a line of three squares holding one or
// two marks of a single player, and no mark of the other, is worth
// OneInLine or TwoInLine to that player.
const (
	OneInLine Value = 1
	TwoInLine Value = 10
)

// Heuristic returns the static evaluation of p for the side to move: over
// the eight lines, [OneInLine] or [TwoInLine] for each line that only the
// side to move has marked (one or two marks), minus the same for the
// opponent's lines; a complete line (a finished game, which the engine
// scores by [EngineGame.Outcome] instead) counts 100. It lies within ±800,
// far inside ±engine.MateBound.
func Heuristic(p *Position) Value {
	me, opp := p.Marks[p.ToMove], p.Marks[p.ToMove^1]
	var v Value
	for _, l := range Lines {
		a, b := (me & l).Count(), (opp & l).Count()
		switch {
		case b == 0 && a > 0:
			v += weight[a]
		case a == 0 && b > 0:
			v -= weight[b]
		}
	}
	return v
}

// weight is the value of a line by the number of marks of one player.
var weight = [4]Value{0, OneInLine, TwoInLine, 100}

// EngineGame is tic-tac-toe as an engine.Game for the tournament engine:
// Terminal, Moves and Play as in [CourseGame], Evaluate the [Heuristic]
// for the side to move, the result of a finished game from its lines, and
// a move that completes a line of the mover as the only noisy move.
type EngineGame struct{}

// Terminal reports whether p ends the game (see [CourseGame.Terminal]).
func (EngineGame) Terminal(p *Position) bool { return p.Over() }

// Moves appends the empty squares of p in square order.
func (EngineGame) Moves(p *Position, buf []Move) []Move { return CourseGame{}.Moves(p, buf) }

// Play sets *dst to p after m.
func (EngineGame) Play(dst, p *Position, m Move) { CourseGame{}.Play(dst, p, m) }

// Evaluate returns [Heuristic] of p for the side to move.
func (EngineGame) Evaluate(p *Position) Value { return Heuristic(p) }

// Hash returns the Zobrist key of p (see [Hash]).
func (EngineGame) Hash(p *Position) uint64 { return Hash(p) }

// Outcome returns the result of the finished game p for the side to move:
// a loss when its opponent has three in a row, a win when it has (which a
// game played by the rules never reaches), else a draw.
func (EngineGame) Outcome(p *Position) engine.Outcome {
	switch {
	case p.Marks[p.ToMove^1].HasLine():
		return engine.OutcomeLoss
	case p.Marks[p.ToMove].HasLine():
		return engine.OutcomeWin
	}
	return engine.OutcomeDraw
}

// Noisy returns 1 for a move that completes a line of three of the side to
// move, 0 for any other.
func (EngineGame) Noisy(p *Position, m Move) int32 {
	if (p.Marks[p.ToMove] | 1<<m).HasLine() {
		return 1
	}
	return 0
}

// HistoryIndex returns the square index of m.
func (EngineGame) HistoryIndex(p *Position, m Move) int { return int(m) }

// HistorySize returns 9, one slot per square.
func (EngineGame) HistorySize() int { return 9 }

// EngineOptions returns the engine options of tic-tac-toe:
// engine.DefaultOptions with a 1 MiB transposition table, room for every
// one of the 5478 positions many times over.
func EngineOptions() engine.Options {
	o := engine.DefaultOptions()
	o.HashMiB = 1
	return o
}

// Engine is the tournament engine of tic-tac-toe.
type Engine = engine.Engine[Position, Move, EngineGame]

// NewEngine returns an engine with options opt.
func NewEngine(opt engine.Options) *Engine {
	return engine.New[Position, Move](EngineGame{}, opt)
}

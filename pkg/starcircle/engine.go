package starcircle

import (
	"math/bits"

	"github.com/gamesearch/gamesearch/pkg/engine"
)

// This file adapts Star/Circle to the tournament engine of pkg/engine
// (engine.Game): values from the side to move's view, fixed-seed
// Zobrist keys, results by the sign of the utility, jumps as noisy moves.

// zobristSeed is the fixed seed of the Star/Circle Zobrist keys.
const zobristSeed = 0x5374617243697263 // "StarCirc"

// Zobrist key layout: one key per player and square, then the side to move,
// the "reached by a pass" flag and the "game over" flag.
const (
	zPieces = 0
	zToMove = 128
	zPassed = 129
	zOver   = 130
	zScore  = 131
	zKeys   = 132
)

// zobrist holds the fixed-seed keys, drawn by engine.ZobristKeys.
var zobrist = func() (k [zKeys]uint64) {
	engine.ZobristKeys(zobristSeed, k[:])
	return
}()

// Hash returns the Zobrist key of p: the squares of each player's pieces,
// the side to move, the pass flags, and the utility (which stands for the
// stack heights on the last rows, not kept in a Position).
func Hash(p *Position) uint64 {
	var h uint64
	for c := 0; c < 2; c++ {
		for b := p.Pieces[c]; b != 0; b &= b - 1 {
			h ^= zobrist[zPieces+64*c+bits.TrailingZeros64(uint64(b))]
		}
	}
	if p.ToMove == Circle {
		h ^= zobrist[zToMove]
	}
	if p.Passed {
		h ^= zobrist[zPassed]
	}
	if p.Over {
		h ^= zobrist[zOver]
	}
	// The utility is mixed in as a number: splitmix64's finaliser of the
	// value xor a key is a fixed bijection, so different utilities of the
	// same squares get unrelated keys.
	return h ^ mix64(uint64(p.Score)^zobrist[zScore])
}

func mix64(x uint64) uint64 {
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// EngineGame is Star/Circle as a engine.Game for the tournament
// engine: Terminal and Moves as in [CourseGame], Evaluate the utility for the side
// to move (clamped inside ±engine.MateBound), the result of a finished
// game by the sign of that utility, jumps as the noisy moves.
type EngineGame struct {
	g CourseGame
}

// NewEngineGame returns the engine adapter of the game scored with weights w.
func NewEngineGame(w *Weights) EngineGame { return EngineGame{g: NewCourseGame(w, Star)} }

// Terminal reports whether p ends the game (see [CourseGame.Terminal]).
func (e EngineGame) Terminal(p *Position) bool { return e.g.Terminal(p) }

// Moves appends the moves of p in expansion order (see [CourseGame.Moves]).
func (e EngineGame) Moves(p *Position, buf []Move) []Move { return e.g.Moves(p, buf) }

// Play sets *dst to p after m.
func (e EngineGame) Play(dst, p *Position, m Move) { e.g.Play(dst, p, m) }

// Evaluate returns the utility of p for the side to move, clamped strictly
// inside ±engine.MateBound.
func (e EngineGame) Evaluate(p *Position) Value {
	v := p.Score
	if p.ToMove == Circle {
		v = -v
	}
	const lim = engine.MateBound - 1
	return min(max(v, -lim), lim)
}

// Hash returns the Zobrist key of p (see [Hash]).
func (e EngineGame) Hash(p *Position) uint64 { return Hash(p) }

// Outcome returns the result of the finished game p for the side to move:
// a win when its utility is positive, a loss when negative, else a draw.
func (e EngineGame) Outcome(p *Position) engine.Outcome {
	switch v := e.Evaluate(p); {
	case v > 0:
		return engine.OutcomeWin
	case v < 0:
		return engine.OutcomeLoss
	}
	return engine.OutcomeDraw
}

// advance returns how far square s is from player c's first row (0 to 7).
func advance(c Player, s Square) int32 {
	if c == Star {
		return int32(s.Row())
	}
	return int32(7 - s.Row())
}

// Noisy returns 0 for a step or a pass, and for a jump 1 + 8·(how far the
// captured piece had advanced) + how far the jumper lands: the most
// advanced victims first, which are the most valuable under increasing row
// values.
func (e EngineGame) Noisy(p *Position, m Move) int32 {
	if !m.IsJump() {
		return 0
	}
	me := p.ToMove
	return 1 + 8*advance(me.Other(), m.Jumped()) + advance(me, m.To())
}

// NoisyMoves appends the jumps of the side to move in p to buf, in
// expansion order.
func (e EngineGame) NoisyMoves(p *Position, buf []Move) []Move {
	if p.ToMove == Star {
		own, opp := p.Pieces[Star], p.Pieces[Circle]
		free := ^(own | opp) | own&RowH
		m := own &^ RowH
		jl := ((m &^ col12) >> 9 & opp) >> 9 & free << 18
		jr := ((m &^ col78) >> 7 & opp) >> 7 & free << 14
		for all := jl | jr; all != 0; all &= all - 1 {
			f := Square(trailingZeros(all))
			b := Bitboard(1) << f
			if jl&b != 0 {
				buf = append(buf, NewMove(f, f-18))
			}
			if jr&b != 0 {
				buf = append(buf, NewMove(f, f-14))
			}
		}
		return buf
	}
	own, opp := p.Pieces[Circle], p.Pieces[Star]
	free := ^(own | opp) | own&RowA
	m := own &^ RowA
	jl := ((m &^ col12) << 7 & opp) << 7 & free >> 14
	jr := ((m &^ col78) << 9 & opp) << 9 & free >> 18
	for all := jl | jr; all != 0; all &= all - 1 {
		f := Square(trailingZeros(all))
		b := Bitboard(1) << f
		if jl&b != 0 {
			buf = append(buf, NewMove(f, f+14))
		}
		if jr&b != 0 {
			buf = append(buf, NewMove(f, f+18))
		}
	}
	return buf
}

// HistoryIndex returns from·64 + to, and 4096 for the pass.
func (e EngineGame) HistoryIndex(p *Position, m Move) int {
	if m == Pass {
		return 64 * 64
	}
	return int(m.From())*64 + int(m.To())
}

// HistorySize returns the number of history slots: 64·64 squares pairs and
// the pass.
func (e EngineGame) HistorySize() int { return 64*64 + 1 }

// EngineOptions returns the engine options of Star/Circle:
// engine.DefaultOptions with late-move reductions turned on, which
// gained in the self-play matches of docs/engine/match.md (+20 Elo at 3,000
// nodes per move, +51 at 10,000; no default technique lost measurably).
// There is no null move (a pass is only played when nothing else is legal)
// and no check.
func EngineOptions() engine.Options {
	o := engine.DefaultOptions()
	o.LMR = true
	return o
}

// Engine is the tournament engine of Star/Circle.
type Engine = engine.Engine[Position, Move, EngineGame]

// NewEngine returns an engine for the game scored with weights w, with
// options opt.
func NewEngine(w *Weights, opt engine.Options) *Engine {
	return engine.New[Position, Move](NewEngineGame(w), opt)
}

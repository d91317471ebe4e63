package engine_test

import (
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/engine/enginetest"
	"github.com/gamesearch/gamesearch/pkg/search"
	"gotest.tools/v3/assert"
)

// Broken variants of the toy games, one fault each.

type engBadConstHash struct{ engC4 }

func (engBadConstHash) Hash(p *engC4Pos) uint64 { return 7 }

type engBadSideHash struct{ engRand }

func (engBadSideHash) Hash(p *engRandPos) uint64 { return engMix(p.sum ^ uint64(p.left)<<56) }

type engBadRandomHash struct {
	engC4
	n *uint64
}

func (g engBadRandomHash) Hash(p *engC4Pos) uint64 { *g.n++; return *g.n }

type engBadPlay struct{ engC4 }

func (g engBadPlay) Play(dst, p *engC4Pos, m int) {
	g.engC4.Play(dst, p, m)
	p.n++
}

type engBadHistory struct{ engC4 }

func (engBadHistory) HistorySize() int { return 3 }

type engBadNoisy struct{ engC4 }

func (engBadNoisy) Noisy(p *engC4Pos, m int) int32 { return -1 }

type engBadDuplicates struct{ engC4 }

func (g engBadDuplicates) Moves(p *engC4Pos, buf []int) []int {
	n := len(buf)
	buf = g.engC4.Moves(p, buf)
	return append(buf, buf[n:]...)
}

type engBadFresh struct{ engC4 }

func (g engBadFresh) Moves(p *engC4Pos, buf []int) []int { return g.engC4.Moves(p, nil) }

type engBadNoisyMoves struct{ engRand }

func (g engBadNoisyMoves) NoisyMoves(p *engRandPos, buf []int) []int {
	return g.engRand.Moves(p, buf)
}

type engBadEval struct{ engC4 }

func (engBadEval) Evaluate(p *engC4Pos) search.Value { return engine.Mate }

type engBadOutcome struct{ engTTT }

func (engBadOutcome) Outcome(p *engTTTPos) engine.Outcome { return 9 }

// TestCheckGame: the toy games pass the adapter check, and each broken
// variant is caught with a message naming the fault.
func TestCheckGame(t *testing.T) {
	t.Parallel()
	assert.NilError(t, enginetest.CheckGame[engTTTPos, int](engTTT{}, []engTTTPos{{xtm: true}}, 4))
	assert.NilError(t, enginetest.CheckGame[engC4Pos, int](engC4{}, []engC4Pos{{}}, 4))
	assert.NilError(t, enginetest.CheckGame[engRandPos, int](engRand{}, []engRandPos{{left: 9}, {sum: 5, left: 4}}, 5))
	assert.NilError(t, enginetest.CheckGame[int, int](engLine{}, []int{0}, 5))
	var n uint64
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"constant hash", enginetest.CheckGame[engC4Pos, int](engBadConstHash{}, []engC4Pos{{}}, 2), "two positions with the Hash 0x7 differ in"},
		{"side not hashed", enginetest.CheckGame[engRandPos, int](engBadSideHash{}, []engRandPos{{left: 9}}, 3), "null move has the same Hash"},
		{"random hash", enginetest.CheckGame[engC4Pos, int](engBadRandomHash{n: &n}, []engC4Pos{{}}, 2), "not deterministic"},
		{"play changes parent", enginetest.CheckGame[engC4Pos, int](engBadPlay{}, []engC4Pos{{}}, 2), "Play(move 0) changed the parent"},
		{"history index", enginetest.CheckGame[engC4Pos, int](engBadHistory{}, []engC4Pos{{}}, 2), "HistoryIndex(move 3) = 3, outside [0, 3)"},
		{"negative noisy", enginetest.CheckGame[engC4Pos, int](engBadNoisy{}, []engC4Pos{{}}, 2), "Noisy(move 0) = -1"},
		{"duplicate moves", enginetest.CheckGame[engC4Pos, int](engBadDuplicates{}, []engC4Pos{{}}, 2), "lists move 6 twice"},
		{"fresh buffer", enginetest.CheckGame[engC4Pos, int](engBadFresh{}, []engC4Pos{{}}, 2), "does not append"},
		{"noisy moves", enginetest.CheckGame[engRandPos, int](engBadNoisyMoves{}, []engRandPos{{left: 9}}, 3), "NoisyMoves lists"},
		{"evaluation", enginetest.CheckGame[engC4Pos, int](engBadEval{}, []engC4Pos{{}}, 2), "outside ±MateBound"},
		{"outcome", enginetest.CheckGame[engTTTPos, int](engBadOutcome{}, []engTTTPos{{x: 7, o: 24}}, 2), "not an Outcome"},
	} {
		assert.Assert(t, c.err != nil, c.name)
		assert.Assert(t, strings.Contains(c.err.Error(), c.want), "%s: %v", c.name, c.err)
	}
}

// engShuffle walks a token around three cells; count counts the moves and is
// not hashed. With limit > 0 the game ends after limit moves, so count then
// decides Terminal and must be hashed.
type engShufflePos struct{ cell, side, count int }

type engShuffle struct{ limit int }

func (g engShuffle) Terminal(p *engShufflePos) bool        { return g.limit > 0 && p.count >= g.limit }
func (engShuffle) Moves(p *engShufflePos, buf []int) []int { return append(buf, 1, 2) }
func (engShuffle) Play(dst, p *engShufflePos, m int) {
	*dst = engShufflePos{cell: (p.cell + m) % 3, side: 1 - p.side, count: p.count + 1}
}
func (engShuffle) Evaluate(p *engShufflePos) search.Value   { return search.Value(p.cell) }
func (engShuffle) Hash(p *engShufflePos) uint64             { return engMix(uint64(p.cell*2 + p.side)) }
func (engShuffle) Outcome(p *engShufflePos) engine.Outcome  { return engine.OutcomeDraw }
func (engShuffle) Noisy(p *engShufflePos, m int) int32      { return 0 }
func (engShuffle) HistoryIndex(p *engShufflePos, m int) int { return m - 1 }
func (engShuffle) HistorySize() int                         { return 2 }

// TestCheckGameCounters: a move counter that decides nothing may stay
// out of the hash; one that ends the game may not.
func TestCheckGameCounters(t *testing.T) {
	t.Parallel()
	assert.NilError(t, enginetest.CheckGame[engShufflePos, int](engShuffle{}, []engShufflePos{{}}, 6))
	err := enginetest.CheckGame[engShufflePos, int](engShuffle{limit: 4}, []engShufflePos{{}}, 6)
	assert.ErrorContains(t, err, "differ in Terminal")
}

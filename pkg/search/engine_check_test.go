package search_test

import (
	"strings"
	"testing"

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

func (engBadEval) Evaluate(p *engC4Pos) search.Value { return search.EngineMate }

type engBadOutcome struct{ engTTT }

func (engBadOutcome) Outcome(p *engTTTPos) search.Outcome { return 9 }

// TestCheckEngineGame: the toy games pass the adapter check, and each broken
// variant is caught with a message naming the fault.
func TestCheckEngineGame(t *testing.T) {
	assert.NilError(t, search.CheckEngineGame[engTTTPos, int](engTTT{}, []engTTTPos{{xtm: true}}, 4))
	assert.NilError(t, search.CheckEngineGame[engC4Pos, int](engC4{}, []engC4Pos{{}}, 4))
	assert.NilError(t, search.CheckEngineGame[engRandPos, int](engRand{}, []engRandPos{{left: 9}, {sum: 5, left: 4}}, 5))
	assert.NilError(t, search.CheckEngineGame[int, int](engLine{}, []int{0}, 5))
	var n uint64
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"constant hash", search.CheckEngineGame[engC4Pos, int](engBadConstHash{}, []engC4Pos{{}}, 2), "two different positions have the Hash"},
		{"side not hashed", search.CheckEngineGame[engRandPos, int](engBadSideHash{}, []engRandPos{{left: 9}}, 3), "null move has the same Hash"},
		{"random hash", search.CheckEngineGame[engC4Pos, int](engBadRandomHash{n: &n}, []engC4Pos{{}}, 2), "not deterministic"},
		{"play changes parent", search.CheckEngineGame[engC4Pos, int](engBadPlay{}, []engC4Pos{{}}, 2), "Play(move 0) changed the parent"},
		{"history index", search.CheckEngineGame[engC4Pos, int](engBadHistory{}, []engC4Pos{{}}, 2), "HistoryIndex(move 3) = 3, outside [0, 3)"},
		{"negative noisy", search.CheckEngineGame[engC4Pos, int](engBadNoisy{}, []engC4Pos{{}}, 2), "Noisy(move 0) = -1"},
		{"duplicate moves", search.CheckEngineGame[engC4Pos, int](engBadDuplicates{}, []engC4Pos{{}}, 2), "lists move 6 twice"},
		{"fresh buffer", search.CheckEngineGame[engC4Pos, int](engBadFresh{}, []engC4Pos{{}}, 2), "does not append"},
		{"noisy moves", search.CheckEngineGame[engRandPos, int](engBadNoisyMoves{}, []engRandPos{{left: 9}}, 3), "NoisyMoves lists"},
		{"evaluation", search.CheckEngineGame[engC4Pos, int](engBadEval{}, []engC4Pos{{}}, 2), "outside ±EngineMateBound"},
		{"outcome", search.CheckEngineGame[engTTTPos, int](engBadOutcome{}, []engTTTPos{{x: 7, o: 24}}, 2), "not an Outcome"},
	} {
		assert.Assert(t, c.err != nil, c.name)
		assert.Assert(t, strings.Contains(c.err.Error(), c.want), "%s: %v", c.name, c.err)
	}
}

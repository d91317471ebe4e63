package engine_test

import (
	"flag"
	"slices"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"gotest.tools/v3/assert"
)

// engC4Rules adapts the connect-four toy game to the match loop.
type engC4Rules struct{}

func (engC4Rules) ToMove(p *engC4Pos) int { return p.n & 1 }
func (engC4Rules) Result(p *engC4Pos) (bool, int, string) {
	g := engC4{}
	if !g.Terminal(p) {
		return false, 0, ""
	}
	if engC4Four(p.cur ^ p.mask) {
		return true, (p.n - 1) & 1, "four in a row"
	}
	return true, -1, "board full"
}
func (engC4Rules) Legal(p *engC4Pos, m int) bool {
	return slices.Contains(engC4{}.Moves(p, nil), m)
}
func (engC4Rules) Play(p *engC4Pos, m int) engC4Pos {
	var q engC4Pos
	engC4{}.Play(&q, p, m)
	return q
}
func (r engC4Rules) Over(p *engC4Pos) bool          { over, _, _ := r.Result(p); return over }
func (engC4Rules) Moves(p *engC4Pos, b []int) []int { return engC4{}.Moves(p, b) }

// engSelfPlayAll asks TestEngineSelfPlayToy for the whole feature table.
var engSelfPlayAll = flag.Bool("engine.selfplay", false, "TestEngineSelfPlayToy: also play default against each technique off (about 10 s)")

// engSelfPlay plays a against b on connect four at a fixed node budget per
// move, from every two-ply opening with both colours.
func engSelfPlay(t *testing.T, a, b engine.Options, nodes uint64) match.Stats {
	t.Helper()
	player := func(label string, o engine.Options) *match.EnginePlayer[engC4Pos, int] {
		o.HashMiB = 1
		p := match.NewEnginePlayer(label, engine.New[engC4Pos, int](engC4{}, o))
		p.Nodes = nodes
		return p
	}
	openings := match.Enumerate[engC4Pos, int](engC4Rules{}, engC4Pos{}, 2)
	rep, err := match.Play(match.Match[engC4Pos, int]{
		Rules:    engC4Rules{},
		Players:  [2]match.Player[engC4Pos, int]{player("a", a), player("b", b)},
		Openings: openings,
		Games:    2 * len(openings),
	})
	assert.NilError(t, err)
	assert.Equal(t, rep.Forfeits, [2]int{})
	return rep.Stats
}

// TestEngineSelfPlayToy: at the same node budget, the default engine beats the
// plain one on the connect-four toy game. With -engine.selfplay it also plays
// the default against the default with each technique off and logs the
// results (docs/engine.md quotes them): a demonstration of the self-play
// measurement, since a toy game says nothing about the real games.
func TestEngineSelfPlayToy(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("self-play match skipped in -short mode")
	}
	const nodes = 1500
	def := engine.DefaultOptions()
	st := engSelfPlay(t, def, engine.Options{}, nodes)
	t.Logf("default vs plain: %s", st)
	assert.Assert(t, st.Score() >= 0.6, "default vs plain: %s", st)
	if !*engSelfPlayAll {
		return
	}
	off := []struct {
		name string
		set  func(*engine.Options)
	}{
		{"TT", func(o *engine.Options) { o.TT = false }},
		{"HashMove", func(o *engine.Options) { o.HashMove = false }},
		{"MVVLVA", func(o *engine.Options) { o.MVVLVA = false }},
		{"Killers", func(o *engine.Options) { o.Killers = false }},
		{"History", func(o *engine.Options) { o.History = false }},
		{"PVS", func(o *engine.Options) { o.PVS = false }},
		{"Aspiration", func(o *engine.Options) { o.Aspiration = false }},
		{"Quiescence", func(o *engine.Options) { o.Quiescence = false }},
	}
	for _, f := range off {
		o := def
		f.set(&o)
		t.Logf("default vs default without %s: %s", f.name, engSelfPlay(t, def, o, nodes))
	}
	on := []struct {
		name string
		set  func(*engine.Options)
	}{
		{"NullMove", func(o *engine.Options) { o.NullMove = true }},
		{"LMR", func(o *engine.Options) { o.LMR = true }},
		{"Futility (margin 10)", func(o *engine.Options) { o.Futility, o.FutilityMargin = true, 10 }},
	}
	for _, f := range on {
		o := def
		f.set(&o)
		t.Logf("default with %s vs default: %s", f.name, engSelfPlay(t, o, def, nodes))
	}
}

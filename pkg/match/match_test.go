package match_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/splitmix"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/search"
	"gotest.tools/v3/assert"
)

// xo is tic-tac-toe: cells 0..8, X (colour 0) moves first.
type xo struct {
	x, o uint16
	n    int8
}

var xoLines = [8]uint16{7, 56, 448, 73, 146, 292, 273, 84}

func xoWon(b uint16) bool {
	for _, l := range xoLines {
		if b&l == l {
			return true
		}
	}
	return false
}

type xoRules struct{}

func (xoRules) ToMove(p *xo) int { return int(p.n & 1) }
func (xoRules) Result(p *xo) (bool, int, string) {
	switch {
	case xoWon(p.x):
		return true, 0, "three in a row"
	case xoWon(p.o):
		return true, 1, "three in a row"
	case p.n == 9:
		return true, -1, "board full"
	}
	return false, 0, ""
}
func (r xoRules) Over(p *xo) bool { over, _, _ := r.Result(p); return over }
func (xoRules) Legal(p *xo, m int) bool {
	return m >= 0 && m < 9 && (p.x|p.o)&(1<<m) == 0
}
func (xoRules) Moves(p *xo, buf []int) []int {
	for i := 0; i < 9; i++ {
		if (p.x|p.o)&(1<<i) == 0 {
			buf = append(buf, i)
		}
	}
	return buf
}
func (xoRules) Play(p *xo, m int) xo {
	q := *p
	if p.n&1 == 0 {
		q.x |= 1 << m
	} else {
		q.o |= 1 << m
	}
	q.n++
	return q
}

// xoGame adapts xo to search.Game for the perfect player (negamax, +1 for
// the side to move's win).
type xoGame struct{}

func (xoGame) Terminal(p *xo) bool          { return xoRules{}.Over(p) }
func (xoGame) Moves(p *xo, buf []int) []int { return xoRules{}.Moves(p, buf) }
func (xoGame) Play(dst, p *xo, m int)       { *dst = xoRules{}.Play(p, m) }
func (xoGame) Evaluate(p *xo) search.Value {
	if xoWon(p.x) || xoWon(p.o) {
		return -1 // the side to move did not make the line
	}
	return 0
}

type perfect struct {
	s *search.Searcher[xo, int, xoGame]
}

func (perfect) Name() string   { return "perfect" }
func (perfect) NewGame(uint64) {}
func (p perfect) Move(t *match.Turn[xo, int]) (int, error) {
	return p.s.Minimax(t.Pos, 9).Move, nil
}

type random struct{ r *match.Rand }

func (*random) Name() string          { return "random" }
func (p *random) NewGame(seed uint64) { p.r = match.NewRand(seed) }
func (p *random) Move(t *match.Turn[xo, int]) (int, error) {
	ms := xoRules{}.Moves(&t.Pos, nil)
	return ms[p.r.Intn(len(ms))], nil
}

// faulty misbehaves on its second move in the given way.
type faulty struct {
	how   string
	clock *time.Duration
	n     int
}

func (f *faulty) Name() string   { return "faulty-" + f.how }
func (f *faulty) NewGame(uint64) { f.n = 0 }
func (f *faulty) Move(t *match.Turn[xo, int]) (int, error) {
	f.n++
	first := xoRules{}.Moves(&t.Pos, nil)[0]
	if f.n < 2 {
		return first, nil
	}
	switch f.how {
	case "illegal":
		return 9, nil
	case "slow":
		*f.clock += 150 * time.Millisecond
	case "error":
		return 0, errors.New("crashed")
	}
	return first, nil
}

func newPerfect() perfect { return perfect{search.New[xo, int](xoGame{}, search.Options{})} }

// TestElo checks the score, standard error and Elo interval against values
// computed by hand from the documented formula.
func TestElo(t *testing.T) {
	near := func(got, want float64) {
		t.Helper()
		assert.Assert(t, math.Abs(got-want) < 1e-9, "got %v want %v", got, want)
	}
	s := match.Stats{Wins: 60, Draws: 20, Losses: 20}
	near(s.Score(), 0.7)
	near(s.StdErr(), 0.04)
	e, lo, hi := s.Elo()
	near(e, 147.19071411783776)
	near(lo, 86.22501520030423)
	near(hi, 218.2517776410748)
	assert.Equal(t, s.String(), "W 60 D 20 L 20  score 70.0%  Elo +147.2 [+86.2, +218.3] (95%)")
	s = match.Stats{Wins: 3, Draws: 10, Losses: 1}
	e, lo, hi = s.Elo()
	near(e, 49.975494643319976)
	near(lo, -44.34714845012117)
	near(hi, 152.4621321905296)
	near(match.Elo(0.5), 0)
	near(match.Elo(0.75), 400*math.Log10(3))
	assert.Assert(t, math.IsInf(match.Elo(1), 1) && math.IsInf(match.Elo(0), -1))
	all := match.Stats{Wins: 5}
	assert.Equal(t, all.String(), "W 5 D 0 L 0  score 100.0%  Elo +Inf [+Inf, +Inf] (95%)")
	even := match.Stats{Draws: 4}
	assert.Equal(t, even.String(), "W 0 D 4 L 0  score 50.0%  Elo +0.0 [+0.0, +0.0] (95%)")
	near(match.Stats{Wins: 3, Losses: 1, Draws: 7}.LOS(), 0.5*(1+math.Erf(2/math.Sqrt(8))))
	near(match.Stats{Wins: 3, Losses: 1}.LOS(), 0.841344746068543)
	near(match.Stats{Wins: 1, Losses: 3}.LOS(), 1-0.841344746068543)
	near(match.Stats{Draws: 9}.LOS(), 0.5)
	var none match.Stats
	near(none.Score(), 0.5)
	near(none.StdErr(), 0)
	var acc match.Stats
	for _, r := range []match.Result{match.Win, match.Loss, match.Draw, match.Win} {
		acc.Add(r)
	}
	assert.Equal(t, acc, match.Stats{Wins: 2, Draws: 1, Losses: 1})
}

// TestPlayPerfectVersusRandom: the perfect player never loses, colours
// alternate, every opening is played with both colours, and the match is
// reproducible from its seed.
func TestPlayPerfectVersusRandom(t *testing.T) {
	openings := match.Enumerate[xo, int](xoRules{}, xo{}, 1)
	assert.Equal(t, len(openings), 9)
	run := func(seed uint64) *match.Report[int] {
		var progress []match.Progress
		rep, err := match.Play(match.Match[xo, int]{
			Rules:     xoRules{},
			Players:   [2]match.Player[xo, int]{newPerfect(), &random{}},
			Openings:  openings,
			Games:     18,
			Seed:      seed,
			KeepMoves: true,
			Progress:  func(p match.Progress) { progress = append(progress, p) },
		})
		assert.NilError(t, err)
		assert.Equal(t, len(progress), 18)
		assert.Equal(t, progress[17].Stats, rep.Stats)
		for i, p := range progress {
			line := p.String()
			assert.Assert(t, strings.HasPrefix(line, fmt.Sprintf("game %d/18: ", i+1)), line)
			g := rep.Games[i]
			if g.AColor == 0 {
				assert.Assert(t, strings.Contains(line, ": perfect (White) vs random (Black) "), line)
			} else {
				assert.Assert(t, strings.Contains(line, ": random (White) vs perfect (Black) "), line)
			}
			assert.Assert(t, strings.Contains(line, fmt.Sprintf(", %d plies, ", g.Plies)), line)
			assert.Assert(t, strings.Contains(line, " | A: "+p.Stats.String()), line)
		}
		return rep
	}
	a := run(1)
	assert.Equal(t, a.Stats.Losses, 0)
	assert.Assert(t, a.Stats.Wins > 0)
	assert.Equal(t, a.Stats.Games(), 18)
	assert.Equal(t, a.ByColor[0].Games(), 9)
	assert.Equal(t, a.ByColor[1].Games(), 9)
	for i, g := range a.Games {
		assert.Equal(t, g.AColor, i%2)
		assert.Equal(t, g.Opening, i/2)
		assert.Equal(t, g.Plies, len(g.Moves))
	}
	assert.Equal(t, a.Names, [2]string{"perfect", "random"})
	assert.DeepEqual(t, a, run(1))
	b := run(2)
	differs := false
	for i := range a.Games {
		if !slices.Equal(a.Games[i].Moves, b.Games[i].Moves) {
			differs = true
		}
	}
	assert.Assert(t, differs, "a different seed should change the random player's games")
}

// TestPlayForfeits: an illegal move, a late reply or an error loses the game
// and is counted as a forfeit.
func TestPlayForfeits(t *testing.T) {
	var now time.Duration
	clock := func() time.Duration { return now }
	for _, how := range []string{"illegal", "slow", "error"} {
		f := &faulty{how: how, clock: &now}
		rep, err := match.Play(match.Match[xo, int]{
			Rules:    xoRules{},
			Players:  [2]match.Player[xo, int]{newPerfect(), f},
			Openings: []xo{{}},
			Games:    2,
			MoveTime: 100 * time.Millisecond,
			Clock:    clock,
		})
		assert.NilError(t, err)
		assert.Equal(t, rep.Stats, match.Stats{Wins: 2}, how)
		assert.Equal(t, rep.Forfeits, [2]int{0, 2}, how)
		want := map[string]string{"illegal": "illegal move", "slow": "time", "error": "error: crashed"}[how]
		assert.Equal(t, rep.Games[0].Reason, want)
	}
	// The ply limit draws.
	rep, err := match.Play(match.Match[xo, int]{
		Rules: xoRules{}, Players: [2]match.Player[xo, int]{newPerfect(), newPerfect()},
		Openings: []xo{{}}, Games: 2, MaxPlies: 3,
	})
	assert.NilError(t, err)
	assert.Equal(t, rep.Stats, match.Stats{Draws: 2})
	assert.Equal(t, rep.Games[1].Reason, "ply limit")
	// Perfect play draws.
	rep, err = match.Play(match.Match[xo, int]{
		Rules: xoRules{}, Players: [2]match.Player[xo, int]{newPerfect(), newPerfect()},
		Openings: []xo{{}}, Games: 2,
	})
	assert.NilError(t, err)
	assert.Equal(t, rep.Stats, match.Stats{Draws: 2})
	assert.Equal(t, rep.String(), "perfect vs perfect: W 0 D 2 L 0  score 50.0%  Elo +0.0 [+0.0, +0.0] (95%)")
}

// TestPlayBadMatch: an incomplete description is an error, not a panic.
func TestPlayBadMatch(t *testing.T) {
	p := [2]match.Player[xo, int]{newPerfect(), newPerfect()}
	for _, m := range []match.Match[xo, int]{
		{Players: p, Openings: []xo{{}}, Games: 1},
		{Rules: xoRules{}, Openings: []xo{{}}, Games: 1},
		{Rules: xoRules{}, Players: p, Games: 1},
		{Rules: xoRules{}, Players: p, Openings: []xo{{}}, Games: -1},
	} {
		_, err := match.Play(m)
		assert.Assert(t, err != nil)
	}
}

// TestOpenings checks the deterministic opening helpers.
func TestOpenings(t *testing.T) {
	two := match.Enumerate[xo, int](xoRules{}, xo{}, 2)
	assert.Equal(t, len(two), 72)
	r1 := match.Random[xo, int](xoRules{}, xo{}, 2, 20, 7)
	r2 := match.Random[xo, int](xoRules{}, xo{}, 2, 20, 7)
	assert.Assert(t, slices.Equal(r1, r2))
	assert.Equal(t, len(r1), 20)
	seen := map[xo]bool{}
	for _, p := range r1 {
		assert.Assert(t, !seen[p], "duplicate opening")
		seen[p] = true
		assert.Equal(t, p.n, int8(2))
	}
	// Only 72 distinct two-ply positions exist: asking for more returns them
	// all, after the give-up limit.
	assert.Equal(t, len(match.Random[xo, int](xoRules{}, xo{}, 2, 100, 7)), 72)
	xs := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	s1 := match.Select(xs, 4, 3)
	assert.DeepEqual(t, s1, match.Select(xs, 4, 3))
	assert.Equal(t, len(s1), 4)
	assert.DeepEqual(t, xs, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	all := match.Select(xs, 20, 3)
	slices.Sort(all)
	assert.DeepEqual(t, all, xs)
	// The generator's output is fixed forever.
	r := match.NewRand(0)
	assert.Equal(t, r.Uint64(), uint64(0xe220a8397b1dcdaf))
}

// xoEngine adapts xo to engine.Game.
type xoEngine struct{ xoGame }

func (xoEngine) Hash(p *xo) uint64 { return splitmix.Mix(uint64(p.x) | uint64(p.o)<<9 | 1<<20) }
func (xoEngine) Outcome(p *xo) engine.Outcome {
	if xoWon(p.x) || xoWon(p.o) {
		return engine.OutcomeLoss
	}
	return engine.OutcomeDraw
}
func (xoEngine) Noisy(p *xo, m int) int32      { return 0 }
func (xoEngine) HistoryIndex(p *xo, m int) int { return m }
func (xoEngine) HistorySize() int              { return 9 }

// TestEnginePlayer: an engine that searches to the end never loses to the
// random player, and a depth-1 engine does worse than a full-depth one; the
// match is reproducible.
func TestEnginePlayer(t *testing.T) {
	newEngine := func(label string, depth int) *match.EnginePlayer[xo, int] {
		p := match.NewEnginePlayer(label, engine.New[xo, int](xoEngine{}, engine.DefaultOptions()))
		p.Depth = depth
		return p
	}
	openings := match.Enumerate[xo, int](xoRules{}, xo{}, 1)
	m := match.Match[xo, int]{
		Rules: xoRules{}, Players: [2]match.Player[xo, int]{newEngine("engine-9", 9), &random{}},
		Openings: openings, Games: 18, Seed: 5,
	}
	rep, err := match.Play(m)
	assert.NilError(t, err)
	assert.Equal(t, rep.Stats.Losses, 0)
	m.Players = [2]match.Player[xo, int]{newEngine("engine-9", 9), newEngine("engine-1", 1)}
	rep, err = match.Play(m)
	assert.NilError(t, err)
	assert.Equal(t, rep.Stats.Losses, 0)
	assert.Assert(t, rep.Stats.Wins > 0, "%s", rep)
	again, err := match.Play(m)
	assert.NilError(t, err)
	assert.DeepEqual(t, rep, again)
	// With time: a manual clock that never moves keeps the full search.
	timed := newEngine("timed", 0)
	timed.UseMatchTime = true
	timed.Clock = &engine.ManualClock{}
	m.Players = [2]match.Player[xo, int]{timed, &random{}}
	m.MoveTime = time.Second
	rep, err = match.Play(m)
	assert.NilError(t, err)
	assert.Equal(t, rep.Stats.Losses, 0)
	// No move in a finished position is an error.
	_, err = newEngine("x", 2).Move(&match.Turn[xo, int]{Pos: xo{x: 7, o: 24, n: 5}})
	assert.ErrorIs(t, err, match.ErrNoMove)
}

// TestProgressLine: one line per game, in order, with the players by
// colour, the result from White's side, the reason, the plies and the
// game's time by the match clock, then A's results so far.
func TestProgressLine(t *testing.T) {
	var now time.Duration
	var lines []string
	_, err := match.Play(match.Match[xo, int]{
		Rules:    xoRules{},
		Players:  [2]match.Player[xo, int]{newPerfect(), &faulty{how: "slow", clock: &now}},
		Openings: []xo{{}},
		Games:    2,
		MoveTime: 100 * time.Millisecond,
		Clock:    func() time.Duration { return now },
		Colors:   [2]string{"X", "O"},
		Progress: func(p match.Progress) { lines = append(lines, p.String()) },
	})
	assert.NilError(t, err)
	assert.DeepEqual(t, lines, []string{
		"game 1/2: perfect (X) vs faulty-slow (O) 1-0, time, 3 plies, 0.1 s | A: W 1 D 0 L 0  score 100.0%  Elo +Inf [+Inf, +Inf] (95%)",
		"game 2/2: faulty-slow (X) vs perfect (O) 0-1, time, 2 plies, 0.1 s | A: W 2 D 0 L 0  score 100.0%  Elo +Inf [+Inf, +Inf] (95%)",
	})
	// Without a player A (a round robin), a draw, and the default colours.
	p := match.Progress{Done: 5, Games: 6, Players: [2]string{"minimax", "alphabeta"}, Winner: -1,
		Reason: "100 moves each", Plies: 200, Elapsed: 12345 * time.Millisecond}
	assert.Equal(t, p.String(), "game 5/6: minimax (White) vs alphabeta (Black) 1/2-1/2, 100 moves each, 200 plies, 12.3 s")
}

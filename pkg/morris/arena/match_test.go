package arena_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/morris/arena"
	"gotest.tools/v3/assert"
)

// TestMain lets the test binary act as one of the eight programs when
// MORRIS_TEST_PROGRAM names it, so ProgramPlayer can be tested without a build.
func TestMain(m *testing.M) {
	if name := os.Getenv("MORRIS_TEST_PROGRAM"); name != "" {
		p, ok := morris.ProgramByName(name)
		if !ok {
			os.Stderr.WriteString("unknown program " + name + "\n")
			os.Exit(2)
		}
		os.Exit(p.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestMatchRules checks the end of a game (only in the midgame), the turn
// counter and the draw, and legality.
func TestMatchRules(t *testing.T) {
	b := morris.BoardOf(morris.S22)
	r := arena.MatchRules{Board: b, Cap: 4}
	st := r.Start(morris.Position{})
	assert.Equal(t, st.Left, [2]uint8{9, 9})
	over, _, _ := r.Result(&st)
	assert.Assert(t, !over)

	two := arena.GameState{State: morris.State{Position: mustParse(t, "WWxxxxxxxxxxxxBBBxxxxx", morris.S22)}}
	over, winner, reason := r.Result(&two)
	assert.Assert(t, over)
	assert.Equal(t, winner, 1)
	assert.Equal(t, reason, "two pieces")
	two.Left[1] = 1 // Black still places: no end test yet
	over, _, _ = r.Result(&two)
	assert.Assert(t, !over)

	blocked := arena.GameState{State: morris.State{Position: mustParse(t, "BBBWWWBWxWxxWxxxxxxWxx", morris.S22), Black: true}}
	over, winner, reason = r.Result(&blocked)
	assert.Assert(t, over)
	assert.Equal(t, winner, 0)
	assert.Equal(t, reason, "blocked")

	mid := arena.GameState{State: morris.State{Position: mustParse(t, "xxxxxxxxWWxWWxBBBxxxxx", morris.S22)}}
	g := morris.EngineGame{Board: b}
	for i := range 4 {
		over, _, _ = r.Result(&mid)
		assert.Assert(t, !over, "turn %d", i)
		m := g.Moves(&mid.State, nil)[0]
		assert.Assert(t, r.Legal(&mid, m))
		mid = r.Play(&mid, m)
		assert.Equal(t, mid.Turns, i+1)
	}
	over, winner, reason = r.Result(&mid)
	assert.Assert(t, over)
	assert.Equal(t, winner, -1)
	assert.Equal(t, reason, "4 midgame turns")
	// A board that is not a child, or a child for the wrong side, is illegal.
	assert.Assert(t, !r.Legal(&mid, morris.Node{Position: mid.Position, Black: !mid.Black}))
	c := g.Moves(&mid.State, nil)[0]
	c.Black = !c.Black
	assert.Assert(t, !r.Legal(&mid, c))
	// Placements count down only for the side that places.
	p := r.Play(&st, g.Moves(&st.State, nil)[3])
	assert.Equal(t, p.Left, [2]uint8{8, 9})
	assert.Equal(t, p.Turns, 0)
}

// TestOpenings checks the start lists: the n+1 self-play positions, and
// seeded random placements (distinct, reproducible).
func TestOpenings(t *testing.T) {
	b := morris.BoardOf(morris.S22)
	o := arena.Openings(b, 0, 0, 0)
	assert.Equal(t, len(o), 23)
	assert.Equal(t, o[1].Left, [2]uint8{8, 8})
	r1 := arena.Openings(b, 30, 4, 7)
	r2 := arena.Openings(b, 30, 4, 7)
	assert.DeepEqual(t, r1, r2)
	assert.Equal(t, len(r1), 30)
	seen := map[arena.GameState]bool{}
	for _, s := range r1 {
		assert.Assert(t, !seen[s])
		seen[s] = true
		assert.Equal(t, s.Left, [2]uint8{7, 7})
		assert.Equal(t, s.NumWhite()+s.NumBlack(), 4)
	}
}

// TestStrengthTiny is the small deterministic version of the acceptance
// match: the engine at a node budget against MiniMaxOpening/MiniMaxGame at
// depth 3, on 6 start positions with both colours. The engine must score at
// least 70 %, and a second run must give the same games.
func TestStrengthTiny(t *testing.T) {
	b := morris.BoardOf(morris.S22)
	play := func() *match.Report[morris.Node] {
		a, err := arena.ParsePlayer("engine:nodes=4000", b, nil)
		assert.NilError(t, err)
		s, err := arena.ParsePlayer("standard:3", b, nil)
		assert.NilError(t, err)
		rep, err := match.Play(match.Match[arena.GameState, morris.Node]{
			Rules: arena.MatchRules{Board: b}, Players: [2]match.Player[arena.GameState, morris.Node]{a, s},
			Openings: arena.Openings(b, 0, 0, 0)[:6], Games: 12, KeepMoves: true,
		})
		assert.NilError(t, err)
		return rep
	}
	rep := play()
	t.Log(rep)
	assert.Assert(t, rep.Stats.Score() >= 0.7, "%s", rep)
	assert.Equal(t, rep.Forfeits, [2]int{0, 0})
	again := play()
	assert.DeepEqual(t, again.Games, rep.Games)
}

// TestProgramPlayer plays the test binary, acting as MiniMaxOpening and
// MiniMaxGame through the file protocol, against the improved course
// player, and checks that every game is the one the built-in standard
// player plays (so the colour swap and the phases are right).
func TestProgramPlayer(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a process per move")
	}
	exe, err := os.Executable()
	assert.NilError(t, err)
	b := morris.BoardOf(morris.S22)
	openings := arena.Openings(b, 0, 0, 0)[:2]
	run := func(a match.Player[arena.GameState, morris.Node]) *match.Report[morris.Node] {
		imp := arena.NewCoursePlayer("improved:2", b, 2, morris.Improved, morris.Improved)
		rep, err := match.Play(match.Match[arena.GameState, morris.Node]{
			Rules: arena.MatchRules{Board: b, Cap: 20}, Players: [2]match.Player[arena.GameState, morris.Node]{a, imp},
			Openings: openings, Games: 4, KeepMoves: true,
		})
		assert.NilError(t, err)
		return rep
	}
	builtin := run(arena.NewCoursePlayer("standard:2", b, 2, morris.Standard, morris.Standard))
	// The programs are selected by the environment the children inherit.
	wrapper := t.TempDir() + "/prog.sh"
	assert.NilError(t, testutil.WriteExecutable(wrapper, []byte("#!/bin/sh\nprog=$1\nshift\nMORRIS_TEST_PROGRAM=$prog exec \""+exe+"\" \"$@\"\n")))
	p, err := arena.ParsePlayer("exec:2:"+wrapper+" MiniMaxOpening:"+wrapper+" MiniMaxGame", b, nil)
	assert.NilError(t, err)
	ext := run(p)
	assert.Equal(t, len(ext.Games), len(builtin.Games))
	for i := range ext.Games {
		assert.Equal(t, ext.Games[i].Reason, builtin.Games[i].Reason, "game %d", i)
		assert.DeepEqual(t, ext.Games[i].Moves, builtin.Games[i].Moves)
	}
	// A program that fails forfeits the game.
	bad, err := arena.ParsePlayer("exec:2:"+wrapper+" NoSuchProgram:"+wrapper+" NoSuchProgram", b, nil)
	assert.NilError(t, err)
	rep := run(bad)
	assert.Equal(t, rep.Forfeits[0], 4)
	assert.Assert(t, strings.HasPrefix(rep.Games[0].Reason, "error: prog.sh: exit status 2 unknown program NoSuchProgram"), rep.Games[0].Reason)
}

// TestProgramPlayerBoardFlag checks that an external program gets -board
// for a board its input length does not select: on U21 (21 letters, which
// select E21) the placement on c2 next to a0 and b1 closes no mill, so the
// program must answer with U21's first placement, g0.
func TestProgramPlayerBoardFlag(t *testing.T) {
	exe, err := os.Executable()
	assert.NilError(t, err)
	wrapper := t.TempDir() + "/prog.sh"
	assert.NilError(t, testutil.WriteExecutable(wrapper, []byte("#!/bin/sh\nprog=$1\nshift\nMORRIS_TEST_PROGRAM=$prog exec \""+exe+"\" \"$@\"\n")))
	for _, c := range []struct {
		kind morris.Kind
		want string
	}{
		{morris.U21, "WWWxxxBxxxxxxxxxxxBxx"},
		{morris.E21, "WxWxWxxxxxxxxxxxxxBxx"},
		{morris.B21, "WxWxWxxxxxxxxxxxxxBxx"},
	} {
		b := morris.BoardOf(c.kind)
		p, err := arena.ParsePlayer("exec:1:"+wrapper+" MiniMaxOpening:"+wrapper+" MiniMaxGame", b, nil)
		assert.NilError(t, err)
		pos := arena.MatchRules{Board: b}.Start(mustParse(t, "WxWxxxBxxxxxxxxxxxBxx", c.kind))
		m, err := p.Move(&match.Turn[arena.GameState, morris.Node]{Pos: pos})
		assert.NilError(t, err, c.kind)
		assert.Equal(t, m.Format(b.N), c.want, c.kind)
	}
}

// TestParsePlayer covers the player specifications and their errors.
func TestParsePlayer(t *testing.T) {
	b := morris.BoardOf(morris.S22)
	for _, ok := range []string{"standard:4", "improved:2", "engine:1s", "engine:500ms", "engine:nodes=100", "engine:depth=6", "exec:0:a:b", "exec:3:a -x:b -y"} {
		p, err := arena.ParsePlayer(ok, b, nil)
		assert.NilError(t, err, ok)
		assert.Equal(t, p.Name(), ok)
	}
	for _, bad := range []string{"", "standard", "standard:0", "standard:x", "improved:-1", "engine:", "engine:0s", "engine:nodes=0",
		"engine:nodes=x", "engine:depth=0", "engine:depth=128", "exec:2:a", "exec:x:a:b", "exec:2: :b", "minimax:3"} {
		_, err := arena.ParsePlayer(bad, b, nil)
		assert.ErrorContains(t, err, "player", bad)
	}
}

// TestStrengthCommand runs morris-strength on a tiny match and checks its
// usage errors.
func TestStrengthCommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := arena.Run([]string{"-a", "engine:depth=2", "-b", "engine:depth=2", "-b-opts", "-tt", "-random", "2", "-cap", "10"}, nil, &stdout, &stderr)
	assert.Equal(t, code, 0, stderr.String())
	out := stdout.String()
	assert.Assert(t, strings.Contains(out, "board S22, 2 openings, 4 games, cap 10 midgame turns\n"), out)
	assert.Assert(t, strings.Contains(out, "engine:depth=2 vs engine:depth=2 -tt: W "), out)
	// One progress line per game on stderr, colours alternating.
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	assert.Equal(t, len(lines), 4, stderr.String())
	for i, l := range lines {
		players := "engine:depth=2 (White) vs engine:depth=2 -tt (Black) "
		if i%2 == 1 {
			players = "engine:depth=2 -tt (White) vs engine:depth=2 (Black) "
		}
		assert.Assert(t, strings.HasPrefix(l, fmt.Sprintf("game %d/4: %s", i+1, players)), l)
		assert.Assert(t, strings.Contains(l, " s | A: W "), l)
	}
	stdout.Reset()
	stderr.Reset()
	code = arena.Run([]string{"-a", "engine:depth=1", "-b", "standard:1", "-random", "1", "-cap", "4", "-quiet"}, nil, &stdout, &stderr)
	assert.Equal(t, code, 0, stderr.String())
	assert.Equal(t, stderr.String(), "")
	assert.Assert(t, strings.Contains(stdout.String(), "board S22, 1 openings, 2 games, cap 4 midgame turns\n"), stdout.String())
	for _, c := range []struct {
		args   []string
		substr string
	}{
		{[]string{"-board", "X"}, `-board "X"`},
		{[]string{"-a", "nobody:1"}, `-a: player "nobody:1": unknown kind`},
		{[]string{"-b-opts", "+fast"}, `-b-opts "+fast": unknown engine feature "fast"`},
		{[]string{"-cap", "0"}, "-cap 0"},
		{[]string{"-plies", "99"}, "-plies 99"},
		{[]string{"-games", "-1"}, "-games -1"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-nope"}, "usage"},
	} {
		stdout.Reset()
		stderr.Reset()
		assert.Equal(t, arena.Run(c.args, nil, &stdout, &stderr), 2, "%v", c.args)
		msg := stderr.String()
		assert.Assert(t, strings.HasPrefix(msg, "morris-strength: ") && strings.Count(msg, "\n") == 1, "%q", msg)
		assert.Assert(t, strings.Contains(msg, c.substr), "%q does not contain %q", msg, c.substr)
	}
}

// TestEnginePlayerTime drives a timed engine player with a manual clock
// (100 µs per reading, one reading per 1024 nodes): every reply stops before
// the move time, the reply statistics count it, and the clock includes the
// clearing of the table of a fresh player.
func TestEnginePlayerTime(t *testing.T) {
	b := morris.BoardOf(morris.S22)
	clock := &engine.ManualClock{Step: 100 * time.Microsecond}
	p := arena.NewEnginePlayer("engine", morris.NewEngine(b, morris.Improved, morris.EngineOptions()))
	p.MoveTime, p.Fresh, p.Clock = 30*time.Millisecond, true, clock
	r := arena.MatchRules{Board: b}
	pos := r.Start(morris.Position{})
	for range 4 {
		m, err := p.Move(&match.Turn[arena.GameState, morris.Node]{Pos: pos})
		assert.NilError(t, err)
		assert.Assert(t, r.Legal(&pos, m))
		pos = r.Play(&pos, m)
	}
	n, slowest, late := p.ReplyStats()
	assert.Equal(t, n, 4)
	assert.Equal(t, late, 0)
	assert.Assert(t, slowest > 0 && slowest < 30*time.Millisecond, "slowest %v", slowest)
	// With the match's move time instead of its own.
	p.MoveTime, p.UseMatchTime = 0, true
	_, err := p.Move(&match.Turn[arena.GameState, morris.Node]{Pos: pos, MoveTime: 20 * time.Millisecond})
	assert.NilError(t, err)
	n, _, late = p.ReplyStats()
	assert.Equal(t, n, 5)
	assert.Equal(t, late, 0)
}

// mustParse parses a board of kind k (White to move).
func mustParse(tb testing.TB, s string, k morris.Kind) morris.Position {
	tb.Helper()
	p, _, err := morris.ParseBoard([]byte(s), k, true)
	assert.NilError(tb, err)
	return p
}

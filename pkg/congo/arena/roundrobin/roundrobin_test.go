package roundrobin

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/match"
	"gotest.tools/v3/assert"
)

// fakeAgentEnv makes the test binary act as a congo-agent-protocol player
// that plays the course minimax (depth 2), for the tests of Program.
const fakeAgentEnv = "ROUNDROBIN_FAKE_AGENT"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeAgentEnv); mode != "" {
		os.Exit(fakeAgent(mode))
	}
	os.Exit(m.Run())
}

// fakeAgent follows the position through "position" and "moves" commands
// and answers "go" with the minimax player's move (mode "minimax"), which it
// plays, with an illegal move (mode "illegal") or by exiting (mode "crash").
func fakeAgent(mode string) int {
	s := congo.NewMinimax(congo.Edition2021)
	var pos, next congo.Position
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		cmd, rest, _ := strings.Cut(sc.Text(), " ")
		switch cmd {
		case "position":
			p, err := congo.ParseFEN(rest)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			pos = p
		case "moves":
			for _, f := range strings.Fields(rest) {
				m, ok := congo.ParseMove(f)
				if !ok || !pos.IsLegal(m) {
					fmt.Fprintf(os.Stderr, "bad move %q\n", f)
					return 1
				}
				pos.Play(&next, m, congo.Edition2021)
				pos = next
			}
		case "go":
			switch mode {
			case "illegal":
				fmt.Println("a1a1")
			case "crash":
				fmt.Fprintln(os.Stderr, "fake agent: crashing")
				return 3
			default:
				r := s.Minimax(pos, 2)
				if !r.HasMove {
					fmt.Println("0000")
				} else {
					fmt.Println(r.Move)
					pos.Play(&next, r.Move, congo.Edition2021)
					pos = next
				}
			}
		case "quit":
			return 0
		}
	}
	return 0
}

// short is a round robin of 6 moves per side.
func short() Config {
	c := DefaultConfig()
	c.MaxMoves = 6
	return c
}

// shortGames is the round robin of short() between Entrants(), played once
// for the tests that read it (TestTablesAndRecords plays it a second time
// to check that it is deterministic).
var shortGames = sync.OnceValues(func() ([]Game, error) { return Play(short(), Entrants()) })

func TestPlayMoveLimit(t *testing.T) {
	t.Parallel()
	games, err := shortGames()
	assert.NilError(t, err)
	// Three players, each pair twice (both colours): 6 games, pairs in
	// table order.
	assert.Equal(t, len(games), 6)
	var pairs []string
	for _, g := range games {
		pairs = append(pairs, g.White+"-"+g.Black)
	}
	assert.DeepEqual(t, pairs, []string{"minimax-alphabeta", "minimax-agent", "alphabeta-minimax",
		"alphabeta-agent", "agent-minimax", "agent-alphabeta"})
	for _, g := range games {
		// Replaying the moves must give the recorded final position.
		p, err := congo.ParseFEN(StartFEN)
		assert.NilError(t, err)
		var next congo.Position
		for i, m := range g.Moves {
			assert.Assert(t, p.IsLegal(m), "move %d %s", i, m)
			p.Play(&next, m, congo.Edition2021)
			p = next
		}
		assert.Equal(t, p.String(), g.Final)
		if g.Winner == -1 {
			assert.Equal(t, g.Played, [2]int{6, 6})
			assert.Equal(t, g.Reason, "6 moves each")
		} else {
			assert.Assert(t, p.LionMissing())
		}
		assert.Assert(t, g.Nodes[0] > 0 && g.Nodes[1] > 0)
	}
}

func TestPlayGameCapture(t *testing.T) {
	t.Parallel()
	// Minimax sees the lion flight c2c5 onto the black lion (docs/congo.md).
	cfg := Config{Edition: congo.Edition2021, Start: "7/7/2l4/7/7/2L4/7 w 8", MaxMoves: 100}
	mm, _ := MinimaxEntrant().New(cfg.Edition, nil)
	ab, _ := AlphaBetaEntrant().New(cfg.Edition, nil)
	g, err := PlayGame(cfg, mm, ab)
	assert.NilError(t, err)
	assert.Equal(t, g.Winner, 0)
	assert.Equal(t, len(g.Moves), 1)
	assert.Equal(t, g.Moves[0].String(), "c2c5")
	assert.Equal(t, g.Reason, "White captured the black lion")

	// The same with Black to move: Black flies onto the white lion.
	cfg.Start = "7/7/2l4/7/7/2L4/7 b 8"
	g, err = PlayGame(cfg, mm, ab)
	assert.NilError(t, err)
	assert.Equal(t, g.Winner, 1)
	assert.Equal(t, g.Moves[0].String(), "c5c2")
}

// scripted plays fixed moves, then fails.
type scripted []string

func (s *scripted) Name() string   { return "scripted" }
func (s *scripted) NewGame(uint64) {}

func (s *scripted) Move(*match.Turn[congo.Position, congo.Move]) (congo.Move, error) {
	if len(*s) == 0 {
		return 0, errors.New("out of moves")
	}
	m, ok := congo.ParseMove((*s)[0])
	*s = (*s)[1:]
	if !ok {
		return 0, errors.New("bad script")
	}
	return m, nil
}

func TestPlayGameForfeits(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	w := &scripted{"d2d3"}
	b := &scripted{"d6d5"}
	g, err := PlayGame(cfg, w, b)
	assert.NilError(t, err)
	assert.Equal(t, g.Winner, 1)
	assert.Equal(t, g.Reason, "White forfeits: out of moves")
	assert.Equal(t, len(g.Moves), 2)

	w = &scripted{"d2d3"}
	b = &scripted{"d6d3"}
	g, err = PlayGame(cfg, w, b)
	assert.NilError(t, err)
	assert.Equal(t, g.Winner, 0)
	assert.Equal(t, g.Reason, "Black forfeits: illegal move d6d3")
}

// TestPart6Rules checks the move limit of the Part 6 rules from a start
// with Black to move: the game ends after each side has played MaxMoves
// moves, not before, and the record counts each side's moves.
func TestPart6Rules(t *testing.T) {
	t.Parallel()
	start, err := congo.ParseFEN("7/7/2l4/7/7/2L4/7 b 8")
	assert.NilError(t, err)
	r := part6{edition: congo.Edition2021, start: start, maxMoves: 2}
	p := start
	for i, s := range []string{"c5d5", "c2d2", "d5c5", "d2c2"} {
		over, _, _ := r.Result(&p)
		assert.Assert(t, !over, "ply %d", i)
		m, _ := congo.ParseMove(s)
		assert.Assert(t, r.Legal(&p, m), s)
		p = r.Play(&p, m)
	}
	over, winner, reason := r.Result(&p)
	assert.Assert(t, over)
	assert.Equal(t, winner, -1)
	assert.Equal(t, reason, "2 moves each")

	cfg := Config{Edition: congo.Edition2021, Start: start.String(), MaxMoves: 2}
	g, err := PlayGame(cfg, &scripted{"c2d2", "d2c2"}, &scripted{"c5d5", "d5c5"})
	assert.NilError(t, err)
	assert.Equal(t, g.Winner, -1)
	assert.Equal(t, g.Reason, "2 moves each")
	assert.Equal(t, g.Played, [2]int{2, 2})
	assert.Equal(t, g.Final, "7/7/2l4/7/7/2L4/7 b 10")
	assert.Equal(t, g.White+" "+g.Black, "scripted scripted")
}

func TestPlayGameBadConfig(t *testing.T) {
	t.Parallel()
	mm, _ := MinimaxEntrant().New(congo.Edition2021, nil)
	_, err := PlayGame(Config{Start: "7/7/7/7/7/7/7 w 0", MaxMoves: 1}, mm, mm)
	assert.ErrorContains(t, err, "has a lion missing")
	_, err = PlayGame(Config{Start: "nonsense", MaxMoves: 1}, mm, mm)
	assert.ErrorContains(t, err, "start position")
	_, err = PlayGame(Config{Start: StartFEN}, mm, mm)
	assert.ErrorContains(t, err, "move limit")
	_, err = Play(short(), Entrants()[:1])
	assert.ErrorContains(t, err, "at least two")
	_, err = Play(short(), []Entrant{MinimaxEntrant(), MinimaxEntrant()})
	assert.ErrorContains(t, err, "used twice")
}

// TestProgram plays the minimax player through the agent protocol (the test
// binary as a fake agent) and checks that the games are those of the
// in-process minimax player. Not parallel: t.Setenv.
func TestProgram(t *testing.T) {
	exe, err := os.Executable()
	assert.NilError(t, err)
	t.Setenv(fakeAgentEnv, "minimax")
	ext := Program("minimax", "minimax through the agent protocol", 1, exe)
	viaProgram, err := Play(short(), []Entrant{ext, AlphaBetaEntrant()})
	assert.NilError(t, err)
	inProcess, err := Play(short(), []Entrant{MinimaxEntrant(), AlphaBetaEntrant()})
	assert.NilError(t, err)
	for i := range inProcess {
		a, b := viaProgram[i], inProcess[i]
		assert.DeepEqual(t, a.Moves, b.Moves)
		assert.Equal(t, a.Winner, b.Winner)
		assert.Equal(t, a.Final, b.Final)
	}

	t.Setenv(fakeAgentEnv, "illegal")
	games, err := Play(short(), []Entrant{Program("bad", "", 1, exe), MinimaxEntrant()})
	assert.NilError(t, err)
	assert.Equal(t, games[0].Winner, 1)
	assert.Equal(t, games[0].Reason, "White forfeits: illegal move a1a1")
	assert.Equal(t, games[1].Winner, 0)

	t.Setenv(fakeAgentEnv, "crash")
	games, err = Play(short(), []Entrant{Program("crash", "", 1, exe), MinimaxEntrant()})
	assert.ErrorContains(t, err, "exit status 3")
	assert.Assert(t, games == nil)

	_, err = Play(short(), []Entrant{Program("none", "", 1, filepath.Join(t.TempDir(), "missing")), MinimaxEntrant()})
	assert.ErrorContains(t, err, "start")
}

func TestTablesAndRecords(t *testing.T) {
	t.Parallel()
	cfg := short()
	games, err := shortGames()
	assert.NilError(t, err)
	tables := string(Tables(cfg, Entrants(), games))
	again, err := Play(cfg, Entrants())
	assert.NilError(t, err)
	assert.Equal(t, tables, string(Tables(cfg, Entrants(), again)), "round robin is not deterministic")
	for _, want := range []string{"| minimax | — |", "| alphabeta |", "draw after 6 moves by each side", "| agent |", "(6 games)", "| 1 | minimax | alphabeta |", "| 6 | agent | alphabeta |"} {
		assert.Assert(t, strings.Contains(tables, want), "missing %q in\n%s", want, tables)
	}
	rec := string(Record(cfg, 1, games[0]))
	assert.Assert(t, strings.HasPrefix(rec, "Game 1: minimax (White) vs alphabeta (Black)\n"), rec)
	assert.Assert(t, strings.Contains(rec, "\n1. "+games[0].Moves[0].String()+" "+games[0].Moves[1].String()+"\n"), rec)
	assert.Assert(t, strings.Contains(rec, "Final position: "+games[0].Final+"\n"), rec)
	assert.Equal(t, RecordName(1, games[0]), "01-minimax-vs-alphabeta.txt")
}

// TestPart6Golden plays the Part 6 round robin of the report (2021 rules)
// with a draw after 10 moves each and checks that every game's record
// begins as the golden record of the full round robin
// (testdata/congo-roundrobin/part6-games.txt, 100 moves each): the players
// search to fixed depths, so the moves of a game do not depend on its move
// limit. BenchmarkRoundRobin plays the full round robin and asserts the
// golden tables and records byte for byte (-update rewrites them).
func TestPart6Golden(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.MaxMoves = 10
	games, err := Play(cfg, Entrants())
	assert.NilError(t, err)
	assert.Equal(t, len(games), 6)
	data, err := os.ReadFile(filepath.Join(testutil.RepoRoot(t), "testdata", "congo-roundrobin", "part6-games.txt"))
	assert.NilError(t, err)
	records := strings.Split(string(data), "== ")[1:]
	assert.Equal(t, len(records), len(games))
	for i, g := range games {
		want := moveLines(records[i])
		got := moveLines(string(Record(cfg, i+1, g)))
		assert.Assert(t, strings.HasPrefix(records[i], RecordName(i+1, g)+"\n"), "game %d: %s", i+1, RecordName(i+1, g))
		if len(want) > len(got) {
			// The full game went on: this one stopped at the move limit.
			assert.Equal(t, g.Reason, "10 moves each", "game %d", i+1)
			want = want[:len(got)]
		}
		assert.DeepEqual(t, got, want)
	}
}

// moveLines returns the numbered move lines of a game record ("1. a2a3
// d6d5").
func moveLines(record string) []string {
	var out []string
	for _, l := range strings.Split(record, "\n") {
		if n, _, ok := strings.Cut(l, ". "); ok && n != "" && strings.Trim(n, "0123456789") == "" {
			out = append(out, l)
		}
	}
	return out
}

func TestRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	out := filepath.Join(dir, "rr.md")
	code := Run([]string{"-max-moves", "3", "-o", out, "-games", filepath.Join(dir, "games")}, nil, &stdout, &stderr)
	assert.Equal(t, code, 0, stderr.String())
	assert.Equal(t, stdout.String(), "")
	// One progress line per game on stderr, in table order.
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	assert.Equal(t, len(lines), 6, stderr.String())
	pairs := [][2]string{{"minimax", "alphabeta"}, {"minimax", "agent"}, {"alphabeta", "minimax"},
		{"alphabeta", "agent"}, {"agent", "minimax"}, {"agent", "alphabeta"}}
	for i, l := range lines {
		want := fmt.Sprintf("game %d/6: %s (White) vs %s (Black) ", i+1, pairs[i][0], pairs[i][1])
		assert.Assert(t, strings.HasPrefix(l, want), "line %d: %q, want the prefix %q", i+1, l, want)
		assert.Assert(t, strings.HasSuffix(l, " s"), l)
		assert.Assert(t, !strings.Contains(l, "| A:"), l)
	}
	data, err := os.ReadFile(out)
	assert.NilError(t, err)
	assert.Assert(t, strings.Contains(string(data), "draw after 3 moves"))
	entries, err := os.ReadDir(filepath.Join(dir, "games"))
	assert.NilError(t, err)
	assert.Equal(t, len(entries), 6)

	stdout.Reset()
	code = Run([]string{"-max-moves=2"}, nil, &stdout, &stderr)
	assert.Equal(t, code, 0)
	assert.Assert(t, strings.Contains(stdout.String(), "**Standings**"))

	stderr.Reset()
	assert.Equal(t, Run([]string{"-h"}, nil, &stdout, &stderr), 0)
	assert.Assert(t, strings.HasPrefix(stderr.String(), "usage: congo-roundrobin"))
}

func TestRunBadArguments(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-bogus"}, "congo-roundrobin: flag provided but not defined: -bogus\n"},
		{[]string{"-rules", "2023"}, "congo-roundrobin: -rules \"2023\": want 2021 or 2022\n"},
		{[]string{"-max-moves", "0"}, "congo-roundrobin: -max-moves 0: want 1 to 10000\n"},
		{[]string{"-max-moves", "x"}, "congo-roundrobin: invalid value \"x\" for flag -max-moves: parse error\n"},
		{[]string{"extra"}, "congo-roundrobin: unexpected argument \"extra\" (no positional arguments)\n"},
		{[]string{"-start", "7/7/7/7/7/7/7 w 0"}, "congo-roundrobin: -start \"7/7/7/7/7/7/7 w 0\": a lion is missing\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(tc.args, nil, &stdout, &stderr)
		assert.Equal(t, code, 2, tc.args)
		assert.Equal(t, stderr.String(), tc.want)
		assert.Equal(t, stdout.String(), "")
	}
	var stdout, stderr bytes.Buffer
	assert.Equal(t, Run([]string{"-start", "xyz"}, nil, &stdout, &stderr), 2)
	assert.Equal(t, strings.Count(stderr.String(), "\n"), 1, stderr.String())
	assert.Assert(t, strings.HasPrefix(stderr.String(), "congo-roundrobin: -start: "))
}

package arena

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/congo/agent"
	"github.com/gamesearch/gamesearch/pkg/congo/baseline"
	"github.com/gamesearch/gamesearch/pkg/match"
	"gotest.tools/v3/assert"
	"gotest.tools/v3/golden"
)

// openingsDir returns testdata/congo-agent at the repository root, which
// holds the openings files.
func openingsDir(t *testing.T) string {
	return filepath.Join(testutil.RepoRoot(t), "testdata", "congo-agent")
}

// writeOpenings writes openings as ReadOpenings reads them, after a comment
// header.
func writeOpenings(w io.Writer, header string, ps []congo.Position) error {
	bw := bufio.NewWriter(w)
	for _, l := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
		fmt.Fprintf(bw, "# %s\n", l)
	}
	for i := range ps {
		bw.WriteString(ps[i].String())
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// openingsHeader is the comment of the openings files (written when
// Openings was in package agent; the files keep its words).
func openingsHeader(r congo.Edition, n, all, decided int) string {
	return fmt.Sprintf("%d fixed openings of the %s edition for the congo-agent acceptance match (docs/congo.md):\n"+
		"positions two plies after the start position, chosen from all %d but the %d where White can capture\n"+
		"the black lion at once, by match.Select with seed %d (agent.Openings). One FEN per line.",
		n, r, all, decided, OpeningSeed)
}

// TestOpeningsFiles checks that the test data files hold Openings(r, 100):
// 100 distinct positions, each two plies after the start position (go test
// ./pkg/congo/arena -update rewrites them).
func TestOpeningsFiles(t *testing.T) {
	for _, r := range []congo.Edition{congo.Edition2021, congo.Edition2022} {
		start, _ := congo.ParseFEN(congo.StartFEN(r))
		all := match.Enumerate[congo.Position, congo.Move](Mover{r}, start, 2)
		decided := 0
		for i := range all {
			if LionCapturable(&all[i]) {
				decided++
			}
		}
		assert.Assert(t, decided > 0 && decided < 20, "%d decided openings", decided)
		ops := Openings(r, 100)
		assert.Equal(t, len(ops), 100)
		var buf bytes.Buffer
		assert.NilError(t, writeOpenings(&buf, openingsHeader(r, 100, len(all), decided), ops))
		path := filepath.Join(openingsDir(t), "openings-"+r.String()+".txt")
		golden.Assert(t, buf.String(), path)

		data, err := os.ReadFile(path)
		assert.NilError(t, err)
		read, err := ReadOpenings(bytes.NewReader(data))
		assert.NilError(t, err)
		assert.Equal(t, len(read), 100)
		twoPly := map[string]bool{}
		for i := range all {
			twoPly[all[i].String()] = true
		}
		seen := map[string]bool{}
		for i := range read {
			s := read[i].String()
			assert.Assert(t, twoPly[s], "%s: %s is not two plies after the start", r, s)
			assert.Assert(t, !seen[s], "%s: %s twice", r, s)
			seen[s] = true
			assert.Assert(t, !read[i].LionMissing())
			assert.Assert(t, !LionCapturable(&read[i]), "%s: %s is decided", r, s)
		}
	}
}

// TestRules checks the game end rules of the match.
func TestRules(t *testing.T) {
	r := MatchRules{congo.Edition2022}
	for _, tc := range []struct {
		fen    string
		over   bool
		winner int
		reason string
	}{
		{"3L3/7/7/7/7/7/7 b 5", true, 0, "lion captured"},
		{"3l3/7/7/7/7/7/P6 w 5", true, 1, "lion captured"},
		{"7/2l4/7/7/7/7/4L2 w 3", true, -1, "only the two lions"},
		{"7/3l3/4P2/7/7/7/3L3 b 28", false, -1, ""},
	} {
		p, err := congo.ParseFEN(tc.fen)
		assert.NilError(t, err)
		over, w, why := r.Result(&p)
		assert.Equal(t, over, tc.over, tc.fen)
		assert.Equal(t, w, tc.winner, tc.fen)
		assert.Equal(t, why, tc.reason, tc.fen)
	}
	p, _ := congo.ParseFEN("7/3l3/4P2/7/7/7/3L3 w 28")
	m, _ := congo.ParseMove("d1d6")
	assert.Assert(t, r.Legal(&p, m))
	q := r.Play(&p, m)
	assert.Assert(t, !r.Legal(&q, m))
	over, w, _ := r.Result(&q)
	assert.Assert(t, over && w == 0)
	assert.Equal(t, r.ToMove(&q), 1)
}

// smallMatch plays the agent at a fixed depth of 5 (deterministic, through
// the protocol, in-process) against the course baseline on the first
// openings of each edition, both colours, and checks that every game
// finished without a forfeit and that the agent lost none; with score it
// also checks that the agent scored at least 75%.
func smallMatch(tb testing.TB, openings int, score bool) {
	tb.Helper()
	for _, r := range []congo.Edition{congo.Edition2021, congo.Edition2022} {
		ag := StartInProcess("congo-agent", time.Second, nil, agent.Config{Edition: r, Depth: 5})
		rep, err := match.Play(match.Match[congo.Position, congo.Move]{
			Rules:    MatchRules{r},
			Players:  [2]match.Player[congo.Position, congo.Move]{ag, NewBaseline(r)},
			Openings: Openings(r, openings),
			Games:    2 * openings,
			MaxPlies: MatchPlies,
		})
		assert.NilError(tb, err)
		assert.NilError(tb, ag.Close())
		var why []string
		for _, g := range rep.Games {
			why = append(why, fmt.Sprintf("%s %s %d", g.Result, g.Reason, g.Plies))
		}
		tb.Logf("%s: %s (%s)", r, rep.Stats, strings.Join(why, "; "))
		assert.Equal(tb, len(rep.Games), 2*openings)
		assert.Equal(tb, rep.Stats.Losses, 0, "%s: %s", r, strings.Join(why, "; "))
		if score {
			assert.Assert(tb, rep.Stats.Score() >= 0.75, "%s: %s", r, strings.Join(why, "; "))
		}
		assert.Equal(tb, rep.Forfeits, [2]int{0, 0})
	}
}

// TestSmallMatch plays the agent at depth 5 against the course baseline on
// the first opening of each edition, both colours: every move legal (no
// forfeit), every game recorded, no loss. The strength measurement, four
// openings per edition with at least 75% for the agent, is
// BenchmarkSmallMatch; the full match is cmd/congo-strength
// (docs/engine/congo.md).
func TestSmallMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	smallMatch(t, 1, false)
}

// BenchmarkSmallMatch is the small acceptance match (formerly the test's):
// the agent at depth 5 against the course baseline on the first four
// openings of each edition, both colours; it must not lose, and must score
// at least 75%. Run it with go test -run '^$' -bench SmallMatch
// ./pkg/congo/arena.
func BenchmarkSmallMatch(b *testing.B) {
	for b.Loop() {
		smallMatch(b, 4, true)
	}
}

// TestProgramPlayerProgram runs the player against this test binary acting
// as a congo-agent program (see TestMain), for the process plumbing.
func TestProgramPlayerProgram(t *testing.T) {
	exe, err := os.Executable()
	assert.NilError(t, err)
	t.Setenv(agentEnv, "1")
	pp, err := StartProgram("prog", 0, nil, exe, "-depth", "1")
	assert.NilError(t, err)
	rep, err := match.Play(match.Match[congo.Position, congo.Move]{
		Rules:    MatchRules{congo.Edition2022},
		Players:  [2]match.Player[congo.Position, congo.Move]{pp, NewBaseline(congo.Edition2022)},
		Openings: Openings(congo.Edition2022, 1),
		Games:    2,
		MaxPlies: 6,
	})
	assert.NilError(t, err)
	assert.NilError(t, pp.Close())
	for _, g := range rep.Games {
		assert.Assert(t, g.Reason == "ply limit" || g.Reason == "lion captured", g.Reason)
	}
	_, err = StartProgram("none", 0, nil, filepath.Join(t.TempDir(), "missing"))
	assert.ErrorContains(t, err, "start")
}

// agentEnv makes the test binary run as congo-agent.
const agentEnv = "CONGO_AGENT_TEST_PROGRAM"

func TestMain(m *testing.M) {
	if os.Getenv(agentEnv) != "" {
		os.Exit(agent.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestCoursePlayers checks the course players against the searches they
// stand for: the baseline plays baseline's chooser's move, minimax plays
// congo-minimax's root move, and both count the nodes they search.
func TestCoursePlayers(t *testing.T) {
	for _, r := range []congo.Edition{congo.Edition2021, congo.Edition2022} {
		for _, p := range Openings(r, 3) {
			turn := &match.Turn[congo.Position, congo.Move]{Start: p, Pos: p}
			b := NewBaseline(r)
			assert.Equal(t, b.Name(), "baseline")
			m, err := b.Move(turn)
			assert.NilError(t, err)
			want, ok := baseline.NewChooser(r).Choose(&p)
			assert.Assert(t, ok)
			assert.Equal(t, m, want, "%s %s", r, p.String())
			n := b.Nodes()
			assert.Assert(t, n > 0)
			b.Move(turn)
			assert.Equal(t, b.Nodes(), 2*n)

			mm := NewMinimax("mm", r, 2)
			m, err = mm.Move(turn)
			assert.NilError(t, err)
			res := congo.NewMinimax(r).Minimax(p, 2)
			assert.Equal(t, m, res.Move)
			assert.Equal(t, mm.Nodes(), res.Nodes)
		}
	}
}

// TestInProcessNodes: the in-process protocol player replies the agent's
// move and counts the nodes of the agent's search.
func TestInProcessNodes(t *testing.T) {
	p := Openings(congo.Edition2022, 1)[0]
	pp := StartInProcess("agent", time.Second, nil, agent.Config{Edition: congo.Edition2022, Depth: 4})
	pp.NewGame(0)
	m, err := pp.Move(&match.Turn[congo.Position, congo.Move]{Start: p, Pos: p})
	assert.NilError(t, err)
	assert.NilError(t, pp.Close())

	a := agent.New(agent.Config{Edition: congo.Edition2022, Depth: 4})
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	_, err = a.Handle("position "+p.String()+"\n", 1, w, io.Discard)
	assert.NilError(t, err)
	want, ok := a.Think(0, nil)
	assert.Assert(t, ok)
	res, _ := a.Last()
	assert.Equal(t, m, want)
	assert.Equal(t, pp.Nodes(), res.Nodes)
	assert.Assert(t, pp.Nodes() > 0)
	assert.Equal(t, pp.Replies, 1)
}

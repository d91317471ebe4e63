package toolkit

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/gamekit"
	"github.com/gamesearch/gamesearch/pkg/games"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
	"gotest.tools/v3/assert"
)

// This file is a newcomer's game defined in a test alone: Nim with one
// heap, each move taking 1 to 3 stones, who takes the last stone wins. It
// goes through the generic adapters (kit.Basic, kit.BasicMatch,
// match.CoursePlayer, check.Stdout, kit.BasicExplorer), as a new game's
// gamedef would. Its graded program, nim-best, reads a number of stones on
// stdin and prints the number to take (the first of the best) and the
// nodes its minimax entered, root included.

// nimPos is a heap and the player to move (0 or 1).
type nimPos struct{ stones, toMove int }

// nimMove is the number of stones taken.
type nimMove int

// nimGame is Nim for the course search, in negamax form.
type nimGame struct{}

func (nimGame) Terminal(p *nimPos) bool { return p.stones == 0 }

func (nimGame) Moves(p *nimPos, buf []nimMove) []nimMove {
	for k := 1; k <= min(3, p.stones); k++ {
		buf = append(buf, nimMove(k))
	}
	return buf
}

func (nimGame) Play(dst, p *nimPos, m nimMove) { *dst = nimPos{p.stones - int(m), 1 - p.toMove} }

// Evaluate: the side to move with no stone left has lost.
func (nimGame) Evaluate(p *nimPos) search.Value {
	if p.stones == 0 {
		return -1
	}
	return 0
}

func (nimGame) CountReplies(p *nimPos, m nimMove) int {
	if left := p.stones - int(m); left > 0 {
		return min(3, left)
	}
	return -1
}

// nimRules are the match rules.
type nimRules struct{}

func (nimRules) ToMove(p *nimPos) int { return p.toMove }

func (nimRules) Result(p *nimPos) (bool, int, string) {
	return p.stones == 0, 1 - p.toMove, "last stone taken"
}

func (nimRules) Legal(p *nimPos, m nimMove) bool { return m >= 1 && m <= 3 && int(m) <= p.stones }

func (nimRules) Play(p *nimPos, m nimMove) nimPos { return nimPos{p.stones - int(m), 1 - p.toMove} }

func (nimRules) Over(p *nimPos) bool { return p.stones == 0 }

func (nimRules) Moves(p *nimPos, buf []nimMove) []nimMove { return nimGame{}.Moves(p, buf) }

func nimLabel(m nimMove) string { return strconv.Itoa(int(m)) }

// nimParse reads a POSITION: "start" (12 stones) or a number of stones.
func nimParse(arg string, _ io.Reader) (nimPos, error) {
	if arg == "start" {
		return nimPos{stones: 12}, nil
	}
	n, err := strconv.Atoi(arg)
	if err != nil || n < 0 || n > 99 {
		return nimPos{}, fmt.Errorf("POSITION: %q is not a number of stones from 0 to 99", arg)
	}
	return nimPos{stones: n}, nil
}

// nimBest is nim-best in-process, the program the explorer runs.
func nimBest(_ []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var stones int
	if _, err := fmt.Fscan(stdin, &stones); err != nil || stones < 1 || stones > 99 {
		fmt.Fprintln(stderr, "nim-best: want a number of stones from 1 to 99")
		return 2
	}
	r := nimSearcher().Minimax(nimPos{stones: stones}, stones)
	fmt.Fprintf(stdout, "%d\n%d\n", r.Move, r.Nodes)
	return 0
}

// nimSearcher returns the course search of Nim.
func nimSearcher() *search.Searcher[nimPos, nimMove, nimGame] {
	return search.New[nimPos, nimMove](nimGame{}, search.Options{Perspective: search.SideToMove})
}

// nimColors name the players.
var nimColors = [2]string{"First", "Second"}

// nimDef is the registration, as pkg/nim/gamedef would hold it.
var nimDef = &gamekit.Game{
	Name: "nim", Title: "Nim",
	Tools: (&kit.Basic[nimPos, nimMove, nimGame]{
		Notation:  "Nim: POSITION is a number of stones or start (12); a move takes 1 to 3.",
		Parse:     nimParse,
		TreeDepth: 4,
		TreeTitle: func(p *nimPos, ab bool, d int) string {
			return fmt.Sprintf("Nim: %d stones, %s depth %d", p.stones, kit.AlgoName(ab), d)
		},
		Play: kit.Play[nimPos, nimMove, nimGame]{
			Colors: [2]string{"First", "Second"},
			ToMove: func(p *nimPos) int { return p.toMove },
			Label:  nimLabel,
			Draw:   func(w io.Writer, p *nimPos, _ int) { fmt.Fprintf(w, "%d stones\n", p.stones) },
			Over: func(p *nimPos, _ int) (string, bool) {
				return []string{"First", "Second"}[1-p.toMove] + " wins.", p.stones == 0
			},
			Options: search.Options{Perspective: search.SideToMove},
			Engine:  "alpha-beta", Depth: 12,
		},
	}).Tools,
	Match: (&kit.BasicMatch[nimPos, nimMove]{
		Name: "nim", Notes: "minimax[:depth=D], alphabeta[:depth=D]: the course search.",
		Rules: nimRules{}, Colors: [2]string{"First", "Second"}, Label: nimLabel,
		Openings: func(plies int) []nimPos {
			return match.Enumerate[nimPos, nimMove](nimRules{}, nimPos{stones: 12}, plies)
		},
		Start: func(s string) (nimPos, error) { return nimParse(s, nil) },
		Kinds: kit.PlayerKinds[nimPos, nimMove]{Course: kit.Course(nimSearcher), Depth: 12, MaxDepth: 99},
	}).Game(),
	Check: []*check.Family{(&check.Stdout{
		Title: "Nim",
		Programs: []*check.Program{{Name: "nim-best", Exact: true, PerCase: 5 * time.Second,
			About: "Nim: stones on stdin, the stones to take and the nodes entered out"}},
		Corpus: "nim",
		Input:  func(seed uint64) []byte { return fmt.Appendf(nil, "%d\n", 1+seed%12) },
		Reference: func(_ *check.Program, in []byte) (string, error) {
			p, err := nimParse(strings.TrimSpace(string(in)), nil)
			if err != nil {
				return "", err
			}
			r := nimSearcher().Minimax(p, p.stones)
			return fmt.Sprintf("%d\n%d\n", r.Move, r.Nodes), nil
		},
	}).Family()},
	Explorer: (&kit.BasicExplorer[nimPos, nimMove, nimGame]{
		Name: "nim", Title: "Nim",
		Notation: "A number of stones from 1 to 99; a move takes 1 to 3 stones, who takes the last wins. nim-best searches to the end.",
		Example:  "5\n",
		Programs: []kit.ExploreProgram{{Run: nimBest, Program: explorer.Program{Name: "nim-best", Algorithm: "minimax",
			MaxDepth: 99, FixedDepth: true, Output: "stdout", Count: "nodes"}}},
		Parse: func(in string) (nimGame, nimPos, error) {
			n, err := strconv.Atoi(strings.TrimSpace(in))
			if err == nil && (n < 1 || n > 99) {
				err = fmt.Errorf("%d stones", n)
			}
			return nimGame{}, nimPos{stones: n}, err
		},
		Depth:   func(_ explorer.Query, _ nimGame, p *nimPos) (int, error) { return p.stones, nil },
		Options: search.Options{Perspective: search.SideToMove},
		Label:   func(_ nimGame, _ *nimPos, m nimMove) string { return nimLabel(m) },
		Board: func(_ nimGame, p *nimPos) *explorer.Board {
			b := &explorer.Board{Width: p.stones, Height: 1, Ranks: []string{""}, ToMove: nimColors[p.toMove], Info: fmt.Sprintf("%d stones", p.stones)}
			for i := range p.stones {
				b.Square = append(b.Square, explorer.Square{Name: strconv.Itoa(i + 1), X: i, Piece: "o"})
			}
			return b
		},
		Command: func(q explorer.Query, prog explorer.Program, _ int) string {
			return fmt.Sprintf("printf %s | %s", explorer.PrintfArg(q.Input), prog.Name)
		},
		RunTitle: func(prog explorer.Program, _ nimGame, p *nimPos, depth int) string {
			return fmt.Sprintf("%s: minimax of %d stones, depth %d", prog.Name, p.stones, depth)
		},
		Play: &kit.ExplorePlay[nimPos, nimMove, nimGame]{
			Start: nimPos{stones: 12},
			State: func(p nimPos) string { return fmt.Sprintf("%d %d", p.stones, p.toMove) },
			ReadState: func(s string) (p nimPos, err error) {
				if _, err = fmt.Sscanf(s, "%d %d", &p.stones, &p.toMove); err == nil && (p.stones < 0 || p.stones > 99 || p.toMove&^1 != 0) {
					err = fmt.Errorf("%q: want stones from 0 to 99 and the player to move, 0 or 1", s)
				}
				return p, err
			},
			Over: func(p *nimPos) string {
				if p.stones > 0 {
					return ""
				}
				return nimColors[1-p.toMove] + " wins."
			},
		},
	}).Game(),
}

// TestNimProgram is not a test: run as "TEST -test.run=^TestNimProgram$
// nim-program [MISTAKE]" (TestNewGame's check does), the test binary is a
// student's nim-best, with MISTAKE "noroot" not counting the root.
func TestNimProgram(t *testing.T) {
	if flag.Arg(0) != "nim-program" {
		t.Skip("the nim-best program of TestNewGame's check")
	}
	var stones int
	if _, err := fmt.Fscan(os.Stdin, &stones); err != nil || stones < 1 {
		fmt.Fprintln(os.Stderr, "nim-best: want a number of stones")
		os.Exit(2)
	}
	var nodes int
	var negamax func(n int) (value, best int)
	negamax = func(n int) (value, best int) {
		nodes++
		if n == 0 {
			return -1, 0
		}
		value = -2
		for k := 1; k <= min(3, n); k++ {
			if v, _ := negamax(n - k); -v > value {
				value, best = -v, k
			}
		}
		return value, best
	}
	_, best := negamax(stones)
	if flag.Arg(1) == "noroot" {
		nodes--
	}
	fmt.Printf("%d\n%d\n", best, nodes)
	os.Exit(0)
}

// nimLeaves counts the move sequences of exactly depth moves from stones
// (a finished game stops), the perft the tools must print.
func nimLeaves(stones, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for k := 1; k <= min(3, stones); k++ {
		n += nimLeaves(stones-k, depth-1)
	}
	return n
}

// TestNewGame registers Nim for this test only and runs perft, tree, play,
// match and check on it through gamesearch.
func TestNewGame(t *testing.T) {
	saved := games.All
	games.All = append(games.All[:len(games.All):len(games.All)], nimDef)
	t.Cleanup(func() { games.All = saved })

	out := mustRun(t, "", "perft", "nim", "start", "5", "-divide")
	want := fmt.Sprintf("1: %d\n2: %d\n3: %d\n\ntotal: %d\n", nimLeaves(11, 4), nimLeaves(10, 4), nimLeaves(9, 4), nimLeaves(12, 5))
	assert.Equal(t, out, want)
	_, errs, code := runCmd(t, "", "perft", "nim", "x", "2")
	assert.Equal(t, code, 2)
	assert.Equal(t, errs, "gamesearch perft: POSITION: \"x\" is not a number of stones from 0 to 99\n")

	// The tree has the minimax's node count: 1 + 3 + 9 + 27 from 12 stones at depth 3.
	out = mustRun(t, "", "tree", "nim", "start", "-depth", "3")
	assert.Assert(t, strings.HasPrefix(out, "Nim: 12 stones, minimax depth 3\n"), out)
	assert.Assert(t, strings.Contains(out, "40 nodes"), out)

	// Play: 12 stones is lost for the first player; the engine (second)
	// answers every move with 4 minus it and takes the last stone.
	out = mustRun(t, "1\n1\n1\n", "play", "nim", "-depth", "12")
	assert.Assert(t, strings.Contains(out, "Engine (Second) plays 3"), out)
	assert.Assert(t, strings.Contains(out, "Second wins."), out)

	// Two perfect players: the second wins every game from 12 stones.
	out = mustRun(t, "", "match", "nim", "alphabeta", "minimax", "-plies", "0", "-games", "2", "-quiet")
	assert.Assert(t, strings.Contains(out, "result for A: W 1 D 0 L 1"), out)
	_, errs, code = runCmd(t, "", "match", "nim", "engine", "minimax")
	assert.Equal(t, code, 2)
	assert.Equal(t, errs, "gamesearch match: player \"engine\": unknown player \"engine\" for nim (want minimax or alphabeta)\n")

	// Check: a corpus of one case (5 stones: take 1, leaving 4, a loss;
	// the tree has T(5) = 28 nodes, T(n) = 1 + T(n-1) + T(n-2) + T(n-3)),
	// random cases and the student's program, the test binary acting as
	// nim-best; the same program without the root counted fails.
	dir, corpus := t.TempDir(), t.TempDir()
	assert.NilError(t, os.Mkdir(filepath.Join(corpus, "nim"), 0o755))
	assert.NilError(t, os.WriteFile(filepath.Join(corpus, "nim", "five.in"), []byte("5\n"), 0o644))
	assert.NilError(t, os.WriteFile(filepath.Join(corpus, "nim", "five.out"), []byte("1\n28\n"), 0o644))
	self, err := os.Executable()
	assert.NilError(t, err)
	bin := filepath.Join(dir, "nim-best")
	assert.NilError(t, testutil.CopyExecutable(bin, self))
	student := []string{"--", bin, "-test.run=^TestNimProgram$", "nim-program"}
	out = mustRun(t, "", append([]string{"check", "nim-best", "-n", "20", "-corpus", corpus, "-dir", dir}, student...)...)
	assert.Assert(t, strings.Contains(out, "public  1/1 passed\nrandom  20/20 passed\n"), out)
	out, _, code = runCmd(t, "", append([]string{"check", "nim-best", "-n", "3", "-corpus", corpus, "-dir", dir}, append(student, "noroot")...)...)
	assert.Equal(t, code, 1, out)
	assert.Assert(t, strings.Contains(out, "FAIL public five: stdout line 2: want \"28\", got \"27\"\n"), out)
}

// TestNewGameExplorer: Nim answers the explorer's API through
// kit.BasicExplorer: nim-best's run on 5 stones (its output, the recorded
// tree of 28 nodes and its principal variation: take 1, then any, then the
// last 3), the position's moves, a bad input in the program's words, no
// editing, and play (a bad state, the course search's reply, the end).
func TestNewGameExplorer(t *testing.T) {
	ts := httptest.NewServer(explorer.NewServer([]explorer.Game{nimDef.Explorer}, explorer.Config{}))
	defer ts.Close()
	get := func(path string, q url.Values, v any) (int, string) {
		t.Helper()
		resp, err := http.Get(ts.URL + path + "?" + q.Encode())
		assert.NilError(t, err)
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		assert.NilError(t, err)
		if resp.StatusCode == 200 && v != nil {
			assert.NilError(t, json.Unmarshal(body, v), string(body))
		}
		return resp.StatusCode, string(body)
	}
	five := url.Values{"program": {"nim-best"}, "input": {"5\n"}}
	var run struct {
		Stdout, Value, Algorithm, Command, Title string
		Nodes, Entered, Cuts                     int
		PV                                       []string
	}
	status, body := get("/api/run", five, &run)
	assert.Equal(t, status, 200, body)
	assert.Equal(t, run.Stdout, "1\n28\n")
	assert.Equal(t, run.Nodes, 28)
	assert.Equal(t, run.Entered, 28)
	assert.Equal(t, run.Cuts, 0)
	assert.Equal(t, run.Value, "1")
	assert.Equal(t, run.Algorithm, "minimax")
	assert.DeepEqual(t, run.PV, []string{"1", "1", "3"})
	assert.Equal(t, run.Command, `printf '5\n' | nim-best`)
	assert.Equal(t, run.Title, "nim-best: minimax of 5 stones, depth 5")

	// The root's children: taking 1 wins, 2 and 3 lose.
	var kids struct {
		Children []struct{ Move, Value string }
	}
	status, body = get("/api/children", url.Values{"program": {"nim-best"}, "input": {"5\n"}, "node": {"1"}}, &kids)
	assert.Equal(t, status, 200, body)
	assert.DeepEqual(t, kids.Children, []struct{ Move, Value string }{{"1", "1"}, {"2", "-1"}, {"3", "-1"}})

	var b explorer.Board
	status, body = get("/api/position", five, &b)
	assert.Equal(t, status, 200, body)
	assert.Equal(t, len(b.Square), 5)
	assert.DeepEqual(t, b.Moves, []explorer.Move{{Text: "1"}, {Text: "2"}, {Text: "3"}})
	status, body = get("/api/position", url.Values{"program": {"nim-best"}, "input": {"x"}}, nil)
	assert.Equal(t, status, 400)
	assert.Equal(t, body, "nim-best: want a number of stones from 1 to 99\n")

	status, body = get("/api/edit", url.Values{"program": {"nim-best"}, "input": {"5"}, "square": {"1"}, "piece": {""}}, nil)
	assert.Equal(t, status, 400)
	assert.Equal(t, body, "positions are typed, not set up on the board\n")

	// Play: a new game has 12 stones, the first to move; from 5 the
	// course search's reply takes 1, leaving 4 to the second.
	status, body = get("/api/play/start", url.Values{"game": {"nim"}}, &b)
	assert.Equal(t, status, 200, body)
	assert.Equal(t, b.State, "12 0")
	status, body = get("/api/play/state", url.Values{"game": {"nim"}, "state": {"5 7"}}, nil)
	assert.Equal(t, status, 400)
	assert.Equal(t, body, "state: \"5 7\": want stones from 0 to 99 and the player to move, 0 or 1\n")
	status, body = get("/api/play/think", url.Values{"game": {"nim"}, "state": {"5 0"}, "engine": {"course"}, "depth": {"5"}}, nil)
	assert.Equal(t, status, 200, body)
	// One line per depth that changes the score: 0 at depth 1 (no end in
	// sight), the win from depth 3; then the reply.
	lines := strings.Split(strings.TrimSpace(body), "\n")
	assert.Equal(t, len(lines), 3, body)
	assert.Equal(t, lines[1], `{"iteration":{"depth":3,"score":"1","pv":["1"],"nodes":31,"move":"1"}}`)
	var reply struct{ Reply explorer.Reply }
	assert.NilError(t, json.Unmarshal([]byte(lines[2]), &reply))
	assert.Equal(t, reply.Reply, explorer.Reply{Move: "1", Depth: 5, State: "4 1"})
	status, body = get("/api/play/move", url.Values{"game": {"nim"}, "state": {"3 1"}, "move": {"3"}}, &b)
	assert.Equal(t, status, 200, body)
	assert.Equal(t, b.State, "0 0")
	assert.Equal(t, b.Over, "Second wins.")
	assert.Equal(t, len(b.Moves), 0)
}

package explorer_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/congo/cli"
	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/games"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/player"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"gotest.tools/v3/assert"
)

// newServer starts the explorer of the four games with cfg.
func newServer(t *testing.T, cfg explorer.Config) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(explorer.NewServer(games.Explorers(), cfg))
	t.Cleanup(ts.Close)
	return ts
}

// runResult is the part of /api/run's answer the tests read.
type runResult struct {
	Stdout  string `json:"stdout"`
	Nodes   uint64 `json:"nodes"`
	Entered uint64 `json:"entered"`
	Evals   uint64 `json:"evaluations"`
	Events  int    `json:"events"`
	Tree    struct {
		Size int `json:"size"`
	} `json:"tree"`
}

// get requests path with the form values and returns the status and body.
func get(t *testing.T, ts *httptest.Server, path string, form url.Values) (int, string) {
	t.Helper()
	resp, err := http.PostForm(ts.URL+path, form)
	assert.NilError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	assert.NilError(t, err)
	return resp.StatusCode, string(body)
}

// apiRun calls /api/run and decodes a 200 answer.
func apiRun(t *testing.T, ts *httptest.Server, program, input string, depth int) runResult {
	t.Helper()
	form := url.Values{"program": {program}, "input": {input}}
	if depth > 0 {
		form.Set("depth", strconv.Itoa(depth))
	}
	status, body := get(t, ts, "/api/run", form)
	assert.Equal(t, status, http.StatusOK, "%s on %q: %s", program, input, body)
	var r runResult
	assert.NilError(t, json.Unmarshal([]byte(body), &r))
	assert.Equal(t, uint64(r.Tree.Size), r.Entered, "the tree's nodes are the search's")
	assert.Equal(t, r.Events, 2*r.Tree.Size)
	return r
}

// own runs a program's entry point and returns its stdout and stderr.
func own(t *testing.T, run func([]string, io.Reader, io.Writer, io.Writer) int, args []string, stdin string) (string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	status := run(args, strings.NewReader(stdin), &out, &errOut)
	assert.Equal(t, status, 0, errOut.String())
	return out.String(), errOut.String()
}

// congoInputs are the README's FENs and positions of random games.
func congoInputs(rng *rand.Rand, n int) []string {
	in := []string{"3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4", "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12",
		"2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4", "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35"}
	for range n {
		p, _ := congo.ParseFEN(congo.StartFEN(congo.Edition2022))
		for range 4 + rng.IntN(30) {
			var buf [congo.MaxMoves]congo.Move
			list := p.GenerateMoves(buf[:0])
			if len(list) == 0 || p.LionMissing() {
				break
			}
			var next congo.Position
			p.Play(&next, list[rng.IntN(len(list))], congo.Edition2022)
			p = next
		}
		in = append(in, p.String())
	}
	return in
}

func TestCongoRunIsTheProgram(t *testing.T) {
	ts := newServer(t, explorer.Config{})
	rng := rand.New(rand.NewPCG(19, 1))
	for _, fen := range congoInputs(rng, 3) {
		for _, prog := range []*cli.Program{cli.Minimax, cli.AlphaBeta} {
			name, ab, depth, ed := "congo-minimax", false, 2, congo.Edition2022
			if prog == cli.AlphaBeta {
				name, ab, depth, ed = "congo-alphabeta", true, 4, congo.Edition2021
			}
			r := apiRun(t, ts, name, fen, 0)
			want, _ := own(t, prog.Run, nil, "1\n"+fen+"\n")
			assert.Equal(t, r.Stdout, want, "%s %s", name, fen)
			p, _ := congo.ParseFEN(fen)
			res := search.New[congo.Position, congo.Move](congo.NewCourseGame(ed, ab), congo.CourseOptions(ab))
			var sr search.Result[congo.Move]
			if ab {
				sr = res.AlphaBeta(p, depth)
			} else {
				sr = res.Minimax(p, depth)
			}
			assert.Equal(t, r.Nodes, sr.Nodes, "%s %s", name, fen)
		}
	}
}

// morrisEvaluated reads the count of a Morris program's output.
var morrisEvaluated = regexp.MustCompile(`Positions evaluated by static estimation: (\d+)\.`)

func TestMorrisRunIsTheProgram(t *testing.T) {
	ts := newServer(t, explorer.Config{})
	rng := rand.New(rand.NewPCG(19, 2))
	inputs := []string{"xxxxxxxxWWxWWxBBBxxxxx"}
	for range 3 {
		b := []byte(strings.Repeat("x", 22))
		for range 3 + rng.IntN(12) {
			b[rng.IntN(len(b))] = "WB"[rng.IntN(2)]
		}
		inputs = append(inputs, string(b))
	}
	dir := t.TempDir()
	for k, in := range inputs {
		for i, p := range morris.Programs {
			if k > 0 && i%2 != k%2 {
				continue // half the programs on each random board
			}
			depth := 1 + (k+i)%3
			r := apiRun(t, ts, p.Name, in, depth)
			inFile, outFile := filepath.Join(dir, "in.txt"), filepath.Join(dir, "out.txt")
			assert.NilError(t, os.WriteFile(inFile, []byte(in+"\n"), 0o600))
			want, _ := own(t, p.Run, []string{inFile, outFile, strconv.Itoa(depth)}, "")
			assert.Equal(t, r.Stdout, want, "%s %s %d", p.Name, in, depth)
			m := morrisEvaluated.FindStringSubmatch(want)
			assert.Assert(t, m != nil, want)
			assert.Equal(t, strconv.FormatUint(r.Nodes, 10), m[1], "the tree's evaluations are the program's")
			assert.Equal(t, r.Evals, r.Nodes)
		}
	}
	// The README's figure.
	assert.Equal(t, apiRun(t, ts, "ABGame", "xxxxxxxxWWxWWxBBBxxxxx", 3).Nodes, uint64(453))
}

// scRandom returns a random Star/Circle input.
func scRandom(rng *rand.Rand) string {
	var b strings.Builder
	b.WriteString([]string{"Star\n", "Circle\n"}[rng.IntN(2)])
	b.WriteString([]string{"MINIMAX\n", "ALPHABETA\n"}[rng.IntN(2)])
	fmt.Fprintf(&b, "%d\n", 1+rng.IntN(4))
	stars, circles := 0, 0
	for row := 7; row >= 0; row-- {
		for col := range 8 {
			if col > 0 {
				b.WriteByte(',')
			}
			cell := "0"
			if (row+col+1)%2 == 1 && row > 0 && row < 7 && rng.IntN(5) == 0 {
				if rng.IntN(2) == 0 {
					cell, stars = "S1", stars+1
				} else {
					cell, circles = "C1", circles+1
				}
			}
			if row == 1 && col == 0 && stars == 0 {
				cell = "0"
			}
			b.WriteString(cell)
		}
		b.WriteByte('\n')
	}
	b.WriteString("1,2,3,4,5,6,7,8\n")
	s := b.String()
	if stars == 0 || circles == 0 {
		return scRandom(rng)
	}
	return s
}

func TestStarCircleRunIsTheProgram(t *testing.T) {
	ts := newServer(t, explorer.Config{})
	root := testutil.RepoRoot(t)
	var inputs []string
	for i := 1; i <= 5; i++ {
		data, err := os.ReadFile(filepath.Join(root, "testdata", "starcircle", fmt.Sprintf("handout_ex%d.input.txt", i)))
		assert.NilError(t, err)
		inputs = append(inputs, string(data))
	}
	rng := rand.New(rand.NewPCG(19, 3))
	for range 6 {
		inputs = append(inputs, scRandom(rng))
	}
	ran := 0
	for _, in := range inputs {
		if _, err := starcircle.Parse([]byte(in)); err != nil {
			t.Logf("refused: %v", err)
			continue // a random board the homework refuses
		}
		ran++
		r := apiRun(t, ts, "starcircle", in, 0)
		want, _ := own(t, starcircle.Run, []string{"-i", "-", "-o", "-"}, in)
		assert.Equal(t, r.Stdout, want, in)
		lines := strings.Split(want, "\n")
		assert.Equal(t, strconv.FormatUint(r.Nodes, 10), lines[len(lines)-1], "the tree's nodes are output.txt's")
	}
	assert.Assert(t, ran >= 9, "%d inputs run", ran)
}

// minichessNodes reads the last -v line's node count.
var minichessNodes = regexp.MustCompile(`depth (\d+) score -?\d+ nodes (\d+) `)

func TestMiniChessRunIsTheProgram(t *testing.T) {
	ts := newServer(t, explorer.Config{})
	rng := rand.New(rand.NewPCG(19, 4))
	start := minichess.StartPosition()
	inputs := []string{string(start.AppendState(nil))}
	for range 3 {
		n := start.Node()
		for range 2 + rng.IntN(16) {
			var buf [minichess.MaxMoves]minichess.Move
			list, _ := n.LegalMoves(buf[:0])
			if len(list) == 0 || n.Status() == minichess.Win {
				break
			}
			var next minichess.Node
			n.Play(&next, list[rng.IntN(len(list))])
			n = next
		}
		p := n.Position()
		inputs = append(inputs, string(p.AppendState(nil)))
	}
	dir := t.TempDir()
	for k, in := range inputs {
		for _, prog := range []player.Program{player.MinimaxPlayer, player.AlphaBetaPlayer} {
			depth := 2 + k%3
			r := apiRun(t, ts, prog.Name, in, depth)
			state, action := filepath.Join(dir, "state"), filepath.Join(dir, "action")
			assert.NilError(t, os.WriteFile(state, []byte(in), 0o600))
			_, stderr := own(t, prog.Run, []string{"-v", "-depth", strconv.Itoa(depth), "-time", "0", state, action}, "")
			want, err := os.ReadFile(action)
			assert.NilError(t, err)
			assert.Equal(t, r.Stdout, string(want), "%s %q", prog.Name, in)
			all := minichessNodes.FindAllStringSubmatch(stderr, -1)
			if len(all) == 0 {
				continue // a root answered without searching
			}
			last := all[len(all)-1]
			assert.Equal(t, last[1], strconv.Itoa(depth))
			assert.Equal(t, strconv.FormatUint(r.Nodes, 10), last[2], "the tree's nodes are the last iteration's")
		}
	}
}

// TestCongoAnyDepth: congo-minimax and congo-alphabeta, which search depth
// 2 and 4 only, run in the explorer at other depths with their own
// searches (value and node count), at their own depth as the programs.
func TestCongoAnyDepth(t *testing.T) {
	ts := newServer(t, explorer.Config{})
	fen := "2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4"
	p, err := congo.ParseFEN(fen)
	assert.NilError(t, err)
	for _, c := range []struct {
		program string
		ab      bool
		ed      congo.Edition
		depth   int
	}{{"congo-minimax", false, congo.Edition2022, 1}, {"congo-minimax", false, congo.Edition2022, 3},
		{"congo-alphabeta", true, congo.Edition2021, 2}, {"congo-alphabeta", true, congo.Edition2021, 5}} {
		r := apiRun(t, ts, c.program, fen, c.depth)
		s := search.New[congo.Position, congo.Move](congo.NewCourseGame(c.ed, c.ab), congo.CourseOptions(c.ab))
		var want search.Result[congo.Move]
		if c.ab {
			want = s.AlphaBeta(p, c.depth)
		} else {
			want = s.Minimax(p, c.depth)
		}
		assert.Equal(t, r.Stdout, fmt.Sprintf("%d\n", want.Value), "%s depth %d", c.program, c.depth)
		assert.Equal(t, r.Nodes, want.Nodes, "%s depth %d", c.program, c.depth)
	}
	r := apiRun(t, ts, "congo-alphabeta", fen, 4)
	stdout, _ := own(t, cli.AlphaBeta.Run, nil, "1\n"+fen+"\n")
	assert.Equal(t, r.Stdout, stdout)
	status, body := get(t, ts, "/api/run", url.Values{"program": {"congo-alphabeta"}, "input": {fen}, "depth": {"9"}})
	assert.Equal(t, status, http.StatusBadRequest)
	assert.Equal(t, body, "depth 9: the explorer shows congo-alphabeta up to depth 8\n")
}

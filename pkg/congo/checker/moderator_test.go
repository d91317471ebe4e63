package checker

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"gotest.tools/v3/assert"
)

// process is a program the moderator talks to through pipes, one line per
// request, as the course's runner does; its stderr is kept for the test
// (the runner never reads it).
type process struct {
	name   string
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  chan string
	stderr strings.Builder
}

// start runs argv.
func start(t *testing.T, name string, argv ...string) *process {
	t.Helper()
	p := &process{name: name, cmd: exec.Command(argv[0], argv[1:]...), lines: make(chan string, 1)}
	p.cmd.Stderr = &p.stderr
	var err error
	p.in, err = p.cmd.StdinPipe()
	assert.NilError(t, err)
	out, err := p.cmd.StdoutPipe()
	assert.NilError(t, err)
	assert.NilError(t, p.cmd.Start())
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	t.Cleanup(func() {
		p.in.Close()
		for range p.lines {
		}
		p.cmd.Wait()
	})
	return p
}

// send writes lines, each with its line end.
func (p *process) send(t *testing.T, lines ...string) {
	t.Helper()
	for _, l := range lines {
		_, err := io.WriteString(p.in, l+"\n")
		assert.NilError(t, err, "%s: %s", p.name, l)
	}
}

// read returns the next line (the course's runner waits as long as it
// takes; the test gives up after a minute).
func (p *process) read(t *testing.T) string {
	t.Helper()
	select {
	case l, ok := <-p.lines:
		if !ok {
			t.Fatalf("%s ended; stderr %q", p.name, p.stderr.String())
		}
		return l
	case <-time.After(time.Minute):
		t.Fatalf("%s: no reply", p.name)
	}
	return ""
}

// result is how a moderated game ended.
type result struct {
	winner string // "white", "black" or "" for a draw
	reason string
	plies  int
	moves  []string
	final  string
}

// maxPlies is the moderator's move limit: 100 moves by each side.
const maxPlies = 200

// moderate plays one game from fen between white and black as the course's
// runner does: newgame and position to both players, then for each turn
// "go <seconds>" to the side to move, the checker's legal moves of the
// position (multi-line request) to check the reply, the checker's next
// position (multi-line request), and "moves <move>" to the other player.
// The game ends when the checker lists no move (a lion was captured: the
// side that still has its lion wins; otherwise the side to move cannot
// move: draw), when only the two lions remain (draw), or at maxPlies
// (draw). An illegal reply fails the test.
func moderate(t *testing.T, checker, white, black *process, fen, seconds string) result {
	t.Helper()
	players := [2]*process{white, black}
	for _, p := range players {
		p.send(t, "newgame", "position "+fen)
	}
	var res result
	for ; ; res.plies++ {
		checker.send(t, "moves", fen)
		legal := strings.Fields(checker.read(t))
		pos, err := congo.ParseFEN(fen)
		assert.NilError(t, err, "checker's FEN %q", fen)
		switch {
		case len(legal) == 0 && pos.Pieces(congo.Black, congo.Lion) == 0:
			res.winner, res.reason = "white", "lion captured"
		case len(legal) == 0 && pos.Pieces(congo.White, congo.Lion) == 0:
			res.winner, res.reason = "black", "lion captured"
		case len(legal) == 0:
			res.reason = "no legal move"
		case pos.Occupied() == pos.KindSet(congo.Lion):
			res.reason = "only the two lions"
		case res.plies == maxPlies:
			res.reason = "move limit"
		}
		if res.reason != "" {
			res.final = fen
			return res
		}
		mover := players[pos.Side]
		mover.send(t, "go "+seconds)
		move := strings.TrimSpace(mover.read(t))
		if !slices.Contains(legal, move) {
			t.Fatalf("ply %d: %s played %q, not among the legal moves of %s: %v", res.plies+1, mover.name, move, fen, legal)
		}
		checker.send(t, "next", fen, move)
		fen = checker.read(t)
		players[1-pos.Side].send(t, "moves "+move)
		res.moves = append(res.moves, move)
	}
}

// TestModeratedGames plays congo-agent against congo-baseline under a
// moderator written like the course's runner, with congo-checker answering
// its legal-move and next-position requests, once with each colour (2022
// and 2021 rules). Each game must end legally with a result; the checker's
// positions are replayed independently, and none of the programs writes to
// stderr.
func TestModeratedGames(t *testing.T) {
	bin := t.TempDir()
	assert.NilError(t, testutil.BuildCommands(t, bin, nil, "congo-checker", "congo-agent", "congo-baseline"))
	for _, tc := range []struct {
		rules      congo.Edition
		agentWhite bool
	}{
		{congo.Edition2022, true},
		{congo.Edition2021, false},
	} {
		name := fmt.Sprintf("%s/agent-%s", tc.rules, map[bool]string{true: "white", false: "black"}[tc.agentWhite])
		t.Run(name, func(t *testing.T) {
			r := tc.rules.String()
			checker := start(t, "congo-checker", filepath.Join(bin, "congo-checker"), "-rules", r)
			ag := start(t, "congo-agent", filepath.Join(bin, "congo-agent"), "-rules", r)
			base := start(t, "congo-baseline", filepath.Join(bin, "congo-baseline"), "-rules", r)
			white, black := ag, base
			if !tc.agentWhite {
				white, black = base, ag
			}
			startFEN := congo.StartFEN(tc.rules)
			began := time.Now()
			res := moderate(t, checker, white, black, startFEN, "0.05")
			t.Logf("%s vs %s: winner %q (%s) after %d plies in %v; final %s",
				white.name, black.name, res.winner, res.reason, res.plies, time.Since(began).Round(time.Millisecond), res.final)

			// The result is a real end of game.
			assert.Assert(t, res.reason != "move limit" || res.plies == maxPlies)
			assert.Assert(t, res.plies > 0)
			// Replay: every move legal, the checker's final FEN is the one
			// the moves lead to, and the end agrees with the position.
			p, _ := congo.ParseFEN(startFEN)
			var q congo.Position
			for i, s := range res.moves {
				m, ok := congo.ParseMove(s)
				assert.Assert(t, ok && !p.LionMissing() && p.IsLegal(m), "ply %d: %s", i+1, s)
				p.Play(&q, m, tc.rules)
				p = q
			}
			assert.Equal(t, p.String(), res.final)
			switch res.winner {
			case "white":
				assert.Equal(t, p.Status(), congo.WhiteWins)
			case "black":
				assert.Equal(t, p.Status(), congo.BlackWins)
			default:
				assert.Equal(t, p.Status(), congo.Continue)
			}
			for _, pr := range []*process{checker, ag, base} {
				pr.send(t, "quit")
				pr.in.Close()
				for range pr.lines {
				}
				assert.NilError(t, pr.cmd.Wait(), pr.name)
				assert.Equal(t, pr.stderr.String(), "", pr.name)
			}
		})
	}
}

package toolkit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
)

// starcircleMatch is the match support of Star/Circle.
var starcircleMatch = matchGame{
	name: "starcircle",
	notes: `minimax[:depth=D], alphabeta[:depth=D]: the homework's MINIMAX / ALPHABETA (default
depth 4), utility from the mover's view. exec: the program runs in a fresh temporary
directory holding input.txt (player to move, algorithm, depth, board, row values) and must
write output.txt (first line: the move, "F4-H2" or "pass"); settings
algorithm=minimax|alphabeta (default alphabeta), depth=D (default 4), timeout=DUR (default 60s).
Openings: the 49 positions after two plies from the start (Star first, values 10..80;
-plies K: after K plies, 379 for 3), or
-start FILE (a homework input file, both colours from it). A game ends as the spec says (a
side without pieces, or two passes in a row) or at -maxplies (default 400, never reached
from the start); the sign of the utility decides it.`,
	play: playStarcircleMatch,
}

// scMatchPos is a Star/Circle position of a match: the search position, the
// stack heights (positive Star, negative Circle; external programs need
// them) and the number of plies played since the opening.
type scMatchPos struct {
	pos   starcircle.Position
	board [64]int
	plies int
}

// scRules are the match rules of Star/Circle. Colour 0 is Star, 1 Circle.
type scRules struct {
	g        starcircle.EngineGame
	maxPlies int
	buf      []starcircle.Move
}

// scDefaultMaxPlies caps a game; no game from the start position lasts that
// long (each piece moves at most seven times).
const scDefaultMaxPlies = 400

func (r *scRules) ToMove(p *scMatchPos) int { return int(p.pos.ToMove) }

func (r *scRules) Result(p *scMatchPos) (bool, int, string) {
	var why string
	switch {
	case p.pos.Pieces[starcircle.Star] == 0:
		why = "Star has no piece"
	case p.pos.Pieces[starcircle.Circle] == 0:
		why = "Circle has no piece"
	case p.pos.Over:
		why = "two passes"
	case p.plies >= r.maxPlies:
		why = fmt.Sprintf("ply cap %d", r.maxPlies)
	default:
		return false, 0, ""
	}
	switch {
	case p.pos.Score > 0:
		return true, 0, why + ", Star ahead"
	case p.pos.Score < 0:
		return true, 1, why + ", Circle ahead"
	}
	return true, -1, why + ", utility 0"
}

func (r *scRules) Legal(p *scMatchPos, m starcircle.Move) bool {
	r.buf = r.g.Moves(&p.pos, r.buf[:0])
	for _, x := range r.buf {
		if x == m {
			return true
		}
	}
	return false
}

func (r *scRules) Play(p *scMatchPos, m starcircle.Move) scMatchPos {
	q := *p
	r.g.Play(&q.pos, &p.pos, m)
	q.plies++
	if m != starcircle.Pass {
		sign := 1
		if p.pos.ToMove == starcircle.Circle {
			sign = -1
		}
		q.board[m.From()] -= sign
		q.board[m.To()] += sign
		if m.IsJump() {
			q.board[m.Jumped()] = 0
		}
	}
	return q
}

// Over, Moves: the opening helpers' view of the rules.
func (r *scRules) Over(p *scMatchPos) bool { over, _, _ := r.Result(p); return over }

func (r *scRules) Moves(p *scMatchPos, buf []starcircle.Move) []starcircle.Move {
	return r.g.Moves(&p.pos, buf)
}

func playStarcircleMatch(s *matchSettings) (*matchSummary, error) {
	if s.variant != "" {
		return nil, fmt.Errorf("-variant %q: starcircle has no variants", s.variant)
	}
	arg := s.start
	if arg == "" {
		arg = "start"
	}
	prob, err := (&starcircleAdapter{}).problem(arg, s.stdin)
	if err != nil {
		return nil, fmt.Errorf("-start %v", err)
	}
	w := starcircle.NewWeights(prob.Values)
	rules := &scRules{g: starcircle.NewEngineGame(w), maxPlies: s.maxPlies}
	if rules.maxPlies == 0 {
		rules.maxPlies = scDefaultMaxPlies
	}
	plies, err := s.openingPlies()
	if err != nil {
		return nil, err
	}
	start := scMatchPos{pos: prob.Position(), board: prob.Board}
	list := []scMatchPos{start}
	if s.start == "" {
		list = match.Enumerate[scMatchPos, starcircle.Move](rules, start, plies)
		for i := range list {
			list[i].plies = 0
		}
	}
	openings, err := chooseOpenings(list, s.openings, s.seed)
	if err != nil {
		return nil, err
	}
	var players [2]match.Player[scMatchPos, starcircle.Move]
	for i, text := range s.specs {
		sp, err := parsePlayerSpec(text)
		if err != nil {
			return nil, err
		}
		if players[i], err = newStarcirclePlayer(sp, prob, w, s.moveTime); err != nil {
			return nil, err
		}
	}
	return playMatch(s, rules, players, openings, [2]string{"Star", "Circle"}, starcircle.Move.String)
}

// newStarcirclePlayer builds the player of sp.
func newStarcirclePlayer(sp *playerSpec, prob *starcircle.Problem, w *starcircle.Weights, moveTime time.Duration) (match.Player[scMatchPos, starcircle.Move], error) {
	switch sp.kind {
	case "engine":
		e, err := parseEngineSpec(sp, starcircle.EngineOptions(), moveTime)
		if err != nil {
			return nil, err
		}
		t := match.EngineThinker[scMatchPos, starcircle.Position, starcircle.Move, starcircle.EngineGame]{
			Engine: engine.New[starcircle.Position, starcircle.Move](starcircle.NewEngineGame(w), e.opt),
			View:   func(p *scMatchPos) starcircle.Position { return p.pos },
		}
		return limit(&match.EnginePlayer[scMatchPos, starcircle.Move]{Label: sp.text, Thinker: t}, e), nil
	case "minimax", "alphabeta":
		d, err := sp.intSetting("depth", 4, 1, 64)
		if err != nil {
			return nil, err
		}
		return &scCoursePlayer{name: sp.text, w: w, alphaBeta: sp.kind == "alphabeta", depth: d}, sp.done()
	case "exec":
		algo, err := sp.choice("algorithm", "alphabeta", "minimax", "alphabeta")
		if err != nil {
			return nil, err
		}
		d, err := sp.intSetting("depth", 4, 1, starcircle.MaxDepth)
		if err != nil {
			return nil, err
		}
		timeout, err := sp.durationSetting("timeout", time.Minute)
		if err != nil {
			return nil, err
		}
		prog, err := resolveProgram(sp.command[0])
		if err != nil {
			return nil, fmt.Errorf("player %q: %v", sp.text, err)
		}
		p := &scExecPlayer{name: sp.text, argv: append([]string{prog}, sp.command[1:]...),
			prob: *prob, timeout: timeout}
		p.prob.Depth = d
		p.prob.Algorithm = starcircle.Minimax
		if algo == "alphabeta" {
			p.prob.Algorithm = starcircle.AlphaBeta
		}
		return p, sp.done()
	}
	return nil, fmt.Errorf("player %q: unknown player %q for starcircle (want engine, minimax, alphabeta or exec)", sp.text, sp.kind)
}

// scCoursePlayer is the homework's program as a player: MINIMAX or
// ALPHABETA to a fixed depth with the utility from the mover's view.
type scCoursePlayer struct {
	name      string
	w         *starcircle.Weights
	alphaBeta bool
	depth     int
	searchers [2]*starcircle.Searcher
}

func (p *scCoursePlayer) Name() string   { return p.name }
func (p *scCoursePlayer) NewGame(uint64) {}

func (p *scCoursePlayer) Move(t *match.Turn[scMatchPos, starcircle.Move]) (starcircle.Move, error) {
	me := t.Pos.pos.ToMove
	if p.searchers[me] == nil {
		p.searchers[me] = starcircle.NewSearcher(starcircle.NewCourseGame(p.w, me))
	}
	s := p.searchers[me]
	if p.alphaBeta {
		return s.AlphaBeta(t.Pos.pos, p.depth).Move, nil
	}
	return s.Minimax(t.Pos.pos, p.depth).Move, nil
}

// resolveProgram returns the absolute path of an external program: a name
// with a slash relative to the working directory, else found in PATH.
func resolveProgram(name string) (string, error) {
	if !strings.ContainsRune(name, '/') {
		p, err := exec.LookPath(name)
		if err != nil {
			return "", fmt.Errorf("program %q not found in PATH", name)
		}
		name = p
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return "", fmt.Errorf("program %s: %v", name, errors.Unwrap(err))
	}
	if st.IsDir() || st.Mode()&0o111 == 0 {
		return "", fmt.Errorf("program %s is not an executable file", name)
	}
	return abs, nil
}

// scExecPlayer runs an external homework program for each move, in a fresh
// temporary directory with input.txt, and reads its output.txt.
type scExecPlayer struct {
	name    string
	argv    []string
	prob    starcircle.Problem
	timeout time.Duration
}

func (p *scExecPlayer) Name() string   { return p.name }
func (p *scExecPlayer) NewGame(uint64) {}

func (p *scExecPlayer) Move(t *match.Turn[scMatchPos, starcircle.Move]) (starcircle.Move, error) {
	dir, err := os.MkdirTemp("", "starcircle-match-")
	if err != nil {
		return starcircle.Pass, err
	}
	defer os.RemoveAll(dir)
	in := p.prob
	in.Player = t.Pos.pos.ToMove
	in.Board = t.Pos.board
	if err := os.WriteFile(filepath.Join(dir, "input.txt"), []byte(in.Format()), 0o644); err != nil {
		return starcircle.Pass, err
	}
	timeout := p.timeout
	if t.MoveTime > 0 {
		timeout = min(timeout, 2*t.MoveTime+time.Second)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, p.argv[0], p.argv[1:]...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return starcircle.Pass, fmt.Errorf("no reply within %v", timeout)
		}
		msg, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
		return starcircle.Pass, fmt.Errorf("%v: %s", err, msg)
	}
	out, err := os.ReadFile(filepath.Join(dir, "output.txt"))
	if err != nil {
		return starcircle.Pass, errors.New("no output.txt")
	}
	line, _, _ := strings.Cut(string(out), "\n")
	return parseStarcircleMove(strings.TrimSpace(line))
}

// parseStarcircleMove reads "F4-H2" or "pass" (any square names, legal or
// not: the match judges legality).
func parseStarcircleMove(s string) (starcircle.Move, error) {
	if strings.EqualFold(s, "pass") {
		return starcircle.Pass, nil
	}
	bad := fmt.Errorf("output.txt line 1: %s is not a move (want e.g. F4-H2 or pass)", cliutil.Quote(s))
	u := strings.ToUpper(s)
	if len(u) != 5 || u[2] != '-' {
		return starcircle.Pass, bad
	}
	sq := func(r, c byte) (starcircle.Square, bool) {
		if r < 'A' || r > 'H' || c < '1' || c > '8' {
			return 0, false
		}
		return starcircle.NewSquare(int(r-'A'), int(c-'1')), true
	}
	from, ok1 := sq(u[0], u[1])
	to, ok2 := sq(u[3], u[4])
	if !ok1 || !ok2 {
		return starcircle.Pass, bad
	}
	return starcircle.NewMove(from, to), nil
}

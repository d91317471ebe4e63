package match

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/search"
)

// CoursePlayer is a course search as a player: the minimax, or alpha-beta
// when AlphaBeta, of Searcher to Depth, playing the root move the search
// keeps (the first best in its move order). It keeps nothing between moves
// but the count of the nodes it searched, and is deterministic.
type CoursePlayer[P, M any, G search.Game[P, M]] struct {
	// Label is the player's name.
	Label     string
	Searcher  *search.Searcher[P, M, G]
	AlphaBeta bool
	Depth     int
	nodes     uint64
}

// Nodes returns the number of nodes the player has searched.
func (p *CoursePlayer[P, M, G]) Nodes() uint64 { return p.nodes }

// Name returns the label.
func (p *CoursePlayer[P, M, G]) Name() string { return p.Label }

// NewGame does nothing: the search keeps nothing between moves.
func (p *CoursePlayer[P, M, G]) NewGame(uint64) {}

// Move searches the position to the player's depth; [ErrNoMove] when the
// search has no move.
func (p *CoursePlayer[P, M, G]) Move(t *Turn[P, M]) (M, error) {
	var r search.Result[M]
	if p.AlphaBeta {
		r = p.Searcher.AlphaBeta(t.Pos, p.Depth)
	} else {
		r = p.Searcher.Minimax(t.Pos, p.Depth)
	}
	p.nodes += r.Nodes
	if !r.HasMove {
		var none M
		return none, ErrNoMove
	}
	return r.Move, nil
}

// DefaultTimeout is the time limit of a [ProgramPlayer]'s move when it sets
// none.
const DefaultTimeout = time.Minute

// ProgramPlayer is an external program as a player: for every move it is
// started as Argv, given the position by Input, and its move is the first
// line of its reply, read by Parse. Without InFile the program reads Input
// on stdin and replies on stdout; with InFile (and OutFile) it runs in a
// fresh temporary directory holding the file InFile, and replies in the
// file OutFile (its stdout is discarded). It is killed after Timeout, or
// after twice the match's move time plus one second when that is shorter.
// The first line of its stderr is in the error of a failed run.
type ProgramPlayer[P, M any] struct {
	// Label is the player's name.
	Label string
	// Argv is the program and its leading arguments.
	Argv []string
	// Timeout is the time limit per move (0: [DefaultTimeout]).
	Timeout time.Duration
	// Input returns what the program reads for the turn.
	Input func(t *Turn[P, M]) string
	// InFile and OutFile name the files of a file protocol ("": stdin and
	// stdout).
	InFile, OutFile string
	// Parse reads the move from the reply's first line, trimmed of blanks;
	// its error says what is wrong ("stdout line 1: ...").
	Parse func(line string) (M, error)
}

// Name returns the label.
func (p *ProgramPlayer[P, M]) Name() string { return p.Label }

// NewGame does nothing: each move is a new process.
func (p *ProgramPlayer[P, M]) NewGame(uint64) {}

// Move runs the program on the position and reads its move.
func (p *ProgramPlayer[P, M]) Move(t *Turn[P, M]) (M, error) {
	var none M
	timeout := p.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if t.MoveTime > 0 {
		timeout = min(timeout, 2*t.MoveTime+time.Second)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, p.Argv[0], p.Argv[1:]...)
	var stdout, stderr bytes.Buffer
	cmd.Stderr = &stderr
	if p.InFile == "" {
		cmd.Stdin = strings.NewReader(p.Input(t))
		cmd.Stdout = &stdout
	} else {
		dir, err := os.MkdirTemp("", "gamesearch-match-")
		if err != nil {
			return none, err
		}
		defer os.RemoveAll(dir)
		if err := os.WriteFile(filepath.Join(dir, p.InFile), []byte(p.Input(t)), 0o644); err != nil {
			return none, err
		}
		cmd.Dir = dir
	}
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return none, fmt.Errorf("no reply within %v", timeout)
		}
		msg, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
		return none, fmt.Errorf("%v: %s", err, msg)
	}
	reply := stdout.Bytes()
	if p.InFile != "" {
		var err error
		if reply, err = os.ReadFile(filepath.Join(cmd.Dir, p.OutFile)); err != nil {
			return none, fmt.Errorf("no %s", p.OutFile)
		}
	}
	line, _, _ := bytes.Cut(reply, []byte("\n"))
	return p.Parse(strings.TrimSpace(string(line)))
}

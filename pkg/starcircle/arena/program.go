package arena

// This file holds the process side of the match players: an external
// program speaking the homework's file protocol.

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
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
)

// DefaultTimeout is the time limit of a [ProgramPlayer]'s move when it sets
// none.
const DefaultTimeout = time.Minute

// ProgramPlayer is an external program of the homework's file protocol
// (docs/starcircle.md, "Files"): for every move it is started as Argv in a
// fresh temporary directory holding input.txt (the player to move, the
// algorithm, the depth, the board and the row values), and the first line
// of the output.txt it writes is its move ("F4-H2" or "pass"; any square
// names, the match judges legality). It is killed after Timeout, or after
// twice the match's move time plus one second when that is shorter. Its
// stdout is discarded; the first line of its stderr is in the error of a
// failed run.
type ProgramPlayer struct {
	// Label is the player's name.
	Label string
	// Argv is the program and its leading arguments.
	Argv []string
	// Problem gives the algorithm, the depth and the row values of every
	// input.txt; its player and board are those of the position to move.
	Problem starcircle.Problem
	// Timeout is the time limit per move (0: [DefaultTimeout]).
	Timeout time.Duration
}

// Name returns the label.
func (p *ProgramPlayer) Name() string { return p.Label }

// NewGame does nothing: each move is a new process.
func (p *ProgramPlayer) NewGame(uint64) {}

// Move writes input.txt for the position, runs the program and reads the
// move on the first line of its output.txt.
func (p *ProgramPlayer) Move(t *match.Turn[GamePos, starcircle.Move]) (starcircle.Move, error) {
	dir, err := os.MkdirTemp("", "starcircle-match-")
	if err != nil {
		return starcircle.Pass, err
	}
	defer os.RemoveAll(dir)
	in := p.Problem
	in.Player = t.Pos.Pos.ToMove
	in.Board = t.Pos.Board
	if err := os.WriteFile(filepath.Join(dir, "input.txt"), []byte(in.Format()), 0o644); err != nil {
		return starcircle.Pass, err
	}
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
	return parseMove(strings.TrimSpace(line))
}

// parseMove reads "F4-H2" or "pass" in any letter case (any square names,
// legal or not: the match judges legality).
func parseMove(s string) (starcircle.Move, error) {
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

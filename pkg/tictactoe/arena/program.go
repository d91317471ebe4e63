package arena

// This file holds the process side of the match players: an external
// program speaking tictactoe-minimax's protocol.

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
)

// DefaultTimeout is the time limit of a [ProgramPlayer]'s move when it sets
// none.
const DefaultTimeout = time.Minute

// ProgramPlayer is an external program of tictactoe-minimax's protocol
// (docs/tictactoe.md, "The program"): for every move it is started as Argv
// with the board on stdin (three lines of three cells), and the first line
// of its stdout is its move, a square number 1 to 9 (the match judges
// legality). It is killed after Timeout, or after twice the match's move
// time plus one second when that is shorter. The first line of its stderr
// is in the error of a failed run.
type ProgramPlayer struct {
	// Label is the player's name.
	Label string
	// Argv is the program and its leading arguments.
	Argv []string
	// Timeout is the time limit per move (0: [DefaultTimeout]).
	Timeout time.Duration
}

// Name returns the label.
func (p *ProgramPlayer) Name() string { return p.Label }

// NewGame does nothing: each move is a new process.
func (p *ProgramPlayer) NewGame(uint64) {}

// Move runs the program on the position and reads the move on the first
// line of its stdout.
func (p *ProgramPlayer) Move(t *match.Turn[tictactoe.Position, tictactoe.Move]) (tictactoe.Move, error) {
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
	cmd.Stdin = strings.NewReader(t.Pos.Rows())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return 0, fmt.Errorf("no reply within %v", timeout)
		}
		msg, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
		return 0, fmt.Errorf("%v: %s", err, msg)
	}
	line, _, _ := strings.Cut(stdout.String(), "\n")
	return ParseMove(strings.TrimSpace(line))
}

// ParseMove reads a move as the program prints it: a square number "1" to
// "9".
func ParseMove(s string) (tictactoe.Move, error) {
	if len(s) != 1 || s[0] < '1' || s[0] > '9' {
		return 0, fmt.Errorf("stdout line 1: %s is not a move (want a square number 1 to 9)", cliutil.Quote(s))
	}
	return tictactoe.Move(s[0] - '1'), nil
}

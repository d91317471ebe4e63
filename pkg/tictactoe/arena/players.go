package arena

// This file holds the players: the tournament engine and external
// programs, both of package match (the course's searches are
// kit.Course(tictactoe.NewSearcher)).

import (
	"fmt"
	"time"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
)

// Player is a player of a tic-tac-toe match.
type Player = match.Player[tictactoe.Position, tictactoe.Move]

// NewEnginePlayer returns the player of engine e ([match.NewEnginePlayer]),
// without limits: set Depth, Nodes or the time.
func NewEnginePlayer(label string, e *tictactoe.Engine) *match.EnginePlayer[tictactoe.Position, tictactoe.Move] {
	return match.NewEnginePlayer[tictactoe.Position, tictactoe.Move](label, e)
}

// ProgramPlayer is an external program of tictactoe-minimax's protocol.
type ProgramPlayer = match.ProgramPlayer[tictactoe.Position, tictactoe.Move]

// NewProgramPlayer returns the player of a program of tictactoe-minimax's
// protocol (docs/tictactoe.md, "The program"), run as argv for every move
// with the board on stdin (three lines of three cells); the first line of
// its stdout is its move, a square number 1 to 9 (the match judges
// legality). timeout 0 is [match.DefaultTimeout].
func NewProgramPlayer(label string, argv []string, timeout time.Duration) *ProgramPlayer {
	return &ProgramPlayer{Label: label, Argv: argv, Timeout: timeout, Parse: ParseMove,
		Input: func(t *match.Turn[tictactoe.Position, tictactoe.Move]) string { return t.Pos.Rows() }}
}

// ParseMove reads a move as the program prints it: a square number "1" to
// "9".
func ParseMove(s string) (tictactoe.Move, error) {
	if len(s) != 1 || s[0] < '1' || s[0] > '9' {
		return 0, fmt.Errorf("stdout line 1: %s is not a move (want a square number 1 to 9)", cliutil.Quote(s))
	}
	return tictactoe.Move(s[0] - '1'), nil
}

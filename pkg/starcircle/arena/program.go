package arena

// This file holds the process side of the match players: an external
// program speaking the homework's file protocol.

import (
	"fmt"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
)

// ProgramPlayer is an external program of the homework's file protocol.
type ProgramPlayer = match.ProgramPlayer[GamePos, starcircle.Move]

// NewProgramPlayer returns the player of a program of the homework's file
// protocol (docs/starcircle.md, "Files"): for every move it is started as
// argv in a fresh temporary directory holding input.txt (the player to
// move, the algorithm, the depth, the board and the row values), and the
// first line of the output.txt it writes is its move ("F4-H2" or "pass";
// any square names, the match judges legality). prob gives the algorithm,
// the depth and the row values of every input.txt; its player and board
// are those of the position to move. timeout 0 is [match.DefaultTimeout].
func NewProgramPlayer(label string, argv []string, prob starcircle.Problem, timeout time.Duration) *ProgramPlayer {
	return &ProgramPlayer{Label: label, Argv: argv, Timeout: timeout, InFile: "input.txt", OutFile: "output.txt",
		Parse: parseMove,
		Input: func(t *match.Turn[GamePos, starcircle.Move]) string {
			in := prob
			in.Player = t.Pos.Pos.ToMove
			in.Board = t.Pos.Board
			return in.Format()
		}}
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

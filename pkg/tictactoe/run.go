package tictactoe

import (
	"io"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/internal/splitmix"
)

// ProgramName is the name of the program [Run] implements.
const ProgramName = "tictactoe-minimax"

// usage is the program's one-line usage text.
const usage = "usage: tictactoe-minimax < board  (three lines of three cells X, O or ., top row first)"

// Run is the program tictactoe-minimax: it reads one board from stdin
// ([Parse]: three lines of three cells, top row first, not finished),
// searches it with plain minimax to the end of the game ([Solve]) and
// writes two lines on stdout ([Answer.Format]): the best move's square
// number (the first in square order among the best) and the number of
// nodes the search entered, the root included. It takes no arguments; -h
// prints the usage on stdout and returns 0. A bad board, an argument or an
// unreadable stdin prints one line on stderr and returns 2, with nothing on
// stdout; a failure to write stdout returns 1.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cliutil.RunStdin(ProgramName, usage, 0, Reference, args, stdin, stdout, stderr)
}

// Reference returns the exact stdout of tictactoe-minimax for the input
// (the autograder's expected output), or, for an input the program rejects,
// the *InputError whose text the program prints on stderr after
// "tictactoe-minimax: " before it exits with status 2.
func Reference(input []byte) (string, error) {
	p, err := Parse(input)
	if err != nil {
		return "", err
	}
	return Solve(nil, p).Format(), nil
}

// RandomPosition returns a position drawn from seed: a number of plies from
// 0 to 8 chosen uniformly, then that many moves chosen uniformly among
// those that do not end the game (fewer when every move ends it). The
// result is always a valid input of the program: reachable and not
// finished. The same seed gives the same position.
func RandomPosition(seed uint64) Position {
	r := splitmix.New(seed)
	var p Position
	g := CourseGame{}
	plies := r.Intn(9)
	var buf, open [9]Move
	for range plies {
		n := 0
		for _, m := range g.Moves(&p, buf[:0]) {
			var q Position
			g.Play(&q, &p, m)
			if !q.Over() {
				open[n] = m
				n++
			}
		}
		if n == 0 {
			break
		}
		var q Position
		g.Play(&q, &p, open[r.Intn(n)])
		p = q
	}
	return p
}

// RandomInput returns the program input of [RandomPosition](seed): the
// board as three lines of three cells, each ending with a newline.
func RandomInput(seed uint64) []byte { return []byte(RandomPosition(seed).Rows()) }

package toolkit

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// maxPerftDepth bounds the DEPTH argument (the games' per-ply buffers).
const maxPerftDepth = 64

// perftCommand is the perft subcommand's usage and help.
var perftCommand = gameCommand{
	usage: "perft GAME POSITION DEPTH [flags]",
	about: `Counts the leaves of the move tree of GAME from POSITION to DEPTH plies, to check a
move generator; -divide lists the count below each root move.`,
}

// parseDepth parses a depth argument in [0, max].
func parseDepth(s string, min, max int) (int, error) {
	d, err := strconv.Atoi(s)
	if err != nil || d < min || d > max {
		return 0, fmt.Errorf("DEPTH %q: want an integer from %d to %d", s, min, max)
	}
	return d, nil
}

func runPerft(args []string, stdin io.Reader, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	divide := fs.Bool("divide", false, "list every root move with its count")
	ad, args, err := perftCommand.selectGame(args, stdout, fs)
	if err != nil {
		return err
	}
	pos, err := perftCommand.parseArgs(ad, fs, args, stdout)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return fmt.Errorf("want POSITION and DEPTH, got %d arguments (usage: gamesearch %s)", len(pos), perftCommand.usage)
	}
	depth, err := parseDepth(pos[1], 0, maxPerftDepth)
	if err != nil {
		return err
	}
	res, err := ad.Perft(pos[0], stdin, depth)
	if err != nil {
		return err
	}
	return writePerft(stdout, res, *divide)
}

// writePerft prints the total alone, or with -divide one "move: count" line
// per root move, a blank line and "total: N". Notes follow in both forms.
func writePerft(w io.Writer, res kit.PerftResult, divide bool) error {
	b := bufio.NewWriter(w)
	if divide {
		for _, r := range res.Rows {
			fmt.Fprintf(b, "%s: %d\n", r.Move, r.Count)
		}
		fmt.Fprintf(b, "\ntotal: %d\n", res.Total)
	} else {
		fmt.Fprintf(b, "%d\n", res.Total)
	}
	for _, n := range res.Notes {
		fmt.Fprintln(b, n)
	}
	if err := b.Flush(); err != nil {
		return &outputError{err}
	}
	return nil
}

package toolkit

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/gamesearch/gamesearch/pkg/search"
)

// perftRow is one root move of a divide: its label and its leaf count.
type perftRow struct {
	move  string
	count uint64
}

// perftResult is a perft with its divide.
type perftResult struct {
	rows  []perftRow
	total uint64
	// notes are extra lines printed after the total (game-specific counts).
	notes []string
}

// divide is the perft of root to depth by pf with its divide: each root move
// labelled by label, with its leaf count.
func divide[P, M any, T search.Tree[P, M]](pf *search.Perft[P, M, T], root P, depth int, label func(M) string) (perftResult, search.PerftCount) {
	var res perftResult
	total := pf.Divide(root, depth, func(m M, c search.PerftCount) {
		res.rows = append(res.rows, perftRow{label(m), c.Leaves})
	})
	res.total = total.Leaves
	return res, total
}

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
	res, err := ad.perft(pos[0], stdin, depth)
	if err != nil {
		return err
	}
	return writePerft(stdout, res, *divide)
}

// writePerft prints the total alone, or with -divide one "move: count" line
// per root move, a blank line and "total: N". Notes follow in both forms.
func writePerft(w io.Writer, res perftResult, divide bool) error {
	b := bufio.NewWriter(w)
	if divide {
		for _, r := range res.rows {
			fmt.Fprintf(b, "%s: %d\n", r.move, r.count)
		}
		fmt.Fprintf(b, "\ntotal: %d\n", res.total)
	} else {
		fmt.Fprintf(b, "%d\n", res.total)
	}
	for _, n := range res.notes {
		fmt.Fprintln(b, n)
	}
	if err := b.Flush(); err != nil {
		return &outputError{err}
	}
	return nil
}

// readInput returns the content of the INPUT argument: "-" reads stdin, any
// other value is a file name.
func readInput(name string, stdin io.Reader) ([]byte, error) {
	const maxInput = 1 << 20
	var r io.Reader = stdin
	if name != "-" {
		f, err := openFile(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read: %v", inputName(name), err)
	}
	if len(data) > maxInput {
		return nil, fmt.Errorf("%s: larger than %d bytes", inputName(name), maxInput)
	}
	return data, nil
}

func inputName(name string) string {
	if name == "-" {
		return "stdin"
	}
	return name
}

// Package kit is what a game implements for the gamesearch tools, and the
// helpers its implementation shares with every other game: the Game
// adapter of perft, tree and play (with its results and options), the
// match types (settings, player specifications, engine settings, the one
// match loop), the bench workloads, the input readers, the replies of the
// engines in the explorer's play, and the generic adapters of a game that
// plays by "position, moves, play, evaluate, print" (Basic, Play,
// BasicMatch, BasicExplorer).
//
// Conventions: a game's settings live in its Game value's fields, set by
// the flags it registers; errors are bad input, worded as one line that
// names the argument or file and where; a game's positions are read by
// ReadInput (a file or "-" for stdin, at most 1 MiB).
package kit

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// Game is what a game provides to the subcommands. Its flags are
// registered on the subcommand's flag set before parsing, so a game's
// settings live in the Game's fields.
type Game interface {
	// Flags registers the game's own flags for subcommand cmd.
	Flags(fs *flag.FlagSet, cmd string)
	// Perft counts the leaves of the move tree of position to depth, per
	// root move. stdin is read when position is "-".
	Perft(position string, stdin io.Reader, depth int) (PerftResult, error)
	// Tree records the tree the graded program explores from input.
	Tree(input string, stdin io.Reader, o TreeOptions) (TreeResult, error)
	// Session starts a game for play.
	Session(o PlayOptions) (Session, error)
	// Notation describes the game's positions and moves for the help text.
	Notation() string
}

// FileReader is implemented by the adapters of games whose INPUT can be a
// file: ReadsFile reports whether arg names one (rather than a position or
// stdin).
type FileReader interface {
	ReadsFile(arg string) bool
}

// PerftRow is one root move of a divide: its label and its leaf count.
type PerftRow struct {
	Move  string
	Count uint64
}

// PerftResult is a perft with its divide.
type PerftResult struct {
	Rows  []PerftRow
	Total uint64
	// Notes are extra lines printed after the total (game-specific counts).
	Notes []string
}

// Divide is the perft of root to depth by pf with its divide: each root move
// labelled by label, with its leaf count.
func Divide[P, M any, T search.Tree[P, M]](pf *search.Perft[P, M, T], root P, depth int, label func(M) string) (PerftResult, search.PerftCount) {
	var res PerftResult
	total := pf.Divide(root, depth, func(m M, c search.PerftCount) {
		res.Rows = append(res.Rows, PerftRow{label(m), c.Leaves})
	})
	res.Total = total.Leaves
	return res, total
}

// ReadInput returns the content of the INPUT argument: "-" reads stdin, any
// other value is a file name.
func ReadInput(name string, stdin io.Reader) ([]byte, error) {
	const maxInput = 1 << 20
	var r io.Reader = stdin
	if name != "-" {
		f, err := OpenFile(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read: %v", InputName(name), err)
	}
	if len(data) > maxInput {
		return nil, fmt.Errorf("%s: larger than %d bytes", InputName(name), maxInput)
	}
	return data, nil
}

// InputName names an input argument in messages: "stdin" for "-".
func InputName(name string) string {
	if name == "-" {
		return "stdin"
	}
	return name
}

// OpenFile opens an input file, with an error that names it.
func OpenFile(name string) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read: %v", name, atomicfile.Cause(err))
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, fmt.Errorf("%s: is a directory, want a file", name)
	}
	return f, nil
}

// ReadCorpusFile reads a file of the conformance folder.
func ReadCorpusFile(corpus string, elem ...string) ([]byte, error) {
	return os.ReadFile(filepath.Join(append([]string{corpus}, elem...)...))
}

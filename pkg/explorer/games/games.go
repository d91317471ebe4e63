// Package games holds the four games of the repository as explorer.Game
// values, one file per game (congo.go, morris.go, starcircle.go,
// minichess.go), for "gamesearch serve".
//
// Each game runs its graded programs in-process through their
// Run(args, stdin, stdout, stderr) entry points for the exact output
// (temporary files in a fresh directory for the programs that read and
// write files), and records the tree of the same pkg/search search with the
// program's options through explorer.Record; the tree's nodes are the
// nodes the program's search counts. A program is only run after its
// recorded search finished within the explorer's limits, so its run is
// bounded too. Bad inputs are reported in the program's own words: the
// program is run on them (it stops at the bad line without searching).
package games

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/explorer"
)

// All returns the four games in the order of the toolkit: Congo,
// Morris-Variant, MiniChess 6x5, Star/Circle.
func All() []explorer.Game {
	return []explorer.Game{Congo{}, Morris{}, MiniChess{}, StarCircle{}}
}

// runFunc is a graded program's entry point.
type runFunc func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// execute runs a program in-process and returns its stdout, its stderr and
// its exit status.
func execute(run runFunc, args []string, stdin string) (string, string, int) {
	var out, errOut bytes.Buffer
	status := run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), status
}

// firstLine is the first line of a program's stderr, as an error.
func firstLine(stderr string, status int) error {
	line, _, _ := strings.Cut(strings.TrimSpace(stderr), "\n")
	if line == "" {
		line = fmt.Sprintf("exit status %d", status)
	}
	return fmt.Errorf("%s", line)
}

// workDir is a fresh temporary directory for one program run.
type workDir struct{ dir string }

// newWorkDir creates it.
func newWorkDir() (*workDir, error) {
	d, err := os.MkdirTemp("", "gamesearch-explorer-")
	if err != nil {
		return nil, fmt.Errorf("cannot create a temporary directory: %v", err)
	}
	return &workDir{dir: d}, nil
}

// path returns the path of the file called name in the directory.
func (w *workDir) path(name string) string { return filepath.Join(w.dir, name) }

// write writes the file called name.
func (w *workDir) write(name, data string) error {
	return os.WriteFile(w.path(name), []byte(data), 0o600)
}

// read reads the file called name ("" when it is missing).
func (w *workDir) read(name string) string {
	data, _ := os.ReadFile(w.path(name))
	return string(data)
}

// clean removes the directory; local rewrites the directory out of a
// program's messages, so that they name the files as the page shows them.
func (w *workDir) clean() { os.RemoveAll(w.dir) }

func (w *workDir) local(s string) string {
	return strings.ReplaceAll(s, w.dir+string(filepath.Separator), "")
}

// depthOf returns the depth of q for p: q.Depth, or the program's.
func depthOf(q explorer.Query, p explorer.Program) int {
	if q.Depth > 0 {
		return q.Depth
	}
	return p.Depth
}

// program returns the program called name among ps.
func program(ps []explorer.Program, name string) (explorer.Program, error) {
	for _, p := range ps {
		if p.Name == name {
			return p, nil
		}
	}
	return explorer.Program{}, fmt.Errorf("unknown program %q", name)
}

// walk replays path from root: at each step the idx-th move of the list
// that moves returns, played by play. It fails on an index out of range.
func walk[P, M any](root P, path []int, moves func(*P) []M, play func(*P, M) P) (P, error) {
	p := root
	for k, idx := range path {
		list := moves(&p)
		if idx < 0 || idx >= len(list) {
			return p, fmt.Errorf("path step %d: move %d of %d", k+1, idx, len(list))
		}
		p = play(&p, list[idx])
	}
	return p, nil
}

// oneLine returns the input's single line without its line end, or an
// error when it holds more than one.
func oneLine(in, what string) (string, error) {
	s := strings.TrimSuffix(strings.TrimSuffix(in, "\n"), "\r")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return "", fmt.Errorf("the input is one %s line; line 2 follows", what)
	}
	return s, nil
}

// shellQuote quotes s for a shell command line shown to people.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// printfArg writes text as a printf argument: newlines as \n.
func printfArg(text string) string {
	return shellQuote(strings.ReplaceAll(strings.ReplaceAll(text, `\`, `\\`), "\n", `\n`))
}

// parseIndex reads a move index of a play state ("3").
func parseIndex(s string, n int) (int, error) {
	i, err := strconv.Atoi(s)
	if err != nil || i < 0 || i >= n {
		return 0, fmt.Errorf("move %q: want 0 to %d", s, n-1)
	}
	return i, nil
}

// findMove returns the index of the move spelled text among labels,
// comparing without case, blanks and dashes.
func findMove(labels []string, text string) (int, error) {
	norm := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r == ' ' || r == '-' || r == '\t':
				return -1
			case r >= 'A' && r <= 'Z':
				return r + 'a' - 'A'
			}
			return r
		}, s)
	}
	n := norm(text)
	for i, l := range labels {
		if n != "" && norm(l) == n {
			return i, nil
		}
	}
	if len(text) > 20 {
		text = text[:20] + "..."
	}
	return 0, fmt.Errorf("illegal move %q (legal: %s)", text, strings.Join(labels, " "))
}

// editPlacement sets the cell at row, col (row 0 first in the text) of a
// FEN placement of rows by cols to piece ("" empties it), digits counting
// empty cells.
func editPlacement(placement string, rows, cols, row, col int, piece string) (string, error) {
	ranks := strings.Split(placement, "/")
	if len(ranks) != rows {
		return "", fmt.Errorf("placement %q: want %d ranks separated by /", placement, rows)
	}
	grid := make([][]string, rows)
	for r, rank := range ranks {
		for _, c := range rank {
			if c >= '1' && c <= '9' {
				for k := 0; k < int(c-'0'); k++ {
					grid[r] = append(grid[r], "")
				}
				continue
			}
			grid[r] = append(grid[r], string(c))
		}
		if len(grid[r]) != cols {
			return "", fmt.Errorf("placement rank %d %q: want %d squares", r+1, rank, cols)
		}
	}
	grid[row][col] = piece
	var b strings.Builder
	for r := range grid {
		if r > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for _, c := range grid[r] {
			if c == "" {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteString(c)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
	}
	return b.String(), nil
}

package explorer

// This file holds what the games' explorer adapters (Game values, in each
// game's pkg/<game>/gamedef) share. Each game runs its graded programs
// in-process through their Run(args, stdin, stdout, stderr) entry points
// for the exact output ([Execute]; a fresh [WorkDir] for the programs that
// read and write files), and records the tree of the same pkg/search search
// with the program's options through [Record]; the tree's nodes are the
// nodes the program's search counts. A program is only run after its
// recorded search finished within the explorer's limits, so its run is
// bounded too. Bad inputs are reported in the program's own words: the
// program is run on them (it stops at the bad line without searching), and
// [FirstLine] is its message.

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// RunFunc is a graded program's entry point.
type RunFunc func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Execute runs a program in-process and returns its stdout, its stderr and
// its exit status.
func Execute(run RunFunc, args []string, stdin string) (string, string, int) {
	var out, errOut bytes.Buffer
	status := run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), status
}

// FirstLine is the first line of a program's stderr, as an error.
func FirstLine(stderr string, status int) error {
	line, _, _ := strings.Cut(strings.TrimSpace(stderr), "\n")
	if line == "" {
		line = fmt.Sprintf("exit status %d", status)
	}
	return fmt.Errorf("%s", line)
}

// WorkDir is a fresh temporary directory for one program run.
type WorkDir struct{ dir string }

// NewWorkDir creates one.
func NewWorkDir() (*WorkDir, error) {
	d, err := os.MkdirTemp("", "gamesearch-explorer-")
	if err != nil {
		return nil, fmt.Errorf("cannot create a temporary directory: %v", err)
	}
	return &WorkDir{dir: d}, nil
}

// Path returns the path of the file called name in the directory.
func (w *WorkDir) Path(name string) string { return filepath.Join(w.dir, name) }

// Write writes the file called name.
func (w *WorkDir) Write(name, data string) error {
	return os.WriteFile(w.Path(name), []byte(data), 0o600)
}

// Read reads the file called name ("" when it is missing).
func (w *WorkDir) Read(name string) string {
	data, _ := os.ReadFile(w.Path(name))
	return string(data)
}

// Clean removes the directory.
func (w *WorkDir) Clean() { os.RemoveAll(w.dir) }

// Local rewrites the directory out of a program's messages, so that they
// name the files as the page shows them.
func (w *WorkDir) Local(s string) string {
	return strings.ReplaceAll(s, w.dir+string(filepath.Separator), "")
}

// DepthOf returns the depth of q for p: q.Depth, or the program's.
func DepthOf(q Query, p Program) int {
	if q.Depth > 0 {
		return q.Depth
	}
	return p.Depth
}

// FindProgram returns the program called name among ps.
func FindProgram(ps []Program, name string) (Program, error) {
	for _, p := range ps {
		if p.Name == name {
			return p, nil
		}
	}
	return Program{}, fmt.Errorf("unknown program %q", name)
}

// Walk replays path from root: at each step the idx-th move of the list
// that moves returns, played by play. It fails on an index out of range.
func Walk[P, M any](root P, path []int, moves func(*P) []M, play func(*P, M) P) (P, error) {
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

// OneLine returns the input's single line without its line end, or an
// error when it holds more than one.
func OneLine(in, what string) (string, error) {
	s := strings.TrimSuffix(strings.TrimSuffix(in, "\n"), "\r")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return "", fmt.Errorf("the input is one %s line; line 2 follows", what)
	}
	return s, nil
}

// ShellQuote quotes s for a shell command line shown to people.
func ShellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// PrintfArg writes text as a printf argument: newlines as \n.
func PrintfArg(text string) string {
	return ShellQuote(strings.ReplaceAll(strings.ReplaceAll(text, `\`, `\\`), "\n", `\n`))
}

// ParseIndex reads a move index of a play state ("3").
func ParseIndex(s string, n int) (int, error) {
	i, err := strconv.Atoi(s)
	if err != nil || i < 0 || i >= n {
		return 0, fmt.Errorf("move %q: want 0 to %d", s, n-1)
	}
	return i, nil
}

// FindMove returns the index of the move spelled text among the moves of
// b, comparing their Text without case, blanks and dashes.
func FindMove(b *Board, text string) (int, error) {
	labels := make([]string, len(b.Moves))
	for i, m := range b.Moves {
		labels[i] = m.Text
	}
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

// EditPlacement sets the cell at row, col (row 0 first in the text) of a
// FEN placement of rows by cols to piece ("" empties it), digits counting
// empty cells.
func EditPlacement(placement string, rows, cols, row, col int, piece string) (string, error) {
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

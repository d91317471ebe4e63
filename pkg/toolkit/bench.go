package toolkit

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
)

// benchCase is one workload of the bench table. run returns the number of
// nodes (or static evaluations, as unit says) it visited.
type benchCase struct {
	game     string
	workload string
	unit     string
	run      func(corpus string) (uint64, error)
}

// morrisBenchBoard is the E21 position of the largest MiniMaxGameBlack
// depth-5 case of the conformance table (6,449,983 evaluations).
const morrisBenchBoard = "xWWxxxxxxxxWxxxBBBxxW"

// benchCases returns the workloads, the graded programs' reference runs, or
// small versions of them when quick.
func benchCases(quick bool) []benchCase {
	pick := func(full, small int) int {
		if quick {
			return small
		}
		return full
	}
	cPerft, cPos, cAB := pick(5, 3), pick(500, 10), pick(500, 3)
	mPerft, mSearch := pick(5, 3), pick(5, 3)
	sPerft, sMM, sAB := pick(8, 5), pick(8, 5), pick(10, 6)
	xPerft, xAB, xMM := pick(7, 4), pick(7, 4), pick(5, 3)
	return []benchCase{
		{"congo", fmt.Sprintf("perft start (2022) depth %d", cPerft), "leaves", func(string) (uint64, error) {
			p, _ := congo.ParseFEN(congo.StartFEN(congo.Edition2022))
			return congo.NewPerft(congo.Edition2022).Count(p, cPerft).Leaves, nil
		}},
		{"congo", fmt.Sprintf("congo-minimax depth 2, %d positions", cPos), "nodes", func(corpus string) (uint64, error) {
			return congoBench(corpus, cPos, false)
		}},
		{"congo", fmt.Sprintf("congo-alphabeta depth 4, %d positions", cAB), "nodes", func(corpus string) (uint64, error) {
			return congoBench(corpus, cAB, true)
		}},
		{"morris", fmt.Sprintf("perft E21 %s black depth %d", morrisBenchBoard, mPerft), "leaves", func(string) (uint64, error) {
			p, k, _ := morris.ParseBoard([]byte(morrisBenchBoard), morris.E21, true)
			return morrisPerft(morris.BoardOf(k), morris.Node{Position: p, Black: true}, morris.Game, mPerft).total, nil
		}},
		{"morris", fmt.Sprintf("MiniMaxGameBlack E21 depth %d", mSearch), "evals", func(string) (uint64, error) {
			p, _, _ := morris.ParseBoard([]byte(morrisBenchBoard), morris.E21, true)
			r := morris.NewProgramSearcher(morris.MiniMaxGameBlack, morris.BoardOf(morris.E21)).Search(p, mSearch)
			return r.Evaluated, nil
		}},
		{"morris", fmt.Sprintf("ABGame E21 depth %d (same board, swapped)", mSearch+1), "evals", func(string) (uint64, error) {
			p, _, _ := morris.ParseBoard([]byte(morrisBenchBoard), morris.E21, true)
			r := morris.NewProgramSearcher(morris.ABGame, morris.BoardOf(morris.E21)).Search(p.Swap(), mSearch+1)
			return r.Evaluated, nil
		}},
		{"starcircle", fmt.Sprintf("perft start depth %d", sPerft), "leaves", func(string) (uint64, error) {
			p, _ := starcircle.Parse([]byte(starcircle.StartInput("MINIMAX", 8)))
			return starcirclePerft(p, sPerft).total, nil
		}},
		{"starcircle", fmt.Sprintf("starcircle start MINIMAX %d", sMM), "nodes", func(string) (uint64, error) {
			return starcircleBench(starcircle.Minimax, sMM), nil
		}},
		{"starcircle", fmt.Sprintf("starcircle start ALPHABETA %d", sAB), "nodes", func(string) (uint64, error) {
			return starcircleBench(starcircle.AlphaBeta, sAB), nil
		}},
		{"minichess", fmt.Sprintf("T-perft start depth %d", xPerft), "leaves", func(string) (uint64, error) {
			return minichess.CountPerft(minichess.StartPosition(), xPerft, true), nil
		}},
		{"minichess", fmt.Sprintf("player_alphabeta start depth %d", xAB), "nodes", func(string) (uint64, error) {
			return minichessBench(true, xAB), nil
		}},
		{"minichess", fmt.Sprintf("player_minimax start depth %d", xMM), "nodes", func(string) (uint64, error) {
			return minichessBench(false, xMM), nil
		}},
	}
}

// congoBench runs congo-minimax or congo-alphabeta on the first n positions
// of the 2022 conformance positions.
func congoBench(corpus string, n int, ab bool) (uint64, error) {
	if corpus == "" {
		return 0, fmt.Errorf("needs the conformance corpus (-corpus DIR)")
	}
	data, err := readCorpusFile(corpus, "congo", "2022", "positions_500.in")
	if err != nil {
		return 0, fmt.Errorf("needs congo/2022/positions_500.in of the corpus")
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(lines) < 1+n {
		return 0, fmt.Errorf("congo/2022/positions_500.in has fewer than %d positions", n)
	}
	ps := make([]congo.Position, n)
	for i := range ps {
		if ps[i], err = congo.ParseFEN(lines[1+i]); err != nil {
			return 0, fmt.Errorf("congo/2022/positions_500.in line %d: %v", i+2, err)
		}
	}
	var nodes uint64
	if ab {
		s := congo.NewAlphaBeta(congo.Edition2022)
		for i := range ps {
			nodes += s.AlphaBeta(ps[i], 4).Nodes
		}
	} else {
		s := congo.NewMinimax(congo.Edition2022)
		for i := range ps {
			nodes += s.Minimax(ps[i], 2).Nodes
		}
	}
	return nodes, nil
}

func starcircleBench(a starcircle.Algorithm, depth int) uint64 {
	p, _ := starcircle.Parse([]byte(starcircle.StartInput("MINIMAX", 8)))
	p.Algorithm, p.Depth = a, depth
	return starcircle.Solve(p).Nodes
}

func minichessBench(ab bool, depth int) uint64 {
	s := search.New[minichess.Node, minichess.Move](minichess.CourseGame{}, minichess.CourseOptions())
	start := minichess.StartPosition()
	n := start.Node()
	if ab {
		return s.AlphaBeta(n, depth).Nodes
	}
	return s.Minimax(n, depth).Nodes
}

const benchUsage = "bench [-quick] [-repeat N] [-corpus DIR] [-game NAME]"

func runBench(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	quick := fs.Bool("quick", false, "small workloads (seconds in total), for tests")
	corpusFlag := fs.String("corpus", "", "the conformance folder (default: testdata/conformance of the repository, found above the working directory)")
	only := fs.String("game", "", "only this game's rows")
	repeat := fs.Int("repeat", 0, "run each workload `N` times and report the fastest (default 5, or 1 with -quick)")
	pos, err := parseArgs(fs, args, stdout, benchUsage, "")
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return fmt.Errorf("unexpected argument %q (usage: gamesearch %s)", pos[0], benchUsage)
	}
	switch {
	case *repeat < 0 || *repeat > 1000:
		return fmt.Errorf("-repeat %d: want 1 to 1000", *repeat)
	case *repeat == 0 && *quick:
		*repeat = 1
	case *repeat == 0:
		*repeat = 5
	}
	if *only != "" {
		if _, err := findGame(*only); err != nil {
			return fmt.Errorf("-game: %v", err)
		}
	}
	corpus := findCorpus(*corpusFlag)
	if *corpusFlag != "" {
		if st, err := os.Stat(corpus); err != nil || !st.IsDir() {
			return fmt.Errorf("-corpus %q: not a directory", corpus)
		}
	}
	w := bufio.NewWriter(stdout)
	fmt.Fprintf(w, "%-10s  %-48s  %12s  %9s  %10s\n", "game", "workload", "count", fmt.Sprintf("best of %d", *repeat), "Mcount/s")
	for _, c := range benchCases(*quick) {
		if *only != "" && c.game != *only {
			continue
		}
		var n uint64
		el := time.Duration(math.MaxInt64)
		for range *repeat {
			start := time.Now()
			count, err := c.run(corpus)
			el = min(el, time.Since(start))
			if err != nil {
				w.Flush()
				return fmt.Errorf("%s %s: %v", c.game, c.workload, err)
			}
			n = count
		}
		rate := float64(n) / el.Seconds() / 1e6
		fmt.Fprintf(w, "%-10s  %-48s  %12d  %8.3fs  %10.2f %s\n", c.game, c.workload, n, el.Seconds(), rate, c.unit)
		if err := w.Flush(); err != nil {
			return &outputError{err}
		}
	}
	if err := w.Flush(); err != nil {
		return &outputError{err}
	}
	return nil
}

// findCorpus returns dir, or the testdata/conformance folder found above
// the working directory or the executable ("" when there is none): the
// bench's corpus workloads are read from a working copy.
func findCorpus(dir string) string {
	if dir != "" {
		return dir
	}
	var starts []string
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	if exe, err := os.Executable(); err == nil {
		starts = append(starts, filepath.Dir(exe))
	}
	for _, s := range starts {
		for d := s; ; d = filepath.Dir(d) {
			c := filepath.Join(d, "testdata", "conformance")
			if st, err := os.Stat(c); err == nil && st.IsDir() {
				return c
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return ""
}

package toolkit

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/gamesearch/gamesearch/pkg/games"
)

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
	if *only != "" && games.Find(*only) == nil {
		return fmt.Errorf("-game: unknown game %q (want %s)", *only, gameNames())
	}
	corpus := findCorpus(*corpusFlag)
	if *corpusFlag != "" {
		if st, err := os.Stat(corpus); err != nil || !st.IsDir() {
			return fmt.Errorf("-corpus %q: not a directory", corpus)
		}
	}
	w := bufio.NewWriter(stdout)
	fmt.Fprintf(w, "%-10s  %-48s  %12s  %9s  %10s\n", "game", "workload", "count", fmt.Sprintf("best of %d", *repeat), "Mcount/s")
	for _, g := range games.All {
		if *only != "" && g.Name != *only || g.Bench == nil {
			continue
		}
		for _, c := range g.Bench(*quick) {
			var n uint64
			el := time.Duration(math.MaxInt64)
			for range *repeat {
				start := time.Now()
				count, err := c.Run(corpus)
				el = min(el, time.Since(start))
				if err != nil {
					w.Flush()
					return fmt.Errorf("%s %s: %v", g.Name, c.Workload, err)
				}
				n = count
			}
			rate := float64(n) / el.Seconds() / 1e6
			fmt.Fprintf(w, "%-10s  %-48s  %12d  %8.3fs  %10.2f %s\n", g.Name, c.Workload, n, el.Seconds(), rate, c.Unit)
			if err := w.Flush(); err != nil {
				return &outputError{err}
			}
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

package toolkit

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
	"gotest.tools/v3/assert"
	"gotest.tools/v3/golden"
)

// runCmd runs gamesearch with args and stdin, and returns stdout, stderr and
// the exit status.
func runCmd(t testing.TB, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb strings.Builder
	code := Run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// mustRun runs gamesearch and fails unless it succeeds with empty stderr.
func mustRun(t testing.TB, stdin string, args ...string) string {
	t.Helper()
	out, errs, code := runCmd(t, stdin, args...)
	assert.Equal(t, code, 0, "gamesearch %q: stderr %q", args, errs)
	assert.Equal(t, errs, "", "gamesearch %q", args)
	return out
}

// goldenPath is the absolute path of a golden file of the program.
func goldenPath(t *testing.T, name string) string {
	return filepath.Join(testutil.RepoRoot(t), "testdata", "gamesearch", name)
}

// assertGolden compares got with testdata/gamesearch/name (-update rewrites).
func assertGolden(t *testing.T, got, name string) {
	t.Helper()
	golden.Assert(t, got, goldenPath(t, name))
}

// readLines returns the lines of a corpus file.
func readLines(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	assert.NilError(t, err)
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	assert.NilError(t, sc.Err())
	return lines
}

// tsv reads a tab-separated corpus file as maps from column name to value,
// one per row, in file order.
func tsv(t testing.TB, path string) []map[string]string {
	t.Helper()
	lines := readLines(t, path)
	head := strings.Split(lines[0], "\t")
	var rows []map[string]string
	for _, l := range lines[1:] {
		if l == "" {
			continue
		}
		f := strings.Split(l, "\t")
		assert.Equal(t, len(f), len(head), "row %q", l)
		r := make(map[string]string, len(f))
		for i, h := range head {
			r[h] = f[i]
		}
		rows = append(rows, r)
	}
	return rows
}

func atoi(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	assert.NilError(t, err)
	return n
}

func atou(t testing.TB, s string) uint64 {
	t.Helper()
	n, err := strconv.ParseUint(s, 10, 64)
	assert.NilError(t, err)
	return n
}

// adapterFor returns a new adapter of the registered game called name, its
// flags of subcommand cmd set from args.
func adapterFor(t testing.TB, name, cmd string, args ...string) kit.Game {
	t.Helper()
	ad, err := findGame(name)
	assert.NilError(t, err)
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	ad.Flags(fs, cmd)
	assert.NilError(t, fs.Parse(args))
	return ad
}

// perftOf runs the perft of game name from position to depth, with the
// game's perft flags args.
func perftOf(t testing.TB, name, position string, depth int, args ...string) kit.PerftResult {
	t.Helper()
	res, err := adapterFor(t, name, "perft", args...).Perft(position, nil, depth)
	assert.NilError(t, err, "%s %s depth %d", name, position, depth)
	return res
}

package report

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

// TestExcerpts: the declarations the report quotes still exist.
func TestExcerpts(t *testing.T) {
	root := testutil.RepoRoot(t)
	for _, x := range [][2]string{
		{"pkg/minichess/game.go", "func (n *Node) Evaluate"},
		{"pkg/search/search.go", "func (s *Searcher[P, M, G]) node("},
		{"pkg/minichess/engine.go", "func (g EngineGame) Play("},
	} {
		got, err := excerpt(root, x[0], x[1])
		assert.NilError(t, err)
		assert.Assert(t, strings.HasPrefix(got, "```go\n// "+x[0]+"\n"+x[1]), got)
		assert.Assert(t, strings.HasSuffix(got, "\n}\n```\n"), got)
	}
	_, err := excerpt(root, "pkg/minichess/game.go", "func Nope(")
	assert.ErrorContains(t, err, "no declaration")
	_, err = excerpt(t.TempDir(), "pkg/minichess/game.go", "func")
	assert.ErrorContains(t, err, "no such file")
}

func TestSection(t *testing.T) {
	text := "# T\n\n## A\na\n### A1\nx\n## B\nb\n"
	assert.Equal(t, section(text, "## A"), "## A\na\n### A1\nx\n")
	assert.Equal(t, section(text, "## B"), "## B\nb\n")
	assert.Equal(t, section(text, "## C"), "")
}

func TestDepthStats(t *testing.T) {
	assert.Assert(t, depthStats(nil) == nil)
	got := depthStats([]int{8, 9, 2, 8, 9, 9})
	assert.DeepEqual(t, *got, Depths{Lo: 2, Hi: 9, Moves: 6, Mean: 7.5, Counts: []DepthCount{{2, 1}, {8, 2}, {9, 3}}})
}

// small is a configuration with small budgets and the repository's files.
func small(t *testing.T) Config {
	root := testutil.RepoRoot(t)
	return Config{Root: root, Template: filepath.Join(root, "docs", "minichess", "report.md.tmpl"),
		Strength: filepath.Join(root, "docs", "minichess", "strength.md"), Features: filepath.Join(root, "docs", "engine", "minichess.md"),
		Nodes: 200, Required1Nodes: 1000, Baseline4Openings: 1}
}

// smallData returns the measurements of small, collected once for the
// tests that need them (each Collect measures everything again).
func smallData(t *testing.T) (*Data, error) {
	c := small(t)
	smallOnce.Do(func() { smallMeasured, smallErr = Collect(c) })
	return smallMeasured, smallErr
}

var (
	smallOnce     sync.Once
	smallMeasured *Data
	smallErr      error
)

// rewrite writes the report of c with the measurements of d, as Write
// does after Collect: c differs from d's configuration at most in the
// files it reads (the template, the strength output, the self-play
// tables), which are read again.
func rewrite(c Config, d *Data, w io.Writer) error {
	t, err := parseTemplate(c.Template)
	if err != nil {
		return err
	}
	e := *d
	e.Config = c
	readInputs(c, &e)
	return execute(t, &e, w)
}

// smallReport returns the report of small from smallData.
func smallReport(t *testing.T) (string, error) {
	d, err := smallData(t)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	err = rewrite(small(t), d, &b)
	return b.String(), err
}

// TestWrite checks the measured parts of the report with small budgets and
// that the template is filled. TestRun writes it again through Run, which
// measures everything again: the bytes must be identical.
func TestWrite(t *testing.T) {
	got, err := smallReport(t)
	assert.NilError(t, err)
	for _, want := range []string{
		"| material | P 110, R 362, N 363, B 368, Q 992 |",
		"| `kqbnr/ppppp/5/5/PPPPP/RNBQK w` | 0 | 0 | 0 | 0 | 0 | 36 | 36 |",
		"| 4 | 4721 | 471 | 10.0 | yes |",
		"`player_submission -depth 11 -time 0 -v`",
		"| 1 | B2 → B3 | 11 | 9 |",
		"quoted from `docs/engine/minichess.md`",
		"### Self-play",
		"player_submission won 8 of 8 games.",
		"| vs baseline1, start position, both colours, 1000 nodes/move (Required 1) | 2 |",
		"| vs baseline4, 1 random 4-ply openings (seed 1), 200 nodes/move | 2 |",
		"In the 8 Required-1 games at 1000 nodes per move",
		"| 5 | 46360 |",
		"knight/bishop 12 on the six central squares, 5 on the A and E files",
		"a value for every piece on every square, fitted with the other weights (from -34 to 37)",
	} {
		assert.Assert(t, strings.Contains(got, want), "report lacks %q", want)
	}
	assert.Assert(t, !strings.Contains(got, "<no value>") && !strings.Contains(got, "{{"))
}

// TestWriteMissingInputs: without the strength output and the self-play
// tables the report says so; without its template Write fails before any
// measurement; a template that does not fit the data fails. The
// measurements are smallData's: Write reads its inputs and fills the
// template after Collect, as rewrite does.
func TestWriteMissingInputs(t *testing.T) {
	d, err := smallData(t)
	assert.NilError(t, err)
	c := small(t)
	c.Strength, c.Features = filepath.Join(t.TempDir(), "none.md"), filepath.Join(t.TempDir(), "none.md")
	var b bytes.Buffer
	assert.NilError(t, rewrite(c, d, &b))
	assert.Assert(t, strings.Contains(b.String(), "`scripts/minichess-strength.sh` has not been run on this machine yet"))
	assert.Assert(t, strings.Contains(b.String(), "(not found when this report was generated)"))
	c.Template = filepath.Join(t.TempDir(), "none.tmpl")
	assert.ErrorContains(t, Write(c, &b), "no such file")
	bad := filepath.Join(t.TempDir(), "bad.tmpl")
	assert.NilError(t, os.WriteFile(bad, []byte("{{.NoSuchField}}"), 0o644))
	c.Template = bad
	assert.ErrorContains(t, rewrite(c, d, &b), "can't evaluate field NoSuchField")
}

// TestRun: bad arguments give one stderr line and exit status 2 before any
// measurement; a run writes the report atomically.
func TestRun(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"extra"}, `unexpected argument "extra" (-h for usage)`},
		{[]string{"-nodes", "0"}, "-nodes 0: want 1 to 1000000000"},
		{[]string{"-required1-nodes", "0"}, "-required1-nodes 0: want 1 to 10000000000"},
		{[]string{"-baseline4-openings", "0"}, "-baseline4-openings 0: want 1 to 10000"},
		{[]string{"-o", ""}, "-o: empty file name"},
		{[]string{"-bogus"}, "flag provided but not defined: -bogus (-h for usage)"},
		{[]string{"-template", "/no/such/file"}, "-template: stat /no/such/file: no such file or directory"},
	} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, Run(tc.args, nil, &stdout, &stderr), 2, "%q", tc.args)
		assert.Equal(t, stderr.String(), "minichess-report: "+tc.want+"\n")
		assert.Equal(t, stdout.String(), "")
	}
	var stdout, stderr bytes.Buffer
	assert.Equal(t, Run([]string{"-h"}, nil, &stdout, &stderr), 0)
	assert.Assert(t, strings.HasPrefix(stderr.String(), "usage: minichess-report [flags]\n"))

	c := small(t)
	out := filepath.Join(t.TempDir(), "report.md")
	stdout.Reset()
	stderr.Reset()
	code := Run([]string{"-o", out, "-root", c.Root, "-template", c.Template, "-strength", c.Strength, "-features", c.Features,
		"-nodes", "200", "-required1-nodes", "1000", "-baseline4-openings", "1"}, nil, &stdout, &stderr)
	assert.Equal(t, code, 0, stderr.String())
	assert.Equal(t, stdout.String(), "wrote "+out+"\n")
	assert.Assert(t, strings.Contains(stderr.String(), "perft done"), stderr.String())
	got, err := os.ReadFile(out)
	assert.NilError(t, err)
	want, err := smallReport(t)
	assert.NilError(t, err)
	assert.Equal(t, string(got), want)
}

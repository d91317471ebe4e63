package layout

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

const mod = "github.com/gamesearch/gamesearch/"

// graded are the programs a course grades or a tournament runs: they link
// rules and searches only.
var graded = []string{
	"congo-setup", "congo-moves", "congo-move", "congo-eval", "congo-minimax", "congo-adveval", "congo-alphabeta",
	"congo-agent", "congo-baseline", "congo-checker",
	"MiniMaxOpening", "MiniMaxGame", "ABOpening", "ABGame", "MiniMaxOpeningBlack", "MiniMaxGameBlack",
	"MiniMaxOpeningImproved", "MiniMaxGameImproved",
	"starcircle",
	"minichess-random", "minichess-minimax", "minichess-alphabeta", "minichess-baseline", "minichess-submission",
}

// forbidden reports whether a graded program may not link dep: process
// control, the match harness, the arenas and the tools.
func forbidden(dep string) bool {
	if dep == "os/exec" {
		return true
	}
	p, ok := strings.CutPrefix(dep, mod)
	if !ok {
		return false
	}
	for _, bad := range []string{"pkg/match", "pkg/toolkit", "pkg/check", "internal/pack", "internal/procgroup", "pkg/minichess/report"} {
		if p == bad || strings.HasPrefix(p, bad+"/") {
			return true
		}
	}
	return strings.Contains(p, "/arena")
}

// layers lists, for each package (or package prefix ending in "/"), the
// module packages it may import. A package not listed belongs to the game,
// arena or tool layers, checked by the rules of TestLayers.
var layers = map[string][]string{
	"internal/atomicfile":   nil,
	"internal/cliutil":      nil,
	"internal/procgroup":    nil,
	"internal/testutil":     nil,
	"pkg/search":            nil,
	"pkg/treeview":          {"pkg/search"},
	"pkg/explorer":          {"pkg/search"},
	"pkg/engine":            {"pkg/search"},
	"pkg/engine/enginetest": {"pkg/engine"},
	"pkg/match":             {"pkg/engine", "pkg/search"},
	"pkg/congo":             {"pkg/search", "pkg/engine", "internal/cliutil", "internal/atomicfile"},
	"pkg/morris":            {"pkg/search", "pkg/engine", "internal/cliutil", "internal/atomicfile"},
	"pkg/minichess":         {"pkg/search", "pkg/engine", "internal/cliutil", "internal/atomicfile"},
	"pkg/starcircle":        {"pkg/search", "pkg/engine", "internal/cliutil", "internal/atomicfile"},
}

// goList runs go list in the repository root with the given arguments.
func goList(t *testing.T, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	cmd.Dir = testutil.RepoRoot(t)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	assert.NilError(t, err, stderr.String())
	return string(out)
}

// TestGradedProgramsLinkNoTools: no graded program links os/exec, the match
// harness, an arena or a tool.
func TestGradedProgramsLinkNoTools(t *testing.T) {
	var pkgs []string
	for _, g := range graded {
		pkgs = append(pkgs, "./cmd/"+g)
	}
	for _, p := range pkgs {
		deps := strings.Fields(goList(t, "-deps", "-f", "{{.ImportPath}}", p))
		assert.Assert(t, len(deps) > 0, p)
		for _, d := range deps {
			assert.Assert(t, !forbidden(d), "%s links %s", p, d)
		}
	}
}

// TestLayers: every listed layer imports only what it may, a game's
// packages outside its arena (and the MiniChess runner, which starts the
// players) link neither the harness nor another game, an arena links
// neither another game nor a tool, and every game has its arena
// pkg/<game>/arena (which graded programs may not link).
func TestLayers(t *testing.T) {
	sc := bufio.NewScanner(strings.NewReader(goList(t, "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...")))
	games := []string{"congo", "morris", "minichess", "starcircle"}
	checked, arenas := 0, 0
	listed := map[string]bool{}
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		pkg, ok := strings.CutPrefix(f[0], mod)
		if !ok {
			continue
		}
		listed[pkg] = true
		var own []string
		for _, imp := range f[1:] {
			if p, ok := strings.CutPrefix(imp, mod); ok {
				own = append(own, p)
			}
		}
		if allowed, ok := layers[pkg]; ok {
			checked++
			for _, p := range own {
				assert.Assert(t, slices.Contains(allowed, p), "%s imports %s (allowed: %v)", pkg, p, allowed)
			}
		}
		arena := strings.Contains(pkg, "/arena") || pkg == "pkg/minichess/report"
		for _, g := range games {
			if arena && strings.HasPrefix(pkg, "pkg/"+g+"/") {
				// An arena plays its own game and is below the tools.
				arenas++
				for _, p := range own {
					for _, other := range games {
						assert.Assert(t, other == g || !strings.HasPrefix(p, "pkg/"+other), "%s imports another game: %s", pkg, p)
					}
					for _, tool := range []string{"pkg/toolkit", "pkg/check", "internal/pack"} {
						assert.Assert(t, p != tool && !strings.HasPrefix(p, tool+"/"), "%s imports the tool %s", pkg, p)
					}
				}
			}
			if !strings.HasPrefix(pkg, "pkg/"+g+"/") || arena || pkg == "pkg/minichess/runner" {
				continue
			}
			for _, p := range own {
				for _, other := range games {
					assert.Assert(t, other == g || !strings.HasPrefix(p, "pkg/"+other), "%s imports another game: %s", pkg, p)
				}
				assert.Assert(t, !forbidden(mod+p), "%s imports %s", pkg, p)
			}
		}
	}
	assert.Equal(t, checked, len(layers))
	assert.Assert(t, arenas >= 10, "%d arena packages checked", arenas)
	for _, g := range games {
		a := "pkg/" + g + "/arena"
		assert.Assert(t, listed[a], "%s is missing", a)
		assert.Assert(t, forbidden(mod+a), "graded programs may link %s", a)
	}
}

// TestMainsUnderCmd: every package main is a directory of cmd/ whose one
// file calls a Run(args, stdin, stdout, stderr) int entry point.
func TestMainsUnderCmd(t *testing.T) {
	root := testutil.RepoRoot(t)
	mains := 0
	for _, l := range strings.Split(strings.TrimSpace(goList(t, "-f", "{{.Name}} {{.ImportPath}} {{join .GoFiles \",\"}}", "./...")), "\n") {
		f := strings.Fields(l)
		if f[0] != "main" {
			continue
		}
		mains++
		rel, ok := strings.CutPrefix(f[1], mod)
		assert.Assert(t, ok && strings.HasPrefix(rel, "cmd/"), "package main outside cmd/: %s", f[1])
		assert.Equal(t, f[2], "main.go", "%s: one file, main.go", rel)
		src, err := os.ReadFile(filepath.Join(root, rel, "main.go"))
		assert.NilError(t, err)
		assert.Assert(t, strings.Contains(string(src), ".Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))"), "%s does not call Run(args, stdin, stdout, stderr)", rel)
	}
	assert.Assert(t, mains > 30, "%d mains", mains)
}

// TestFileSizes: no non-test Go file is over 600 lines.
func TestFileSizes(t *testing.T) {
	root := testutil.RepoRoot(t)
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != root) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		lines := bytes.Count(data, []byte("\n"))
		assert.Assert(t, lines <= 600, "%s has %d lines", path, lines)
		return nil
	})
	assert.NilError(t, err)
	assert.Assert(t, n > 100)
}

// TestPackageDocs: every package, commands included, has a package comment
// saying what it implements.
func TestPackageDocs(t *testing.T) {
	for _, l := range strings.Split(strings.TrimSpace(goList(t, "-f", "{{.ImportPath}}\t{{.Doc}}", "./...")), "\n") {
		path, doc, _ := strings.Cut(l, "\t")
		assert.Assert(t, strings.TrimSpace(doc) != "", "%s has no package comment", path)
	}
}

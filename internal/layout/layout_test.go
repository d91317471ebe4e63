package layout

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"text/template"

	gamesearch "github.com/gamesearch/gamesearch"
	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/games"
	"gotest.tools/v3/assert"
)

const mod = "github.com/gamesearch/gamesearch/"

// graded returns the programs a course grades or a tournament runs (the
// registered games' Graded): they link rules and searches only.
func graded() []string {
	var out []string
	for _, g := range games.All {
		out = append(out, g.Graded...)
	}
	return out
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
	for _, bad := range []string{"pkg/match", "pkg/toolkit", "pkg/check", "internal/pack", "internal/procgroup", "internal/sandbox", "pkg/minichess/report"} {
		if p == bad || strings.HasPrefix(p, bad+"/") {
			return true
		}
	}
	return strings.Contains(p, "/arena")
}

// gameRules are the module packages a registered game's rules package
// pkg/<game> may import (added to layers for every game of the registry).
var gameRules = []string{"pkg/search", "pkg/engine", "internal/cliutil", "internal/atomicfile", "internal/splitmix"}

// layers lists, for each package (or package prefix ending in "/"), the
// module packages it may import. A package not listed belongs to the game,
// arena or tool layers, checked by the rules of TestLayers.
var layers = map[string][]string{
	"internal/atomicfile":   nil,
	"internal/cliutil":      nil,
	"internal/procgroup":    nil,
	"internal/sandbox":      {"internal/procgroup"},
	"internal/splitmix":     nil,
	"internal/testutil":     nil,
	"pkg/search":            nil,
	"pkg/treeview":          {"pkg/search"},
	"pkg/explorer":          {"pkg/search", "pkg/treeview"},
	"pkg/engine":            {"pkg/search", "internal/splitmix"},
	"pkg/engine/enginetest": {"pkg/engine"},
	"pkg/match":             {"pkg/engine", "pkg/search", "internal/splitmix"},
}

// goList returns what "go list -f format pkgs..." prints in the repository
// root, for pkgs of the form ./... (every package) or ./cmd/NAME. It fills
// format from the packages of one "go list -json ./..." that the tests
// share, with go list's template function join.
func goList(t *testing.T, format string, pkgs ...string) string {
	t.Helper()
	all := listAll(t)
	tmpl, err := template.New("list").Funcs(template.FuncMap{"join": strings.Join}).Parse(format)
	assert.NilError(t, err)
	var b strings.Builder
	for _, pat := range pkgs {
		for _, p := range all {
			if pat == "./..." || strings.TrimPrefix(p.ImportPath, mod) == strings.TrimPrefix(pat, "./") {
				assert.NilError(t, tmpl.Execute(&b, p))
				b.WriteByte('\n')
			}
		}
	}
	return b.String()
}

// listedPackage holds the fields of go list's packages that the tests read.
type listedPackage struct {
	ImportPath, Name, Doc  string
	Imports, Deps, GoFiles []string
}

// listAll returns the packages of ./..., listed once for all the tests.
func listAll(t *testing.T) []listedPackage {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	listed.Do(func() {
		cmd := exec.Command("go", "list", "-json=ImportPath,Name,Doc,Imports,Deps,GoFiles", "./...")
		cmd.Dir = testutil.RepoRoot(t)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			listed.err = fmt.Errorf("go list: %v: %s", err, stderr.String())
			return
		}
		for dec := json.NewDecoder(bytes.NewReader(out)); dec.More(); {
			var p listedPackage
			if listed.err = dec.Decode(&p); listed.err != nil {
				return
			}
			listed.pkgs = append(listed.pkgs, p)
		}
	})
	assert.NilError(t, listed.err)
	return listed.pkgs
}

// listed holds listAll's packages, or its error.
var listed struct {
	sync.Once
	pkgs []listedPackage
	err  error
}

// TestGradedProgramsLinkNoTools: no graded program links os/exec, the match
// harness, an arena or a tool.
func TestGradedProgramsLinkNoTools(t *testing.T) {
	var pkgs []string
	for _, g := range graded() {
		pkgs = append(pkgs, "./cmd/"+g)
	}
	// One go list for all: each line is a program and every package it
	// links (.Deps, all its imports recursively).
	lines := strings.Split(strings.TrimSpace(goList(t, "{{.ImportPath}} {{join .Deps \" \"}}", pkgs...)), "\n")
	assert.Equal(t, len(lines), len(pkgs))
	for _, l := range lines {
		deps := strings.Fields(l)
		p := deps[0]
		assert.Assert(t, len(deps) > 1, p)
		for _, d := range deps {
			assert.Assert(t, !forbidden(d), "%s links %s", p, d)
		}
	}
}

// TestLayers: every listed layer imports only what it may, a game's
// packages outside its arena (and the MiniChess runner, which starts the
// players) link neither the harness nor another game, an arena links
// neither another game nor a tool, and every game that offers matches
// (its Match.Play) has its arena pkg/<game>/arena (which graded programs
// may not link).
func TestLayers(t *testing.T) {
	sc := bufio.NewScanner(strings.NewReader(goList(t, "{{.ImportPath}} {{join .Imports \" \"}}", "./...")))
	all, games := games.All, games.Names()
	layers := maps.Clone(layers)
	for _, g := range games {
		layers["pkg/"+g] = gameRules
	}
	checked, arenas, defs := 0, 0, 0
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
			if pkg == "pkg/"+g+"/gamedef" {
				// The game's registration: its own game and the tools'
				// kits, never another game.
				defs++
				for _, p := range own {
					for _, other := range games {
						assert.Assert(t, other == g || !strings.HasPrefix(p, "pkg/"+other+"/") && p != "pkg/"+other, "%s imports another game: %s", pkg, p)
					}
				}
				continue
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
	assert.Equal(t, defs, len(games), "every registered game has its pkg/<game>/gamedef")
	for _, g := range all {
		a := "pkg/" + g.Name + "/arena"
		if g.Match.Play != nil {
			assert.Assert(t, listed[a], "%s is missing: %s offers matches", a, g.Name)
		}
		assert.Assert(t, forbidden(mod+a), "graded programs may link %s", a)
	}
}

// TestToolsNameNoGame: no package of the tools (pkg/toolkit, pkg/check,
// internal/pack, pkg/explorer and the kit pkg/gamekit) imports a game's
// package; they read the registry, pkg/games, the one package that lists
// the games. And every game is registered: a directory of pkg/ with a
// gamedef package is a game the registry lists, by a name of lower-case
// letters and digits.
func TestToolsNameNoGame(t *testing.T) {
	gs := games.Names()
	for _, g := range gs {
		assert.Assert(t, regexp.MustCompile(`^[a-z][a-z0-9]*$`).MatchString(g), "game name %q: want lower-case letters and digits, a Go package name", g)
	}
	tools := []string{"pkg/toolkit", "pkg/check", "internal/pack", "pkg/explorer", "pkg/gamekit"}
	sc := bufio.NewScanner(strings.NewReader(goList(t, "{{.ImportPath}} {{join .Imports \" \"}}", "./...")))
	checked := 0
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		pkg, _ := strings.CutPrefix(f[0], mod)
		if strings.HasSuffix(pkg, "/gamedef") {
			g := strings.TrimSuffix(strings.TrimPrefix(pkg, "pkg/"), "/gamedef")
			assert.Assert(t, slices.Contains(gs, g), "%s: the game %s is not in the registry pkg/games", pkg, g)
		}
		tool := false
		for _, p := range tools {
			tool = tool || pkg == p || strings.HasPrefix(pkg, p+"/")
		}
		if !tool {
			continue
		}
		checked++
		for _, imp := range f[1:] {
			p, ok := strings.CutPrefix(imp, mod)
			if !ok {
				continue
			}
			for _, g := range gs {
				assert.Assert(t, p != "pkg/"+g && !strings.HasPrefix(p, "pkg/"+g+"/"), "%s imports the game package %s (tools read the registry pkg/games)", pkg, p)
			}
		}
	}
	assert.Assert(t, checked >= 8, "%d tool packages checked", checked)
}

// TestOneRegistrationLine: adding the newest game, the registry's last
// (the worked example of docs/architecture.md until another is added),
// touched nothing outside its own files (pkg/<name>/, its graded programs'
// cmd/ and testdata/ folders, testdata/conformance/<name>/) but the
// registry: no other file names it (its Name or Title, in any letter
// case). The exceptions: the docs and the README, which may name any game;
// the generated help texts that list the registered games; and the toy
// games of the search, engine and match tests (the worked example's board,
// as toy games of their own older than the game).
func TestOneRegistrationLine(t *testing.T) {
	root := testutil.RepoRoot(t)
	g := games.All[len(games.All)-1]
	own := []string{"pkg/" + g.Name + "/", "testdata/conformance/" + g.Name + "/"}
	for _, p := range g.Graded {
		own = append(own, "cmd/"+p+"/", "testdata/"+p+"/")
	}
	allowed := []string{"pkg/games/games.go", "testdata/gamesearch/help.txt", "testdata/gamesearch/match_help.txt",
		"pkg/search/search_test.go", "pkg/engine/engine_test.go", "pkg/engine/engine_games_test.go", "pkg/match/match_test.go"}
	names := regexp.MustCompile(`(?i)` + regexp.QuoteMeta(g.Name) + "|" + regexp.QuoteMeta(g.Title))
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && path != root || rel == "bin" {
				return filepath.SkipDir
			}
			return nil
		}
		for _, o := range own {
			if strings.HasPrefix(rel, o) {
				return nil
			}
		}
		if strings.HasPrefix(rel, "docs/") && strings.HasSuffix(rel, ".md") || rel == "README.md" {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if names.Match(data) {
			assert.Assert(t, slices.Contains(allowed, rel), "%s names %s: only its own files, the docs and the registry may", rel, g.Title)
		}
		return nil
	})
	assert.NilError(t, err)
}

// TestMainsUnderCmd: every package main is a directory of cmd/ whose one
// file calls a Run(args, stdin, stdout, stderr) int entry point.
func TestMainsUnderCmd(t *testing.T) {
	root := testutil.RepoRoot(t)
	mains := 0
	for _, l := range strings.Split(strings.TrimSpace(goList(t, "{{.Name}} {{.ImportPath}} {{join .GoFiles \",\"}}", "./...")), "\n") {
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
	for _, l := range strings.Split(strings.TrimSpace(goList(t, "{{.ImportPath}}\t{{.Doc}}", "./...")), "\n") {
		path, doc, _ := strings.Cut(l, "\t")
		assert.Assert(t, strings.TrimSpace(doc) != "", "%s has no package comment", path)
	}
}

// TestConformanceFolders: the embedded corpora (package gamesearch) hold
// at the top one folder per registered game with programs to check, named
// as the game, and nothing else.
func TestConformanceFolders(t *testing.T) {
	entries, err := fs.ReadDir(gamesearch.Conformance(), ".")
	assert.NilError(t, err)
	var dirs []string
	for _, e := range entries {
		assert.Assert(t, e.IsDir(), "testdata/conformance/%s is not a game's folder", e.Name())
		dirs = append(dirs, e.Name())
	}
	var want []string
	for _, g := range games.All {
		if len(g.Check) > 0 {
			want = append(want, g.Name)
		}
	}
	slices.Sort(want)
	assert.DeepEqual(t, dirs, want)
}

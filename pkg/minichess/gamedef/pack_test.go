package gamedef

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/pack"
	"github.com/gamesearch/gamesearch/internal/pack/packtest"
	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

// TestMiniChessArchive builds the archive of this machine's platform
// (with small report budgets: 100 nodes per move, one random opening),
// unpacks it, checks the program names and modes and the report, builds
// the unpacked src/ offline (the shipped programs must be those of this
// rebuild), reruns the report there, and plays baseline1 against
// baseline2 with the unpacked runner, comparing gamelog.txt with the
// course's C++ runner's.
func TestMiniChessArchive(t *testing.T) {
	packtest.NeedGo(t)
	repo := testutil.RepoRoot(t)
	platform := runtime.GOOS + "/" + runtime.GOARCH
	kept := t.TempDir()
	zips := packtest.Build(t, packRecipe, pack.Config{Repo: repo, Platforms: []string{platform}, ReportNodes: 100, ReportOpenings: 1, Keep: kept})
	top := "minichess-" + runtime.GOOS + "-" + runtime.GOARCH
	data, ok := zips["minichess/"+top+".zip"]
	assert.Assert(t, ok, "%v", zips)
	dir := packtest.Unpack(t, data, top)
	for _, p := range MiniChessPrograms {
		for _, name := range p.Names {
			info, err := os.Stat(filepath.Join(dir, top, pack.ExeName(name, runtime.GOOS)))
			assert.NilError(t, err, name)
			if runtime.GOOS != "windows" {
				assert.Equal(t, info.Mode().Perm(), os.FileMode(0o755), name)
			}
		}
	}
	readme, err := os.ReadFile(filepath.Join(dir, top, "README.txt"))
	assert.NilError(t, err)
	for _, want := range []string{"Running a game", "./main ./player_submission ./baseline4", "player_submission      from cmd/minichess-submission", "REPORT.md describes"} {
		assert.Assert(t, strings.Contains(string(readme), want), "README.txt lacks %q", want)
	}
	report, err := os.ReadFile(filepath.Join(dir, top, "REPORT.md"))
	assert.NilError(t, err)
	for _, want := range []string{"# MiniChess AI: design report", "```go\n// pkg/minichess/game.go\nfunc (n *Node) Evaluate", "| 6 | 565100 | 11936 | 47.3 | yes |",
		"| vs baseline4, start position, both colours, 1000 nodes/move (Required 1) | 2 |", "same budget 100 nodes/move, the 49 two-ply openings (Required 2) | 98 |",
		"| vs baseline4, 1 random 4-ply openings (seed 1), 100 nodes/move | 2 |", "| 7 | 6310092 |", "## 7. How to build and run"} {
		assert.Assert(t, strings.Contains(string(report), want), "REPORT.md lacks %q", want)
	}
	assert.Assert(t, !strings.Contains(string(report), "<no value>"))

	src := filepath.Join(dir, top, "src")
	packtest.CheckSrc(t, src)
	bin := packtest.BuildUnpacked(t, src, filepath.Join(kept, "bin-"+runtime.GOOS+"-"+runtime.GOARCH))
	assert.Assert(t, packtest.SameExecutables(t, filepath.Join(dir, top), bin) >= len(MiniChessPrograms))
	// The report rebuilt from the archive's sources reproduces REPORT.md.
	docs := filepath.Join(repo, "docs")
	r, err := pack.RunProgram(src, filepath.Join(bin, "minichess-report"), []string{"-o", "-", "-template", filepath.Join(docs, "minichess", "report.md.tmpl"),
		"-strength", filepath.Join(docs, "minichess", "strength.md"), "-features", filepath.Join(docs, "engine", "minichess.md"),
		"-nodes", "100", "-required1-nodes", "1000", "-baseline4-openings", "1"}, nil)
	assert.NilError(t, err)
	assert.Equal(t, r.Code, 0, string(r.Stderr))
	assert.Equal(t, string(r.Stdout), string(report))

	game := testutil.Conformance(t, "minichess", "games", "b1_vs_b2", "gamelog.txt")
	want, err := os.ReadFile(game)
	assert.NilError(t, err)
	run := filepath.Join(dir, top)
	r, err = pack.RunProgram(run, filepath.Join(run, pack.ExeName("main", runtime.GOOS)), []string{"-no-clear", "./baseline1", "./baseline2"}, nil)
	assert.NilError(t, err)
	assert.Equal(t, r.Code, 0, string(r.Stderr))
	got, err := os.ReadFile(filepath.Join(run, "gamelog.txt"))
	assert.NilError(t, err)
	assert.Equal(t, string(got), string(want))
}

// TestMiniChessReadme fills the README of the Windows and macOS archives:
// the run command with .exe names, the macOS quarantine hint, the NETID.
func TestMiniChessReadme(t *testing.T) {
	repo := testutil.RepoRoot(t)
	data := miniChessReadme{Platform: "darwin/arm64", NetID: "abc123", GoVersion: "1.26", Run: "./main ./player_submission ./baseline4", Mac: true,
		Programs: []miniChessFile{{"main", "minichess-runner"}}}
	got, err := pack.Render(repo, "minichess/README.txt.tmpl", data)
	assert.NilError(t, err)
	for _, want := range []string{"Mini Project 3) - darwin/arm64\nPackaged for abc123.\n\nPrograms", "  main                   from cmd/minichess-runner\n\nRunning", "xattr -dr com.apple.quarantine"} {
		assert.Assert(t, strings.Contains(string(got), want), "lacks %q:\n%s", want, got)
	}
	data.Platform, data.NetID, data.Mac = "windows/amd64", "", false
	got, err = pack.Render(repo, "minichess/README.txt.tmpl", data)
	assert.NilError(t, err)
	assert.Assert(t, strings.Contains(string(got), "Mini Project 3) - windows/amd64\n\nPrograms"), string(got))
	assert.Assert(t, !strings.Contains(string(got), "xattr"), string(got))
}

// TestPackTemplates fills every template of the recipe from docs/ with the
// zero value of its data: the templates parse and name only fields that
// exist.
func TestPackTemplates(t *testing.T) {
	repo := testutil.RepoRoot(t)
	for rel, data := range map[string]any{
		"minichess/README.txt.tmpl": miniChessReadme{},
	} {
		_, err := pack.Render(repo, rel, data)
		assert.NilError(t, err, rel)
	}
}

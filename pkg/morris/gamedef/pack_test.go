package gamedef

import (
	"archive/zip"
	"bytes"
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

// TestMorrisArchive builds the Morris archive with the real recipe, checks the layout of the handout (NETID/README.txt,
// REPORT.md, src/, bin/ with mode 0755, examples/, entries sorted), builds
// the unpacked src/ offline (the programs of bin/ must be byte for byte
// those of this rebuild) and reruns every example there.
func TestMorrisArchive(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("skipping the Morris packaging test in -short mode (it builds and runs every program)")
	}
	packtest.NeedGo(t)
	repo := testutil.RepoRoot(t)
	kept := t.TempDir()
	zips := packtest.Build(t, packRecipe, pack.Config{Repo: repo, NetID: "XY123", Keep: kept})
	data, ok := zips["morris/XY123.zip"] // named by the NETID as given
	assert.Assert(t, ok, "%v", zips)

	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	assert.NilError(t, err)
	modes := map[string]os.FileMode{}
	prev := ""
	for _, f := range zr.File {
		assert.Assert(t, f.Name > prev, "entries not sorted: %s after %s", f.Name, prev)
		prev = f.Name
		modes[f.Name] = f.Mode()
		want := os.FileMode(0o644)
		if strings.HasPrefix(f.Name, "XY123/bin/") {
			want = 0o755
		}
		assert.Equal(t, f.Mode(), want, f.Name)
	}
	for _, want := range []string{"README.txt", "REPORT.md", "src/go.mod", "src/pkg/morris/gen.go", "src/pkg/search/search.go",
		"src/internal/atomicfile/atomicfile.go", "src/cmd/morris-selfplay/main.go"} {
		_, ok := modes["XY123/"+want]
		assert.Assert(t, ok, "missing %s", want)
	}
	for _, p := range MorrisPrograms {
		for _, f := range []string{"src/cmd/" + p + "/main.go", "bin/" + p, "examples/" + p + "/case1.txt", "examples/" + p + "/case3.txt"} {
			_, ok := modes["XY123/"+f]
			assert.Assert(t, ok, "missing %s", f)
		}
	}

	dir := packtest.Unpack(t, data, "XY123")
	top := filepath.Join(dir, "XY123")
	report, err := os.ReadFile(filepath.Join(top, "REPORT.md"))
	assert.NilError(t, err)
	for _, s := range []string{"## 1. Example outputs", "| MiniMaxGameImproved | `MiniMaxGameImproved in.txt out.txt 4` |", "## 2. ALPHA-BETA saves",
		"| MiniMaxOpening / ABOpening |", "| MiniMaxGame / ABGame |", "## 3. The improved estimators choose", "| MiniMaxGame / MiniMaxGameImproved |",
		"$ morris-selfplay -board S22 -depth 2,3 -mode both\n", "mode=both", "PASS", "## 5. Why", "the improved side scored "} {
		assert.Assert(t, strings.Contains(string(report), s), "REPORT.md lacks %q", s)
	}
	assert.Assert(t, !strings.Contains(string(report), "{{") && !strings.Contains(string(report), "<no value>"), "unfilled template")
	readme, err := os.ReadFile(filepath.Join(top, "README.txt"))
	assert.NilError(t, err)
	assert.Assert(t, strings.Contains(string(readme), "bin/ in this archive already holds the eight programs"), string(readme))

	src := filepath.Join(top, "src")
	packtest.CheckSrc(t, src)
	bin := packtest.BuildUnpacked(t, src, filepath.Join(kept, "bin"))
	assert.Assert(t, packtest.SameExecutables(t, top, bin) >= len(MorrisPrograms))
	cases, err := filepath.Glob(filepath.Join(top, "examples", "*", "case*.txt"))
	assert.NilError(t, err)
	assert.Equal(t, len(cases), 3*len(MorrisPrograms))
	for _, c := range cases {
		text, err := os.ReadFile(c)
		assert.NilError(t, err)
		// "$ PROGRAM in.txt out.txt DEPTH\nin.txt: INPUT\n--- stdout\n...--- out.txt\n..."
		lines := strings.SplitN(string(text), "\n", 3)
		assert.Equal(t, len(lines), 3, c)
		args := strings.Fields(strings.TrimPrefix(lines[0], "$ "))
		work := t.TempDir()
		assert.NilError(t, os.WriteFile(filepath.Join(work, "in.txt"), []byte(strings.TrimPrefix(lines[1], "in.txt: ")+"\n"), 0o644))
		r, err := pack.RunProgram(work, filepath.Join(bin, args[0]), args[1:], nil)
		assert.NilError(t, err)
		assert.Equal(t, r.Code, 0, "%s: %s", c, r.Stderr)
		out, err := os.ReadFile(filepath.Join(work, "out.txt"))
		assert.NilError(t, err)
		assert.Equal(t, lines[2], "--- stdout\n"+string(r.Stdout)+"--- out.txt\n"+string(out), c)
	}
	if runtime.GOOS == "linux" && runtime.GOARCH == "amd64" {
		r, err := pack.RunProgram(t.TempDir(), filepath.Join(top, "bin", "MiniMaxOpening"), []string{"-h"}, nil)
		assert.NilError(t, err)
		assert.Assert(t, len(r.Stdout)+len(r.Stderr) > 0, "bin/MiniMaxOpening printed nothing")
	}
}

// TestMorrisReadme checks the README of an archive without executables.
func TestMorrisReadme(t *testing.T) {
	t.Parallel()
	got, err := pack.Render(testutil.RepoRoot(t), "morris/README.txt.tmpl", morrisReadme{GoVersion: "1.26", Bin: false})
	assert.NilError(t, err)
	assert.Assert(t, strings.Contains(string(got), "Building (Go 1.26 or later"), string(got))
	assert.Assert(t, strings.Contains(string(got), "This archive holds no executables (it was made with -no-bin).\nsrc/cmd/"), string(got))
	assert.Assert(t, !strings.Contains(string(got), "bin/ in this archive"), string(got))
}

// TestMorrisCandidates reads the candidate boards of the report from the
// repository's conformance table: distinct, depths 2 to 4, in file order.
func TestMorrisCandidates(t *testing.T) {
	t.Parallel()
	cands, err := morrisCandidates(filepath.Join(testutil.RepoRoot(t), filepath.FromSlash(MorrisCases)))
	assert.NilError(t, err)
	assert.Assert(t, len(cands) > 10, "%d candidates", len(cands))
	seen := map[morrisCandidate]bool{}
	for _, c := range cands {
		assert.Assert(t, c.depth >= 2 && c.depth <= 4, "%+v", c)
		assert.Assert(t, !seen[c], "duplicate %+v", c)
		seen[c] = true
	}
	dir := t.TempDir()
	empty := filepath.Join(dir, "cases.tsv")
	assert.NilError(t, os.WriteFile(empty, []byte("program\tboard_kind\tdepth\tinput\nMiniMaxGame\tS22\t1\tx\n"), 0o644))
	_, err = morrisCandidates(empty)
	assert.ErrorContains(t, err, "no candidate rows")
}

func TestParseSummary(t *testing.T) {
	t.Parallel()
	var rep morrisReport
	line := "depth=3 mode=game games=46 wins=20 draws=10 losses=16 score=54.3% (95% CI ±12.1%) white=60.0% black=48.7% PASS"
	assert.NilError(t, parseSummary(line, &rep))
	assert.DeepEqual(t, rep.Game.D3, selfPlayFigures{Games: "46", Score: "54.3", CI: "12.1", White: "60.0", Black: "48.7"})
	assert.ErrorContains(t, parseSummary("garbage", &rep), "unexpected self-play line")
	assert.ErrorContains(t, parseSummary(strings.Replace(line, "mode=game", "mode=opening", 1), &rep), "unexpected mode")
	assert.ErrorContains(t, parseSummary(strings.Replace(line, "depth=3", "depth=4", 1), &rep), "unexpected depth")
}

// TestPackTemplates fills every template of the recipe from docs/ with the
// zero value of its data: the templates parse and name only fields that
// exist.
func TestPackTemplates(t *testing.T) {
	t.Parallel()
	repo := testutil.RepoRoot(t)
	for rel, data := range map[string]any{
		"morris/README.txt.tmpl": morrisReadme{},
		"morris/REPORT.md.tmpl":  morrisReport{},
	} {
		_, err := pack.Render(repo, rel, data)
		assert.NilError(t, err, rel)
	}
}

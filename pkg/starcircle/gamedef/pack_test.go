package gamedef

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/pack"
	"github.com/gamesearch/gamesearch/internal/pack/packtest"
	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

// TestStarCircleArchive builds the Star/Circle archive, unpacks it,
// checks that it ships no executables, builds starcircle offline from the
// unpacked src/ and runs it on the five
// handout examples there, comparing with the archived outputs and the
// conformance outputs.
func TestStarCircleArchive(t *testing.T) {
	packtest.NeedGo(t)
	repo := testutil.RepoRoot(t)
	kept := t.TempDir()
	zips := packtest.Build(t, packRecipe, pack.Config{Repo: repo, NetID: "xyz9", Keep: kept})
	dir := packtest.Unpack(t, zips["starcircle/xyz9.zip"], "xyz9")
	top := filepath.Join(dir, "xyz9")
	src := filepath.Join(top, "src")
	packtest.CheckSrc(t, src)
	packtest.NoExecutables(t, top)
	bin := packtest.BuildUnpacked(t, src, filepath.Join(kept, "bin"))
	cases := testutil.Conformance(t, "starcircle", "cases")
	exDirs, err := filepath.Glob(filepath.Join(top, "examples", "*"))
	assert.NilError(t, err)
	assert.Equal(t, len(exDirs), 5)
	for _, exDir := range exDirs {
		name := filepath.Base(exDir)
		archived, err := os.ReadFile(filepath.Join(exDir, "output.txt"))
		assert.NilError(t, err)
		assert.NilError(t, os.Remove(filepath.Join(exDir, "output.txt")))
		r, err := pack.RunProgram(exDir, filepath.Join(bin, "starcircle"), nil, nil)
		assert.NilError(t, err)
		assert.Equal(t, r.Code, 0, "%s: %s", name, r.Stderr)
		got, err := os.ReadFile(filepath.Join(exDir, "output.txt"))
		assert.NilError(t, err)
		assert.Equal(t, string(got), string(archived), name)
		want, err := os.ReadFile(filepath.Join(cases, name, "output.txt"))
		assert.NilError(t, err)
		assert.DeepEqual(t, trimmedLines(got), trimmedLines(want))
		input, err := os.ReadFile(filepath.Join(exDir, "input.txt"))
		assert.NilError(t, err)
		wantIn, err := os.ReadFile(filepath.Join(cases, name, "input.txt"))
		assert.NilError(t, err)
		assert.Equal(t, string(input), string(wantIn), name)
	}
	readme, err := os.ReadFile(filepath.Join(top, "README.txt"))
	assert.NilError(t, err)
	assert.Assert(t, strings.Contains(string(readme), "examples/handout_ex1: F4-H2 | 160 | 160 | 5"), string(readme))
}

// trimmedLines splits s into lines with trailing white space removed, the
// comparison rule of the Star/Circle conformance data.
func trimmedLines(s []byte) []string {
	lines := strings.Split(strings.TrimRight(string(s), " \t\r\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	return lines
}

// TestPackTemplates fills every template of the recipe from docs/ with the
// zero value of its data: the templates parse and name only fields that
// exist.
func TestPackTemplates(t *testing.T) {
	repo := testutil.RepoRoot(t)
	for rel, data := range map[string]any{
		"starcircle/README.txt.tmpl": starCircleReadme{},
	} {
		_, err := pack.Render(repo, rel, data)
		assert.NilError(t, err, rel)
	}
}

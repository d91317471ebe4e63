package pack

import (
	"archive/zip"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

// TestMorrisLayout builds, with the generic pieces only, an archive in the
// layout of the Morris submission (specs/morris.md §10): NETID/README.txt,
// NETID/REPORT.md, NETID/src/ (the eight programs and what they import,
// go.mod without requirements), NETID/bin/ (the executables, mode 0755) and
// NETID/examples/. It checks the modes, the order, the identical bytes of
// two zips and that the unpacked src/ builds offline.
func TestMorrisLayout(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not found")
	}
	repo := testutil.RepoRoot(t)
	programs := []string{"MiniMaxOpening", "MiniMaxGame", "ABOpening", "ABGame",
		"MiniMaxOpeningBlack", "MiniMaxGameBlack", "MiniMaxOpeningImproved", "MiniMaxGameImproved"}
	var patterns []string
	for _, p := range programs {
		if _, err := os.Stat(filepath.Join(repo, "cmd", p, "main.go")); err != nil {
			t.Skipf("cmd/%s is absent", p)
		}
		patterns = append(patterns, "./cmd/"+p)
	}
	src, err := CollectSources(repo, patterns, nil)
	assert.NilError(t, err)
	assert.Equal(t, len(src.Requires), 0)

	build := func() []byte {
		a := NewArchive()
		assert.NilError(t, src.AddTo(a, "xyz1234/src"))
		staged := t.TempDir()
		assert.NilError(t, a.Extract("xyz1234/src", staged))
		bin := filepath.Join(t.TempDir(), "bin")
		assert.NilError(t, Build(staged, []string{"GOOS=linux", "GOARCH=amd64"}, bin+string(filepath.Separator), "./..."))
		assert.NilError(t, a.AddTree("xyz1234/bin", bin))
		assert.NilError(t, a.Add("xyz1234/README.txt", []byte("go build ./cmd/...\n"), false))
		assert.NilError(t, a.Add("xyz1234/REPORT.md", []byte("# Report\n"), false))
		assert.NilError(t, a.Add("xyz1234/examples/MiniMaxOpening/case1.txt", []byte("$ MiniMaxOpening in out 2\n"), false))
		z, err := a.Zip()
		assert.NilError(t, err)
		return z
	}
	z := build()
	assert.Assert(t, bytes.Equal(z, build()), "two builds differ")

	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	assert.NilError(t, err)
	names := map[string]os.FileMode{}
	prev := ""
	for _, f := range zr.File {
		assert.Assert(t, f.Name > prev, "entries not sorted: %s after %s", f.Name, prev)
		prev = f.Name
		names[f.Name] = f.Mode()
		assert.Assert(t, !strings.HasSuffix(f.Name, "_test.go") && !strings.Contains(f.Name, "/testdata/"), f.Name)
	}
	for _, p := range programs {
		assert.Equal(t, names["xyz1234/bin/"+p], os.FileMode(0o755), p)
		assert.Equal(t, names["xyz1234/src/cmd/"+p+"/main.go"], os.FileMode(0o644), p)
	}
	for _, f := range []string{"README.txt", "REPORT.md", "src/go.mod", "src/pkg/search/search.go", "examples/MiniMaxOpening/case1.txt"} {
		assert.Equal(t, names["xyz1234/"+f], os.FileMode(0o644), f)
	}

	dir := t.TempDir()
	assert.NilError(t, Unzip(z, dir))
	assert.NilError(t, CheckBuild(filepath.Join(dir, "xyz1234", "src")))
	if runtime.GOOS == "linux" && runtime.GOARCH == "amd64" {
		info, err := os.Stat(filepath.Join(dir, "xyz1234", "bin", "MiniMaxOpening"))
		assert.NilError(t, err)
		assert.Assert(t, info.Mode().Perm()&0o111 != 0)
	}
}

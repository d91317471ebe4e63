package pack_test

import (
	"archive/zip"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/morris/pack"
	"gotest.tools/v3/assert"
)

// TestBuild builds the archive twice (without executables), checks that the
// bytes are identical, that it has the layout of docs/morris.md §10, and that
// the unpacked sources build offline with their own go.mod.
func TestBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the packaging test in -short mode (it builds and runs every program)")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not found")
	}
	repo := testutil.RepoRoot(t)
	cases := testutil.Conformance(t, "morris", "cases.tsv")
	dir := t.TempDir()
	var zips [2][]byte
	for i := range zips {
		out := filepath.Join(dir, "dist", "Xy123.zip")
		err := pack.Build(pack.Config{Repo: repo, NetID: "XY123", NoBin: true, Cases: cases, Out: out})
		assert.NilError(t, err)
		data, err := os.ReadFile(out)
		assert.NilError(t, err)
		zips[i] = data
	}
	assert.Assert(t, bytes.Equal(zips[0], zips[1]), "two builds differ")

	zr, err := zip.NewReader(bytes.NewReader(zips[0]), int64(len(zips[0])))
	assert.NilError(t, err)
	unpacked := filepath.Join(dir, "unpacked")
	names := map[string]bool{}
	for _, f := range zr.File {
		assert.Assert(t, strings.HasPrefix(f.Name, "xy123/"), f.Name)
		assert.Equal(t, f.Mode().Perm(), os.FileMode(0o644), f.Name)
		assert.Assert(t, !strings.HasSuffix(f.Name, "_test.go") && !strings.Contains(f.Name, "testdata"), f.Name)
		names[f.Name] = true
		rc, err := f.Open()
		assert.NilError(t, err)
		var buf bytes.Buffer
		_, err = buf.ReadFrom(rc)
		assert.NilError(t, err)
		rc.Close()
		p := filepath.Join(unpacked, filepath.FromSlash(f.Name))
		assert.NilError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		assert.NilError(t, os.WriteFile(p, buf.Bytes(), 0o644))
	}
	for _, want := range []string{"README.txt", "REPORT.md", "src/go.mod", "src/pkg/morris/gen.go", "src/pkg/morris/engine.go", "src/pkg/search/search.go",
		"src/pkg/engine/engine.go", "src/internal/atomicfile/atomicfile.go", "src/cmd/morris-selfplay/main.go"} {
		assert.Assert(t, names["xy123/"+want], "missing %s", want)
	}
	for _, p := range pack.Programs {
		assert.Assert(t, names["xy123/src/cmd/"+p+"/main.go"], p)
		assert.Assert(t, names["xy123/examples/"+p+"/case1.txt"], p)
		assert.Assert(t, !names["xy123/bin/"+p], "bin/%s with NoBin", p)
	}
	report, err := os.ReadFile(filepath.Join(unpacked, "xy123", "REPORT.md"))
	assert.NilError(t, err)
	for _, s := range []string{"## 2. ALPHA-BETA saves", "## 3. The improved estimators choose", "mode=both", "PASS", "## 5. Why"} {
		assert.Assert(t, strings.Contains(string(report), s), s)
	}
	assert.Assert(t, !strings.Contains(string(report), "{{"), "unfilled placeholder")
	gomod, err := os.ReadFile(filepath.Join(unpacked, "xy123", "src", "go.mod"))
	assert.NilError(t, err)
	assert.Assert(t, !strings.Contains(string(gomod), "require"))

	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "built")+string(filepath.Separator), "./cmd/...")
	cmd.Dir = filepath.Join(unpacked, "xy123", "src")
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	assert.NilError(t, err, string(out))
	for _, p := range pack.Programs {
		_, err := os.Stat(filepath.Join(dir, "built", p))
		assert.NilError(t, err, p)
	}
}

// TestBadNetID checks that an invalid NETID is refused before any work.
func TestBadNetID(t *testing.T) {
	for _, id := range []string{"", "ab", "a-b-c", "abcdefghijklmnopqrstu", "../x"} {
		err := pack.Build(pack.Config{NetID: id})
		assert.ErrorContains(t, err, "NETID")
	}
}

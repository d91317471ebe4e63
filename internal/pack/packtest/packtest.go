// Package packtest holds the helpers of the tests of packaging recipes
// (package pack's and the games' pkg/<game>/gamedef/pack_test.go): build
// an archive twice and compare the bytes, unpack it, build its sources
// offline.
package packtest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/pack"
	"gotest.tools/v3/assert"
)

// NeedGo skips when the go command is absent (the recipes build programs).
func NeedGo(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not found")
	}
}

// BuildTwice runs the recipe r twice into two directories and
// checks that the archives are byte-identical; it returns the bytes of each
// archive of the first run by its path relative to the dist directory
// (course/name.zip, the one path scheme).
func BuildTwice(t *testing.T, r *pack.Recipe, cfg pack.Config) map[string][]byte {
	t.Helper()
	var first map[string][]byte
	for i := 0; i < 2; i++ {
		cfg.Dist = filepath.Join(t.TempDir(), "dist")
		outs, err := r.Build(cfg)
		assert.NilError(t, err)
		assert.Assert(t, len(outs) > 0)
		got := map[string][]byte{}
		for _, o := range outs {
			rel, err := filepath.Rel(cfg.Dist, o)
			assert.NilError(t, err)
			assert.Equal(t, filepath.Dir(rel), r.Course, "archive %s outside dist/%s/", rel, r.Course)
			data, err := os.ReadFile(o)
			assert.NilError(t, err)
			got[filepath.ToSlash(rel)] = data
		}
		if first == nil {
			first = got
			continue
		}
		assert.Equal(t, len(got), len(first))
		for name, data := range first {
			assert.Assert(t, bytes.Equal(got[name], data), "%s differs between two runs", name)
		}
	}
	return first
}

// Unpack extracts an archive into a new temporary directory and checks
// that it has a single top folder, top.
func Unpack(t *testing.T, data []byte, top string) string {
	t.Helper()
	dir := t.TempDir()
	assert.NilError(t, pack.Unzip(data, dir))
	entries, err := os.ReadDir(dir)
	assert.NilError(t, err)
	assert.Equal(t, len(entries), 1, "want a single top folder")
	assert.Equal(t, entries[0].Name(), top)
	return dir
}

// BuildUnpacked builds every package of an unpacked src/ offline (go build
// ./...), with the programs written into src/bin/, and returns that
// directory.
func BuildUnpacked(t *testing.T, src string) string {
	t.Helper()
	gomod, err := os.ReadFile(filepath.Join(src, "go.mod"))
	assert.NilError(t, err)
	assert.Assert(t, !strings.Contains(string(gomod), "require"), string(gomod))
	bin := filepath.Join(src, "bin")
	assert.NilError(t, pack.GoBuild(src, nil, bin+string(filepath.Separator), "./..."))
	return bin
}

// CheckSrc checks that the shipped source tree has no test files or test
// data.
func CheckSrc(t *testing.T, src string) {
	t.Helper()
	assert.NilError(t, filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		assert.Assert(t, !strings.HasSuffix(p, "_test.go") && d.Name() != "testdata", p)
		return nil
	}))
}

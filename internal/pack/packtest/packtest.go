// Package packtest holds the helpers of the tests of packaging recipes
// (package pack's and the games' pkg/<game>/gamedef/pack_test.go): build
// an archive, unpack it, build its sources offline and compare the
// shipped programs with that rebuild.
package packtest

import (
	"debug/buildinfo"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/pack"
	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

// NeedGo skips when the go command is absent (the recipes build programs).
func NeedGo(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not found")
	}
}

// Build runs the recipe r once into a temporary dist directory and
// returns the bytes of each archive by its path relative to the dist
// directory (course/name.zip, the one path scheme). That the archive is
// reproducible is checked without a second run of the recipe:
// SameExecutables compares the shipped programs with a rebuild of the
// shipped sources, each recipe's test reruns what its report and examples
// show, and pack's TestZipDeterministic checks the archive writer.
func Build(t *testing.T, r *pack.Recipe, cfg pack.Config) map[string][]byte {
	t.Helper()
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
	return got
}

// SameExecutables checks that every executable file the unpacked archive
// holds under top, outside its src/, is byte for byte a program that bin
// holds (bin: BuildUnpacked's rebuild of the shipped sources), whatever
// its name (MiniChess ships minichess-runner as main): the shipped
// programs are reproducible from the shipped sources. It returns how many
// executables it compared.
func SameExecutables(t *testing.T, top, bin string) int {
	t.Helper()
	differ, n, err := differing(top, bin)
	assert.NilError(t, err)
	for _, p := range differ {
		t.Errorf("%s differs from every program rebuilt from the shipped sources", p)
	}
	return n
}

// differing returns the executables under top, outside top/src, that are
// not byte for byte a file of bin, and how many executables it compared.
func differing(top, bin string) ([]string, int, error) {
	rebuilt := map[string]bool{}
	entries, err := os.ReadDir(bin)
	if err != nil {
		return nil, 0, err
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(bin, e.Name()))
		if err != nil {
			return nil, 0, err
		}
		rebuilt[string(data)] = true
	}
	list, err := executables(top, filepath.Join(top, "src"))
	if err != nil {
		return nil, 0, err
	}
	var differ []string
	for _, p := range list {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, 0, err
		}
		if !rebuilt[string(data)] {
			differ = append(differ, p)
		}
	}
	return differ, len(list), nil
}

// executables returns the regular files under top with an execute bit
// set, outside the directory skip ("" skips nothing).
func executables(top, skip string) ([]string, error) {
	var list []string
	err := filepath.WalkDir(top, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == skip {
			return filepath.SkipDir
		}
		info, err := d.Info()
		if err == nil && info.Mode().IsRegular() && info.Mode().Perm()&0o111 != 0 {
			list = append(list, p)
		}
		return err
	})
	return list, err
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
// directory. The executables the archive ships beside src/ (in its top
// folder, src's parent), then those in the directories from (the
// packager's own builds, kept with [pack.Config.Keep]), are first copied
// into src/bin/ under the names their build information gives
// (cmd/<name>). go build links a program again only when the file in place
// is not what the sources, flags and toolchain give, as its build ID
// records them: an archive whose programs match its sources is checked
// without linking them again, and a program that does not match is linked
// anew, so that SameExecutables finds the difference.
func BuildUnpacked(t *testing.T, src string, from ...string) string {
	t.Helper()
	noRequire(t, src)
	bin, err := place(src, from...)
	assert.NilError(t, err)
	assert.NilError(t, pack.GoBuild(src, nil, bin+string(filepath.Separator), "./..."))
	return bin
}

// place makes src/bin and copies into it the programs BuildUnpacked
// starts from: those the archive ships beside src, then those of the
// directories from.
func place(src string, from ...string) (string, error) {
	bin := filepath.Join(src, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return "", err
	}
	list, err := executables(filepath.Dir(src), src)
	if err != nil {
		return "", err
	}
	for _, dir := range from {
		more, err := executables(dir, "")
		if err != nil {
			return "", err
		}
		list = append(list, more...)
	}
	return bin, placePrograms(src, bin, list)
}

// placePrograms copies each executable of list into bin under the last
// element of the package path its build information names. A file without
// build information (no Go program) is left out, and so is a program whose
// package is not in src: go build would leave it in place untouched, and a
// program the sources do not have must not seem built from them.
func placePrograms(src, bin string, list []string) error {
	for _, p := range list {
		info, err := buildinfo.ReadFile(p)
		if err != nil {
			continue
		}
		rel, ok := strings.CutPrefix(info.Path, info.Main.Path+"/")
		if st, err := os.Stat(filepath.Join(src, filepath.FromSlash(rel))); !ok || err != nil || !st.IsDir() {
			continue
		}
		name := pack.ExeName(path.Base(info.Path), runtime.GOOS)
		if err := testutil.CopyExecutable(filepath.Join(bin, name), p); err != nil {
			return err
		}
	}
	return nil
}

// noRequire checks that the go.mod of an unpacked src/ requires no module:
// the shipped sources build offline with the standard library alone.
func noRequire(t *testing.T, src string) {
	t.Helper()
	gomod, err := os.ReadFile(filepath.Join(src, "go.mod"))
	assert.NilError(t, err)
	assert.Assert(t, !strings.Contains(string(gomod), "require"), string(gomod))
}

// NoExecutables checks that the unpacked archive under top ships no
// executable file.
func NoExecutables(t *testing.T, top string) {
	t.Helper()
	list, err := executables(top, "")
	assert.NilError(t, err)
	assert.Assert(t, len(list) == 0, "executable files in an archive that ships no programs: %v", list)
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

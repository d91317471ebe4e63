package packtest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gamesearch/gamesearch/internal/pack"
	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

// helloModule writes a module example.com/hello into src with one
// program, cmd/hello, and returns the path of its main.go.
func helloModule(t *testing.T, src string) string {
	t.Helper()
	main := filepath.Join(src, "cmd", "hello", "main.go")
	assert.NilError(t, os.MkdirAll(filepath.Dir(main), 0o755))
	assert.NilError(t, os.WriteFile(filepath.Join(src, "go.mod"), []byte("module example.com/hello\n\ngo 1.22\n"), 0o644))
	assert.NilError(t, os.WriteFile(main, []byte("package main\n\nfunc main() { println(\"hello\") }\n"), 0o644))
	return main
}

// TestBuildUnpackedCatchesChangedSources ships a program built from a
// small module beside its sources, as an archive does: the rebuild takes
// the shipped program as up to date without linking it again, and once a
// shipped source changes the program is linked anew and differs.
func TestBuildUnpackedCatchesChangedSources(t *testing.T) {
	NeedGo(t)
	t.Parallel()
	top := t.TempDir()
	src := filepath.Join(top, "src")
	main := helloModule(t, src)
	// The archive ships the program as "shipped", outside src/.
	built := t.TempDir()
	assert.NilError(t, pack.GoBuild(src, nil, filepath.Join(built, "hello"), "./cmd/hello"))
	assert.NilError(t, testutil.CopyExecutable(filepath.Join(top, "shipped"), filepath.Join(built, "hello")))

	// BuildUnpacked's two steps: the shipped program placed under its
	// package's name, then go build, which keeps a file it finds up to
	// date (it only touches its time); a program it links is a new file
	// moved into place.
	bin, err := place(src)
	assert.NilError(t, err)
	placed, err := os.Stat(filepath.Join(bin, "hello"))
	assert.NilError(t, err)
	assert.NilError(t, pack.GoBuild(src, nil, bin+string(filepath.Separator), "./..."))
	again, err := os.Stat(filepath.Join(bin, "hello"))
	assert.NilError(t, err)
	assert.Assert(t, os.SameFile(placed, again), "the shipped program was linked again")
	differ, n, err := differing(top, bin)
	assert.NilError(t, err)
	assert.Equal(t, n, 1)
	assert.Equal(t, len(differ), 0, "%v", differ)

	// A changed source: the rebuild links a new program, unlike the shipped one.
	assert.NilError(t, os.WriteFile(main, []byte("package main\n\nfunc main() { println(\"hello, world\") }\n"), 0o644))
	assert.NilError(t, os.RemoveAll(bin))
	bin = BuildUnpacked(t, src)
	differ, n, err = differing(top, bin)
	assert.NilError(t, err)
	assert.Equal(t, n, 1)
	assert.DeepEqual(t, differ, []string{filepath.Join(top, "shipped")})
}

// TestBuildUnpackedFromKeptBuild: for an archive that ships no program, the
// packager's own build (pack.Config.Keep) is placed instead: the rebuild
// keeps it while the sources give it, and links a new program once a
// source changes.
func TestBuildUnpackedFromKeptBuild(t *testing.T) {
	NeedGo(t)
	t.Parallel()
	src := filepath.Join(t.TempDir(), "src")
	main := helloModule(t, src)
	kept := t.TempDir()
	assert.NilError(t, pack.GoBuild(src, nil, kept+string(filepath.Separator), "./..."))
	keptData, err := os.ReadFile(filepath.Join(kept, "hello"))
	assert.NilError(t, err)

	bin, err := place(src, kept)
	assert.NilError(t, err)
	placed, err := os.Stat(filepath.Join(bin, "hello"))
	assert.NilError(t, err)
	assert.Equal(t, BuildUnpacked(t, src, kept), bin)
	again, err := os.Stat(filepath.Join(bin, "hello"))
	assert.NilError(t, err)
	assert.Assert(t, os.SameFile(placed, again), "the kept program was linked again")

	assert.NilError(t, os.WriteFile(main, []byte("package main\n\nfunc main() { println(\"hello, world\") }\n"), 0o644))
	assert.NilError(t, os.RemoveAll(bin))
	bin = BuildUnpacked(t, src, kept)
	rebuilt, err := os.ReadFile(filepath.Join(bin, "hello"))
	assert.NilError(t, err)
	assert.Assert(t, string(rebuilt) != string(keptData), "the changed source was not linked anew")

	// A program whose package the sources lack is not placed: it must not
	// seem built from them.
	other := filepath.Join(src, "cmd", "other", "main.go")
	assert.NilError(t, os.MkdirAll(filepath.Dir(other), 0o755))
	assert.NilError(t, os.Rename(main, other))
	assert.NilError(t, os.Remove(filepath.Dir(main)))
	assert.NilError(t, os.RemoveAll(bin))
	bin = BuildUnpacked(t, src, kept)
	_, err = os.Stat(filepath.Join(bin, "other"))
	assert.NilError(t, err)
	_, err = os.Stat(filepath.Join(bin, "hello"))
	assert.Assert(t, os.IsNotExist(err), "hello placed without its sources: %v", err)
}

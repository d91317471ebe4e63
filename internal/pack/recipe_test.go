package pack

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

// needGo skips when the go command is absent (the recipes build programs).
func needGo(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not found")
	}
}

// buildTwice runs the real recipe of course twice into two directories and
// checks that the archives are byte-identical; it returns the bytes of each
// archive of the first run by its path relative to the dist directory
// (course/name.zip, the one path scheme).
func buildTwice(t *testing.T, course string, cfg Config) map[string][]byte {
	t.Helper()
	var first map[string][]byte
	for i := 0; i < 2; i++ {
		cfg.Dist = filepath.Join(t.TempDir(), "dist")
		outs, err := Build(course, cfg)
		assert.NilError(t, err)
		assert.Assert(t, len(outs) > 0)
		got := map[string][]byte{}
		for _, o := range outs {
			rel, err := filepath.Rel(cfg.Dist, o)
			assert.NilError(t, err)
			assert.Equal(t, filepath.Dir(rel), course, "archive %s outside dist/%s/", rel, course)
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

// unpack extracts an archive into a new temporary directory and checks
// that it has a single top folder, top.
func unpack(t *testing.T, data []byte, top string) string {
	t.Helper()
	dir := t.TempDir()
	assert.NilError(t, Unzip(data, dir))
	entries, err := os.ReadDir(dir)
	assert.NilError(t, err)
	assert.Equal(t, len(entries), 1, "want a single top folder")
	assert.Equal(t, entries[0].Name(), top)
	return dir
}

// buildUnpacked builds every package of an unpacked src/ offline (go build
// ./...), with the programs written into src/bin/, and returns that
// directory.
func buildUnpacked(t *testing.T, src string) string {
	t.Helper()
	gomod, err := os.ReadFile(filepath.Join(src, "go.mod"))
	assert.NilError(t, err)
	assert.Assert(t, !strings.Contains(string(gomod), "require"), string(gomod))
	bin := filepath.Join(src, "bin")
	assert.NilError(t, GoBuild(src, nil, bin+string(filepath.Separator), "./..."))
	return bin
}

// checkSrc checks that the shipped source tree has no test files or test
// data.
func checkSrc(t *testing.T, src string) {
	t.Helper()
	assert.NilError(t, filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		assert.Assert(t, !strings.HasSuffix(p, "_test.go") && d.Name() != "testdata", p)
		return nil
	}))
}

func TestBuildErrors(t *testing.T) {
	repo := testutil.RepoRoot(t)
	for _, tc := range []struct {
		course string
		cfg    Config
		want   string
	}{
		{"chess", Config{Repo: repo, NetID: "abc"}, `unknown course "chess" (want congo, morris, minichess or starcircle)`},
		{"congo", Config{Repo: repo, NetID: "a"}, `NETID "a": want 3 to 20 letters or digits`},
		{"morris", Config{Repo: repo}, "no NETID given: it names the archive (3 to 20 letters or digits after the course)"},
		{"starcircle", Config{Repo: repo, NetID: "../x"}, `NETID "../x": want 3 to 20 letters or digits`},
		{"minichess", Config{Repo: repo, NetID: "a b c"}, `NETID "a b c": want 3 to 20 letters or digits`},
		{"minichess", Config{Repo: repo, Platforms: []string{"plan9"}}, `platform "plan9": want GOOS/GOARCH`},
	} {
		_, err := Build(tc.course, tc.cfg)
		assert.Error(t, err, tc.want)
		var ue *UsageError
		assert.Assert(t, errors.As(err, &ue), "%v is not a usage error", err)
	}
	_, err := Build("congo", Config{Repo: t.TempDir(), NetID: "abc"})
	assert.ErrorContains(t, err, "no cmd/congo-* programs")
	_, err = Build("starcircle", Config{Repo: t.TempDir(), NetID: "abc"})
	assert.Assert(t, err != nil)
}

func TestZipPath(t *testing.T) {
	c := Config{Repo: "/r"}
	assert.Equal(t, c.ZipPath("congo", "abc"), filepath.Join("/r", "dist", "congo", "abc.zip"))
	c.Dist = "/d"
	assert.Equal(t, c.ZipPath("minichess", "minichess-linux-amd64"), filepath.Join("/d", "minichess", "minichess-linux-amd64.zip"))
}

func TestRender(t *testing.T) {
	repo := t.TempDir()
	assert.NilError(t, os.MkdirAll(filepath.Join(repo, "docs", "x"), 0o755))
	assert.NilError(t, os.WriteFile(filepath.Join(repo, "docs", "x", "t.md.tmpl"), []byte("a {{.One}} b {{range .List}}<{{.}}>{{end}} {{.One}}\n"), 0o644))
	got, err := render(repo, "x/t.md.tmpl", struct {
		One  int
		List []string
	}{1, []string{"p", "q"}})
	assert.NilError(t, err)
	assert.Equal(t, string(got), "a 1 b <p><q> 1\n")
	_, err = render(repo, "x/t.md.tmpl", map[string]any{"List": nil})
	assert.ErrorContains(t, err, `map has no entry for key "One"`)
	_, err = render(repo, "x/t.md.tmpl", struct{ One int }{1})
	assert.ErrorContains(t, err, "can't evaluate field List")
	_, err = render(repo, "x/none.tmpl", nil)
	assert.ErrorContains(t, err, "no such file")
}

// TestTemplates fills every template of the recipes from docs/ with the
// zero value of its data: the templates parse and name only fields that
// exist.
func TestTemplates(t *testing.T) {
	repo := testutil.RepoRoot(t)
	for rel, data := range map[string]any{
		"congo/README.txt.tmpl":      congoReadme{},
		"congo/REPORT.md.tmpl":       congoReport{},
		"morris/README.txt.tmpl":     morrisReadme{},
		"morris/REPORT.md.tmpl":      morrisReport{},
		"minichess/README.txt.tmpl":  miniChessReadme{},
		"starcircle/README.txt.tmpl": starCircleReadme{},
	} {
		_, err := render(repo, rel, data)
		assert.NilError(t, err, rel)
	}
}

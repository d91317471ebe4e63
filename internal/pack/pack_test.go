package pack

import (
	"archive/zip"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

func TestZipDeterministic(t *testing.T) {
	build := func(order []string) []byte {
		a := NewArchive()
		for _, n := range order {
			assert.NilError(t, a.Add(n, []byte("content of "+n), strings.HasPrefix(n, "x/bin/")))
		}
		data, err := a.Zip()
		assert.NilError(t, err)
		return data
	}
	one := build([]string{"x/src/go.mod", "x/README.txt", "x/bin/prog", "x/src/a/b.go"})
	two := build([]string{"x/bin/prog", "x/src/a/b.go", "x/README.txt", "x/src/go.mod"})
	assert.Assert(t, bytes.Equal(one, two), "insertion order changed the bytes")

	zr, err := zip.NewReader(bytes.NewReader(one), int64(len(one)))
	assert.NilError(t, err)
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
		want := os.FileMode(0o644)
		if f.Name == "x/bin/prog" {
			want = 0o755
		}
		assert.Equal(t, f.Mode(), want, f.Name)
		assert.Assert(t, f.Modified.Equal(Epoch), "%s: %v", f.Name, f.Modified)
		assert.Equal(t, f.Method, zip.Deflate)
	}
	assert.DeepEqual(t, names, []string{"x/README.txt", "x/bin/prog", "x/src/a/b.go", "x/src/go.mod"})

	dir := t.TempDir()
	assert.NilError(t, Unzip(one, dir))
	info, err := os.Stat(filepath.Join(dir, "x", "bin", "prog"))
	assert.NilError(t, err)
	assert.Assert(t, info.Mode().Perm()&0o100 != 0)
	got, err := os.ReadFile(filepath.Join(dir, "x", "src", "a", "b.go"))
	assert.NilError(t, err)
	assert.Equal(t, string(got), "content of x/src/a/b.go")
}

func TestAddErrors(t *testing.T) {
	a := NewArchive()
	assert.NilError(t, a.Add("d/f", nil, false))
	for _, tc := range []struct{ name, want string }{
		{"d/f", "added twice"},
		{"d", "conflicts"},
		{"d/f/g", "conflicts"},
		{"", "not a clean"},
		{"/abs", "not a clean"},
		{"a/../b", "not a clean"},
		{"../up", "not a clean"},
		{"a//b", "not a clean"},
		{`a\b`, "not a clean"},
		{"a/", "not a clean"},
	} {
		assert.ErrorContains(t, a.Add(tc.name, nil, false), tc.want, tc.name)
	}
	assert.DeepEqual(t, a.Names(), []string{"d/f"})
}

func TestUnzipRejectsEscapes(t *testing.T) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create("../evil")
	assert.NilError(t, err)
	w.Write([]byte("x"))
	assert.NilError(t, zw.Close())
	dir := t.TempDir()
	assert.ErrorContains(t, Unzip(buf.Bytes(), filepath.Join(dir, "in")), "not a clean")
	_, err = os.Stat(filepath.Join(dir, "evil"))
	assert.Assert(t, os.IsNotExist(err))
	assert.Assert(t, Unzip([]byte("not a zip"), dir) != nil)
}

func TestWriteZip(t *testing.T) {
	a := NewArchive()
	assert.NilError(t, a.Add("n/README.txt", []byte("hi\n"), false))
	out := filepath.Join(t.TempDir(), "dist", "sub", "n.zip")
	assert.NilError(t, a.WriteZip(out))
	data, err := os.ReadFile(out)
	assert.NilError(t, err)
	want, err := a.Zip()
	assert.NilError(t, err)
	assert.Assert(t, bytes.Equal(data, want))
	entries, err := os.ReadDir(filepath.Dir(out))
	assert.NilError(t, err)
	assert.Equal(t, len(entries), 1, "temporary file left behind")
}

func TestNetID(t *testing.T) {
	// The NETID names the archive as given: the case is kept.
	for in, want := range map[string]string{"xyz1234": "xyz1234", "ABC123": "ABC123", "AbC123": "AbC123", "abc": "abc", "a2345678901234567890": "a2345678901234567890"} {
		got, err := NetID(in)
		assert.NilError(t, err, in)
		assert.Equal(t, got, want)
	}
	for _, bad := range []string{"", "ab", "a23456789012345678901", "ab-c", "ab c", "../x", "ab_c", "été"} {
		_, err := NetID(bad)
		assert.ErrorContains(t, err, "want 3 to 20 letters or digits", bad)
	}
}

func TestCollectSources(t *testing.T) {
	repo := testutil.RepoRoot(t)
	src, err := CollectSources(repo, []string{"./cmd/starcircle"}, nil)
	assert.NilError(t, err)
	assert.Equal(t, src.Module.Path, "github.com/gamesearch/gamesearch")
	assert.Assert(t, src.Module.GoVersion != "")
	var paths []string
	for _, p := range src.Packages {
		paths = append(paths, p.ImportPath)
		for _, f := range p.Files {
			assert.Assert(t, !strings.HasSuffix(f, "_test.go"), "%s/%s", p.Rel, f)
			_, err := os.Stat(filepath.Join(repo, p.Rel, f))
			assert.NilError(t, err)
		}
	}
	assert.Assert(t, len(src.Requires) == 0, "%v", src.Requires)
	mod := src.Module.Path
	has := func(ip string) bool {
		for _, p := range paths {
			if p == ip {
				return true
			}
		}
		return false
	}
	for _, want := range []string{mod + "/cmd/starcircle", mod + "/pkg/starcircle", mod + "/pkg/search"} {
		assert.Assert(t, has(want), "missing %s in %v", want, paths)
	}
	assert.Assert(t, !has(mod+"/pkg/congo"), "%v", paths)
	assert.Equal(t, string(src.GoMod()), "module "+mod+"\n\ngo "+src.Module.GoVersion+"\n")

	a := NewArchive()
	assert.NilError(t, src.AddTo(a, "n/src"))
	_, ok := a.Data("n/src/go.mod")
	assert.Assert(t, ok)
	_, ok = a.Data("n/src/cmd/starcircle/main.go")
	assert.Assert(t, ok)
	_, ok = a.Data("n/src/go.sum")
	assert.Assert(t, !ok, "go.sum without requirements")
}

// TestCollectSourcesPlatforms checks that files behind build constraints
// for other systems are shipped too.
func TestCollectSourcesPlatforms(t *testing.T) {
	repo := testutil.RepoRoot(t)
	if _, err := os.Stat(filepath.Join(repo, "pkg", "minichess", "runner", "proc_windows.go")); err != nil {
		t.Skip("no platform-specific files in pkg/minichess/runner")
	}
	src, err := CollectSources(repo, []string{"./cmd/minichess-runner"}, []string{"linux/amd64"})
	assert.NilError(t, err)
	var files []string
	for _, p := range src.Packages {
		if p.Rel == "pkg/minichess/runner" {
			files = p.Files
		}
	}
	assert.Assert(t, contains(files, "proc_unix.go") && contains(files, "proc_windows.go"), "%v", files)
	assert.Assert(t, !contains(files, "interop_unix_test.go"), "%v", files)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestCollectSourcesErrors(t *testing.T) {
	repo := testutil.RepoRoot(t)
	_, err := CollectSources(repo, nil, nil)
	assert.ErrorContains(t, err, "no packages")
	_, err = CollectSources(repo, []string{"./cmd/starcircle"}, []string{"linux"})
	assert.ErrorContains(t, err, "want GOOS/GOARCH")
	_, err = CollectSources(repo, []string{"./cmd/no-such-program"}, nil)
	assert.Assert(t, err != nil)
	_, err = CollectSources(t.TempDir(), []string{"./..."}, nil)
	assert.Assert(t, err != nil)
}

func TestUncommitted(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not found")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		out, err := cmd.CombinedOutput()
		assert.NilError(t, err, string(out))
	}
	write := func(name, text string) {
		t.Helper()
		assert.NilError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		assert.NilError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	write("go.mod", "module example.com/m\n\ngo 1.21\n")
	write("cmd/p/main.go", "package main\n\nimport _ \"example.com/m/lib\"\n\nfunc main() {}\n")
	write("lib/lib.go", "package lib\n")
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "init")
	src, err := CollectSources(dir, []string{"./cmd/p"}, []string{"linux/amd64"})
	assert.NilError(t, err)
	assert.Equal(t, len(src.Uncommitted()), 0)
	write("lib/lib.go", "package lib\n\n// changed\n")
	write("lib/extra.go", "package lib\n")
	src, err = CollectSources(dir, []string{"./cmd/p"}, []string{"linux/amd64"})
	assert.NilError(t, err)
	assert.DeepEqual(t, src.Uncommitted(), []string{"lib/extra.go", "lib/lib.go"})
}

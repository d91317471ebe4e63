// Package testutil holds helpers shared by the tests of gamesearch: locating
// the repository root and the vendored conformance corpora under
// testdata/conformance, and building the repository's commands.
package testutil

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// RepoRoot returns the directory holding the repository's go.mod, found by
// walking up from the working directory of the test.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatalf("getwd: %v", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("go.mod not found above the test's directory")
		}
		dir = parent
	}
}

// Conformance returns the path of elem inside testdata/conformance, the
// repository's copy of the published expected outputs (one folder per game).
// The corpora are part of the repository, so a missing path fails the test.
func Conformance(t testing.TB, elem ...string) string {
	t.Helper()
	p := filepath.Join(append([]string{RepoRoot(t), "testdata", "conformance"}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("conformance corpus: %v", err)
	}
	return p
}

// UnwritableDir returns an existing directory in which the test process
// cannot create files: a temporary directory with mode 0555, or, when the
// process ignores permissions (root), /sys where even root cannot create
// files on Linux. It skips the test, saying why, when there is no such
// directory.
func UnwritableDir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(dir, 0o555); err != nil {
		t.Fatalf("mkdir: %v", err)
	}
	for _, d := range []string{dir, "/sys"} {
		f, err := os.CreateTemp(d, "probe*")
		if err != nil {
			if os.IsPermission(err) {
				return d
			}
			continue
		}
		f.Close()
		os.Remove(f.Name())
	}
	t.Skip("no unwritable directory: the process may write everywhere")
	return ""
}

// BuildCommands puts the repository's cmd/<name> for every name into dir
// (made if missing), each under its own name (with ".exe" added for a
// Windows target, as go build names it) with mode 0755, built with env
// added to the environment of go. Each is a copy of the executable that
// CachedProgram finds in Go's build cache, so that a program that has not
// changed is not linked again; the copies are the caller's to rename, chmod
// or remove. At most two go commands run at once. The error names each
// program that failed, with go's output.
func BuildCommands(t testing.TB, dir string, env []string, names ...string) error {
	t.Helper()
	root := RepoRoot(t)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	errs := make([]error, len(names))
	slots := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			exe, err := CachedProgram(root, name, env)
			if err == nil {
				dst := name
				if strings.HasSuffix(exe, ".exe") {
					dst += ".exe"
				}
				err = CopyExecutable(filepath.Join(dir, dst), exe)
			}
			errs[i] = err
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// CachedProgram returns the path of the executable of cmd/<name> of the
// module at root in Go's build cache, built with env added to the
// environment of go: "go run -exec echo" prints the path of the executable
// it would run, and go run keeps its executables in the build cache (Go
// 1.24 and later), so that only a changed program is linked again. The file
// belongs to the cache: it must be neither written, renamed nor chmodded.
func CachedProgram(root, name string, env []string) (string, error) {
	what := strings.Join(append(append([]string{}, env...), "go run ./cmd/"+name), " ")
	for range 2 {
		cmd := exec.Command("go", "run", "-exec", "echo", "./cmd/"+name)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), env...)
		var errb bytes.Buffer
		cmd.Stderr = &errb
		out, err := cmd.Output()
		if err != nil {
			return "", fmt.Errorf("%s: %v\n%s", what, err, errb.String())
		}
		// A program go has just linked is printed at a temporary path that
		// go removes when it exits; the next run prints the cached one.
		exe := strings.TrimSpace(string(out))
		if _, err := os.Stat(exe); err == nil {
			return exe, nil
		}
	}
	return "", fmt.Errorf("%s: the executable is not kept in the build cache (Go 1.24 or later keeps it)", what)
}

// CopyExecutable copies the file src to dst with mode 0755, replacing dst
// (never a link: the copy may be renamed, changed or removed freely), as
// WriteExecutable writes.
func CopyExecutable(dst, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	return writeExecutable(dst, func(out *os.File) error {
		_, err := io.Copy(out, in)
		return err
	})
}

// WriteExecutable writes data to the file path with mode 0755, replacing
// it, with syscall.ForkLock held: no process is forked while the file is
// open for writing. A child forked then would keep it open until its own
// exec, and starting the new executable in that moment fails with "text
// file busy" (golang.org/issue/22315): tests that write programs run
// beside tests that start programs.
func WriteExecutable(path string, data []byte) error {
	return writeExecutable(path, func(out *os.File) error {
		_, err := out.Write(data)
		return err
	})
}

// writeExecutable creates path with mode 0755 and fills it with fill,
// holding syscall.ForkLock until the file is closed.
func writeExecutable(path string, fill func(*os.File) error) error {
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	out, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		return err
	}
	err = fill(out)
	if err == nil {
		err = out.Chmod(0o755)
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

// ConfinedEnv returns the environment variables that keep the files a
// program keeps in its user's home inside dir: HOME, XDG_CONFIG_HOME and
// XDG_CACHE_HOME name folders of dir, which it creates. Chromium, for one,
// otherwise writes its crash database to ~/.config/chromium and a dconf
// cache to ~/.cache whatever its --user-data-dir; tests write only inside
// folders they created. TMPDIR is the caller's: Chromium's singleton
// socket in it must keep a path under 108 bytes.
func ConfinedEnv(dir string) ([]string, error) {
	var env []string
	for _, v := range []struct{ name, sub string }{
		{"HOME", "home"}, {"XDG_CONFIG_HOME", "config"}, {"XDG_CACHE_HOME", "cache"},
	} {
		p := filepath.Join(dir, v.sub)
		if err := os.MkdirAll(p, 0o700); err != nil {
			return nil, err
		}
		env = append(env, v.name+"="+p)
	}
	return env, nil
}
